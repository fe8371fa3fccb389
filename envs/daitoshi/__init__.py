"""Daitoshi (1-4 players, with the solo Mayor automa). The engine is `envs.daitoshi.ENGINE`;
the PettingZoo env lives in `envs.daitoshi.env` (`env()`, `raw_env`), which registers
`daitoshi_v0`."""

from envs.daitoshi.rules import ENGINE

__all__ = ["ENGINE"]
