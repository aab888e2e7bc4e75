"""The decision in words on the empires2 page (``labels.decision_text``)."""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import labels


def turn_of(current: str, role: str, ally_of: str | None) -> dict[str, Any]:
    empires = {
        "byzantine": {"name": "Byzantine Empire", "ally_of": None},
        "germany": {"name": "Germany", "ally_of": None},
        "france": {"name": "France", "ally_of": ally_of},
    }
    runner = ally_of or current
    return {"role": role, "acting": [runner], "current": current, "phase": "turn", "empires": empires}


def test_an_allied_empires_turn_says_whose_ally_it_is() -> None:
    """33.31: the player running an ally's turn is told it is his Allied Empire; the other seat, whose it is."""
    assert labels.decision_text(turn_of("france", "byzantine", "byzantine")) == (
        "Your move: France's player-turn (your Allied Empire, 33.31)."
    )
    assert labels.decision_text(turn_of("france", "germany", "byzantine")) == (
        "Waiting for Byzantine Empire: France's player-turn (allied to Byzantine Empire)."
    )
    assert labels.decision_text(turn_of("germany", "germany", None)) == "Your move: Germany's player-turn."
