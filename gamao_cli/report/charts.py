"""Charts of matches and corpora, drawn with matplotlib (Agg, no pyplot, imported lazily).

Every function takes plain numbers and returns a :class:`matplotlib.figure.Figure`;
:func:`to_svg` and :func:`save` render one. Output is deterministic: no dates in the files,
fixed element ids, text kept as text in SVG (smaller, and it follows the page's font).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

from gamao_cli.analysis.dice import EXPECTED_SHARES, ROLL_LABELS
from gamao_cli.i18n import N_, _, translate_message

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

PLAYER_COLOURS = ("#2563eb", "#ea580c")
INK = "#1f2937"
MUTED = "#6b7280"
GRID = "#e5e7eb"
EXPECTED_COLOUR = "#111827"
ROLL_COLOUR = "#60a5fa"
DOUBLE_COLOUR = "#fb923c"
RESULT_COLOURS = {"single": "#60a5fa", "gammon": "#f59e0b", "backgammon": "#dc2626"}

MAX_GAME_TICKS = 13

# Result kinds and game endings as the tables name them, and as a chart labels them.
_NAMES = {
    "single": N_("single"),
    "gammon": N_("gammon"),
    "backgammon": N_("backgammon"),
    "bear-off": N_("bear-off"),
    "drop": N_("drop"),
    "resignation": N_("resignation"),
}


def display_name(value: str) -> str:
    """A result kind or game ending (``gammon``, ``drop``) in the active language."""
    return _(_NAMES.get(value, value))


_STYLE: dict[str, Any] = {
    # Titles and legends hold player names: '$' is a dollar, never mathtext (a name
    # '$\frac{a}$' made matplotlib raise ValueError and the report fail with a traceback).
    "text.parse_math": False,
    "svg.fonttype": "none",
    "svg.hashsalt": "gamao",
    "font.family": "sans-serif",
    "font.sans-serif": ["DejaVu Sans", "Arial", "Helvetica"],
    "font.size": 10,
    "axes.edgecolor": MUTED,
    "axes.labelcolor": INK,
    "axes.titlesize": 10,
    "axes.titleweight": "bold",
    "axes.titlelocation": "left",
    "axes.spines.top": False,
    "axes.spines.right": False,
    "xtick.color": MUTED,
    "ytick.color": MUTED,
    "legend.frameon": False,
    "legend.fontsize": 8,
}


def _figure(width: float, height: float, left: float = 0.72, bottom: float = 0.48) -> Figure:
    """A figure with fixed margins in inches (a layout engine would double the drawing time);
    the top margin holds the title (left) and the legend (right)."""
    import matplotlib

    matplotlib.use("Agg")
    cast(Any, matplotlib.rcParams).update(_STYLE)
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height))
    fig.subplots_adjust(
        left=left / width,
        right=1 - 0.15 / width,
        bottom=bottom / height,
        top=1 - 0.34 / height,
    )
    return fig


def _legend(ax: Axes, **kwargs: Any) -> None:
    """The legend above the plot, right-aligned (the title is on the left)."""
    ax.legend(loc="lower right", bbox_to_anchor=(1, 1), borderaxespad=0.2, **kwargs)


def _grid(ax: Axes, axis: Literal["x", "y"] = "y") -> None:
    ax.grid(True, axis=axis, color=GRID, linewidth=0.8)
    ax.set_axisbelow(True)


def _integer_ticks(ax: Axes, axis: Literal["x", "y"] = "y") -> None:
    from matplotlib.ticker import MaxNLocator

    (ax.yaxis if axis == "y" else ax.xaxis).set_major_locator(MaxNLocator(integer=True))


def _game_ticks(ax: Axes, numbers: Sequence[int]) -> None:
    """A tick per game when they fit, else whole numbers chosen by matplotlib."""
    if len(numbers) <= MAX_GAME_TICKS:
        ax.set_xticks(list(numbers))
    else:
        _integer_ticks(ax, "x")


def score_progression(
    scores: Sequence[tuple[int, int]],
    players: tuple[str, str],
    length: int,
    title: str = "Match score",
) -> Figure:
    """Each player's score after each game; ``scores[0]`` is the score before game 1.

    One line per player (a step after each game) and, in match play, a dashed line at the
    match length.
    """
    fig = _figure(4.8, 2.6)
    ax = fig.add_subplot()
    xs = list(range(len(scores)))
    for side in (0, 1):
        ax.step(
            xs,
            [s[side] for s in scores],
            where="post",
            color=PLAYER_COLOURS[side],
            linewidth=2,
            label=players[side],
            marker="o",
            markersize=3,
        )
    if length > 0:
        ax.axhline(
            length,
            color=MUTED,
            linestyle="--",
            linewidth=1,
            label=_("{length} points").format(length=length),
        )
    ax.set_xlabel(_("after game"))
    ax.set_ylabel(_("score"))
    ax.set_title(translate_message(title))
    _game_ticks(ax, xs)
    ax.set_xlim(-0.2, max(1, len(xs) - 1) + 0.2)
    ax.set_ylim(bottom=0)
    _integer_ticks(ax)
    _grid(ax)
    _legend(ax, ncols=3)
    return fig


def pip_race(
    pips: Sequence[tuple[int, int]], players: tuple[str, str], title: str = "Pip count"
) -> Figure:
    """Both players' pip counts after each roll; ``pips[0]`` is before the first roll."""
    fig = _figure(4.8, 2.4)
    ax = fig.add_subplot()
    xs = list(range(len(pips)))
    for side in (0, 1):
        ax.plot(
            xs,
            [p[side] for p in pips],
            color=PLAYER_COLOURS[side],
            linewidth=1.6,
            label=players[side],
        )
    ax.set_xlabel(_("roll"))
    ax.set_ylabel(_("pips"))
    ax.set_title(translate_message(title))
    ax.set_xlim(0, max(1, len(xs) - 1))
    ax.set_ylim(bottom=0)
    _grid(ax)
    _legend(ax, ncols=2)
    return fig


