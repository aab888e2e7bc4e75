"""Taking actions back (``kernel/undo.py``): a player's own last action while it revealed nothing hidden and rolled
no die; the game before any number of actions, for the GM."""

from __future__ import annotations

import pytest

import umpire.games.his2p.rules  # noqa: F401  (registers the ruleset)
from umpire.kernel import undo
from umpire.kernel.canonical import canonical_json, clone
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game, new_game


def to_first_impulse(seed: int = 5) -> Game:
    """A his2p game at the Papacy's first impulse (each earlier decision takes its first legal action)."""
    game = new_game("his2p", seed=seed)
    while not (game.state["phase"] == "action" and game.state["stack"][-1]["kind"] == "impulse"):
        role = game.view("gm")["acting"][0]
        game.act(role, game.view(role)["actions"][0])
    return game


def test_a_player_takes_back_an_action_that_revealed_nothing_and_rolled_nothing() -> None:
    # ruling HIS-B04
    game = to_first_impulse()
    play = next(a for a in game.view("papacy")["actions"] if a.get("as") == "cp")
    game.act("papacy", play)
    before = clone(game.state)
    game.act("papacy", {"type": "build_st_peters"})
    assert game.state["tracks"]["st_peters"] != before["tracks"]["st_peters"]
    back = undo.rewind(game.record, 1)
    assert canonical_json(back.state) == canonical_json(before)
    assert undo.refusal(game, back, "papacy") is None
    assert undo.refusal(game, back, "protestant") == "the last action is papacy's, not yours"


def test_a_card_played_cannot_be_taken_back_by_its_player() -> None:
    game = to_first_impulse()
    play = next(a for a in game.view("papacy")["actions"] if a.get("as") == "cp")
    game.act("papacy", play)
    why = undo.refusal(game, undo.rewind(game.record, 1), "papacy")
    assert why is not None and "hidden" in why


def test_an_action_that_rolled_dice_cannot_be_taken_back_by_its_player() -> None:
    game = new_game("his2p", seed=5)
    game.act("protestant", game.view("protestant")["actions"][0])  # a reformation attempt: dice
    why = undo.refusal(game, undo.rewind(game.record, 1), "protestant")
    assert why is not None and "die" in why


def test_a_ruleset_without_hidden_parts_offers_no_undo_and_rewind_is_bounded() -> None:
    game = new_game("standard")
    game.act("FRANCE", {"type": "ready", "ready": True})
    assert "offers no undo" in (undo.refusal(game, undo.rewind(game.record, 1), "FRANCE") or "")
    for count in (0, 2):
        with pytest.raises(IllegalAction, match="cannot take back"):
            undo.rewind(game.record, count)
