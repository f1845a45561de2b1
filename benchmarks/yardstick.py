"""Expert against the yardstick: how far a player stands above ``hard-steady`` on each side, in Elo, on the same deals.

``python -m benchmarks.yardstick`` plays three match-ups on the same ``--games``
deals: ``--player`` as Mister X against the yardstick's detectives, the
yardstick against itself, and the yardstick's Mister X against ``--player``'s
detectives. On each side the player's step over the yardstick is the
difference of their Elo against the same opponents on the same deals::

    step = 400 * log10(odds of the player's wins) - 400 * log10(odds of the yardstick's)

and its 95% interval comes from resampling the deals (each deal keeps its three
games: the comparison stays paired). ``expert`` must stand 100 Elo or more above
``hard-steady`` on each side, with the interval's lower end above 0. ``--side``
measures one side alone (a change to one side's search leaves the other's figure
as it was), on the same deals.

The seeds: the players' settings were chosen on the deals from seed 0 and from
seed 20000 (``TUNING_SEEDS``); the figures in docs/COMPUTER_PLAYERS.md are
measured on the deals from seed 100000 (``REPORT_SEED``), never used for a
choice. A run says which it played.

>>> round(elo(0.64) - elo(0.59))
37
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Sequence

from benchmarks.figures import command
from benchmarks.matches import wilson
from benchmarks.tournament import MatchResult, run_match

YARDSTICK = "hard-steady"
"""Hard's search without its slips: what hard played before it slipped."""
TUNING_SEEDS = (0, 20000)
"""The first seeds of the deals the computer players were tuned on."""
REPORT_SEED = 100_000
"""The first seed of the deals their strength is reported on: never used for a choice."""
SIDES = ("mister_x", "detectives")
"""The sides a player is measured on, as a match's results name them."""
STEP = 100.0
"""The least step over the yardstick, in Elo, on each side."""


def elo(rate: float) -> float:
    """The Elo difference that wins at *rate* (kept finite at 0 and 1)."""
    rate = min(max(rate, 0.005), 0.995)
    return 400.0 * math.log10(rate / (1.0 - rate))


def step(player: Sequence[bool], yardstick: Sequence[bool]) -> float:
    """The Elo of the side that won *player*'s games over the side that won *yardstick*'s (paired by deal)."""
    return elo(sum(player) / len(player)) - elo(sum(yardstick) / len(yardstick))


def interval(player: Sequence[bool], yardstick: Sequence[bool], resamples: int, seed: int) -> tuple[float, float]:
    """The 95% interval of ``step``, resampling the deals."""
    rng = random.Random(seed)
    deals = range(len(player))
    steps = []
    for _ in range(resamples):
        drawn = [rng.choice(deals) for _ in deals]
        steps.append(step([player[k] for k in drawn], [yardstick[k] for k in drawn]))
    steps.sort()
    return steps[int(0.025 * (resamples - 1))], steps[int(0.975 * (resamples - 1))]


def won(match: MatchResult, side: str) -> list[bool]:
    """Whether *side* won each of the match-up's games, by deal."""
    return [r.mister_x_won == (side == "mister_x") for r in match.results]


def main(argv: Sequence[str] | None = None) -> None:
    parser = command("yardstick", __doc__)
    parser.add_argument("--player", default="expert", help="the player measured, a tournament player (default expert)")
    parser.add_argument("--yardstick", default=YARDSTICK, help=f"default {YARDSTICK}")
    parser.add_argument("--games", type=int, default=400, help="deals (default 400)")
    parser.add_argument("--seed", type=int, default=REPORT_SEED, help=f"first deal seed (default {REPORT_SEED}: the report seeds)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="worker processes (default: the cores)")
    parser.add_argument("--resamples", type=int, default=2000, help="resamples of the deals for the intervals (default 2000)")
    parser.add_argument("--side", choices=("both", *SIDES), default="both", help="the side measured (default both)")
    args = parser.parse_args(argv)
    kind = "the report seeds" if args.seed == REPORT_SEED else "tuning seeds" if args.seed in TUNING_SEEDS else "other seeds"
    print(f"deals from seed {args.seed} ({kind}), {args.games} of them")
    sides = {"mister_x": (args.player, args.yardstick), "detectives": (args.yardstick, args.player)}
    measured = list(SIDES) if args.side == "both" else [args.side]
    mirror_pair = (args.yardstick, args.yardstick)
    wanted = {sides[side] for side in measured} | {mirror_pair}
    games = {}
    for hunted, hounds in (pair for pair in (sides["mister_x"], mirror_pair, sides["detectives"]) if pair in wanted):
        games[(hunted, hounds)] = match = run_match("classic", 6, hunted, hounds, args.games, args.seed, args.processes)
        print(match.line(), flush=True)
    mirror = games[mirror_pair]
    for side, match in ((side, games[sides[side]]) for side in measured):
        ours, theirs = won(match, side), won(mirror, side)
        low, high = interval(ours, theirs, args.resamples, args.seed)
        rate_low, rate_high = wilson(sum(ours), len(ours))
        verdict = "ok" if step(ours, theirs) >= STEP and low > 0 else "short"
        print(f"{side}: {args.player} wins {sum(ours) / len(ours):.2f} ({rate_low:.2f}..{rate_high:.2f}), {args.yardstick} "
              f"{sum(theirs) / len(theirs):.2f}: step={step(ours, theirs):.0f} Elo ci95={low:.0f}..{high:.0f} {verdict}")


if __name__ == "__main__":
    main()
