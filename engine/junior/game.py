"""Scotland Yard Junior's rules: rounds of secret choices, open chases, reveals and tokens.

The rules in short, as this engine plays them; ``docs/RULES.md`` ("Scotland Yard
Junior") has them in full, with every decision and the tests of each rule. A
refusal names its rule as ``J1``..``J7`` and changes nothing.

- **J1 Pieces.** Mister FOX, and with 4 players his accomplice ROXy (the
  rogues), against Willy Watson and Milly Marble (the detectives, one team).
  Each rogue starts on a different X space of the district, the detectives on
  their two starting stations.
- **J2 The round.** First each rogue secretly chooses his step; then each
  detective steps once, openly, in any order; when both have, the rogues'
  steps are revealed and carried out. Until then a detective's step may be
  taken back; a rogue's choice is final.
- **J3 A step.** Along one line of the piece's station, of any of the four
  transports (taxi, bus, metro = underground, boat = ferry), to the line's
  other end inside the district; or staying put. Every piece holds one ticket
  of each transport and takes them all back each round, so every line is open
  to it every round.
- **J4 Occupied stations.** Any piece may step onto a station where other
  pieces stand.
- **J5 Capture.** A rogue whose revealed station holds a detective (one or
  both) is captured; otherwise he escaped.
- **J6 Tokens.** One token a round. With one rogue: the detectives' for a
  capture, Mister FOX's for an escape. With two: the detectives' if either
  rogue was captured, the rogues' only if both escaped.
- **J7 The end.** The game stops at once when the detectives hold 3 tokens
  (they win) or the rogues hold 9 (they win). Otherwise the next round starts
  from where every piece stands, captured rogues included.

>>> game = JuniorGame.new(rogues=1, seed=3)
>>> game.stations["fox"], game.stations["watson"], game.stations["marble"]
(103, 82, 115)
>>> game.choose(Step("fox", 85, Transport.TAXI))
>>> game.move(Step("watson", 82))  # staying put
>>> result = game.move(Step("marble", 102, Transport.TAXI))
>>> result.captured, game.tokens
((), Tokens(detectives=0, rogues=1))
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import ClassVar, NamedTuple

from engine.board import Station, Transport, iter_stations
from engine.boardgame import LegalMoves
from engine.errors import IllegalMoveError, IllegalPositionError
from engine.junior.district import District, districts, find_district
from engine.moves import Misreading, NotationError, check_exists, split_leg
from engine.outcome import Side
from engine.refusals import Piece, Refusal

__all__ = [
    "DETECTIVES", "DETECTIVE_GOAL", "NAMES", "ROGUES", "ROGUE_GOAL", "JuniorGame", "JuniorStart", "JuniorView", "Phase", "RoundResult",
    "Step", "Team", "Tokens", "steps_from",
]

ROGUES = ("fox", "roxy")
"""Mister FOX, and ROXy in a 4-player game."""
DETECTIVES = ("watson", "marble")
"""Willy Watson and Milly Marble."""
NAMES = {"fox": "Mister FOX", "roxy": "ROXy", "watson": "Willy Watson", "marble": "Milly Marble"}
DETECTIVE_GOAL = 3
"""The detectives' board is full at 3 tokens (J7)."""
ROGUE_GOAL = 9
"""The rogues' board is full at 9 tokens (J7)."""


class Team(Enum):
    ROGUES = "rogues"
    DETECTIVES = "detectives"

    def __str__(self) -> str:
        return "the rogues" if self is Team.ROGUES else "the detectives"


class Phase(Enum):
    """What the round waits for."""

    ROGUES = "rogues"
    """Rogues still to choose (in secret)."""
    DETECTIVES = "detectives"
    """Detectives still to step."""
    OVER = "over"


@dataclass(frozen=True)
class Step:
    """One piece's step of a round: along a line of *transport* to *station*, or (no transport) staying at *station*."""

    piece: str
    station: Station
    transport: Transport | None = None

    @property
    def stays(self) -> bool:
        return self.transport is None

    def __str__(self) -> str:
        """The step in the move notation of ``engine.moves``: the piece and its leg (``fox F157``, ``watson S82``).

        >>> step = Step("fox", 157, Transport.FERRY)
        >>> str(step), parse_step(str(step)) == step, parse_step("watson s82").stays
        ('fox F157', True, True)
        """
        return f"{self.piece} {self.leg}"

    notation = property(__str__)

    def describe(self) -> str:
        """The step in English words, for logs and programs (``Mister FOX takes the boat to 157``)."""
        name = NAMES.get(self.piece, self.piece)
        if self.transport is None:
            return f"{name} stays at {self.station}"
        return f"{name} takes the {TRANSPORT_WORDS[self.transport]} to {self.station}"

    @property
    def leg(self) -> str:
        """The step without its piece, in the move notation: a line's letter and the station (``F157``: the boat to
        157), or ``S`` and the piece's own station for staying (``S82``)."""
        return f"{STEP_LETTERS[self.transport]}{self.station}"


