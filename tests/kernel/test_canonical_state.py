"""A game's state rests in canonical form (every dict's keys sorted) after its set-up and after every action.

Rules and views walk dicts. If the state in memory kept the order its history gave while a state read back from a
store came sorted, two states with the same digest would behave differently: another die for another character,
another card offered first, another order of units in an answer. (Found by CI: a server's answers listed a
Europe 1615 board's units in two orders; a Renaissance and Reformation replica and the server's copy then rolled the
death rolls in two orders.) The kernel therefore keeps the state canonical, and this test checks it."""

from __future__ import annotations

import json

import pytest

from umpire.bots.registry import bot_for
from umpire.kernel.bots import play_bot
from umpire.kernel.canonical import canonical_copy, canonical_json
from umpire.kernel.game import new_game


def at_rest_canonical(state: object) -> bool:
    return json.dumps(state, separators=(",", ":"), ensure_ascii=False) == canonical_json(state)


@pytest.mark.parametrize("ruleset", ["standard", "europe1615", "his2p", "empires2"])
def test_the_state_is_canonical_after_setup_and_every_action(ruleset: str) -> None:
    game = new_game(ruleset, seed=4)
    rules = game.ruleset
    assert at_rest_canonical(game.state)
    bots = {s: bot_for(ruleset, "random") for s in rules.seats(game.state)}
    acted = 0
    while not rules.is_over(game.state) and acted < 60:
        moved = False
        for side, bot in bots.items():
            action = play_bot(bot, rules.view(game.state, side), 4, side, acted)
            if action is not None:
                game.act(side, action)
                acted += 1
                moved = True
                assert at_rest_canonical(game.state), f"after action {acted}"
        if not moved:
            break
    assert acted > 5


def test_canonical_copy_sorts_every_level_and_copies() -> None:
    value = {"b": {"z": 1, "a": [{"y": 2, "x": 3}]}, "a": None}
    copied = canonical_copy(value)
    assert copied == value and copied is not value and copied["b"]["a"][0] is not value["b"]["a"][0]
    assert list(copied) == ["a", "b"] and list(copied["b"]) == ["a", "z"] and list(copied["b"]["a"][0]) == ["x", "y"]


def test_rr3_is_canonical_after_setup() -> None:
    assert at_rest_canonical(new_game("rr3", seed=1).state)
