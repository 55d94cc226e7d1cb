# deadtable: `make run` starts the online table, `make play` a terminal game, `make test` checks everything.
# Each builds the native (compiled) copy first when a C compiler is here, and rebuilds it after an
# edit; deadtable runs it while it is fresh, else pure Python with one line saying so. For a quick
# pure-Python loop: DEADTABLE_PURE=1 make run (no compile, nothing said).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
EXTRAS ?= dev,all,train
# The CPU build of PyTorch that this machine kind keeps on disk; a plain `torch` would pull a
# multi-GB CUDA build. Installed first so the `train` extra's `torch>=2.3` is already satisfied.
TORCH ?= torch==2.13.0

.PHONY: run play test lint docs bench figures native native-if-possible bench-native clean

$(STAMP): pyproject.toml setup.py Makefile
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "deadtable needs Python 3.11 or newer")'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(if $(findstring train,$(EXTRAS)),$(BIN)/python -m pip install --quiet '$(TORCH)')
	$(BIN)/python -m pip install --quiet -e '.[$(EXTRAS)]'
	@touch $(STAMP)
	@$(MAKE) --no-print-directory native-if-possible

run: native-if-possible
	$(BIN)/deadtable serve

lint: $(STAMP)
	$(BIN)/ruff check deadtable tests benchmarks examples
	$(BIN)/mypy

# The documentation site (mkdocs.yml, pages in docs/) into site/; --strict fails on a broken link
# or a page missing from the nav, so `make test` builds it too. (Not --quiet: it hides the warnings
# that --strict counts, and the build then passes.)
docs: $(STAMP)
	$(BIN)/mkdocs build --strict

# The tests run pure Python (conftest.py); tests/test_native.py checks the native build against it.
test: lint docs native-if-possible
	$(BIN)/pytest -n auto -q --durations=15

# Both builds in one table: the native one is built first when a C compiler is there (else pure only).
# The same run writes the table as docs/figures/performance.md, stamped with the commit, date and
# machine. BENCH_ARGS adds settings, e.g. make bench BENCH_ARGS="--budget 0.3" (quicker, noisier).
BENCH_ARGS ?=
bench: native-if-possible
	$(BIN)/python -m benchmarks --native $(NATIVE) --write docs/figures/performance.md $(BENCH_ARGS)

# The other figures pages, docs/figures/{strength,calibration,balance}.md: strength and calibration
# from the rows committed in benchmarks/, balance from seeded simulations (a few minutes).
figures: native-if-possible
	$(BIN)/python -m benchmarks.pages --out docs/figures

# The native build: the rules cores and heuristics compiled with mypyc in a copy of the package
# (build/native), never beside the sources; rebuilt when any file of the package is newer than its
# stamp. `import deadtable` checks the stamp's hash of the sources (deadtable/which_build.py).
NATIVE := build/native
NATIVE_STAMP := $(NATIVE)/.native-stamp
PACKAGE_FILES = $(shell find deadtable -type f ! -path '*/__pycache__/*' ! -name '*.py[co]' ! -name '*.so')

native: $(NATIVE_STAMP)

$(NATIVE_STAMP): $(PACKAGE_FILES) | $(STAMP)
	DEADTABLE_PURE=1 $(BIN)/python -m deadtable.native $(NATIVE) $(if $(OPTIONAL),--optional)

# What every target runs: the native build when it can be made here; else one line, and pure Python.
# Skipped under DEADTABLE_PURE=1 (the quick loop).
native-if-possible: | $(STAMP)
	@$(if $(filter-out 0,$(DEADTABLE_PURE)),:,$(MAKE) --no-print-directory native OPTIONAL=1)

# The native build alone. -P: the working folder's (pure) deadtable must not come before the native one.
bench-native: $(NATIVE_STAMP)
	PYTHONPATH=$(NATIVE):. $(BIN)/python -P -m benchmarks

clean:
	rm -rf $(VENV) build site *.egg-info

play: native-if-possible
	$(BIN)/deadtable play carson-zoo --players 2 --seat 1 --bots greedy
