"""The Event Card list (rewrite 19.0): the deck, the public cards' counts and kinds, faults named."""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest

from umpire.games.empires2 import events as ev
from umpire.games.empires2.tables import DATA_DIR, TableFault
from umpire.kernel import rng


def raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA_DIR / "event_cards.json").read_text(encoding="utf-8"))
    return copy.deepcopy(data)


def test_19_0_the_deck_holds_56_cards() -> None:
    # ruling EMP-R16
    deck = ev.load_event_cards()
    assert deck.size == 56 and len(deck.ids()) == 56


def test_19_0_the_public_cards() -> None:
    deck = ev.load_event_cards()
    demesne = deck.card("enlargement_of_kings_personal_demesne")
    assert (demesne.count, demesne.holding, demesne.kept_when_played, demesne.authored) == (4, True, True, False)
    assert deck.card("missionary_fervor").count == 1
    for card_id in ("technological_weapons", "tactical_systems_advance"):
        card = deck.card(card_id)
        assert (card.count, card.kept_when_played, card.authored) == (1, True, False)
    assert deck.card("diplomatic_coup").holding  # seed 33.42: a holding card
    assert not deck.card("leader_dies_heirless").holding
    assert "plague" in deck.authored and "missionary_fervor" not in deck.authored
    with pytest.raises(ValueError, match="no Event Card 'comet'"):
        deck.card("comet")


def test_19_0_counts_must_fill_the_deck() -> None:
    data = raw()
    data["cards"][0]["count"] = 5
    with pytest.raises(TableFault, match=r"event_cards\.json: cards: the counts add up to 57, not the deck size 56"):
        ev.parse_event_cards(data)


def test_19_0_ids_are_unique_snake_case() -> None:
    data = raw()
    data["cards"][1]["id"] = data["cards"][0]["id"]
    with pytest.raises(TableFault, match="listed twice"):
        ev.parse_event_cards(data)
    data = raw()
    data["cards"][0]["id"] = "Missionary Fervor"
    with pytest.raises(TableFault, match="lowercase snake_case"):
        ev.parse_event_cards(data)


def test_19_0_a_card_kept_in_play_is_a_holding_card() -> None:
    data = raw()
    data["cards"][0]["holding"] = False
    with pytest.raises(TableFault, match="must be a holding card"):
        ev.parse_event_cards(data)


def test_19_0_shuffling_keeps_every_card() -> None:
    state = {"rng": rng.init_rng(5), "rolls": []}
    shuffled = ev.shuffled_deck(state)
    assert Counter(shuffled) == Counter(ev.load_event_cards().ids())
    assert state["rolls"][0]["purpose"] == "shuffle the Event Cards"
