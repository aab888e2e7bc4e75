"""A tiny test-only ruleset with hidden hands, a shuffled deck, sequential impulses and an engine-run power.

It exists to test the kernel's contract on the Here-I-Stand shape of play (hidden hands, decks, one role acting at
a time) and on engine procedures, independently of any real ruleset.
"""

from __future__ import annotations

from typing import Any

from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction
from umpire.kernel.registry import register
from umpire.kernel.ruleset import ENGINE, GM, Option, Ruleset, RulesetInfo, Scenario

CARDS = [f"C{i:02d}" for i in range(1, 13)]


class HandsGame(Ruleset):
    info = RulesetInfo(
        name="toy-hands",
        title="Toy hidden-hands game",
        seed="(test fixture)",
        scenarios=(Scenario("basic", "Basic"),),
        options=(Option("hand", 3, (2, 3, 4), "cards dealt to each seat"),),
    )

    def setup(self, state: dict[str, Any], scenario: str, options: dict[str, Any]) -> None:
        deck = rng.shuffle(state, "shuffle the deck", CARDS, visible_to=[])
        size = options["hand"]
        state["hands"] = {"RED": deck[:size], "BLUE": deck[size : 2 * size]}
        state["deck"] = deck[2 * size :]
        state["played"] = []
        state["turn"] = "RED"
        state["passes"] = 0
        state["control"] = {"RED": "RED", "BLUE": "BLUE", "GREY": ENGINE}

    def seats(self, state: dict[str, Any]) -> list[str]:
        return ["RED", "BLUE"]

    def view(self, state: dict[str, Any], role: str) -> dict[str, Any]:
        seen: dict[str, Any] = {
            "turn": state["turn"],
            "played": list(state["played"]),
            "hand_sizes": {seat: len(cards) for seat, cards in state["hands"].items()},
            "deck_size": len(state["deck"]),
            "rolls": rng.visible_rolls(state, role),
        }
        if role in state["hands"]:
            seen["hand"] = list(state["hands"][role])
        if role == GM:
            seen["hands"] = {k: list(v) for k, v in state["hands"].items()}
        if role == state["turn"] and not state.get("over"):
            seen["actions"] = [{"type": "play", "card": c} for c in state["hands"][role]] + [{"type": "pass"}]
        else:
            seen["actions"] = []
        return seen

    def apply(self, state: dict[str, Any], role: str, action: dict[str, Any]) -> None:
        if role != state["turn"]:
            raise IllegalAction(f"it is {state['turn']}'s turn, not {role}'s")
        if action["type"] == "play":
            card = action.get("card")
            if card not in state["hands"][role]:
                raise IllegalAction(f"{role} has no card {card!r} in hand")
            state["hands"][role].remove(card)
            state["played"].append({"by": role, "card": card})
            state["passes"] = 0
        elif action["type"] == "pass":
            state["passes"] += 1
        else:
            raise IllegalAction(f"unknown action type {action['type']!r}; expected 'play' or 'pass'")
        state["turn"] = "BLUE" if role == "RED" else "RED"

    def advance(self, state: dict[str, Any]) -> None:
        # The engine-run GREY power plays the top card of the deck on a roll of 5-6 after every impulse.
        if state["played"] and state["deck"] and rng.roll(state, "GREY: plays from the deck on 5-6") >= 5:
            state["played"].append({"by": "GREY", "card": state["deck"].pop(0)})
        if state["passes"] >= 2:
            state["over"] = True


register(HandsGame())
