"""Leaders and their statures (rewrite 8.0): stature checks, death and heirs, as far as the public facts go.

A leader has three statures: administrative (ruling, fortification), combat (conquest, pillage, defence) and
diplomatic (diplomacy). A stature check gives the empire a new leader, one die per stature read through the
authored stature table (seed 33.64 speaks of statures "as though from a Stature Check on a 3-3-3"). Year Cards
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


def stature_from_face(face: int, tables: Tables | None = None) -> int:
    """The stature a die face gives (authored table "statures")."""
    if face not in STATURE_FACES:
        raise ValueError(f"a die shows 1..6, not {face}")
    return (tables or load_tables()).stature_by_face[face]


def leader_from_faces(faces: Sequence[int], tables: Tables | None = None) -> Leader:
    """A new leader from three dice, in the order administrative, combat, diplomatic."""
    if len(faces) != len(STATURES):
        raise ValueError(f"a stature check reads three dice, not {list(faces)}")
    a, c, d = (stature_from_face(face, tables) for face in faces)
    return Leader(a, c, d)


def stature_check(state: State, empire: str, tables: Tables | None = None) -> Leader:
    """Roll a stature check: one die per stature, read through the stature table."""
    faces = rng.roll_many(state, f"stature check for {empire} (administrative, combat, diplomatic)", 3)
    return leader_from_faces(faces, tables)


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
