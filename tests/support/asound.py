"""A stand-in for the kernel's list of sound cards (``/proc/asound``): its ``cards`` file and a link by id for each card."""

from __future__ import annotations

from pathlib import Path


def sound_cards(folder: Path, *ids: str) -> Path:
    """``/proc/asound`` as a machine with these cards (by id, in order) shows it."""
    asound = folder / "asound"
    asound.mkdir()
    lines = []
    for number, card in enumerate(ids):
        (asound / f"card{number}").mkdir()
        (asound / card).symlink_to(f"card{number}")
        lines.append(f"{number:2} [{card:<15}]: USB-Audio - {card}\n")
    (asound / "cards").write_text("".join(lines))
    return asound
