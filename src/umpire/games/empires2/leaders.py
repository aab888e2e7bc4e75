"""Leaders and their statures (rewrite 8.0): stature checks, death and heirs, as far as the public facts go.

A leader has three statures: administrative (ruling, fortification), combat (conquest, pillage, defence) and
diplomatic (diplomacy). A stature check gives the empire a new leader, one die per stature read in the stature
table's row for the stature it replaces (``tables.json`` "statures", authored, EMP-R12): so the seed's 33.64,
statures "as though from a Stature Check on a 3-3-3", reads row 3 whatever the dismantled empire's last leader was.
Year Cards
marked for a stature check call one when turned over (EMP-R11). A leader who dies heirless costs the empire its
diplomatic ties (seed 33.48) and its played Personal Demesne cards (rewrite 19.0).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from umpire.games.empires2.tables import STATURE_FACES, Tables, load_tables
from umpire.kernel import rng

State = dict[str, Any]

STATURES: tuple[str, ...] = ("administrative", "combat", "diplomatic")
#: Which stature an endeavour's ER starts from (chart).
STATURE_OF: dict[str, str] = {
    "ruling": "administrative",
    "fortification": "administrative",
    "conquest": "combat",
    "pillage": "combat",
    "defence": "combat",
    "diplomacy": "diplomatic",
}


@dataclass(frozen=True, slots=True)
class Leader:
    """An empire's leader: its three statures."""

    administrative: int
    combat: int
    diplomatic: int

    def __post_init__(self) -> None:
        if min(self.administrative, self.combat, self.diplomatic) < 0:
            raise ValueError(f"statures must not be negative: {self}")

    def stature(self, name: str) -> int:
        """A stature by name, or by the endeavour it serves."""
        key = STATURE_OF.get(name, name)
        if key not in STATURES:
            raise ValueError(f"no stature {name!r}; expected one of {', '.join(STATURES)} or an endeavour")
        value: int = getattr(self, key)
        return value

    @property
    def total(self) -> int:
        return self.administrative + self.combat + self.diplomatic


def stature_from_face(face: int, current: int, tables: Tables | None = None) -> int:
    """The stature a die face gives at a stature check, from the stature ``current`` it replaces (EMP-R12)."""
    if face not in STATURE_FACES:
        raise ValueError(f"a die shows 1..6, not {face}")
    rows = (tables or load_tables()).stature_by_current
    if current not in rows:
        raise ValueError(f"a stature is 0..{max(rows)}, not {current}")
    return rows[current][face - 1]


def leader_from_faces(faces: Sequence[int], current: Leader, tables: Tables | None = None) -> Leader:
    """The new leader from three dice, in the order administrative, combat, diplomatic, each read against the
    ``current`` leader's stature of that kind."""
    if len(faces) != len(STATURES):
        raise ValueError(f"a stature check reads three dice, not {list(faces)}")
    pairs = zip(faces, STATURES, strict=True)
    a, c, d = (stature_from_face(face, current.stature(name), tables) for face, name in pairs)
    return Leader(a, c, d)


def stature_check(state: State, empire: str, current: Leader, tables: Tables | None = None) -> Leader:
    """Roll a stature check on the ``current`` leader: one die per stature, each read in its row of the stature
    table (rewrite 8.0, EMP-R12)."""
    faces = rng.roll_many(state, f"stature check for {empire} (administrative, combat, diplomatic)", 3)
    return leader_from_faces(faces, current, tables)


@dataclass(frozen=True, slots=True)
class StatureChange:
    """What a stature check changed: the old and the new leader, and which statures fell."""

    before: Leader
    after: Leader

    @property
    def fallen(self) -> tuple[str, ...]:
        """The statures now lower (the seed's 33.47 looks at a fallen diplomatic stature)."""
        return tuple(name for name in STATURES if self.after.stature(name) < self.before.stature(name))


def calls_stature_check(turned_over: Iterable[bool]) -> bool:
    """EMP-R11: whether any Year Card turned over carries the stature-check mark."""
    return any(turned_over)


@dataclass(frozen=True, slots=True)
class HeirlessDeath:
    """Leader Dies Heirless: the ties the empire loses (area -> ties it held), the Demesne cards discarded."""

    ties_lost: dict[str, int]
    demesne_cards_discarded: int


def dies_heirless(ties: dict[str, int], demesne_cards: int) -> HeirlessDeath:
    """Seed 33.48 ("he loses all ties") and rewrite 19.0 (a played Personal Demesne card is discarded when its
    owner's leader dies heirless). The new leader comes from a stature check (EMP-R12)."""
    if any(n < 0 for n in ties.values()) or demesne_cards < 0:
        raise ValueError(f"ties and cards must not be negative: {ties}, {demesne_cards}")
    return HeirlessDeath({area: n for area, n in ties.items() if n}, demesne_cards)
