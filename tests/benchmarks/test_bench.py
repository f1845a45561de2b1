"""The benchmark scripts run and print one `name: value` figure a line."""

from __future__ import annotations

import re
from pathlib import Path

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
        "press_to_frame_ms", "press_to_frame_with_sound_ms", "press_to_frame_with_phone_ms", "screen_frame_ms",
        "junior_celebration_frame_ms", "lesson_frame_ms", "lesson_resume_ms", "sim_redraw_per_s", "sim_idle_cpu_percent",
        "sim_menu_cpu_percent"]
    figures = [float(line.split()[1]) for line in lines]
    assert all(figure > 0 for figure in figures[:8]) and all(0 <= share < 100 for share in figures[8:])


def test_writes_bench_counts_a_whole_game_s_bytes_by_kind(capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks import writes

    writes.main(["--games", "1", "--kind", "classic"])
    figures = {line.split(":")[0]: float(line.split()[1]) for line in capsys.readouterr().out.splitlines()}
    kinds = ["classic_journal_kb", "classic_record_kb", "classic_preferences_kb", "classic_log_kb", "classic_total_kb", "classic_fsyncs"]
    assert list(figures)[: len(kinds)] == kinds and set(figures) <= {*kinds, "classic_disk_kb"}
    assert all(figures[name] > 0 for name in kinds)
    parts = sum(figures[name] for name in kinds[:4])
    assert abs(figures["classic_total_kb"] - parts) < 0.01 and figures["classic_total_kb"] < writes.BAR_KB
    assert figures["classic_journal_kb"] > figures["classic_record_kb"]  # a line a move, against the record's notation alone


def test_writes_are_counted_at_the_write_calls_by_kind_of_file(tmp_path: Path) -> None:
    from benchmarks import writes

    with writes.counting_writes() as written:
        (tmp_path / "game.journal").write_bytes(b"x" * 10)
        (tmp_path / "history").mkdir()
        with open(tmp_path / "history" / "a.json", "w") as file:
            file.write("é" * 3)
        (tmp_path / "game.journal").read_bytes()  # reading counts nothing
    assert written.bytes == {"journal": 10, "record": 6}


@pytest.mark.slow
def test_update_bench_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks import update as update_bench

    update_bench.main([])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "wheel_build_s", "venv_s", "install_s", "self_check_s", "complete_s", "switch_s", "update_s", "rollback_s"]
    figures = [float(line.split()[1]) for line in lines]
    assert all(figure > 0 for figure in figures)
    assert figures[6] >= sum(figures[1:6])
