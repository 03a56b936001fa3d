"""``gamao fix``'s files: one input's repairs written to its target, each file whole or not
at all (formats.atomic): into the file's own text where its format can patch it (.mat),
else in the writer's layout; an input with nothing repaired copied as it was into OUT."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from gamao_cli.formats.atomic import atomic_open, atomic_path
from gamao_cli.formats.registry import by_name
from gamao_cli.i18n import N_

if TYPE_CHECKING:
    from gamao_cli.analysis.match_output import OutputNames
    from gamao_cli.analysis.repair import Repair
    from gamao_cli.formats.base import FormatInfo
    from gamao_cli.formats.inputs import InputFile
    from gamao_cli.model.match import Match


class RepairWriteError(Exception):
    """A repaired file that could not be written: ``target`` and the system's ``error``."""

    def __init__(self, target: Path, error: OSError) -> None:
        super().__init__(f"{target}: {error.strerror or error}")
        self.target = target
        self.error = error


def save_repairs(
    item: InputFile,
    found: list[Match],
    repairs: list[Repair],
    target: Path,
    names: OutputNames | None,
    force: bool,
    notice: Callable[[str], None],
) -> None:
    """``item``'s repairs written to ``target`` (in place when ``names`` is None; else into
    OUT under the names ``names`` hands out); ``notice`` hears, translated, why a file is
    left as it is. Raises :class:`RepairWriteError`."""
    from gamao_cli.analysis.match_output import writer_for
    from gamao_cli.i18n import _

    assert item.path is not None
    if not any(r.fixes for r in repairs):
        if names is not None:
            _place(names.claim(target, item.name), force, partial(_copy, item.path), notice)
        return
    writer = writer_for(repairs[0].match, None)
    source_format = found[0].source_format
    if names is None and writer.name != source_format:
        template = N_("{name}: gamao does not write {source_format}; not rewritten in place")
        notice(_(template).format(name=item.name, source_format=source_format))
        return
    if names is not None:
        if writer.name != source_format:
            target = target.with_suffix("." + writer.extensions[0])
        target = names.claim(target, item.name)
    repaired = [r.match for r in repairs]
    make = _patched(item.path, found, repaired) if writer.name == source_format else None
    _place(target, force or names is None, make or partial(_write, repaired, writer), notice)


def _patched(
    source: Path, found: list[Match], repaired: list[Match]
) -> Callable[[Path], None] | None:
    """The repairs written into the file's own text by its format (``FormatInfo.patch``),
    or None when it cannot patch or cannot place them all there."""
    if len(found) != len(repaired) or len({m.source_format for m in found}) != 1:
        return None
    patch = by_name(found[0].source_format).patch
    if patch is None:
        return None
    try:
        data = patch(source.read_bytes(), list(zip(found, repaired, strict=True)))
    except OSError:
        return None
    return None if data is None else partial(_write_bytes, data)


def _copy(source: Path, target: Path) -> None:
    with atomic_path(target) as temporary:
        shutil.copyfile(source, temporary)


def _write_bytes(data: bytes, target: Path) -> None:
    with atomic_path(target) as temporary:
        temporary.write_bytes(data)


def _write(matches: list[Match], writer: FormatInfo, target: Path) -> None:
    from gamao_cli.analysis.match_output import write_match

    # Whole or not at all: a repair that fails half way leaves the file (--in-place) as it was.
    with atomic_open(target, newline="\n") as fh:
        for m in matches:
            write_match(m, writer, fh)


def _place(
    target: Path, force: bool, make: Callable[[Path], None], notice: Callable[[str], None]
) -> None:
    from gamao_cli.i18n import _

    if target.exists() and not force:
        notice(_("{path}: exists, not overwritten (use --force)").format(path=target))
        return
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        make(target)
    except OSError as exc:
        raise RepairWriteError(target, exc) from exc
