"""Every Redis key the service uses, in one place, with how long each is kept.

All keys of one table carry the table id as hash tag (``{...}``), so every multi-key
operation on a table (the compare-and-set script) stays in one Redis Cluster slot; the
keys of the AI queue share the tag ``{ai}``, the leaderboards and statistics ``{board}`` (so
that one script applies a table's awards to all of them at once), the daily deal's
``{daily}``, balances, pots and the ledger ``{bank}``, a player's keys his id,
a token's its digest. A leaderboard's window is named in the server's time zone
(``SPEEDGAMEZ_TIME_ZONE``): ``all``, ``month:2026-12``, ``week:2026-W49``,
``day:2026-12-01``.

====================================  =======  ========================================  ====================
key                                   type     contents                                  kept
====================================  =======  ========================================  ====================
sg:player:{player_id}                 hash     ``name``, ``created_ms``                  a token lifetime
                                                                                         after the last table
                                                                                         joined
sg:token:{<sha256 of token>}          string   "<player id>\\n<name>" (the token itself  the token lifetime
                                               is never stored)
sg:rate:{<sha256 of token>}           hash     the token's rate bucket: ``tokens``,      until full again
                                               ``at`` (ms by Redis's own clock)
sg:rate:{addr:<sha256 of address>}    hash     a client address's rate bucket for every  until full again
                                               call; ``...:register`` for registrations
sg:watches:{addr:<sha256 of addr.>}   zset     the address's open watch streams, by      twice a lease
                                               lease end
sg:player:{player_id}:watches         zset     the player's open watch streams, by       twice a lease
                                               lease end
sg:player:{player_id}:unfinished      set      unfinished tables the player created or   as the player
                                               sits at
sg:player:{player_id}:tables          zset     tables the player sits at, by join time   as the player
sg:table:{table_id}                   hash     ``version``, ``config`` (JSON, fixed at   unfinished: the idle
                                               creation), ``state`` (JSON: seats,        time after the last
                                               status and the match snapshot),           change; finished or
                                               ``event_seq``, ``updated_ms``,            closed: the finished
                                               ``deadline_ms`` (the move clock's, while  time
                                               it runs)
sg:table:{table_id}:log               list     the action log: one JSON entry per        as the table
                                               change, oldest first; replaying it
                                               rebuilds ``state``
sg:table:{table_id}:events            stream   StoredEvent protobuf bytes (field ``s``:  as the table
                                               the event and who may see it), entry id
                                               ``<sequence>-0``
sg:table:{table_id}:requests          hash     client request id ->                      as the table
                                               ``<version>:<digest>`` of the request
                                               that used it
sg:table:{table_id}:advice:<v>:<s>    string   advice (GetAdviceResponse bytes) for      ten minutes
                                               version v and seat s
sg:table:{table_id}:wanted:<v>:<s>    string   a worker is computing that advice         the advice timeout
sg:tables:open                        zset     tables waiting for players, by creation   pruned of expired
                                               (or last change, once pruning looked)     tables
sg:tables:active:<game>               zset     tables with a match in progress, by start pruned of expired
                                               (or last change, once pruning looked)     tables
sg:{ai}:jobs:people                   stream   AI jobs (AiJob bytes in field ``job``)    until acknowledged
                                               of tables with a person, and advice;
                                               consumer group ``workers``
sg:{ai}:jobs:computers                stream   AI jobs of tables of computers only;      until acknowledged
                                               same group
sg:{ai}:delayed                       zset     seats whose job is not yet due ("<table    until due
                                               id>:<seat>"), by due time
sg:{ai}:delayed:jobs                  hash     "<table id>:<seat>" -> the delayed job: a  until due
                                               stream letter, then the job bytes
sg:{ai}:live                          hash     "<table id>:<seat>" -> "<version>:<p|c>:  until done
                                               <entry id>" or "<version>:d:<due ms>":
                                               where its live job waits
sg:{ai}:pace:<player_id>              string   when the player's tables of computers     a minute or more
                                               may next get a job (ms)
sg:{ai}:dead                          stream   jobs that failed too often, with the      the newest 10,000
                                               error
sg:{ai}:workers                       zset     workers, by the time they last beat       as long as they beat
sg:{ai}:due                           zset     tables awaiting a computer move (the      while awaited
                                               sweeper's reminder)
sg:{clock}:deadlines                  zset     tables whose move clock runs, by          until the deadline is
                                               deadline (ms)                             handled
sg:{board}:<game>:<window>            zset     leaderboard: player id -> points in the   all: for good; a day
                                               window                                    two days, a week two
                                                                                         weeks, a month two
                                                                                         months after the last
                                                                                         award
sg:{board}:names                      hash     player id -> the name of his latest       for good
                                               award, for leaderboards
sg:{board}:stats:<player_id>          hash     "<game>:<statistic id>" -> count          for good
sg:{board}:applied:<table_id>         string   how many of the table's awards are on     the idle time of a
                                               the boards                                table and a day more
sg:{board}:pending                    zset     tables whose change noted awards not yet  until applied
                                               applied, by the time noted (ms)
sg:{board}:<game>:daily:<date>        zset     a day's daily-deal ranking: player id ->  eight days after its
                                               points minus the strong computer's        last entry
sg:{daily}:secret                     string   the secret the daily deals' shuffles are  for good
                                               derived from (made by the first server
                                               that needs it)
sg:{daily}:attempts:<game>:<date>     hash     player id -> the table of his daily deal  three days
                                               that day (one attempt a day)
sg:{bank}:balances                    hash     player id -> chips (granted the starting   for good
                                               balance the first time it is needed)
sg:{bank}:pot:<table_id>              hash     player id -> "<stake>:<paid at ms>": the   until paid out or
                                               table's pot                               given back
sg:{bank}:pots                        zset     tables whose pot holds stakes, by the     while it does
                                               last stake paid
sg:{bank}:ledger                      stream   every movement of chips: ``from``, ``to``  for good
                                               (house, a player id, pot:<table id>),
                                               ``amount``, ``reason``, ``table``
sg:events:<table_id>                  channel  Pub/Sub: the table has new events (its    not stored
                                               id; published by the commit script, heard
                                               by the processes with streams on it)
sg:lobby                              channel  Pub/Sub: a table that waits or waited for not stored
                                               players changed (wakes lobby streams)
sg:revoked                            channel  Pub/Sub: the digest of a token just       not stored
                                               revoked (ends its watch streams)
====================================  =======  ========================================  ====================
"""

