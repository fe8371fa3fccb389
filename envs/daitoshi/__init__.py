"""Daitoshi (1-4 players, with the solo Mayor automa). The engine is `eurogym.envs.daitoshi.ENGINE`;
the PettingZoo env lives in `eurogym.envs.daitoshi.env` (`env()`, `raw_env`), which registers
`daitoshi_v0`."""

from eurogym.envs.daitoshi.rules import ENGINE

__all__ = ["ENGINE"]
