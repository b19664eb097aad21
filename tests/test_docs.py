"""The README and the pages under docs/ keep their promises: every link leads somewhere,
and every command they show is one the project still takes.

Commands are read from fenced and indented code blocks and from inline code. Each
``python -m`` command is given to its module's own argument parser, exactly as written
(the placeholders a reader fills in, such as ``--seats N``, get a value first): the parser
must accept it, so a renamed or dropped option fails here. The terminal client's commands
go through its whole check of which options go together, not its parser alone. Scripts
must exist and be executable, and every path of the repository a command names must exist.
Some commands are run for real by tests of their own: the curl game
(``tests/service/test_docs_http.py``) and the two-player walkthrough
(``tests/client/test_two_players.py``).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("**/*.md"))]
# What starts a command worth checking.
COMMAND = re.compile(r"^(?:\.venv/bin/)?python3? -m |^scripts/|^npm |^docker |^kubectl ")
# Placeholders a reader replaces, and what stands in for them here.
PLACEHOLDERS = {
    "ID": "bela",
    "N": "4",
    "KEY=VALUE": "target=501",
    "tables/<id>": "tables/0123456789abcdef",
    "FILE": "deploy/kubernetes/production.yaml",
    "NAME": "scaledobjects.keda.sh",
}
# The top-level folders of the repository: an argument starting with one is a path.
REPOSITORY_FOLDERS = ("deploy/", "docs/", "scripts/", "tools/", "tests/", "web/", "proto/")
# Given to the modules' parsers in one process: runs each ``python -m`` command until its
# arguments are parsed, and reports those its parser refused.
PARSE_ONLY = """
import argparse, contextlib, io, json, runpy, sys


class Parsed(Exception):
    pass


parse = argparse.ArgumentParser.parse_args


def parse_only(self, args=None, namespace=None):
    parse(self, args, namespace)
    raise Parsed


argparse.ArgumentParser.parse_args = parse_only
refused = []
for module, arguments in json.loads(sys.argv[1]):
    sys.argv = [module, *arguments]
    errors = io.StringIO()
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(errors):
            runpy.run_module(module, run_name="__main__", alter_sys=True)
        refused.append([module, arguments, "ran to its end without parsing arguments"])
    except Parsed:
        pass
    except SystemExit as exit:
        if exit.code not in (0, None):
            refused.append([module, arguments, errors.getvalue().strip()])
print(json.dumps(refused))
"""


def commands(text: str) -> list[str]:
    """Every command a document shows, placeholders filled in."""
    fenced = re.compile(r"^```[a-z]*\n(.*?)^```", re.DOTALL | re.MULTILINE)
    lines: list[str] = []
    for block in fenced.findall(text):
        lines += block.replace("\\\n", " ").splitlines()
    prose = fenced.sub("", text)
    lines += [line for line in prose.splitlines() if line.startswith("    ")]
    lines += [" ".join(span.split()) for span in re.findall(r"`([^`]+)`", prose)]
    found = []
    for line in lines:
        line = re.sub(r"\s#.*$", "", line).strip()
        for part in re.split(r"\s*(?:&&|\|\||;|\|)\s*", line):
            if COMMAND.match(part):
                found.append(" ".join(PLACEHOLDERS.get(word, word) for word in part.split() if word != "..."))
    return sorted(set(found))


def shown_commands() -> list[str]:
    return sorted({command for document in DOCUMENTS for command in commands(document.read_text("utf-8"))})


def test_the_documents_show_the_commands_people_use() -> None:
    shown = shown_commands()
    # The README's two commands, and a command of each kind the docs describe.
    for expected in ("scripts/up", "scripts/test", ".venv/bin/python -m client --name Anna"):
        assert expected in shown, shown
    assert any(command.startswith("python -m ai_worker.strength") for command in shown), shown


def test_every_python_command_shown_is_taken_by_its_modules_parser() -> None:
    modules = []
    for command in shown_commands():
        words = shlex.split(command)
        if words[0].endswith(("python", "python3")):
            modules.append((words[2], words[3:]))
    assert len(modules) > 20, modules
    answer = subprocess.run(
        [sys.executable, "-c", PARSE_ONLY, json.dumps(modules)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    refused = json.loads(answer.stdout.splitlines()[-1])
    assert not refused, "\n".join(
        f"python -m {module} {' '.join(args)}: {why}" for module, args, why in refused
    )


def test_every_terminal_client_command_shown_passes_its_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Which options go together is decided after parsing (``--game`` with ``--daily``, not
    with ``--join``): each command shown goes through ``main`` up to where it would play."""
    from client import terminal

    ran: list[object] = []

    def run(args: object) -> int:
        ran.append(args)
        return 0

    monkeypatch.setattr(terminal, "run", run)
    shown = [shlex.split(command)[3:] for command in shown_commands() if " -m client " in f"{command} "]
    for arguments in shown:
        if "--help" in arguments:
            continue
        with pytest.raises(SystemExit) as exit:
            terminal.main(arguments)
        assert exit.value.code == 0, arguments
    assert len(ran) == len([arguments for arguments in shown if "--help" not in arguments]) > 10


def test_every_script_and_path_a_command_names_exists() -> None:
    for command in shown_commands():
        for word in shlex.split(command):
            if word.startswith("scripts/"):
                assert os.access(ROOT / word, os.X_OK), f"{command}: {word} is not an executable script"
            elif word.startswith(REPOSITORY_FOLDERS) or word.startswith("--prefix="):
                path = word.removeprefix("--prefix=")
                assert (ROOT / path).exists(), f"{command}: {path} does not exist"


@pytest.mark.parametrize("document", DOCUMENTS, ids=[str(path.relative_to(ROOT)) for path in DOCUMENTS])
def test_every_link_of_a_document_leads_to_a_file_and_heading_that_exist(document: Path) -> None:
    text = document.read_text("utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        path, _, anchor = target.partition("#")
        linked = (document.parent / path).resolve() if path else document
        assert linked.exists(), f"{document.name}: {target} leads nowhere"
        if anchor and linked.suffix == ".md":
            assert anchor in anchors(linked.read_text("utf-8")), f"{document.name}: no heading for #{anchor}"


def anchors(text: str) -> set[str]:
    """The anchors of a Markdown page's headings, as GitHub makes them."""
    found = set()
    for heading in re.findall(r"^#+ (.+)$", text, re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(slug)
    return found
