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
            if high - low > 500 * step:  # a sanity bound (ruling RR3-GC13), not a rule: fill as if unbounded
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
        # A card this player played and that has since passed to another member (a new character takes the team's
        # unheld cards) stays in the player's own history of plays: that is the player's own, not the holder's.
        mine = players.character_of(game.state, seat)
        items = view["team"]["items"]
        played = {
            i["params"].get("card")
            for i in items["pending"] + items["done"]
            if i.get("params", {}).get("holder") == mine
        }
        others = [c for o in members if o != seat for c in players.own_cards(game.state, o) if c not in played]
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


def test_turn_sequence_a_whole_game_plays_to_its_end_and_replays_exactly() -> None:
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


# --- Issue 19 on game day (RR3-L01..L04 and the points before them): a scripted turn, then the random table ------

CC, MAP, POL, REL, NP = desk.CHARACTER, desk.MAP, desk.POLITICAL, desk.RELIGIOUS, desk.NONPLAYED


def _first(game: Game, kind: str) -> dict[str, Any]:
    return next(i for i in desk.pending(game.state) if i["kind"] == kind)


def _form(game: Game, role: str, kind: str) -> dict[str, Any]:
    """The form of ``kind`` in ``role``'s view (what the page shows)."""
    return next(f for f in game.view(role)["actions"] if f["type"] == kind)


def _choices(form: dict[str, Any]) -> dict[str, Any]:
    return {f["name"]: f.get("choices") for f in form["fields"]}


def _item_form(game: Game, role: str, item: dict[str, Any]) -> dict[str, Any]:
    """The first action the desk's view offers on ``item`` (its next step, or settle), on the item itself."""
    view = game.view(role)
    desks = list(view["desks"].values()) if "desks" in view else [view["desk"]]
    shown = next(i for d in desks for i in d["pending"] if i["id"] == item["id"])
    return next(f for f in shown["actions"] if f["type"] != "dismiss")


