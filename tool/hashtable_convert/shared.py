"""Stage 2: tables that span files (SPEC 4.4), and what spatch must parse.

A global table (defined without static, declared extern elsewhere) or a
member of a struct declared in a header can be indexed from many files. Such a
table is analysed in every file of the tree that names it and converted in
all of them or in none; this stage finds those files and refuses, before any
parsing, what cannot be converted together: a table named in a header other
than its declaration (a macro or an inline function there would stay as it
is), exported with EXPORT_SYMBOL (modules outside the tree may index it),
declared twice, named in files outside the paths of the run, or named in so
many files that converting them together is not a reviewable change.
"""

import os
import re
import threading
from dataclasses import dataclass, field
from typing import Callable, Dict, FrozenSet, List, Optional, Set, Tuple

from .after import IncludedAfter, included_after, resolve, words
from .header_uses import MEMBER_MACROS, OTHER, OWN_BUCKET, SAME_BUCKET, HeaderUse, bits_texts, classify
from .includes import cancel_include_search, files_seeing_struct, start_include_search, units_seeing
from .sources import (PASTE_LINES, Declaration, blank_comments_and_strings, blank_includes,
                      define_lines, defined_names, files_naming, identifiers, include_dirs, pasted_names,
                      read_text, scan_declarations, search_lines, word_lines)

MAX_FILES_PER_TABLE = 32
_DEFINE_RE = re.compile(r'^[ \t]*#[ \t]*define[ \t]+(\w+)[ \t]+([^\n]*?)[ \t]*$', re.M)
_INCLUDE_RE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"]+)[>"]', re.M)
_STRUCT_BODY_RE = re.compile(r'\bstruct\s+\w+\s*\{([^{}]*)\}')
_STRUCT_FULL_RE = re.compile(r'\bstruct\s+(\w+)\s*\{([^{}]*)\}')
_FIELD_RE = re.compile(r'^\s*((?:\w+\s+)*\w+)\s+(\w+)\s*(?::\s*\d+\s*)?$')
_POINTER_FIELD_RE = re.compile(r'^\s*(?:const\s+)?struct\s+(\w+)\s*\*\s*(\w+)\s*$')


@dataclass
class SharedTable:
    name: str
    scope: str                      # global | member
    declarations: List[Declaration]
    files: List[str] = field(default_factory=list)      # .c files that name it
    macros: Dict[str, List[str]] = field(default_factory=dict)
    fields: Dict[str, List[str]] = field(default_factory=dict)
    reasons: List[str] = field(default_factory=list)
    # members of several structs named alike: one table per struct, key name@struct
    key: str = ''
    # header functions that index it and stay: they pick the bucket hash_min() picks
    kept_helpers: List[str] = field(default_factory=list)
    # header functions that return a bucket they pick another way: they and their calls
    # stay, and no access may pick a bucket by key (header_uses)
    own_bucket_helpers: List[str] = field(default_factory=list)

    def __post_init__(self):
        self.key = self.key or self.name

    @property
    def struct(self) -> str:
        return self.declarations[0].aggregate

    @property
    def size(self) -> str:
        """The bucket count, from a declaration that gives one (extern T[] does not)."""
        return next((d.size for d in self.declarations if d.size), '')

    @property
    def kept_helper_names(self) -> List[str]:
        return _function_names(self.kept_helpers)

    @property
    def own_bucket_helper_names(self) -> List[str]:
        return _function_names(self.own_bucket_helpers)

    def fact(self) -> dict:
        """The entry of this table in HASHTABLE_CONVERT_FACTS (see hashtable.cocci)."""
        return dict(name=self.name, scope=self.scope, size=self.size, macros=self.macros,
                    fields=self.fields, struct=self.struct,
                    kept_helpers=self.kept_helper_names,
                    own_bucket_helpers=self.own_bucket_helper_names)


def _function_names(helpers: List[str]) -> List[str]:
    """The names of helpers, each given as 'name() (header:line)'."""
    return sorted({k.split('(')[0].strip() for k in helpers})


