"""How strong is each standard-Diplomacy bot level? One power against six of another level, the lone power rotating.

A *condition* ``LONE:FIELD`` plays games where one seat is ``LONE`` and the other six are ``FIELD``; game ``g`` of
a condition seats the lone level as power ``g % 7`` (so ``--per-power 20`` gives 140 games, 20 per power) with seed
``--seed + g``, to a solo or the end of ``--end-year`` (1920 by default). Several conditions are played interleaved
in one process pool, so the machine's load falls on all of them alike. For each condition it prints, for the lone
level:

- solos: the share of games it soloed, with its 95% Wilson interval;
- centres at the end: the mean with a 95% normal interval;
- at most 2 centres (eliminated included): the share with its 95% Wilson interval;
- holds: hold orders as a share of all its movement orders (and the field's);
- thinking: CPU seconds (one core) per movement phase, mean and the most of any one phase.

The reference is DumbBot (``dumbbot``, from its published algorithm), never only ``random`` or a level itself.

    python benchmarks/bot_strength.py --condition strong:dumbbot --condition dumbbot:strong --per-power 20 \\
        --workers 2 --out artifacts/strength.jsonl
    python benchmarks/bot_strength.py --from artifacts/strength.jsonl     # summarise games already played

``--matches`` instead plays the older round-robin matches (two levels taking the seats in turn, every level
against ``random`` and against every other level).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import sys
import time
from collections.abc import Iterable
from typing import Any

from umpire.bots.registry import levels as bot_levels
from umpire.diplomacy.map import map_by_id
from umpire.selfplay import GameSpec, Result, make_specs, run_games, wilson

SEATS = tuple(sorted(map_by_id("standard").powers))


def load() -> str:
    """The load average, as printed."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} CPUs)"


