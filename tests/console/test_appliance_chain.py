"""The whole chain under a real systemd as PID 1 (opt-in: ``-m slow``, root, debootstrap and systemd-nspawn; a few minutes).

A Debian bookworm root (the release Raspberry Pi OS is built on) is made once with debootstrap and kept
(``$SCOTLAND_YARD_CONTAINER_ROOT``, else ``~/.cache/scotland-yard/bookworm``); each run boots it with systemd-nspawn on a
throw-away layer (``--volatile=overlay``), the checkout bound in at ``/opt/scotland-yard`` and the install tree on a folder of
the host (an update refuses an overlay, as on a Pi's read-only overlay). Inside, a oneshot unit
(``tests/support/appliance_chain.py``) installs the console with ``hardware/install/install.sh --not-a-pi`` and drives it:

- a fresh install settles on its problem screen asking for calibration, started once;
- a config file naming a district that does not exist settles on the problem screen, started once;
- a release that crashes at start is never switched to (its self-check starts it);
- a release that passes its self-check but fails on the board is started 5 times (the start limit: 5 in 15 minutes, counted
  from a reset here, as after a boot), then the fallback goes back (once a boot); the same again in the same boot leaves
  the console failed after 5 starts, not looping;
- a hang (SIGSTOP) is ended by the watchdog and the console started again;
- the hardware watchdog is set, and ``systemd-analyze security`` scores both units.

Each figure is printed (``pytest -m slow -s``): the starts before it settled, the fallback's runs, the status line.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DRIVER = ROOT / "tests" / "support" / "appliance_chain.py"
BASE_PACKAGES = ("systemd", "systemd-sysv", "dbus", "python3", "python3-venv")
MIRROR = os.environ.get("SCOTLAND_YARD_DEBIAN_MIRROR", "http://deb.debian.org/debian")
BOOT_TIMEOUT_S = 3600

pytestmark = pytest.mark.slow


def _missing() -> str:
    """Why the chain cannot run here ("" if it can)."""
    if os.geteuid() != 0:
        return "the systemd chain needs root (debootstrap and systemd-nspawn)"
    for tool, package in (("debootstrap", "debootstrap"), ("systemd-nspawn", "systemd-container")):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (apt-get install {package})"
    return ""


def installer_packages() -> list[str]:
    """The packages the installer asks apt for off a Pi (its APT_PACKAGES but python3-lgpio): in the root beforehand, the
    installer's apt-get install finds them there instead of downloading them at every run."""
    text = (ROOT / "hardware" / "install" / "install.sh").read_text()
    found = re.search(r"^APT_PACKAGES=\((.*?)\)", text, re.MULTILINE | re.DOTALL)
    assert found, "install.sh lists its APT_PACKAGES"
    return [name for name in found[1].split() if name != "python3-lgpio"]


def bookworm_root() -> Path:
    """The kept Debian root, made by debootstrap the first time (about a minute, 700 MB)."""
    root = Path(os.environ.get("SCOTLAND_YARD_CONTAINER_ROOT") or Path.home() / ".cache" / "scotland-yard" / "bookworm")
    if (root / "usr" / "lib" / "systemd" / "systemd").exists():
        return root
    partial = root.with_name(root.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.parent.mkdir(parents=True, exist_ok=True)
    include = ",".join([*BASE_PACKAGES, *installer_packages()])
    subprocess.run(["debootstrap", "--variant=minbase", f"--include={include}", "bookworm", str(partial), MIRROR], check=True,
                   capture_output=True, timeout=1800)
    partial.rename(root)
    return root


def trust_store() -> list[str]:
    """The host's certificates, bound into the container: a network that inspects TLS has its own authority there, which
    pip inside must trust as the host's does."""
    store = Path("/etc/ssl/certs/ca-certificates.crt")
    return [f"--bind-ro={store}"] if store.is_file() else []


def boot_the_chain(root: Path, results: Path) -> dict[str, object]:
    """Boot *root* once with the driver as a oneshot unit; what it measured."""
    unit = results / "chain.service"
    unit.write_text("[Unit]\nDescription=The console's chain under systemd\nAfter=multi-user.target\n\n"
                    "[Service]\nType=oneshot\nExecStart=/usr/bin/python3 /opt/scotland-yard/tests/support/appliance_chain.py\n"
                    "StandardOutput=file:/results/chain.log\nStandardError=inherit\n")
    tree = results / "install-tree"  # on a file system of its own: an update refuses the root's throw-away overlay (as a Pi's)
    tree.mkdir()
    boot = subprocess.run(["systemd-nspawn", "-q", "-D", str(root), "--volatile=overlay", "--register=no", "--keep-unit", "--boot",
                           f"--bind-ro={ROOT}:/opt/scotland-yard", f"--bind={results}:/results",
                           f"--bind={tree}:/usr/local/lib/scotland-yard", *trust_store(),
                           f"--bind-ro={unit}:/etc/systemd/system/chain.service", "--", "systemd.wants=chain.service"],
                          capture_output=True, text=True, timeout=BOOT_TIMEOUT_S, check=False)
    (results / "boot.log").write_text(boot.stdout + boot.stderr)
    found = results / "chain.json"
    assert found.exists(), f"the chain wrote nothing (exit {boot.returncode}): {(boot.stdout + boot.stderr)[-2000:]}"
    return dict(json.loads(found.read_text()))


def test_the_console_under_systemd_settles_instead_of_looping(tmp_path: Path) -> None:
    missing = _missing()
    if missing:
        print(missing)
        pytest.skip(missing)
    results = tmp_path / "results"
    results.mkdir()
    chain = boot_the_chain(bookworm_root(), results)
    print(json.dumps(chain, indent=1))
    assert "error" not in chain, chain.get("error")
    assert chain["install"]["exit"] == 0  # type: ignore[index]
    fresh, broken = chain["fresh install"], chain["broken config"]
    assert (fresh["status"], fresh["starts"], fresh["active"]) == ("Problem: not calibrated", 1, "active")  # type: ignore[index]
    assert (broken["status"], broken["starts"], broken["active"]) == ("Problem: config file", 1, "active")  # type: ignore[index]
    crashing = chain["crashing release"]
    assert crashing["update exit"] != 0 and crashing["current unchanged"] and crashing["starts"] == 0  # type: ignore[index]
    assert "FAILED start" in " ".join(crashing["said"])  # type: ignore[index]
    failing, again = chain["failing release"], chain["failing again, same boot"]
    assert failing["update exit"] == 0 and failing["fallbacks"] == 1  # type: ignore[index]
    assert (failing["starts"], failing["status"]) == (6, "Problem: not calibrated")  # type: ignore[index]  # 5 of it, 1 back
    assert (again["starts"], again["fallbacks"], again["active"]) == (5, 0, "failed")  # type: ignore[index]
    watchdog = chain["watchdog"]
    # WatchdogSec=30 counts from the last ping (every 15 s), then RestartSec=2 and a start
    assert watchdog["back after s"] is not None and 15 <= watchdog["back after s"] <= 60  # type: ignore[index,operator]
    assert "Watchdog timeout (limit 30s)!" in " ".join(watchdog["said"])  # type: ignore[index,arg-type]
    assert chain["hardware watchdog"] == "15s"
