"""What every request names, checked the same way everywhere: the caller, a table's name,
the card names its texts are to use."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import quoted
from server.errors import Code, ServiceError
from speedgamez.v1 import cards_pb2

_TABLE_NAME = re.compile(r"tables/([A-Za-z0-9_-]{1,64})")


@dataclass(frozen=True)
class Caller:
    """An authenticated player; ``address`` is a digest of the client's network address,
    ``token_digest`` one of the token the call came with."""

    player_id: str
    name: str
    address: str = ""
    token_digest: str = ""


def parse_table_name(name: str) -> str:
    match = _TABLE_NAME.fullmatch(name)
    if match is None:
        raise ServiceError(
            Code.INVALID_ARGUMENT, f"table must be a name like 'tables/<id>', not {quoted(name)}"
        )
    return match.group(1)


def table_id_of(name: str) -> str | None:
    """The table id in ``name``, or None if it names no table (``parse_table_name`` says why)."""
    match = _TABLE_NAME.fullmatch(name)
    return None if match is None else match.group(1)


def card_names_of(value: int) -> int:
    if value not in cards_pb2.CardNames.values():
        names = ", ".join(cards_pb2.CardNames.keys())
        raise ServiceError(Code.INVALID_ARGUMENT, f"card_names must be one of {names}, not {value}")
    return value
