"""Every legal action in words (``labels.py``): the page shows these, never the raw action."""

from __future__ import annotations

import random
import re

import umpire.games.his2p.rules  # noqa: F401  (registers the ruleset)
from umpire.games.his2p import labels
from umpire.kernel.game import new_game


def test_every_legal_action_of_random_games_has_a_label_in_words_and_a_group() -> None:
    # ruling HIS-B03
    seen: set[str] = set()
    for seed in range(2):
        game, pick = new_game("his2p", seed=seed), random.Random(seed)
        for _ in range(400):
            acting = game.view("gm")["acting"]
            if not acting or game.state.get("over") or game.state.get("blocked"):
                break
            view = game.view(acting[0])
            assert len(view["action_labels"]) == len(view["actions"])
            # Two buttons with the same words would be two different actions the player cannot tell apart.
            words = [shown["label"] for shown in view["action_labels"]]
            assert len(set(words)) == len(words), sorted(w for w in words if words.count(w) > 1)
            assert view["decision_text"] and "{" not in view["decision_text"]
            for action, shown in zip(view["actions"], view["action_labels"], strict=True):
                assert shown["group"] in labels.GROUPS
                assert shown["label"] and not re.search(r"[{}\[\]\"]|\w_\w", shown["label"]), (action, shown)
                seen.add(action["type"])
            game.act(acting[0], pick.choice(view["actions"]))
    assert {"target", "play", "pass"} <= seen


def test_a_card_for_cp_then_each_cp_action_labelled_with_its_cost() -> None:
    game, pick = new_game("his2p", seed=5), random.Random(1)
    while not (game.view("gm")["phase"] == "action" and game.view("gm")["decision"]["kind"] == "impulse"):
        role = game.view("gm")["acting"][0]
        game.act(role, game.view(role)["actions"][0])
    view = game.view("papacy")
    plays = [
        (a, s["label"]) for a, s in zip(view["actions"], view["action_labels"], strict=True) if a.get("as") == "cp"
    ]
    action, text = plays[0]
    card = next(c for c in view["hand"] if c["number"] == action["card"])
    assert text == f"Play #{card['number']} {card['name']} for {card['cp']} CP"
    game.act("papacy", action)
    view = game.view("papacy")
    assert view["decision_text"] == f"You: spend CP one action at a time: {card['cp']} CP left"
    assert game.view("protestant")["decision_text"].startswith("The Papacy: spend CP")
    costed = [
        (a, s["label"]) for a, s in zip(view["actions"], view["action_labels"], strict=True) if a["type"] != "done"
    ]
    action, text = pick.choice(costed)
    cost = int(re.search(r"\((\d) CP\)$", text).group(1))  # type: ignore[union-attr]
    game.act("papacy", action)
    after = game.view("gm")["decision"]
    if after and after["kind"] == "cp":
        assert after["cp"] == card["cp"] - cost


def test_windows_offer_pass_and_always_pass() -> None:
    state: dict = {"stack": []}
    assert labels.label(state, "papacy", {"type": "pass"}) == "Pass"
    assert labels.label(state, "papacy", {"type": "pass", "always": True}) == "Always pass (windows of this kind)"
    assert labels.group({"type": "pass", "always": True}) == "Pass or end"
    assert (
        labels.label(
            state,
            "papacy",
            {"type": "move_formation", "from": "rome", "to": "siena", "regular": 2, "mercenary": 1, "leaders": []},
        )
        == "Move 2 regulars, 1 mercenary from Rome to Siena"
    )


def test_burning_books_is_one_button_a_zone_then_the_choice_of_debater() -> None:
    """The CP decision's "Burn books …, committing X for his bonus" actions (one per zone and fresh debater) carry
    one button's words a zone and each its option, so the page shows four buttons, not twelve; every legal action
    stays one option, and actions with no twin carry no choice."""
    from tests.his2p.test_engine import cp_decision

    view = cp_decision("papacy", 3).view("papacy")
    burns = [(a, s) for a, s in zip(view["actions"], view["action_labels"], strict=True) if a["type"] == "burn_books"]
    assert len(burns) == 12 and all("choice" in s for _, s in burns)
    assert {s["choice"]["button"] for _, s in burns} == {
        f"Burn books in the {z} zone" for z in ("German", "English", "French", "Italian")
    }
    german = {s["choice"]["option"] for a, s in burns if a["zone"] == "german"}
    assert german == {
        "with no debater's bonus (2 CP)",
        "committing Cajetan: burning books gets a third attempt (2 CP)",
        "committing Tetzel: burning books also adds 1 CP to St. Peter's (2 CP)",
    }
    others = [s for a, s in zip(view["actions"], view["action_labels"], strict=True) if a["type"] != "burn_books"]
    assert others and not any("choice" in s for s in others)
