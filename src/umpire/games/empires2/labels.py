"""The legal actions of Empires for Two in words, as the game page's buttons show them, and the open decision in a
sentence. Read from the seat's own view only (``rules.view``), so nothing here can show what the seat may not see.
"""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import conversion
from umpire.games.empires2.endeavours import endeavour_cost
from umpire.games.empires2.mapdata import load_map

View = dict[str, Any]
Action = dict[str, Any]

#: The page's groups of buttons, in the order shown.
GROUPS = (
    "Defence",
    "Agreement",
    "Parley",
    "Asylum",
    "Sealed bid",
    "Place in the round",
    "Ruling",
    "Fortification",
    "Conquest",
    "Pillage",
    "Diplomacy",
    "Taxation",
    "Conversion",
    "Church",
    "Alliances",
    "Turn",
)


def _place_name(aid: str) -> str:
    m = load_map()
    if aid in m.areas:
        return m.area(aid).name
    return aid.replace("_", " ")


def _empire(view: View, eid: str) -> str:
    return str(view["empires"][eid]["name"]) if eid in view["empires"] else eid


def _signed(n: int) -> str:
    return f"{n:+d}"


def label(view: View, action: Action) -> dict[str, str]:
    """``{"label", "group"}`` of one legal action."""
    kind = action["type"]
    role = view["role"]
    eid = str(action.get("empire", role))
    who = "" if eid == role or kind in ("end_alliance", "coup", "hinder", "defend") else f"{_empire(view, eid)}: "
    if kind == "defend":
        asked = view.get("defence") or {}
        area = _place_name(asked.get("area", ""))
        if not action.get("defend", True):
            return {"label": f"Do not defend {area}", "group": "Defence"}
        return {
            "label": f"Defend {area}: {asked.get('cost', 2)} gold and a Year Card, "
            f"{-int(asked.get('reduction', 0)):+d} to the attack, more for each gold added",
            "group": "Defence",
        }
    if kind == "agreement":
        offered = view.get("agreement") or {}
        if action["accept"]:
            return {"label": f"Accept: {offered.get('text', 'the agreement')}", "group": "Agreement"}
        return {"label": "Decline the agreement", "group": "Agreement"}
    if kind == "propose":
        return {"label": f"Propose: {_terms(view, action)}", "group": "Agreement"}
    if kind == "vote":
        asked = view.get("parley") or {}
        claim = f"a claim to {_place_name(asked.get('area', ''))} for {_empire(view, asked.get('caller', ''))}"
        return {"label": f"Vote {'yes' if action['yes'] else 'no'} on {claim}", "group": "Parley"}
    if kind == "parley":
        areas = ", ".join(_place_name(a) for a in action["areas"])
        return {"label": f"Call a parley: shall {_empire(view, role)} hold a claim to {areas}?", "group": "Parley"}
    if kind == "asylum":
        asked = view.get("asylum") or {}
        exile = _empire(view, asked.get("empire", ""))
        return {"label": f"{'Grant' if action['grant'] else 'Refuse'} asylum to {exile}", "group": "Asylum"}
    if kind == "bid":
        return {"label": f"Seal a bid of the gold chosen (up to {action['max_gold']})", "group": "Sealed bid"}
    if kind == "place":
        return {"label": f"{who}Take place {action['place']} in the round", "group": "Place in the round"}
    if kind == "endeavour":
        what = str(action["endeavour"])
        area = _place_name(action["area"])
        court_of = next((e["name"] for e in view["empires"].values() if e["court"] == action["area"]), None)
        if what == "diplomacy" and court_of is not None and court_of != _empire(view, eid):
            text = f"Diplomacy at {area}, the Court of {court_of}"
        elif what == "diplomacy":
            text = f"Diplomacy at {area}: a tie, or a C result toward taking it"
        elif what in ("ruling", "fortification"):
            text = f"{what.capitalize()} in {area}"
        else:
            text = f"{what.capitalize()} of {area}"
        cost = endeavour_cost(what)
        paid = f"{cost} gold" if cost else "no cost"
        gold = f", up to {action['max_gold']} gold more" if action.get("max_gold") else ""
        ban = "; excommunicates (22.1)" if action.get("excommunicates") else ""
        return {
            "label": f"{who}{text} (rating {_signed(int(action['er']))}; {paid}{gold}{ban})",
            "group": what.capitalize(),
        }
    if kind == "tax" and action.get("plunder"):
        names = ", ".join(_place_name(aid) for aid in action["plunder"])
        return {"label": f"{who}Plunder {names}: its tax and population in gold, and unrest", "group": "Taxation"}
    if kind == "tax":
        n = len(action["areas"])
        return {"label": f"{who}Tax 1 gold from each area that yields gold ({n} areas)", "group": "Taxation"}
    if kind == "convert":
        diff, where = int(action["differential"]), _place_name(action["area"])
        return {
            "label": f"{who}Convert {where} ({conversion.cost()} gold; a die above {diff} converts it)",
            "group": "Conversion",
        }
    if kind == "penance":
        return {"label": f"{who}Do penance: {action['cost']} gold lifts the excommunication (22.1)", "group": "Church"}
    if kind == "end_turn":
        return {"label": f"{who}End the player-turn", "group": "Turn"}
    if kind == "end_alliance":
        return {"label": f"End the alliance with {_empire(view, eid)}", "group": "Alliances"}
    if kind == "coup":
        return {"label": f"Diplomatic Coup: {_empire(view, eid)}'s other ties are lost", "group": "Alliances"}
    if kind == "play_event":
        card = str(action["card"]).replace("_", " ").capitalize()
        return {"label": f"{who}Play {card} on {_empire(view, str(action['target']))}", "group": "Event Cards"}
    if kind == "hinder":
        if action["on"]:
            return {"label": f"Take 2 off {_empire(view, eid)}'s endeavours again", "group": "Alliances"}
        return {"label": f"Stop taking 2 off {_empire(view, eid)}'s endeavours", "group": "Alliances"}
    return {"label": kind.replace("_", " "), "group": "Turn"}


