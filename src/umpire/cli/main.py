"""The ``umpire`` command line: rulesets, new games, views, actions, replay and adjudication.

Every user error (bad JSON, unknown ruleset or role, an illegal action) ends in one line ``umpire: error: …`` on
stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from umpire.cli.args import UsageError, parse_options
from umpire.cli.auction import run_auction
from umpire.cli.outcome import act_report, end_reason
from umpire.cli.roles import resolve_role
from umpire.cli.selfplay import selfplay as selfplay_command
from umpire.cli.viewtext import view_text
from umpire.games.empires2 import owner_data
from umpire.games.empires2.datafiles import ENV as DATA_ENV
from umpire.kernel import registry
from umpire.kernel.errors import UmpireError
from umpire.kernel.game import Game, load_game, new_game, replay
from umpire.kernel.position import write_position
from umpire.kernel.rng import new_secret

app = typer.Typer(
    help="umpire: an automated game master for strategy games of early-modern Europe.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def settings(
    data: Annotated[
        str | None,
        typer.Option(
            "--data",
            metavar="DIR",
            help=f"An owner's data folder: the files in DIR/empires2/ are read over the packaged Empires for Two "
            f"data (map, scenarios, tables), each checked first; also the {DATA_ENV} environment variable. Put it "
            "before the command: umpire --data DIR serve.",
        ),
    ] = None,
) -> None:
    """Settings for every command."""
    folder = data if data is not None else os.environ.get(DATA_ENV)
    if folder:
        owner_data.use(folder)


def fail(message: str) -> NoReturn:
    """Print the error, one line per problem (a bad position has several), and exit 2."""
    for line in message.splitlines() or [""]:
        typer.echo(f"umpire: error: {line}", err=True)
    sys.exit(2)


def read_json(source: str) -> Any:
    """Parse JSON from a file path, or standard input when ``source`` is ``-``."""
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read {source}: {exc.strerror or exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        name = "standard input" if source == "-" else source
        raise UsageError(f"{name} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None


def write_json(value: Any, out: str | None) -> None:
    """Write JSON to a file, or to standard output when ``out`` is None or ``-``."""
    text = json.dumps(value, indent=2, ensure_ascii=False) + "\n"
    if out is None or out == "-":
        sys.stdout.write(text)
    else:
        try:
            Path(out).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"cannot write {out}: {exc.strerror or exc}") from None


def load_game_file(path: str) -> Game:
    """A saved game (``umpire new`` output) or a bare record, replayed and checked."""
    data = read_json(path)
    if isinstance(data, dict) and "record" not in data and "actions" in data:
        return replay(data)
    return load_game(data)


@app.command()
def rulesets() -> None:
    """List the game systems umpire runs, with their scenarios and options."""
    for rules in registry.available():
        info = rules.info
        typer.echo(f"{info.name}: {info.title}")
        typer.echo(f"  seed: {info.seed}")
        typer.echo(f"  scenarios: {', '.join(s.name for s in info.scenarios)}")
        for opt in info.options:
            choices = ", ".join(json.dumps(c) for c in opt.choices)
            typer.echo(f"  option {opt.name} (default {json.dumps(opt.default)}; {choices}): {opt.description}")


@app.command()
def new(
    ruleset: Annotated[str, typer.Argument(help="Ruleset name (see `umpire rulesets`).")],
    scenario: Annotated[str | None, typer.Option(help="Scenario name; the ruleset's first by default.")] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="Seed of the game's random generator (reproducible); a 128-bit secret drawn when left out."),
    ] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-O", help="Rules option NAME=VALUE.")] = None,
    out: Annotated[str | None, typer.Option("--out", "-o", help="Write the game here instead of stdout.")] = None,
    auction: Annotated[
        str | None, typer.Option(help="Europe 1615: assign the powers by blind auction from this file of bids.")
    ] = None,
    position: Annotated[
        str | None,
        typer.Option(
            metavar="FILE",
            help="Start from this position (`umpire position` writes one; docs/positions.md), with its options.",
        ),
    ] = None,
) -> None:
    """Set up a new game and write it (setup record, empty log and state) as JSON."""
    awards = None
    if seed is None:
        seed = new_secret()
    if position is not None:
        if scenario is not None or option or auction is not None:
            raise UsageError(
                "--position starts from the position's own moment and options: give no --scenario, "
                "--option or --auction with it"
            )
        write_json(new_game(ruleset, seed=seed, position=read_json(position)).to_json(), out)
        return
    if auction is not None:
        if ruleset != "europe1615":
            raise UsageError(f"--auction is the Europe 1615 blind auction; {ruleset!r} has none")
        awards = run_auction(read_json(auction), seed, auction)
    game = new_game(ruleset, scenario, parse_options(option or []), seed)
    if awards is not None:
        game.record["players"] = {a.power: a.player for a in awards}
        game.record["auction"] = [asdict(a) for a in awards]
        for a in awards:
            typer.echo(f"{a.power}: {a.player} ({a.points} points{'; ' + a.tie if a.tie else ''})", err=True)
    write_json(game.to_json(), out)


@app.command()
def view(
    game: Annotated[str, typer.Argument(help="Game file written by `umpire new` (or - for stdin).")],
    role: Annotated[str, typer.Argument(help="The role whose view to show (a seat, gm or observer; any case).")],
    as_json: Annotated[
        bool | None,
        typer.Option("--json/--text", help="JSON, or a readable summary; by default a summary on a terminal only."),
    ] = None,
) -> None:
    """Show what one role may see and do now."""
    loaded = load_game_file(game)
    shown = loaded.view(resolve_role(loaded, role))
    if as_json is None:
        as_json = not sys.stdout.isatty()
    if as_json:
        write_json(shown, None)
    else:
        typer.echo(view_text(shown))


@app.command()
def act(
    game: Annotated[str, typer.Argument(help="Game file to update in place.")],
    role: Annotated[str, typer.Argument(help="The acting role (any case).")],
    action: Annotated[str, typer.Argument(help='The action as JSON, e.g. \'{"type": "ready"}\'.')],
) -> None:
    """Apply one action by one role, save the game file, and say what happened.

    A whole-text submission (Europe 1615) keeps its good lines: the game is saved with them, each refused line is
    reported on its own error line, and the exit status is 2.
    """
    loaded = load_game_file(game)
    actor = resolve_role(loaded, role)
    try:
        parsed = json.loads(action)
    except json.JSONDecodeError as exc:
        raise UsageError(f"the action is not valid JSON: {exc.msg} at column {exc.colno}") from None
    before = loaded.view(actor)
    loaded.act(actor, parsed)
    write_json(loaded.to_json(), game)
    lines, refused = act_report(actor, parsed, before, loaded.view(actor))
    for line in lines:
        typer.echo(line)
    for line in refused:
        typer.echo(f"umpire: error: {line}", err=True)
    if refused:
        raise typer.Exit(2)


@app.command("position")
def position_cmd(
    game: Annotated[str, typer.Argument(help="A game file (umpire new/act/play output), or - for standard input.")],
    out: Annotated[str | None, typer.Option("--out", "-o", help="Write the position here instead of stdout.")] = None,
) -> None:
    """Write the position of a game's current moment (docs/positions.md), to start new games from with
    `umpire new RULESET --position FILE`. It holds every hand and deck: a GM's file, not a player's."""
    loaded = load_game_file(game)
    write_json(write_position(loaded.ruleset, loaded.state), out)


@app.command("replay")
def replay_cmd(
    log: Annotated[str, typer.Argument(help="A game file or a bare game record (setup + actions).")],
    out: Annotated[str | None, typer.Option("--out", "-o", help="Write the replayed game here.")] = None,
) -> None:
    """Replay a game's action log from its setup and print the state it leads to."""
    game = load_game_file(log)
    typer.echo(f"replayed {len(game.record['actions'])} actions; state digest {game.digest()}", err=True)
    write_json(game.to_json() if out else game.state, out)


