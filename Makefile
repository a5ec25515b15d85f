# The two commands of the README: `make run` and `make test`. Both set up .venv themselves.
VENV ?= .venv
PYTHON ?= python3
BIN := $(VENV)/bin
# The install builds the optional compiled kernels in place, so it is redone when their sources change.
BUILT_FROM := pyproject.toml setup.py $(shell find sudoku_workbench -name '*.[ch]')
export QT_API := pyside6
# Material for MkDocs prints a banner about MkDocs 2.0 on every build; the docs build says nothing else.
export NO_MKDOCS_2_WARNING := 1
# pytest-xdist spreads the tests over the logical CPUs (`auto` counts physical cores, and a two-vCPU
# runner may report one), each file whole to one worker process (so a module's fixtures, such as the
# frozen app's build and the Dask cluster, are made once); PYTEST_WORKERS=0 runs them in this process.
# The fifteen slowest tests are listed at the end, to see where the time goes. A worker that dies is
# not replaced: its test fails by name and the run ends, where a replaced one could leave xdist
# waiting for ever (seen when a test left a handler that calls os._exit).
PYTEST_WORKERS ?= logical
PYTEST := QT_QPA_PLATFORM=offscreen $(BIN)/pytest -n $(PYTEST_WORKERS) --dist loadfile --max-worker-restart=0 --durations=15

.PHONY: run test test-all test-pure fuzz lint typecheck imports pytest pytest-all bench dist docs docs-serve clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip

$(VENV)/.run-installed: $(BUILT_FROM) | $(BIN)/python
	$(BIN)/python -m pip install -e .
	touch $@

$(VENV)/.test-installed: $(BUILT_FROM) | $(BIN)/python
	$(BIN)/python -m pip install -e ".[test]"
	touch $@ $(VENV)/.run-installed

run: $(VENV)/.run-installed
	$(BIN)/sudoku-workbench

test: $(VENV)/.test-installed lint typecheck imports pytest

# Every test, the slow ones too (corpus sweeps, wheel and frozen-app builds) but the long fuzzing run.
test-all: $(VENV)/.test-installed lint typecheck imports pytest-all

lint: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(VENV)/.test-installed
	$(BIN)/mypy

imports: $(VENV)/.test-installed
	$(BIN)/lint-imports

# pytest exits 5 when no test ran; make treats that as the failure it is.
# With CI=true (as CI sets it) `make test` runs the slow tests as well.
pytest: $(VENV)/.test-installed
	$(PYTEST) -m "$(if $(filter true,$(CI)),not fuzz,not slow)"

pytest-all: $(VENV)/.test-installed
	$(PYTEST) -m "not fuzz"

# The logic tests on the Python propagation loop and singles tally (SUDOKU_WORKBENCH_PURE=1 keeps the
# compiled kernels out): what an install without a compiler runs. The differential tests compare both either way.
test-pure: $(VENV)/.test-installed
	SUDOKU_WORKBENCH_PURE=1 $(PYTEST) -m "not slow" tests/logic

# The long fuzzing run: 10,000 inputs for each reader (about ten minutes on 2 cores).
fuzz: $(VENV)/.test-installed
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest -m fuzz -s tests/formats/test_fuzz.py

# One-folder frozen app in dist/sudoku-workbench/ (PyInstaller; the spec is in packaging/).
dist: $(VENV)/.test-installed
	$(BIN)/pyinstaller --noconfirm --distpath dist --workpath build/pyinstaller packaging/sudoku-workbench.spec

# The documentation site (docs/mkdocs.yml, pages in docs/pages/) into build/docs/, warnings as errors;
# open build/docs/index.html. `make test` builds it too, into a temporary folder (tests/test_docs.py).
docs: $(VENV)/.test-installed
	$(BIN)/mkdocs build --strict -f docs/mkdocs.yml -d $(CURDIR)/build/docs

docs-serve: $(VENV)/.test-installed
	$(BIN)/mkdocs serve -f docs/mkdocs.yml

bench: $(VENV)/.run-installed
	$(BIN)/sudoku-workbench bench --quick

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache
