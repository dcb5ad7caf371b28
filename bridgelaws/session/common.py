"""What every part of the card table shares: the modes, the click modes, a branch of the script, the refusal
of a file, and a few small helpers. Imports nothing else of :mod:`bridgelaws.session`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bridgelaws import scenario as _scenario
from bridgelaws.cards import Card
from bridgelaws.errors import BridgeLawsError
from bridgelaws.events import AcceptLead, Choose, Event, Play, RejectLead, Select, SpreadHand
from bridgelaws.i18n import text
from bridgelaws.laws import LawRef
from bridgelaws.view import same_event

#: how the ruling is shown: at once, held back until revealed, or asked as a question first
MODES: tuple[str, ...] = ("lesson", "seminar", "exam")
#: what a click on a card does: play it, or make one of the irregularities happen
CLICK_MODES: tuple[str, ...] = ("play", "dropped", "named", "lead_out_of_turn", "premature_play",
                                "revoke_corrected", "revoke", "simultaneous", "anyway")
#: the click modes that create an ``Expose(seat, card, how=mode)`` event
IRREGULAR_MODES: tuple[str, ...] = ("dropped", "named", "lead_out_of_turn", "premature_play", "revoke_corrected")
SCENARIO_SUFFIXES: tuple[str, ...] = (".toml", ".json")
#: a scenario file larger than this is refused by Load (the article's files are 2-6 KB)
MAX_FILE_BYTES = 256 * 1024
LANG_NAMES = (("da", "Dansk"), ("nb", "Norsk"), ("en", "English"))
#: the events by which a player or the Director answers a pending decision
DECISION_EVENTS = (Choose, AcceptLead, RejectLead, SpreadHand, Select)

_default_mode = "lesson"


def default_mode() -> str:
    """The mode new tables start in (see :func:`set_default_mode`)."""
    return _default_mode


def set_default_mode(mode: str) -> None:
    """The notebook-wide default: ``lesson``, ``seminar`` or ``exam``."""
    global _default_mode
    _default_mode = check_mode(mode)


def check_mode(mode: str) -> str:
    m = str(mode).strip().lower()
    if m not in MODES:
        raise ValueError(f"unknown mode {mode!r}: use one of {', '.join(MODES)}")
    return m


def t(key: str, lang: str, **params: Any) -> str:
    """A sentence of the table's catalogue (domain ``table``)."""
    return text("table." + key, lang, **params)


class FileRefusal(BridgeLawsError):
    """Save or Load refused: a name outside the folder or the scenario suffixes, an existing file without
    the overwrite choice, a file that is too large, not a regular file, or not a scenario. The message is a
    catalogue sentence (``table.file.*``) and never quotes the file's contents."""


def is_irregular(event: Event) -> bool:
    return not isinstance(event, Play) or event.out_of_turn or event.revoke


@dataclass(frozen=True)
class Branch:
    """One line of play of the script: a scenario's events, its title and question."""

    events: tuple[Event, ...]
    title: Any = None
    question: Any = None
    scenario: _scenario.Scenario | None = None

    def label(self, lang: str) -> str:
        title = _scenario.localized(self.title, lang)
        if title:
            return title
        return self.scenario.id if self.scenario is not None else "?"

    def metadata(self) -> dict[str, Any]:
        """The title, question and laws, as a saved or exported scenario keeps them."""
        meta: dict[str, Any] = {}
        if self.title is not None:
            meta["title"] = self.title
        if self.question is not None:
            meta["question"] = self.question
        if self.scenario is not None and self.scenario.laws:
            meta["laws"] = [str(x) for x in self.scenario.laws]
        board = [t for t in (self.scenario.tags if self.scenario is not None else ())
                 if t.startswith(("board:", "dealer:", "vulnerable:"))]
        if board:   # a board imported from a PBN file keeps its number, dealer and vulnerability (issue 37)
            meta["tags"] = board
        return meta


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


def law_suffix(law_ref: LawRef | None, lang: str) -> str:
    return f" ({law_ref.cite(lang)})" if law_ref is not None else ""


def card_list(cards: Iterable[Card], lang: str) -> str:
    from bridgelaws.notation import format_card

    return ", ".join(format_card(c, lang) for c in sorted(cards, key=lambda c: c.sort_key))


def parse_index(arg: Any) -> int:
    """A page message's number (a button's index): an int, or text of at most 6 ASCII digits; anything else
    (null, a list, an object, a float) is a ValueError, shown as a refusal on the message line (#21, N9)."""
    if isinstance(arg, int) and not isinstance(arg, bool):
        return arg
    if isinstance(arg, str) and 0 < len(arg.strip()) <= 6 and arg.strip().lstrip("-").isascii() \
            and arg.strip().lstrip("-").isdigit():
        return int(arg.strip())
    raise ValueError("not an index")
