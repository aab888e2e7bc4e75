"""Combat-card windows (rule book 14 steps 4-5, 15.1 steps 5-6; issue 14 point 8): they open for each player deciding
for a side whatever its hand holds, the other player sees the same thing either way, and auto-pass preferences are
set in advance and never depend on the hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.his2p.test_land_war import erfurt_game, hapsburg_move, texts
from umpire.games.his2p import board as b
from umpire.games.his2p import core
from umpire.games.his2p.war import windows
from umpire.kernel import rng
from umpire.kernel.game import Game

#: Two cards that are no combat card (they are never offered in a window).
QUIET = [60, 61]


def fix_dice(monkeypatch: pytest.MonkeyPatch, faces: dict[str, list[int]]) -> None:
    """Rolls whose purpose starts with a key get its faces (as many as the dice rolled, else the test fails)."""
    real = rng.roll_many

    def roll_many(state: dict[str, Any], purpose: str, count: int, sides: int = 6, **kw: Any) -> list[int]:
        for prefix, out in faces.items():
            if purpose.startswith(prefix):
                assert len(out) == count, f"{purpose}: {count} dice rolled, {len(out)} faces fixed"
                state["rolls"].append({"purpose": purpose, "kind": f"{count}d{sides}", "result": out})
                return list(out)
        return real(state, purpose, count, sides, **kw)

    monkeypatch.setattr(rng, "roll_many", roll_many)


def to_battle(papal_hand: list[int], protestant_hand: list[int]) -> Game:
    """Charles V's Hapsburgs (moved by the Papacy) attack Erfurt; the Protestant stands: the first window opens."""
    game = erfurt_game()
    game.state["hands"]["papacy"] = list(papal_hand)
    game.state["hands"]["protestant"] = list(protestant_hand)
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))
    game.act("protestant", {"type": "stand"})
    return game


def mine_aside(view: dict[str, Any]) -> dict[str, Any]:
    """A player's view less its own hand (which differs by construction in these tests)."""
    return {k: v for k, v in view.items() if k != "hand"}


def test_14_step_4_the_attackers_window_opens_with_an_empty_hand() -> None:
    # ruling HIS-R01
    game = to_battle([], [])
    top = core.top(game.state)
    assert top == {
        "kind": windows.WINDOW,
        "role": "papacy",
        "window": "field_battle",
        "side": "attacker",
        "power": "hapsburg",
        "at": "erfurt",
    }
    assert game.view("papacy")["actions"] == [{"type": "pass"}, {"type": "pass", "always": True}]
    assert not any(t.startswith("Field battle at Erfurt") for t in texts(game))  # no die rolled before the windows


def test_14_step_4_only_the_cards_playable_there_are_offered() -> None:
    game = to_battle([24, 25, 28, *QUIET], [])
    assert game.view("papacy")["actions"] == [
        {"type": "pass"},
        {"type": "pass", "always": True},
        {"type": "play", "card": 24},
        {"type": "play", "card": 25},
    ]  # Siege Mining is an assault card; the others are no combat cards


def test_issue_14_point_8_the_opponent_sees_the_same_window_whatever_the_hand() -> None:
    full = to_battle([24, 25], [24, 25])
    quiet = to_battle(QUIET, QUIET)
    assert mine_aside(full.view("protestant")) == mine_aside(quiet.view("protestant"))
    assert full.view("observer") == quiet.view("observer")
    full.act("papacy", {"type": "pass"})
    quiet.act("papacy", {"type": "pass"})
    assert core.top(full.state) == core.top(quiet.state)
    assert core.top(full.state)["role"] == "protestant"  # 14 step 5: the defender's window follows
    assert mine_aside(full.view("papacy")) == mine_aside(quiet.view("papacy"))


def test_14_step_5_the_battle_goes_on_when_both_windows_are_passed(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_dice(
        monkeypatch,
        {"field battle at erfurt: attacker": [6, 1, 1, 1, 1, 1], "field battle at erfurt: defender": [5, 6, 1]},
    )
    game = to_battle([], [])
    game.act("papacy", {"type": "pass"})
    game.act("protestant", {"type": "pass"})
    log = texts(game)
    assert "papacy passes in the field battle window at erfurt" in log
    assert "protestant passes in the field battle window at erfurt" in log
    assert any(t.startswith("Field battle at Erfurt: hapsburg attacks with 6 dice") for t in log)
    assert "combat_cards" not in game.state


def test_issue_14_point_8_auto_pass_is_logged_as_a_manual_pass_and_ignores_the_hand() -> None:
    manual = to_battle([24], [])
    manual.act("papacy", {"type": "pass"})
    auto = erfurt_game()
    auto.state["hands"]["papacy"] = [24, 25]  # a full hand: still passed without asking
    auto.state["hands"]["protestant"] = []
    auto.state["autopass"] = {"papacy": ["field_battle"]}
    auto.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))
    auto.act("protestant", {"type": "stand"})
    assert core.top(auto.state) == core.top(manual.state)  # both at the Protestant's window
    assert texts(auto)[-1] == texts(manual)[-1] == "papacy passes in the field battle window at erfurt"
    assert auto.state["hands"]["papacy"] == [24, 25]


