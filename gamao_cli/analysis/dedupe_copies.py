"""``gamao dedupe --write-dupes DIR``: the copies a dedupe found, written into a folder."""

from __future__ import annotations

import shutil
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from gamao_cli.formats.atomic import atomic_open, atomic_path
from gamao_cli.formats.inputs import read_path
from gamao_cli.formats.registry import by_name

if TYPE_CHECKING:
    from gamao_cli.analysis.dedupe import DedupeResult
    from gamao_cli.formats.inputs import InputFile


def _inside(root: Path, shown: str) -> Path:
    """``shown`` (a displayed input name) as a path under ``root``, never outside it."""
    parts = [p for p in PurePosixPath(shown.replace("\\", "/")).parts if p not in ("/", "..")]
    return root.joinpath(*parts) if parts else root / "stdin"


def write_duplicates(result: DedupeResult, items: list[InputFile], root: Path) -> None:
    """Write the copies ``result`` found under ``root``, each at its input's name (kept
    inside ``root`` whatever the name holds): a file whose only match is a copy as it is,
    each copy of a file of several matches as ``NAME.N.json``. An OSError is the caller's."""
    write_json = by_name("json").write
    assert write_json is not None
    named = {i.name: i for i in items}
    counts: dict[str, int] = {}
    for g in result.groups:
        for o in g.occurrences:
            counts[o.file] = max(counts.get(o.file, 0), o.match)
    wanted: dict[str, set[int]] = {}
    for g in result.groups:
        for o in g.duplicates:
            wanted.setdefault(o.file, set()).add(o.match)
    for name, numbers in wanted.items():
        source = named.get(name)
        if source is None or source.path is None:
            continue
        target = _inside(root, name)
        target.parent.mkdir(parents=True, exist_ok=True)
        if counts.get(name) == 1:
            with atomic_path(target) as temporary:
                shutil.copyfile(source.path, temporary)
            continue
        for index, match in enumerate(read_path(source)):
            if index + 1 in numbers:
                path = target.with_name(f"{target.name}.{index + 1}.json")
                with atomic_open(path) as fh:
                    write_json(match, fh)
