"""Europe 1615 (seed 003) as a kernel ruleset, registered as ``europe1615``: the phase clock and the dispatch of
actions; every rule lives in a module named for it.

**The year** ("PHASES OF THE GAME YEAR").  Phase names (ruling E1615-R01 of docs/rulings/europe1615.md):

- the initial status check runs in :meth:`Europe1615.advance` (no seat acts): the year's INF allocation, unused
  INFs of last year dropped, statuses reassessed;
- ``S1615M``, ``U1615M`` (Summer), ``F1615M``: movement, each followed by ``S1615R``/``U1615R``/``F1615R`` when a
  great power's unit must retreat (skipped otherwise);
- ``W1615E``: early winter (captures take effect; minor states whose home centre was captured disband; powers
  with more units than centres disband), a seat phase only when a power must disband;
- ``W1615A``: late winter builds (and the sanction choice when the ``sanctions`` option is on);
- ``W1615S``: scoring, run by the engine; it appears in ``history`` only.

**Actions.**  ``{"type": "submit", "text": "..."}``: a seat's whole submission for the phase in the seed's
format (``submission.parse_submission``); every line with an error is listed back in the seat's view and the good
lines are kept.  ``{"type": "ready", "ready": true}``; ``{"type": "resolve"}`` (GM, a deadline).
``{"type": "propose_end", "agree": true}`` (a seat, any time: "Victory by agreement", ``ending.propose_end``);
``{"type": "abandon", "power": P}`` (GM: civil disorder, the power is dissolved at early winter,
``elimination.abandon``).

**Where each rule lives** (modules of this package):

- ``board``: reading the state (map, minor table, units, owners, powers still in);
- ``status``: the status check, the minor states' statuses and religious markers, impassable neutral states;
- ``duties``: what each power must order in a phase (retreats, disbands, builds, the sanction duty);
- ``parsing``: a submission read against the state (the text format itself: ``submission``);
- ``movement`` (with ``forced_march`` and the resolver hooks in ``policy``): a movement phase;
- ``retreats``: the retreat phases;
- ``winter``: early winter's captures and disbands, late winter's builds and rebuilds;
- ``sanction_effects`` (what the sanctions in effect do), ``directives`` (the lines using them),
  ``sanction_choice`` (the winter choice; the sanctions themselves: ``sanctions``);
- ``elimination``: eliminated, abandoned and dissolved powers, freed holdings;
- ``ending``: the scoring phase (the scores: ``scoring``) and the end of the game;
- ``views``: what each role sees.
"""

from __future__ import annotations

from typing import Any

from umpire.games.europe1615 import elimination, report, sanctions, views
from umpire.games.europe1615.board import (
    FIRST_YEAR,
    State,
    game_map,
    minor_table,
    owned_centres,
    prov_of,
)
from umpire.games.europe1615.duties import (
    build_sites,
    must_act,
)
from umpire.games.europe1615.elimination import abandon
from umpire.games.europe1615.ending import check_agreement, propose_end, score_year
from umpire.games.europe1615.mapdata import (
    OTTOMAN,
    start_owner,
)
from umpire.games.europe1615.movement import resolve_movement
from umpire.games.europe1615.parsing import MAX_LINE, check_submission_size, parse, submission_lines
from umpire.games.europe1615.retreats import resolve_retreats
from umpire.games.europe1615.sanction_effects import (
    blocs,
    in_force,
    may_deploy,
)
from umpire.games.europe1615.status import impassable, recompute_markers, status_check, statuses
from umpire.games.europe1615.submission import (
    Submission,
)
from umpire.games.europe1615.winter import disband_farthest, early_winter, resolve_builds, resolve_disbands
from umpire.kernel import registry, simultaneous
from umpire.kernel.errors import IllegalAction
from umpire.kernel.limits import ActionLimits
from umpire.kernel.ruleset import GM, Option, Ruleset, RulesetInfo, Scenario

#: What other code reads from here: the ruleset, and the state readers the tests use (they live in the modules
#: named in their imports above).
__all__ = [
    "RULESET",
    "Europe1615",
    "blocs",
    "game_map",
    "impassable",
    "in_force",
    "may_deploy",
    "owned_centres",
    "recompute_markers",
    "statuses",
]

