"""Scotland Yard Junior's rules J1-J7 (docs/RULES.md; ``engine.junior.game``), one or more tests each.

The positions are built on a district fixed for tests (``tests.support.riverside.RIVERSIDE``),
not on the shipped one, so tuning the shipped district for
balance cannot change what these tests show. Every refusal is checked for its
rule, and for leaving the game exactly as it was.
"""

from __future__ import annotations

import json

import pytest

from engine import IllegalMoveError, IllegalPositionError, RecordError, Transport, london, stations_of
from engine.junior import (
    DETECTIVE_GOAL,
    ROGUE_GOAL,
    JuniorGame,
    JuniorStart,
    Phase,
    Step,
    Team,
    Tokens,
    districts,
    dumps,
    find_district,
    loads,
)
from engine.junior.district import District, district_of, load_districts
from tests.support.riverside import RIVERSIDE, STATIONS

TAXI, BUS, METRO, BOAT = Transport.TAXI, Transport.BUS, Transport.UNDERGROUND, Transport.FERRY
TEST = RIVERSIDE


def game_at(fox: int, watson: int, marble: int, roxy: int | None = None) -> JuniorGame:
    stations = {"fox": fox} | ({} if roxy is None else {"roxy": roxy}) | {"watson": watson, "marble": marble}
    return JuniorGame(JuniorStart(TEST.name, stations), TEST)


def snapshot(game: JuniorGame) -> tuple[object, ...]:
    return (game.public_view(), [game.choice_of(rogue) for rogue in game.rogues], list(game.actions), game.round)


def refused(game: JuniorGame, rule: str, action: object) -> IllegalMoveError:
    """*action* (a callable) is refused under *rule*, and the game is unchanged."""
    before = snapshot(game)
    with pytest.raises(IllegalMoveError) as caught:
        action()  # type: ignore[operator]
    assert caught.value.rule == rule, str(caught.value)
    assert str(caught.value).startswith(f"rule {rule}: ")
    assert snapshot(game) == before
    return caught.value


def play_round(game: JuniorGame, *steps: Step) -> object:
    """The rogues' steps first, then the detectives' (the second one reveals)."""
    result = None
    for step in steps:
        result = game.choose(step) if step.piece in game.rogues else game.move(step)
    return result


# ---------------------------------------------------------------- J1 pieces and starts


def test_j1_a_new_game_puts_each_rogue_on_a_different_x_space_and_the_detectives_on_theirs() -> None:
    for seed in range(20):
        game = JuniorGame.new(TEST, rogues=2, seed=seed)
        assert game.rogues == ("fox", "roxy")
        assert {game.stations["fox"], game.stations["roxy"]} <= set(TEST.rogue_starts)
        assert game.stations["fox"] != game.stations["roxy"]
        assert (game.stations["watson"], game.stations["marble"]) == (154, 159)
    one = JuniorGame.new(TEST, rogues=1, seed=4)
    assert one.rogues == ("fox",) and one.pieces == ("fox", "watson", "marble")


def test_j1_the_start_is_drawn_from_the_seed() -> None:
    assert JuniorGame.new(TEST, seed=7).stations == JuniorGame.new(TEST, seed=7).stations
    assert len({JuniorGame.new(TEST, seed=seed).stations["fox"] for seed in range(30)}) == 3


@pytest.mark.parametrize("stations", [
    {"fox": 1, "watson": 154, "marble": 159},  # outside the district
    {"watson": 154, "marble": 159},  # no rogue
    {"roxy": 170, "watson": 154, "marble": 159},  # ROXy without Mister FOX
    {"fox": 170, "watson": 154},  # one detective
    {"fox": 170, "rex": 138, "watson": 154, "marble": 159},  # a stranger
])
def test_j1_impossible_starts_are_refused(stations: dict[str, int]) -> None:
    with pytest.raises(IllegalPositionError, match="J1"):
        JuniorGame(JuniorStart(TEST.name, stations), TEST)


def test_j1_three_rogues_are_refused() -> None:
    with pytest.raises(IllegalPositionError, match="one or two rogues"):
        JuniorGame.new(TEST, rogues=3)


