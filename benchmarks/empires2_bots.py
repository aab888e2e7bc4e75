"""How strong is the Empires for Two ``normal`` bot, and how fast is a bot game? (issue 17, point 5)

A game is judged by the game's own result: the seat with more victory points at the scenario's end wins (rewrite
26.0, figures authored, EMP-P01; the scenario's adjustment, Frankish -40, and the alliances' points, 33.5, included;
equal totals are a draw and neither seat wins). Each seat's **growth** in victory points (its total at the end less
its total at the start) is reported beside it, since the two seats' empires are not of a size.

For each scenario, seed and seat, one game is played with that seat at ``normal`` and the other at ``random``, and,
as the peer measured in the same run, the same seed with ``random`` in both seats. Reported: the rate at which the
``normal`` seat wins, with its 95% Wilson interval, against the random peer's rate in the same seat; and the
seconds a whole game takes, wall clock and CPU (the goal: under 10 s on one core; on a shared machine the CPU
time is the fair measure).

    python benchmarks/empires2_bots.py --seeds 50 [--seed 0] [--scenario millennium] [--option raiders=true]

With ``--even``, ``normal`` plays both seats instead (two equal players): each seat's wins with the 95% Wilson
interval, the draws, and the mean end total per seat with the scenario's adjustment and without it (how
Millennium's authored adjustment was chosen, EMP-P10).

With ``--plans``, ``normal`` with the plans of issue 28 point 5 (Magnates' seats conquered first, the areas they
threaten fortified, the last round's offer of gold for a claim) plays ``normal`` without them, each seat in turn on
the same seeds (use ``--option magnates=true`` for the Magnates): the planning bot's wins with the Wilson interval,
and each side's mean victory point growth.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from umpire.bots.empires2 import NormalBot
from umpire.bots.registry import bot_for
from umpire.cli.args import parse_options
from umpire.games.empires2 import victory
from umpire.kernel.game import new_game
from umpire.selfplay import drive, wilson

SCENARIOS = ("millennium", "charlemagne")


def standing(state: dict[str, Any], eid: str) -> int:
    """The player's victory points now, all parts (``victory.player_points``)."""
    return victory.player_points(state, eid)["total"]


def play(scenario: str, seed: int, levels: dict[str, str], options: dict[str, Any] | None = None) -> dict[str, Any]:
    """One game with the given level per seat, played on one state (no copies); each seat's growth."""
    started, cpu = time.perf_counter(), time.process_time()
    game = new_game("empires2", scenario, options or {}, seed=seed)
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
        "winner": state.get("winner"),
        "actions": len(game.record["actions"]),
        "seconds": time.perf_counter() - started,
        "cpu": time.process_time() - cpu,
        "error": error,
    }


def won(result: dict[str, Any], seat: str) -> bool:
    """The seat won the game by victory points (rewrite 26.0)."""
    return bool(result["winner"] == seat)


def even(scenario: str, seeds: range, options: dict[str, Any]) -> None:
    """``normal`` in both seats over ``seeds``: wins per seat (Wilson), draws, mean end totals, and the median of
    the raw differences, the adjustment at which the seats would win equally often."""
    first = new_game("empires2", scenario)
    seats = first.ruleset.seats(first.state)
    wins = dict.fromkeys(seats, 0)
    totals: dict[str, list[int]] = {seat: [] for seat in seats}
    raw: dict[str, list[int]] = {seat: [] for seat in seats}
    for seed in seeds:
        game = new_game("empires2", scenario, options, seed=seed)
        drive(game, {seat: bot_for("empires2", "normal") for seat in seats}, checked=False)
        for seat in seats:
            parts = victory.player_points(game.state, seat)
            totals[seat].append(parts["total"])
            raw[seat].append(parts["total"] - parts["adjustment"])
        if game.state.get("winner") in wins:
            wins[game.state["winner"]] += 1
    n = len(seeds)
    print(f"\nempires2 {scenario}: normal against normal, {n} seeds; draws {n - sum(wins.values())}")
    for seat in seats:
        lo, hi = wilson(wins[seat], n)
        print(
            f"  {seat}: won {wins[seat]}/{n} (95% CI {lo:.0%}-{hi:.0%}); mean end {statistics.mean(totals[seat]):.1f}"
            f" ({statistics.mean(raw[seat]):.1f} without the scenario's adjustment)"
        )
    a, b = seats
    gap = statistics.median(x - y for x, y in zip(raw[a], raw[b], strict=True))
    print(f"  median raw difference {a} - {b}: {gap:+.1f}")


