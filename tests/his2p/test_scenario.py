"""The 1517 scenario data and the two-player set-up: each fact of the scenario book and of the seed's "Setup"."""

from __future__ import annotations

import json
from typing import Any

import pytest

from umpire.games.his2p.mapdata import load_map
from umpire.games.his2p.scenario import (
    NAVAL_PORTS_2P,
    Setup,
    UnitStack,
    check_setup,
    load_scenario_1517,
    two_player_setup,
)


def _stack(setup: Setup, space: str, power: str) -> UnitStack:
    found = [u for u in setup["units"] if u["space"] == space and u["power"] == power]
    assert len(found) == 1, (space, power, found)
    return found[0]


def _spaces_with(setup: Setup, field: str) -> set[str]:
    return {u["space"] for u in setup["units"] if u[field]}  # type: ignore[literal-required]


# --- The 1517 scenario (scenario book, six players) -------------------------------------------------------------


def test_1517_control_covers_every_space_by_home_power() -> None:
    # ruling HIS-M12
    board = load_map()
    s = load_scenario_1517()
    assert set(s["control"]) == set(board.spaces)
    for space in board.home_spaces("france"):
        assert s["control"][space] == "france"
    for space in board.home_spaces("hungary"):
        assert s["control"][space] == "hungary"
    assert s["control"]["bastia"] == "genoa"


def test_1517_hapsburg_markers_on_all_21_protestant_home_spaces() -> None:
    board = load_map()
    s = load_scenario_1517()
    protestant_homes = board.home_spaces("protestant")
    assert len(protestant_homes) == 21
    assert {s["control"][x] for x in protestant_homes} == {"hapsburg"}
    assert not any(c == "protestant" for c in s["control"].values())


def test_1517_independent_keys_and_french_italy() -> None:
    """Rule 22.6: in 1517 Metz and Florence are independent, Milan is French, Tunis Hapsburg; Turin has a French HCM."""
    # ruling HIS-M11 (Turin: French control, no units)
    s = load_scenario_1517()
    assert s["control"]["metz"] == "independent"
    assert s["control"]["florence"] == "independent"
    assert s["control"]["milan"] == "france"
    assert s["control"]["tunis"] == "hapsburg"
    assert s["control"]["turin"] == "france"
    assert not [u for u in s["units"] if u["space"] == "turin"]


def test_1517_algiers_out_of_play() -> None:
    """Rule 21.1: before Barbary Pirates nobody may enter Algiers; HIS-M05."""
    s = load_scenario_1517()
    assert s["out_of_play"] == ["algiers"]
    assert s["control"]["algiers"] == "independent"


def test_1517_all_catholic() -> None:
    assert load_scenario_1517()["protestant"] == []


def test_1517_stacks_of_the_scenario_book() -> None:
    s = load_scenario_1517()
    istanbul = _stack(s, "istanbul", "ottoman")
    assert (istanbul["regulars"], istanbul["cavalry"], istanbul["squadrons"]) == (7, 1, 1)
    assert istanbul["leaders"] == ["suleiman", "ibrahim_pasha"]
    assert _stack(s, "valladolid", "hapsburg")["leaders"] == ["charles_v", "duke_of_alva"]
    assert _stack(s, "vienna", "hapsburg")["regulars"] == 4
    assert _stack(s, "buda", "hungary")["regulars"] == 5
    assert _stack(s, "edinburgh", "scotland")["regulars"] == 3
    assert _stack(s, "genoa", "genoa")["leaders"] == ["andrea_doria"]
    regulars: dict[str, int] = {}
    for u in s["units"]:
        regulars[u["power"]] = regulars.get(u["power"], 0) + u["regulars"]
    assert regulars == {
        "ottoman": 10,
        "hapsburg": 19,
        "england": 7,
        "france": 11,
        "papacy": 2,
        "venice": 4,
        "genoa": 2,
        "hungary": 7,
        "scotland": 3,
        "independent": 3,
    }


def test_1517_antwerp_three_regulars() -> None:
    """HIS-M06: the scenario book (and BGA's set-up) put 3 Hapsburg regulars in Antwerp for the full game."""
    assert _stack(load_scenario_1517(), "antwerp", "hapsburg")["regulars"] == 3


def test_1517_one_squadron_a_port_venice_three() -> None:
    """HIS-M07: each naval stack is 1 squadron (Naples too), Venice's is 3."""
    s = load_scenario_1517()
    squadrons = {u["space"]: u["squadrons"] for u in s["units"] if u["squadrons"]}
    assert squadrons == {
        "istanbul": 1,
        "salonika": 1,
        "athens": 1,
        "seville": 1,
        "barcelona": 1,
        "naples": 1,
        "london": 1,
        "portsmouth": 1,
        "rouen": 1,
        "marseille": 1,
        "rome": 1,
        "venice": 3,
        "genoa": 1,
        "edinburgh": 1,
    }
    assert _spaces_with(s, "corsairs") == set()


