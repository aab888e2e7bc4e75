"""The Europe 1615 map data (src/umpire/games/europe1615/data/map.json) against the seed (003, Europe 1615 version 3).

Each test's docstring quotes the seed section it checks.  The reconstruction decisions the seed does not settle are
in docs/rulings/europe1615.md.
"""

from __future__ import annotations

import json
from collections import deque
from typing import Any

import pytest

from umpire.diplomacy.map import GameMap, build_map, load_map
from umpire.games.europe1615.mapdata import (
    MAP_PATH,
    alignment_base,
    center_values,
    check_extras,
    europe1615_map,
    home_inf,
    islamic_centers,
    minor_of_province,
    minors,
    papal_neighbours,
    power_confession,
    start_owner,
)

RAW: dict[str, Any] = json.loads(MAP_PATH.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def gm() -> GameMap:
    return europe1615_map()


def army_adjacent(gm: GameMap, a: str, b: str) -> bool:
    return b in gm.army_adj.get(a, frozenset()) and a in gm.army_adj.get(b, frozenset())


# ----------------------------------------------------------------------------------------- the validator


def test_map_the_base_loader_accepts_the_map(gm: GameMap) -> None:
    """docs/maps.md, "Validation": load_map rejects asymmetric adjacency, orphans, unreachable provinces, bad
    coasts, impossible start units and a centre owned by two powers; this map passes."""
    assert gm.id == "europe1615"
    assert gm.first_phase == "S1615M"
    assert set(gm.powers) == {"AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN"}
    assert load_map(str(MAP_PATH)) is gm  # cached: one instance per file


def test_map_the_loader_would_reject_a_broken_copy() -> None:
    """docs/maps.md, "Validation": a one-sided edge is an error naming the province."""
    broken = json.loads(MAP_PATH.read_text(encoding="utf-8"))
    broken["provinces"]["PAR"]["army"].append("LOR")
    with pytest.raises(ValueError, match="PAR lists LOR for armies but LOR does not list PAR"):
        build_map(broken)


def _fleet_lists(p: str, info: dict[str, Any]) -> list[tuple[str, list[str]]]:
    if "coasts" in info:
        return [(f"{p}/{c}", lst) for c, lst in info["coasts"].items()]
    return [(p, info.get("fleet", []))]


def test_map_adjacency_is_symmetric_per_unit_type_over_the_raw_json() -> None:
    """Issue point 3 (independent of the loader): adjacency symmetric per unit type, coasts consistent."""
    provs = RAW["provinces"]
    for p, info in provs.items():
        for n in info.get("army", []):
            assert p in provs[n].get("army", []), f"{p}-{n} army"
            assert provs[n]["type"] != "sea" and info["type"] != "sea"
    fleet: dict[str, list[str]] = {}
    for p, info in provs.items():
        if info["type"] == "land":
            assert "fleet" not in info and "coasts" not in info, p
            continue
        for loc, lst in _fleet_lists(p, info):
            fleet[loc] = lst
    for loc, lst in fleet.items():
        for n in lst:
            assert n in fleet, f"{loc} names {n}, which is no fleet location"
            assert loc in fleet[n], f"{loc}-{n} fleet"


def test_map_every_province_is_reachable_and_none_is_an_orphan() -> None:
    """Issue point 3: every province reachable (by land and sea together), no orphans; by land alone there are
    exactly two landmasses, the British Isles (Ireland joined to Scotland by the strait) and the continent
    (Morocco joined to Andalusia by the strait); every sea and coast is reachable by a fleet."""
    # ruling E1615-M18
    provs = RAW["provinces"]

    def component(start: str, nbrs: dict[str, list[str]]) -> set[str]:
        seen, todo = {start}, deque([start])
        while todo:
            for n in nbrs[todo.popleft()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    army = {p: v["army"] for p, v in provs.items() if v["type"] != "sea"}
    assert all(army.values()), [p for p, v in army.items() if not v]
    britain = component("LON", army)
    assert britain == {"IRE", "SCOT", "CUM", "YOR", "WAL", "LON", "COR"}
    assert component("PAR", army) == set(army) - britain
    assert "SUL" in component("PAR", army)
    fleet: dict[str, list[str]] = {}
    for p, info in provs.items():
        if info["type"] != "land":
            fleet.update(_fleet_lists(p, info))
    assert all(fleet.values()), [p for p, v in fleet.items() if not v]
    assert component("NTH", fleet) == set(fleet)
    union = {p: list(army.get(p, [])) for p in provs}
    for loc, lst in fleet.items():
        union[loc.split("/")[0]] += [n.split("/")[0] for n in lst]
    assert component("PAR", union) == set(provs)


def test_map_every_province_carries_the_documented_keys() -> None:
    """Issue point 1 / docs/maps.md: every province has name, type, center, home and pos; value on centres only
    (the loader refuses a value on a non-centre); pos is [longitude, latitude] within Europe and its rim."""
    # ruling E1615-M22 (pos)
    for p, info in RAW["provinces"].items():
        assert {"name", "type", "center", "home", "pos"} <= set(info), p
        assert ("value" in info) == info["center"], p
        lon, lat = info["pos"]
        assert -25 <= lon <= 40 and 30 <= lat <= 70, p
    assert 100 <= len(RAW["provinces"]) <= 140


def test_map_the_variant_section_is_consistent(gm: GameMap) -> None:
    """Issue point 3: every centre owned by at most one nation at the start (powers and minor states alike); the
    minor states' units and centres on their own provinces; values 1 to 10."""
    # rulings E1615-M01, E1615-M02
    assert check_extras(gm) == []


def test_map_every_centre_has_a_value_from_one_to_ten(gm: GameMap) -> None:
    """Seed, "Gain and loss of influence": "The values of the centers are given on the map, ranging from 1 to 10"."""
    values = center_values(gm)
    assert values and all(1 <= v <= 10 for v in values.values())


# --------------------------------------------------------------------------------- the powers' home centres


@pytest.mark.parametrize(
    ("power", "inf", "confession"),
    [
        ("ENGLAND", 17, "protestant"),
        ("DENMARK", 18, "protestant"),
        ("SPAIN", 23, "catholic"),
        ("FRANCE", 21, "catholic"),
        ("AUSTRIA", 18, "catholic"),
    ],
)
def test_map_home_centre_values_add_up_to_the_first_year_inf(
    gm: GameMap, power: str, inf: int, confession: str
) -> None:
    """Seed, "INFs available/allocated per year": England 17, Denmark 18 (Protestant); Spain 23, France 21, Austria 18
    (Catholic).  "Home centers": "The sum of the values in each home center for a given power adds up to the
    number of INFs allocated/available for the first year"."""
    # rulings E1615-M06, E1615-M07
    assert home_inf(gm, power) == inf
    assert gm.extra["first_year_inf"][power] == inf
    assert power_confession(gm, power) == confession
    assert set(gm.start_centers[power]) == set(gm.homes[power])


def test_map_the_first_year_attack_order_follows_the_inf_table(gm: GameMap) -> None:
    """Seed, "Sequence of attacks": "(1) England attacks first (least influential), then (2) Austria, (3) Denmark,
    (4) France, and finally (5) Spain (most influential)" -- the INF table's order (Austria and Denmark tie)."""
    order = ["ENGLAND", "AUSTRIA", "DENMARK", "FRANCE", "SPAIN"]
    infs = [home_inf(gm, p) for p in order]
    assert infs == sorted(infs)


def test_map_the_french_example_submission_fits_the_board(gm: GameMap) -> None:
    """Seed, "Writing the orders", France's example: NORM S PAR-CHA, PAR-CHA, BRIT HOLD, PRO S SAV HOLD: French units
    in NORM, PAR, BRIT and PRO; PAR and NORM reach CHA by land; PRO reaches SAV."""
    # ruling E1615-M05
    units = {u.split()[1]: u.split()[0] for u in gm.start_units["FRANCE"]}
    assert set(units) == {"NORM", "PAR", "BRIT", "PRO"}
    assert {"NORM", "PAR", "BRIT", "PRO"} <= set(gm.homes["FRANCE"])
    assert units["PAR"] == "A" and units["NORM"] == "A" and units["PRO"] == "A"  # they move or support by land
    assert army_adjacent(gm, "PAR", "CHA") and army_adjacent(gm, "NORM", "CHA")
    assert army_adjacent(gm, "PRO", "SAV")
    assert start_owner(gm)["CHA"] == "FRANCE"


def test_map_the_french_example_minor_units_fit_the_board(gm: GameMap) -> None:
    """France's example orders minor units: SAV HOLD, WUR HOLD, RHI HOLD, BRU S SAX HOLD (Lower Saxony's unit in
    BRU), LOR S PAR-CHA; with INFs to WUR, RHI, LOWR, LOR and SAV."""
    ms = minors(gm)
    for state, loc in [("SAV", "SAV"), ("WUR", "WUR"), ("RHI", "RHI"), ("LOWR", "BRU"), ("LOR", "LOR")]:
        assert any(u.split()[1] == loc for u in ms[state].units), state
        assert ms[state].pliant
    assert ms["SAX"].units == ("A SAX",)
    assert army_adjacent(gm, "BRU", "SAX")
    assert army_adjacent(gm, "LOR", "CHA")


def test_map_guyenne_and_bohemia_are_home_centres(gm: GameMap) -> None:
    """Seed, "Huguenot rebellion": "Although in revolt, Guyenne still serves as a supply center for France";
    "Bohemian revolt": "Although in revolt, Bohemia still serves as a supply center for Austria"."""
    # rulings E1615-M05, E1615-M06
    assert gm.provinces["GUY"].home == "FRANCE"
    assert gm.provinces["BOH"].home == "AUSTRIA"


# ------------------------------------------------------------------------------------------ the minor states


def test_map_saxony_brandenburg_mecklenburg_values(gm: GameMap) -> None:
    """Seed, "Scoring phase": Saxony aligned with Austria is worth 17 VPs (12 + 5); "Brandenburg holds Mecklenburg ...
    (2 + 1 = 3) and add 12, giving 15"."""
    # ruling E1615-M15
    values = center_values(gm)
    ms = minors(gm)
    assert [values[c] for c in ms["SAX"].centers] == [5]
    assert 12 + alignment_base(gm, "SAX") == 17
    assert alignment_base(gm, "BRA") == 2 and alignment_base(gm, "MEC") == 1
    assert 12 + alignment_base(gm, "BRA") + alignment_base(gm, "MEC") == 15


def test_map_poland_alignment_is_worth_24(gm: GameMap) -> None:
    """Seed, "An alignment with Poland, for example, would be worth 24 VPs (12 + 9 + 3)"; "Poland and Sweden": "They
    each begin with two centers and two units"."""
    # ruling E1615-M08
    values = center_values(gm)
    poln, swe = minors(gm)["POLN"], minors(gm)["SWE"]
    assert sorted(values[c] for c in poln.centers) == [3, 9]
    assert 12 + alignment_base(gm, "POLN") == 24
    for state in (poln, swe):
        assert len(state.centers) == 2 and len(state.units) == 2, state.id
        assert state.kind == "kingdom" and state.pliant
    assert "WAR" in poln.centers and "STO" in swe.centers


def test_map_lithuania_and_livonia_become_pliant_when_the_capitals_fall(gm: GameMap) -> None:
    """Seed, "Poland and Sweden": "If Warsaw is captured, Lithuania/Vilnius becomes a pliant minor state ... If
    Stockholm is captured, Livonia becomes a pliant minor state"."""
    # ruling E1615-M08
    ms = minors(gm)
    lit, liv = ms["LIT"], ms["LIV"]
    assert (lit.pliant, lit.pliant_after_capture, lit.part_of) == (False, "WAR", "POLN")
    assert (liv.pliant, liv.pliant_after_capture, liv.part_of) == (False, "STO", "SWE")
    assert "Vilnius" in gm.provinces["LIT"].name or lit.name == "Lithuania"
    assert set(lit.centers) <= set(ms["POLN"].centers) and set(liv.centers) <= set(ms["SWE"].centers)


def test_map_the_papal_states(gm: GameMap) -> None:
    """Seed, "Pliant minor states", note: "The Catholic powers, only, may deploy INFs & submit orders to the Papal
    States (PAPL) which consists of the provinces of Rome (ROM) and the Marche (MAR)"; "Catholics cannot score
    on the Papal States as they are permanently marked Catholic"."""
    papl = minors(gm)["PAPL"]
    assert set(papl.provinces) == {"ROM", "MAR"}
    assert (gm.provinces["ROM"].name, gm.provinces["MAR"].name) == ("Rome", "Marche")
    assert papl.deploy_only == "catholic" and papl.permanent_marker == "catholic"
    assert "ROM" in papl.centers


def test_map_the_provinces_next_to_the_papal_states(gm: GameMap) -> None:
    """Seed, "Rules concerning Christian and Islamic units": "the Papal States (ROM and MAR) or adjacent provinces (VEN,
    PIA, TUS, and NAP)"."""
    # rulings E1615-M13, E1615-M19
    assert papal_neighbours(gm) == {"VEN", "PIA", "TUS", "NAP"}


def test_map_lower_saxony_and_brandenburg_have_two_provinces(gm: GameMap) -> None:
    """Note: "Lower Saxony consists of two provinces: Bremen and Brunswick-Lunenburg (BRU). Brandenburg consists
    of two provinces: Brandenburg (BRA) and Pomerania (POM)"."""
    # ruling E1615-M10
    ms = minors(gm)
    assert set(ms["LOWR"].provinces) == {"BRE", "BRU"}
    assert gm.provinces["BRE"].name == "Bremen" and gm.provinces["BRU"].name == "Brunswick-Lunenburg"
    assert set(ms["BRA"].provinces) == {"BRA", "POM"}
    assert gm.provinces["POM"].name == "Pomerania"


def test_map_switzerland_franconia_and_morocco_have_no_unit_centre_or_value(gm: GameMap) -> None:
    """Seed, "Switzerland, Franconia, and the Sultanate of Morocco are the only pliant minor states that do not have
    units or centers or values. However, INFs may be deployed to these states"."""
    ms = minors(gm)
    empty = {m.id for m in ms.values() if m.pliant and not m.centers}
    assert empty == {"SWI", "FRA", "SUL"}
    for mid in ("SWI", "FRA", "SUL"):
        assert ms[mid].units == () and not any(gm.provinces[p].center for p in ms[mid].provinces)
    for m in ms.values():
        if m.pliant and m.id not in empty:
            assert m.units and m.centers, m.id


def test_map_the_ottoman_empire(gm: GameMap) -> None:
    """Seed, "Suggesting moves for the Ottomans": "The Ottoman Empire (Ot) spans over several provinces and has two
    Balkan units in its military service: A(RUM), and A(SER)" (SER-BOS is a move); "An alignment score cannot be
    awarded for the Ottomans"; "Ottoman expansion into Europe: ... 5 Christian centers (for a total of 7 centers
    or more)" -- so the Ottomans start with two centres."""
    # ruling E1615-M11
    ott = minors(gm)["OTTOMAN"]
    assert ott.units == ("A RUM", "A SER")
    assert len(ott.provinces) >= 5 and {"RUM", "SER", "BOS"} <= set(ott.provinces)
    assert len(ott.centers) == 2
    assert not ott.pliant and ott.kind == "empire" and ott.abbreviation == "Ot"
    assert army_adjacent(gm, "SER", "BOS")


def test_map_the_islamic_states(gm: GameMap) -> None:
    """Seed, "Religious/confessional status": "Islamic states cannot receive these markers"; the Ottomans and the North
    African states (the Ecclesiastical reservation's "North African states", one of them the Sultanate of
    Morocco) are the Islamic states."""
    ms = minors(gm)
    islamic = {m.id for m in ms.values() if m.islamic}
    north_african = {m.id for m in ms.values() if m.region == "north_african"}
    assert "SUL" in north_african and len(north_african) >= 2
    assert islamic == north_african | {"OTTOMAN"}
    assert islamic_centers(gm) == {c for mid in islamic for c in ms[mid].centers}


def test_map_confessions_follow_the_sanctions(gm: GameMap) -> None:
    """Seed, "Protestant Union" (RHI, HES, BRA, WUR), "Catholic League" (BAV, FRA, WES), Saxon, Bethlen's, Dutch and
    Gustav's interventions, "Polish intervention", "Irish Catholic rebellion": the states of 1615 as the
    sanctions see them."""
    # rulings E1615-M03, E1615-M14
    ms = minors(gm)
    for mid in ("RHI", "HES", "BRA", "WUR", "SAX", "TRA", "DUT", "SWE", "LOWR", "MEC", "PRU", "SCOT"):
        assert ms[mid].confession == "protestant", mid
    for mid in ("BAV", "FRA", "WES", "POLN", "IRE", "PAPL", "LOR", "SAV", "VEN", "TUS", "PIA", "CAT"):
        assert ms[mid].confession == "catholic", mid
    assert ms["DUT"].retreat_sanction == "DUTCH_INTERVENTION"
    assert ms["SWE"].retreat_sanction == "GUSTAV_INTERVENTION"
    assert ms["POLN"].retreat_sanction == "POLISH_INTERVENTION"


def test_map_the_states_the_ecclesiastical_reservation_excludes(gm: GameMap) -> None:
    """Seed, "Ecclesiastical reservation cannot be applied to the Papal States, Dutch Provinces, the Iberian states,
    Sweden, Poland, southeastern European states (TRA and MOL), North African states, Ireland, and Scotland" --
    every other pliant state is German or Italian."""
    ms = minors(gm)
    assert {m.id for m in ms.values() if m.region == "southeast"} == {"TRA", "MOL"}
    assert {m.id for m in ms.values() if m.region == "iberian"} >= {"CAT"}
    assert ms["IRE"].region == ms["SCOT"].region == "british"
    excluded = {"PAPL", "DUT", "SWE", "POLN", "IRE", "SCOT", "TRA", "MOL"}
    excluded |= {m.id for m in ms.values() if m.region in ("iberian", "north_african")}
    others = {m.id for m in ms.values() if m.pliant and m.id not in excluded}
    assert others and all(ms[mid].region in ("german", "italian") for mid in others)


def test_map_no_province_has_two_owners_and_only_three_are_unowned(gm: GameMap) -> None:
    """Issue point 3 and "ABANDONMENT": provinces are held by a power or a state; the few left unowned are
    passable, unmarked provinces."""
    # ruling E1615-M17
    owner = start_owner(gm)
    assert {p for p, o in owner.items() if o is None} == {"JUL", "NOV", "MOS"}
    assert minor_of_province(gm)["BRU"] == "LOWR" and minor_of_province(gm)["MAR"] == "PAPL"


# ------------------------------------------------------------------------------------------ the board itself


def test_map_free_passage_across_the_two_straits(gm: GameMap) -> None:
    """Seed, "Special notes about movement on the board": "Army units and fleets may freely move between IRE and SCOT,
    and between ANDL and SUL"."""
    # ruling E1615-M20
    for a, b in (("IRE", "SCOT"), ("ANDL", "SUL")):
        assert army_adjacent(gm, a, b)
        assert b in gm.fleet_adj[a] and a in gm.fleet_adj[b]
    pairs = {tuple(sorted(c["between"])) for c in gm.extra["crossings"]}
    assert pairs == {("IRE", "SCOT"), ("ANDL", "SUL")}


def test_map_holstein_has_two_coasts_and_is_the_only_split_province(gm: GameMap) -> None:
    """Seed, "Holstein (HOL) has two separate coasts and players must specify which side the fleet moves to"."""
    # ruling E1615-M20
    assert gm.provinces["HOL"].name == "Holstein"
    assert set(gm.coasts) == {"HOL"}
    assert len(gm.coasts["HOL"]) == 2
    west, east = "HOL/WC", "HOL/EC"
    assert "HEL" in gm.fleet_adj[west] and "SOB" in gm.fleet_adj[east]
    assert "HEL" not in gm.fleet_adj[east] and "SOB" not in gm.fleet_adj[west]


def test_map_the_forced_march_example(gm: GameMap) -> None:
    """Seed, "Forced march": "A(SWI) - WUR || WUR S RHI-HES": an army in SWI moves to WUR and from there supports RHI
    into HES."""
    assert gm.is_location("SWI", "A")
    assert army_adjacent(gm, "SWI", "WUR")
    assert army_adjacent(gm, "WUR", "HES") and army_adjacent(gm, "RHI", "HES")


def test_map_rome_and_stockholm_and_warsaw(gm: GameMap) -> None:
    """Seed, "Automatic Protestant victory" (a Protestant power capturing ROM); Gustav's and the Polish intervention
    last while Stockholm and Warsaw have not been captured: all three are centres."""
    assert {"ROM", "STO", "WAR"} <= gm.centers
    assert gm.provinces["STO"].name == "Stockholm" and gm.provinces["WAR"].name == "Warsaw"


# Every abbreviation the seed uses, with the meaning the seed gives it (or, for a bare abbreviation, the
# meaning its context requires).  Kind: "p" a province, "s" a state of the minors section, "ps" both.
SEED_ABBREVIATIONS = {
    "WUR": ("ps", "Wuerttemberg"),
    "RHI": ("ps", "Rhineland"),
    "LOWR": ("s", "Lower Saxony"),
    "LOR": ("ps", "Lorraine"),
    "SAV": ("ps", "Savoy"),
    "NORM": ("p", "Normandy"),
    "PAR": ("p", "Paris"),
    "CHA": ("p", "Champagne"),
    "BRIT": ("p", "Brittany"),
    "PRO": ("p", "Provence"),
    "BRU": ("p", "Brunswick-Lunenburg"),
    "SAX": ("ps", "Saxony"),
    "PAPL": ("s", "Papal States"),
    "ROM": ("p", "Rome"),
    "MAR": ("p", "Marche"),
    "BRA": ("ps", "Brandenburg"),
    "POM": ("p", "Pomerania"),
    "SWE": ("s", "Sweden"),
    "POLN": ("s", "Poland"),
    "RUM": ("p", "Rumelia"),
    "SER": ("p", "Serbia"),
    "BOS": ("p", "Bosnia"),
    "TRA": ("ps", "Transylvania"),
    "MOL": ("ps", "Moldavia"),
    "DUT": ("ps", "Dutch Provinces"),
    "BAV": ("ps", "Bavaria"),
    "FRA": ("ps", "Franconia"),
    "WES": ("ps", "Westphalia"),
    "HES": ("ps", "Hesse"),
    "BOH": ("p", "Bohemia"),
    "GUY": ("p", "Guyenne"),
    "HOL": ("p", "Holstein"),
    "IRE": ("ps", "Ireland"),
    "SCOT": ("ps", "Scotland"),
    "ANDL": ("p", "Andalusia"),
    "SUL": ("ps", "Sultanate of Morocco"),
    "VEN": ("ps", "Venice"),
    "PIA": ("ps", "Parma and Piacenza"),
    "TUS": ("ps", "Tuscany"),
    "NAP": ("p", "Naples"),
    "SWI": ("ps", "Switzerland"),
    "STO": ("p", "Stockholm"),
    "WAR": ("p", "Warsaw"),
    "CAT": ("ps", "Catalonia"),
    "MEC": ("ps", "Mecklenburg"),
    "PRU": ("ps", "Prussia"),
    "LIT": ("ps", "Lithuania"),
    "LIV": ("ps", "Livonia"),
}


@pytest.mark.parametrize("abbr", sorted(SEED_ABBREVIATIONS))
def test_map_every_seed_abbreviation_exists_with_its_meaning(gm: GameMap, abbr: str) -> None:
    """Issue point 2: every abbreviation the seed uses (the example submission, the notes on PAPL, LOWR and BRA,
    the Ottoman units, the sanctions, the special notes on movement) and every state the sanctions name
    (Catalonia, Ireland, Scotland, Prussia, Mecklenburg, Lithuania, Livonia) exists with that meaning."""
    # ruling E1615-M04
    kind, name = SEED_ABBREVIATIONS[abbr]
    ms = minors(gm)
    if "p" in kind:
        assert abbr in gm.provinces, abbr
        assert gm.provinces[abbr].name == name
    if "s" in kind:
        assert abbr in ms, abbr
        assert ms[abbr].name == name


def test_map_the_nations_of_the_sanctions_exist(gm: GameMap) -> None:
    """The sanctions name the Iberian states, the North African states, Ireland and Scotland, Sweden, Poland and
    the Ottomans ("Ottoman neutrality"); the map holds a state for each."""
    ms = minors(gm)
    assert {"CAT", "IRE", "SCOT", "SWE", "POLN", "OTTOMAN", "SUL"} <= set(ms)
    assert any(m.region == "iberian" for m in ms.values())
    assert sum(m.region == "north_african" for m in ms.values()) >= 2
