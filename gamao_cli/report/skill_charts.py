"""Skill charts: PR per player, and each player's equity lost through a game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gamao_cli.i18n import N_, _, format_number, translate_message
from gamao_cli.report.charts import INK, MUTED, PLAYER_COLOURS, _figure, _grid, _legend

if TYPE_CHECKING:
    from matplotlib.figure import Figure

BAR_COLOUR = "#2563eb"


def pr_by_player(
    names: Sequence[str],
    prs: Sequence[float],
    title: str = N_("Performance Rating (lower is better)"),
) -> Figure:
    """One horizontal bar per player, best (lowest PR) at the top."""
    height = 0.9 + 0.28 * max(1, len(names))
    fig = _figure(4.8, height, left=1.6)
    ax = fig.add_subplot()
    ys = list(range(len(names)))
    ax.barh(ys, list(prs), color=BAR_COLOUR, height=0.6)
    ax.set_yticks(ys, [n[:22] for n in names])
    ax.invert_yaxis()
    for y, pr in zip(ys, prs, strict=True):
        ax.text(pr, y, " " + format_number(pr, 1), va="center", ha="left", color=INK, fontsize=8)
    ax.set_xlabel(_("PR (500 × equity lost per decision)"))
    ax.set_title(translate_message(title))
    ax.set_xlim(0, max([*prs, 1.0]) * 1.18)
    _grid(ax, "x")
    return fig


def equity_timeline(
    losses: Sequence[tuple[int, int, float]],
    players: tuple[str, str],
    title: str = N_("Equity lost"),
) -> Figure:
    """Each player's cumulative equity lost, decision by decision through a game:
    ``losses`` are (decision number, player, normalised loss) in game order."""
    fig = _figure(4.8, 2.4)
    ax = fig.add_subplot()
    for side in (0, 1):
        xs, ys, total = [0], [0.0], 0.0
        for n, player, loss in losses:
            if player == side:
                total += loss
                xs.append(n)
                ys.append(total)
        ax.step(
            xs, ys, where="post", color=PLAYER_COLOURS[side], linewidth=1.6, label=players[side]
        )
    ax.set_xlabel(_("decision"))
    ax.set_ylabel(_("equity lost"), color=MUTED)
    ax.set_title(translate_message(title))
    ax.set_xlim(left=0)
    ax.set_ylim(bottom=0)
    _grid(ax)
    _legend(ax, ncols=2)
    return fig
