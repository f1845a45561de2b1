"""Computer Mister X: his options (single, black, double moves) scored against the detectives' replies.

He knows where he is; the detectives know the public view. Each option is
first scored cheaply (``MisterXScorer``): the chance the pieces can land on
him next (how many possible stations each piece that reaches him must choose
from), the bits of doubt left to the detectives (the possible set after his
ticket is shown, less the stations they can check next), his distance to the
nearest piece, his safe onward moves, and the price of the black and
double-move tickets spent (dearer as they run short), the room around his
station, and his distance again when the move is shown. The best options
(move filtering) then get a ``lookahead``: the detectives' likely reply
(``greedy_reply``, or the computer detectives' own ``planned_reply``, which
``lookahead`` can follow over all his next turns) and his best value over them.

How he spends his special tickets is his own rule, not only a price: a double
move never goes out and back to where he stood, and is made only in danger or
over a reveal while another stays in his pocket (``worth_doubling``); a black
ticket is cheap on a ferry or on the move after a reveal and dear on his first
two moves or when it leaves fewer than the reveals to come (``black_uses``).
``python -m benchmarks.tournament --habits`` counts how he spends them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from engine.ai.detectives import RoundPlan
from engine.ai.model import FAR, Tables, bits, distance_layers, layer_of
from engine.ai.stopping import Stop, never
from engine.board import Board, Station, StationSet, Transport
from engine.deduction import after_move
from engine.editions import Ruleset
from engine.movegen import pay, ticket_mask
from engine.outcome import Side
from engine.tickets import Ticket, Tickets
from engine.views import PublicView

_TICKETS = tuple(Ticket)
_DOUBLE = int(Ticket.DOUBLE)


@dataclass(frozen=True)
class MisterXWeights:
    """The terms of an option's value (higher is better for Mister X)."""

    doubt: float = 1.3
    """Per bit of the possible set's size (the stations the pieces cannot check next count fully)."""
    distance: float = 0.3
    """Per move to the nearest piece (counted up to 4)."""
    safe: float = 1.6
    """Per bit of his onward moves that no piece reaches next."""
    space: float = 0.8
    """Per bit of the stations within two moves (keeps him off the board's edges and dead ends)."""
    reveal: float = 0.5
    """Per move to the nearest piece, again, when the move is shown."""
    caught: float = 25.0
    black: float = 0.7
    """The price of a black ticket when he has one for every four moves left (scales with scarcity)."""
    black_well_spent: float = 0.3
    """A black ticket's price, as a share of ``black``, on a ferry or on the move after a reveal."""
    black_early: float = 3.0
    """A black ticket's price, as a share of ``black``, on his first two moves."""
    black_reserve: float = 2.0
    """A black ticket's price, as a share of ``black``, elsewhere when it leaves fewer than the reveals to come."""
    double: float = 2.5
    """The price of a double-move ticket when he has one for every eight moves left."""


WEIGHTS = MisterXWeights()

EXPERT_WEIGHTS = replace(WEIGHTS, space=2.4)
"""The expert's: three times the room around him (the others' lost games ended in the board's corners and dead
ends; chosen on the tuning deals, ``benchmarks.yardstick``)."""


@dataclass(frozen=True)
class Option:
    """One of Mister X's moves: where he ends, the possible set the detectives see, the tickets spent."""

    first: tuple[Station, int]
    second: tuple[Station, int] | None
    station: Station
    possible: StationSet
    own: tuple[int, ...]
    supply: tuple[int, ...] | None
    start: Station
    """Where he stood before it."""


SAFE_ENOUGH = 3
"""Safe single moves (no piece can land on them next) that leave a double move in his pocket, but to hop over a reveal."""


