"""The teacher's whole route in a real browser (issue 37, "What it must show"), by click and typing only.

What a teacher has: a checkout's notebooks folder (a temporary copy: ``notebooks/da``, ``nb``, ``en``, with
tools/translate.py and locales/ beside it) and the club's results file, a real multi-table PBN without play
(tests/data/pbn-club/), put in ``notebooks/da/``. JupyterLab at 1280x800 with the file browser open, every request
to another host blocked:

1. a new notebook from the Launcher, one line typed that opens the club's file on the table, the notebook saved;
2. the board chooser: board 12 from the list, the record of the table where West played 3♣;
3. trick 1 played by click, then a lead out of turn by click (the click mode "Udspil uden for tur");
4. the Lab server stops and starts again: Run All brings the unsaved line back (the autosave, on here);
5. the Save box: file name, a Danish title and question typed;
6. "Gem valgmulighederne som forgreninger": one folder, the play to the decision and a file per option;
7. "Lav en lektion (notesbog)": the da and nb lesson notebooks;
8. the site built from that folder as ``dev.py site`` builds it (the stored values first, then the site);
9. the Norwegian lesson in the built site, every external request blocked: Run All, the decision, the values in
   the contract's terms from the stored file, an option chosen and a card of its branch played, the branch's
   ruling shown.

The clicks, keystrokes and seconds of each step are printed and written to test-artifacts/teacher-route.json.
Expected values come from the PBN file (read here with a regular expression, not our reader) and the Laws.
Screenshots: test-artifacts/teacher-route/ (docs/img/your-own-example-*.png are copies of some)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import threading
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from browserkit import act_and_wait, browser, free_port, load_dev, load_module, start, stop  # noqa: F401
from test_table_browser import LAB_SETTINGS, LOCAL_ONLY, PROJECTOR, server_env

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "tests" / "data" / "pbn-club" / "realbridge-2021-boards-11-12-no-play.pbn"
ARTIFACTS = ROOT / "test-artifacts" / "teacher-route"
NUMBERS = ROOT / "test-artifacts" / "teacher-route.json"
TIMEOUT = 60_000
CELL = 'from bridgelaws.widgets import CardTable\nCardTable.from_pbn("klubaften.pbn", lang="da")'
TITLE = "Spil 12: udspil fra forkert hånd"
QUESTION = "Syd spiller ud, men det er Nord, der er inde. Hvad kan spilfører vælge?"
SEATS = "NESW"
RANKS = "AKQJT98765432"


def club_records() -> list[dict[str, str]]:
    """The club's file, read without our reader: each record's tags."""
    games = [dict(re.findall(r'^\[(\w+) "([^"]*)"\]', g, re.MULTILINE))
             for g in re.split(r"\n\s*\n", CLUB.read_text(encoding="utf-8"))]
    return [g for g in games if "Board" in g]


def hands(deal: str) -> dict[str, list[str]]:
    """A PBN Deal tag as each seat's cards (``SA``, ``HT``...)."""
    first, rest = deal.split(":")
    out = {}
    for i, hand in enumerate(rest.split()):
        seat = SEATS[(SEATS.index(first) + i) % 4]
        out[seat] = [s + r for s, cards in zip("SHDC", hand.split(".")) for r in cards]
    return out


def winner(trick: list[tuple[str, str]], trumps: str) -> str:
    """The seat that wins a trick of (seat, card), Law 44."""
    led = trick[0][1][0]
    best = max(trick, key=lambda sc: (sc[1][0] == trumps, sc[1][0] == led, -RANKS.index(sc[1][1])))
    return best[0]


class Meter:
    """Clicks, keystrokes and seconds per step, as a person spends them."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.steps: list[dict[str, Any]] = []
        self.clicks = self.keys = 0

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        self.clicks = self.keys = 0
        t = time.monotonic()
        yield
        self.steps.append({"step": name, "clicks": self.clicks, "keys": self.keys,
                           "seconds": round(time.monotonic() - t, 1)})
        print(f"{name:<72} {self.clicks:>3} clicks {self.keys:>4} keys {self.steps[-1]['seconds']:>6.1f} s", flush=True)

    def click(self, locator: Any, table: Any = None, **kw: Any) -> None:
        self.clicks += 1
        if table is None:
            locator.click(**kw)
        else:
            act_and_wait(table, lambda: locator.click(**kw))

    def select(self, locator: Any, value: str, table: Any) -> None:
        self.clicks += 2   # open the list, pick the line
        act_and_wait(table, lambda: locator.select_option(value))

    def type(self, text: str, locator: Any = None) -> None:
        if locator is not None:
            self.click(locator)
        self.keys += len(text)
        self.page.keyboard.type(text)

    def press(self, key: str) -> None:
        self.keys += 1
        self.page.keyboard.press(key)


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What a teacher has: a checkout's notebooks folder, its translation tool, and the club's file in da/."""
    pytest.importorskip("polib")
    home = tmp_path_factory.mktemp("teacher-route")
    for lang in ("da", "nb", "en"):
        (home / "notebooks" / lang).mkdir(parents=True)
    (home / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "translate.py", home / "tools" / "translate.py")
    (home / "locales").mkdir()
    shutil.copy(CLUB, home / "notebooks" / "da" / "klubaften.pbn")
    for name, value in LAB_SETTINGS.items():
        path = home / "settings" / "lab-settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")
    return home


