"""Caverna: Frantic Fiends (v1 subset, 1-4 players). The engine is `eurogym.envs.caverna_ff.ENGINE`;
the PettingZoo env lives in `eurogym.envs.caverna_ff.env` (`env()`, `raw_env`), which registers
`caverna_ff_v0`."""

from eurogym.envs.caverna_ff.rules import ENGINE

__all__ = ["ENGINE"]
