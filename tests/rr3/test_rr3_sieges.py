"""RR3 sieges (handbook, Sieges)."""

from __future__ import annotations

import pytest

from umpire.games.rr3 import sieges as s
from umpire.kernel.rng import init_rng


def fresh(seed: int = 1) -> dict:
    return {"rng": init_rng(seed), "rolls": []}


def test_sieges_capacity_and_garrison() -> None:
    assert s.capacity(3) == 6_000 and s.base_garrison(3) == 3_000


def test_sieges_blockade() -> None:
    assert s.blockade_needs(4) == 20_000
    assert s.blockade_step(20_000, 4, 0) == (1, False)
    assert s.blockade_step(20_000, 4, 1) == (2, False)
    assert s.blockade_step(25_000, 4, 2) == (3, True)
    assert s.blockade_step(19_000, 4, 2) == (0, False)  # RR3-R11


def test_sieges_bombardment_outcome() -> None:
    b = s.bombardment_outcome([5, 2, 6], 3)
    assert (b.breaches, b.fortification, b.surrendered) == (2, 1, False)
    assert s.bombardment_outcome([6, 6], 1) == s.Bombardment((6, 6), 2, 0, True)


def test_sieges_bombard_rolls_per_20000() -> None:
    state = fresh(4)
    b = s.bombard(state, "Pavia", 45_000, 3)
    assert state["rolls"][0]["kind"] == "2d6" and list(b.faces) == state["rolls"][0]["result"]
    state = fresh()
    assert s.bombard(state, "Pavia", 19_000, 3) == s.Bombardment((), 0, 3, False) and state["rolls"] == []


@pytest.mark.parametrize(
    ("attackers", "garrison", "mod"),
    [(5_000, 3_000, 0), (6_000, 3_000, 1), (8_999, 3_000, 1), (9_000, 3_000, 2), (12_000, 3_000, 3), (99_000, 1, 3)],
)
def test_sieges_ratio_modifier(attackers: int, garrison: int, mod: int) -> None:
    assert s.ratio_modifier(attackers, garrison) == mod


def test_sieges_assault_taken() -> None:
    r = s.assault_outcome(6, 1, 12_000, 3_000, 2)  # 6+3 vs 1+2: +6
    assert r.taken and r.besieger_loss == 0 and r.garrison_left == 0 and r.besiegers_left == 12_000


def test_sieges_assault_almost_successful() -> None:
    r = s.assault_outcome(4, 2, 15_000, 4_000, 2)  # 4+2 vs 2+2: +2
    assert r.difference == 2 and not r.taken
    assert r.besieger_loss == 3_000 and r.garrison_loss == 1_000
    assert r.besiegers_left == 12_000 and r.garrison_left == 3_000


def test_sieges_assault_garrison_loss_beyond_strength_takes_town() -> None:
    r = s.assault_outcome(5, 1, 20_000, 2_000, 3)  # 5+3 vs 1+3: +4 -> taken anyway
    assert r.taken
    r = s.assault_outcome(3, 2, 20_000, 2_000, 2)  # 3+3 vs 2+2: +2; loses 2,000 of 2,000
    assert r.taken and r.garrison_left == 0 and r.besieger_loss == 4_000


def test_sieges_assault_repulsed_with_minimum_loss() -> None:
    r = s.assault_outcome(1, 6, 3_000, 3_000, 4)
    assert not r.taken and r.besieger_loss == 1_000 and r.garrison_loss == 0  # 30% of 3,000 is 900 -> 1,000
    r = s.assault_outcome(3, 3, 10_000, 5_000, 1)  # 3+1 vs 3+1: evens
    assert r.difference == 0 and r.besieger_loss == 3_000 and r.garrison_left == 5_000


def test_sieges_assault_rolls() -> None:
    state = fresh(9)
    r = s.assault(state, "Milan", 10_000, 3_000, 3)
    assert [e["result"] for e in state["rolls"]] == [r.besieger_die, r.garrison_die]
    with pytest.raises(ValueError):
        s.assault_outcome(1, 1, 0, 1_000, 1)
