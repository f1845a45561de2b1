"""Every message a game's flow can say fits its screen: no word of it is cut off.

The messages are not a sample: real flows (the three editions and Junior, Mister X
and the rogues on the handheld or the computer, the detectives pressed by people or
planned by the computer) are played by a restless table that presses every kind of
station, legal or not, takes moves back, corrects the board, unplugs the handheld
and sticks a button; every distinct message is kept with the screen it was on.

Each one is then drawn twice at each size (``sizes``) in each language: on its own
screen as it was (nothing on that screen may be cut, nor drawn under the smallest
letters), and in the message bar with its worst values in every
slot, which must fit too. A message is a ``Text`` that keeps its slots' values, so
the worst case fills them by kind, in the language drawn (Korean's particles
follow the word put in): each number the widest three-digit station, each
detective the widest name of its game, each ticket the widest ticket's words. The toolkit cuts a text that does not
fit with '…' and says so (``Toolkit.cut``).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import pygame
import pytest

from console.games.classic.flow import Flow
from console.games.classic.model import Mode
from console.games.classic.screen import TICKET_NAMES as PANEL_TICKETS
from console.games.classic.seats import ComputerDetectives, ComputerSeat, HandheldSeat
from console.games.junior.flow import JuniorFlow
from console.games.junior.model import JuniorMode
from console.games.junior.seats import ComputerDetectiveTeam, ComputerRogues, HandheldRogues
from console.games.junior.words import line_words as junior_line_words
from console.games.junior.words import listed, piece_name
from console.games.table import TableFlow, refusal
from console.games.thinker import Thinker
from console.games.words import display_name, line_words, outcome_words, sentences, ticket_words
from console.settings import Level
from console.table.lights import STANDARD
from console.table.screen.toolkit import Toolkit
from engine import EDITIONS, Game, Outcome, Side, Ticket, Transport
from engine.junior import NAMES, JuniorGame
from engine.outcome import Reason
from engine.position import DETECTIVE_COLOURS
from firmware import messages
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.interfaces import Key, Message
from language import Joined, Text, Words, _, current, use
from tests.support.junior import HandheldRogues as RogueHands
from tests.support.players import choices_of


def sizes() -> tuple[tuple[int, int], ...]:
    """The sizes the console draws its screen at: the 7-inch Touch Display's 800x480 and a 7-inch 1024x600 panel (the
    simulator draws the console's 800x480 and shows it scaled in its panel)."""
    return ((800, 480), (1024, 600))


# ---------------------------------------------------------------- the restless table


@dataclass
class Said:
    """A message, and the screen it was said on."""

    message: str
    words: Words
    scene: Any
    now: float


class MisterXHand:
    """Mister X on the handheld: mostly the first listed move, often a double move, now and then a move he cannot make."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.refusals: list[str] = []

    def __call__(self, message: Message) -> list[Message]:
        request = messages.check(dict(message))
        if request["type"] == "refused":
            self.refusals.append(request["reason"])
        if request["type"] != "ask":
            return []
        roll = self.rng.random()
        moves = choices_of(request)
        if roll < 0.1:
            return [messages.answer("T1" if "T1" not in moves else "B199")]  # not listed: refused
        return [messages.answer(self.rng.choice(moves), "option" in request and roll < 0.5)]


def detectives_stuck(game: Game) -> None:
    """Two pieces are said to sit out every round (rare in play): the flow's longest sentences get said."""
    real = game.sitting_out

    def sitting_out() -> tuple[str, ...]:
        return tuple(game.detectives[-2:]) if game.turn is Side.DETECTIVES and not game.is_over else real()

    game.sitting_out = sitting_out  # type: ignore[method-assign]


