"""Guard specs on entries: every seeded guard catches its bad example and lets its good one pass."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from kb.entry.content import EntryContent, normalized
from kb.entry.file import parse_entry_file, render_entry_file
from kb.errors import InvalidEntry
from kb.guards.checker import SOURCE_KINDS, check_environment, check_source, parse_facts
from kb.store.seeding import read_seed_entries
from tests.command_line import kb

SEEDS = read_seed_entries()
GUARDED = [content for content in SEEDS if content.guards]


def seed_guards(*kinds: str) -> list[tuple[EntryContent, dict[str, Any]]]:
    """Each seed guard of these kinds, with the entry it belongs to."""
    return [(content, guard) for content in SEEDS for guard in content.guards if guard["kind"] in kinds]


def guard_id(pair: tuple[EntryContent, dict[str, Any]]) -> str:
    content, guard = pair
    return f"{content.key}:{guard.get('check') or guard.get('forbid') or guard['kind']}"


SOURCE_GUARDS = seed_guards(*SOURCE_KINDS)
ENVIRONMENT_GUARDS = seed_guards("environment")
TRIPWIRE_GUARDS = seed_guards("tripwire")


def rule(content: EntryContent, guard: dict[str, Any]) -> dict[str, Any]:
    """The checker's rule for one guard of an entry: the guard's fields, the entry's words."""
    fields = {name: value for name, value in guard.items() if name not in ("bad", "good")}
    return {**fields, "key": content.key, "symptom": content.symptom, "fix": content.fix.splitlines()[0]}


def test_ten_or_more_seed_faults_carry_a_guard() -> None:
    assert len(GUARDED) >= 10


@pytest.mark.parametrize("pair", SOURCE_GUARDS, ids=guard_id)
def test_each_source_guard_catches_its_bad_example_and_passes_its_good_one(
    pair: tuple[EntryContent, dict[str, Any]],
) -> None:
    content, guard = pair
    rules = [rule(content, guard)]
    bad = check_source(str(guard["bad"]) + "\n", rules, "bad.py")
    assert [finding.key for finding in bad] == [content.key], guard["bad"]
    assert check_source(str(guard["good"]) + "\n", rules, "good.py") == [], guard["good"]


def test_the_seeds_carry_environment_checks_and_tripwires() -> None:
    assert {guard_id(pair) for pair in ENVIRONMENT_GUARDS} >= {
        "docker-gpus-all-cuda-visible-devices:gpu-count",
        "docker-gpus-all-cuda-visible-devices:env-var",
    }
    assert {guard_id(pair) for pair in TRIPWIRE_GUARDS} >= {
        "double-softmax-cross-entropy:probabilities",
        "nan-source-unknown-numerical-probe:nonfinite",
    }


@pytest.mark.parametrize("pair", ENVIRONMENT_GUARDS, ids=guard_id)
def test_each_environment_guard_fails_its_bad_facts_and_passes_its_good_ones(
    pair: tuple[EntryContent, dict[str, Any]],
) -> None:
    content, guard = pair
    bad = check_environment(rule(content, guard), parse_facts(guard["bad"]))
    assert bad.status == "fail", (guard["bad"], bad)
    good = check_environment(rule(content, guard), parse_facts(guard["good"]))
    assert good.status == "pass", (guard["good"], good)


def test_guards_round_trip_through_the_entry_file() -> None:
    for content in GUARDED:
        assert parse_entry_file(render_entry_file(content)).guards == content.guards


@pytest.mark.parametrize(
    ("guard", "message"),
    [
        ({"kind": "telepathy", "bad": "x", "good": "y"}, "has kind 'telepathy'"),
        ({"kind": "regex", "pattern": "x", "good": "y"}, "needs a 'bad' example"),
        ({"kind": "regex", "pattern": "x", "bad": "x", "good": " "}, "needs a 'good' example"),
        ({"kind": "regex", "pattern": "(", "bad": "x", "good": "y"}, r"guard 1 \(regex\): bad pattern"),
        (
            {"kind": "regex", "pattern": "(a+)+$", "bad": "aaa", "good": "b"},
            r"guard 1 \(regex\): pattern can backtrack without end \(\(a\+\)\+\$:",
        ),
        (
            {"kind": "environment", "check": "gpu-count", "bad": "two GPUs", "good": "torch-gpus=2"},
            "the bad example must be facts, one NAME=value per line",
        ),
        (
            {
                "kind": "tripwire",
                "call": "torch.f",
                "argument": 0,
                "forbid": "zeros",
                "bad": "x",
                "good": "y",
            },
            '"forbid" must be one of probabilities, nonfinite',
        ),
    ],
)
def test_a_guard_without_its_examples_or_kind_is_refused(guard: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidEntry, match=message):
        normalized(EntryContent(key="k", domain="data", symptom="s", guards=(guard,)))


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)


