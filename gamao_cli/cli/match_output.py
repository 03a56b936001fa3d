"""Where commands that write matches put them: names derived inside an output directory.

Shared by ``convert``, ``filter``, ``split`` and ``merge``: an input's output goes to its path
below the directory argument it was found in (or its base name), never outside the output
directory, with the new extension and ``-N`` when one input holds several matches.
"""

from __future__ import annotations

import shutil
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, TextIO

from gamao_cli.formats.atomic import atomic_open, atomic_path

if TYPE_CHECKING:
    from gamao_cli.formats.base import FormatInfo
    from gamao_cli.formats.inputs import InputFile
    from gamao_cli.model.match import Match


def relative_name(item: InputFile, root: Path) -> PurePath:
    """Where an input's output goes inside OUT: its path below the directory argument it was
    found in, or its base name. Never absolute and never with '..', so it cannot leave OUT."""
    if item.is_stdin or item.path is None:
        return PurePath("stdin")
    rel: PurePath
    if root.is_dir():
        try:
            # Found by walking ``root``: its path is ``root``/... as written (no system calls,
            # and a symbolic link keeps the place it was found at).
            rel = item.path.relative_to(root)
        except ValueError:
            try:
                rel = item.path.resolve().relative_to(root.resolve())
            except ValueError:
                rel = PurePath(item.path.name)
    else:
        rel = PurePath(item.path.name)
    parts = [p for p in rel.parts if p not in ("", ".", "..", "/")]
    return PurePath(*parts) if parts else PurePath(item.path.name)


def derived_name(rel: PurePath, index: int, count: int, ext: str) -> PurePath:
    """The output name: the input's relative path with the new extension (and -N when one
    input holds several matches)."""
    name = rel.stem if rel.suffix else rel.name
    suffix = f"-{index + 1}" if count > 1 else ""
    return rel.with_name(f"{name}{suffix}.{ext}")


def writer_for(match: Match, to: str | None) -> FormatInfo:
    """The format to write ``match`` in: ``to`` when given, else its own format when gamao
    writes it, else gamao JSON."""
    from gamao_cli.formats.registry import by_name

    if to:
        return by_name(to)
    try:
        own = by_name(match.source_format) if match.source_format else None
    except ValueError:
        own = None
    return own if own is not None and own.write is not None else by_name("json")


def write_match(match: Match, fmt: FormatInfo, stream: TextIO, normalise: bool = False) -> None:
    """One match as recorded, or normalised as ``convert`` writes it."""
    from gamao_cli.analysis.canonical import canonical_match

    assert fmt.write is not None
    fmt.write(canonical_match(match) if normalise else match, stream)


class DirectorySink:
    """Writes selected matches below ``root``: a file whose every match is selected and
    that needs no conversion is copied byte for byte; other matches are written one file
    each (names from :func:`derived_name`). Never overwrites without ``force``."""

    def __init__(self, root: Path, to: str | None, force: bool = False) -> None:
        self.root = root
        self.to = to
        self.force = force
        self.written = 0
        self.refused: list[Path] = []
        self._names: set[Path] = set()

    def _free(self, dest: Path) -> Path | None:
        if dest in self._names:
            dest = dest.with_name(f"{dest.stem}.{len(self._names)}{dest.suffix}")
        self._names.add(dest)
        if dest.exists() and not self.force:
            self.refused.append(dest)
            return None
        dest.parent.mkdir(parents=True, exist_ok=True)
        return dest

    def add_file(self, item: InputFile, rel: PurePath, matches: list[Match], whole: bool) -> None:
        if whole and self.to is None and item.path is not None:
            dest = self._free(self.root / rel)
            if dest is not None:
                with atomic_path(dest) as temporary:
                    shutil.copyfile(item.path, temporary)
                self.written += 1
            return
        for k, match in enumerate(matches):
            fmt = writer_for(match, self.to)
            dest = self._free(self.root / derived_name(rel, k, len(matches), fmt.extensions[0]))
            if dest is None:
                continue
            with atomic_open(dest, newline="\n") as fh:
                write_match(match, fmt, fh)
            self.written += 1
