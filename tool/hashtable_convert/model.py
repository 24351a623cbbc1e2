"""The data a run passes from stage to stage."""

from dataclasses import dataclass, field
from typing import Dict, List, Optional


# how each form of bucket picking the rule reports reads in a sentence
FORM_WORDS = {
    'and': 'masking the key (k & (N - 1))',
    'mod': 'the key modulo the bucket count (k % N)',
    'hash32': 'hash_32() of the key',
    'hashlong': 'hash_long() of the key',
    'hash64': 'hash_64() of the key',
    'hashptr': 'hash_ptr() of the key',
    'api': 'hash_add() or hash_for_each_possible() (hash_min() of the key)',
}


@dataclass
class Table:
    """One candidate table, as the rule saw it in one file or over several."""
    name: str
    file: str                      # relative to the tree root
    line: Optional[int]
    scope: str                     # static | global | member | extern | pointer
    size: str
    bits: Optional[str] = None
    read_mostly: bool = False
    verdict: str = 'skipped'       # converted | skipped
    reasons: List[str] = field(default_factory=list)
    shared: bool = False
    files: List[str] = field(default_factory=list)   # every file it was converted in
    key_widths: List[str] = field(default_factory=list)
    forms: List[str] = field(default_factory=list)
    keys: List[str] = field(default_factory=list)
    accesses: Dict[str, int] = field(default_factory=dict)
    walks_open: List[dict] = field(default_factory=list)
    declared: bool = False         # a member whose field became DECLARE_HASHTABLE()
    key: str = ''                  # of a shared table: name, or name@struct (shared.py)
    kept_helpers: List[str] = field(default_factory=list)  # header functions that stay
    # header functions that stay with every call, picking buckets their own way
    own_bucket_helpers: List[str] = field(default_factory=list)

    @property
    def ident(self) -> str:
        """What tells this table from the others of a run."""
        return self.key or self.name

    def skip(self, reason: str) -> None:
        self.verdict = 'skipped'
        if reason not in self.reasons:
            self.reasons.append(reason)

    @classmethod
    def from_record(cls, record: dict, file: str) -> 'Table':
        """A table from the JSON the rule writes (see record() in hashtable.cocci)."""
        return cls(name=record['name'], file=file, line=record['line'],
                   scope=record['scope'], size=record['size'], bits=record['bits'],
                   read_mostly=record['read_mostly'], verdict=record['verdict'],
                   reasons=list(record['reasons']), shared=record['shared'],
                   files=[file] if record['verdict'] == 'converted' else [],
                   key_widths=list(record['key_widths']), forms=list(record['forms']),
                   keys=list(record['keys']), accesses=dict(record['accesses']),
                   walks_open=list(record['walks_open']))


@dataclass
class Check:
    """The outcome of compiling one changed file before and after."""
    mode: str                      # header | kbuild | none
    passed: bool
    target: str = ''               # what was built: the file, or its object
    message: str = ''              # the compiler's words when it failed
    new_warnings: List[str] = field(default_factory=list)


@dataclass
class FileChange:
    """A file the conversion changes (or a file it adds, old_text None)."""
    path: str                      # relative to the tree root
    old_text: Optional[str]
    new_text: str
    tables: List[str] = field(default_factory=list)
    check: Optional[Check] = None
    written: bool = False
    error: str = ''


@dataclass
class Problem:
    """Bad input or a failure of a tool: named file, what happened, what to do."""
    path: str
    message: str