def lab_server(home: Path, port: int) -> Any:
    from test_table_browser import BIN

    env = server_env(home / "settings")
    env["BRIDGELAWS_AUTOSAVE"] = "1"   # the teacher's unsaved line kept beside the notebook (issue 37)
    cmd = [str(BIN / "jupyter"), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           "--ServerApp.port_retries=0", "--ServerApp.token=", "--ServerApp.password=", "--allow-root",
           f"--ServerApp.root_dir={home / 'notebooks'}", "--LabApp.news_url=None",
           "--ServerApp.disable_check_xsrf=True", "--LabApp.expose_app_in_browser=True"]
    return start(cmd, f"http://127.0.0.1:{port}/api/status", home, env, home / f"lab-{time.time():.0f}.log")


KERNEL_READY = """n => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && w.context.path === n && w.context.isReady && k.status === 'idle'
    && k.connectionStatus === 'connected'; }"""


def the_table(page: Any) -> Any:
    return page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) [data-bl='table']").first


def message(table: Any) -> str:
    return table.locator("[data-role='message']").inner_text()


def build_site(home: Path, example: Path) -> Path:
    """As ``python3 dev.py site`` does it: the stored option values first (in .venv, with the solver), then the
    site (in .venv-site), shipping the teacher's notebooks folder."""
    import sys

    dev = load_dev()
    begun = time.monotonic()
    worth = subprocess.run([sys.executable, str(ROOT / "tools" / "worth_values.py"), "--folder", str(example)],
                           capture_output=True, text=True, timeout=600, check=False)
    assert worth.returncode == 0, worth.stdout[-2000:] + worth.stderr[-2000:]
    print(f"stored values: {time.monotonic() - begun:.1f} s", flush=True)
    dev.ensure_venv(dev.SITE)
    out = home / "_site"
    proc = subprocess.run([str(dev.SITE.python), str(ROOT / "tools" / "build_site.py"), "build", "--out", str(out),
                           "--notebooks", str(home / "notebooks")], capture_output=True, text=True, timeout=900,
                          check=False)
    if proc.returncode != 0:
        pytest.fail(f"the site build failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}", pytrace=False)
    return out


