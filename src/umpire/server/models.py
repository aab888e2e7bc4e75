"""Request bodies and game settings of the HTTP API (pydantic models; they also make the OpenAPI schema)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

#: Phase kinds a deadline can be set for; a ruleset's phase is mapped to one by :func:`store.phase_kind`.
PHASE_KINDS = ("movement", "retreats", "adjustments", "default")

MIN_DEADLINE = 10  # seconds
MAX_DEADLINE = 60 * 60 * 24 * 30


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GameSettings(Strict):
    """What the server adds to a ruleset: press, deadlines, missed-orders policy, how seats are assigned."""

    press: Literal["full", "public", "none"] = Field(
        "full", description="full: private and public messages; public: public only; none: no press"
    )
    assignment: Literal["chosen", "random", "auction"] = Field(
        "chosen",
        description="chosen: each seat has its own invite link (or players pick a free seat from the lobby); "
        "random: lobby players get seats at random at the start; auction: the 1615 blind auction",
    )
    missed_orders: Literal["hold", "bot", "civil_disorder"] = Field(
        "hold",
        description="at a deadline, a seat that sent no orders: holds (the ruleset's default), has a bot play it, "
        "or after `civil_disorder_after` misses in a row falls into civil disorder (ready with no orders)",
    )
    civil_disorder_after: int = Field(2, ge=1, le=20)
    bots: dict[Annotated[str, Field(max_length=64)], Annotated[str, Field(max_length=32)]] = Field(
        default_factory=dict,
        max_length=16,
        description="seats a bot plays from the start: seat -> level (a ruleset's levels: /api/rulesets 'table'); "
        "the server takes their decisions as they come; at least one player seat stays a person's",
    )
    deadlines: dict[str, int] = Field(
        default_factory=dict,
        max_length=len(PHASE_KINDS),
        description="seconds allowed per phase kind (movement, retreats, adjustments, default); "
        "a kind without an entry has no deadline",
    )

    @field_validator("deadlines")
    @classmethod
    def _check_deadlines(cls, value: dict[str, int]) -> dict[str, int]:
        for kind, seconds in value.items():
            if kind not in PHASE_KINDS:
                raise ValueError(f"unknown phase kind {kind!r}; expected one of {', '.join(PHASE_KINDS)}")
            if not MIN_DEADLINE <= seconds <= MAX_DEADLINE:
                raise ValueError(f"a deadline must be {MIN_DEADLINE} to {MAX_DEADLINE} seconds, not {seconds}")
        return value


class CreateGame(Strict):
    ruleset: str = Field("standard", min_length=1, max_length=64)
    scenario: str | None = Field(None, max_length=64)
    options: dict[str, Any] = Field(
        default_factory=dict, max_length=32, description="the ruleset's options (see /api/rulesets)"
    )
    seed: int | None = Field(None, ge=0, le=2**62, description="the game's random seed; random when left out")
    title: str = Field("", max_length=200)
    settings: GameSettings = Field(default_factory=GameSettings)  # type: ignore[arg-type]
    position: dict[str, Any] | None = Field(
        None,
        description="start from this position (`umpire position` writes one; docs/positions.md) instead of a "
        "scenario, with its own options; the creator is the game's GM",
    )


class Join(Strict):
    name: str = Field(..., min_length=1, max_length=100)
    seat: str | None = Field(None, max_length=64, description="with the lobby token: the free seat to take")


class ActionBody(Strict):
    action: dict[str, Any] = Field(
        ...,
        max_length=64,
        description="a ruleset action, e.g. {'type': 'ready', 'ready': true}; bounded by the kernel and the "
        "ruleset (nesting, string lengths, list sizes, numbers: docs/server.md, Limits)",
    )
    answer: Literal["whole", "brief"] = Field(
        "whole",
        description="'whole': the answer is what the caller now sees, as a read gives it; 'brief': only that the "
        "action was taken ({'accepted': true, 'game': {'id', 'status'}}), for a page whose event stream brings the "
        "change as a patch (a megagame desk's whole answer is hundreds of kilobytes)",
    )


class Undo(Strict):
    count: int = Field(
        1, ge=1, le=1_000_000, description="how many actions to take back: 1 for a seat (its own last), any for the GM"
    )


class OrdersText(Strict):
    text: str = Field(..., max_length=20000, description="orders, one per line; 1615 INF lines 'N: STATE'")
    power: str | None = Field(None, max_length=64, description="the power ordered when the text names none")


class Ready(Strict):
    ready: bool = True


class Message(Strict):
    to: list[Annotated[str, Field(max_length=64)]] | Literal["public"] = Field(
        ..., max_length=64, description="'public', or the seats to write to"
    )
    body: str = Field(..., min_length=1, max_length=5000)


class Bids(Strict):
    bids: dict[str, Annotated[int, Field(ge=0, le=100)]] = Field(
        ..., max_length=64, description="points per power: 100 in all, at least 5 each"
    )


class Extend(Strict):
    seconds: int = Field(..., ge=-MAX_DEADLINE, le=MAX_DEADLINE)


class SetDeadline(Strict):
    at: float | None = Field(None, ge=0, le=2**40, description="epoch seconds; both fields empty: no deadline")
    in_seconds: int | None = Field(None, ge=0, le=MAX_DEADLINE)


class DeadlineSettings(Strict):
    deadlines: dict[str, int] = Field(..., max_length=len(PHASE_KINDS))

    @field_validator("deadlines")
    @classmethod
    def _check(cls, value: dict[str, int]) -> dict[str, int]:
        return GameSettings._check_deadlines(value)


class Reissue(Strict):
    seat: str = Field(..., max_length=64)


class Assign(Strict):
    player: int = Field(..., ge=1, le=2**31)
    seat: str = Field(..., max_length=64)


class Account(Strict):
    name: str = Field(..., min_length=1, max_length=100)
    password: str = Field(..., min_length=8, max_length=200)


class LinkSeat(Strict):
    game: str = Field(..., max_length=32)
