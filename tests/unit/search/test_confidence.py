"""A confident answer means the paste is evidence of that fault: not of its exception type, not of a
subject named in a word, not of a message several faults share.

Through the real search route (`kb search` as the console script runs it), on the seeded knowledge
base with the shipped background of everyday errors.
"""

from __future__ import annotations

import io
import json
import sys

import pytest

from kb.cli.fast_search import main, subject_line


def search(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, object], str]:
    code = main(["--json", *argv])
    out = capsys.readouterr().out
    return code, json.loads(out), out


def text_search(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def keys(data: dict[str, object]) -> list[str]:
    return [str(result["key"]) for result in data["results"]]  # type: ignore[attr-defined]


def confident(data: dict[str, object]) -> list[bool]:
    return [bool(result["confident"]) for result in data["results"]]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "paste",
    [
        "IndexError: list index out of range",
        "AttributeError: 'list' object has no attribute 'argmax'",
        "FileNotFoundError: [Errno 2] No such file or directory: 'configs/train.yaml'",
        "ValueError: could not convert string to float: 'n/a'",
        "PermissionError: [Errno 13] Permission denied: '/data/out/model.pt'",
        # any client of a server that is not up (not that it listens on 127.0.0.1 alone)
        "ConnectionRefusedError: [Errno 111] Connection refused",
        "urllib.error.URLError: <urlopen error [Errno 111] Connection refused>",
        # the same from the HTTP clients most programs use instead of urllib
        "httpx.ConnectError: [Errno 111] Connection refused",
        "requests.exceptions.ConnectionError: HTTPConnectionPool(host='localhost', port=8000): Max retries "
        "exceeded with url: /predict (Caused by NewConnectionError(\"HTTPConnection(host='localhost', "
        'port=8000): Failed to establish a new connection: [Errno 111] Connection refused"))',
    ],
)
def test_an_everyday_error_is_never_a_known_fault(capsys: pytest.CaptureFixture[str], paste: str) -> None:
    code, data, _ = search(capsys, paste)
    assert code == 1
    assert not any(confident(data))


def test_a_librarys_message_as_its_class_prints_it_is_no_seeds_evidence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`read-csv-encoding` is pandas reading a file that starts with a BOM. json refuses such a file in
    its own words, which its JSONDecodeError prints inside `…: line 1 column 1 (char 0)`: the words
    `utf-8-sig` and `BOM` are json's message, not evidence of pandas' fault."""
    try:
        json.loads("\ufeff" + json.dumps({"lr": 3e-4}))
    except json.JSONDecodeError as error:
        paste = f"json.decoder.JSONDecodeError: {error}"
    _, data, _ = search(capsys, paste)
    assert not any(confident(data))


@pytest.mark.parametrize(
    "paste, key",
    [
        ("IndexError: Target 5 is out of bounds.", "cross-entropy-label-out-of-range"),
        (
            "FileNotFoundError: [Errno 2] No usable temporary directory found in ['/tmp', '/var/tmp', "
            "'/usr/tmp', '/workspace']",
            "docker-tmp-not-writable",
        ),
    ],
)
def test_the_part_that_makes_it_this_fault_makes_it_confident(
    capsys: pytest.CaptureFixture[str], paste: str, key: str
) -> None:
    code, data, _ = search(capsys, paste)
    assert (code, keys(data)[0], confident(data)[0]) == (0, key, True)


def test_an_error_that_reads_unlike_every_form_of_an_entry_is_not_that_fault(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """It shares `tokenizer`, `token` and `vocabulary` with the padding-side entry's variant and prose,
    and was that fault's confident answer; the entry still comes first, with its check to run."""
    code, data, _ = search(capsys, "ValueError: tokenizer vocabulary has 3 extra tokens")
    assert code == 1 and not any(confident(data))
    code, out = text_search(capsys, "ValueError: tokenizer vocabulary has 3 extra tokens")
    assert "To test the first entry's cause, run its check:" in out


