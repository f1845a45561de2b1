"""``scotland-yard replay FILE``: a finished game played back on the board and the screen.

Each move is shown as the players saw it then (the public view: Mister X's
tickets, never his hidden stations), a few seconds a move; the end shows the
result and his whole route as a trail of light. Any key skips to the end,
another leaves.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import replace

from console.app import FRAME_SECONDS, Presenter
from console.junior_flow import reveal_words, winner_words
from console.junior_model import Celebration, JuniorMode, JuniorUi
from console.model import Flash, Mode, Ui
from engine import DetectiveMove, Game, Side
from engine.junior import JuniorGame, JuniorView
from engine.junior import record as junior_record
from engine.junior.record import replay as replay_action
from engine.record import from_dict, parse_json
from engine.views import PublicView
from hardware.interfaces import Hardware, KeyPressed

REVEAL_SECONDS = 3.0
Scene = tuple[PublicView, Ui] | tuple[JuniorView, JuniorUi]
"""What a replay shows at one moment: a main game's or a Junior game's."""


def scenes(final: Game) -> Iterator[tuple[PublicView, Ui]]:
    """The public state after each move of *final*'s record, with a line saying what happened."""
    game = Game(final.start)
    yield game.public_view(), Ui(Mode.MISTER_X, message="The start")
    for move in final.actions:
        made = game.moves_made
        game.play(move)
        view = game.public_view()
        mode = Mode.GAME_OVER if game.is_over else Mode.MISTER_X if game.turn is Side.MISTER_X else Mode.DETECTIVES
        if isinstance(move, DetectiveMove):
            yield view, Ui(mode, message=f"Round {view.round}: {move.piece} took the {move.ticket} to {move.station}")
            continue
        entries = view.log[made:]
        seen = [entry for entry in entries if entry.reveal]
        words = " and ".join(str(entry.ticket) for entry in entries)
        message = f"Mister X took {words}" + (f": seen at {seen[-1].station}" if seen else "")
        reveal = Flash(seen[-1].station, 0.0, REVEAL_SECONDS) if seen and seen[-1].station is not None else None
        yield view, Ui(mode, message=message, reveal=reveal)
    yield game.public_view(), Ui(Mode.GAME_OVER, message=f"{game.outcome}. Press any key to leave")


def load_record(text: str) -> Game | JuniorGame:
    """A filed game of either kind, by its record's format; ``RecordError`` says what is wrong with a bad one."""
    data = parse_json(text)
    if isinstance(data, dict) and data.get("format") == junior_record.FORMAT:
        return junior_record.from_dict(data)
    return from_dict(data)


def junior_scenes(final: JuniorGame) -> Iterator[tuple[JuniorView, JuniorUi]]:
    """A Junior game round by round: each reveal as the table saw it (the rogues' choices show only there)."""
    game = JuniorGame(final.start, final.district)
    yield game.public_view(), JuniorUi(JuniorMode.ROGUES, prompt="The start", message="Round 1")
    for action in final.actions:
        rounds = len(game.results)
        replay_action(game, action)
        if len(game.results) > rounds:
            prompt, told = reveal_words(game.results[-1])
            yield game.public_view(), JuniorUi(JuniorMode.REVEAL, prompt=prompt, message=f"Round {rounds + 1}: {told}",
                                               celebration=Celebration(game.results[-1], 0.0, REVEAL_SECONDS))
    yield game.public_view(), JuniorUi(JuniorMode.GAME_OVER, prompt=winner_words(game.outcome), message="Press any key to leave")


def replay(
    hardware: Hardware,
    final: Game | JuniorGame,
    *,
    step_s: float = 2.0,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
    end_s: float = 60.0,
) -> None:
    """Show every scene for *step_s* seconds (a key skips to the end), then the end for *end_s* or until a key."""
    presenter = Presenter(hardware)
    all_scenes: list[Scene] = list(junior_scenes(final) if isinstance(final, JuniorGame) else scenes(final))
    index = 0
    while index < len(all_scenes):
        view, ui = all_scenes[index]
        last = index == len(all_scenes) - 1
        started = clock()
        if isinstance(ui, Ui) and ui.reveal is not None:  # the flash starts when its scene does
            ui = Ui(ui.mode, message=ui.message, reveal=Flash(ui.reveal.station, started, ui.reveal.seconds))
        if isinstance(ui, JuniorUi) and ui.celebration is not None:
            ui = replace(ui, celebration=replace(ui.celebration, since=started))
        skip = False
        while not skip and clock() - started < (end_s if last else step_s):
            if isinstance(view, JuniorView) and isinstance(ui, JuniorUi):
                presenter.show_junior(view, ui, clock())
            elif isinstance(view, PublicView) and isinstance(ui, Ui):
                presenter.show(view, ui, clock())
            skip = any(isinstance(event, KeyPressed) for event in hardware.controls.poll())
            sleep(FRAME_SECONDS)
        if skip and last:
            return
        index = len(all_scenes) - 1 if skip else index + 1
