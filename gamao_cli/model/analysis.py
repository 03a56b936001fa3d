"""Analysis recorded in a match file (XG, gnubg SGF, BGBlitz) or computed by an engine.

An analysis is an annotation of a game's actions, kept apart from the actions themselves:
``Game.annotations`` holds one :class:`Annotation` per analysed action, naming the action by
its index in ``Game.actions``. Reading and replaying never need it; skill analysis
(PR, error rates, luck) is a reduction over these records.

Conventions (docs/json-schema.md, "annotations"):

* Every equity is **normalised** (money-equivalent, EMG: +1 is a single game won) and seen
  from the side of the player who is on roll at that decision (the mover for a checker play,
  the player who may double for a cube decision). Matches and money alike.
* Errors are magnitudes (>= 0): how much equity the decision made gave away against the best
  one. ``None`` means the analyser did not say.
* ``level`` is the analyser's own name for its depth: ``"3-ply"``, ``"0-ply"``, ``"rollout"``,
  ``"book"``, ...; ``source`` says which program analysed it (``"xg"``, ``"gnubg"``,
  ``"bgblitz"``, or an engine such as ``"bgsage"``).
* ``counts`` is whether the analyser counts the decision in its statistics (XG's "does not
  count as a decision" flag, gnubg's forced / close rules); ``None``: it does not say.
* Match-winning chances (``*_mwc``) are kept where the analyser stores them instead of
  equities: gnubg's ``DA`` cube analysis of a match gives the cubeful no-double and
  double-take values as MWC, and turning them into equities needs the match equity table
  gnubg used, which the file does not name. Such a decision has the MWC fields, a
  ``double_pass`` of +1 (a pass always wins the cube's points: +1 normalised) and ``None``
  for the equities and errors that would need the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamao_cli.model.actions import Step


@dataclass(frozen=True, slots=True)
class Probabilities:
    """Cubeless chances for the player on roll, as fractions (gammons include backgammons)."""

    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float


@dataclass(frozen=True, slots=True)
class Candidate:
    """One play the analyser considered: its steps (mover's numbering) and its equity."""

    steps: tuple[Step, ...]
    equity: float
    probabilities: Probabilities | None = None
    level: str = ""  # the level this candidate was evaluated at, where it differs per candidate


@dataclass(frozen=True, slots=True)
class CheckerAnalysis:
    """A checker play: the candidates in the analyser's order and the error of the one made."""

    candidates: tuple[Candidate, ...]
    played: int | None  # index in ``candidates`` of the play made; None if it is not listed
    error: float | None  # equity lost by the play made (>= 0)
    level: str = ""
    counts: bool | None = None
    error_mwc: float | None = None  # the same loss in match-winning chance (matches only)


@dataclass(frozen=True, slots=True)
class CubeAnalysis:
    """A cube decision: cubeful equities of no double / double-take / double-pass.

    Seen from the player who may double. ``doubler_error`` is what that player's action lost
    (doubling or not), ``taker_error`` what the opponent's answer lost (where there was one).
    """

    no_double: float | None
    double_take: float | None
    double_pass: float | None
    doubler_error: float | None = None
    taker_error: float | None = None
    probabilities: Probabilities | None = None
    level: str = ""
    counts: bool | None = None
    cubeless: float | None = None  # the cubeless equity of the position (normalised)
    no_double_mwc: float | None = None  # cubeful MWC of no double (matches, see above)
    double_take_mwc: float | None = None  # cubeful MWC of double, take


@dataclass(frozen=True, slots=True)
class Annotation:
    """What an analyser said of one action of a game.

    ``action`` is an index into ``Game.actions``. For a ``Move``: ``checker`` is the play's
    analysis, ``cube`` the cube decision before the roll (the player did not double), ``luck``
    the luck of the roll. For a ``Double``: ``cube`` is the decision to double; the answer
    (``Take``/``Drop``/``Beaver``) carries the same ``cube`` with ``taker_error``.

    A position (a game with a ``start`` and no actions: position files, ``.xgp``) is
    analysed for the decision still to be made there: its annotation has ``action`` 0, the
    index the first action would have, ``played`` None and no errors.
    """

    action: int
    checker: CheckerAnalysis | None = None
    cube: CubeAnalysis | None = None
    luck: float | None = None  # equity the roll gained against the average roll
    comment: str = ""  # a comment the record attaches to the action
    source: str = ""
    marks: tuple[tuple[str, str], ...] = ()  # the analyser's own labels, verbatim (gnubg BM[2])
