"""Caverna: Frantic Fiends renderers: the text status (`render_ansi`, render_text.py), the
picture (`render_rgb`, render_image.py) and the lines on what happened between two states
(`describe_changes`). All of them show public information only: the RNG, from which round
cards, face-down harvest markers and movement cards are drawn when revealed, is never read."""

from __future__ import annotations

from eurogym.envs.caverna_ff.render_image import render_rgb
from eurogym.envs.caverna_ff.render_text import describe_changes, render_ansi

__all__ = ["describe_changes", "render_ansi", "render_rgb"]
