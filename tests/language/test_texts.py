"""The language machinery: texts that translate when shown, the language in use, Korean particles, the system's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from language import LANGUAGES, Particles, Text, _, current, join, n_, p_, plain, system_language, use


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    use("en")


def test_a_text_is_words_only_when_shown_in_the_language_in_use_then() -> None:
    text = _("the detectives win: {piece} caught Mister X in round {round}", piece=p_("name", "Bobby {number}", number=2), round=7)
    assert str(text) == "the detectives win: Bobby 2 caught Mister X in round 7"
    use("ko")
    korean = str(text)
    assert korean != str(text.to("en")) and "2" in korean and "7" in korean
    assert not any("a" <= char.lower() <= "z" for char in korean.replace("X", ""))
    use("en")
    assert str(text) == "the detectives win: Bobby 2 caught Mister X in round 7"


def test_texts_are_equal_when_they_say_the_same_thing() -> None:
    assert _("Round {round}", round=3) == _("Round {round}", round=3)
    assert _("Round {round}", round=3) != _("Round {round}", round=4)
    assert p_("row", "Sound") != _("Sound")
    assert len({_("Round {round}", round=3), _("Round {round}", round=3)}) == 1


def test_an_unknown_language_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"'fr'.*en, ko"):
        use("fr")
    assert current() == "en"


def test_plurals_follow_the_count() -> None:
    assert str(n_("{n} piece cannot move", "{n} pieces cannot move", 1)) == "1 piece cannot move"
    assert str(n_("{n} piece cannot move", "{n} pieces cannot move", 3)) == "3 pieces cannot move"


def test_joined_texts_leave_out_empty_parts_and_plain_words_stay() -> None:
    joined = join(plain(", "), [plain("a"), "", plain("b")])
    assert str(joined) == "a, b"
    assert not join(plain(", "), ["", ""])
    assert str(plain("{not a place}")) == "{not a place}"


@pytest.mark.parametrize(("spec", "word", "joined"), [
    ("이/가", "보비 1", "보비 1이"), ("이/가", "미스터 X", "미스터 X가"), ("이/가", "빨강", "빨강이"), ("이/가", "파랑", "파랑이"),
    ("이/가", "보라", "보라가"), ("을/를", "택시", "택시를"), ("을/를", "지하철", "지하철을"), ("은/는", "형사", "형사는"),
    ("으로/로", "117", "117로"), ("으로/로", "113", "113으로"), ("으로/로", "지하철", "지하철로"), ("으로/로", "버스", "버스로"),
    ("으로/로", "역", "역으로"), ("과/와", "보비 2", "보비 2와"),
])
def test_korean_particles_follow_the_last_sound(spec: str, word: str, joined: str) -> None:
    assert Particles().format("{w:" + spec + "}", w=word) == joined


def test_other_format_specs_still_work() -> None:
    assert Particles().format("{n:>3}", n=7) == "  7"


@pytest.mark.parametrize(("environ", "language"), [
    ({"LANG": "ko_KR.UTF-8"}, "ko"), ({"LANG": "en_GB.UTF-8"}, "en"), ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANGUAGE": "ko:en", "LANG": "en_US.UTF-8"}, "ko"), ({"LC_ALL": "ko_KR", "LANG": "en_US"}, "ko"), ({}, "en"),
    ({"LANG": "C"}, "en"),
])
def test_the_system_language_comes_from_the_locale(environ: dict[str, str], language: str) -> None:
    assert system_language(environ) == language


def test_every_language_has_a_name_in_itself_and_a_font_that_draws_it() -> None:
    from language import font_file

    assert LANGUAGES["ko"] == "한국어"
    assert font_file("en") is None
    korean = font_file("ko")
    assert korean is not None and korean.exists()


def test_a_text_can_be_a_dataclass_field_default() -> None:
    assert isinstance(_("x"), Text)