def normal_ci(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95% normal interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def lone_specs(lone: str, field: str, per_power: int, seed: int, end_year: int) -> list[GameSpec]:
    """The games of condition ``lone:field``: ``per_power`` with the lone level in each seat."""
    specs = []
    for g in range(per_power * len(SEATS)):
        seat = SEATS[g % len(SEATS)]
        specs.append(
            GameSpec(
                "standard",
                seed + g,
                (field,),
                {"end_year": end_year},
                g,
                None,
                False,
                ((seat, lone),),
            )
        )
    return specs


def condition_of(result: Result) -> tuple[str, str, str] | None:
    """(lone level, field level, lone seat) of a lone-power game, or None."""
    levels: dict[str, str] = result["levels"]
    counts: dict[str, int] = {}
    for level in levels.values():
        counts[level] = counts.get(level, 0) + 1
    if len(counts) == 1:
        return None
    if len(counts) != 2 or 1 not in counts.values():
        return None
    lone = next(level for level, n in counts.items() if n == 1)
    field = next(level for level, n in counts.items() if n != 1)
    seat = next(s for s, level in levels.items() if level == lone)
    return lone, field, seat


def lone_figures(results: Iterable[Result]) -> dict[str, Any]:
    """The lone level's figures over ``results`` (one condition's games)."""
    solos = small = games = 0
    centres: list[float] = []
    holds = orders = field_holds = field_orders = 0
    think_total = 0.0
    think_phases = 0
    think_most = 0.0
    errors = 0
    for result in results:
        if "error" in result:
            errors += 1
            continue
        found = condition_of(result)
        if found is None:
            continue
        _lone, _field, seat = found
        games += 1
        solos += result.get("winner") == seat
        count = result["centres"][seat]
        centres.append(count)
        small += count <= 2
        phases = 0
        for power, row in (result.get("orders") or {}).items():
            total = row["hold"] + row["move"] + row["support"] + row["convoy"] + row["other"]
            if power == seat:
                holds += row["hold"]
                orders += total
                phases = row["phases"]
            else:
                field_holds += row["hold"]
                field_orders += total
        calls, seconds, most = result.get("think", {}).get(seat, [0, 0.0, 0.0])
        del calls
        think_total += seconds
        think_phases += phases
        think_most = max(think_most, most)
    return {
        "games": games,
        "errors": errors,
        "solos": solos,
        "solo_ci": wilson(solos, games),
        "centres": normal_ci(centres),
        "small": small,
        "small_ci": wilson(small, games),
        "holds": holds / orders if orders else 0.0,
        "field_holds": field_holds / field_orders if field_orders else 0.0,
        "think_mean": think_total / think_phases if think_phases else 0.0,
        "think_most": think_most,
    }


def print_lone(results: list[Result]) -> None:
    by_condition: dict[tuple[str, str], list[Result]] = {}
    for result in results:
        found = condition_of(result) if "error" not in result else None
        key = (found[0], found[1]) if found else ("?", "?")
        by_condition.setdefault(key, []).append(result)
    print(
        f"{'lone v field':<20} {'games':>5} {'solos (95% CI)':>22} {'centres (95% CI)':>21} "
        f"{'<=2 centres (95% CI)':>22} {'holds':>6} {'field':>6} {'s/phase':>8} {'most':>6}"
    )
    for (lone, field), rows in sorted(by_condition.items()):
        f = lone_figures(rows)
        n = f["games"] or 1
        print(
            f"{lone + ' v ' + field:<20} {f['games']:>5} "
            f"{f['solos'] / n:>6.3f} ({f['solo_ci'][0]:.3f}-{f['solo_ci'][1]:.3f}) "
            f"{f['centres'][0]:>6.2f} ({f['centres'][1]:.2f}-{f['centres'][2]:.2f}) "
            f"{f['small'] / n:>6.3f} ({f['small_ci'][0]:.3f}-{f['small_ci'][1]:.3f}) "
            f"{f['holds']:>6.3f} {f['field_holds']:>6.3f} {f['think_mean']:>8.3f} {f['think_most']:>6.2f}"
            + (f"  ({f['errors']} errors)" if f["errors"] else "")
        )


def interleave(groups: list[list[GameSpec]]) -> list[GameSpec]:
    """One spec of each group in turn, so that every condition meets the same load."""
    out = []
    for row in itertools.zip_longest(*groups):
        out.extend(spec for spec in row if spec is not None)
    return out


def level_figures(results: list[Result], level: str) -> dict[str, Any]:
    """Win, score and centre figures of the seats ``level`` played in ``results`` (round-robin matches)."""
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
    mean, low, high = normal_ci(scores)
    return {
        "seats": n,
        "wins": wins,
        "win_ci": wilson(wins, n),
        "score": mean,
        "score_ci": (max(0.0, low), high),
        "centres": sum(centres) / n if n else 0.0,
    }


def matches(args: argparse.Namespace) -> None:
    levels = list(args.levels or bot_levels("standard"))
    baseline = "random"
    pairs = [(level, baseline) for level in levels if level != baseline]
    pairs += list(itertools.combinations([lv for lv in levels if lv != baseline], 2))
    print(f"standard: {args.games} games per match, seeds from {args.seed}, {args.workers} workers")
    print(
        f"{'match':<18} {'level':<8} {'seats':>5} {'wins':>5} {'win rate (95% CI)':>22} "
        f"{'mean score (95% CI)':>24} {'centres':>8}"
    )
    for first, second in pairs:
        started = time.perf_counter()
        specs = make_specs("standard", args.games, args.seed, [first, second], {"end_year": args.end_year})
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
        print(f"{'':<18} ({errors} errors, {time.perf_counter() - started:.1f} s)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--condition", action="append", default=[], help="LONE:FIELD, e.g. strong:dumbbot")
    parser.add_argument("--per-power", type=int, default=20, help="games per power and condition")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--end-year", type=int, default=1920)
    parser.add_argument("--out", help="append each game's JSON line here as it finishes")
    parser.add_argument("--from", dest="source", help="summarise the games in this JSON-lines file instead")
    parser.add_argument("--matches", action="store_true", help="the round-robin matches instead")
    parser.add_argument("--games", type=int, default=70, help="games per round-robin match")
    parser.add_argument("--levels", nargs="*", help="levels of the round-robin matches (default: all)")
    args = parser.parse_args(argv)

    print(load())
    if args.matches:
        matches(args)
        print(load())
        return 0
    if args.source:
        with open(args.source, encoding="utf-8") as lines:
            results = [json.loads(line) for line in lines if line.strip()]
        print(f"{len(results)} games from {args.source}")
        print_lone(results)
        return 0
    if not args.condition:
        parser.error("give at least one --condition LONE:FIELD (or --matches, or --from FILE)")
    known = bot_levels("standard")
    groups = []
    for condition in args.condition:
        lone, _, field = condition.partition(":")
        if lone not in known or field not in known:
            parser.error(f"condition {condition!r}: levels are {', '.join(known)}")
        groups.append(lone_specs(lone, field, args.per_power, args.seed, args.end_year))
    specs = interleave(groups)
    print(
        f"{len(specs)} games: {', '.join(args.condition)}; {args.per_power} per power, seeds from {args.seed}, "
        f"to {args.end_year}, {args.workers} workers"
    )
    sink = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115 (kept open for the run)
    started = time.perf_counter()
    done = 0

    def finished(result: Result) -> None:
        nonlocal done
        done += 1
        if sink is not None:
            sink.write(json.dumps(result, sort_keys=True) + "\n")
            sink.flush()
        if done % 20 == 0:
            print(f"  {done}/{len(specs)} games, {time.perf_counter() - started:.0f} s, {load()}", flush=True)

    try:
        results = run_games(specs, workers=args.workers, on_result=finished)
    finally:
        if sink is not None:
            sink.close()
    print_lone(results)
    print(f"{time.perf_counter() - started:.0f} s; {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
