"""Replaying a match through the engine: findings and records.

Each game is replayed by :class:`gamao_cli.analysis.game_replay.GameReplay`; this module
carries the match state between games (scores, Crawford, the match's end) and collects what
the games report.
"""

from __future__ import annotations

from gamao_cli.analysis.codes import CHECK_CODES
from gamao_cli.analysis.conventions import is_single_game_export
from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.game_replay import GameReplay, Probe, Snapshot, Stop, match_win
from gamao_cli.analysis.options import CheckOptions, EffectiveRules, effective_rules
from gamao_cli.analysis.plays_applied import plays_applied
from gamao_cli.analysis.records import Applied, CubeRecord, GameRecord, MatchReplay, PlayRecord
from gamao_cli.engine.cube import CubeState
from gamao_cli.engine.match_score import MatchScore
from gamao_cli.engine.position import Position
from gamao_cli.i18n import N_
from gamao_cli.model.actions import Action
from gamao_cli.model.diagnostics import Diagnostic
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match


class MatchReplayer:
    """Replays one match; collects findings and records."""

    probe: Probe | None = None
    snapshot: Snapshot | None = None
    # When set, the single-die steps (with real hits) of every legal play, by id(Move).
    canonical: dict[int, tuple[tuple[int, int, bool], ...]] | None = None
    # When set, every play applied with the boards after it (mover's, opponent's), in the
    # order played (the plays not applied, illegal or unreadable, are left out).
    applied: list[Applied] | None = None
    # Whether findings carry the position's Position ID, Match ID and XGID (the tables,
    # which have no column for them, ask for none: encoding them is a tenth of a replay).
    ids: bool = True
    # Whether each play is recorded (``plays``: a PlayRecord with its pips, and each game's
    # pips at its first bear-off). Without, the plays are only counted (MatchReplay.played)
    # and the first bear-offs left None: the findings are the same, and the replay costs
    # four fifths, for callers that read no records (check, filter, fingerprints).
    records: bool = True

    def __init__(
        self, match: Match, options: CheckOptions, index: int = 0, file: str | None = None
    ) -> None:
        self.match = match
        self.options = options
        self.index = index
        self.file = file or match.location.file
        self.rules: EffectiveRules = effective_rules(match, options)
        self.findings: list[Finding] = []
        self.plays: list[PlayRecord] = []
        self.cube_actions: list[CubeRecord] = []
        self.jacoby_votes: list[bool] = []

    def name(self, player: int | None) -> str | None:
        if player is None:
            return None
        return self.match.players[player]

    def draw(
        self, pos: Position, cube: CubeState, score: MatchScore, dice: tuple[int, int] | None
    ) -> str | None:
        from gamao_cli.engine.board_text import draw_board

        try:
            return draw_board(
                pos,
                self.match.players,
                cube_value=cube.value,
                cube_owner=cube.owner,
                score=score.score,
                match_length=self.match.length,
                dice=dice,
                rules=self.rules.ruleset,
            )
        except ValueError:
            return None

    def infer_winner(self, index: int, points: int) -> int | None:
        games = self.match.games
        if index + 1 >= len(games):
            return None
        now, nxt = games[index].score, games[index + 1].score
        if now is None or nxt is None:
            return None
        gains = (nxt[0] - now[0], nxt[1] - now[1])
        if gains[0] > 0 and gains[1] == 0:
            return 0
        if gains[1] > 0 and gains[0] == 0:
            return 1
        return None

    def diagnostics(self) -> None:
        for d in self.match.diagnostics:
            self.findings.append(finding_from_diagnostic(d, self.file))

    def run(self) -> MatchReplay:
        self.diagnostics()
        match = self.match
        recorded = self.rules.recorded_variant
        if recorded is not None and match.games:
            self.findings.append(
                _finding(
                    "X432",
                    N_("the record says {recorded}; replayed as {variant} as asked").format(
                        recorded=recorded.value, variant=self.rules.variant.value
                    ),
                    self.file,
                    match.games[0],
                )
            )
        ms = MatchScore(match.length, (0, 0), self.rules.crawford)
        games: list[GameRecord] = []
        played = 0
        won_at: int | None = None
        for index, game in enumerate(match.games):
            if game.score is not None:
                if index > 0 and game.score != ms.score:
                    self.findings.append(self._score_finding(game, ms.score))
                ms = ms.restated(game.score)
            if ms.is_over and won_at is None:
                won_at = index
            if ms.is_over:
                self.findings.append(
                    _finding(
                        "X406",
                        N_(
                            "game {game} is played after the match was won ({score} in a "
                            "{length}-point match)"
                        ).format(
                            game=game.number,
                            score=f"{ms.score[0]}-{ms.score[1]}",
                            length=match.length,
                        ),
                        self.file,
                        game,
                    )
                )
            replay = GameReplay(self, game, index, ms)
            if game.crawford and not replay.crawford:
                self.findings.append(
                    _finding(
                        "X412",
                        "the record marks this game as the Crawford game, but the score says "
                        "it is not",
                        self.file,
                        game,
                    )
                )
            record = replay.run()
            played += replay.played
            games.append(record)
            self._check_match_flag(game, ms, record)
            if record.winner is not None and record.points is not None:
                ms = ms.after(record.winner, record.points)
            elif ms.is_crawford_game:
                ms = ms.after(0, 0)
        if match.length > 0 and games and not ms.is_over:
            last = match.games[-1]
            if is_single_game_export(match):
                code, what = (
                    "X418",
                    N_("a single game exported as a match of {length} points ends").format(
                        length=match.length
                    ),
                )
            else:
                code, what = "X413", N_("the match ends")
            self.findings.append(
                _finding(
                    code,
                    N_("{what} at {score}, before either player reached {length}").format(
                        what=what, score=f"{ms.score[0]}-{ms.score[1]}", length=match.length
                    ),
                    self.file,
                    last,
                )
            )
        return MatchReplay(
            file=self.file,
            index=self.index,
            match=match,
            games=tuple(games),
            plays=tuple(self.plays),
            played=played,
            cube_actions=tuple(self.cube_actions),
            findings=tuple(self.findings),
            final_score=ms.score,
            winner=ms.winner,
        )

    def _check_match_flag(self, game: Game, before: MatchScore, record: GameRecord) -> None:
        win = match_win(game.actions)
        if win is None:
            return
        if self.match.length == 0:
            if not any(f.code == "X419" for f in self.findings):
                self.findings.append(
                    _finding(
                        "X419",
                        "`and the match` in a money session (reported once): ignored",
                        self.file,
                        game,
                        win,
                        self.name(win.player),
                    )
                )
            return
        if record.winner is None or record.points is None:
            return
        after = before.after(record.winner, record.points)
        if not after.is_over:
            self.findings.append(
                _finding(
                    "X407",
                    N_(
                        "'and the match' on a game that leaves the score at {score} in a "
                        "{length}-point match"
                    ).format(score=f"{after.score[0]}-{after.score[1]}", length=self.match.length),
                    self.file,
                    game,
                    win,
                    self.name(win.player),
                )
            )
        elif win.player is not None and win.player != after.winner:
            self.findings.append(
                _finding(
                    "X407",
                    N_("the record says {player} won the match, but {winner} did").format(
                        player=self.name(win.player), winner=self.name(after.winner)
                    ),
                    self.file,
                    game,
                    win,
                    self.name(win.player),
                )
            )

    def _score_finding(self, game: Game, expected: tuple[int, int]) -> Finding:
        assert game.score is not None
        return _finding(
            "X405",
            N_("game {game} starts at {score}, but the previous games give {expected}").format(
                game=game.number,
                score=f"{game.score[0]}-{game.score[1]}",
                expected=f"{expected[0]}-{expected[1]}",
            ),
            self.file,
            game,
            at=game.score_location,
        )


