"""Europe 1615 scoring, round winner, victory and forced draws (seed 003: SCORING PHASE, VICTORY CONDITIONS,
CONDITIONS TO FORCE AN AUTOMATIC DRAW), with the seed's worked examples."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from umpire.diplomacy.map import GameMap, load_map
from umpire.games.europe1615.scoring import (
    OTTOMAN,
    GameEnd,
    MinorScoring,
    alignment_value,
    capture_points,
    game_end,
    marker_points,
    round_winner,
    score_round,
)

# Centre values as the seed's examples give them (Saxony 5, Brandenburg 2, Mecklenburg 1, Poland 9 + 3);
# the home centres are made up.
VALUES = {"SAX": 5, "BRA": 2, "MEC": 1, "WAR": 9, "KRA": 3, "COP": 10, "SKA": 4, "NOR": 4, "VIE": 9, "PRA": 5, "BUD": 4}
HOMES = {"DENMARK": {"COP", "SKA", "NOR"}, "AUSTRIA": {"VIE", "PRA", "BUD"}}
ALL = ("AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN")


def test_scoring_seed_saxony_aligned_with_austria_is_worth_17() -> None:
    assert alignment_value(["SAX"], VALUES) == 17
    scores = score_round(
        ["AUSTRIA"],
        held={"AUSTRIA": HOMES["AUSTRIA"]},
        homes=HOMES,
        values=VALUES,
        minors=[MinorScoring("SAX", dominion=("SAX",), aligned_to="AUSTRIA")],
    )
    assert scores["AUSTRIA"].total == 17
    assert scores["AUSTRIA"].lines == ("alignment of SAX: 17",)


def test_scoring_seed_denmark_capturing_saxony_scores_5_and_nobody_scores_its_alignment() -> None:
    assert capture_points([*HOMES["DENMARK"], "SAX"], HOMES["DENMARK"], VALUES) == 5
    saxony = MinorScoring("SAX", independent=False, dominion=("SAX",), aligned_to="AUSTRIA", marker="catholic")
    scores = score_round(
        ["DENMARK", "AUSTRIA"],
        held={"DENMARK": {*HOMES["DENMARK"], "SAX"}, "AUSTRIA": HOMES["AUSTRIA"]},
        homes=HOMES,
        values=VALUES,
        minors=[saxony],
    )
    assert (scores["DENMARK"].total, scores["DENMARK"].captures) == (5, 5)
    assert scores["AUSTRIA"].total == 0  # a captured state scores neither alignment nor marker


def test_scoring_seed_brandenburg_holding_mecklenburg_is_worth_15() -> None:
    assert alignment_value(["BRA", "MEC"], VALUES) == 15


def test_scoring_seed_poland_is_worth_24_and_states_without_centres_12() -> None:
    assert alignment_value(["WAR", "KRA"], VALUES) == 24
    assert alignment_value([], VALUES) == 12  # Switzerland, Franconia, Morocco


def test_scoring_no_alignment_score_for_the_ottomans() -> None:
    ottomans = MinorScoring(OTTOMAN, dominion=("WAR",), aligned_to="SPAIN")
    assert MinorScoring.from_json({"id": OTTOMAN, "aligned_to": "SPAIN"}).is_ottoman
    assert score_round(["SPAIN"], held={}, homes={}, values=VALUES, minors=[ottomans])["SPAIN"].total == 0


def test_scoring_marker_points() -> None:
    minors = [
        MinorScoring("SAX", marker="protestant"),
        MinorScoring("HES", marker="protestant"),
        MinorScoring("BAV", marker="catholic", white=True),  # a Catholic marker beside a white cross counts
        MinorScoring("WUR", white=True),  # a white cross alone counts for nobody
        MinorScoring("PAPL", marker="catholic"),  # Catholics cannot score on the Papal States
        MinorScoring("LOR", marker="catholic", independent=False),  # captured: grey cross
    ]
    assert marker_points("ENGLAND", minors) == (20, ["protestant marker in SAX: 10", "protestant marker in HES: 10"])
    assert marker_points("DENMARK", minors)[0] == 20  # each Protestant power scores each marker
    assert marker_points("SPAIN", minors) == (10, ["catholic marker in BAV: 10"])


def test_scoring_full_round_and_eliminated_powers_cede_their_score() -> None:
    minors = [
        MinorScoring("SAX", dominion=("SAX",), aligned_to="DENMARK", marker="protestant"),
        MinorScoring("BRA", dominion=("BRA", "MEC"), aligned_to="ENGLAND"),
        MinorScoring.from_json({"id": "SWI", "aligned_to": "FRANCE", "marker": "catholic"}),
    ]
    held = {"DENMARK": {*HOMES["DENMARK"], "PRA"}, "AUSTRIA": {"VIE", "BUD"}}
    scores = score_round(ALL, held=held, homes=HOMES, values=VALUES, minors=minors, eliminated={"SPAIN"})
    assert {p: s.total for p, s in scores.items()} == {
        "DENMARK": 5 + 17 + 10,
        "ENGLAND": 15 + 10,
        "FRANCE": 12 + 10,
        "AUSTRIA": 10,
        "SPAIN": 0,
    }
    assert scores["DENMARK"].lines == ("capture of PRA: 5", "alignment of SAX: 17", "protestant marker in SAX: 10")
    assert round_winner({p: s.total for p, s in scores.items()}) == "DENMARK"


def test_scoring_round_winner_is_the_single_highest() -> None:
    assert round_winner({"ENGLAND": 30, "SPAIN": 29}) == "ENGLAND"
    assert round_winner({"ENGLAND": 30, "SPAIN": 30, "FRANCE": 10}) is None
    assert round_winner({}) is None


def test_scoring_victory_by_rounds() -> None:
    assert game_end(alive=ALL, rounds_won={"FRANCE": 4}) is None
    assert game_end(alive=ALL, rounds_won={"FRANCE": 5, "SPAIN": 3}) == GameEnd(
        "victory", ("FRANCE",), "FRANCE has won 5 rounds"
    )


def test_scoring_protestant_capture_of_rome_wins_at_once() -> None:
    end = game_end(alive=ALL, rounds_won={"FRANCE": 5}, rome_owner="ENGLAND")
    assert end is not None and (end.kind, end.powers) == ("victory", ("ENGLAND",))
    assert game_end(alive=ALL, rounds_won={}, rome_owner="SPAIN") is None  # a Catholic holding Rome: nothing


def test_scoring_ottoman_capture_of_rome() -> None:
    end = game_end(alive=ALL, rounds_won={"FRANCE": 5}, rome_owner=OTTOMAN)
    assert end is not None and (end.kind, end.powers) == ("draw", ("DENMARK", "ENGLAND"))
    lone = game_end(alive=("AUSTRIA", "ENGLAND", "SPAIN"), rounds_won={}, rome_owner=OTTOMAN)
    assert lone is not None and lone.powers == ("AUSTRIA", "ENGLAND", "SPAIN")


def test_scoring_elimination_draws() -> None:
    end = game_end(alive=("AUSTRIA", "FRANCE", "SPAIN"), rounds_won={"SPAIN": 5})
    assert end == GameEnd("draw", ("AUSTRIA", "FRANCE", "SPAIN"), "all Protestant powers are eliminated")
    end = game_end(alive=("DENMARK", "ENGLAND"), rounds_won={})
    assert end == GameEnd("draw", ("DENMARK", "ENGLAND"), "all Catholic powers are eliminated")


def test_scoring_ottoman_expansion_draw_needs_5_christian_and_7_in_all() -> None:
    islamic = {"CON", "ANK", "TUN"}
    seven = ["CON", "ANK", "SER", "BUL", "RUM", "BOS", "GRE"]
    end = game_end(alive=ALL, rounds_won={}, ottoman_centres=seven, islamic_centres=islamic)
    assert end is not None and end.kind == "draw" and end.powers == tuple(sorted(ALL))
    assert game_end(alive=ALL, rounds_won={}, ottoman_centres=seven[:6], islamic_centres=islamic) is None
    four_christian = ["CON", "ANK", "TUN", "SER", "BUL", "RUM", "BOS"]
    assert game_end(alive=ALL, rounds_won={}, ottoman_centres=four_christian, islamic_centres=islamic) is None


# ------------------------------------------------------------------------- against the real map (when it is there)

MAP_FILE = Path(__file__).resolve().parents[2] / "src/umpire/games/europe1615/data/map.json"


def map_minors(game_map: GameMap) -> dict[str, dict[str, Any]]:
    raw = game_map.extra.get("minors", {})
    if isinstance(raw, Mapping):
        return {k: {"id": k, **v} for k, v in raw.items()}
    return {m["id"]: dict(m) for m in raw}


def centres_of(minor: Mapping[str, Any]) -> list[str]:
    return list(minor.get("centres", minor.get("centers", [])))


@pytest.mark.skipif(not MAP_FILE.exists(), reason="the Europe 1615 map is not written yet")
def test_scoring_map_seed_scoring_examples() -> None:
    """The seed's scoring examples with the map's values: Saxony aligned 17; Brandenburg holding Mecklenburg 15;
    Poland 24."""
    game_map = load_map(MAP_FILE)
    values = {c: game_map.provinces[c].value for c in game_map.centers}
    minors = map_minors(game_map)
    assert alignment_value(centres_of(minors["SAX"]), values) == 17
    assert alignment_value(centres_of(minors["BRA"]) + centres_of(minors["MEC"]), values) == 15
    assert alignment_value(centres_of(minors["POLN"]), values) == 24