def worth_doubling(option: Option, moves_made: int, safe_singles: int, ruleset: Ruleset) -> bool:
    """Whether a double move is one a strong Mister X makes: in danger (fewer than ``SAFE_ENOUGH`` safe single moves),
    or over a reveal (his first leg shown, his second not) while another stays in his pocket for danger; never
    ending on a reveal unless in danger."""
    if option.second is None:
        return True
    if safe_singles < SAFE_ENOUGH:
        return True
    over_a_reveal = moves_made + 1 in ruleset.reveal_moves and moves_made + 2 not in ruleset.reveal_moves
    return over_a_reveal and option.own[_DOUBLE] > 0


class MisterXScorer:
    """Scores Mister X's options against pieces standing on *stations* holding *masks*."""

    def __init__(self, t: Tables, board: Board, ruleset: Ruleset, stations: list[Station], masks: list[int],
                 weights: MisterXWeights | None = None) -> None:
        self.t = t
        self.board = board
        self.ruleset = ruleset
        self.weights = weights or WEIGHTS
        self.stations = stations
        self.reaches = [t.detectives.reach[s << 3 | m] for s, m in zip(stations, masks)]
        self.occupied = sum(1 << s for s in stations)
        threat = 0
        for r in self.reaches:
            threat |= r
        self.threat = threat
        self.rows = [t.dist[s] for s in stations]
        self.lines = frozenset(tr for tr in ruleset.transports if tr is not Transport.FERRY)

    def options(self, station: Station, possible: StationSet, own: list[int], supply: list[int] | None, moves_made: int,
                can_double: bool) -> list[Option]:
        """Every legal option: single moves, and double moves when *can_double* (the engine's moves: ``MisterXMoves.legs``)
        but those out and back to *station* (a double move spent to stand still)."""
        legs = self.t.mister_x.legs
        occupied = self.occupied
        out: list[Option] = []
        after: dict[int, StationSet] = {}
        for x, ticket in legs(station, own, supply, occupied):
            o1, s1, p1 = self._after_leg(own, supply, x, ticket, possible, moves_made + 1, after)
            out.append(Option((x, ticket), None, x, p1, tuple(o1), tuple(s1) if s1 is not None else None, station))
            if not can_double:
                continue
            second_after: dict[int, StationSet] = {}
            for x2, ticket2 in legs(x, o1, s1, occupied):
                if x2 == station:
                    continue
                o2, s2, p2 = self._after_leg(o1, s1, x2, ticket2, p1, moves_made + 2, second_after)
                pay(_DOUBLE, o2, None)
                out.append(Option((x, ticket), (x2, ticket2), x2, p2, tuple(o2), tuple(s2) if s2 is not None else None, station))
        return out

    def _after_leg(self, own: list[int], supply: list[int] | None, x: Station, ticket: int, possible: StationSet,
                   move_number: int, cache: dict[int, StationSet]) -> tuple[list[int], list[int] | None, StationSet]:
        """One leg paid for: Mister X's tickets, the supply and the possible set after it (*cache*: per ticket)."""
        own = own.copy()
        supply = supply.copy() if supply is not None else None
        pay(ticket, own, supply)
        if move_number in self.ruleset.reveal_moves:
            return own, supply, 1 << x
        if ticket not in cache:
            cache[ticket] = after_move(self.board, self.ruleset, possible, _TICKETS[ticket], self.occupied)
        return own, supply, cache[ticket]

    def survival(self, x: Station, possible: StationSet) -> float:
        """The chance no piece lands on *x* next, if each piece that can reach it picks among the
        possible stations it reaches."""
        survive = 1.0
        for r in self.reaches:
            if r >> x & 1:
                survive *= 1.0 - 1.0 / max((possible & r).bit_count(), 1)
        return survive

    def value(self, option: Option, moves_made: int, spent_black: int, spent_double: int) -> float:
        """The cheap value of standing on ``option.station`` with the public set ``option.possible``."""
        w = self.weights
        x = option.station
        possible = option.possible
        survive = self.survival(x, possible)
        near = min((row[x] for row in self.rows), default=FAR)
        unchecked = (possible & ~self.threat).bit_count()
        checked = (possible & self.threat).bit_count()
        doubt = math.log2(1 + unchecked + 0.3 * checked)
        made = moves_made + (2 if option.second else 1)
        if made + 1 in self.ruleset.reveal_moves:
            doubt *= 0.5  # he will be shown next move anyway
        onward = self.t.mister_x.reach(x, option.own, option.supply) & ~self.threat & ~self.occupied
        safe = math.log2(1 + onward.bit_count())
        good = w.doubt * doubt + w.distance * min(near, 4) + w.safe * safe + w.space * self.t.space[x]
        if made in self.ruleset.reveal_moves:
            good += w.reveal * min(near, 5)
        price = 0.0
        if spent_black or spent_double:
            left = max(1, self.ruleset.length - made)
            if spent_black:
                scarcity = min(3.0, max(0.5, left / (4 * (option.own[Ticket.BLACK] + spent_black))))
                price += w.black * scarcity * self.black_uses(option, moves_made)
            if spent_double:
                price += w.double * min(3.0, max(0.5, left / (8 * (option.own[Ticket.DOUBLE] + 1))))
        return survive * good - (1.0 - survive) * w.caught - price


    def black_uses(self, option: Option, moves_made: int) -> float:
        """How dear the option's black tickets are for what they buy (in shares of ``MisterXWeights.black``): little on
        a ferry (the one way across) or on the move after a reveal (the line he left by stays hidden); much on the first
        two moves (nothing to hide yet), or when it leaves him fewer than one for each reveal to come."""
        w = self.weights
        legs = [(option.start, option.first, moves_made + 1)]
        if option.second is not None:
            legs.append((option.first[0], option.second, moves_made + 2))
        dear = 0.0
        for origin, (station, ticket), number in legs:
            if ticket != Ticket.BLACK:
                continue
            if number - 1 in self.ruleset.reveal_moves or by_ferry_only(self.board, origin, station):
                dear += w.black_well_spent
            elif number <= 2:
                dear += w.black_early
            else:  # dearer still if it leaves fewer than one for each reveal to come
                to_come = sum(reveal > number for reveal in self.ruleset.reveal_moves)
                dear += w.black_reserve if option.own[Ticket.BLACK] < to_come else 1.0
        return dear


