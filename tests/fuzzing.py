"""Seeded fuzzing of bridgelaws: the engine, the scenario loader and checker, the parsers and the card table.

Every random choice comes from an explicit ``random.Random(seed)``, so a failure is reproduced by its seed.
``tests/test_fuzz.py`` runs a bounded amount of each (well under a minute in all); a longer run, for use before
a release, is one command away:

    python3 dev.py fuzz --minutes 10          # or: .venv/bin/python tests/fuzzing.py --minutes 10

What is checked (issue #12):

- **engine**: random event sequences, regular and irregular (every event type, every field drawn from its
  vocabulary or at random), from a fresh deal or from a prefix of a corpus scenario. A refused event raises a
  library error and changes nothing; every legal card and every option of a pending decision is accepted; play
  can always go on (a legal card, or an accepted option) until it is over; ``pop`` restores the state before,
  and replaying the history reproduces the state; an event repeated does not make the state grow; what a
  person sees (Director's statements, diagrams, timeline) renders; the history goes through TOML, JSON and PBN
  and back unchanged.
- **scenarios**: mutated scenario files (text-level and structural) against ``load`` (ScenarioError only),
  ``check_file`` (a result, never an exception), ``replay``, ``show`` and the TOML/JSON round trip.
- **parsers**: random text (random Unicode, token soups, long text) against every parse function in every
  language: NotationError only, with a position inside the text; documented forms read back.
- **widget**: random clicks on the card table (when the widget is importable): no exception escapes, and what
  is marked legal is accepted.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import subprocess
import sys
import tempfile
import time
import tomllib
import traceback
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bridgelaws import Contract, Deal, Table, notation  # noqa: E402
from bridgelaws import scenario as sc  # noqa: E402
from bridgelaws.scenario.eventfields import read_event  # noqa: E402
from bridgelaws.scenario.writing import toml_key, toml_value  # noqa: E402
from bridgelaws.cards import ALL_CARDS, Card, Rank, Seat, Strain, Suit  # noqa: E402
from bridgelaws.deal import Hand  # noqa: E402
from bridgelaws.designations import VOCABULARY, parse_designation  # noqa: E402
from bridgelaws.errors import BridgeLawsError  # noqa: E402
from bridgelaws.events import (  # noqa: E402
    CHOOSE_OPTIONS, EVENT_TYPES, EXPOSE_HOW, TD_FINDINGS, TOUCH_PURPOSES, Event, Play,
)
from bridgelaws.laws import LawRef  # noqa: E402
from bridgelaws.simulate import card_locations, decision_events  # noqa: E402
import fuzzing_pbn  # noqa: E402  (the PBN reader, the exports and page messages: issue #21)

CORPUS = sorted(p for folder in ("tests/scenarios", "notebooks/scenarios", "tests/data/repro")
                for p in (ROOT / folder).rglob("*") if p.suffix in (".toml", ".json") and p.is_file())
LANGS = ("da", "nb", "en", "no")
CONTRACTS = ("3NT", "4S", "2H", "5D", "1C", "6NT", "3SX")
PBN = "N:T542.AK2.76.AT98 AJ6.76.A954.K765 Q87.Q543.T8.Q432 K93.JT98.KQJ32.J"


@dataclass
class Report:
    """What a run tried and what it found. ``failures`` holds one line per failure, with its seed."""

    events: int = 0
    accepted: int = 0
    refused: int = 0
    games: int = 0
    clicks: int = 0
    files: int = 0
    parser_inputs: int = 0
    pbn_inputs: int = 0
    exports: int = 0
    messages: int = 0
    failures: list[str] = field(default_factory=list)

    def fail(self, area: str, seed: Any, what: str) -> None:
        if len(self.failures) < 200:
            self.failures.append(f"{area} (seed {seed}): {what}")

    def summary(self) -> str:
        return (f"events tried {self.events} ({self.accepted} accepted, {self.refused} refused) in {self.games} "
                f"games; widget clicks {self.clicks}; scenario files {self.files}; parser inputs "
                f"{self.parser_inputs}; PBN files {self.pbn_inputs}; exports {self.exports}; page messages "
                f"{self.messages}; failures {len(self.failures)}")


def _short(exc: BaseException) -> str:
    tb = traceback.extract_tb(exc.__traceback__)
    where = f" at {Path(tb[-1].filename).name}:{tb[-1].lineno}" if tb else ""
    return f"{type(exc).__name__}: {str(exc)[:160]}{where}"


# ----------------------------------------------------------------------------------------------------------
# the engine
# ----------------------------------------------------------------------------------------------------------

_STRING_FIELDS: dict[str, tuple[Any, ...]] = {
    "how": EXPOSE_HOW, "option": CHOOSE_OPTIONS, "td_finding": TD_FINDINGS + (None,),
    "purpose": TOUCH_PURPOSES, "period": ("clarification", None), "lang": ("en", "da", "nb", "no"),
}
_WORDS = sorted({w for kinds in VOCABULARY.values() for words in kinds.values() for w in words}
                | set(notation.RANK_NAMES["en"].values()) | set(notation.RANK_NAMES["da"].values())
                | set(notation.RANK_NAMES["nb"].values()) | set(notation.SUIT_NAMES["en"].values())
                | set(notation.SUIT_NAMES["da"].values()) | set(notation.SUIT_NAMES["nb"].values())
                | {"SQ", "♠J", "sB", "H10", "D", "K", "10", "7", "card:HA", "suit:C", "low", "high:D", "win", "any",
                   "none", "rank:Q", "the queen", "a small diamond", "en lille", "den tar vi", "spar bonde",
                   "İspar", "xyzzy", "ruder knægt", "we'll win it", "anything", "it doesn't matter"})


def _card_for(st: Any, seat: Seat, rng: random.Random) -> Card:
    held = sorted(st.holding(seat), key=lambda c: c.sort_key)
    if held and rng.random() < 0.85:
        return rng.choice(held)
    return rng.choice(ALL_CARDS)


def _value(name: str, hint: Any, st: Any, seat: Seat, rng: random.Random) -> Any:
    """A random value for an event field, from its vocabulary where it has one."""
    origin = typing.get_origin(hint)
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        if rng.random() < 0.4:
            return None
        return _value(name, args[0], st, seat, rng)
    if origin is tuple:
        elem = args[0] if args else Card
        n = rng.choice((1, 2, 2, 3))
        if elem is Card:
            held = sorted(st.holding(seat), key=lambda c: c.sort_key)
            pool = held if len(held) >= n and rng.random() < 0.9 else list(ALL_CARDS)
            return tuple(rng.sample(pool, n))
        if elem is Suit:
            return tuple(rng.sample(list(Suit), rng.randint(1, 3)))
        return ()
    if hint is Card:
        if name in ("intended", "dummy_placed"):
            return _card_for(st, st.dummy, rng)
        return _card_for(st, seat, rng)
    if hint is Seat:
        return st.dummy if name == "hand" and rng.random() < 0.8 else rng.choice(list(Seat))
    if hint is Suit:
        return rng.choice(list(Suit))
    if hint is bool:
        return rng.random() < 0.5
    if hint is int:
        return rng.randint(0, 14)
    if name in _STRING_FIELDS:
        return rng.choice(_STRING_FIELDS[name])
    if name == "words":
        return " ".join(rng.choice(_WORDS) for _ in range(rng.choice((1, 1, 2, 3))))
    return rng.choice(("", "x", "none", "play"))


_ENDING = ("claim", "concede", "agree", "dispute", "object", "td_ruling", "next_board_call", "end_of_round")


def random_event(st: Any, rng: random.Random) -> Event | None:
    """Any event at all, built from the event classes' own fields (so new event types are fuzzed too)."""
    # designations get a larger share: their positions are where the reliability report found dead ends
    cls = EVENT_TYPES["designate"] if rng.random() < 0.15 else rng.choice(list(EVENT_TYPES.values()))
    if cls.action in _ENDING and rng.random() < 0.9:
        # a claim or concession ends play (68D): a small share, so that games still reach the later tricks
        cls = rng.choice([c for c in EVENT_TYPES.values() if c.action not in _ENDING])
    hints = typing.get_type_hints(cls)
    roll = rng.random()
    if cls.action in ("choose", "touch", "designate", "spread_hand"):
        seat = st.declarer if roll < 0.85 else rng.choice(list(Seat))
    elif roll < 0.5 and st.to_act is not None:
        seat = st.to_act
    else:
        seat = rng.choice(list(Seat))
    kwargs: dict[str, Any] = {"seat": seat}
    for f in dataclasses.fields(cls):
        if f.name == "seat":
            continue
        has_default = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        if has_default and f.default is not None and rng.random() < 0.5:
            continue
        kwargs[f.name] = _value(f.name, hints.get(f.name, str), st, seat, rng)
    try:
        return cls(**kwargs)
    except (ValueError, TypeError):
        return None


