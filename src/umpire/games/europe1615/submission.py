"""Reading a power's Europe 1615 submission written in the seed's own format.

Seed 003, "Writing the orders" (the French example submission), "THE DIPLOMATIC ATTACK" ("Submission"),
"Bribe a unit to hold", "Forced march" and "SANCTIONS (OPTIONAL)".  One line each, in any order; blank lines
and text after ``#`` are ignored::

    FRANCE:                          optional heading naming the power (``FRANCE (EXAMPLE SUBMISSION):`` too)
    9: WUR                           deploy 9 INFs to Wuerttemberg
    LOR > FRANCE                     diplomatic attack: in Lorraine, against France (one per movement phase)
    PAR-CHA                          an order for an own unit, a minor state's unit or an Ottoman unit
    NORM S PAR-CHA                   (any notation ``diplomacy.orders.parse_order`` reads, e.g. ``A PAR - CHA``)
    SER HOLD BRIBE                   a bribed hold ("a 'BRIBE' note next to the hold order"; ``BRIBE SER HOLD``
                                     and ``SER HOLD (BRIBE)`` too)
    A(SWI) - WUR || WUR S RHI-HES    a forced march: a move, then a move or support from where the army arrives
    SANCTION: Embargo on Spain       the sanction chosen for the coming year (build phase); add ``SUPPORT`` after
    SANCTION: Protestant Union SUPPORT   an advantage of the other confession to support rather than challenge it

The lines that use a sanction in effect (:func:`split_directives`, rulings E2-xx in
``docs/rulings/europe1615.md``) are taken out before the rest is read::

    STRONGHOLD: PAR, NORM            the centres a Stronghold I/II/III holder fortifies
    PERMIT: SPAIN                    France lets Spain (or AUSTRIA) move through Switzerland (Treaty of Lyon)
    RELIEVE: A BOH                   Relieve attrition: remove the mark of the unit in BOH
    LEVY: A PAR                      Levy an army: raise an army (or fleet on a coast) in one's own territory
    CANCEL: Catholic League          Cancellation option: the sanction in effect to cancel
    EMBARGO: SAX                     the state an embargo bars (``EMBARGO: SPAIN SAX`` names the embargo)
    RESERVATION: BAV                 the state(s) under the Ecclesiastical reservation

The result keeps every good line and lists a :class:`LineError` for each bad one (line number, the offending
token, what is wrong and what was expected), so a form can show the errors inline.  The format's decisions are
rulings E1615-C30 and E1615-C31 in ``docs/rulings/europe1615.md``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field, replace

from umpire.diplomacy.map import GameMap, UnitType
from umpire.diplomacy.orders import (
    Build,
    Hold,
    Move,
    Order,
    OrderError,
    PhaseKind,
    SupportHold,
    SupportMove,
    format_order,
    parse_order,
)
from umpire.games.europe1615.influence import PAPAL_STATES, POWERS, PROTESTANT, confession_of
from umpire.games.europe1615.sanctions import find_sanction

__all__ = [
    "DIRECTIVES",
    "AttackLine",
    "Board",
    "Deployment",
    "Directive",
    "ForcedMarch",
    "LineError",
    "OrderLine",
    "SanctionLine",
    "Submission",
    "parse_submission",
    "split_directives",
]


@dataclass(frozen=True, slots=True)
class LineError:
    """A line that could not be accepted: ``token`` is the offending token ("" for a missing one)."""

    line: int
    text: str
    token: str
    message: str
    expected: str

    def __str__(self) -> str:
        at = f" at {self.token!r}" if self.token else ""
        return f"line {self.line}: {self.message}{at}; expected {self.expected}"


@dataclass(frozen=True, slots=True)
class Deployment:
    line: int
    amount: int
    minor: str


@dataclass(frozen=True, slots=True)
class OrderLine:
    """An order line: ``order`` is the parsed order (None when no map was given: ``text`` is then kept, upper
    case with single spaces); ``nation``: whose unit it orders, when the board was given; ``bribe``: a bribed
    hold."""

    line: int
    text: str
    order: Order | None = None
    nation: str | None = None
    bribe: bool = False

    @property
    def canonical(self) -> str:
        return format_order(self.order) if self.order is not None else self.text


@dataclass(frozen=True, slots=True)
class ForcedMarch:
    """``first || second``: the army's move, then its move or support from where the first move ends."""

    line: int
    first: OrderLine
    second: OrderLine


