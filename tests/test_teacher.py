"""A teacher's own example, from a club's PBN file to the offline site (issue 37), tested as a person uses it:
the commands and the files, with the expected values read from the PBN file itself and from the Laws.

The club file, tests/data/pbn-club/realbridge-2021-boards-11-12-no-play.pbn, is real tournament data with the
play taken out, as a club's results file has it (see the README there)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from bridgelaws.__main__ import main
from bridgelaws.errors import PbnError
from bridgelaws.pbn import read_pbn, select
from browserkit import load_module

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "tests" / "data" / "pbn-club" / "realbridge-2021-boards-11-12-no-play.pbn"
EXAMPLE2 = ROOT / "tests" / "data" / "pbn" / "endplay-example2.pbn"
SCENARIOS = ROOT / "notebooks" / "scenarios"


def tool(name: str) -> Any:
    return load_module(ROOT / "tools" / f"{name}.py", f"bridgelaws_tools_{name}")


def raw_records(path: Path) -> list[dict[str, str]]:
    """The file's records as tag -> value, read with a regular expression (not with our reader)."""
    text = path.read_text(encoding="utf-8")
    out = []
    for game in re.split(r"\n\s*\n", text):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', game, re.MULTILINE))
        if "Board" in tags:
            out.append(tags)
    return out


SEAT_EN = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def contract_en(pbn_contract: str) -> str:
    """``4HX`` as the table writes it, ``4♥X``; ``3NT`` stays."""
    m = re.fullmatch(r"([1-7])(NT|[SHDC])([Xx]{0,2})", pbn_contract)   # real files write 4Hx too
    assert m, pbn_contract
    return m[1] + ("NT" if m[2] == "NT" else SUIT[m[2]]) + m[3].upper()


# ----------------------------------------------------------------------------------------------------------
# 3. pick a board as a person would
# ----------------------------------------------------------------------------------------------------------

