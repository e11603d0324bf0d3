"""Every test starts in English, whatever the machine's locale: a test that wants Thai says so
(``language.using("th")`` in the process, or ``helpers.thai_environment()`` for a child)."""

import os

for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"
