"""Secret redaction: credentials found by their shape and by the name they are assigned to, and the
ordinary text of ML work left alone."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from kb.entry.content import key_from_symptom
from kb.entry.redaction import REDACTED, is_secret_name, redact, redact_text

SEED = Path(__file__).resolve().parents[3] / "seed_entries"


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


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("curl -u admin:" + "s3cretpw https://x", "curl -u admin:[redacted] https://x"),
        ("curl --user=admin:" + "s3cretpw https://x", "curl --user=admin:[redacted] https://x"),
        ("mysql -u root -p" + "S3cretPW kb", "mysql -u root -p[redacted] kb"),
        ("Password: " + "hunter2xyz", "Password: [redacted]"),
        ("sshpass -p " + "hunter2 ssh gpu-box", "sshpass -p [redacted] ssh gpu-box"),
        ("docker login -u me -p " + "hunter2 registry", "docker login -u me -p [redacted] registry"),
        ("vpn --pass " + "hunter2", "vpn --pass [redacted]"),
        ("vpn --pw " + "hunter2", "vpn --pw [redacted]"),
    ],
)
def test_passwords_given_to_commands_their_own_way(text: str, expected: str) -> None:
    assert redact_text(text) == expected


@pytest.mark.parametrize(
    "text", ["mysql -u root -p kb", "ssh -p 2222 gpu-box", "git log -p train.py", "cd $PWD", "python -u a.py"]
)
def test_flags_that_only_look_like_passwords_are_kept(text: str) -> None:
    assert redact_text(text) == text


def test_a_forward_pass_is_not_a_password() -> None:
    assert redact_text("not used in the forward pass: see x") == "not used in the forward pass: see x"


@pytest.mark.parametrize(
    ("symptom", "secret"),
    [
        ("OperationalError: connection failed for postgresql://kb_team:" + "hunter2pw@db/ml", "hunter2pw"),
        ("wandb: ERROR api_key=" + "ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12 rejected", "ab12cd34ef56"),
        ("ConnectionError: cannot reach redis://:" + "Sup3rSecretRedis@cache:6379/0", "sup3rsecretredis"),
    ],
)
def test_a_key_made_from_a_symptom_holds_no_secret_of_it(symptom: str, secret: str) -> None:
    """The key names the entry's file, its wiki anchor and the commands that point at it."""
    assert secret not in key_from_symptom(symptom)


@given(st.text(max_size=60), st.one_of(hf_tokens, github_tokens), st.text(max_size=60))
def test_no_token_survives_into_a_key(before: str, token: str, after: str) -> None:
    body = token.lower().split("_", 1)[1]
    assume(body not in (before + after).lower())
    assert body not in key_from_symptom(f"{before} {token} {after}")


@pytest.mark.parametrize(
    "line",
    [
        'run = wandb.init(settings=wandb.Settings(api_key="Zq8pL1mN0xYt"))',
        'client = OpenAI(api_key="Zq8pL1mN0xYt")',
        'os.environ["WANDB_API_KEY"] = "Zq8pL1mN0xYt"',
        "config['token'] = 'Zq8pL1mN0xYt'",
    ],
)
def test_a_key_inside_a_call_or_a_subscript_is_redacted(line: str) -> None:
    """`run = wandb.init(settings=…(api_key="…"))` kept its key: the outer `run = …` took the whole
    call as its value, and the key inside was never looked at."""
    assert "Zq8pL1mN0xYt" not in redact_text(line) and REDACTED in redact_text(line)


def test_code_with_innocent_keywords_is_kept() -> None:
    for line in ("x = f(a=1)", "model = Net(hidden=256, dropout=0.1)", "lr=0.1 batch=32"):
        assert redact_text(line) == line
