"""What the card table does, without any widget: the article's line of play as a script, held-back
rulings, decisions and branches, role views, exam mode, and safe saving.

A :class:`TableSession` holds an engine :class:`~bridgelaws.table.Table` and one or more *branches*: the event
lists of scenario files that share the deal (variants of one example share a prefix of history and part at a
divergence). Every action is a method (``step``, ``next_stop``, ``choose``, ``click``, ``reveal`` ...) and
:meth:`TableSession.handle` maps the widget's messages (``{"action": "card", "card": "HJ"}``) onto them, so
the browser and the headless tests drive exactly the same code. :meth:`TableSession.render` draws the table
with the one renderer (:func:`bridgelaws.render.html.board`).

Modes: ``lesson`` shows the ruling at once; ``seminar`` holds it back (statements, penalty-card kinds, the
legal-card outline) until ``reveal``; ``exam`` poses the example's question before its answer and scores the
answers against the engine.

Pure Python (no ipywidgets): the widget (:mod:`bridgelaws.widgets`) is a thin front end on it.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bridgelaws import scenario as _scenario
from bridgelaws.cards import Card, Seat, Suit
from bridgelaws.deal import Contract, Deal
from bridgelaws.errors import BridgeLawsError
from bridgelaws.events import (
    AcceptLead, Choose, Event, Expose, Play, RejectLead, Select, Simultaneous, SpreadHand,
)
from bridgelaws.i18n import Message, normalize_lang, text
from bridgelaws.laws import LawRef
from bridgelaws.notation import format_seat
from bridgelaws.render import html as _html
from bridgelaws.render.html import Button, Panel, Select as SelectBox
from bridgelaws.table import Table
from bridgelaws.view import BoardView, Choice, decision_choices, parse_role, position, same_event

__all__ = [
    "MODES", "CLICK_MODES", "IRREGULAR_MODES", "Branch", "FileRefusal", "TableSession", "default_mode",
    "set_default_mode", "SCENARIO_SUFFIXES", "MAX_FILE_BYTES",
]

#: how the ruling is shown: at once, held back until revealed, or asked as a question first
MODES: tuple[str, ...] = ("lesson", "seminar", "exam")
#: what a click on a card does: play it, or make one of the irregularities happen
CLICK_MODES: tuple[str, ...] = ("play", "dropped", "named", "lead_out_of_turn", "premature_play",
                                "revoke_corrected", "simultaneous", "anyway")
#: the click modes that create an ``Expose(seat, card, how=mode)`` event
IRREGULAR_MODES: tuple[str, ...] = ("dropped", "named", "lead_out_of_turn", "premature_play", "revoke_corrected")
SCENARIO_SUFFIXES: tuple[str, ...] = (".toml", ".json")
#: a scenario file larger than this is refused by Load (the article's files are 2-6 KB)
MAX_FILE_BYTES = 256 * 1024
LANG_NAMES = (("da", "Dansk"), ("nb", "Norsk"), ("en", "English"))

_default_mode = "lesson"


def default_mode() -> str:
    """The mode new tables start in (see :func:`set_default_mode`)."""
    return _default_mode


def set_default_mode(mode: str) -> None:
    """The notebook-wide default: ``lesson``, ``seminar`` or ``exam``."""
    global _default_mode
    _default_mode = _check_mode(mode)


def _check_mode(mode: str) -> str:
    m = str(mode).strip().lower()
    if m not in MODES:
        raise ValueError(f"unknown mode {mode!r}: use one of {', '.join(MODES)}")
    return m


def _t(key: str, lang: str, **params: Any) -> str:
    """A sentence of the table's catalogue (domain ``table``)."""
    return text("table." + key, lang, **params)


class FileRefusal(BridgeLawsError):
    """Save or Load refused: a name outside the folder or the scenario suffixes, an existing file without
    the overwrite choice, a file that is too large, not a regular file, or not a scenario. The message is a
    catalogue sentence (``table.file.*``) and never quotes the file's contents."""


def _is_irregular(event: Event) -> bool:
    return not isinstance(event, Play) or event.out_of_turn or event.revoke


_DECISION_EVENTS = (Choose, AcceptLead, RejectLead, SpreadHand, Select)


@dataclass(frozen=True)
class Branch:
    """One line of play of the script: a scenario's events, its title and question."""

    events: tuple[Event, ...]
    title: Any = None
    question: Any = None
    scenario: _scenario.Scenario | None = None

    def label(self, lang: str) -> str:
        t = _scenario.localized(self.title, lang)
        if t:
            return t
        return self.scenario.id if self.scenario is not None else "?"


@dataclass
class _Exam:
    """The running score and the answers given (one per position and question)."""

    right: int = 0
    asked: int = 0
    answered: dict[tuple[Any, ...], tuple[bool, str]] = field(default_factory=dict)
    picked: list[int] = field(default_factory=list)


def common_prefix(lists: Sequence[Sequence[Event]]) -> int:
    """How many events all the lists share at their start."""
    if not lists:
        return 0
    n = min(len(x) for x in lists)
    for i in range(n):
        first = lists[0][i]
        if not all(same_event(first, x[i]) for x in lists[1:]):
            return i
    return n


