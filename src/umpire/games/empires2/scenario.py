"""The scenarios of Empires for Two (``data/scenario_<id>.json``), validated against the map.

A scenario file holds::

    {"about", "id", "name", "section", "start_year", "end_year", "rounds", "players": [min, max],
     "public": {field: source}, "empires": {id: empire}, "fortifications": [{"area", "level", "authored"}],
     "differences": [{"area", "language" | "religion", "authored"}],
     "vp_adjustments": {empire: points | {"points", "authored"}}, "longevity": {empire: rounds}}

An empire is ``{"name", "colour", "court", "possessions", "claims", "gold", "leader", "authored"}`` with ``leader``
``{"name", "administrative", "combat", "diplomatic"}``. ``public`` names the top-level fields taken from the rules
rewrite, with the section; every other figure is authored, and each empire, fortification and difference says which it
is; a victory point adjustment is a bare integer when public (the file's ``public`` names ``vp_adjustments``), else
marked ``{"points", "authored": true}``. ``differences`` lists the areas whose language or religion at the start
differs from the map's (as the rewrite's scenarios do, e.g. rewrite 27.5). ``longevity`` names the empires whose
leader can neither die nor lose his wits in the first rounds (rewrite 27.7, Charlemagne's Longevity). Rulings EMP-D09
to EMP-D11.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from umpire.games.empires2 import datafiles
from umpire.games.empires2.mapdata import LANGUAGES, RELIGIONS, EmpiresMap, load_map
from umpire.games.empires2.tables import MAX_STATURE

__all__ = [
    "FORTIFICATION_LEVELS",
    "MAX_EMPIRES",
    "MAX_STATURE",
    "SCENARIOS",
    "Empire",
    "Leader",
    "Scenario",
    "load_scenario",
    "parse_scenario",
]

SCENARIOS: tuple[str, ...] = ("charlemagne", "millennium")
"""The scenario files shipped, by id (``data/scenario_<id>.json``)."""
MAX_EMPIRES = 7
"""The most empires a scenario lists (33.11: the Millennium scenario lists seven)."""
MAX_GOLD = 99
FORTIFICATION_LEVELS: tuple[int, ...] = (1, 2, 3)
"""Fortification levels a scenario may place (rewrite 27.4 uses 2 and 3; 33.24 steps 4-5 fortify up to 3)."""
STATURES: tuple[str, ...] = ("administrative", "combat", "diplomatic")
COLOUR = re.compile(r"#[0-9a-f]{6}")
ID = re.compile(r"[a-z][a-z0-9_]*")

_TOP_KEYS = frozenset(
    {
        "about",
        "id",
        "name",
        "section",
        "start_year",
        "end_year",
        "rounds",
        "players",
        "public",
        "empires",
        "fortifications",
        "differences",
        "vp_adjustments",
        "longevity",
    }
)
_EMPIRE_KEYS = frozenset({"name", "colour", "court", "possessions", "claims", "gold", "leader", "authored"})
_LEADER_KEYS = frozenset({"name", *STATURES})


@dataclass(frozen=True, slots=True)
class Leader:
    """An empire's leader at the start, with the three statures (rewrite 8.0)."""

    name: str
    administrative: int
    combat: int
    diplomatic: int


@dataclass(frozen=True, slots=True)
class Empire:
    """An empire as a scenario sets it up."""

    id: str
    name: str
    colour: str
    court: str
    possessions: tuple[str, ...]
    claims: tuple[str, ...]
    gold: int
    leader: Leader
    authored: bool


