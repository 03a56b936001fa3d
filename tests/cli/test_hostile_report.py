"""The HTML and Markdown reports of hostile records (tests/fixtures/hostile): every record
string is text, no element, link, or math comes from it."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from markdown_it import MarkdownIt
from typer.testing import CliRunner

from gamao_cli.cli.app import app

runner = CliRunner()
HOSTILE = "tests/fixtures/hostile"
P2 = "</script><img src=x onerror=alert(1)>$\\frac{1}{2}$ $"


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.data: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.data.append(data)


def _parse(html: str) -> _Elements:
    parser = _Elements()
    parser.feed(html)
    return parser


def test_html_report_shows_hostile_names_as_text(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    result = runner.invoke(app, ["report", HOSTILE, "-o", str(out)])
    assert result.exit_code == 0, result.output
    page = _parse(out.read_text(encoding="utf-8"))
    names = [tag for tag, _ in page.tags]
    assert "img" not in names
    # The scripts are the viewer's own: its two JSON blocks and its code, none from the record.
    scripts = [attrs for tag, attrs in page.tags if tag == "script"]
    assert scripts == [
        {"type": "application/octet-stream", "id": "viewer-data"},
        {"type": "application/json", "id": "viewer-config"},
        {},
    ]
    assert not any(k.startswith("on") for _, attrs in page.tags for k in attrs)
    assert P2 in page.data  # a table cell holds the name, as text
    # the other name's controls and bidi override are shown as escapes, never acted on
    p1 = (
        "[red]x[/red][link=http://evil]y\\x1b[2J\\x1b]8;;http://evil\\x07L"
        "\\x1b]8;;\\x07\\u202eKévin"
    )
    assert p1 in page.data
    assert not any(c in d for d in page.data for c in "\x1b\x07\u202e")


def test_markdown_report_escapes_record_text(tmp_path: Path) -> None:
    out = tmp_path / "r.md"
    result = runner.invoke(app, ["report", HOSTILE, "-f", "md", "-o", str(out)])
    assert result.exit_code == 0, result.output  # a 500-character name: chart name cut to 80
    text = out.read_text(encoding="utf-8")
    assert "\x1b" not in text
    shown = "\\</script\\>\\<img src=x onerror=alert\\(1\\)\\>\\$\\\\frac\\{1\\}\\{2\\}\\$ \\$"
    assert f"| {shown} |" in text
    page = _parse(MarkdownIt("commonmark").enable("table").render(text))
    images = [attrs["src"] for tag, attrs in page.tags if tag == "img"]
    assert images and all(str(src).startswith("r_charts/") for src in images)
    assert [tag for tag, _ in page.tags if tag in ("script", "a")] == []
    assert P2 in page.data
    charts = sorted(p.name for p in (tmp_path / "r_charts").glob("dice-l*"))
    assert charts == ["dice-" + "l" * 80 + ".png"]


def test_a_name_that_is_broken_mathtext_is_shown_as_written(tmp_path: Path) -> None:
    source = Path(HOSTILE, "hostile.mat").read_text(encoding="utf-8")
    record = tmp_path / "math.mat"
    record.write_text(source.replace(P2, "$\\frac{a}$"), encoding="utf-8")
    out = tmp_path / "r.html"
    result = runner.invoke(app, ["report", str(record), "-o", str(out)])
    assert result.exit_code == 0, result.output  # was: ValueError from matplotlib's mathtext
    assert "<text" in out.read_text(encoding="utf-8")
    assert "$\\frac{a}$: rolls" in _parse(out.read_text(encoding="utf-8")).data


def test_chart_files_of_hostile_names_are_well_formed_svg(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    charts = tmp_path / "charts"
    result = runner.invoke(
        app, ["report", f"{HOSTILE}/hostile.mat", "-o", str(tmp_path / "r.html"), "--charts",
              str(charts)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    named = charts / "dice-red-x-red-link-http-evil-y-2j-8-http-evil-l-8-k-vin.svg"
    titles = [t.text for t in ET.parse(named).iter("{http://www.w3.org/2000/svg}text")]
    assert (
        "[red]x[/red][link=http://evil]y\\x1b[2J\\x1b]8;;http://evil\\x07L\\x1b]8;;\\x07"
        "\\u202eKévin: rolls"
    ) in titles  # ESC and BEL made the file not well-formed XML
    for svg in charts.glob("*.svg"):
        ET.parse(svg)
    assert sorted(p.parent for p in tmp_path.rglob("*.svg")) == [charts] * 8
