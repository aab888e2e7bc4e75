"""The Europe 1615 extras of ``data/map.json`` on top of the base map (format ``umpire-map/1``, docs/maps.md).

The base loader (:func:`umpire.diplomacy.map.load_map`) validates the board and keeps the variant's own top-level
keys untouched in ``GameMap.extra``.  This module reads them:

``minors``
    ``{id: state}``: the minor states, Sweden and Poland (``kind`` ``"kingdom"``), the Ottoman Empire
    (``kind`` ``"empire"``, never pliant) and the successor states Lithuania and Livonia (``kind``
    ``"successor"``: pliant only once their parent's capital is captured).  Each state has ``name``, ``kind``,
    ``region`` (``german``, ``italian``, ``iberian``, ``british``, ``low_countries``, ``southeast``,
    ``north_african``, ``scandinavian``, ``polish``, ``ottoman``), ``provinces``, ``centers`` (each a centre of
    the board whose ``value`` is its INF and capture value), ``units`` (start units in order notation, on the
    state's own provinces), ``confession`` (``catholic``, ``protestant``, ``orthodox``, ``islamic`` or ``mixed``),
    ``denomination`` (free text), ``pliant`` (``true``, ``false`` or ``{"after_capture": CENTRE}``) and,
    where they apply, ``part_of`` (the state a successor breaks away from), ``deploy_only`` (the only confession
    that may deploy INFs there: the Papal States), ``permanent_marker`` (the Papal States are always Catholic),
    ``retreat_sanction`` (the sanction under which its units may retreat) and ``abbreviation`` (the seed's).
``confessions``
    ``{power: "catholic" | "protestant"}`` for the five great powers.
``first_year_inf``
    ``{power: INFs}``: the seed's INF table; equal to the sum of the power's home-centre values.
``territories``
    ``{power: [province, ...]}``: every province a great power holds at the start (home centres and the rest).
``crossings``
    The seed's "special notes about movement": pairs of coastal provinces across a strait that armies and
    fleets may cross directly (IRE-SCOT, ANDL-SUL); the adjacency lists already hold them, this is for drawing.

Provinces that neither a power nor a minor state holds (Julich-Cleves, Novgorod, Muscovy) start unowned.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from umpire.diplomacy.map import GameMap, load_map

__all__ = [
    "CONFESSIONS",
    "MAP_PATH",
    "MinorState",
    "alignment_base",
    "center_values",
    "check_extras",
    "europe1615_map",
    "home_inf",
    "islamic_centers",
    "minor_of_province",
    "minors",
    "papal_neighbours",
    "power_confession",
    "start_owner",
]

MAP_PATH = Path(__file__).with_name("data") / "map.json"

Confession = Literal["catholic", "protestant", "orthodox", "islamic", "mixed"]
CONFESSIONS: tuple[str, ...] = ("catholic", "protestant", "orthodox", "islamic", "mixed")
KINDS: tuple[str, ...] = ("minor", "kingdom", "empire", "successor")
REGIONS: tuple[str, ...] = (
    "german",
    "italian",
    "iberian",
    "british",
    "low_countries",
    "southeast",
    "north_african",
    "scandinavian",
    "polish",
    "ottoman",
)
OTTOMAN = "OTTOMAN"
PAPAL_STATES = "PAPL"


@dataclass(frozen=True, slots=True)
class MinorState:
    """One entry of the map's ``minors`` section (see the module docstring)."""

    id: str
    name: str
    kind: str
    region: str
    provinces: tuple[str, ...]
    centers: tuple[str, ...]
    units: tuple[str, ...]
    confession: str
    denomination: str
    pliant: bool
    pliant_after_capture: str | None = None
    part_of: str | None = None
    deploy_only: str | None = None
    permanent_marker: str | None = None
    retreat_sanction: str | None = None
    abbreviation: str | None = None

    @property
    def islamic(self) -> bool:
        return self.confession == "islamic"

    @property
    def dormant(self) -> bool:
        """A successor state: not pliant, and not a state on the board, until its condition is met."""
        return self.pliant_after_capture is not None


