"""The layers' import rules, read from the source: a broken rule fails here, not in review.

The engine is pure: the standard library and itself, nothing else (no protobuf, no Redis,
no clock or I/O library), so that it runs anywhere a game's rules are needed. The
computer players do not depend on the operators' tools.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(package: str) -> list[tuple[str, str]]:
    """(file, top-level module) for every import in ``package``'s Python files."""
    found: list[tuple[str, str]] = []
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
                names = [node.module]
            else:
                continue
            found.extend((str(path.relative_to(ROOT)), name.split(".")[0]) for name in names)
    return found


def test_the_engine_imports_only_the_standard_library_and_itself() -> None:
    allowed = set(sys.stdlib_module_names) | {"engine", "__future__"}
    outside = [(path, module) for path, module in imported_modules("engine") if module not in allowed]
    assert outside == []


@pytest.mark.parametrize("package", ["ai_worker", "server", "client"])
def test_runtime_packages_do_not_import_the_tools(package: str) -> None:
    assert [(path, module) for path, module in imported_modules(package) if module == "tools"] == []


def test_the_import_reader_finds_imports() -> None:
    # Without this, a reader that found nothing would pass the tests above.
    assert ("engine/match.py", "engine") in imported_modules("engine")
    assert any(module == "redis" for _, module in imported_modules("server"))