def by_ferry_only(board: Board, origin: Station, station: Station) -> bool:
    """Whether only a ferry goes from *origin* to *station* (a black ticket is the one way across)."""
    return bool(board.neighbours(origin, Transport.FERRY) >> station & 1) and not any(
        board.neighbours(origin, line) >> station & 1 for line in Transport if line is not Transport.FERRY)


def greedy_reply(
    scorer: MisterXScorer, x: Station, possible: StationSet, tickets: list[list[int]], bobby: list[bool]
) -> tuple[list[Station], list[list[int]], StationSet] | None:
    """The detectives' likely reply: the piece nearest to a possible station steps towards it first,
    then the next (the greedy detectives' rule). ``None`` if a piece lands on *x*; else the pieces'
    stations, tickets and the possible set after the round."""
    t = scorer.t
    board = scorer.board
    lines = scorer.lines
    stations = list(scorer.stations)
    tickets = [tk.copy() for tk in tickets]
    occupied = scorer.occupied
    unmoved = list(range(len(stations)))
    layers = distance_layers(board, lines, possible) if possible else [0]
    while unmoved:
        best: tuple[int, int, int, Station, int] | None = None
        for i in unmoved:
            here = stations[i]
            mask = ticket_mask(tickets[i], bobby[i])
            options = t.detectives.reach[here << 3 | mask] & ~occupied
            for dest in bits(options):
                key = (layer_of(layers, dest), i, dest)
                if best is None or key < best[:3]:
                    best = (key[0], i, dest, here, mask)
        if best is None:
            break
        _, i, dest, here, mask = best
        unmoved.remove(i)
        if dest == x:
            return None
        if not bobby[i]:  # the ticket he holds most of; where it goes is left out of this reply
            line = max(t.detectives.tickets(here, dest, mask), key=lambda ln: tickets[i][ln])
            tickets[i][line] -= 1
        stations[i] = dest
        occupied ^= (1 << here) | (1 << dest)
        if possible >> dest & 1:
            possible &= ~(1 << dest)
            layers = distance_layers(board, lines, possible) if possible else [0]
    return stations, tickets, possible


