"""Start-up stays light: the CLI's import pulls in no heavy library (issue 13's 150 ms target).

polars, matplotlib, NumPy, pydantic (which typer 0.29 imports at start-up), the analysis engine
and the distributed executor are imported only by the commands that use them.
"""

from __future__ import annotations

import subprocess
import sys

from tests.helpers import REPO

HEAVY = ("polars", "matplotlib", "numpy", "pydantic", "bgsage", "dask", "distributed", "pyarrow")


def test_importing_the_cli_imports_no_heavy_library() -> None:
    code = (
        "import sys, gamao_cli.cli.app\n"
        f"heavy = {HEAVY!r}\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & set(heavy)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_moves_runs_without_the_heavy_libraries() -> None:
    code = (
        "import sys\n"
        "from gamao_cli.cli.app import app\n"
        "try:\n"
        "    app(['moves', '4HPwATDgc/ABMA', '--dice', '31'])\n"
        "except SystemExit:\n"
        "    pass\n"
        f"heavy = {HEAVY!r}\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & set(heavy)), file=sys.stderr)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stderr.strip().splitlines()[-1] == "[]"
    assert "8/5 6/5" in out.stdout


def test_the_progress_bar_module_is_imported_only_when_a_bar_is_shown() -> None:
    code = "import sys, gamao_cli.cli.app\nprint('rich.progress' in sys.modules)\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def _modules_after(args: list[str]) -> tuple[str, list[str]]:
    """Run ``gamao ARGS`` in a fresh interpreter: its stdout and the modules it imported."""
    code = (
        "import sys\n"
        "from gamao_cli.cli.app import main\n"
        "try:\n"
        f"    main({args!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout, out.stderr.splitlines()


def test_a_command_loads_its_own_module_and_no_other_command() -> None:
    stdout, modules = _modules_after(["moves", "start", "--dice", "31"])
    assert "8/5 6/5" in stdout
    commands = sorted(m for m in modules if m.startswith("gamao_cli.cli.") and "." not in m[14:])
    loaded = {"moves", "check", "show", "convert", "filter", "dedupe", "split", "fix", "stats",
              "report", "analyse", "codes"} & {m[14:] for m in commands}  # fmt: skip
    assert loaded == {"moves"}


def test_moves_and_show_do_not_import_rich() -> None:
    """Their output is plain text (typer.echo); rich's console costs 25 ms of start-up."""
    _, modules = _modules_after(["moves", "start", "--dice", "31"])
    assert [m for m in modules if m.split(".")[0] == "rich"] == []
    stdout, modules = _modules_after(
        ["show", str(REPO / "examples" / "illegal_plays.mat"), "--game", "1", "--move", "3"]
    )
    assert "Position ID" in stdout
    assert [m for m in modules if m.split(".")[0] == "rich"] == []
    assert "gamao_cli.analysis.position_file" not in modules  # position files only
    assert "gamao_cli.model.analysis" not in modules  # recorded analysis: readers that have it
    assert "gamao_cli.formats.ranges" not in modules  # byte ranges: distributed runs' inputs


def test_the_model_package_gives_the_analysis_classes_when_asked() -> None:
    import gamao_cli.model as model
    from gamao_cli.model import analysis

    assert [getattr(model, name) for name in model._ANALYSIS] == [
        analysis.Annotation,
        analysis.Candidate,
        analysis.CheckerAnalysis,
        analysis.CubeAnalysis,
        analysis.Probabilities,
    ]
    assert set(model._ANALYSIS) <= set(model.__all__)


def test_every_command_is_listed_and_loads() -> None:
    from typer.main import get_command

    from gamao_cli.cli.app import app
    from gamao_cli.cli.lazy import COMMANDS

    group = get_command(app)
    assert group.list_commands(None) == list(COMMANDS)
    for name in COMMANDS:
        command = group.get_command(None, name)
        assert command is not None and command.name == name
