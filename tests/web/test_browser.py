"""The web client in a real browser (the system's Chromium, headless, driven by Playwright)
against a real server, worker and Redis: people register, play whole matches of every
game by clicking, meet at one table through a link, reload in the middle of a trick, play
by keyboard alone, on a phone's screen, and the pages pass an accessibility scan.

Screenshots of the key screens are written to ``test-artifacts/screens/``.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Route, TimeoutError

from speedgamez.v1 import table_service_pb2 as service_pb2
from tools.processes import (
    ROOT,
    RedisServer,
    free_port,
    http_address,
    running,
    server_process,
    worker_process,
)

CHROMIUM = Path("/usr/bin/chromium")
SCREENS = ROOT / "test-artifacts" / "screens"
AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
# Flags that keep Chromium from reaching for the network beyond the page (closed here).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
# What a player can do now, or the end of the match.
ACTIONABLE = ".end, .choices [data-kind=continuePlay].allowed, .seat.viewer.acting"
WAIT_MS = 60_000
# The shortest match each game offers, set in the lobby's form.
SHORT_MATCHES: dict[str, dict[str, str]] = {
    "baska_kop": {"rules": "kop"},
    "bela": {"seats": "2", "option-target": "501"},
    "schafkopf": {"rules": "club", "option-deals": "4", "option-pack": "short"},
    "speculation": {"seats": "3", "option-deals_each": "1"},
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The web client's address on a server of its own, with Redis and a worker."""
    redis_server = RedisServer(free_port(), Path(tmp_path_factory.mktemp("redis")))
    redis_server.start()
    try:
        server = server_process(redis_server)
        with running(server, worker_process(redis_server, ai_computer_moves_per_s="100000")):
            yield f"http://{http_address(server)}"
    finally:
        redis_server.stop()


@pytest.fixture
def open_page(browser: Browser, site: str) -> Iterator[Callable[..., Page]]:
    """A new browser (its own storage: its own player) on the site; no script may fail."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def make(viewport: dict[str, int] = DESKTOP, bypass_csp: bool = False, locale: str = "en-US") -> Page:
        # bypass_csp: the page forbids scripts it does not load itself, as the scan is.
        # A phone is touched, not clicked: taps and touch events as on the device.
        # The locale is the browser's language, which the page speaks: English unless a
        # test asks for another (Playwright's own default is the machine's).
        context = browser.new_context(
            viewport=viewport,  # type: ignore[arg-type]
            bypass_csp=bypass_csp,
            has_touch=viewport is PHONE,
            is_mobile=viewport is PHONE,
            locale=locale,
        )
        contexts.append(context)
        page = context.new_page()
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.set_default_timeout(WAIT_MS)
        page.goto(site)
        return page

    yield make
    for context in contexts:
        context.close()
    # The browser also logs every call the server refused (a move the table moved past
    # meanwhile: 409, 400) and those it could not send offline; the page handles them.
    assert [error for error in errors if not error.startswith("Failed to load resource")] == [], errors


def register(page: Page, name: str) -> None:
    page.fill("#name", name)
    page.click("button[type=submit]")
    page.wait_for_selector("form.new-table")


def new_table(page: Page, game: str, *, people: int = 1, settings: dict[str, str] | None = None) -> None:
    """Choose the game, open its folded rules for the settings, and play."""
    page.locator(f"label[for=pick-{game}]").click()
    form = page.locator(f"form[data-game={game}]")
    form.locator("details.rules summary").click()
    for field, value in (SHORT_MATCHES[game] | (settings or {})).items():
        control = form.locator(f"#{game}-{field}")
        if value in ("on", "true"):
            control.check()
        elif value == "false":
            control.uncheck()
        elif control.evaluate("element => element.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)
    form.locator(f"#{game}-people").fill(str(people))
    form.locator("button[type=submit]").click()
    page.wait_for_selector(".board[data-version]")


def choose_setting(page: Page, setting: str, value: str) -> None:
    """Open the gear, choose ``value`` for ``setting`` and close it."""
    page.locator("button.gear").click()
    page.locator(f"#{setting}").select_option(value)
    page.locator("dialog.settings button[type=submit]").click()


def version(page: Page) -> str:
    return page.get_attribute(".board", "data-version") or ""


# What a cautious player clicks, best first: continue after a settlement, a playable card,
# a pass, the market's turn-up, keep or no bid; else the first call allowed. In a market
# every trade redraws the board, so a click that finds its button gone is tried again.
CAUTIOUS = (
    ".choices [data-kind=continuePlay].allowed",
    ".hand .card.playable",
    ".choices [data-kind=passTurn].allowed",
    ".choices [data-market=reveal].allowed, .choices [data-market=keep].allowed",
    ".choices button.allowed",
)


def take_one_move(page: Page, patience_ms: float = WAIT_MS) -> bool:
    """Click what the player would (CAUTIOUS) when it is her turn or a settlement waits
    for her, waiting for that at most ``patience_ms``. False once the match is over."""
    try:
        page.wait_for_selector(ACTIONABLE, timeout=patience_ms)
    except TimeoutError:
        if patience_ms >= WAIT_MS:
            raise
        # The table moved on to another actor meanwhile: the caller looks again.
        return True
    if page.locator(".end").count():
        return False
    before = version(page)
    for selector in CAUTIOUS:
        target = page.locator(selector)
        if target.count():
            with contextlib.suppress(TimeoutError):
                target.first.click(timeout=5_000)
            break
    # Refused, or redrawn before the click landed (the table moved meanwhile): look again.
    with contextlib.suppress(TimeoutError):
        page.wait_for_function(
            "v => document.querySelector('.board')?.dataset.version !== v", arg=before, timeout=10_000
        )
    return True


def play_until(page: Page, selector: str, most_moves: int = 2000) -> None:
    """Play on until ``selector`` shows. Looked for only when the player may act (her turn,
    a settlement, the end): then the table waits for her, so what it shows stays until she
    moves, and a settlement is never continued past before it was looked at."""
    for _ in range(most_moves):
        page.wait_for_selector(ACTIONABLE)
        if page.locator(selector).count():
            return
        assert take_one_move(page), f"the match ended before {selector} showed"
    raise AssertionError(f"{selector} did not show in {most_moves} moves")


def play_to_the_end(page: Page, most_moves: int = 2000) -> set[str]:
    """Play until the match is over; the move clock's lines seen on the way."""
    clocks: set[str] = set()
    for _ in range(most_moves):
        # The clock as it stands when the player may act (drawn with the same view).
        page.wait_for_selector(ACTIONABLE)
        clocks.add(page.inner_text(".clock"))
        if not take_one_move(page):
            return clocks
    raise AssertionError("the match did not end")


