"""Orders checked as they are typed: the usual mistakes of a Diplomacy orders text, each named beside its line with
the rule it breaks, before the deadline.

:func:`check_orders` reads a seat's text against its own view (the standard contract: ``map``, ``phase``,
``units`` per power, ``centers``, ``dislodged``, and the order forms' ``orderable``) and answers one entry per line
at fault: ``{"line", "text", "warning"}`` for an order the adjudicator takes but that cannot do what it says (a move
to a province the unit cannot reach, a second order for a unit, a support or convoy of nothing, a build on a site
that is not free or not the power's, a build past the allowance), and ``{"line", "text", "error"}`` for a line it
cannot read. A warned order may still be saved, as DATC allows (the unit holds, the extra build is void): the page
shows the warning beside the line, so it is never silent. Only what the view shows is used.
"""

from __future__ import annotations

from typing import Any

from umpire.diplomacy.map import GameMap
from umpire.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    OrderError,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
    parse_order,
)
from umpire.server.boards import game_map
from umpire.server.submission import order_forms, parse_submission

UNIT_NAMES = {"A": "army", "F": "fleet"}
WITH_ARTICLE = {"A": "an army", "F": "a fleet"}


class _Board:
    """The units of a view by province: ``{province: (type, location, owner)}``."""

    def __init__(self, units: Any) -> None:
        self.at: dict[str, tuple[str, str, str]] = {}
        for owner, texts in (units or {}).items():
            for text in texts if isinstance(texts, list) else []:
                kind, _, loc = str(text).partition(" ")
                if kind in UNIT_NAMES and loc:
                    self.at[loc.split("/", 1)[0]] = (kind, loc, str(owner))


def _province(loc: str) -> str:
    return loc.split("/", 1)[0]


def _reach(gm: GameMap, kind: str, loc: str) -> set[str]:
    """The provinces a unit of ``kind`` at ``loc`` may move to."""
    adj = gm.army_adj if kind == "A" else gm.fleet_adj
    return {_province(x) for x in adj.get(loc, ())}


def _support_reach(gm: GameMap, kind: str, loc: str) -> set[str]:
    """The provinces a unit may support into: where it could move, any coast of them for a fleet."""
    if kind == "A":
        return {_province(x) for x in gm.army_adj.get(loc, ())}
    return {_province(x) for x in gm.fleet_reach.get(loc, ())}


