"""One connection to a single Redis that carries the commands of every task at once.

redis-py's asyncio client takes a pooled connection for each command, sends it through
asyncio's streams, guards it with timeouts and tasks, and gives the connection back:
about 80 µs of CPU around a command Redis answers in a few. Redis answers the commands
of one connection in the order they came, so a process needs no more than one
connection for its ordinary commands: each task appends its commands to the
connection's outgoing bytes and waits for as many replies, which come in the same order.
The commands of tasks that run in one turn of the event loop go out in one write.

``MultiplexedRedis`` is a redis-py client whose commands and pipelines go this way. Its
command methods, reply callbacks and exceptions are redis-py's own. Commands that hold
their connection (a blocking read, WATCH, SELECT and the like) and publish/subscribe go
through the client's pool of ordinary connections, as before.

What is kept of the pooled client:
- A connection is opened when a command needs one, with the URL's address, TLS options,
  user, password and database and the client's name; a refused connection fails.
- Every command fails after ``timeout_s`` without a reply: then all the commands waiting
  on that connection fail with a TimeoutError and the connection is closed, since the
  replies still to come would be paired with the wrong commands.
- A command whose connection closes before it is answered is sent again on a new one, a
  few times with a short backoff. Redis may have run it already, its answer lost on the
  way: every write is safe to run twice (``server.store``).
- Each send counts one round trip for the call it serves (``server.round_trips``).
- A transaction (MULTI ... EXEC) goes out in one write, so no other task's command falls
  inside it.
- ``server.round_trips.together`` sends its commands as a ``MultiplexedBatch``: the
  pipeline's commands and replies without the pipeline object's own upkeep.
"""

from __future__ import annotations

import asyncio
import inspect
from collections import deque
from collections.abc import Sequence
from typing import Any, Literal

import hiredis
from redis._parsers.base import BaseParser
from redis.asyncio import Redis
from redis.asyncio.client import Pipeline
from redis.asyncio.connection import SSLConnection, UnixDomainSocketConnection, parse_url
from redis.backoff import ExponentialBackoff
from redis.client import EMPTY_RESPONSE, NEVER_DECODE
from redis.commands.core import AsyncCoreCommands
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import (
    DataError,
    ExecAbortError,
    InvalidResponse,
    RedisError,
    ResponseError,
    WatchError,
)
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.utils import check_protocol_version

from server.round_trips import count_round_trip

# Commands that hold their connection or change its state: they go through the pool.
_OWN_CONNECTION = frozenset(
    {
        "BLPOP", "BRPOP", "BRPOPLPUSH", "BLMOVE", "BLMPOP", "BZPOPMIN", "BZPOPMAX", "BZMPOP",
        "WAIT", "WAITAOF", "WATCH", "UNWATCH", "MULTI", "EXEC", "DISCARD", "SELECT", "AUTH",
        "HELLO", "RESET", "CLIENT", "MONITOR", "SUBSCRIBE", "PSUBSCRIBE", "SSUBSCRIBE",
    }
)  # fmt: skip
# Reading a stream holds the connection only when it blocks.
_BLOCKING_WITH_OPTION = frozenset({"XREAD", "XREADGROUP"})
_RETRIES = 3
_BACKOFF = ExponentialBackoff(cap=0.5, base=0.02)


class _Waiting:
    """The commands of one send: how many replies it waits for, and by when."""

    __slots__ = ("count", "deadline", "future", "replies")

    def __init__(self, future: asyncio.Future[list[Any]], count: int, deadline: float) -> None:
        self.future = future
        self.count = count
        self.replies: list[Any] = []
        self.deadline = deadline


