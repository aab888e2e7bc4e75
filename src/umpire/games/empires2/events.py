"""The Event Card deck (rewrite 19.0) as data: each card's name, count, whether it is a holding card and stays in
play once played, what a played holding card is played on, and its effect as steps (carried out by
``event_effects.py``).

Facts: the deck holds 56 cards; four Enlargement of King's Personal Demesne, one Missionary Fervor (kept
indefinitely), one each of Technological Weapons and Tactical Systems Advance (rewrite 19.0); Leader Dies Heirless
and the Diplomatic Coup holding card (seed 33.24, 33.42). Every other name and count is authored and marked so.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from umpire.games.empires2 import datafiles
from umpire.games.empires2.tables import TableFault
from umpire.kernel import rng

State = dict[str, Any]

EVENTS_FILE = "event_cards.json"
_ID = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")


#: What a step does; each with the keys it may carry (besides ``do`` and ``if_religion``).
STEP_KEYS: dict[str, frozenset[str]] = {
    "gold": frozenset({"amount", "per", "most"}),
    "social_state": frozenset({"change", "areas", "where", "unrest"}),
    "unrest": frozenset({"areas", "where", "check"}),
    "court_ties": frozenset({"amount"}),
    "stature_check": frozenset(),
}
#: Which of the empire's areas a step may pick from.
WHERE = ("any", "not_court", "court", "foreign", "other_religion")
#: What a holding card that is played and discarded is played on: a non-player empire's Court (33.41), another
#: empire, or the Court of one of the player's Allied Empires (33.42).
TARGETS = ("court", "empire", "ally_court")
ALL = "all"


@dataclass(frozen=True, slots=True)
class EventStep:
    """One step of a card's effect; ``areas`` None means every area that fits ``where``."""

    do: str
    amount: int = 0
    per: str = "card"
    most: int | None = None
    change: int = 0
    areas: int | None = 1
    where: str = "any"
    unrest: bool = False
    check: bool = False
    if_religion: tuple[str, ...] = ()


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
    effect: tuple[EventStep, ...] = ()
    target: str | None = None


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


def _whole(where: str, key: str, value: Any, low: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or (low is not None and value < low):
        wanted = "a whole number" + (f" from {low}" if low is not None else "")
        raise TableFault(where, f"'{key}' must be {wanted}, got {value!r}", EVENTS_FILE)
    return value


def _flag(where: str, key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise TableFault(where, f"'{key}' must be true or false, got {value!r}", EVENTS_FILE)
    return value


def _step(entry: Any, where: str) -> EventStep:
    """One checked effect step."""
    if not isinstance(entry, dict):
        raise TableFault(where, "must be an object", EVENTS_FILE)
    do = entry.get("do")
    if do not in STEP_KEYS:
        raise TableFault(where, f"'do' must be one of {', '.join(STEP_KEYS)}, got {do!r}", EVENTS_FILE)
    extra = set(entry) - STEP_KEYS[do] - {"do", "if_religion"}
    if extra:
        raise TableFault(where, f"a {do} step takes no {', '.join(sorted(extra))}", EVENTS_FILE)
    religions = entry.get("if_religion", [])
    if not isinstance(religions, list) or not all(isinstance(r, str) and r for r in religions):
        raise TableFault(where, f"'if_religion' must be a list of religions, got {religions!r}", EVENTS_FILE)
    areas = entry.get("areas", 1)
    if areas != ALL:
        _whole(where, "areas", areas, 1)
    if entry.get("where", "any") not in WHERE:
        raise TableFault(where, f"'where' must be one of {', '.join(WHERE)}, got {entry['where']!r}", EVENTS_FILE)
    if entry.get("per", "card") not in ("card", "area"):
        raise TableFault(where, f"'per' must be card or area, got {entry['per']!r}", EVENTS_FILE)
    if do in ("gold", "court_ties") and not _whole(where, "amount", entry.get("amount")):
        raise TableFault(where, "'amount' must not be 0", EVENTS_FILE)
    if do == "court_ties" and entry["amount"] < 0:
        raise TableFault(where, f"'amount' of ties must be positive, got {entry['amount']}", EVENTS_FILE)
    if do == "social_state" and not _whole(where, "change", entry.get("change")):
        raise TableFault(where, "'change' must not be 0", EVENTS_FILE)
    most = entry.get("most")
    return EventStep(
        do=do,
        amount=entry.get("amount", 0),
        per=entry.get("per", "card"),
        most=None if most is None else _whole(where, "most", most, 0),
        change=entry.get("change", 0),
        areas=None if areas == ALL else areas,
        where=entry.get("where", "any"),
        unrest=_flag(where, "unrest", entry.get("unrest", False)),
        check=_flag(where, "check", entry.get("check", False)),
        if_religion=tuple(religions),
    )


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
    target = entry.get("target")
    played_later = flags["holding"] and not flags["kept_when_played"]
    if played_later and target not in TARGETS:
        raise TableFault(
            where, f"a holding card played and discarded needs a 'target' ({', '.join(TARGETS)}), got {target!r}",
            EVENTS_FILE,
        )  # fmt: skip
    if not played_later and target is not None:
        raise TableFault(where, "only a holding card played and discarded has a 'target'", EVENTS_FILE)
    raw = entry.get("effect")
    if not isinstance(raw, list):
        raise TableFault(where, "'effect' must be a list of steps (empty for none)", EVENTS_FILE)
    effect = tuple(_step(step, f"{where} effect[{i}]") for i, step in enumerate(raw))
    if target != "court" and any(step.do == "court_ties" for step in effect):
        raise TableFault(where, "a court_ties step needs the card's 'target' to be court", EVENTS_FILE)
    return EventCard(card_id, entry["name"], count, flags["holding"], flags["kept_when_played"], flags["authored"],
                     entry["source"], effect, target)  # fmt: skip


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
    """The checked card list of ``event_cards.json`` (the package's, or the owner's, ``datafiles``; read once)."""
    src = datafiles.source(EVENTS_FILE)
    try:
        data = datafiles.read(src)
        if not isinstance(data, dict):
            raise TableFault("top level", "expected a JSON object", EVENTS_FILE)
        return parse_event_cards(data)
    except ValueError as fault:
        raise datafiles.refault(fault, src) from None


def shuffled_deck(state: State, deck: EventDeck | None = None) -> list[str]:
    """The Event Cards shuffled, one id per card."""
    return rng.shuffle(state, "shuffle the Event Cards", (deck or load_event_cards()).ids())
