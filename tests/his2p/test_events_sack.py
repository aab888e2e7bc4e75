"""Sack of Rome (card 95; rule book 21.5; the seed's Modified Cards)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from tests.his2p.test_events_mandatory import decision, impulse_with, play_event
from umpire.games.his2p import board as b
from umpire.games.his2p.events import events_sack
from umpire.games.his2p.mapdata import load_map
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game


def fix_dice(monkeypatch: pytest.MonkeyPatch, attack: Sequence[int], defence: Sequence[int]) -> None:
    def roll_many(state: dict[str, Any], purpose: str, count: int, sides: int = 6, **_: Any) -> list[int]:
        faces = list(attack if "attacks" in purpose else defence)
        assert len(faces) == count, f"{purpose}: {count} dice"
        return faces

    monkeypatch.setattr(rng, "roll_many", roll_many)


def sack_game(power: str, role: str = "protestant") -> Game:
    """Rome held by 1 Papal regular and 1 mercenary; ``power`` has 2 regulars and 3 mercenaries in Florence."""
    game = impulse_with(role, 95)
    state = game.state
    state["units"].pop("rome", None)
    b.add_units(state, "rome", "papacy", "regular", 1)
    b.add_units(state, "rome", "papacy", "mercenary", 1)
    state["units"].pop("florence", None)
    b.add_units(state, "florence", power, "regular", 2)
    b.add_units(state, "florence", power, "mercenary", 3)
    state["hands"]["papacy"] = [24, 25, 26]
    state["tracks"]["st_peters"]["cp"] = 3
    return game


def test_95_sack_of_rome_needs_more_mercenaries_than_papal_regulars_in_rome() -> None:
    game = sack_game("hapsburg")
    assert events_sack.sack_stacks(game.state, load_map()) == [("florence", "hapsburg")]
    b.add_units(game.state, "rome", "papacy", "regular", 2)  # 3 regulars: not fewer than 3 mercenaries
    with pytest.raises(IllegalAction, match="more mercenaries"):
        play_event(game, "protestant", 95)


def test_95_sack_of_rome_the_protestant_sacker_keeps_one_of_two_papal_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_dice(monkeypatch, attack=[6, 6, 1, 1, 1], defence=[5, 1])  # 2 hits against 1
    game = sack_game("protestant")
    play_event(game, "protestant", 95)
    game.act("protestant", {"type": "sack", "space": "florence", "power": "protestant"})
    state = game.state
    assert state["units"].get("rome") is None  # 2 hits: the regular, then the mercenary
    assert b.units_of(state, "florence", "protestant")["regular"] == 2  # 1 hit on the sackers: a mercenary
    assert b.units_of(state, "florence", "protestant")["mercenary"] == 2
    assert state["tracks"]["st_peters"]["cp"] == 0
    assert 95 in state["removed"]
    drawn = decision(game, "protestant")["secret"]
    assert len(drawn) == 2 and "secret" not in (game.view("observer")["decision"] or {})
    game.act("protestant", {"type": "keep", "card": drawn[0]})
    assert drawn[0] in game.state["hands"]["protestant"] and drawn[1] in game.state["discard"]
    assert len(game.state["hands"]["papacy"]) == 1


def test_95_sack_of_rome_hapsburg_sackers_take_no_card(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_dice(monkeypatch, attack=[6, 6, 1, 1, 1], defence=[5, 1])
    game = sack_game("hapsburg")
    play_event(game, "protestant", 95)
    game.act("protestant", {"type": "sack", "space": "florence", "power": "hapsburg"})
    state = game.state
    assert len(state["hands"]["papacy"]) == 1
    assert sum(1 for n in (24, 25, 26) if n in state["discard"]) == 2
    assert not any(n in state["hands"]["protestant"] for n in (24, 25, 26))


def test_95_sack_of_rome_papacy_holds_on_a_tie_and_the_card_is_discarded(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_dice(monkeypatch, attack=[6, 1, 1, 1, 1], defence=[5, 1])
    game = sack_game("hapsburg")
    play_event(game, "protestant", 95)
    game.act("protestant", {"type": "sack", "space": "florence", "power": "hapsburg"})
    state = game.state
    assert 95 in state["discard"] and 95 not in state["removed"]
    assert state["tracks"]["st_peters"]["cp"] == 3 and len(state["hands"]["papacy"]) == 3
    assert b.units_of(state, "rome", "papacy")["mercenary"] == 1 and b.units_of(state, "rome", "papacy")["regular"] == 0
    assert b.units_of(state, "florence", "hapsburg")["mercenary"] == 2  # 1 hit: on a mercenary


def test_95_attacker_losses_are_shared_evenly() -> None:
    units = {"regular": 2, "mercenary": 3, "cavalry": 0}
    assert events_sack.attacker_losses(units, 3) == {"mercenary": 2, "regular": 1}
    assert events_sack.attacker_losses({"regular": 0, "mercenary": 3, "cavalry": 0}, 2) == {"mercenary": 2}
