"""Elimination of a power (seed 003, "ELIMINATION AND EFFECTS OF") played through the kernel."""

from __future__ import annotations

from typing import Any

from umpire.games.europe1615 import rules
from umpire.games.europe1615.report import report_text
from umpire.kernel.game import Game, new_game


def game() -> Game:
    return new_game(rules.RULESET, options={"sanctions": False}, seed=7)


def resolve(g: Game) -> None:
    g.act("gm", {"type": "resolve"})


def unit(g: Game, prov: str, nation: str, kind: str = "A") -> None:
    g.state["units"][prov] = {"nation": nation, "kind": kind, "loc": prov, "mark": False}


def england_loses_everything(g: Game) -> None:
    """England's three home centres are French; England holds Ireland (captured, a unit on it), Paris (a French
    home centre, a unit on it) and Saxony (captured, no unit on it); it has INFs in Lorraine."""
    for c in ("LON", "WAL", "YOR"):
        g.state["owner"][c] = "FRANCE"
    for prov in [p for p, u in g.state["units"].items() if u["nation"] in ("ENGLAND", "IRE", "SAX")]:
        del g.state["units"][prov]
    g.state["owner"]["IRE"] = "ENGLAND"
    g.state["pliant"].remove("IRE")
    g.state["suspended"]["IRE"] = {"SPAIN": 3, "ENGLAND": 4}
    g.state["owner"]["SAX"] = "ENGLAND"
    g.state["pliant"].remove("SAX")
    g.state["suspended"]["SAX"] = {}
    g.state["inf"]["LOR"] = {"ENGLAND": 5, "FRANCE": 2}
    unit(g, "IRE", "ENGLAND")
    g.state["owner"]["PAR"] = "ENGLAND"
    g.state["units"].pop("PAR")
    unit(g, "PAR", "ENGLAND")


def winter(g: Game) -> dict[str, Any]:
    g.state["phase"] = "F1615M"
    while g.state["phase"][0] != "W":
        resolve(g)
    entry: dict[str, Any] = next(h for h in g.state["history"] if h["phase"] == "W1615E")
    return entry


def test_elimination_acquired_centres_liberated_with_new_units() -> None:
    """Seed: "All remaining units disband. The acquired foreign centers are liberated when the power is
    eliminated, and each liberated state will acquire a new unit (coastal provinces given fleets and inland
    provinces given armies)"."""
    g = game()
    england_loses_everything(g)
    entry = winter(g)
    assert "ENGLAND" in g.state["eliminated"]
    assert not [u for u in g.state["units"].values() if u["nation"] == "ENGLAND"]
    # Ireland (coastal) and Saxony (inland) are liberated, pliant again, with their suspended INFs back
    assert g.state["owner"]["IRE"] == "IRE" and g.state["owner"]["SAX"] == "SAX"
    assert {"IRE", "SAX"} <= set(g.state["pliant"])
    assert g.state["units"]["IRE"] == {"nation": "IRE", "kind": "F", "loc": "IRE", "mark": False}
    assert g.state["units"]["SAX"] == {"nation": "SAX", "kind": "A", "loc": "SAX", "mark": False}
    assert g.state["inf"]["IRE"] == {"SPAIN": 3, "ENGLAND": 4}
    assert entry["public"]["liberated_states"] == ["IRE", "SAX"]
    assert entry["public"]["raised"] == ["IRE F IRE", "SAX A SAX"]
    assert "new unit of a liberated state: IRE F IRE" in report_text(entry)
    # ruling E1615-E01: a great power's centre goes back to that power; England's own provinces are unmarked
    assert g.state["owner"]["PAR"] == "FRANCE"
    assert g.state["owner"]["COR"] is None and g.state["owner"]["CUM"] is None


def test_elimination_eliminated_power_infs_removed_after_scoring_and_statuses_at_status_check() -> None:
    """Seed: "INFs of the eliminated power ... are removed after the scoring phase, and the statuses of the minor
    states reassessed at the opening phase of the year (status check)"."""
    # rulings E1615-R14, E1615-E02
    g = game()
    england_loses_everything(g)
    winter(g)
    # until the scoring, England's INFs stay (Lorraine is aligned with England through the winter)
    assert g.state["inf"]["LOR"]["ENGLAND"] == 5
    assert g.state["status"]["LOR"] == {"kind": "ALIGNED", "power": "ENGLAND"}
    while g.state["year"] == 1615:
        resolve(g)
    assert g.state["inf"]["LOR"] == {"FRANCE": 2}
    assert g.state["inf"]["IRE"] == {"SPAIN": 3}
    assert g.state["status"]["LOR"] == {"kind": "ALIGNED", "power": "FRANCE"}
    assert g.state["status"]["IRE"] == {"kind": "ALIGNED", "power": "SPAIN"}
    assert g.state["allocation"]["ENGLAND"] == 0


def test_elimination_liberated_state_whose_capital_is_held_by_another_nation_stays_captured() -> None:
    """Ruling E1615-E01: a province of a state whose capital a third nation holds is left unowned."""
    g = game()
    england_loses_everything(g)
    # Poland's capital is Spanish; England holds Lithuania, Poland's second centre
    g.state["owner"]["WAR"] = "SPAIN"
    g.state["units"].pop("WAR")
    g.state["pliant"].remove("POLN")
    g.state["suspended"]["POLN"] = {}
    g.state["owner"]["LIT"] = "ENGLAND"
    g.state["units"].pop("LIT")
    unit(g, "WAR", "SPAIN")
    winter(g)
    assert g.state["owner"]["LIT"] is None
    assert "LIT" not in g.state["units"]
