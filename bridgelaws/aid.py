"""A decision aid for Law 50: a card has been exposed; what now?

``penalty_card_ruling(how, by, card, others=(), period=None)`` answers, step by step and with the law
paragraph behind each step, what a Director tells the table: whether the card is a penalty card at all,
major or minor (50B), what it obliges its owner to do (50C, 50D1, 51A, 52B), what declarer may then
require of the owner's partner (50D2, 51B), and what the information from it is worth (50E).

>>> r = penalty_card_ruling("dropped", "defender", "♦3")
>>> r.kind
'minor'
>>> print(r.steps[2].text("nb"))
♦3 er ett enkelt kort under tieren, vist av vanvare: det er et lite straffekort (§ 50B)
>>> penalty_card_ruling("dropped", "defender", "♦3", others=["♠K"]).kind
'major'
>>> penalty_card_ruling("dropped", "declarer", "♠K").kind is None
True

Every sentence comes from the message catalogue (domain ``aid``), so the ruling reads the same in Danish,
Norwegian and English: ``ruling.text("da")``, or pass ``lang=`` to have it displayed in that language.

The classification is the engine's (``rules.penalty_cards.add_penalty_cards``): an honour, a card exposed
through deliberate play, or every card of a defender who has two or more penalty cards is major; a single
card below the ten exposed by accident is minor. ``tests/test_aid.py`` checks the aid against the engine on
real tables and against every exposure in the scenario corpus.

``widget(lang)`` is the same function behind dropdowns, for a seminar (it imports ipywidgets on first use).
"""

from __future__ import annotations

import html as _html
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bridgelaws.cards import ALL_CARDS, Card, Rank, Suit, sorted_cards
from bridgelaws.i18n import Message, normalize_lang
from bridgelaws.i18n import text as _t
from bridgelaws.laws import LawRef, law

__all__ = [
    "BY",
    "HOWS",
    "PERIODS",
    "DecisionAid",
    "PenaltyCardRuling",
    "Step",
    "choices",
    "classify",
    "law_paragraphs",
    "penalty_card_ruling",
    "widget",
]

#: how the card came to be exposed (the scenario vocabulary of ``Expose.how``, plus 58B2's two cards at once)
HOWS: tuple[str, ...] = ("dropped", "named", "revoke_corrected", "lead_out_of_turn", "premature_play",
                         "simultaneous")
#: whose card it is
BY: tuple[str, ...] = ("defender", "declarer", "dummy")
#: ``play`` (the default), or ``clarification``: after the final pass, before the opening lead is faced
PERIODS: tuple[str, ...] = ("play", "clarification")
#: the topics a ruling's steps belong to, in the order they are shown
TOPICS: tuple[str, ...] = ("exposure", "kind", "offender", "partner", "information")

#: exposures through deliberate play (50B): a lead out of turn, a corrected revoke, a premature play; naming a
#: card is no accident either (our reading of 50B, and the engine's)
_DELIBERATE = {"dropped": False, "named": True, "revoke_corrected": True, "lead_out_of_turn": True,
               "premature_play": True, "simultaneous": False}
#: the law under which a defender's card becomes a penalty card, by how (play period)
_EXPOSURE_LAW = {"dropped": "49", "named": "49", "revoke_corrected": "62B1", "lead_out_of_turn": "56",
                 "premature_play": "57A", "simultaneous": "58B2"}