@dataclass
class Plan:
    """What spatch parses: local files, and files with shared tables."""
    local_files: List[str]
    shared: Dict[str, SharedTable]
    header_static: List[Declaration]
    pointers: List[Declaration]          # allocated tables: refused without parsing
    file_macros: Dict[str, Dict[str, List[str]]] = field(default_factory=dict)
    root: str = ''
    file_helpers: Dict[str, Dict[str, str]] = field(default_factory=dict)
    # declare_hashtable.cocci will run: the rule may drop the size of a member's field
    declare_fields: bool = False
    # path -> (name, line) of the tables only that file declares (static, member, pointer)
    local_tables: Dict[str, List[Tuple[str, int]]] = field(default_factory=dict)
    included_after: Dict[str, IncludedAfter] = field(default_factory=dict)
    macro_names: Dict[str, List[str]] = field(default_factory=dict)
    # path -> name -> why the rule must refuse that table of the file (twin_struct_reasons())
    refused_locals: Dict[str, Dict[str, str]] = field(default_factory=dict)
    # path -> the sizes of its own tables, whose macros file_macros gets when facts() first
    # asks (header_macros(): 1.3 s on Linux 6.1, beside the search for the shared names)
    local_sizes: Dict[str, List[str]] = field(default_factory=dict)
    # the local batch asks facts() in a thread of its own while the shared tables are analysed
    _facts_lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def _size_macros(self, path: str) -> None:
        for size in self.local_sizes.pop(path, ()):
            macros = header_macros(self.root, path, size)
            if macros:
                self.file_macros.setdefault(path, {}).update(macros)

    def macro_names_of(self, path: str) -> List[str]:
        """names_in_header_macros() of path, read once."""
        if path not in self.macro_names:
            self.macro_names[path] = names_in_header_macros(self.root, path)
        return self.macro_names[path]

    def included_after_of(self, path: str) -> IncludedAfter:
        """included_after() of path's own tables, read once."""
        if path not in self.included_after:
            self.included_after[path] = included_after(
                self.root, path, self.local_tables.get(path, []))
        return self.included_after[path]

    def helpers_of(self, path: str) -> Dict[str, str]:
        """Helpers path calls that its headers define (header_helpers), read once."""
        if path not in self.file_helpers:
            helpers, macros = header_helpers(self.root, path)
            self.file_helpers[path] = helpers
            for name, values in macros.items():
                self.file_macros.setdefault(path, {}).setdefault(name, values)
        return self.file_helpers[path]

    def facts(self, tables: Dict[str, SharedTable], files: List[str]) -> dict:
        """HASHTABLE_CONVERT_FACTS for a batch of files with these shared tables."""
        with self._facts_lock:
            for f in files:
                self._size_macros(f)
                self.helpers_of(f)
        return dict(declare_fields=self.declare_fields,
                    tables={k: t.fact() for k, t in tables.items()},
                    files={f: dict(macros=self.file_macros.get(f, {}),
                                   helpers=self.file_helpers.get(f, {}),
                                   pointers=header_struct_pointers(self.root, f),
                                   tables=self.tables_of(tables, f),
                                   included_after=self.included_after_of(f).reasons,
                                   names_used_after=self.included_after_of(f).names,
                                   names_in_header_macros=self.macro_names_of(f),
                                   refused_locals=self.refused_locals.get(f, {}))
                           for f in files})

    def tables_of(self, tables: Dict[str, 'SharedTable'], path: str) -> List[str]:
        """The keys of the shared tables path names, one per name: of members of several
        structs named alike, the one of the struct the file names (the rule finds the
        others absent, or cannot tell and refuses)."""
        named = [t for t in tables.values() if path in t.files]
        by_name: Dict[str, List[SharedTable]] = {}
        for t in named:
            by_name.setdefault(t.name, []).append(t)
        out = []
        for name, variants in sorted(by_name.items()):
            if len(variants) > 1:
                code = blank_comments_and_strings(read_text(os.path.join(self.root, path)) or '')
                structs = set(re.findall(r'\bstruct\s+(\w+)', code))
                variants = sorted(variants, key=lambda t: (t.struct not in structs, t.key))
            out.append(variants[0].key)
        return sorted(out)

    def rerun_files(self, tables: Dict[str, 'SharedTable'], declarations: List[Declaration]) -> Set[str]:
        """Local files that are files of these shared tables as well: spatch ran over them
        before the tables were known, and must again, with their facts. Not a file with a
        table of its own named like one of them: a name cannot tell the two apart, and
        the rule keeps its own (and the other is refused there: decide.OTHER_STRUCTS)."""
        return self._local_files_naming([(t.name, t.files) for t in tables.values()], declarations)

    def likely_shared_files(self, naming: Dict[str, List[str]],
                            declarations: List[Declaration]) -> Set[str]:
        """Local files that rerun_files() will likely name once the tables are analysed:
        those that name a shared table that few enough files name (name_search()). spatch
        takes them with the shared tables' files, once, instead of twice (Linux 6.1: 5 files,
        among them the 3 that rerun_files() names; 5.6 s of CPU). A guess either way: a file
        it misses runs twice, as before; one it names in vain runs with facts of no table of
        its own, which the rule reads as a file-local run."""
        return self._local_files_naming([(t.name, naming.get(t.name, [])) for t in self.shared.values()
                                         if len(naming.get(t.name, [])) <= MAX_FILES_PER_TABLE],
                                        declarations)

    def _local_files_naming(self, names_files, declarations: List[Declaration]) -> Set[str]:
        own: Dict[str, Set[str]] = {}       # file -> its file-local tables (see split)
        for d in declarations:
            if d.kind in ('static', 'member', 'pointer') and not d.path.endswith('.h'):
                own.setdefault(d.path, set()).add(d.name)
        named: Dict[str, Set[str]] = {}     # local file -> names of shared tables it has
        local = set(self.local_files)
        for name, files in names_files:
            for f in local.intersection(files):
                named.setdefault(f, set()).add(name)
        return {f for f, names in named.items() if not names & own.get(f, set())}

    @property
    def shared_files(self) -> List[str]:
        return sorted({f for t in self.shared.values() if not t.reasons for f in t.files})


def object_macros(text: str) -> Dict[str, List[str]]:
    """Object-like macros of a C text: name -> the values it is given."""
    out: Dict[str, List[str]] = {}
    code = blank_comments_and_strings(text.replace('\\\n', ' '))
    for m in _DEFINE_RE.finditer(code):
        out.setdefault(m.group(1), []).append(m.group(2).strip())
    return out


def struct_fields(text: str) -> Dict[str, List[str]]:
    """Plain fields of the structs of a C text: name -> declared types (arrays, pointers left out)."""
    out: Dict[str, List[str]] = {}
    code = blank_comments_and_strings(text)
    for body in _STRUCT_BODY_RE.finditer(code):
        for decl in body.group(1).split(';'):
            m = _FIELD_RE.match(decl)
            if m and m.group(1).split()[-1] not in ('struct', 'union', 'enum'):
                types = out.setdefault(m.group(2), [])
                if ' '.join(m.group(1).split()) not in types:
                    types.append(' '.join(m.group(1).split()))
    return out


