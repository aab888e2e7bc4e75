"""Raiders (rewrite 24.0, optional): the raider chart in ``data/raiders.json`` and the raids, each step a function.

The rewrite's raider chart is not public: which peoples raid, in which years, how often and how hard is authored
(EMP-M02). At the start of a round with the ``raiders`` option on (EMP-M01), each raider people active in the
round's years (24.1, EMP-M03) rolls two dice to appear; if it does it chooses one target (EMP-M04), makes a pillage
against it (EMP-M05: no defence, the fortification level counts) and goes home (EMP-M06). A raided area counts as
"attacked" for the seed's Independent procedure (33.24 step 1). Every die goes through the game's rng with its
purpose, every raid into the log in words, and the round's raids into ``state["raids"]`` for the views and the map.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from umpire.games.empires2 import board, datafiles
from umpire.games.empires2.endeavours import result
from umpire.games.empires2.mapdata import EmpiresMap, load_map
from umpire.games.empires2.sequence import round_years
from umpire.games.empires2.tables import Tables
from umpire.kernel import rng

State = dict[str, Any]

DATA_FILE = "raiders.json"
ENDS_WHEN = (None, "christian", "possessed")
CHRISTIAN = ("catholic", "orthodox")
FORTUNES = 8  # a Year Card's fortune 1..8, seven cards each (EMP-R01): a raid reads its result on one die of eight


@dataclass(frozen=True)
class Raider:
    """One raider people of the chart (authored, EMP-M02)."""

    id: str
    name: str
    first_year: int
    last_year: int
    homes: tuple[str, ...]
    seas: tuple[str, ...]
    lands: tuple[str, ...]
    strength: int
    appears_on: int
    ends_when: str | None


@dataclass(frozen=True)
class MagnateFigures:
    """The authored magnate figures (EMP-M08): the round's appearance roll and a new magnate's combat stature."""

    round_appearance_on: int
    combat_by_die: tuple[int, ...]


@dataclass(frozen=True)
class RaiderChart:
    raiders: dict[str, Raider]
    magnates: MagnateFigures


def _fail(entry: str, problem: str) -> ValueError:
    return ValueError(f"{DATA_FILE}: {entry}: {problem}")


def parse_chart(raw: dict[str, Any], game_map: EmpiresMap | None = None) -> RaiderChart:
    """Validate the file's contents against the map; a fault names the file, the entry and the problem."""
    m = game_map or load_map()
    if not isinstance(raw.get("about"), str):
        raise _fail("about", "a top-level 'about' string is required")
    if raw.get("all_authored") is not True:
        raise _fail("all_authored", "must be true: no figure of the raider chart is public (EMP-M02)")
    raiders: dict[str, Raider] = {}
    for entry in raw.get("raiders", []):
        rid = entry.get("id")
        if not isinstance(rid, str) or rid in raiders:
            raise _fail(f"raider {rid!r}", "needs a unique id")
        where = f"raider {rid!r}"
        for key in ("first_year", "last_year", "strength", "appears_on"):
            if not isinstance(entry.get(key), int) or isinstance(entry.get(key), bool):
                raise _fail(where, f"'{key}' must be a whole number, not {entry.get(key)!r}")
        if entry["first_year"] > entry["last_year"]:
            raise _fail(where, f"first_year {entry['first_year']} is after last_year {entry['last_year']}")
        if not 2 <= entry["appears_on"] <= 12:
            raise _fail(where, f"appears_on must be a two-dice total 2..12, not {entry['appears_on']}")
        for key, known in (("homes", m.areas), ("lands", m.areas), ("seas", m.seas)):
            for place in entry.get(key, []):
                if place not in known:
                    kind = "sea" if key == "seas" else "land"
                    raise _fail(where, f"{key} names {place!r}, which is not a {kind} area")
        if not entry.get("homes"):
            raise _fail(where, "needs at least one home area")
        if not entry.get("seas") and not entry.get("lands"):
            raise _fail(where, "needs seas or lands to raid")
        if entry.get("ends_when") not in ENDS_WHEN:
            raise _fail(where, f"ends_when must be one of {ENDS_WHEN}, not {entry.get('ends_when')!r}")
        if entry.get("authored") is not True:
            raise _fail(where, "must be marked 'authored': true (EMP-M02)")
        raiders[rid] = Raider(
            rid,
            str(entry["name"]),
            entry["first_year"],
            entry["last_year"],
            tuple(entry["homes"]),
            tuple(entry.get("seas", [])),
            tuple(entry.get("lands", [])),
            entry["strength"],
            entry["appears_on"],
            entry.get("ends_when"),
        )
    mag = raw.get("magnates")
    if not isinstance(mag, dict):
        raise _fail("magnates", "a 'magnates' object is required")
    on = mag.get("round_appearance_on")
    if not isinstance(on, int) or not 2 <= on <= 13:
        raise _fail("magnates", f"round_appearance_on must be 2..13 (13: never), not {on!r}")
    combat = mag.get("combat_by_die")
    if not isinstance(combat, list) or len(combat) != 6 or not all(isinstance(c, int) and 0 <= c <= 9 for c in combat):
        raise _fail("magnates", f"combat_by_die must list six statures 0..9, not {combat!r}")
    return RaiderChart(raiders, MagnateFigures(on, tuple(combat)))


@functools.cache
def load_chart() -> RaiderChart:
    """The checked raider chart of ``raiders.json`` (the package's, or the owner's, ``datafiles``; read once)."""
    src = datafiles.source(DATA_FILE)
    try:
        return parse_chart(datafiles.read(src))
    except ValueError as fault:
        raise datafiles.refault(fault, src) from None