def offered_events(table: Table) -> list[Event]:
    """What the engine offers now: a play of each legal card, and each option of the pending decision."""
    st = table.state
    out: list[Event] = [Play(st.to_act, c) for c in sorted(table.legal_cards(), key=lambda c: c.sort_key)] \
        if st.to_act is not None else []
    out += decision_events(st)
    return out


def _accepts(table: Table, event: Event) -> BaseException | None:
    """Push and pop ``event``; the exception if refused."""
    before = table.state
    try:
        table.push(event)
    except Exception as exc:   # noqa: BLE001 - reported by the caller
        return exc
    table.pop()
    if table.state is not before:
        raise AssertionError("pop did not restore the state object")
    return None


def check_state(table: Table, report: Report, seed: Any, *, full: bool) -> bool:
    """The invariants after an accepted event; False (and a failure recorded) when one does not hold."""
    st = table.state
    try:
        locations = card_locations(st)
    except AssertionError as exc:
        report.fail("engine", seed, f"card in two places: {exc}")
        return False
    if len(locations) != 52:
        report.fail("engine", seed, f"{52 - len(locations)} cards are nowhere")
        return False
    if (st.phase == "over") != (len(st.tricks) == 13) and st.claim is None:
        report.fail("engine", seed, f"phase {st.phase} after {len(st.tricks)} tricks")
        return False
    if st.phase == "over" or st.claim is not None:
        # play is over, or has ceased after a claim or concession (68D): no card is offered
        return True
    offered = offered_events(table)
    if st.pending is not None and table.legal_cards():
        report.fail("engine", seed, f"legal cards while a decision is pending ({st.pending.kind})")
        return False
    accepted_any = False
    for ev in offered if full else offered[:3] + offered[-2:]:
        exc = _accepts(table, ev)
        if exc is None:
            accepted_any = True
            continue
        what = "legal card" if isinstance(ev, Play) and st.pending is None else "offered option"
        report.fail("engine", seed, f"{what} {ev} refused after {[str(e) for e in table.history[-4:]]}: "
                                    f"{_short(exc)}")
        return False
    if not accepted_any:
        # check all the offers before calling it a dead end
        if not any(_accepts(table, ev) is None for ev in offered):
            report.fail("engine", seed, f"dead end: nothing offered is accepted (to act {st.to_act}, pending "
                                        f"{st.pending.kind if st.pending else None}) after "
                                        f"{[str(e) for e in table.history[-4:]]}")
            return False
    return True


