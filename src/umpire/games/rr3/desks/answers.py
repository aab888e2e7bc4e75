"""A team's answer to an item that waits for it (``answer_by``): accepting or refusing a treaty it is named in
(:mod:`treaties`) or another country's request to recruit in its home areas (:mod:`recruitment`). The answer settles
the item with the same settler the desk's umpire uses, so either may record it (RR3-H01, RR3-H02).
"""

from __future__ import annotations

from typing import Any

from umpire.games.rr3 import desk
from umpire.games.rr3.desk import Field
from umpire.games.rr3.desks import recruitment, treaties

State = dict[str, Any]
Action = dict[str, Any]

KINDS = (treaties.CONSENT, recruitment.KIND)


@desk.direct(
    "answer",
    label="Accept or refuse",
    fields=(Field("item", "Treaty or request", "choice"), Field("accept", "Accept", "bool")),
    chooser=lambda state, role: {"item": desk.awaiting(state, role, KINDS)},
    available=lambda state, role: bool(desk.awaiting(state, role, KINDS)),
)
def _answer(state: State, role: str, action: Action) -> None:
    """The named team accepts (``accept: true``) or refuses the item waiting for its answer."""
    desk.answer_item(state, role, action, KINDS)