#: ways of exposing a card that need a trick in progress, so cannot happen in the clarification period
_PLAY_ONLY = ("revoke_corrected", "premature_play", "simultaneous")


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a ruling: a sentence from the catalogue and the paragraph it rests on."""

    law: LawRef
    message: Message
    topic: str

    def text(self, lang: str = "en") -> str:
        """``♦3 is a minor penalty card (Law 50B)``, in ``lang``."""
        return f"{self.message.text(lang)} ({self.law.cite(lang)})"


@dataclass(frozen=True)
class PenaltyCardRuling:
    """What the Laws make of an exposed card: ``kind`` is ``major``, ``minor`` or None (no penalty card);
    ``penalty_cards`` the owner's penalty cards afterwards with their kinds; ``steps`` the reasoning.

    It displays itself in ``lang``: as a table of steps (HTML) or as numbered lines (text).
    """

    how: str
    by: str
    card: Card
    others: tuple[Card, ...]
    period: str
    kind: str | None
    penalty_cards: tuple[tuple[Card, str], ...]
    steps: tuple[Step, ...]
    lang: str = "en"

    @property
    def headline(self) -> Message:
        if self.kind is None:
            return Message("aid.headline.none", {"card": self.card})
        if len(self.penalty_cards) > 1:
            return Message("aid.headline.several", {"cards": tuple(sorted_cards(c for c, _ in self.penalty_cards))})
        return Message(f"aid.headline.{self.kind}", {"card": self.card})

    @property
    def laws(self) -> tuple[LawRef, ...]:
        """The paragraphs cited, in the order of the steps, each once."""
        return tuple(dict.fromkeys(s.law for s in self.steps))

    def in_language(self, lang: str) -> PenaltyCardRuling:
        """The same ruling, displayed in ``lang``."""
        return replace(self, lang=normalize_lang(lang))

    def text(self, lang: str | None = None) -> str:
        """The headline, then the steps numbered, each with its paragraph."""
        lang = normalize_lang(lang or self.lang)
        lines = [self.headline.text(lang)]
        lines += [f"{i}. {s.text(lang)}" for i, s in enumerate(self.steps, 1)]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        return self.html()

    def html(self, lang: str | None = None) -> str:
        """A table: one group of rows per topic, the paragraph in the first column (deterministic bytes)."""
        lang = normalize_lang(lang or self.lang)
        e = _escape
        kind = self.kind or "none"
        out = [f'<div class="bl-aid" lang="{lang}">',
               f'<p class="bl-aid-headline bl-aid-{kind}"><strong>{e(self.headline.text(lang))}</strong></p>',
               '<table class="bl-aid-steps">',
               (f'<thead><tr><th style="text-align:left">{e(_t("aid.col.law", lang))}</th>'
               f'<th style="text-align:left">{e(_t("aid.col.step", lang))}</th></tr></thead>'),
               "<tbody>"]
        for topic in TOPICS:
            steps = [s for s in self.steps if s.topic == topic]
            if not steps:
                continue
            out.append(f'<tr class="bl-aid-topic"><th colspan="2" style="text-align:left">'
                       f"{e(_t(f'aid.topic.{topic}', lang))}</th></tr>")
            for s in steps:
                out.append(f'<tr><td style="white-space:nowrap;vertical-align:top;text-align:left">{e(s.law.cite(lang))}</td>'
                           f'<td style="text-align:left">{e(s.message.text(lang))}</td></tr>')
        out.append("</tbody></table></div>")
        return "".join(out)


def _escape(text: str) -> str:
    """HTML-escape ``text`` and colour the red cards (``♥K`` as a whole, as on a card; suits always show
    symbol and colour). Inline, so that it needs no stylesheet."""
    return _RED.sub(lambda m: f'<span class="bl-red" style="color:#c8102e">{m[0]}</span>', _html.escape(text))


#: a red card or holding as written in a sentence: ♥K, ♦10, ♥K B 9 2 (as bridgelaws.present.red_suits)
_RED = re.compile(r"[♥♦]\w*(?: (?:10|Kn|[2-9AKQJTEDB])(?!\w))*")


# ----------------------------------------------------------------------------------------------------------
# the classification (50B)
# ----------------------------------------------------------------------------------------------------------

def classify(card: Card, how: str, others: Iterable[tuple[Card, str]] = ()) -> tuple[tuple[Card, str], ...]:
    """Implements Law 50B with the engine's own function: the owner's penalty cards (``others``, each
    ``(card, kind)``) after ``card`` has been exposed ``how``; ``card`` comes last."""
    from bridgelaws.cards import Seat
    from bridgelaws.rules.penalty_cards import add_penalty_cards
    from bridgelaws.state import PenaltyCard, PlayState
    from bridgelaws.table import load_rules

    load_rules()
    others = tuple(others)
    owner = Seat.WEST
    before = tuple(PenaltyCard(owner, c, k, law("50B")) for c, k in others)
    none: frozenset[Card] = frozenset()
    hands = (none, none, none, frozenset({card}))
    state = PlayState(declarer=Seat.SOUTH, trump=None, hands=hands, to_act=owner, phase="play",
                      penalty_cards=before)
    after = add_penalty_cards(state, owner, (card,), law(_EXPOSURE_LAW[how]), deliberate=_DELIBERATE[how])
    return tuple((p.card, p.kind) for p in after.penalty_cards)


# ----------------------------------------------------------------------------------------------------------
# the ruling
# ----------------------------------------------------------------------------------------------------------

def _card(value: Card | str, lang: str) -> Card:
    if isinstance(value, Card):
        return value
    from bridgelaws.notation import parse_card

    return parse_card(str(value), lang)


def _step(topic: str, ref: str, key: str, **params: Any) -> Step:
    return Step(law(ref), Message(f"aid.{key}", params), topic)


def penalty_card_ruling(how: str, by: str, card: Card | str, others: Iterable[Card | str] = (),
                        period: str | None = None, *, lang: str = "en") -> PenaltyCardRuling:
    """Implements Laws 50 and 51 (with 24, 48A, 49, 52B, 54D, 55, 56, 57, 58B2 and 62B for how the card got
    there) for one exposed card.

    ``how``: one of :data:`HOWS` (``lead_out_of_turn`` means a lead out of turn that was *not* accepted);
    ``by``: ``defender``, ``declarer`` or ``dummy``; ``card``: a Card or text in ``lang`` (``"♦3"``);
    ``others``: the owner's penalty cards already on the table (taken to be minor when each would be minor
    on its own: a card below the ten, exposed by accident); ``period``: ``None``/``"play"``, or
    ``"clarification"`` for the time after the final pass before the opening lead is faced (a lead out of
    turn then is a faced opening lead out of turn, Law 54). ``lang`` only sets the display language.

    Impossible combinations raise ``ValueError`` naming the problem: a revoke, premature play or two cards at
    once in the clarification period; declarer's side with penalty cards; ``card`` among ``others``.
    """
    lang = normalize_lang(lang)
    if how not in HOWS:
        raise ValueError(f"unknown how {how!r}: use one of {', '.join(HOWS)}")
    if by not in BY:
        raise ValueError(f"unknown by {by!r}: use one of {', '.join(BY)}")
    period = period or "play"
    if period not in PERIODS:
        raise ValueError(f"unknown period {period!r}: use None, 'play' or 'clarification'")
    if period == "clarification" and how in _PLAY_ONLY:
        raise ValueError(f"{how!r} needs a trick in progress, so it cannot happen in the clarification period")
    c = _card(card, lang)
    other_cards = tuple(dict.fromkeys(_card(o, lang) for o in others))
    if c in other_cards:
        raise ValueError(f"{c} is the exposed card, so it cannot also be among the others already on the table")
    if by != "defender" and other_cards:
        raise ValueError("declarer and dummy never have penalty cards (48A), so 'others' must be empty")
    if by != "defender":
        steps = _declarer_side(how, by, c, period)
        return PenaltyCardRuling(how, by, c, (), period, None, (), steps, lang)
    before = tuple((o, "minor" if not o.is_honour else "major") for o in sorted_cards(other_cards))
    cards = classify(c, how, before)
    kind = dict(cards)[c]
    steps = _defender(how, c, other_cards, period, cards)
    return PenaltyCardRuling(how, by, c, tuple(sorted_cards(other_cards)), period, kind, cards, steps, lang)


def _defender(how: str, card: Card, others: tuple[Card, ...], period: str,
              cards: tuple[tuple[Card, str], ...]) -> tuple[Step, ...]:
    steps: list[Step] = []
    kind = dict(cards)[card]
    all_cards = tuple(sorted_cards(c for c, _ in cards))
    # how it became a penalty card
    if period == "clarification" and how == "lead_out_of_turn":
        steps.append(_step("exposure", "54D", "exposed.opening_lead_out_of_turn", card=card))
        steps.append(_step("exposure", "54", "accept.opening"))
    elif period == "clarification":
        steps.append(_step("exposure", "24", "exposed.clarification", card=card))
    else:
        steps.append(_step("exposure", _EXPOSURE_LAW[how], f"exposed.{how}", card=card))
        if how == "lead_out_of_turn":
            steps.append(_step("exposure", "53A", "accept.later"))
    steps.append(_step("exposure", "50A", f"stays.{kind}", card=card))
    # major or minor
    if card.is_honour:
        steps.append(_step("kind", "50B", "kind.honour", card=card))
    elif _DELIBERATE[how]:
        steps.append(_step("kind", "50B", "kind.named" if how == "named" else "kind.deliberate", card=card))
    elif len(cards) == 1:
        steps.append(_step("kind", "50B", "kind.minor", card=card))
    else:
        steps.append(_step("kind", "50B", "kind.would_be_minor", card=card))
    if len(cards) > 1:
        steps.append(_step("kind", "50B", "kind.several", cards=all_cards))
    # what binds the offender
    if kind == "minor":
        steps.append(_step("offender", "50C", "minor.limit", card=card, suit=card.suit))
        steps.append(_step("partner", "50C", "minor.free", card=card))
    else:
        if len(cards) == 1:
            steps.append(_step("offender", "50D1a", "major.first", card=card))
            steps.append(_step("offender", "50D1a", "major.own_lead", card=card))
        else:
            steps.append(_step("offender", "50D1a", "several.first", cards=all_cards))
            steps.append(_step("offender", "51A", "several.designate"))
        steps.append(_step("offender", "50D1b", "major.follow_first"))
        steps.append(_step("offender", "52B", "major.wrong_card"))
        steps.extend(_partner_steps(how, period, all_cards))
    if how == "premature_play":
        steps.append(_step("partner", "57A", "premature.partner"))
    # information
    steps.append(_step("information", "50E1", "info.rules"))
    steps.append(_step("information", "50E2", "info.other", cards=all_cards))
    steps.append(_step("information", "50E3", "info.adjust"))
    return tuple(steps)


def _partner_steps(how: str, period: str, cards: tuple[Card, ...]) -> list[Step]:
    """Declarer's options when the offender's partner is to lead (50D2, 51B)."""
    suits = tuple(sorted({c.suit for c in cards}, key=lambda s: s.index))
    if len(cards) == 1:
        steps = [_step("partner", "50D2", "partner.wait", card=cards[0])]
    else:
        steps = [_step("partner", "50D2", "partner.wait_several", cards=cards)]
    if how == "lead_out_of_turn":
        if period == "clarification":
            steps.append(_step("partner", "54D", "partner.now.opening"))
        else:
            steps.append(_step("partner", "56", "partner.now.later"))
    if len(cards) == 1:
        steps.append(_step("partner", "50D2a", "partner.require_forbid", card=cards[0], suit=suits[0]))
        steps.append(_step("partner", "59", "partner.cannot"))
        steps.append(_step("partner", "50D2b", "partner.none", card=cards[0]))
    elif len(suits) == 1:
        steps.append(_step("partner", "51B1", "partner.same_suit", suit=suits[0]))
        steps.append(_step("partner", "59", "partner.cannot"))
    else:
        steps.append(_step("partner", "51B2a", "partner.suits.require", suits=suits))
        steps.append(_step("partner", "51B2b", "partner.suits.forbid", suits=suits))
        steps.append(_step("partner", "59", "partner.cannot"))
        steps.append(_step("partner", "51B2c", "partner.suits.none"))
    if len(cards) == 1:
        steps.append(_step("partner", "50D2", "partner.again", card=cards[0]))
    else:
        steps.append(_step("partner", "50D2", "partner.again_several", cards=cards))
    return steps


def _declarer_side(how: str, by: str, card: Card, period: str) -> tuple[Step, ...]:
    """Laws 48A, 24, 54E, 55, 57C3, 58B2 and 62B2: no card of declarer's side becomes a penalty card."""
    steps: list[Step] = []
    if period == "clarification":
        if how == "lead_out_of_turn":
            steps.append(_step("exposure", "54E", "declarer.lead_before_opening", card=card))
        steps.append(_step("exposure", "24", "declarer.clarification", card=card))
        return tuple(steps)
    if how in ("dropped", "named"):
        steps.append(_step("exposure", "48A", f"{by}.never", card=card))
    elif how == "revoke_corrected":
        steps.append(_step("exposure", "62B2", "declarer.revoke", card=card))
        steps.append(_step("exposure", "62C1", "declarer.revoke_withdraw"))
    elif how == "lead_out_of_turn":
        steps.append(_step("exposure", "55A", "declarer.lead_decide", card=card))
        steps.append(_step("exposure", "55B1", "declarer.lead_defender_turn", card=card))
        steps.append(_step("exposure", "55B2", "declarer.lead_wrong_hand", card=card))
    elif how == "premature_play":
        steps.append(_step("exposure", "57C3", "declarer.premature", card=card))
    else:  # simultaneous
        steps.append(_step("exposure", "58B2", "declarer.simultaneous", card=card))
        steps.append(_step("exposure", "48A", "declarer.never_penalty"))
    return tuple(steps)


