"""The web client's committed files are what its sources build to: the TypeScript types
generated from proto/ by buf (protoc-gen-es), and the bundle in web/dist that the server
serves, so that nobody needs Node.js to run it. Also: the sources type-check."""

from __future__ import annotations

import filecmp
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
