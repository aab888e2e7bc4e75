"""Europe 1615 influence rules (seed 003: INFLUENCE, Political status, religious markers, THE DIPLOMATIC ATTACK,
Suggesting moves for the Ottomans), with the seed's worked examples."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.diplomacy.map import load_map
from umpire.games.europe1615.influence import (
    CATHOLIC,
    FIRST_YEAR_INF,
    FIRST_YEAR_ORDER,
    PROTESTANT,
    Attack,
    Markers,
    Status,
    apply_deployments,
    attack_order,
    base_may_deploy,
    confessional_majority,
    deployment_errors,
    most_influential,
    ottoman_order,
    ottoman_tally,
    political_status,
    religious_markers,
    remaining_inf,
    remove_power,
    resolve_attacks,
    yearly_allocation,
)

# Made-up home centres whose values add up to the seed's first-year INFs (the real ones are on the map).
DENMARK_HOMES = {"COP": 10, "SKA": 4, "NOR": 4}
AUSTRIA_HOMES = {"VIE": 9, "BOH": 5, "HUN": 4}
VALUES = {**DENMARK_HOMES, **AUSTRIA_HOMES, "SAX": 5}


# ------------------------------------------------------------------------------------------ allocation


def test_influence_first_year_allocation_is_the_sum_of_home_centre_values() -> None:
    got = yearly_allocation(DENMARK_HOMES, DENMARK_HOMES.keys(), VALUES)
    assert got.total == FIRST_YEAR_INF["DENMARK"] == 18
    assert (got.home, got.captured, got.lost_home) == (18, 0, 0)


def test_influence_seed_example_denmark_captures_saxony_gains_5_inf_and_austria_takes_it_back() -> None:
    """Seed, "Explanation and examples": Denmark capturing Saxony earns 5 INFs; if Austria then captures Saxony,
    Austria gains the 5 INFs and Denmark loses them."""
    denmark = yearly_allocation([*DENMARK_HOMES, "SAX"], DENMARK_HOMES.keys(), VALUES)
    assert (denmark.total, denmark.captured) == (23, 5)
    austria = yearly_allocation([*AUSTRIA_HOMES, "SAX"], AUSTRIA_HOMES.keys(), VALUES)
    assert austria.total == 18 + 5
    assert yearly_allocation(DENMARK_HOMES, DENMARK_HOMES.keys(), VALUES).total == 18


def test_influence_losing_a_home_centre_loses_its_value() -> None:
    got = yearly_allocation(["COP", "SKA"], DENMARK_HOMES.keys(), VALUES)
    assert (got.total, got.lost_home) == (14, 4)


def test_influence_an_eliminated_power_receives_nothing() -> None:
    assert yearly_allocation(["SAX"], DENMARK_HOMES.keys(), VALUES, eliminated=True).total == 0


# ------------------------------------------------------------------------------------------ deployment


def test_influence_deployments_may_be_spread_but_never_exceed_the_year() -> None:
    assert remaining_inf(21, 0) == 21
    assert remaining_inf(21, 15) == 6
    assert deployment_errors("FRANCE", [("WUR", 9), ("RHI", 3)], year_total=21) == []
    assert deployment_errors("FRANCE", [("LOR", 6)], year_total=21, spent=15) == []
    errors = deployment_errors("FRANCE", [("LOR", 5), ("SAV", 2)], year_total=21, spent=15)
    assert errors == ["2 INFs to SAV: brings the deployment to 7 INFs, over the 6 left of FRANCE's 21 for this year"]


def test_influence_seed_french_example_deploys_23_of_frances_21() -> None:
    """The seed's French example deploys 9+3+1+5+5 = 23 INFs, yet France receives 21 a year: the last line is
    over the total (ruling E1615-C02)."""
    example = [("WUR", 9), ("RHI", 3), ("LOWR", 1), ("LOR", 5), ("SAV", 5)]
    assert deployment_errors("FRANCE", example, year_total=23) == []
    errors = deployment_errors("FRANCE", example, year_total=FIRST_YEAR_INF["FRANCE"])
    assert len(errors) == 1 and errors[0].startswith("5 INFs to SAV: brings the deployment to 23 INFs")


def test_influence_deployment_amounts_and_targets() -> None:
    errors = deployment_errors("ENGLAND", [("WUR", 0), ("PAPL", 2), ("XXX", 1)], year_total=17, pliant={"WUR", "PAPL"})
    assert errors == [
        "0 INFs to WUR: a deployment is a whole number of at least 1 INF",
        "2 INFs to PAPL: only the Catholic powers may deploy INFs to the Papal States (PAPL)",
        "1 INFs to XXX: XXX is not an independent pliant minor state",
    ]
    assert base_may_deploy("SPAIN", "PAPL") == (True, "")
    assert base_may_deploy("SPAIN", "SAX", eliminated={"SPAIN"})[0] is False
    assert base_may_deploy("OTTOMAN", "SAX")[0] is False


def test_influence_deployments_accumulate() -> None:
    table = apply_deployments({}, "FRANCE", [("WUR", 9), ("LOR", 5)])
    table = apply_deployments(table, "FRANCE", [("LOR", 2)])
    table = apply_deployments(table, "SPAIN", [("LOR", 4)])
    assert table == {"WUR": {"FRANCE": 9}, "LOR": {"FRANCE": 7, "SPAIN": 4}}
    assert remove_power(table, "FRANCE") == {"WUR": {}, "LOR": {"SPAIN": 4}}


# ---------------------------------------------------------------------------------------------- status


@pytest.mark.parametrize(
    ("infs", "status"),
    [
        ({}, Status("UNALIGNED")),
        ({"FRANCE": 0}, Status("UNALIGNED")),
        ({"FRANCE": 1}, Status("ALIGNED", "FRANCE")),
        ({"FRANCE": 6, "SPAIN": 4}, Status("ALIGNED", "FRANCE")),
        ({"FRANCE": 5, "SPAIN": 5}, Status("NEUTRAL")),  # the 50/50 tie
        ({"FRANCE": 10, "SPAIN": 5, "ENGLAND": 5}, Status("ALIGNED", "FRANCE")),  # exactly 50%, alone at the top
        ({"FRANCE": 5, "SPAIN": 4, "ENGLAND": 3}, Status("NEUTRAL")),  # three investors, nobody at 50%
        ({"FRANCE": 4, "SPAIN": 4, "ENGLAND": 1}, Status("NEUTRAL")),
        ({"FRANCE": 10, "SPAIN": 3, "ENGLAND": 3}, Status("ALIGNED", "FRANCE")),
        ({"FRANCE": 5, "SPAIN": 0}, Status("ALIGNED", "FRANCE")),  # reduced to nothing: no longer an investor
    ],
)
def test_minor_states_political_status(infs: dict[str, int], status: Status) -> None:
    assert political_status(infs) == status


@given(st.dictionaries(st.sampled_from(FIRST_YEAR_ORDER), st.integers(0, 40)))
def test_minor_states_status_properties(infs: dict[str, int]) -> None:
    status = political_status(infs)
    total = sum(infs.values())
    if total == 0:
        assert status.kind == "UNALIGNED"
    elif status.kind == "ALIGNED":
        assert status.power is not None
        assert 2 * infs[status.power] >= total
        assert all(n < infs[status.power] for p, n in infs.items() if p != status.power)
    else:
        assert status.kind == "NEUTRAL"
        assert all(2 * n < total or list(infs.values()).count(n) > 1 for n in infs.values())


def test_minor_states_status_text() -> None:
    assert str(Status("ALIGNED", "SPAIN")) == "ALIGNED (SPAIN)"
    assert str(Status("NEUTRAL")) == "NEUTRAL"


# --------------------------------------------------------------------------------------------- markers


def test_influence_seed_saxony_example_protestant_marker_at_twice_the_catholic_infs() -> None:
    """Seed: England and Denmark 10 INFs in Saxony, Spain and Austria 5: twice, so a Protestant marker."""
    saxony = {"ENGLAND": 6, "DENMARK": 4, "SPAIN": 3, "AUSTRIA": 2}
    assert confessional_majority(saxony) == PROTESTANT
    assert religious_markers(saxony) == Markers(PROTESTANT)
    assert confessional_majority({"ENGLAND": 6, "DENMARK": 3, "SPAIN": 3, "AUSTRIA": 2}) is None  # 9 < 2 * 5


def test_influence_markers_one_confession_alone_or_none() -> None:
    assert confessional_majority({"FRANCE": 1}) == CATHOLIC
    assert confessional_majority({"ENGLAND": 1}) == PROTESTANT
    assert confessional_majority({}) is None
    assert confessional_majority({"FRANCE": 4, "ENGLAND": 3}) is None
    assert confessional_majority({"FRANCE": 6, "ENGLAND": 3}) == CATHOLIC


def test_influence_markers_islamic_papal_reservation_and_capture() -> None:
    # ruling E1615-C06
    assert religious_markers({"FRANCE": 9}, islamic=True) == Markers()
    assert religious_markers({"ENGLAND": 9}, papal=True) == Markers(CATHOLIC)
    assert religious_markers({}, papal=True) == Markers(CATHOLIC)
    assert religious_markers({"ENGLAND": 9}, reservation=True) == Markers(None, white=True)
    assert religious_markers({"SPAIN": 9}, reservation=True) == Markers(CATHOLIC, white=True)
    assert religious_markers({"ENGLAND": 9}, captured=True) == Markers(None, grey=True, suspended=PROTESTANT)
    assert religious_markers({"ENGLAND": 2, "SPAIN": 2}, captured=True) == Markers()


# ---------------------------------------------------------------------------------- diplomatic attacks


def test_diplomatic_attack_first_year_attack_order() -> None:
    powers = ["SPAIN", "FRANCE", "DENMARK", "AUSTRIA", "ENGLAND"]
    assert attack_order(powers, allocation=FIRST_YEAR_INF, first_year=True) == list(FIRST_YEAR_ORDER)


def test_diplomatic_attack_attack_order_least_influential_first_then_centres_then_last_score() -> None:
    allocation = {"ENGLAND": 20, "DENMARK": 20, "SPAIN": 20, "FRANCE": 15, "AUSTRIA": 30}
    centres = {"ENGLAND": 5, "DENMARK": 4, "SPAIN": 5}
    last = {"ENGLAND": 30, "SPAIN": 12}
    order = attack_order(allocation, allocation=allocation, centres=centres, last_score=last)
    assert order == ["FRANCE", "DENMARK", "SPAIN", "ENGLAND", "AUSTRIA"]
    assert most_influential(["FRANCE", "DENMARK", "SPAIN"], allocation=allocation, centres=centres) == "SPAIN"


def test_diplomatic_attack_seed_lorraine_example() -> None:
    """Seed, "THE DIPLOMATIC ATTACK", example of play: England 5, France 10, Spain 10 INFs in Lorraine; England
    attacks France, France attacks Spain.  England loses all, France is reduced to 5; France's attack then
    reduces France and Spain by 5; Lorraine is left aligned with Spain alone."""
    table = {"LOR": {"ENGLAND": 5, "FRANCE": 10, "SPAIN": 10}}
    attacks = [Attack("FRANCE", "LOR", "SPAIN"), Attack("ENGLAND", "LOR", "FRANCE")]
    order = attack_order(FIRST_YEAR_INF, allocation=FIRST_YEAR_INF, first_year=True)
    after, results = resolve_attacks(table, attacks, order)
    assert [(r.attack.power, r.outcome, r.reduction) for r in results] == [
        ("ENGLAND", "resolved", 5),
        ("FRANCE", "resolved", 5),
    ]
    assert after == {"LOR": {"SPAIN": 5}}
    assert political_status(after["LOR"]) == Status("ALIGNED", "SPAIN")
    assert table == {"LOR": {"ENGLAND": 5, "FRANCE": 10, "SPAIN": 10}}  # the input is not changed


def test_diplomatic_attack_attack_void_when_the_attacker_was_already_wiped_out() -> None:
    table = {"LOR": {"ENGLAND": 5, "FRANCE": 5, "SPAIN": 10}}
    attacks = [Attack("ENGLAND", "LOR", "FRANCE"), Attack("FRANCE", "LOR", "SPAIN")]
    after, results = resolve_attacks(table, attacks, FIRST_YEAR_ORDER)
    assert after == {"LOR": {"SPAIN": 10}}
    assert results[1].outcome == "void" and results[1].reason == "FRANCE holds no INFs in LOR"


def test_diplomatic_attack_attack_void_cases() -> None:
    table = {"LOR": {"ENGLAND": 5, "FRANCE": 8}, "SAX": {"ENGLAND": 3}}
    attacks = [
        Attack("ENGLAND", "SAX", "FRANCE"),
        Attack("AUSTRIA", "LOR", "FRANCE"),
        Attack("DENMARK", "LOR", "DENMARK"),
        Attack("SPAIN", "CAP", "FRANCE"),
    ]
    after, results = resolve_attacks(table, attacks, FIRST_YEAR_ORDER, pliant={"LOR", "SAX"})
    assert after == table
    assert [r.reason for r in results] == [
        "FRANCE holds no INFs in SAX",
        "AUSTRIA holds no INFs in LOR",
        "DENMARK cannot attack itself",
        "CAP is not an independent pliant minor state",
    ]
    immune = resolve_attacks(table, [Attack("FRANCE", "LOR", "ENGLAND")], FIRST_YEAR_ORDER, immune=lambda a, t: "no")
    assert immune[1][0].reason == "no" and immune[0] == table


def test_diplomatic_attack_attack_equal_infs_both_lose_all_and_one_attack_per_power() -> None:
    after, _ = resolve_attacks({"LOR": {"ENGLAND": 7, "FRANCE": 7}}, [Attack("ENGLAND", "LOR", "FRANCE")], ["ENGLAND"])
    assert after == {"LOR": {}}
    with pytest.raises(ValueError, match="two diplomatic attacks"):
        resolve_attacks({}, [Attack("ENGLAND", "LOR", "FRANCE"), Attack("ENGLAND", "SAX", "SPAIN")], ["ENGLAND"])
    with pytest.raises(ValueError, match="attack sequence"):
        resolve_attacks({}, [Attack("ENGLAND", "LOR", "FRANCE")], ["SPAIN"])


@given(
    st.dictionaries(st.sampled_from(FIRST_YEAR_ORDER), st.integers(0, 20)),
    st.lists(st.tuples(st.sampled_from(FIRST_YEAR_ORDER), st.sampled_from(FIRST_YEAR_ORDER)), max_size=5),
)
def test_diplomatic_attack_attacks_only_ever_remove_equal_amounts(
    infs: dict[str, int], pairs: list[tuple[str, str]]
) -> None:
    attacks = {a: Attack(a, "LOR", t) for a, t in pairs}
    after, results = resolve_attacks({"LOR": infs}, attacks.values(), FIRST_YEAR_ORDER)
    removed = sum(infs.values()) - sum(after["LOR"].values())
    assert removed == 2 * sum(r.reduction for r in results)
    assert all(after["LOR"].get(p, 0) <= n for p, n in infs.items())


# ------------------------------------------------------------------------------------------- Ottomans


def test_influence_seed_serbian_example_with_the_seeds_figures() -> None:
    """Seed, "Suggesting moves for the Ottomans", with its own figures (37 Spain, 35 France, 68 with Austria)."""
    weights = {"SPAIN": 37, "FRANCE": 35, "AUSTRIA": 33}
    assert ottoman_order({"SPAIN": "SER-BOS", "FRANCE": "SER HOLD"}, weights) == "SER-BOS"
    both = {"SPAIN": "SER-BOS", "FRANCE": "SER HOLD", "AUSTRIA": "ser  hold"}
    assert ottoman_order(both, weights) == "SER HOLD"
    assert ottoman_tally(both, weights)[0] == ("SER HOLD", 68, ["AUSTRIA", "FRANCE"])


def test_influence_seed_serbian_example_with_the_inf_table() -> None:
    """The same example with the weights the rules give (the year's INFs: Spain 23, France 21, Austria 18)."""
    assert ottoman_order({"SPAIN": "SER-BOS", "FRANCE": "SER HOLD"}, FIRST_YEAR_INF) == "SER-BOS"
    both = {"SPAIN": "SER-BOS", "FRANCE": "SER HOLD", "AUSTRIA": "SER HOLD"}
    assert ottoman_order(both, FIRST_YEAR_INF) == "SER HOLD"
    assert ottoman_tally(both, FIRST_YEAR_INF)[0][1] == 39


def test_influence_ottoman_ties_hold_and_no_proposal_holds() -> None:
    weights = {"DENMARK": 18, "AUSTRIA": 18, "ENGLAND": 17}
    assert ottoman_order({"DENMARK": "RUM-BUL", "AUSTRIA": "RUM-SER"}, weights) is None
    assert ottoman_order({}, weights) is None
    assert ottoman_order({"ENGLAND": "RUM-BUL"}, {"ENGLAND": 0}) is None  # eliminated: no weight


def test_influence_option_strict_majority() -> None:
    assert political_status({"FRANCE": 10, "SPAIN": 5, "ENGLAND": 5}, strict_majority=True) == Status("NEUTRAL")
    assert political_status({"FRANCE": 11, "SPAIN": 5, "ENGLAND": 5}, strict_majority=True) == Status(
        "ALIGNED", "FRANCE"
    )
    assert political_status({"FRANCE": 1}, strict_majority=True) == Status("ALIGNED", "FRANCE")


def test_influence_option_sticky_markers() -> None:
    even = {"ENGLAND": 4, "SPAIN": 3}
    assert religious_markers(even, previous=PROTESTANT) == Markers()
    assert religious_markers(even, previous=PROTESTANT, sticky=True) == Markers(PROTESTANT)
    assert religious_markers({"SPAIN": 3}, previous=PROTESTANT, sticky=True) == Markers(CATHOLIC)
    assert religious_markers(even, previous=PROTESTANT, sticky=True, reservation=True) == Markers(None, white=True)


# ------------------------------------------------------------------------- against the real map (when it is there)

MAP_FILE = Path(__file__).resolve().parents[2] / "src/umpire/games/europe1615/data/map.json"


@pytest.mark.skipif(not MAP_FILE.exists(), reason="the Europe 1615 map is not written yet")
def test_influence_map_home_centre_values_add_up_to_the_first_year_inf() -> None:
    """Seed, "Home centers": "The sum of the values in each home center for a given power adds up to the number
    of INFs allocated/available for the first year"."""
    game_map = load_map(MAP_FILE)
    values = {c: game_map.provinces[c].value for c in game_map.centers}
    for power, inf in FIRST_YEAR_INF.items():
        homes = game_map.homes[power]
        assert yearly_allocation(homes, homes, values).total == inf, power
    assert set(FIRST_YEAR_ORDER) <= set(game_map.powers)
