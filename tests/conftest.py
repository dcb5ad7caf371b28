"""pytest configuration shared by every test file.

The notebooks in tests/browser/ are fixtures of the real-browser tests (tests/test_table_browser.py): those tests
copy them beside the article scenarios into a temporary folder and open them in JupyterLab. They are not
notebooks of ours whose outputs nbval should compare, and from tests/browser/ they cannot find the scenarios.
"""

collect_ignore_glob = ["browser/*.ipynb"]
