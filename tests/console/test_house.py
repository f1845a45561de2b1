"""The house's walls: each part of the console imports only the parts below it, and a kind of game lives in its folder.

These are the rules a new maintainer reads in ``console/__init__.py``; reading
the imports of every module keeps them true when nobody is looking. A kind's
own settings (``GameKind.options``) are named only in its folder too: the code
every kind shares reads and writes them by their declarations. The hardware's
rooms (``hardware/__init__.py``) are kept the same way.
"""

import ast
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

from console.games import KINDS
from tests.support.toy import TOY

ROOT = Path(__file__).resolve().parents[2]

# The console's parts from the bottom up: a part may import itself and any part before it.
CONSOLE_PARTS = ("settings", "table", "games", "records", "lessons", "appliance", "program", "cli")

# The rooms of the project from the bottom up, with the same rule.
ROOMS = ("engine", "language", "hardware", "console")

# The seams at hardware's top, which every one of its parts shares (the factory, at the top too, has its own line below).
HARDWARE_SEAMS = ("interfaces", "config", "station_map", "files")

# The hardware's parts, and the others each may import besides itself (the rooms below hardware are ROOMS' to rule).
HARDWARE_PARTS = {
    "seams": {"seams"},                      # what every part speaks: no device, no sub-package
    "factory": {"seams", "drivers", "sim"},  # builds a profile's devices: the Pi's, their fakes, the simulator's window
    "drivers": {"seams"},                    # the devices and their fakes, each alone behind its interface
    "builder": {"seams"},                    # hw-test and calibrate: through the interfaces, on whatever the factory built
    "pack": {"seams"},                       # the maker's pack: made on any PC, with no device
    "phone": {"seams"},                      # Mister X's phone: a handheld link of its own, on no driver
    "sim": {"seams", "factory", "drivers"},  # the simulator: the factory builds its window's devices, beside some drivers'
}

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


# The folders of each kind of game's own code: only there may its own settings be named.
KIND_HOMES = ("console.games.classic", "console.games.junior")

