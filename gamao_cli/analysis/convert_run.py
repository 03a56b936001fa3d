"""One ``gamao convert`` run: where its outputs go, and each input converted and written.

:func:`plan_conversion` finds the inputs and where they are written: one stream (standard
output, or one file: one input, or JSON Lines) or a folder, an input's matches named after it
(:func:`derived_name`, :class:`OutputNames`). :class:`Conversion` converts them: one input to
one stream as it is read (:func:`convert_streamed`, a long match a part at a time); several,
or into a folder, on the run's executor (:func:`convert_small`), a large input (or standard
input) in this process as it is read (:func:`convert_here`). Every file appears whole or not
at all (:mod:`gamao_cli.formats.atomic`). What the user is told goes through the callbacks the
command gives; a failed write raises :class:`ConvertWriteError`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import TextIO

from gamao_cli.analysis.conversion import Converted, convert_small
from gamao_cli.analysis.conversion_parts import Streamed, convert_streamed
from gamao_cli.analysis.executors import Executor
from gamao_cli.analysis.match_output import OutputNames, derived_name, relative_name
from gamao_cli.analysis.options import CheckOptions
from gamao_cli.analysis.summary import RunSummary
from gamao_cli.formats.atomic import atomic_open, discard, hidden_file, keep_mode
from gamao_cli.formats.inputs import InputFile


class ConvertWriteError(Exception):
    """An output could not be written: ``path`` (what the user named), ``error``."""

    def __init__(self, path: Path, error: OSError) -> None:
        super().__init__(f"{path}: {error}")
        self.path = path
        self.error = error


@dataclass(frozen=True, slots=True)
class ConvertPlan:
    """The inputs (each with its path inside the output folder) and where they go: standard
    output, one file (``single_file``) or a folder (``out_dir``)."""

    rooted: list[tuple[InputFile, PurePath]]
    repeated: int  # input names left out, the same file named again
    output: str | None
    single_file: bool
    out_dir: Path | None

    @property
    def items(self) -> list[InputFile]:
        return [item for item, _rel in self.rooted]

    @property
    def to_stdout(self) -> bool:
        return self.output in (None, "-")

    @property
    def target_path(self) -> Path:
        """The one output file (or ``-``), as the user named it."""
        return Path(self.output or "-")

    @property
    def one_stream(self) -> bool:
        """One input to one stream: converted as it is read, in this process."""
        return len(self.rooted) == 1 and self.out_dir is None


def plan_conversion(
    found: Sequence[tuple[InputFile, Path]], repeated: int, target: str, output: str | None
) -> ConvertPlan:
    """Where a conversion to ``target`` writes the inputs ``found`` (each with the argument it
    was found under; ``repeated``: names left out as named again): ``-`` or nothing: standard
    output; a file for one input (a name with an extension that is not a folder) or for JSON
    Lines (``.jsonl``); else a folder."""
    rooted = [(item, relative_name(item, root)) for item, root in found]
    items = [item for item, _rel in rooted]
    to_stdout = output in (None, "-")
    single_file = (
        not to_stdout
        and output is not None
        and (
            (target == "jsonl" and output.endswith(".jsonl"))
            or (
                len(items) == 1
                and not items[0].is_stdin
                and Path(output).suffix != ""
                and not Path(output).is_dir()
            )
        )
    )
    out_dir = None if to_stdout or single_file else Path(output or ".")
    return ConvertPlan(rooted, repeated, output, single_file, out_dir)


@dataclass
class Conversion:
    """A conversion run's state: its counts and the one output stream, opened at the first
    match to write (none: no file at all) and complete when :meth:`outputs` ends.

    ``say`` is told each message for the user (stderr), ``exists`` each file not overwritten
    (no ``force``)."""

    plan: ConvertPlan
    target: str
    ext: str
    options: CheckOptions
    force: bool
    say: Callable[[str], None]
    exists: Callable[[Path], None]
    summary: RunSummary = field(default_factory=RunSummary)
    matches: int = 0
    written: int = 0
    problems: bool = False
    names: OutputNames = field(default_factory=OutputNames)
    pending: list[tuple[InputFile, PurePath]] = field(default_factory=list)  # not converted yet
    _stack: ExitStack = field(default_factory=ExitStack)
    _shared: TextIO | None = None

    def __post_init__(self) -> None:
        self.summary.repeated = self.plan.repeated
        self.pending = list(self.plan.rooted)
        if self.plan.to_stdout:
            self._shared = sys.stdout

    @contextmanager
    def outputs(self) -> Iterator[None]:
        """The run's one output file (opened inside) is complete, renamed into place, when
        this ends without an error; removed otherwise."""
        with self._stack:
            yield

    def shared(self) -> TextIO:
        """The one output stream, opened now if it is a file not opened yet."""
        if self._shared is None:
            path = Path(str(self.plan.output))
            self._shared = self._stack.enter_context(atomic_open(path, newline="\n"))
        return self._shared

    def stream_one(self) -> None:
        """The one input to the one stream, as it is read (:attr:`ConvertPlan.one_stream`)."""
        item, _rel = self.pending.pop(0)
        try:
            streamed = convert_streamed(item, self.target, self.options, self.shared)
        except OSError as exc:
            raise ConvertWriteError(self.plan.target_path, exc) from exc
        for message in streamed.messages:
            self.say(message)
        self._count(streamed)

    def convert_all(self, executor: Executor, advance: Callable[[int], None]) -> None:
        """The inputs not converted yet on ``executor`` (in input order), ``advance(1)``
        after each."""
        rooted, self.pending = self.pending, []
        work = [(item, self.target, self.options) for item, _rel in rooted]
        stdin = any(item.is_stdin for item in self.plan.items)
        results = executor.map(convert_small, work, serial=stdin)
        for (item, rel), done in zip(rooted, results, strict=True):
            if done is None:  # a large input (or stdin): converted here as it is read
                self.convert_here(item, rel)
            else:
                self._write(item, rel, done)
            advance(1)

    def _count(self, streamed: Streamed) -> None:
        self.summary.add(streamed.tally)
        self.matches += streamed.matches
        self.problems = self.problems or streamed.problems

    def convert_here(self, item: InputFile, rel: PurePath) -> None:
        """``item`` (a large input, or stdin) converted in this process as it is read, to the
        stream or into the folder."""
        try:
            if self.plan.out_dir is None:
                streamed = convert_streamed(item, self.target, self.options, self.shared)
                for message in streamed.messages:
                    self.say(message)
            else:
                streamed = self._into_folder(item, rel, self.plan.out_dir)
        except OSError as exc:
            raise ConvertWriteError(self.plan.out_dir or self.plan.target_path, exc) from exc
        self._count(streamed)

    def _into_folder(self, item: InputFile, rel: PurePath, out_dir: Path) -> Streamed:
        """``item`` converted into ``out_dir`` one file a match, each into a hidden temporary
        file beside where it goes; once the input is done (and so the number of its matches,
        which the names depend on, known), the files are renamed to their names: a failure
        leaves none of them. Its messages are said before any file is refused."""
        folder = (out_dir / rel).parent
        temporaries: list[Path] = []
        with ExitStack() as stack:
            try:

                def sink() -> TextIO:
                    folder.mkdir(parents=True, exist_ok=True)
                    fd, path = hidden_file(folder / rel.name)
                    temporaries.append(path)
                    return stack.enter_context(os.fdopen(fd, "w", encoding="utf-8", newline="\n"))

                streamed = convert_streamed(item, self.target, self.options, sink)
            except BaseException:
                stack.close()
                for path in temporaries:
                    discard(path)
                raise
        for message in streamed.messages:
            self.say(message)
        try:
            for k, path in enumerate(temporaries):
                dest = self._claim(out_dir, rel, k, len(temporaries), item)
                if dest is None:
                    discard(path)
                    continue
                keep_mode(path, dest)
                os.replace(path, dest)
                self.written += 1
        finally:
            for path in temporaries:
                discard(path)  # those not renamed (an error part way)
        return streamed

    def _claim(
        self, out_dir: Path, rel: PurePath, k: int, count: int, item: InputFile
    ) -> Path | None:
        """Where match ``k`` of ``count`` of ``item`` goes (two inputs with one stem:
        7point.sgf, 7point.2.sgf); None when it exists and may not be overwritten."""
        dest = out_dir / derived_name(rel, k, count, self.ext)
        dest = self.names.claim(dest, item.name)
        if dest.exists() and not self.force:
            self.exists(dest)
            self.problems = True
            return None
        return dest

    def _write(self, item: InputFile, rel: PurePath, done: Converted) -> None:
        """The texts a worker made of ``item``, to the stream or one file a match."""
        self.summary.add(done.tally)
        for message in done.messages:
            self.say(message)
        self.problems = self.problems or done.problems
        if not done.texts:
            return
        self.matches += len(done.texts)
        if self.plan.out_dir is None:
            try:
                out = self.shared()
                for text in done.texts:
                    out.write(text)
            except OSError as exc:
                raise ConvertWriteError(self.plan.target_path, exc) from exc
            return
        for k, text in enumerate(done.texts):
            dest = self._claim(self.plan.out_dir, rel, k, len(done.texts), item)
            if dest is None:
                continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            try:
                with atomic_open(dest, newline="\n") as fh:
                    fh.write(text)
            except OSError as exc:
                raise ConvertWriteError(dest, exc) from exc
            self.written += 1
