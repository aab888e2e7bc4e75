"""Seed 003: whether the Ottomans build after capturing centres, and how long a chosen sanction stays in effect
(rulings E1615-C34 and E1615-C35)."""

from __future__ import annotations

from typing import Any

from umpire.games.europe1615 import rules
from umpire.kernel.game import Game, new_game


def ottoman_game(**options: Any) -> Game:
    g = new_game(rules.RULESET, options={"sanctions": False} | options, seed=7)
    g.state["phase"] = "F1615M"
    return g


def units_of(g: Game, nation: str) -> dict[str, str]:
    return {p: u["kind"] for p, u in g.state["units"].items() if u["nation"] == nation}


def play_year(g: Game) -> None:
    while g.state["year"] == 1615:
        g.act("gm", {"type": "resolve"})


def ottomans_capture_hungary(g: Game) -> None:
    """The Ottoman army of Serbia stands in Hungary (an Austrian home centre) at the end of the year; Serbia is
    left vacant."""
    del g.state["units"]["SER"]
    g.state["units"].pop("HUN", None)
    g.state["units"]["HUN"] = {"nation": "OTTOMAN", "kind": "A", "loc": "HUN", "mark": False}


def test_influence_ottoman_units_can_also_capture_centers_no_build_by_default() -> None:
    """Seed: "Ottoman units can also capture centers and contribute to expansion": the capture counts (towards the
    Ottoman expansion draw) but the Empire keeps its "two Balkan units" (ruling E1615-C34)."""
    g = ottoman_game()
    ottomans_capture_hungary(g)
    play_year(g)
    assert g.state["owner"]["HUN"] == "OTTOMAN"
    assert sorted(rules.owned_centres(g.state, "OTTOMAN")) == ["HUN", "RUM", "SER"]
    assert units_of(g, "OTTOMAN") == {"HUN": "A", "RUM": "A"}


def test_influence_ottoman_units_can_also_capture_centers_option_builds_on_vacant_centre() -> None:
    g = ottoman_game(ottoman_builds=True)
    ottomans_capture_hungary(g)
    play_year(g)
    assert units_of(g, "OTTOMAN") == {"HUN": "A", "RUM": "A", "SER": "A"}
    builds = next(h for h in g.state["history"] if h["phase"] == "W1615A")
    assert "OTTOMAN A SER" in builds["public"]["minor_rebuilds"]


def ottomans_lose_serbia(g: Game) -> None:
    """Austria owns Serbia at the end of the year; the Serbian army stands in Bosnia."""
    g.state["owner"]["SER"] = "AUSTRIA"
    g.state["units"]["BOS"] = dict(g.state["units"].pop("SER"), loc="BOS")


def test_influence_ottoman_units_keep_their_number_by_default_option_disbands_beyond_centres() -> None:
    g = ottoman_game()
    ottomans_lose_serbia(g)
    play_year(g)
    assert units_of(g, "OTTOMAN") == {"BOS": "A", "RUM": "A"}
    g = ottoman_game(ottoman_builds=True)
    ottomans_lose_serbia(g)
    play_year(g)
    assert units_of(g, "OTTOMAN") == {"RUM": "A"}


def test_sanctions_sanction_in_effect_for_the_coming_year_stays_until_cancelled() -> None:
    """Seed: "select a sanction that he/she would like to see in effect for the coming year": it starts in
    the coming year and stays (ruling E1615-C35) — Dano-Swedish rivalry chosen in 1615 still bars Denmark from
    Sweden in 1617, after the 1616 selection."""
    g = new_game(rules.RULESET, options={"sanctions": True}, seed=5)
    g.state["sanctions"]["lists"] = {p: [] for p in g.state["sanctions"]["lists"]}
    g.state["sanctions"]["lists"]["ENGLAND"] = ["DANO_SWEDISH_RIVALRY", "EMBARGO_SPAIN"]
    while g.state["phase"] != "W1615A":
        g.act("gm", {"type": "resolve"})
    g.act("ENGLAND", {"type": "submit", "text": "SANCTION: Dano-Swedish rivalry"})
    g.act("gm", {"type": "resolve"})
    assert g.state["sanctions"]["history"][-1]["in_effect"] == ["DANO_SWEDISH_RIVALRY"]
    while g.state["phase"] != "W1616A":
        g.act("gm", {"type": "resolve"})
    g.act("ENGLAND", {"type": "submit", "text": "SANCTION: Embargo on Spain\nEMBARGO: SAX"})
    g.act("gm", {"type": "resolve"})
    assert g.state["phase"] == "S1617M"
    assert rules.in_force(g.state, "DANO_SWEDISH_RIVALRY") and rules.in_force(g.state, "EMBARGO_SPAIN")
    g.act("DENMARK", {"type": "submit", "text": "3: SWE"})
    errors = g.view("DENMARK")["submission"]["errors"]
    assert [e["message"] for e in errors] == ["Dano-Swedish rivalry: Denmark may not deploy INFs to SWE"]
