"""How well do the Europe 1615 bots play the variant? (issue 29, point 4; issue 7 for ``--random``)

Two measurements in one run, their games interleaved on the process pool so that both see the same machine load:

- **field**: for each level of ``--field`` (default ``normal,hard``), ``--seeds`` games (default 20) with that level
  in all five seats, to ``--end-year`` (default 1625) unless a power wins five rounds first.  Reported per level,
  each mean over the games with its 95% interval (Student's t over the games; a share of games: Wilson):

  - the share of the status checks (one per pliant state at the start of each year, 1615 included) that read
    ALIGNED, the share of the majors' orders that are holds, and the minor states' units that followed an
    aligned power's order;
  - the successful moves of the five powers' units and the units dislodged (of every nation) per game;
  - the orders the adjudicator refused (void moves and attacks, line errors) and those given again in the
    power's next movement phase after being refused;
  - the spread of the final round's scores across seeds: the mean over the powers of each power's standard
    deviation across the seeds, and how many different score lines the seeds ended with.

- **seat**: ``--challenger`` (default ``hard``) in one seat against four of ``--against`` (default ``normal``), one
  game per seed and seat (the seat rotating over the five powers): the share of games the challenger **wins** --
  a victory by five rounds, or at the end year the most rounds won alone -- with its 95% Wilson interval (equal
  share: 20%), and its victories by five rounds alone.

``--random`` adds the issue 7 measurement: ``normal`` in one seat against four ``random``.  The load average is
printed before and after.

    python benchmarks/bot_strength_1615.py --seeds 20 --workers 2 [--seed 1000] [--end-year 1625]
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from umpire.bots.registry import bot_for
from umpire.kernel.game import new_game
from umpire.selfplay import drive, wilson

POWERS = ("AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN")

#: Student's t for a two-sided 95% interval by degrees of freedom (30 and more: the normal's 1.96 is close enough).
_T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23, 12: 2.18}
_T95 |= {15: 2.13, 19: 2.09, 20: 2.09, 24: 2.06, 29: 2.05}


@dataclass(frozen=True)
class Spec:
    """One game: its kind (``field``, ``seat`` or ``random``), seed and the level of each power."""

    kind: str
    seed: int
    levels: tuple[tuple[str, str], ...]
    end_year: int
    label: str


def _t95(df: int) -> float:
    if df <= 0:
        return float("nan")
    best = max((k for k in _T95 if k <= df), default=1)
    return _T95[best] if df < 30 else 1.96


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the 95% Student interval of the mean."""
    if not values:
        return (0.0, 0.0, 0.0)
    m = statistics.fmean(values)
    if len(values) < 2:
        return (m, m, m)
    half = _t95(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return (m, m - half, m + half)


def measure(state: dict[str, Any]) -> dict[str, Any]:
    """The figures of one finished game, read from its history (the public parts and the GM's record of errors)."""
    checks = aligned = holds = orders = moves = dislodged = followed = 0
    refused: dict[str, set[str]] = {}
    refusals = repeats = 0
    for entry in state["history"]:
        pub = entry["public"]
        if pub.get("kind") == "status check":
            for st in pub["status"].values():
                checks += 1
                aligned += st["kind"] == "ALIGNED"
            continue
        if pub.get("kind") != "movement":
            continue
        now: dict[str, set[str]] = {}
        for line in pub["orders"]:
            nation, text, result = line["nation"], line["order"], line["result"]
            if nation not in POWERS:
                continue
            orders += 1
            holds += text.endswith(" H")
            moves += " - " in text and " S " not in text and " C " not in text and result == "succeeds"
            if result == "void":
                now.setdefault(nation, set()).add(text)
        for att in pub.get("attacks", []):
            if att["outcome"] == "void":
                now.setdefault(att["power"], set()).add(f"{att['minor']} > {att['target']}")
        for power, errors in entry["gm"].get("errors", {}).items():
            now.setdefault(power, set()).update(e.split(": ", 1)[-1] for e in errors)
        for power, texts in now.items():
            refusals += len(texts)
            repeats += len(texts & refused.get(power, set()))
        refused = now
        dislodged += len(pub["dislodged"]) + sum("dislodged" in d for d in pub["disbanded"])
        followed += sum("follows" in line for line in pub["minor_orders"].values())
    result = state.get("result") or {}
    winner = None
    if result.get("kind") == "victory":
        winner = result["powers"][0]
    else:
        rounds = state["rounds_won"]
        top = max(rounds.values())
        best = [p for p, n in rounds.items() if n == top]
        winner = best[0] if len(best) == 1 and top > 0 else None
    return {
        "aligned_share": aligned / checks if checks else 0.0,
        "hold_share": holds / orders if orders else 0.0,
        "moves": moves,
        "dislodged": dislodged,
        "followed": followed,
        "refusals": refusals,
        "repeats": repeats,
        "scores": {p: state["scores"].get(p, 0) for p in POWERS},
        "rounds_won": dict(state["rounds_won"]),
        "victory": result.get("kind") == "victory",
        "winner": winner,
        "year": state["year"],
    }


def play(spec: Spec) -> dict[str, Any]:
    """Play one game of ``spec`` on one state (no copies) and measure it."""
    started = time.process_time()
    levels = dict(spec.levels)
    game = new_game("europe1615", None, {"end_year": spec.end_year}, spec.seed)
    bots = {seat: bot_for("europe1615", levels[seat]) for seat in game.ruleset.seats(game.state)}
    out: dict[str, Any] = {"spec": spec}
    try:
        drive(game, bots, checked=False)
        out.update(measure(game.state))
    except Exception as exc:  # a bot or rules bug: count it, keep measuring
        out["error"] = f"{type(exc).__name__}: {exc}"
    out["cpu"] = time.process_time() - started
    return out


def specs(args: argparse.Namespace) -> list[Spec]:
    """The games to play, interleaved: each seed's field games and its seat games side by side."""
    out: list[Spec] = []
    fields = [lv for lv in args.field.split(",") if lv]
    for s in range(args.seeds):
        seed = args.seed + s
        for level in fields:
            out.append(Spec("field", seed, tuple((p, level) for p in POWERS), args.end_year, level))
        if args.challenger:
            for k, power in enumerate(POWERS):
                lv = tuple((p, args.challenger if i == k else args.against) for i, p in enumerate(POWERS))
                out.append(Spec("seat", seed, lv, args.end_year, power))
        if args.random:
            for k, power in enumerate(POWERS):
                lv = tuple((p, "normal" if i == k else "random") for i, p in enumerate(POWERS))
                out.append(Spec("random", seed, lv, args.end_year, power))
    return out


def run(all_specs: list[Spec], workers: int) -> list[dict[str, Any]]:
    if workers <= 1:
        return [play(s) for s in all_specs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(play, all_specs, chunksize=1))


def _fmt(ci: tuple[float, float, float], digits: int = 2) -> str:
    m, lo, hi = ci
    return f"{m:.{digits}f} ({lo:.{digits}f}-{hi:.{digits}f})"


def report_field(results: list[dict[str, Any]], levels: list[str]) -> None:
    print("field: every seat at the level; means per game with 95% intervals")
    head = f"{'level':<7} {'games':>5} {'ALIGNED share':>20} {'hold share':>20} {'moves ok':>22} {'dislodged':>20}"
    print(head + f" {'minor orders':>22} {'refused':>6} {'repeated':>8} {'score sd':>8} {'distinct':>8}")
    for level in levels:
        rs = [r for r in results if r["spec"].kind == "field" and r["spec"].label == level and "error" not in r]
        errors = sum(1 for r in results if r["spec"].kind == "field" and r["spec"].label == level and "error" in r)
        if not rs:
            print(f"{level:<7} no games ({errors} errors)")
            continue
        sd = statistics.fmean(statistics.pstdev([r["scores"][p] for r in rs]) for p in POWERS)
        distinct = len({tuple(r["scores"][p] for p in POWERS) for r in rs})
        print(
            f"{level:<7} {len(rs):>5} {_fmt(mean_ci([r['aligned_share'] for r in rs]), 3):>20} "
            f"{_fmt(mean_ci([r['hold_share'] for r in rs]), 3):>20} {_fmt(mean_ci([r['moves'] for r in rs]), 1):>22} "
            f"{_fmt(mean_ci([r['dislodged'] for r in rs]), 1):>20} {_fmt(mean_ci([r['followed'] for r in rs]), 1):>22} "
            f"{sum(r['refusals'] for r in rs):>6} {sum(r['repeats'] for r in rs):>8} {sd:>8.1f} "
            f"{distinct:>5}/{len(rs):<2}"
        )
        wins = {p: sum(r["winner"] == p for r in rs) for p in POWERS}
        years = statistics.fmean(r["year"] for r in rs)
        print(
            f"{'':<7} winners {wins}; victories by rounds {sum(r['victory'] for r in rs)}; mean last year {years:.1f}"
        )
        if errors:
            print(f"{'':<7} {errors} games ended in an error")


def report_seat(results: list[dict[str, Any]], kind: str, who: str) -> None:
    rs = [r for r in results if r["spec"].kind == kind]
    print(f"seat: {who}, one game per seed and seat")
    print(f"{'power':<8} {'games':>5} {'wins (95% Wilson)':>22} {'victories':>9} {'rounds':>6} {'others':>6}")
    for power in (*POWERS, "all"):
        mine = [r for r in rs if power == "all" or r["spec"].label == power]
        ok = [r for r in mine if "error" not in r]
        n = len(ok)
        wins = sum(r["winner"] == r["spec"].label for r in ok)
        victories = sum(r["victory"] and r["winner"] == r["spec"].label for r in ok)
        rounds = statistics.fmean(r["rounds_won"][r["spec"].label] for r in ok) if ok else 0.0
        others = (
            statistics.fmean(sum(v for p, v in r["rounds_won"].items() if p != r["spec"].label) / 4 for r in ok)
            if ok
            else 0.0
        )
        lo, hi = wilson(wins, n)
        rate = wins / n if n else 0.0
        print(
            f"{power:<8} {n:>5} {rate:>8.3f} ({lo:.3f}-{hi:.3f})   {victories:>9} {rounds:>6.2f} {others:>6.2f}"
            + (f"  ({len(mine) - n} errors)" if len(mine) > n else "")
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--end-year", type=int, default=1625)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--field", default="normal,hard", help="levels to play in all five seats, comma-separated")
    parser.add_argument("--challenger", default="hard", help="the level in one seat ('' for none)")
    parser.add_argument("--against", default="normal", help="the level of the other four seats")
    parser.add_argument("--random", action="store_true", help="also normal in one seat against four random")
    args = parser.parse_args(argv)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} CPUs")
    started = time.perf_counter()
    todo = specs(args)
    results = run(todo, args.workers)
    print(f"europe1615: {args.seeds} seeds from {args.seed}, end year {args.end_year}, {len(todo)} games")
    if args.field:
        report_field(results, [lv for lv in args.field.split(",") if lv])
    if args.challenger:
        report_seat(results, "seat", f"{args.challenger} in one seat v four {args.against}")
    if args.random:
        report_seat(results, "random", "normal in one seat v four random")
    cpu: dict[str, list[float]] = {}
    for r in results:
        key = f"field {r['spec'].label}" if r["spec"].kind == "field" else r["spec"].kind
        cpu.setdefault(key, []).append(r["cpu"])
    print(
        "CPU seconds a game: "
        + ", ".join(f"{k} {statistics.fmean(v):.2f}" for k, v in cpu.items())
        + f"; {time.perf_counter() - started:.0f} s wall in all"
    )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
