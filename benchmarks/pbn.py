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
4. Size and memory (issue #21, N1 and N4), each file read in fresh child processes: one for the time (best of
   --repeat reads), one for the peak memory (the peak of the Python heap while reading, by tracemalloc, which
   counts the file's bytes and its text; the process's whole resident set is printed for information).
   Cases: 1, 4 and 16 MB of ordinary records; the same with an unbalanced '[' at the top; one record with a
   16 MB play section (refused after 52 cards); 16 MB of one-tag records (refused after MAX_PBN_RECORDS).
   Targets: time per MB at 4 and 16 MB within 1.5x of that at 1 MB, and peak memory at most 10x the file
   size. `--sizes 1,4` runs smaller sizes; `--no-sizes` skips step 4.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bridgelaws.cards import Seat
from bridgelaws.deal import Contract, Deal
from bridgelaws.errors import PbnError
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


MB = 1_000_000
TIME_RATIO = 1.5
MEMORY_RATIO = 10.0
DEAL = "N:T542.AK2.76.AT98 AJ6.76.A954.K765 Q87.Q543.T8.Q432 K93.JT98.KQJ32.J"
KINDS = ("ordinary", "bracket", "play", "tiny")


def sized_file(path: Path, mb: float, kind: str, seed: int) -> int:
    """Write a file of about ``mb`` MB (10**6 bytes) and return its size: ``ordinary`` records (64 played-out
    deals, repeated with new board numbers); ``bracket``, the same after an unbalanced '[' at the top (a
    '; results [pairs' comment line and a '{ see [1 }' comment, which made the old reader quadratic); ``play``,
    one record with a play section of the whole size; ``tiny``, records of one tag each (``[A "x"]``)."""
    size = int(mb * MB)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        if kind == "play":
            head = f'[Board "1"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "3NT"]\n[Play "W"]\n'
            f.write(head + "HJ H2 H6 H3\n" * ((size - len(head)) // 12))
            return path.stat().st_size
        if kind == "tiny":
            f.write('[A "x"]\n\n' * (size // 9))
            return path.stat().st_size
        f.write("; results [pairs section\n{ see [1 }\n\n" if kind == "bracket" else "% PBN 2.1\n% EXPORT\n\n")
        texts = [record(i, seed)[0] for i in range(1, 65)]
        written, n = 0, 0
        while written < size:
            text = texts[n % len(texts)].replace(f'[Board "{n % len(texts) + 1}"]', f'[Board "{n + 1}"]', 1)
            f.write(text + "\n")
            written += len(text) + 1
            n += 1
    return path.stat().st_size


def _read(path: str) -> str:
    try:
        return f"{len(read_pbn(Path(path)))} records"
    except PbnError as exc:   # the refusal is the expected outcome of the play and tiny cases
        return f"refused: {str(exc).split(': ', 1)[-1][:100]}"


def child(path: str, repeat: int, memory: bool) -> int:
    """Read one file in this fresh process. Time: the best of ``repeat`` reads. Memory: the peak of the Python
    heap while reading once (tracemalloc, which counts the file's bytes and text too), and the process's
    maximum resident set. Prints seconds (or the peak in bytes), the resident set in bytes, and what was read."""
    import gc
    import resource
    import tracemalloc

    if memory:
        tracemalloc.start()
        what = _read(path)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        value = float(peak)
    else:
        value = float("inf")
        for _ in range(repeat):
            gc.collect()
            start = time.perf_counter()
            what = _read(path)
            value = min(value, time.perf_counter() - start)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(f"{value}\t{rss}\t{what}")
    return 0


def _run_child(path: Path, repeat: int, memory: bool) -> tuple[float, int, str]:
    cmd = [sys.executable, __file__, "--child", str(path), "--repeat", str(repeat)] + (["--memory"] * memory)
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=os.environ | {"PYTHONHASHSEED": "0"})
    value, rss, what = out.stdout.strip().split("\t")
    return float(value), int(rss), what


def sizes(mbs: list[float], seed: int, repeat: int) -> bool:
    """Step 4: time and peak memory by size; True when the targets are met."""
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for kind in KINDS:
            per_mb = []
            for mb in (mbs if kind in ("ordinary", "bracket") else mbs[-1:]):
                path = Path(tmp) / f"{kind}-{mb}.pbn"
                size = sized_file(path, mb, kind, seed)
                t, _, what = _run_child(path, repeat, memory=False)
                peak, rss, _ = _run_child(path, 1, memory=True)
                mem = peak / size
                per_mb.append(t / (size / MB))
                ok &= mem <= MEMORY_RATIO
                print(f"{kind:>8} {size / MB:5.1f} MB: {t:6.2f} s ({per_mb[-1]:.3f} s/MB), peak memory "
                      f"{peak / MB:6.1f} MB = {mem:4.1f}x the file (process {rss / MB:.0f} MB); {what}")
                path.unlink()
            if len(per_mb) > 1:
                ratios = [x / per_mb[0] for x in per_mb[1:]]
                ok &= max(ratios) <= TIME_RATIO
                print(f"{kind:>8}: time per MB relative to {mbs[0]:g} MB: "
                      + ", ".join(f"{mb:g} MB {r:.2f}" for mb, r in zip(mbs[1:], ratios))
                      + f" (target at most {TIME_RATIO})")
    print(f"size targets (time per MB within {TIME_RATIO}x of {mbs[0]:g} MB, peak memory at most "
          f"{MEMORY_RATIO:g}x the file): {'met' if ok else 'MISSED'}")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sizes", default="1,4,16", help="MB sizes for step 4 (default 1,4,16)")
    parser.add_argument("--no-sizes", action="store_true", help="skip step 4")
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--memory", action="store_true", help=argparse.SUPPRESS)
    args, _ = parser.parse_known_args(argv)   # dev.py bench passes the same arguments to every benchmark
    if args.child:
        return child(args.child, args.repeat, args.memory)

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
    ok = ratio < 1
    if not args.no_sizes:
        ok &= sizes([float(x) for x in args.sizes.split(",")], args.seed, args.repeat)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
