"""bridgelaws: the Laws of Duplicate Bridge on card play, executable, in Danish, Norwegian and English.

>>> import bridgelaws as bl
>>> t = bl.Table(bl.Deal.random(1), bl.Contract.parse("3NT", "S"))
>>> t.to_act()
Seat.WEST
"""

from __future__ import annotations

from bridgelaws.cards import (
    ALL_CARDS, CLUBS, DIAMONDS, EAST, HEARTS, NORTH, NOTRUMP, SOUTH, SPADES, WEST, Card, Rank, Seat, Strain, Suit,
)
from bridgelaws.deal import Contract, Deal, DealStatus, Hand
from bridgelaws.errors import (
    AmbiguousNotationError, BridgeLawsError, DecisionError, FailureToFollowSuitError, IllegalPlayError,
    InvalidDealError, NotationError, NotInHandError, OutOfTurnError, PenaltyCardError, ScenarioError,
)
from bridgelaws.events import (
    AcceptLead, Choose, Designate, Event, Expose, Hold, LeadFaceDown, Play, RejectLead, RequestWithdraw, Select,
    Simultaneous, SpreadHand, Touch,
)
from bridgelaws.i18n import Message
from bridgelaws.laws import LawRef
from bridgelaws.table import Table

__version__ = "0.1.0"

__all__ = [
    "ALL_CARDS", "CLUBS", "DIAMONDS", "EAST", "HEARTS", "NORTH", "NOTRUMP", "SOUTH", "SPADES", "WEST",
    "Card", "Rank", "Seat", "Strain", "Suit", "Contract", "Deal", "DealStatus", "Hand",
    "AmbiguousNotationError", "BridgeLawsError", "DecisionError", "FailureToFollowSuitError", "IllegalPlayError",
    "InvalidDealError", "NotationError", "NotInHandError", "OutOfTurnError", "PenaltyCardError", "ScenarioError",
    "AcceptLead", "Choose", "Designate", "Event", "Expose", "Hold", "LeadFaceDown", "Play", "RejectLead",
    "RequestWithdraw", "Select", "Simultaneous", "SpreadHand", "Touch", "Message", "LawRef", "Table",
    "__version__",
]