class TableSession:
    """A card table: an engine table, the script (its branches), and what the reader has asked to see.

    Build it with :meth:`from_scenario`, :meth:`from_scenarios` or ``TableSession(table)`` (a table with no
    script: free play). ``lang``: ``da``, ``nb`` or ``en``; ``mode``: ``lesson``, ``seminar`` or ``exam``
    (default: the notebook-wide :func:`default_mode`); ``role``: ``director``, ``declarer`` or a seat letter;
    ``start``: ``"stop"`` (the first stop of the script: the play before the irregularity), ``"start"``
    (before the first event), ``"end"`` or a number of events; ``folder``: where Save and Load work
    (default ``mine/`` in the current directory); ``allow_write``: whether Save may write (default: yes,
    except under Voila).
    """

    def __init__(self, table: Table | None = None, *, branches: Sequence[Branch] = (), lang: str = "en",
                 mode: str | None = None, role: str | Seat | None = "director", start: str | int = "stop",
                 folder: str | Path | None = None, allow_write: bool | None = None, show_legal: bool = True,
                 hide: Iterable[Seat | str] | Seat | str = ()) -> None:
        if table is None:
            if not branches or branches[0].scenario is None:
                raise ValueError("TableSession needs a table or at least one scenario")
            sc = branches[0].scenario
            table = Table(sc.deal, sc.contract)
            start_events: tuple[Event, ...] = ()
        else:
            start_events = tuple(table.history)
            table = Table(table.deal, table.contract)
        self.table = table
        self.branches: list[Branch] = list(branches)
        if not self.branches:
            # a table built by hand: its history is the script
            self.branches = [Branch(start_events)]
            if start == "stop":
                start = "end"
        self.branch = 0
        self.lang = normalize_lang(lang)
        self._mode = _check_mode(mode) if mode is not None else None
        self.role = parse_role(role)
        self.hide = hide
        self.show_legal = show_legal
        self.revealed = False
        self.click_mode = "play"
        self.selected: list[Card] = []
        self.redo: list[Event] = []
        #: the number of events at which play left the script (None while on it)
        self.anchor: int | None = None
        self.anchor_branch = 0
        self.message: tuple[str, Any] | None = None
        self.exam = _Exam()
        self.folder = Path(folder) if folder is not None else Path.cwd() / "mine"
        self._allow_write = allow_write
        self.filename = ""
        self.overwrite = False
        self.files_open = False
        self._stops: dict[int, list[int]] = {}
        self._tables: dict[int, Table] = {}
        self._quiz: dict[int, Any] = {}
        self.goto_start(start)

    # ---- construction ----------------------------------------------------------------------------------
    @classmethod
    def from_scenario(cls, source: str | Path | _scenario.Scenario, **kwargs: Any) -> TableSession:
        """A table whose script is one scenario file (or a loaded Scenario)."""
        return cls.from_scenarios([source], **kwargs)

    @classmethod
    def from_scenarios(cls, sources: Iterable[str | Path | _scenario.Scenario], **kwargs: Any) -> TableSession:
        """A table whose script has a branch per scenario: variants of one example that share the deal and
        a prefix of history part where their events differ, and the table offers the branches there."""
        scs = [s if isinstance(s, _scenario.Scenario) else _scenario.load(s) for s in sources]
        if not scs:
            raise ValueError("from_scenarios needs at least one scenario file")
        first = scs[0]
        for s in scs[1:]:
            if s.deal != first.deal or s.contract != first.contract:
                raise ValueError(f"{s.path or s.id}: a branch must have the same deal and contract as "
                                 f"{first.path or first.id}")
        branches = [Branch(tuple(s.history), s.title, s.question, s) for s in scs]
        return cls(branches=branches, **kwargs)

    # ---- settings ---------------------------------------------------------------------------------------
    @property
    def mode(self) -> str:
        """``lesson``, ``seminar`` or ``exam``: this table's own, else the notebook-wide default."""
        return self._mode or _default_mode

    @mode.setter
    def mode(self, value: str | None) -> None:
        self._mode = None if value is None else _check_mode(value)
        self.revealed = False

    @property
    def allow_write(self) -> bool:
        """Whether Save may write: as given, else yes, except under Voila (a presentation)."""
        if self._allow_write is not None:
            return self._allow_write
        return not any(k in os.environ for k in ("VOILA_KERNEL_ID", "VOILA_BASE_URL", "VOILA_SERVER_URL",
                                                 "VOILA_APP_PORT"))

    @allow_write.setter
    def allow_write(self, value: bool | None) -> None:
        self._allow_write = value

    @property
    def held_back(self) -> bool:
        """The ruling is held back now."""
        return self.mode != "lesson" and not self.revealed

    # ---- the script ----------------------------------------------------------------------------------
    @property
    def history(self) -> list[Event]:
        return self.table.history

    def _branch_table(self, b: int) -> Table:
        t = self._tables.get(b)
        if t is None:
            br = self.branches[b]
            t = Table(self.table.deal, self.table.contract)
            for ev in br.events:
                t.push(ev)
            self._tables[b] = t
        return t

    def matching(self) -> list[int]:
        """The branches whose events begin with the history so far."""
        h = self.history
        n = len(h)
        return [i for i, b in enumerate(self.branches)
                if len(b.events) >= n and all(same_event(b.events[j], h[j]) for j in range(n))]

    @property
    def scripted(self) -> bool:
        """The table has a script (an article's line of play), not only free play."""
        return any(b.events for b in self.branches)

    @property
    def on_script(self) -> bool:
        return bool(self.matching()) or not self.scripted

    def divergence(self) -> list[int]:
        """At a point where branches part: the branches that go on from here with different next events
        (one per distinct next event); else []."""
        ms = self.matching()
        n = len(self.history)
        nexts: list[int] = []
        for i in ms:
            ev = self.branches[i].events[n] if len(self.branches[i].events) > n else None
            if ev is None:
                continue
            if not any(same_event(ev, self.branches[j].events[n]) for j in nexts):
                nexts.append(i)
        return nexts if len(nexts) > 1 else []

    def stops(self, b: int | None = None) -> list[int]:
        """Where the script of branch ``b`` stops: before its first irregular event (the play so far),
        before and after each irregular event or decision, after each trick completed from then on, where
        branches part, and at its end."""
        b = self.branch if b is None else b
        cached = self._stops.get(b)
        if cached is not None:
            return cached
        events = self.branches[b].events
        t = self._branch_table(b)
        first = next((i for i, e in enumerate(events) if _is_irregular(e)), len(events))
        out = {first, len(events)}
        for i in range(first, len(events)):
            before, after = t.states[i], t.states[i + 1]
            if _is_irregular(events[i]):
                out.add(i + 1)
                if isinstance(events[i], _DECISION_EVENTS) or before.pending is not None:
                    out.add(i)
            elif len(after.tricks) > len(before.tricks):
                out.add(i + 1)
        for other in range(len(self.branches)):
            if other != b:
                k = common_prefix([events, self.branches[other].events])
                if k < len(events):
                    out.add(k)
        result = sorted(out)
        self._stops[b] = result
        return result

    def script_next(self) -> Event | None:
        """The next event of the script (the current branch), if play is on it."""
        if self.branch not in self.matching():
            return None
        events = self.branches[self.branch].events
        n = len(self.history)
        return events[n] if n < len(events) else None

    def goto_start(self, start: str | int) -> None:
        events = self.branches[self.branch].events
        if start == "stop":
            n = self.stops()[0]
        elif start == "start":
            n = 0
        elif start == "end":
            n = len(events)
        else:
            n = int(start)
            if not 0 <= n <= len(events):
                raise ValueError(f"start: {n} is not an event count of the script (0 to {len(events)})")
        self._rewind(0)
        for ev in events[:n]:
            self.table.push(ev)
        self._moved()

    def _rewind(self, n: int) -> None:
        while len(self.history) > n:
            self.table.pop()

    def _moved(self) -> None:
        """After any change of position: the ruling is held back again, picks are forgotten."""
        self.revealed = False
        self.selected = []
        self.exam.picked = []
        ms = self.matching()
        if ms:
            if self.branch not in ms:
                self.branch = ms[0]
            self.anchor = None

    def step(self) -> bool:
        """One event forward: the script's next event, or the event last stepped back over."""
        nxt = self.redo[-1] if self.redo else self.script_next()
        if nxt is None:
            return False
        self._push(nxt)
        return True

    def back(self) -> bool:
        """One event back (Forward puts it back)."""
        if not self.history:
            return False
        self.redo.append(self.table.pop())
        self.message = None
        self._moved()
        return True

    def next_stop(self) -> bool:
        """Forward to the next stop of the script (off the script: one event)."""
        if self.script_next() is None:
            return self.step()
        self.redo.clear()
        n = len(self.history)
        target = next((s for s in self.stops() if s > n), len(self.branches[self.branch].events))
        moved = False
        while len(self.history) < target and self.script_next() is not None:
            self.table.push(self.script_next())  # type: ignore[arg-type]
            moved = True
        self.message = None
        self._moved()
        return moved

    def prev_stop(self) -> bool:
        """Back to the previous stop of the script (off the script: back to it)."""
        if not self.on_script:
            return self.back_to_article()
        n = len(self.history)
        target = max((s for s in self.stops() if s < n), default=0)
        if target == n:
            return False
        self._rewind(target)
        self.redo.clear()
        self.message = None
        self._moved()
        return True

    def back_to_article(self) -> bool:
        """Leave free play: back to where play left the script."""
        if self.on_script:
            return False
        anchor = self.anchor if self.anchor is not None else 0
        self._rewind(anchor)
        while not self.on_script and self.history:
            self.table.pop()
        self.branch = self.anchor_branch if self.anchor_branch in self.matching() else (self.matching() or [0])[0]
        self.redo.clear()
        self.message = None
        self._moved()
        return True

    def take_branch(self, b: int) -> None:
        """At a divergence: go on along branch ``b`` (its next event is pushed)."""
        if not 0 <= b < len(self.branches) or b not in self.matching():
            raise ValueError(f"branch {b} does not go on from here")
        self.branch = b
        self.step()

    # ---- acting on the table -------------------------------------------------------------------------
    def _push(self, event: Event) -> None:
        before = len(self.history)
        was_on = self.on_script
        branch = self.branch
        self.table.push(event)
        self._after_push(before, was_on, branch)

    def _after_push(self, before: int, was_on: bool, branch: int) -> None:
        pushed = self.history[before:]
        if self.redo and len(pushed) == 1 and same_event(self.redo[-1], pushed[0]):
            self.redo.pop()
        else:
            self.redo.clear()
        ms = self.matching()
        if not ms and was_on:
            self.anchor = before
            self.anchor_branch = branch
        self.message = None
        self._moved()

    def play(self, card: Card | str) -> None:
        """Play ``card`` for its owner if it is legal; an illegal card is refused (raises, changes nothing)."""
        c = Card.parse(card) if isinstance(card, str) else card
        before, was_on, branch = len(self.history), self.on_script, self.branch
        self.table.play(c, seat=self.owner(c))
        self._after_push(before, was_on, branch)

    def push(self, event: Event) -> None:
        """Push any event (an irregularity, a decision); raises if the engine refuses it."""
        self._push(event)

    def choose(self, i: int) -> None:
        """Choose option ``i`` of the pending decision (as the widget lists them)."""
        choices = decision_choices(self.table.state)
        if not 0 <= i < len(choices):
            raise ValueError(f"option {i} is not on offer ({len(choices)} options)")
        self._push(choices[i].event)

    def owner(self, card: Card) -> Seat:
        st = self.table.state
        for seat in Seat:
            if card in st.holding(seat):
                return seat
        for seat in Seat:
            if card in self.table.deal.hand(seat).cards:
                return seat
        raise KeyError(card)

    def click(self, card: Card | str) -> None:
        """What a click on ``card`` does in the current click mode and, in exam mode, the question."""
        c = Card.parse(card) if isinstance(card, str) else card
        q = self.question()
        if q is not None and q["kind"] == "legal" and not self._answered(q):
            if c in self.selected:
                self.selected.remove(c)
            else:
                self.selected.append(c)
            return
        mode = self.click_mode
        if mode == "play":
            self.play(c)
        elif mode == "simultaneous":
            owner = self.owner(c)
            if self.selected and self.owner(self.selected[0]) is not owner:
                self.selected = []
            if c in self.selected:
                self.selected.remove(c)
            else:
                self.selected.append(c)
        elif mode == "anyway":
            # a plain play without the table's legality check: the engine records what the Laws make of it
            self._push(Play(self.owner(c), c))
            self.click_mode = "play"
        else:
            self._push(Expose(self.owner(c), c, how=mode))
            self.click_mode = "play"

    def play_selected(self, all_seen: bool = True) -> None:
        """Two cards at once: the picked cards, led or played together (Law 58)."""
        cards = tuple(self.selected)
        if len(cards) < 2:
            raise FileRefusal("pick two or more cards", key="widget.sim.pick")
        visible = cards if all_seen else cards[:1]
        self._push(Simultaneous(self.owner(cards[0]), cards=cards, visible=visible))
        self.click_mode = "play"

    def reveal(self) -> None:
        self.revealed = True

    # ---- what the reader sees --------------------------------------------------------------------------
    def view(self) -> BoardView:
        q = self.question() if self.mode == "exam" else None
        hold = self.held_back
        return position(self.table, self.lang, role=self.role, hide=self.hide, hold_back=hold,
                        show_legal=self.show_legal and self.click_mode == "play" and q is None,
                        last_trick=True)

    # ---- exam mode ----------------------------------------------------------------------------------------
    def _quiz_question(self) -> Any:
        """The article's question of this branch (a designation, a card held or touched), if it is asked
        here: the quiz's question of the branch's scenario, posed before its trigger event."""
        b = self.branch
        if b not in self._quiz:
            q = None
            sc = self.branches[b].scenario
            if sc is not None:
                try:
                    from bridgelaws.quiz import Question

                    q = Question.from_scenario(sc, lang=self.lang)
                except (ValueError, BridgeLawsError, StopIteration, TypeError):
                    q = None
            self._quiz[b] = q
        q = self._quiz[b]
        if q is not None and len(self.history) == q.at and self.on_script and self.branch in self.matching():
            return q
        return None

    def question(self) -> dict[str, Any] | None:
        """The exam's question at this position, or None: ``kind`` ``quiz`` (the article's question: which
        card is played, is the card played), ``decision`` (what may the player choose) or ``legal`` (which
        cards may the player play now), with what the answer is checked against."""
        if self.mode != "exam":
            return None
        st = self.table.state
        n = len(self.history)
        qq = self._quiz_question()
        if qq is not None:
            return {"kind": "quiz", "key": (self.branch, n, "quiz"), "quiz": qq}
        if st.pending is not None:
            universe = self._decision_universe()
            right = frozenset(i for i, (_, ok) in enumerate(universe) if ok)
            return {"kind": "decision", "key": (tuple(self.history), "decision"), "universe": universe,
                    "right": right, "seat": st.pending.by, "law": st.pending.law}
        if st.phase != "over" and st.to_act is not None and st.irregular_lead is None:
            legal = self.table.legal_cards()
            if legal:
                return {"kind": "legal", "key": (tuple(self.history), "legal"), "seat": st.to_act,
                        "right": legal, "law": _scenario._turn_law(self.table, "cards")}
        return None

    def _decision_universe(self) -> list[tuple[Message, bool]]:
        """The options a student picks from: the engine's options, and near misses that are not on offer
        (for 50D2/51B the other suits; elsewhere "no choice: play goes on")."""
        st = self.table.state
        d = st.pending
        assert d is not None
        offered = [c.label for c in decision_choices(st)]
        out = [(m, True) for m in offered]
        if d.kind == "lead_options":
            for s in Suit:
                if s not in d.suits:
                    out.append((Message("widget.opt.require", {"suit": s}), False))
                    out.append((Message("widget.opt.forbid", {"suits": (s,)}), False))
        out.append((Message("table.exam.no_choice", {}), False))
        return out

    def _answered(self, q: Mapping[str, Any]) -> bool:
        return q["key"] in self.exam.answered

    def answer(self, value: Any = None) -> bool:
        """Answer the question at this position: for ``legal`` the cards picked (or ``value``, cards), for
        ``decision`` the options picked (or ``value``, indices), for ``quiz`` the choice key ``value``.
        Scores it against the engine, shows right or wrong with the law and reveals the ruling."""
        q = self.question()
        if q is None:
            raise ValueError("there is no question here")
        lang = self.lang
        if q["kind"] == "legal":
            picked = frozenset(Card.parse(c) if isinstance(c, str) else c
                               for c in (self.selected if value is None else value))
            right: frozenset[Card] = q["right"]
            ok = picked == right
            law_ref: LawRef | None = q["law"]
            cards = _card_list(right, lang)
            if ok:
                msg = _t("exam.right_legal", lang, seat=q["seat"], cards=cards) + _law(law_ref, lang)
            else:
                msg = _t("exam.wrong_legal", lang, seat=q["seat"], cards=cards) + _law(law_ref, lang)
                wrong = sorted(picked - right, key=lambda c: c.sort_key)
                if wrong:
                    from bridgelaws.rules.director import why_not_legal

                    msg += " " + why_not_legal(self.table.state, q["seat"], wrong[0]).explain(lang)
        elif q["kind"] == "decision":
            picked_i = frozenset(self.exam.picked if value is None else (int(v) for v in value))
            ok = picked_i == q["right"]
            offered = [m.text(lang) for m, good in q["universe"] if good]
            if ok:
                msg = _t("exam.right_options", lang, seat=q["seat"], law=q["law"])
            else:
                msg = _t("exam.wrong_options", lang, seat=q["seat"], law=q["law"], options="; ".join(offered))
        else:
            qq = q["quiz"]
            key = str(value)
            ok = qq.is_correct(key)
            msg = (_t("exam.right", lang) if ok else _t("exam.wrong", lang)) + " " + qq.answer.text(lang)
        self.exam.answered[q["key"]] = (ok, msg)
        self.exam.asked += 1
        self.exam.right += int(ok)
        self.revealed = True
        return ok

    def toggle_option(self, i: int) -> None:
        if i in self.exam.picked:
            self.exam.picked.remove(i)
        else:
            self.exam.picked.append(i)

    @property
    def score(self) -> tuple[int, int]:
        """(right, answered) in exam mode."""
        return self.exam.right, self.exam.asked

    # ---- saving -----------------------------------------------------------------------------------------
    def _safe_path(self, name: str) -> Path:
        """``name`` inside the folder, or a FileRefusal: a plain file name with a scenario suffix."""
        name = str(name).strip()
        if not name:
            raise FileRefusal("no file name", key="table.file.no_name")
        if "\x00" in name or "/" in name or "\\" in name or name.startswith(".") or ".." in name:
            raise FileRefusal("a file name, not a path", key="table.file.not_a_name",
                              folder=str(self.folder))
        if not name.lower().endswith(SCENARIO_SUFFIXES) or not re.fullmatch(r"[\w][\w .-]{0,100}", name):
            raise FileRefusal("a scenario file name", key="table.file.bad_suffix")
        folder = self.folder.resolve()
        path = folder / name
        if path.parent != folder:
            raise FileRefusal("outside the folder", key="table.file.not_a_name", folder=str(self.folder))
        return path

    def example_metadata(self) -> dict[str, Any]:
        """The current branch's title, question and laws, as a saved or exported scenario keeps them."""
        br = self.branches[self.branch]
        meta: dict[str, Any] = {}
        if br.title is not None:
            meta["title"] = br.title
        if br.question is not None:
            meta["question"] = br.question
        if br.scenario is not None and br.scenario.laws:
            meta["laws"] = [str(x) for x in br.scenario.laws]
        return meta

    def save(self, name: str | None = None, *, overwrite: bool | None = None, as_test: bool = False) -> Path:
        """Write the history so far as a scenario file in the folder (title and question kept; ``as_test``:
        the current ruling as ``expected``). Refuses names outside the folder or the scenario suffixes, an
        existing file unless ``overwrite``, and any writing when the teacher has not allowed it."""
        if not self.allow_write:
            raise FileRefusal("saving is not allowed here", key="table.file.not_allowed")
        path = self._safe_path(self.filename if name is None else name)
        overwrite = self.overwrite if overwrite is None else overwrite
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise FileRefusal("not a regular file", key="table.file.not_regular", name=path.name)
        if path.exists() and not overwrite:
            raise FileRefusal("exists", key="table.file.exists", name=path.name)
        meta = self.example_metadata()
        if as_test:
            meta["expected"] = expected_now(self.table)
        stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", path.stem).strip("-.") or "scenario"
        sc = _scenario.from_table(self.table, id=stem if stem[0].isalnum() else "s-" + stem, **meta)
        if as_test and not _scenario.check(sc).passed:  # never write a test that fails on the spot
            raise FileRefusal("the ruling could not be written as a test", key="table.file.not_a_test")
        data = _scenario.dumps(sc, "json" if path.suffix.lower() == ".json" else "toml")
        flags = os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if overwrite else os.O_EXCL)
        flags |= getattr(os, "O_NOFOLLOW", 0)
        try:   # a file named like the folder, a read-only notebook folder, a full disk: a message (#21, N3)
            self.folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, flags, 0o644)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(data)
        except FileExistsError:
            if not self.folder.is_dir():
                raise FileRefusal("cannot write", key="table.file.cannot_write", name=path.name,
                                  error=os.strerror(20)) from None
            raise FileRefusal("exists", key="table.file.exists", name=path.name) from None
        except OSError as exc:
            raise FileRefusal("cannot write", key="table.file.cannot_write", name=path.name,
                              error=exc.strerror or "") from None
        self.filename = path.name
        self.message = ("info", Message("table.file.saved", {"n": len(self.history), "name": path.name,
                                                              "folder": str(self.folder)}))
        return path

    def load(self, name: str | None = None) -> None:
        """Open a scenario file of the folder as the table's script (at its first stop)."""
        path = self._safe_path(self.filename if name is None else name)
        try:
            st = path.lstat()
        except FileNotFoundError:
            raise FileRefusal("no such file", key="table.file.missing", name=path.name) from None
        except OSError as exc:
            raise FileRefusal("cannot read", key="table.file.cannot_read", name=path.name,
                              error=exc.strerror or "") from None
        if not stat.S_ISREG(st.st_mode):
            raise FileRefusal("not a regular file", key="table.file.not_regular", name=path.name)
        if st.st_size > MAX_FILE_BYTES:
            raise FileRefusal("too large", key="table.file.too_large", name=path.name,
                              limit=MAX_FILE_BYTES // 1024)
        try:   # a file that may not be read: a message (#21, N3)
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
            with os.fdopen(fd, "rb") as f:
                raw = f.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise FileRefusal("cannot read", key="table.file.cannot_read", name=path.name,
                              error=exc.strerror or "") from None
        if len(raw) > MAX_FILE_BYTES:
            raise FileRefusal("too large", key="table.file.too_large", name=path.name, limit=MAX_FILE_BYTES // 1024)
        if b"\x00" in raw:
            raise FileRefusal("NUL bytes", key="table.file.not_text", name=path.name)
        try:
            textdata = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise FileRefusal("not UTF-8", key="table.file.not_text", name=path.name) from None
        try:
            sc = _scenario.loads(textdata, "json" if path.suffix.lower() == ".json" else "toml", path=path.name)
            _scenario.replay(sc)
        except BridgeLawsError:
            raise FileRefusal("not a scenario", key="table.file.invalid", name=path.name) from None
        except (ValueError, TypeError, RecursionError):
            raise FileRefusal("not a scenario", key="table.file.invalid", name=path.name) from None
        self.table = Table(sc.deal, sc.contract)
        self.branches = [Branch(tuple(sc.history), sc.title, sc.question, sc)]
        self.branch = 0
        self._stops.clear()
        self._tables.clear()
        self._quiz.clear()
        self.redo.clear()
        self.anchor = None
        self.filename = path.name
        self.goto_start("end")
        self.message = ("info", Message("table.file.loaded", {"n": len(sc.history), "name": path.name}))

    # ---- the widget's messages -----------------------------------------------------------------------
    def handle(self, msg: Mapping[str, Any]) -> None:
        """Carry out one message from the page (``{"action": ..., ...}``). A refusal by the engine or by
        Save/Load becomes the message line, in the user's language; nothing else changes."""
        action = str(msg.get("action", ""))
        arg = msg.get("arg", "")
        try:
            self._dispatch(action, arg, msg)
        except BridgeLawsError as exc:
            self.message = ("error", exc)
        except (ValueError, KeyError, IndexError, TypeError, OverflowError) as exc:   # a crafted message (#21, N9)
            self.message = ("error", Message("table.bad_request", {"what": type(exc).__name__}))

    def _dispatch(self, action: str, arg: Any, msg: Mapping[str, Any]) -> None:
        if action == "card":
            self.click(str(msg.get("card", "")))
        elif action == "choose":
            self.choose(_index(arg))
        elif action == "step":
            self.step()
        elif action == "back":
            self.back()
        elif action == "next_stop":
            self.next_stop()
        elif action == "prev_stop":
            self.prev_stop()
        elif action == "restart":
            self.goto_start("stop")
        elif action == "article":
            self.back_to_article()
        elif action == "branch":
            self.take_branch(_index(arg))
        elif action == "reveal":
            self.revealed = not self.revealed if self.mode != "lesson" else True
        elif action == "set_mode":
            self.mode = str(msg.get("value", arg))
        elif action == "set_role":
            self.role = parse_role(str(msg.get("value", arg)))
        elif action == "set_lang":
            self.lang = normalize_lang(str(msg.get("value", arg)))
            self._quiz.clear()
        elif action == "set_click":
            value = str(msg.get("value", arg))
            if value not in CLICK_MODES:
                raise ValueError(value)
            self.click_mode = value
            self.selected = []
        elif action == "sim_play":
            self.play_selected(bool(msg.get("all_seen", True)))
        elif action == "exam_toggle":
            self.toggle_option(_index(arg))
        elif action == "exam_check":
            self.answer()
        elif action == "exam_choice":
            self.answer(str(arg))
        elif action == "files":
            self.files_open = not self.files_open
        elif action in ("save", "save_test", "load"):
            self.files_open = True
            if "name" in msg:
                self.filename = str(msg["name"])[:200]
            if "overwrite" in msg:
                self.overwrite = bool(msg["overwrite"])
            if action == "load":
                self.load()
            else:
                self.save(as_test=action == "save_test")
        else:
            raise ValueError(action)

    # ---- drawing ----------------------------------------------------------------------------------------
    def message_text(self) -> tuple[str, str] | None:
        if self.message is None:
            return None
        kind, m = self.message
        if isinstance(m, BridgeLawsError):
            return kind, m.explain(self.lang)
        if isinstance(m, Message):
            return kind, m.text(self.lang)
        return kind, str(m)

    def panel(self, view: BoardView) -> Panel:
        lang = self.lang
        n = len(self.history)
        on = self.on_script
        br = self.branches[self.branch]
        total = len(br.events)
        title = _scenario.localized(br.title, lang) or ""
        question = _scenario.localized(br.question, lang) or ""
        scripted = self.scripted
        if n == 0:
            where = _t("where.start", lang, total=total) if on and scripted else ""
        else:
            from bridgelaws.timeline import describe_event

            what = describe_event(self.history[-1], lang, self.table.states[n - 1])
            where = (what if not scripted else _t("where.at", lang, n=n, total=total, what=what) if on
                     else _t("where.off", lang, what=what))
        has_next = self.script_next() is not None or bool(self.redo)
        controls: list[Button | SelectBox] = [
            Button("◀", "back", tooltip=_t("back.tooltip", lang), disabled=n == 0),
            Button("▶", "step", tooltip=_t("step.tooltip", lang), disabled=not has_next),
        ]
        if scripted:  # the stops are the article's
            controls.insert(0, Button("«", "prev_stop", tooltip=_t("prev_stop", lang),
                                      disabled=n == 0 and on))
            controls.append(Button(_t("next_stop", lang) + " »", "next_stop", tooltip=_t("next_stop.tooltip", lang),
                                   disabled=not has_next))
        if self.mode != "lesson":
            controls.append(Button(_t("reveal", lang) if not self.revealed else _t("hide", lang), "reveal",
                                   tooltip=_t("reveal.tooltip", lang), pressed=self.revealed, cls="bl-reveal"))
        if not on:
            controls.append(Button("↩ " + _t("article", lang), "article", tooltip=_t("article.tooltip", lang),
                                   cls="bl-article"))
        branches: tuple[Button, ...] = ()
        div = self.divergence() if on else []
        nexts = [self.branches[i].events[n] for i in self.matching() if len(self.branches[i].events) > n]
        # the article's choices at a decision are marked on the decision's own options (no second box)
        article_options: set[int] = set()
        if view.decision is not None:
            for i, ch in enumerate(view.decision.options):
                if any(same_event(ch.event, e) for e in nexts):
                    article_options.add(i)
        if div and not (view.decision is not None and all(isinstance(e, _DECISION_EVENTS) for e in nexts)):
            branches = tuple(Button(self.branches[i].label(lang), "branch", str(i), cls="bl-branch") for i in div)
        q = self.question()
        exam = self._exam_panel(q) if q is not None else (
            {"question": _t("exam.no_question", lang), "score": self._score_text()} if self.mode == "exam" else None)
        hint = text(f"widget.hint.{self.click_mode}", lang) if self.click_mode != "play" else ""
        if self.click_mode == "simultaneous" and self.selected:
            hint = text("widget.sim.selected", lang, seat=self.owner(self.selected[0]), cards=tuple(self.selected))
        tools: list[Button | SelectBox] = [
            SelectBox(_t("mode", lang), "set_mode", tuple((m, _t(f"mode.{m}", lang)) for m in MODES), self.mode,
                      _t("mode.tooltip", lang)),
            SelectBox(_t("role", lang), "set_role", tuple((r, self._role_label(r)) for r in
                                                          ("director", "N", "E", "S", "W", "declarer")),
                      self.role, _t("role.tooltip", lang)),
            SelectBox(_t("click", lang), "set_click", tuple((m, text(f"widget.mode.{m}", lang)) for m in CLICK_MODES),
                      self.click_mode, text("widget.mode.tooltip", lang)),
            SelectBox(_t("lang", lang), "set_lang", LANG_NAMES, lang, _t("lang.tooltip", lang)),
        ]
        if self.click_mode == "simultaneous":
            tools.append(Button(text("widget.sim.play", lang), "sim_play", tooltip=text("widget.sim.play.tooltip", lang),
                                disabled=len(self.selected) < 2))
        files = {
            "summary": _t("file.summary", lang),
            "open": self.files_open,
            "name_label": _t("file.name", lang),
            "name": self.filename,
            "overwrite": self.overwrite,
            "overwrite_label": _t("file.overwrite", lang),
            "folder": _t("file.folder", lang, folder=str(self.folder)),
            "buttons": (
                Button(_t("file.save", lang), "save", tooltip=_t("file.save.tooltip", lang),
                       disabled=not self.allow_write),
                Button(_t("file.save_test", lang), "save_test", tooltip=_t("file.save_test.tooltip", lang),
                       disabled=not self.allow_write),
                Button(_t("file.load", lang), "load", tooltip=_t("file.load.tooltip", lang)),
            ),
        }
        selected = frozenset(self.selected)
        return Panel(
            title=title, question=question if self.mode != "exam" or q is None else "", where=where,
            controls=tuple(controls), tools=tuple(tools), message=self.message_text(), hint=hint,
            branches=branches, branches_title=_t("branches", lang) if branches else "", exam=exam,
            held_back_note=_t("held_back", lang), files=files, selected=selected,
            article_options=frozenset(article_options), article_label=_t("in_article", lang),
            decision_enabled=not (q is not None and q["kind"] == "decision" and not self._answered(q)),
        )

    def _role_label(self, r: str) -> str:
        if r == "director":
            return _t("role.director", self.lang)
        if r == "declarer":
            return _t("role.declarer", self.lang)
        return format_seat(Seat.parse(r), self.lang)

    def _score_text(self) -> str:
        right, asked = self.score
        return _t("exam.score", self.lang, right=right, asked=asked)

    def _exam_panel(self, q: Mapping[str, Any]) -> dict[str, Any]:
        lang = self.lang
        done = self.exam.answered.get(q["key"])
        out: dict[str, Any] = {"score": self._score_text(), "feedback": done}
        if q["kind"] == "legal":
            out["question"] = _t("exam.ask_legal", lang, seat=q["seat"])
            if not done:
                out["prompt"] = _t("exam.pick_cards", lang)
                out["buttons"] = (Button(_t("exam.check", lang), "exam_check", cls="bl-exam-check"),)
        elif q["kind"] == "decision":
            out["question"] = _t("exam.ask_options", lang, seat=q["seat"])
            if not done:
                out["prompt"] = _t("exam.pick_options", lang)
                out["choices"] = tuple(Button(m.text(lang), "exam_toggle", str(i), pressed=i in self.exam.picked,
                                              cls="bl-exam-option")
                                       for i, (m, _) in enumerate(q["universe"]))
                out["buttons"] = (Button(_t("exam.check", lang), "exam_check", cls="bl-exam-check"),)
        else:
            qq = q["quiz"]
            out["question"] = qq.text(lang)
            out["prompt"] = qq.prompt(lang)
            if not done:
                out["choices"] = tuple(Button(c.text(lang), "exam_choice", c.key, cls="bl-exam-choice")
                                       for c in qq.choices)
        return out

    def render(self, sheet: dict[str, str] | None = None) -> str:
        """The whole table as HTML (the widget's markup). With ``sheet`` (a dict the caller keeps), styles
        become classes collected in it (see :func:`bridgelaws.render.html.style_rules`); else inline."""
        view = self.view()
        return str(_html.board(view, self.lang, interactive=True, panel=self.panel(view), sheet=sheet))

    def render_parts(self, sheet: dict[str, str] | None = None,
                     memo: _html.RegionMemo | None = None) -> tuple[str, dict[str, str]]:
        """:meth:`render` as a frame and its regions (:func:`bridgelaws.render.html.board_parts`; ``memo``:
        regions drawn before, kept with ``sheet``)."""
        view = self.view()
        return _html.board_parts(view, self.lang, panel=self.panel(view), sheet=sheet, memo=memo)

    def focus_target(self) -> str:
        """Where keyboard focus belongs after an action: the decision, the exam, or the hand to play."""
        st = self.table.state
        q = self.question()
        if q is not None and not self._answered(q) and q["kind"] != "legal":
            return "exam"
        if st.pending is not None:
            return "decision"
        if st.to_act is not None:
            return "hand:" + st.to_act.value
        return ""


def _law(law_ref: LawRef | None, lang: str) -> str:
    return f" ({law_ref.cite(lang)})" if law_ref is not None else ""


def _card_list(cards: Iterable[Card], lang: str) -> str:
    from bridgelaws.notation import format_card

    return ", ".join(format_card(c, lang) for c in sorted(cards, key=lambda c: c.sort_key))


def expected_now(table: Table) -> dict[str, Any]:
    """The current ruling in the scenario format's ``expected`` keys: who acts, the legal cards, penalty
    cards, declarer's options and the lead restriction ("save as test")."""
    st = table.state
    out: dict[str, Any] = {}
    if st.to_act is not None and st.phase != "over":
        out["to_act"] = st.to_act.value
        out["legal_cards"] = [str(c) for c in sorted(table.legal_cards(), key=lambda c: c.sort_key)]
    pcs: dict[str, list[dict[str, str]]] = {}
    for p in st.penalty_cards:
        pcs.setdefault(p.seat.value, []).append({"card": str(p.card), "kind": p.kind})
    out["penalty_cards"] = pcs
    opts = table.declarer_options()
    if opts:
        out["declarer_options"] = sorted(opts)
    r = table.lead_restriction()
    if r is not None and r.kind in ("require", "forbid"):
        out["lead_restriction"] = {"seat": r.seat.value, "kind": r.kind, "suits": [s.value for s in r.suits],
                                   "until": r.until}
    else:
        out["lead_restriction"] = False
    return out


def _index(arg: Any) -> int:
    """A page message's number (a button's index): an int, or text of at most 6 ASCII digits; anything else
    (null, a list, an object, a float) is a ValueError, shown as a refusal on the message line (#21, N9)."""
    if isinstance(arg, int) and not isinstance(arg, bool):
        return arg
    if isinstance(arg, str) and 0 < len(arg.strip()) <= 6 and arg.strip().lstrip("-").isascii() \
            and arg.strip().lstrip("-").isdigit():
        return int(arg.strip())
    raise ValueError("not an index")
