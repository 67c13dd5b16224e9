# make run   — create the virtual environment, install, serve the app on 127.0.0.1:$(PORT) (the production server)
# make test  — install what the tests need (system Chromium, Node.js and redis-server included) and run every test
# make check — the fast loop: lint (ruff), types (mypy), every test that needs no browser, the node tests
# make serve — the production server (python -m webapp serve: waitress, a worker per core) on 127.0.0.1:$(PORT)
# make bench — the benchmarks under bench/ (not part of make test)
# make screenshot — docs/screenshot.png, the README's picture of the page (Playwright, system Chromium)
# make sanitize — the engine, fast-path and analysis tests against the compiled extensions built with AddressSanitizer and UBSan

PYTHON ?= python3
PORT ?= 5000
VENV := .venv
BIN := $(VENV)/bin
CHROMIUM ?= /usr/bin/chromium

# Python's own default: write bytecode once and read it after. A machine that sets
# PYTHONDONTWRITEBYTECODE makes every process compile the project again (the CLI's and the
# server's tests start dozens): tests/cli took 27.5 s of CPU with it, 21.9 s without.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test check lint types pytest-fast node-test serve bench chromium node redis clean screenshot sanitize

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip "setuptools>=77"

# pip compiles the search core (webapp/engine/_dlx.c) into webapp/engine/, the analysis
# (webapp/analysis/_facts.c) into webapp/analysis/ and solve FILE's fast path
# (webapp/models/_sudoku_lines.c) when a C compiler is there; without one it warns, and the
# Python engine and analysis run.
$(VENV)/.installed: pyproject.toml setup.py webapp/engine/_dlx.c webapp/engine/_dlx_colours.h webapp/engine/_dlx_check.h webapp/engine/_dlx_bounds.h webapp/engine/_dlx_methods.h \
  webapp/models/_sudoku_lines.c webapp/models/_sudoku_lines_search.h webapp/analysis/_facts.c webapp/analysis/_facts_pass.h webapp/analysis/_facts_json.h | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@

# make run is the README's one command: the production server, as make serve.
run serve: $(VENV)/.installed
	$(BIN)/python -m webapp serve --host 127.0.0.1 --port $(PORT)

# Playwright cannot download its own browser here: use Debian's chromium.
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	  else \
	    echo "Chromium is missing: install the Debian package 'chromium' (as root: apt-get install chromium)"; exit 1; \
	  fi; \
	fi

# The DOM-free JS modules' unit tests need node (its built-in runner, no npm packages).
node:
	@if ! command -v node >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q nodejs; \
	  else \
	    echo "Node.js is missing: install the Debian package 'nodejs' (as root: apt-get install nodejs)"; exit 1; \
	  fi; \
	fi

# The shared answer cache's test starts a real redis-server; without one (not root,
# no package) that test skips and says why, the rest run.
redis:
	@if ! command -v redis-server >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends redis-server \
	      || echo "redis-server could not be installed: the Redis cache test will skip"; \
	  else \
	    echo "redis-server is missing (Debian package redis-server): the Redis cache test will skip"; \
	  fi; \
	fi

test: $(VENV)/.installed chromium node redis lint types
	PYTHON=$(BIN)/python node --import ./tests/js/register.mjs --test --test-concurrency=2 tests/js/
	# The tests without a browser on both cores (as make check runs them), then the browser
	# tests three at once, a file to a worker: each worker has its own server and Chromium.
	# (Measured on a clean clone: three take as long as two, 7m42 for 178 tests; the browsers'
	# rendering keeps both cores busy.)
	$(BIN)/python -m pytest -q -n 2 -m "not browser"
	CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest -q -n 3 --dist loadfile -m browser

check: lint types pytest-fast node-test

lint: $(VENV)/.installed
	$(BIN)/python -m ruff check .

types: $(VENV)/.installed
	$(BIN)/python -m mypy

pytest-fast: $(VENV)/.installed
	$(BIN)/python -m pytest -q -n 2 -m "not browser and not slow"

node-test: $(VENV)/.installed node
	PYTHON=$(BIN)/python node --import ./tests/js/register.mjs --test --test-concurrency=2 tests/js/

# The README's picture: the page at 1280x800 with a dead end explained.
screenshot: $(VENV)/.installed chromium
	CHROMIUM=$(CHROMIUM) $(BIN)/python docs/screenshot.py

# A copy of the tracked files under build/sanitize, its core and solve FILE's fast path
# (webapp/models/_sudoku_lines.c) compiled with ASan and UBSan (any report fails), and the
# engine's and the fast path's tests run there; the project's own build is left as it is.
SANITIZE_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -O1 -g
sanitize: $(VENV)/.installed
	rm -rf build/sanitize && mkdir -p build/sanitize
	git ls-files -z | xargs -0 tar -cf - | tar -xf - -C build/sanitize
	cd build/sanitize && CFLAGS="$(SANITIZE_FLAGS)" $(abspath $(BIN))/python setup.py -q build_ext --inplace
	cd build/sanitize && LD_PRELOAD="$$(gcc -print-file-name=libasan.so) $$(gcc -print-file-name=libubsan.so)" \
	  ASAN_OPTIONS=detect_leaks=0 $(abspath $(BIN))/python -m pytest -q -p no:cacheprovider \
	  tests/engine/test_compiled_engine.py tests/engine/test_exact_cover.py tests/cli/test_batch.py tests/engine/test_bounds.py \
	  tests/analysis/test_compiled_facts.py

# The benchmarks make their own environment (bench/.venv) with the peer solvers.
bench:
	$(PYTHON) bench/run.py $(BENCH)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build webapp/engine/_dlx*.so webapp/models/_sudoku_lines*.so \
	  webapp/analysis/_facts*.so
