"""Engine speed: bridgelaws' Table against endplay's Deal on the same seeded random deals, and import time.

    python benchmarks/engine.py [--deals 200] [--seed 1] [--repeat 3] [--import-runs 10]
    python3 dev.py bench                        # runs every benchmarks/*.py inside .venv

1. Plan (not timed): for deal i, bridgelaws.Deal.random(seed + i) is played out to 13 tricks through
   bridgelaws' Table. Before every play the legal cards are sorted (spades first, 2 up to A) and one is
   picked with random.Random(seed + i). The contract cycles through NT, S, H, D, C and the four declarers.
   At every step endplay's legal_moves() on the same deal must give the same set: a cross-check of both.
2. Timed: the planned plays are replayed through each engine; before every play the engine is asked for
   its legal cards (Table.legal_cards() / Deal.legal_moves()), the planned card is checked to be among them,
   then played (Table.push(Play(...)) / Deal.play(card)). Best of --repeat runs. Target: bridgelaws at least
   3x the plays per second of endplay.
3. Import time: median wall time of `python -c "import bridgelaws"` minus that of `python -c pass`
   (--import-runs each, alternating). Target: at most 50 ms more than a bare interpreter start.

Revoke-heavy mode (always printed beside the plain one; --no-revokes skips it): the same deals played out
with a revoke whenever the player to act can revoke, with probability 0.25 per card (play … revoke = true,
Laws 61-64), and a third of them corrected at once (62); every revoke is then followed, established (63A) and
the Law 64 adjustment computed at the end (bridgelaws.simulate.revoke_playout). Its rate counts the card plays
and times every event, plus the trick adjustment; target: still at least 3x endplay's plain rate.

--irregular: the same deals played out with irregularities injected (exposed cards, leads out of turn,
premature plays, corrected revokes, ... and the decisions they call for; see inject_irregularities()).
bridgelaws' rate counts only the card plays but times every event; it is compared with endplay's plain
playout rate on the same deals. Target: still at least 3x.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from bridgelaws.cards import Card
from bridgelaws.deal import Contract, Deal
from bridgelaws.events import Event, Play
from bridgelaws.rules.revoke import adjustment
from bridgelaws.table import Table

SUITS = "SHDC"
RANKS = "23456789TJQKA"
STRAINS = ("NT", "S", "H", "D", "C")
DECLARERS = ("S", "W", "N", "E")
SPEED_TARGET = 3.0  # bridgelaws plays per second / endplay plays per second
IMPORT_TARGET_MS = 50.0
T = TypeVar("T")


def card_key(text: str) -> tuple[int, int]:
    """Sort key for a card in PBN letters ("SA"): spades, hearts, diamonds, clubs; 2 up to A."""
    return SUITS.index(text[0]), RANKS.index(text[1])


@dataclass
class Board:
    """One planned board: the deal, the contract and the events to push, in order."""

    number: int
    deal: Deal
    contract: Contract
    events: list[Event]

    @property
    def plays(self) -> list[Play]:
        return [e for e in self.events if isinstance(e, Play)]


def contract_for(number: int) -> Contract:
    strain = STRAINS[number % len(STRAINS)]
    declarer = DECLARERS[(number // len(STRAINS)) % len(DECLARERS)]
    return Contract.parse(f"3{strain}", declarer)


def plan_board(number: int, seed: int) -> Board:
    """Play one random deal out with seeded choices among bridgelaws' legal cards (not timed)."""
    deal = Deal.random(seed)
    contract = contract_for(number)
    table = Table(deal, contract)
    rng = random.Random(seed)
    events: list[Event] = []
    while not table.is_complete():
        seat = table.to_act()
        assert seat is not None, f"board {number}: nobody to act before trick 13 is complete"
        options = sorted((str(c) for c in table.legal_cards()), key=card_key)
        play = Play(seat=seat, card=Card.parse(options[rng.randrange(len(options))]))
        table.push(play)
        events.append(play)
    assert len(events) == 52, f"board {number}: {len(events)} plays, not 52"
    return Board(number, deal, contract, events)


def inject_revokes(board: Board, seed: int) -> Board:
    """The same deal and contract played out with many revokes (not timed): see the module docstring."""
    from bridgelaws.simulate import revoke_playout

    events = [ev for _, ev in revoke_playout(board.deal, board.contract, seed, p_revoke=0.25, p_correct=0.33)]
    return Board(board.number, board.deal, board.contract, events)


