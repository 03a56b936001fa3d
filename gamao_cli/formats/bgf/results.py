"""Who won a BGBlitz game, and which ``player`` value is green (research 10.3).

BGBlitz stores no winner: the scores of the next game (or the match's final scores) say
whose score grew. The ``player`` sign is disputed between the readers in the wild; the
record itself settles it, because the player whose score grows must be the one who bore off
last or whose double was dropped. :func:`green_sign` counts those votes.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamao_cli.formats.bgf.analysis import Entry, mapping, plain_int, sequence


def is_cube_record(entry: Entry) -> bool:
    froms = sequence(entry.get("from"))
    return not froms or plain_int(froms[0]) == -1


def doubled(entry: Entry) -> bool:
    return mapping(mapping(entry.get("equity")).get("cubeDecision")).get("hasDoubled") is True


def structural_winner(game: Entry) -> int | None:
    """The raw ``player`` value of whoever ended the game: the doubler whose double was
    dropped, or the last player to move checkers; None for resignations and forfeits."""
    if game.get("wasResignation") is True or game.get("wasForfeit") is True:
        return None
    entries = [mapping(e) for e in sequence(game.get("moves"))]
    last: int | None = None
    i = 0
    while i < len(entries):
        entry = entries[i]
        raw = plain_int(entry.get("player"))
        if is_cube_record(entry):
            if doubled(entry):
                answer = entries[i + 1] if i + 1 < len(entries) else {}
                if accepted(entry, answer) is False:
                    return raw
                i += 2
                continue
        elif "dancingEquity" not in entry:
            last = raw
        i += 1
    return last


def accepted(entry: Entry, answer: Entry) -> bool | None:
    for source in (entry, answer):
        value = mapping(mapping(source.get("equity")).get("cubeDecision")).get("hasAccepted")
        if isinstance(value, bool):
            return value
    return None


def score_winners(data: Entry, games: Sequence[Entry]) -> list[int | None]:
    """Per game, 0 (green) or 1 (red) whose score grew afterwards, or None."""
    out: list[int | None] = []
    for i, game in enumerate(games):
        before = (plain_int(game.get("scoreGreen")), plain_int(game.get("scoreRed")))
        if i + 1 < len(games):
            nxt = games[i + 1]
            after = (plain_int(nxt.get("scoreGreen")), plain_int(nxt.get("scoreRed")))
        else:
            after = (plain_int(data.get("finalGreen")), plain_int(data.get("finalRed")))
        grew = [
            b is not None and a is not None and a > b for b, a in zip(before, after, strict=True)
        ]
        out.append(0 if grew[0] and not grew[1] else 1 if grew[1] and not grew[0] else None)
    return out


def green_sign(games: Sequence[Entry], winners: Sequence[int | None]) -> tuple[int, int, int]:
    """The ``player`` value meaning green, and the votes for -1 and for +1."""
    minus = plus = 0
    for game, winner in zip(games, winners, strict=True):
        raw = structural_winner(game)
        if winner is None or raw not in (-1, 1):
            continue
        if (raw == -1) == (winner == 0):
            minus += 1
        else:
            plus += 1
    return (1 if plus > minus else -1), minus, plus
