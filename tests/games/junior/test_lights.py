"""Junior's lights with each palette: the colour-blind one gives the pawns its colours and rhythms, and its refusal colour."""

from __future__ import annotations

import pytest

from console.games.junior.lights import COLOURS, ORDER, junior_frame
from console.games.junior.model import JuniorMode, JuniorUi
from console.games.table import Flash
from console.lights import COLOUR_BLIND, RHYTHM_DIP, RHYTHM_SLOT, STANDARD, Palette, on_beat, scale
from engine.junior import JuniorGame

GAME = JuniorGame.new(rogues=2, seed=3)


@pytest.mark.parametrize("palette", [STANDARD, COLOUR_BLIND], ids=lambda palette: palette.name.value)
def test_each_pawn_shows_its_palette_s_colour(palette: Palette) -> None:
    frame = junior_frame(GAME.public_view(), JuniorUi(JuniorMode.DETECTIVES), now=0.0, palette=palette)
    for piece, station in GAME.stations.items():
        assert frame[station] == COLOURS[palette.name][piece]


def test_the_colour_blind_colours_are_their_own_and_every_pawn_blinks_its_rhythm() -> None:
    assert len(set(COLOURS[COLOUR_BLIND.name].values())) == 4 and COLOURS[COLOUR_BLIND.name] != COLOURS[STANDARD.name]
    view, ui = GAME.public_view(), JuniorUi(JuniorMode.DETECTIVES)
    for piece, station in GAME.stations.items():
        order = ORDER.index(piece)
        dipped = next(tick for tick in range(0, 96, RHYTHM_SLOT) if not on_beat(order, tick))
        assert (junior_frame(view, ui, now=dipped / 30, palette=COLOUR_BLIND)[station]
                == scale(COLOURS[COLOUR_BLIND.name][piece], RHYTHM_DIP))
        assert junior_frame(view, ui, now=dipped / 30, palette=STANDARD)[station] == COLOURS[STANDARD.name][piece]  # steady
    dips = [sum(not on_beat(ORDER.index(piece), tick) for tick in range(0, 96, RHYTHM_SLOT)) for piece in ORDER]
    assert dips == [1, 2, 3, 4]  # count the dips to name the pawn


@pytest.mark.parametrize("palette", [STANDARD, COLOUR_BLIND], ids=lambda palette: palette.name.value)
def test_a_refused_press_blinks_in_the_palette_s_refusal_colour(palette: Palette) -> None:
    ui = JuniorUi(JuniorMode.DETECTIVES, refused=Flash(GAME.district.stations[0], 1.0, 0.8))
    assert junior_frame(GAME.public_view(), ui, now=1.0, palette=palette)[GAME.district.stations[0]] == palette.refused
