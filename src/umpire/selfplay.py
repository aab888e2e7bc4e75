"""Self-play: complete games with a bot in every seat, many at once, for any ruleset that has bots.

- :func:`play_one` is the task: one game of ``ruleset`` from ``seed`` with bots at the given levels, returned as
  one plain dict (winner, scores, centres, length, seed, seconds, the game record's size). It is what a worker
  process or a Ray task runs; it only needs the names, so it pickles cheaply.
- :func:`run_games` runs a batch: in-process (``workers=1``), on a local process pool, or on a Ray cluster when
  given an address (Ray is an optional dependency, imported only then). Results come back as they finish.
- :func:`summarize` and :func:`summary_table` turn the results into per-level figures and a printable table.

Seats get levels round-robin: with ``levels=["normal", "random"]`` seat ``i`` of game ``g`` plays
``levels[(i + g) % 2]``, so over many games every level plays every power. ``seats`` (seat -> level) puts a
level in a named seat instead, in every game (``umpire selfplay standard --bots FRANCE=strong,dumbbot``).

Besides the outcome, a result says how each seat played: ``orders`` counts its orders in movement phases by kind
(hold, move, support, convoy; rulesets whose history lists each order's text, as the Diplomacy family's does) and
``think`` is the CPU time (of the thread, so one core's) its bot spent on each decision: calls, total, most.

A self-play game drives the ruleset directly (``apply`` then ``advance`` on one state) instead of through
:class:`umpire.kernel.game.Game`, which copies the whole state on every action to be able to refuse an illegal
one: a bot's actions are legal, and copying is most of the time a game takes. The game is the same: the bots draw
from :func:`umpire.kernel.bots.bot_seed` exactly as :func:`umpire.kernel.bots.run_bots` does, and
``checked=True`` plays through ``Game`` instead (the tests compare both and replay the record).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, TextIO

from umpire.bots.registry import bot_for, family
from umpire.diplomacy.map import map_by_id
from umpire.kernel import registry
from umpire.kernel.bots import Bot, play_bot
from umpire.kernel.game import new_game, role_view

Result = dict[str, Any]

#: A safety stop: no game of any ruleset needs this many actions.
MAX_ACTIONS = 50_000

#: Options a self-play game of a ruleset gets unless told otherwise (bots can stalemate: standard ends in 1920).
DEFAULT_OPTIONS: dict[str, dict[str, Any]] = {"standard": {"end_year": 1920}}


@dataclass(frozen=True)
class GameSpec:
    """One self-play game to run: what :func:`play_one` needs, as plain values."""

    ruleset: str
    seed: int
    levels: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    index: int = 0
    scenario: str | None = None
    checked: bool = False
    seats: tuple[tuple[str, str], ...] = ()


def seat_levels(
    seats: Sequence[str], levels: Sequence[str], index: int, fixed: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Levels by seat for game ``index``: ``fixed[seat]`` where given, else round-robin over ``levels``, rotated
    by one seat per game."""
    fixed = fixed or {}
    return {seat: fixed.get(seat) or levels[(i + index) % len(levels)] for i, seat in enumerate(seats)}


#: Per seat: [decisions, total CPU seconds, most CPU seconds of one decision].
Think = dict[str, list[float]]


def drive(game: Any, bots: dict[str, Bot], checked: bool, think: Think | None = None) -> int:
    """Play ``game`` to its end with ``bots`` (each seat in turn, the GM resolving when no seat acts), recording
    every action in ``game.record``; ``checked`` goes through :meth:`Game.act` (a checked copy per action), else
    the ruleset is applied to the one state. Each decision's CPU time goes into ``think`` (when given). Returns
    the number of actions taken."""
    rules, state, actions = game.ruleset, game.state, game.record["actions"]
    seed = game.record["seed"]
    while not rules.is_over(game.state if checked else state) and len(actions) < MAX_ACTIONS:
        acted = False
        for seat, bot in bots.items():
            current = game.state if checked else state
            view = role_view(rules, current, seat)
            started = time.thread_time()
            action = play_bot(bot, view, seed, seat, len(actions))
            if action is None:
                continue
            if think is not None:
                took = time.thread_time() - started
                row = think.setdefault(seat, [0, 0.0, 0.0])
                row[0] += 1
                row[1] += took
                row[2] = max(row[2], took)
            acted = True
            if checked:
                game.act(seat, action)
            else:
                rules.apply(state, seat, action)
                rules.advance(state)
                actions.append({"role": seat, "action": action})
        if not acted:
            gm_actions = role_view(rules, game.state if checked else state, "gm").get("actions", [])
            if not any(a.get("type") == "resolve" for a in gm_actions):
                break
            if checked:
                game.act("gm", {"type": "resolve"})
            else:
                rules.apply(state, "gm", {"type": "resolve"})
                rules.advance(state)
                actions.append({"role": "gm", "action": {"type": "resolve"}})
    return len(actions)


