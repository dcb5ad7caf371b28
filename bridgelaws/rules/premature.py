"""Premature lead or play by a defender (57), simultaneous cards (58) and inability to comply (59)."""

from __future__ import annotations

from bridgelaws.cards import Card, Seat
from bridgelaws.errors import DecisionError, FailureToFollowSuitError, IllegalPlayError, OutOfTurnError
from bridgelaws.events import Choose, Event, Expose, Play, Select, Simultaneous
from bridgelaws.laws import law
from bridgelaws.rules.information import sides, withdrawn
from bridgelaws.rules.penalty_cards import add_penalty_cards, every_card_forced, record_moot, restore, settle
from bridgelaws.state import Decision, Option, PlayState, Restriction
from bridgelaws.mechanics import (
    Engine, check_plain_play, complete_trick, follow_suit_cards, legal_cards_ignoring_pending, next_in_trick, note,
    place_card, register, register_choice, register_expose, restricted_cards,
)

L57A = law("57A")
L57C1 = law("57C1")
L57C3 = law("57C3")
L57D = law("57D")
L47E1 = law("47E1")
L16 = law("16")
L58B1 = law("58B1")
L58B2 = law("58B2")
_57_LAWS = {"highest": law("57A1"), "lowest": law("57A2"), "require_suit": law("57A3"),
            "forbid_suit": law("57A4")}


@register_expose("premature_play")
def premature_play(table: Engine, state: PlayState, ev: Expose) -> PlayState:
    """Implements Law 57A: a defender leads or plays before his partner has played to the current trick.
    His card becomes a major penalty card, and declarer picks one of four options for the partner."""
    seat, card = ev.seat, ev.card
    if not state.is_defender(seat):
        raise OutOfTurnError(f"{ev}: declarer's premature play is simply played and stands if legal (57C3); "
                             "write it as a play with out_of_turn = true", law=L57C3, seat=seat, card=card, event=ev,
                             key="error.declarer_premature", trick_no=state.trick_no)
    if ev.misinformed_by_opponent:
        return misinformed_play(state, seat, card, ev)
    partner = seat.partner
    played = {s for s, _ in state.trick}
    if state.trick and partner in played and state.to_act is not seat and seat not in played \
            and state.pending is None and state.irregular_lead is None:
        return premature_at_rho_turn(state, seat, card, ev)
    if not state.trick or partner in played or state.to_act is seat:
        raise OutOfTurnError(f"{ev}: a premature play is a card led or played before partner has played to the "
                             "current trick (57A)", law=L57A, seat=seat, card=card, event=ev,
                             key="error.not_premature", trick_no=state.trick_no)
    if state.pending is not None or state.irregular_lead is not None:
        raise DecisionError(f"{ev}: a decision is pending", law=state.pending.law if state.pending else None,
                            seat=seat, card=card, event=ev, key="error.decision_pending", trick_no=state.trick_no)
    if state.declarer in played and state.dummy in played:
        raise IllegalPlayError(f"{ev}: declarer has played from both hands, so there is no rectification for "
                               "playing before partner (57C1)", law=L57C1, seat=seat, card=card, event=ev,
                               key="error.no_rectification_57C1", trick_no=state.trick_no)
    st = add_penalty_cards(state, seat, (card,), L57A, deliberate=True)
    options = tuple(Option(name, lr) for name, lr in _57_LAWS.items())
    decision = Decision("premature_play", state.declarer, options, L57A, offender=seat, cards=(card,),
                        subject=partner)
    st = st.evolve(notes=(note("note.premature_penalty", L57A, seat=seat, card=card),))
    if every_card_forced(st):
        return record_moot(st, decision)      # the partner's only card: no option can change it
    return st.evolve(pending=decision)


def misinformed_play(state: PlayState, seat: Seat, card: Card, ev: Event) -> PlayState:
    """Implements Law 47E1 for a play (the 2017 text: "a lead out of turn (or play of a card)"): the defender
    played before his turn because an opponent mistakenly told him it was his turn. The card is retracted without
    further rectification: it goes back to his hand, it is no penalty card, and declarer has no options under
    57A. Law 16C governs what it showed (47E1 refers to it)."""
    if not state.trick or seat is state.to_act:
        raise OutOfTurnError(f"{ev}: a premature play is a card led or played before partner has played to the "
                             "current trick (57A, 47E1)", law=L47E1, seat=seat, card=card, event=ev,
                             key="error.not_premature", trick_no=state.trick_no)
    if state.pending is not None or state.irregular_lead is not None:
        raise DecisionError(f"{ev}: a decision is pending", law=state.pending.law if state.pending else None,
                            seat=seat, card=card, event=ev, key="error.decision_pending", trick_no=state.trick_no)
    st = restore(state, seat, (card,))
    # the opponent who misinformed him is the offending side; the player who retracts is not (16C1, 16C2)
    st, info = withdrawn(st, card, seat, offender=False)
    return st.evolve(notes=(note("lp.note.47E1_play", L47E1, seat=seat, card=card, ui=law("16C"), **sides(info)),))