@app.command()
def adjudicate(
    variant: Annotated[str, typer.Option(help="Map variant of every case that does not name its own.")] = "standard",
    jsonl: Annotated[bool, typer.Option("--jsonl", help="One case per line in, one answer per line out.")] = False,
) -> None:
    """Adjudicate Diplomacy phases from JSON cases on stdin (see docs/adjudication.md)."""
    from umpire.diplomacy.contract import adjudicate as adjudicate_case
    from umpire.diplomacy.contract import run_jsonl

    if jsonl:
        run_jsonl(sys.stdin, sys.stdout, default_variant=variant)
        return
    case = read_json("-")
    if isinstance(case, dict):
        case.setdefault("variant", variant)
    answer = adjudicate_case(case)
    write_json(answer, None)
    if "error" in answer:
        raise typer.Exit(2)


#: The year ``umpire play`` stops after when nobody has won, per ruleset.
PLAY_END_YEAR: dict[str, int | None] = {"standard": 1910, "europe1615": 1620, "his2p": None, "empires2": None}


@app.command()
def play(
    ruleset: Annotated[
        str, typer.Argument(help="Ruleset to play: standard, europe1615, his2p or empires2.")
    ] = "standard",
    seed: Annotated[int, typer.Option(help="Seed of the game and of the bots.")] = 1,
    end_year: Annotated[
        int | None, typer.Option(help="Stop after this year if nobody has won (standard 1910, europe1615 1620).")
    ] = None,
    level: Annotated[str | None, typer.Option(help="Bot level (see docs/selfplay.md); the ruleset's default.")] = None,
    out: Annotated[str | None, typer.Option("--out", "-o", help="Also save the game file here.")] = None,
    scenario: Annotated[str | None, typer.Option(help="Scenario (see `umpire rulesets`); the ruleset's first.")] = None,
) -> None:
    """Play a whole game with a bot in every seat and print a readable report."""
    from umpire.bots.registry import bot_for
    from umpire.kernel.bots import run_bots

    if ruleset not in PLAY_END_YEAR:
        raise UsageError(f"umpire play knows {', '.join(PLAY_END_YEAR)}, not {ruleset!r} (see docs/status.md)")
    year = end_year if end_year is not None else PLAY_END_YEAR[ruleset]
    if year is not None and ruleset == "his2p":
        raise UsageError("Here I Stand ends by victory or after turn 9; it has no end year")
    if year is not None and ruleset == "empires2":
        raise UsageError("Empires for Two ends after its scenario's last round; it has no end year")
    try:
        game = new_game(ruleset, scenario, options={"end_year": year} if year is not None else {}, seed=seed)
    except UmpireError as exc:
        raise UsageError(str(exc)) from None
    try:
        bots = {seat: bot_for(ruleset, level) for seat in game.ruleset.seats(game.state)}
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    run_bots(game, dict(bots))
    typer.echo(play_report(ruleset, game.state))
    if out:
        write_json(game.to_json(), out)