@functools.cache
def europe1615_map() -> GameMap:
    """The Europe 1615 board (validated by the base loader), kept once found: the rules ask for it on every action,
    and the loader's cache by path would resolve the path on the file system each time."""
    return load_map(MAP_PATH)


def _minor(mid: str, raw: Mapping[str, Any]) -> MinorState:
    # ruling E1615-M02: a state is keyed by the id the seed uses for it
    pliant = raw.get("pliant", True)
    after: str | None = None
    if isinstance(pliant, Mapping):
        after = str(pliant["after_capture"])
        pliant = False
    return MinorState(
        id=mid,
        name=str(raw["name"]),
        kind=str(raw.get("kind", "minor")),
        region=str(raw["region"]),
        provinces=tuple(raw["provinces"]),
        centers=tuple(raw.get("centers", ())),
        units=tuple(raw.get("units", ())),
        confession=str(raw["confession"]),
        denomination=str(raw.get("denomination", "")),
        pliant=bool(pliant),
        pliant_after_capture=after,
        part_of=raw.get("part_of"),
        deploy_only=raw.get("deploy_only"),
        permanent_marker=raw.get("permanent_marker"),
        retreat_sanction=raw.get("retreat_sanction"),
        abbreviation=raw.get("abbreviation"),
    )


def minors(game_map: GameMap) -> dict[str, MinorState]:
    """The map's minor states, Sweden, Poland, the Ottoman Empire and the successor states, by id."""
    raw = game_map.extra.get("minors", {})
    return {mid: _minor(mid, info) for mid, info in raw.items()}


def center_values(game_map: GameMap) -> dict[str, int]:
    """``{centre: value}``: a centre's INF value, equal to its capture VP value (seed, "Gain and loss of
    influence")."""
    return {c: game_map.provinces[c].value for c in game_map.centers}


def home_inf(game_map: GameMap, power: str) -> int:
    """The sum of a power's home-centre values: its INFs for the first year (seed, "Home centers")."""
    return sum(game_map.provinces[c].value for c in game_map.homes[power])


def alignment_base(game_map: GameMap, state: str) -> int:
    """The sum of the values of a state's starting centres (its alignment award is 12 plus this)."""
    m = minors(game_map)[state]
    return sum(game_map.provinces[c].value for c in m.centers)


def power_confession(game_map: GameMap, power: str) -> str:
    """``"catholic"`` or ``"protestant"`` for a great power (seed, "INFs available/allocated per year")."""
    return str(game_map.extra["confessions"][power])


def islamic_centers(game_map: GameMap) -> frozenset[str]:
    """The centres of the Islamic states (the Ottoman Empire and the North African states) at the start."""
    return frozenset(c for m in minors(game_map).values() if m.islamic for c in m.centers)


def papal_neighbours(game_map: GameMap) -> frozenset[str]:
    """The provinces next to the Papal States by land (seed: "ROM and MAR ... adjacent provinces (VEN, PIA, TUS,
    and NAP)")."""
    papal = set(minors(game_map)[PAPAL_STATES].provinces)
    return frozenset(n for p in papal for n in game_map.army_adj[p] if n not in papal)


def start_owner(game_map: GameMap) -> dict[str, str | None]:
    """The nation holding each non-sea province at the start: a power, a state of ``minors`` (never a dormant
    successor state) or None (unowned)."""
    owner: dict[str, str | None] = {p: None for p, v in game_map.provinces.items() if v.type != "sea"}
    for power, provs in game_map.extra.get("territories", {}).items():
        for p in provs:
            owner[p] = power
    for m in minors(game_map).values():
        if not m.dormant:
            for p in m.provinces:
                owner[p] = m.id
    return owner


def minor_of_province(game_map: GameMap) -> dict[str, str]:
    """``{province: state}`` for the provinces of the (non-dormant) minor states, Sweden, Poland and the
    Ottomans."""
    return {p: o for p, o in start_owner(game_map).items() if o is not None and o not in game_map.powers}


