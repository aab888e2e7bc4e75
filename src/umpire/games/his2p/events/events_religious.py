"""Events whose effect is religious (rule book 18, 21.5, 21.6 and each card's text in umpire's words; seed
"Modified Cards"): the Papal home cards, Here I Stand as an event, and the cards that grant attempts, commit
debaters or feed St. Peter's.

An event names who acts, whoever plays it (rule book 11): "the Protestant makes 5 reformation attempts" gives the
attempts to the Protestant even when the Papacy plays the card. Reformers and debaters sent away for a turn wait in
``state["away"]`` (reformer to space) and come back at the next Card Draw Phase (:func:`return_from_away`).
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core, deck
from umpire.games.his2p.events.events import event, played_this_turn
from umpire.games.his2p.events.events_mandatory import SOCIETY_UNIVERSITIES
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.people import load_people
from umpire.games.his2p.religion import debates, religion, religious_actions
from umpire.kernel import rng

State = dict[str, Any]
Action = dict[str, Any]
Condition = Any

PAPACY = "papacy"
PROTESTANT = "protestant"

PAPAL_BULL, LEIPZIG_DEBATE, HERE_I_STAND = 5, 6, 7
AUGSBURG_CONFESSION, MARBURG_COLLOQUY, AFFAIR_OF_THE_PLACARDS = 39, 41, 44
CALVIN_EXPELLED, CALVINS_INSTITUTES, COPERNICUS, MICHAEL_SERVETUS, MICHELANGELO = 45, 46, 47, 51, 52
JESUIT_EDUCATION, MARY_DEFIES_COUNCIL, DISSOLUTION_OF_THE_MONASTERIES = 55, 61, 63
A_MIGHTY_FORTRESS, ERASMUS, INDULGENCE_VENDOR, KATHERINA_BORA, PRINTING_PRESS = 65, 75, 81, 85, 90

#: The language zone of each reformer, where a debate may follow his excommunication (21.5).
REFORMER_ZONES = {"luther": "german", "zwingli": "german", "calvin": "french", "cranmer": "english"}


# --- small helpers -------------------------------------------------------------------------------------------------


def uncommitted(*debaters: str) -> Condition:
    """A condition: each named debater is in play and uncommitted (the cards' "If X is uncommitted")."""

    def condition(state: State, board: HisMap, power: str) -> str | None:
        for debater in debaters:
            if state["debaters"].get(debater) != "uncommitted":
                return f"{debater.title()} is not an uncommitted debater now"
        return None

    return condition


def commit(state: State, debater: str) -> None:
    state["debaters"][debater] = "committed"
    core.log(state, f"{debater.title()} is committed")


def reformation(state: State, count: int, zone: str, die_plus: int = 0) -> None:
    """The Protestant makes ``count`` reformation attempts (18.3) with ``zone`` as the target zone."""
    core.log(state, f"the Protestant makes {count} reformation attempts ({zone} zone)")
    how = religion.Attempt(religion.REFORMATION, zone, (), die_plus)
    religious_actions.push_attempts(state, PROTESTANT, count, how)


def counter_reformation(state: State, count: int, zone: str) -> None:
    """The Papacy makes ``count`` counter-reformation attempts (18.4) with ``zone`` as the target zone."""
    core.log(state, f"the Papacy makes {count} counter-reformation attempts ({zone} zone)")
    religious_actions.push_attempts(state, PAPACY, count, religion.Attempt(religion.COUNTER_REFORMATION, zone))


def random_card(state: State, power: str, purpose: str) -> int | None:
    """A card drawn at random from ``power``'s hand; home cards are never drawn (6.1). None if none is left."""
    pool = [n for n in state["hands"][power] if not deck.is_home(n)]
    if not pool:
        core.log(state, f"{power} has no card that may be drawn")
        return None
    return int(rng.choice(state, purpose, pool))


def send_away(state: State, reformer: str) -> None:
    """A reformer and his debater leave the map for the rest of the turn (21.5; card #45)."""
    space = state["reformers"].get(reformer)
    if space:
        state.setdefault("away", {})[reformer] = space
        state["reformers"][reformer] = None
    if state["debaters"].get(reformer) in ("uncommitted", "committed"):
        state["debaters"][reformer] = "absent"
        state.setdefault("away_debaters", []).append(reformer)


def return_from_away(state: State, board: HisMap) -> None:
    """At the start of the next turn (8.2) the reformers sent away stand again in their spaces (which do not flip
    on that account) and their debaters are uncommitted."""
    for reformer, space in sorted(state.pop("away", {}).items()):
        if state["reformers"].get(reformer) is None and state["debaters"].get(reformer) not in ("burned", "dead"):
            state["reformers"][reformer] = space
            core.log(state, f"the reformer {reformer.title()} returns to {board.spaces[space].name}")
    for debater in state.pop("away_debaters", []):
        if state["debaters"].get(debater) == "absent":
            state["debaters"][debater] = "uncommitted"


# --- Cards that grant attempts ---------------------------------------------------------------------------------------


@event(PRINTING_PRESS)
def printing_press(state: State, board: HisMap, power: str) -> None:
    """#90 Printing Press: for the rest of the turn each reformation attempt rolls one extra die (18.3 step 3, read by
    the engine from ``events.printing_press``), then the Protestant makes 3 attempts with every zone the target."""
    state["events"]["printing_press"] = True
    core.log(state, "Printing Press: +1 die to reformation attempts for the rest of the turn")
    reformation(state, 3, religion.ANY_ZONE)


@event(AUGSBURG_CONFESSION, uncommitted("melanchthon"))
def augsburg_confession(state: State, board: HisMap, power: str) -> None:
    """#39 Augsburg Confession: with Melanchthon uncommitted, for the rest of the turn each Papal die in
    counter-reformation attempts counts 1 less and a Papal debate attacker rolls one die fewer (18.4, 18.5, read
    from ``events.augsburg_confession``); Melanchthon is committed."""
    state["events"]["augsburg_confession"] = True
    core.log(state, "Augsburg Confession: -1 to Papal counter-reformation dice and one die fewer in debates")
    commit(state, "melanchthon")


def _marburg_condition(state: State, board: HisMap, power: str) -> str | None:
    if not _marburg_pairs(state):
        return "it needs Luther or Melanchthon and Zwingli or Oekolampadius uncommitted"
    return None


def _marburg_pairs(state: State) -> list[Action]:
    german = [d for d in ("luther", "melanchthon") if state["debaters"].get(d) == "uncommitted"]
    swiss = [d for d in ("zwingli", "oekolampadius") if state["debaters"].get(d) == "uncommitted"]
    return [{"type": "marburg", "german": g, "swiss": s} for g in german for s in swiss]


@event(MARBURG_COLLOQUY, _marburg_condition)
def marburg_colloquy(state: State, board: HisMap, power: str) -> None:
    """#41 Marburg Colloquy: the Protestant commits one of Luther and Melanchthon and one of Zwingli and
    Oekolampadius (his choice), then makes as many reformation attempts as their two values, every zone the
    target."""
    state["stack"].append({"kind": "marburg", "role": PROTESTANT})


def _on_marburg(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    people = load_people().debaters
    commit(state, action["german"])
    commit(state, action["swiss"])
    reformation(state, people[action["german"]].value + people[action["swiss"]].value, religion.ANY_ZONE)


core.decision_kind("marburg", lambda state, board, role, decision: _marburg_pairs(state), _on_marburg)


@event(AFFAIR_OF_THE_PLACARDS, uncommitted("cop"))
def affair_of_the_placards(state: State, board: HisMap, power: str) -> None:
    """#44 Affair of the Placards: with Cop uncommitted, 4 reformation attempts in the French zone; Cop is
    committed."""
    commit(state, "cop")
    reformation(state, 4, "french")


@event(CALVINS_INSTITUTES, uncommitted("calvin"))
def calvins_institutes(state: State, board: HisMap, power: str) -> None:
    """#46 Calvin's Institutes: with Calvin uncommitted, 5 reformation attempts in the French zone, each Protestant
    die +1 against a French-speaking space (18.3 step 4); Calvin is committed."""
    commit(state, "calvin")
    reformation(state, 5, "french", die_plus=1)


@event(A_MIGHTY_FORTRESS, uncommitted("luther"))
def a_mighty_fortress(state: State, board: HisMap, power: str) -> None:
    """#65 A Mighty Fortress: with Luther uncommitted, 6 reformation attempts in the German zone; Luther is
    committed."""
    commit(state, "luther")
    reformation(state, 6, "german")


@event(KATHERINA_BORA, uncommitted("luther"))
def katherina_bora(state: State, board: HisMap, power: str) -> None:
    """#85 Katherina Bora: with Luther uncommitted, 5 reformation attempts with every zone the target; Luther is
    committed."""
    commit(state, "luther")
    reformation(state, 5, religion.ANY_ZONE)


@event(ERASMUS)
def erasmus(state: State, board: HisMap, power: str) -> None:
    """#75 Erasmus (18.4 lists its 4 attempts): on turns 1 and 2 the Protestant makes 4 reformation attempts, from
    turn 3 the Papacy 4 counter-reformation attempts, every zone the target either way."""
    if state["turn"] <= 2:
        reformation(state, 4, religion.ANY_ZONE)
    else:
        counter_reformation(state, 4, religion.ANY_ZONE)


@event(MARY_DEFIES_COUNCIL)
def mary_defies_council(state: State, board: HisMap, power: str) -> None:
    """#61 Mary Defies Council (18.4 lists its 3 attempts): the Papacy makes 3 counter-reformation attempts in the
    English zone."""
    counter_reformation(state, 3, "english")


@event(DISSOLUTION_OF_THE_MONASTERIES)
def dissolution_of_the_monasteries(state: State, board: HisMap, power: str) -> None:
    """#63 Dissolution of the Monasteries as the seed modifies it ("Modified Cards"): the Protestant draws a card at
    random from the Papal hand (never a home card, 6.1) and discards it (a mandatory event so drawn does not
    happen), then makes 3 reformation attempts in the English zone; the card leaves the game."""
    drawn = random_card(state, PAPACY, "Dissolution of the Monasteries: a card from the Papal hand")
    if drawn is not None:
        deck.discard_from_hand(state, PAPACY, drawn)
        core.log(state, f"Dissolution of the Monasteries: the Papacy discards {deck.name_of(drawn)}")
    reformation(state, 3, "english")


# --- Cards for the Papacy ------------------------------------------------------------------------------------------


@event(MICHELANGELO)
def michelangelo(state: State, board: HisMap, power: str) -> None:
    """#52 Michelangelo: the Papacy rolls two dice and adds their total in CP to St. Peter's (18.1)."""
    faces = rng.roll_many(state, "Michelangelo: CP for St. Peter's", 2)
    core.log(state, f"Michelangelo: {sum(faces)} CP to St. Peter's")
    religious_actions.add_st_peters_cp(state, sum(faces))


def _papacy_only(state: State, board: HisMap, power: str) -> str | None:
    return None if power == PAPACY else "only the Papacy may play it (it draws from the Protestant's hand)"


@event(INDULGENCE_VENDOR, _papacy_only)
def indulgence_vendor(state: State, board: HisMap, power: str) -> None:
    """#81 Indulgence Vendor: the Papacy draws a card at random from the Protestant hand (never a home card, 6.1),
    adds its CP to St. Peter's and discards it. Only the Papacy may play it (HIS-V08)."""
    drawn = random_card(state, PROTESTANT, "Indulgence Vendor: a card from the Protestant hand")
    if drawn is None:
        return
    deck.discard_from_hand(state, PROTESTANT, drawn)
    core.log(state, f"Indulgence Vendor: the Protestant loses {deck.name_of(drawn)}, {deck.cp_of(drawn)} CP")
    religious_actions.add_st_peters_cp(state, deck.cp_of(drawn))


@event(MICHAEL_SERVETUS, _papacy_only)
def michael_servetus(state: State, board: HisMap, power: str) -> None:
    """#51 Michael Servetus: 1 bonus VP to the player (23.3 lists it) and a card discarded at random from the
    Protestant hand (never a home card, 6.1). In the two-player game only the Papacy may play it (HIS-V08)."""
    state["bonus_vp"][power] += 1
    core.log(state, f"Michael Servetus: 1 VP to the {power}")
    drawn = random_card(state, PROTESTANT, "Michael Servetus: the Protestant discards at random")
    if drawn is not None:
        deck.discard_from_hand(state, PROTESTANT, drawn)
        core.log(state, f"Michael Servetus: the Protestant discards {deck.name_of(drawn)}")


def _society_formed(state: State, board: HisMap, power: str) -> str | None:
    return None if state["events"].get("society_of_jesus") else "the Society of Jesus has not been founded"


@event(JESUIT_EDUCATION, _society_formed)
def jesuit_education(state: State, board: HisMap, power: str) -> None:
    """#55 Jesuit Education: once the Society of Jesus exists, the Papacy places 2 Jesuit universities in Catholic
    spaces of its choice (the ``jesuit`` decision of card #15)."""
    core.log(state, "Jesuit Education: the Papacy places 2 Jesuit universities")
    state["stack"].append({"kind": "jesuit", "role": PAPACY, "left": SOCIETY_UNIVERSITIES})


def _home_share(state: State, board: HisMap, power: str) -> bool:
    homes = board.home_spaces(power)
    protestant = sum(1 for s in homes if b.religion(state, board, s) == b.PROTESTANT)
    return bool(homes) and 2 * protestant >= len(homes)


@event(COPERNICUS)
def copernicus(state: State, board: HisMap, power: str) -> None:
    """#47 Copernicus: 2 VP to the player if half or more of its home spaces are Protestant; else 1 VP and the
    player either draws a card or makes the Protestant discard one at random (a decision)."""
    if _home_share(state, board, power):
        state["bonus_vp"][power] += 2
        core.log(state, f"Copernicus: 2 VP to the {power}")
        return
    state["bonus_vp"][power] += 1
    core.log(state, f"Copernicus: 1 VP to the {power}")
    state["stack"].append({"kind": "copernicus", "role": power})


def _on_copernicus(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    if action["type"] == "draw":
        deck.draw_cards(state, role, 1)
        return
    drawn = random_card(state, PROTESTANT, "Copernicus: the Protestant discards at random")
    if drawn is not None:
        deck.discard_from_hand(state, PROTESTANT, drawn)
        core.log(state, f"Copernicus: the Protestant discards {deck.name_of(drawn)}")


def _copernicus_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "draw"}, {"type": "protestant_discards"}]


core.decision_kind("copernicus", _copernicus_legal, _on_copernicus)


@event(CALVIN_EXPELLED)
def calvin_expelled(state: State, board: HisMap, power: str) -> None:
    """#45 Calvin Expelled: the Calvin reformer and debater leave the map for the rest of the turn and come back at
    the start of the next (the reformer to Geneva)."""
    send_away(state, "calvin")
    core.log(state, "Calvin is expelled from Geneva for the rest of the turn")


# --- The Papal home cards and Here I Stand -------------------------------------------------------------------------


def _bull_targets(state: State) -> list[str]:
    excommunicated = state.get("excommunicated", [])
    return [r for r, space in sorted(state["reformers"].items()) if space and r not in excommunicated]


def _bull_condition(state: State, board: HisMap, power: str) -> str | None:
    if power != PAPACY:
        return "it is the Papacy's home card"
    if not _bull_targets(state):
        return "no reformer on the map may be excommunicated (a person only once a game, 21.5)"
    return None


@event(PAPAL_BULL, _bull_condition)
def papal_bull(state: State, board: HisMap, power: str) -> None:
    """#5 Papal Bull in the Action Phase (21.5; seed 9 and "Modified Cards": a ruler only in the Diplomacy Phase):
    the Papacy excommunicates a reformer on the map; he and his debater leave it for the rest of the turn, and the
    Papacy may call a debate in his language zone at once, for no CP."""
    state["stack"].append({"kind": "papal_bull", "role": PAPACY})


def _bull_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    if "zone" in decision:
        people = load_people().debaters
        debate = religion.debate_callable(state, people, "papal", decision["zone"]) is None
        return [*([{"type": "call_debate", "zone": decision["zone"]}] if debate else []), {"type": "skip"}]
    return [{"type": "excommunicate", "reformer": r} for r in _bull_targets(state)]


def _on_bull(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    if action["type"] == "excommunicate":
        reformer = action["reformer"]
        state.setdefault("excommunicated", []).append(reformer)
        send_away(state, reformer)
        core.log(state, f"Papal Bull: the Papacy excommunicates {reformer.title()}, who leaves the map this turn")
        decision["zone"] = REFORMER_ZONES[reformer]
        return
    state["stack"].pop()
    if action["type"] == "call_debate":
        debates.start_debate(state, PAPACY, action["zone"])


core.decision_kind("papal_bull", _bull_legal, _on_bull)


def _leipzig_condition(state: State, board: HisMap, power: str) -> str | None:
    if power != PAPACY:
        return "it is the Papacy's home card"
    people = load_people().debaters
    if not any(religion.debate_callable(state, people, "papal", z) is None for z in religion.DEBATE_ZONES):
        return "no debate may be called in any zone now"
    return None


@event(LEIPZIG_DEBATE, _leipzig_condition)
def leipzig_debate(state: State, board: HisMap, power: str) -> None:
    """#6 Leipzig Debate (18.5 step 4): the Papacy calls a debate for no CP and either names its own attacking
    debater or names one Protestant debater who may not take part in it (HIS-V09)."""
    state["stack"].append({"kind": "leipzig", "role": PAPACY})


def _leipzig_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    people = load_people().debaters
    if "attacker" in decision:
        return [{"type": "defender", "pool": p} for p in decision["pools"]]
    actions: list[Action] = []
    for zone in religion.DEBATE_ZONES:
        if religion.debate_callable(state, people, "papal", zone) is not None:
            continue
        for d in religion.debater_pool(state, people, "papal", zone, "uncommitted"):
            actions.append({"type": "leipzig", "zone": zone, "attacker": d})
        for status in ("uncommitted", "committed"):
            for d in religion.debater_pool(state, people, PROTESTANT, zone, status):
                actions.append({"type": "leipzig", "zone": zone, "bar": d})
    return actions


def _on_leipzig(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    people = load_people().debaters
    if action["type"] == "defender":
        barred = decision.get("bar")
        before = state["debaters"].get(barred) if barred else None
        if barred:
            state["debaters"][barred] = "absent"
        debates.on_defender(state, board, role, decision, action)
        if barred and state["debaters"][barred] == "absent":
            state["debaters"][barred] = before
        return
    zone = action["zone"]
    barred = action.get("bar")
    if "attacker" in action:
        attacker = action["attacker"]
    else:
        pool = religion.debater_pool(state, people, "papal", zone, "uncommitted")
        attacker = rng.choice(state, f"debate in the {zone} zone: papal debater", pool)
    pools = [
        p
        for p in ("uncommitted", "committed")
        if [d for d in religion.debater_pool(state, people, PROTESTANT, zone, p) if d != barred]
    ]
    core.log(
        state,
        f"Leipzig Debate in the {zone} zone: {people[attacker].name} attacks"
        + (f"; {people[barred].name} may not take part" if barred else ""),
    )
    if not pools:
        state["stack"].pop()
        core.log(state, "no debater is left to defend: the debate does not take place")
        return
    decision.update({"zone": zone, "attacker": attacker, "side": "papal", "pools": pools, "bar": barred})


core.decision_kind("leipzig", _leipzig_legal, _on_leipzig)


def _luther_alive(state: State) -> bool:
    return state["debaters"].get("luther") not in ("burned", "dead")


def _retrievable(state: State) -> list[int]:
    """Cards Here I Stand may take back (6.2): any in the discard pile but a mandatory event or a card the
    Protestant played as an event this turn."""
    own = played_this_turn(state, PROTESTANT)
    return sorted(n for n in set(state["discard"]) if not deck.is_mandatory(n) and n not in own)


def _here_i_stand_condition(state: State, board: HisMap, power: str) -> str | None:
    if power != PROTESTANT:
        return "it is the Protestant's home card"
    if not _luther_alive(state):
        return "Luther is no longer alive"
    if not _retrievable(state):
        return "the discard pile holds no card it may take back"
    return None


@event(HERE_I_STAND, _here_i_stand_condition)
def here_i_stand(state: State, board: HisMap, power: str) -> None:
    """#7 Here I Stand as an event in the impulse (6.2): with Luther alive, the Protestant takes any card from the
    discard pile (not a mandatory event, not one he played this turn) and plays it at once or keeps it. Its other
    use, Luther stepping into a German debate, is a response played in the debate's window (``responses``, HIS-P06)."""
    state["stack"].append({"kind": "here_i_stand", "role": PROTESTANT})


def _his_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    if "card" in decision:
        card = decision["card"]
        impulse = core.legal_of("impulse")(state, board, role, decision)  # as the impulse would offer it (engine)
        plays = [a for a in impulse if a.get("card") == card and a["type"] == "play"]
        return [*plays, {"type": "hold"}]
    return [{"type": "retrieve", "card": n} for n in _retrievable(state)]


def _on_his(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    if action["type"] == "retrieve":
        card = action["card"]
        state["discard"].remove(card)
        state["hands"][PROTESTANT].append(card)
        state["hands"][PROTESTANT].sort()
        decision["card"] = card
        core.log(state, f"Here I Stand: the Protestant takes {deck.name_of(card)} from the discard pile")
        return
    if action["type"] == "hold":
        state["stack"].pop()
        return
    core.handler_of("impulse")(state, board, role, decision, action)


core.decision_kind("here_i_stand", _his_legal, _on_his)
