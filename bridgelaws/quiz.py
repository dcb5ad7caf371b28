"""A quiz built from scenario files: the reader answers first, then the engine rules.

Each question is one scenario file (SCENARIO_FORMAT.md). The question is asked at the first event that is not
an ordinary play (the "trigger": a designation of dummy's card, a card held, touched or exposed), and
everything else is computed by replaying the file with the engine, never typed in:

- the question text is the file's ``question`` (failing that its ``title``), followed by a prompt that says
  what is asked;
- the choices: for a designation (kind ``dummy_card``), the cards of dummy the words could mean plus "declarer
  names the card" and "either defender chooses"; for a card held, touched or exposed (kind ``card_status``),
  played / not played (and for a defender's card: minor / major penalty card);
- the correct answer is what the engine says after the trigger event, with the law it applied and everything
  the Director says at that moment.

In a notebook::

    from bridgelaws.quiz import Quiz
    quiz = Quiz.from_files(["notebooks/scenarios/05-spillet-kort-q1.toml"], lang="da")
    quiz.question(1)            # the question, the position (a hand diagram) and the choices
    quiz.answer(1).card         # Card.parse('C3'), with the law (46B2) and what the Director says
    quiz.check(1, "card:C3")    # True
    quiz.score({1: "card:C3"})  # Point: 1 rigtige af 1 besvarede (1 spørgsmål)

Questions are numbered from 1, as in the handouts. The module is pure (no ipywidgets): a question is answered
interactively on a card table in exam mode (``bridgelaws.session.exam`` builds its question with
:meth:`Question.from_scenario`), and ``question(n)`` / ``answer(n)`` are its static form, the one the handouts
print.
"""

from __future__ import annotations

import html as _html
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridgelaws.cards import Card, Seat
from bridgelaws.events import Designate, Event, Expose, Hold, LeadFaceDown, Play, Touch
from bridgelaws.i18n import Message, normalize_lang
from bridgelaws.i18n import text as _text
from bridgelaws.laws import LawRef, law
from bridgelaws.present import red_suits
from bridgelaws.scenario import Scenario, load, localized, replay
from bridgelaws.state import PlayState, Statement
from bridgelaws.table import Table, follow_suit_cards

__all__ = ["KINDS", "Answer", "Choice", "Question", "Quiz", "Score"]

#: what a question asks: which card of dummy a designation plays, or what becomes of a card held, touched or
#: exposed
KINDS: tuple[str, ...] = ("dummy_card", "card_status")

L50B = law("50B")

#: the ruling choices of a ``dummy_card`` question, besides the cards
_NO_CARD = ("declarer", "either_defender")


def _t(key: str, lang: str, **params: Any) -> str:
    """A sentence of the quiz catalogue (domain ``quiz``)."""
    return _text("quiz." + key, lang, **params)


def _m(key: str, **params: Any) -> Message:
    return Message("quiz." + key, params)


def _html_sentence(s: str) -> str:
    """Escaped text with the red cards in red, as on a card (one function for the notebooks' HTML)."""
    return red_suits(s)


# ----------------------------------------------------------------------------------------------------------
# the model
# ----------------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Choice:
    """One possible answer. ``key`` is stable and language-neutral: ``card:C3`` (that card of dummy is
    played), ``declarer`` / ``either_defender`` (no card is designated; who names it), ``played``,
    ``not_played``, ``minor_penalty``, ``major_penalty``."""

    key: str
    label: Message
    card: Card | None = None

    def text(self, lang: str = "en") -> str:
        return self.label.text(lang)


@dataclass(frozen=True, slots=True)
class Answer:
    """The engine's answer to a question: the right choice, the law it rests on, and what the Director says
    after the event the question is about. ``repr()`` is the plain text (compared by nbval)."""

    number: int
    choice: Choice
    law: LawRef | None
    statements: tuple[Statement, ...]
    lang: str = "en"

    @property
    def key(self) -> str:
        return self.choice.key

    @property
    def card(self) -> Card | None:
        return self.choice.card

    def headline(self, lang: str | None = None) -> str:
        """"Answer to question 1: ♣3 is played (Law 46B2)"."""
        lang = normalize_lang(lang or self.lang)
        return Statement(_m("answer", n=self.number, answer=self.choice.label), self.law).text(lang)

    def said(self, lang: str | None = None) -> tuple[str, ...]:
        """What the Director says after the event, one sentence per statement, in ``lang`` (the list under
        the headline: a card table in exam mode shows it as a list under its feedback)."""
        lang = normalize_lang(lang or self.lang)
        return tuple(s.text(lang) for s in self.statements)

    def text(self, lang: str | None = None) -> str:
        lang = normalize_lang(lang or self.lang)
        lines = [self.headline(lang)]
        lines += ["• " + s for s in self.said(lang)]
        return "\n".join(lines)

    def html(self, lang: str | None = None, folded: bool = False) -> str:
        """The answer as HTML. ``folded``: inside a ``<details>`` element whose summary says "Show the answer
        to question n", so that a reader sees the answer only after a click. Plain HTML, no script and no
        stylesheet: it stays folded in JupyterLab (trusted or not), in Voila, on GitHub and in nbviewer."""
        lang = normalize_lang(lang or self.lang)
        items = "".join(f"<li>{_html_sentence(s)}</li>" for s in self.said(lang))
        body = (f'<p><strong>{_html_sentence(self.headline(lang))}</strong></p>'
                f'<p>{_html.escape(_t("director_says", lang))}</p><ul>{items}</ul>')
        if not folded:
            return f'<div class="bl-quiz-answer">{body}</div>'
        summary = _html.escape(_t("reveal_summary", lang, n=self.number))
        return (f'<details class="bl-quiz-answer"><summary style="cursor:pointer"><strong>{summary}</strong>'
                f'</summary>{body}</details>')

    def _repr_html_(self) -> str:
        """Folded: a notebook cell ``quiz.answer(n)`` shows "Show the answer to question n" until clicked."""
        return self.html(folded=True)

    def __repr__(self) -> str:
        return self.text()


