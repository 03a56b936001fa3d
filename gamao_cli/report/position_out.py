"""A position read from a file as text (``gamao show FILE``): the board, its XGID, the legal
plays or the cube decision, the analysis the file records and its comments; the reader's
diagnostics on it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamao_cli.analysis.position_file import xgid_of
from gamao_cli.engine.board_text import MARKS, draw_board
from gamao_cli.engine.play_list import plays_line
from gamao_cli.engine.plays import legal_plays
from gamao_cli.engine.ruleset import STANDARD
from gamao_cli.i18n import N_, _, translate_message
from gamao_cli.model.terminal_text import terminal_safe

if TYPE_CHECKING:
    from gamao_cli.analysis.position_file import FilePosition
    from gamao_cli.model.analysis import CheckerAnalysis, CubeAnalysis


def position_text(fp: FilePosition, shown: str) -> str:
    """Position ``fp`` of the file ``shown`` as ``gamao show FILE`` prints it."""
    arg = fp.arg
    start = fp.game.start
    written = start.text if start is not None and start.text else ""
    lines = [
        _("{file} position {number}").format(file=shown, number=fp.number)
        + (f": {terminal_safe(written)}" if written else "")
    ]
    problems = arg.position.problems()
    if problems:
        lines.append(" " + _("The position is impossible: {problems}").format(problems=problems[0]))
        return "\n".join(lines)
    lines.append(
        draw_board(
            arg.position,
            fp.names,
            cube_value=arg.cube_value,
            cube_owner=arg.cube_owner,
            score=arg.score,
            match_length=arg.match_length,
            dice=arg.dice,
            crawford=bool(fp.game.crawford),
        ).rstrip("\n")
    )
    xgid = xgid_of(fp)
    if xgid:
        lines.append(f" {xgid}")
    turn = arg.position.turn
    if fp.double_offered:
        lines.append(
            " "
            + _("{mark} has doubled: {other} to take or pass").format(
                mark=MARKS[turn], other=MARKS[1 - turn]
            )
        )
    elif arg.dice is None:
        lines.append(
            " " + _("A cube decision (no dice): gamao moves FILE --dice D lists the plays")
        )
    else:
        pos = arg.position
        lines.append(" " + plays_line(legal_plays(STANDARD, pos.mover, pos.opponent, arg.dice)))
    ann = fp.annotation
    if ann is not None and ann.checker is not None and ann.checker.candidates:
        lines += checker_lines(ann.checker, ann.source)
    if ann is not None and ann.cube is not None:
        lines += cube_lines(ann.cube, ann.source)
    lines += [f" ; {terminal_safe(comment)}" for comment in fp.match.comments]
    return "\n".join(lines)


def _signed(value: float | None) -> str:
    return "?" if value is None else f"{value:+.3f}"


def _percent(value: float) -> str:
    return f"{value * 100:.2f}%"


def checker_lines(checker: CheckerAnalysis, source: str) -> list[str]:
    """The recorded checker analysis as text: rank, play, equity and level, in the analyser's
    order (differences are not shown: recomputed from rounded equities they may differ from
    the analyser's own by 0.001)."""
    lines = [" " + _("Analysis ({who}):").format(who=_who(source, checker.level))]
    plays = [" ".join(str(s) for s in c.steps) or _("(no play)") for c in checker.candidates]
    width = max((len(p) for p in plays), default=0)
    for rank, (cand, play) in enumerate(zip(checker.candidates, plays, strict=True), start=1):
        level = f"  {cand.level}" if cand.level and cand.level != checker.level else ""
        lines.append(f"  {rank:>2}. {play:<{width}}  eq {_signed(cand.equity)}{level}")
    return lines


def cube_lines(cube: CubeAnalysis, source: str) -> list[str]:
    """The recorded cube analysis as text: the three cubeful equities and the best action."""
    lines = [" " + _("Cube analysis ({who}):").format(who=_who(source, cube.level))]
    if cube.probabilities is not None:
        p = cube.probabilities
        lines.append(
            "  "
            + _(
                "wins {win} (gammons {win_g}, backgammons {win_bg}); loses gammons {lose_g}, "
                "backgammons {lose_bg}"
            ).format(
                win=_percent(p.win),
                win_g=_percent(p.win_gammon),
                win_bg=_percent(p.win_backgammon),
                lose_g=_percent(p.lose_gammon),
                lose_bg=_percent(p.lose_backgammon),
            )
        )
    rows = (
        (_("No double"), cube.no_double),
        (_("Double/take"), cube.double_take),
        (_("Double/pass"), cube.double_pass),
    )
    for label, value in rows:
        lines.append(f"  {label + ':':<13} {_signed(value)}")
    best = best_cube_action(cube)
    if best:
        lines.append("  " + _("Best: {action}").format(action=_(best)))
    return lines


def best_cube_action(cube: CubeAnalysis) -> str:
    """The right cube action by the equities: the doubler's, then the taker's answer."""
    nd, dt, dp = cube.no_double, cube.double_take, cube.double_pass
    if nd is None or dt is None or dp is None:
        return ""
    if min(dt, dp) > nd:
        return N_("double, take") if dt <= dp else N_("double, pass")
    if dt > dp:
        return N_("too good to double, pass")
    return N_("no double, take")


def _who(source: str, level: str) -> str:
    parts = [p for p in (source, level) if p]
    return ", ".join(parts) if parts else _("recorded")


def warnings_of(fp: FilePosition) -> list[str]:
    """The reader's diagnostics on this position, one line each, for standard error."""
    out = []
    for d in fp.diagnostics:
        severity, message = _(d.severity.value), translate_message(d.message)
        out.append(f"{severity}: {d.location}: {message} ({d.code})")
    return out
