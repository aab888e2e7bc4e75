"""The Church's figures (``data/church.json``): the Holy See's area, excommunication's figures (rewrite 22.1) and the
years of the schism and of the first crusade (rewrite 23.0), checked when loaded.

The rewrite's text of 22.1 and 23.0 was not found in public (EMP-E01): the Holy See and the excommunication figures
are authored and marked so; the two years are history.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from umpire.games.empires2 import datafiles
from umpire.games.empires2.mapdata import load_map

CHURCH_FILE = "church.json"
#: Each block of the file and the fields it holds besides ``authored`` (and ``source`` for a public fact).
BLOCKS: dict[str, tuple[str, ...]] = {
    "holy_see": ("area",),
    "excommunication": ("unrest_at_most", "er_penalty", "penance_gold"),
    "schism": ("year",),
    "crusades": ("year",),
}
#: The accepted range of each whole-number figure.
RANGES: dict[str, tuple[int, int]] = {
    "unrest_at_most": (0, 6),
    "er_penalty": (0, 10),
    "penance_gold": (0, 20),
    "year": (700, 1500),
}


class ChurchFault(ValueError):
    """``church.json`` breaks its format: the message names the file, the entry and the fault."""

    def __init__(self, where: str, what: str, file: str = CHURCH_FILE) -> None:
        super().__init__(f"{file}: {where}: {what}")


@dataclass(frozen=True, slots=True)
class Church:
    """The figures: the Holy See's area; an excommunication's unrest die (an area enters unrest on this or less),
    its rating penalty and the gold of a penance; the schism's and the first crusade's years; which are authored."""

    holy_see: str
    unrest_at_most: int
    er_penalty: int
    penance_gold: int
    schism_year: int
    crusade_year: int
    authored: frozenset[str]


def _block(raw: dict[str, Any], name: str, source: str) -> dict[str, Any]:
    block = raw.get(name)
    if not isinstance(block, dict):
        raise ChurchFault(name, "must be an object", source)
    fields = BLOCKS[name]
    unknown = set(block) - {*fields, "authored", "source"}
    if unknown:
        raise ChurchFault(name, f"unknown fields {', '.join(sorted(unknown))}; known: {', '.join(fields)}", source)
    if not isinstance(block.get("authored"), bool):
        raise ChurchFault(name, "'authored' must be true or false (are the figures public facts?)", source)
    if not block["authored"] and not (isinstance(block.get("source"), str) and block["source"].strip()):
        raise ChurchFault(name, "a figure that is not authored names its 'source'", source)
    for field in fields:
        if field == "area":
            continue
        v, (low, high) = block.get(field), RANGES[field]
        if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
            raise ChurchFault(f"{name}.{field}", f"must be a whole number {low}..{high}, not {v!r}", source)
    return block


def parse_church(raw: Any, source: str = CHURCH_FILE) -> Church:
    """Check ``raw`` (the file's JSON) and build the figures; a fault raises :class:`ChurchFault`."""
    if not isinstance(raw, dict):
        raise ChurchFault("top level", "must be an object", source)
    if not isinstance(raw.get("about"), str) or not raw["about"].strip():
        raise ChurchFault("top level", "'about' must be a non-empty string saying what the file holds", source)
    unknown = set(raw) - {"about", *BLOCKS}
    if unknown:
        known = ", ".join(BLOCKS)
        raise ChurchFault("top level", f"unknown entries {', '.join(sorted(unknown))}; known: {known}", source)
    blocks = {name: _block(raw, name, source) for name in BLOCKS}
    see = blocks["holy_see"].get("area")
    if not isinstance(see, str) or see not in load_map().areas:
        raise ChurchFault("holy_see.area", f"must name a land area of the map, not {see!r}", source)
    ex = blocks["excommunication"]
    if blocks["crusades"]["year"] <= blocks["schism"]["year"]:
        raise ChurchFault("crusades.year", "must come after schism.year", source)
    return Church(
        holy_see=see,
        unrest_at_most=ex["unrest_at_most"],
        er_penalty=ex["er_penalty"],
        penance_gold=ex["penance_gold"],
        schism_year=blocks["schism"]["year"],
        crusade_year=blocks["crusades"]["year"],
        authored=frozenset(name for name, block in blocks.items() if block["authored"]),
    )


@functools.cache
def load_church() -> Church:
    """The figures of ``church.json`` (the package's, or the owner's, ``datafiles``), checked."""
    src = datafiles.source(CHURCH_FILE)
    try:
        return parse_church(datafiles.read(src), src.label)
    except ValueError as fault:
        raise datafiles.refault(fault, src) from None