def play_report(ruleset: str, state: dict[str, Any]) -> str:
    """The readable report of a finished game: every phase's results, the standing, and why the game ended."""
    lines: list[str] = []
    if ruleset == "standard":
        from umpire.games.standard.report import game_report

        lines.append(game_report(state))
    elif ruleset == "empires2":
        lines.extend(state["log"])
        if state.get("over"):
            winner = state.get("winner")
            result = f"{state['empires'][winner]['name']} wins" if winner else "a draw"
            lines.append(
                f"Game over: the last of the scenario's {state['rounds']} rounds is played. "
                f"On victory points (rewrite 26.0): {result}."
            )
            return "\n".join(lines)
    elif ruleset == "his2p":
        lines.extend(f"Turn {entry['turn']}, {entry['phase']}: {entry['text']}" for entry in state["log"])
        if state.get("blocked"):
            lines.append(f"The game stops: {state['blocked']} is not built yet in umpire (docs/status.md).")
            return "\n".join(lines)
    else:
        from umpire.games.europe1615.report import report_text

        lines.extend(report_text(entry) for entry in state["history"])
        rounds = ", ".join(f"{p} {n}" for p, n in sorted(state["rounds_won"].items(), key=lambda x: -x[1]))
        lines.append(f"Rounds won: {rounds}")
    lines.append(f"Game over: {end_reason(state)}." if state.get("over") else "The game goes on.")
    return "\n".join(lines)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None, typer.Option(help="SQLite file or database URL (postgresql://…); default ./umpire.sqlite.")
    ] = None,
    workers: Annotated[
        int, typer.Option(help="Server processes sharing the address and the database (one per core at most).")
    ] = 1,
) -> None:
    """Run the game server: games, seats, orders, press and live updates over HTTP (docs/server.md)."""
    from umpire.cli.serve import serve as run_server

    run_server(host, port, database, workers)