def struct_pointer_fields(text: str) -> Dict[str, Dict[str, str]]:
    """Fields that point to a struct, per struct of a C text: struct -> field -> pointed struct.

    (vlan->port->T: the rule follows the field port of vlan's struct to T's struct.)
    """
    out: Dict[str, Dict[str, str]] = {}
    code = blank_comments_and_strings(text)
    for body in _STRUCT_FULL_RE.finditer(code):
        fields = out.setdefault(body.group(1), {})
        for decl in body.group(2).split(';'):
            m = _POINTER_FIELD_RE.match(decl)
            if m:
                fields[m.group(2)] = m.group(1)
    return out


def included_headers(root: str, path: str, text: str, unit_dirs: Tuple[str, ...] = ()) -> List[str]:
    """The headers path includes that exist in the tree (relative to root).

    unit_dirs: the include folders of the file being compiled, when path is a
    header it includes (<asm/kvm_host.h> in include/linux/kvm_host.h is the
    one of the arch the including file is in).
    """
    out = []
    own = include_dirs(root, path)
    dirs = list(unit_dirs) + [d for d in own if d not in unit_dirs]
    for m in _INCLUDE_RE.finditer(text):
        rel = resolve(root, path, m.group(1), m.group(2), dirs)
        if rel is not None:
            out.append(rel)
    return out


def _exported(text: str, name: str) -> bool:
    return re.search(r'\bEXPORT_SYMBOL\w*\s*\(\s*%s\s*\)' % re.escape(name), text) is not None


def plan(root: str, selected: List[str], declarations: List[Declaration],
         inside: Optional[Callable[[str], bool]] = None) -> Plan:
    """Split the declarations found into file-local work and shared tables, analysed.

    inside: whether a file is among the paths of the run (default: in selected).
    """
    out = split(root, declarations)
    analyse(root, out, inside or set(selected).__contains__)
    return out


def split(root: str, declarations: List[Declaration]) -> Plan:
    """File-local work (ready for spatch at once) and the shared tables, not analysed yet."""
    local: Set[str] = set()
    header_static: List[Declaration] = []
    pointers: List[Declaration] = []
    by_name: Dict[str, List[Declaration]] = {}
    for d in declarations:
        header = d.path.endswith('.h')
        if d.kind == 'pointer' and header:
            pointers.append(d)       # a static pointer in a header: refused unread
        elif d.kind == 'pointer':
            local.add(d.path)        # an allocated table: the rule decides it
        elif d.kind == 'static' and not header:
            local.add(d.path)
        elif d.kind == 'static':
            header_static.append(d)
        elif d.kind == 'member' and not header:
            local.add(d.path)
        else:
            by_name.setdefault(d.name, []).append(d)
    shared = {}
    for name, decls in by_name.items():
        scope = 'member' if decls[0].kind == 'member' else 'global'
        structs = sorted({d.aggregate for d in decls})
        if scope == 'member' and len(structs) > 1 and all(d.kind == 'member' for d in decls):
            # a member of several structs: a table each, told apart by type in each file
            for struct in structs:
                t = SharedTable(name, scope, [d for d in decls if d.aggregate == struct],
                                key='%s@%s' % (name, struct))
                shared[t.key] = t
        else:
            shared[name] = SharedTable(name, scope, decls)
    out = Plan(sorted(local), shared, header_static, pointers, root=root)
    twin_struct_reasons(declarations, out)
    for d in declarations:
        if d.path in local and d.kind in ('static', 'member', 'pointer'):
            out.local_tables.setdefault(d.path, []).append((d.name, d.line))
        if d.path in local and d.kind in ('static', 'member'):
            out.local_sizes.setdefault(d.path, []).append(d.size)
    return out


def twin_struct_reasons(declarations: List[Declaration], p: Plan) -> None:
    """A .c file that defines a struct of a header's tag with a table of the same name
    defines the same type in a unit of its own (a review's: it need not include the
    header, and C lets the two units share the objects). Neither table is converted:
    each unit would pick the buckets of the other's entries its own way."""
    in_headers = {(d.name, d.aggregate): d for d in declarations
                  if d.kind == 'member' and d.aggregate and d.path.endswith('.h')}
    for d in declarations:
        twin = in_headers.get((d.name, d.aggregate))
        if d.kind != 'member' or d.path.endswith('.h') or twin is None:
            continue
        why = ('struct %s is also defined in %%s with a table %s: units that share its '
               'objects would pick their buckets in different ways' % (d.aggregate, d.name))
        p.refused_locals.setdefault(d.path, {})[d.name] = why % twin.path
        for t in p.shared.values():
            if t.name == d.name and t.struct == d.aggregate:
                t.reasons.append(why % d.path)


UNKNOWN_TREE = ('spans files, but the whole tree is not known: no kernel tree or git work '
                'tree above the paths (pass --root DIR)')


def name_search(root: str, p: Plan, whole_tree: bool = True) -> Dict[str, List[str]]:
    """The files of the tree that name each shared table's name (up to the cap; the
    first step of analyse(), which a caller may take earlier)."""
    if not whole_tree:
        return {}
    if _member_structs(p):
        start_include_search(root)      # read only if a member table needs it
    else:
        cancel_include_search(root)     # begun by the caller in case one did
    # not the names whose every table its declarations refuse (include/linux/hashtable.h's
    # own "name", in 17,618 files: half of what the search found on Linux 6.1)
    wanted = {t.name for t in p.shared.values() if not declaration_reasons(t)}
    return files_naming(root, sorted(wanted), MAX_FILES_PER_TABLE)


