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


ANALYSIS_PROBE = """
import json, sys
import bridgelaws
light = "bridgelaws.analysis" not in sys.modules
import bridgelaws.analysis, bridgelaws.analysis.stored, bridgelaws.analysis.labels
def dds_loaded():
    return sorted(m for m in sys.modules if m.split(".")[0] == "endplay" or m == "bridgelaws_endplay_dds")
before = dds_loaded()
searched = None
if "--search" in sys.argv:
    from bridgelaws import Contract, Deal, Seat
    from bridgelaws.table import Table
    from bridgelaws.analysis import position_value
    searched = position_value(Table(Deal.random(1), Contract.parse("3NT", Seat.SOUTH))).exact
print(json.dumps({"light": light, "before": before, "after": dds_loaded(), "searched": searched}))
"""


def _probe(*args: str) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", ANALYSIS_PROBE, *args], check=False, cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_the_analysis_layer_loads_dds_only_when_a_search_runs() -> None:
    # `import bridgelaws` does not load the analysis layer; importing the layer (and the stored values and labels
    # the offline site reads) loads no endplay; a search loads only endplay's ctypes binding of DDS
    got = _probe()
    assert got["light"] is True
    assert got["before"] == [] and got["after"] == []
    try:
        import endplay  # noqa: F401
    except ImportError:
        return
    got = _probe("--search")
    assert got["before"] == []
    assert got["searched"] is True
    assert "bridgelaws_endplay_dds" in got["after"] or "endplay._dds" in got["after"]
    assert "endplay.dealer" not in got["after"]
