"""Secret seeds (issue 26, points 1 and 2): a drawn secret has 128 bits or more, no view of any ruleset carries
it, and a GM's rollback moves the generator on to a fresh secret that the log keeps, so that the undone dice do
not come back and the replay is still byte-identical."""

from __future__ import annotations

import json

import pytest

from umpire.kernel import undo
from umpire.kernel.canonical import canonical_json
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import RESEED, new_game, replay
from umpire.kernel.rng import SECRET_BITS, new_secret, roll_many, without_secret

RULESETS = ("standard", "europe1615", "his2p", "empires2", "rr3")


def test_a_drawn_secret_has_at_least_128_bits_from_the_system() -> None:
    drawn = {new_secret() for _ in range(64)}
    assert len(drawn) == 64
    assert SECRET_BITS >= 128 and all(s.bit_length() > SECRET_BITS for s in drawn)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_view_of_any_role_carries_the_secret(ruleset: str) -> None:
    secret = new_secret()
    game = new_game(ruleset, seed=secret)
    assert game.state["rng"]["seed"] == secret  # the generator has it...
    for role in game.ruleset.roles(game.state):
        shown = json.dumps(game.view(role))
        assert str(secret) not in shown, role  # ...no view does
        assert str(secret)[:12] not in shown, role


def test_the_state_a_view_is_built_from_hides_only_the_secret() -> None:
    game = new_game("standard", seed=new_secret())
    seen = without_secret(game.state)
    assert seen["rng"] == {"seed": "hidden", "draws": game.state["rng"]["draws"]}
    assert {k: v for k, v in seen.items() if k != "rng"} == {k: v for k, v in game.state.items() if k != "rng"}
    with pytest.raises(RuntimeError, match="a view drew"):
        roll_many(seen, "a view may not roll", 1)


def test_reseed_is_not_an_action_anyone_may_take() -> None:
    game = new_game("his2p", seed=5)
    for role in ("gm", "papacy"):
        with pytest.raises(IllegalAction, match="not an action"):
            game.act(role, {"type": RESEED, "secret": 1})
    assert game.record["actions"] == []


def _first_dice(seed: int) -> tuple[object, dict[str, object]]:
    """A his2p game after its first action, whose reformation attempt rolls dice, and that action."""
    game = new_game("his2p", seed=seed)
    role = game.view("gm")["acting"][0]
    action = game.view(role)["actions"][0]
    game.act(role, action)
    return game, {"role": role, "action": action}


def test_a_gm_rollback_draws_new_dice_and_replays_exactly() -> None:
    # ruling K-G04
    game, first = _first_dice(5)
    before = undo.rewind(game.record, 1)
    at = len(before.state["rolls"])
    before.reseed(123456789123456789123456789123456789)
    before.act(first["role"], first["action"])  # the same target again
    old, new = game.state["rolls"][at], before.state["rolls"][at]
    assert old["purpose"] == new["purpose"] and old["result"] != new["result"]  # the undone dice do not come back
    assert before.record["actions"][0] == {
        "role": "gm",
        "action": {"type": RESEED, "secret": 123456789123456789123456789123456789},
    }
    again = replay(before.record)
    assert canonical_json(again.state) == canonical_json(before.state)
    assert "123456789123456789" not in json.dumps([again.view(r) for r in again.ruleset.roles(again.state)])


def test_a_logged_reseed_must_carry_a_secret() -> None:
    game = new_game("standard", seed=1)
    record = {**game.record, "actions": [{"role": "gm", "action": {"type": RESEED, "secret": "x"}}]}
    with pytest.raises(Exception, match="secret"):
        replay(record)


def test_a_seat_undo_after_a_rollback_keeps_its_rule() -> None:
    """A seat's own undo still needs the generator unmoved: the rollback's reseed is the GM's entry, not the
    seat's, so the seat cannot take it back."""
    # ruling K-G04
    game, _first = _first_dice(5)
    back = undo.rewind(game.record, 1)
    back.reseed(new_secret())
    role = back.view("gm")["acting"][0]
    shorter = undo.rewind(back.record, 1)
    assert undo.refusal(back, shorter, role) == "the last action is gm's, not yours"
