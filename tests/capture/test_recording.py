"""Capture within minutes, check on request, triage in four steps: kb add, kb check, kb triage."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.__main__ import fill_optional_values
from kb.capture.prefill import ago
from kb.store.entry_store import open_store
from tests.command_line import kb

NEW_FAULT = "RuntimeError: the frobnicator kernel rejected its input batch"


def entry(key: str) -> dict[str, object]:
    with open_store() as store:
        return store.get(key).record()


def test_add_with_no_flags_asks_three_things_and_suggests_the_rest(
    runner: CliRunner, interactive: None
) -> None:
    symptom = "DataLoader stalls at the first batch whenever num_workers=8 on the new node"
    check = 'python -c "import os; print(os.cpu_count())"'
    answers = [symptom, check, "nothing", "num_workers=4", "", "", "", ""]  # the check only prints a fact
    code, out, err = kb("add", "--key", "stall", input="\n".join(answers) + "\n")
    assert code == 0, err
    record = entry("stall")
    assert record["domain"] == "data" and record["verdict"] == {"confirms": "nothing"}
    assert "num_workers" in record["tags"]  # type: ignore[operator]
    assert "Root cause" in out


def test_a_cause_path_is_proposed_only_from_a_fault_the_symptom_is_surely_about(
    runner: CliRunner, interactive: None
) -> None:
    """For a config KeyError kb proposed "LR scheduler > step() not called", and Enter stored it."""
    answers = [
        "KeyError: 'learning_rate'",
        "grep -n learning_rate config.yaml",
        "",
        "add the key",
        "training",  # no domain is proposed either: `KeyError` alone places none
        "",
        "",
        "",
    ]
    code, out, err = kb("add", "--key", "config-key", input="\n".join(answers) + "\n")
    assert code == 0, err
    assert "Domain (data, model, training, numerics, deployment, logging, hardware): " in out  # no default
    assert entry("config-key")["cause_path"] == ""  # offered none: the known paths are listed to choose
    offered = out.split("Cause path", 1)[1].split("Root cause", 1)[0]
    assert "[" not in offered.split("):", 1)[-1]  # no default to accept with Enter


def test_interrupting_a_prompt_writes_nothing(runner: CliRunner, interactive: None) -> None:
    code, _, err = kb("add", "--key", "half", input=NEW_FAULT + "\n")
    assert code == 130 and "nothing was written" in err
    with open_store() as store:
        assert store.find("half") is None


def test_an_answer_that_is_not_utf8_is_kept_not_a_traceback(runner: CliRunner, interactive: None) -> None:
    """A symptom pasted from a Latin-1 log (`caf\\xe9`) failed the add after its last question, with
    a traceback, and every answer was lost."""
    answers = [b"ValueError: caf\xe9 frobnicator rejected the batch", b"nvidia-smi", b"", b"x", b"data"]
    code, _, err = kb("add", "--key", "latin", input=b"\n".join([*answers, b"", b"", b""]) + b"\n")
    assert code == 0 and "Traceback" not in err, err
    assert entry("latin")["symptom"] == "ValueError: caf\ufffd frobnicator rejected the batch"


TRACEBACK = """Traceback (most recent call last):
  File "serve.py", line 3, in <module>
    app.run(port=8000)