@dataclass(frozen=True, eq=False)
class Question:
    """One question: the scenario, the position it is asked in (after ``at`` events), the choices and the
    engine's answer. Build it with :meth:`from_scenario` or :meth:`from_file`."""

    number: int
    scenario: Scenario
    table: Table
    at: int
    event: Event
    kind: str
    seat: Seat
    subject: Card | None
    choices: tuple[Choice, ...]
    answer: Answer
    lang: str = "en"

    # ---- building ---------------------------------------------------------------------------------------
    @classmethod
    def from_file(cls, path: str | Path, number: int = 1, lang: str = "en") -> Question:
        return cls.from_scenario(load(path), number=number, lang=lang)

    @classmethod
    def from_scenario(cls, scenario: Scenario, number: int = 1, lang: str = "en") -> Question:
        """Replay ``scenario`` and make a question of its first event that is not an ordinary play."""
        lang = normalize_lang(lang)
        table = replay(scenario)
        at, event = _trigger(scenario)
        before, after = table.states[at], table.states[at + 1]
        if isinstance(event, Designate):
            kind = "dummy_card"
            seat, subject = before.dummy, None
            choices = _designation_choices(before, event)
            correct, law_ref = _designation_answer(scenario, at, before, after)
        else:
            kind = "card_status"
            seat = event.hand if isinstance(event, Touch) else event.seat
            subject = _subject_card(event)
            choices = _status_choices(before, seat, subject)
            correct, law_ref = _status_answer(scenario, at, after, seat, subject)
        if correct.key not in {c.key for c in choices}:  # the engine's card must always be on offer
            choices = _sorted_choices(choices + (correct,))
        said = tuple(table.copy(history=at + 1).statements())
        answer = Answer(number, correct, law_ref, said, lang)
        return cls(number, scenario, table, at, event, kind, seat, subject, choices, answer, lang)

    # ---- reading ----------------------------------------------------------------------------------------
    def text(self, lang: str | None = None) -> str:
        """The question as the file words it (its ``question``, else its ``title``)."""
        lang = normalize_lang(lang or self.lang)
        sc = self.scenario
        return (localized(sc.question, lang) or localized(sc.title, lang) or sc.id).strip()

    def prompt(self, lang: str | None = None) -> str:
        """What happened and what is asked, from the event and the question's kind: 'Declarer says: "a
        club". Which card does dummy (North) play?'."""
        from bridgelaws.present import describe

        lang = normalize_lang(lang or self.lang)
        what = describe(self.event, lang)
        if self.kind == "dummy_card":
            return _t("prompt.dummy_card", lang, event=what, dummy=self.seat)
        return _t("prompt.card_status", lang, event=what, seat=self.seat, card=self.subject)

    def choice(self, key: str) -> Choice:
        for c in self.choices:
            if c.key == key:
                return c
        keys = ", ".join(c.key for c in self.choices)
        raise ValueError(f"question {self.number}: {key!r} is not one of its choices ({keys})")

    def is_correct(self, key: str) -> bool:
        """Whether choice ``key`` is the engine's answer (an unknown key is a ValueError)."""
        return self.choice(key).key == self.answer.key

    def position(self) -> Table:
        """The table when the question is asked."""
        return self.table.copy(history=self.at)

    def diagram(self, lang: str | None = None) -> str:
        """The position as a hand diagram (without the Director's statements, which could give the answer
        away)."""
        from bridgelaws.render import html

        return str(html.table(self.position(), lang=normalize_lang(lang or self.lang), show_statements=False))

    def heading(self, total: int | None = None, lang: str | None = None) -> str:
        lang = normalize_lang(lang or self.lang)
        if total is None:
            return _t("heading_one", lang, n=self.number)
        return _t("heading", lang, n=self.number, total=total)

    def html(self, lang: str | None = None, total: int | None = None, choices: bool = True) -> str:
        lang = normalize_lang(lang or self.lang)
        parts = [f'<div class="bl-quiz-question"><h3>{_html.escape(self.heading(total, lang))}</h3>',
                 f"<p>{_html_sentence(self.text(lang))}</p>",
                 f"<p><strong>{_html_sentence(self.prompt(lang))}</strong></p>",
                 self.diagram(lang)]
        if choices:
            items = "".join(f'<div class="bl-quiz-choice">{_letter(i)}. {_html_sentence(c.text(lang))}</div>'
                            for i, c in enumerate(self.choices))
            parts.append(f'<p>{_html.escape(_t("choices", lang))}</p><div class="bl-quiz-choices">{items}</div>')
        parts.append("</div>")
        return "".join(parts)

    def _repr_html_(self) -> str:
        return self.html()

    def __repr__(self) -> str:
        lines = [self.heading(None), self.text(), self.prompt()]
        lines += [f"{_letter(i)}. {c.text(self.lang)}" for i, c in enumerate(self.choices)]
        return "\n".join(lines)


