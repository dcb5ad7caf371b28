"""Reading PBN files: read_pbn on a 500-record file, against a target of 2 s.

    python benchmarks/pbn.py [--records 500] [--seed 1] [--repeat 3]
    python3 dev.py bench                        # runs every benchmarks/*.py inside .venv

1. Plan (not timed): --records random deals (bridgelaws.Deal.random(seed + i)), each played out to 13 tricks
   through the engine (a legal card picked with random.Random(seed + i) at every turn), written as PBN 2.1
   export records the way scoring programs write them: the usual tags, an auction with a tag-pair note and
   its [Note], the play section in columns from the opening leader, [Result], and an OptimumResultTable.
2. Timed: read_pbn() on the file (best of --repeat runs); every record must come back with its 52 cards in
   the order they were played and its result. Target: under 2 s for 500 records (the ratio printed is
   time / target; below 1 meets it).
3. For information: replaying every record through the engine (PbnRecord.table()), not part of the target.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

from bridgelaws.cards import Seat
from bridgelaws.deal import Contract, Deal
from bridgelaws.pbn import read_pbn
from bridgelaws.table import Table

TARGET_S = 2.0
STRAINS = ("NT", "S", "H", "D", "C")
VULNERABLE = ("None", "NS", "EW", "All")


def record(number: int, seed: int) -> tuple[str, list[str]]:
    """One PBN record of a random deal played out, and the cards in the order played."""
    rng = random.Random(seed + number)
    deal = Deal.random(seed + number)
    declarer = Seat.parse("NESW"[number % 4])
    contract = Contract.parse(f"{1 + number % 7}{STRAINS[number % 5]}", declarer)
    table = Table(deal, contract)
    while not table.is_complete():
        legal = sorted(table.legal_cards(), key=lambda c: c.sort_key)
        table.play(rng.choice(legal))
    leader = contract.opening_leader
    columns = list(Seat.iter_from(leader))
    rows = []
    for trick in table.tricks:
        by_seat = dict(trick.plays)
        rows.append(" ".join(str(by_seat[s]) for s in columns))
    dealer = Seat.parse("NESW"[number % 4])
    lines = [
        '[Event "Benchmark pairs"]', '[Site "bridgelaws"]', '[Date "2026.11.23"]', f'[Board "{number}"]',
        '[West "W"]', '[North "N"]', '[East "E"]', '[South "S"]', f'[Dealer "{dealer.value}"]',
        f'[Vulnerable "{VULNERABLE[number % 4]}"]', f'[Deal "{deal.to_pbn(dealer)}"]', '[Scoring "MP"]',
        f'[Declarer "{declarer.value}"]', f'[Contract "{contract}"]',
        f'[Result "{table.tricks_won(declarer)}"]', f'[Auction "{dealer.value}"]',
        "1C =1= Pass 1NT Pass", "Pass Pass", '[Note "1:2+ clubs"]', f'[Play "{leader.value}"]', *rows, "*",
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
        *[f"{s} {d:>2} {7 + (i % 6):>2}" for i, (s, d) in enumerate((s, d) for s in "NESW" for d in STRAINS)],
        "",
    ]
    played = [str(c) for t in table.tricks for _, c in t.plays]
    return "\n".join(lines), played


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args, _ = parser.parse_known_args(argv)   # dev.py bench passes the same arguments to every benchmark

    texts, expected = [], []
    for i in range(1, args.records + 1):
        text, played = record(i, args.seed)
        texts.append(text)
        expected.append(played)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "benchmark.pbn"
        path.write_text("% PBN 2.1\n% EXPORT\n\n" + "\n".join(texts), encoding="utf-8")
        size = path.stat().st_size
        best = float("inf")
        records = []
        for _ in range(max(1, args.repeat)):
            start = time.perf_counter()
            records = read_pbn(path)
            best = min(best, time.perf_counter() - start)
    assert len(records) == args.records, f"{len(records)} records read, {args.records} written"
    for r, played in zip(records, expected):
        assert [str(p.card) for p in r.plays] == played, f"record {r.number}: the play differs"
        assert r.result is not None
    start = time.perf_counter()
    for r in records:
        r.table()
    replay = time.perf_counter() - start
    ratio = best / TARGET_S * args.records / 500
    print(f"read_pbn: {args.records} records ({size / 1024:.0f} KiB, 52 cards each) in {best:.3f} s "
          f"(best of {args.repeat}); target {TARGET_S:.1f} s for 500 records: ratio {ratio:.2f} "
          f"({'meets' if ratio < 1 else 'MISSES'} the target)")
    print(f"for information: replaying every record through the engine: {replay:.3f} s")
    return 0 if ratio < 1 else 1


if __name__ == "__main__":
    sys.exit(main())
