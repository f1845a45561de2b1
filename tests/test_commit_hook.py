"""The commit-msg hook in .githooks: a subject of at most 72 characters, and the body after a blank line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HOOK = Path(__file__).parents[1] / ".githooks" / "commit-msg"


def _run(tmp_path: Path, message: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "COMMIT_EDITMSG"
    path.write_text(message, encoding="utf-8")
    return subprocess.run([sys.executable, str(HOOK), str(path)], capture_output=True, text=True, check=False)


@pytest.mark.parametrize("message", ["Tiles: one cap a station\n", "x" * 72 + "\n\nWhy, in the body.\n",
                                     "Short subject\n\nBody\n# a comment git strips: " + "y" * 100 + "\n"])
def test_a_short_subject_passes(tmp_path: Path, message: str) -> None:
    assert _run(tmp_path, message).returncode == 0


@pytest.mark.parametrize(("message", "words"), [("x" * 73 + "\n", "73 characters: at most 72"),
                                                ("Subject\nbody at once\n", "second line must be blank"),
                                                ("\n\nbody\n", "empty")])
def test_a_long_subject_or_a_body_without_its_blank_line_is_refused(tmp_path: Path, message: str, words: str) -> None:
    result = _run(tmp_path, message)
    assert result.returncode == 1 and words in result.stderr
