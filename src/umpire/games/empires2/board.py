"""The game state of Empires for Two as plain JSON, built from a scenario, with the queries the engine shares.

``state["areas"][id]``: ``owner`` (an empire id or None for an independent area), ``social_state``,
``fortification``, ``unrest``, ``language``, ``religion`` and ``ties`` (empire -> diplomatic ties on it).
``state["empires"][id]``: ``name``, ``status`` (``player``, ``independent`` or ``allied``), ``court``, the Court's
``language`` and ``religion`` (rewrite 2.0: the leaders keep those of the original Court Area), ``gold``, ``leader``
(administrative, combat, diplomatic), ``year_cards`` (face down, next first), ``held`` (holding cards not played,
oldest first), ``in_play`` (holding cards played and kept), ``attacked`` (its areas attacked since its last turn),
``claims``, ``partial`` (target -> base -> C results, rewrite 10.3), and for the seed's alliances (33.4,
``alliances.py``) ``court_ties`` (player -> ties against its Court), ``ally_of``, ``alliance_vp`` and a player's
``alliance_points`` (33.5). ``state["cut_off"]``: empire -> its areas last found cut off from its Court (17.0,
``unrest.py``). Every change is written to ``state["log"]``.
"""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import schism
from umpire.games.empires2.endeavours import Circumstances
from umpire.games.empires2.leaders import Leader
from umpire.games.empires2.mapdata import EmpiresMap, language_modifier, load_map
from umpire.games.empires2.scenario import Scenario
from umpire.games.empires2.sequence import YearCard
from umpire.games.empires2.tables import LANGUAGE_RELATIONS

State = dict[str, Any]

PLAYER = "player"
INDEPENDENT = "independent"


def new_state(scenario: Scenario, players: tuple[str, ...], game_map: EmpiresMap | None = None) -> State:
    """The areas and empires at the scenario's start; ``players`` are the empires the two seats play, every other
    empire is Independent (33.11). Areas start at their maximum social state (EMP-S01)."""
    m = game_map or load_map()
    for empire in players:
        if empire not in scenario.empires:
            raise ValueError(f"scenario {scenario.id} has no empire {empire!r}; it has {', '.join(scenario.empires)}")
    areas: dict[str, Any] = {}
    for aid in sorted(m.areas):
        area = m.areas[aid]
        areas[aid] = {
            "owner": scenario.possessor(aid),
            "social_state": area.max_social_state,
            "fortification": scenario.fortifications.get(aid, 0),
            "unrest": False,
            "language": scenario.language(m, aid),
            "religion": scenario.religion(m, aid),
            "ties": {},
        }
    empires: dict[str, Any] = {}
    for eid, e in scenario.empires.items():
        empires[eid] = {
            "name": e.name,
            "status": PLAYER if eid in players else INDEPENDENT,
            "court": e.court,
            "language": areas[e.court]["language"],
            "religion": areas[e.court]["religion"],
            "gold": e.gold,
            "leader": {
                "administrative": e.leader.administrative,
                "combat": e.leader.combat,
                "diplomatic": e.leader.diplomatic,
            },
            "year_cards": [],
            "held": [],
            "in_play": [],
            "attacked": [],
            "claims": list(e.claims),
            "partial": {},
            "court_ties": {},
            "ally_of": None,
            "alliance_vp": None,
            "alliance_points": 0,
        }
    return {
        "areas": areas,
        "empires": empires,
        "empire_order": list(scenario.empires),
        "log": [],
        "event_deck": [],
        "event_discard": [],
    }


def empires(state: State) -> list[tuple[str, dict[str, Any]]]:
    """Every empire (id, record) in the scenario's order: the state keeps its dicts in key order (the kernel's
    canonical form), which is not the order the scenario lists its empires and the seats in."""
    order = state.get("empire_order") or sorted(state["empires"])
    return [(eid, state["empires"][eid]) for eid in order]


def log(state: State, text: str) -> None:
    """Write one line of the game's record."""
    state.setdefault("log", []).append(text)


def name(state: State, eid: str) -> str:
    return str(state["empires"][eid]["name"])


def area_name(aid: str, game_map: EmpiresMap | None = None) -> str:
    return (game_map or load_map()).area(aid).name


def leader(state: State, eid: str) -> Leader:
    raw = state["empires"][eid]["leader"]
    return Leader(raw["administrative"], raw["combat"], raw["diplomatic"])


def areas_of(state: State, eid: str) -> list[str]:
    """The areas an empire possesses, sorted."""
    return sorted(aid for aid, a in state["areas"].items() if a["owner"] == eid)


def mark_attacked(state: State, aid: str) -> None:
    """Note a conquest, pillage or raid against ``aid`` on its owner's list of areas "attacked since its last turn"
    (33.24 step 1, EMP-S07); an area of no empire has no list."""
    owner = state["areas"][aid]["owner"]
    if owner is not None and aid not in state["empires"][owner]["attacked"]:
        state["empires"][owner]["attacked"].append(aid)


def leader_json(new: Leader) -> dict[str, int]:
    return {"administrative": new.administrative, "combat": new.combat, "diplomatic": new.diplomatic}


def leader_words(new: Leader) -> str:
    return f"{new.administrative}-{new.combat}-{new.diplomatic}"


def year_cards(state: State, eid: str) -> list[YearCard]:
    return [YearCard(c["id"], c["fortune"], c["stature_check"]) for c in state["empires"][eid]["year_cards"]]


def card_json(card: YearCard) -> dict[str, Any]:
    return {"id": card.id, "fortune": card.fortune, "stature_check": card.stature_check}


def language_relation(state: State, eid: str, aid: str) -> str:
    """The area's language against the empire's Court language: same, related or unrelated."""
    return LANGUAGE_RELATIONS[language_modifier(state["empires"][eid]["language"], state["areas"][aid]["language"])]


def religion_relation(state: State, eid: str, aid: str) -> str:
    """The area's church against the empire's Court church: same, different church or different religion (one
    church before the schism when its option is on, rewrite 23.0, EMP-E07)."""
    return schism.relation(state, state["empires"][eid]["religion"], state["areas"][aid]["religion"])


def two_seas(state: State, eid: str, aid: str, game_map: EmpiresMap | None = None) -> bool:
    """Whether two sea areas lie between the Court Area and ``aid`` (no land route and a voyage of two or more)."""
    m = game_map or load_map()
    court = state["empires"][eid]["court"]
    if aid in m.hops(court):
        return False
    path = m.sea_path(court, aid)
    return path is not None and path >= 2


def circumstances(state: State, eid: str, aid: str, gold: int = 0, game_map: EmpiresMap | None = None) -> Circumstances:
    """The ER terms every endeavour shares, for an endeavour by ``eid`` on or against ``aid``."""
    return Circumstances(
        language=language_relation(state, eid, aid),
        religion=religion_relation(state, eid, aid),
        two_seas=two_seas(state, eid, aid, game_map),
        gold=gold,
    )


def neighbours(state: State, eid: str, game_map: EmpiresMap | None = None) -> list[str]:
    """Land areas linked to one of the empire's areas and not its own, sorted."""
    m = game_map or load_map()
    own = set(areas_of(state, eid))
    return sorted({n for aid in own for n in m.area(aid).links} - own)