def test_j1_only_the_games_pieces_take_part() -> None:
    game = game_at(fox=170, watson=154, marble=159)
    refused(game, "J1", lambda: game.choose(Step("roxy", 170)))
    refused(game, "J1", lambda: game.choose(Step("watson", 154)))
    game.choose(Step("fox", 170))
    refused(game, "J1", lambda: game.move(Step("fox", 170)))


# ---------------------------------------------------------------- J2 the round


def test_j2_the_rogues_choose_first_then_the_detectives_step_then_the_reveal() -> None:
    game = game_at(fox=170, roxy=138, watson=154, marble=159)
    assert game.phase is Phase.ROGUES and game.to_choose() == ("fox", "roxy") and game.to_move() == ()
    refused(game, "J2", lambda: game.move(Step("watson", 154)))
    game.choose(Step("fox", 185, TAXI))
    assert game.to_choose() == ("roxy",) and game.phase is Phase.ROGUES
    refused(game, "J2", lambda: game.move(Step("watson", 154)))
    game.choose(Step("roxy", 152, TAXI))
    assert game.phase is Phase.DETECTIVES and game.to_move() == ("watson", "marble")
    assert game.move(Step("marble", 158, TAXI)) is None  # either detective first
    assert game.stations["marble"] == 158  # openly, at once
    assert game.stations["fox"] == 170  # the rogues have not moved yet
    result = game.move(Step("watson", 153, TAXI))
    assert result is not None and result.round == 1
    assert game.stations == {"fox": 185, "roxy": 152, "watson": 153, "marble": 158}
    assert game.round == 2 and game.phase is Phase.ROGUES


def test_j2_a_choice_is_final_and_a_detective_steps_once() -> None:
    game = game_at(fox=170, watson=154, marble=159)
    game.choose(Step("fox", 157, TAXI))
    refused(game, "J2", lambda: game.choose(Step("fox", 170)))
    game.move(Step("watson", 140, BUS))
    refused(game, "J2", lambda: game.move(Step("watson", 153, TAXI)))


def test_j2_a_detectives_step_is_taken_back_before_the_reveal() -> None:
    game = game_at(fox=170, watson=154, marble=159)
    refused(game, "J2", game.undo)
    game.choose(Step("fox", 157, TAXI))
    game.move(Step("watson", 140, BUS))
    assert game.undo() == Step("watson", 140, BUS)
    assert game.stations["watson"] == 154 and game.to_move() == ("watson", "marble")
    assert game.choice_of("fox") == Step("fox", 157, TAXI)  # the rogue's choice stands
    refused(game, "J2", game.undo)
    game.move(Step("watson", 139, TAXI))
    game.move(Step("marble", 158, TAXI))
    refused(game, "J2", game.undo)  # after the reveal: nothing to take back


def test_j2_the_public_view_never_shows_a_choice_before_its_reveal() -> None:
    """Two games that differ only in the rogue's hidden choice look the same to everyone until the reveal."""
    one, two = game_at(fox=157, watson=154, marble=159), game_at(fox=157, watson=154, marble=159)
    one.choose(Step("fox", 194, BOAT))
    two.choose(Step("fox", 157))
    assert one.public_view() == two.public_view()
    assert one.public_view().chosen == ("fox",)
    for game in (one, two):
        game.move(Step("watson", 140, TAXI))
    assert one.public_view() == two.public_view()
    one.move(Step("marble", 170, TAXI))
    two.move(Step("marble", 170, TAXI))
    assert one.public_view().station("fox") == 194 and two.public_view().station("fox") == 157


# ---------------------------------------------------------------- J3 a step


def test_j3_every_line_of_every_transport_and_staying() -> None:
    game = game_at(fox=157, watson=154, marble=159)
    assert game.steps_of("fox") == [Step("fox", 157), Step("fox", 156, TAXI), Step("fox", 158, TAXI), Step("fox", 170, TAXI),
                                    Step("fox", 133, BUS), Step("fox", 156, BUS), Step("fox", 185, BUS), Step("fox", 194, BOAT)]
    assert Step("fox", 153, METRO) in game_at(fox=140, watson=154, marble=159).steps_of("fox")
    assert {step.transport for piece in ("watson", "marble") for step in game.steps_of(piece)} >= {None, TAXI, BUS}


