"""The commit-time guard: each rule kind flags its bad example and passes its good one, stays
standard-library only, and treats rule text as data. (Run as the processes a repository runs it in:
tests/guards/test_checker_processes.py.)"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from kb.guards import checker as guard_checker
from kb.guards.checker import Finding, RuleError, check_files, check_source, main

MODULE = Path(guard_checker.__file__)


def rule(key: str, kind: str, **fields: Any) -> dict[str, Any]:
    return {"key": key, "kind": kind, "symptom": f"{key} symptom", "fix": f"{key} fix", **fields}


TORCH_LOAD = rule(
    "torch-load-map-location",
    "missing-keyword",
    call=["torch.load"],
    keyword="map_location",
    positional_index=1,
)
INTERPOLATE = rule(
    "interpolate-align-corners",
    "missing-keyword",
    call=["F.interpolate", "nn.functional.interpolate", "nn.Upsample"],
    keyword="align_corners",
    when_keyword_in={"mode": ["linear", "bilinear", "bicubic", "trilinear"]},
)
DATA_PARALLEL = rule("data-parallel", "banned-call", call=["torch.nn.DataParallel", "nn.DataParallel"])
NUM_WORKERS = rule(
    "num-workers",
    "literal-limit",
    call=["DataLoader", "torch.utils.data.DataLoader"],
    keyword="num_workers",
    max="usable_cpus",
)
SOFTMAX_CE = rule(
    "ce-fed-softmax",
    "call-order",
    inner=["softmax", "F.softmax", "torch.softmax", "torch.nn.functional.softmax"],
    outer=["cross_entropy", "F.cross_entropy", "torch.nn.functional.cross_entropy"],
)
SAVE_STEPS = rule(
    "save-steps", "config-relation", call=["TrainingArguments"], multiple_of=["save_steps", "logging_steps"]
)
BREAKPOINT = rule("stray-breakpoint", "regex", pattern=r"^\s*breakpoint\(\)")
GRAD_OFF = rule(
    "grad-off-in-forward",
    "banned-call",
    call=["torch.set_grad_enabled"],
    keyword="mode",
    positional_index=0,
    equals=False,
    inside=["forward"],
)
RULES = [TORCH_LOAD, INTERPOLATE, DATA_PARALLEL, NUM_WORKERS, SOFTMAX_CE, SAVE_STEPS, BREAKPOINT, GRAD_OFF]


def keys(source: str, rules: list[dict[str, Any]] | None = None) -> list[str]:
    return [f.key for f in check_source(source, rules if rules is not None else RULES)]


@pytest.mark.parametrize(
    ("source", "key"),
    [
        ('import torch\ntorch.load("m.pt")\n', "torch-load-map-location"),
        ("import torch as th\nth.load(p)\n", "torch-load-map-location"),
        ("from torch import load\nload(p)\n", "torch-load-map-location"),
        ('F.interpolate(x, scale_factor=2, mode="bilinear")\n', "interpolate-align-corners"),
        ('nn.Upsample(scale_factor=2, mode="bilinear")\n', "interpolate-align-corners"),
        ('torch.nn.functional.interpolate(x, mode="bicubic")\n', "interpolate-align-corners"),
        ("model = nn.DataParallel(model)\n", "data-parallel"),
        ("import torch\nmodel = torch.nn.DataParallel(model)\n", "data-parallel"),
        ("import torch.nn as tnn\nmodel = tnn.DataParallel(model)\n", "data-parallel"),
        ("DataLoader(ds, num_workers=10_000)\n", "num-workers"),
        ("torch.utils.data.DataLoader(ds, batch_size=8, num_workers=10_000)\n", "num-workers"),
        ("loss = F.cross_entropy(F.softmax(logits, -1), y)\n", "ce-fed-softmax"),
        ("criterion = nn.CrossEntropyLoss()\nloss = criterion(torch.softmax(x, 1), y)\n", "ce-fed-softmax"),
        (
            "class M:\n    def __init__(self):\n        self.loss = nn.CrossEntropyLoss()\n"
            "    def step(self, x, y):\n        return self.loss(F.softmax(x, 1), y)\n",
            "ce-fed-softmax",
        ),
        ("loss = nn.CrossEntropyLoss()(x.softmax(-1), y)\n", "ce-fed-softmax"),
        ("probs = F.softmax(logits, -1)\nloss = F.cross_entropy(probs, y)\n", "ce-fed-softmax"),
        (
            "def step(x, y):\n    p: T = torch.softmax(x, 1)\n    return F.cross_entropy(p, y)\n",
            "ce-fed-softmax",
        ),
        ("args = TrainingArguments(output_dir='o', save_steps=300, logging_steps=125)\n", "save-steps"),
        ("x = 1\n    breakpoint()\n", "stray-breakpoint"),
        ("class M:\n    def forward(self, x):\n        torch.set_grad_enabled(False)\n", GRAD_OFF["key"]),
        ("import torch as T\ndef forward(self, x):\n    T.set_grad_enabled(mode=False)\n", GRAD_OFF["key"]),
        ("from torch import set_grad_enabled as g\ndef forward(x):\n    g(False)\n", GRAD_OFF["key"]),
        (
            "from torch.nn.functional import softmax as sm\nloss = cross_entropy(sm(z, 1), y)\n",
            "ce-fed-softmax",
        ),
    ],
)
def test_bad_examples_are_flagged(source: str, key: str) -> None:
    assert keys(source) == [key]


@pytest.mark.parametrize(
    "source",
    [
        'torch.load("m.pt", map_location="cpu")\n',
        'torch.load("m.pt", "cpu")\n',
        "torch.load(p, **kwargs)\n",
        "import numpy as np\nnp.load(p)\n",
        # safetensors' load takes bytes and has no map_location: not torch.load by its last two names
        'from safetensors.torch import load\nstate = load(open("m.safetensors", "rb").read())\n',
        "import safetensors.torch\nstate = safetensors.torch.load(data)\n",
        "load(p)\n",
        'F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False)\n',
        'F.interpolate(x, scale_factor=2, mode="nearest")\n',
        "F.interpolate(x, scale_factor=2)\n",
        "F.interpolate(x, scale_factor=2, mode=mode)\n",
        'nn.Upsample(scale_factor=2, mode="nearest")\n',
        "model = DistributedDataParallel(model)\n",
        "isinstance(model, nn.DataParallel)\n",
        "DataLoader(ds, num_workers=0)\n",
        "DataLoader(ds, num_workers=n)\n",
        "DataLoader(ds, num_workers=True)\n",
        "loss = F.cross_entropy(logits, y)\n",
        "loss = cross_entropy(logits, y)\n",
        "criterion = nn.CrossEntropyLoss()\nloss = criterion(logits, y)\n",
        "probs = F.softmax(logits, -1)\nloss = F.nll_loss(torch.log(probs), y)\n",
        "TrainingArguments(output_dir='o', save_steps=500, logging_steps=100)\n",
        "TrainingArguments(output_dir='o', save_steps=steps, logging_steps=125)\n",
        "TrainingArguments(output_dir='o', save_steps=300, logging_steps=0)\n",
        "# breakpoint() is mentioned, not called\n",
        # the name holds something else too, or is another function's, or is assigned after the call
        "def step(logits, y):\n    loss = F.cross_entropy(logits, y)\n    logits = F.softmax(logits, -1)\n",
        "loss = F.cross_entropy(out, y)\nout = F.softmax(out, -1)\n",
        "p = F.softmax(x, 1)\np = logits\nloss = F.cross_entropy(p, y)\n",
        "p = F.softmax(x, 1) if calibrated else x\nloss = F.cross_entropy(p, y)\n",
        "def a(x):\n    p = F.softmax(x, 1)\n    return p\ndef b(p, y):\n    return F.cross_entropy(p, y)\n",
        # an evaluation script turns gradients off in its own function, not in a model's forward
        # scipy's softmax into the user's own numpy cross entropy: the rule names torch's
        "from scipy.special import softmax\ndef cross_entropy(p, y):\n    return -p[y]\n"
        "loss = cross_entropy(softmax(z, axis=1), y)\n",
        "from scipy import special as F\nloss = cross_entropy(F.softmax(z), y)\n",
        "def main():\n    torch.set_grad_enabled(False)\n    evaluate(model)\n",
        "def evaluate(m):\n    torch.set_grad_enabled(False)\n    m(x)\n    torch.set_grad_enabled(True)\n",
        "def forward(self, x):\n    with torch.set_grad_enabled(False):\n        x = self.backbone(x)\n",
        "def forward(self, x):\n    torch.set_grad_enabled(True)\n    torch.set_grad_enabled(0)\n",
        "def forward(self, x):\n    def freeze():\n        torch.set_grad_enabled(False)\n    return x\n",
    ],
)
def test_good_examples_pass(source: str) -> None:
    assert keys(source) == []


def test_a_finding_carries_path_line_column_and_message() -> None:
    source = 'import torch\n\nstate = torch.load("m.pt")\n'
    assert check_source(source, [TORCH_LOAD], path="train.py") == [
        Finding(
            "train.py",
            3,
            9,
            "torch-load-map-location",
            "torch.load() without map_location= — the fault it can lead to: torch-load-map-location symptom"
            " — fix: torch-load-map-location fix",
        )
    ]


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("import torch as th\nm = th.load(p)\n", "th.load() without map_location="),
        ("nn.DataParallel(m)\n", "nn.DataParallel() is called"),
        (
            "DataLoader(ds, num_workers=4096)\n",
            "num_workers=4096, more than the {cpus} this process may use on this machine",
        ),
        ("F.cross_entropy(F.softmax(x, dim=1), y)\n", "F.softmax() passed straight to F.cross_entropy()"),
        (
            "TrainingArguments(save_steps=300, logging_steps=125)\n",
            "save_steps=300 is not a multiple of logging_steps=125",
        ),
    ],
)
def test_a_finding_says_what_this_code_does_before_the_entrys_own_example(source: str, found: str) -> None:
    """The symptom is the entry's example (`save_steps=500, logging_steps=100`, `16 worker processes`):
    quoted alone, it read as a claim about code that has other numbers. A finding first says what
    this code does, in its own names and values, and on which machine a machine's limit was read."""
    cpus = guard_checker.usable_cpus()
    (finding,) = check_source(source, RULES)
    expected = found.format(cpus=f"{cpus} CPU{'s' if cpus != 1 else ''}")
    assert finding.message.startswith(f"{expected} — the fault it can lead to: {finding.key} symptom")


