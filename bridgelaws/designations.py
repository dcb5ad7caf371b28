"""What declarer says when he plays from dummy, read as a structured :class:`Designation` (Laws 45C4, 46).

``parse_designation(words, lang)`` reads a designation in Danish (``da``), Norwegian bokmål (``nb``) or
English (``en``) and returns *what was designated*, not which card that is: the card follows from dummy's
holding and the trick (Law 46B), which is the engine's business (:mod:`bridgelaws.rules.designation`).

>>> parse_designation("spar bonde", "da")
Designation(suit=Suit.SPADES, rank=Rank.JACK, kind='card')
>>> parse_designation("en lille", "da").kind, parse_designation("den tar vi", "nb").kind
('low', 'win')
>>> parse_designation("a small diamond", "en")
Designation(suit=Suit.DIAMONDS, rank=None, kind='low')
>>> parse_designation("nieren", "da").rank
Rank.NINE

The kinds: ``card`` (suit and rank), ``suit`` (a suit without a rank, 46B2), ``rank`` (a rank without a
suit, 46B3), ``high`` / ``low`` (46B1a / 46B1c, optionally with a suit: "a small diamond"), ``win`` (46B1b),
``any`` ("anything", "it doesn't matter", 46B5), ``none`` (only words such as "play" or "please":
neither suit nor rank, 46B5) and ``trump`` ("ruff", "a trump", "trumf", "stjæl", "stjel": the trump suit without
a rank, read from the contract and dummy's holding; docs/designations.md gives the reading and its sources).

>>> parse_designation("ruff it", "en").kind, parse_designation("stjæl", "da").kind, parse_designation("trumf den", "nb").kind
('trump', 'trump', 'trump')

Nothing is guessed. Words the reader does not know, two suits or two ranks ("club eight - nonsense,
diamond eight": write the second as a correction), or words that contradict each other ("the small queen")
raise :class:`~bridgelaws.errors.NotationError` (or its subclass :class:`AmbiguousNotationError`, listing the
readings) with a catalogue key, so ``exc.explain("da")`` says what was not understood in Danish.

Structured designations are accepted too, so a teacher is never stuck on phrasing: a :class:`Designation`,
a mapping ``{"kind": "suit", "suit": "H"}``, or the canonical text ``str(designation)`` in any language:
``card:SJ``, ``suit:H``, ``rank:Q``, ``high``, ``high:C``, ``low``, ``low:D``, ``win``, ``any``, ``none``.
The vocabulary is documented in docs/designations.md.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bridgelaws.cards import Card, Rank, Suit
from bridgelaws.errors import AmbiguousNotationError, NotationError
from bridgelaws.i18n import Message, normalize_lang

__all__ = ["Designation", "parse_designation", "KINDS", "VOCABULARY"]

#: the kinds of designation, in the order of Law 46
KINDS: tuple[str, ...] = ("card", "suit", "rank", "high", "low", "win", "any", "none", "trump")

_S, _H, _D, _C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
MAX_TEXT = 500


@dataclass(frozen=True, slots=True)
class Designation:
    """What declarer designated: a suit, a rank, both, or one of the words of Law 46B1 and 46B5.

    ``kind`` is one of :data:`KINDS`; ``suit`` is given for ``card`` and ``suit`` and may be given for
    ``high`` and ``low`` ("a small diamond"); ``rank`` is given for ``card`` and ``rank``. An empty ``kind``
    is derived from the suit and rank.
    """

    suit: Suit | None = None
    rank: Rank | None = None
    kind: str = ""

    def __post_init__(self) -> None:
        kind = self.kind
        if not kind:
            kind = ("card" if self.rank is not None else "suit") if self.suit is not None else \
                ("rank" if self.rank is not None else "none")
            object.__setattr__(self, "kind", kind)
        if kind not in KINDS:
            raise ValueError(f"unknown kind of designation {kind!r}: use one of {', '.join(KINDS)}")
        need_suit = kind in ("card", "suit")
        need_rank = kind in ("card", "rank")
        may_suit = need_suit or kind in ("high", "low")
        if need_suit and self.suit is None or need_rank and self.rank is None:
            raise ValueError(f"a {kind!r} designation needs a {'suit' if self.suit is None else 'rank'}")
        if self.suit is not None and not may_suit or self.rank is not None and not need_rank:
            raise ValueError(f"a {kind!r} designation names no {'suit' if self.suit is not None else 'rank'}")

    # ---- constructors -------------------------------------------------------------------------------
    @classmethod
    def of_card(cls, card: Card) -> Designation:
        return cls(card.suit, card.rank, "card")

    @classmethod
    def parse(cls, words: Any, lang: str = "en") -> Designation:
        """Same as :func:`parse_designation`."""
        return parse_designation(words, lang)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Designation:
        """``{"kind": "card", "suit": "S", "rank": "J"}`` (``card = "SJ"`` is accepted for a card)."""
        unknown = set(data) - {"kind", "suit", "rank", "card"}
        if unknown:
            raise ValueError(f"unknown key(s) {', '.join(sorted(map(str, unknown)))} in a designation; "
                             "use kind, suit, rank (or card)")
        if "card" in data:
            card = data["card"] if isinstance(data["card"], Card) else Card.parse(str(data["card"]))
            return cls(card.suit, card.rank, str(data.get("kind", "card")))
        suit = data.get("suit")
        rank = data.get("rank")
        if suit is not None and not isinstance(suit, Suit):
            suit = Suit.parse(str(suit))
        if rank is not None and not isinstance(rank, Rank):
            rank = Rank.parse(str(rank))
        return cls(suit, rank, str(data.get("kind", "")))

    # ---- views --------------------------------------------------------------------------------------
    @property
    def card(self) -> Card | None:
        """The card named, for a ``card`` designation."""
        if self.kind == "card" and self.suit is not None and self.rank is not None:
            return Card(self.suit, self.rank)
        return None

    def to_dict(self) -> dict[str, str]:
        out = {"kind": self.kind}
        if self.suit is not None:
            out["suit"] = self.suit.value
        if self.rank is not None:
            out["rank"] = self.rank.letter
        return out

    def message(self) -> Message:
        """The designation in words (a catalogue message): "♠J", "a spade", "the queen", "high" ..."""
        if self.kind == "card":
            return Message("played.desig.card", {"card": self.card})
        if self.kind == "suit":
            return Message("played.desig.suit", {"suit": self.suit})
        if self.kind == "rank":
            return Message("played.desig.rank", {"rank": self.rank})
        if self.kind in ("high", "low") and self.suit is not None:
            return Message(f"played.desig.{self.kind}_suit", {"suit": self.suit})
        return Message(f"played.desig.{self.kind}", {})

    def __str__(self) -> str:
        """The canonical, language-neutral form, read back by :func:`parse_designation` in any language."""
        if self.kind == "card":
            return f"card:{self.suit}{self.rank}"
        if self.kind == "suit":
            return f"suit:{self.suit}"
        if self.kind == "rank":
            return f"rank:{self.rank}"
        if self.suit is not None:
            return f"{self.kind}:{self.suit}"
        return self.kind

    def __repr__(self) -> str:
        return f"Designation(suit={self.suit!r}, rank={self.rank!r}, kind={self.kind!r})"


# ----------------------------------------------------------------------------------------------------------
# the vocabulary (docs/designations.md lists it; tests/test_designations.py checks that the two agree)
# ----------------------------------------------------------------------------------------------------------

EN_SUITS = {"spade": _S, "spades": _S, "heart": _H, "hearts": _H, "diamond": _D, "diamonds": _D,
             "club": _C, "clubs": _C}
EN_RANKS = {
    "ace": Rank.ACE, "king": Rank.KING, "queen": Rank.QUEEN, "jack": Rank.JACK, "knave": Rank.JACK,
    "ten": Rank.TEN, "nine": Rank.NINE, "eight": Rank.EIGHT, "seven": Rank.SEVEN, "six": Rank.SIX,
    "five": Rank.FIVE, "four": Rank.FOUR, "three": Rank.THREE, "two": Rank.TWO, "deuce": Rank.TWO,
}
SC_SUITS = {"spar": _S, "hjerter": _H, "ruder": _D, "ruter": _D, "klør": _C, "kløver": _C}
SC_RANKS = {
    "es": Rank.ACE, "esset": Rank.ACE, "ess": Rank.ACE,
    "konge": Rank.KING, "kongen": Rank.KING,
    "dame": Rank.QUEEN, "damen": Rank.QUEEN, "dama": Rank.QUEEN,
    "bonde": Rank.JACK, "bonden": Rank.JACK, "knægt": Rank.JACK, "knægten": Rank.JACK,
    "knekt": Rank.JACK, "knekten": Rank.JACK,
    "ti": Rank.TEN, "tier": Rank.TEN, "tieren": Rank.TEN,
    "ni": Rank.NINE, "nier": Rank.NINE, "nieren": Rank.NINE,
    "otte": Rank.EIGHT, "otter": Rank.EIGHT, "otteren": Rank.EIGHT,
    "åtte": Rank.EIGHT, "åtter": Rank.EIGHT, "åtteren": Rank.EIGHT,
    "syv": Rank.SEVEN, "syver": Rank.SEVEN, "syveren": Rank.SEVEN,
    "sju": Rank.SEVEN, "sjuer": Rank.SEVEN, "sjueren": Rank.SEVEN,
    "seks": Rank.SIX, "sekser": Rank.SIX, "sekseren": Rank.SIX,
    "fem": Rank.FIVE, "femmer": Rank.FIVE, "femmeren": Rank.FIVE,
    "fire": Rank.FOUR, "firer": Rank.FOUR, "fireren": Rank.FOUR,
    "tre": Rank.THREE, "treer": Rank.THREE, "treeren": Rank.THREE,
    "to": Rank.TWO, "toer": Rank.TWO, "toeren": Rank.TWO,
}

#: word classes other than suits and ranks, per language
VOCABULARY: dict[str, dict[str, frozenset[str]]] = {
    "en": {
        "high": frozenset({"high", "highest", "big", "biggest", "top", "large", "largest"}),
        "low": frozenset({"low", "lowest", "small", "smallest", "little"}),
        "win": frozenset({"win", "wins", "winner", "winning"}),
        "take": frozenset({"take", "takes", "taking"}),
        "trump": frozenset({"ruff", "ruffs", "ruffing", "trump", "trumps", "trumping"}),
        "pronoun": frozenset({"it", "that"}),
        "any": frozenset({"anything", "any", "whatever", "whichever"}),
        "filler": frozenset({
            "a", "an", "the", "one", "please", "play", "lead", "i", "i'll", "i'd", "we", "we'll", "let's", "let",
            "us", "will", "shall", "would", "like", "want", "to", "have", "from", "dummy", "and", "now", "then",
            "card", "of", "okay", "ok", "so", "just", "no", "sorry", "oops", "nonsense", "rubbish", "naturally",
            "obviously", "course", "give", "me", "meant", "mean", "in", "on", "there", "put", "with",
        }),
    },
    "sc": {  # Danish and Norwegian share one vocabulary: players from both countries meet at the table
        "high": frozenset({"høj", "høje", "højeste", "højest", "høy", "høye", "høyeste", "høyest", "stor",
                           "store", "største", "størst"}),
        "low": frozenset({"lille", "lav", "lave", "laveste", "lavest", "mindste", "mindst", "små", "liten",
                          "lita", "lite", "minste", "minst"}),
        "win": frozenset({"stik", "stikker", "stikke", "vind", "vinder", "vinde", "stikk", "vinn", "vinner",
                          "vinne"}),
        "take": frozenset({"tag", "tager", "tage", "ta", "tar"}),
        # trumf: noun and verb in both languages; stjæl (da) and stjel (nb): "steal", i.e. ruff
        "trump": frozenset({"trumf", "trumfe", "trumfer", "trumfen", "stjæl", "stjæle", "stjæler", "stjel",
                            "stjele", "stjeler"}),
        "pronoun": frozenset({"den", "det"}),
        "any": frozenset({"ligegyldigt", "ligegyldig", "likegyldig", "likegyldige", "uansett", "noget", "noe"}),
        "filler": frozenset({
            "en", "et", "ei", "jeg", "vi", "vil", "gerne", "gjerne", "have", "ha", "så", "skal", "spil", "spill",
            "spiller", "spille", "lad", "la", "os", "oss", "kort", "fra", "bordet", "bord", "blindemann",
            "blindemannen", "nej", "nei", "ja", "tak", "takk", "bare", "nu", "nå", "og", "af", "av", "med",
            "også", "mente", "mener", "sludder", "vrøvl", "tull", "tøys", "tøv", "pardon", "undskyld",
            "unnskyld", "beklager", "hov", "oi", "naturligvis", "selvfølgelig", "klart", "giv", "gi", "mig",
            "meg", "læg", "legg",
        }),
    },
}

#: phrases read as one word class (checked before single words, longest first)
_PHRASES: dict[str, tuple[tuple[tuple[str, ...], str], ...]] = {
    "en": (
        (("it", "doesn't", "matter"), "any"), (("it", "does", "not", "matter"), "any"),
        (("doesn't", "matter"), "any"), (("does", "not", "matter"), "any"), (("no", "matter"), "any"),
        (("don't", "care"), "any"), (("of", "course"), "filler"),
    ),
    "sc": (
        (("det", "er", "ligegyldigt"), "any"), (("lige", "meget"), "any"), (("hvad", "som", "helst"), "any"),
        (("hvilket", "som", "helst"), "any"), (("hvilken", "som", "helst"), "any"),
        (("et", "eller", "andet"), "any"), (("hva", "som", "helst"), "any"), (("samme", "det"), "any"),
        (("det", "spiller", "ingen", "rolle"), "any"), (("spiller", "ingen", "rolle"), "any"),
    ),
}

_CANONICAL = re.compile(r"^(card|suit|rank|high|low|win|any|none|trump)(?::(.*))?$")
_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'"})
_SPLIT = re.compile(r"[\s,;:.!?\"«»“”„()\[\]{}/|…\-–—−]+")
_DIGIT_RANK = re.compile(r"^(10|[2-9])(?:'?(?:eren|er))?$")
_SYMBOLS = "♠♥♦♣♤♡♢♧"


def _vocabulary(lang: str) -> tuple[dict[str, frozenset[str]], dict[str, Suit], dict[str, Rank],
                                     tuple[tuple[tuple[str, ...], str], ...]]:
    if lang == "en":
        return VOCABULARY["en"], EN_SUITS, EN_RANKS, _PHRASES["en"]
    return VOCABULARY["sc"], SC_SUITS, SC_RANKS, _PHRASES["sc"]


@dataclass(frozen=True, slots=True)
class _Tok:
    text: str
    kind: str  # suit rank card high low win take trump pronoun any filler unknown
    value: Any = None


def _fail(key: str, text: str, lang: str, **params: Any) -> NotationError:
    from bridgelaws.i18n import text as _text

    return NotationError(_text(key, "en", text=text, **params), text=text, lang=lang, key=key, **params)


def _ambiguous(key: str, text: str, lang: str, candidates: tuple[Designation, ...],
               **params: Any) -> AmbiguousNotationError:
    from bridgelaws.i18n import text as _text

    readings = tuple(c.message() for c in candidates)
    params = dict(params, readings=readings)
    return AmbiguousNotationError(_text(key, "en", text=text, **params), text=text, lang=lang, key=key,
                                  candidates=candidates, **params)


def _compact(word: str, lang: str) -> list[_Tok]:
    """A card, suit or rank written with letters, digits or symbols (``♠J``, ``sB``, ``SQ``, ``H10``, ``D``):
    read by :mod:`bridgelaws.notation`; only words with a symbol, a digit or a capital letter qualify, so
    that ordinary words ("de", "ha") are never read as cards."""
    if not (any(ch in _SYMBOLS or ch.isdigit() or ch.isupper() for ch in word)):
        return []
    from bridgelaws import notation

    out: list[_Tok] = []
    try:
        out.append(_Tok(word, "card", notation.parse_card(word, lang)))
        return out
    except NotationError:
        pass
    for kind, fn in (("rank", notation.parse_rank), ("suit", notation.parse_suit)):
        try:
            out.append(_Tok(word, kind, fn(word, lang)))
        except NotationError:
            pass
    return out


def _compound(word: str, suits: dict[str, Suit], ranks: dict[str, Rank]) -> _Tok | None:
    """``spardame``, ``hjerterkongen``, ``kløverknekt``: a suit word and a rank word written as one."""
    for sw, suit in suits.items():
        if word.startswith(sw) and word[len(sw):] in ranks and len(word) > len(sw):
            return _Tok(word, "card", Card(suit, ranks[word[len(sw):]]))
    return None


def _tokens(text: str, lang: str) -> list[_Tok]:
    vocab, suits, ranks, phrases = _vocabulary(lang)
    raw = [w.strip("'-") for w in _SPLIT.split(text.translate(_APOSTROPHES))]
    words = [w for w in raw if w]
    lower = [w.lower() for w in words]
    out: list[_Tok] = []
    i = 0
    while i < len(words):
        for phrase, kind in sorted(phrases, key=lambda p: -len(p[0])):
            if tuple(lower[i:i + len(phrase)]) == phrase:
                out.append(_Tok(" ".join(words[i:i + len(phrase)]), kind))
                i += len(phrase)
                break
        else:
            out.append(_word(words[i], lower[i], lang, vocab, suits, ranks))
            i += 1
    return out


def _word(word: str, low: str, lang: str, vocab: dict[str, frozenset[str]], suits: dict[str, Suit],
          ranks: dict[str, Rank]) -> _Tok:
    if low in suits:
        return _Tok(word, "suit", suits[low])
    if low in ranks:
        return _Tok(word, "rank", ranks[low])
    m = _DIGIT_RANK.match(low)
    if m:
        return _Tok(word, "rank", Rank.TEN if m.group(1) == "10" else Rank(int(m.group(1))))
    for kind in ("high", "low", "win", "take", "trump", "pronoun", "any", "filler"):
        if low in vocab[kind]:
            return _Tok(word, kind)
    compound = _compound(low, suits, ranks)
    if compound is not None:
        return compound
    readings = _compact(word, lang)
    if len(readings) == 1:
        return readings[0]
    if len(readings) > 1:
        return _Tok(word, "ambiguous", tuple(readings))
    return _Tok(word, "unknown")


def parse_designation(words: Any, lang: str = "en") -> Designation:
    """Read declarer's words (``lang`` ``da``, ``nb`` or ``en``) as a :class:`Designation`.

    Accepts a Designation (returned as it is), a mapping with ``kind`` / ``suit`` / ``rank``, the canonical
    text (``card:SJ``, ``low:D``, ``win`` ...) or natural words. Raises NotationError (with a catalogue key)
    for words it does not understand, and AmbiguousNotationError for two designations in one breath or for
    words that contradict each other.
    """
    lang = normalize_lang(lang)
    if isinstance(words, Designation):
        return words
    if isinstance(words, Card):
        return Designation.of_card(words)
    if isinstance(words, Mapping):
        try:
            return Designation.from_dict(words)
        except (ValueError, TypeError) as exc:
            raise _fail("played.parse.bad_structured", str(dict(words)), lang, problem=str(exc)) from None
    if not isinstance(words, str):
        raise _fail("played.parse.not_text", repr(words), lang)
    text = unicodedata.normalize("NFC", words).strip()
    if len(text) > MAX_TEXT:
        raise _fail("played.parse.too_long", text[:40] + "…", lang, limit=MAX_TEXT)
    if not text:
        raise _fail("played.parse.empty", text, lang)
    m = _CANONICAL.match(text)
    if m:
        return _canonical(text, m.group(1), m.group(2), lang)
    toks = _tokens(text, lang)
    if not toks:
        raise _fail("played.parse.empty", text, lang)
    unknown = tuple(t.text for t in toks if t.kind == "unknown")
    if unknown:
        raise _fail("played.parse.unknown_words", text, lang, words=tuple(f"“{w}”" for w in unknown))
    for t in toks:
        if t.kind == "ambiguous":
            cands = tuple(Designation(t2.value if t2.kind == "suit" else None,
                                      t2.value if t2.kind == "rank" else None) for t2 in t.value)
            raise _ambiguous("played.parse.ambiguous_word", text, lang, cands, word=t.text)
    return _combine(text, lang, toks)


def _canonical(text: str, kind: str, arg: str | None, lang: str) -> Designation:
    try:
        if arg is not None and not arg.strip():
            raise ValueError(f"nothing after '{kind}:'")
        if kind == "card":
            if arg is None:
                raise ValueError("card: needs a card, e.g. card:SJ")
            return Designation.of_card(Card.parse(arg))
        if kind in ("suit", "high", "low"):
            if arg is None:
                if kind == "suit":
                    raise ValueError("suit: needs a suit letter, e.g. suit:H")
                return Designation(kind=kind)
            return Designation(Suit.parse(arg), None, kind)
        if kind == "rank":
            if arg is None:
                raise ValueError("rank: needs a rank, e.g. rank:Q")
            return Designation(None, Rank.parse(arg), "rank")
        if arg is not None:
            raise ValueError(f"{kind} takes nothing after it")
        return Designation(kind=kind)
    except (ValueError, TypeError) as exc:
        raise _fail("played.parse.bad_structured", text, lang, problem=str(exc)) from None


def _combine(text: str, lang: str, toks: list[_Tok]) -> Designation:
    cards = [t.value for t in toks if t.kind == "card"]
    suits = [t.value for t in toks if t.kind == "suit"]
    ranks = [t.value for t in toks if t.kind == "rank"]
    kinds = {t.kind for t in toks}
    named = bool(cards or suits or ranks)
    # two designations in one breath ("klør otte - sludder, ruder otte"): never pick one
    readings: list[Designation] = [Designation.of_card(c) for c in cards]
    if len(suits) > 1 or len(ranks) > 1 or cards and (suits or ranks):
        if len(suits) == len(ranks) and not cards:
            readings += [Designation(s, r) for s, r in zip(suits, ranks)]
        else:
            readings += [Designation(s) for s in suits] + [Designation(None, r) for r in ranks]
        raise _ambiguous("played.parse.two_designations", text, lang, tuple(_unique(readings)))
    if "trump" in kinds:
        return _trump(text, lang, kinds, cards, suits, ranks)
    manner = [k for k in ("high", "low", "win") if k in kinds]
    if "take" in kinds and "pronoun" in kinds and not named and not manner:
        manner = ["win"]          # "den tar vi", "tag den", "we'll take it"
    if len(manner) > 1:
        raise _ambiguous("played.parse.contradictory", text, lang,
                         tuple(Designation(kind=k) for k in manner))
    suit = suits[0] if suits else None
    rank = ranks[0] if ranks else None
    if manner:
        kind = manner[0]
        if cards or rank is not None or (kind == "win" and suit is not None):
            named_as = Designation.of_card(cards[0]) if cards else Designation(suit, rank)
            raise _ambiguous("played.parse.contradictory", text, lang,
                             (Designation(suit if kind != "win" else None, None, kind), named_as))
        if "any" in kinds:
            raise _ambiguous("played.parse.contradictory", text, lang,
                             (Designation(suit, None, kind), Designation(kind="any")))
        return Designation(suit, None, kind)
    if cards:
        if "any" in kinds:
            raise _ambiguous("played.parse.contradictory", text, lang,
                             (Designation.of_card(cards[0]), Designation(kind="any")))
        return Designation.of_card(cards[0])
    if named:
        return Designation(suit, rank)   # "any club" is still a suit without a rank (46B2)
    if "any" in kinds:
        return Designation(kind="any")
    return Designation(kind="none")


def _trump(text: str, lang: str, kinds: set[str], cards: list[Card], suits: list[Suit],
           ranks: list[Rank]) -> Designation:
    """"ruff", "a trump", "trump it", "ruff small", "trumf", "stjæl den": the trump suit without a rank. With a
    card, a suit, a rank or another manner ("ruff with the ace", "ruff high", "ruff, anything") the words say two
    things, and nothing is guessed: the readings are listed."""
    others = [Designation.of_card(c) for c in cards] + [Designation(s) for s in suits] \
        + [Designation(None, r) for r in ranks] + [Designation(kind=k) for k in ("high", "win", "any") if k in kinds]
    if others:
        raise _ambiguous("played.parse.contradictory", text, lang, (Designation(kind="trump"), *others))
    return Designation(kind="trump")     # "low" ("ruff small", "en lille trumf") says the same: the lowest trump


def _unique(items: list[Designation]) -> list[Designation]:
    out: list[Designation] = []
    for d in items:
        if d not in out:
            out.append(d)
    return out
