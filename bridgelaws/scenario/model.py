"""The format's rules: the keys a scenario file may have, the closed vocabularies of event fields, and
the data model a validated file becomes (../shared/SCENARIO_FORMAT.md; docs/scenario-format.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Union

from bridgelaws.cards import Seat
from bridgelaws.deal import Contract, Deal
from bridgelaws.events import (
    CHOOSE_OPTIONS, EXPOSE_HOW, SEATLESS, SIDES, TD_FINDINGS, TD_RULING_FINDINGS, TOUCH_PURPOSES, Event,
)
from bridgelaws.i18n import normalize_lang
from bridgelaws.laws import is_known, LawRef


Text = Union[str, dict[str, str]]
"""Free text: one string, or a table of languages (``da``, ``nb``, ``en``) to text."""

#: The keys of ``expected`` (and of each checkpoint's ``expected``), in the order they are written.
EXPECTATION_KEYS: tuple[str, ...] = (
    "to_act", "next_to_play", "legal_cards", "penalty_cards", "declarer_options", "declarer_designates_among",
    "lead_restriction", "played_card", "played_by", "held_card", "touched_card", "card_is_played",
    "designation", "roles", "lead_stands", "restored_to_hand", "opening_lead", "may_withdraw", "information",
    "revokes", "tricks_won", "trick_adjustment", "statements_cite", "play_ceased",
    # the exact and the negative forms of statements_cite, and the claim solver's answer (issue 30)
    "statements_cite_exactly", "statements_not_cite", "claim_least_tricks",
    # what each option open now is worth, double dummy (issue 29)
    "option_values",
    # Law 16C for the most recent card or call withdrawn (issue 35)
    "withdrawn_information",
    # the auction period (issue 36)
    "must_pass", "forbid_suits", "lead_restriction_pending", "contract", "declarer",
)
TOP_LEVEL_KEYS: tuple[str, ...] = (
    "id", "title", "laws", "summary", "question", "reasoning", "tags", "contract", "declarer", "deal",
    "history", "expected", "checkpoints", "dealer", "vulnerable",
)
TEXT_KEYS = ("title", "summary", "question", "reasoning")
REQUIRED_KEYS = ("id", "contract", "declarer", "deal", "history")

#: What ``check`` reports as the actual value when the engine cannot answer yet.
NOT_IMPLEMENTED = "not implemented"

ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
BARE_KEY_RE = re.compile(r"^[A-Za-z0-9_-]+$")

#: Closed vocabularies of event fields, by (action, field): a typo is an error in the file.
VOCABULARY: dict[tuple[str, str], tuple[str, ...]] = {
    ("expose", "how"): EXPOSE_HOW,
    ("expose", "period"): ("clarification", "auction"),
    ("choose", "option"): CHOOSE_OPTIONS,
    ("designate", "td_finding"): TD_FINDINGS,
    ("designate", "lang"): ("en", "da", "nb", "no"),
    ("touch", "purpose"): TOUCH_PURPOSES,
    ("next_board_call", "side"): SIDES,
    ("td_ruling", "finding"): TD_RULING_FINDINGS,
}


# ----------------------------------------------------------------------------------------------------------
# the data model
# ----------------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Checkpoint:
    """What must hold after the first ``after`` events."""

    after: int
    expected: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Scenario:
    """A validated scenario file. ``expected`` and each checkpoint's ``expected`` hold the file's values in
    canonical form (cards ``"DT"``, seats ``"W"``; ``lead_restriction = false`` for none). ``path`` is where
    it was read from and is not part of equality."""

    id: str
    contract: Contract
    declarer: Seat
    deal: Deal
    history: tuple[Event, ...] = ()
    title: Text | None = None
    laws: tuple[LawRef, ...] = ()
    summary: Text | None = None
    question: Text | None = None
    reasoning: Text | None = None
    tags: tuple[str, ...] = ()
    expected: dict[str, Any] = field(default_factory=dict)
    checkpoints: tuple[Checkpoint, ...] = ()
    path: str | None = field(default=None, compare=False)
    #: a scenario that starts with the auction (its calls are events): the dealer, and the vulnerability
    dealer: Seat | None = None
    vulnerable: str | None = None

    @property
    def warnings(self) -> tuple[str, ...]:
        """Law references that are well formed but outside the library's catalogue."""
        return tuple(f"law {ref} is not in the library's catalogue of laws" for ref in self.laws
                     if not is_known(ref))


def localized(value: Text | None, lang: str = "en") -> str | None:
    """A free-text value in ``lang``: the string itself, or the table's entry for ``lang``, else English,
    else the first language given."""
    if value is None or isinstance(value, str):
        return value
    lang = normalize_lang(lang)
    for choice in (lang, "en"):
        if choice in value:
            return value[choice]
    return next(iter(value.values()), None)

#: The events written without ``seat`` (a side's call on the next board, the end of the round).
SEATLESS_ACTIONS: tuple[str, ...] = SEATLESS
