"""Stage 3: run semantic-patches/hashtable.cocci over the chosen files.

Every change to C text is made here, by spatch. The files are copied into a
scratch tree (the user's tree is not touched), spatch rewrites the copies in
place, and the rule writes each file's verdicts as JSON beside them (see
record() in hashtable.cocci). One spatch process handles a whole batch, so its
start-up (about a second) is paid once; -j is passed on to it.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Set

from .layout import reindent_moved_comments, tabs_for_spaces, wrap_long_lines
from .model import Problem
from .sources import needs_hashtable_include, read_text, with_hashtable_include

HERE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RULE = os.path.join(HERE, 'semantic-patches', 'hashtable.cocci')

_EXN_RE = re.compile(r'^EXN: (.*) in (\S+)\s*$', re.M)
_FAILSAFE_RE = re.compile(r'^RuntimeError: (\S+?):(\d+): (.*)$', re.M)


@dataclass
class Outcome:
    """What spatch made of a batch: new texts, verdicts, and the files it failed on."""
    new_texts: Dict[str, str] = field(default_factory=dict)
    records: Dict[str, List[dict]] = field(default_factory=dict)
    problems: List[Problem] = field(default_factory=list)

    def only(self, path: str) -> 'Outcome':
        """The part of this outcome that is about one file."""
        out = Outcome()
        if path in self.new_texts:
            out.new_texts[path] = self.new_texts[path]
        if path in self.records:
            out.records[path] = self.records[path]
        out.problems = [p for p in self.problems if p.path == path]
        return out

    def merge(self, other: 'Outcome') -> None:
        self.new_texts.update(other.new_texts)
        self.records.update(other.records)
        self.problems.extend(other.problems)


def python_option() -> List[str]:
    """--python with the interpreter that runs the tool: without it, spatch finds its
    Python by running the python3 of PATH, which may be a shim (pyenv's takes 0.9 s of
    each spatch start: a bash script that runs some 80 processes; 0.25 s with a real
    interpreter). The rule's Python needs only the standard library."""
    exe = sys.executable
    return ['--python', exe] if exe and os.path.isfile(exe) and os.access(exe, os.X_OK) else []


@dataclass
class Spatch:
    """How to run spatch: the program, parallel jobs, the per-file time limit."""
    program: str = 'spatch'
    jobs: int = 1
    timeout: int = 120
    rule: str = RULE
    niceness: int = 0        # added to spatch's: a batch that yields the cores to other work

    def command(self, groups_file: str, crossfile: bool, rule: Optional[str] = None,
                gated: bool = True) -> List[str]:
        """spatch over the files of groups_file, in place, with rule (default: self.rule).
        gated: a family of patch rules runs only where its kind of change was approved
        (faster; make coccicheck leaves it out, as its file selection cannot use it; the
        DECLARE_HASHTABLE() rule has no such gate). --no-show-diff: the changed files are
        read, and spatch would run diff for each (2 of the 17.6 s of CPU of Linux 6.1's
        local batch)."""
        cmd = [self.program, '-D', 'patch'] + (['-D', 'gated'] if gated else []) + \
            ['--very-quiet'] + python_option() + [
               '--sp-file', rule or self.rule,
               '--no-includes', '--in-place', '--no-show-diff', '--timeout', str(self.timeout),
               '--file-groups', groups_file]
        if self.jobs > 1:
            cmd += ['-j', str(self.jobs)]
        if crossfile:
            cmd += ['-D', 'crossfile']
        if self.niceness and shutil.which('nice') and shutil.which(self.program):
            cmd = ['nice', '-n', str(self.niceness)] + cmd
        return cmd


# crossfile_use in hashtable.cocci: which identifiers name a table shared between files
SHARED_NAME_TEST = 'identifier T : script:python() { is_shared(T) };'
_IDENTIFIER_RE = re.compile(r'[A-Za-z_][A-Za-z0-9_]*')
_VERSIONS: Dict[str, str] = {}      # program -> what its --version printed


def version_text(program: str) -> str:
    """What program --version prints (once per run; '' if it cannot run)."""
    if program not in _VERSIONS:
        try:
            _VERSIONS[program] = subprocess.run(
                [program, '--version'], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                universal_newlines=True, errors='replace', timeout=60).stdout
        except (OSError, subprocess.TimeoutExpired):
            _VERSIONS[program] = ''
    return _VERSIONS[program]


def regex_syntax(program: str) -> Optional[str]:
    """The syntax of spatch's regular expressions (spatch --version): PCRE, or OCaml's
    Str where spatch was built without PCRE; None if it does not say."""
    m = re.search(r'^Syntax of regular expressions: (\w+)', version_text(program), re.M)
    return m.group(1) if m and m.group(1) in ('PCRE', 'Str') else None


