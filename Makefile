# deadtable: `make run` starts the online table, `make play` a terminal game, `make test` checks everything.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
EXTRAS ?= dev,all,train
# The CPU build of PyTorch that this machine kind keeps on disk; a plain `torch` would pull a
# multi-GB CUDA build. Installed first so the `train` extra's `torch>=2.3` is already satisfied.
TORCH ?= torch==2.13.0

.PHONY: run play test lint bench clean

$(STAMP): pyproject.toml Makefile
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "deadtable needs Python 3.11 or newer")'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(if $(findstring train,$(EXTRAS)),$(BIN)/python -m pip install --quiet '$(TORCH)')
	$(BIN)/python -m pip install --quiet -e '.[$(EXTRAS)]'
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/deadtable serve

lint: $(STAMP)
	$(BIN)/ruff check deadtable tests benchmarks
	$(BIN)/mypy

test: lint
	$(BIN)/pytest -n auto -q

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info

play: $(STAMP)
	$(BIN)/deadtable play carson-zoo --players 2 --seat 0 --bots greedy
