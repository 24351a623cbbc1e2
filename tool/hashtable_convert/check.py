"""Stage 5: prove that each changed file still builds, with no new warning.

header: compile the file before and after against this project's include/
        (userspace trees such as testdata/; gcc -fsyntax-only -Wall -Wextra).
kbuild: build the file's object in a configured kernel tree, the tree's own
        way (make path/file.o), before and after; one make for all objects.
Either way a file fails on an error, on an error before the change (nothing
can be proved then), or on a warning the original did not have.
"""

import collections
import os
import re
import shutil
import subprocess
import tempfile
from typing import Callable, Dict, List, Optional, Tuple

from .model import Check
from .sources import include_dirs, is_kernel_tree, is_pre39, read_text
from .transform import HERE, version_text
from .write import Swap

PROJECT_INCLUDE = os.path.join(HERE, 'include')
# that era's hashtable.h, list.h and rculist.h, for code with the pre-3.9 iterators
PRE39_INCLUDE = os.path.join(PROJECT_INCLUDE, 'pre-3.9')
HEADER_FLAGS = ['-fsyntax-only', '-std=gnu11', '-Wall', '-Wextra']
_DIAG_RE = re.compile(r'^(?P<file>[^\s:][^:]*):\d+(?::\d+)?: (?P<kind>warning|error|fatal error): '
                      r'(?P<text>.*)$', re.M)


def pick_mode(mode: str, root: str) -> str:
    """auto: kbuild in a configured kernel tree, header in other trees.

    A kernel tree that is not configured cannot be built, and its files do not
    compile against this project's userspace headers either: auto then gives
    'none', and the summary says how to get a check.
    """
    if mode != 'auto':
        return mode
    if not is_kernel_tree(root):
        return 'header'
    configured = os.path.exists(os.path.join(root, '.config')) and \
        os.path.exists(os.path.join(root, 'include', 'generated', 'autoconf.h'))
    return 'kbuild' if configured else 'none'


def diagnostics(output: str, strip: str = '') -> collections.Counter:
    """Warnings and errors of compiler output, without line numbers (lines move)."""
    found = collections.Counter()
    for m in _DIAG_RE.finditer(output):
        path = m.group('file')
        if strip and path.startswith(strip):
            path = path[len(strip):]
        found[(path, m.group('kind'), m.group('text').strip())] += 1
    return found


def _first_error(output: str) -> str:
    errors = [l for l in output.splitlines() if ' error: ' in l or 'Error ' in l or 'error:' in l]
    return (errors or [l for l in output.splitlines() if l.strip()] or ['no output'])[0].strip()


def _compare(mode: str, target: str, before: str, before_ok: bool, after: str,
             after_ok: bool, strip: str = '') -> Check:
    if not before_ok:
        return Check(mode, False, target, 'does not build before the change either, so nothing '
                     'can be proved: ' + _first_error(before))
    if not after_ok:
        return Check(mode, False, target, 'build fails after the change: ' + _first_error(after))
    new = diagnostics(after, strip) - diagnostics(before, strip)
    if new:
        lines = ['%s: %s: %s' % key for key in sorted(new)]
        return Check(mode, False, target, 'new warning: ' + lines[0], lines)
    return Check(mode, True, target)


