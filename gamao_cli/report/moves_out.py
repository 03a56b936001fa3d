"""``gamao moves``' listing: every legal play of a position and roll, in the order gnubg
lists them, each with the ID of the position it leaves, and the rank and equity the
position file's analysis gives it; as text (the board, then the plays) or JSON."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gamao_cli.engine import gamao_id
from gamao_cli.engine.board_text import draw_board
from gamao_cli.engine.ids import position_id_from_boards
from gamao_cli.engine.notation import format_play
from gamao_cli.engine.play_list import ordered_plays
from gamao_cli.engine.plays import legal_plays
from gamao_cli.engine.position import Position
from gamao_cli.i18n import _, ngettext
from gamao_cli.model.match import Variant

if TYPE_CHECKING:
    from gamao_cli.analysis.position_file import FilePosition
    from gamao_cli.engine.position_arg import PositionArg
    from gamao_cli.engine.ruleset import RuleSet
    from gamao_cli.model.actions import Board
    from gamao_cli.model.analysis import Candidate


@dataclass(frozen=True, slots=True)
class PlayRow:
    """One legal play: as written, the ID of the position it leaves, the file's analysis
    of it (rank, candidate) if any."""

    play: str
    position_id: str
    rank: tuple[int, Candidate] | None = None


@dataclass(frozen=True, slots=True)
class PlayListing:
    """The legal plays of ``arg``'s position and ``roll`` under ``rules``."""

    arg: PositionArg
    rules: RuleSet
    roll: tuple[int, ...]
    rows: list[PlayRow]
    source: FilePosition | None = None  # the position file's position it is

    @property
    def analysed(self) -> bool:
        return any(row.rank is not None for row in self.rows)


def position_key(rs: RuleSet, mover: Board, opponent: Board, turn: int) -> str:
    """The position's ID from the mover's view: gnubg's Position ID where it carries the
    variant faithfully, else gamao's position string."""
    if gamao_id.standard_ids_fit(rs):
        return position_id_from_boards(mover, opponent)
    return gamao_id.encode(rs, Position.from_view(mover, opponent, turn))


def play_listing(
    arg: PositionArg, rs: RuleSet, roll: tuple[int, ...], source: FilePosition | None = None
) -> PlayListing:
    """Every legal play of ``arg``'s position and ``roll``, ranked by ``source``'s recorded
    analysis where it is for this roll."""
    from gamao_cli.analysis.position_file import candidates_by_result

    pos = arg.position
    ordered = ordered_plays(legal_plays(rs, pos.mover, pos.opponent, roll))
    analysed = candidates_by_result(source, (roll[0], roll[1])) if source is not None else {}
    rows = [
        PlayRow(
            format_play(p.steps),
            position_key(rs, p.mover, p.opponent, pos.turn),
            analysed.get(p.key),
        )
        for p in ordered
    ]
    return PlayListing(arg, rs, roll, rows, source)


def _json_rank(rank: tuple[int, Candidate] | None) -> dict[str, object]:
    """The file's analysis of one play, for the JSON output (nothing if it has none)."""
    if rank is None:
        return {}
    return {"analysis": {"rank": rank[0], "equity": rank[1].equity, "level": rank[1].level}}


def listing_json(listing: PlayListing, file: str | None = None, which: int = 1) -> str:
    """The listing as a JSON document (``file``: the position file's name, if any)."""
    rs, pos = listing.rules, listing.arg.position
    key = "position_id" if gamao_id.standard_ids_fit(rs) else "gamao_id"
    doc: dict[str, object] = {
        key: position_key(rs, pos.mover, pos.opponent, pos.turn),
        "dice": list(listing.roll),
        "count": len(listing.rows),
        "forced": len(listing.rows) == 1,
        "plays": [
            {"play": row.play, key: row.position_id, **_json_rank(row.rank)} for row in listing.rows
        ],
    }
    if rs.variant is not Variant.STANDARD:
        doc["variant"] = rs.variant.value
    if file is not None:
        doc["file"] = {"name": file, "position": which}
    return json.dumps(doc, indent=2)


def listing_text(listing: PlayListing) -> str:
    """The board, a blank line, then the plays numbered (with the file's analysis) and
    their count."""
    arg, rows, roll = listing.arg, listing.rows, listing.roll
    source = listing.source
    lines = [
        draw_board(
            arg.position,
            source.names if source is not None else None,
            cube_value=arg.cube_value,
            cube_owner=arg.cube_owner,
            score=arg.score,
            match_length=arg.match_length,
            dice=roll,
            rules=listing.rules,
        ),
        "",
    ]
    if not rows:
        lines.append(
            _("Roll {roll}: no legal play (the roll cannot be played).").format(
                roll="".join(map(str, roll))
            )
        )
        return "\n".join(lines)
    width = len(str(len(rows)))
    play_width = max(len(row.play) for row in rows) if listing.analysed else 0
    for i, row in enumerate(rows, start=1):
        note = ""
        if row.rank is not None:
            rank, cand = row.rank
            level = f", {cand.level}" if cand.level else ""
            note = "  " + _("eq {equity} (analysis #{rank}{level})").format(
                equity=f"{cand.equity:+.3f}", rank=rank, level=level
            )
        lines.append(f"{i:>{width}}. {row.play:<{play_width}}{note}".rstrip())
    if len(rows) == 1:
        lines.append(_("1 legal play (forced)"))
    else:
        lines.append(
            ngettext("{count} legal play", "{count} legal plays", len(rows)).format(count=len(rows))
        )
    return "\n".join(lines)
