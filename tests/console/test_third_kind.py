"""A third kind of game is one folder and one registration: hide and guess (``tests.support.toy``) at the console.

Registered beside Scotland Yard and Junior, and nothing else changed, it is
offered by the New game menu, played at the board, journaled, resumed after an
interruption, filed, listed in Past games, replayed and exported as text; its
own setting is set up, remembered, journaled and checked as the others' are.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from console.games import editions, find_kind
from console.program.config import parse_settings
from console.records.export import export_file
from console.records.history import filed, load_record_file
from console.records.preferences import PREFERENCES, load_preferences
from console.records.storage import HISTORY, JOURNAL
from console.settings import GameSettings
from hardware.config import ConfigError
from hardware.interfaces import Key
from tests.support.program import Console
from tests.support.toy import EDITION, HIDING_PLACES, TOY, ToyFlow, register
from tests.support.toy.game import ToyGame


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


def deal_hide_and_guess(console: Console) -> ToyFlow:
    """New game; the edition row stepped back once, from the first edition to the last (hide and guess); deal."""
    console.choose("New game")
    console.set("Edition", Key.CHOICE_3)
    assert console.values["Edition"] == "hide and guess"
    console.choose("Deal the hiding places")
    flow = console.program.flow
    assert isinstance(flow, ToyFlow)
    return flow


def guess(console: Console, flow: ToyFlow, station: int) -> None:
    """The hider hides (the computer, at a tick), then the detectives press *station*."""
    for _ in range(5):
        if flow.ui.mode.value == "guess" or flow.over:
            break
        console.program.console.step()
    if not flow.over:
        console.table.press(station)


def test_the_registered_kind_is_an_edition_like_the_others() -> None:
    assert editions()[-1] == EDITION and find_kind(EDITION) is TOY


def test_a_third_kind_is_dealt_played_journaled_resumed_filed_replayed_and_exported(tmp_path: Path) -> None:
    console = Console(tmp_path, seed=7)
    flow = deal_hide_and_guess(console)
    game = flow.game
    assert isinstance(game, ToyGame) and console.program.status == "Playing a game"
    guess(console, flow, next(iter(set(range(1, 200)) - set(game.places))))  # not a hiding place: refused, the game goes on
    assert flow.ui.refused is not None and str(flow.ui.message).startswith("No: there is no station")
    assert len(game.actions) == 1

    console.program.close()  # the console is interrupted: a new one offers the game
    again = Console(tmp_path, seed=7)
    assert again.rows[0] == "Resume: hide and guess, round 1"
    again.choose("Resume")
    resumed = again.program.flow
    assert isinstance(resumed, ToyFlow) and resumed.game.actions == game.actions

    while not resumed.over:  # the detectives guess the first place each round
        guess(again, resumed, resumed.game.places[0])
    again.keys(Key.CONFIRM)
    assert again.program.flow is None and "filed" in again.message

    [path] = filed(tmp_path / HISTORY)
    kind, record = load_record_file(path)
    assert kind is TOY and isinstance(record, ToyGame) and record.actions == resumed.game.actions
    text = export_file(path).text
    assert text.startswith("Hide and guess\n") and all(str(move) in text for move in record.actions)

    again.choose("Past games")
    assert "hide and guess" in again.rows[0]
    again.keys(Key.CONFIRM)  # the newest game
    again.choose("Replay")
    assert again.program.playback is not None and again.program.status == "Replaying a past game"


def test_the_setup_moves_between_kinds_with_the_seats_chosen_so_far(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.choose("New game")
    console.set("Edition", Key.CHOICE_3)  # into hide and guess: it has no seats to choose
    assert console.values["Edition"] == "hide and guess" and "Players" not in " ".join(console.values)
    console.set("Edition", Key.CHOICE_4)  # and back out of it, to the first edition
    assert console.values["Edition"] == "reissue" and any(label.startswith("Players") for label in console.values)


def test_its_own_setting_is_set_up_dealt_remembered_journaled_and_resumed(tmp_path: Path) -> None:
    console = Console(tmp_path, seed=7)
    console.choose("New game")
    console.set("Edition", Key.CHOICE_3)
    assert console.values["Hiding places"] == "3"
    console.set("Hiding places", Key.CHOICE_4, Key.CHOICE_4)  # 3 -> 5
    console.choose("Deal the hiding places")
    flow = console.program.flow
    assert isinstance(flow, ToyFlow) and len(flow.game.places) == 5
    remembered, note = load_preferences(GameSettings(data_dir=str(tmp_path)))
    assert note == "" and remembered.edition == EDITION and HIDING_PLACES.of(remembered) == 5
    assert json.loads((tmp_path / PREFERENCES).read_text())["hiding_places"] == 5
    assert json.loads((tmp_path / JOURNAL).read_text().splitlines()[0])["event"]["settings"]["hiding_places"] == 5

    console.program.close()
    again = Console(tmp_path, seed=7)
    again.choose("Resume")
    sitting = again.program.sitting
    assert sitting is not None and HIDING_PLACES.of(sitting.opened.settings) == 5
    again.keys(Key.MENU)
    again.choose("Restart")
    again.keys(Key.CONFIRM)  # a new deal of the same settings
    restarted = again.program.flow
    assert isinstance(restarted, ToyFlow) and len(restarted.game.places) == 5


def test_the_config_file_sets_it_and_the_kind_checks_it() -> None:
    assert HIDING_PLACES.of(parse_settings(f'[game]\nedition = "{EDITION}"\nhiding_places = 4').game) == 4
    with pytest.raises(ConfigError, match=r"game\.hiding_places: 2 to 6, not 9"):
        parse_settings(f'[game]\nedition = "{EDITION}"\nhiding_places = 9')
    with pytest.raises(ConfigError, match=r"game\.hiding_places: must be a whole number, not 'many'"):
        parse_settings('[game]\nhiding_places = "many"')
