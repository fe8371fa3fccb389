"""Kingdom Builder (base game). The engine is `eurogym.envs.kingdom_builder.ENGINE`; the
PettingZoo env lives in `eurogym.envs.kingdom_builder.env` (`env()`, `raw_env`), which registers
`kingdom_builder_v0`."""

from eurogym.envs.kingdom_builder.rules import ENGINE

__all__ = ["ENGINE"]
