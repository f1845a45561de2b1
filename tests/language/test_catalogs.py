"""Every catalog string, in every language: translated, compiled, drawable by the font that shows it, and fitting its box.

A message's context names its box (``language``). The message bar and the title bar are drawn with the
console's own toolkit at 800x480 and must not be cut; the handheld's words must fit its 16 columns; a label
(menu row, value, name, panel line, key, card, hint) may be no wider than the English it translates (the screens
are laid out for the English) unless it is short enough for any such box. The message and title bars are drawn at the
console's size and at the simulator's screen panel's. Terminal and phone words have no box.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pygame
import pygame.freetype
import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from console.table.screen.toolkit import Toolkit
from firmware import screens
from language import CATALOGS, DOMAIN, LANGUAGES, font_file, use
from language.handheld_font import glyphs_for, needs_glyph
from language.update import main as update
from tests.games.test_messages_fit import sizes

TRANSLATED = [language for language in LANGUAGES if language != "en"]
SIZE = (800, 480)
UNBOXED = {"terminal", "phone"}
HANDHELD = {"handheld", "firmware", "handheld line"}
LABEL_FLOOR = {"row": 260, "value": 110, "name": 150, "panel": 150, "key": 110, "card": 400, "hint": 300}
"""Pixels at the main line height under which a label fits any box of its kind, whatever the English's width."""
_SLOT = re.compile(r"\{[a-z_]+(?::[^}]*)?\}|%[sd]")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    use("en")


@cache
def catalog(language: str) -> Catalog:
    with (CATALOGS / language / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as source:
        return read_po(source, locale=language)


def entries(language: str) -> list[tuple[Message, str]]:
    """Each message of *language*'s catalog with each of its translations (plural forms apart)."""
    found = []
    for message in catalog(language):
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found += [(message, string) for string in strings]
    return found


def english_of(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple) else [message.id]


def filled(text: str) -> str:
    """*text* with each place filled by a three-digit station (so two languages are measured alike)."""
    return _SLOT.sub("188", text)


def test_the_catalogs_are_current_compiled_and_translated() -> None:
    """The source's messages, the .po files, the .mo files and the handheld's language modules all agree; nothing is left untranslated."""
    assert update(["--check"]) == 0


@pytest.mark.parametrize("language", TRANSLATED)
def test_placeholders_survive_translation(language: str) -> None:
    wrong = []
    for message, string in entries(language):
        names = {match.split(":")[0].strip("{}") for match in _SLOT.findall(english_of(message)[0]) if match.startswith("{")}
        used = {match.split(":")[0].strip("{}") for match in _SLOT.findall(string) if match.startswith("{")}
        printf = sorted(re.findall(r"%[sd]", english_of(message)[0])), sorted(re.findall(r"%[sd]", string))
        if used - names or printf[0] != printf[1]:
            wrong.append((message.id, string))
    assert not wrong, wrong[:10]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_screen_font_draws_every_character(language: str) -> None:
    pygame.freetype.init()
    path = font_file(language)
    font = pygame.freetype.Font(str(path) if path else None, 24)
    texts = [filled(string) for _, string in entries("ko")] if language != "en" else \
        [filled(english) for message, _ in entries("ko") for english in english_of(message)]
    missing = set()
    for char in {char for text in texts for char in text if not char.isspace()}:
        metrics = font.get_metrics(char)
        if not metrics or metrics[0] is None or metrics[0][1] <= metrics[0][0]:
            missing.add(char)
    assert not missing, f"{language}: the font lacks {''.join(sorted(missing))!r}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_handheld_draws_every_character_it_can_be_sent(language: str) -> None:
    module = __import__(f"firmware.lang_{language}", fromlist=["CHARS"])
    texts = [string for _, string in entries(language)]  # a refusal, a lesson's note, a result: any message may be sent
    missing = {char for char in glyphs_for(texts) if char not in module.CHARS}
    assert not missing, f"the handheld's {language} glyphs lack {''.join(sorted(missing))!r}"
    assert all(not needs_glyph(char) or char in module.CHARS for char in "미스터 X 택시 버스 지하철")


@pytest.mark.parametrize("size", sizes(), ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_bar_and_title_fits(language: str, size: tuple[int, int]) -> None:
    """On the console's screen and on the simulator's screen panel."""
    use(language)
    kit = Toolkit(size)
    surface = pygame.Surface(size)
    cut = []
    for message, string in entries("ko"):
        shown = [filled(english) for english in english_of(message)] if language == "en" else [filled(string)]
        for text in shown:
            if message.context is None:
                kit.begin(surface)
                kit.message_bar(surface, text, alert=False)
            elif message.context == "title":
                kit.begin(surface)
                kit.title_bar(surface, text)
            else:
                continue
            if kit.cut:
                cut.append(text)
    assert not cut, f"{len(cut)} texts do not fit in {language}:\n" + "\n".join(cut[:15])


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_label_is_no_wider_than_its_english_or_fits_any_box(language: str) -> None:
    kit = Toolkit(SIZE)
    px = kit.px_main
    wide = []
    for message, string in entries(language):
        floor = LABEL_FLOOR.get(message.context or "")
        if floor is None:
            continue
        use("en")
        english = max(kit.font(px).size(filled(text))[0] for text in english_of(message))
        use(language)
        width = kit.font(px).size(filled(string))[0]
        if width > max(floor, english * 1.1):
            wide.append(f"{message.context}: {string!r} is {width} px, the English {english}")
    assert not wide, f"{len(wide)} labels are too wide:\n" + "\n".join(wide[:15])


def columns_of(text: str) -> int:
    return len(filled(text))


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_handheld_text_fits_the_handheld(language: str) -> None:
    """A firmware line, or a game's word for the handheld's lines, is no longer than its English (its page was laid out for
    it); a sent text wraps into six lines."""
    long = []
    for message, string in entries(language):
        if message.context in ("firmware", "handheld line"):
            english = max(columns_of(text) for text in english_of(message))
            if columns_of(string) > max(english, 1) and columns_of(string) > screens.COLUMNS // 2:
                long.append((message.id, string))
        elif message.context == "handheld" and len(screens.wrap(filled(string), screens.COLUMNS - 1)) > 6 * 4:
            long.append((message.id, string))
    assert not long, long[:10]
