"""Runnable benchmarks: `python -m benchmarks.throughput` (speed table) and
`python -m benchmarks.demo` (one random 4-player Kingdom Builder game, printed)."""
