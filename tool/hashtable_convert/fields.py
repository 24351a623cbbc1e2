"""Stage 4b: member tables declared with DECLARE_HASHTABLE().

Once every access of a member table uses hashtable.h, its field
struct hlist_head T[N] becomes DECLARE_HASHTABLE(T, B), in the .c file or
the header that declares it, by semantic-patches/declare_hashtable.cocci
(an OCaml script builds the field: SmPL in spatch 1.1.1 cannot). Where that
is impossible (no OCaml, bits that do not name anything at the field) the
field stays an array, which every hashtable.h macro takes as well.
"""

import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
from dataclasses import dataclass, field
from typing import Dict, FrozenSet, List, Optional, Set, Tuple

from .model import Table
from .shared import included_facts, included_headers, object_macros
from .sources import _search_command, blank_comments_and_strings, digest, read_text, \
    with_hashtable_include
from .transform import HERE, Spatch, kill_group, run_spatch

RULE = os.path.join(HERE, 'semantic-patches', 'declare_hashtable.cocci')
# objects that include a changed header, built besides the converted ones
MAX_DEPENDENTS = 20
NO_OCAML = ('member tables keep struct hlist_head T[N]: DECLARE_HASHTABLE() fields need an '
            'OCaml compiler for spatch (Debian: apt-get install ocaml-nox)')


def ocaml_available() -> bool:
    """Can spatch run the OCaml script of declare_hashtable.cocci here?"""
    return bool(shutil.which('ocamlopt') or shutil.which('ocamlc'))


@dataclass
class Declared:
    """What the pass did: new texts, the fields it wrote, and why it could not."""
    new_texts: Dict[str, str] = field(default_factory=dict)
    fields: Set[Tuple[str, str]] = field(default_factory=set)    # (path, member)
    note: str = ''


def _bits_named_before(root: str, path: str, text: str, line: int, bits: str,
                       size: str = '') -> bool:
    """Are the names in bits macros that the file defines, or includes, above line, or
    names that the field's own size reaches through macros the file defines once above
    it, outside any #if and never #undef'd, when the size names nothing else?
    (ipvlan.h: IPVLAN_HASH_SIZE is (1 << BITS_PER_BYTE), whose header it does not
    include: the field compiles, so BITS_PER_BYTE is defined where it is.)"""
    above = '\n'.join(text.split('\n')[:max(line - 1, 0)])
    own = object_macros(above)
    defined = set(own)
    for facts in included_facts(root, path, above):
        defined.update(facts.macros)
    names = set(re.findall(r'\b[A-Za-z_]\w*', bits))
    if names <= defined:
        return True
    # reached from the size: then the size must be made of the bits' names and of the
    # header's own macros only, or another includer's (TBL_UNIT << TBL_SHIFT, with
    # TBL_UNIT 2 and TBL_SHIFT 3 there) is the same size with other bits (a review's)
    macros = _unconditional_macros(above, text)
    reached = _reached_from(size, macros)
    return names - defined <= reached and reached - set(macros) <= names


def _unconditional_macros(above: str, text: str) -> Dict[str, List[str]]:
    """The object-like macros defined in above outside every #if (an include guard aside)
    and #undef'd nowhere in text: what an includer cannot have defined otherwise first
    (#ifndef SIZE ... a default) and nothing takes back."""
    lines = blank_comments_and_strings(above.replace('\\\n', ' ')).split('\n')
    first = next((i for i, line in enumerate(lines) if _DIRECTIVE_RE.match(line)), None)
    guard = first if first is not None and _include_guard(text) and \
        _DIRECTIVE_RE.match(lines[first]).group(1) == 'ifndef' else None
    out: Dict[str, List[str]] = {}
    conditional: Set[str] = set()       # also defined under an #if: which one holds is not known
    depth = 0
    for i, line in enumerate(lines):
        m = _DIRECTIVE_RE.match(line)
        word = m.group(1) if m else None
        if word in ('if', 'ifdef', 'ifndef') and i != guard:
            depth += 1
        elif word == 'endif':
            depth = max(depth - 1, 0)
        elif word == 'define':
            for name, values in object_macros(line).items():
                if depth == 0:
                    out.setdefault(name, []).extend(values)
                else:
                    conditional.add(name)
    undefs = set(re.findall(r'^[ \t]*#[ \t]*undef[ \t]+(\w+)', text, re.M))
    return {k: v for k, v in out.items() if k not in undefs and k not in conditional}


