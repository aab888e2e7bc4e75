"""The past shared between states instead of copied (kernel/journal.py, issue 32 point 2): the state at rest is
byte for byte what a full copy gives, a refusal leaves the state as it was, and a rule that changes a shared entry
in place is caught in strict mode."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from umpire.kernel import journal
from umpire.kernel.canonical import canonical_copy, canonical_json
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game, new_game, replay
from umpire.kernel.journal import AppendOnly, AppendOnlyBroken, join_state, split_state
from umpire.kernel.ruleset import Ruleset, RulesetInfo, Scenario

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "rr3_two_turns.json"


class Ledger(Ruleset):
    """A ledger of entries, settled by a later action; ``poke`` breaks the contract on purpose."""

    info = RulesetInfo(name="toy-ledger", title="Toy ledger", seed="(test fixture)", scenarios=(Scenario("a", "A"),))
    append_only = (AppendOnly("log"), AppendOnly("items", final=lambda item: item["done"]))

    def setup(self, state: dict[str, Any], scenario: str, options: dict[str, Any]) -> None:
        state["log"], state["items"], state["n"] = [], {}, 0
        state["meta"], state["board"] = {"flag": 1, "name": "x"}, {"a": {"b": [1]}}

    def seats(self, state: dict[str, Any]) -> list[str]:
        return ["A"]

    def view(self, state: dict[str, Any], role: str) -> dict[str, Any]:
        return {"log": state["log"], "items": state["items"]}

    def apply(self, state: dict[str, Any], role: str, action: dict[str, Any]) -> None:
        kind = action["type"]
        if kind == "add":
            state["n"] += 1
            state["log"].append({"z": state["n"], "a": [1, 2.5, "x"]})
            state["items"][f"i{state['n']}"] = {"done": False, "z": 1, "b": None}
        elif kind == "settle":
            state["items"][action["item"]].update(done=True, outcome="ok")
        elif kind == "add_then_refuse":
            state["log"].append({"late": True})
            state["items"]["i2"]["z"] = 99  # still open: the work copy has its own
            raise IllegalAction("refused after changing the work copy")
        elif kind == "poke":  # changes an entry appended by an earlier action
            state["log"][0]["z"] = -1
        elif kind == "poke_settled":
            state["items"]["i1"]["outcome"] = "changed"
        elif kind == "bad":
            state["log"].append({"t": (1, 2)})
        elif kind == "retype":  # equal to what was there (1 == True == 1.0), yet other JSON
            state["meta"]["flag"] = action["to"]
        elif kind == "bad_meta":  # a rule's bug: a value that is not JSON data
            state["meta"]["flag"] = {"tuple": (1, 2), "set": {1, 2}, "object": Path("x")}[action["to"]]
        elif kind == "move":
            state["board"]["a"]["b"].append(2)
        else:
            raise IllegalAction(f"unknown action {kind!r}")


@pytest.fixture
def strict() -> Iterator[None]:
    was = journal.STRICT
    journal.STRICT = True
    yield
    journal.STRICT = was


def ledger() -> Game:
    game = new_game(Ledger())
    for action in ("add", "add", "settle", "add"):
        game.act("A", {"type": action, "item": "i1"})
    return game


def test_the_state_at_rest_is_a_full_canonical_copy_and_the_past_is_shared() -> None:
    game = ledger()
    text = json.dumps(game.state)
    assert text == json.dumps(canonical_copy(game.state))  # every dict sorted, as a full copy makes it
    before = game.state
    game.act("A", {"type": "add"})
    assert game.state["log"][0] is before["log"][0]  # shared, not copied
    assert game.state["items"]["i1"] is before["items"]["i1"]  # settled: shared
    assert game.state["items"]["i2"] is not before["items"]["i2"]  # still open: copied
    assert json.dumps(game.state) == json.dumps(canonical_copy(game.state))
    assert list(game.state["items"]) == sorted(game.state["items"])
    assert json.dumps(before) == text  # the old state is as it was


def test_a_part_the_action_left_is_shared_and_a_changed_one_copied() -> None:
    """The kernel keeps a top-level part an action did not change as the old state's own (no copy, no check), and
    copies one it changed; the old state stays as it was."""
    game = ledger()
    before = game.state
    text = json.dumps(before)
    game.act("A", {"type": "move"})
    assert game.state["meta"] is before["meta"]  # left as it was: shared
    assert game.state["board"] is not before["board"] and game.state["board"]["a"]["b"] == [1, 2]
    assert json.dumps(before) == text
    assert json.dumps(game.state) == json.dumps(canonical_copy(game.state))


def test_a_part_put_in_by_other_code_is_put_at_rest_in_order() -> None:
    """A part not as the kernel left it (a test setting a position up by hand, a view that wrote a default into
    the state) is copied in sorted key order at the next action, even if the action leaves it as it is."""
    game = ledger()
    game.state["meta"] = {"z": 1, "a": {"y": 2, "b": 3}}
    game.act("A", {"type": "move"})
    assert json.dumps(game.state) == json.dumps(canonical_copy(game.state))
    assert list(game.state["meta"]) == ["a", "z"] and list(game.state["meta"]["a"]) == ["b", "y"]


@pytest.mark.parametrize(("to", "written"), [(True, "true"), (1.0, "1.0")])
def test_a_value_changed_to_an_equal_one_of_another_type_is_not_taken_for_unchanged(to: Any, written: str) -> None:
    """1 == True == 1.0 in Python, yet each is other JSON: the state says what the rule wrote."""
    game = ledger()
    game.act("A", {"type": "retype", "to": to})
    assert f'"flag":{written}' in canonical_json(game.state) and type(game.state["meta"]["flag"]) is type(to)


@pytest.mark.parametrize("to", ["tuple", "set", "object"])
def test_a_part_that_is_no_longer_plain_is_still_refused(to: str) -> None:
    """A part the rules changed is checked as before: the error names the value that is not JSON data."""
    game = ledger()
    text = canonical_json(game.state)
    with pytest.raises(TypeError, match=r"meta\.flag"):
        game.act("A", {"type": "bad_meta", "to": to})
    assert canonical_json(game.state) == text


def test_a_refusal_leaves_the_state_and_its_shared_entries_as_they_were() -> None:
    game = ledger()
    text = canonical_json(game.state)
    with pytest.raises(IllegalAction):
        game.act("A", {"type": "add_then_refuse"})
    assert canonical_json(game.state) == text


def test_new_entries_are_still_checked_to_be_plain() -> None:
    game = ledger()
    with pytest.raises(TypeError, match="tuple"):
        game.act("A", {"type": "bad"})


@pytest.mark.parametrize("kind", ["poke", "poke_settled"])
def test_strict_mode_names_a_shared_entry_changed_in_place(strict: None, kind: str) -> None:
    game = ledger()
    where = "log[0]" if kind == "poke" else "items['i1']"
    with pytest.raises(AppendOnlyBroken, match=rf"changed {where.replace('[', '.').replace(']', '.')}"):
        game.act("A", {"type": kind})


def test_strict_mode_accepts_changes_to_open_entries(strict: None) -> None:
    game = ledger()
    game.act("A", {"type": "settle", "item": "i2"})
    assert game.state["items"]["i2"]["done"]


def test_split_and_join_give_back_the_state() -> None:
    game = ledger()
    parts = journal.parts_of(Ledger.append_only)
    rest, kept = split_state(game.state, parts)
    assert "log" not in rest and list(rest["items"]) == ["i2", "i3"]  # the open items stay with the rest
    assert list(kept["items"]) == ["i1"] and len(kept["log"]) == 3
    assert json.dumps(join_state(rest, kept)) == json.dumps(game.state)


def test_the_megagame_shares_its_past_and_breaks_no_entry(strict: None) -> None:
    """rr3 declares its journal, adjustments, announcements and closed items append-only: a turn of the prepared
    game in strict mode changes none in place, and the state is what a full copy and a replay give."""
    prepared = json.loads(FIXTURE.read_text(encoding="utf-8"))
    game = new_game(prepared["ruleset"], prepared["scenario"], prepared["options"], prepared["seed"])
    for batch in prepared["batches"][:6]:
        for entry in batch:
            game.act(entry["role"], entry["action"])
    assert any(i["status"] != "pending" for i in game.state["items"].values()) and game.state["journal"]
    assert json.dumps(game.state) == json.dumps(canonical_copy(game.state))
    assert canonical_json(replay(game.record).state) == canonical_json(game.state)