def screenshot(page: Page, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("game", sorted(SHORT_MATCHES))
def test_a_whole_match_of_each_game_against_computers_played_by_clicking(
    open_page: Callable[..., Page], game: str
) -> None:
    page = open_page()
    register(page, "Anna")
    if game == "baska_kop":
        screenshot(page, "lobby")
    new_table(page, game)
    screenshot(page, f"{game}-start")
    clocks = play_to_the_end(page)
    if game == "speculation":
        # Alone against computers a person holds up nobody: the market runs no clock.
        assert not any(re.match(r"Time left: \d+ s for ", clock) for clock in clocks), clocks
    screenshot(page, f"{game}-finished")
    assert page.get_attribute(".board", "data-phase") == "5"  # TABLE_PHASE_FINISHED
    assert page.locator(".settlement .steps li").count() > 0
    # The match read back: every deal, stepped from its first move to its settlement.
    page.locator(".outcome button.replay").click()
    page.wait_for_selector(".replay-deal")
    # A deal can be over before anyone moves (Speculation's turned-up ace wins the pool at
    # once); every deal lists all its moves, and the first deal with moves is stepped back.
    deals = page.locator(".replay-deal").all()
    moves = [int(deal.locator("input[type=range]").get_attribute("max") or 0) for deal in deals]
    assert [deal.locator(".moves li").count() for deal in deals] == moves
    stepped = deals[next(index for index, count in enumerate(moves) if count > 0)]
    assert stepped.locator(".summary").count() == 1
    stepped.locator("input[type=range]").fill("0")
    assert stepped.locator(".moves li").count() == 0 and stepped.locator(".summary").count() == 0
    assert stepped.locator(".replay-hands li").count() == page.locator(".replay-end li").count()
    screenshot(page, f"{game}-replay")
    # And from the lobby's list of finished matches.
    page.locator("nav a", has_text="Lobby").click()
    page.locator("section[aria-label='Your finished matches'] button.replay").first.click()
    page.wait_for_selector(".replay-deal")


def friends_at_one_table(anna: Page, ben: Page) -> None:
    """Anna opens a table of Kop for two people and two computers, and Ben takes the other
    seat by the table's link; returns once both hold their cards."""
    register(anna, "Anna")
    new_table(anna, "baska_kop", people=2)
    link = anna.get_attribute(".share a", "href")
    assert link and link.startswith("?table=tables/")
    register(ben, "Ben")
    ben.goto(ben.url.split("?")[0] + link)
    ben.wait_for_selector(".hand .card")
    anna.wait_for_selector(".hand .card")


def test_two_browsers_at_one_table_each_see_only_their_own_cards(open_page: Callable[..., Page]) -> None:
    anna, ben = open_page(), open_page()
    friends_at_one_table(anna, ben)
    annas = set(anna.locator(".hand .card").all_inner_texts())
    bens = set(ben.locator(".hand .card").all_inner_texts())
    assert len(annas) == len(bens) == 4
    assert not annas & bens
    for page in (anna, ben):
        assert page.locator(".open-hand").count() == 0
    screenshot(ben, "friend-joined")


def test_a_reload_in_the_middle_of_a_trick_resumes_with_no_gap_and_no_repeat(
    open_page: Callable[..., Page],
) -> None:
    page = open_page()
    register(page, "Anna")
    new_table(page, "baska_kop")
    # Until a trick is under way (a card on the table) and it is Anna's turn again or not.
    play_until(page, ".trick li")
    before = page.locator(".log li").evaluate_all("items => items.map(item => item.dataset.sequence)")
    # The cards' text, not as laid out (a redraw under way lays them out anew).
    held = "cards => cards.map(card => card.textContent)"
    hand = page.locator(".hand .card").evaluate_all(held)
    page.reload()
    page.wait_for_selector(".board[data-version]")
    page.wait_for_function("n => document.querySelectorAll('.log li').length >= n", arg=len(before))
    after = page.locator(".log li").evaluate_all("items => items.map(item => item.dataset.sequence)")
    numbers = [int(sequence) for sequence in after]
    assert after[: len(before)] == before
    assert numbers == sorted(set(numbers)), "no event shown twice, none out of order"
    assert (
        page.locator(".hand .card").evaluate_all(held) == hand
        or page.locator(".seat.viewer.acting").count() == 0
    )


def test_a_greyed_card_shows_its_reason_when_tapped(open_page: Callable[..., Page]) -> None:
    page = open_page(PHONE)
    register(page, "Anna")
    new_table(page, "baska_kop")
    greyed = page.locator(".hand .card[aria-disabled=true]")
    greyed.first.wait_for()
    # The tap and the reason it should show are read together: a board drawn anew between
    # two steps (a computer's move) would pair one card's reason with another card.
    # (Playwright also takes aria-disabled as "not enabled"; a finger taps it all the same.)
    reason = greyed.first.evaluate("card => { card.click(); return card.title; }")
    assert reason
    assert page.locator(".status").inner_text() == reason
    screenshot(page, "greyed-card-reason")


def test_each_seat_says_its_last_call_in_a_speech_bubble(open_page: Callable[..., Page]) -> None:
    page = open_page()
    register(page, "Anna")
    new_table(page, "baska_kop")
    page.wait_for_selector(".seat .bubble")
    # The bubbles and the list of calls read in one look: a move may redraw both.
    look = page.evaluate(
        """() => ({
          bubbles: [...document.querySelectorAll(".seat")].filter((seat) => seat.querySelector(".bubble"))
            .map((seat) => [
              seat.querySelector("h3").firstChild.textContent, seat.querySelector(".bubble").textContent,
            ]),
          calls: [...document.querySelectorAll(".calls li")].map((call) => call.textContent),
        })"""
    )
    assert look["bubbles"], look
    for name, said in look["bubbles"]:
        name = name.removesuffix(" (computer)")
        own = [call for call in look["calls"] if call.startswith(f"{name}: ")]
        assert own and own[-1].removeprefix(f"{name}: ").startswith(said), (name, said, look["calls"])
    screenshot(page, "speech-bubbles")


def test_bela_zvanja_show_at_the_seat_with_their_value_and_verdict(open_page: Callable[..., Page]) -> None:
    """Seed 002: declared melds stay at the seat, who leads and why, beaten ones grey."""
    page = open_page()
    register(page, "Anna")
    new_table(page, "bela")
    # A computer with twelve cards declares a sequence in most deals.
    for _ in range(600):
        if page.locator(".seat .bubble.zvanja").count():
            break
        assert take_one_move(page), "the match ended without a declaration"
    bubbles = page.locator(".seat .bubble.zvanja").evaluate_all(
        "bubbles => bubbles.map((bubble) => [bubble.textContent, bubble.classList.contains('struck')])"
    )
    assert bubbles
    for text, struck in bubbles:
        assert re.search(r"\(\d+\) · (leads|counts with the partner's|beaten)", text), text
        assert struck == ("· beaten" in text)
    screenshot(page, "bela-zvanja")


def test_a_trick_just_taken_moves_to_its_winners_place_and_goes(open_page: Callable[..., Page]) -> None:
    page = open_page()
    register(page, "Anna")
    new_table(page, "baska_kop")
    # Caught as it appears: the trick just taken, with the place of the seat that took it.
    page.evaluate(
        """() => {
          window.gathered = [];
          new MutationObserver(() => {
            const trick = document.querySelector(".trick.gathering");
            if (!trick) return;
            const winner = document.querySelector(`.seat[data-place="${trick.dataset.to}"]`);
            window.gathered.push([trick.dataset.to, trick.querySelectorAll("li").length, !!winner]);
          }).observe(document.body, { childList: true, subtree: true });
        }"""
    )
    while not page.evaluate("window.gathered.length"):
        assert take_one_move(page)
    place, cards, seated = page.evaluate("window.gathered[0]")
    assert place in ("left", "right", "top", "bottom") and cards == 4 and seated
    # It goes once it has moved (or the next trick's first card takes its place).
    page.wait_for_function("() => !document.querySelector('.trick.gathering')")


def test_the_move_clock_counts_down_at_the_seat_it_runs_for(open_page: Callable[..., Page]) -> None:
    anna, ben = open_page(), open_page()
    friends_at_one_table(anna, ben)
    # Two people at a table: every decision of a person runs the two-minute clock.
    anna.wait_for_function(
        """() => [...document.querySelectorAll(".seat.acting .countdown")]
             .some((countdown) => /^\\d+ s$/.test(countdown.textContent))"""
    )
    acting = anna.evaluate(
        """() => [...document.querySelectorAll(".seat.acting")]
             .filter((seat) => /^\\d+ s$/.test(seat.querySelector(".countdown")?.textContent ?? ""))
             .map((seat) => seat.querySelector("h3").firstChild.textContent)"""
    )
    assert set(acting) <= {"Anna", "Ben"}, acting


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_settlement_lies_over_the_table_with_its_steps_and_continues_by_enter(
    open_page: Callable[..., Page], viewport: dict[str, int]
) -> None:
    page = open_page(viewport)
    register(page, "Anna")
    new_table(page, "baska_kop")
    play_until(page, ".settlement")
    # One look (a computer's continue redraws the board): the panel over the table and
    # within the screen's width, with the steps, the scores and its own continue button.
    look = page.evaluate(
        """() => {
          const panel = document.querySelector(".felt .outcome"), felt = document.querySelector(".felt");
          const box = panel.getBoundingClientRect(), under = felt.getBoundingClientRect();
          return {
            inside: under.left <= box.left && box.right <= under.right && under.top <= box.top,
            width: document.documentElement.scrollWidth,
            steps: panel.querySelectorAll(".settlement .steps li").length,
            scores: panel.querySelectorAll(".settlement .scores li").length,
            key: panel.querySelector("[data-kind=continuePlay]")?.getAttribute("aria-keyshortcuts"),
            elsewhere: document.querySelectorAll(".choices:not(.outcome-actions) [data-kind=continuePlay]")
              .length,
          };
        }"""
    )
    assert look["inside"] and look["width"] <= viewport["width"], look
    assert look["steps"] >= 1 and look["scores"] == 4, look
    assert look["key"] == "Enter" and look["elsewhere"] == 0, look
    screenshot(page, f"settlement-{'phone' if viewport is PHONE else 'desktop'}")
    before = version(page)
    page.keyboard.press("Enter")
    page.wait_for_function("v => document.querySelector('.board')?.dataset.version !== v", arg=before)


# In one look at the board (a computer's move may redraw it between two): every call's and
# card's key, and the key a cautious player presses (as CAUTIOUS clicks).
KEYBOARD_LOOK = """() => {
  const keyOf = (selector) => document.querySelector(selector)?.getAttribute("aria-keyshortcuts");
  const calls = [...document.querySelectorAll(".choices button")].map(
    (button) => [button.textContent, button.getAttribute("aria-keyshortcuts")]);
  const cards = [...document.querySelectorAll(".hand .card")].map(
    (card) => card.getAttribute("aria-keyshortcuts"));
  const press = keyOf(".choices [data-kind=continuePlay].allowed") ?? keyOf(".hand .card.playable")
    ?? keyOf(".choices [data-kind=passTurn].allowed") ?? keyOf(".choices [data-market=reveal].allowed")
    ?? keyOf(".choices [data-market=keep].allowed") ?? keyOf(".choices button.allowed");
  return {calls, cards, press, settled: !!document.querySelector(".settlement")};
}"""


@pytest.mark.parametrize("game", sorted(SHORT_MATCHES))
def test_every_call_and_card_has_a_key_and_a_deal_is_played_by_keyboard_alone(
    open_page: Callable[..., Page], game: str
) -> None:
    page = open_page()
    register(page, "Anna")
    new_table(page, game, settings={"option-all_pass": "ramsch"} if game == "schafkopf" else None)
    seen_calls: set[str] = set()
    for _ in range(400):
        page.wait_for_selector(ACTIONABLE)
        look = page.evaluate(KEYBOARD_LOOK)
        keys = [key for _, key in look["calls"]] + look["cards"]
        assert all(keys), f"a call or card without a key: {look}"
        assert len(set(keys)) == len(keys), f"two share a key: {look}"
        seen_calls.update(label for label, _ in look["calls"])
        assert look["press"], look
        before = version(page)
        page.keyboard.press(look["press"])
        if look["settled"]:
            assert look["press"] == "Enter", look
            break
        with contextlib.suppress(TimeoutError):
            page.wait_for_function(
                "v => document.querySelector('.board')?.dataset.version !== v", arg=before, timeout=10_000
            )
    else:
        raise AssertionError("no settlement within 400 key presses")
    # Enter continued: the table moved on (to the next deal, which in Speculation a
    # turned-up ace may end at once with a settlement of its own, or to the match's end).
    page.wait_for_function("v => document.querySelector('.board')?.dataset.version !== v", arg=before)
    assert seen_calls, "the deal asked for no call"


def test_the_phone_layout_fits_375_pixels(open_page: Callable[..., Page]) -> None:
    page = open_page(PHONE)
    register(page, "Anna")
    screenshot(page, "phone-lobby")
    new_table(page, "bela")
    page.wait_for_selector(".hand .card")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "phone-table")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_player_sits_at_the_bottom_and_the_next_to_play_at_his_left(
    open_page: Callable[..., Page], viewport: dict[str, int]
) -> None:
    """Play goes to the left (seeds 003, 004: "links vom Geber", "im Uhrzeigersinn"): the
    next seat at the player's left, his partner opposite at four seats, the last at his
    right, the trick between them."""
    page = open_page(viewport)
    register(page, "Anna")
    new_table(page, "schafkopf")
    page.wait_for_selector(".felt .seat.viewer")
    # Found and measured in one script: between two, a computer's move may redraw the board.
    places = page.evaluate(
        """() => [...document.querySelectorAll(".felt .seat, .felt .centre")].map(element => {
            const box = element.getBoundingClientRect();
            return [element.dataset.place ?? "centre", Number(element.dataset.seat ?? -1),
                    box.left + box.width / 2, box.top + box.height / 2];
        })"""
    )
    where = {place: (seat, x, y) for place, seat, x, y in places}
    me = where["bottom"][0]
    assert "viewer" in (page.get_attribute(f".felt .seat[data-seat='{me}']", "class") or "")
    assert [where[place][0] for place in ("left", "top", "right")] == [
        (me + step) % 4 for step in (1, 2, 3)
    ], places
    assert where["top"][2] < where["centre"][2] < where["bottom"][2], places
    assert where["left"][1] < where["right"][1], places
    if viewport is DESKTOP:
        assert where["left"][1] < where["centre"][1] < where["right"][1], places
    screenshot(page, f"table-{'desktop' if viewport is DESKTOP else 'phone'}")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_trump_ladder_at_the_tables_top_corner_folds_and_stays_folded(
    open_page: Callable[..., Page], viewport: dict[str, int]
) -> None:
    """Seed 000: the ladder top left in landscape, top right in portrait, the player's own
    trumps golden, fallen ones grey and struck; a tap on "Trumps" folds it and opens it."""
    page = open_page(viewport)
    register(page, "Anna")
    # Every deal is played (a Ramsch when all pass), so trumps fall in each.
    new_table(page, "schafkopf", settings={"option-all_pass": "ramsch"})
    while not page.locator(".felt .ladder .fallen").count():
        assert take_one_move(page)
    # Read at one moment: a computer's move redraws the board between two reads.
    ladder, felt, fallen = page.evaluate(
        """() => {
            const box = (selector) => {
                const found = document.querySelector(selector).getBoundingClientRect();
                return {x: found.left, y: found.top, width: found.width, height: found.height};
            };
            const fallen = [...document.querySelectorAll(".ladder .fallen")];
            return [box(".felt .ladder"), box(".felt"), fallen.map(rung => rung.querySelector("s") !== null)];
        }"""
    )
    middle = ladder["x"] + ladder["width"] / 2
    assert (middle < felt["x"] + felt["width"] / 2) == (viewport is DESKTOP)
    assert ladder["y"] < felt["y"] + felt["height"] / 3
    assert fallen and all(fallen)
    screenshot(page, f"ladder-{'desktop' if viewport is DESKTOP else 'phone'}")
    page.click(".ladder summary")
    page.wait_for_selector(".ladder ol", state="hidden")
    before = version(page)
    take_one_move(page)
    page.wait_for_function("v => document.querySelector('.board')?.dataset.version !== v", arg=before)
    assert page.locator(".ladder").count() == 0 or not page.locator(".ladder ol").is_visible()
    page.click(".ladder summary")
    page.wait_for_selector(".ladder ol", state="visible")


