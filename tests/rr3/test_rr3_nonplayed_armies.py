"""RR3 the powers nobody plays go to war (handbook, *The Non-played States*: "In general, they will go to war if
their territory is attacked"): Non-played States Control raises, moves and fights their armies by the players'
procedures (RR3-G03). The regression of issue 19: the Ottoman army disbanded in the first winter and never
returned, because every army procedure was a team's."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.games.rr3 import desk
from umpire.kernel.canonical import canonical_json
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game, new_game, replay

NP = "nonplayed_control"


def to(game: Game, turn: int, phase: int) -> None:
    """Game Control ends phases until turn ``turn``, phase ``phase`` opens."""
    while (game.state["turn"], game.state["phase"]) != (turn, phase):
        game.act("gm", {"type": "resolve"})


def step(game: Game) -> None:
    game.act("map_control", {"type": "next_step", "who": "Map"})


def pending(game: Game, kind: str) -> list[dict[str, Any]]:
    return [i for i in desk.pending(game.state) if i["kind"] == kind]


def test_nonplayed_the_ottoman_army_is_raised_again_after_winter_moves_and_fights() -> None:
    game = new_game("rr3", "1524", {}, seed=11)
    assert game.state["armies"]["ottomans_1"]["men"] == 40_000
    to(game, 1, 6)
    # *The Turn Sequence*, phase 6: "Winter. All armies disband." -- the Sultan's army too
    assert "ottomans_1" not in game.state["armies"]
    to(game, 2, 1)
    with pytest.raises(IllegalAction, match="only the control team may raise a non-played state's army"):
        game.act(
            "electors", {"type": "np_raise_army", "state": "ottomans", "men": 40_000, "area": "serbia", "why": "x"}
        )
    with pytest.raises(IllegalAction, match="Raise a non-played state's army is not possible for map_control"):
        game.act(
            "map_control", {"type": "np_raise_army", "state": "ottomans", "men": 4_000, "area": "serbia", "why": "x"}
        )
    with pytest.raises(IllegalAction, match="'area' \\(Area \\(one of its home areas\\)\\) cannot be 'temes'"):
        game.act(NP, {"type": "np_raise_army", "state": "ottomans", "men": 40_000, "area": "temes", "why": "x"})
    game.act(
        NP,
        {"type": "np_raise_army", "state": "ottomans", "men": 40_000, "area": "serbia", "commander": "suleiman",
         "why": "the Sultan marches on Hungary", "who": "Nu"},
    )  # fmt: skip
    army = game.state["armies"]["ottomans_1"]
    assert (army["men"], army["area"], army["team"], army["commander"]) == (40_000, "serbia", None, "suleiman")
    assert game.state["states"]["ottomans"]["treasury"] == 0  # raised at no cost (RR3-G03)
    # Phase 2: Hungary raises 5,000 men in the Temes (they may not move this phase); the Sultan attacks them.
    to(game, 2, 2)
    game.act("electors", {"type": "raise_army", "state": "hungary", "men": 5_000, "area": "temes"})
    [raising] = pending(game, "raise_army")
    game.act("map_control", {"type": "settle", "item": raising["id"], "who": "Map"})
    step(game)  # pay -> move1: a card for Non-played States Control
    assert NP in game.state["box"]
    with pytest.raises(IllegalAction, match="hungary_1 is an army of electors; this card moves non-played armies only"):
        game.act(NP, {"type": "intend", "intentions": [{"army": "hungary_1", "option": "stay"}]})
    with pytest.raises(IllegalAction, match="cannot step from serbia to hungary_buda"):
        game.act(
            NP, {"type": "intend", "intentions": [{"army": "ottomans_1", "option": "move", "path": ["hungary_buda"]}]}
        )
    game.act(NP, {"type": "intend", "intentions": [{"army": "ottomans_1", "option": "move", "path": ["temes"]}]})
    step(game)  # move1 -> move2: the armies meet in the Temes
    [battle] = pending(game, "battle")
    assert battle["params"]["armies"] == ["hungary_1", "ottomans_1"] and battle["params"]["area"] == "temes"
    game.act("map_control", {"type": "settle", "item": battle["id"], "who": "Map"})
    done = game.state["items"][battle["id"]]
    assert done["status"] == desk.SETTLED and "ottomans_1" in done["outcome"] and done["dice"]
    again = replay(game.record)
    assert canonical_json(again.state) == canonical_json(game.state)


def test_nonplayed_a_non_played_state_goes_to_war_with_its_attacker_and_disbands() -> None:
    game = new_game("rr3", "1524", {}, seed=2)
    game.act(NP, {"type": "np_war", "state": "ottomans", "enemy": "venice", "why": "Venetian raids on Morea"})
    assert "venice" in game.state["states"]["ottomans"]["at_war_with"]
    assert "ottomans" in game.state["states"]["venice"]["at_war_with"]
    with pytest.raises(IllegalAction, match="ottomans is already at war with venice"):
        game.act(NP, {"type": "np_war", "state": "ottomans", "enemy": "venice", "why": "again"})
    with pytest.raises(IllegalAction, match="'state' \\(Non-played state\\) cannot be 'venice'"):
        game.act(NP, {"type": "np_war", "state": "venice", "enemy": "ottomans", "why": "x"})
    game.act(NP, {"type": "np_disband", "army": "ottomans_1"})
    assert "ottomans_1" not in game.state["armies"]
    with pytest.raises(IllegalAction, match="'army' \\(Army\\) cannot be 'spain_1'"):
        game.act(NP, {"type": "np_disband", "army": "spain_1"})
