"""Europe 1615: the late-winter sanction choice and the sanctions coming into effect -- each power's choice (or
the default pick when it owed one), the selection, then what each new sanction sets up: one-time uses, the
embargoes' and the reservation's pending choice of states, the satellite states drawn, the Stronghold picks.

Seed sections: "Table of sanctions" (its introduction: choosing and supporting sanctions; "Elimination from
lists"; "Satellite state"; "Stronghold"; the "Embargoes"; "Ecclesiastical reservation").  The selection itself is
``sanctions.select_sanctions``; rulings E2-xx and E1615-C24 in docs/rulings/europe1615.md.
"""

from __future__ import annotations

from collections.abc import Mapping

from umpire.games.europe1615 import sanctions
from umpire.games.europe1615.board import State, game_map, minor_table
from umpire.games.europe1615.directives import check_directives, fortify, settle_choices
from umpire.games.europe1615.duties import sanction_duty
from umpire.games.europe1615.mapdata import power_confession
from umpire.games.europe1615.parsing import parse_simple
from umpire.games.europe1615.sanction_effects import (
    EMBARGOES,
    ONE_TIME,
    RESERVATION,
    STRONGHOLD_PICKS,
    sanction_context,
)
from umpire.games.europe1615.submission import split_directives


def choose_sanctions(state: State, texts: Mapping[str, str]) -> None:
    """Select the sanctions that come into effect from the late-winter submissions and set them up."""
    # ruling E1615-R15
    chosen: dict[str, sanctions.SanctionSubmission] = {}
    ctx = sanction_context(state)
    defaults: dict[str, str] = {}
    for p, text in sorted(texts.items()):
        sub = parse_simple(state, p, text)
        if sub.sanction is not None:
            chosen[p] = sanctions.SanctionSubmission(sub.sanction.sanction, sub.sanction.support)
        if sanction_duty(state, p, sub, 0):
            # the duty unmet at resolution: the pick stands in for the missing choice (ruling E1615-C24)
            hand = state["sanctions"]["lists"].get(p, [])
            pick = sanctions.default_pick(p, hand, lambda c: sanctions.available(c, ctx))
            if pick is not None:
                chosen[p] = sanctions.SanctionSubmission(pick)
                defaults[p] = pick
    try:
        sel = sanctions.select_sanctions(
            chosen, state["sanctions"]["lists"], playable=lambda s: sanctions.available(s, ctx)
        )
    except ValueError as exc:
        state["history"][-1]["gm"]["sanction_error"] = str(exc)
        return
    notes: list[str] = []
    for sid in sel.in_effect:
        state["sanctions"]["active"].setdefault(sid, None)
        state["inf"] = sanctions.purge_on_effect(sid, state["inf"])
        holders = sorted(p for p, c in chosen.items() if c.sanction == sid)
        if sid in ONE_TIME and holders:
            uses = state["sanctions"].setdefault("uses", {})
            uses[sid] = sorted(set(uses.get(sid, [])) | set(holders))
        if sid in EMBARGOES or sid == RESERVATION:
            choosers = holders
            if sid == RESERVATION:
                choosers = [p for p in holders if power_confession(game_map(), p) == "catholic"] or holders
            if choosers:
                state["sanctions"].setdefault("pending", {})[sid] = choosers
        if sid == "SATELLITE_STATE" and holders:
            table = minor_table(state)
            candidates = [
                m
                for m in state["pliant"]
                if table[m].centers and any(u["nation"] == m for u in state["units"].values())
            ]
            try:
                drawn = sanctions.draw_satellite_states(state, holders, candidates)
            except ValueError as exc:
                notes.append(f"SATELLITE_STATE: {exc}")
            else:
                state["sanctions"]["active"][sid] = drawn
                notes.extend(f"SATELLITE_STATE: {m} is {p}'s satellite" for p, m in sorted(drawn.items()))
        if sid in STRONGHOLD_PICKS:
            picks = state["sanctions"].setdefault("picks", {})
            for p in holders:
                picks[p] = picks.get(p, 0) + STRONGHOLD_PICKS[sid]
                lines = split_directives(texts.get(p, ""))[1]
                for d in check_directives(state, p, lines, "A")[0]:
                    notes.extend(fortify(state, p, d.args))
    if state["sanctions"].get("pending"):
        notes.extend(settle_choices(state, texts, "A"))
    state["inf"] = {m: row for m, row in state["inf"].items() if row}
    state["sanctions"]["lists"] = {p: list(v) for p, v in sel.lists.items()}
    entry = {"year": state["year"], "in_effect": list(sel.in_effect), "notes": list(sel.notes)}
    state["sanctions"]["history"].append(entry)
    state["history"][-1]["public"]["sanctions"] = {"in_effect": list(sel.in_effect)}
    if notes:
        state["history"][-1]["public"]["sanction_effects"] = notes
    state["history"][-1]["gm"]["sanction_choices"] = {p: s.sanction for p, s in chosen.items()}
    if defaults:
        state["history"][-1]["gm"]["sanction_defaults"] = defaults
