"""Writing LIN: a scenario as one LIN line for BBO's hand viewer, with the Director's statements as ``nt``
notes (issue #10). Notes never hold a line break of any kind, nor ``|`` (issue #21, N7)."""

from __future__ import annotations

from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.deal import Contract, Deal
from bridgelaws.errors import BridgeLawsError
from bridgelaws.i18n import normalize_lang, text
from bridgelaws.scenario import Scenario, localized
from bridgelaws.table import Table

from ._common import pbn_error, what
from .convert import board_data
from .write_pbn import Note, auction_calls, notes, plain_text, say

__all__ = ["to_lin"]

_LIN_DEALER = {Seat.SOUTH: "1", Seat.WEST: "2", Seat.NORTH: "3", Seat.EAST: "4"}
#: LIN's ``sv``: none, North-South, East-West, both
_LIN_VULNERABLE = {"None": "o", "NS": "n", "EW": "e", "All": "b"}
_LIN_SUITS = {"♠": "!S", "♥": "!H", "♦": "!D", "♣": "!C", "♤": "!S", "♡": "!H", "♢": "!D", "♧": "!C"}


def _lin_text(value: str) -> str:
    out = plain_text(value.replace("|", "/"))
    for sym, esc in _LIN_SUITS.items():
        out = out.replace(sym, esc)
    return out


def _lin_hand(deal: Deal, seat: Seat) -> str:
    hand = deal.hand(seat)
    return "".join(s.letter + "".join(c.rank.letter for c in hand.suit(s)) for s in Suit)


def _passes_before(dealer: Seat, declarer: Seat) -> list[str]:
    """The auction starts with the dealer: a pass by each player before declarer opens the contract."""
    parts: list[str] = []
    seat = dealer
    while seat is not declarer:
        parts += ["mb", "p"]
        seat = seat.next()
    return parts


def _lin_call(call: str) -> str:
    """A PBN call as LIN writes it: ``p``, ``d``, ``r``, ``1N``, ``4S``."""
    return {"Pass": "p", "X": "d", "XX": "r"}.get(call, call.replace("NT", "N"))


def _stand_in_auction(c: Contract) -> list[str]:
    """Declarer opens the final contract, and the others pass (doubled and redoubled as the contract is)."""
    bid = f"{c.level}{'N' if c.trump is None else c.trump.letter}"
    calls = [bid] + (["d", "r"] if c.doubled == 2 else ["d", "p"] if c.doubled == 1 else ["p", "p"]) + ["p"]
    if c.doubled == 2:
        calls += ["p", "p"]
    elif c.doubled == 1:
        calls += ["p"]
    parts: list[str] = []
    for call in calls:
        parts += ["mb", call]
    return parts


def _rotation(plays: list[tuple[Seat, Card]], leader: Seat | None) -> list[tuple[Seat, Card]]:
    """The cards of one trick in rotation order from its leader. LIN has no seats on its ``pc`` cards: a reader
    gives each card to the next hand in rotation, so a card placed out of that order (the legal card of a revoke
    corrected after later cards of its trick were played, 62B; a card replayed after 62C) must move to its
    owner's place."""
    if leader is None:
        leader = plays[0][0] if plays else None
    if leader is None:
        return plays
    order = [leader, leader.lho, leader.partner, leader.rho]
    return sorted(plays, key=lambda sc: order.index(sc[0]))


def _in_rotation(table: Table) -> list[list[tuple[Seat, Card]]]:
    """Each trick of the legal play (completed ones, then the trick in progress) in rotation order."""
    tricks = [_rotation(list(t.plays), t.leader) for t in table.tricks]
    if table.current_trick:
        tricks.append(_rotation(list(table.current_trick), table.state.trick_leader))
    return tricks


