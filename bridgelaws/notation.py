"""Writing and reading cards, holdings, hands and seats in Danish (``da``), Norwegian (``nb``) and English.

Formatting: ``format_card(card, lang, style=...)`` with styles ``symbol`` (♠D), ``letter`` (sD, the LKU-22
form: lower-case English suit letter, local rank) and ``name`` (spar dame, queen of spades). One canonical
output per language and style; parsing is lenient and accepts every form the articles use:

>>> from bridgelaws.notation import format_card, parse_card, parse_hand
>>> parse_card("sD", "da"), parse_card("ruter knekt", "nb"), parse_card("queen of hearts", "en")
(Card.parse('SQ'), Card.parse('DJ'), Card.parse('HQ'))
>>> format_card(parse_card("♦T", "nb"), "da"), format_card(parse_card("hT", "da"), "da", style="letter")
('♦10', 'hT')
>>> parse_hand("♠AK2 ♥Q85 ♦- ♣JT9876", "en")
Hand.from_pbn('AK2.Q85..JT9876')

The language decides what a letter means: ``D`` is the queen (dame) in Danish and Norwegian and the diamond
suit in English. Letters are read suit first, then ranks, and a letter's position decides between suit and
rank; text that still could mean more than one thing raises :class:`AmbiguousNotationError` listing the
candidates. The rules, per language:

- suits everywhere: ♠ ♥ ♦ ♣ and the outline forms ♤ ♡ ♢ ♧, anywhere in a word; a rank may come before a
  symbol (``K♠``, ``10♦``);
- ``en``: suit letters S H D C and ranks A K Q J T 10 9-2, in any case;
- ``da`` and ``nb``: the LKU-22 suit letters s h d c (lower-case ``d`` is always diamonds, upper-case ``D``
  always the queen), the Scandinavian suit letters S H R (spar, hjerter, ruder/ruter) anywhere and K
  (klør/kløver) only at the start of a word that goes on with its ranks ("KD4"; a K standing alone after a
  suit is the king, and K as the whole text is ambiguous); ranks E K D B Kn T 10 9-2, and the English A Q J
  (no clash) are accepted too;
- suit and rank words: "spar dame", "ruder knægt", "ruder bonde", "spardame", "hjerterkongen", "ruter knekt",
  "kløver ess", "heart queen", "queen of hearts", "the ten of clubs";
- a void is ``-`` (also – or —); a hand is a list of suits each followed by its ranks or a void, or the PBN
  dot form ``AK2.Q85..JT9876`` (local rank letters accepted).

There is no global language switch: ``lang`` is always given. ``bridgelaws.notation("da")`` (the module is
callable) or ``Notation("da")`` bundles a language with its formatters and parsers.

Errors: every ``parse_*`` function raises :class:`NotationError` (or :class:`AmbiguousNotationError`) for any
text it cannot read, and :class:`~bridgelaws.errors.LanguageError` for an unknown language; nothing else,
whatever it is given (tests/test_fuzz.py tries random text). Text longer than 1,000 characters is refused
before it is parsed.
"""

from __future__ import annotations

import itertools
import sys
import types
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bridgelaws.cards import Card, Rank, Seat, Suit, sorted_cards
from bridgelaws.deal import Hand
from bridgelaws.errors import AmbiguousNotationError, NotationError
from bridgelaws.i18n import normalize_lang, register_localizer
from bridgelaws.i18n import text as _text
from bridgelaws.laws import LawRef

__all__ = [
    "format_card", "format_seat", "format_suit", "format_rank", "format_holding", "format_hand",
    "parse_card", "parse_seat", "parse_suit", "parse_rank", "parse_holding", "parse_hand",
    "law_title", "Notation", "CARD_STYLES", "HAND_STYLES", "HOLDING_STYLES", "SEAT_STYLES", "SUIT_STYLES",
    "RANK_LETTERS", "RANK_NAMES", "SEAT_LETTERS", "SEAT_NAMES", "SUIT_NAMES", "VOID",
]