def rule_for_names(rule_text: str, names: List[str], syntax: Optional[str] = 'PCRE') -> Optional[str]:
    """The rule with crossfile_use testing names by a regular expression, or None (then
    the rule runs as it is).

    The rule asks Python about every identifier of a file; spatch tests a regular
    expression itself, which takes a third less time over the files of shared tables
    of Linux 6.1 (24.4 s against 17.0 s, the same output). The names are those that
    is_shared() accepts: the tables of the facts. syntax: of spatch's regular
    expressions (regex_syntax()); only PCRE is used (in OCaml's Str, ( | ) are
    literal characters, and no spatch at hand reads Str to test another spelling).
    """
    if rule_text.count(SHARED_NAME_TEST) != 1 or not names or syntax != 'PCRE' or \
            not all(_IDENTIFIER_RE.fullmatch(n) for n in names):
        return None
    return rule_text.replace(SHARED_NAME_TEST,
                             'identifier T =~ "^(%s)$";' % '|'.join(sorted(set(names))))


def convert(root: str, files: List[str], spatch: Spatch, facts: Optional[dict] = None,
            progress: Callable[[str], None] = lambda s: None) -> Outcome:
    """Run the rule over files (relative to root).

    facts: what other files tell (HASHTABLE_CONVERT_FACTS in hashtable.cocci):
    {"tables": tables shared between files, "files": {path: {"macros": ...}}}.
    """
    if not files:
        return Outcome()
    with tempfile.TemporaryDirectory(prefix='hashtable-convert-') as scratch:
        outcome, crashed = _run_batch(root, files, spatch, facts, scratch)
        if crashed:
            # spatch itself died: run each file alone to find the one it fails on
            outcome = Outcome()
            for i, f in enumerate(files):
                progress('spatch failed on a batch; retrying file by file: %d/%d' % (i + 1, len(files)))
                single, _ = _run_batch(root, [f], spatch, facts, os.path.join(scratch, 'one%d' % i))
                outcome.merge(single)
        return outcome


_RUNNING: Set[subprocess.Popen] = set()      # spatch runs under way (stop_all())
_RUNNING_LOCK = threading.Lock()
_STOPPED = threading.Event()


# a process group of its own, in the tool's session: a session of its own would be an
# autogroup of the scheduler of its own, where the niced local batch takes half the CPU
# from the analysis instead of what it leaves (Linux 6.1: the analysis 32-40 s, not 24-25)
_OWN_GROUP = {'process_group': 0} if sys.version_info >= (3, 11) else {'start_new_session': True}


def run_spatch(cmd: List[str], cwd: str, env: Dict[str, str],
               started: Callable[[subprocess.Popen], None] = lambda proc: None
               ) -> subprocess.CompletedProcess:
    """subprocess.run(cmd) with stderr kept, in a process group of its own that
    stop_all() or an exception here kills whole (spatch -j forks its workers: killing
    spatch alone leaves them running). After stop_all(): KeyboardInterrupt, and no run
    starts or is retried. started: given the process (for kill_group())."""
    with _RUNNING_LOCK:
        if _STOPPED.is_set():
            raise KeyboardInterrupt
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                universal_newlines=True, errors='replace', **_OWN_GROUP)
        _RUNNING.add(proc)
    started(proc)
    try:
        _, err = proc.communicate()
    except BaseException:
        kill_group(proc)
        proc.wait()
        raise
    finally:
        with _RUNNING_LOCK:
            _RUNNING.discard(proc)
    if _STOPPED.is_set():
        raise KeyboardInterrupt
    return subprocess.CompletedProcess(cmd, proc.returncode, None, err)


def kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        pass


def stop_all() -> None:
    """Kill the spatch runs under way and start no other (the run was interrupted: a
    batch in a thread of its own would go on after the tool has ended)."""
    with _RUNNING_LOCK:
        _STOPPED.set()
        running = list(_RUNNING)
    for proc in running:
        kill_group(proc)


def allow_runs() -> None:
    """Undo stop_all() (a new run in the same process)."""
    _STOPPED.clear()


