"""Inside a Debian container booted with systemd as PID 1: install the console with its own installer, then drive it through what
must not loop and must not be lost, measuring each case; the results go to ``/results/chain.json``.

Run as a oneshot unit by ``tests/console/test_appliance_chain.py`` (the standard library only: the system's ``python3`` runs
it, before and beside the console's own environment). Each case says how many times systemd started the console before it
settled, read from the journal (systemd's "Started ..." lines for the unit), and what the console's status line said.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

CHECKOUT = Path("/opt/scotland-yard")
RESULTS = Path("/results")
ROOT = Path("/usr/local/lib/scotland-yard")
CONFIG = Path("/etc/scotland-yard/config.toml")
UNIT = "scotland-yard.service"
FALLBACK = "scotland-yard-fallback.service"
SETTLE_S = 20.0
"""How long a state must hold (no new start, the same status) to count as settled: many restart intervals (RestartSec=2)."""

results: dict[str, object] = {}


def log(*words: object) -> None:
    print(*words, flush=True)


def run(*argv: str, check: bool = True, timeout: float = 1800) -> subprocess.CompletedProcess[str]:
    log("+", " ".join(argv))
    done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)
    log(done.stdout[-4000:], done.stderr[-4000:])
    if check and done.returncode != 0:
        raise RuntimeError(f"{argv[0]} exit {done.returncode}")
    return done


def show(unit: str, prop: str) -> str:
    return subprocess.run(["systemctl", "show", "-p", prop, "--value", unit], capture_output=True, text=True, check=False).stdout.strip()


def cursor() -> str:
    """Now, as the journal's ``--since`` takes it: the lines counted for a step are those after it (a second apart from the
    step before)."""
    time.sleep(1.1)
    return f"@{int(time.time())}"


def journal_lines(unit: str, since: str) -> list[str]:
    return subprocess.run(["journalctl", "-u", unit, "-o", "cat", "--no-pager", f"--since={since}"], capture_output=True,
                          text=True, check=False).stdout.splitlines()


def starts(since: str) -> int:
    """How many times systemd started the console after *since*: its "Starting ..." line for each start it ran (a start the
    start limit refuses runs nothing, and says no such line)."""
    return sum(line.startswith(f"Starting {UNIT}") for line in journal_lines(UNIT, since))


def fallbacks(since: str) -> int:
    """The fallback's runs after *since* (not its starts skipped by its once-a-boot condition)."""
    return sum(line.startswith((f"Finished {FALLBACK}", f"Failed to start {FALLBACK}")) for line in journal_lines(FALLBACK, since))


def settled(since: str, until: Callable[[], bool], timeout_s: float = 240.0) -> dict[str, object]:
    """Wait until *until* holds and nothing changes for ``SETTLE_S``; the measurements then."""
    began = time.monotonic()
    last: tuple[object, ...] | None = None
    steady_since = time.monotonic()
    while time.monotonic() - began < timeout_s:
        state = (starts(since), show(UNIT, "ActiveState"), show(UNIT, "StatusText"), show(UNIT, "MainPID"))
        if state != last:
            last, steady_since = state, time.monotonic()
        elif until() and time.monotonic() - steady_since >= SETTLE_S:
            break
        time.sleep(1.0)
    return {"starts": starts(since), "fallbacks": fallbacks(since), "active": show(UNIT, "ActiveState"),
            "sub": show(UNIT, "SubState"), "status": show(UNIT, "StatusText"), "restarts": show(UNIT, "NRestarts"),
            "current": Path(ROOT / "current").resolve().name, "seconds": round(time.monotonic() - began, 1)}


def status_is(text: str) -> Callable[[], bool]:
    return lambda: show(UNIT, "StatusText") == text