RANK_LETTERS: dict[str, dict[Rank, str]] = {
    "en": {Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J", Rank.TEN: "10"},
    "da": {Rank.ACE: "E", Rank.KING: "K", Rank.QUEEN: "D", Rank.JACK: "B", Rank.TEN: "10"},
    "nb": {Rank.ACE: "E", Rank.KING: "K", Rank.QUEEN: "D", Rank.JACK: "Kn", Rank.TEN: "10"},
}
RANK_NAMES: dict[str, dict[Rank, str]] = {
    "en": {Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack", Rank.TEN: "ten",
           Rank.NINE: "nine", Rank.EIGHT: "eight", Rank.SEVEN: "seven", Rank.SIX: "six", Rank.FIVE: "five",
           Rank.FOUR: "four", Rank.THREE: "three", Rank.TWO: "two"},
    "da": {Rank.ACE: "es", Rank.KING: "konge", Rank.QUEEN: "dame", Rank.JACK: "bonde", Rank.TEN: "ti",
           Rank.NINE: "ni", Rank.EIGHT: "otte", Rank.SEVEN: "syv", Rank.SIX: "seks", Rank.FIVE: "fem",
           Rank.FOUR: "fire", Rank.THREE: "tre", Rank.TWO: "to"},
    "nb": {Rank.ACE: "ess", Rank.KING: "konge", Rank.QUEEN: "dame", Rank.JACK: "knekt", Rank.TEN: "ti",
           Rank.NINE: "ni", Rank.EIGHT: "åtte", Rank.SEVEN: "sju", Rank.SIX: "seks", Rank.FIVE: "fem",
           Rank.FOUR: "fire", Rank.THREE: "tre", Rank.TWO: "to"},
}
SUIT_NAMES: dict[str, dict[Suit, str]] = {
    "en": {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"},
    "da": {Suit.SPADES: "spar", Suit.HEARTS: "hjerter", Suit.DIAMONDS: "ruder", Suit.CLUBS: "klør"},
    "nb": {Suit.SPADES: "spar", Suit.HEARTS: "hjerter", Suit.DIAMONDS: "ruter", Suit.CLUBS: "kløver"},
}
#: singular forms used before a rank ("heart queen", "spar dame")
SUIT_SINGULAR: dict[str, dict[Suit, str]] = {
    "en": {Suit.SPADES: "spade", Suit.HEARTS: "heart", Suit.DIAMONDS: "diamond", Suit.CLUBS: "club"},
    "da": SUIT_NAMES["da"],
    "nb": SUIT_NAMES["nb"],
}
SEAT_LETTERS: dict[str, dict[Seat, str]] = {
    "en": {Seat.NORTH: "N", Seat.EAST: "E", Seat.SOUTH: "S", Seat.WEST: "W"},
    "da": {Seat.NORTH: "N", Seat.EAST: "Ø", Seat.SOUTH: "S", Seat.WEST: "V"},
    "nb": {Seat.NORTH: "N", Seat.EAST: "Ø", Seat.SOUTH: "S", Seat.WEST: "V"},
}
SEAT_NAMES: dict[str, dict[Seat, str]] = {
    "en": {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"},
    "da": {Seat.NORTH: "Nord", Seat.EAST: "Øst", Seat.SOUTH: "Syd", Seat.WEST: "Vest"},
    "nb": {Seat.NORTH: "Nord", Seat.EAST: "Øst", Seat.SOUTH: "Syd", Seat.WEST: "Vest"},
}

#: the void marker written by ``format_holding`` / ``format_hand`` (an en dash); ``-`` and ``—`` are read too
VOID = "–"
CARD_STYLES = ("symbol", "letter", "name")
HOLDING_STYLES = ("symbol", "letter", "name", "ranks")
HAND_STYLES = ("symbol", "letter", "name", "pbn")
SEAT_STYLES = ("name", "letter")
SUIT_STYLES = ("symbol", "letter", "name", "singular")

#: the native rank letters, listed in error messages
_RANK_HELP = {
    "en": "A K Q J 10 9 8 7 6 5 4 3 2",
    "da": "E K D B 10 9 8 7 6 5 4 3 2",
    "nb": "E K D Kn 10 9 8 7 6 5 4 3 2",
}
_MAX_TEXT = 1000
#: between the ranks of a holding: Danish and Norwegian print them spaced, as the federations' magazines and
#: club diagrams do (*Dansk Bridge* "E K B 10 6 4", NBF club pages "D Kn 5"); English writes AKJ10
_RANK_JOINER = {"en": "", "da": " ", "nb": " "}
#: the LKU-22 letter code (``sT``, ``hDT86``, Danish only) is compact and keeps the ten as T
_LETTER_CODE_TEN = {"da": "T"}


def _code_rank(rank: Rank, lang: str, style: str) -> str:
    """A rank letter as the card ``style`` prints it: the letter code keeps LKU-22's T for the Danish ten."""
    if style == "letter" and rank is Rank.TEN and lang in _LETTER_CODE_TEN:
        return _LETTER_CODE_TEN[lang]
    return format_rank(rank, lang)


def _style(style: str, allowed: Sequence[str], default: str) -> str:
    if not style:
        return default
    if style not in allowed:
        raise ValueError(f"unknown style {style!r}: use one of {', '.join(allowed)}")
    return style


# --------------------------------------------------------------------------------------------- formatting

def format_rank(rank: Rank, lang: str = "en", style: str = "letter") -> str:
    """``letter`` (D, Kn, B, Q, 10, 7) or ``name`` (dame, knekt, queen). The ten is ``10`` in every
    language: DBf's law book (§ 1 "es, konge, dame, bonde, 10") and NBF's print (E K D Kn 10)."""
    lang = normalize_lang(lang)
    if _style(style, ("letter", "name"), "letter") == "name":
        return RANK_NAMES[lang][rank]
    return RANK_LETTERS[lang].get(rank, rank.letter)


def format_suit(suit: Suit, lang: str = "en", style: str = "symbol") -> str:
    """``symbol`` (♠), ``letter`` (s, the LKU-22 letter), ``name`` (spar, spades) or ``singular`` (spar,
    spade: for "a {suit:singular}")."""
    lang = normalize_lang(lang)
    style = _style(style, SUIT_STYLES, "symbol")
    if style == "name":
        return SUIT_NAMES[lang][suit]
    if style == "singular":
        return SUIT_SINGULAR[lang][suit]
    if style == "letter":
        return suit.letter.lower()
    return suit.symbol


def format_card(card: Card, lang: str = "en", style: str = "symbol") -> str:
    """``symbol``: ♠D / ♠Q; ``letter``: sD (LKU-22 style, lower-case English suit letter); ``name``: spar dame,
    queen of spades."""
    lang = normalize_lang(lang)
    style = _style(style, CARD_STYLES, "symbol")
    if style == "name":
        if lang == "en":
            return f"{RANK_NAMES[lang][card.rank]} of {SUIT_NAMES[lang][card.suit]}"
        return f"{SUIT_SINGULAR[lang][card.suit]} {RANK_NAMES[lang][card.rank]}"
    return format_suit(card.suit, lang, style) + _code_rank(card.rank, lang, style)


def format_seat(seat: Seat, lang: str = "en", style: str = "name") -> str:
    """``name`` (Syd in Danish and Norwegian, South) or ``letter`` (S; Ø and V in Danish and Norwegian).
    Norwegian bridge writes Syd, not the general bokmål Sør (NBF slides, *Norsk Bridge*); Sør is still read."""
    lang = normalize_lang(lang)
    style = _style(style, SEAT_STYLES, "name")
    return (SEAT_LETTERS if style == "letter" else SEAT_NAMES)[lang][seat]


def format_holding(cards: Iterable[Card], lang: str = "en", style: str = "symbol", *,
                   suit: Suit | None = None) -> str:
    """The cards of one suit, high to low: ``♠K B 4`` (symbol), ``sKB4`` (letter), ``spar K B 4`` (name) or
    ``K B 4`` (ranks). Danish and Norwegian separate the ranks (``♥K B 10 8``, ``♥K Kn 10 8``), English does not
    (``♥KJT8`` is ``♥KJ108``). An empty holding is a void (``♦–``) and needs ``suit``."""
    lang = normalize_lang(lang)
    style = _style(style, HOLDING_STYLES, "symbol")
    cs = sorted_cards(cards)
    suits = {c.suit for c in cs}
    if len(suits) > 1:
        raise ValueError(f"a holding is one suit, got {' '.join(str(c) for c in cs)}")
    if suits:
        (found,) = suits
        if suit is not None and found is not suit:
            raise ValueError(f"holding {' '.join(str(c) for c in cs)} is not in {suit.name.lower()}")
        suit = found
    joiner = "" if style == "letter" and lang in _LETTER_CODE_TEN else _RANK_JOINER[lang]
    ranks = joiner.join(_code_rank(c.rank, lang, style) for c in cs) or VOID
    if style == "ranks":
        return ranks
    if suit is None:
        raise ValueError("an empty holding needs suit= to be written")
    if style == "name":
        return f"{SUIT_NAMES[lang][suit]} {ranks}"
    return format_suit(suit, lang, style) + ranks


def format_hand(hand: Hand | Iterable[Card], lang: str = "en", style: str = "symbol") -> str:
    """All four suits, spades first; in Danish ``♠E K 2 ♥D 8 5 ♦– ♣10 9 8 7 6`` (symbol), ``sEK2 hD85 d– cT9876``
    (letter, LKU-22's code), ``spar E K 2, hjerter D 8 5, ruder –, klør 10 9 8 7 6`` (name) or the canonical PBN
    ``AK2.Q85..T9876`` (pbn)."""
    lang = normalize_lang(lang)
    style = _style(style, HAND_STYLES, "symbol")
    h = hand if isinstance(hand, Hand) else Hand.of(hand)
    if style == "pbn":
        return h.to_pbn()
    parts = [format_holding(h.suit(s), lang, style, suit=s) for s in Suit]
    return (", " if style == "name" else " ").join(parts)


def law_title(ref: LawRef | str, lang: str = "en") -> str:
    """The short title of a catalogued paragraph in our own words: ``law_title("50D1a", "da")``."""
    code = ref.code if isinstance(ref, LawRef) else LawRef.parse(ref).code
    return _text(f"law.{code}.title", lang)


# ------------------------------------------------------------------------------------------------ lexicon

@dataclass(frozen=True, slots=True)
class _Tok:
    kind: str  # "suit", "rank", "void", "of"
    value: Any  # Suit, Rank or None
    start: int  # offset in the (normalized) text
    form: str = ""  # for suits: "symbol", "letter" or "word"


@dataclass(frozen=True, slots=True)
class _Letter:
    text: str
    kind: str
    value: Any
    case_sensitive: bool = False
    #: K (klør/kløver) is a suit only where a word starts and goes on ("KD4", "K-"); a lone K is the king
    word_start_only: bool = False


@dataclass(frozen=True)
class _Lexicon:
    lang: str
    letters: tuple[_Letter, ...]
    suit_words: dict[str, Suit]
    rank_words: dict[str, Rank]
    of_words: frozenset[str]
    articles: frozenset[str]
    words_by_length: tuple[tuple[str, str, Any], ...] = field(default=())


_SYMBOLS = {"♠": Suit.SPADES, "♤": Suit.SPADES, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
            "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "♣": Suit.CLUBS, "♧": Suit.CLUBS}
_DASHES = frozenset("-–—−")
_IGNORABLE = frozenset("\ufe0e\ufe0f\u200d\u200b")
_SEPARATORS = frozenset(" \t\n\r\f\v\u00a0,;:/|()[]{}!?\"'«»“”„‘’.")
_DIGITS = {str(r.value): r for r in Rank if r.value <= 9}

_S, _H, _D, _C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
_NUMBER_WORDS_DA = {
    "ti": Rank.TEN, "tier": Rank.TEN, "tieren": Rank.TEN, "ni": Rank.NINE, "nier": Rank.NINE,
    "nieren": Rank.NINE, "otte": Rank.EIGHT, "otter": Rank.EIGHT, "otteren": Rank.EIGHT,
    "syv": Rank.SEVEN, "syver": Rank.SEVEN, "syveren": Rank.SEVEN, "seks": Rank.SIX, "sekser": Rank.SIX,
    "sekseren": Rank.SIX, "fem": Rank.FIVE, "femmer": Rank.FIVE, "femmeren": Rank.FIVE, "fire": Rank.FOUR,
    "firer": Rank.FOUR, "fireren": Rank.FOUR, "tre": Rank.THREE, "treer": Rank.THREE, "treeren": Rank.THREE,
    "to": Rank.TWO, "toer": Rank.TWO, "toeren": Rank.TWO,
}
_NUMBER_WORDS_NB = {
    **_NUMBER_WORDS_DA, "åtte": Rank.EIGHT, "åtter": Rank.EIGHT, "åtteren": Rank.EIGHT, "sju": Rank.SEVEN,
    "sjuer": Rank.SEVEN, "sjueren": Rank.SEVEN,
}
_HONOUR_WORDS_SCANDINAVIAN = {
    "es": Rank.ACE, "ess": Rank.ACE, "esset": Rank.ACE, "konge": Rank.KING, "kongen": Rank.KING,
    "dame": Rank.QUEEN, "damen": Rank.QUEEN, "knægt": Rank.JACK, "knægten": Rank.JACK, "bonde": Rank.JACK,
    "bonden": Rank.JACK, "knekt": Rank.JACK, "knekten": Rank.JACK,
}
_SUIT_WORDS_SCANDINAVIAN = {
    "spar": _S, "hjerter": _H, "ruder": _D, "ruter": _D, "klør": _C, "kløver": _C,
}


def _digit_letters() -> tuple[_Letter, ...]:
    return (_Letter("10", "rank", Rank.TEN),) + tuple(_Letter(d, "rank", r) for d, r in _DIGITS.items())


def _scandinavian_letters() -> tuple[_Letter, ...]:
    return _digit_letters() + (
        # suits: the LKU-22 lower-case English letters (lower-case d is never the queen) ...
        _Letter("s", "suit", _S), _Letter("h", "suit", _H), _Letter("c", "suit", _C),
        _Letter("d", "suit", _D, case_sensitive=True),
        # ... and the Scandinavian ones: ruder/ruter anywhere, klør/kløver only where a word starts
        _Letter("r", "suit", _D), _Letter("k", "suit", _C, word_start_only=True),
        # ranks: native letters, then the English ones that clash with nothing here
        _Letter("kn", "rank", Rank.JACK), _Letter("e", "rank", Rank.ACE), _Letter("k", "rank", Rank.KING),
        _Letter("D", "rank", Rank.QUEEN, case_sensitive=True), _Letter("b", "rank", Rank.JACK),
        _Letter("t", "rank", Rank.TEN), _Letter("a", "rank", Rank.ACE), _Letter("q", "rank", Rank.QUEEN),
        _Letter("j", "rank", Rank.JACK),
    )


def _build(lang: str, letters: tuple[_Letter, ...], suit_words: dict[str, Suit], rank_words: dict[str, Rank],
           of_words: Iterable[str], articles: Iterable[str]) -> _Lexicon:
    words: list[tuple[str, str, Any]] = [(w, "suit", s) for w, s in suit_words.items()]
    words += [(w, "rank", r) for w, r in rank_words.items()]
    words += [(w, "of", None) for w in of_words]
    words.sort(key=lambda t: (-len(t[0]), t[0]))
    return _Lexicon(lang, letters, suit_words, rank_words, frozenset(of_words), frozenset(articles), tuple(words))


_LEXICONS: dict[str, _Lexicon] = {
    "en": _build(
        "en", _digit_letters() + (
            _Letter("s", "suit", _S), _Letter("h", "suit", _H), _Letter("d", "suit", _D), _Letter("c", "suit", _C),
            _Letter("a", "rank", Rank.ACE), _Letter("k", "rank", Rank.KING), _Letter("q", "rank", Rank.QUEEN),
            _Letter("j", "rank", Rank.JACK), _Letter("t", "rank", Rank.TEN),
        ),
        {"spade": _S, "spades": _S, "heart": _H, "hearts": _H, "diamond": _D, "diamonds": _D,
         "club": _C, "clubs": _C},
        {"ace": Rank.ACE, "king": Rank.KING, "queen": Rank.QUEEN, "jack": Rank.JACK, "knave": Rank.JACK,
         "ten": Rank.TEN, "nine": Rank.NINE, "eight": Rank.EIGHT, "seven": Rank.SEVEN, "six": Rank.SIX,
         "five": Rank.FIVE, "four": Rank.FOUR, "three": Rank.THREE, "two": Rank.TWO, "deuce": Rank.TWO},
        ("of",), ("the",)),
    "da": _build("da", _scandinavian_letters(), _SUIT_WORDS_SCANDINAVIAN,
                 {**_HONOUR_WORDS_SCANDINAVIAN, **_NUMBER_WORDS_DA}, (), ("en", "et")),
    "nb": _build("nb", _scandinavian_letters(), _SUIT_WORDS_SCANDINAVIAN,
                 {**_HONOUR_WORDS_SCANDINAVIAN, **_NUMBER_WORDS_NB}, (), ("en", "et", "ei")),
}

_SEAT_WORDS: dict[str, Seat] = {
    "n": Seat.NORTH, "e": Seat.EAST, "ø": Seat.EAST, "o": Seat.EAST, "s": Seat.SOUTH, "w": Seat.WEST,
    "v": Seat.WEST, "north": Seat.NORTH, "east": Seat.EAST, "south": Seat.SOUTH, "west": Seat.WEST,
    "nord": Seat.NORTH, "øst": Seat.EAST, "ost": Seat.EAST, "oest": Seat.EAST, "syd": Seat.SOUTH,
    "sør": Seat.SOUTH, "sor": Seat.SOUTH, "soer": Seat.SOUTH, "vest": Seat.WEST,
}


# --------------------------------------------------------------------------------------------- the errors

def _fail(key: str, text: str, lang: str, *, position: int | None = None,
          cls: type[NotationError] = NotationError, **params: Any) -> NotationError:
    """An error whose ``str`` is the English catalogue text and whose ``explain(lang)`` is localized."""
    if position is not None:
        params["column"] = position + 1
    message = _text(key, "en", text=text, **params)
    return cls(message, text=text, lang=lang, position=position, key=key, **params)


def _ambiguous(key: str, text: str, lang: str, candidates: Sequence[object], **params: Any) -> NotationError:
    cands = tuple(candidates)
    message = _text(key, "en", text=text, candidates=cands, **params)
    return AmbiguousNotationError(message, text=text, lang=lang, key=key, candidates=cands, **params)


@dataclass
class _Failure:
    """The furthest point any reading reached before it failed, and why."""

    position: int = -1
    key: str = ""
    params: dict[str, Any] = field(default_factory=dict)

    forced: bool = False

    def note(self, position: int, key: str, **params: Any) -> None:
        if position > self.position and not self.forced:
            self.position, self.key, self.params = position, key, params

    def force(self, key: str, **params: Any) -> None:
        """A failure of the whole text (no position) that no later note replaces."""
        self.position, self.key, self.params, self.forced = 0, key, params, True

    def error(self, text: str, lang: str) -> NotationError:
        position = max(self.position, 0) if self.key and not self.forced else None
        return _fail(self.key or "notation.empty", text, lang, position=position, **self.params)


# ----------------------------------------------------------------------------------------------- the lexer

def _prepare(text: object, lang: str) -> tuple[str, str]:
    """Normalize the language and the text (NFC); raise for what is not text at all."""
    lang = normalize_lang(lang)
    if not isinstance(text, str):
        raise _fail("notation.not_text", repr(text), lang)
    t = unicodedata.normalize("NFC", text)
    if len(t) > _MAX_TEXT:
        raise _fail("notation.too_long", t[:40] + "…", lang, count=len(t), limit=_MAX_TEXT)
    return t, lang


def _words(text: str, lex: _Lexicon) -> list[tuple[int, str]]:
    """Split at separators; drop articles ("the", "en", "et"), but not a word in capitals: "ET" is the ace and
    ten in Danish, where the article is written "et" or "Et"."""
    out: list[tuple[int, str]] = []
    start = -1
    for i, ch in enumerate(text + " "):
        if ch in _SEPARATORS:
            if start >= 0:
                w = text[start:i]
                if w.lower() not in lex.articles or (w.isupper() and len(w) > 1):
                    out.append((start, w))
                start = -1
        elif start < 0:
            start = i
    return out


_MAX_ALTERNATIVES = 64
_MAX_STEPS = 20_000

#: one step of the lexer: the token read (None for a joining hyphen), where it ends, and whether it was a word
_Step = tuple["_Tok | None", int, bool]


def _options(word: str, lower: str, i: int, after_word: bool, offset: int, lex: _Lexicon) -> list[_Step]:
    """Every token that can start at ``word[i]`` (``after_word``: right after a suit or rank word)."""
    out: list[_Step] = []
    ch = word[i]
    if i == 0 or after_word:
        for w, kind, value in lex.words_by_length:
            end = i + len(w)
            # a rank word ends its word ("damen", not "dame" + "n"); a suit word may run on ("spardame")
            if lower.startswith(w, i) and (end == len(word) or not word[end].isalpha() or kind == "suit"):
                out.append((_Tok(kind, value, offset + i, "word"), end, True))
    if ch in _SYMBOLS:
        out.append((_Tok("suit", _SYMBOLS[ch], offset + i, "symbol"), i + 1, False))
    elif ch in _DASHES:
        if after_word and i + 1 < len(word) and word[i + 1] not in _DASHES:
            out.append((None, i + 1, True))  # "spar-dame", "ruder-10": a hyphen joins two words
        else:
            out.append((_Tok("void", None, offset + i), i + 1, False))
    else:
        for letter in lex.letters:
            n = len(letter.text)
            piece = word[i:i + n]
            if (piece == letter.text if letter.case_sensitive else piece.lower() == letter.text) and (
                    not letter.word_start_only or (i == 0 and i + n < len(word))):
                form = "letter" if letter.kind == "suit" else ""
                out.append((_Tok(letter.kind, letter.value, offset + i, form), i + n, False))
    return out


def _lower(word: str) -> str:
    """``word`` in lower case, one character for one, so that positions in the two line up. ``str.lower``
    makes two characters of U+0130 (İ); such a character is kept as it is (it matches no letter or word)."""
    lower = word.lower()
    if len(lower) == len(word):
        return lower
    return "".join(low if len(low := ch.lower()) == 1 else ch for ch in word)


def _lex_word(word: str, offset: int, lex: _Lexicon, failure: _Failure) -> list[tuple[_Tok, ...]]:
    """Every way of reading one word as tokens. A word that is exactly a suit or rank word ("spar", "jack",
    "es") is read only as that word. Records where reading failed when no reading exists.

    A dynamic programme over (position, right after a word): each state is read once, so no text can make
    it slow, and nothing recurses."""
    lower = _lower(word)
    for w, kind, value in lex.words_by_length:
        if w == lower:
            return [(_Tok(kind, value, offset, "word"),)]
    skip = _skips(word)
    steps: dict[tuple[int, bool], list[_Step]] = {}
    for i in range(len(word)):
        if skip[i] == i:
            for aw in (False, True):
                steps[i, aw] = _options(word, lower, i, aw, offset, lex)
    results = _readings(len(word), skip, steps)
    if results is None:
        failure.force("notation.too_complex")
        return []
    if not results:
        _note_dead_end(word, offset, lex, failure, skip, steps)
        return []
    # the same token sequence can be reached twice (e.g. "spar" as a word and as letters): keep one
    return list(dict.fromkeys(results))


def _skips(word: str) -> list[int]:
    """For each position, the next position at or after it that is not an ignorable character."""
    n = len(word)
    skip = list(range(n + 1))
    for i in range(n - 1, -1, -1):
        if word[i] in _IGNORABLE:
            skip[i] = skip[i + 1]
    return skip


def _readings(n: int, skip: list[int], steps: dict[tuple[int, bool], list[_Step]]) -> list[tuple[_Tok, ...]] | None:
    """Backward over the word: the readings of every suffix, those of the whole word returned; None when there
    are more than ``_MAX_ALTERNATIVES``."""
    suffixes: dict[tuple[int, bool], list[tuple[_Tok, ...]] | None] = {(n, False): [()], (n, True): [()]}
    for i in range(n - 1, -1, -1):
        if skip[i] != i:
            continue
        for aw in (False, True):
            acc: list[tuple[_Tok, ...]] | None = []
            for tok, end, end_aw in steps[i, aw]:
                rest = suffixes[skip[end], end_aw]
                if rest is None or acc is None:
                    acc = None
                    break
                acc.extend(((tok,) + r if tok is not None else r) for r in rest)
                if len(acc) > _MAX_ALTERNATIVES:
                    acc = None
                    break
            suffixes[i, aw] = acc
    return suffixes[skip[0], False]


def _note_dead_end(word: str, offset: int, lex: _Lexicon, failure: _Failure, skip: list[int],
                   steps: dict[tuple[int, bool], list[_Step]]) -> None:
    """A word with no reading: forward from its start to the furthest place reading stops, and the note that
    says what stands there (an unknown word, a rank this language does not write, or an unreadable character)."""
    n = len(word)
    # which states the start reaches, and the kind of token that led there
    reached: dict[tuple[int, bool], str] = {(skip[0], False): ""}
    for i in range(n + 1):
        for aw in (False, True):
            if (i, aw) not in reached or i >= n:
                continue
            for tok, end, end_aw in steps[i, aw]:
                reached.setdefault((skip[end], end_aw), tok.kind if tok is not None else reached[i, aw])
    dead = max((i for (i, aw) in reached if i < n and not steps[i, aw]), default=0)
    prev = max((reached[i, aw] for (i, aw) in reached if i == dead and not steps[i, aw]), default="")
    ch = word[dead]
    if word.isalpha() and n >= 3 and not any(c in _SYMBOLS for c in word):
        failure.note(offset, "notation.unknown_word", fragment=word)
    elif prev in ("suit", "rank") and ch.isalnum():
        failure.note(offset + dead, "notation.unknown_rank", fragment=ch, ranks=_RANK_HELP[lex.lang])
    else:
        failure.note(offset + dead, "notation.unreadable", fragment=ch)


def _lex(text: str, lang: str, failure: _Failure) -> list[list[tuple[_Tok, ...]]] | None:
    """Per word, its readings; None if some word cannot be read at all."""
    lex = _LEXICONS[lang]
    out = []
    for offset, word in _words(text, lex):
        alts = _lex_word(word, offset, lex, failure)
        if not alts:
            return None
        out.append(alts)
    return out


# --------------------------------------------------------------------------------------------- the grammar

@dataclass(frozen=True, slots=True)
class _Reading:
    """A complete reading of a text as suit groups: the cards, and every suit mentioned (voids included)."""

    cards: frozenset[Card]
    suits: tuple[Suit, ...]


class _Group(NamedTuple):
    """Where a reading of suit groups stands: the suit of the group open now (None before the first), how many
    ranks it has and whether it was written void, where it started; every card read and every suit named."""

    suit: Suit | None
    count: int
    void: bool
    start: int
    cards: frozenset[Card]
    suits: tuple[Suit, ...]


def _read_groups(words: list[list[tuple[_Tok, ...]]], failure: _Failure, *, start_suit: Suit | None = None,
                 limit: int = 4) -> list[_Reading]:
    """Read suit groups (a suit followed by ranks or a void, repeated). With ``start_suit`` the text begins
    inside a group of that suit (ranks only). Returns up to ``limit`` distinct readings.

    Depth first over the words' readings, with an explicit stack and a budget of steps."""
    found: dict[_Reading, None] = {}
    budget = _MAX_STEPS
    initial = _Group(start_suit, 0, False, 0, frozenset(), (start_suit,) if start_suit is not None else ())
    stack: list[tuple[int, _Group]] = [(0, initial)]
    while stack and len(found) < limit:
        wi, st = stack.pop()
        if wi == len(words):
            reading = _close(st, failure)
            if reading is not None:
                found[reading] = None
            continue
        for alt in reversed(words[wi]):
            budget -= len(alt)
            if budget < 0:
                failure.force("notation.too_complex")
                return list(found)
            cur: _Group | None = st
            for tok in alt:
                cur = _step(tok, cur, failure)
                if cur is None:
                    break
            if cur is not None:
                stack.append((wi + 1, cur))
    return list(found)


def _step(tok: _Tok, st: _Group, failure: _Failure) -> _Group | None:
    """``st`` after reading ``tok``, or None (with a note of why) when the token cannot stand there."""
    if tok.kind == "suit":
        return _open_suit(tok, st, failure)
    if tok.kind == "rank":
        return _add_rank(tok, st, failure)
    if tok.kind == "void":
        return _mark_void(tok, st, failure)
    failure.note(tok.start, "notation.unexpected_word", fragment="of")
    return None


def _open_suit(tok: _Tok, st: _Group, failure: _Failure) -> _Group | None:
    """A suit closes the group before it (which must have ranks or a void) and opens its own, once per text."""
    if st.suit is not None and st.count == 0 and not st.void:
        failure.note(tok.start, "notation.empty_suit", suit=st.suit, void=_void_example(st.suit))
        return None
    if tok.value in st.suits:
        failure.note(tok.start, "notation.suit_twice", suit=tok.value)
        return None
    return _Group(tok.value, 0, False, tok.start, st.cards, st.suits + (tok.value,))


def _add_rank(tok: _Tok, st: _Group, failure: _Failure) -> _Group | None:
    """A rank adds a card of the open suit: not before any suit, not in a void, not twice, not a 14th."""
    if st.suit is None:
        failure.note(tok.start, "notation.rank_before_suit", rank=tok.value, example=Card(Suit.SPADES, tok.value))
        return None
    if st.void:
        failure.note(tok.start, "notation.void_with_cards", suit=st.suit)
        return None
    card = Card(st.suit, tok.value)
    if card in st.cards:
        failure.note(tok.start, "notation.card_twice", card=card)
        return None
    if len(st.cards) >= 13:
        failure.note(tok.start, "notation.too_many_cards", count=len(st.cards) + 1)
        return None
    return _Group(st.suit, st.count + 1, st.void, st.start, st.cards | {card}, st.suits)


def _mark_void(tok: _Tok, st: _Group, failure: _Failure) -> _Group | None:
    """A void sign ("—", "-") after a suit with no ranks."""
    if st.suit is None:
        failure.note(tok.start, "notation.unreadable", fragment="-")
        return None
    if st.count or st.void:
        failure.note(tok.start, "notation.void_with_cards", suit=st.suit)
        return None
    return _Group(st.suit, st.count, True, st.start, st.cards, st.suits)


def _close(st: _Group, failure: _Failure) -> _Reading | None:
    """The end of the text: a reading if the last group has ranks or a void (and there is a group at all)."""
    if st.suit is None:
        failure.note(0, "notation.empty")
    elif st.count == 0 and not st.void:
        failure.note(st.start, "notation.empty_suit", suit=st.suit, void=_void_example(st.suit))
    else:
        return _Reading(st.cards, st.suits)
    return None


def _void_example(suit: Suit) -> str:
    return suit.symbol + VOID


def _hand_text_for(reading: _Reading, lang: str) -> str:
    """A candidate reading in the notation it was written in, mentioning only the suits the text mentions."""
    return " ".join(format_holding([c for c in reading.cards if c.suit is s], lang, suit=s) for s in reading.suits)


# -------------------------------------------------------------------------------------------------- parsing

def _prepare_words(text: object, lang: str) -> tuple[str, str, list[list[tuple[_Tok, ...]]], _Failure]:
    """``_prepare`` then ``_lex``: the normalized text and language, its words, and the failure record the
    readers add to; raises for text with no readable words."""
    t, lang = _prepare(text, lang)
    failure = _Failure()
    words = _lex(t, lang, failure)
    if words is None:
        raise failure.error(t, lang)
    if not words:
        raise _fail("notation.empty", t, lang)
    return t, lang, words, failure


def parse_card(text: str, lang: str) -> Card:
    """One card: ``♠D``, ``sD``, ``D♠``, ``spar dame``, ``spardamen`` (da), ``♦10``, ``ruter knekt`` (nb),
    ``SQ``, ``heart queen``, ``queen of hearts`` (en). A rank without a suit, a suit without a rank, or a
    letter that can be read two ways raises :class:`AmbiguousNotationError` with the possible cards."""
    t, lang, words, failure = _prepare_words(text, lang)
    complete: dict[Card, None] = {}
    ranks: dict[Rank, None] = {}
    suits: dict[Suit, None] = {}
    lone = _lone_suit_letter(t, lang)
    if lone is not None:
        suits[lone] = None
    if len(words) <= 3:
        for combo in itertools.islice(itertools.product(*words), 256):
            toks = [tok for alt in combo for tok in alt]
            kinds = tuple(tok.kind for tok in toks)
            if kinds == ("suit", "rank"):
                complete[Card(toks[0].value, toks[1].value)] = None
            elif kinds == ("rank", "suit") and toks[1].form in ("symbol", "word"):
                complete[Card(toks[1].value, toks[0].value)] = None
            elif kinds == ("rank", "of", "suit"):
                complete[Card(toks[2].value, toks[0].value)] = None
            elif kinds == ("rank",):
                ranks[toks[0].value] = None
            elif kinds == ("suit",):
                suits[toks[0].value] = None
    if len(complete) == 1:
        return next(iter(complete))
    if complete:
        raise _ambiguous("notation.ambiguous", t, lang, sorted_cards(complete))
    if ranks or suits:
        cands = sorted_cards({Card(s, r) for r in ranks for s in Suit} | {Card(s, r) for s in suits for r in Rank})
        if ranks and suits:
            raise _ambiguous("notation.ambiguous", t, lang, cands)
        if ranks:
            raise _ambiguous("notation.rank_only", t, lang, cands, rank=next(iter(ranks)))
        raise _ambiguous("notation.suit_only", t, lang, cands, suit=next(iter(suits)))
    readings = _read_groups(words, failure, limit=2)
    if not readings:
        raise failure.error(t, lang)
    r = readings[0]
    if len(r.cards) == 1 and len(readings) == 1:
        return next(iter(r.cards))
    if not r.cards:
        raise _fail("notation.void_not_card", t, lang, suits=r.suits)
    raise _fail("notation.not_one_card", t, lang, count=len(r.cards), cards=tuple(sorted_cards(r.cards)))


def _lone_suit_letter(t: str, lang: str) -> Suit | None:
    """K alone is klør/kløver as well as the king (da, nb): the suit reading of a whole text of one letter."""
    word = t.strip()
    for letter in _LEXICONS[lang].letters:
        if letter.kind == "suit" and letter.word_start_only and word.lower() == letter.text:
            return letter.value  # type: ignore[no-any-return]
    return None


def _single_word_values(t: str, lang: str, kind: str) -> set[Any]:
    """The values of ``kind`` ("suit" or "rank") that the text can be read as, when it is one word of one
    token."""
    words = _lex(t, lang, _Failure())
    if not words or len(words) != 1:
        return set()
    return {alt[0].value for alt in words[0] if len(alt) == 1 and alt[0].kind == kind}


def parse_suit(text: str, lang: str) -> Suit:
    """One suit: ♠, ♤, s, S, spar, spades; in Danish and Norwegian also R (ruder/ruter) and K (klør/kløver)."""
    t, lang = _prepare(text, lang)
    found = _single_word_values(t, lang, "suit")
    lone = _lone_suit_letter(t, lang)
    if lone is not None:
        found.add(lone)
    if len(found) == 1:
        return found.pop()
    raise _fail("notation.not_a_suit", t, lang, suits=tuple(Suit))


def parse_rank(text: str, lang: str) -> Rank:
    """One rank: the letter or digits (D, Kn, Q, T, 10, 7) or the word (dame, damen, knekt, queen, ti)."""
    t, lang = _prepare(text, lang)
    found = _single_word_values(t, lang, "rank")
    if len(found) == 1:
        return found.pop()
    raise _fail("notation.not_a_rank", t, lang, ranks=_RANK_HELP[lang])


def parse_holding(text: str, lang: str, suit: Suit | None = None) -> tuple[Card, ...]:
    """The cards of one suit, high to low: ``♠KB4``, ``sKB4``, ``spar KB4``, ``♦–`` (a void: no cards), or
    with ``suit`` given the ranks alone (``KB4``, ``K B 4``, ``KJ4``). With ``suit`` given, text that reads
    as ranks alone is read so, even where a leading K could be klør/kløver."""
    t, lang, words, failure = _prepare_words(text, lang)
    if suit is not None:
        readings = _read_groups(words, failure, start_suit=suit, limit=2)
        readings = [r for r in readings if r.suits == (suit,)]
        if len(readings) == 1:
            return tuple(sorted_cards(readings[0].cards))
    readings = _read_groups(words, failure, limit=4)
    if not readings:
        if suit is None and failure.key == "notation.rank_before_suit":
            raise _fail("notation.holding_no_suit", t, lang, example=failure.params["example"])
        raise failure.error(t, lang)
    if len(readings) > 1:
        raise _ambiguous("notation.ambiguous", t, lang, [_hand_text_for(r, lang) for r in readings])
    r = readings[0]
    if len(r.suits) > 1:
        raise _fail("notation.holding_suits", t, lang, suits=r.suits)
    if suit is not None and r.suits[0] is not suit:
        raise _fail("notation.holding_other_suit", t, lang, suit=suit, found=r.suits[0])
    return tuple(sorted_cards(r.cards))


def parse_hand(text: str, lang: str) -> Hand:
    """A hand: suits each followed by ranks or a void (``♠AK2 ♥Q85 ♦- ♣JT9876``, ``sEB2 hDT86, dE432, cBT``,
    ``spar E K 2``), or the PBN dot form (``AK2.Q85..JT9876``; local rank letters accepted). Suits not
    mentioned have no cards (a partial hand, as articles often show); ``-`` alone is the empty hand."""
    t, lang = _prepare(text, lang)
    stripped = t.strip()
    if stripped and all(ch in _DASHES for ch in stripped):
        return Hand()
    pbn_error: NotationError | None = None
    if stripped.count(".") == 3 and not any(ch.isspace() or ch in _SYMBOLS for ch in stripped):
        try:
            return _parse_dot_hand(stripped, t, lang)
        except NotationError as exc:
            pbn_error = exc
    dotted = "." in stripped and not any(ch.isspace() or ch in _SYMBOLS for ch in stripped)
    failure = _Failure()
    words = _lex(t, lang, failure)
    if words is not None and not words:
        raise _fail("notation.empty", t, lang)
    readings = _read_groups(words, failure, limit=4) if words is not None else []
    if not readings:
        if pbn_error is None and dotted:
            raise _fail("notation.pbn_suits", t, lang, count=stripped.count(".") + 1)
        raise pbn_error or failure.error(t, lang)
    if len(readings) > 1:
        raise _ambiguous("notation.ambiguous", t, lang, [_hand_text_for(r, lang) for r in readings])
    return Hand(readings[0].cards)


def _parse_dot_hand(stripped: str, t: str, lang: str) -> Hand:
    lex = _LEXICONS[lang]
    ranks_only = tuple(letter for letter in lex.letters if letter.kind == "rank")
    cards: set[Card] = set()
    pos = t.index(stripped)
    for suit, part in zip(Suit, stripped.split(".")):
        i = 0
        if part in ("-", "–", "—"):
            pos += len(part) + 1
            continue
        while i < len(part):
            for letter in ranks_only:
                piece = part[i:i + len(letter.text)]
                if piece == letter.text if letter.case_sensitive else piece.lower() == letter.text:
                    card = Card(suit, letter.value)
                    if card in cards:
                        raise _fail("notation.card_twice", t, lang, position=pos + i, card=card)
                    cards.add(card)
                    i += len(letter.text)
                    break
            else:
                raise _fail("notation.unknown_rank", t, lang, position=pos + i, fragment=part[i],
                            ranks=_RANK_HELP[lang])
        pos += len(part) + 1
    if len(cards) > 13:
        raise _fail("notation.too_many_cards", t, lang, count=len(cards))
    return Hand(frozenset(cards))


def parse_seat(text: str, lang: str) -> Seat:
    """A seat by letter (N Ø S V, N E S W) or name (Nord, Øst, Syd, Sør, Vest, North ...), in any case. The
    letters and names of all three languages are accepted: none of them clash."""
    t, lang = _prepare(text, lang)
    seat = _SEAT_WORDS.get(t.strip().lower())
    if seat is None:
        raise _fail("notation.unknown_seat", t, lang, seats=tuple(Seat))
    return seat


# ------------------------------------------------------------------------------------------ Notation object

@dataclass(frozen=True, slots=True)
class Notation:
    """The notation of one language: ``Notation("da")`` or ``bridgelaws.notation("da")``.

    >>> nt = Notation("da")
    >>> nt.card(nt.parse_card("spar dame")), nt.seat(Seat.SOUTH), nt.card(Card.parse("HT"), style="letter")
    ('♠D', 'Syd', 'hT')
    """

    lang: str
    style: str = "symbol"

    def __post_init__(self) -> None:
        object.__setattr__(self, "lang", normalize_lang(self.lang))
        _style(self.style, CARD_STYLES, "symbol")

    def card(self, card: Card, style: str | None = None) -> str:
        return format_card(card, self.lang, style or self.style)

    def suit(self, suit: Suit, style: str | None = None) -> str:
        return format_suit(suit, self.lang, style or self.style)

    def rank(self, rank: Rank, style: str = "letter") -> str:
        return format_rank(rank, self.lang, style)

    def holding(self, cards: Iterable[Card], suit: Suit | None = None, style: str | None = None) -> str:
        return format_holding(cards, self.lang, style or self.style, suit=suit)

    def hand(self, hand: Hand | Iterable[Card], style: str | None = None) -> str:
        return format_hand(hand, self.lang, style or self.style)

    def seat(self, seat: Seat, style: str = "name") -> str:
        return format_seat(seat, self.lang, style)

    def cite(self, ref: LawRef | str) -> str:
        """``§ 50D1a`` (da, nb) or ``Law 50D1(a)`` (en)."""
        return (ref if isinstance(ref, LawRef) else LawRef.parse(ref)).cite(self.lang)

    def law_title(self, ref: LawRef | str) -> str:
        return law_title(ref, self.lang)

    def parse_card(self, text: str) -> Card:
        return parse_card(text, self.lang)

    def parse_suit(self, text: str) -> Suit:
        return parse_suit(text, self.lang)

    def parse_rank(self, text: str) -> Rank:
        return parse_rank(text, self.lang)

    def parse_holding(self, text: str, suit: Suit | None = None) -> tuple[Card, ...]:
        return parse_holding(text, self.lang, suit)

    def parse_hand(self, text: str) -> Hand:
        return parse_hand(text, self.lang)

    def parse_seat(self, text: str) -> Seat:
        return parse_seat(text, self.lang)


class _CallableModule(types.ModuleType):
    """Lets ``bridgelaws.notation("da")`` build a :class:`Notation` while ``bridgelaws.notation`` stays this
    module (``i18n.localize`` and ``from bridgelaws import notation`` rely on that)."""

    def __call__(self, lang: str, style: str = "symbol") -> Notation:
        return Notation(lang, style)


sys.modules[__name__].__class__ = _CallableModule

# the catalogues write cards, seats, suits and ranks through these (bridgelaws.i18n.localize)
register_localizer(Card, lambda v, lang, spec: format_card(v, lang, style=spec or "symbol"))
register_localizer(Seat, lambda v, lang, spec: format_seat(v, lang, style=spec or "name"))
register_localizer(Suit, lambda v, lang, spec: format_suit(v, lang, style=spec or "symbol"))
register_localizer(Rank, lambda v, lang, spec: format_rank(v, lang, style=spec or "letter"))
