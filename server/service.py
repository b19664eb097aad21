"""The table service, independent of the transport.

Methods take and return contract messages and raise ``ServiceError``; the gRPC servicer
(``server.grpc_api``) only decodes, calls and encodes, and a REST gateway can sit on the
same methods. Every change to a table goes through ``server.write.change_table``. The
streaming methods live in ``server.streams``, what every request names in
``server.requests``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import replace

from engine.actions import Action
from engine.errors import EngineError, quoted
from engine.match import MatchPhase
from engine.registry import GAMES, get_game
from server import convert, keys, standings
from server.board import today
from server.catalogue import german
from server.daily import daily_config
from server.errors import Code, ServiceError, from_engine
from server.jobs import JobQueue
from server.lobby import table_summary
from server.replay import match_replay
from server.requests import Caller, parse_table_name, table_id_of, wording_of
from server.settings import Settings
from server.store import AuthenticationStatus, Store, digest, now_ms
from server.streams import WatchStreams
from server.table import TableConfig, TableRecord, TableStatus
from server.table_log import Act, Again, Close, Compare, Expire, Join, Leave, LogEntry, SeatKind, Stop
from server.texts import Texts, Wording
from server.views import (
    ViewCache,
    level_from_proto,
    table_name,
    table_view,
    texts_for,
)
from server.watching import EventHub
from server.write import Change, change_table
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2

_MAX_NAME = 40
_MAX_REQUEST_ID = 64
_MAX_PAGE = 100


class TableService(WatchStreams):
    """``hub`` wakes watch streams; processes that serve no streams (workers) need none."""

    def __init__(self, store: Store, settings: Settings, hub: EventHub | None = None) -> None:
        self.store = store
        self.settings = settings
        self.hub = hub
        self.queue = JobQueue(store.redis, settings)
        self.views = ViewCache(settings.views_cached)

    # Players -----------------------------------------------------------------------

    async def limit_address(self, address: str, registering: bool) -> None:
        """Take a request from the client address's rate (and its registrations' rate).

        Tokens are free to get, so per-token limits alone multiply with registrations:
        an address is limited too, whatever tokens it uses. ``address`` is a digest.
        """
        settings = self.settings
        wait_ms = await self.store.limit_rate(
            keys.address_rate(address), settings.address_rate_per_s, settings.address_rate_burst
        )
        self._refuse_address(wait_ms)
        if registering:
            per_minute = settings.registrations_per_min
            burst = max(1, round(2 * per_minute))
            wait_ms = await self.store.limit_rate(keys.address_registrations(address), per_minute / 60, burst)
            if wait_ms:
                raise ServiceError(
                    Code.RESOURCE_EXHAUSTED,
                    f"too many registrations from this address: at most {per_minute:g} a minute; "
                    f"retry in {wait_ms} ms",
                )

    async def admit(self, token: str | None, address: str, cost: int, table: str) -> Caller:
        """The token's player, after taking a request from the address's rate (as
        ``limit_address``) and ``cost`` requests from the token's: one round trip to Redis,
        which also reads ahead the table named ``table`` (when it names one) for the call's
        first look at it."""
        settings = self.settings
        token_digest = digest(token) if token else None
        wait_ms, found = await self.store.admit(
            keys.address_rate(address),
            (settings.address_rate_per_s, settings.address_rate_burst),
            token_digest,
            (settings.rate_per_s, settings.rate_burst),
            cost,
            table_id_of(table),
        )
        self._refuse_address(wait_ms)
        if token_digest is None or found is None:
            raise ServiceError(
                Code.UNAUTHENTICATED,
                "missing token: send the header 'authorization: Bearer <token>' from RegisterPlayer",
            )
        if found.status is AuthenticationStatus.UNKNOWN:
            raise ServiceError(
                Code.UNAUTHENTICATED, "unknown or expired token: register again with RegisterPlayer"
            )
        if found.status is AuthenticationStatus.LIMITED:
            raise ServiceError(
                Code.RESOURCE_EXHAUSTED,
                f"too many requests: at most {settings.rate_per_s:g} per second in bursts of "
                f"{settings.rate_burst}; retry in {found.retry_after_ms} ms",
            )
        return Caller(found.player_id, found.name, address, token_digest)

    def _refuse_address(self, wait_ms: int) -> None:
        if wait_ms:
            settings = self.settings
            raise ServiceError(
                Code.RESOURCE_EXHAUSTED,
                f"too many requests from this address: at most {settings.address_rate_per_s:g} per "
                f"second in bursts of {settings.address_rate_burst}; retry in {wait_ms} ms",
            )

    async def register_player(
        self, request: service_pb2.RegisterPlayerRequest
    ) -> service_pb2.RegisterPlayerResponse:
        name = request.display_name.strip()
        if not 1 <= len(name) <= _MAX_NAME or not name.isprintable():
            raise ServiceError(
                Code.INVALID_ARGUMENT, f"display_name must be 1 to {_MAX_NAME} printable characters"
            )
        player_id, token = await self.store.register_player(name)
        return service_pb2.RegisterPlayerResponse(player_id=player_id, token=token)

    async def get_player(
        self, caller: Caller, request: service_pb2.GetPlayerRequest
    ) -> service_pb2.GetPlayerResponse:
        balance = await self.store.bank.balance(caller.player_id)
        return service_pb2.GetPlayerResponse(
            player_id=caller.player_id, display_name=caller.name, balance=balance
        )

    async def revoke_token(
        self, caller: Caller, request: service_pb2.RevokeTokenRequest
    ) -> service_pb2.RevokeTokenResponse:
        await self.store.revoke_token(caller.token_digest)
        return service_pb2.RevokeTokenResponse()

    # Games and tables --------------------------------------------------------------

    async def list_games(self, request: service_pb2.ListGamesRequest) -> service_pb2.ListGamesResponse:
        return game_listing(wording_of(request).german)

    async def create_table(
        self, caller: Caller, request: service_pb2.CreateTableRequest, seed: int | None = None
    ) -> service_pb2.CreateTableResponse:
        """Create a table; ``seed`` fixes the shuffle (tests and daily deals), else random."""
        wording = wording_of(request)
        if request.again_of:
            return service_pb2.CreateTableResponse(table=await self._play_again(caller, request, wording))
        try:
            game = get_game(request.game)
            options = game.parse_options(request.rule_set, dict(request.options))
        except EngineError as error:
            raise from_engine(error) from None
        seats_refused = game.check_seats(options, len(request.seats))
        if seats_refused is not None:
            raise ServiceError(Code.INVALID_ARGUMENT, f"seats: {seats_refused} (one SeatConfig per player)")
        seats = []
        for index, seat in enumerate(request.seats):
            if seat.kind == table_pb2.SEAT_KIND_HUMAN:
                seats.append((SeatKind.HUMAN, "easy"))
            elif seat.kind == table_pb2.SEAT_KIND_COMPUTER:
                try:
                    level = level_from_proto(seat.level)
                except ValueError:
                    raise ServiceError(
                        Code.INVALID_ARGUMENT, f"seat {index}: level must be EASY, NORMAL or STRONG"
                    ) from None
                if level not in self.settings.computer_levels:
                    raise ServiceError(
                        Code.UNIMPLEMENTED,
                        f"seat {index}: computer level {level} is not offered by this server; "
                        f"offered: {', '.join(self.settings.computer_levels)}",
                    )
                seats.append((SeatKind.COMPUTER, level))
            else:
                raise ServiceError(Code.INVALID_ARGUMENT, f"seat {index}: kind must be HUMAN or COMPUTER")
        if request.join and not any(kind is SeatKind.HUMAN for kind, _ in seats):
            raise ServiceError(Code.INVALID_ARGUMENT, "join needs a human seat to take")
        wanted = request.seat if request.HasField("seat") else None
        if (
            request.join
            and wanted is not None
            and (not 0 <= wanted < len(seats) or seats[wanted][0] is not SeatKind.HUMAN)
        ):
            raise ServiceError(
                Code.INVALID_ARGUMENT, f"seat {request.seat} is not a human seat of this table"
            )
        think_seconds = _think_seconds(request, seats)
        humans = sum(kind is SeatKind.HUMAN for kind, _ in seats)
        if not 0 <= request.stake <= MAX_STAKE:
            raise ServiceError(
                Code.INVALID_ARGUMENT, f"stake must be from 0 (none) to {MAX_STAKE}, not {request.stake}"
            )
        if request.stake and request.learning:
            raise ServiceError(Code.INVALID_ARGUMENT, "a learning game has no stake")
        if request.stake and request.join:
            balance = await self.store.bank.balance(caller.player_id)
            if balance < request.stake:
                raise ServiceError(Code.FAILED_PRECONDITION, _short(balance, request.stake))
        if request.learning and humans != 1:
            raise ServiceError(
                Code.INVALID_ARGUMENT,
                f"a learning game is one person against computers: give exactly one human seat, not {humans}",
            )
        await self._check_table_limit(caller)
        config = TableConfig(
            game=game.game_type.id,
            rule_set=request.rule_set,
            options=game.options_to_dict(options),
            seats=tuple(seats),
            seed=secrets.randbits(64) if seed is None else seed,
            created_by=caller.player_id,
            think_seconds=think_seconds,
            learning=request.learning,
            count_points=request.count_points,
            stake=request.stake,
        )
        table = await self._open_table(
            caller, secrets.token_urlsafe(12), config, wanted, request.join, wording
        )
        return service_pb2.CreateTableResponse(table=table)

    async def start_daily_deal(
        self, caller: Caller, request: service_pb2.StartDailyDealRequest
    ) -> service_pb2.StartDailyDealResponse:
        wording = wording_of(request)
        game = GAMES.get(request.game)
        if game is None:
            offered = ", ".join(GAMES)
            raise ServiceError(
                Code.INVALID_ARGUMENT, f"unknown game {quoted(request.game)}; choose one of: {offered}"
            )
        date = today(now_ms(), self.store.board.zone)
        config = daily_config(game, date, await self.store.daily_secret(), caller.player_id)
        await self._check_table_limit(caller)
        table_id = secrets.token_urlsafe(12)
        earlier = await self.store.claim_daily(config.game, date, caller.player_id, table_id)
        if earlier is not None:
            raise ServiceError(
                Code.FAILED_PRECONDITION,
                f"you have had your attempt at today's ({date}) daily deal: tables/{earlier}; "
                "one attempt a day",
            )
        table = await self._open_table(caller, table_id, config, None, True, wording)
        return service_pb2.StartDailyDealResponse(table=table)

    async def compare_daily_deal(self, table_id: str, deal_number: int, score: int) -> Change:
        """Record what the strong computer scored in a daily deal's deal from the player's
        seat. A deal compared already answers ABORTED: the comparison counts once."""

        def entry(record: TableRecord) -> LogEntry:
            if deal_number not in record.shadows_due():
                raise ServiceError(
                    Code.ABORTED, f"deal {deal_number} of tables/{table_id} is compared already"
                )
            return Compare(deal_number, score)

        return await change_table(self.store, self.queue, table_id, entry, expected_version=None)

    async def list_tables(
        self, caller: Caller, request: service_pb2.ListTablesRequest
    ) -> service_pb2.ListTablesResponse:
        size = request.page_size or 20
        if not 1 <= size <= _MAX_PAGE:
            raise ServiceError(Code.INVALID_ARGUMENT, f"page_size must be 1 to {_MAX_PAGE}")
        if request.page_token and not (
            request.page_token.isascii() and request.page_token.isdigit() and len(request.page_token) <= 6
        ):
            raise ServiceError(Code.INVALID_ARGUMENT, "page_token must come from ListTablesResponse")
        offset = int(request.page_token or 0)
        if request.mine:
            ids = await self.store.player_tables(caller.player_id, offset, size + 1)
        else:
            ids = await self.store.open_tables(offset, size + 1)
        response = service_pb2.ListTablesResponse()
        for table_id in ids[:size]:
            record = await self.store.load(table_id)
            if record is None:
                continue
            if not request.mine and record.status is not TableStatus.WAITING:
                await self.store.forget_open(table_id)
                continue
            if request.game and record.config.game != request.game:
                continue
            response.tables.append(table_summary(record, record.seat_of(caller.player_id)))
        if len(ids) > size:
            response.next_page_token = str(offset + size)
        return response

    async def join_table(
        self, caller: Caller, request: service_pb2.JoinTableRequest
    ) -> service_pb2.JoinTableResponse:
        table_id = parse_table_name(request.table)
        wording = wording_of(request)
        _check_request_id(request.request_id, required=False)
        request_id = _own_request_id(caller, request.request_id)
        seat = request.seat if request.HasField("seat") else None
        view = await self._join(caller, table_id, seat, wording, request_id=request_id)
        return service_pb2.JoinTableResponse(table=view)

    async def leave_table(
        self, caller: Caller, request: service_pb2.LeaveTableRequest
    ) -> service_pb2.LeaveTableResponse:
        table_id = parse_table_name(request.table)
        _check_request_id(request.request_id, required=False)
        request_id = _own_request_id(caller, request.request_id)

        def entry(record: TableRecord) -> LogEntry:
            # The creator without a seat may withdraw a table nobody sits at yet, and stop
            # a running table of computers only.
            if record.seat_of(caller.player_id) is None and record.config.created_by == caller.player_id:
                computers_only = all(seat.played_by_computer for seat in record.seats)
                return Stop() if computers_only and record.status is TableStatus.PLAYING else Close()
            return Leave(_own_seat(record, caller))

        # One tag whatever the entry: a leave sent again finds the leaver without a seat,
        # which makes it a stop or a close, and must still be known as the same request.
        change = await change_table(
            self.store,
            self.queue,
            table_id,
            entry,
            expected_version=None,
            request_id=request_id,
            request_tag="leave",
        )
        # A leave answered as made before (its id) by a player who has since sat down
        # again leaves his seat and his stake where they are.
        if change.record.seat_of(caller.player_id) is None:
            await self.store.uncount_table([caller.player_id], table_id)
            if change.record.config.stake and change.record.status is not TableStatus.PLAYING:
                # Left before the start: the stake comes back at once.
                reason = "stake back: left before the start"
                await self.store.bank.refund(table_id, [caller.player_id], reason)
        return service_pb2.LeaveTableResponse()

    async def get_table(
        self, caller: Caller, request: service_pb2.GetTableRequest
    ) -> service_pb2.GetTableResponse:
        table_id = parse_table_name(request.table)
        wording = wording_of(request)
        stored = await self.store.fetch(table_id)
        if stored is None:
            raise ServiceError(Code.NOT_FOUND, f"there is no table {table_name(table_id)}")
        key = (table_id, stored.version, caller.player_id, wording)
        response = service_pb2.GetTableResponse()
        cached = self.views.get(key, stored)
        # A learner's advice is asked for at each look; it needs the table itself.
        if cached is not None and not cached.learning:
            response.table.CopyFrom(cached)
            response.table.server_time.FromMilliseconds(now_ms())
            return response
        record = self.store.restore(stored)
        seat = record.seat_of(caller.player_id)
        view = table_view(record, seat, wording)
        self.views.put(key, stored, view)
        response.table.CopyFrom(view)
        await self._learners_advice(record, seat, wording, response.advice)
        self.store.keep(record, stored.state)
        return response

    # Moves -------------------------------------------------------------------------

    async def submit_action(
        self, caller: Caller, request: service_pb2.SubmitActionRequest
    ) -> service_pb2.SubmitActionResponse:
        table_id = parse_table_name(request.table)

        def entry(record: TableRecord) -> LogEntry:
            # Who may act comes before what the request says: a stranger learns nothing
            # about a table from how his request is refused.
            seat = _own_seat(record, caller)
            return Act(seat, _requested_action(request), SeatKind.HUMAN, request=request.request_id)

        change = await change_table(
            self.store,
            self.queue,
            table_id,
            entry,
            expected_version=request.table_version,
            request_id=_own_request_id(caller, request.request_id),
            request_tag=_request_tag(request.table_version),
        )
        seat = change.record.seat_of(caller.player_id)
        wording = wording_of(request)
        response = service_pb2.SubmitActionResponse(table=table_view(change.record, seat, wording))
        await self._learners_advice(change.record, seat, wording, response.advice)
        if change.state:
            self.store.keep(change.record, change.state)
        return response

    async def submit_computer_action(
        self, table_id: str, table_version: int, seat: int, action: Action, reason: str
    ) -> None:
        """Apply a computer player's move for ``seat``, decided on ``table_version``."""

        def entry(record: TableRecord) -> LogEntry:
            return Act(seat, action, SeatKind.COMPUTER, note=reason)

        change = await change_table(
            self.store,
            self.queue,
            table_id,
            entry,
            expected_version=table_version,
            # A market runs on while a computer decides: a trade the table has since made
            # impossible is a stale move, not a wrong one.
            stale_when_refused=True,
            request_id=f"computer:{table_version}:{seat}",
            request_tag="computer",
        )
        if change.state:
            # The worker's next job is often at this table (``server.restored``).
            self.store.keep(change.record, change.state)

    async def expire_table(
        self, table_id: str, table_version: int, moves: tuple[tuple[int, Action], ...]
    ) -> Change:
        """The move clock ran out at ``table_version``: make ``moves`` for the people the
        table waited for. A table that moved on refuses it (ABORTED): they acted in time."""
        return await change_table(
            self.store, self.queue, table_id, lambda record: Expire(moves), expected_version=table_version
        )

    async def get_advice(
        self, caller: Caller, request: service_pb2.GetAdviceRequest
    ) -> service_pb2.GetAdviceResponse:
        table_id = parse_table_name(request.table)
        wording = wording_of(request)
        record = await self._load(table_id)
        seat = _own_seat(record, caller)
        if record.config.daily:
            raise ServiceError(
                Code.FAILED_PRECONDITION,
                "the daily deal is played without advice: it compares your own play with the strong "
                "computer's",
            )
        humans = [other for other in record.seats if other.kind is SeatKind.HUMAN and not other.left]
        if len(humans) > 1:
            raise ServiceError(
                Code.FAILED_PRECONDITION,
                "advice is given only at a table where you play alone against computer players",
            )
        match = record.match
        if match is None or record.status is not TableStatus.PLAYING or match.phase is not MatchPhase.DEAL:
            raise ServiceError(Code.FAILED_PRECONDITION, "advice is given during the bidding and trick play")
        # In a market a seat may trade while others are waited for: advice then too.
        if seat not in match.to_act() | match.may_act():
            raise ServiceError(
                Code.FAILED_PRECONDITION, "advice is given for your own decision: wait for your turn"
            )
        answer = await self.queue.request_advice(record, seat, self.settings.advice_timeout_ms)
        if answer is None:
            raise ServiceError(Code.UNAVAILABLE, "no computer player answered in time; try again")
        advice = service_pb2.GetAdviceResponse.FromString(answer)
        _render_advice(advice, texts_for(record, wording))
        return advice

    async def get_replay(
        self, caller: Caller, request: service_pb2.GetReplayRequest
    ) -> service_pb2.GetReplayResponse:
        table_id = parse_table_name(request.table)
        wording = wording_of(request)
        record = await self._load(table_id)
        if not any(seat.player_id == caller.player_id for seat in record.seats):
            raise ServiceError(
                Code.PERMISSION_DENIED, f"only those who sat at {table_name(table_id)} may read its replay"
            )
        if record.status is not TableStatus.FINISHED:
            raise ServiceError(
                Code.FAILED_PRECONDITION,
                f"{table_name(table_id)} has no finished match; a replay opens once the match is over",
            )
        entries = await self.store.log_entries(table_id, record.config.game)
        return match_replay(table_id, record.config, entries, texts_for(record, wording))

    # Leaderboards and statistics ---------------------------------------------------

    async def get_leaderboard(
        self, caller: Caller, request: service_pb2.GetLeaderboardRequest
    ) -> service_pb2.GetLeaderboardResponse:
        return await standings.leaderboard(self.store.board, caller.player_id, request, now_ms())

    async def get_statistics(
        self, caller: Caller, request: service_pb2.GetStatisticsRequest
    ) -> service_pb2.GetStatisticsResponse:
        return await standings.statistics(self.store.board, caller.player_id, now_ms())

    # Private helpers ---------------------------------------------------------------

    async def _learners_advice(
        self, record: TableRecord, seat: int | None, wording: Wording, advice: service_pb2.GetAdviceResponse
    ) -> None:
        """Fill ``advice`` when ``seat`` is the learner deciding at a learning table and a
        worker answers in time."""
        if seat is None or record.learner_deciding() != seat:
            return
        answer = await self.queue.request_advice(record, seat, self.settings.advice_timeout_ms)
        if answer is not None:
            advice.ParseFromString(answer)
            _render_advice(advice, texts_for(record, wording))

    async def _open_table(
        self,
        caller: Caller,
        table_id: str,
        config: TableConfig,
        seat: int | None,
        join: bool,
        wording: Wording,
    ) -> table_pb2.TableView:
        """Store a new table and seat its creator (at ``seat``, or the lowest open one) if
        ``join``; the table as the caller sees it."""
        record, events = TableRecord.new(table_id, config)
        if record.computer_turns():
            await self.queue.mark_due(table_id)
        if not await self.store.create(record, events):
            raise _TableIdTakenError(Code.ABORTED, "table id collision; try again")
        if record.status is TableStatus.WAITING:
            await self.store.announce_lobby()
        await self.queue.enqueue(record)
        await self.store.count_table(caller.player_id, table_id)
        if not join:
            return table_view(record, None, wording)
        return await self._join(caller, table_id, seat, wording, counted=True)

    async def _play_again(
        self, caller: Caller, request: service_pb2.CreateTableRequest, wording: Wording
    ) -> table_pb2.TableView:
        """The next match of the finished table ``request.again_of`` with its settings and a
        new shuffle, the caller at his seat of it; the finished table names it for its
        other people. Opened by another of them first: the caller joins that one."""
        given = {
            "game": bool(request.game),
            "rule_set": bool(request.rule_set),
            "options": bool(request.options),
            "seats": bool(request.seats),
            "join": request.join,
            "seat": request.HasField("seat"),
            "think_seconds": request.HasField("think_seconds"),
            "learning": request.learning,
            "count_points": request.count_points,
            "stake": bool(request.stake),
        }
        if any(given.values()):
            named = ", ".join(name for name, is_set in given.items() if is_set)
            raise ServiceError(
                Code.INVALID_ARGUMENT,
                f"again_of takes the finished table's settings: leave {named} unset",
            )
        finished_id = parse_table_name(request.again_of)
        finished = await self._load(finished_id)
        seat = finished.seat_of(caller.player_id)
        if seat is None:
            raise ServiceError(
                Code.PERMISSION_DENIED,
                f"only the people who played {table_name(finished_id)} to its end may open its next match",
            )
        if finished.next_table:
            return await self._join_next(caller, finished, finished.next_table, seat, wording)
        await self._check_next_match(caller, finished)
        table_id = secrets.token_urlsafe(12)

        def entry(record: TableRecord) -> LogEntry:
            if record.seat_of(caller.player_id) is None:
                raise ServiceError(Code.PERMISSION_DENIED, f"you have no seat at {table_name(record.id)}")
            return Again(table_id)

        # Named first, opened then: of two people asking at once, one names his table and
        # the other finds it named and joins it (in the moment between the two steps he
        # opens it himself, and the one who named it joins it).
        try:
            await change_table(self.store, self.queue, finished_id, entry, expected_version=None)
        except ServiceError as error:
            again = await self._load(finished_id)
            if error.code is not Code.FAILED_PRECONDITION or not again.next_table:
                raise
            return await self._join_next(caller, again, again.next_table, seat, wording)
        return await self._open_next(caller, finished, table_id, seat, wording)

    async def _check_next_match(self, caller: Caller, finished: TableRecord) -> None:
        """Whether the caller may open ``finished``'s next match: his table limit, its stake."""
        await self._check_table_limit(caller)
        stake = finished.config.stake
        if stake:
            balance = await self.store.bank.balance(caller.player_id)
            if balance < stake:
                raise ServiceError(Code.FAILED_PRECONDITION, _short(balance, stake))

    async def _open_next(
        self, caller: Caller, finished: TableRecord, table_id: str, seat: int, wording: Wording
    ) -> table_pb2.TableView:
        """Open ``finished``'s next match, named ``table_id``, with its settings and a new
        shuffle, the caller at his seat; opened by another of its people meanwhile, the
        caller joins it."""
        config = replace(finished.config, seed=secrets.randbits(64), created_by=caller.player_id)
        try:
            return await self._open_table(caller, table_id, config, seat, True, wording)
        except _TableIdTakenError:
            return await self._join_next(caller, finished, table_id, seat, wording)

    async def _join_next(
        self, caller: Caller, finished: TableRecord, table_id: str, seat: int, wording: Wording
    ) -> table_pb2.TableView:
        """The next match another person opened: the caller's seat at it, taken now unless
        he has it already (asking twice opens nothing twice). A next match named and never
        opened (the server that named it stopped before it opened it, or its answer was
        lost and the client asked again) is opened now, by the caller."""
        record = await self.store.load(table_id)
        if record is None:
            await self._check_next_match(caller, finished)
            return await self._open_next(caller, finished, table_id, seat, wording)
        held = record.seat_of(caller.player_id)
        if held is not None:
            return table_view(record, held, wording)
        return await self._join(caller, table_id, seat, wording)

    async def _pay_stake(self, caller: Caller, table_id: str) -> int:
        """Pay a waiting table's stake for the seat about to be taken; the stake paid."""
        record = await self._load(table_id)
        stake = record.config.stake
        if not stake or record.status is not TableStatus.WAITING:
            return 0
        paid, balance = await self.store.bank.stake(table_id, caller.player_id, stake, now_ms())
        if not paid:
            raise ServiceError(Code.FAILED_PRECONDITION, _short(balance, stake))
        return stake

    async def _check_table_limit(self, caller: Caller, joining: str = "") -> None:
        """Refuse a new table beyond the caller's limit; a table being joined that counts
        already (a join sent again after its answer was lost) is no new one."""
        counted = await self.store.unfinished_tables(caller.player_id)
        if joining not in counted and len(counted) >= self.settings.max_tables:
            raise ServiceError(
                Code.RESOURCE_EXHAUSTED,
                f"you already have {self.settings.max_tables} unfinished tables; finish or leave one first",
            )

    async def _join(
        self,
        caller: Caller,
        table_id: str,
        seat: int | None,
        wording: Wording,
        counted: bool = False,
        request_id: str = "",
    ) -> table_pb2.TableView:
        """Take a seat; ``counted`` when the table already counts against the caller's limit."""
        if not counted:
            await self._check_table_limit(caller, joining=table_id)

        def entry(record: TableRecord) -> LogEntry:
            chosen = seat
            if chosen is None:
                # A player who left the running match comes back to his own seat.
                left = [
                    index
                    for index, candidate in enumerate(record.seats)
                    if candidate.left and candidate.player_id == caller.player_id
                ]
                if left and record.status is TableStatus.PLAYING:
                    return Join(left[0], caller.player_id, caller.name)
                open_seats = [index for index, candidate in enumerate(record.seats) if candidate.open]
                if not open_seats:
                    raise ServiceError(Code.FAILED_PRECONDITION, "the table has no open seat")
                chosen = open_seats[0]
            return Join(chosen, caller.player_id, caller.name)

        stake = await self._pay_stake(caller, table_id)
        try:
            change = await change_table(
                self.store,
                self.queue,
                table_id,
                entry,
                expected_version=None,
                request_id=request_id,
                request_tag=f"join:{'' if seat is None else seat}",
            )
        except ServiceError:
            if stake:
                record = await self.store.load(table_id)
                if record is None or record.seat_of(caller.player_id) is None:
                    await self.store.bank.refund(table_id, [caller.player_id], "stake back: no seat taken")
            raise
        seated = change.record.seat_of(caller.player_id)
        # A join answered as made before (its id) by a player who has left since counts
        # nothing again.
        if seated is not None:
            await self.store.remember_seat(caller.player_id, table_id)
            if not change.record.status.over:
                await self.store.count_table(caller.player_id, table_id)
        return table_view(change.record, seated, wording)


