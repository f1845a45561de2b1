"""The benchmark scripts run and print one `name: value` figure a line."""

from __future__ import annotations

import re

import pytest

from benchmarks import engine as bench


def test_bench_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["--seconds", "0.05"])
    lines = capsys.readouterr().out.splitlines()
    names = [line.split(":")[0] for line in lines]
    assert names == ["random_games_per_s", "mrx_movegen_per_s", "mrx_moves_listed_per_s", "belief_updates_per_s"]
    assert all(re.fullmatch(r"[a-z_]+: [1-9][0-9]*", line) for line in lines)


def test_a_random_game_is_complete_and_deterministic() -> None:
    first, second = bench.play_random_game(11), bench.play_random_game(11)
    assert first.is_over and first.actions == second.actions


def test_hardware_bench_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks import hardware as hardware_bench

    hardware_bench.main(["--seconds", "0.05"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["led_frame_ms", "led_frame_over_budget_ms", "button_scan_ms"]
    assert all(re.fullmatch(r"[a-z_]+: [0-9]+\.[0-9]{3}", line) and float(line.split()[1]) > 0 for line in lines)


def test_console_bench_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks import console as console_bench

    console_bench.main(["--seconds", "0.05"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "press_to_frame_ms", "screen_frame_ms", "junior_celebration_frame_ms", "sim_redraw_per_s", "sim_idle_cpu_percent",
        "sim_menu_cpu_percent"]
    figures = [float(line.split()[1]) for line in lines]
    assert all(figure > 0 for figure in figures[:4]) and all(0 <= share < 100 for share in figures[4:])