def _game_day_turn_one(game: Game) -> None:
    """Turn 1 of seed 35 as a control team would run it, through the forms the views offer. Handbook (seed 004):
    *Death and Succession* (point 1), *The Control Team* (point 3), *The Non-played States* and *Sieges* (point 4),
    *Treaties* (point 5), *Raising an army*, *Prestige*, *After combat*, *Purging Religious dissidents* and
    *Revolts* (point 6), *Movement* (point 7), *Religious debate* and *Election of an emperor* (point 8)."""
    # Point 1: Henry VIII dies in the death rolls with no son; Character Control names Mary the heir.
    game.act(CC, {"type": "settle", "item": _first(game, "death_rolls")["id"], "who": "Cy"})
    succession = _first(game, "succession")
    assert "mary_tudor" in _choices(_item_form(game, CC, succession))["heir"]
    game.act(CC, {"type": "settle", "item": succession["id"], "who": "Cy", "heir": "mary_tudor"})
    assert game.state["states"]["england"]["ruler"] == "mary_tudor"
    # Point 1's editor: a permission set by hand, audited (RR3-L03).
    game.act(CC, {"type": "adjust", "target": "states", "key": "spain", "field": "permits", "value": "milan",
                  "why": "Sforza's consent, given at the table", "who": "Cy"})  # fmt: skip
    assert game.state["adjustments"][-1]["after"] == ["milan"] and game.state["adjustments"][-1]["who"] == "Cy"
    # Point 3: three revenue cards; Mona rolls one, Luca settles the rest of his table; Ada the Mediterranean's.
    for team in ("england", "france", "habsburgs"):
        card = next(c for c in _choices(_form(game, team, "play_card"))["card"] if "_loan_" in c and "italian" not in c)
        game.act(team, {"type": "play_card", "card": card})
    revenue = [i["id"] for i in desk.pending(game.state, MAP) if i["kind"] == "play_card"]
    game.act(MAP, {"type": "settle", "item": revenue[0], "who": "Mona"})
    game.act(MAP, {"type": "settle_table", "table": "west", "who": "Luca"})
    game.act(MAP, {"type": "settle_table", "table": "mediterranean", "who": "Ada"})
    items = game.state["items"]
    assert [items[i]["closed_by"]["who"] for i in revenue] == ["Mona", "Luca", "Ada"]
    assert "prestige" in items[revenue[2]]["outcome"]  # point 6: the Habsburgs lead the prestige chart (RR3-H03)
    # Point 5: England's treaty binds France, which accepts, not Venice, which refuses.
    game.act("england", {"type": "register_treaty", "parties": ["france", "venice"], "terms": "The Treaty of the More"})
    # Point 6: France asks Milan's leave to recruit there; Milan grants it.
    game.act("france", {"type": "ask_recruitment", "state": "france", "area": "milan", "note": "Swiss pikes"})
    for team in ("france", "venice", "milan"):
        [waiting] = _choices(_form(game, team, "answer"))["item"]
        game.act(team, {"type": "answer", "item": waiting, "accept": team != "venice"})
    game.act(POL, {"type": "settle", "item": _first(game, "register_treaty")["id"], "who": "Pia"})
    assert game.state["states"]["france"]["permits"] == ["milan"]
    assert any(t.get("parties") == ["england", "france"] for t in game.state.get("treaties", []))
    while game.state["phase"] != 2:
        game.act("gm", {"type": "resolve"})
    # Point 8: the debate, round by round from the cards each side may play (RR3-L01).
    game.act("lutherans", {"type": "propose_debate", "note": "at Speyer"})
    debate = _first(game, "propose_debate")
    while (step := _item_form(game, REL, debate))["type"] == "step":
        picked = {name: options[0] if name == "issue" else options[-1] for name, options in _choices(step).items()}
        game.act(REL, {"type": "step", "item": debate["id"], "who": "Rhea", **picked})
    assert _choices(step) == {}  # one click once the rounds are in
    game.act(REL, {"type": "settle", "item": debate["id"], "who": "Rhea"})
    assert game.state["debates"][-1]["winner"] is not None
    # Point 8: the election asks the five played electors; Cologne votes as bribed (RR3-L02).
    game.act("habsburgs", {"type": "election", "office": "king_of_the_romans"})
    election = _first(game, "election")
    assert list(_choices(_item_form(game, POL, election))) == [
        "vote_mainz",
        "vote_bohemia",
        "vote_palatinate",
        "vote_saxony",
        "vote_brandenburg",
    ]
    assert _choices(_form(game, "habsburgs", "bribe"))["elector"] == ["cologne", "trier"]
    game.act("habsburgs", {"type": "bribe", "elector": "cologne", "candidate": "ferdinand", "florins": 2,
                           "state": "austria"})  # fmt: skip
    game.act(POL, {"type": "settle", "item": _first(game, "bribe")["id"], "who": "Pia", "accepted": True})
    votes = {f"vote_{e}": "ferdinand" for e in ("mainz", "bohemia", "brandenburg")}
    game.act(POL, {"type": "settle", "item": election["id"], "who": "Pia", **votes})
    assert game.state["king_of_romans"] == "ferdinand"
    # Points 4 and 7: the Sultan makes war on Wallachia; Map Control sees whose card is in, then the cards.
    game.act(NP, {"type": "np_war", "state": "ottomans", "enemy": "wallachia", "why": "tribute withheld", "who": "Nu"})
    game.act(NP, {"type": "np_raise_army", "state": "wallachia", "men": 13_000, "area": "wallachia",
                  "why": "the Sultan's war", "who": "Nu"})  # fmt: skip
    game.act(MAP, {"type": "next_step", "who": "Mona"})
    # RR3-M11: Non-played States Control is prompted on its desk, not listed among the missing cards.
    assert game.view(MAP)["desk"]["intentions"]["nonplayed"] == {"handed_in": False}
    assert "ottomans_1" in game.view(NP)["desk"]["intention"]["armies"]
    path = ["bulgaria", "wallachia"]
    game.act(NP, {"type": "intend", "intentions": [{"army": "ottomans_1", "option": "move", "path": path}]})
    assert game.view(MAP)["desk"]["intentions"]["nonplayed"] == {"handed_in": True}
    game.act(MAP, {"type": "next_step", "who": "Mona"})
    cards = game.view(MAP)["desk"]["intentions"]["closed"]["cards"]
    assert cards["nonplayed_control"][0]["path"] == path and game.state["armies"]["ottomans_1"]["area"] == "wallachia"
    # Point 6 (RR3-H04): the Sultan meets the Wallachian levy; after the dice its loser's retreat is chosen.
    battle = _first(game, "battle")
    game.act(MAP, {"type": "settle", "item": battle["id"], "who": "Mona"})
    retreat = _first(game, "retreat")
    beaten = retreat["params"]["army"]
    form = _form(game, NP, "choose_retreat")
    assert _choices(form)["item"] == [retreat["id"]] and game.state["armies"][beaten]["area"] == "wallachia"
    to = _choices(form)["retreat_to"][-1]  # not the first: the one Map Control would have taken on its line
    game.act(NP, {"type": "choose_retreat", "item": retreat["id"], "retreat_to": to, "who": "Nu"})
    assert game.state["armies"][beaten]["area"] == to
    blockade = _choices(_form(game, NP, "blockade"))
    assert {"giurgiu", "targoviste"} <= set(blockade["city"]) and "ottomans_1" in blockade["army"]
    game.act(NP, {"type": "blockade", "city": "giurgiu", "army": "ottomans_1"})
    siege = _first(game, "blockade")
    assert siege["desk"] == NP
    game.act(NP, {"type": "settle", "item": siege["id"], "who": "Nu"})
    assert game.state["cities"]["giurgiu"]["besieged_by"] == ["ottomans_1"]
    # Point 6 (RR3-H05): purges; Denmark's fails in Jutland, whose minority rises, and the Lutherans fund the rebels
    # through Religious Control, secretly.
    for team, area in (
        ("habsburgs", "granada"),
        ("electors", "bohemia"),
        ("lutherans", "hesse"),
        ("denmark", "jutland"),
    ):
        assert area in _choices(_form(game, team, "purge"))["area"]
        game.act(team, {"type": "purge", "area": area})
        game.act(REL, {"type": "settle", "item": _first(game, "purge")["id"], "who": "Rhea"})
    assert game.state["areas"]["jutland"]["revolt_by"] == "lutheran"
    assert _choices(_form(game, "lutherans", "fund_rebels"))["area"] == ["jutland"]
    before = game.state["states"]["hesse"]["treasury"]
    game.act("lutherans", {"type": "fund_rebels", "state": "hesse", "area": "jutland", "florins": 2})
    funds = _first(game, "fund_rebels")
    assert not funds.get("public")
    game.act(REL, {"type": "settle", "item": funds["id"], "who": "Rhea"})
    assert game.state["areas"]["jutland"]["rebel_funds"] == 2
    assert game.state["states"]["hesse"]["treasury"] == before - 2


def test_turn_sequence_issue_19_on_game_day_then_the_whole_game_replays_exactly() -> None:
    """Issue 19, point 9: a scripted turn exercising points 1 and 3 to 8, then the random table plays the game to
    its end; the record replays to the very same state."""
    rnd = random.Random(19)
    game = new_game("rr3", "1524", {}, seed=35)
    _game_day_turn_one(game)
    refused: list[str] = []
    while not game.state.get("over"):
        for team in TEAMS:
            forms = desk.request_forms(game.state, team, team)
            for form in rnd.sample(forms, k=min(1, len(forms))):
                attempt(game, team, fill(rnd, form), refused)
            if game.state.get("step") in ("move1", "move2") and team in game.state.get("box", {}):
                lines = intentions(rnd, game, team)
                if lines:
                    game.act(team, {"type": "intend", "intentions": lines})
        clear_desks(rnd, game, refused)
        if game.state.get("step") not in (None, "done"):
            game.act("map_control", {"type": "next_step", "who": "umpire"})
        else:
            game.act("gm", {"type": "resolve"})
    assert game.state["over"] and refused
    again = replay(game.record)
    assert canonical_json(again.state) == canonical_json(game.state)
