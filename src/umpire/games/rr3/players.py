"""The players inside the rr3 teams (rulings RR3-K01 to RR3-K04).

Handbook, *The Player Teams*: each team lists its characters, one player each ("In many megagames players usually
fit conveniently into a team structure. This is not the case in this game"); *Introduction*: the brief "covers
personal as well as team matters it is confidential to **you**"; *The Financial System*: revenue cards "are labelled
by player and can only be played by the owning player"; *Death*: "A player who dies will become their heir".

A **player** is one of the played characters a team lists at the start. ``state["players"]`` keeps one record per
player, keyed by its seat id (the id of the character the player starts with, which stays the seat's id when the
player goes on to play an heir or a new character): ``{"team", "character", "n", "brief"}`` (``n``: the place in the
team's list; ``brief``: the player's personal brief, or None). With the ``seats`` option ``players`` (a new game's
default) these are the game's seats; with ``teams`` the eleven team seats are, each playing a whole team as one
person (games made before the option have team seats).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.games.rr3.scenario import TEAM_IDS
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]

OPTION = "seats"
PLAYERS = "players"
"""A seat per player inside each team (RR3-K01)."""
TEAMS = "teams"
"""A seat per team, one person playing the whole team (RR3-K02)."""
CARD_FIELDS = ("card", "persuasion")
"""The fields of an action that name a card the player plays (``play_card``)."""


def new_players(teams: Mapping[str, Any], personal: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One record per played character of ``teams`` (a team's ``characters``, in order), with its personal brief
    from ``personal`` (character id -> text) if any."""
    personal = personal or {}
    out: dict[str, Any] = {}
    for team in TEAM_IDS:
        for n, cid in enumerate(teams.get(team, {}).get("characters", []), start=1):
            if cid in out or cid in TEAM_IDS:
                raise IllegalAction(f"scenario: character {cid!r} cannot be a player's seat: the id is already used")
            out[cid] = {"team": team, "character": cid, "n": n, "brief": personal.get(cid)}
    return out


def mode(state: Mapping[str, Any]) -> str:
    """The game's seats: :data:`PLAYERS` or :data:`TEAMS` (a game made before the option: teams)."""
    options = state.get("options") or {}
    return PLAYERS if options.get(OPTION) == PLAYERS and state.get("players") else TEAMS


def seats(state: Mapping[str, Any]) -> list[str]:
    """The player seats in the handbook's order: team by team, each in its list's order."""
    players = state.get("players") or {}
    order = {t: i for i, t in enumerate(TEAM_IDS)}
    return sorted(players, key=lambda s: (order.get(players[s]["team"], len(order)), players[s]["n"], s))


def player(state: Mapping[str, Any], role: str) -> dict[str, Any] | None:
    """The player record of seat ``role`` (None for a team, control, GM or observer role)."""
    rec = (state.get("players") or {}).get(role)
    return rec if isinstance(rec, dict) else None


def team_of(state: Mapping[str, Any], role: str) -> str | None:
    """The team player seat ``role`` plays in: its character's team (the control editor may move it), else the
    team it was dealt to."""
    rec = player(state, role)
    if rec is None:
        return None
    team = state.get("characters", {}).get(rec.get("character"), {}).get("team")
    if isinstance(team, str) and team in state.get("teams", {}):
        return team
    return rec["team"] if isinstance(rec.get("team"), str) else None


def character_of(state: Mapping[str, Any], role: str) -> str | None:
    """The character player seat ``role`` plays now (None: between a death and a new character)."""
    rec = player(state, role)
    cid = rec.get("character") if rec is not None else None
    return cid if isinstance(cid, str) else None


def seat_of(state: Mapping[str, Any], cid: str | None) -> str | None:
    """The seat of the player who plays character ``cid``, if any."""
    for seat, rec in sorted((state.get("players") or {}).items()):
        if cid is not None and rec.get("character") == cid:
            return str(seat)
    return None


def follow(state: State, dead: str, now: str | None) -> str | None:
    """The player of ``dead`` now plays ``now`` (an heir, a regent's ward or a new character; None: the player waits
    for a new character). Returns the player's seat, or None if ``dead`` was nobody's character."""
    seat = seat_of(state, dead)
    if seat is not None:
        state["players"][seat]["character"] = now
        team = state.get("characters", {}).get(now, {}).get("team") if now else None
        if isinstance(team, str) and team in state.get("teams", {}):
            state["players"][seat]["team"] = team
    return seat


def check_holder(state: Mapping[str, Any], role: str, action: Mapping[str, Any]) -> None:
    """Handbook, *The Financial System*: a card "can only be played by the owning player". A player seat may name
    only cards its character holds (RR3-K03); a team seat plays any card of its team."""
    if player(state, role) is None:
        return
    mine = character_of(state, role)
    chars = state.get("characters", {})
    for key in CARD_FIELDS:
        cid = action.get(key)
        card = state.get("cards", {}).get(cid) if isinstance(cid, str) else None
        if card is None or card.get("holder") == mine:
            continue
        holder = card.get("holder")
        held = chars.get(holder, {}).get("name", holder) if holder else "no one"
        owner = seat_of(state, holder)
        by = f" (the player of seat {owner})" if owner else ""
        yours = chars.get(mine, {}).get("name", mine) if mine else "no character yet"
        raise IllegalAction(
            f"card {cid} is held by {held}{by}; a card is played only by its holder, and you play {yours}"
        )


def own_cards(state: Mapping[str, Any], role: str) -> set[str]:
    """The cards player seat ``role`` holds (those of its character)."""
    mine = character_of(state, role)
    return {c for c, card in state.get("cards", {}).items() if mine is not None and card.get("holder") == mine}
