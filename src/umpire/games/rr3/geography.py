"""The map (handbook, *The Map*; movement from *The Campaign System*; seas and ports from *Navies*).

The handbook's map is "a number of roughly equal areas ... spread over three tables" (East, West, Mediterranean).
Each area shows its cities "including their fortification value in parenthesis" (1 to 6, *Sieges*); some cities
are Imperial Free Cities, "effectively a separate area"; dark-blue rivers are "borders between areas" (light-blue
ones are decorative and are not modelled); mountains and the passes through them govern movement ("Move across a
mountain range and gain 1 Fatigue marker"); a step may "Move 2 areas in the direction of the river and not take a
Fatigue marker". *Navies*: "The seas are divided into areas. A fleet must have a home or friendly port, in an
area to operate there"; "Ports are marked on the map".

This module holds the map as typed, immutable data and the questions the rules ask of it. The data is the
project's own JSON format ``umpire-rr3-map/1`` (see :func:`load_geography`); the authored map of 1524 is
``data/map1524.json`` (:func:`map1524`, documented in ``docs/rr3-map.md``). Decisions where the handbook is silent
are the MP-numbered rulings (``docs/rulings/rr3.md``):

- RR3-MP01: a ``mountains`` border without a pass is impassable to armies; with the option ``mountains: ranges``
  (RR3-M04, :meth:`Geography.ranges_crossable`) every range is crossed as a pass is.
- RR3-MP02: a ``pass`` border is crossed with 1 Fatigue (:meth:`Geography.crossing_fatigue`) and takes the whole step.
- RR3-MP03: a ``river`` border only where a dark-blue river divides two areas (:meth:`Geography.river_between`).
- RR3-MP04: a downriver move follows one river's course strictly downstream, never crossing that river and never over a
  pass (:meth:`Geography.downriver`).
- RR3-MP05: a free city is an area of its own, one city, adjacent only to the area(s) around it.
- RR3-MP06: armies cross a ``strait`` border as if it were land; fleets use ``sea`` and ``coast`` borders only.
- RR3-MP07: a port serves every sea on its area's coast (:meth:`Geography.ports`).
"""

from __future__ import annotations

import functools
import itertools
import json
import math
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any, Literal, cast

__all__ = [
    "ARMY_BORDERS",
    "BORDER_KINDS",
    "FORMAT",
    "LAND_BORDERS",
    "TABLES",
    "Area",
    "Border",
    "City",
    "Geography",
    "GeographyError",
    "River",
    "load_geography",
    "map1524",
]

FORMAT = "umpire-rr3-map/1"
"""The value of the ``format`` key of a map file."""

AreaKind = Literal["land", "sea"]
BorderKind = Literal["land", "river", "mountains", "pass", "strait", "coast", "sea"]
Table = Literal["east", "west", "mediterranean"]
Mover = Literal["army", "fleet"]

AREA_KINDS: tuple[str, ...] = ("land", "sea")
TABLES: tuple[str, ...] = ("east", "west", "mediterranean")
"""Handbook, *The Map* and *The Financial System*: the map is spread over three tables."""
BORDER_KINDS: tuple[str, ...] = ("land", "river", "mountains", "pass", "strait", "coast", "sea")
LAND_BORDERS: tuple[str, ...] = ("land", "river", "mountains", "pass", "strait")
"""Border kinds between two land areas."""
ARMY_BORDERS: tuple[str, ...] = ("land", "river", "pass", "strait")
"""Border kinds an army may cross (RR3-MP01: ``mountains`` without a pass are impassable)."""
FLEET_BORDERS: tuple[str, ...] = ("sea", "coast")
MOVERS: tuple[str, ...] = ("army", "fleet")
MIN_FORT, MAX_FORT = 1, 6
"""Handbook, *Sieges*: "a scale of 1 to 6 (6 being the highest)"."""
LON_RANGE = (-12.0, 45.0)
LAT_RANGE = (28.0, 66.0)

