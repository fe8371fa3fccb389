# eurogym developer commands. Every target creates .venv on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
STAMP := $(VENV)/.installed

.PHONY: demo test test-slow test-nojit bench bench-train notebooks lint clean rllib

$(STAMP): pyproject.toml constraints.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -c constraints.txt -e ".[dev,train,notebooks,bench]"
	touch $(STAMP)

demo: $(STAMP)  ## compile the kernels (progress bar), play one 4-player game of each game with random agents, then print the throughput table
	$(PY) -m eurogym.envs.warmup
	$(PY) -m eurogym.benchmarks.demo
	$(PY) -m eurogym.benchmarks.throughput

rllib: $(STAMP)  ## the optional Ray RLlib extra (pinned in constraints.txt, CPU torch kept)
	$(PIP) install -q -c constraints.txt -e ".[rllib]"

test: $(STAMP)  ## the fast test suite (what CI runs), one pytest-xdist worker per core
	$(PY) -m eurogym.envs.warmup  # compile every kernel once, not once per test worker
	$(PY) -m pytest -q -n auto

test-slow: $(STAMP)  ## only the tests marked slow
	$(PY) -m pytest -q -m slow

test-nojit: $(STAMP)  ## kernel and rule tests with numba disabled (coverage, debugging)
	NUMBA_DISABLE_JIT=1 $(PY) -m pytest -q tests/kingdom_builder tests/belfort tests/core

bench: $(STAMP)  ## throughput table, with the cold-start rows (fresh numba cache; minutes)
	$(PY) -m eurogym.benchmarks.throughput --cold

bench-train: $(STAMP)  ## MaskablePPO train steps/s on Kingdom Builder vs connect_four_v3
	$(PY) -m eurogym.agents.train --benchmark --env kingdom_builder_v0 --steps 16384 --out runs/bench

notebooks: $(STAMP)  ## execute the notebooks in fast mode
	EUROGYM_FAST=1 $(PY) -m pytest -q --nbmake notebooks

lint: $(STAMP)
	$(PY) -m ruff check .

clean:  ## remove caches (numba's kernel cache is also dropped automatically when a source changes, envs/core/jit.py)
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	rm -rf .pytest_cache
