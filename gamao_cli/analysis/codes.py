"""Finding codes: stable, never reused or renumbered (docs/codes.md lists them all).

R2xx checker plays, C3xx the cube, X4xx results, scores and the match. Reader diagnostics
(P0xx inputs, P1xx ``.mat``, P2xx SGF, P3xx JSON, P401-P449 XG ``.xg``/``.xgp``, P45x-P46x
BGBlitz ``.bgf``, P5xx FIBS/GMD/JavaFIBS/bgammon, P6xx position files) are declared by the
format families (``FAMILY.codes`` and ``FAMILY.severities`` in each subpackage of
:mod:`gamao_cli.formats`) and by :mod:`gamao_cli.formats.inputs`, and merged here.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamao_cli.model.diagnostics import Severity

ERR, WARN, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    severity: Severity
    rule: str | None
    title: str
    example: str = ""


_CHECK_CODES = (
    Code("R201", ERR, "M1", "a hop's distance matches no die", "64: 24/18 13/10"),
    Code("R202", ERR, "M1", "more moves than the dice give", "61: 13/7 8/7 6/5"),
    Code(
        "R203", ERR, "M1", "a checker moves from a point where the mover has none", "31: 12/9 6/5"
    ),
    Code(
        "R204",
        ERR,
        "M2",
        "a checker lands on (or passes through) a point held by the opponent",
        "61: 13/7 8/7 with the opponent holding 7",
    ),
    Code("R205", ERR, "H3", "entering on a point held by the opponent", "bar/20 with 20 held"),
    Code("R206", ERR, "H2", "another checker moves while one is on the bar", "52: 13/8 13/11"),
    Code("R207", ERR, "B1", "bearing off while checkers are outside the home board", "6/off 8/7"),
    Code(
        "R208",
        ERR,
        "B4",
        "bearing off from a lower point with a higher die while a higher point is occupied",
        "61: 3/off with a checker on 5",
    ),
    Code("R209", ERR, "M4", "fewer dice used than possible", "66: 13/7 (more 6s playable)"),
    Code(
        "R210",
        ERR,
        "M4",
        "the smaller die played when only one die can be used and the larger could",
        "62: 3/1 when 6 could be played",
    ),
    Code(
        "R211",
        ERR,
        "M5",
        "no play recorded while a legal play existed",
        "43: (empty) / Cannot Move",
    ),
    Code(
        "R212",
        ERR,
        "H4",
        "a play recorded for a roll that cannot be played",
        "bar/20 against a closed board",
    ),
    Code("R213", ERR, "S3", "a double as the opening roll", "1) 33: 8/5(2) 6/3(2)"),
    Code("R214", ERR, "M1", "a play moves a checker backward or to an impossible point", "31: 5/8"),
    Code(
        "R215",
        ERR,
        None,
        "a play by the player not on roll (the other side's turn is missing)",
        "two rows in one column in a row",
    ),
    Code(
        "R216",
        ERR,
        None,
        "an action after the game has ended",
        "a roll after the last checker was borne off",
    ),
    Code("R217", ERR, None, "a roll cell the reader could not read as a play", "31: 8/x"),
    Code(
        "R218",
        ERR,
        "M1",
        "an Illegal play cell: the record itself says the play was illegal",
        "Illegal play (...)",
    ),
    Code(
        "R220",
        INFO,
        "M1",
        "a legal play written in an order that is not legal step by step",
        "61: 1/off 11/5",
    ),
    Code("R221", WARN, "H1", "a hit mark where nothing was hit", "31: 8/5* 6/5"),
    Code(
        "R222",
        WARN,
        None,
        "the rest of the game cannot be verified: a play could not be applied",
        "",
    ),
    Code(
        "R230",
        ERR,
        "N3",
        "Long Nardy: a checker lands on a point an opposing checker holds (nothing is hit)",
        "65: 24/13 with the opponent's head on 12... 13 held",
    ),
    Code(
        "R231",
        ERR,
        "N4",
        "Long Nardy: a second checker leaves the head in one turn",
        "61: 24/18 24/23",
    ),
    Code(
        "R232",
        ERR,
        "N5",
        "Long Nardy: six points in a row with no opposing checker in front of them",
        "51: 24/19 23/22 closing W24-W19",
    ),
    Code(
        "R233",
        ERR,
        "T4",
        "tavla: a checker that hit in the home board moves on in the same turn",
        "32: 8/5*/3",
    ),
    Code(
        "R234",
        ERR,
        "house:five-checker-limit",
        "a sixth checker on a point under the five-checker house rule",
        "31: 8/5 6/5 with five on 5",
    ),
    Code(
        "R235",
        ERR,
        "A6",
        "a checker borne off with a larger die where bear-off needs the exact number",
        "65: 2/off (bearoff=exact)",
    ),
    Code(
        "R236",
        ERR,
        "A4",
        "the other player rolls where the same player rolls again (after a 1-2 played in "
        "full, its named double, or a double under roll-again-after-double)",
        "1-2 played, then the opponent's roll",
    ),
    Code(
        "R237",
        ERR,
        "A4",
        "acey-deucey: the roll after a 1-2 played in full is not a double (the named double)",
        "21: ... then 64 by the same player",
    ),
    Code(
        "R238",
        ERR,
        "house:reroll-opening",
        "the opening roll is played where its winner rolls both dice again (the house rule, "
        "or tavla's T2, Long Nardy's N2, acey-deucey's A2); the rule id says which",
        "GMD `Roll:-: 4 2` then `Move:W: 8/4 6/4` under --house-rule reroll-opening",
    ),
    Code(
        "R239",
        ERR,
        "tabula:enter-first",
        "tabula: a checker passes the 12th point (lands on 13-24 as bgammon.org writes them) "
        "while checkers remain to enter",
        "6-5-4: off/4 4/10 10/15 with checkers still to enter",
    ),
    Code("C301", ERR, "C3", "a double by the player who does not own the cube", ""),
    Code("C302", ERR, "C4", "a double in the Crawford game", ""),
    Code("C303", ERR, "C7", "a double in a game played without the cube", ""),
    Code("C304", ERR, "C3", "a take, drop or beaver with no double to answer", ""),
    Code("C305", ERR, "C6", "a beaver in match play", ""),
    Code("C306", ERR, "C6", "a beaver where the beaver rule is off", ""),
    Code(
        "C307",
        INFO,
        "C6",
        "a beaver in a money session whose record does not say whether beavers "
        "are allowed: implies they are",
        "",
    ),
    Code("C308", ERR, "C2", "a double that is not on the doubler's own turn before rolling", ""),
    Code("C309", ERR, "C3", "a double to the wrong value, or while another double waits", ""),
    Code("C310", ERR, "C3", "a double above the cube limit", ""),
    Code("C311", ERR, "C3", "a double left unanswered", ""),
    Code(
        "C320",
        ERR,
        "T7",
        "a double in a variant played without the cube (tavla T7, Long Nardy N9, acey-deucey "
        "A7; --option cube=on turns it on)",
        "",
    ),
    Code(
        "C321",
        ERR,
        "S3",
        "a match game starting with the cube above 1 under the automatic-doubles house rule, "
        "which is for money play only",
        "SGF CV[2] in a 5-point match",
    ),
    Code(
        "X401",
        ERR,
        "E2",
        "the recorded points differ from the result times the cube",
        "Wins 2 points for a single game on a 1-cube",
    ),
    Code("X402", INFO, "E5", "a resignation: reports the level resigned", ""),
    Code(
        "X403",
        WARN,
        "E5",
        "a resignation worth more than the position allowed",
        "a gammon resigned after the loser bore off",
    ),
    Code(
        "X404",
        ERR,
        "E6",
        "the points recorded after a drop differ from the cube before the double",
        "",
    ),
    Code("X405", ERR, "X2", "a game's starting score does not follow from the previous game", ""),
    Code("X406", ERR, "X3", "a game played after the match was won", ""),
    Code(
        "X407",
        ERR,
        "X1",
        "the recorded match winner is wrong",
        "and the match on a game that does not decide it",
    ),
    Code("X408", ERR, "E1", "a game that ends with no result", ""),
    Code(
        "X409",
        INFO,
        "C5",
        "a money result that is right under one Jacoby setting only: reports which it implies",
        "",
    ),
    Code("X410", ERR, "E1", "the recorded winner is not the player who won the game", ""),
    Code("X411", INFO, None, "the record does not say who won: the winner is inferred", ""),
    Code("X412", WARN, "C4", "the record marks a different game as the Crawford game", ""),
    Code("X414", WARN, "E1", "the last game of the record is unfinished (no result)", ""),
    Code("X413", WARN, "X1", "the match ends before either player reached the match length", ""),
    Code(
        "X430",
        ERR,
        "T6",
        "the recorded points differ from the variant's scoring (tavla and Long Nardy 1 or 2, "
        "acey-deucey one per checker left)",
        "tavla: Wins 3 for a would-be backgammon",
    ),
    Code(
        "X431",
        ERR,
        "T6",
        "a resignation worth more than the variant's largest result",
        "tavla: a resignation of 3",
    ),
    Code(
        "X432",
        WARN,
        None,
        "the record's own variant differs from --variant: replayed as asked",
        "",
    ),
    Code(
        "X433",
        WARN,
        None,
        "the plays do not fit standard backgammon, but fit one other variant's start (a "
        "record that does not state its variant): try --variant",
        "gnubg's Snowie text of a nackgammon match",
    ),
    Code(
        "X415",
        WARN,
        None,
        "a variant the engine does not play: the games are read but not verified (retired: "
        "every variant gamao reads is played since tabula was added; never reused)",
        "",
    ),
)

_CONVENTION_CODES = (
    Code(
        "X416",
        INFO,
        "E2",
        "points capped at what the winner needed to win the match (a writer's convention)",
        "Wins 2 point and the match after a 4-cube win at 2-away",
    ),
    Code(
        "X417",
        INFO,
        "X1",
        "the match conceded: a result worth more than any game, the winner takes the match",
        "Wins 100 points (GridGammon), Wins 4016 point after ???? (Backgammon Studio)",
    ),
    Code(
        "X418",
        INFO,
        "X1",
        "a single game exported as a match (Backgammon Galaxy): the length is nominal",
        "16 point match with one game",
    ),
    Code(
        "X419",
        INFO,
        None,
        "`and the match` in a money session: the writer's habit, ignored",
        "",
    ),
    Code(
        "X420",
        INFO,
        "C4",
        "a double in the first game of a match resumed at match point: the Crawford game may "
        "have been played before the record starts",
        "",
    ),
)
"""Writers' conventions that look like errors (docs/check.md, "Writers' conventions")."""

