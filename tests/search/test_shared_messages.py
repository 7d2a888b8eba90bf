"""A message many faults raise is a lead, not an answer: kb shows the entry and is not sure of it."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kb.handbook import load_shared_messages
from tests.command_line import kb

#: From https://github.com/databrickslabs/dolly/issues/90: a shape error in a language model, which
#: the seed about an STFT sample-rate mismatch (whose symptom is the same message) does not explain.
DOLLY = "RuntimeError: mat1 and mat2 shapes cannot be multiplied (863x1 and 11x5120)"


def search(runner: CliRunner, text: str) -> list[dict[str, object]]:
    result = kb("search", "--json", "-", input=text)
    return list(json.loads(result.stdout)["results"])


def test_the_list_is_data_and_lowercase() -> None:
    messages = load_shared_messages()
    assert "mat1 and mat2 shapes cannot be multiplied" in messages
    assert all(message == message.lower() for message in messages)


def test_the_bare_message_finds_the_entry_but_is_not_sure(runner: CliRunner) -> None:
    top = search(runner, DOLLY)[0]
    assert (top["key"], top["confident"]) == ("stft-sample-rate-mismatch", False)


@pytest.mark.parametrize(
    "spaced",
    [
        DOLLY.replace("shapes cannot", "shapes  cannot"),
        DOLLY.replace("shapes cannot", "shapes\tcannot"),
        DOLLY.replace("shapes cannot", "shapes\x00 cannot"),
    ],
    ids=["a doubled space", "a tab", "a NUL byte"],
)
def test_the_bare_message_spaced_otherwise_is_still_not_sure(runner: CliRunner, spaced: str) -> None:
    """Matched character by character, the message with a doubled space was no shared message, and
    the STFT seed became its confident known fault."""
    top = search(runner, spaced)[0]
    assert (top["key"], top["confident"]) == ("stft-sample-rate-mismatch", False)


def test_the_message_with_the_entrys_own_context_is_sure(runner: CliRunner) -> None:
    text = (
        "Resampled half the clips with torchaudio.functional.resample before torch.stft; the spectrogram "
        "shape differs per sample_rate\n" + DOLLY
    )
    top = search(runner, text)[0]
    assert (top["key"], top["confident"]) == ("stft-sample-rate-mismatch", True)


def test_an_unsure_answer_says_what_would_settle_it(runner: CliRunner) -> None:
    result = kb("search", "--json", "-", input=DOLLY)
    data = json.loads(result.stdout)
    assert result.exit_code == 1 and data["settle_with"] == data["results"][0]["check"]
    shown = kb("search", DOLLY).stdout
    assert "To test the first entry's cause, run its check:\n    $ " in shown


@pytest.mark.parametrize(
    "paste", ["ZeroDivisionError: division by zero", "ModuleNotFoundError: No module named 'x'"]
)
def test_a_check_that_could_settle_nothing_is_not_offered_as_settling_it(
    runner: CliRunner, paste: str
) -> None:
    """The closest entries share a word or two with these: running one's check settles nothing."""
    data = json.loads(kb("search", "--json", paste).stdout)
    assert data["results"] and not data["results"][0]["confident"] and data["settle_with"] is None
    shown = kb("search", paste).stdout
    assert "To test the first entry" not in shown and "kb offers none of their checks" in shown


def test_the_json_gives_the_checks_as_the_text_gives_them_filled_from_the_paste(runner: CliRunner) -> None:
    """`settle_with` and each `one_of` entry carried the check's template (`from {module} import
    model`), a command no script can run, where the text printed `from prep import model`."""
    paste = (
        'Traceback (most recent call last):\n  File "/home/me/proj/prep.py", line 5, in <module>\n'
        "    out = emb(ids)\nIndexError: index out of range in self\n"
    )
    data = json.loads(kb("search", "--json", "-", input=paste).stdout)
    assert "from prep import model" in data["settle_with"] and "{module}" not in data["settle_with"]
    assert "from prep import model" in kb("search", "-", input=paste).stdout
    oom = json.loads(kb("search", "--json", "torch.OutOfMemoryError: CUDA out of memory on GPU 1").stdout)
    templates = [item["validation"] for item in oom["one_of"] if "{module}" in (item["validation"] or "")]
    assert templates and all("{module}" not in item["check"] for item in oom["one_of"] if item["check"])


