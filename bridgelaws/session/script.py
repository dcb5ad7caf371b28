"""The script of a card table and the position on it: the branches (the event lists of scenario files that
share a deal and part at a divergence), where each branch stops, and stepping along them, back to them, or
off them into free play.

:class:`ScriptPosition` knows nothing of modes, questions, files or drawing; after every change of position
it calls :meth:`ScriptPosition._moved`, which the session extends."""

from __future__ import annotations

from collections.abc import Sequence

from bridgelaws.errors import BridgeLawsError
from bridgelaws.events import Event
from bridgelaws.session.common import DECISION_EVENTS, Branch, common_prefix, is_irregular
from bridgelaws.table import Table
from bridgelaws.view import same_event


class ScriptPosition:
    """An engine table played along a script of branches. ``table``: the table now; ``branches``: the
    script; ``branch``: the branch followed; ``redo``: the events stepped back over; ``anchor``: the number
    of events at which play left the script (None while on it)."""

    def __init__(self, table: Table, branches: Sequence[Branch]) -> None:
        self.table = table
        self.branches: list[Branch] = list(branches)
        self.branch = 0
        self.redo: list[Event] = []
        self.anchor: int | None = None
        self.anchor_branch = 0
        self._stops: dict[int, list[int]] = {}
        self._tables: dict[int, Table] = {}

    def replace_script(self, table: Table, branches: Sequence[Branch]) -> None:
        """A new script (a loaded file): the table, the branches, and nothing remembered of the old one."""
        self.table = table
        self.branches = list(branches)
        self.branch = 0
        self._stops.clear()
        self._tables.clear()
        self.redo.clear()
        self.anchor = None

    # ---- where the script goes ------------------------------------------------------------------------
    @property
    def history(self) -> list[Event]:
        return self.table.history

    def _branch_table(self, b: int) -> Table:
        t = self._tables.get(b)
        if t is None:
            t = Table(self.table.deal, self.table.contract, dealer=getattr(self.table, "dealer", None),
                      vulnerable=getattr(self.table, "vulnerable", None))
            for ev in self.branches[b].events:
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
        n = len(self.history)
        nexts: list[int] = []
        for i in self.matching():
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
        first = next((i for i, e in enumerate(events) if is_irregular(e)), len(events))
        out = {first, len(events)}
        for i in range(first, len(events)):
            before, after = t.states[i], t.states[i + 1]
            if is_irregular(events[i]):
                out.add(i + 1)
                if isinstance(events[i], DECISION_EVENTS) or before.pending is not None:
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

    # ---- moving along it ------------------------------------------------------------------------------
    def goto_start(self, start: str | int) -> None:
        """To ``"stop"`` (the first stop), ``"start"``, ``"end"`` or a number of events of the branch."""
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
        self._moved(clear_message=False)

    def _rewind(self, n: int) -> None:
        while len(self.history) > n:
            self.table.pop()

    def _moved(self, clear_message: bool = True) -> None:
        """After any change of position: back on the script, the branch followed is one that matches."""
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
        while len(self.history) < target and (ev := self.script_next()) is not None:
            self.table.push(ev)
            moved = True
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
        self._moved()
        return True

    def back_to_article(self) -> bool:
        """Leave free play: back to where play left the script."""
        if self.on_script:
            return False
        self._rewind(self.anchor if self.anchor is not None else 0)
        while not self.on_script and self.history:
            self.table.pop()
        self.branch = self.anchor_branch if self.anchor_branch in self.matching() else (self.matching() or [0])[0]
        self.redo.clear()
        self._moved()
        return True

    def line_ahead(self) -> list[Event]:
        """The events Forward would push from here, one after another: those stepped back over, then the
        script's (the branch followed, or the first that matches by then)."""
        ahead = list(reversed(self.redo))
        h = [*self.history, *ahead]
        n = len(h)

        def follows(b: int) -> bool:
            ev = self.branches[b].events
            return len(ev) >= n and all(same_event(ev[j], h[j]) for j in range(n))

        bs = [self.branch] if follows(self.branch) else [b for b in range(len(self.branches)) if follows(b)]
        if bs:
            ahead += self.branches[bs[0]].events[n:]
        return ahead

    def trick_end(self, k: int) -> int | None:
        """The number of events at the end of trick ``k`` (right after the card that completes it) on the line
        of play (the history and :meth:`line_ahead`), or None if that line does not reach it."""
        if not 1 <= k <= 13:
            raise ValueError(f"trick {k}: a trick is numbered 1 to 13")
        states = self.table.states
        for n, st in enumerate(states):
            if len(st.tricks) >= k:
                return n
        t = self.table.copy()
        for ev in self.line_ahead():
            t.push(ev)
            if len(t.state.tricks) >= k:
                return len(t.history)
        return None

    def goto_trick(self, k: int) -> bool:
        """To the end of trick ``k`` along the line of play, back (Forward brings the events back) or forward;
        raises :class:`~bridgelaws.errors.BridgeLawsError` if the line does not reach it."""
        n = self.trick_end(k)
        if n is None:
            raise BridgeLawsError(f"trick {k} has not been played", key="table.trick.not_played", trick=k)
        if n == len(self.history):
            return False
        while len(self.history) > n:
            self.redo.append(self.table.pop())
        while len(self.history) < n:
            if not self.step():
                break
        self._moved()
        return True

    def take_branch(self, b: int) -> None:
        """At a divergence: go on along branch ``b`` (its next event is pushed)."""
        if not 0 <= b < len(self.branches) or b not in self.matching():
            raise ValueError(f"branch {b} does not go on from here")
        self.branch = b
        self.step()

    def _push(self, event: Event) -> None:
        before, was_on, branch = len(self.history), self.on_script, self.branch
        self.table.push(event)
        self._after_push(before, was_on, branch)

    def _after_push(self, before: int, was_on: bool, branch: int) -> None:
        """After events were pushed: the redo list kept only for the event it holds next; where play left
        the script, remembered."""
        pushed = self.history[before:]
        if self.redo and len(pushed) == 1 and same_event(self.redo[-1], pushed[0]):
            self.redo.pop()
        else:
            self.redo.clear()
        if not self.matching() and was_on:
            self.anchor = before
            self.anchor_branch = branch
        self._moved()
