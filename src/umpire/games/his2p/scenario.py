"""The 1517 scenario (``data/scenario_1517.json``), its validation, and the two-player set-up built from it.

The file holds the full (six-player) set-up of the scenario book::

    {"about", "control": {space: power | "independent"}, "protestant": [space], "out_of_play": [space],
     "units": [{"space", "power", "regulars", "mercenaries", "cavalry", "squadrons", "corsairs", "leaders"}],
     "electorate_display": {electorate: regulars}, "at_war": [[a, b]], "allied": [[a, b]],
     "minors": {minor: ally | null}, "rulers": {major: ruler}, "power_cards": {major: {...}}, "vp": {major: vp}}

``control`` covers every land space; ``independent`` means no power controls it.  ``protestant`` lists the spaces
under Protestant religious influence (none in 1517; Ottoman home spaces never carry a religion, rule 2.3).
``out_of_play`` spaces cannot be entered (Algiers until Barbary Pirates, rule 21.1).  Every unit entry carries
all five counts, zero or not, and the ids of its leaders; there is one entry per (space, power).
``electorate_display`` holds the Protestant regulars waiting off the map on the Electorate Display.  Pairs in
``at_war`` and ``allied`` are sorted.  Rulings HIS-M06 to HIS-M14 in docs/rulings/his2p.md.

:func:`two_player_setup` applies the seed's "Setup" section, each bullet one function, and returns the same
shape without ``vp`` and with ``leaders_off_map`` (leaders set aside, by power).
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, Literal, TypedDict

from umpire.games.his2p.mapdata import MAJOR_POWERS, MINOR_POWERS, POWERS, HisMap, load_map

__all__ = [
    "CONTROLLERS",
    "NAVAL_PORTS_2P",
    "SETUP_STEPS_2P",
    "Setup",
    "UnitStack",
    "bohemia_hapsburg_hungary_ottoman",
    "check_setup",
    "load_scenario_1517",
    "no_wars_at_start",
    "only_andrea_doria_on_the_map",
    "only_five_naval_ports",
    "only_one_regular_outside_german_and_italian_zones",
    "two_player_setup",
]

CONTROLLERS: tuple[str, ...] = (*POWERS, "independent")
"""Who may control a space or own a unit."""
Count = Literal["regulars", "mercenaries", "cavalry", "squadrons", "corsairs"]
COUNTS: tuple[Count, ...] = ("regulars", "mercenaries", "cavalry", "squadrons", "corsairs")
LAND_COUNTS: tuple[Count, ...] = ("regulars", "mercenaries", "cavalry")
NAVAL_PORTS_2P: frozenset[str] = frozenset({"marseille", "genoa", "naples", "venice", "rome"})
"""Setup, bullet 2: the only ports whose naval units are placed."""
OPEN_ZONES: frozenset[str] = frozenset({"german", "italian"})
"""The language zones where the two-player game is fought (2.2, 10, 13)."""
HUNGARY_TO_HAPSBURG: frozenset[str] = frozenset({"prague", "brunn", "breslau"})


class UnitStack(TypedDict):
    """One power's units and leaders in one space."""

    space: str
    power: str
    regulars: int
    mercenaries: int
    cavalry: int
    squadrons: int
    corsairs: int
    leaders: list[str]


class Setup(TypedDict, total=False):
    """A set-up as JSON-able data (see the module docstring)."""

    control: dict[str, str]
    protestant: list[str]
    out_of_play: list[str]
    units: list[UnitStack]
    electorate_display: dict[str, int]
    at_war: list[list[str]]
    allied: list[list[str]]
    minors: dict[str, str | None]
    rulers: dict[str, str]
    power_cards: dict[str, dict[str, Any]]
    vp: dict[str, int]
    leaders_off_map: dict[str, list[str]]


_REQUIRED = (
    "control",
    "protestant",
    "out_of_play",
    "units",
    "electorate_display",
    "at_war",
    "allied",
    "minors",
    "rulers",
    "power_cards",
)
_UNIT_KEYS = frozenset({"space", "power", "leaders", *COUNTS})


def _fail(source: str, where: str, what: str) -> ValueError:
    return ValueError(f"{source}: {where}: {what}")


def _pairs(source: str, name: str, raw: object) -> set[tuple[str, str]]:
    if not isinstance(raw, list):
        raise _fail(source, name, "must be a list of [power, power] pairs")
    pairs: set[tuple[str, str]] = set()
    for pair in raw:
        if not isinstance(pair, list) or len(pair) != 2 or any(p not in POWERS for p in pair) or pair[0] >= pair[1]:
            raise _fail(source, f"{name} {pair!r}", "expected two different known powers in sorted order")
        if (pair[0], pair[1]) in pairs:
            raise _fail(source, f"{name} {pair!r}", "listed twice")
        pairs.add((pair[0], pair[1]))
    return pairs


