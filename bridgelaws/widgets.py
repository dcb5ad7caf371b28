"""The card table widget: a thin front end (anywidget) on :class:`bridgelaws.session.TableSession`.

One line in a notebook cell::

    from bridgelaws.widgets import CardTable
    CardTable.from_scenario("scenarios/01-stort-strafkort-ex1-revoke-corrected.toml", lang="da")

    # variants of one example are branches of one table (they share the deal and part where they differ)
    CardTable.from_scenarios(sorted(Path("scenarios").glob("01-stort-strafkort-ex1-*.toml")), lang="da")

    import bridgelaws.widgets as bw
    bw.set_mode("seminar")      # every table of this notebook holds the ruling back until "Reveal"

The widget is one model: the table drawn by the one renderer (:func:`bridgelaws.render.html.board_parts`) as
a ``frame`` and the markup of each region (``parts``: the hands, the trick, the header, the side column ...),
the ``styles`` of its classes, and where the ``focus`` goes; the page (``bridgelaws/static/table.js``) puts it
into a shadow root, patches only the regions that changed, catches clicks and keys, and sends
``{"action": ...}`` messages back, which
:meth:`TableSession.handle` carries out. Headless, call ``w.send_action({"action": "card", "card": "HJ"})``
(what a click sends) and read ``w.html`` or ``w.session``.

This is the only module that imports ipywidgets/anywidget.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import anywidget  # type: ignore[import-untyped]
import traitlets

from bridgelaws import pbn as _pbn
from bridgelaws import scenario as _scenario
from bridgelaws.cards import Card, Seat
from bridgelaws.downloads import Downloads
from bridgelaws.downloads import scenario_now as _scenario_now
from bridgelaws.errors import BridgeLawsError
from bridgelaws.events import Event
from bridgelaws.i18n import normalize_lang
from bridgelaws.render import html as _html
from bridgelaws.session import (
    CLICK_MODES, IRREGULAR_MODES, MODES, FileRefusal, TableSession, default_mode, notebook_scoreboard,
    set_default_mode,
)
from bridgelaws.session import autosave as _autosave
from bridgelaws.session import pbnpick as _pbnpick
from bridgelaws.state import PlayState
from bridgelaws.table import Table
from bridgelaws.timeline import place_now
from bridgelaws.view import Choice, decision_choices, position

__all__ = [
    "CLICK_MODES", "IRREGULAR_MODES", "MODES", "CardTable", "Choice", "FileProblem", "FileRefusal",
    "decision_choices", "get_mode", "set_mode", "table", "allow_saving",
]

#: kept for old code: the click modes
FileProblem = FileRefusal

_LIVE: weakref.WeakSet[CardTable] = weakref.WeakSet()
#: the page's messages that change the notebook's score
_SCORED = frozenset({"exam_check", "exam_choice", "exam_reset"})
_allow_write: bool | None = None
#: the tables shown by the cells of this kernel: (cell id, n-th table of the run) -> (what the cell built, the table)
_BY_CELL: dict[tuple[str, int], tuple[tuple[Any, ...], weakref.ref[CardTable]]] = {}
#: the run of a cell now going on (its execute request) and how many tables it has built so far
_RUN: list[Any] = [None, 0]


@cache
def _asset(name: str) -> str:
    return resources.files("bridgelaws").joinpath("static", name).read_text(encoding="utf-8")


def set_mode(mode: str) -> None:
    """Notebook-wide: ``"lesson"`` (the ruling shown at once), ``"seminar"`` (held back until Reveal) or
    ``"exam"`` (the question first). Every table of this kernel without its own ``mode=`` follows."""
    set_default_mode(mode)
    for w in list(_LIVE):
        if w.session._mode is None:
            w.session.revealed = False
            w.refresh()


def open_tables() -> list[CardTable]:
    """The tables of this kernel that are shown and not yet closed (each follows :func:`set_mode`)."""
    return list(_LIVE)


def get_mode() -> str:
    """The notebook-wide mode."""
    return default_mode()


def allow_saving(allowed: bool | None = True) -> None:
    """Let the tables of this kernel write their folder (the teacher's choice; under Voila saving is off
    until this is called). ``None`` forgets the choice: tables made after it take the default again, the
    tables shown keep theirs."""
    global _allow_write
    _allow_write = allowed
    if allowed is None:
        return
    for w in list(_LIVE):
        if w.session.allow_write_given != allowed:
            w.session.allow_write = allowed
            w.refresh()


def _cell_now() -> tuple[str, int] | None:
    """Which table of which cell is being built: the cell's id as JupyterLab sends it with the request to run
    the cell (``cellId``), and its count within this run. None outside a cell run by JupyterLab (nbclient,
    nbval, Voila, a script), where a table is always built afresh."""
    try:
        from IPython import get_ipython

        kernel = getattr(get_ipython(), "kernel", None)
        parent = kernel.get_parent() if kernel is not None else None
    except Exception:  # no IPython, or a kernel without get_parent: no cell
        return None
    if not isinstance(parent, dict) or parent.get("header", {}).get("msg_type") != "execute_request":
        return None
    cell = (parent.get("metadata") or {}).get("cellId")
    if not isinstance(cell, str) or not cell:
        return None
    run = parent["header"].get("msg_id")
    if _RUN[0] != run:
        _RUN[0], _RUN[1] = run, 0
    _RUN[1] += 1
    return cell, _RUN[1]


def _built(s: TableSession) -> tuple[Any, ...]:
    """What a cell built, before anyone clicked: the script, where it opens and how it is shown."""
    return (s.table.deal, s.table.contract, tuple((b.events, repr(b.title), repr(b.question)) for b in s.branches),
            tuple(s.history), s.branch, s.lang, s._mode, repr(s.role), repr(s.hide), s.show_legal, str(s.folder),
            s.allow_write_given, s.filename, s.show_timeline)


class CardTable(anywidget.AnyWidget):  # type: ignore[misc]
    """The card table. ``CardTable(table, lang="da")`` on a :class:`~bridgelaws.table.Table` (its history is
    the script), or :meth:`from_scenario` / :meth:`from_scenarios`.

    Keywords: ``lang`` (``da``, ``nb``/``no``, ``en``); ``mode`` (``lesson``, ``seminar``, ``exam``; default
    the notebook-wide :func:`set_mode`); ``role`` (``director``, ``declarer``, ``"N"``, ``"E"``, ``"S"``,
    ``"W"``); ``start`` (``"stop"``: the play before the irregularity, ``"start"``, ``"end"`` or a number of
    events); ``hide`` (seats whose hands are hidden); ``show_legal``; ``folder`` (where Save and Load work,
    default ``mine/``); ``allow_write``; ``path`` (a file *name* for Save/Load inside the folder);
    ``resume`` (default True: a cell run again in JupyterLab in the same kernel, building the same table,
    brings back the table it showed where it was, e.g. after a page reload; see docs/widget.md).
    """

    _esm = traitlets.Unicode().tag(sync=True)
    _table_css = traitlets.Unicode().tag(sync=True)
    #: the table without the inner markup of its regions (changes only with the language or the layout)
    frame = traitlets.Unicode("").tag(sync=True)
    # the inner markup of each region, one trait each, so that a click sends only the regions that changed
    r_header = traitlets.Unicode("").tag(sync=True)
    r_nw = traitlets.Unicode("").tag(sync=True)
    r_tools = traitlets.Unicode("").tag(sync=True)
    r_N = traitlets.Unicode("").tag(sync=True)
    r_ne = traitlets.Unicode("").tag(sync=True)
    r_files = traitlets.Unicode("").tag(sync=True)
    r_W = traitlets.Unicode("").tag(sync=True)
    r_centre = traitlets.Unicode("").tag(sync=True)
    r_E = traitlets.Unicode("").tag(sync=True)
    r_S = traitlets.Unicode("").tag(sync=True)
    r_side = traitlets.Unicode("").tag(sync=True)
    r_timeline = traitlets.Unicode("").tag(sync=True)
    #: where the timeline's line of the position reached stands: the page moves it and the ends of the lanes in
    #: force there (r_timeline changes only when the lanes do)
    timeline_now = traitlets.Unicode("").tag(sync=True)
    #: the rules of the style classes in the markup (grows as new styles appear; re-sent only then)
    styles = traitlets.Unicode("").tag(sync=True)
    focus = traitlets.Unicode("").tag(sync=True)
    announce = traitlets.Unicode("").tag(sync=True)

    def __init__(self, table: Table | None = None, *, session: TableSession | None = None, lang: str = "en",
                 mode: str | None = None, role: str | Seat | None = "director", start: str | int = "stop",
                 hide: Iterable[Seat | str] | Seat | str = (), show_legal: bool = True,
                 folder: str | Path | None = None, allow_write: bool | None = None, path: str | Path | None = None,
                 title: Any = None, show_timeline: bool = True, resume: bool = True, **kwargs: Any) -> None:
        if session is None:
            if table is None:
                raise TypeError("CardTable needs a Table, or use CardTable.from_scenario(...)")
            session = TableSession(table, lang=lang, mode=mode, role=role, start=start, hide=hide,
                                   show_legal=show_legal, folder=folder, allow_write=allow_write,
                                   scoreboard=notebook_scoreboard())
            if title is not None:
                from bridgelaws.session import Branch

                b = session.branches[0]
                session.branches[0] = Branch(b.events, title, b.question, b.scenario)
        if session.allow_write_given is None and _allow_write is not None:
            session.allow_write = _allow_write
        if path is not None:
            session.filename = Path(path).name
        session.show_timeline = show_timeline  # the constraint timeline under the hands
        # A cell run again in the same kernel that builds the same table as last time (a page reload lost the
        # unsaved view, or Run All): the table comes back where it was, and the one it replaces is closed.
        # Outside JupyterLab (nbclient, nbval, Voila) there is no cell id: always a fresh table.
        self._downloads = Downloads()
        cell = _cell_now() if resume else None
        if cell is not None:
            built = _built(session)
            seen = _BY_CELL.get(cell)
            old = seen[1]() if seen is not None and seen[0] == built else None
            if old is not None and old.comm is not None:
                session = old.session
                self._downloads = old._downloads
                old.close()
                _LIVE.discard(old)
            _BY_CELL[cell] = (built, weakref.ref(self))
        self.session = session
        self._autosave = cell is not None and session.allow_write and _autosave.start(session, seen, built)
        self._sheet: dict[str, str] = {}
        self._memo = _html.RegionMemo(self._sheet)
        super().__init__(_esm=_asset("table.js"), _table_css=_asset("table.css"), **kwargs)
        self.on_msg(self._on_msg)
        self.refresh()
        _LIVE.add(self)

    # ---- construction ----------------------------------------------------------------------------------
    @classmethod
    def from_scenario(cls, source: str | Path | _scenario.Scenario, **kwargs: Any) -> CardTable:
        """A table whose script is one scenario file, opened at its first stop (``start=``)."""
        return cls.from_scenarios([source], **kwargs)

    @classmethod
    def from_pbn(cls, path: str | Path, board: int | str | None = None, record: int | None = None, *,
                 after: int | None = None, **kwargs: Any) -> CardTable:
        """A table from one board (and ``record``) of a PBN file, its recorded play (``after`` cards) the script;
        else the board chooser (:func:`bridgelaws.session.pbnpick.open_pbn`). PbnError says what is wrong."""
        return _pbnpick.open_pbn(cls, Path(path), board, record, after, kwargs)

    @classmethod
    def from_scenarios(cls, sources: Iterable[str | Path | _scenario.Scenario], **kwargs: Any) -> CardTable:
        """A table whose script has a branch per scenario file (same deal; they part where their events
        differ, and the table offers the branches there)."""
        skw = {k: kwargs.pop(k) for k in ("lang", "mode", "role", "start", "hide", "show_legal", "folder",
                                          "allow_write", "scoreboard") if k in kwargs}
        skw.setdefault("scoreboard", notebook_scoreboard())   # one score and one numbering for the notebook
        session = TableSession.from_scenarios(sources, **skw)
        return cls(session=session, **kwargs)

    # ---- the page's messages ---------------------------------------------------------------------------
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            self.send_action(content)

    def send_action(self, msg: dict[str, Any]) -> None:
        """Do what a message from the page asks (``{"action": "card", "card": "HJ"}``) and redraw."""
        if not isinstance(msg, dict):   # any JSON can come from a viewer's console: an unknown request (#21)
            msg = {"action": f"not an object ({type(msg).__name__})"}
        elif not isinstance(msg.get("action", ""), str):   # an action that is a list or an object: unknown too
            msg = {**msg, "action": f"not a name ({type(msg['action']).__name__})"}
        if msg.get("action") == "downloads":
            self._downloads.offered = True   # from now on the table offers its PBN and LIN files (docs/pbn.md)
        else:
            self.session.handle(msg)
            _autosave.after(self.session, msg) if getattr(self, "_autosave", False) else None  # issue 37
        self.refresh()
        if msg.get("action") in _SCORED:
            # the score is the notebook's: every other table that shows it shows the new one
            board = self.session.exam.board
            for w in list(_LIVE):
                if w is not self and w.session.exam.board is board and w.session.mode == "exam":
                    w.refresh()

    def refresh(self) -> None:
        """Redraw from the session (one message to the page)."""
        s = self.session
        n = len(self._sheet)
        frame, parts = s.render_parts(self._sheet, self._memo)
        if "files" in parts:
            parts["files"] = self._downloads.into(parts["files"], s)
        with self.hold_sync():
            if len(self._sheet) != n or not self.styles:
                self.styles = _html.style_rules(self._sheet)
            self.focus = s.focus_target()
            self.announce = s.announcement()
            if frame != self.frame:
                self.frame = frame
            for region, inner in parts.items():
                setattr(self, "r_" + region, inner)  # traitlets sends only the values that changed
            self.timeline_now = s.timeline_now()
            self._regions = tuple(parts)

    _regions: tuple[str, ...] = ()

    @property
    def parts(self) -> dict[str, str]:
        """Region name -> its inner markup, as the page has it (the timeline's line of the position reached
        moved to ``timeline_now``, as the page moves it)."""
        return {r: place_now(getattr(self, "r_" + r), self.timeline_now) if r == "timeline"
                else getattr(self, "r_" + r) for r in self._regions}

    @property
    def html(self) -> str:
        """The whole table's markup as the page shows it (frame and regions joined)."""
        return _html.join_parts(self.frame, self.parts)

    # ---- PBN and LIN downloads (docs/pbn.md; bridgelaws.downloads) ----------------------------------------
    def scenario_now(self) -> _scenario.Scenario:
        """The play so far as a scenario (what Save writes), with the example's title, question and laws."""
        return _scenario_now(self.session)

    def pbn(self) -> str:
        """The play so far as PBN in the table's language (irregularities in our own table section)."""
        return _pbn.to_pbn(self.scenario_now(), self.lang)

    def lin(self) -> str:
        """The play so far as LIN for BBO's hand viewer, the Director's statements as notes."""
        return _pbn.to_lin(self.scenario_now(), self.lang)

    # ---- convenience (Python side) ------------------------------------------------------------------
    @property
    def show_timeline(self) -> bool:
        """The constraint timeline is drawn under the hands (it follows the step; a click on a trick goes there)."""
        return bool(self.session.show_timeline)

    @show_timeline.setter
    def show_timeline(self, value: bool) -> None:
        self.session.show_timeline = bool(value)
        self.refresh()

    def goto_trick(self, k: int) -> None:
        """What a click on trick ``k`` of the timeline does: the table moves to the end of that trick (a trick
        the line of play has not reached is refused on the message line)."""
        self.send_action({"action": "trick", "arg": k})

    @property
    def table(self) -> Table:
        """The engine table now."""
        return self.session.table

    @property
    def lang(self) -> str:
        return self.session.lang

    @lang.setter
    def lang(self, value: str) -> None:
        self.session.lang = normalize_lang(value)
        self.refresh()

    @property
    def mode(self) -> str:
        return self.session.mode

    @mode.setter
    def mode(self, value: str | None) -> None:
        self.session.mode = value
        self.refresh()

    @property
    def role(self) -> str:
        return self.session.role

    @role.setter
    def role(self, value: str | Seat) -> None:
        self.send_action({"action": "set_role", "value": value.value if isinstance(value, Seat) else value})

    def click(self, card: Card | str) -> None:
        """What a click on ``card`` does (refusals are shown, not raised)."""
        self.send_action({"action": "card", "card": str(Card.parse(card) if isinstance(card, str) else card)})

    def play(self, card: Card | str) -> PlayState:
        """Play ``card`` for its owner if it is legal; raises with the law otherwise."""
        self.session.play(card)
        self.refresh()
        return self.table.state

    def push(self, event: Event) -> PlayState:
        """Push any event; raises if the engine refuses it."""
        self.session.push(event)
        self.refresh()
        return self.table.state

    def choose(self, i: int) -> None:
        self.send_action({"action": "choose", "arg": str(i)})

    def step(self) -> None:
        self.send_action({"action": "step"})

    def back(self) -> None:
        self.send_action({"action": "back"})

    def next_stop(self) -> None:
        self.send_action({"action": "next_stop"})

    def reveal(self) -> None:
        self.session.reveal()
        self.refresh()

    def save(self, name: str, *, overwrite: bool = False, as_test: bool = False) -> Path:
        """Save into the folder (raises FileRefusal with the reason)."""
        p = self.session.save(name, overwrite=overwrite, as_test=as_test)
        self.refresh()
        return p

    def load(self, name: str) -> None:
        self.session.load(name)
        self.refresh()

    @property
    def message(self) -> str:
        """The message line ('' when empty)."""
        m = self.session.message_text()
        return m[1] if m else ""

    @property
    def error(self) -> BridgeLawsError | None:
        m = self.session.message
        return m[1] if m is not None and isinstance(m[1], BridgeLawsError) else None

    @property
    def says(self) -> list[str]:
        """What the Director says now, in the table's language."""
        return [s.text(self.lang) for s in self.table.statements()]

    def static_html(self) -> str:
        """The position as a static diagram (what an untrusted notebook or a reader without a kernel sees)."""
        s = self.session
        view = position(s.table, s.lang, role=s.role, hide=s.hide, hold_back=s.held_back)
        return str(_html.board(view, s.lang))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["text/plain"] = repr(self)  # deterministic (nbval compares it)
            # the static picture, for front ends without the widget (an untrusted notebook, GitHub, nbviewer)
            data["text/html"] = self.static_html()
        return bundle

    def __repr__(self) -> str:
        s = self.session
        title = _scenario.localized(s.branches[s.branch].title, s.lang) or ""
        return f"CardTable({title!r}, lang={s.lang!r}, events={len(s.history)})"


def table(source: str | Path | Table | Iterable[str | Path], **kwargs: Any) -> CardTable:
    """One call for a notebook cell: a scenario file, several (branches of one table), a folder (an example
    saved with its branches: its files, in the order of their names), or a Table."""
    if isinstance(source, Table):
        return CardTable(source, **kwargs)
    if isinstance(source, (str, Path)) and Path(source).is_dir():   # an example saved with its branches
        return CardTable.from_scenarios(_scenario.example_files(source), **kwargs)
    if isinstance(source, (str, Path, _scenario.Scenario)):
        return CardTable.from_scenario(source, **kwargs)
    return CardTable.from_scenarios(list(source), **kwargs)