_AREA_KEYS = frozenset(
    {"name", "kind", "state", "table", "region", "religion", "minority", "pos", "cities", "free_city"}
)
_CITY_KEYS = frozenset({"id", "name", "fort", "port", "capital"})
_BORDER_KEYS = frozenset({"between", "kind", "river", "name"})
_RIVER_KEYS = frozenset({"name", "course"})
_TOP_KEYS = frozenset({"format", "areas", "borders", "rivers"})


class GeographyError(ValueError):
    """A map that breaks a rule of the format, or a question about an area, river or border the map lacks. The
    message names the map, the area/border/city/river at fault, what is wrong and what was expected."""


@dataclass(frozen=True)
class City:
    """A city or fortress (handbook, *The Map* and *Sieges*): its fortification value 1..6, whether it is a port
    (*Navies*: "Ports are marked on the map") and whether it is its state's capital."""

    id: str
    name: str
    area: str
    fort: int
    port: bool = False
    capital: bool = False


@dataclass(frozen=True)
class Area:
    """A land or sea area (handbook, *The Map*; *Navies*: "The seas are divided into areas").

    ``state`` owns a land area (None for a sea); ``table`` is the map table it lies on; ``region`` is the
    conversion region (``religion.REGION_COLUMN`` keys, or another one that Religious Control places); ``religion``
    is the area's established religion and ``minority`` its religious minority, if any. ``pos`` is a
    ``(longitude, latitude)`` inside the area, for drawing. ``free_city`` marks an Imperial Free City, "effectively
    a separate area" with exactly one city."""

    id: str
    name: str
    kind: AreaKind
    state: str | None
    table: Table
    region: str | None
    religion: str | None
    minority: str | None
    pos: tuple[float, float]
    cities: tuple[City, ...] = ()
    free_city: bool = False

    @property
    def is_land(self) -> bool:
        return self.kind == "land"


@dataclass(frozen=True)
class Border:
    """A border between two areas. ``kind``: ``land`` (open), ``river`` (a dark-blue river: ``river`` names it;
    the defender of a river boundary gains +1 per die, *Battles*), ``mountains`` (a range, impassable where there
    is no pass, RR3-MP01), ``pass`` (a named pass through a range: 1 Fatigue), ``strait`` (a narrow sea armies cross,
    RR3-MP06), ``coast`` (a land area and a sea area) or ``sea`` (two sea areas)."""

    a: str
    b: str
    kind: BorderKind
    river: str | None = None
    name: str | None = None

    def other(self, area: str) -> str:
        """The area on the other side of this border from ``area``."""
        if area == self.a:
            return self.b
        if area == self.b:
            return self.a
        raise GeographyError(f"border {self.a}-{self.b}: {area!r} is on neither side")


@dataclass(frozen=True)
class River:
    """A dark-blue river (handbook, *The Map*): ``course`` lists its reaches from source to mouth, each reach the
    areas on its banks there (an area is on at most one reach of a river)."""

    id: str
    name: str
    course: tuple[tuple[str, ...], ...]


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


