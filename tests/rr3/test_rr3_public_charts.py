"""The public displays of the hall (handbook, *Prestige*: "A chart showing the relative prestige of each team";
*The Heavenly Status Chart*; *Marriage*: "There are charts to record family trees"): in every role's view."""

from __future__ import annotations

from typing import Any

from umpire.kernel.game import new_game


def names(nodes: list[dict[str, Any]]) -> list[str]:
    return [n["id"] for n in nodes]


def test_layout_family_trees_head_each_house_with_its_own_members() -> None:
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


def test_layout_every_role_sees_the_charts_and_trees_alike() -> None:
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


def test_layout_views_carry_the_latest_news_rolls_and_closed_items_only() -> None:
    from umpire.games.rr3 import views

    game = new_game("rr3", "1524", {}, seed=7)
    state = game.state
    for n in range(400):
        state["journal"].append({"turn": 1, "phase": 1, "step": None, "title": f"event {n}", "text": "",
                                 "public": True, "team": None, "dice": []})  # fmt: skip
        state["rolls"].append({"n": len(state["rolls"]) + 1, "purpose": f"roll {n}", "kind": "d6", "result": 3})
        item = {"id": f"x{n}", "desk": "map_control", "kind": "raise_army", "title": f"item {n}", "params": {}}
        state["items"][f"x{n}"] = {**item, "team": None, "public": False, "status": "settled", "dice": []}
    observer, umpire = game.view("observer"), game.view("map_control")
    assert len(observer["news"]) == views.NEWS_LIMIT and observer["news"][-1]["title"] == "event 399"
    assert len(observer["rolls"]) == views.ROLLS_LIMIT and observer["rolls"][-1]["purpose"] == "roll 399"
    items = umpire["control"]["items"]
    assert {i["id"] for i in items if i["status"] == "settled"} == {f"x{n}" for n in range(200, 400)}
    assert any(i["status"] == "pending" for i in items)  # the pending ones are all there (the death rolls)