def test_the_teacher_route_from_the_club_file_to_the_offline_site(browser: Any, checkout: Path) -> None:
    pytest.importorskip("endplay")
    home = checkout
    records = club_records()
    number, rec = next((i + 1, g) for i, g in enumerate(records) if g["Board"] == "12" and g["Contract"] == "3C")
    assert rec["Declarer"] == "W"
    deal = hands(rec["Deal"])
    port = free_port()
    lab = f"http://127.0.0.1:{port}"
    proc = lab_server(home, port)
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    external: list[str] = []
    page.route(LOCAL_ONLY, lambda r: (external.append(r.request.url), r.abort()))
    m = Meter(page)
    try:
        with m.step("open the club's file on the table (new notebook, one line)"):
            page.goto(f"{lab}/lab/tree/da?reset")
            page.locator(".jp-DirListing-item", has_text="klubaften.pbn").wait_for()
            m.click(page.locator(".jp-LauncherCard[data-category='Notebook']").first)
            page.wait_for_function(KERNEL_READY, arg="da/Untitled.ipynb")
            m.type(CELL, page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell .cm-content").first)
            m.press("Shift+Enter")
            the_table(page).locator("[data-role='pbn-chooser']").wait_for()
            m.press("Control+s")
            dialog = page.locator(".jp-Dialog input[type='text']")
            dialog.wait_for()   # JupyterLab asks for a name the first time an Untitled notebook is saved
            m.press("Control+a")
            m.type("klubaften.ipynb")
            m.press("Enter")
            page.get_by_role("tab", name=re.compile("klubaften.ipynb")).wait_for()
        table = the_table(page)
        boards = sorted({g["Board"] for g in records}, key=int)
        assert table.locator("select[data-action='pbn_board'] option").all_inner_texts() == boards
        shot(page, "01-chooser.png")

        with m.step("pick board 12 and its table"):
            m.select(table.locator("select[data-action='pbn_board']"), "12", table)
            at12 = [g for g in records if g["Board"] == "12"]
            table.locator("[data-role='pbn-chooser']", has_text=f"spil 12: {len(at12)} poster").wait_for()
            button = table.locator(f"button[data-action='pbn_record'][data-arg='{number}']")
            # the record as the file has it: its table, 3♣ by West, no lead in the file, its tricks
            assert button.inner_text().strip() == (f"post {number}, bord {rec['Table']}: 3♣ spillet af Vest, "
                                                   f"udspil ikke oplyst, {rec['Result']} stik")
            m.click(button, table)
        said = message(table)
        assert f"Post {number} af spil 12 er på bordet" in said
        assert "kun kortfordeling, kontrakt og resultat: spil kortene på bordet" in said
        for seat in SEATS:   # the record's deal on the table, each hand as the file deals it
            shown = table.locator(f"[data-seat='{seat}'] .bl-hand [data-card]").evaluate_all(
                "els => els.map(e => e.dataset.card)")
            assert sorted(shown) == sorted(deal[seat]), seat
        shot(page, "02-record-on-table.png")

        # trick 1 by click: North leads (declarer West's left-hand opponent, Law 41A), ♥J; East (dummy) ♥2,
        # South ♥K, West ♥7: South wins it (Law 44C) and leads to trick 2 (Law 44G); North leads ♠K instead
        trick = [("N", "HJ"), ("E", "H2"), ("S", "HK"), ("W", "H7")]
        assert all(card in deal[seat] for seat, card in trick) and winner(trick, "C") == "S"
        assert "SK" in deal["N"]
        with m.step("play trick 1, then a lead out of turn"):
            for seat, card in trick:
                m.click(table.locator(f"[data-seat='{seat}'] [data-card='{card}']"), table)
            m.select(table.locator("select[data-action='set_click']"), "lead_out_of_turn", table)
            m.click(table.locator("[data-seat='N'] [data-card='SK']"), table)
        decision = table.locator("[data-role='decision']")
        decision.wait_for()
        options = [t.strip() for t in decision.locator("[data-action='choose']").all_inner_texts()]
        # Law 53A: a lead out of turn may be accepted; if not, Law 56: ♠K is a major penalty card and South leads
        assert options == ["Acceptér udspillet", "Afvis udspillet"]
        shot(page, "03-lead-out-of-turn.png")

        with m.step("the server stops and starts again: Run All brings the line back"):
            stop(proc)
            proc = lab_server(home, port)
            page.reload()
            # the notebook from the file browser (the page may come back on the workspace's old Untitled tab)
            item = page.locator(".jp-DirListing-item", has_text="klubaften.ipynb")
            m.clicks += 1
            item.dblclick()
            page.wait_for_function(KERNEL_READY, arg="da/klubaften.ipynb")
            m.click(page.get_by_role("menuitem", name="Run", exact=True))
            m.click(page.get_by_role("menuitem", name="Run All Cells", exact=True))
            table = the_table(page)
            table.locator("[data-role='decision']").wait_for()
        assert "Dit ikke gemte spil er hentet tilbage (5 hændelser" in message(table)
        assert table.locator("[data-role='decision'] [data-action='choose']").all_inner_texts() == options
        shot(page, "04-back-after-restart.png")

        with m.step("the words: file name, a Danish title and question"):
            m.type("spil12.toml", table.locator("input[data-field='filename']"))
            # the field holds the record's own title, selected when it is entered: what is typed takes its place
            m.click(table.locator("input[data-field='title']"))
            m.type(TITLE)
            m.type(QUESTION, table.locator("textarea[data-field='question']"))
        shot(page, "05-save-box.png")

        with m.step("save the options as branches"):
            m.click(table.get_by_role("button", name="Gem valgmulighederne som forgreninger"), table)
        assert "Gemte eksemplet" in message(table)
        example = home / "notebooks" / "da" / "mine" / "spil12"
        files = sorted(example.glob("*.toml"))
        assert len(files) == 1 + len(options)
        words = tomllib.loads(files[0].read_text(encoding="utf-8"))
        assert words["title"]["da"] == TITLE and words["question"]["da"] == QUESTION
        assert words["title"]["nb"].startswith("Spill 12")   # the other language's text is kept

        with m.step("make the da and nb lesson notebooks"):
            m.click(table.get_by_role("button", name="Lav en lektion (notesbog)"), table)
        assert "01-spil12" in message(table)
        da, nb = (home / "notebooks" / lang / "01-spil12.ipynb" for lang in ("da", "nb"))
        assert da.is_file() and nb.is_file()
        shot(page, "06-lesson-made.png")
    finally:
        context.close()
        stop(proc)

    seconds = time.monotonic()
    out = build_site(home, example)
    print(f"{'build the site (dev.py site)':<72} {time.monotonic() - seconds:6.1f} s", flush=True)
    m.steps.append({"step": "build the site (dev.py site)", "clicks": 0, "keys": 0,
                    "seconds": round(time.monotonic() - seconds, 1)})

    site = load_module(ROOT / "tools" / "build_site.py", "bridgelaws_tools_build_site").server(out)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{site.server_address[1]}"
    context = browser.new_context(viewport=PROJECTOR)

    def only_the_site(r: Any) -> None:
        if r.request.url.startswith(url):
            r.continue_()
        else:
            external.append(r.request.url)
            r.abort()

    context.route("**/*", only_the_site)
    page = context.new_page()
    page.set_default_timeout(120_000)
    m.page = page
    try:
        with m.step("the Norwegian lesson in the offline site: Run All"):
            page.goto(f"{url}/lab/index.html?path=nb/01-spil12.ipynb")
            page.wait_for_selector("text=Python (Pyodide) | Idle")
            m.click(page.get_by_role("menuitem", name="Run", exact=True))
            m.click(page.get_by_role("menuitem", name="Run All Cells", exact=True))
            page.wait_for_function("""() => { const p = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
                return p.length > 0 && p.every(x => /\\[\\d+\\]/.test(x.textContent)); }""")
            page.wait_for_selector("text=Python (Pyodide) | Idle")
        texts = page.locator(".jp-OutputArea-output").all_inner_texts()
        assert not [t[:300] for t in texts if "Traceback" in t or "Error:" in t]
        table = page.locator("[data-bl='table']").first
        with m.step("play a branch"):
            while not table.locator("[data-role='decision']").count():
                m.click(table.locator("[data-action='next_stop']"), table)
                assert m.clicks < 8
            decision = table.locator("[data-role='decision']")
            assert decision.locator(".bl-article-mark").count() == 0   # no article chose here
            m.click(table.locator("[data-action='worth']"), table)
            target = table.locator("[data-role='worth-target']")
            target.wait_for()
            worth = target.inner_text().strip()
            shot(page, "07-site-nb-decision.png")
            # the branch: declarer does not accept the lead (Law 53A, 56): ♠K a major penalty card (50B, an
            # honour), South to lead, and declarer's choice of Law 50D2 on the suit of the penalty card
            values = [int(x) for x in re.findall(r": (\d+)$", table.locator("[data-role='decision']").inner_text(),
                                                 re.MULTILINE)]
            m.click(decision.get_by_role("button", name="Avvis utspillet"), table)
            ruling = table.locator("[data-role='director']").inner_text()
            options = [t.strip() for t in decision.locator("[data-action='choose']").all_inner_texts()]
            m.click(decision.get_by_role("button", name="Krev ♠"), table)
            m.click(table.locator("[data-seat='S'] [data-card='SQ']"), table)
            table.locator("[data-slot='S'] [data-trick-card='SQ']").wait_for()
            back = table.locator("[data-seat='N'] .bl-hand [data-card='SK']").count()
        shot(page, "08-site-nb-branch.png")
        # the values from the file stored when the site was built (no solver in the site), in the contract's
        # terms: 3♣ needs 6 + 3 = 9 tricks (Law 77); the best option's tricks, and how many down
        assert len(values) == 2, values
        best = max(values)
        down = {1: "én", 2: "2", 3: "3", 4: "4"}
        assert worth == f"3♣: krever 9 stikk; {best} er {down[9 - best]} beit" if best < 9 else \
            worth.startswith(f"3♣: krever 9 stikk; {best} "), worth
        # the branch: declarer does not accept the lead (Law 53A, 56): ♠K is a major penalty card (56; 50B: an
        # honour, and led), South may not lead until declarer has chosen, under 50D2, about spades
        assert "♠K er et stort straffekort" in ruling and "50D2" in ruling, ruling
        assert options == ["Krev ♠", "Forby ♠", "Ingen begrensning"]
        # declarer required spades (50D2a): North picks ♠K up, South leads a spade
        assert back == 1
    finally:
        context.close()
        site.shutdown()
        site.server_close()
        thread.join(timeout=10)
    report = {"file": CLUB.name, "record": number, "board": "12", "contract": "3C", "declarer": "W",
              "irregularity": "trick 2: North leads SK out of turn (Law 53, 56)",
              "steps": m.steps, "total": {k: round(sum(s[k] for s in m.steps), 1) for k in ("clicks", "keys",
                                                                                          "seconds")}}
    NUMBERS.parent.mkdir(parents=True, exist_ok=True)
    NUMBERS.write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{'the whole route':<72} {report['total']['clicks']:>3} clicks {report['total']['keys']:>4} keys "
          f"{report['total']['seconds']:>6.1f} s")
    assert external == []
