"""Round trips to Redis: counted for each call, and several commands sent in one.

A unary call's round trips are counted (``counting_round_trips``) where every command
and every pipeline goes out: ``server.multiplexed.MultiplexedLink.send`` on a single
Redis, ``server.store.StoreConnection`` on a pooled connection (a cluster's). The server
exports them per method (``speedgamez_redis_round_trips``). ``together`` sends several
commands, and scripts, in one round trip.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import ClusterPipeline
from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError

# The round trips of the call this task serves (``counting_round_trips``); None outside one.
_ROUND_TRIPS: ContextVar[list[int] | None] = ContextVar("round_trips", default=None)


@contextmanager
def counting_round_trips() -> Iterator[list[int]]:
    """Count the sends to Redis made in this block (and tasks it starts) in a one-item list."""
    counter = [0]
    token = _ROUND_TRIPS.set(counter)
    try:
        yield counter
    finally:
        _ROUND_TRIPS.reset(token)


def count_round_trip() -> None:
    """One more round trip for the call this task serves, if it is counted."""
    counter = _ROUND_TRIPS.get()
    if counter is not None:
        counter[0] += 1


@contextmanager
def uncounted() -> Iterator[None]:
    """Sends in this block count for no call."""
    token = _ROUND_TRIPS.set(None)
    try:
        yield
    finally:
        _ROUND_TRIPS.reset(token)


class CountedClusterPipeline(ClusterPipeline):
    """A cluster pipeline sends to each node it needs at once: one round trip, not one per node."""

    async def execute(self, raise_on_error: bool = True, allow_redirections: bool = True) -> list[Any]:
        count_round_trip()
        with uncounted():
            return await super().execute(raise_on_error, allow_redirections)


@dataclass(frozen=True)
class Step:
    """One command sent by ``together``: the command and key it is (for the log when it
    fails), what it adds to the pipeline, and the script it runs, if any (a script goes
    by its digest, so Redis must know it)."""

    about: str
    add: Callable[[Any], object]
    script: AsyncScript | None = None


def script_step(script: AsyncScript, keys: Sequence[str], args: Sequence[Any]) -> Step:
    # By name: a cluster pipeline refuses its evalsha method, not the command.
    return Step(
        f"EVALSHA {keys[0]}",
        lambda pipe: pipe.execute_command("EVALSHA", script.sha, len(keys), *keys, *args),
        script,
    )


async def together(redis: Redis, steps: Sequence[Step]) -> list[Any]:
    """The replies of ``steps``, sent to Redis in one round trip (a pipeline; on a cluster,
    to each node it needs at once). A single Redis runs them in order; they are not a
    transaction. A script Redis no longer knows (it restarted, or its scripts were
    flushed) is loaded and its step alone sent again after the others, so that no other
    step runs twice for it; the first step that failed otherwise raises its error."""
    replies: list[Any] = [None] * len(steps)
    pending = list(range(len(steps)))
    for attempt in (1, 2):
        # The multiplexed client's batch (``server.multiplexed``) sends as a pipeline does,
        # with less work; other clients send a pipeline.
        batch = getattr(redis, "batch", None)
        async with batch() if batch else redis.pipeline(transaction=False) as pipe:
            for index in pending:
                steps[index].add(pipe)
            try:
                sent = await pipe.execute(raise_on_error=False)
            except Exception as error:
                # The log names what failed, as for a single command (``server.store``).
                error.add_note(f"redis command {', '.join(steps[index].about for index in pending)}")
                raise
            for index, reply in zip(pending, sent, strict=True):
                replies[index] = reply
        unknown = [index for index in pending if isinstance(replies[index], NoScriptError)]
        if not unknown or attempt == 2:
            break
        for script in {id(steps[index].script): steps[index].script for index in unknown}.values():
            assert script is not None
            await redis.script_load(script.script)
        pending = unknown
    for step, reply in zip(steps, replies, strict=True):
        if isinstance(reply, Exception):
            reply.add_note(f"redis command {step.about}")
            raise reply
    return replies
