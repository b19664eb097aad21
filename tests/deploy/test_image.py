"""deploy/Dockerfile and .dockerignore, checked statically (no Docker engine here): a base
pinned by digest, a user other than root, a healthcheck, and a build context that holds
what the Dockerfile copies and nothing of the big local folders."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "deploy" / "Dockerfile"
# The build context (deploy/docker-compose.yml: context "..").
CONTEXT = ROOT


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    joined = re.sub(r"\\\n", " ", DOCKERFILE.read_text())
    result = []
    for line in joined.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, rest = line.partition(" ")
            result.append((keyword.upper(), rest.strip()))
    return result


def dockerignore() -> list[str]:
    lines = (CONTEXT / ".dockerignore").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.strip().startswith("#")]


def ignored(path: str, patterns: list[str]) -> bool:
    """Whether Docker leaves ``path`` (relative to the context) out of the build context:
    the last pattern that matches it or one of its parent folders decides; ``!`` keeps."""

    def regex(pattern: str) -> re.Pattern[str]:
        out = ""
        index = 0
        while index < len(pattern):
            if pattern.startswith("**/", index):
                out += "(?:.*/)?"
                index += 3
            elif pattern.startswith("**", index):
                out += ".*"
                index += 2
            elif pattern[index] == "*":
                out += "[^/]*"
                index += 1
            elif pattern[index] == "?":
                out += "[^/]"
                index += 1
            elif pattern[index] == "[":
                end = pattern.index("]", index)
                out += pattern[index : end + 1]
                index = end + 1
            else:
                out += re.escape(pattern[index])
                index += 1
        return re.compile(out + r"\Z")

    parts = path.strip("/").split("/")
    candidates = ["/".join(parts[: count + 1]) for count in range(len(parts))]
    result = False
    for pattern in patterns:
        keep = pattern.startswith("!")
        compiled = regex(pattern.removeprefix("!").strip("/"))
        if any(compiled.match(candidate) for candidate in candidates):
            result = not keep
    return result


def test_every_base_image_is_pinned_by_digest() -> None:
    bases = [arguments.split()[0] for keyword, arguments in instructions() if keyword == "FROM"]
    assert len(bases) == 2
    for base in bases:
        assert re.fullmatch(r"python:3\.11-slim-bookworm@sha256:[0-9a-f]{64}", base), base
    assert len(set(bases)) == 1, "both stages start from the same base"


def test_the_image_runs_as_a_user_other_than_root_and_has_a_healthcheck() -> None:
    steps = instructions()
    final = steps[max(index for index, (keyword, _) in enumerate(steps) if keyword == "FROM") :]
    users = [arguments for keyword, arguments in final if keyword == "USER"]
    assert users and users[-1].split(":")[0] not in ("root", "0"), users
    healthchecks = [arguments for keyword, arguments in final if keyword == "HEALTHCHECK"]
    assert len(healthchecks) == 1
    assert '"server.healthcheck", "--auto"' in healthchecks[0], healthchecks[0]
    # openssl for the compose service that makes the self-signed certificate.
    assert any(keyword == "RUN" and "openssl" in arguments for keyword, arguments in final)


def test_every_file_the_dockerfile_copies_is_in_the_build_context() -> None:
    patterns = dockerignore()
    copied = []
    for keyword, arguments in instructions():
        if keyword != "COPY" or arguments.startswith("--from"):
            continue
        *sources, _ = arguments.split()
        for source in sources:
            assert (CONTEXT / source).exists(), f"COPY {source}: no such file"
            assert not ignored(source, patterns), f"COPY {source}: .dockerignore leaves it out"
            copied.append(source)
    assert {"pyproject.toml", "setup.py", "README.md", "server", "ai_worker", "engine"} <= set(copied)
    assert not ignored("server/healthcheck.py", patterns)
    assert not ignored("ai_worker/search/solver.py", patterns)


def test_dockerignore_leaves_out_the_big_local_folders_and_build_artefacts() -> None:
    patterns = dockerignore()
    for path in (
        ".venv",
        ".venv/lib/python3.11/site-packages/grpc/__init__.py",
        ".git",
        ".git/objects/pack",
        "tools/npm/node_modules",
        "tools/npm/node_modules/dclint/package.json",
        "node_modules",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
        "server/__pycache__/main.cpython-311.pyc",
        "speedgamez.egg-info",
        "build",
        "dist",
        ".run",
        "ai_worker/search/solver.cpython-311-x86_64-linux-gnu.so",
        "ai_worker/search/solver.c",
        "tests",
        "tests/search/data",
    ):
        assert ignored(path, patterns), f"{path} is sent to the builder"
    # The matcher itself: a negation keeps, and only what matches is left out.
    assert not ignored("tests", ["tests", "!tests"])
    assert not ignored("server/main.py", patterns)
