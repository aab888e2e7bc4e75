"""Treaties with consent (handbook, *Treaties*: "Players may make such treaties between themselves as they desire,
imposing a time limit if they wish. Political Control **must** be made aware of any treaty or it will not be
regarded as valid within the game").

A team proposes a treaty (``register_treaty``) naming the other teams; each named team gets a ``treaty_consent``
item to accept or refuse (``answer``, or Political Control records the answer given at its desk). Political
Control then registers the treaty: it binds only the teams that accepted it, and a peace clause ends only the
wars between states of those who signed (RR3-H01). Rulings: ``docs/rulings/rr3.md`` (RR3-DK14, RR3-H01).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.games.rr3 import desk
from umpire.games.rr3.desk import ANSWER_BY, ANSWERS, Field, Item, journal
from umpire.games.rr3.desks.politics import end_war
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]
Action = dict[str, Any]

CONSENT = "treaty_consent"


def _teams(state: State) -> list[str]:
    return list(state.get("teams", {}))


def _peace_error(state: State, parties: list[str], peace: list[str]) -> str | None:
    """A peace clause names states of the treaty's parties or non-played states (Political Control speaks for
    those, RR3-H01)."""
    for sid in peace:
        team = desk.team_of_state(state, sid)
        if team is not None and team not in parties:
            return f"{sid} is played by {team}, which is not a party to this treaty; name {team} among the parties"
    return None


@desk.request(
    "register_treaty",
    desk=desk.POLITICAL,
    label="Register a treaty",
    fields=(
        Field("parties", "Other parties (teams)", "multi"),
        Field("terms", "Terms"),
        Field("turns", "Time limit in turns (0: none)", "int", required=False, minimum=0, maximum=6),
        Field("peace", "States it makes peace between", "multi", required=False),
    ),
    chooser=lambda state, role: {
        "parties": [t for t in _teams(state) if t != role],
        "peace": list(state.get("states", {})),
    },
)
def _open_treaty(state: State, role: str, action: Action) -> dict[str, Any]:
    """Handbook, *Treaties*: valid only once Political Control is made aware of it; a time limit may be imposed.
    Each other party named is asked to accept it (a ``treaty_consent`` item, RR3-H01)."""
    parties = [role, *[p for p in action["parties"] if p != role]]
    if len(parties) < 2:
        raise IllegalAction("a treaty needs at least one other party besides your team")
    if not action["terms"].strip():
        raise IllegalAction("a treaty needs its terms as text")
    peace = list(action.get("peace") or [])
    if len(peace) == 1:
        raise IllegalAction("peace is made between two or more states; name at least two, or none")
    error = _peace_error(state, parties, peace)
    if error:
        raise IllegalAction(error)

    def ask_consent(state: State, item: Item) -> None:
        for party in parties[1:]:
            desk.open_item(
                state,
                desk=desk.POLITICAL,
                kind=CONSENT,
                title=f"{party}: accept or refuse the treaty {item['id']} proposed by {role}",
                params={ANSWERS: item["id"], ANSWER_BY: party, "teams": [role, party], "terms": action["terms"]},
                by=role,
                team=party,
            )

    return {
        "title": f"Treaty between {', '.join(parties)}",
        "params": {
            "parties": parties,
            "terms": action["terms"].strip(),
            "turns": action.get("turns") or 0,
            "peace": peace,
            "accepted": [role],
            "refused": [],
        },
        "then": ask_consent,
    }


def consents_waiting(state: State, treaty_id: str) -> list[Item]:
    """The consent items of a treaty still waiting for an answer."""
    return [
        i for i in desk.pending(state, desk.POLITICAL) if i["kind"] == CONSENT and i["params"][ANSWERS] == treaty_id
    ]


@desk.settle(CONSENT, label="Record the answer", fields=(Field("accept", "Accepts the treaty", "bool"),))
def _settle_consent(state: State, item: Item, action: Action) -> str:
    """The named team accepts or refuses (RR3-H01); its answer is recorded on the treaty."""
    accept = action.get("accept")
    if not isinstance(accept, bool):
        raise IllegalAction("an answer to a treaty needs 'accept': true or false")
    treaty = state.get("items", {}).get(item["params"][ANSWERS])
    if treaty is None or treaty["status"] != desk.PENDING:
        status = treaty["status"] if treaty else "unknown"
        raise IllegalAction(f"the treaty {item['params'][ANSWERS]} is {status}; there is nothing to answer")
    party = item["params"][ANSWER_BY]
    treaty["params"]["accepted" if accept else "refused"].append(party)
    text = f"{party} {'accepts' if accept else 'refuses'} the treaty {treaty['id']}"
    journal(state, "Treaty answered", text, team=treaty.get("team"))
    return text


@desk.settle(
    "register_treaty",
    label="Register",
    fields=(Field("without_answers", "Register without the parties yet to answer", "bool", required=False),),
)
def _settle_treaty(state: State, item: Item, action: Action) -> str:
    """Registering makes the treaty valid for the teams that accepted it; a peace clause ends only the wars between
    states of those who signed (or non-played states) (RR3-DK14, RR3-H01). A party yet to answer holds registration
    back unless Political Control registers without it: it is then not bound."""
    p = item["params"]
    waiting = consents_waiting(state, item["id"])
    if waiting and not action.get("without_answers"):
        names = ", ".join(f"{i['params'][ANSWER_BY]} ({i['id']})" for i in waiting)
        raise IllegalAction(f"waiting for the answer of {names}; or register without the parties yet to answer")
    signed = [t for t in p["parties"] if t in p["accepted"]]
    if len(signed) < 2:
        refused = ", ".join(p["refused"]) or "none"
        raise IllegalAction(f"no other party has accepted this treaty (refused: {refused}); dismiss it")
    who = str(action.get("who") or "").strip()[:80]
    for consent in waiting:
        party = consent["params"][ANSWER_BY]
        desk.close_unsettled(state, consent, desk.POLITICAL, who, f"registered without {party}'s answer: not bound")
    turn = int(state.get("turn") or 1)
    treaty = {
        "id": item["id"],
        "parties": signed,
        "named": p["parties"],
        "refused": list(p["refused"]),
        "terms": p["terms"],
        "registered": {"turn": turn, "phase": state.get("phase")},
        "expires": turn + p["turns"] if p["turns"] else None,
    }
    state.setdefault("treaties", []).append(treaty)
    bound = set(signed)
    ended, kept = [], []
    peace = p.get("peace", [])
    for i, a in enumerate(peace):
        for b in peace[i + 1 :]:
            if all(desk.team_of_state(state, s) in bound | {None} for s in (a, b)):
                if end_war(state, a, b):
                    ended.append(f"{a}-{b}")
            elif b in state.get("states", {}).get(a, {}).get("at_war_with", []):
                kept.append(f"{a}-{b}")
    limit = f", valid to the end of turn {treaty['expires']}" if treaty["expires"] else ""
    text = f"treaty registered between {', '.join(signed)}{limit}"
    if treaty["refused"] or len(signed) < len(p["parties"]):
        text += f"; not bound: {', '.join(t for t in p['parties'] if t not in bound)}"
    if ended:
        text += f"; peace: {', '.join(ended)}"
    if kept:
        text += f"; still at war (not signed): {', '.join(kept)}"
    for team in p["parties"]:
        journal(state, "Treaty registered", text, team=team)
    return text


def treaty_valid(state: State, treaty: Mapping[str, Any]) -> bool:
    """A registered treaty is valid until the end of its last turn (RR3-DK14)."""
    expires = treaty.get("expires")
    return expires is None or int(state.get("turn") or 1) <= int(expires)
