"""Replaying a match through the engine: findings and records.

Each game is replayed by :class:`gamao_cli.analysis.game_replay.GameReplay`; this module
carries the match state between games (scores, Crawford, the match's end) and collects what
the games report.
"""

from __future__ import annotations

from gamao_cli.analysis.codes import CHECK_CODES
from gamao_cli.analysis.conventions import is_single_game_export
from gamao_cli.analysis.findings import Finding
from gamao_cli.analysis.game_replay import GameReplay, Snapshot, Stop
from gamao_cli.analysis.options import CheckOptions, EffectiveRules, effective_rules
from gamao_cli.analysis.plays_applied import plays_applied
from gamao_cli.analysis.records import Applied, CubeRecord, GameRecord, MatchReplay, PlayRecord
from gamao_cli.analysis.replay_results import match_win
from gamao_cli.analysis.replay_state import MatchSetting, Probe, ReplaySink, Watch
from gamao_cli.analysis.variant_hint import GAMES_TRIED, early_error, variant_hint, wants_hint
from gamao_cli.engine.match_score import MatchScore
from gamao_cli.i18n import N_
from gamao_cli.model.actions import Action
from gamao_cli.model.diagnostics import Diagnostic
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match


class MatchReplayer:
    """Replays one match; collects findings and records."""

    probe: Probe | None = None
    # When set, told the state before each action of each game (and after its last).
    watch: Watch | None = None
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
    # Whether a match replayed as standard whose games err in their first plays is replayed
    # again under the variants its plays may fit, for a hint (X433; analysis.variant_hint).
    hints: bool = True

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
        self.ms = MatchScore(match.length, (0, 0), self.rules.crawford)
        self.game_records: list[GameRecord] = []  # the games replayed (since the previous part)
        self.played = 0  # plays replayed (since the previous part)
        self.replayed = 0  # games replayed in all
        self.won_at: int | None = None
        self.next_game: Game | None = None  # the game after it, None for the last
        self.last_game: Game | None = None  # the last game replayed
        self.held: list[Game] = []  # a part's last game, waiting for the next part
        self.match_part = match  # the part being replayed (a match read whole: the match)
        self.money_flag_reported = False  # X419, reported once a match
        self.hinting = wants_hint(options, self.rules.variant)  # X433 may be given
        self.suspects: list[Game] = []  # games with an early play error, for X433
        self.hint_at: int | None = None  # where the first suspect's findings start, if here
        self.setting: MatchSetting | None = None  # what the games read, fixed at the start

    def name(self, player: int | None) -> str | None:
        if player is None:
            return None
        return self.match.players[player]

    def diagnostics(self) -> None:
        for d in self.match.diagnostics:
            self.findings.append(finding_from_diagnostic(d, self.file))

    def run(self) -> MatchReplay:
        self.begin()
        games = self.match.games
        count = len(games)
        for index, game in enumerate(games):
            self.next_game = games[index + 1] if index + 1 < count else None
            self.replay_game(index, game)
        return self.end()

    def run_part(self, part: Match) -> MatchReplay:
        """Replay one part of a match read in parts (:attr:`Match.part`), the parts in order
        to one replayer (made with the first): what the games replayed now gave. The last game
        of a continued part waits for the next part (the next game's score may tell its
        winner); the last part ends the match. A match read whole is one part: the same
        replay as :meth:`run`."""
        if part.part == 0:
            self.begin()
        else:
            self.match_part = part
            self.diagnostics_of(part)
        games = [*self.held, *part.games]
        self.held = []
        last = len(games) - 1
        for at, game in enumerate(games):
            if at == last and part.continued:
                self.held.append(game)
                break
            self.next_game = games[at + 1] if at < last else None
            self.replay_game(self.replayed, game)
        if not part.continued:
            return self.end()
        replay = self.result(part)
        self.hint_at = None  # the findings so far are given: a hint now comes where it is found
        self.findings, self.plays, self.cube_actions, self.game_records = [], [], [], []
        self.played = 0
        return replay

    def diagnostics_of(self, part: Match) -> None:
        for d in part.diagnostics:
            self.findings.append(finding_from_diagnostic(d, self.file))

    def begin(self) -> None:
        """The match's first findings: the reader's diagnostics, a variant asked over the
        record's."""
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
        self.ms = MatchScore(match.length, (0, 0), self.rules.crawford)
        self.setting = MatchSetting(
            match,
            self.rules,
            self.options,
            self.file,
            ids=self.ids,
            records=self.records,
            probe=self.probe,
            watch=self.watch,
        )

    def replay_game(self, index: int, game: Game) -> None:
        """Replay the game at ``index`` (:attr:`next_game` is the one after it, or None)."""
        ms = self.ms
        match = self.match
        start = len(self.findings)
        if game.score is not None:
            if index > 0 and game.score != ms.score:
                self.findings.append(self._score_finding(game, ms.score))
            ms = ms.restated(game.score)
        if ms.is_over and self.won_at is None:
            self.won_at = index
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
        assert self.setting is not None
        sink = ReplaySink(
            self.findings, self.plays, self.cube_actions, self.canonical, self.applied
        )
        replay = GameReplay(self.setting, sink, game, index, ms, self.next_game)
        if game.crawford and not replay.crawford:
            self.findings.append(
                _finding(
                    "X412",
                    "the record marks this game as the Crawford game, but the score says it is not",
                    self.file,
                    game,
                )
            )
        record = replay.run()
        if self.hinting and self.hints and early_error(self.findings[start:]):
            self._suspect(game, start)
        self.played += replay.played
        self.game_records.append(record)
        self.replayed += 1
        self.last_game = game
        self._check_match_flag(game, ms, record)
        if record.winner is not None and record.points is not None:
            ms = ms.after(record.winner, record.points)
        elif ms.is_crawford_game:
            ms = ms.after(0, 0)
        self.ms = ms

    def end(self) -> MatchReplay:
        """The match's last findings (a match that ends before its length) and its replay."""
        match = self.match
        ms = self.ms
        last = self.last_game
        if self.suspects:
            self._hint()
        if match.length > 0 and last is not None and not ms.is_over:
            if self.replayed == 1 and is_single_game_export(match):
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
        return self.result(self.match_part)

    def result(self, part: Match) -> MatchReplay:
        """What the replay gave since the previous part (all of it for a match read whole)."""
        ms = self.ms
        return MatchReplay(
            file=self.file,
            index=self.index,
            match=part,
            games=tuple(self.game_records),
            plays=tuple(self.plays),
            played=self.played,
            cube_actions=tuple(self.cube_actions),
            findings=tuple(self.findings),
            final_score=ms.score,
            winner=ms.winner,
        )

    def _suspect(self, game: Game, start: int) -> None:
        """A game with an early play error: the hint is looked for once :data:`GAMES_TRIED`
        are found (or at the match's end)."""
        if not self.suspects:
            self.hint_at = start
        self.suspects.append(game)
        if len(self.suspects) == GAMES_TRIED:
            self._hint()

    def _hint(self) -> None:
        """X433, once a match: before the first suspect game's findings (when they are not
        yet given), when the suspects' plays fit one variant."""
        self.hinting = False
        suspects, self.suspects = self.suspects, []
        hint = variant_hint(self.match, self.options, suspects, self.file, _recheck)
        if hint is None:
            return
        if self.hint_at is None:
            self.findings.append(hint)
        else:
            self.findings.insert(self.hint_at, hint)

    def _check_match_flag(self, game: Game, before: MatchScore, record: GameRecord) -> None:
        win = match_win(game.actions)
        if win is None:
            return
        if self.match.length == 0:
            if not self.money_flag_reported:
                self.money_flag_reported = True
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


def _recheck(match: Match, options: CheckOptions) -> tuple[Finding, ...]:
    """The findings of ``match`` replayed under ``options``, without identifiers, records or
    hints (a variant hint's trial replay)."""
    replayer = MatchReplayer(match, options)
    replayer.ids = False
    replayer.records = False
    replayer.hints = False
    return replayer.run().findings


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
    replayer.hints = False  # nor a variant hint
    replayer.run()
    return replayer.applied, replayer.rules


def snapshot_at(match: Match, probe: Probe, options: CheckOptions | None = None) -> Snapshot | None:
    """Replay ``match`` up to the first action ``probe`` accepts; the state before it."""
    replayer = MatchReplayer(match, options or CheckOptions())
    replayer.probe = probe
    try:
        replayer.run()
    except Stop as stop:
        return stop.snapshot
    return None


__all__ = ["MatchReplayer", "Probe", "Snapshot", "replay_match", "snapshot_at"]
