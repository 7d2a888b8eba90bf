"""Secret redaction, pure: credentials never enter the knowledge base.

Every entry passes through `kb.entry.content.normalized()` on its way to the store, whichever face or
format it came from (`kb add`, `kb edit`, `kb import`, the TUI, a seed), and that is where its free
text is redacted, so that no write path can forget it. `redact_text()` finds credentials by their
shape (tokens, keys, JWTs, URL passwords, long random strings) and by the name they are assigned to
(`HF_TOKEN=…`, `--password …`, `"api_key": …`, `Authorization: …`); `redact()` decides for one
environment variable, by its name and its value.
"""

from __future__ import annotations

import math
import re
from collections import Counter

from kb.patterns import LazyPattern

REDACTED = "[redacted]"

#: Word parts of a variable name that mark it as a secret. Plural tokens/keys stay out on purpose:
#: `max_new_tokens` and `missing_keys` are everywhere in ML logs and hold nothing secret.
_SECRET_PART = LazyPattern(
    r"[a-z0-9]*(?:token|key|secret|password|passwd|credentials?|auth|cookies?|session)"
    r"|(?:auth|secret|passw|credential)[a-z0-9]*"
)
#: Tokenizer special tokens (`pad_token`, `eos_token_id`) are vocabulary, not credentials.
_SPECIAL_TOKENS = frozenset({"pad", "eos", "bos", "unk", "sep", "cls", "mask"})
_NAME_PARTS = LazyPattern(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


def is_secret_name(name: str) -> bool:
    """HF_TOKEN, WANDB_API_KEY, awsSecretAccessKey, DB_PASSWORD, Authorization: yes.

    PWD, TOKENIZERS_PARALLELISM, max_new_tokens, pad_token and a bare `key` (a sort key, a TOML key): no.
    """
    parts = [part.lower() for part in _NAME_PARTS.findall(name)]
    if parts == ["key"]:  # Python's `sorted(..., key=len)` and TOML's `key = "..."`
        return False
    for index, part in enumerate(parts):
        if not _SECRET_PART.fullmatch(part):
            continue
        if part == "token" and index > 0 and parts[index - 1] in _SPECIAL_TOKENS:
            continue
        return True
    return False


#: Credentials recognisable by their shape alone. Prefixed tokens match even inside other text.
_CREDENTIAL = LazyPattern(
    r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|\Z)"
    r"|hf_[A-Za-z0-9]{30,}"  # Hugging Face
    r"|(?<![A-Za-z0-9])sk-(?=[A-Za-z0-9_-]*[0-9])[A-Za-z0-9_-]{16,}"  # OpenAI, Anthropic
    r"|gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,}"  # GitHub
    r"|glpat-[A-Za-z0-9_-]{20,}"  # GitLab
    r"|(?:AKIA|ASIA)[0-9A-Z]{16}"  # AWS access key id
    r"|AIza[0-9A-Za-z_-]{35}"  # Google API key
    r"|xox[abposr]-[A-Za-z0-9-]{10,}"  # Slack
    r"|hooks\.slack\.com/services/[A-Za-z0-9/_-]{20,}"  # Slack webhook
    r"|(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}"  # Stripe
    r"|npm_[A-Za-z0-9]{36}"  # npm
    r"|pypi-[A-Za-z0-9_-]{50,}"  # PyPI
    r"|SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}"  # SendGrid
    r"|dapi[0-9a-f]{32}"  # Databricks
    r"|eyJ[A-Za-z0-9_-]{2,}\.eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*"  # JWT
    r"|(?<=://)[^\s/?#@:]*:[^\s/?#@]+(?=@)"  # the user:password of a URL
)

#: `Authorization: Bearer <token>`, `Basic <base64>`: the scheme stays, the credential goes.
_AUTH_SCHEME = LazyPattern(r"(?i)\b(bearer|basic)([ \t]+)([A-Za-z0-9._~+/=-]{8,})")

#: A digit, `=` padding or two lower-to-upper case changes: a token, not a word.
_TOKEN_LIKE = LazyPattern(r"[0-9]|=$|[a-z][A-Z].*[a-z][A-Z]")

#: Header lines whose whole value is a credential.
_AUTH_HEADER = LazyPattern(
    r"(?i)\b((?:proxy-)?authorization|x-api-key|x-auth-token|(?:set-)?cookie)([ \t]*:[ \t]*)([^\r\n\"']+)"
)

_NAME = r"[A-Za-z_][A-Za-z0-9_.-]*"
_VALUE = r"\"[^\"\n]*\"|'[^'\n]*'"

