"""The process's one connection to a single Redis (``server.multiplexed``), against a real
Redis: every task gets its own replies, the library's replies and errors are the same as
on its own connections, and the connection survives what a Redis does to it (closing it,
freezing, refusing a password), over plain TCP and TLS."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from redis.asyncio import Redis
from redis.exceptions import AuthenticationError, ResponseError

from server.multiplexed import MultiplexedLink, MultiplexedRedis
from server.round_trips import Step, counting_round_trips, script_step, together
from server.settings import Settings
from server.store import connect
from tools.capacity import fresh_redis
from tools.processes import RedisServer, binary, free_port


@pytest.fixture(scope="module")
def store() -> Iterator[RedisServer]:
    with fresh_redis() as server:
        yield server


def _run(url: str, scenario: Callable[[Redis], Awaitable[Any]], timeout_s: float = 5.0) -> Any:
    async def main() -> Any:
        client = connect(Settings(redis_url=url, redis_timeout_s=timeout_s), "multiplexed-test")
        try:
            return await scenario(client)
        finally:
            await client.aclose()

    return asyncio.run(main())


def _connection_ids(store: RedisServer) -> list[str]:
    """The ids of the test client's connections, as Redis lists them."""
    looking = store.client()
    listed = looking.client_list()
    looking.close()
    return [entry["id"] for entry in listed if entry["name"] == "multiplexed-test"]


def test_the_commands_of_many_tasks_share_one_connection_and_each_task_gets_its_own_replies(
    store: RedisServer,
) -> None:
    async def scenario(client: Redis) -> tuple[list[Any], list[str]]:
        assert isinstance(client, MultiplexedRedis)

        async def task(number: int) -> Any:
            key = f"sg:test:many:{number}"
            await client.set(key, number)
            async with client.pipeline(transaction=number % 2 == 0) as pipe:
                pipe.incrby(key, 1000)
                pipe.get(key)
                pipe.hset(f"{key}:h", mapping={"a": number})
                pipe.hgetall(f"{key}:h")
                replies = await pipe.execute()
            return [*replies[1:4], await client.exists(key)]

        replies = await asyncio.gather(*(task(number) for number in range(300)))
        return replies, _connection_ids(store)

    replies, connections = _run(store.url, scenario)
    assert replies == [
        [str(1000 + number).encode(), 1, {b"a": str(number).encode()}, 1] for number in range(300)
    ]
    assert len(connections) == 1, connections


def test_replies_and_errors_are_the_librarys_own(store: RedisServer) -> None:
    """The same commands through the library's own client and through the multiplexed
    connection give equal replies, and errors of the same type and text."""

    async def commands(client: Redis) -> list[Any]:
        await client.flushdb()
        prefix = "sg:test:same"
        stream = f"{prefix}:stream"
        script = client.register_script("return {KEYS[1], ARGV[1], redis.call('INCR', KEYS[1])}")
        steps: list[Callable[[], Awaitable[Any]]] = [
            lambda: client.set(f"{prefix}:s", "zaż", px=60000),
            lambda: client.get(f"{prefix}:s"),
            lambda: client.set(f"{prefix}:s", "x", nx=True),
            lambda: client.incrbyfloat(f"{prefix}:f", 1.5),
            lambda: client.zadd(f"{prefix}:z", {"a": 1.5, "b": 2, "c": 10**12}),
            lambda: client.zrange(f"{prefix}:z", 0, -1, withscores=True),
            lambda: client.zrevrangebyscore(f"{prefix}:z", "+inf", "-inf", withscores=True, start=0, num=2),
            lambda: client.zscore(f"{prefix}:z", "a"),
            lambda: client.hset(f"{prefix}:h", mapping={"x": 1, "y": b"\x00\xff"}),
            lambda: client.hgetall(f"{prefix}:h"),
            lambda: client.hmget(f"{prefix}:h", ["x", "missing"]),
            lambda: client.xgroup_create(stream, "group", id="0", mkstream=True),
            lambda: client.xadd(stream, {"job": "one"}, id="1-1"),
            lambda: client.xreadgroup("group", "reader", {stream: ">"}, count=5),
            lambda: client.xpending(stream, "group"),
            lambda: client.xack(stream, "group", "1-1"),
            lambda: script(keys=[f"{prefix}:n"], args=["a"]),
            lambda: client.evalsha("0" * 40, 0),
            lambda: client.lpush(f"{prefix}:s", "x"),
            lambda: client.execute_command("NO-SUCH-COMMAND"),
            lambda: client.xgroup_create(stream, "group", id="0"),
            lambda: client.ttl(f"{prefix}:s"),
            lambda: client.exists(f"{prefix}:s", f"{prefix}:missing"),
        ]
        outcomes: list[Any] = []
        for step in steps:
            try:
                outcomes.append(await step())
            except ResponseError as error:
                outcomes.append((type(error).__name__, str(error)))
        async with client.pipeline(transaction=True) as pipe:
            pipe.set(f"{prefix}:t", 1)
            pipe.lpush(f"{prefix}:t", "wrong type")
            pipe.get(f"{prefix}:t")
            outcomes.append(
                [repr(reply).replace(prefix, "P") for reply in await pipe.execute(raise_on_error=False)]
            )
        try:
            async with client.pipeline(transaction=True) as pipe:
                pipe.set(f"{prefix}:t", 1)
                pipe.execute_command("SET", f"{prefix}:t")  # refused when queued
                await pipe.execute()
        except ResponseError as error:
            outcomes.append((type(error).__name__, str(error)))
        return outcomes

    async def both(client: Redis) -> tuple[list[Any], list[Any]]:
        plain = Redis(connection_pool=client.connection_pool)
        return await commands(plain), await commands(client)

    library, multiplexed = _run(store.url, both)
    assert multiplexed == library
    assert ("NoScriptError", "No matching script. Please use EVAL.") in multiplexed