def _centre_counts(state: dict[str, Any], seats: Sequence[str]) -> dict[str, int]:
    """Centres per seat: from ``state["centers"]`` (power -> centres), or from ``state["owner"]`` (province ->
    power) over the map's centres, as Europe 1615 keeps them."""
    if isinstance(state.get("centers"), dict):
        return {seat: len(state["centers"].get(seat, [])) for seat in seats}
    owner = state.get("owner")
    if isinstance(owner, dict) and isinstance(state.get("map"), str):
        try:
            centres = map_by_id(state["map"]).centers
        except ValueError:
            centres = frozenset(owner)
        counts = dict.fromkeys(seats, 0)
        for prov, power in owner.items():
            if prov in centres and power in counts:
                counts[power] += 1
        return counts
    return dict.fromkeys(seats, 0)


def _shares(raw: dict[str, float]) -> dict[str, float] | None:
    total = sum(max(0.0, v) for v in raw.values())
    return {s: max(0.0, v) / total for s, v in raw.items()} if total > 0 else None


def outcome(state: dict[str, Any], seats: Sequence[str]) -> dict[str, Any]:
    """Winner(s), scores (summing to 1 over the seats), rounds won and centres of a finished game.

    Read from ``state["result"]``: a ``winner``, or the ``powers`` of a result that is neither a draw nor a
    stopped game (Europe 1615's ``victory``), win; winners share a score of 1. A ruleset that keeps its winner
    in ``state["winner"]`` (Here I Stand) is read there. Without winners the score is
    shared by the result's ``scores`` if it has them, else by rounds won (``rounds_won`` in the result or the
    state), else by centres (standard Diplomacy's draw), else equally.
    """
    result = state.get("result") or {}
    centres = _centre_counts(state, seats)
    winners: list[str] = []
    if result.get("winner") is not None:
        winners = [result["winner"]]
    elif state.get("winner") in seats:
        winners = [state["winner"]]
    elif result.get("kind") not in (None, "draw", "stopped") and isinstance(result.get("powers"), list):
        winners = [p for p in result["powers"] if p in seats]
    rounds = result.get("rounds_won", state.get("rounds_won"))
    rounds_won = {seat: int(rounds.get(seat, 0)) for seat in seats} if isinstance(rounds, dict) else None
    scores = None
    if winners:
        scores = {seat: (1.0 / len(winners) if seat in winners else 0.0) for seat in seats}
    if scores is None and isinstance(result.get("scores"), dict):
        scores = _shares({seat: float(result["scores"].get(seat, 0.0)) for seat in seats})
    if scores is None and rounds_won is not None:
        scores = _shares({seat: float(n) for seat, n in rounds_won.items()})
    if scores is None:
        scores = _shares({seat: float(n) for seat, n in centres.items()})
    if scores is None:
        scores = {seat: 1.0 / len(seats) for seat in seats}
    return {
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": winners,
        "kind": result.get("kind"),
        "rounds_won": rounds_won,
        "scores": {s: round(v, 6) for s, v in scores.items()},
        "centres": centres,
    }


def order_kind(order: str) -> str:
    """The kind of a Diplomacy order text: ``hold``, ``move``, ``support``, ``convoy`` or ``other``."""
    parts = order.split()
    if len(parts) < 3:
        return "other"
    verb = parts[2]
    if verb == "H":
        return "hold"
    if verb == "S":
        return "support"
    if verb == "C":
        return "convoy"
    return "move" if verb == "-" else "other"