# The highest stake a table may have.
MAX_STAKE = 10_000


class _TableIdTakenError(ServiceError):
    """A new table's id is another table's already."""


def _short(balance: int, stake: int) -> str:
    return f"your balance is {balance} chips, below the table's stake of {stake}: you cannot sit down"


# Think times a table may have (seeds: "Bedenkzeit", "Zug-Uhr"); 0 is no clock.
THINK_SECONDS = (0, 30, 60, 90, 120)
# The think time of a table for several people that names none.
DEFAULT_THINK_SECONDS = 120


def _think_seconds(request: service_pb2.CreateTableRequest, seats: list[tuple[SeatKind, str]]) -> int:
    if not request.HasField("think_seconds"):
        people = sum(1 for kind, _ in seats if kind is SeatKind.HUMAN)
        return DEFAULT_THINK_SECONDS if people > 1 else 0
    if request.think_seconds not in THINK_SECONDS:
        offered = ", ".join(str(value) for value in THINK_SECONDS[1:])
        raise ServiceError(
            Code.INVALID_ARGUMENT,
            f"think_seconds must be one of {offered}, or 0 for no clock; not {request.think_seconds}",
        )
    return request.think_seconds


def _own_seat(record: TableRecord, caller: Caller) -> int:
    seat = record.seat_of(caller.player_id)
    if seat is None:
        raise ServiceError(Code.PERMISSION_DENIED, f"you have no seat at {table_name(record.id)}")
    return seat


