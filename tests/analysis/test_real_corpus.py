"""Every real file of the shared corpus, checked: the findings are the known recording errors.

The corpus is broken down by the format each file is read as (the ``source_format`` of its
matches; files skipped as not match files count under ``"skipped"``). Each format's line of
:data:`TOTALS` and :data:`FINDINGS` is asserted on its own, so a reader added for one format
moves only its own line.

``.mat`` / ``.txt`` (Jellyfish text), worked out by reading the files (SOURCES.md flags the
first batch's and most of the second batch's errors; each was checked against the file):

* games: one per ``Game N`` line in every file; no file holds two matches. One game is
  unverifiable: HedgeHog's game 2 (``65: 14/8 15/10 6/8`` moves a checker backwards, so the
  record's position cannot be built and the rest of the game is not judged).
* plays: the dice cells, less the empty or ``????`` cells of a player who resigned after
  rolling (but for nicksbar's last empty cell of game 1, the forced winning bear-off, which is
  replayed), the Snowie ``Illegal play`` cells and the 29 cells after HedgeHog's unbuildable
  play.
* genuine recording errors (errors and warnings):

  - GridGammon left 14 of nicksbar's turns empty (9 forced plays, 5 with a choice): R211.
  - Nori-Kenji has three Snowie ``Illegal play`` cells: R218.
  - Hardy's ``cmj85pmb...``: game 1 ends ``Doubles => 2`` / ``Drops`` / Savio ``Wins 1 point``,
    yet game 2's score line gives the point to Pan: X405.
  - Hardy's ``cmj85qi8...``: ``61: 12/6 11/9`` (g1), ``63: 13/3`` (g10), ``21: 6/2`` (g16) are
    wrong distances (R201); game 1's ``Wins 2 points`` is a gammon on a 2-cube (McNeil never
    bore off) and game 2's score line does give Hallberg 4: X401, a typo in the result line.
  - HedgeHog ``hQ8s...``: ``65: 14/8 15/10 6/8`` (g2, then R222), ``63: 13/9 13/7`` and
    ``41: 7/1`` (g3) are wrong distances (R201); SOURCES.md names the first two, the third is
    as plainly six pips on a 4-1.

The other formats (XG, SGF, Gibbon's GMD and JavaFIBS files) hold the same matches as their
``.mat`` twins where they have one, and report only what those report; each line of
:data:`TOTALS` says where its figures come from.

* writers' conventions, reported as info (docs/check.md, "Writers' conventions"): Hardy's boxed
  banners (P124, six files), a drop with no ``Wins`` line (P125), points capped at what the
  winner needed (X416), a match conceded (X417), Galaxy single-game exports (X418), ``and the
  match`` in a money session (X419).
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

import pytest

from gamao_cli.analysis.check import FileReport, check_inputs, collect_inputs
from gamao_cli.analysis.options import CheckOptions
from tests.helpers import CORPUS, require_corpus


class Totals(NamedTuple):
    files: int
    matches: int
    games: int
    verified: int
    plays: int


TOTALS: dict[str, Totals] = {
    # 72 .mat/.txt files, and XG Mobile's nodots-backgammon-core/sample.xg: a text export
    # despite its extension (a 2-game money session, 136 plays), walked now that .xg is known.
    "mat": Totals(files=73, matches=73, games=469, verified=468, plays=18384),
    # The five XG binaries of kevung-gbf: the games of their .mat/SGF twins.
    "xg": Totals(files=5, matches=5, games=31, verified=31, plays=1178),
    # Gibbon's 7point.gmd (GMD-2) and complete.gmd (GMD-1): the FIBS match of 7point.mat
    # (9 games, 353 plays each); edited.gmd: one set-up position, no play.
    "gmd": Totals(files=3, matches=3, games=19, verified=19, plays=706),
    "javafibs": Totals(files=1, matches=1, games=9, verified=9, plays=353),
    # The eight SGF of the first batch, Gibbon's complete.sgf (7point.sgf's match, hops in
    # another order) and kevung-gbf/test.sgf (the match of test.xg).
    "sgf": Totals(files=10, matches=10, games=46, verified=46, plays=1944),
    # Not match files: 16 XG and 7 BGBlitz position texts, gnubg's text export of an analysed
    # match and a Go SGF (see test_the_skipped_files_are_the_non_match_files).
    "skipped": Totals(files=25, matches=0, games=0, verified=0, plays=0),
}
"""Per format: files, matches, games, games verified, plays (a line per format)."""

FINDINGS: dict[str, dict[tuple[str, str], int]] = {
    "xg": {},  # 14 resignations are info (X402), nothing else
    # A set-up position that ends unfinished (Gibbon) and an unfinished money session.
    "sgf": {
        ("X413", "gitGNU-gnu_gibbon/edited.sgf"): 1,
        ("X414", "gitGNU-gnu_gibbon/edited.sgf"): 1,
        ("X414", "zmetcalf-backgammon_sgf/gnubg_file.sgf"): 1,
    },
    "javafibs": {},
    # The set-up position ends unfinished, as edited.sgf does.
    "gmd": {
        ("X413", "gitGNU-gnu_gibbon/edited.gmd"): 1,
        ("X414", "gitGNU-gnu_gibbon/edited.gmd"): 1,
    },
    "mat": {
        ("R211", "bgnori-bglib/nicksbar-nori-2009Jan302316.txt"): 14,
        ("R218", "bgnori-bglib/Nori-Kenji081229.txt"): 3,
        ("X405", "mbiyimoh-guru-builder/cmj85pmb20009euggnhrgvp6g.txt"): 1,
        ("R201", "mbiyimoh-guru-builder/cmj85qi800011eugg8mjr0fy2.txt"): 3,
        ("X401", "mbiyimoh-guru-builder/cmj85qi800011eugg8mjr0fy2.txt"): 1,
        ("R201", "ngvlamis-gammonview-analysis/hQ8sVn2LbTdF4wRm.mat"): 3,
        ("R222", "ngvlamis-gammonview-analysis/hQ8sVn2LbTdF4wRm.mat"): 1,
    },
}
"""Per format: (code, file) -> count of the errors and warnings."""

_HARDY = "mbiyimoh-guru-builder/cmj8"
CONVENTIONS: dict[str, dict[tuple[str, str], int]] = {
    "mat": {
        **{
            ("P124", f"{_HARDY}{stem}.txt"): 1
            for stem in (
                "5p3470003euggnvlzbt5z",
                "5pl4j0008euggdwja7ids",
                "5pmb20009euggnhrgvp6g",
                "5pt7f000feuggysposrl4",
                "5qi800011eugg8mjr0fy2",
                "64ohg02qweugg9cj8ha7f",
            )
        },
        ("P125", f"{_HARDY}5qi800011eugg8mjr0fy2.txt"): 1,
        ("X419", f"{_HARDY}64ohg02qweugg9cj8ha7f.txt"): 1,
        ("X416", "lassehjorthmadsen-bglab/match1004844.txt"): 1,
        ("X416", "lassehjorthmadsen-bglab/match7986278.txt"): 1,
        ("X417", "bgnori-bglib/Amirrr-nori-2009Feb151603.txt"): 1,
        (
            "X417",
            "lassehjorthmadsen-bglab/MrPurple - Lasse 3pt Backgammon Studio"
            " 2024_05_11 20_10_33.txt",
        ): 1,
        ("X418", "lassehjorthmadsen-bglab/match10315962.txt"): 1,
        ("X418", "lassehjorthmadsen-bglab/match1093632.txt"): 1,
    },
}
"""Per format: (code, file) -> count of the findings that name a writer's convention."""
CONVENTION_CODES = frozenset({"P124", "P125", "X416", "X417", "X418", "X419", "X420"})


