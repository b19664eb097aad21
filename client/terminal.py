"""Play at a speedgamez table from a terminal: ``python -m client``.

A small client that uses only the contract (``speedgamez.v1`` over gRPC), as any studio
client would, written to be read as an example:

    client/terminal.py    the command line: create, join or resume a table; errors
    client/connection.py  every call: the token, the card names, safe retries
    client/game.py        the loop: draw, ask on the player's turn, follow the others
    client/screen.py      text only: views, event lines, card names, the legend
    client/standings.py   the leaderboards and the player's statistics, as text
    client/lobby.py       a table in a listing, and the lobby followed live
    client/keyboard.py    the player's answers, read so that Ctrl-C always works
    client/tokens.py      the token file that makes --resume possible

    python -m client --name Anna                      # Kop, 8 deals, three easy computers
    python -m client --name Anna --humans 2           # a table for two: prints a join command
    python -m client --name Anna --game <id> --seats 3 --option deals=6   # any game on offer
    python -m client --name Ben --join tables/<id>    # take an open seat at that table
    python -m client --name Anna --resume             # continue an unfinished table
    python -m client --name Anna --learn              # a learning game: open cards, advice
    python -m client --name Anna --lobby              # tables waiting for players, live
    python -m client --name Anna --leaderboard        # the boards (or: --leaderboard week)
    python -m client --name Anna --statistics         # your statistics
    python -m client --name Anna --daily --game bela  # --game also chooses the game of --daily,
                                                      # --lobby, --leaderboard and --statistics

Keys at the prompt: a card's number plays it; p passes; d doubles; a<n> takes the n-th
of the game's own actions listed (announcing a contract in Baśka/Kop); Enter continues
after a settlement; l shows the last trick; r asks for advice (alone against computers); b
shows your statistics; q leaves (a computer plays on for you);
Ctrl-C stops and keeps the seat for --resume. Nothing here knows a game's rules: the
game, its seats and its options come from ListGames, and every choice from the view.
"""

from __future__ import annotations

import argparse
import functools
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import grpc

from client.connection import Connection
from client.game import Game
from client.keyboard import Keyboard
from client.lobby import describe, show_lobby
from client.screen import PHASES, Screen, Titles, amount, options_line
from client.standings import PERIODS, leaderboard_lines, rule_line, statistics_lines
from client.tokens import SavedPlayer, TokenFile, TokenFileError, default_path
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2

DEFAULT_SERVER = "127.0.0.1:50051"
DEFAULT_NAME = "Player"
DEFAULT_GAME = "baska_kop"
# The think times CreateTableRequest.think_seconds takes (0: no clock).
THINK_SECONDS = [0, 30, 60, 90, 120]
# The languages of the server's texts, by --language.
LANGUAGES = {"de": service_pb2.LANGUAGE_GERMAN, "en": service_pb2.LANGUAGE_ENGLISH}
LEVELS = {
    "easy": table_pb2.COMPUTER_LEVEL_EASY,
    "normal": table_pb2.COMPUTER_LEVEL_NORMAL,
    "strong": table_pb2.COMPUTER_LEVEL_STRONG,
}
# Options that describe a new table; they mean nothing with --join or --resume, nor with
# the other ways of starting (--daily, --lobby, ...), which take --game alone.
NEW_TABLE_OPTIONS = (
    "game",
    "seats",
    "option",
    "humans",
    "rule_set",
    "deals",
    "level",
    "liga",
    "think",
    "learn",
    "count_points",
    "stake",
)

Result = TypeVar("Result")


