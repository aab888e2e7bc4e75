"""Short ways into an Empires for Two game for the browser tests: a plan is played out in-process first (the engine
alone, milliseconds), then the browser test plays the same actions against the server, the preliminaries through
the API and the ones under test from the page. The same seed and actions give the same game in both (replay).

A plan's choices (``Policy``): the first seat, or each seat, courts France (its Court, Ile de France) the first time
it may, with its gold (all of it, or all but one to keep gold for a sealed bid); otherwise the ``normal`` bot
chooses. The seeds the
tests name were found by :func:`find_seed`; should an engine change move them, the tests search on from them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from umpire.bots.empires2 import NormalBot
from umpire.kernel.game import Game, new_game

View = dict[str, Any]
#: When a plan is reached, given the game and the actions so far.
Goal = Callable[[Game, list["Step"]], bool]

COURT = "ile_de_france"  # France's Court in Millennium 976
INFO = ("max_gold", "er")


@dataclass
class Step:
    """One action of a plan: who, what, and the seat's view just before (its buttons' words)."""

    seat: str
    action: dict[str, Any]
    view: View = field(repr=False)


@dataclass
class Plan:
    seed: int
    steps: list[Step]
    game: Game = field(repr=False)


@dataclass(frozen=True)
class Policy:
    """How a plan chooses: the first ``courtiers`` seats court France once, with all gold but ``keep``; otherwise
    the normal bot, taxing as listed when ``listed_tax`` (the taxation a page's button sends, rates of 1)."""

    keep: int
    courtiers: int
    listed_tax: bool


def court_or_bot(policy: Policy) -> Callable[[str, View, set[str], random.Random], dict[str, Any]]:
    """The plans' chooser (``Policy``)."""
    keep, courtiers = policy.keep, policy.courtiers
    bot = NormalBot()

    def choose(seat: str, seat_view: View, courted: set[str], rng: random.Random) -> dict[str, Any]:
        for a in seat_view["actions"]:
            courts = a["type"] == "endeavour" and a["endeavour"] == "diplomacy" and a["area"] == COURT
            if courts and seat not in courted and len(courted) < courtiers:
                courted.add(seat)
                return {**{k: v for k, v in a.items() if k not in INFO}, "gold": max(0, a["max_gold"] - keep)}
        action = bot.act(seat_view, rng)
        assert action is not None, seat_view["decision_text"]
        if action["type"] == "tax" and policy.listed_tax:  # as a page's button sends it
            return next(a for a in seat_view["actions"] if a["type"] == "tax")
        if action["type"] == "parley":  # a page's button calls a parley on one issue
            return {"type": "parley", "areas": action["areas"][:1]}
        return action

    return choose


def plan(seed: int, goal: Goal, policy: Policy, limit: int) -> Plan | None:
    """The actions from a new Millennium game with ``seed`` until ``goal`` holds, or None past ``limit`` actions."""
    game = new_game("empires2", "millennium", seed=seed)
    choose, rng, courted = court_or_bot(policy), random.Random(0), set[str]()
    steps: list[Step] = []
    while not goal(game, steps):
        acting = game.view("gm")["acting"]
        if len(steps) >= limit or not acting:
            return None
        seat = acting[0]
        seat_view = game.view(seat)
        action = choose(seat, seat_view, courted, rng)
        game.act(seat, action)
        steps.append(Step(seat, action, seat_view))
    return Plan(seed, steps, game)


def find_seed(first: int, goal: Goal, policy: Policy, limit: int, tries: int = 40) -> Plan:
    """The plan of the first seed from ``first`` whose game reaches ``goal`` within ``limit`` actions."""
    for seed in range(first, first + tries):
        found = plan(seed, goal, policy, limit)
        if found is not None:
            return found
    raise AssertionError(f"no seed from {first} to {first + tries - 1} reaches the goal in {limit} actions")


def ally_steps(steps: list[Step]) -> list[Step]:
    """The steps of an Allied Empire's own player-turn, taken by its player (33.31)."""
    return [s for s in steps if s.view["current"] == s.action.get("empire") != s.seat and s.action["type"] != "defend"]


def contest_for_both(game: Game, steps: list[Step]) -> bool:
    """Both seats must seal a gold bid (33.46), after a place, an endeavour and a defence chosen by a seat."""
    gm = game.view("gm")
    kinds = {s.action["type"] for s in steps}
    return len(gm["acting"]) == 2 and bool(gm["contests"]) and {"place", "endeavour", "defend"} <= kinds


def ally_turn_run(game: Game, steps: list[Step]) -> bool:
    """A seat courted an Independent to alliance, then ran a whole player-turn of it."""
    mine = ally_steps(steps)
    return bool(mine) and mine[-1].action["type"] == "end_turn"
