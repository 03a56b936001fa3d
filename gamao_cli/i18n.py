"""Languages: English (the sources' own) and Brazilian Portuguese, through gettext catalogues.

The language is set once, from ``gamao --lang``, the configuration file's ``lang`` or the
environment (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, in gettext's order), and is
English by default. :func:`_` and :func:`ngettext` look a text up in the active catalogue; the
catalogue is read on first use only (``gamao_cli/locale/pt/LC_MESSAGES/gamao.mo``, built by
the install from the committed ``gamao.po``; a source checkout without it compiles the
``.po`` in memory). English needs no catalogue: the sources' texts are the msgids.

Machine-readable output (JSON, JSON Lines, CSV, Parquet) never goes through here: codes,
keys, column names and the findings' English messages stay the same in every language. Text
output translates a finding's message at rendering, by :func:`translate_message`, so the
replay builds only the English message and only when it reports something.
"""

from __future__ import annotations

import gettext
import io
import os
import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

LANGUAGES = ("en", "pt")
DOMAIN = "gamao"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_active = "en"
_catalogue: gettext.NullTranslations | None = None


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: ``pt`` for any Portuguese locale, else ``en``."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        for part in value.split(":"):
            lang = part.split(".")[0].split("_")[0].split("-")[0].lower()
            if lang in LANGUAGES:
                return lang
            if lang and lang not in ("c", "posix"):
                return "en"
        return "en"
    return "en"


def set_language(lang: str | None) -> str:
    """Make ``lang`` (``en`` or ``pt``; None: from the environment) the active language."""
    global _active, _catalogue
    chosen = language_from_environment() if lang is None else lang.lower()
    if chosen not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
    if chosen != _active:
        _active = chosen
        _catalogue = None
        _templates.cache_clear()
    return chosen


def language() -> str:
    """The active language."""
    return _active


def _load() -> gettext.NullTranslations:
    global _catalogue
    if _catalogue is None:
        if _active == "en":
            _catalogue = gettext.NullTranslations()
        else:
            folder = LOCALE_DIR / _active / "LC_MESSAGES"
            mo = folder / f"{DOMAIN}.mo"
            po = folder / f"{DOMAIN}.po"
            if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
                with mo.open("rb") as fh:
                    _catalogue = gettext.GNUTranslations(fh)
            elif po.exists():
                from gamao_cli.msgfmt import mo_bytes, parse_po

                data = mo_bytes(parse_po(po.read_text(encoding="utf-8")))
                _catalogue = gettext.GNUTranslations(io.BytesIO(data))
            else:
                _catalogue = gettext.NullTranslations()
    return _catalogue


def _(message: str) -> str:
    """``message`` in the active language ("" stays "": gettext gives the header for it)."""
    if _active == "en" or not message:
        return message
    return _load().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the active language."""
    if _active == "en":
        return singular if n == 1 else plural
    return _load().ngettext(singular, plural, n)


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and plural pair for extraction only (looked up by :func:`ngettext`
    where it is shown)."""
    return singular, plural


_NOUNS: dict[str, tuple[str, str]] = {
    "match": NP_("{count} match", "{count} matches"),
    "game": NP_("{count} game", "{count} games"),
    "play": NP_("{count} play", "{count} plays"),
    "error": NP_("{count} error", "{count} errors"),
    "warning": NP_("{count} warning", "{count} warnings"),
    "diagnostic": NP_("{count} diagnostic", "{count} diagnostics"),
    "duplicate": NP_("{count} duplicate", "{count} duplicates"),
    "near-duplicate": NP_("{count} near-duplicate", "{count} near-duplicates"),
    "dropped": NP_("{count} duplicate dropped", "{count} duplicates dropped"),
    "file": NP_("{count} file", "{count} files"),
    "repair": NP_("{count} repair", "{count} repairs"),
    "decision": NP_("{count} decision", "{count} decisions"),
    # Counts with an adjective: the same in English, agreeing in number in Portuguese.
    "distinct": NP_("{count} distinct", "{count} distinct"),
    "selected": NP_("{count} selected", "{count} selected"),
    "verified": NP_("{count} verified", "{count} verified"),
    "unverifiable": NP_("{count} unverifiable", "{count} unverifiable"),
}
"""The nouns the summaries count, by kind."""


def counted(kind: str, n: int, shown: str | None = None) -> str:
    """``n`` and its noun, singular or plural, in the active language ("1 match",
    "2 matches"), for the summaries; ``shown``: ``n`` as it is written, when formatted."""
    forms = _NOUNS.get(kind)
    if forms is None:
        raise ValueError(f"no noun for {kind!r}")
    return ngettext(*forms, n).format(count=str(n) if shown is None else shown)


def N_(message: str) -> str:
    """Mark ``message`` for extraction only; it is translated where it is shown."""
    return message


_FIELD = re.compile(r"\{(\w+)\}")
_WORD = re.compile(r"[^\W\d_]")  # a letter: a template must have some text of its own


@lru_cache(maxsize=1)
def _templates() -> tuple[tuple[re.Pattern[str], str], ...]:
    """The catalogue's message templates (msgids with named fields), as patterns matching
    the English message they format and the translated template, longest first."""
    catalogue = _load()
    ids = getattr(catalogue, "_catalog", {})
    out: list[tuple[re.Pattern[str], str]] = []
    for msgid in sorted((k for k in ids if isinstance(k, str)), key=len, reverse=True):
        if "{" not in msgid or not _FIELD.search(msgid) or not _WORD.search(_FIELD.sub("", msgid)):
            continue  # no field, or no word but in fields (it would match too many messages)
        pattern = ""
        pos = 0
        for m in _FIELD.finditer(msgid):
            pattern += re.escape(msgid[pos : m.start()]) + f"(?P<{m.group(1)}>.+?)"
            pos = m.end()
        pattern += re.escape(msgid[pos:])
        try:
            out.append((re.compile(pattern + r"\Z", re.DOTALL), ids[msgid]))
        except re.error:  # a field named twice: such a template is looked up whole only
            continue
    return tuple(out)


def translate_message(message: str) -> str:
    """A message built in English from a template (``N_("... {name} ...")`` formatted), in
    the active language: looked up whole, else matched against the catalogue's templates
    and their fields (themselves translated) put in the translated template."""
    if _active == "en" or not message:
        return message
    whole = _(message)
    if whole != message:
        return whole
    for pattern, translated in _templates():
        m = pattern.match(message)
        if m is not None:
            fields = {k: _translate_field(v) for k, v in m.groupdict().items()}
            return translated.format(**fields)
    return message


def _translate_field(value: str) -> str:
    """A field of a template, translated; a list of messages joined by ``"; "`` (what a
    check found, item by item) is translated item by item when each item is a message."""
    if "; " in value:
        parts = value.split("; ")
        done = [translate_message(part) for part in parts]
        if all(t != p for t, p in zip(done, parts, strict=True)):
            return "; ".join(done)
    return translate_message(value)


def format_number(value: float, decimals: int = 0) -> str:
    """``value`` with the active language's separators (pt: ``1.234,5``; en: ``1234.5``)."""
    if _active != "pt":
        return f"{value:.{decimals}f}"  # English text output keeps its plain numbers
    text = f"{value:,.{decimals}f}"
    return text.replace(",", "\0").replace(".", ",").replace("\0", ".")
