"""The card table's state without its drawing or its messages: the position on the script (from
:mod:`~bridgelaws.session.script`), what the reader has asked to see (language, mode, role), what a click does,
the exam (:mod:`~bridgelaws.session.exam`) and the folder (:mod:`~bridgelaws.session.files`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from bridgelaws import scenario as _scenario
from bridgelaws.cards import Card, Seat
from bridgelaws.errors import BridgeLawsError, IllegalPlayError
from bridgelaws.events import AcceptCall, CallEvent, Event, Expose, Play, RejectCall, Simultaneous
from bridgelaws.i18n import Message, normalize_lang
from bridgelaws.laws import law
from bridgelaws.session.common import Branch, FileRefusal, check_mode, default_mode
from bridgelaws.session.exam import Exam, Scoreboard
from bridgelaws.session.files import ScenarioFolder
from bridgelaws.session.script import ScriptPosition
from bridgelaws.table import Table
from bridgelaws.view import BoardView, decision_choices, parse_role, position, revoke_choices


def notebook_of(sc: Any) -> str:
    """The notebook a scenario file belongs to: the ``NN`` its file name starts with (``06-kulorsvigt-….toml``),
    or "" for a scenario without a file or of no notebook."""
    name = Path(sc.path).name if sc is not None and sc.path else ""
    head = name.split("-", 1)[0]
    return head if head.isdigit() else ""


def revoke_play(table: Table, seat: Seat, c: Card) -> Play:
    """``play … revoke = true``: what a click in the revoke mode makes (61A). A lead, or a card that follows
    suit, is refused here with the table's own sentence (the engine's speaks of the scenario file)."""
    ev = Play(seat, c, revoke=True)
    try:
        table.apply(table.state, ev)
    except IllegalPlayError as exc:
        if exc.key == "revoke.error.not_a_revoke":
            raise IllegalPlayError(f"{c} follows suit: not a revoke", key="widget.revoke.follows", card=c,
                                   law=law("61A")) from exc
        if exc.key == "revoke.error.lead":
            raise IllegalPlayError(f"{c} is a lead: not a revoke", key="widget.revoke.lead",
                                   law=law("61A")) from exc
        raise
    return ev


class SessionCore(ScriptPosition):
    """A card table: an engine table, the script (its branches), and what the reader has asked to see.

    Build it with :meth:`from_scenario`, :meth:`from_scenarios` or ``TableSession(table)`` (a table with no
    script: free play). ``lang``: ``da``, ``nb`` or ``en``; ``mode``: ``lesson``, ``seminar`` or ``exam``
    (default: the notebook-wide :func:`default_mode`); ``role``: ``director``, ``declarer`` or a seat letter;
    ``start``: ``"stop"`` (the first stop of the script: the play before the irregularity), ``"start"``
    (before the first event), ``"end"`` or a number of events; ``folder``: where Save and Load work
    (default ``mine/`` in the current directory); ``allow_write``: whether Save may write (default: yes,
    except under Voila); ``scoreboard``: the score shared with other tables (default: this table's own).
    """

    def __init__(self, table: Table | None = None, *, branches: Sequence[Branch] = (), lang: str = "en",
                 mode: str | None = None, role: str | Seat | None = "director", start: str | int = "stop",
                 folder: str | Path | None = None, allow_write: bool | None = None, show_legal: bool = True,
                 hide: Iterable[Seat | str] | Seat | str = (), scoreboard: Scoreboard | None = None) -> None:
        if table is None:
            if not branches or branches[0].scenario is None:
                raise ValueError("TableSession needs a table or at least one scenario")
            sc = branches[0].scenario
            table = Table(sc.deal, sc.contract, dealer=sc.dealer, vulnerable=sc.vulnerable)
            start_events: tuple[Event, ...] = ()
        else:
            start_events = tuple(table.history)
            table = Table(table.deal, table.contract, dealer=getattr(table, "dealer", None),
                          vulnerable=getattr(table, "vulnerable", None))
        if not branches:
            # a table built by hand: its history is the script
            branches = [Branch(start_events)]
            if start == "stop":
                start = "end"
        super().__init__(table, branches)
        self.lang = normalize_lang(lang)
        self._mode = check_mode(mode) if mode is not None else None
        self.role = parse_role(role)
        self.hide = hide
        self.show_legal = show_legal
        self.revealed = False
        self.click_mode = "play"
        #: the auction (issue 36): the seat whose call the next call button makes (None: the player to call), and
        #: the Director's finding that goes with it (23A, 27B1)
        self.call_seat: Seat | None = None
        self.call_finding: str | None = None
        self.selected: list[Card] = []
        self.message: tuple[str, Any] | None = None
        first = self.branches[0].scenario
        self.exam = Exam(scoreboard, first.id if first is not None else None, notebook_of(first))
        self.files = ScenarioFolder(folder, allow_write)
        #: the constraint timeline under the hands (:func:`bridgelaws.session.panel.timeline_markup`)
        self.show_timeline = True
        self.timeline_cache: tuple[Any, str] | None = None
        #: double-dummy values computed on request, by position (:mod:`bridgelaws.session.worth`)
        self.worth_results: dict[tuple[Event, ...], Any] = {}
        self.goto_start(start)

    @classmethod
    def from_scenario(cls, source: str | Path | _scenario.Scenario, **kwargs: Any) -> Any:
        """A table whose script is one scenario file (or a loaded Scenario)."""
        return cls.from_scenarios([source], **kwargs)

    @classmethod
    def from_scenarios(cls, sources: Iterable[str | Path | _scenario.Scenario], **kwargs: Any) -> Any:
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
        return cls(branches=[Branch(tuple(s.history), s.title, s.question, s) for s in scs], **kwargs)

    # ---- settings ---------------------------------------------------------------------------------------
    @property
    def mode(self) -> str:
        """``lesson``, ``seminar`` or ``exam``: this table's own, else the notebook-wide default."""
        return self._mode or default_mode()

    @mode.setter
    def mode(self, value: str | None) -> None:
        self._mode = None if value is None else check_mode(value)
        self.revealed = False

    @property
    def allow_write(self) -> bool:
        """Whether Save may write: as given, else yes, except under Voila (a presentation)."""
        return self.files.allow_write

    @allow_write.setter
    def allow_write(self, value: bool | None) -> None:
        self.files._allow_write = value

    @property
    def allow_write_given(self) -> bool | None:
        """``allow_write`` as given (None: not given, the default applies)."""
        return self.files._allow_write

    @property
    def filename(self) -> str:
        """The file name in the Save/Load box."""
        return self.files.filename

    @filename.setter
    def filename(self, value: str) -> None:
        self.files.filename = value

    @property
    def folder(self) -> Path:
        return self.files.folder

    @property
    def held_back(self) -> bool:
        """The ruling is held back now."""
        return self.mode != "lesson" and not self.revealed

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.exam.forget_questions()

    def _moved(self, clear_message: bool = True) -> None:
        """After any change of position: the ruling is held back again, picks are forgotten."""
        if clear_message:
            self.message = None
        self.revealed = False
        self.selected = []
        self.exam.picked = []
        super()._moved(clear_message)

    # ---- acting on the table -------------------------------------------------------------------------
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
        if q is not None and q["kind"] == "legal" and not self.exam.is_answered(q):
            self._toggle_selected(c)
            return
        mode = self.click_mode
        if mode == "play":
            self.play(c)
        elif mode == "simultaneous":
            if self.selected and self.owner(self.selected[0]) is not self.owner(c):
                self.selected = []
            self._toggle_selected(c)
        elif mode == "revoke":
            self._push(revoke_play(self.table, self.owner(c), c))
            self.click_mode = "play"
        elif mode == "anyway":
            # a plain play without the table's legality check: the engine records what the Laws make of it
            self._push(Play(self.owner(c), c))
            self.click_mode = "play"
        else:
            auction = self.table.state.phase == "auction"   # a card dropped during the auction is Law 24's
            self._push(Expose(self.owner(c), c, how=mode, period="auction" if auction else None))
            self.click_mode = "play"

    # ---- the auction (issue 36) ------------------------------------------------------------------------------
    def make_call(self, call: str) -> None:
        """A call by the chosen seat (by default the player to call; another seat makes a call out of rotation),
        with the chosen finding; the engine sees what the Laws make of it."""
        st = self.table.state
        if st.phase != "auction":
            raise ValueError("the auction has ended")
        seat = self.call_seat or st.auction.turn
        try:
            self._push(CallEvent(seat, call=call, finding=self.call_finding))
        finally:
            self.call_seat, self.call_finding = None, None

    def answer_call(self, accept: bool) -> None:
        """The offender's left-hand opponent accepts the irregular call, or it is not accepted (27A1, 29A / 27B, 29B,
        36B, 37B)."""
        irr = self.table.state.auction.irregular if self.table.state.auction is not None else None
        if irr is None:
            raise ValueError("no irregular call waits")
        self._push((AcceptCall if accept else RejectCall)(irr.seat.lho))

    def revoke_action(self, i: int) -> None:
        """Action ``i`` of :func:`~bridgelaws.view.revoke_choices`: attention drawn to a revoke (62A), or a card
        taken back after the correction (62C)."""
        choices = revoke_choices(self.table)
        if not 0 <= i < len(choices):
            raise ValueError(f"revoke action {i} is not on offer ({len(choices)} actions)")
        self._push(choices[i].event)

    def _toggle_selected(self, c: Card) -> None:
        if c in self.selected:
            self.selected.remove(c)
        else:
            self.selected.append(c)

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
        v = position(self.table, self.lang, role=self.role, hide=self.hide, hold_back=self.held_back,
                     show_legal=self.show_legal and self.click_mode == "play" and q is None,
                     last_trick=True)
        auction = v.extra.get("auction")
        st = self.table.state
        if isinstance(auction, dict) and st.phase == "auction" and q is None:
            # the call buttons (render.auction): who calls, the finding, and accepting or not an irregular call
            auction["controls"] = {"seat": self.call_seat or st.auction.turn, "finding": self.call_finding,
                                   "irregular": st.auction.irregular is not None}
        return v

    def message_text(self) -> tuple[str, str] | None:
        if self.message is None:
            return None
        kind, m = self.message
        if isinstance(m, BridgeLawsError):
            return kind, m.explain(self.lang)
        if isinstance(m, Message):
            return kind, m.text(self.lang)
        return kind, str(m)

    def focus_target(self) -> str:
        """Where keyboard focus belongs after an action: the decision, the exam, or the hand to play."""
        st = self.table.state
        q = self.question()
        if q is not None and not self.exam.is_answered(q) and q["kind"] != "legal":
            return "exam"
        if st.pending is not None:
            return "decision"
        if st.to_act is not None:
            return "hand:" + st.to_act.value
        return ""

    # ---- exam mode ----------------------------------------------------------------------------------------
    def question(self) -> dict[str, Any] | None:
        """The exam's question at this position, or None (see :meth:`Exam.question`)."""
        return self.exam.question(self, self.lang) if self.mode == "exam" else None

    def answer(self, value: Any = None) -> bool:
        """Answer the question at this position: for ``legal`` the cards picked (or ``value``, cards), for
        ``decision`` the options picked (or ``value``, indices), for ``quiz`` the choice key ``value``.
        Scores it against the engine, shows right or wrong with the law and reveals the ruling."""
        q = self.question()
        if q is None:
            raise ValueError("there is no question here")
        ok = self.exam.answer(self, q, self.lang, value, self.selected)
        self.revealed = True
        return ok

    def toggle_option(self, i: int) -> None:
        self.exam.toggle_option(i)

    @property
    def score(self) -> tuple[int, int]:
        """(right, answered) in exam mode."""
        return self.exam.score

    # ---- saving -----------------------------------------------------------------------------------------
    def example_metadata(self) -> dict[str, Any]:
        """The current branch's title, question and laws, as a saved or exported scenario keeps them."""
        return self.branches[self.branch].metadata()

    def save(self, name: str | None = None, *, overwrite: bool | None = None, as_test: bool = False) -> Path:
        """Write the history so far as a scenario file in the folder (see :meth:`ScenarioFolder.save`)."""
        path = self.files.save(self.table, self.example_metadata(), name, overwrite=overwrite, as_test=as_test)
        self.message = ("info", Message("table.file.saved", {"n": len(self.history), "name": path.name,
                                                              "folder": str(self.files.folder)}))
        return path

    def load(self, name: str | None = None) -> None:
        """Open a scenario file of the folder as the table's script (at its end)."""
        sc = self.files.load(name)
        self.replace_script(Table(sc.deal, sc.contract, dealer=sc.dealer, vulnerable=sc.vulnerable), [Branch(tuple(sc.history), sc.title, sc.question, sc)])
        self.exam.forget_questions()
        self.worth_results = {}
        self.goto_start("end")
        self.message = ("info", Message("table.file.loaded", {"n": len(sc.history), "name": self.files.filename}))
