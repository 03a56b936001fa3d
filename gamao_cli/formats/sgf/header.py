"""The root node of an SGF game tree: players, match length and score, rules, result."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gamao_cli.engine.variants import DEFINITIONS, option_problem
from gamao_cli.formats.sgf.parser import SgfNode, SgfProperty, SgfTree, fold_whitespace
from gamao_cli.i18n import N_
from gamao_cli.model.location import Location
from gamao_cli.model.match import Rules, Variant

# Root properties mapped to model fields (never copied into tags or properties).
_TAG = re.compile(r'\s*([^"]*?)\s*"(.*)"\s*', re.DOTALL)
_MAPPED_ROOT = frozenset({"FF", "GM", "CA", "MI", "PW", "PB", "WR", "BR", "RU", "RE", "CV"})
SETUP = frozenset({"AE", "AW", "AB", "PL", "DI", "CV", "CP", "CO"})
BOARD_SETUP = frozenset({"AE", "AW", "AB"})
# Root properties that belong to a game, not the match.
GAME_ROOT = frozenset({"GS"})
# Writers known to number games from 0.
_ZERO_BASED_WRITERS = ("gnu backgammon", "gibbon", "gamao")
# Writers that write RU whenever a rule applies, so that no RU means the defaults.
_RULES_WRITERS = ("gnu backgammon", "gamao")


# --- the root node -----------------------------------------------------------------------------


@dataclass
class Header:
    """What a game tree's root node says."""

    location: Location
    length: int | None = None
    index: int | None = None
    score: tuple[int, int] | None = None
    score_location: Location | None = None  # the MI property that gives the score
    players: tuple[str | None, str | None] = (None, None)
    ratings: tuple[str | None, str | None] = (None, None)
    rule_tokens: tuple[str, ...] | None = None
    result: SgfProperty | None = None
    cube_value: int = 1
    writer: str = ""
    extra: list[tuple[str, str]] = field(default_factory=list)
    diags: list[tuple[str, str, int, int]] = field(default_factory=list)
    is_backgammon: bool = True
    game_type: str = "6"  # the GM value as written
    game_line: int = 0  # where GM is written (or the tree's start)
    game_column: int = 0

    @property
    def zero_based_writer(self) -> bool:
        return self.writer.lower().startswith(_ZERO_BASED_WRITERS)

    def rules_known(self) -> bool:
        return self.rule_tokens is not None or self.writer.lower().startswith(_RULES_WRITERS)

    def rules(self) -> Rules:
        tokens = {t.lower() for t in self.rule_tokens or ()}
        known = self.rules_known()
        money = self.length == 0
        variant = Variant.STANDARD
        for t in self.rule_tokens or ():
            found = _RU_VARIANTS.get(t.lower())
            if found is not None:
                variant = found
                break
        cube: bool | None = False if "nocube" in tokens else (True if known else None)
        crawford: bool | None = None
        if "crawford" in tokens:
            crawford = True
        elif known and not money and (self.length or 0) > 1:
            crawford = False
        jacoby: bool | None = None
        if "jacoby" in tokens:
            jacoby = True
        elif known and money:
            jacoby = False
        options = sorted(o for o in map(rule_option, self.rule_tokens or ()) if o is not None)
        return Rules(
            variant=variant, cube=cube, crawford=crawford, jacoby=jacoby, options=tuple(options)
        )


def rule_option(token: str) -> tuple[str, str] | None:
    """A ``RU`` element naming a rule option as ``--option`` does (``bearoff=exact``:
    gamao's own elements, engine.variants), or None."""
    key, sep, value = token.strip().lower().partition("=")
    if not sep or option_problem(None, key, value) is not None:
        return None
    return key, value


_RU_VARIANTS: dict[str, Variant] = {
    d.sgf_name.lower(): d.variant for d in DEFINITIONS if d.sgf_name is not None
}
"""``RU`` elements naming a variant (engine.variants): gnubg's, and gamao's own for tavla,
Long Nardy and acey-deucey (no other writer tags them)."""

_KNOWN_RULES = frozenset({"crawford", "crawfordgame", "jacoby", "nocube", *_RU_VARIANTS})


