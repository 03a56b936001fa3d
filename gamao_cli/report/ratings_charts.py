"""The report's rating-history chart: the most active players' ratings, match by match."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gamao_cli.i18n import N_, _, translate_message
from gamao_cli.report.charts import MUTED, _figure, _grid

if TYPE_CHECKING:
    from matplotlib.figure import Figure

# Eight colours told apart by most eyes (Okabe-Ito, black replaced by slate).
LINE_COLOURS = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442",
                "#475569")  # fmt: skip


def rating_history(
    lines: Sequence[tuple[str, Sequence[tuple[int, float]]]],
    start: float,
    title: str = N_("Rating history"),
) -> Figure:
    """One line per player: ``(name, [(rated match number in played order, rating after),
    ...])``, from ``start`` before his first match; a dashed line at ``start``."""
    width = 9.6
    fig = _figure(width, 3.6)
    fig.subplots_adjust(right=1 - 1.9 / width)  # the legend beside the plot, one name a line
    ax = fig.add_subplot()
    ax.axhline(start, color=MUTED, linestyle="--", linewidth=0.8)
    for k, (name, points) in enumerate(lines):
        if not points:
            continue
        xs = [points[0][0] - 1, *(x for x, _r in points)]
        ys = [start, *(r for _x, r in points)]
        colour = LINE_COLOURS[k % len(LINE_COLOURS)]
        ax.step(
            xs,
            ys,
            where="post",
            color=colour,
            linewidth=1.5,
            label=name[:22],
            marker="o",
            markersize=2.5,
        )
    ax.set_xlabel(_("matches rated, in played order"))
    ax.set_ylabel(_("rating"))
    ax.set_title(translate_message(title))
    ax.set_xlim(left=0)
    _grid(ax)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)
    return fig
