"""The authored map of Empires for Two (``data/map.json``) and its validated loader.

The file holds ``{"about", "areas": {id: area}, "seas": {id: sea area}}``.  A land area is
``{"name", "population", "max_social_state", "language", "religion", "terrain", "seas", "links", "point",
"authored"}``: ``seas`` the sea areas it is coastal to, ``links`` the land areas it borders, ``point``
[longitude, latitude] in degrees (where its name is drawn; the shape is drawn round it, EMP-D06).  A sea area
is ``{"name", "coasts", "links", "point"}``: the land areas on its coast and the sea areas it adjoins.  Every
link is listed at both ends.  The base game's map is not public: the figures are authored (EMP-D01 to EMP-D08
in docs/rulings/empires2.md; the format, field by field, in docs/empires2-data.md).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from umpire.games.empires2 import datafiles

__all__ = [
    "LANGUAGES",
    "LANGUAGE_FAMILIES",
    "MAX_POPULATION",
    "MAX_SOCIAL_STATE",
    "RELIGIONS",
    "TERRAINS",
    "Area",
    "EmpiresMap",
    "SeaArea",
    "language_modifier",
    "load_map",
    "parse_map",
    "religion_modifier",
]

MAP_FILE = "map.json"

LANGUAGE_FAMILIES: Mapping[str, str] = MappingProxyType(
    {
        "english": "germanic",
        "german": "germanic",
        "dutch": "germanic",
        "norse": "germanic",
        "french": "romance",
        "occitan": "romance",
        "italian": "romance",
        "castilian": "romance",
        "catalan": "romance",
        "portuguese": "romance",
        "romanian": "romance",
        "gaelic": "celtic",
        "welsh": "celtic",
        "breton": "celtic",
        "west_slavonic": "slavonic",
        "east_slavonic": "slavonic",
        "south_slavonic": "slavonic",
        "baltic": "baltic",
        "greek": "greek",
        "armenian": "armenian",
        "georgian": "georgian",
        "basque": "basque",
        "arabic": "afro_asiatic",
        "berber": "afro_asiatic",
        "magyar": "non_indo_european",
        "turkic": "non_indo_european",
        "finnic": "non_indo_european",
    }
)
"""Each language and its family: two languages of one family are related (EMP-D03)."""
LANGUAGES: tuple[str, ...] = tuple(LANGUAGE_FAMILIES)
RELIGIONS: Mapping[str, str] = MappingProxyType(
    {"catholic": "christian", "orthodox": "christian", "moslem": "moslem", "pagan": "pagan"}
)
"""Each church and the religion it belongs to: Catholic and Eastern Orthodox are two churches of one religion."""
TERRAINS: tuple[str, ...] = ("clear", "forest", "hills", "mountains", "marsh", "steppe", "desert")
MAX_POPULATION = 5
"""Population runs from 0 (fewer people than the smallest unit; counted as one for alliance ties, 33.41) to 5."""
MAX_SOCIAL_STATE = 5
"""Maximum social state runs from 0 to 5."""
LONGITUDES = (-30.0, 80.0)
LATITUDES = (20.0, 76.0)
"""Points must lie where the project's coastline data reaches (render/data/europe_land.json)."""

ID_PATTERN = re.compile(r"[a-z][a-z0-9_]*")

_AREA_KEYS = frozenset(
    {"name", "population", "max_social_state", "language", "religion", "terrain", "seas", "links", "point", "authored"}
)
_SEA_KEYS = frozenset({"name", "coasts", "links", "point"})


def language_modifier(a: str, b: str) -> int:
    """0 for the same language, 1 for a related one (same family), 2 for an unrelated one (spotlight's chart)."""
    for lang in (a, b):
        if lang not in LANGUAGE_FAMILIES:
            raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    if a == b:
        return 0
    return 1 if LANGUAGE_FAMILIES[a] == LANGUAGE_FAMILIES[b] else 2


def religion_modifier(a: str, b: str) -> int:
    """0 for the same church, 1 for another church of the same religion, 2 for another religion."""
    for church in (a, b):
        if church not in RELIGIONS:
            raise ValueError(f"unknown religion {church!r}; expected one of {', '.join(RELIGIONS)}")
    if a == b:
        return 0
    return 1 if RELIGIONS[a] == RELIGIONS[b] else 2


@dataclass(frozen=True, slots=True)
class Area:
    """A land area of the map."""

    id: str
    name: str
    population: int
    max_social_state: int
    language: str
    religion: str
    terrain: str
    seas: frozenset[str]
    links: frozenset[str]
    point: tuple[float, float]
    authored: bool

    @property
    def coastal(self) -> bool:
        return bool(self.seas)

    @property
    def island(self) -> bool:
        """An area with no land link (reached only by sea)."""
        return not self.links


@dataclass(frozen=True, slots=True)
class SeaArea:
    """A sea area of the map."""

    id: str
    name: str
    coasts: frozenset[str]
    links: frozenset[str]
    point: tuple[float, float]


