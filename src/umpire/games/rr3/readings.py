"""The readings of the handbook a game's owner may choose (issue 28 point 10): one option each, with its ruling.

Where the handbook's words allow two readings, umpire plays one by default and offers the other as a rules option of
the game (``docs/rulings/rr3.md``, RR3-M04 to RR3-M08). Each rule reads its option here, through :func:`reading`, so the
choice lives in one place:

- ``mountains`` — ``passes`` (RR3-MP01: a range is crossed only at its passes) or ``ranges`` (RR3-M04: "Move across a
  mountain range and gain 1 Fatigue marker" anywhere; :meth:`Geography.ranges_crossable`);
- ``candidates`` — ``any_male`` (RR3-M05: "Any male may stand for election") or ``of_age`` (sixteen or more, the
  first reading of RR3-L02);
- ``minority_revolts`` — ``triggered`` (RR3-RL07, RR3-RL08: an area rolls only after a purge attempt or beside a revolt
of its
  religion) or ``every_phase5`` (RR3-M06: every area with a minority rolls each phase 5, every adjacent revolt
  counting);
- ``unrest`` — ``public`` (RR3-M07: the index is "represented by black counters in the home area", on the map) or
  ``private`` (RR3-GC08: on the team's sheet only);
- ``mutiny`` — ``rule`` (RR3-R09: "If the score is less than the total markers, the army mutinies") or ``example``
  (RR3-M08: the Monluc example's "needs to be more than 3 to avoid a mutiny": a roll equal to the arrears mutinies).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.kernel.ruleset import Option

MOUNTAINS = "mountains"
CANDIDATES = "candidates"
MINORITY_REVOLTS = "minority_revolts"
UNREST = "unrest"
MUTINY = "mutiny"

OPTIONS: tuple[Option, ...] = (
    Option(
        MOUNTAINS,
        "passes",
        ("passes", "ranges"),
        "passes: armies cross a mountain range only at its passes, 1 Fatigue (MP1); ranges: any range may be crossed, "
        "1 Fatigue, as the Movement options read (RR3-M04)",
    ),
    Option(
        CANDIDATES,
        "any_male",
        ("any_male", "of_age"),
        "any_male: every living male may stand for election, as the handbook says (RR3-M05); of_age: only those of "
        "sixteen or more (RR3-L02)",
    ),
    Option(
        MINORITY_REVOLTS,
        "triggered",
        ("triggered", "every_phase5"),
        "triggered: a minority rolls for revolt after a purge attempt or beside a revolt of its religion (RL7, RL8); "
        "every_phase5: every area with a minority rolls each phase 5, every adjacent revolt counting (RR3-M06)",
    ),
    Option(
        UNREST,
        "public",
        ("public", "private"),
        "public: each state's Unrest Index is on the map for all, the handbook's black counters (RR3-M07); private: "
        "only its team and the control team see it (GC8)",
    ),
    Option(
        MUTINY,
        "rule",
        ("rule", "example"),
        "rule: an army with arrears mutinies on a roll less than its Arrears boxes (R9); example: on a roll not more "
        "than them, as the Monluc example reads (RR3-M08)",
    ),
)
DEFAULTS: dict[str, Any] = {opt.name: opt.default for opt in OPTIONS}


def reading(state: Mapping[str, Any], name: str) -> Any:
    """The reading game ``state`` plays for option ``name`` (its default when the game predates the option)."""
    options = state.get("options")
    value = options.get(name) if isinstance(options, Mapping) else None
    return DEFAULTS[name] if value is None else value