_DIRECTIVE_RE = re.compile(r'[ \t]*#[ \t]*(\w+)[ \t]*(\w*)')


def _include_guard(text: str) -> bool:
    """Does text open with #ifndef G / #define G and close that #if with its last
    directive, after which it has no code (an include guard, not an #ifndef default of a
    macro)?"""
    lines = blank_comments_and_strings(text.replace('\\\n', ' ')).split('\n')
    at = [i for i, line in enumerate(lines) if _DIRECTIVE_RE.match(line)]
    directives = [_DIRECTIVE_RE.match(lines[i]).groups() for i in at]
    if len(directives) < 3 or directives[0][0] != 'ifndef' or \
            directives[1] != ('define', directives[0][1]) or directives[-1][0] != 'endif' or \
            any(line.strip() for line in lines[:at[0]] + lines[at[-1] + 1:]):
        return False
    depth = 0
    for k, (word, _) in enumerate(directives):
        if word in ('if', 'ifdef', 'ifndef'):
            depth += 1
        elif word == 'endif':
            depth -= 1
            if depth == 0:
                return k == len(directives) - 1
    return False


def _reached_from(text: str, macros: Dict[str, List[str]]) -> Set[str]:
    """The names of text and, for a macro of macros with one value, of its value (again)."""
    seen: Set[str] = set()
    todo = re.findall(r'\b[A-Za-z_]\w*', text)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if len(macros.get(name, ())) == 1:
            todo.extend(re.findall(r'\b[A-Za-z_]\w*', macros[name][0]))
    return seen


def plain_field(text: str, name: str) -> bool:
    """Is the one field called name in text just struct hlist_head name[N]; (no const,
    attribute or second declarator, which DECLARE_HASHTABLE() would drop)?"""
    code = blank_comments_and_strings(text)
    fields = list(re.finditer(r'\bhlist_head\s+%s\s*\[' % re.escape(name), code))
    # after a statement, a brace or a preprocessor line (not one continued into it)
    plain = re.search(r'(?:[;{]|^[ \t]*#(?:[^\n]*[^\\\n])?\n)\s*struct\s+hlist_head\s+%s\s*'
                      r'\[[^\];]*\]\s*;' % re.escape(name), code, re.M)
    return len(fields) == 1 and plain is not None


def wanted(root: str, tables: List[Table], texts: Dict[str, str],
           refused: Set[Tuple[str, str]]) -> Dict[str, Dict[str, str]]:
    """path -> member -> bits, for the converted member tables to declare.

    A table of one file: the rule chose bits valid at its declaration. A table
    declared in a header: its bits were worked out in the .c files, so each
    name in them must be a macro the header defines above the field.
    """
    out: Dict[str, Dict[str, str]] = {}
    for t in tables:
        if t.verdict != 'converted' or t.scope != 'member' or not t.bits or not t.line \
                or (t.file, t.name) in refused:
            continue
        text = texts.get(t.file) or read_text(os.path.join(root, t.file)) or ''
        if t.shared and not _bits_named_before(root, t.file, text, t.line, t.bits, t.size):
            continue
        if not plain_field(text, t.name):
            continue
        out.setdefault(t.file, {})[t.name] = t.bits
    return out


# (path, digest of its text, its fields) -> (new text or None, the fields written)
Memo = Dict[Tuple[str, str, Tuple[Tuple[str, str], ...]], Tuple[Optional[str], FrozenSet[str]]]


