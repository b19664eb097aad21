"""What every request names, checked the same way everywhere: the caller, a table's name,
the card names and the language its texts are to use."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from engine.errors import quoted
from server.errors import Code, ServiceError
from server.texts import Wording
from speedgamez.v1 import cards_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2

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


_CARD_NAMES = frozenset(cards_pb2.CardNames.values())
_LANGUAGES = frozenset(service_pb2.Language.values())


class _WordingRequest(Protocol):
    @property
    def language(self) -> int: ...


def wording_of(request: _WordingRequest) -> Wording:
    """How the caller reads the texts of the reply: its card names and language, checked."""
    card_names = getattr(request, "card_names", cards_pb2.CARD_NAMES_UNSPECIFIED)
    if card_names not in _CARD_NAMES:
        names = ", ".join(cards_pb2.CardNames.keys())
        raise ServiceError(Code.INVALID_ARGUMENT, f"card_names must be one of {names}, not {card_names}")
    if request.language not in _LANGUAGES:
        names = ", ".join(service_pb2.Language.keys())
        raise ServiceError(Code.INVALID_ARGUMENT, f"language must be one of {names}, not {request.language}")
    return Wording(card_names, request.language)
