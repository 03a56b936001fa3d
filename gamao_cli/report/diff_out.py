"""``gamao diff``'s output: a few lines of text, or one JSON object."""

from __future__ import annotations

from gamao_cli.analysis.record_diff import Comparison, Divergence, FileComparison
from gamao_cli.i18n import N_, _
from gamao_cli.model.terminal_text import terminal_safe

_LEGAL = {
    "a": N_("only A's play is legal there"),
    "b": N_("only B's play is legal there"),
    "both": N_("both plays are legal there"),
    "neither": N_("neither play is legal there"),
}


def _first_json(first: Divergence | None) -> dict[str, object] | None:
    if first is None:
        return None
    return {
        "game": first.game,
        "move": first.move,
        "a": first.a,
        "b": first.b,
        "position_id": first.position_id,
        "legal": first.legal,
        "line_a": first.line_a,
        "line_b": first.line_b,
    }


def _pair_json(pair: Comparison) -> dict[str, object]:
    return {
        "same": pair.same,
        "games": list(pair.games),
        "length": list(pair.lengths),
        "variant": list(pair.variants),
        "first": _first_json(pair.first),
    }


def diff_json(result: FileComparison) -> dict[str, object]:
    """``{"same", "first", "a", "b", "matches": [...]}``: ``first`` is the first place the
    records part (with ``match``, its 1-based match), null when they do not part there."""
    first: dict[str, object] | None = None
    for number, pair in enumerate(result.pairs, 1):
        found = _first_json(pair.first)
        if found is not None:
            first = {"match": number, **found}
            break
    return {
        "same": result.same,
        "first": first,
        "a": result.files[0],
        "b": result.files[1],
        "matches": [_pair_json(p) for p in result.pairs],
        "counts": list(result.counts),
    }


def _where(first: Divergence) -> str:
    said = [
        _("A line {line}").format(line=first.line_a) if first.line_a else "",
        _("B line {line}").format(line=first.line_b) if first.line_b else "",
    ]
    text = ", ".join(x for x in said if x)
    return f" ({text})" if text else ""


def _kind(length: int) -> str:
    return _("money session") if length == 0 else _("{length}-point match").format(length=length)


def _pair_text(pair: Comparison) -> list[str]:
    if pair.same:
        return [
            _("same match: {games} games, {kind}, {variant}").format(
                games=pair.games[0], kind=_kind(pair.lengths[0]), variant=pair.variants[0]
            )
        ]
    first = pair.first
    if first is None:
        return [
            _("different matches: A {a} ({va}), B {b} ({vb})").format(
                a=_kind(pair.lengths[0]),
                va=pair.variants[0],
                b=_kind(pair.lengths[1]),
                vb=pair.variants[1],
            )
        ]
    if first.move is None:
        place = _("game {game}").format(game=first.game)
    else:
        place = _("game {game}, move {move}").format(game=first.game, move=first.move)
    out = [_("they part at {place}").format(place=place) + _where(first)]
    if first.move is None and not (first.a and first.b):
        side = "B" if first.a else "A"
        what = terminal_safe(first.a or first.b)
        out.append("  " + _("{side} has no {what}").format(side=side, what=what))
    else:
        ends = _("(nothing: the game ends)")
        out.append("  A: " + (terminal_safe(first.a) or ends))
        out.append("  B: " + (terminal_safe(first.b) or ends))
    if first.position_id:
        out.append("  " + _("position before: {id}").format(id=first.position_id))
    if first.legal:
        out.append("  " + _(_LEGAL[first.legal]))
    return out


def diff_text(result: FileComparison) -> str:
    """What a person reads: per match, same or where the records part."""
    a, b = (terminal_safe(f) for f in result.files)
    lines = [f"A: {a}", f"B: {b}"]
    several = max(result.counts) > 1
    for number, pair in enumerate(result.pairs, 1):
        said = _pair_text(pair)
        if several:
            said = [_("match {number}: {text}").format(number=number, text=said[0]), *said[1:]]
        lines.extend(said)
    if result.counts[0] != result.counts[1]:
        lines.append(_("A holds {a} matches, B {b}").format(a=result.counts[0], b=result.counts[1]))
    return "\n".join(lines)