def declare(root: str, fields: Dict[str, Dict[str, str]], texts: Dict[str, str],
            spatch: Spatch, memo: Optional[Memo] = None,
            warm: Optional['WarmDeclare'] = None) -> Declared:
    """Run declare_hashtable.cocci over the files of fields (their texts as converted).

    memo: what earlier passes made of a file (the rule reads each file alone): a file
    with the same text and fields is not given to spatch again, and what spatch makes
    of the others is added to it. warm: a run begun earlier, used if it has the files."""
    out = Declared()
    before = {rel: _text_of(root, rel, texts) for rel in sorted(fields)}
    keys = {rel: (rel, digest(before[rel]), tuple(sorted(fields[rel].items())))
            for rel in before}
    known = memo if memo is not None else {}
    todo = {rel: fields[rel] for rel in before if keys[rel] not in known}
    if todo:
        ran = warm.run(todo, before) if warm is not None and warm.covers(todo) \
            else _run(todo, before, spatch)
        if ran.note:
            out.note = ran.note
        else:
            for rel in todo:
                new = ran.new_texts.get(rel)
                known[keys[rel]] = (new, frozenset(m for r, m in ran.fields if r == rel))
    for rel in sorted(before):
        if keys[rel] in known:
            new, done = known[keys[rel]]
            if new is not None:
                out.new_texts[rel] = new
                out.fields |= {(rel, m) for m in done}
    return out


def _text_of(root: str, rel: str, texts: Dict[str, str]) -> str:
    text = texts.get(rel)
    return text if text is not None else read_text(os.path.join(root, rel)) or ''


def _run(fields: Dict[str, Dict[str, str]], before: Dict[str, str], spatch: Spatch) -> Declared:
    """One spatch run of declare_hashtable.cocci over the files of fields."""
    with tempfile.TemporaryDirectory(prefix='hashtable-convert-fields-') as scratch:
        _write_files(scratch, fields, before)
        facts = os.path.join(scratch, '.fields.json')
        with open(facts, 'w') as f:
            json.dump(fields, f)
        groups = _write_groups(scratch, sorted(fields, key=lambda rel: (-len(before[rel]), rel)))
        try:
            proc = run_spatch(spatch.command(groups, False, RULE, gated=False), scratch,
                              dict(os.environ, HASHTABLE_CONVERT_FIELDS=facts))
        except OSError as e:
            return _not_run(spatch, e)
        return _collect(proc, scratch, fields, before)


