"""Game-day frictions of the megagame (issue 28 point 11) through the ruleset's actions: Character Control's form for
a new character, the one-click actions listed once, Non-played States Control prompted for its intention card."""

from __future__ import annotations

from typing import Any

from umpire.games.rr3 import desk, players
from umpire.kernel.game import Game, new_game

CC, NP, MAP = desk.CHARACTER, desk.NONPLAYED, desk.MAP


def pending(game: Game, role: str, kind: str) -> list[dict[str, Any]]:
    return [i for i in game.view(role)["desk"]["pending"] if i["kind"] == kind]


def test_family_a_new_character_s_form_asks_only_the_name_and_makes_the_id() -> None:
    """Handbook, *Death*: "If there is no heir they will be given another character". Charles V dies and Ferdinand,
    played already, takes Spain: Character Control's form starts from the dead man's sex, family, role and religion,
    born 25 years before the turn; the name is all it types, and the id is made from it ("Charles V" again:
    ``charles_v_2``)."""
    # ruling RR3-M09
    game = new_game("rr3", "1524", {}, seed=5)
    for c in game.state["characters"].values():
        c["death_number"] = 1
    game.state["characters"]["charles_v"]["death_number"] = 12
    [rolls] = pending(game, CC, "death_rolls")
    game.act(CC, {"type": "settle", "item": rolls["id"], "who": "Cy"})
    [choice] = pending(game, CC, "succession")
    game.act(CC, {"type": "settle", "item": choice["id"], "who": "Cy", "heir": "ferdinand"})
    [new] = pending(game, CC, "new_character")
    form = next(a for a in new["actions"] if a["type"] == "settle")
    fields = {f["name"]: f for f in form["fields"]}
    assert [n for n, f in fields.items() if f["required"]] == ["name"]
    dead = game.state["characters"]["charles_v"]
    assert {n: f.get("default") for n, f in fields.items()} == {
        "name": None,
        "sex": "M",
        "born": 1500,
        "family": dead["family"],
        "role": dead["role"],
        "religion": "catholic",
        "id": None,
    }
    game.act(CC, {"type": "settle", "item": new["id"], "who": "Cy", "name": "Charles V"})
    made = game.state["characters"]["charles_v_2"]
    assert (made["sex"], made["born"], made["family"], made["team"]) == ("M", 1500, dead["family"], "habsburgs")
    assert players.character_of(game.state, "charles_v") == "charles_v_2"


def test_control_settle_and_dismiss_are_listed_once_and_each_item_carries_its_own_forms() -> None:
    """Game Control's and a desk's action lists name ``settle`` and ``dismiss`` once each, with the pending items as
    choices; each item's own forms (with the fields that item needs) are on the item in the desk part."""
    # ruling RR3-M10
    game = new_game("rr3", "1524", {"seats": "teams"}, seed=5)
    game.act("france", {"type": "play_card", "card": "francis_i_loan_1"})
    for role in (desk.GAME, MAP):
        types = [a["type"] for a in game.view(role)["actions"]]
        assert types.count("settle") == 1 and types.count("dismiss") == 1, types
    view = game.view(MAP)
    settle = next(a for a in view["actions"] if a["type"] == "settle")
    items = view["desk"]["pending"]
    assert settle["fields"][0]["choices"] == [i["id"] for i in items]
    assert all([a["type"] for a in i["actions"]] == ["settle", "dismiss"] for i in items)
    gm = game.view(desk.GAME)
    assert len([a for a in gm["actions"] if a.get("item")]) == 0
    assert sum(len(d["pending"]) for d in gm["desks"].values()) == len(next(
        a for a in gm["actions"] if a["type"] == "dismiss")["fields"][0]["choices"])  # fmt: skip


def test_nonplayed_non_played_states_control_is_prompted_for_its_card_not_listed_missing() -> None:
    """RR3-G03 and issue 28 point 11: in a movement step the Ottoman army may move; Non-played States Control's desk
    shows the card it is to write, for that army, and Map Control's list of missing cards does not name it (its
    armies simply stay without one); once it hands the card in, its desk and Map Control's say so."""
    game = new_game("rr3", "1524", {"seats": "teams"}, seed=11)
    game.act(desk.GAME, {"type": "resolve"})
    game.act(MAP, {"type": "next_step", "who": "Map"})
    prompt = game.view(NP)["desk"]["intention"]
    assert prompt["step"] == "move1" and not prompt["handed_in"] and "ottomans_1" in prompt["armies"]
    assert prompt["armies"]["ottomans_1"]["men"] == 40_000
    cards = game.view(MAP)["desk"]["intentions"]
    assert NP not in cards["missing"] and cards["nonplayed"] == {"handed_in": False}
    assert "intention" not in game.view(MAP)["desk"]
    game.act(NP, {"type": "intend", "intentions": [{"army": "ottomans_1", "option": "stay"}]})
    assert game.view(NP)["desk"]["intention"]["handed_in"] is True
    assert game.view(MAP)["desk"]["intentions"]["nonplayed"] == {"handed_in": True}
    game.act(MAP, {"type": "next_step", "who": "Map"})
    closed = game.view(MAP)["desk"]["intentions"]["closed"]
    assert NP in closed["cards"] and NP not in closed["missing"]
