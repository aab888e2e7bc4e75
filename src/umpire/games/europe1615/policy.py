"""The Europe 1615 rule hooks for the Diplomacy resolver (seed 003, "Additional rules concerning minor states",
"Neutrality (impassable)" and "ATTRITION").

A :class:`Policy1615` is built for one phase (:func:`phase_policy`) from the statuses of the minor states, the
attrition marks and the sanctions in effect:

- ``impassable``: the provinces of every NEUTRAL minor state, except one that holds a foreign unit (that unit
  "can still function ... while holding its position in the neutral state it is open to attack"); once that unit
  moves out, the engine adjudicates the phase again with the province closed ("If the army moves out of the
  neutral state, no other unit can enter", ruling E1615-R06);
- ``friendly(a, b)``: a power and a minor state aligned to it, or two minor states aligned to the same power,
  may not dislodge, help to dislodge or cut the support of each other ("A power cannot dislodge or support the
  dislodgment of an aligned minor state's unit, even if that dislodgment is unexpected");
- ``may_retreat``: only units of the great powers without an attrition mark retreat (minor and Ottoman units
  disband when dislodged; a marked unit dislodged again is disbanded);
- ``weak``: a unit with an attrition mark cannot cause a standoff when its move is unsupported;
- sanctions in effect (docs/rulings/europe1615.md): ``blocs`` (the Protestant Union's or Catholic
  League's members are friends and do not capture each other's provinces), ``retreating`` (the Dutch, Swedish
  and Polish units that the Dutch, Gustav's and Polish interventions let retreat), ``fortified`` (strongholds:
  ``defence_bonus`` 1, "the strength of two units") and ``no_build`` (Bohemian revolt, Huguenot rebellion);
- ``centre_owner``: who takes a province a unit stands on at the end of the year (alignment: a power does not
  capture its aligned minor state, nor that state the power or another state aligned to it; a NEUTRAL minor
  state captures nothing) -- see :func:`capturer`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from umpire.diplomacy.map import GameMap
from umpire.diplomacy.orders import Convoy, Order, SupportMove
from umpire.diplomacy.policy import Policy, Unit
from umpire.games.europe1615.board import State, aligned_map, game_map
from umpire.games.europe1615.sanction_effects import blocs, fortified, no_build, retreating
from umpire.games.europe1615.status import impassable

__all__ = ["Policy1615", "capturer", "faith_problem", "same_bloc"]


def same_bloc(a: str, b: str, aligned: Mapping[str, str | None], blocs: Collection[Collection[str]]) -> bool:
    """Whether nations ``a`` and ``b`` (each taken with the power it is aligned with) are members of one
    Protestant Union or Catholic League (seed, "SANCTIONS": "A Union member cannot dislodge or support the
    dislodgment of another Union member's unit ... cannot capture another Union member's center")."""
    side_a = {a, aligned.get(a) or a}
    side_b = {b, aligned.get(b) or b}
    return any(side_a & set(bloc) and side_b & set(bloc) for bloc in blocs)


def capturer(
    nation: str,
    owner: str | None,
    aligned: Mapping[str, str | None],
    neutral: Collection[str],
    blocs: Collection[Collection[str]] = (),
) -> str | None:
    """The nation that takes a province held by ``owner`` when a unit of ``nation`` stands there at the end of
    the year, or None when it does not change hands.  ``aligned``: minor state -> the power it is aligned with;
    ``neutral``: the NEUTRAL minor states; ``blocs``: the members of a Union or League in effect (no member
    captures another member's province)."""
    if nation == owner:
        return None
    if owner is not None and same_bloc(nation, owner, aligned, blocs):
        return None
    if nation in neutral:
        return None  # "If the minor state is neutral ... it will not be able to capture the center/province"
    ally = aligned.get(nation)
    if ally is None and owner is not None and aligned.get(owner) == nation:
        return None  # a power in its aligned minor state
    if ally is not None and (owner == ally or aligned.get(owner or "") == ally):
        return None  # a minor state in its power's, or a sister state's, province
    return nation


class Policy1615(Policy):
    """The 1615 hooks for one phase (see the module docstring)."""

    def __init__(
        self,
        *,
        powers: Collection[str],
        aligned: Mapping[str, str | None],
        impassable: Collection[str] = (),
        marked: Collection[str] = (),
        blocs: Collection[Collection[str]] = (),
        retreating: Collection[str] = (),
        fortified: Collection[str] = (),
        no_build: Collection[tuple[str, str]] = (),
    ) -> None:
        self.powers = frozenset(powers)
        self.aligned = dict(aligned)
        self.impassable = frozenset(impassable)
        self.marked = frozenset(marked)
        self.blocs = tuple(frozenset(b) for b in blocs)
        self.retreating = frozenset(retreating)
        self.fortified = frozenset(fortified)
        self.no_build = frozenset(no_build)

    def _side(self, nation: str) -> str:
        ally = self.aligned.get(nation)
        return ally if ally is not None else nation

    def friendly(self, a: str, b: str) -> bool:
        return a == b or self._side(a) == self._side(b) or same_bloc(a, b, self.aligned, self.blocs)

    def defence_bonus(self, province: str) -> int:
        return 1 if province in self.fortified else 0

    def weak(self, unit: Unit) -> bool:
        return unit.loc.split("/", 1)[0] in self.marked

    def may_retreat(self, unit: Unit) -> bool:
        who = unit.nation in self.powers or unit.nation in self.retreating
        return who and unit.loc.split("/", 1)[0] not in self.marked

    def may_build(self, game_map: GameMap, power: str, province: str) -> bool:
        return super().may_build(game_map, power, province) and (power, province) not in self.no_build

    def centre_owner(self, unit: Unit) -> str | None:
        return unit.nation


def faith_problem(
    order: Order,
    units: Mapping[str, Unit],
    *,
    islamic: Collection[str],
    papal_area: Collection[str],
    islamic_centres: Collection[str],
    aligned: Mapping[str, str | None],
) -> str:
    """Why a unit will not give ``order`` (a support or convoy) under the seed's "Rules concerning Christian and
    Islamic units", or ``""``.  ``islamic``: the Islamic nations; ``papal_area``: ROM, MAR and VEN, PIA, TUS, NAP;
    ``islamic_centres``: the Islamic centres; ``aligned``: minor -> the power it is aligned with (the "alliance
    network" that lets an Islamic unit help a Christian one into an Islamic centre: both on the same side)."""
    # ruling E1615-R17
    if not isinstance(order, SupportMove | Convoy):
        return ""
    me = units.get(order.loc.split("/", 1)[0])
    mover = units.get(order.target.split("/", 1)[0])
    if me is None or mover is None:
        return ""
    dest = order.dest.split("/", 1)[0]
    me_islamic, mover_islamic = me.nation in islamic, mover.nation in islamic
    if not me_islamic and mover_islamic and dest in papal_area:
        return "Christian units do not support or convoy an Islamic unit onto the Papal States or their neighbours"
    if me_islamic and not mover_islamic:
        victim = units.get(dest)
        if isinstance(order, SupportMove) and victim is not None and victim.nation in islamic:
            return "Islamic units do not support a Christian attack on an Islamic unit"
        if dest in islamic_centres:
            mine, theirs = aligned.get(me.nation), aligned.get(mover.nation) or mover.nation
            if mine is None or mine != theirs:
                return "Islamic units do not help a Christian unit into an Islamic centre without an alliance"
    return ""


def phase_policy(state: State, closed: Collection[str] = ()) -> Policy1615:
    """The resolver hooks for a phase; ``closed``: neutral provinces closed again (``status.left_neutral``)."""
    marked = {p for p, u in state["units"].items() if u.get("mark")}
    return Policy1615(
        powers=game_map().powers,
        aligned=aligned_map(state),
        impassable=impassable(state) | set(closed),
        marked=marked,
        blocs=blocs(state),
        retreating=retreating(state),
        fortified=fortified(state),
        no_build=no_build(state),
    )