def check_header(root: str, changes: Dict[str, str], cc: str = 'gcc',
                 progress: Callable[[str], None] = lambda s: None,
                 context: Optional[Dict[str, str]] = None) -> Dict[str, Check]:
    """Compile each changed .c file before and after against include/ here.

    Changed headers (of changes or context) are laid over the tree for the builds
    after the change.
    """
    out = {}
    with tempfile.TemporaryDirectory(prefix='hashtable-convert-check-') as tmp:
        for rel, text in dict(context or {}, **changes).items():
            if not rel.endswith('.c'):
                path = os.path.join(tmp, 'after', rel)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, 'w', encoding='utf-8', errors='surrogateescape') as f:
                    f.write(text)
        for n, (rel, new_text) in enumerate(sorted(changes.items())):
            if not rel.endswith('.c'):
                continue
            progress('check (header): %d/%d %s' % (n + 1, len(changes), rel))
            src_dir = os.path.dirname(os.path.join(root, rel))
            era = ['-I', PRE39_INCLUDE] if is_pre39(read_text(os.path.join(root, rel)) or '') else []
            results = []
            for side, text in (('before', None), ('after', new_text)):
                d = os.path.join(tmp, side, os.path.dirname(rel))
                os.makedirs(d, exist_ok=True)
                path = os.path.join(d, os.path.basename(rel))
                if text is None:
                    shutil.copyfile(os.path.join(root, rel), path)
                else:
                    with open(path, 'w', encoding='utf-8', errors='surrogateescape') as f:
                        f.write(text)
                cmd = [cc] + HEADER_FLAGS + era + ['-I', PROJECT_INCLUDE]
                for d in include_dirs(root, rel):
                    if text is not None:
                        cmd += ['-I', os.path.join(tmp, 'after', d)]
                    cmd += ['-I', os.path.join(root, d)]
                cmd += ['-iquote', src_dir, path]
                proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                      universal_newlines=True, errors='replace')
                output = proc.stdout.replace(os.path.join(tmp, side) + '/', '')
                results.append((output.replace(os.path.join(os.path.abspath(root), ''), ''),
                                proc.returncode == 0))
            (before, bok), (after, aok) = results
            out[rel] = _compare('header', rel, before, bok, after, aok)
    return out


def object_of(rel: str) -> Optional[str]:
    return rel[:-2] + '.o' if rel.endswith('.c') else None


# kbuild's quiet echo of a recipe ("  CC [M]  net/9p/error.o"), and make's own lines
_ECHO_RE = re.compile(r'^  [A-Z][A-Z0-9_]*(?: \[M\])? +(?P<target>\S+)$')
_MAKE_LINE_RE = re.compile(r'^make(?:\[\d+\])?: ')


def split_by_target(output: str) -> Dict[str, str]:
    """The output of make --output-sync=target, cut into each target's recipe output.

    A block starts at kbuild's echo of the recipe and ends at the next echo or
    line of make's own; the compiler's diagnostics of that object are inside it.
    The lines outside every block are under the key None.
    """
    blocks: Dict[Optional[str], List[str]] = {None: []}
    current = None
    for line in output.splitlines():
        m = _ECHO_RE.match(line)
        if m:
            current = m.group('target')
        elif _MAKE_LINE_RE.match(line):
            current = None
        blocks.setdefault(current, []).append(line)
    return {target: ''.join(l + '\n' for l in lines) for target, lines in blocks.items()}


# what a make run inherits from a make above it (make -s turns kbuild's echo off)
_MAKE_ENVIRONMENT = ('MAKEFLAGS', 'MFLAGS', 'MAKELEVEL', 'MAKEOVERRIDES')


def has_output_sync(make: str) -> bool:
    """GNU make 4.0 and later keep each recipe's output together (--output-sync)."""
    m = re.search(r'^GNU Make (\d+)', version_text(make), re.M)
    return bool(m) and int(m.group(1)) >= 4


def _run_make(root: str, args: List[str], make: str) -> subprocess.Popen:
    """make args in root, its output (stdout and stderr) to read as text; without what a
    make above passed down."""
    env = {k: v for k, v in os.environ.items() if k not in _MAKE_ENVIRONMENT}
    return subprocess.Popen([make] + args, cwd=root, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, universal_newlines=True, errors='replace')


def _remove(root: str, objs: List[str]) -> None:
    for obj in objs:
        path = os.path.join(root, obj)
        if os.path.exists(path):
            os.unlink(path)      # or make would find it up to date and say nothing


def _make_object(root: str, obj: str, make: str) -> Tuple[str, bool]:
    """One object in a make of its own (make before 4.0): all its output is its own."""
    _remove(root, [obj])
    with _run_make(root, ['-j1', obj], make) as proc:
        output = proc.stdout.read()
    return output, proc.returncode == 0 and os.path.exists(os.path.join(root, obj))


