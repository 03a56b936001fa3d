"""The ``gamao`` command."""

from __future__ import annotations

import typer

from gamao_cli import __version__
from gamao_cli.build import build_name
from gamao_cli.cli.lazy import TYPER_SETTINGS, LazyGroup
from gamao_cli.i18n import set_language

# The sub-commands are loaded when used (gamao_cli.cli.lazy): start-up imports only what
# the command run needs.
app = typer.Typer(
    name="gamao",
    help="Parse, verify, score, report on and convert backgammon match records.",
    no_args_is_help=True,
    cls=LazyGroup,
    **TYPER_SETTINGS,
)


def _lang(ctx: typer.Context, value: str | None) -> str | None:
    """Set the language first (eager), so that a later --help is shown in it."""
    from gamao_cli.cli.help_i18n import translate_help

    try:
        lang = set_language(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    translate_help(ctx.find_root().command, lang)
    return value


def _version(value: bool) -> None:
    if value:
        typer.echo(f"gamao {__version__} ({build_name()})")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
    lang: str | None = typer.Option(
        None,
        "--lang",
        callback=_lang,
        is_eager=True,
        metavar="en|pt",
        help="Language of messages, tables and reports: en or pt (default: the environment's "
        "LANGUAGE, LC_ALL or LANG, else English). Machine-readable output never changes.",
    ),
) -> None:
    """Parse, verify, score, report on and convert backgammon match records.

    Every command that takes paths also takes --files-from FILE (paths one a line, '-' for
    stdin). Defaults for any option can be set in gamao.toml or [tool.gamao] in
    pyproject.toml (docs/config.md); options on the command line win.
    """


def main(argv: list[str] | None = None) -> None:
    """The command line: ``--files-from`` lists expanded and the configuration file's
    defaults applied (gamao_cli.cli.config), then the command run."""
    import sys

    from typer.main import get_command

    from gamao_cli.cli.common import ExitCode, stderr_console
    from gamao_cli.cli.config import ConfigError, default_map, expand_files_from, find_config

    args = sys.argv[1:] if argv is None else argv
    group = get_command(app)
    try:
        args = expand_files_from(args)
        found = find_config()
        defaults = default_map(group, found[1], found[0]) if found else {}
    except ConfigError as exc:
        from rich.text import Text

        stderr_console().print(Text.assemble(("error:", "bold red"), " ", str(exc)))
        raise SystemExit(ExitCode.CANNOT_RUN) from None
    _language_first(group, args, defaults)
    _terminate_cleanly()
    group(args=args, prog_name="gamao", default_map=defaults)


def _terminate_cleanly() -> None:
    """SIGTERM (``kill``, a job scheduler's time limit) unwinds like Ctrl-C, so that a file
    being written is removed rather than left half written (formats.atomic)."""
    import signal

    def stop(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)

    if hasattr(signal, "SIGTERM"):
        from contextlib import suppress

        with suppress(ValueError):  # not the main thread (gamao run inside another program)
            signal.signal(signal.SIGTERM, stop)


def _language_first(group: object, args: list[str], defaults: dict[str, object]) -> None:
    """Set the language before click parses anything, so that ``gamao --help`` and errors
    in parsing are in it too: ``--lang`` before the sub-command, else the configuration's
    ``lang``, else the environment. An unknown language is left for --lang to reject."""
    from gamao_cli.cli.help_i18n import translate_help

    lang: object = defaults.get("lang")
    for i, arg in enumerate(args):
        if not arg.startswith("-"):
            break
        if arg == "--lang" and i + 1 < len(args):
            lang = args[i + 1]
        elif arg.startswith("--lang="):
            lang = arg.split("=", 1)[1]
    try:
        chosen = set_language(lang if isinstance(lang, str) else None)
    except ValueError:
        return
    translate_help(group, chosen)
