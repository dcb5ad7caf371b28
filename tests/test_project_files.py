"""Guards for the project files: one source of dependencies, exact pins, and the README's two commands."""

from __future__ import annotations

import importlib.util
import json
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
EXTRAS: dict[str, list[str]] = PYPROJECT["project"]["optional-dependencies"]
PINNED = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*(\[[A-Za-z0-9._,-]+\])?==[0-9][0-9A-Za-z.+!-]*$")
SELF = re.compile(r"^bridgelaws\[([a-z0-9_,-]+)\]$")


def yaml_list(text: str, key: str) -> list[str]:
    """The items of the first block list under `key:` or `- key:` in a small YAML file.

    Enough for environment.yml: comments and blank lines are skipped, lists nested in an item are skipped,
    quotes are stripped; the list ends at the first line less indented than its items.
    """
    lines = [line.split(" #")[0].rstrip() for line in text.splitlines() if not line.lstrip().startswith("#")]
    lines = [line for line in lines if line.strip()]
    for i, line in enumerate(lines):
        if line.strip() not in (f"{key}:", f"- {key}:"):
            continue
        items: list[str] = []
        item_indent: int | None = None
        for item in lines[i + 1 :]:
            indent = len(item) - len(item.lstrip())
            if item_indent is None:
                item_indent = indent
            if indent < item_indent or (indent == item_indent and not item.lstrip().startswith("- ")):
                break
            if indent == item_indent:
                items.append(item.strip()[2:].strip().strip("'\""))
        return items
    raise AssertionError(f"no {key!r} list in the YAML text")


def test_yaml_list_reads_a_pip_section() -> None:
    text = "dependencies:\n  - python=3.11\n  - pip\n  - pip:\n      - -e .[dev]   # editable\n\nother: 1\n"
    assert yaml_list(text, "dependencies") == ["python=3.11", "pip", "pip:"]
    assert yaml_list(text, "pip") == ["-e .[dev]"]


def test_environment_yml_installs_only_the_dev_extra_through_pip() -> None:
    text = (ROOT / "environment.yml").read_text(encoding="utf-8")
    assert yaml_list(text, "pip") == ["-e .[dev]"]
    dependencies = yaml_list(text, "dependencies")
    assert "pip" in dependencies and "pip:" in dependencies
    assert [d for d in dependencies if d.startswith("python")] == ["python=3.11"]


def test_core_has_no_runtime_dependencies() -> None:
    assert PYPROJECT["project"].get("dependencies", []) == []


def test_extras_pin_every_dependency_exactly() -> None:
    assert {"notebooks", "test", "dev"} <= EXTRAS.keys()
    for extra, requirements in EXTRAS.items():
        assert requirements, f"extra {extra!r} is empty"
        for requirement in requirements:
            if SELF.match(requirement):
                continue
            assert PINNED.match(requirement), f"extra {extra!r}: {requirement!r} is not pinned with =="


def extra_names(extra: str) -> dict[str, str]:
    """The distributions an extra asks for, with the extras it includes, recursively: canonical name ->
    its pin (``==0.8.6``)."""
    names: dict[str, str] = {}
    for requirement in EXTRAS[extra]:
        match = SELF.match(requirement)
        if match:
            for included in match.group(1).split(","):
                names |= extra_names(included)
        else:
            name, pin = re.fullmatch(r"([^\[=]+)(?:\[[^\]]*\])?(==.+)", requirement).groups()
            names[re.sub(r"[-_.]+", "-", name).lower()] = pin
    return names


def test_dev_extra_is_notebooks_plus_test_plus_handouts_plus_translate() -> None:
    included: set[str] = set()
    for requirement in EXTRAS["dev"]:
        match = SELF.match(requirement)
        assert match, f"dev should only combine other extras, not add {requirement!r}"
        included.update(match.group(1).split(","))
    assert included == {"notebooks", "test", "handouts", "translate"}


def test_the_site_build_tools_stay_out_of_the_dev_environment() -> None:
    """JupyterLite's kernel extension beside JupyterLab makes Lab log console errors (issue #20 item 6): the
    site is built in its own venv (dev.py's .venv-site, the `site` extra), and `dev` does not include it."""
    assert {"jupyterlite-core", "jupyterlite-pyodide-kernel"} <= extra_names("site").keys()
    assert [n for n in extra_names("dev") if n.startswith("jupyterlite")] == []