def play(flow: TableFlow[Any, Any, Any], link: MemoryHandheldLink | None, seed: int, limit: int = 4000) -> Iterator[Said]:
    """Events into *flow* until its game is over (or *limit*); each message the moment it is first said."""
    rng = random.Random(seed)
    now = 0.0
    said: set[str] = set()

    def look() -> Iterator[Said]:
        message = str(flow.ui.message)
        if message and message not in said:
            said.add(message)
            yield Said(message, flow.ui.message, flow.scene(), now)

    for _turn in range(limit):
        if flow.over:
            yield from look()
            return
        now += 0.4
        ui, roll = flow.ui, rng.random()
        stations = list(getattr(ui, "destinations", ()) or ())
        if ui.to_place and roll < 0.8:
            flow.station_pressed(ui.to_place[0][1] if roll < 0.7 else rng.randrange(1, 200), now)
        elif roll < 0.12:
            flow.station_pressed(rng.randrange(1, 200), now)  # anywhere: mostly refused
        elif roll < 0.16:
            flow.key_pressed(rng.choice((Key.UNDO, Key.CHOICE_1, Key.CHOICE_2, Key.CHOICE_3, Key.CHOICE_4, Key.CONFIRM)), now)
        elif roll < 0.17:
            flow.button_stuck(rng.randrange(1, 200), now)
        elif roll < 0.19 and link is not None:
            link.unplug()
            flow.handheld_connected(False, now)
            yield from look()
            flow.station_pressed(rng.randrange(1, 200), now)  # refused while it waits
            yield from look()
            link.plug()
            flow.handheld_connected(True, now)
        elif roll < 0.21 and isinstance(flow, Flow) and flow.can_correct:
            flow.begin_correction(now)
            for _ in range(rng.randrange(1, 6)):
                yield from look()
                if rng.random() < 0.5:
                    flow.station_pressed(rng.choice([p.station for p in flow.view().pieces] + [rng.randrange(1, 200)]), now)
                else:
                    flow.key_pressed(rng.choice((Key.CHOICE_1, Key.CHOICE_2, Key.CHOICE_3, Key.CHOICE_4)), now)
            yield from look()
            flow.key_pressed(rng.choice((Key.CONFIRM, Key.UNDO)), now)
        elif stations and roll < 0.8:
            flow.station_pressed(rng.choice(stations), now)
        elif isinstance(flow, Flow) and flow.ui.mode is Mode.CHOOSE_TICKET:
            flow.key_pressed(Key.CHOICE_1, now)
        elif isinstance(flow, Flow) and flow.ui.mode is Mode.DETECTIVES:
            game = flow.game
            pieces = game.to_move() if roll < 0.95 and game.to_move() else game.detectives  # now and then one that has moved
            flow.station_pressed(game.station_of(rng.choice(pieces)), now)
        elif isinstance(flow, JuniorFlow) and flow.ui.mode is JuniorMode.REVEAL:
            flow.key_pressed(Key.CONFIRM, now)
        yield from look()
        for message in link.receive() if link is not None else ():
            flow.handheld_message(message, now)
            yield from look()
        flow.tick(now)
        yield from look()
    raise AssertionError(f"the game did not end: {flow.ui.mode} {flow.ui.message!r}")


def classic_games() -> Iterator[Said]:
    for edition, players in (("reissue", 3), ("reissue", 6), ("classic", 5), ("beginner", 4)):
        for handheld in (False, True):
            for computer in (False, True):
                seed = len(edition) * 100 + players * 10 + 2 * handheld + computer
                game = Game.new(edition, players=players, seed=seed)
                if seed % 2:
                    detectives_stuck(game)
                hand = MisterXHand(seed)
                link = MemoryHandheldLink(hand) if handheld else None
                seat = HandheldSeat(link) if link is not None else ComputerSeat(Level.EASY, Thinker(inline=True))
                detectives = ComputerDetectives(Level.EASY, Thinker(inline=True)) if computer else None
                yield from play(Flow(game, seat, 0.0, detectives=detectives), link, seed)


def junior_games() -> Iterator[Said]:
    for rogues, handheld, computer, deal in itertools.product((1, 2), (False, True), (False, True), range(3)):
        seed = rogues * 100 + deal * 10 + 2 * handheld + computer
        game = JuniorGame.new(rogues=rogues, seed=seed)
        link = MemoryHandheldLink(RogueHands(seed)) if handheld else None
        seat = HandheldRogues(link) if link is not None else ComputerRogues(Level.EASY, seed)
        detectives = ComputerDetectiveTeam(Level.EASY, seed) if computer else None
        yield from play(JuniorFlow(game, seat, 0.0, detectives=detectives), link, seed)


@cache
def everything_said() -> tuple[Said, ...]:
    """Every message of the restless tables, its text in English (whichever language a test had chosen before)."""
    shown = current()
    use("en")
    try:
        return (*classic_games(), *junior_games())
    finally:
        use(shown)


def sentence(words: Any) -> object:
    """The kind of sentence *words* say: its messages and how they nest, without the values in them."""
    if isinstance(words, Joined):
        return ("joined", sentence(words.separator), tuple(sentence(part) for part in words.parts))
    if isinstance(words, Text):
        return (words.message, words.context, tuple((name, sentence(value)) for name, value in words.args))
    return type(words).__name__