OSError: [Errno 98] Address already in use on the frobnicator port
"""


def test_from_log_takes_the_decisive_line(runner: CliRunner, tmp_path: Path) -> None:
    log = tmp_path / "crash.log"
    log.write_text(TRACEBACK)
    code, _, err = kb(
        "add",
        "--new",
        "--from-log",
        str(log),
        "-k",
        "frob-port",
        "-d",
        "deployment",
        "-v",
        "lsof -i :8000 -nP",
        "-f",
        "kill the old server",
    )
    assert code == 0, err
    assert (
        entry("frob-port")["symptom"] == "OSError: [Errno 98] Address already in use on the frobnicator port"
    )


def test_from_log_records_an_argparse_refusal(runner: CliRunner, tmp_path: Path) -> None:
    """A launcher's log that ends in argparse's refusal, below its usage lines: the refusal is the
    symptom (it used to be no error at all, and the log was refused)."""
    log = tmp_path / "sweep.log"
    log.write_text(
        "launching lr=3e-4,\n"
        "usage: train.py [-h] --lr LR [--run-name RUN_NAME]\n"
        "train.py: error: argument --lr: invalid float value: '3e-4,'\n"
    )
    add = ["add", "--new", "--from-log", str(log), "-k", "sweep-comma", "-d", "training", "-v", "ls"]
    code, _, err = kb(*add, "-f", "write sweep values as a YAML list")
    assert code == 0, err
    assert entry("sweep-comma")["symptom"] == "train.py: error: argument --lr: invalid float value: '3e-4,'"


SCALER_TRACEBACK = """Traceback (most recent call last):
  File "/srv/scoring/serve.py", line 14, in <module>
    score_request(load_scaler(), row)
  File "/srv/scoring/serve.py", line 9, in score_request
    return scaler.transform(row)
  File "/opt/venv/lib/python3.11/site-packages/sklearn/base.py", line 448, in _check_n_features
    raise ValueError(
ValueError: X has {n} features, but StandardScaler is expecting 14 features as input.
"""


@pytest.mark.parametrize("symptom", ["x", "cuda"])
def test_a_symptom_of_a_word_is_not_called_a_librarys_message(runner: CliRunner, symptom: str) -> None:
    """`kb add -s cuda` was told a library raises this message for any caller: it is only short."""
    code, out, err = kb("add", "--new", "-s", symptom, "-d", "data", "-v", "nvidia-smi", "-f", "y", "--json")
    assert code == 0, err
    assert json.loads(out)["recorded"]["only_a_librarys_message"] is False and "library" not in err


def test_from_log_records_where_in_your_code_a_librarys_message_was_raised(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Recorded from its message alone, a team's entry is never sure of a later run; recorded with
    the place in their code it failed, a traceback through that place is its known fault."""
    log = tmp_path / "serve.log"
    log.write_text(SCALER_TRACEBACK.format(n=12))
    add = ["add", "--new", "--from-log", str(log), "-k", "calendar-flags", "-d", "data", "--json"]
    code, out, err = kb(*add, "-v", "python check_features.py", "-f", "send the calendar flags")
    assert code == 0, err
    assert json.loads(out)["recorded"]["only_a_librarys_message"] is False
    symptom = "ValueError: X has 12 features, but StandardScaler is expecting 14 features as input."
    assert entry("calendar-flags")["symptom_variants"] == [f"{symptom} in score_request"]

    later = json.loads(kb("search", "-", "--json", input=SCALER_TRACEBACK.format(n=11))[1])
    assert later["results"][0]["key"] == "calendar-flags" and later["results"][0]["confident"]
    alone = json.loads(kb("search", "-", "--json", input=SCALER_TRACEBACK.format(n=11).splitlines()[-1])[1])
    assert alone["results"][0]["key"] == "calendar-flags" and not alone["results"][0]["confident"]


def test_a_symptom_of_your_own_with_a_log_still_gets_where_it_failed(
    runner: CliRunner, tmp_path: Path
) -> None:
    log = tmp_path / "serve.log"
    log.write_text(SCALER_TRACEBACK.format(n=12))
    mine = "serving drops the calendar flags before the scaler"
    add = [
        "add",
        "--new",
        "--from-log",
        str(log),
        "-s",
        mine,
        "-k",
        "mine",
        "-d",
        "data",
        "-v",
        "true",
        "-f",
        "x",
    ]
    assert kb(*add).exit_code == 0
    assert entry("mine")["symptom"] == mine
    assert entry("mine")["symptom_variants"] == [f"{mine} in score_request"]


def test_from_log_says_where_it_failed_before_asking(
    runner: CliRunner, tmp_path: Path, interactive: None
) -> None:
    log = tmp_path / "serve.log"
    log.write_text(SCALER_TRACEBACK.format(n=12))
    answers = ["python check_features.py", "", "send the calendar flags", "data", "", "", "", ""]
    result = kb("add", "--from-log", str(log), "--new", "--key", "asked", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    said = "and where in your code it failed, as a variant: ValueError: X has 12 features"
    assert result.output.index(said) < result.output.index("Validation")
    assert "expecting 14 features as input. in score_request" in result.output


def test_a_librarys_message_typed_alone_is_said_to_need_your_part(runner: CliRunner) -> None:
    symptom = "ValueError: X has 12 features, but StandardScaler is expecting 14 features as input."
    add = ["add", "--new", "-k", "typed", "-d", "data", "-s", symptom, "-v", "python check.py", "-f", "x"]
    code, _, err = kb(*add)
    assert code == 0 and "a library raises this message for any caller" in err


PROGRESS_LOG = "".join(f"epoch 1 step {step}: loss=0.{step}\n" for step in range(40)) + (
    "/opt/torch/optim/lr_scheduler.py:139: UserWarning: Detected call of `lr_scheduler.step()`"
    " before `optimizer.step()`.\n  warnings.warn(\n"
)


def test_a_log_with_no_error_line_gives_no_symptom(runner: CliRunner, tmp_path: Path) -> None:
    """Its progress lines, run together, became the entry's symptom without a word."""
    log = tmp_path / "train.log"
    log.write_text(PROGRESS_LOG)
    flags = ("-k", "progress", "-d", "training", "-v", "nvidia-smi", "-f", "x", "--confirms", "exit 0")
    code, _, err = kb("add", "--from-log", str(log), *flags)
    assert (
        code == 1
        and err
        == f"kb: {log} holds no line that reads as an error; pass --symptom 'the error line you saw'\n"
    )
    with open_store() as store:
        assert store.find("progress") is None


def test_a_log_whose_error_is_before_the_part_kb_reads_says_so(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 25 MB log whose traceback came before 450k progress lines "held no line that reads as an
    error": kb reads a log's last 20 MB, and did not say so."""
    monkeypatch.setattr("kb.capture.prefill.MAX_LOG_BYTES", 2_000)
    log = tmp_path / "train.log"
    log.write_text("RuntimeError: shards out of sync\n" + PROGRESS_LOG * 10)
    flags = ("-k", "progress", "-d", "training", "-v", "nvidia-smi", "-f", "x", "--confirms", "exit 0")
    code, _, err = kb("add", "--from-log", str(log), *flags)
    assert code == 1, err
    assert err.startswith(f"kb: the last 2 KB of 11 KB of {log} (all kb reads of a log) hold no")


def test_on_a_terminal_a_log_with_no_error_line_asks_for_the_symptom(
    runner: CliRunner, interactive: None, tmp_path: Path
) -> None:
    log = tmp_path / "train.log"
    log.write_text(PROGRESS_LOG)
    flags = ("-k", "progress", "-d", "training", "-v", "nvidia-smi", "-f", "x", "--confirms", "exit 0")
    code, out, err = kb("add", "--from-log", str(log), *flags, input=NEW_FAULT + "\n\n\n\n")
    assert code == 0, err
    assert "holds no line that reads as an error" in err and "Symptom (the error line you saw)" in out
    assert entry("progress")["symptom"] == NEW_FAULT


def test_the_symptom_a_log_gives_is_said_redacted(
    runner: CliRunner, interactive: None, tmp_path: Path
) -> None:
    """The entry was stored redacted, but `symptom, the decisive line of the output: …` showed the
    log's password and token on the terminal (a shared screen, a recorded session)."""
    token = "hf_" + "Q7wErTy1UiOp2AsDfGh3JkLzXcVbNm4x"
    log = tmp_path / "crash.log"
    log.write_text(
        "Traceback (most recent call last):\n"
        f"ValueError: the frobnicator hub https://bob:s3cretpw@hub.example.com refused {token}\n"
    )
    flags = ("-k", "hub", "-d", "deployment", "-v", "nvidia-smi", "-f", "x", "--confirms", "exit 0")
    code, out, err = kb("add", "--new", "--from-log", str(log), *flags, input="\n\n\n")
    assert code == 0, err
    assert "symptom, the decisive line of the output: ValueError: the frobnicator hub" in err
    assert "s3cretpw" not in out + err and token not in out + err


def test_a_binary_log_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    blob = tmp_path / "core.dump"
    blob.write_bytes(b"\x7fELF\x00\x00\x01" * 100)
    code, _, err = kb("add", "--from-log", str(blob), "-d", "data", "-v", "ls")
    assert code == 1 and "not a text log" in err and err.count("\n") == 1


def test_from_last_offers_the_last_search_that_found_nothing(runner: CliRunner) -> None:
    from kb.cli.fast_search import main

    assert main(["the frobnicator emits purple smoke on shutdown"]) == 1
    code, _, err = kb("add", "--from-last", "-k", "smoke", "-d", "hardware", "-v", "dmesg", "-f", "vent it")
    assert code == 0, err
    assert "you searched this just now" in err
    assert entry("smoke")["symptom"] == "the frobnicator emits purple smoke on shutdown"


def test_a_regex_search_is_no_symptom_for_from_last(runner: CliRunner) -> None:
    """`kb search --regex '.*frob.*'` that found nothing became the symptom `kb add --from-last` took."""
    from kb.cli.fast_search import main

    assert main(["the frobnicator emits purple smoke on shutdown"]) == 1
    main(["--regex", "zorblax.*quux"])
    code, _, err = kb("add", "--from-last", "-k", "smoke", "-d", "hardware", "-v", "dmesg", "-f", "vent it")
    assert code == 0, err
    assert entry("smoke")["symptom"] == "the frobnicator emits purple smoke on shutdown"


def test_ago_reads_like_a_person() -> None:
    now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
    assert ago(now - timedelta(minutes=12), now) == "12 minutes ago"
    assert ago(now - timedelta(hours=1, minutes=5), now) == "1 hour ago"
    assert ago(now, now) == "just now"


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)


def test_from_commit_takes_the_fix_from_a_commit(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    git(repo, "config", "user.email", "me@example.com")
    git(repo, "config", "user.name", "Me")
    (repo / "train.py").write_text("loader = DataLoader(ds, num_workers=4)\n")
    git(repo, "add", "train.py")
    git(repo, "commit", "-q", "-m", "Cap num_workers at 4 on the 8-core nodes")
    monkeypatch.chdir(repo)
    args = ["add", "--new", "-s", NEW_FAULT, "-d", "data", "-v", "nproc", "-k", "from-commit"]
    code, _, err = kb(*args, "--from-commit", "HEAD")
    assert code == 0, err
    fix = str(entry("from-commit")["fix"])
    assert fix.startswith("Cap num_workers at 4") and "`train.py`" in fix
    assert fill_optional_values(["add", "--from-commit", "--new"]) == [
        "add",
        "--from-commit",
        "HEAD",
        "--new",
    ]
    assert fill_optional_values(["add", "--from-commit"]) == ["add", "--from-commit", "HEAD"]
    assert fill_optional_values(["add", "--from-commit", "abc1234"]) == ["add", "--from-commit", "abc1234"]


def test_from_commit_outside_git_says_so(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = kb("add", "-s", NEW_FAULT, "-d", "data", "-v", "ls", "--from-commit", "HEAD")
    assert code == 1 and "not inside a git repository" in err


def test_from_commit_and_a_fix_given_is_refused_before_anything_is_added(runner: CliRunner) -> None:
    """The commit wrote nothing when --fix gave the fix: kb add said "added", outside a repository too."""
    args = ["add", "-s", NEW_FAULT, "-d", "data", "-v", "ls", "-f", "cap the workers"]
    code, _, err = kb(*args, "--from-commit", "HEAD")
    assert code == 2 and err.count("\n") == 1 and "--from-commit" in err and "--fix" in err
    assert kb("search", NEW_FAULT, "--json")[0] == 1  # nothing was added


def test_a_known_fault_is_counted_not_copied(runner: CliRunner) -> None:
    args = ["add", "-s", "OSError: [Errno 24] Too many open files", "-d", "data", "-v", "ulimit -n"]
    code, _, err = kb(*args)
    assert code == 1 and "dataloader-too-many-open-files" in err and "--occurrence" in err
    code, _, err = kb(*args, "--occurrence", "--conditions", "8 workers, 50k small files")
    assert code == 0, err
    record = entry("dataloader-too-many-open-files")
    assert record["occurrences"] == 1  # the seed's own, from the field guide, is no occurrence met
    assert "8 workers, 50k small files" in str(record["conditions"])


@pytest.mark.parametrize(
    ("shortened", "seed"),
    [
        ("Target -1 is out of bounds", "cross-entropy-label-out-of-range"),
        ("CUDA error: device-side assert triggered", "cuda-device-side-assert"),
    ],
)
def test_a_seeds_message_shortened_is_that_seed(runner: CliRunner, shortened: str, seed: str) -> None:
    """It was added as a new entry, and from then on a search for the error was split between the two."""
    code, _, err = kb("add", "-s", shortened, "-d", "data", "-v", "ls")
    assert code == 1 and f"this looks like '{seed}'" in err


@pytest.mark.parametrize(
    "generic", ["CUDA out of memory", "torch.OutOfMemoryError: CUDA out of memory.", "Address already in use"]
)
def test_a_generic_message_is_no_ones_shortened_message(runner: CliRunner, generic: str) -> None:
    """Several faults raise it, or it is only the head of a longer symptom: a fault of its own."""
    code, _, err = kb("add", "-s", generic, "-d", "hardware", "-v", "nvidia-smi", "-k", "mine")
    assert code == 0, err


def test_a_known_fault_on_a_terminal_is_offered_as_an_occurrence(
    runner: CliRunner, interactive: None
) -> None:
    code, out, _ = kb(
        "add",
        "-s",
        "OSError: [Errno 24] Too many open files",
        "-d",
        "data",
        "-v",
        "ulimit -n",
        "-f",
        "ulimit -n 65536",
        input="y\n",
    )
    assert code == 0 and "counted another occurrence of dataloader-too-many-open-files" in out


def test_from_a_log_a_known_fault_is_said_before_any_question(
    runner: CliRunner, interactive: None, tmp_path: Path
) -> None:
    """`kb add --from-log` asked for the check and the fix, then said the fault was known, and a yes
    threw the answers away."""
    log = tmp_path / "train.log"
    log.write_text("epoch 3\nOSError: [Errno 24] Too many open files\n")
    code, out, err = kb("add", "--from-log", str(log), input="y\n")
    assert code == 0 and "counted another occurrence of dataloader-too-many-open-files" in out
    assert "Validation" not in out + err and "Fix" not in out + err  # nothing asked that was then dropped
    assert entry("dataloader-too-many-open-files")["occurrences"] == 1  # the one met


def test_occurrence_of_an_unknown_fault_is_refused_before_any_question(
    runner: CliRunner, interactive: None
) -> None:
    code, out, err = kb("add", "--occurrence", "-s", NEW_FAULT, input="ls\n\nfix it\n")
    assert code == 1 and "no existing entry looks like this one" in err
    assert "Validation" not in out


def test_a_typed_symptom_of_a_known_fault_is_said_before_the_next_question(
    runner: CliRunner, interactive: None
) -> None:
    code, out, err = kb(
        "add", input="OSError: [Errno 24] Too many open files\nn\nulimit -n\n\nraise it\n\n\n\n\n"
    )
    assert "This looks like an existing entry: dataloader-too-many-open-files" in err
    assert out.index("another occurrence of dataloader-too-many-open-files") < out.index("Validation")
    assert code == 0 and entry("dataloader-too-many-open-files")["occurrences"] == 0  # a new one was added


def test_env_records_the_baseline_without_secrets(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0,1")
    monkeypatch.setenv("HF_TOKEN", "hf_" + "a1B2c3D4e5" * 3)
    monkeypatch.setenv("PYTORCH_CUDA_ALLOC_CONF", "expandable_segments:True")
    code, _, err = kb("add", "--new", "-s", NEW_FAULT, "-d", "data", "-v", "ls", "-k", "with-env", "--env")
    assert code == 0, err
    environment = str(entry("with-env")["environment"])
    assert "CUDA_VISIBLE_DEVICES=0,1" in environment and "expandable_segments:True" in environment
    assert "a1B2c3D4e5" not in environment and "Python 3." in environment


def add_fault(runner: CliRunner, key: str, validation: str, symptom: str = NEW_FAULT, *rule: str) -> None:
    code, _, err = kb(
        "add",
        "--new",
        "-k",
        key,
        "-s",
        symptom,
        "-d",
        "numerics",
        "-v",
        validation,
        "-f",
        "fix it",
        *rule,
    )
    assert code == 0, err


def test_a_rule_given_when_the_entry_is_added_reads_its_check(runner: CliRunner) -> None:
    add_fault(
        runner, "frob-c", "python -c \"print('frob: 3 stuck')\"", NEW_FAULT, "--pattern", "^frob: [1-9]"
    )
    shown = json.loads(kb("show", "frob-c", "--json")[1])
    assert shown["verdict"] == {"confirms": "output", "pattern": "^frob: [1-9]"}
    code, out, _ = kb("check", "frob-c", "--yes")
    assert code == 0 and "confirmed: the output has 'frob: 3 stuck'" in out
    code, _, err = kb("add", "--new", "-s", "x y z", "-d", "data", "-v", "true", "--confirms", "maybe")
    assert code == 1 and "check confirms 'maybe'; use one of" in err


def test_check_runs_only_with_consent_and_records_the_result(runner: CliRunner) -> None:
    add_fault(runner, "probe", "python -c \"print('frobnicator ok')\"")
    code, _, err = kb("check", "probe")
    assert code == 1 and "--yes" in err
    assert entry("probe")["last_check_outcome"] is None
    code, out, _ = kb("check", "probe", "--yes")
    assert code == 11 and "frobnicator ok" in out  # no rule declared: kb does not guess a verdict
    assert "inconclusive: the check declares no rule: read its output (exit 0 in" in out
    assert entry("probe")["last_check_outcome"] == "inconclusive"


def test_check_declined_at_the_prompt_runs_nothing(
    runner: CliRunner, interactive: None, tmp_path: Path
) -> None:
    marker = tmp_path / "ran"
    add_fault(runner, "touchy", f"touch {marker}")
    code, _, err = kb("check", "touchy", input="n\n")
    assert code == 1 and "not run" in err and not marker.exists()


def test_a_hanging_check_is_killed_and_recorded_as_such(runner: CliRunner) -> None:
    add_fault(runner, "hang", "sleep 30")
    code, out, _ = kb("check", "hang", "--yes", "--timeout", "1")
    assert code == 11 and "inconclusive: killed at the timeout after 1 s" in out
    record = entry("hang")
    assert record["last_check_outcome"] == "inconclusive" and record["last_check_exit"] is None


def test_triage_as_a_script(runner: CliRunner) -> None:
    code, out, err = kb(
        "triage",
        "--json",
        "--no-env",
        "--symptom",
        "OSError: [Errno 24] Too many open files",
        "--conditions",
        "only with num_workers=16",
    )
    assert code == 0, err
    record = json.loads(out)
    assert record["anchor"]["phenomenon"] == "OSError: [Errno 24] Too many open files"
    assert record["anchor"]["conditions"] == "only with num_workers=16"
    assert record["domain"] == "data"
    sources = [p["source"] for p in record["proposals"]]
    assert sources[0] == "dataloader-too-many-open-files" and "golden:data" in sources
    assert record["verifications"] == [] and Path(record["draft"]).exists()


def test_a_triage_keeps_where_in_your_code_it_failed_for_its_draft(runner: CliRunner, tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    log.write_text(SCALER_TRACEBACK.format(n=12))
    code, out, err = kb("triage", "--json", "--no-env", "--log", str(log))
    assert code == 0, err
    record = json.loads(out)
    assert record["anchor"]["function"] == "score_request"
    assert "expecting 14 features as input. in score_request" in Path(record["draft"]).read_text()
    shown = kb("triage", "--no-env", "--log", str(log), input="n\nn\nn\nn\n").output
    assert "Failed in your code's score_request" in shown


def test_a_triage_of_a_log_kb_cannot_read_is_one_line_and_begins_no_step(tmp_path: Path) -> None:
    """It printed the first step's heading, then the error: a step begun that never was."""
    code, out, err = kb("triage", "--no-env", "--log", str(tmp_path / "gone.log"))
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "cannot read" in err and "gone.log" in err


def test_triage_runs_named_checks_and_calls_for_a_rollback_after_two_failures(runner: CliRunner) -> None:
    add_fault(runner, "frob-a", "false", NEW_FAULT, "--confirms", "exit 0")
    add_fault(runner, "frob-b", "exit 3", NEW_FAULT + " again", "--confirms", "exit 0")
    code, out, err = kb(
        "triage", "--json", "--no-env", "--symptom", NEW_FAULT, "--run", "frob-a", "--run", "frob-b"
    )
    assert code == 0, err
    record = json.loads(out)
    assert [v["verdict"] for v in record["verifications"]] == ["ruled out", "ruled out"]
    assert record["needs_rollback"] is True
    assert entry("frob-b")["last_check_exit"] == 3


def test_a_triage_draft_that_became_a_folder_is_said_to_be_no_file(runner: CliRunner) -> None:
    """kb add --from-triage said the draft 'is no longer among the drafts; an older one waits' and
    named that same path, a folder now."""
    from kb.paths import drafts_folder

    kb("triage", "--json", "--no-env", "--symptom", "the frobnicator drifts after the 3rd epoch")
    last = Path(drafts_folder()) / (Path(drafts_folder()) / "last-triage").read_text().split()[0]
    last.unlink()
    last.mkdir()
    code, out, err = kb("add", "--from-triage", "--new", "-v", "nvidia-smi", "-f", "x", "-d", "hardware")
    assert (code, out) == (
        1,
        "",
    ) and err == f"kb: the draft your last kb triage left ({last}) is not a file\n"


def test_triage_refuses_to_run_what_it_did_not_propose(runner: CliRunner) -> None:
    code, _, err = kb("triage", "--json", "--no-env", "--symptom", NEW_FAULT, "--run", "rm-rf")
    assert code == 1 and "not a proposed check" in err


def test_a_triage_becomes_an_entry(runner: CliRunner) -> None:
    kb(
        "triage",
        "--json",
        "--no-env",
        "--symptom",
        "the frobnicator drifts after the 3rd epoch",
        "--conditions",
        "bf16 only",
    )
    code, out, err = kb(
        "add",
        "--from-triage",
        "--new",
        "-v",
        "nvidia-smi",
        "-f",
        "pin the clocks",
        "-d",
        "hardware",
        "--json",
    )
    assert code == 0, err
    record = json.loads(out)
    assert record["symptom"] == "the frobnicator drifts after the 3rd epoch"
    assert record["conditions"] == "bf16 only" and record["fix"] == "pin the clocks"
    # The draft became the entry: it is no longer waiting (the TUI offered it again, and a second
    # `kb add --from-triage` made the same entry again).
    assert kb("add", "--from-triage", "--new", "-v", "nvidia-smi", "-f", "x", "-d", "hardware") == (
        1,
        "",
        "kb: no triage draft yet; run `kb triage` first\n",
    )


def test_a_triage_draft_keeps_the_rule_of_the_check_that_confirmed_its_cause() -> None:
    """The draft took the check that confirmed the cause but not its [check] rule: the entry made
    from it called the same output "inconclusive" where the check had said "confirmed"."""
    add_fault_rule = ["--confirms", "output", "--pattern", "^held: "]
    add_fault(CliRunner(), "frob-held", "printf 'held: yes\\n'", NEW_FAULT, *add_fault_rule)
    code, out, err = kb("triage", "--json", "--no-env", "--symptom", NEW_FAULT, "--run", "frob-held")
    assert code == 0, err
    assert [v["verdict"] for v in json.loads(out)["verifications"]] == ["confirmed"]
    added = kb("add", "--from-triage", "--new", "-k", "frob-held-again", "-d", "numerics", "-f", "fix it")
    assert added.code == 0, added.stderr
    assert entry("frob-held-again")["verdict"] == entry("frob-held")["verdict"]
    checked = kb("check", "frob-held-again", "--json", "--yes")
    assert json.loads(checked.stdout)["verdict"] == "confirmed", checked.output


UNPLACED = "KeyError: 'zorblax'"  # an exception's name alone places no domain
FINISHED = ("--new", "-v", "true", "--confirms", "exit 0", "-f", "rename the key")


def test_a_triage_whose_words_place_no_domain_claims_none_and_its_draft_asks(interactive: None) -> None:
    """The triage of `KeyError: 'zorblax'` said "domain: data", the domain of a match search was not
    sure of, and its draft became a data entry without a question."""
    code, out, err = kb("triage", "--json", "--no-env", "--symptom", UNPLACED)
    assert code == 0, err
    assert json.loads(out)["domain"] is None
    added = kb("add", "--from-triage", *FINISHED, input="training\n")
    assert added.code == 0, added.output
    assert "Domain (data, model, training" in added.output
    assert entry("keyerror-zorblax")["domain"] == "training"


def test_a_triage_draft_without_a_domain_is_finished_with_one_off_a_terminal() -> None:
    kb("triage", "--json", "--no-env", "--symptom", UNPLACED)
    refused = kb("add", "--from-triage", *FINISHED)
    assert refused.code == 2 and "missing --domain (one of: data, model" in refused.stderr
    assert refused.stderr.count("\n") == 1
    added = kb("add", "--from-triage", *FINISHED, "-d", "model")
    assert added.code == 0, added.stderr
    assert entry("keyerror-zorblax")["domain"] == "model"


def test_a_triage_counted_as_an_occurrence_is_counted_once() -> None:
    """The draft of a triage that became another occurrence of a known fault stayed waiting, and each
    later `kb add --from-triage` counted the same occurrence again (seen 2x, then 3x)."""
    symptom = "OSError: [Errno 24] Too many open files"
    kb("triage", "--json", "--no-env", "--symptom", symptom, "--conditions", "num_workers=16")
    code, _, err = kb("add", "--from-triage", "--occurrence")
    assert code == 0, err
    assert entry("dataloader-too-many-open-files")["occurrences"] == 1  # the one met
    assert kb("add", "--from-triage", "--occurrence") == (
        1,
        "",
        "kb: no triage draft yet; run `kb triage` first\n",
    )
    assert entry("dataloader-too-many-open-files")["occurrences"] == 1  # the one met


def test_a_second_from_triage_does_not_finish_an_older_triage_with_the_last_ones_flags() -> None:
    """Once the last triage's draft was added, the next `kb add --from-triage` took an older
    triage's draft, weeks old maybe, and added it with the fix meant for the last one."""
    finished = ["-d", "hardware", "-v", "true", "--confirms", "exit 0", "-f", "cool the whirligig", "--new"]
    kb("triage", "--json", "--no-env", "--symptom", "AlphaError: the frobnicator jammed")
    kb("triage", "--json", "--no-env", "--symptom", "BetaError: the whirligig overheated")
    assert kb("add", "--from-triage", *finished).code == 0
    again = kb("add", "--from-triage", *finished)
    assert again.code == 1 and again.stderr.count("\n") == 1
    assert "was added already; an older one waits: kb add --from-file " in again.stderr
    assert "alphaerror-frobnicator-jammed" not in {e["key"] for e in json.loads(kb("list", "--json").stdout)}


def test_a_last_triage_draft_deleted_by_hand_is_not_said_to_be_added() -> None:
    alpha = json.loads(
        kb("triage", "--json", "--no-env", "--symptom", "AlphaError: the frobnicator jammed").stdout
    )
    beta = json.loads(
        kb("triage", "--json", "--no-env", "--symptom", "BetaError: the whirligig overheated").stdout
    )
    Path(beta["draft"]).unlink()
    refused = kb("add", "--from-triage", "-d", "hardware", "-f", "cool it", "--new")
    assert refused.code == 1
    assert refused.stderr == (
        f"kb: the draft your last kb triage left ({Path(beta['draft']).name}) is no longer among the"
        f" drafts; an older one waits: kb add --from-file {alpha['draft']}\n"
    )


def test_a_triage_of_a_known_fault_says_so_before_asking_for_the_rest(interactive: None) -> None:
    """`kb add --from-triage` asked for the validation, how to read it and the fix, and only then
    said the fault was known and offered to count an occurrence: the answers were thrown away."""
    symptom = "OSError: [Errno 24] Too many open files"
    kb("triage", "--json", "--no-env", "--symptom", symptom, "--conditions", "num_workers=16")
    added = kb("add", "--from-triage", input="y\n")
    assert added.code == 0, added.output
    said = added.output.splitlines()
    assert said[0] == "This looks like an existing entry: dataloader-too-many-open-files", said
    assert said[2].startswith("Record it as another occurrence of dataloader-too-many-open-files")
    assert "Validation" not in added.output and "Fix" not in added.output
    assert entry("dataloader-too-many-open-files")["occurrences"] == 1  # the one met


def test_a_kept_draft_added_from_its_file_is_no_longer_waiting(tmp_path: Path) -> None:
    """`kb add --from-file` on a draft in kb's drafts folder (an edit kept, an agent's proposal) left it
    there, and the TUI went on offering it; a file elsewhere is the person's own and stays."""
    from kb.capture.editor import save_draft
    from kb.entry.content import EntryContent
    from kb.entry.file import render_entry_file
    from kb.verify.triage import pending_drafts

    kept = EntryContent("kept-draft", "data", "OSError: kept x", validation="true", fix="x")
    text = render_entry_file(kept)
    draft = save_draft(text, "kept-draft")
    elsewhere = tmp_path / "mine.md"
    elsewhere.write_text(text.replace("kept-draft", "my-file").replace("kept x", "mine y"))
    assert kb("add", "--from-file", str(draft))[0] == 0
    assert kb("add", "--from-file", str(elsewhere))[0] == 0
    assert not draft.exists() and elsewhere.exists() and pending_drafts() == ([], [])


def test_triage_needs_a_phenomenon_off_a_terminal(runner: CliRunner) -> None:
    code, _, err = kb("triage", "--json", "--no-env")
    assert code == 1 and "--log" in err


def test_the_lean_add_route_records_without_typer(tmp_path: Path) -> None:
    db = tmp_path / "lean.db"
    code = (
        "import sys, json\n"
        "from kb.__main__ import main\n"
        f"sys.argv = ['kb', 'add', '--db', {str(db)!r}, '-s', {NEW_FAULT!r}, '-d', 'model',"
        " '-v', 'ls', '-f', 'x']\n"
        "try:\n    main()\nexcept SystemExit as exit:\n    print('exit', exit.code)\n"
        "print(json.dumps([m for m in ('typer', 'textual') if m in sys.modules]))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = result.stdout.strip().splitlines()
    assert lines[0].startswith("added runtimeerror-frobnicator-kernel-rejected") and lines[-2] == "exit 0"
    assert json.loads(lines[-1]) == []


class TerminalInput(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_lean_add_route_asks_on_a_terminal_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], interactive: None
) -> None:
    from kb.cli.fast_add import main

    answers = ['python -c "print(1)"', "", "pin it", "", "", "", ""]
    monkeypatch.setattr(sys, "stdin", TerminalInput("\n".join(answers) + "\n"))
    code = main(["-s", "DataLoader stalls at the first batch whenever num_workers=8 on node 7", "-k", "lean"])
    assert code == 0, capsys.readouterr().err
    record = entry("lean")
    assert record["domain"] == "data" and record["fix"] == "pin it"


def test_the_lean_add_route_reports_errors_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from kb.cli.fast_add import main

    assert main(["--bogus"]) == 2
    assert main(["-s", "   ", "-d", "data", "-v", "ls"]) == 1
    err = capsys.readouterr().err
    assert "no such option: --bogus" in err and "symptom is empty" in err and "Traceback" not in err


def test_secrets_typed_into_the_environment_are_redacted(runner: CliRunner) -> None:
    token = "hf_" + "Zq9xW2vB7n" * 3
    code, _, err = kb(
        "add",
        "--new",
        "-k",
        "typed-env",
        "-s",
        NEW_FAULT,
        "-d",
        "data",
        "-v",
        "ls",
        "--environment",
        f"HF_TOKEN={token} CUDA_VISIBLE_DEVICES=0",
        "--conditions",
        f"curl -H 'Authorization: Bearer {token}' http://x",
    )
    assert code == 0, err
    record = entry("typed-env")
    assert token not in str(record["environment"]) + str(record["conditions"])
    assert "CUDA_VISIBLE_DEVICES=0" in str(record["environment"])


def test_a_validation_that_is_not_a_command_is_asked_again_at_once(
    runner: CliRunner, interactive: None
) -> None:
    """The lint ran only after fix, domain, cause path and tags were typed, then exit 1 lost them."""
    answers = [
        NEW_FAULT,
        "check the frobnicator config",
        "nvidia-smi -L",
        "",
        "pin the kernel version",
        "model",
        "",
        "",
        "",
    ]
    code, out, err = kb("add", "--key", "asked-again", input="\n".join(answers) + "\n")
    assert code == 0, err
    assert "is neither a shell command" in out + err  # said right after the answer, and asked again
    assert entry("asked-again")["validation"] == "nvidia-smi -L"
    assert entry("asked-again")["fix"] == "pin the kernel version"


def test_the_cause_paths_offered_are_those_of_the_chosen_domain(runner: CliRunner, interactive: None) -> None:
    symptom = "DataLoader stalls at the first batch whenever num_workers=8 on the new node"
    answers = [symptom, "nproc", "nothing", "num_workers=4", "hardware", "", "", ""]
    code, out, err = kb("add", "--key", "chosen-domain", input="\n".join(answers) + "\n")
    assert code == 0, err
    with open_store() as store:
        hardware = set(store.cause_paths("hardware"))
        data_only = set(store.cause_paths("data")) - hardware
    offered = out.split("Cause path", 1)[1].split("Root cause", 1)[0]
    assert not any(path in offered for path in data_only)
    assert any(path in offered for path in hardware)  # the chosen domain's paths, to choose from


def test_from_log_shows_the_symptom_it_took_before_asking(
    runner: CliRunner, tmp_path: Path, interactive: None
) -> None:
    log = tmp_path / "crash.log"
    log.write_text(TRACEBACK)
    answers = ["ss -ltnp", "", "free the port", "", "", "", "", ""]
    add = ["add", "--from-log", str(log), "--new", "--key", "from-log"]
    result = kb(*add, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    shown = result.output.index(
        "symptom, the decisive line of the output: OSError: [Errno 98] Address already in use"
    )
    assert shown < result.output.index("Validation")


def test_a_check_that_could_not_run_here_is_never_pruned(runner: CliRunner) -> None:
    """With .venv/bin on PATH every `python -c "import torch…"` check failed, and prune archived them."""
    with open_store() as store:
        content = store.get("torch-load-map-location").content()
        store.update(content.key, content.replace(validation='python3 -c "import kb_no_torch_here"'))
    for _ in range(3):
        code, out, _ = kb("check", "torch-load-map-location", "--yes")
        assert code == 12 and "could not run here: " in out
    assert entry("torch-load-map-location")["last_check_outcome"] == "could not run here"
    pruned = json.loads(kb("prune", "--status", "broken", "--json")[1])
    assert "torch-load-map-location" not in json.dumps(pruned)
    stats = json.loads(kb("stats", "--json")[1])
    assert "torch-load-map-location" not in json.dumps(stats["broken_checks"])


def test_triage_on_a_terminal_reads_as_its_four_steps_in_80_columns(
    runner: CliRunner, tmp_path: Path, interactive: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No "1. Anchor" heading, "4. Roll back" twice, lines of ~200 columns."""
    from kb.entry.terminal import display_width

    monkeypatch.setenv("COLUMNS", "80")
    add_fault(runner, "frob-a", "false", NEW_FAULT, "--confirms", "exit 0")
    add_fault(runner, "frob-b", "exit 3", NEW_FAULT + " again", "--confirms", "exit 0")
    log = tmp_path / "crash.log"
    log.write_text(f"Traceback (most recent call last):\n  File 'x.py', line 1\n{NEW_FAULT}\n")
    answers = ["after the driver update", "y", "y", "n", "n"]
    result = kb("triage", "--log", str(log), "--no-env", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    steps = [line[:2] for line in lines if line[:2] in ("1.", "2.", "3.", "4.")]
    assert steps == ["1.", "2.", "3.", "4."]
    paths = ("  /", "Run the", "Record")  # a path is not wrapped; the questions are typer's
    wide = [line for line in lines if display_width(line) > 80 and not line.startswith(paths)]
    assert wide == [], result.output


FRAMED_FAULT = (
    'File "/opt/env/lib/python3.11/site-packages/typer/main.py", line 7: RuntimeError: frobnicated twice'
)


def typer_series() -> str:
    from importlib import metadata

    major, minor = metadata.version("typer").split(".")[:2]
    return f"typer<{major}.{int(minor) + 1},>={major}.{minor}"


def test_applies_to_is_given_with_flags_and_checked(runner: CliRunner) -> None:
    fault = ["add", "--new", "-s", NEW_FAULT, "-d", "data", "-v", "ls"]
    code, _, err = kb(*fault, "-k", "scoped", "--applies-to", "torch>=2.1,<2.2", "--applies-to", "driver<535")
    assert code == 0, err
    assert entry("scoped")["applies_to"] == ["torch<2.2,>=2.1", "driver<535"]
    code, _, err = kb(*fault, "-k", "bad", "--applies-to", "torch?")
    assert code != 0 and "applies_to 'torch?' is not a constraint kb can read" in err
    assert "Traceback" not in err
    with open_store() as store:
        assert store.find("bad") is None


def test_env_proposes_applies_to_but_off_a_terminal_only_says_it(runner: CliRunner) -> None:
    code, _, err = kb("add", "--new", "-k", "said", "-s", FRAMED_FAULT, "-d", "data", "-v", "ls", "--env")
    assert code == 0, err
    assert f"this environment suggests --applies-to '{typer_series()}' (not set" in err
    assert entry("said")["applies_to"] == []


@pytest.mark.parametrize(
    ("answer", "kept"),
    [("", [typer_series()]), ("-", []), ("typer is old\ntyper<99; os==linux", ["typer<99", "os==linux"])],
    ids=["enter-keeps", "dash-drops", "a-bad-answer-is-asked-again"],
)
def test_env_on_a_terminal_asks_with_the_proposal(
    runner: CliRunner, interactive: None, answer: str, kept: list[str]
) -> None:
    fault = ["add", "--new", "-k", "asked", "-s", FRAMED_FAULT, "-d", "data", "-v", "ls", "-f", "pin it"]
    code, out, err = kb(*fault, "--env", "--cause-path", "x", "-t", "t", input=answer + "\n")
    assert code == 0, err
    assert f"Applies to (where it happens, separated by ';'; - for anywhere) [{typer_series()}]" in out
    assert entry("asked")["applies_to"] == kept


def test_a_last_run_kept_before_it_named_its_python_still_reads(tmp_path: Path) -> None:
    from kb.capture.last_run import FILE_NAME, load_last_run, record_failure

    run = record_failure(
        str(tmp_path), ["python", "train.py"], "exited with 1", NEW_FAULT, {}, "/env/bin/python"
    )
    assert load_last_run(str(tmp_path)) == run and run.python == "/env/bin/python"
    older = {name: value for name, value in run._asdict().items() if name != "python"}
    (tmp_path / FILE_NAME).write_text(json.dumps(older))
    assert load_last_run(str(tmp_path)) == run._replace(python="")


def test_a_last_run_keeps_tensorflows_variables_not_terraforms(tmp_path: Path) -> None:
    """`kb add --from-last-run` took TF_CLI_CONFIG_FILE, Terraform's, for a TensorFlow variable."""
    from kb.capture.last_run import record_failure

    environ = {
        "TF_CLI_CONFIG_FILE": "/home/me/.terraformrc",
        "TF_VAR_region": "eu-west-1",
        "TF_CPP_MIN_LOG_LEVEL": "2",
        "TF_FORCE_GPU_ALLOW_GROWTH": "true",
        "TF_CONFIG": '{"task": {"type": "worker", "index": 0}}',
        "CUDA_VISIBLE_DEVICES": "0",
    }
    run = record_failure(str(tmp_path), ["python", "train.py"], "exited with 1", NEW_FAULT, environ)
    kept = {line.split("=", 1)[0] for line in run.environment.splitlines()}
    assert kept == {"TF_CPP_MIN_LOG_LEVEL", "TF_FORCE_GPU_ALLOW_GROWTH", "TF_CONFIG", "CUDA_VISIBLE_DEVICES"}


def test_env_records_the_packages_the_traceback_ran_through(
    runner: CliRunner,
    monkeypatch: pytest.MonkeyPatch,
    python_with: Callable[[dict[str, str]], str],
    tmp_path: Path,
) -> None:
    """`kb add --env` recorded numpy but not pandas, though the traceback ran through pandas."""
    monkeypatch.setenv("PATH", str(Path(python_with({"pandas": "2.2.1", "numpy": "1.26.4"})).parent))
    log = tmp_path / "crash.log"
    log.write_text(
        "Traceback (most recent call last):\n"
        '  File "/srv/job/prepare.py", line 14, in <module>\n'
        '  File "/opt/env/lib/python3.11/site-packages/pandas/core/frame.py", line 4102, in __getitem__\n'
        "KeyError: 'label_smoothing_column'\n"
    )
    code, _, err = kb(
        "add", "--new", "-k", "framed", "--from-log", str(log), "-d", "data", "-v", "ls", "--env"
    )
    assert code == 0, err
    environment = str(entry("framed")["environment"])
    assert "pandas 2.2.1" in environment and "numpy 1.26.4" in environment


def test_env_reads_the_python_on_the_path_when_kb_has_a_venv_of_its_own(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, python_with: Callable[[dict[str, str]], str]
) -> None:
    conda_env = python_with({"torch": "2.3.0", "typer": "0.1.0"})
    monkeypatch.setenv("PATH", str(Path(conda_env).parent))
    code, _, err = kb("add", "--new", "-k", "theirs", "-s", FRAMED_FAULT, "-d", "data", "-v", "ls", "--env")
    assert code == 0, err
    assert "torch 2.3.0" in str(entry("theirs")["environment"])
    assert "--applies-to 'typer<0.2,>=0.1'" in err  # their typer, not kb's


def test_a_password_in_the_symptom_stays_out_of_the_key_made_from_it() -> None:
    """The key names the entry's file, its wiki anchor and every command that points at it."""
    password = "hunter2" + "pw"
    symptom = (
        f"psycopg.OperationalError: connection failed for postgresql://kb_team:{password}@db.internal/ml"
    )
    code, out, err = kb("add", "-s", symptom, "-v", "true", "-f", "Rotate it.", "-d", "deployment")
    assert code == 0, err
    assert password not in out and "postgresql-redacted" in out
    code, out, _ = kb("list", "--json")
    assert code == 0 and password not in out


def test_an_occurrence_says_which_given_fields_it_did_not_use() -> None:
    """The entry keeps its own check and fix: the ones typed for the occurrence are not lost unsaid."""
    symptom = "RuntimeError: CUDA error: device-side assert triggered"
    code, out, err = kb(
        "add", "-s", symptom, "-v", "echo hi", "-f", "my fix", "--occurrence", "--conditions", "bf16"
    )
    assert code == 0 and out.startswith("counted another occurrence of cuda-device-side-assert")
    assert "--validation, --fix not used: cuda-device-side-assert keeps its own" in err
    code, _, err = kb("add", "-s", symptom, "--occurrence", "--conditions", "fp32")
    assert code == 0 and "not used" not in err


def test_an_occurrence_is_refused_for_being_unknown_not_for_lacking_a_domain() -> None:
    """`kb add -s NEW --occurrence` said "missing --domain", a field no occurrence needs; a known one
    said which domain a new entry would have had before counting the occurrence."""
    code, _, err = kb("add", "-s", "NarwhalError: something nobody recorded", "--occurrence")
    assert (code, err) == (1, "kb: no existing entry looks like this one; drop --occurrence to add it\n")
    code, out, err = kb("add", "-s", "RuntimeError: CUDA error: device-side assert triggered", "--occurrence")
    assert code == 0 and out.startswith("counted another occurrence") and "domain" not in err, err


def test_an_occurrence_from_a_log_names_no_flag_the_log_filled_in(tmp_path: Path) -> None:
    """`kb add --from-log LOG --occurrence` said "--variant not used": kb had taken the variant (where
    the user's code failed) from the log itself."""
    log = tmp_path / "build.log"
    log.write_text(
        "Traceback (most recent call last):\n"
        '  File "/home/me/proj/build.py", line 30, in <module>\n    build_shard_index(paths)\n'
        '  File "/home/me/proj/build.py", line 12, in build_shard_index\n'
        '    raise ValueError("ShardIndexError: shard 12 has no manifest")\n'
        "ValueError: ShardIndexError: shard 12 has no manifest\n"
    )
    assert kb("add", "--from-log", str(log), "-d", "data", "-v", "true", "-f", "x")[0] == 0
    code, out, err = kb("add", "--from-log", str(log), "--occurrence")
    assert code == 0 and out.startswith("counted another occurrence") and "not used" not in err, err


def test_an_occurrence_of_an_entry_a_teammate_merged_meanwhile_is_counted_where_it_went(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """kb add found old-gizmo; before it counted the occurrence a teammate merged old-gizmo into
    new-gizmo: the add ended "no entry with key 'old-gizmo'" and the occurrence was lost."""
    from kb.store.entry_store import EntryStore

    flags = ["-d", "hardware", "-v", "nvidia-smi", "-f", "oil it"]
    for key in ("old-gizmo", "new-gizmo"):
        assert kb("add", "-s", f"GizmoError: the {key} jammed", "-k", key, *flags, "--new")[0] == 0
    counted = EntryStore.record_occurrence

    def after_the_teammates_merge(store: EntryStore, key: str, *rest: str) -> object:
        if key == "old-gizmo" and store.find("old-gizmo") is not None:
            store.merge("old-gizmo", "new-gizmo")
        return counted(store, key, *rest)

    monkeypatch.setattr(EntryStore, "record_occurrence", after_the_teammates_merge)
    code, out, err = kb("add", "-s", "GizmoError: the old-gizmo jammed", "--occurrence")
    assert code == 0, err
    assert "old-gizmo became new-gizmo meanwhile (merged or renamed)" in err
    assert out.startswith("counted another occurrence of new-gizmo (seen 3x)")
    assert entry("new-gizmo")["occurrences"] == 3


SHAPE = "RuntimeError: mat1 and mat2 shapes cannot be multiplied (32x784 and 28x10)"


def test_a_message_several_faults_raise_is_not_counted_as_one_of_them_unasked(runner: CliRunner) -> None:
    """A forgotten flatten's shape error was offered as the audio sample-rate entry, Enter counted it
    there: kb search is not sure of that message, and kb add should not be either."""
    code, _, err = kb("add", "-s", SHAPE, "-d", "model", "-v", "ls", "-f", "flatten first")
    assert code == 1 and "its message is also the message of 'stft-sample-rate-mismatch'" in err
    assert "which several faults raise" in err and "--new for another cause" in err


def test_a_message_two_entries_hold_is_not_claimed_for_the_first_of_them(runner: CliRunner) -> None:
    """A DataLoader worker killed by a signal is one entry's symptom and another's variant: kb search
    said "one of 2 known faults", kb add said "this looks like" the first and offered to count it
    there, Enter meaning yes."""
    killed = "RuntimeError: DataLoader worker (pid 123) is killed by signal: Killed."
    assert len(json.loads(kb("search", "--json", killed).stdout)["one_of"]) == 2
    code, _, err = kb("add", "-s", killed, "-d", "data", "-v", "ls", "-f", "y")
    assert code == 1 and "which several faults raise" in err and "--new for another cause" in err


def test_a_known_fault_met_on_a_variant_is_shown_that_variant(runner: CliRunner) -> None:
    """`Permission denied: '/data/x.csv'` was "also the message of docker-tmp-not-writable", shown as
    that entry's `FileNotFoundError: … No usable temporary directory`, a message it does not read as."""
    code, _, err = kb(
        "add", "-s", "PermissionError: [Errno 13] Permission denied: '/data/x.csv'", "-d", "data"
    )
    assert code == 1
    shown = err.split("docker-tmp-not-writable, and several faults raise it:\n", 1)[1].splitlines()[0]
    assert shown.strip() == "PermissionError: [Errno 13] Permission denied: '/tmp/torchinductor_appuser'"


def test_on_a_terminal_a_shared_message_defaults_to_a_new_entry(runner: CliRunner, interactive: None) -> None:
    code, out, err = kb(
        "add", "-s", SHAPE, "-d", "model", "-v", "ls", "-f", "flatten first", "-k", "forgot-flatten",
        input="\n" * 12,
    )  # fmt: skip
    assert (
        "Is it the same fault as stft-sample-rate-mismatch (its check tells), not another cause? [y/N]" in out
    )
    assert code == 0 and "added forgot-flatten" in out, err
    assert entry("stft-sample-rate-mismatch")["occurrences"] == 0


def test_an_add_without_confirms_says_its_checks_will_be_inconclusive() -> None:
    """Off a terminal kb add asks nothing, and a check stored without --confirms reads every run as
    inconclusive, which kb add did not say."""
    flags = ["-v", "python -c 'print(1)'", "-f", "oil it", "-d", "data"]
    code, _, err = kb("add", "-s", "FrobError: the sprocket stalled at 3", *flags)
    assert code == 0 and "no --confirms, so kb check will read every run of its check as inconclusive" in err
    code, _, err = kb(
        "add", "-s", "FrobError: the gizmo stalled at 3", *flags, "--confirms", "exit 0", "--new"
    )
    assert code == 0 and "--confirms" not in err


def test_an_occurrence_that_reads_otherwise_is_kept_as_a_symptom_variant(runner: CliRunner) -> None:
    """Counting an occurrence taught kb nothing about its text: the next paste that read like it got
    the same answer as before. Numbers and paths differ between occurrences and teach nothing."""
    first = (
        "RuntimeError: Error(s) in loading state_dict for SentimentModel:"
        " size mismatch for classifier.weight: copying a param with shape torch.Size([3, 768])"
        " from checkpoint, the shape in current model is torch.Size([5, 768])."
    )
    code, _, err = kb("add", "-s", first, "-d", "model", "-v", "ls checkpoints", "-k", "old-head")
    assert code == 0, err
    again = first.replace("SentimentModel", "IntentModel")
    args = ["add", "-d", "model", "-v", "ls", "--occurrence", "-s"]
    code, out, err = kb(*args, again)
    assert code == 0 and "this message is kept as a symptom variant" in out, err
    assert entry("old-head")["symptom_variants"] == [again]
    code, out, err = kb(*args, again.replace("768", "1024"))
    assert code == 0 and "(seen 3x)" in out and "variant" not in out, err
    assert entry("old-head")["symptom_variants"] == [again]


SCHEMA_DRIFT = "SchemaError: feature schema mismatch: missing columns {} in batch from feature store"


def test_a_second_run_search_is_sure_of_is_not_added_as_a_copy(runner: CliRunner) -> None:
    """kb search answered the second run confidently with the team's entry, and kb add added it as a
    new entry all the same: the next run's answers were split between the two copies."""
    flags = ["-d", "data", "-v", "python -c 'print(1)'", "-f", "regenerate the schema"]
    code, _, err = kb("add", "-k", "schema-drift", "-s", SCHEMA_DRIFT.format("['clicks_7d']"), *flags)
    assert code == 0, err
    again = SCHEMA_DRIFT.format("['category_views_1d', 'dwell_p90']")
    code, _, err = kb("add", "-s", again, *flags)
    assert code == 1 and "kb search is sure this is schema-drift" in err and "--occurrence" in err
    code, out, err = kb("add", "-s", again, *flags, "--occurrence")
    assert code == 0 and "counted another occurrence of schema-drift (seen 2x)" in out, err


def test_asked_on_a_terminal_whether_it_is_the_entry_search_is_sure_of_no_means_a_new_entry(
    runner: CliRunner, interactive: None
) -> None:
    """Its text reads otherwise than the entry's, so the person compares the two; Enter keeps them apart."""
    flags = [
        "-d",
        "data",
        "-v",
        "python -c 'print(1)'",
        "-f",
        "regenerate the schema",
        "--confirms",
        "exit 0",
    ]
    code, _, err = kb("add", "-k", "schema-drift", "-s", SCHEMA_DRIFT.format("['clicks_7d']"), *flags)
    assert code == 0, err
    code, out, err = kb("add", "-k", "views", "-s", SCHEMA_DRIFT.format("['views']"), *flags, input="\n")
    assert code == 0, err
    assert "kb search is sure this is schema-drift" in out + err and "not another cause? [y/N]" in out
    assert entry("views")["occurrences"] == 1 and entry("schema-drift")["occurrences"] == 1


def test_a_related_key_no_entry_has_is_kept_and_said(runner: CliRunner) -> None:
    """`kb add --related no-such-key` was accepted without a word: a typo stayed a dead link."""
    code, _, err = kb(
        "add", "--new", "-k", "gizmo", "-s", "RuntimeError: the gizmo broke", "-d", "data", "-v", "true",
        "--confirms", "exit 0", "-f", "x", "--related", "no-such-key", "--related", "cuda-device-side-assert",
    )  # fmt: skip
    assert code == 0 and err == (
        "kb: related no-such-key: no such entry here; kept as written (another layer may hold it, or"
        " it may be added later)\n"
    )
    assert entry("gizmo")["related"] == ["no-such-key", "cuda-device-side-assert"]


def test_a_files_related_key_no_entry_has_is_said_without_acting_on_the_terminal(
    runner: CliRunner, tmp_path: Path
) -> None:
    """A teammate's file whose `related` held escape sequences retitled and cleared the terminal of
    whoever added it: the warning printed the key as it was."""
    hostile = tmp_path / "teammate.md"
    hostile.write_text(
        '+++\nkey = "teammate-entry"\ndomain = "data"\n'
        'related = ["\\u001b]0;pwned\\u0007\\u001b[2J"]\n+++\n\n'
        "## Symptom\n\nFrobError: the frobnicator jammed\n\n"
        "## Validation\n\n```sh\nls /\n```\n\n## Fix\n\nunjam it\n",
        encoding="utf-8",
    )
    code, _, err = kb("add", "--from-file", str(hostile), "--confirms", "exit 0")
    assert code == 0, err
    assert "\x1b" not in err and "\x07" not in err
    assert "related \\x1b]0;pwned\\x07\\x1b[2J: no such entry here" in err
