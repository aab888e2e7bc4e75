"""The cards of Here I Stand for the two-player game: ``data/cards.json``.

Format: ``{"about", "main": {"1": {...}, … "116": {...}}, "diplomatic": {"201": {...}, … "219": {...}}}``.

Main-deck card: ``name``; ``cp`` (its command points; 0 for Luther's 95 Theses); ``type`` (``home``,
``mandatory``, ``combat``, ``response``, ``event``); ``power`` (the owner of a home card, else null); ``turn`` (the
turn it enters the deck of the two-player game: 1 for the starting deck, 3–7 later) or null with ``entry``
saying why (cards brought in by events, Luther's 95 Theses); ``entry`` may also explain a turn the variant fixes;
``remove`` (removed from the game once played as an event), with ``remove_note`` where that depends on the
event's outcome; ``edition`` (``base`` for 1–110, ``anniversary`` for 111–116 of the 500th-anniversary
printing); an optional one-line ``summary`` in umpire's words. Effects are code, not data.

Diplomatic card (the variant's own deck): ``name``; ``initial`` (true for the twelve of the starting deck,
201–212; false for the seven added the turn after the Schmalkaldic League, 213–219); ``remove``; ``invasion``
(the power whose forces the card brings in, where its name says so); optional ``cp``, ``side`` and ``summary``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, cast

from umpire.games.his2p.datafile import (
    MAJOR_POWERS,
    DataFault,
    get_bool,
    get_int,
    get_mapping,
    get_opt_int,
    get_opt_str,
    get_str,
    read,
)

__all__ = [
    "BASE_CARDS",
    "CARD_TYPES",
    "ENTRY_TURNS",
    "CardData",
    "CardType",
    "DiplomaticCard",
    "MainCard",
    "load_cards",
]

FILE = "cards.json"
CardType = Literal["home", "mandatory", "combat", "response", "event"]
CARD_TYPES: tuple[str, ...] = ("home", "mandatory", "combat", "response", "event")
ENTRY_TURNS: tuple[int, ...] = (1, 3, 4, 5, 6, 7)
BASE_CARDS = range(1, 111)
ANNIVERSARY_CARDS = range(111, 117)
DIPLOMATIC_INITIAL = range(201, 213)
DIPLOMATIC_LATER = range(213, 220)
SIDES: tuple[str, ...] = ("papacy", "protestant")


@dataclass(frozen=True, slots=True)
class MainCard:
    """A card of the main deck (see the module docstring)."""

    number: int
    name: str
    cp: int
    type: CardType
    power: str | None
    turn: int | None
    entry: str | None
    remove: bool
    remove_note: str | None
    edition: Literal["base", "anniversary"]
    summary: str | None


@dataclass(frozen=True, slots=True)
class DiplomaticCard:
    """A card of the variant's diplomatic deck (see the module docstring)."""

    number: int
    name: str
    initial: bool
    remove: bool
    invasion: str | None
    cp: int | None
    side: str | None
    summary: str | None


@dataclass(frozen=True, slots=True)
class CardData:
    """Both decks, keyed by card number."""

    main: Mapping[int, MainCard]
    diplomatic: Mapping[int, DiplomaticCard]

    def entering(self, turn: int) -> tuple[int, ...]:
        """Main-deck cards whose ``turn`` is ``turn`` (1: the starting deck, home cards included), in number order."""
        return tuple(n for n, card in self.main.items() if card.turn == turn)


def _numbers(section: Mapping[str, object], where: str) -> list[int]:
    numbers = []
    for key in section:
        if not key.isdigit() or str(int(key)) != key:
            raise DataFault(FILE, f"{where} {key!r}", "card keys must be card numbers without leading zeros")
        numbers.append(int(key))
    return sorted(numbers)