def _same_size_when_repeated(table: Table, ev: Event, report: Report, seed: Any) -> bool:
    """An event accepted again and again must not make the state grow (replay stays linear: issue #12, D6)."""
    n = len(table.history)
    sizes = []
    try:
        for _ in range(8):
            try:
                table.push(ev)
            except BridgeLawsError:
                return True
            sizes.append(len(repr(table.state)))
        if sizes[-1] > sizes[1]:
            report.fail("engine", seed, f"the state grows each time {ev} is repeated ({sizes[1]} -> {sizes[-1]} "
                                        "characters)")
            return False
        return True
    finally:
        while len(table.history) > n:
            table.pop()


def _start(rng: random.Random, seed: Any) -> Table:
    if CORPUS and rng.random() < 0.35:
        path = rng.choice(CORPUS)
        try:
            s = sc.load(path)
            # a file with an auction starts the walk once its auction has ended: its calls are the file's (the
            # table's contract is the one they give), and tests/test_auction.py covers the auction itself
            full = sc.replay(s)
            first = next((i for i, state in enumerate(full.states) if state.phase != "auction"), 0)
            return full.copy(rng.randint(first, len(s.history)))
        except BridgeLawsError:
            pass
    deal = Deal.random(rng.randrange(10**9))
    return Table(deal, Contract.parse(rng.choice(CONTRACTS), rng.choice("NESW")))


def fuzz_engine_game(seed: int, report: Report, *, max_events: int = 160, p_irregular: float = 0.5,
                     langs: tuple[str, ...] = ("da", "nb", "en")) -> None:
    """One random game: events until play is over or ``max_events`` have been tried."""
    rng = random.Random(seed)
    seed = f"{seed}, p_irregular={p_irregular}"   # type: ignore[assignment]  # what reproduces the game
    report.games += 1
    try:
        table = _start(rng, seed)
    except Exception as exc:  # noqa: BLE001
        report.fail("engine", seed, f"start: {_short(exc)}")
        return
    if not check_state(table, report, seed, full=True):
        return
    for step in range(max_events):
        st = table.state
        if st.phase == "over":
            break
        # (a pop that would go back into the auction is skipped: the walk stays after the auction, as _start says)
        if table.history and rng.random() < 0.03 and table.states[-2].phase != "auction":
            last = table.pop()
            before = table.state
            table.push(last)
            if table.state != st:
                report.fail("engine", seed, f"pop and push of {last} gave another state")
                return
            table.pop()
            if table.state is not before:
                report.fail("engine", seed, "pop did not restore the state")
                return
            continue
        offered = offered_events(table)
        ev = rng.choice(offered) if offered and rng.random() >= p_irregular else random_event(st, rng)
        if ev is None:
            continue
        report.events += 1
        n, n_changes = len(table.history), len(table._changes)
        try:
            table.push(ev)
        except BridgeLawsError as exc:
            report.refused += 1
            if table.state is not st or len(table.history) != n or len(table._changes) != n_changes:
                report.fail("engine", seed, f"refused {ev} changed the table")
                return
            try:
                exc.explain(rng.choice(langs))
            except Exception as exc2:  # noqa: BLE001
                report.fail("engine", seed, f"explain() of the refusal of {ev}: {_short(exc2)}")
                return
            continue
        except Exception as exc:  # noqa: BLE001
            report.fail("engine", seed, f"{ev} after {[str(e) for e in table.history[-4:]]}: {_short(exc)}")
            return
        report.accepted += 1
        if rng.random() < 0.05 and not _same_size_when_repeated(table, ev, report, seed):
            return
        try:
            lang = rng.choice(langs)
            table.director_says(lang)
            table.constraints()
            if rng.random() < 0.1:   # what a person sees: the diagrams, the timeline, the event in words
                from bridgelaws import timeline
                from bridgelaws.render import text as render_text

                table._repr_html_()
                render_text.table(table, lang=lang)
                timeline.table_html(table, lang)
        except Exception as exc:  # noqa: BLE001
            report.fail("engine", seed, f"rendering after {ev}: {_short(exc)}")
            return
        if not check_state(table, report, seed, full=step % 4 == 0):
            return
    try:
        if Table(table.deal, table.contract, table.history, dealer=getattr(table, "dealer", None),
                 vulnerable=getattr(table, "vulnerable", None)).state != table.state:
            report.fail("engine", seed, "replaying the history gave another state")
            return
        s = sc.from_table(table, id="fuzz")
        for fmt in ("toml", "json"):
            back = sc.loads(sc.dumps(s, fmt), fmt)
            if back != s or sc.replay(back).state != table.state:
                report.fail("engine", seed, f"{fmt} round trip of the history differs")
                return
        # the PBN events table does not yet read whole numbers back (claims' and rulings' ``tricks``): those
        # histories skip the PBN round trip until bridgelaws/pbn/convert.py decodes them
        has_numbers = any(isinstance(getattr(e, "tricks", None), int) for e in s.history)
        if rng.random() < 0.3 and not has_numbers:   # the PBN export keeps every event; LIN is written too
            from bridgelaws import pbn

            lang = rng.choice(langs)
            again = pbn.read_pbn(pbn.to_pbn(s, lang))[0].scenario(id="fuzz")
            if (again.deal, again.contract, again.history) != (s.deal, s.contract, s.history):
                report.fail("engine", seed, f"PBN round trip ({lang}) of the history differs")
                return
            pbn.to_lin(s, lang)
    except Exception as exc:  # noqa: BLE001
        report.fail("engine", seed, f"replay or round trip (TOML, JSON, PBN, LIN): {_short(exc)}")


