"""The environment baseline and its redaction: fake environ, nvidia-smi and version lookup, no GPU needed."""

from __future__ import annotations

import json
import os
import string
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kb.capture.environment
from kb.capture.environment import (
    GPU_QUERY,
    Baseline,
    capture_baseline,
    installed_version,
    parse_gpus,
    run_command,
)
from kb.entry.redaction import REDACTED, is_secret_name, redact, redact_text

SEED = Path(__file__).resolve().parent.parent / "seed_entries"

GPU_CSV = """NVIDIA A100-SXM4-80GB, 535.104.05, 81920 MiB
NVIDIA A100-SXM4-80GB, 535.104.05, 81920 MiB
"""

SMI_TABLE = """Tue Jan 16 10:00:00 2024
+---------------------------------------------------------------------------------------+
| NVIDIA-SMI 535.104.05             Driver Version: 535.104.05   CUDA Version: 12.2     |
|-----------------------------------------+----------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |
"""


class FakeSmi:
    """nvidia-smi as a test wants it: answers for the GPU query and the plain table, and a call log."""

    def __init__(self, query: str | None = GPU_CSV, table: str | None = SMI_TABLE) -> None:
        self.query = query
        self.table = table
        self.calls: list[list[str]] = []

    def __call__(self, argv: list[str]) -> str | None:
        self.calls.append(argv)
        return self.query if argv == list(GPU_QUERY) else self.table


def absent(argv: list[str]) -> str | None:
    return None


def versions_of(**installed: str) -> dict[str, str]:
    """Keyword names use `_` for `-`: nvidia_cudnn_cu12="8.9.2.26"."""
    return {name.replace("_", "-"): version for name, version in installed.items()}


def capture(
    environ: dict[str, str] | None = None,
    run: FakeSmi | None = None,
    installed: dict[str, str] | None = None,
) -> Baseline:
    lookup = installed or {}
    return capture_baseline(environ=environ or {}, run=run or absent, versions=lookup.get)


# --- GPUs and CUDA -----------------------------------------------------------------------------------


def test_gpus_are_parsed_from_the_nvidia_smi_csv() -> None:
    smi = FakeSmi()
    baseline = capture(run=smi)
    assert baseline.gpus == ("NVIDIA A100-SXM4-80GB, driver 535.104.05, 81920 MiB",) * 2
    assert list(GPU_QUERY) in smi.calls
    assert len(smi.calls) <= 2


def test_gpu_lines_that_are_not_three_fields_are_skipped() -> None:
    csv = "No devices were found\nTesla T4, 470.82.01, [N/A]\n\n, 1.0, 1 MiB\n"
    assert parse_gpus(csv) == ("Tesla T4, driver 470.82.01",)
    assert parse_gpus(None) == ()


def test_absent_nvidia_smi_gives_no_gpus_and_no_cuda() -> None:
    baseline = capture(run=None)
    assert baseline.gpus == ()
    assert baseline.cuda is None
    assert "GPU: none found by nvidia-smi" in baseline.as_text()


def test_the_cuda_version_comes_from_the_nvidia_smi_header() -> None:
    assert capture(run=FakeSmi()).cuda == "12.2"


def test_either_nvidia_smi_call_may_fail() -> None:
    assert capture(run=FakeSmi(query=None)).cuda == "12.2"
    only_query = capture(run=FakeSmi(table=None))
    assert only_query.cuda is None and len(only_query.gpus) == 2


def test_without_nvidia_smi_the_cuda_version_comes_from_the_runtime_wheel() -> None:
    installed = versions_of(torch="2.3.1", nvidia_cuda_runtime_cu12="12.1.105")
    assert capture(installed=installed).cuda == "12.1"
    assert capture(run=FakeSmi(), installed=installed).cuda == "12.2"  # the header wins


# --- packages ----------------------------------------------------------------------------------------


def test_packages_are_read_through_the_version_lookup_and_only_installed_ones_kept() -> None:
    asked: list[str] = []

    def lookup(name: str) -> str | None:
        asked.append(name)
        return versions_of(transformers="4.41.2", torch="2.3.1+cu121", nvidia_cudnn_cu12="8.9.2.26").get(name)

    baseline = capture_baseline(environ={}, run=absent, versions=lookup)
    assert baseline.packages == {
        "torch": "2.3.1+cu121",
        "transformers": "4.41.2",
        "nvidia-cudnn-cu12": "8.9.2.26",
    }
    assert list(baseline.packages) == ["torch", "transformers", "nvidia-cudnn-cu12"]  # the listed order
    assert {"torch", "tensorflow", "jax", "numpy", "nvidia-cuda-runtime-cu12"} <= set(asked)