def cube_by_game(
    games: Sequence[int],
    cubes: Sequence[int],
    results: Sequence[str | None] | None = None,
    title: str = N_("Cube value per game"),
) -> Figure:
    """The final cube of each game as a bar (log scale: 1, 2, 4, ...), coloured by result."""
    fig = _figure(4.8, 2.2)
    ax = fig.add_subplot()
    colours = [RESULT_COLOURS.get(r or "", MUTED) for r in (results or ["single"] * len(games))]
    ax.bar(list(games), cubes, color=colours, width=0.7)
    _game_ticks(ax, games)
    top = max(cubes, default=1)
    ax.set_yscale("log", base=2)
    ticks = [2**i for i in range(max(1, top.bit_length()) + (0 if top & (top - 1) == 0 else 1))]
    ax.set_yticks(ticks, [str(t) for t in ticks])
    ax.set_ylim(0.7, max(2, top) * 1.25)
    ax.set_xlabel(_("game"))
    ax.set_ylabel(_("cube"))
    ax.set_title(translate_message(title))
    _grid(ax)
    if results is not None:
        _result_legend(ax, [r for r in results if r])
    return fig


def _result_legend(ax: Axes, present: Sequence[str]) -> None:
    from matplotlib.patches import Patch

    handles = [
        Patch(color=colour, label=display_name(name))
        for name, colour in RESULT_COLOURS.items()
        if name in present
    ]
    if handles:
        _legend(ax, handles=handles, ncols=len(handles))