def _check_units(source: str, setup: Mapping[str, Any], board: HisMap, friends: Callable[[str, str], bool]) -> None:
    seen: set[tuple[str, str]] = set()
    leaders: set[str] = set()
    for unit in setup["units"]:
        where = f"units entry {unit.get('space')!r}/{unit.get('power')!r}" if isinstance(unit, Mapping) else "units"
        if not isinstance(unit, Mapping) or set(unit) != _UNIT_KEYS:
            raise _fail(source, where, f"fields must be exactly {sorted(_UNIT_KEYS)}")
        space, power = unit["space"], unit["power"]
        if space not in board.spaces:
            raise _fail(source, where, "unknown land space")
        if power not in CONTROLLERS:
            raise _fail(source, where, f"unknown power; expected one of {', '.join(CONTROLLERS)}")
        if (space, power) in seen:
            raise _fail(source, where, "a second entry for the same space and power")
        seen.add((space, power))
        for count in COUNTS:
            if not isinstance(unit[count], int) or isinstance(unit[count], bool) or unit[count] < 0:
                raise _fail(source, where, f"{count} must be a whole number >= 0, got {unit[count]!r}")
        if not isinstance(unit["leaders"], list) or not all(isinstance(x, str) for x in unit["leaders"]):
            raise _fail(source, where, "leaders must be a list of leader ids")
        if not any(unit[c] for c in COUNTS) and not unit["leaders"]:
            raise _fail(source, where, "an entry with no units and no leaders")
        if power != "ottoman" and (unit["cavalry"] or unit["corsairs"]):
            raise _fail(source, where, "only the Ottomans have cavalry and corsairs")
        if (unit["squadrons"] or unit["corsairs"]) and not board.space(space).is_port:
            raise _fail(source, where, "naval units in a space that is not a port")
        for leader in unit["leaders"]:
            if leader in leaders:
                raise _fail(source, where, f"leader {leader!r} is placed twice")
            leaders.add(leader)
        if space in setup["out_of_play"]:
            raise _fail(source, where, "units in a space that is out of play")
        controller = setup["control"][space]
        if not friends(power, controller):
            raise _fail(source, where, f"units stand in a space controlled by {controller}, not a friend")


def check_setup(setup: Mapping[str, Any], source: str = "scenario_1517.json", board: HisMap | None = None) -> None:
    """Raise a ValueError naming the source, the entry and the fault if ``setup`` is not a consistent set-up."""
    board = board or load_map()
    missing = [k for k in _REQUIRED if k not in setup]
    if missing:
        raise _fail(source, "top level", f"missing {missing}")
    control = setup["control"]
    if not isinstance(control, Mapping) or set(control) != set(board.spaces):
        absent = sorted(set(board.spaces) - set(control)) if isinstance(control, Mapping) else []
        raise _fail(source, "control", f"must name a controller for each of the 134 land spaces; missing {absent}")
    for space, power in control.items():
        if power not in CONTROLLERS:
            raise _fail(source, f"control of {space!r}", f"{power!r} is not one of {', '.join(CONTROLLERS)}")
    for name in ("protestant", "out_of_play"):
        values = setup[name]
        if not isinstance(values, list) or any(s not in board.spaces for s in values):
            raise _fail(source, name, "must be a list of known land spaces")
    for space in setup["protestant"]:
        if "ottoman" in board.space(space).home:
            raise _fail(source, f"protestant {space!r}", "Ottoman home spaces have no religious influence (2.3)")
    wars = _pairs(source, "at_war", setup["at_war"])
    allies = _pairs(source, "allied", setup["allied"])
    if wars & allies:
        raise _fail(source, "at_war", f"pairs both at war and allied: {sorted(wars & allies)}")
    minors = setup["minors"]
    if not isinstance(minors, Mapping) or set(minors) != set(MINOR_POWERS):
        raise _fail(source, "minors", f"must give the ally (or null) of each of {', '.join(MINOR_POWERS)}")
    for minor, ally in minors.items():
        if ally is not None and ally not in MAJOR_POWERS:
            raise _fail(source, f"minors {minor!r}", f"ally {ally!r} is not a major power")
        linked = {pair for pair in allies if minor in pair}
        expected = set() if ally is None else {(min(minor, ally), max(minor, ally))}
        if linked != expected:
            raise _fail(source, f"minors {minor!r}", f"ally {ally!r} disagrees with allied {sorted(linked)}")
    if set(setup["rulers"]) != set(MAJOR_POWERS) or set(setup["power_cards"]) - set(MAJOR_POWERS):
        raise _fail(source, "rulers", "must name the ruler of each major power; power_cards only major powers")
    display = setup["electorate_display"]
    if not isinstance(display, Mapping) or set(display) != set(board.electorates()):
        raise _fail(source, "electorate_display", f"must give the regulars of each of {board.electorates()}")

    def friends(power: str, controller: str) -> bool:
        if power == controller:
            return True
        return tuple(sorted((power, controller))) in allies

    _check_units(source, setup, board, friends)


