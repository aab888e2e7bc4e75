"""Where the Empires for Two seats' victory points go (issue 17): a bot game's change in each seat's points, by cause.

For each scenario, seat and seed, one game is played with that seat at one level and the other seat at another (by
default ``normal`` against ``random``); every change in a seat's victory points (EMP-P01) between two actions is put
to a cause read from the log lines the action wrote: an area lost to a Leader Dies Heirless card (EMP-V02), to
another rebellion (17.0), to a conquest by another empire; an area gained by conquest or by diplomacy (10.3); the
social states of the areas it keeps (ruling, plague, famine, pillage, plunder, conquest's loss of a level); the claim
bonus (parleys, ties); and the alliances' points (33.5). Means per game are printed with the start and end totals.

    python benchmarks/empires2_vp_parts.py --seeds 5 [--scenario millennium] [--levels normal random]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from typing import Any

from umpire.bots.registry import bot_for
from umpire.games.empires2 import board, victory
from umpire.games.empires2.mapdata import load_map
from umpire.kernel.game import new_game
from umpire.selfplay import drive

SCENARIOS = ("millennium", "charlemagne")


def _cause_lost(lines: list[str], area_name: str) -> str:
    """Why an area left its empire, from the log lines of the action that took it."""
    about = [line for line in lines if area_name in line]
    if any("Heirless" in line for line in about):
        return "lost: heirless"
    if any("rebels" in line for line in about):
        return "lost: rebellion"
    if any("conquered" in line or " takes " in line for line in about):
        return "lost: conquered"
    return "lost: other"


def _cause_gained(lines: list[str], area_name: str) -> str:
    """How an area came to an empire."""
    about = [line for line in lines if area_name in line]
    if any("by diplomacy" in line for line in about):
        return "gained: diplomacy"
    if any("conquered" in line for line in about):
        return "gained: conquest"
    return "gained: other"


def account(scenario: str, seed: int, levels: dict[str, str]) -> dict[str, dict[str, float]]:
    """One game; for each seat its points at the start and end and the change by cause."""
    game = new_game("empires2", scenario, seed=seed)
    rules, state, m = game.ruleset, game.state, load_map()
    parts: dict[str, dict[str, float]] = {seat: defaultdict(float) for seat in levels}
    for seat in levels:
        parts[seat]["start"] = victory.player_points(state, seat)["total"]
    bonus = victory.load_victory().claim_bonus

    def snapshot() -> dict[str, tuple[dict[str, tuple[int, bool]], int]]:
        """Each seat's areas with their points less any claim bonus and whether claimed, and its alliance points."""
        out = {}
        for seat in levels:
            claims = set(state["empires"][seat]["claims"])
            areas = {
                aid: (victory.area_points(state, seat, aid, m) - (bonus if aid in claims else 0), aid in claims)
                for aid in board.areas_of(state, seat)
            }
            out[seat] = (areas, int(state["empires"][seat].get("alliance_points", 0)))
        return out

    def traced(step: Any) -> Any:
        def run(*args: Any) -> Any:
            before, mark = snapshot(), len(state["log"])
            out = step(*args)
            lines = [str(line) for line in state["log"][mark:]]
            after = snapshot()
            for seat in levels:
                (old, ally_old), (new, ally_new) = before[seat], after[seat]
                for aid in old.keys() - new.keys():
                    parts[seat][_cause_lost(lines, m.area(aid).name)] -= old[aid][0] + bonus * old[aid][1]
                for aid in new.keys() - old.keys():
                    parts[seat][_cause_gained(lines, m.area(aid).name)] += new[aid][0] + bonus * new[aid][1]
                for aid in old.keys() & new.keys():
                    parts[seat]["social states"] += new[aid][0] - old[aid][0]
                    parts[seat]["claims"] += bonus * (new[aid][1] - old[aid][1])
                parts[seat]["alliances"] += ally_new - ally_old
            return out

        return run

    rules.apply, rules.advance = traced(rules.apply), traced(rules.advance)  # type: ignore[method-assign]
    try:
        drive(game, {seat: bot_for("empires2", level) for seat, level in levels.items()}, checked=False)
    finally:
        del rules.apply, rules.advance
    for seat in levels:
        parts[seat]["end"] = victory.player_points(state, seat)["total"]
        parts[seat]["won"] = float(state.get("winner") == seat)
    return parts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scenario", choices=SCENARIOS, action="append")
    parser.add_argument("--levels", nargs=2, default=["normal", "random"], metavar=("MINE", "OTHER"))
    args = parser.parse_args(argv)
    mine, theirs = args.levels
    for scenario in args.scenario or SCENARIOS:
        first = new_game("empires2", scenario)
        seats = first.ruleset.seats(first.state)
        for seat in seats:
            other = next(s for s in seats if s != seat)
            runs = [account(scenario, s, {seat: mine, other: theirs}) for s in range(args.seed, args.seed + args.seeds)]
            print(f"\n{scenario}: {seat} at {mine} against {other} at {theirs}, {args.seeds} seeds, mean per game")
            for who in (seat, other):
                keys = sorted({k for r in runs for k in r[who]} - {"start", "end", "won"})
                mean = {k: statistics.mean(r[who].get(k, 0.0) for r in runs) for k in ("start", "end", "won", *keys)}
                body = ", ".join(f"{k} {mean[k]:+.1f}" for k in keys)
                print(f"  {who}: {mean['start']:.1f} -> {mean['end']:.1f} (won {mean['won']:.0%}); {body}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
