"""Treachery! (card 105): an assault without line of communication, then a garrison still outnumbered is betrayed."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.his2p.test_assaults import dice, no_combat_cards  # noqa: F401 - fixtures: assault dice; windows auto-passed
from tests.his2p.test_events_mandatory import impulse_with, play_event
from umpire.games.his2p import board as b
from umpire.games.his2p.events import events_siege
from umpire.games.his2p.mapdata import load_map
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game


def treachery_at_florence(garrison: int) -> Game:
    """The Papacy besieging independent Florence with 4 regulars since an earlier impulse, with no line of
    communication (Siena independent), holding Treachery!."""
    game = impulse_with("papacy", 105)
    state = game.state
    state["impulse"]["count"] = 3
    state["sieges"] = {"florence": {"besieger": "papacy", "impulse": 2}}
    b.add_units(state, "florence", "papacy", "regular", 4)
    b.add_units(state, "florence", "independent", "regular", garrison - 1)
    return game


def test_105_treachery_assaults_without_a_line_of_communication_then_betrays(dice: Callable[..., None]) -> None:  # noqa: F811
    game = treachery_at_florence(garrison=2)
    assert events_siege.treachery_targets(game.state, load_map(), "papacy") == [("florence", "papacy")]
    play_event(game, "papacy", 105)
    dice(attacker=[1, 1], defender=[1, 1, 1])  # no hits either way: the assault fails, 4 still outnumber 2
    game.act("papacy", {"type": "treachery", "space": "florence"})
    state = game.state
    assert state["spaces"]["florence"]["control"] == "papacy"
    assert "independent" not in state["units"]["florence"]
    assert "florence" not in state["sieges"]


def test_105_treachery_no_betrayal_when_the_besiegers_are_no_longer_more(dice: Callable[..., None]) -> None:  # noqa: F811
    game = treachery_at_florence(garrison=3)
    play_event(game, "papacy", 105)
    dice(attacker=[1, 1], defender=[6, 6, 1, 1])  # 2 besiegers lost: 2 against 3
    game.act("papacy", {"type": "treachery", "space": "florence"})
    state = game.state
    while state["stack"] and state["stack"][-1]["kind"] != "cp" and state["stack"][-1]["kind"] != "impulse":
        actions = game.view(game.view("gm")["acting"][0])["actions"]
        game.act(game.view("gm")["acting"][0], actions[0])
        state = game.state
    assert state["spaces"]["florence"]["control"] == "independent"
    assert b.units_of(state, "florence", "independent")["regular"] == 3


def test_105_treachery_needs_a_siege() -> None:
    game = impulse_with("papacy", 105)
    with pytest.raises(IllegalAction, match="no siege"):
        play_event(game, "papacy", 105)