def _terms(view: View, action: Action) -> str:
    """A proposal's two sides in words (rewrite 20.0), from the proposer's side."""
    role = view["role"]
    other = next((e for e, x in view["empires"].items() if x["status"] == "player" and e != role), "")
    parts = []
    for giver, side in ((role, action.get("gives") or {}), (other, action.get("gets") or {})):
        items = [f"{side['gold']} gold"] if side.get("gold") else []
        items += [_place_name(a) for a in side.get("areas", [])]
        items += [f"the claim to {_place_name(a)}" for a in side.get("claims", [])]
        parts.append(f"{_empire(view, giver)} gives {', '.join(items) or 'nothing'}")
    return "; ".join(parts)


def labels(view: View) -> list[dict[str, str]]:
    """Each of the view's actions in words, in the same order."""
    return [label(view, a) for a in view.get("actions") or []]


def decision_text(view: View) -> str:
    """What the game waits for, in a sentence, as ``view["role"]`` sees it (never a sealed bid or answer)."""
    if view.get("over"):
        totals = ", ".join(f"{_empire(view, p)} {parts['total']}" for p, parts in (view.get("standings") or {}).items())
        winner = view.get("winner")
        said = f"{_empire(view, winner)} wins" if winner else "a draw"
        return f"The scenario is over: {said} (victory points: {totals})."
    if view.get("blocked"):
        return f"The game cannot go on: {view['blocked']} is not built yet."
    acting = view.get("acting") or []
    role = view["role"]
    names = " and ".join(_empire(view, s) for s in acting)
    asked = view.get("defence")
    if asked:
        attack = (
            f"{_empire(view, asked['attacker'])}'s {asked['endeavour']} against {_place_name(asked['area'])} "
            f"(rating {_signed(int(asked['attack_er']))})"
        )
        if role in acting:
            return f"{attack}: choose {_empire(view, asked['defender'])}'s defence."
        return f"{attack}: waiting for {names} to choose the defence."
    offered = view.get("agreement")
    if offered:
        said = f"An agreement (rewrite 20.0) is proposed by {_empire(view, offered['proposer'])}: {offered['text']}"
        if role in acting:
            return f"{said}: accept or decline."
        return f"{said}: waiting for {names} to answer."
    asked_parley = view.get("parley")
    if asked_parley:
        claim = f"a claim to {_place_name(asked_parley['area'])} for {_empire(view, asked_parley['caller'])}"
        issue = f"issue {asked_parley['index'] + 1} of {len(asked_parley['issues'])}"
        if role in acting:
            return f"A parley (EMP-P03), {issue}: {claim}: vote."
        return f"A parley (EMP-P03), {issue}: {claim}: waiting for {names} to vote."
    if view.get("asylum"):
        exile = _empire(view, view["asylum"]["empire"])
        if role in acting:
            return f"{exile} asks for asylum (33.61): answer; the other seat's answer stays sealed."
        return f"{exile} asks for asylum (33.61): waiting for {names}."
    contests = view.get("contests") or []
    if contests and any(b is None or b == "sealed" for c in contests for b in c["bids"].values()):
        c = contests[0]
        about = f"{_empire(view, c['empire'])}, {c['why']}"
        if role in acting:
            return f"Seal a gold bid (33.46): {about}. The other player's bid stays sealed until both are in."
        return f"Sealed bids (33.46): {about}: waiting for {names}."
    if not acting:
        return "The engine is running the Independent Empires."
    whose = _empire(view, view["current"]) if view.get("current") else None
    if view.get("phase") == "place":
        step = "pick a place in the round"
    elif whose:
        step = f"{whose}'s player-turn"
        ally_of = view["empires"][view["current"]].get("ally_of")
        if ally_of:  # 33.31: an Allied Empire's turn is run by its player
            step += " (your Allied Empire, 33.31)" if ally_of == role else f" (allied to {_empire(view, ally_of)})"
    else:
        step = "a decision"
    if role in acting:
        return f"Your move: {step}."
    return f"Waiting for {names}: {step}."
