"""The exact claim question: "can the claimer's side lose a trick under any legal play?", timed.

    python benchmarks/claims.py [--per-size 6] [--seed 1] [--limit 1.0]

For each ending size k = 3 .. 7 tricks and each of three kinds, --per-size random endings are built: a random deal
(bridgelaws.Deal.random(seed)) is played out with random legal cards until k tricks remain, then

- ``plain``: nothing more;
- ``penalty``: on the way, a defender has dropped an honour (a major penalty card, 49, 50B), still on the table;
- ``restriction``: as ``penalty``, and the offender's partner is on lead, so declarer's 50D2/51B choice (a lead
  restriction) is part of the search.

Two questions are asked for declarer's side, each timed: ``can_lose_a_trick`` for a claim of every remaining
trick (the threshold question itself), and ``min_tricks``, the fewest tricks the side takes under any legal play
of all four hands and any option declarer may choose (the number rules/claims.py states as computed). The times
are printed per size and kind (median and worst), and the largest ending whose every answer, to either question,
came within --limit seconds. Target: every
ending of up to 6 tricks within 1 s.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bridgelaws.analysis.claims import MAX_COMPUTED_TRICKS, can_lose_a_trick, min_tricks
from bridgelaws.rules.revoke import side_of
from bridgelaws.simulate import random_ending


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-size", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=float, default=1.0)
    args = ap.parse_args(argv)
    largest = 0
    for k in range(3, 8):
        worst_k = 0.0
        for kind in ("plain", "penalty", "restriction"):
            times: list[float] = []
            q_times: list[float] = []
            seed = args.seed * 100_000 + k * 1000
            tries = 0
            while len(times) < args.per_size and tries < 400:
                seed += 1
                tries += 1
                table = random_ending(seed, k, kind)
                if table is None:
                    continue
                st = table.state
                side = side_of(st.declarer)
                t0 = time.perf_counter()
                can_lose_a_trick(table, st, side, k)          # a claim of every remaining trick
                t1 = time.perf_counter()
                min_tricks(table, st, side)                   # the number the Director is told (rules/claims.py)
                t2 = time.perf_counter()
                q_times.append(t1 - t0)
                times.append(t2 - t1)
            if not times:
                print(f"{k} tricks, {kind:11}: no ending found")
                continue
            worst_k = max(worst_k, max(times), max(q_times))
            print(f"{k} tricks, {kind:11}: {len(times)} endings; can lose a trick: median "
                  f"{statistics.median(q_times) * 1000:7.1f} ms, worst {max(q_times) * 1000:7.1f} ms; "
                  f"min_tricks: median {statistics.median(times) * 1000:7.1f} ms, worst {max(times) * 1000:7.1f} ms")
        if worst_k <= args.limit and largest in (0, k - 1):
            largest = k
    print(f"largest ending answered within {args.limit:g} s every time: {largest} tricks "
          f"(MAX_COMPUTED_TRICKS = {MAX_COMPUTED_TRICKS})")
    return 0 if largest >= 6 else 1


if __name__ == "__main__":
    raise SystemExit(main())