from __future__ import annotations

PREFIX = "sg"

OPEN_TABLES = f"{PREFIX}:tables:open"
AI_DEAD = f"{PREFIX}:{{ai}}:dead"
AI_DUE = f"{PREFIX}:{{ai}}:due"
AI_DELAYED = f"{PREFIX}:{{ai}}:delayed"
AI_DELAYED_JOBS = f"{PREFIX}:{{ai}}:delayed:jobs"
AI_LIVE = f"{PREFIX}:{{ai}}:live"
AI_WORKERS = f"{PREFIX}:{{ai}}:workers"
AI_GROUP = "workers"
CLOCK_DEADLINES = f"{PREFIX}:{{clock}}:deadlines"
EVENTS_CHANNEL_PREFIX = f"{PREFIX}:events:"
LOBBY_CHANNEL = f"{PREFIX}:lobby"
REVOKED_CHANNEL = f"{PREFIX}:revoked"
BOARD_NAMES = f"{PREFIX}:{{board}}:names"
BANK_BALANCES = f"{PREFIX}:{{bank}}:balances"
BANK_POTS = f"{PREFIX}:{{bank}}:pots"
BANK_LEDGER = f"{PREFIX}:{{bank}}:ledger"
BOARD_PENDING = f"{PREFIX}:{{board}}:pending"
DAILY_SECRET = f"{PREFIX}:{{daily}}:secret"


def board(game: str, window: str) -> str:
    """The leaderboard of ``game`` for ``window`` ("all", "day:2026-12-01", ...)."""
    return f"{PREFIX}:{{board}}:{game}:{window}"


def daily_attempts(game: str, date: str) -> str:
    return f"{PREFIX}:{{daily}}:attempts:{game}:{date}"


def bank_pot(table_id: str) -> str:
    return f"{PREFIX}:{{bank}}:pot:{table_id}"


def board_applied(table_id: str) -> str:
    return f"{PREFIX}:{{board}}:applied:{table_id}"


def statistics(player_id: str) -> str:
    return f"{PREFIX}:{{board}}:stats:{player_id}"


def active_tables(game: str) -> str:
    return f"{PREFIX}:tables:active:{game}"


def ai_jobs(kind: str) -> str:
    """The job stream of ``kind``: "people" or "computers"."""
    return f"{PREFIX}:{{ai}}:jobs:{kind}"


def ai_pace(player_id: str) -> str:
    return f"{PREFIX}:{{ai}}:pace:{player_id}"


def address_rate(address_digest: str) -> str:
    return f"{PREFIX}:rate:{{addr:{address_digest}}}"


def address_registrations(address_digest: str) -> str:
    return f"{PREFIX}:rate:{{addr:{address_digest}}}:register"


def address_watches(address_digest: str) -> str:
    return f"{PREFIX}:watches:{{addr:{address_digest}}}"


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


def table_events_channel(table_id: str) -> str:
    return f"{EVENTS_CHANNEL_PREFIX}{table_id}"


def table_requests(table_id: str) -> str:
    return f"{PREFIX}:table:{{{table_id}}}:requests"


def table_advice(table_id: str, version: int, seat: int) -> str:
    return f"{PREFIX}:table:{{{table_id}}}:advice:{version}:{seat}"


def table_advice_wanted(table_id: str, version: int, seat: int) -> str:
    return f"{PREFIX}:table:{{{table_id}}}:wanted:{version}:{seat}"
