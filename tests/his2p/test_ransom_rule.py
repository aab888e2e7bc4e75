"""Ransoming captured leaders in the two-player game (rule book 9.4; seed 9; ruling HIS-W10)."""

from __future__ import annotations

from tests.his2p.test_engine import cp_decision
from umpire.games.his2p import engine


def test_9_4_seed_9_the_diplomacy_phase_offers_no_ransom_and_the_leader_stays_captured() -> None:
    """Seed 9 replaces the standard Diplomacy Phase, its ransom segment (9.4) included: a captured Protestant leader
    stays on his captor's card through the phase; only the card Ransom (#91) frees him."""
    game = cp_decision("papacy", 0)
    state = game.state
    state["captured"] = {"philip_of_hesse": "papacy"}
    state["leaders"].pop("philip_of_hesse", None)
    state["stack"] = []
    state["turn"] = 2
    state["step"] = "diplomacy"
    game.ruleset.advance(state)
    offered: list[str] = []
    while game.state["stack"] and game.state["phase"] == "diplomacy":
        role = engine.acting_roles(game.state)[0]
        actions = game.view(role)["actions"]
        offered += [str(a.get("type")) for a in actions]
        game.act(role, actions[0])
    state = game.state
    assert state["phase"] != "diplomacy"
    assert not [t for t in offered if "ransom" in t]
    assert state["captured"] == {"philip_of_hesse": "papacy"}
    assert "philip_of_hesse" not in state["leaders"]