@cache
def each_sentence_once() -> tuple[Said, ...]:
    """``everything_said``, each kind of sentence once on each kind of screen in each of its modes: its longest saying.

    How wide its values may be is the message bar test's (``worst_case``); this one checks each screen's own room.
    """
    longest: dict[tuple[object, str, object], Said] = {}
    for said in everything_said():
        key = (sentence(said.words), type(said.scene.ui).__name__, said.scene.ui.mode)
        if key not in longest or len(said.message) > len(longest[key].message):
            longest[key] = said
    return tuple(longest.values())


class OtherGameLink(MemoryHandheldLink):
    """A handheld of another game is plugged in."""

    @property
    def other_game(self) -> bool:
        return True


class OtherVersionLink(MemoryHandheldLink):
    """A handheld of another version of the protocol is plugged in (flashed before this one)."""

    @property
    def other_version(self) -> int:
        return 1


def rarely_said() -> list[Words]:
    """What the table above seldom or never brings about, from the same code: every ending, a handheld of another game or
    of another version of the protocol."""
    endings = [sentences(outcome_words(Outcome(reason, 22, by="bobby2"), ruleset), "Press any key to finish")
               for reason in Reason for ruleset in EDITIONS.values()]
    away = [seat(link).away_reason() for seat in (HandheldSeat, HandheldRogues) for link in (OtherGameLink(), OtherVersionLink())]
    return [*endings, *away, *map(refusal, away)]


# ---------------------------------------------------------------- worst values in every slot


CLASSIC_NAMES = [display_name(piece) for piece in (*DETECTIVE_COLOURS, "bobby1", "bobby2")]
"""A detective's or a bobby's slot (Mister X's holds him alone)."""
JUNIOR_NAMES = [piece_name(piece) for piece in NAMES]
TICKET_PHRASES = [ticket_words(ticket) for ticket in Ticket if ticket is not Ticket.DOUBLE]
LINE_WORDS = [words(transport) for transport in Transport for words in (line_words, junior_line_words)]
TICKET_NAMES = [name for ticket, name in PANEL_TICKETS.items() if ticket is not Ticket.DOUBLE]
KINDS = (CLASSIC_NAMES, JUNIOR_NAMES, TICKET_PHRASES, LINE_WORDS, TICKET_NAMES)
"""The values a message's slot may hold, by kind: a slot holding one of them may hold the widest of its kind."""
KEEP = {"key", "n"}
"""Numbers that are not stations: a key's number ("1: taxi") and a count that chooses the plural."""


def widest(font: pygame.font.Font, words: list[Words], language: str) -> Words:
    return max(words, key=lambda word: font.size(word.to(language) if isinstance(word, Text) else word)[0])


def worst_case(words: Words, font: pygame.font.Font, language: str) -> str:
    """*words* in *language* with the widest value in each slot: every number the widest station (but a key's number
    and a plural's count), every piece the widest name of its game, every ticket the widest ticket's words."""
    return widened(words, font, language).to(language) if isinstance(words, Text) else words


def widened(held: Any, font: pygame.font.Font, language: str, slot: str = "") -> Any:
    """The widest value the *slot* holding *held* may hold; a text with each of its slots widened."""
    if isinstance(held, int) and not isinstance(held, bool) and slot not in KEEP:
        return widest(font, [str(number) for number in range(100, 200)], language)
    kind = next((kind for kind in KINDS if held in kind), None)
    if kind is not None:
        return widest(font, list(kind), language)
    if isinstance(held, Joined):
        return dataclasses.replace(held, parts=tuple(widened(part, font, language) for part in held.parts))
    if isinstance(held, Text):
        return dataclasses.replace(held, args=tuple((name, widened(value, font, language, name)) for name, value in held.args))
    return held


def test_the_worst_case_puts_the_widest_values_in_every_slot() -> None:
    pygame.font.init()
    font = Toolkit((800, 480)).font(24)
    moved = sentences(_("{piece} took {ticket} to {station}: move the piece", piece=display_name("red"),
                        ticket=ticket_words(Ticket.TAXI), station=45), _("{key}: {ticket}", key=1, ticket=PANEL_TICKETS[Ticket.TAXI]))
    wide = worst_case(moved, font, "en")
    assert "Red" not in wide and "a taxi" not in wide and " 45" not in wide and "1: " in wide and ": taxi" not in wide
    rogues = _("Round {round}: {rogues} choose in secret", round=3, rogues=listed(["fox", "roxy"]))
    assert sum(worst_case(rogues, font, "en").count(name) for name in ("Willy Watson", "Milly Marble")) == 2
    assert worst_case(rogues, font, "ko") != str(rogues) and "라운드" in worst_case(rogues, font, "ko")


# ---------------------------------------------------------------- the checks


