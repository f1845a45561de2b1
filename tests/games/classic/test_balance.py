"""The New game menu's balance row: each table's measured figure, and the fairer tables it names."""

from __future__ import annotations

import pytest

from benchmarks.balance import tables
from console.games.classic.balance import FILE, MEASURED, ROWS, Measured, Table, fairer, five_differs, read, write
from console.games.classic.setup import BOBBIES, FIVE_REVEALS, RULESETS, ClassicSetup, balance_row, table_of
from console.settings import GameSettings
from console.table.menu import Menu, Setting
from engine.editions import CLASSIC, REISSUE
from language import use


def test_the_shipped_figures_cover_every_table_the_tool_measures() -> None:
    assert set(MEASURED) == set(tables())
    assert all(measured.games >= 50 for measured in MEASURED.values())
    assert "benchmarks.balance --write" in FILE.read_text(encoding="utf-8")


def test_figures_are_written_and_read_back() -> None:
    figures = {Table("reissue", 3, 1, True): Measured(31, 60), Table("quick", 2, 0, False): Measured(0, 60)}
    text = write(figures, "how\nmeasured")
    assert text.startswith("# how\n# measured\n")
    assert read(text) == figures


def test_five_reveals_make_another_table_only_where_they_show_him_on_other_moves() -> None:
    assert five_differs(REISSUE) and not five_differs(CLASSIC)
    assert not any(five_differs(RULESETS[name]) for name in ("beginner", "quick"))
    assert table_of(FIVE_REVEALS.set(GameSettings(edition="classic", players=3), True)) == Table("classic", 2, 0, False)
    assert table_of(FIVE_REVEALS.set(GameSettings(edition="reissue", players=4), True)) == Table("reissue", 3, 1, True)


def _text(row: Setting, value: object) -> str:
    use("en")
    return str(row.text(value))


def test_a_lopsided_table_names_one_row_s_change_that_brings_it_nearer_even() -> None:
    lopsided = [table for table, measured in MEASURED.items() if measured.lopsided]
    assert lopsided, "some table of the shipped figures is lopsided (classic with two detectives)"
    for table in lopsided:
        for remedy in fairer(table):
            changed = {row for row in ROWS if getattr(remedy.table, row) != getattr(table, row)}
            assert len(changed) == 1 and remedy.table.edition == table.edition
            assert abs(remedy.measured.tenths - 5) < abs(MEASURED[table].tenths - 5)
            assert remedy.measured == MEASURED[remedy.table]
    assert all(fairer(table) == [] for table, measured in MEASURED.items() if not measured.lopsided)
    two_detectives = fairer(Table("classic", 2, 0, False))
    assert two_detectives[0].table == Table("classic", 2, 3, False)  # the nearest even of its bobbies


def test_the_row_says_his_wins_and_the_fairer_change() -> None:
    table = Table("classic", 2, 0, False)
    row = balance_row(table)
    tenths = MEASURED[table].tenths
    assert _text(row, table) == {10: "nearly always"}.get(tenths, f"about {tenths} in 10")
    remedy = fairer(table)[0]
    change = (f"{remedy.table.bobbies} bobb" if remedy.table.bobbies != table.bobbies else f"{remedy.table.detectives} detective")
    note = str(row.about[0])
    assert note.startswith(f"Fairer: {change}") and f"{remedy.measured.tenths} in 10" in note


def test_a_table_with_more_bobbies_than_measured_says_so() -> None:
    table = Table("reissue", 2, 9, False)
    assert _text(balance_row(table), table) == "not measured"


def test_the_row_follows_the_players_as_they_change_the_table() -> None:
    setup = ClassicSetup(GameSettings(edition="classic", players=6))
    rows = setup.rows(lambda key, value: None)
    menu = Menu(setup.title, rows, {"edition": "classic"} | setup.values())
    assert menu.value("balance") == Table("classic", 5, 0, False)
    menu.values["players"] = 3
    setup.changed(menu, "players")
    assert menu.value("balance") == Table("classic", 2, 0, False)
    menu.values["bobbies"] = 2
    setup.changed(menu, "bobbies")
    assert menu.value("balance") == Table("classic", 2, 2, False)
    chosen = Table("classic", 2, 2, False)
    value = dict(zip([row.label for row in menu.rows], [value for _, value in menu.ui.rows], strict=True))[balance_row(chosen).label]
    assert str(value) == _text(balance_row(chosen), chosen)


@pytest.mark.parametrize("edition", sorted(RULESETS))
def test_every_table_the_setup_deals_by_its_players_has_a_figure(edition: str) -> None:
    ruleset = RULESETS[edition]
    low, high = ruleset.players
    for players in range(low, high + 1):
        for five in (False, True):
            settings = FIVE_REVEALS.set(GameSettings(edition=edition, players=players), five)
            assert table_of(settings) in MEASURED
            assert table_of(BOBBIES.set(settings, 0)) in MEASURED