class ClientError(Exception):
    """A failure the player is told about in one sentence, without a traceback."""


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m client",
        description="Play Baśka, Kop or any game the server offers in the terminal, against "
        "computers or with friends.",
        epilog=(
            "Keys: a card's number plays it, p passes, d doubles, a<n> takes the game's n-th own "
            "action (an announcement), Enter continues after a settlement, l shows the last trick, "
            "r asks for advice, b shows your statistics, "
            "q leaves (a computer plays on), Ctrl-C stops and keeps your seat for --resume."
        ),
    )
    parser.add_argument(
        "--server", default=DEFAULT_SERVER, help="host:port of the server (default: %(default)s)"
    )
    parser.add_argument(
        "--tls",
        action="store_true",
        help="speak TLS to the server (a front door such as the deployment's nginx on port 8443)",
    )
    parser.add_argument(
        "--tls-ca",
        type=Path,
        metavar="PEM",
        help="trust this certificate (a self-signed front door's tls.crt), not the system's; implies --tls",
    )
    parser.add_argument(
        "--name", help=f"your display name (default: {DEFAULT_NAME}; with --resume: the player saved)"
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--join", metavar="TABLE", help="take an open seat at TABLE (tables/<id>)")
    where.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="TABLE",
        help="continue one of your unfinished tables (listed to choose from, or TABLE)",
    )
    where.add_argument(
        "--leaderboard",
        nargs="?",
        const="",
        choices=["", *PERIODS],
        metavar="PERIOD",
        help="show the game's leaderboards (--game; default: all of them) or one: all, month, week, day, "
        "or daily (today's daily-deal ranking)",
    )
    where.add_argument(
        "--statistics",
        action="store_true",
        help="show your balance, statistics and leaderboard points (of --game; default: every game played)",
    )
    where.add_argument(
        "--lobby",
        action="store_true",
        help="list the tables waiting for players (of --game, or all) and follow them until Ctrl-C",
    )
    where.add_argument(
        "--daily",
        action="store_true",
        help="play today's daily deal of --game: the same deals for everyone, compared with the strong "
        "computer after each deal (one attempt a day)",
    )
    parser.add_argument(
        "--game",
        help=f"the game's id, as the server lists it (default: {DEFAULT_GAME}): of a new table, or with "
        "--daily, --lobby, --leaderboard or --statistics",
    )
    new = parser.add_argument_group("a new table (without --join or --resume)")
    new.add_argument(
        "--seats", type=int, metavar="N", help="players at the table (default: the fewest the game allows)"
    )
    new.add_argument(
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="an option of the rule set, as the server lists it (repeatable); e.g. deals=12",
    )
    new.add_argument(
        "--humans",
        type=int,
        metavar="N",
        help="human seats, you included; the others join with the printed command (default: 1)",
    )
    new.add_argument("--rule-set", help="the rules, e.g. kop or baska (default: the game's first)")
    new.add_argument("--deals", help="deals in the match, for games that count deals (the option deals)")
    new.add_argument("--level", choices=list(LEVELS), help="level of the computer seats (default: easy)")
    new.add_argument(
        "--liga", action="store_true", default=None, help="Kop with Liga-Werte (the option liga_values=true)"
    )
    new.add_argument(
        "--think",
        type=int,
        choices=THINK_SECONDS,
        metavar="SECONDS",
        help="the move clock: seconds per decision, 30, 60, 90 or 120, or 0 for none "
        "(default: 120 with other people, none alone)",
    )
    new.add_argument(
        "--learn",
        action="store_true",
        default=None,
        help="a learning game: the computers' cards lie open and the strong computer's advice comes "
        "before each of your decisions; it counts for no leaderboard",
    )
    new.add_argument(
        "--stake",
        type=int,
        metavar="CHIPS",
        help="every person pays CHIPS into a pot on sitting down; the best placed wins it",
    )
    new.add_argument(
        "--count-points",
        action="store_true",
        default=None,
        help="show the running card points of each party, as far as you know the parties",
    )
    parser.add_argument("--german", action="store_true", help="Bavarian card names: Eichel Ober, Herz Sau...")
    parser.add_argument(
        "--language",
        choices=sorted(LANGUAGES),
        default="en",
        help="the language of the server's texts: reasons, calls, settlements (default: en)",
    )
    parser.add_argument(
        "--token-file",
        type=Path,
        metavar="PATH",
        help="where your token is kept for --resume (default: ~/.config/speedgamez/<host_port>.json, "
        "or under $XDG_CONFIG_HOME)",
    )
    return parser