# ----------------------------------------------------------------------------------------------------------
# the paragraphs of a law, and the choices for a form
# ----------------------------------------------------------------------------------------------------------

class _Html(str):
    """HTML text that displays itself (text/plain is the text itself)."""

    def _repr_html_(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return str(self)


def law_paragraphs(number: int, lang: str = "en") -> _Html:
    """The catalogued paragraphs of Law ``number`` with their titles in ``lang``, as an HTML table."""
    from bridgelaws.laws import CATALOGUE
    from bridgelaws.notation import law_title

    lang = normalize_lang(lang)
    refs = sorted((r for r in CATALOGUE if r.law == number), key=lambda r: (r.section, r.clause))
    if not refs:
        raise ValueError(f"no paragraphs of Law {number} are catalogued")
    e = _html.escape
    rows = "".join(f'<tr><td style="white-space:nowrap;text-align:left">{e(r.cite(lang))}</td>'
                   f'<td style="text-align:left">{e(law_title(r, lang))}</td></tr>' for r in refs)
    return _Html(f'<table class="bl-aid-paragraphs" lang="{lang}"><thead><tr><th>{e(_t("aid.col.law", lang))}</th>'
                 f'<th>{e(_t("aid.col.title", lang))}</th></tr></thead><tbody>{rows}</tbody></table>')


#: the ways of exposure offered by the form: (label key, how, period)
WAYS: tuple[tuple[str, str, str | None], ...] = (
    ("dropped", "dropped", None),
    ("named", "named", None),
    ("revoke_corrected", "revoke_corrected", None),
    ("lead_out_of_turn", "lead_out_of_turn", None),
    ("opening_lead_out_of_turn", "lead_out_of_turn", "clarification"),
    ("premature_play", "premature_play", None),
    ("simultaneous", "simultaneous", None),
    ("clarification", "dropped", "clarification"),
)


def choices(lang: str = "en") -> dict[str, list[tuple[str, Any]]]:
    """The options of each input, as ``(label in lang, value)`` pairs: ``way`` (how and period together),
    ``by``, ``suit``, ``rank`` and ``others`` (one card or none)."""
    from bridgelaws.notation import format_card, format_rank, format_suit

    lang = normalize_lang(lang)
    return {
        "way": [(_t(f"aid.how.{key}", lang), (how, period)) for key, how, period in WAYS],
        "by": [(_t(f"aid.by.{b}", lang), b) for b in BY],
        "suit": [(f"{format_suit(s, lang)} {format_suit(s, lang, 'name')}", s) for s in Suit],
        "rank": [(format_rank(r, lang), r) for r in sorted(Rank, reverse=True)],
        "others": [(format_card(c, lang), c) for c in ALL_CARDS],
    }


# ----------------------------------------------------------------------------------------------------------
# the widget (ipywidgets is imported on first use only)
# ----------------------------------------------------------------------------------------------------------

class DecisionAid:
    """Dropdowns for how, by whom, which card and the other penalty cards already on the table, and the
    ruling below them, updated on every change. Headless-testable: set ``.way.value`` etc. and read
    ``.ruling`` or ``.output.value``."""

    def __init__(self, lang: str = "en", *, way: tuple[str, str | None] = ("dropped", None), by: str = "defender",
                 card: Card | str = "D3", others: Sequence[Card | str] = ()) -> None:
        import ipywidgets as W  # type: ignore[import-untyped]

        self.lang = normalize_lang(lang)
        opts = choices(self.lang)
        c = card if isinstance(card, Card) else Card.parse(card)
        style = {"description_width": "initial"}
        self.way = W.Dropdown(options=opts["way"], value=way, description=_t("aid.widget.how", self.lang),
                              style=style, layout=W.Layout(width="44em"))
        self.by = W.ToggleButtons(options=opts["by"], value=by, description=_t("aid.widget.by", self.lang),
                                  style=style)
        self.suit = W.Dropdown(options=opts["suit"], value=c.suit, description=_t("aid.widget.suit", self.lang),
                               style=style, layout=W.Layout(width="auto"))
        self.rank = W.Dropdown(options=opts["rank"], value=c.rank, description=_t("aid.widget.rank", self.lang),
                               style=style, layout=W.Layout(width="auto"))
        self.others = W.SelectMultiple(options=opts["others"],
                                       value=tuple(o if isinstance(o, Card) else Card.parse(o) for o in others),
                                       rows=4, description=_t("aid.widget.others", self.lang), style=style,
                                       layout=W.Layout(width="30em"))
        self.output = W.HTML()
        self._ruling: PenaltyCardRuling | None = None
        for w in (self.way, self.by, self.suit, self.rank, self.others):
            w.observe(self._update, names="value")
        self.box = W.VBox([self.way, self.by, W.HBox([self.suit, self.rank]), self.others, self.output])
        self._update()

    @property
    def card(self) -> Card:
        return Card(self.suit.value, self.rank.value)

    @property
    def ruling(self) -> PenaltyCardRuling | None:
        """The ruling for the current inputs; None when they are impossible (the output then says why)."""
        return self._ruling

    def _update(self, change: Any = None) -> None:
        how, period = self.way.value
        others = tuple(o for o in self.others.value if o != self.card) if self.by.value == "defender" else ()
        try:
            self._ruling = penalty_card_ruling(
                how, self.by.value, self.card, others, period, lang=self.lang)
        except ValueError:
            self._ruling = None
            self.output.value = f"<p>{_html.escape(_t('aid.widget.impossible', self.lang))}</p>"
            return
        self.output.value = self._ruling.html()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # a static picture (the ruling for the inputs shown) for a front end without the widget's model
        bundle = self.box._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["text/html"] = self.output.value
            data["text/plain"] = _html.unescape(re.sub(r"<[^>]+>", " ", self.output.value)).strip()
        return bundle

    def __repr__(self) -> str:
        return f"DecisionAid(lang={self.lang!r})"


def widget(lang: str = "en", **kwargs: Any) -> DecisionAid:
    """The decision aid as dropdowns (see :class:`DecisionAid`)."""
    return DecisionAid(lang, **kwargs)