def _cards_and_notes(table: Table, notes_: list[Note], history: int, lang: str) -> list[str]:
    """A ``pc`` for each card of the legal play, each trick in rotation order, with each note where its card
    stands (after as many cards as were on the table), and the closing note."""
    parts: list[str] = []
    final = [sc for trick in _in_rotation(table) for sc in trick]
    for k in range(len(final) + 1):
        for n in (n for n in notes_ if n.position == k):
            said = " — ".join([say("comment.event", lang, trick=n.trick, number=n.number, what=n.what)]
                              + [say("comment.director", lang, text=s) for s in n.says])
            parts += ["nt", _lin_text(said), "pg", ""]
        if k < len(final):
            parts += ["pc", str(final[k][1])]
            if k % 4 == 3:
                parts += ["pg", ""]
    says = table.director_says(lang)
    if says and (not notes_ or list(notes_[-1].says) != says or notes_[-1].number != history):
        said = " — ".join([say("comment.now", lang)] + [say("comment.director", lang, text=s) for s in says])
        parts += ["nt", _lin_text(said), "pg", ""]
    if len(final) % 4:
        # the example stops inside a trick: LIN readers that count tricks (endplay) need the record closed,
        # and "mc" (claim) is LIN's only way to close it; the note says that nobody claimed
        parts += ["nt", _lin_text(say("lin.stops_here", lang)), "pg", "",
                  "mc", str(table.tricks_won(table.declarer))]
    return parts


def to_lin(scenario: Scenario, lang: str = "en", *, board: int = 1) -> str:
    """The scenario as one LIN line for BBO's hand viewer: ``md`` deal, a stand-in auction (declarer opens the
    final contract, which is how LIN names declarer; after Law 54A the player who became declarer), ``pc`` for
    each card of the legal play, and ``nt`` notes with what the Director says after each irregularity, in
    ``lang``. An export only: LIN has no way to record the irregularities themselves."""
    lang = normalize_lang(lang)
    try:
        table, notes_ = notes(scenario, lang)
    except BridgeLawsError as exc:
        raise pbn_error(what("not_replayable", id=scenario.id, problem=str(exc)), path=scenario.path) from None
    c = scenario.contract
    d = table.declarer  # after 54A the presumed declarer's partner: LIN names declarer by the auction
    hands = ",".join(_lin_hand(scenario.deal, s) for s in (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST))
    board_no, dealer, vulnerable = board_data(scenario.tags)   # the record's own, when imported (issue 37)
    vulnerable = scenario.vulnerable or vulnerable
    first_caller, calls = auction_calls(table)
    title = localized(scenario.title, lang) or scenario.id
    if calls and first_caller is not None and "-" not in calls:
        # the legal auction itself (its irregularities are in the notes); LIN's auction starts with the dealer, so
        # after an accepted call out of rotation (29A) the first caller stands as dealer
        parts = ["pn", ",,,", "st", "", "md", _LIN_DEALER[first_caller] + hands, "rh", "",
                 "ah", f"Board {board_no or board}", "sv", _LIN_VULNERABLE[vulnerable or "None"]]
        for call in calls:
            parts += ["mb", _lin_call(call)]
        parts += ["nt", _lin_text(title), "pg", ""]
        return "|".join(parts + _cards_and_notes(table, notes_, len(scenario.history), lang)) + "|\n"
    parts = ["pn", ",,,", "st", "", "md", _LIN_DEALER[dealer or d] + hands, "rh", "",
             "ah", f"Board {board_no or board}", "sv", _LIN_VULNERABLE[vulnerable or "None"]]
    parts += _passes_before(dealer or d, d) + _stand_in_auction(c)
    strain = c.trump.symbol if c.trump is not None else text("scenario.show.notrump", lang)
    contract = f"{c.level}{strain}{'X' * c.doubled}"
    parts += ["nt", _lin_text(title + " — " + say("lin.stand_in_auction", lang, seat=d, contract=contract)),
              "pg", ""]
    parts += _cards_and_notes(table, notes_, len(scenario.history), lang)
    return "|".join(parts) + "|\n"
