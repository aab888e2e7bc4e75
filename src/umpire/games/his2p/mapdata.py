"""The Here I Stand map as data (``data/map.json``) and its validated loader.

The file holds ``{"about", "spaces": {id: space}, "seas": {id: sea}}``.  A land space is
``{"name", "type", "home", "language", "links", "passes", "ports"}``: ``type`` is ``capital``, ``key``,
``fortress``, ``electorate`` or ``town`` (an unfortified space); ``home`` the powers whose home space it is
(empty for an independent space); ``language`` its language zone or null; ``links`` the land spaces joined by a
normal connection, ``passes`` those joined over a pass, ``ports`` the sea zones a port opens on.  A sea zone is
``{"name", "links", "ports"}``: the adjacent sea zones and the ports on it.  The decisions behind the data are
HIS-M01 to HIS-M05 in docs/rulings/his2p.md.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any

__all__ = [
    "FORTIFIED_TYPES",
    "LANGUAGES",
    "LANGUAGE_COUNTS",
    "MAJOR_POWERS",
    "MINOR_POWERS",
    "POWERS",
    "SPACE_TYPES",
    "TOTALS",
    "TYPE_COUNTS",
    "HisMap",
    "Sea",
    "Space",
    "load_map",
    "parse_map",
]

MAJOR_POWERS: tuple[str, ...] = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
MINOR_POWERS: tuple[str, ...] = ("genoa", "venice", "scotland", "hungary")
POWERS: tuple[str, ...] = MAJOR_POWERS + MINOR_POWERS
SPACE_TYPES: tuple[str, ...] = ("capital", "key", "fortress", "electorate", "town")
FORTIFIED_TYPES: frozenset[str] = frozenset({"capital", "key", "fortress", "electorate"})
LANGUAGES: tuple[str, ...] = ("german", "french", "italian", "english", "spanish")

LANGUAGE_COUNTS: Mapping[str | None, int] = MappingProxyType(
    {"german": 27, "french": 24, "italian": 18, "english": 14, "spanish": 14, None: 37}
)
"""Land spaces per language zone (None: outside every zone), as published."""
TYPE_COUNTS: Mapping[str, int] = MappingProxyType({"town": 86, "key": 27, "fortress": 9, "electorate": 6, "capital": 6})
"""Land spaces per type; ``key`` counts the keys that are not capitals."""
TOTALS: Mapping[str, int] = MappingProxyType(
    {"spaces": 134, "seas": 14, "links": 204, "passes": 16, "ports": 75, "sea_links": 16}
)
"""Published totals; ``ports`` counts (port, sea zone) pairs, each listed on both ends (150 entries)."""

_SPACE_KEYS = frozenset({"name", "type", "home", "language", "links", "passes", "ports"})
_SEA_KEYS = frozenset({"name", "links", "ports"})


@dataclass(frozen=True, slots=True)
class Space:
    """A land space of the map."""

    id: str
    name: str
    type: str
    home: tuple[str, ...]
    language: str | None
    links: frozenset[str]
    passes: frozenset[str]
    ports: frozenset[str]

    @property
    def fortified(self) -> bool:
        """Keys (capitals are keys), electorates and fortresses are the fortified spaces (rule 2.1)."""
        return self.type in FORTIFIED_TYPES

    @property
    def is_key(self) -> bool:
        """A key, counting capitals (rule 2.1: the six capitals are keys with a double border)."""
        return self.type in ("key", "capital")

    @property
    def is_port(self) -> bool:
        return bool(self.ports)

    @property
    def independent(self) -> bool:
        """A grey space: no power's home space (rule 2.1)."""
        return not self.home


@dataclass(frozen=True, slots=True)
class Sea:
    """A sea zone of the map."""

    id: str
    name: str
    links: frozenset[str]
    ports: frozenset[str]


