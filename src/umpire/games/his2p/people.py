"""The people of Here I Stand: ``data/people.json``.

Format: ``{"about", "army_leaders", "naval_leaders", "debaters", "reformers"}``, each ``{id: entry}`` with ids in
lowercase ASCII snake case.

- army leader: ``name``, ``power`` (a major or minor power; null for Charles Bourbon, the renegade who fights for
  whoever plays his card), ``battle``, ``command``, ``ruler`` (also a ruler of the power card), ``entry``,
  ``two_player_start`` (on the map at the start of the two-player game).
- naval leader: ``name``, ``power``, ``battle``, ``piracy`` (null for a leader without piracy rating), ``entry``,
  ``two_player_start``.
- debater: ``name``, ``side`` (``protestant`` or ``papal``), ``zone`` (a Protestant debater's language zone:
  ``german``, ``french`` or ``english``; null for the Papal ones, who debate anywhere), ``value``, ``entry``,
  ``at_start`` (in play at the start: true exactly when ``entry`` is null), ``bonus`` (a one-line summary in
  umpire's words).
- reformer: ``name``, ``space`` (the space it enters on), ``entry``.

``entry`` is null (there at the start of the 1517 scenario), a turn number (placed in that turn's card draw
phase), or ``"main:N"`` (brought in by the event of main-deck card N). For Cranmer, Coverdale and Latimer and the
Cranmer reformer the turn is the English seed's; :mod:`umpire.games.his2p.variant` holds the Italian option.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal, cast

from umpire.games.his2p.cards import load_cards
from umpire.games.his2p.datafile import (
    MAJOR_POWERS,
    MINOR_POWERS,
    DataFault,
    card_ref,
    get,
    get_bool,
    get_int,
    get_mapping,
    get_opt_int,
    get_opt_str,
    get_str,
    read,
)
from umpire.games.his2p.variant import CRANMER_ENTRY_TURN, CRANMER_GROUP, Text

__all__ = [
    "DEBATERS_PER_SIDE",
    "PROTESTANT_DEBATERS_PER_ZONE",
    "ArmyLeader",
    "Debater",
    "Entry",
    "NavalLeader",
    "People",
    "Reformer",
    "load_people",
]

FILE = "people.json"
ID = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
DEBATERS_PER_SIDE: dict[str, int] = {"protestant": 17, "papal": 12}
"""The counter mix: 17 Protestant debaters (7 German, 4 French, 6 English) and 12 Papal."""
PROTESTANT_DEBATERS_PER_ZONE: dict[str, int] = {"german": 7, "french": 4, "english": 6}
Side = Literal["protestant", "papal"]


@dataclass(frozen=True, slots=True)
class Entry:
    """When someone comes into play: at the start (both null), in a turn's card draw phase, or by a card's event."""

    turn: int | None = None
    card: int | None = None

    @property
    def at_start(self) -> bool:
        """There at the start of the 1517 scenario."""
        return self.turn is None and self.card is None


@dataclass(frozen=True, slots=True)
class ArmyLeader:
    """An army leader (see the module docstring)."""

    id: str
    name: str
    power: str | None
    battle: int
    command: int
    ruler: bool
    entry: Entry
    two_player_start: bool


@dataclass(frozen=True, slots=True)
class NavalLeader:
    """A naval leader (see the module docstring)."""

    id: str
    name: str
    power: str
    battle: int
    piracy: int | None
    entry: Entry
    two_player_start: bool


@dataclass(frozen=True, slots=True)
class Debater:
    """A debater (see the module docstring)."""

    id: str
    name: str
    side: Side
    zone: str | None
    value: int
    entry: Entry
    bonus: str

    @property
    def at_start(self) -> bool:
        """In play at the start of the game."""
        return self.entry.at_start


@dataclass(frozen=True, slots=True)
class Reformer:
    """A reformer (see the module docstring)."""

    id: str
    name: str
    space: str
    entry: Entry


@dataclass(frozen=True, slots=True)
class People:
    """Everyone of ``people.json``, each kind keyed by id."""

    army_leaders: Mapping[str, ArmyLeader]
    naval_leaders: Mapping[str, NavalLeader]
    debaters: Mapping[str, Debater]
    reformers: Mapping[str, Reformer]

    def entering(self, turn: int, text: Text = "english") -> dict[str, tuple[str, ...]]:
        """Who is placed in ``turn``'s card draw phase: ``{"army_leaders": ids, "debaters": ids, "reformers": ids}``
        (people brought by card events are not listed: they come with the event). ``text`` picks the seed's
        reading for Cranmer, Latimer and Coverdale (:data:`~umpire.games.his2p.variant.CRANMER_ENTRY_TURN`)."""

        def turn_of(pid: str, entry: Entry) -> int | None:
            return CRANMER_ENTRY_TURN[text] if pid in CRANMER_GROUP else entry.turn

        return {
            "army_leaders": tuple(i for i, p in self.army_leaders.items() if p.entry.turn == turn),
            "debaters": tuple(i for i, p in self.debaters.items() if turn_of(i, p.entry) == turn),
            "reformers": tuple(i for i, p in self.reformers.items() if turn_of(i, p.entry) == turn),
        }


def _entry(raw: Mapping[str, Any], where: str) -> Entry:
    value = get(raw, "entry", FILE, where)
    if value is None:
        return Entry()
    if isinstance(value, int) and not isinstance(value, bool):
        if not 2 <= value <= 9:
            raise DataFault(FILE, where, f"an 'entry' turn must be from 2 to 9 (null for the start), got {value}")
        return Entry(turn=value)
    return Entry(card=card_ref(value, FILE, f"{where} 'entry'", load_cards().main))


def _power(raw: Mapping[str, Any], where: str, allow_none: bool) -> str | None:
    power = get_opt_str(raw, "power", FILE, where)
    if power is None and allow_none:
        return None
    if power not in MAJOR_POWERS + MINOR_POWERS:
        raise DataFault(FILE, where, f"'power' must be a major or minor power, got {power!r}")
    return power


def _section(data: Mapping[str, Any], key: str) -> dict[str, Mapping[str, Any]]:
    section = get_mapping(data, key, FILE, "top level")
    out: dict[str, Mapping[str, Any]] = {}
    for pid, raw in section.items():
        if not ID.match(pid):
            raise DataFault(FILE, f"{key} {pid!r}", "ids must be lowercase ASCII snake case")
        if not isinstance(raw, dict):
            raise DataFault(FILE, f"{key} {pid!r}", "expected an object")
        out[pid] = raw
    return out


def parse_people(data: Mapping[str, Any]) -> People:
    """Validate the parsed ``people.json`` and build :class:`People`."""
    army: dict[str, ArmyLeader] = {}
    for pid, raw in _section(data, "army_leaders").items():
        where = f"army leader {pid!r}"
        army[pid] = ArmyLeader(
            id=pid,
            name=get_str(raw, "name", FILE, where),
            power=_power(raw, where, allow_none=True),
            battle=get_int(raw, "battle", FILE, where, 0, 3),
            command=get_int(raw, "command", FILE, where, 1, 12),
            ruler=get_bool(raw, "ruler", FILE, where),
            entry=_entry(raw, where),
            two_player_start=get_bool(raw, "two_player_start", FILE, where),
        )
    naval: dict[str, NavalLeader] = {}
    for pid, raw in _section(data, "naval_leaders").items():
        where = f"naval leader {pid!r}"
        if pid in army:
            raise DataFault(FILE, where, "the id is also an army leader's")
        naval[pid] = NavalLeader(
            id=pid,
            name=get_str(raw, "name", FILE, where),
            power=cast(str, _power(raw, where, allow_none=False)),
            battle=get_int(raw, "battle", FILE, where, 0, 3),
            piracy=get_opt_int(raw, "piracy", FILE, where, 1, 3),
            entry=_entry(raw, where),
            two_player_start=get_bool(raw, "two_player_start", FILE, where),
        )
    debaters: dict[str, Debater] = {}
    for pid, raw in _section(data, "debaters").items():
        where = f"debater {pid!r}"
        side = get_str(raw, "side", FILE, where)
        if side not in DEBATERS_PER_SIDE:
            raise DataFault(FILE, where, f"'side' must be 'protestant' or 'papal', got {side!r}")
        zone = get_opt_str(raw, "zone", FILE, where)
        if side == "protestant" and zone not in PROTESTANT_DEBATERS_PER_ZONE:
            what = f"a Protestant debater's 'zone' must be german, french or english, got {zone!r}"
            raise DataFault(FILE, where, what)
        if side == "papal" and zone is not None:
            raise DataFault(FILE, where, f"a Papal debater has no 'zone', got {zone!r}")
        entry = _entry(raw, where)
        if get_bool(raw, "at_start", FILE, where) != entry.at_start:
            raise DataFault(FILE, where, "'at_start' must be true exactly when 'entry' is null")
        debaters[pid] = Debater(
            id=pid,
            name=get_str(raw, "name", FILE, where),
            side=cast(Side, side),
            zone=zone,
            value=get_int(raw, "value", FILE, where, 1, 4),
            entry=entry,
            bonus=get_str(raw, "bonus", FILE, where),
        )
    for side, count in DEBATERS_PER_SIDE.items():
        have = sum(1 for d in debaters.values() if d.side == side)
        if have != count:
            raise DataFault(FILE, "debaters", f"expected {count} {side} debaters, found {have}")
    for zone, count in PROTESTANT_DEBATERS_PER_ZONE.items():
        have = sum(1 for d in debaters.values() if d.zone == zone)
        if have != count:
            raise DataFault(FILE, "debaters", f"expected {count} Protestant debaters of the {zone} zone, found {have}")
    reformers: dict[str, Reformer] = {}
    for pid, raw in _section(data, "reformers").items():
        where = f"reformer {pid!r}"
        space = get_str(raw, "space", FILE, where)
        if not ID.match(space):
            raise DataFault(FILE, where, f"'space' must be a space id, got {space!r}")
        if pid not in debaters or debaters[pid].side != "protestant":
            raise DataFault(FILE, where, "every reformer is also a Protestant debater of the same id")
        reformers[pid] = Reformer(id=pid, name=get_str(raw, "name", FILE, where), space=space, entry=_entry(raw, where))
    return People(
        army_leaders=MappingProxyType(army),
        naval_leaders=MappingProxyType(naval),
        debaters=MappingProxyType(debaters),
        reformers=MappingProxyType(reformers),
    )


@functools.cache
def load_people() -> People:
    """The validated people of ``data/people.json`` (read once)."""
    return parse_people(read(FILE))