def order_counts(state: dict[str, Any], seats: Sequence[str]) -> dict[str, dict[str, int]] | None:
    """Per seat, its orders in movement phases by kind and the number of those ``phases`` it ordered in, read
    from the history's results (phase names ending in ``M``, results by power listing each ``order``); None for
    a ruleset whose history does not look so."""
    history = state.get("history")
    if not isinstance(history, list):
        return None
    counts = {seat: {"hold": 0, "move": 0, "support": 0, "convoy": 0, "other": 0, "phases": 0} for seat in seats}
    seen = False
    for entry in history:
        if not isinstance(entry, dict) or not str(entry.get("phase", "")).endswith("M"):
            continue
        results = entry.get("results")
        if not isinstance(results, dict):
            continue
        for power, lines in results.items():
            if power not in counts or not isinstance(lines, list) or not lines:
                continue
            counts[power]["phases"] += 1
            for line in lines:
                if isinstance(line, dict) and isinstance(line.get("order"), str):
                    counts[power][order_kind(line["order"])] += 1
                    seen = True
    return counts if seen else None


def play_one(
    ruleset: str,
    seed: int,
    levels: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    index: int = 0,
    scenario: str | None = None,
    checked: bool = False,
    seats: Mapping[str, str] | None = None,
) -> Result:
    """Play one complete game of ``ruleset`` with bots in every seat; a JSON-ready summary of it.

    ``levels`` default to the ruleset's default bot level in every seat; ``seats`` (seat -> level) fixes the
    level of the seats it names. An error inside the game (a bot or rules bug) is reported in the result's
    ``error`` rather than raised, so one bad game does not stop a batch.
    """
    started = time.perf_counter()
    chosen = tuple(levels) if levels else (family(ruleset).default,)
    game = new_game(ruleset, scenario, {**DEFAULT_OPTIONS.get(ruleset, {}), **(options or {})}, seed)
    names = list(game.ruleset.seats(game.state))
    unknown = sorted(set(seats or {}) - set(names))
    if unknown:
        raise ValueError(f"no seat {', '.join(unknown)} in {ruleset}; seats: {', '.join(names)}")
    by_seat = seat_levels(names, chosen, index, seats)
    bots = {seat: bot_for(ruleset, level) for seat, level in by_seat.items()}
    error = None
    think: Think = {}
    try:
        drive(game, bots, checked, think)
    except Exception as exc:  # a bug in a bot or a ruleset: report it with the game that showed it
        error = f"{type(exc).__name__}: {exc}"
    state = game.state
    record: Result = {
        "ruleset": ruleset,
        "game": index,
        "seed": seed,
        "options": game.record["options"],
        "levels": by_seat,
        **outcome(state, names),
        "over": bool(game.ruleset.is_over(state)),
        "phases": len(state.get("history", [])),
        "final_phase": state.get("phase"),
        "actions": len(game.record["actions"]),
        "seconds": round(time.perf_counter() - started, 4),
        "think": {seat: [int(n), round(total, 4), round(most, 4)] for seat, (n, total, most) in think.items()},
    }
    counts = order_counts(state, names)
    if counts is not None:
        record["orders"] = counts
    if error is not None:
        record["error"] = error
    return record


def _run_spec(spec: GameSpec) -> Result:
    return play_one(
        spec.ruleset, spec.seed, spec.levels, spec.options, spec.index, spec.scenario, spec.checked, dict(spec.seats)
    )


def make_specs(
    ruleset: str,
    games: int,
    seed: int = 0,
    levels: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    checked: bool = False,
    seats: Mapping[str, str] | None = None,
) -> list[GameSpec]:
    """``games`` games of ``ruleset``, with seeds ``seed``, ``seed + 1``, …; checks the ruleset and the levels
    (``seats``: seat -> level, fixed in every game)."""
    registry.get(ruleset)
    fam = family(ruleset)
    chosen = tuple(levels) if levels else (fam.default,)
    for level in (*chosen, *(seats or {}).values()):
        if level not in fam.levels:
            raise ValueError(f"unknown bot level {level!r} for {ruleset}; levels: {', '.join(fam.levels)}")
    fixed = tuple(sorted((seats or {}).items()))
    if fixed:
        sample = new_game(ruleset, None, options or {}, seed)
        names = list(sample.ruleset.seats(sample.state))
        unknown = [seat for seat, _level in fixed if seat not in names]
        if unknown:
            raise ValueError(f"no seat {', '.join(unknown)} in {ruleset}; seats: {', '.join(names)}")
    return [GameSpec(ruleset, seed + i, chosen, dict(options or {}), i, None, checked, fixed) for i in range(games)]


