"""What many Empires for Two tests build: a scenario's state, Year Cards, a game played to an empire's turn, a
fixed die."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from umpire.games.empires2 import alliances, board
from umpire.games.empires2.scenario import load_scenario
from umpire.games.empires2.sequence import YearCard
from umpire.kernel import rng as kernel_rng
from umpire.kernel.game import Game, new_game
from umpire.kernel.rng import init_rng

State = dict[str, Any]

SEATS = {"millennium": ("germany", "byzantine"), "charlemagne": ("frankish", "byzantine")}
"""The two empires the players take in each scenario."""

QUICK = ("place", "end_turn", "bid", "asylum", "defend")
"""The action types ``to_turn_of`` takes when offered; otherwise it makes a ruling endeavour."""


def cards(n: int, fortune: int = 8, check: bool = False) -> list[dict[str, Any]]:
    """``n`` Year Cards t0, t1, ... all with the same fortune and check."""
    return [board.card_json(YearCard(f"t{i}", fortune, check)) for i in range(n)]


def scenario_state(
    name: str,
    seed: int | None,
    /,
    *,
    year_cards: list[dict[str, Any]] | None = None,
    quiet_deck: bool = False,
    gold: Mapping[str, int] | None = None,
    **fields: Any,
) -> State:
    """Scenario ``name``'s opening state with its two players' empires (``SEATS``), not through the ruleset.

    ``seed`` seeds the dice (with an empty roll record; None leaves both out); ``year_cards`` is given, a copy each,
    to every empire; ``quiet_deck`` makes the next five event cards Quiet Years; ``gold`` sets empires' treasuries;
    ``fields`` are set on the state as they are (``phase``, ``round``, ``scenario``...)."""
    s = board.new_state(load_scenario(name), SEATS[name])
    if seed is not None:
        s.update(rng=init_rng(seed), rolls=[])
    s.update(fields)
    if quiet_deck:
        s["event_deck"] = ["quiet_years"] * 5
    if year_cards is not None:
        for e in s["empires"].values():
            e["year_cards"] = copy.deepcopy(year_cards)
    for eid, amount in (gold or {}).items():
        s["empires"][eid]["gold"] = amount
    return s


def to_turn_of(game: Game, eid: str) -> None:
    """Play quick legal actions (the first of a ``QUICK`` type, else a ruling endeavour) until ``eid``'s player-turn
    with no bid for an Allied Empire pending."""
    for _ in range(200):
        s = game.state
        if s["phase"] == "turn" and s["current"] == eid and not alliances.bidders(s):
            return
        role = game.view("gm")["acting"][0]
        actions = game.view(role)["actions"]
        simple = [a for a in actions if a["type"] in QUICK]
        pick = simple[0] if simple else next(a for a in actions if a.get("endeavour") == "ruling")
        game.act(role, {k: v for k, v in pick.items() if k not in ("max_gold", "er")})
    raise AssertionError(f"no player-turn of {eid} within 200 actions")


Chooser = Callable[[Game, list[dict[str, Any]], random.Random], dict[str, Any]]
"""Picks one of the offered actions, given the game and the random source."""


def random_game(
    scenario: str,
    seed: int,
    choices: int,
    rng_seed: int,
    options: dict[str, Any] | None = None,
    *,
    choose: Chooser | None = None,
    paid: tuple[str, ...] = ("endeavour",),
    most: int = 3,
) -> Game:
    """A game of ``scenario`` whose seats make up to ``choices`` random legal actions, picked by ``choose`` (by
    default any offered one); an action of a ``paid`` type spends 0 to ``most`` gold, within what it may."""
    game = new_game("empires2", scenario, options, seed=seed)
    pick = random.Random(rng_seed)
    for _ in range(choices):
        acting = game.view("gm")["acting"]
        if game.state["over"] or game.state.get("blocked") or not acting:
            break
        role = acting[0]
        actions = game.view(role)["actions"]
        action = dict(choose(game, actions, pick) if choose else pick.choice(actions))
        gold = action.pop("max_gold", 0)
        if action["type"] in paid:
            action["gold"] = pick.randint(0, min(gold, most))
        game.act(role, action)
    return game


def fixed_die(monkeypatch: pytest.MonkeyPatch, face: int) -> list[str]:
    """Make the kernel's die show ``face``; returns the purposes asked for."""
    asked: list[str] = []

    def roll(state: State, purpose: str, sides: int = 6, **_: Any) -> int:
        asked.append(purpose)
        return face

    monkeypatch.setattr(kernel_rng, "roll", roll)
    return asked