# A word that names a kind's setting but means something else where it is used: the module, the word, and what it means there.
OTHER_MEANINGS = {("console.cli", "detectives"): "the side --play-as names"}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def imports_of(path: Path) -> tuple[str, ...]:
    """Every module a file imports (read once a run: every wall reads them)."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    return tuple(imports_in(path.read_text(encoding="utf-8"), package))


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


def hardware_part(module: str) -> str | None:
    """The part of the hardware a module name belongs to: ``seams`` (its top), ``factory`` or a sub-package; None outside it."""
    parts = module.split(".")
    if parts[0] != "hardware":
        return None
    return "seams" if len(parts) == 1 or parts[1] in HARDWARE_SEAMS else parts[1]


def hardware_walls_broken(module: str, imported: Iterable[str]) -> list[str]:
    """Each import of *module*, a module of the hardware, from a part of the hardware its own part may not import."""
    own = hardware_part(module)
    allowed = {None, own, *HARDWARE_PARTS[own]}  # None: outside the hardware, the rooms' test's to judge
    return [f"{module} imports {name}" for name in imported if hardware_part(name) not in allowed]


def test_the_hardware_s_top_holds_its_seams_and_its_factory_and_each_sub_package_has_its_walls() -> None:
    assert {path.stem for path in (ROOT / "hardware").glob("*.py")} == {"__init__", "factory", *HARDWARE_SEAMS}
    assert {path.parent.name for path in (ROOT / "hardware").glob("*/__init__.py")} == set(HARDWARE_PARTS) - {"seams", "factory"}


def test_each_part_of_the_hardware_imports_only_the_parts_it_may() -> None:
    broken = [line for path in _modules("hardware") for line in hardware_walls_broken(_module_name(path), imports_of(path))]
    assert not broken, "a part of the hardware imports one it may not: " + "; ".join(sorted(set(broken)))


def test_every_package_says_what_it_holds_in_its_first_line() -> None:
    packages = [path for room in ROOMS for path in (ROOT / room).rglob("__init__.py")]
    assert len(packages) > 20
    silent = [str(path.relative_to(ROOT)) for path in packages if not ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))]
    assert not silent, "packages without a docstring: " + ", ".join(silent)


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


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of two or more modules that import each other round a circle (strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(module: str) -> None:  # Tarjan's algorithm
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return circles


def test_no_modules_import_each_other_round_a_circle() -> None:
    """Every import counts, under TYPE_CHECKING and inside functions too: a circle of types is still a circle to read."""
    paths = {_module_name(path): path for room in (*ROOMS, "firmware") for path in _modules(room)}
    graph = {module: set() for module in paths}
    for module, path in paths.items():
        for imported in imports_of(path):
            while imported and imported not in paths:
                imported = imported.rpartition(".")[0]
            if imported and imported != module and not module.startswith(imported + "."):  # its own package: a sibling
                graph[module].add(imported)
    assert not import_circles(graph)
    assert import_circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_walls_are_found_when_broken() -> None:
    """The import reader sees relative and ``from package import module`` imports, so the tests above can fail."""
    source = "from ..program import loop\nfrom console import lessons\nfrom . import junior\nimport console.cli\n"
    found = set(imports_in(source, "console.games"))
    assert {"console.program.loop", "console.lessons", "console.games.junior", "console.cli"} <= found


def test_the_hardware_s_walls_are_found_when_broken() -> None:
    """A pack that reached for a driver, the simulator, the phone or the builder is caught; the seams and the rooms below are not."""
    source = ("from hardware.drivers.leds import level_table\nfrom ..sim import window\nfrom hardware import phone, config\n"
              "import hardware.builder.selftest\nfrom language import _\nfrom .board import map_size\n")
    found = hardware_walls_broken("hardware.pack.board_sheet", imports_in(source, "hardware.pack"))
    assert {line.rpartition(" ")[2] for line in found} == {"hardware.drivers.leds", "hardware.drivers.leds.level_table", "hardware.sim",
                                                           "hardware.sim.window", "hardware.phone", "hardware.builder.selftest"}
    assert hardware_walls_broken("hardware.station_map", ["hardware.drivers.station_buttons"])  # a seam on a device
    assert not hardware_walls_broken("hardware.factory", ["hardware.drivers.leds", "hardware.sim.window", "hardware.config"])


def names_in(source: str) -> Iterator[tuple[int, str]]:
    """Each name a source uses, with its line: its variables, arguments, attributes, keywords, imports and definitions, and
    its strings that are a single word (a key, a field's name)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            yield node.lineno, node.id
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr
        elif isinstance(node, ast.keyword) and node.arg:
            yield node.value.lineno, node.arg
        elif isinstance(node, ast.arg):
            yield node.lineno, node.arg
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.lineno, node.name
        elif isinstance(node, ast.alias):
            yield node.lineno, (node.asname or node.name).rpartition(".")[2]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
            yield node.lineno, node.value


def kinds_settings_named(module: str, source: str, keys: set[str]) -> list[str]:
    """Where *source* (the module *module*) names one of *keys*, a kind's own setting, besides its ``OTHER_MEANINGS``."""
    return [f"{module}:{line} names {name}" for line, name in names_in(source) if name in keys and (module, name) not in OTHER_MEANINGS]


def test_the_code_every_kind_shares_names_no_kind_s_own_setting() -> None:
    keys = {option.key for kind in (*KINDS, TOY) for option in kind.options}
    assert {"detectives", "bobbies", "five_reveals", "district", "hiding_places"} <= keys
    named = []
    for path in _modules("console"):
        module = _module_name(path)
        if not module.startswith(KIND_HOMES):
            named += kinds_settings_named(module, path.read_text(encoding="utf-8"), keys)
    assert not named, "; ".join(named)


def test_a_kind_s_setting_named_in_shared_code_is_found() -> None:
    """The ways shared code once named them (``GameSettings``' fields, the preferences' keys, a setup's reset) are all seen."""
    source = ("settings = replace(self.settings, detectives=None, bobbies=None)\n"
              "if settings.district:\n"
              "    REMEMBERED = ('edition', 'five_reveals')\n"
              "def deal(hiding_places: int) -> None: ...\n")
    found = kinds_settings_named("console.program.program", source, {"detectives", "bobbies", "district", "five_reveals", "hiding_places"})
    assert set(found) == {"console.program.program:1 names detectives", "console.program.program:1 names bobbies",
                          "console.program.program:2 names district", "console.program.program:3 names five_reveals",
                          "console.program.program:4 names hiding_places"}
    assert kinds_settings_named("console.cli", "args.play_as != 'detectives'", {"detectives"}) == []  # another meaning there