def format_of(report: FileReport) -> str:
    if report.replays:
        return report.replays[0].match.source_format
    return "skipped" if report.skipped else "unreadable"


@pytest.fixture(scope="module")
def by_format() -> dict[str, list[FileReport]]:
    require_corpus()
    out: dict[str, list[FileReport]] = {}
    for report in check_inputs(collect_inputs([str(CORPUS)]), CheckOptions(), keep=True):
        out.setdefault(format_of(report), []).append(report)
    return out


def counted(reports: list[FileReport], keep: frozenset[str] | None) -> Counter[tuple[str, str]]:
    """(code, file) counts of the findings: the errors and warnings, or those of ``keep``."""
    found: Counter[tuple[str, str]] = Counter()
    for report in reports:
        for f in report.findings:
            wanted = f.severity.value != "info" if keep is None else f.code in keep
            if wanted:
                found[(f.code, f.file.split("real/")[-1])] += 1
    return found


@pytest.mark.parametrize("fmt", sorted(TOTALS))
def test_every_game_is_read_and_verified(by_format: dict[str, list[FileReport]], fmt: str) -> None:
    reports = by_format.get(fmt, [])
    totals = Totals(
        files=len(reports),
        matches=sum(r.matches for r in reports),
        games=sum(r.games for r in reports),
        verified=sum(r.games_verified for r in reports),
        plays=sum(r.plays for r in reports),
    )
    assert totals == TOTALS[fmt]