#: NAME=VALUE (environment, URL queries, key=value logs). An unquoted value stops at a call's
#: bracket or another `=`: `run = wandb.init(settings=wandb.Settings(api_key="…"))` is three
#: assignments, and the one that holds the key must be looked at on its own.
_ASSIGNMENT = LazyPattern(rf"(?<![A-Za-z0-9_.-])({_NAME})([ \t]*=[ \t]*)({_VALUE}|[^\s\"'&;,()=]+)")
#: `os.environ["WANDB_API_KEY"] = VALUE`, `config['token'] = VALUE`.
_SUBSCRIPT = LazyPattern(rf"\[[ \t]*([\"'])({_NAME})\1[ \t]*\]([ \t]*=[ \t]*)({_VALUE}|[^\s\"'&;,()=]+)")
#: `--hf-token VALUE`, `--password=VALUE`.
_FLAG = LazyPattern(r"(?<![\w-])--?([A-Za-z][A-Za-z0-9_-]*)(=|[ \t]+)([^\s\"'-][^\s\"']*|" + _VALUE + ")")
#: `"api_key": "VALUE"` in JSON or a Python dict.
_QUOTED_KEY = LazyPattern(rf"([\"'])({_NAME})\1([ \t]*:[ \t]*)({_VALUE}|[^\s,}}\]]+)")
#: `api_key: VALUE` on a YAML line; lower-case names only, so `KeyError: 'x'` is not taken for one.
_YAML_KEY = LazyPattern(r"(?m)^([ \t]*(?:-[ \t]+)?)([a-z_][a-z0-9_.-]*)([ \t]*:[ \t]+)([^\r\n#]*[^\s#])")

#: Passwords given to a command in its own way, the password being the last group of each:
#: `curl -u admin:PASS`, `mysql -pPASS`, `sshpass -p PASS`, `docker login -p PASS`, `Password: PASS`.
_COMMAND_PASSWORDS = (
    LazyPattern(r"(?:(?<=\s)|^)(?:-u|--user)(?:[ \t]+|=)[^\s:@]+:([^\s@]+)(?!\S*@)"),
    LazyPattern(r"(?i)\b(?:mysql|mariadb|mysqldump|mysqladmin)\b[^\n]*?[ \t]-p([^\s-]\S*)"),
    LazyPattern(r"(?i)\bsshpass[ \t]+-p[ \t]*(\S+)"),
    LazyPattern(r"(?i)\b(?:docker|podman|helm)[ \t]+(?:registry[ \t]+)?login\b[^\n]*?[ \t]-p[ \t]+(\S+)"),
    LazyPattern(r"(?i)\bpass(?:word|wd|phrase)[ \t]*:[ \t]*([^\s\"',;]+)"),
    # "the password is hunter2", "password was 'x y'": a value with a non-letter in it, or quoted
    # ("the password is required" keeps its word).
    LazyPattern(r"(?i)\bpass(?:word|wd|phrase)[ \t]+(?:is|was)[ \t]+[\"']([^\"'\n]+)[\"']"),
    LazyPattern(
        r"(?i)\bpass(?:word|wd|phrase)[ \t]+(?:is|was)[ \t]+([^\s\"',;]*[^A-Za-z\s\"',;.][^\s\"',;]*)"
    ),
)
#: Flag names that hold a password though they are no word of a secret's name.
_PASSWORD_FLAGS = frozenset({"pass", "pw", "passwd", "pwd"})

_HEX = LazyPattern(
    r"(?<![A-Za-z0-9])(?=[0-9a-fA-F]*[0-9])(?=[0-9a-fA-F]*[a-fA-F])[0-9a-fA-F]{32,}(?![A-Za-z0-9])"
)
_BASE64_RUN = LazyPattern(r"[A-Za-z0-9+/_-]{32,}={0,2}")
_WORDS = LazyPattern(r"[A-Z]?[a-z]{4,}")

#: Below these a 32+ character run reads as a name or a path rather than a random secret: a random
#: base64 string of 32 characters has an entropy above 4.0 bits per character 999 times in 1000.
_MIN_ENTROPY = 4.0
_MAX_WORDINESS = 0.4
_MIN_PATH_SEGMENT = 12
_MAX_SEPARATOR_SHARE = 1 / 8


def redact(name: str, value: str) -> str:
    """`[redacted]` when the name looks like a secret's or the value holds a credential, else the value."""
    if is_secret_name(name) or redact_text(value) != value:
        return REDACTED
    return value