def analyse(root: str, p: Plan, inside: Callable[[str], bool], whole_tree: bool = True,
            naming: Optional[Dict[str, List[str]]] = None) -> None:
    """Find the files of each shared table and refuse what cannot be converted together.
    naming: what name_search() found, if the caller ran it."""
    if not whole_tree:
        for t in p.shared.values():
            t.reasons.append(UNKNOWN_TREE)
        return
    if naming is None:
        naming = name_search(root, p, whole_tree)
    structs = _member_structs(p)
    for key, t in sorted(p.shared.items()):
        _analyse(root, t, naming.get(t.name, []), inside, structs)
    _refuse_files_of_two_structs(p)
    # the last three searches in one walk of the tree, for the tables that may still be
    # converted now (_add_helper_callers() may refuse more): each reads its own matches
    callers_of = _helper_callers(p)
    tags_now = identifiers(_viable_tags(p))
    patterns = []
    if callers_of:
        patterns.append(word_lines(identifiers(callers_of)))
    if tags_now:
        patterns.append(define_lines(tags_now))
    if _viable_names(p):
        patterns.append(PASTE_LINES)
    lines = search_lines(root, patterns)
    _add_helper_callers(root, p, inside, callers_of, lines)
    viable = _viable_names(p)
    # struct TAG means another struct where a #define renames the tag (a review: a header's
    # #define reg other made a use of struct other's array look like the table's)
    tags = _viable_tags(p)
    for tag, path in sorted(defined_names(root, tags, lines).items()):
        for t in p.shared.values():
            if t.scope == 'member' and t.struct == tag and not t.reasons:
                t.reasons.append('%s #defines %s, the tag of its struct: struct %s may mean '
                                 'another struct where it is included' % (path, tag, tag))
    for name, path in sorted(pasted_names(root, viable, lines, _struct_unseen(root, p)).items()):
        for t in p.shared.values():
            if t.name == name:
                t.reasons.append('%s may spell the name with ## (token pasting), '
                                 'where no search can find it' % path)


def _struct_unseen(root: str, p: Plan) -> Callable[[str, str], bool]:
    """(name, path) -> whether path is a .c file that cannot see the struct of any viable
    table of that name (every one a member of a struct its headers declare): whatever it
    pastes there is no use of them (amdgpu's mm ## block ## id beside ionic's by_id)."""
    def unseen(name: str, path: str) -> bool:
        if not path.endswith('.c'):
            return False             # a header's macro is expanded where it is included
        tables = [t for t in p.shared.values() if t.name == name and not t.reasons]
        code = blank_comments_and_strings(read_text(os.path.join(root, path)) or '')
        for t in tables:
            headers = sorted({d.path for d in t.declarations})
            if t.scope != 'member' or not t.struct or not headers or \
                    not all(h.endswith('.h') for h in headers) or \
                    units_seeing(root, [path], headers, MAX_FILES_PER_TABLE) or \
                    re.search(r'\bstruct\s+%s\s*\{' % re.escape(t.struct), code):
                return False         # (a unit that defines the struct itself may share it)
        return bool(tables)
    return unseen


def _viable_names(p: Plan) -> List[str]:
    return sorted({t.name for t in p.shared.values() if not t.reasons})


def _viable_tags(p: Plan) -> List[str]:
    return sorted({t.struct for t in p.shared.values() if not t.reasons and t.scope == 'member'
                   and t.struct})


def _member_structs(p: Plan) -> List[str]:
    """The structs of the member tables among the shared ones."""
    return sorted({t.struct for t in p.shared.values() if t.scope == 'member' and t.struct})


def _refuse_files_of_two_structs(p: Plan) -> None:
    """Members of one name in two structs are two tables (T@A, T@B): a file of both can
    mean either by each E->T, and only the rule's reading of E's declaration from tokens
    would tell them apart (which scopes and macros fooled in reviews). Refuse both."""
    for t in p.shared.values():
        for o in p.shared.values():
            if o is t or o.name != t.name or t.scope != 'member' or o.scope != 'member':
                continue
            both = sorted(set(t.files) & set(o.files))
            if both:
                t.reasons.append(SAME_NAME % (both[0], o.struct, t.name))
                break


SAME_NAME = ('%s can see struct %s too, whose member %s is a table as well: declarations '
             'read from tokens cannot prove which struct each use means')


def _helper_callers(p: Plan) -> Dict[str, List[SharedTable]]:
    """helper a header keeps -> the tables (not refused yet) it picks buckets of."""
    callers_of: Dict[str, List[SharedTable]] = {}
    for t in p.shared.values():
        if not t.reasons:
            for name in t.kept_helper_names:
                callers_of.setdefault(name, []).append(t)
    return callers_of


def _add_helper_callers(root: str, p: Plan, inside: Callable[[str], bool],
                        callers_of: Dict[str, List[SharedTable]],
                        lines: Optional[Dict[str, List[str]]] = None) -> None:
    """The .c files that reach a table only through a helper its header keeps
    (llc_sk_dev_hash(sap, ifindex) of llc's sk_dev_hash) are files of the table too:
    the rule writes such a call as hash_add() or hash_for_each_possible() of the table
    there. (One that stays, outside this run, still picks the bucket hash_min() picks.)
    callers_of: _helper_callers(p); lines: search_lines() of their word_lines()."""
    if not callers_of:
        return
    naming = files_naming(root, sorted(callers_of), MAX_FILES_PER_TABLE, lines)
    for helper, tables in sorted(callers_of.items()):
        for t in tables:
            headers = sorted({d.path for d in t.declarations if d.path.endswith('.h')})
            callers = [f for f in naming.get(helper, []) if f.endswith('.c') and
                       f not in t.files and inside(f)]
            if callers and headers:
                callers = units_seeing(root, callers, headers, MAX_FILES_PER_TABLE)
            t.files = sorted(set(t.files) | set(callers))
            if len(t.files) > MAX_FILES_PER_TABLE and not t.reasons:
                t.reasons.append('named in %d files (more than %d to convert together), with '
                                 'the callers of %s()' % (len(t.files), MAX_FILES_PER_TABLE, helper))


