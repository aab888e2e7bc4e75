"""The kernel's cost per action on a large state: the megagame after two turns (tests/fixtures/rr3_two_turns.json).

    python benchmarks/kernel_act.py [--repeat 5]

The prepared position's 368 actions are played ``--repeat`` times by each of two kernels, interleaved so that
machine noise hits both alike, and each also replays them:

* before: the rules work on a copy of the state (``marshal``), which is then checked to be plain JSON data in Python
  (``check_plain``) and copied in sorted key order by the standard library (``json``) -- the kernel until issue 32;
* now: ``Game.act`` and ``replay`` as they are (orjson's sorted copy, checked by comparing it with what the rules
  made).

Prints the median milliseconds per action of each, and their ratio. Both must reach the same state. Not a test.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from umpire.kernel.canonical import canonical_json, check_plain, clone  # noqa: E402
from umpire.kernel.game import Game, new_game, replay  # noqa: E402


def act_before(game: Game, role: str, action: dict[str, Any]) -> None:
    """The kernel's step before issue 32: copy, apply, check in Python, sorted copy through the standard library."""
    work = clone(game.state)
    game.ruleset.apply(work, role, clone(action))
    game.ruleset.advance(work)
    check_plain(work)
    game.state = json.loads(canonical_json(work))
    game.record["actions"].append({"role": role, "action": clone(action)})


def play(prepared: dict[str, Any], before: bool) -> tuple[float, str]:
    game = new_game(prepared["ruleset"], prepared["scenario"], prepared["options"], prepared["seed"])
    entries = [entry for batch in prepared["batches"] for entry in batch]
    started = time.perf_counter()
    for entry in entries:
        if before:
            act_before(game, entry["role"], entry["action"])
        else:
            game.act(entry["role"], entry["action"])
    if before:
        again = new_game(prepared["ruleset"], prepared["scenario"], prepared["options"], prepared["seed"])
        for entry in entries:
            act_before(again, entry["role"], entry["action"])
    else:
        again = replay(game.record)
    took = time.perf_counter() - started
    assert canonical_json(again.state) == canonical_json(game.state)
    return took * 1000 / (2 * len(entries)), game.digest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    prepared = json.loads((ROOT / "tests" / "fixtures" / "rr3_two_turns.json").read_text(encoding="utf-8"))
    times: dict[bool, list[float]] = {True: [], False: []}
    digests = set()
    for i in range(args.repeat):
        for before in (i % 2 == 0, i % 2 != 0):  # alternate which goes first
            ms, digest = play(prepared, before)
            times[before].append(ms)
            digests.add(digest)
    assert len(digests) == 1, "the two kernels reached different states"
    old, new = statistics.median(times[True]), statistics.median(times[False]) or 1e-9
    print(f"megagame, two turns ({sum(len(b) for b in prepared['batches'])} actions played, then replayed)")
    print(f"  before: {old:6.2f} ms an action (median of {args.repeat})")
    print(f"  now:    {new:6.2f} ms an action")
    print(f"  ratio:  {old / new:.2f} times faster")


if __name__ == "__main__":
    main()
