"""The rich console every text output goes through: record text is shown, never acted on.

Player names, events, comments and file names come from records and are untrusted. This
console renders strings as plain text (``markup=False``, ``highlight=False``: a name
``[red]x[/red]`` or ``[link=http://...]`` is printed as written, not as a style or a
hyperlink), escapes what could
act on a terminal (``model.terminal_text``: ``ESC [2J``, OSC 8 hyperlinks, ``\\r``, BEL, bidi
overrides become visible escapes such as ``\\x1b``) in strings before they are laid out, and
escapes it again in every rendered segment, so that text reaching it inside a ``Text`` or a
table cell cannot carry a raw control character to the terminal either. Rich's own control
segments (cursor moves of a progress bar) are left alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment
from rich.text import Text

from gamao_cli.model.terminal_text import terminal_safe_lines


class SafeConsole(Console):
    """A ``rich.console.Console`` that shows untrusted text literally (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("markup", False)
        kwargs.setdefault("highlight", False)
        super().__init__(*args, **kwargs)

    def render_str(self, text: str, **kwargs: Any) -> Text:
        return super().render_str(terminal_safe_lines(text), **kwargs)

    def render(
        self, renderable: RenderableType, options: ConsoleOptions | None = None
    ) -> Iterable[Segment]:
        for segment in super().render(renderable, options):
            text = segment.text
            if segment.control or (text.isascii() and text.isprintable()):
                yield segment
            else:
                yield Segment(terminal_safe_lines(text), segment.style, segment.control)
