"""How strong is each bot level? Each level plays against random-legal players and against every other level.

Every match is a batch of complete self-play games (``umpire.selfplay``) with two levels taking the seats in turn
(seat ``i`` of game ``g`` plays ``levels[(i + g) % 2]``, so both levels play every power over the games). For each
level in each match it reports, over all the seats it played:

- the solo-win rate with its 95% Wilson interval;
- the mean score (a solo scores 1 for the winner; a draw shares 1 among the survivors by centres) with a 95%
  normal interval; with seven seats an equal player averages 1/7 = 0.143;
- the mean number of centres at the end.

    python benchmarks/bot_strength.py --games 70 --workers 2 [--ruleset standard] [--seed 1000]
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from typing import Any

from umpire.bots.registry import levels as bot_levels
from umpire.selfplay import Result, make_specs, run_games, wilson


def level_figures(results: list[Result], level: str) -> dict[str, Any]:
    """Win, score and centre figures of the seats ``level`` played in ``results``."""
    wins, scores, centres = 0, [], []
    for result in results:
        if "error" in result:
            continue
        for seat, played in result["levels"].items():
            if played != level:
                continue
            wins += seat in (result.get("winners") or [result.get("winner")])
            scores.append(result["scores"][seat])
            centres.append(result["centres"][seat])
    n = len(scores)
    mean = sum(scores) / n if n else 0.0
    var = sum((s - mean) ** 2 for s in scores) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n) if n else 0.0
    return {
        "seats": n,
        "wins": wins,
        "win_ci": wilson(wins, n),
        "score": mean,
        "score_ci": (max(0.0, mean - half), mean + half),
        "centres": sum(centres) / n if n else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--games", type=int, default=70, help="games per match")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--levels", nargs="*", help="levels to compare (default: all the ruleset's levels)")
    args = parser.parse_args(argv)

    levels = list(args.levels or bot_levels(args.ruleset))
    baseline = "random"
    matches = [(level, baseline) for level in levels if level != baseline]
    matches += [pair for pair in itertools.combinations([lv for lv in levels if lv != baseline], 2)]
    print(f"{args.ruleset}: {args.games} games per match, seeds from {args.seed}, {args.workers} workers")
    print(
        f"{'match':<18} {'level':<8} {'seats':>5} {'wins':>5} {'win rate (95% CI)':>22} "
        f"{'mean score (95% CI)':>24} {'centres':>8}"
    )
    for first, second in matches:
        started = time.perf_counter()
        specs = make_specs(args.ruleset, args.games, args.seed, [first, second])
        results = run_games(specs, workers=args.workers)
        errors = sum("error" in r for r in results)
        for level in (first, second):
            f = level_figures(results, level)
            win_rate = f["wins"] / f["seats"] if f["seats"] else 0.0
            print(
                f"{first + ' v ' + second:<18} {level:<8} {f['seats']:>5} {f['wins']:>5} "
                f"{win_rate:>7.3f} ({f['win_ci'][0]:.3f}-{f['win_ci'][1]:.3f}) "
                f"{f['score']:>9.3f} ({f['score_ci'][0]:.3f}-{f['score_ci'][1]:.3f}) {f['centres']:>8.2f}"
            )
        took = time.perf_counter() - started
        print(f"{'':<18} ({errors} errors, {took:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