@dataclass(frozen=True, slots=True)
class EmpiresMap:
    """The whole map: land areas and sea areas by id."""

    areas: Mapping[str, Area]
    seas: Mapping[str, SeaArea]
    #: hops() by start area, filled on first use (the engine asks the same Courts over and over).
    _hops: dict[str, dict[str, int]] = field(default_factory=dict, compare=False, repr=False)

    def area(self, area_id: str) -> Area:
        """The land area ``area_id``; a ValueError names an unknown one."""
        try:
            return self.areas[area_id]
        except KeyError:
            raise ValueError(f"unknown land area {area_id!r}") from None

    def sea(self, sea_id: str) -> SeaArea:
        """The sea area ``sea_id``; a ValueError names an unknown one."""
        try:
            return self.seas[sea_id]
        except KeyError:
            raise ValueError(f"unknown sea area {sea_id!r}") from None

    def hops(self, start: str) -> dict[str, int]:
        """How many land links each land area reachable over land from ``start`` is from it."""
        if start in self._hops:
            return dict(self._hops[start])
        self.area(start)
        found = {start: 0}
        ring = [start]
        step = 0
        while ring:
            step += 1
            ring = sorted({n for a in ring for n in self.areas[a].links} - found.keys())
            found.update(dict.fromkeys(ring, step))
        self._hops[start] = found
        return dict(found)

    def sea_path(self, a: str, b: str) -> int | None:
        """The fewest sea areas a voyage from land area ``a`` to land area ``b`` crosses (None: no voyage)."""
        start, goal = self.area(a), self.area(b)
        if not start.seas or not goal.seas:
            return None
        found = dict.fromkeys(start.seas, 1)
        ring = sorted(start.seas)
        while ring:
            if any(s in goal.seas for s in ring):
                return min(found[s] for s in ring if s in goal.seas)
            nxt = sorted({n for s in ring for n in self.seas[s].links} - found.keys())
            for s in nxt:
                found[s] = found[ring[0]] + 1
            ring = nxt
        return None

    def authored_areas(self) -> tuple[str, ...]:
        """Ids of the areas whose figures are authored rather than the original game's, sorted."""
        return tuple(sorted(a.id for a in self.areas.values() if a.authored))


def _fault(source: str, where: str, what: str) -> ValueError:
    return ValueError(f"{source}: {where}: {what}")


def _ids(source: str, where: str, field: str, raw: object) -> frozenset[str]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise _fault(source, where, f"{field!r} must be a list of ids, got {raw!r}")
    if len(set(raw)) != len(raw):
        raise _fault(source, where, f"{field!r} lists an id twice: {raw!r}")
    return frozenset(raw)


def _point(source: str, where: str, raw: object) -> tuple[float, float]:
    if not (
        isinstance(raw, list)
        and len(raw) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in raw)
    ):
        raise _fault(source, where, f"'point' must be [longitude, latitude], got {raw!r}")
    lon, lat = float(raw[0]), float(raw[1])
    if not (LONGITUDES[0] <= lon <= LONGITUDES[1] and LATITUDES[0] <= lat <= LATITUDES[1]):
        raise _fault(
            source,
            where,
            f"point {raw!r} lies outside longitudes {LONGITUDES[0]}..{LONGITUDES[1]}, "
            f"latitudes {LATITUDES[0]}..{LATITUDES[1]}",
        )
    return lon, lat


def _entry(source: str, where: str, raw: object, keys: frozenset[str]) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise _fault(source, where, f"expected an object, got {type(raw).__name__}")
    if set(raw) != keys:
        missing, extra = sorted(keys - set(raw)), sorted(set(raw) - keys)
        raise _fault(source, where, f"fields must be {sorted(keys)}; missing {missing}, unknown {extra}")
    if not isinstance(raw["name"], str) or not raw["name"].strip():
        raise _fault(source, where, "'name' must be a non-empty string")
    return raw


def _int(source: str, where: str, entry: Mapping[str, Any], key: str, high: int) -> int:
    value = entry[key]
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high:
        return value
    raise _fault(source, where, f"{key!r} must be an integer from 0 to {high}, got {value!r}")


def _choice(source: str, where: str, entry: Mapping[str, Any], key: str, allowed: tuple[str, ...]) -> str:
    value = entry[key]
    if value not in allowed:
        raise _fault(source, where, f"{key} {value!r} is not one of {', '.join(allowed)}")
    return str(value)


def _valid_id(text: str) -> bool:
    """Lowercase ASCII snake_case: a letter, then letters, digits and underscores."""
    return ID_PATTERN.fullmatch(text) is not None


def _area(source: str, aid: str, raw: object) -> Area:
    where = f"area {aid!r}"
    entry = _entry(source, where, raw, _AREA_KEYS)
    if not isinstance(entry["authored"], bool):
        raise _fault(source, where, f"'authored' must be true or false, got {entry['authored']!r}")
    return Area(
        id=aid,
        name=entry["name"],
        population=_int(source, where, entry, "population", MAX_POPULATION),
        max_social_state=_int(source, where, entry, "max_social_state", MAX_SOCIAL_STATE),
        language=_choice(source, where, entry, "language", LANGUAGES),
        religion=_choice(source, where, entry, "religion", tuple(RELIGIONS)),
        terrain=_choice(source, where, entry, "terrain", TERRAINS),
        seas=_ids(source, where, "seas", entry["seas"]),
        links=_ids(source, where, "links", entry["links"]),
        point=_point(source, where, entry["point"]),
        authored=entry["authored"],
    )


