"""bridgelaws: the Laws of Duplicate Bridge on card play, executable, in Danish, Norwegian and English.

>>> import bridgelaws as bl
>>> t = bl.Table(bl.Deal.random(1), bl.Contract.parse("3NT", "S"))
>>> t.to_act()
Seat.WEST

The value types (cards, seats, deals, contracts, law references, errors) load with the package; the engine
(``Table``, the events, the message catalogues) and the optional modules load on first use (lazy loading as
in the Scientific Python SPEC 1), which keeps ``import bridgelaws`` fast.
"""

from __future__ import annotations

import importlib
from typing import Any

from bridgelaws.cards import (
    ALL_CARDS, CLUBS, DIAMONDS, EAST, HEARTS, NORTH, NOTRUMP, SOUTH, SPADES, WEST, Card, Rank, Seat, Strain, Suit,
)
from bridgelaws.deal import Contract, Deal, DealStatus, Hand
from bridgelaws.errors import (
    AmbiguousNotationError, BridgeLawsError, DecisionError, FailureToFollowSuitError, IllegalPlayError,
    InvalidDealError, NotationError, NotInHandError, OutOfTurnError, PenaltyCardError, ScenarioError,
)
from bridgelaws.i18n import register_localizer as _register_localizer
from bridgelaws.laws import LawRef

__version__ = "0.1.0"


def _localize_through_notation(value: Any, lang: str, spec: str) -> str:
    """The catalogues write cards, seats, suits and ranks through :mod:`bridgelaws.notation`, which registers
    its writers when it is imported. The package (the top of the import graph) loads it on first need, so that
    ``import bridgelaws`` stays fast and no module below notation has to import it."""
    from bridgelaws import i18n

    importlib.import_module("bridgelaws.notation")
    if i18n.registered_localizer(type(value)) is _localize_through_notation:  # pragma: no cover - notation registers
        raise RuntimeError("bridgelaws.notation did not register a writer for " + type(value).__name__)
    return i18n.localize(value, lang, spec)


for _cls in (Card, Rank, Seat, Suit):
    _register_localizer(_cls, _localize_through_notation)

#: name -> module for what loads on first use
_LAZY: dict[str, str] = {
    **{name: "bridgelaws.events" for name in (
        "AcceptLead", "Choose", "Designate", "Event", "Expose", "Hold", "LeadFaceDown", "Play", "RejectLead",
        "RequestWithdraw", "Select", "Simultaneous", "SpreadHand", "Touch")},
    "Message": "bridgelaws.i18n",
    "Table": "bridgelaws.table",
}
_SUBMODULES = ("notation", "present", "scenario", "simulate", "render", "i18n", "events", "table", "state")


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    if name in _SUBMODULES:
        return importlib.import_module(f"bridgelaws.{name}")
    raise AttributeError(f"module 'bridgelaws' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY) | set(_SUBMODULES))


__all__ = [
    "ALL_CARDS", "CLUBS", "DIAMONDS", "EAST", "HEARTS", "NORTH", "NOTRUMP", "SOUTH", "SPADES", "WEST",
    "Card", "Rank", "Seat", "Strain", "Suit", "Contract", "Deal", "DealStatus", "Hand",
    "AmbiguousNotationError", "BridgeLawsError", "DecisionError", "FailureToFollowSuitError", "IllegalPlayError",
    "InvalidDealError", "NotationError", "NotInHandError", "OutOfTurnError", "PenaltyCardError", "ScenarioError",
    "AcceptLead", "Choose", "Designate", "Event", "Expose", "Hold", "LeadFaceDown", "Play", "RejectLead",
    "RequestWithdraw", "Select", "Simultaneous", "SpreadHand", "Touch", "Message", "LawRef", "Table",
    "notation", "__version__",
]
