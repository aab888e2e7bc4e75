"""A whole game of the megagame, 6 turns of 6 phases, played by a scripted table: teams fill in the forms their
views offer with random values (many are refused, as a hurried player's would be), write random legal intention
cards, and the umpires settle everything on their desks. Every refusal must be a precise IllegalAction (never
another exception), every view plain JSON, and the action log must replay to the very same state."""

from __future__ import annotations

import random
from typing import Any

from umpire.games.rr3 import campaigns, desk, players
from umpire.kernel.canonical import canonical_json, check_plain
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game, new_game, replay

TEAMS = desk.TEAMS
CONTROL = desk.CONTROL_SEATS


def fill(rnd: random.Random, form: dict[str, Any]) -> dict[str, Any]:
    """An action from a form template, its fields filled at random within what the form offers."""
    action = {k: v for k, v in form.items() if k not in ("label", "fields", "desk")}
    for field in form.get("fields", []):
        if not field.get("required") and rnd.random() < 0.5:
            continue
        kind, choices = field["kind"], field.get("choices") or []
        if kind == "choice":
            if not choices:
                continue
            action[field["name"]] = rnd.choice(choices)
        elif kind == "multi":
            action[field["name"]] = rnd.sample(choices, k=min(len(choices), rnd.randint(1, 2)))
        elif kind == "int":
            low = field.get("min", 0)
            high = field.get("max", low + 10)
            step = 1_000 if low >= 1_000 else 1
            if high - low > 500 * step:  # a sanity bound (ruling GC13), not a rule: fill as if unbounded
                high = low + 10
            action[field["name"]] = rnd.randrange(low, max(high, low + step * 10) + 1, step)
        elif kind == "bool":
            action[field["name"]] = rnd.random() < 0.5
        else:
            action[field["name"]] = rnd.choice(["1", "yes", "an umpire's ruling"])
    return action


def attempt(game: Game, role: str, action: dict[str, Any], refused: list[str]) -> bool:
    try:
        game.act(role, action)
    except IllegalAction as why:
        assert str(why), f"{action['type']}: a refusal without a message"
        refused.append(action["type"])
        return False
    return True


def intentions(rnd: random.Random, game: Game, team: str) -> list[dict[str, Any]]:
    geo = desk.geography(game.state)
    lines = []
    for army_id, army in sorted(game.state["armies"].items()):
        if army.get("team") != team or not campaigns.can_move(game.state, army):
            continue
        options = campaigns.legal_moves(geo, game.state, army_id)
        if options and rnd.random() < 0.7:
            move = rnd.choice(options)
            lines.append({"army": army_id, "option": "move", "path": list(move.path), "engage": rnd.random() < 0.3})
        else:
            lines.append({"army": army_id, "option": "stay"})
    return lines


def clear_desks(rnd: random.Random, game: Game, refused: list[str]) -> None:
    """Each umpire settles what is pending on the desk (filling any fields at random), dismissing what cannot be.
    An item settled into a new one again and again (an election with no majority opens a new ballot) is dismissed
    after a few rounds, as Political Control would "move the discussions on"."""
    rounds: dict[str, int] = {}
    for _ in range(80):
        pending = [(role, item) for role in CONTROL for item in desk.pending(game.state, role)]
        if not pending:
            return
        role, item = pending[0]
        settle, dismiss = desk.settle_forms(game.state, item)  # the one-click actions the desk's view shows
        rounds[item["kind"]] = rounds.get(item["kind"], 0) + 1
        if rounds[item["kind"]] <= 12:
            for _try in range(3):
                if attempt(game, role, {**fill(rnd, settle), "who": "umpire"}, refused):
                    break
            else:
                game.act(role, {**fill(rnd, dismiss), "why": "cannot be settled as asked", "who": "umpire"})
        else:
            game.act(role, {**fill(rnd, dismiss), "why": "the discussion moves on", "who": "umpire"})
    raise AssertionError("the desks never emptied")


# --- players inside teams (issue 19, point 2; RR3-K01, K03, K04) ----------------------------------------------------

ELECTORS = ("electors",)
"""The team whose players act from their own seats in the scripted game (the five Electors: five players)."""


def players_play(rnd: random.Random, game: Game, refused: list[str]) -> None:
    """Each Elector's player plays one of the cards its own form offers, and tries another member's card, which must
    be refused as not its holder's; no player's view holds another member's cards."""
    members = [s for s in players.seats(game.state) if players.team_of(game.state, s) in ELECTORS]
    for seat in members:
        view = game.view(seat)
        others = [c for o in members if o != seat for c in players.own_cards(game.state, o)]
        text = canonical_json(view)
        assert not any(f'"{c}"' in text for c in others), f"{seat} sees another Elector's card"
        forms = [f for f in view["actions"] if f["type"] == "play_card"]
        for form in forms[:1]:
            attempt(game, seat, fill(rnd, form), refused)
        unplayed = [c for c in others if not game.state["cards"][c].get("played")]
        if unplayed:
            try:
                game.act(seat, {"type": "play_card", "card": rnd.choice(unplayed)})
            except IllegalAction as why:
                assert "only by its holder" in str(why), why
            else:
                raise AssertionError(f"{seat} played another member's card")


def play(seed: int) -> tuple[Game, list[str]]:
    rnd = random.Random(seed)
    game = new_game("rr3", "1524", {}, seed=seed)
    refused: list[str] = []
    while not game.state.get("over"):
        for team in TEAMS:
            forms = desk.request_forms(game.state, team, team)  # the request forms of the team's view
            for form in rnd.sample(forms, k=min(1, len(forms))):
                attempt(game, team, fill(rnd, form), refused)
            if game.state.get("step") in ("move1", "move2") and team in game.state.get("box", {}):
                lines = intentions(rnd, game, team)
                if lines:
                    game.act(team, {"type": "intend", "intentions": lines})
        if game.state.get("phase") == 1:
            players_play(rnd, game, refused)
        clear_desks(rnd, game, refused)
        if game.state.get("step") not in (None, "done"):
            game.act("map_control", {"type": "next_step", "who": "umpire"})
        else:
            for role in (*TEAMS[:2], "map_control", "gm", "observer"):
                check_plain(game.view(role))
            game.act("gm", {"type": "resolve"})
    return game, refused


def test_a_whole_game_plays_to_its_end_and_replays_exactly() -> None:
    game, refused = play(seed=1524)
    assert (game.state["turn"], game.state["phase"]) == (6, 6) and game.state["over"]
    settled = [i for i in game.state["items"].values() if i["status"] == desk.SETTLED]
    kinds = {i["kind"] for i in settled}
    # The table did real business: revenue, armies, the character desk's death rolls, among others.
    assert {"play_card", "raise_army", "death_rolls"} <= kinds, kinds
    assert any(i["dice"] for i in settled)
    assert refused, "random forms should meet refusals; the test would prove nothing about them"
    # players inside teams: the Electors' players made card plays of their own, kept on the items (RR3-K01)
    assert any(i.get("player") in players.seats(game.state) for i in settled if i["kind"] == "play_card")
    again = replay(game.record)
    assert canonical_json(again.state) == canonical_json(game.state)
