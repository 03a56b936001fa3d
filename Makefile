PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup check test lint bench clean

# The modules setup.py compiles with mypyc: a change to one rebuilds them.
COMPILED := gamao_cli/formats/mat_reader.py \
	gamao_cli/formats/mat_lines.py \
	gamao_cli/model/notation.py \
	gamao_cli/formats/sgf_parser.py \
	gamao_cli/formats/sgf_tree.py \
	gamao_cli/formats/sgf_reader.py \
	gamao_cli/formats/sgf_moves.py \
	gamao_cli/formats/sgf_header.py \
	gamao_cli/formats/sgf_game.py \
	gamao_cli/formats/sgf_analysis.py \
	gamao_cli/engine/position.py \
	gamao_cli/engine/movegen.py \
	gamao_cli/engine/rules_movegen.py \
	gamao_cli/engine/tabula_movegen.py \
	gamao_cli/engine/validate.py \
	gamao_cli/engine/judgement.py \
	gamao_cli/engine/plays.py \
	gamao_cli/analysis/game_replay.py \
	gamao_cli/analysis/fingerprint_tokens.py \
	gamao_cli/analysis/plays_applied.py \
	gamao_cli/analysis/table_rows.py \
	gamao_cli/formats/mat_state.py \
	gamao_cli/formats/mat_cells.py \
	gamao_cli/formats/mat_games.py \
	gamao_cli/formats/xg/annotate.py \
	gamao_cli/formats/xg/games.py \
	gamao_cli/formats/xg/moves.py \
	gamao_cli/formats/xg/records.py \
	gamao_cli/formats/xg/reader.py

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