def _write_files(scratch: str, fields: Dict[str, Dict[str, str]], before: Dict[str, str]) -> None:
    for rel in sorted(fields):
        path = os.path.join(scratch, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w', encoding='utf-8', errors='surrogateescape') as f:
            f.write(before[rel])


def _write_groups(scratch: str, files: List[str]) -> str:
    """A group of each of files, in that order (the largest first: spatch -j hands out
    one file at a time, and a large file begun last keeps one core busy alone)."""
    groups = os.path.join(scratch, '.groups')
    with open(groups, 'w') as f:
        f.write('\n\n'.join(files) + '\n')
    return groups


def _not_run(spatch: Spatch, e: OSError) -> Declared:
    return Declared(note='member tables keep struct hlist_head T[N]: cannot run %s: %s'
                    % (spatch.program, e.strerror))


def _collect(proc: subprocess.CompletedProcess, scratch: str, fields: Dict[str, Dict[str, str]],
             before: Dict[str, str]) -> Declared:
    """What a run of the rule in scratch made of the files of fields."""
    out = Declared()
    if proc.returncode != 0:
        if 'OCaml' in proc.stderr or 'ocaml' in proc.stderr:
            out.note = NO_OCAML
        else:
            tail = [l for l in proc.stderr.splitlines() if l.strip()]
            out.note = 'member tables keep struct hlist_head T[N]: %s failed: %s' % (
                os.path.basename(RULE), tail[-1] if tail else 'exit %d' % proc.returncode)
        return out
    for rel in sorted(fields):
        new = read_text(os.path.join(scratch, rel))
        if new is None or new == before[rel]:
            continue
        done = {m for m in fields[rel]
                if re.search(r'\bDECLARE_HASHTABLE\(\s*%s\s*,' % re.escape(m), new)}
        if done:
            out.new_texts[rel] = with_hashtable_include(new)
            out.fields |= {(rel, m) for m in done}
    return out


# how long a warm run waits for its fields: the tool gives them, or an empty set, or stops
# it; killed outright, it is gone, and the rule stops waiting
WARM_WAIT = 3600


class WarmDeclare:
    """A run of declare_hashtable.cocci begun before its fields are known, beside the
    spatch run whose tables they depend on: spatch takes a second to compile the rule's
    OCaml script (Linux 6.1: that second at the end of the run, on one core), then waits
    for the fields file. Its files, a superset of those the pass will change, are empty
    until run() writes the ones it is given; it is used once."""

    def __init__(self, files: List[str], spatch: Spatch):
        """files: in the order to give them to spatch (the largest first)."""
        self.files = list(files)
        self.used = False
        self.spatch = spatch
        self.proc: Optional[subprocess.CompletedProcess] = None
        self.error: Optional[BaseException] = None
        self.popen: Optional[subprocess.Popen] = None
        self.scratch = tempfile.mkdtemp(prefix='hashtable-convert-fields-')
        try:
            _write_files(self.scratch, {rel: {} for rel in self.files},
                         {rel: '' for rel in self.files})
            self.facts = os.path.join(self.scratch, '.fields.json')
            env = dict(os.environ, HASHTABLE_CONVERT_FIELDS=self.facts,
                       HASHTABLE_CONVERT_FIELDS_WAIT=str(WARM_WAIT),
                       HASHTABLE_CONVERT_FIELDS_WRITER=str(os.getpid()))
            self.command = spatch.command(_write_groups(self.scratch, self.files), False, RULE,
                                          gated=False)
            self.thread = threading.Thread(target=self._work, args=(env,), daemon=True)
            self.thread.start()
        except BaseException:
            shutil.rmtree(self.scratch, ignore_errors=True)
            raise

    def _work(self, env) -> None:
        try:
            self.proc = run_spatch(self.command, self.scratch, env, self._started)
        except BaseException as e:         # KeyboardInterrupt after stop_all() too
            self.error = e

    def _started(self, popen: subprocess.Popen) -> None:
        self.popen = popen

    def covers(self, fields: Dict[str, Dict[str, str]]) -> bool:
        """Can run() take fields: files it has, and it still waits for them?"""
        return not self.used and set(fields) <= set(self.files) and self.thread.is_alive()

    def run(self, fields: Dict[str, Dict[str, str]], before: Dict[str, str]) -> Declared:
        self.used = True
        try:
            _write_files(self.scratch, fields, before)
            self._give(fields)
            self.thread.join()
            if isinstance(self.error, OSError):
                return _not_run(self.spatch, self.error)
            if self.error is not None:
                raise self.error
            return _collect(self.proc, self.scratch, fields, before)
        finally:
            self._end()

    def close(self) -> None:
        """End it unused (a run that declared nothing)."""
        if not self.used:
            self.used = True
            self._give({})          # were it not started yet: it ends at once, changing nothing
            self._end()

    def _end(self) -> None:
        """Its spatch stopped (Ctrl-C while it runs: it would read files that go), its
        files gone."""
        if self.thread.is_alive() and self.popen is not None and self.popen.returncode is None:
            kill_group(self.popen)  # not once reaped: its process group could be another's
        self.thread.join()
        shutil.rmtree(self.scratch, ignore_errors=True)

    def _give(self, fields: Dict[str, Dict[str, str]]) -> None:
        # whole or not at all: the rule reads the file as soon as it is there
        with open(self.facts + '.new', 'w') as f:
            json.dump(fields, f)
        os.replace(self.facts + '.new', self.facts)


def dependents(root: str, header: str, exclude: Set[str], limit: int = MAX_DEPENDENTS,
               depth: int = 3) -> List[str]:
    """.c files of the tree that include header, directly or through up to depth headers
    that include it, up to limit, nearest first and then in path order."""
    out: List[str] = []
    seen, frontier = {header}, [header]
    for _ in range(depth):
        found = []
        for h in frontier:
            found.extend(f for f in _includers(root, h) if f not in seen)
        seen.update(found)
        out.extend(f for f in sorted(set(found)) if f.endswith('.c') and f not in exclude)
        frontier = sorted({f for f in found if f.endswith('.h')})
        if len(out) >= limit or not frontier:
            break
    return out[:limit]


def _includers(root: str, header: str) -> List[str]:
    """Files of the tree (.c and .h) with an #include of header itself."""
    cmd = _search_command('-lF') + ['-e', os.path.basename(header), '.']
    try:
        proc = subprocess.run(cmd, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              universal_newlines=True, errors='replace')
    except OSError:
        return []
    return [rel for rel in sorted(os.path.normpath(l) for l in proc.stdout.splitlines() if l.strip())
            if rel.endswith(('.c', '.h')) and rel != header and
            header in included_headers(root, rel, read_text(os.path.join(root, rel)) or '')]