# ----------------------------------------------------------------------------------------------------------
# parsers
# ----------------------------------------------------------------------------------------------------------

_RANGES = [(0x20, 0x7E), (0x00, 0x1F), (0xA0, 0x17F), (0x2660, 0x2667), (0x2010, 0x2015), (0x300, 0x36F),
           (0x200B, 0x200F), (0xFF10, 0xFF5A), (0x660, 0x669), (0x1F0A1, 0x1F0DF), (0x1F600, 0x1F64F),
           (0xE000, 0xE010), (0x130, 0x131), (0xB2, 0xB3), (0x2460, 0x2473), (0x1D7CE, 0x1D7FF)]
_TOKENS = ["S", "H", "D", "C", "s", "h", "d", "c", "A", "K", "Q", "J", "T", "10", "9", "2", "E", "B", "Kn", "R",
           "spar", "hjerter", "ruder", "ruter", "klør", "kløver", "spades", "hearts", "of", "the", "queen", "dame",
           "knekt", "bonde", "♠", "♥", "♦", "♣", "♤", "-", "–", ".", " ", ",", "İ", "ſ", "K", "ǅ", "ß", "3NT", "N:",
           "x", "X", "NT", "card:", "suit:", "low", "high", "win", "en", "et", "lille", "den", "tar", "vi",
           '[Deal "', 'N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]~', '[Contract "',
           '4S"]~', '[Declarer "S"]~', '[Play "W"]~', "HA HK HQ HJ~", '[Board "1"]~', "*~", "{note}", "=1=", "-",
           '[Auction "N"]~', '[Result "9"]~', "~~"]