def test_the_page_never_jumps_when_the_history_grows_on_a_phone(open_page: Callable[..., Page]) -> None:
    """Each event adds a line to the history below the table; the list scrolls to it, the
    page stays where the player holds it. The history takes the keyboard's focus, so its
    lines scroll by keys as well."""
    page = open_page(PHONE)
    register(page, "Anna")
    new_table(page, "bela")
    moves = 0
    while moves < 4:
        page.wait_for_selector(", ".join((".end", *CAUTIOUS)))
        if page.locator(".end").count():
            break
        page.evaluate("scrollTo(0, 0)")
        shown = page.locator(".log li").count()
        # Clicked by script: a click by Playwright would first scroll the button into view.
        clicked = page.evaluate(
            """selectors => selectors.some(selector => {
                const found = document.querySelector(selector);
                if (found) found.click();
                return Boolean(found);
            })""",
            list(CAUTIOUS),
        )
        if not clicked:
            continue  # redrawn between the two looks: look again
        moves += 1
        page.wait_for_function("n => document.querySelectorAll('.log li').length > n", arg=shown)
        assert page.evaluate("scrollY") == 0
    assert moves == 4
    page.focus(".history .log")
    assert page.evaluate("document.activeElement.classList.contains('log')")


@pytest.mark.parametrize("light", ["day", "evening"])
def test_no_accessibility_violations_on_any_screen_in_either_light(
    open_page: Callable[..., Page], light: str
) -> None:
    page = open_page(PHONE, bypass_csp=True)
    page.evaluate("light => localStorage.setItem('speedgamez.settings', JSON.stringify({light}))", light)
    page.reload()
    found: dict[str, list[str]] = {}

    def scan(screen: str) -> None:
        page.add_script_tag(path=str(AXE))
        result = json.loads(page.evaluate("async () => JSON.stringify(await axe.run())"))
        found[screen] = [
            f"{violation['id']} ({violation['impact']}): {violation['help']}: "
            + "; ".join(node["html"][:80] for node in violation["nodes"][:3])
            for violation in result["violations"]
        ]

    scan("register")
    register(page, "Anna")
    scan("lobby")
    page.locator("button.gear").click()
    scan("settings")
    page.locator("dialog.settings button[type=submit]").click()
    new_table(page, "baska_kop")
    page.wait_for_selector(".hand .card")
    scan("table")
    play_until(page, ".trick li")
    scan("trick")
    play_until(page, ".outcome")
    scan("settlement")
    page.goto(page.url.split("?")[0] + "?page=leaderboards")
    page.wait_for_selector("table")
    scan("leaderboards")
    assert not any(found.values()), json.dumps(found, indent=1, ensure_ascii=False)


