"""``scotland-yard replay FILE``: a finished game played back on the board and the screen.

Each move is shown as the players saw it then (the public view: Mister X's
tickets, never his hidden stations), a few seconds a move; the end shows the
result and his whole route as a trail of light. Any key skips to the end,
another leaves.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from console.app import FRAME_SECONDS, Presenter
from console.model import Flash, Mode, Ui
from engine import DetectiveMove, Game, Side
from engine.views import PublicView
from hardware.interfaces import Hardware, KeyPressed

REVEAL_SECONDS = 3.0


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


def replay(
    hardware: Hardware,
    final: Game,
    *,
    step_s: float = 2.0,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
    end_s: float = 60.0,
) -> None:
    """Show every scene for *step_s* seconds (a key skips to the end), then the end for *end_s* or until a key."""
    presenter = Presenter(hardware)
    all_scenes = list(scenes(final))
    index = 0
    while index < len(all_scenes):
        view, ui = all_scenes[index]
        last = index == len(all_scenes) - 1
        started = clock()
        if ui.reveal is not None:  # the flash starts when its scene does
            ui = Ui(ui.mode, message=ui.message, reveal=Flash(ui.reveal.station, started, ui.reveal.seconds))
        skip = False
        while not skip and clock() - started < (end_s if last else step_s):
            presenter.show(view, ui, clock())
            skip = any(isinstance(event, KeyPressed) for event in hardware.controls.poll())
            sleep(FRAME_SECONDS)
        if skip and last:
            return
        index = len(all_scenes) - 1 if skip else index + 1
