"""Regenerate the Python code of the contract from ``proto/``.

    python -m tools.gen_proto            # write into the repository
    python -m tools.gen_proto --out DIR  # write elsewhere (the staleness test does this)

The generated modules are committed so that clients and the server import them without
a build step; ``tests/test_contract.py`` fails when they are stale.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from grpc_tools import protoc

ROOT = Path(__file__).resolve().parent.parent
PROTO_ROOT = ROOT / "proto"


def proto_files() -> list[Path]:
    return sorted(PROTO_ROOT.rglob("*.proto"))


def generate(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    include = Path(protoc.__file__).parent / "_proto"
    files = [str(path.relative_to(PROTO_ROOT)) for path in proto_files()]
    arguments = [
        "protoc",
        f"-I{PROTO_ROOT}",
        f"-I{include}",
        f"--python_out={out}",
        f"--pyi_out={out}",
        f"--grpc_python_out={out}",
        *files,
    ]
    if protoc.main(arguments) != 0:
        raise SystemExit("protoc failed")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT)
    generate(parser.parse_args().out)


if __name__ == "__main__":
    main()
