"""Assembling a ``.mat`` match: each game when it ends (``Losses`` cells attached to the
``Wins`` they confirm, ``Resigns`` levels, a missing result), then the match (its length
when two length lines disagree, the banner's tags, the rules its tags set).
"""

from __future__ import annotations

import dataclasses

from gamao_cli.formats.beavers import close_beavers
from gamao_cli.formats.mat.banner import banner_fields
from gamao_cli.formats.mat.cells import CellReader
from gamao_cli.formats.mat.state import SEVERITY, MatchBuilder
from gamao_cli.formats.mat.tags import match_rules, tag_players
from gamao_cli.i18n import N_
from gamao_cli.model.actions import Action, Beaver, Double, Drop, Resign, Win
from gamao_cli.model.diagnostics import Diagnostic, Severity
from gamao_cli.model.location import Location
from gamao_cli.model.match import Game, Match, Rules


class GameAssembler(CellReader):
    """Finishes games and matches from what the lower layers read."""

    def finish_game(self) -> None:
        game = self.game
        if game is None:
            return
        self.game = None
        actions = game.actions
        for loser, points, where in game.losses:
            self.attach_losses(actions, loser, points, where, game.number)
        if game.resigned and game.won:
            _resign_levels(actions)
        if game.beavers:  # the take gnubg's .mat leaves out after a beaver (formats/beavers.py)
            actions = close_beavers(actions)
        where = game.location
        if game.expect_score:
            self.report(
                "P103",
                N_("game {number} ends before its score line").format(number=game.number),
                where.column,
                where.line,
                game,
            )
        if not game.won and actions and isinstance(actions[-1], Drop):
            self.report(
                "P125",
                N_("game {number} ends at a drop with no `Wins` line; the drop decides it").format(
                    number=game.number
                ),
                where.column,
                where.line,
                game,
            )
        elif not game.won:
            self.report(
                "P105",
                N_("game {number} has no `Wins` line (truncated or abandoned)").format(
                    number=game.number
                ),
                where.column,
                where.line,
                game,
            )
        self.match.games.append(
            Game(
                number=game.number,
                score=game.score,
                actions=tuple(actions),
                players=game.players,
                location=game.location,
                properties=tuple(game.properties),
                score_location=game.score_at,
            )
        )

    def attach_losses(
        self, actions: list[Action], loser: int, points: int, where: Location, number: int
    ) -> None:
        for index in range(len(actions) - 1, -1, -1):
            win = actions[index]
            if isinstance(win, Win):
                if win.player is None or win.player != loser:
                    actions[index] = dataclasses.replace(
                        win, extra=(*win.extra, ("losses", str(points)))
                    )
                    return
                break
        self.match.diagnostics.append(
            Diagnostic(
                "P117",
                Severity.WARNING,
                N_(
                    "`Losses {points}` of player {player} matches no `Wins` of the other player"
                ).format(points=points, player=loser),
                where,
                number,
            )
        )

    def finish_match(self) -> Match:
        if self.pending:
            if self.game is not None:
                self.flush_pending()
            else:
                for text, where in self.pending:
                    self.header_line(text, where, self.match)
                self.pending.clear()
        self.finish_game()
        match = self.match
        if match.earlier_lengths:
            self.choose_length(match)
        if match.banner_lines:
            self.banner_tags(match)
        if not self.seen_text and not match.diagnostics:
            self.report("P106", "the input is empty", 0, 0)
        elif (
            not match.games
            and not match.games_before
            and not any(d.code == "P106" for d in match.diagnostics)
        ):
            if match.length is None:
                self.report("P104", "no `N point match` line found", 0, 0)
            self.report("P122", "no game found", 0, 0)
        if match.suppressed:
            match.diagnostics.append(
                Diagnostic(
                    "P123",
                    Severity.WARNING,
                    N_("{count} further diagnostics not listed").format(count=match.suppressed),
                    Location(self.file),
                )
            )
        rules, problems = match_rules(match.tags, match.tag_lines)
        match.diagnostics.extend(problems)
        return _built(match, rules, continued=False)

    def take_part(self) -> None:
        """When the games read of a match that may be read in parts (no second length line
        nor banner, which its end decides) reach :attr:`part_games`: those games and the
        diagnostics so far become a part (``continued``) for the driver to yield."""
        match = self.match
        if (
            self.part_games <= 0
            or len(match.games) < self.part_games
            or match.earlier_lengths
            or match.banner_lines
        ):
            return
        rules, _ = match_rules(match.tags, match.tag_lines)  # its problems: at the end
        self.part_ready = _built(match, rules, continued=True)
        match.parts += 1
        match.games_before += len(match.games)
        match.listed += len(match.diagnostics)
        match.games = []
        match.diagnostics = []

    def choose_length(self, match: MatchBuilder) -> None:
        """Two or more match length lines before the first game: the one the record's end
        confirms (the last game's ``and the match`` takes the winner to exactly that length
        from below it) is used; otherwise the last one (P120 says which)."""
        assert match.length is not None
        candidates = [*match.earlier_lengths, (match.length, match.location)]
        confirmed = [(n, at) for n, at in candidates if _ends_match_at(match.games, n)]
        lengths = " and ".join(str(n) for n, _ in candidates)
        last = candidates[-1]
        if len({n for n, _ in confirmed}) == 1:
            chosen = confirmed[0]
            why = N_("the last game's `and the match` confirms it")
        else:
            chosen = last
            why = N_("the last one; the record's end confirms none of them")
        match.length, match.location = chosen
        self.match.diagnostics.append(
            Diagnostic(
                "P120",
                SEVERITY.get("P120", Severity.WARNING),
                N_(
                    "match length lines for {lengths} points before the first game: {chosen} "
                    "is used ({why})"
                ).format(lengths=lengths, chosen=chosen[0], why=why),
                last[1],
            )
        )

    def banner_tags(self, match: MatchBuilder) -> None:
        """Event, round and players read from a banner's first lines, unless tags give them."""
        found = banner_fields([text for text, _ in match.banner], match.players)
        have = {key.lower() for key, _ in match.tags}
        first, last = match.banner_lines[0], match.banner_lines[-1]
        where = Location(self.file, first, 1)
        added = []
        for key, value in found:
            if key.lower() not in have:
                match.tags.append((key, value))
                match.tag_lines.append(where)
                added.append(f"{key.lower()} {value!r}")
        match.diagnostics.append(
            Diagnostic(
                "P124",
                Severity.INFO,
                (
                    N_(
                        "a boxed text banner (lines {first}-{last}) read as header comments; "
                        "recognised {fields}"
                    )
                    if added
                    else N_("a boxed text banner (lines {first}-{last}) read as header comments")
                ).format(first=first, last=last, fields=", ".join(added)),
                where,
            )
        )


