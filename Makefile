# deerbook — set-up, book and tests.  See README.md.
#
#   make book   create .venv (if missing), install deerbook[dev], build the book
#   make test   same install; unit tests, nbval over notebooks/, strict book build,
#               offline checks of the built HTML
#
# The install is idempotent: it re-runs only when pyproject.toml is newer than
# the stamp file .venv/.deerbook-installed (or .venv is missing).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.deerbook-installed
# Run tools from the venv, with the venv first on PATH (so the notebook kernel
# "python3" resolves to the venv's interpreter too).
VENV_ENV := PATH="$(CURDIR)/$(BIN):$$PATH" VIRTUAL_ENV="$(CURDIR)/$(VENV)" PYDEVD_DISABLE_FILE_VALIDATION=1

BOOK_HTML := book/_build/html
# The source dir is the repo root, so that notebooks/ (repo root) and book/ can both
# be in the table of contents; book/_config.yml excludes everything else.
JB_BUILD := jupyter-book build . --config book/_config.yml --toc book/_toc.yml --path-output book
NBVAL := pytest --nbval notebooks --nbval-sanitize-with notebooks/nbval_sanitize.cfg -p no:cacheprovider

.PHONY: all help install book book-strict test test-unit test-notebooks check-book execute-notebooks clean clean-book

all: help

help:
	@echo "make book               install (if needed) and build the book -> $(BOOK_HTML)/index.html"
	@echo "make test               install (if needed); pytest tests, nbval notebooks, strict book build + offline check"
	@echo "make execute-notebooks  re-execute notebooks/*.ipynb in place (after changing them or the engine)"
	@echo "make clean              remove the book build; 'make clean-all' also removes .venv"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@touch $@

install: $(STAMP)

book: $(STAMP)
	$(VENV_ENV) $(BIN)/$(JB_BUILD)
	@echo
	@echo "Book built. Open: $(CURDIR)/$(BOOK_HTML)/index.html"

# Warnings are errors; --all re-reads every page so no warning hides in a cache.
book-strict: $(STAMP)
	$(VENV_ENV) $(BIN)/$(JB_BUILD) --all -W -n --keep-going

test-unit: $(STAMP)
	$(VENV_ENV) $(BIN)/python -m pytest tests --ignore=tests/test_book_build.py -p no:cacheprovider

test-notebooks: $(STAMP)
	$(VENV_ENV) $(BIN)/python -m $(NBVAL)

# Scans the built HTML: no remote assets, local plotly.js, every Plotly output drawn.
check-book: $(STAMP)
	DEERBOOK_BOOK_HTML="$(CURDIR)/$(BOOK_HTML)" $(VENV_ENV) $(BIN)/python -m pytest tests/test_book_build.py -p no:cacheprovider

test: test-unit test-notebooks book-strict check-book
	@echo "make test: all steps passed"

execute-notebooks: $(STAMP)
	$(VENV_ENV) $(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.kernel_name=python3 --ExecutePreprocessor.timeout=600 notebooks/*.ipynb

clean-book:
	rm -rf book/_build book/_static/plotly.min.js

clean: clean-book

clean-all: clean
	rm -rf $(VENV)