def test_a_pod_that_was_oom_killed_is_not_said_to_share_little_with_the_oom_entry(runner: CliRunner) -> None:
    """`kubectl describe` of an OOMKilled pod shares `OOMKilled`, `Exit Code`, `137` with the OOM
    killer's entry, whose variant is that pod: kb said the closest entries shared little with it."""
    pod = (
        "Containers:\n  trainer:\n    State:          Waiting\n      Reason:       CrashLoopBackOff\n"
        "    Last State:     Terminated\n      Reason:       OOMKilled\n      Exit Code:    137\n"
        "Events:\n  Warning  BackOff  2m (x12 over 10m)  kubelet  Back-off restarting failed container"
        " trainer in pod trainer-7d9f8b6c4-x2k9p\n"
    )
    shown = kb("search", "-", input=pod).stdout
    assert "share little" not in shown and "It reads as Kubernetes output, not an ML error's" in shown


def test_an_everyday_error_gets_the_first_check_as_a_test_of_its_cause(runner: CliRunner) -> None:
    shown = kb("search", "TypeError: cannot pickle '_io.BufferedReader' object").stdout
    assert "It reads as an everyday error; to test the first entry's cause, run its check:\n    $ " in shown


def test_a_domain_shows_its_entries_but_the_others_still_compete(runner: CliRunner) -> None:
    """`--domain model` made the device-side assert, which three faults raise, the embedding entry's
    confident known fault: leaving the label faults out of the list makes the paste no more evidence
    of the one left. The same fault recorded in two domains is unsettled in either."""
    symptom = "RuntimeError: the frobnicator kernel rejected tensor shard 7 on rank 3"
    for key, domain in (("frobnicator-data", "data"), ("frobnicator-hardware", "hardware")):
        argv = ["add", "--new", "-k", key, "-d", domain, "-s", symptom, "-v", "nvidia-smi", "-f", "pin it"]
        assert kb(*argv).exit_code == 0
    assert not search(runner, symptom)[0]["confident"]
    result = kb("search", "--json", "--domain", "hardware", "-", input=symptom)
    assert [(r["key"], r["confident"]) for r in json.loads(result.stdout)["results"]][:1] == [
        ("frobnicator-hardware", False)
    ]
    assert_ = kb(
        "search", "--json", "--domain", "model", "RuntimeError: CUDA error: device-side assert triggered"
    )
    results = json.loads(assert_.stdout)["results"]
    assert assert_.exit_code == 1 and results and not any(r["confident"] for r in results)
    assert {r["domain"] for r in results} == {"model"}


def test_a_message_several_seeds_claim_for_different_causes_names_them_all(runner: CliRunner) -> None:
    """Several seeds list the CUDA out-of-memory message, each for its own cause and in its own
    words: the entry whose symptom it is word for word comes first, and kb names every entry that
    raises it, with the check of each, instead of claiming one."""
    paste = (
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total "
        "capacity of 23.65 GiB of which 1.12 GiB is free."
    )
    data = json.loads(kb("search", "--json", paste).stdout)
    top = data["results"][0]
    assert (top["key"], top["confident"]) == ("cuda-oom-forward-vs-backward", False)
    raising = {item["key"] for item in data["one_of"]}
    assert {"cuda-oom-forward-vs-backward", "gradient-accumulation-memory-growth"} <= raising
    assert "gunicorn-workers-load-model-n-times" in raising  # shares little else, and raises it too
    first_sentence = json.loads(kb("search", "--json", "-n", "1", paste.split(" Tried")[0]).stdout)
    assert {item["key"] for item in first_sentence["one_of"]} == raising  # however much of it is pasted

    # Two of them are probes: they print measurements to read and decide nothing, which kb says.
    probes = {item["key"] for item in data["one_of"] if not item["gives_verdict"]}
    assert probes == {"gradient-accumulation-memory-growth", "oom-batch-size-not-scaled-with-max-length"}
    first = kb("search", paste).stdout.splitlines()[0]
    judging = len(raising) - len(probes)
    assert first == (
        f"One of {len(raising)} known faults raises this message; the checks of {judging} give a verdict,"
        f" the other {len(probes)} print what to read:"
    )


def test_a_seeds_quoted_name_is_its_example_not_evidence(runner: CliRunner) -> None:
    """The BOM seed shows `KeyError: 'text'`; another project's missing column called text is not it."""
    top = search(runner, "KeyError: 'text'")[0]
    assert (top["key"], top["confident"]) == ("read-csv-encoding", False)


