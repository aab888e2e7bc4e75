"""Tuning the strong level: variants of it (weights, samples, budget) alone against six of a field level, interleaved.

Each ``--variant NAME:key=value,...`` is a :class:`umpire.bots.search.StrongBot` with those settings (``samples``,
``budget``, ``deadline``, or any field of :class:`umpire.bots.search.Weights`); ``NAME:`` alone is the default.
Every variant plays the same games (the lone power rotating over the seats, seeds from ``--seed``) against six
``--field`` bots, interleaved so that the machine's load falls on all alike, to ``--end-year`` (1910 by default:
shorter games, the centres then say more than the solos). It prints each variant's solos, centres and at most 2
centres with 95% intervals and its CPU per movement phase (benchmarks/bot_strength.py's figures).

    python benchmarks/strong_tuning.py --variant base: --variant wide:samples=20 --per-power 3 --workers 2

The variants are registered as extra levels of ``standard`` in this process before the worker processes start
(they are forked from it, as on Linux), so a worker knows them.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time

from bot_strength import interleave, load, lone_specs, print_lone
from umpire.bots.diplomacy import LEVELS, make_bot
from umpire.bots.registry import family, register_bots
from umpire.bots.search import StrongBot, Weights
from umpire.selfplay import run_games

_WEIGHTS = {f.name for f in dataclasses.fields(Weights)}


def variant(settings: str) -> StrongBot:
    """A strong bot with ``key=value,...`` settings."""
    bot: dict[str, float] = {}
    weights: dict[str, float] = {}
    for item in filter(None, (part.strip() for part in settings.split(","))):
        key, _, value = item.partition("=")
        if key in _WEIGHTS:
            weights[key] = float(value)
        elif key in ("samples", "budget"):
            bot[key] = int(value)
        elif key == "deadline":
            bot[key] = float(value)
        else:
            raise SystemExit(f"unknown setting {key!r}: samples, budget, deadline or one of {sorted(_WEIGHTS)}")
    return StrongBot(weights=Weights(**weights), **bot)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--variant", action="append", required=True, help="NAME:key=value,...")
    parser.add_argument("--field", default="dumbbot")
    parser.add_argument("--per-power", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--end-year", type=int, default=1910)
    args = parser.parse_args(argv)

    made: dict[str, str] = {}
    for item in args.variant:
        name, _, settings = item.partition(":")
        variant(settings)  # refuse a bad setting before any game
        made[name] = settings

    def factory(level: str) -> object:
        return variant(made[level]) if level in made else make_bot(level)

    family("standard")  # the registry loads its own levels first, then this replaces them
    register_bots("standard", (*LEVELS, *made), factory, default="normal")
    specs = interleave([lone_specs(name, args.field, args.per_power, args.seed, args.end_year) for name in made])
    print(load())
    print(f"{len(specs)} games: {', '.join(args.variant)} against {args.field}, to {args.end_year}")
    started = time.perf_counter()
    results = run_games(specs, workers=args.workers)
    print_lone(results)
    print(f"{time.perf_counter() - started:.0f} s; {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
