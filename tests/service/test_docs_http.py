"""The contract page's game of Kop with curl (docs/contract.md) works as written:
registering, creating a table, reading it (a GET) and playing a card, against a real
server and worker."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator

import pytest

from tools.processes import ROOT, ServiceProcess, Store, http_address, running, server_process, worker_process

DOCUMENTED_PORT = "127.0.0.1:8080"


def documented_curl_script() -> str:
    page = (ROOT / "docs" / "contract.md").read_text(encoding="utf-8")
    after = page.split("A game of Kop with `curl` after `scripts/up`", 1)[1]
    match = re.search(r"```bash\n(.*?)```", after, re.DOTALL)
    assert match is not None, "the curl example is a bash block"
    return match.group(1)


@pytest.fixture(scope="module")
def served(redis_server: Store) -> Iterator[ServiceProcess]:
    server = server_process(redis_server)
    with running(server, worker_process(redis_server)):
        yield server


@pytest.mark.skipif(shutil.which("curl") is None or shutil.which("jq") is None, reason="needs curl and jq")
def test_the_documented_curl_game_plays_a_card_of_kop(served: ServiceProcess) -> None:
    script = documented_curl_script()
    assert f"API=http://{DOCUMENTED_PORT}/" in script, "the example names scripts/up's HTTP port"
    # The same script, pointed at this test's server instead of scripts/up's port.
    script = script.replace(DOCUMENTED_PORT, http_address(served), 1)
    result = subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.strip().splitlines()
    # The hand as it was (each card playable or not, with the reason), then the play.
    assert '"playable":true' in result.stdout
    assert lines[-1].startswith('{"version":"') and '"cardsLeft":' in lines[-1], lines[-1]