def run_games(
    specs: Sequence[GameSpec],
    workers: int = 1,
    ray_address: str | None = None,
    on_result: Callable[[Result], None] | None = None,
) -> list[Result]:
    """Play every game of ``specs``; results in game order. ``on_result`` is called as each game finishes."""
    if ray_address:
        stream: Iterable[Result] = _run_ray(specs, ray_address)
    elif workers <= 1:
        stream = (_run_spec(spec) for spec in specs)
    else:
        stream = _run_pool(specs, workers)
    results = []
    for result in stream:
        if on_result is not None:
            on_result(result)
        results.append(result)
    return sorted(results, key=lambda r: r["game"])


def _run_pool(specs: Sequence[GameSpec], workers: int) -> Iterator[Result]:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: set[Future[Result]] = {pool.submit(_run_spec, spec) for spec in specs}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RuntimeError(
            "running on a Ray cluster needs Ray: pip install 'umpire[ray]' (or pip install ray)"
        ) from None
    return ray


def _run_ray(specs: Sequence[GameSpec], address: str) -> Iterator[Result]:
    """Run the games as Ray tasks on the cluster at ``address`` (``local`` starts a Ray instance in-process)."""
    ray = _import_ray()
    started_here = False
    if not ray.is_initialized():
        if address == "local":
            ray.init(include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
        started_here = True
    try:
        task = ray.remote(_run_spec)
        pending = [task.remote(spec) for spec in specs]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()


# --- summaries ---------------------------------------------------------------------------------------------


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) for no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(results: Sequence[Result]) -> dict[str, Any]:
    """Per level: seats played, solo wins, mean score and centres; overall: games, length, time, errors."""
    per_level: dict[str, dict[str, float]] = {}
    for result in results:
        if "error" in result:
            continue
        for seat, level in result["levels"].items():
            row = per_level.setdefault(level, {"seats": 0, "wins": 0, "score": 0.0, "centres": 0.0})
            row["seats"] += 1
            row["wins"] += 1 if seat in (result.get("winners") or [result.get("winner")]) else 0
            row["score"] += result["scores"].get(seat, 0.0)
            row["centres"] += result["centres"].get(seat, 0)
    levels = {}
    for level, row in sorted(per_level.items()):
        seats = int(row["seats"])
        low, high = wilson(row["wins"], seats)
        levels[level] = {
            "seats": seats,
            "wins": int(row["wins"]),
            "win_rate": row["wins"] / seats,
            "win_ci": [round(low, 4), round(high, 4)],
            "mean_score": row["score"] / seats,
            "mean_centres": row["centres"] / seats,
        }
    ok = [r for r in results if "error" not in r]
    return {
        "games": len(results),
        "errors": len(results) - len(ok),
        "solos": sum(1 for r in ok if r.get("winners") or r.get("winner")),
        "mean_phases": sum(r["phases"] for r in ok) / len(ok) if ok else 0.0,
        "mean_actions": sum(r["actions"] for r in ok) / len(ok) if ok else 0.0,
        "mean_seconds": sum(r["seconds"] for r in ok) / len(ok) if ok else 0.0,
        "levels": levels,
    }


def summary_table(summary: dict[str, Any], title: str = "self-play") -> Any:
    """A ``rich`` table of :func:`summarize`'s figures."""
    from rich.table import Table

    table = Table(
        title=(
            f"{title}: {summary['games']} games, {summary['solos']} solos, {summary['errors']} errors; "
            f"{summary['mean_phases']:.1f} phases and {summary['mean_seconds']:.2f} s a game"
        )
    )
    for name in ("level", "seats", "solo wins", "win rate (95% CI)", "mean score", "mean centres"):
        table.add_column(name, justify="left" if name == "level" else "right")
    for level, row in summary["levels"].items():
        low, high = row["win_ci"]
        table.add_row(
            level,
            str(row["seats"]),
            str(row["wins"]),
            f"{row['win_rate']:.3f} ({low:.3f}-{high:.3f})",
            f"{row['mean_score']:.3f}",
            f"{row['mean_centres']:.2f}",
        )
    return table


def write_jsonl(result: Result, out: TextIO) -> None:
    """One game as one JSON line."""
    out.write(json.dumps(result, sort_keys=True) + "\n")
    out.flush()