class Geography:
    """A validated map (build it with :func:`load_geography`). Areas, cities and rivers are read-only mappings by
    id; every question about an unknown area or river raises :class:`GeographyError`."""

    def __init__(
        self,
        areas: Mapping[str, Area],
        borders: Sequence[Border],
        rivers: Mapping[str, River],
        source: str = "map",
        *,
        ranges: bool = False,
    ) -> None:
        self.source = source
        self.ranges = ranges
        """Every mountain range may be crossed, pass or not, at 1 Fatigue (RR3-M04; the default RR3-MP01 has only the
        passes open)."""
        self._army_kinds: tuple[str, ...] = (*ARMY_BORDERS, "mountains") if ranges else ARMY_BORDERS
        self._crossable: Geography | None = self if ranges else None
        self.areas: Mapping[str, Area] = MappingProxyType(dict(areas))
        self.borders: tuple[Border, ...] = tuple(borders)
        self.rivers: Mapping[str, River] = MappingProxyType(dict(rivers))
        self.cities: Mapping[str, City] = MappingProxyType({c.id: c for a in areas.values() for c in a.cities})
        self._border: dict[tuple[str, str], Border] = {_pair(b.a, b.b): b for b in self.borders}
        touching: dict[str, list[Border]] = {a: [] for a in self.areas}
        for b in self.borders:
            touching[b.a].append(b)
            touching[b.b].append(b)
        self._touching: dict[str, tuple[Border, ...]] = {a: tuple(bs) for a, bs in touching.items()}
        self._reach: dict[str, dict[str, int]] = {
            r.id: {area: i for i, reach in enumerate(r.course) for area in reach} for r in self.rivers.values()
        }
        self._neighbours: dict[tuple[str, str], tuple[str, ...]] = {}

    def __repr__(self) -> str:
        return f"<Geography {self.source}: {len(self.areas)} areas, {len(self.borders)} borders>"

    def ranges_crossable(self) -> Geography:
        """This map with every mountain range open to armies as a pass is (RR3-M04, option ``mountains:
        ranges``: "Move across a mountain range and gain 1 Fatigue marker"): a ``mountains`` border is then
        crossed with 1 Fatigue, as a move of its own (RR3-CP01), and never on a downriver move. Made once per map."""
        if self._crossable is None:
            self._crossable = Geography(self.areas, self.borders, self.rivers, self.source, ranges=True)
        return self._crossable

    # --- look-ups -----------------------------------------------------------------------------------------------

    def _area(self, area: str) -> Area:
        try:
            return self.areas[area]
        except KeyError:
            raise GeographyError(f"{self.source}: unknown area {area!r}") from None

    def _mover(self, by: str) -> str:
        if by not in MOVERS:
            raise GeographyError(f"{self.source}: unknown mover {by!r}, expected one of {', '.join(MOVERS)}")
        return by

    def border(self, a: str, b: str) -> Border | None:
        """The border between areas ``a`` and ``b`` (either order), or None if they do not touch."""
        self._area(a)
        self._area(b)
        return self._border.get(_pair(a, b))

    def borders_of(self, area: str) -> tuple[Border, ...]:
        """Every border of ``area``, in map order."""
        self._area(area)
        return self._touching[area]

    def neighbours(self, area: str, by: str = "army") -> tuple[str, ...]:
        """The areas one step from ``area``, sorted by id.

        ``by="army"``: land areas across ``land``, ``river``, ``pass`` and ``strait`` borders (a ``mountains``
        border without a pass is impassable, RR3-MP01, unless :attr:`ranges`); a sea area has none. ``by="fleet"``: sea
        areas across ``sea`` borders and coastal land areas across ``coast`` borders (from a land area: the seas off
        its coast)."""
        self._area(area)
        key = (area, self._mover(by))
        if key not in self._neighbours:
            kinds = self._army_kinds if by == "army" else FLEET_BORDERS
            self._neighbours[key] = tuple(sorted(b.other(area) for b in self._touching[area] if b.kind in kinds))
        return self._neighbours[key]

    def adjacent(self, a: str, b: str, by: str = "army") -> bool:
        """Whether ``b`` is one step from ``a`` (see :meth:`neighbours`)."""
        return b in self.neighbours(a, by)

    def crossing_fatigue(self, a: str, b: str) -> int:
        """Handbook, *Movement*: "Move across a mountain range and gain 1 Fatigue marker". 1 for a step across a
        ``pass`` border (or a ``mountains`` one when :attr:`ranges`), 0 for any other step an army may take. Raises
        :class:`GeographyError` when an army cannot step from ``a`` to ``b`` (not adjacent, or mountains without a
        pass)."""
        border = self.border(a, b)
        if border is None or border.kind not in self._army_kinds:
            what = "do not touch" if border is None else f"are divided by a {border.kind} border"
            raise GeographyError(f"{self.source}: an army cannot step from {a} to {b}: they {what}")
        return 1 if border.kind in ("pass", "mountains") else 0

    def river_between(self, a: str, b: str) -> str | None:
        """The river id when ``a``-``b`` is a river border (handbook, *Battles*: "defending a river boundary"),
        else None."""
        border = self.border(a, b)
        return border.river if border is not None and border.kind == "river" else None

    def reach(self, river: str, area: str) -> int | None:
        """The index (0 = source) of the reach of ``river`` that ``area`` lies on, or None if it is not on it."""
        self._area(area)
        if river not in self._reach:
            raise GeographyError(f"{self.source}: unknown river {river!r}")
        return self._reach[river].get(area)

    def rivers_of(self, area: str) -> tuple[str, ...]:
        """The rivers whose course ``area`` lies on, sorted by id."""
        self._area(area)
        return tuple(sorted(r for r, reaches in self._reach.items() if area in reaches))

    def downriver(self, path: Sequence[str]) -> bool:
        """Handbook, *Movement*: "Move 2 areas in the direction of the river and not take a Fatigue marker".

        ``path`` is the areas in order, starting area first (2 or more). True when one river's course holds every
        area of the path and each step goes from an area to an army-adjacent one on a strictly later reach of that
        river (RR3-MP04): never upstream or along the same reach, never across that river itself (crossing is not
        following it) and never over a pass. Unknown areas raise :class:`GeographyError`."""
        for area in path:
            self._area(area)
        if len(path) < 2:
            return False
        steps = list(itertools.pairwise(path))
        for step_a, step_b in steps:
            border = self._border.get(_pair(step_a, step_b))
            if border is None or border.kind not in ARMY_BORDERS or border.kind == "pass":
                return False
        for river, reaches in self._reach.items():
            if not all(area in reaches for area in path):
                continue
            if all(reaches[a] < reaches[b] and self._border[_pair(a, b)].river != river for a, b in steps):
                return True
        return False

    def coastal_seas(self, area: str) -> tuple[str, ...]:
        """The sea areas across ``coast`` borders of land area ``area`` (none for an inland area), sorted."""
        if not self._area(area).is_land:
            raise GeographyError(f"{self.source}: {area} is a sea area; coastal_seas takes a land area")
        return tuple(sorted(b.other(area) for b in self._touching[area] if b.kind == "coast"))

    def ports(self, sea: str) -> tuple[City, ...]:
        """Handbook, *Navies*: the ports on sea area ``sea`` (port cities of the land areas on its coast), sorted
        by city id. A fleet needs a home or friendly one of these to operate in ``sea``."""
        if self._area(sea).is_land:
            raise GeographyError(f"{self.source}: {sea} is a land area; ports takes a sea area")
        found = [c for b in self._touching[sea] if b.kind == "coast" for c in self.areas[b.other(sea)].cities]
        return tuple(sorted((c for c in found if c.port), key=lambda c: c.id))

    def states(self) -> tuple[str, ...]:
        """Every state owning a land area, sorted."""
        return tuple(sorted({a.state for a in self.areas.values() if a.state is not None}))

    def areas_of(self, state: str) -> tuple[str, ...]:
        """The land areas ``state`` owns, sorted by id (empty for an unknown state)."""
        return tuple(sorted(a.id for a in self.areas.values() if a.state == state))

    def capital(self, state: str) -> City | None:
        """The capital city of ``state`` (at most one, checked on loading), or None."""
        for area in self.areas_of(state):
            for city in self.areas[area].cities:
                if city.capital:
                    return city
        return None

    def distance(self, a: str, b: str, by: str = "army") -> int | None:
        """The fewest steps from ``a`` to ``b`` (breadth-first over :meth:`neighbours`), None if unreachable. A
        fleet's path runs through sea areas only; a land area can be its start or its end, never a way through."""
        self._area(a)
        self._area(b)
        self._mover(by)
        if a == b:
            return 0
        seen = {a}
        queue: deque[tuple[str, int]] = deque([(a, 0)])
        while queue:
            here, steps = queue.popleft()
            if by == "fleet" and here != a and self.areas[here].is_land:
                continue
            for nxt in self.neighbours(here, by):
                if nxt == b:
                    return steps + 1
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append((nxt, steps + 1))
        return None


