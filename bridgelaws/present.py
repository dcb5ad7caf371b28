"""Presenting a scenario in a notebook: the example walked through, events in words, the ruling as text.

Notebooks show every article example from its scenario file through this module, so that a notebook
cell is one short line and every sentence comes from the catalogues (domain ``present``)::

    from bridgelaws import present
    ex = present.example("notebooks/scenarios/01-stort-strafkort-ex1-revoke-corrected.toml", lang="da")
    ex                     # the walk-through: the play so far, the irregularity, the Director, each trick after
    ex.ruling()            # the Director's statements at the end, as plain text (compared by nbval)
    ex.walk(13, also=[16]) # only the stops from event 13 on, plus the position after event 16

Stops of a walk-through: the position before the first irregular event ("the play so far"), after each
irregular event or decision, and after each trick that is completed from then on. ``walk`` shows a part of
them (variants of one example share their beginning) and can add stops in the middle of a trick, where a
player's choice is narrowed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridgelaws.events import Event, Play
from bridgelaws.i18n import normalize_lang
from bridgelaws.i18n import text as _t
from bridgelaws.scenario import Scenario, load, localized, replay
from bridgelaws.state import PlayState
from bridgelaws.table import Table

__all__ = ["example", "Example", "describe", "red_suits", "Ruling", "Walk"]


def describe(event: Event, lang: str = "en", state: PlayState | None = None) -> str:
    """The event in words: "West leads ♠3", "West revoked with ♦3 ..."; ``state`` (the state before the
    event) lets a play be told as a lead. One implementation serves the notebooks, the timeline and the
    widget: :func:`bridgelaws.timeline.describe_event`."""
    from bridgelaws.timeline import describe_event

    return describe_event(event, lang, state)


#: a red card or holding as it is written in a sentence: ♥K, ♦10, ♥K B 9 2 (the ranks that follow the symbol)
_RED = re.compile(r"[♥♦]\w*(?: (?:10|Kn|[2-9AKQJTEDB])(?!\w))*")
#: the red of the diagrams (render/style.css)
RED = "#c8102e"


def red_suits(text: str) -> str:
    """``text`` HTML-escaped, each red card or holding (``♥K``, ``♦10``, ``♥K B 9 2``, a lone ♥) in red. The colour is an inline style, so that it needs no
    stylesheet and survives the sanitizers (an untrusted notebook in JupyterLab, GitHub, nbviewer); the symbol
    stays, so colour is never the only cue."""
    import html as _html

    return _RED.sub(lambda m: f'<span style="color:{RED}">{m[0]}</span>', _html.escape(text, quote=False))


def is_irregular(event: Event) -> bool:
    return not isinstance(event, Play) or event.out_of_turn or event.revoke


class Ruling(str):
    """Plain text that displays as itself (one statement a line), so nbval compares it as text."""

    def __repr__(self) -> str:
        return str(self)


class Walk(str):
    """A walk-through: the string is its HTML (displayed by Jupyter); ``repr()`` is the plain-text
    fallback, each stop's heading followed by what the Director says there."""

    text: str

    def __new__(cls, html: str, text: str) -> Walk:
        obj = super().__new__(cls, html)
        obj.text = text
        return obj

    def _repr_html_(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Stop:
    """One stop of a walk-through: after ``events`` events, with a heading."""

    events: int
    heading: str


@dataclass
class Example:
    """A scenario shown in a language: ``_repr_html_`` is the walk-through; ``at(n)`` the table after n
    events; ``ruling()`` the Director's statements at the end; ``history()`` the events in words."""

    scenario: Scenario
    lang: str = "en"

    def __post_init__(self) -> None:
        self.lang = normalize_lang(self.lang)
        self.table: Table = replay(self.scenario)

    @property
    def title(self) -> str:
        return localized(self.scenario.title, self.lang) or self.scenario.id

    def at(self, n: int | None = None, **kwargs: Any) -> Any:
        """The table after the first ``n`` events (all when None), as an HTML diagram."""
        from bridgelaws.render import html

        t = self.table if n is None else self.table.copy(history=n)
        return html.table(t, lang=self.lang, **kwargs)

    def stops(self) -> list[Stop]:
        """Where the walk-through stops (see the module docstring)."""
        hist = self.table.history
        first = next((i for i, e in enumerate(hist) if is_irregular(e)), len(hist))
        out = [Stop(first, _t("present.heading.so_far", self.lang, n=len(self.table.states[first].tricks)))]
        for i in range(first, len(hist)):
            ev = hist[i]
            before, after = self.table.states[i], self.table.states[i + 1]
            if is_irregular(ev):
                out.append(Stop(i + 1, describe(ev, self.lang, before)))
            elif len(after.tricks) > len(before.tricks):
                out.append(Stop(i + 1, _t("present.heading.after_trick", self.lang, n=len(after.tricks))))
        if out[-1].events != len(hist):
            out.append(Stop(len(hist), _t("present.heading.now", self.lang)))
        return out

    def history(self) -> Ruling:
        """The events, numbered, in words."""
        states = self.table.states
        lines = [f"{i}. {describe(e, self.lang, states[i - 1])}" for i, e in enumerate(self.table.history, 1)]
        return Ruling("\n".join(lines))

    def ruling(self, n: int | None = None) -> Ruling:
        """What the Director says after ``n`` events (default: all), one statement a line."""
        t = self.table if n is None else self.table.copy(history=n)
        return Ruling("\n".join("• " + s for s in t.director_says(self.lang)))

    def walk(self, first: int = 0, last: int | None = None, also: Iterable[int] = (),
             folded: bool = False) -> Walk:
        """The walk-through (title, question, a diagram per stop), keeping only the stops after ``first`` to
        ``last`` events (both included; default all), plus a stop after each event count in ``also`` that is
        not a stop already, headed "Trick n: <seat> to play". ``walk()`` is the whole walk-through. The
        stylesheet is inlined once, in the first diagram.

        ``folded``: for a walk-through that gives a quiz answer away, the HTML is a ``<details>`` element that
        shows only "Show the walk-through" until it is clicked: plain HTML, so it stays folded in JupyterLab,
        Voila, GitHub and nbviewer. The plain text is the same either way."""
        import html as _html

        from bridgelaws.render import html

        n_events = len(self.table.history)
        last = n_events if last is None else last
        stops = {s.events: s for s in self.stops() if first <= s.events <= last}
        for n in also:
            if not 0 <= n <= n_events:
                raise ValueError(f"also: {n} is not an event count of this example (0 to {n_events})")
            if n not in stops:
                state = self.table.states[n]
                heading = (_t("present.heading.to_play", self.lang, n=len(state.tricks) + 1, seat=state.to_act)
                           if state.to_act is not None else _t("present.heading.now", self.lang))
                stops[n] = Stop(n, heading)
        parts = [f'<div class="bl-example"><h3>{red_suits(self.title)}</h3>']
        lines = [self.title]
        question = localized(self.scenario.question, self.lang)
        if question:
            parts.append(f"<p><em>{red_suits(question)}</em></p>")
            lines.append(question.strip())
        style = f"<style>{html.stylesheet()}</style>"
        for i, n in enumerate(sorted(stops)):
            parts.append(f"<h4>{red_suits(stops[n].heading)}</h4>")
            diagram = str(html.table(self.table.copy(history=n), lang=self.lang))
            # the stylesheet once per walk-through: the first diagram carries it for the others
            parts.append(diagram if i == 0 else diagram.replace(style, "", 1))
            lines += ["", stops[n].heading, str(self.ruling(n))]
        tl_html, tl_lines = self.timeline(last)
        parts.append(tl_html)
        lines += tl_lines
        parts.append("</div>")
        if folded:
            summary = red_suits(_t("present.fold.walk", self.lang, title=self.title))
            parts = [f'<details class="bl-folded"><summary style="cursor:pointer"><strong>{summary}</strong>'
                     "</summary>", *parts, "</details>"]
        return Walk("".join(parts), "\n".join(lines))

    def timeline(self, n: int | None = None) -> tuple[str, list[str]]:
        """The constraint timeline after ``n`` events (default all): the drawing with its text version, and
        the same as plain lines ("• what binds (law): arises in trick k; lapses in trick m: why"). Nothing
        when no constraint has arisen."""
        from bridgelaws import timeline

        t = self.table if n is None else self.table.copy(history=n)
        lanes = timeline.lanes(t)
        if not lanes:
            return "", []
        heading = _t("widget.timeline.title", self.lang)
        lines = ["", heading]
        for lane in lanes:
            binds = lane.binding(self.lang)
            lines.append(f"• {lane.label(self.lang)}: {lane.arising(self.lang)}; {binds + '; ' if binds else ''}"
                         f"{lane.ending(self.lang)}")
        return f'<h4 style="margin-top:1.2em">{red_suits(heading)}</h4>' + timeline.figure(t, self.lang), lines

    def _repr_html_(self) -> str:
        return str(self.walk())

    def __repr__(self) -> str:
        return f"{self.title}\n{self.history()}\n{self.ruling()}"


def example(path: str | Path, lang: str = "en") -> Example:
    """Load a scenario file and present it in ``lang``."""
    return Example(load(path), lang)

