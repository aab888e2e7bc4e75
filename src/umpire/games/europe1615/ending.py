"""Europe 1615: the scoring phase and the end of the game -- the year's scores and round winner, the end by
victory, draw or the set last year, and the end by agreement of every remaining power (ruling E1615-G03).

Seed sections: "SCORING PHASE" (the scores themselves are ``scoring.score_round``), "VICTORY CONDITIONS" ("Victory
by agreement"), "CONDITIONS TO FORCE AN AUTOMATIC DRAW" (``scoring.game_end``), "ELIMINATION AND EFFECTS OF" (an
eliminated power's INFs leave after the scoring).
"""

from __future__ import annotations

from typing import Any

from umpire.games.europe1615 import influence, scoring
from umpire.games.europe1615.board import State, alive, game_map, minor_table, owned_centres
from umpire.games.europe1615.mapdata import OTTOMAN, center_values, islamic_centers
from umpire.kernel.errors import IllegalAction


def score_year(state: State) -> None:
    """Seed, "Scoring Phase": score_round, the round's winner, the end of the game; then the year's INFs
    lapse and the INFs of eliminated powers are removed."""
    # ruling E1615-R13
    gm = game_map()
    values = center_values(gm)
    table = minor_table(state)
    ms = []
    for mid, m in table.items():
        if m.dormant and mid not in state["pliant"]:
            continue
        st = state["status"].get(mid, {})
        ms.append(
            scoring.MinorScoring(
                id=mid,
                independent=mid in state["pliant"],
                dominion=tuple(owned_centres(state, mid)),
                aligned_to=st.get("power") if st.get("kind") == "ALIGNED" else None,
                marker=state["markers"].get(mid, {}).get("confession"),
                ottoman=mid == OTTOMAN,
            )
        )
    scores = scoring.score_round(
        gm.powers,
        held={p: owned_centres(state, p) for p in gm.powers},
        homes={p: gm.homes[p] for p in gm.powers},
        values=values,
        minors=ms,
        eliminated=state["eliminated"],
    )
    totals = {p: s.total for p, s in scores.items()}
    winner = scoring.round_winner({p: t for p, t in totals.items() if p not in state["eliminated"]})
    if winner is not None:
        state["rounds_won"][winner] += 1
    state["scores"] = totals
    rome = state["owner"].get("ROM")
    end = scoring.game_end(
        alive=alive(state),
        rounds_won=state["rounds_won"],
        rome_owner=rome if rome in gm.powers or rome == OTTOMAN else None,
        ottoman_centres=owned_centres(state, OTTOMAN),
        islamic_centres=islamic_centers(gm),
    )
    for p in state["eliminated"]:
        state["inf"] = {m: row for m, row in influence.remove_power(state["inf"], p).items() if row}
        state["suspended"] = influence.remove_power(state["suspended"], p)
    state["history"].append(
        {
            "phase": f"W{state['year']}S",
            "public": {
                "kind": "scoring",
                "scores": {p: {"total": s.total, "lines": list(s.lines)} for p, s in scores.items()},
                "round_winner": winner,
                "rounds_won": dict(state["rounds_won"]),
            },
            "gm": {},
        }
    )
    if end is not None:
        state["over"] = True
        state["result"] = {"kind": end.kind, "powers": list(end.powers), "reason": end.reason}
    elif state["options"]["end_year"] is not None and state["year"] >= state["options"]["end_year"]:
        state["over"] = True
        state["result"] = {
            "kind": "stopped",
            "powers": sorted(alive(state)),
            "reason": f"the game was set to stop after {state['year']}",
            "rounds_won": dict(state["rounds_won"]),
        }


def agreement_result(state: State) -> dict[str, Any]:
    """Seed, "VICTORY CONDITIONS", "Victory by agreement": the GM's call, automated (ruling E1615-G03): the remaining
    power with most rounds won wins; a tie on rounds is broken by the accumulated score (the sum of the power's
    round totals over every scoring phase); a tie on both is a draw among the tied powers."""
    remaining = sorted(alive(state))
    accumulated = accumulated_scores(state)
    best_rounds = max(state["rounds_won"].get(p, 0) for p in remaining)
    top = [p for p in remaining if state["rounds_won"].get(p, 0) == best_rounds]
    best_score = max(accumulated.get(p, 0) for p in top)
    top = [p for p in top if accumulated.get(p, 0) == best_score]
    return {
        "kind": "victory" if len(top) == 1 else "draw",
        "powers": top,
        "reason": "the remaining powers agreed to stop the game: most rounds won, then accumulated score",
        "rounds_won": dict(state["rounds_won"]),
        "accumulated": accumulated,
    }


def accumulated_scores(state: State) -> dict[str, int]:
    """Each power's round totals summed over the scoring phases in ``history``."""
    out: dict[str, int] = {}
    for h in state["history"]:
        if h["public"].get("kind") == "scoring":
            for p, sc in h["public"]["scores"].items():
                out[p] = out.get(p, 0) + sc["total"]
    return out


def propose_end(state: State, role: str, action: dict[str, Any]) -> None:
    """Seed, "Victory by agreement": ``{"type": "propose_end", "agree": true}`` records a seat's agreement to
    stop the game (``false`` withdraws it); the votes are public; the game ends when every remaining power
    agrees (ruling E1615-G03)."""
    if role not in game_map().powers:
        raise IllegalAction(f"{role} cannot vote to end the game: only a seat may")
    if state["over"]:
        raise IllegalAction("the game is over")
    if role in state["eliminated"]:
        raise IllegalAction(f"{role} is no longer in the game")
    agree = action.get("agree", True)
    if not isinstance(agree, bool):
        raise IllegalAction(f"'agree' must be true or false, not {agree!r}")
    votes = set(state.get("end_votes", []))
    if agree:
        votes.add(role)
    else:
        votes.discard(role)
    state["end_votes"] = sorted(votes)
    check_agreement(state)


def check_agreement(state: State) -> None:
    """End the game when every remaining power (not eliminated, not abandoned) has agreed to stop it."""
    if state["over"]:
        return
    voters = [p for p in alive(state) if p not in state.get("abandoned", [])]
    votes = set(state.get("end_votes", []))
    if not voters or not votes.issuperset(voters):
        return
    state["over"] = True
    state["result"] = agreement_result(state)
    state.pop("box", None)
    state["history"].append(
        {"phase": state["phase"], "public": {"kind": "agreement", "result": state["result"]}, "gm": {}}
    )