@dataclass(frozen=True, slots=True)
class Scenario:
    """A validated scenario."""

    id: str
    name: str
    section: str
    start_year: int
    end_year: int
    rounds: int
    players: tuple[int, int]
    public: Mapping[str, str]
    empires: Mapping[str, Empire]
    fortifications: Mapping[str, int]
    languages: Mapping[str, str]
    religions: Mapping[str, str]
    vp_adjustments: Mapping[str, int]
    longevity: Mapping[str, int]
    """Empire -> the rounds from the first in which its leader takes no stature check and Leader Dies Heirless has no
    effect on it (rewrite 27.7)."""
    authored_entries: tuple[str, ...]
    """Every authored fortification, difference and adjustment, as ``"fortification:<area>"``,
    ``"language:<area>"``, ``"religion:<area>"`` or ``"vp_adjustment:<empire>"``."""

    def possessor(self, area_id: str) -> str | None:
        """The empire possessing ``area_id`` at the start, or None for an independent area."""
        for empire in self.empires.values():
            if area_id in empire.possessions:
                return empire.id
        return None

    def courts(self) -> dict[str, str]:
        """Each empire's court area."""
        return {e.id: e.court for e in self.empires.values()}

    def language(self, game_map: EmpiresMap, area_id: str) -> str:
        """The language of an area at the start: the scenario's difference, else the map's."""
        return self.languages.get(area_id, game_map.area(area_id).language)

    def religion(self, game_map: EmpiresMap, area_id: str) -> str:
        """The religion (church) of an area at the start: the scenario's difference, else the map's."""
        return self.religions.get(area_id, game_map.area(area_id).religion)


def _fault(source: str, where: str, what: str) -> ValueError:
    return ValueError(f"{source}: {where}: {what}")


def _exact(source: str, where: str, raw: object, keys: frozenset[str]) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise _fault(source, where, f"expected an object, got {type(raw).__name__}")
    if set(raw) != keys:
        missing, extra = sorted(keys - set(raw)), sorted(set(raw) - keys)
        raise _fault(source, where, f"fields must be {sorted(keys)}; missing {missing}, unknown {extra}")
    return raw


