"""The commands' summaries on stderr in Portuguese (``gamao --lang pt``); English unchanged."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from gamao_cli.cli.app import app
from gamao_cli.i18n import set_language

runner = CliRunner()


def _last_line(*args: str) -> str:
    try:
        result = runner.invoke(app, list(args))
    finally:
        set_language("en")
    assert result.exit_code in (0, 1), result.stderr
    return result.stderr.strip().splitlines()[-1]


def test_convert_stats_and_split_summaries_in_portuguese(tmp_path: Path) -> None:
    out = str(tmp_path / "x.jsonl")
    assert _last_line("--lang", "pt", "convert", "examples", "--to", "jsonl", "-o", out) == (
        "4 arquivos, 4 matches, 36 partidas convertidos para jsonl; 5 erros, 2 avisos"
    )
    assert _last_line("convert", "examples", "--to", "jsonl", "-o", out, "--force") == (
        "4 files, 4 matches, 36 games converted to jsonl; 5 errors, 2 warnings"
    )
    csv = str(tmp_path / "x.csv")
    assert _last_line("--lang", "pt", "stats", "examples", "-f", "csv", "-o", csv) == (
        "4 arquivos, 4 matches, 36 partidas, 1420 jogadas; 5 erros, 2 avisos"
    )
    folder = str(tmp_path / "split")
    assert _last_line("--lang", "pt", "split", "examples", "-o", folder) == (
        "4 matches lidos, 4 arquivos escritos"
    )


def _run(*args: str) -> tuple[int, str, str]:
    try:
        result = runner.invoke(app, list(args))
    finally:
        set_language("en")
    return result.exit_code, result.stdout, result.stderr


def test_usage_errors_and_the_moves_listing_in_portuguese() -> None:
    code, _out, err = _run("--lang", "pt", "moves", "start", "--dice", "7")
    assert code == 2
    assert " ".join(err.split()) == (
        "erro: dados '7': esperavam-se dois dígitos 1-6, como 31 ou 3-1"
    )
    code, _out, err = _run("--lang", "pt", "moves", "XGID=nonsense", "--dice", "31")
    assert code == 2
    assert " ".join(err.split()).startswith("erro: XGID 'XGID=nonsense': tem 1 campos separados")
    code, out, _err = _run("--lang", "pt", "moves", "start", "--dice", "31")
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[-1] == "16 jogadas legais"
    assert " Contagem de pips: X 167, O 167" in lines
    assert " O joga 31" in lines
    assert lines[1].endswith("X: jogador 1")
    code, out, _err = _run("moves", "start", "--dice", "31")
    assert out.strip().splitlines()[-1] == "16 legal plays"
