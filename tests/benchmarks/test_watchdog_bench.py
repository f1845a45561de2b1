"""The watchdog bench prints its figures."""

from __future__ import annotations

import re

import pytest

from benchmarks import watchdog as bench


def test_watchdog_bench_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["--seconds", "0.02", "--starts", "0"])  # a start of the simulator takes a second: not in the default suite
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["watchdog_frame_us", "watchdog_ping_us", "log_flood_record_us"]
    assert all(re.fullmatch(r"[a-z_]+: [0-9]+\.[0-9]{3}", line) and float(line.split()[1]) > 0 for line in lines)
