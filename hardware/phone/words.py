"""The phone page's own words, in the console's language: what ``/words.json`` serves and ``index.html`` says.

The page (``static/app.js``) is JavaScript and reads no catalog, so each of its messages is listed here, marked
for the catalog in the box "phone", and the server hands the page their translations in the language in use.
The page keeps the English as it is written in ``app.js`` (a test holds the two lists equal), shows it until the
words arrive and wherever one is missing, and fills each ``{name}`` itself. What the console sends the page in
its messages (its game's words, a refusal, a hint) is already in the console's language.

>>> words = page_words("ko")
>>> words["language"], words["words"]["Wait for your turn."], words["counted"]["{n} move"][3]
('ko', '차례를 기다리세요.', '이동 {n}번')
"""

from __future__ import annotations

from html import escape
from typing import Any

from language import Text, catalog, np_, p_

__all__ = ["COUNTED", "FRAME", "MOST_COUNTED", "PAGE", "page_html", "page_words"]

PAGE: tuple[Text, ...] = (
    # the page's frame (index.html) and its status line
    p_("phone", "Mister X"),
    p_("phone", "This page needs JavaScript: switch it on in the browser's settings, then scan the console's QR code again."),
    p_("phone", "Connecting\u2026"),
    p_("phone", "Reconnecting\u2026"),
    p_("phone", "The console does not answer. If it shows a new QR code, scan that one."),
    # before a game
    p_("phone", "Mister X's phone"),
    p_("phone", "To pair this phone with the console, scan the QR code on the console's screen with this phone's camera, "
                "and open the link it shows."),
    p_("phone", "Keep this page open during the game: it shows Mister X's moves, and only this phone can make them."),
    p_("phone", "This game is already paired with another phone."),
    p_("phone", "To play on this phone instead, choose \u201cPair a phone again\u201d on the console and scan the new QR code."),
    p_("phone", "The game goes on in another tab of this phone."),
    p_("phone", "Reload this page to play here instead."),
    p_("phone", "Waiting for the console"),
    p_("phone", "Connected."),
    p_("phone", "Not connected."),
    # the cover over a secret
    p_("phone", "Hide"),
    p_("phone", "Hidden. Tap to show."),
    p_("phone", "Pass me to"),
    p_("phone", "Tap when you have me."),
    p_("phone", "Your turn"),
    p_("phone", "Tap to show."),
    # the screens of a turn (a kind's own words come from the console: console.games.handheld)
    p_("phone", "Wait for your turn."),
    p_("phone", "Travel log"),
    p_("phone", "No moves yet."),
    p_("phone", "Back"),
    p_("phone", "Lesson"),
    p_("phone", "Show my moves"),
    p_("phone", "No move."),
    p_("phone", "Send"),
    p_("phone", "Send (not connected)"),
    p_("phone", "Sending\u2026"),
    p_("phone", "Move refused"),
    p_("phone", "Move sent"),
    p_("phone", "Hide the phone."),
    p_("phone", "Tap to go on."),
    p_("phone", "Game over"),
)
"""Every message of the page, in English as ``app.js`` writes it."""

COUNTED: tuple[Text, ...] = (np_("phone", "{n} move", "{n} moves", 0),)
"""The page's messages that count something: served as one form for each count, the language's plural rule applied."""
MOST_COUNTED = 99
"""The highest count the page is served a form for (a travel log holds at most 24 moves)."""

FRAME = (PAGE[0], PAGE[1])
"""The words of ``index.html`` itself: its title, and what it says when the browser runs no JavaScript."""


def page_words(language: str) -> dict[str, Any]:
    """The page's words in *language*: ``{"language": code, "words": {English: words}, "counted": {English: [words]}}``."""
    found = catalog(language)
    return {
        "language": language,
        "words": {text.message: found.pgettext("phone", text.message) for text in PAGE},
        "counted": {text.message: [found.npgettext("phone", text.message, text.plural or text.message, count)
                                   for count in range(MOST_COUNTED + 1)] for text in COUNTED},
    }


def page_html(html: str, language: str) -> str:
    """``index.html`` in *language*: its ``lang``, its title and its words for a browser without JavaScript."""
    found = catalog(language)
    for text in FRAME:
        html = html.replace(f">{escape(text.message, quote=False)}<", f">{escape(found.pgettext('phone', text.message), quote=False)}<")
    return html.replace('<html lang="en">', f'<html lang="{language}">')