def main(argv: list[str] | None = None) -> None:
    arguments = parser()
    args = arguments.parse_args(argv)
    chosen = {
        "--join": args.join is not None,
        "--resume": args.resume is not None,
        "--daily": args.daily,
        "--lobby": args.lobby,
        "--leaderboard": args.leaderboard is not None,
        "--statistics": args.statistics,
    }
    mode = next((flag for flag, given in chosen.items() if given), None)
    if mode is not None:
        # A table that exists already has its game; the other ways choose one with --game.
        allowed = () if mode in ("--join", "--resume") else ("game",)
        given = [
            f"--{option.replace('_', '-')}"
            for option in NEW_TABLE_OPTIONS
            if option not in allowed and getattr(args, option) is not None
        ]
        if given:
            takes = f"{mode} takes --game alone" if allowed else f"{mode} takes none of them"
            arguments.error(f"{', '.join(given)}: only for a new table; {takes}")
    sys.exit(run(args))


def run(args: argparse.Namespace) -> int:
    """Play; the exit status: 0 done, 1 a failure (told in one sentence), 130 Ctrl-C."""
    tokens = TokenFile(args.token_file or default_path(args.server), args.server)
    try:
        credentials = channel_credentials(args)
    except OSError as error:
        print(f"cannot read the certificate {args.tls_ca}: {error.strerror}", file=sys.stderr)
        return 1
    connection = Connection(args.server, args.german, credentials, LANGUAGES[args.language])
    kept = ""  # once the player sits at a table: how to come back to it
    try:
        player = sign_in(args, connection, tokens)
        games = list_games(connection)
        if args.leaderboard is not None or args.statistics:
            show_standings(args, connection, tokens, player, games)
            return 0
        if args.lobby:
            join_hint = f"Join one with: {join_command(args, 'tables/<id>')}"
            show_lobby(args.game or "", join_hint, connection, Titles.listed(games))
            return 0
        keyboard = Keyboard()
        titles = Titles.listed(games)
        table = choose_table(args, connection, tokens, player, keyboard, games)
        kept = f"Your seat at {table} is kept; continue with:\n  {resume_command(args, player)}"
        final = Game(connection, Screen(args.german, titles), keyboard, table).play()
        if final is not None:
            print(farewell(final))
        return 0
    except (KeyboardInterrupt, EOFError) as stop:
        # Ctrl-C, or the end of the input (Ctrl-D): the seat stays as it is.
        print("\nStopped." + (f" {kept}" if kept else ""))
        return 130 if isinstance(stop, KeyboardInterrupt) else 0
    except grpc.RpcError as error:
        print(sentence(error, args.server), file=sys.stderr)
        if kept:
            print(kept)
        return 1
    except (ClientError, TokenFileError) as failure:
        print(failure, file=sys.stderr)
        return 1
    finally:
        connection.close()


# Who plays ---------------------------------------------------------------------------


def sign_in(args: argparse.Namespace, connection: Connection, tokens: TokenFile) -> SavedPlayer:
    """The saved player of this name, or a newly registered one (saved at once)."""
    if args.resume is not None:
        saved = tokens.find(args.name)
        if saved is None:
            who = f"no player named {args.name}" if args.name else "no player"
            raise ClientError(f"There is {who} in {tokens.path}, so there is nothing to resume.")
        connection.use_token(saved.token)
        return saved
    name = args.name or DEFAULT_NAME
    saved = tokens.find(name)
    if saved is not None:
        connection.use_token(saved.token)
        return saved
    return register(name, connection, tokens)


