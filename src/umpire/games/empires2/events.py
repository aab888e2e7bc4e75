"""The Event Card deck (rewrite 19.0) as data: each card's name, count, and whether it is a holding card and stays in
play once played. Only the list: the cards' effects come with the engine.

Facts: the deck holds 56 cards; four Enlargement of King's Personal Demesne, one Missionary Fervor (kept
indefinitely), one each of Technological Weapons and Tactical Systems Advance (rewrite 19.0); Leader Dies Heirless
and the Diplomatic Coup holding card (seed 33.24, 33.42). Every other name and count is authored and marked so.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from umpire.games.empires2.tables import DATA_DIR, TableFault
from umpire.kernel import rng

State = dict[str, Any]

EVENTS_FILE = "event_cards.json"
_ID = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")


@dataclass(frozen=True, slots=True)
class EventCard:
    """One kind of Event Card."""

    id: str
    name: str
    count: int
    holding: bool
    kept_when_played: bool
    authored: bool
    source: str


@dataclass(frozen=True, slots=True)
class EventDeck:
    """The checked card list; ``cards`` in file order."""

    cards: tuple[EventCard, ...]
    size: int

    def card(self, card_id: str) -> EventCard:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise ValueError(f"no Event Card {card_id!r}")

    def ids(self) -> list[str]:
        """One id per physical card, in file order (the deck before shuffling)."""
        return [card.id for card in self.cards for _ in range(card.count)]

    @property
    def authored(self) -> tuple[str, ...]:
        return tuple(card.id for card in self.cards if card.authored)


def _card(entry: Any, index: int) -> EventCard:
    where = f"cards[{index}]"
    if not isinstance(entry, dict):
        raise TableFault(where, "must be an object", EVENTS_FILE)
    card_id = entry.get("id")
    if not isinstance(card_id, str) or not _ID.match(card_id):
        raise TableFault(where, f"'id' must be lowercase snake_case, got {card_id!r}", EVENTS_FILE)
    where = f"card {card_id}"
    for key in ("name", "source"):
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            raise TableFault(where, f"'{key}' must be a non-empty string", EVENTS_FILE)
    count = entry.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise TableFault(where, f"'count' must be a whole number from 1, got {count!r}", EVENTS_FILE)
    flags = {}
    for key in ("holding", "kept_when_played", "authored"):
        if not isinstance(entry.get(key), bool):
            raise TableFault(where, f"'{key}' must be true or false", EVENTS_FILE)
        flags[key] = entry[key]
    if flags["kept_when_played"] and not flags["holding"]:
        raise TableFault(where, "a card kept in play once played must be a holding card", EVENTS_FILE)
    return EventCard(card_id, entry["name"], count, flags["holding"], flags["kept_when_played"], flags["authored"],
                     entry["source"])  # fmt: skip


def parse_event_cards(data: Mapping[str, Any]) -> EventDeck:
    """Check a parsed ``event_cards.json``: the about string, ids unique, counts adding up to the deck size."""
    if not isinstance(data.get("about"), str) or not data["about"].strip():
        raise TableFault("top level", "missing the 'about' string", EVENTS_FILE)
    size = data.get("deck_size")
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise TableFault("top level", f"'deck_size' must be a whole number from 1, got {size!r}", EVENTS_FILE)
    raw = data.get("cards")
    if not isinstance(raw, list) or not raw:
        raise TableFault("top level", "'cards' must be a non-empty list", EVENTS_FILE)
    cards = tuple(_card(entry, i) for i, entry in enumerate(raw))
    seen: set[str] = set()
    for card in cards:
        if card.id in seen:
            raise TableFault(f"card {card.id}", "listed twice", EVENTS_FILE)
        seen.add(card.id)
    total = sum(card.count for card in cards)
    if total != size:
        raise TableFault("cards", f"the counts add up to {total}, not the deck size {size}", EVENTS_FILE)
    return EventDeck(cards, size)


@functools.cache
def load_event_cards() -> EventDeck:
    """The checked card list of ``data/event_cards.json`` (read once)."""
    data = json.loads((DATA_DIR / EVENTS_FILE).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise TableFault("top level", "expected a JSON object", EVENTS_FILE)
    return parse_event_cards(data)


def shuffled_deck(state: State, deck: EventDeck | None = None) -> list[str]:
    """The Event Cards shuffled, one id per card."""
    return rng.shuffle(state, "shuffle the Event Cards", (deck or load_event_cards()).ids())
