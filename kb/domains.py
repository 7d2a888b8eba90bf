"""The fixed list of fault domains. Every other module asks this one."""

from __future__ import annotations

from kb.errors import UnknownDomain

#: name → title. The order is the order domains are shown in.
DOMAINS: dict[str, str] = {
    "data": "Data loading and pipelines",
    "model": "Model building",
    "training": "Training loop",
    "numerics": "Numerics and gradients",
    "deployment": "Deployment and serving",
    "logging": "Logging and metrics",
    "hardware": "Hardware and environment",
}

DOMAIN_NAMES: tuple[str, ...] = tuple(DOMAINS)

_ALIASES = {
    "env": "hardware",
    "environment": "hardware",
    "gpu": "hardware",
    "cuda": "hardware",
    "deploy": "deployment",
    "serving": "deployment",
    "train": "training",
    "numeric": "numerics",
    "numerical": "numerics",
    "log": "logging",
    "logs": "logging",
    "dataloader": "data",
}


def resolve_domain(name: str) -> str:
    """Return the canonical domain for NAME, accepting a few obvious aliases.

    Raises UnknownDomain with the closest real domain as a suggestion.
    """
    wanted = name.strip().lower()
    if wanted in DOMAINS:
        return wanted
    if wanted in _ALIASES:
        return _ALIASES[wanted]
    import difflib  # only a misspelt domain pays for it

    close = difflib.get_close_matches(wanted, [*DOMAIN_NAMES, *_ALIASES], n=1, cutoff=0.5)
    suggestion = _ALIASES.get(close[0], close[0]) if close else None
    raise UnknownDomain(name, suggestion, DOMAIN_NAMES)
