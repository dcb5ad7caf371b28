"""Law 16C: who may use what a withdrawn card or call showed. One function decides it for every withdrawal.

The WBF 2017 text (Law 16C, "Information from Withdrawn Calls and Plays"): "When a call or play has been withdrawn
as these Laws provide: 1. For a non-offending side, all information arising from a withdrawn action is
authorized, whether the action be its own or its opponents'. 2. For an offending side, information arising from
its own withdrawn action and from withdrawn actions of the non-offending side is unauthorized. A player of an
offending side may not choose from among logical alternatives one that could demonstrably have been suggested
over another by the unauthorized information."

So the sides follow from one fact only: which side is the offending one. Whose card or call it was does not
matter. The caller says whether the player who withdrew belongs to the offending side; docs/revokes.md lists
the reading for each withdrawal the engine knows (62B, 62C1, 62C2, 62D2, 53B, 45C4b/47D, 47E1, 41A/47E2).

Interface (used by the rules modules, the Director's statements and the scenario expectation
``withdrawn_information``; the auction's withdrawn calls use it the same way)::

    withdrawn_information(item, by, offender) -> WithdrawnInformation
        item      the withdrawn card or call (a Card, or a call written as text, e.g. "1S", "P", "X")
        by        the Seat that withdrew it
        offender  True when ``by`` belongs to the offending side, False when it belongs to the non-offending side
    .authorized    the seats of the non-offending side (16C1)
    .unauthorized  the seats of the offending side (16C2)
    .sides()       {"NS": "authorized" | "unauthorized", "EW": ...}

``withdrawn(state, item, by, offender)`` records it on the state (``PlayState.withdrawn``) and returns the
state and the record; ``sides(info)`` gives the keyword arguments every 16C message takes
(``authorized=…, unauthorized=…``), so that no message names a side by itself.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Union

from bridgelaws.cards import Card, Seat
from bridgelaws.laws import LawRef, law
from bridgelaws.state import PlayState

L16C = law("16C")

Item = Union[Card, str]
"""A withdrawn card, or a withdrawn call written as in scenario files (``"1S"``, ``"P"``, ``"X"``, ``"XX"``)."""


def _side(seat: Seat) -> str:
    return "NS" if seat in (Seat.NORTH, Seat.SOUTH) else "EW"


def _pair(seat: Seat) -> tuple[Seat, Seat]:
    """The two seats of ``seat``'s side, in the order N E S W."""
    return tuple(sorted((seat, seat.partner), key=lambda s: s.index))  # type: ignore[return-value]


@dataclass(frozen=True)
class WithdrawnInformation:
    """What Law 16C makes of one withdrawn card or call: authorized for the non-offending side (16C1),
    unauthorized for the offending side (16C2)."""

    item: Item
    by: Seat
    offender: bool
    authorized: tuple[Seat, Seat]
    unauthorized: tuple[Seat, Seat]
    #: a face-down opening lead taken back (41A): nobody but its owner saw it
    face_down: bool = False
    #: the card became a penalty card when it was withdrawn (62B1, 62C2, 62C3, 54D, 56): while it lies on the
    #: table, and after declarer's 50D2 choice has it picked up, Law 50E says what it shows
    penalty_card: bool = False

    @property
    def offending_side(self) -> str:
        return _side(self.unauthorized[0])

    def sides(self) -> dict[str, str]:
        """``{"NS": "authorized", "EW": "unauthorized"}`` (or the reverse): the scenario expectation's form."""
        return {_side(self.authorized[0]): "authorized", _side(self.unauthorized[0]): "unauthorized"}

    def binds(self, seat: Seat) -> bool:
        """Whether 16C2 restrains ``seat``'s choices (he belongs to the offending side)."""
        return seat in self.unauthorized

    @property
    def law(self) -> LawRef:
        return L16C


def withdrawn_information(item: Item, by: Seat, offender: bool) -> WithdrawnInformation:
    """Law 16C for ``item`` withdrawn by ``by``: ``offender`` says whether ``by`` belongs to the offending side.
    The non-offending side's seats are authorized (16C1), the offending side's unauthorized (16C2)."""
    own, other = _pair(by), _pair(by.lho)
    offending, non_offending = (own, other) if offender else (other, own)
    return WithdrawnInformation(item, by, bool(offender), authorized=non_offending, unauthorized=offending)


def withdrawn(state: PlayState, item: Item, by: Seat, offender: bool,
              face_down: bool = False) -> tuple[PlayState, WithdrawnInformation]:
    """Records the withdrawal of ``item`` by ``by`` on the state (Law 16C), and returns the state and its record."""
    info = withdrawn_information(item, by, offender)
    if face_down:
        info = replace(info, face_down=True)
    # the same withdrawal again (a card led, withdrawn and led again) moves to the end rather than growing the record
    return state.evolve(withdrawn=tuple(w for w in state.withdrawn if w != info) + (info,)), info


def became_penalty_card(state: PlayState) -> PlayState:
    """The most recent withdrawal's card has become a penalty card (Law 50E governs what it shows)."""
    last = state.withdrawn[-1]
    return state.evolve(withdrawn=state.withdrawn[:-1] + (replace(last, penalty_card=True),))


def sides(info: WithdrawnInformation) -> dict[str, tuple[Seat, Seat]]:
    """The parameters of a 16C message: ``authorized`` and ``unauthorized`` seats."""
    return {"authorized": info.authorized, "unauthorized": info.unauthorized}


def last_withdrawn(state: PlayState) -> WithdrawnInformation | None:
    """The most recent withdrawal of the board, or None."""
    return state.withdrawn[-1] if state.withdrawn else None
