"""The contract and declarer that an auction decides, for records without ``[Contract]`` or ``[Declarer]``
(issue #21, N10).

PBN 2.1 (the auction section) gives the calls in order from the seat named by the ``[Auction]`` tag, and says that
the auction determines the contract and the declarer. The contract is the last bid, doubled when the last call
other than a pass after it is a double, redoubled when it is a redouble (Law 19); the declarer is "the player who,
for the side that makes the final bid, first bid the denomination named in the final bid" (the Laws' Definitions);
the auction ends with three passes after a bid, and four passes are a passed-out board (Law 22A)."""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaws.cards import Seat

__all__ = ["Outcome", "outcome"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a complete auction decided: ``contract`` as PBN writes it (``3NT``, ``4HX``) or ``Pass``, and the
    declarer (None when passed out)."""

    contract: str
    declarer: Seat | None


def _strain(call: str) -> str:
    rest = call[1:]
    return "NT" if rest in ("N", "NT") else rest


def outcome(first: Seat, calls: list[str]) -> Outcome | None:
    """The contract and declarer of an auction that is over (three passes after a bid, or four passes); None
    when the auction is not complete. ``calls`` are ``Pass``, ``X``, ``XX`` or a bid (``1C`` ... ``7NT``)."""
    if len(calls) < 4 or calls[-3:] != ["Pass"] * 3:
        return None
    bids = [i for i, c in enumerate(calls) if c not in ("Pass", "X", "XX")]
    if not bids:
        return Outcome("Pass", None) if len(calls) == 4 else None
    last = bids[-1]
    doubled = ""
    for call in calls[last + 1:]:
        if call in ("X", "XX"):
            doubled = call
    bidder = first.next(last)
    strain = _strain(calls[last])
    side = (bidder, bidder.partner)
    declarer = next(first.next(i) for i in bids
                    if first.next(i) in side and _strain(calls[i]) == strain)
    return Outcome(calls[last][0] + strain + doubled, declarer)