def test_the_same_quoted_name_as_an_entry_of_your_own_is_shown_first_not_claimed(runner: CliRunner) -> None:
    """A team's `KeyError: 'lr'` (a renamed config section) was the confident known fault for every
    `KeyError: 'lr'` of the project, a logging callback's and an optimizer state's among them (the
    record-then-find audit): the same missing key says nothing of which code lost it."""
    symptom = "KeyError: 'lr'"
    argv = ["add", "--new", "-k", "optimizer-section-renamed", "-d", "training", "-s", symptom]
    assert kb(*argv, "-v", "grep -n 'lr:' config.yaml", "-f", "read optimizer.learning_rate").exit_code == 0
    callback = 'Traceback (most recent call last):\n  File "callbacks.py", line 3, in on_log\n' + symptom
    top = search(runner, callback)[0]
    assert (top["key"], top["confident"]) == ("optimizer-section-renamed", False)
    other = search(runner, "KeyError: 'MODEL_REGISTRY_URL'")
    assert not other or not other[0]["confident"]


def test_an_entry_of_your_own_raises_a_shared_message_only_with_the_name_it_quoted(runner: CliRunner) -> None:
    """A team's `KeyError: 'weight_decay'` made every KeyError "one of 2 known faults" with the BOM
    seed, a pandas `KeyError: 'label'` too: a form recorded from one run names what that run quoted.
    The seed's form was reviewed to stand for any column name; it still raises every KeyError."""
    argv = ["add", "--new", "-k", "weight-decay-missing", "-d", "training", "-s", "KeyError: 'weight_decay'"]
    assert (
        kb(*argv, "-v", "grep -n weight_decay config.yaml", "-f", "add it to the optim section").exit_code
        == 0
    )
    pandas = (
        'Traceback (most recent call last):\n  File "prep.py", line 9, in <module>\n    df["label"]\n'
        '  File "/site-packages/pandas/core/indexes/base.py", line 3812, in get_loc\n'
        "    raise KeyError(key) from err\nKeyError: 'label'"
    )
    answer = json.loads(kb("search", "--json", pandas).stdout)
    assert "weight-decay-missing" not in [one["key"] for one in answer["one_of"]]
    again = json.loads(kb("search", "--json", "KeyError: 'weight_decay'").stdout)
    assert [one["key"] for one in again["one_of"]] == ["weight-decay-missing", "read-csv-encoding"]


def test_a_kb_guards_finding_names_its_entry_whatever_its_message_shares(runner: CliRunner) -> None:
    """`invalid device ordinal` has several causes, but a guard that matched the code says which."""
    finding = (
        "E   train.py:2:5: [torch-load-map-location] RuntimeError: CUDA error: invalid device ordinal"
        " — fix: Always pass `map_location`"
    )
    top = search(runner, finding)[0]
    assert (top["key"], top["confident"]) == ("torch-load-map-location", True)
    bare = search(runner, "RuntimeError: CUDA error: invalid device ordinal")[0]
    assert (bare["key"], bare["confident"]) == ("torch-load-map-location", False)


def test_the_lines_cuda_prints_after_a_shared_message_are_no_evidence(runner: CliRunner) -> None:
    """torch follows every CUDA error with the same three lines: with them, an illegal memory access
    (mostly an indexing bug) was the Xid seed's confident known fault, and a user sent to dmesg."""
    paste = (
        "RuntimeError: CUDA error: an illegal memory access was encountered\n"
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace "
        "below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
    )
    result = kb("search", "--json", "-", input=paste)
    assert result.exit_code == 1 and not json.loads(result.stdout)["results"][0]["confident"]


def test_a_pytest_report_of_a_shared_message_names_every_fault_that_raises_it(runner: CliRunner) -> None:
    """The test body's words made two OOM seeds sure before the margin made them rivals, and the
    list of the faults that raise the message left out the entry whose symptom it is."""
    paste = (
        "=================================== FAILURES ===================================\n"
        "_______________________________ test_full_step _________________________________\n\n"
        "    def test_full_step():\n        model = build_model().cuda()\n        batch = make_batch(64)\n"
        ">       loss = model(**batch).loss\n"
        "E       torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB. GPU 0 has a total "
        "capacity of 15.77 GiB of which 612.38 MiB is free.\n\n"
        "tests/test_train.py:41: OutOfMemoryError\n"
    )
    named = {item["key"] for item in json.loads(kb("search", "--json", "-", input=paste).stdout)["one_of"]}
    assert {"cuda-oom-forward-vs-backward", "empty-cache-does-not-free-memory"} <= named


