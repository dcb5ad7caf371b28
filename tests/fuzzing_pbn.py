"""Seeded fuzzing of the PBN reader, the PBN and LIN exports, and the card table's message handler (issue #21).
Used by tests/fuzzing.py (``python3 dev.py fuzz``) and, bounded, by tests/test_fuzz.py.

- ``fuzz_pbn_reader``: mutated real files (tests/data/pbn), the reproducers and our own exports, read with
  ``errors="raise"`` and ``"collect"``; every record turned into a scenario and a table. Only the library's own
  errors may come out, every error names its record and line, reading takes at most 5 s and one record's
  scenario or table at most 1 s (a whole file's replays take longer on a loaded machine: they are not timed).
- ``fuzz_exports``: corpus scenarios with hostile titles and questions (quotes, backslashes, braces, ``#``,
  line breaks of every kind, control characters, ``|``), written as PBN and LIN: the PBN reads back as the same
  scenario (and endplay, when installed, reads one board with the same contract); the LIN is one line.
- ``fuzz_widget_messages``: arbitrary JSON as page messages (any action, any ``arg``, ``value``, ``name``, ``card``
  of any JSON type): nothing escapes the handler.
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bridgelaws import scenario as sc
from bridgelaws.errors import BridgeLawsError

ROOT = Path(__file__).resolve().parent.parent
PBN_SEEDS = sorted((ROOT / "tests" / "data" / "pbn").rglob("*.pbn")) + sorted(
    (ROOT / "tests" / "data" / "repro").glob("*.pbn"))
SLOW_S = 5.0

#: payloads for titles and questions: what PBN and LIN give a meaning to, and line breaks of every kind
PAYLOADS = ('"', '\\', '\\"', "{", "}", "{x}", "[", "]", '[Board "2"]', "%", ";", "#", "##", "##x", "# x", "|",
            "pn|", "nt|x|", "^R", "=1=", "$1", "*", "\r", "\n", "\r\n", "\n\n", "\u2028", "\u2029", "\x85", "\x0b",
            "\x0c", "\x1c", "\x1d", "\x1e", "\x00", "\x1b[2J", "\x7f", "\ufeff", "ā" * 300, "♠♥♦♣", " ", "")
_SPECIAL_BYTES = b'[]{}";%\\\n\r\t -*=^$!?#0123456789SHDCAKQJTNEWPX'


def _mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    kind = rng.randrange(8)
    n = len(data)
    i = rng.randrange(n + 1)
    if kind == 0 and n:                      # delete a span
        return data[:i] + data[i + rng.randint(1, 40):]
    if kind == 1:                            # insert special bytes
        return data[:i] + bytes(rng.choice(_SPECIAL_BYTES) for _ in range(rng.randint(1, 6))) + data[i:]
    if kind == 2:                            # insert random bytes (invalid UTF-8 too)
        return data[:i] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 4))) + data[i:]
    lines = data.split(b"\n")
    j = rng.randrange(len(lines))
    if kind == 3:                            # duplicate a line (a tag twice, a longer play section)
        lines.insert(j, lines[j])
    elif kind == 4 and len(lines) > 1:       # delete a line
        del lines[j]
    elif kind == 5:                          # swap two lines
        k = rng.randrange(len(lines))
        lines[j], lines[k] = lines[k], lines[j]
    elif kind == 6:                          # a token replaced by a payload or a long number
        words = lines[j].split(b" ")
        w = rng.randrange(len(words))
        words[w] = rng.choice([p.encode("utf-8") for p in PAYLOADS] + [b"9" * 5000, "²".encode(), b"--", b"AP"])
        lines[j] = b" ".join(words)
    else:                                    # a line repeated many times
        lines[j:j + 1] = [lines[j]] * rng.choice((20, 200, 2000))
    return b"\n".join(lines)


def _export_seeds(rng: random.Random, count: int) -> list[bytes]:
    from bridgelaws.pbn import to_pbn

    out: list[bytes] = []
    for path in rng.sample(_corpus(), min(count, len(_corpus()))):
        try:
            out.append(to_pbn(sc.load(path), rng.choice(("da", "nb", "en"))).encode("utf-8"))
        except BridgeLawsError:
            continue
    return out


_CORPUS: list[Path] = []


def _corpus() -> list[Path]:
    if not _CORPUS:
        for folder in ("tests/scenarios", "notebooks/scenarios"):
            _CORPUS.extend(sorted((ROOT / folder).rglob("*.toml")))
    return _CORPUS


def _read_everything(data: bytes, errors: str) -> int:
    """read_pbn, then every record as a scenario and as a table; the number of records read."""
    from bridgelaws.pbn import read_pbn

    # CPU time, not the wall clock: a reader that loops shows, a machine busy with other work does not
    t0 = time.process_time()
    records = read_pbn(data, errors=errors)  # type: ignore[arg-type]
    if time.process_time() - t0 > SLOW_S:
        raise AssertionError(f"reading took {time.process_time() - t0:.1f} s of CPU")
    for e in records.errors:
        if e.record is None or e.line is None:
            raise AssertionError(f"an error without its record and line: {e}")
    for r in records:
        for fn in (r.scenario, r.table):
            t0 = time.process_time()
            try:
                fn()
            except BridgeLawsError:
                pass
            if time.process_time() - t0 > SLOW_S / 5:   # one record replayed: a second is already far too long
                raise AssertionError(f"record {r.number}: {fn.__name__}() took {time.process_time() - t0:.1f} s "
                                     "of CPU")
    return len(records)


def fuzz_pbn_reader(seed: int, n: int, report: Any, *, deadline: float | None = None) -> None:
    """``n`` mutated PBN files, read whole."""
    rng = random.Random(seed)
    seeds = [p.read_bytes() for p in PBN_SEEDS] + _export_seeds(rng, 6)
    for i in range(n):
        if deadline is not None and time.monotonic() > deadline:
            return
        data = rng.choice(seeds)
        for _ in range(rng.choice((1, 1, 2, 3, 8))):
            data = _mutate_bytes(data, rng)
        report.pbn_inputs += 1
        try:
            _read_everything(data, rng.choice(("raise", "collect")))
        except BridgeLawsError:
            pass
        except Exception as exc:  # noqa: BLE001 - a foreign exception is what we look for
            report.fail("pbn reader", (seed, i), f"{type(exc).__name__}: {str(exc)[:160]} "
                        f"(input {data[:60]!r}..., {len(data)} bytes)")


def _hostile_text(rng: random.Random, random_text: Callable[[random.Random], str]) -> str:
    parts = [rng.choice(PAYLOADS) if rng.random() < 0.7 else random_text(rng) for _ in range(rng.randint(1, 4))]
    return "".join(parts)[:2000]


def fuzz_exports(seed: int, n: int, report: Any, random_text: Callable[[random.Random], str], *,
                 deadline: float | None = None) -> None:
    """``n`` corpus scenarios with hostile titles and questions, exported to PBN (read back, by us and by
    endplay) and to LIN (one line)."""
    from bridgelaws.pbn import read_pbn, to_lin, to_pbn

    try:
        import endplay.parsers.pbn as epbn   # optional: a reader that nobody here wrote
    except ImportError:
        epbn = None
    rng = random.Random(seed)
    corpus = _corpus()
    for i in range(n):
        if deadline is not None and time.monotonic() > deadline:
            return
        try:
            base = sc.load(rng.choice(corpus))
        except BridgeLawsError:
            continue
        lang = rng.choice(("da", "nb", "en"))
        title = _hostile_text(rng, random_text)
        s = dataclasses.replace(base, title={lg: title for lg in ("da", "nb", "en")})
        if rng.random() < 0.5:
            s = dataclasses.replace(s, question={lg: _hostile_text(rng, random_text) for lg in ("da", "nb", "en")})
        report.exports += 1
        where = f"{base.id} title {title[:40]!r} ({lang})"
        try:
            text = to_pbn(s, lang)
            lin = to_lin(s, lang)
        except BridgeLawsError:
            continue   # a scenario the exporter refuses (the reason is in the error)
        except Exception as exc:  # noqa: BLE001
            report.fail("exports", (seed, i), f"{where}: {type(exc).__name__}: {str(exc)[:160]}")
            continue
        try:
            back = read_pbn(text)
            if len(back) != 1 or back[0].scenario() != s:
                report.fail("exports", (seed, i), f"{where}: the PBN export does not read back as the scenario")
        except Exception as exc:  # noqa: BLE001 - our own export must read back, whatever the error
            report.fail("exports", (seed, i), f"{where}: reading our PBN back: {type(exc).__name__}: {exc}"[:300])
        if len(lin.splitlines()) != 1 or not lin.endswith("|\n"):
            report.fail("exports", (seed, i), f"{where}: the LIN export is {len(lin.splitlines())} lines")
        if epbn is not None and rng.random() < 0.3:
            try:
                boards = epbn.loads(text)
                if len(boards) != 1 or boards[0].contract.level != s.contract.level:
                    report.fail("exports", (seed, i), f"{where}: endplay reads {len(boards)} boards or another "
                                "contract")
            except Exception as exc:  # noqa: BLE001
                report.fail("exports", (seed, i), f"{where}: endplay: {type(exc).__name__}: {str(exc)[:120]}")


_ACTIONS = ("card", "choose", "step", "back", "next_stop", "prev_stop", "restart", "article", "reveal", "branch",
            "set_click", "sim_play", "set_mode", "set_role", "set_lang", "exam_toggle", "exam_check",
            "exam_choice", "save", "save_test", "load", "files", "downloads", "nonsense", "")


def _json_value(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.randrange(12 if depth < 3 else 8)
    if roll == 0:
        return None
    if roll == 1:
        return rng.choice((True, False))
    if roll == 2:
        return rng.choice((0, -1, 1, 2, 99, 10**30, -(10**30), 2**63))
    if roll == 3:
        return rng.choice((0.5, -0.0, float("nan"), float("inf"), -float("inf"), 1e308))
    if roll in (4, 5, 6):
        return rng.choice(("", "0", "1", "-1", "x", "HJ", "SA", "10", "²", "1" * 5000, "../x.toml", "/etc/passwd",
                           "a\x00b", "\x1b[2J", "lesson", "exam", "play", "da", "é.toml", " " * 3))
    if roll == 7:
        return "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randint(0, 20)))
    if roll in (8, 9):
        return [_json_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {rng.choice(("action", "arg", "value", "x", "")): _json_value(rng, depth + 1) for _ in range(rng.randint(0, 3))}


def _message(rng: random.Random) -> Any:
    if rng.random() < 0.05:
        return _json_value(rng)            # not even an object
    msg: dict[str, Any] = {"action": rng.choice(_ACTIONS) if rng.random() < 0.9 else _json_value(rng)}
    for key in ("arg", "value", "name", "card", "overwrite", "all_seen"):
        if rng.random() < 0.4:
            msg[key] = _json_value(rng)
    # what a JSON comm message can hold: the message must survive a JSON round trip (NaN is allowed by Python's)
    return json.loads(json.dumps(msg))


def fuzz_widget_messages(seed: int, n: int, report: Any, folder: Path, *, deadline: float | None = None) -> bool:
    """``n`` arbitrary JSON messages to the card table (what a viewer's browser console can send); False if the
    widget cannot be imported."""
    try:
        from bridgelaws import widgets
    except ImportError:
        return False
    from bridgelaws.deal import Contract, Deal
    from bridgelaws.table import Table

    rng = random.Random(seed)
    mine = folder / "mine"
    mine.mkdir(parents=True, exist_ok=True)
    w = widgets.CardTable(Table(Deal.random(seed), Contract.parse("3NT", "S")), lang="en", folder=mine,
                          allow_write=rng.random() < 0.5)
    for i in range(n):
        if deadline is not None and time.monotonic() > deadline:
            break
        msg = _message(rng)
        report.messages += 1
        try:
            w.send_action(msg)
        except Exception as exc:  # noqa: BLE001
            report.fail("widget messages", (seed, i), f"{str(msg)[:120]}: {type(exc).__name__}: {str(exc)[:120]}")
            return True
    return True