def register(name: str, connection: Connection, tokens: TokenFile) -> SavedPlayer:
    try:
        registered = connection.register(name)
    except grpc.RpcError as error:
        raise ClientError(f"Cannot register {name}: {details(error, connection.address)}.") from None
    player = SavedPlayer(name, registered.player_id, registered.token)
    tokens.save(player)
    connection.use_token(player.token)
    return player


def as_player(
    call: Callable[[], Result], connection: Connection, tokens: TokenFile, player: SavedPlayer
) -> Result:
    """Make ``call``; if the saved token has expired, register the name again and retry once."""
    try:
        return call()
    except grpc.RpcError as error:
        if error.code() != grpc.StatusCode.UNAUTHENTICATED:
            raise
    register(player.name, connection, tokens)
    return call()


# Leaderboards and statistics ---------------------------------------------------------


def show_standings(
    args: argparse.Namespace,
    connection: Connection,
    tokens: TokenFile,
    player: SavedPlayer,
    games: list[service_pb2.GameInfo],
) -> None:
    """Print the asked-for leaderboards (of ``--game``), or the player's statistics."""
    if args.statistics:
        statistics = as_player(connection.statistics, connection, tokens, player)
        title = offered_game(args.game, games).title if args.game else ""
        for line in statistics_lines(statistics, connection.player().balance, args.game or "", title):
            print(line)
        return
    game = offered_game(args.game or DEFAULT_GAME, games)
    periods = [PERIODS[args.leaderboard]] if args.leaderboard else list(PERIODS.values())
    rule = ""
    for period in periods:
        board = as_player(
            functools.partial(connection.leaderboard, game.id, period), connection, tokens, player
        )
        if board.rule != rule:
            rule = board.rule
            print(rule_line(board))
        print("\n".join(leaderboard_lines(board, game.title)))


def offered_game(game_id: str, games: list[service_pb2.GameInfo]) -> service_pb2.GameInfo:
    game = next((game for game in games if game.id == game_id), None)
    if game is None:
        offered = ", ".join(known.id for known in games)
        raise ClientError(f"The server offers no game {game_id}; it offers: {offered}.")
    return game


# Which table -------------------------------------------------------------------------


def list_games(connection: Connection) -> list[service_pb2.GameInfo]:
    try:
        return connection.games()
    except grpc.RpcError as error:
        raise ClientError(f"Cannot list the games: {details(error, connection.address)}.") from None


def choose_table(
    args: argparse.Namespace,
    connection: Connection,
    tokens: TokenFile,
    player: SavedPlayer,
    keyboard: Keyboard,
    games: list[service_pb2.GameInfo],
) -> str:
    titles = Titles.listed(games)
    if args.resume is not None:
        return resume(args.resume, connection, player, keyboard, titles)
    if args.join is not None:
        return join(args.join, connection, tokens, player, titles)
    if args.daily:
        return start_daily(args, connection, tokens, player)
    return create(args, connection, tokens, player, games)


def start_daily(
    args: argparse.Namespace, connection: Connection, tokens: TokenFile, player: SavedPlayer
) -> str:
    game = args.game or DEFAULT_GAME
    try:
        view = as_player(lambda: connection.start_daily(game), connection, tokens, player)
    except grpc.RpcError as error:
        raise ClientError(f"Cannot start the daily deal: {details(error, connection.address)}.") from None
    print(
        f"{player.name}, today's daily deal ({view.daily.date}) is table {view.name}: the same deals for "
        "everyone; after each deal the strong computer plays it from your seat."
    )
    return view.name


