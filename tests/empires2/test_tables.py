"""The charts file (tables.json): public figures as the chart gives them, authored ones marked, faults named."""

from __future__ import annotations

import copy
import itertools
import json
from typing import Any

import pytest

from umpire.games.empires2.tables import DATA_DIR, ENDEAVOURS, TableFault, load_tables, parse_tables


def raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA_DIR / "tables.json").read_text(encoding="utf-8"))
    return copy.deepcopy(data)


def test_every_table_says_whether_it_is_authored() -> None:
    t = load_tables()
    assert set(t.authored) == {
        "defence_cost", "language_modifier", "religion_modifier", "terrain_modifier", "taxation", "fortification",
        "year_cards", "results", "statures", "initiative", "conversion",
    }  # fmt: skip
    # The chart's own figures are not marked authored.
    assert "rebellion_rolls" not in t.authored and "endeavour_costs" not in t.authored


def test_chart_endeavour_costs() -> None:
    """Chart: rule 0, fortify 2, conquer 2, negotiate 1, pillage 0 gold."""
    costs = load_tables().endeavour_costs
    assert dict(costs) == {"conquest": 2, "pillage": 0, "diplomacy": 1, "fortification": 2, "ruling": 0}


def test_chart_rebellion_rows() -> None:
    """Chart: value 1 rebels on 2, 3, 11, 12; value 7 on all but 7; value 8 on every total."""
    rows = load_tables().rebellion_rolls
    assert rows[1] == {2, 3, 11, 12}
    assert rows[7] == set(range(2, 13)) - {7}
    assert rows[8] == set(range(2, 13))


def test_chart_unowned_diplomacy_resistance() -> None:
    t = load_tables()
    assert t.unowned_diplomatic_stature == 3
    assert t.unowned_diplomatic_stature_areas == {"venice": 5}


def test_year_card_deck_has_56_cards() -> None:
    t = load_tables()
    assert sum(kind.copies for kind in t.year_card_kinds) == 56
    assert t.year_cards_per_empire == 5


def test_results_never_worsen_as_the_rating_rises() -> None:
    """The authored rows: at every fortune, a higher band gives a result at least as good."""
    t = load_tables()
    rank = {"-1": 0, "0": 1, "T": 2, "C": 3, "P": 3, "F": 3, "+1": 3}
    for endeavour in ENDEAVOURS:
        rows = t.results[endeavour]
        for low, high in itertools.pairwise(rows):
            assert all(rank[a] <= rank[b] for a, b in zip(low, high, strict=True)), endeavour


def test_result_lookup_by_band_and_fortune() -> None:
    t = load_tables()
    assert t.result("conquest", -7, 1) == "-1"
    assert t.result("conquest", 8, 2) == "C"
    assert t.result("conquest", 100, 1) == "0"
    with pytest.raises(ValueError, match="fortune is one of"):
        t.result("conquest", 3, 9)
    with pytest.raises(ValueError, match="no results for 'defence'"):
        t.result("defence", 3, 1)


def test_a_bad_result_names_file_table_and_code() -> None:
    data = raw()
    data["results"]["endeavours"]["conquest"][0][0] = "X"
    with pytest.raises(TableFault, match=r"tables\.json: results\.conquest\[0\]: unknown result 'X'"):
        parse_tables(data)


def test_bands_must_not_leave_gaps() -> None:
    data = raw()
    data["results"]["bands"][1]["min_er"] = 2
    with pytest.raises(TableFault, match="without gap or overlap"):
        parse_tables(data)


def test_each_table_must_say_whether_authored() -> None:
    data = raw()
    del data["statures"]["authored"]
    with pytest.raises(TableFault, match="statures: 'authored' must be true or false"):
        parse_tables(data)


def test_rebellion_rows_must_grow() -> None:
    data = raw()
    data["rebellion_rolls"]["by_value"]["2"] = [2, 12]
    with pytest.raises(TableFault, match=r"rebellion_rolls\.2: a higher rebellion value"):
        parse_tables(data)


def test_the_about_string_is_required() -> None:
    data = raw()
    data["about"] = ""
    with pytest.raises(TableFault, match="top level: missing the 'about' string"):
        parse_tables(data)


def test_a_stature_table_needs_a_row_for_every_stature_and_a_value_for_every_face() -> None:
    data = raw()
    del data["statures"]["by_current"]["9"]
    with pytest.raises(TableFault, match=r"'by_current' must give a row for each stature 0\.\.9: no row for 9"):
        parse_tables(data)
    data = raw()
    data["statures"]["by_current"]["4"] = [1, 2, 3, 4, 5]
    with pytest.raises(TableFault, match=r"statures\.by_current\.4: must list the new stature for each die face"):
        parse_tables(data)
    data = raw()
    data["statures"]["by_current"]["2"] = [1, 2, 3, 4, 5, 10]
    with pytest.raises(TableFault, match=r"statures\.by_current\.2: statures must be whole numbers 0\.\.9"):
        parse_tables(data)
    data = raw()
    data["statures"]["by_face"] = data["statures"].pop("by_current")
    with pytest.raises(TableFault, match="'by_current' must map each stature now"):
        parse_tables(data)
