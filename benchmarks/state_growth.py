"""Does an action cost more as a game goes on? Per ruleset, in one run (issue 32, points 2, 3 and 5).

    python benchmarks/state_growth.py [--actions 400] [--rulesets his2p,empires2,europe1615,standard,rr3]

Each ruleset plays one seeded game (random bots; the megagame plays its prepared two turns,
tests/fixtures/rr3_two_turns.json) and prints:

* ``act``: the median milliseconds of ``Game.act`` at actions 5-15 and over the last ten, and their ratio (goal: at
  most 2, point 5);
* ``state``: the state's canonical JSON bytes at action 10 and at the end, and the kernel's step of copying it (the
  work copy and the state at rest, ``kernel/journal.py``) against the full copy the kernel made before (``marshal``
  then orjson's checked sorted copy), both timed side by side at the end: what point 2 keeps from growing;
* ``replay``: replaying the first half of the log and the whole of it, and their ratio (goal: at most 2.2, point 3).

The load average is printed first: the machine is shared; run it again if it is high. Not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from umpire.bots.registry import bot_for  # noqa: E402
from umpire.kernel import journal  # noqa: E402
from umpire.kernel.bots import play_bot  # noqa: E402
from umpire.kernel.canonical import canonical_json, clone, plain_canonical_copy  # noqa: E402
from umpire.kernel.game import Game, new_game, replay  # noqa: E402

RULESETS = ("his2p", "empires2", "europe1615", "standard", "rr3")


def timed_act(game: Game, role: str, action: dict[str, Any], times: list[float]) -> None:
    started = time.perf_counter()
    game.act(role, action)
    times.append(time.perf_counter() - started)


def play(ruleset: str, limit: int, seed: int = 3) -> tuple[Game, list[float], int]:
    """A game of ``ruleset`` to ``limit`` actions (or its end), the time of each act, and the state's bytes at
    action 10."""
    times: list[float] = []
    at_ten = 0
    if ruleset == "rr3":
        prepared = json.loads((ROOT / "tests" / "fixtures" / "rr3_two_turns.json").read_text(encoding="utf-8"))
        game = new_game("rr3", prepared["scenario"], prepared["options"], prepared["seed"])
        for entry in [e for batch in prepared["batches"] for e in batch][:limit]:
            timed_act(game, entry["role"], entry["action"], times)
            if len(times) == 10:
                at_ten = len(canonical_json(game.state))
        return game, times, at_ten
    game = new_game(ruleset, seed=seed)
    rules = game.ruleset
    bots = {side: bot_for(ruleset, "random") for side in rules.seats(game.state)}
    while not rules.is_over(game.state) and len(times) < limit:
        acted = False
        for side, bot in bots.items():
            action = play_bot(bot, rules.view(game.state, side), seed, side, len(times))
            if action is None:
                continue
            timed_act(game, side, action, times)
            acted = True
            if len(times) == 10:
                at_ten = len(canonical_json(game.state))
        if not acted:
            break
    return game, times, at_ten


def copy_times(game: Game, repeat: int = 7) -> tuple[float, float]:
    """Milliseconds of the kernel's copy step on the final state now (shared past) and before (full copies)."""
    parts = journal.parts_of(game.ruleset.append_only)
    state = game.state
    now: list[float] = []
    before: list[float] = []
    for _ in range(repeat):
        started = time.perf_counter()
        journal.settled_copy(state, journal.work_copy(state, parts), parts)
        now.append(time.perf_counter() - started)
        started = time.perf_counter()
        plain_canonical_copy(clone(state))
        before.append(time.perf_counter() - started)
    return statistics.median(now) * 1000, statistics.median(before) * 1000


def replay_times(game: Game) -> tuple[float, float]:
    """Seconds to replay the first half of the log and the whole log, interleaved twice (the lower of each)."""
    record = game.record
    half = {**record, "actions": record["actions"][: len(record["actions"]) // 2]}
    halves, wholes = [], []
    for _ in range(2):
        started = time.perf_counter()
        replay(half)
        halves.append(time.perf_counter() - started)
        started = time.perf_counter()
        again = replay(record)
        wholes.append(time.perf_counter() - started)
        assert canonical_json(again.state) == canonical_json(game.state), "the replay reached another state"
    return min(halves), min(wholes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=400, help="at most this many actions a game")
    parser.add_argument("--rulesets", default=",".join(RULESETS))
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for ruleset in args.rulesets.split(","):
        game, times, at_ten = play(ruleset, args.actions)
        n = len(times)
        early = statistics.median(times[4:15]) * 1000
        late = statistics.median(times[-10:]) * 1000
        now, before = copy_times(game)
        half, whole = replay_times(game)
        print(f"{ruleset} ({n} actions)")
        print(f"  act:    {early:7.2f} ms at actions 5-15, {late:7.2f} ms at the last ten: ratio {late / early:.2f}")
        print(
            f"  state:  {at_ten:,} bytes at action 10, {len(canonical_json(game.state)):,} at the end; its copy "
            f"{now:.2f} ms now against {before:.2f} ms by full copies ({before / now:.1f} times)"
        )
        print(f"  replay: {half:.2f} s for {n // 2} actions, {whole:.2f} s for {n}: ratio {whole / half:.2f}")


if __name__ == "__main__":
    main()
