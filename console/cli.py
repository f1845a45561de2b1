"""The ``scotland-yard`` command."""

from __future__ import annotations

import argparse
import sys

from engine import EDITIONS, Game, IllegalPositionError, Side
from console.text_game import TextGame


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scotland-yard", description="The Scotland Yard tabletop console.")
    commands = parser.add_subparsers(dest="command")
    text = commands.add_parser("text", help="play a game in the terminal (the default)")
    for sub in (parser, text):
        sub.add_argument("--edition", choices=sorted(EDITIONS), default="reissue", help="rules edition (default: reissue)")
        sub.add_argument("--players", type=int, default=4, help="players, Mister X included (default: 4)")
        sub.add_argument("--play-as", choices=("detectives", "mister-x"), default="detectives",
                         help="the side you play; the computer plays the other (default: detectives)")
        sub.add_argument("--seed", type=int, default=None, help="seed for the deal (default: random)")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else int.from_bytes(__import__("os").urandom(4), "big")
    try:
        game = Game.new(args.edition, players=args.players, seed=seed)
    except IllegalPositionError as error:
        parser.error(str(error))
    human = Side.MISTER_X if args.play_as == "mister-x" else Side.DETECTIVES
    try:
        TextGame(game, human, sys.stdout, input, seed=seed).run()
    except (EOFError, KeyboardInterrupt):
        print("\nGame left.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
