"""Settings that cannot work are refused at start, with the variable to change."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.settings import Settings


@pytest.mark.parametrize(
    ("environment", "named"),
    [
        ({"SPEEDGAMEZ_AI_COMPUTER_MOVES_PER_S": "0"}, "SPEEDGAMEZ_AI_COMPUTER_MOVES_PER_S"),
        ({"SPEEDGAMEZ_RATE_PER_S": "-1"}, "SPEEDGAMEZ_RATE_PER_S"),
        ({"SPEEDGAMEZ_ADVICE_COST": "50"}, "SPEEDGAMEZ_ADVICE_COST"),
        ({"SPEEDGAMEZ_TRUSTED_PROXIES": "10.0.0.0/8,nginx"}, "SPEEDGAMEZ_TRUSTED_PROXIES"),
        ({"SPEEDGAMEZ_REDIS_TIMEOUT_S": "0"}, "SPEEDGAMEZ_REDIS_TIMEOUT_S"),
        ({"SPEEDGAMEZ_CORS_ORIGINS": "https://play.example.com/app"}, "SPEEDGAMEZ_CORS_ORIGINS"),
        ({"SPEEDGAMEZ_CORS_ORIGINS": "play.example.com"}, "SPEEDGAMEZ_CORS_ORIGINS"),
    ],
)
def test_a_setting_that_cannot_work_is_refused(environment: dict[str, str], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        Settings.from_env(environment)


def test_the_defaults_work() -> None:
    assert Settings.from_env({}) == Settings()


def test_listed_origins_are_read_without_spaces_or_a_trailing_slash() -> None:
    settings = Settings.from_env(
        {"SPEEDGAMEZ_CORS_ORIGINS": " https://a.example.com/, http://localhost:5173"}
    )
    assert settings.cors_origins == ("https://a.example.com", "http://localhost:5173")


def test_the_redis_url_is_read_from_a_mounted_secret_file_before_the_variable(tmp_path: Path) -> None:
    secret = tmp_path / "url"
    secret.write_text("redis://:s3cret@redis.example:6379/0\n")
    settings = Settings.from_env(
        {"SPEEDGAMEZ_REDIS_URL_FILE": str(secret), "SPEEDGAMEZ_REDIS_URL": "redis://elsewhere:6379/0"}
    )
    assert settings.redis_url == "redis://:s3cret@redis.example:6379/0"


@pytest.mark.parametrize("content", [None, "", "  \n"])
def test_a_redis_url_file_that_is_missing_or_empty_is_refused(tmp_path: Path, content: str | None) -> None:
    secret = tmp_path / "url"
    if content is not None:
        secret.write_text(content)
    with pytest.raises(ValueError, match="SPEEDGAMEZ_REDIS_URL_FILE"):
        Settings.from_env({"SPEEDGAMEZ_REDIS_URL_FILE": str(secret)})
