"""SafeConsole: record text reaches the terminal as written, never as markup or escapes."""

from __future__ import annotations

import io

from rich.control import Control
from rich.table import Table
from rich.text import Text

from gamao_cli.report.safe_console import SafeConsole

HOSTILE = "[red]x[/red][link=http://evil]y\x1b[2J\x1b]8;;http://e\x07L\r\u202eZ"
SHOWN = "[red]x[/red][link=http://evil]y\\x1b[2J\\x1b]8;;http://e\\x07L\\x0d\\u202eZ"


def _console(color: bool = False) -> tuple[SafeConsole, io.StringIO]:
    buf = io.StringIO()
    console = SafeConsole(file=buf, force_terminal=color, no_color=not color, width=200)
    return console, buf


def test_a_string_is_shown_literally_markup_and_controls_included() -> None:
    console, buf = _console()
    console.print(HOSTILE)
    assert buf.getvalue() == SHOWN + "\n"


def test_markup_is_not_interpreted_even_on_a_colour_terminal() -> None:
    console, buf = _console(color=True)
    console.print("[link=http://evil]y[/link] [bold]b[/bold]")
    out = buf.getvalue()
    assert out == "[link=http://evil]y[/link] [bold]b[/bold]\n"  # no SGR, no OSC 8


def test_a_table_cell_is_escaped_before_it_is_laid_out() -> None:
    console, buf = _console()
    table = Table("player", box=None, show_header=False, pad_edge=False)
    table.add_row("a\x1b[31mb")
    console.print(table)
    assert buf.getvalue() == "a\\x1b[31mb\n"  # the column is as wide as the escaped text


def test_text_objects_cannot_carry_a_raw_escape_either() -> None:
    console, buf = _console(color=True)
    console.print(Text("n\x1b[2Jm", style="bold"))
    out = buf.getvalue()
    assert "n\\x1b[2Jm" in out
    assert out.count("\x1b") == 2  # rich's own: bold on, reset


def test_rich_control_segments_are_left_alone() -> None:
    console, buf = _console(color=True)
    console.control(Control.bell())
    assert buf.getvalue() == "\x07"