def plans(scenario: str, seeds: range, options: dict[str, Any]) -> None:
    """``normal`` with its plans against ``normal`` without, each seat in turn on each seed."""
    first = new_game("empires2", scenario)
    seats = first.ruleset.seats(first.state)
    print(f"\nempires2 {scenario}: normal with plans against normal without, {len(seeds)} seeds, each seat in turn")
    if options:
        print(f"  options: {options}")
    wins = games = 0
    mine: list[int] = []
    theirs: list[int] = []
    for seat in seats:
        other = next(s for s in seats if s != seat)
        seat_wins = 0
        for seed in seeds:
            game = new_game("empires2", scenario, options, seed=seed)
            start = {s: standing(game.state, s) for s in seats}
            drive(game, {seat: NormalBot(plans=True), other: NormalBot(plans=False)}, checked=False)
            seat_wins += game.state.get("winner") == seat
            mine.append(standing(game.state, seat) - start[seat])
            theirs.append(standing(game.state, other) - start[other])
        lo, hi = wilson(seat_wins, len(seeds))
        print(f"  {seat} with plans: won {seat_wins}/{len(seeds)} (95% CI {lo:.0%}-{hi:.0%})")
        wins += seat_wins
        games += len(seeds)
    lo, hi = wilson(wins, games)
    print(
        f"  with plans, both seats: won {wins}/{games} (95% CI {lo:.0%}-{hi:.0%}); mean VP growth with plans "
        f"{statistics.mean(mine):+.1f}, without {statistics.mean(theirs):+.1f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scenario", choices=SCENARIOS, action="append")
    parser.add_argument("--even", action="store_true", help="normal in both seats (two equal players)")
    parser.add_argument("--plans", action="store_true", help="normal with its plans against normal without them")
    parser.add_argument("--option", action="append", help="rules option NAME=VALUE, e.g. raiders=true (rewrite 24.0)")
    args = parser.parse_args(argv)
    options = parse_options(args.option)
    if args.plans:
        for scenario in args.scenario or SCENARIOS:
            plans(scenario, range(args.seed, args.seed + args.seeds), options)
        return 0
    if args.even:
        for scenario in args.scenario or SCENARIOS:
            even(scenario, range(args.seed, args.seed + args.seeds), options)
        return 0
    normal_times: list[float] = []
    random_times: list[float] = []
    normal_cpu: list[float] = []
    for scenario in args.scenario or SCENARIOS:
        first = new_game("empires2", scenario)
        seats = first.ruleset.seats(first.state)
        print(f"\nempires2 {scenario}: {args.seeds} seeds; each seat at normal against random, random-random as peer")
        if options:
            print(f"  options: {options}")
        for seat in seats:
            other = next(s for s in seats if s != seat)
            wins = peer_wins = finished = errors = 0
            growths: list[int] = []
            peer_growths: list[int] = []
            for seed in range(args.seed, args.seed + args.seeds):
                mine = play(scenario, seed, {seat: "normal", other: "random"}, options)
                peer = play(scenario, seed, {seat: "random", other: "random"}, options)
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
            print(f"    mean VP growth: normal {mean:+.1f}, random {peer:+.1f}; ended {finished}/{n}, errors {errors}")
    print(
        f"\nseconds a whole game: normal-vs-random median {statistics.median(normal_times):.3f} "
        f"(worst {max(normal_times):.3f}), random-vs-random median {statistics.median(random_times):.3f} "
        f"(worst {max(random_times):.3f}); CPU seconds normal-vs-random median {statistics.median(normal_cpu):.3f} "
        f"(worst {max(normal_cpu):.3f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
