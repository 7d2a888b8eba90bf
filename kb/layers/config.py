"""The layers kb reads: personal first, then the team layers of the config file, then the project.

The config file is TOML, at `$XDG_CONFIG_HOME/kb/config.toml` (`~/.config/kb/config.toml`):

    [[layer]]
    name = "team"
    database = "postgresql+psycopg://kb_team@db.internal/ml"

    [[layer]]
    name = "platform"
    folder = "~/src/platform-faults"

A project's layer is the nearest `.kb/` folder at or above the current directory: entry files, as
`kb sync` and `kb export files` write them. Reading all this costs a few stat calls, so that
`kb search` can afford it on every call.
"""

import os

from kb.errors import KbError
from kb.paths import APP_NAME, MAX_ENTRY_BYTES, PROJECT_FOLDER, home_folder, read_bounded, resolve_location
from kb.patterns import LazyPattern
from kb.records import Record

CONFIG_ENV = "KB_CONFIG"
#: The tables' name before `kb layers` was `kb sources`: a config file written then still reads.
OLD_TABLE = "source"
PERSONAL = "personal"
PROJECT = "project"
_NAME = LazyPattern(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class Layer(Record):
    """One knowledge base kb reads. KIND "database": SPEC is a database (--db) spec; "folder": a folder.
    TRUSTED: kb offers to run its entries' checks (a project folder only after `kb trust`)."""

    name: str
    kind: str
    spec: str
    trusted: bool = True


def config_path() -> str:
    """The config file: $KB_CONFIG, else the XDG config folder's kb/config.toml."""
    if os.environ.get(CONFIG_ENV):
        return os.environ[CONFIG_ENV]
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(home_folder(), ".config")
    return os.path.join(base, APP_NAME, "config.toml")


def parse_config(text: str, where: str) -> list[Layer]:
    """The team layers a config file names, in its order. Raises KbError naming WHERE and the fault."""
    import tomllib  # deferred: only a machine with a config file pays for it

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise KbError(f"{where}: {exc}") from None
    except RecursionError:
        raise KbError(f"{where}: nested too deeply to be kb's config") from None
    except ValueError:  # a number of thousands of digits
        raise KbError(f"{where}: holds a number longer than any setting") from None
    unknown = set(data) - {"layer", OLD_TABLE}
    if unknown:
        raise KbError(f"{where}: unknown table or key '{sorted(unknown)[0]}' (kb reads [[layer]] tables)")
    if "layer" in data and OLD_TABLE in data:
        raise KbError(
            f"{where}: holds both [[layer]] and [[{OLD_TABLE}]] tables; rename [[{OLD_TABLE}]] to [[layer]]"
        )
    table = "layer" if "layer" in data else OLD_TABLE
    tables = data.get(table, [])
    if not isinstance(tables, list):
        raise KbError(f"{where}: '{table}' must be [[{table}]] tables")
    layers: list[Layer] = []
    for number, declared in enumerate(tables, 1):
        label = f"{where}: layer {number}"
        if not isinstance(declared, dict):
            raise KbError(f"{label} must be a table")
        name = declared.get("name")
        if not isinstance(name, str) or not _NAME.fullmatch(name):  # `$` allows a final newline
            raise KbError(f"{label} needs a name in lower case words joined by '-' (name = \"team\")")
        if name in (PERSONAL, PROJECT) or any(layer.name == name for layer in layers):
            raise KbError(f"{label}: the name '{name}' is taken")
        places = [key for key in ("database", "folder") if key in declared]
        extra = set(declared) - {"name", "database", "folder"}
        if len(places) != 1 or extra:
            raise KbError(f'{label} (\'{name}\') needs exactly one of database = "URL" or folder = "PATH"')
        value = declared[places[0]]
        if not isinstance(value, str) or not value.strip():
            raise KbError(f"{label} ('{name}'): {places[0]} must be a non-empty string")
        layers.append(Layer(name, places[0], _beside(where, value, places[0])))
    return layers


def _beside(config: str, value: str, place: str) -> str:
    """VALUE, a layer's database or folder, with a relative path read from CONFIG's own folder, as a
    config file means it: from the working directory, `folder = "team-kb"` made the `team-kb/` of
    whichever repository kb ran in a trusted team layer, and `database = "team.db"` made a new
    database in each folder kb was run from."""
    if place == "database" and "://" in value:
        file = value.removeprefix("sqlite:///")
        if not value.startswith("sqlite:///") or file == ":memory:" or os.path.isabs(file):
            return value
        return "sqlite:///" + os.path.join(
            os.path.dirname(os.path.abspath(config)), value.removeprefix("sqlite:///")
        )
    path = os.path.expanduser(value)
    return path if os.path.isabs(path) else os.path.join(os.path.dirname(os.path.abspath(config)), path)


def configured_layers() -> list[Layer]:
    """The team layers of the config file; none when there is no file."""
    path = config_path()
    try:  # bounded, and a regular file only: KB_CONFIG=/dev/zero never ended, its memory growing
        text = read_bounded(path, MAX_ENTRY_BYTES).decode("utf-8")
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as exc:
        raise KbError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    except KbError:  # a device, a pipe, or far larger than any config
        raise KbError(
            f"{path} is not kb's config: not a regular file, or over {MAX_ENTRY_BYTES} bytes"
        ) from None
    return parse_config(text, path)


def project_folder(start: str | None = None) -> str | None:
    """The nearest .kb/ folder at or above START (the current directory); None when there is none."""
    current = os.path.abspath(start or os.getcwd())
    while True:
        candidate = os.path.join(current, PROJECT_FOLDER)
        if os.path.isdir(candidate):
            return candidate
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def reading_layers(
    personal: str | None = None, start: str | None = None, distinct: bool = True
) -> list[Layer]:
    """Every layer a search reads: PERSONAL (--db, KB_DB or the default), the config's, the project's.
    DISTINCT: a layer on the same database as an earlier one is left out (KB_DB set to the team's
    server, which the config names as the team layer too), so that it is read, counted and shown once;
    `kb --layer NAME` still finds it by name (find_layer)."""
    location = resolve_location(personal)
    layers = [Layer(PERSONAL, "database", location.file or location.url)]
    layers += configured_layers()
    found = project_folder(start)
    if found is not None:
        from kb.layers.trust import is_trusted

        layers.append(Layer(PROJECT, "folder", found, is_trusted(found)))
    if distinct:
        layers = [layer for layer in layers if layer.name not in same_database_as(layers)]
    return layers


def same_database_as(layers: list[Layer]) -> dict[str, str]:
    """The layers of LAYERS on the same database as an earlier one: each one's name → that one's."""
    first: dict[str, str] = {}
    same: dict[str, str] = {}
    for layer in layers:
        if layer.kind != "database":
            continue
        where = resolve_location(layer.spec)
        identity = os.path.realpath(where.file) if where.file else where.url
        if identity in first:
            same[layer.name] = first[identity]
        else:
            first[identity] = layer.name
    return same


def find_layer(name: str, personal: str | None = None) -> Layer:
    """The layer called NAME. Raises KbError listing the names there are."""
    layers = reading_layers(personal, distinct=False)
    for layer in layers:
        if layer.name == name:
            return layer
    names = ", ".join(layer.name for layer in layers)
    raise KbError(f"no layer called '{name}'; there are: {names} (kb layers lists them)")