def _sea(source: str, sid: str, raw: object) -> SeaArea:
    where = f"sea {sid!r}"
    entry = _entry(source, where, raw, _SEA_KEYS)
    return SeaArea(
        id=sid,
        name=entry["name"],
        coasts=_ids(source, where, "coasts", entry["coasts"]),
        links=_ids(source, where, "links", entry["links"]),
        point=_point(source, where, entry["point"]),
    )


def _check_links(source: str, areas: Mapping[str, Area], seas: Mapping[str, SeaArea]) -> None:
    for a in areas.values():
        for t in sorted(a.links):
            if t == a.id:
                raise _fault(source, f"area {a.id!r}", "links names the area itself")
            if t not in areas:
                raise _fault(source, f"area {a.id!r}", f"links names unknown land area {t!r}")
            if a.id not in areas[t].links:
                raise _fault(source, f"area {a.id!r}", f"links has {t!r}, but {t!r} does not link back")
        for s in sorted(a.seas):
            if s not in seas:
                raise _fault(source, f"area {a.id!r}", f"seas names unknown sea area {s!r}")
            if a.id not in seas[s].coasts:
                raise _fault(source, f"area {a.id!r}", f"coastal to {s!r}, but {s!r} does not list it in coasts")
    for z in seas.values():
        for t in sorted(z.links):
            if t == z.id:
                raise _fault(source, f"sea {z.id!r}", "links names the sea area itself")
            if t not in seas:
                raise _fault(source, f"sea {z.id!r}", f"links names unknown sea area {t!r}")
            if z.id not in seas[t].links:
                raise _fault(source, f"sea {z.id!r}", f"links has {t!r}, but {t!r} does not link back")
        for c in sorted(z.coasts):
            if c not in areas:
                raise _fault(source, f"sea {z.id!r}", f"coasts names unknown land area {c!r}")
            if z.id not in areas[c].seas:
                raise _fault(source, f"sea {z.id!r}", f"lists coast {c!r}, but {c!r} does not name it in seas")
        if not z.coasts:
            raise _fault(source, f"sea {z.id!r}", "touches no land area")


def _check_reachable(source: str, areas: Mapping[str, Area], seas: Mapping[str, SeaArea]) -> None:
    """Every area, land or sea, can be reached from every other over land links, coasts and sea links."""
    nodes: dict[str, frozenset[str]] = {a.id: a.links | a.seas for a in areas.values()}
    nodes.update({z.id: z.links | z.coasts for z in seas.values()})
    start = min(nodes)
    found = {start}
    ring = [start]
    while ring:
        ring = sorted({n for x in ring for n in nodes[x]} - found)
        found.update(ring)
    cut_off = sorted(nodes.keys() - found)
    if cut_off:
        raise ValueError(f"{source}: areas cut off from {start!r} by land and sea: {cut_off}")


def parse_map(raw: object, source: str = "map.json") -> EmpiresMap:
    """Validate a parsed ``map.json`` and build the map; a ValueError names the file, the entry and the fault."""
    if not isinstance(raw, Mapping) or set(raw) != {"about", "areas", "seas"}:
        raise ValueError(f"{source}: top level must be an object with exactly 'about', 'areas' and 'seas'")
    if not isinstance(raw["about"], str) or not raw["about"].strip():
        raise ValueError(f"{source}: 'about' must say what the file holds and where its figures come from")
    if not isinstance(raw["areas"], Mapping) or not isinstance(raw["seas"], Mapping):
        raise ValueError(f"{source}: 'areas' and 'seas' must be objects keyed by id")
    for key in (*raw["areas"], *raw["seas"]):
        if not _valid_id(key):
            raise ValueError(f"{source}: id {key!r} is not lowercase ASCII snake_case")
    shared = set(raw["areas"]) & set(raw["seas"])
    if shared:
        raise ValueError(f"{source}: ids used both for a land area and a sea area: {sorted(shared)}")
    areas = {aid: _area(source, aid, entry) for aid, entry in raw["areas"].items()}
    seas = {sid: _sea(source, sid, entry) for sid, entry in raw["seas"].items()}
    if not areas:
        raise ValueError(f"{source}: the map has no land area")
    _check_links(source, areas, seas)
    _check_reachable(source, areas, seas)
    return EmpiresMap(areas=MappingProxyType(areas), seas=MappingProxyType(seas))


@functools.cache
def load_map() -> EmpiresMap:
    """The Empires for Two map (the package's, or the owner's, ``datafiles``), validated once and cached."""
    src = datafiles.source(MAP_FILE)
    try:
        return parse_map(datafiles.read(src), src.label)
    except ValueError as fault:
        raise datafiles.refault(fault, src) from None
