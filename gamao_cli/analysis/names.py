"""Player names: one spelling per player across files.

Records spell the same player differently: ``nori`` and ``Nori``, ``Joe  Black`` and
``JoeBlack``, GridGammon's ``name,rating`` (``nori,1723``). Names are compared by a key
(rating suffix removed, Unicode NFKC, case folded, whitespace removed); every key is shown
under one spelling, the one most often seen (ties: the first in sorted order). ``--alias
NAME=CANONICAL`` merges further: every name whose key is NAME's key is shown as CANONICAL,
and so is every name whose key is CANONICAL's key.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping

_RATING = re.compile(r"\s*,\s*[+-]?\d+(?:\.\d+)?\s*$")
_SPACE = re.compile(r"\s+")


def clean_name(raw: str) -> str:
    """The name as shown: rating suffix removed, NFKC, runs of whitespace as one space."""
    text = unicodedata.normalize("NFKC", raw)
    text = _RATING.sub("", text)
    return _SPACE.sub(" ", text).strip()


def name_key(raw: str) -> str:
    """The key names are merged by: the cleaned name, case folded, without whitespace."""
    return _SPACE.sub("", clean_name(raw)).casefold()


def parse_alias(text: str) -> tuple[str, str]:
    """``NAME=CANONICAL`` as (NAME, CANONICAL); ValueError when it is not of that form."""
    name, sep, canonical = text.partition("=")
    name, canonical = clean_name(name), clean_name(canonical)
    if not sep or not name or not canonical:
        raise ValueError(f"an alias is NAME=CANONICAL, not {text!r}")
    return name, canonical


def parse_aliases(texts: Iterable[str]) -> dict[str, str]:
    """Several ``NAME=CANONICAL`` texts as one mapping (later ones win)."""
    return dict(parse_alias(t) for t in texts)


def resolve_names(
    names: Iterable[str] | Mapping[str, int], aliases: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Map every recorded name to the name it is shown under.

    ``names`` is the recorded names, each once per use (or a mapping name -> uses); the
    most used spelling of a key is shown.
    """
    uses: Counter[str] = Counter()
    if isinstance(names, Mapping):
        for name, count in names.items():
            uses[name] += count
    else:
        uses.update(names)
    spellings: dict[str, Counter[str]] = {}
    for raw, count in uses.items():
        spellings.setdefault(name_key(raw), Counter())[clean_name(raw)] += count
    shown = {
        key: min(counter.items(), key=lambda item: (-item[1], item[0]))[0]
        for key, counter in spellings.items()
    }
    targets = _alias_targets(aliases or {})
    for key in list(shown):
        if key in targets:
            shown[key] = targets[key]
    return {raw: shown[name_key(raw)] for raw in uses}


def _alias_targets(aliases: Mapping[str, str]) -> dict[str, str]:
    """key -> canonical spelling, following chains (A=B, B=C: A and B become C)."""
    direct = {name_key(name): clean_name(canonical) for name, canonical in aliases.items()}
    out: dict[str, str] = {}
    for key in direct:
        seen = {key}
        target = direct[key]
        while name_key(target) in direct and name_key(target) not in seen:
            seen.add(name_key(target))
            target = direct[name_key(target)]
        out[key] = target
    for target in list(out.values()):
        out.setdefault(name_key(target), target)
    return out
