"""Events: small frozen dataclasses, the same vocabulary as the scenario files (SCENARIO_FORMAT.md).

A table's state is the fold of its events over the deal. ``event.to_dict()`` gives the scenario-file form
(``{"seat": "W", "action": "play", "card": "S3"}``); :func:`event_from_dict` reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.i18n import LocalText

__all__ = [
    "Event", "Play", "Expose", "AcceptLead", "RejectLead", "SpreadHand", "Choose", "Simultaneous", "Select",
    "Hold", "Touch", "Designate", "LeadFaceDown", "RequestWithdraw", "CorrectRevoke", "Withdraw", "DummySeen",
    "Claim", "Concede", "Agree", "Dispute", "Object", "TdRuling", "NextBoardCall", "EndOfRound",
    "CallEvent", "AcceptCall", "RejectCall", "CALL_FINDINGS", "EXPOSE_PERIODS",
    "EVENT_TYPES", "EXPOSE_HOW",
    "CHOOSE_OPTIONS", "TD_FINDINGS", "TOUCH_PURPOSES", "TD_RULING_FINDINGS", "SIDES", "SEATLESS",
]

EXPOSE_HOW = ("dropped", "named", "revoke_corrected", "lead_out_of_turn", "premature_play")
CHOOSE_OPTIONS = ("require", "forbid", "none", "highest", "lowest", "require_suit", "forbid_suit",
                  "accept_play", "reject_play", "designate_penalty_card")
TD_FINDINGS = ("slip_of_tongue", "loss_of_concentration", "reconsideration")
TOUCH_PURPOSES = ("play", "arrange", "reach")
#: the grounds of a Director's ruling on a claim or concession (``td_ruling … finding``), each with its law in
#: :mod:`bridgelaws.rules.claims`
TD_RULING_FINDINGS = ("claim_allowed", "doubtful_point_against_claimer", "outstanding_trump", "unstated_line",
                      "trick_already_won", "could_not_be_lost", "agreement_withdrawn")
SIDES = ("NS", "EW")
#: events written without a seat: they belong to a side or to nobody
SEATLESS = ("next_board_call", "end_of_round")


@dataclass(frozen=True, slots=True)
class Event:
    """Base class: every event has the seat that acts."""

    seat: Seat
    action: ClassVar[str] = ""
    #: fields written to a file even at their default value (to_dict)
    written_always: ClassVar[tuple[str, ...]] = ()

    def to_dict(self) -> dict[str, Any]:
        """The scenario-file form, with only the fields that differ from their defaults."""
        out: dict[str, Any] = {"seat": self.seat.value, "action": self.action} if self.seat is not None \
            else {"action": self.action}
        for f in fields(self):
            if f.name == "seat":
                continue
            value = getattr(self, f.name)
            if value == f.default and f.name not in self.written_always:
                continue
            out[f.name] = _plain(value)
        return out

    def __str__(self) -> str:
        parts = [self.seat.value, self.action] if self.seat is not None else [self.action]
        for f in fields(self):
            if f.name != "seat":
                v = getattr(self, f.name)
                if v != f.default:
                    parts.append(str(_plain(v)) if f.name in ("card", "new_card", "cards", "call") else f"{f.name}={_plain(v)}")
        return " ".join(parts)


def _plain(value: Any) -> Any:
    if isinstance(value, (Card, Seat, Suit)):
        return str(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Play(Event):
    """``seat``'s hand plays or leads ``card`` (dummy's cards carry dummy's seat). ``out_of_turn``: a
    premature play that the Laws let stand (57C), or a defender's play at his right-hand opponent's turn (57D).
    ``proper_lead``: after a lead out of turn, the player whose turn it was makes his proper lead (53B).
    ``dummy_acted`` (with ``out_of_turn``, our extension): dummy had of his own volition selected a card before
    his right-hand opponent, or illegally suggested one, so a defender's play before his partner is not
    rectified (57C2)."""

    card: Card = None  # type: ignore[assignment]
    out_of_turn: bool = False
    #: the card does not follow suit although the player could, and nobody stops it (61A); it stands
    revoke: bool = False
    proper_lead: bool = False
    dummy_acted: bool = False
    action: ClassVar[str] = "play"


@dataclass(frozen=True, slots=True)
class Expose(Event):
    """A card face up without being a legal play; ``how`` is one of EXPOSE_HOW; ``period`` may be
    ``"clarification"`` (Law 24)."""

    card: Card = None  # type: ignore[assignment]
    how: str = "dropped"
    period: str | None = None
    #: 47E1: the lead out of turn was made because an opponent wrongly said it was his lead
    misinformed_by_opponent: bool = False
    action: ClassVar[str] = "expose"
    #: a saved exposure says how the card was exposed, also when it was dropped (the default; issue 37)
    written_always: ClassVar[tuple[str, ...]] = ("how",)


@dataclass(frozen=True, slots=True)
class AcceptLead(Event):
    """A statement accepting a lead out of turn (Laws 53A, 54, 55A)."""

    action: ClassVar[str] = "accept_lead"


@dataclass(frozen=True, slots=True)
class RejectLead(Event):
    """A statement requiring a lead out of turn to be retracted (Laws 54D, 55A, 56)."""

    action: ClassVar[str] = "reject_lead"


@dataclass(frozen=True, slots=True)
class SpreadHand(Event):
    """The presumed declarer faces his hand after a faced opening lead out of turn (54A)."""

    action: ClassVar[str] = "spread_hand"


@dataclass(frozen=True, slots=True)
class Choose(Event):
    """Declarer's choice of rectification (50D2, 51, 52, 57A); ``option`` is one of CHOOSE_OPTIONS."""

    option: str = ""
    suit: Suit | None = None
    suits: tuple[Suit, ...] = ()
    card: Card | None = None
    action: ClassVar[str] = "choose"