def test_the_table_says_every_kind_of_message() -> None:
    """The restless table reaches the flows' every kind of sentence (else the fitting tests below prove little)."""
    said = " | ".join(s.message for s in everything_said())
    for words in ("Place each piece", "Mister X took", "; seen at", ", then ", "cannot move this round", "Detectives: press a piece",
                  "The computer detectives are thinking", "move it there and press", ": move the piece", "press where to go",
                  "Which ticket to", "No: ", "Took back", "Nothing to take back", "Correction cancelled", "Board corrected",
                  "Nothing was changed", "CONFIRM: apply the correction", "is unplugged: plug it back in", "is stuck",
                  "Press any key to finish", "choose in secret", "Put each lit pawn", "goes to", "wait for them"):
        assert words in said, f"no message said {words!r}"
    assert len(everything_said()) > 300


LANGUAGES = ("en", "ko")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", sizes(), ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_message_fits_on_the_screen_it_is_said_on(size: tuple[int, int], language: str) -> None:
    use(language)
    kit = Toolkit(size)
    surface = pygame.Surface(size)
    cut: dict[str, list[str]] = {}
    for said in each_sentence_once():
        said.scene.draw(kit, surface, said.now, STANDARD)
        message = str(said.words)
        assert message[:1].upper() + message[1:] in kit.texts or message in " ".join(kit.texts)
        assert kit.smallest >= kit.min_px, message  # no word on the screen under the smallest letters a player reads
        if kit.cut:
            cut[message] = kit.cut
    assert not cut, f"{len(cut)} screens cut a text, e.g. {next(iter(cut.items()))}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", sizes(), ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_message_fits_the_message_bar_with_its_widest_values(size: tuple[int, int], language: str) -> None:
    kit = Toolkit(size)
    surface = pygame.Surface(size)
    use(language)  # the toolkit's face for this language
    font = kit.font(kit.min_px)
    cut = []
    for message in sorted({worst_case(words, font, language) for words in [*(s.words for s in everything_said()), *rarely_said()]}):
        kit.begin(surface)
        kit.message_bar(surface, message, alert=False)
        if kit.cut or kit.smallest < kit.min_px:
            cut.append(message)
    assert not cut, f"{len(cut)} messages do not fit at {size} in {language}:\n" + "\n".join(cut[:20])


def test_a_message_too_long_for_two_lines_is_cut_and_the_toolkit_says_so() -> None:
    """The check above would see a cut: the toolkit marks it."""
    kit = Toolkit((800, 480))
    surface = pygame.Surface((800, 480))
    kit.begin(surface)
    kit.message_bar(surface, "Red took the taxi to 39: move the piece. " * 4, alert=False)
    assert kit.cut == ["Red took the taxi to 39: move the piece. " * 4]
    kit.begin(surface)
    kit.message_bar(surface, "Red took the taxi to 39: move the piece. Detectives: press a piece to move it", alert=False)
    assert kit.cut == []


def test_handheld_refusals_fit_the_handheld_screen() -> None:
    """What the console refuses of Mister X's handheld (a move not listed, a double move with no second leg) reaches it in
    plain words (no rule numbers) that fit its lines."""
    from firmware import screens

    reasons = []
    for seed in range(6):
        hand = MisterXHand(seed)
        link = MemoryHandheldLink(hand)
        game = Game.new("reissue", players=3, seed=seed)
        flow = Flow(game, HandheldSeat(link), 0.0)
        list(play(flow, link, seed))
        reasons += hand.refusals
    assert reasons
    for reason in reasons:
        assert not re.search(r"\brule \w+:", reason), reason
        assert len(screens.wrap(reason)) <= screens.ROWS - 2, reason




ENGINE_IDS = re.compile(r"\b(?:bobby\d+|Bobby\d|mister_x|red|blue|green|yellow|purple|orange|fox|roxy|watson|marble)\b")
"""The engine's piece ids (and a bobby's name run together): players never read them."""


def test_players_read_one_name_per_piece_and_no_rule_numbers() -> None:
    """In every message and on every screen a piece has one name ("Bobby 1"), and no refusal names a rule."""
    kit = Toolkit((800, 480))
    surface = pygame.Surface((800, 480))
    for said in everything_said():
        assert not ENGINE_IDS.search(said.message), said.message
        assert not re.search(r"\brule \w+:", said.message), said.message
        said.scene.draw(kit, surface, said.now, STANDARD)
        assert not [text for text in kit.texts if ENGINE_IDS.search(text)], said.message
    assert any("Bobby 1" in said.message for said in everything_said())