def test_an_import_inside_a_function_names_its_calls_there_only() -> None:
    """Aliases were one table per file: `from torch import load` inside one function made the
    module's `json.load` a torch.load without map_location (a false finding), and the other way round
    hid a real one. Names resolve as Python resolves them: a function's imports, then the functions
    around it, then the module's; a class body's imports are not its methods'."""
    source = (
        "from json import load\n"
        "config = load(open('c.json'))\n"
        "def restore(path):\n"
        "    from torch import load\n"
        "    return load(path)\n"
        "class Saver:\n"
        "    from torch import load\n"
        "    state = load('x.pt')\n"
        "    def settings(self):\n"
        "        return load(open('c.json'))\n"
    )
    assert [finding.line for finding in check_source(source, [TORCH_LOAD])] == [5, 8]
    mirror = (
        "from torch import load\n"
        "def read(f):\n"
        "    from json import load\n"
        "    return load(f)\n"
        "model = load('m.pt')\n"
    )
    assert [finding.line for finding in check_source(mirror, [TORCH_LOAD])] == [5]


def test_a_python_script_without_py_is_read_as_python(tmp_path: Path) -> None:
    """pre-commit hands `bin/train` (a python shebang, no suffix) to a `types: [python]` hook, and the
    checker gave it only regex rules."""
    script = tmp_path / "train"
    script.write_text("#!/usr/bin/env python3\nimport torch\nstate = torch.load('m.pt')\n", encoding="utf-8")
    shell = tmp_path / "run"
    shell.write_text("#!/bin/sh\ntorch.load('m.pt')\n", encoding="utf-8")
    assert [f.key for f in check_files([str(script), str(shell)], [TORCH_LOAD])] == [
        "torch-load-map-location"
    ]