def pre_commit(repo: Path, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "NO_COLOR": "1"}
    return subprocess.run(
        [str(Path(sys.executable).with_name("pre-commit")), "run", "--all-files", "--color", "never"],
        cwd=repo,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )


@pytest.mark.skipif(
    not Path(sys.executable).with_name("pre-commit").exists(), reason="pre-commit is not installed"
)
def test_the_exported_hook_blocks_every_known_fault_and_passes_the_fix(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from kb.cli.app import app

    repo = tmp_path / "repo"
    repo.mkdir()
    result = CliRunner().invoke(app, ["export", "pre-commit", "--out", str(repo / "kb-guards")])
    assert result.exit_code == 0, result.output
    counted = (
        f"({len(SOURCE_GUARDS)} rules the hook checks the source with; {len(ENVIRONMENT_GUARDS)} environment"
    )
    assert counted in result.output  # it once counted the tripwires, which the hook never runs
    (repo / ".pre-commit-config.yaml").write_text((repo / "kb-guards" / "pre-commit-config.yaml").read_text())
    bad = "\n".join(str(guard["bad"]) for _, guard in SOURCE_GUARDS)
    (repo / "train.py").write_text(bad + "\n")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    blocked = pre_commit(repo, tmp_path / "pre-commit-home")
    assert blocked.returncode == 1, blocked.stdout + blocked.stderr
    for content, _ in SOURCE_GUARDS:
        assert f"[{content.key}]" in blocked.stdout, content.key
    assert "train.py:1:" in blocked.stdout
    good = "\n".join(str(guard["good"]) for _, guard in SOURCE_GUARDS)
    (repo / "train.py").write_text(good + "\n")
    git(repo, "add", "-A")
    passed = pre_commit(repo, tmp_path / "pre-commit-home")
    assert passed.returncode == 0, passed.stdout + passed.stderr


def test_entry_text_never_becomes_code(tmp_path: Path) -> None:
    from kb.exchange.guard_files import write_pre_commit

    hostile = '"""\\\' \\\\ \n __import__(\'os\').system(\'touch PWNED\') """'
    content = normalized(
        EntryContent(
            key="hostile",
            domain="data",
            symptom=hostile,
            fix=hostile,
            guards=({"kind": "regex", "pattern": "torch", "bad": "torch", "good": "x"},),
        )
    )
    written = write_pre_commit([content], tmp_path / "out", "kb export pre-commit --out out")
    compile(written.checker.read_text(), str(written.checker), "exec")
    target = tmp_path / "t.py"
    target.write_text("import torch\n")
    run = subprocess.run(
        [sys.executable, "-I", str(written.checker), "--rules", str(written.rules), str(target)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1 and "[hostile]" in run.stdout
    assert not (tmp_path / "PWNED").exists() and not Path("PWNED").exists()


def test_entry_text_that_would_act_on_a_terminal_is_printed_as_escapes(tmp_path: Path) -> None:
    """A team folder's entry whose words hold a clipboard write and a screen clear: the guard prints
    them at every commit that trips it, in a terminal kb never sees."""
    from kb.exchange.guard_files import write_pre_commit

    content = normalized(
        EntryContent(
            key="acting",
            domain="model",
            symptom="FrobError: frobnicate is banned\x1b]52;c;cm0gLXJmIH4K\x07",
            fix="Use defrobnicate.\x1b[2J\u202e",
            guards=({"kind": "banned-call", "call": ["frobnicate"], "bad": "frobnicate(1)", "good": "x(1)"},),
        )
    )
    written = write_pre_commit([content], tmp_path / "out", "kb export pre-commit --out out")
    (rule,) = [
        r for r in json.loads(written.rules.read_text(encoding="utf-8"))["rules"] if r["key"] == "acting"
    ]
    assert rule["symptom"] == "FrobError: frobnicate is banned\\x1b]52;c;cm0gLXJmIH4K\\x07"
    target = tmp_path / "train.py"
    target.write_text("frobnicate(2)\n")
    hand_edited = tmp_path / "hand.json"
    hand_edited.write_text(written.rules.read_text().replace("\\\\x1b", "\\u001b"))
    for rules in (written.rules, hand_edited):
        run = subprocess.run(
            [sys.executable, "-I", str(written.checker), "--rules", str(rules), str(target)],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=False,
        )
        assert run.returncode == 1 and "[acting]" in run.stdout
        assert "\x1b" not in run.stdout and "\x07" not in run.stdout and "\u202e" not in run.stdout
        assert "\\x1b]52;c;" in run.stdout


def run_generated_tests(
    repo: Path, folder: Path, *options: str, **environ: str
) -> subprocess.CompletedProcess[str]:
    """The exported test file, run by pytest in REPO with OPTIONS, in ENVIRON."""
    env = {name: value for name, value in os.environ.items() if name != "CUDA_VISIBLE_DEVICES"}
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-rfEsp",
            "-p",
            "no:cacheprovider",
            *options,
            str(folder / "test_kb_guards.py"),
        ],
        cwd=repo,
        capture_output=True,
        text=True,
        env={**env, **environ},
        check=False,
    )


def test_the_exported_pytest_file_fails_on_known_faults_and_skips_what_it_cannot_check(
    tmp_path: Path,
) -> None:
    from typer.testing import CliRunner

    from kb.cli.app import app

    repo = tmp_path / "build" / "repo"  # a CI checkout (/home/travis/build/…) once skipped every file
    repo.mkdir(parents=True)
    folder = repo / "tests" / "kb"
    result = CliRunner().invoke(app, ["export", "pytest", "--out", str(folder)])
    assert result.exit_code == 0, result.output
    assert (folder / "test_kb_guards.py").read_text().startswith("# Generated by `kb export pytest")
    git(repo, "init", "-q")
    bad = "\n".join(str(guard["bad"]) for _, guard in SOURCE_GUARDS)
    (repo / "train.py").write_text(bad + "\n")
    failed = run_generated_tests(repo, folder, CUDA_VISIBLE_DEVICES="-1")
    assert failed.returncode == 1, failed.stdout
    assert "[torch-load-map-location]" in failed.stdout and "train.py:1:" in failed.stdout
    failures = [line for line in failed.stdout.splitlines() if line.startswith("FAILED")]
    hid = any("docker-gpus-all-cuda-visible-devices:env-var" in line for line in failures)
    # CUDA_VISIBLE_DEVICES=-1 hides GPUs where there are some; on a machine without any it is how a
    # CPU-only run is asked for, and the check was failed there, saying nvidia-smi listed GPUs.
    if shutil.which("nvidia-smi") is None:
        assert not hid and "CUDA_VISIBLE_DEVICES='-1' does not match" not in failed.stdout, failed.stdout
    good = "\n".join(str(guard["good"]) for _, guard in SOURCE_GUARDS)
    (repo / "train.py").write_text(good + "\n")
    passed = run_generated_tests(repo, folder)
    assert passed.returncode == 0, passed.stdout
    assert "SKIPPED" in passed.stdout and "no kb_shapes.json" in passed.stdout
    assert "PASSED" in passed.stdout and "test_no_known_fault_in_the_code" in passed.stdout
    if shutil.which("nvidia-smi") is None:
        assert "nvidia-smi is not installed" in passed.stdout


def test_the_exported_pytest_file_checks_the_projects_files_not_what_git_ignores(tmp_path: Path) -> None:
    """A virtualenv named env/ and wandb's copies of the code under outputs/, both in .gitignore, were
    checked and failed the run, where the pre-commit hook never sees them."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    assert kb("export", "pytest", "--out", str(repo / "tests" / "kb"))[0] == 0
    bad = "\n".join(str(guard["bad"]) for _, guard in SOURCE_GUARDS) + "\n"
    for ignored in ("env/lib/python3.11/site-packages/somepkg/ckpt.py", "outputs/wandb/run_copy.py"):
        (repo / ignored).parent.mkdir(parents=True)
        (repo / ignored).write_text(bad)
    (repo / ".gitignore").write_text("env/\noutputs/\n")
    (repo / "train.py").write_text("\n".join(str(guard["good"]) for _, guard in SOURCE_GUARDS) + "\n")
    passed = run_generated_tests(repo, repo / "tests" / "kb")
    assert passed.returncode == 0, passed.stdout
    (repo / "build").mkdir()
    (repo / "build" / "made.py").write_text(bad)  # not ignored: the project's own, wherever it lives
    failed = run_generated_tests(repo, repo / "tests" / "kb")
    assert failed.returncode == 1 and "build/made.py:1:" in failed.stdout, failed.stdout


def exported_checker(tmp_path: Path) -> list[str]:
    """`kb export pre-commit` into TMP_PATH, and the command line the hook runs its checker with."""
    out = tmp_path / "kb-guards"
    assert kb("export", "pre-commit", "--out", str(out))[0] == 0
    return [sys.executable, str(out / "kb_guard_checker.py"), "--rules", str(out / "kb_guards.json")]


def test_a_sound_training_loop_commits_clean(tmp_path: Path) -> None:
    """ReduceLROnPlateau with its default mode, stepped with the validation loss, as the entry's own fix
    says to, was blocked as 'does not follow the validation accuracy': a guard that cannot see the
    metric cannot tell the fault from the fix, and claims a known fault it cannot know."""
    checker = exported_checker(tmp_path)
    (tmp_path / "train.py").write_text(
        "import torch\n"
        "from torch.optim.lr_scheduler import ReduceLROnPlateau\n"
        "def train(model, opt, evaluate):\n"
        "    sched = ReduceLROnPlateau(opt, factor=0.1, patience=5)\n"
        "    for epoch in range(10):\n"
        "        sched.step(evaluate(model))\n"
        "    return torch.load('best.pt', map_location='cpu')\n"
    )
    result = subprocess.run([*checker, "train.py"], cwd=tmp_path, capture_output=True, text=True)
    assert (result.returncode, result.stdout) == (0, ""), result.stdout


def test_a_line_silenced_for_an_entry_stays_silent_once_that_entry_is_merged_into_another(
    tmp_path: Path,
) -> None:
    """A merge moves the merged entry's guards to the entry it joins, whose key the findings then
    carry: the `# kb: ignore[OLD]` a project wrote stopped silencing them, and commits were blocked."""
    from kb.store.seeding import open_knowledge_base

    store = open_knowledge_base(os.environ["KB_DB"])
    try:
        store.merge("torch-load-map-location", "docker-gpus-all-cuda-visible-devices")
    finally:
        store.close()
    checker = exported_checker(tmp_path)
    (tmp_path / "train.py").write_text(
        "import torch\nstate = torch.load('best.pt')  # kb: ignore[torch-load-map-location]\n"
    )
    silenced = subprocess.run([*checker, "train.py"], cwd=tmp_path, capture_output=True, text=True)
    assert (silenced.returncode, silenced.stdout) == (0, ""), silenced.stdout
    (tmp_path / "train.py").write_text("import torch\nstate = torch.load('best.pt')\n")
    flagged = subprocess.run([*checker, "train.py"], cwd=tmp_path, capture_output=True, text=True)
    assert flagged.returncode == 1 and "[docker-gpus-all-cuda-visible-devices]" in flagged.stdout
    assert kb("export", "files", "--out", str(tmp_path / "entries"))[0] == 0  # the entry file keeps it
    (written,) = (tmp_path / "entries").rglob("docker-gpus-all-cuda-visible-devices.md")
    assert 'merged_from = ["torch-load-map-location"]' in written.read_text(encoding="utf-8")


def test_data_parallel_is_known_by_the_module_it_is_defined_in(tmp_path: Path) -> None:
    """`from torch.nn.parallel import DataParallel` and `nn.parallel.DataParallel(...)` committed clean:
    the rule knew only the name torch re-exports it under."""
    checker = exported_checker(tmp_path)
    spellings = {
        "direct.py": "from torch.nn.parallel import DataParallel\nmodel = DataParallel(net)\n",
        "module.py": "from torch import nn\nmodel = nn.parallel.DataParallel(net)\n",
    }
    for name, text in spellings.items():
        (tmp_path / name).write_text(text)
        result = subprocess.run([*checker, name], cwd=tmp_path, capture_output=True, text=True)
        assert result.returncode == 1 and "[dataparallel-grads-none]" in result.stdout, (name, result.stdout)


def test_the_guard_exports_say_what_they_wrote_as_json(tmp_path: Path) -> None:
    """`--json` was a usage error on both exports: a script or an agent had to parse the sentence."""
    code, out, err = kb("export", "pre-commit", "--out", str(tmp_path / "hook"), "--json")
    assert code == 0, err
    hook = json.loads(out)
    assert Path(hook["checker"]).is_file() and Path(hook["rules"]).is_file() and Path(hook["hook"]).is_file()
    assert hook["source_rules"] > 0 and hook["environment_checks"] > 0
    rules = json.loads(Path(hook["rules"]).read_text(encoding="utf-8"))["rules"]
    assert hook["source_rules"] == sum(1 for rule in rules if rule["kind"] in SOURCE_KINDS)
    code, out, err = kb("export", "pytest", "--out", str(tmp_path / "tests"), "--json")
    assert code == 0, err
    written = json.loads(out)
    assert Path(written["test_file"]).name == "test_kb_guards.py" and Path(written["tripwires"]).is_file()
    assert written["source_rules"] == hook["source_rules"]


def test_fp64_where_it_belongs_and_a_grad_free_inference_script_commit_clean(tmp_path: Path) -> None:
    """`.double()` in a gradcheck test (gradcheck wants float64) and `torch.set_grad_enabled(False)` at
    the top of an inference script were blocked as known faults: the fp64 entry's fault is float64 in
    a GPU training step, which no regex can tell from a numerical test, so it keeps no guard; the
    no-grad entry's fault is grad mode switched off inside a function (a forward) and left off."""
    checker = exported_checker(tmp_path)
    (tmp_path / "test_layer.py").write_text(
        "import torch\n"
        "from torch.autograd import gradcheck\n"
        "def test_layer_gradients(layer):\n"
        "    x = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)\n"
        "    assert gradcheck(layer.double(), (x,))\n"
    )
    (tmp_path / "predict.py").write_text(
        "import torch\ntorch.set_grad_enabled(False)\nmodel = torch.load('model.pt', map_location='cpu')\n"
    )
    (tmp_path / "model.py").write_text(
        "import torch\n"
        "class Net(torch.nn.Module):\n"
        "    def forward(self, x):\n"
        "        torch.set_grad_enabled(False)\n"
        "        return x\n"
    )
    result = subprocess.run(
        [*checker, "test_layer.py", "predict.py"], cwd=tmp_path, capture_output=True, text=True
    )
    assert (result.returncode, result.stdout) == (0, ""), result.stdout
    result = subprocess.run([*checker, "model.py"], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 1 and "model.py:4:" in result.stdout, result.stdout


def test_an_export_that_cannot_write_one_of_its_files_writes_none(tmp_path: Path) -> None:
    """`kb export pytest` failed on its test file (a folder there) after writing the checker, the rule
    table, the hook and the matcher, and said nothing of them."""
    out = tmp_path / "tests" / "kb"
    (out / "test_kb_guards.py").mkdir(parents=True)
    code, _, err = kb("export", "pytest", "--out", str(out))
    assert code == 1 and "test_kb_guards.py: it is not a file; nothing was written" in err
    assert [path.name for path in out.iterdir()] == ["test_kb_guards.py"]


def exported_tripwires(folder: Path, contents: list[EntryContent]) -> ModuleType:
    """kb_tripwires.py as `kb export pytest` writes it, loaded under a fresh name (each export
    reads its own kb_guards.json)."""
    from kb.exchange.guard_files import write_pytest

    write_pytest(contents, folder, "kb export pytest --out x")
    spec = importlib.util.spec_from_file_location(f"kb_tripwires_{folder.name}", folder / "kb_tripwires.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_example(snippet: str, name: str) -> None:
    """A seed tripwire's example: kb's own trusted text, run as the guard's author meant it."""
    exec(compile(snippet, name, "exec"), {"__name__": "__kb_example__"})


@pytest.mark.parametrize("pair", TRIPWIRE_GUARDS, ids=guard_id)
def test_each_tripwire_trips_on_its_bad_example_and_not_its_good_one(
    pair: tuple[EntryContent, dict[str, Any]], tmp_path: Path
) -> None:
    pytest.importorskip("torch", reason="torch is not installed: the tripwire examples run torch")
    content, guard = pair
    tripwires = exported_tripwires(tmp_path, GUARDED)
    uninstall = tripwires.install()
    try:
        with pytest.raises(AssertionError, match=re.escape(f"[kb: {content.key}]")):
            run_example(guard["bad"], f"<{content.key} bad example>")
        run_example(guard["good"], f"<{content.key} good example>")
    finally:
        uninstall()
    run_example(guard["bad"], f"<{content.key} bad example, no tripwire>")


FAKE_LOSS = """
class Tensor:
    def __init__(self, *rows):
        self.rows = [list(row) for row in rows]

    def detach(self):
        return self

    def is_floating_point(self):
        return True

    def isfinite(self):
        return Flag(all(math.isfinite(v) for row in self.rows for v in row))


class Flag:
    def __init__(self, value):
        self.value = value

    def all(self):
        return self.value


def loss(input, target, weight=None):
    return 0.0


import math
"""


def test_a_tripwire_wraps_its_call_by_position_or_name_and_undoes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The wrapper's logic, without torch: a stand-in module whose `loss` takes tensor-like values."""
    (tmp_path / "fakeloss.py").write_text(FAKE_LOSS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    import fakeloss  # type: ignore[import-not-found]

    original = fakeloss.loss
    guards = (
        {
            "kind": "tripwire",
            "call": "fakeloss.loss",
            "argument": 0,
            "forbid": "nonfinite",
            "bad": "b",
            "good": "g",
        },
        {
            "kind": "tripwire",
            "call": "fakeloss.loss",
            "argument": "target",
            "forbid": "nonfinite",
            "bad": "b",
            "good": "g",
        },
    )
    content = normalized(
        EntryContent(key="fake-nan", domain="numerics", symptom="loss is nan", fix="clamp", guards=guards)
    )
    tripwires = exported_tripwires(tmp_path / "export", [content])
    nan, finite = fakeloss.Tensor([float("nan"), 1.0]), fakeloss.Tensor([0.0, 1.0])
    uninstall = tripwires.install()
    try:
        assert fakeloss.loss(finite, finite) == 0.0
        for args, kwargs in (((nan, finite), {}), ((finite,), {"target": nan})):
            with pytest.raises(
                AssertionError,
                match=r"fakeloss.loss received NaN or inf .*\[kb: fake-nan\] loss is nan — fix: clamp",
            ):
                fakeloss.loss(*args, **kwargs)
    finally:
        uninstall()
    assert fakeloss.loss is original


def test_a_tripwire_on_a_module_that_is_not_installed_is_left_out(tmp_path: Path) -> None:
    guard = {
        "kind": "tripwire",
        "call": "no_such_module.f",
        "argument": 0,
        "forbid": "nonfinite",
        "bad": "b",
        "good": "g",
    }
    content = normalized(EntryContent(key="k", domain="numerics", symptom="s", guards=(guard,)))
    exported_tripwires(tmp_path, [content]).install()()


def test_kb_show_names_what_each_guard_watches() -> None:
    from typer.testing import CliRunner

    from kb.cli.app import app

    result = CliRunner().invoke(app, ["show", "double-softmax-cross-entropy"])
    assert result.exit_code == 0, result.output
    shown = " ".join(result.stdout.split())
    assert "Guard call-order: softmax" in shown
    assert "Guard tripwire: torch.nn.functional.cross_entropy argument 0 must not hold probabilities" in shown
    result = CliRunner().invoke(app, ["show", "docker-gpus-all-cuda-visible-devices"])
    assert "Guard environment: env-var CUDA_VISIBLE_DEVICES" in " ".join(result.stdout.split())


def test_the_hook_runs_on_the_interpreter_pre_commit_provides(tmp_path: Path) -> None:
    """With `language: system`, `python` had to be on PATH; where only python3 exists the hook failed."""
    from kb.exchange.guard_files import write_pre_commit

    config = write_pre_commit([], tmp_path, "kb export pre-commit").config.read_text(encoding="utf-8")
    assert "language: python\n" in config and "language: system" not in config


def test_on_github_actions_the_checker_annotates_within_githubs_limits(tmp_path: Path) -> None:
    """Findings appear inline on the pull request: ten errors a step at most, the rest summed up."""
    import json as json_module

    from typer.testing import CliRunner

    from kb.cli.app import app

    out = tmp_path / "kb-guards"
    assert CliRunner().invoke(app, ["export", "pre-commit", "--out", str(out)]).exit_code == 0
    bad = "\n".join(str(guard["bad"]) for _, guard in SOURCE_GUARDS)
    (tmp_path / "train.py").write_text((bad + "\n") * 3)

    def check(**env: str) -> list[str]:
        result = subprocess.run(
            [
                sys.executable,
                str(out / "kb_guard_checker.py"),
                "--rules",
                str(out / "kb_guards.json"),
                "train.py",
            ],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            # none of a real runner's job: its annotation count in RUNNER_TEMP is not this test's
            env={**{k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "RUNNER_"))}, **env},
        )
        assert result.returncode == 1, result.stderr
        return result.stdout.splitlines()

    plain = check()
    assert len(plain) > 10 and not any(line.startswith("::") for line in plain)
    annotated = check(GITHUB_ACTIONS="true")
    errors = [line for line in annotated if line.startswith("::error ")]
    assert len(errors) == 10
    assert re.match(r"^::error file=train\.py,line=\d+,col=\d+,title=kb%3A [a-z0-9-]+::\S", errors[0])
    notices = [line for line in annotated if line.startswith("::notice ")]
    assert notices == [
        f"::notice title=kb guards::{len(plain) - 10} more findings than GitHub shows; the step's log has all"
    ]
    matcher = json_module.loads((out / "kb-problem-matcher.json").read_text())["problemMatcher"][0][
        "pattern"
    ][0]
    found = re.match(matcher["regexp"], plain[0])
    assert found is not None and found.group(matcher["file"]) == "train.py" and found.group(matcher["code"])


def test_under_pytest_kb_a_failing_guard_test_names_the_entry_its_guard_came_from(tmp_path: Path) -> None:
    """The exported guard tests and the pytest plugin read a failure alike: the guard's finding is
    found by the same search as `kb search`, and names the same entry."""
    from typer.testing import CliRunner

    from kb.cli.app import app

    repo = tmp_path / "repo"
    repo.mkdir()
    folder = repo / "tests" / "kb"
    assert CliRunner().invoke(app, ["export", "pytest", "--out", str(folder)]).exit_code == 0
    git(repo, "init", "-q")
    content, guard = next(pair for pair in SOURCE_GUARDS if pair[0].key == "torch-load-map-location")
    (repo / "train.py").write_text(str(guard["bad"]) + "\n")
    result = run_generated_tests(repo, folder, "--kb")
    assert result.returncode == 1, result.stdout
    assert f"[{content.key}]" in result.stdout  # the guard's own finding
    assert "known fault (kb)" in result.stdout and f"{content.key}: " in result.stdout  # the plugin's


def test_the_hook_finds_its_checker_from_the_repositorys_top_whatever_the_path(tmp_path: Path) -> None:
    """`--out "tools/kb guards"`, or `--out ../tools/kb-guards` typed in a subfolder, made the hook
    fail with "can't open file" on every commit: pre-commit runs it from the repository's top."""
    import shlex

    from kb.exchange.guard_files import write_pre_commit

    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    out = repo / "tools" / "kb guards"
    config = write_pre_commit([], out, "kb export pre-commit").config.read_text(encoding="utf-8")
    entry = next(line for line in config.splitlines() if line.strip().startswith("entry:"))
    argv = shlex.split(entry.split("entry:", 1)[1])
    assert argv[0] == "python" and argv[1] == "tools/kb guards/kb_guard_checker.py"
    assert (repo / argv[1]).exists() and (repo / argv[3]).exists()