@pytest.mark.parametrize("fmt", sorted(FINDINGS))
def test_only_the_known_recording_errors_are_reported(
    by_format: dict[str, list[FileReport]], fmt: str
) -> None:
    assert dict(counted(by_format.get(fmt, []), None)) == FINDINGS[fmt]


@pytest.mark.parametrize("fmt", sorted(CONVENTIONS))
def test_writers_conventions_are_named(by_format: dict[str, list[FileReport]], fmt: str) -> None:
    assert dict(counted(by_format.get(fmt, []), CONVENTION_CODES)) == CONVENTIONS[fmt]


def test_hardy_banners_give_event_and_round(by_format: dict[str, list[FileReport]]) -> None:
    tags = {
        r.file.split("real/")[-1]: dict(r.replays[0].match.tags)
        for r in by_format.get("mat", [])
        if r.file.split("real/")[-1].startswith(_HARDY)
    }
    assert {name: (t.get("Event"), t.get("Round")) for name, t in tags.items()} == {
        f"{_HARDY}5p3470003euggnvlzbt5z.txt": (
            "Monte Carlo World Championships 2010, 11 - 18 July 2010",
            "Final",
        ),
        f"{_HARDY}5pl4j0008euggdwja7ids.txt": (
            "19th European Backgammon Championships & 6th Velden Open 2007",
            "Masters Final",
        ),
        f"{_HARDY}5pmb20009euggnhrgvp6g.txt": (
            "Monte Carlo World Championships 2007, 08 - 15 July 2007",
            "Final",
        ),
        f"{_HARDY}5pt7f000feuggysposrl4.txt": (
            "UK Masters, London, 15 - 18 Nov 2007",
            "Quarter Final",
        ),
        f"{_HARDY}5qi800011eugg8mjr0fy2.txt": (
            "Monte Carlo World Championship, 2004",
            "Main, Round of the last 32",
        ),
        f"{_HARDY}64ohg02qweugg9cj8ha7f.txt": (
            "First British-American Backgammon Cup, London, 1973",
            None,
        ),
    }


def test_every_file_is_accounted_for(by_format: dict[str, list[FileReport]]) -> None:
    """Every file is read as one of the formats above or skipped; none is unreadable."""
    assert sorted(by_format) == sorted(TOTALS)


def test_the_skipped_files_are_the_non_match_files(
    by_format: dict[str, list[FileReport]],
) -> None:
    skipped = sorted(r.file.split("real/")[-1] for r in by_format["skipped"])
    positions = [p for p in skipped if p.startswith(("kevung-xgparser/", "kevung-bgfparser/"))]
    assert (len(positions), len(skipped)) == (23, 25)
    assert sorted(set(skipped) - set(positions)) == [
        "lassehjorthmadsen-gnubg-scripts/match1484923_analyzed.txt",
        "zmetcalf-backgammon_sgf/demo_file.sgf",
    ]
    assert {f.code for r in by_format["skipped"] for f in r.findings} == {"P010"}
