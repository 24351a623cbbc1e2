"""Which files of a tree can see a struct (part of stage 2).

A member table E->T of struct S declared in header D can be indexed only
where the compiler knows S's fields:

- in a translation unit (a .c file) that includes D, directly or through
  other headers: every other .c file that names T names another struct's T;
- in a header (or an .inc/.def file) that such a unit includes, when its
  code can form an expression of type struct S: it names S, a typedef of it,
  or a name declared with such a type (a field, a function, a global, a
  macro), or it includes D itself.

The include graph comes from one search of the tree's #include lines. Where
an include cannot be resolved exactly (kbuild adds -I paths of its own), it
is taken to reach every file whose path ends with what it names: more files
can only keep a table refused. A computed include (#include MACRO, as
trace/define_trace.h does) reaches what the macro is defined to: a file that
defines such a macro to a file that sees S sees S too.
"""

import atexit
import bisect
import functools
import os
import re
import subprocess
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from typing import IO, Dict, FrozenSet, Iterable, Iterator, List, Optional, Set, Tuple

from .sources import INCLUDED_SUFFIXES, _search_command, blank_comments_and_strings, \
    forget_include_dirs, read_text

# path:line of a search's output, for the lines that include a file by name or by macro
_INCLUDE_OUT_RE = re.compile(r'^(?:\./)?([^:\n]*):[ \t]*#[ \t]*include(?:_next)?[ \t]*'
                             r'(?:([<"])([^>"\n]+)[>"]|([A-Za-z_][^\n]*))', re.M)
# an include whose target the line does not show (a comment or a line continuation after
# #include, a comment before the # or after it): the file may include anything
_ODD_INCLUDE_OUT_RE = re.compile(r'^(?:\./)?([^:\n]*):[ \t]*(?:/\*[^\n]*?\*/[ \t]*#[ \t]*(?:/\*[^\n]*?\*/)?'
                                 r'[ \t]*include|#[ \t]*/\*[^\n]*?\*/[ \t]*include|#[ \t]*include(?:_next)?'
                                 r'[ \t]*(?:/[*/]|\\|$))', re.M)
_DEFINE_OUT_RE = re.compile(r'^(?:\./)?([^:\n]*):[ \t]*#[ \t]*define[ \t]+(\w+)[ \t]+'
                            r'(?:[<"]([^>"\n]+)[>"]|([A-Za-z_][\w./-]*))[ \t]*(?:/[*/][^\n]*)?$', re.M)
# a makefile's -include FILE (kbuild passes it to the compiler: every unit below has it)
_FORCED_OUT_RE = re.compile(r'^(?:\./)?([^:\n]*):.*?(?:^|\s)-include\s+(\S+)', re.M)
# one search finds all three: the includes, the macros of one word or one quoted or
# bracketed path that an #include MACRO line may name, and makefiles' -include options.
# Each pattern only finds the lines the patterns above read ("include" as a plain word:
# a literal lets the search skip most of each file, 2.9 s of CPU on Linux 6.1 against 4.0
# for one pattern of all three)
_SEARCH = ('include',
           r'#[[:space:]]*define[[:space:]]+[A-Za-z_][A-Za-z_0-9]*[[:space:]]+'
           r'([<"][^>"]*[>"]|[A-Za-z_][A-Za-z_0-9./-]*)[[:space:]]*(/[*/].*)?$')
_MAKEFILES = ('Makefile', 'Kbuild', 'Makefile.*', '*.mk')

Include = Tuple[str, str, str]      # the including file (relative to the root), '<' or '"', target


@functools.lru_cache(maxsize=1 << 16)
def _written(target: str) -> str:
    """The path an include names, without its ./ and ../ steps (for a suffix match;
    remembered: Linux 6.1 asks 400,000 times for 22,170 paths)."""
    parts = [p for p in os.path.normpath(target).split('/') if p not in ('.', '..', '')]
    return '/'.join(parts)


def _path_suffixes(path: str) -> List[str]:
    """a/b/c.h -> [a/b/c.h, b/c.h, c.h]: the written paths _ends_with(path, ...) accepts
    (with <asm/x.h> for asm-generic/x.h, which IncludeGraph indexes under both)."""
    parts = path.split('/')
    return ['/'.join(parts[i:]) for i in range(len(parts))]


def _ends_with(path: str, written: str) -> bool:
    if ('/' + path).endswith('/' + written):
        return True
    # kbuild's generic-y: <asm/x.h> is arch/*/include/generated/asm/x.h, which includes
    # <asm-generic/x.h>
    return written.startswith('asm/') and ('/' + path).endswith('/asm-generic/' + written[4:])


