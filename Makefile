PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup check test lint bench clean

# The modules setup.py compiles with mypyc (gamao_cli/build.py lists them): a change to one
# rebuilds them.
COMPILED := $(shell $(PY) -c "import runpy; print(*runpy.run_path('gamao_cli/build.py')['compiled_sources']())")

$(BIN)/gamao: pyproject.toml setup.py $(COMPILED)
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test,distributed,analysis]'
	touch $(BIN)/gamao

setup: $(BIN)/gamao

# The main job on the bundled examples: verify every match, then write the report.
check: setup
	$(BIN)/gamao check examples/ ; test $$? -le 1
	$(BIN)/gamao report examples/ -o out/report.html

# The suite twice: the compiled build with the shared real corpus (../shared, where present),
# the pure-Python build with it hidden, as in a user's fresh clone (tests/helpers.py).
test: setup
	$(BIN)/ruff check gamao_cli tests benchmarks tools setup.py
	$(BIN)/mypy
	$(BIN)/pytest -p no:cacheprovider
	GAMAO_PURE_PYTHON=1 GAMAO_TEST_CORPUS=none $(BIN)/pytest -p no:cacheprovider

bench: setup
	$(BIN)/python -m benchmarks.run_all

clean:
	rm -rf $(VENV) out build *__mypyc*.so
	find gamao_cli -name '*.so' -delete
