"""Here I Stand, two-player variant (seeds 000 English, 001 Italian) as a ruleset: set-up, seats, views, actions.

This module only dispatches: the set-up data and its two-player changes are in ``scenario.py``, the sequence of
play in ``engine.py`` (on the decision core, ``core.py``), the religious struggle in ``religion.py``, decks and
hands in ``deck.py``, victory in ``victory.py`` and what each role may see in ``views.py``. Actions are the legal
actions the view lists (``{"type": "target", "space": "mainz"}``, ``{"type": "play", "card": 24, "as": "cp"}``,
``{"type": "pass"}``…).

What is not built yet stops the game with a clear message (``state["blocked"]``) rather than guessing; see
docs/status.md.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board, core, deck, engine, position, views
from umpire.games.his2p.diplomacy import diplomacy, diplomatic_events, invasions, minor_powers
from umpire.games.his2p.events import (
    events_hands,
    events_influence,
    events_last,
    events_mandatory,
    events_military,
    events_religious,
    events_sack,
    events_siege,
    events_spring,
    responses,
)
from umpire.games.his2p.people import load_people
from umpire.games.his2p.religion import debates, religious_actions
from umpire.games.his2p.scenario import two_player_setup
from umpire.games.his2p.war import assaults, land_war, military, move_on, naval_war, windows
from umpire.games.his2p.winter import winter_choices, winter_groups, wintering
from umpire.kernel.errors import IllegalAction
from umpire.kernel.journal import AppendOnly
from umpire.kernel.limits import ActionLimits
from umpire.kernel.registry import register
from umpire.kernel.ruleset import GM, Option, Ruleset, RulesetInfo, Scenario

State = dict[str, Any]

#: The modules that register decision kinds and continuations (``core.py``), card events (``events.py``) or
#: Diplomatic cards' events (``diplomatic_cards.py``) as they are imported: this entry point imports them all, so a game
#: never meets a kind, a continuation or an event not yet registered (issue 27 point 2).
REGISTERING = (
    assaults,
    debates,
    diplomacy,
    diplomatic_events,
    engine,
    events_hands,
    events_influence,
    events_last,
    events_mandatory,
    events_military,
    events_religious,
    events_sack,
    events_siege,
    events_spring,
    invasions,
    land_war,
    military,
    minor_powers,
    move_on,
    naval_war,
    responses,
    windows,
    winter_choices,
    winter_groups,
)

SEATS = [core.PAPACY, core.PROTESTANT]
MAX_FIELD = 40


class HereIStandTwoPlayer(Ruleset):
    """The Papacy against the Protestant, 1517 to victory, the other powers run by the Diplomatic deck."""

    #: Shared between a state and the next (``kernel/journal.py``): the log (``core.log``), never changed.
    append_only = (AppendOnly("log"),)

    info = RulesetInfo(
        name="his2p",
        title="Here I Stand, two-player variant",
        seed="000/001",
        scenarios=(Scenario("1517", "Turn 1 (1517): Luther's 95 Theses, the two-player set-up"),),
        browser=True,
        options=(
            Option(
                "deck",
                "base",
                ("base", "anniversary"),
                "printing of the main deck: cards 1-110, or the 500th-anniversary deck less its cards 111-116",
            ),
            Option(
                wintering.SEA_ZONES,
                wintering.SEA_STEP,
                wintering.SEA_RULES,
                "the winter return's path (19.3): a sea zone on it is a step like a space (step), costs nothing (free)"
                ", or is not taken (land; ruling HIS-W06)",
            ),
            Option(
                "text",
                "english",
                ("english", "italian"),
                "where the seeds differ: Cranmer, Latimer and Coverdale on turn 5 (English) or 3 (Italian); Edward VI"
                " and Mary I required in the winters of turns 7 and 8 (English) or not (Italian)",
            ),
        ),
    )

    def setup(self, state: State, scenario: str, options: dict[str, Any]) -> None:
        start = two_player_setup()
        people = load_people()
        state["options"] = options
        state["turn"] = 1
        state["phase"] = "luthers_95_theses"
        state["step"] = "theses"
        state["stack"] = []
        state["log"] = []
        state["over"] = False
        state["spaces"] = {
            space: {"control": power, "protestant": space in start["protestant"], "unrest": False, "jesuit": False}
            for space, power in sorted(start["control"].items())
        }
        state["units"] = {}
        for stack in start["units"]:
            counts = {
                "regular": stack["regulars"],
                "mercenary": stack["mercenaries"],
                "cavalry": stack["cavalry"],
                "squadron": stack["squadrons"],
                "corsair": stack["corsairs"],
            }
            for kind, count in counts.items():
                if count:
                    board.add_units(state, stack["space"], stack["power"], kind, count)
        state["leaders"] = {leader: stack["space"] for stack in start["units"] for leader in stack.get("leaders", [])}
        state["electorate_display"] = dict(start["electorate_display"])
        state["reformers"] = {r: None for r in sorted(people.reformers)}
        state["debaters"] = {
            d: ("uncommitted" if info.entry.at_start else "absent") for d, info in sorted(people.debaters.items())
        }
        state["rulers"] = dict(sorted(start["rulers"].items()))
        state["minor_allies"] = {m: p for m, p in sorted(start["minors"].items()) if p}
        state["diplomacy"] = {"at_war": start["at_war"], "allied": start["allied"]}
        state["events"] = {}
        state["tracks"] = {
            "st_peters": {"cp": 0, "vp": 0},
            "translations": {z: {"new_testament": 0, "bible": 0} for z in religious_actions.TRANSLATION_ZONES},
        }
        state["bonus_vp"] = {p: 0 for p in SEATS}
        state["vp_history"] = []
        state["control"] = {p: p for p in SEATS}
        deck.setup_decks(state, options["deck"])

    def to_position(self, state: State) -> dict[str, Any]:
        """The position of a moment of the game (``position.py``; docs/positions.md)."""
        return position.to_position(state)

    def from_position(self, state: State, found: dict[str, Any]) -> dict[str, Any]:
        """A game from a position, checked first (``position.py``): one line per problem."""
        options = position.from_position(state, found, self.option_values)
        position.playable(state, self._try)
        return options

    def _try(self, state: State, role: str, action: dict[str, Any]) -> None:
        """An action carried out as the kernel would (apply, then advance), for :func:`position.playable`."""
        self.apply(state, role, action)
        self.advance(state)

    def seats(self, state: State) -> list[str]:
        return list(SEATS)

    def hidden_parts(self, state: State) -> Any:
        """The hands, the decks and the sealed parts of open decisions (a Diet card, a hand shown to one player):
        a player may undo an action that changed none of them and rolled no die (``kernel/undo.py``)."""
        keys = ("hands", "diplomatic_hands", "deck", "diplomatic_deck")
        sealed = [{k: d[k] for k in ("cards", "secret") if k in d} for d in state["stack"]]
        return {**{k: state[k] for k in keys}, "sealed": sealed}

    def view(self, state: State, role: str) -> dict[str, Any]:
        return views.view(state, role)

    def apply(self, state: State, role: str, action: dict[str, Any]) -> None:
        if state.get("blocked"):
            raise IllegalAction(
                f"the game cannot go on: {state['blocked']} is not built yet in umpire (docs/status.md)"
            )
        if role == GM:
            raise IllegalAction("the GM has no actions in Here I Stand yet; the players act")
        if role not in SEATS:
            raise IllegalAction(f"{role!r} is not a seat of this game; seats are {', '.join(SEATS)}")
        engine.apply(state, role, action)

    def advance(self, state: State) -> None:
        if state.get("blocked"):
            return
        try:
            engine.advance(state)
        except NotImplementedError as missing:
            state["blocked"] = str(missing)
            core.log(state, f"umpire stops here: {missing} is not built yet")

    def action_limits(self, state: State, role: str) -> ActionLimits:
        return ActionLimits(
            max_depth=2, max_string=MAX_FIELD, max_items=MAX_FIELD, max_values=MAX_FIELD, max_number=999
        )


RULESET = register(HereIStandTwoPlayer())
