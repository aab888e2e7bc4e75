"""Victory (rule book 23.3; seed 23, Domination Victory)."""

from __future__ import annotations

from umpire.games.his2p.victory import decide


def vp(papacy: int, protestant: int) -> dict[str, int]:
    return {"papacy": papacy, "protestant": protestant}


def test_23_3_standard_victory_at_25() -> None:
    assert decide(2, [vp(25, 10)]) == ("papacy", "standard victory with 25 VP")
    assert decide(2, [vp(24, 10)]) is None


def test_seed_23_domination_from_turn_4_with_8_ahead_under_25() -> None:
    assert decide(3, [vp(20, 5)] * 3) is None  # "Do not check for a Domination victory during Turns 1, 2, and 3"
    assert decide(4, [vp(20, 12)] * 4) == ("papacy", "domination victory: 20 VP to 12")
    assert decide(4, [vp(20, 13)] * 4) is None  # 7 ahead is not enough
    assert decide(4, [vp(9, 17)] * 4) == ("protestant", "domination victory: 17 VP to 9")


def test_23_3_ties_go_back_turn_by_turn() -> None:
    history = [vp(10, 12), vp(20, 15), vp(25, 25)]
    assert decide(5, history) == ("papacy", "standard victory with 25 VP")
    assert decide(9, [vp(10, 12), vp(18, 18)]) == ("protestant", "time limit: 18 VP to 18 after turn 9")


def test_equal_at_every_turn_is_no_winner() -> None:
    assert decide(9, [vp(10, 10), vp(18, 18)]) == (None, "tied at every turn with 18 VP each")


def test_23_3_after_turn_9_the_higher_total_wins() -> None:
    assert decide(9, [vp(19, 21)]) == ("protestant", "time limit: 21 VP to 19 after turn 9")
