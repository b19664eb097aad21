"""Configuration of server and worker processes, read from the environment.

=================================  ========================  =================================
variable                           default                   meaning
=================================  ========================  =================================
SPEEDGAMEZ_REDIS_URL               redis://127.0.0.1:6379/0  the state store (with a cluster: any node)
SPEEDGAMEZ_REDIS_URL_FILE          (none)                    a file holding that URL (a mounted
                                                             Secret: the password stays out of the
                                                             environment); wins over the variable
SPEEDGAMEZ_REDIS_CLUSTER           false                     true for a Redis Cluster
SPEEDGAMEZ_LISTEN                  [::]:50051                gRPC address (port 0: any free)
SPEEDGAMEZ_HTTP_LISTEN             [::]:8080                 HTTP address: Connect (JSON or binary),
                                                             gRPC-Web and gRPC over HTTP/1.1 and
                                                             HTTP/2 (port 0: any free; empty: off)
SPEEDGAMEZ_CORS_ORIGINS            (none)                    comma-separated origins (scheme://host
                                                             [:port]) whose web pages may call the
                                                             HTTP port; others are refused
SPEEDGAMEZ_WEB_ROOT                web/dist of the sources   the web client's files, served on the
                                                             HTTP port (empty: none)
SPEEDGAMEZ_METRICS_PORT            9100                      Prometheus metrics (0: any free)
SPEEDGAMEZ_COMPUTER_LEVELS         easy,normal,strong        levels tables may ask for
SPEEDGAMEZ_WATCH_POLL_MS           5000                      how often the process looks whether
                                                             its watched tables have new events
                                                             (a lost notification)
SPEEDGAMEZ_WATCH_LEASE_MS          60000                     a watch stream's lease on the
                                                             player's limit; the process renews
                                                             all every third (and looks at their
                                                             tokens then)
SPEEDGAMEZ_WATCH_HEARTBEAT_S       20                        heartbeat on an idle watch stream
SPEEDGAMEZ_SHUTDOWN_GRACE_S        5                         time given to running calls on stop
SPEEDGAMEZ_AI_RECLAIM_MS           10000                     idle time before a job is reclaimed
SPEEDGAMEZ_AI_MAX_DELIVERIES       3                         deliveries before dead-lettering
SPEEDGAMEZ_AI_STUCK_MS             60000                     a table awaiting a computer this long
                                                             gets a new job (its job was lost)
SPEEDGAMEZ_AI_SWEEP_MS             5000                      how often workers run the sweeper
SPEEDGAMEZ_AI_MIN_THINK_MS         0                         a computer's move is not due before
                                                             this long after the move before it
SPEEDGAMEZ_AI_COMPUTER_MOVES_PER_S 10                        moves per second all of one player's
                                                             tables of computers get together
SPEEDGAMEZ_AI_WORKERS_FOR_PEOPLE   1                         workers kept free of tables of
                                                             computers (a lone worker takes all)
SPEEDGAMEZ_AI_CONSUMER_IDLE_MS     600000                    a silent worker without jobs is
                                                             removed from the group after this
SPEEDGAMEZ_ADVICE_TIMEOUT_MS       10000                     longest wait for a worker's advice
SPEEDGAMEZ_ADVICE_COST             5                         requests of the rate an advice takes
SPEEDGAMEZ_VIEWS_CACHED            4096                      table snapshots kept for GetTable, by
                                                             table, version, player and card names
                                                             (0: every answer built anew)
SPEEDGAMEZ_TABLES_KEPT             1024                      tables a process keeps restored for its
                                                             next call on them (0: restore each time)
SPEEDGAMEZ_REDIS_TIMEOUT_S         2                         a Redis command that takes longer fails
SPEEDGAMEZ_RATE_PER_S              10                        requests per second a token may make
SPEEDGAMEZ_RATE_BURST              40                        ... and in a burst
SPEEDGAMEZ_TOKEN_TTL_S             2592000                   a token's lifetime (30 days)
SPEEDGAMEZ_MAX_TABLES              10                        unfinished tables per player
SPEEDGAMEZ_MAX_WATCHES             5                         open watch streams per player
SPEEDGAMEZ_ADDRESS_RATE_PER_S      50                        requests per second from one client
SPEEDGAMEZ_ADDRESS_RATE_BURST      200                       address, and in a burst
SPEEDGAMEZ_REGISTRATIONS_PER_MIN   10                        registrations per minute from one
                                                             address (bursts of twice that)
SPEEDGAMEZ_MAX_WATCHES_PER_ADDRESS 100                       open watch streams per address
SPEEDGAMEZ_TRUSTED_PROXIES         (none)                    comma-separated networks (CIDR) whose
                                                             X-Forwarded-For header names the client
SPEEDGAMEZ_KEEP_FINISHED_S         604800                    how long a finished table is kept
SPEEDGAMEZ_KEEP_IDLE_S             604800                    an unfinished table nobody changes
                                                             for this long is removed
SPEEDGAMEZ_METRICS_HOST            127.0.0.1                 address the metrics port listens on
SPEEDGAMEZ_WORKER_HEARTBEAT_FILE   (none)                    a worker touches it every time round
SPEEDGAMEZ_CLOCK_SECOND_MS         1000                      how long one second of a table's
                                                             think time lasts (tests shorten it)
SPEEDGAMEZ_CLOCK_GRACE_MS          10000                     grace after the think time before
                                                             the computer moves for a person
SPEEDGAMEZ_CLOCK_READING_MS        10000                     reading time of a settlement, before
                                                             its think time
SPEEDGAMEZ_CLOCK_POLL_MS           250                       how often workers look for deadlines
                                                             that have passed
SPEEDGAMEZ_TIME_ZONE               UTC                       the time zone (IANA name) whose
                                                             calendar days, weeks and months the
                                                             leaderboards and the daily deal use
SPEEDGAMEZ_STARTING_BALANCE        1000                      chips a player's balance starts with
SPEEDGAMEZ_BOARD_SETTLE_MS         10000                     awards a change noted but did not
                                                             apply this long after (a killed
                                                             server) are applied by a worker
=================================  ========================  =================================
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

# The web client as built into the sources (web/dist, committed).
WEB_DIST = Path(__file__).resolve().parent.parent / "web" / "dist"


@dataclass(frozen=True)
class Settings:
    redis_url: str = "redis://127.0.0.1:6379/0"
    redis_cluster: bool = False
    listen: str = "[::]:50051"
    http_listen: str = "[::]:8080"
    cors_origins: tuple[str, ...] = ()
    web_root: str = str(WEB_DIST)
    metrics_port: int = 9100
    computer_levels: tuple[str, ...] = ("easy", "normal", "strong")
    watch_poll_ms: int = 5000
    watch_lease_ms: int = 60_000
    watch_heartbeat_s: float = 20.0
    shutdown_grace_s: float = 5.0
    ai_reclaim_ms: int = 10_000
    ai_max_deliveries: int = 3
    ai_stuck_ms: int = 60_000
    ai_sweep_ms: int = 5000
    ai_min_think_ms: int = 0
    ai_computer_moves_per_s: float = 10.0
    ai_workers_for_people: int = 1
    ai_consumer_idle_ms: int = 600_000
    advice_timeout_ms: int = 10_000
    advice_cost: int = 5
    views_cached: int = 4096
    tables_kept: int = 1024
    redis_timeout_s: float = 2.0
    rate_per_s: float = 10.0
    rate_burst: int = 40
    token_ttl_s: int = 30 * 24 * 3600
    max_tables: int = 10
    max_watches: int = 5
    address_rate_per_s: float = 50.0
    address_rate_burst: int = 200
    registrations_per_min: float = 10.0
    max_watches_per_address: int = 100
    trusted_proxies: tuple[str, ...] = ()
    keep_finished_s: int = 7 * 24 * 3600
    keep_idle_s: int = 7 * 24 * 3600
    metrics_host: str = "127.0.0.1"
    worker_heartbeat_file: str = ""
    clock_second_ms: int = 1000
    clock_grace_ms: int = 10_000
    clock_reading_ms: int = 10_000
    clock_poll_ms: int = 250
    time_zone: str = "UTC"
    board_settle_ms: int = 10_000
    starting_balance: int = 1000

    def __post_init__(self) -> None:
        """Refuse settings that cannot work, at start, naming the variable to change."""
        positive = {
            "REDIS_TIMEOUT_S": self.redis_timeout_s,
            "RATE_PER_S": self.rate_per_s,
            "RATE_BURST": self.rate_burst,
            "ADDRESS_RATE_PER_S": self.address_rate_per_s,
            "ADDRESS_RATE_BURST": self.address_rate_burst,
            "REGISTRATIONS_PER_MIN": self.registrations_per_min,
            "AI_COMPUTER_MOVES_PER_S": self.ai_computer_moves_per_s,
            "ADVICE_COST": self.advice_cost,
            "MAX_TABLES": self.max_tables,
            "MAX_WATCHES": self.max_watches,
            "MAX_WATCHES_PER_ADDRESS": self.max_watches_per_address,
            "WATCH_POLL_MS": self.watch_poll_ms,
            "WATCH_LEASE_MS": self.watch_lease_ms,
            "WATCH_HEARTBEAT_S": self.watch_heartbeat_s,
            "TOKEN_TTL_S": self.token_ttl_s,
            "KEEP_FINISHED_S": self.keep_finished_s,
            "KEEP_IDLE_S": self.keep_idle_s,
            "AI_RECLAIM_MS": self.ai_reclaim_ms,
            "AI_SWEEP_MS": self.ai_sweep_ms,
            "AI_STUCK_MS": self.ai_stuck_ms,
            "AI_MAX_DELIVERIES": self.ai_max_deliveries,
            "CLOCK_SECOND_MS": self.clock_second_ms,
            "CLOCK_POLL_MS": self.clock_poll_ms,
        }
        for name, value in positive.items():
            if value <= 0:
                raise ValueError(f"SPEEDGAMEZ_{name} must be above 0, not {value}")
        if min(self.ai_min_think_ms, self.ai_workers_for_people, self.views_cached, self.tables_kept) < 0:
            raise ValueError(
                "SPEEDGAMEZ_AI_MIN_THINK_MS, SPEEDGAMEZ_AI_WORKERS_FOR_PEOPLE, SPEEDGAMEZ_VIEWS_CACHED "
                "and SPEEDGAMEZ_TABLES_KEPT cannot be negative"
            )
        if self.clock_grace_ms < 0 or self.clock_reading_ms < 0 or self.board_settle_ms < 0:
            raise ValueError(
                "SPEEDGAMEZ_CLOCK_GRACE_MS, SPEEDGAMEZ_CLOCK_READING_MS and SPEEDGAMEZ_BOARD_SETTLE_MS "
                "cannot be negative"
            )
        if self.advice_cost > self.rate_burst:
            raise ValueError(
                f"SPEEDGAMEZ_ADVICE_COST ({self.advice_cost}) must be at most SPEEDGAMEZ_RATE_BURST "
                f"({self.rate_burst}), or no advice could ever be asked for"
            )
        try:
            ZoneInfo(self.time_zone)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(
                f"SPEEDGAMEZ_TIME_ZONE: {self.time_zone!r} is no time zone (an IANA name, e.g. Europe/Warsaw)"
            ) from None
        for origin in self.cors_origins:
            scheme, separator, host = origin.partition("://")
            if scheme not in ("http", "https") or not separator or not host or "/" in host:
                raise ValueError(
                    f"SPEEDGAMEZ_CORS_ORIGINS: {origin!r} is no origin (e.g. https://play.example.com)"
                )
        for network in self.trusted_proxies:
            try:
                ipaddress.ip_network(network, strict=False)
            except ValueError:
                raise ValueError(
                    f"SPEEDGAMEZ_TRUSTED_PROXIES: {network!r} is no network (e.g. 10.0.0.0/8)"
                ) from None

    @staticmethod
    def from_env(env: Mapping[str, str] = os.environ) -> Settings:
        defaults = Settings()

        def get(name: str, default: object) -> str:
            return env.get(f"SPEEDGAMEZ_{name}", str(default))

        return Settings(
            redis_url=_redis_url(
                env.get("SPEEDGAMEZ_REDIS_URL_FILE", ""), get("REDIS_URL", defaults.redis_url)
            ),
            redis_cluster=get("REDIS_CLUSTER", "false").lower() in ("1", "true", "yes"),
            listen=get("LISTEN", defaults.listen),
            http_listen=get("HTTP_LISTEN", defaults.http_listen),
            web_root=get("WEB_ROOT", defaults.web_root),
            cors_origins=tuple(
                origin.strip().rstrip("/") for origin in get("CORS_ORIGINS", "").split(",") if origin.strip()
            ),
            metrics_port=int(get("METRICS_PORT", defaults.metrics_port)),
            computer_levels=tuple(
                level.strip()
                for level in get("COMPUTER_LEVELS", ",".join(defaults.computer_levels)).split(",")
                if level.strip()
            ),
            watch_poll_ms=int(get("WATCH_POLL_MS", defaults.watch_poll_ms)),
            watch_lease_ms=int(get("WATCH_LEASE_MS", defaults.watch_lease_ms)),
            watch_heartbeat_s=float(get("WATCH_HEARTBEAT_S", defaults.watch_heartbeat_s)),
            shutdown_grace_s=float(get("SHUTDOWN_GRACE_S", defaults.shutdown_grace_s)),
            ai_reclaim_ms=int(get("AI_RECLAIM_MS", defaults.ai_reclaim_ms)),
            ai_max_deliveries=int(get("AI_MAX_DELIVERIES", defaults.ai_max_deliveries)),
            ai_stuck_ms=int(get("AI_STUCK_MS", defaults.ai_stuck_ms)),
            ai_sweep_ms=int(get("AI_SWEEP_MS", defaults.ai_sweep_ms)),
            ai_min_think_ms=int(get("AI_MIN_THINK_MS", defaults.ai_min_think_ms)),
            ai_computer_moves_per_s=float(get("AI_COMPUTER_MOVES_PER_S", defaults.ai_computer_moves_per_s)),
            ai_consumer_idle_ms=int(get("AI_CONSUMER_IDLE_MS", defaults.ai_consumer_idle_ms)),
            ai_workers_for_people=int(get("AI_WORKERS_FOR_PEOPLE", defaults.ai_workers_for_people)),
            advice_timeout_ms=int(get("ADVICE_TIMEOUT_MS", defaults.advice_timeout_ms)),
            advice_cost=int(get("ADVICE_COST", defaults.advice_cost)),
            views_cached=int(get("VIEWS_CACHED", defaults.views_cached)),
            tables_kept=int(get("TABLES_KEPT", defaults.tables_kept)),
            redis_timeout_s=float(get("REDIS_TIMEOUT_S", defaults.redis_timeout_s)),
            rate_per_s=float(get("RATE_PER_S", defaults.rate_per_s)),
            rate_burst=int(get("RATE_BURST", defaults.rate_burst)),
            token_ttl_s=int(get("TOKEN_TTL_S", defaults.token_ttl_s)),
            max_tables=int(get("MAX_TABLES", defaults.max_tables)),
            max_watches=int(get("MAX_WATCHES", defaults.max_watches)),
            address_rate_per_s=float(get("ADDRESS_RATE_PER_S", defaults.address_rate_per_s)),
            address_rate_burst=int(get("ADDRESS_RATE_BURST", defaults.address_rate_burst)),
            registrations_per_min=float(get("REGISTRATIONS_PER_MIN", defaults.registrations_per_min)),
            max_watches_per_address=int(get("MAX_WATCHES_PER_ADDRESS", defaults.max_watches_per_address)),
            trusted_proxies=tuple(
                network.strip() for network in get("TRUSTED_PROXIES", "").split(",") if network.strip()
            ),
            keep_finished_s=int(get("KEEP_FINISHED_S", defaults.keep_finished_s)),
            keep_idle_s=int(get("KEEP_IDLE_S", defaults.keep_idle_s)),
            metrics_host=get("METRICS_HOST", defaults.metrics_host),
            worker_heartbeat_file=get("WORKER_HEARTBEAT_FILE", defaults.worker_heartbeat_file),
            clock_second_ms=int(get("CLOCK_SECOND_MS", defaults.clock_second_ms)),
            clock_grace_ms=int(get("CLOCK_GRACE_MS", defaults.clock_grace_ms)),
            clock_reading_ms=int(get("CLOCK_READING_MS", defaults.clock_reading_ms)),
            clock_poll_ms=int(get("CLOCK_POLL_MS", defaults.clock_poll_ms)),
            time_zone=get("TIME_ZONE", defaults.time_zone),
            board_settle_ms=int(get("BOARD_SETTLE_MS", defaults.board_settle_ms)),
            starting_balance=int(get("STARTING_BALANCE", defaults.starting_balance)),
        )


def _redis_url(path: str, from_variable: str) -> str:
    """The Redis URL from the file ``path`` when one is named, else from the variable."""
    if not path:
        return from_variable
    try:
        url = Path(path).read_text(encoding="utf-8").strip()
    except OSError as error:
        raise ValueError(f"SPEEDGAMEZ_REDIS_URL_FILE: cannot read {path}: {error.strerror}") from None
    if not url:
        raise ValueError(f"SPEEDGAMEZ_REDIS_URL_FILE: {path} is empty; it should hold the Redis URL")
    return url