# --- loading ------------------------------------------------------------------------------------------------------


def _str(value: Any, where: str, key: str, *, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value:
        expected = "a non-empty string or null" if optional else "a non-empty string"
        raise GeographyError(f"{where}: {key} is {value!r}, expected {expected}")
    return value


def _req_str(value: Any, where: str, key: str) -> str:
    result = _str(value, where, key)
    assert result is not None
    return result


def _bool(value: Any, where: str, key: str) -> bool:
    if not isinstance(value, bool):
        raise GeographyError(f"{where}: {key} is {value!r}, expected true or false")
    return value


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise GeographyError(f"{where}: expected an object, got {type(value).__name__}")
    return cast(Mapping[str, Any], value)


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise GeographyError(f"{where}: expected a list, got {type(value).__name__}")
    return list(value)


def _keys(obj: Mapping[str, Any], allowed: frozenset[str], where: str) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        raise GeographyError(f"{where}: unknown key(s) {', '.join(extra)}; expected among {', '.join(sorted(allowed))}")


def _load_city(raw: Any, area: str, where: str) -> City:
    obj = _mapping(raw, where)
    _keys(obj, _CITY_KEYS, where)
    cid = _req_str(obj.get("id"), where, "id")
    where = f"{where} ({cid})"
    fort = obj.get("fort")
    if isinstance(fort, bool) or not isinstance(fort, int) or not MIN_FORT <= fort <= MAX_FORT:
        raise GeographyError(f"{where}: fort is {fort!r}, expected an integer {MIN_FORT}..{MAX_FORT} (Sieges)")
    return City(
        id=cid,
        name=_req_str(obj.get("name"), where, "name"),
        area=area,
        fort=fort,
        port=_bool(obj.get("port", False), where, "port"),
        capital=_bool(obj.get("capital", False), where, "capital"),
    )


def _load_pos(raw: Any, where: str) -> tuple[float, float]:
    if (
        not isinstance(raw, list | tuple)
        or len(raw) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in raw)
    ):
        raise GeographyError(f"{where}: pos is {raw!r}, expected [longitude, latitude]")
    lon, lat = float(raw[0]), float(raw[1])
    if not LON_RANGE[0] <= lon <= LON_RANGE[1] or not LAT_RANGE[0] <= lat <= LAT_RANGE[1]:
        raise GeographyError(
            f"{where}: pos ({lon}, {lat}) is outside the map, expected longitude {LON_RANGE[0]:g}..{LON_RANGE[1]:g}"
            f" and latitude {LAT_RANGE[0]:g}..{LAT_RANGE[1]:g}"
        )
    return (lon, lat)