def test_a_command_whose_connection_redis_closes_is_sent_again_on_a_new_one(store: RedisServer) -> None:
    async def scenario(client: Redis) -> tuple[Any, int, list[str], list[str]]:
        await client.set("sg:test:closed", "kept")
        before = _connection_ids(store)
        # Redis closes the connection; the client learns it only at its next command.
        killing = store.client()
        killing.client_kill_filter(_id=before[0])
        killing.close()
        with counting_round_trips() as round_trips:
            value = await client.get("sg:test:closed")
        return value, round_trips[0], before, _connection_ids(store)

    value, round_trips, before, after = _run(store.url, scenario)
    assert value == b"kept"
    assert len(after) == 1 and after != before
    assert round_trips in (1, 2), "sent again at most once, on the new connection"


def test_a_frozen_redis_fails_every_waiting_command_in_time_and_the_next_command_gets_a_new_connection(
    tmp_path: Path,
) -> None:
    frozen = RedisServer(free_port(), tmp_path / "redis")
    frozen.start()
    assert frozen.process is not None
    process = frozen.process

    async def scenario(client: Redis) -> tuple[list[str], Any]:
        await client.set("sg:test:frozen", "kept")
        process.send_signal(signal.SIGSTOP)
        try:
            # Redis thaws only after every command has had its answer: a command that
            # waited past its timeout would wait here for good.
            outcomes = await asyncio.gather(
                *(client.get("sg:test:frozen") for _ in range(20)), return_exceptions=True
            )
        finally:
            process.send_signal(signal.SIGCONT)
        described = [f"{type(outcome).__name__}: {getattr(outcome, '__notes__', [])}" for outcome in outcomes]
        return described, await client.get("sg:test:frozen")

    try:
        outcomes, value = _run(frozen.url, scenario, timeout_s=0.5)
    finally:
        frozen.stop()
    # Each command's error names that command alone.
    assert outcomes == ["TimeoutError: ['redis command GET sg:test:frozen']"] * 20
    assert value == b"kept"


def test_a_call_cancelled_while_the_connection_opens_leaves_the_opening_to_the_others(tmp_path: Path) -> None:
    frozen = RedisServer(free_port(), tmp_path / "redis")
    frozen.start()
    assert frozen.process is not None
    process = frozen.process

    async def scenario(client: Redis) -> Any:
        assert isinstance(client, MultiplexedRedis)
        await client.set("sg:test:opening", "kept")
        client.link.close()
        # A frozen Redis accepts the connection but does not answer its greeting yet.
        process.send_signal(signal.SIGSTOP)
        try:

            async def read() -> Any:
                return await client.get("sg:test:opening")

            cancelled = asyncio.create_task(read())
            other = asyncio.create_task(read())
            await asyncio.sleep(0)  # both wait for the connection, which opens in a task
            opening = client.link._opening
            assert opening is not None and not opening.done()
            cancelled.cancel()
            await asyncio.sleep(0)
        finally:
            process.send_signal(signal.SIGCONT)
        return await other

    try:
        value = _run(frozen.url, scenario)
    finally:
        frozen.stop()
    assert value == b"kept"


