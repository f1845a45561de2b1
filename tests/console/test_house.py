"""The house's walls: each part of the console imports only the parts below it, and a kind of game lives in its folder.

These are the rules a new maintainer reads in ``console/__init__.py``; reading
the imports of every module keeps them true when nobody is looking.
"""

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The console's parts from the bottom up: a part may import itself and any part before it.
CONSOLE_PARTS = ("settings", "table", "games", "records", "lessons", "appliance", "program", "cli")

# The rooms of the project from the bottom up, with the same rule.
ROOMS = ("engine", "hardware", "console")

# The one place a kind of game is named outside its own folders: its line in the kinds' registry.
KIND_FOLDERS = ("console.games.junior", "console.lessons.junior")
KIND_REGISTRY = "console.games"

# Where the console reads text with regular expressions, and what it reads. A refusal is worded from the engine's
# structured fields, never read back from its English: a new reader here must read something else, and say what.
REGEX_READERS = {
    "console.games.words": "piece ids such as bobby3",
    "console.appliance.backup": "the file names inside a backup",
    "console.appliance.releases": "release file names, version strings, the mount table",
    "console.records.journal": "the journal's own lines",
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> Iterator[str]:
    """Every module a file imports."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    return imports_in(path.read_text(encoding="utf-8"), package)


def imports_in(source: str, package: str) -> Iterator[str]:
    """Every module a source in ``package`` imports, relative imports made absolute, ``from package import module`` too."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = parts[: len(parts) - node.level + 1]
                origin = ".".join([*base, node.module] if node.module else base)
            else:
                origin = node.module or ""
            yield origin
            yield from (f"{origin}.{alias.name}" for alias in node.names)


def _modules(room: str) -> list[Path]:
    return sorted((ROOT / room).rglob("*.py"))


def _part(module: str) -> str | None:
    """The console part a module name belongs to (None for the console's own ``__init__``)."""
    parts = module.split(".")
    return parts[1] if parts[0] == "console" and len(parts) > 1 else None


def test_each_part_of_the_console_imports_only_the_parts_below_it() -> None:
    upward = []
    for path in _modules("console"):
        own = _part(_module_name(path))
        if own is None:
            continue
        for imported in imports_of(path):
            other = _part(imported)
            if other in CONSOLE_PARTS and CONSOLE_PARTS.index(other) > CONSOLE_PARTS.index(own):
                upward.append(f"{_module_name(path)} imports {imported}")
    assert not upward, "a part imports one above it: " + "; ".join(sorted(set(upward)))


def test_each_room_of_the_project_imports_only_the_rooms_below_it() -> None:
    upward = []
    for own in ROOMS:
        for path in _modules(own):
            for imported in imports_of(path):
                other = imported.split(".")[0]
                if other in ROOMS and ROOMS.index(other) > ROOMS.index(own):
                    upward.append(f"{_module_name(path)} imports {imported}")
    assert not upward, "a room imports one above it: " + "; ".join(sorted(set(upward)))


def test_a_kind_of_game_is_imported_only_by_its_own_folders_and_the_registry() -> None:
    outside = []
    for path in _modules("console"):
        module = _module_name(path)
        if module.startswith(KIND_FOLDERS) or module == KIND_REGISTRY:
            continue
        outside += [f"{module} imports {imported}" for imported in imports_of(path) if imported.startswith(KIND_FOLDERS)]
    assert not outside, "; ".join(sorted(set(outside)))


def test_the_console_reads_no_engine_words_with_regular_expressions() -> None:
    readers = {_module_name(path) for path in _modules("console") if "re" in set(imports_of(path))}
    assert readers == set(REGEX_READERS)


def test_the_walls_are_found_when_broken() -> None:
    """The import reader sees relative and ``from package import module`` imports, so the tests above can fail."""
    source = "from ..program import loop\nfrom console import lessons\nfrom . import junior\nimport console.cli\n"
    found = set(imports_in(source, "console.games"))
    assert {"console.program.loop", "console.lessons", "console.games.junior", "console.cli"} <= found
