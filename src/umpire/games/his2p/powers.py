"""The power cards, victory tracks and turn track of Here I Stand: ``data/powers.json``.

Format (top level, besides ``about``):

``powers``
    ``{power: card}`` for the six major powers. ``name``; ``rulers`` in the order they reign, each ``{id, name,
    admin, card_bonus, from}`` (admin rating: cards it may keep from turn to turn; card bonus: extra cards dealt,
    0 or 1; ``from``: ``"main:N"``, the mandatory event that crowns it, null for the ruler at the start). Powers
    drawing by keys have ``cards_by_keys`` and ``vp_by_keys`` (``{"1": n, …}``: the last uncovered box of the
    power card for that many keys) and ``auto_win_keys``; the Protestant has ``cards_by_electorates``
    (``{base, threshold, at_threshold}``: ``at_threshold`` cards with at least ``threshold`` electorates under
    Protestant political control, else ``base``) and ``vp_per_electorate`` (electorates under Protestant
    religious and political control).
``protestant_spaces``
    ``{track: [{spaces, protestant_vp, papal_vp}, …] for 0–49, religious_victory: 50}``.
``st_peters``
    ``{cp_per_vp, max_vp}``.
``translations``
    ``{zones, new_testament: {cp, attempts, die_bonus, vp}, full_bible: {…}}``: CP to complete, reformation
    attempts it then gives, the bonus on each Protestant die of those attempts, VP it is worth (per zone).
``debater_vp``
    ``{burned: {side, to}, disgraced: {side, to}}``: a burned or disgraced debater of ``side`` gives the power
    ``to`` VP equal to its value.
``war_winner_vp``
    VP of one War Winner marker.
``turns``
    ``[{turn, first_year, last_year}, …]`` for turns 1–9.

In the two-player game only the Papal and Protestant cards are in use (seed 3); the others are kept for events that
read them. :func:`turn_track` joins the turns with what enters in each (cards and people).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from umpire.games.his2p.cards import load_cards
from umpire.games.his2p.datafile import (
    MAJOR_POWERS,
    DataFault,
    card_ref,
    get,
    get_int,
    get_mapping,
    get_str,
    read,
)
from umpire.games.his2p.people import load_people
from umpire.games.his2p.variant import Text

__all__ = [
    "ElectorateDraw",
    "PowerCard",
    "Powers",
    "Ruler",
    "Translation",
    "Turn",
    "TurnEntries",
    "load_powers",
    "turn_track",
]

FILE = "powers.json"
TURNS = 9


@dataclass(frozen=True, slots=True)
class Ruler:
    """A ruler of a power card; ``card`` is the main-deck card crowning it (None for the first)."""

    id: str
    name: str
    admin: int
    card_bonus: int
    card: int | None


@dataclass(frozen=True, slots=True)
class ElectorateDraw:
    """The Protestant's card draw: ``at_threshold`` cards with at least ``threshold`` electorates, else ``base``."""

    base: int
    threshold: int
    at_threshold: int


@dataclass(frozen=True, slots=True)
class PowerCard:
    """A major power's card (see the module docstring); key tables are empty for the Protestant."""

    id: str
    name: str
    rulers: tuple[Ruler, ...]
    cards_by_keys: Mapping[int, int]
    vp_by_keys: Mapping[int, int]
    auto_win_keys: int | None
    electorate_draw: ElectorateDraw | None
    vp_per_electorate: int | None

    def base_cards(self, keys: int) -> int:
        """Cards dealt for ``keys`` keys before the ruler's bonus: the last uncovered box, at least one."""
        if not self.cards_by_keys:
            raise ValueError(f"{self.name} do not draw by keys")
        return max(1, _last_box(self.cards_by_keys, keys))

    def key_vp(self, keys: int) -> int:
        """Base VP for ``keys`` keys (0 with none)."""
        if not self.vp_by_keys:
            raise ValueError(f"{self.name} score no VP by keys")
        return _last_box(self.vp_by_keys, keys)


def _last_box(table: Mapping[int, int], keys: int) -> int:
    if keys < 0:
        raise ValueError(f"a key count cannot be negative, got {keys}")
    if keys == 0:
        return 0
    return table[min(keys, max(table))]


