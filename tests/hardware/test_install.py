"""The builder's install tooling and wiring documents.

``hardware/install/install.sh`` is run with ``--dry-run`` against temporary files,
with every system command it could call replaced by a recorder on ``PATH``. A
dry run must print each step and call none of them. Its config.txt editing is
sourced and run for real on a temporary file to show it is idempotent. The
service unit, its fallback unit, the journal's limits and the udev rule are
parsed (and the units rendered into a fake install root and verified by
``systemd-analyze`` where it is installed), and the pin tables in
``hardware/WIRING.md`` are checked against the defaults in ``hardware.config``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from configparser import ConfigParser
from dataclasses import fields, replace
from pathlib import Path

import pytest

from hardware.config import (
    SPI_BUS_PINS,
    ButtonChainConfig,
    Config,
    ControlConfig,
    HandheldConfig,
    LedConfig,
    ScreenConfig,
    parse_config,
    pin_claims,
)

ROOT = Path(__file__).resolve().parents[2]
INSTALL_DIR = ROOT / "hardware" / "install"
INSTALL_SH = INSTALL_DIR / "install.sh"
UNIT = INSTALL_DIR / "scotland-yard.service"
FALLBACK = INSTALL_DIR / "scotland-yard-fallback.service"
JOURNALD = INSTALL_DIR / "journald-scotland-yard.conf"
RULES = INSTALL_DIR / "99-scotland-yard-handheld.rules"
WIRING = ROOT / "hardware" / "WIRING.md"
INSTALL_MD = ROOT / "hardware" / "INSTALL.md"

BASH = shutil.which("bash") or "bash"
pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")

DEFAULT_CONFIG = "/etc/scotland-yard/config.toml"
DEFAULT_ROOT = "/usr/local/lib/scotland-yard"
UNIT_PATHS = {"/etc/systemd/system/scotland-yard.service": UNIT, "/etc/systemd/system/scotland-yard-fallback.service": FALLBACK}
STATE_MAP = "/var/lib/scotland-yard/station-map.json"
SYSTEM_PATHS = (
    "/etc/systemd/system/scotland-yard.service",
    "/etc/systemd/system/scotland-yard-fallback.service",
    "/etc/systemd/journald.conf.d/scotland-yard.conf",
    "/etc/systemd/system.conf.d/scotland-yard-watchdog.conf",
    "/etc/udev/rules.d/99-scotland-yard-handheld.rules",
    "/etc/modprobe.d/scotland-yard-no-onboard-audio.conf",
    "/usr/local/bin/scotland-yard",
    "/var/lib/scotland-yard",
    DEFAULT_CONFIG,
    DEFAULT_ROOT,
)
"""Everything an install would create outside the temporary folder."""

RECORDED = ["apt-get", "apt", "dpkg", "pip", "pip3", "systemctl", "udevadm", "usermod", "useradd", "groupadd", "runuser", "sudo", "su",
            "install", "cp", "mv", "ln", "rm", "mkdir", "chmod", "chown", "tee", "touch", "git", "modprobe", "raspi-config", "reboot"]
"""Commands a dry run must never call: each is replaced by a recorder."""

BOOKWORM_CONFIG_TXT = """\
# For more options and information see
# http://rptl.io/configtxt
# Some settings may impact device functionality. See link above for details

# Uncomment some or all of these to enable the optional hardware interfaces
#dtparam=i2c_arm=on
#dtparam=i2s=on
#dtparam=spi=on

# Enable audio (loads snd_bcm2835)
dtparam=audio=on

# Enable DRM VC4 V3D driver
dtoverlay=vc4-kms-v3d
max_framebuffers=2

