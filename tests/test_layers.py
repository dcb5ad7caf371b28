"""The core stays light: `import bridgelaws` loads none of the notebook-side packages (DESIGN.md, Layers)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("pandas", "ipywidgets", "IPython", "endplay", "matplotlib")

PROBE = """
import json, sys
import bridgelaws
print(json.dumps(sorted(sys.modules)))
"""


def test_import_bridgelaws_loads_no_notebook_packages() -> None:
    # A fresh interpreter: this pytest process may already have imported any of them.
    cmd = [sys.executable, "-c", PROBE]
    out = subprocess.run(cmd, check=False, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    loaded = json.loads(out.stdout.strip().splitlines()[-1])
    heavy = sorted(m for m in loaded if m.split(".")[0] in HEAVY)
    assert heavy == [], f"import bridgelaws pulled in {heavy}"