def _load_area(aid: str, raw: Any, source: str) -> Area:
    where = f"{source}: area {aid}"
    obj = _mapping(raw, where)
    _keys(obj, _AREA_KEYS, where)
    kind = obj.get("kind")
    if kind not in AREA_KINDS:
        raise GeographyError(f"{where}: kind is {kind!r}, expected one of {', '.join(AREA_KINDS)}")
    table = obj.get("table")
    if table not in TABLES:
        raise GeographyError(f"{where}: table is {table!r}, expected one of {', '.join(TABLES)}")
    state = _str(obj.get("state"), where, "state", optional=True)
    region = _str(obj.get("region"), where, "region", optional=True)
    religion = _str(obj.get("religion"), where, "religion", optional=True)
    minority = _str(obj.get("minority"), where, "minority", optional=True)
    free_city = _bool(obj.get("free_city", False), where, "free_city")
    cities = tuple(
        _load_city(c, aid, f"{where}, city #{i + 1}") for i, c in enumerate(_list(obj.get("cities", []), where))
    )
    if kind == "land":
        if state is None:
            raise GeographyError(f"{where}: a land area needs a state (its owner)")
        if free_city and len(cities) != 1:
            raise GeographyError(
                f"{where}: a free city is an area with exactly one city (The Map), found {len(cities)}"
            )
        if minority is not None and minority == religion:
            raise GeographyError(f"{where}: minority {minority!r} is the area's own religion")
    else:
        for key, value in (("state", state), ("region", region), ("religion", religion), ("minority", minority)):
            if value is not None:
                raise GeographyError(f"{where}: a sea area has no {key}, found {value!r}")
        if cities:
            raise GeographyError(f"{where}: a sea area has no cities, found {', '.join(c.id for c in cities)}")
        if free_city:
            raise GeographyError(f"{where}: a sea area cannot be a free city")
    return Area(
        id=aid,
        name=_req_str(obj.get("name"), where, "name"),
        kind=cast(AreaKind, kind),
        state=state,
        table=cast(Table, table),
        region=region,
        religion=religion,
        minority=minority,
        pos=_load_pos(obj.get("pos"), where),
        cities=cities,
        free_city=free_city,
    )