@dataclass(frozen=True, slots=True)
class HisMap:
    """The whole board: land spaces and sea zones by id."""

    spaces: Mapping[str, Space]
    seas: Mapping[str, Sea]

    def space(self, space_id: str) -> Space:
        """The land space ``space_id``; a ValueError names an unknown one."""
        try:
            return self.spaces[space_id]
        except KeyError:
            raise ValueError(f"unknown land space {space_id!r}") from None

    def adjacent(self, space_id: str) -> frozenset[str]:
        """Land spaces next to ``space_id`` over a normal connection or a pass."""
        space = self.space(space_id)
        return space.links | space.passes

    def hops(self, start: str) -> dict[str, int]:
        """How many land connections (passes included) each land space reachable from ``start`` is from it."""
        found = {start: 0}
        ring = [start]
        step = 0
        while ring:
            step += 1
            ring = sorted({n for s in ring for n in self.adjacent(s)} - found.keys())
            found.update(dict.fromkeys(ring, step))
        return found

    def by_language(self, zone: str | None) -> tuple[str, ...]:
        """Ids of the land spaces of language zone ``zone`` (None: those outside every zone), sorted."""
        if zone is not None and zone not in LANGUAGES:
            raise ValueError(f"unknown language zone {zone!r}; expected one of {', '.join(LANGUAGES)} or null")
        return tuple(sorted(s.id for s in self.spaces.values() if s.language == zone))

    def keys(self) -> tuple[str, ...]:
        """Ids of the keys, capitals included, sorted."""
        return tuple(sorted(s.id for s in self.spaces.values() if s.is_key))

    def of_type(self, space_type: str) -> tuple[str, ...]:
        """Ids of the land spaces of one type, sorted."""
        if space_type not in SPACE_TYPES:
            raise ValueError(f"unknown space type {space_type!r}; expected one of {', '.join(SPACE_TYPES)}")
        return tuple(sorted(s.id for s in self.spaces.values() if s.type == space_type))

    def electorates(self) -> tuple[str, ...]:
        """The six electorates, sorted."""
        return self.of_type("electorate")

    def home_spaces(self, power: str) -> tuple[str, ...]:
        """Ids of the home spaces of ``power``, sorted."""
        if power not in POWERS:
            raise ValueError(f"unknown power {power!r}; expected one of {', '.join(POWERS)}")
        return tuple(sorted(s.id for s in self.spaces.values() if power in s.home))

    def independent_spaces(self) -> tuple[str, ...]:
        """Ids of the spaces that are no power's home, sorted."""
        return tuple(sorted(s.id for s in self.spaces.values() if s.independent))


def _names(source: str, where: str, field: str, raw: object) -> frozenset[str]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise ValueError(f"{source}: {where}: {field!r} must be a list of ids, got {raw!r}")
    if len(set(raw)) != len(raw):
        raise ValueError(f"{source}: {where}: {field!r} lists an id twice: {raw!r}")
    return frozenset(raw)


def _entry(source: str, where: str, raw: object, keys: frozenset[str]) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise ValueError(f"{source}: {where}: expected an object, got {type(raw).__name__}")
    if set(raw) != keys:
        missing, extra = sorted(keys - set(raw)), sorted(set(raw) - keys)
        raise ValueError(f"{source}: {where}: fields must be {sorted(keys)}; missing {missing}, unknown {extra}")
    if not isinstance(raw["name"], str) or not raw["name"]:
        raise ValueError(f"{source}: {where}: 'name' must be a non-empty string")
    return raw


def _space(source: str, sid: str, raw: object) -> Space:
    where = f"space {sid!r}"
    entry = _entry(source, where, raw, _SPACE_KEYS)
    if entry["type"] not in SPACE_TYPES:
        raise ValueError(f"{source}: {where}: type {entry['type']!r} is not one of {', '.join(SPACE_TYPES)}")
    home = entry["home"]
    if not isinstance(home, list) or any(p not in POWERS for p in home) or len(set(home)) != len(home):
        raise ValueError(f"{source}: {where}: home {home!r} must list distinct powers of {', '.join(POWERS)}")
    language = entry["language"]
    if language is not None and language not in LANGUAGES:
        raise ValueError(f"{source}: {where}: language {language!r} is not one of {', '.join(LANGUAGES)} or null")
    return Space(
        id=sid,
        name=entry["name"],
        type=entry["type"],
        home=tuple(home),
        language=language,
        links=_names(source, where, "links", entry["links"]),
        passes=_names(source, where, "passes", entry["passes"]),
        ports=_names(source, where, "ports", entry["ports"]),
    )


def _sea(source: str, sid: str, raw: object) -> Sea:
    where = f"sea {sid!r}"
    entry = _entry(source, where, raw, _SEA_KEYS)
    return Sea(
        id=sid,
        name=entry["name"],
        links=_names(source, where, "links", entry["links"]),
        ports=_names(source, where, "ports", entry["ports"]),
    )


