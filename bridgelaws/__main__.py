"""The command line: ``python -m bridgelaws check PATH...``, ``python -m bridgelaws show FILE --lang da`` and
``python -m bridgelaws handout FILE --lang da [-o OUT.html|OUT.pdf]``.

``check`` replays every scenario file under the paths given (folders are searched recursively for ``.toml``
and ``.json`` files, in sorted order) and prints ``PASS id``, ``FAIL id`` with one indented line per
expectation that differs, or ``ERROR id: what and where``; the last line is ``N passed, N failed``. It exits
0 only when every file passed. ``--format json`` prints the same as JSON.

``show`` prints the state of play after a scenario's history: the four hands, the tricks so far, the
penalty cards, whose turn it is and what the Director says, in Danish, Norwegian or English.

``import-pbn FILE --board 17 [--record N] [--after N] [-o OUT]`` writes a scenario file from a board of a PBN
file (deal, contract, declarer and the recorded play, up to ``--after N`` events). ``export FILE --to pbn|lin
[--lang da] [-o OUT]`` writes a scenario as PBN (irregularities in a table section of our own, commentary in
the language) or as LIN for BBO's hand viewer (docs/pbn.md).

``worth FILE [--after N] [--lang da] [--budget S]`` prints what each option of the decision pending after the
scenario's history (or its first N events) is worth, double dummy under the Laws' constraints
(:mod:`bridgelaws.analysis`, docs/worth.md): the tricks for declarer's side in the whole board under each option.
Without DDS (endplay) it shows the values stored for the article notebooks' positions, where there are some.

``handout`` writes one scenario's printable page (:mod:`bridgelaws.handout`): a diagram of each key position
and the ruling, no JavaScript, A4; to stdout, to an ``.html`` file, or to a ``.pdf`` printed by Chromium.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from bridgelaws import pbn
from bridgelaws.cards import Card, Seat, Suit, sorted_cards
from bridgelaws.errors import PbnError, ScenarioError
from bridgelaws.i18n import normalize_lang, text
from bridgelaws.notation import format_card, format_rank, format_seat
from bridgelaws.scenario import CheckResult, Scenario, check_file, dumps, load, localized, replay
from bridgelaws.table import Table

SUFFIXES = (".toml", ".json")


# ----------------------------------------------------------------------------------------------------------
# check
# ----------------------------------------------------------------------------------------------------------

def scenario_files(paths: Iterable[str | Path]) -> list[tuple[Path, bool]]:
    """(file, found) for every path: a file as given, or a folder's scenario files, recursively and sorted.
    A folder without any gives (folder, False)."""
    out: list[tuple[Path, bool]] = []
    seen: set[Path] = set()
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found = sorted(f for f in p.rglob("*") if f.is_file() and f.suffix.lower() in SUFFIXES)
            if not found:
                out.append((p, False))
            files = found
        else:
            files = [p]
        for f in files:
            try:
                key = f.resolve()
            except (OSError, ValueError, RuntimeError):   # a NUL byte, a symlink loop: load() says what
                key = f
            if key not in seen:
                seen.add(key)
                out.append((f, True))
    return out


def check_paths(paths: Iterable[str | Path]) -> list[CheckResult]:
    """Check every scenario file under ``paths``; a file never raises, it gives an ERROR result."""
    results: list[CheckResult] = []
    ids: dict[str, str] = {}
    for path, found in scenario_files(paths):
        if not found:
            results.append(CheckResult(path.name, "ERROR", error=f"{path}: no .toml or .json scenario files in "
                                                                 "this folder", path=str(path)))
            continue
        try:
            result = check_file(path)
        except Exception as exc:  # a bug in the library must not hide the other files' results
            result = CheckResult(path.name, "ERROR", error=f"{path}: internal error in the library: "
                                                           f"{type(exc).__name__}: {exc}", path=str(path))
        if result.status != "ERROR":
            if result.id in ids:
                result = CheckResult(result.id, "ERROR", error=f"{path}: id {result.id!r} is already used by "
                                                               f"{ids[result.id]}", path=str(path))
            else:
                ids[result.id] = str(path)
        results.append(result)
    return results


def summary(results: Sequence[CheckResult]) -> str:
    passed = sum(1 for r in results if r.passed)
    return f"{passed} passed, {len(results) - passed} failed"


def run_check(paths: Sequence[str], fmt: str) -> int:
    results = check_paths(paths)
    if fmt == "json":
        passed = sum(1 for r in results if r.passed)
        print(json.dumps({"results": [r.to_dict() for r in results], "passed": passed,
                          "failed": len(results) - passed, "summary": summary(results)},
                         ensure_ascii=False, indent=2))
    else:
        for r in results:
            for w in r.warnings:
                print(_one_line(f"warning: {r.path or r.id}: {w}"), file=sys.stderr)
            for line in r.lines():
                print(_one_line(line) if line.startswith("ERROR") else visible(line))
        print(summary(results))
    return 0 if results and all(r.passed for r in results) else 1


# ----------------------------------------------------------------------------------------------------------
# show
# ----------------------------------------------------------------------------------------------------------

def _say(key: str, lang: str, **params: object) -> str:
    return text("scenario.show." + key, lang, **params)


def _holding(cards: Iterable[Card], lang: str) -> str:
    cards = sorted_cards(cards)
    parts = []
    for suit in Suit:
        ranks = " ".join(format_rank(c.rank, lang) for c in cards if c.suit is suit) or "–"
        parts.append(f"{suit.symbol} {ranks}")
    return "  ".join(parts)


def _plays(plays: Iterable[tuple[Seat, Card]], lang: str) -> str:
    return "  ".join(f"{format_seat(s, lang, 'letter')} {format_card(c, lang)}" for s, c in plays)


def tricks_text(table: Table, lang: str) -> list[str]:
    """The completed tricks, one line each: who played what, and who won."""
    lines = [_say("tricks_heading", lang) + ":"]
    if not table.tricks:
        lines.append("  " + _say("no_tricks", lang))
    for no, t in enumerate(table.tricks, 1):
        lines.append(f"  {_say('trick_line', lang, no=no, cards=_plays(t.plays, lang), winner=t.winner)}")
    return lines


def simple_table_text(table: Table, lang: str) -> list[str]:
    """The table in plain lines, for when :mod:`bridgelaws.render.text` is not available."""
    st = table.state
    c = table.contract
    strain = c.trump.symbol if c.trump is not None else _say("notrump", lang)
    lines = [_say("contract", lang, contract=f"{c.level}{strain}{'X' * c.doubled}", declarer=st.declarer,
                  dummy=st.dummy), ""]
    for seat in Seat:
        lines.append(f"{format_seat(seat, lang)}: {_holding(st.hand(seat), lang)}")
    lines.append("")
    if st.trick:
        lines.append(_say("current_trick", lang, cards=_plays(st.trick, lang)))
    if st.penalty_cards:
        lines.append(_say("penalty_cards", lang) + ":")
        for p in st.penalty_cards:
            lines.append("  " + _say("penalty_card_" + p.kind, lang, seat=p.seat, card=p.card))
    else:
        lines.append(_say("no_penalty_cards", lang))
    if st.phase == "over":
        lines.append(_say("play_over", lang))
    elif st.to_act is not None:
        lines.append(_say("to_lead" if not st.trick else "to_play", lang, seat=st.to_act))
    return lines


def _render_text_module() -> object | None:
    try:
        from bridgelaws.render import text as render_text
    except ModuleNotFoundError as exc:
        if exc.name in ("bridgelaws.render", "bridgelaws.render.text"):
            return None
        raise
    return render_text


def show_text(scenario: Scenario, table: Table, lang: str = "en") -> str:
    """The text ``show`` prints: title, tricks so far, the table now and what the Director says."""
    lang = normalize_lang(lang)
    lines: list[str] = []
    title = localized(scenario.title, lang)
    lines += [title or scenario.id, ""]
    question = localized(scenario.question, lang)
    if question:
        lines += [question, ""]
    lines += tricks_text(table, lang) + [""]
    says = table.director_says(lang)
    render_text = _render_text_module()
    if render_text is not None:
        picture: str = render_text.table(table, lang=lang)  # type: ignore[attr-defined]
        lines += picture.rstrip("\n").splitlines()
        says = [s for s in says if s not in " ".join(picture.split())]
    else:
        lines += simple_table_text(table, lang)
    if says:
        lines += ["", _say("director", lang) + ":"]
        lines += [f"- {s}" for s in says]
    return "\n".join(lines) + "\n"


def run_show(file: str, lang: str) -> int:
    try:
        scenario = load(file)
        table = replay(scenario)
        shown = show_text(scenario, table, lang)
    except ScenarioError as exc:
        sid = exc.params.get("scenario_id") or Path(file).name
        print(_one_line(f"ERROR {sid}: {exc}"), file=sys.stderr)
        return 1
    except Exception as exc:  # a bug in the library: one line, never a traceback
        print(_one_line(f"ERROR {Path(file).name}: {file}: internal error in the library: "
                        f"{type(exc).__name__}: {exc}"), file=sys.stderr)
        return 1
    sys.stdout.write(visible(shown))
    return 0


#: characters a terminal would act on rather than show: C0 and C1 controls (ESC starts a sequence that can set
#: the window title or clear the screen), DEL, and the Unicode line and paragraph separators and direction marks
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def visible(text_: str) -> str:
    """Text from a file as a terminal should show it: every control character written as an escape (``\\x1b``),
    line breaks kept (issue #21, N5)."""
    return _CONTROLS.sub(lambda m: repr(m.group())[1:-1], text_)


def _one_line(message: str) -> str:
    """A message on one line, shown and not acted on (a TOML error, a file name or a value from a file may hold
    line breaks or terminal escapes)."""
    return visible(" ".join(message.replace("\n", " ").split()))


# ----------------------------------------------------------------------------------------------------------
# import-pbn and export (PBN / LIN)
# ----------------------------------------------------------------------------------------------------------

def _write_out(content: str, out: str | None) -> None:
    if out is None or out == "-":
        sys.stdout.write(content)
    else:
        Path(out).write_bytes(content.encode("utf-8", "surrogatepass"))


def _cannot_write(out: str | os.PathLike[str] | None, exc: OSError | ValueError) -> None:
    """One ERROR line for an output file that cannot be written, saying what to do (issue #21, N8)."""
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
    print(_one_line(f"ERROR {out}: cannot write the file ({reason}); give -o a file name in a folder that exists "
                    "and that you may write to"), file=sys.stderr)


def run_import_pbn(file: str, board: str | None, record: int | None, after: int | None, out: str | None,
                   scenario_id: str | None, lang: str = "en", listing: bool = False) -> int:
    """A scenario file from one board of a PBN file; errors in ``lang``. Every record that cannot be read is
    reported on its own line, and the board is imported when its record can be read (issue #21, N11).
    ``listing``: print each record of the board (or of every board) with its table, contract, declarer, lead and
    result instead, to choose one by (issue 37). A record without play is imported with a warning that says so."""
    from bridgelaws.pbn.listing import boards, listing_lines

    try:
        records = pbn.read_pbn(Path(file), errors="collect")
    except PbnError as exc:
        print(_one_line(f"ERROR {exc.explain(lang)}"), file=sys.stderr)
        return 1
    for error in records.errors:
        print(_one_line("warning: " + text("pbn.cli.not_imported", lang, error=error.explain(lang))),
              file=sys.stderr)
    if listing:
        for number in ([board] if board is not None else boards(records)):
            for line in listing_lines(records, number, lang):
                print(visible(line))
        return 0
    if board is None:
        print(_one_line("ERROR import-pbn: --board N is needed (or --list to see the boards)"), file=sys.stderr)
        return 2
    try:
        chosen = pbn.select(records, board, record)
        scenario = chosen.scenario(id=scenario_id, after=after)
        if not chosen.plays and chosen.contract is not None:
            print(_one_line("warning: " + text("pbn.cli.no_play", lang, record=chosen.number, board=chosen.board)),
                  file=sys.stderr)
        fmt = "json" if out is not None and out.lower().endswith(".json") else "toml"
        content = dumps(scenario, fmt)
    except (PbnError, ScenarioError) as exc:
        print(_one_line(f"ERROR {exc.explain(lang)}"), file=sys.stderr)
        return 1
    try:
        _write_out(content, out)
    except (OSError, ValueError) as exc:
        _cannot_write(out, exc)
        return 1
    return 0


def run_export(file: str, to: str, lang: str, out: str | None) -> int:
    """A scenario file as PBN or LIN."""
    try:
        scenario = load(file)
        content = pbn.to_pbn(scenario, lang) if to == "pbn" else pbn.to_lin(scenario, lang)
        _write_out(content, out)
    except ScenarioError as exc:
        sid = exc.params.get("scenario_id") or Path(file).name
        print(_one_line(f"ERROR {sid}: {exc}"), file=sys.stderr)
        return 1
    except PbnError as exc:
        print(_one_line(f"ERROR {exc.explain(lang)}"), file=sys.stderr)
        return 1
    except (OSError, ValueError) as exc:
        _cannot_write(out, exc)
        return 1
    return 0


def _add_pbn_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p_imp = sub.add_parser("import-pbn", help="write a scenario file from one board of a PBN file")
    p_imp.add_argument("file", metavar="FILE", help="a PBN file (tournament hand records)")
    p_imp.add_argument("--board", default=None, help="the board number")
    p_imp.add_argument("--list", dest="listing", action="store_true",
                       help="list the board's records (every board's, without --board): table, contract, "
                            "declarer, lead and result, to choose one with --record")
    p_imp.add_argument("--record", type=int, default=None,
                       help="the record's number in the file, when the board appears more than once")
    p_imp.add_argument("--after", type=int, default=None, metavar="N",
                       help="keep the recorded play up to N events (cards)")
    p_imp.add_argument("--id", dest="scenario_id", default=None, help="the scenario's id")
    p_imp.add_argument("-o", "--output", default=None, metavar="OUT",
                       help="the scenario file to write (.toml or .json; default: print TOML)")
    p_imp.add_argument("--lang", choices=("da", "nb", "no", "en"), default="en", help="language of the errors")
    p_exp = sub.add_parser("export", help="write a scenario as PBN or as LIN (BBO's hand viewer)")
    p_exp.add_argument("file", metavar="FILE", help="a scenario file")
    p_exp.add_argument("--to", choices=("pbn", "lin"), required=True, help="the format")
    p_exp.add_argument("--lang", choices=("da", "nb", "no", "en"), default="en",
                       help="language of the commentary and the notes")
    p_exp.add_argument("-o", "--output", default=None, metavar="OUT", help="the file to write (default: print)")


# ----------------------------------------------------------------------------------------------------------
# handout
# ----------------------------------------------------------------------------------------------------------

def run_handout(file: str, lang: str, output: str | None) -> int:
    """One scenario's printable handout: HTML on stdout or in ``output``; a ``.pdf`` output is printed by
    Chromium from that HTML. Every failure is one ERROR line (issue #21, N8)."""
    from bridgelaws.handout import scenario_handout

    try:
        page = scenario_handout(file, lang)
    except ScenarioError as exc:
        sid = exc.params.get("scenario_id") or Path(file).name
        print(_one_line(f"ERROR {sid}: {exc}"), file=sys.stderr)
        return 1
    if output is None:
        sys.stdout.write(page)
        return 0
    out = Path(output)
    try:
        if out.suffix.lower() != ".pdf":
            out.write_bytes(page.encode("utf-8"))
            return 0
        return _handout_pdf(page, out)
    except (OSError, ValueError) as exc:
        _cannot_write(output, exc)
        return 1


def _handout_pdf(page: str, out: Path) -> int:
    import tempfile

    from bridgelaws.handout import print_pdf

    if out.is_dir():
        raise IsADirectoryError(21, os.strerror(21))
    if not out.parent.is_dir():
        raise FileNotFoundError(2, os.strerror(2))
    with tempfile.TemporaryDirectory(prefix="bridgelaws-handout-") as tmp:
        html_file = Path(tmp) / "handout.html"
        html_file.write_bytes(page.encode("utf-8"))
        try:
            print_pdf(html_file, out)
        except RuntimeError as exc:
            print(_one_line(f"ERROR {out}: {exc}"), file=sys.stderr)
            return 1
    return 0


# ----------------------------------------------------------------------------------------------------------
# worth
# ----------------------------------------------------------------------------------------------------------

def worth_lines(file: str, after: int | None, lang: str, budget: float) -> list[str]:
    """The table of options and values for ``worth``: computed with DDS where endplay is installed, else read
    from the stored values beside the scenario (:mod:`bridgelaws.analysis.stored`). Raises ScenarioError or
    WorthError (a BridgeLawsError), with a catalogue key, for what cannot be answered."""
    from bridgelaws.analysis import WorthError, option_values
    from bridgelaws.analysis.dds import available
    from bridgelaws.analysis.labels import values_lines
    from bridgelaws.analysis.stored import find_values_file, stored_values

    scenario = load(file)
    if after is not None and not 0 <= after <= len(scenario.history):
        raise WorthError(f"--after {after}: the file has {len(scenario.history)} events", key="worth.error.after",
                         after=after, count=len(scenario.history))
    table = replay(scenario, after)
    st = table.state
    lines = [localized(scenario.title, lang) or scenario.id, ""]
    if st.pending is None or st.phase == "over" or st.claim is not None:
        try:
            option_values(table, budget=0)          # the same WorthError as with DDS
        except WorthError as exc:
            _name_next_decision(exc, scenario, after)
            raise
    if available():
        values = [(v.option, v.worth.lower, v.worth.upper) for v in option_values(table, budget=budget)]
        return lines + _with_target(values_lines(st, values, lang, budget), _target(scenario, values, lang), lang)
    got = stored_values(st, find_values_file(file))
    if got is None:
        raise WorthError("the values of this position are not stored, and DDS (endplay) is not installed",
                         key="worth.not_stored")
    return lines + _with_target(values_lines(st, got.options, lang), _target(scenario, got.options, lang), lang)


def _with_target(lines: list[str], target: str, lang: str) -> list[str]:
    """The target line under the table of values, before the caveat."""
    caveat = text("worth.caveat", lang)
    at = lines.index(caveat) - 1 if caveat in lines else len(lines)
    return lines[:at] + ["", target] + lines[at:]


def _target(scenario: Scenario, values: Sequence[tuple[str, int, int]], lang: str) -> str:
    """The values in the contract's terms, ``4♥: 10 tricks needed; 9 is one down`` (issue 37)."""
    from bridgelaws.contract_terms import target_line

    return target_line(scenario.contract, [lo for _, lo, hi in values if lo == hi], lang)


def _name_next_decision(exc: Exception, scenario: Scenario, after: int | None) -> None:
    """A position without a decision: add to the error where the next one is (``--after N``), or that the
    file has none after it (issue 37)."""
    from bridgelaws.errors import BridgeLawsError

    table = replay(scenario)
    start = 0 if after is None else after
    nxt = next((n for n in range(start + 1, len(table.states)) if table.states[n].pending is not None
                and table.states[n].phase != "over" and table.states[n].claim is None), None)
    if isinstance(exc, BridgeLawsError) and exc.key == "worth.error.no_decision":
        exc.next_decision = (start, nxt)  # type: ignore[attr-defined]


def run_worth(file: str, after: int | None, lang: str, budget: float) -> int:
    from bridgelaws.errors import BridgeLawsError

    lang = normalize_lang(lang)
    try:
        lines = worth_lines(file, after, lang, budget)
    except ScenarioError as exc:
        sid = exc.params.get("scenario_id") or Path(file).name
        print(_one_line(f"ERROR {sid}: {exc}"), file=sys.stderr)
        return 1
    except BridgeLawsError as exc:
        said = exc.explain(lang)
        where = getattr(exc, "next_decision", None)
        if where is not None:   # where the next decision is, or that there is none (issue 37)
            start, nxt = where
            said += ". " + (text("terms.next_decision", lang, n=nxt) if nxt is not None
                            else text("terms.no_next_decision", lang, n=start))
        print(_one_line(f"ERROR {Path(file).name}: {said}"), file=sys.stderr)
        return 1
    sys.stdout.write(visible("\n".join(lines) + "\n"))
    return 0


def _add_worth_command(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("worth", help="what each option of the pending decision is worth, double dummy")
    p.add_argument("file", metavar="FILE", help="a scenario file")
    p.add_argument("--after", type=int, default=None, metavar="N",
                   help="the position after the first N events (default: after the whole history)")
    p.add_argument("--lang", choices=("da", "nb", "no", "en"), default="en", help="language")
    p.add_argument("--budget", type=float, default=10.0, metavar="S",
                   help="seconds for the whole decision; past it a value is given as a bound (default 10)")


# ----------------------------------------------------------------------------------------------------------

# ----------------------------------------------------------------------------------------------------------
# notebook: a lesson from an example (issue 37)
# ----------------------------------------------------------------------------------------------------------

def run_notebook(example: str, langs: Sequence[str], name: str | None, force: bool) -> int:
    """Write the lesson notebook of ``example`` in the first language, and its translations into the others
    through the notebooks' translation workflow (tools/translate.py, when this is a checkout)."""
    from bridgelaws import lesson

    try:
        written, waiting = lesson.make_lesson(Path(example), langs, name, force)
    except (ValueError, ScenarioError) as exc:
        print(_one_line(f"ERROR {exc}"), file=sys.stderr)
        return 1
    for path in written:
        lang = path.parent.name
        n = waiting.get(lang, 0)
        print(f"notebook: wrote {path}" + (f"; {n} paragraph(s) to translate in locales/{lang}/{path.stem}.po "
                                           "(then python3 dev.py translate)" if n else ""))
    return 0


def _add_notebook_command(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("notebook", help="make a lesson notebook from an example (a scenario file or a folder "
                                        "of branches) in one or more languages")
    p.add_argument("example", metavar="EXAMPLE", help="a scenario file or an example folder beside the notebooks "
                                                     "(notebooks/da/mine/klub12)")
    p.add_argument("--lang", nargs="+", default=["da"], choices=("da", "nb", "no", "en"),
                   help="the languages; the first is the source, the others its translations (default: da)")
    p.add_argument("--name", default=None, help="the notebook's name without .ipynb (default: NN-<example>)")
    p.add_argument("--force", action="store_true", help="write over a notebook of that name")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bridgelaws",
                                     description="Check and show scenario files (docs/scenario-format.md).")
    sub = parser.add_subparsers(dest="command", required=True)
    p_check = sub.add_parser("check", help="replay scenario files and compare them with their expectations")
    p_check.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders (searched recursively)")
    p_check.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    p_show = sub.add_parser("show", help="show the state of play after a scenario's history")
    p_show.add_argument("file", metavar="FILE")
    p_show.add_argument("--lang", choices=("da", "nb", "no", "en"), default="en", help="language")
    _add_pbn_commands(sub)
    _add_worth_command(sub)
    _add_notebook_command(sub)
    p_handout = sub.add_parser("handout", help="a printable handout of one scenario (HTML, or PDF through Chromium)")
    p_handout.add_argument("file", metavar="FILE")
    p_handout.add_argument("--lang", choices=("da", "nb", "no", "en"), default="en", help="language")
    p_handout.add_argument("-o", "--output", metavar="OUT", help="write to OUT (.html, or .pdf printed by "
                           "Chromium) instead of printing the HTML")
    args = parser.parse_args(argv)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    try:
        if args.command == "check":
            return run_check(args.paths, args.format)
        if args.command == "import-pbn":
            return run_import_pbn(args.file, args.board, args.record, args.after, args.output, args.scenario_id,
                                  args.lang, args.listing)
        if args.command == "export":
            return run_export(args.file, args.to, args.lang, args.output)
        if args.command == "handout":
            return run_handout(args.file, args.lang, args.output)
        if args.command == "notebook":
            return run_notebook(args.example, args.lang, args.name, args.force)
        if args.command == "worth":
            return run_worth(args.file, args.after, args.lang, args.budget)
        return run_show(args.file, args.lang)
    except KeyboardInterrupt:
        print("ERROR interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:   # `... | head`: the reader has gone; nothing more to say
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keeps the interpreter's final flush quiet
        except OSError:
            pass
        return 1
    except Exception as exc:  # a bug in the library: one line, never a traceback
        print(_one_line(f"ERROR internal error in the library: {type(exc).__name__}: {exc}"), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
