"""Records the answers of the visual test's screens from real games:

    .venv/bin/python -m tests.web.record_visual

starts Redis, a server and a worker, plays in Chromium by clicking (as the browser tests
do) into each phase a screen shows, and there asks the server, as the player, for what the
page asks when it opens: the same calls over HTTP (Connect, JSON), their answers written to
``tests/web/visual/<screen>.json`` with every time fixed (``visual_support.fix_times``).
Deals are shuffled anew each time: after recording, write the reference screenshots anew
too (``SPEEDGAMEZ_UPDATE_SCREENSHOTS=1``, see docs/tests.md) and look at them.
"""

from __future__ import annotations

import argparse
import tempfile
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from google.protobuf import json_format
from google.protobuf.message import Message
from playwright.sync_api import Page, sync_playwright

from speedgamez.v1 import cards_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.web import visual_support as visual
from tests.web.test_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    WAIT_MS,
    new_table,
    play_to_the_end,
    register,
    take_one_move,
    until_anna_may_offer,
)
from tools.processes import (
    ROOT,
    RedisServer,
    free_port,
    http_address,
    running,
    server_process,
    worker_process,
)

ENGLISH = service_pb2.LANGUAGE_ENGLISH
GERMAN = service_pb2.LANGUAGE_GERMAN
SYMBOLS = cards_pb2.CARD_NAMES_SYMBOLS


class Recorder:
    """Calls the server as the page's player and writes a screen's calls."""

    def __init__(self, site: str, page: Page) -> None:
        self.site = site
        self.page = page

    def token(self) -> str:
        return str(self.page.evaluate("localStorage.getItem('speedgamez.token')"))

    def post(self, method: str, content_type: str, body: bytes) -> Any:
        sent = urllib.request.Request(
            self.site + visual.SERVICE_PATH + method,
            data=body,
            headers={
                "content-type": content_type,
                "authorization": f"Bearer {self.token()}",
                "connect-protocol-version": "1",
            },
        )
        return urllib.request.urlopen(sent, timeout=60)

    def call(self, method: str, request: Message) -> Message:
        body = json_format.MessageToJson(request).encode()
        with self.post(method, "application/json", body) as answer:
            response = visual.response_class(method)()
            json_format.Parse(answer.read(), response)
        visual.fix_times(response)
        return response

    def stream(self, method: str, request: Message, enough: Callable[[Message], bool]) -> list[Message]:
        """The stream's messages up to the first that is ``enough``; heartbeats left out."""
        body = visual.envelope(0, json_format.MessageToJson(request).encode())
        messages: list[Message] = []
        with self.post(method, "application/connect+json", body) as answer:
            while True:
                flags, length = int(answer.read(1)[0]), int.from_bytes(answer.read(4), "big")
                data = answer.read(length)
                assert not flags & 2, f"{method} ended: {data!r}"
                message = visual.response_class(method)()
                json_format.Parse(data, message)
                if message.WhichOneof("kind") != "heartbeat":
                    visual.fix_times(message)
                    messages.append(message)
                if enough(message):
                    return messages

    def entry(self, method: str, request: Message) -> dict[str, Any]:
        return {"request": visual.as_json(request), "response": visual.as_json(self.call(method, request))}

    def player(self) -> dict[str, Any]:
        player = self.call("GetPlayer", service_pb2.GetPlayerRequest())
        return {"id": player.player_id, "name": player.display_name}  # type: ignore[attr-defined]

    def table(self, fixture: str, language: service_pb2.Language = ENGLISH) -> None:
        """The table the page shows, as a page opening it asks for it: the games' titles,
        the table (once to join if invited, once to draw it) and its events from the first."""
        name = self.page.url.split("?table=", 1)[1]
        wording: dict[str, Any] = {"table": name, "card_names": SYMBOLS, "language": language}
        answers = {
            "GetPlayer": self.entry("GetPlayer", service_pb2.GetPlayerRequest()),
            "ListGames": self.entry("ListGames", service_pb2.ListGamesRequest(language=language)),
            "GetTable": self.entry("GetTable", service_pb2.GetTableRequest(**wording)),
        }
        last = int(answers["GetTable"]["response"]["table"]["lastEventSequence"])
        watch = service_pb2.WatchTableRequest(**wording)
        events = self.stream("WatchTable", watch, lambda message: message.event.sequence >= last)  # type: ignore[attr-defined]
        streams = {
            "WatchTable": {"request": visual.as_json(watch), "messages": [visual.as_json(m) for m in events]}
        }
        self.save(fixture, f"?table={name}", answers, streams)

    def lobby(self, fixture: str) -> None:
        answers = {
            "GetPlayer": self.entry("GetPlayer", service_pb2.GetPlayerRequest()),
            "ListGames": self.entry("ListGames", service_pb2.ListGamesRequest(language=ENGLISH)),
            "ListTables": self.entry("ListTables", service_pb2.ListTablesRequest(mine=True, page_size=20)),
        }
        watch = service_pb2.WatchLobbyRequest()
        snapshot = self.stream("WatchLobby", watch, lambda message: message.WhichOneof("kind") == "snapshot")
        streams = {
            "WatchLobby": {
                "request": visual.as_json(watch),
                "messages": [visual.as_json(m) for m in snapshot],
            }
        }
        self.save(fixture, "", answers, streams)

    def save(self, fixture: str, address: str, answers: dict[str, Any], streams: dict[str, Any]) -> None:
        visual.save(
            fixture, {"address": address, "player": self.player(), "answers": answers, "streams": streams}
        )
        print(f"recorded {visual.fixture_path(fixture).relative_to(ROOT)}", flush=True)


