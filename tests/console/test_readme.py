"""The README starts a newcomer in one screen, and sends the reference parts to docs/, whose API examples run as tests."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
KOREAN = (ROOT / "README.ko.md").read_text(encoding="utf-8")
DOCUMENTS = (
    ROOT / "README.md",
    ROOT / "README.ko.md",
    *sorted((ROOT / "docs").glob("*.md")),
    *sorted((ROOT / "hardware").glob("*.md")),
)
"""The Markdown a reader follows links through: the READMEs, docs/ and the maker's pack."""
ONE_SCREEN = 40
"""Lines of a terminal or an editor's window, about: the quick start fits in it."""


def quick_start(text: str) -> list[str]:
    """The README's first section, up to the second: the quick start."""
    sections = re.split(r"^## ", text, flags=re.MULTILINE)
    return ("## " + sections[1]).splitlines()


def test_the_quick_start_is_at_the_top_and_fits_one_screen() -> None:
    start = quick_start(README)
    text = "\n".join(start)
    assert len(README[: README.index("## ")].splitlines()) + len(start) <= ONE_SCREEN
    assert "pip install -e '.[sim]' && .venv/bin/scotland-yard sim" in text
    assert "Start with Learn to play" in text and "Quick game" in text
    assert all(key in text for key in ("↑", "↓", "←", "→", "Enter", "Backspace", "Esc", "H ("))
    assert re.search(r"!\[[^\]]+\]\(docs/\w[\w-]*\.png\)", text)
    picture = re.search(r"\(docs/([\w-]+\.png)\)", text)
    assert picture and (ROOT / "docs" / picture.group(1)).is_file()


def test_the_korean_readme_starts_the_same_way() -> None:
    text = "\n".join(quick_start(KOREAN))
    assert len(KOREAN[: KOREAN.index("## ")].splitlines()) + len(text.splitlines()) <= ONE_SCREEN
    assert "scotland-yard sim --language ko" in text and "게임 배우기부터 시작하세요" in text and "빠른 게임" in text
    assert all(key in text for key in ("↑", "↓", "Enter", "Backspace", "Esc")) and re.search(r"!\[[^\]]+\]\(docs/", text)


def test_the_figures_and_the_api_reference_are_in_docs_and_the_readme_links_them() -> None:
    for name in ("API.md", "COMPUTER_PLAYERS.md", "BENCHMARKS.md"):
        assert (ROOT / "docs" / name).is_file() and f"(docs/{name}" in README, name
    assert ">>> " not in README and "Elo" not in README and "hard-steady" not in README
    api = (ROOT / "docs" / "API.md").read_text(encoding="utf-8")
    assert api.count(">>> ") > 40 and "Elo" in (ROOT / "docs" / "COMPUTER_PLAYERS.md").read_text(encoding="utf-8")


def test_the_api_reference_s_examples_run_as_tests() -> None:
    pytest_options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "docs/API.md" in pytest_options["testpaths"] and "--doctest-glob='API.md'" in pytest_options["addopts"]


def test_every_link_of_the_readmes_and_docs_to_a_file_of_the_checkout_finds_it() -> None:
    for document in DOCUMENTS:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", document.read_text(encoding="utf-8")):
            if "://" not in target:
                assert (document.parent / target).exists(), f"{document.name}: {target}"


def _anchors(document: Path) -> set[str]:
    """The anchors GitHub makes of a Markdown file's headings: lower case, punctuation dropped, spaces to hyphens."""
    headings = re.findall(r"^#+\s+(.+?)\s*$", document.read_text(encoding="utf-8"), flags=re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


def test_every_link_to_a_heading_finds_it() -> None:
    checked = 0
    for document in DOCUMENTS:
        for target, anchor in re.findall(r"\]\(([^)#\s]*)#([^)\s]+)\)", document.read_text(encoding="utf-8")):
            if "://" in target:
                continue
            linked = document.parent / target if target else document
            assert anchor in _anchors(linked), f"{document.name}: {target}#{anchor}"
            checked += 1
    assert checked > 5
