"""Real pastes of every shape: the line that decides, and the other lines a paste might be about.

Each paste in tests/unit/text/pastes is copied from the public thread named beside it here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.text.paste import find_decisive

PASTES = Path(__file__).resolve().parent / "pastes"

#: paste file → the thread it was copied from.
SOURCES = {
    "tensorrt_knock_on.txt": "https://github.com/NVIDIA-AI-IOT/torch2trt/issues/555",
    "tensorrt_knock_on_other.txt": "https://github.com/Stephenfang51/tracklite/issues/22",
    "nccl_banner_then_watchdog.txt": "https://github.com/pytorch/pytorch/issues/134006",
    "nccl_what.txt": "https://github.com/huggingface/picotron_tutorial/issues/6",
    "nvcc_in_make_log.txt": "https://github.com/pytorch/pytorch/issues/49528",
    "rich_box.txt": "https://github.com/Textualize/rich/issues/3581",
    "untagged_enum_no_prefix.txt": "https://github.com/lllyasviel/FramePack/issues/147",
    "stripped_indentation.txt": "https://github.com/marduk191/ComfyUI-Fluxpromptenhancer/issues/3",
    "pip_indented_traceback.txt": "https://github.com/deepspeedai/DeepSpeed/issues/2902",
    "bare_exception_message.txt": "https://github.com/PKUHaoWang/EmbodiedOcc2/issues/6",
    "bracketed_error_level.txt": "https://github.com/NVIDIA/TensorRT-LLM/issues/107",
    "description_title_and_body.txt": "https://github.com/artidoro/qlora/issues/223",
}


def paste(name: str) -> str:
    return (PASTES / name).read_text(encoding="utf-8")


def test_every_paste_names_its_thread() -> None:
    assert {path.name for path in PASTES.glob("*.txt")} == set(SOURCES)


@pytest.mark.parametrize("name", ["tensorrt_knock_on.txt", "tensorrt_knock_on_other.txt"])
def test_an_error_logged_above_a_knock_on_exception_is_a_candidate(name: str) -> None:
    decisive = find_decisive(paste(name))
    assert decisive.line.startswith("AttributeError: 'NoneType' object has no attribute")
    assert ("[TensorRT] ERROR: Network must have at least one output", "") in decisive.candidates


def test_a_launcher_banner_is_never_the_decisive_line() -> None:
    decisive = find_decisive(paste("nccl_banner_then_watchdog.txt"))
    lines = [decisive.line, *(line for line, _ in decisive.candidates)]
    assert "ChildFailedError" not in decisive.line and "FAILED" not in decisive.line
    assert any(line.startswith("[Rank 0] Watchdog caught collective operation timeout") for line in lines)
    assert not any(line.startswith(("[rank0]", "[E820", "srun:", "Root Cause")) for line in lines)


def test_a_cpp_what_line_decides_and_the_glog_prefix_goes() -> None:
    decisive = find_decisive(paste("nccl_what.txt"))
    assert decisive.line.startswith("[Rank 2] NCCL watchdog thread terminated with exception")


def test_a_build_log_is_decided_by_its_first_fatal_line() -> None:
    decisive = find_decisive(paste("nvcc_in_make_log.txt"))
    assert decisive.line == "nvcc fatal   : Unsupported gpu architecture 'compute_30'"


def test_a_rich_box_traceback_ends_in_its_exception() -> None:
    decisive = find_decisive(paste("rich_box.txt"))
    assert decisive.line == "ZeroDivisionError: division by zero"
    assert decisive.exception_type == "ZeroDivisionError"


def test_pytest_failure_lines_and_cr_line_endings_keep_their_shape() -> None:
    text = paste("tensorrt_knock_on.txt").replace("\n", "\r")
    assert find_decisive(text).line == find_decisive(paste("tensorrt_knock_on.txt")).line
    pytest_style = "\n".join(f"E       {line}" for line in paste("rich_box.txt").splitlines()[-1:])
    assert find_decisive(pytest_style).exception_type == "ZeroDivisionError"


def test_a_traceback_flattened_onto_one_line_is_read_as_one() -> None:
    flat = " ".join(paste("tensorrt_knock_on.txt").split("\n")[5:])
    decisive = find_decisive("Building the engine fails " + flat)
    assert decisive.line == "AttributeError: 'NoneType' object has no attribute 'create_execution_context'"


def test_a_traceback_whose_last_line_names_no_exception_type() -> None:
    decisive = find_decisive(paste("untagged_enum_no_prefix.txt"))
    message = "data did not match any variant of untagged enum ModelWrapper at line 1251019 column 3"
    assert decisive.line == message
    stripped = "\n".join(line.strip() for line in paste("untagged_enum_no_prefix.txt").splitlines())
    assert find_decisive(stripped).line == decisive.line  # a forum ate the indentation


def test_a_message_above_frames_that_lost_their_indentation() -> None:
    decisive = find_decisive(paste("stripped_indentation.txt"))
    lines = [decisive.line, *(line for line, _ in decisive.candidates)]
    wanted = "data did not match any variant of untagged enum PyPreTokenizerTypeWrapper at line 951 column 3"
    assert wanted in lines or wanted in decisive.line


def test_a_traceback_pip_indented_inside_its_output_block() -> None:
    decisive = find_decisive(paste("pip_indented_traceback.txt"))
    assert decisive.line.startswith("Exception: >- DeepSpeed Op Builder: Installed CUDA version 12.0")
    assert decisive.exception_type == "Exception"


def test_an_exception_whose_message_is_on_the_lines_below() -> None:
    decisive = find_decisive(paste("bare_exception_message.txt"))
    assert decisive.line.startswith("RuntimeError: The detected CUDA version (12.2) mismatches the version")


def test_a_bracketed_error_level_beats_a_bare_error_word() -> None:
    decisive = find_decisive(paste("bracketed_error_level.txt"))
    assert "getPluginCreator could not find plugin" in decisive.line
    assert all(line != "ERROR:" for line, _ in decisive.candidates)


def test_a_traceback_buried_deep_in_a_huge_log_is_found() -> None:
    line = "2026-11-29 10:00:00,000 INFO trainer step 1 loss 0.5 lr 3e-4 grad_norm 1.5\n"
    filler = line * (3_000_000 // len(line))
    text = filler + paste("rich_box.txt") + filler  # the run went on logging for 3 MB after it
    assert len(text) > 2 * 3_000_000
    assert find_decisive(text).line == "ZeroDivisionError: division by zero"
