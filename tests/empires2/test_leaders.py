"""Leaders and statures (rewrite 8.0): stature checks, heirless deaths."""

from __future__ import annotations

import pytest

from umpire.games.empires2 import leaders as lead
from umpire.games.empires2.leaders import Leader
from umpire.kernel import rng


def test_8_0_a_stature_check_on_3_3_3() -> None:
    """The seed's 33.64 sets a returning empire's statures "as though from a Stature Check on a 3-3-3"."""
    assert lead.leader_from_faces((3, 3, 3)) == Leader(3, 3, 3)


def test_8_0_stature_table_reads_each_face() -> None:
    assert [lead.stature_from_face(face) for face in range(1, 7)] == [1, 2, 3, 3, 4, 5]
    with pytest.raises(ValueError, match=r"a die shows 1\.\.6, not 7"):
        lead.stature_from_face(7)
    with pytest.raises(ValueError, match="reads three dice"):
        lead.leader_from_faces((3, 3))


def test_8_0_each_endeavour_uses_its_stature() -> None:
    leader = Leader(administrative=4, combat=2, diplomatic=5)
    assert leader.stature("ruling") == 4
    assert leader.stature("pillage") == 2
    assert leader.stature("diplomacy") == 5
    assert leader.stature("combat") == 2
    with pytest.raises(ValueError, match="no stature 'charm'"):
        leader.stature("charm")


def test_8_0_stature_check_rolls_three_dice() -> None:
    state = {"rng": rng.init_rng(11), "rolls": []}
    leader = lead.stature_check(state, "france")
    assert state["rolls"][0]["purpose"].startswith("stature check for france")
    assert leader == lead.leader_from_faces(state["rolls"][0]["result"])


def test_8_0_which_statures_fell() -> None:
    change = lead.StatureChange(Leader(3, 3, 4), Leader(4, 2, 1))
    assert change.fallen == ("combat", "diplomatic")


def test_8_0_marked_year_cards_call_a_check() -> None:
    """EMP-R11."""
    assert lead.calls_stature_check([False, True])
    assert not lead.calls_stature_check([])


def test_19_0_leader_dies_heirless() -> None:
    """Seed 33.48: all ties lost; rewrite 19.0: the played Personal Demesne cards go."""
    death = lead.dies_heirless({"anjou": 2, "paris": 0}, 1)
    assert death.ties_lost == {"anjou": 2}
    assert death.demesne_cards_discarded == 1
    with pytest.raises(ValueError, match="must not be negative"):
        lead.dies_heirless({"anjou": -1}, 0)
