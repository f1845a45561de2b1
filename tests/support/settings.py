"""Settings as the tests write them: a kind's own settings by their keys, among the shared ones."""

from __future__ import annotations

from typing import Any

from console import games
from console.settings import GameSettings


def settings(**values: Any) -> GameSettings:
    """``GameSettings(**values)``, where a kind's own setting (``bobbies=0``, ``district="central"``) goes by its key."""
    options = {option.key: option for option in games.options()}
    own = {options[key]: values.pop(key) for key in list(values) if key in options}
    return GameSettings(**values).with_options(own)