def anna_acts_when(page: Page, condition: str, most_moves: int = 2000) -> None:
    """Plays on (as the cautious player of the browser tests) until it is Anna's turn and
    ``condition`` (a script) holds; the table then waits for her and stays as it is."""
    for _ in range(most_moves):
        page.wait_for_selector(".end, .seat.viewer.acting, .choices [data-kind=continuePlay].allowed")
        if page.evaluate(condition):
            return
        assert take_one_move(page), f"the match ended before {condition}"
    raise AssertionError(f"{condition} did not come in {most_moves} moves")


BIDDING = """() => document.querySelector('.board')?.dataset.phase === '2'
  && !!document.querySelector('.seat.viewer.acting')
  && document.querySelectorAll('.seat .bubble').length >= 2"""
TRICK = """() => document.querySelector('.board')?.dataset.phase === '3'
  && !!document.querySelector('.seat.viewer.acting') && document.querySelectorAll('.trick li').length >= 2
  && document.querySelectorAll('.hand .card').length >= 4"""
SETTLEMENT = "() => !!document.querySelector('.settlement .steps li')"


def to_lobby(page: Page, site: str) -> None:
    page.goto(site)
    page.wait_for_selector("form.new-table")


def record(site: str, pages: Callable[[], Page]) -> None:
    anna, ben = pages(), pages()
    recorder = Recorder(site, anna)
    register(anna, "Anna")
    # Kop: its bidding, with calls of others already at their seats, then its first settlement.
    new_table(anna, "baska_kop", settings={"think": "60"})
    anna_acts_when(anna, BIDDING)
    recorder.table("bidding")
    anna_acts_when(anna, SETTLEMENT)
    recorder.table("settlement")
    to_lobby(anna, site)
    # Schafkopf during trick play (every deal is played): the same moment in German too.
    new_table(anna, "schafkopf", settings={"option-all_pass": "ramsch", "think": "60"})
    anna_acts_when(anna, TRICK)
    recorder.table("play")
    recorder.table("play-de", GERMAN)
    to_lobby(anna, site)
    # Speculation's market without its clock: the table waits for Anna's offers.
    new_table(anna, "speculation", settings={"option-reveal_seconds": "0", "option-auction_seconds": "0"})
    until_anna_may_offer(anna)
    recorder.table("market")
    # A finished match in the lobby and one waiting for players that Ben opened.
    play_to_the_end(anna)
    register(ben, "Ben")
    new_table(ben, "bela", people=2)
    to_lobby(anna, site)
    anna.wait_for_selector("section[aria-label='Tables waiting for players'] li")
    recorder.lobby("lobby")


def main() -> None:
    argparse.ArgumentParser(
        prog="python -m tests.web.record_visual",
        description="Record the answers of the visual test's screens from real games.",
    ).parse_args()
    with tempfile.TemporaryDirectory() as directory:
        redis_server = RedisServer(free_port(), Path(directory))
        redis_server.start()
        try:
            server = server_process(redis_server)
            with running(server, worker_process(redis_server, ai_computer_moves_per_s="100000")):
                site = f"http://{http_address(server)}"
                with sync_playwright() as playwright:
                    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)

                    def pages() -> Page:
                        context = browser.new_context(viewport=visual.DESKTOP, locale="en-US")  # type: ignore[arg-type]
                        page = context.new_page()
                        page.set_default_timeout(WAIT_MS)
                        page.goto(site)
                        return page

                    record(site, pages)
                    browser.close()
        finally:
            redis_server.stop()


if __name__ == "__main__":
    main()