def premature_at_rho_turn(state: PlayState, seat: Seat, card: Card, ev: Event) -> PlayState:
    """Implements Law 57D: a defender plays (not leads) at his right-hand opponent's turn, after his partner has
    played. A card he could legally play to the trick must be played at his proper turn: it is his card to
    this trick, and the opponent on his right still plays before the trick is complete. Any other card becomes
    a major penalty card. Law 16 may apply to what the early card told declarer's side."""
    if any(s is seat for s, _ in state.trick):
        raise OutOfTurnError(f"{ev}: {seat.name.title()} has already played to this trick", law=L57D, seat=seat,
                             card=card, event=ev, trick_no=state.trick_no, key="error.already_played")
    if state.phase == "over" or card not in state.holding(seat):
        check_plain_play(state, seat, card, ev)
    legal = legal_cards_ignoring_pending(state, seat)
    if card in legal:
        st = place_card(state, seat, card, complete=False)
        st = st.evolve(notes=st.notes + (note("lp.note.57D_stands", L57D, seat=seat, card=card, rho=seat.rho),
                                         note("lp.note.57D_law16", L16, seat=seat, card=card)))
        if len(st.trick) == 4:
            return complete_trick(st)
        return st.evolve(to_act=next_in_trick(st))
    if card not in state.hand(seat):
        raise OutOfTurnError(f"{ev}: {card} is {seat.name.title()}'s penalty card and cannot be played to this trick "
                             "now", law=L57D, seat=seat, card=card, event=ev, trick_no=state.trick_no,
                             key="lp.error.57D_penalty_card")
    st = add_penalty_cards(state, seat, (card,), L57D, deliberate=True)
    return st.evolve(notes=(note("lp.note.57D_penalty", L57D, seat=seat, card=card, rho=seat.rho),))


@register_choice("premature_play")
def choose_57(state: PlayState, ev: Choose, d: Decision) -> PlayState:
    """Declarer's choice under 57A: it binds the offender's partner in the current trick only."""
    partner = d.subject
    assert partner is not None
    suits: tuple = ()
    if ev.option in ("require_suit", "forbid_suit"):
        suit = ev.suit or (ev.suits[0] if ev.suits else None)
        if suit is None:
            raise DecisionError(f"{ev}: name the suit", law=_57_LAWS[ev.option], seat=ev.seat, event=ev,
                                key="error.choose_needs_suit", option=ev.option)
        if suit is state.suit_led:
            raise DecisionError(f"{ev}: 57A3 and 57A4 name a suit other than the suit led", law=_57_LAWS[ev.option],
                                seat=ev.seat, event=ev, key="error.57_other_suit", suit=suit)
        suits = (suit,)
    elif state.suit_led is not None:
        suits = (state.suit_led,)
    r = Restriction(partner, ev.option, suits, "this_trick", _57_LAWS[ev.option], state.trick_no,
                    by_penalty_of=d.offender)
    st = state.evolve(pending=None, restrictions=state.restrictions + (r,))

    _, _, cannot = restricted_cards(st, partner) if st.to_act is partner else (None, None, False)
    notes = (note("note.cannot_comply", law("59"), seat=partner),) if cannot else ()
    return st.evolve(notes=notes)


