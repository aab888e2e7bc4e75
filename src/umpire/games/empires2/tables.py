"""The charts of Empires of the Middle Ages that the rules rewrite uses but does not print (``data/tables.json``).

Each table says whether its figures are public (the spotlightongames chart summary) or authored for umpire; the
loader checks every figure and raises :class:`TableFault` naming the file, the table and the fault. The format is in
docs/empires2-data.md (section "tables").
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from umpire.games.empires2 import datafiles

DATA_DIR = datafiles.PACKAGED
TABLES_FILE = "tables.json"

#: The endeavours whose outcome is read from the Year Card (rewrite 9.0); defence only lowers an attack (13.0).
ENDEAVOURS: tuple[str, ...] = ("conquest", "pillage", "diplomacy", "fortification", "ruling")
#: Every endeavour an empire may undertake, with defence.
ALL_ENDEAVOURS: tuple[str, ...] = (*ENDEAVOURS, "defence")
#: The results each endeavour's row may hold: "-1" lowers the social state of the area the endeavour used (rewrite
#: 17.0, failed endeavour), "0" is no effect, the letter or "+1" is the endeavour's success.
RESULT_CODES: Mapping[str, frozenset[str]] = {
    "conquest": frozenset({"-1", "0", "C"}),
    "pillage": frozenset({"-1", "0", "P"}),
    "diplomacy": frozenset({"-1", "0", "T", "C"}),
    "fortification": frozenset({"-1", "0", "F"}),
    "ruling": frozenset({"-1", "0", "+1"}),
}
LANGUAGE_RELATIONS: tuple[str, ...] = ("same", "related", "unrelated")
RELIGION_RELATIONS: tuple[str, ...] = ("same", "different_church", "different_religion")
STATURE_FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
#: The highest stature a leader may have (a scenario's leaders and every row of the stature table run 0..9).
MAX_STATURE = 9


class TableFault(ValueError):
    """``tables.json`` breaks its format: the message names the file, the table and the fault."""

    def __init__(self, where: str, what: str, file: str = TABLES_FILE) -> None:
        super().__init__(f"{file}: {where}: {what}")


@dataclass(frozen=True, slots=True)
class Band:
    """A range of effectiveness ratings sharing one row of results (None: unbounded)."""

    min_er: int | None
    max_er: int | None

    def holds(self, er: int) -> bool:
        return (self.min_er is None or er >= self.min_er) and (self.max_er is None or er <= self.max_er)


@dataclass(frozen=True, slots=True)
class YearCardKind:
    """Year Cards of one fortune: how many the deck holds and how many of them call a stature check."""

    fortune: int
    copies: int
    stature_check_copies: int


@dataclass(frozen=True, slots=True)
class RebellionTerms:
    """The terms of an area's rebellion value when taxed (chart, "taxation values")."""

    per_gold: int
    per_fortification_level: int
    language: Mapping[str, int]
    religion: Mapping[str, int]
    own_tie: int
    unfriendly_ties: int
    unrest: int
    independent_kin_neighbour: int


@dataclass(frozen=True, slots=True)
class Tables:
    """Every chart figure, checked; ``authored`` names the tables with no public figures."""

    endeavour_costs: Mapping[str, int]
    defence_cost: int
    unowned_diplomatic_stature: int
    unowned_diplomatic_stature_areas: Mapping[str, int]
    language_modifier: Mapping[str, int]
    religion_modifier: Mapping[str, int]
    terrain_modifier: Mapping[str, int]
    rebellion_value: RebellionTerms
    rebellion_rolls: Mapping[int, frozenset[int]]
    gold_per_social_state: int
    plunder_adds_population: bool
    pillage_gold_is_population: bool
    max_fortification: int
    year_cards_per_empire: int
    year_card_kinds: tuple[YearCardKind, ...]
    bands: tuple[Band, ...]
    results: Mapping[str, tuple[tuple[str, ...], ...]]
    stature_by_current: Mapping[int, tuple[int, ...]]
    initiative_per_stature_point: int
    initiative_per_area: int
    conversion_cost: int
    conversion_per_population: int
    conversion_religion: Mapping[str, int]
    authored: tuple[str, ...]

    @property
    def fortunes(self) -> tuple[int, ...]:
        return tuple(kind.fortune for kind in self.year_card_kinds)

    def band_index(self, er: int) -> int:
        """The row of the results for an effectiveness rating."""
        for index, band in enumerate(self.bands):
            if band.holds(er):
                return index
        raise AssertionError(f"no band holds {er}")  # the loader proved the bands cover every integer

    def result(self, endeavour: str, er: int, fortune: int) -> str:
        """The result of an endeavour at an effectiveness rating on a Year Card of this fortune (rewrite 9.0)."""
        if endeavour not in self.results:
            raise ValueError(f"no results for {endeavour!r}; expected one of {', '.join(ENDEAVOURS)}")
        if fortune not in self.fortunes:
            raise ValueError(f"a Year Card's fortune is one of {list(self.fortunes)}, not {fortune}")
        return self.results[endeavour][self.band_index(er)][self.fortunes.index(fortune)]