def _run_batch(root, files, spatch, facts, scratch):
    """(Outcome, whether spatch died on a batch of several files)."""
    src = os.path.join(scratch, 'src')
    results = os.path.join(scratch, 'results')
    os.makedirs(results, exist_ok=True)
    originals = {}
    for f in files:
        os.makedirs(os.path.dirname(os.path.join(src, f)), exist_ok=True)
        shutil.copyfile(os.path.join(root, f), os.path.join(src, f))
        originals[f] = read_text(os.path.join(src, f))
    groups = os.path.join(scratch, 'groups')
    with open(groups, 'w') as g:
        # the largest first: spatch -j hands out one file at a time, and a large file
        # begun last keeps one core busy alone at the end
        g.write('\n\n'.join(sorted(files, key=lambda f: (-len(originals[f]), f))) + '\n')
    env = dict(os.environ, HASHTABLE_CONVERT_RESULTS=results)
    env.pop('HASHTABLE_CONVERT_FACTS', None)
    if facts:
        path = os.path.join(scratch, 'facts.json')
        with open(path, 'w') as fh:
            json.dump(facts, fh)
        env['HASHTABLE_CONVERT_FACTS'] = path
    tables = (facts or {}).get('tables') or {}
    rule = None
    if tables:
        text = rule_for_names(read_text(spatch.rule) or '',
                              [t.get('name', k) for k, t in tables.items()] +
                              [h for t in tables.values() for h in t.get('kept_helpers', ())],
                              regex_syntax(spatch.program))
        if text is not None:
            rule = os.path.join(scratch, 'hashtable.cocci')
            with open(rule, 'w') as fh:
                fh.write(text)
    outcome = Outcome()
    try:
        proc = run_spatch(spatch.command(groups, bool(tables), rule), src, env)
    except OSError as e:
        outcome.problems.extend(Problem(f, 'cannot run %s: %s' % (spatch.program, e.strerror))
                                for f in files)
        return outcome, False
    failed = {}
    for m in _FAILSAFE_RE.finditer(proc.stderr):
        failed[os.path.normpath(m.group(1))] = 'the rule left an approved site unconverted ' \
            '(line %s: %s); the file is left unchanged' % (m.group(2), m.group(3))
    for m in _EXN_RE.finditer(proc.stderr):
        path = os.path.normpath(m.group(2))
        if path in failed:
            continue
        if 'Timeout' in m.group(1):
            failed[path] = 'spatch exceeded its time limit (%d s); the file is left unchanged ' \
                '(raise it with --timeout)' % spatch.timeout
        else:
            failed[path] = 'spatch failed: %s' % m.group(1)
    if proc.returncode == -signal.SIGINT:
        # spatch was interrupted (in a process group of its own, only a signal sent to it
        # does that): no file-by-file retry, which would start spatch runs it did not want
        raise KeyboardInterrupt
    if proc.returncode != 0 and len(files) > 1:
        return outcome, True
    if proc.returncode != 0:
        tail = [l for l in proc.stderr.splitlines() if l.strip() and 'metavariable' not in l]
        if proc.returncode < 0:
            what = 'spatch crashed (%s)' % signal.Signals(-proc.returncode).name
        else:
            what = 'spatch exited with status %d' % proc.returncode
        failed.setdefault(files[0], '%s: %s; the file is left unchanged'
                          % (what, tail[-1] if tail else 'no message'))
    for name in os.listdir(results):
        if not name.endswith('.json'):
            continue
        with open(os.path.join(results, name)) as fh:
            rec = json.load(fh)
        path = os.path.normpath(rec['file'])
        if path in originals and path not in failed:
            outcome.records[path] = rec['tables']
    for f in files:
        if f in failed:
            outcome.problems.append(Problem(f, failed[f]))
            continue
        new = read_text(os.path.join(src, f))
        if new is not None and new != originals[f]:
            if needs_hashtable_include(originals[f], new):
                # the rule adds it only where spatch lets it: after the last include
                new = with_hashtable_include(new)
            new = tabs_for_spaces(originals[f], reindent_moved_comments(originals[f], new))
            outcome.new_texts[f] = wrap_long_lines(originals[f], new)
    return outcome, False


@dataclass
class Parse:
    """What spatch --parse-c says of a file: where it fails, and whether anything parsed."""
    error_lines: List[int]
    good: int
    bad: int

    @property
    def hopeless(self) -> bool:
        # spatch 1.1.1 counts a file that fails from its first line as neither good nor bad
        return self.good == 0 and (self.bad > 0 or bool(self.error_lines))


_PARSE_ERROR_RE = re.compile(r'^parse error\s*\n\s*= File "[^"]*", line (\d+)', re.M)
_PARSE_COUNT_RE = re.compile(r'nb good = (\d+),\s+nb bad = (\d+)')


def parse_c(root: str, rel: str, program: str = 'spatch') -> Optional[Parse]:
    """Run spatch --parse-c on one file (fast: no rule is loaded)."""
    try:
        proc = subprocess.run([program, '--parse-c', rel], cwd=root, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, universal_newlines=True, errors='replace',
                              timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    counts = _PARSE_COUNT_RE.search(proc.stdout)
    if counts is None:
        return None
    lines = sorted({int(x) for x in _PARSE_ERROR_RE.findall(proc.stdout)})
    return Parse(lines, int(counts.group(1)), int(counts.group(2)))
