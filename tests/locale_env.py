"""Child processes in a Thai player's locale."""

import os


def thai_environment(**extra: str) -> dict[str, str]:
    """The environment of a child process whose locale is Thai, set as a Thai player's is: LANG alone."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    return {**env, "LANG": "th_TH.UTF-8", **extra}
