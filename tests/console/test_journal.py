"""Saving and resuming: the journal survives power cuts and refuses damage.

A resumed game must equal the game that was played (both views, every action);
a damaged journal must be reported and kept, never trusted and never lost.
"""

from __future__ import annotations

import inspect
import json
import os
import random
import signal
import stat
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest
from nacl.public import PrivateKey

from console.games import CLASSIC, JUNIOR, options
from console.games.classic import journal as events
from console.games.junior import journal as junior_events
from console.games.recorder import Event
from console.records.journal import FORMAT, PAIRING, Journal, JournalError, ResumedGame, archive, game_id, load, resume
from console.settings import CONSOLE_CHOICES, GameSettings, settings_to_dict
from engine import DoubleMove, Game, MisterXMove, Move, PieceSetup, Side, record
from engine.board import Transport, stations_of
from engine.junior import ROGUES, JuniorGame, Step
from engine.junior.game import parse_step
from engine.moves import parse_move
from hardware.phone.pairing import Pairing
from tests.support.settings import settings as game_settings

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = GameSettings(edition="reissue", players=4, assist=True)
TOKEN = "5f3a9c0e2b7d4418"


def step(game: Game, rng: random.Random, journal: Journal | None) -> None:
    """One seeded random action: sometimes an undo, sometimes a double move; journaled if a journal is given.

    The kill test's child process runs this very function's source.
    """
    if game.can_undo and rng.random() < 0.15:
        game.undo()
        if journal is not None:
            journal.record(events.UNDO)
        return
    moves = game.single_moves()
    move: Move = moves[rng.randrange(len(moves))]
    if isinstance(move, MisterXMove) and game.can_double and rng.random() < 0.3:
        seconds = game.second_legs(move)
        if seconds:
            move = DoubleMove(move, seconds[rng.randrange(len(seconds))])
    game.play(move)
    if journal is not None:
        journal.record(events.moved(move))


def played(seed: int, steps: int | None = None, journal: Journal | None = None) -> tuple[Game, random.Random]:
    """The seeded game after *steps* actions (or to its end), and its random generator as it then stands."""
    game = Game.new("reissue", players=4, seed=seed)
    rng = random.Random(seed)
    if journal is not None:
        journal.started(CLASSIC, game, SETTINGS, TOKEN)
    count = 0
    while not game.is_over and (steps is None or count < steps):
        step(game, rng, journal)
        count += 1
    return game, rng


def assert_same(a: Game, b: Game) -> None:
    assert a.mister_x_view() == b.mister_x_view()
    assert a.actions == b.actions
    assert a.outcome == b.outcome


def journaled(tmp_path: Path, seed: int = 3, steps: int = 30) -> tuple[Path, Game]:
    path = tmp_path / "game.journal"
    game, _ = played(seed, steps, Journal(path))
    assert not game.is_over
    return path, game