def release_copy(name: str, patch: Callable[[str], str]) -> Path:
    """The checkout copied to /root/<name>, its console/cli.py changed by *patch*: a release that misbehaves on purpose."""
    target = Path("/root") / name
    shutil.copytree(CHECKOUT, target, ignore=shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.egg-info", "build", "dist"))
    cli = target / "console" / "cli.py"
    cli.write_text(patch(cli.read_text()))
    return target


def crashing_at_start(text: str) -> str:
    """``play`` raises before anything: the headless self-check's start fails too."""
    marker = "def _play_on_board(args: argparse.Namespace) -> int:\n"
    return text.replace(marker, marker + '    raise RuntimeError("this release crashes at start")\n', 1)


def crashing_on_the_board(text: str) -> str:
    """``play`` exits 1 at once on the board, before its problem screen, but starts headless: it passes the self-check."""
    marker = "def _play_on_board(args: argparse.Namespace) -> int:\n"
    return text.replace(marker, marker + "    if not args.headless:\n        raise SystemExit(1)\n", 1)


def security() -> dict[str, str]:
    scores = {}
    for unit in (UNIT, FALLBACK):
        out = run("systemd-analyze", "security", "--no-pager", unit, check=False).stdout
        scores[unit] = out.strip().splitlines()[-1] if out.strip() else ""
    return scores


def chain() -> None:
    done = run(str(CHECKOUT / "hardware" / "install" / "install.sh"), "--not-a-pi", check=False, timeout=3600)
    results["install"] = {"exit": done.returncode, "last": done.stdout.strip().splitlines()[-3:]}
    if done.returncode != 0:
        return
    results["hardware watchdog"] = run("systemctl", "show", "-p", "RuntimeWatchdogUSec", "--value").stdout.strip()
    results["security"] = security()

    # A fresh install: no station map yet.
    since = cursor()
    run("systemctl", "start", "--no-block", UNIT)
    results["fresh install"] = settled(since, status_is("Problem: not calibrated"))

    # A config file with a value that names nothing; then put right again (an update's self-check reads it too).
    good_config = CONFIG.read_text()
    CONFIG.write_text(good_config + '\n[game]\ndistrict = "Narnia"\n')
    since = cursor()
    run("systemctl", "restart", UNIT)
    results["broken config"] = settled(since, status_is("Problem: config file"))
    CONFIG.write_text(good_config)
    uncalibrated = status_is("Problem: not calibrated")

    # A release that crashes at start is never switched to: its self-check starts it.
    good = (ROOT / "current").resolve().name
    since = cursor()
    done = run("scotland-yard", "update", str(release_copy("crashing", crashing_at_start)), check=False, timeout=3600)
    results["crashing release"] = {"update exit": done.returncode, "said": (done.stdout + done.stderr).strip().splitlines()[-2:],
                                   "current unchanged": (ROOT / "current").resolve().name == good, "starts": starts(since)}

    # A release that passes its self-check but fails on the board: 5 starts, the fallback (once a boot) goes back.
    done = run("scotland-yard", "update", str(release_copy("failing", crashing_on_the_board)), check=False, timeout=3600)
    run("systemctl", "reset-failed", UNIT)  # the start limit counts this boot's starts so far too: a whole burst is measured
    since = cursor()
    run("systemctl", "restart", UNIT, check=False)
    results["failing release"] = {"update exit": done.returncode,
                                  **settled(since, lambda: (ROOT / "current").resolve().name == good and uncalibrated())}

    # The same again, this boot: the fallback has run once already, so the console is left failed, not restarted for ever.
    run("scotland-yard", "rollback", check=False)
    run("systemctl", "reset-failed", UNIT)
    since = cursor()
    run("systemctl", "restart", UNIT, check=False)
    results["failing again, same boot"] = settled(since, lambda: show(UNIT, "ActiveState") == "failed")
    results["failing again, same boot"]["journal"] = journal_lines(UNIT, since)[-14:]  # type: ignore[index]

    # Back on the good release, on its problem screen: a hang (SIGSTOP) is ended by the watchdog and the console restarted.
    run("scotland-yard", "rollback", check=False)
    run("systemctl", "reset-failed", UNIT, check=False)
    since = cursor()
    run("systemctl", "restart", UNIT, check=False)
    settled(since, uncalibrated)
    pid = show(UNIT, "MainPID")
    stopped = time.monotonic()
    os.kill(int(pid), signal.SIGSTOP)  # the loop hangs: no more WATCHDOG=1
    back = None
    while time.monotonic() - stopped < 180:
        now_pid = show(UNIT, "MainPID")
        if now_pid not in (pid, "0") and uncalibrated():
            back = round(time.monotonic() - stopped, 1)
            break
        time.sleep(0.5)
    results["watchdog"] = {"hung pid": pid, "back after s": back, "restarts": show(UNIT, "NRestarts"),
                           "said": [line for line in journal_lines(UNIT, since) if "atchdog" in line][-2:]}


def main() -> int:
    try:
        chain()
    except Exception as error:  # the host test reports what was measured, and this
        results["error"] = f"{type(error).__name__}: {error}"
    finally:
        (RESULTS / "chain.json").write_text(json.dumps(results, indent=1) + "\n")
        journal = subprocess.run(["journalctl", "-u", UNIT, "-u", FALLBACK, "-o", "short-monotonic", "--no-pager"], capture_output=True,
                                 text=True, check=False)
        (RESULTS / "units.journal").write_text(journal.stdout)
        subprocess.run(["systemctl", "poweroff", "--no-block"], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