def test_the_users_class_name_does_not_decide_whether_kb_is_sure(capsys: pytest.CaptureFixture[str]) -> None:
    """`int is not a Module subclass` is everyday (any non-module passed to nn.Sequential); a class of
    the user's `__main__` is the custom-layer fault, whatever the class is called. The name's words,
    which nothing kb holds, counted against the entry."""
    for name in ("Gate", "FusedGate"):
        code, data, _ = search(capsys, f"TypeError: __main__.{name} is not a Module subclass")
        assert (code, keys(data)[0], confident(data)[0]) == (0, "custom-layer-not-nn-module", True)
    code, data, _ = search(capsys, "TypeError: float is not a Module subclass")
    assert code == 1 and not any(confident(data))


@pytest.mark.parametrize(
    "paste", ["[nan, nan, nan]], grad_fn=<SigmoidBackward0>)", "[nan, inf, nan]], grad_fn=<LogBackward0>)"]
)
def test_a_printed_tensor_row_is_no_description_to_be_sure_of(
    capsys: pytest.CaptureFixture[str], paste: str
) -> None:
    """The last line of a run that printed a tensor before it failed: `nan` is what the run printed,
    not a word of a person's, and was read as a description kb could be sure of."""
    code, data, _ = search(capsys, paste)
    assert code == 1 and not any(confident(data))
    assert keys(data)[0] == "log-of-zero-after-sigmoid"  # still listed first, only not claimed


#: `out of bounds` is two words that say something: `of` says nothing, as in a search's own words.
@pytest.mark.parametrize("query", ["cuda", "nccl", "cuda oom", "out of bounds", "the nccl timeout"])
def test_a_word_or_two_lists_what_it_names_and_is_never_sure_of_one(
    capsys: pytest.CaptureFixture[str], query: str
) -> None:
    code, data, _ = search(capsys, query)
    assert code == 1
    assert data["results"], "a subject lists the entries that name it"
    assert not any(confident(data))


@pytest.mark.parametrize(
    "query",
    ["pip install fails", "model accuracy dropped", "the loss went negative", "gpu memory keeps growing"],
)
def test_a_complaint_in_a_few_words_is_listed_never_claimed(
    capsys: pytest.CaptureFixture[str], query: str
) -> None:
    """Each was "confident" about one seed whose prose shares two of its words (`pip install` in a
    fix, `accuracy drops` in the tokenizer entry's variant): many faults fit such a complaint."""
    code, data, _ = search(capsys, query)
    assert code == 1 and data["results"] and not any(confident(data))
    _, out = text_search(capsys, query)
    assert "Many faults fit a few words; to test the first entry's cause, run its check:" in out


def test_a_description_that_says_what_was_seen_can_still_be_sure(capsys: pytest.CaptureFixture[str]) -> None:
    code, data, _ = search(capsys, "validation accuracy drops on the server with the same weights")
    assert code == 0 and keys(data)[0] == "tokenizer-add-prefix-space-version-drift" and confident(data)[0]


def test_a_subject_is_listed_as_one_not_as_a_fault_to_settle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = text_search(capsys, "cuda")
    assert code == 1
    assert out.startswith("The 5 entries that name it most (-n N shows up to N); paste the error itself")
    assert "No confident match" not in out and "To test the first entry" not in out


