"""RR3 1524 scenario: the handbook's teams and characters, the states, cards, debates, armies and fleets, the
loader's validation and the initial state (handbook, The Player Teams; The Financial System; Religion; Navies)."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from umpire.games.rr3 import dynasties, finance, navies, politics, religion
from umpire.games.rr3.geography import Geography, load_geography, map1524
from umpire.games.rr3.scenario import (
    FORMAT,
    check_scenario,
    initial_state,
    load_scenario,
    parse_scenario,
)
from umpire.kernel.canonical import canonical_json
from umpire.kernel.errors import IllegalAction

# Handbook, *The Player Teams*: every named character, team by team (ids of the scenario; the name fragment the
# handbook uses).
HANDBOOK_TEAMS: dict[str, list[tuple[str, str]]] = {
    "england": [("henry_viii", "Henry VIII"), ("wolsey", "Wolsey"), ("suffolk", "Charles Brandon")],
    "france": [("francis_i", "Francis I"), ("du_bellay", "du Bellay"), ("bonnivet", "Bonnivet"),
               ("lautrec", "Odet de Foix")],
    "habsburgs": [("charles_v", "Charles V"), ("gattinara", "Gattinara"), ("ferdinand", "Ferdinand"),
                  ("lannoy", "Lannoy"), ("margaret_of_austria", "Margaret of Austria"), ("eleanor", "Eleanor")],
    "electors": [("frederick_iii_saxony", "Frederick III"), ("joachim_i", "Joachim I"),
                 ("louis_v_palatinate", "Louis V"), ("louis_ii", "Louis II"), ("albert_of_mainz", "Albert")],
    "princes": [("william_iv_bavaria", "William IV"), ("christoph_i_baden", "Christoph I"),
                ("george_of_saxony", "George")],
    "papacy": [("clement_vii", "Clement VII"), ("cajetan", "Cajetan"), ("capo", "Capo"),
               ("campeggio", "Campeggio")],
    "lutherans": [("george_of_ansbach", "George"), ("philip_of_hesse", "Philip I"),
                  ("wolfgang_of_anhalt", "Wolfgang")],
    "venice": [("andrea_gritti", "Andrea Gritti")],
    "florence": [("alessandro_de_medici", "Alessandro de' Medici")],
    "milan": [("francesco_sforza", "Francesco II Sforza")],
    "denmark": [("frederick_i_denmark", "Frederick I")],
}  # fmt: skip

# /work/spec/rr3-ids.md: the played states and their teams, and the non-played states every helper uses.
PLAYED = {
    "england": "england", "france": "france", "spain": "habsburgs", "naples": "habsburgs",
    "netherlands": "habsburgs", "austria": "habsburgs", "saxony": "electors", "brandenburg": "electors",
    "palatinate": "electors", "bohemia": "electors", "hungary": "electors", "mainz": "electors",
    "ansbach": "lutherans", "hesse": "lutherans", "anhalt": "lutherans", "bavaria": "princes", "baden": "princes",
    "ducal_saxony": "princes", "denmark": "denmark", "papacy": "papacy", "florence": "florence", "milan": "milan",
    "venice": "venice",
}  # fmt: skip
NON_PLAYED = [
    "portugal", "scotland", "swiss", "savoy", "genoa", "mantua", "ferrara", "siena", "lucca", "lorraine", "cleves",
    "guelders", "cologne", "trier", "wurttemberg", "salzburg", "wurzburg", "munster", "brunswick", "mecklenburg",
    "pomerania", "poland", "prussia", "sweden", "livonia", "ottomans", "north_africa", "free_nuremberg",
    "free_augsburg", "free_frankfurt", "free_strasbourg", "free_ulm", "free_cologne", "free_lubeck", "free_hamburg",
    "free_regensburg", "free_worms", "free_speyer",
]  # fmt: skip


def raw() -> dict[str, Any]:
    """The scenario file as plain data (a fresh copy to mutate)."""
    text = resources.files("umpire.games.rr3").joinpath("data/scenario1524.json").read_text(encoding="utf-8")
    return json.loads(text)


def small_map(
    states: list[str], *, extra: dict[str, Any] | None = None, no_capital: frozenset[str] | set[str] = frozenset()
) -> Geography:
    """One land area per state, each with a capital port on one sea (not a capital for ``no_capital``), chained
    by land borders; plus ``extra`` areas (given as area data; each gets a land border to the first area)."""
    areas: dict[str, Any] = {"sea": {"name": "Sea", "kind": "sea", "table": "east", "pos": [5, 45]}}
    borders: list[dict[str, Any]] = []
    for i, state in enumerate(states):
        aid = f"a_{state}"
        areas[aid] = {
            "name": state, "kind": "land", "state": state, "table": "east", "region": "germany",
            "religion": "catholic", "pos": [10, 50],
            "cities": [{"id": f"c_{state}", "name": state.title(), "fort": 1 + i % 6, "port": True,
                        "capital": state not in no_capital}],
        }  # fmt: skip
        borders.append({"between": [aid, "sea"], "kind": "coast"})
        if i:
            borders.append({"between": [f"a_{states[i - 1]}", aid], "kind": "land"})
    for aid, area in (extra or {}).items():
        areas[aid] = area
        borders.append({"between": [f"a_{states[0]}", aid], "kind": "land"})
    return load_geography({"format": "umpire-rr3-map/1", "areas": areas, "borders": borders}, "small")


def scenario_map() -> Geography:
    return small_map(sorted(load_scenario()["states"]))


def error_of(data: dict[str, Any]) -> str:
    with pytest.raises(IllegalAction) as err:
        check_scenario(data)
    return str(err.value)


# --- the handbook's teams and characters ------------------------------------------------------------------------


def test_teams_the_teams_are_exactly_the_handbooks_teams_and_characters() -> None:
    # ruling RR3-SC05
    sc = load_scenario()
    assert list(sc["teams"]) == list(HANDBOOK_TEAMS)
    for team, named in HANDBOOK_TEAMS.items():
        assert sc["teams"][team]["characters"] == [cid for cid, _ in named], team
        for cid, fragment in named:
            c = sc["characters"][cid]
            assert fragment in c["name"], (cid, c["name"])
            assert c["played"] and c["alive"] and c["team"] == team
    played = {cid for cid, c in sc["characters"].items() if c["played"]}
    assert played == {cid for named in HANDBOOK_TEAMS.values() for cid, _ in named}


def test_teams_team_names_are_those_of_the_heavenly_chart() -> None:
    assert [t["name"] for t in load_scenario()["teams"].values()] == list(religion.TEAMS)


def test_teams_titles_and_offices_of_the_handbook() -> None:
    chars = load_scenario()["characters"]
    assert "King of the Romans" in chars["charles_v"]["role"] and "emperor" in chars["charles_v"]["offices"]
    assert {"elector", "chancellor"} <= set(chars["albert_of_mainz"]["offices"]) and chars["albert_of_mainz"]["cleric"]
    for cid in ("frederick_iii_saxony", "joachim_i", "louis_v_palatinate", "louis_ii"):
        assert "elector" in chars[cid]["offices"]
    for cid in ("wolsey", "clement_vii", "cajetan", "capo", "campeggio", "albert_of_mainz", "du_bellay"):
        assert chars[cid]["cleric"] and chars[cid]["spouse"] is None
    assert "Bishop of Bayonne" in chars["du_bellay"]["role"] and "Admiral" in chars["bonnivet"]["role"]
    assert "Viceroy" in chars["lannoy"]["role"] and "Netherlands" in chars["margaret_of_austria"]["role"]


def test_teams_played_and_non_played_states_of_the_shared_ids() -> None:
    states = load_scenario()["states"]
    assert {s: v["team"] for s, v in states.items() if v["team"] is not None} == PLAYED
    for sid in NON_PLAYED:
        assert sid in states and states[sid]["team"] is None, sid
    for team, t in load_scenario()["teams"].items():
        assert sorted(t["states"]) == sorted(s for s, tm in PLAYED.items() if tm == team)


def test_teams_every_played_state_has_a_ruler_of_its_team() -> None:
    sc = load_scenario()
    for sid, s in sc["states"].items():
        if s["team"] is not None:
            assert sc["characters"][s["ruler"]]["team"] == s["team"], sid
    assert sc["states"]["naples"]["ruler"] == "charles_v" and sc["characters"]["lannoy"]["state"] == "naples"
    assert sc["states"]["bohemia"]["ruler"] == sc["states"]["hungary"]["ruler"] == "louis_ii"


def test_teams_italian_banks_and_electors() -> None:
    sc = load_scenario()
    states, chars = sc["states"], sc["characters"]
    assert {s for s, v in states.items() if v["italian_bank"]} == set(finance.ITALIAN_STATES)
    assert {s for s, v in states.items() if v["elector"]} == set(politics.ELECTORS)
    for sid in politics.NON_PLAYED_ELECTORS:
        ruler = chars[states[sid]["ruler"]]
        assert states[sid]["team"] is None and not ruler["played"] and ruler["cleric"] and "elector" in ruler["offices"]
    assert states["mainz"]["ruler"] == "albert_of_mainz"


def test_teams_emperor_king_of_the_romans_and_the_ban() -> None:
    # ruling RR3-SC11
    sc = load_scenario()
    assert sc["politics"] == {
        "emperor": "charles_v",
        "king_of_romans": None,  # RR3-SC04: the office of designated successor is vacant in 1524
        "banned": ["martin_luther", "ulrich_of_wurttemberg"],
    }
    assert sc["states"]["wurttemberg"]["banned"] and sc["states"]["wurttemberg"]["ruler"] == "ulrich_of_wurttemberg"
    assert [s for s, v in sc["states"].items() if v["banned"]] == ["wurttemberg"]
    assert sc["characters"]["martin_luther"]["religion"] == "lutheran"


# --- families ---------------------------------------------------------------------------------------------------


def test_teams_non_played_family_members_and_rulers_are_present() -> None:
    chars = load_scenario()["characters"]
    for cid in (
        "mary_tudor", "catherine_of_aragon", "dauphin_francis", "henry_of_orleans", "charles_of_angouleme",
        "anne_of_bohemia", "mary_of_hungary", "isabella_of_portugal", "hermann_of_wied", "richard_of_greiffenklau",
        "ulrich_of_wurttemberg", "martin_luther", "joanna_of_castile", "christian_ii", "john_the_steadfast",
    ):  # fmt: skip
        assert cid in chars and not chars[cid]["played"], cid
    assert chars["mary_tudor"]["parents"] == ["henry_viii", "catherine_of_aragon"]
    assert chars["ferdinand"]["spouse"] == "anne_of_bohemia" and chars["louis_ii"]["spouse"] == "mary_of_hungary"
    assert chars["isabella_of_portugal"]["spouse"] is None and chars["charles_v"]["spouse"] is None


def test_teams_birth_years_of_the_principal_characters() -> None:
    # ruling RR3-SC09
    chars = load_scenario()["characters"]
    born = {"henry_viii": 1491, "francis_i": 1494, "charles_v": 1500, "ferdinand": 1503, "louis_ii": 1506,
            "clement_vii": 1478, "martin_luther": 1483, "philip_of_hesse": 1504, "alessandro_de_medici": 1510,
            "catherine_of_aragon": 1485, "mary_tudor": 1516, "isabella_of_portugal": 1503}  # fmt: skip
    assert {cid: chars[cid]["born"] for cid in born} == born


def test_teams_living_marriages_are_reciprocal_and_claude_is_dead() -> None:
    chars = load_scenario()["characters"]
    for cid, c in chars.items():
        if c["spouse"] and c["alive"] and chars[c["spouse"]]["alive"]:
            assert chars[c["spouse"]]["spouse"] == cid
    assert not chars["claude_of_france"]["alive"] and chars["francis_i"]["spouse"] is None  # RR3-SC06: a widower


def dynasty() -> dict[str, dynasties.Character]:
    return {
        cid: dynasties.Character(name=cid, sex=c["sex"], born=c["born"], family=c["family"], played=c["played"],
                                 alive=c["alive"], spouse=c["spouse"], parents=tuple(c["parents"]), cleric=c["cleric"])
        for cid, c in load_scenario()["characters"].items()
    }  # fmt: skip


def test_teams_heirs_follow_from_the_parents_recorded() -> None:
    """Handbook, *Death*: the dead player becomes the heir, or the regent of an heir under sixteen (RR3-D02)."""
    people = dynasty()
    henry = dynasties.succession(people, "henry_viii", 1525)
    assert henry.heir == "mary_tudor" and henry.regency  # FitzRoy is illegitimate: no parents link (RR3-SC08)
    assert dynasties.succession(people, "francis_i", 1525).heir == "dauphin_francis"
    assert dynasties.succession(people, "joachim_i", 1525).heir == "joachim_ii"
    assert dynasties.succession(people, "charles_v", 1525).new_character  # no legitimate child in 1524


# --- finance, religion, armies and fleets ----------------------------------------------------------------------


def test_teams_every_card_holder_is_a_played_character_of_its_team_and_state() -> None:
    # rulings RR3-SC03, RR3-SC05
    sc = load_scenario()
    for cid, card in sc["cards"].items():
        holder = sc["characters"][card["holder"]]
        assert holder["played"] and holder["team"] == card["team"], cid
        assert sc["states"][card["state"]]["team"] == card["team"], cid
        assert cid in sc["teams"][card["team"]]["cards"]
    assert sorted(c for t in sc["teams"].values() for c in t["cards"]) == sorted(sc["cards"])


def test_teams_every_played_state_has_revenue_cards_and_italian_loans_go_to_non_italian_teams() -> None:
    # ruling RR3-SC03
    sc = load_scenario()
    for sid, s in sc["states"].items():
        if s["team"] is not None:
            kinds = {c["kind"] for c in sc["cards"].values() if c["state"] == sid}
            assert "subsidy" in kinds, sid
    for card in sc["cards"].values():
        if card["kind"] == "italian_loan":
            assert card["state"] not in finance.ITALIAN_STATES
    # "A maximum of one card of each type can be played per turn": more than six of a kind could never be played.
    counts: dict[tuple[str, str], int] = {}
    for card in sc["cards"].values():
        counts[card["holder"], card["kind"]] = counts.get((card["holder"], card["kind"]), 0) + 1
    assert max(counts.values()) <= 6


def test_teams_lutherans_and_papacy_hold_debating_cards_for_all_four_issues() -> None:
    teams = load_scenario()["teams"]
    for team in ("lutherans", "papacy"):
        assert set(teams[team]["debating"]) == set(religion.ISSUES)
        for issue in religion.ISSUES:
            values = teams[team]["debating"][issue]
            assert values and all(1 <= v <= 6 for v in values), (team, issue)
    for team, t in teams.items():
        if team not in ("lutherans", "papacy"):
            assert all(not v for v in t["debating"].values()), team
    # RR3-SC14: the two sides are matched, card for card and in total value.
    decks = [[v for values in teams[t]["debating"].values() for v in values] for t in ("lutherans", "papacy")]
    assert len(decks[0]) == len(decks[1]) == 25 and sum(decks[0]) == sum(decks[1])
    assert teams["lutherans"]["conversion_counters"] == 4
    assert all(t["conversion_counters"] == 0 for k, t in teams.items() if k != "lutherans")
    assert all(t["heavenly"] == 0 for t in teams.values())  # RR3-RL10: all equal at the start


def test_teams_starting_armies_can_be_paid_once_and_fleets_are_the_six_of_navies() -> None:
    # rulings RR3-SC02, RR3-SC12
    sc = load_scenario()
    for army in sc["armies"]:
        state = sc["states"][army["state"]]
        if state["team"] is not None:
            assert state["treasury"] >= finance.pay_due(army["men"]), army["id"]
            assert sc["characters"][army["commander"]]["team"] == state["team"]
    assert sorted(f["state"] for f in sc["fleets"]) == sorted(["spain", "england", "venice", "genoa", "ottomans",
                                                               "north_africa"])  # fmt: skip
    for fleet in sc["fleets"]:
        navies.Fleet(fleet["id"], fleet["nation"])  # a nation with a quality


# --- validation -------------------------------------------------------------------------------------------------


def test_teams_the_file_validates_and_its_format_is_checked() -> None:
    data = raw()
    assert data["format"] == FORMAT
    data["format"] = "umpire-rr3-scenario/0"
    assert "format is 'umpire-rr3-scenario/0', expected 'umpire-rr3-scenario/1'" in error_of(data)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["states"]["england"].update(ruler=None),
         "state england: a played state (team england) needs a ruler"),
        (lambda d: d["states"]["england"].update(ruler="francis_i"),
         "ruler francis_i is not a character of team england"),
        (lambda d: d["states"]["savoy"].update(ruler="nobody"), "state savoy: ruler 'nobody' is an unknown character"),
        (lambda d: d["states"]["savoy"].update(team="savoyards"), "state savoy: team 'savoyards' is an unknown team"),
        (lambda d: d["states"]["savoy"].update(team="france"), "state savoy: team is 'france', expected None"),
        (lambda d: d["states"].pop("milan"), "states: missing played state(s) milan"),
        (lambda d: d["states"]["cologne"].update(elector=False), "the electors are"),
        (lambda d: d["states"]["genoa"].update(italian_bank=True), "the Italian banks are"),
        (lambda d: d["teams"].pop("denmark"), "teams: missing team(s) denmark"),
        (lambda d: d["teams"].update(sweden=d["teams"]["denmark"]), "teams: unknown key(s) sweden"),
        (lambda d: d["teams"]["england"]["characters"].append("nobody"),
         "team england: character 'nobody' is an unknown character"),
        (lambda d: d["teams"]["france"]["characters"].append("henry_viii"),
         "team france: character henry_viii names team 'england', expected 'france'"),
        (lambda d: (d["characters"]["henry_viii"].pop("team"), d["teams"]["france"]["characters"].append("henry_viii")),
         "team france: character henry_viii is also in team england; one team each"),
        (lambda d: d["teams"]["england"]["cards"][0].update(holder="francis_i"),
         "team england: cards #1: holder francis_i is not a character of team england"),
        (lambda d: d["teams"]["england"]["cards"][0].update(holder="mary_tudor"),
         "holder mary_tudor is not a character of team england"),
        (lambda d: d["teams"]["england"]["cards"][0].update(state="france"),
         "team england: cards #1: state france is not a state of team england"),
        (lambda d: d["teams"]["england"]["cards"].append({"holder": "henry_viii", "state": "england", "loan": 1}),
         "team england: cards #3: duplicate entry for holder henry_viii and state england"),
        (lambda d: d["teams"]["england"]["cards"][0].update(gift=1), "team england: cards #1: unknown key(s) gift"),
        (lambda d: d["teams"]["lutherans"]["debating"].update(predestination=[3]),
         "team lutherans: debating: unknown key(s) predestination"),
        (lambda d: d["teams"]["papacy"]["debating"]["transubstantiation"].append(7),
         "team papacy: debating: transubstantiation is 7, expected 1..6"),
        (lambda d: d["characters"]["mary_tudor"].update(state="atlantis"),
         "character mary_tudor: state 'atlantis' is an unknown state"),
        (lambda d: d["characters"]["mary_tudor"].update(parents=["nobody"]),
         "character mary_tudor: parent 'nobody' is an unknown character"),
        (lambda d: d["characters"]["mary_tudor"].update(parents=["louis_ii"]),
         "parent louis_ii (born 1506) is too young (born 1516)"),
        (lambda d: d["characters"]["henry_viii"].update(spouse="eleanor"),
         "character henry_viii: spouse eleanor is married to None, expected 'henry_viii'"),
        (lambda d: d["characters"]["wolsey"].update(spouse="eleanor"), "a cleric has no spouse"),
        (lambda d: d["characters"]["wolsey"].update(offices=["pope_elect"]), "office 'pope_elect' is unknown"),
        (lambda d: d["characters"]["wolsey"].update(religion="anabaptist"),
         "character wolsey: religion is 'anabaptist'"),
        (lambda d: d["characters"]["wolsey"].update(born=1300), "character wolsey: born is 1300, expected 1400..1524"),
        (lambda d: d["characters"]["wolsey"].update(sex="X"), "character wolsey: sex is 'X', expected one of 'M', 'F'"),
        (lambda d: d["characters"]["claude_of_france"].update(alive=True),
         "character claude_of_france: spouse francis_i is married to None"),
        (lambda d: d["characters"]["henry_viii"].update(alive=False),
         "team england: character henry_viii is dead at the start"),
        (lambda d: d["politics"].update(emperor="kaiser"), "politics: emperor 'kaiser' is an unknown character"),
        (lambda d: d["politics"].update(banned=["martin_luther"]),
         "state wurttemberg: is banned but its ruler 'ulrich_of_wurttemberg' is not in politics.banned"),
        (lambda d: d["at_war"].append(["france", "france"]), "expected [state, state] of two different states"),
        (lambda d: d["at_war"].append(["france", "atlantis"]), "state 'atlantis' is an unknown state"),
        (lambda d: d["armies"].append(dict(d["armies"][0])), "army spain_1: duplicate army id spain_1"),
        (lambda d: d["armies"][0].update(state="atlantis"), "army spain_1: state 'atlantis' is an unknown state"),
        (lambda d: d["armies"][0].update(commander="francis_i"),
         "army spain_1: commander francis_i is not a character of team habsburgs"),
        (lambda d: d["armies"][2].update(commander="francis_i"),
         "army ottomans_1: commander francis_i is not a character of non-played state ottomans"),
        (lambda d: d["armies"][0].update(men=20500), "army spain_1: men is 20500, expected a multiple of 1,000"),
        (lambda d: d["armies"][0].update(nation="german"), "army spain_1: nation is 'german'"),
        (lambda d: d["armies"][0].update(area="capital:atlantis"), "army spain_1: area 'atlantis' is an unknown state"),
        (lambda d: d["fleets"][0].update(state="france"), "fleet spain_fleet: state france has no fleet"),
        (lambda d: d["fleets"][0].update(nation="danish"), "fleet spain_fleet: nation is 'danish'"),
        (lambda d: d["fleets"].append(dict(d["fleets"][0])), "fleet spain_fleet: duplicate fleet id spain_fleet"),
    ],
)  # fmt: skip
def test_teams_validation_errors(mutate: Any, message: str) -> None:
    data = raw()
    mutate(data)
    assert message in error_of(data)


def test_teams_duplicate_ids_in_the_file_text_are_refused() -> None:
    text = resources.files("umpire.games.rr3").joinpath("data/scenario1524.json").read_text(encoding="utf-8")
    doubled = text.replace('"characters": {\n', '"characters": {\n  "wolsey": {},\n', 1)
    assert doubled != text
    with pytest.raises(IllegalAction, match="duplicate id 'wolsey'"):
        parse_scenario(doubled)
    with pytest.raises(IllegalAction, match="not valid JSON"):
        parse_scenario(text[:-3])


# --- the initial state ------------------------------------------------------------------------------------------


def test_teams_initial_state_from_a_map() -> None:
    geo = scenario_map()
    st = initial_state(geo)
    assert set(st) == {"teams", "cards", "states", "characters", "areas", "cities", "armies", "fleets", "emperor",
                       "king_of_romans", "banned", "treaties", "grievances", "players"}  # fmt: skip
    assert st["areas"]["a_england"] == {
        "owner": "england", "religion": "catholic", "minority": None, "revolt": False, "looted": False,
        "extorted": False, "purge_attempts": 0, "counters": 0,
    }  # fmt: skip
    for cid, city in st["cities"].items():
        assert city["garrison"] == 1_000 * geo.cities[cid].fort and city["fort"] == geo.cities[cid].fort
        assert city["owner"] == geo.areas[geo.cities[cid].area].state and city["besieged_by"] == []
    assert st["states"]["france"]["home"] == ["a_france"] and st["states"]["france"]["unrest"] == 0
    assert "france" in st["states"]["spain"]["at_war_with"] and "spain" in st["states"]["france"]["at_war_with"]
    assert st["armies"]["spain_1"]["area"] == "a_milan" and st["armies"]["france_1"]["area"] == "a_savoy"
    assert st["armies"]["ottomans_1"]["area"] == "a_ottomans" and st["armies"]["spain_1"]["team"] == "habsburgs"
    assert st["fleets"]["spain_fleet"]["port"] == "c_naples" and st["fleets"]["england_fleet"]["port"] == "c_england"
    assert all(card["played"] is None for card in st["cards"].values())
    assert st["emperor"] == "charles_v" and st["treaties"] == [] and st["grievances"] == []
    assert st["teams"]["england"]["brief"]["confidential"]


def test_teams_initial_state_is_deterministic_and_does_not_share_the_scenario() -> None:
    geo = scenario_map()
    first = initial_state(geo)
    first["states"]["england"]["treasury"] = 999
    first["characters"]["henry_viii"]["parents"].append("x")
    second = initial_state(geo)
    assert second["states"]["england"]["treasury"] == load_scenario()["states"]["england"]["treasury"]
    assert second["characters"]["henry_viii"]["parents"] == []
    assert canonical_json(initial_state(geo)) == canonical_json(second)


def test_teams_initial_state_refuses_a_map_that_disagrees() -> None:
    states = sorted(load_scenario()["states"])
    stranger = {"name": "Utopia", "kind": "land", "state": "utopia", "table": "east", "pos": [10, 50]}
    with pytest.raises(IllegalAction, match="area utopia is owned by 'utopia', a state the scenario lacks"):
        initial_state(small_map(states, extra={"utopia": stranger}))
    with pytest.raises(IllegalAction, match="state milan: a played state with no area on the map small"):
        initial_state(small_map([s for s in states if s != "milan"]))


def test_teams_initial_state_places_armies_on_land_and_fleets_in_ports() -> None:
    town = {"name": "Town", "kind": "land", "state": "bavaria", "table": "east", "pos": [11, 48],
            "cities": [{"id": "landshut", "name": "Landshut", "fort": 2}]}  # fmt: skip
    geo = small_map(sorted(load_scenario()["states"]), extra={"b_inland": town})

    def fails(part: str, index: int, key: str, value: str, message: str) -> None:
        data = copy.deepcopy(load_scenario())
        data[part][index][key] = value
        with pytest.raises(IllegalAction, match=message):
            initial_state(geo, data)

    fails("armies", 0, "area", "sea", "army spain_1: area sea is a sea area, expected a land area")
    fails("armies", 0, "area", "atlantis", "army spain_1: area 'atlantis' is not on the map small")
    fails("fleets", 0, "port", "landshut", r"fleet spain_fleet: city landshut \(Landshut\) is not a port")
    fails("fleets", 0, "port", "atlantis", "fleet spain_fleet: port 'atlantis' is not a city on the map small")
    data = copy.deepcopy(load_scenario())
    data["armies"][0]["area"] = "b_inland"
    assert initial_state(geo, data)["armies"]["spain_1"]["area"] == "b_inland"
    nocap = small_map(sorted(load_scenario()["states"]), no_capital={"milan"})
    with pytest.raises(IllegalAction, match="army spain_1: state milan has no capital on the map small"):
        initial_state(nocap)


def test_teams_the_authored_map_and_the_scenario_agree() -> None:
    """Every state of data/map1524.json is in the scenario and every scenario state is on the map."""
    if not resources.files("umpire.games.rr3").joinpath("data/map1524.json").is_file():
        pytest.skip("data/map1524.json is not written yet")
    geo = map1524()
    st = initial_state(geo)
    on_map = set(geo.states())
    assert on_map <= set(st["states"])
    assert sorted(set(st["states"]) - on_map) == []
    assert set(st["areas"]) == {a for a, area in geo.areas.items() if area.is_land}