def check_extras(game_map: GameMap) -> list[str]:
    """Problems in the variant's own section, as messages (an empty list: none).

    Checks that every province named exists and is not a sea; that no province belongs to two nations and no
    centre to two nations at the start; that every centre of the board belongs to exactly one nation; that a
    state's centres and units lie in its own provinces and its units stand on possible locations; that values
    run from 1 to 10; that each power's ``first_year_inf`` equals its home-centre values and its territory holds
    its home centres; that confessions, kinds and regions are known and a successor names an existing parent
    and capital.
    """
    # ruling E1615-M01: the 1615 extras are top-level keys the base loader keeps
    problems: list[str] = []
    provs = game_map.provinces
    extra = game_map.extra
    held: dict[str, str] = {}

    def claim(nation: str, p: str) -> None:
        if p not in provs:
            problems.append(f"{nation}: unknown province {p}")
        elif provs[p].type == "sea":
            problems.append(f"{nation}: {p} is a sea")
        elif p in held:
            problems.append(f"{p} belongs to both {held[p]} and {nation}")
        else:
            held[p] = nation

    for power in game_map.powers:
        if extra.get("confessions", {}).get(power) not in ("catholic", "protestant"):
            problems.append(f"{power}: confession must be catholic or protestant")
        terr = list(extra.get("territories", {}).get(power, []))
        for p in terr:
            claim(power, p)
        for c in game_map.homes[power]:
            if c not in terr:
                problems.append(f"{power}: home centre {c} missing from its territory")
        if extra.get("first_year_inf", {}).get(power) != home_inf(game_map, power):
            problems.append(f"{power}: first_year_inf differs from its home-centre values")
    all_minors = minors(game_map)
    occupied: dict[str, str] = {}
    for power, units in game_map.start_units.items():
        for u in units:
            occupied[u.split()[1].split("/")[0]] = power
    for m in all_minors.values():
        if m.confession not in CONFESSIONS:
            problems.append(f"{m.id}: unknown confession {m.confession!r}")
        if m.kind not in KINDS:
            problems.append(f"{m.id}: unknown kind {m.kind!r}")
        if m.region not in REGIONS:
            problems.append(f"{m.id}: unknown region {m.region!r}")
        for c in m.centers:
            if c not in m.provinces:
                problems.append(f"{m.id}: centre {c} is not one of its provinces")
            elif c not in game_map.centers:
                problems.append(f"{m.id}: {c} is not a centre of the board")
            elif provs[c].home is not None:
                problems.append(f"{m.id}: {c} is a home centre of {provs[c].home}")
        if m.dormant:
            parent = all_minors.get(m.part_of or "")
            if parent is None:
                problems.append(f"{m.id}: a successor state must name its parent state")
            elif not set(m.provinces) <= set(parent.provinces):
                problems.append(f"{m.id}: its provinces must belong to {parent.id}")
            capital = m.pliant_after_capture or ""
            if capital not in provs or not provs[capital].center:
                problems.append(f"{m.id}: pliant after the capture of an unknown centre")
            if m.units:
                problems.append(f"{m.id}: a successor state has no units of its own at the start")
            continue
        for p in m.provinces:
            claim(m.id, p)
        for u in m.units:
            kind, _, loc = u.partition(" ")
            prov = loc.split("/")[0]
            ok = loc in (game_map.army_locations if kind == "A" else game_map.fleet_locations)
            if kind not in ("A", "F") or not ok:
                problems.append(f"{m.id}: start unit {u!r} is on an impossible location")
            elif prov not in m.provinces:
                problems.append(f"{m.id}: start unit {u!r} is outside the state")
            elif prov in occupied:
                problems.append(f"{m.id}: start unit {u!r} shares {prov} with {occupied[prov]}")
            else:
                occupied[prov] = m.id
    for c in sorted(game_map.centers):
        value = provs[c].value
        if not 1 <= value <= 10:
            problems.append(f"{c}: value {value} outside 1 to 10")
        if c not in held:
            problems.append(f"centre {c} belongs to no nation at the start")
    return problems
