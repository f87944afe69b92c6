"""Values built on every request, declared as dataclasses that construct cheaply."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

# A frozen dataclass sets each field through object.__setattr__ when it is built, which costs about as
# much as the rest of a small object's construction several times over (callgrind: some 1,200
# instructions a field). Values built on every request (rulesets, verdicts, hidden hands, parsed states)
# are never changed once built, so they are declared with `record` instead: compared and hashed by their
# fields exactly as a frozen dataclass is, and built with plain attribute stores.
record = partial(dataclass, unsafe_hash=True)
