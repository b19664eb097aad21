"""The client address the per-address limits count: the peer's IP (never its port), or
the address a trusted proxy names."""

from __future__ import annotations

from typing import Any

from server.grpc_api import caller_headers
from server.store import digest


class Context:
    """What caller_headers reads of a gRPC call: its peer and its metadata."""

    def __init__(self, peer: str, metadata: tuple[tuple[str, str | bytes], ...] = ()) -> None:
        self._peer = peer
        self._metadata = metadata

    def peer(self) -> str:
        return self._peer

    def invocation_metadata(self) -> tuple[tuple[str, str | bytes], ...]:
        return self._metadata


def address(peer: str, trusted: tuple[str, ...] = (), forwarded: str | None = None) -> str:
    metadata = (("x-forwarded-for", forwarded),) if forwarded else ()
    context: Any = Context(peer, metadata)
    return caller_headers(context, trusted)[0]


def test_every_connection_from_one_ipv6_address_counts_as_that_address() -> None:
    assert address("ipv6:%5B::1%5D:54386") == address("ipv6:%5B::1%5D:61002") == digest("::1")


def test_every_connection_from_one_ipv4_address_counts_as_that_address() -> None:
    assert address("ipv4:203.0.113.7:50000") == address("ipv4:203.0.113.7:50001") == digest("203.0.113.7")


def test_a_trusted_proxy_over_ipv6_names_the_client() -> None:
    assert address("ipv6:%5Bfd00::2%5D:4000", ("fd00::/8",), "198.51.100.4") == digest("198.51.100.4")


def test_anyone_else_naming_a_client_is_ignored() -> None:
    assert address("ipv4:192.0.2.9:4000", ("10.0.0.0/8",), "198.51.100.4") == digest("192.0.2.9")


def test_a_calls_authorization_headers_come_with_its_address_every_one_in_order() -> None:
    """Two authorization headers are both handed on (the call is then refused for them,
    ``server.calls.bearer_token``); binary metadata is no header of these."""
    metadata = (
        ("authorization", "Bearer one"),
        ("x-forwarded-for", "198.51.100.4"),
        ("trace-bin", b"\x00\x01"),
        ("authorization", "Bearer two"),
    )
    context: Any = Context("ipv4:203.0.113.7:50000", metadata)
    assert caller_headers(context, ()) == (digest("203.0.113.7"), ["Bearer one", "Bearer two"])
    trusted = caller_headers(context, ("203.0.113.0/24",))
    assert trusted == (digest("198.51.100.4"), ["Bearer one", "Bearer two"])
