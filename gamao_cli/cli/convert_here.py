"""``convert`` of a large input (or standard input) among several, or into a folder: converted
in this process as it is read (:func:`gamao_cli.analysis.conversion_parts.convert_streamed`,
a long match a part at a time), each match written as it comes instead of held as text.

Into a folder, each match goes to a hidden temporary file beside where it will be; when the
input is done (and so the number of its matches, which its names depend on, known), the
files are renamed to their names (:func:`derived_name`, :class:`OutputNames`), as
:mod:`gamao_cli.formats.atomic` does for one file: a failure leaves none of them.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import TextIO

from gamao_cli.analysis.conversion_parts import Streamed, convert_streamed
from gamao_cli.analysis.match_output import OutputNames, derived_name
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.cli.common import say_exists, stderr_console
from gamao_cli.formats.atomic import discard, hidden_file, keep_mode
from gamao_cli.formats.inputs import InputFile


@dataclass(frozen=True, slots=True)
class Here:
    """What converting one input here gave: the conversion's counts and messages, the files
    written into the folder, and whether one was refused (it exists: no ``--force``)."""

    streamed: Streamed
    written: int
    refused: bool


def convert_here(
    item: InputFile,
    rel: PurePath,
    target: str,
    options: CheckOptions,
    *,
    shared: Callable[[], TextIO] | None,
    out_dir: Path | None,
    names: OutputNames,
    ext: str,
    force: bool,
) -> Here:
    """Convert ``item`` to ``shared()`` (one stream for every input), or into ``out_dir``
    one file a match; its messages are printed (before any file is refused)."""
    err = stderr_console()
    if shared is not None:
        streamed = convert_streamed(item, target, options, shared)
        for message in streamed.messages:
            err.print(message, markup=False, highlight=False)
        return Here(streamed, 0, False)
    assert out_dir is not None
    folder = (out_dir / rel).parent
    temporaries: list[Path] = []
    with ExitStack() as stack:
        try:

            def sink() -> TextIO:
                folder.mkdir(parents=True, exist_ok=True)
                fd, path = hidden_file(folder / rel.name)
                temporaries.append(path)
                return stack.enter_context(os.fdopen(fd, "w", encoding="utf-8", newline="\n"))

            streamed = convert_streamed(item, target, options, sink)
        except BaseException:
            stack.close()
            for path in temporaries:
                discard(path)
            raise
    for message in streamed.messages:
        err.print(message, markup=False, highlight=False)
    written, refused = 0, False
    try:
        for k, path in enumerate(temporaries):
            dest = out_dir / derived_name(rel, k, len(temporaries), ext)
            dest = names.claim(dest, item.name)  # two inputs with one stem: 7point.2.sgf
            if dest.exists() and not force:
                say_exists(dest)
                refused = True
                discard(path)
                continue
            keep_mode(path, dest)
            os.replace(path, dest)
            written += 1
    finally:
        for path in temporaries:
            discard(path)  # those not renamed (an error part way)
    return Here(streamed, written, refused)
