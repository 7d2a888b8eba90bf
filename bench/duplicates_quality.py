"""How well kb tells a duplicate from a different fault, in both directions, on the seeds.

    python bench/duplicates_quality.py

The labels come from the seeds themselves, so the set needs no hand-labelling and no one's text:

- **A second occurrence is offered as the entry it duplicates** (`kb add`'s check). For every seed
  whose symptom is an error message (a description has no second printing), its symptom as another
  occurrence would print it: every number changed, and every quoted or
  absolute path replaced by another. Counted: offered the seed itself; offered another entry with
  the same message (one message, several causes: the person then chooses); offered nothing.
- **Different faults are not flagged as duplicates** (`kb review`'s "likely duplicate"). Every pair
  of seeds is a different fault, written once: the pairs flagged are all false.
- **The same fault recorded twice is flagged.** Each seed recorded again by a user who gave no cause
  path (what `kb add -s … -d …` stores): the pairs not flagged are misses.

Prints counts; nothing is timed.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kb.entry.content import EntryContent
from kb.search.duplicates import find_duplicate
from kb.store.seeding import open_knowledge_base
from kb.text.paste import find_decisive
from kb.upkeep.review import likely_duplicates

_QUOTED_PATH = re.compile(r"""(['"])(?:~|\.{1,2})?/[^'"\n]*\1""")
_NUMBER = re.compile(r"\d+")


def another_occurrence(symptom: str) -> str:
    """SYMPTOM as the next occurrence prints it: other numbers, another file."""
    first = next(line for line in symptom.splitlines() if line.strip())
    moved = _QUOTED_PATH.sub(lambda m: f"{m.group(1)}/scratch/run_7/part-0042.bin{m.group(1)}", first)
    return _NUMBER.sub(lambda m: str(int(m.group()) + 7), moved)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["HOME"] = folder
        os.environ["XDG_DATA_HOME"] = folder
        store = open_knowledge_base(str(Path(folder) / "kb.db"))
        seeds = store.list()
        itself = sibling = nothing = shared = 0
        errors = [seed for seed in seeds if find_decisive(seed.symptom).short_type]
        for seed in errors:
            found = find_duplicate(store.location, another_occurrence(seed.symptom))
            if found is None:
                nothing += 1
            elif found.key == seed.key:
                itself += 1
                shared += found.shared
            else:
                sibling += 1
        signatures = store.signatures()
        paths = {seed.key: seed.cause_path for seed in seeds}
        false_flags = len(likely_duplicates(signatures, paths))
        for seed in seeds:
            twice = EntryContent(key=f"{seed.key}-again", domain=seed.domain, symptom=seed.symptom)
            store.add(twice)
        signatures = store.signatures()
        paths.update({f"{seed.key}-again": "" for seed in seeds})
        flagged = likely_duplicates(signatures, paths)
        missed = sum(1 for seed in seeds if flagged.get(f"{seed.key}-again") is None)
        store.close()
    count = len(seeds)
    print(f"another occurrence of each of {len(errors)} error seeds, offered as: itself {itself},")
    print(f"  an entry with the same message {sibling}, nothing {nothing}")
    print(f"  of those offered as itself, {shared} hold a message several faults raise (asked, default no)")
    print(f"seed pairs flagged as likely duplicates (all false): {false_flags}")
    print(f"seeds recorded twice and not flagged (misses): {missed} of {count}")


if __name__ == "__main__":
    main()