def test_the_gear_changes_the_tables_design_light_and_highlighting_and_keeps_them(
    open_page: Callable[..., Page],
) -> None:
    page = open_page()
    register(page, "Anna")
    new_table(page, "baska_kop")
    play_until(page, ".hand .card.playable")

    def look() -> dict[str, str]:
        return page.evaluate(
            """() => ({
              design: document.querySelector(".board").dataset.design,
              felt: getComputedStyle(document.querySelector(".felt")).backgroundColor,
              paper: getComputedStyle(document.documentElement).backgroundColor,
              playable: getComputedStyle(document.querySelector(".hand .card.playable")).backgroundColor,
            })"""
        )

    before = look()
    assert before["design"] == "ratsstube" and before["playable"] == "rgb(255, 251, 230)"
    page.locator("button.gear").click()
    page.locator("#design-speedbock").select_option("fischerkate")
    page.locator("#light").select_option("evening")
    page.locator("#highlight").select_option("off")
    page.locator("dialog.settings button[type=submit]").click()
    page.wait_for_function("() => document.querySelector('.board').dataset.design === 'fischerkate'")
    after = look()
    assert after["felt"] != before["felt"] and after["paper"] == "rgb(27, 29, 26)"
    # Not highlighted: a playable card looks like any other.
    assert after["playable"] == "rgb(42, 45, 41)"
    screenshot(page, "evening-fischerkate")
    page.reload()
    page.wait_for_selector(".hand .card")
    assert look()["design"] == "fischerkate"
    assert page.evaluate("document.documentElement.dataset.light") == "evening"


# Counts the tones the page starts (the sounds are drawn by the browser's audio).
COUNT_TONES = """
window.tones = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) { window.tones += 1; return start.apply(this, args); };
"""


def test_sounds_are_off_until_the_player_turns_them_on(open_page: Callable[..., Page]) -> None:
    page = open_page()
    page.context.add_init_script(COUNT_TONES)
    page.reload()
    register(page, "Anna")
    new_table(page, "baska_kop")
    play_until(page, ".trick li")
    assert page.evaluate("window.tones") == 0
    choose_setting(page, "sound", "on")
    for _ in range(3):
        assert take_one_move(page)
    page.wait_for_function("() => window.tones > 0")


def test_a_new_table_takes_its_think_time_and_stake_from_the_form(open_page: Callable[..., Page]) -> None:
    page = open_page()
    register(page, "Anna")
    new_table(page, "baska_kop", settings={"think": "30", "stake": "10"})
    page.wait_for_function(
        "() => /^Time left: \\d+ s for Anna$/.test(document.querySelector('.clock').textContent)"
    )
    # The think time and its grace of 10 seconds.
    assert int(page.inner_text(".clock").split()[2]) <= 40
    assert "stake 10 chips each" in page.inner_text(".table-head")
    page.goto(page.url.split("?")[0])
    page.wait_for_selector("form.new-table")
    assert "balance 990 chips" in page.inner_text("main")


def test_a_lost_connection_resumes_the_table_with_no_gap_and_no_repeat(
    open_page: Callable[..., Page],
) -> None:
    page = open_page()
    register(page, "Anna")
    new_table(page, "baska_kop")
    assert take_one_move(page)
    shown = page.locator(".log li").count()
    page.context.set_offline(True)
    # Offline, a move of hers is refused by the network, not by the table.
    page.wait_for_timeout(500)
    page.context.set_offline(False)
    # Back online: the stream reconnects after the last event it showed; the match goes on.
    for _ in range(6):
        assert take_one_move(page)
    page.wait_for_function("n => document.querySelectorAll('.log li').length > n", arg=shown)
    numbers = [
        int(sequence)
        for sequence in page.locator(".log li").evaluate_all("items => items.map(i => i.dataset.sequence)")
    ]
    assert numbers == sorted(set(numbers))


