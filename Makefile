# make run   — create the virtual environment, install, serve the app on 127.0.0.1:$(PORT)
# make test  — install what the tests need (system Chromium included) and run every test
# make serve — the production server (gunicorn) on 127.0.0.1:$(PORT)
# make bench — the benchmarks under bench/ (not part of make test)
# make screenshot — docs/screenshot.png, the README's picture of the page (Playwright, system Chromium)

PYTHON ?= python3
PORT ?= 5000
VENV := .venv
BIN := $(VENV)/bin
CHROMIUM ?= /usr/bin/chromium

.PHONY: run test serve bench chromium clean screenshot

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test,serve]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/flask --app webapp run --host 127.0.0.1 --port $(PORT)

serve: $(VENV)/.installed
	$(BIN)/gunicorn --bind 127.0.0.1:$(PORT) --workers 3 --timeout 30 'webapp:create_app()'

# Playwright cannot download its own browser here: use Debian's chromium.
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	  else \
	    echo "Chromium is missing: install the Debian package 'chromium' (as root: apt-get install chromium)"; exit 1; \
	  fi; \
	fi

test: $(VENV)/.installed chromium
	CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest

# The README's picture: the page at 1280x800 with a dead end explained.
screenshot: $(VENV)/.installed chromium
	CHROMIUM=$(CHROMIUM) $(BIN)/python docs/screenshot.py

# The benchmarks make their own environment (bench/.venv) with the peer solvers.
bench:
	$(PYTHON) bench/run.py $(BENCH)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