def inject_irregularities(board: Board, rng: random.Random) -> Board:
    """The same deal and contract played out with irregularities injected (not timed): with probability 0.1
    before each card an exposed card, a lead out of turn, a premature play, simultaneous cards, a corrected
    revoke or a wrong card instead of a penalty card, and every decision the Laws then call for, chosen at
    random among the options on offer (bridgelaws.simulate). Events the engine refuses are left out."""
    from bridgelaws.simulate import playout

    events = [ev for _, ev in playout(board.deal, board.contract, rng.randrange(2**32), p_irregular=0.1)]
    return Board(board.number, board.deal, board.contract, events)


# endplay ----------------------------------------------------------------------------------------------------


def endplay_setup(boards: list[Board]) -> list[tuple[Any, list[Any]]]:
    """endplay deals with the same cards, opening leader and trumps, and the planned cards as endplay Cards."""
    from endplay.types import Card as ECard
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    denoms = {"NT": Denom.nt, "S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}
    players = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
    jobs = []
    for board in boards:
        edeal = EDeal(board.deal.to_pbn())
        edeal.first = players[str(board.contract.declarer.lho)]
        edeal.trump = denoms[str(board.contract.strain)]
        jobs.append((edeal, [ECard(str(p.card)) for p in board.plays]))
    return jobs


def endplay_text(card: Any) -> str:
    """An endplay Card in PBN letters ("SA"); str() of an endplay card gives a suit symbol."""
    return "SHDC"[int(card.suit.value)] + str(card.rank.name)[1]


def cross_check(boards: list[Board], jobs: list[tuple[Any, list[Any]]]) -> None:
    """At every step endplay and bridgelaws must agree on the legal cards."""
    for board, (base, cards) in zip(boards, jobs):
        table, edeal = Table(board.deal, board.contract), base.copy()
        for i, (play, card) in enumerate(zip(board.plays, cards)):
            ours = {str(c) for c in table.legal_cards()}
            theirs = {endplay_text(c) for c in edeal.legal_moves()}
            if ours != theirs:
                raise AssertionError(
                    f"board {board.number}, play {i + 1}: bridgelaws {sorted(ours, key=card_key)}"
                    f" but endplay {sorted(theirs, key=card_key)} ({board.deal.to_pbn()})"
                )
            table.push(play)
            edeal.play(card)


# timed loops ------------------------------------------------------------------------------------------------


def time_bridgelaws(boards: list[Board]) -> tuple[int, float]:
    """Replay every board; the legal cards are asked for before every card. In a plain playout each card
    must be among them; an irregular playout also has deliberately wrong cards (Law 52)."""
    plays = 0
    start = time.perf_counter()
    for board in boards:
        table = Table(board.deal, board.contract)
        irregular = len(board.events) != 52
        for event in board.events:
            if isinstance(event, Play):
                legal = table.legal_cards()
                if event.card not in legal and not irregular and not event.revoke:
                    raise AssertionError(f"board {board.number}: {event} is not legal")
            table.push(event)
        if table.state.revokes:
            adjustment(table.state)
        plays += len(board.events)
    return plays, time.perf_counter() - start


def time_endplay(jobs: list[tuple[Any, list[Any]]]) -> tuple[int, float]:
    plays = 0
    start = time.perf_counter()
    for base, cards in jobs:
        deal = base.copy()
        for card in cards:
            if card not in deal.legal_moves():
                raise AssertionError(f"endplay: {card} is not legal")
            deal.play(card)
        plays += len(cards)
    return plays, time.perf_counter() - start


def best_rate(fn: Callable[[T], tuple[int, float]], arg: T, repeat: int) -> float:
    """Plays per second of the fastest of `repeat` runs."""
    runs = [fn(arg) for _ in range(repeat)]
    return max(plays / seconds for plays, seconds in runs)


def import_times(runs: int, modules: list[str]) -> dict[str, float]:
    """Median wall time in ms of a fresh interpreter running `pass` or importing each module."""
    codes = {"(bare interpreter)": "pass", **{m: f"import {m}" for m in modules},
             "(first Table)": "import bridgelaws as bl; bl.Table(bl.Deal.random(1), bl.Contract.parse('3NT', 'S'))"}
    samples: dict[str, list[float]] = {name: [] for name in codes}
    for name, code in codes.items():  # warm the file system cache once
        subprocess.run([sys.executable, "-c", code], check=True)
    for _ in range(runs):
        for name, code in codes.items():
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True)
            samples[name].append((time.perf_counter() - start) * 1000)
    return {name: statistics.median(values) for name, values in samples.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="number of random deals (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal; deal i uses seed + i")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per engine; the best counts")
    parser.add_argument("--import-runs", type=int, default=10, help="interpreter starts per import measure")
    parser.add_argument("--no-import", action="store_true", help="skip the import-time measure")
    parser.add_argument("--irregular", action="store_true", help="inject irregularities into the playouts")
    parser.add_argument("--no-revokes", action="store_true", help="skip the revoke-heavy mode")
    args = parser.parse_args(argv)

    print(
        f"engine benchmark: {args.deals} deals from seed {args.seed}, best of {args.repeat}, "
        f"Python {sys.version.split()[0]}"
    )
    boards = [plan_board(i, args.seed + i) for i in range(args.deals)]
    jobs = endplay_setup(boards)
    cross_check(boards, jobs)
    print(f"legal cards agree with endplay at all {sum(len(b.plays) for b in boards):,} plays")
    theirs = best_rate(time_endplay, jobs, args.repeat)
    if args.irregular:
        irregular = [inject_irregularities(b, random.Random(args.seed + b.number)) for b in boards]
        n_events = sum(len(b.events) for b in irregular)
        n_plays = sum(len(b.plays) for b in irregular)
        ours = best_rate(time_bridgelaws, irregular, args.repeat) * n_plays / n_events
        print(f"irregular playouts: {n_events:,} events, of which {n_events - n_plays:,} irregularities and "
              "decisions")
        label = "bridgelaws Table, irregular"
    else:
        ours = best_rate(time_bridgelaws, boards, args.repeat)
        label = "bridgelaws Table"
    ratio = ours / theirs
    print(f"{label}: {ours:10,.0f} plays/s   (legal_cards() + push(event), every event timed)")
    print(f"endplay Deal, plain: {theirs:10,.0f} plays/s   (legal_moves() + play(card) per play)")
    verdict = "met" if ratio >= SPEED_TARGET else "NOT met"
    print(f"ratio bridgelaws/endplay: {ratio:.2f}x   (target >= {SPEED_TARGET:g}x: {verdict})")
    if not args.no_revokes:
        revoking = [inject_revokes(b, args.seed + b.number) for b in boards]
        n_events = sum(len(b.events) for b in revoking)
        n_plays = sum(len(b.plays) for b in revoking)
        n_revokes = sum(1 for b in revoking for p in b.plays if p.revoke)
        n_boards = sum(1 for b in revoking if any(p.revoke for p in b.plays))
        rev = best_rate(time_bridgelaws, revoking, args.repeat) * n_plays / n_events
        print(f"revoke-heavy playouts: {n_revokes:,} revokes on {n_boards} of {len(revoking)} boards, "
              f"{n_events - n_plays:,} corrections and decisions")
        rev_ratio = rev / theirs
        print(f"bridgelaws Table, revoke-heavy: {rev:10,.0f} plays/s   (every event timed, Law 64 at the end)")
        verdict = "met" if rev_ratio >= SPEED_TARGET else "NOT met"
        print(f"ratio revoke-heavy/endplay: {rev_ratio:.2f}x   (target >= {SPEED_TARGET:g}x: {verdict})")

    if not args.no_import:
        times = import_times(args.import_runs, ["bridgelaws", "endplay"])
        bare = times["(bare interpreter)"]
        extra = times["bridgelaws"] - bare
        print(f"interpreter start, median of {args.import_runs}: {bare:6.1f} ms")
        print(
            f"import bridgelaws: {times['bridgelaws']:6.1f} ms  (+{extra:.1f} ms; target <= +{IMPORT_TARGET_MS:g} ms: "
            f"{'met' if extra <= IMPORT_TARGET_MS else 'NOT met'})"
        )
        print(f"import + first Table: {times['(first Table)']:6.1f} ms  (+{times['(first Table)'] - bare:.1f} ms: the "
              "engine and its rules load on first use)")
        print(f"import endplay:    {times['endplay']:6.1f} ms  (+{times['endplay'] - bare:.1f} ms, for reference)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