@app.command()
def demo(
    ruleset: Annotated[str, typer.Argument(help="A ruleset with bots: standard, europe1615, his2p, empires2.")],
    seat: Annotated[str | None, typer.Option(help="Your seat (default: the ruleset's first).")] = None,
    level: Annotated[str | None, typer.Option(help="The bots' level (default: the ruleset's default level).")] = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None, typer.Option(help="SQLite file or database URL; default a new file in a temporary folder.")
    ] = None,
) -> None:
    """Start the server with a game ready to play: bots in every seat but yours; prints your link."""
    from umpire.cli.demo import create_demo, demo_database, demo_seats
    from umpire.cli.serve import serve as run_server

    mine, bots = demo_seats(ruleset, seat, level)
    target = demo_database(database)
    typer.echo(f"umpire demo: games kept in {target}")

    def ready(server_app: Any, address: str) -> None:
        for line in create_demo(server_app, address, ruleset, mine, bots):
            typer.echo(line)

    run_server(host, port, target, 1, on_ready=ready)


@app.command("verify-db")
def verify_db(
    database: Annotated[
        str | None, typer.Option(help="SQLite file or database URL (postgresql://…); default ./umpire.sqlite.")
    ] = None,
) -> None:
    """Replay every game's action log in a server's database and check it against the stored snapshot."""
    from umpire.cli.preflight import check_database
    from umpire.server import db
    from umpire.server.store import Store

    path = database or "umpire.sqlite"
    if "://" not in path and not Path(path).is_file():
        fail(f"no database at {path}; expected the SQLite file a server ran on (or a postgresql:// URL)")
    engine = db.make_engine(check_database(database))
    try:
        db.migrate(engine)
        store = Store(engine)
        bad, actions, ids = [], 0, store.game_ids()
        for game_id in ids:
            try:
                actions += store.verify(game_id)
            except UmpireError as exc:
                bad.append(str(exc))
    finally:
        engine.dispose()
    for line in bad:
        typer.echo(f"umpire: {line}", err=True)
    typer.echo(f"{len(ids) - len(bad)} of {len(ids)} games replay to their stored state ({actions} actions replayed)")
    if bad:
        raise typer.Exit(1)


app.command("selfplay")(selfplay_command)


def main() -> None:
    """Entry point of the ``umpire`` console script."""
    if not sys.argv[1:]:
        app()  # the help, as Typer shows it
    try:
        code = app(standalone_mode=False)
    except typer.TyperException as exc:  # Click's: a missing argument, an unknown option, a value of the wrong type
        ctx = getattr(exc, "ctx", None)
        where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
        fail(getattr(exc, "format_message", exc.__str__)() + where)
    except typer.Abort:
        fail("aborted")
    except UmpireError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        fail("interrupted")
    if isinstance(code, int) and code:
        sys.exit(code)


if __name__ == "__main__":
    main()