def test_issue_14_point_8_pass_always_then_turned_back_on_in_an_impulse() -> None:
    game = to_battle([24], [])
    game.act("papacy", {"type": "pass", "always": True})
    assert game.state["autopass"]["papacy"] == ["field_battle"]
    assert texts(game)[-1] == "papacy passes in the field battle window at erfurt"  # the log says no more
    state = game.state
    state["stack"] = [{"kind": "impulse", "role": "papacy"}]
    state.pop("land_move", None)
    state.pop("combat_cards", None)
    offered = game.view("papacy")["actions"]
    assert {"type": "autopass", "kind": "field_battle", "on": False} in offered
    game.act("papacy", {"type": "autopass", "kind": "field_battle", "on": False})
    assert game.state["autopass"]["papacy"] == [] and core.top(game.state) == {"kind": "impulse", "role": "papacy"}
    assert not any(a["type"] == "autopass" for a in game.view("papacy")["actions"])


def test_issue_14_point_8_the_opponents_preferences_are_not_in_its_view() -> None:
    game = to_battle([], [])
    game.act("papacy", {"type": "pass", "always": True})
    own = game.view("protestant")
    assert own.pop("autopass_unless_playable") is False  # its own setting (HIS-R09), nothing of the Papacy's
    assert "autopass" not in str(own) and "autopass" not in str(game.view("observer"))


def test_14_step_4_a_card_played_leaves_the_hand_and_the_window_stays_open() -> None:
    game = to_battle([24, 25], [])
    game.act("papacy", {"type": "play", "card": 24})
    assert game.state["hands"]["papacy"] == [25] and 24 in game.state["discard"]
    assert texts(game)[-1] == "papacy plays #24 Arquebusiers for the attacker (hapsburg)"
    assert core.top(game.state)["kind"] == windows.WINDOW and core.top(game.state)["role"] == "papacy"
    assert {"type": "play", "card": 24} not in game.view("papacy")["actions"]


def test_15_1_step_5_an_assault_opens_the_windows_before_its_dice() -> None:
    from tests.his2p.test_assaults import league_siege_of_florence

    game = league_siege_of_florence(hapsburg=4, alva=False)
    game.state["hands"]["papacy"] = [28]
    game.act("papacy", {"type": "assault", "space": "florence", "power": "hapsburg"})
    assert core.top(game.state) == {
        "kind": windows.WINDOW,
        "role": "papacy",
        "window": "assault",
        "side": "attacker",
        "power": "hapsburg",
        "at": "florence",
    }
    assert game.view("papacy")["actions"][-1] == {"type": "play", "card": 28}
    game.act("papacy", {"type": "pass"})
    assert core.top(game.state)["role"] == "protestant" and core.top(game.state)["side"] == "defender"


@pytest.mark.parametrize("seed", range(4))
def test_random_play_through_windows_keeps_the_board_sound(seed: int) -> None:
    """Random legal play (windows included, military moves preferred) from the League's war: no error, no empty
    stack, no window left open with no battle, the hands only shrinking by the cards the log says were played."""
    game = erfurt_game()
    state = game.state
    b.add_units(state, "nuremberg", "hapsburg", "regular", 3)
    b.add_units(state, "magdeburg", "protestant", "regular", 3)
    b.add_units(state, "magdeburg", "protestant", "mercenary", 2)
    state["hands"]["papacy"] += [24, 25, 26, 28, 29, 35]
    state["hands"]["protestant"] += [24, 25, 26, 27, 29]
    pick = random.Random(seed)
    for _ in range(150):
        if game.state.get("over") or game.state.get("blocked") or not game.view("gm")["acting"]:
            break
        role = pick.choice(game.view("gm")["acting"])
        actions = game.view(role)["actions"]
        wanted = ("move_formation", "move_over_pass", "play", "assault")
        military = [a for a in actions if a.get("power") or a["type"] in wanted]
        game.act(role, pick.choice(military if military and pick.random() < 0.8 else actions))
        state = game.state
        for stacks in state["units"].values():
            assert all(n > 0 for units in stacks.values() for n in units.values())
        if "combat_cards" in state:
            assert core.top(state)["kind"] == windows.WINDOW


def test_15_1_step_8_the_window_after_the_assault_dice_opens_with_an_empty_hand() -> None:
    from tests.his2p.test_assaults import siege_of_florence

    game = siege_of_florence()
    game.state["hands"]["papacy"] = []
    game.act("papacy", {"type": "assault", "space": "florence"})
    game.act("papacy", {"type": "pass"})
    top = core.top(game.state)
    assert top is not None and top["window"] == "assault_dice_rolled"
    assert game.view("papacy")["actions"] == [{"type": "pass"}, {"type": "pass", "always": True}]
