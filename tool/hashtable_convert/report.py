"""Stage 6: what the run tells its user: diff, summary, JSON, progress."""

import collections
import dataclasses
import difflib
import json
import re
import sys
import threading
import time
from typing import Dict, List, Optional, TextIO

from .model import FileChange, Problem, Table


def unified_diff(path: str, old: Optional[str], new: str) -> str:
    """A git-style diff of one file that git apply and patch -p1 accept from the root."""
    def lines(text):
        # only \n ends a line: str.splitlines() would also split at form feeds
        out = [line + '\n' for line in text.split('\n')]
        if out and out[-1] == '\n':
            out.pop()
        elif out:
            out[-1] = out[-1][:-1]
        if out and not out[-1].endswith('\n'):
            out[-1] += '\n\\ No newline at end of file\n'
        return out
    head = 'diff --git a/%s b/%s\n' % (path, path)
    if old is None:
        head += 'new file mode 100644\n'
    body = difflib.unified_diff(lines(old or ''), lines(new),
                                '/dev/null' if old is None else 'a/' + path, 'b/' + path, n=3)
    text = ''.join(body)
    return head + text if text else ''


def diff_of(changes: List[FileChange]) -> str:
    return ''.join(unified_diff(c.path, c.old_text, c.new_text) for c in sorted(changes, key=lambda c: c.path))


def reason_category(reason: str) -> str:
    """A refusal without its particulars (lines, names, values), to count alike ones."""
    r = re.sub(r'^[\w./-]+\.[ch]: ', '', reason)
    r = r.split('; ')[0]
    r = re.sub(r' \(line \d+\)', '', r)
    r = re.sub(r'"[^"]*"', '"..."', r)
    r = re.sub(r'\s*\([^()]*\)$', '', r)
    r = re.sub(r'\b[\w./-]+\.[ch]\b', 'FILE', r)
    r = re.sub(r'\b\d+\b', 'N', r)
    return r


@dataclasses.dataclass
class Summary:
    tables: List[Table]
    changes: List[FileChange]
    problems: List[Problem]
    check_mode: str
    seconds: float
    stages: Dict[str, float] = dataclasses.field(default_factory=dict)
    notes: List[str] = dataclasses.field(default_factory=list)

    @property
    def converted(self):
        return [t for t in self.tables if t.verdict == 'converted']

    @property
    def skipped(self):
        return [t for t in self.tables if t.verdict != 'converted']

    def text(self) -> str:
        files = {t.file for t in self.tables}
        out = ['hashtable-convert: %d candidate tables in %d files (%.1f s)'
               % (len(self.tables), len(files), self.seconds)]
        written = [c for c in self.changes if c.written]
        changed = [c for c in self.changes if c.check is None or c.check.passed]
        out.append('  converted: %d table(s); %d file(s) changed%s'
                   % (len(self.converted), len(changed),
                      ', %d written' % len(written) if written else ''))
        for t in self.converted:
            out.append('    %s:%s: %s (%s)' % (t.file, t.line or '?', t.name,
                                              ', '.join(t.files) if t.shared else t.scope))
        reasons = collections.Counter(reason_category(t.reasons[0]) for t in self.skipped if t.reasons)
        out.append('  skipped: %d table(s)' % len(self.skipped))
        for reason, n in reasons.most_common():
            out.append('    %4d  %s' % (n, reason))
        checked = [c for c in self.changes if c.check is not None]
        if checked:
            failed = [c for c in checked if not c.check.passed]
            out.append('  checks (%s): %d passed, %d failed'
                       % (self.check_mode, len(checked) - len(failed), len(failed)))
            for c in failed:
                out.append('    %s: not written: %s' % (c.path, c.check.message))
        elif self.check_mode == 'none' and self.changes:
            out.append('  checks: none (use --check to compile the result; in a kernel tree, '
                       'configure it first: make allmodconfig && make prepare)')
        declared = [t for t in self.converted if t.declared]
        if declared:
            out.append('  DECLARE_HASHTABLE() fields: %d' % len(declared))
        for note in self.notes:
            out.append('  note: %s' % note)
        if self.problems:
            out.append('  problems: %d' % len(self.problems))
            for p in self.problems:
                out.append('    %s: %s' % (p.path, p.message))
        return '\n'.join(out) + '\n'

    def json(self) -> dict:
        return dict(
            tables=[dataclasses.asdict(t) for t in self.tables],
            files=[dict(path=c.path, added=c.old_text is None, tables=c.tables, written=c.written,
                        error=c.error, check=dataclasses.asdict(c.check) if c.check else None)
                   for c in self.changes],
            problems=[dataclasses.asdict(p) for p in self.problems],
            counts=dict(tables=len(self.tables), converted=len(self.converted),
                        skipped=len(self.skipped),
                        declared=len([t for t in self.converted if t.declared]),
                        files_changed=len([c for c in self.changes if c.check is None or c.check.passed]),
                        checks_failed=len([c for c in self.changes if c.check and not c.check.passed]),
                        skipped_by_reason=dict(collections.Counter(
                            reason_category(t.reasons[0]) for t in self.skipped if t.reasons))),
            check=self.check_mode, seconds=round(self.seconds, 1), stages=self.stages,
            notes=self.notes)


def write_json(path: str, summary: Summary) -> None:
    with open(path, 'w') as f:
        json.dump(summary.json(), f, indent=1, sort_keys=True)
        f.write('\n')


class Progress:
    """One line on stderr, rewritten in place, when stderr is a terminal.

    While a step runs (spatch over a whole tree takes tens of seconds) a
    ticker thread shows how long it has been running.
    """

    def __init__(self, stream: TextIO = sys.stderr, enabled: Optional[bool] = None):
        self.stream = stream
        self.enabled = stream.isatty() if enabled is None else enabled
        self.message, self.since = '', time.monotonic()
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        if self.enabled:
            threading.Thread(target=self._tick, daemon=True).start()

    def __call__(self, message: str) -> None:
        if not self.enabled:
            return
        with self.lock:
            self.message, self.since = message, time.monotonic()
            self._paint()

    def _paint(self) -> None:
        elapsed = time.monotonic() - self.since
        text = self.message + (' (%d s)' % elapsed if elapsed >= 2 else '')
        self.stream.write('\r\033[K' + text[:110])
        self.stream.flush()

    def _tick(self) -> None:
        while not self.stopped.wait(1.0):
            with self.lock:
                if self.message:
                    self._paint()

    def done(self) -> None:
        if not self.enabled:
            return
        self.stopped.set()
        with self.lock:
            if self.message:
                self.stream.write('\r\033[K')
                self.stream.flush()
            self.message = ''
