# deadtable: `make run` starts the online table, `make play` a terminal game, `make test` checks everything.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
EXTRAS ?= dev,all

.PHONY: run play test lint bench clean

$(STAMP): pyproject.toml Makefile
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "deadtable needs Python 3.11 or newer")'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
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
