"""Runnable benchmarks: `python -m eurogym.benchmarks.throughput` (speed table) and
`python -m eurogym.benchmarks.demo` (one random 4-player Kingdom Builder game, printed)."""
