"""The doubling cube as a small state machine (RULES.md C1-C7).

Each transition returns the new state and the reason it breaks a rule (``None`` when legal).
An illegal action is still applied the way the record has it, so that replay can go on.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamao_cli.i18n import N_

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
    """Cube value and owner, a pending offer, and the rules in force for this game.

    A pending offer says what answering it means: taking sets the cube to ``pending_value``
    owned by ``pending_owner``; dropping ends the game for ``drop_value``. A double offers
    twice the cube to the opponent, who would own it; a beaver (C6) takes that double and
    redoubles at once, keeping the cube: the original doubler may then take (gnubg never
    writes that take), drop (losing the doubled value) or beaver back (a raccoon), which
    raises the stake again but leaves the cube with the beaverer.
    """

    value: int = 1
    owner: int = CENTRED
    offered_by: int | None = None  # a double (or beaver) waiting for an answer
    pending_value: int = 0
    pending_owner: int = CENTRED
    drop_value: int = 0
    beaver_pending: bool = False  # the pending offer is a beaver (its take may be implicit)
    turned: bool = False  # the cube was turned in this game (Jacoby)
    enabled: bool = True  # False in no-cube play (C7)
    crawford: bool = False  # this is the Crawford game (C4)
    money: bool = False
    beavers: bool | None = None  # None: the record does not say
    limit: int | None = None
    beavered: bool = False  # a beaver happened in this game

    def may_double(self, player: int) -> CubeViolation | None:
        if not self.enabled:
            return _v("double-no-cube", N_("a double in a game played without the cube"))
        if self.crawford:
            return _v("double-crawford", N_("a double in the Crawford game"))
        if self.offered_by is not None:
            return _v("double-pending", N_("a double while another double waits for an answer"))
        if self.owner not in (CENTRED, player):
            return _v(
                "double-not-owner",
                N_(
                    "only the cube's owner may redouble, and the {cube}-cube is the opponent's"
                ).format(cube=self.value),
            )
        return None

    def double(
        self, player: int, value: int | None = None
    ) -> tuple[CubeState, CubeViolation | None]:
        why = self.may_double(player)
        new_value = self.value * 2
        if why is None and value is not None and value != new_value:
            why = _v(
                "double-value",
                N_("a double to {value}, but the cube is at {cube}").format(
                    value=value, cube=self.value
                ),
            )
        if why is None and self.limit is not None and new_value > self.limit:
            why = _v(
                "double-limit",
                N_("a double to {value}, above the cube limit {limit}").format(
                    value=new_value, limit=self.limit
                ),
            )
        state = self._after(
            self.value, self.owner, player, new_value, 1 - player, self.value, False, self.turned,
            self.beavered,
        )  # fmt: skip
        return state, why

    def take(self, player: int) -> tuple[CubeState, CubeViolation | None]:
        if self.offered_by is None:
            return self, _v("response-no-double", N_("a take with no double to answer"))
        if self.offered_by == player:
            return self, _v("response-own-double", N_("a take of one's own double"))
        return self.accepted(), None

    def accepted(self) -> CubeState:
        """The pending offer, taken."""
        return self._after(
            self.pending_value, self.pending_owner, None, self.pending_value, self.pending_owner,
            self.drop_value, False, True, self.beavered,
        )  # fmt: skip

    def drop(self, player: int) -> tuple[CubeState, CubeViolation | None]:
        """Dropping ends the game for ``drop_value``: the cube before the double (E6), or the
        doubled cube when a beaver is dropped."""
        if self.offered_by is None:
            return self, _v("response-no-double", N_("a drop with no double to answer"))
        if self.offered_by == player:
            return self, _v("response-own-double", N_("a drop of one's own double"))
        return self._after(
            self.value, self.owner, None, self.pending_value, self.pending_owner,
            self.drop_value, False, self.turned, self.beavered,
        ), None  # fmt: skip

    def beaver(self, player: int) -> tuple[CubeState, CubeViolation | None]:
        """The doubled player takes and redoubles at once, keeping the cube (C6)."""
        if self.offered_by is None or self.offered_by == player:
            why: CubeViolation | None = _v(
                "response-no-double", N_("a beaver with no double to answer")
            )
        elif not self.money:
            why = _v("beaver-match", N_("a beaver in match play (beavers are for money play only)"))
        elif self.beavers is False:
            why = _v("beaver-off", N_("a beaver where the beaver rule is off"))
        else:
            why = None
        base = self.pending_value or self.value * 2
        # The doubled player ends up owning the cube, whoever redoubled last: after a beaver
        # the beaverer owns it, and a raccoon does not take it back (GNU Backgammon's rule,
        # checked on its own matches): the pending owner stays.
        state = self._after(
            self.value, self.owner, player, base * 2, self.pending_owner, base, True, True, True
        )
        return state, why

    def _after(
        self,
        value: int,
        owner: int,
        offered_by: int | None,
        pending_value: int,
        pending_owner: int,
        drop_value: int,
        beaver_pending: bool,
        turned: bool,
        beavered: bool,
    ) -> CubeState:
        """This game's state after an action: the fields an action changes, in order, and
        the game's rules (enabled .. limit) as they were. Positional: ``dataclasses.replace``
        costs twice as much, on every cube action of every game."""
        return CubeState(
            value, owner, offered_by, pending_value, pending_owner, drop_value, beaver_pending,
            turned, self.enabled, self.crawford, self.money, self.beavers, self.limit, beavered,
        )  # fmt: skip


def _v(kind: str, message: str) -> CubeViolation:
    return CubeViolation(kind, CUBE_KINDS[kind], message)
