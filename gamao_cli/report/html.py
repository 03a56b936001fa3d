"""The report as one self-contained HTML file: inline CSS, charts as inline SVG, no network;
the match viewer's script inline (:mod:`viewer_page`). It reads on a phone: tables scroll
sideways, charts scale to the width."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from gamao_cli import __version__
from gamao_cli.i18n import N_, _, counted, format_number, language, translate_message
from gamao_cli.report import charts as chart_lib
from gamao_cli.report.content import Report
from gamao_cli.report.escaping import escape
from gamao_cli.report.page_style import CSS, html_lang
from gamao_cli.report.stats_out import cell
from gamao_cli.report.summary_out import run_line
from gamao_cli.report.views import Chart, FindingView, GameView, MatchView

Progress = Callable[[int], None]


_SEVERITY = {"error": N_("error"), "warning": N_("warning"), "info": N_("info")}


def _FOOTER() -> str:
    return _(
        "Made by gamao {version}. Points and results are computed by replaying every game, "
        "not copied from the files."
    )


def _e(value: object) -> str:
    if language() != "en":
        if isinstance(value, bool):
            return escape(_("yes") if value else _("no"))
        if isinstance(value, int):
            return escape(format_number(value))
        if isinstance(value, float):  # the same digits, the language's decimal comma
            return escape(cell(value).replace(".", ","))
    return escape(cell(value))


def _num(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _table(
    headers: Sequence[str],
    rows: Iterable[Sequence[object]],
    *,
    ids: Sequence[str | None] | None = None,
    classes: Sequence[str] | None = None,
    raw: Sequence[int] = (),
    wrap: Sequence[int] = (),
) -> str:
    """A table; cells in columns ``raw`` are HTML already, columns ``wrap`` wrap their text,
    numbers are right-aligned."""
    out = ['<div class="scroll"><table><thead><tr>']
    materialised = [list(r) for r in rows]
    numeric = [
        all(_num(r[i]) or r[i] is None for r in materialised)
        and any(_num(r[i]) for r in materialised)
        for i in range(len(headers))
    ]
    out.extend(
        f'<th class="n">{escape(_(h))}</th>' if numeric[i] else f"<th>{escape(_(h))}</th>"
        for i, h in enumerate(headers)
    )
    out.append("</tr></thead><tbody>")
    for k, row in enumerate(materialised):
        attrs = ""
        if ids is not None and ids[k]:
            attrs += f' id="{escape(str(ids[k]))}"'
        if classes is not None and classes[k]:
            attrs += f' class="{classes[k]}"'
        out.append(f"<tr{attrs}>")
        for i, value in enumerate(row):
            text = str(value) if i in raw else _e(value)
            cls = ' class="n"' if numeric[i] else ' class="wrap"' if i in wrap else ""
            out.append(f"<td{cls}>{text}</td>")
        out.append("</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def _shown(value: object) -> str:
    """A result kind or ending from the tables, in the active language ("" for none)."""
    return chart_lib.display_name(str(value)) if value else ""


def _badge(severity: str, text: str | None = None) -> str:
    shown = text or _(_SEVERITY.get(severity, severity))
    return f'<span class="badge {escape(severity)}">{escape(shown)}</span>'


def _p_value(p: object) -> str:
    if p is None:
        return ""
    value = float(p)  # type: ignore[arg-type]
    text = "<0.001" if value < 0.001 else f"{value:.3f}"
    if language() != "en":
        text = text.replace(".", ",")
    return f'<span class="low">{escape(text)}</span>' if value < 0.01 else escape(text)


class _Charts:
    """Draws charts as inline SVG, counting them for progress."""

    def __init__(self, progress: Progress | None) -> None:
        self.progress = progress

    def figure(self, chart: Chart) -> str:
        fig = chart.build()
        svg = chart_lib.to_svg(fig)
        if self.progress:
            self.progress(1)
        label = escape(translate_message(chart.title))
        return (
            f'<figure class="chart" id="chart-{escape(chart.name)}" '
            f'aria-label="{label}">{svg}</figure>'
        )

    def grid(self, items: Iterable[Chart]) -> str:
        figures = "".join(self.figure(c) for c in items)
        return f'<div class="charts">{figures}</div>' if figures else ""


def render_html(report: Report, progress: Progress | None = None) -> str:
    """The whole report; ``progress(1)`` is called after each chart is drawn."""
    draw = _Charts(progress)
    sections = [
        _overview(report, draw),
        _players(report),
        _ratings(report, draw),
        _club(report),
        _skill(report, draw),
        _dice(report, draw),
        _matches(report, draw),
        _viewer(report),
        _findings(report),
    ]
    toc = [("overview", _("Overview")), ("players", _("Players"))]
    toc += [("ratings", _("Ratings"))] if report.ratings is not None else []
    toc += [("head-to-head", _("Head to head"))] if report.head_to_head is not None else []
    toc += [(report.events[0].anchor, _("Events"))] if report.events else []
    toc += [("skill", _("Skill"))] if report.skill is not None else []
    toc += [("dice", _("Dice"))]
    toc += [("matches", _("Matches"))]
    toc += [("viewer", _("Viewer"))] if report.viewer is not None and report.viewer.matches else []
    toc += [("findings", _("Findings"))]
    nav = "".join(f'<a href="#{a}">{escape(t)}</a>' for a, t in toc)
    t = report.totals
    n = format_number
    if report.run is not None:  # the command's own summary line
        subtitle = run_line(report.run, (counted("play", t["plays"], n(t["plays"])),))
    else:
        subtitle = _("{matches}, {games}, {plays} from {files}").format(
            matches=counted("match", t["matches"], n(t["matches"])),
            games=counted("game", t["games"], n(t["games"])),
            plays=counted("play", t["plays"], n(t["plays"])),
            files=counted("file", t["files"], n(t["files"])),
        )
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{html_lang()}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(report.title)}</title><style>{CSS}{_viewer_css(report)}</style>"
        "</head><body>"
        f'<header class="top"><div class="wrap"><h1>{escape(report.title)}</h1>'
        f"<p>{escape(subtitle)}</p></div></header>"
        f'<nav class="toc"><div class="wrap">{nav}</div></nav>'
        f'<main class="wrap">{"".join(sections)}</main>'
        f'<footer class="wrap">{escape(_FOOTER().format(version=__version__))}</footer>'
        "</body></html>\n"
    )


def _overview(report: Report, draw: _Charts) -> str:
    t = report.totals
    cards = [
        (_("matches"), t["matches"], ""),
        (_("games"), t["games"], ""),
        (_("plays"), t["plays"], ""),
        (_("files"), t["files"], ""),
        (_("errors"), t["errors"], "error"),
        (_("warnings"), t["warnings"], "warning"),
    ]
    if t.get("unreadable"):
        cards.append((_("unreadable files"), t["unreadable"], "error"))
    if t.get("skipped"):
        cards.append((_("skipped (not match files)"), t["skipped"], ""))
    html = "".join(
        f'<div class="card {cls}"><div class="n">{format_number(value)}</div>'
        f'<div class="l">{escape(label)}</div></div>'
        for label, value, cls in cards
    )
    return (
        '<section id="overview"><h2>'
        + _("Overview")
        + "</h2>"
        + f'<div class="cards">{html}</div>{draw.grid(report.overview_charts)}</section>'
    )


_PLAYER_COLUMNS = (
    ("player", N_("player")),
    ("matches", N_("matches")),
    ("matches_won", N_("won")),
    ("games", N_("games")),
    ("games_won", N_("won")),
    ("points_won", N_("points +")),
    ("points_lost", N_("points −")),
    ("gammons_won", N_("gammons +")),
    ("backgammons_won", N_("backgammons +")),
    ("gammons_lost", N_("gammons −")),
    ("backgammons_lost", N_("backgammons −")),
    ("resignations", N_("resigned")),
    ("doubles", N_("doubles")),
    ("takes", N_("takes")),
    ("drops", N_("drops")),
    ("beavers", N_("beavers")),
    ("max_cube", N_("max cube")),
    ("avg_cube", N_("avg cube")),
    ("plays", N_("plays")),
    ("hits", N_("hits")),
    ("dances", N_("dances")),
    ("forced_plays", N_("forced")),
    ("avg_first_bearoff_pips", N_("pips at 1st bear-off")),
)


def _skill(report: Report, draw: _Charts) -> str:
    if report.skill is None:
        return ""
    from gamao_cli.report.skill_report import render_html as render_skill

    return render_skill(report.skill, draw.figure, _table)


def _ratings(report: Report, draw: _Charts) -> str:
    if report.ratings is None:
        return ""
    from gamao_cli.report.ratings_report import render_html as render_ratings

    return render_ratings(report.ratings, draw.figure, _table)


def _club(report: Report) -> str:
    if report.head_to_head is None and not report.events:
        return ""
    from gamao_cli.report.club_report import render_html as render_club

    return render_club(report.head_to_head, report.events, _table)


def _players(report: Report) -> str:
    df = report.players
    rows = df.select([c for c, _h in _PLAYER_COLUMNS]).rows()
    table = _table([h for _c, h in _PLAYER_COLUMNS], rows)
    return (
        '<section id="players"><h2>'
        + _("Players")
        + "</h2>"
        + '<p class="note">'
        + escape(
            _(
                "Across every match. Names are merged across spellings "
                "(case, spacing, ratings); + won, − lost."
            )
        )
        + f"</p>{table}</section>"
    )


def _dice(report: Report, draw: _Charts) -> str:
    total = report.dice_total
    rows = [
        (
            r["player"],
            r["rolls"],
            r["doubles_rolled"],
            r["doubles_rate"],
            r["dice_chi2"],
            _p_value(r["dice_p_value"]),
        )
        for r in report.dice.iter_rows(named=True)
    ]
    rows.append(
        (
            _("all players"),
            total["rolls"],
            None,
            total["doubles_rate"],
            total["chi2"],
            _p_value(total["p_value"]),
        )
    )
    table = _table(
        [
            N_("player"),
            N_("rolls"),
            N_("doubles"),
            N_("doubles rate"),
            N_("chi-square"),
            N_("p-value"),
        ],
        rows,
        raw=(5,),
    )
    return (
        '<section id="dice"><h2>'
        + _("Dice")
        + '</h2><p class="note">'
        + escape(
            _(
                "The 21 rolls against fair dice (1/36 for each double, 2/36 for the "
                "others; expected doubles rate 0.167). The p-value of Pearson's chi-square test "
                "(20 degrees of freedom) is the chance that fair dice look at least this uneven; "
                "it is given from 180 rolls on. Opening rolls are left out."
            )
        )
        + "</p>"
        f"{table}{draw.grid(report.dice_charts)}</section>"
    )


def _matches(report: Report, draw: _Charts) -> str:
    df = report.matches
    rows = []
    ids = []
    for r in df.iter_rows(named=True):
        link = f'<a href="#{r["anchor"]}">{r["n"]}</a>' if report.detail else str(r["n"])
        source = escape(str(r["file"]))
        if r["href"]:
            source = f'<a href="{escape(r["href"])}">{source}</a>'
        if r["match"] != 1:
            source += f" #{r['match']}"
        rows.append(
            (
                link,
                source,
                r["player_1"],
                r["player_2"],
                r["length"] or _("money"),
                r["games"],
                r["winner"],
                f"{r['score_1']}-{r['score_2']}",
                r["gammons"],
                r["backgammons"],
                r["max_cube"],
                r["errors"],
            )
        )
        ids.append(None if report.detail else str(r["anchor"]))
    table = _table(
        [
            "#",
            N_("file"),
            N_("player 1"),
            N_("player 2"),
            N_("length"),
            N_("games"),
            N_("winner"),
            N_("score"),
            N_("gammons"),
            N_("backgammons"),
            N_("max cube"),
            N_("errors"),
        ],
        rows,
        ids=ids,
        raw=(0, 1),
    )
    note = (
        ""
        if report.detail
        else (
            '<p class="note">'
            + _(
                "{count} matches: too many to draw one by one, so each is summarised in a row "
                "(<code>gamao report</code> on fewer files shows games, charts and plays)."
            ).format(count=format_number(df.height))
            + "</p>"
        )
    )
    timelines = report.skill.timelines if report.skill is not None else {}
    details = "".join(_match(m, draw, timelines) for m in report.match_views)
    heading = _("Matches")
    return f'<section id="matches"><h2>{heading}</h2>{note}{table}{details}</section>'


def _match(m: MatchView, draw: _Charts, timelines: Mapping[str, Chart]) -> str:
    source = escape(m.file)
    if m.href:
        source = f'<a href="{escape(m.href)}">{source}</a>'
    if m.number != 1:
        source += " " + _("(match {number})").format(number=m.number)
    rows = []
    for g in m.games:
        r = g.row
        rows.append(
            (
                f'<a href="#{g.anchor}">{g.number}</a>',
                f"{r['score_1']}-{r['score_2']}",
                r["winner"],
                r["points"],
                _shown(r["result"]),
                _shown(r["ending"]),
                r["cube"],
                "Crawford" if r["crawford"] else "",
                g.findings or "",
            )
        )
    table = _table(
        [
            N_("game"),
            N_("score"),
            N_("winner"),
            N_("points"),
            N_("result"),
            N_("ending"),
            N_("cube"),
            N_("Crawford"),
            N_("findings"),
        ],
        rows,
        raw=(0,),
    )
    games = "".join(_game(g, draw, timelines.get(g.anchor)) for g in m.games)
    return (
        f'<article class="match" id="{m.anchor}"><h3>{escape(m.title)}</h3>'
        f'<p class="sub">{escape(m.subtitle)} · {source}</p>'
        f"{draw.grid(m.charts)}{table}"
        "<h4>" + _("Games") + f'</h4><div class="games">{games}</div></article>'
    )


def _game(g: GameView, draw: _Charts, skill: Chart | None = None) -> str:
    r = g.row
    if r["winner"] is None:
        head = _("Game {number}: no result").format(number=g.number)
    else:
        how = (_shown(r["result"]) or _("result unknown")) + ", "
        how += _shown(r["ending"]) or _("unverified")
        head = _("Game {number}: {winner} +{points} ({how}, cube {cube})").format(
            number=g.number, winner=r["winner"], points=r["points"], how=how, cube=r["cube"]
        )
    chart = draw.figure(g.pips) if g.pips is not None else ""
    if skill is not None:
        chart += draw.figure(skill)
    rows = [
        (
            mv.move,
            mv.player,
            mv.text,
            mv.pips,
            mv.notes,
            " ".join(_badge("error", c) for c in mv.codes),
        )
        for mv in g.moves
    ]
    moves = _table(
        ["#", N_("player"), N_("play"), N_("pips after"), N_("notes"), N_("findings")],
        rows,
        ids=[f"{g.anchor}-{mv.id}" for mv in g.moves],
        classes=["flag" if mv.codes else "" for mv in g.moves],
        raw=(5,),
    )
    listing = (
        "<details><summary>"
        + escape(_("Plays and cube actions ({count})").format(count=len(g.moves)))
        + f"</summary>{moves}</details>"
        if g.moves
        else '<p class="note">' + escape(_("No plays could be replayed.")) + "</p>"
    )
    return f'<div class="game" id="{g.anchor}"><h4>{escape(head)}</h4>{chart}{listing}</div>'


def _viewer(report: Report) -> str:
    if report.viewer is None or not report.viewer.matches:
        return ""
    from gamao_cli.report.viewer_page import viewer_section

    return viewer_section(report.viewer)


def _viewer_css(report: Report) -> str:
    if report.viewer is None or not report.viewer.matches:
        return ""
    from gamao_cli.report.viewer_page import VIEWER_CSS

    return VIEWER_CSS


def _findings(report: Report) -> str:
    if not report.codes:
        return (
            '<section id="findings"><h2>'
            + _("Findings")
            + "</h2>"
            + "<p>"
            + escape(_("No findings."))
            + "</p></section>"
        )
    codes = _table(
        [N_("code"), N_("severity"), N_("count"), N_("what")],
        [
            (r["code"], _badge(str(r["severity"])), r["count"], translate_message(str(r["what"])))
            for r in report.codes
        ],
        raw=(1,),
        wrap=(3,),
    )
    listed = [_finding_row(f) for f in report.findings]
    table = (
        _table(
            ["", N_("code"), N_("game"), N_("move"), N_("player"), N_("message"), N_("where")],
            listed,
            raw=(0, 2, 3),
            wrap=(5,),
        )
        if listed
        else "<p>" + escape(_("No errors or warnings.")) + "</p>"
    )
    more = (
        '<p class="note">'
        + _(
            "{count} more errors and warnings are not listed; "
            "<code>gamao check</code> lists them all."
        ).format(count=format_number(report.findings_hidden))
        + "</p>"
        if report.findings_hidden
        else ""
    )
    return (
        '<section id="findings"><h2>'
        + _("Findings")
        + '</h2><p class="note">'
        + _(
            "What <code>gamao check</code> reports, by code; errors and warnings "
            "are listed below with links to the game and the play."
        )
        + "</p>"
        f"{codes}{table}{more}</section>"
    )


def _finding_row(f: FindingView) -> tuple[object, ...]:
    r = f.row
    where = f"{r['file']}:{r['line']}" if r["line"] else str(r["file"])
    game = ""
    if r["game"] is not None:
        game = f'<a href="{escape(f.game_href)}">{r["game"]}</a>' if f.game_href else str(r["game"])
    move = ""
    href = f.board_href or f.move_href
    if r["move"] is not None or href:
        label = str(r["move"]) if r["move"] is not None else _("play")
        move = f'<a href="{escape(href)}">{label}</a>' if href else label
    message = translate_message(str(r["message"])) if r["message"] is not None else None
    return (_badge(str(r["severity"])), r["code"], game, move, r["player"], message, where)