def _built(match: MatchBuilder, rules: Rules, continued: bool) -> Match:
    """The match (or, ``continued``, a part of it) read so far, as the model's value."""
    return Match(
        players=match.players or tag_players(match.tags),
        length=match.length or 0,
        games=tuple(match.games),
        rules=rules,
        ratings=match.ratings,
        tags=tuple(match.tags),
        comments=tuple(match.comments),
        location=match.location,
        source_format="mat",
        diagnostics=tuple(match.diagnostics),
        part=match.parts,
        continued=continued,
    )


def _resign_levels(actions: list[Action]) -> None:
    """A ``Resigns`` cell gets its level from the ``Wins`` line after it, as gnubg converts a
    resigned value: up to the cube a single game, up to twice the cube a gammon, else a
    backgammon; a ``Wins`` line that names no side (written at column 1-3) is the resigner's
    opponent's."""
    cube = 1
    for index, action in enumerate(actions):
        if isinstance(action, (Double, Beaver)):
            cube = max(action.value, 1)
        elif isinstance(action, Resign):
            at = next(
                (i for i in range(index + 1, len(actions)) if isinstance(actions[i], Win)), -1
            )
            if at < 0:
                continue
            win = actions[at]
            assert isinstance(win, Win)
            level = 1 if win.points <= cube else 2 if win.points <= 2 * cube else 3
            actions[index] = dataclasses.replace(action, level=level)
            if win.player is None:
                actions[at] = dataclasses.replace(win, player=1 - action.player)


def _ends_match_at(games: list[Game], length: int) -> bool:
    """Whether the last game's ``and the match`` takes its winner from below ``length`` to it."""
    if not games or length <= 0:
        return False
    last = games[-1]
    win = next((a for a in last.actions if isinstance(a, Win)), None)
    if win is None or not win.and_the_match or win.player is None or last.score is None:
        return False
    before = last.score
    return max(before) < length <= before[win.player] + win.points
