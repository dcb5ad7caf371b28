"""Bounded work on any input (issue #12): a 1 MB scenario file, and replay time against the number of events.

    python benchmarks/reliability.py [--repeat 3]
    python3 dev.py bench                        # runs every benchmarks/*.py inside .venv

1. ``python -m bridgelaws check`` on the largest file of repeated accepted events that the loader reads
   (1 MB: a defender's card taken out and put back, declarer's card dropped, again and again), in a child
   process whose peak memory and CPU time are measured. Targets: under 2 s and under 200 MB. The time target
   is judged on CPU time, which a busy shared machine does not inflate; the wall time is printed too.
2. Replay: ``Table(deal, contract, events)`` for 5,000, 10,000 and 20,000 such events; time per event, best of
   --repeat. Target: replay linear in the number of events, i.e. the time per event at 20,000 at most 1.5 times
   that at 5,000 (before issue #12 each state copied a growing tuple, and the ratio was about 4).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import fuzzing  # noqa: E402

CHECK_SECONDS = 2.0
CHECK_MB = 200.0
LINEAR_RATIO = 1.5


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of the 1 MB check; the best counts")
    args, _ = parser.parse_known_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        runs = [fuzzing.check_big_file(Path(tmp)) for _ in range(max(1, args.repeat))]
    size, n, _, _, _, status = runs[0]
    seconds = min(r[2] for r in runs)
    cpu = min(r[3] for r in runs)
    mb = max(r[4] for r in runs)
    print(f"check of a {size:,}-byte file of {n:,} repeated events: {status}")
    print(f"  time {seconds:.2f} s wall, {cpu:.2f} s CPU (best of {len(runs)}; target < {CHECK_SECONDS:g} s: "
          f"{'met' if cpu < CHECK_SECONDS else 'NOT met'} in CPU time, "
          f"{'met' if seconds < CHECK_SECONDS else 'not met'} in wall time on this machine now)")
    print(f"  peak memory {mb:.0f} MB (target < {CHECK_MB:g} MB: {'met' if mb < CHECK_MB else 'NOT met'})")
    times = fuzzing.replay_times()
    for count, us in times:
        print(f"replay of {count:,} repeated events: {us:6.1f} µs per event")
    ratio = times[-1][1] / times[0][1]
    print(f"time per event at {times[-1][0]:,} / at {times[0][0]:,}: {ratio:.2f}   (target <= {LINEAR_RATIO:g}: "
          f"{'met' if ratio <= LINEAR_RATIO else 'NOT met'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