_INCLUDES_DEPTH = 3
_HEADERS_CAP = 64


@dataclass
class HeaderFacts:
    """What one header gives the files that include it (read once per run)."""
    includes: List[str]
    macros: Dict[str, List[str]]         # object-like macros: name -> values
    helpers: Dict[str, str]              # macros and inline functions that may reduce a key
    pointers: Dict[str, Dict[str, str]]  # struct -> field -> struct it points to
    # the names its #define bodies use, and those it declares struct hlist_head arrays of
    macro_names: FrozenSet[str] = frozenset()


_HEADERS: Dict[tuple, HeaderFacts] = {}


_HEADER_TEXTS: Dict[tuple, tuple] = {}


def header_facts(root: str, header: str, unit_dirs: Tuple[str, ...] = ()) -> HeaderFacts:
    """What header gives a file whose include folders are unit_dirs."""
    key = (root, header, unit_dirs)
    if key not in _HEADERS:
        if (root, header) not in _HEADER_TEXTS:
            text = read_text(os.path.join(root, header)) or ''
            _HEADER_TEXTS[(root, header)] = (text, object_macros(text), reducing_definitions(text),
                                            struct_pointer_fields(text), names_in_macros(text))
        text, macros, helpers, pointers, macro_names = _HEADER_TEXTS[(root, header)]
        if header.endswith(HASHTABLE_API_HEADER):
            helpers = {}     # the API itself (a redefinition elsewhere is the rule's concern)
        _HEADERS[key] = HeaderFacts(included_headers(root, header, text, unit_dirs), macros,
                                    helpers, pointers, macro_names)
    return _HEADERS[key]


_DEFINE_BODY_RE = re.compile(r'^[ \t]*#[ \t]*define[ \t]+\w+(\([^)]*\))?(.*)$', re.M)
# a table of file scope (not a member: members of two structs never clash)
_TABLE_RE = re.compile(r'^[ \t]*(?:static|extern)\b[^;{}()]*?\bstruct\s+hlist_head\s+(\w+)\s*\[',
                       re.M)


# what in a macro body names a member, not a variable: ->f, .f, offsetof(S, f)
_MEMBER_NAMES_RE = re.compile(r'(?:->|\.)\s*[A-Za-z_]\w*|\b(?:%s)\s*\([^()]*\)'
                              % '|'.join(MEMBER_MACROS))


def names_in_macros(text: str) -> FrozenSet[str]:
    """The names the #define bodies of text use (not their parameters, nor members), and
    the names it declares struct hlist_head arrays of."""
    # (the text as other readers blank it, remembered; then its continued lines joined)
    code = blank_comments_and_strings(text).replace('\\\n', '  ')
    out: Set[str] = set(_TABLE_RE.findall(code))
    for m in _DEFINE_BODY_RE.finditer(code):
        params = set(re.findall(r'\w+', m.group(1) or ''))
        body = _MEMBER_NAMES_RE.sub(' ', m.group(2))
        out.update(w for w in re.findall(r'[A-Za-z_]\w*', body) if w not in params)
    return frozenset(out)


def names_in_header_macros(root: str, path: str) -> List[str]:
    """The names of path that a macro of a header it includes uses (or a table such a
    header declares), read as deep as header_helpers() reads: expanded in path, such a
    macro may index a table of path, or use a macro of path, in code the rule does not
    read with it."""
    text = read_text(os.path.join(root, path)) or ''
    own = words(text)
    found: Set[str] = set()
    for facts in included_facts(root, path, text):
        found |= facts.macro_names & own
    return sorted(found)


def included_facts(root: str, path: str, text: str):
    """The HeaderFacts of each header path includes, _INCLUDES_DEPTH includes deep, in the tree."""
    unit_dirs = tuple(include_dirs(root, path))
    seen, frontier = set(), included_headers(root, path, text)
    for _ in range(_INCLUDES_DEPTH):
        nxt = []
        for header in frontier:
            if header in seen or len(seen) >= _HEADERS_CAP:
                continue
            seen.add(header)
            facts = header_facts(root, header, unit_dirs)
            yield facts
            nxt.extend(facts.includes)
        frontier = nxt


_POINTERS: Dict[tuple, Dict[str, Dict[str, str]]] = {}


def header_struct_pointers(root: str, path: str) -> Dict[str, Dict[str, str]]:
    """struct_pointer_fields() of the headers path includes, for the structs path names
    (read once per run: every batch and round passes them).

    A struct that two headers define with different fields is left out.
    """
    if (root, path) not in _POINTERS:
        _POINTERS[(root, path)] = _header_struct_pointers(root, path)
    return _POINTERS[(root, path)]


def _header_struct_pointers(root: str, path: str) -> Dict[str, Dict[str, str]]:
    text = read_text(os.path.join(root, path)) or ''
    named = set(re.findall(r'\bstruct\s+(\w+)', blank_comments_and_strings(text)))
    out: Dict[str, Dict[str, str]] = {}
    clashes: Set[str] = set()
    for facts in included_facts(root, path, text):
        for name, fields in facts.pointers.items():
            if name not in named:
                continue
            if name in out and out[name] != fields:
                clashes.add(name)
            out.setdefault(name, fields)
    return {n: f for n, f in out.items() if n not in clashes}


def _closure(found: Dict[str, List[str]], wanted: Set[str], own) -> Dict[str, List[str]]:
    """The macros wanted, and those their values need in turn."""
    out: Dict[str, List[str]] = {}
    todo = list(wanted)
    while todo:
        name = todo.pop()
        if name in out or name not in found:
            continue
        out[name] = found[name]
        for value in found[name]:
            todo.extend(w for w in re.findall(r'[A-Za-z_]\w*', value) if w not in own)
    return out