def _main_card(number: int, entry: Mapping[str, object]) -> MainCard:
    where = f"main card {number}"
    ctype = get_str(entry, "type", FILE, where)
    if ctype not in CARD_TYPES:
        raise DataFault(FILE, where, f"'type' must be one of {', '.join(CARD_TYPES)}, got {ctype!r}")
    power = get_opt_str(entry, "power", FILE, where)
    if ctype == "home" and power not in MAJOR_POWERS:
        raise DataFault(FILE, where, f"a home card needs 'power', one of {', '.join(MAJOR_POWERS)}; got {power!r}")
    if ctype != "home" and power is not None:
        raise DataFault(FILE, where, f"only home cards have a 'power'; got {power!r}")
    turn = get_opt_int(entry, "turn", FILE, where, 1, 9)
    if turn is not None and turn not in ENTRY_TURNS:
        raise DataFault(FILE, where, f"'turn' must be one of {ENTRY_TURNS} or null, got {turn}")
    why = get_opt_str(entry, "entry", FILE, where)
    if turn is None and why is None:
        raise DataFault(FILE, where, "'turn' is null, so 'entry' must say how the card enters")
    edition = get_str(entry, "edition", FILE, where)
    expected = "base" if number in BASE_CARDS else "anniversary"
    if edition != expected:
        raise DataFault(FILE, where, f"'edition' must be {expected!r} for card {number}, got {edition!r}")
    return MainCard(
        number=number,
        name=get_str(entry, "name", FILE, where),
        cp=get_int(entry, "cp", FILE, where, 0, 6),
        type=cast(CardType, ctype),
        power=power,
        turn=turn,
        entry=why,
        remove=get_bool(entry, "remove", FILE, where),
        remove_note=get_opt_str(entry, "remove_note", FILE, where),
        edition=cast(Literal["base", "anniversary"], edition),
        summary=get_opt_str(entry, "summary", FILE, where),
    )


def _diplomatic_card(number: int, entry: Mapping[str, object]) -> DiplomaticCard:
    where = f"diplomatic card {number}"
    initial = get_bool(entry, "initial", FILE, where)
    if initial != (number in DIPLOMATIC_INITIAL):
        raise DataFault(FILE, where, f"'initial' must be {number in DIPLOMATIC_INITIAL} (201-212 start the deck)")
    invasion = get_opt_str(entry, "invasion", FILE, where)
    if invasion is not None and invasion not in MAJOR_POWERS:
        raise DataFault(FILE, where, f"'invasion' must name a major power, got {invasion!r}")
    side = get_opt_str(entry, "side", FILE, where)
    if side is not None and side not in SIDES:
        raise DataFault(FILE, where, f"'side' must be one of {', '.join(SIDES)}, got {side!r}")
    return DiplomaticCard(
        number=number,
        name=get_str(entry, "name", FILE, where),
        initial=initial,
        remove=get_bool(entry, "remove", FILE, where),
        invasion=invasion,
        cp=get_opt_int(entry, "cp", FILE, where, 0, 6),
        side=side,
        summary=get_opt_str(entry, "summary", FILE, where),
    )


def parse_cards(data: Mapping[str, object]) -> CardData:
    """Validate the parsed ``cards.json`` and build :class:`CardData`."""
    main_raw = get_mapping(data, "main", FILE, "top level")
    diplo_raw = get_mapping(data, "diplomatic", FILE, "top level")
    main_numbers = _numbers(main_raw, "main")
    wanted = [*BASE_CARDS, *ANNIVERSARY_CARDS]
    if main_numbers != wanted:
        missing = sorted(set(wanted) - set(main_numbers))
        extra = sorted(set(main_numbers) - set(wanted))
        what = f"expected cards 1-116 (110 base + 6 anniversary); missing {missing}, extra {extra}"
        raise DataFault(FILE, "main", what)
    diplo_numbers = _numbers(diplo_raw, "diplomatic")
    wanted = [*DIPLOMATIC_INITIAL, *DIPLOMATIC_LATER]
    if diplo_numbers != wanted:
        missing = sorted(set(wanted) - set(diplo_numbers))
        extra = sorted(set(diplo_numbers) - set(wanted))
        what = f"expected cards 201-219 (12 initial + 7 later); missing {missing}, extra {extra}"
        raise DataFault(FILE, "diplomatic", what)
    main: dict[int, MainCard] = {}
    names: dict[str, int] = {}
    for number in main_numbers:
        raw = main_raw[str(number)]
        if not isinstance(raw, dict):
            raise DataFault(FILE, f"main card {number}", "expected an object")
        card = _main_card(number, raw)
        if card.name.casefold() in names:
            twin = names[card.name.casefold()]
            raise DataFault(FILE, f"main card {number}", f"name {card.name!r} repeats card {twin}")
        names[card.name.casefold()] = number
        main[number] = card
    diplomatic: dict[int, DiplomaticCard] = {}
    for number in diplo_numbers:
        raw = diplo_raw[str(number)]
        if not isinstance(raw, dict):
            raise DataFault(FILE, f"diplomatic card {number}", "expected an object")
        diplomatic[number] = _diplomatic_card(number, raw)
    return CardData(main=MappingProxyType(main), diplomatic=MappingProxyType(diplomatic))


@functools.cache
def load_cards() -> CardData:
    """The validated card data of ``data/cards.json`` (read once)."""
    return parse_cards(read(FILE))