def random_text(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.35:
        n = rng.randint(0, 12)
        out = []
        for _ in range(n):
            lo, hi = rng.choice(_RANGES)
            out.append(chr(rng.randint(lo, hi)))
        return "".join(out)
    if roll < 0.8:
        return "".join(rng.choice(_TOKENS) + rng.choice(("", "", " ", ".")) for _ in range(rng.randint(1, 8)))
    if roll < 0.9:
        c = rng.choice(ALL_CARDS)
        text = notation.format_card(c, rng.choice(("da", "nb", "en")), rng.choice(notation.CARD_STYLES))
        return "".join(ch.upper() if rng.random() < 0.3 else ch for ch in text)
    n = rng.choice((499, 500, 501, 999, 1000, 1001, 5000, 20000))
    return "".join(rng.choice(_TOKENS) for _ in range(n))[:n]


def _parsers() -> list[tuple[str, Callable[[str, str], Any]]]:
    return [
        ("parse_card", notation.parse_card), ("parse_suit", notation.parse_suit),
        ("parse_rank", notation.parse_rank), ("parse_holding", notation.parse_holding),
        ("parse_holding(suit)", lambda t, lang: notation.parse_holding(t, lang, Suit.HEARTS)),
        ("parse_hand", notation.parse_hand), ("parse_seat", notation.parse_seat),
        ("parse_designation", parse_designation),
        ("Card.parse", lambda t, lang: Card.parse(t)), ("Suit.parse", lambda t, lang: Suit.parse(t)),
        ("Rank.parse", lambda t, lang: Rank.parse(t)), ("Seat.parse", lambda t, lang: Seat.parse(t)),
        ("Strain.parse", lambda t, lang: Strain.parse(t)), ("Contract.parse", lambda t, lang: Contract.parse(t, "S")),
        ("Hand.from_pbn", lambda t, lang: Hand.from_pbn(t)), ("Deal.from_pbn", lambda t, lang: Deal.from_pbn(t)),
        ("LawRef.parse", lambda t, lang: LawRef.parse(t)),
        ("read_pbn", _read_pbn_text),
    ]


def _read_pbn_text(text: str, lang: str) -> Any:
    """A PBN reader given text (a string holding "[" is read as text, not as a path)."""
    from bridgelaws import pbn

    return [r.table() for r in pbn.read_pbn("[" + text.replace("~", "\n"))]


def fuzz_parsers(seed: int, n: int, report: Report, *, deadline: float | None = None) -> None:
    """``n`` random texts, each against a random parser in a random language."""
    rng = random.Random(seed)
    parsers = _parsers()
    for i in range(n):
        if deadline is not None and time.monotonic() > deadline:
            return
        text = random_text(rng)
        name, fn = rng.choice(parsers)
        lang = rng.choice(LANGS) if rng.random() < 0.97 else rng.choice(("fr", "", "DA ", "nn", "x" * 50))
        report.parser_inputs += 1
        t0 = time.process_time()  # CPU time: a parser that loops shows, a machine busy with others does not
        try:
            fn(text, lang)
        except BridgeLawsError as exc:
            try:
                exc.explain(rng.choice(("da", "nb", "en")))
            except Exception as exc2:  # noqa: BLE001
                report.fail("parsers", (seed, i), f"{name}({text[:40]!r}, {lang}).explain: {_short(exc2)}")
            pos = getattr(exc, "position", None)
            if pos is not None and not 0 <= pos <= len(text):
                report.fail("parsers", (seed, i), f"{name}({text[:40]!r}, {lang}): position {pos} outside the text")
        except Exception as exc:  # noqa: BLE001
            report.fail("parsers", (seed, i), f"{name}({text[:40]!r}, {lang}): {_short(exc)}")
        if time.process_time() - t0 > 2.0:
            report.fail("parsers", (seed, i), f"{name} took {time.process_time() - t0:.1f} s of CPU on {len(text)} chars")
    # documented forms read back: every card in every language and style
    for lang in ("da", "nb", "en"):
        for style in notation.CARD_STYLES:
            card = rng.choice(ALL_CARDS)
            report.parser_inputs += 1
            try:
                back = notation.parse_card(notation.format_card(card, lang, style), lang)
            except Exception as exc:  # noqa: BLE001
                report.fail("parsers", seed, f"format/parse {card} {lang} {style}: {_short(exc)}")
                continue
            if back != card:
                report.fail("parsers", seed, f"format/parse {card} {lang} {style} gave {back}")


# ----------------------------------------------------------------------------------------------------------
# scenario files
# ----------------------------------------------------------------------------------------------------------

def _mutate_text(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    kind = rng.randrange(9)
    if kind == 0 and text:
        return text[:rng.randrange(len(text))]
    if kind == 1 and lines:
        del lines[rng.randrange(len(lines))]
    elif kind == 2 and lines:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif kind == 3 and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 4 and text:
        i = rng.randrange(len(text))
        lo, hi = rng.choice(_RANGES)
        return text[:i] + chr(rng.randint(lo, hi)) + text[i:]
    elif kind == 5:
        for a, b in (("S", "ſ"), ('"W"', '"X"'), ("HJ", "HX"), ("3NT", "٣NT"), ("true", "1"), ('"play"', '"pla"'),
                     ("= ", "= 1" + "0" * rng.choice((3, 30, 5000)) + " #"), ("[", "[" * 40)):
            if a in text and rng.random() < 0.3:
                return text.replace(a, b, 1)
    elif kind == 6:
        return "\ufeff" + text if rng.random() < 0.5 else text.replace("\n", "\r\n")
    elif kind == 7 and lines:
        i = rng.randrange(len(lines))
        lines[i] = lines[i] + rng.choice((" x", "]", "}", '"', "\\", "\x00", " # İ"))
    return "\n".join(lines)


def _mutate_data(data: Any, rng: random.Random) -> Any:
    """Replace, delete, duplicate or add one entry somewhere in the parsed document."""
    doc = json.loads(json.dumps(data, default=str))
    node: Any = doc
    while True:
        children = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
        inner = [(k, v) for k, v in children if isinstance(v, (dict, list)) and v]
        if not inner or rng.random() < 0.4:
            break
        _, node = rng.choice(inner)
    values = [None, True, 0, -1, 13, 10**7, 1.5, "", "x", "S3", "SX", "W", "N", "play", "expose", "designate",
              "dropped", "major", [], {}, ["SA"], {"kind": "x"}, "3NT", "٣NT", "İspar", "50D1a", "99Z", "a" * 600]
    if isinstance(node, list):
        roll = rng.randrange(4)
        if roll == 0 and node:
            del node[rng.randrange(len(node))]
        elif roll == 1 and node:
            node.insert(rng.randrange(len(node) + 1), node[rng.randrange(len(node))])
        elif roll == 2 and len(node) > 1:
            i, j = rng.randrange(len(node)), rng.randrange(len(node))
            node[i], node[j] = node[j], node[i]
        else:
            node.append(rng.choice(values))
    elif isinstance(node, dict):
        keys = list(node)
        roll = rng.randrange(3)
        if roll == 0 and keys:
            del node[rng.choice(keys)]
        elif roll == 1 and keys:
            node[rng.choice(keys)] = rng.choice(values)
        else:
            node[rng.choice(["seat", "card", "how", "extra", "after", "expected", "suit", "words"])] = \
                rng.choice(values)
    return doc


def fuzz_scenario_file(path: Path, report: Report, seed: Any, rng: random.Random) -> None:
    """Load and check one (mutated) file: only ScenarioError, never an exception from the checker."""
    report.files += 1
    try:
        result = sc.check_file(path)
    except Exception as exc:  # noqa: BLE001
        report.fail("scenarios", seed, f"check_file raised {_short(exc)}")
        return
    if result.status == "ERROR" and "internal error" in (result.error or ""):
        report.fail("scenarios", seed, f"check_file: {result.error}")
    try:
        s = sc.load(path)
    except sc.ScenarioError:
        return
    except Exception as exc:  # noqa: BLE001
        report.fail("scenarios", seed, f"load raised {_short(exc)}")
        return
    try:
        try:
            table = sc.replay(s)
        except sc.ScenarioError:
            table = None
        if table is not None:
            from bridgelaws.__main__ import show_text

            show_text(s, table, rng.choice(("da", "nb", "en")))
        for fmt in ("toml", "json"):
            if sc.loads(sc.dumps(s, fmt), fmt) != s:
                report.fail("scenarios", seed, f"{fmt} round trip differs")
    except Exception as exc:  # noqa: BLE001
        report.fail("scenarios", seed, f"replay/show/round trip raised {_short(exc)}")


def fuzz_scenarios(seed: int, n: int, report: Report, folder: Path, *, deadline: float | None = None) -> None:
    rng = random.Random(seed)
    texts = [(p, p.read_text(encoding="utf-8")) for p in CORPUS]
    for i in range(n):
        if deadline is not None and time.monotonic() > deadline:
            return
        path, text = rng.choice(texts)
        suffix = path.suffix
        if rng.random() < 0.5:
            out = _mutate_text(text, rng)
        else:
            try:
                data = tomllib.loads(text) if suffix == ".toml" else json.loads(text)
            except ValueError:
                continue
            data = _mutate_data(data, rng)
            if rng.random() < 0.5:
                out, suffix = json.dumps(data, ensure_ascii=False), ".json"
            else:
                try:
                    out = "\n".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in data.items()) \
                        if isinstance(data, dict) else json.dumps(data)
                except (ValueError, TypeError):
                    out, suffix = json.dumps(data, ensure_ascii=False), ".json"
        if rng.random() < 0.03:
            suffix = rng.choice((".TOML", ".txt", "", ".Json"))
        target = folder / f"m{seed}-{i}{suffix}"
        target.write_bytes(out.encode("utf-8", "surrogatepass"))
        try:
            fuzz_scenario_file(target, report, (seed, i, path.name), rng)
        finally:
            target.unlink()


# ----------------------------------------------------------------------------------------------------------
# timings (bounded work)
# ----------------------------------------------------------------------------------------------------------

REPEATED = ('  { seat = "W", action = "hold", card = "HJ", partner_could_see = false, returned = true },\n',
            '  { seat = "S", action = "expose", card = "S8", how = "dropped" },\n')


def repeated_events_file(path: Path, limit: int = sc.MAX_FILE_BYTES) -> int:
    """Write the largest file of repeated accepted events (a defender's card taken out and put back, declarer's
    card dropped) that fits in ``limit`` bytes; return the number of events."""
    head = f'id = "repeated-events"\ncontract = "3NT"\ndeclarer = "S"\ndeal = "{PBN}"\nhistory = [\n'
    tail = "]\n"
    room = limit - len(head) - len(tail)
    pair = REPEATED[0] + REPEATED[1]
    n = room // len(pair)
    body = pair * n
    if len(body) + len(REPEATED[0]) <= room:
        body += REPEATED[0]
        n = 2 * n + 1
    else:
        n = 2 * n
    path.write_text(head + body + tail, encoding="utf-8")
    return n


def check_big_file(folder: Path) -> tuple[int, int, float, float, float, str]:
    """(bytes, events, wall seconds, CPU seconds, peak MB, status) of ``python -m bridgelaws check`` on a 1 MB
    file of repeated events, measured in a child process of its own. On a shared machine the wall time includes
    waiting for a core; the CPU time does not."""
    path = folder / "repeated-events.toml"
    n = repeated_events_file(path)
    probe = ("import resource, subprocess, sys, time\n"
             "t = time.perf_counter()\n"
             "p = subprocess.run([sys.executable, '-m', 'bridgelaws', 'check', sys.argv[1]], capture_output=True,"
             " text=True)\n"
             "dt = time.perf_counter() - t\n"
             "ru = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
             "print(dt, ru.ru_utime + ru.ru_stime, ru.ru_maxrss, "
             "p.stdout.splitlines()[0] if p.stdout else p.stderr.strip()[:200])\n")
    out = subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True, text=True, cwd=ROOT,
                         timeout=300, check=True)
    dt, cpu, kb, status = out.stdout.split(" ", 3)
    mb = int(kb) / 1024 if sys.platform != "darwin" else int(kb) / 1024 / 1024   # ru_maxrss: KB, bytes on macOS
    return path.stat().st_size, n, float(dt), float(cpu), mb, status.strip()


