"""How strong is the Here I Stand ``normal`` bot, and how fast is a bot game? (issue 16, points 2 and 3)

For each seed and each side, one game is played with that side at ``normal`` and the other at ``random``, and, as
the peer measured in the same run, the same seed with ``random`` on both sides. A game runs until it is over or
until the engine stops at a step it does not have yet (docs/status.md), so while the engine is incomplete most
games end early; the script reports both kinds:

- finished games: the rate at which the ``normal`` side wins, with its 95% Wilson interval (the issue's goal is
  at least 90% for each side over 200 games);
- all games: the rate at which the ``normal`` side leads on VP where the game stopped, and its mean VP lead,
  against the same side's lead when ``random`` plays it (the peer);
- seconds and actions per game, for ``normal`` and ``random`` games side by side (the goal: a whole game under
  10 s on one core).

    python benchmarks/his2p_bots.py --seeds 200 [--seed 0] [--workers 2] [--no-peer] [--side papacy]

``--workers`` plays the games on a process pool (each game on one core, so the seconds a game stay comparable);
``--no-peer`` skips the random-against-random games (half the time; the win rates do not use them).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from umpire.bots.registry import bot_for
from umpire.kernel.game import new_game
from umpire.selfplay import drive, wilson

SIDES = ("papacy", "protestant")


def play(seed: int, levels: dict[str, str]) -> dict[str, Any]:
    """One game with the given level per side, played on one state (no copies); its end and VP."""
    started, cpu = time.perf_counter(), time.process_time()
    game = new_game("his2p", seed=seed)
    rules, state = game.ruleset, game.state
    bots = {side: bot_for("his2p", level) for side, level in levels.items()}
    error = None
    try:
        drive(game, bots, checked=False)
    except Exception as exc:  # a bug: count it, keep measuring
        error = f"{type(exc).__name__}: {exc}"
    view = rules.view(state, "observer")
    return {
        "over": bool(state.get("over")),
        "winner": state.get("winner"),
        "vp": dict(view.get("vp") or {}),
        "turn": state.get("turn"),
        "actions": len(game.record["actions"]),
        "seconds": time.perf_counter() - started,
        "cpu": time.process_time() - cpu,
        "error": error,
    }


def _pair(job: tuple[int, str, bool]) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The seed's game with ``side`` at ``normal`` against ``random``, and (unless ``--no-peer``) its peer with
    ``random`` on both."""
    seed, side, peer = job
    other = SIDES[1 - SIDES.index(side)]
    mine = play(seed, {side: "normal", other: "random"})
    return mine, play(seed, {side: "random", other: "random"}) if peer else None


def lead(result: dict[str, Any], side: str) -> int:
    other = SIDES[1 - SIDES.index(side)]
    return int(result["vp"].get(side, 0)) - int(result["vp"].get(other, 0))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="processes playing games at once")
    parser.add_argument("--no-peer", action="store_true", help="skip the random-against-random peer games")
    parser.add_argument("--side", choices=SIDES, action="append", help="measure only this side (repeatable)")
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.seeds)
    sides = tuple(args.side or SIDES)
    jobs = {side: [(seed, side, not args.no_peer) for seed in seeds] for side in sides}
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            pairs = {side: list(pool.map(_pair, jobs[side])) for side in sides}
    else:
        pairs = {side: [_pair(job) for job in jobs[side]] for side in sides}
    peers = "" if args.no_peer else ", and random against random as the peer"
    print(f"his2p: {args.seeds} seeds; {', '.join(sides)} at normal against random{peers}")
    normal_times: list[float] = []
    normal_cpu: list[float] = []
    random_times: list[float] = []
    for side in sides:
        wins = finished = ahead = peer_ahead = errors = 0
        leads: list[int] = []
        peer_leads: list[int] = []
        turns: list[int] = []
        for mine, peer in pairs[side]:
            normal_times.append(mine["seconds"])
            normal_cpu.append(mine["cpu"])
            errors += bool(mine["error"])
            turns.append(int(mine["turn"] or 0))
            if mine["over"]:
                finished += 1
                wins += mine["winner"] == side
            leads.append(lead(mine, side))
            ahead += lead(mine, side) > 0
            if peer is not None:
                random_times.append(peer["seconds"])
                errors += bool(peer["error"])
                peer_leads.append(lead(peer, side))
                peer_ahead += lead(peer, side) > 0
        n = args.seeds
        print(f"\n{side} at normal against random:")
        if finished:
            lo, hi = wilson(wins, finished)
            print(
                f"  finished games {finished}/{n}: normal won {wins} ({wins / finished:.1%}; "
                f"95% Wilson interval {lo:.1%}-{hi:.1%}, lower bound {lo:.1%})"
            )
        else:
            print(f"  finished games 0/{n}: no game reached its end (the engine stops first; docs/status.md)")
        lo, hi = wilson(ahead, n)
        print(f"  ahead on VP where the game stopped: normal {ahead / n:.0%} ({lo:.0%}-{hi:.0%})")
        print(f"  mean VP lead: normal {statistics.mean(leads):+.2f}")
        if peer_leads:
            plo, phi = wilson(peer_ahead, n)
            print(f"  random in the same seat: ahead {peer_ahead / n:.0%} ({plo:.0%}-{phi:.0%}), ", end="")
            print(f"mean VP lead {statistics.mean(peer_leads):+.2f}")
        print(f"  turn reached (median) {statistics.median(turns)}; errors {errors}")
    print(
        f"\nseconds a game: normal-vs-random median {statistics.median(normal_times):.3f} "
        f"(worst {max(normal_times):.3f})",
        end="",
    )
    if random_times:
        ratio = statistics.median(normal_times) / statistics.median(random_times)
        print(f", random-vs-random {statistics.median(random_times):.3f}; ratio {ratio:.2f}", end="")
    print(
        f"\nCPU seconds a normal-vs-random game (the load of other jobs left out): median "
        f"{statistics.median(normal_cpu):.3f}, worst {max(normal_cpu):.3f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