def create(
    args: argparse.Namespace,
    connection: Connection,
    tokens: TokenFile,
    player: SavedPlayer,
    listed: list[service_pb2.GameInfo],
) -> str:
    """A new table with the player at the first seat, other humans' seats open."""
    games = {game.id: game for game in listed}
    game = games.get(args.game or DEFAULT_GAME)
    if game is None:
        offered = ", ".join(sorted(games))
        raise ClientError(f"The server offers no game {args.game!r}; it offers: {offered}.")
    count = args.seats or min(game.seat_counts)
    humans = args.humans or 1
    if not 1 <= humans <= count:
        raise ClientError(f"--humans must be 1 to {count}, the players at the table, not {humans}.")
    if args.learn and humans != 1:
        raise ClientError("A learning game is for one person against computers: leave out --humans.")
    human = service_pb2.SeatConfig(kind=table_pb2.SEAT_KIND_HUMAN)
    computer = service_pb2.SeatConfig(kind=table_pb2.SEAT_KIND_COMPUTER, level=LEVELS[args.level or "easy"])
    seats = [human] * humans + [computer] * (count - humans)
    options = table_options(args)
    rule_set = args.rule_set or game.rule_sets[0].id
    try:
        view = as_player(
            lambda: connection.create(
                game.id,
                rule_set,
                options,
                seats,
                args.think,
                bool(args.learn),
                bool(args.count_points),
                args.stake or 0,
            ),
            connection,
            tokens,
            player,
        )
    except grpc.RpcError as error:
        hint = " (--resume lists them)" if error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED else ""
        raise ClientError(f"Cannot create the table: {details(error, connection.address)}{hint}.") from None
    title = Titles.listed(listed).rule_set(view.game, view.rule_set)
    print(f"{player.name}, you sit at table {view.name}: {options_line(title, view.options)}.")
    if humans > 1:
        others = humans - 1
        print(f"Share the table name {view.name} with {others} other player{'s' if others > 1 else ''}.")
        print("To join, each runs (with their own name):")
        print(f"  {join_command(args, view.name)}")
    return view.name


def table_options(args: argparse.Namespace) -> dict[str, str]:
    """The options asked for: each --option, and the shortcuts --deals and --liga."""
    options = {}
    for given in args.option or []:
        key, equals, value = given.partition("=")
        if not equals or not key:
            raise ClientError(f"--option takes KEY=VALUE (e.g. deals=12), not {given!r}.")
        options[key] = value
    if args.deals:
        options["deals"] = args.deals
    if args.liga:
        options["liga_values"] = "true"
    return options


def join(table: str, connection: Connection, tokens: TokenFile, player: SavedPlayer, titles: Titles) -> str:
    try:
        view = as_player(lambda: connection.join(table), connection, tokens, player)
    except grpc.RpcError as error:
        raise ClientError(f"Cannot join {table}: {details(error, connection.address)}.") from None
    title = titles.rule_set(view.game, view.rule_set)
    print(f"{player.name}, you sit at table {view.name}: {options_line(title, view.options)}.")
    return view.name


def resume(
    table: str, connection: Connection, player: SavedPlayer, keyboard: Keyboard, titles: Titles
) -> str:
    """The table to continue: the one named, the only unfinished one, or the one chosen."""
    try:
        if table:
            return own_table(table, connection)
        tables = [summary for summary in connection.my_tables() if still_mine(summary)]
        if not tables:
            raise ClientError(f"{player.name} has no unfinished table at {connection.address}.")
        print(f"Unfinished tables of {player.name}:")
        for number, summary in enumerate(tables, 1):
            print(f"  {number}) {describe(summary, connection, titles)}")
    except grpc.RpcError as error:
        raise ClientError(f"Cannot resume: {details(error, connection.address)}.") from None
    if len(tables) == 1:
        return tables[0].name
    while True:
        answer = keyboard.read_line(f"Which table (1-{len(tables)})? > ").strip()
        if answer.isdigit() and 1 <= int(answer) <= len(tables):
            return tables[int(answer) - 1].name
        print(f"  Type a number from 1 to {len(tables)}, or Ctrl-C to stop.")


