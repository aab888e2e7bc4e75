"""The public displays of the hall (handbook, *Prestige*: "A chart showing the relative prestige of each team";
*The Heavenly Status Chart*; *Marriage*: "There are charts to record family trees"): in every role's view."""

from __future__ import annotations

from typing import Any

from umpire.kernel.game import new_game


def names(nodes: list[dict[str, Any]]) -> list[str]:
    return [n["id"] for n in nodes]


def test_family_trees_head_each_house_with_its_own_members() -> None:
    game = new_game("rr3", "1524", {}, seed=7)
    families = game.view("observer")["families"]
    habsburg = names(families["Habsburg"])
    # Charles V and Ferdinand head the Habsburg tree although their mother is a Trastamara on record.
    assert {"charles_v", "ferdinand"} <= set(habsburg)
    valois = families["Valois"]
    # Queen Claude's children are shown once, under Francis I, not a second time under their dead mother.
    assert "claude_of_france" not in names(valois)
    [francis] = [n for n in valois if n["id"] == "francis_i"]
    assert francis["children"][0]["id"] == "dauphin_francis"
    born = [c["born"] for c in francis["children"]]
    assert born == sorted(born)  # eldest first


def test_every_role_sees_the_charts_and_trees_alike() -> None:
    game = new_game("rr3", "1524", {}, seed=7)
    game.act("political_control", {"type": "adjust", "target": "teams", "key": "france", "field": "prestige",
                                   "delta": 2, "why": "victory at the Sesia", "who": "Pat"})  # fmt: skip
    views = {role: game.view(role) for role in ("observer", "france", "habsburgs", "map_control", "gm")}
    for view in views.values():
        assert view["families"] == views["observer"]["families"]
        assert view["teams"]["france"]["prestige"] == views["observer"]["teams"]["france"]["prestige"]
    assert (
        views["observer"]["teams"]["france"]["prestige"] - 2
        == new_game("rr3", "1524", {}, seed=7).view("observer")["teams"]["france"]["prestige"]
    )