def test_the_default_lookup_reads_installed_metadata() -> None:
    import hypothesis

    assert installed_version("hypothesis") == hypothesis.__version__
    assert installed_version("no-such-distribution-kb-test") is None


def test_capturing_for_real_reads_torch_metadata_without_importing_torch(tmp_path: Path) -> None:
    """A fake torch whose import fails: capture_baseline() must still report its version."""
    site = tmp_path / "site"
    (site / "torch").mkdir(parents=True)
    (site / "torch" / "__init__.py").write_text("raise ImportError('kb imported torch')\n")
    (site / "torch-2.3.1.dist-info").mkdir()
    (site / "torch-2.3.1.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: torch\nVersion: 2.3.1\n"
    )
    code = (
        "import json, sys\n"
        "from kb.capture.environment import capture_baseline\n"
        "baseline = capture_baseline()\n"
        "print(json.dumps({'imported': 'torch' in sys.modules, 'packages': baseline.packages}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(site)},
        timeout=60,
    )
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["imported"] is False
    assert report["packages"]["torch"] == "2.3.1"


# --- the real runner ---------------------------------------------------------------------------------


def test_the_real_runner_returns_stdout() -> None:
    assert run_command([sys.executable, "-c", "print('ok')"]) == "ok\n"


@pytest.mark.parametrize(
    "argv",
    [["kb-test-no-such-command-anywhere"], [sys.executable, "-c", "import sys; sys.exit(3)"]],
    ids=["missing", "failing"],
)
def test_the_real_runner_returns_none_when_a_command_is_missing_or_fails(argv: list[str]) -> None:
    assert run_command(argv) is None


def test_the_real_runner_gives_up_after_its_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kb.capture.environment, "NVIDIA_SMI_TIMEOUT", 0.2)
    assert run_command([sys.executable, "-c", "import time; time.sleep(30)"]) is None


# --- environment variables ---------------------------------------------------------------------------

ENVIRON = {
    "CUDA_VISIBLE_DEVICES": "0,1",
    "PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True",
    "NCCL_SOCKET_IFNAME": "eth0",
    "NCCL_DEBUG": "INFO",
    "TORCH_DISTRIBUTED_DEBUG": "DETAIL",
    "HF_HOME": "/mnt/cache/hf",
    "HF_TOKEN": "hf_" + "a1B2c3D4e5" * 3 + "xyzw",
    "TRANSFORMERS_OFFLINE": "1",
    "OMP_NUM_THREADS": "8",
    "LD_LIBRARY_PATH": "/usr/local/cuda-12.2/lib64:/usr/local/nvidia/lib:/usr/local/nvidia/lib64",
    "MASTER_ADDR": "10.0.0.7",
    "MASTER_PORT": "29500",
    "WANDB_API_KEY": "0123456789abcdef0123456789abcdef01234567",
    "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "HOME": "/home/me",
    "PATH": "/usr/bin",
    "PWD": "/work",
    "SSH_AUTH_SOCK": "/tmp/ssh-agent.sock",
}


def test_only_relevant_environment_variables_are_kept() -> None:
    env = capture(environ=ENVIRON).env
    assert set(env) == {
        "CUDA_VISIBLE_DEVICES",
        "PYTORCH_CUDA_ALLOC_CONF",
        "NCCL_SOCKET_IFNAME",
        "NCCL_DEBUG",
        "TORCH_DISTRIBUTED_DEBUG",
        "HF_HOME",
        "HF_TOKEN",
        "TRANSFORMERS_OFFLINE",
        "OMP_NUM_THREADS",
        "LD_LIBRARY_PATH",
        "MASTER_ADDR",
        "MASTER_PORT",
    }
    assert env["CUDA_VISIBLE_DEVICES"] == "0,1"
    assert env["LD_LIBRARY_PATH"] == ENVIRON["LD_LIBRARY_PATH"]


def test_secret_names_are_redacted_and_innocent_ones_kept() -> None:
    env = capture(environ=ENVIRON).env
    assert env["HF_TOKEN"] == REDACTED
    assert env["NCCL_SOCKET_IFNAME"] == "eth0"
    assert "WANDB_API_KEY" not in env
    assert not any(ENVIRON[secret] in repr(env) for secret in ("HF_TOKEN", "WANDB_API_KEY"))


