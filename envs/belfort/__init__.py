"""Belfort (base game, 2-5 players). The engine is `eurogym.envs.belfort.ENGINE`; the PettingZoo env
lives in `eurogym.envs.belfort.env` (`env()`, `raw_env`), which registers `belfort_v0`."""

from eurogym.envs.belfort.rules import ENGINE

__all__ = ["ENGINE"]