def header_macros(root: str, path: str, size: str) -> Dict[str, List[str]]:
    """The macros of size that path does not define itself, from the headers it includes.

    Headers are followed as far as _INCLUDES_DEPTH includes deep (those found
    in the tree: next to the file, or under include/); every value a macro is
    given anywhere there is returned, so that the rule can require all of
    them to agree, as it does for the branches of an #if.
    """
    text = read_text(os.path.join(root, path)) or ''
    own = object_macros(text)
    # through the file's own macros: #define SIZE BIT(BITS_PER_BYTE) wants BITS_PER_BYTE
    names = set(re.findall(r'[A-Za-z_]\w*', size))
    names.update(w for values in _closure(own, names, set()).values() for value in values
                 for w in re.findall(r'[A-Za-z_]\w*', value))
    wanted = names - set(own)
    if not wanted:
        return {}
    found: Dict[str, List[str]] = {}
    for facts in included_facts(root, path, text):
        for name, values in facts.macros.items():
            found.setdefault(name, []).extend(v for v in values if v not in found[name])
    return _closure(found, wanted, own)


_FUNC_MACRO_RE = re.compile(r'^[ \t]*#[ \t]*define[ \t]+(\w+)\(([\w\s,]*)\)([^\n]*)$', re.M)
_INLINE_RE = re.compile(r'\bstatic\s+(?:__always_inline|inline)\b[^;{}()#]*?\b(\w+)\s*\(')
# <linux/hashtable.h> and the names converted code calls (API_NAMES in the rule)
HASHTABLE_API_HEADER = 'linux/hashtable.h'
API_NAMES = frozenset((
    'hash_add', 'hash_add_rcu', 'hash_for_each_possible', 'hash_for_each_possible_rcu',
    'hash_for_each_possible_rcu_notrace', 'hash_for_each_possible_safe', 'hash_for_each',
    'hash_for_each_rcu', 'hash_for_each_safe', 'hash_init', 'hash_empty', 'HASH_SIZE',
    'HASH_BITS', 'DEFINE_HASHTABLE', 'DEFINE_READ_MOSTLY_HASHTABLE', 'DECLARE_HASHTABLE',
    'hash_min', 'hash_hashed', 'hash_del', 'hash_del_rcu', '__hash_init', '__hash_empty'))
_NOT_HELPERS = ('hlist_', 'list_', 'INIT_', 'rcu_')   # the list API itself
_REDUCES_RE = re.compile(r'[&%]|\bhash_(?:32|64|long|ptr)\b')
# an inline function that returns container_of() of its argument (fat's MSDOS_I()): the
# rule lets a call of it stand between a bucket's pick and its use, as it writes nothing
_ADDRESS_ONLY_RE = re.compile(r'\)\s*\{\s*return\s+container_of\s*\([^;{}]*\)\s*;\s*\}$')
# an inline function that only returns a field path of its parameter (openvswitch's
# ovs_vport_name(): vport->dev->name): the rule may copy a call of it into a key, as it
# may copy vport->dev->name itself
_FIELD_READER_RE = re.compile(r'\)\s*\{\s*return\s+\w+(?:\s*(?:->|\.)\s*\w+)+\s*;\s*\}$')


def _is_wrapper(body: str) -> bool:
    """Does an inline function only return container_of() or a field of its parameter?"""
    return bool(_ADDRESS_ONLY_RE.search(body) or _FIELD_READER_RE.search(body))


_NOT_DECLARING = ('return', 'else', 'do', 'case', 'sizeof', 'typeof', 'if', 'while', 'switch')


_DECLARATOR_END_RE = re.compile(r'\s*[;{]')


def _word_ending_at(code: str, last: int) -> str:
    """The word (or the *) whose last character is code[last] (a [\\w*] character)."""
    if code[last] == '*':
        return '*'
    start = last
    while start > 0 and (code[start - 1].isalnum() or code[start - 1] == '_'):
        start -= 1
    return code[start:last + 1]


def _declared_once(code: str, name: str) -> bool:
    """Does code (blanked) declare or define name once: no #define of it, and one
    NAME(...) that a type comes before and a ; or { after (a prototype or a body)?"""
    if re.search(r'^[ \t]*#[ \t]*define[ \t]+%s\b' % re.escape(name), code, re.M):
        return False
    found = 0
    for m in re.finditer(r'([\w*])\s*\b%s\s*\(' % re.escape(name), code):
        if _word_ending_at(code, m.start(1)) in _NOT_DECLARING:
            continue
        depth, j = 0, m.end() - 1
        while j < len(code):
            depth += {'(': 1, ')': -1}.get(code[j], 0)
            if depth == 0:
                break
            j += 1
        if _DECLARATOR_END_RE.match(code, j + 1):
            found += 1
    return found == 1


def reducing_definitions(text: str) -> Dict[str, str]:
    """The function-like macros and static inline functions of a C text that may reduce a
    key, and the inline functions that only return container_of() of their argument;
    and every definition of a name of the API (the rule refuses a file whose headers
    define one again, whatever its body)."""
    code = blank_comments_and_strings(text.replace('\\\n', ' '))
    out: Dict[str, str] = {}
    for m in _FUNC_MACRO_RE.finditer(code):
        if m.group(1) not in out and (_REDUCES_RE.search(m.group(3)) or m.group(1) in API_NAMES) \
                and not m.group(1).startswith(_NOT_HELPERS):
            out[m.group(1)] = '#define %s(%s) %s' % (m.group(1), m.group(2), m.group(3).strip())
    for m in _INLINE_RE.finditer(code):
        name = m.group(1)
        if name in out or name.startswith(_NOT_HELPERS):
            continue
        brace = code.find('{', m.end())
        if brace < 0 or ';' in code[m.end():brace]:
            continue
        depth, end = 0, brace
        for end in range(brace, len(code)):
            depth += {'{': 1, '}': -1}.get(code[end], 0)
            if depth == 0:
                break
        body = code[m.start():end + 1]
        if _REDUCES_RE.search(body) or name in API_NAMES:
            out[name] = body
        elif _is_wrapper(body) and _declared_once(code, name):
            out[name] = body         # no #if branch that writes
    return out