def _own_request_id(caller: Caller, request_id: str) -> str:
    """The id a change is committed under for the caller's ``request_id`` ("" for none):
    each player's ids are his own, so no other player, and no computer, can take one over."""
    return f"{caller.player_id}:{request_id}" if request_id else ""


def _check_request_id(request_id: str, *, required: bool) -> None:
    if not request_id and not required:
        return
    if not 1 <= len(request_id) <= _MAX_REQUEST_ID or not request_id.isprintable():
        wanted = f"1 to {_MAX_REQUEST_ID} printable characters (e.g. a UUID)"
        raise ServiceError(
            Code.INVALID_ARGUMENT,
            f"request_id must be {wanted}" if required else f"request_id must be empty or {wanted}",
        )


def _requested_action(request: service_pb2.SubmitActionRequest) -> Action:
    """The action a SubmitActionRequest asks for, once its fields are checked."""
    _check_request_id(request.request_id, required=True)
    if request.table_version < 1:
        raise ServiceError(Code.INVALID_ARGUMENT, "table_version must be the TableView.version you saw")
    if not request.HasField("action"):
        raise ServiceError(Code.INVALID_ARGUMENT, "action is required")
    wording_of(request)
    try:
        return convert.action_from_proto(request.action)
    except EngineError as error:
        raise from_engine(error) from None


