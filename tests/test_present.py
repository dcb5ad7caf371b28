"""bridgelaws.present: the walk-through of a scenario shown in a notebook."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgelaws import present

SCENARIOS = Path(__file__).resolve().parents[1] / "notebooks" / "scenarios"
DIAMOND = SCENARIOS / "01-stort-strafkort-ex1-trick4-diamond-lead.toml"  # 17 events; revoke corrected at 12


def headings(html: str) -> list[str]:
    """The stop headings as text (the red suit symbols are wrapped in a span)."""
    return [re.sub(r"<[^>]+>", "", h) for h in re.findall(r"<h4>(.*?)</h4>", html)]


def test_the_walk_stops_before_the_irregularity_after_it_and_after_each_trick_from_then_on() -> None:
    ex = present.example(DIAMOND, lang="en")
    assert [s.events for s in ex.stops()] == [11, 12, 13, 17]
    assert headings(ex._repr_html_()) == [
        "The play so far (tricks played: 2)", "West revokes with ♦3 and corrects it", "After trick 3",
        "After trick 4"]


def test_walk_without_arguments_is_the_whole_walk_through() -> None:
    ex = present.example(DIAMOND, lang="da")
    assert str(ex.walk()) == ex._repr_html_()


def test_walk_from_an_event_count_keeps_only_the_later_stops() -> None:
    ex = present.example(DIAMOND, lang="en")
    assert headings(ex.walk(13)) == ["After trick 3", "After trick 4"]
    assert headings(ex.walk(12, 13)) == ["West revokes with ♦3 and corrects it", "After trick 3"]


@pytest.mark.parametrize(("lang", "heading"), [
    ("en", "Trick 4: West to play"), ("da", "Stik 4: Vest skal spille"), ("nb", "Stikk 4: Vest skal spille")])
def test_walk_adds_a_stop_in_the_middle_of_a_trick_where_the_penalty_card_binds(lang: str, heading: str) -> None:
    ex = present.example(DIAMOND, lang=lang)
    walk = ex.walk(13, also=[16])
    assert headings(walk)[1] == heading
    assert walk.count('<div class="bl bl-table"') == 3


def test_an_extra_stop_that_is_a_stop_already_is_shown_once() -> None:
    ex = present.example(DIAMOND, lang="en")
    assert headings(ex.walk(13, also=[13, 17])) == ["After trick 3", "After trick 4"]


def test_an_extra_stop_outside_the_history_is_refused() -> None:
    ex = present.example(DIAMOND, lang="en")
    with pytest.raises(ValueError, match="0 to 17"):
        ex.walk(also=[18])


def test_the_text_of_a_walk_is_each_heading_with_what_the_director_says_there() -> None:
    ex = present.example(DIAMOND, lang="en")
    text = repr(ex.walk(13, also=[16]))
    assert text.startswith("Major penalty card, example 1: dummy leads ♦7, West must play ♦3\n")
    assert "Trick 4: West to play\n• West's ♦3 is a major penalty card (Law 50B)\n" \
           "• West must play ♦3 to this trick (Law 50D1(a))" in text
    assert "After trick 4\n• East to play\n\nTimeline: " in text


def test_a_walk_ends_with_the_timeline_picture_and_its_text() -> None:
    # 01, example 1: West's ♦3 becomes a major penalty card in trick 3 (62B1, 50B) and is played in trick 4,
    # where dummy leads ♦7 and West must play it (50D1a)
    walk = present.example(DIAMOND, lang="en").walk()
    assert walk.count("<svg ") == 1 and walk.index("<svg ") > walk.rindex('<div class="bl bl-table"')
    assert repr(walk).endswith("• West's ♦3 is a major penalty card (Law 50D1(a)): arises in trick 3; "
                               "lapses in trick 4: West played ♦3")
    assert " id=" not in walk and "<style" not in walk


def test_the_walk_is_the_same_bytes_each_time() -> None:
    assert str(present.example(DIAMOND, lang="nb").walk(also=[16])) == \
        str(present.example(DIAMOND, lang="nb").walk(also=[16]))


@pytest.mark.parametrize(("lang", "start"), [
    ("da", "Bordet spiller ♦7 ud i stik 4."), ("nb", "Blindemann spiller ut ♦7 i stikk 4."),
    ("en", "Dummy leads ♦7 at trick 4.")])
def test_the_question_is_shown_in_the_language_of_the_example(lang: str, start: str) -> None:
    walk = present.example(DIAMOND, lang=lang).walk()
    question = re.search(r"<p><em>(.*?)</em></p>", walk)
    assert question and re.sub(r"<[^>]+>", "", question[1]).startswith(start)


def test_red_suits_are_red_without_a_stylesheet() -> None:
    # ♥ and ♦ in the title, the question and the headings carry their colour inline (an untrusted notebook,
    # GitHub and nbviewer drop our <style>); ♠ and ♣ stay as they are; the symbol itself is always kept
    walk = present.example(DIAMOND, lang="en").walk()
    question = re.search(r"<p><em>(.*?)</em></p>", walk)[1]
    assert '<span style="color:#c8102e">♦7</span>' in question
    assert "♦" not in question.replace('<span style="color:#c8102e">♦7</span>', "")
    assert present.red_suits("♠A ♥K ♦10, ♣J ♥ <b>") == (
        '♠A <span style="color:#c8102e">♥K</span> <span style="color:#c8102e">♦10</span>, ♣J '
        '<span style="color:#c8102e">♥</span> &lt;b&gt;')
    # a holding is red as a whole, up to the first word that is not a rank
    assert present.red_suits("♥K B 9 2 og ♦E D: så ♥Kn 10") == (
        '<span style="color:#c8102e">♥K B 9 2</span> og <span style="color:#c8102e">♦E D</span>: så '
        '<span style="color:#c8102e">♥Kn 10</span>')


def test_a_folded_walk_shows_only_its_summary_until_clicked() -> None:
    ex = present.example(DIAMOND, lang="da")
    plain, folded = ex.walk(13), ex.walk(13, folded=True)
    assert folded.startswith('<details class="bl-folded"><summary')
    summary = re.search(r"<summary[^>]*>(.*?)</summary>", folded)[1]
    assert "Vis gennemgangen" in summary and "bl-table" not in summary
    assert folded.endswith(str(plain) + "</details>")  # everything else is inside the fold
    assert repr(folded) == repr(plain)  # the plain text (compared by nbval) does not change


def test_a_walk_carries_no_stylesheet() -> None:
    """The diagrams carry their styles inline (an untrusted notebook drops <style>, and a page-wide
    stylesheet restyles other tables): a walk-through has no <style> element at all."""
    walk = present.example(DIAMOND, lang="da").walk()
    assert "<style" not in walk
    assert walk.count('<div class="bl bl-table"') >= 2
