"""How fast is self-play? Seconds per complete game on one core, and games per second with 1 and 2 workers.

For each bot level, every seat plays that level, and complete games (the ruleset's self-play default length:
standard ends after the winter of 1920 unless someone has 18 centres first) are timed one after another in this
process: mean, median and worst seconds per game. Then the same batch of games runs through the runner with
1 and 2 worker processes, and the throughput (games per second) of each is printed with the speed-up.
``--checked`` also times games played through ``Game.act`` (which copies the state on every action).

    python benchmarks/selfplay_speed.py [--ruleset standard] [--games 20] [--levels normal hard]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from umpire.bots.registry import levels as bot_levels
from umpire.selfplay import make_specs, play_one, run_games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--games", type=int, default=20, help="games per measurement")
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--levels", nargs="*", help="levels to time (default: all)")
    parser.add_argument("--throughput-level", default=None, help="level of the throughput batch (default: last)")
    parser.add_argument("--checked", action="store_true", help="also time games played through Game.act")
    args = parser.parse_args(argv)
    levels = list(args.levels or bot_levels(args.ruleset))
    print(f"{args.ruleset}: {args.games} complete games per measurement; {os.cpu_count()} CPUs here")
    print(f"{'level':<18} {'mean s':>8} {'median s':>9} {'worst s':>8} {'phases':>7} {'actions':>8}")
    modes = [False, True] if args.checked else [False]
    for level in levels:
        for checked in modes:
            times, phases, actions = [], [], []
            for i in range(args.games):
                result = play_one(args.ruleset, args.seed + i, [level], index=i, checked=checked)
                times.append(result["seconds"])
                phases.append(result["phases"])
                actions.append(result["actions"])
            name = level + (" (Game.act)" if checked else "")
            print(
                f"{name:<18} {statistics.mean(times):>8.3f} {statistics.median(times):>9.3f} {max(times):>8.3f} "
                f"{statistics.mean(phases):>7.1f} {statistics.mean(actions):>8.1f}"
            )
    level = args.throughput_level or levels[-1]
    specs = make_specs(args.ruleset, args.games, args.seed, [level])
    base = None
    print(f"throughput, every seat {level}:")
    for workers in (1, 2):
        started = time.perf_counter()
        run_games(specs, workers=workers)
        rate = len(specs) / (time.perf_counter() - started)
        base = base or rate
        print(f"  {workers} worker{'s' if workers > 1 else ' '}: {rate:6.2f} games/s  (x{rate / base:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