def game_listing(in_german: bool) -> service_pb2.ListGamesResponse:
    """Every game with its rule sets and options, as ListGames answers (in German if asked)."""
    response = service_pb2.ListGamesResponse()
    for game in GAMES.values():
        declared = game.game_type
        info = service_pb2.GameInfo(
            id=declared.id,
            title=declared.title,
            seat_counts=list(declared.seat_counts),
            dynamics=convert.dynamics_to_proto(declared.dynamics),
            utility=convert.utility_to_proto(declared.utility),
            leaderboard_rule=declared.ranking.rule,
            statistics=standings.statistic_infos(declared.id),
            score_unit=convert.unit_to_proto(declared.unit),
        )
        for rule_set in declared.rule_sets:
            options = game.parse_options(rule_set.id, {})
            rule_set_info = service_pb2.RuleSetInfo(
                id=rule_set.id,
                title=rule_set.title,
                default_options={option.key: option.default for option in rule_set.options},
                announcements=game.announcements(options),
                options=[convert.option_to_proto(option) for option in rule_set.options],
            )
            convert.game_block(rule_set_info, "game_rules", declared.id, game.rules_detail(options))
            info.rule_sets.append(rule_set_info)
        response.games.append(info)
    if in_german:
        _list_in_german(response)
    return response


def _render_advice(advice: service_pb2.GetAdviceResponse, texts: Texts) -> None:
    """The advice's texts as the caller reads them: the reason and each call's label."""
    advice.reason = texts(advice.reason)
    for call in advice.calls:
        call.label = texts(call.label)


def _list_in_german(listing: service_pb2.ListGamesResponse) -> None:
    """The listing's texts for a German reader (ids and keys stay)."""
    for game in listing.games:
        game.title = german(game.title)
        game.leaderboard_rule = german(game.leaderboard_rule)
        game.score_unit.one, game.score_unit.many = german(game.score_unit.one), german(game.score_unit.many)
        for statistic in game.statistics:
            statistic.title = german(statistic.title)
        for rule_set in game.rule_sets:
            rule_set.title = german(rule_set.title)
            for option in rule_set.options:
                option.meaning = german(option.meaning)
                for value, label in list(option.value_labels.items()):
                    option.value_labels[value] = german(label)


def _request_tag(table_version: int) -> Callable[[LogEntry], str]:
    """A digest of a person's move and the version it was decided on: a request id sent
    again with another move or version is refused."""

    def tag(entry: LogEntry) -> str:
        assert isinstance(entry, Act)
        return digest(f"{table_version}:{entry.action}")

    return tag