def test_1517_electorate_display() -> None:
    """HIS-M14: the Protestant's 8 regulars wait on the Electorate Display, not on the map."""
    s = load_scenario_1517()
    assert s["electorate_display"] == {
        "augsburg": 2,
        "brandenburg": 1,
        "cologne": 1,
        "mainz": 1,
        "trier": 1,
        "wittenberg": 2,
    }
    assert not [u for u in s["units"] if u["power"] == "protestant"]


def test_1517_diplomatic_status() -> None:
    s = load_scenario_1517()
    assert s["at_war"] == [["france", "hapsburg"], ["france", "papacy"], ["hungary", "ottoman"]]
    assert s["allied"] == []
    assert set(s["minors"].values()) == {None}


def test_1517_power_cards() -> None:
    # ruling HIS-C11
    s = load_scenario_1517()
    papacy, protestant = s["power_cards"]["papacy"], s["power_cards"]["protestant"]
    assert papacy["debaters"] == ["eck", "campeggio", "aleander", "tetzel", "cajetan"]
    assert (papacy["st_peters_cp"], papacy["st_peters_vp"]) == (0, 0)
    assert papacy["excommunicated"] == []
    assert protestant["debaters"] == ["luther", "melanchthon", "bucer", "carlstadt"]
    assert protestant["protestant_spaces"] == 0
    assert {z: t for z, t in protestant["translations"].items()} == {
        z: {"new_testament": 0, "full_bible": 0} for z in ("german", "english", "french")
    }
    assert s["rulers"]["papacy"] == "leo_x" and s["rulers"]["protestant"] == "luther"
    assert s["vp"] == {"ottoman": 8, "hapsburg": 9, "england": 9, "france": 12, "papacy": 19, "protestant": 0}


def test_load_returns_a_fresh_copy() -> None:
    first = load_scenario_1517()
    first["control"]["rome"] = "protestant"
    first["units"].clear()
    again = load_scenario_1517()
    assert again["control"]["rome"] == "papacy"
    assert again["units"]


# --- The two-player set-up (seed, "Setup") ----------------------------------------------------------------------


def test_setup_bullet_1_only_one_regular_outside_german_and_italian_zones() -> None:
    board = load_map()
    s = two_player_setup()
    for u in s["units"]:
        if board.space(u["space"]).language in ("german", "italian"):
            continue
        assert (u["regulars"], u["mercenaries"], u["cavalry"]) == (1, 0, 0), u
    assert _stack(s, "istanbul", "ottoman")["regulars"] == 1
    assert _stack(s, "london", "england")["regulars"] == 1
    assert _stack(s, "edinburgh", "scotland")["regulars"] == 1
    # Inside the two zones the scenario's stacks stand unchanged.
    assert _stack(s, "vienna", "hapsburg")["regulars"] == 4
    assert _stack(s, "naples", "hapsburg")["regulars"] == 2
    assert _stack(s, "milan", "france")["regulars"] == 2
    assert _stack(s, "venice", "venice")["regulars"] == 2
    assert _stack(s, "genoa", "genoa")["regulars"] == 2


def test_setup_bullet_2_naval_units_only_in_five_ports() -> None:
    s = two_player_setup()
    assert _spaces_with(s, "squadrons") == set(NAVAL_PORTS_2P) == {"marseille", "genoa", "naples", "venice", "rome"}
    assert _spaces_with(s, "corsairs") == set()
    assert not [u for u in s["units"] if u["space"] == "portsmouth"]


def test_setup_bullet_3_prague_brunn_breslau_hapsburg() -> None:
    s = two_player_setup()
    assert {s["control"][x] for x in ("prague", "brunn", "breslau")} == {"hapsburg"}
    assert load_map().space("prague").is_key  # the square marker (SCM) is the key's
    assert "prague" not in s["protestant"]


def test_setup_bullet_3_hungary_hapsburg_ally() -> None:
    s = two_player_setup()
    assert s["minors"]["hungary"] == "hapsburg"
    assert ["hapsburg", "hungary"] in s["allied"]


def test_setup_bullet_3_other_hungarian_spaces_ottoman() -> None:
    s = two_player_setup()
    others = set(load_map().home_spaces("hungary")) - {"prague", "brunn", "breslau"}
    assert others == {"agram", "belgrade", "buda", "mohacs", "pressburg", "szegedin"}
    assert {s["control"][x] for x in others} == {"ottoman"}