@pytest.mark.parametrize(
    "name",
    [
        "HF_TOKEN",
        "HUGGING_FACE_HUB_TOKEN",
        "WANDB_API_KEY",
        "AWS_SECRET_ACCESS_KEY",
        "OPENAI_API_KEY",
        "DB_PASSWORD",
        "MYSQL_PASSWD",
        "GOOGLE_APPLICATION_CREDENTIALS",
        "GITHUB_AUTH",
        "Authorization",
        "SESSION_COOKIE",
        "flask_session",
        "awsSecretAccessKey",
        "hf_api_token",
    ],
)
def test_secret_looking_names_redact_any_value(name: str) -> None:
    assert is_secret_name(name)
    assert redact(name, "plain") == REDACTED


@pytest.mark.parametrize(
    "name",
    [
        "NCCL_SOCKET_IFNAME",
        "TOKENIZERS_PARALLELISM",
        "PWD",
        "max_new_tokens",
        "missing_keys",
        "pad_token",
        "eos_token_id",
        "key",
        "KEYBOARD_LAYOUT",
        "CUDA_VISIBLE_DEVICES",
    ],
)
def test_innocent_names_keep_innocent_values(name: str) -> None:
    assert not is_secret_name(name)
    assert redact(name, "eth0") == "eth0"


@pytest.mark.parametrize(
    "value",
    [
        "https://user:pw@host",
        "redis://:hunter2@cache:6379/0",
        "hf_" + "AbCdEfGhIj" * 3 + "kl",
        "sk-proj-" + "Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8",
        "ghp_" + "A1b2C3d4E5f6" * 3,
        "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
        "AKIAIOSFODNN7EXAMPLE",
        "xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy",
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        "0123456789abcdef0123456789abcdef01234567",
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "q8ZtL3vR1xN7bK2mW9cJ4hF6gD0sA5pY",
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA\n-----END OPENSSH PRIVATE KEY-----",
        "--token=x --password hunter2",
    ],
)
def test_credential_looking_values_are_redacted_under_innocent_names(value: str) -> None:
    assert redact("MASTER_ADDR", value) == REDACTED


@pytest.mark.parametrize(
    "value",
    [
        "10.0.0.7",
        "max_split_size_mb:128,expandable_segments:True",
        "/usr/local/cuda-12.2/lib64:/usr/local/nvidia/lib64:/usr/lib/x86_64-linux-gnu",
        "/usr/local/cuda/extras/CUPTI/lib64",
        "meta-llama/Meta-Llama-3-70B-Instruct",
        "Qwen2-VL-72B-Instruct-GPTQ-Int4_quantized",
        "OpenGVLab/InternVL2-Llama3-76B-AWQ",
        "Wav2Vec2ForSequenceClassification",
        "sm80_xmma_gemm_f16f16_f16f32_f32_nn_n_tilesize128x128x32",
        "TORCH_NCCL_HIGH_PRIORITY_STREAMS",
        "mlx5_0:1,mlx5_1:1",
        "https://huggingface.co/api/models",
    ],
)
def test_ordinary_values_are_kept(value: str) -> None:
    assert redact("HF_ENDPOINT", value) == value


def test_a_credential_value_under_a_kept_name_is_redacted_in_the_baseline() -> None:
    env = capture(environ={"MASTER_ADDR": "https://user:pw@host", "NCCL_DEBUG": "WARN"}).env
    assert env == {"MASTER_ADDR": REDACTED, "NCCL_DEBUG": "WARN"}


# --- redacting free text -----------------------------------------------------------------------------

HF = "hf_" + "Q7wErTy1UiOp2AsDfGh3JkLzXcVbNm4"


def test_a_log_line_loses_its_hf_token_and_bearer_token() -> None:
    line = (
        f"2024-05-01 12:00:01 ERROR hub: 401 for https://huggingface.co/api/whoami-v2 token={HF} "
        "headers={'authorization': 'Bearer abc123DEF456ghi789'} retrying with Bearer xyz987UVW654rst321"
    )
    assert redact_text(line) == (
        "2024-05-01 12:00:01 ERROR hub: 401 for https://huggingface.co/api/whoami-v2 token=[redacted] "
        "headers={'authorization': '[redacted]'} retrying with Bearer [redacted]"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            f"HF_TOKEN={HF} WANDB_API_KEY=secret1 torchrun --hub_token abc --max_new_tokens 512 train.py",
            "HF_TOKEN=[redacted] WANDB_API_KEY=[redacted] torchrun --hub_token [redacted] "
            "--max_new_tokens 512 train.py",
        ),
        (
            'json={"api_key": "s3cr3t", "model": "gpt-4o"}',
            'json={"api_key": "[redacted]", "model": "gpt-4o"}',
        ),
        (
            "password: hunter2\nloss: 0.52\nKeyError: 'weight'",
            "password: [redacted]\nloss: 0.52\nKeyError: 'weight'",
        ),
        ("curl -H 'Authorization: token abc' https://x", "curl -H 'Authorization: [redacted]' https://x"),
        (
            "git clone https://oauth2:glpat-abc@gitlab.com/x.git",
            "git clone https://[redacted]@gitlab.com/x.git",
        ),
        ("Authorization: Basic dXNlcjpwYXNz", "Authorization: [redacted]"),
        (
            "sorted(files, key=os.path.getmtime) with pad_token=<pad>",
            "sorted(files, key=os.path.getmtime) with pad_token=<pad>",
        ),
        (
            "characters outside the Basic Multilingual Plane",
            "characters outside the Basic Multilingual Plane",
        ),
    ],
)
def test_names_and_shapes_in_free_text(text: str, expected: str) -> None:
    assert redact_text(text) == expected