def test_list_shows_each_record_of_the_board_with_table_contract_declarer_and_result(capsys: Any) -> None:
    raw = [r for r in raw_records(CLUB) if r["Board"] == "12"]
    assert len(raw) == 30   # the negative control: the board was played at 30 tables
    assert main(["import-pbn", str(CLUB), "--board", "12", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # the file has no play at all: said once, plainly, in the heading
    assert lines[0] == ("board 12: 30 records (only the deal, contract and result: play the cards on the table)")
    assert len(lines) == 31
    numbers = [i + 1 for i, r in enumerate(raw_records(CLUB)) if r["Board"] == "12"]
    for number, tags, line in zip(numbers, raw, lines[1:]):
        if tags["Contract"] == "Pass":
            assert line.strip() == f"record {number}, table {tags['Table']}: passed out"
            continue
        want = (f"record {number}, table {tags['Table']}: {contract_en(tags['Contract'])} by "
                f"{SEAT_EN[tags['Declarer']]}, lead not recorded, {tags['Result']} tricks")
        assert line.strip() == want


def test_list_in_danish_and_norwegian_uses_the_law_books_words(capsys: Any) -> None:
    raw = [r for r in raw_records(CLUB) if r["Board"] == "12"]
    first = next(i for i, r in enumerate(raw) if r["Contract"] != "Pass")
    tags = raw[first]
    assert main(["import-pbn", str(CLUB), "--board", "12", "--list", "--lang", "da"]) == 0
    da = capsys.readouterr().out.splitlines()
    assert da[0].startswith("spil 12: 30 poster (kun kortfordeling, kontrakt og resultat")
    seat_da = {"N": "Nord", "E": "Øst", "S": "Syd", "W": "Vest"}[tags["Declarer"]]
    assert f"spillet af {seat_da}, udspil ikke oplyst, {tags['Result']} stik" in da[1 + first]
    assert main(["import-pbn", str(CLUB), "--board", "12", "--list", "--lang", "nb"]) == 0
    nb = capsys.readouterr().out.splitlines()
    seat_nb = {"N": "Nord", "E": "Øst", "S": "Syd", "W": "Vest"}[tags["Declarer"]]
    assert f"spilt av {seat_nb}, utspill ikke oppgitt, {tags['Result']} stikk" in nb[1 + first]


def test_list_gives_the_opening_lead_where_the_record_has_its_play(capsys: Any) -> None:
    """endplay-example2.pbn record 2 (board 11): [Play "E"], first row ``D4 DJ D3 D5``: East led ♦4."""
    text = EXAMPLE2.read_text(encoding="utf-8")
    second = re.split(r"\n\s*\n", text)[1]
    assert '[Play "E"]\nD4 DJ D3 D5' in second and '[Contract "1NT"]' in second and '[Result "8"]' in second
    assert main(["import-pbn", str(EXAMPLE2), "--board", "11", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "(only the deal" not in lines[0]
    assert lines[2].strip() == "record 2, table 4: 1NT by North, lead ♦4, 8 tricks"
    assert lines[1].strip() == "record 1, table 11: passed out"


def test_the_error_for_a_board_of_several_records_lists_their_contracts() -> None:
    records = read_pbn(CLUB)
    with pytest.raises(PbnError) as err:
        select(records, 12)
    raw = [r for r in raw_records(CLUB) if r["Board"] == "12"]
    message = err.value.explain("en")
    assert "--record N" in message
    for tags in raw:
        if tags["Contract"] != "Pass":
            assert f"table {tags['Table']}: {contract_en(tags['Contract'])} by {SEAT_EN[tags['Declarer']]}" in message
    assert "spil 12 findes i 30 poster" in err.value.explain("da")


def test_a_record_without_play_is_imported_with_a_plain_word(tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "b12.toml"
    numbers = [i + 1 for i, r in enumerate(raw_records(CLUB)) if r["Board"] == "12"]
    assert main(["import-pbn", str(CLUB), "--board", "12", "--record", str(numbers[1]), "-o", str(out),
                 "--lang", "da"]) == 0
    err = capsys.readouterr().err
    assert f"post {numbers[1]} (spil 12) har kun kortfordeling, kontrakt og resultat" in err
    assert "spil kortene på bordet" in err
    assert "history = []" in out.read_text(encoding="utf-8")
    # a record with play says nothing of the kind
    assert main(["import-pbn", str(EXAMPLE2), "--board", "11", "--record", "2", "-o", str(tmp_path / "p.toml")]) == 0
    assert "no play" not in capsys.readouterr().err


# ----------------------------------------------------------------------------------------------------------
# 2. published as it is: the site ships what the notebooks read; handouts skip a language; branches
# ----------------------------------------------------------------------------------------------------------

def _notebook(code: str) -> dict[str, Any]:
    return {"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["# Klubaften, spil 12\n"]},
                      {"cell_type": "code", "execution_count": None, "metadata": {"tags": ["parameters"]},
                       "outputs": [], "source": ['LANG = "da"']},
                      {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                       "source": [code]}],
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def _teacher_tree(tmp_path: Path, code: str) -> Path:
    root = tmp_path / "notebooks"
    for lang in ("da", "nb", "en"):
        (root / lang).mkdir(parents=True)
    (root / "scenarios").mkdir()
    mine = root / "da" / "mine" / "spil12"
    mine.mkdir(parents=True)
    for i, name in enumerate(("lead-options", "require-clubs", "forbid-clubs")):
        shutil.copy(SCENARIOS / f"01-stort-strafkort-ex2-{name}.toml", mine / f"{i:02d}-{name}.toml")
    (root / "da" / "07-klubaften.ipynb").write_text(json.dumps(_notebook(code)), encoding="utf-8")
    return root


def test_the_site_ships_a_teachers_example_where_the_notebook_reads_it(tmp_path: Path) -> None:
    build = tool("build_site")
    root = _teacher_tree(tmp_path, 'from bridgelaws import widgets\nwidgets.table("mine/spil12/", lang=LANG)')
    names = build.copy_contents(tmp_path / "site", root=root)
    assert names == ["da/07-klubaften.ipynb"]
    shipped = sorted(p.relative_to(tmp_path / "site").as_posix() for p in (tmp_path / "site").rglob("*.toml"))
    assert shipped == ["da/mine/spil12/00-lead-options.toml", "da/mine/spil12/01-require-clubs.toml",
                       "da/mine/spil12/02-forbid-clubs.toml"]
    assert build.value_folders(root) == [root / "da" / "mine" / "spil12"]


def test_the_site_build_stops_on_a_file_the_notebook_reads_and_the_site_would_not_have(tmp_path: Path) -> None:
    build = tool("build_site")
    root = _teacher_tree(tmp_path, 'widgets.table(["mine/spil1-ruderdame.toml"], lang=LANG)')
    with pytest.raises(SystemExit, match=r"da/07-klubaften.ipynb reads mine/spil1-ruderdame.toml: no such file"):
        build.copy_contents(tmp_path / "site", root=root)
    root2 = _teacher_tree(tmp_path / "b", 'widgets.table("../../../elsewhere/x.toml", lang=LANG)')
    with pytest.raises(SystemExit, match="outside notebooks/"):
        build.copy_contents(tmp_path / "site2", root=root2)


def test_the_repository_notebooks_read_only_files_the_site_ships() -> None:
    assert tool("build_site").unshipped_reads() == []


def test_stored_values_are_computed_for_a_teachers_folder(tmp_path: Path) -> None:
    """tools/worth_values.py --folder: the example's decision (50D2 after East wins ♠A, notebook 01 example 2)
    gets its values stored beside it; the article and tests/data/worth/forbid-is-worth-six.toml give
    require ♣ 6, forbid ♣ 12, no restriction 6 for the same deal's decision."""
    pytest.importorskip("endplay")
    worth = tool("worth_values")
    folder = tmp_path / "spil"
    folder.mkdir()
    shutil.copy(ROOT / "tests" / "data" / "worth" / "forbid-is-worth-six.toml", folder / "00-x.toml")
    assert not worth.up_to_date(folder)
    assert worth.main(["--folder", str(folder)]) == 0
    assert worth.up_to_date(folder)
    data = json.loads((folder / "worth-values.dat").read_text(encoding="utf-8"))
    options = {tuple(o[0] for o in e["options"]): {o[0]: o[1] for o in e["options"]}
               for e in data["positions"].values()}
    assert {"require:C": 6, "forbid:C": 12, "none": 6} in options.values()


def test_handouts_skip_a_language_the_notebook_does_not_have(tmp_path: Path, capsys: Any) -> None:
    root = _teacher_tree(tmp_path, 'from bridgelaws import widgets\nwidgets.table("mine/spil12/", lang=LANG)')
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "handouts.py"), str(root / "da" / "07-klubaften.ipynb"),
                           "--out", str(out), "--lang", "da", "--lang", "nb", "--no-pdf"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    said = proc.stdout
    assert "handouts: skipped 07-klubaften in nb: there is no nb/07-klubaften.ipynb" in said
    assert sorted(p.name for p in out.glob("*.html")) == ["07-klubaften-da.html"]
    page = (out / "07-klubaften-da.html").read_text(encoding="utf-8")
    # the example's branches: each variant's title and its ruling (the article's 50D2 options)
    for name in ("require-clubs", "forbid-clubs"):
        title = re.search(r'^title = \{ da = "([^"]+)"', (SCENARIOS / f"01-stort-strafkort-ex2-{name}.toml")
                          .read_text(encoding="utf-8"), re.MULTILINE)[1]
        assert f"Variant: {title}" in page


def test_the_handout_of_an_example_folder_prints_every_branch(tmp_path: Path, capsys: Any) -> None:
    root = _teacher_tree(tmp_path, "")
    folder = root / "da" / "mine" / "spil12"
    assert main(["handout", str(folder), "--lang", "nb"]) == 0
    page = capsys.readouterr().out
    assert "Stort straffekort, eksempel 2: Øst er inne" in page   # the line, as the page's title
    assert "Variant: Stort straffekort, eksempel 2: spillefører krever kløver ut" in page
    assert "Variant: Stort straffekort, eksempel 2: spillefører forbyr kløver ut" in page


# ----------------------------------------------------------------------------------------------------------
# 4. exports keep the board
# ----------------------------------------------------------------------------------------------------------

def test_pbn_and_lin_exports_keep_the_records_board_dealer_and_vulnerability(tmp_path: Path, capsys: Any) -> None:
    raw = raw_records(CLUB)
    number, tags = next((i + 1, r) for i, r in enumerate(raw)
                        if r["Board"] == "12" and r["Declarer"] == "N" and r["Contract"] == "4H")
    # board 12 of the standard rotation: dealer West, North-South vulnerable (the file says so, too)
    assert (tags["Dealer"], tags["Vulnerable"]) == ("W", "NS")
    toml = tmp_path / "b12.toml"
    assert main(["import-pbn", str(CLUB), "--board", "12", "--record", str(number), "-o", str(toml)]) == 0
    assert main(["export", str(toml), "--to", "pbn"]) == 0
    pbn_text = capsys.readouterr().out
    assert '[Board "12"]' in pbn_text and '[Dealer "W"]' in pbn_text and '[Vulnerable "NS"]' in pbn_text
    back = read_pbn(pbn_text)[0]
    assert (back.board, back.dealer.value, back.vulnerable) == (12, "W", "NS")
    assert main(["export", str(toml), "--to", "lin"]) == 0
    lin = capsys.readouterr().out.split("|")
    assert lin[lin.index("md") + 1][0] == "2"          # LIN's dealer digit: 1 S, 2 W, 3 N, 4 E
    assert lin[lin.index("ah") + 1] == "Board 12"
    assert lin[lin.index("sv") + 1] == "n"             # North-South vulnerable
    calls = [lin[i + 1] for i, x in enumerate(lin) if x == "mb"]
    # the auction starts with West, the dealer: West passes, North (declarer) opens the contract, three passes
    assert calls == ["p", "4H", "p", "p", "p"]
    # negative control: a scenario of our own, not imported, keeps the old defaults (declarer deals, board 1)
    assert main(["export", str(SCENARIOS / "01-stort-strafkort-ex2-require-clubs.toml"), "--to", "pbn"]) == 0
    own = capsys.readouterr().out
    assert '[Board "1"]' in own and '[Dealer "S"]' in own and '[Vulnerable "None"]' in own


# ----------------------------------------------------------------------------------------------------------
# 5. numbers in the contract's terms; the article's choice only where an article chose
# ----------------------------------------------------------------------------------------------------------

def test_worth_says_what_the_values_mean_for_the_contract(capsys: Any) -> None:
    """01 example 2 is 3♠ by South: 9 tricks needed (3 + 6). Every option is worth 6 tricks (the article: the
    defence takes its tricks whatever declarer chooses), so 6 tricks are three down."""
    pytest.importorskip("endplay")
    f = SCENARIOS / "01-stort-strafkort-ex2-lead-options.toml"
    assert 'contract = "3S"' in f.read_text(encoding="utf-8")
    assert main(["worth", str(f), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "3♠: 9 tricks needed; 6 is 3 down" in out
    assert main(["worth", str(f), "--lang", "da"]) == 0
    assert "3♠: kræver 9 stik; 6 er 3 bet" in capsys.readouterr().out


def test_target_line_in_each_language() -> None:
    from bridgelaws.contract_terms import target_line
    from bridgelaws.deal import Contract

    four_hearts = Contract.parse("4H", "S")
    assert target_line(four_hearts, [9, 10, 9], "en") == "4♥: 10 tricks needed; 10 makes, 9 is one down"
    assert target_line(four_hearts, [8], "da") == "4♥: kræver 10 stik; 8 er 2 bet"
    assert target_line(four_hearts, [11], "nb") == "4♥: krever 10 stikk; 11 vinner kontrakten med ett overstikk"
    assert target_line(Contract.parse("3NT", "N"), [9], "da") == "3ut: kræver 9 stik; 9 går hjem"


def test_worth_after_a_position_without_a_decision_names_the_next_one(capsys: Any) -> None:
    """01 example 2: East wins ♠A with the 9th event; only then is declarer's 50D2 decision pending."""
    from bridgelaws.scenario import load, replay

    f = SCENARIOS / "01-stort-strafkort-ex2-lead-options.toml"
    states = replay(load(f)).states
    first = next(n for n, st in enumerate(states) if st.pending is not None)
    assert main(["worth", str(f), "--after", "2"]) == 1
    err = capsys.readouterr().err
    assert f"The next decision comes after event {first}: worth --after {first}" in err
    assert main(["worth", str(f), "--after", "2", "--lang", "nb"]) == 1
    assert f"Den neste avgjørelsen kommer etter hendelse {first}" in capsys.readouterr().err


def _marks_at_decisions(files: list[Path]) -> list[tuple[int, list[int], Any]]:
    from bridgelaws.session.panel import article_options_at
    from bridgelaws.session.tablesession import TableSession

    s = TableSession.from_scenarios(files, lang="en", start=0)
    main_line = s.branches[0]
    found = []
    for n in range(len(main_line.events) + 1):
        while len(s.history) < n:
            s.step()
        view = s.view()
        if view.decision is not None:
            found.append((n, sorted(article_options_at(s, view)), view.decision))
    return found


def test_the_articles_choice_is_marked_only_where_the_article_chose() -> None:
    from bridgelaws.scenario import load
    from bridgelaws.view import same_event

    # 01 example 2: the article plays out every option of 50D2: no mark
    ex2 = [SCENARIOS / f"01-stort-strafkort-ex2-{v}.toml" for v in
           ("lead-options", "require-clubs", "forbid-clubs", "no-choice-club-king", "no-choice-red-ace")]
    (at, marked, _), = _marks_at_decisions(ex2)
    assert marked == []
    # 02, Law 51: the slides forbid one suit; that option, and only it, is marked
    forbid = SCENARIOS / "02-straffekort-law51-forbid-one-suit.toml"
    files = [forbid] + [SCENARIOS / f"02-straffekort-law51-{v}.toml" for v in ("forbid-both-suits",
                                                                              "require-one-suit")]
    decisions = _marks_at_decisions(files)
    assert decisions, "the article's line passes a decision"
    n, marked, decision = decisions[0]
    chosen = load(forbid).history[n]          # what the article's own file does at the decision
    assert len(marked) == 1 and same_event(decision.options[marked[0]].event, chosen)


def test_a_teachers_example_has_no_articles_choice(tmp_path: Path) -> None:
    forbid = SCENARIOS / "02-straffekort-law51-forbid-one-suit.toml"
    text_ = forbid.read_text(encoding="utf-8")
    assert re.search(r'^tags = \[.*"seed-', text_, re.MULTILINE)
    mine = tmp_path / "00-mine.toml"
    mine.write_text(re.sub(r"^tags = \[.*\]$", 'tags = ["board:1"]', text_, flags=re.MULTILINE), encoding="utf-8")
    n, marked, _ = _marks_at_decisions([mine])[0]
    assert marked == []


def test_the_values_box_on_the_table_says_the_contracts_target() -> None:
    """The card table at 01 example 2's decision (3♠ by South): after "What is each option worth?", the box says
    what the values mean for the contract, in the table's language."""
    pytest.importorskip("endplay")
    from bridgelaws.session.tablesession import TableSession
    from bridgelaws.widgets import CardTable

    s = TableSession.from_scenario(SCENARIOS / "01-stort-strafkort-ex2-lead-options.toml", lang="da", start="end")
    w = CardTable(session=s)
    assert s.view().decision is not None
    w.send_action({"action": "worth"})
    assert 'data-role="worth-target"' in w.html
    assert "3♠: kræver 9 stik; 6 er 3 bet" in w.html


# ----------------------------------------------------------------------------------------------------------
# 6. the Save box: the teacher's words; the options as branches; an exposure keeps its how
# ----------------------------------------------------------------------------------------------------------

def test_save_the_options_as_branches_with_a_danish_title_and_question(tmp_path: Path, capsys: Any) -> None:
    """At 01 example 2's decision (Law 50D2: declarer may require or forbid clubs, or leave it), one click writes
    one folder: the play to the decision and a file per option of 50D2, each replaying (check passes), with
    the title and question typed in Danish and the Norwegian and English text kept."""
    from bridgelaws.scenario import load
    from bridgelaws.session.tablesession import TableSession
    from bridgelaws.widgets import CardTable

    s = TableSession.from_scenario(SCENARIOS / "01-stort-strafkort-ex2-lead-options.toml", lang="da",
                                   start="end", folder=tmp_path / "mine", allow_write=True)
    w = CardTable(session=s)
    assert 'data-field="title"' in w.html and 'data-action="save_branches"' in w.html
    # the other languages' text is shown beside the Danish field
    assert "nb: Stort straffekort, eksempel 2" in w.html
    w.send_action({"action": "save_branches", "name": "klub12.toml", "title": "Klubaften, spil 12",
                   "question": "Hvad må spilfører vælge?", "laws": "§ 50D2, 50E"})
    folder = tmp_path / "mine" / "klub12"
    files = sorted(p.name for p in folder.iterdir())
    assert len(files) == 4 and files[0] == "00-klub12.toml"   # the line, then require, forbid, no restriction
    assert main(["check", str(folder)]) == 0
    assert "4 passed, 0 failed" in capsys.readouterr().out
    line = load(folder / "00-klub12.toml")
    assert line.title["da"] == "Klubaften, spil 12" and line.title["nb"].startswith("Stort straffekort")
    assert line.question["da"] == "Hvad må spilfører vælge?"
    assert [str(x) for x in line.laws] == ["50D2", "50E"]
    branches = [load(folder / f) for f in files[1:]]
    options = [b.history[-1].option for b in branches]
    assert sorted(options) == ["forbid", "none", "require"]    # Law 50D2(a), (b), and no restriction
    assert all(len(b.history) == len(line.history) + 1 for b in branches)
    # the folder is one example: one table with the options as branches
    from bridgelaws import widgets
    table = widgets.table(folder, lang="nb")
    assert len(table.session.branches) == 4


def test_a_saved_exposure_keeps_its_how(tmp_path: Path) -> None:
    from bridgelaws.scenario import dumps, from_table, load
    from bridgelaws.table import Table
    from bridgelaws.events import Expose

    sc = load(SCENARIOS / "01-stort-strafkort-ex2-lead-options.toml")
    t = Table(sc.deal, sc.contract)
    west = t.state.hand(__import__("bridgelaws").cards.Seat.WEST)
    card = sorted(west, key=lambda c: c.sort_key)[0]
    t.push(Expose(__import__("bridgelaws").cards.Seat.WEST, card))   # dropped: the default
    text_ = dumps(from_table(t, id="drop"), "toml")
    assert 'how = "dropped"' in text_


def test_the_expected_ruling_is_ticked_from_what_the_table_shows(tmp_path: Path, capsys: Any) -> None:
    """At 01 example 2's decision the Director cites 50D2 (declarer's options) among others; ticking both boxes
    writes statements_cite_exactly and option_values into the test, and check passes it. The article: every
    option leaves declarer three down in 3♠ (6 tricks)."""
    pytest.importorskip("endplay")
    from bridgelaws.scenario import load
    from bridgelaws.session.tablesession import TableSession
    from bridgelaws.widgets import CardTable

    s = TableSession.from_scenario(SCENARIOS / "01-stort-strafkort-ex2-lead-options.toml", lang="en",
                                   start="end", folder=tmp_path, allow_write=True)
    w = CardTable(session=s)
    assert 'data-field="expect_values"' not in w.html      # no values computed yet: nothing to tick
    w.send_action({"action": "worth"})
    assert 'data-field="expect_cite"' in w.html and 'data-field="expect_values"' in w.html
    w.send_action({"action": "save_test", "name": "ticked.toml", "expect_cite": True, "expect_values": True})
    saved = load(tmp_path / "ticked.toml")
    assert "50D2" in saved.expected["statements_cite_exactly"]
    values = {k: int(v) for k, v in saved.expected["option_values"].items()}   # kept in canonical form
    assert values == {"require:C": 6, "forbid:C": 6, "none": 6}
    assert main(["check", str(tmp_path / "ticked.toml")]) == 0
    assert "1 passed" in capsys.readouterr().out
    # not ticked: not written
    w.send_action({"action": "save_test", "name": "plain.toml", "expect_cite": False, "expect_values": False})
    assert "statements_cite_exactly" not in load(tmp_path / "plain.toml").expected


# ----------------------------------------------------------------------------------------------------------
# 7. a notebook without typing code
# ----------------------------------------------------------------------------------------------------------

def _saved_example(tmp_path: Path) -> tuple[Path, Path]:
    """A checkout-like tree (notebooks/, tools/translate.py, locales/) with a teacher's example saved from the
    table with its branches in notebooks/da/mine/klub12/."""
    from bridgelaws.session.tablesession import TableSession
    from bridgelaws.widgets import CardTable

    root = tmp_path / "notebooks"
    for lang in ("da", "nb", "en"):
        (root / lang).mkdir(parents=True)
    (tmp_path / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "translate.py", tmp_path / "tools" / "translate.py")
    (tmp_path / "locales").mkdir()
    # a board the teacher has played to the decision, with no question yet (the article's file without it)
    played = tmp_path / "played.toml"
    played.write_text(re.sub(r"^question(?:\.\w+)? = .*$\n", "", (SCENARIOS / "01-stort-strafkort-ex2-lead-options.toml")
                             .read_text(encoding="utf-8"), flags=re.MULTILINE), encoding="utf-8")
    s = TableSession.from_scenario(played, lang="da", start="end", folder=root / "da" / "mine", allow_write=True)
    CardTable(session=s).send_action({"action": "save_branches", "name": "klub12.toml", "title": "Klubaften, spil 12",
                                      "question": "Hvad må spilfører vælge, når Øst er inde?"})
    return root, root / "da" / "mine" / "klub12"


def test_the_notebook_command_makes_da_and_nb_lessons_through_the_translation_workflow(
        tmp_path: Path, capsys: Any) -> None:
    pytest.importorskip("polib")
    root, example = _saved_example(tmp_path)
    assert main(["notebook", str(example), "--lang", "da", "nb"]) == 0
    said = capsys.readouterr().out
    da, nb = root / "da" / "01-klub12.ipynb", root / "nb" / "01-klub12.ipynb"
    assert da.is_file() and nb.is_file() and not (root / "en" / "01-klub12.ipynb").exists()
    src = json.loads(da.read_text(encoding="utf-8"))
    texts = ["".join(c["source"]) if isinstance(c["source"], list) else c["source"] for c in src["cells"]]
    assert "# Klubaften, spil 12" in texts and "Hvad må spilfører vælge, når Øst er inde?" in texts
    assert 'widgets.table("../da/mine/klub12/", lang=LANG)' in "\n".join(texts)
    # the Norwegian lesson: the translation workflow's catalogue, the example's own Norwegian text filled in,
    # the Danish title and question (no Norwegian given) left for the translator
    po = (tmp_path / "locales" / "nb" / "01-klub12.po").read_text(encoding="utf-8")
    assert 'msgid "Hvad må spilfører vælge, når Øst er inde?"\nmsgstr ""' in po   # left for the translator
    assert 'msgstr "Gjennomgang"' in po                                          # the library's own words
    assert "1 paragraph(s) to translate in locales/nb/01-klub12.po" in said
    out = json.loads(nb.read_text(encoding="utf-8"))
    nb_texts = ["".join(c["source"]) if isinstance(c["source"], list) else c["source"] for c in out["cells"]]
    assert any("**Neste stopp**" in t for t in nb_texts) and "## Gjennomgang" in nb_texts
    assert any(t.strip() == 'LANG = "nb"' for t in nb_texts)
    assert "[English]" not in nb_texts[0]        # only the languages the lesson is made in are linked
    # the site ships what both notebooks read
    assert tool("build_site").unshipped_reads(root) == []


def test_the_lesson_notebook_runs_from_the_norwegian_folder(tmp_path: Path) -> None:
    """Run All on the Norwegian lesson, as Lab and Voila run it (cwd: the notebook's folder): no error, the
    table and a walk-through per file shown."""
    pytest.importorskip("polib")
    nbclient = pytest.importorskip("nbclient")
    import nbformat

    root, example = _saved_example(tmp_path)
    assert main(["notebook", str(example), "--lang", "da", "nb", "--name", "07-klub12"]) == 0
    from jupyter_client.manager import AsyncKernelManager

    nb = nbformat.read(root / "nb" / "07-klub12.ipynb", as_version=4)
    # the kernel over IPC in a folder of its own (in /tmp: a Unix socket's path has at most 107 bytes), never TCP
    # ports that another process can take before the kernel binds them (conftest.py)
    folder = tempfile.mkdtemp(prefix="bridgelaws-kernel-", dir="/tmp" if os.path.isdir("/tmp") else None)

    class PrivateKernelManager(AsyncKernelManager):
        def __init__(self, **kwargs: Any) -> None:
            super().__init__(transport="ipc", ip=os.path.join(folder, "ipc"),
                             connection_file=os.path.join(folder, "kernel.json"), **kwargs)

    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                     kernel_manager_class=PrivateKernelManager,
                                     resources={"metadata": {"path": str(root / "nb")}})
    try:
        client.execute()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    widgets_shown = [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(widgets_shown) == 1
    walks = [o for o in outputs if "text/html" in o.get("data", {}) and o not in widgets_shown]
    assert len(walks) == 4   # the line and its three 50D2 options


# ----------------------------------------------------------------------------------------------------------
# 8. nothing lost
# ----------------------------------------------------------------------------------------------------------

def test_the_unsaved_line_survives_a_restart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table built by a JupyterLab cell keeps the teacher's own line beside the notebook after each click; the
    same cell run in a new kernel brings it back, says so, and Save removes the kept copy."""
    from bridgelaws import widgets

    f = SCENARIOS / "01-stort-strafkort-ex2-lead-options.toml"
    monkeypatch.setattr(widgets, "_cell_now", lambda: ("cell-7", 1))   # as JupyterLab runs a cell
    w = widgets.table(f, lang="da", folder=tmp_path, allow_write=True, start="end")
    n = len(w.session.history)
    w.send_action({"action": "choose", "arg": "1"})          # declarer forbids clubs: off the article's line
    assert len(w.session.history) == n + 1
    kept = list(tmp_path.glob(".*.autosave"))
    assert len(kept) == 1
    # the kernel restarts: nothing of the old table is left in memory
    monkeypatch.setattr(widgets, "_BY_CELL", {})
    again = widgets.table(f, lang="da", folder=tmp_path, allow_write=True, start="end")
    assert [str(e) for e in again.session.history] == [str(e) for e in w.session.history]
    assert "Dit ikke gemte spil er hentet tilbage" in again.html
    again.send_action({"action": "save", "name": "kept.toml"})
    assert (tmp_path / "kept.toml").is_file() and not list(tmp_path.glob(".*.autosave"))
    # negative control: outside a JupyterLab cell (nbval, Voila, a script) nothing is kept
    monkeypatch.setattr(widgets, "_cell_now", lambda: None)
    plain = widgets.table(f, lang="da", folder=tmp_path / "p", allow_write=True, start="end")
    plain.send_action({"action": "choose", "arg": "1"})
    assert not (tmp_path / "p").exists()


def test_the_chooser_brings_back_the_unsaved_line_of_the_record_picked(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The club's file opened on the board chooser in a JupyterLab cell: a record picked and played by click is
    kept; after a restart the same cell opens the chooser, finds the kept line of that record, puts the record on
    the table and plays the line again (not the file's first board, whose table the cell builds first)."""
    from bridgelaws import widgets

    raw = raw_records(CLUB)
    number = next(i + 1 for i, r in enumerate(raw) if r["Board"] == "12" and r["Contract"] == "3C")
    monkeypatch.setattr(widgets, "_cell_now", lambda: ("cell-1", 1))
    w = widgets.CardTable.from_pbn(CLUB, lang="da", folder=tmp_path, allow_write=True)
    w.send_action({"action": "pbn_board", "value": "12"})
    w.send_action({"action": "pbn_record", "arg": str(number)})
    for card in ("HJ", "H2", "HK"):
        w.send_action({"action": "card", "card": card})
    monkeypatch.setattr(widgets, "_BY_CELL", {})   # the kernel restarts
    again = widgets.CardTable.from_pbn(CLUB, lang="da", folder=tmp_path, allow_write=True)
    assert [str(e) for e in again.session.history] == [str(e) for e in w.session.history]
    assert again.session.pbn.record == number and again.session.pbn.board == "12"
    assert "Dit ikke gemte spil er hentet tilbage (3 hændelser" in again.html
    # negative control: without a kept line the chooser opens on the file's first board, nothing played
    for kept in tmp_path.glob(".*.autosave"):
        kept.unlink()
    monkeypatch.setattr(widgets, "_BY_CELL", {})
    fresh = widgets.CardTable.from_pbn(CLUB, lang="da", folder=tmp_path, allow_write=True)
    assert fresh.session.history == [] and fresh.session.pbn.board == "11"


def test_a_pairs_file_without_table_numbers_lists_who_sat_there(tmp_path: Path) -> None:
    """A pairs file as KoPS writes it (no [Table] tag; the pairs as North/South and East/West names, a passed-out
    board as Contract "Pass"): each record is named by its pairs, and the passed-out one says so."""
    from bridgelaws.pbn import read_pbn
    from bridgelaws.pbn.listing import listing_lines

    deal = "N:9642.AJ42.QT652. J3.Q9863.KJ3.K95 AK7.K5.A94.AQ842 QT85.T7.87.JT763"
    rec = ('[Event "Barometr"]\n[Board "1"]\n[West "{w}"]\n[North "{n}"]\n[East "{w}"]\n[South "{n}"]\n'
           '[Dealer "N"]\n[Vulnerable "None"]\n[Deal "' + deal + '"]\n[Declarer "{d}"]\n[Contract "{c}"]\n'
           '[Result "{r}"]\n')
    f = tmp_path / "wb.pbn"
    f.write_text(rec.format(w="Para-2", n="Para-1", d="S", c="3NT", r="8") + "\n"
                 + rec.format(w="Para-4", n="Para-3", d="", c="Pass", r=""), encoding="utf-8")
    lines = listing_lines(read_pbn(f), 1, "da")
    assert lines[1].strip() == "post 1, Para-1 mod Para-2: 3ut spillet af Syd, udspil ikke oplyst, 8 stik"
    assert lines[2].strip().startswith("post 2, Para-3 mod Para-4: ")
    assert "bord" not in "".join(lines[1:])


def test_the_chooser_puts_a_record_with_an_auction_on_the_table() -> None:
    """A file whose records have [Auction] and [Play] (endplay's example, two tables a board): the record picked on
    the chooser comes with its dealer, so the auction replays (it was refused: "a table with an auction has a
    dealer"), and the table stands where the record's play ends."""
    from bridgelaws.widgets import CardTable

    f = ROOT / "tests" / "data" / "pbn" / "endplay-example1.pbn"
    raw = raw_records(f)
    w = CardTable.from_pbn(f, lang="da")
    second = next(i + 1 for i, r in enumerate(raw) if r["Board"] == "1" and i > 0)
    w.send_action({"action": "pbn_record", "arg": str(second)})
    assert w.session.message[0] == "info", w.session.message
    assert w.session.table.dealer.value == raw[second - 1]["Dealer"]
    calls = [e for e in w.session.history if type(e).__name__ == "CallEvent"]
    assert calls and len(w.session.history) > len(calls)   # the auction, then the play


def test_off_a_teachers_example_the_table_says_the_example_not_the_article(tmp_path: Path) -> None:
    """Off the line of a teacher's own example (saved from a club's record, with its branches), the table offers
    "Tilbage til eksemplet" and says "ikke eksemplets"; off an article's line (a seed- tag) it still says the
    article (the negative control)."""
    from bridgelaws import widgets

    raw = raw_records(CLUB)
    number = next(i + 1 for i, r in enumerate(raw) if r["Board"] == "12" and r["Contract"] == "3C")
    club = widgets.CardTable.from_pbn(CLUB, board=12, record=number, lang="da", folder=tmp_path, allow_write=True)
    for card in ("HJ", "H2", "HK", "H7"):
        club.send_action({"action": "card", "card": card})
    club.send_action({"action": "set_click", "value": "lead_out_of_turn"})
    club.send_action({"action": "card", "card": "SK"})
    club.send_action({"action": "save_branches", "name": "spil12.toml"})
    own = widgets.table(tmp_path / "spil12", lang="da", start="end")
    while own.session.table.state.pending is None or own.session.table.state.pending.kind != "lead_options":
        own.send_action({"action": "choose", "arg": "1"})   # the branch "do not accept", then 50D2 ...
    own.send_action({"action": "choose", "arg": "0"})       # ... require spades: past the branch's end
    assert "Tilbage til eksemplet" in own.html and "Dit eget spil (ikke eksemplets)" in own.html
    assert "artikl" not in own.html
    article = widgets.table(SCENARIOS / "01-stort-strafkort-ex2-lead-options.toml", lang="da", start="end")
    article.send_action({"action": "choose", "arg": "1"})
    assert "Tilbage til artiklen" in article.html and "Tilbage til eksemplet" not in article.html


def test_the_table_opens_a_club_file_on_the_board_chooser(capsys: Any) -> None:
    """CardTable.from_pbn on the club's file without a board: a list of the file's boards (11 and 12), and for
    board 11 a button per record with its table, contract, declarer and result; a click puts the record on the
    table, and a record without play says so."""
    from bridgelaws.widgets import CardTable

    raw = raw_records(CLUB)
    w = CardTable.from_pbn(CLUB, lang="nb")
    html = w.html
    assert 'data-role="pbn-chooser"' in html and 'data-action="pbn_board"' in html
    assert html.count('data-action="pbn_record"') == sum(1 for r in raw if r["Board"] == "11")
    w.send_action({"action": "pbn_board", "value": "12"})
    n, tags = next((i + 1, r) for i, r in enumerate(raw) if r["Board"] == "12" and r["Contract"] == "3C")
    assert f"post {n}, bord {tags['Table']}: 3♣ spilt av Vest" in w.html
    w.send_action({"action": "pbn_record", "arg": str(n)})
    assert str(w.table.contract) == "3C" and w.table.contract.declarer.value == tags["Declarer"]
    assert f"Post {n} av spill 12 er på bordet: bare kortfordeling, kontrakt og resultat" in w.html
    # a file with one record of the board opens on that board, with no chooser
    one = CardTable.from_pbn(EXAMPLE2, board=11, record=2, lang="en")
    assert 'data-role="pbn-chooser"' not in one.html


def test_the_table_button_makes_the_lesson_of_the_example_saved_last(tmp_path: Path) -> None:
    pytest.importorskip("polib")
    from bridgelaws.session.tablesession import TableSession
    from bridgelaws.widgets import CardTable

    root, example = _saved_example(tmp_path)
    s = TableSession.from_scenario(example / "00-klub12.toml", lang="da", start="end",
                                   folder=root / "da" / "mine", allow_write=True)
    w = CardTable(session=s)
    w.send_action({"action": "make_notebook"})
    assert "Gem eksemplet først" in w.html             # nothing saved from this table yet: nothing written
    assert not list((root / "da").glob("*.ipynb"))
    w.send_action({"action": "save_branches", "name": "klub12b.toml"})
    w.send_action({"action": "make_notebook"})
    assert "Skrev lektionen da/01-klub12b.ipynb, nb/01-klub12b.ipynb" in w.html
    nb = json.loads((root / "nb" / "01-klub12b.ipynb").read_text(encoding="utf-8"))
    assert any('widgets.table("../da/mine/klub12b/", lang=LANG)' in "".join(c["source"]) for c in nb["cells"])


def test_list_without_a_board_lists_every_board_of_the_file(capsys: Any) -> None:
    boards = list(dict.fromkeys(r["Board"] for r in raw_records(CLUB)))
    assert boards == ["11", "12"]
    assert main(["import-pbn", str(CLUB), "--list"]) == 0
    heads = [line for line in capsys.readouterr().out.splitlines() if not line.startswith(" ")]
    assert [h.split(":")[0] for h in heads] == ["board 11", "board 12"]
    assert main(["import-pbn", str(CLUB)]) == 2            # neither a board nor --list: what to give
    assert "--board N is needed (or --list to see the boards)" in capsys.readouterr().err