def test_a_method_called_on_a_call_result_is_still_that_method() -> None:
    """`F.cross_entropy(model(x).softmax(dim=1), y)` passed: the softmax's callee spelled no dotted
    name, so no rule could name it."""
    (finding,) = check_source("F.cross_entropy(model(x).softmax(dim=1), y)\n", [SOFTMAX_CE])
    assert finding.message.startswith("model(x).softmax() passed straight to F.cross_entropy() — ")
    assert not check_source("model(x).load('m.pt')\n", [TORCH_LOAD])


def test_a_keyword_given_as_none_is_a_keyword_left_out() -> None:
    """`torch.load(p, map_location=None)` is the default spelled out: the same fault, which the rule
    missed."""
    (finding,) = check_source("import torch\nm = torch.load(p, map_location=None)\n", [TORCH_LOAD])
    assert finding.message.startswith("torch.load() with map_location=None — the fault it can lead to:")
    assert check_source("import torch\nm = torch.load(p, None)\n", [TORCH_LOAD])
    assert not check_source("import torch\nm = torch.load(p, device)\n", [TORCH_LOAD])


def test_a_file_that_parses_is_checked_however_deep_its_expressions_nest() -> None:
    """Resolving imports by scope walked the tree by recursion: a generated `a + a + …` of 2,000
    terms parses, and the checker crashed on it with a RecursionError, failing the commit."""
    source = "import torch\nx = " + " + ".join(["a"] * 2_000) + "\nm = torch.load(p)\n"
    assert [finding.line for finding in check_source(source, [TORCH_LOAD])] == [3]


