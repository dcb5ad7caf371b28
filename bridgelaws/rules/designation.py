"""Declarer's designation of dummy's card: Laws 45C4, 45D and 46.

A ``designate`` event carries declarer's words (read by :func:`bridgelaws.designations.parse_designation`) and
the Director's findings. What the words designate follows Law 46B:

- suit and rank: that card (45C4a); a card dummy does not hold is an invalid designation, and declarer
  designates any legal card (46B4);
- "high" / "low": the highest / lowest card of the suit led (46B1a, 46B1c); "win": the lowest card *known* to
  win the trick, judged from what declarer knows: his own hand, dummy, the cards played and the defenders'
  known voids (46B1b);
- a suit without a rank: the lowest card of that suit (46B2);
- a rank without a suit: when dummy leads, the card of that rank in the suit in which dummy won the last
  trick (46B3a); otherwise the only card of that rank dummy may legally play, or declarer must say which
  (46B3b). With no legal card of that rank we treat the designation as invalid (46B4; our reading);
- neither suit nor rank ("play anything", and "high" / "low" when there is no suit led to follow): either
  defender designates dummy's card (46B5);
- all of this unless declarer's different intention is incontrovertible (the preamble of 46B): the event's
  ``intended`` card, or ``incontrovertible = true``.

A designation that does not settle on one card waits in ``PlayState.designation`` (who designates, whether
the designation was valid, the candidates); the next ``designate`` (declarer's choice, or a defender's under
46B5) or dummy's ``play`` of a candidate settles it.

Corrections (``correction = true``): declarer may correct a slip of the tongue until he next plays from
either hand (45C4b), and an opponent who has played since may take his card back; a loss of concentration or
a change of mind does not count. If the Director finds that declarer's intention was incontrovertibly another
card (46B), the card dummy placed was never designated and is withdrawn as long as each side has not played
to the next trick (45D). Without a finding the card stays where it is and ``PlayState.questions`` holds the
question with the ruling under each answer. A card dummy placed that declarer did not designate
(``dummy_placed``) is withdrawn at declarer's ``request_withdraw`` under the same limit (45D).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from bridgelaws.cards import ALL_CARDS, Card, Seat, Suit
from bridgelaws.designations import Designation, parse_designation
from bridgelaws.errors import DecisionError, IllegalPlayError, NotInHandError
from bridgelaws.events import Designate, Play, RequestWithdraw
from bridgelaws.i18n import Message
from bridgelaws.laws import LawRef, law
from bridgelaws.rules.information import sides, withdrawn, withdrawn_information
from bridgelaws.rules.played_card import counts_as_played, question, with_status
from bridgelaws.state import PlayState, Statement
from bridgelaws.mechanics import (
    HANDLERS, Engine, designation_candidates, follow_suit_cards, note, register, trick_winner,
)

__all__ = ["PendingDesignation", "DesignatedCard", "Resolution", "resolve", "known_to_win", "designate",
           "designated_play", "misplaced_by_dummy", "withdraw_misplaced", "lapse_stale"]

L16C = law("16C")
L44C = law("44C")
L45C4a = law("45C4a")
L45C4b = law("45C4b")
L45D = law("45D")
L45E2 = law("45E2")
L45F = law("45F")
L46B = law("46B")
L46B1a = law("46B1a")
L46B1b = law("46B1b")
L46B1c = law("46B1c")
L46B2 = law("46B2")
L46B3a = law("46B3a")
L46B3b = law("46B3b")
L46B4 = law("46B4")
L46B5 = law("46B5")


# ----------------------------------------------------------------------------------------------------------
# rulings as data
# ----------------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PendingDesignation:
    """A designation that did not settle on one card (``PlayState.designation``).

    ``by``: who now designates the card: ``declarer`` (46B3b, 46B4), ``either_defender`` (46B5), or
    ``director`` while a question of fact is open (the candidates are the answers' cards). ``valid`` is False
    for an invalid designation (46B4). ``unfinished``: declarer has not finished naming the card.
    """

    by: str
    valid: bool
    candidates: tuple[Card, ...]
    law: LawRef
    designation: Designation | None = None
    words: str = ""
    lang: str = "en"
    unfinished: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"by": self.by, "valid": self.valid, "candidates": [str(c) for c in self.candidates]}


@dataclass(frozen=True, slots=True)
class DesignatedCard:
    """The last card played from dummy by declarer's designation (``PlayState.correctable``): what dummy
    placed, what declarer designated (they differ when dummy misplayed, 45D), and the words, for 45C4b."""

    dummy: Seat
    card: Card
    designated: Card
    designation: Designation
    words: str
    lang: str
    complete: bool | None
    law: LawRef
    #: the Director's finding about this designation, written on it rather than on its correction (45C4b)
    td_finding: str | None = None


@dataclass(frozen=True, slots=True)
class Resolution:
    """What a designation designates now: one card, or a pending designation; the rule applied as a
    sentence, and any questions for the Director."""

    card: Card | None
    law: LawRef
    message: Message
    pending: PendingDesignation | None = None
    questions: tuple[Statement, ...] = ()


def _cards(cards: Any) -> tuple[Card, ...]:
    return tuple(sorted(set(cards), key=lambda c: c.sort_key))


def _lowest(cards: Any) -> Card:
    return min(cards, key=lambda c: (int(c.rank), c.suit.index))


def _highest(cards: Any) -> Card:
    return max(cards, key=lambda c: (int(c.rank), -c.suit.index))


# ----------------------------------------------------------------------------------------------------------
# "known to win" (46B1b), from declarer's knowledge
# ----------------------------------------------------------------------------------------------------------

def _known_voids(state: PlayState) -> dict[Seat, set[Suit]]:
    voids: dict[Seat, set[Suit]] = {s: set() for s in Seat}
    plays = [t.plays for t in state.tricks] + ([state.trick] if state.trick else [])
    for trick in plays:
        led = trick[0][1].suit
        for seat, card in trick[1:]:
            if card.suit is not led:
                voids[seat].add(led)
    return voids


def known_to_win(state: PlayState, dummy: Seat, cards: Any) -> list[Card]:
    """Implements "known to win" of Law 46B1b from declarer's knowledge (LAWS.md, Law 46): the cards among
    ``cards`` that beat every card on the trick and that no defender still to play can beat with any card he
    may hold, given declarer's own hand, dummy, the cards played, penalty cards and the voids shown."""
    declarer = state.declarer
    played = {c for t in state.tricks for _, c in t.plays} | {c for _, c in state.trick}
    pcs = {p.card: p.seat for p in state.penalty_cards}
    seen = set(state.hand(declarer)) | set(state.hand(dummy)) | played | set(pcs)
    unknown = [c for c in ALL_CARDS if c not in seen]
    voids = _known_voids(state)
    leader = state.trick_leader if state.trick else dummy
    done = {s for s, _ in state.trick} | {dummy}
    later = [s for s in Seat.iter_from(leader) if s not in done and state.is_defender(s)]
    out = []
    for c in cards:
        plays = state.trick + ((dummy, c),)
        if trick_winner(plays, state.trump) is not dummy:
            continue
        led = plays[0][1].suit
        beaten = False
        for d in later:
            mine = [x for x, owner in pcs.items() if owner is d]
            possible = [x for x in unknown if x.suit not in voids[d]] + mine
            other = [x for x in possible if x.suit is not led]
            could_be_void = led in voids[d] or (not any(x.suit is led for x in mine)
                                                and len(other) >= len(state.holding(d)))
            for x in possible:
                if x.suit is not led and not could_be_void:
                    continue
                if trick_winner(plays + ((d, x),), state.trump) is d:
                    beaten = True
                    break
            if beaten:
                break
        if not beaten:
            out.append(c)
    return out


def _could_win(state: PlayState, dummy: Seat, cards: Any) -> list[Card]:
    """The cards that beat every card on the trick so far (all of them when dummy leads)."""
    return [c for c in cards if trick_winner(state.trick + ((dummy, c),), state.trump) is dummy]


# ----------------------------------------------------------------------------------------------------------
# what a designation designates (46B)
# ----------------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Designating:
    """What every rule of Law 46B reads (dummy's hand and legal cards, the trick) and the three ways a rule
    can end: a card, an invalid designation that declarer completes (46B4), a choice for either defender
    (46B5), or a question for the Director."""

    state: PlayState
    dummy: Seat
    dsg: Designation
    words: str
    lang: str
    hand: frozenset[Card]
    legal: frozenset[Card]
    legal_t: tuple[Card, ...]
    leading: bool
    led: Suit | None
    #: the words as the rulings quote them
    w: str

    @classmethod
    def of(cls, state: PlayState, dummy: Seat, dsg: Designation, words: str, lang: str) -> _Designating:
        legal = follow_suit_cards(state, dummy)
        return cls(state, dummy, dsg, words, lang, state.hand(dummy), legal, _cards(legal), not state.trick,
                   state.suit_led, words or str(dsg))

    def final(self, card: Card, law_ref: LawRef, key: str, **params: Any) -> Resolution:
        if card in self.legal:
            return Resolution(card, law_ref, Message(key, dict(params, card=card, words=self.w)))
        return Resolution(None, L44C, Message("played.rule.must_follow", {"card": card, "cards": self.legal_t}),
                          self.pending("declarer", True, self.legal_t, L44C))

    def invalid(self, key: str = "played.rule.invalid", law_ref: LawRef = L46B4) -> Resolution:
        return Resolution(None, law_ref, Message(key, {"designation": self.dsg.message(), "words": self.w,
                                                       "cards": self.legal_t}),
                          self.pending("declarer", False, self.legal_t, law_ref))

    def defenders(self, key: str) -> Resolution:
        return Resolution(None, L46B5, Message(key, {"words": self.w, "cards": self.legal_t}),
                          self.pending("either_defender", True, self.legal_t, L46B5))

    def ask(self, q: Statement, candidates: tuple[Card, ...], law_ref: LawRef) -> Resolution:
        return Resolution(None, law_ref, Message("played.rule.question", {"words": self.w}),
                          self.pending("director", True, candidates, law_ref), (q,))

    def pending(self, by: str, valid: bool, candidates: tuple[Card, ...], law_ref: LawRef) -> PendingDesignation:
        return PendingDesignation(by, valid, candidates, law_ref, self.dsg, self.words, self.lang)


def resolve(state: PlayState, dummy: Seat, dsg: Designation, words: str = "", lang: str = "en", *,
            intended: Card | None = None, incontrovertible: bool | None = None) -> Resolution:
    """Implements Laws 45C4a and 46B: the card ``dsg`` designates from ``dummy`` now, or what happens
    instead (a choice by declarer or by either defender, or a question for the Director)."""
    d = _Designating.of(state, dummy, dsg, words, lang)
    if intended is not None and incontrovertible is not False:                       # 46B preamble
        if intended not in d.hand:
            raise NotInHandError(f"the Director's finding names {intended}, which dummy does not hold",
                                 seat=dummy, card=intended, key="played.error.intended_not_in_dummy",
                                 dummy=dummy)
        return d.final(intended, L46B, "played.rule.intended")
    rule = _RULES.get(dsg.kind)
    if rule is None:
        return d.defenders("played.rule.either_defender")                                # 46B5
    return rule(d, incontrovertible)


def _named_card(d: _Designating, incontrovertible: bool | None) -> Resolution:
    """45C4a: suit and rank designate that card; one dummy does not hold is an invalid designation (46B4)."""
    card = d.dsg.card
    assert card is not None
    if card not in d.hand:
        return d.invalid()                                                              # 46B4
    return d.final(card, L45C4a, "played.rule.card")                                    # 45C4a


def _high_or_low(d: _Designating, incontrovertible: bool | None) -> Resolution:
    """46B1a, 46B1c: "high" / "low" of the suit led; of another suit named, its lowest card (46B2) unless
    the highest was incontrovertibly meant (46B preamble); with no suit led to follow, either defender (46B5)."""
    kind, suit = d.dsg.kind, d.dsg.suit
    if suit is not None and (d.leading or suit is not d.led):
        of_suit = [c for c in d.hand if c.suit is suit]
        if not of_suit:
            return d.invalid()
        low, high = _lowest(of_suit), _highest(of_suit)
        if kind == "low" or low == high or incontrovertible is False or low not in d.legal:
            return d.final(low, L46B2, "played.rule.suit")                             # 46B2
        if incontrovertible:
            return d.final(high, L46B, "played.rule.intended")
        q = question("played.q.high_other_suit", L46B, words=d.w, suit=suit,
                     if_yes=Message("played.a.card_played", {"card": high}),
                     if_no=Message("played.a.card_played", {"card": low}))
        return d.ask(q, _cards((high, low)), L46B)
    if d.leading:
        return d.defenders("played.rule.no_suit_led")                                   # 46B5
    of_led = [c for c in d.hand if c.suit is d.led]
    if not of_led:
        return d.invalid() if suit is not None else d.defenders("played.rule.void_in_led")
    if kind == "high":
        return d.final(_highest(of_led), L46B1a, "played.rule.high")                   # 46B1a
    return d.final(_lowest(of_led), L46B1c, "played.rule.low")                         # 46B1c


def _to_win(d: _Designating, incontrovertible: bool | None) -> Resolution:
    """46B1b: "win" designates the lowest card known to win; when declarer cannot know it, the Director asks
    whether one card was incontrovertibly meant."""
    known = known_to_win(d.state, d.dummy, d.legal)
    if known:
        return d.final(_lowest(known), L46B1b, "played.rule.win")                      # 46B1b
    could = _could_win(d.state, d.dummy, d.legal)
    target = _lowest(could) if could and len({c.suit for c in could}) == 1 else None
    if incontrovertible and target is not None:
        return d.final(target, L46B, "played.rule.intended")
    if incontrovertible is not None or target is None:
        return d.invalid("played.rule.win_none", L46B1b)
    q = question("played.q.win_unknown", L46B1b, words=d.w,
                 if_yes=Message("played.a.card_played", {"card": target}),
                 if_no=Message("played.a.declarer_designates", {"cards": d.legal_t}))
    return d.ask(q, d.legal_t, L46B1b)


def _trump(d: _Designating, incontrovertible: bool | None) -> Resolution:
    """"ruff", "a trump", "trumf", "stjæl": the trump suit named without a rank (docs/designations.md), its
    lowest card (46B2)."""
    trump = d.state.trump
    if trump is None:
        return d.invalid("played.rule.trump_no_trumps", L46B4)      # no trump suit: no card designated
    trumps = [c for c in d.hand if c.suit is trump]
    if not trumps or _lowest(trumps) not in d.legal:
        return d.invalid("played.rule.trump_cannot", L46B4)         # dummy cannot ruff: no card designated
    return d.final(_lowest(trumps), L46B2, "played.rule.trump")     # 46B2: the lowest trump


def _suit_only(d: _Designating, incontrovertible: bool | None) -> Resolution:
    """46B2: a suit without a rank designates its lowest card."""
    of_suit = [c for c in d.hand if c.suit is d.dsg.suit]
    if not of_suit:
        return d.invalid()
    return d.final(_lowest(of_suit), L46B2, "played.rule.suit")                         # 46B2


def _rank_only(d: _Designating, incontrovertible: bool | None) -> Resolution:
    """46B3: a rank without a suit. Dummy leading after winning the last trick: that rank in the suit it won
    with (46B3a); otherwise the only legal card of that rank, or declarer says which (46B3b); none: invalid
    (46B4, our reading)."""
    rank, state = d.dsg.rank, d.state
    if d.leading and state.tricks and state.tricks[-1].winner is d.dummy:
        won_with = state.tricks[-1].card_of(d.dummy)
        if won_with is not None and Card(won_with.suit, rank) in d.hand:                # type: ignore[arg-type]
            return d.final(Card(won_with.suit, rank), L46B3a, "played.rule.rank_lead",  # type: ignore[arg-type]
                           suit=won_with.suit)
    of_rank = _cards(c for c in d.legal if c.rank == rank)
    if len(of_rank) == 1:
        return d.final(of_rank[0], L46B3b, "played.rule.rank_only")                      # 46B3b
    if of_rank:
        return Resolution(None, L46B3b, Message("played.rule.rank_several", {"words": d.w, "cards": of_rank}),
                          d.pending("declarer", True, of_rank, L46B3b))
    return d.invalid("played.rule.rank_none", L46B4)                                    # our reading


#: the rule of Law 46B for each kind of designation; any other kind (neither suit nor rank) is 46B5's
_RULES: dict[str, Callable[[_Designating, bool | None], Resolution]] = {
    "card": _named_card, "high": _high_or_low, "low": _high_or_low, "win": _to_win, "trump": _trump,
    "suit": _suit_only, "rank": _rank_only,
}


# ----------------------------------------------------------------------------------------------------------
# the designate event
# ----------------------------------------------------------------------------------------------------------

@register(Designate)
def designate(table: Engine, state: PlayState, ev: Designate) -> PlayState:
    """Implements Laws 45C4, 45D and 46: declarer names dummy's card (or a player names his own card as the
    one he plays, 45C4a; or a defender designates dummy's card under 46B5)."""
    seat, dummy = ev.seat, state.dummy
    if state.phase == "over":
        raise IllegalPlayError(f"{ev}: all 13 tricks have been played", seat=seat, event=ev, key="error.play_over",
                               trick_no=state.trick_no)
    if seat is dummy:
        raise IllegalPlayError(f"{ev}: dummy takes no part in the play; declarer designates dummy's cards (45F)",
                               law=L45F, seat=seat, event=ev, key="played.error.dummy_designates")
    hand = ev.hand
    pending = state.designation if isinstance(state.designation, PendingDesignation) else None
    if hand is not None and hand is not dummy:
        if hand is not seat:
            raise IllegalPlayError(f"{ev}: a player names cards of his own hand only (declarer also dummy's)",
                                   law=L45C4a, seat=seat, event=ev, key="played.error.not_own_card", hand=hand)
        return _own_card(table, state, ev)
    if state.is_defender(seat) and hand is None and not (pending is not None and pending.by == "either_defender"):
        return _own_card(table, state, ev)
    if state.phase == "clarification":
        raise IllegalPlayError(f"{ev}: dummy's cards are not on the table before the opening lead is faced",
                               law=law("41"), seat=seat, event=ev, key="played.error.no_dummy_yet")
    if state.is_defender(seat):
        if pending is not None and pending.by == "either_defender":
            return _settle(table, state, ev, parse_designation(ev.words, ev.lang), pending)
        raise IllegalPlayError(f"{ev}: a defender designates dummy's card only when declarer has named neither suit "
                               "nor rank (46B5)", law=L46B5, seat=seat, event=ev,
                               key="played.error.defender_designates")
    dsg = parse_designation(ev.words, ev.lang)
    if pending is not None and not pending.unfinished:
        if pending.by == "either_defender":
            raise DecisionError(f"{ev}: declarer named neither suit nor rank, so either defender designates "
                                "dummy's card (46B5)", law=L46B5, seat=seat, event=ev,
                                key="played.error.either_defender_chooses")
        return _settle(table, state, ev, dsg, pending)
    if ev.correction and pending is None:
        return _correct(table, state, ev, dsg)
    if ev.complete is False:
        st = state.evolve(correctable=None,
                     designation=PendingDesignation("declarer", True, (), L45C4a, dsg, ev.words, ev.lang, True))
        return st.evolve(notes=(note("played.rule.unfinished", L45C4a, words=ev.words),))
    res = resolve(state, dummy, dsg, ev.words, ev.lang, intended=ev.intended, incontrovertible=ev.incontrovertible)
    if res.card is None and _no_turn_for_dummy(state, dummy):
        # whichever card the words designate would go back to dummy's hand (45E2): nothing waits for a card,
        # so that nothing is left pending into a trick it was not made for (issue #12, D1)
        return state.evolve(notes=(note("reliability.designation_no_effect", L45E2, words=ev.words or str(dsg),
                                        dummy=dummy),))
    return _apply(table, state, ev, dsg, res)


def _apply(table: Engine, state: PlayState, ev: Designate, dsg: Designation, res: Resolution,
           correctable: bool = True) -> PlayState:
    dummy = state.dummy
    rule = Statement(res.message, res.law, "note")
    if res.card is None:
        st = state.evolve(designation=res.pending, correctable=None)
        return st.evolve(notes=(rule,), questions=res.questions)
    placed = ev.dummy_placed if ev.dummy_placed is not None else res.card
    if placed not in state.hand(dummy):
        raise NotInHandError(f"{ev}: dummy does not hold {placed}", seat=dummy, card=placed, event=ev,
                             key="error.not_in_hand", trick_no=state.trick_no)
    st = counts_as_played(table, state.evolve(designation=None, correctable=None), dummy, placed, ev)
    st = with_status(st, dummy, res.card, True, res.law, "designate")
    notes = [rule]
    if placed != res.card:
        notes.append(note("played.note.misplaced", L45D, placed=placed, card=res.card))
    on_table = placed in {c for s, c in st.trick if s is dummy} or (
        st.tricks and st.tricks[-1].card_of(dummy) == placed)
    cc = DesignatedCard(dummy, placed, res.card, dsg, ev.words, ev.lang, ev.complete, res.law,
                        None if ev.correction else ev.td_finding) if correctable and on_table else None
    return st.evolve(correctable=cc, notes=tuple(notes) + st.notes, questions=st.questions + res.questions)


def _settle(table: Engine, state: PlayState, ev: Designate, dsg: Designation, p: PendingDesignation) -> PlayState:
    """A designation waiting for a card: declarer names one (46B3b, 46B4), or either defender (46B5)."""
    dummy = state.dummy
    if ev.seat is state.declarer and p.by == "either_defender":
        raise DecisionError(f"{ev}: either defender designates dummy's card (46B5)", law=L46B5, seat=ev.seat,
                            event=ev, key="played.error.either_defender_chooses")
    if dsg.kind == "card" and dsg.card in p.candidates:
        card: Card | None = dsg.card
    else:
        card = resolve(state, dummy, dsg, ev.words, ev.lang, intended=ev.intended,
                       incontrovertible=ev.incontrovertible).card
    if card is None or p.candidates and card not in p.candidates:
        raise DecisionError(f"{ev}: name one of {', '.join(str(c) for c in p.candidates)} ({p.law.cite('en')})",
                            law=p.law, seat=ev.seat, event=ev, key="played.error.not_a_candidate",
                            cards=p.candidates, words=ev.words)
    by_defender = state.is_defender(ev.seat)
    key = "played.rule.defender_chose" if by_defender else "played.rule.declarer_chose"
    law_ref = L45C4a if p.law == L44C else p.law
    res = Resolution(card, law_ref, Message(key, {"seat": ev.seat, "card": card}))
    return _apply(table, state.evolve(designation=None), ev, Designation.of_card(card), res,
                  correctable=not by_defender)


def _own_card(table: Engine, state: PlayState, ev: Designate) -> PlayState:
    """45C4a: a player names a card of his own hand as the one he plays."""
    seat = ev.seat
    dsg = parse_designation(ev.words, ev.lang)
    card = dsg.card
    if card is None:
        raise IllegalPlayError(f"{ev}: a player naming his own card names its suit and rank; Law 46 covers only "
                               "dummy's cards", law=L45C4a, seat=seat, event=ev,
                               key="played.error.own_card_incomplete", words=ev.words)
    if ev.correction:
        return state.evolve(notes=(note("played.note.own_not_correctable", L45C4b, seat=seat, card=card),))
    if card not in state.holding(seat):
        raise NotInHandError(f"{ev}: {seat.name.title()} does not hold {card}", seat=seat, card=card, event=ev,
                             key="error.not_in_hand", trick_no=state.trick_no)
    st = counts_as_played(table, state, seat, card, ev)
    st = with_status(st, seat, card, True, L45C4a, "designate")
    return st.evolve(notes=(note("played.rule.own_card", L45C4a, seat=seat, card=card),) + st.notes)


# ----------------------------------------------------------------------------------------------------------
# taking dummy's card back (45C4b, 45D)
# ----------------------------------------------------------------------------------------------------------

def _sequence(state: PlayState) -> list[tuple[Seat, Card]]:
    return [p for t in state.tricks for p in t.plays] + list(state.trick)


def _side(state: PlayState, seat: Seat) -> str:
    return "defenders" if state.is_defender(seat) else "declarer"


def _where(state: PlayState, dummy: Seat, card: Card) -> str | None:
    """``current`` (on the trick in progress), ``last`` (in the trick just completed) or None."""
    if (dummy, card) in state.trick:
        return "current"
    if state.tricks and state.tricks[-1].card_of(dummy) == card:
        return "last"
    return None


def _declarer_played_since(state: PlayState, dummy: Seat, card: Card) -> bool:
    seq = _sequence(state)
    idx = max((i for i, p in enumerate(seq) if p == (dummy, card)), default=None)
    if idx is None:
        return True
    return any(not state.is_defender(s) for s, _ in seq[idx + 1:])


def _both_sides_played_next(state: PlayState, dummy: Seat, card: Card) -> bool:
    where = _where(state, dummy, card)
    if where == "current":
        return False
    if where is None:
        return True
    return len({_side(state, s) for s, _ in state.trick}) == 2


def _take_back(state: PlayState, dummy: Seat, old: Card) -> tuple[PlayState, tuple[tuple[Seat, Card], ...]]:
    """Dummy's ``old`` goes back to dummy's hand. Cards played after it to that trick by the defenders go
    back to their hands (they may play again), and every later card when dummy's card was the lead; declarer's
    later card stays (he may change it if his right-hand opponent changes his, 45D). A trick completed by the
    card is reopened, and cards already played to the next trick go back. Returns the state, with dummy to
    play, and the cards given back to the opponents."""
    st = state
    given: list[tuple[Seat, Card]] = []
    if _where(st, dummy, old) == "last":
        given += list(st.trick)
        for s, c in st.trick:
            st = st.with_hand(s, st.hand(s) | {c})
        last = st.tricks[-1]
        st = st.evolve(tricks=st.tricks[:-1], trick=last.plays, trick_leader=last.leader, phase="play")
    trick = st.trick
    idx = trick.index((dummy, old))
    after = trick[idx + 1:]
    back = [(s, c) for s, c in after if idx == 0 or st.is_defender(s)]
    kept = tuple(p for p in after if p not in back)
    st = st.with_hand(dummy, st.hand(dummy) | {old})
    for s, c in back:
        st = st.with_hand(s, st.hand(s) | {c})
    given = back + given
    removed = {(dummy, old), *given}
    new_trick = trick[:idx] + kept
    last_played = tuple(p for p in st.last_played if p not in removed)
    st = st.evolve(trick=new_trick, trick_leader=st.trick_leader if idx > 0 else None, to_act=dummy,
                   last_played=last_played, correctable=None, designation=None)
    st = st.add_restored(((dummy, old),) + tuple(given))
    # Law 16C: dummy's card is withdrawn because declarer's side changed the designation (45C4b) or dummy
    # placed a card that was not designated (45D); that side is the offending side (docs/revokes.md)
    st, _ = withdrawn(st, old, dummy, offender=True)
    return st, tuple(given)


def _replay_notes(state: PlayState, given: tuple[tuple[Seat, Card], ...], law_ref: LawRef) -> list[Statement]:
    # the defender who played after the changed card is of the non-offending side (45C4b: "Laws 47D and 16C1")
    return [note("played.note.opponent_may_replay", L16C, seat=s, card=c,
                 **sides(withdrawn_information(c, s, offender=False)))
            for s, c in given if state.is_defender(s)]


def _correct(table: Engine, state: PlayState, ev: Designate, dsg: Designation) -> PlayState:
    """Implements 45C4b (a slip of the tongue, corrected before declarer plays again) and the 46B preamble
    with 45D (declarer's incontrovertible intention: the card dummy placed was never designated)."""
    cc = state.correctable
    if not isinstance(cc, DesignatedCard):
        raise IllegalPlayError(f"{ev}: there is no designation of dummy's card to correct (45C4b)", law=L45C4b,
                               seat=ev.seat, event=ev, key="played.error.no_designation_to_correct")
    dummy, old = cc.dummy, cc.card
    where = _where(state, dummy, old)
    base = _take_back(state, dummy, old)[0] if where is not None else None
    new_res = resolve(base, dummy, dsg, ev.words, ev.lang) if base is not None else None
    intends = (ev.intended is not None and ev.incontrovertible is not False) or ev.incontrovertible is True
    if intends:
        target = ev.intended if ev.intended is not None else (new_res.card if new_res else None)
        return _intended_instead(table, state, ev, dsg, cc, target)
    finding = _finding(ev, cc)
    if finding == "slip_of_tongue":
        if where is None or _declarer_played_since(state, dummy, old):
            return _card_stays(state, cc, L45C4b, "played.note.correction_too_late")
        st, given = _take_back(state, dummy, old)
        notes = [note("played.note.correction_slip", L45C4b, old=old)] + _replay_notes(state, given, L45C4b)
        assert new_res is not None
        return _replaced(table, st, ev, dsg, cc, new_res, L45C4b, notes)
    if finding in ("loss_of_concentration", "reconsideration"):
        key = {"loss_of_concentration": "played.note.correction_concentration",
               "reconsideration": "played.note.correction_reconsideration"}[finding]
        notes = [note(key, L45C4b, old=old)]
        if ev.incontrovertible is False:
            notes.insert(0, note("played.note.correction_not_incontrovertible", L46B, old=old))
        st = with_status(state, dummy, old, True, L45C4b, "designate")
        return st.evolve(notes=tuple(notes))
    # no finding: the Director must establish the facts; the card stays where it is meanwhile
    if where is None or _declarer_played_since(state, dummy, old) and _both_sides_played_next(state, dummy, old):
        return _card_stays(state, cc, L45C4b, "played.note.correction_too_late")
    return _ask_about_correction(state, ev, cc, new_res.card if new_res is not None else None)


def _intended_instead(table: Engine, state: PlayState, ev: Designate, dsg: Designation, cc: DesignatedCard,
                      target: Card | None) -> PlayState:
    """The 46B preamble with 45D: declarer incontrovertibly intended ``target``, so the card dummy placed was
    never designated; it goes back while each side has not played to the next trick."""
    dummy, old = cc.dummy, cc.card
    if target is None:
        raise IllegalPlayError(f"{ev}: give the card the Director finds declarer incontrovertibly intended "
                               "('intended')", law=L46B, seat=ev.seat, event=ev,
                               key="played.error.intended_missing")
    if _where(state, dummy, old) is None or _both_sides_played_next(state, dummy, old):
        return _card_stays(state, cc, L45D, "played.note.too_late_45D")
    st, given = _take_back(state, dummy, old)
    notes = [note("played.note.not_designated", L45D, old=old, intent=L46B)] + _replay_notes(state, given, L45D)
    if any(s is state.declarer for s, _ in st.trick):
        notes.append(note("played.note.declarer_may_change", L45D, rho=state.declarer.rho))
    res = resolve(st, dummy, Designation.of_card(target), ev.words, ev.lang, intended=target)
    return _replaced(table, st, ev, dsg, cc, res, L45D, notes)


def _finding(ev: Designate, cc: DesignatedCard) -> str | None:
    """The Director's finding about a correction: written on the designation it judges or on the correction,
    both mean the same; two different findings are refused."""
    if ev.td_finding is not None and cc.td_finding is not None and ev.td_finding != cc.td_finding:
        raise IllegalPlayError(f"{ev}: the Director's finding is {cc.td_finding!r} on the designation and "
                               f"{ev.td_finding!r} on its correction; give one finding (45C4b)", law=L45C4b,
                               seat=ev.seat, event=ev, key="lp.error.two_findings", first=cc.td_finding,
                               second=ev.td_finding)
    return ev.td_finding if ev.td_finding is not None else cc.td_finding


def _card_stays(state: PlayState, cc: DesignatedCard, law_ref: LawRef, key: str) -> PlayState:
    """Too late to take dummy's card back: it stays played, and a note says why."""
    st = with_status(state, cc.dummy, cc.card, True, law_ref, "designate")
    return st.evolve(notes=(note(key, law_ref, old=cc.card),))


def _replaced(table: Engine, st: PlayState, ev: Designate, dsg: Designation, cc: DesignatedCard, res: Resolution,
              law_ref: LawRef, notes: list[Statement]) -> PlayState:
    """Dummy's card, taken back (``st``), counts as not played, and the card ``res`` designates is played
    instead; ``notes`` come before the new card's."""
    st = with_status(st, cc.dummy, cc.card, False, law_ref, "designate")
    out = _apply(table, st, ev, dsg, res)
    return out.evolve(notes=tuple(notes) + out.notes)


def _ask_about_correction(state: PlayState, ev: Designate, cc: DesignatedCard, new_card: Card | None) -> PlayState:
    """No finding yet: the Director asks whether it was a slip of the tongue (45C4b) and, for a designation
    that might not have been finished, whether it was (45C4a); the card stays until he answers."""
    old = cc.card
    if_yes = Message("played.a.new_card_played", {"old": old, "new": new_card}) if new_card is not None else \
        Message("played.a.new_designation", {"old": old, "words": ev.words})
    qkey = "played.q.slip" if ev.incontrovertible is False else "played.q.correction"
    qs = [question(qkey, L45C4b, old=old, old_words=cc.words, words=ev.words,
                   if_yes=if_yes, if_no=Message("played.a.card_stays", {"card": old}))]
    if cc.complete is None and cc.designation.kind != "card":
        qs.append(question("played.q.finished", law("45C4a"), old_words=cc.words, if_no=if_yes))
    st = with_status(state, cc.dummy, old, None, L45C4b, "designate")
    return st.evolve(questions=tuple(qs))


def designated_play(state: PlayState, ev: Play) -> PlayState:
    """Dummy's ``play`` while a designation waits for a card: it must be one of the candidates (46B3b, 46B4,
    46B5); the designation is then settled."""
    p = state.designation
    if ev.seat is not state.dummy:
        return state
    allowed = designation_candidates(state, ev.seat)   # the cards legal_cards offers, no more and no fewer
    if isinstance(p, PendingDesignation) and allowed is not None and ev.card not in allowed:
        cards = _cards(allowed)
        raise DecisionError(f"{ev}: dummy's card must be one of {', '.join(str(c) for c in cards)} "
                            f"({p.law.cite('en')})", law=p.law, seat=ev.seat, card=ev.card, event=ev,
                            key="played.error.not_a_candidate", cards=cards, words=p.words)
    return state.evolve(designation=None)


def lapse_stale(state: PlayState) -> PlayState:
    """A designation waiting for dummy's card (46B) that fits no card dummy may now play lapses, with a note:
    the trick has changed since it was made (a lead out of turn accepted, say), and declarer designates again.
    Without this, dummy could play nothing and play could not go on (issue #12, D1)."""
    p = state.designation
    if not isinstance(p, PendingDesignation) or not p.candidates or state.to_act is not state.dummy:
        return state
    if state.pending is not None or state.irregular_lead is not None or state.phase == "over":
        return state
    if designation_candidates(state, state.dummy) is not None:
        return state
    return state.evolve(designation=None, notes=state.notes + (
        note("reliability.designation_lapsed", L46B, words=p.words or str(p.designation or ""),
             dummy=state.dummy, cards=_cards(follow_suit_cards(state, state.dummy))),))


def _no_turn_for_dummy(state: PlayState, dummy: Seat) -> bool:
    """Dummy has played to this trick, or to the trick just completed and is not on lead: a card designated
    from dummy now goes back to the hand with no further rectification (45E2)."""
    if state.to_act is dummy:
        return False
    return any(s is dummy for s, _ in state.trick) or (not state.trick and bool(state.tricks))


def misplaced_by_dummy(state: PlayState) -> DesignatedCard | None:
    """The card dummy placed that declarer did not designate (45D), if it is still on the table."""
    cc = state.correctable
    if isinstance(cc, DesignatedCard) and cc.card != cc.designated and _where(state, cc.dummy, cc.card):
        return cc
    return None


def withdraw_misplaced(table: Engine, state: PlayState, ev: RequestWithdraw) -> PlayState:
    """Implements Law 45D: dummy's card that declarer did not designate is withdrawn if attention is drawn to
    it before each side has played to the next trick; a defender may take back a card played since, and if
    declarer's right-hand opponent changes his card, declarer may change a card he played later to the trick."""
    cc = misplaced_by_dummy(state)
    assert cc is not None
    if ev.new_card != cc.designated:
        raise DecisionError(f"{ev}: declarer designated {cc.designated}; that is the card dummy plays (45D)",
                            law=L45D, seat=ev.seat, card=ev.new_card, event=ev,
                            key="played.error.misplaced_wrong_card", designated=cc.designated)
    if _both_sides_played_next(state, cc.dummy, cc.card):
        return state.evolve(may_withdraw=False,
                       notes=(note("played.note.too_late_45D", L45D, old=cc.card),))
    st, given = _take_back(state, cc.dummy, cc.card)
    notes = [note("played.note.misplaced_withdrawn", L45D, old=cc.card, new=cc.designated)]
    notes += _replay_notes(state, given, L45D)
    if any(s is state.declarer for s, _ in st.trick):
        notes.append(note("played.note.declarer_may_change", L45D, rho=state.declarer.rho))
    st = table.apply(st, Play(cc.dummy, cc.designated))
    st = with_status(st, cc.dummy, cc.designated, True, L45D, "designate")
    return st.evolve(may_withdraw=True, correctable=replace(cc, card=cc.designated),
                   notes=tuple(notes) + st.notes)


# ----------------------------------------------------------------------------------------------------------
# the events of rules.played_card, with what a designation adds to them
# ----------------------------------------------------------------------------------------------------------

_card_play = HANDLERS[Play]
_card_withdraw = HANDLERS[RequestWithdraw]


@register(Play)
def play(table: Engine, state: PlayState, ev: Play) -> PlayState:
    """A card for a designation that is waiting for one settles it (46B), then the play of
    :func:`bridgelaws.rules.played_card.play`."""
    if state.designation is not None:
        state = designated_play(state, ev)
    return _card_play(table, state, ev)


@register(RequestWithdraw)
def request_withdraw(table: Engine, state: PlayState, ev: RequestWithdraw) -> PlayState:
    """Dummy's card that declarer did not designate is taken back (45D); every other request is
    :func:`bridgelaws.rules.played_card.request_withdraw`."""
    fd = state.opening_lead_face_down
    face_down_own = fd is not None and fd[0] is ev.seat
    if not face_down_own and ev.seat is state.declarer and misplaced_by_dummy(state) is not None:
        return withdraw_misplaced(table, state, ev)
    return _card_withdraw(table, state, ev)