class _Connection(asyncio.Protocol):
    """One open connection: outgoing bytes, and the sends waiting for replies, in order."""

    def __init__(self, loop: asyncio.AbstractEventLoop, timeout_s: float) -> None:
        self.loop = loop
        self.timeout_s = timeout_s
        self.transport: asyncio.Transport | None = None
        self.closed = False
        self._reader = hiredis.Reader(protocolError=InvalidResponse, replyError=BaseParser.parse_error)
        self._waiting: deque[_Waiting] = deque()
        self._outgoing: list[bytes] = []
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def connection_lost(self, error: Exception | None) -> None:
        self._fail(
            RedisConnectionError(
                f"Redis closed the connection ({error!r})" if error else "Redis closed the connection"
            )
        )

    def data_received(self, data: bytes) -> None:
        self._reader.feed(data)
        while (reply := self._reader.gets()) is not False:
            if isinstance(reply, hiredis.PushNotification):
                continue  # a message of Redis's own, not a reply
            if not self._waiting:
                # The connection is out of step with its commands.
                self._fail(RedisConnectionError("Redis sent a reply no command was waiting for"))
                return
            first = self._waiting[0]
            first.replies.append(reply)
            if len(first.replies) == first.count:
                self._waiting.popleft()
                if not first.future.done():
                    first.future.set_result(first.replies)

    def send(self, packed: bytes, count: int) -> asyncio.Future[list[Any]]:
        """The ``count`` replies to the commands ``packed``, once they come."""
        if self.closed:
            raise RedisConnectionError("the connection to Redis is closed")
        future: asyncio.Future[list[Any]] = self.loop.create_future()
        deadline = self.loop.time() + self.timeout_s
        self._waiting.append(_Waiting(future, count, deadline))
        if not self._outgoing:
            self.loop.call_soon(self._flush)
        self._outgoing.append(packed)
        if self._timer is None:
            self._timer = self.loop.call_at(deadline, self._check_deadline)
        return future

    def close(self) -> None:
        self._fail(RedisConnectionError("the connection to Redis was closed by its client"))

    def _flush(self) -> None:
        if self.closed or self.transport is None:
            return
        outgoing, self._outgoing = self._outgoing, []
        self.transport.write(b"".join(outgoing))

    def _check_deadline(self) -> None:
        self._timer = None
        if not self._waiting:
            return
        oldest = self._waiting[0].deadline
        if oldest <= self.loop.time():
            self._fail(RedisTimeoutError(f"Redis did not answer within {self.timeout_s} s"))
        else:
            self._timer = self.loop.call_at(oldest, self._check_deadline)

    def _fail(self, error: RedisError) -> None:
        """Every waiting send fails with ``error``; the connection is not used again."""
        if self.closed:
            return
        self.closed = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        while self._waiting:
            waiting = self._waiting.popleft()
            if not waiting.future.done():
                # An error of its own for each: the caller notes its command on it.
                waiting.future.set_exception(type(error)(*error.args))
        self._outgoing = []
        if self.transport is not None:
            self.transport.abort()


class MultiplexedLink:
    """Sends commands to one Redis over one connection, opening it again when it closes."""

    def __init__(self, url: str, timeout_s: float, connect_timeout_s: float, client_name: str | None) -> None:
        self._options: dict[str, Any] = dict(parse_url(url))
        self._timeout_s = timeout_s
        self._connect_timeout_s = connect_timeout_s
        self._client_name = client_name
        self._connection: _Connection | None = None
        self._opening: asyncio.Task[_Connection] | None = None

    async def send(self, commands: Sequence[Sequence[Any]]) -> list[Any]:
        """The replies to ``commands``, sent in one write: replies that are errors come as
        exception objects. Counts one round trip."""
        packed = b"".join(_pack(command) for command in commands)
        failures = 0
        while True:
            try:
                connection = await self._connected()
                count_round_trip()
                replies = await connection.send(packed, len(commands))
                for reply in replies:
                    # Redis refusing the client (too many clients) is no reply to a command.
                    if isinstance(reply, RedisError) and not isinstance(reply, ResponseError):
                        raise reply
                return replies
            except RedisConnectionError:
                failures += 1
                if failures > _RETRIES:
                    raise
                await asyncio.sleep(_BACKOFF.compute(failures))

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    async def _connected(self) -> _Connection:
        connection = self._connection
        loop = asyncio.get_running_loop()
        if connection is not None and not connection.closed and connection.loop is loop:
            return connection
        # The connection opens in a task of its own, which the tasks that need it wait for:
        # a call cancelled while it waits (its deadline passed) leaves the opening to the others.
        opening = self._opening
        if opening is None or opening.done() or opening.get_loop() is not loop:
            opening = self._opening = loop.create_task(self._open(loop))
            opening.add_done_callback(_retrieved)
        return await asyncio.shield(opening)

    async def _open(self, loop: asyncio.AbstractEventLoop) -> _Connection:
        options = self._options
        connection = _Connection(loop, self._timeout_s)
        kind = options.get("connection_class")
        where = options.get("path") or f"{options.get('host', 'localhost')}:{options.get('port', 6379)}"
        try:
            async with asyncio.timeout(self._connect_timeout_s):
                if kind is UnixDomainSocketConnection:
                    await loop.create_unix_connection(lambda: connection, options["path"])
                else:
                    tls = _tls_context(options) if kind is SSLConnection else None
                    await loop.create_connection(
                        lambda: connection,
                        options.get("host", "localhost"),
                        int(options.get("port", 6379)),
                        ssl=tls,
                    )
        except (OSError, TimeoutError) as error:
            raise RedisConnectionError(f"cannot connect to Redis at {where}: {error!r}") from error
        greeting: list[list[Any]] = []
        password = options.get("password")
        if check_protocol_version(options.get("protocol"), 3):
            # The protocol the library speaks by default, whose reply shapes its callbacks read.
            hello: list[Any] = ["HELLO", 3]
            if password:
                hello += ["AUTH", options.get("username") or "default", password]
            greeting.append(hello)
        elif password:
            user = options.get("username")
            greeting.append(["AUTH", user, password] if user else ["AUTH", password])
        if int(options.get("db") or 0):
            greeting.append(["SELECT", int(options["db"])])
        if self._client_name:
            greeting.append(["CLIENT", "SETNAME", self._client_name])
        if greeting:
            replies = await connection.send(b"".join(_pack(command) for command in greeting), len(greeting))
            for reply in replies:
                if isinstance(reply, Exception):
                    connection.close()
                    raise reply
        self._connection = connection
        return connection