def test_a_regex_finding_is_the_entrys_symptom_and_fix() -> None:
    (finding,) = check_source("breakpoint()\n", RULES)
    assert finding.message == "stray-breakpoint symptom — fix: stray-breakpoint fix"


def test_a_line_is_encoded_once_however_many_calls_it_holds() -> None:
    """Each finding's column counted by encoding its whole line again: a 3 MB generated file of one
    line took minutes at commit time. The bytes of a line are kept for its other calls."""
    lines = ["x = [" + "torch.load(p), " * 3 + "é]"]
    encoded: dict[int, bytes] = {}
    columns = [guard_checker._char_col(encoded, lines, 1, offset) for offset in (5, 20, 35)]
    assert columns == [6, 21, 36] and list(encoded) == [1]
    assert len(check_source("x = [" + "torch.load(p), " * 2_000 + "]\n", [TORCH_LOAD])) == 2_000


def test_columns_count_characters_not_bytes() -> None:
    (finding,) = check_source('s = "héé"; torch.load(p)\n', [TORCH_LOAD])
    assert finding.col == 12


def test_literal_limit_takes_an_int_max() -> None:
    limit = {**NUM_WORKERS, "max": 4}
    assert keys("DataLoader(ds, num_workers=5)\n", [limit]) == ["num-workers"]
    assert keys("DataLoader(ds, num_workers=4)\n", [limit]) == []


def test_usable_cpus_is_at_least_one() -> None:
    assert guard_checker.usable_cpus() >= 1


def test_a_keyed_ignore_silences_only_that_key() -> None:
    source = (
        "torch.load(p)  # kb: ignore[torch-load-map-location]\n"
        "model = nn.DataParallel(m)  # kb: ignore[other]\n"
    )
    assert keys(source) == ["data-parallel"]


def test_a_guard_taken_over_in_a_merge_is_silenced_by_its_old_key_too() -> None:
    merged = {**DATA_PARALLEL, "key": "multi-gpu-grads", "merged_from": ["data-parallel"]}
    assert keys("model = nn.DataParallel(m)  # kb: ignore[data-parallel]\n", [merged]) == []
    assert keys("model = nn.DataParallel(m)  # kb: ignore[multi-gpu-grads]\n", [merged]) == []
    assert keys("model = nn.DataParallel(m)  # kb: ignore[other]\n", [merged]) == ["multi-gpu-grads"]


def test_a_bare_ignore_silences_every_key_and_spans_the_call() -> None:
    source = "torch.load(\n    p,  # kb: ignore\n)\nnn.DataParallel(m)  # kb: ignore[a, data-parallel]\n"
    assert keys(source) == []


def test_an_unparseable_source_gets_only_regex_rules() -> None:
    assert keys("def broken(:\nbreakpoint()\ntorch.load(p)\n") == ["stray-breakpoint"]


@pytest.mark.parametrize(
    "bad",
    [
        {"key": "k", "kind": "nonsense", "symptom": "s", "fix": "f"},
        rule("k", "missing-keyword", call=["torch.load"]),
        rule("k", "regex", pattern="("),
        rule("k", "literal-limit", call=["DataLoader"], keyword="num_workers", max="lots"),
        rule("k", "config-relation", call=["T"], multiple_of=["a"]),
        {"kind": "banned-call", "call": ["x"]},
        # misspelt: the condition would be taken for absent, and `mode="nearest"` flagged
        rule("k", "missing-keyword", call=["F.interpolate"], keyword="align_corners", when_keywords_in={}),
        rule("k", "banned-call", call=["f"], keyword="mode", equals=[False]),
        rule("k", "banned-call", call=["f"], equals=False),
        rule("k", "banned-call", call=["f"], merged_from=[3]),
    ],
)
def test_a_broken_rule_is_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(RuleError):
        check_source("x = 1\n", [bad])


# --- files and the command line -------------------------------------------------------------------


def write_rules(folder: Path, rules: list[dict[str, Any]]) -> str:
    path = folder / "rules.json"
    path.write_text(json.dumps(rules), encoding="utf-8")
    return str(path)


def test_main_exits_1_and_prints_file_line_on_findings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "train.py"
    bad.write_text("import torch\nm = torch.load('m.pt')\n", encoding="utf-8")
    assert main(["--rules", write_rules(tmp_path, RULES), str(bad)]) == 1
    message = (
        "torch.load() without map_location= — the fault it can lead to: torch-load-map-location symptom"
        " — fix: torch-load-map-location fix"
    )
    assert capsys.readouterr().out == f"{bad}:2:5: [torch-load-map-location] {message}\n"