def _letter(i: int) -> str:
    """The letter of the ``i``-th choice: A, B, C ..."""
    return chr(ord("A") + i)


def _trigger(scenario: Scenario) -> tuple[int, Event]:
    """The first event that is not an ordinary play, and its index."""
    for i, ev in enumerate(scenario.history):
        if isinstance(ev, Play) and not ev.out_of_turn:
            continue
        if isinstance(ev, Designate) and ev.seat is scenario.declarer and (
                ev.hand is None or ev.hand is scenario.declarer.partner):
            return i, ev
        if isinstance(ev, (Hold, Touch, Expose, LeadFaceDown)):
            return i, ev
        raise ValueError(f"{scenario.id}: event {i + 1} ({ev.action}) cannot be made a quiz question: the quiz "
                         "asks about a designation of dummy's card or a card held, touched or exposed")
    raise ValueError(f"{scenario.id}: its history has no event to ask about (only ordinary plays)")


def _subject_card(event: Event) -> Card:
    card = getattr(event, "card", None)
    assert isinstance(card, Card)
    return card


def _card_choice(card: Card) -> Choice:
    return Choice(f"card:{card}", _m("choice.card", card=card), card)


def _sorted_choices(choices: Iterable[Choice]) -> tuple[Choice, ...]:
    """Cards first (spades to clubs, high to low), then the rulings, in a fixed order."""
    order = {k: i for i, k in enumerate(_NO_CARD + ("played", "not_played", "minor_penalty", "major_penalty"))}
    return tuple(sorted(choices, key=lambda c: (0, c.card.sort_key) if c.card is not None
                        else (1, order.get(c.key, 99), c.key)))


# ---- dummy_card -------------------------------------------------------------------------------------------

def _designation_choices(state: PlayState, ev: Designate) -> tuple[Choice, ...]:
    """The cards of dummy the words could mean, plus the two rulings that designate no card (46B3b/46B4:
    declarer names it; 46B5: either defender)."""
    from bridgelaws.designations import parse_designation

    dummy = state.dummy
    hand = state.hand(dummy)
    legal = follow_suit_cards(state, dummy)
    dsg = parse_designation(ev.words, ev.lang)
    cards: set[Card] = set()
    if dsg.kind == "card" and dsg.card is not None:
        cards = {c for c in legal if c.suit is dsg.card.suit} or set(legal)
        if dsg.card in hand:
            cards.add(dsg.card)
    elif dsg.kind == "suit" and dsg.suit is not None:
        cards = {c for c in hand if c.suit is dsg.suit}
    elif dsg.kind == "rank" and dsg.rank is not None:
        cards = {c for c in hand if c.rank == dsg.rank}
        won = _suit_dummy_won_last(state)
        if won is not None and not any(c.suit is won for c in cards):
            # the card declarer may have believed he had: dummy's nearest card in the suit it won (46B3a)
            in_suit = [c for c in hand if c.suit is won]
            if in_suit:
                cards.add(min(in_suit, key=lambda c: (abs(int(c.rank) - int(dsg.rank)), -int(c.rank))))  # type: ignore[arg-type]
    else:
        cards = set(legal)
    if len(cards) < 2:
        cards |= set(legal) if len(legal) <= 6 else set()
    out = [_card_choice(c) for c in cards]
    out += [Choice(k, _m(f"choice.{k}")) for k in _NO_CARD]
    return _sorted_choices(out)


