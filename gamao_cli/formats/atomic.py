"""Files that appear whole or not at all.

Every file gamao writes goes through :func:`atomic_open` (or :func:`atomic_path`, for writers
that want a path): it is written under a hidden temporary name beside its target, in the same
directory so that the rename is atomic, and renamed over the target (``os.replace``) only
when the block ends normally. An exception, ``typer.Exit`` or Ctrl-C inside the block removes
the temporary file and leaves the target as it was: absent, or the old file untouched. The
file object is an ordinary open file, so a writer may stream into it as it goes.

Permissions are those a plain ``open(target, "w")`` gives: a new file gets ``0o666`` less
the umask; a file replaced keeps its mode (``fix --in-place``, ``--force``).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from pathlib import Path
from typing import BinaryIO, Literal, TextIO, overload

_NAME_CHARS = 100  # of the target's name in the temporary one: well below any name limit
_BINARY: int = getattr(os, "O_BINARY", 0)  # Windows: no newline translation by os.open


def _create(target: Path) -> tuple[int, Path]:
    """A new, empty, hidden file beside ``target`` (its descriptor and path), with the mode
    ``target`` has, or the umask's default when ``target`` does not exist."""
    try:
        mode: int | None = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mode = None
    while True:
        temporary = target.with_name(f".{target.name[:_NAME_CHARS]}.{os.urandom(4).hex()}.tmp")
        try:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, 0o666)
        except FileExistsError:
            continue
        break
    if mode is not None:
        with suppress(OSError):  # a file system without modes: keep what it gave
            os.chmod(temporary, mode)
    return fd, temporary


def _discard(temporary: Path) -> None:
    with suppress(OSError):
        os.unlink(temporary)


def hidden_file(target: Path) -> tuple[int, Path]:
    """A new, empty, hidden file beside ``target`` (its descriptor, open for writing, and its
    path), for a writer that renames it into place itself, or :func:`discard` s it."""
    return _create(target)


def discard(temporary: Path) -> None:
    """Remove a file of :func:`hidden_file` (gone already: nothing to do)."""
    _discard(temporary)


def keep_mode(temporary: Path, target: Path) -> None:
    """Give ``temporary`` the mode of ``target`` when it exists (a file replaced keeps it)."""
    with suppress(OSError):
        os.chmod(temporary, stat.S_IMODE(os.stat(target).st_mode))


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """A temporary path beside ``target`` (an empty file) for a writer that takes a path
    (``shutil.copyfile``, ``savefig``); renamed to ``target`` when the block ends normally,
    removed otherwise."""
    fd, temporary = _create(target)
    os.close(fd)
    try:
        yield temporary
        os.replace(temporary, target)
    except BaseException:
        _discard(temporary)
        raise


@overload
def atomic_open(
    target: Path, mode: Literal["w"] = "w", *, encoding: str = "utf-8", newline: str | None = None
) -> AbstractContextManager[TextIO]: ...


@overload
def atomic_open(
    target: Path, mode: Literal["wb"], *, encoding: str = "utf-8", newline: str | None = None
) -> AbstractContextManager[BinaryIO]: ...


def atomic_open(
    target: Path,
    mode: Literal["w", "wb"] = "w",
    *,
    encoding: str = "utf-8",
    newline: str | None = None,
) -> AbstractContextManager[TextIO] | AbstractContextManager[BinaryIO]:
    """``target`` opened for writing, text (``"w"``, with ``encoding`` and ``newline`` as
    :func:`open` takes them) or binary (``"wb"``): the file appears at ``target`` whole when
    the block ends normally, and not at all (the old one kept) when it raises."""
    if mode == "wb":
        return _binary(target)
    return _text(target, encoding, newline)


@contextmanager
def _text(target: Path, encoding: str, newline: str | None) -> Iterator[TextIO]:
    fd, temporary = _create(target)
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline=newline) as fh:
            yield fh
        os.replace(temporary, target)
    except BaseException:
        _discard(temporary)
        raise


@contextmanager
def _binary(target: Path) -> Iterator[BinaryIO]:
    fd, temporary = _create(target)
    try:
        with os.fdopen(fd, "wb") as fh:
            yield fh
        os.replace(temporary, target)
    except BaseException:
        _discard(temporary)
        raise
