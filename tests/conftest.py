"""Lines a test reports for the end of the run: a test calls ``record_property("summary",
line)``, and the lines are printed after the results, also when the tests run in several
processes (whose output pytest does not show)."""

from __future__ import annotations

import pytest


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    lines = [
        str(value)
        for reports in terminalreporter.stats.values()
        for report in reports
        if getattr(report, "when", None) == "call"
        for name, value in getattr(report, "user_properties", ())
        if name == "summary"
    ]
    if lines:
        terminalreporter.section("summary")
        for line in lines:
            terminalreporter.write_line(line)