def _by_convoy(gm: GameMap, loc: str, dest: str) -> bool:
    """Whether an army at ``loc`` might reach ``dest`` by convoy: both coastal and linked by seas."""
    start, end = _province(loc), _province(dest)
    if gm.provinces[start].type != "coast" or gm.provinces[end].type != "coast":
        return False
    seas = {sea for sea in gm.convoy_seas if start in gm.sea_touches.get(sea, ())}
    seen, todo = set(seas), list(seas)
    while todo:
        sea = todo.pop()
        if end in gm.sea_touches.get(sea, ()):
            return True
        for nxt in gm.sea_links.get(sea, ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def _movement_problem(gm: GameMap, board: _Board, found: tuple[str, str, str], order: Any) -> str | None:
    """What a movement order of the unit ``found`` (type, location, owner) cannot do, with the rule, or None."""
    kind, loc = found[0], found[1]
    if isinstance(order, Move):
        dest = _province(order.dest)
        if dest in _reach(gm, kind, loc):
            return None
        if kind == "A" and _by_convoy(gm, loc, order.dest):
            return f"{_province(loc)} and {dest} are not adjacent: the army gets there only if fleets convoy it"
        return (
            f"{WITH_ARTICLE[kind]} in {_province(loc)} cannot reach {dest} (not adjacent): "
            "the order is illegal and the unit holds"
        )
    if isinstance(order, SupportHold | SupportMove):
        target = _province(order.target)
        other = board.at.get(target)
        if other is None:
            return f"a support of nothing: there is no unit in {target}"
        into = _province(order.dest) if isinstance(order, SupportMove) else target
        if into not in _support_reach(gm, kind, loc):
            return (
                f"{_province(loc)} cannot reach {into}, so it cannot support into it: "
                "the support is void and the unit holds"
            )
        if isinstance(order, SupportMove):
            reach = _reach(gm, other[0], other[1])
            if into not in reach and not (other[0] == "A" and _by_convoy(gm, other[1], order.dest)):
                return f"the unit in {target} cannot move to {into}: this support helps nothing"
        return None
    if isinstance(order, Convoy):
        target = _province(order.target)
        other = board.at.get(target)
        if kind != "F" or _province(loc) not in gm.convoy_seas:
            return "only a fleet at sea convoys: the order is void and the unit holds"
        if other is None or other[0] != "A":
            return f"a convoy of nothing: there is no army in {target}"
    return None


class _Checker:
    def __init__(self, gm: GameMap, view: dict[str, Any], power: str) -> None:
        self.gm, self.view, self.power = gm, view, power
        self.board = _Board(view.get("units"))
        forms = order_forms(view)
        self.orderable: dict[str, Any] = (forms.get(power) or {}).get("orderable") or {}
        self.seen: dict[str, int] = {}
        self.builds = 0
        self.disbands = 0

    def unit(self, loc: str, kind: str | None) -> tuple[tuple[str, str, str] | None, str | None]:
        """The power's own unit in ``loc``'s province, or a warning saying why there is none."""
        prov = _province(loc)
        found = self.board.at.get(prov)
        if found is None:
            return None, f"there is no unit in {prov}: an order for it is void"
        if found[2] != self.power:
            return None, f"the unit in {prov} is {found[2]}'s, not yours: you order only your own units"
        if kind is not None and kind != found[0]:
            return found, f"the unit in {prov} is {WITH_ARTICLE[found[0]]}, not {WITH_ARTICLE[kind]}"
        return found, None

    def once(self, line: int, loc: str) -> str | None:
        prov = _province(loc)
        if prov in self.seen:
            return (
                f"a second order for the unit in {prov} (the first is on line {self.seen[prov]}): "
                "a unit takes one order"
            )
        self.seen[prov] = line
        return None

    def movement(self, line: int, order: Any) -> str | None:
        found, problem = self.unit(order.loc, order.unit)
        twice = self.once(line, order.loc)
        if problem and found is None:
            return problem
        if twice:
            return twice
        if problem:
            return problem
        assert found is not None
        return _movement_problem(self.gm, self.board, found, order)

    def retreat(self, line: int, order: Retreat | Disband) -> str | None:
        retreats: dict[str, list[str]] = self.orderable.get("retreats") or {}
        prov = _province(order.loc)
        unit = next((u for u in retreats if _province(u.split(" ", 1)[-1]) == prov), None)
        if unit is None:
            return f"you have no dislodged unit in {prov}"
        twice = self.once(line, order.loc)
        if twice:
            return twice
        if isinstance(order, Retreat):
            allowed = retreats.get(unit) or []
            if order.dest not in allowed and _province(order.dest) not in {_province(x) for x in allowed}:
                where = ", ".join(allowed) if allowed else "nowhere (it must disband)"
                return f"{unit} may retreat only to {where}: this retreat fails and the unit is disbanded"
        return None

    def adjustment(self, line: int, order: Build | Disband | Waive) -> str | None:
        if isinstance(order, Waive):
            self.builds += 1
            return self.too_many_builds()
        if isinstance(order, Disband):
            _unit, problem = self.unit(order.loc, order.unit)
            if problem:
                return problem
            self.disbands += 1
            allowed = int(self.orderable.get("disbands") or 0)
            if self.disbands > allowed:
                return f"one disband too many: you must disband {allowed}" if allowed else "you have nothing to disband"
            return self.once(line, order.loc)
        prov = _province(order.loc)
        if prov in self.seen:
            return f"a second build in {prov} (the first is on line {self.seen[prov]}): one unit per centre"
        self.seen[prov] = line
        occupant = self.board.at.get(prov)
        homes = self.gm.homes.get(self.power, ())
        owner = next((p for p, cs in (self.view.get("centers") or {}).items() if prov in cs), None)
        if int(self.orderable.get("builds") or 0) <= 0:
            return "you have no builds this winter: the build is void"
        if prov not in homes:
            return f"{prov} is not one of your home centres ({', '.join(homes)}): you build only there"
        if owner != self.power:
            held = f"it is {owner}'s" if owner else "nobody holds it"
            return f"{prov} is your home centre but not yours now ({held}): you build only in centres you hold"
        if occupant is not None:
            whose = "your" if occupant[2] == self.power else f"{occupant[2]}'s"
            return f"{prov} is occupied (by {whose} {occupant[0]} {occupant[1]}): you build only in an empty centre"
        if order.unit == "F" and self.gm.provinces[prov].type != "coast":
            return f"{prov} is inland: a fleet cannot be built there"
        self.builds += 1
        return self.too_many_builds()

    def too_many_builds(self) -> str | None:
        allowed = int(self.orderable.get("builds") or 0)
        if allowed and self.builds > allowed:
            return f"one build too many: you may build {allowed}, the extra one is void"
        return None


def check_orders(text: str, view: dict[str, Any], power: str | None = None) -> list[dict[str, Any]]:
    """Per-line warnings and errors of an orders text, for a view in the standard contract (else none)."""
    map_id, phase = view.get("map"), view.get("phase")
    if not isinstance(map_id, str) or not isinstance(phase, str) or not isinstance(view.get("units"), dict):
        return []
    gm = game_map(map_id)
    kind = phase[-1]
    parsed = parse_submission(text, view, power)
    out: list[dict[str, Any]] = [{"line": e["line"], "text": e["text"], "error": e["error"]} for e in parsed.errors]
    raw = text.splitlines()
    for who, lines in parsed.orders.items():
        checker = _Checker(gm, view, who)
        for number, line in lines:
            source = raw[number - 1] if 0 < number <= len(raw) else line
            try:
                order = parse_order(line, gm, phase=kind if kind in ("M", "R", "A") else None)  # type: ignore[arg-type]
            except OrderError as exc:
                out.append({"line": number, "text": source, "error": str(exc)})
                continue
            warning: str | None
            if kind == "M" and isinstance(order, Hold | Move | SupportHold | SupportMove | Convoy):
                warning = checker.movement(number, order)
            elif kind == "R" and isinstance(order, Retreat | Disband):
                warning = checker.retreat(number, order)
            elif kind == "A" and isinstance(order, Build | Disband | Waive):
                warning = checker.adjustment(number, order)
            else:
                warning = f"not an order of this phase ({phase}): it is void"
            if warning:
                out.append({"line": number, "text": source, "warning": warning})
    return sorted(out, key=lambda e: int(e["line"]))


def check_europe1615_moves(text: str, view: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """Warnings for the movement orders a Europe 1615 submission keeps but that cannot do what they say (a move to
    a province the unit cannot reach, a support or convoy of nothing), by the same rules as :func:`check_orders`;
    the submission itself reports the lines it does not keep. Only in a movement phase."""
    from umpire.games.europe1615.submission import parse_submission as parse_1615

    phase, units = view.get("phase"), view.get("units")
    if not isinstance(phase, str) or not phase.endswith("M") or not isinstance(units, dict):
        return []
    gm = game_map("europe1615")
    placed = [u for u in units.values() if isinstance(u, dict) and u.get("kind") in UNIT_NAMES and u.get("loc")]
    board = _Board({})
    for u in placed:
        board.at[_province(str(u["loc"]))] = (str(u["kind"]), str(u["loc"]), str(u.get("nation")))
    read = parse_1615(
        text,
        power=power,
        game_map=gm,
        phase="M",
        board={_province(str(u["loc"])): (str(u.get("nation")), u["kind"]) for u in placed},
    )
    raw = text.splitlines()
    out = []
    for line in read.orders:
        if line.order is None or not isinstance(line.order, Move | SupportHold | SupportMove | Convoy):
            continue
        found = board.at.get(_province(line.order.loc))
        warning = _movement_problem(gm, board, found, line.order) if found else None
        if warning:
            source = raw[line.line - 1] if 0 < line.line <= len(raw) else line.text
            out.append({"line": line.line, "text": source, "warning": warning})
    return out
