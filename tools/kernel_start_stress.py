"""Start many kernels the way the tests' nbval does, from several processes at once, and count the starts that fail.

    .venv/bin/python tools/kernel_start_stress.py [--transport tcp|ipc] [--procs 2] [--kernels 30]
                                                  [--churn THREADS] [--busy]

Each of PROCS processes (the xdist workers) starts KERNELS kernels one after the other through conftest.py's
nbval kernel (nbval's RunningKernel: jupyter_client's KernelManager, the ``:nbval-parent-env`` kernel, a wait for
kernel_info, then IOPub), the kernel's stderr in a file, and stops each at once. ``--transport tcp`` is what
nbval does by itself (five ports found by binding port 0 and letting go); ``ipc`` is what conftest.py now does.

``--churn THREADS`` adds a process that does what the rest of a test run does to the ephemeral ports at the same
time, faster: each thread binds five sockets to port 0 and listens on them (as a kernel of the other worker, of a
Lab or Voila server does), holds them 0.2-1 s, lets go, again. ``--busy`` keeps one core busy
(``while 1: pass``) meanwhile. The run prints, per outcome, how many starts had it, and the first lines of a
failing kernel's stderr.
"""

from __future__ import annotations

import argparse
import collections
import importlib.util
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load_conftest():
    spec = importlib.util.spec_from_file_location("bridgelaws_root_conftest", ROOT / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def starter(transport: str, kernels: int, out: Path) -> None:
    conftest = load_conftest()
    if transport == "tcp":  # the same code, with jupyter_client's default transport (nbval's own choice)
        def tcp_kernel(prefix: str = "bridgelaws-kernel-"):
            folder = tempfile.mkdtemp(prefix=prefix, dir="/tmp")
            return folder, {"connection_file": os.path.join(folder, "kernel.json")}
        conftest.private_kernel = tcp_kernel
    kernel_class = conftest._running_kernel_class()
    cwd = str(ROOT / "notebooks" / "nb")
    with out.open("w", encoding="utf-8") as f:
        for _ in range(kernels):
            started = time.monotonic()
            try:
                kernel = kernel_class(":nbval-parent-env", cwd=cwd, startup_timeout=60)
            except Exception as exc:
                text = str(exc)
                first = text.splitlines()[0].split(";")[0]  # jupyter_client's words
                outcome = first + (": Address already in use" if "Address already in use" in text else "")
                if len(text) > 2000:
                    text = text[:400] + "\n[...]\n" + text[-1500:]
                record = {"ok": False, "outcome": outcome, "text": text}
            else:
                kernel.stop()
                record = {"ok": True, "outcome": "started"}
            record["seconds"] = round(time.monotonic() - started, 2)
            f.write(json.dumps(record) + "\n")
            f.flush()


def churn(threads: int, stop: threading.Event) -> None:
    def loop() -> None:
        rng = random.Random()
        while not stop.is_set():
            socks = []
            for _ in range(5):
                s = socket.socket()
                s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as zmq binds a kernel's port
                s.bind(("127.0.0.1", 0))
                s.listen(1)
                socks.append(s)
            stop.wait(rng.uniform(0.2, 1.0))
            for s in socks:
                s.close()

    workers = [threading.Thread(target=loop, daemon=True) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--transport", choices=["tcp", "ipc"], default="tcp")
    parser.add_argument("--procs", type=int, default=2)
    parser.add_argument("--kernels", type=int, default=30)
    parser.add_argument("--churn", type=int, default=0, metavar="THREADS")
    parser.add_argument("--busy", action="store_true")
    parser.add_argument("--_starter", nargs=3, help=argparse.SUPPRESS)
    parser.add_argument("--_churner", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args._starter:
        starter(args._starter[0], int(args._starter[1]), Path(args._starter[2]))
        return 0
    if args._churner:
        churn(args._churner, threading.Event())
        return 0

    helpers = []
    if args.busy:
        helpers.append(subprocess.Popen([sys.executable, "-c", "while 1: pass"]))
    if args.churn:
        helpers.append(subprocess.Popen([sys.executable, __file__, "--_churner", str(args.churn)]))
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="kernel-stress-") as tmp:
        outs = [Path(tmp) / f"starter{i}.jsonl" for i in range(args.procs)]
        try:
            starters = [subprocess.Popen([sys.executable, __file__, "--_starter", args.transport, str(args.kernels),
                                          str(out)]) for out in outs]
            for p in starters:
                p.wait()
        finally:
            for h in helpers:
                h.kill()
                h.wait()
        records = [json.loads(line) for out in outs if out.exists() for line in out.read_text().splitlines()]
    counts = collections.Counter(r["outcome"] for r in records)
    failed = [r for r in records if not r["ok"]]
    seconds = sorted(r["seconds"] for r in records)
    print(f"transport={args.transport} procs={args.procs} kernels={args.kernels} churn={args.churn} "
          f"busy={args.busy}: {len(records)} starts in {time.monotonic() - began:.0f} s, {len(failed)} failed; "
          f"start time median {seconds[len(seconds) // 2] if seconds else 0} s, max {seconds[-1] if seconds else 0} s")
    for outcome, n in counts.most_common():
        print(f"  {n:4d}  {outcome}")
    if failed:
        print("first failure:\n" + failed[0]["text"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
