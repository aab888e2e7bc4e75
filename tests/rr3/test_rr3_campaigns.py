"""RR3 campaign movement as pure functions (handbook, The Campaign System: Movement, Movement through non-played
states, Extortion, Loot, Mutiny; Battles: river defence)."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.games.rr3 import campaigns as cp
from umpire.games.rr3.geography import Geography, load_geography
from umpire.kernel.errors import IllegalAction


def land(state: str, lon: float, lat: float, cities: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"name": state.title(), "kind": "land", "state": state, "table": "mediterranean", "region": "italy",
            "religion": "catholic", "pos": [lon, lat], "cities": cities or []}  # fmt: skip


def map_data() -> dict[str, Any]:
    """North of the Po: piedmont -> lombardy -> veneto (reaches 0, 1, 2); south: liguria -> emilia -> romagna.
    Burgundy crosses into Piedmont by a pass; Switzerland and Lombardy are divided by mountains; Tyrol reaches
    Veneto by the Brenner pass."""
    return {
        "format": "umpire-rr3-map/1",
        "areas": {
            "ile_de_france": land("france", 2, 48.8, [{"id": "paris", "name": "Paris", "fort": 3, "capital": True}]),
            "burgundy": land("france", 5, 47),
            "piedmont": land("france", 7.5, 45),
            "lombardy": land("milan", 9.2, 45.5, [{"id": "milano", "name": "Milano", "fort": 4, "capital": True}]),
            "veneto": land("venice", 12, 45.5, [{"id": "venezia", "name": "Venezia", "fort": 5, "capital": True}]),
            "liguria": land("genoa", 8.9, 44.4, [{"id": "genova", "name": "Genova", "fort": 3, "capital": True}]),
            "emilia": land("papacy", 11.3, 44.5, [{"id": "bologna", "name": "Bologna", "fort": 3}]),
            "romagna": land("papacy", 12.2, 44.2),
            "switzerland": land("swiss", 8.5, 47),
            "tyrol": land(
                "austria", 11.4, 47.2, [{"id": "innsbruck", "name": "Innsbruck", "fort": 2, "capital": True}]
            ),
            "castile": land("spain", -3.7, 40.4),
        },
        "borders": [
            {"between": ["ile_de_france", "burgundy"], "kind": "land"},
            {"between": ["burgundy", "piedmont"], "kind": "pass", "name": "Mont Cenis"},
            {"between": ["burgundy", "switzerland"], "kind": "land"},
            {"between": ["switzerland", "lombardy"], "kind": "mountains"},
            {"between": ["switzerland", "tyrol"], "kind": "land"},
            {"between": ["tyrol", "veneto"], "kind": "pass", "name": "Brenner"},
            {"between": ["piedmont", "lombardy"], "kind": "land"},
            {"between": ["lombardy", "veneto"], "kind": "land"},
            {"between": ["liguria", "emilia"], "kind": "land"},
            {"between": ["emilia", "romagna"], "kind": "land"},
            {"between": ["piedmont", "liguria"], "kind": "river", "river": "po"},
            {"between": ["lombardy", "emilia"], "kind": "river", "river": "po"},
            {"between": ["veneto", "romagna"], "kind": "river", "river": "po"},
            {"between": ["castile", "liguria"], "kind": "land"},
        ],
        "rivers": {
            "po": {"name": "Po", "course": [["piedmont", "liguria"], ["lombardy", "emilia"], ["veneto", "romagna"]]}
        },
    }


GEO: Geography = load_geography(map_data(), "test")
PLAYED = {"france": "france", "milan": "milan", "venice": "venice", "papacy": "papacy", "austria": "habsburgs",
          "spain": "habsburgs"}  # fmt: skip


def position(*wars: tuple[str, str], armies: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    states: dict[str, Any] = {
        s: {"played": s in PLAYED, "team": PLAYED.get(s), "at_war_with": [], "treasury": 10}
        for s in ("france", "milan", "venice", "papacy", "austria", "spain", "genoa", "swiss")
    }
    for a, b in wars:
        states[a]["at_war_with"].append(b)
    areas = {a: {"owner": GEO.areas[a].state, "looted": False, "extorted": False, "revolt": False} for a in GEO.areas}
    cities = {c: {"owner": GEO.areas[city.area].state, "fort": city.fort, "garrison": city.fort * 1000,
                  "besieged_by": []} for c, city in GEO.cities.items()}  # fmt: skip
    return {"phase": 2, "turn": 1, "step": "move1", "states": states, "areas": areas, "cities": cities,
            "armies": armies or {}}  # fmt: skip


def army(aid: str, st: str, area: str, men: int = 10_000, **extra: Any) -> dict[str, Any]:
    record = {"id": aid, "state": st, "team": PLAYED.get(st), "men": men, "arrears": 0, "fatigue": 0, "area": area,
              "commander": None, "mutinous": False, "raised": {"turn": 0, "phase": 1}, "looting": False,
              "moved": 0, "came_from": None, "nation": ""}  # fmt: skip
    record.update(extra)
    return record


def order(state: dict[str, Any], raw: dict[str, Any], step: str = "move1") -> cp.Intention:
    team = state["armies"][raw["army"]]["team"]
    return cp.validate_intention(GEO, state, team, raw, step)


# --- the options of a step ---------------------------------------------------------------------------------------


def test_campaigns_one_area_no_fatigue_and_two_areas_one_fatigue() -> None:
    assert cp.move_option(GEO, "piedmont", ["lombardy"]) == cp.MoveOption(("lombardy",), 0, "one")
    # ile de france -> burgundy -> switzerland: two areas, not along a river
    assert cp.move_option(GEO, "ile_de_france", ["burgundy", "switzerland"]).fatigue == 1


def test_campaigns_downriver_two_areas_without_fatigue_but_upriver_costs_one() -> None:
    down = cp.move_option(GEO, "piedmont", ["lombardy", "veneto"])
    assert (down.kind, down.fatigue) == ("downriver", 0)
    up = cp.move_option(GEO, "veneto", ["lombardy", "piedmont"])
    assert (up.kind, up.fatigue) == ("two", 1)


def test_campaigns_mountain_pass_costs_one_fatigue_and_is_a_move_of_its_own() -> None:
    assert cp.move_option(GEO, "burgundy", ["piedmont"]) == cp.MoveOption(("piedmont",), 1, "pass")
    with pytest.raises(IllegalAction, match="crosses a mountain pass"):
        cp.move_option(GEO, "burgundy", ["piedmont", "lombardy"])
    with pytest.raises(IllegalAction, match="mountains with no pass"):
        cp.move_option(GEO, "switzerland", ["lombardy"])


@pytest.mark.parametrize(
    ("start", "path", "message"),
    [
        ("piedmont", [], "needs a path"),
        ("piedmont", ["lombardy", "veneto", "romagna"], "1 or 2 areas"),
        ("piedmont", ["veneto"], "do not touch"),
        ("piedmont", ["atlantis"], "unknown area 'atlantis'"),
        ("piedmont", ["lombardy", "piedmont"], "turns back"),
        ("piedmont", ["piedmont"], "list only the areas entered"),
    ],
)
def test_campaigns_bad_paths_are_refused_precisely(start: str, path: list[str], message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        cp.move_option(GEO, start, path)


def test_campaigns_no_moving_through_an_enemy_city_but_ending_there_is_allowed() -> None:
    state = position(("france", "milan"), armies={"france_1": army("france_1", "france", "piedmont")})
    with pytest.raises(IllegalAction, match="enemy city milano"):
        order(state, {"army": "france_1", "option": "move", "path": ["lombardy", "veneto"]})
    assert order(state, {"army": "france_1", "option": "move", "path": ["lombardy"]}).path == ("lombardy",)
    # at peace with Milan the same move is a downriver march
    calm = position(armies={"france_1": army("france_1", "france", "piedmont")})
    assert order(calm, {"army": "france_1", "option": "move", "path": ["lombardy", "veneto"]}).fatigue == 0
    paths = {m.path for m in cp.legal_moves(GEO, state, "france_1")}
    assert ("lombardy",) in paths and ("lombardy", "veneto") not in paths and ("liguria", "emilia") in paths


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"army": "spain_1", "option": "stay"}, "not an army of france"),
        ({"army": "nobody", "option": "stay"}, "unknown army 'nobody'"),
        ({"army": "france_1", "option": "charge"}, "expected 'stay' or 'move'"),
        ({"army": "france_1", "option": "stay", "path": ["lombardy"]}, "a stay has no path"),
        ({"army": "france_1", "option": "stay", "extort": True}, "moving ONE area"),
        ({"army": "france_1", "option": "move", "path": ["lombardy"], "loot": True}, "remain stationary to loot"),
        ({"army": "france_1", "option": "move", "path": ["lombardy", "veneto"], "extort": True}, "one area"),
        ({"army": "france_1", "option": "move", "path": ["lombardy"], "on_contact": "flee"}, "'fight' or 'retreat'"),
        ({"army": "france_1", "option": "move", "path": ["lombardy"], "engage": "yes"}, "true or false"),
        ({"army": "france_1", "option": "move", "path": ["lombardy"], "orders": 1}, "unknown key"),
        ({"army": "france_1", "option": "stay", "retreat_to": "atlantis"}, "not an area"),
        ({"army": "france_1", "option": "stay", "loot": True}, "your own side's area"),
        ({"army": "france_1", "option": "move", "path": ["burgundy"], "extort": True}, "your own side's area"),
    ],
)
def test_campaigns_bad_intentions_are_refused_precisely(raw: dict[str, Any], message: str) -> None:
    state = position(armies={"france_1": army("france_1", "france", "piedmont"),
                             "spain_1": army("spain_1", "spain", "castile")})  # fmt: skip
    with pytest.raises(IllegalAction, match=message):
        cp.validate_intention(GEO, state, "france", raw, "move1")


def test_campaigns_mutinous_and_newly_raised_armies_take_no_move() -> None:
    state = position(
        armies={
            "france_1": army("france_1", "france", "piedmont", mutinous=True),
            "france_2": army("france_2", "france", "piedmont", raised={"turn": 1, "phase": 2}),
        }
    )
    with pytest.raises(IllegalAction, match="accepts no orders"):
        order(state, {"army": "france_1", "option": "stay"})
    with pytest.raises(IllegalAction, match="raised this military phase"):
        order(state, {"army": "france_2", "option": "move", "path": ["lombardy"]})
    assert order(state, {"army": "france_2", "option": "stay"}).option == "stay"
    assert cp.legal_moves(GEO, state, "france_1") == [] and cp.legal_moves(GEO, state, "france_2") == []


def test_campaigns_loot_takes_the_whole_phase_and_not_twice() -> None:
    state = position(armies={"france_1": army("france_1", "france", "lombardy")})
    assert order(state, {"army": "france_1", "option": "stay", "loot": True}).loot
    with pytest.raises(IllegalAction, match="complete military phase"):
        order(state, {"army": "france_1", "option": "stay", "loot": True}, "move2")
    state["areas"]["lombardy"]["looted"] = True
    with pytest.raises(IllegalAction, match="LOOTED marker"):
        order(state, {"army": "france_1", "option": "stay", "loot": True})


def test_campaigns_extortion_only_when_moving_one_area_that_phase_and_not_twice() -> None:
    state = position(armies={"france_1": army("france_1", "france", "piedmont")})
    assert order(state, {"army": "france_1", "option": "move", "path": ["lombardy"], "extort": True}).extort
    state["armies"]["france_1"]["moved_phase"] = 1
    with pytest.raises(IllegalAction, match="moving one area that phase"):
        order(state, {"army": "france_1", "option": "move", "path": ["lombardy"], "extort": True}, "move2")
    state["armies"]["france_1"].update(moved_phase=1, extorted_phase=True)
    with pytest.raises(IllegalAction, match="extorted on the first step"):
        order(state, {"army": "france_1", "option": "move", "path": ["lombardy"]}, "move2")
    fresh = position(armies={"france_1": army("france_1", "france", "piedmont")})
    fresh["areas"]["lombardy"]["extorted"] = True
    with pytest.raises(IllegalAction, match="already been extorted"):
        order(fresh, {"army": "france_1", "option": "move", "path": ["lombardy"], "extort": True})


# --- resolving a step ---------------------------------------------------------------------------------------------


def resolve(state: dict[str, Any], *raws: dict[str, Any]) -> cp.StepResult:
    return cp.resolve_step(GEO, state, {r["army"]: order(state, r) for r in raws})


def test_campaigns_moves_and_fatigue_stay_recovers_missing_card_does_not() -> None:
    state = position(armies={"france_1": army("france_1", "france", "ile_de_france"),
                             "venice_1": army("venice_1", "venice", "veneto", fatigue=2),
                             "milan_1": army("milan_1", "milan", "lombardy", fatigue=2)})  # fmt: skip
    result = resolve(
        state,
        {"army": "france_1", "option": "move", "path": ["burgundy", "switzerland"]},
        {"army": "venice_1", "option": "stay"},
    )
    assert result.moves["france_1"].route == ["ile_de_france", "burgundy", "switzerland"]
    assert result.moves["france_1"].fatigue == 1
    assert result.moves["venice_1"].fatigue == -1
    assert result.moves["milan_1"].fatigue == 0 and not result.moves["milan_1"].ordered
    assert result.contacts == []


def test_campaigns_enemies_ending_in_the_same_area_meet_and_a_stander_behind_the_river_defends_it() -> None:
    state = position(
        ("france", "papacy"),
        armies={"france_1": army("france_1", "france", "lombardy"), "papacy_1": army("papacy_1", "papacy", "emilia")},
    )
    result = resolve(state, {"army": "france_1", "option": "move", "path": ["emilia"]},
                     {"army": "papacy_1", "option": "stay"})  # fmt: skip
    assert result.contacts == [cp.Contact("emilia", ("france_1", "papacy_1"), "meeting", "papacy_1")]
    # arriving over land, no river to defend
    state["armies"]["france_1"]["area"] = "liguria"
    result = resolve(state, {"army": "france_1", "option": "move", "path": ["emilia"]},
                     {"army": "papacy_1", "option": "stay"})  # fmt: skip
    assert result.contacts == [cp.Contact("emilia", ("france_1", "papacy_1"), "meeting", None)]


def test_campaigns_friends_and_neutrals_do_not_meet() -> None:
    state = position(armies={"france_1": army("france_1", "france", "lombardy"),
                             "papacy_1": army("papacy_1", "papacy", "emilia")})  # fmt: skip
    result = resolve(state, {"army": "france_1", "option": "move", "path": ["emilia"]})
    assert result.contacts == [] and result.moves["france_1"].final == "emilia"


def test_campaigns_crossing_armies_miss_each_other_unless_one_intends_to_engage() -> None:
    state = position(
        ("france", "milan"),
        armies={"france_1": army("france_1", "france", "piedmont"), "milan_1": army("milan_1", "milan", "lombardy")},
    )
    east = {"army": "france_1", "option": "move", "path": ["lombardy"]}
    west = {"army": "milan_1", "option": "move", "path": ["piedmont"]}
    missed = resolve(state, east, west)
    assert missed.contacts == []
    assert (missed.moves["france_1"].final, missed.moves["milan_1"].final) == ("lombardy", "piedmont")
    met = resolve(state, east, {**west, "engage": True})
    # they meet in the area the engaging army left
    assert met.contacts == [cp.Contact("lombardy", ("france_1", "milan_1"), "crossing", None)]
    assert (met.moves["france_1"].final, met.moves["milan_1"].final) == ("lombardy", "lombardy")


def test_campaigns_intention_to_engage_stops_an_army_passing_through() -> None:
    state = position(
        ("austria", "venice"),
        armies={
            "austria_1": army("austria_1", "austria", "piedmont"),
            "venice_1": army("venice_1", "venice", "lombardy"),
        },
    )
    through = {"army": "austria_1", "option": "move", "path": ["lombardy", "veneto"]}
    passed = resolve(state, through, {"army": "venice_1", "option": "stay"})
    assert passed.contacts == [] and passed.moves["austria_1"].final == "veneto"
    caught = resolve(state, through, {"army": "venice_1", "option": "stay", "engage": True})
    assert caught.moves["austria_1"].final == "lombardy"
    assert caught.contacts == [cp.Contact("lombardy", ("austria_1", "venice_1"), "interception", None)]


def test_campaigns_retreat_before_combat_free_after_no_move_one_fatigue_after_one_none_after_two() -> None:
    state = position(
        ("austria", "venice"),
        armies={
            "austria_1": army("austria_1", "austria", "piedmont"),
            "venice_1": army("venice_1", "venice", "veneto"),
        },
    )
    result = resolve(
        state,
        {"army": "austria_1", "option": "move", "path": ["lombardy", "veneto"]},
        {"army": "venice_1", "option": "stay", "on_contact": "retreat", "retreat_to": "romagna"},
    )
    assert result.retreats == [cp.Retreat("venice_1", "veneto", "romagna", 0, "austria_1")]
    assert result.contacts == [] and result.moves["venice_1"].final == "romagna"
    assert result.moves["venice_1"].fatigue == 0  # it did not stay: no recovery, no cost
    # an army that has moved one area pays a Fatigue marker for the second
    state["armies"]["venice_1"]["area"] = "romagna"
    state["armies"]["austria_1"]["area"] = "lombardy"
    result = resolve(
        state,
        {"army": "austria_1", "option": "move", "path": ["veneto"]},
        {"army": "venice_1", "option": "move", "path": ["veneto"], "on_contact": "retreat"},
    )
    assert result.retreats == [cp.Retreat("venice_1", "veneto", "romagna", 1, "austria_1")]
    # after two areas it must fight
    state["armies"]["venice_1"]["area"] = "emilia"
    state["armies"]["austria_1"]["area"] = "lombardy"
    result = resolve(
        state,
        {"army": "austria_1", "option": "move", "path": ["veneto"]},
        {"army": "venice_1", "option": "move", "path": ["romagna", "veneto"], "on_contact": "retreat"},
    )
    assert result.retreats == [] and [c.area for c in result.contacts] == ["veneto"]


def test_campaigns_extortion_and_loot_in_a_non_played_state_are_opposed() -> None:
    state = position(armies={"france_1": army("france_1", "france", "piedmont"),
                             "spain_1": army("spain_1", "spain", "liguria")})  # fmt: skip
    result = resolve(state, {"army": "france_1", "option": "move", "path": ["lombardy"], "extort": True},
                     {"army": "spain_1", "option": "stay", "loot": True})  # fmt: skip
    assert result.extortions == [("france_1", "lombardy")]
    assert result.loot == [("spain_1", "liguria")]
    assert result.passages == [cp.Passage("spain_1", "liguria", "genoa", "looting")]
    # free passage otherwise
    quiet = resolve(state, {"army": "france_1", "option": "move", "path": ["liguria"]})
    assert quiet.passages == [] and quiet.extortions == []


def test_campaigns_mutineers_make_for_an_undefended_city_else_besiege_a_near_one_else_march() -> None:
    state = position(armies={"france_1": army("france_1", "france", "piedmont", mutinous=True, arrears=3)})
    plan = cp.mutineer_plan(GEO, state, "france_1")
    # Genova and Milano are one area away; foreign before own; ties by id
    assert (plan.action, plan.city, plan.intention.path) == ("besiege", "genova", ("liguria",))
    state["cities"]["milano"]["garrison"] = 0
    plan = cp.mutineer_plan(GEO, state, "france_1")
    assert (plan.action, plan.city, plan.intention.path) == ("occupy", "milano", ("lombardy",))
    state["armies"]["france_1"]["area"] = "switzerland"
    plan = cp.mutineer_plan(GEO, state, "france_1")
    assert (plan.action, plan.city, plan.intention.path) == ("besiege", "innsbruck", ("tyrol",))
    # no city within one area: it marches toward the nearest
    chain = {"format": "umpire-rr3-map/1",
             "areas": {"a": land("france", 1, 45), "b": land("france", 2, 45), "c": land("france", 3, 45),
                       "d": land("milan", 4, 45, [{"id": "far", "name": "Far", "fort": 1}])},
             "borders": [{"between": ["a", "b"], "kind": "land"}, {"between": ["b", "c"], "kind": "land"},
                         {"between": ["c", "d"], "kind": "land"}]}  # fmt: skip
    state["armies"]["france_1"]["area"] = "a"
    plan = cp.mutineer_plan(load_geography(chain), state, "france_1")
    assert (plan.action, plan.city, plan.intention.path) == ("march", "far", ("b",))
