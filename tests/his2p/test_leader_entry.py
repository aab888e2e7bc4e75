"""The turn track's army leader (8.2): Maurice of Saxony enters in turn 6 in an electorate under Protestant
political control, the Protestant choosing (ruling HIS-E09)."""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import engine
from umpire.games.his2p.mapdata import load_map
from umpire.kernel.game import new_game


def _turn_6_state(protestant_electorates: list[str]) -> dict[str, Any]:
    game = new_game("his2p", seed=2)
    state = game.state
    for space in load_map().electorates():
        state["spaces"][space]["control"] = "protestant" if space in protestant_electorates else "hapsburg"
    state["turn"] = 6
    state["stack"] = []
    state["log"] = []
    return state


def test_8_2_maurice_enters_where_the_protestant_chooses_among_its_electorates() -> None:
    state = _turn_6_state(["mainz", "cologne"])
    engine.enter_people(state, load_map())
    assert state["stack"][-1] == {"kind": "leader_entry", "role": "protestant", "leader": "maurice_of_saxony"}
    legal = engine.legal_actions(state, "protestant")
    assert sorted(a["space"] for a in legal) == ["cologne", "mainz"]
    engine.apply(state, "protestant", {"type": "place", "space": "mainz"})
    assert state["leaders"]["maurice_of_saxony"] == "mainz"
    assert "the leader Maurice of Saxony enters at Mainz" in [entry["text"] for entry in state["log"]][-1:]


def test_8_2_maurice_stays_off_the_map_without_a_protestant_electorate() -> None:
    state = _turn_6_state([])
    engine.enter_people(state, load_map())
    assert not any(d["kind"] == "leader_entry" for d in state["stack"])
    assert "maurice_of_saxony" not in state["leaders"]
    assert any("Maurice of Saxony does not enter" in entry["text"] for entry in state["log"])
