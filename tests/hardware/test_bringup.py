"""BRINGUP.md: every stage in order, linked from WIRING.md and INSTALL.md, and quoting what the tools really say."""

from __future__ import annotations

import re
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from hardware.builder.selftest import check_chain
from hardware.config import ButtonChainConfig
from hardware.drivers.mock_chain import MockShiftRegisterChain
from hardware.drivers.station_buttons import ShiftRegisterChain
from hardware.pack.circuits import RIBBON

HARDWARE = Path(__file__).resolve().parents[2] / "hardware"
BRINGUP = (HARDWARE / "BRINGUP.md").read_text(encoding="utf-8")
STAGES = ["Power", "The first LED", "The whole strip", "The first 74HC165 module", "The chain", "The keys", "The handheld", "Sound"]


def test_the_stages_come_in_order_each_with_what_to_check() -> None:
    headings = re.findall(r"^## (\d)\. (.+)$", BRINGUP, re.MULTILINE)
    assert headings == [(str(n), name) for n, name in enumerate(STAGES, 1)]
    for section in re.split(r"^## \d\. ", BRINGUP, flags=re.MULTILINE)[1:]:
        assert "**hw-test**" in section and "**Failure**" in section and "**Measure**" in section, section[:40]
    assert "## Tools" in BRINGUP and "## Time" in BRINGUP
    for name in STAGES:
        assert re.search(rf"^\| \d\. {re.escape(name)}( \([^)]*\))? \| [\d.]+ \|$", BRINGUP, re.MULTILINE), name


def test_wiring_and_install_send_the_builder_to_it() -> None:
    for doc in ("WIRING.md", "INSTALL.md"):
        assert "(BRINGUP.md)" in (HARDWARE / doc).read_text(encoding="utf-8"), doc


def test_the_chain_check_it_quotes_is_what_hw_test_says(mock_pins: MockFactory) -> None:
    """Stage 4: one module fitted of the 29 the config counts."""
    config = ButtonChainConfig()
    mock = MockShiftRegisterChain(config, sentinels=True)
    mock.modules = 1
    chain = ShiftRegisterChain(config)
    said = str(check_chain(chain, {}).message)
    chain.close()
    mock.close()
    assert said.startswith("button chain: only 1 of 29 chips answer; nothing answers from chip 1 on")
    assert "`only 1 of 29 chips\nanswer; nothing answers from chip 1 on`" in BRINGUP


def test_the_ribbon_pins_it_names_are_the_netlist_s() -> None:
    words = " ".join(BRINGUP.split())
    for number, name in RIBBON:
        if name != "GND":
            assert f"pin {number} ({name})" in words or f"pin {number} {name}" in words, (number, name)