@dataclass(frozen=True, slots=True)
class Simultaneous(Event):
    """Several cards led or played at once; ``visible`` lists those whose faces were seen (58B)."""

    cards: tuple[Card, ...] = ()
    visible: tuple[Card, ...] = ()
    action: ClassVar[str] = "simultaneous"


@dataclass(frozen=True, slots=True)
class Select(Event):
    """The player names which of his visible simultaneous cards he plays (58B2)."""

    card: Card = None  # type: ignore[assignment]
    action: ClassVar[str] = "select"


@dataclass(frozen=True, slots=True)
class Hold(Event):
    """A card taken out of the hand but not put down (45C1, 45C2); the facts are the Director's findings."""

    card: Card = None  # type: ignore[assignment]
    partner_could_see: bool | None = None
    face_up: bool | None = None
    touching_or_near_table: bool | None = None
    held_still: bool | None = None
    returned: bool = False
    action: ClassVar[str] = "hold"


@dataclass(frozen=True, slots=True)
class Touch(Event):
    """Declarer touches a card of dummy (``hand`` is dummy's seat) for ``purpose`` play/arrange/reach (45C3)."""

    hand: Seat = None  # type: ignore[assignment]
    card: Card = None  # type: ignore[assignment]
    purpose: str = "play"
    action: ClassVar[str] = "touch"


@dataclass(frozen=True, slots=True)
class Designate(Event):
    """Declarer's spoken designation of dummy's card (45C4, 46B). ``td_finding`` is the Director's finding
    of fact (TD_FINDINGS); ``correction`` marks a second designation meant to replace the first (45C4b)."""

    words: str = ""
    lang: str = "en"
    td_finding: str | None = None
    correction: bool = False
    # Optional findings and facts (docs/designations.md): the card whose incontrovertible intention the
    # Director finds (46B preamble), his finding on that intention, whether the sentence was finished (45C4a),
    # the hand named (default: dummy for declarer), and the card dummy actually placed if not the one named (45D).
    intended: Card | None = None
    incontrovertible: bool | None = None
    complete: bool | None = None
    hand: Seat | None = None
    dummy_placed: Card | None = None
    action: ClassVar[str] = "designate"


@dataclass(frozen=True, slots=True)
class LeadFaceDown(Event):
    """A face-down opening lead (41A)."""

    card: Card = None  # type: ignore[assignment]
    action: ClassVar[str] = "lead_face_down"


@dataclass(frozen=True, slots=True)
class RequestWithdraw(Event):
    """The player asks to take back his face-down lead and lead ``new_card`` instead (41A)."""

    new_card: Card = None  # type: ignore[assignment]
    action: ClassVar[str] = "request_withdraw"


@dataclass(frozen=True, slots=True)
class CorrectRevoke(Event):
    """Attention is drawn to the revoke ``card`` while it may be corrected (62A; 62D on trick 12; 62C3); the
    offender's next ``play`` is the legal card that replaces it (62B)."""

    card: Card = None  # type: ignore[assignment]
    action: ClassVar[str] = "correct_revoke"


@dataclass(frozen=True, slots=True)
class Withdraw(Event):
    """The player takes back ``card``, which he played to the current trick, where the Laws allow it."""

    card: Card = None  # type: ignore[assignment]
    action: ClassVar[str] = "withdraw"


@dataclass(frozen=True, slots=True)
class DummySeen(Event):
    """Declarer (``seat``) could have seen one of dummy's cards before choosing after a faced opening lead
    out of turn: he must accept the lead (54C)."""

    action: ClassVar[str] = "dummy_seen"