@dataclass(frozen=True, slots=True)
class AttackLine:
    line: int
    minor: str
    target: str


@dataclass(frozen=True, slots=True)
class SanctionLine:
    line: int
    sanction: str
    support: bool = False


@dataclass
class Submission:
    """Everything read from one submission, and the errors of the lines that were not accepted."""

    power: str | None = None
    deployments: list[Deployment] = field(default_factory=list)
    orders: list[OrderLine] = field(default_factory=list)
    forced_marches: list[ForcedMarch] = field(default_factory=list)
    attack: AttackLine | None = None
    sanction: SanctionLine | None = None
    errors: list[LineError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def total_inf(self) -> int:
        return sum(d.amount for d in self.deployments)

    def deployment_totals(self) -> dict[str, int]:
        """INFs per minor state (a state named on two lines receives the sum)."""
        out: dict[str, int] = {}
        for d in self.deployments:
            out[d.minor] = out.get(d.minor, 0) + d.amount
        return out


_HEADER = re.compile(r"^([A-Za-z][A-Za-z ]*?)\s*(\([^)]*\))?\s*:\s*$")
_SANCTION = re.compile(r"^SANCTIONS?(?:\s*:|\s)\s*(.*)$", re.IGNORECASE)
#: An INF amount has at most this many digits: no power ever holds more INFs than the map's centre values (218).
MAX_AMOUNT_DIGITS = 3

_NUMBER_START = re.compile(r"^[+-]?\d")
_INF = re.compile(r"^([+-]?\d+)(\s*)(:?)\s*(.*)$")
_ATTACK = re.compile(r"(?<![-=])>")
_UNIT_PAREN = re.compile(r"(?<![A-Z0-9])([AF])\s*\(\s*([A-Z]+(?:/[A-Z]+)?)\s*\)", re.IGNORECASE)
_BRIBE = re.compile(r"(?:^|\s|\()BRIBE(?:\)|\s|:|$)", re.IGNORECASE)
_SUPPORT_TAIL = re.compile(r"[\s(\-–—,:]*\bSUPPORT\)?\s*$", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z]+")

Board = Mapping[str, tuple[str, UnitType]]


def parse_submission(
    text: str,
    *,
    power: str | None = None,
    game_map: GameMap | None = None,
    phase: PhaseKind = "M",
    board: Board | None = None,
    minors: Collection[str] | None = None,
    powers: Collection[str] = POWERS,
    available: int | None = None,
    may_deploy: Callable[[str, str], tuple[bool, str]] | None = None,
) -> Submission:
    """Read a submission.  Only ``text`` is required; each further argument adds checks:

    - ``power``: who submits (a heading naming another power is an error; an attack on oneself is an error);
    - ``game_map``: order lines are parsed with ``parse_order`` (in ``phase``), otherwise kept as text;
    - ``board``: ``{province: (nation, 'A'|'F')}`` of every unit (in a retreat phase, the dislodged ones): fills
      in the unit types the compact notation leaves out, and each order but a build must name a unit on the
      board that the power may order (its own, a minor state's or an Ottoman unit; another great power's only
      with a BRIBE note);
    - ``minors``: the pliant minor state ids (INF lines and attacks must name one);
    - ``powers``: the great powers an attack may name;
    - ``available``: INFs left for the year (the line that passes it is an error: "players cannot deploy more
      than the available INFs for the year");
    - ``may_deploy``: ``(power, minor) -> (allowed, reason)``, e.g. ``sanctions.may_deploy`` (needs ``power``).
    """
    # rulings E1615-R02, E1615-C31: the whole text read, a bad line listed and dropped
    reader = _Reader(power, game_map, phase, board, minors, {p.upper() for p in powers}, available, may_deploy)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if line:
            reader.read(number, line)
    return reader.out


class _Reader:
    def __init__(
        self,
        power: str | None,
        game_map: GameMap | None,
        phase: PhaseKind,
        board: Board | None,
        minors: Collection[str] | None,
        powers: set[str],
        available: int | None,
        may_deploy: Callable[[str, str], tuple[bool, str]] | None,
    ) -> None:
        self.out = Submission(power=power.upper() if power else None)
        self.map = game_map
        self.phase = phase
        self.board = board
        self.minors = {m.upper() for m in minors} if minors is not None else None
        self.powers = powers
        self.available = available
        self.may_deploy = may_deploy
        self.ordered: dict[str, int] = {}  # province -> line of its order
        self.attack_line = 0
        self.bribe_line = 0

    def error(self, line: int, text: str, token: str, message: str, expected: str) -> None:
        self.out.errors.append(LineError(line, text, token, message, expected))

    # ---------------------------------------------------------------------------------- dispatch

    def read(self, n: int, line: str) -> None:
        header = _HEADER.match(line)
        if header and header.group(1).strip().upper() in self.powers:
            self.heading(n, line, header.group(1).strip().upper())
        elif _SANCTION.match(line):
            self.sanction(n, line)
        elif _NUMBER_START.match(line):
            self.deployment(n, line)
        elif "||" in line:
            self.forced_march(n, line)
        elif _ATTACK.search(line):
            self.attack(n, line)
        else:
            bribe = bool(_BRIBE.search(line))
            body = _BRIBE.sub(" ", line).strip(" -:") if bribe else line
            got = self.order(n, line, body, bribe=bribe)
            if got is not None:
                self.out.orders.append(got)

    def heading(self, n: int, line: str, name: str) -> None:
        if self.out.power is None:
            self.out.power = name
        elif name != self.out.power:
            self.error(
                n,
                line,
                name,
                f"this is {self.out.power}'s submission, not {name}'s",
                f"the heading '{self.out.power}:' or none",
            )

    # ------------------------------------------------------------------------------- deployments

    def deployment(self, n: int, line: str) -> None:
        m = _INF.match(line)
        assert m is not None
        amount_text, _, colon, rest = m.groups()
        digits = amount_text.lstrip("+-").lstrip("0")
        if len(digits) > MAX_AMOUNT_DIGITS:
            most = self.available if self.available is not None else 10**MAX_AMOUNT_DIGITS - 1
            self.error(
                n,
                line,
                amount_text[:12] + "...",
                f"an INF amount of {len(digits)} digits is more than any power holds",
                f"a whole number from 1 to {most}",
            )
            return
        amount = int(amount_text)
        if not colon:
            tok = rest.split()[0] if rest.split() else ""
            self.error(
                n, line, tok, "an INF line needs a colon after the number", f"'{amount_text}: MINOR', e.g. '9: WUR'"
            )
            return
        if amount < 1:
            self.error(n, line, amount_text, "a deployment must be at least 1 INF", "a whole number of 1 or more")
            return
        words = rest.split()
        if not words:
            self.error(n, line, "", "missing the minor state", "a minor state id after the colon, e.g. '9: WUR'")
            return
        if len(words) > 1:
            self.error(n, line, words[1], "unexpected text after the minor state", "one minor state id per line")
            return
        minor = words[0].upper()
        if not re.fullmatch(r"[A-Z]+", minor):
            self.error(n, line, words[0], "not a minor state id", "letters only, e.g. 'WUR'")
            return
        if self.minors is not None and minor not in self.minors:
            self.error(n, line, words[0], f"unknown minor state {minor!r}", "the id of a pliant minor state")
            return
        if self.may_deploy is not None and self.out.power is not None:
            ok, why = self.may_deploy(self.out.power, minor)
            if not ok:
                self.error(n, line, words[0], why, "a minor state this power may deploy INFs to")
                return
        if self.available is not None and self.out.total_inf + amount > self.available:
            self.error(
                n,
                line,
                amount_text,
                f"this brings the deployment to {self.out.total_inf + amount} INFs, over the {self.available} "
                "available for the rest of the year",
                f"at most {self.available - self.out.total_inf} more INFs",
            )
            return
        self.out.deployments.append(Deployment(n, amount, minor))

    # ---------------------------------------------------------------------------------- attacks

    def attack(self, n: int, line: str) -> None:
        left, right = _ATTACK.split(line, maxsplit=1)
        lw, rw = left.split(), right.split()
        expected = "'MINOR STATE > MAJOR POWER', e.g. 'LOR > FRANCE'"
        if len(lw) != 1:
            self.error(
                n, line, lw[1] if len(lw) > 1 else "", "the attack needs exactly one minor state before '>'", expected
            )
            return
        if not rw:
            self.error(n, line, "", "missing the attacked power after '>'", expected)
            return
        minor, target = lw[0].upper(), " ".join(rw).upper()
        if self.minors is not None and minor not in self.minors:
            self.error(n, line, lw[0], f"unknown minor state {minor!r}", "the id of a pliant minor state")
            return
        if target not in self.powers:
            self.error(
                n, line, " ".join(rw), f"{target!r} is not a great power", f"one of {', '.join(sorted(self.powers))}"
            )
            return
        if target == self.out.power:
            self.error(n, line, " ".join(rw), "a power cannot attack itself", "another great power")
            return
        if self.out.attack is not None:
            self.error(
                n,
                line,
                lw[0],
                f"a second diplomatic attack (the first is on line {self.attack_line})",
                "one diplomatic attack per movement phase",
            )
            return
        self.attack_line = n
        self.out.attack = AttackLine(n, minor, target)

    # -------------------------------------------------------------------------------- sanctions

    def sanction(self, n: int, line: str) -> None:
        m = _SANCTION.match(line)
        assert m is not None
        body = m.group(1).strip()
        support = bool(_SUPPORT_TAIL.search(body))
        name = _SUPPORT_TAIL.sub("", body).strip() if support else body
        if not name:
            self.error(
                n, line, "", "missing the sanction's name", "'SANCTION: <name>', e.g. 'SANCTION: Embargo on Spain'"
            )
            return
        try:
            card = find_sanction(name)
        except LookupError as exc:
            why, _, expected = str(exc).partition("; expected ")
            self.error(n, line, name, why, expected or "a sanction's name")
            return
        if self.out.sanction is not None:
            self.error(
                n,
                line,
                name,
                f"a second sanction (the first is on line {self.out.sanction.line})",
                "one sanction per year",
            )
            return
        self.out.sanction = SanctionLine(n, card.id, support)

    # ----------------------------------------------------------------------------------- orders

    def order(self, n: int, line: str, body: str, *, bribe: bool = False, forced: bool = False) -> OrderLine | None:
        """Parse one order; report and return None when it is bad."""
        text = _UNIT_PAREN.sub(lambda m: f"{m.group(1)} {m.group(2)}", body)
        if self.map is None:
            words = text.upper().split()
            if not words:
                self.error(n, line, "", "empty order", "an order such as 'PAR-CHA'")
                return None
            if bribe and not re.search(r"\b(H|HOLD|HOLDS|STAND|STANDS)\b", text.upper()):
                self.error(n, line, "BRIBE", "a BRIBE note goes with a hold order only", "'UNIT HOLD BRIBE'")
                return None
            if bribe and self._bribe_taken(n, line):
                return None
            return OrderLine(n, " ".join(words), None, None, bribe)
        units = {p: kind for p, (_, kind) in self.board.items()} if self.board is not None else None
        try:
            order = parse_order(text, self.map, phase=self.phase, units=None if forced else units)
        except OrderError as exc:
            self.error(n, line, exc.token, exc.why, exc.expected)
            return None
        if bribe and not isinstance(order, Hold):
            self.error(n, line, "BRIBE", "a BRIBE note goes with a hold order only", "'UNIT HOLD BRIBE'")
            return None
        nation = None
        loc = getattr(order, "loc", None)
        if self.board is not None and isinstance(loc, str) and not forced and not isinstance(order, Build):
            prov = loc.split("/", 1)[0]
            unit = self.board.get(prov)
            if unit is None:
                self.error(n, line, prov, f"there is no unit in {prov}", "an order for a unit on the board")
                return None
            nation = unit[0]
            if nation.upper() in self.powers and self.out.power is not None and nation != self.out.power and not bribe:
                self.error(
                    n,
                    line,
                    prov,
                    f"the unit in {prov} is {nation}'s",
                    "orders for this power's units, minor states' units and Ottoman units",
                )
                return None
            if nation == PAPAL_STATES and confession_of(self.out.power or "") == PROTESTANT:
                self.error(
                    n,
                    line,
                    prov,
                    "only the Catholic powers submit orders to the Papal States",
                    "orders for units this power may order",
                )
                return None
            if prov in self.ordered:
                self.error(
                    n,
                    line,
                    prov,
                    f"a second order for the unit in {prov} (the first is on line {self.ordered[prov]})",
                    "one order per unit",
                )
                return None
            self.ordered[prov] = n
        if bribe and self._bribe_taken(n, line):
            return None
        return OrderLine(n, format_order(order), order, nation, bribe)

    def _bribe_taken(self, n: int, line: str) -> bool:
        if self.bribe_line:
            self.error(
                n,
                line,
                "BRIBE",
                f"a second BRIBE (the first is on line {self.bribe_line})",
                "one bribed hold (a one-time action)",
            )
            return True
        self.bribe_line = n
        return False

    def forced_march(self, n: int, line: str) -> None:
        parts = line.split("||")
        expected = "'A(SWI) - WUR || WUR S RHI-HES': a move, '||', then a move or support from the destination"
        if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
            self.error(n, line, "||", "a forced march is exactly two orders separated by '||'", expected)
            return
        if self.out.forced_marches:
            self.error(
                n,
                line,
                "||",
                f"a second forced march (the first is on line {self.out.forced_marches[0].line})",
                "one forced march (a one-time action)",
            )
            return
        first = self.order(n, line, parts[0].strip(), forced=True)
        if first is None:
            return
        second = self.order(n, line, parts[1].strip(), forced=True)
        if second is None:
            return
        if first.order is not None and second.order is not None:
            a, b = first.order, second.order
            if not isinstance(a, Move):
                self.error(n, line, parts[0].strip(), "the first order of a forced march must be a move", expected)
                return
            if not isinstance(b, Move | SupportHold | SupportMove):
                self.error(
                    n,
                    line,
                    parts[1].strip(),
                    "the second order of a forced march must be a move or a support",
                    expected,
                )
                return
            if a.unit == "F" or (self.board is not None and self.board.get(a.loc, ("", "A"))[1] == "F"):
                self.error(n, line, a.loc, "only an army can make a forced march", "an army unit")
                return
            if b.loc.split("/", 1)[0] != a.dest.split("/", 1)[0]:
                self.error(
                    n,
                    line,
                    b.loc,
                    f"the second order must be given from {a.dest}, where the army arrives",
                    f"'{a.dest} ...' after '||'",
                )
                return
            nation = None
            if self.board is not None:
                unit = self.board.get(a.loc)
                if unit is None:
                    self.error(n, line, a.loc, f"there is no unit in {a.loc}", "an army on the board")
                    return
                nation = unit[0]
                if self.out.power is not None and nation != self.out.power:
                    self.error(
                        n, line, a.loc, f"the army in {a.loc} is not {self.out.power}'s", "one of this power's armies"
                    )
                    return
                if a.loc in self.ordered:
                    self.error(
                        n,
                        line,
                        a.loc,
                        f"a second order for the unit in {a.loc} (the first is on line {self.ordered[a.loc]})",
                        "one order per unit",
                    )
                    return
                self.ordered[a.loc] = n
            units = {p: kind for p, (_, kind) in self.board.items()} if self.board is not None else {}
            a2 = replace(a, unit="A")
            b2 = replace(b, unit="A")
            if isinstance(b2, SupportHold | SupportMove) and b2.target_unit is None:
                b2 = replace(b2, target_unit=units.get(b2.target.split("/", 1)[0]))
            first = OrderLine(n, format_order(a2), a2, nation)
            second = OrderLine(n, format_order(b2), b2, nation)
        self.out.forced_marches.append(ForcedMarch(n, first, second))


#: The keywords of the lines that use a sanction in effect (see the module docstring).
DIRECTIVES = ("STRONGHOLD", "PERMIT", "RELIEVE", "LEVY", "CANCEL", "EMBARGO", "RESERVATION", "WAIVE CAPTURE")
_DIRECTIVE = re.compile(r"^\s*(" + "|".join(DIRECTIVES) + r")\b\s*:?\s*(.*?)\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Directive:
    """A line using a sanction in effect: its number, keyword (upper case) and comma-separated arguments (upper
    case, spaces squeezed)."""

    line: int
    keyword: str
    args: tuple[str, ...]
    text: str


def split_directives(text: str) -> tuple[str, list[Directive]]:
    """Take the ``KEYWORD: a, b`` lines of :data:`DIRECTIVES` out of a submission.  Returns the text with those
    lines blanked (the other lines keep their numbers) and the directives in order."""
    kept: list[str] = []
    found: list[Directive] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        body = raw.split("#", 1)[0]
        m = _DIRECTIVE.match(body)
        if m is None:
            kept.append(raw)
            continue
        args = tuple(" ".join(a.split()).upper() for a in m.group(2).split(",") if a.strip())
        found.append(Directive(number, m.group(1).upper(), args, body.strip()))
        kept.append("")
    return "\n".join(kept), found
