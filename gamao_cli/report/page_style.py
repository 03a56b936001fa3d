"""What every page gamao writes shares (the report, ``gamao view``): its stylesheet and its
``lang`` attribute."""

from __future__ import annotations

from gamao_cli.i18n import language

_HTML_LANG = {"en": "en", "pt": "pt-BR"}


def html_lang() -> str:
    """The page's ``lang`` for the user's language."""
    return _HTML_LANG[language()]


CSS = """
:root{--ink:#1f2937;--muted:#6b7280;--line:#e5e7eb;--bg:#f6f7f9;--card:#fff;
--accent:#2563eb;--head:#0f172a}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",
Arial,sans-serif;color:var(--ink);background:var(--bg)}
a{color:var(--accent)}
.wrap{max-width:1120px;margin:0 auto;padding:0 16px}
header.top{background:var(--head);color:#fff;padding:28px 0 22px}
header.top h1{margin:0;font-size:26px;letter-spacing:-.01em}
header.top p{margin:4px 0 0;color:#cbd5e1}
nav.toc{position:sticky;top:0;z-index:5;background:rgba(255,255,255,.96);
border-bottom:1px solid var(--line);overflow-x:auto;white-space:nowrap;
scrollbar-width:none}
nav.toc a{display:inline-block;padding:10px 12px;color:var(--ink);text-decoration:none;
font-weight:600;font-size:14px}
nav.toc a:hover{color:var(--accent)}
section{margin:30px 0}
h2{font-size:21px;margin:0 0 12px}
h3{font-size:18px;margin:0}
h4{font-size:15px;margin:0 0 6px}
p.note{color:var(--muted);font-size:13px;margin:6px 0 12px}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(128px,1fr));gap:10px;
margin-bottom:14px}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:10px 14px}
.card .n{font-size:26px;font-weight:700;line-height:1.2}
.card .l{color:var(--muted);font-size:13px}
.card.error .n{color:#b91c1c}.card.warning .n{color:#b45309}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,460px),1fr));
gap:12px;margin:12px 0}
figure.chart{margin:0;background:#fff;border:1px solid var(--line);border-radius:10px;
padding:6px;min-width:0}
figure.chart svg{width:100%;height:auto;display:block}
.scroll{overflow-x:auto;background:#fff;border:1px solid var(--line);border-radius:10px;
margin:10px 0}
table{border-collapse:collapse;width:100%;font-size:14px;font-variant-numeric:tabular-nums}
th,td{padding:6px 10px;text-align:left;border-bottom:1px solid var(--line);white-space:nowrap}
th{background:#f1f5f9;font-weight:600;font-size:13px}
td.n,th.n{text-align:right}
td.wrap{white-space:normal;min-width:16em}
tr:last-child td{border-bottom:0}
tbody tr:hover td{background:#f8fafc}
.badge{display:inline-block;padding:0 8px;border-radius:999px;font-size:12px;font-weight:600;
line-height:1.6}
.badge.error{background:#fee2e2;color:#991b1b}
.badge.warning{background:#fef3c7;color:#92400e}
.badge.info{background:#e0f2fe;color:#075985}
.low{color:#b91c1c;font-weight:600}
article.match{background:#fff;border:1px solid var(--line);border-radius:12px;padding:16px;
margin:18px 0}
article.match .sub{color:var(--muted);margin:2px 0 8px}
.games{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,460px),1fr));
gap:12px}
.game{border:1px solid var(--line);border-radius:10px;padding:10px;min-width:0}
.game figure.chart{border:0;padding:0}
details summary{cursor:pointer;font-weight:600;font-size:14px;padding:4px 0}
tr.flag td{background:#fff1f2}
:target{scroll-margin-top:52px}
tr:target td,.game:target{background:#fef9c3}
footer{color:var(--muted);font-size:13px;padding:24px 0 40px}
@media (max-width:600px){body{font-size:14px}header.top h1{font-size:22px}
.card .n{font-size:22px}th,td{padding:5px 8px}article.match{padding:12px}}
"""