@dataclass
class IncludeGraph:
    """Every #include of a tree, found by the basename of what it names.

    An include is taken to reach the file the compiler finds first where that is
    certain (a quoted name in the includer's own folder), else every file whose
    path ends with what it names: kbuild adds -I folders of its own.
    """
    root: str
    by_basename: Dict[str, List[Include]] = field(default_factory=lambda: defaultdict(list))
    by_path: Dict[str, List[Include]] = field(default_factory=lambda: defaultdict(list))
    # files with an #include MACRO line -> the macro names of that line
    computed: Dict[str, Set[str]] = field(default_factory=dict)
    # file -> the targets (as written) of its #define NAME <x>, "x" or word, for the
    # NAMEs used in computed includes; and NAME -> those targets
    defined_targets: Dict[str, List[str]] = field(default_factory=lambda: defaultdict(list))
    defined_names: Dict[str, List[str]] = field(default_factory=lambda: defaultdict(list))
    defined_at: Dict[str, List[Tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    # folder -> what its makefile force-includes into every unit below it
    forced: Dict[str, List[str]] = field(default_factory=lambda: defaultdict(list))
    _own: Dict[Include, Optional[str]] = field(default_factory=dict)
    _files_by_basename: Optional[Dict[str, List[str]]] = None
    _named: Dict[str, List[str]] = field(default_factory=dict)     # _files_named()
    _unknown: Optional[Set[str]] = None
    _includers: Dict[str, FrozenSet[str]] = field(default_factory=dict)   # includers()
    _resolved: Dict[str, tuple] = field(default_factory=dict)     # _resolved_includes()
    _unresolved_index: tuple = (None, {})                          # _by_last_part()

    def own_folder(self, inc: Include) -> Optional[str]:
        """The file a quoted include names in its includer's own folder, which the
        compiler takes before any -I folder, or None."""
        if inc not in self._own:
            found = None
            if inc[1] == '"':
                rel = os.path.normpath(os.path.join(os.path.dirname(inc[0]), inc[2]))
                if os.path.isfile(os.path.join(self.root, rel)):
                    found = rel
            self._own[inc] = found
        return self._own[inc]

    def includers(self, target: str) -> FrozenSet[str]:
        """The files whose #include lines may name target (remembered: seeing() asks for
        the same headers' includers again and again, 120,000 times on Linux 6.1)."""
        found = self._includers.get(target)
        if found is None:
            exact, written = self._resolved_includes(os.path.basename(target))
            found = set(exact.get(target, ()))
            # an include that is not certain reaches every file whose path ends with what
            # it names (_ends_with(): a suffix of target, or <asm/x.h> for asm-generic/x.h)
            suffixes = _path_suffixes(target)
            for suffix in suffixes:
                found.update(written[False].get(suffix, ()))
            if target.startswith('include/asm-generic/') or '/asm-generic/' in target:
                # every include that names it so, even one certain of another file
                for suffix in suffixes:
                    found.update(written[True].get(suffix, ()))
            found = self._includers[target] = frozenset(found)
        return found

    def _resolved_includes(self, base: str):
        """The includes of files named base, once per run: ({the file an include
        certainly reaches: its includers}, {False: {path as written: includers} of the
        others, True: the same of all})."""
        resolved = self._resolved.get(base)
        if resolved is None:
            exact: Dict[str, Set[str]] = defaultdict(set)
            written: Dict[bool, Dict[str, Set[str]]] = {False: defaultdict(set), True: defaultdict(set)}
            for inc in self.by_basename.get(base, ()):
                own, path = self.own_folder(inc), _written(inc[2])
                if own is not None:
                    exact[own].add(inc[0])
                else:
                    written[False][path].add(inc[0])
                written[True][path].add(inc[0])
                if path.startswith('asm/'):     # <asm/x.h> may be asm-generic/x.h
                    generic = 'asm-generic/' + path[4:]
                    if own is None:
                        written[False][generic].add(inc[0])
                    written[True][generic].add(inc[0])
            resolved = self._resolved[base] = (exact, written)
        return resolved

    def computed_includers(self, target: str) -> Set[str]:
        """The files whose #include MACRO names a macro that some file defines to a path
        target ends with (#define RING_SRC "ring.c" / #include RING_SRC)."""
        return {f for f, names in self.computed.items()
                if any(_ends_with(target, _written(path))
                       for n in names for path in self.defined_names.get(n, ()))}

    def unknown_computed(self) -> Set[str]:
        """Files with an #include MACRO whose macro is defined nowhere to a file name:
        they may include anything."""
        if self._unknown is None:
            self._unknown = {f for f, names in self.computed.items()
                             if not any(self.defined_names.get(n) for n in names)}
        return self._unknown

    def seeing(self, headers: Iterable[str], wanted: Set[str] = frozenset(),
               limit: int = 1 << 30, until_all: bool = False) -> Optional[Set[str]]:
        """headers and every file that includes one of them, directly or not; None as
        soon as more than limit files of wanted are among them. A makefile that
        force-includes one of them gives its folder as "folder/" (every unit below).
        until_all: stop as soon as every file of wanted is among them, with only part of
        the others (asm/kvm_host.h reaches the whole tree: 2.5 s)."""
        seen = set(headers) | self.unknown_computed()
        todo = list(seen)
        order = list(seen)          # seen, in the order it grew (by_name follows it)
        by_name: Dict[str, List[str]] = defaultdict(list)
        indexed = 0
        count = len(seen & wanted)
        all_wanted = len(wanted) if until_all and count <= limit else -1
        while True:
            if count == all_wanted:
                return seen
            while todo:
                for f in self.includers(todo.pop()):
                    if f not in seen:
                        seen.add(f)
                        order.append(f)
                        todo.append(f)
                        count += f in wanted
                        if count > limit:
                            return None
                        if count == all_wanted:
                            return seen
            # a file defining a computed include's macro to a file seen includes it there
            for x in order[indexed:]:
                by_name[x.rpartition('/')[2]].append(x)
            indexed = len(order)
            more = {f for f, targets in self.defined_targets.items() if f not in seen and any(
                by_name.get(t + '.h') or any(_ends_with(x, _written(t))
                                             for x in by_name.get(os.path.basename(t), ()))
                for t in targets)}
            if not more:
                break
            seen |= more
            order.extend(sorted(more))
            todo = list(more)
            count += len(more & wanted)
            if count > limit:
                return None
        for folder, targets in self.forced.items():
            if any(_ends_with(x, _written(t)) for t in targets for x in by_name.get(os.path.basename(t), ())):
                seen.add(folder + '/' if folder else '')
                count += sum(1 for w in wanted if w.startswith(folder + '/' if folder else ''))
                if count > limit:
                    return None
        return seen

    def _files_named(self, written: str) -> List[str]:
        if self._files_by_basename is None:
            index = defaultdict(list)
            for f in set(self.by_path) | set(self.computed):
                index[os.path.basename(f)].append(f)
            self._files_by_basename = index
        if written not in self._named:
            self._named[written] = [f for f in self._files_by_basename.get(os.path.basename(written), ())
                                    if _ends_with(f, written)]
        return self._named[written]

    def included(self, files: Iterable[str]) -> Tuple[Set[str], List[str]]:
        """The files that files include, directly or not, and what the includes among
        them that are not certain name (any file whose path ends with one may be it).
        A computed include reaches what its macros are defined to in those files (a
        definition must come before it in its unit), or anywhere when none is there."""
        seen = set(files)
        todo = list(seen)
        unresolved = []
        computed = []

        def add(written: str) -> None:
            unresolved.append(written)
            for x in self._files_named(written):
                if x not in seen:
                    seen.add(x)
                    todo.append(x)
        while todo or computed:
            while todo:
                f = todo.pop()
                for inc in self.by_path.get(f, ()):
                    target = self.own_folder(inc)
                    if target is None:
                        add(_written(inc[2]))
                    elif target not in seen:
                        seen.add(target)
                        todo.append(target)
                if f in self.computed:
                    computed.append(f)
            pending, computed = computed, []
            for f in pending:
                names = self.computed[f]
                here = [t for n in names for path, t in self.defined_at.get(n, ()) if path in seen]
                for t in here or [t for n in names for t in self.defined_names.get(n, ())]:
                    add(_written(t))
        return seen, unresolved

    def among(self, path: str, included: Tuple[Set[str], List[str]],
              naming: Set[str] = frozenset()) -> bool:
        """Is path one of included (see included())? A file of naming (those that name
        the member) with an #include MACRO that cannot be followed may include it too."""
        files, unresolved = included
        base = os.path.basename(path)
        by_last_part = self._by_last_part(unresolved)
        if path in files or any(_ends_with(path, u) or base == u + '.h'
                                for u in by_last_part.get(base, []) + by_last_part.get(base[:-2], [])):
            return True
        return bool(self.unknown_computed() & files & naming)

    def _by_last_part(self, unresolved: List[str]) -> Dict[str, List[str]]:
        """unresolved by the last part of each path, for among() (called for each file of a
        member with the same list: it read the whole list each time, 0.45 s on Linux 6.1)."""
        if self._unresolved_index[0] is not unresolved:
            index: Dict[str, List[str]] = defaultdict(list)
            for u in unresolved:
                index[u.rpartition('/')[2]].append(u)
            self._unresolved_index = (unresolved, dict(index))
        return self._unresolved_index[1]


_GRAPHS: Dict[str, IncludeGraph] = {}
_SEARCHES: Dict[str, '_Search'] = {}


def start_include_search(root: str) -> None:
    """Start the searches include_graph() reads (they run while other work goes on)."""
    if root not in _SEARCHES and root not in _GRAPHS:
        _SEARCHES[root] = _grep(root, _SEARCH)


def cancel_include_search(root: str) -> None:
    """Stop a search that start_include_search() began and no one will read."""
    search = _SEARCHES.pop(root, None)
    if search is not None:
        search.process.kill()
        search.process.communicate()
        if search.output is not None:
            search.output.close()


@atexit.register
def _cancel_all() -> None:
    """A run that ends before the graph is read leaves no search behind (it wrote to a
    file: no closed pipe stops it)."""
    for root in list(_SEARCHES):
        cancel_include_search(root)


def include_graph(root: str) -> IncludeGraph:
    """The include graph of the tree at root (one search per run)."""
    if root not in _GRAPHS:
        start_include_search(root)
        _GRAPHS[root] = _build(root, _SEARCHES.pop(root))
    return _GRAPHS[root]


def forget(root: str) -> None:
    """Drop what was found in the tree at root (it changed)."""
    _CODE.clear()
    _WORDS.clear()
    _GRAPHS.pop(root, None)
    cancel_include_search(root)
    forget_include_dirs()
    for key in [k for k in _STRUCT_FILES if k[0] == root]:
        del _STRUCT_FILES[key]


@dataclass
class _Search:
    process: subprocess.Popen
    output: Optional[IO[bytes]]      # where it writes; None: a pipe
    command: List[str]
    root: str


def _grep(root: str, patterns: Tuple[str, ...]) -> _Search:
    """A search for the lines of the tree's C files (and makefiles) that have one of patterns
    (path:line), through symbolic links. Its output goes to an unnamed file: nothing
    reads it before the graph is wanted, and a pipe, once full, stopped the search
    until then (Linux 6.1: 24 MB of output, 7.8 s of wall time for 3.8 s of CPU)."""
    cmd = _search_command('-s', extended=True, follow=True, names=_MAKEFILES,
                          suffixes=tuple(x for x in INCLUDED_SUFFIXES if x != 'S')) + \
        [arg for p in patterns for arg in ('-e', p)] + ['.']
    try:
        output: Optional[IO[bytes]] = tempfile.TemporaryFile()
    except OSError:
        output = None                  # no room for a file: a pipe, read when wanted
    try:
        process = subprocess.Popen(cmd, cwd=root, stdout=output or subprocess.PIPE,
                                   stderr=subprocess.DEVNULL)
    except BaseException:
        if output is not None:
            output.close()
        raise
    return _Search(process, output, cmd, root)


def _output(search: _Search) -> str:
    if search.output is None:
        data = search.process.communicate()[0]
    else:
        search.process.wait()
        with search.output:
            search.output.seek(0)
            data = search.output.read()
        if search.process.returncode not in (0, 1):
            # it may have failed to write its file (a full disk): again, through a pipe
            data = subprocess.run(search.command, cwd=search.root, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL).stdout
    return data.decode('utf-8', 'surrogateescape').replace('\r', '')


def _is_makefile(path: str) -> bool:
    if path.endswith(('.c', '.h')):
        return False
    base = os.path.basename(path)
    return base in ('Makefile', 'Kbuild') or base.startswith('Makefile.') or base.endswith('.mk')


def _build(root: str, search: _Search) -> IncludeGraph:
    graph = IncludeGraph(root)
    by_basename, by_path = graph.by_basename, graph.by_path
    out = _output(search)
    makefiles: Dict[str, bool] = {}
    for path, quote, target, macro in _INCLUDE_OUT_RE.findall(out):
        makefile = makefiles.get(path)
        if makefile is None:
            makefile = makefiles[path] = _is_makefile(path)
        if makefile:
            continue
        if quote:
            target = target.strip()
            inc = (path, quote, target)
            by_basename[target.rpartition('/')[2]].append(inc)
            by_path[path].append(inc)
        else:
            graph.computed.setdefault(path, set()).update(re.findall(r'[A-Za-z_]\w*', macro))
    # the other patterns read only the lines that can match: a comment or a line's end
    # after #include, a comment before it; a #define; a -include
    lines = out.split('\n')
    odd = '\n'.join(line for line in lines if '/*' in line or '//' in line or '\\' in line or
                    line.rstrip(' \t').endswith(('include', 'include_next')))
    for path in _ODD_INCLUDE_OUT_RE.findall(odd):
        if not _is_makefile(path):
            graph.computed.setdefault(path, set())     # no macro: unknown_computed() has it
    names = set().union(*graph.computed.values()) if graph.computed else set()
    defines = '\n'.join(line for line in lines if 'define' in line)
    forced = '\n'.join(line for line in lines if '-include' in line)
    for path, name, quoted, word in _DEFINE_OUT_RE.findall(defines):
        if name in names and not _is_makefile(path):
            graph.defined_targets[path].append(os.path.normpath(quoted or word))
            graph.defined_names[name].append(os.path.normpath(quoted or word))
            graph.defined_at[name].append((path, os.path.normpath(quoted or word)))
    for path, target in _FORCED_OUT_RE.findall(forced):
        if _is_makefile(path):
            # the top makefile and scripts/Makefile.* give their flags to every unit
            folder = os.path.dirname(path)
            folder = '' if folder.split('/')[0] in ('', 'scripts') else folder
            graph.forced[folder].append(re.sub(r'^(?:\$\([^)]*\)/?)+', '', target))
    return graph


def typed_names(root: str, struct: str, headers: Iterable[str], units: Iterable[str] = ()) -> Set[str]:
    """The typedefs of struct and the names declared with its type (fields, functions,
    globals, macros whose body names one of them) in headers, and at file scope in units
    (an included file sees its includer's globals): the words a header must use to form
    an expression of type struct S. Headers that name one of its typedefs are read too."""
    headers = set(headers)
    texts = {h: _code(root, h) for h in headers}
    names, typedefs = _declared_with(struct, list(texts.values()), set())
    searched: Set[str] = set()
    while typedefs - searched:
        new = sorted(typedefs - searched)
        searched |= set(new)
        for h in _files_naming_words(root, new) - headers:
            headers.add(h)
            texts[h] = _code(root, h)
        names, typedefs = _declared_with(struct, list(texts.values()), names)
    typed = _Typed(struct, set(names))
    # only a unit that names the type can declare a global of it
    scopes = [_file_scope(code) for code in (_code(root, u) for u in units)
              if (struct in _words(code) or names & _words(code)) and typed.search(code)]
    return _declared_with(struct, list(texts.values()) + scopes, names)[0] if scopes else names


class _Typed:
    r"""Where a text names struct S or one of names (words of that type), as the pattern
    TYPED = \bstruct\s+S\b|\b(?:NAME|...)\b finds it. One small pattern per set of names
    finds the places; what follows a place is matched by patterns compiled once (a
    pattern of TYPED and each of them, per set of names, took 3 s of re.compile on Linux
    6.1)."""

    def __init__(self, struct: str, names: Set[str]):
        self.names = names
        self._struct = _compiled(r'struct\s+%s\b' % re.escape(struct))
        words = '|'.join(sorted(re.escape(n) for n in names))
        # zero-width: every place, also the S of struct S where S is one of names
        self._places = _compiled(r'(?=\bstruct\s+%s\b%s)' % (
            re.escape(struct), r'|\b(?:%s)\b' % words if words else ''))

    def ends(self, text: str, at: int) -> List[int]:
        """Where the typed words that start at offset at end, in the order TYPED tries
        them (struct S, then a name)."""
        out = []
        if self._places.match(text, at):
            m = self._struct.match(text, at)
            if m:
                out.append(m.end())
            word = _WORD_RE.match(text, at)
            if word and word.group() in self.names:
                out.append(word.end())
        return out

    def places(self, text: str) -> Iterator[int]:
        """Every offset of text where a typed word starts."""
        return (place.start() for place in self._places.finditer(text))

    def finditer(self, text: str, rest):
        """re.finditer(TYPED + rest.pattern, text), as (start, match of rest): each
        match begins where the one before it ended, or after."""
        after = 0
        for at in self.places(text):
            if at < after:
                continue
            for end in self.ends(text, at):
                m = rest.match(text, end)
                if m:
                    yield at, m
                    after = m.end()
                    break

    def search(self, text: str) -> bool:
        return self._places.search(text) is not None


_WORD_RE = re.compile(r'[A-Za-z_]\w*')
_QUALIFIERS = r'(?:(?:const|volatile|__\w+)[\s*]+)*'
# what follows a typed word in a declaration: struct S *name, struct S *(*fn)(void)
_DECLARATOR_RE = re.compile(r'[\s*)]*' + _QUALIFIERS + r'(?:\(\s*\*\s*)?([A-Za-z_]\w*)\s*[\[;,)=(:]')
# DECLARE_PER_CPU(struct S, name): what follows the typed word
_MACRO_ARGUMENT_RE = re.compile(r'[\s*]*,\s*([A-Za-z_]\w*)\s*\)')
_TYPE_ONLY_RE = re.compile(r'[\s*]*$')


def _declared_with(struct: str, texts: List[str], names: Set[str]) -> Tuple[Set[str], Set[str]]:
    """(names, typedefs among them) declared with struct's type or a type already
    named, in texts."""
    names = set(names)
    typedefs: Set[str] = set()
    # what a text gives depends only on which of the names it has: a text is read
    # again only when a new name is one of its words (with a pattern of its names only)
    scanned: Dict[int, Tuple[Set[str], bool]] = {}
    for _ in range(4):
        before = set(names)
        for i, text in enumerate(texts):
            words = _words(text)
            has = (names & words, struct in words)
            if not any(has) or scanned.get(i) == has:
                continue
            scanned[i] = has
            _declared_in(struct, text, _Typed(struct, set(has[0])), names, typedefs)
        if names == before:
            break
    return names, typedefs


def _declared_in(struct: str, text: str, typed: _Typed, names: Set[str], typedefs: Set[str]) -> None:
    """Add to names (and typedefs) what text declares with a type typed finds."""
    # struct S *name, typedef struct S name, struct S *fn(, typeof(struct S) *name,
    # struct S *(*fn)(void), and each declarator of struct S *a, *b;
    for at, m in typed.finditer(text, _DECLARATOR_RE):
        start = max(text.rfind(c, 0, at) for c in ';{}') + 1
        statement = text[start:m.start(1)]
        if statement.count('(') - statement.count(')') > (1 if '(*' in
                                                         text[at:m.start(1)].replace(' ', '') else 0):
            continue            # a parameter
        names.add(m.group(1))
        if re.search(r'\btypedef\b', text[start:at]):
            typedefs.add(m.group(1))
        end = text.find(';', m.end())
        rest = text[m.end() - 1:end] if end > 0 else ''
        if rest.startswith(','):
            for more in re.finditer(r',[\s*]*' + _QUALIFIERS + r'([A-Za-z_]\w*)', rest):
                names.add(more.group(1))
    places = list(typed.places(text))
    # a macro that declares its argument with the type: DECLARE_PER_CPU(struct S, name)
    # (\(\s*TYPED...: a match holds one ( only, at its start, so matches never overlap)
    for at in places:
        j = at
        while j > 0 and text[j - 1].isspace():
            j -= 1
        if j == 0 or text[j - 1] != '(':
            continue
        for end in typed.ends(text, at):
            m = _MACRO_ARGUMENT_RE.match(text, end)
            if m:
                names.add(m.group(1))
                break
    # typedef struct S { ... } name;
    for m in re.finditer(r'\btypedef\s+struct\s+%s\s*\{' % re.escape(struct), text):
        end = _close_brace(text, text.index('{', m.start()))
        tail = re.match(r'\s*\}[\s*]*(\w+)', text[end:]) if end else None
        if tail:
            names.add(tail.group(1))
            typedefs.add(tail.group(1))
    for m in _DEFINE_BODY_RE.finditer(text):
        # (a typed word in the body alone is one in the text: only those bodies are searched)
        first = bisect.bisect_left(places, m.start(2))
        if first == len(places) or places[first] >= m.end(2):
            continue
        body = m.group(2)
        if typed.search(body):
            names.add(m.group(1))
            lead = len(body) - len(body.lstrip())
            if any(_TYPE_ONLY_RE.match(body, end) for end in typed.ends(body, lead)):
                typedefs.add(m.group(1))     # #define S_TYPE struct S: a type


_DEFINE_BODY_RE = re.compile(r'^[ \t]*#[ \t]*define[ \t]+(\w+)([^\n]*(?:\\\n[^\n]*)*)', re.M)
_WORDS: Dict[str, Set[str]] = {}
_PATTERNS: Dict[str, 're.Pattern'] = {}


def _words(text: str) -> Set[str]:
    """The identifiers of text (once per text and run)."""
    if text not in _WORDS:
        _WORDS[text] = set(re.findall(r'[A-Za-z_]\w*', text))
    return _WORDS[text]


def _compiled(pattern: str):
    if pattern not in _PATTERNS:
        _PATTERNS[pattern] = re.compile(pattern)
    return _PATTERNS[pattern]


def _files_naming_words(root: str, words: List[str]) -> Set[str]:
    cmd = _search_command('-lw', extended=True, suffixes=('h', 'inc', 'inl', 'def'))
    out = subprocess.run(cmd + ['-e', '(%s)' % '|'.join(words), '.'], cwd=root,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    return {os.path.normpath(p) for p in out.decode('utf-8', 'surrogateescape').splitlines()}


def _file_scope(code: str) -> str:
    """code with the bodies of its functions blanked (their locals are no one else's)."""
    out = []
    depth, last = 0, 0
    for m in re.finditer(r'[{}]', code):
        if m.group() == '{':
            if depth == 0:
                body = code[:m.start()].rstrip().endswith(')')
                out.append(code[last:m.end()])
                last = m.end()
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                inner = code[last:m.start()]
                out.append(re.sub(r'[^\n]', ' ', inner) if body else inner)
                last = m.start()
    out.append(code[last:])
    return ''.join(out)


def _close_brace(text: str, at: int) -> Optional[int]:
    depth = 0
    for i in range(at, len(text)):
        depth += {'{': 1, '}': -1}.get(text[i], 0)
        if depth == 0:
            return i
    return None


def units_seeing(root: str, files: List[str], headers: List[str], limit: int) -> List[str]:
    """files, less the .c files that no file includes and that include none of headers,
    directly or not: units of their own, which cannot see what headers declare. All
    of files where the tree has no include lines or more than limit units see them."""
    graph = include_graph(root)
    if not graph.by_basename:
        return files
    units = {f for f in files if f.endswith('.c')}
    seeing = graph.seeing(headers, units, limit, until_all=True)
    if seeing is None or units <= seeing:
        return files
    folders = [p for p in seeing if p == '' or p.endswith('/')]
    return [f for f in files if f in seeing or any(f.startswith(p) for p in folders) or
            not f.endswith('.c') or _fragment_may_see(graph, f, seeing, folders)]


_FRAGMENT_INCLUDERS_CAP = 64


def _fragment_may_see(graph: 'IncludeGraph', fragment: str, seeing: Set[str],
                      folders: List[str]) -> bool:
    """May fragment, a .c file that other files include (ohci-q.c in ohci-hcd.c), see
    what the files of seeing see? Only where one of the files that include it, directly
    or not, is among them; too many includers to follow count as yes."""
    todo, reached = [fragment], {fragment}
    while todo:
        target = todo.pop()
        for f in graph.includers(target) | graph.computed_includers(target):
            if f in seeing or any(f.startswith(p) for p in folders):
                return True
            if f not in reached:
                reached.add(f)
                todo.append(f)
                if len(reached) > _FRAGMENT_INCLUDERS_CAP:
                    return True
    return False


def files_seeing_struct(root: str, struct: str, member: str, declared_in: List[str],
                        files: List[str], limit: int,
                        structs: Iterable[str] = ()) -> Optional[List[str]]:
    """The files (of files, those that name member of struct) where struct's member
    can be meant: see the module's docstring. None when more than limit .c files of
    them include its header (too many either way) or the tree has no include lines.
    structs: other structs whose files may be asked for later (one search for all)."""
    graph = include_graph(root)
    if not graph.by_basename:
        return None
    units = {f for f in files if f.endswith('.c')}
    seeing = graph.seeing(declared_in, units, limit)
    if seeing is None:
        return None
    folders = [p for p in seeing if p == '' or p.endswith('/')]

    def sees(f: str) -> bool:
        return f in seeing or any(f.startswith(p) for p in folders)
    out = []
    others = []
    for f in files:
        if sees(f):
            out.append(f)
        elif f.endswith('.c') and not _fragment_may_see(graph, f, seeing, folders):
            continue                # a unit, or a fragment of units, that cannot see struct
        elif f.endswith('.S'):
            continue                # assembly: no C member of anything
        elif not f.endswith('.h'):
            out.append(f)           # a fragment (.inc, .def, an included .c): its includer's
        else:
            others.append(f)
    units = {f for f in seeing if f.endswith('.c')}
    if others and (len(units) > _MAX_UNITS_READ or folders):
        return out + others     # too many to read: every other file may be a use
    # a header that names member only as a variable, a parameter or a field has no use
    reaching = {}
    for f in others:
        how = _reaches_member(read_text(os.path.join(root, f)) or '', member)
        if how:
            reaching[f] = how
    reached_from_units = None
    if reaching:
        naming = files_naming_structs(root, [struct, *structs])[struct]
        words = typed_names(root, struct, sorted(naming | {f for f in seeing if not f.endswith('.c')}),
                            sorted(units))
        pattern = re.compile(r'\bstruct\s+%s\b' % re.escape(struct) +
                             ''.join(r'|\b%s\b' % re.escape(w) for w in sorted(words)))
        for f, how in reaching.items():
            code = _code(root, f)
            if pattern.search(code) or _included_in_a_body(root, graph, f, seeing):
                out.append(f)
                continue
            if reached_from_units is None:
                reached_from_units = graph.included(units)
            # compiled in a unit that has the struct: its code may form one by names the
            # patterns of typed_names() miss (a review: a qualifier after the *, a macro
            # of a header that names no struct), and a macro expands where its user has it
            if graph.among(f, reached_from_units, set(files)):
                out.append(f)
    return out


def _included_in_a_body(root: str, graph: IncludeGraph, header: str, seeing: Set[str]) -> bool:
    """Does a file that sees the struct include header inside a function (where the
    header's code sees that function's parameters and locals)?"""
    for f in graph.includers(header) & seeing:
        text = read_text(os.path.join(root, f)) or ''
        braces = [(m.start(), m.group()) for m in re.finditer(r'[{}]', _code(root, f))]
        for inc in re.finditer(r'^[ \t]*#[ \t]*include(?:_next)?[ \t]*[<"]([^>"\n]+)', text, re.M):
            if not _ends_with(header, _written(inc.group(1))):
                continue
            depth = 0
            for at, brace in braces:
                if at > inc.start():
                    break
                depth = depth + 1 if brace == '{' else max(0, depth - 1)
            if depth:
                return True
    return False


_CODE: Dict[str, str] = {}


def _code(root: str, path: str) -> str:
    """The text of path with comments and strings blanked (read once per run)."""
    key = os.path.join(root, path)
    if key not in _CODE:
        _CODE[key] = blank_comments_and_strings(read_text(key) or '')
    return _CODE[key]


_AFTER_ACCESS_RE = re.compile(r'(?:->|\.)(?:\s|/\*(?:[^*]|\*(?!/))*\*/|//[^\n]*\n)*$')
_ARGUMENT_RE = re.compile(r'[(,](?:\s|/\*(?:[^*]|\*(?!/))*\*/|//[^\n]*\n)*$')


def word_places(text: str, word: str) -> Iterator[int]:
    """Where word starts in text as a whole word, as re.finditer(r'\bword\b') finds it
    (str.find() is some 20 times faster than that pattern over headers)."""
    at = text.find(word)
    while at >= 0:
        end = at + len(word)
        if (at == 0 or not _is_word_char(text[at - 1])) and \
                (end == len(text) or not _is_word_char(text[end])):
            yield at
        at = text.find(word, at + 1)


def _is_word_char(c: str) -> bool:
    return c.isalnum() or c == '_'


_DIRECTIVE_START_RE = re.compile(r'[ \t]*#')
_DEFINE_BEFORE_RE = re.compile(r'#\s*define\s+\w+\s+$')


def _reaches_member(text: str, member: str) -> Optional[str]:
    """How text may name member as a member: 'macro' (in a directive: a macro's body),
    'code' (after -> or ., or as an argument of a macro that may make it one), or None
    (a variable, a parameter, a function or a field of that name). Each occurrence is
    judged by the 400 characters before it, read in place (Linux 6.1: 3,900 headers for
    names such as queue and hash)."""
    found = None
    text = text.replace('\r', '')
    for start in word_places(text, member):
        low = max(0, start - 400)       # text[low:start] is what comes before it
        end = start                     # and text[low:end] that without its white space
        while end > low and text[end - 1].isspace():
            end -= 1
        last_line = text.rfind('\n', low, end) + 1 or low
        if text.endswith('*/', low, end) or text.find('//', last_line, end) >= 0:
            before = text[low:start]
            reached = _AFTER_ACCESS_RE.search(before) or _ARGUMENT_RE.search(before)
        else:                   # no comment before it: the same test, quicker
            reached = text.endswith(('->', '.', '(', ','), low, end)
        line = text.rfind('\n', 0, start)
        while True:
            directive = _DIRECTIVE_START_RE.match(text, line + 1, line + 65)
            if directive:
                # (p)->T, offsetof(S, T), or #define F T (then p->F): not a field u32 T;
                if reached or _DEFINE_BEFORE_RE.search(text, low, start):
                    return 'macro'
                break
            if line <= 0 or text[line - 1] != '\\':
                break
            line = text.rfind('\n', 0, line)      # a continued line: look at the one above
        if reached and not directive:
            found = 'code'
    return found


# the units (.c files) that include a struct's header read for the globals of its type
_MAX_UNITS_READ = 400
_STRUCT_FILES: Dict[Tuple[str, str], Set[str]] = {}


def files_naming_structs(root: str, structs: Iterable[str]) -> Dict[str, Set[str]]:
    """struct -> the headers (and other included files) that name struct S (one search
    for those not asked for before)."""
    wanted = sorted({s for s in structs if (root, s) not in _STRUCT_FILES})
    if wanted:
        for s in wanted:
            _STRUCT_FILES[(root, s)] = set()
        cmd = _search_command('-o', extended=True, suffixes=('h', 'inc', 'inl', 'def'))
        pattern = r'struct[[:space:]]+(%s)\b' % '|'.join(wanted)
        out = subprocess.run(cmd + ['-e', pattern, '.'], cwd=root, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL).stdout.decode('utf-8', 'surrogateescape')
        for line in out.splitlines():
            path, _, found = line.partition(':')
            name = found.split()[-1] if found.split() else ''
            if (root, name) in _STRUCT_FILES:
                _STRUCT_FILES[(root, name)].add(os.path.normpath(path))
    return {s: _STRUCT_FILES[(root, s)] for s in structs}
