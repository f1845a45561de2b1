"""The ``[sound]`` settings: defaults, checks, the I2S board's pins, and their place in INSTALL.md's full example."""

from __future__ import annotations

import re
import tomllib
from dataclasses import fields
from pathlib import Path

import pytest

from hardware.config import I2S_PINS, ConfigError, SoundConfig, parse_config, pin_claims

INSTALL_MD = Path(__file__).resolve().parents[2] / "hardware" / "INSTALL.md"


def test_sound_defaults_and_values() -> None:
    assert parse_config("").sound == SoundConfig(enabled=True, volume=0.8, speech="espeak-ng", device="", i2s=False)
    sound = parse_config('[sound]\nenabled = false\nvolume = 1\nspeech = ""\ndevice = "hdmi:CARD=vc4hdmi0,DEV=0"').sound
    assert sound == SoundConfig(enabled=False, volume=1.0, speech="", device="hdmi:CARD=vc4hdmi0,DEV=0")


@pytest.mark.parametrize(("text", "message"), [
    ("[sound]\nvolume = 1.2", "sound.volume: must be between 0 and 1, not 1.2"),
    ("[sound]\nvolume = -0.1", "sound.volume: must be between 0 and 1, not -0.1"),
    ('[sound]\nspeech = "say"', "sound.speech: must be espeak-ng, espeak or \"\" (none), not 'say'"),
    ('[sound]\nenabled = "yes"', "sound.enabled: must be true or false, not 'yes'"),
    ("[sound]\nloud = true", "sound.loud: unknown setting (known: enabled, volume, speech, device, i2s)"),
    ("[sound]\nvolum = 0.5", "sound.volum: unknown setting; did you mean volume?"),
    ("sound = 1", "sound: must be a [sound] section"),
])  # fmt: skip
def test_bad_sound_settings_are_refused_by_name(text: str, message: str) -> None:
    with pytest.raises(ConfigError) as refused:
        parse_config(text)
    assert str(refused.value).startswith(message)


def test_an_i2s_board_claims_its_pins_against_the_led_strip() -> None:
    with pytest.raises(ConfigError, match=r"leds\.pin and sound\.i2s both use GPIO 18"):
        parse_config("[sound]\ni2s = true")  # the reference build's strip is on GPIO18 (PWM)
    with pytest.raises(ConfigError, match=r"leds\.spi_bus and sound\.i2s both use GPIO 18"):
        parse_config('[leds]\nbackend = "spi"\n[sound]\ni2s = true')  # a Pi 5's strip holds all of SPI1
    config = parse_config("[leds]\npin = 12\n[sound]\ni2s = true")  # the strip moved to GPIO12: the board fits
    assert {("sound.i2s", pin) for pin in I2S_PINS.values()} <= set(pin_claims(config))
    assert not any(setting == "sound.i2s" for setting, _ in pin_claims(parse_config("")))


def test_install_md_lists_every_sound_setting_at_its_default() -> None:
    full = max(re.findall(r"```toml\n(.*?)```", INSTALL_MD.read_text(), re.DOTALL), key=len)
    assert set(tomllib.loads(full)["sound"]) == {f.name for f in fields(SoundConfig)}
    assert parse_config(full).sound == SoundConfig()
