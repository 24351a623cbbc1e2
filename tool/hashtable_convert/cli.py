"""The command line, and the run that takes a tree through every stage.

Exit status: 0 done; 1 a check failed (the file was not written);
2 bad usage or input (a missing path, a file spatch could not handle, a file
that could not be written), reported by name while the rest of the run goes on.
"""

import argparse
import concurrent.futures
import dataclasses
import os
import signal
import sys
import threading
import time
import traceback
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Set

from . import check, decide, fields, includes, patches, report, shared, sources, transform
from .model import Check, FileChange, Problem, Table
from .write import write_atomic

BUNDLED_HEADER = os.path.join(check.PROJECT_INCLUDE, 'linux', 'hashtable.h')
# for trees whose hlist iterators take a struct hlist_node cursor (before 3.9)
BUNDLED_HEADER_PRE39 = os.path.join(check.PRE39_INCLUDE, 'linux', 'hashtable.h')
HEADER_PATH = 'include/linux/hashtable.h'
LOCAL_NICENESS = 10
MAX_ROUNDS = 8

EXIT_OK, EXIT_CHECK_FAILED, EXIT_BAD_INPUT = 0, 1, 2


def parse_args(argv: Optional[List[str]]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog='hashtable-convert',
        description='Convert open-coded struct hlist_head hash tables to <linux/hashtable.h>, '
                    'only where provably safe. Prints a unified diff (apply with git apply or '
                    'patch -p1 from the tree root) and a summary on stderr.',
        epilog='Exit status: 0 done, 1 a check failed, 2 bad usage or input.')
    p.add_argument('paths', nargs='+', metavar='PATH', help='files or directories (a kernel tree or any C tree)')
    p.add_argument('--in-place', action='store_true',
                   help='write the changed files (atomically; only files whose check passed)')
    p.add_argument('--json', metavar='FILE', help='write the per-table and per-file report as JSON')
    p.add_argument('--check', choices=('none', 'header', 'kbuild', 'auto'), default='auto',
                   help='compile each changed file before and after: header (against include/ of '
                        'this project), kbuild (make path/file.o in a configured kernel tree), '
                        'auto (kbuild in a configured kernel tree, else header; the default)')
    p.add_argument('-j', '--jobs', type=int, default=os.cpu_count() or 1, metavar='N',
                   help='parallel spatch jobs (default: all cores)')
    p.add_argument('--format-patch', metavar='DIR',
                   help='write a git am-ready series: one patch per converted table')
    p.add_argument('--timeout', type=int, default=120, metavar='SECONDS',
                   help='per-file time limit for spatch (default 120)')
    p.add_argument('--root', metavar='DIR',
                   help='the top of the tree: diff paths are relative to it, and tables that span '
                        'files are looked up in all of it (default: the kernel tree or git work '
                        'tree the paths are in, else their common directory, where only '
                        'file-local tables are converted)')
    p.add_argument('-q', '--quiet', action='store_true', help='no progress line, no summary')
    p.add_argument('--spatch', default='spatch', metavar='PROGRAM', help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.jobs < 1:
        p.error('-j must be at least 1')
    if args.timeout < 1:
        p.error('--timeout must be at least 1 second')
    return args


@dataclass
class Run:
    """Everything a run learns, stage after stage."""
    root: str
    files: List[str]
    problems: List[Problem] = field(default_factory=list)
    tables: List[Table] = field(default_factory=list)
    changes: List[FileChange] = field(default_factory=list)
    seconds: Dict[str, float] = field(default_factory=dict)    # wall time per stage
    notes: List[str] = field(default_factory=list)              # what the run could not do
    inside: Callable[[str], bool] = lambda rel: True            # under the paths of the run?
    whole_tree: bool = True                                     # root is a tree's top

    def timed(self, stage: str, start: float) -> None:
        self.seconds[stage] = round(self.seconds.get(stage, 0) + time.monotonic() - start, 2)


def find(args, progress) -> Run:
    """Stage 1: the tree, its C files, and the declarations worth parsing."""
    existing = [p for p in args.paths if os.path.exists(p)]
    if args.root:
        root, whole = os.path.abspath(args.root), True
    else:
        root, whole = sources.find_whole_tree(existing) if existing else (os.getcwd(), False)
    files, bad = sources.list_c_files(args.paths, root, containing='hlist_head')
    run = Run(root, files, [Problem(p, m) for p, m in bad])
    run.whole_tree = whole
    run.inside = sources.under(existing, root)
    return run


def scan(run: Run, progress) -> List[sources.Declaration]:
    found = []
    for n, rel in enumerate(run.files):
        if n % 500 == 0:
            progress('scanning %d/%d files' % (n, len(run.files)))
        text = sources.read_text(os.path.join(run.root, rel))
        if text is None:
            run.problems.append(Problem(rel, 'cannot be read'))
            continue
        found.extend(sources.scan_declarations(rel, text))
    return found


def _size(root: str, rel: str) -> int:
    try:
        return os.path.getsize(os.path.join(root, rel))
    except OSError:
        return 0


def local_spatch(spatch: transform.Spatch, plan: shared.Plan) -> transform.Spatch:
    """How to run spatch over the files with file-local tables: while tables span files,
    niced, so that it takes only the CPU their analysis leaves. That analysis is Python
    in this process, and the batch over their files waits for it (Linux 6.1 on 2 cores:
    the whole run 40.5 and 41.0 s, the analysis done at 14.3 and 14.6 s; 45.7 s and
    27.6 s as an equal; 42.3-45.3 s and 17-20 s with one job fewer instead)."""
    if plan.shared:
        return dataclasses.replace(spatch, niceness=LOCAL_NICENESS)
    return spatch


class Converter:
    """Stages 2 to 5, repeated until every surviving conversion passed its check.

    A table that spans files is dropped as a whole when one of its files fails
    (in the rule or in the check); its files are then converted again without it.
    """

    def __init__(self, run: Run, plan: shared.Plan, declarations, spatch: transform.Spatch,
                 checker, progress, check_mode: str = 'none'):
        self.run, self.plan, self.declarations = run, plan, declarations
        self.spatch, self.checker, self.progress = spatch, checker, progress
        self.check_mode = check_mode
        self.results: Dict[str, transform.Outcome] = {}   # file -> what spatch made of it
        self.converted_with: Dict[str, set] = {}          # file -> shared tables it converted
        self.dropped: Dict[str, Table] = {}
        self.failed_files: Dict[str, Check] = {}
        self.checks: Dict[tuple, Check] = {}
        self.undeclared: set = set()      # (header, member): its DECLARE_HASHTABLE() broke a build
        self._parse_pool = None           # spatch --parse-c runs, started by _start_parses()
        self._parses: Dict[str, concurrent.futures.Future] = {}
        self.held: Set[str] = set()       # local files that wait for the shared tables' run
        self._cancelled = threading.Event()   # the run was interrupted: start no spatch
        self.local_thread: Optional[threading.Thread] = None
        self.declared: fields.Memo = {}   # what the DECLARE_HASHTABLE() passes made of a file
        self._ahead: Optional[threading.Thread] = None    # a pass begun early (declare_ahead())
        self.helper_files: Dict[str, List[str]] = {}   # helper -> the files naming it (all rounds)
        self._warm: Optional[fields.WarmDeclare] = None  # the first pass, begun early (_warm_up())

    def start_local(self) -> threading.Thread:
        """Start the file-local work in the background: the facts of its files at once
        (beside the search for the shared tables' names, a subprocess), spatch over
        them as soon as hold_back() has said which of them wait for the shared tables.

        It runs while the tables spanning files are analysed (grep, mostly), and
        the spatch run over their files starts beside it as soon as they are known
        (Linux 6.1 on 2 cores: 42.8 and 42.3 s, against 46.3 and 42.9 s waiting for
        the local batch to end; the same diff). Both then share the cores:
        a file takes up to twice its time, within --timeout (the slowest file of
        Linux 6.1 takes 11 s alone, against 120 s).
        """
        self.local_batch: Dict[str, transform.Outcome] = {}
        self.local_error: Optional[BaseException] = None
        self._held_known = threading.Event()
        spatch = local_spatch(self.spatch, self.plan)

        def work():
            start = time.monotonic()
            try:
                facts = self.plan.facts({}, self.plan.local_files)
                self._held_known.wait()
                if self._cancelled.is_set():
                    return
                files = [f for f in self.plan.local_files if f not in self.held]
                batch = transform.convert(self.run.root, files, spatch, facts)
                self.local_batch = {f: batch.only(f) for f in files}
            except BaseException as e:          # re-raised by the main thread
                self.local_error = e
            self.run.timed('spatch (file-local tables)', start)
        thread = threading.Thread(target=work, daemon=True)
        thread.start()
        self.local_thread = thread
        return thread

    def cancel(self) -> None:
        """The run was interrupted: the local batch, if it has not begun, does not."""
        self._cancelled.set()
        self._held_known.set()

    def hold_back(self, held: Set[str]) -> None:
        """Let the local batch start without held: files likely of a shared table too,
        which go to spatch with its files (Plan.likely_shared_files())."""
        self.held = set(held) & set(self.plan.local_files)
        self._held_known.set()

    def _join_local(self, thread: threading.Thread, rerun: Set[str]) -> None:
        thread.join()
        if self.local_error is not None:
            raise self.local_error
        for f, out in self.local_batch.items():
            if f not in rerun:              # it names a shared table: spatch ran again, with it
                self.results[f] = out
                self.converted_with[f] = set()

    def convert(self, local: threading.Thread):
        try:
            return self._rounds(local)
        finally:
            local.join()    # after a failure in the first round: its spatch ends, its scratch goes
            self._join_ahead()
            if self._warm is not None:
                self._warm.close()

    def _rounds(self, local: Optional[threading.Thread]):
        active = decide.plan_tables(self.plan)
        ahead = None        # (tables, outcome) of a round that dropped tables: see declare_ahead()
        # local files that name a shared table: the batch running now does not know
        # that table, so they go to spatch again; the others get their result from it
        rerun = self.plan.rerun_files(active, self.declarations)
        from_local = set(self.plan.local_files) - rerun - self.held
        for _ in range(MAX_ROUNDS):
            shared_files = sorted({f for t in active.values() for f in t.files})
            wanted = set(self.plan.local_files) | set(shared_files)
            for f in set(self.results) - wanted:
                del self.results[f]        # only a dropped table brought it in: unchanged
            for f in rerun - set(shared_files):
                if f in self.local_batch:  # its shared tables are dropped: the first result holds
                    self.results[f], self.converted_with[f] = self.local_batch[f], set()
            # spatch again for what is new: files not converted yet, and those whose
            # result converted a shared table dropped since (a file that refused the
            # table, or never met it, comes out the same without it)
            todo = sorted(f for f in wanted
                          if f not in from_local and (f not in self.results or
                                                      self.converted_with.get(f, set()) - set(active)))
            if ahead is not None:
                self.declare_ahead(*ahead, again=set(todo))
                ahead = None
            self.progress('spatch: %d file(s)' % len(todo))
            self._warm_up()
            start = time.monotonic()
            batch = transform.convert(self.run.root, todo, self._shared_spatch(local),
                                      self.plan.facts(active, todo), self.progress)
            self.run.timed('spatch (tables shared between files)', start)
            for f in todo:
                self.results[f] = batch.only(f)
                self.converted_with[f] = {r.get('key', r['name'])
                                          for r in self.results[f].records.get(f, [])
                                          if r['shared'] and r['verdict'] == 'converted'
                                          and r.get('key', r['name']) in active}
            if local is not None:
                self._join_local(local, rerun)
                local, from_local = None, set()
            outcome = self._combine()
            tables = self._verdicts(outcome, shared_files, active)
            failed = [t for t in tables if t.shared and t.ident in active and t.verdict != 'converted']
            if not failed:
                self._start_parses(tables)      # beside the DECLARE_HASHTABLE() pass
                self._declare(outcome, tables)
                failed = self._check(outcome, tables, active)
            if not failed and self._check_headers(outcome, tables):
                continue                   # again, without the fields that broke a build
            if not failed:
                return self._finish(outcome, tables)
            for t in failed:
                self.dropped[t.ident] = t
                active.pop(t.ident, None)
            # what the next round most likely declares, and the parses it will ask about,
            # beside its spatch run (often a file or two, on one core)
            self._start_parses(tables)
            ahead = ([t for t in tables if t not in failed], outcome)
        raise RuntimeError('no stable result after %d rounds' % MAX_ROUNDS)

    def _shared_spatch(self, local: Optional[threading.Thread]) -> transform.Spatch:
        """How to run spatch over the files of the shared tables: as niced as the local
        batch while that still runs. Both must end before the run goes on, and a batch
        that gets a tenth of the CPU while the other has it all ends alone, on one core
        when its last file is large (Linux 6.1 on 2 cores, 7 alternating runs each: the
        local batch took 33-44 s of wall time and the run 38.7-51.4 s, median 41.0; the
        same batches as niced, 25.5-31.3 s and 39.1-45.5 s, median 39.7)."""
        if local is not None and local.is_alive() and self.plan.shared:
            return dataclasses.replace(self.spatch, niceness=LOCAL_NICENESS)
        return self.spatch

    def _combine(self) -> transform.Outcome:
        out = transform.Outcome()
        for f in sorted(self.results):
            out.merge(self.results[f])
        return out

    def _verdicts(self, outcome, shared_files, active) -> List[Table]:
        files = set(self.plan.local_files) | set(shared_files)
        tables = decide.local_tables(outcome.records, files, self.declarations,
                                     outcome.new_texts, outcome.problems)
        tables += decide.header_static_tables(self.plan.header_static)
        tables += decide.pointer_tables(self.plan.pointers, {(t.file, t.name) for t in tables})
        naming = decide.helper_naming(self.run.root, outcome.records,
                                      {n: st for n, st in self.plan.shared.items()
                                       if n in active and not st.reasons}, self.helper_files)
        for name, st in sorted(self.plan.shared.items()):
            if name in self.dropped:
                tables.append(self.dropped[name])
            elif name in active or st.reasons:
                tables.append(decide.shared_table(self.run.root, st, outcome.records,
                                                  outcome.new_texts, outcome.problems,
                                                  {d.name for d in self.declarations}, naming))
        # a shared table dropped in an earlier round comes back from its home file as a
        # plain global ("not static"): its shared verdict is the one that counts
        shared = {(t.name, t.file) for t in tables if t.shared}   # (a global of that name)
        tables = [t for t in tables if t.shared or (t.name, t.file) not in shared]
        for t in tables:
            if t.file in self.failed_files and t.verdict == 'converted' and not t.shared:
                t.skip('check failed: ' + self.failed_files[t.file].message)
                t.files = []
        self._refuse_included_units(tables, outcome)
        return tables

    def _refuse_included_units(self, tables, outcome) -> None:
        """A file that another file includes (#include "a.c") is part of that file's unit,
        whose code after the include sees its static tables and may index them with its own
        mask; the rule reads the file alone. Its converted file-local tables are refused and
        it is left unchanged, with the tables that span files that it converted (the next
        round converts their other files without them)."""
        units = sorted({t.file for t in tables if not t.shared and t.verdict == 'converted'
                        and not t.file.endswith('.h') and t.file in outcome.new_texts})
        if not units:
            return
        graph = includes.include_graph(self.run.root)
        for f in units:
            by = sorted((graph.includers(f) | graph.computed_includers(f)) - {f})
            if not by:
                continue
            reason = INCLUDED_UNIT % (f, by[0])
            for t in tables:
                if t.verdict == 'converted' and (t.file == f if not t.shared else f in t.files):
                    t.skip(reason)
                    if not t.shared:
                        t.files = []
            del outcome.new_texts[f]

    def declare_ahead(self, tables, outcome, again: Set[str]) -> None:
        """Begin the DECLARE_HASHTABLE() pass of tables in the background, niced, for the
        files that spatch does not convert again (again): a round that dropped tables
        ends in one like it, and _declare() then takes from self.declared what has the
        same text and fields (Linux 6.1: vxlan_core.c alone in the second round, 2.5 s
        on one core, and 29 files to declare after it)."""
        if not self.plan.declare_fields:
            return
        self._join_ahead()
        kept = [t for t in tables if t.file not in again]
        texts = {f: text for f, text in outcome.new_texts.items() if f not in again}
        spatch = dataclasses.replace(self.spatch, niceness=LOCAL_NICENESS)

        def work():
            start = time.monotonic()
            try:
                wanted = fields.wanted(self.run.root, kept, texts, self.undeclared)
                fields.declare(self.run.root, wanted, texts, spatch, self.declared, self._warm)
            except BaseException:       # only time is lost: _declare() runs what is missing
                pass
            self.run.timed('DECLARE_HASHTABLE fields (beside a round)', start)
        self._ahead = threading.Thread(target=work, daemon=True)
        self._ahead.start()

    def _warm_up(self) -> None:
        """Begin the first DECLARE_HASHTABLE() pass beside the first round's spatch run,
        niced, over every file with a member table: it compiles its OCaml script and waits
        for the fields (Linux 6.1: a second of the run's end, on one core, taken earlier)."""
        if self._warm is not None or not self.plan.declare_fields or \
                self._cancelled.is_set():
            return
        files = {d.path for d in self.declarations if d.kind == 'member'}
        if files:
            largest_first = sorted(files, key=lambda f: (-_size(self.run.root, f), f))
            self._warm = fields.WarmDeclare(largest_first, dataclasses.replace(
                self.spatch, niceness=LOCAL_NICENESS))

    def _join_ahead(self) -> None:
        if self._ahead is not None:
            self._ahead.join()
            self._ahead = None

    def _declare(self, outcome, tables) -> None:
        """Member tables converted: their fields become DECLARE_HASHTABLE() (stage 4b)."""
        if not self.plan.declare_fields:
            return
        self._join_ahead()
        wanted = fields.wanted(self.run.root, tables, outcome.new_texts, self.undeclared)
        if not wanted:
            return
        start = time.monotonic()
        self.progress('DECLARE_HASHTABLE: %d file(s)' % len(wanted))
        done = fields.declare(self.run.root, wanted, outcome.new_texts, self.spatch, self.declared,
                              self._warm)
        self.run.timed('DECLARE_HASHTABLE fields', start)
        if done.note and done.note not in self.run.notes:
            self.run.notes.append(done.note)
        outcome.new_texts.update(done.new_texts)
        for t in tables:
            if (t.file, t.name) in done.fields:
                t.declared = True
                if t.file not in t.files:
                    t.files.append(t.file)

    def _check_headers(self, outcome, tables) -> bool:
        """A changed header passes when files that include it still build (up to
        fields.MAX_DEPENDENTS of them, besides the converted ones; one that did not
        build before is not part of the configuration). When one breaks, its
        DECLARE_HASHTABLE() fields are given up: returns True to convert again."""
        if self.checker is None:
            return False
        changes = {f: t for f, t in outcome.new_texts.items() if not f.endswith('.c')}
        # every changed header is in place for each build, so the files that include any of
        # them are built together (one make before, one after) and judged per header
        deps = {h: fields.dependents(self.run.root, h, set(outcome.new_texts))
                for h, text in changes.items() if (h, sources.digest(text)) not in self.checks}
        todo = {d: sources.read_text(os.path.join(self.run.root, d)) or ''
                for ds in deps.values() for d in ds}
        results = {}
        if todo:
            start = time.monotonic()
            results = self.checker(todo, changes)
            self.run.timed('check', start)
        retry = False
        for h, text in sorted(changes.items()):
            key = (h, sources.digest(text))
            if key not in self.checks:
                mine = {d: r for d, r in results.items() if d in deps[h]}
                broken = [(d, r) for d, r in sorted(mine.items()) if not r.passed
                          and not r.message.startswith('does not build before')]
                built = [d for d, r in mine.items() if r.passed]
                if broken:
                    self.checks[key] = Check(broken[0][1].mode, False, broken[0][1].target,
                                             'breaks %s, which includes it: %s'
                                             % (broken[0][0], broken[0][1].message))
                else:
                    self.checks[key] = Check(self.check_mode, True, ', '.join(sorted(built)))
            if not self.checks[key].passed:
                declared = {(t.file, t.name) for t in tables if t.declared and t.file == h}
                if declared - self.undeclared:
                    self.undeclared |= declared
                    retry = True
                    self.run.notes.append('%s keeps struct hlist_head %s[]: DECLARE_HASHTABLE() '
                                          'there %s' % (h, ', '.join(sorted(n for _, n in declared)),
                                                        self.checks[key].message))
        return retry

    def _check(self, outcome, tables, active) -> List[Table]:
        """Check the changed files; return the shared tables to drop for a failure."""
        changes = {f: text for f, text in outcome.new_texts.items() if f not in self.failed_files}
        if self.checker is None or not changes:
            return []
        todo = {f: text for f, text in changes.items() if (f, sources.digest(text)) not in self.checks}
        if todo:
            start = time.monotonic()
            for f, result in self.checker(todo).items():
                self.checks[(f, sources.digest(todo[f]))] = result
            self.run.timed('check', start)
        drop = []
        for f, text in sorted(changes.items()):
            result = self.checks.get((f, sources.digest(text)))
            if result is None or result.passed:
                continue
            spanning = [t for t in tables if t.shared and t.ident in active and f in t.files]
            for t in spanning:
                t.skip('check failed in %s: %s' % (f, result.message))
                if t not in drop:
                    drop.append(t)
            if not spanning:
                self.failed_files[f] = result
        if drop:
            return drop
        for t in tables:
            if t.file in self.failed_files and t.verdict == 'converted' and not t.shared:
                t.skip('check failed: ' + self.failed_files[t.file].message)
                t.files = []
        return []

    def _finish(self, outcome, tables):
        for t in tables:
            if t.verdict == 'converted' and t.scope == 'member' and not t.files and \
                    not t.declared:
                # its files use <linux/hashtable.h> already: its field was all there was to do
                t.skip(ONLY_FIELD)
        self._explain_parse_errors(tables)
        self.run.tables = sorted(tables, key=lambda t: (t.file, t.line or 0, t.name))
        self.run.problems.extend(outcome.problems)
        for f, text in sorted(outcome.new_texts.items()):
            old = sources.read_text(os.path.join(self.run.root, f))
            names = sorted(t.name for t in tables if f in t.files)
            c = FileChange(f, old, text, names)
            c.check = self.failed_files.get(f) or self.checks.get((f, sources.digest(text)))
            self.run.changes.append(c)


    @staticmethod
    def _puzzling(tables):
        return [t for t in tables if t.verdict != 'converted' and any(
            'use not understood' in r or 'spatch reported no verdict' in r for r in t.reasons)]

    def _start_parses(self, tables) -> None:
        """Start spatch --parse-c of the files _explain_parse_errors() will ask about, as
        many at a time as spatch has jobs (a file of the tree parses the same however
        the rounds end)."""
        if self._parse_pool is None:
            self._parse_pool = concurrent.futures.ThreadPoolExecutor(max(1, self.spatch.jobs))
        for f in sorted({t.file for t in self._puzzling(tables)} - set(self._parses)):
            self._parses[f] = self._parse_pool.submit(
                transform.parse_c, self.run.root, f, self.spatch.program)

    def _explain_parse_errors(self, tables):
        """A use the rule did not understand may be code spatch could not parse: say so."""
        puzzling = self._puzzling(tables)
        self._start_parses(tables)
        parses = {t.file: self._parses[t.file].result() for t in puzzling}
        self._parse_pool.shutdown()
        for t in puzzling:
            parse = parses[t.file]
            if parse is not None and not parse.error_lines and parse.good:
                # it parses: the rule met no declaration of the table that it reads
                t.reasons = [NOT_READ % t.file if r == decide.NO_VERDICT % t.file else r
                             for r in t.reasons]
            if parse is None or not parse.error_lines:
                continue
            note = 'spatch cannot parse %s at line %s (see spatch --parse-c %s)' % (
                t.file, ', '.join(map(str, parse.error_lines[:5])), t.file)
            if any('no verdict' in r for r in t.reasons):
                t.reasons = [note] + [r for r in t.reasons if 'no verdict' not in r]
            else:
                t.reasons.append(note)     # a note: the first reason stands
            if parse.hopeless and not any(p.path == t.file for p in self.run.problems):
                self.run.problems.append(Problem(t.file, 'does not parse as C (line %d); '
                                                 'nothing in it was converted' % parse.error_lines[0]))


INCLUDED_UNIT = ('%s is included by %s, whose code after that include sees its static tables '
                 'and may index them otherwise: the rule reads the file alone, so it is left '
                 'unchanged')
ONLY_FIELD = ('its files use <linux/hashtable.h> on it already, and its field could not become '
              'DECLARE_HASHTABLE() (see the notes)')
NOT_READ = ('spatch parses %s, but the rule read no declaration of the table there (a member '
            'of a struct without a name, or a form of declaration it does not know)')


def header_for(root: str) -> str:
    """The bundled hashtable.h for a tree: 3.7's signatures where list.h is older than 3.9."""
    return BUNDLED_HEADER_PRE39 if sources.tree_is_pre39(root) else BUNDLED_HEADER


def bundled_header(run: Run) -> Optional[FileChange]:
    """A kernel tree older than 3.7 gets include/linux/hashtable.h with the conversions."""
    if not sources.is_kernel_tree(run.root) or os.path.exists(os.path.join(run.root, HEADER_PATH)):
        return None
    if not any(c.check is None or c.check.passed for c in run.changes):
        return None
    with open(header_for(run.root)) as f:
        return FileChange(HEADER_PATH, None, f.read(), [])


def make_checker(mode: str, run: Run, progress, jobs: int = 1):
    if mode == 'none':
        return None
    if mode == 'header':
        return lambda changes, context=None: check.check_header(run.root, changes, progress=progress,
                                                                context=context)
    kbuild = check.KbuildChecker(run.root, jobs=jobs, progress=progress)
    extra = {}
    if not os.path.exists(os.path.join(run.root, HEADER_PATH)):
        with open(header_for(run.root)) as f:
            extra[HEADER_PATH] = f.read()
    return lambda changes, context=None: kbuild.check(changes, extra, context)


def write_changes(run: Run, changes: List[FileChange]) -> None:
    for c in changes:
        try:
            write_atomic(os.path.join(run.root, c.path), c.new_text)
            c.written = True
        except OSError as e:
            c.error = 'not written: %s' % (e.strerror or e)
            run.problems.append(Problem(c.path, c.error + ' (check its permissions)'))


def internal_error(run: Run, stage: str, e: Exception) -> None:
    """An exception in a stage: a named problem of the run, never a traceback."""
    where = traceback.extract_tb(e.__traceback__)[-1] if e.__traceback__ else None
    at = ' at %s:%d' % (os.path.basename(where.filename), where.lineno) if where else ''
    run.problems.append(Problem('(%s)' % stage, 'internal error: %s: %s%s; the stage was abandoned '
                                'and the run went on without it (please report this)'
                                % (type(e).__name__, e, at)))


def _interrupt_on_termination() -> None:
    """SIGTERM and SIGHUP (the terminal closed) end the run as Ctrl-C does: spatch runs in
    process groups of their own (transform.run_spatch()), which these signals sent to the
    tool would not reach."""
    for sig in (signal.SIGTERM, signal.SIGHUP):
        try:
            signal.signal(sig, signal.default_int_handler)
        except (ValueError, OSError):      # not the main thread of the interpreter
            pass


def main(argv: Optional[List[str]] = None) -> int:
    args = parse_args(argv)
    transform.allow_runs()
    _interrupt_on_termination()
    progress = report.Progress(enabled=False if args.quiet else None)
    start = time.monotonic()
    converter = None
    try:
        try:
            run = find(args, progress)
        except Exception as e:     # nothing to go on with
            progress.done()
            print('hashtable-convert: cannot list the files of %s: %s: %s'
                  % (' '.join(args.paths), type(e).__name__, e), file=sys.stderr)
            return EXIT_BAD_INPUT
        mode = check.pick_mode(args.check, run.root)
        if mode == 'kbuild' and not sources.is_kernel_tree(run.root):
            print('hashtable-convert: --check kbuild needs a configured kernel tree; %s is not one '
                  '(use --check header, or --root to name the tree)' % run.root, file=sys.stderr)
            return EXIT_BAD_INPUT
        if run.whole_tree:
            # the include lines of the tree, for the member tables the scan may find: the
            # search runs on the core the scan leaves idle
            includes.start_include_search(run.root)
        try:
            declarations = scan(run, progress)
            run.timed('find and scan', start)
            plan = shared.split(run.root, declarations)
            plan.declare_fields = fields.ocaml_available()
            if not plan.declare_fields:
                run.notes.append(fields.NO_OCAML)
            spatch = transform.Spatch(args.spatch, args.jobs, args.timeout)
            converter = Converter(run, plan, declarations, spatch,
                                  make_checker(mode, run, progress, args.jobs), progress, mode)
        except Exception as e:
            internal_error(run, 'scan', e)
            converter = None
        if converter is not None:
            step = time.monotonic()
            local = None
            try:
                local = converter.start_local()
                held: Set[str] = set()
                try:
                    # the files that name the shared tables first: the local files among
                    # them wait for the tables' spatch run instead of going to spatch twice
                    naming = shared.name_search(run.root, plan, run.whole_tree)
                    held = plan.likely_shared_files(naming, declarations)
                except KeyboardInterrupt:
                    converter.cancel()      # before hold_back() lets the local batch go
                    raise
                finally:
                    converter.hold_back(held)
                shared.analyse(run.root, plan, run.inside, run.whole_tree, naming)
            except Exception as e:
                internal_error(run, 'tables shared between files', e)
                for t in plan.shared.values():
                    t.reasons.append('the analysis of tables shared between files failed')
            run.timed('tables shared between files', step)
            try:
                if local is not None:          # else the failure above said why
                    converter.convert(local)
            except Exception as e:
                internal_error(run, 'convert', e)
    except KeyboardInterrupt:
        transform.stop_all()
        if converter is not None and converter.local_thread is not None:
            converter.local_thread.join(10)     # its scratch tree goes with it
        progress.done()
        print('hashtable-convert: interrupted; the tree is as it was', file=sys.stderr)
        return 130
    progress.done()
    good = [c for c in run.changes if c.check is None or c.check.passed]
    header = None
    try:
        header = bundled_header(run)
    except Exception as e:
        internal_error(run, 'bundled header', e)
    if header is not None:
        good.insert(0, header)
        run.changes.insert(0, header)
    try:
        if args.in_place:
            write_changes(run, good)
        else:
            sys.stdout.write(report.diff_of(good))
    except Exception as e:
        internal_error(run, 'write', e)
    if args.format_patch:
        try:
            written = patches.write_series(args.format_patch, run.root, run.tables,
                                           [c for c in good if c is not header], mode, header)
            if not args.quiet:
                print('hashtable-convert: %d patch(es) in %s' % (len(written), args.format_patch),
                      file=sys.stderr)
        except Exception as e:
            internal_error(run, 'format-patch', e)
    summary = report.Summary(run.tables, run.changes, run.problems, mode, time.monotonic() - start,
                             run.seconds, run.notes)
    if args.json:
        report.write_json(args.json, summary)
    if not args.quiet:
        sys.stderr.write(summary.text())
    if run.problems:
        return EXIT_BAD_INPUT
    if any(c.check is not None and not c.check.passed for c in run.changes):
        return EXIT_CHECK_FAILED
    return EXIT_OK
