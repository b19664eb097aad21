"""The web client's committed files are what its sources build to: the TypeScript types
generated from proto/ by buf (protoc-gen-es), and the bundle in web/dist that the server
serves, so that nobody needs Node.js to run it. Also: the sources type-check, the first
page stays small, and every text for people comes through the client's catalogue."""

from __future__ import annotations

import filecmp
import gzip
import re
import shutil
import subprocess
from pathlib import Path

from tools.processes import ROOT

WEB = ROOT / "web"
TOOLS = WEB / "node_modules" / ".bin"


def run(*command: str) -> None:
    assert (TOOLS / "buf").exists(), (
        "the web client's tools are missing: npm ci --prefix web (scripts/test does)"
    )
    result = subprocess.run(command, cwd=WEB, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def differences(expected: Path, actual: Path) -> list[str]:
    """Files that differ, are missing or are extra under ``actual`` against ``expected``."""
    comparison = filecmp.dircmp(expected, actual)
    found = [*comparison.diff_files, *comparison.left_only, *comparison.right_only]
    for name, sub in comparison.subdirs.items():
        found += [f"{name}/{path}" for path in differences(Path(sub.left), Path(sub.right))]
    # dircmp compares by size and time first: compare every common file's bytes.
    found += [
        name
        for name in comparison.common_files
        if name not in comparison.diff_files
        and (expected / name).read_bytes() != (actual / name).read_bytes()
    ]
    return sorted(set(found))


def test_the_generated_types_are_current(tmp_path: Path) -> None:
    template = (WEB / "buf.gen.yaml").read_text().replace("out: src/gen", f"out: {tmp_path / 'gen'}")
    (tmp_path / "buf.gen.yaml").write_text(template)
    run(str(TOOLS / "buf"), "generate", "--template", str(tmp_path / "buf.gen.yaml"))
    stale = differences(WEB / "src" / "gen", tmp_path / "gen")
    assert not stale, f"web/src/gen is stale: run 'npm run build --prefix web' ({stale})"


def test_the_sources_type_check() -> None:
    run(str(TOOLS / "tsc"), "--noEmit")


def test_the_committed_bundle_is_what_the_sources_build_to(tmp_path: Path) -> None:
    run("node", "build.mjs", str(tmp_path / "dist"))
    stale = differences(WEB / "dist", tmp_path / "dist")
    assert not stale, f"web/dist is stale: run 'npm run build --prefix web' ({stale})"


def test_the_server_serves_the_bundle_from_the_sources() -> None:
    from server.settings import WEB_DIST

    assert WEB_DIST == WEB / "dist"
    assert (WEB_DIST / "index.html").is_file() and (WEB_DIST / "app.js").is_file()


def test_the_first_page_stays_under_150_kb_compressed() -> None:
    first_page = ("index.html", "app.js", "style.css")
    size = sum(len(gzip.compress((WEB / "dist" / name).read_bytes(), compresslevel=9)) for name in first_page)
    assert size < 150 * 1024, f"the first page is {size} bytes compressed"


# The web client's texts for people: each from its catalogue (web/src/messages.ts), in
# English and German, or shown as the server or a player wrote it (``verbatim``).

SOURCES = WEB / "src"
CATALOGUE = SOURCES / "messages.ts"
# Lines that write a text for people past the catalogue's type, each in its own line of a
# probe; the last one is the right way and compiles.
PROBES = [
    'h("p", {}, "Hello");',
    'h("button", { "aria-label": "Close" });',
    'h("abbr", { title: "dealer" });',
    'say(status, "Connection lost");',
    "write(status, `${1} chips`);",
    'h("p", {}, String(1) + " chips");',
    'const word: string = "open"; h("span", {}, word);',
    't("playing_as", { name: "Anna" });',
    't("lobby", { name: "Anna" });',
]
RIGHT = 'h("p", {}, t("lobby"), " ", t("playing_as", { name: "Anna", balance: 5 }), 3, verbatim(status.id));'


def type_errors(sources: Path, tmp_path: Path) -> str:
    """What the type check says of a copy of the web client with ``sources`` as its src."""
    copy = tmp_path / "web"
    copy.mkdir(parents=True)
    shutil.copy(WEB / "tsconfig.json", copy / "tsconfig.json")
    shutil.copytree(sources, copy / "src")
    (copy / "node_modules").symlink_to(WEB / "node_modules")
    result = subprocess.run(
        [str(TOOLS / "tsc"), "--noEmit"], cwd=copy, capture_output=True, text=True, timeout=300, check=False
    )
    return result.stdout + result.stderr


def test_a_text_for_people_outside_the_catalogue_does_not_compile(tmp_path: Path) -> None:
    sources = tmp_path / "src"
    shutil.copytree(SOURCES, sources)
    probe = [
        'import { h, say, write } from "./dom";',
        'import { t, verbatim } from "./messages";',
        'const status = h("p");',
        *PROBES,
        RIGHT,
    ]
    (sources / "probe.ts").write_text("\n".join(probe) + "\n")
    said = type_errors(sources, tmp_path / "check")
    failing = {int(line) for line in re.findall(r"src/probe\.ts\((\d+),\d+\): error", said)}
    first = probe.index(PROBES[0]) + 1
    assert failing == set(range(first, first + len(PROBES))), said


def test_a_german_text_missing_from_the_catalogue_does_not_compile(tmp_path: Path) -> None:
    sources = tmp_path / "src"
    shutil.copytree(SOURCES, sources)
    catalogue = CATALOGUE.read_text()
    german = catalogue.index("const german")
    entry = '  settings: "Einstellungen",\n'
    assert catalogue.count(entry, german) == 1
    (sources / "messages.ts").write_text(catalogue[:german] + catalogue[german:].replace(entry, ""))
    said = type_errors(sources, tmp_path / "check")
    assert re.search(r"src/messages\.ts\(\d+,\d+\): error TS\d+: Property 'settings' is missing", said), said


def code_of(source: str) -> str:
    """The source without its comments (strings and template literals kept as they are)."""
    code: list[str] = []
    index, quote = 0, ""
    while index < len(source):
        char = source[index]
        if quote:
            code.append(char)
            if char == "\\":
                code.append(source[index + 1])
                index += 1
            elif char == quote:
                quote = ""
        elif source.startswith("//", index):
            index = source.find("\n", index) - 1 if "\n" in source[index:] else len(source)
        elif source.startswith("/*", index):
            index = source.index("*/", index) + 1
        else:
            code.append(char)
            if char in "'\"`":
                quote = char
        index += 1
    return "".join(code)


def literal_at(code: str, start: int) -> str | None:
    """The words of the string literal that begins at ``start`` (a template's ``${}`` parts
    left out), or None when no literal begins there."""
    quote = code[start]
    if quote not in "'\"`":
        return None
    words: list[str] = []
    index, depth = start + 1, 0
    while index < len(code):
        char = code[index]
        if depth:
            depth += {"{": 1, "}": -1}.get(char, 0)
        elif char == "\\":
            index += 1
        elif char == quote:
            return "".join(words)
        elif quote == "`" and code.startswith("${", index):
            depth, index = 1, index + 1
        else:
            words.append(char)
        index += 1
    return None


# What would put a text on the page past dom.ts's h and write, which take a catalogue's
# Text only.
TEXT_SET = "textContent, innerText or HTML set"
BYPASSES = {
    TEXT_SET: r"\.(textContent|innerText|outerText|innerHTML|outerHTML)\s*=(?!=)",
    "HTML or text inserted": r"\.(insertAdjacentHTML|insertAdjacentText|createTextNode)\(",
    "the document's title or text written": r"document\.(title|write)\b",
    "a property for people set": r"\.(title|alt|placeholder)\s*=(?!=)(?!\s*\"\")",
    "an attribute for people set to a literal": (
        r"setAttribute\(\s*[\"'](aria-label|aria-description|title|alt|placeholder)[\"']\s*,\s*[\"'`]"
    ),
    "a literal appended": r"\.(append|prepend|before|after|replaceWith|replaceChildren)\(\s*[\"'`]",
    "a Text made without the catalogue": r"\bas\s+(unknown\s+as\s+)?Text\b",
}
# Where text is written by design: dom.ts is the page's one writer; faces.ts draws the
# ranks' letters into the cards' pictures, images without text of their own.
WRITERS = {"dom.ts": [TEXT_SET], "faces.ts": [TEXT_SET]}


def test_every_text_for_people_comes_through_the_catalogue() -> None:
    found: list[str] = []
    for path in sorted(SOURCES.glob("*.ts")):
        if path == CATALOGUE:
            continue
        code = code_of(path.read_text())
        for what, pattern in BYPASSES.items():
            if what in WRITERS.get(path.name, []):
                continue
            found += [f"{path.name}: {what}: {match.group(0)}" for match in re.finditer(pattern, code)]
        # verbatim is for the server's and the players' words, never for words written here.
        for match in re.finditer(r"\bverbatim\(\s*", code):
            words = literal_at(code, match.end())
            if words is not None and re.search(r"[^\W\d_]", words):
                found.append(f"{path.name}: verbatim with words of its own: {words!r}")
    # The page before its script runs: the brand, and an ellipsis while it loads.
    page = (WEB / "index.html").read_text()
    shown = re.sub(r"<[^>]*>", " ", page[page.index("<body>") :]).split()
    assert shown == ["speedgamez", "…"], shown
    assert not found, "\n".join(found)


def test_every_text_of_the_catalogue_is_used() -> None:
    catalogue = CATALOGUE.read_text()
    start = catalogue.index("const english = {")
    english = catalogue[start : catalogue.index("\n};", start)]
    keys = re.findall(r"^  (\w+):", english, re.MULTILINE)
    assert len(keys) > 200
    code = "".join(code_of(path.read_text()) for path in SOURCES.glob("*.ts") if path != CATALOGUE)
    assert [key for key in keys if f'"{key}"' not in code] == []