TRANSPORT_WORDS = {Transport.TAXI: "taxi", Transport.BUS: "bus", Transport.UNDERGROUND: "metro", Transport.FERRY: "boat"}
"""Junior's names for the four transports."""
STEP_LETTERS: dict[Transport | None, str] = {Transport.TAXI: "T", Transport.BUS: "B", Transport.UNDERGROUND: "U", Transport.FERRY: "F",
                                             None: "S"}
"""A step's letter in the notation: its line's (``F`` the boat), or ``S`` for staying."""
_STEP_TRANSPORTS = {letter: transport for transport, letter in STEP_LETTERS.items()}


def parse_leg(piece: str, text: str) -> Step:
    """*piece*'s step written as a leg (``"F157"``, ``"S82"``); ``NotationError`` for anything else."""
    letter, station = split_leg(text, "TBUFS")
    return Step(piece, station, _STEP_TRANSPORTS[letter])


def parse_step(text: str) -> Step:
    """A step in the notation (``"fox F157"``); ``NotationError`` for anything else.

    The notation alone is read: ``JuniorGame.parse_move`` also refuses a piece or a station the game does not have,
    and the rules are not asked."""
    if not isinstance(text, str):
        raise NotationError(Misreading.NOT_TEXT, text, text)
    words = text.split()
    if len(words) != 2:
        raise NotationError(Misreading.NO_MOVE_SHAPE, text, text, shapes="a piece's name and a leg, as in 'fox T46' (S: it stays)")
    try:
        return parse_leg(words[0].lower(), words[1])
    except NotationError as error:
        raise error.within(text) from None


_SIDES = {Team.ROGUES: Side.MISTER_X, Team.DETECTIVES: Side.DETECTIVES}
"""Each team as the side it plays: the rogues are the hidden side."""


class Tokens(NamedTuple):
    detectives: int = 0
    rogues: int = 0


@dataclass(frozen=True)
class RoundResult:
    """A finished round, all of it public: every piece's step, who was captured, whose token it was."""

    round: int
    steps: tuple[Step, ...]
    captured: tuple[str, ...]
    token: Team


@dataclass(frozen=True)
class JuniorStart:
    """A game's start: its district, and where each piece stands (rogues first)."""

    district: str
    stations: Mapping[str, Station]

    @property
    def rogues(self) -> tuple[str, ...]:
        return tuple(piece for piece in ROGUES if piece in self.stations)


@dataclass(frozen=True)
class JuniorView:
    """What everyone at the table may see: never a rogue's choice before its reveal.

    This is all the lights, the screen and the computer detectives get.
    """

    district: District
    round: int
    phase: Phase
    stations: tuple[tuple[str, Station], ...]
    """Each piece and its station (a rogue's as at the last reveal), rogues first."""
    chosen: tuple[str, ...]
    """The rogues who have chosen this round (their closed fists), not what they chose."""
    moved: tuple[Step, ...]
    """The detectives' steps of this round so far."""
    tokens: Tokens
    results: tuple[RoundResult, ...]
    outcome: Team | None

    @property
    def rogues(self) -> tuple[str, ...]:
        return tuple(piece for piece, _ in self.stations if piece in ROGUES)

    def station(self, piece: str) -> Station:
        return dict(self.stations)[piece]


@dataclass
class _Round:
    """The round being played: the rogues' secret choices and the detectives' open steps so far."""

    began: dict[str, Station]
    """Where every piece stood when the round began (an undone step goes back there)."""
    chosen: dict[str, Step] = field(default_factory=dict)
    moved: list[Step] = field(default_factory=list)