def _load_river(rid: str, raw: Any, areas: Mapping[str, Area], source: str) -> River:
    where = f"{source}: river {rid}"
    obj = _mapping(raw, where)
    _keys(obj, _RIVER_KEYS, where)
    course_raw = _list(obj.get("course"), f"{where}: course")
    if not course_raw:
        raise GeographyError(f"{where}: course is empty, expected its reaches from source to mouth")
    seen: dict[str, int] = {}
    course: list[tuple[str, ...]] = []
    for i, reach_raw in enumerate(course_raw):
        reach = _list(reach_raw, f"{where}: reach {i}")
        if not reach:
            raise GeographyError(f"{where}: reach {i} is empty, expected the areas on its banks")
        for area in reach:
            if area not in areas:
                raise GeographyError(f"{where}: reach {i} names unknown area {area!r}")
            if not areas[area].is_land:
                raise GeographyError(f"{where}: reach {i} names sea area {area!r}, expected land areas on its banks")
            if area in seen:
                raise GeographyError(
                    f"{where}: area {area} is on reach {seen[area]} and reach {i}, expected one reach per area"
                )
            seen[area] = i
        course.append(tuple(reach))
    return River(id=rid, name=_req_str(obj.get("name"), where, "name"), course=tuple(course))


def _load_border(i: int, raw: Any, areas: Mapping[str, Area], rivers: Mapping[str, River], source: str) -> Border:
    where = f"{source}: border #{i + 1}"
    obj = _mapping(raw, where)
    _keys(obj, _BORDER_KEYS, where)
    between = obj.get("between")
    if not isinstance(between, list | tuple) or len(between) != 2 or not all(isinstance(x, str) for x in between):
        raise GeographyError(f"{where}: between is {between!r}, expected [area, area]")
    a, b = between
    where = f"{source}: border {a}-{b}"
    for x in (a, b):
        if x not in areas:
            raise GeographyError(f"{where}: unknown area {x!r}")
    if a == b:
        raise GeographyError(f"{where}: an area cannot border itself")
    kind = obj.get("kind")
    if kind not in BORDER_KINDS:
        raise GeographyError(f"{where}: kind is {kind!r}, expected one of {', '.join(BORDER_KINDS)}")
    lands = sum(1 for x in (a, b) if areas[x].is_land)
    if kind in LAND_BORDERS and lands != 2:
        raise GeographyError(f"{where}: a {kind} border joins two land areas, found {2 - lands} sea area(s)")
    if kind == "coast" and lands != 1:
        raise GeographyError(f"{where}: a coast border joins a land area and a sea area, found {lands} land area(s)")
    if kind == "sea" and lands != 0:
        raise GeographyError(f"{where}: a sea border joins two sea areas, found {lands} land area(s)")
    river = _str(obj.get("river"), where, "river", optional=True)
    name = _str(obj.get("name"), where, "name", optional=True)
    if kind == "river":
        if river is None:
            raise GeographyError(f"{where}: a river border needs the river's id")
        if river not in rivers:
            raise GeographyError(f"{where}: unknown river {river!r}")
        on = {x for reach in rivers[river].course for x in reach}
        missing = [x for x in (a, b) if x not in on]
        if missing:
            raise GeographyError(
                f"{where}: {' and '.join(missing)} not on the course of river {river}, expected both banks on it"
            )
    elif river is not None:
        raise GeographyError(f"{where}: only a river border names a river, this is a {kind} border")
    return Border(a=a, b=b, kind=cast(BorderKind, kind), river=river, name=name)