def test_the_site_extra_holds_what_the_site_build_ships() -> None:
    """tools/build_site.py ships the widget stack at the versions installed in its venv, and copies the lab
    extensions found there: the `site` extra must install every one of them (anywidget and psygnal too, or the
    card table would not work in the site), and at the same pins as JupyterLab's `notebooks`."""
    spec = importlib.util.spec_from_file_location("bridgelaws_tools_build_site", ROOT / "tools" / "build_site.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    site, lab = extra_names("site"), extra_names("notebooks")
    shipped = {re.sub(r"[-_.]+", "-", dist).lower() for dist, _, _ in build.WIDGET_STACK}
    assert shipped <= site.keys(), f"the site ships {shipped - site.keys()} but the site extra does not install them"
    assert {n: site[n] for n in shipped} == {n: lab.get(n) for n in shipped}
    # the lab extensions, by the distribution that installs each
    providers = {"@jupyter-widgets/jupyterlab-manager": "jupyterlab-widgets",
                 "@jupyterlite/pyodide-kernel-extension": "jupyterlite-pyodide-kernel", "anywidget": "anywidget"}
    assert set(build.LABEXTENSIONS) == set(providers)
    assert set(providers.values()) <= site.keys()


def test_python_versions_match_the_endplay_wheels() -> None:
    assert PYPROJECT["project"]["requires-python"] == ">=3.11,<3.14"


def test_ci_runs_the_readme_test_command() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "set -euo pipefail" in script
    commands = [line.strip() for line in script.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    # the README's command, its output also kept whole in test-artifacts/pytest.log (pipefail keeps its status)
    assert commands[-1] == "python3 dev.py test" or commands[-1].startswith("python3 dev.py test 2>&1 | tee ")
    assert not any("playwright install" in c for c in commands), "use Debian's chromium, not playwright install"


def test_readme_gives_both_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for command in ("python3 dev.py lab", "python3 dev.py test"):
        assert re.search(rf"^\s*{re.escape(command)}\s*$", readme, re.MULTILINE), f"README lacks a line {command!r}"


def test_notebooks_use_the_python3_kernel_and_have_a_parameters_cell() -> None:
    notebooks = sorted((ROOT / "notebooks").glob("*/*.ipynb"))
    assert notebooks, "no notebooks"
    for path in notebooks:
        nb = json.loads(path.read_text(encoding="utf-8"))
        assert nb["metadata"]["kernelspec"]["name"] == "python3", path.name
        tags = [tag for cell in nb["cells"] for tag in cell.get("metadata", {}).get("tags", [])]
        assert "parameters" in tags, f"{path.name} has no cell tagged 'parameters'"


def test_the_licences_are_declared_and_shipped() -> None:
    """Issue 37: BSD 3-Clause for the code, CC BY 4.0 for prose, handouts and scenarios, and a NOTICE."""
    bsd = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert bsd.startswith("BSD 3-Clause License")
    assert "Neither the name of the copyright holder" in bsd  # clause 3, the one 2-clause lacks
    cc = (ROOT / "LICENSE-CC-BY-4.0.txt").read_text(encoding="utf-8")
    assert "Creative Commons Attribution 4.0 International Public License" in cc
    assert "Section 3 -- License Conditions." in cc  # the full legal code, not a link only
    notice = (ROOT / "NOTICE").read_text(encoding="utf-8")
    assert "LKU-22" in notice and "the text is our own" in notice.lower()
    assert PYPROJECT["project"]["license"] == "BSD-3-Clause"
    assert set(PYPROJECT["project"]["license-files"]) == {"LICENSE", "LICENSE-CC-BY-4.0.txt", "NOTICE"}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## Licence: what a teacher may do with an example built on ours" in readme


def test_pip_show_names_the_licence() -> None:
    """What `pip show bridgelaws` prints comes from the installed metadata (License-Expression, PEP 639)."""
    from importlib.metadata import metadata

    meta = metadata("bridgelaws")
    assert meta.get("License-Expression") == "BSD-3-Clause", "re-install: python3 dev.py re-installs on a change"
    files = meta.get_all("License-File") or []
    assert {"LICENSE", "LICENSE-CC-BY-4.0.txt", "NOTICE"} <= set(files)
