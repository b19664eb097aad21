"""What the visual test (``test_visual.py``) and the script that records its answers
(``record_visual.py``) share: the screens, the recorded calls in ``tests/web/visual/`` and
their conversion to the messages the web client reads.

A screen's file lists the calls the page makes when it opens (method, request, answer or a
stream's messages) as protobuf's canonical JSON, with every time set to ``FIXED_TIME``
(a move clock's deadline keeps its distance from the server's time).
"""

from __future__ import annotations

import datetime
import json
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from google.protobuf import json_format
from google.protobuf.message import Message

from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2

VISUAL = Path(__file__).parent / "visual"
# The moment every recorded screen shows, and the page's clock stands still at.
FIXED_TIME = datetime.datetime(2026, 3, 14, 18, 30, tzinfo=datetime.UTC)
SERVICE = service_pb2.DESCRIPTOR.services_by_name["TableService"]
SERVICE_PATH = f"/{SERVICE.full_name}/"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 740}


@dataclass(frozen=True)
class Screen:
    """A screen to compare: what it shows, the browser's size and language. Its calls are
    ``<fixture>.json``, its reference ``<name>.png``."""

    shows: str
    viewport: dict[str, int]
    locale: str = "en-US"

    @property
    def phone(self) -> bool:
        return self.viewport is PHONE

    @property
    def language(self) -> str:
        return "" if self.locale == "en-US" else f"-{self.locale.split('-')[0]}"

    @property
    def fixture(self) -> str:
        return self.shows + self.language

    @property
    def name(self) -> str:
        return f"{self.shows}-{'phone' if self.phone else 'desktop'}{self.language}"


# The lobby, a table in the bidding, during trick play, the settlement over the table and
# Speculation's market, on a desktop and a phone; the table during play in German.
SHOWN = ("lobby", "bidding", "play", "settlement", "market")
SCREENS = [
    *(Screen(shows, viewport) for shows in SHOWN for viewport in (DESKTOP, PHONE)),
    Screen("play", DESKTOP, "de-DE"),
]


def request_class(method: str) -> type[Message]:
    return getattr(service_pb2, SERVICE.methods_by_name[method].input_type.name)


def response_class(method: str) -> type[Message]:
    return getattr(service_pb2, SERVICE.methods_by_name[method].output_type.name)


def streaming(method: str) -> bool:
    return SERVICE.methods_by_name[method].server_streaming


def as_json(message: Message) -> dict[str, Any]:
    return json_format.MessageToDict(message)


def parse(method: str, kind: str, data: dict[str, Any]) -> Message:
    message = (request_class if kind == "request" else response_class)(method)()
    json_format.ParseDict(data, message)
    return message


def envelope(flags: int, data: bytes) -> bytes:
    """One message of a Connect stream: flags, length, data (flags 2: the stream's end)."""
    return struct.pack(">BI", flags, len(data)) + data


def fix_times(message: Message) -> None:
    """Every time in ``message`` set to FIXED_TIME; a view's deadline as many whole seconds
    after it as it was after the server's time."""
    view = message if isinstance(message, table_pb2.TableView) and message.HasField("deadline_time") else None
    left = view.deadline_time.ToDatetime() - view.server_time.ToDatetime() if view else None
    for field, value in message.ListFields():
        if field.message_type is None:
            continue
        if field.message_type.full_name == "google.protobuf.Timestamp":
            value.FromDatetime(FIXED_TIME)
        elif field.message_type.GetOptions().map_entry:
            if field.message_type.fields_by_name["value"].message_type is not None:
                for item in value.values():
                    fix_times(item)
        elif field.is_repeated:
            for item in value:
                fix_times(item)
        else:
            fix_times(value)
    if view is not None and left is not None:
        view.deadline_time.FromDatetime(FIXED_TIME + datetime.timedelta(seconds=round(left.total_seconds())))


def fixture_path(fixture: str) -> Path:
    return VISUAL / f"{fixture}.json"


def load(fixture: str) -> dict[str, Any]:
    """A screen's calls; the games' listing, which several screens share, from its own file."""
    recorded: dict[str, Any] = json.loads(fixture_path(fixture).read_text())
    for answer in recorded["answers"].values():
        if "responseFile" in answer:
            answer["response"] = json.loads((VISUAL / answer.pop("responseFile")).read_text())
    return recorded


def save(fixture: str, recorded: dict[str, Any]) -> None:
    VISUAL.mkdir(parents=True, exist_ok=True)
    listing = recorded["answers"].get("ListGames")
    if listing:
        language = {"LANGUAGE_GERMAN": "de"}.get(listing["request"].get("language", ""), "en")
        shared = f"list-games.{language}.json"
        write(VISUAL / shared, listing.pop("response"))
        listing["responseFile"] = shared
    write(fixture_path(fixture), recorded)


def write(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