class MultiplexedRedis(Redis):
    """A redis-py client for a single Redis whose ordinary commands and pipelines go over
    one multiplexed connection (``MultiplexedLink``); the others use its pool."""

    def __init__(self, link: MultiplexedLink, **options: Any) -> None:
        super().__init__(**options)
        self.link = link

    async def execute_command(self, *args: Any, **options: Any) -> Any:
        try:
            if _holds_connection(args):
                return await super().execute_command(*args, **options)
            (reply,) = await self.link.send((args,))
            if isinstance(reply, ResponseError):
                if EMPTY_RESPONSE in options:
                    return options[EMPTY_RESPONSE]
                raise reply
            return await _parsed(self.response_callbacks, args[0], reply, options)
        except (RedisError, OSError) as error:
            error.add_note(command_note(args))
            raise

    def pipeline(self, transaction: bool = True, shard_hint: Any = None) -> Pipeline:
        return MultiplexedPipeline(
            self.link, self.connection_pool, self.response_callbacks, transaction, shard_hint
        )

    def batch(self) -> MultiplexedBatch:
        """Commands to send in one write, as a pipeline without a transaction sends them."""
        # The library's stubs declare an attribute abstract that no command method here uses.
        return MultiplexedBatch(self)  # type: ignore[abstract]

    async def aclose(self, close_connection_pool: bool | None = None) -> None:
        self.link.close()
        await super().aclose(close_connection_pool)


class MultiplexedPipeline(Pipeline):
    """A pipeline sent over the multiplexed connection, in one write."""

    def __init__(self, link: MultiplexedLink, *args: Any) -> None:
        super().__init__(*args)
        self.link = link

    async def execute(self, raise_on_error: bool = True) -> list[Any]:
        if self.watching or self.scripts:
            # A watch holds its connection; the library loads a pipeline's scripts itself.
            return await super().execute(raise_on_error)
        commands = self.command_stack
        try:
            if not commands:
                return []
            if self.is_transaction or self.explicit_transaction:
                return await self._transaction(commands, raise_on_error)
            replies = await self.link.send([arguments for arguments, _ in commands])
            if raise_on_error:
                self.raise_first_error(commands, replies)
            return await self._parsed_all(commands, replies)
        finally:
            await self.reset()

    async def _transaction(self, commands: list[Any], raise_on_error: bool) -> list[Any]:
        # As the library's own transaction: errors of queuing take their command's place
        # in EXEC's reply, and EXEC refused for them raises the first.
        replies = await self.link.send([("MULTI",), *(arguments for arguments, _ in commands), ("EXEC",)])
        errors: list[tuple[int, ResponseError]] = []
        if isinstance(replies[0], ResponseError):
            errors.append((0, replies[0]))
        for index, (arguments, _) in enumerate(commands):
            queued = replies[index + 1]
            if isinstance(queued, ResponseError):
                self.annotate_exception(queued, index + 1, arguments)
                errors.append((index, queued))
        executed = replies[-1]
        if isinstance(executed, ExecAbortError):
            raise errors[0][1] if errors else executed
        if isinstance(executed, ResponseError):
            raise executed
        if executed is None:
            raise WatchError("Watched variable changed.")
        for index, error in errors:
            executed.insert(index, error)
        if len(executed) != len(commands):
            raise ResponseError("Wrong number of response items from pipeline execution")
        if raise_on_error:
            self.raise_first_error(commands, executed)
        return await self._parsed_all(commands, executed)

    async def _parsed_all(self, commands: list[Any], replies: list[Any]) -> list[Any]:
        # A command's error stays in its place among the replies.
        return [
            reply
            if isinstance(reply, Exception)
            else await _parsed(self.response_callbacks, arguments[0], reply, options)
            for (arguments, options), reply in zip(commands, replies, strict=True)
        ]


