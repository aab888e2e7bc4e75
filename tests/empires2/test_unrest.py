"""Unrest and rebellion (rewrite 17.0) and taxation (16.1) as the ruleset plays them; rulings EMP-U01 onward."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.games.empires2 import board, independent
from umpire.games.empires2 import economy as ec
from umpire.games.empires2.economy import TaxedArea
from umpire.games.empires2.scenario import load_scenario
from umpire.kernel.game import Game, new_game
from umpire.kernel.rng import init_rng

State = dict[str, Any]


@pytest.fixture
def state() -> State:
    s = board.new_state(load_scenario("millennium"), ("germany", "byzantine"))
    s["rng"] = init_rng(7)
    s["rolls"] = []
    return s


def to_turn_of(game: Game, eid: str) -> None:
    """Play quick legal actions until ``eid``'s player-turn."""
    while game.state["phase"] != "turn" or game.state["current"] != eid:
        role = game.view("gm")["acting"][0]
        actions = game.view(role)["actions"]
        simple = [a for a in actions if a["type"] in ("place", "end_turn", "bid", "asylum", "defend")]
        pick = simple[0] if simple else next(a for a in actions if a.get("endeavour") == "ruling")
        game.act(role, {k: v for k, v in pick.items() if k not in ("max_gold", "er")})


# --- 17.22: unfriendly ties (EMP-U01) ---------------------------------------------------------------------------------


def test_17_22_one_or_more_unfriendly_ties_add_two_once() -> None:
    """Errata 17.22: +2 for one or more unfriendly ties, not +2 for each."""
    assert ec.rebellion_value(0, TaxedArea(other_ties=1)) == 2
    assert ec.rebellion_value(0, TaxedArea(other_ties=2)) == 2
    assert ec.rebellion_value(0, TaxedArea(other_ties=3, own_tie=True)) == 0


def test_17_22_a_taxation_in_play_counts_two_empires_ties_once() -> None:
    game = new_game("empires2", "millennium", seed=3)
    to_turn_of(game, "germany")
    s = game.state
    base = ec.rebellion_value(1, independent.taxed_area(s, "germany", "franconia"))
    s["areas"]["franconia"]["ties"].update(france=1, denmark=1)
    game.act("germany", {"type": "tax", "areas": {"franconia": 1}, "empire": "germany"})
    log = game.state["log"]
    assert any(line.startswith(f"Germany: 1 gold from Franconia, rebellion value {base + 2}:") for line in log)
