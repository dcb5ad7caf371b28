"""Random playouts with irregularities injected, for property tests and benchmarks.

Every random choice goes through an explicit ``random.Random``; the same seed gives the same events.
``next_event`` proposes one event for the table's state; ``playout`` plays a deal to the end.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.deal import Contract, Deal
from bridgelaws.decision_options import decision_events
from bridgelaws.errors import IllegalPlayError
from bridgelaws.events import (
    AcceptLead, Choose, CorrectRevoke, Event, Expose, Play, RejectLead, Select, Simultaneous,
)
from bridgelaws.state import PlayState
from bridgelaws.table import Table, follow_suit_cards

__all__ = ["next_event", "decision_event", "decision_events", "irregular_event", "playout", "card_locations",
           "revoke_event", "revoke_playout", "random_ending"]


def _sorted(cards: frozenset[Card] | tuple[Card, ...]) -> list[Card]:
    return sorted(cards, key=lambda c: c.sort_key)


def decision_event(state: PlayState, rng: random.Random) -> Event:
    """A random choice among the options of the pending decision."""
    d = state.pending
    assert d is not None
    decl = state.declarer
    if d.kind == "lead_options":
        opt = rng.choice(["require", "forbid", "none"])
        if opt == "require":
            return Choose(decl, option="require", suit=rng.choice(d.suits))
        if opt == "forbid":
            k = rng.randint(1, len(d.suits))
            return Choose(decl, option="forbid", suits=tuple(rng.sample(d.suits, k)))
        return Choose(decl, option="none")
    if d.kind == "opening_lead_out_of_turn":
        return rng.choice(decision_events(state))
    if d.kind == "lead_out_of_turn":
        return rng.choice([AcceptLead(decl), RejectLead(decl)])
    if d.kind == "declarer_lead_out_of_turn":
        speaker = rng.choice([d.by, d.by.partner])
        return rng.choice([AcceptLead(speaker), RejectLead(speaker)])
    if d.kind == "premature_play":
        opt = rng.choice(["highest", "lowest", "require_suit", "forbid_suit"])
        if opt in ("require_suit", "forbid_suit"):
            suits = [s for s in Suit if s is not state.suit_led]
            return Choose(decl, option=opt, suit=rng.choice(suits))
        return Choose(decl, option=opt)
    if d.kind == "failure_to_play":
        return Choose(decl, option=rng.choice(["accept_play", "reject_play"]))
    if d.kind == "designate_penalty_card":
        return Choose(decl, option="designate_penalty_card", card=rng.choice(d.cards))
    if d.kind == "select_card":
        return Select(d.by, card=rng.choice([o.cards[0] for o in d.options]))
    if d.kind == "auction_lead_restriction":
        return rng.choice(decision_events(state))
    raise ValueError(f"unknown decision {d.kind!r}")


def irregular_event(state: PlayState, rng: random.Random) -> Event | None:
    """A random irregularity that could physically happen now (it may still be refused)."""
    kind = rng.choice(["drop", "drop", "lead_out_of_turn", "premature", "simultaneous", "revoke", "wrong_card"])
    seat = state.to_act
    if seat is None:
        return None
    if kind == "drop":
        who = rng.choice(list(Seat))
        hand = _sorted(state.hand(who))
        return Expose(who, rng.choice(hand), how=rng.choice(["dropped", "named"])) if hand else None
    if kind == "lead_out_of_turn" and not state.trick:
        who = rng.choice([s for s in Seat if s is not seat])
        hand = _sorted(state.hand(who))
        return Expose(who, rng.choice(hand), how="lead_out_of_turn") if hand else None
    if kind == "premature" and state.trick:
        played = {s for s, _ in state.trick}
        cands = [s for s in state.defenders if s not in played and s is not seat and s.partner not in played]
        if cands:
            who = rng.choice(cands)
            hand = _sorted(state.hand(who))
            return Expose(who, rng.choice(hand), how="premature_play") if hand else None
    if kind == "simultaneous":
        hand = _sorted(state.hand(seat))
        if len(hand) >= 2:
            cards = tuple(rng.sample(hand, 2))
            visible = cards if rng.random() < 0.6 else cards[:1]
            return Simultaneous(seat, cards=cards, visible=visible)
    if kind == "revoke" and state.trick:
        base = follow_suit_cards(state, seat)
        others = _sorted(state.hand(seat) - base)
        if others:
            return Expose(seat, rng.choice(others), how="revoke_corrected")
    if kind == "wrong_card":
        base = _sorted(follow_suit_cards(state, seat))
        if base:
            return Play(seat, rng.choice(base))
    return None


def next_event(table: Table, rng: random.Random, p_irregular: float = 0.0) -> Event | None:
    """The next event of a random playout: a decision if one is pending, else (with probability
    ``p_irregular``) an irregularity, else a random legal card. None when play is over."""
    st = table.state
    if st.phase == "over":
        return None
    if st.pending is not None:
        return decision_event(st, rng)
    if p_irregular and rng.random() < p_irregular:
        ev = irregular_event(st, rng)
        if ev is not None:
            return ev
    legal = _sorted(table.legal_cards())
    if not legal:
        raise AssertionError(f"no legal card for {st.to_act} with no decision pending (trick {st.trick_no})")
    return Play(st.to_act, rng.choice(legal))  # type: ignore[arg-type]


def playout(deal: Deal, contract: Contract, seed: int, p_irregular: float = 0.0,
            max_events: int = 400) -> Iterator[tuple[Table, Event]]:
    """Play ``deal`` to the end; yields (table, event) after each accepted event. Irregular events the
    engine refuses are skipped (the refusal leaves the state unchanged, which callers may check)."""
    rng = random.Random(seed)
    table = Table(deal, contract)
    for _ in range(max_events):
        ev = next_event(table, rng, p_irregular)
        if ev is None:
            return
        try:
            table.push(ev)
        except IllegalPlayError:
            if table.state.pending is None and isinstance(ev, Play) and ev.card in table.legal_cards():
                raise
            continue
        yield table, ev
    raise AssertionError(f"playout did not finish within {max_events} events")


def revoke_event(state: PlayState, rng: random.Random) -> Play | None:
    """A revoke that could happen now (61A): the player to act holds the suit led and plays a card of
    another suit, ``play … revoke = true``. None when he cannot revoke (he leads, or holds only the suit led
    or none of it)."""
    seat = state.to_act
    if seat is None or not state.trick or state.pending is not None or state.irregular_lead is not None:
        return None
    base = follow_suit_cards(state, seat)
    if state.suit_led is None or not any(c.suit is state.suit_led for c in base):
        return None
    others = _sorted(state.holding(seat) - base)
    return Play(seat, rng.choice(others), revoke=True) if others else None


def revoke_playout(deal: Deal, contract: Contract, seed: int, p_revoke: float = 0.1, p_correct: float = 0.0,
                   max_events: int = 400) -> Iterator[tuple[Table, Event]]:
    """Play ``deal`` to the end with revokes: before each card, with probability ``p_revoke``, the player
    to act revokes if he can; right after a revoke, with probability ``p_correct``, attention is drawn to it
    and it is corrected (62); decisions that follow are chosen at random. Yields (table, event)."""
    rng = random.Random(seed)
    table = Table(deal, contract)
    for _ in range(max_events):
        st = table.state
        if st.phase == "over":
            return
        ev: Event | None = None
        if st.pending is not None:
            ev = decision_event(st, rng)
        else:
            last = table.peek()
            if p_correct and isinstance(last, Play) and last.revoke and rng.random() < p_correct:
                offender = last.seat
                ev = CorrectRevoke(offender, card=last.card)
            elif rng.random() < p_revoke:
                ev = revoke_event(st, rng)
            if ev is None:
                legal = _sorted(table.legal_cards())
                if not legal:
                    raise AssertionError(f"no legal card for {st.to_act} (trick {st.trick_no})")
                ev = Play(st.to_act, rng.choice(legal))  # type: ignore[arg-type]
        table.push(ev)
        yield table, ev
    raise AssertionError(f"playout did not finish within {max_events} events")


def random_ending(seed: int, k: int, kind: str = "plain", extra: int = 0) -> Table | None:
    """A random deal played at random until ``k`` tricks remain (and ``extra`` cards of the next trick are
    played); ``penalty``: a defender has dropped an honour on the way; ``restriction``: and declarer's lead
    options are pending. None when this seed gives no such ending. The claim solver's tests and benchmark
    (``benchmarks/claims.py``) draw their endings here."""
    rng = random.Random(seed)
    declarer = rng.choice(list(Seat))
    table = Table(Deal.random(seed), Contract.parse(f"4{rng.choice(['S', 'H', 'D', 'C', 'NT'])}", declarer))
    dropped = kind == "plain"
    for _ in range(400):
        st = table.state
        if 13 - len(st.tricks) <= k and len(st.trick) == extra and (
                st.pending is None or kind == "restriction" and not st.trick):
            break
        if st.pending is not None:
            table.push(decision_event(st, rng))
            continue
        seat = st.to_act
        if not dropped and st.is_defender(seat) and not st.trick and len(st.tricks) >= 13 - k - 3:
            honours = [c for c in st.hand(seat.partner) if c.is_honour]
            if honours:
                table.push(Expose(seat.partner, rng.choice(sorted(honours, key=lambda c: c.sort_key)),
                                  how="dropped"))
                dropped = True
                continue
        table.push(Play(seat, rng.choice(_sorted(table.legal_cards()))))
    st = table.state
    if 13 - len(st.tricks) != k or len(st.trick) != extra or st.phase != "play":
        return None
    if kind != "plain" and not st.penalty_cards:
        return None
    if kind == "restriction" and (st.pending is None or st.pending.kind != "lead_options"):
        return None
    return table


def card_locations(state: PlayState) -> dict[Card, str]:
    """Where every card is: a hand, a penalty card, the trick in progress, a finished trick, or a lead out of
    turn lying on the table. Raises AssertionError if a card is in two places."""
    where: dict[Card, str] = {}

    def put(card: Card, place: str) -> None:
        if card in where:
            raise AssertionError(f"{card} is both in {where[card]} and in {place}")
        where[card] = place

    for seat in Seat:
        for c in state.hand(seat):
            put(c, f"hand {seat.value}")
    for p in state.penalty_cards:
        put(p.card, f"penalty card {p.seat.value}")
    for s, c in state.trick:
        put(c, f"trick {s.value}")
    for i, t in enumerate(state.tricks, 1):
        for s, c in t.plays:
            put(c, f"trick {i} {s.value}")
    if state.irregular_lead is not None:
        put(state.irregular_lead.card, "lead out of turn")
    return where
