"""Start-up stays light: the CLI's import pulls in no heavy library (issue 13's 150 ms target).

polars, matplotlib, NumPy, pydantic (which typer 0.29 imports at start-up), the analysis engine
and the distributed executor are imported only by the commands that use them.
"""

from __future__ import annotations

import subprocess
import sys

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
