"""Defaults from a configuration file, and ``--files-from`` (both applied before parsing).

gamao reads the first of ``gamao.toml`` or a ``pyproject.toml`` with a ``[tool.gamao]`` table
found in the current directory or its parents (or the file ``GAMAO_CONFIG`` names). Keys at
the top level are defaults for every command that has that option; a table named after a
command holds that command's defaults. Keys are option names without the dashes, as in
``--show-board`` -> ``show-board`` (or the parameter's name, ``show_board``)::

    jobs = 2

    [check]
    rules = "nocube"
    severity = "info"

    [stats]
    alias = ["nori=bgnori"]

Options given on the command line win. An unknown key, a value of the wrong type or a file
that is not TOML stops the command with a message naming the file and the key (exit 2).

``--files-from FILE`` (any command that takes paths; ``-`` for standard input) adds the
paths listed in FILE, one a line (blank lines and lines starting with ``#`` skipped), after
the paths given on the command line.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gamao_cli.i18n import N_

CONFIG_NAME = "gamao.toml"


class ConfigError(ValueError):
    """A configuration file or a --files-from list that cannot be used."""


def find_config(start: Path | None = None) -> tuple[Path, Mapping[str, Any]] | None:
    """The configuration in force: (file, the gamao table), or None."""
    named = os.environ.get("GAMAO_CONFIG")
    if named:
        path = Path(named)
        return path, _load(path, pyproject=path.name == "pyproject.toml")
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        own = folder / CONFIG_NAME
        if own.is_file():
            return own, _load(own, pyproject=False)
        project = folder / "pyproject.toml"
        if project.is_file():
            table = _load(project, pyproject=True)
            if table:
                return project, table
    return None


def _load(path: Path, pyproject: bool) -> Mapping[str, Any]:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if pyproject and b"gamao" not in raw:
        return {}  # another project's file, not parsed (tomllib costs 5 ms of every start)
    import tomllib

    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    if not pyproject:
        return data
    table = data.get("tool", {}).get("gamao", {})
    if not isinstance(table, dict):
        raise ConfigError(N_("{path}: [tool.gamao] must be a table").format(path=path))
    return table


def _params(command: Any) -> dict[str, Any]:
    """Option spellings (without dashes, and the parameter names) -> the option."""
    out: dict[str, Any] = {}
    for param in getattr(command, "params", ()):
        if getattr(param, "param_type_name", "") != "option" or param.name is None:
            continue
        out[param.name] = param
        out[param.name.replace("_", "-")] = param
        for opt in param.opts:
            if opt.startswith("--"):
                out[opt[2:]] = param
    return out


def _checked(param: Any, value: Any, where: str) -> Any:
    """``value`` as the option would take it from the command line, or a ConfigError."""
    values = value if isinstance(value, list) else [value]
    if isinstance(value, list) and not getattr(param, "multiple", False):
        raise ConfigError(N_("{where}: expected one value, not a list").format(where=where))
    try:
        for item in values:
            param.type.convert(item, param, None)
    except Exception as exc:  # click's BadParameter and kin: say what the option accepts
        message = getattr(exc, "message", None) or str(exc)
        raise ConfigError(f"{where}: {message}") from None
    return value


def default_map(group: Any, table: Mapping[str, Any], source: Path) -> dict[str, Any]:
    """The click ``default_map`` for ``group``'s commands from a configuration table; a
    top-level key naming an option of ``gamao`` itself (``lang``) sets that option."""
    load_all = getattr(group, "load_all", None)  # the lazy group (gamao_cli.cli.lazy)
    commands: dict[str, Any] = load_all() if load_all else dict(getattr(group, "commands", {}))
    out: dict[str, Any] = {name: {} for name in commands}
    shared = {k: v for k, v in table.items() if not isinstance(v, dict)}
    own = _params(group)
    for key, value in shared.items():
        if key in own and key not in ("version", "help"):
            out[own[key].name] = _checked(own[key], value, f"{source}: {key}")
            continue
        used = False
        for name, command in commands.items():
            param = _params(command).get(key)
            if param is not None:
                out[name][param.name] = _checked(param, value, f"{source}: {key}")
                used = True
        if not used:
            raise ConfigError(
                N_("{source}: no command has an option {key}").format(source=source, key=repr(key))
            )
    for name, values in table.items():
        if not isinstance(values, dict):
            continue
        if name not in commands:
            known = ", ".join(sorted(commands))
            raise ConfigError(
                N_("{source}: [{name}] is not a gamao command (known: {known})").format(
                    source=source, name=name, known=known
                )
            )
        spellings = _params(commands[name])
        for key, value in values.items():
            param = spellings.get(key)
            if param is None:
                raise ConfigError(
                    N_("{source}: [{name}] {key}: gamao {name} has no such option").format(
                        source=source, name=name, key=repr(key)
                    )
                )
            out[name][param.name] = _checked(param, value, f"{source}: [{name}] {key}")
    return {k: v for k, v in out.items() if v}


FILES_FROM_HELP = (
    "Also read the paths listed in this file, one a line ('-' for stdin; blank lines and "
    "lines starting with # skipped)."
)


def add_files_from(command: Any) -> None:
    """Give a command that takes paths (a variadic argument) its ``--files-from`` option: in
    its help, and expanded before the command parses its arguments (``main`` expands it
    first; this covers a command run without ``main``, as tests run it)."""
    import typer
    from typer.core import TyperOption

    params = getattr(command, "params", [])
    if not any(p.param_type_name == "argument" and p.nargs == -1 for p in params):
        return
    params.append(
        TyperOption(
            param_decls=["--files-from"],
            metavar="<path>",
            help=FILES_FROM_HELP,
            expose_value=False,
        )
    )
    parse = command.parse_args

    def parse_args(ctx: typer.Context, args: list[str]) -> list[str]:
        try:
            expanded = expand_files_from(args)
        except ConfigError as exc:
            raise typer.BadParameter(str(exc), ctx=ctx) from None
        result: list[str] = parse(ctx, expanded)
        return result

    command.parse_args = parse_args


def expand_files_from(argv: Sequence[str]) -> list[str]:
    """``argv`` with each ``--files-from FILE`` replaced by the paths FILE lists (put after
    the other arguments, or before a ``--`` if there is one)."""
    out: list[str] = []
    added: list[str] = []
    i = 0
    args = list(argv)
    while i < len(args):
        arg = args[i]
        if arg == "--":
            out.extend(args[i:])
            break
        if arg == "--files-from" or arg.startswith("--files-from="):
            if arg == "--files-from":
                if i + 1 >= len(args):
                    raise ConfigError(N_("--files-from: expected a file name (or - for stdin)"))
                name = args[i + 1]
                i += 2
            else:
                name = arg.split("=", 1)[1]
                i += 1
            added.extend(_listed(name))
            continue
        out.append(arg)
        i += 1
    if "--" in out:
        at = out.index("--")
        return out[:at] + added + out[at:]
    return out + added


def _listed(name: str) -> list[str]:
    try:
        text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise ConfigError(
            N_("--files-from {name}: cannot read: {error}").format(
                name=name, error=exc.strerror or exc
            )
        ) from None
    except UnicodeDecodeError:
        raise ConfigError(N_("--files-from {name}: not UTF-8 text").format(name=name)) from None
    paths = [line.strip() for line in text.splitlines()]
    paths = [p for p in paths if p and not p.startswith("#")]
    if not paths:
        raise ConfigError(N_("--files-from {name}: lists no paths").format(name=name))
    return paths