def test_main_exits_0_on_clean_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "train.py"
    good.write_text("m = torch.load('m.pt', map_location='cpu')\n", encoding="utf-8")
    assert main(["--rules", write_rules(tmp_path, RULES), str(good)]) == 0
    assert capsys.readouterr().out == ""


def test_a_file_that_starts_with_a_byte_order_mark_is_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Windows editors write UTF-8 with a BOM, which Python reads as code: the checker said "syntax
    error, not checked: invalid non-printable character U+FEFF" and the commit passed."""
    bom = tmp_path / "bom.py"
    bom.write_bytes(b"\xef\xbb\xbfimport torch\nstate = torch.load('b.pt')\n")
    assert main(["--rules", write_rules(tmp_path, RULES), str(bom)]) == 1
    assert capsys.readouterr().out.startswith(f"{bom}:2:9: [torch-load-map-location]")


def test_a_syntax_error_is_reported_not_failed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("def f(:\n    torch.load(p)\n", encoding="utf-8")
    assert main(["--rules", write_rules(tmp_path, RULES), str(broken)]) == 0
    err = capsys.readouterr().err
    assert err.startswith(f"{broken}:1:") and "syntax error" in err


def test_non_python_files_get_only_regex_rules(tmp_path: Path) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text("torch.load(p)\nbreakpoint()\n", encoding="utf-8")
    assert [f.key for f in check_files([str(notes)], RULES)] == ["stray-breakpoint"]


def test_a_regex_rule_reads_python_code_not_its_comments_and_strings() -> None:
    """The fixed line `benchmark = False  # was: benchmark = True` was blocked, and so were a comment
    and a docstring that quote the fault."""
    benchmark = rule("benchmark", "regex", pattern=r"cudnn\.benchmark\s*=\s*True")
    quoted = (
        'def setup():\n    """Never write torch.backends.cudnn.benchmark = True here."""\n'
        "    torch.backends.cudnn.benchmark = False  # was: torch.backends.cudnn.benchmark = True\n"
        "    # torch.backends.cudnn.benchmark = True\n"
    )
    assert check_source(quoted, [benchmark]) == []
    both = 'note = "cudnn.benchmark = True"; torch.backends.cudnn.benchmark = True\n'
    assert [(f.line, f.col) for f in check_source(both, [benchmark])] == [(1, 49)]
    broken = "def f(:\n    # torch.backends.cudnn.benchmark = True\n"  # unparsed: every line is read
    assert [f.line for f in check_source(broken, [benchmark])] == [2]


def test_only_a_comment_silences_a_line() -> None:
    """`# kb: ignore` inside a string literal silenced the torch.load beside it."""
    in_a_string = 'state = torch.load("best.pt"); note = "see # kb: ignore docs"\n'
    assert [f.key for f in check_source(in_a_string, [TORCH_LOAD])] == ["torch-load-map-location"]
    in_a_comment = 'state = torch.load("best.pt")  # kb: ignore[torch-load-map-location]\n'
    assert check_source(in_a_comment, [TORCH_LOAD]) == []


def test_a_missing_file_or_rules_file_does_not_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--rules", write_rules(tmp_path, RULES), str(tmp_path / "gone.py")]) == 0
    assert main(["--rules", str(tmp_path / "no-rules.json"), str(tmp_path / "gone.py")]) == 2
    assert "no-rules.json" in capsys.readouterr().err
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)  # was a RecursionError traceback, and exit 1 (findings)
    assert main(["--rules", str(deep), str(tmp_path / "gone.py")]) == 2
    assert capsys.readouterr().err == f"guard_checker: {deep}: nested too deeply to be a rule table\n"


def test_a_rules_file_may_wrap_the_list(tmp_path: Path) -> None:
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"version": 1, "rules": [DATA_PARALLEL]}), encoding="utf-8")
    bad = tmp_path / "m.py"
    bad.write_text("nn.DataParallel(m)\n", encoding="utf-8")
    assert main(["--rules", str(rules), str(bad)]) == 1


def test_hostile_rule_text_only_ever_becomes_message_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    hostile = "\"\"\" ' \\ \n__import__('os').system('touch PWNED') {0} %s"
    rules = [
        {**TORCH_LOAD, "key": "k1", "symptom": hostile, "fix": hostile},
        {
            **BREAKPOINT,
            "key": "k2",
            "symptom": '"""); __import__(\'os\').system(\'touch PWNED\'); ("""',
            "fix": "\\",
        },
    ]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "m.py").write_text("torch.load(p)\nbreakpoint()\n", encoding="utf-8")
    assert main(["--rules", write_rules(tmp_path, rules), "m.py"]) == 1
    assert not (tmp_path / "PWNED").exists()
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and "__import__('os').system('touch PWNED')" in lines[0]
    (finding, _) = check_files(["m.py"], rules)
    assert (
        finding.message
        == f"torch.load() without map_location= — the fault it can lead to: {hostile} — fix: {hostile}"
    )


