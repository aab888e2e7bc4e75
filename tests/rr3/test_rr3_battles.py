"""RR3 battles (handbook, Battles) including the worked example of Bosrovia against Ruritannia."""

from __future__ import annotations

import pytest

from umpire.games.rr3 import battles as b
from umpire.kernel.rng import init_rng


def fresh(seed: int = 1) -> dict:
    return {"rng": init_rng(seed), "rolls": []}


def test_battles_bosrovia_against_ruritannia_worked_example() -> None:
    bosrovia = b.BattleSide("Bosrovia", 23_000)
    ruritannia = b.BattleSide("Ruritannia", 17_000)
    assert b.dice_plan(bosrovia) == b.DicePlan(full=4, partial_penalty=-2, bonus_dice=0)
    assert b.dice_plan(ruritannia) == b.DicePlan(full=3, partial_penalty=-3, bonus_dice=0)
    assert b.die_scores(bosrovia, [3, 5, 2, 6, 3]) == [3, 5, 2, 6, 1]
    assert b.die_scores(ruritannia, [1, 4, 3, 5]) == [1, 4, 3, 2]
    result = b.resolve_battle(bosrovia, ruritannia, [3, 5, 2, 6, 3], [1, 4, 3, 5])
    assert result.scores == (17, 10)
    assert result.winner == "Bosrovia" and result.loser == "Ruritannia"
    assert result.losses == (2_000, 8_000)
    assert result.survivors == (21_000, 9_000)


def test_battles_small_army_partial_die_only() -> None:
    assert b.dice_plan(b.BattleSide("x", 1_000)) == b.DicePlan(0, -4, 0)
    assert b.dice_plan(b.BattleSide("x", 5_000)) == b.DicePlan(1, None, 0)
    assert b.dice_plan(b.BattleSide("x", 0)).count == 0
    # whole thousands short: 3,500 men are 1,500 short, one whole thousand (RR3-R01)
    assert b.dice_plan(b.BattleSide("x", 3_500)).partial_penalty == -1


def test_battles_no_die_below_zero() -> None:
    side = b.BattleSide("x", 6_000, fatigue=2, looting=True)
    assert b.die_scores(side, [6, 6]) == [2, 0]
    assert b.die_scores(side, [1, 1]) == [0, 0]


def test_battles_spanish_and_swiss_add_one_per_die_including_partial() -> None:
    spain = b.BattleSide("Spain", 12_000, nation="spanish")
    assert b.dice_plan(spain).bonus_dice == 3
    assert b.die_scores(spain, [1, 1, 4]) == [2, 2, 2]  # partial die: 4 + 1 - 3
    swiss = b.BattleSide("Swiss", 5_000, nation="Swiss")
    assert b.die_scores(swiss, [6]) == [7]


@pytest.mark.parametrize(
    ("men", "bonus"), [(14_000, 0), (15_000, 1), (29_000, 1), (30_000, 2), (44_000, 2), (45_000, 3)]
)
def test_battles_third_of_french_army_is_swiss(men: int, bonus: int) -> None:
    assert b.dice_plan(b.BattleSide("France", men, nation="french")).bonus_dice == bonus


def test_battles_french_swiss_dice_are_the_first_dice() -> None:
    france = b.BattleSide("France", 18_000, nation="french")  # 3 full dice + partial (-2); one Swiss die
    assert b.die_scores(france, [2, 2, 2, 2]) == [3, 2, 2, 0]


def test_battles_river_defence_and_fatigue() -> None:
    side = b.BattleSide("x", 10_000, river_defence=True, fatigue=1)
    assert b.per_die_modifier(side) == 0
    assert b.die_scores(b.BattleSide("y", 10_000, river_defence=True), [3, 4]) == [4, 5]


def test_battles_drawn_battle_each_inflicts_a_quarter() -> None:
    r = b.resolve_battle(b.BattleSide("a", 10_000), b.BattleSide("b", 10_000), [4, 4], [5, 3])
    assert r.winner is None and r.loser is None
    assert r.losses == (2_000, 2_000)


def test_battles_losses_capped_at_strength() -> None:
    r = b.resolve_battle(b.BattleSide("big", 50_000), b.BattleSide("tiny", 1_000), [6] * 10, [1])
    assert r.losses == (0, 1_000) and r.survivors == (50_000, 0)


def test_battles_wrong_number_of_dice_rejected() -> None:
    with pytest.raises(ValueError):
        b.die_scores(b.BattleSide("x", 10_000), [1])
    with pytest.raises(ValueError):
        b.BattleSide("x", -1)


def test_battles_leader_death_thresholds() -> None:
    assert b.leader_dies(2, won=True) and not b.leader_dies(3, won=True)
    assert b.leader_dies(2, won=False) and b.leader_dies(3, won=False) and not b.leader_dies(4, won=False)


def test_battles_fight_rolls_and_logs_everything() -> None:
    state = fresh(7)
    a = b.BattleSide("Bosrovia", 23_000, leaders=("King of Bosrovia",))
    c = b.BattleSide("Ruritannia", 17_000, leaders=("Duke", "Count"))
    result = b.fight(state, a, c, where="Oldberg")
    rolls = state["rolls"]
    assert [e["kind"] for e in rolls] == ["5d6", "4d6", "2d6", "2d6", "2d6"]
    assert list(result.faces[0]) == rolls[0]["result"] and list(result.faces[1]) == rolls[1]["result"]
    assert "Oldberg" in rolls[0]["purpose"] and "death roll" in rolls[2]["purpose"]
    assert result.scores == (sum(b.die_scores(a, result.faces[0])), sum(b.die_scores(c, result.faces[1])))
    # replaying from the same seed gives the same battle
    assert b.fight(fresh(7), a, c, where="Oldberg") == result


def test_battles_death_rolls_follow_the_dice() -> None:
    for seed in range(40):
        state = fresh(seed)
        side = b.BattleSide("x", 5_000, leaders=("L",))
        dead = b.roll_leader_deaths(state, side, won=False)
        assert (dead == ("L",)) == (sum(state["rolls"][0]["result"]) in (2, 3))


def test_battles_retreat_preferences() -> None:
    adjacent = ["A", "B", "C", "D"]
    assert b.retreat_options(adjacent, came_from="C", friendly=["B", "C"]) == ["C", "B", "A", "D"]
    assert b.retreat_options(adjacent, came_from="Z", friendly=["D"], barred=["A"]) == ["D", "B", "C"]
    assert b.retreat_options(["A"], barred=["A"]) == []


def test_battles_opposing_army_and_revolt_suppression() -> None:
    state = fresh(3)
    men = b.raise_opposing_army(state, "Duke of Lorraine")
    assert men == (state["rolls"][0]["result"] + 2) * 1_000
    assert b.suppresses_revolt(3, 2, 6_000) and not b.suppresses_revolt(4, 2, 6_000)
    ok = b.suppress_revolt(state, "Upper Austria", 2, 9_000)
    assert ok == (state["rolls"][1]["result"] + 2 < 9)


def test_battles_mixed_army_contingent() -> None:
    imperial = b.BattleSide("Empire", 22_000, nation="german", bonus_men=12_000)
    assert b.dice_plan(imperial).bonus_dice == 2
    assert b.dice_plan(b.BattleSide("x", 10_000, nation="spanish", bonus_men=0)).bonus_dice == 0
    with pytest.raises(ValueError):
        b.BattleSide("x", 10_000, bonus_men=11_000)
