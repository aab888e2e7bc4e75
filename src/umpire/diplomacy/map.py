"""Diplomacy-family maps: load, validate and precompute a map file (format ``umpire-map/1``, docs/maps.md).

``load_map("standard")`` reads ``maps/standard.json`` shipped with this package; ``load_map(path)`` reads any
file.  The result, a :class:`GameMap`, is immutable and cached, so every caller shares one instance per file.

Everything the resolver asks of the board is precomputed here once:

* ``army_adj[province]``: the provinces an army may move to;
* ``fleet_adj[location]``: the locations (``"STP/NC"`` for a coast) a fleet may move to, and
  ``fleet_reach[location]``: the same as bare provinces (what a fleet may support into);
* ``coasts[province]``: the coast locations of a split-coast province;
* ``convoy_seas``: the provinces a fleet may convoy through (the seas) and ``sea_touches[sea]``: the
  provinces that sea borders, ``sea_links[sea]``: the convoy seas it borders, ``sea_between[(a, b)]``: the
  seas that border both ``a`` and ``b`` (a one-fleet convoy route);
* ``any_adj[province]``: every neighbour by land or sea (the civil-disorder distance of the 2023 rules).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

__all__ = ["GameMap", "MapError", "PowerInfo", "Province", "load_map", "map_by_id", "parse_unit"]

MAP_FORMAT = "umpire-map/1"
MAPS_DIR = Path(__file__).with_name("maps")

ProvinceType = Literal["land", "sea", "coast"]
UnitType = Literal["A", "F"]

_ID = re.compile(r"^[A-Z]+$")
_LOC = re.compile(r"^([A-Z]+)(?:/([A-Z]+))?$")
_PHASE = re.compile(r"^[SF][0-9]{4}M$")
_TOP_KEYS = frozenset({"format", "id", "name", "first_phase", "powers", "provinces", "start"})
_POWER_KEYS = frozenset({"name", "adjective", "colour"})
_PROVINCE_KEYS = frozenset({"name", "type", "center", "value", "home", "army", "fleet", "coasts", "pos", "coast_pos"})
_START_KEYS = frozenset({"units", "centers"})
_TYPES = ("land", "sea", "coast")


class MapError(ValueError):
    """A map file is malformed; the message names the province (or key) and the problem."""


@dataclass(frozen=True, slots=True)
class PowerInfo:
    name: str
    adjective: str
    colour: str


@dataclass(frozen=True, slots=True)
class Province:
    id: str
    name: str
    type: ProvinceType
    center: bool
    value: int
    home: str | None
    coasts: tuple[str, ...]  # coast locations ("STP/NC", "STP/SC"); empty unless split
    pos: tuple[float, float] | None = None  # (longitude, latitude) of the label and unit point, for drawing
    coast_pos: Mapping[str, tuple[float, float]] = field(default_factory=dict)  # by coast location ("STP/NC")


@dataclass(frozen=True, slots=True, eq=False)
class GameMap:
    """An immutable, validated map with the adjacency structures the resolver needs precomputed."""

    id: str
    name: str
    first_phase: str
    powers: tuple[str, ...]
    power_info: Mapping[str, PowerInfo]
    provinces: Mapping[str, Province]
    army_adj: Mapping[str, frozenset[str]]
    fleet_adj: Mapping[str, frozenset[str]]
    fleet_reach: Mapping[str, frozenset[str]]
    any_adj: Mapping[str, frozenset[str]]
    coasts: Mapping[str, tuple[str, ...]]
    province_of: Mapping[str, str]
    army_locations: frozenset[str]
    fleet_locations: frozenset[str]
    convoy_seas: frozenset[str]
    sea_touches: Mapping[str, frozenset[str]]
    sea_links: Mapping[str, frozenset[str]]
    sea_between: Mapping[tuple[str, str], tuple[str, ...]]
    centers: frozenset[str]
    homes: Mapping[str, tuple[str, ...]]
    start_units: Mapping[str, tuple[str, ...]]
    start_centers: Mapping[str, tuple[str, ...]]
    extra: Mapping[str, Any]
    source: str

    def __repr__(self) -> str:
        return f"GameMap({self.id!r}, {len(self.provinces)} provinces)"

    def is_location(self, loc: str, kind: UnitType) -> bool:
        """Whether a unit of ``kind`` ('A' or 'F') may stand on ``loc``."""
        return loc in (self.army_locations if kind == "A" else self.fleet_locations)

    def name_of(self, loc: str) -> str:
        """The English name of the province of ``loc`` (used for alphabetical tie-breaks)."""
        return self.provinces[self.province_of[loc]].name


def parse_unit(game_map: GameMap, text: str) -> tuple[UnitType, str]:
    """Parse a unit string such as ``"F STP/SC"`` into (type, location), checking the location is possible."""
    return _parse_unit(game_map, text)


@lru_cache(maxsize=8192)
def _parse_unit(game_map: GameMap, text: str) -> tuple[UnitType, str]:
    parts = text.split()
    if len(parts) != 2 or parts[0].upper() not in ("A", "F"):
        raise ValueError(f"bad unit {text!r}: expected a type and a location such as 'A PAR' or 'F STP/NC'")
    kind: UnitType = "A" if parts[0].upper() == "A" else "F"
    loc = parts[1].upper().replace("(", "/").rstrip(")")
    prov = loc.split("/", 1)[0]
    if prov not in game_map.provinces:
        raise ValueError(f"bad unit {text!r}: unknown province {prov}")
    if kind == "A":
        if prov not in game_map.army_locations:
            raise ValueError(f"bad unit {text!r}: an army cannot stand on {prov} (a sea)")
        return kind, prov  # an army's coast is irrelevant
    if loc not in game_map.fleet_locations:
        coasts = game_map.coasts.get(prov)
        if coasts and loc == prov:
            raise ValueError(f"bad unit {text!r}: a fleet on {prov} needs its coast ({', '.join(coasts)})")
        if coasts:
            raise ValueError(f"bad unit {text!r}: {prov} has no coast {loc}; its coasts are {', '.join(coasts)}")
        raise ValueError(f"bad unit {text!r}: a fleet cannot stand on {prov} (inland)")
    return kind, loc


_BY_ID: dict[str, GameMap] = {}


def map_by_id(map_id: str) -> GameMap:
    """A map already loaded (or shipped with the package) by its id."""
    got = _BY_ID.get(map_id)
    return got if got is not None else load_map(map_id)


def load_map(name_or_path: str | Path) -> GameMap:
    """Load and validate a map: a bare name (``"standard"``) is looked up in the package's ``maps/`` folder,
    anything else is a path to a JSON file.  Cached: each file is read once."""
    text = str(name_or_path)
    if re.fullmatch(r"[A-Za-z0-9_]+", text):
        shipped = _SHIPPED.get(text)
        if shipped is not None:  # the rules ask for their map on every action: no file system calls then
            return shipped
        path = MAPS_DIR / f"{text.lower()}.json"
        if not path.is_file():
            known = sorted(p.stem for p in MAPS_DIR.glob("*.json"))
            raise MapError(f"unknown map {text!r}; shipped maps: {', '.join(known)}")
        _SHIPPED[text] = game_map = _load_path(str(path.resolve()))
        return game_map
    return _load_path(str(Path(text).resolve()))


#: Shipped maps by the bare name they were asked for (the package's ``maps/`` folder does not change).
_SHIPPED: dict[str, GameMap] = {}


@lru_cache(maxsize=64)
def _load_path(path: str) -> GameMap:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except OSError as exc:
        raise MapError(f"cannot read map file {path}: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise MapError(f"map file {path} is not valid JSON: {exc}") from exc
    game_map = build_map(data, source=path)
    _BY_ID[game_map.id] = game_map
    return game_map


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise MapError(message)


def _str_list(value: Any, where: str) -> list[str]:
    _need(isinstance(value, list) and all(isinstance(v, str) for v in value), f"{where} must be a list of ids")
    return list(value)


def _point(value: Any, where: str) -> tuple[float, float]:
    ok = (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        and -180 <= value[0] <= 180
        and -90 <= value[1] <= 90
    )
    _need(ok, f"{where} must be [longitude, latitude] in degrees")
    return float(value[0]), float(value[1])


def build_map(data: Any, source: str = "<data>") -> GameMap:
    """Validate a decoded map file and build the :class:`GameMap` (``load_map`` reads the file and calls this)."""
    _need(isinstance(data, dict), "a map file must hold a JSON object")
    _need(data.get("format") == MAP_FORMAT, f"map format must be {MAP_FORMAT!r}, got {data.get('format')!r}")
    for key in ("id", "name", "first_phase", "powers", "provinces", "start"):
        _need(key in data, f"map is missing the key {key!r}")
    map_id, map_name, first_phase = data["id"], data["name"], data["first_phase"]
    _need(
        isinstance(map_id, str) and re.fullmatch(r"[a-z0-9_]+", map_id) is not None,
        f"map id must be lower-case letters, digits or '_', got {map_id!r}",
    )
    _need(isinstance(map_name, str), "map name must be a string")
    _need(
        isinstance(first_phase, str) and _PHASE.match(first_phase) is not None,
        f"first_phase must look like 'S1901M', got {first_phase!r}",
    )
    extra = {k: v for k, v in data.items() if k not in _TOP_KEYS}

    # Powers.
    raw_powers = data["powers"]
    _need(isinstance(raw_powers, dict) and bool(raw_powers), "powers must be a non-empty object")
    power_info: dict[str, PowerInfo] = {}
    for pid, info in raw_powers.items():
        _need(_ID.match(pid) is not None, f"power id {pid!r} must be upper-case letters")
        _need(isinstance(info, dict), f"power {pid} must be an object")
        for key in info:
            _need(key in _POWER_KEYS, f"power {pid}: unknown key {key!r}")
        fields = [info.get(k, pid.title() if k == "name" else "") for k in ("name", "adjective", "colour")]
        _need(all(isinstance(f, str) for f in fields), f"power {pid}: name, adjective and colour are strings")
        power_info[pid] = PowerInfo(*fields)

    # Provinces: keys, types, centres.
    raw_provs = data["provinces"]
    _need(isinstance(raw_provs, dict) and bool(raw_provs), "provinces must be a non-empty object")
    provinces: dict[str, Province] = {}
    for pid, info in raw_provs.items():
        _need(_ID.match(pid) is not None, f"province id {pid!r} must be upper-case letters")
        _need(isinstance(info, dict), f"province {pid} must be an object")
        for key in info:
            _need(key in _PROVINCE_KEYS, f"{pid}: unknown key {key!r}")
        ptype = info.get("type")
        _need(ptype in _TYPES, f"{pid}: unknown type {ptype!r}; expected land, sea or coast")
        center = info.get("center", False)
        _need(isinstance(center, bool), f"{pid}: center must be true or false")
        value = info.get("value", 1)
        _need(
            isinstance(value, int) and not isinstance(value, bool) and value >= 0,
            f"{pid}: value must be a whole number",
        )
        _need("value" not in info or center, f"{pid}: value given but {pid} is not a centre")
        home = info.get("home")
        if home is not None:
            _need(isinstance(home, str) and home in power_info, f"{pid}: home names an unknown power {home!r}")
            _need(center, f"{pid}: home centre of {home} but {pid} is not a centre")
        name = info.get("name", pid)
        _need(isinstance(name, str), f"{pid}: name must be a string")
        coasts: tuple[str, ...] = ()
        if "coasts" in info:
            _need(ptype == "coast", f"{pid}: a coast list on a non-coastal province ({ptype})")
            raw_coasts = info["coasts"]
            _need(isinstance(raw_coasts, dict) and len(raw_coasts) >= 2, f"{pid}: coasts must name at least two coasts")
            for cid in raw_coasts:
                _need(_ID.match(cid) is not None, f"{pid}: coast id {cid!r} must be upper-case letters")
            coasts = tuple(f"{pid}/{cid}" for cid in raw_coasts)
            _need("fleet" not in info, f"{pid}: a split-coast province has no fleet list (use its coasts)")
        if ptype == "sea":
            _need("army" not in info, f"{pid}: army adjacency on a sea")
        if ptype == "land":
            _need("fleet" not in info, f"{pid}: fleet adjacency on a land province")
        pos = _point(info["pos"], f"{pid}: pos") if "pos" in info else None
        coast_pos: dict[str, tuple[float, float]] = {}
        if "coast_pos" in info:
            raw_cp = info["coast_pos"]
            _need(bool(coasts), f"{pid}: coast_pos on a province without split coasts")
            _need(isinstance(raw_cp, dict), f"{pid}: coast_pos must map each coast to [longitude, latitude]")
            for cid, point in raw_cp.items():
                _need(f"{pid}/{cid}" in coasts, f"{pid}: coast_pos names an unknown coast {cid!r}")
                coast_pos[f"{pid}/{cid}"] = _point(point, f"{pid}: coast_pos {cid}")
        provinces[pid] = Province(pid, name, ptype, center, value, home, coasts, pos, MappingProxyType(coast_pos))

    # Adjacency lists, checked against known provinces, coasts and types.
    army_locs = frozenset(p for p, v in provinces.items() if v.type != "sea")
    fleet_locs_set: set[str] = set()
    for p, v in provinces.items():
        if v.coasts:
            fleet_locs_set.update(v.coasts)
        elif v.type != "land":
            fleet_locs_set.add(p)
    fleet_locs = frozenset(fleet_locs_set)
    army_adj: dict[str, frozenset[str]] = {}
    fleet_adj: dict[str, frozenset[str]] = {}
    for pid, info in raw_provs.items():
        ptype = provinces[pid].type
        if ptype != "sea":
            lst = _str_list(info.get("army", []), f"{pid}: army")
            for n in lst:
                _need(n != pid, f"{pid} lists itself for armies")
                _need(lst.count(n) == 1, f"{pid} lists {n} twice for armies")
                _need(n in provinces, f"{pid}: army adjacency to an unknown province {n!r}")
                _need(provinces[n].type != "sea", f"{pid}: army adjacency to {n}, a sea")
            army_adj[pid] = frozenset(lst)
        pairs: list[tuple[str, Any, str]] = []
        if provinces[pid].coasts:
            pairs = [(f"{pid}/{c}", lst, f"{pid}/{c}") for c, lst in info["coasts"].items()]
        elif ptype != "land":
            pairs = [(pid, info.get("fleet", []), pid)]
        for loc, raw, where in pairs:
            lst = _str_list(raw, f"{where}: fleet")
            for n in lst:
                nprov = n.split("/", 1)[0]
                _need(nprov != pid, f"{where} lists its own province for fleets")
                _need(lst.count(n) == 1, f"{where} lists {n} twice for fleets")
                _need(nprov in provinces, f"{where}: fleet adjacency to an unknown province {n!r}")
                if provinces[nprov].coasts and n == nprov:
                    _need(
                        False,
                        f"{where}: fleet adjacency to {n} must name the coast ({' or '.join(provinces[nprov].coasts)})",
                    )
                _need(provinces[nprov].type != "land", f"{where}: fleet adjacency to {n}, a land province")
                _need(n in fleet_locs, f"{where}: fleet adjacency to an unknown coast {n!r}")
            fleet_adj[loc] = frozenset(lst)

    # Symmetry per unit type.
    for a, ns in sorted(army_adj.items()):
        for b in sorted(ns):
            _need(a in army_adj.get(b, ()), f"{a} lists {b} for armies but {b} does not list {a}")
    for a, ns in sorted(fleet_adj.items()):
        for b in sorted(ns):
            _need(a in fleet_adj.get(b, ()), f"{a} lists {b} for fleets but {b} does not list {a}")

    # Orphans and connectivity (over the union of army and fleet adjacency, by province).
    province_of = {p: p for p in provinces}
    for v in provinces.values():
        for c in v.coasts:
            province_of[c] = v.id
    any_adj_sets: dict[str, set[str]] = {p: set() for p in provinces}
    for a, ns in army_adj.items():
        any_adj_sets[a].update(ns)
    for loc, ns in fleet_adj.items():
        any_adj_sets[province_of[loc]].update(province_of[n] for n in ns)
    for p in provinces:
        _need(bool(any_adj_sets[p]), f"{p} is an orphan province (no neighbours)")
    first = next(iter(provinces))
    seen = {first}
    todo = [first]
    while todo:
        for n in any_adj_sets[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    for p in provinces:
        _need(p in seen, f"{p} is unreachable from {first}")

    # Start position.
    start = data["start"]
    _need(isinstance(start, dict), "start must be an object")
    for key in start:
        _need(key in _START_KEYS, f"start: unknown key {key!r}")
    start_units: dict[str, tuple[str, ...]] = {}
    occupied: dict[str, str] = {}
    raw_units = start.get("units", {})
    _need(isinstance(raw_units, dict), "start.units must be an object")
    for power, lst in raw_units.items():
        _need(power in power_info, f"start.units: unknown power {power!r}")
        units = _str_list(lst, f"start.units.{power}")
        for u in units:
            m = re.fullmatch(r"([AF]) ([A-Z]+(?:/[A-Z]+)?)", u)
            _need(m is not None, f"start unit {u!r} of {power}: expected a unit such as 'A PAR' or 'F STP/SC'")
            assert m is not None
            kind, loc = m.group(1), m.group(2)
            prov = loc.split("/", 1)[0]
            _need(prov in provinces, f"start unit {u!r} of {power}: unknown province {prov}")
            ok = loc in army_locs if kind == "A" else loc in fleet_locs
            _need(ok, f"start unit {u!r} of {power} is on an impossible location")
            _need(
                prov not in occupied,
                f"start unit {u!r} of {power}: {prov} already holds a unit of {occupied.get(prov)}",
            )
            occupied[prov] = power
        start_units[power] = tuple(units)
    start_centers: dict[str, tuple[str, ...]] = {}
    owner: dict[str, str] = {}
    raw_centers = start.get("centers", {})
    _need(isinstance(raw_centers, dict), "start.centers must be an object")
    for power, lst in raw_centers.items():
        _need(power in power_info, f"start.centers: unknown power {power!r}")
        cs = _str_list(lst, f"start.centers.{power}")
        for c in cs:
            _need(c in provinces and provinces[c].center, f"start.centers.{power}: {c} is not a centre")
            _need(c not in owner, f"centre {c} is owned by both {owner.get(c)} and {power} at the start")
            owner[c] = power
        start_centers[power] = tuple(cs)

    # Derived structures.
    fleet_reach = {loc: frozenset(province_of[n] for n in ns) for loc, ns in fleet_adj.items()}
    seas = frozenset(p for p, v in provinces.items() if v.type == "sea")
    sea_touches = {s: fleet_reach[s] for s in seas}
    sea_links = {s: frozenset(n for n in fleet_reach[s] if n in seas) for s in seas}
    sea_between: dict[tuple[str, str], list[str]] = {}
    for s in sorted(seas):
        for a in sea_touches[s]:
            for b in sea_touches[s]:
                if a != b:
                    sea_between.setdefault((a, b), []).append(s)
    homes: dict[str, list[str]] = {p: [] for p in power_info}
    for v in provinces.values():
        if v.home is not None:
            homes[v.home].append(v.id)
    ro = MappingProxyType
    return GameMap(
        id=map_id,
        name=map_name,
        first_phase=first_phase,
        powers=tuple(power_info),
        power_info=ro(power_info),
        provinces=ro(provinces),
        army_adj=ro(army_adj),
        fleet_adj=ro(fleet_adj),
        fleet_reach=ro(fleet_reach),
        any_adj=ro({p: frozenset(s) for p, s in any_adj_sets.items()}),
        coasts=ro({p: v.coasts for p, v in provinces.items() if v.coasts}),
        province_of=ro(province_of),
        army_locations=army_locs,
        fleet_locations=fleet_locs,
        convoy_seas=seas,
        sea_touches=ro(sea_touches),
        sea_links=ro(sea_links),
        sea_between=ro({k: tuple(v) for k, v in sea_between.items()}),
        centers=frozenset(p for p, v in provinces.items() if v.center),
        homes=ro({p: tuple(sorted(h)) for p, h in homes.items()}),
        start_units=ro(start_units),
        start_centers=ro(start_centers),
        extra=ro(extra),
        source=source,
    )
