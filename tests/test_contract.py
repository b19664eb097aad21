"""The contract: generated code is fresh and the protos pass buf's STANDARD and COMMENTS lint."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tools.gen_proto import ROOT, generate

BUF = ROOT / "tools" / "npm" / "node_modules" / ".bin" / "buf"


def test_generated_python_matches_the_protos(tmp_path: Path) -> None:
    generate(tmp_path)
    fresh = {path.relative_to(tmp_path): path.read_bytes() for path in tmp_path.rglob("*_pb2*.py*")}
    committed = {
        path.relative_to(ROOT): path.read_bytes() for path in (ROOT / "speedgamez").rglob("*_pb2*.py*")
    }
    assert fresh.keys() == committed.keys(), "run: python -m tools.gen_proto"
    stale = sorted(str(path) for path in fresh if fresh[path] != committed[path])
    assert not stale, f"stale generated code {stale}; run: python -m tools.gen_proto"


def test_protos_pass_buf_lint() -> None:
    assert BUF.exists(), "buf is missing: run 'npm ci --prefix tools/npm' (scripts/test does)"
    result = subprocess.run([str(BUF), "lint"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
