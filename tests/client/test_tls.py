"""The client plays through a TLS front door: nginx as deployed, its self-signed certificate trusted."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.client.conftest import Start
from tools.localstack import LocalStack


@pytest.fixture(scope="module")
def front_door() -> Iterator[LocalStack]:
    stack = LocalStack(servers=1, workers=1, prometheus=False).start()
    try:
        yield stack
    finally:
        stack.stop()


def test_the_client_plays_through_the_tls_front_door(front_door: LocalStack, start_client: Start) -> None:
    assert front_door.root_certificate is not None
    anna = start_client(
        "--server", front_door.front_door, "--tls-ca", str(front_door.root_certificate), "--name", "Anna"
    )
    anna.next_prompt()
    assert "Your hand" in anna.text()


def test_a_client_that_does_not_trust_the_certificate_is_told_in_one_sentence(
    front_door: LocalStack, start_client: Start
) -> None:
    anna = start_client("--server", front_door.front_door, "--tls", "--name", "Anna")
    assert anna.wait_exit() == 1
    assert len(anna.text().strip().split("\n")) == 1, anna.text()