def test_a_lost_connection_says_so_in_words_and_clears_when_it_is_back(
    open_page: Callable[..., Page],
) -> None:
    page = open_page()
    register(page, "Anna")
    new_table(page, "baska_kop")
    play_until(page, ".hand .card.playable")
    page.context.set_offline(True)
    page.evaluate("document.querySelector('.hand .card.playable').click()")
    page.wait_for_function("() => document.querySelector('.status').textContent !== ''")
    assert page.inner_text(".status") == "Connection lost: reconnecting …"
    page.context.set_offline(False)
    page.wait_for_function("() => document.querySelector('.status').textContent === ''")
    assert take_one_move(page)


def test_a_move_that_another_move_came_before_redraws_the_table_without_an_error(
    open_page: Callable[..., Page],
) -> None:
    """Anna has the table open in two tabs and plays in the first while the second's move
    is on its way: the second is refused as decided on an old version, and only draws the
    table as it is now."""
    first = open_page()
    register(first, "Anna")
    new_table(first, "baska_kop")
    play_until(first, ".hand .card.playable")
    second = first.context.new_page()
    second.goto(first.url)
    second.wait_for_selector(f".board[data-version='{version(first)}'] .hand .card.playable")
    held: list[Route] = []
    second.route("**/SubmitAction", lambda route: held.append(route))
    second.evaluate("document.querySelector('.hand .card.playable').click()")
    deadline = time.monotonic() + WAIT_MS / 1000
    while not held:  # each call to the browser lets the route's handler run
        assert time.monotonic() < deadline, "the second tab's move was never sent"
        second.evaluate("0")
    before = version(first)
    first.click(".hand .card.playable")
    first.wait_for_function("v => document.querySelector('.board').dataset.version !== v", arg=before)
    assert len(held) == 1
    # Refused (409: ABORTED), the tab sets its status line, then fetches the table anew.
    with second.expect_response("**/GetTable"), second.expect_response("**/SubmitAction") as refused:
        held[0].continue_()
    assert refused.value.status == 409
    second.wait_for_function("v => document.querySelector('.board').dataset.version !== v", arg=before)
    assert second.inner_text(".status") == ""
    second.close()


def until_anna_may_offer(page: Page, *others: Page) -> None:
    """A turned-up ace can end a deal at once: Anna, and the other people at the table
    (the next deal waits for each), continue until she may offer."""
    continue_play = ".choices [data-kind=continuePlay].allowed"
    offer_or_continue = f".choices [data-market=offer].allowed, {continue_play}"
    for _ in range(50):
        page.wait_for_selector(offer_or_continue)
        # Counted after the wait: the board may have been drawn anew in between.
        if page.locator(".choices [data-market=offer].allowed").count():
            return
        if page.locator(continue_play).count():
            page.keyboard.press("Enter")
            for other in others:
                other.wait_for_selector(continue_play)
                other.keyboard.press("Enter")
    raise AssertionError("Anna never got to offer")


def test_a_trader_names_her_own_price_in_the_speculation_market(open_page: Callable[..., Page]) -> None:
    page = open_page()
    register(page, "Anna")
    # No market clock: the table waits for Anna's decisions, so her offers stay open.
    new_table(page, "speculation", settings={"option-reveal_seconds": "0", "option-auction_seconds": "0"})
    # Her offer of 2 chips reaches the table: the history keeps it, whatever deal follows.
    offered = (
        "() => [...document.querySelectorAll('.log li')]"
        ".some(li => /^Anna: Offers 2 chips for /.test(li.textContent))"
    )
    for _ in range(3):
        until_anna_may_offer(page)
        offer = page.locator(".choices li", has=page.locator("[data-market=offer].allowed")).first
        offer.locator("input.price").first.fill("2")
        offer.locator("button").click()
        with contextlib.suppress(TimeoutError):
            # Refused if the table moved past it meanwhile (the status says why): offer again.
            page.wait_for_function(offered, timeout=10_000)
        if page.evaluate(offered):
            break
    assert page.evaluate(offered), page.locator(".log").inner_text()
    screenshot(page, "speculation-offer")


def test_the_speculation_market_is_a_board_with_the_pool_the_stacks_and_offers_to_answer(
    open_page: Callable[..., Page],
) -> None:
    anna, ben = open_page(), open_page()
    register(anna, "Anna")
    new_table(
        anna,
        "speculation",
        people=2,
        settings={"option-reveal_seconds": "0", "option-auction_seconds": "0"},
    )
    link = anna.get_attribute(".share a", "href")
    register(ben, "Ben")
    ben.goto(ben.url.split("?")[0] + f"{link}")
    for page in (anna, ben):
        page.wait_for_selector(".felt .centre .market")
    # In one look: the pool, the turn-up's face, each seat's face-down cards as backs (as
    # many as its words say) and no internal id anywhere on the table.
    look = """() => ({
          pool: document.querySelector(".market .pool-chips").textContent,
          turnUp: document.querySelectorAll(".market .turn-up img.face").length,
          stacks: [...document.querySelectorAll(".seat")].map((seat) => [
            seat.querySelector("h3").firstChild.textContent,
            seat.querySelectorAll(".stack .backs img.back").length,
            seat.querySelector(".stack .backs .visually-hidden")?.textContent ?? "0 face-down",
          ]),
          text: document.querySelector(".board").innerText,
        })"""
    seen = anna.evaluate(look)
    assert re.fullmatch(r"Pool: \d+ chips?( \(\d+ chips? carried over\))?", seen["pool"]), seen["pool"]
    assert seen["turnUp"] == 1
    for _, backs, words in seen["stacks"]:
        assert words == f"{backs} face-down"
    assert not re.search(r"\d{5,}", seen["text"]), "an internal id reached the table"
    screenshot(anna, "speculation-market")

    # Anna offers Ben 2 chips for his top card: the offer lies on both boards; Ben accepts.
    def backs_of(page: Page, name: str) -> int:
        return next(count for who, count, _ in page.evaluate(look)["stacks"] if who == name)

    until_anna_may_offer(anna, ben)
    to_ben = anna.locator(".choices li", has=anna.locator("[data-market=offer].allowed", has_text="Ben"))
    to_ben.locator("input.price").first.fill("2")
    before = (backs_of(ben, "Anna"), backs_of(ben, "Ben"))
    to_ben.locator("button").click()
    offer = ben.locator(".market .offer", has_text="Anna offers Ben 2 chips for the top face-down card")
    offer.wait_for()
    assert anna.locator(".market .offer button", has_text="Withdraw").count() == 1
    screenshot(ben, "speculation-offer-to-answer")
    offer.locator("button", has_text="Accept").click()
    # Gone (the computer's own offers may lie there meanwhile).
    offer.wait_for(state="detached")
    # The card changed hands: one more back in Anna's stack, one fewer in Ben's (unless the
    # deal ended meanwhile and a new one was dealt).
    after = (backs_of(ben, "Anna"), backs_of(ben, "Ben"))
    assert after == (before[0] + 1, before[1] - 1) or ben.locator(".outcome").count(), (before, after)


def test_a_learning_game_shows_the_computers_cards_and_the_advice(open_page: Callable[..., Page]) -> None:
    page = open_page()
    register(page, "Anna")
    new_table(page, "baska_kop", settings={"learning": "on"})
    page.wait_for_selector(".seat:not(.viewer) .open-hand")
    assert page.locator(".seat:not(.viewer) .open-hand").count() == 3
    page.wait_for_selector(".seat.viewer.acting")
    page.keyboard.press("R")
    page.wait_for_selector(".advice p")
    assert page.locator(".advice p").first.inner_text().startswith("The strong computer:")
    screenshot(page, "learning")


