"""Record text made safe for a page (HTML and SVG): every module that writes markup escapes
with :func:`escape`."""

from __future__ import annotations

from html import escape as _html_escape

from gamao_cli.model.terminal_text import terminal_safe_lines


def escape(text: str) -> str:
    """Text for the page: HTML-escaped, and control and bidirectional-override characters
    (from record text) shown as visible escapes, as on the terminal, so a name cannot
    reorder what is displayed around it."""
    return _html_escape(terminal_safe_lines(text))