def replay_times(counts: tuple[int, ...] = (5000, 10000, 20000)) -> list[tuple[int, float]]:
    """(events, microseconds of CPU per event) of building a Table from that many repeated events (CPU time: a
    busy shared machine does not inflate it)."""
    deal = Deal.from_pbn(PBN)
    contract = Contract.parse("3NT", "S")
    pair = [read_event(tomllib.loads("e = " + line.strip().rstrip(","))["e"], 1) for line in REPEATED]
    out = []
    for n in counts:
        events = [pair[i % 2] for i in range(n)]
        best = float("inf")
        for _ in range(2):
            t0 = time.process_time()
            Table(deal, contract, events)
            best = min(best, time.process_time() - t0)
        out.append((n, best / n * 1e6))
    return out


# ----------------------------------------------------------------------------------------------------------
# the widget
# ----------------------------------------------------------------------------------------------------------

_NAMES = ("mine.toml", "a.json", "../victim.toml", "/tmp/x.toml", "sub/../b.toml", "a\x00b.toml", "notes.txt",
          "CON.toml", "..", "", "x" * 300 + ".toml", "secret.toml", "mine.TOML", "🂡.toml")


def fuzz_widget(seed: int, clicks: int, report: Report, folder: Path | None = None, *,
                deadline: float | None = None) -> bool:
    """Random clicks on the card table's Python API (the messages its page sends): no exception escapes, a legal
    card clicked is played, every decision button offered is accepted, Save never writes outside its folder and
    Load never shows a file's contents. False if the widget cannot be imported."""
    try:
        from bridgelaws import widgets
        from bridgelaws.session import CLICK_MODES
        from bridgelaws.view import decision_choices
    except ImportError:
        return False
    rng = random.Random(seed)
    own = folder is None
    tmp = Path(tempfile.mkdtemp(prefix="bridgelaws-widget-")) if folder is None else folder
    try:
        _fuzz_widget(widgets, CLICK_MODES, decision_choices, rng, seed, clicks, report, tmp, deadline)
    finally:
        if own:
            import shutil

            shutil.rmtree(tmp, ignore_errors=True)
    return True