def dice_histogram(counts: Sequence[int], title: str = "Rolls") -> Figure:
    """Observed counts of the 21 rolls (bars) against the counts fair dice would give
    (markers), in the order of :data:`ROLL_LABELS`."""
    if len(counts) != len(ROLL_LABELS):
        raise ValueError(f"expected {len(ROLL_LABELS)} counts, got {len(counts)}")
    total = sum(counts)
    fig = _figure(4.8, 2.9, bottom=0.78)
    ax = fig.add_subplot()
    colours = [DOUBLE_COLOUR if label[0] == label[1] else ROLL_COLOUR for label in ROLL_LABELS]
    ax.bar(list(ROLL_LABELS), list(counts), color=colours, width=0.72)
    ax.plot(
        list(ROLL_LABELS),
        [total * share for share in EXPECTED_SHARES],
        linestyle="none",
        marker="_",
        markersize=13,
        markeredgewidth=2.2,
        color=EXPECTED_COLOUR,
    )
    ax.set_xlabel(_("roll"))
    ax.set_ylabel(_("rolls"))
    ax.set_title(translate_message(title))
    ax.tick_params(axis="x", labelsize=7)
    _grid(ax)
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    # Under the plot: a player's name in the title leaves no room for it above.
    ax.legend(
        loc="upper center",
        bbox_to_anchor=(0.5, -0.3),
        borderaxespad=0.0,
        handles=[
            Patch(color=ROLL_COLOUR, label=_("observed")),
            Patch(color=DOUBLE_COLOUR, label=_("doubles")),
            Line2D(
                [],
                [],
                color=EXPECTED_COLOUR,
                marker="_",
                linestyle="none",
                markersize=13,
                markeredgewidth=2.2,
                label=_("fair dice"),
            ),
        ],
        ncols=3,
    )
    return fig


def outcomes(counts: Mapping[str, Mapping[str, int]], title: str = N_("How games ended")) -> Figure:
    """Games by ending (rows) and result (stacked): ``counts[ending][result]``. The legend
    is under the plot: the title and three entries do not fit on one line."""
    endings = list(counts)
    fig = _figure(4.8, 1.25 + 0.36 * max(1, len(endings)), left=0.95, bottom=0.85)
    ax = fig.add_subplot()
    left = [0] * len(endings)
    for result, colour in RESULT_COLOURS.items():
        widths = [counts[e].get(result, 0) for e in endings]
        if not any(widths):
            continue
        ax.barh(
            [display_name(e) for e in endings],
            widths,
            left=left,
            color=colour,
            label=display_name(result),
            height=0.6,
        )
        left = [a + b for a, b in zip(left, widths, strict=True)]
    ax.invert_yaxis()
    ax.set_xlabel(_("games"))
    ax.set_title(translate_message(title))
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(nbins=6, integer=True))
    _grid(ax, "x")
    handles, labels = ax.get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncols=3, bbox_to_anchor=(0.5, 0.0))
    return fig


def cube_distribution(counts: Mapping[int, int], title: str = "Final cube") -> Figure:
    """How many games ended with each cube value."""
    fig = _figure(4.8, 2.2)
    ax = fig.add_subplot()
    values = sorted(counts)
    ax.bar([str(v) for v in values], [counts[v] for v in values], color=PLAYER_COLOURS[0])
    ax.set_xlabel(_("cube value"))
    ax.set_ylabel(_("games"))
    ax.set_title(translate_message(title))
    _integer_ticks(ax)
    _grid(ax)
    return fig


def _shown(fig: Figure) -> None:
    """Every text of the figure (titles, legends: player names) with its control characters
    written as visible escapes (model.terminal_text): ESC or BEL in an SVG is not well-formed
    XML, a file no browser shows, and no font has a glyph for it."""
    from matplotlib.text import Text

    from gamao_cli.model.terminal_text import terminal_safe_lines

    for text in fig.findobj(Text):
        value = text.get_text()
        if not (value.isascii() and value.isprintable()):
            text.set_text(terminal_safe_lines(value))


def to_svg(fig: Figure) -> str:
    """The figure as an SVG element (no XML prolog), scaling to its container's width."""
    _shown(fig)
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
    text = buf.getvalue()
    text = text[max(0, text.find("<svg")) :]
    start, end = text.find(" <metadata>"), text.find("</metadata>")
    if 0 <= start < end:
        text = text[:start] + text[end + len("</metadata>") :].lstrip("\n")
    return text.strip()


def save(fig: Figure, path: Path) -> Path:
    """Write the figure as SVG or PNG, by ``path``'s extension (whole or not at all)."""
    from gamao_cli.formats.atomic import atomic_open

    suffix = path.suffix.lower()
    if suffix not in (".svg", ".png"):
        raise ValueError(f"charts are written as .svg or .png, not {suffix or path.name}")
    _shown(fig)
    with atomic_open(path, "wb") as fh:
        if suffix == ".svg":
            fig.savefig(fh, format="svg", metadata={"Date": None, "Creator": None})
        else:
            fig.savefig(fh, format="png", dpi=144, metadata={"Software": None})
    return path
