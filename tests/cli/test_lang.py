"""``gamao --lang``: Portuguese text output, help and summaries; machine-readable output the
same byte for byte in both languages; the language from the config file and the environment."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamao_cli.cli.app import app, main
from tests.cli.conftest import golden

runner = CliRunner()
EXAMPLE = "examples/illegal_plays.mat"


def test_check_examples_in_portuguese_is_golden() -> None:
    result = runner.invoke(app, ["--lang", "pt", "check", "examples/", "--jobs", "1"])
    assert result.exit_code == 1
    golden("check_examples_pt.txt", result.stdout + "--- stderr ---\n" + result.stderr)
    assert "partida 1 jogada 5 erro R209 [M4]" in result.stdout
    assert " jogadas              1.420 " in result.stderr


def test_english_is_the_default_and_unchanged() -> None:
    en = runner.invoke(app, ["check", EXAMPLE, "--jobs", "1"])
    explicit = runner.invoke(app, ["--lang", "en", "check", EXAMPLE, "--jobs", "1"])
    golden("check_illegal_plays.txt", en.stdout)
    assert explicit.stdout == en.stdout
    assert explicit.stderr == en.stderr


@pytest.mark.parametrize("fmt", ["json", "jsonl", "csv"])
def test_check_machine_output_is_the_same_in_both_languages(fmt: str) -> None:
    args = ["check", "examples/", "--format", fmt, "--severity", "info", "--jobs", "1"]
    en = runner.invoke(app, ["--lang", "en", *args])
    pt = runner.invoke(app, ["--lang", "pt", *args])
    assert en.exit_code == pt.exit_code == 1
    assert pt.stdout_bytes == en.stdout_bytes
    assert "the rest of this game cannot be verified" in en.stdout


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_stats_machine_output_is_the_same_in_both_languages(fmt: str) -> None:
    args = ["stats", "examples/", "--format", fmt, "--jobs", "1"]
    en = runner.invoke(app, ["--lang", "en", *args])
    pt = runner.invoke(app, ["--lang", "pt", *args])
    assert en.exit_code == pt.exit_code == 0
    assert pt.stdout_bytes == en.stdout_bytes


def test_parquet_tables_are_the_same_in_both_languages(tmp_path: Path) -> None:
    for lang in ("en", "pt"):
        args = ["--lang", lang, "stats", "examples/", "--tables", str(tmp_path / lang)]
        assert runner.invoke(app, [*args, "--jobs", "1"]).exit_code == 0
    en = sorted(p.relative_to(tmp_path / "en") for p in (tmp_path / "en").rglob("*.parquet"))
    pt = sorted(p.relative_to(tmp_path / "pt") for p in (tmp_path / "pt").rglob("*.parquet"))
    assert en == pt and en
    for rel in en:
        assert (tmp_path / "en" / rel).read_bytes() == (tmp_path / "pt" / rel).read_bytes()


def test_help_in_portuguese() -> None:
    result = runner.invoke(app, ["--lang", "pt", "check", "--help"])
    assert result.exit_code == 0
    assert "Reproduz cada partida de cada match" in result.stdout
    assert "Desenha o tabuleiro antes de cada ocorrência." in result.stdout
    back = runner.invoke(app, ["check", "--help"])
    assert "Replay every game of every match" in back.stdout


def test_unknown_language_is_bad_usage() -> None:
    result = runner.invoke(app, ["--lang", "xx", "check", EXAMPLE])
    assert result.exit_code == 2
    assert "unknown language 'xx' (known: en, pt)" in result.stderr


def _main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    out, err = capsys.readouterr()
    return int(exit_info.value.code or 0), out, err


def test_language_from_the_config_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "gamao.toml"
    config.write_text('lang = "pt"\n', encoding="utf-8")
    monkeypatch.setenv("GAMAO_CONFIG", str(config))
    code, out, _err = _main(["check", EXAMPLE, "--jobs", "1"], capsys)
    assert code == 1
    assert "partida 1 jogada 5 erro R209" in out
    code, out, _err = _main(["--lang", "en", "check", EXAMPLE, "--jobs", "1"], capsys)
    assert "game 1 move 5 error R209" in out  # the command line wins


def test_language_from_the_environment_and_root_help(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    code, out, _err = _main(["--help"], capsys)
    assert code == 0
    assert "Lê, verifica, pontua, relata e converte registros de matches de gamão." in out
    code, out, _err = _main(["check", EXAMPLE, "--jobs", "1"], capsys)
    assert "partida 1 jogada 5 erro R209" in out


def test_report_in_portuguese(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    result = runner.invoke(app, ["--lang", "pt", "report", EXAMPLE, "-o", str(out)])
    assert result.exit_code == 0
    html = out.read_text(encoding="utf-8")
    assert '<html lang="pt-BR">' in html
    for text in (
        "<h2>Visão geral</h2>",
        "<h2>Ocorrências</h2>",
        "<th>mensagem</th>",
        "13/12: o ponto 12 está ocupado por 2 pedras do adversário",
        "os pontos registrados após uma recusa diferem do dado de dobra antes da dobra",
        "Partida 2: O_player +1 (resultado desconhecido, não verificada, dado de dobra 1)",
        "<td>recusa</td>",
    ):
        assert text in html, text
    assert "Project-Id-Version" not in html
    assert "Overview" not in html


def test_info_findings_in_portuguese() -> None:
    args = ["--lang", "pt", "check", "examples/", "--severity", "info", "--jobs", "1"]
    result = runner.invoke(app, args)
    lines = result.stdout.splitlines()
    assert (
        "  30:35 partida 1 info X402 [E5] Lena Ruiz 'Wins 1 point': abandono de partida simples "
        "(1 ponto)"
    ) in lines
    english = runner.invoke(app, args[2:]).stdout.splitlines()
    assert (
        "  30:35 game 1 info X402 [E5] Lena Ruiz 'Wins 1 point': resigned a single game "
        "(1 point)" in english
    )


def test_codes_list_in_portuguese_and_json_unchanged() -> None:
    pt = runner.invoke(app, ["--lang", "pt", "codes"]).stdout.splitlines()
    assert (
        "R204  error    M2   uma pedra cai num (ou passa por um) ponto ocupado pelo adversário"
        in pt
    )
    en_json = runner.invoke(app, ["codes", "--format", "json"]).stdout_bytes
    assert runner.invoke(app, ["--lang", "pt", "codes", "--format", "json"]).stdout_bytes == en_json
    md = runner.invoke(app, ["--lang", "pt", "codes", "--format", "markdown"]).stdout
    assert md == runner.invoke(app, ["codes", "--format", "markdown"]).stdout  # docs/codes.md


def test_markdown_report_in_portuguese(tmp_path: Path) -> None:
    out = tmp_path / "report.md"
    result = runner.invoke(
        app, ["--lang", "pt", "report", EXAMPLE, "-o", str(out), "--format", "md"]
    )
    assert result.exit_code == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith(
        "# relatório do gamao\n\n1 arquivo, 1 match, 8 partidas, 278 jogadas; 5 erros, 2 avisos.\n"
    )
    for line in (
        "## Ocorrências",
        "| código | gravidade | quantidade | o quê |",
        "| partida | placar | vencedor | pontos | resultado | término | dado de dobra | Crawford |",
    ):
        assert line in text, line
    assert "13/12: o ponto 12 está ocupado por 2 pedras do adversário" in text


def test_reader_diagnostics_in_portuguese(tmp_path: Path) -> None:
    bad = tmp_path / "bad.mat"
    bad.write_text(
        "5 point match\n\n Game 1\n A : 0    B : 0\n  1) 31: 8/5 6/5     77: 6/1\n",
        encoding="utf-8",
    )
    pt = runner.invoke(app, ["--lang", "pt", "check", str(bad)]).stdout.splitlines()
    assert "  5:22 partida 1 erro P107: os dados 77 não são dois números de 1 a 6" in pt
    assert (
        "  3:2 partida 1 aviso P105: a partida 1 não tem linha `Wins` (truncada ou abandonada)"
        in pt
    )
    assert (
        "  3:2 partida 1 aviso X413 [X1]: o match termina em 0-0, antes que algum jogador "
        "alcançasse 5"
    ) in pt
    en = runner.invoke(app, ["check", str(bad)]).stdout.splitlines()
    assert (
        "  3:2 game 1 warning X413 [X1]: the match ends at 0-0, before either player reached 5"
        in en
    )