class JuniorGame:
    """A game of Scotland Yard Junior, from its start to a full token board.

    Pure and deterministic: ``JuniorGame(start)`` replays the same way every time.
    """

    def __init__(self, start: JuniorStart, district: District | None = None) -> None:
        """*district*: the district called ``start.district``, when it is not one of the shipped ones (one being tried out)."""
        self.district: District = district if district is not None and district.name == start.district else _district(start.district)
        rogues = start.rogues
        if not rogues or rogues != ROGUES[: len(rogues)] or set(start.stations) != {*rogues, *DETECTIVES}:
            raise IllegalPositionError(Refusal.JUNIOR_PIECES, rule="J1")
        for piece, station in start.stations.items():
            if station not in self.district.board:
                raise IllegalPositionError(Refusal.STARTS_OUTSIDE, rule="J1", piece=named(piece), station=station, district=self.district)
        self.rogues: tuple[str, ...] = rogues
        self._stations = {piece: start.stations[piece] for piece in (*rogues, *DETECTIVES)}
        self.start = JuniorStart(self.district.name, MappingProxyType(dict(self._stations)))
        self.round = 1
        self.tokens = Tokens()
        self.results: list[RoundResult] = []
        self._actions: list[Step] = []
        self._before: list[tuple[dict[str, Station], int, Tokens, int, _Round]] = []
        """For each step played, the game before it (``pop``): stations, round, tokens, results kept, the round's choices."""
        self._round = _Round(dict(self._stations))

    @classmethod
    def new(cls, district: str | District = "", *, rogues: int = 1, seed: int = 0) -> JuniorGame:
        """A new game: the rogues on X spaces drawn with *seed*, the detectives on their starts.

        *rogues*: 1 (2 or 3 players) or 2 (4 players: ROXy joins Mister FOX).
        """
        place = district if isinstance(district, District) else _district(district)
        if rogues not in (1, 2):
            raise IllegalPositionError(Refusal.ROGUE_COUNT, rule="J1", count=rogues)
        starts = random.Random(seed).sample(place.rogue_starts, rogues)
        stations = dict(zip(ROGUES, starts)) | dict(zip(DETECTIVES, place.detective_starts))
        return cls(JuniorStart(place.name, stations), place)

    # ------------------------------------------------------------ what may be played

    @property
    def phase(self) -> Phase:
        if self.outcome is not None:
            return Phase.OVER
        return Phase.ROGUES if len(self._round.chosen) < len(self.rogues) else Phase.DETECTIVES

    @property
    def stations(self) -> Mapping[str, Station]:
        """Where each piece stands now, as everyone sees it (a rogue's choice is not carried out before the reveal)."""
        return MappingProxyType(self._stations)

    @property
    def pieces(self) -> tuple[str, ...]:
        return (*self.rogues, *DETECTIVES)

    def to_choose(self) -> tuple[str, ...]:
        """The rogues still to choose this round (none once the detectives' part has begun)."""
        return tuple(rogue for rogue in self.rogues if rogue not in self._round.chosen) if self.outcome is None else ()

    def to_move(self) -> tuple[str, ...]:
        """The detectives still to step this round, once the rogues have chosen."""
        if self.phase is not Phase.DETECTIVES:
            return ()
        moved = {step.piece for step in self._round.moved}
        return tuple(detective for detective in DETECTIVES if detective not in moved)

    def steps_of(self, piece: str) -> list[Step]:
        """Every step *piece* may take this round (J3): staying, then each line in transport order."""
        return steps_from(self.district, piece, self._stations[piece])

    def moved(self) -> tuple[Step, ...]:
        """The detectives' steps of this round so far (public)."""
        return tuple(self._round.moved)

    def public_view(self) -> JuniorView:
        return JuniorView(self.district, self.round, self.phase, tuple(self._stations.items()),
                          tuple(rogue for rogue in self.rogues if rogue in self._round.chosen), tuple(self._round.moved),
                          self.tokens, tuple(self.results), self.outcome)

    def choice_of(self, rogue: str) -> Step | None:
        """*rogue*'s secret choice this round: for his own seat only, never for a public display."""
        return self._round.chosen.get(rogue)

    # ------------------------------------------------------------ playing, as the table says it

    def choose(self, step: Step) -> None:
        """A rogue's secret choice for this round (J2, J3)."""
        self._check_choice(step)
        self._play(step)

    def move(self, step: Step) -> RoundResult | None:
        """A detective's open step (J2, J3); the one that ends the round reveals the rogues and returns the round's result."""
        self._check_detective(step)
        rounds = len(self.results)
        self._play(step)
        return self.results[-1] if len(self.results) > rounds else None

    def undo(self) -> Step:
        """Take back the last detective step of this round (J2; the table's rule: ``pop`` takes back any action)."""
        if not self._round.moved:
            raise IllegalMoveError(Refusal.NO_STEP_TO_TAKE_BACK, rule="J2")
        return self.pop()

    # ------------------------------------------------------------ the protocol of every game of the engine (engine.boardgame)

    @property
    def turn(self) -> Side:
        """The rogues' (the hidden side: ``Side.MISTER_X``) while one is still to choose, else the detectives'."""
        return Side.MISTER_X if self.to_choose() else Side.DETECTIVES

    @property
    def winner(self) -> Side | None:
        """The winning side once the game is over (the rogues: ``Side.MISTER_X``)."""
        return None if self.outcome is None else _SIDES[self.outcome]

    @property
    def actions(self) -> tuple[Step, ...]:
        """Every step played since the start, in order (what a record replays)."""
        return tuple(self._actions)

    def legal_moves(self) -> LegalMoves[Step]:
        """Every step the side to move may take now, as a live view (``engine.LegalMoves``): each rogue's still to choose,
        or each detective's still to step; ``in`` asks ``is_legal``, and a view kept answers for the game as it is then.

        >>> game = JuniorGame.new(rogues=2, seed=3)
        >>> steps = game.legal_moves()
        >>> steps
        <LegalMoves (6): fox S103, fox T85, fox T102, roxy S132, roxy T114, roxy T140>
        >>> game.push(Step("fox", 103))
        >>> steps
        <LegalMoves (3): roxy S132, roxy T114, roxy T140>
        """
        return LegalMoves(self._steps_now, self.is_legal)

    def _steps_now(self) -> Iterator[Step]:
        """What ``legal_moves()`` iterates: the steps of each piece still to choose or step, piece by piece."""
        for piece in self.to_choose() or self.to_move():
            yield from self.steps_of(piece)

    def is_legal(self, step: object) -> bool:
        """Whether ``push(step)`` would play *step* (the same answer, without playing it; anything that is no step is not legal)."""
        if not isinstance(step, Step):
            return False
        try:
            self._check(step)
        except IllegalMoveError:
            return False
        return True

    def push(self, step: Step) -> None:
        """Play *step*: a rogue's choice or a detective's step (``IllegalMoveError`` and nothing changed if the rules forbid it)."""
        self._check(step)
        self._play(step)

    def pop(self) -> Step:
        """Take back the last step played, whoever played it (a rogue's choice, a reveal), leaving the game exactly as it was.

        This is the searches' make/unmake; the table's rule is ``undo``. ``IndexError`` when no step was played.

        >>> game = JuniorGame.new(rogues=1, seed=3)
        >>> for _ in range(3):
        ...     game.push(list(game.legal_moves())[1])
        >>> [str(game.pop()) for _ in range(3)], game.round, game.tokens
        (['marble T102', 'watson T65', 'fox T85'], 1, Tokens(detectives=0, rogues=0))
        """
        if not self._actions:
            raise IndexError("no step to take back: none was played since the start")
        step = self._actions.pop()
        self._stations, self.round, self.tokens, results, self._round = self._before.pop()
        del self.results[results:]
        return step

    def copy(self) -> JuniorGame:
        """An independent twin: the same start and steps."""
        twin = JuniorGame(self.start, self.district)
        for step in self._actions:
            twin._play(step)
        return twin

    def parse_move(self, text: str) -> Step:
        """A step in the notation (``str(step)``, read by ``parse_step``) of a piece of this game, to a station of its
        district: ``NotationError`` otherwise. The rules are not asked (``is_legal``).

        >>> game = JuniorGame.new(rogues=1, seed=3)
        >>> game.parse_move("roxy T46")
        Traceback (most recent call last):
        ...
        engine.moves.NotationError: 'roxy T46' is not a move: 'roxy' is none of this game's pieces (fox, watson, marble)
        """
        step = parse_step(text)
        check_exists(text, step.piece, {step.leg: step.station}, self.pieces, self.district.board)
        return step

    def __eq__(self, other: object) -> bool:
        """Whether *other* is a game in the same state: the same district, stations, round, tokens and rounds played, and
        the same choices and steps in the round being played. The steps that led there are not compared (``actions``)."""
        if not isinstance(other, JuniorGame):
            return NotImplemented
        return (self.district == other.district and self._stations == other._stations
                and self.round == other.round and self.tokens == other.tokens and self.results == other.results
                and self._round == other._round)

    __hash__: ClassVar[None]  # type: ignore[assignment]
    """A game changes with every step, so it has no hash (as ``engine.Game``)."""

    # ------------------------------------------------------------ the rules of a step

    def _check(self, step: Step) -> None:
        if step.piece in DETECTIVES:
            self._check_detective(step)
        else:
            self._check_choice(step)

    def _check_choice(self, step: Step) -> None:
        piece = step.piece
        if piece not in self.rogues:
            raise IllegalMoveError(Refusal.NOT_A_ROGUE, rule="J1", piece=named(piece))
        self._check_open()
        if piece in self._round.chosen:
            raise IllegalMoveError(Refusal.CHOICE_IS_FINAL, rule="J2", piece=named(piece))
        self._check_step(step)

    def _check_detective(self, step: Step) -> None:
        piece = step.piece
        if piece not in DETECTIVES:
            raise IllegalMoveError(Refusal.NOT_A_DETECTIVE, rule="J1", piece=named(piece))
        self._check_open()
        waiting = self.to_choose()
        if waiting:
            raise IllegalMoveError(Refusal.ROGUES_CHOOSE_FIRST, rule="J2", pieces=tuple(named(rogue) for rogue in waiting))
        if any(done.piece == piece for done in self._round.moved):
            raise IllegalMoveError(Refusal.ALREADY_STEPPED, rule="J2", piece=named(piece))
        self._check_step(step)

    def _play(self, step: Step) -> None:
        """Play a checked *step*: a rogue's choice is kept secret; the detectives' second step reveals the round."""
        this_round = self._round
        self._before.append((dict(self._stations), self.round, self.tokens, len(self.results),
                             _Round(dict(this_round.began), dict(this_round.chosen), list(this_round.moved))))
        self._actions.append(step)
        if step.piece in self.rogues:
            this_round.chosen[step.piece] = step
            return
        this_round.moved.append(step)
        self._stations[step.piece] = step.station
        if len(this_round.moved) == len(DETECTIVES):
            self._reveal()

    def _check_open(self) -> None:
        if self.outcome is not None:
            raise IllegalMoveError(Refusal.GAME_OVER, rule="J7", outcome=self.outcome)

    def _check_step(self, step: Step) -> None:
        if step not in self.steps_of(step.piece):
            piece, here = named(step.piece), self._stations[step.piece]
            if step.transport is None:
                raise IllegalMoveError(Refusal.STAYING_IS_HERE, rule="J3", piece=piece, station=here)
            if step.station not in self.district.board:
                raise IllegalMoveError(Refusal.OUTSIDE_DISTRICT, rule="J3", piece=piece, station=step.station, district=self.district)
            raise IllegalMoveError(Refusal.NO_LINE_JOINS, rule="J3", piece=piece, transport=step.transport,
                                   line=TRANSPORT_WORDS[step.transport], origin=here, station=step.station)

    def _reveal(self) -> RoundResult:
        """The rogues show their choices and step (J2); captures (J5), the token (J6), the end (J7)."""
        for step in self._round.chosen.values():
            self._stations[step.piece] = step.station
        watched = {self._stations[detective] for detective in DETECTIVES}
        captured = tuple(rogue for rogue in self.rogues if self._stations[rogue] in watched)
        token = Team.DETECTIVES if captured else Team.ROGUES
        self.tokens = Tokens(self.tokens.detectives + (token is Team.DETECTIVES), self.tokens.rogues + (token is Team.ROGUES))
        steps = tuple(self._round.chosen[rogue] for rogue in self.rogues) + tuple(
            next(s for s in self._round.moved if s.piece == detective) for detective in DETECTIVES)
        result = RoundResult(self.round, steps, captured, token)
        self.results.append(result)
        self._round = _Round(dict(self._stations))
        if self.outcome is None:
            self.round += 1
        return result

    # ------------------------------------------------------------ the end

    @property
    def outcome(self) -> Team | None:
        """The winning team once a token board is full (J7), else None."""
        if self.tokens.detectives >= DETECTIVE_GOAL:
            return Team.DETECTIVES
        if self.tokens.rogues >= ROGUE_GOAL:
            return Team.ROGUES
        return None

    @property
    def is_over(self) -> bool:
        return self.outcome is not None


def steps_from(district: District, piece: str, station: Station) -> list[Step]:
    """Every step *piece* at *station* may take in *district* (J3): staying, then each line in transport order.

    >>> [step.describe() for step in steps_from(find_district("central"), "fox", 50)]
    ['Mister FOX stays at 50', 'Mister FOX takes the taxi to 37', 'Mister FOX takes the taxi to 49']
    """
    steps = [Step(piece, station)]
    for transport in Transport:
        steps += [Step(piece, there, transport) for there in iter_stations(district.board.neighbours(station, transport))]
    return steps


def _district(name: str) -> District:
    return find_district(name) if name else next(iter(districts().values()))


def named(piece: str) -> Piece:
    """The piece called *piece*, as refusals name it ("Mister FOX"; a name no piece has, as it is)."""
    return Piece(piece, NAMES.get(piece, piece))
