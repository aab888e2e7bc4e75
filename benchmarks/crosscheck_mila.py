"""Large cross-check of umpire's adjudicator against MILA's engine on random coherent games.

    python benchmarks/crosscheck_mila.py --phases 5000 --seed 1
    python benchmarks/crosscheck_mila.py --phases 20000 --seed 9 --show 3 --out /tmp/disagreements.txt

Prints how many phases agree, the disagreements by kind (those an entry of docs/rulings/standard.md (MILA)
accounts for -- MILA errors M*, rule choices C* -- counted apart), and the first ``--show`` disagreements in
full. Exit status 1 when any disagreement is not documented.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "oracle"))
import mila

from umpire import adjudicate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--phases", type=int, default=2000, help="phases to compare (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games (default 1)")
    parser.add_argument("--years", type=int, default=6, help="game years per game (default 6)")
    parser.add_argument("--show", type=int, default=5, help="disagreements to print in full (default 5)")
    parser.add_argument("--out", type=Path, help="write every disagreement report to this file")
    parser.add_argument(
        "--show-known",
        metavar="ID",
        help="also print (up to --show) phases whose differences the documented entry ID explains (e.g. M3)",
    )
    args = parser.parse_args(argv)

    started = time.perf_counter()
    records = mila.generate(args.seed, args.phases, years=args.years)
    generated = time.perf_counter()

    by_phase: Counter[str] = Counter()
    agreeing: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    known: Counter[str] = Counter()
    entries: Counter[str] = Counter()  # phases per documented entry (or combination)
    checks_compared = 0
    reports: list[str] = []
    explained: list[str] = []
    for record in records:
        by_phase[record.phase_type] += 1
        checks_compared += sum(1 for c in record.checks if c.expect is not None)
        answer = adjudicate(record.case)
        diffs = mila.compare(record, answer)
        for d in diffs:
            if d.known:
                known[f"{d.known} ({d.kind})"] += 1
        for entry in {d.known for d in diffs if d.known}:
            entries[entry] += 1
        if args.show_known and any(args.show_known in (d.known or "").split("+") for d in diffs):
            explained.append(mila.format_disagreement(record, answer, diffs))
        unexplained = [d for d in diffs if not d.known]
        if unexplained:
            kinds.update(d.kind for d in unexplained)
            reports.append(mila.format_disagreement(record, answer, diffs))
        else:
            agreeing[record.phase_type] += 1
    done = time.perf_counter()

    total = len(records)
    print(f"seed {args.seed}: {total} phases ({_phases(by_phase)}), {checks_compared} order results compared")
    print(f"MILA games and outcomes: {generated - started:.1f} s; umpire + comparison: {done - generated:.1f} s")
    print(f"agree: {sum(agreeing.values())}/{total} ({_phases(agreeing)})")
    print(f"disagree: {len(reports)} phases")
    for kind, n in kinds.most_common():
        print(f"  {n:6d}  {kind}")
    if known:
        print(
            "tolerated, documented in docs/rulings/standard.md (STD-M: MILA errors, STD-MC: rule choices), phases: "
            + ", ".join(f"{k} {n}" for k, n in sorted(entries.items()))
        )
        for kind, n in known.most_common():
            print(f"  {n:6d}  {kind}")
    for report in reports[: args.show]:
        print()
        print(report)
    if args.show_known:
        print(f"\n{len(explained)} phases explained (at least in part) by {args.show_known}")
        for report in explained[: args.show]:
            print()
            print(report)
    if args.out:
        args.out.write_text("\n\n".join(reports) + ("\n" if reports else ""))
        print(f"\n{len(reports)} reports written to {args.out}")
    return 1 if reports else 0


def _phases(counter: Counter[str]) -> str:
    names = {"M": "movement", "R": "retreat", "A": "adjustment"}
    return ", ".join(f"{counter.get(k, 0)} {name}" for k, name in names.items())


if __name__ == "__main__":
    sys.exit(main())