@functools.cache
def _scenario_text() -> str:
    text = resources.files("umpire.games.his2p").joinpath("data", "scenario_1517.json").read_text(encoding="utf-8")
    raw = json.loads(text)
    if not isinstance(raw.get("about"), str) or not raw["about"]:
        raise ValueError("his2p/data/scenario_1517.json: 'about' must say what the file holds and its sources")
    check_setup(raw, "his2p/data/scenario_1517.json")
    return text


def load_scenario_1517() -> Setup:
    """The full 1517 set-up (validated once; each call returns a fresh copy the caller may change)."""
    raw = json.loads(_scenario_text())
    raw.pop("about")
    setup: Setup = raw
    return setup


def _stack(space: str, power: str, regulars: int) -> UnitStack:
    return {
        "space": space,
        "power": power,
        "regulars": regulars,
        "mercenaries": 0,
        "cavalry": 0,
        "squadrons": 0,
        "corsairs": 0,
        "leaders": [],
    }


def _nonempty(units: list[UnitStack]) -> list[UnitStack]:
    return [u for u in units if any(u[c] for c in COUNTS) or u["leaders"]]


def bohemia_hapsburg_hungary_ottoman(setup: Setup) -> Setup:
    """Setup, bullet 3: Prague (a Hapsburg SCM: the key's square marker), Brünn and Breslau (Hapsburg HCMs, Catholic
    side) are Hapsburg-controlled; Hungary is a Hapsburg ally; its other six spaces are Ottoman-controlled, and Buda
    and Belgrade hold 1 Ottoman regular each instead of their Hungarian garrisons (HIS-M10)."""
    out = copy.deepcopy(setup)
    board = load_map()
    for space in board.home_spaces("hungary"):
        out["control"][space] = "hapsburg" if space in HUNGARY_TO_HAPSBURG else "ottoman"
    units = [u for u in out["units"] if u["space"] not in ("buda", "belgrade")]
    out["units"] = [*units, _stack("buda", "ottoman", 1), _stack("belgrade", "ottoman", 1)]
    out["minors"]["hungary"] = "hapsburg"
    out["allied"] = sorted([*out["allied"], ["hapsburg", "hungary"]])
    out["at_war"] = [pair for pair in out["at_war"] if "hungary" not in pair]
    return out


def only_one_regular_outside_german_and_italian_zones(setup: Setup) -> Setup:
    """Setup, bullet 1: every stack of land units outside the German and Italian zones is just 1 regular."""
    out = copy.deepcopy(setup)
    board = load_map()
    for unit in out["units"]:
        if board.space(unit["space"]).language in OPEN_ZONES:
            continue
        had_land = any(unit[c] for c in LAND_COUNTS)
        unit["regulars"], unit["mercenaries"], unit["cavalry"] = (1 if had_land else 0), 0, 0
    out["units"] = _nonempty(out["units"])
    return out


def only_five_naval_ports(setup: Setup) -> Setup:
    """Setup, bullet 2: naval units stay only in Marseille, Genoa, Naples, Venice and Rome."""
    out = copy.deepcopy(setup)
    for unit in out["units"]:
        if unit["space"] not in NAVAL_PORTS_2P:
            unit["squadrons"], unit["corsairs"] = 0, 0
    out["units"] = _nonempty(out["units"])
    return out


def only_andrea_doria_on_the_map(setup: Setup) -> Setup:
    """Setup, bullet 4: Andrea Doria (in Genoa) is the only leader on the map; the others wait off the map in
    ``leaders_off_map``, from where invasion events bring them in (section 19: the same place winter sends the
    French, Hapsburg and Ottoman army leaders)."""
    out = copy.deepcopy(setup)
    off: dict[str, list[str]] = {}
    for unit in out["units"]:
        for leader in unit["leaders"]:
            if leader != "andrea_doria":
                off.setdefault(unit["power"], []).append(leader)
        unit["leaders"] = [x for x in unit["leaders"] if x == "andrea_doria"]
    out["units"] = _nonempty(out["units"])
    out["leaders_off_map"] = off
    return out


def no_wars_at_start(setup: Setup) -> Setup:
    """Sections 3 and 9: other powers go to war only by an Invasion card or the Schmalkaldic League, so the
    scenario's starting wars are not placed (HIS-M08)."""
    out = copy.deepcopy(setup)
    out["at_war"] = []
    return out


SETUP_STEPS_2P: tuple[Callable[[Setup], Setup], ...] = (
    bohemia_hapsburg_hungary_ottoman,
    only_one_regular_outside_german_and_italian_zones,
    only_five_naval_ports,
    only_andrea_doria_on_the_map,
    no_wars_at_start,
)
"""The seed's set-up changes, in the order applied (Hungary first, so Buda's new garrison is the seed's)."""


def two_player_setup() -> Setup:
    """The two-player set-up: the 1517 scenario with the seed's "Setup" changes, validated, as JSON-able data."""
    setup = load_scenario_1517()
    setup.pop("vp", None)
    for step in SETUP_STEPS_2P:
        setup = step(setup)
    check_setup(setup, "two-player set-up")
    return setup