CHECK_CODES: dict[str, Code] = {c.code: c for c in (*_CHECK_CODES, *_CONVENTION_CODES)}

# Judgement kinds (engine.plays.REASONS) to codes.
PLAY_CODES = {
    "wrong-distance": "R201",
    "too-many-moves": "R202",
    "no-checker": "R203",
    "blocked": "R204",
    "blocked-entry": "R205",
    "bar-first": "R206",
    "bear-off-early": "R207",
    "bear-off-higher": "R208",
    "fewer-dice": "R209",
    "smaller-die": "R210",
    "no-play-recorded": "R211",
    "play-when-dancing": "R212",
}

# Cube violation kinds (engine.cube.CUBE_KINDS) to codes.
CUBE_CODES = {
    "double-not-owner": "C301",
    "double-crawford": "C302",
    "double-no-cube": "C303",
    "response-no-double": "C304",
    "response-own-double": "C304",
    "beaver-match": "C305",
    "beaver-off": "C306",
    "double-pending": "C309",
    "double-value": "C309",
    "double-limit": "C310",
}


def reader_codes() -> dict[str, str]:
    """The readers' diagnostic codes and what each means: the inputs' and every format
    family's (:data:`gamao_cli.formats.registry.FAMILIES`)."""
    from gamao_cli.formats.inputs import INPUT_CODES
    from gamao_cli.formats.registry import FAMILIES

    out = dict(INPUT_CODES)
    for family in FAMILIES:
        out.update(family.codes)
    return out


def all_codes() -> dict[str, Code]:
    """Every code: the checker's and the readers' (reader diagnostics carry their own
    severity; they are listed here with the most severe each ever is)."""
    from gamao_cli.formats.inputs import INPUT_SEVERITIES
    from gamao_cli.formats.registry import FAMILIES

    severities = dict(INPUT_SEVERITIES)
    for family in FAMILIES:
        severities.update(family.severities)
    out = dict(CHECK_CODES)
    for code, title in reader_codes().items():
        out.setdefault(code, Code(code, severities.get(code, ERR), None, title))
    return dict(sorted(out.items()))