def _check_graph(source: str, spaces: Mapping[str, Space], seas: Mapping[str, Sea]) -> None:
    for s in spaces.values():
        for field, targets in (("links", s.links), ("passes", s.passes)):
            for t in sorted(targets):
                if t == s.id:
                    raise ValueError(f"{source}: space {s.id!r}: {field} names the space itself")
                if t not in spaces:
                    raise ValueError(f"{source}: space {s.id!r}: {field} names unknown land space {t!r}")
                back = spaces[t].links if field == "links" else spaces[t].passes
                if s.id not in back:
                    raise ValueError(f"{source}: space {s.id!r}: {field} has {t!r}, but {t!r} lacks {s.id!r}")
        if s.links & s.passes:
            raise ValueError(f"{source}: space {s.id!r}: joined both by link and pass to {sorted(s.links & s.passes)}")
        for sea in sorted(s.ports):
            if sea not in seas:
                raise ValueError(f"{source}: space {s.id!r}: ports names unknown sea zone {sea!r}")
            if s.id not in seas[sea].ports:
                raise ValueError(f"{source}: space {s.id!r}: port on {sea!r}, but {sea!r} does not list it")
    for z in seas.values():
        for t in sorted(z.links):
            if t == z.id:
                raise ValueError(f"{source}: sea {z.id!r}: links names the sea itself")
            if t not in seas:
                raise ValueError(f"{source}: sea {z.id!r}: links names unknown sea zone {t!r}")
            if z.id not in seas[t].links:
                raise ValueError(f"{source}: sea {z.id!r}: links has {t!r}, but {t!r} lacks {z.id!r}")
        for p in sorted(z.ports):
            if p not in spaces:
                raise ValueError(f"{source}: sea {z.id!r}: ports names unknown land space {p!r}")
            if z.id not in spaces[p].ports:
                raise ValueError(f"{source}: sea {z.id!r}: lists port {p!r}, but {p!r} does not open on it")


def _check_totals(source: str, spaces: Mapping[str, Space], seas: Mapping[str, Sea]) -> None:
    found = {
        "spaces": len(spaces),
        "seas": len(seas),
        "links": sum(len(s.links) for s in spaces.values()) // 2,
        "passes": sum(len(s.passes) for s in spaces.values()) // 2,
        "ports": sum(len(s.ports) for s in spaces.values()),
        "sea_links": sum(len(z.links) for z in seas.values()) // 2,
    }
    for name, expected in TOTALS.items():
        if found[name] != expected:
            raise ValueError(f"{source}: {found[name]} {name}, expected {expected}")
    for zone, expected in LANGUAGE_COUNTS.items():
        count = sum(1 for s in spaces.values() if s.language == zone)
        if count != expected:
            raise ValueError(f"{source}: {count} land spaces in language zone {zone or 'none'}, expected {expected}")
    for space_type, expected in TYPE_COUNTS.items():
        count = sum(1 for s in spaces.values() if s.type == space_type)
        if count != expected:
            raise ValueError(f"{source}: {count} land spaces of type {space_type}, expected {expected}")


def parse_map(raw: object, source: str = "map.json") -> HisMap:
    """Validate a parsed ``map.json`` and build the map; a ValueError names the file, the entry and the fault."""
    if not isinstance(raw, Mapping) or set(raw) != {"about", "spaces", "seas"}:
        raise ValueError(f"{source}: top level must be an object with exactly 'about', 'spaces' and 'seas'")
    if not isinstance(raw["about"], str) or not raw["about"]:
        raise ValueError(f"{source}: 'about' must say what the file holds and where its facts come from")
    if not isinstance(raw["spaces"], Mapping) or not isinstance(raw["seas"], Mapping):
        raise ValueError(f"{source}: 'spaces' and 'seas' must be objects keyed by id")
    shared = set(raw["spaces"]) & set(raw["seas"])
    if shared:
        raise ValueError(f"{source}: ids used both for a land space and a sea zone: {sorted(shared)}")
    spaces = {sid: _space(source, sid, entry) for sid, entry in raw["spaces"].items()}
    seas = {sid: _sea(source, sid, entry) for sid, entry in raw["seas"].items()}
    _check_graph(source, spaces, seas)
    _check_totals(source, spaces, seas)
    return HisMap(spaces=MappingProxyType(spaces), seas=MappingProxyType(seas))


@functools.cache
def load_map() -> HisMap:
    """The Here I Stand map, validated once and cached."""
    text = resources.files("umpire.games.his2p").joinpath("data", "map.json").read_text(encoding="utf-8")
    return parse_map(json.loads(text), "his2p/data/map.json")