def _int(source: str, where: str, value: object, low: int, high: int, what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    raise _fault(source, where, f"{what} must be an integer from {low} to {high}, got {value!r}")


def _text(source: str, where: str, value: object, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _fault(source, where, f"{what} must be a non-empty string, got {value!r}")
    return value


def _flag(source: str, where: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise _fault(source, where, f"'authored' must be true or false, got {value!r}")
    return value


def _area(source: str, where: str, value: object, game_map: EmpiresMap, what: str) -> str:
    if not isinstance(value, str) or value not in game_map.areas:
        raise _fault(source, where, f"{what} {value!r} is not a land area of the map")
    return value


def _areas(source: str, where: str, value: object, game_map: EmpiresMap, what: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise _fault(source, where, f"{what} must be a list of land areas, got {value!r}")
    out = tuple(_area(source, where, v, game_map, f"{what} entry") for v in value)
    if len(set(out)) != len(out):
        raise _fault(source, where, f"{what} lists an area twice")
    return out


def _leader(source: str, where: str, raw: object) -> Leader:
    entry = _exact(source, f"{where} leader", raw, _LEADER_KEYS)
    values = {k: _int(source, f"{where} leader", entry[k], 0, MAX_STATURE, f"{k} stature") for k in STATURES}
    return Leader(name=_text(source, f"{where} leader", entry["name"], "'name'"), **values)


def _empire(source: str, eid: str, raw: object, game_map: EmpiresMap) -> Empire:
    where = f"empire {eid!r}"
    if ID.fullmatch(eid) is None:
        raise _fault(source, where, "the id is not lowercase ASCII snake_case")
    entry = _exact(source, where, raw, _EMPIRE_KEYS)
    colour = entry["colour"]
    if not isinstance(colour, str) or COLOUR.fullmatch(colour) is None:
        raise _fault(source, where, f"colour must be '#rrggbb' in lowercase hex, got {colour!r}")
    court = _area(source, where, entry["court"], game_map, "court")
    possessions = _areas(source, where, entry["possessions"], game_map, "possessions")
    if court not in possessions:
        raise _fault(source, where, f"the court area {court!r} is not among its possessions")
    return Empire(
        id=eid,
        name=_text(source, where, entry["name"], "'name'"),
        colour=colour,
        court=court,
        possessions=possessions,
        claims=_areas(source, where, entry["claims"], game_map, "claims"),
        gold=_int(source, where, entry["gold"], 0, MAX_GOLD, "gold"),
        leader=_leader(source, where, entry["leader"]),
        authored=_flag(source, where, entry["authored"]),
    )


def _empires(source: str, raw: object, game_map: EmpiresMap) -> dict[str, Empire]:
    if not isinstance(raw, Mapping) or not 2 <= len(raw) <= MAX_EMPIRES:
        raise ValueError(f"{source}: 'empires' must be an object of 2 to {MAX_EMPIRES} empires keyed by id")
    empires = {eid: _empire(source, eid, entry, game_map) for eid, entry in raw.items()}
    held: dict[str, str] = {}
    colours: dict[str, str] = {}
    for e in empires.values():
        for area in e.possessions:
            if area in held:
                raise _fault(source, f"empire {e.id!r}", f"possesses {area!r}, which {held[area]!r} possesses too")
            held[area] = e.id
        if e.colour in colours:
            raise _fault(source, f"empire {e.id!r}", f"colour {e.colour} is {colours[e.colour]!r}'s too")
        colours[e.colour] = e.id
    return empires


def _fortifications(source: str, raw: object, game_map: EmpiresMap, authored: list[str]) -> dict[str, int]:
    if not isinstance(raw, list):
        raise ValueError(f"{source}: 'fortifications' must be a list")
    out: dict[str, int] = {}
    for i, item in enumerate(raw):
        where = f"fortifications[{i}]"
        entry = _exact(source, where, item, frozenset({"area", "level", "authored"}))
        area = _area(source, where, entry["area"], game_map, "area")
        if area in out:
            raise _fault(source, where, f"{area!r} is fortified twice")
        out[area] = _int(source, where, entry["level"], FORTIFICATION_LEVELS[0], FORTIFICATION_LEVELS[-1], "level")
        if _flag(source, where, entry["authored"]):
            authored.append(f"fortification:{area}")
    return out


def _vp_adjustments(
    source: str, raw: object, public: bool, empires: Mapping[str, Empire], authored: list[str]
) -> dict[str, int]:
    """``{empire: points}`` for a public figure (rewrite 27.92; the file's ``public`` must name ``vp_adjustments``)
    or ``{empire: {"points", "authored"}}``; an authored one is listed as ``"vp_adjustment:<empire>"``."""
    if not isinstance(raw, Mapping):
        raise _fault(source, "top level", "'vp_adjustments' must be an object keyed by empire")
    points: dict[str, int] = {}
    for eid, value in raw.items():
        if eid not in empires:
            raise _fault(source, "vp_adjustments", f"{eid!r} is not an empire of the scenario")
        where = f"vp_adjustments {eid!r}"
        marked = isinstance(value, Mapping)
        entry = _exact(source, where, value, frozenset({"points", "authored"})) if marked else {"points": value}
        points[eid] = _int(source, "vp_adjustments", entry["points"], -200, 200, f"{eid!r}'s adjustment")
        if marked and _flag(source, where, entry["authored"]):
            authored.append(f"vp_adjustment:{eid}")
        elif not public:
            raise _fault(
                source,
                where,
                "a figure not marked authored must be public, but 'public' does not name 'vp_adjustments'; "
                'write an authored one as {"points": <n>, "authored": true}',
            )
    return points


def _differences(
    source: str, raw: object, game_map: EmpiresMap, authored: list[str]
) -> tuple[dict[str, str], dict[str, str]]:
    if not isinstance(raw, list):
        raise ValueError(f"{source}: 'differences' must be a list")
    languages: dict[str, str] = {}
    religions: dict[str, str] = {}
    for i, item in enumerate(raw):
        where = f"differences[{i}]"
        if not isinstance(item, Mapping) or len({"language", "religion"} & set(item)) != 1:
            raise _fault(source, where, "expected an object with 'area', 'authored' and one of 'language', 'religion'")
        kind = "language" if "language" in item else "religion"
        entry = _exact(source, where, item, frozenset({"area", kind, "authored"}))
        area = _area(source, where, entry["area"], game_map, "area")
        allowed = LANGUAGES if kind == "language" else tuple(RELIGIONS)
        value = entry[kind]
        if value not in allowed:
            raise _fault(source, where, f"{kind} {value!r} is not one of {', '.join(allowed)}")
        table = languages if kind == "language" else religions
        if area in table:
            raise _fault(source, where, f"{area!r} has a second {kind} difference")
        if value == getattr(game_map.area(area), kind):
            raise _fault(source, where, f"{area!r} already has {kind} {value!r} on the map: no difference")
        table[area] = value
        if _flag(source, where, entry["authored"]):
            authored.append(f"{kind}:{area}")
    return languages, religions


def parse_scenario(raw: object, game_map: EmpiresMap, source: str = "scenario.json") -> Scenario:
    """Validate a parsed scenario file against ``game_map``; a ValueError names the file, the entry and the fault."""
    top = _exact(source, "top level", raw, _TOP_KEYS)
    _text(source, "top level", top["about"], "'about'")
    sid = top["id"]
    if not isinstance(sid, str) or ID.fullmatch(sid) is None:
        raise _fault(source, "top level", f"'id' must be lowercase ASCII snake_case, got {sid!r}")
    start = _int(source, "top level", top["start_year"], 700, 1500, "'start_year'")
    end = _int(source, "top level", top["end_year"], 700, 1500, "'end_year'")
    if end <= start:
        raise _fault(source, "top level", f"'end_year' {end} is not after 'start_year' {start}")
    players = top["players"]
    if (
        not isinstance(players, list)
        or len(players) != 2
        or not all(isinstance(p, int) and not isinstance(p, bool) for p in players)
        or not 1 <= players[0] <= players[1] <= 6
    ):
        raise _fault(source, "top level", f"'players' must be [fewest, most] from 1 to 6, got {players!r}")
    public = top["public"]
    if not isinstance(public, Mapping) or not all(isinstance(v, str) and v for v in public.values()):
        raise _fault(source, "top level", "'public' must map field names to the section they come from")
    unknown = sorted(set(public) - _TOP_KEYS)
    if unknown:
        raise _fault(source, "top level", f"'public' names fields the file does not have: {unknown}")
    empires = _empires(source, top["empires"], game_map)
    authored: list[str] = []
    fortifications = _fortifications(source, top["fortifications"], game_map, authored)
    languages, religions = _differences(source, top["differences"], game_map, authored)
    vp = _vp_adjustments(source, top["vp_adjustments"], "vp_adjustments" in public, empires, authored)
    longevity = top["longevity"]
    if not isinstance(longevity, Mapping):
        raise _fault(source, "top level", "'longevity' must be an object keyed by empire (rewrite 27.7)")
    for eid, rounds in longevity.items():
        if eid not in empires:
            raise _fault(source, "longevity", f"{eid!r} is not an empire of the scenario")
        _int(source, "longevity", rounds, 1, 100, f"{eid!r}'s rounds")
    return Scenario(
        id=sid,
        name=_text(source, "top level", top["name"], "'name'"),
        section=_text(source, "top level", top["section"], "'section'"),
        start_year=start,
        end_year=end,
        rounds=_int(source, "top level", top["rounds"], 1, 100, "'rounds'"),
        players=(players[0], players[1]),
        public=MappingProxyType(dict(public)),
        empires=MappingProxyType(empires),
        fortifications=MappingProxyType(fortifications),
        languages=MappingProxyType(languages),
        religions=MappingProxyType(religions),
        vp_adjustments=MappingProxyType(vp),
        longevity=MappingProxyType(dict(longevity)),
        authored_entries=tuple(authored),
    )


@functools.cache
def load_scenario(scenario_id: str) -> Scenario:
    """The scenario ``scenario_id`` (one of :data:`SCENARIOS`), validated against the map once and cached."""
    if scenario_id not in SCENARIOS:
        raise ValueError(f"unknown scenario {scenario_id!r}; expected one of {', '.join(SCENARIOS)}")
    src = datafiles.source(f"scenario_{scenario_id}.json")
    try:
        scenario = parse_scenario(datafiles.read(src), load_map(), src.label)
        if scenario.id != scenario_id:
            raise ValueError(f"{src.label}: top level: 'id' is {scenario.id!r}, expected {scenario_id!r}")
    except ValueError as fault:
        raise datafiles.refault(fault, src) from None
    return scenario
