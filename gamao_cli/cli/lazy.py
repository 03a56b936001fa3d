"""The ``gamao`` group loads a sub-command's module only when that command is asked for.

Importing every command module (and building every click command from its typer function)
cost about 50 ms of every start, whichever command ran. :class:`LazyGroup` knows the
commands by name and module (:data:`COMMANDS`); :meth:`LazyGroup.get_command` imports the
module, lets it register its command on a typer app of its own and adds the click command
built from it (its option groups spelled out, cli.option_groups), help texts put in the
active language. Listing the commands (``gamao
--help``) and a configuration file's defaults load them all.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

import typer
from typer.core import TyperGroup

from gamao_cli.i18n import language

# Command name -> its module (which has ``register(app)``), in the order --help lists them.
COMMANDS: dict[str, str] = {
    name: f"gamao_cli.cli.{'split' if name == 'merge' else name}"
    for name in (
        "moves",
        "check",
        "show",
        "convert",
        "filter",
        "dedupe",
        "split",
        "merge",
        "fix",
        "stats",
        "ratings",
        "report",
        "view",
        "analyse",
        "codes",
        "diff",
    )
}

TYPER_SETTINGS: dict[str, Any] = {
    "add_completion": False,
    "pretty_exceptions_enable": False,
    "rich_markup_mode": None,
}


def module_commands(module: str) -> dict[str, Any]:
    """The click commands that ``module`` registers, by name."""
    from gamao_cli.cli.option_groups import expand

    app = typer.Typer(**TYPER_SETTINGS)
    import_module(module).register(app)
    for info in app.registered_commands:  # option groups spelled out (cli.option_groups)
        info.callback = expand(info.callback) if info.callback is not None else None
    built = typer.main.get_command(app)  # a group if the module has several commands
    commands: dict[str, Any] = getattr(built, "commands", {})
    return dict(commands) if commands else {str(app.registered_commands[0].name): built}


class LazyGroup(TyperGroup):
    """A typer group whose sub-commands are imported and built on first use."""

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            self.load(cmd_name)
        return self.commands.get(cmd_name)

    def load(self, name: str) -> None:
        from gamao_cli.cli.config import add_files_from
        from gamao_cli.cli.help_i18n import translate_help

        for built_name, command in module_commands(COMMANDS[name]).items():
            command.name = built_name
            add_files_from(command)
            translate_help(command, language())
            self.add_command(command, built_name)

    def load_all(self) -> dict[str, Any]:
        """Every sub-command, loaded, by name."""
        for name in COMMANDS:
            self.get_command(None, name)
        return {name: self.commands[name] for name in COMMANDS}