def make_objects(root: str, objs: List[str], make: str = 'make', jobs: int = 1,
                 progress: Callable[[str], None] = lambda s: None,
                 label: str = '') -> Dict[str, Tuple[str, bool]]:
    """Build objects of a configured kernel tree from scratch, in one make.

    One make for all (-k: a failure does not stop the others) spares kbuild's
    start-up of several seconds per object; --output-sync keeps each recipe's
    output together. An object's output is its own blocks (its CC, sparse's CHECK
    of its source) and every line that is in no object's block (what prepare
    rebuilt): a warning there counts for each object. Returns obj -> (its output,
    it was built).
    """
    if not objs:
        return {}                # (make without a target would build the whole tree)
    if not has_output_sync(make):
        return {obj: _make_object(root, obj, make) for obj in objs}
    _remove(root, objs)
    wanted, lines, done = set(objs), [], 0
    with _run_make(root, ['-k', '-j%d' % jobs, '--output-sync=target', '--no-silent', 'V=0'] +
                   list(objs), make) as proc:
        for line in proc.stdout:
            lines.append(line)
            m = _ECHO_RE.match(line.rstrip('\n'))
            if m and m.group('target') in wanted:
                done += 1
                progress('check (kbuild): %s%d/%d %s' % (label, done, len(objs), m.group('target')))
    output = ''.join(lines)
    blocks = split_by_target(output)
    own = {obj: blocks.pop(obj) for obj in objs if obj in blocks}
    for target in sorted(t for t in blocks if t is not None):
        obj = os.path.splitext(target)[0] + '.o'
        if obj in own:               # another recipe line of its own ("CHECK net/x.c")
            own[obj] += blocks.pop(target)
    rest = ''.join(blocks[t] for t in sorted(blocks, key=lambda t: (t is not None, t or '')))
    out = {}
    for obj in objs:
        built = os.path.exists(os.path.join(root, obj))
        if obj in own:
            out[obj] = (own[obj] + rest, built)
        elif built:
            # built, yet no line of its own: its output cannot be told from the others
            out[obj] = ('error: make printed no line of its own for %s (kbuild silent?)\n%s'
                        % (obj, output), False)
        else:
            # no recipe of its own ran ("No rule to make target"): the lines that name it
            src = obj[:-2] + '.c'
            named = [l for l in output.splitlines() if obj in l or src in l]
            out[obj] = ('\n'.join(named) + '\n' if named else output, False)
    return out


class KbuildChecker:
    """Builds objects of a configured kernel tree; remembers the builds before the change."""

    def __init__(self, root: str, make: str = 'make', jobs: int = 1,
                 progress: Callable[[str], None] = lambda s: None):
        self.root, self.make, self.jobs, self.progress = root, make, jobs, progress
        self.before: Dict[str, tuple] = {}

    def check(self, changes: Dict[str, str], extra: Dict[str, str],
              context: Optional[Dict[str, str]] = None) -> Dict[str, Check]:
        """changes: rel path -> new text; extra: files added for the build (hashtable.h);
        context: changed files put in place for the build but not checked themselves."""
        objects = {rel: object_of(rel) for rel in sorted(changes) if object_of(rel)}
        todo = sorted({obj for obj in objects.values() if obj not in self.before})
        if todo:
            self.before.update(make_objects(self.root, todo, self.make, self.jobs, self.progress,
                                            'before '))
        out = {}
        with Swap(self.root, dict(context or {}, **dict(changes, **extra))):
            after = make_objects(self.root, sorted(set(objects.values())), self.make, self.jobs,
                                 self.progress, 'after ')
        for rel, obj in objects.items():
            before, bok = self.before[obj]
            out[rel] = _compare('kbuild', obj, before, bok, *after[obj])
        # restoring gave the sources a new time stamp: make rebuilds these objects next time
        return out