def test_the_checker_imports_only_the_standard_library() -> None:
    tree = ast.parse(MODULE.read_text(encoding="utf-8"))
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, "relative import"
            imported.add((node.module or "").split(".")[0])
    assert "kb" not in imported
    assert imported <= set(sys.stdlib_module_names), imported - set(sys.stdlib_module_names)


def test_the_checker_never_evaluates_code() -> None:
    tree = ast.parse(MODULE.read_text(encoding="utf-8"))
    called = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert not called & {"eval", "exec", "compile", "__import__"}


# --- environment checks and tripwires --------------------------------------------------------------

GPU_COUNT = rule("gpus-agree", "environment", check="gpu-count")
VISIBLE = rule(
    "visible-devices",
    "environment",
    check="env-var",
    variable="CUDA_VISIBLE_DEVICES",
    pattern=r"\d+(,\d+)*",
)
SET = rule("set", "environment", check="env-var", variable="CUDA_VISIBLE_DEVICES")
TRIPWIRE = rule(
    "ce-probabilities",
    "tripwire",
    call="torch.nn.functional.cross_entropy",
    argument=0,
    forbid="probabilities",
)


def test_facts_are_name_value_lines() -> None:
    text = "# a comment\n\nA=1\nB=\nURL=http://x/?a=b\r\n  C = 2"
    assert guard_checker.parse_facts(text) == {"A": "1", "B": "", "URL": "http://x/?a=b", "C": " 2"}
    with pytest.raises(ValueError, match="line 1: expected NAME=value"):
        guard_checker.parse_facts("just words")


@pytest.mark.parametrize(
    ("environment_rule", "facts", "status", "reason"),
    [
        (VISIBLE, {}, "fail", "CUDA_VISIBLE_DEVICES is not set"),
        (VISIBLE, {"CUDA_VISIBLE_DEVICES": "-1"}, "fail", "does not match"),
        (VISIBLE, {"CUDA_VISIBLE_DEVICES": "0,1"}, "pass", "matches"),
        (VISIBLE, {"CUDA_VISIBLE_DEVICES": "0,1,"}, "fail", "does not match"),
        ({**VISIBLE, "required": False}, {}, "pass", "not set, which is allowed"),
        ({**VISIBLE, "required": False}, {"CUDA_VISIBLE_DEVICES": ""}, "fail", "does not match"),
        (SET, {"CUDA_VISIBLE_DEVICES": " "}, "fail", "is empty"),
        (SET, {"CUDA_VISIBLE_DEVICES": "3"}, "pass", "'3'"),
        (GPU_COUNT, {"nvidia-smi-gpus": "2", "torch-gpus": "2"}, "pass", "both see 2 GPU(s)"),
        (GPU_COUNT, {"nvidia-smi-gpus": "2", "torch-gpus": "0"}, "fail", "lists 2 GPU(s) but"),
        (
            GPU_COUNT,
            {"nvidia-smi-gpus": "4", "CUDA_VISIBLE_DEVICES": "0,1", "torch-gpus": "2"},
            "pass",
            "both see 2",
        ),
        (
            GPU_COUNT,
            {"nvidia-smi-gpus": "2", "CUDA_VISIBLE_DEVICES": "", "torch-gpus": "0"},
            "fail",
            "torch.cuda.device_count() is 0",
        ),
        (
            GPU_COUNT,
            {"nvidia-smi-gpus": "2", "CUDA_VISIBLE_DEVICES": "2,3", "torch-gpus": "0"},
            "fail",
            "CUDA_VISIBLE_DEVICES='2,3' leaves 2",
        ),
        (GPU_COUNT, {"torch-gpus": "1"}, "skip", "nvidia-smi's GPU count is unknown"),
        (GPU_COUNT, {"nvidia-smi-gpus": "0", "torch-gpus": "0"}, "skip", "nvidia-smi lists no GPU"),
        (GPU_COUNT, {"nvidia-smi-gpus": "1"}, "skip", "torch's GPU count is unknown"),
    ],
)
def test_environment_checks_decide_over_facts_alone(
    environment_rule: dict[str, Any], facts: dict[str, str], status: str, reason: str
) -> None:
    verdict = guard_checker.check_environment(environment_rule, facts)
    assert verdict.status == status and reason in verdict.reason, verdict


