"""The web client's key screens compared with committed reference screenshots: the lobby,
a table in the bidding, during trick play, the settlement over the table and Speculation's
market, on a desktop (1280 × 800) and a phone (375 × 740, touched), and the table during
play in German.

The page comes from the real server; each call it makes is answered from a recording of a
real game (``tests/web/visual/<screen>.json``, written by ``record_visual.py``), so the
same cards lie on the table every time. The page's clock stands still at the recorded
server time, so a move clock shows the same seconds and no timer fires. The screenshot
(the viewport, a table's screen scrolled to the table, animations stopped, fonts and card
faces loaded, taken until two in a row are the same) is compared with
``tests/web/visual/<screen>.png`` in the browser itself: it fails when more than 0.01 % of
the pixels differ in a channel by more than a small tolerance, and writes the new
screenshot and the differences in red to ``test-artifacts/visual/``.
``SPEEDGAMEZ_UPDATE_SCREENSHOTS=1`` writes the references anew instead, in a palette of
their common colours and the others at most 8 off (within the tolerance): small files.
"""

from __future__ import annotations

import base64
import datetime
import json
import os
import struct
import subprocess
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, TimeoutError

from tests.web import visual_support as visual
from tests.web.test_browser import WAIT_MS
from tools.processes import ROOT, RedisServer, free_port, http_address, running, server_process

ARTIFACTS = ROOT / "test-artifacts" / "visual"
UPDATE = os.environ.get("SPEEDGAMEZ_UPDATE_SCREENSHOTS") == "1"
# A pixel differs when one of its channels differs by more than this (of 255); a screen
# differs when more than this share of its pixels do: 0.01 %, about 100 pixels of a
# desktop's screen (a new colour of two of the trump ladder's badges is 850).
TOLERANCE = 16
MOST_DIFFERING = 0.0001
# How many screenshots may follow one another, each unlike the last, before the screen is
# taken for one that never holds still.
MOST_SHOTS = 20

# In a page of its own: both images into canvases, the pixels that differ counted, and
# an image of the new screenshot, faded, with those pixels red.
COMPARE = """async ([expected, actual, tolerance]) => {
  const load = async (source) => {
    const image = new Image();
    image.src = source;
    await image.decode();
    return image;
  };
  const [before, after] = await Promise.all([load(expected), load(actual)]);
  if (before.width !== after.width || before.height !== after.height) {
    return { sizes: [[before.width, before.height], [after.width, after.height]] };
  }
  const { width, height } = after;
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  const pixels = (image) => {
    context.clearRect(0, 0, width, height);
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, width, height).data;
  };
  const old = pixels(before), now = pixels(after);
  const marked = context.createImageData(width, height);
  let differing = 0;
  for (let at = 0; at < now.length; at += 4) {
    let most = 0;
    for (let channel = 0; channel < 4; channel += 1) {
      most = Math.max(most, Math.abs(old[at + channel] - now[at + channel]));
    }
    if (most > tolerance) {
      differing += 1;
      marked.data.set([255, 0, 0, 255], at);
    } else {
      const grey = 0.3 * now[at] + 0.59 * now[at + 1] + 0.11 * now[at + 2];
      const faded = 255 - (255 - grey) / 4;
      marked.data.set([faded, faded, faded, 255], at);
    }
  }
  context.putImageData(marked, 0, 0);
  return { differing, pixels: width * height, marked: differing ? canvas.toDataURL("image/png") : null };
}"""
# A screenshot as a reference keeps it, few enough colours for a palette: a colour of at
# least COMMON pixels (a background, text, a border) as it is, any other (the smoothed
# edges of letters and shapes) as the nearest such colour at most 8 off in each channel,
# else each channel rounded to one of 16 levels (0, 17, ... 255: at most 8 off, half the
# tolerance). The pixels as the palette's indices (as RGB if it has more than 256), base64.
COMMON = 200
REDUCE = """async ([source, common]) => {
  const image = new Image();
  image.src = source;
  await image.decode();
  const { width, height } = image;
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, width, height).data;
  const colourAt = (at) => (pixels[at] << 16) | (pixels[at + 1] << 8) | pixels[at + 2];
  const channels = (colour) => [colour >> 16, (colour >> 8) & 255, colour & 255];
  const counts = new Map();
  for (let at = 0; at < pixels.length; at += 4) {
    counts.set(colourAt(at), (counts.get(colourAt(at)) ?? 0) + 1);
  }
  const kept = [...counts].filter(([, count]) => count >= common).map(([colour]) => colour);
  const off = (one, other) => {
    const [theirs, ours] = [channels(one), channels(other)];
    return Math.max(...theirs.map((channel, index) => Math.abs(channel - ours[index])));
  };
  const reduced = new Map();
  for (const [colour, count] of counts) {
    if (count >= common) {
      reduced.set(colour, colour);
      continue;
    }
    const nearest = kept.reduce(
      (best, candidate) => (off(colour, candidate) < off(colour, best) ? candidate : best),
      kept[0],
    );
    if (nearest !== undefined && off(colour, nearest) <= 8) {
      reduced.set(colour, nearest);
    } else {
      const [red, green, blue] = channels(colour).map((channel) => Math.round(channel / 17) * 17);
      reduced.set(colour, (red << 16) | (green << 8) | blue);
    }
  }
  const palette = [...new Set(reduced.values())];
  const index = new Map(palette.map((colour, at) => [colour, at]));
  const indices = new Uint8Array(width * height), rgb = new Uint8Array(width * height * 3);
  for (let at = 0, pixel = 0; at < pixels.length; at += 4, pixel += 1) {
    const colour = reduced.get(colourAt(at));
    indices[pixel] = index.get(colour) & 255;
    rgb.set(channels(colour), pixel * 3);
  }
  const base64 = (bytes) => {
    let text = "";
    for (let at = 0; at < bytes.length; at += 8192) {
      text += String.fromCharCode(...bytes.subarray(at, at + 8192));
    }
    return btoa(text);
  };
  if (palette.length > 256) return { width, height, rgb: base64(rgb) };
  const colours = new Uint8Array(palette.flatMap(channels));
  return { width, height, palette: base64(colours), indices: base64(indices) };
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real server, which serves the web client's files (the calls never reach it)."""
    redis_server = RedisServer(free_port(), Path(tmp_path_factory.mktemp("redis")))
    redis_server.start()
    try:
        server = server_process(redis_server)
        with running(server):
            yield f"http://{http_address(server)}"
    finally:
        redis_server.stop()


