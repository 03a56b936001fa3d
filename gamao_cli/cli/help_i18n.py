"""The command line's help texts in the active language.

Typer builds the commands' help from docstrings and ``help=`` strings at import time, in
English. :func:`translate_help` swaps each command's and option's help for its catalogue
translation (the English text is the msgid; see :func:`help_texts`, which the catalogue's
extraction and its test use), keeping the English to go back to.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gamao_cli.i18n import _

_EN = "_gamao_help_en"


def _items(command: Any) -> Iterator[tuple[Any, str]]:
    """Every object with a help text under ``command``: commands and their options."""
    yield command, "help"
    for param in getattr(command, "params", []):
        if getattr(param, "help", None) is not None:
            yield param, "help"
    for sub in getattr(command, "commands", {}).values():  # those loaded (cli.lazy)
        yield from _items(sub)


def help_texts(command: Any) -> list[str]:
    """The English help texts of ``command`` and everything under it, in tree order."""
    load_all = getattr(command, "load_all", None)  # the lazy group: every command
    if load_all is not None:
        load_all()
    out: list[str] = []
    for obj, attr in _items(command):
        text = getattr(obj, _EN, None) or getattr(obj, attr, None)
        if text and text not in out:
            out.append(text)
    return out


def translate_help(command: Any, lang: str) -> None:
    """Put ``command``'s help texts (and its sub-commands') in the active language."""
    for obj, attr in _items(command):
        english = getattr(obj, _EN, None)
        if english is None:
            english = getattr(obj, attr, None)
            if not english:
                continue
            setattr(obj, _EN, english)
        setattr(obj, attr, english if lang == "en" else _(english))