def lines_of(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")[:-1]


def corrupt_aside(path: Path, original: bytes, match: str) -> JournalError:
    """Loading *path* fails with *match*, and the file is kept aside, byte for byte."""
    with pytest.raises(JournalError, match=match) as caught:
        load(path)
    assert not path.exists()
    assert caught.value.moved_to.read_bytes() == original
    assert caught.value.moved_to.name in str(caught.value)
    return caught.value


# ====================================================================== round trips


def test_a_resumed_game_is_the_game_with_its_settings_and_token(tmp_path: Path) -> None:
    path, game = journaled(tmp_path, steps=60)
    assert any(isinstance(m, DoubleMove) for m in game.actions), "the seed should give a double move"
    assert b'"type":"undo"' in path.read_bytes(), "the seed should give an undo"
    resumed = resume(path)
    assert isinstance(resumed, ResumedGame)
    assert_same(resumed.game, game)
    assert resumed.game.start == game.start
    assert resumed.game.public_view() == game.public_view()
    assert resumed.settings == replace(SETTINGS, data_dir=str(tmp_path))  # the folder it is in now
    assert resumed.token == TOKEN
    assert resumed.dropped == b"" and resumed.note is None


def test_a_resumed_journal_goes_on_in_the_same_file(tmp_path: Path) -> None:
    path, _ = journaled(tmp_path, seed=4, steps=10)
    resumed = resume(path)
    assert resumed is not None
    rng = random.Random(99)
    for _ in range(10):
        step(resumed.game, rng, resumed.journal)
    again = resume(path)
    assert again is not None
    assert_same(again.game, resumed.game)
    assert len(lines_of(path)) == 21


def test_undo_is_an_event_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.journal"
    journal = Journal(path)
    game = Game.new("reissue", players=4, seed=5)
    journal.started(CLASSIC, game, SETTINGS, TOKEN)
    for _ in range(3):
        move = game.single_moves()[0]
        game.play(move)
        journal.record(events.moved(move))
    taken = game.undo()
    journal.record(events.UNDO)
    resumed = load(path)
    assert_same(resumed.game, game)
    assert json.loads(lines_of(path)[-1])["event"] == {"type": "undo"}
    assert taken not in resumed.game.actions and resumed.game.can_undo


def corrected(game: Game) -> Game:
    """The game with the first detective moved to another free station and a taxi ticket fewer (a board correction)."""
    position = game.position()
    taken = {position.mister_x} | {p.station for p in position.pieces}
    possible = position.possible or 0
    station = next(s for s in range(1, 200) if s in game.board and s not in taken and not possible >> s & 1)
    first = position.pieces[0]
    fixed = PieceSetup(first.name, station, first.tickets._replace(taxi=first.tickets.taxi - 1))
    return Game(replace(position, pieces=(fixed, *position.pieces[1:])))


def test_a_correction_replaces_the_position_and_the_game_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "game.journal"
    journal = Journal(path)
    before, rng = played(6, 12, journal)
    game = corrected(before)
    journal.record(events.corrected(game.start))
    for _ in range(8):
        step(game, rng, journal)
    resumed = load(path)
    assert_same(resumed.game, game)
    assert resumed.game.start == game.start != before.position()


def test_the_line_format(tmp_path: Path) -> None:
    path, game = journaled(tmp_path, steps=5)
    lines = [json.loads(line) for line in lines_of(path)]
    assert [line["seq"] for line in lines] == list(range(1, len(lines) + 1))
    assert all(list(line) == ["seq", "hash", "event"] and len(line["hash"]) == 16 for line in lines)
    start = lines[0]["event"]
    assert start["type"] == "start" and start["format"] == FORMAT and start["version"] == 3
    assert start["position"] == record.position_to_dict(game.start)
    moves = [line["event"]["move"] for line in lines[1:] if line["event"]["type"] == "move"]
    assert moves and all(parse_move(move).notation == move for move in moves)  # each in the move notation
    # no path is remembered, nor the console's own choices, its sound and its language (a resumed game takes the console's current ones)
    kept = {key: value for key, value in settings_to_dict(SETTINGS, options()).items() if key != "data_dir" and key not in CONSOLE_CHOICES}
    assert (start["settings"], start["token"]) == (kept, TOKEN)
    assert len({line["hash"] for line in lines}) == len(lines)
    canonical = [json.dumps(line, sort_keys=False, separators=(",", ":")).encode() for line in lines]  # no spaces but in strings
    assert all(line.isascii() for line in lines_of(path)) and lines_of(path) == canonical


def test_a_phone_game_s_pairing_is_kept_as_long_paired_or_not_passed_over_by_replay_and_the_last_one_resumed(tmp_path: Path) -> None:
    path, game = journaled(tmp_path, steps=4)
    journal = load(path).journal
    code = Pairing.new()
    paired = code.pair("0123456789abcdef", bytes(PrivateKey.generate().public_key))
    for pairing in (code, paired):
        journal.append({"type": PAIRING, PAIRING: pairing.text})
    first, second = lines_of(path)[-2:]
    assert len(first) == len(second)  # the journal's size does not tell whether a phone paired
    resumed = load(path)
    assert resumed.pairing == paired.text and resumed.game.actions == game.actions
    assert load(journaled(tmp_path / "other")[0]).pairing == ""  # a game without a phone keeps none
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600  # as private as Mister X's moves


def test_the_hidden_side_s_stations_are_padded_to_three_digits() -> None:
    """Mister X's moves and a rogue's choice carry spaces that make up each station to three digits; open moves none."""
    pads = {"T5": "  ", "U46": " ", "X117": "", "T5+B46": "   ", "X117+T118": "", "red T5": None, "bobby1 B46": None}
    assert {notation: events.moved(parse_move(notation)).get("pad") for notation in pads} == pads
    steps = {"fox T85": " ", "roxy S102": "", "watson T85": None}
    assert {notation: junior_events.stepped(parse_step(notation)).get("pad") for notation in steps} == steps


def test_append_refuses_what_is_not_a_journal_event(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "game.journal")
    game = Game.new("reissue", 4)
    with pytest.raises(ValueError, match="begins with one 'start'"):
        journal.record(events.moved(game.single_moves()[0]))
    journal.started(CLASSIC, game, SETTINGS, TOKEN)
    with pytest.raises(ValueError, match="begins with one 'start'"):
        journal.started(CLASSIC, game, SETTINGS, TOKEN)
    with pytest.raises(ValueError, match="not 'jump'"):
        journal.append({"type": "jump"})
    with pytest.raises(ValueError, match="not 'step'"):
        journal.record({"type": "step", "step": ["fox", 1, None]})  # an event of another kind of game
    with pytest.raises(ValueError, match="is not over"):
        journal.record(events.CODEC.ended(game))
    with pytest.raises(TypeError, match="token"):
        Journal(tmp_path / "other.journal").started(CLASSIC, game, SETTINGS, 1234)  # type: ignore[arg-type]
    assert len(lines_of(tmp_path / "game.journal")) == 1


def test_a_new_journal_never_replaces_an_existing_one(tmp_path: Path) -> None:
    path, _ = journaled(tmp_path)
    before = path.read_bytes()
    journal = Journal(path)
    played(8, 3, journal)  # the game goes on in memory, unsaved
    assert isinstance(journal.problem, FileExistsError) and "another game's journal" in str(journal.problem)
    assert not journal.saved and path.read_bytes() == before


def test_no_journal_nothing_to_resume(tmp_path: Path) -> None:
    assert resume(tmp_path / "game.journal") is None


# ====================================================================== power cuts


def test_a_cut_last_line_is_dropped_at_any_byte(tmp_path: Path) -> None:
    path, game = journaled(tmp_path, seed=9, steps=20)
    whole = path.read_bytes()
    last = whole.rstrip(b"\n").rfind(b"\n") + 1
    before, _ = played(9, 19)
    for cut in range(last, len(whole)):
        path.write_bytes(whole[:cut])
        resumed = load(path)
        assert_same(resumed.game, before)
        assert resumed.dropped == whole[last:cut]
        assert (resumed.note is None) == (cut == last)
    path.write_bytes(whole)
    assert_same(load(path).game, game)


def test_a_zero_filled_tail_is_dropped_and_cut_off_by_the_next_append(tmp_path: Path) -> None:
    path, game = journaled(tmp_path, seed=10, steps=12)
    whole = path.read_bytes()
    path.write_bytes(whole + b'{"seq":14,"ha' + b"\0" * 300)
    resumed = load(path)
    assert_same(resumed.game, game)
    assert resumed.dropped.endswith(b"\0") and "power cut" in str(resumed.note)
    step(resumed.game, random.Random(1), resumed.journal)
    assert path.read_bytes().startswith(whole) and b"\0" not in path.read_bytes()
    assert_same(load(path).game, resumed.game)


def test_a_journal_shorter_than_written_is_not_appended_to(tmp_path: Path) -> None:
    path, _game = journaled(tmp_path, seed=11, steps=6)
    resumed = load(path)
    path.write_bytes(path.read_bytes()[:-40])
    before = path.read_bytes()
    resumed.journal.record(events.moved(resumed.game.single_moves()[0]))
    assert isinstance(resumed.journal.problem, OSError) and "shorter" in str(resumed.journal.problem)
    assert path.read_bytes() == before


CHILD = """
from __future__ import annotations
import os, random, signal, sys
from pathlib import Path
from console.games import CLASSIC, options
from console.games.classic import journal as events
from console.records.journal import Journal
from console.settings import settings_from_dict
from engine import DoubleMove, Game, MisterXMove

{step}

seed, path, target, acknowledge = int(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "yes"
journal = Journal(path)
game = Game.new("reissue", players=4, seed=seed)
rng = random.Random(seed)
journal.started(CLASSIC, game, settings_from_dict({settings!r}, options()), {token!r})
print(0, flush=True)
count = 0
while not game.is_over:
    step(game, rng, journal)
    count += 1
    if count == target and not acknowledge:
        os.kill(os.getpid(), signal.SIGKILL)  # the action is on disk, its acknowledgement never went out
    print(count, flush=True)
    if count == target:
        os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_killed_at_chosen_points_the_game_resumes_exactly(tmp_path: Path) -> None:
    """A process journaling a game kills itself after a chosen action, before or after acknowledging it.

    The kill points are chosen, not timed, so the test checks the same places however busy the machine is.
    """
    script = CHILD.format(step=textwrap.dedent(inspect.getsource(step)), settings=settings_to_dict(SETTINGS, options()), token=TOKEN)
    chance = random.Random(2024)
    mid_game = 0
    for seed in range(8):
        path = tmp_path / f"game{seed}.journal"
        target, acknowledge = 1 + chance.randrange(45), chance.random() < 0.5
        child = subprocess.run([sys.executable, "-c", script, str(seed), str(path), str(target), "yes" if acknowledge else "no"],
                               cwd=ROOT, capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True, check=False)
        acknowledged = max(map(int, child.stdout.split()))
        expected, rng = played(seed, target)
        if expected.is_over:
            assert child.returncode == 0, child.stderr
        else:
            assert child.returncode == -signal.SIGKILL, child.stderr
            assert acknowledged == (target if acknowledge else target - 1)

        lines = len(lines_of(path)) - 1
        resumed = load(path)
        assert_same(resumed.game, expected)
        assert (resumed.settings, resumed.token) == (replace(SETTINGS, data_dir=str(tmp_path)), TOKEN)
        if expected.is_over:
            assert resume(path) is None
            continue
        assert lines == target, "the killed action's line is not whole on disk"
        mid_game += 1
        offered = resume(path)
        assert offered is not None
        while not offered.game.is_over:
            step(offered.game, rng, offered.journal)
        offered.journal.record(events.CODEC.ended(offered.game))
        whole, _ = played(seed)
        assert_same(offered.game, whole)
        assert resume(path) is None
        filed = archive(path, tmp_path / "history", CLASSIC.journal.record(offered.game), f"seed{seed}", f"kill{mid_game}")
        assert_same(record.loads(filed.read_text()), whole)
    assert mid_game >= 5, "most kills should land in the middle of a game"


# ====================================================================== damage


def test_a_flipped_byte_in_a_middle_line_is_caught(tmp_path: Path) -> None:
    path, _ = journaled(tmp_path, seed=12, steps=10)
    original = path.read_bytes()
    middle = original.index(b"\n", original.index(b"\n") + 1) + 1  # line 3
    end = original.index(b"\n", middle)
    for at in range(middle, end):
        for bit in (0x01, 0x20):
            damaged = bytearray(original)
            damaged[at] ^= bit
            if damaged[at] == ord("\n"):
                continue
            path.write_bytes(bytes(damaged))
            error = corrupt_aside(path, bytes(damaged), r"line 3")
            error.moved_to.unlink()


def test_a_lost_repeated_or_swapped_line_is_caught(tmp_path: Path) -> None:
    path, _ = journaled(tmp_path, seed=13, steps=10)
    lines = path.read_bytes().split(b"\n")
    for changed in (lines[:3] + lines[4:], lines[:4] + lines[3:], [*lines[:3], lines[4], lines[3], *lines[5:]]):
        path.write_bytes(b"\n".join(changed))
        corrupt_aside(path, b"\n".join(changed), "lines were lost, repeated or reordered").moved_to.unlink()
    renumbered = lines[:3] + [lines[4].replace(b'{"seq":5,', b'{"seq":4,', 1)] + [
        line.replace(f'{{"seq":{n},'.encode(), f'{{"seq":{n - 1},'.encode(), 1) for n, line in enumerate(lines[5:], 6)
    ]
    path.write_bytes(b"\n".join(renumbered))
    corrupt_aside(path, b"\n".join(renumbered), r"line 4 fails its checksum")


def test_lines_from_another_journal_break_the_chain(tmp_path: Path) -> None:
    path, _ = journaled(tmp_path, seed=13, steps=10)
    other = tmp_path / "other.journal"
    journal = Journal(other)
    game = Game.new("reissue", players=4, seed=13)
    journal.started(CLASSIC, game, SETTINGS, TOKEN)
    rng = random.Random(77)
    for _ in range(10):
        step(game, rng, journal)
    spliced = b"".join(path.read_bytes().splitlines(keepends=True)[:3] + other.read_bytes().splitlines(keepends=True)[3:])
    path.write_bytes(spliced)
    corrupt_aside(path, spliced, r"line 4 fails its checksum")


def test_a_move_that_does_not_replay_is_caught_by_the_engine(tmp_path: Path) -> None:
    path, game = journaled(tmp_path, seed=14, steps=9)
    journal = load(path).journal
    detective = game.detectives[0]
    journal.append({"type": "move", "move": {"piece": detective, "station": game.station_of(detective), "ticket": "taxi"}})
    corrupt_aside(path, path.read_bytes(), r"line 11 \(move\) does not replay")


@pytest.mark.parametrize(
    ("event", "match"),
    [
        ({"type": "undo"}, r"line 2 \(undo\) does not replay: no detective move"),
        ({"type": "move", "move": {"piece": "mister_x", "station": 9999, "ticket": "taxi"}}, r"line 2 \(move\) does not replay"),
        ({"type": "move"}, r"line 2 \(move\) does not replay: 'move'"),
        ({"type": "correction", "position": {"mister_x": 1}}, r"line 2 \(correction\) does not replay"),
        ({"type": "end", "outcome": {"reason": "capture", "round": 1, "by": "red"}}, r"line 2 \(end\) does not replay"),
    ],
)
def test_events_the_engine_refuses(tmp_path: Path, event: dict[str, object], match: str) -> None:
    path = tmp_path / "game.journal"
    journal = Journal(path)
    journal.started(CLASSIC, Game.new("reissue", 4, seed=15), SETTINGS, TOKEN)
    journal.append(event)
    corrupt_aside(path, path.read_bytes(), match)


def test_an_end_line_must_agree_with_the_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.journal"
    journal = Journal(path)
    game, _ = played(16, None, journal)
    outcome = game.outcome
    assert outcome is not None
    journal.append({"type": "end", "outcome": {"reason": outcome.reason.value, "round": outcome.round + 1, "by": outcome.by}})
    corrupt_aside(path, path.read_bytes(), r"\(end\) does not replay: it says")


def test_nothing_may_follow_the_end(tmp_path: Path) -> None:
    path = tmp_path / "game.journal"
    journal = Journal(path)
    game, _ = played(16, None, journal)
    journal.record(events.CODEC.ended(game))
    journal.append({"type": "end", "outcome": json.loads(lines_of(path)[-1])["event"]["outcome"]})
    corrupt_aside(path, path.read_bytes(), r"line \d+ \(end\) does not replay: the game was over")


@pytest.mark.parametrize(
    "content",
    [b"", b"\n", b"hello\n", b"\x89PNG\r\n\x1a\n\0\0\0", b'{"seq":1}\n', b"[1, 2]\n", b"[" * 100000 + b"\n", b"\xff\xfe\n"],
    ids=["empty", "blank", "text", "binary", "no event", "list", "deep", "not utf-8"],
)
def test_not_a_journal_is_refused_and_kept(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "game.journal"
    path.write_bytes(content)
    corrupt_aside(path, content, "not a game journal")


def test_a_game_record_is_not_a_journal(tmp_path: Path) -> None:
    path = tmp_path / "game.journal"
    path.write_text(record.dumps(played(17, 5)[0]))
    corrupt_aside(path, path.read_bytes(), "not a game journal")


def test_a_foreign_version_is_refused_and_kept(tmp_path: Path) -> None:
    """A version no console wrote (a newer console's journal: tests/console/test_formats.py)."""
    path = tmp_path / "game.journal"
    start = Game.new("reissue", 4).start
    Journal(path).append({"type": "start", "format": FORMAT, "version": 0, "position": record.position_to_dict(start),
                          "settings": settings_to_dict(SETTINGS, options()), "token": TOKEN})
    corrupt_aside(path, path.read_bytes(), "version 0; this console reads versions 1 to 3")


def test_a_broken_start_line_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.journal"
    Journal(path).append({"type": "start", "format": FORMAT, "version": 1, "settings": [], "token": TOKEN})
    corrupt_aside(path, path.read_bytes(), "line 1 is not a proper start event")
    Journal(path).append({"type": "start", "format": FORMAT, "version": 1, "settings": {}, "token": TOKEN})
    corrupt_aside(path, path.read_bytes(), r"line 1 \(start\) is the start of no kind of game this console plays")
    Journal(path).append({"type": "start", "format": FORMAT, "version": 1, "position": {"round": 1}, "settings": {}, "token": TOKEN})
    corrupt_aside(path, path.read_bytes(), r"line 1 \(start\) holds no possible start position")
    Journal(path).append({"type": "start", "format": FORMAT, "version": 1,
                          "position": record.position_to_dict(Game.new("reissue", 4).start),
                          "settings": {"mister_x": "robot"}, "token": TOKEN})
    corrupt_aside(path, path.read_bytes(), r"line 1 \(start\) holds settings this console cannot use")


def test_corrupt_journals_are_moved_aside_one_by_one_and_never_deleted(tmp_path: Path) -> None:
    path = tmp_path / "game.journal"
    kept = []
    for n in range(3):
        path.write_bytes(f"garbage {n}\n".encode())
        with pytest.raises(JournalError) as caught:
            resume(path)
        kept.append(caught.value.moved_to)
    assert [p.name for p in kept] == ["game.journal.corrupt-1", "game.journal.corrupt-2", "game.journal.corrupt-3"]
    assert [p.read_bytes() for p in kept] == [b"garbage 0\n", b"garbage 1\n", b"garbage 2\n"]
    assert resume(path) is None
    played(18, 4, Journal(path))
    assert resume(path) is not None and all(p.exists() for p in kept)


# ====================================================================== the end and the history


def test_a_finished_game_is_not_offered_and_is_archived_as_a_record(tmp_path: Path) -> None:
    path = tmp_path / "game.journal"
    journal = Journal(path)
    game, _ = played(19, None, journal)
    assert resume(path) is None, "a game over without its end line is not offered either"
    journal.record(events.CODEC.ended(game))
    assert resume(path) is None
    finished = load(path)
    assert_same(finished.game, game)
    history = tmp_path / "history"
    filed = archive(path, history, CLASSIC.journal.record(finished.game), "2024-05-01T20-15-03", game_id(finished.token))
    assert filed == history / f"2024-05-01T20-15-03-{game_id(TOKEN)}.json"
    assert not path.exists()
    assert_same(record.loads(filed.read_text()), game)
    assert [p.name for p in history.iterdir()] == [filed.name]


def test_archive_never_replaces_a_record_files_a_game_once_and_checks_the_name(tmp_path: Path) -> None:
    history = tmp_path / "history"
    path = tmp_path / "game.journal"
    names = []
    for seed, game_name, stamp in ((20, "aa11", "stamp1"), (21, "bb22", "stamp2"), (20, "aa11", "stamp3")):
        game, _ = played(seed, 6, Journal(path))  # the last: the same game filed again at a later start
        names.append(archive(path, history, CLASSIC.journal.record(game), stamp, game_name).name)
        assert not path.exists()
    assert names == ["stamp1-aa11.json", "stamp2-bb22.json", "stamp1-aa11.json"]
    assert sorted(p.name for p in history.iterdir()) == ["stamp1-aa11.json", "stamp2-bb22.json"]
    for bad in ("../up", "a/b", "", ".hidden", "20:15"):
        with pytest.raises(ValueError, match="timestamp"):
            archive(tmp_path / "game.journal", history, CLASSIC.journal.record(Game.new("reissue", 4)), bad, "aa11")
        with pytest.raises(ValueError, match="game id"):
            archive(tmp_path / "game.journal", history, CLASSIC.journal.record(Game.new("reissue", 4)), "stamp", bad)


def test_the_record_of_a_corrected_game_starts_from_the_correction(tmp_path: Path) -> None:
    path = tmp_path / "game.journal"
    journal = Journal(path)
    game, rng = played(22, 14, journal)
    game = corrected(game)
    journal.record(events.corrected(game.start))
    while not game.is_over:
        step(game, rng, journal)
    journal.record(events.CODEC.ended(game))
    filed = archive(path, tmp_path / "history", CLASSIC.journal.record(load(path).game), "corrected", "c")
    replayed = record.loads(filed.read_text())
    assert_same(replayed, game)
    assert replayed.start == game.start and len(replayed.start.log) > 0


# ====================================================================== durability


def test_every_append_is_fsynced_and_a_new_file_s_folder_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[str] = []
    sizes: list[int] = []
    real = os.fsync

    def counting(descriptor: int) -> None:
        status = os.fstat(descriptor)
        synced.append("folder" if stat.S_ISDIR(status.st_mode) else "file")
        sizes.append(status.st_size)
        real(descriptor)

    monkeypatch.setattr(os, "fsync", counting)
    path = tmp_path / "game.journal"
    journal = Journal(path)
    game = Game.new("reissue", 4, seed=23)
    journal.started(CLASSIC, game, SETTINGS, TOKEN)
    assert synced == ["file", "folder"]
    assert sizes[0] == path.stat().st_size, "the start line was flushed before the fsync"
    for _ in range(3):
        move = game.single_moves()[0]
        game.play(move)
        journal.record(events.moved(move))
        assert synced[-1] == "file" and sizes[-1] == path.stat().st_size, "the line was flushed before the fsync"
    assert synced == ["file", "folder", "file", "file", "file"]
    synced.clear()
    archive(path, tmp_path / "history", CLASSIC.journal.record(game), "x", "g1")
    assert synced == ["folder", "file", "folder", "folder"], "new history folder's parent, record, history, journal's folder"
    played(24, 3, Journal(path))
    synced.clear()
    archive(path, tmp_path / "history", CLASSIC.journal.record(game), "y", "g2")
    assert synced == ["file", "folder", "folder"]


# ====================================================================== secrecy: the file's size


TWIN_DEAL = 17
"""A deal with Mister X on 78 and the detectives far from both of his routes below."""
TWIN_ROUTES = {
    "single moves": (["B46", "U1"], ["B79", "U111"]),
    "a double move": (["B46+U1"], ["B79+U111"]),
}
"""Mister X's hidden moves in two games of the deal: the same tickets, to stations of one digit (1) and three (111)."""


def twin_sizes(path: Path, hidden: list[str]) -> tuple[list[int], Game]:
    """The journal's size after each event of the twin deal in which Mister X plays *hidden*, and the game at the end.

    Everything else is the same whatever his route: the detectives make the
    first move listed for each (where he is does not change their moves), one
    of them is taken back and made again, and the board is corrected after his
    moves: every kind of event a game journals before his first reveal.
    """
    journal = Journal(path)
    game = Game.new("reissue", players=4, seed=TWIN_DEAL)
    journal.started(CLASSIC, game, SETTINGS, TOKEN)
    sizes = [path.stat().st_size]

    def keep(event: Event) -> None:
        journal.record(event)
        sizes.append(path.stat().st_size)

    for notation in hidden:
        move = parse_move(notation)
        game.play(move)
        keep(events.moved(move))
        while game.turn is Side.DETECTIVES:
            detective = game.moves_of(game.to_move()[0])[0]
            game.play(detective)
            keep(events.moved(detective))
            if len(game.actions) == 2:
                game.undo()
                keep(events.UNDO)
                game.play(detective)
                keep(events.moved(detective))
    game = corrected(game)
    keep(events.corrected(game.start))
    return sizes, game


@pytest.mark.parametrize("routes", TWIN_ROUTES.values(), ids=TWIN_ROUTES)
def test_where_mister_x_hides_does_not_change_the_journal_s_size(tmp_path: Path, routes: tuple[list[str], list[str]]) -> None:
    """Two games that differ only in his hidden stations leave journals of the same size after every event.

    The journal is private, but anyone who can list its folder sees its size.
    """
    (sizes, game), (other_sizes, twin) = (twin_sizes(tmp_path / f"{n}.journal", route) for n, route in enumerate(routes))
    assert game.public_view() == twin.public_view() and not any(entry.reveal for entry in game.public_view().log)
    assert (game.mister_x_view().station, twin.mister_x_view().station) == (1, 111)
    assert len(sizes) == len(other_sizes) >= 9
    assert sizes == other_sizes
    assert_same(load(tmp_path / "0.journal").game, game)


def test_a_changed_pad_breaks_the_chain(tmp_path: Path) -> None:
    """The pad is part of its line's event text: the chain covers it like every other byte."""
    path = tmp_path / "game.journal"
    twin_sizes(path, TWIN_ROUTES["single moves"][0])
    line = next(n for n, text in enumerate(lines_of(path), 1) if b'"move":"U1","pad":"  "' in text)
    damaged = path.read_bytes().replace(b'"move":"U1","pad":"  "', b'"move":"U1","pad":" x"')
    path.write_bytes(damaged)
    corrupt_aside(path, damaged, f"line {line} fails its checksum")


def test_mister_x_s_secret_start_does_not_change_the_start_line_s_size(tmp_path: Path) -> None:
    """Two deals that differ only in his start station (two digits, three) begin journals of the same size."""
    deal = Game.new("reissue", players=4, seed=TWIN_DEAL).start
    assert deal.possible is not None
    starts = stations_of(deal.possible)
    sizes = []
    for n, station in enumerate((starts[0], starts[-1])):
        path = tmp_path / f"{n}.journal"
        game = Game(replace(deal, mister_x=station))
        Journal(path).started(CLASSIC, game, SETTINGS, TOKEN)
        assert load(path).game.mister_x_view().station == station
        sizes.append(path.stat().st_size)
    assert starts[0] < 100 <= starts[-1] and sizes[0] == sizes[1]


def test_where_the_rogues_hide_does_not_change_a_junior_journal_s_size(tmp_path: Path) -> None:
    """Mister FOX takes the taxi to 85 in one game and to 102 in the other: the same sizes after every event of the round."""
    settings = game_settings(edition="junior", district="central")
    every = []
    for n, fox in enumerate((85, 102)):
        path = tmp_path / f"{n}.junior.journal"
        journal = Journal(path)
        game = JuniorGame.new(rogues=2, seed=1)
        journal.started(JUNIOR, game, settings, TOKEN)
        sizes = [path.stat().st_size]
        watson = game.steps_of("watson")[1]
        for action in (Step("fox", fox, Transport.TAXI), Step("roxy", 140, Transport.TAXI), watson, None, watson,
                       Step("marble", game.stations["marble"])):
            if action is None:
                game.undo()
                journal.record(junior_events.UNDO)
            else:
                (game.choose if action.piece in ROGUES else game.move)(action)
                journal.record(junior_events.stepped(action))
            sizes.append(path.stat().st_size)
        assert game.results and game.results[0].steps[0] == Step("fox", fox, Transport.TAXI)  # revealed by marble's step
        assert load(path).game.stations == game.stations
        every.append(sizes)
    assert every[0] == every[1]