def test_j3_the_detectives_hold_every_ticket_too_the_boat_included() -> None:
    game = game_at(fox=170, watson=157, marble=159)
    game.choose(Step("fox", 170))
    game.move(Step("watson", 194, BOAT))
    assert game.stations["watson"] == 194


def test_j3_tickets_come_back_every_round() -> None:
    game = game_at(fox=157, watson=154, marble=159)
    for _ in range(4):  # the boat back and forth, and the detectives' metro, every round
        there = 194 if game.stations["fox"] == 157 else 157
        metro = 153 if game.stations["watson"] == 140 else 140
        play_round(game, Step("fox", there, BOAT), Step("watson", metro, METRO if game.stations["watson"] in (140, 153) else BUS),
                   Step("marble", game.stations["marble"]))
    assert game.round == 5


def test_j3_a_step_must_follow_a_line_and_stay_in_the_district() -> None:
    game = game_at(fox=157, watson=154, marble=159)
    error = refused(game, "J3", lambda: game.choose(Step("fox", 115, BOAT)))  # the ferry goes on to 115, outside
    assert "outside" in str(error)
    error = refused(game, "J3", lambda: game.choose(Step("fox", 194, TAXI)))
    assert "no taxi line joins 157 and 194" in str(error)
    refused(game, "J3", lambda: game.choose(Step("fox", 158)))  # "staying" somewhere else
    refused(game, "J3", lambda: game.choose(Step("fox", 159, TAXI)))  # two stations away
    assert 142 in stations_of(london().neighbours(157, BUS))
    refused(game, "J3", lambda: game.choose(Step("fox", 142, BUS)))  # a real bus line, leaving the district


# ---------------------------------------------------------------- J4 occupied stations, J5 capture


def test_j4_j5_a_rogue_stepping_onto_a_detective_is_captured() -> None:
    game = game_at(fox=170, watson=154, marble=159)
    result = play_round(game, Step("fox", 159, TAXI), Step("watson", 154), Step("marble", 159))
    assert result.captured == ("fox",) and game.tokens == Tokens(detectives=1)  # type: ignore[attr-defined]


def test_j5_a_detective_stepping_onto_a_rogue_that_stays_captures_him() -> None:
    game = game_at(fox=170, watson=154, marble=159)
    result = play_round(game, Step("fox", 170), Step("watson", 154), Step("marble", 170, TAXI))
    assert result.captured == ("fox",)  # type: ignore[attr-defined]


def test_j5_passing_each_other_is_an_escape() -> None:
    game = game_at(fox=170, watson=154, marble=159)
    result = play_round(game, Step("fox", 159, TAXI), Step("watson", 154), Step("marble", 170, TAXI))
    assert result.captured == () and game.tokens == Tokens(rogues=1)  # type: ignore[attr-defined]


def test_j5_both_detectives_on_the_rogues_station_give_one_token() -> None:
    game = game_at(fox=156, watson=155, marble=157)
    result = play_round(game, Step("fox", 156), Step("watson", 156, TAXI), Step("marble", 156, BUS))
    assert result.captured == ("fox",) and game.tokens == Tokens(detectives=1, rogues=0)  # type: ignore[attr-defined]


def test_j4_detectives_share_stations_and_so_do_rogues() -> None:
    game = game_at(fox=156, roxy=155, watson=140, marble=154)
    result = play_round(game, Step("fox", 157, TAXI), Step("roxy", 156, TAXI), Step("watson", 154, TAXI), Step("marble", 154))
    assert game.stations["watson"] == game.stations["marble"] == 154 and result.captured == ()  # type: ignore[attr-defined]
    play_round(game, Step("fox", 156, TAXI), Step("roxy", 156), Step("watson", 154), Step("marble", 154))
    assert game.stations["fox"] == game.stations["roxy"] == 156


def test_j7_play_continues_from_where_everyone_stands_the_captured_rogue_too() -> None:
    game = game_at(fox=170, watson=154, marble=159)
    play_round(game, Step("fox", 159, TAXI), Step("watson", 154), Step("marble", 159))
    assert game.stations["fox"] == 159 == game.stations["marble"] and game.round == 2
    assert Step("fox", 159) in game.steps_of("fox")


