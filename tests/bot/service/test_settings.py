"""The service's settings from the environment: defaults, and values out of range refused
with the setting's name."""

from __future__ import annotations

import pytest

from bot.config import ConfigError, Settings

SERVICE_SETTINGS = {
    "BUSY_TIMEOUT_MS": ("busy_timeout_ms", 5000),
    "CHALLENGE_EXPIRY_DAYS": ("challenge_expiry_days", 7),
    "MAX_PENDING_CHALLENGES": ("max_pending_challenges", 5),
    "MAX_ACTIVE_MATCHES": ("max_active_matches", 20),
    "DEFAULT_CLOCK_HOURS": ("default_clock_hours", 72),
    "REMINDER_AFTER_HOURS": ("reminder_after_hours", 24),
    "REMINDER_FRACTION_PERCENT": ("reminder_fraction_percent", 10),
    "VACATION_DAYS_PER_YEAR": ("vacation_days_per_year", 30),
    "REMINDER_CHECK_SECONDS": ("reminder_check_seconds", 60),
    "WORK_LEASE_SECONDS": ("work_lease_seconds", 300),
    "SHARD_COUNT": ("shard_count", None),
    "SHARD_IDS": ("shard_ids", None),
}


@pytest.fixture
def environment(monkeypatch, tmp_path):
    """No .env file and none of the service's settings in the environment."""
    for name in SERVICE_SETTINGS:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch, tmp_path / "missing.env"


def test_defaults_and_values_from_the_environment(environment):
    monkeypatch, env_file = environment
    settings = Settings.from_env(env_file)
    for attribute, default in SERVICE_SETTINGS.values():
        assert getattr(settings, attribute) == default
    monkeypatch.setenv("MAX_ACTIVE_MATCHES", " 3 ")
    monkeypatch.setenv("DEFAULT_CLOCK_HOURS", "0")
    settings = Settings.from_env(env_file)
    assert settings.max_active_matches == 3 and settings.default_clock_hours == 0


@pytest.mark.parametrize(
    ("name", "raw", "allowed"),
    [
        ("MAX_ACTIVE_MATCHES", "0", "from 1 to 1000"),
        ("MAX_PENDING_CHALLENGES", "many", "from 1 to 100"),
        ("CHALLENGE_EXPIRY_DAYS", "-1", "from 1 to 90"),
        ("CHALLENGE_EXPIRY_DAYS", "99999999999", "from 1 to 90"),  # once: every challenge failed
        ("DEFAULT_CLOCK_HOURS", "721", "from 0 to 720"),
        ("REMINDER_FRACTION_PERCENT", "100", "from 0 to 99"),
        ("BUSY_TIMEOUT_MS", "-5", "from 0 to 600000"),
        ("REMINDER_CHECK_SECONDS", "0", "from 1 to 3600"),
        ("CHALLENGE_COOLDOWN_MINUTES", "1e9", "from 0 to 10080"),
        ("WORK_LEASE_SECONDS", "0", "from 1 to 3600"),
        ("SHARD_COUNT", "0", "from 1 to 10000"),
    ],
)
def test_values_out_of_range_are_refused_by_name(environment, name, raw, allowed):
    monkeypatch, env_file = environment
    monkeypatch.setenv(name, raw)
    with pytest.raises(ConfigError) as caught:
        Settings.from_env(env_file)
    assert str(caught.value) == f"{name} must be a whole number {allowed}, not {raw!r}."


def test_a_huge_setting_is_quoted_clipped(environment):
    monkeypatch, env_file = environment
    monkeypatch.setenv("MAX_ACTIVE_MATCHES", "9" * 5000)
    with pytest.raises(ConfigError) as caught:
        Settings.from_env(env_file)
    assert len(str(caught.value)) < 120 and "…" in str(caught.value)