# What drew the references: screenshots are alike only from the same browser and fonts.
DRAWN_BY = Path(__file__).parent / "visual" / "drawn-by.json"


def drawing(browser: Browser) -> dict[str, str]:
    """This machine's Chromium and the font files its page's fonts resolve to."""
    fonts = {
        family: subprocess.run(
            ["fc-match", "-f", "%{file}", family], capture_output=True, text=True, check=True
        ).stdout
        for family in ("system-ui", "sans-serif")
    }
    return {"chromium": browser.version, **fonts}


@pytest.fixture(scope="module")
def drawn_alike(browser: Browser) -> None:
    """Writing references records what drew them; comparing needs the same, else the test
    says which differs and how to draw the references anew (a Chromium upgrade, other fonts)."""
    here = drawing(browser)
    if UPDATE:
        DRAWN_BY.write_text(json.dumps(here, indent=2) + "\n")
        return
    drawn = json.loads(DRAWN_BY.read_text())
    if drawn != here:
        pytest.skip(
            f"the references were drawn with {drawn}, this machine draws with {here}: write them "
            "anew with SPEEDGAMEZ_UPDATE_SCREENSHOTS=1 and look at them before committing"
        )


@pytest.fixture(scope="module")
def images(browser: Browser) -> Iterator[Page]:
    """A blank page of its own, where PNGs are compared and reduced."""
    page = browser.new_page()
    yield page
    page.close()


def compare(images: Page, expected: bytes, actual: bytes) -> dict[str, Any]:
    return images.evaluate(COMPARE, [data_url(expected), data_url(actual), TOLERANCE])


def reduced(images: Page, shot: bytes) -> bytes:
    """The screenshot as its reference keeps it (REDUCE), as a PNG of its own."""
    found = images.evaluate(REDUCE, [data_url(shot), COMMON])
    width, height = found["width"], found["height"]
    if "palette" in found:
        kind, pixels, row = 3, base64.b64decode(found["indices"]), width
    else:
        kind, pixels, row = 2, base64.b64decode(found["rgb"]), width * 3
    # Each row without a filter (its first byte 0): the palette's indices repeat as they are.
    rows = b"".join(b"\0" + pixels[at : at + row] for at in range(0, len(pixels), row))
    return b"".join(
        [
            b"\x89PNG\r\n\x1a\n",
            png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, kind, 0, 0, 0)),
            png_chunk(b"PLTE", base64.b64decode(found["palette"])) if kind == 3 else b"",
            png_chunk(b"IDAT", zlib.compress(rows, 9)),
            png_chunk(b"IEND", b""),
        ]
    )


def png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode()


def answer_from(recorded: dict[str, Any], problems: list[str]) -> Callable[[Route], None]:
    """Answers each call of the page as recorded, when it asks what the recording asked;
    a stream's recorded messages once, then its end. Anything else is refused and noted."""
    streamed: set[str] = set()

    def answer(route: Route) -> None:
        method = route.request.url.rsplit("/", 1)[1]
        body = route.request.post_data_buffer or b""
        stream = visual.streaming(method)
        request = visual.as_json(visual.request_class(method).FromString(body[5:] if stream else body))
        kept = recorded["streams" if stream else "answers"].get(method)
        if kept is None or kept["request"] != request or method in streamed:
            problems.append(f"{method}({request}) was not recorded (or asked twice for a stream)")
            route.abort()
            return
        if stream:
            streamed.add(method)
            messages = [
                visual.parse(method, "response", message).SerializeToString() for message in kept["messages"]
            ]
            data = b"".join(visual.envelope(0, message) for message in messages) + visual.envelope(2, b"{}")
            route.fulfill(status=200, headers={"content-type": "application/connect+proto"}, body=data)
        else:
            data = visual.parse(method, "response", kept["response"]).SerializeToString()
            route.fulfill(status=200, headers={"content-type": "application/proto"}, body=data)

    return answer