def redact_text(text: str, random_runs: bool = True) -> str:
    """Every credential-looking substring of free text (a log, a conditions line) becomes `[redacted]`.

    Values are recognised by their shape (tokens, keys, JWTs, URL passwords, long random strings) and by
    the name they are assigned to (`HF_TOKEN=…`, `--password …`, `"api_key": …`, `Authorization: …`).
    RANDOM_RUNS False keeps the long random-looking strings that nothing else marks as a credential
    (a 32-hex run id in a path): in a command to be run they are as likely a name the command needs.
    """
    text = _CREDENTIAL.sub(REDACTED, text)
    text = _AUTH_SCHEME.sub(_redact_scheme, text)
    text = _QUOTED_KEY.sub(lambda m: _redact_group(m, name=2, value=4), text)
    text = _SUBSCRIPT.sub(lambda m: _redact_group(m, name=2, value=4), text)
    text = _ASSIGNMENT.sub(lambda m: _redact_group(m, name=1, value=3), text)
    text = _FLAG.sub(lambda m: _redact_flag(m), text)
    for pattern in _COMMAND_PASSWORDS:
        text = pattern.sub(_redact_last_group, text)
    text = _YAML_KEY.sub(lambda m: _redact_group(m, name=2, value=4), text)
    text = _AUTH_HEADER.sub(lambda m: m.group(1) + m.group(2) + REDACTED, text)
    if not random_runs:
        return text
    text = _HEX.sub(REDACTED, text)
    return _BASE64_RUN.sub(lambda m: REDACTED if looks_random(m.group()) else m.group(), text)


def looks_random(run: str) -> bool:
    """Whether a long base64-alphabet run looks like a random secret rather than a name or a path.

    A random string mixes cases and digits, has high entropy, few separators of one base64 alphabet,
    and few words. Tuned on random keys (about 3 in 100 of 32 characters are missed) against model ids,
    class names, kernel names and paths (none taken).
    """
    body = run.rstrip("=")
    if len(body) < 32 or not (_has(body, "a-z") and _has(body, "A-Z") and _has(body, "0-9")):
        return False
    if sum(char in "+/_-" for char in body) > len(body) * _MAX_SEPARATOR_SHARE:
        return False  # a name with parts
    if re.search("[+/]", body) and re.search("[_-]", body):
        return False  # base64 uses + and /, its URL-safe form - and _; names and paths mix them
    slashes = body.count("/")
    if slashes >= 3 and len(body) / (slashes + 1) < _MIN_PATH_SEGMENT:
        return False  # a path or a URL's
    if shannon_entropy(body) < _MIN_ENTROPY:
        return False
    return sum(map(len, _WORDS.findall(body))) <= len(body) * _MAX_WORDINESS


def shannon_entropy(text: str) -> float:
    """Bits per character of the text's own character distribution."""
    counts = Counter(text).values()
    return -sum(count / len(text) * math.log2(count / len(text)) for count in counts)


def _has(text: str, char_class: str) -> bool:
    return re.search(f"[{char_class}]", text) is not None


def _redact_scheme(match: re.Match[str]) -> str:
    credential = match.group(3)
    if not _TOKEN_LIKE.search(credential):  # "Basic Multilingual", "basic CreateTable": words
        return match.group()
    return match.group(1) + match.group(2) + REDACTED


def _redact_flag(match: re.Match[str]) -> str:
    if match.group(1).lower() in _PASSWORD_FLAGS and match.group(3).strip("\"'") not in {REDACTED, ""}:
        start, end = match.span(3)
        return match.group()[: start - match.start()] + REDACTED + match.group()[end - match.start() :]
    return _redact_group(match, name=1, value=3)


def _redact_last_group(match: re.Match[str]) -> str:
    if match.group(match.lastindex or 0) == REDACTED:
        return match.group()
    start, end = match.span(match.lastindex or 0)
    return match.group()[: start - match.start()] + REDACTED + match.group()[end - match.start() :]


def _redact_group(match: re.Match[str], *, name: int, value: int) -> str:
    """The match with its value group redacted when its name group names a secret."""
    found = match.group(value)
    if not is_secret_name(match.group(name)) or found.strip("\"'") in {REDACTED, ""}:
        return match.group()
    quote = found[0] if found[:1] in {'"', "'"} and found[-1:] == found[:1] and len(found) > 1 else ""
    start, end = match.span(value)
    offset = match.start()
    whole = match.group()
    return whole[: start - offset] + quote + REDACTED + quote + whole[end - offset :]
