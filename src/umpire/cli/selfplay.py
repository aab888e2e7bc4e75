"""``umpire selfplay``: play many complete bot games in parallel, write one JSON line each, print a summary.

The JSON lines go to ``--out`` (standard output by default, or ``-``); the progress bar goes to standard error,
and the summary table to standard output when the lines go to a file, to standard error otherwise, so that
``umpire selfplay standard --games 10 | jq .winner`` reads clean JSON.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from contextlib import ExitStack
from typing import Annotated, Any, TextIO

import typer

from umpire.cli.args import parse_options
from umpire.kernel.errors import UmpireError


class SelfplayError(UmpireError):
    """A self-play argument that is not what the command expects."""


def parse_levels(raw: Sequence[str] | None) -> list[str]:
    """Levels given as repeated options and/or comma-separated lists: ``["normal,random"]`` -> both."""
    return [part.strip() for item in raw or () for part in item.split(",") if part.strip()]


def parse_bots(raw: Sequence[str] | None, seats: Sequence[str]) -> dict[str, str]:
    """Levels per seat from ``--bots``: ``SEAT=LEVEL`` entries (seat names in any case), or bare levels, one per
    seat in the ruleset's seat order (``strong,dumbbot,...``). Raises SelfplayError naming what is wrong."""
    entries = parse_levels(raw)
    if not entries:
        return {}
    by_upper = {seat.upper(): seat for seat in seats}
    named = [e for e in entries if "=" in e]
    if named and len(named) != len(entries):
        raise SelfplayError("--bots takes either SEAT=LEVEL entries or one level per seat, not both")
    if not named:
        if len(entries) != len(seats):
            raise SelfplayError(
                f"--bots without seat names needs one level per seat ({len(seats)}: {', '.join(seats)}), "
                f"got {len(entries)}"
            )
        return dict(zip(seats, entries, strict=True))
    chosen: dict[str, str] = {}
    for entry in named:
        name, _, level = entry.partition("=")
        seat = by_upper.get(name.strip().upper())
        if seat is None:
            raise SelfplayError(f"--bots names no seat {name.strip()!r}; seats: {', '.join(seats)}")
        if seat in chosen:
            raise SelfplayError(f"--bots names seat {seat} twice")
        chosen[seat] = level.strip()
    return chosen


def selfplay_command(
    ruleset: str,
    games: int = 10,
    workers: int = 1,
    seed: int = 0,
    levels: Sequence[str] | None = None,
    out: str | None = None,
    ray_address: str | None = None,
    options: Sequence[str] | None = None,
    progress: bool = True,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    bots: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games of ``ruleset`` (seeds ``seed``…) with bots at ``levels`` (and per seat ``bots``, see
    :func:`parse_bots`); returns the summary.

    Raises :class:`SelfplayError` (an UmpireError: one line, exit 2 from the CLI) on a bad argument.
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from umpire.kernel.game import new_game
    from umpire.selfplay import make_specs, run_games, summarize, summary_table, write_jsonl

    if games < 1:
        raise SelfplayError(f"--games must be at least 1, not {games}")
    if workers < 1:
        raise SelfplayError(f"--workers must be at least 1, not {workers}")
    try:
        chosen = {}
        if bots:
            sample = new_game(ruleset, None, parse_options(options), seed)
            chosen = parse_bots(bots, list(sample.ruleset.seats(sample.state)))
        specs = make_specs(ruleset, games, seed, parse_levels(levels), parse_options(options), seats=chosen)
    except ValueError as exc:
        raise SelfplayError(str(exc)) from None
    out_stream = stdout or sys.stdout
    err_stream = stderr or sys.stderr
    with ExitStack() as stack:
        if out and out != "-":
            try:
                sink: TextIO = stack.enter_context(open(out, "w", encoding="utf-8"))
            except OSError as exc:
                raise SelfplayError(f"cannot write {out}: {exc.strerror or exc}") from None
            table_console = Console(file=out_stream)
        else:
            sink = out_stream
            table_console = Console(file=err_stream)
        bar = Progress(
            TextColumn(f"{ruleset} self-play"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(file=err_stream),
            disable=not progress,
        )
        stack.enter_context(bar)
        task = bar.add_task("games", total=games)

        def done(result: dict[str, Any]) -> None:
            write_jsonl(result, sink)
            bar.advance(task)

        try:
            results = run_games(specs, workers=workers, ray_address=ray_address, on_result=done)
        except (RuntimeError, ConnectionError) as exc:  # Ray missing or unreachable
            raise SelfplayError(str(exc)) from None
    summary = summarize(results)
    where = "on Ray at " + ray_address if ray_address else f"{workers} worker{'s' if workers != 1 else ''}"
    table_console.print(summary_table(summary, title=f"{ruleset} self-play ({where})"))
    return summary


def selfplay(
    ruleset: Annotated[str, typer.Argument(help="Ruleset to play (see `umpire rulesets`).")],
    games: Annotated[int, typer.Option("--games", "-n", help="Number of complete games.")] = 10,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (1: in this process).")] = 1,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i gets seed + i.")] = 0,
    levels: Annotated[
        list[str] | None,
        typer.Option("--levels", "-l", help="Bot levels taking the seats in turn, e.g. normal,random (repeatable)."),
    ] = None,
    bots: Annotated[
        list[str] | None,
        typer.Option(
            "--bots",
            "-b",
            help="Levels per seat, the same in every game: one per seat in seat order (strong,dumbbot,...) "
            "or SEAT=LEVEL entries (FRANCE=strong); unnamed seats take --levels.",
        ),
    ] = None,
    out: Annotated[str | None, typer.Option("--out", "-o", help="Write the JSON lines here (default stdout).")] = None,
    ray_address: Annotated[
        str | None, typer.Option("--ray-address", help="Run on this Ray cluster ('local' starts one here).")
    ] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-O", help="Rules option NAME=VALUE.")] = None,
    progress: Annotated[bool, typer.Option("--progress/--no-progress", help="Show a progress bar.")] = True,
) -> None:
    """Play complete games with a bot in every seat, in parallel; one JSON line per game and a summary table."""
    summary = selfplay_command(ruleset, games, workers, seed, levels, out, ray_address, option, progress, bots=bots)
    if summary["errors"]:
        raise typer.Exit(1)