def open_screen(context: BrowserContext, site: str, screen: visual.Screen, problems: list[str]) -> Page:
    """The recorded page in ``context``, drawn completely."""
    recorded = visual.load(screen.fixture)
    # The recorded player is signed in (the token is never sent on: every call is answered here).
    player = recorded["player"]
    context.add_init_script(
        f"""localStorage.setItem("speedgamez.token", "visual-test");
        localStorage.setItem("speedgamez.name", {json.dumps(player["name"])});
        localStorage.setItem("speedgamez.player", {json.dumps(player["id"])});"""
    )
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    # Installed before the recorded time, which it then jumps to and stays at.
    page.clock.install(time=visual.FIXED_TIME - datetime.timedelta(hours=1))
    page.clock.pause_at(visual.FIXED_TIME)
    page.route(f"**{visual.SERVICE_PATH}*", answer_from(recorded, problems))
    (stream,) = recorded["streams"]
    with page.expect_response(lambda response: response.url.endswith(f"/{stream}")) as streamed:
        page.goto(f"{site}/{recorded['address']}")
    streamed.value.finished()
    if "GetTable" in recorded["answers"]:
        table = recorded["answers"]["GetTable"]["response"]["table"]
        page.wait_for_selector(f".board[data-version='{table['version']}']")
        # Every event taken into the history: the page keeps the last one's number with it.
        last = max(
            int(message["event"]["sequence"]) for message in recorded["streams"]["WatchTable"]["messages"]
        )
        page.wait_for_function(
            "([key, last]) => JSON.parse(sessionStorage.getItem(key) ?? '{}').last === last",
            arg=[f"speedgamez.log.{table['name']}", str(last)],
        )
    else:
        page.wait_for_selector("section[aria-label='Tables waiting for players'] li")
    # A table from its top (the seats, the trick, the market or the settlement over it).
    page.evaluate(
        """async () => {
          document.querySelector(".felt")?.scrollIntoView({ block: "start", behavior: "instant" });
          await document.fonts.ready;
          await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
        }"""
    )
    return page


def still_screenshot(page: Page) -> bytes:
    """The viewport once two screenshots in a row are the same."""
    last = page.screenshot(animations="disabled")
    for _ in range(MOST_SHOTS):
        shot = page.screenshot(animations="disabled")
        if shot == last:
            return shot
        last = shot
    raise AssertionError(f"the screen changed in each of {MOST_SHOTS} screenshots")


@pytest.mark.parametrize("screen", visual.SCREENS, ids=lambda screen: screen.name)
def test_each_key_screen_looks_as_its_reference(
    browser: Browser, site: str, images: Page, screen: visual.Screen, drawn_alike: None
) -> None:
    problems: list[str] = []
    # A phone is touched, as in the browser tests; the time zone and light are fixed.
    context = browser.new_context(
        viewport=screen.viewport,  # type: ignore[arg-type]
        has_touch=screen.phone,
        is_mobile=screen.phone,
        locale=screen.locale,
        timezone_id="UTC",
        color_scheme="light",
    )
    try:
        shot = still_screenshot(open_screen(context, site, screen, problems))
    except TimeoutError as error:
        # A call refused (not as recorded) leaves the page waiting: the refusal says why.
        raise AssertionError(f"{screen.name} was not drawn: {problems or error}") from error
    finally:
        context.close()
    assert problems == [], problems
    reference = visual.VISUAL / f"{screen.name}.png"
    actual, marked = ARTIFACTS / f"{screen.name}.png", ARTIFACTS / f"{screen.name}-diff.png"
    for stale in (actual, marked):
        stale.unlink(missing_ok=True)
    if UPDATE:
        reference.write_bytes(reduced(images, shot))
        return
    if not reference.exists():
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        actual.write_bytes(shot)
        pytest.fail(
            f"no reference {reference.relative_to(ROOT)} (new screenshot: {actual.relative_to(ROOT)}); "
            "write it with SPEEDGAMEZ_UPDATE_SCREENSHOTS=1"
        )
    found = compare(images, reference.read_bytes(), shot)
    share = found["differing"] / found["pixels"] if "sizes" not in found else 1.0
    if share > MOST_DIFFERING:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        actual.write_bytes(shot)
        if found.get("marked"):
            marked.write_bytes(base64.b64decode(found["marked"].split(",", 1)[1]))
        what = (
            f"is {found['sizes'][1]} pixels, not {found['sizes'][0]}"
            if "sizes" in found
            else f"differs in {found['differing']} of {found['pixels']} pixels ({share:.2%})"
        )
        pytest.fail(
            f"{screen.name} {what} from {reference.relative_to(ROOT)}: the new screenshot is "
            f"{actual.relative_to(ROOT)}, the differences are red in {marked.relative_to(ROOT)}. "
            "If the change is meant, write the references anew with SPEEDGAMEZ_UPDATE_SCREENSHOTS=1."
        )