#: The movement seasons in their order: Spring, Summer, Fall.
SEASONS = ("S", "U", "F")


class Europe1615(Ruleset):
    """Five great powers, the minor states under influence, three movement phases a year, scoring by rounds."""

    info = RulesetInfo(
        name="europe1615",
        title="Europe 1615 (Diplomacy variant, version 3)",
        seed="003 Europe 1615",
        scenarios=(Scenario("1615", "Spring 1615, the seed's starting position"),),
        options=(
            Option("sanctions", True, (True, False), "deal sanction lists and choose sanctions each winter"),
            Option("end_year", None, (None, 1615, 1616, 1617, 1620, 1625, 1630, 1640), "stop after this year"),
            Option(
                "ottoman_builds",
                False,
                (False, True),
                "the Ottomans build on their vacant centres and disband units beyond them (ruling E1615-34)",
            ),
            Option(
                elimination.FREED_CENTRES,
                elimination.RETURN,
                (elimination.RETURN, elimination.NEW_STATE),
                "a great power's centre freed when the minor state holding it is captured: back to that power "
                "(return), or a new independent minor state, the seed's literal example (new_state; ruling R09)",
            ),
        ),
    )

    # --- setup --------------------------------------------------------------------------------------------

    def setup(self, state: State, scenario: str, options: dict[str, Any]) -> None:
        """The seed's starting position: units, owners, pliant states, the sanction lists dealt."""
        gm = game_map()
        state["map"] = gm.id
        state["options"] = options
        state["year"] = FIRST_YEAR
        state["phase"] = f"S{FIRST_YEAR}M"
        units: dict[str, dict[str, Any]] = {}
        for power, us in gm.start_units.items():
            for text in us:
                units[prov_of(text[2:])] = {"nation": power, "kind": text[0], "loc": text[2:], "mark": False}
        for mid, m in minor_table(state).items():
            if m.dormant:
                continue
            for text in m.units:
                units[prov_of(text[2:])] = {"nation": mid, "kind": text[0], "loc": text[2:], "mark": False}
        state["units"] = units
        state["owner"] = start_owner(gm)
        state["pliant"] = sorted(mid for mid, m in minor_table(state).items() if m.pliant and not m.dormant)
        state["inf"] = {}
        state["suspended"] = {}
        state["status"] = {}
        state["markers"] = {}
        state["allocation"] = {}
        state["spent"] = {}
        state["eliminated"] = []
        state["dislodged"] = {}
        state["scores"] = {}
        state["rounds_won"] = dict.fromkeys(gm.powers, 0)
        state["history"] = []
        state["control"] = {p: p for p in gm.powers} | {OTTOMAN: "engine"}
        state["over"] = False
        state["result"] = None
        state["status_checked"] = False
        if options["sanctions"]:
            lists = sanctions.deal_sanction_lists(state, list(gm.powers))
            state["sanctions"] = {"lists": lists, "active": {}, "history": []}
        else:
            state["sanctions"] = None

    def seats(self, state: State) -> list[str]:
        """The five great powers."""
        return list(game_map().powers)

    def build_sites(self, state: State, power: str) -> list[str]:
        """``duties.build_sites``: the home centres where ``power`` may build now."""
        return build_sites(state, power)

    # --- the engine's procedures --------------------------------------------------------------------------

    def advance(self, state: State) -> None:
        """Run the engine's procedures until a seat must act or the game is over."""
        while not state["over"]:
            if not state["status_checked"]:
                status_check(state)
                continue
            if "box" not in state:
                self.open_phase(state)
                if "box" not in state:
                    continue
            if simultaneous.all_ready(state):
                self.resolve(state)
                continue
            break

    def open_phase(self, state: State) -> None:
        """Open the boxes of the seats that must act, or move on when none must."""
        seats = [p for p in self.seats(state) if must_act(state, p)]
        if seats:
            simultaneous.open_boxes(state, seats)
            return
        self.next_phase(state)

    def next_phase(self, state: State) -> None:
        """Move on from the current phase (which has been resolved or had nothing to do)."""
        year, season, kind = state["year"], state["phase"][0], state["phase"][-1]
        if kind == "M":
            state["phase"] = f"{season}{year}R"
            if not state["dislodged"]:
                self.next_phase(state)
        elif kind == "R":
            if season != "F":
                state["phase"] = f"{SEASONS[SEASONS.index(season) + 1]}{year}M"
            else:
                state["phase"] = f"W{year}E"
                early_winter(state)
        elif kind == "E":
            for mid, n in sorted(state.get("minor_disbands", {}).items()):
                if n > 0:
                    disband_farthest(state, mid, n)
            state["minor_disbands"] = {}
            state["phase"] = f"W{year}A"
        elif kind == "A":
            score_year(state)
            check_agreement(state)  # a holdout may have been eliminated this winter
            if not state["over"]:
                state["year"] = year + 1
                state["phase"] = f"S{year + 1}M"
                state["status_checked"] = False

    def resolve(self, state: State) -> None:
        """Resolve the current phase from the seats' submissions, then move on."""
        submissions = simultaneous.take_all(state)
        texts = {p: (s or {}).get("text", "") for p, s in submissions.items()}
        kind = state["phase"][-1]
        if kind == "M":
            resolve_movement(state, texts)
        elif kind == "R":
            resolve_retreats(state, texts)
        elif kind == "E":
            resolve_disbands(state, texts)
        elif kind == "A":
            resolve_builds(state, texts)
        self.next_phase(state)

    # --- actions and views ------------------------------------------------------------------------------------

    def view(self, state: State, role: str) -> dict[str, Any]:
        """``views.view``: the state as ``role`` may see it."""
        return views.view(state, role, self.info.name)

    def phase_title(self, phase: str) -> str:
        """``report.phase_title``: ``U1615M`` -> ``Summer 1615 movement``."""
        return report.phase_title(phase)

    def history_reports(self, state: State, role: str, start: int, stop: int) -> list[dict[str, Any]]:
        """``views.history_reports``: past phases' reports as ``role`` reads them."""
        return views.history_reports(state, role, start, stop)

    def parse(self, state: State, power: str, text: str) -> Submission:
        """``parsing.parse``: ``power``'s submission for the current phase, read against the state."""
        return parse(state, power, text)

    def submission_lines(self, state: State) -> int:
        """``parsing.submission_lines``: the most lines a submission can need."""
        return submission_lines(state)

    def action_limits(self, state: State, role: str) -> ActionLimits:
        """A flat action of a few fields; its one long string, a submission, at most ``parsing.MAX_LINE`` characters
        for each line it can need."""
        return ActionLimits(max_depth=1, max_items=16, max_string=submission_lines(state) * MAX_LINE)

    def apply(self, state: State, role: str, action: dict[str, Any]) -> None:
        """Dispatch an action (module docstring, "Actions")."""
        kind = action["type"]
        if kind == "resolve":
            if role != GM:
                raise IllegalAction("only the GM may resolve a phase before every seat is ready")
            if "box" not in state:
                raise IllegalAction("there is no phase to resolve")
            self.resolve(state)
            return
        if kind == "abandon":
            abandon(state, role, action)
            return
        if kind == "propose_end":
            propose_end(state, role, action)
            return
        if role not in self.seats(state):
            raise IllegalAction(f"{role} cannot {kind}: only a seat may submit or be ready")
        if not simultaneous.expects(state, role):
            raise IllegalAction(f"{role} has nothing to submit in {state['phase']}")
        if kind == "submit":
            text = action.get("text")
            if not isinstance(text, str):
                raise IllegalAction("'text' must be the submission as one string")
            check_submission_size(state, text)
            sub = parse(state, role, text)
            errors = [
                {"line": e.line, "token": e.token, "message": e.message, "expected": e.expected} for e in sub.errors
            ]
            simultaneous.submit(state, role, {"text": text, "errors": errors})
        elif kind == "ready":
            ready = action.get("ready", True)
            if not isinstance(ready, bool):
                raise IllegalAction(f"'ready' must be true or false, not {ready!r}")
            simultaneous.set_ready(state, role, ready)
        else:
            raise IllegalAction(
                f"unknown action type {kind!r}; expected 'submit', 'ready', 'resolve', 'propose_end' or 'abandon'"
            )


RULESET = registry.register(Europe1615())
