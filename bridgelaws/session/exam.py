"""Exam mode: the question a table asks at a position, the answer checked against the engine, and the score.

Three kinds of question: ``quiz`` (the article's question of the branch's scenario, posed just before the
event it is about: which card is played, is the card played), ``decision`` (what may the player choose) and
``legal`` (which cards may the player play now). Each question is scored once: its first answer counts, and
the feedback names what the student answered; a second answer is refused (:class:`ExamRefusal`) until the
score is reset."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bridgelaws import scenario as _scenario
from bridgelaws.scenario.comparisons import turn_law
from bridgelaws.cards import Card, Suit
from bridgelaws.errors import BridgeLawsError
from bridgelaws.i18n import Message, text
from bridgelaws.laws import LawRef
from bridgelaws.render.html import Button
from bridgelaws.session.common import card_list, law_suffix, t
from bridgelaws.session.script import ScriptPosition
from bridgelaws.state import PlayState
from bridgelaws.view import decision_choices


#: an answer's feedback in a language: ``lang -> (the verdict with what the student answered, the Director's
#: statements one by one)``
Feedback = Callable[[str], tuple[str, tuple[str, ...]]]


class ExamRefusal(BridgeLawsError):
    """A second answer to a question already answered: the first answer stands (score and feedback), and the
    message line says why (``table.exam.answered``)."""


class Scoreboard:
    """One score for every table that shares it (the notebook's tables share one: see
    :func:`notebook_scoreboard`), the answers given, and the numbers of the questions: each table's question
    gets the next number the first time the table is built, and keeps it when its cell runs again."""

    def __init__(self) -> None:
        self.right = 0
        self.asked = 0
        #: each question answered: right or not, and the feedback in the language it was answered in
        self.answered: dict[tuple[Any, ...], tuple[bool, str]] = {}
        #: each question answered: its feedback in any language (a table may switch language afterwards)
        self.feedback: dict[tuple[Any, ...], Feedback] = {}
        self._numbers: dict[str, dict[str, int]] = {}

    def number(self, key: str, notebook: str = "") -> int:
        """The number of the table ``key`` (an example's scenario id): 1, 2, 3 ... in the order first seen
        among the tables of ``notebook`` (the ``NN`` its scenario files start with). Counting per notebook
        keeps the numbers of one notebook the same whatever ran before it in the kernel."""
        numbers = self._numbers.setdefault(notebook, {})
        return numbers.setdefault(key, len(numbers) + 1)

    @property
    def score(self) -> tuple[int, int]:
        """(right, answered)."""
        return self.right, self.asked

    def record(self, key: tuple[Any, ...], ok: bool, msg: str, feedback: Feedback | None = None) -> None:
        """Score the first answer to the question ``key`` (a second one is refused by :meth:`Exam.answer`)."""
        self.answered[key] = (ok, msg)
        if feedback is not None:
            self.feedback[key] = feedback
        self.asked += 1
        self.right += int(ok)

    def reset(self, numbers: bool = False) -> None:
        """Start again: no answer given, the score 0 of 0. The questions keep their numbers unless
        ``numbers`` (a new notebook in the same kernel, or a test)."""
        self.answered.clear()
        self.feedback.clear()
        self.right = self.asked = 0
        if numbers:
            self._numbers.clear()


_NOTEBOOK = Scoreboard()


def notebook_scoreboard() -> Scoreboard:
    """The score the tables of this kernel (one notebook) share."""
    return _NOTEBOOK


class Exam:
    """One table's exam: its number in the notebook, the shared score (a :class:`Scoreboard`), and the
    options picked for the question now."""

    def __init__(self, board: Scoreboard | None = None, key: str | None = None, notebook: str = "") -> None:
        self.board = board if board is not None else Scoreboard()
        #: the table's question number (None: a table built by hand, not one of the notebook's questions)
        self.number: int | None = self.board.number(key, notebook) if key is not None else None
        self.picked: list[int] = []
        self._quiz: dict[int, Any] = {}
        self._id = key if key is not None else f"table-{id(self)}"

    @property
    def answered(self) -> dict[tuple[Any, ...], tuple[bool, str]]:
        return self.board.answered

    def forget_questions(self) -> None:
        """The article's questions are built again (another language, another script)."""
        self._quiz.clear()

    # ---- the question -----------------------------------------------------------------------------------
    def quiz_question(self, pos: ScriptPosition, lang: str) -> Any:
        """The article's question of this branch (a designation, a card held or touched), if it is asked
        here: the quiz's question of the branch's scenario, posed before its trigger event."""
        b = pos.branch
        if b not in self._quiz:
            q = None
            sc = pos.branches[b].scenario
            if sc is not None:
                try:
                    from bridgelaws.quiz import Question

                    q = Question.from_scenario(sc, number=self.number or 1, lang=lang)
                except (ValueError, BridgeLawsError, StopIteration, TypeError):
                    q = None
            self._quiz[b] = q
        q = self._quiz[b]
        if q is not None and len(pos.history) == q.at and pos.on_script and b in pos.matching():
            return q
        return None

    def question(self, pos: ScriptPosition, lang: str) -> dict[str, Any] | None:
        """The question at this position, or None, with what the answer is checked against."""
        table = pos.table
        st = table.state
        n = len(pos.history)
        qq = self.quiz_question(pos, lang)
        if qq is not None:
            return {"kind": "quiz", "key": (self._id, pos.branch, n, "quiz"), "quiz": qq}
        if st.pending is not None:
            universe = decision_universe(st)
            right = frozenset(i for i, (_, ok) in enumerate(universe) if ok)
            return {"kind": "decision", "key": (self._id, tuple(pos.history), "decision"), "universe": universe,
                    "right": right, "seat": st.pending.by, "law": st.pending.law}
        if st.phase != "over" and st.to_act is not None and st.irregular_lead is None:
            legal = table.legal_cards()
            if legal:
                return {"kind": "legal", "key": (self._id, tuple(pos.history), "legal"), "seat": st.to_act,
                        "right": legal, "law": turn_law(table, "cards")}
        return None

    def is_answered(self, q: Mapping[str, Any]) -> bool:
        return q["key"] in self.answered

    # ---- the answer -------------------------------------------------------------------------------------
    def answer(self, pos: ScriptPosition, q: Mapping[str, Any], lang: str, value: Any,
               selected: list[Card]) -> bool:
        """Score the answer to ``q``: for ``legal`` the cards picked (``selected``, or ``value``), for
        ``decision`` the options picked (or ``value``, indices), for ``quiz`` the choice key ``value``. The
        feedback names what was answered. A question already answered is refused (:class:`ExamRefusal`): only
        its first answer counts."""
        if self.is_answered(q):
            raise ExamRefusal("this question is answered already: only the first answer counts",
                              key="table.exam.answered")
        if q["kind"] == "legal":
            picked = frozenset(Card.parse(c) if isinstance(c, str) else c
                               for c in (selected if value is None else value))
            right: frozenset[Card] = q["right"]
            ok = picked == right
            law_ref: LawRef | None = q["law"]
            seat = q["seat"]
            wrong = sorted(picked - right, key=lambda c: c.sort_key)
            why = None
            if not ok and wrong:
                from bridgelaws.rules.director import why_not_legal

                why = why_not_legal(pos.table.state, seat, wrong[0])

            def feedback(lang: str) -> tuple[str, tuple[str, ...]]:
                cards = card_list(right, lang)
                msg = (t("exam.right_legal", lang, seat=seat, cards=cards) if ok
                       else t("exam.wrong_legal", lang, seat=seat, cards=cards)) + law_suffix(law_ref, lang) + "."
                msg += " " + (t("exam.you_picked_cards", lang, cards=card_list(picked, lang)) if picked
                              else t("exam.you_picked_no_card", lang))
                if why is not None:
                    msg += " " + why.explain(lang)
                return msg, ()
        elif q["kind"] == "decision":
            picked_i = frozenset(self.picked if value is None else (int(v) for v in value))
            ok = picked_i == q["right"]
            universe: list[tuple[Message, bool]] = q["universe"]
            seat, decision_law = q["seat"], q["law"]
            marked = [universe[i][0] for i in sorted(picked_i) if 0 <= i < len(universe)]

            def feedback(lang: str) -> tuple[str, tuple[str, ...]]:
                if ok:
                    msg = t("exam.right_options", lang, seat=seat, law=decision_law)
                else:
                    offered = "; ".join(m.text(lang) for m, good in universe if good)
                    msg = t("exam.wrong_options", lang, seat=seat, law=decision_law, options=offered)
                msg += " " + (t("exam.you_marked", lang, options="; ".join(m.text(lang) for m in marked)) if marked
                              else t("exam.you_marked_none", lang))
                return msg, ()
        else:
            qq = q["quiz"]
            choice = qq.choice(str(value))  # an unknown key is a ValueError: nothing is scored
            ok = qq.is_correct(choice.key)

            def feedback(lang: str) -> tuple[str, tuple[str, ...]]:
                msg = " ".join((t("exam.right", lang) if ok else t("exam.wrong", lang),
                                t("exam.you_chose", lang, choice=choice.label), qq.answer.headline(lang)))
                return msg, qq.answer.said(lang)
        self.board.record(q["key"], ok, feedback(lang)[0], feedback)
        return ok

    def toggle_option(self, i: int) -> None:
        if i in self.picked:
            self.picked.remove(i)
        else:
            self.picked.append(i)

    @property
    def score(self) -> tuple[int, int]:
        """(right, answered) on the scoreboard."""
        return self.board.score

    # ---- the exam box -------------------------------------------------------------------------------------
    def score_text(self, lang: str) -> str:
        right, asked = self.score
        return t("exam.score", lang, right=right, asked=asked)

    def box(self, q: Mapping[str, Any] | None, lang: str) -> dict[str, Any]:
        """What the side panel's exam box shows: the question, what to pick, the buttons, the feedback (with
        what the student answered), the Director's statements of the answer (``statements``, one str each) and
        the score (with no question here: a line that says so)."""
        reset = Button(t("exam.reset", lang), "exam_reset", tooltip=t("exam.reset.tooltip", lang),
                       disabled=self.board.asked == 0, cls="bl-exam-reset")
        heading = text("quiz.heading_one", lang, n=self.number) if self.number is not None else ""
        if q is None:
            return {"number": heading, "question": t("exam.no_question", lang), "score": self.score_text(lang),
                    "reset": reset}
        done = self.answered.get(q["key"])
        said: tuple[str, ...] = ()
        render = self.board.feedback.get(q["key"]) if done is not None else None
        if done is not None and render is not None:  # in the table's language now
            msg, said = render(lang)
            done = (done[0], msg)
        out: dict[str, Any] = {"number": heading, "score": self.score_text(lang), "feedback": done,
                               "statements": said, "reset": reset}
        check = (Button(t("exam.check", lang), "exam_check", cls="bl-exam-check"),)
        if q["kind"] == "legal":
            out["question"] = t("exam.ask_legal", lang, seat=q["seat"])
            if not done:
                out["prompt"] = t("exam.pick_cards", lang)
                out["buttons"] = check
        elif q["kind"] == "decision":
            out["question"] = t("exam.ask_options", lang, seat=q["seat"])
            if not done:
                out["prompt"] = t("exam.pick_options", lang)
                out["choices"] = tuple(Button(m.text(lang), "exam_toggle", str(i), pressed=i in self.picked,
                                              cls="bl-exam-option")
                                       for i, (m, _) in enumerate(q["universe"]))
                out["buttons"] = check
        else:
            qq = q["quiz"]
            out["question"] = qq.text(lang)
            out["prompt"] = qq.prompt(lang)
            if not done:
                out["choices"] = tuple(Button(c.text(lang), "exam_choice", c.key, cls="bl-exam-choice")
                                       for c in qq.choices)
        return out


def decision_universe(st: PlayState) -> list[tuple[Message, bool]]:
    """The options a student picks from: the engine's options, and near misses that are not on offer (for
    50D2/51B the other suits; elsewhere "no choice: play goes on")."""
    d = st.pending
    assert d is not None
    out = [(c.label, True) for c in decision_choices(st)]
    if d.kind == "lead_options":
        for s in Suit:
            if s not in d.suits:
                out.append((Message("widget.opt.require", {"suit": s}), False))
                out.append((Message("widget.opt.forbid", {"suits": (s,)}), False))
    out.append((Message("table.exam.no_choice", {}), False))
    return out
