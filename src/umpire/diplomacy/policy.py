"""Units, results and the rule policy a variant may override.

The resolvers take a :class:`Policy`; the default object is the standard rules.  A variant (Europe 1615 later)
subclasses it to say which nations count as friends (no dislodging or helping to dislodge a friend, no cutting a
friend's support), which provinces are impassable, which provinces give a defending unit extra strength, which
units cannot cause a standoff when unsupported, which units may not retreat, where a power may build and who
takes a centre a unit stands on.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from umpire.diplomacy.map import GameMap, UnitType
from umpire.diplomacy.orders import Order

__all__ = ["FAILS", "STANDARD", "SUCCEEDS", "VOID", "Outcome", "Policy", "Result", "Rules", "Unit"]

Rules = Literal["2000", "2023"]
Result = Literal["succeeds", "fails", "void"]
SUCCEEDS: Result = "succeeds"
FAILS: Result = "fails"
VOID: Result = "void"


class Unit(NamedTuple):
    """A unit on the board: its nation (a power, or a variant's minor state), type and location."""

    nation: str
    kind: UnitType
    loc: str  # "PAR", "STP/NC"

    def __str__(self) -> str:
        return f"{self.kind} {self.loc}"


class Outcome(NamedTuple):
    """The result of one order: the order as adjudicated, ``succeeds``/``fails``/``void`` and why."""

    order: Order
    result: Result
    reason: str


class Policy:
    """Rule hooks with the standard rules as defaults.  Override in a subclass for a variant."""

    #: Provinces no unit may enter, support into, convoy through or retreat to.
    impassable: frozenset[str] = frozenset()

    def friendly(self, a: str, b: str) -> bool:
        """Whether nation ``a`` may not dislodge, help to dislodge, or cut the support of nation ``b``."""
        # ruling STD-H01
        return a == b

    def defence_bonus(self, province: str) -> int:
        """Extra hold strength of a unit staying in ``province`` (a stronghold)."""
        # ruling STD-H02
        return 0

    def weak(self, unit: Unit) -> bool:
        """Whether ``unit`` cannot cause a standoff when its move is unsupported (prevent strength 0)."""
        # ruling STD-H03
        return False

    def may_retreat(self, unit: Unit) -> bool:
        """Whether ``unit`` may retreat when dislodged (otherwise it is disbanded)."""
        # ruling STD-H04
        return True

    def may_build(self, game_map: GameMap, power: str, province: str) -> bool:
        """Whether ``power`` may build in ``province`` (which it owns and which is vacant)."""
        # ruling STD-F01
        return game_map.provinces[province].home == power

    def centre_owner(self, unit: Unit) -> str | None:
        """Who takes a centre ``unit`` stands on at the end of a year (None: nobody)."""
        # ruling STD-F03
        return unit.nation


STANDARD = Policy()