def load_geography(data: Mapping[str, Any], source: str = "map") -> Geography:
    """Validate map data in the ``umpire-rr3-map/1`` format and build a :class:`Geography`.

    ``{"format": "umpire-rr3-map/1", "areas": {id: {"name", "kind": "land"|"sea", "state", "table":
    "east"|"west"|"mediterranean", "region", "religion", "minority", "pos": [lon, lat], "cities": [{"id", "name",
    "fort": 1..6, "port", "capital"}], "free_city"}}, "borders": [{"between": [a, b], "kind", "river", "name"}],
    "rivers": {id: {"name", "course": [[area, ...], ...]}}}``. Optional keys may be omitted (no cities, not a free
    city, no region/religion/minority, not a port, not a capital, no rivers; ``format`` if given must be
    ``umpire-rr3-map/1``).

    Raises :class:`GeographyError` (naming ``source`` and the area, border, city or river at fault) for: unknown
    keys; an unknown area kind, table or border kind; an unknown area in a border or a river's course; a
    self-border or a duplicate border; a border kind that does not fit its areas (land kinds join two land areas,
    ``coast`` a land and a sea area, ``sea`` two seas); a river border without a known river or whose areas are not
    both on that river's course; an area on two reaches of one river; a land area without a state, or a sea area
    with a state, region, religion, minority or cities; a fort outside 1..6; a duplicate city id; a port in an area
    without a coast border; an area with no border; a pos outside longitude -12..45 / latitude 28..66; a free city
    with other than exactly one city; a state with more than one capital."""
    top = _mapping(data, source)
    _keys(top, _TOP_KEYS, source)
    fmt = top.get("format", FORMAT)
    if fmt != FORMAT:
        raise GeographyError(f"{source}: format is {fmt!r}, expected {FORMAT!r}")
    areas_raw = _mapping(top.get("areas"), f"{source}: areas")
    if not areas_raw:
        raise GeographyError(f"{source}: no areas")
    areas: dict[str, Area] = {}
    for aid, raw in areas_raw.items():
        _req_str(aid, f"{source}: areas", "an area id")
        areas[aid] = _load_area(aid, raw, source)

    cities: dict[str, City] = {}
    capitals: dict[str, City] = {}
    for area in areas.values():
        for city in area.cities:
            if city.id in cities:
                raise GeographyError(
                    f"{source}: city id {city.id!r} is used in area {cities[city.id].area} and area {area.id}"
                )
            cities[city.id] = city
            if city.capital:
                assert area.state is not None
                if area.state in capitals:
                    other = capitals[area.state]
                    raise GeographyError(
                        f"{source}: state {area.state} has two capitals, {other.id} (area {other.area}) and "
                        f"{city.id} (area {area.id}); expected at most one"
                    )
                capitals[area.state] = city

    rivers_raw = _mapping(top.get("rivers", {}), f"{source}: rivers")
    rivers = {rid: _load_river(rid, raw, areas, source) for rid, raw in rivers_raw.items()}

    borders: list[Border] = []
    seen: dict[tuple[str, str], int] = {}
    for i, raw in enumerate(_list(top.get("borders", []), f"{source}: borders")):
        border = _load_border(i, raw, areas, rivers, source)
        key = _pair(border.a, border.b)
        if key in seen:
            raise GeographyError(
                f"{source}: border {border.a}-{border.b} is given twice (#{seen[key] + 1} and #{i + 1}); "
                "expected one border per pair of areas"
            )
        seen[key] = i
        borders.append(border)

    touched: dict[str, set[str]] = {a: set() for a in areas}
    for border in borders:
        touched[border.a].add(border.kind)
        touched[border.b].add(border.kind)
    for aid, kinds in touched.items():
        if not kinds:
            raise GeographyError(f"{source}: area {aid} has no border, expected at least one")
        ports = [c.id for c in areas[aid].cities if c.port]
        if ports and "coast" not in kinds:
            raise GeographyError(
                f"{source}: area {aid} has port(s) {', '.join(ports)} but no coast border, expected a coast on a sea"
            )
    return Geography(areas, borders, rivers, source)


@functools.cache
def map1524() -> Geography:
    """The authored map of Europe in 1524 (``data/map1524.json``; ``docs/rr3-map.md``), loaded once."""
    text = resources.files("umpire.games.rr3").joinpath("data/map1524.json").read_text(encoding="utf-8")
    return load_geography(json.loads(text), "map1524.json")