def header_helpers(root: str, path: str):
    """Function-like macros and static inline functions of the headers of path that it calls.

    Only those that may reduce a key (a mask, a modulus, a hash_*() call) are
    given to the rule, with the object macros their bodies need. Returns
    (name -> definition text, name -> macro values).
    """
    text = read_text(os.path.join(root, path)) or ''
    called = set(re.findall(r'\b([A-Za-z_]\w*)\s*\(', blank_comments_and_strings(text)))
    own = object_macros(text)
    helpers: Dict[str, str] = {}
    twice: Set[str] = set()
    found: Dict[str, List[str]] = {}
    for facts in included_facts(root, path, text):
        for name, values in facts.macros.items():
            found.setdefault(name, []).extend(v for v in values if v not in found[name])
        for name, body in facts.helpers.items():
            # (the rule refuses a file whose headers redefine what converted code calls)
            if (name in called or name in API_NAMES) and name not in helpers and name not in twice:
                helpers[name] = body
            elif name in helpers and helpers[name] != body and any(
                    _is_wrapper(b) for b in (helpers[name], body)):
                del helpers[name]    # a wrapper that two headers define alike or not
                twice.add(name)
    wanted = {w for body in helpers.values() for w in re.findall(r'[A-Za-z_]\w*', body)
              if w not in own}
    return helpers, _closure(found, wanted, own)


def declaration_reasons(t: SharedTable) -> List[str]:
    """Why t's declarations alone refuse it (before any file that uses it is read)."""
    out = []
    kinds = {d.kind for d in t.declarations}
    definitions = [d for d in t.declarations if d.kind == 'global']
    if 'member' in kinds and len(kinds) > 1:
        out.append('the name is both a struct member and a global table')
    if t.scope == 'member' and len({(d.path, d.aggregate) for d in t.declarations}) > 1:
        out.append('declared as a member of %d structs' % len(t.declarations))
    if t.scope == 'global' and len(definitions) != 1:
        out.append('defined %d times in the tree' % len(definitions)
                   if definitions else 'declared extern but never defined in the tree')
    sizes = {d.size for d in t.declarations if d.size}
    if len(sizes) > 1:
        out.append('declared with different sizes: %s' % ', '.join(sorted(sizes)))
    if not sizes:
        out.append('no declaration gives its size')
    return out


def _analyse(root: str, t: SharedTable, files: List[str], inside: Callable[[str], bool],
             structs: List[str]) -> None:
    t.reasons.extend(declaration_reasons(t))
    declared_in = {d.path for d in t.declarations if d.path.endswith('.h')}
    files = _files_of_struct(root, t, files, declared_in, structs)
    # a file whose occurrences are all of its own variable of that name has no use of it
    # (not looked for in the files of a name far too common to convert: read once each)
    named = [f for f in files if f.endswith('.c')]
    own = {f for f in named if t.scope == 'member' and len(named) <= 2 * MAX_FILES_PER_TABLE
           and _own_variable_only(root, f, t.name)}
    sources = [f for f in named if f not in own]
    t.files = sources
    # from here on, the cheapest test first: one reason is enough to refuse
    if len(sources) > MAX_FILES_PER_TABLE:
        t.reasons.append('named in %d files (more than %d to convert together)'
                         % (len(sources), MAX_FILES_PER_TABLE))
        return
    others = sorted(set(files) - set(sources) - own)
    asm = [f for f in others if f.endswith('.S')]
    if asm:
        t.reasons.append('named in assembly file %s, which is not converted' % asm[0])
        return
    for f in others:
        why = _header_blocks(root, f, t)
        if why:
            t.reasons.append(why)
            return
    outside = [f for f in sources if not inside(f)]
    if outside:
        t.reasons.append('also named in %s, outside the paths of this run' % ', '.join(outside[:3]))
    for f in sources:
        if _exported(read_text(os.path.join(root, f)) or '', t.name):
            t.reasons.append('exported with EXPORT_SYMBOL in %s: modules outside the tree '
                             'may index it' % f)
    for header in sorted(declared_in):
        for k, v in object_macros(read_text(os.path.join(root, header)) or '').items():
            t.macros.setdefault(k, []).extend(v)
        # a size macro of another header (kvm_book3s.h sizes by asm/kvm_host.h)
        for k, v in header_macros(root, header, t.size).items():
            t.macros.setdefault(k, []).extend(x for x in v if x not in t.macros[k])
    # the types of struct fields, so that a key like p->port has a width in every file
    headers = set(declared_in)
    for f in sources if not t.reasons else []:
        headers.update(included_headers(root, f, read_text(os.path.join(root, f)) or ''))
    for header in sorted(headers):
        for k, v in _fields_of(os.path.join(root, header)).items():
            t.fields.setdefault(k, [])
            t.fields[k].extend(x for x in v if x not in t.fields[k])