def test_setup_bullet_3_buda_and_belgrade_one_ottoman_regular() -> None:
    s = two_player_setup()
    for space in ("buda", "belgrade"):
        stacks = [u for u in s["units"] if u["space"] == space]
        assert len(stacks) == 1
        assert stacks[0]["power"] == "ottoman"
        assert stacks[0]["regulars"] == 1


def test_setup_bullet_3_prague_keeps_its_hungarian_regular() -> None:
    """HIS-M10: the seed changes Prague's control, not its garrison; bullet 1 leaves 1 Hungarian regular."""
    assert _stack(two_player_setup(), "prague", "hungary")["regulars"] == 1


def test_setup_bullet_4_only_andrea_doria_on_the_map() -> None:
    # ruling HIS-M13
    s = two_player_setup()
    on_map = [(u["space"], leader) for u in s["units"] for leader in u["leaders"]]
    assert on_map == [("genoa", "andrea_doria")]
    assert s["leaders_off_map"] == {
        "ottoman": ["suleiman", "ibrahim_pasha"],
        "hapsburg": ["charles_v", "duke_of_alva", "ferdinand"],
        "england": ["henry_viii", "charles_brandon"],
        "france": ["francis_i", "montmorency"],
    }


def test_setup_keeps_scenario_control_elsewhere() -> None:
    full, two = load_scenario_1517(), two_player_setup()
    changed = {x for x in full["control"] if full["control"][x] != two["control"][x]}
    assert changed == set(load_map().home_spaces("hungary"))


def test_setup_is_plain_json() -> None:
    s = two_player_setup()
    assert json.loads(json.dumps(s)) == s
    assert "vp" not in s


# --- Set-up errors reported against Saito's implementation (SOURCES.md): umpire has the facts -------------------


def test_saito_report_antwerp_has_one_regular_in_two_player() -> None:
    """HIS-M06: Antwerp is outside the German and Italian zones: 1 regular (not 3)."""
    assert _stack(two_player_setup(), "antwerp", "hapsburg")["regulars"] == 1


def test_saito_report_naples_has_one_squadron() -> None:
    """HIS-M07: Naples starts with 1 Hapsburg squadron (not 2), in both games."""
    assert _stack(load_scenario_1517(), "naples", "hapsburg")["squadrons"] == 1
    assert _stack(two_player_setup(), "naples", "hapsburg")["squadrons"] == 1


def test_saito_report_no_stray_at_war_markers() -> None:
    """HIS-M08: no power starts at war in the two-player game."""
    assert two_player_setup()["at_war"] == []


def test_saito_report_bastia_is_genoese() -> None:
    """HIS-M09: Bastia is a Genoese home space under Genoese control."""
    assert load_map().space("bastia").home == ("genoa",)
    assert two_player_setup()["control"]["bastia"] == "genoa"


def test_saito_report_st_peters_starts_empty() -> None:
    papacy = two_player_setup()["power_cards"]["papacy"]
    assert (papacy["st_peters_cp"], papacy["st_peters_vp"]) == (0, 0)


def test_ragusa_stays_independent() -> None:
    """HIS-M10: the seed gives the Ottomans Hungary's spaces only; Ragusa stays independent (Saito makes it Ottoman)."""
    assert two_player_setup()["control"]["ragusa"] == "independent"


# --- Validation -------------------------------------------------------------------------------------------------


def _broken(change: Any) -> Setup:
    s = load_scenario_1517()
    change(s)
    return s


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s["control"].pop("rome"), r"control: must name a controller .* missing \['rome'\]"),
        (lambda s: s["control"].update(rome="burgundy"), "control of 'rome': 'burgundy' is not one of"),
        (lambda s: s["units"][1].update(space="lyon"), "units entry 'lyon'/'ottoman': units stand in a space"),
        (lambda s: s["units"][4].update(cavalry=1), "only the Ottomans have cavalry"),
        (lambda s: s["units"][1].update(squadrons=1), "units entry 'edirne'/'ottoman': naval units in a space"),
        (lambda s: s["units"][1].update(leaders=["suleiman"]), "leader 'suleiman' is placed twice"),
        (lambda s: s["units"][1].update(regulars=-1), "regulars must be a whole number >= 0"),
        (lambda s: s["units"][1].pop("corsairs"), "fields must be exactly"),
        (lambda s: s["at_war"].append(["papacy", "france"]), "expected two different known powers in sorted order"),
        (lambda s: s["minors"].update(hungary="hapsburg"), "minors 'hungary': ally 'hapsburg' disagrees"),
        (lambda s: s["protestant"].append("istanbul"), "Ottoman home spaces have no religious influence"),
        (lambda s: s["electorate_display"].pop("mainz"), "electorate_display: must give"),
    ],
)
def test_check_setup_names_the_fault(change: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_setup(_broken(change))
