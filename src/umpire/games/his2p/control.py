"""Who decides for each power's units, and the CP actions a player takes with another power's units (seed 3, 11).

Only the Papacy and the Protestant are players. A minor power's units follow its major ally
(``restrictions.major_of``); France, the Hapsburgs and the Ottomans act only while at war with a player (seed 3),
and then the *other* player decides for them: the one at peace with that power whose opponent it is at war with
(seed 11). That player may spend CP on the short list of seed 11 with their units; such an action carries
``"power": <that power>`` (construction never, seed 11 and 14).
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import restrictions as r

State = dict[str, Any]
Action = dict[str, Any]

PAPACY = "papacy"
PROTESTANT = "protestant"
#: CP cost of the seed 11 actions with another major power's units: the same on every power card (rule book 11.1;
#: the French, Hapsburg and Ottoman power cards: move in the clear 1, over a pass 2, naval move 1, assault 1, control
#: unfortified space 1).
PROXY_COSTS: dict[str, int] = {
    "move_formation": 1,
    "move_over_pass": 2,
    "naval_move": 1,
    "assault": 1,
    "control_unfortified": 1,
}


def opponent(player: str) -> str:
    """The other player."""
    return PROTESTANT if player == PAPACY else PAPACY


def controller(state: State, power: str) -> str | None:
    """The player who decides for ``power``'s units (seed 11): a player for itself; a minor power as its major
    ally (``restrictions.major_of``); another major power by the player at peace with it whose opponent it is at
    war with. None when no player may (at peace with both, or at war with both)."""
    major = r.major_of(state, power)
    if major in r.PLAYERS:
        return major
    deciders = [
        p for p in (PAPACY, PROTESTANT) if not r.at_war(state, major, p) and r.at_war(state, major, opponent(p))
    ]
    return deciders[0] if len(deciders) == 1 else None


def proxied_powers(state: State, player: str) -> list[str]:
    """The major powers ``player`` may take seed 11's actions for now: at war with its opponent, at peace with it."""
    return [
        p
        for p in r.OTHER_MAJORS
        if controller(state, p) == player and r.may_act_for(state, player, p, "move_formation")
    ]


def proxy_cost(action: Action) -> int:
    """The CP a seed 11 action costs (rule book 11.1); a ValueError for an action not on seed 11's list."""
    kind = str(action.get("type"))
    if kind not in PROXY_COSTS:
        raise ValueError(f"{kind!r} may not be taken with another power's units (seed 11)")
    return PROXY_COSTS[kind]
