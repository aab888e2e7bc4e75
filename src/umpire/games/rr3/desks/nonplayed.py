"""Non-played States Control's desk (handbook, *The Non-played States*).

"Most of the non-played states are assumed to remain neutral. It is possible to influence the actions of a number of
the larger non-played states by the use of money or prestige; the Non-played States Control will adjudicate. In
general, they will go to war if their territory is attacked." A team asks to ``influence`` a non-played state
(florins and/or prestige spent, its aim in words); the umpire rules it a success, a failure, or has it rolled
(:func:`influence_roll`, RR3-DK19). :func:`attacked` puts a non-played state at war with the state that attacked it
(for the movement desk). Cologne's and Trier's votes are bribed through Political Control (``bribe``).
Rulings: ``docs/rulings/rr3.md`` (DK numbers).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from umpire.games.rr3 import desk, prestige
from umpire.games.rr3.desk import Field, Item, journal
from umpire.games.rr3.desks.politics import need_state, pay, prestige_chart, start_war, team_states
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]
Action = dict[str, Any]

INFLUENCE_TARGET = 4
"""RR3-DK19: an influence roll succeeds on 4 or more (d6 + modifiers)."""
FLORINS_PER_PLUS = 2
RULINGS = ("roll", "success", "failure")


def nonplayed_states(state: State) -> list[str]:
    return [s for s, rec in state.get("states", {}).items() if not rec.get("played")]


@desk.request(
    "influence",
    desk=desk.NONPLAYED,
    label="Influence a non-played state",
    fields=(
        Field("target", "Non-played state", "choice"),
        Field("aim", "What you want of it"),
        Field("florins", "Florins offered", "int", required=False, minimum=0, maximum=desk.MAX_MONEY),
        Field("state", "Paid by your state", "choice", required=False),
        Field("prestige", "Prestige spent", "int", required=False, minimum=0, maximum=desk.MAX_POINTS),
    ),
    chooser=lambda state, role: {"target": nonplayed_states(state), "state": team_states(state, role)},
)
def _open_influence(state: State, role: str, action: Action) -> dict[str, Any]:
    """Handbook, *The Non-played States*: influence "by the use of money or prestige"."""
    florins = action.get("florins") or 0
    spent = action.get("prestige") or 0
    payer = action.get("state") or None
    if florins and payer is None:
        raise IllegalAction("florins offered need 'state': which of your states pays")
    if florins:
        have = int(need_state(state, payer).get("treasury", 0))
        if florins > have:
            raise IllegalAction(f"{payer} has {have} florins; the offer is {florins}")
    have_prestige = int(state["teams"][role].get("prestige", 0))
    if spent > max(0, have_prestige):
        raise IllegalAction(f"{role} has {have_prestige} prestige; cannot spend {spent}")
    if not action["aim"].strip():
        raise IllegalAction("say what you want of the state ('aim')")
    return {
        "title": f"{role} seeks to influence {action['target']}",
        "params": {
            "target": action["target"],
            "aim": action["aim"].strip(),
            "florins": florins,
            "state": payer,
            "prestige": spent,
        },
    }


@dataclass(frozen=True)
class InfluenceRoll:
    die: int
    modifier: int
    total: int
    success: bool


def influence_modifier(florins: int, prestige_spent: int, top_prestige: bool, extra: int = 0) -> int:
    """RR3-DK19: +1 per 2 florins offered, +1 per prestige point spent, +1 if the team stands first on the prestige
    chart (*Prestige*: "a greater chance of concluding negotiations with non-played powers"), plus the umpire's
    own modifier."""
    return florins // FLORINS_PER_PLUS + prestige_spent + (1 if top_prestige else 0) + extra


def influence_roll(state: State, team: str, target: str, modifier: int) -> InfluenceRoll:
    die = rng.roll(state, f"{team}: influence {target} (d6{modifier:+d}, {INFLUENCE_TARGET}+)")
    return InfluenceRoll(die, modifier, die + modifier, die + modifier >= INFLUENCE_TARGET)


def _first_on_chart(state: State, team: str) -> bool:
    ranks = prestige.ranking(prestige_chart(state))
    return len({p for _, _, p in ranks}) > 1 and any(r == 1 and t == team for r, t, _ in ranks)


@desk.settle(
    "influence",
    label="Rule",
    fields=(
        Field("ruling", "Ruling", "choice", choices=RULINGS),
        Field(
            "modifier",
            "Umpire's modifier to the roll",
            "int",
            required=False,
            minimum=-desk.MAX_MODIFIER,
            maximum=desk.MAX_MODIFIER,
        ),
        Field("note", "What the state does", required=False),
    ),
)
def _settle_influence(state: State, item: Item, action: Action) -> str:
    """The offer is paid whatever the outcome (money to the target's treasury, prestige from the team's, RR3-DK19);
    a success adds 1 to the team's influence with the state."""
    ruling = action.get("ruling")
    if ruling not in RULINGS:
        raise IllegalAction(f"'ruling' must be one of {', '.join(RULINGS)}, not {ruling!r}")
    extra = action.get("modifier") or 0
    if not isinstance(extra, int) or isinstance(extra, bool):
        raise IllegalAction(f"'modifier' must be a whole number, not {extra!r}")
    p, team = item["params"], item["team"]
    target = need_state(state, p["target"])
    if p["florins"]:
        pay(state, p["state"], p["florins"], f"the offer to {p['target']}")
        target["treasury"] = int(target.get("treasury", 0)) + p["florins"]
    if p["prestige"]:
        state["teams"][team]["prestige"] = int(state["teams"][team].get("prestige", 0)) - p["prestige"]
    if ruling == "roll":
        modifier = influence_modifier(p["florins"], p["prestige"], _first_on_chart(state, team), extra)
        r = influence_roll(state, team, p["target"], modifier)
        success = r.success
        text = f"d6 {r.die}{r.modifier:+d} = {r.total}: {'success' if success else 'failure'}"
    else:
        success = ruling == "success"
        text = f"ruled a {ruling}"
    if success:
        influence = target.setdefault("influence", {})
        influence[team] = int(influence.get(team, 0)) + 1
    note = (action.get("note") or "").strip()
    if note:
        text += f". {note}"
    journal(state, f"Influence on {p['target']}", text, team=team)
    return text


def attacked(state: State, nonplayed: str, attacker_state: str) -> bool:
    """Handbook, *The Non-played States*: "they will go to war if their territory is attacked". Puts the
    non-played state at war with the attacker (both ``at_war_with`` lists); returns False if they already were
    at war. A played state is refused (its team decides its wars)."""
    rec = need_state(state, nonplayed)
    if rec.get("played"):
        raise IllegalAction(f"{nonplayed} is a played state; its team declares its own wars")
    if not start_war(state, nonplayed, attacker_state):
        return False
    journal(state, "War", f"{nonplayed}, attacked by {attacker_state}, goes to war with it", public=True)
    return True
