"""Waiving the capture of a centre (seed 003, "BUILD/ADJUSTMENT PHASE", "Waiving the capture of a center")."""

from __future__ import annotations

import json

from umpire.games.europe1615 import rules
from umpire.kernel.game import Game, new_game


def occupied_genoa(waive: str | None) -> Game:
    """France's army stands in Genoa (a minor's centre) in the Summer movement phase."""
    g = new_game(rules.RULESET, options={"sanctions": False}, seed=7)
    g.state["units"].pop("GEN", None)
    g.state["units"]["GEN"] = {"nation": "FRANCE", "kind": "A", "loc": "GEN", "mark": False}
    while g.state["phase"][0] != "U":
        g.act("gm", {"type": "resolve"})
    if waive is not None:
        g.act("FRANCE", {"type": "submit", "text": waive})
    return g


def through_winter(g: Game) -> None:
    """Resolve phases until this year's winter captures are done (the next year has begun or its builds wait)."""
    year = g.state["phase"][1:5]
    while g.state["phase"][1:5] == year and g.state["phase"] not in (f"W{year}A", f"W{year}S"):
        g.act("gm", {"type": "resolve"})


def test_build_an_occupier_that_waives_does_not_capture() -> None:
    # ruling E1615-W01
    g = occupied_genoa("WAIVE CAPTURE: GEN\nGEN HOLD")
    assert g.view("FRANCE")["submission"]["errors"] == []
    g.act("gm", {"type": "resolve"})  # the waiver is taken with the phase's resolution, for the coming build phase
    assert g.view("FRANCE")["my_waived_captures"] == ["GEN"]
    assert "GEN" not in json.dumps(g.view("SPAIN").get("my_waived_captures", []))  # private to France
    through_winter(g)
    assert g.state["owner"].get("GEN") == "GEN"
    assert "waived" not in g.state  # the decision lasts until this build phase only
    through_winter(g)  # no new waiver next year: the occupier captures then
    assert g.state["owner"].get("GEN") == "FRANCE"


def test_build_without_a_waiver_the_occupier_captures() -> None:
    g = occupied_genoa(None)
    through_winter(g)
    assert g.state["owner"].get("GEN") == "FRANCE"


def test_build_a_waiver_names_land_provinces() -> None:
    # ruling E1615-W01
    g = occupied_genoa("WAIVE CAPTURE: NTH, XYZ")
    errors = g.view("FRANCE")["submission"]["errors"]
    assert [e["line"] for e in errors] == [1] and "not a land province" in errors[0]["message"]