def test_how_many_entries_name_a_subject_is_said_only_when_all_of_them_came_back(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`kb search cuda` once said "5 entries name it" where 37 seeds do: the 5 were the limit."""
    _, data, _ = search(capsys, "--limit", "60", "cuda")
    named = len(data["results"])  # type: ignore[arg-type]
    assert 5 < named < 60
    _, out = text_search(capsys, "--limit", "60", "cuda")
    assert out.startswith(f"{named} entries name it; ")
    _, out = text_search(capsys, "nccl")
    assert out.startswith("1 entry names it; ")
    assert subject_line(3, 3) == "The 3 entries that name it most (-n N shows up to N)"
    assert subject_line(1, 1) == "The entry that names it most (-n N shows up to N)"
    assert subject_line(2, 3) == subject_line(2) == "2 entries name it"


def test_a_subject_is_named_only_by_entries_that_hold_all_of_its_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`nccl timeout`: most entries listed hold `timeout` alone; they match it, they do not name it."""
    code, out = text_search(capsys, "nccl timeout")
    assert code == 1 and out.startswith("The 5 entries that match it most")
    code, out = text_search(capsys, "nccl")
    assert code == 1 and out.startswith("1 entry names it; ")


def test_cuda_lists_cuda_faults(capsys: pytest.CaptureFixture[str]) -> None:
    _, data, _ = search(capsys, "--limit", "5", "cuda")
    assert len(data["results"]) == 5  # type: ignore[arg-type]
    for result in data["results"]:  # type: ignore[attr-defined]
        text = " ".join(str(result[field]) for field in ("key", "symptom", "validation", "fix", "root_cause"))
        assert "cuda" in text.lower()


DEVICES = (
    "RuntimeError: Expected all tensors to be on the same device, "
    "but found at least two devices, cuda:0 and cpu!"
)


def test_a_message_several_faults_raise_is_one_of_them_with_the_checks_that_tell_them_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, data, _ = search(capsys, DEVICES)
    assert code == 1 and not any(confident(data))
    shared = data["one_of"]
    assert isinstance(shared, list) and len(shared) >= 2
    assert {item["key"] for item in shared} >= {"torch-cat-mixed-devices", "custom-layer-not-nn-module"}
    assert all(item["validation"] for item in shared)

    code, out = text_search(capsys, DEVICES)
    assert "No confident match" not in out
    assert out.startswith("One of ") and "each of their checks gives a verdict on its own cause" in out
    assert "torch-cat-mixed-devices:" in out and "custom-layer-not-nn-module:" in out


def test_a_generic_face_of_several_faults_names_them_all_and_is_sure_of_none(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`device-side assert` is what a label out of range, an embedding too small and other index
    faults look like on a GPU: the entry about the generic message does not settle which it is."""
    code, data, _ = search(capsys, "RuntimeError: CUDA error: device-side assert triggered")
    assert code == 1 and not any(confident(data))
    assert keys(data)[0] == "cuda-device-side-assert"
    named = {item["key"] for item in data["one_of"]}  # type: ignore[attr-defined]
    assert named == {
        "cuda-device-side-assert",
        "cross-entropy-label-out-of-range",
        "vocab-size-num-embeddings-mismatch",
    }

    _, one, _ = search(capsys, "-n", "1", "RuntimeError: CUDA error: device-side assert triggered")
    assert len(one["results"]) == 1 and one["one_of"] == data["one_of"]  # type: ignore[arg-type]


def test_a_paste_with_one_answer_has_no_one_of(capsys: pytest.CaptureFixture[str]) -> None:
    _, data, _ = search(capsys, "IndexError: Target 5 is out of bounds.")
    assert data["one_of"] == []


def test_a_whole_traceback_of_an_everyday_error_in_training_code_is_not_a_known_fault(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    paste = (
        "epoch 1/10 step 20 loss 0.6931\n"
        "Traceback (most recent call last):\n"
        '  File "/home/me/proj/train.py", line 88, in <module>\n'
        "    main()\n"
        '  File "/home/me/proj/train.py", line 71, in main\n'
        "    batch = batches[step]\n"
        "IndexError: list index out of range\n"
    )
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(paste.encode()), encoding="utf-8"))
    code, data, _ = search(capsys, "-")
    assert code == 1 and not any(confident(data))


@pytest.mark.parametrize(
    "wrapper",
    [
        "subprocess.CalledProcessError: Command '['python', 'train.py']' returned non-zero exit status 1.",
        "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 1 (pid: 4242)"
        " of binary: /usr/bin/python3",
    ],
)
def test_a_wrappers_words_are_no_evidence_beyond_a_shared_message(
    capsys: pytest.CaptureFixture[str], wrapper: str
) -> None:
    """`non` of "non-zero exit status" (the audio entry says "non-singleton") and `failure` of
    torchrun's summary made a shared shape message sure of the audio sample-rate entry."""
    alone = "RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)"
    _, data, _ = search(capsys, alone)
    assert not any(confident(data))
    _, wrapped, _ = search(capsys, f"{alone}\n{wrapper}")
    assert not any(confident(wrapped)) and keys(wrapped)[:1] == keys(data)[:1]


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        (["output", "exit 0"], "each of their checks gives a verdict on its own cause"),
        (["output", "nothing", "nothing"], "the check of 1 gives a verdict, the other 2 print what to read"),
        (["output", "exit 0", ""], "the checks of 2 give a verdict, the other one prints what to read"),
        (["nothing", ""], "none of their checks gives a verdict alone: read what each prints"),
    ],
)
def test_one_of_says_their_checks_tell_them_apart_only_when_each_gives_a_verdict(
    rules: list[str], said: str
) -> None:
    from types import SimpleNamespace

    from kb.search.lookup import SearchResponse

    group = tuple(
        SimpleNamespace(
            candidate=SimpleNamespace(record={"validation": "true", "check_rule": {"confirms": rule}})
        )
        for rule in rules
    )
    response = SearchResponse(None, [], None, None, group)  # type: ignore[arg-type]
    assert response.one_of_apart() == said