def _table(data: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    value = data.get(name)
    if not isinstance(value, dict):
        raise TableFault(name, "missing, or not an object")
    if not isinstance(value.get("authored"), bool):
        raise TableFault(name, "'authored' must be true or false")
    if not isinstance(value.get("source"), str) or not value["source"].strip():
        raise TableFault(name, "'source' must say where the figures come from")
    return value


def _int(entry: Mapping[str, Any], key: str, where: str, *, low: int | None = None) -> int:
    value = entry.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise TableFault(where, f"'{key}' must be a whole number, got {value!r}")
    if low is not None and value < low:
        raise TableFault(where, f"'{key}' must be at least {low}, got {value}")
    return value


def _bool(entry: Mapping[str, Any], key: str, where: str) -> bool:
    value = entry.get(key)
    if not isinstance(value, bool):
        raise TableFault(where, f"'{key}' must be true or false, got {value!r}")
    return value


def _scale(entry: Mapping[str, Any], keys: tuple[str, ...], where: str) -> dict[str, int]:
    return {key: _int(entry, key, where, low=0) for key in keys}


def _bands(raw: Any) -> tuple[Band, ...]:
    if not isinstance(raw, list) or not raw:
        raise TableFault("results", "'bands' must be a non-empty list")
    bands: list[Band] = []
    for i, item in enumerate(raw):
        where = f"results.bands[{i}]"
        if not isinstance(item, dict):
            raise TableFault(where, "must be an object with min_er and max_er")
        low, high = item.get("min_er"), item.get("max_er")
        for key, bound in (("min_er", low), ("max_er", high)):
            if bound is not None and (not isinstance(bound, int) or isinstance(bound, bool)):
                raise TableFault(where, f"'{key}' must be a whole number or null, got {bound!r}")
        bands.append(Band(low, high))
    if bands[0].min_er is not None or bands[-1].max_er is not None:
        raise TableFault("results", "the first band must start at null and the last end at null")
    for before, after in itertools.pairwise(bands):
        if before.max_er is None or after.min_er != before.max_er + 1:
            raise TableFault("results", f"bands must follow one another without gap or overlap: {before}, {after}")
    return tuple(bands)


def _results(raw: Any, bands: int, fortunes: int) -> dict[str, tuple[tuple[str, ...], ...]]:
    if not isinstance(raw, dict) or set(raw) != set(ENDEAVOURS):
        raise TableFault("results", f"'endeavours' must give exactly {', '.join(ENDEAVOURS)}")
    out: dict[str, tuple[tuple[str, ...], ...]] = {}
    for name in ENDEAVOURS:
        rows = raw[name]
        if not isinstance(rows, list) or len(rows) != bands:
            raise TableFault(f"results.{name}", f"must hold one row per band ({bands})")
        checked = []
        for i, row in enumerate(rows):
            if not isinstance(row, list) or len(row) != fortunes:
                raise TableFault(f"results.{name}[{i}]", f"must hold one result per fortune ({fortunes})")
            bad = [code for code in row if code not in RESULT_CODES[name]]
            if bad:
                allowed = ", ".join(sorted(RESULT_CODES[name]))
                raise TableFault(f"results.{name}[{i}]", f"unknown result {bad[0]!r}; expected one of {allowed}")
            checked.append(tuple(row))
        out[name] = tuple(checked)
    return out


def _rebellion_rolls(table: Mapping[str, Any]) -> dict[int, frozenset[int]]:
    raw = table.get("by_value")
    if not isinstance(raw, dict) or not raw:
        raise TableFault("rebellion_rolls", "'by_value' must map rebellion values to lists of two-dice totals")
    out: dict[int, frozenset[int]] = {}
    for key, totals in raw.items():
        if not key.isdigit() or int(key) < 1:
            raise TableFault("rebellion_rolls", f"rebellion value {key!r} must be a whole number from 1")
        if not isinstance(totals, list) or any(not isinstance(t, int) or not 2 <= t <= 12 for t in totals):
            raise TableFault(f"rebellion_rolls.{key}", f"must list two-dice totals 2..12, got {totals!r}")
        out[int(key)] = frozenset(totals)
    if sorted(out) != list(range(1, len(out) + 1)):
        raise TableFault("rebellion_rolls", f"values must run from 1 without gaps, got {sorted(out)}")
    for value in range(2, len(out) + 1):
        if not out[value - 1] <= out[value]:
            raise TableFault(f"rebellion_rolls.{value}", "a higher rebellion value must rebel on every lower total")
    return out


def _year_cards(table: Mapping[str, Any]) -> tuple[YearCardKind, ...]:
    raw = table.get("fortunes")
    if not isinstance(raw, list) or not raw:
        raise TableFault("year_cards", "'fortunes' must be a non-empty list")
    kinds = []
    for i, item in enumerate(raw):
        where = f"year_cards.fortunes[{i}]"
        if not isinstance(item, dict):
            raise TableFault(where, "must be an object")
        copies = _int(item, "copies", where, low=1)
        marked = _int(item, "stature_check_copies", where, low=0)
        if marked > copies:
            raise TableFault(where, f"{marked} marked cards among {copies} copies")
        kinds.append(YearCardKind(_int(item, "fortune", where, low=1), copies, marked))
    fortunes = [kind.fortune for kind in kinds]
    if fortunes != sorted(set(fortunes)):
        raise TableFault("year_cards", f"fortunes must rise without repeats, got {fortunes}")
    return tuple(kinds)


def _statures(table: Mapping[str, Any]) -> dict[int, tuple[int, ...]]:
    """``by_current``: for each stature a leader may have now (0..MAX_STATURE), the stature each die face 1..6 gives
    at a stature check (EMP-R12)."""
    raw = table.get("by_current")
    rows = [str(n) for n in range(MAX_STATURE + 1)]
    if not isinstance(raw, dict):
        raise TableFault("statures", f"'by_current' must map each stature now, {rows[0]}..{rows[-1]}, to a row")
    missing, unknown = [r for r in rows if r not in raw], sorted(set(raw) - set(rows))
    if missing or unknown:
        what = f"no row for {', '.join(missing)}" if missing else f"unknown rows {', '.join(unknown)}"
        raise TableFault("statures", f"'by_current' must give a row for each stature 0..{MAX_STATURE}: {what}")
    out: dict[int, tuple[int, ...]] = {}
    for key in rows:
        row = raw[key]
        where = f"statures.by_current.{key}"
        if not isinstance(row, list) or len(row) != len(STATURE_FACES):
            raise TableFault(where, f"must list the new stature for each die face 1..6, got {row!r}")
        if any(not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_STATURE for v in row):
            raise TableFault(where, f"statures must be whole numbers 0..{MAX_STATURE}, got {row!r}")
        out[int(key)] = tuple(row)
    return out


def _conversion_religion(table: Mapping[str, Any]) -> Mapping[str, int]:
    raw = table.get("religion")
    if not isinstance(raw, dict):
        raise TableFault("conversion", "'religion' must be an object giving same, different_church, different_religion")
    return _scale(raw, RELIGION_RELATIONS, "conversion.religion")


def parse_tables(data: Mapping[str, Any]) -> Tables:
    """Check a parsed ``tables.json`` and build its :class:`Tables`."""
    if not isinstance(data.get("about"), str) or not data["about"].strip():
        raise TableFault("top level", "missing the 'about' string")
    names = (
        "endeavour_costs", "defence_cost", "unowned_diplomatic_stature", "language_modifier", "religion_modifier",
        "terrain_modifier", "rebellion_value", "rebellion_rolls", "taxation", "fortification", "year_cards", "results",
        "statures", "initiative", "conversion",
    )  # fmt: skip
    tables = {name: _table(data, name) for name in names}
    costs = tables["endeavour_costs"].get("gold")
    if not isinstance(costs, dict) or set(costs) != set(ENDEAVOURS):
        raise TableFault("endeavour_costs", f"'gold' must give exactly {', '.join(ENDEAVOURS)}")
    rebellion = tables["rebellion_value"]
    for key in ("language", "religion"):
        if not isinstance(rebellion.get(key), dict):
            raise TableFault("rebellion_value", f"'{key}' must be an object")
    rebellion_value = RebellionTerms(
        per_gold=_int(rebellion, "per_gold", "rebellion_value"),
        per_fortification_level=_int(rebellion, "per_fortification_level", "rebellion_value"),
        language=_scale(rebellion["language"], LANGUAGE_RELATIONS, "rebellion_value.language"),
        religion=_scale(rebellion["religion"], RELIGION_RELATIONS, "rebellion_value.religion"),
        own_tie=_int(rebellion, "own_tie", "rebellion_value"),
        unfriendly_ties=_int(rebellion, "unfriendly_ties", "rebellion_value"),
        unrest=_int(rebellion, "unrest", "rebellion_value"),
        independent_kin_neighbour=_int(rebellion, "independent_kin_neighbour", "rebellion_value"),
    )
    unowned = tables["unowned_diplomatic_stature"]
    areas = unowned.get("areas", {})
    if not isinstance(areas, dict):
        raise TableFault("unowned_diplomatic_stature", "'areas' must map area ids to statures")
    terrain = tables["terrain_modifier"].get("values")
    if not isinstance(terrain, dict) or not terrain:
        raise TableFault("terrain_modifier", "'values' must map terrain ids to modifiers")
    kinds = _year_cards(tables["year_cards"])
    bands = _bands(tables["results"].get("bands"))
    taxation = tables["taxation"]
    initiative = tables["initiative"]
    return Tables(
        endeavour_costs={name: _int(costs, name, "endeavour_costs", low=0) for name in ENDEAVOURS},
        defence_cost=_int(tables["defence_cost"], "gold", "defence_cost", low=0),
        unowned_diplomatic_stature=_int(unowned, "default", "unowned_diplomatic_stature", low=0),
        unowned_diplomatic_stature_areas={a: _int(areas, a, "unowned_diplomatic_stature", low=0) for a in areas},
        language_modifier=_scale(tables["language_modifier"], LANGUAGE_RELATIONS, "language_modifier"),
        religion_modifier=_scale(tables["religion_modifier"], RELIGION_RELATIONS, "religion_modifier"),
        terrain_modifier={name: _int(terrain, name, "terrain_modifier", low=0) for name in terrain},
        rebellion_value=rebellion_value,
        rebellion_rolls=_rebellion_rolls(tables["rebellion_rolls"]),
        gold_per_social_state=_int(taxation, "gold_per_social_state", "taxation", low=0),
        plunder_adds_population=_bool(taxation, "plunder_adds_population", "taxation"),
        pillage_gold_is_population=_bool(taxation, "pillage_gold_is_population", "taxation"),
        max_fortification=_int(tables["fortification"], "max_level", "fortification", low=1),
        year_cards_per_empire=_int(tables["year_cards"], "per_empire", "year_cards", low=1),
        year_card_kinds=kinds,
        bands=bands,
        results=_results(tables["results"].get("endeavours"), len(bands), len(kinds)),
        stature_by_current=_statures(tables["statures"]),
        initiative_per_stature_point=_int(initiative, "per_stature_point", "initiative", low=0),
        initiative_per_area=_int(initiative, "per_area", "initiative", low=0),
        conversion_cost=_int(tables["conversion"], "gold", "conversion", low=0),
        conversion_per_population=_int(tables["conversion"], "per_population", "conversion", low=0),
        conversion_religion=_conversion_religion(tables["conversion"]),
        authored=tuple(name for name in names if tables[name]["authored"]),
    )


@functools.cache
def load_tables() -> Tables:
    """The checked charts of ``tables.json`` (the package's, or the owner's, ``datafiles``; read once)."""
    src = datafiles.source(TABLES_FILE)
    try:
        data = datafiles.read(src)
        if not isinstance(data, dict):
            raise TableFault("top level", "expected a JSON object")
        return parse_tables(data)
    except ValueError as fault:
        raise datafiles.refault(fault, src) from None