[cm5]
dtoverlay=dwc2,dr_mode=host
"""

PI4 = "Raspberry Pi 4 Model B Rev 1.5"
PI5 = "Raspberry Pi 5 Model B Rev 1.0"

# BCM GPIO -> physical pin on the 40-pin header (the same on every 40-pin Raspberry Pi).
HEADER_PIN = {
    2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18,
    10: 19, 9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 5: 29, 6: 31, 12: 32, 13: 33,
    19: 35, 16: 36, 26: 37, 20: 38, 21: 40,
}


# ---------------------------------------------------------------- running the script


class Sandbox:
    """A temporary folder with recorders for system commands and a board model file."""

    def __init__(self, path: Path, model: str | None = PI4) -> None:
        self.path = path
        self.bin = path / "bin"
        self.bin.mkdir()
        self.log = path / "calls.log"
        self.target = path / "target"
        self.target.mkdir()
        self.boot_config = self.target / "config.txt"
        self.boot_config.write_text(BOOKWORM_CONFIG_TXT)
        self.config = self.target / "etc" / "config.toml"
        self.model_file = path / "model"
        if model is not None:
            self.model_file.write_bytes(model.encode() + b"\0")
        for name in RECORDED:
            self._shim(name, "")
        # The script may read its config with `python3 -c` (reading only): let that through,
        # recorded; any other use of python3 (a venv, pip) is only recorded.
        self._shim("python3", f'[ "$1" = -c ] && exec "{sys.executable}" "$@"\nexit 0')

    def _shim(self, name: str, then: str) -> None:
        shim = self.bin / name
        # One line per call: the arguments' own newlines become spaces.
        record = f'args=$(printf "%s " "$@" | tr "\\n" " ")\nprintf "%s %s\\n" "{name}" "$args" >> "{self.log}"'
        shim.write_text(f"#!/bin/sh\n{record}\n{then}\n")
        shim.chmod(0o755)

    def calls(self) -> list[str]:
        return self.log.read_text().splitlines() if self.log.exists() else []

    def commands_called(self) -> list[str]:
        """Recorded calls other than the script's read-only ``python3 -c`` config check."""
        return [call for call in self.calls() if not call.startswith("python3 -c ")]

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        env = {
            "PATH": f"{self.bin}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}",
            "HOME": str(self.path),
            "TMPDIR": str(self.path),
            "LC_ALL": "C",
            "SCOTLAND_YARD_MODEL_FILE": str(self.model_file),
        }
        return subprocess.run(
            [BASH, str(INSTALL_SH), *args], env=env, capture_output=True, text=True, timeout=60, check=False
        )

    def dry_run(self, *extra: str) -> subprocess.CompletedProcess[str]:
        return self.run("--dry-run", "--force", "--boot-config", str(self.boot_config), "--config", str(self.config), *extra)

    def snapshot(self) -> dict[str, tuple[int, bytes]]:
        return {
            str(p.relative_to(self.target)): (p.stat().st_mtime_ns, p.read_bytes())
            for p in sorted(self.target.rglob("*"))
            if p.is_file()
        } | {str(p.relative_to(self.target)) + "/": (0, b"") for p in self.target.rglob("*") if p.is_dir()}


def system_state() -> dict[str, tuple[bool, int]]:
    state = {}
    for path in SYSTEM_PATHS:
        p = Path(path)
        state[path] = (p.exists() or p.is_symlink(), p.lstat().st_mtime_ns if p.exists() or p.is_symlink() else 0)
    return state


def written_files(stdout: str) -> dict[str, str]:
    """The files a dry run says it would write, with the content it shows for each."""
    files: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in stdout.splitlines():
        if line.startswith("would write: "):
            current = files[line.removeprefix("would write: ")] = []
        elif current is not None and line.startswith("    | "):
            current.append(line[6:])
        elif current is not None and line.startswith("    "):
            current.append(line[4:])
        else:
            current = None
    return {path: "\n".join(lines) for path, lines in files.items()}


def expected_boot_lines(config: Config, pi5: bool = False) -> list[str]:
    """The config.txt edits a stock Bookworm config.txt needs for *config*.

    SPI0 is ``dtparam=spi=on``; SPI1 is the ``spi1-1cs`` overlay, whose chip select
    is the buttons' unconnected select pin, or its default (GPIO18) for the strip.
    rpi-ws281x's PWM pins need the onboard audio off (not on a Pi 5).
    """
    leds, buttons = config.leds, config.buttons
    lines = []
    if leds.backend == "ws281x" and leds.pin in (12, 13, 18, 19) and not pi5:
        lines.append("~ dtparam=audio=on -> dtparam=audio=off")
    if buttons.spi_bus == 0 or (leds.backend == "spi" and leds.spi_bus == 0):
        lines.append("+ dtparam=spi=on")
    if buttons.spi_bus == 1:
        lines.append(f"+ dtoverlay=spi1-1cs,cs0_pin={buttons.select_pin}")
    elif leds.backend == "spi" and leds.spi_bus == 1:
        lines.append("+ dtoverlay=spi1-1cs")
    return lines


PI5_CONFIG = replace(Config(profile="pi"), leds=replace(LedConfig(), backend="spi"))
"""The Pi 5 variant: the reference build with the strip on the SPI backend."""


def would_run(stdout: str) -> list[str]:
    return [line.removeprefix("would run: ") for line in stdout.splitlines() if line.startswith("would run: ")]


@pytest.fixture
def sandbox(tmp_path: Path) -> Sandbox:
    return Sandbox(tmp_path)


# ---------------------------------------------------------------- the dry run


