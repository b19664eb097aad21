"""Every Redis key the service uses, in one place.

All keys of one table carry the table id as hash tag (``{...}``), so every multi-key
operation on a table (the compare-and-set script) stays in one Redis Cluster slot.

=================================  ======  ===========================================
key                                type    contents
=================================  ======  ===========================================
sg:player:{player_id}              hash    ``name``, ``created_ms``
sg:token:{<sha256 of token>}       string  "<player id>\\n<name>"; expires with the token
                                           (the token itself is never stored)
sg:rate:{<sha256 of token>}        hash    the token's rate bucket: ``tokens``, ``at``
sg:player:{player_id}:watches      zset    the player's open watch streams, by lease end
sg:player:{player_id}:unfinished   set     unfinished tables the player created or sits at
sg:player:{player_id}:tables       zset    tables the player sits at, by join time
sg:table:{table_id}                hash    ``version`` (int), ``config`` (JSON, fixed at
                                           creation), ``state`` (JSON: seats, status and
                                           the match snapshot), ``event_seq`` (int),
                                           ``ai_job_version`` (version of the last AI
                                           job queued), ``updated_ms``
sg:table:{table_id}:log            list    the action log: one JSON entry per change,
                                           oldest first; replaying it rebuilds ``state``
sg:table:{table_id}:events         stream  TableEvent protobuf bytes (field ``e``), entry
                                           id ``<sequence>-0``
sg:table:{table_id}:requests       hash    client request id -> ``<version>:<digest>`` of
                                           the request that used it
sg:tables:open                     zset    tables waiting for players, by creation time
sg:tables:active:<game>            zset    tables with a match in progress, by start time
sg:ai:jobs                         stream  AI jobs (AiJob bytes in field ``job``); consumer
                                           group ``workers``
sg:ai:dead                         stream  jobs that failed too often, with the error
sg:ai:due                          zset    tables awaiting a computer move, by the time
                                           the job was queued (the sweeper's reminder)
sg:advice:<request id>             list    the worker's answer to one advice request
                                           (GetAdviceResponse bytes); expires in a minute
sg:events                          channel Pub/Sub: the id of every table that has new
                                           events (published by the commit script)
=================================  ======  ===========================================
"""

from __future__ import annotations

PREFIX = "sg"

OPEN_TABLES = f"{PREFIX}:tables:open"
AI_JOBS = f"{PREFIX}:ai:jobs"
AI_DEAD = f"{PREFIX}:ai:dead"
AI_DUE = f"{PREFIX}:ai:due"
AI_GROUP = "workers"
EVENTS_CHANNEL = f"{PREFIX}:events"


def active_tables(game: str) -> str:
    return f"{PREFIX}:tables:active:{game}"


def advice_reply(request_id: str) -> str:
    return f"{PREFIX}:advice:{request_id}"


def player(player_id: str) -> str:
    return f"{PREFIX}:player:{{{player_id}}}"


def player_tables(player_id: str) -> str:
    return f"{PREFIX}:player:{{{player_id}}}:tables"


def token(token_digest: str) -> str:
    return f"{PREFIX}:token:{{{token_digest}}}"


def rate(token_digest: str) -> str:
    return f"{PREFIX}:rate:{{{token_digest}}}"


def player_watches(player_id: str) -> str:
    return f"{PREFIX}:player:{{{player_id}}}:watches"


def player_unfinished(player_id: str) -> str:
    return f"{PREFIX}:player:{{{player_id}}}:unfinished"


def table(table_id: str) -> str:
    return f"{PREFIX}:table:{{{table_id}}}"


def table_log(table_id: str) -> str:
    return f"{PREFIX}:table:{{{table_id}}}:log"


def table_events(table_id: str) -> str:
    return f"{PREFIX}:table:{{{table_id}}}:events"


def table_requests(table_id: str) -> str:
    return f"{PREFIX}:table:{{{table_id}}}:requests"
