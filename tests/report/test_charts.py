"""Charts are checked for what they draw: axes, series, bars, labels."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamao_cli.analysis.dice import ROLL_LABELS
from gamao_cli.report import charts


def _texts(labels: list[object]) -> list[str]:
    return [t.get_text() for t in labels]  # type: ignore[attr-defined]


def test_score_progression() -> None:
    fig = charts.score_progression([(0, 0), (1, 0), (1, 2), (3, 2)], ("Alice", "Bob"), 3)
    (ax,) = fig.axes
    lines = ax.get_lines()
    assert len(lines) == 3  # two players and the match length
    assert list(lines[0].get_ydata()) == [0, 1, 1, 3]
    assert list(lines[1].get_ydata()) == [0, 0, 2, 2]
    assert list(lines[2].get_ydata()) == [3, 3]
    assert ax.get_xlabel() == "after game" and ax.get_ylabel() == "score"
    assert ax.get_title(loc="left") == "Match score"
    assert _texts(ax.get_legend().get_texts()) == ["Alice", "Bob", "3 points"]
    assert list(ax.get_xticks()) == [0, 1, 2, 3]


def test_money_session_has_no_length_line() -> None:
    fig = charts.score_progression([(0, 0), (4, 0)], ("A", "B"), 0, "Money won")
    assert len(fig.axes[0].get_lines()) == 2


def test_many_games_get_fewer_ticks() -> None:
    scores = [(i, 0) for i in range(30)]
    ticks = charts.score_progression(scores, ("A", "B"), 30).axes[0].get_xticks()
    assert len(ticks) < 15


def test_pip_race() -> None:
    pips = [(167, 167), (160, 167), (160, 159), (150, 159)]
    (ax,) = charts.pip_race(pips, ("Alice", "Bob"), "Game 1").axes
    a, b = ax.get_lines()
    assert list(a.get_xdata()) == [0, 1, 2, 3]
    assert list(a.get_ydata()) == [167, 160, 160, 150]
    assert list(b.get_ydata()) == [167, 167, 159, 159]
    assert (ax.get_xlabel(), ax.get_ylabel(), ax.get_title(loc="left")) == (
        "roll",
        "pips",
        "Game 1",
    )


def test_cube_by_game() -> None:
    fig = charts.cube_by_game([1, 2, 3], [1, 4, 2], ["single", "gammon", None])
    (ax,) = fig.axes
    bars = ax.patches
    assert [b.get_height() for b in bars] == [1, 4, 2]
    assert ax.get_yscale() == "log"
    assert _texts(ax.get_yticklabels()) == ["1", "2", "4"]
    assert _texts(ax.get_legend().get_texts()) == ["single", "gammon"]


def test_dice_histogram() -> None:
    counts = list(range(21))
    (ax,) = charts.dice_histogram(counts).axes
    assert [b.get_height() for b in ax.patches] == counts
    (expected,) = ax.get_lines()
    total = sum(counts)
    assert expected.get_ydata()[0] == pytest.approx(total / 36)  # 11
    assert expected.get_ydata()[1] == pytest.approx(total * 2 / 36)  # 21
    assert _texts(ax.get_xticklabels()) == list(ROLL_LABELS)
    assert _texts(ax.get_legend().get_texts()) == ["observed", "doubles", "fair dice"]
    with pytest.raises(ValueError):
        charts.dice_histogram([1, 2])


def test_outcomes_and_cube_distribution() -> None:
    counts = {"bear-off": {"single": 3, "gammon": 1}, "drop": {"single": 5}}
    fig = charts.outcomes(counts)
    (ax,) = fig.axes
    assert _texts(fig.legends[0].get_texts()) == ["single", "gammon"]
    widths = [(b.get_y(), b.get_width()) for b in ax.patches]
    assert len(widths) == 4  # single for both endings, gammon for both (zero for drop)
    assert sorted(w for _, w in widths) == [0, 1, 3, 5]
    assert _texts(ax.get_yticklabels()) == ["bear-off", "drop"]
    (ax2,) = charts.cube_distribution({1: 7, 2: 3, 8: 1}).axes
    assert [b.get_height() for b in ax2.patches] == [7, 3, 1]
    assert _texts(ax2.get_xticklabels()) == ["1", "2", "8"]


def test_svg_is_inline_and_deterministic(tmp_path: Path) -> None:
    def draw() -> str:
        return charts.to_svg(charts.pip_race([(167, 167), (160, 150)], ("A", "B")))

    svg = draw()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert "<?xml" not in svg and "<dc:date>" not in svg
    assert svg == draw()
    png = charts.save(charts.pip_race([(167, 167)], ("A", "B")), tmp_path / "p.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg_file = charts.save(charts.pip_race([(167, 167)], ("A", "B")), tmp_path / "p.svg")
    assert "<svg" in svg_file.read_text(encoding="utf-8")
    with pytest.raises(ValueError):
        charts.save(charts.pip_race([(167, 167)], ("A", "B")), tmp_path / "p.gif")