def _files_of_struct(root: str, t: SharedTable, files: List[str], declared_in: Set[str],
                     structs: List[str]) -> List[str]:
    """Of the files that name member table t, those where it can be meant (see
    includes.py): the others name a member of another struct. Only looked for where
    they would change the verdict: more .c files than can be converted together, or
    files other than t's header that would be checked for uses."""
    if t.scope != 'member' or not t.struct or not declared_in or \
            len(declared_in) != len(t.declarations):
        return files
    units = [f for f in files if f.endswith('.c')]
    if len(units) <= MAX_FILES_PER_TABLE and not set(files) - set(units) - declared_in:
        # few enough to convert together: only a unit that cannot include t's header
        # goes (geneve.c beside vxlan's sock_list: a sock_list of its own struct)
        return units_seeing(root, files, sorted(declared_in), MAX_FILES_PER_TABLE)
    narrowed = files_seeing_struct(root, t.struct, t.name, sorted(declared_in), files,
                                   MAX_FILES_PER_TABLE, structs)
    if narrowed is None:
        return files
    # a name far too common was found with its comments and includes: drop them now
    return [f for f in files if f in set(narrowed) and
            re.search(r'\b%s\b' % re.escape(t.name), blank_includes(blank_comments_and_strings(
                read_text(os.path.join(root, f)) or '')))]


# kernel macros whose arguments are expressions: a name they are given is a variable
_EXPRESSION_MACROS = frozenset(('ARRAY_SIZE', 'READ_ONCE', 'WRITE_ONCE', 'WARN_ON', 'WARN_ON_ONCE',
                                'BUG_ON', 'BUILD_BUG_ON', 'IS_ERR', 'IS_ERR_OR_NULL', 'PTR_ERR'))
_MEMBER_FORMS_RE = (r'(?:->|\.)\s*{0}\b|'
                    r'(?:%s)\s*\([^;]*?\b{0}\b' % '|'.join(MEMBER_MACROS))


_OWN: Dict[tuple, bool] = {}


def _own_variable_only(root: str, path: str, name: str) -> bool:
    if (root, path, name) not in _OWN:
        _OWN[(root, path, name)] = _own_variable_only_uncached(root, path, name)
    return _OWN[(root, path, name)]


def _own_variable_only_uncached(root: str, path: str, name: str) -> bool:
    """Does path name a member called name nowhere (no ->name, .name, offsetof()), while
    it defines a file-scope variable of that name (fs/inode.c's inode_hashtable beside
    struct msdos_sb_info's)? Its occurrences are then that variable's."""
    text = read_text(os.path.join(root, path)) or ''
    code = blank_comments_and_strings(text)
    if re.search(_MEMBER_FORMS_RE.format(re.escape(name)), code):
        return False
    macros = set(re.findall(r'^[ \t]*#[ \t]*define[ \t]+(\w+)\(', code, re.M))
    for m in re.finditer(r'\b%s\b' % re.escape(name), code):
        callee = _call_argument(code, m.start())
        bare = re.match(r'\s*[,)]', code[m.end():]) and re.search(r'[(,]\s*$', code[:m.start()])
        if callee and bare and (callee in macros or callee.isupper()) \
                and callee not in _EXPRESSION_MACROS:
            return False             # BUCKET(obj, name, k): a macro may make it a member
    return any(d.name == name and d.kind != 'member' for d in scan_declarations(path, text)) or \
        re.search(r'^\w[^;{}()]*\b%s\s*(?:\[[^\]]*\])?\s*(?:=[^;]*)?;' % re.escape(name),
                  code, re.M) is not None


_NOT_CALLS = ('if', 'for', 'while', 'switch', 'return', 'sizeof')


def _call_argument(code: str, at: int) -> Optional[str]:
    """The callee whose argument list holds offset at (a function or a function-like
    macro), or None."""
    depth = 0
    for j in range(at - 1, -1, -1):
        c = code[j]
        if c == ')':
            depth += 1
        elif c == '(':
            if depth == 0:
                word = re.search(r'(\w+)\s*$', code[max(0, j - 64):j])
                return word.group(1) if word and word.group(1) not in _NOT_CALLS else None
            depth -= 1
        elif c in ';{}' and depth == 0:
            return None
    return None


def _header_uses(root: str, header: str, t: SharedTable) -> List[HeaderUse]:
    """How header names t (see header_uses): member tables only are told from other
    structs' fields; a helper's bits are read with the macros of t's declarations."""
    code = blank_comments_and_strings(read_text(os.path.join(root, header)) or '')
    macros = dict(object_macros(code))
    for d in t.declarations:
        if d.path != header:
            for k, v in object_macros(read_text(os.path.join(root, d.path)) or '').items():
                macros.setdefault(k, v)
    structs = {d.aggregate for d in t.declarations} if t.scope == 'member' else set()
    lines = {d.line for d in t.declarations if d.path == header}
    return classify(code, t.name, lines, structs, bits_texts(t.size, macros), macros)


def _header_blocks(root: str, header: str, t: SharedTable) -> Optional[str]:
    """The reason header keeps t refused, or None: it names t only at its declaration,
    as other structs' fields, or where it picks the bucket hash_min() picks."""
    if not header.endswith('.h'):
        return 'named in file %s, which is not converted' % header
    uses = _header_uses(root, header, t)
    other = [u for u in uses if u.kind == OTHER]
    if not other:
        for u in uses:
            kept = '%s (%s:%d)' % (u.helper, header, u.line)
            if u.kind == SAME_BUCKET and kept not in t.kept_helpers:
                t.kept_helpers.append(kept)
            elif u.kind == OWN_BUCKET and kept not in t.own_bucket_helpers:
                t.own_bucket_helpers.append(kept)
        return None
    return 'named in header %s, which is not converted (line %d%s)' % (
        header, other[0].line, ': ' + other[0].why if other[0].why else '')


_FIELDS_CACHE: Dict[str, Dict[str, List[str]]] = {}


def _fields_of(path: str) -> Dict[str, List[str]]:
    if path not in _FIELDS_CACHE:
        _FIELDS_CACHE[path] = struct_fields(read_text(path) or '')
    return _FIELDS_CACHE[path]