def _suit_dummy_won_last(state: PlayState) -> Any:
    if state.trick or not state.tricks or state.tricks[-1].winner is not state.dummy:
        return None
    card = state.tricks[-1].card_of(state.dummy)
    return card.suit if card is not None else None


def _designation_answer(scenario: Scenario, at: int, before: PlayState,
                        after: PlayState) -> tuple[Choice, LawRef | None]:
    from bridgelaws.rules.designation import PendingDesignation

    pending = after.designation
    if isinstance(pending, PendingDesignation):
        if pending.by in _NO_CARD:
            return Choice(pending.by, _m(f"choice.{pending.by}")), pending.law
        raise ValueError(f"{scenario.id}: after event {at + 1} the ruling waits for the Director's finding of "
                         "fact; give it in the file (td_finding, intended, incontrovertible, complete)")
    dummy = before.dummy
    for cs in reversed(after.card_status):
        if cs.source == "designate" and cs.played and cs.seat is dummy:
            return _card_choice(cs.card), cs.law
    played = [c for s, c in after.last_played if s is dummy and c not in {x for t, x in before.last_played if t is dummy}]
    if played:
        return _card_choice(played[-1]), law("45C4a")
    raise ValueError(f"{scenario.id}: event {at + 1} designates no card of dummy and leaves nothing pending")


# ---- card_status ------------------------------------------------------------------------------------------

def _status_choices(state: PlayState, seat: Seat, card: Card | None) -> tuple[Choice, ...]:
    keys = ["played", "not_played"]
    if state.is_defender(seat):
        keys += ["minor_penalty", "major_penalty"]
    return tuple(Choice(k, _m(f"choice.{k}", card=card, seat=seat)) for k in keys)


def _status_answer(scenario: Scenario, at: int, after: PlayState, seat: Seat,
                   card: Card | None) -> tuple[Choice, LawRef | None]:
    def choice(key: str) -> Choice:
        return Choice(key, _m(f"choice.{key}", card=card, seat=seat))

    for p in after.penalty_cards:
        if p.card == card:
            return choice("major_penalty" if p.is_major else "minor_penalty"), L50B
    for cs in reversed(after.card_status):
        if cs.card == card:
            if cs.played is None:
                raise ValueError(f"{scenario.id}: after event {at + 1} whether {card} is played is a question for "
                                 "the Director; give the finding in the file")
            return choice("played" if cs.played else "not_played"), cs.law
    on_table = any(c == card for _, c in after.trick) or any(c == card for _, c in after.last_played)
    return choice("played" if on_table else "not_played"), None


# ----------------------------------------------------------------------------------------------------------
# scoring and the quiz
# ----------------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Score:
    """A running score: how many questions there are, how many were answered, how many right."""

    total: int
    answered: int
    correct: int
    lang: str = "en"

    def text(self, lang: str | None = None) -> str:
        lang = normalize_lang(lang or self.lang)
        return _t("score", lang, correct=self.correct, answered=self.answered, total=self.total)

    def __repr__(self) -> str:
        return self.text()


class Quiz:
    """Questions from scenario files, in order, in one language. ``question(n)``, ``answer(n)`` and
    ``check(n, key)`` take the question number (1 to ``len(quiz)``)."""

    def __init__(self, questions: Sequence[Question], lang: str = "en") -> None:
        self.lang = normalize_lang(lang)
        self.questions: tuple[Question, ...] = tuple(questions)
        numbers = [q.number for q in self.questions]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValueError(f"questions must be numbered 1 to {len(numbers)} in order, not {numbers}")

    @classmethod
    def from_files(cls, paths: Iterable[str | Path], lang: str = "en") -> Quiz:
        """One question per file, numbered in the order given."""
        lang = normalize_lang(lang)
        return cls([Question.from_file(p, number=i, lang=lang) for i, p in enumerate(paths, 1)], lang)

    def __len__(self) -> int:
        return len(self.questions)

    def __iter__(self) -> Iterator[Question]:
        return iter(self.questions)

    def question(self, n: int) -> Question:
        if not 1 <= n <= len(self.questions):
            raise IndexError(f"question {n}: the quiz has questions 1 to {len(self.questions)}")
        return self.questions[n - 1]

    def answer(self, n: int) -> Answer:
        """The engine's answer to question ``n``, with its law and what the Director says."""
        return self.question(n).answer

    def check(self, n: int, key: str) -> bool:
        return self.question(n).is_correct(key)

    def score(self, answers: Mapping[int, str]) -> Score:
        """The score for ``{question number: choice key}``."""
        correct = sum(1 for n, key in answers.items() if self.check(n, key))
        return Score(len(self.questions), len(answers), correct, self.lang)

    def _repr_html_(self) -> str:
        return "".join(q.html(total=len(self)) for q in self.questions)

    def __repr__(self) -> str:
        return "\n\n".join(repr(q) for q in self.questions)
