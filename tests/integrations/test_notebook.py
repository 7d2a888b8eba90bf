"""`%load_ext kb` in a real Jupyter kernel: the error output first, unchanged, then the entry as HTML.

The notebook is built here and run by nbclient, as Jupyter runs it, in an ipykernel of this
environment's Python against the test's own knowledge base; an unknown error gets its error alone.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from traitlets.config import Config

nbclient = pytest.importorskip("nbclient")
nbformat = pytest.importorskip("nbformat")

UNKNOWN = "the quux frobnicator rejected the zorblax"


@pytest.fixture
def jupyter_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """IPython's and Jupyter's folders, and the kernel's temporary files, all in the test's own."""
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    for name in ("config", "data", "runtime"):
        (tmp_path / "jupyter" / name).mkdir(parents=True)
        monkeypatch.setenv(f"JUPYTER_{name.upper()}_DIR", str(tmp_path / "jupyter" / name))
    monkeypatch.delenv("JUPYTER_PATH", raising=False)  # no kernelspec of the developer's
    monkeypatch.delenv("JUPYTER_CONFIG_PATH", raising=False)
    (tmp_path / "tmp").mkdir()
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    return tmp_path / "jupyter"


def run_notebook(jupyter_home: Path, *sources: str) -> list[list[dict[str, Any]]]:
    """Each cell's outputs, after running SOURCES as a notebook's code cells in one kernel."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in sources])
    connection = {"connection_file": str(jupyter_home / "runtime" / "kernel-kb-test.json")}
    nbclient.NotebookClient(
        notebook,
        timeout=60,
        kernel_name="python3",
        allow_errors=True,
        config=Config(KernelManager=connection),  # else jupyter_client writes it to the system's /tmp
    ).execute()
    return [cell.outputs for cell in notebook.cells]


def test_in_a_notebook_the_error_comes_first_then_its_known_fault_as_html(jupyter_home: Path) -> None:
    kernel, loading, known, unknown = run_notebook(
        jupyter_home,
        "import sys; print(sys.executable)",
        "%load_ext kb",
        "raise IndexError('Target 5 is out of bounds.')",
        f"raise ValueError({UNKNOWN!r})",
    )
    assert kernel == [{"output_type": "stream", "name": "stdout", "text": sys.executable + "\n"}]
    assert loading == []

    assert [output["output_type"] for output in known] == ["error", "display_data"], known
    error, entry = known
    assert error["traceback"]
    assert (error["ename"], error["evalue"]) == ("IndexError", "Target 5 is out of bounds.")
    assert "kb: known fault" in entry["data"]["text/plain"]
    page = entry["data"]["text/html"]
    assert "<b>kb</b>: known fault" in page and "<code>cross-entropy-label-out-of-range</code> [data]" in page
    assert "prove it: <code>$ python -c &quot;import torch; from train import loader, num_classes;" in page
    assert "bad = ((y &lt; 0) | (y &gt;= num_classes)) &amp; (y != ignore)" in page
    assert "fix: Find why labels leave `[0, num_classes - 1]`" in page

    assert [output["output_type"] for output in unknown] == ["error"], unknown
    assert (unknown[0]["ename"], unknown[0]["evalue"]) == ("ValueError", UNKNOWN)
