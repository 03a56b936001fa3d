"""The inputs a command is given: its paths expanded once into files, each file with the
argument it was found under, and the files named twice counted (every command alike)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from gamao_cli.cli.common import fail
from gamao_cli.i18n import _

if TYPE_CHECKING:
    from collections.abc import Sequence

    from gamao_cli.formats.inputs import InputFile


@dataclass(frozen=True, slots=True)
class Inputs:
    """The files of a run, in the order given, each with the argument (file or folder) it
    came from; ``repeated`` counts the files left out for being named again."""

    rooted: tuple[tuple[InputFile, Path], ...]
    repeated: int

    @property
    def items(self) -> list[InputFile]:
        return [item for item, _root in self.rooted]


def parse_extensions(extensions: str | None) -> set[str] | None:
    """``--ext``'s comma-separated list as lower-case extensions without dots (None: every
    known match format)."""
    if not extensions:
        return None
    return {e.strip().lstrip(".").lower() for e in extensions.split(",")}


def gather_inputs(
    paths: Sequence[str], extensions: str | None = None, *, stdin: bool = True
) -> Inputs:
    """The files ``paths`` name (folders walked, each file once); exit 2 with a message
    when there are none. ``stdin=False`` leaves standard input out (commands that write
    beside each file)."""
    from gamao_cli.formats.inputs import Repeats, iter_input_files

    wanted = parse_extensions(extensions)
    repeats = Repeats()
    rooted = tuple(
        (item, Path(arg))
        for arg in paths
        for item in iter_input_files([arg], wanted, repeats)
        if stdin or not item.is_stdin
    )
    if not rooted:
        fail(_("no input files found in {paths}").format(paths=", ".join(paths)))
    return Inputs(rooted, repeats.dropped)