def test_numbers_of_the_line_itself_are_not_words_beyond_the_shared_message(runner: CliRunner) -> None:
    """The CSV entry's example is `Expected 3 fields in line 57, saw 4`: a paste of the same message
    that happens to name line 57 is no more the encoding fault than any other malformed row."""
    paste = "pandas.errors.ParserError: Error tokenizing data. C error: Expected 3 fields in line 57, saw 4"
    top = search(runner, paste)[0]
    assert (top["key"], top["confident"]) == ("read-csv-encoding", False)


def test_a_seeds_own_quoted_name_outside_a_shared_message_is_evidence(runner: CliRunner) -> None:
    """`evaluation_strategy` is what transformers renamed: the name is that seed's fault itself."""
    paste = "TypeError: TrainingArguments.__init__() got an unexpected keyword argument 'evaluation_strategy'"
    top = search(runner, paste)[0]
    assert (top["key"], top["confident"]) == ("transformers-version-not-pinned", True)


def test_a_libraries_generic_load_failure_recorded_by_a_team_is_not_claimed_for_another(
    runner: CliRunner,
) -> None:
    """A team recorded transformers' `You set ignore_mismatched_sizes to False` for a new label set,
    with the fix `ignore_mismatched_sizes=True`; a checkpoint loaded with another vocabulary size
    raises the same line, and kb was sure it was that fault, whose fix would quietly re-initialise
    the embeddings (the record-then-find audit)."""
    symptom = (
        "RuntimeError: You set `ignore_mismatched_sizes` to `False`, thus raising an error."
        " For details look at the above report!"
    )
    argv = ["add", "--new", "-k", "new-label-set", "-d", "model", "-s", symptom]
    assert kb(*argv, "-v", "python -c 'print(1)'", "-f", "pass ignore_mismatched_sizes=True").exit_code == 0
    top = search(runner, symptom)[0]
    assert (top["key"], top["confident"]) == ("new-label-set", False)


BACKWARD_TWICE = (
    "RuntimeError: Trying to backward through the graph a second time (or directly access saved "
    "tensors after they have already been freed). Saved intermediate values of the graph are freed "
    "when you call .backward() or autograd.grad()."
)


@pytest.mark.parametrize(
    "symptom",
    [
        BACKWARD_TWICE,
        # formatted in Rust: read from running safetensors (bench/background/library_messages.py)
        "safetensors._safetensors_rust.SafetensorError: Error while deserializing header: header too large",
        "Exception: invalid type: sequence, expected a map at line 34 column 1",  # tokenizers', by serde
        # a KeyError's kind: Python prints the message quoted, as it prints a KeyError's
        "zoneinfo._common.ZoneInfoNotFoundError: 'No time zone found with key PST'",
        # written by the exception class from its arguments, in its __init__
        "configparser.DuplicateOptionError: While reading from 'conf/train.ini' [line 15]: option "
        "'batch_size' in section 'train' already exists",
        "tomllib.TOMLDecodeError: Cannot declare ('train',) twice (at line 22, column 7)",  # by a builder
    ],
)
def test_a_teams_entry_recorded_from_a_librarys_message_is_a_lead_not_a_known_fault(
    symptom: str, runner: CliRunner
) -> None:
    """torch raises the first for every caller that backpropagates twice, safetensors the second for
    every file that is not a safetensors file (a torch.save zip, a .bin, a Git LFS pointer), the
    tokenizers library the third for any JSON with a list where it wants a map, the standard
    library the others for any such zone, file or table: a later paste of one, from any cause, is
    evidence that the library got there, not of the team's own cause. The values (`PST`,
    `batch_size`) say which object failed, not why."""
    added = kb(
        *("add", "-k", "aux-head-second-backward", "-d", "training", "-s", symptom),
        *("-v", "python -c 'import train; train.check_aux_detach()'", "-f", "detach the encoder output"),
    )
    assert added.exit_code == 0, added.output
    assert "kb: a library raises this message for any caller that gets there" in added.stderr
    assert "with `kb edit aux-head-second-backward`" in added.stderr
    top = search(runner, symptom)[0]
    assert (top["key"], top["confident"], top["doubt"]) == ("aux-head-second-backward", False, "library")
    shown = kb("search", symptom).stdout
    assert "A library raises this message for many causes; to test the first entry's cause" in shown
    assert "$ python -c 'import train; train.check_aux_detach()'" in shown