def test_a_shared_message_is_as_unsure_in_a_notebook_or_a_pytest_report_as_in_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A wrong-shaped Linear, as Python, IPython and pytest report it: the source lines the last two
    show (`nn.Linear(512, 10)`) made the audio entry that raises the same message a known fault."""
    from tests.unit.text.test_paste import IPYTHON, NBCONVERT, PYTEST_LONG

    plain = (
        "Traceback (most recent call last):\n"
        '  File "/srv/job/probe.py", line 3, in <module>\n'
        "    logits = head(feats)\n"
        "RuntimeError: mat1 and mat2 shapes cannot be multiplied (32x2048 and 512x10)\n"
    )
    answers = []
    for paste in (plain, IPYTHON, PYTEST_LONG, NBCONVERT):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(paste.encode()), encoding="utf-8"))
        _, data, _ = search(capsys, "-")
        answers.append((keys(data)[0], confident(data)[0], data["results"][0]["doubt"]))  # type: ignore[index]
    assert answers[0][1:] == (False, "shared")
    assert answers == [answers[0]] * 4


@pytest.mark.parametrize(
    "paste",
    [
        "AttributeError: 'Sequential' object has no attribute 'fc'",
        "AttributeError: 'ResNetHead' object has no attribute 'fcc'. Did you mean: 'fc'?",
    ],
)
def test_another_objects_missing_attribute_is_not_the_entry_that_quotes_the_attribute(
    capsys: pytest.CaptureFixture[str], paste: str
) -> None:
    """Replacing `model.fc` on a model that has none is everyday; the DataParallel entry's variant
    quotes `'DataParallel' object has no attribute 'fc'`, and the shared `fc` made it the known fault."""
    _, data, _ = search(capsys, paste)
    assert keys(data)[0] == "dataparallel-grads-none" and not confident(data)[0]
    for wrapped_model in ("'fc'", "'encode_batch'"):  # the wrapper hides any attribute: the same fault
        _, wrapped, _ = search(
            capsys, f"AttributeError: 'DataParallel' object has no attribute {wrapped_model}"
        )
        assert keys(wrapped)[0] == "dataparallel-grads-none" and confident(wrapped)[0]
