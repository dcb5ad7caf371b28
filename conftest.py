"""pytest configuration for every run, the notebooks' (nbval) included: how the kernels the tests start talk to
their clients, and where a kernel that dies at its start leaves its last words.

Kernels over IPC, not TCP. jupyter_client gives a TCP kernel five ports by binding each to port 0 and letting it
go; the kernel, a second or more later, binds them itself and dies ("Address already in use") if another process
took one meanwhile: the other xdist worker's kernels, a Lab or Voila server's kernels, any socket bound to port 0.
tools/kernel_start_stress.py shows the race (and that IPC removes it). Every kernel of ours therefore talks over
Unix sockets in a folder of its own (``private_kernel``): names no other process can take.

The kernel's stderr. nbval sends it to /dev/null; here it goes to a file, and a kernel that does not start fails
with the end of that file in its message (which ``.ci/run`` prints at its end). With ``BRIDGELAWS_KERNEL_LOG_DIR``
set (``.ci/run`` sets it to test-artifacts/kernels) the files are kept there, one per notebook and worker.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from typing import Any

import pytest


def private_kernel(prefix: str = "bridgelaws-kernel-") -> tuple[str, dict[str, str]]:
    """A new folder for one kernel (removed by the caller) and the KernelManager traits that put the kernel's
    five sockets and its connection file in it. In /tmp, for short names: a Unix socket's path has at most 107
    bytes."""
    folder = tempfile.mkdtemp(prefix=prefix, dir="/tmp" if os.path.isdir("/tmp") else None)
    return folder, {"transport": "ipc", "ip": os.path.join(folder, "ipc"),
                    "connection_file": os.path.join(folder, "kernel.json")}


def _tail(path: str, limit: int = 3000) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as exc:
        return f"(cannot read it: {exc})"
    return text[-limit:] if text.strip() else "(empty)"


def _running_kernel_class() -> Any:
    """nbval's RunningKernel, started over IPC in a private folder, its stderr kept (see above)."""
    from jupyter_client.manager import KernelManager
    from nbval.kernel import NbvalKernelspecManager, RunningKernel

    class PrivateKernel(RunningKernel):  # type: ignore[misc]
        def __init__(self, kernel_name: str, cwd: str | None = None, startup_timeout: int = 60) -> None:
            self.folder, traits = private_kernel()
            logs = os.environ.get("BRIDGELAWS_KERNEL_LOG_DIR")
            if logs:
                os.makedirs(logs, exist_ok=True)
                worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
                notebook = _NOTEBOOK[0] or os.path.basename(self.folder)
                name = os.path.basename(os.path.dirname(notebook)) + "-" + os.path.basename(notebook)
                self.stderr_path = os.path.join(logs, f"{worker}-{name.removesuffix('.ipynb')}.log")
            else:
                self.stderr_path = os.path.join(self.folder, "stderr.log")
            km = KernelManager(kernel_name=kernel_name, kernel_spec_manager=NbvalKernelspecManager(), **traits)
            # open while the kernel lives: a restart (RunningKernel.restart) launches it again with the same file
            self.stderr = open(self.stderr_path, "ab")  # noqa: SIM115
            try:  # as nbval.kernel.start_new_kernel, with the kernel's stderr in a file
                km.start_kernel(stderr=self.stderr, cwd=cwd)
                kc = km.client()
                kc.start_channels()
                try:
                    kc.wait_for_ready(timeout=startup_timeout)
                except RuntimeError:
                    kc.stop_channels()
                    km.shutdown_kernel(now=True)
                    raise
            except Exception as exc:
                self.stderr.close()
                tail = _tail(self.stderr_path)
                last = [line for line in tail.splitlines() if line.strip()][-1:]
                message = (f"{exc}; the kernel's stderr ends: {''.join(last)}\nIts stderr ({self.stderr_path}; "
                           f"kernel folder {self.folder}, cwd {cwd}):\n{tail}")
                shutil.rmtree(self.folder, ignore_errors=True)
                raise RuntimeError(message) from exc
            self.km, self.kc = km, kc
            self._ensure_iopub_up()

        def stop(self) -> None:
            try:
                super().stop()
            finally:
                self.stderr.close()
                shutil.rmtree(self.folder, ignore_errors=True)

    return PrivateKernel


#: the file of the test being set up: nbval starts a notebook's kernel when its first cell is set up
_NOTEBOOK: list[str] = [""]
_NBVAL_KERNEL = pytest.StashKey[Any]()  # nbval's own RunningKernel, put back at the end


def pytest_configure(config: pytest.Config) -> None:
    if not config.pluginmanager.hasplugin("nbval"):
        return
    import nbval.plugin

    config.stash[_NBVAL_KERNEL] = nbval.plugin.RunningKernel
    nbval.plugin.RunningKernel = _running_kernel_class()


def pytest_unconfigure(config: pytest.Config) -> None:
    original = config.stash.get(_NBVAL_KERNEL, None)
    if original is not None:
        import nbval.plugin

        nbval.plugin.RunningKernel = original


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _NOTEBOOK[0] = str(item.path)
