"""The match viewer's part of the HTML report: the board (its frame drawn once by
:mod:`board_svg`), the buttons, the move list, the data and the script that draws each
position (``viewer.js``, inline: no network, no file beside the page). Record text reaches
the page only inside the data block (JSON, compressed and Base64-encoded: :func:`packed`) and
is inserted by the script with ``textContent``."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from gamao_cli.i18n import _
from gamao_cli.report.board_svg import CSS as BOARD_CSS
from gamao_cli.report.board_svg import GEOMETRY, frame
from gamao_cli.report.escaping import escape
from gamao_cli.report.viewer import Viewer, page_labels

VIEWER_CSS = """
#viewer{background:#fff;border:1px solid var(--line);border-radius:12px;padding:12px;outline:0;
scroll-margin-top:52px}
#viewer .vbar{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:0 0 8px}
#viewer select{font:inherit;padding:4px;max-width:100%}
#viewer button{font:inherit;cursor:pointer;border:1px solid #cbd5e1;background:#f8fafc;
border-radius:6px;padding:3px 9px}
#viewer button:focus-visible{outline:2px solid var(--accent);outline-offset:1px}
#viewer button.cur{background:#fde68a;border-color:#d97706;font-weight:700}
#viewer button.flag{background:#fee2e2;border-color:#fca5a5}
#viewer button.flag.cur{background:#fca5a5}
.vgrid{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:12px}
#board{width:100%;height:auto;display:block}
#vmoves{max-height:440px;overflow-y:auto;border:1px solid var(--line);border-radius:8px}
#vmoves table{font-size:13px}#vmoves td{padding:2px 4px;white-space:normal}
#vmoves td button{width:100%;text-align:left;border:0;background:none;padding:2px 4px}
#vinfo{font-size:14px;margin-top:6px}#vinfo p{margin:4px 0}.vhead{font-weight:600}
.vlegal{display:flex;flex-wrap:wrap;gap:4px}
#viewer button.sk-doubtful,.badge.sk-doubtful{background:#fef9c3;color:#854d0e}
#viewer button.sk-error,.badge.sk-error{background:#fed7aa;color:#9a3412}
#viewer button.sk-blunder,.badge.sk-blunder{background:#fecaca;color:#991b1b}
#vstrip{width:100%;height:44px;display:block;background:#f8fafc;border-radius:6px}
#vstrip[hidden]{display:none}
#vstrip .bar{fill:#94a3b8;cursor:pointer}#vstrip .sk-doubtful{fill:#eab308}
#vstrip .sk-error{fill:#f97316}#vstrip .sk-blunder{fill:#dc2626}
.vcube{color:#334155}
@media (max-width:760px){.vgrid{grid-template-columns:1fr}#vmoves{max-height:260px}}
"""


@cache
def viewer_script() -> str:
    """The viewer's script (read once from the package)."""
    return files("gamao_cli.report").joinpath("viewer.js").read_text(encoding="utf-8")


def _button(ident: str, text: str, title: str) -> str:
    return (
        f'<button type="button" id="{ident}" title="{escape(title)}"'
        f' aria-label="{escape(title)}">{text}</button>'
    )


def viewer_section(viewer: Viewer) -> str:
    """The section: empty of record text; the script fills it from the data."""
    w, h = GEOMETRY["width"], GEOMETRY["height"]
    match, game, board = escape(_("Match")), escape(_("Game")), escape(_("Board"))
    strip = escape(_("Equity lost at each decision of the game; click a bar to go there."))
    buttons = "".join(
        [
            _button("vfirst", "&#x7C;&#x25C0;", _("First position (Home)")),
            _button("vprev", "&#x25C0;", _("Previous play (Left)")),
            _button("vnext", "&#x25B6;", _("Next play (Right)")),
            _button("vlast", "&#x25B6;&#x7C;", _("Last position (End)")),
            _button("vup", "&#x25B2;", _("Previous game (Up)")),
            _button("vdown", "&#x25BC;", _("Next game (Down)")),
            _button("vflip", "&#x21C5;", _("Flip the board")),
        ]
    )
    return (
        '<section id="viewer" tabindex="-1"><h2>'
        + escape(_("Viewer"))
        + '</h2><p class="note">'
        + escape(
            _(
                "Every position of every match, as the replay computed it. Keys: left and "
                "right step through the plays, up and down the games, Home and End."
            )
        )
        + "</p>"
        f'<div class="vbar"><select id="vmatch" aria-label="{match}"></select>'
        f'<select id="vgame" aria-label="{game}"></select>{buttons}</div>'
        '<div class="vgrid"><div>'
        f'<svg xmlns="http://www.w3.org/2000/svg" id="board" viewBox="0 0 {w} {h}"'
        f' role="img" aria-label="{board}" data-position-id="">'
        f'<style>{BOARD_CSS}</style>{frame()}<g id="layer"></g></svg>'
        '<svg id="vstrip" viewBox="0 0 600 40" preserveAspectRatio="none" role="img"'
        f' aria-label="{strip}" hidden></svg>'
        '<p class="note" id="vunknown" hidden>'
        + escape(_("This position cannot be shown: an earlier play could not be applied."))
        + '</p><div id="vinfo" aria-live="polite"></div></div>'
        '<div id="vmoves"></div></div>'
        f'<script type="application/octet-stream" id="viewer-data">{viewer.data}</script>'
        '<script type="application/json" id="viewer-config">'
        f"{page_labels(GEOMETRY)}</script>"
        f"<script>{viewer_script()}</script></section>"
    )


def viewer_document(viewer: Viewer, title: str) -> str:
    """A page of its own holding the viewer (``gamao view``)."""
    from gamao_cli.report.page_style import CSS, html_lang

    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{html_lang()}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{CSS}{VIEWER_CSS}</style></head><body>"
        f'<header class="top"><div class="wrap"><h1>{escape(title)}</h1></div></header>'
        f'<main class="wrap">{viewer_section(viewer)}</main></body></html>\n'
    )
