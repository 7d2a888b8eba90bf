"""What kb add proposes from a symptom: a key and tags that name the fault, not one occurrence of it."""

from __future__ import annotations

import pytest

from kb.capture.suggestions import suggest_tags
from kb.entry.content import key_from_symptom


@pytest.mark.parametrize(
    ("symptom", "key"),
    [
        (
            "ValueError: Expected input batch_size (32) to match target batch_size (64).",
            "valueerror-expected-input-batch-size-match",
        ),
        (
            "RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1269,"
            " unhandled system error, NCCL version 2.18.1",
            "runtimeerror-nccl-unhandled-system-version",
        ),
        (
            "OSError: [Errno 24] Too many open files: '/data/shard_0099.arrow'",
            "oserror-errno-too-many-open-files",
        ),
        (
            "RuntimeError: CUDA error: device-side assert triggered",
            "runtimeerror-cuda-device-side-assert-triggered",
        ),
        ("Segmentation fault at 0x7f3a9c00", "segmentation-fault"),
        (
            "RuntimeError: Error(s) in loading state_dict for Classifier:",
            "runtimeerror-loading-state-dict-classifier",
        ),
    ],
)
def test_a_derived_key_leaves_out_what_differs_between_occurrences(symptom: str, key: str) -> None:
    """Keys read `valueerror-expected-input-batch-size-32` and `nccl-unhandled-system-nccl-version-2`."""
    assert key_from_symptom(symptom) == key


@pytest.mark.parametrize(
    ("symptom", "key"),
    [
        ("KeyError: 'weight_decay'", "keyerror-weight-decay"),
        (
            "AttributeError: 'list' object has no attribute 'foo'",
            "attributeerror-list-object-has-no-attribute-foo",
        ),
        ('KeyError: "learning_rate"', "keyerror-learning-rate"),
    ],
)
def test_a_derived_key_keeps_the_quoted_name_that_makes_the_fault_itself(symptom: str, key: str) -> None:
    """`KeyError: 'weight_decay'` became `keyerror`, then `keyerror-2`."""
    assert key_from_symptom(symptom) == key


def test_a_symptom_in_another_script_is_named_by_the_cause_path_tags_or_domain() -> None:
    """A key is ASCII: `训练时显存不足` gave `entry`, and every such entry after it `entry-2`, `entry-3`."""
    assert key_from_symptom("训练时显存不足", otherwise=("显存 > 碎片", "CUDA 显存", "hardware")) == "cuda"
    assert key_from_symptom("训练时显存不足", otherwise=("", "", "hardware")) == "hardware"
    assert key_from_symptom("训练时显存不足 第3次", otherwise=("", "", "hardware")) == "hardware"
    assert key_from_symptom("RuntimeError: 显存不足", otherwise=("", "", "hardware")) == "runtimeerror"
    assert key_from_symptom("训练时显存不足") == "entry"
    assert key_from_symptom("第3个epoch时显存不足") == "epoch"  # not `3epoch`: 个 parts them
    assert key_from_symptom("Échec du chargement") == "echec-du-chargement"


@pytest.mark.parametrize(
    ("symptom", "left_out"),
    [
        ("FileNotFoundError: shard_0042.arrow is missing from data.shards", "shard_0042.arrow"),
        ("modified by an inplace operation.To fix it, call x.clone()", "operation.To"),
        ("error in ../c10d/ProcessGroupNCCL.cpp:1269", "ProcessGroupNCCL.cpp"),
        ("layer_12.weight has NaN", "layer_12.weight"),
    ],
)
def test_suggested_tags_leave_out_files_numbers_and_run_together_sentences(
    symptom: str, left_out: str
) -> None:
    assert left_out not in suggest_tags(symptom)


def test_suggested_tags_keep_the_names_of_the_api() -> None:
    tags = suggest_tags("RuntimeError in torch.nn.functional.softmax with batch_size too large")
    assert "torch.nn.functional.softmax" in tags and "batch_size" in tags
