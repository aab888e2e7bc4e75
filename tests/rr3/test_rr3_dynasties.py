"""RR3 deaths, marriages, births and family (handbook, Death, Marriage, Birth and Family)."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.games.rr3 import dynasties as d
from umpire.games.rr3.dynasties import FEMALE, MALE, Character
from umpire.kernel.rng import init_rng


def fresh(seed: int = 1) -> dict[str, Any]:
    return {"rng": init_rng(seed), "rolls": []}


def people(*cs: Character) -> dict[str, Character]:
    return {c.name: c for c in cs}


def test_family_turn_years_follow_the_timetable() -> None:
    assert d.turn_start_year(1) == 1525
    assert d.turn_start_year(4) == 1537  # Turn 4: 1537 - 1540
    assert d.turn_start_year(6) == 1545
    with pytest.raises(ValueError):
        d.turn_start_year(0)


def test_family_death_number_rises_with_age() -> None:
    assert [d.death_number(a) for a in (10, 39, 40, 55, 65, 80)] == [2, 2, 3, 4, 5, 6]


def test_family_death_outcome_by_age_and_by_controls_list() -> None:
    old = Character("Clement VII", MALE, 1478)
    r = d.death_outcome(old, 1537, [2, 2])  # aged 59: dies on 4 or less
    assert r.age == 59 and r.dies_on == 4 and r.died
    assert not d.death_outcome(old, 1537, [2, 3]).died
    listed = Character("Luther", MALE, 1483, death_number=7)
    assert d.death_outcome(listed, 1525, [3, 4]).died
    with pytest.raises(ValueError):
        d.death_outcome(old, 1537, [6])


def test_family_roll_deaths_logs_one_roll_per_living_character() -> None:
    state = fresh(3)
    cs = [Character("A", MALE, 1470), Character("B", FEMALE, 1500, alive=False), Character("C", FEMALE, 1505)]
    results = d.roll_deaths(state, cs, 1)
    assert [r.name for r in results] == ["A", "C"]
    assert [e["purpose"] for e in state["rolls"]] == ["A: death roll, turn 1 (2d6)", "C: death roll, turn 1 (2d6)"]
    assert all(e["kind"] == "2d6" for e in state["rolls"])


def family() -> dict[str, Character]:
    return people(
        Character("Henry", MALE, 1491, family="Tudor", played=True, spouse="Catherine"),
        Character("Catherine", FEMALE, 1485, family="Tudor", spouse="Henry"),
        Character("Mary", FEMALE, 1516, family="Tudor", parents=("Henry", "Catherine")),
        Character("Edward", MALE, 1537, family="Tudor", parents=("Henry", "Catherine")),
    )


def test_family_heir_is_eldest_son_then_daughter_with_regency_under_sixteen() -> None:
    p = family()
    s = d.succession(p, "Henry", 1541)
    assert (s.heir, s.regency, s.new_character) == ("Edward", True, False)
    assert d.succession(p, "Henry", 1553).regency is False
    s2 = d.succession(p, "Henry", 1541, male_preference=False)
    assert (s2.heir, s2.regency) == ("Mary", False)


def test_family_dead_childs_line_comes_first_and_no_heir_means_new_character() -> None:
    p = family()
    p["Edward"] = Character("Edward", MALE, 1510, family="Tudor", parents=("Henry", "Catherine"), alive=False)
    p["Ned"] = Character("Ned", MALE, 1530, family="Tudor", parents=("Edward",))
    assert d.succession(p, "Henry", 1541).heir == "Ned"
    lonely = people(Character("Ulrich", MALE, 1487))
    s = d.succession(lonely, "Ulrich", 1541)
    assert s.heir is None and s.new_character


def test_family_match_rules() -> None:
    boy = Character("Philip", MALE, 1527)
    girl = Character("Maria", FEMALE, 1528)
    assert "under 16" in (d.match_error(boy, girl, 1537) or "")
    assert d.match_error(boy, girl, 1537, betrothal=True) is None  # betrothed from any age
    assert d.match_error(boy, girl, 1545) is None
    assert "same sex" in (d.match_error(boy, Character("Carlos", MALE, 1520), 1545) or "")
    assert "cleric" in (d.match_error(Character("Wolsey", MALE, 1473, cleric=True), girl, 1545) or "")
    p = family()
    assert "married" in (d.match_error(p["Henry"], girl, 1545) or "")
    assert "closely" in (d.match_error(p["Edward"], p["Mary"], 1560) or "")


def test_family_marry_moves_the_wifes_card_to_the_husbands_family() -> None:
    p = people(Character("James", MALE, 1512, family="Stewart"), Character("Madeleine", FEMALE, 1520, family="Valois"))
    out = d.marry(p, "Madeleine", "James", 1537)
    assert out["James"].spouse == "Madeleine" and out["Madeleine"].spouse == "James"
    assert out["Madeleine"].family == "Stewart"
    assert p["Madeleine"].spouse is None  # pure
    with pytest.raises(ValueError):
        d.marry(out, "James", "Madeleine", 1537)


def test_family_betrothals_become_weddings_at_sixteen() -> None:
    p = people(Character("Philip", MALE, 1527), Character("Maria", FEMALE, 1528))
    assert d.due_weddings(p, [("Philip", "Maria")], 1541) == []
    assert d.due_weddings(p, [("Philip", "Maria")], 1545) == [("Philip", "Maria")]


def test_family_bury_widows_the_spouse() -> None:
    out = d.bury(family(), "Catherine")
    assert not out["Catherine"].alive and out["Henry"].spouse is None


def test_family_suitor_bonus_goes_to_highest_prestige() -> None:
    assert d.prestige_bonus({"France": 5, "England": 3}) == {"France": 1, "England": 0}
    assert d.prestige_bonus({"France": 4, "England": 4}) == {"France": 0, "England": 0}


def test_family_suitor_outcome_with_bonus_and_tie() -> None:
    prestige = {"France": 5, "England": 3, "Scotland": 1}
    # France 3+1=4, England 4, Scotland 2: France and England roll again; England 5 beats France 3+1
    c = d.suitor_outcome(prestige, [{"France": 3, "England": 4, "Scotland": 2}, {"France": 3, "England": 5}])
    assert c.winner == "England" and len(c.rounds) == 2
    assert d.suitor_outcome(prestige, [{"France": 4, "England": 4, "Scotland": 6}]).winner == "Scotland"
    with pytest.raises(ValueError):
        d.suitor_outcome(prestige, [{"France": 3, "England": 4, "Scotland": 2}])


def test_family_roll_suitors_logs_and_finds_a_winner() -> None:
    state = fresh(11)
    c = d.roll_suitors(state, "Anne of Cleves", {"France": 2, "England": 2, "Scotland": 2})
    assert c.winner in {"France", "England", "Scotland"}
    assert all("suitor for Anne of Cleves" in e["purpose"] for e in state["rolls"])
    assert len(state["rolls"]) == sum(len(r) for r in c.rounds)
    with pytest.raises(ValueError):
        d.roll_suitors(state, "x", {"France": 1})


def test_family_children_count_is_d6_minus_two() -> None:
    assert [d.children_count(i) for i in range(1, 7)] == [0, 0, 1, 2, 3, 4]
    with pytest.raises(ValueError):
        d.children_count(7)


def test_family_birth_outcome_cards_in_age_order() -> None:
    p = family()
    kids = d.birth_outcome(p["Henry"], p["Catherine"], 5, [("Elizabeth", FEMALE), ("Henry", MALE), ("Arthur", MALE)], 2)
    assert [k.name for k in kids] == ["Elizabeth", "Henry", "Arthur"]
    assert kids[0].parents == ("Henry", "Catherine") and kids[0].born == 1529 and kids[1].sex == MALE
    assert d.birth_outcome(p["Henry"], p["Catherine"], 2, [("X", MALE)], 2) == []


def test_family_roll_births_draws_cards_and_adds_children() -> None:
    p = people(Character("James", MALE, 1512, family="Stewart"), Character("Madeleine", FEMALE, 1520))
    p = d.marry(p, "James", "Madeleine", 1537)
    deck = [("Alpha", MALE), ("Beta", FEMALE), ("Gamma", MALE), ("Delta", FEMALE), ("Eps", MALE)]
    for seed in range(20):
        state = fresh(seed)
        out, kids, rest = d.roll_births(state, p, "James", deck, 4)
        die = state["rolls"][0]["result"]
        assert len(kids) == max(0, die - 2) and len(rest) == len(deck) - len(kids)
        assert [c.name for c in d.children_of(out, "James")] == [k.name for k in kids]
        assert all(k.family == "Stewart" for k in kids)


def test_family_claimants_are_kin_by_any_connection() -> None:
    p = family()
    p["Margaret"] = Character("Margaret", FEMALE, 1489, family="Stewart", parents=("Henry VII",))
    p["Henry VII"] = Character("Henry VII", MALE, 1457, alive=False)
    p["Henry"] = Character("Henry", MALE, 1491, family="Tudor", spouse="Catherine", parents=("Henry VII",))
    p = d.bury(p, "Henry")
    claims = d.claimants(p, "Henry")
    assert claims == [("Catherine", 1), ("Edward", 1), ("Mary", 1), ("Margaret", 2)]


def test_family_resolve_deaths_buries_and_passes_the_card() -> None:
    p = family()
    p["Henry"] = Character("Henry", MALE, 1491, family="Tudor", played=True, spouse="Catherine")
    results = [
        d.death_outcome(p["Henry"], 1545, [1, 2]),
        d.death_outcome(p["Edward"], 1545, [1, 1]),
        d.death_outcome(p["Mary"], 1545, [6, 6]),
    ]
    out, successions = d.resolve_deaths(p, results, 1545)
    assert not out["Henry"].alive and not out["Edward"].alive and out["Mary"].alive
    assert [(s.deceased, s.heir, s.regency) for s in successions] == [("Henry", "Mary", False)]
    assert out["Mary"].played and out["Catherine"].spouse is None


def test_family_births_due_only_for_new_couples_of_played_families() -> None:
    p = people(
        Character("James", MALE, 1512, family="Stewart", played=True),
        Character("Madeleine", FEMALE, 1520, family="Valois"),
        Character("Mary", FEMALE, 1516, family="Tudor"),
        Character("Duke", MALE, 1500, family="Cleves"),
        Character("Anne", FEMALE, 1515, family="Cleves"),
    )
    weddings = [("James", "Madeleine", 4), ("Duke", "Mary", 4), ("Duke", "Anne", 4), ("James", "Mary", 3)]
    assert d.births_due(p, weddings, 4, {"Tudor", "Stewart"}) == [("James", "Madeleine"), ("Duke", "Mary")]
