"""How strong is the Europe 1615 ``normal`` bot? One ``normal`` power against four ``random`` ones.

For each seed and each of the five powers in turn, one game is played with that power at ``normal`` and the
other four at ``random``, stopped after ``--end-year`` (default 1620) unless a power wins five rounds first.

"Wins or shares the draw" (issue 7) is measured as: when the game ends, the ``normal`` power has won the most
rounds, alone or tied with others (a victory by five rounds counts as most rounds).  The script reports that
rate with its 95% Wilson interval, the rate of outright (sole) best, the mean rounds won by the ``normal`` power
and by a ``random`` one, the games with errors, and the mean seconds per game.

    python benchmarks/bot_strength_1615.py --seeds 40 --workers 2 [--seed 1000] [--end-year 1620]
"""

from __future__ import annotations

import argparse
import sys
import time

from umpire.selfplay import GameSpec, Result, run_games, wilson

POWERS = ("AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN")


def specs_for(seeds: int, first_seed: int, end_year: int) -> list[GameSpec]:
    """One game per seed and power; seat ``i`` of game ``g`` plays ``levels[(i + g) % 5]``, so ``normal`` is put
    where seat ``k`` reads it."""
    specs: list[GameSpec] = []
    for s in range(seeds):
        for k in range(len(POWERS)):
            g = len(specs)
            levels = tuple("normal" if j == (k + g) % len(POWERS) else "random" for j in range(len(POWERS)))
            specs.append(GameSpec("europe1615", first_seed + s, levels, {"end_year": end_year}, index=g))
    return specs


def normal_seat(result: Result) -> str:
    return str(next(seat for seat, level in result["levels"].items() if level == "normal"))


def figures(results: list[Result]) -> dict[str, float]:
    ok = [r for r in results if "error" not in r and r.get("rounds_won")]
    n = len(ok)
    shares = sole = 0
    mine = other = 0.0
    for r in ok:
        seat = normal_seat(r)
        rounds = r["rounds_won"]
        best = max(rounds.values())
        shares += rounds[seat] == best
        sole += rounds[seat] == best and sum(v == best for v in rounds.values()) == 1
        mine += rounds[seat]
        other += sum(v for s, v in rounds.items() if s != seat) / (len(rounds) - 1)
    lo, hi = wilson(shares, n)
    return {
        "games": n,
        "errors": len(results) - n,
        "rate": shares / n if n else 0.0,
        "lo": lo,
        "hi": hi,
        "sole": sole / n if n else 0.0,
        "rounds": mine / n if n else 0.0,
        "random_rounds": other / n if n else 0.0,
        "seconds": sum(r["seconds"] for r in results) / len(results) if results else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--end-year", type=int, default=1620)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    results = run_games(specs_for(args.seeds, args.seed, args.end_year), workers=args.workers)
    print(f"europe1615 normal v 4 random: {args.seeds} seeds x 5 powers, end year {args.end_year}")
    print(f"{'power':<8} {'games':>5} {'most rounds (95% CI)':>24} {'sole':>6} {'rounds':>7} {'random':>7}")
    for power in (*POWERS, "all"):
        mine = [r for r in results if power == "all" or ("error" not in r and normal_seat(r) == power)]
        f = figures(mine)
        print(
            f"{power:<8} {f['games']:>5} {f['rate']:>8.3f} ({f['lo']:.3f}-{f['hi']:.3f}) "
            f"{f['sole']:>6.3f} {f['rounds']:>7.2f} {f['random_rounds']:>7.2f}"
        )
    f = figures(results)
    took = time.perf_counter() - started
    print(f"errors: {f['errors']}; mean {f['seconds']:.3f} s per game; {took:.1f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
