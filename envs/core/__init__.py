"""Shared machinery for every eurogym game: state storage, RNG, hex and ranking kernels,
the engine protocol, the AEC base class, the registry and data loading."""
