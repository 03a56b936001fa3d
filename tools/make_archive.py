"""A large synthetic match archive, reproducible from a seed (issue 14's benchmarks).

    .venv/bin/python tools/make_archive.py OUT --matches 1000000 [--seed 1] [--per-file 1]
        [--source DIR ...]

The matches are real ones (the .mat/SGF/XG files of ``--source``, default the shared real
corpus and gamao's gnubg-made fixtures) with new player names, a new event and a new date,
each drawn from the seed, so that every match of the archive is a distinct record to the
statistics (names) while its plays stay legal and real. Written as gamao ``.mat`` files
(``--per-file N`` matches a file: big multi-match files for the byte-range work units),
``OUT/NNNN/archive-NNNNNNN.mat``, a thousand files a folder. Streams: memory stays flat
whatever ``--matches`` is. The same seed and sources give the same archive, byte for byte.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from gamao_cli.formats.inputs import is_match_record, iter_input_files, read_path
from gamao_cli.formats.mat_writer import write_mat
from gamao_cli.model.match import Match

REPO = Path(__file__).resolve().parents[1]
DEFAULT_SOURCES = (
    REPO.parent / "shared" / "corpus" / "real",
    REPO / "tests" / "fixtures" / "gnubg",
)

_FIRST = ("Ana", "Bruno", "Carla", "Diego", "Elena", "Fabio", "Gina", "Hugo", "Iris", "Joao",
          "Kenji", "Lara", "Mateus", "Nora", "Otto", "Paula", "Quim", "Rita", "Saulo", "Tania",
          "Ugo", "Vera", "Wagner", "Xenia", "Yara", "Ze")  # fmt: skip
_LAST = ("Silva", "Santos", "Oliveira", "Souza", "Lima", "Pereira", "Costa", "Ferreira",
         "Almeida", "Ribeiro", "Carvalho", "Gomes", "Martins", "Rocha", "Barbosa")  # fmt: skip
_EVENTS = ("Clube do Gamao", "Open de Lisboa", "Copa Paulista", "Torneio das Quintas",
           "Liga Online", "Festival de Verao")  # fmt: skip


def source_matches(sources: list[Path]) -> list[Match]:
    """Every match of the sources that replays (in a stable order)."""
    out = []
    for item in iter_input_files([str(s) for s in sources if s.exists()]):
        out.extend(m for m in read_path(item) if is_match_record(m))
    if not out:
        raise SystemExit("no match found in the sources")
    return out


def _name(rng: random.Random) -> str:
    return f"{rng.choice(_FIRST)} {rng.choice(_LAST)} {rng.randrange(1000):03d}"


def varied(base: Match, rng: random.Random, serial: int) -> Match:
    """``base`` under new names, event and date (the same games)."""
    a, b = _name(rng), _name(rng)
    while b == a:
        b = _name(rng)
    year, month, day = rng.randint(1995, 2026), rng.randint(1, 12), rng.randint(1, 28)
    tags = tuple((k, v) for k, v in base.tags
                 if k.lower() not in ("event", "eventdate", "player 1", "player 2"))  # fmt: skip
    tags += (("Event", f"{rng.choice(_EVENTS)} #{serial}"),
             ("EventDate", f"{year}.{month:02d}.{day:02d}"))  # fmt: skip
    games = tuple(replace(g, players=None) for g in base.games)
    return replace(base, players=(a, b), tags=tags, games=games, comments=(), diagnostics=())


def archive(bases: list[Match], count: int, seed: int) -> Iterator[Match]:
    rng = random.Random(seed)
    for serial in range(count):
        yield varied(bases[rng.randrange(len(bases))], rng, serial)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-file", type=int, default=1)
    parser.add_argument("--source", type=Path, action="append")
    args = parser.parse_args(argv)
    bases = source_matches(args.source or list(DEFAULT_SOURCES))
    written = 0
    stream = None
    for serial, match in enumerate(archive(bases, args.matches, args.seed)):
        if serial % args.per_file == 0:
            if stream is not None:
                stream.close()
            number = serial // args.per_file
            path = args.out / f"{number // 1000:04d}" / f"archive-{number:07d}.mat"
            path.parent.mkdir(parents=True, exist_ok=True)
            stream = path.open("w", encoding="utf-8", newline="\n")
            written += 1
        assert stream is not None
        write_mat(match, stream)
    if stream is not None:
        stream.close()
    print(f"{args.matches} matches from {len(bases)} sources in {written} files under {args.out}",
          file=sys.stderr)  # fmt: skip


if __name__ == "__main__":
    main()
