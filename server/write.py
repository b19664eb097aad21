"""The one write path: every change to a table goes through ``change_table``.

It loads the table, lets the caller build one log entry from what it sees, applies the
entry with the engine's checks, and commits state, log entry and events with a
compare-and-set on the table version. Human moves, computer moves, joins, leaves and
continues all arrive here; nothing else writes a table after its creation.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from engine.errors import EngineError, InvalidActionError
from server import metrics
from server.clock import deadline_after
from server.errors import Code, ServiceError, from_engine
from server.jobs import JobQueue
from server.store import CommitStatus, Store, now_ms
from server.table import TableRecord, TableStatus
from server.table_log import Act, Expire, LogEntry

# Retries for changes that are not tied to a version the client saw (join, leave).
_ATTEMPTS = 5


@dataclass(frozen=True)
class Change:
    """The table after a change (or after the change that used the same request id)."""

    record: TableRecord
    # The state the change committed ("" for a repeated request): a caller done with
    # ``record`` gives it back to the store with it (``Store.keep``).
    state: str = ""


async def change_table(
    store: Store,
    queue: JobQueue,
    table_id: str,
    build_entry: Callable[[TableRecord], LogEntry],
    *,
    expected_version: int | None,
    stale_when_refused: bool = False,
    request_id: str = "",
    request_tag: str | Callable[[LogEntry], str] = "",
) -> Change:
    """Apply one change to a table, or raise ServiceError and change nothing.

    ``build_entry`` makes the log entry from the table as loaded; it first checks that the
    caller may make the change (PERMISSION_DENIED) and then what the request says
    (INVALID_ARGUMENT). ``expected_version`` is the version the change was decided on (a
    client's table_version, an AI job's version); a table that has moved on answers
    ABORTED, but only after those checks and after the game's own check that the action
    exists at all (INVALID_ARGUMENT), so that a stranger learns nothing from a version and
    a request that can never succeed is not sent to fetch the table and try again. Then
    the rules decide (FAILED_PRECONDITION). With None the change is rebuilt on the fresh
    table after a conflict (joins, leaves). An action the game takes in any order (a
    continue, a market's offer) is checked against the table as it is, like a change
    without an expected version. ``stale_when_refused`` is for a computer's move: one the
    rules refuse on a table that has moved on from ``expected_version`` was decided for a
    table that is gone (a bid another bid has overtaken, an offer for a card turned up
    since), so it answers ABORTED like any stale move; refused at its own version, it is a
    fault of the computer.
    ``request_id`` makes a retry of the same change apply once; ``request_tag`` (or what it
    makes of the entry) is a digest of the request, so a reused id with different content
    is refused. A change without one gets an id of its own: a commit whose answer was lost
    on the way (its connection broke after Redis ran it) is sent again, and must find
    that it was made rather than be made again or refused.
    """
    given = request_id
    request_id = request_id or f"once:{secrets.token_hex(8)}"

    async def made_before(record: TableRecord, tag: str) -> Change | None:
        """This change as it was answered when first made: a retry of a change that was
        applied finds the table moved on, no longer taking it, or the caller no longer
        entitled to it (a leaver has no seat left to leave). An id of the change's own
        is found by no earlier attempt."""
        previous = await store.request_outcome(table_id, request_id) if given else None
        return None if previous is None else _duplicate(record, previous[1], tag)

    for _ in range(_ATTEMPTS):
        record = await store.load(table_id)
        if record is None:
            raise ServiceError(Code.NOT_FOUND, f"there is no table tables/{table_id}")
        version = record.version
        status = record.status
        waited, deadline = record.clock_wait(), record.deadline_ms
        awarded, shadowed = len(record.awards), record.shadows_due()
        try:
            entry = build_entry(record)
        except ServiceError:
            if expected_version is None and isinstance(request_tag, str):
                earlier = await made_before(record, request_tag)
                if earlier is not None:
                    return earlier
            raise
        tag = request_tag(entry) if callable(request_tag) else request_tag
        decided_on = None if _order_free(record, entry) else expected_version
        # (A change the table takes is checked against its id by the commit.)
        if decided_on is not None and version != decided_on:
            earlier = await made_before(record, tag)
            if earlier is not None:
                return earlier
        try:
            events = record.apply(entry)
            refused = None
        except EngineError as error:
            refused = error
        if decided_on is None and refused is not None:
            earlier = await made_before(record, tag)
            if earlier is not None:
                return earlier
        if decided_on is not None and version != decided_on:
            if isinstance(refused, InvalidActionError):
                raise from_engine(refused) from None
            metrics.VERSION_CONFLICTS.inc()
            raise _stale(decided_on, version)
        if refused is not None:
            moved_on = expected_version is not None and version != expected_version
            if stale_when_refused and moved_on and not isinstance(refused, InvalidActionError):
                raise ServiceError(
                    Code.ABORTED,
                    f"the move decided at table_version {expected_version} no longer applies at "
                    f"version {version}: {from_engine(refused).message}",
                ) from None
            raise from_engine(refused) from None
        moved = isinstance(entry, Act | Expire)
        record.deadline_ms = deadline_after(record, waited, deadline, moved, now_ms(), store.settings)
        # Noted before the state is, so that no clock and no computer's turn is lost if
        # this process dies after the commit (the sweepers start from these notes).
        notes = []
        if record.deadline_ms is not None and record.deadline_ms != deadline:
            notes.append(store.deadlines.note_step(table_id, record.deadline_ms))
        if record.awaits_computer():
            notes.append(queue.due_step(table_id))
        noted = None
        if len(record.awards) > awarded:
            noted = now_ms()
            notes.append(store.board.note_step(table_id, noted))
        outcome = await store.commit(record, version, [entry], events, request_id, tag, before=notes)
        if outcome.status is CommitStatus.OK:
            if isinstance(entry, Act):
                metrics.ACTIONS_APPLIED.labels(record.config.game, entry.by).inc()
            await _after_commit(store, queue, record, status, noted, shadowed)
            return Change(record, outcome.state)
        if outcome.status is CommitStatus.DUPLICATE:
            fresh = await store.load(table_id)
            assert fresh is not None
            change = _duplicate(fresh, outcome.request_tag, tag)
            if outcome.version == version + 1:
                # This change, committed on this very version by this commit sent again
                # after its answer was lost (or by the same request sent twice at once):
                # what follows the commit may not have happened yet, and each of its
                # steps is safe twice.
                await _after_commit(store, queue, fresh, status, noted, shadowed)
            return change
        if outcome.status is CommitStatus.MISSING:
            raise ServiceError(Code.NOT_FOUND, f"there is no table tables/{table_id}")
        metrics.VERSION_CONFLICTS.inc()
        if decided_on is not None:
            raise _stale(decided_on, outcome.version)
    raise ServiceError(Code.ABORTED, "the table changed too often while trying; try again")


def _order_free(record: TableRecord, entry: LogEntry) -> bool:
    """Whether ``entry`` is a move checked against the table as it is, whatever version
    it was decided on. A continue decides nothing about the table's state: it applies
    whenever the seat still owes one, so that two players continuing at once both
    succeed; the same holds for a game's order-free actions (an offer in a market)."""
    return isinstance(entry, Act) and record.match is not None and record.match.order_free(entry.action)


async def _after_commit(
    store: Store,
    queue: JobQueue,
    record: TableRecord,
    status: TableStatus,
    noted: int | None,
    shadowed: list[int],
) -> None:
    """What a committed change sets going beyond its table: awards and pots, the indexes
    and the lobby, the computers' jobs, a daily deal's comparisons, a learner's advice.
    Each is also made good later if the process dies before it (see their modules)."""
    if record.config.stake:
        await store.bank.settle(record.id, record, now_ms())
    if record.status != status:
        await store.index_status(record)
        if record.status.over:
            players = [seat.player_id for seat in record.seats if seat.player_id is not None]
            await store.uncount_table([record.config.created_by, *players], record.id)
    if TableStatus.WAITING in (status, record.status):
        await store.announce_lobby()
    # The awards go to the boards in the round trip of the computers' jobs.
    awards = [] if noted is None else [store.board.apply_step(record, now_ms(), noted)]
    await queue.enqueue(record, along=awards)
    for deal_number in record.shadows_due():
        if deal_number not in shadowed:
            await queue.request_shadow(record, deal_number)
    learner = record.learner_deciding()
    if learner is not None:
        await queue.prepare_advice(record, learner, store.settings.advice_timeout_ms)


def _duplicate(record: TableRecord, stored_tag: str, request_tag: str) -> Change:
    if stored_tag != request_tag:
        raise ServiceError(
            Code.INVALID_ARGUMENT,
            "request_id was already used for a different request; use a new id per action",
        )
    return Change(record)


def _stale(expected: int, current: int) -> ServiceError:
    return ServiceError(
        Code.ABORTED,
        f"table_version {expected} is not current (the table is at version {current}); "
        "fetch the table and decide again",
    )
