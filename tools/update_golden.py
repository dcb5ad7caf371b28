#!/usr/bin/env python3
"""Write the renderers' golden files (tests/golden/) from the renderers as they are now.

    .venv/bin/python tools/update_golden.py           write every golden file that differs, list what changed
    .venv/bin/python tools/update_golden.py --check   write nothing; exit 1 if any file would change

The test run (tests/test_render.py) only compares with these files and never writes them, so that no setting of
the test run can turn a changed rendering green. After writing, review the change with ``git diff tests/golden``
before committing it: every line of it is something a participant will see.

The cases and the exact content of each file come from tests/test_render.py (``CASES``, ``golden_content``), so
the test and this command cannot disagree about what a file should hold. Golden files that no case uses are
listed, not deleted.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if any golden file would change")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(TESTS))
    sys.path.insert(0, str(ROOT))
    import test_render as tr   # noqa: E402  (the cases live with the test)

    changed: list[str] = []
    tr.GOLDEN.mkdir(exist_ok=True)
    for name, lang, ext in tr.GOLDEN_PARAMS:
        path = tr.golden_path(name, lang, ext)
        content = tr.golden_content(name, lang, ext)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == content:
            continue
        changed.append(f"{'changed' if old is not None else 'new'}: {path.relative_to(ROOT)}")
        if not args.check:
            path.write_text(content, encoding="utf-8")
    expected = {tr.golden_path(*p).name for p in tr.GOLDEN_PARAMS}
    stray = sorted(p.name for p in tr.GOLDEN.glob("*") if p.suffix in (".html", ".txt") and p.name not in expected)
    for line in changed:
        print(line)
    for name in stray:
        print(f"unused (not deleted): tests/golden/{name}")
    verb = "would change" if args.check else "written"
    print(f"{len(changed)} golden file(s) {verb}, {len(tr.GOLDEN_PARAMS) - len(changed)} unchanged"
          + ("; review with: git diff tests/golden" if changed and not args.check else ""))
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