def _finding(
    code: str,
    message: str,
    file: str,
    game: Game,
    action: Action | None = None,
    player: str | None = None,
    at: Location | None = None,
) -> Finding:
    """A finding at ``at``, else at ``action``, else at the game's header."""
    spec = CHECK_CODES[code]
    loc = at or (action.location if action is not None else game.location)
    return Finding(
        code=code,
        severity=spec.severity,
        rule=spec.rule,
        file=loc.file or file,
        line=loc.line,
        column=loc.column,
        game=game.number,
        move=getattr(action, "number", None),
        player=player,
        message=message,
        recorded=getattr(action, "text", None) or None,
    )


def finding_from_diagnostic(d: Diagnostic, file: str) -> Finding:
    return Finding(
        code=d.code,
        severity=d.severity,
        rule=None,
        file=d.location.file or file,
        line=d.location.line,
        column=d.location.column,
        game=d.game,
        move=d.move,
        player=None,
        message=d.message,
    )


def replay_match(
    match: Match,
    options: CheckOptions | None = None,
    index: int = 0,
    file: str | None = None,
    *,
    ids: bool = True,
    records: bool = True,
) -> MatchReplay:
    """Replay one match: its findings (reader diagnostics included) and records. ``ids``:
    whether findings carry the identifiers of their positions (Position ID, Match ID, XGID);
    ``records``: whether plays are recorded (:attr:`MatchReplayer.records`)."""
    replayer = MatchReplayer(match, options or CheckOptions(), index, file)
    replayer.ids = ids
    replayer.records = records
    return replayer.run()


def plays_of(match: Match, options: CheckOptions) -> tuple[list[Applied], EffectiveRules]:
    """The plays the replay of ``match`` applies, in order, with the boards after each
    (:attr:`MatchReplayer.applied`), and the rules it is replayed under: from the boards alone
    (:func:`plays_applied`) where they tell, else from the full replay (its findings unused)."""
    rules = effective_rules(match, options)
    applied = plays_applied(match, rules.ruleset)
    if applied is not None:
        return applied, rules
    replayer = MatchReplayer(match, options)
    replayer.applied = []
    replayer.ids = False  # findings are not kept: no position identifiers for them
    replayer.records = False  # nor play records
    replayer.run()
    return replayer.applied, replayer.rules


def snapshot_at(match: Match, probe: Probe, options: CheckOptions | None = None) -> Snapshot | None:
    """Replay ``match`` up to the first action ``probe`` accepts; the state before it."""
    replayer = MatchReplayer(match, options or CheckOptions())
    replayer.probe = probe
    try:
        replayer.run()
    except Stop:
        return replayer.snapshot
    return None


__all__ = ["MatchReplayer", "Probe", "Snapshot", "replay_match", "snapshot_at"]