Reply = tuple[list[Station], list[list[int]], StationSet]
"""The pieces' stations and tickets after the detectives' round, and the possible set."""


def planned_reply(scorer: MisterXScorer, public: PublicView, option: Option, tickets: list[list[int]] | None = None) -> Reply | None:
    """The detectives' reply as the computer detectives plan it (one order, no search) to the pieces standing on the
    *scorer*'s stations holding *tickets* (default: as in *public*): ``None`` if a piece lands on Mister X."""
    pieces = public.pieces if tickets is None else tuple(
        replace(p, station=s, tickets=Tickets(*tk[:3])) for p, s, tk in zip(public.pieces, scorer.stations, tickets))
    view = replace(
        public,
        turn=Side.DETECTIVES,
        pieces=pieces,
        moved=frozenset(),
        possible=option.possible,
        mister_x_tickets=Tickets(*option.own),
        supply=Tickets(*option.supply) if option.supply is not None else None,
    )
    problem = RoundPlan(scorer.t, scorer.board, view, [p.name for p in public.pieces])
    plan = problem.build(problem.orders()[0])
    stations = list(problem.stations)
    after = [tk[:3] for tk in problem.tickets]
    possible = option.possible
    for i, dest, ticket in plan.moves:
        if dest == option.station:
            return None
        stations[i] = dest
        possible &= ~(1 << dest)
        if not problem.bobby[i]:
            after[i][ticket] -= 1
    return stations, after, possible


def lookahead(
    scorer: MisterXScorer,
    option: Option,
    moves_made: int,
    round_number: int,
    tickets: list[list[int]],
    bobby: list[bool],
    depth: int = 1,
    breadth: int = 6,
    reply: Reply | bool | None = False,
    planner: PublicView | None = None,
    stop: Stop = never,
) -> float:
    """Mister X's best value over his next *depth* turns after the detectives' likely replies to
    *option* (each turn: the cheap value; deeper turns look at the *breadth* best options).
    The reply is the greedy detectives' unless one is given (``None``: he is caught), or, with a *planner* (the
    public view he moves in), the computer detectives' ``planned_reply`` on every turn. *stop* is asked before each
    deeper option: once it says so, the value is of the options looked at so far (minus infinity before any), and the
    caller, who asked it too, knows to set it aside."""
    if reply is False:
        reply = (greedy_reply(scorer, option.station, option.possible, tickets, bobby) if planner is None
                 else planned_reply(scorer, planner, option, tickets))
    if reply is None or reply is True:
        return -scorer.weights.caught * depth
    stations, after, possible = reply
    masks = [ticket_mask(tk, b) for tk, b in zip(after, bobby)]
    next_scorer = MisterXScorer(scorer.t, scorer.board, scorer.ruleset, stations, masks, scorer.weights)
    made = moves_made + (2 if option.second else 1)
    if scorer.ruleset.is_last_round(round_number, made):
        return scorer.weights.caught * depth  # he survived the last round
    options = next_scorer.options(option.station, possible, list(option.own), list(option.supply) if option.supply else None, made, False)
    if not options:
        return -scorer.weights.caught * depth
    values = [next_scorer.value(o, made, o.first[1] == 3, 0) for o in options]
    if depth == 1:
        return max(values)
    ranked = sorted(range(len(options)), key=lambda k: -values[k])[:breadth]
    best = -math.inf
    for k in ranked:
        if stop():
            break
        best = max(best, values[k] + lookahead(next_scorer, options[k], made, round_number + 1, after, bobby, depth - 1, breadth,
                                               planner=planner, stop=stop))
    return best


def spent(option: Option) -> tuple[int, int]:
    """Black tickets and double-move tickets an option spends."""
    black = (option.first[1] == 3) + (option.second is not None and option.second[1] == 3)
    return black, option.second is not None