def test_dry_run_prints_every_step_in_order_and_calls_nothing(sandbox: Sandbox) -> None:
    before, system_before = sandbox.snapshot(), system_state()
    result = sandbox.dry_run()
    assert result.returncode == 0, result.stderr
    out = result.stdout
    commands = would_run(out)

    assert "apt-get update" in commands
    (apt,) = [c for c in commands if c.startswith("apt-get install")]
    for package in ("python3-venv", "python3-dev", "gcc", "git", "libsdl2-2.0-0", "espeak-ng"):
        assert package in apt.split(), f"{package} missing from {apt!r}"
    release = (f"env PYTHONPATH={ROOT} python3 -m console.appliance.releases update {ROOT} --root {DEFAULT_ROOT} --online --extras pi "
               f"--system-site-packages --config {sandbox.config}")
    assert release in commands
    assert f"ln -sfn {DEFAULT_ROOT}/current/bin/scotland-yard /usr/local/bin/scotland-yard" in commands
    assert "udevadm control --reload-rules" in commands
    assert "systemctl daemon-reexec" in commands, "systemd itself rereads its settings: the hardware watchdog"
    assert "systemctl restart systemd-journald.service" in commands
    assert "systemctl enable scotland-yard.service" in commands
    assert any(c.startswith("install -d") and c.endswith(" /var/lib/scotland-yard") for c in commands)

    files = written_files(out)
    assert set(files) >= {
        str(sandbox.boot_config),
        str(sandbox.config),
        "/etc/udev/rules.d/99-scotland-yard-handheld.rules",
        "/etc/systemd/system/scotland-yard.service",
        "/etc/systemd/system/scotland-yard-fallback.service",
        "/etc/systemd/journald.conf.d/scotland-yard.conf",
        "/etc/systemd/system.conf.d/scotland-yard-watchdog.conf",
        "/etc/modprobe.d/scotland-yard-no-onboard-audio.conf",
    }
    assert files[str(sandbox.boot_config)].splitlines() == expected_boot_lines(Config(profile="pi"))
    assert "blacklist snd_bcm2835" in files["/etc/modprobe.d/scotland-yard-no-onboard-audio.conf"]

    steps = ("would run: apt-get update", "would run: apt-get install", f"would write: {sandbox.boot_config}\n",
             f"would write: {sandbox.config}\n", " -m console.appliance.releases update ", "would write: /etc/udev/rules.d/",
             "would write: /etc/systemd/system/", "would write: /etc/systemd/journald.conf.d/", "would run: systemctl enable")
    order = [out.index(step) for step in steps]
    assert order == sorted(order), "the steps are out of order"
    assert not [line for line in out.splitlines() if line.startswith(("+ ", "writing: "))], "a dry run did something"

    assert sandbox.commands_called() == [], "a dry run called system commands"
    assert sandbox.snapshot() == before, "a dry run changed files"
    assert not sandbox.config.exists()
    assert system_state() == system_before


def test_dry_run_shows_the_files_it_would_write(sandbox: Sandbox) -> None:
    result = sandbox.dry_run()
    assert result.returncode == 0, result.stderr
    files = written_files(result.stdout)

    config = parse_config(files[str(sandbox.config)])
    assert config == Config(profile="pi", map_file=STATE_MAP)

    assert files["/etc/udev/rules.d/99-scotland-yard-handheld.rules"] == RULES.read_text().rstrip("\n")

    unit = files["/etc/systemd/system/scotland-yard.service"]
    service = unit_entries(unit)["Service"]
    assert service["User"] == ["root"]
    assert service["ExecStart"] == [f"{DEFAULT_ROOT}/current/bin/scotland-yard play"]
    assert f"SCOTLAND_YARD_CONFIG={sandbox.config}" in service["Environment"]
    assert not [line for line in unit.splitlines() if "/opt/scotland-yard" in line and not line.startswith("#")]
    assert unit_entries(files["/etc/systemd/system/scotland-yard-fallback.service"]) == unit_entries(FALLBACK.read_text())
    assert files["/etc/systemd/journald.conf.d/scotland-yard.conf"] == JOURNALD.read_text().rstrip("\n")


def test_dry_run_with_an_install_root_puts_it_in_every_unit_and_command(sandbox: Sandbox) -> None:
    root = f"{sandbox.path}/console-root"
    result = sandbox.dry_run("--root", root + "/")
    assert result.returncode == 0, result.stderr
    files, commands = written_files(result.stdout), would_run(result.stdout)
    assert next(c for c in commands if " -m console.appliance.releases update " in c).split("--root ")[1].startswith(f"{root} ")
    assert f"ln -sfn {root}/current/bin/scotland-yard /usr/local/bin/scotland-yard" in commands
    assert unit_entries(files["/etc/systemd/system/scotland-yard.service"])["Service"]["ExecStart"] == [
        f"{root}/current/bin/scotland-yard play"]
    fallback = unit_entries(files["/etc/systemd/system/scotland-yard-fallback.service"])["Service"]["ExecStart"]
    assert fallback[1] == f"-{root}/previous/bin/scotland-yard rollback --if-on-trial --root {root}"
    assert not [path for path, text in files.items() if DEFAULT_ROOT in text]
    assert sandbox.commands_called() == []


def test_an_installed_release_is_kept_and_the_update_command_named(sandbox: Sandbox) -> None:
    root = sandbox.target / "root"
    (root / "releases" / "0.1.0-a").mkdir(parents=True)
    (root / "releases" / "0.1.0-a" / "release.json").write_text("{}")
    (root / "current").symlink_to("releases/0.1.0-a")
    result = sandbox.dry_run("--root", str(root))
    assert result.returncode == 0, result.stderr
    assert not [c for c in would_run(result.stdout) if "console.appliance.releases" in c]
    kept = f"unchanged: {root}/current (a release is installed; to install this checkout: sudo scotland-yard update {ROOT})"
    assert kept in result.stdout