def _fuzz_widget(widgets: Any, click_modes: Any, decision_choices: Any, rng: random.Random, seed: int, clicks: int,
                 report: Report, tmp: Path, deadline: float | None) -> None:
    mine = tmp / "mine"
    mine.mkdir(parents=True, exist_ok=True)
    victim = tmp / "victim.toml"
    victim.write_text("# not to be overwritten\n", encoding="utf-8")
    (mine / "secret.toml").write_text('id = "x"\ncontract = "SECRET-TOKEN-123"\n', encoding="utf-8")
    outside_before = sorted(p.name for p in tmp.iterdir())
    kwargs = dict(lang=rng.choice(("da", "nb", "en")), folder=mine, allow_write=True)
    w = None
    if CORPUS and rng.random() < 0.5:
        try:
            w = widgets.CardTable.from_scenario(rng.choice(CORPUS), **kwargs)
        except BridgeLawsError:   # the broken files of the corpus
            w = None
    if w is None:
        w = widgets.CardTable(Table(Deal.random(seed), Contract.parse(rng.choice(CONTRACTS), rng.choice("NESW"))),
                              **kwargs)
    for i in range(clicks):
        if deadline is not None and time.monotonic() > deadline:
            break
        report.clicks += 1
        table = w.table
        session = w.session
        n = len(table.history)
        legal = sorted(table.legal_cards(), key=lambda c: c.sort_key)
        choices = decision_choices(table.state)
        roll = rng.random()
        expect = None
        if roll < 0.4:
            card = rng.choice(legal) if legal and rng.random() < 0.7 else rng.choice(ALL_CARDS)
            msg: dict[str, Any] = {"action": "card", "card": str(card)}
            if card in legal and session.click_mode == "play" and session.mode != "exam":
                expect = "a legal card clicked"
        elif roll < 0.55 and choices:
            msg = {"action": "choose", "arg": str(rng.randrange(len(choices)))}
            expect = "a decision button clicked"
        elif roll < 0.67:
            msg = {"action": rng.choice(("step", "back", "next_stop", "prev_stop", "restart", "article", "reveal",
                                         "branch")), "arg": str(rng.randrange(3))}
        elif roll < 0.77:
            msg = {"action": "set_click", "value": rng.choice(click_modes)}
        elif roll < 0.82:
            msg = {"action": "sim_play", "all_seen": rng.random() < 0.7}
        elif roll < 0.86:
            msg = rng.choice(({"action": "set_mode", "value": rng.choice(("lesson", "seminar", "exam", "x"))},
                              {"action": "set_role", "value": rng.choice(("director", "declarer", "N", "E", "x"))},
                              {"action": "set_lang", "value": rng.choice(("da", "nb", "en", "no", "fr"))}))
        elif roll < 0.9:
            msg = {"action": rng.choice(("exam_toggle", "exam_check", "exam_choice")), "arg": str(rng.randrange(4))}
        elif roll < 0.97:
            msg = {"action": rng.choice(("save", "save_test", "load", "files")), "name": rng.choice(_NAMES),
                   "overwrite": rng.random() < 0.3}
        else:
            msg = {"action": rng.choice(("nonsense", "", "card", "choose")), "arg": rng.choice(("", "-1", "99", "x"))}
        try:
            w.send_action(msg)
        except Exception as exc:  # noqa: BLE001
            report.fail("widget", (seed, i), f"{msg}: {_short(exc)}")
            return
        if expect is not None and (len(w.table.history) != n + 1 or w.error is not None):
            report.fail("widget", (seed, i), f"{expect} was refused: {msg}: {w.message}")
            return
        if "SECRET-TOKEN" in w.message or "SECRET-TOKEN" in w.html:
            report.fail("widget", (seed, i), f"{msg}: the message shows a file's contents: {w.message}")
            return
    if victim.read_text(encoding="utf-8") != "# not to be overwritten\n" \
            or sorted(p.name for p in tmp.iterdir()) != outside_before:
        report.fail("widget", seed, f"Save wrote outside its folder: {sorted(p.name for p in tmp.iterdir())}")


