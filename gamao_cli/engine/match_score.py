"""Match score: Crawford and post-Crawford, match end (RULES.md C4, X1-X3)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class MatchScore:
    """Scores before a game. ``length`` 0 is money play (never over, no Crawford)."""

    length: int
    score: tuple[int, int] = (0, 0)
    crawford_rule: bool = True
    crawford_played: bool = False  # the Crawford game has been played already

    @property
    def is_over(self) -> bool:
        return self.length > 0 and max(self.score) >= self.length

    @property
    def winner(self) -> int | None:
        if not self.is_over:
            return None
        return 0 if self.score[0] >= self.length else 1

    @property
    def is_crawford_game(self) -> bool:
        """The first game after a player first reaches match point; a 1-point match has none."""
        if not self.crawford_rule or self.length <= 1 or self.crawford_played:
            return False
        a, b = self.score
        point = self.length - 1
        # Not over (neither past match point), and exactly one of the two at it.
        return a <= point and b <= point and (a == point) != (b == point)

    @property
    def is_post_crawford(self) -> bool:
        return self.length > 1 and self.crawford_played and not self.is_over

    def after(self, winner: int, points: int) -> MatchScore:
        """The score after a game won by ``winner`` for ``points``."""
        s = list(self.score)
        s[winner] += points
        return MatchScore(
            self.length,
            (s[0], s[1]),
            self.crawford_rule,
            self.crawford_played or self.is_crawford_game,
        )

    def restated(self, score: tuple[int, int]) -> MatchScore:
        """The same match at a score the record states (resumed matches, corrected scores).
        The Crawford game is then the first game at which exactly one side is at match point,
        as gnubg reads it."""
        return MatchScore(self.length, score, self.crawford_rule, self.crawford_played)
