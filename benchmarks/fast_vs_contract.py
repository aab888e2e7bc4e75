"""Speed of the fast path (``umpire.diplomacy.fast``) against the JSON contract, on the same phases, in one run.

    python benchmarks/fast_vs_contract.py --positions 60 --combos 200 --seed 7 [--backend native|python|both]

Positions come from seeded random games (tests/oracle/mila.py, MILA's engine: realistic mid-game boards, 20 to 34
units).  For each position a search bot's work is imitated: ``--combos`` order combinations, each unit taking at
random its recorded order, a hold, or a move to a neighbour (every combination distinct).  Both sides resolve the
same combinations:

* fast: ``Board.resolve(codes)`` on the position's board, the codes encoded once (the board and the encoding
  are timed apart, as a bot pays them once per position);
* contract: ``adjudicate(case)`` on each combination's case dict (built beforehand, not timed), the answer dict
  included and JSON not (``--json`` adds ``json.loads`` of the case text and ``json.dumps`` of the answer).

The two are timed in turns per position, alternating which goes first, so that machine noise hits both alike.
Every fast result is checked against the contract's answer (units and dislodged units) before timing.  Prints
both rates, by the wall clock and by CPU time (the process's own time on a core: what "on one core" means on a
shared machine, where the wall clock also counts the time the process waited for a core), their ratio and the
load average; the goal is at least 100,000 fast resolutions a second on one core on the native core.  Not a
test.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "oracle"))
import mila

from umpire import adjudicate
from umpire.diplomacy import load_map, native
from umpire.diplomacy.fast import Board, BoardError
from umpire.diplomacy.orders import OrderError

GOAL = 100_000


def _position(record: mila.PhaseRecord, combos: int, rng: random.Random) -> tuple[Board, list[list[int]], float]:
    """The board of a recorded phase, ``combos`` distinct order combinations as codes, and the seconds the board
    and the encoding of every candidate took."""
    gm = load_map("standard")
    start = time.perf_counter()
    board = Board(record.case["units"])
    candidates: list[list[int]] = [[] for _ in board.units]
    for power, texts in record.case["orders"].items():
        for text in texts:
            try:
                code = board.order(text)
            except (BoardError, OrderError):
                continue  # unreadable, or not a movement order of a unit on the board
            i = board.unit_of(code)
            if board.units[i].nation == power and code not in candidates[i]:
                candidates[i].append(code)
    for i, u in enumerate(board.units):
        candidates[i].append(board.order(f"{u.kind} {u.loc} H"))
        reach = gm.army_adj[gm.province_of[u.loc]] if u.kind == "A" else gm.fleet_adj[u.loc]
        for dest in sorted(reach):
            code = board.order(f"{u.kind} {u.loc} - {dest}")
            if code not in candidates[i]:
                candidates[i].append(code)
    setup = time.perf_counter() - start
    seen: set[tuple[int, ...]] = set()
    out: list[list[int]] = []
    for _ in range(combos * 20):
        if len(out) >= combos:
            break
        pick = tuple(rng.choice(c[:1] * 3 + c) for c in candidates)  # the recorded order more often
        if pick not in seen:
            seen.add(pick)
            out.append(list(pick))
    return board, out, setup


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=60, help="movement phases (default 60)")
    parser.add_argument("--combos", type=int, default=200, help="order combinations per phase (default 200)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the random games (default 7)")
    parser.add_argument("--years", type=int, default=8, help="game years per game (default 8)")
    parser.add_argument("--json", action="store_true", help="time the contract with JSON text in and out")
    parser.add_argument(
        "--backend",
        choices=("native", "python", "both"),
        default=native.backend(),
        help=f"the adjudicator's backend for both sides (default: the one in use, {native.backend()})",
    )
    args = parser.parse_args(argv)
    if args.backend != "python" and not native.available():
        parser.error("the native core (umpire.diplomacy._cresolver) is not built")
    records = mila.generate(args.seed, args.positions, years=args.years, keep_state=False, movement_only=True)
    for i, name in enumerate(("native", "python") if args.backend == "both" else (args.backend,)):
        if i:
            print()
        native.set_backend(name)
        _run(args, records, name)
    return 0


def _timed(fn: Any, items: list[Any]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of ``fn`` over ``items``."""
    wall, cpu = time.perf_counter(), time.process_time()
    for item in items:
        fn(item)
    return time.perf_counter() - wall, time.process_time() - cpu


def _run(args: argparse.Namespace, records: list[mila.PhaseRecord], backend: str) -> None:
    rng = random.Random(args.seed)
    load_before = os.getloadavg()
    fast_wall = fast_cpu = contract_wall = contract_cpu = setup_time = 0.0
    resolutions = 0
    per_position: list[float] = []
    units: list[int] = []

    def contract_json(text: str) -> str:
        return json.dumps(adjudicate(json.loads(text)), separators=(",", ":"))

    for n, record in enumerate(records):
        board, combos, setup = _position(record, args.combos, rng)
        setup_time += setup
        units.append(len(board.units))
        cases = [board.case(codes) for codes in combos]
        texts = [json.dumps(case) for case in cases]
        for codes, case in zip(combos, cases, strict=True):  # the same answers, checked before timing
            got, answer = board.resolve(codes).contract(), adjudicate(case)
            assert got == {"units": answer["units"], "dislodged": answer["dislodged"]}, case
        for turn in (0, 1) if n % 2 else (1, 0):
            if turn == 0:
                fast_one, cpu = _timed(board.resolve, combos)
                fast_wall += fast_one
                fast_cpu += cpu
            else:
                contract_one, cpu = _timed(contract_json, texts) if args.json else _timed(adjudicate, cases)
                contract_wall += contract_one
                contract_cpu += cpu
        resolutions += len(combos)
        per_position.append(contract_one / fast_one)
    load_after = os.getloadavg()
    what = "adjudicate(json.loads(case)) + json.dumps" if args.json else "adjudicate(case)"
    print(
        f"backend: {backend}; {len(records)} movement phases (seed {args.seed}), {resolutions} resolutions "
        f"({args.combos} combinations a phase); units per phase median {statistics.median(units):.0f}"
    )
    print(f"{'resolutions/s:':44s}{'wall clock':>14s}{'each':>12s}{'CPU time':>14s}")
    for name, wall, cpu in (
        ("fast     Board.resolve(codes)", fast_wall, fast_cpu),
        (f"contract {what}", contract_wall, contract_cpu),
    ):
        print(f"{name:44s}{resolutions / wall:>14,.0f}{1e6 * wall / resolutions:>9.2f} us{resolutions / cpu:>14,.0f}")
    print(
        f"ratio fast / contract: {contract_wall / fast_wall:.1f}x wall clock, {contract_cpu / fast_cpu:.1f}x CPU "
        f"(per-phase median {statistics.median(per_position):.1f}x); board and encoding once a phase: "
        f"{setup_time / len(records) * 1e6:.0f} us"
    )
    print(
        f"load average before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
        f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f} (2 cores)"
    )
    if backend == "native":
        rate = resolutions / fast_cpu
        print(
            f"goal >= {GOAL:,} fast resolutions a second on one core (CPU time): {'met' if rate >= GOAL else 'NOT met'}"
            f"; wall clock {resolutions / fast_wall:,.0f} (lower when the machine is shared: see the load average)"
        )


if __name__ == "__main__":
    sys.exit(main())