# ----------------------------------------------------------------------------------------------------------
# the long run
# ----------------------------------------------------------------------------------------------------------

def run(minutes: float, seed: int, out: Callable[[str], None] = print) -> Report:
    """Fuzz each area in turn, in rounds, until ``minutes`` have passed."""
    report = Report()
    deadline = time.monotonic() + minutes * 60
    round_no = 0
    with tempfile.TemporaryDirectory(prefix="bridgelaws-fuzz-") as tmp:
        folder = Path(tmp)
        while time.monotonic() < deadline:
            base = seed + round_no * 1000
            for g in range(20):
                if time.monotonic() > deadline:
                    break
                fuzz_engine_game(base + g, report, p_irregular=(0.3, 0.5, 0.8)[g % 3])
            fuzz_parsers(base, 2000, report, deadline=deadline)
            fuzz_scenarios(base, 100, report, folder, deadline=deadline)
            wfolder = folder / f"w{round_no}"
            wfolder.mkdir()
            fuzz_widget(base, 500, report, wfolder, deadline=deadline)
            fuzzing_pbn.fuzz_pbn_reader(base, 300, report, deadline=deadline)
            fuzzing_pbn.fuzz_exports(base, 40, report, random_text, deadline=deadline)
            fuzzing_pbn.fuzz_widget_messages(base, 1000, report, wfolder, deadline=deadline)
            round_no += 1
            out(f"round {round_no}: {report.summary()}")
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="how long to fuzz (default 10)")
    parser.add_argument("--seed", type=int, default=int(time.time()) % 1_000_000, help="first seed")
    parser.add_argument("--no-timings", action="store_true", help="skip the 1 MB file and replay timings")
    args = parser.parse_args(argv)
    print(f"fuzzing for {args.minutes:g} minutes from seed {args.seed}", flush=True)
    t0 = time.monotonic()
    report = run(args.minutes, args.seed, out=lambda s: print(s, flush=True))
    print(f"\nafter {(time.monotonic() - t0) / 60:.1f} minutes: {report.summary()}")
    for line in report.failures:
        print("FAILURE", line)
    if not args.no_timings:
        with tempfile.TemporaryDirectory() as tmp:
            size, n, dt, cpu, mb, status = check_big_file(Path(tmp))
        print(f"check of a {size}-byte file of {n} repeated events: {dt:.2f} s ({cpu:.2f} s CPU), peak {mb:.0f} MB "
              f"({status})")
        for n, us in replay_times():
            print(f"replay of {n} repeated events: {us:.1f} µs per event")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
