"""Untrusted names and comments: letters kept, terminal controls escaped, widths in columns."""

from __future__ import annotations

from gamao_cli.model.terminal_text import display_width, fit_width, terminal_safe


def test_letters_of_any_script_are_kept() -> None:
    assert terminal_safe("Kévin") == "Kévin"
    assert terminal_safe("Jürgen 山田") == "Jürgen 山田"
    assert terminal_safe("plain ASCII") == "plain ASCII"


def test_a_decomposed_accent_is_composed() -> None:
    assert terminal_safe("Ke\u0301vin") == "K\u00e9vin"


def test_terminal_controls_are_written_out_visibly() -> None:
    # CSI (clear screen), OSC (window title ended by BEL), the C1 CSI, a newline, DEL.
    assert terminal_safe("Eve\x1b[2J") == "Eve\\x1b[2J"
    assert terminal_safe("\x1b]0;pwned\x07x") == "\\x1b]0;pwned\\x07x"
    assert terminal_safe("a\x9b31mb") == "a\\x9b31mb"
    assert terminal_safe("two\nlines\x7f") == "two\\x0alines\\x7f"
    # A right-to-left override and a line separator.
    assert terminal_safe("abc\u202edef\u2028") == "abc\\u202edef\\u2028"


def test_widths_count_terminal_columns() -> None:
    assert display_width("Kévin") == 5
    assert display_width("Ke\u0301vin") == 5  # the combining accent takes no column
    assert display_width("山田") == 4
    assert display_width("a\u200db") == 2  # zero width joiner


def test_fit_width_cuts_at_a_column_without_splitting_a_character() -> None:
    assert fit_width("abcdef", 4) == "abcd"
    assert fit_width("山田太郎", 5) == "山田"  # the third would end in column 6
    assert fit_width("Ke\u0301vin", 2) == "Ke\u0301"  # the accent stays with its letter
    assert fit_width("Kévin", 10) == "Kévin"


def test_terminal_safe_lines_keeps_line_breaks_and_tabs_only() -> None:
    from gamao_cli.model.terminal_text import terminal_safe_lines

    assert terminal_safe_lines("a\x1b[2J\n\tb\rc\x07") == "a\\x1b[2J\n\tb\\x0dc\\x07"
    assert terminal_safe_lines("plain\nlines") == "plain\nlines"


def test_terminal_safe_writer_escapes_what_it_writes() -> None:
    import io

    from gamao_cli.model.terminal_text import TerminalSafeWriter

    buf = io.StringIO()
    assert TerminalSafeWriter(buf).write("x\x1b]8;;http://e\x07y\n") == len("x\\x1b]8;;http://e\\x07y\n")
    assert buf.getvalue() == "x\\x1b]8;;http://e\\x07y\n"
