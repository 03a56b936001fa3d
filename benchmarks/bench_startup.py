"""Start-up: how long ``gamao moves`` and ``gamao show`` take, whole process included.

Run by hand: ``.venv/bin/python -m benchmarks.bench_startup``. Issue 13's target: under 150 ms
for both on this project's 2-core machine. Best and median of 15 runs each. Run it with
bytecode caching on (unset ``PYTHONDONTWRITEBYTECODE``, as a user's shell has it): without
the ``.pyc`` files every start compiles gamao's sources again (about 25 ms).
"""

from __future__ import annotations

import statistics
import subprocess
import time

from benchmarks.common import REPO

GAMAO = str(REPO / ".venv" / "bin" / "gamao")
COMMANDS = {
    "moves": [GAMAO, "moves", "4HPwATDgc/ABMA", "--dice", "31"],
    "show": [GAMAO, "show", str(REPO / "examples" / "illegal_plays.mat"), "--game", "1",
             "--move", "3"],
    "--version": [GAMAO, "--version"],
}  # fmt: skip


def main() -> None:
    for name, args in COMMANDS.items():
        times = []
        for _ in range(15):
            t = time.perf_counter()
            subprocess.run(args, capture_output=True, check=False)
            times.append(time.perf_counter() - t)
        print(
            f"gamao {name}: best {min(times) * 1000:.0f} ms, "
            f"median {statistics.median(times) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