def test_a_skip_gives_the_reason_the_fact_is_unknown() -> None:
    unknown = {"torch-gpus": "torch is not installed for /usr/bin/python3"}
    verdict = guard_checker.check_environment(GPU_COUNT, {"nvidia-smi-gpus": "1"}, unknown)
    assert verdict == guard_checker.Verdict("skip", unknown["torch-gpus"])


def test_without_nvidia_smi_the_gpu_count_is_skipped_with_its_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    facts, unknown = guard_checker.gather_facts([GPU_COUNT])
    verdict = guard_checker.check_environment(GPU_COUNT, facts, unknown)
    assert verdict.status == "skip" and "nvidia-smi is not installed" in verdict.reason
    assert "torch-gpus" not in unknown  # torch is not asked when there is no GPU to compare with


def test_a_variable_that_hides_gpus_is_checked_only_where_there_are_gpus(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CUDA_VISIBLE_DEVICES="" is how a CPU-only CI run is asked for: the exported pytest file failed
    there, saying nvidia-smi listed GPUs it did not have."""
    hides = rule(
        "hidden-gpus",
        "environment",
        check="env-var",
        variable="CUDA_VISIBLE_DEVICES",
        required=False,
        only_with_gpus=True,
        pattern=r"\d+(,\d+)*",
    )
    decide = guard_checker.check_environment
    assert decide(hides, {"nvidia-smi-gpus": "2", "CUDA_VISIBLE_DEVICES": ""}).status == "fail"
    assert decide(hides, {"nvidia-smi-gpus": "2", "CUDA_VISIBLE_DEVICES": "0,1"}).status == "pass"
    assert (
        decide(hides, {"nvidia-smi-gpus": "0", "CUDA_VISIBLE_DEVICES": ""}).reason
        == "nvidia-smi lists no GPU"
    )
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "")
    verdict = decide(hides, *guard_checker.gather_facts([hides]))
    assert verdict.status == "skip" and "nvidia-smi is not installed" in verdict.reason


def test_only_source_rules_check_source() -> None:
    source = "import torch\nloss = torch.nn.functional.cross_entropy(torch.softmax(x, 1), y)\n"
    assert check_source(source, [GPU_COUNT, VISIBLE, TRIPWIRE]) == []


@pytest.mark.parametrize(
    "bad",
    [
        rule("k", "environment", check="disk-space"),
        rule("k", "environment", check="env-var"),
        rule("k", "environment", check="env-var", variable="X", required="yes"),
        rule("k", "environment", check="env-var", variable="X", pattern="("),
        rule("k", "tripwire", call="cross_entropy", argument=0, forbid="nonfinite"),
        rule("k", "tripwire", call="torch.f", argument=-1, forbid="nonfinite"),
        rule("k", "tripwire", call="torch.f", argument="not a name", forbid="nonfinite"),
        rule("k", "tripwire", call="torch.f", argument=0, forbid="negatives"),
        rule("k", "tripwire", call="torch.f", argument=0),
    ],
)
def test_a_broken_environment_or_tripwire_rule_is_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(RuleError):
        guard_checker.validate_rules([bad])


def test_main_checks_the_environment_rules_on_this_machine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = write_rules(tmp_path, [VISIBLE, TRIPWIRE, TORCH_LOAD])
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "-1")
    assert main(["--rules", rules, "--environment"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("[visible-devices] env-var: fail: CUDA_VISIBLE_DEVICES='-1' does not match")
    assert out.rstrip().endswith("fix: visible-devices fix") and out.count("\n") == 1
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0")
    assert main(["--rules", rules, "--environment"]) == 0
    assert capsys.readouterr().out.startswith("[visible-devices] env-var: pass")


@pytest.mark.parametrize(
    "pattern",
    [
        "(a+)+$", r"(\d+\s*)+x", "(a*)*", "((ab)*)+", "(.*a){12}", "(a{1,3})+", r"(\s*\w+)+$",
        "^(a{1,5}){1,40}$", r"^(\w{2,8}\s?){1,10}$",  # bounded, but 5**40 and 7**10 ways to split a line
        r"\w*\w*\w*\w*\w*\w*\w*\w*\w*\w*\w*\w*=!", r"[a-z]+\w*.*x",  # side by side: n**12, n**3
        # each hung a commit on a line of 30 to 800 characters: alternatives the parser leaves empty,
        # optional or absorbed parts between repetitions, groups of one, 3**12 bounded splits
        "(a|a)+z", r"\w+_?\w+_?\w+\.cuda\(\)", "a+b?a+b?a+z", "(.*)(.*)(.*)(.*)Q", "x.*y.*z.*w.*v.*Q",
        "(?:a{1,3}){1,12}z",
    ],
)  # fmt: skip
def test_a_pattern_that_can_backtrack_exponentially_is_refused(pattern: str) -> None:
    """`(a+)+$` ran the exported checker for over a minute on a 37-character line."""
    rule = {"key": "slow", "kind": "regex", "pattern": pattern, "symptom": "s", "fix": "f"}
    with pytest.raises(guard_checker.RuleError, match=r"rule 0 \(slow\): pattern can backtrack without end"):
        guard_checker.validate_rules([rule])


@pytest.mark.parametrize(
    "pattern",
    [
        r"cudnn\.benchmark\s*=\s*True",
        r"(\d+|GPU-[0-9a-fA-F-]+|MIG-[\w/-]+)(,(\d+|GPU-[0-9a-fA-F-]+|MIG-[\w/-]+))*",
        r"([^,]+,)+x",
        "(a++)+",
        "(?>a+)+",
        "(?:ab|cd)+",
        r"\d{1,3}(\.\d{1,3}){3}",  # an IP address: 3**3 ways at most
        r"^(a+)\1*$",
        r".*foo.*bar",  # side by side, but a literal between them
        r"\s*\w+\s*=\s*\w+",  # side by side, but matching different characters
        r".*.*",  # two: quadratic on a line
    ],
)
def test_repetitions_that_cannot_overlap_are_kept(pattern: str) -> None:
    rule = {"key": "fine", "kind": "regex", "pattern": pattern, "symptom": "s", "fix": "f"}
    assert guard_checker.validate_rules([rule]) == [rule]


# --- annotations on GitHub Actions -----------------------------------------------------------------
# GitHub shows 10 error annotations (and 10 notices) per step and 50 annotations per job. The steps of
# a job are separate processes, and pre-commit runs several checker processes in one step, so the
# checker counts what it has shown in a file in RUNNER_TEMP, which the runner empties for each job.


def kinds(lines: list[str]) -> tuple[int, int, int]:
    """The plain finding lines, the error annotations and the notices."""
    errors = sum(line.startswith("::error ") for line in lines)
    notices = sum(line.startswith("::notice ") for line in lines)
    return len(lines) - errors - notices, errors, notices


def test_the_budget_comes_from_what_the_job_has_shown() -> None:
    budget = guard_checker.annotation_budget
    assert budget({}, "__run") == guard_checker.Budget(errors=10, notices=10, annotations=50)
    tally = {"annotations": 44, "steps": {"__run": {"error": 10, "notice": 1}, "__run_2": {"error": 3}}}
    assert budget(tally, "__run") == guard_checker.Budget(errors=0, notices=9, annotations=6)
    assert budget(tally, "__run_2") == guard_checker.Budget(errors=7, notices=10, annotations=6)
    assert budget(tally, "") == guard_checker.Budget(errors=10, notices=10, annotations=6)
    assert budget({"annotations": 70}, "x").annotations == 0
    damaged: list[object] = [None, [], "50", {"annotations": "50"}, {"annotations": True, "steps": [1]}]
    for garbage in damaged:
        assert budget(garbage, "__run") == guard_checker.Budget()


def test_workflow_commands_spend_the_budget_and_the_notice_gets_the_last_place() -> None:
    findings = [Finding("m.py", n, 1, "k", "message") for n in range(1, 16)]
    commands = guard_checker.workflow_commands

    def shape(lines: list[str]) -> tuple[int, int]:
        return kinds(lines)[1:]

    assert shape(commands(findings[:3])) == (3, 0)
    assert shape(commands(findings)) == (10, 1)
    assert shape(commands(findings, guard_checker.Budget(annotations=6))) == (5, 1)
    assert shape(commands(findings[:6], guard_checker.Budget(annotations=6))) == (6, 0)
    assert shape(commands(findings, guard_checker.Budget(annotations=0))) == (0, 0)  # none would show
    assert shape(commands(findings, guard_checker.Budget(errors=0))) == (0, 1)
    assert shape(commands(findings, guard_checker.Budget(notices=0, annotations=6))) == (6, 1)
    tally = guard_checker.tally_after({}, "__run", commands(findings), guard_checker.Budget())
    assert tally == {"annotations": 11, "steps": {"__run": {"error": 10, "notice": 1}}}
    unseen = guard_checker.Budget(annotations=0)  # a notice GitHub will not show is not counted
    assert guard_checker.tally_after(tally, "__run_2", commands(findings, unseen), unseen) == {
        "annotations": 11,
        "steps": {"__run": {"error": 10, "notice": 1}, "__run_2": {"error": 0, "notice": 0}},
    }
