"""The three map tables (handbook, *The Map*: the map "is divided up and spread over three tables for ease of
umpiring"; *The Financial System*: in phase 1 "cards can be played and dice rolled to produce revenue at the map
table at which the player is based").

Map Control's umpires split the desk by table (RR3-J02): each item is placed on a table by what it concerns (an
area, a city, an army, a state; a revenue card by the state it is played for, as the handbook's table of phase 1
places the Habsburgs' Germany in the East, the Netherlands in the West and Spain in the Mediterranean). In phase 1
``settle_table`` settles every revenue item of one table, each as if clicked one by one (RR3-J03). In phase 1 every
control desk may settle revenue items and whole tables, not only Map Control (RR3-M02: "All the available umpires
will help to calculate and distribute incomes, etc. during the Phase 1").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umpire.games.rr3 import desk
from umpire.games.rr3.desk import Field, Item, journal
from umpire.games.rr3.desks.finance import play_error
from umpire.games.rr3.geography import TABLES
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]
Action = dict[str, Any]

TABLE_TITLES: dict[str, str] = {"west": "The West", "east": "The East", "mediterranean": "The Mediterranean"}
REVENUE = "play_card"
"""The kind of a revenue item (a revenue card played, :mod:`umpire.games.rr3.desks.finance`)."""


def area_table(state: State, area: Any) -> str | None:
    """The table an area (or an Imperial Free City's area) lies on; None for an unknown one."""
    if not isinstance(area, str):
        return None
    found = desk.geography(state).areas.get(area)
    return found.table if found is not None else None


def state_table(state: State, sid: Any) -> str | None:
    """The table a state is umpired at: its capital's area's, else that of its first home area (by id)."""
    if not isinstance(sid, str):
        return None
    geo = desk.geography(state)
    if sid not in geo.states():
        return None
    capital = geo.capital(sid)
    if capital is not None:
        return area_table(state, capital.area)
    areas = sorted(geo.areas_of(sid))
    return area_table(state, areas[0]) if areas else None


def _first(value: Any) -> Any:
    return value[0] if isinstance(value, list) and value else value


def item_table(state: State, item: Item) -> str | None:
    """The table ``item`` belongs on, from what its parameters name, most local first: an area, a city, an army or
    fleet, then a state. None when it names nothing on the map (an election, a marriage): every table's umpires
    see it."""
    p: Mapping[str, Any] = item.get("params", {})
    for key in ("area", "areas", "to", "target"):
        table = area_table(state, _first(p.get(key)))
        if table:
            return table
    city = desk.geography(state).cities.get(_first(p.get("city")) or "")
    if city is not None:
        return area_table(state, city.area)
    for key, where in (("army", "armies"), ("armies", "armies"), ("fleet", "fleets")):
        unit = state.get(where, {}).get(_first(p.get(key)) or "")
        if isinstance(unit, Mapping):
            table = area_table(state, unit.get("area") or unit.get("port") or unit.get("sea"))
            if table:
                return table
    for key in ("state", "from_state", "states"):
        table = state_table(state, _first(p.get(key)))
        if table:
            return table
    return None


def revenue_items(state: State, table: str) -> list[Item]:
    """Map Control's pending revenue items on ``table``, oldest first."""
    return [i for i in desk.pending(state, desk.MAP) if i["kind"] == REVENUE and item_table(state, i) == table]


def _may_settle_tables(state: State, role: str) -> bool:
    return desk.is_control(role) and any(revenue_items(state, t) for t in TABLES)


def _table_choices(state: State, role: str) -> Mapping[str, Sequence[str]]:
    return {"table": [t for t in TABLES if revenue_items(state, t)]}


@desk.direct(
    "settle_table",
    label="Settle the whole table's revenue items",
    who=desk.CONTROL,
    phases=(1,),
    fields=(Field("table", "Table", "choice", TABLES),),
    chooser=_table_choices,
    available=_may_settle_tables,
)
def _settle_table(state: State, role: str, action: Action) -> None:
    """RR3-J03: settle every pending revenue item of one table, oldest first, each exactly as its own "Roll" click
    (its own dice, its outcome and the umpire's name on it; no revolt modifier, and a revolt falls on the state's
    first home area, RR3-DK03). A card that may no longer be played (another play of this turn came first) is left
    pending for its umpire to dismiss. Any control desk may (RR3-M02: in phase 1 "all the available umpires help")."""
    table = action["table"]
    settled, left = [], []
    for item in revenue_items(state, table):
        if play_error(state, item["params"], int(item.get("phase") or 1), exclude=item["id"]):
            left.append(item["id"])
            continue
        desk.settle_item(state, role, {"type": "settle", "item": item["id"], "who": action.get("who", "")})
        settled.append(item["id"])
    if not settled:
        raise IllegalAction(f"no revenue item of {TABLE_TITLES[table]} can be settled now (left: {', '.join(left)})")
    text = f"{TABLE_TITLES[table]}: settled {', '.join(settled)}"
    if left:
        text += f"; left pending (the card may not be played now): {', '.join(left)}"
    journal(state, "Revenue settled by table", text)