# --- 24.1: when raiders come ---------------------------------------------------------------------------------------


def case_24_1_active(state: State, raider: Raider) -> str | None:
    """Whether the people raids in this round: None if it may, else why not (the chart's years, EMP-M03)."""
    first, last = round_years(state["start_year"], max(1, state["round"]))
    if last < raider.first_year or first > raider.last_year:
        return f"its raiding years are {raider.first_year}-{raider.last_year}"
    homes = [state["areas"][h] for h in raider.homes]
    if raider.ends_when == "christian" and all(h["religion"] in CHRISTIAN for h in homes):
        return "its homes are Christian"
    if raider.ends_when == "possessed" and all(h["owner"] is not None for h in homes):
        return "an empire possesses its homes"
    return None


def case_24_1_appears(state: State, raider: Raider) -> tuple[bool, int]:
    """Two dice against the chart's figure (EMP-M03): the people appears on ``appears_on`` or more."""
    purpose = f"do the {raider.name} raid this round (2d6, {raider.appears_on} or more)"
    total = sum(rng.roll(state, purpose, 6) for _ in "12")
    return total >= raider.appears_on, total


# --- 24.1: where they strike ---------------------------------------------------------------------------------------


def reachable(state: State, raider: Raider, game_map: EmpiresMap | None = None) -> list[str]:
    """The land areas the people can raid: those on a coast of its seas and its lands, less its homes."""
    m = game_map or load_map()
    found = set(raider.lands)
    for sid in raider.seas:
        found.update(m.seas[sid].coasts)
    return sorted(found - set(raider.homes))


def worth(state: State, aid: str, game_map: EmpiresMap | None = None) -> int:
    """What draws raiders (EMP-M04): population and social state, less the fortification level."""
    m = game_map or load_map()
    a = state["areas"][aid]
    return int(m.area(aid).population + a["social_state"] - a["fortification"])


def case_24_1_target(state: State, raider: Raider, game_map: EmpiresMap | None = None) -> str | None:
    """The richest, least fortified area the people can reach; a die between equals (EMP-M04)."""
    m = game_map or load_map()
    options = reachable(state, raider, m)
    if not options:
        return None
    best = max(worth(state, aid, m) for aid in options)
    top = [aid for aid in options if worth(state, aid, m) == best]
    return top[0] if len(top) == 1 else rng.choice(state, f"which area the {raider.name} raid", top)


# --- 24.1: the raid ------------------------------------------------------------------------------------------------


def raid_er(state: State, raider: Raider, aid: str, game_map: EmpiresMap | None = None) -> int:
    """EMP-M05: the pillage chart's terms (rewrite 11.0) with the people's strength for a combat stature and no
    base: strength + population - social state - fortification level."""
    m = game_map or load_map()
    a = state["areas"][aid]
    return int(raider.strength + m.area(aid).population - a["social_state"] - a["fortification"])


def case_24_1_raid(
    state: State,
    raider: Raider,
    aid: str,
    tables: Tables | None = None,
    game_map: EmpiresMap | None = None,
    came_on: int | None = None,
) -> str:
    """The raid: a die of eight for the Year Card's fortune, the pillage row at the raid's rating. P lowers the area's
    social state one level and carries off gold from its owner's treasury up to the area's population (at least
    1); -1 and 0: beaten off, nothing happens (EMP-M05). The owner's area counts as attacked (33.24 step 1)."""
    m = game_map or load_map()
    a = state["areas"][aid]
    er = raid_er(state, raider, aid, m)
    fortune = rng.roll(state, f"fortune of the {raider.name}' raid on {m.area(aid).name}", FORTUNES)
    code = result("pillage", er, fortune, tables)
    terms = (
        f"rating {raider.strength} strength + {m.area(aid).population} population - {a['social_state']} social state"
        f" - {a['fortification']} fortification = {er:+d}, fortune {fortune}: {code}"
    )
    owner = a["owner"]
    if code == "P":
        a["social_state"] -= 1
        words = f"{m.area(aid).name}'s social state falls to {a['social_state']}"
        if owner is not None:
            e = state["empires"][owner]
            gold = min(e["gold"], max(1, m.area(aid).population))
            e["gold"] -= gold
            words += f", {e['name']} loses {gold} gold"
    else:
        words = "beaten off"
    board.mark_attacked(state, aid)
    came = f"2d6 {came_on} ({raider.appears_on} or more), " if came_on is not None else ""
    board.log(
        state, f"{raider.name} raid {m.area(aid).name}: {came}{terms}; {words}; they go home (rewrite 24.0, EMP-M05)"
    )
    return code


def case_24_1_raiders_phase(state: State, tables: Tables | None = None, game_map: EmpiresMap | None = None) -> None:
    """The round's raids (EMP-M01, M06): each active people may appear, raids once and goes home."""
    m = game_map or load_map()
    state["raids"] = []
    for raider in load_chart().raiders.values():
        if case_24_1_active(state, raider) is not None:
            continue
        comes, total = case_24_1_appears(state, raider)
        if not comes:
            board.log(state, f"{raider.name}: 2d6 {total}, under {raider.appears_on}: no raid this round (EMP-M03)")
            continue
        target = case_24_1_target(state, raider, m)
        if target is None:
            board.log(state, f"{raider.name}: 2d6 {total}, but no area within their reach")
            continue
        code = case_24_1_raid(state, raider, target, tables, m, came_on=total)
        state["raids"].append({"raider": raider.id, "name": raider.name, "area": target, "result": code})


def view(state: State) -> list[dict[str, Any]]:
    """The raids of the round, for every seat (public)."""
    return [dict(r) for r in state.get("raids", [])]
