"""The registries load once, whole, even when two threads ask first at once (two first requests of a new server):
neither sees only the rulesets or bots imported so far."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import threading, importlib, time
import umpire.kernel.registry as R
import umpire.bots.registry as B
real = importlib.import_module
def slow(name, *a, **k):
    module = real(name, *a, **k)
    time.sleep(0.05)  # widen the window in which a second thread could see a half-made registry
    return module
R.importlib.import_module = slow
B.importlib.import_module = slow
seen = []
def ask():
    seen.append((tuple(r.info.name for r in R.available()), tuple(B.rulesets_with_bots())))
threads = [threading.Thread(target=ask) for _ in range(4)]
for t in threads: t.start()
for t in threads: t.join()
print(len(set(seen)), seen[0])
"""


def test_threads_asking_at_once_each_see_the_whole_registry() -> None:
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120, check=True)
    count, _, first = out.stdout.strip().partition(" ")
    assert count == "1", out.stdout
    assert "'rr3'" in first and "'his2p'" in first and "'empires2'" in first, first