def test_the_daily_deal_leaderboards_and_statistics(open_page: Callable[..., Page]) -> None:
    page = open_page()
    register(page, "Anna")
    page.locator("label[for=pick-baska_kop]").click()
    page.locator("form[data-game=baska_kop] button", has_text="daily deal").click()
    page.wait_for_selector(".board[data-version]")
    # Played on until the strong computer's result of a deal is there to compare.
    compared = (
        "() => [...document.querySelectorAll('.daily td.computer')].some(cell => cell.textContent !== '…')"
    )
    for _ in range(500):
        if page.evaluate(compared):
            break
        assert take_one_move(page)
    assert page.evaluate(compared)
    screenshot(page, "daily-deal")
    page.click("nav >> text=Leaderboards")
    page.wait_for_selector("table tbody")
    page.click("nav >> text=Statistics")
    page.wait_for_selector("h1:text('Your statistics')")
    screenshot(page, "statistics")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_new_table_is_three_choices_with_the_rules_folded_and_shown_by_their_meaning(
    open_page: Callable[..., Page], viewport: dict[str, int]
) -> None:
    page = open_page(viewport)
    register(page, "Anna")
    page.locator("label[for=pick-schafkopf]").click()
    form = page.locator("form[data-game=schafkopf]")
    assert page.locator("form.new-table:visible").count() == 1
    assert form.locator("details.rules").get_attribute("open") is None
    summary = form.locator("details.rules summary")
    assert summary.inner_text() == "Rules: Bavarian club rules · 4 seats · as usual"
    # The three choices and the rules' summary fit the screen; the old lobby was 4,100 px.
    assert page.evaluate("document.documentElement.scrollHeight") <= 2 * viewport["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    screenshot(page, f"lobby-{'phone' if viewport is PHONE else 'desktop'}")
    summary.click()
    text = form.inner_text()
    assert "tariff_schneider" not in text and "hochzeit" not in text
    assert "Hochzeit: a seat with one trump offers it for a partner" in text
    groups = form.locator(".option-group legend").all_inner_texts()
    assert groups == ["How the game is played", "Games and calls allowed", "Amounts and lengths"]
    # Each option in the group the game declares, its values by the game's words.
    played = form.locator(".option-group").nth(0)
    assert played.locator("#schafkopf-option-bettel_stichzwang").count() == 1
    assert form.locator(".option-group").nth(1).locator("#schafkopf-option-hochzeit").count() == 1
    assert played.locator("#schafkopf-option-all_pass option").all_inner_texts() == [
        "Zusammenwerfen: thrown in",
        "Stock: thrown in, everyone pays in (4 players only)",
        "Ramsch (3 or 4 players only)",
        "Muss: the Eichel-Ober must play (3 or 4 players only)",
    ]
    assert form.locator("#schafkopf-option-hochzeit").get_attribute("type") == "checkbox"
    form.locator("#schafkopf-option-hochzeit").check()
    assert summary.inner_text().endswith("· 1 changed")
    form.locator("button[type=submit]").click()
    page.wait_for_selector(".board[data-version]")


def test_the_form_offers_only_the_options_the_number_of_players_allows(
    open_page: Callable[..., Page],
) -> None:
    """Schafkopf at three plays the short pack, without the Stock; at two without Ramsch
    or muss: the form never lets a player ask for what the server would refuse."""
    page = open_page()
    register(page, "Anna")
    page.locator("label[for=pick-schafkopf]").click()
    form = page.locator("form[data-game=schafkopf]")
    form.locator("details.rules summary").click()
    pack, all_pass = form.locator("#schafkopf-option-pack"), form.locator("#schafkopf-option-all_pass")

    def disabled(select: Locator) -> list[str]:
        return select.evaluate("select => [...select.options].filter((o) => o.disabled).map((o) => o.value)")

    assert pack.input_value() == "long" and disabled(pack) == [] and disabled(all_pass) == []
    form.locator("#schafkopf-seats").select_option("3")
    assert pack.input_value() == "short"
    assert disabled(pack) == ["long"] and disabled(all_pass) == ["stock"]
    all_pass.select_option("ramsch")
    form.locator("#schafkopf-seats").select_option("2")
    assert all_pass.input_value() == "zusammenwerfen"
    assert disabled(all_pass) == ["stock", "ramsch", "muss"]
    form.locator("#schafkopf-seats").select_option("4")
    assert disabled(pack) == [] and disabled(all_pass) == []
    form.locator("#schafkopf-seats").select_option("3")
    form.locator("button[type=submit]").click()
    page.wait_for_selector(".board[data-version]")
    assert page.locator(".seat").count() == 3


def test_the_lobby_lists_a_new_table_as_it_opens_and_joins_it(open_page: Callable[..., Page]) -> None:
    anna, ben = open_page(), open_page()
    register(ben, "Ben")
    ben.wait_for_selector("section[aria-label='Tables waiting for players'] h2")
    register(anna, "Anna")
    new_table(anna, "bela", people=2)
    # Ben's lobby, never reloaded, shows Anna's table and takes him to it.
    join = ben.locator("section[aria-label='Tables waiting for players'] li", has_text="Anna").locator(
        "button"
    )
    join.first.click()
    ben.wait_for_selector(".hand .card")
    anna.wait_for_selector(".seat:not(.viewer) h3:text('Ben')")
    screenshot(ben, "lobby-joined")


@pytest.mark.parametrize(
    ("naming", "game", "pattern"),
    [
        ("german", "schafkopf", r"^(⇧?\d)?(Eichel|Gras|Herz|Schellen) (Sau|König|Ober|Unter|10|9|8|7)$"),
        ("german", "bela", r"^(⇧?\d)?(Eichel|Laub|Herz|Schellen) (Ass|König|Ober|Unter|10|9|8|7)$"),
        ("german", "baska_kop", r"^(⇧?\d)?(Kreuz|Pik|Herz|Karo)-(Ass|Zehn|Dame|Bube)$"),
        ("polish", "baska_kop", r"^(⇧?\d)?(as|dziesiątka|dama|walet) (trefl|pik|kier|karo)$"),
    ],
)
def test_cards_are_named_as_the_seeds_name_them(
    open_page: Callable[..., Page], naming: str, game: str, pattern: str
) -> None:
    page = open_page()
    register(page, "Anna")
    choose_setting(page, "card-names", naming)
    new_table(page, game)
    page.wait_for_selector(".hand .card")
    for name in page.locator(".hand .card").all_inner_texts():
        assert re.match(pattern, name.replace("\n", "")), name


@pytest.mark.parametrize(
    ("setting", "game", "pack"),
    [
        ("table", "schafkopf", "german"),
        ("table", "bela", "german"),
        ("table", "baska_kop", "french"),
        ("french", "schafkopf", "french"),
        ("german", "baska_kop", "german"),
    ],
)
def test_cards_show_the_faces_of_the_games_own_pack_or_the_one_the_player_chose(
    open_page: Callable[..., Page], setting: str, game: str, pack: str
) -> None:
    """Seed 000 plays Schafkopf with the German pack, seed 002 Bela with its German pack
    unless the table chose the French one; the player may pick either for every game."""
    page = open_page()
    register(page, "Anna")
    choose_setting(page, "card-pack", setting)
    # Every deal of Schafkopf is played (a Ramsch when all pass): a card reaches the trick.
    new_table(page, game, settings={"option-all_pass": "ramsch"} if game == "schafkopf" else None)
    page.wait_for_selector(".hand .card")
    # Read at one moment: a computer's move redraws the board between two reads.
    faces = (
        "selector => [...document.querySelectorAll(selector)]"
        ".map(card => [...card.querySelectorAll('img')].map(face => face.className + '|' + face.alt))"
    )
    held = page.evaluate(faces, ".hand .card")
    assert held and all(card == [f"face {pack}|"] for card in held), held
    # A card played lies face up in the trick, in the same pack, beside its player's name.
    for _ in range(40):
        played = page.evaluate(faces, ".trick li")
        if played:
            break
        assert take_one_move(page)
    assert played and all(card == [f"face {pack}|"] for card in played), played
    screenshot(page, f"faces-{pack}-{game}")


def test_two_friends_play_a_whole_match_in_two_browsers(open_page: Callable[..., Page]) -> None:
    anna, ben = open_page(), open_page()
    friends_at_one_table(anna, ben)
    deadline = time.monotonic() + WAIT_MS / 1000 * 5
    while not all(page.locator(".end").count() for page in (anna, ben)):
        assert time.monotonic() < deadline, "the match did not end"
        # Whoever the table waits for moves; the other one's page follows by its stream.
        waiting = [
            page
            for page in (anna, ben)
            if not page.locator(".end").count() and page.locator(ACTIONABLE).count()
        ]
        for page in waiting:
            # Another's move may have handed the turn on since the look above: no waiting for it.
            take_one_move(page, patience_ms=1_000)
        if not waiting:
            anna.wait_for_timeout(50)  # the computers' turn: look again shortly
    # Both saw the same match: the same totals at every seat (each page draws its own seat
    # at the bottom, so the seats are matched by number).
    by_seat = (
        "() => [...document.querySelectorAll('.seat')].map(seat => seat.dataset.seat + ': ' + "
        "[...seat.querySelectorAll('p')].map(line => line.innerText)"
        ".filter(line => line.includes('total')).join())"
    )
    totals = [sorted(page.evaluate(by_seat)) for page in (anna, ben)]
    assert totals[0] and totals[0] == totals[1], totals
    # The standings lie over the table: each person's place, total and place bonus.
    standings = [page.locator(".outcome .standings li").all_inner_texts() for page in (anna, ben)]
    assert len(standings[0]) == 4 and standings[0] == standings[1], standings
    assert any("leaderboard points" in line for line in standings[0])
    screenshot(ben, "friends-finished")
    # Anna plays again; Ben's page learns of the next match and he joins it at his seat.
    finished = anna.url
    seats = [page.locator(".seat.viewer").get_attribute("data-seat") for page in (anna, ben)]
    anna.locator(".outcome .again", has_text="Play again").click()
    anna.wait_for_url(lambda url: url != finished)
    ben.locator(".outcome .again", has_text="Join the next match").click()
    for page in (anna, ben):
        page.wait_for_selector(".hand .card")
        assert page.url == anna.url
    assert [page.locator(".seat.viewer").get_attribute("data-seat") for page in (anna, ben)] == seats


def test_a_player_who_leaves_a_match_comes_back_to_his_own_seat(open_page: Callable[..., Page]) -> None:
    page, ben = open_page(), open_page()
    # Ben sits at the table and never moves, so the match waits for him: the computers
    # cannot finish it while Anna is away, however long her way back takes.
    friends_at_one_table(page, ben)
    table = page.url
    page.click("button.leave")
    page.wait_for_selector("form.new-table")
    # Her unfinished table is hers still; a computer plays for her meanwhile.
    page.locator("section[aria-label='Your tables'] button", has_text="Continue").first.click()
    page.wait_for_selector(".seat.viewer")
    assert page.url == table
    assert page.locator(".status").inner_text() == "You are back in your seat."
    page.wait_for_selector(".hand .card")


def _first_answer_lost(page: Page, method: str) -> list[bytes]:
    """Calls of ``method`` from ``page`` reach the server; the first one's answer is lost on
    the way back (the browser sees the connection fail). The bodies of all of them."""
    bodies: list[bytes] = []

    def handle(route: Route) -> None:
        bodies.append(route.request.post_data_buffer or b"")
        if len(bodies) == 1:
            route.fetch()  # the server makes the change ...
            route.abort("connectionreset")  # ... and its answer never arrives
        else:
            route.continue_()

    page.route(f"**/speedgamez.v1.TableService/{method}", handle)
    return bodies


def test_a_leave_whose_answer_is_lost_is_sent_again_as_the_same_leave(open_page: Callable[..., Page]) -> None:
    """Sent again as a new leave, it would find Anna gone (and at a table of computers alone
    stop it); with the first one's request id the server answers it as it did the first time."""
    page, ben = open_page(), open_page()
    # Ben never moves: the match waits for him while Anna is away.
    friends_at_one_table(page, ben)
    table = page.url
    leaves = _first_answer_lost(page, "LeaveTable")
    page.click("button.leave")
    page.wait_for_selector("form.new-table")
    ids = [service_pb2.LeaveTableRequest.FromString(body).request_id for body in leaves]
    assert len(ids) == 2 and ids[0] and ids[0] == ids[1], ids
    # The computer plays on for her: the table is hers to continue, not stopped.
    page.locator("section[aria-label='Your tables'] button", has_text="Continue").first.click()
    page.wait_for_selector(".seat.viewer")
    assert page.url == table


def test_a_join_whose_answer_is_lost_is_sent_again_as_the_same_join(open_page: Callable[..., Page]) -> None:
    anna, ben = open_page(), open_page()
    register(anna, "Anna")
    new_table(anna, "baska_kop", people=2)
    link = anna.get_attribute(".share a", "href")
    assert link
    register(ben, "Ben")
    joins = _first_answer_lost(ben, "JoinTable")
    ben.goto(ben.url.split("?")[0] + link)
    ben.wait_for_selector(".hand .card")
    assert ben.locator(".status").inner_text() == "You took a seat at this table."
    ids = [service_pb2.JoinTableRequest.FromString(body).request_id for body in joins]
    assert len(ids) == 2 and ids[0] and ids[0] == ids[1], ids


def test_a_redraw_keeps_the_focused_control_and_a_price_being_typed(open_page: Callable[..., Page]) -> None:
    page = open_page()
    register(page, "Anna")
    new_table(page, "speculation", settings={"option-reveal_seconds": "0", "option-auction_seconds": "0"})
    # The computers trade meanwhile: a card sold takes its price field and its call off
    # the board. Then she begins again with the market as it is.
    for _ in range(20):
        until_anna_may_offer(page)
        price_key, call_key = page.evaluate(
            """() => [document.querySelector("input.price")?.dataset.focus ?? null,
                      document.querySelector(".choices button")?.dataset.focus ?? null]"""
        )
        if price_key is None or call_key is None:
            continue
        with contextlib.suppress(TimeoutError):
            # By their keys: a redraw meanwhile may reorder the controls.
            price = page.locator(f"input[data-focus='{price_key}']")
            price.fill("7", timeout=5_000)
            # A trade's redraw in the middle of the typing lands the 7 beside the old price.
            if price.evaluate("input => input.value", timeout=5_000) != "7":
                continue
            page.locator(f"[data-focus='{call_key}']").focus(timeout=5_000)
            # L (the last trick) draws the whole board anew: the old header leaves the page.
            page.evaluate("() => { window.drawnBefore = document.querySelector('.board header'); }")
            page.keyboard.press("l")
            page.wait_for_function("() => !window.drawnBefore.isConnected")
            look = page.evaluate(
                """([price, call]) => ({
                    value: document.querySelector(`input[data-focus="${CSS.escape(price)}"]`)?.value ?? null,
                    call: document.querySelector(`[data-focus="${CSS.escape(call)}"]`) !== null,
                    focused: document.activeElement?.dataset.focus ?? null,
                })""",
                [price_key, call_key],
            )
            if look["value"] is not None and look["call"]:
                break
    else:
        raise AssertionError("the market never held still for one redraw")
    assert look["value"] == "7" and look["focused"] == call_key, look


# The page's language ----------------------------------------------------------------------

# Whether a line of the history matches the pattern given.
LOG_LINE = (
    "pattern => [...document.querySelectorAll('.log li')]"
    ".some(li => new RegExp(pattern).test(li.textContent))"
)
NAME_LABEL = {"de": "Dein Name am Tisch", "en": "Your name at the table"}


def test_a_german_browser_sees_the_lobby_the_table_and_the_gear_in_german(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(locale="de-DE")
    page.wait_for_selector("label[for=name]")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.inner_text("label[for=name]") == NAME_LABEL["de"]
    register(page, "Anna")
    assert page.locator("nav a").all_inner_texts() == ["Lobby", "Bestenliste", "Bilanz"]
    assert page.inner_text("section[aria-label='Neuer Tisch'] h2") == "Neuer Tisch"
    page.locator("label[for=pick-baska_kop]").click()
    form = page.locator("form[data-game=baska_kop]")
    assert form.locator("button[type=submit]").inner_text().endswith(" spielen")
    assert form.locator("button[type=button]").inner_text() == "Tagesblatt von heute"
    assert form.locator("label[for=baska_kop-level]").inner_text() == "Computer"
    assert form.locator("#baska_kop-level option").all_inner_texts() == ["leicht", "normal", "stark"]
    # Folded away with the rules: read as text, not as shown.
    assert form.locator("label[for=baska_kop-think]").text_content() == "Bedenkzeit je Entscheidung"
    screenshot(page, "german-lobby")
    new_table(page, "baska_kop")
    page.wait_for_selector(".hand .card")
    assert page.inner_text(".table-screen h1") == "Am Tisch"
    assert page.inner_text(".history summary") == "Spielverlauf"
    assert page.inner_text(".share").startswith("Mitspieler einladen:")
    assert page.inner_text("button.leave") == "Tisch verlassen"
    assert page.locator(".hand h3").inner_text() in ("Deine Karten", "Deine Karten: du bist am Zug")
    assert page.locator(".seat h3", has_text="(Computer)").count() == 3
    page.wait_for_function(LOG_LINE, arg=r"^Spiel 1: .+ gibt\.$")
    # The server's own texts come in the page's language: a greyed card's reason too.
    page.wait_for_selector(".hand .card[title]")
    reasons = page.locator(".hand .card[title]").evaluate_all("cards => cards.map(card => card.title)")
    assert reasons and not any(
        re.search(r"\b(?:the|you|is|not|must|your)\b", reason) for reason in reasons
    ), reasons
    screenshot(page, "german-table")
    page.locator("button.gear").click()
    dialog = page.locator("dialog.settings")
    assert dialog.locator("h2").inner_text() == "Einstellungen"
    assert page.locator("#language").input_value() == "de"
    assert page.inner_text("label[for=language]") == "Sprache / Language"
    assert page.locator("#language option").all_inner_texts() == ["Deutsch", "English"]
    assert page.inner_text("label[for=light]") == "Licht"
    assert page.locator("#light option").all_inner_texts() == ["Tag", "Abend"]
    assert page.inner_text("label[for=highlight]") == "Spielbare Karten hervorheben"
    assert page.inner_text("label[for=sound]").startswith("Ton")
    assert dialog.locator("button[type=submit]").inner_text() == "Fertig"
    screenshot(page, "german-settings")


def test_an_english_browser_sees_the_lobby_the_table_and_the_gear_in_english(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(locale="en-US")
    register(page, "Anna")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("nav a").all_inner_texts() == ["Lobby", "Leaderboards", "Statistics"]
    assert page.inner_text("section[aria-label='New table'] h2") == "New table"
    new_table(page, "baska_kop")
    page.wait_for_selector(".hand .card")
    assert page.inner_text(".table-screen h1") == "At the table"
    assert page.inner_text(".history summary") == "What happened"
    page.wait_for_function(LOG_LINE, arg=r"^Deal 1: .+ deals\.$")
    page.locator("button.gear").click()
    assert page.locator("dialog.settings h2").inner_text() == "Settings"
    assert page.locator("#language").input_value() == "en"
    assert page.locator("#light option").all_inner_texts() == ["day", "evening"]


@pytest.mark.parametrize(
    ("languages", "expected"),
    [
        (["de-DE"], "de"),
        (["en-US"], "en"),
        (["fr-FR"], "en"),
        (["fr-FR", "de-AT", "en-US"], "de"),
        (["it-IT", "en-GB", "de-DE"], "en"),
    ],
)
def test_the_first_german_or_english_language_the_browser_asks_for_decides(
    open_page: Callable[..., Page], languages: list[str], expected: str
) -> None:
    page = open_page(locale=languages[0])
    page.context.add_init_script(
        f"Object.defineProperty(navigator, 'languages', {{ get: () => {json.dumps(languages)} }})"
    )
    page.reload()
    page.wait_for_selector("label[for=name]")
    assert page.evaluate("document.documentElement.lang") == expected
    assert page.inner_text("label[for=name]") == NAME_LABEL[expected]


def test_the_gear_switches_the_language_redraws_the_screen_and_keeps_it_after_a_reload(
    open_page: Callable[..., Page],
) -> None:
    page = open_page(locale="en-US")
    register(page, "Anna")
    page.locator("button.gear").click()
    page.locator("#language").select_option("de")
    # The open dialog and the lobby behind it are drawn anew in German at once.
    page.wait_for_selector("dialog.settings[open] h2:text-is('Einstellungen')")
    assert page.inner_text("label[for=light]") == "Licht"
    page.locator("dialog.settings button[type=submit]").click()
    page.wait_for_selector("section[aria-label='Neuer Tisch']")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("nav a").all_inner_texts() == ["Lobby", "Bestenliste", "Bilanz"]
    assert page.inner_text("button.gear").endswith("Einstellungen")
    assert json.loads(page.evaluate("localStorage.getItem('speedgamez.settings')"))["language"] == "de"
    new_table(page, "baska_kop")
    page.wait_for_selector(".table-screen h1:text-is('Am Tisch')")
    page.wait_for_function(LOG_LINE, arg=r"^Spiel 1: .+ gibt\.$")
    page.reload()
    page.wait_for_selector(".board[data-version]")
    assert page.inner_text(".table-screen h1") == "Am Tisch"
    assert page.inner_text("section[aria-label='Plätze'] .seat.viewer h3").startswith("Anna (du)")
    # Back to English at the table: the table draws itself anew, its history as well.
    choose_setting(page, "language", "en")
    page.wait_for_selector(".table-screen h1:text-is('At the table')")
    page.wait_for_function(LOG_LINE, arg=r"^Deal 1: .+ deals\.$")
    assert not page.evaluate(LOG_LINE, r" gibt\.$")
    assert page.inner_text(".history summary") == "What happened"
    assert page.evaluate("document.documentElement.lang") == "en"
    page.reload()
    page.wait_for_selector(".table-screen h1:text-is('At the table')")