# ---------------------------------------------------------------- J6 tokens


def test_j6_one_rogue_an_escape_is_his_token_a_capture_theirs() -> None:
    game = game_at(fox=170, watson=154, marble=159)
    results = [play_round(game, Step("fox", 185, TAXI), Step("watson", 154), Step("marble", 159)),
               play_round(game, Step("fox", 186, TAXI), Step("watson", 154), Step("marble", 186, TAXI))]
    assert [r.token for r in results] == [Team.ROGUES, Team.DETECTIVES]  # type: ignore[attr-defined]
    assert game.tokens == Tokens(detectives=1, rogues=1)


@pytest.mark.parametrize(("fox_to", "roxy_to", "token", "captured"), [
    (159, 155, Team.DETECTIVES, ("fox",)),  # one captured: the detectives' token
    (170, 154, Team.DETECTIVES, ("roxy",)),
    (159, 154, Team.DETECTIVES, ("fox", "roxy")),  # both captured: still one token
    (185, 155, Team.ROGUES, ()),  # both escaped: the rogues' token
])
def test_j6_two_rogues_one_token_a_round(fox_to: int, roxy_to: int, token: Team, captured: tuple[str, ...]) -> None:
    game = game_at(fox=170, roxy=155, watson=154, marble=159)
    transport = {159: TAXI, 170: None, 185: TAXI, 155: None, 154: TAXI}
    result = play_round(game, Step("fox", fox_to, transport[fox_to]), Step("roxy", roxy_to, transport[roxy_to]),
                        Step("watson", 154), Step("marble", 159))
    assert result.token is token and result.captured == captured  # type: ignore[attr-defined]
    assert game.tokens == (Tokens(detectives=1) if token is Team.DETECTIVES else Tokens(rogues=1))


# ---------------------------------------------------------------- J7 the end


def test_j7_the_detectives_win_at_their_third_token() -> None:
    game = game_at(fox=170, watson=154, marble=159)
    for n in range(DETECTIVE_GOAL):
        assert game.outcome is None
        play_round(game, Step("fox", 170), Step("watson", game.stations["watson"]), Step("marble", 170, TAXI) if n == 0
                   else Step("marble", 170))
    assert game.outcome is Team.DETECTIVES and game.phase is Phase.OVER and game.round == 3
    assert game.tokens == Tokens(detectives=3)
    refused(game, "J7", lambda: game.choose(Step("fox", 170)))
    assert game.to_choose() == () and game.to_move() == ()


def test_j7_the_rogues_win_at_their_ninth_token_at_once() -> None:
    game = game_at(fox=194, watson=154, marble=159)
    for _ in range(ROGUE_GOAL):
        assert game.outcome is None
        play_round(game, Step("fox", 194), Step("watson", 154), Step("marble", 159))
    assert game.outcome is Team.ROGUES and game.tokens == Tokens(rogues=9) and game.round == 9
    refused(game, "J7", lambda: game.move(Step("watson", 154)))


def test_j7_a_game_lasts_3_to_11_rounds() -> None:
    import random
    for seed in range(40):
        rng = random.Random(seed)
        game = JuniorGame.new(TEST, rogues=1 + seed % 2, seed=seed)
        while not game.is_over:
            for piece in game.to_choose():
                game.choose(rng.choice(game.steps_of(piece)))
            for piece in game.to_move():
                game.move(rng.choice(game.steps_of(piece)))
        assert 3 <= len(game.results) <= 11
        assert sum(game.tokens) == len(game.results)


# ---------------------------------------------------------------- records


def test_a_record_replays_to_the_identical_game() -> None:
    game = JuniorGame.new(rogues=2, seed=5)
    import random
    rng = random.Random(5)
    for _ in range(3):
        for piece in game.to_choose():
            game.choose(rng.choice(game.steps_of(piece)))
        game.move(rng.choice(game.steps_of("watson")))
        game.undo()
        for piece in game.to_move():
            game.move(rng.choice(game.steps_of(piece)))
    game.choose(game.steps_of("fox")[-1])
    copy = loads(dumps(game))
    assert snapshot(copy) == snapshot(game) and copy.results == game.results


