"""Observation encoders: turn a game state into arrays for one observer, filtering hidden
information in one place. Each game module offers a flat vector and spatial planes."""
