"""How strong is the Empires for Two ``normal`` bot, and how fast is a bot game? (issue 17, point 5)

Victory points (rewrite 26.0) are not built yet, so a game is judged by each seat's **growth**: its standing at
the end less its standing at the start, where standing is the population plus the social state of every area the
empire possesses (what victory points are mostly made of). Growth, not standing, because the two seats' empires are
not of a size (Byzantium is far larger than Germany or the Franks). The seat that grew more wins the game.

For each scenario, seed and seat, one game is played with that seat at ``normal`` and the other at ``random``, and,
as the peer measured in the same run, the same seed with ``random`` in both seats. Reported: the rate at which the
``normal`` seat wins, with its 95% Wilson interval, against the random peer's rate in the same seat; and the
seconds a whole game takes, wall clock and CPU (the goal: under 10 s on one core; on a shared machine the CPU
time is the fair measure).

    python benchmarks/empires2_bots.py --seeds 50 [--seed 0] [--scenario millennium]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from umpire.bots.registry import bot_for
from umpire.games.empires2.mapdata import load_map
from umpire.kernel.game import new_game
from umpire.selfplay import drive, wilson

SCENARIOS = ("millennium", "charlemagne")


def standing(state: dict[str, Any], eid: str) -> int:
    """Population plus social state over the empire's areas."""
    m = load_map()
    return sum(
        m.area(aid).population + max(0, a["social_state"]) for aid, a in state["areas"].items() if a["owner"] == eid
    )


def play(scenario: str, seed: int, levels: dict[str, str]) -> dict[str, Any]:
    """One game with the given level per seat, played on one state (no copies); each seat's growth."""
    started, cpu = time.perf_counter(), time.process_time()
    game = new_game("empires2", scenario, seed=seed)
    state = game.state
    start = {seat: standing(state, seat) for seat in levels}
    bots = {seat: bot_for("empires2", level) for seat, level in levels.items()}
    error = None
    try:
        drive(game, bots, checked=False)
    except Exception as exc:  # a bug: count it, keep measuring
        error = f"{type(exc).__name__}: {exc}"
    return {
        "over": bool(state.get("over")),
        "growth": {seat: standing(state, seat) - start[seat] for seat in levels},
        "actions": len(game.record["actions"]),
        "seconds": time.perf_counter() - started,
        "cpu": time.process_time() - cpu,
        "error": error,
    }


def won(result: dict[str, Any], seat: str) -> bool:
    growth = result["growth"]
    return all(growth[seat] > g for other, g in growth.items() if other != seat)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scenario", choices=SCENARIOS, action="append")
    args = parser.parse_args(argv)
    normal_times: list[float] = []
    random_times: list[float] = []
    normal_cpu: list[float] = []
    for scenario in args.scenario or SCENARIOS:
        first = new_game("empires2", scenario)
        seats = first.ruleset.seats(first.state)
        print(f"\nempires2 {scenario}: {args.seeds} seeds; each seat at normal against random, random-random as peer")
        for seat in seats:
            other = next(s for s in seats if s != seat)
            wins = peer_wins = finished = errors = 0
            growths: list[int] = []
            peer_growths: list[int] = []
            for seed in range(args.seed, args.seed + args.seeds):
                mine = play(scenario, seed, {seat: "normal", other: "random"})
                peer = play(scenario, seed, {seat: "random", other: "random"})
                normal_times.append(mine["seconds"])
                random_times.append(peer["seconds"])
                normal_cpu.append(mine["cpu"])
                errors += bool(mine["error"]) + bool(peer["error"])
                finished += mine["over"]
                wins += won(mine, seat)
                peer_wins += won(peer, seat)
                growths.append(mine["growth"][seat])
                peer_growths.append(peer["growth"][seat])
            n = args.seeds
            lo, hi = wilson(wins, n)
            plo, phi = wilson(peer_wins, n)
            print(
                f"  {seat} at normal: won {wins}/{n} ({wins / n:.0%}, 95% CI {lo:.0%}-{hi:.0%}); "
                f"random in that seat {peer_wins}/{n} ({peer_wins / n:.0%}, {plo:.0%}-{phi:.0%})"
            )
            mean, peer = statistics.mean(growths), statistics.mean(peer_growths)
            print(f"    mean growth: normal {mean:+.1f}, random {peer:+.1f}; ended {finished}/{n}, errors {errors}")
    print(
        f"\nseconds a whole game: normal-vs-random median {statistics.median(normal_times):.3f} "
        f"(worst {max(normal_times):.3f}), random-vs-random median {statistics.median(random_times):.3f} "
        f"(worst {max(random_times):.3f}); CPU seconds normal-vs-random median {statistics.median(normal_cpu):.3f} "
        f"(worst {max(normal_cpu):.3f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
