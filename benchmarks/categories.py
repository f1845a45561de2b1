"""Learn the location categories' weights: where Mister X stands among his possible stations, in played games.

``python -m benchmarks.categories`` plays ``--games`` games of a Mister X level
against a detectives' level (default ``hard:normal``, classic, five detectives)
and, at the start of every detectives' round, puts each possible station in its
category (``engine.ai.categories.category``) and counts it, and Mister X's true
station apart. A category's weight is how often Mister X stood in it per time it
was possible, scaled so that the weights' mean over the possible stations is 1.
It prints the table as ``engine.ai.categories.WEIGHTS`` holds it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import partial

from benchmarks.figures import command
from benchmarks.matches import Match
from benchmarks.tournament import GameResult, MatchResult, _warm, play_game
from engine.ai.categories import Category, blocked_by, category
from engine.ai.model import tables
from engine.board import iter_stations
from engine.game import Game
from engine.movegen import ticket_mask


def seen(game: Game) -> Counter[object]:
    """Each possible station's category counted as ``("possible", category)``, Mister X's as ``("true", category)``."""
    view = game.public_view()
    t = tables(game.board, view.ruleset.transports)
    stations = [p.station for p in view.pieces]
    blocked = blocked_by(t, stations, [ticket_mask(p.tickets, p.bobby) for p in view.pieces])
    own = view.mister_x_tickets
    supply = view.supply
    counts: Counter[object] = Counter()
    for s in iter_stations(view.possible):
        counts["possible", category(t, s, stations, blocked, own, supply)] += 1
    counts["true", category(t, game.mister_x_view().station, stations, blocked, own, supply)] += 1
    return counts


def weights(counts: Mapping[object, int]) -> dict[Category, float]:
    """Each category's weight: true per possible, scaled to a mean of 1 over the possible stations."""
    possible = {key[1]: n for key, n in counts.items() if isinstance(key, tuple) and key[0] == "possible"}
    true = {key[1]: n for key, n in counts.items() if isinstance(key, tuple) and key[0] == "true"}
    scale = sum(possible.values()) / max(1, sum(true.values()))
    return {c: round(true.get(c, 0) * scale / n, 2) for c, n in sorted(possible.items())}


def main(argv: Sequence[str] | None = None) -> None:
    parser = command("categories", __doc__)
    parser.add_argument("matchup", nargs="?", default="hard:normal", help="MISTER_X:DETECTIVES (default hard:normal)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--edition", default="classic")
    parser.add_argument("--players", type=int, default=6)
    args = parser.parse_args(argv)
    mister_x, _, detectives = args.matchup.partition(":")
    game = partial(play_game, args.edition, args.players, mister_x, detectives, seed=args.seed, watch=seen)
    match: Match[GameResult] = MatchResult.play(mister_x, detectives, game, args.games, args.processes, warm=partial(_warm, args.edition))
    counts: Counter[object] = Counter()
    for result in match.results:
        counts += result.watched
    print(match.line())
    print("WEIGHTS = {")
    for c, w in weights(counts).items():
        print(f"    {c}: {w},  # possible {counts['possible', c]}, true {counts['true', c]}")
    print("}")


if __name__ == "__main__":
    main()