def own_table(table: str, connection: Connection) -> str:
    """``table``, if the player still has a seat there and its match goes on."""
    view = connection.get(table)
    if not view.HasField("viewer_seat"):
        raise ClientError(f"You have no seat at {table}.")
    if view.phase in (table_pb2.TABLE_PHASE_FINISHED, table_pb2.TABLE_PHASE_CLOSED):
        raise ClientError(f"{table} is {PHASES[view.phase]}; there is nothing to resume.")
    return table


def still_mine(summary: service_pb2.TableSummary) -> bool:
    """Unfinished, and the player's own seat is not played by a computer (after a q)."""
    if summary.phase in (table_pb2.TABLE_PHASE_FINISHED, table_pb2.TABLE_PHASE_CLOSED):
        return False
    return any(
        seat.is_viewer and seat.level == table_pb2.COMPUTER_LEVEL_UNSPECIFIED for seat in summary.seats
    )


# What the player reads ------------------------------------------------------------------


def farewell(view: table_pb2.TableView) -> str:
    if view.phase == table_pb2.TABLE_PHASE_CLOSED:
        return "The table is closed."
    unit = view.score_unit
    totals = ", ".join(
        f"{seat.player_name} {amount(seat.total_score, unit, signed=True)}" for seat in view.seats
    )
    ending = f"The match is over. Totals: {totals}."
    daily = view.daily
    if daily.complete:
        verdict = (
            "as good as" if daily.difference == 0 else "better than" if daily.difference > 0 else "worse than"
        )
        yours = amount(daily.your_total, unit, signed=True)
        computer = amount(daily.computer_total, unit, signed=True)
        ending += (
            f"\nDaily deal of {daily.date}: you made {yours}, the strong computer {computer} from your "
            f"seat: {amount(abs(daily.difference), unit)} {verdict} it."
        )
    return ending


def details(error: grpc.RpcError, server: str) -> str:
    """Why a call failed, in words: the server's message, or that it does not answer."""
    text = " ".join((error.details() or error.code().name).split()).rstrip(".")
    if error.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED):
        # Either the transport's words ("failed to connect to all addresses; last
        # error: ...") or the server's ("the state store is unreachable; retry ...");
        # the first clause says enough.
        return f"the server at {server} does not answer ({text.split(';')[0]})"
    return text


def sentence(error: grpc.RpcError, server: str) -> str:
    """One sentence for a call that failed where the game could not go on."""
    if error.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED):
        return f"The game stopped: {details(error, server)}."
    return f"The server refused to go on: {details(error, server)}."


def python_command() -> list[str]:
    """How this client was started, as the player can type it again."""
    executable = Path(sys.executable)
    try:
        return [str(executable.relative_to(Path.cwd())), "-m", "client"]
    except ValueError:
        return [sys.executable, "-m", "client"]


def channel_credentials(args: argparse.Namespace) -> grpc.ChannelCredentials | None:
    """TLS credentials when asked for (the certificate given, else the system's roots)."""
    if args.tls_ca is not None:
        return grpc.ssl_channel_credentials(root_certificates=args.tls_ca.read_bytes())
    return grpc.ssl_channel_credentials() if args.tls else None


def common_options(args: argparse.Namespace) -> list[str]:
    options = ["--server", args.server] if args.server != DEFAULT_SERVER else []
    if args.tls_ca is not None:
        options += ["--tls-ca", str(args.tls_ca)]
    elif args.tls:
        options.append("--tls")
    return options


def join_command(args: argparse.Namespace, table: str) -> str:
    return shlex.join([*python_command(), *common_options(args), "--name", "NAME", "--join", table])


def resume_command(args: argparse.Namespace, player: SavedPlayer) -> str:
    parts = [*python_command(), *common_options(args), "--name", player.name, "--resume"]
    if args.token_file:
        parts += ["--token-file", str(args.token_file)]
    if args.german:
        parts.append("--german")
    if args.language != "en":
        parts += ["--language", args.language]
    return shlex.join(parts)
