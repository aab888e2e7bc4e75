"""RR3 navies (handbook, Navies)."""

from __future__ import annotations

import pytest

from umpire.games.rr3 import navies as n
from umpire.kernel.rng import init_rng


def fresh(seed: int = 1) -> dict:
    return {"rng": init_rng(seed), "rolls": []}


def test_naval_quality() -> None:
    assert n.fleet_modifier(n.Fleet("Gritti", "Venetian")) == 1
    assert n.fleet_modifier(n.Fleet("Doria", "genoan", damaged=True)) == -1
    assert n.fleet_modifier(n.Fleet("Armada", "spanish")) == 0
    with pytest.raises(ValueError):
        n.Fleet("x", "danish")
    with pytest.raises(ValueError):
        n.Fleet("x", "english", troops=41_000)


def test_naval_loser_damaged_then_sunk_and_troops_lost() -> None:
    spain = n.Fleet("Spain", "spanish", troops=20_000)
    turks = n.Fleet("Turks", "turkish")
    r = n.naval_outcome(spain, turks, 4, 4)  # 4 vs 5
    assert r.winner == "Turks" and r.damaged == ("Spain",) and r.sunk == () and r.troops_lost == (20_000, 0)
    r = n.naval_outcome(n.Fleet("Spain", "spanish", damaged=True), turks, 6, 2)  # 4 vs 3
    assert r.winner == "Spain" and r.damaged == ("Turks",)
    r = n.naval_outcome(n.Fleet("Spain", "spanish", damaged=True), turks, 5, 1)  # 3 vs 2
    assert r.winner == "Spain"
    r = n.naval_outcome(n.Fleet("Spain", "spanish", damaged=True), turks, 1, 1)  # -1 vs 2
    assert r.sunk == ("Spain",) and r.damaged == ()


def test_naval_tie_is_indecisive() -> None:
    r = n.naval_outcome(n.Fleet("E", "english"), n.Fleet("S", "spanish"), 3, 3)
    assert r.winner is None and r.damaged == () and r.sunk == ()


def test_naval_battle_rolls() -> None:
    state = fresh(11)
    r = n.naval_battle(state, n.Fleet("E", "english"), n.Fleet("V", "venetian"), where="Adriatic")
    assert tuple(e["result"] for e in state["rolls"]) == r.faces
    assert "Adriatic" in state["rolls"][0]["purpose"]


def test_naval_repair() -> None:
    damaged = n.Fleet("E", "english", damaged=True)
    assert n.repair_error(damaged, True, 2, False) is None
    assert n.repair_error(damaged, False, 2, False) is not None
    assert n.repair_error(damaged, True, 1, False) is not None
    assert n.repair_error(damaged, True, 2, True) is not None
    assert n.repair_error(n.Fleet("E", "english"), True, 2, False) is not None
    for seed in range(20):
        state = fresh(seed)
        fleet, cost = n.attempt_repair(state, damaged)
        assert cost == 2 and fleet.damaged == (state["rolls"][0]["result"] < 4)
    with pytest.raises(ValueError):
        n.attempt_repair(fresh(), n.Fleet("E", "english"))


def test_naval_piracy_and_transport() -> None:
    assert n.piracy_loss(0) == 2 and n.piracy_loss(1) == 0
    assert n.transport_error(n.Fleet("E", "english", troops=30_000), 10_000) is None
    assert n.transport_error(n.Fleet("E", "english", troops=30_000), 11_000) is not None
    assert n.transport_error(n.Fleet("E", "english"), -1) is not None
