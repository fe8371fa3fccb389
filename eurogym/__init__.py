"""eurogym: reinforcement-learning environments for complex Euro board games.

Everything installs under this one top-level package so that no other distribution can
overwrite it: `eurogym.envs` (the games and their engines), `eurogym.encoders`,
`eurogym.agents` and `eurogym.benchmarks`.

    import eurogym
    env = eurogym.make("kingdom_builder_v0", num_players=3, seed=0)

In the source tree the subpackages live in the repository's top-level folders (`envs/`,
`agents/`, ...); an installed wheel holds them inside this package. When run from a checkout,
the repository root is added to this package's search path so both layouts import the same way.
"""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent
if not (_HERE / "envs").is_dir() and (_HERE.parent / "envs" / "__init__.py").is_file():
    __path__.append(str(_HERE.parent))  # noqa: F821 -- a package's own __path__

__version__ = "0.1.0"

from eurogym.envs import list_envs, make, spec  # noqa: E402
from eurogym.envs.record import replay  # noqa: E402
from eurogym.envs.vector.ids import register_gymnasium  # noqa: E402

register_gymnasium()  # gymnasium.make("eurogym/KingdomBuilder-v0", ...): envs.vector.ids

__all__ = ["__version__", "list_envs", "make", "replay", "spec"]