def test_a_wrong_password_is_refused_with_the_librarys_authentication_error(tmp_path: Path) -> None:
    guarded = RedisServer(free_port(), tmp_path / "redis", password="right")
    guarded.start()
    try:
        assert _run(guarded.url, lambda client: client.ping())
        wrong_url = guarded.url.replace(":right@", ":wrong@")
        with pytest.raises(AuthenticationError):
            _run(wrong_url, lambda client: client.ping())
    finally:
        guarded.stop()


def test_tls_with_a_password_and_a_database_works_as_with_the_library(tmp_path: Path) -> None:
    certificate, key = tmp_path / "redis.crt", tmp_path / "redis.key"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            "-keyout", str(key), "-out", str(certificate),
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    port = free_port()
    process = subprocess.Popen(
        [
            binary("redis-server"), "--port", "0", "--tls-port", str(port), "--bind", "127.0.0.1",
            "--tls-cert-file", str(certificate), "--tls-key-file", str(key),
            "--tls-ca-cert-file", str(certificate), "--tls-auth-clients", "no",
            "--requirepass", "secret", "--save", "", "--dir", str(tmp_path),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"rediss://:secret@127.0.0.1:{port}/3?ssl_ca_certs={certificate}"
    try:
        library = redis.Redis.from_url(url)
        while True:
            assert process.poll() is None, "redis-server with TLS exited"
            try:
                library.ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)

        async def scenario(client: Redis) -> Any:
            assert isinstance(client, MultiplexedRedis)
            await client.set("sg:test:tls", "over tls")
            return await client.get("sg:test:tls")

        assert _run(url, scenario) == b"over tls"
        # The same database, seen by the library's own client.
        assert library.get("sg:test:tls") == b"over tls"
        library.close()
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_link_to_nowhere_fails_as_the_store_being_away() -> None:
    async def scenario() -> None:
        link = MultiplexedLink(f"redis://127.0.0.1:{free_port()}/0", 1.0, 1.0, None)
        await link.send([("PING",)])

    with pytest.raises(redis.ConnectionError):
        asyncio.run(scenario())


def test_commands_sent_together_reply_as_through_a_library_pipeline(store: RedisServer) -> None:
    """``together`` sends the multiplexed client's commands as a batch of its own, not a
    pipeline: each reply is parsed as the library parses it, an error stays in its place
    (here raised, as ``together`` raises it, naming its command), and a script Redis does
    not know is loaded and its step alone sent again."""

    async def commands(client: Redis) -> list[Any]:
        await client.flushdb()
        await client.script_flush()
        prefix = "sg:test:together"
        script = client.register_script("return {KEYS[1], ARGV[1], redis.call('INCR', KEYS[1])}")
        steps = [
            Step("SET", lambda pipe: pipe.set(f"{prefix}:s", "zaż")),
            Step("HSET", lambda pipe: pipe.hset(f"{prefix}:h", mapping={"x": 1, "y": b"\x00\xff"})),
            Step("HMGET", lambda pipe: pipe.hmget(f"{prefix}:h", ["x", "missing"])),
            Step("ZADD", lambda pipe: pipe.zadd(f"{prefix}:z", {"a": 1.5, "b": 2})),
            Step("ZRANGE", lambda pipe: pipe.zrange(f"{prefix}:z", 0, -1, withscores=True)),
            script_step(script, [f"{prefix}:n"], ["a"]),
            Step("EXISTS", lambda pipe: pipe.exists(f"{prefix}:s", f"{prefix}:missing")),
        ]
        outcomes: list[Any] = [await together(client, steps)]
        # The script is known now: sent once more, it runs once more.
        outcomes.append(await together(client, steps[5:]))
        wrong = Step(f"LPUSH {prefix}:s", lambda pipe: pipe.lpush(f"{prefix}:s", "x"))
        try:
            await together(client, [steps[1], wrong, steps[2]])
        except ResponseError as error:
            outcomes.append((type(error).__name__, str(error), error.__notes__))
        return outcomes

    async def both(client: Redis) -> tuple[list[Any], list[Any]]:
        assert hasattr(client, "batch") and not hasattr(Redis, "batch")
        plain = Redis(connection_pool=client.connection_pool)
        return await commands(plain), await commands(client)

    library, multiplexed = _run(store.url, both)
    assert multiplexed == library
    assert multiplexed[0][2] == [b"1", None] and multiplexed[1] == [[b"sg:test:together:n", b"a", 2], 1]
    assert multiplexed[2][2] == ["redis command LPUSH sg:test:together:s"]