def test_a_record_holds_each_step_in_the_move_notation_and_one_of_version_1_still_loads() -> None:
    game = JuniorGame.new(seed=1)
    game.choose(game.steps_of("fox")[1])
    undone = game.steps_of("watson")[0]
    game.move(undone)
    assert game.undo() == undone  # a step taken back leaves the record
    game.move(game.steps_of("watson")[1])
    data = json.loads(dumps(game))
    assert data["version"] == 2 and data["actions"] == [str(game.actions[0]), str(game.actions[1])]
    old = data | {"version": 1, "actions": [[a.piece, a.station, None if a.stays else str(a.transport)] for a in game.actions]}
    assert snapshot(loads(json.dumps(old))) == snapshot(game)
    with_undo = data | {"actions": [str(game.actions[0]), str(undone), None, str(game.actions[1])]}
    assert snapshot(loads(json.dumps(with_undo))) == snapshot(game)  # records of before, with the undo written as null


@pytest.mark.parametrize(("text", "words"), [
    ("{", "JSON is broken"),
    ('{"format": "scotland-yard-record"}', "not a Junior game record"),
    ('{"format": "scotland-yard-junior-record", "version": 3}', "version 3"),
    ('{"format": "scotland-yard-junior-record", "version": 2, "district": "riverside", "stations": {}, "actions": ["fox Q1"]}', "corrupt"),
    ('{"format": "scotland-yard-junior-record", "version": 1, "district": "riverside"}', "corrupt"),
])
def test_a_bad_record_is_refused_saying_why(text: str, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        loads(text)


def test_a_record_that_breaks_a_rule_is_refused_naming_the_action() -> None:
    game = JuniorGame.new(seed=1)
    data = json.loads(dumps(game))
    data["actions"] = [["watson", game.stations["watson"], None]]
    with pytest.raises(RecordError, match=r"action 1 .* rule J2"):
        loads(json.dumps(data))


# ---------------------------------------------------------------- districts


def test_the_shipped_districts_are_playable_areas_with_a_boat_line() -> None:
    assert districts()
    for district in districts().values():
        assert 25 <= len(district.stations) <= 40
        assert district.board.lines[BOAT]
        assert all(district.board.lines[transport] for transport in Transport), "every one of the four transports runs in it"
        assert set(district.stations) <= set(london().stations)  # on the lit board
        for start in district.rogue_starts:
            assert len(JuniorGame(JuniorStart(district.name, {"fox": start, "watson": district.detective_starts[0],
                                                              "marble": district.detective_starts[1]})).steps_of("fox")) >= 3


def test_a_district_keeps_only_its_own_lines() -> None:
    assert TEST.board.lines[BOAT] == ((157, 194),)
    assert all(a in STATIONS and b in STATIONS for lines in TEST.board.lines.values() for a, b in lines)
    assert TEST.area == sum(1 << s for s in STATIONS)


@pytest.mark.parametrize(("stations", "x", "d", "words"), [
    ([157, 194, 200], [157, 194], [1, 2], "not stations"),
    ([156, 157, 158, 170], [156, 170], [157, 158], "boat line"),
    ([157, 194, 1, 8], [157, 194], [1, 8], "cannot be reached"),
    ([157, 194, 193, 195], [157, 194], [194, 195], "different stations"),
    ([157, 194, 193, 195], [157], [193, 195], "two X spaces"),
])
def test_a_bad_district_is_refused_saying_why(stations: list[int], x: list[int], d: list[int], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        district_of("bad", "Bad", stations, x, d)


def test_a_bad_district_file_is_refused() -> None:
    with pytest.raises(ValueError, match="version 1"):
        load_districts('{"format": "scotland-yard-districts", "version": 9}')
    with pytest.raises(ValueError, match="lacks"):
        load_districts('{"format": "scotland-yard-districts", "version": 1, "districts": [{"name": "x"}]}')
    with pytest.raises(ValueError, match="no such district"):
        find_district("atlantis")
    assert isinstance(next(iter(districts().values())), District)
