"""Leaders and statures (rewrite 8.0): stature checks, heirless deaths."""

from __future__ import annotations

import pytest

from tests.empires2.helpers import cards, to_turn_of
from umpire.games.empires2 import leaders as lead
from umpire.games.empires2.leaders import Leader
from umpire.games.empires2.tables import load_tables
from umpire.kernel import rng
from umpire.kernel.game import new_game


def test_8_0_a_stature_check_on_3_3_3() -> None:
    """The seed's 33.64 sets a returning empire's statures "as though from a Stature Check on a 3-3-3": the table's
    row 3 (EMP-R12), the same for every die face whatever the last leader was."""
    three = Leader(3, 3, 3)
    assert lead.leader_from_faces((3, 3, 3), three) == Leader(3, 3, 3)
    assert lead.leader_from_faces((1, 5, 6), three) == Leader(1, 4, 5)


def test_8_0_the_stature_table_reads_each_face_against_the_stature_now() -> None:
    """EMP-R12: the new stature depends on the die and on the stature it replaces."""
    assert [lead.stature_from_face(face, 3) for face in range(1, 7)] == [1, 2, 3, 3, 4, 5]
    assert [lead.stature_from_face(face, 9) for face in range(1, 7)] == [4, 5, 6, 7, 8, 9]
    assert [lead.stature_from_face(face, 0) for face in range(1, 7)] == [0, 1, 1, 2, 2, 3]
    assert lead.leader_from_faces((6, 1, 4), Leader(5, 9, 0)) == Leader(6, 4, 2)
    with pytest.raises(ValueError, match=r"a die shows 1\.\.6, not 7"):
        lead.stature_from_face(7, 3)
    with pytest.raises(ValueError, match=r"a stature is 0\.\.9, not 10"):
        lead.stature_from_face(2, 10)
    with pytest.raises(ValueError, match="reads three dice"):
        lead.leader_from_faces((3, 3), Leader(3, 3, 3))


def test_8_0_every_row_rises_with_the_die_and_regresses_toward_three() -> None:
    """The authored rows (EMP-R12): each rises with the face, and a row's mean lies between its stature and 3."""
    rows = load_tables().stature_by_current
    assert sorted(rows) == list(range(10))
    for now, row in rows.items():
        assert list(row) == sorted(row)
        mean = sum(row) / len(row)
        assert min(now, 3) <= mean <= max(now, 3)


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
    leader = lead.stature_check(state, "france", Leader(3, 3, 2))
    assert state["rolls"][0]["purpose"].startswith("stature check for france")
    assert leader == lead.leader_from_faces(state["rolls"][0]["result"], Leader(3, 3, 2))


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


def test_8_0_a_stature_check_in_play_starts_from_the_leader_now() -> None:
    """Issue 28 point 3: a stature check called by a marked Year Card in a player-turn reads each die against the
    leader's stature now, as the view then shows it."""
    game = new_game("empires2", "millennium", seed=5)
    to_turn_of(game, "germany")
    game.state["empires"]["germany"]["leader"] = {"administrative": 9, "combat": 0, "diplomatic": 6}
    game.state["empires"]["germany"]["year_cards"] = cards(5, check=True)
    ruling = next(a for a in game.view("germany")["actions"] if a.get("endeavour") == "ruling")
    game.act("germany", {k: v for k, v in ruling.items() if k not in ("max_gold", "er")} | {"gold": 0})
    faces = next(r["result"] for r in game.state["rolls"] if r["purpose"].startswith("stature check for germany"))
    rows = load_tables().stature_by_current
    new = (rows[9][faces[0] - 1], rows[0][faces[1] - 1], rows[6][faces[2] - 1])
    expected = dict(zip(("administrative", "combat", "diplomatic"), new, strict=True))
    assert game.view("byzantine")["empires"]["germany"]["leader"] == expected
    words = "-".join(map(str, new))
    assert any(line == f"Germany: stature check on 9-0-6, new leader {words}" for line in game.state["log"])
