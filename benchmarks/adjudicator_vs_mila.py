"""Speed of umpire's adjudicator against MILA's engine on the same movement phases.

    python benchmarks/adjudicator_vs_mila.py --positions 300 --repeat 5 --seed 7 [--backend native|python|both]

Positions and orders come from seeded random games (tests/oracle/mila.py). For each position both engines
run ``--repeat`` times, interleaved and alternating which goes first, so that machine noise hits both alike:

* umpire: ``adjudicate(case)`` on the JSON case -- order parsing, adjudication and the answer included
  (its first run on each position is also reported apart: umpire caches parsed order texts);
* MILA: a ``Game`` is set to the position and given the orders (not timed), then ``Game.process()`` is timed.

Prints both medians and the ratio of medians (the goal is umpire at least 20x faster), and which backend of
umpire's movement adjudicator was timed (``--backend``: the native core, the Python reference, or both in turn;
the default is what ``adjudicate`` uses, i.e. native when the extension is built unless UMPIRE_NATIVE=0).
Not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "oracle"))
import mila

from diplomacy import Game
from umpire import adjudicate
from umpire.diplomacy import native

GOAL = 20.0


def _time_umpire(case: dict[str, Any]) -> tuple[float, dict[str, Any]]:
    start = time.perf_counter()
    answer = adjudicate(case)
    return time.perf_counter() - start, answer


def _time_mila(game: Any, record: mila.PhaseRecord) -> float:
    game.set_state(record.mila_state, clear_history=True)
    for power, orders in record.mila_orders.items():
        game.set_orders(power, orders)
    start = time.perf_counter()
    game.process()
    return time.perf_counter() - start


def _mila_units(game: Any) -> dict[str, list[str]]:
    units = {p: sorted(mila.umpire_text(u) for u in game.get_power(p).units) for p in mila.POWERS}
    return {p: us for p, us in units.items() if us}


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=300, help="movement phases (default 300)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per position and engine (default 5)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the random games (default 7)")
    parser.add_argument("--years", type=int, default=8, help="game years per game (default 8)")
    parser.add_argument(
        "--backend",
        choices=("native", "python", "both"),
        default=native.backend(),
        help=f"umpire's movement backend to time (default: the one in use, {native.backend()})",
    )
    args = parser.parse_args(argv)
    if args.backend != "python" and not native.available():
        parser.error("the native core (umpire.diplomacy._cresolver) is not built")

    records = mila.generate(args.seed, args.positions, years=args.years, keep_state=True, movement_only=True)
    backends = ("native", "python") if args.backend == "both" else (args.backend,)
    for i, name in enumerate(backends):
        if i:
            print()
        native.set_backend(name)
        _run(args, records, name)
    return 0


def _run(args: argparse.Namespace, records: list[mila.PhaseRecord], backend: str) -> None:
    """Time umpire (on ``backend``) against MILA on ``records`` and print the figures."""
    game = Game(map_name="standard")

    # Warm both engines up (map loading, import-time work) on positions from other games, so that each timed
    # position is new to umpire on its first run (umpire caches parsed order texts; later runs show the
    # cached case, the first the one a server meets for a fresh phase).
    for record in mila.generate(args.seed + 1, 20, years=args.years, keep_state=True, movement_only=True):
        _time_umpire(record.case)
        _time_mila(game, record)

    ours: list[float] = []
    first: list[float] = []
    theirs: list[float] = []
    ratios: list[float] = []
    errors = 0
    for i, record in enumerate(records):
        mine: list[float] = []
        other: list[float] = []
        for rep in range(args.repeat):
            if (i + rep) % 2:
                elapsed, answer = _time_umpire(record.case)
                mine.append(elapsed)
                other.append(_time_mila(game, record))
            else:
                other.append(_time_mila(game, record))
                elapsed, answer = _time_umpire(record.case)
                mine.append(elapsed)
            errors += rep == 0 and "error" in answer
        first.append(mine[0])
        ours += mine
        theirs += other
        ratios.append(statistics.median(other) / statistics.median(mine))

    # The replayed MILA phase must be the recorded one (else MILA was timed on something else).
    mismatched = 0
    for record in records:
        _time_mila(game, record)
        mismatched += _mila_units(game) != record.expected["units"]

    units = [sum(len(us) for us in r.case["units"].values()) for r in records]
    orders = [sum(len(os) for os in r.case["orders"].values()) for r in records]
    med_ours, med_theirs = statistics.median(ours), statistics.median(theirs)
    ratio = med_theirs / med_ours
    print(
        f"umpire backend: {backend}; {len(records)} movement phases (seed {args.seed}), {args.repeat} interleaved "
        f"runs each; units per phase median {statistics.median(units):.0f}, orders {statistics.median(orders):.0f}"
    )
    if errors or mismatched:
        print(f"WARNING: umpire errors on {errors} cases; MILA replay differs from the record on {mismatched}")
    print(f"{'':18s}{'median':>12s}{'p10':>12s}{'p90':>12s}{'mean':>12s}")
    rows = (("umpire adjudicate", ours), ("  first run", first), ("MILA process", theirs))
    for name, values in rows:
        print(
            f"{name:18s}"
            + "".join(f"{v * 1e6:10.1f}us" for v in (statistics.median(values), _pct(values, 0.1)))
            + "".join(f"{v * 1e6:10.1f}us" for v in (_pct(values, 0.9), statistics.fmean(values)))
        )
    print(
        f"ratio of medians (MILA / umpire): {ratio:.1f}x   (per-position median {statistics.median(ratios):.1f}x; "
        f"umpire's first runs only: {med_theirs / statistics.median(first):.1f}x)"
    )
    print(f"goal >= {GOAL:.0f}x: {'met' if ratio >= GOAL else 'NOT met'}")


if __name__ == "__main__":
    sys.exit(main())