@dataclass(frozen=True, slots=True)
class Translation:
    """One translation track: CP to complete it, the attempts it gives, their die bonus, its VP per zone."""

    cp: int
    attempts: int
    die_bonus: int
    vp: int


@dataclass(frozen=True, slots=True)
class Turn:
    """A turn of the turn track and the years it covers."""

    turn: int
    first_year: int
    last_year: int


@dataclass(frozen=True, slots=True)
class Powers:
    """Everything of ``powers.json``."""

    powers: Mapping[str, PowerCard]
    protestant_spaces: tuple[tuple[int, int], ...]
    religious_victory: int
    st_peters_cp_per_vp: int
    st_peters_max_vp: int
    translation_zones: tuple[str, ...]
    new_testament: Translation
    full_bible: Translation
    burned_vp_to: str
    disgraced_vp_to: str
    war_winner_vp: int
    turns: tuple[Turn, ...]

    def spaces_vp(self, spaces: int) -> tuple[int, int]:
        """``(protestant_vp, papal_vp)`` for a count of Protestant spaces below the religious victory."""
        if not 0 <= spaces < self.religious_victory:
            raise ValueError(
                f"Protestant spaces must be from 0 to {self.religious_victory - 1} "
                f"({self.religious_victory} is a religious victory), got {spaces}"
            )
        return self.protestant_spaces[spaces]

    def st_peters_vp(self, cp_spent: int) -> int:
        """VP from St. Peter's after ``cp_spent`` CP in all."""
        return min(self.st_peters_max_vp, max(0, cp_spent) // self.st_peters_cp_per_vp)


@dataclass(frozen=True, slots=True)
class TurnEntries:
    """A turn of the track with what enters in its card draw phase."""

    turn: int
    first_year: int
    last_year: int
    cards: tuple[int, ...]
    army_leaders: tuple[str, ...]
    debaters: tuple[str, ...]
    reformers: tuple[str, ...]


def _table(raw: Mapping[str, Any], key: str, where: str) -> Mapping[int, int]:
    table = get_mapping(raw, key, FILE, where)
    keys = sorted(int(k) for k in table if k.isdigit())
    if len(keys) != len(table) or keys != list(range(1, len(keys) + 1)):
        raise DataFault(FILE, where, f"'{key}' must be keyed 1, 2, … without gaps, got {list(table)}")
    values = [get_int(table, str(k), FILE, f"{where} {key}", 0, 30) for k in keys]
    if values != sorted(values):
        raise DataFault(FILE, where, f"'{key}' must not fall as keys rise, got {values}")
    return MappingProxyType(dict(zip(keys, values, strict=True)))


def _rulers(raw: Mapping[str, Any], power: str, where: str, seen: set[str]) -> tuple[Ruler, ...]:
    rows = get(raw, "rulers", FILE, where)
    if not isinstance(rows, list) or not rows:
        raise DataFault(FILE, where, "'rulers' must be a non-empty list")
    rulers = []
    cards = load_cards().main
    for i, row in enumerate(rows):
        at = f"{where} ruler {i + 1}"
        if not isinstance(row, dict):
            raise DataFault(FILE, at, "expected an object")
        rid = get_str(row, "id", FILE, at)
        if rid in seen:
            raise DataFault(FILE, at, f"ruler id {rid!r} appears twice")
        seen.add(rid)
        crown = row.get("from")
        card = None
        if i == 0 and crown is not None:
            raise DataFault(FILE, at, "the first ruler reigns from the start: 'from' must be null")
        if i > 0:
            card = card_ref(crown, FILE, f"{at} 'from'", cards)
            if cards[card].type != "mandatory":
                raise DataFault(FILE, at, f"'from' must be a mandatory event, card {card} is {cards[card].type}")
        rulers.append(
            Ruler(
                id=rid,
                name=get_str(row, "name", FILE, at),
                admin=get_int(row, "admin", FILE, at, 0, 2),
                card_bonus=get_int(row, "card_bonus", FILE, at, 0, 1),
                card=card,
            )
        )
    leaders = load_people().army_leaders
    for ruler in rulers:
        leader = leaders.get(ruler.id)
        if leader is not None and (not leader.ruler or leader.power != power):
            what = f"ruler {ruler.id!r} is an army leader of people.json not marked as {power}'s ruler"
            raise DataFault(FILE, where, what)
    ids = {r.id for r in rulers}
    for lid, leader in leaders.items():
        if leader.ruler and leader.power == power and lid not in ids:
            raise DataFault(FILE, where, f"army leader {lid!r} is marked a ruler of {power} but is not in 'rulers'")
    return tuple(rulers)


def _power_card(pid: str, raw: Mapping[str, Any], seen: set[str]) -> PowerCard:
    where = f"power {pid!r}"
    rulers = _rulers(raw, pid, where, seen)
    if pid == "protestant":
        draw = get_mapping(raw, "cards_by_electorates", FILE, where)
        return PowerCard(
            id=pid,
            name=get_str(raw, "name", FILE, where),
            rulers=rulers,
            cards_by_keys=MappingProxyType({}),
            vp_by_keys=MappingProxyType({}),
            auto_win_keys=None,
            electorate_draw=ElectorateDraw(
                base=get_int(draw, "base", FILE, where, 1, 9),
                threshold=get_int(draw, "threshold", FILE, where, 1, 6),
                at_threshold=get_int(draw, "at_threshold", FILE, where, 1, 9),
            ),
            vp_per_electorate=get_int(raw, "vp_per_electorate", FILE, where, 1, 5),
        )
    cards = _table(raw, "cards_by_keys", where)
    vp = _table(raw, "vp_by_keys", where)
    auto = get_int(raw, "auto_win_keys", FILE, where, 1, 20)
    if auto <= max(max(cards), max(vp)):
        raise DataFault(FILE, where, f"'auto_win_keys' ({auto}) must lie beyond the key tables")
    return PowerCard(
        id=pid,
        name=get_str(raw, "name", FILE, where),
        rulers=rulers,
        cards_by_keys=cards,
        vp_by_keys=vp,
        auto_win_keys=auto,
        electorate_draw=None,
        vp_per_electorate=None,
    )


def _translation(raw: Mapping[str, Any], key: str) -> Translation:
    entry = get_mapping(raw, key, FILE, "translations")
    where = f"translations {key}"
    return Translation(
        cp=get_int(entry, "cp", FILE, where, 1, 20),
        attempts=get_int(entry, "attempts", FILE, where, 1, 10),
        die_bonus=get_int(entry, "die_bonus", FILE, where, 0, 2),
        vp=get_int(entry, "vp", FILE, where, 0, 5),
    )


def _spaces_track(data: Mapping[str, Any]) -> tuple[tuple[tuple[int, int], ...], int]:
    section = get_mapping(data, "protestant_spaces", FILE, "top level")
    victory = get_int(section, "religious_victory", FILE, "protestant_spaces", 1, 134)
    rows = get(section, "track", FILE, "protestant_spaces")
    if not isinstance(rows, list) or len(rows) != victory:
        raise DataFault(FILE, "protestant_spaces", f"'track' must list the {victory} boxes 0-{victory - 1}")
    track = []
    for i, row in enumerate(rows):
        where = f"protestant_spaces box {i}"
        if not isinstance(row, dict) or get_int(row, "spaces", FILE, where, 0, 134) != i:
            raise DataFault(FILE, where, f"expected the box for {i} spaces")
        track.append((get_int(row, "protestant_vp", FILE, where, 0, 30), get_int(row, "papal_vp", FILE, where, 0, 30)))
    prot = [p for p, _ in track]
    papal = [q for _, q in track]
    if prot != sorted(prot) or papal != sorted(papal, reverse=True):
        raise DataFault(FILE, "protestant_spaces", "Protestant VP must rise and Papal VP fall along the track")
    return tuple(track), victory


def parse_powers(data: Mapping[str, Any]) -> Powers:
    """Validate the parsed ``powers.json`` and build :class:`Powers`."""
    raw_powers = get_mapping(data, "powers", FILE, "top level")
    if sorted(raw_powers) != sorted(MAJOR_POWERS):
        raise DataFault(FILE, "powers", f"expected exactly the six major powers {MAJOR_POWERS}, got {list(raw_powers)}")
    seen: set[str] = set()
    powers = {}
    for pid in MAJOR_POWERS:
        raw = raw_powers[pid]
        if not isinstance(raw, dict):
            raise DataFault(FILE, f"power {pid!r}", "expected an object")
        powers[pid] = _power_card(pid, raw, seen)
    track, victory = _spaces_track(data)
    st_peters = get_mapping(data, "st_peters", FILE, "top level")
    translations = get_mapping(data, "translations", FILE, "top level")
    zones = get(translations, "zones", FILE, "translations")
    if zones != ["german", "french", "english"]:
        raise DataFault(FILE, "translations", f"'zones' must be german, french, english; got {zones!r}")
    debater_vp = get_mapping(data, "debater_vp", FILE, "top level")
    burned = get_mapping(debater_vp, "burned", FILE, "debater_vp")
    disgraced = get_mapping(debater_vp, "disgraced", FILE, "debater_vp")
    if (burned.get("side"), burned.get("to")) != ("protestant", "papacy") or (
        disgraced.get("side"),
        disgraced.get("to"),
    ) != ("papal", "protestant"):
        raise DataFault(
            FILE,
            "debater_vp",
            "burned Protestant debaters score for the Papacy, disgraced Papal ones for the Protestant",
        )
    rows = get(data, "turns", FILE, "top level")
    if not isinstance(rows, list) or len(rows) != TURNS:
        raise DataFault(FILE, "turns", f"expected the {TURNS} turns of the track")
    turns: list[Turn] = []
    for i, row in enumerate(rows):
        where = f"turn {i + 1}"
        if not isinstance(row, dict) or get_int(row, "turn", FILE, where, 1, TURNS) != i + 1:
            raise DataFault(FILE, where, "turns must be listed 1 to 9 in order")
        first = get_int(row, "first_year", FILE, where, 1517, 1555)
        last = get_int(row, "last_year", FILE, where, first, 1555)
        if turns and first != turns[-1].last_year + 1:
            raise DataFault(FILE, where, f"years must follow on from {turns[-1].last_year}, got {first}")
        turns.append(Turn(turn=i + 1, first_year=first, last_year=last))
    return Powers(
        powers=MappingProxyType(powers),
        protestant_spaces=track,
        religious_victory=victory,
        st_peters_cp_per_vp=get_int(st_peters, "cp_per_vp", FILE, "st_peters", 1, 10),
        st_peters_max_vp=get_int(st_peters, "max_vp", FILE, "st_peters", 1, 10),
        translation_zones=tuple(zones),
        new_testament=_translation(translations, "new_testament"),
        full_bible=_translation(translations, "full_bible"),
        burned_vp_to="papacy",
        disgraced_vp_to="protestant",
        war_winner_vp=get_int(data, "war_winner_vp", FILE, "top level", 1, 5),
        turns=tuple(turns),
    )


@functools.cache
def load_powers() -> Powers:
    """The validated power cards and tracks of ``data/powers.json`` (read once)."""
    return parse_powers(read(FILE))


def turn_track(text: Text = "english") -> tuple[TurnEntries, ...]:
    """Turns 1–9 with the main-deck cards, army leaders, debaters and reformers entering in each card draw phase
    (turn 1: the starting deck and whoever starts in play); ``text`` picks the seed reading for Cranmer's group."""
    cards = load_cards()
    people = load_people()
    out = []
    for turn in load_powers().turns:
        if turn.turn == 1:
            who = {
                "army_leaders": tuple(i for i, p in people.army_leaders.items() if p.entry.at_start),
                "debaters": tuple(i for i, p in people.debaters.items() if p.entry.at_start),
                "reformers": tuple(i for i, p in people.reformers.items() if p.entry.at_start),
            }
        else:
            who = people.entering(turn.turn, text)
        out.append(
            TurnEntries(
                turn=turn.turn,
                first_year=turn.first_year,
                last_year=turn.last_year,
                cards=cards.entering(turn.turn),
                army_leaders=who["army_leaders"],
                debaters=who["debaters"],
                reformers=who["reformers"],
            )
        )
    return tuple(out)