def test_a_librarys_message_pasted_without_its_class_is_still_the_librarys(runner: CliRunner) -> None:
    """sklearn prints `Input X contains NaN.` and, on the next line, advice without an exception
    class; copied alone, that second line reads like a person's description, but it is what sklearn
    says to every caller whose features hold a NaN, whatever put the NaN there."""
    symptom = (
        "ValueError: Input X contains NaN. Ridge does not accept missing values encoded as NaN natively."
        " (preceded by RuntimeWarning: invalid value encountered in log1p)"
    )
    added = kb("add", "-k", "log1p-refunds", "-d", "numerics", "-s", symptom, "-v", "ls", "-f", "clip it")
    assert added.exit_code == 0, added.output
    second_line = (
        "LinearRegression does not accept missing values encoded as NaN natively. For supervised learning,"
        " you might want to consider sklearn.ensemble.HistGradientBoostingClassifier and Regressor which"
        " accept missing values encoded as NaNs natively."
    )
    top = search(runner, second_line)[0]
    assert (top["key"], top["confident"], top["doubt"]) == ("log1p-refunds", False, "library")


def test_a_teams_own_message_is_its_known_fault(runner: CliRunner) -> None:
    symptom = "ShardManifestError: shard 12 of the webdataset manifest lists no samples"
    added = kb("add", "-k", "empty-shard", "-d", "data", "-s", symptom, "-v", "ls shards", "-f", "rebuild it")
    assert added.exit_code == 0, added.output
    assert "a library raises" not in added.stderr
    top = search(runner, "ShardManifestError: shard 3 of the webdataset manifest lists no samples")[0]
    assert (top["key"], top["confident"], top["doubt"]) == ("empty-shard", True, None)


def test_where_in_the_teams_code_a_librarys_message_comes_from_makes_it_their_known_fault(
    runner: CliRunner,
) -> None:
    symptom = "ValueError: Unable to configure root logger in setup_run_logging"
    added = kb("add", "-k", "run-logging", "-d", "logging", "-s", symptom, "-v", "ls logs", "-f", "mkdir")
    assert added.exit_code == 0 and "a library raises" not in added.stderr
    paste = (
        "Traceback (most recent call last):\n"
        '  File "/home/me/proj/train.py", line 12, in setup_run_logging\n'
        "    logging.config.dictConfig(config)\n"
        '  File "/usr/lib/python3.11/logging/config.py", line 581, in configure\n'
        "ValueError: Unable to configure root logger\n"
    )
    top = search(runner, paste)[0]
    assert (top["key"], top["confident"]) == ("run-logging", True)
    top = search(runner, "ValueError: Unable to configure root logger")[0]
    assert (top["key"], top["confident"]) == ("run-logging", False)


#: Both made by running the code they name (Python 3.11, torch 2.13, scikit-learn 1.7): a fitted
#: pipeline holding a lambda, pickled to disk, and a Dataset holding one, sent to spawned workers.
PICKLED_PIPELINE = """Traceback (most recent call last):
  File "/home/me/export_model.py", line 7, in <module>
    pickle.dump(build(), f)
AttributeError: Can't pickle local object 'build.<locals>.<lambda>'"""
SPAWNED_WORKERS = (
    "/venv/lib/python3.11/site-packages/torch/utils/data/dataloader.py:438: UserWarning: Got pickle error"
    " when attempting to start a worker Process. This might be because the worker Process arguments are"
    " not picklable. Python 3.14+ changed the multiprocessing start method in non-Mac POSIX platforms to"
    " 'forkserver', which requires the worker Process arguments to be picklable. You can also try"
    " multiprocessing.set_start_method('fork').\n"
    """  return _MultiProcessingDataLoaderIter(self)
Traceback (most recent call last):
  File "/home/me/train.py", line 10, in main
    for b in loader:
  File "/venv/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 438, in _get_iterator
    return _MultiProcessingDataLoaderIter(self)
  File "/venv/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 1176, in __init__
    w.start()
  File "/usr/lib/python3.11/multiprocessing/reduction.py", line 60, in dump
    ForkingPickler(file, protocol).dump(obj)
AttributeError: Can't pickle local object 'DS.__init__.<locals>.<lambda>'"""
)


@pytest.mark.parametrize(("paste", "sure"), [(PICKLED_PIPELINE, False), (SPAWNED_WORKERS, True)])
def test_a_lambda_that_does_not_pickle_is_the_dataloader_fault_only_where_workers_pickle_it(
    runner: CliRunner, paste: str, sure: bool
) -> None:
    """Any pickling of a lambda raises the message; the DataLoader's own warning is its evidence."""
    top = search(runner, paste)[0]
    assert (top["key"], top["confident"]) == ("dataloader-unpicklable-object", sure)