def test_a_traceback_without_secrets_is_unchanged() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py", line 1501, '
        "in _call_impl\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total "
        "capacity of 79.15 GiB; PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\n"
    )
    assert redact_text(text) == text


def test_the_seed_entries_hold_nothing_that_looks_like_a_secret() -> None:
    """Real ML prose, commands and logs: redaction must leave them alone."""
    files = sorted(SEED.rglob("*.md"))
    assert files
    changed = [
        path.name
        for path in files
        if redact_text(path.read_text(encoding="utf-8")) != path.read_text(encoding="utf-8")
    ]
    assert changed == []


ALNUM = string.ascii_letters + string.digits
hf_tokens = st.text(alphabet=ALNUM, min_size=30, max_size=30).map(lambda body: "hf_" + body)
github_tokens = st.text(alphabet=ALNUM, min_size=36, max_size=36).map(lambda body: "ghp_" + body)


@given(st.text(max_size=200), st.one_of(hf_tokens, github_tokens), st.text(max_size=200))
def test_an_embedded_token_never_survives_redact_text(before: str, token: str, after: str) -> None:
    assert token not in redact_text(before + token + after)


@given(st.text(max_size=40), st.text(max_size=100), st.one_of(hf_tokens, github_tokens))
def test_a_value_holding_a_token_is_redacted_whatever_its_name(name: str, before: str, token: str) -> None:
    assert redact(name, before + token) == REDACTED


# --- as_text -----------------------------------------------------------------------------------------


def test_as_text_reads_as_a_few_lines() -> None:
    baseline = capture(
        environ={
            "CUDA_VISIBLE_DEVICES": "0,1",
            "PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True",
            "HF_TOKEN": HF,
        },
        run=FakeSmi(),
        installed=versions_of(
            torch="2.3.1",
            transformers="4.41.2",
            nvidia_cuda_runtime_cu12="12.1.105",
            nvidia_cudnn_cu12="8.9.2.26",
        ),
    )
    python, gpu, packages, cuda, *env = baseline.as_text().splitlines()
    assert python.startswith(f"Python {baseline.python} on ") and "(" in python
    assert gpu == "GPU: 2 x NVIDIA A100-SXM4-80GB, driver 535.104.05, 81920 MiB"
    assert packages == "torch 2.3.1, transformers 4.41.2"
    assert cuda == "CUDA 12.2 (nvidia-cuda-runtime-cu12 12.1.105, nvidia-cudnn-cu12 8.9.2.26)"
    assert env == [
        "CUDA_VISIBLE_DEVICES=0,1",
        "HF_TOKEN=[redacted]",
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True",
    ]


def test_as_text_of_a_bare_machine_and_of_a_multi_line_value() -> None:
    baseline = Baseline(
        python="3.11.7 (CPython)",
        platform="Linux-6.1-x86_64",
        gpus=(),
        packages={},
        cuda=None,
        env={"NCCL_DEBUG_SUBSYS": "INIT\nNET"},
    )
    assert baseline.as_text() == (
        "Python 3.11.7 (CPython) on Linux-6.1-x86_64\n"
        "GPU: none found by nvidia-smi\n"
        "NCCL_DEBUG_SUBSYS=INIT\\nNET"
    )


def test_the_default_lookup_and_platform_give_a_well_formed_baseline() -> None:
    baseline = capture_baseline(environ={"OMP_NUM_THREADS": "4", "GITHUB_TOKEN": "x"}, run=absent)
    assert baseline.python.split()[0] == ".".join(map(str, sys.version_info[:3]))
    assert baseline.platform
    assert baseline.env == {"OMP_NUM_THREADS": "4"}
    assert baseline.as_text().startswith("Python ")
