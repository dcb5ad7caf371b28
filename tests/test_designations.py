"""The designation parser (bridgelaws.designations): what declarers say in Danish, Norwegian and English maps to
the right structured designation; nonsense and ambiguity give a clear error, never a guess."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaws.cards import Card, Rank, Suit
from bridgelaws.designations import KINDS, VOCABULARY, Designation, parse_designation
from bridgelaws.errors import AmbiguousNotationError, NotationError
from bridgelaws.i18n import LANGS

ROOT = Path(__file__).resolve().parent.parent
S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def card(s: Suit, r: Rank) -> Designation:
    return Designation(s, r, "card")


#: every phrase of the issue, in its language, and what it designates
ISSUE_PHRASES = [
    ("a club", "en", Designation(C, None, "suit")),
    ("a small one", "en", Designation(None, None, "low")),
    ("we'll win it", "en", Designation(None, None, "win")),
    ("the queen", "en", Designation(None, Rank.QUEEN, "rank")),
    ("spade jack", "en", card(S, Rank.JACK)),
    ("heart queen", "en", card(H, Rank.QUEEN)),
    ("club eight", "en", card(C, Rank.EIGHT)),
    ("nine", "en", Designation(None, Rank.NINE, "rank")),
    ("en klør", "da", Designation(C, None, "suit")),
    ("en lille", "da", Designation(None, None, "low")),
    ("den stikker vi", "da", Designation(None, None, "win")),
    ("damen", "da", Designation(None, Rank.QUEEN, "rank")),
    ("spar bonde", "da", card(S, Rank.JACK)),
    ("klør otte", "da", card(C, Rank.EIGHT)),
    ("ruder otte", "da", card(D, Rank.EIGHT)),
    ("nieren", "da", Designation(None, Rank.NINE, "rank")),
    ("kongen", "da", Designation(None, Rank.KING, "rank")),
    ("hjerter", "da", Designation(H, None, "suit")),
    ("en kløver", "nb", Designation(C, None, "suit")),
    ("en liten", "nb", Designation(None, None, "low")),
    ("den tar vi", "nb", Designation(None, None, "win")),
    ("dama", "nb", Designation(None, Rank.QUEEN, "rank")),
    ("spar knekt", "nb", card(S, Rank.JACK)),
    ("ruter åtter", "nb", card(D, Rank.EIGHT)),
]

#: more of what the articles and the table say
MORE_PHRASES = [
    ("A club", "en", Designation(C, None, "suit")),
    ("a small diamond", "en", Designation(D, None, "low")),
    ("a big club", "en", Designation(C, None, "high")),
    ("high", "en", Designation(kind="high")),
    ("low heart", "en", Designation(H, None, "low")),
    ("take it", "en", Designation(kind="win")),
    ("take a club", "en", Designation(C, None, "suit")),
    ("jack of spades", "en", card(S, Rank.JACK)),
    ("I play the spade eight", "en", card(S, Rank.EIGHT)),
    ("then I'll have a queen", "en", Designation(None, Rank.QUEEN, "rank")),
    ("it doesn't matter", "en", Designation(kind="any")),
    ("play anything", "en", Designation(kind="any")),
    ("any club", "en", Designation(C, None, "suit")),
    ("play", "en", Designation(kind="none")),
    ("♠J", "en", card(S, Rank.JACK)),
    ("SQ", "en", card(S, Rank.QUEEN)),
    ("H10", "en", card(H, Rank.TEN)),
    ("♦", "en", Designation(D, None, "suit")),
    ("10", "en", Designation(None, Rank.TEN, "rank")),
    ("en lille ruder", "da", Designation(D, None, "low")),
    ("en stor klør", "da", Designation(C, None, "high")),
    ("jeg vil gerne have hjerter ...", "da", Designation(H, None, "suit")),
    ("nej, spar bonde!", "da", card(S, Rank.JACK)),
    ("så skal jeg have en dame", "da", Designation(None, Rank.QUEEN, "rank")),
    ("så skal jeg have damen", "da", Designation(None, Rank.QUEEN, "rank")),
    ("jeg mente spar konge", "da", card(S, Rank.KING)),
    ("vrøvl, kongen", "da", Designation(None, Rank.KING, "rank")),
    ("kongen, naturligvis", "da", Designation(None, Rank.KING, "rank")),
    ("spar otte, naturligvis", "da", card(S, Rank.EIGHT)),
    ("det er ligegyldigt", "da", Designation(kind="any")),
    ("tag den", "da", Designation(kind="win")),
    ("sB", "da", card(S, Rank.JACK)),
    ("hD", "da", card(H, Rank.QUEEN)),
    ("d8", "da", card(D, Rank.EIGHT)),
    ("D", "da", Designation(None, Rank.QUEEN, "rank")),
    ("spardame", "da", card(S, Rank.QUEEN)),
    ("hjerterkongen", "da", card(H, Rank.KING)),
    ("10'eren", "da", Designation(None, Rank.TEN, "rank")),
    ("9'eren", "da", Designation(None, Rank.NINE, "rank")),
    ("en høy", "nb", Designation(kind="high")),
    ("det spiller ingen rolle", "nb", Designation(kind="any")),
    ("hva som helst", "nb", Designation(kind="any")),
    ("ta en kløver", "nb", Designation(C, None, "suit")),
    ("vi tar den", "nb", Designation(kind="win")),
    ("kløver konge", "nb", card(C, Rank.KING)),
    ("sKn", "nb", card(S, Rank.JACK)),
    ("en klør", "nb", Designation(C, None, "suit")),         # Danish words are understood in Norwegian
    ("en kløver", "da", Designation(C, None, "suit")),       # and the other way round
    ("ruder otte", "no", card(D, Rank.EIGHT)),               # "no" is an alias of "nb"
]


@pytest.mark.parametrize("words, lang, expected", ISSUE_PHRASES, ids=[f"{lg}:{w}" for w, lg, _ in ISSUE_PHRASES])
def test_every_phrase_of_the_issue_maps_to_its_designation(words: str, lang: str, expected: Designation) -> None:
    assert parse_designation(words, lang) == expected


@pytest.mark.parametrize("words, lang, expected", MORE_PHRASES, ids=[f"{lg}:{w}" for w, lg, _ in MORE_PHRASES])
def test_more_table_phrases_map_to_their_designation(words: str, lang: str, expected: Designation) -> None:
    assert parse_designation(words, lang) == expected


# ----------------------------------------------------------------------------------------------------------
# errors: clear, localized, never a guess
# ----------------------------------------------------------------------------------------------------------

UNKNOWN = [("banana", "en", ["banana"]), ("spade banana", "en", ["banana"]), ("hjerter flotte", "da", ["flotte"]),
           ("en kløver takk skal du ha", "nb", ["du"]), ("de", "da", ["de"]), ("ha", "en", ["ha"]),
           ("spades please xyzzy", "en", ["xyzzy"]), ("spar bonde", "en", ["spar", "bonde"])]


@pytest.mark.parametrize("words, lang, unknown", UNKNOWN, ids=[f"{lg}:{w}" for w, lg, _ in UNKNOWN])
def test_unknown_words_are_listed_in_the_error(words: str, lang: str, unknown: list[str]) -> None:
    with pytest.raises(NotationError) as info:
        parse_designation(words, lang)
    exc = info.value
    assert not isinstance(exc, AmbiguousNotationError)
    assert exc.key == "played.parse.unknown_words"
    for w in unknown:
        assert f"“{w}”" in str(exc)
        for explain_lang in LANGS:
            assert f"“{w}”" in exc.explain(explain_lang)
    assert exc.explain("da").startswith("Forstod ikke")
    assert exc.explain("nb").startswith("Forsto ikke")


AMBIGUOUS = [
    ("klør otte – sludder, ruder otte", "da", "played.parse.two_designations",
     {card(C, Rank.EIGHT), card(D, Rank.EIGHT)}),
    ("nieren – vrøvl kongen", "da", "played.parse.two_designations",
     {Designation(None, Rank.NINE, "rank"), Designation(None, Rank.KING, "rank")}),
    ("spade jack, no, heart queen", "en", "played.parse.two_designations",
     {card(S, Rank.JACK), card(H, Rank.QUEEN)}),
    ("hjerter nej spar", "da", "played.parse.two_designations", {Designation(H), Designation(S)}),
    ("the small queen", "en", "played.parse.contradictory",
     {Designation(kind="low"), Designation(None, Rank.QUEEN, "rank")}),
    ("win it with the queen", "en", "played.parse.contradictory",
     {Designation(kind="win"), Designation(None, Rank.QUEEN, "rank")}),
    ("high low", "en", "played.parse.contradictory", {Designation(kind="high"), Designation(kind="low")}),
    ("a high one, anything", "en", "played.parse.contradictory", {Designation(kind="high"), Designation(kind="any")}),
    ("win it with a spade", "en", "played.parse.contradictory", {Designation(kind="win"), Designation(S)}),
    ("K", "da", "played.parse.ambiguous_word", {Designation(None, Rank.KING, "rank"), Designation(C)}),
]


@pytest.mark.parametrize("words, lang, key, readings", AMBIGUOUS, ids=[f"{lg}:{w}" for w, lg, _, _ in AMBIGUOUS])
def test_ambiguous_or_contradictory_words_list_the_readings(words: str, lang: str, key: str,
                                                            readings: set[Designation]) -> None:
    with pytest.raises(AmbiguousNotationError) as info:
        parse_designation(words, lang)
    exc = info.value
    assert exc.key == key
    assert set(exc.candidates) == readings
    for explain_lang in LANGS:
        text = exc.explain(explain_lang)
        assert words in text and "{" not in text


@pytest.mark.parametrize("words", ["", "   ", "...", "–"])
def test_empty_words_are_an_error(words: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_designation(words, "en")
    assert info.value.key == "played.parse.empty"


def test_text_that_is_not_a_string_is_an_error() -> None:
    with pytest.raises(NotationError) as info:
        parse_designation(42, "en")
    assert info.value.key == "played.parse.not_text"


def test_unknown_language_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        parse_designation("a club", "sv")


# ----------------------------------------------------------------------------------------------------------
# structured designations
# ----------------------------------------------------------------------------------------------------------

ALL_DESIGNATIONS = (
    [Designation.of_card(c) for c in (Card.parse("SJ"), Card.parse("HT"), Card.parse("C2"))]
    + [Designation(s) for s in Suit] + [Designation(None, r) for r in (Rank.QUEEN, Rank.NINE, Rank.TEN)]
    + [Designation(kind=k) for k in ("high", "low", "win", "any", "none")]
    + [Designation(s, None, k) for s in (D, C) for k in ("high", "low")]
)


@pytest.mark.parametrize("d", ALL_DESIGNATIONS, ids=[str(d) for d in ALL_DESIGNATIONS])
@pytest.mark.parametrize("lang", ["da", "nb", "en"])
def test_the_canonical_text_reads_back_in_every_language(d: Designation, lang: str) -> None:
    assert parse_designation(str(d), lang) == d
    assert parse_designation(d, lang) is d
    assert parse_designation(d.to_dict(), lang) == d
    assert Designation.from_dict(d.to_dict()) == d
    for text_lang in LANGS:
        assert d.message().text(text_lang)


def test_structured_forms_are_accepted() -> None:
    assert parse_designation({"card": "SJ"}, "da") == card(S, Rank.JACK)
    assert parse_designation({"kind": "suit", "suit": "H"}, "nb") == Designation(H)
    assert parse_designation(Card.parse("D8"), "en") == card(D, Rank.EIGHT)
    assert parse_designation("card:D10", "en") == card(D, Rank.TEN)


@pytest.mark.parametrize("bad", ["card:", "card:SX", "suit:", "rank:", "win:S", "rank:Z"])
def test_malformed_canonical_text_is_an_error(bad: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_designation(bad, "en")
    assert info.value.key == "played.parse.bad_structured"


@pytest.mark.parametrize("bad", [{"kind": "card", "suit": "S"}, {"kind": "win", "suit": "S"}, {"colour": "red"},
                                 {"kind": "nonsense"}])
def test_malformed_structured_designations_are_errors(bad: dict[str, str]) -> None:
    with pytest.raises(NotationError) as info:
        parse_designation(bad, "en")
    assert info.value.key == "played.parse.bad_structured"


def test_a_designation_checks_its_own_consistency() -> None:
    assert Designation(S).kind == "suit" and Designation(None, Rank.TWO).kind == "rank"
    assert Designation().kind == "none"
    with pytest.raises(ValueError):
        Designation(None, Rank.ACE, "card")
    with pytest.raises(ValueError):
        Designation(S, Rank.ACE, "high")
    with pytest.raises(ValueError):
        Designation(kind="maybe")
    assert set(KINDS) == {"card", "suit", "rank", "high", "low", "win", "any", "none", "trump"}
    assert repr(Designation(S, Rank.JACK)) == "Designation(suit=Suit.SPADES, rank=Rank.JACK, kind='card')"


# ----------------------------------------------------------------------------------------------------------
# properties
# ----------------------------------------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40), st.sampled_from(["da", "nb", "en"]))
def test_any_text_gives_a_designation_or_a_notation_error(text: str, lang: str) -> None:
    try:
        d = parse_designation(text, lang)
    except NotationError as exc:
        assert exc.key is not None and exc.key.startswith("played.parse.")
        for explain_lang in LANGS:
            assert exc.explain(explain_lang)
    else:
        assert d.kind in KINDS


def _words_of(lang: str) -> list[str]:
    vocab = VOCABULARY["en" if lang == "en" else "sc"]
    return sorted(w for cls in vocab.values() for w in cls)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_vocabulary_words_alone_or_with_a_suit_never_raise_unknown(data: st.DataObject) -> None:
    lang = data.draw(st.sampled_from(["da", "nb", "en"]))
    words = data.draw(st.lists(st.sampled_from(_words_of(lang)), min_size=1, max_size=4))
    try:
        parse_designation(" ".join(words), lang)
    except NotationError as exc:
        assert exc.key != "played.parse.unknown_words", (words, str(exc))


# ----------------------------------------------------------------------------------------------------------
# the documentation lists the vocabulary
# ----------------------------------------------------------------------------------------------------------

def test_docs_list_every_word_of_the_vocabulary() -> None:
    doc = (ROOT / "docs" / "designations.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"[\wæøåÆØÅ']+", doc.lower()))
    for vocab in VOCABULARY.values():
        for words in vocab.values():
            missing = sorted(w for w in words if w not in listed)
            assert not missing, f"docs/designations.md does not list {missing}"
    from bridgelaws import designations

    for table in (designations.EN_SUITS, designations.EN_RANKS, designations.SC_SUITS, designations.SC_RANKS):
        missing = sorted(w for w in table if w not in listed)
        assert not missing, f"docs/designations.md does not list {missing}"


# ----------------------------------------------------------------------------------------------------------
# "ruff", "a trump", "trumf", "stjæl", "stjel" (issue #22, item 4; docs/designations.md gives the sources)
# ----------------------------------------------------------------------------------------------------------

# dummy (North) holds ♠96 and no club; West leads
RUFF_DEAL = "N:96.AKQJT98.5432. 75.765.AKQ.AKQJT AKQJT8.432.JT9.9 432..876.8765432"


def _ruff_table(contract: str, *events: object):  # type: ignore[no-untyped-def]
    from bridgelaws import Contract, Deal, Table
    from bridgelaws.cards import Seat

    t = Table(Deal.from_pbn(RUFF_DEAL), Contract.parse(contract, "S"))
    for ev in events:
        t.push(ev)  # type: ignore[arg-type]
    assert t.state.dummy is Seat.NORTH
    return t


@pytest.mark.parametrize(("words", "lang"), [
    ("ruff", "en"), ("ruff it", "en"), ("a trump", "en"), ("trump", "en"), ("trump it", "en"), ("ruff small", "en"),
    ("trumf", "da"), ("trumf den", "da"), ("stjæl", "da"), ("stjæl den", "da"),
    ("trumf", "nb"), ("trumf den", "nb"), ("stjel", "nb"), ("stjel den", "nb"), ("en trumf", "nb"),
])
def test_ruff_words_are_the_trump_suit_without_a_rank(words: str, lang: str) -> None:
    d = parse_designation(words, lang)
    assert d == Designation(kind="trump") and d.suit is None and d.rank is None
    assert parse_designation(str(d), "da") == d


@pytest.mark.parametrize("words", ["ruff with the ace", "ruff high", "trump the queen", "ruff a spade"])
def test_ruff_with_something_else_named_is_not_guessed(words: str) -> None:
    with pytest.raises(AmbiguousNotationError) as info:
        parse_designation(words, "en")
    assert Designation(kind="trump") in info.value.candidates and len(info.value.candidates) == 2


def test_ruff_when_dummy_is_void_in_the_suit_led_plays_the_lowest_trump_46b2() -> None:
    from bridgelaws.cards import Card, Seat
    from bridgelaws.events import Designate, Play

    for words, lang in (("ruff", "en"), ("stjæl", "da"), ("trumf", "nb"), ("a trump", "en")):
        t = _ruff_table("4S", Play(Seat.WEST, Card.parse("C8")), Designate(Seat.SOUTH, words=words, lang=lang))
        assert t.state.trick[-1] == (Seat.NORTH, Card.parse("S6")), words   # ♠6, not ♠9
    # dummy wins with ♠6 and leads: "a trump" is still the lowest trump, the ♠9 now
    t = _ruff_table("4S", Play(Seat.WEST, Card.parse("C8")), Designate(Seat.SOUTH, words="ruff"),
                    Play(Seat.EAST, Card.parse("CA")), Play(Seat.SOUTH, Card.parse("C9")),
                    Designate(Seat.SOUTH, words="trumf", lang="da"))
    assert t.tricks[0].winner is Seat.NORTH and t.state.trick == ((Seat.NORTH, Card.parse("S9")),)


def test_ruff_when_dummy_cannot_ruff_designates_no_card() -> None:
    from bridgelaws.cards import Card, Seat
    from bridgelaws.events import Designate, Play

    # dummy holds diamonds when a diamond is led: it must follow, so "ruff" designates no card it may play
    t = _ruff_table("4S", Play(Seat.WEST, Card.parse("D8")), Designate(Seat.SOUTH, words="ruff"))
    p = t.state.designation
    assert not t.state.trick[1:] and p is not None and p.by == "declarer" and p.valid is False
    assert set(p.candidates) == {Card.parse(x) for x in ("D5", "D4", "D3", "D2")}
    # no trump suit: nothing to ruff with, whatever dummy holds
    t = _ruff_table("3NT", Play(Seat.WEST, Card.parse("C8")), Designate(Seat.SOUTH, words="stjel", lang="nb"))
    p = t.state.designation
    assert not t.state.trick[1:] and p is not None and p.by == "declarer" and p.valid is False
    assert len(p.candidates) == 13
    # the next designation settles it
    t.push(Designate(Seat.SOUTH, words="heart eight"))
    assert t.state.designation is None and t.state.trick[-1] == (Seat.NORTH, Card.parse("H8"))