@pytest.mark.parametrize("root", ["relative/root", "/with space/root"])
def test_a_bad_install_root_is_refused(sandbox: Sandbox, root: str) -> None:
    result = sandbox.dry_run("--root", root)
    assert result.returncode != 0
    assert "--root must be an absolute path without spaces" in result.stderr
    assert sandbox.commands_called() == []


def test_dry_run_with_a_service_user_adds_the_groups(sandbox: Sandbox) -> None:
    result = sandbox.dry_run("--user", "console")
    assert result.returncode == 0, result.stderr
    (usermod,) = [c for c in would_run(result.stdout) if c.startswith("usermod")]
    assert usermod.split()[-1] == "console"
    for group in ("gpio", "spi", "video", "render", "input", "dialout", "audio"):
        assert group in usermod.split()[-2].split(",")
    assert "install -d -m 0700 -o console /var/lib/scotland-yard" in would_run(result.stdout)
    assert unit_entries(written_files(result.stdout)["/etc/systemd/system/scotland-yard.service"])["Service"]["User"] == ["console"]
    assert sandbox.commands_called() == []


def test_dry_run_on_a_pi_5_keeps_audio_and_drives_the_strip_over_spi(tmp_path: Path) -> None:
    sandbox = Sandbox(tmp_path, model=PI5)
    result = sandbox.dry_run()
    assert result.returncode == 0, result.stderr
    files = written_files(result.stdout)
    assert files[str(sandbox.boot_config)].splitlines() == expected_boot_lines(PI5_CONFIG, pi5=True)
    assert not [line for line in files[str(sandbox.boot_config)].splitlines() if "audio" in line]
    assert "/etc/modprobe.d/scotland-yard-no-onboard-audio.conf" not in files
    config = parse_config(files[str(sandbox.config)])
    assert config == replace(PI5_CONFIG, map_file=STATE_MAP)
    assert config.buttons.spi_bus != config.leds.spi_bus
    assert SPI_BUS_PINS[1]["ce0"] == 18, "spi1-1cs's default cs0_pin is GPIO18"
    assert sandbox.commands_called() == []


@pytest.mark.parametrize(
    "text",
    [
        'profile = "pi"\n\n[buttons]\nspi_bus = 1\nselect_pin = 22\n',  # the chain on SPI1: its select is cs0_pin
        'profile = "pi"\n\n[leds]\npin = 21\n',  # rpi-ws281x on PCM: the audio may stay on
        'profile = "pi"\n\n[leds]\npin = 12\n',  # the other PWM0 pin: audio off
    ],
)
def test_dry_run_takes_the_boot_settings_from_an_existing_config_and_keeps_it(sandbox: Sandbox, text: str) -> None:
    sandbox.config.parent.mkdir()
    sandbox.config.write_text(text)
    result = sandbox.dry_run()
    assert result.returncode == 0, result.stderr
    files = written_files(result.stdout)
    assert files[str(sandbox.boot_config)].splitlines() == expected_boot_lines(parse_config(text))
    assert str(sandbox.config) not in files
    assert f"unchanged: {sandbox.config} (exists; never overwritten)" in result.stdout
    assert sandbox.config.read_text() == text


def test_the_chain_on_spi1_gets_its_select_pin_as_cs0(sandbox: Sandbox) -> None:
    sandbox.config.parent.mkdir()
    sandbox.config.write_text('profile = "pi"\n\n[buttons]\nspi_bus = 1\nselect_pin = 22\n')
    result = sandbox.dry_run()
    assert "+ dtoverlay=spi1-1cs,cs0_pin=22" in written_files(result.stdout)[str(sandbox.boot_config)].splitlines()


def test_a_bad_config_stops_the_install_naming_the_setting(sandbox: Sandbox) -> None:
    sandbox.config.parent.mkdir()
    sandbox.config.write_text("[leds]\nbrightness = 2\n")
    result = sandbox.dry_run()
    assert result.returncode != 0
    assert "leds.brightness" in result.stderr
    assert "would run:" not in result.stdout
    assert sandbox.commands_called() == []


def test_a_configured_pi_needs_no_config_txt_edit(sandbox: Sandbox) -> None:
    sandbox.boot_config.write_text(
        BOOKWORM_CONFIG_TXT.replace("dtparam=audio=on", "dtparam=audio=off")
        + "[all]\n  dtparam=spi=on\n"
    )
    result = sandbox.dry_run()
    assert result.returncode == 0, result.stderr
    assert str(sandbox.boot_config) not in written_files(result.stdout)
    assert f"unchanged: {sandbox.boot_config}" in result.stdout


@pytest.mark.parametrize("model", ["Generic x86 PC", None])
def test_refuses_to_install_for_real_off_a_raspberry_pi(tmp_path: Path, model: str | None) -> None:
    sandbox = Sandbox(tmp_path, model=model)
    before, system_before = sandbox.snapshot(), system_state()
    result = sandbox.run("--boot-config", str(sandbox.boot_config), "--config", str(sandbox.config))
    assert result.returncode != 0
    assert "not a Raspberry Pi" in result.stderr and "--force" in result.stderr
    assert sandbox.calls() == []
    assert sandbox.snapshot() == before
    assert system_state() == system_before