def read_header(root: SgfNode, filename: str, tree: SgfTree) -> Header:
    h = Header(Location(filename, tree.line, tree.column))
    gm = root.get("GM")
    if gm is None:
        h.diags.append(("P211", "no GM property: read as backgammon", root.line, root.column))
    elif gm.value.strip() != "6":
        h.is_backgammon = False
        h.game_type = gm.value.strip()
        h.game_line, h.game_column = gm.line, gm.column
        h.diags.append(
            (
                "P210",
                N_("GM[{value}] is not backgammon (GM[6]): game tree skipped").format(
                    value=gm.value
                ),
                gm.line,
                gm.column,
            )
        )
        return h
    pw = root.get("PW")
    pb = root.get("PB")
    h.players = (
        fold_whitespace(pw.value) if pw else None,
        fold_whitespace(pb.value) if pb else None,
    )
    wr = root.get("WR")
    br = root.get("BR")
    h.ratings = (
        fold_whitespace(wr.value) if wr else None,
        fold_whitespace(br.value) if br else None,
    )
    ap = root.get("AP")
    h.writer = ap.value if ap else ""
    mi = root.get("MI")
    if mi is None:
        h.diags.append(
            ("P212", "no MI property: match length and score unknown", root.line, root.column)
        )
    else:
        _read_mi(h, mi)
    ru = root.get("RU")
    if ru is not None:
        tokens = tuple(t.strip() for t in ru.value.split(":") if t.strip())
        h.rule_tokens = tokens
        for t in tokens:
            low = t.lower()
            if low not in _KNOWN_RULES and rule_option(low) is None:
                h.diags.append(
                    (
                        "P218",
                        N_("unknown rule {rule} in RU[{value}]").format(
                            rule=repr(t), value=ru.value
                        ),
                        ru.line,
                        ru.column,
                    )
                )
    h.result = root.get("RE")
    cv = root.get("CV")
    if cv is not None:
        value = parse_cube_value(cv.value)
        if value is None:
            h.diags.append(
                (
                    "P227",
                    N_("CV[{value}] is not a cube value").format(value=cv.value),
                    cv.line,
                    cv.column,
                )
            )
        else:
            h.cube_value = value
    for prop in root.properties:
        if prop.name in _MAPPED_ROOT or prop.name in SETUP:
            continue
        if prop.name == "TG":  # gamao's: a header tag SGF has no property for
            h.extra.extend(_tag(fold_whitespace(v)) for v in prop.values)
            continue
        h.extra.extend((prop.name, fold_whitespace(v)) for v in prop.values)
    return h


def _tag(value: str) -> tuple[str, str]:
    """``TG[Key "Value"]`` (gamao's SGF writer, for a ``.mat`` header tag that no SGF
    property holds) -> ``("Key", "Value")``; any other value is kept as ``("TG", value)``."""
    found = _TAG.fullmatch(value)
    return (found[1], found[2]) if found is not None else ("TG", value)


def _read_mi(h: Header, mi: SgfProperty) -> None:
    ws: int | None = None
    bs: int | None = None
    for entry in mi.values:
        key, sep, value = entry.partition(":")
        key = key.strip().lower()
        number = parse_int(value) if sep else None
        if key not in ("length", "game", "ws", "bs"):
            continue  # unknown tags are ignored (SGF specification)
        if number is None or number < 0:
            h.diags.append(
                (
                    "P213",
                    N_("MI entry {entry} is not '{key}:<number>'").format(
                        entry=repr(entry), key=key
                    ),
                    mi.line,
                    mi.column,
                )
            )
            continue
        if key == "length":
            h.length = number
        elif key == "game":
            h.index = number
        elif key == "ws":
            ws = number
        else:
            bs = number
    if ws is not None or bs is not None:
        h.score = (ws or 0, bs or 0)
        h.score_location = Location(h.location.file, mi.line, mi.column)


def parse_int(text: str) -> int | None:
    t = text.strip()
    return int(t) if t.isdigit() and t.isascii() else None


def parse_cube_value(text: str) -> int | None:
    n = parse_int(text)
    if n is None or n < 1 or n & (n - 1):
        return None
    return n
