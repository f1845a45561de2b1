"""Words shown in Korean, read for what is left in English: a test of a language reads the words, not the pixels."""

from __future__ import annotations

import re
from collections.abc import Iterable

_ENGLISH = re.compile(r"[A-Za-z]{2,}")


def english_left(texts: Iterable[str], allowed: Iterable[str] = ()) -> list[str]:
    """The English words in *texts*, but for paths (a word with a slash or a dot) and the *allowed* ones (a chip's pins)."""
    known = set(allowed)
    words = [word for text in texts for word in text.split() if "/" not in word and "." not in word.rstrip(".")]
    return [found for word in words for found in _ENGLISH.findall(word) if found not in known]
