"""Belfort views, one import place for the env and the tools: `render_ansi(state, viewer)` and
`describe_changes(before, after)` (render_text.py) and `render_rgb(state)` (render_image.py).
"""

from eurogym.envs.belfort.render_image import render_rgb
from eurogym.envs.belfort.render_text import describe_changes, district_sites, render_ansi

__all__ = ["describe_changes", "district_sites", "render_ansi", "render_rgb"]
