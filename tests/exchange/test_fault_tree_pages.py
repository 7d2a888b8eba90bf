"""The fault tree's Mermaid charts drawn by the real renderer (mermaid-cli), when it is installed:
only Mermaid's own parser can say that a chart is valid. The pages' pure tests are in
tests/unit/exchange/test_fault_tree_pages.py.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kb.exchange.fault_tree_pages import MERMAID_MAX_EDGES, tree_as_mermaid
from kb.upkeep.fault_tree import build_forest, recurring_branches
from tests.unit.exchange.test_fault_tree_pages import largest_chart_with_entries
from tests.upkeep.forests import ENTRIES, entry_of

REPO = Path(__file__).resolve().parents[2]


# --- the real Mermaid renderer ---------------------------------------------------------------------

CHROMIUM = Path("/usr/bin/chromium")


def find_mmdc() -> str | None:
    local = REPO / "node_modules" / ".bin" / "mmdc"
    return shutil.which("mmdc") or (str(local) if local.exists() else None)


@pytest.fixture
def mmdc() -> str:
    found = find_mmdc()
    if found is None:
        pytest.skip(
            "mmdc not installed (PUPPETEER_SKIP_DOWNLOAD=1 npm install --no-save @mermaid-js/mermaid-cli)"
        )
    if not CHROMIUM.exists():
        pytest.skip("chromium not installed at /usr/bin/chromium (apt-get install -y chromium)")
    return found


def draw(mmdc: str, chart: str, folder: Path) -> str:
    """CHART drawn by mermaid-cli; the text the SVG shows, whitespace collapsed."""
    (folder / "tree.mmd").write_text(chart, encoding="utf-8")
    (folder / "puppeteer.json").write_text(
        json.dumps(
            {"executablePath": str(CHROMIUM), "args": ["--no-sandbox", "--headless", "--disable-gpu"]}
        ),
        encoding="utf-8",
    )
    result = subprocess.run(
        [mmdc, "-p", "puppeteer.json", "-i", "tree.mmd", "-o", "tree.svg"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr  # mmdc exits 1 on a syntax error
    svg = folder / "tree.svg"
    assert svg.exists()
    root = ET.parse(svg).getroot()  # well-formed XML: no control character got through
    assert not [el for el in root.iter() if el.tag.rsplit("}", 1)[-1].lower() == "script"]
    shown = " ".join(" ".join(root.itertext()).split())
    assert "Maximum text size in diagram exceeded" not in shown  # drawn with exit 0 past the limit
    return shown.replace("\u2060", "")  # the word joiners that keep Mermaid's own markers apart


def test_mermaid_cli_draws_a_hostile_forest(mmdc: str, tmp_path: Path) -> None:
    hostile = [
        entry_of(
            "quote", 'say "hi" > [x] | {y} (z)', '"q" ] [ <script>alert(1)</script> `tick` #quot; &amp;'
        ),
        entry_of(
            "directive", "%%{init: {'theme': 'dark'}}%% > end", "classDef x fill:#f00; --> ;; Straße ﬂ°¶ß"
        ),
        entry_of("style", "style", "ValueError: style n0 fill:#f00;stroke:(x) style:#quot;"),
        entry_of("control", "a\x1b[31m > b\x00c", "bell \x07 tab\tnewline\n漢字 🔥 \\ \\\\ ﬂ\u2060°"),
        *ENTRIES,
    ]
    forest = build_forest(hostile)
    assert recurring_branches(forest)
    shown = draw(mmdc, tree_as_mermaid(forest), tmp_path)
    for piece in (
        '"q" ] [ <script>alert(1)</script> `tick` #quot; &amp; (hits 0, seen 1x)',
        "classDef x fill:#f00; --> ;; Straße ﬂ°¶ß (hits 0, seen 1x)",
        "ValueError: style n0 fill:#f00;stroke:(x) style:#quot; (hits 0, seen 1x)",
        "%%{init: {'theme': 'dark'}}%% 1 entry",
        "bell \ufffd tab newline 漢字 🔥 \\ \\\\ ﬂ\\u2060° (hits 0, seen 1x)",  # the joiner typed: shown
    ):
        assert piece in shown


def test_mermaid_cli_draws_charts_at_the_size_limits(mmdc: str, tmp_path: Path) -> None:
    shown = draw(mmdc, largest_chart_with_entries(), tmp_path)
    assert "🔥" * 250 + "0 s" in shown
    many = build_forest(entry_of(f"k{i}", f"cause {i % 20}", "s") for i in range(MERMAID_MAX_EDGES))
    assert "cause 19 25 entries, 25 occurrences" in draw(mmdc, tree_as_mermaid(many), tmp_path)