class MultiplexedBatch(AsyncCoreCommands):
    """Commands that redis-py's command methods add, sent over the multiplexed connection
    in one write: what a pipeline without a transaction does, without the pipeline's own
    state to set up and reset at every round trip."""

    def __init__(self, client: MultiplexedRedis) -> None:
        self.client = client
        self.commands: list[tuple[tuple[Any, ...], dict[str, Any]]] = []

    async def __aenter__(self) -> MultiplexedBatch:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        self.commands = []

    def execute_command(self, *args: Any, **options: Any) -> MultiplexedBatch:
        self.commands.append((args, options))
        return self

    async def execute(self, raise_on_error: Literal[False] = False) -> list[Any]:
        """The replies in order, each as the library's callback for its command makes it;
        a reply that is an error stays in its place (as a pipeline's do when it is not to
        raise them, which is how ``together`` sends)."""
        commands, self.commands = self.commands, []
        if not commands:
            return []
        replies = await self.client.link.send([arguments for arguments, _ in commands])
        parsed = []
        callbacks = self.client.response_callbacks
        for (arguments, options), reply in zip(commands, replies, strict=True):
            if not isinstance(reply, Exception) and arguments[0] in callbacks:
                # Most replies (a script's, a hash's fields) have no callback to go through.
                reply = await _parsed(callbacks, arguments[0], reply, options)
            parsed.append(reply)
        return parsed


def command_note(args: Sequence[Any]) -> str:
    """Which command, on which key, an error happened in."""
    name = text(args[0]) if args else "?"
    key = ""
    if name.upper() in ("EVALSHA", "EVAL") and len(args) > 3 and int(args[2]) > 0:
        key = text(args[3])
    elif len(args) > 1:
        key = text(args[1])
    return f"redis command {name} {key}".rstrip()


def text(value: object) -> str:
    """A Redis reply (bytes, as the client is not decoding) as text."""
    return value.decode() if isinstance(value, bytes) else str(value)


def _retrieved(task: asyncio.Task[Any]) -> None:
    # An opening that failed after every task waiting for it was cancelled is not an error
    # to report: the next command opens the connection again.
    if not task.cancelled():
        task.exception()


def _holds_connection(args: Sequence[Any]) -> bool:
    name = text(args[0]).upper()
    if name in _OWN_CONNECTION:
        return True
    return name in _BLOCKING_WITH_OPTION and any(arg in (b"BLOCK", "BLOCK") for arg in args)


def _pack(command: Sequence[Any]) -> bytes:
    name = command[0]
    if isinstance(name, str) and " " in name:
        # The library names some commands by two words ("SCRIPT LOAD"): two arguments.
        command = (*name.split(), *command[1:])
    try:
        return hiredis.pack_command(tuple(command))
    except TypeError as error:
        raise DataError(f"invalid argument in {command_note(command)}: {error}") from error


async def _parsed(callbacks: Any, name: Any, reply: Any, options: Any) -> Any:
    """The reply as the library's callback for the command makes it."""
    options.pop(NEVER_DECODE, None)
    options.pop(EMPTY_RESPONSE, None)
    options.pop("keys", None)
    callback = callbacks.get(name)
    if callback is None:
        return reply
    parsed = callback(reply, **options)
    return await parsed if inspect.isawaitable(parsed) else parsed


def _tls_context(options: dict[str, Any]) -> Any:
    # The library's own TLS connection reads the URL's TLS options into its context.
    settings = {key: value for key, value in options.items() if key.startswith("ssl_")}
    return SSLConnection(**settings).ssl_context.get()