@register(Simultaneous)
def simultaneous(table: Engine, state: PlayState, ev: Simultaneous) -> PlayState:
    """Implements Law 58B: several cards led or played at once."""
    seat = ev.seat
    cards, visible = tuple(ev.cards), tuple(ev.visible)
    if len(cards) < 2:
        raise IllegalPlayError(f"{ev}: list at least two cards played at once", law=law("58B"), seat=seat, event=ev,
                               key="error.simultaneous_two")
    if not visible or any(c not in cards for c in visible):
        raise IllegalPlayError(f"{ev}: 'visible' must list one or more of the cards played", law=law("58B"),
                               seat=seat, event=ev, key="error.simultaneous_visible")
    if seat is not state.to_act:
        raise OutOfTurnError(f"{ev}: it is not {seat.name.title()}'s turn", law=law("58B"), seat=seat, event=ev,
                             key="error.out_of_turn", to_act=state.to_act)
    waiting = state.pending.law if state.pending is not None else law("53A") if state.irregular_lead else None
    if waiting is not None:
        # nobody plays while a decision (or a lead out of turn) waits; a 58B2 choice made now could then be
        # played neither before nor after it (issue #12, D3)
        raise DecisionError(f"{ev}: {seat.name.title()} may not play {cards[0]} until the decision has been made "
                            f"({waiting.cite('en')})", law=waiting, seat=seat, card=cards[0], event=ev,
                            key="error.decision_pending", trick_no=state.trick_no)
    for c in cards:
        if c not in state.holding(seat):
            check_plain_play(state, seat, c, ev)
    hidden = tuple(c for c in cards if c not in visible)
    follow = follow_suit_cards(state, seat)
    if len(visible) > 1 and not any(c in follow for c in visible):
        raise FailureToFollowSuitError(
            f"{ev}: none of the visible cards follows suit, so whichever he names is a revoke; record the revoke "
            "as an 'expose ... how = \"revoke_corrected\"' event (44C, 62)", law=law("44C"), seat=seat, event=ev,
            key="error.simultaneous_revoke", trick_no=state.trick_no)
    if len(visible) == 1:
        # 58B1: the one visible card is played; the others go back with no rectification (47F)
        st = table.apply(state, Play(seat, visible[0]))
        st = restore(st, seat, hidden)
        return st.evolve(notes=st.notes + (note("note.simultaneous_one_visible", L58B1, seat=seat,
                                                  card=visible[0]),))
    st = restore(state, seat, hidden) if hidden else state
    # he names the card he plays among the visible ones that follow suit (naming another would be a revoke)
    # and that he may play now (a designation waiting for dummy's card, say): every choice offered is accepted
    def deciding(choices: tuple[Card, ...]) -> Decision:
        return Decision("select_card", seat, tuple(Option("select", L58B2, cards=(c,)) for c in choices), L58B2,
                        offender=seat, cards=visible, subject=seat)

    following = tuple(c for c in visible if c in follow)
    trial = st.evolve(pending=deciding(following))
    refusal: IllegalPlayError | None = None
    choices_l: list[Card] = []
    for c in following:
        try:
            select(table, trial, Select(seat, card=c))
        except IllegalPlayError as exc:
            refusal = refusal or exc
            continue
        choices_l.append(c)
    if not choices_l:
        assert refusal is not None
        refusal.event = ev
        raise refusal
    return st.evolve(pending=deciding(tuple(choices_l)))


@register(Select)
def select(table: Engine, state: PlayState, ev: Select) -> PlayState:
    """58B2: the player names the card he plays; a defender's other visible cards become penalty cards
    (classified by 50B), declarer's go back to his hand (48A)."""
    d = state.pending
    if d is None or d.kind != "select_card":
        raise DecisionError(f"{ev}: there are no simultaneous cards to choose from (58B2)", law=L58B2, seat=ev.seat,
                            event=ev, key="error.nothing_to_select")
    if ev.seat is not d.by:
        raise DecisionError(f"{ev}: {d.by.name.title()}, who played the cards, names the one he plays (58B2)",
                            law=L58B2, seat=ev.seat, event=ev, key="error.wrong_selector", seat_expected=d.by)
    choices = tuple(o.cards[0] for o in d.options)
    if ev.card not in choices:
        raise DecisionError(f"{ev}: choose one of {', '.join(str(c) for c in choices)} (58B2)", law=L58B2,
                            seat=ev.seat, card=ev.card, event=ev, key="error.select_among", cards=choices)
    others = tuple(c for c in d.cards if c != ev.card)
    st = table.apply(state.evolve(pending=None), Play(ev.seat, ev.card))
    if st.is_defender(ev.seat):
        # a card that was a penalty card already stays one (it is not taken into the hand and out again)
        st = add_penalty_cards(st, ev.seat, tuple(c for c in others if c in st.hand(ev.seat)), L58B2,
                               deliberate=False)
        # the position may call for a decision now that the penalty cards lie on the table
        st = settle(st)
        return st.evolve(notes=st.notes + (note("note.simultaneous_penalty", L58B2, seat=ev.seat, card=ev.card,
                                                  cards=others),))
    st = restore(st, ev.seat, others)
    return st.evolve(notes=st.notes + (note("note.simultaneous_restored", law("48A"), seat=ev.seat, card=ev.card,
                                              cards=others),))
