"""The doubling cube as a small state machine (RULES.md C1-C7).

Each transition returns the new state and the reason it breaks a rule (``None`` when legal).
An illegal action is still applied the way the record has it, so that replay can go on.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

CENTRED = -1


@dataclass(frozen=True, slots=True)
class CubeViolation:
    kind: str  # see CUBE_KINDS
    rule: str
    message: str


CUBE_KINDS = {
    "double-not-owner": "C3",
    "double-crawford": "C4",
    "double-no-cube": "C7",
    "double-pending": "C3",
    "double-value": "C3",
    "double-limit": "C3",
    "response-no-double": "C3",
    "response-own-double": "C3",
    "beaver-match": "C6",
    "beaver-off": "C6",
}


@dataclass(frozen=True, slots=True)
class CubeState:
    """Cube value and owner, a pending offer, and the rules in force for this game."""

    value: int = 1
    owner: int = CENTRED
    offered_by: int | None = None  # a double (or beaver) waiting for an answer
    turned: bool = False  # the cube was turned in this game (Jacoby)
    enabled: bool = True  # False in no-cube play (C7)
    crawford: bool = False  # this is the Crawford game (C4)
    money: bool = False
    beavers: bool | None = None  # None: the record does not say
    limit: int | None = None
    beavered: bool = False  # a beaver happened in this game

    def may_double(self, player: int) -> CubeViolation | None:
        if not self.enabled:
            return _v("double-no-cube", "a double in a game played without the cube")
        if self.crawford:
            return _v("double-crawford", "a double in the Crawford game")
        if self.offered_by is not None:
            return _v("double-pending", "a double while another double waits for an answer")
        if self.owner not in (CENTRED, player):
            return _v(
                "double-not-owner",
                f"only the cube's owner may redouble, and the {self.value}-cube is the opponent's",
            )
        return None

    def double(
        self, player: int, value: int | None = None
    ) -> tuple[CubeState, CubeViolation | None]:
        why = self.may_double(player)
        new_value = self.value * 2
        if why is None and value is not None and value != new_value:
            why = _v("double-value", f"a double to {value}, but the cube is at {self.value}")
        if why is None and self.limit is not None and new_value > self.limit:
            why = _v("double-limit", f"a double to {new_value}, above the cube limit {self.limit}")
        return replace(self, offered_by=player), why

    def take(self, player: int) -> tuple[CubeState, CubeViolation | None]:
        if self.offered_by is None:
            return self, _v("response-no-double", "a take with no double to answer")
        if self.offered_by == player:
            return self, _v("response-own-double", "a take of one's own double")
        return replace(self, value=self.value * 2, owner=player, offered_by=None, turned=True), None

    def drop(self, player: int) -> tuple[CubeState, CubeViolation | None]:
        """Dropping ends the game for the cube value before the double (E6)."""
        if self.offered_by is None:
            return self, _v("response-no-double", "a drop with no double to answer")
        if self.offered_by == player:
            return self, _v("response-own-double", "a drop of one's own double")
        return replace(self, offered_by=None), None

    def beaver(self, player: int) -> tuple[CubeState, CubeViolation | None]:
        """The doubled player takes and redoubles at once, keeping the cube (C6)."""
        if self.offered_by is None or self.offered_by == player:
            why: CubeViolation | None = _v(
                "response-no-double", "a beaver with no double to answer"
            )
        elif not self.money:
            why = _v("beaver-match", "a beaver in match play (beavers are for money play only)")
        elif self.beavers is False:
            why = _v("beaver-off", "a beaver where the beaver rule is off")
        else:
            why = None
        state = replace(
            self, value=self.value * 4, owner=player, offered_by=None, turned=True, beavered=True
        )
        return state, why


def _v(kind: str, message: str) -> CubeViolation:
    return CubeViolation(kind, CUBE_KINDS[kind], message)
