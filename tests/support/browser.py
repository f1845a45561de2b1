"""A headless Chromium at a phone's size, for the phone page's tests (skipped where Chromium or its driver is missing)."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver

WAIT_S = 10.0
"""How long a test waits for something that must happen (it fails then; nothing asserts on time)."""
PHONE_SIZE = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}


def eventually(check: Callable[[], Any], what: str, pump: Callable[[], object] = lambda: None) -> Any:
    """The first true value of *check*, tried (after *pump*) until ``WAIT_S`` has passed; fails saying *what* did not happen."""
    end = time.monotonic() + WAIT_S
    while True:
        pump()
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"never happened: {what}")
        time.sleep(0.02)


def _browser_parts() -> tuple[str, str]:
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if chromium is None or driver is None:
        pytest.skip("the phone page's tests need Chromium and its driver (Debian: apt-get install chromium chromium-driver)")
    return chromium, driver


def phone_browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """A headless Chromium emulating a phone, quit at the end (``tests/conftest.py``'s ``browser`` fixture)."""
    chromium, driver = _browser_parts()
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--window-size=390,844", f"--user-data-dir={tmp_path_factory.mktemp('chromium')}"):
        options.add_argument(argument)
    options.binary_location = chromium
    chrome = webdriver.Chrome(service=Service(driver), options=options)
    chrome.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE_SIZE)  # a desktop window is never this narrow
    yield chrome
    chrome.quit()
