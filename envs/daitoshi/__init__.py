"""Daitoshi (1-4 players, with the solo Mayor automa) as `daitoshi_v0`."""
