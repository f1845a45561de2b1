"""The ``scotland-yard`` command."""

from __future__ import annotations

import argparse
import sys

from console import builder_tools
from console.text_game import TextGame
from engine import EDITIONS, Game, IllegalPositionError, Side, london
from hardware.config import ConfigError, load_config
from hardware.led_backends import LedDriverError
from hardware.station_map import MapError


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
    hw = commands.add_parser("hw-test", help="light every LED, report every button (for builders)")
    hw.add_argument("--config", help="config file (default: $SCOTLAND_YARD_CONFIG or /etc/scotland-yard/config.toml)")
    hw.add_argument("--listen", type=float, default=120.0, help="seconds to wait for button presses after the last one")
    hw.add_argument("--step", type=float, default=0.05, help="seconds each station stays lit in the walk (default 0.05)")
    hw.add_argument("--flood", type=float, default=1.0, help="seconds the board shows each colour (default 1)")
    cal = commands.add_parser("calibrate", help="record which button and LED is which station (for builders)")
    cal.add_argument("--config", help="config file (default: $SCOTLAND_YARD_CONFIG or /etc/scotland-yard/config.toml)")
    cal.add_argument("--restart", action="store_true", help="start over instead of resuming")
    args = parser.parse_args(argv)
    if args.command in ("hw-test", "calibrate"):
        return _builder_tool(args)
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


def _builder_tool(args: argparse.Namespace) -> int:
    path = builder_tools.config_path(args.config)
    try:
        config = load_config(path)
        if args.command == "hw-test":
            report = builder_tools.hw_test(config, path, london().stations, sys.stdout, args.listen, args.step, args.flood)
            return 0 if not report.stuck and not report.never_pressed else 1
        builder_tools.calibrate(config, path, london().stations, sys.stdout, args.restart)
    except (ConfigError, MapError, LedDriverError) as error:
        print(f"scotland-yard {args.command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nStopped.")
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
