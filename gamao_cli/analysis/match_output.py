"""Where commands that write matches put them: names derived inside an output directory.

Shared by ``convert``, ``filter``, ``split`` and ``merge``: an input's output goes to its path
below the directory argument it was found in (or its base name), never outside the output
directory, with the new extension and ``-N`` when one input holds several matches.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, TextIO

from gamao_cli.formats.atomic import atomic_open, atomic_path
from gamao_cli.model.terminal_text import terminal_safe_lines

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


class OutputNames:
    """The output names given out in one run, so that no two outputs overwrite each other.

    The first input (in input order) to want a name has it; a later one gets the first free
    of ``NAME.2.EXT``, ``NAME.3.EXT``, ... (``gnubg_7pt.mat`` and ``gnubg_7pt.sgf`` converted
    to SGF: ``gnubg_7pt.sgf`` and ``gnubg_7pt.2.sgf``). Names differing only in case count as
    the same (they are one file on Windows and macOS), so the rule is the same everywhere."""

    def __init__(self, notice: Callable[[str], None] | None = None) -> None:
        self._owners: dict[str, str] = {}
        self._notice = notice or _to_stderr

    def claim(self, dest: Path, source: str) -> Path:
        """A name for ``source``'s output ``dest``: ``dest``, or the first free ``.N`` one
        (said on stderr, naming both inputs)."""
        wanted = dest
        n = 1
        while (key := str(dest).casefold()) in self._owners:
            n += 1
            dest = wanted.with_name(f"{wanted.stem}.{n}{wanted.suffix}")
        self._owners[key] = source
        if dest != wanted:
            from gamao_cli.i18n import _

            message = _("{first} and {second} both give {path}: {second} written as {name}")
            self._notice(
                message.format(
                    first=self._owners[str(wanted).casefold()],
                    second=source,
                    path=wanted,
                    name=dest.name,
                )
            )
        return dest


def _to_stderr(message: str) -> None:
    """A notice on stderr, its record text (file names) escaped for the terminal."""
    sys.stderr.write(terminal_safe_lines(message) + "\n")


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
        self._names = OutputNames()

    def _free(self, dest: Path, source: str) -> Path | None:
        dest = self._names.claim(dest, source)
        if dest.exists() and not self.force:
            self.refused.append(dest)
            return None
        dest.parent.mkdir(parents=True, exist_ok=True)
        return dest

    def add_file(self, item: InputFile, rel: PurePath, matches: list[Match], whole: bool) -> None:
        if whole and self.to is None and item.path is not None:
            dest = self._free(self.root / rel, item.name)
            if dest is not None:
                with atomic_path(dest) as temporary:
                    shutil.copyfile(item.path, temporary)
                self.written += 1
            return
        for k, match in enumerate(matches):
            fmt = writer_for(match, self.to)
            name = derived_name(rel, k, len(matches), fmt.extensions[0])
            dest = self._free(self.root / name, item.name)
            if dest is None:
                continue
            with atomic_open(dest, newline="\n") as fh:
                write_match(match, fmt, fh)
            self.written += 1