def test_unknown_options_are_refused(sandbox: Sandbox) -> None:
    result = sandbox.run("--dry-run", "--frobnicate")
    assert result.returncode != 0
    assert "--frobnicate" in result.stderr
    assert sandbox.calls() == []


# ---------------------------------------------------------------- config.txt editing


def run_sourced(script: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run *script* in bash after sourcing install.sh (which then defines its functions only)."""
    return subprocess.run(
        [BASH, "-c", f'set -euo pipefail; source "{INSTALL_SH}"; {script}'],
        cwd=cwd, capture_output=True, text=True, timeout=60, check=False,
    )


def test_config_txt_edit_is_idempotent(tmp_path: Path) -> None:
    boot = tmp_path / "config.txt"
    boot.write_text(BOOKWORM_CONFIG_TXT)
    edit = f'DRY_RUN=0; edit_boot_config "{boot}" yes dtparam=spi=on dtoverlay=spi1-1cs,cs0_pin=17'

    first = run_sourced(edit, tmp_path)
    assert first.returncode == 0, first.stderr
    once = boot.read_text()
    lines = [line.strip() for line in once.splitlines()]
    assert lines.count("dtparam=spi=on") == 1
    assert lines.count("dtoverlay=spi1-1cs,cs0_pin=17") == 1
    assert lines.count("dtparam=audio=off") == 1 and "dtparam=audio=on" not in lines
    assert "#dtparam=spi=on" in lines, "a commented line is left alone"
    # Everything else is kept, and the new lines come after an [all] that undoes [cm5].
    assert once.replace("dtparam=audio=off", "dtparam=audio=on").startswith(BOOKWORM_CONFIG_TXT)
    added = lines[len(BOOKWORM_CONFIG_TXT.splitlines()):]
    assert added.index("[all]") < added.index("dtparam=spi=on")
    assert (tmp_path / "config.txt.scotland-yard.bak").read_text() == BOOKWORM_CONFIG_TXT
    mtime = boot.stat().st_mtime_ns

    second = run_sourced(edit, tmp_path)
    assert second.returncode == 0, second.stderr
    assert f"unchanged: {boot}" in second.stdout
    assert boot.read_text() == once
    assert boot.stat().st_mtime_ns == mtime
    assert (tmp_path / "config.txt.scotland-yard.bak").read_text() == BOOKWORM_CONFIG_TXT


def test_config_txt_edit_adds_audio_off_when_there_is_no_audio_line(tmp_path: Path) -> None:
    boot = tmp_path / "config.txt"
    boot.write_text("dtoverlay=vc4-kms-v3d\n")
    result = run_sourced(f'boot_config_changes "{boot}" yes dtparam=spi=on', tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["+ dtparam=audio=off", "+ dtparam=spi=on"]
    result = run_sourced(f'boot_config_changes "{boot}" no dtparam=spi=on', tmp_path)
    assert result.stdout.splitlines() == ["+ dtparam=spi=on"]


# ---------------------------------------------------------------- the service unit


def unit_entries(text: str) -> dict[str, dict[str, list[str]]]:
    """A unit file's sections -> key -> values (a key may repeat, e.g. Environment=)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current: dict[str, list[str]] | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if match := re.fullmatch(r"\[([A-Za-z]+)\]", line):
            current = sections.setdefault(match[1], {})
            continue
        key, equals, value = line.partition("=")
        assert equals and current is not None and re.fullmatch(r"[A-Za-z]+", key), f"line {number}: {raw!r}"
        current.setdefault(key, []).append(value)
    return sections


def parsed(path: Path, sections: list[str]) -> dict[str, dict[str, list[str]]]:
    """A unit (or journald) file, checked to parse as systemd reads it, with exactly *sections*."""
    text = path.read_text()
    parser = ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(text)
    assert parser.sections() == sections
    return unit_entries(text)


def test_unit_file_parses_and_has_the_required_keys() -> None:
    unit = parsed(UNIT, ["Unit", "Service", "Install"])
    assert unit["Unit"]["Description"]
    after = " ".join(unit["Unit"]["After"]).split()
    assert after, "the unit must be ordered after something"
    assert "multi-user.target" not in after, "After= its own WantedBy target is an ordering cycle"

    service = unit["Service"]
    assert service["Type"] == ["notify"] and service["NotifyAccess"] == ["main"] and service["WatchdogSec"] == ["30"]
    assert service["Restart"] == ["always"]
    assert service["RestartSec"] == ["2"]
    assert service["SuccessExitStatus"] == ["130"]
    assert len(service["User"]) == 1 and service["User"][0]
    assert "SDL_VIDEODRIVER=kmsdrm" in service["Environment"]
    (working,) = service["WorkingDirectory"]
    assert working.startswith("/")
    (exec_start,) = service["ExecStart"]
    assert exec_start == f"{DEFAULT_ROOT}/current/bin/scotland-yard play", "install.sh replaces the install root"
    assert f"SCOTLAND_YARD_CONFIG={DEFAULT_CONFIG}" in service["Environment"]
    assert unit["Install"]["WantedBy"] == ["multi-user.target"]

    # Logs: rate-limited; a start that hangs counts as a failure after TimeoutStartSec.
    assert service["LogRateLimitIntervalSec"] == ["30s"] and int(service["LogRateLimitBurst"][0]) > 0
    (timeout,) = service["TimeoutStartSec"]
    assert int(timeout) >= 60, "a Pi's first start"
    # A restart loop ends in the fallback; the interval holds the whole burst even when every start hangs.
    (burst,), (interval,) = unit["Unit"]["StartLimitBurst"], unit["Unit"]["StartLimitIntervalSec"]
    assert int(burst) >= 3
    assert int(interval) >= int(burst) * (int(timeout) + int(service["RestartSec"][0]))
    assert unit["Unit"]["OnFailure"] == [FALLBACK.name]


def test_fallback_unit_rolls_back_only_a_release_on_trial_then_starts_the_console() -> None:
    unit = parsed(FALLBACK, ["Unit", "Service"])
    service = unit["Service"]
    assert service["Type"] == ["oneshot"]
    mark, rollback, reset, start = service["ExecStart"]
    # at most once a boot: its marker is in /run (a reboot empties it), kept after the oneshot ends
    assert unit["Unit"]["ConditionPathExists"] == ["!/run/scotland-yard-fallback/ran"]
    assert mark == "/usr/bin/touch /run/scotland-yard-fallback/ran"
    assert service["RuntimeDirectory"] == ["scotland-yard-fallback"] and service["RuntimeDirectoryPreserve"] == ["yes"]
    assert rollback == f"-{DEFAULT_ROOT}/previous/bin/scotland-yard rollback --if-on-trial --root {DEFAULT_ROOT}", (
        "the previous release's own command (the current one may be what is broken); its failure ignored")
    assert reset.split()[1:] == ["reset-failed", UNIT.name] and reset.startswith("/")
    assert start.split()[1:] == ["start", "--no-block", UNIT.name] and start.startswith("/")
    assert "Install" not in unit, "started only by the console's OnFailure="


def test_journal_is_kept_small_and_written_rarely() -> None:
    journal = parsed(JOURNALD, ["Journal"])["Journal"]
    assert journal["Storage"] == ["persistent"]
    assert journal["SystemMaxUse"] == ["64M"] and journal["SystemMaxFileSize"] == ["8M"]
    assert journal["SyncIntervalSec"] == ["5m"]


def test_systemd_analyze_verifies_the_installed_units(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        reason = "systemd-analyze is not installed: the units were only parsed, not verified"
        print(reason)
        pytest.skip(reason)
    root, checkout = tmp_path / "root", tmp_path / "checkout"
    for release in ("0.1.0-a", "0.2.0-b"):
        binary = root / "releases" / release / "bin" / "scotland-yard"
        binary.parent.mkdir(parents=True)
        binary.write_text("#!/bin/sh\n")
        binary.chmod(0o755)
    (root / "previous").symlink_to("releases/0.1.0-a")
    (root / "current").symlink_to("releases/0.2.0-b")
    units = tmp_path / "units"
    units.mkdir()
    for path in UNIT_PATHS.values():
        rendered = run_sourced(f'INSTALL_ROOT="{root}"; CHECKOUT="{checkout}"; SERVICE_USER=console; CONFIG_FILE={DEFAULT_CONFIG}; '
                               f'unit_text "{path}" > "{units / path.name}"', tmp_path)
        assert rendered.returncode == 0, rendered.stderr
    service = (units / UNIT.name).read_text().splitlines()
    assert f"ExecStart={root}/current/bin/scotland-yard play" in service
    assert "User=console" in service
    assert f"ExecStart=-{root}/previous/bin/scotland-yard rollback --if-on-trial --root {root}" in (units / FALLBACK.name).read_text()
    result = subprocess.run([analyze, "verify", *(str(units / path.name) for path in UNIT_PATHS.values())], cwd=units,
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


# ---------------------------------------------------------------- the udev rule


def test_udev_rule_names_the_micropython_pico() -> None:
    rules = [line for line in RULES.read_text().splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert len(rules) == 1
    (rule,) = rules
    pattern = re.compile(r'\s*([A-Z_]+(?:\{[^}]+\})?)\s*(==|!=|\+=|:=|=)\s*"([^"]*)"\s*(,|$)')
    pairs, position = [], 0
    while position < len(rule):
        match = pattern.match(rule, position)
        assert match, f"cannot parse the rule at {rule[position:]!r}"
        pairs.append((match[1], match[2], match[3]))
        position = match.end()
    assert ("SUBSYSTEM", "==", "tty") in pairs
    assert ("ATTRS{idVendor}", "==", "2e8a") in pairs
    assert ("ATTRS{idProduct}", "==", "0005") in pairs
    port = HandheldConfig().port
    assert port.startswith("/dev/")
    assert ("SYMLINK", "+=", port.removeprefix("/dev/")) in pairs
    assert ("GROUP", "=", "dialout") in pairs
    assert ("MODE", "=", "0660") in pairs
    assert re.fullmatch(r"\d\d-[a-z-]+\.rules", RULES.name)


# ---------------------------------------------------------------- the documents


def pin_table(heading: str) -> list[tuple[int, int, str, str, str]]:
    """The rows (GPIO, header pin, function, setting, value) of the first pin table after *heading*."""
    text = WIRING.read_text()
    start = text.index(heading)
    rows: list[tuple[int, int, str, str, str]] = []
    for line in text[start:].splitlines()[1:]:
        if line.startswith("#"):
            break
        if not line.startswith("|") or set(line) <= set("|- "):
            if rows:
                break
            continue
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if cells[0] == "GPIO":
            continue
        gpio, header, function, setting = cells
        match = re.fullmatch(r"`([a-z_]+\.[a-z_0-9]+) = (\d+)`", setting)
        assert match, f"setting cell {setting!r}"
        rows.append((int(gpio), int(header), function, match[1], match[2]))
    assert rows, f"no pin table after {heading!r}"
    return rows


def check_pin_table(rows: list[tuple[int, int, str, str, str]], config: Config) -> None:
    gpios = [row[0] for row in rows]
    assert len(gpios) == len(set(gpios)), "a GPIO is listed twice"
    for gpio, header, function, setting, value in rows:
        assert HEADER_PIN[gpio] == header, f"GPIO{gpio} is header pin {HEADER_PIN[gpio]}, not {header}"
        section, name = setting.split(".")
        default = getattr(getattr(config, section), name)
        assert int(value) == default, f"{setting} is {default} in hardware/config.py, not {value}"
        if name == "spi_bus":
            role = next(r for r, pin in SPI_BUS_PINS[default].items() if pin == gpio)
            assert role.upper() in function, f"GPIO{gpio} is SPI{default} {role.upper()}: {function!r}"
        else:
            assert gpio == default, f"{setting} = {default}, but the table says GPIO{gpio}"
    listed = {(setting, gpio) for gpio, _, _, setting, _ in rows}
    missing = [claim for claim in pin_claims(config) if claim not in listed]
    assert not missing, f"pins the config uses but the table does not list: {missing}"


def test_wiring_pin_table_matches_the_config_defaults() -> None:
    config = Config(profile="pi")
    rows = pin_table("## Pin table (both builds)")
    check_pin_table(rows, config)
    functions = {setting: function for _, _, function, setting, _ in rows}
    for key in ("choice_1", "choice_2", "choice_3", "choice_4", "confirm", "undo", "menu"):
        assert key.upper().replace("_", " ") in functions[f"controls.{key}"]
    assert "SH/LD" in functions["buttons.load_pin"]
    assert "unconnected" in functions["buttons.select_pin"]


def test_wiring_pi5_pin_table_matches_the_spi_backend() -> None:
    config = PI5_CONFIG
    rows = pin_table("Pi 5 pins")
    check_pin_table(rows, config)
    assert config.leds.spi_bus != config.buttons.spi_bus
    assert (SPI_BUS_PINS[config.leds.spi_bus]["mosi"], "leds.spi_bus") in {(g, s) for g, _, _, s, _ in rows}


def test_documents_agree_with_the_config_defaults() -> None:
    wiring, install = WIRING.read_text(), INSTALL_MD.read_text()
    leds, buttons = LedConfig(), ButtonChainConfig()
    for config in (Config(profile="pi"), PI5_CONFIG):
        for change in expected_boot_lines(config):
            line = change.rpartition(" ")[2]
            assert line in install, f"INSTALL.md does not mention {line}"
    amps = leds.count * 3 * leds.milliamps_per_channel / 1000
    assert f"{leds.count} pixels x 3 channels x {leds.milliamps_per_channel:g} mA = **{amps:.2f} A**" in wiring
    assert f"`leds.supply_amps` (default {leds.supply_amps:g} A)" in wiring
    assert f"{buttons.chips} 74HC165" in wiring
    assert f"`{HandheldConfig().port}`" in wiring and f"`{HandheldConfig().port}`" in install
    assert DEFAULT_CONFIG in install


def test_wiring_bit_order_is_the_button_driver_s() -> None:
    import hardware.drivers.station_buttons as driver

    ours = re.search(r'chip c is bit 8 x c \+ "([A-H]{8})"\.index\(X\)', WIRING.read_text())
    theirs = re.search(r'bit ``8 \* c \+ "([A-H]{8})"\.index\(X\)``', driver.__doc__ or "")
    assert ours and theirs, "the bit-order rule is missing from WIRING.md or from the driver's docstring"
    assert ours[1] == theirs[1]
    # Both count the chips from the one whose QH drives the Pi's MISO (words compared, not line breaks).
    assert "Chip 0 is the chip whose QH drives the Pi's MISO" in " ".join((driver.__doc__ or "").split())
    assert "Chip 0 is the one whose QH goes to the Pi" in " ".join(WIRING.read_text().split())


def test_install_md_lists_every_setting_at_its_default() -> None:
    blocks = re.findall(r"```toml\n(.*?)```", INSTALL_MD.read_text(), re.DOTALL)
    full = max(blocks, key=len)
    config = parse_config(full)
    assert config == Config(profile="pi", map_file=STATE_MAP)
    import tomllib

    data = tomllib.loads(full)
    for section, kind in (("leds", LedConfig), ("buttons", ButtonChainConfig), ("controls", ControlConfig),
                          ("screen", ScreenConfig), ("handheld", HandheldConfig)):
        assert set(data[section]) == {f.name for f in fields(kind)}, f"[{section}] does not list every setting"
    starter = min(blocks, key=len)
    assert parse_config(starter) == Config(profile="pi", map_file=STATE_MAP)


# ---------------------------------------------------------------- what a restart cannot fix, the watchdogs, the hardening


def test_what_a_restart_cannot_fix_is_not_restarted() -> None:
    """2: the command line is wrong; 3: not even the screen starts to show what stops the console (``UNSHOWN``). Everything else
    it can show stays up on its problem screen, fed to the watchdog."""
    from console.program.start import UNSHOWN

    service = parsed(UNIT, ["Unit", "Service", "Install"])["Service"]
    assert service["RestartPreventExitStatus"] == [f"2 {UNSHOWN}"]


def test_the_installer_sets_the_hardware_watchdog_within_the_soc_s_15_s(sandbox: Sandbox) -> None:
    result = sandbox.dry_run()
    assert result.returncode == 0, result.stderr
    text = written_files(result.stdout)["/etc/systemd/system.conf.d/scotland-yard-watchdog.conf"]
    manager = unit_entries(text)["Manager"]
    assert manager["RuntimeWatchdogSec"] == ["15s"] and manager["RebootWatchdogSec"] == ["2min"]


HARDENED = {"NoNewPrivileges": "yes", "ProtectSystem": "strict", "ProtectHome": "yes", "PrivateTmp": "yes", "ProtectKernelTunables": "yes",
            "ProtectKernelModules": "yes", "ProtectKernelLogs": "yes", "ProtectControlGroups": "yes", "RestrictNamespaces": "yes",
            "RestrictSUIDSGID": "yes", "LockPersonality": "yes", "SystemCallArchitectures": "native", "UMask": "0077"}


@pytest.mark.parametrize("unit", [UNIT, FALLBACK], ids=["console", "fallback"])
def test_both_units_are_hardened(unit: Path) -> None:
    service = parsed(unit, ["Unit", "Service", "Install"] if unit == UNIT else ["Unit", "Service"])["Service"]
    assert {key: service.get(key, [""])[-1] for key in HARDENED} == HARDENED
    assert service["CapabilityBoundingSet"] == (["CAP_SYS_RAWIO CAP_SYS_ADMIN CAP_DAC_READ_SEARCH"] if unit == UNIT else [""])
    writable = service["ReadWritePaths"][0].split()
    assert DEFAULT_ROOT in writable, "updates and rollbacks write releases"


def test_the_config_file_s_folder_stays_writable_where_the_config_is(sandbox: Sandbox) -> None:
    result = sandbox.dry_run()
    assert result.returncode == 0, result.stderr
    service = unit_entries(written_files(result.stdout)["/etc/systemd/system/scotland-yard.service"])["Service"]
    assert service["ReadWritePaths"] == [f"{DEFAULT_ROOT} -{sandbox.config.parent}"], "a restore writes the config back"


def test_not_a_pi_installs_without_the_pi_s_parts(tmp_path: Path) -> None:
    sandbox = Sandbox(tmp_path, model=None)
    result = sandbox.run("--dry-run", "--not-a-pi", "--boot-config", str(sandbox.boot_config), "--config", str(sandbox.config))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    (apt,) = [c for c in would_run(out) if c.startswith("apt-get install")]
    assert "python3-lgpio" not in apt.split() and "python3-venv" in apt.split()
    files = written_files(out)
    assert str(sandbox.boot_config) not in files and "no config.txt to edit" in out
    assert parse_config(files[str(sandbox.config)]) == Config(profile="fake", map_file=STATE_MAP)
    assert "this is not a Raspberry Pi" not in result.stderr


def security_exposure(unit: Path, folder: Path) -> float:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        reason = "systemd-analyze is not installed: the units' exposure was not measured"
        print(reason)
        pytest.skip(reason)
    copy = folder / unit.name
    copy.write_text(unit.read_text())
    done = subprocess.run([analyze, "security", "--offline=true", "--no-pager", str(copy)], cwd=folder, capture_output=True, text=True,
                          timeout=60, check=False)
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d)", done.stdout)
    assert found, done.stdout + done.stderr
    return float(found[1])


@pytest.mark.parametrize(("unit", "most"), [(UNIT, 3.0), (FALLBACK, 1.0)], ids=["console", "fallback"])
def test_systemd_analyze_security_scores_both_units(tmp_path: Path, unit: Path, most: float) -> None:
    """Both scored 9.6 (UNSAFE) before; the console keeps root and its devices for the drivers."""
    exposure = security_exposure(unit, tmp_path)
    print(f"{unit.name}: exposure {exposure}")
    assert exposure <= most