# ---- claims and concessions (Laws 68 to 71) and the end of the board (64B4, 64B5, 69A) -------------------

@dataclass(frozen=True, slots=True)
class Claim(Event):
    """``seat`` claims ``tricks`` of the remaining tricks (all of them when None), stating ``line`` (68A, 68C);
    play is suspended (68D)."""

    tricks: int | None = None
    line: LocalText | str | None = None  # one text, or one per language (the scenario file's form)
    action: ClassVar[str] = "claim"


@dataclass(frozen=True, slots=True)
class Concede(Event):
    """``seat`` concedes ``tricks`` of the remaining tricks (all of them when None) (68B1); play is suspended (68D)."""

    tricks: int | None = None
    action: ClassVar[str] = "concede"


@dataclass(frozen=True, slots=True)
class Agree(Event):
    """A member of the other side agrees to the claim or concession (69A)."""

    action: ClassVar[str] = "agree"


@dataclass(frozen=True, slots=True)
class Dispute(Event):
    """A player (dummy included) doubts the claim or concession: the Director is called (68D2, 70)."""

    action: ClassVar[str] = "dispute"


@dataclass(frozen=True, slots=True)
class Object(Event):
    """The partner of the defender who conceded objects at once: no concession has occurred (68B2)."""

    action: ClassVar[str] = "object"


@dataclass(frozen=True, slots=True)
class TdRuling(Event):
    """The Director's decision on a disputed claim or a cancelled concession (70, 71, 69B), a fact: ``tricks``
    of the remaining tricks go to the side that claimed or conceded; ``finding`` (TD_RULING_FINDINGS) is the
    ground. ``seat`` may be left out (the Director rules)."""

    seat: Seat | None = None
    tricks: int = None  # type: ignore[assignment]
    finding: str | None = None
    action: ClassVar[str] = "td_ruling"


@dataclass(frozen=True, slots=True)
class NextBoardCall(Event):
    """A member of ``side`` (``NS`` or ``EW``) has made a call on the next board (64B4, 69A); no seat."""

    seat: Seat | None = None
    side: str = ""
    action: ClassVar[str] = "next_board_call"


@dataclass(frozen=True, slots=True)
class EndOfRound(Event):
    """The round has ended (64B5, 69A); no seat."""

    seat: Seat | None = None
    action: ClassVar[str] = "end_of_round"


# ---- the auction period (SCENARIO_FORMAT.md, "The auction period"; bridgelaws.auction, rules.auction) ------

#: the Director's findings of fact on a replacement call or a later call of the offender (23A, 27B1), or that a
#: call was unintended (25A: the call carrying it is the intended one, put in place of the player's last call)
CALL_FINDINGS = ("same_denominations", "comparable", "not_comparable", "unintended")
#: ``expose … period``: after the final pass before the opening lead (24), or during the auction (24)
EXPOSE_PERIODS = ("clarification", "auction")


@dataclass(frozen=True, slots=True)
class CallEvent(Event):
    """``seat`` makes ``call`` (``"1C"`` … ``"7NT"``, ``"P"``, ``"X"``, ``"XX"``); ``finding`` (CALL_FINDINGS) is the
    Director's finding about a replacement call or a later call of the offender."""

    call: str = ""
    finding: str | None = None
    action: ClassVar[str] = "call"

    def __post_init__(self) -> None:
        from bridgelaws.auction.calls import Call, CallError

        try:
            Call.parse(self.call)
        except CallError as exc:
            raise ValueError(str(exc)) from None
        if self.finding is not None and self.finding not in CALL_FINDINGS:
            raise ValueError(f"finding must be one of {', '.join(CALL_FINDINGS)}, not {self.finding!r}")


@dataclass(frozen=True, slots=True)
class AcceptCall(Event):
    """The offender's left-hand opponent accepts an irregular call without calling yet (27A1, 29A)."""

    action: ClassVar[str] = "accept_call"


@dataclass(frozen=True, slots=True)
class RejectCall(Event):
    """The irregular call is not accepted and is cancelled; the Director applies its law (27B, 29B, 36B, 37B)."""

    action: ClassVar[str] = "reject_call"


EVENT_TYPES: dict[str, type[Event]] = {
    cls.action: cls for cls in (Play, Expose, AcceptLead, RejectLead, SpreadHand, Choose, Simultaneous,
                                Select, Hold, Touch, Designate, LeadFaceDown, RequestWithdraw, CorrectRevoke, Withdraw,
                                DummySeen, Claim, Concede, Agree, Dispute, Object, TdRuling, NextBoardCall,
                                EndOfRound, CallEvent, AcceptCall, RejectCall)
}
