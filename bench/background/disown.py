"""Leave out of the background the everyday messages that a seed entry owns.

    python bench/background/disown.py [seed_entries/everyday_errors.txt]

The background is what no fault owns. The harvest (harvest.py) runs library code with wrong inputs,
and some of what it provokes is a seed fault's own message: `IndexError: index out of range in self`
is what an embedding says to an id past its size, the vocabulary entry's symptom. A line whose
signature is a seed's symptom or variant (numbers masked, the same quoted names), or as close to one
as kb's literal match can tell (fuzzy 0.95), is dropped, and the header says how many. A variant's
closing remark in parentheses (`... between 0 and 1 (the same labels fed to nn.BCELoss)`) says where
the message is seen, and the message without it is the seed's too; so is an OSError's message
without the path it names (`Too many open files: '/data/x.jpg'`). Run it after every harvest and
after adding a seed; tests/test_seed_entries.py checks that no line is left that a seed owns.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from kb.entry.file import read_entry_file
from kb.search.ranking import fuzzy_similarity
from kb.text.paste import signature

ROOT = Path(__file__).resolve().parents[2]
OWNED = 0.95
_CLOSING_REMARK = re.compile(r"\s*\([^()]*\)\s*$")
_COUNT_NOTE = re.compile(r"^# (\d+) lines a seed entry owns are left out")
#: The file an OSError names (`Too many open files: '/data/x.jpg'`): which file, not which message.
#: Only a path: a quoted value (`could not convert string to float: 'abc'`) stays part of the line.
_PATH_OPERAND = re.compile(r":\s*'[^']*/[^']*'(?:\s*->\s*'[^']*')?$")


def seed_forms(seeds: Path) -> list[tuple[str, str]]:
    """The signature of every symptom form of the seed entries in SEEDS (and of each without its
    closing remark), each with the seed's key."""
    forms: list[tuple[str, str]] = []
    for path in sorted(seeds.glob("*/*.md")):
        entry = read_entry_file(path)
        for form in (entry.symptom, *entry.symptom_variants):
            forms.append((entry.key, signature(form)))
            bare = _CLOSING_REMARK.sub("", form)
            if bare and bare != form:
                forms.append((entry.key, signature(bare)))
    return forms


def owned_by(lines: list[str], seeds: Path) -> dict[str, str]:
    """The lines among LINES that a seed entry in SEEDS owns, each with the seed's key."""
    forms = seed_forms(seeds)
    owned = {}
    for line in lines:
        mine = {signature(line), signature(_PATH_OPERAND.sub("", line))}
        for key, form in forms:
            if form in mine or any(fuzzy_similarity(sig, [form]) >= OWNED for sig in mine):
                owned[line] = key
                break
    return owned


def main() -> None:
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "seed_entries" / "everyday_errors.txt"
    text = target.read_text(encoding="utf-8").splitlines()
    earlier = sum(int(m.group(1)) for line in text if (m := _COUNT_NOTE.match(line)))
    header = [line for line in text if line.startswith("#") and not _COUNT_NOTE.match(line)]
    body = [line for line in text if line.strip() and not line.startswith("#")]
    owned = owned_by(body, ROOT / "seed_entries")
    kept = [line for line in body if line not in owned]
    note = f"# {earlier + len(owned)} lines a seed entry owns are left out (bench/background/disown.py)."
    target.write_text("\n".join([*header, note, *kept]) + "\n", encoding="utf-8")
    for line, key in sorted(owned.items(), key=lambda item: item[1]):
        print(f"{key}: {line[:120]}")
    print(f"{len(owned)} of {len(body)} lines left out", file=sys.stderr)


if __name__ == "__main__":
    main()
