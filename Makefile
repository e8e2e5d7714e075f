# Two commands on a fresh clone: `make chat` and `make test`. Nothing to install by hand.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: chat test lint typecheck imports pytest install install-dev clean locales browser

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@ $(STAMP)

install: $(STAMP)
install-dev: $(DEV_STAMP)

chat: $(STAMP)
	$(BIN)/membot chat

lint: $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(DEV_STAMP)
	$(BIN)/mypy memory_core adapters bot devtools

imports: $(DEV_STAMP)
	$(BIN)/lint-imports

# Bytecode is written even where PYTHONDONTWRITEBYTECODE is set (__pycache__/ is ignored by git):
# the suite starts dozens of Python processes (replicas, CLI runs, two pytest runs and their
# workers), and without it each compiled every module again and each pytest run rewrote every
# test's asserts again (the second run's collection: 15.8 -> 6.7 s of CPU; each `python -m bot`
# started: ~0.8 s of CPU).
pytest: $(DEV_STAMP) browser
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -q -n 2 -m "not alone"
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -q -m alone

# The memory page's browser tests drive Debian's Chromium (tests/browser): installed here when
# missing and we are root (CI is), else one line says how.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing chromium (Debian) for the browser tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else \
	    echo "the browser tests need Chromium: run 'sudo apt-get install -y chromium'"; exit 1; \
	  fi; }

test: lint typecheck imports pytest

# The message catalogue: new msgids into every .po, then .po → .mo (docs/languages.md).
locales: $(DEV_STAMP)
	$(BIN)/python -m devtools.locales update
	$(BIN)/python -m devtools.locales compile

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
