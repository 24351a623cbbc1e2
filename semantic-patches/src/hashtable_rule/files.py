"""What the rule knows of each file: its tokens, its candidate tables, the facts of the wrapper.

tool/hashtable-convert runs the rule with two environment variables.
HASHTABLE_CONVERT_FACTS names a JSON file of what the wrapper found in other
files: {"tables": {name: {"scope": "member" or "global", "size": text,
"macros": {name: [values]}, "fields": {name: [types]}, "struct": name}},
"files": {path: {"macros": {name: [values]}, "tables": [names it uses]}}}.
The tables span files: the wrapper has found every file that names them and
converts all of those files or none, so here a shared table is treated as if
it were file-local. The macros of a file come from the headers it includes;
every value a macro is given counts, as for an #if in the file.
HASHTABLE_CONVERT_RESULTS names a directory: the verdicts of each file are
written there as JSON, one file per source file (see verdicts.record).
"""

import bisect
import json
import os
import re

from .cexpr import TYPEDEFS, Macros, Unknown, parse_tokens
from .tokens import (_HASH_SIGN, Tokens, _pos, _span, align, argument_spans, directive_start, enclosing_bracket,
                     function_window, matching_close, matching_open, on_include_line)


def typedef_names(toks):
    """The names a file gives types with typedef (typedef u32 handle_t;)."""
    out = set()
    text = toks.text
    for i, tok in enumerate(text):
        if tok == 'typedef':
            j = i
            depth = 0
            while j < len(text) and not (text[j] == ';' and depth == 0):
                depth += text[j] in '{(' and 1 or text[j] in '})' and -1 or 0
                j += 1
            if j > i + 1 and toks.kind[j - 1] == 'id':
                out.add(text[j - 1])
    return out


def _load_facts():
    path = os.environ.get('HASHTABLE_CONVERT_FACTS')
    if not path:
        return {}
    with open(path) as f:
        return json.load(f)


_FACTS = _load_facts()
_SHARED = _FACTS.get('tables', {})     # key (the name, or name and struct) -> what is known
SHARED_NAMES = {info.get('name', key) for key, info in _SHARED.items()}
# the header helpers that stay and pick a table's bucket: a file that only calls one
# (llc_sk_dev_hash(sap, ifindex)) is a file of the table too
KEPT_HELPERS = {name for info in _SHARED.values() for name in info.get('kept_helpers', ())}


def is_shared(name):
    """Does name name a table shared between files, or a helper of one that stays?"""
    return name in SHARED_NAMES or name in KEPT_HELPERS


class Site:
    """An hlist operation on a bucket of a table, and how its bucket is found.

    how: 'direct' (&T[index], T + index; idx is the index node), 'var' (the
    index is a variable), 'bptr' (a bucket pointer variable), 'helper' (a
    bucket helper call), 'param' (a bucket parameter of the function).
    """

    def __init__(self, kind, op_pos, how, table_text, idx=None, var=None):
        self.kind, self.op_pos, self.how = kind, op_pos, how
        self.table_text, self.idx, self.var = table_text, idx, var
        self.form = self.key_text = self.red = None


class Table:
    def __init__(self, name, path, pos, size_text, size_span, scope):
        self.name, self.path, self.pos = name, path, pos
        self.size_text, self.size_span, self.scope = size_text, size_span, scope
        self.read_mostly = False
        self.uses = set()            # positions of name tokens understood
        self.sites = []              # keyed accesses (Site)
        self.inits, self.walks = [], []
        self.bucket_ptrs = []        # dicts, see analysis.bucket_pointers
        self.bucket_params = []      # params.BucketParam: functions handed its buckets
        self.macro_walks = []        # macros that walk every bucket (they stay)
        self.positional = []         # Site: buckets picked by number (they stay)
        self.bucket_helpers = []     # helpers.Definition: local bucket helpers of the table
        self.reasons = []
        self.verdict = None
        self.bits = None
        self.injected = False        # declared in another file (see _SHARED)
        self.key = name              # injected: its key in _SHARED
        self.struct = None           # the struct a member table belongs to
        # header functions that return a bucket they pick their own way (from the
        # facts of the wrapper): they and their calls stay
        self.own_bucket_helpers = set()
        self.declared = False        # its field will become DECLARE_HASHTABLE() (approval.py)
        self.widths, self.forms = {}, set()

    def refuse(self, reason, pos=None):
        if pos:
            reason = '%s (line %d)' % (reason, pos[0])
        if reason not in self.reasons:
            self.reasons.append(reason)


class FileState:
    def __init__(self, path):
        self.path = path
        with open(path, errors='replace') as f:
            self.toks = Tokens(f.read())
        TYPEDEFS.update(typedef_names(self.toks))
        self.macros = Macros()       # name -> [value text per definition]
        self.macro_pos = {}          # name -> [position of the name]
        self.macro_bodies = {}       # name -> span of the (first) value
        self.tables = {}
        self.assigns = {}            # var -> [(pos, span of the value)]
        self.ops = []                # (position, hlist operation, bucket span)
        self.old_iters = set()       # positions of pre-3.9 iterators (struct hlist_node cursor)
        self.new_iters = set()       # positions of iterators only 3.9 and later have
        self.member_args = set()     # token indices of the member argument of iterators
        self.pointer_walks = []      # (cursor, statement span) of every for (p = T; p < &T[N]; p++)
        self.functions = {}          # name -> position of a function definition
        self.types = {}              # (first, last token position) -> C type spatch knows
        self.bucket_params = []
        self.decls = {}              # var -> [(pos, type text, has init)]
        self.includes = []           # positions of #include lines
        self.has_hashtable_include = False
        self.decided = False
        self.approved = {}           # position -> (kind, extra)
        self.new_names = {}          # position of an assigned index variable -> its new name
        self.field_types = {}        # struct field name -> declared types
        self.local_fields = set()    # names of fields of the structs this file defines
        self.field_declarations = {}  # field name -> how many structs of the file have one
        self.absent = {}             # member tables of other files named here only as members
                                     # of other structs: name -> those structs
        self.unused = {}             # member tables of other files named here only where no
                                     # table can stand (list_api_use): name -> key
        self.position_maps = {}      # rewritten copy -> {its position: original position}
        self.deletes = []            # (member, position) of hlist_del*()
        self.members = {}            # hlist op position -> node member name
        self.recorded = False
        # struct -> field -> the struct it points to: the headers (the wrapper) and this file
        self.undefs = None           # names the file #undefs (sites.undefined_names)
        self.directive_names = None  # name -> directives that name it (analysis._address_only)
        self.addressed = {}          # function range -> names it takes the address of
        self.struct_pointers = {k: dict(v) for k, v in
                                _FACTS.get('files', {}).get(path, {}).get('pointers', {}).items()}
        self.struct_pointers.update(struct_pointer_fields(self.toks))
        keys = _FACTS.get('files', {}).get(path, {}).get('tables', list(_SHARED))
        for key in keys:
            info = _SHARED[key]
            name = info.get('name', key)
            if name in self.tables:
                continue             # one table of a name a file (the wrapper sees to it)
            t = Table(name, path, None, info['size'], None,
                      'member' if info['scope'] == 'member' else 'extern')
            t.injected = True
            t.key = key
            t.struct = info.get('struct')
            t.own_bucket_helpers = set(info.get('own_bucket_helpers', ()))
            self.tables[name] = t


def struct_pointer_fields(toks):
    """struct S { ... struct P *f; ... } of a token list: S -> f -> P (bodies without braces)."""
    text = toks.text
    out = {}
    for i in range(len(text) - 2):
        if text[i] != 'struct' or toks.kind[i + 1] != 'id' or text[i + 2] != '{':
            continue
        fields, j, ok = {}, i + 3, True
        while j < len(text) and text[j] != '}':
            if text[j] == '{':
                ok = False           # a nested struct or union: not followed
                break
            end = j
            while end < len(text) and text[end] not in (';', '{', '}'):
                end += 1
            decl = text[j:end]
            if len(decl) == 4 and decl[0] == 'struct' and decl[2] == '*' \
                    or len(decl) == 5 and decl[0] == 'const' and decl[1] == 'struct' and decl[3] == '*':
                fields[decl[-1]] = decl[-3]
            j = end + 1 if end < len(text) and text[end] == ';' else end
        if ok:
            out[text[i + 1]] = fields
    return out


_FILES = {}                 # path -> FileState, oldest first


def state(p):
    """The state of the file p is in.

    After a rule has changed the code, spatch hands later rules a rewritten
    copy of the file (another path, shifted lines; its name ends with the
    original base name); such positions belong to the original file and are
    translated back with translate(). Files given with --include are parsed
    beside the file being processed, so a few states are kept at once.
    """
    path = p[0].file
    fs = _FILES.get(path)
    if fs is not None:
        return fs
    base = os.path.basename(path)
    if base.startswith('cocci_small_output-'):
        for known in reversed(list(_FILES.values())):
            if base.endswith('-' + os.path.basename(known.path)):
                return known
    if len(_FILES) >= 8:
        del _FILES[next(iter(_FILES))]
    fs = _FILES[path] = FileState(path)
    return fs


def _copy(p):
    """(tokens of the file p is in, map of its positions to the original file's)."""
    fs = state(p)
    path = p[0].file
    if path == fs.path:
        return fs.toks, None
    got = fs.position_maps.get(path)
    if got is None:
        with open(path, errors='replace') as f:
            copy = Tokens(f.read())
        # a copy that spatch hands over of the one function it changed maps into that function
        got = (copy, align(fs.toks, copy, function_window(fs.toks, copy)))
        fs.position_maps = {path: got}
    return got


def translate(p):
    """Position p in the original file, or None where that token is new."""
    toks, mapping = _copy(p)
    pos = _pos(p)
    return pos if mapping is None else mapping.get(pos)


def translate_end(p):
    """Position in the original file of the last token of the expression at p, or None."""
    toks, mapping = _copy(p)
    end = (int(p[0].line_end), int(p[0].column_end))
    i = toks.first_at_or_after(end) - 1
    if i < 0 or (toks.pos[i][0], toks.pos[i][1] + len(toks.text[i])) != end:
        return None
    return toks.pos[i] if mapping is None else mapping.get(toks.pos[i])


def table_for(p, name):
    """The candidate table that the expression at p (text name) designates.

    A plain identifier is a file-scope table; E->T or E.T is the member T.
    """
    fs = state(p)
    start, end = _span(p)
    idx = fs.toks.span(start, end)
    if not idx:
        return None
    last = idx[-1]
    member = len(idx) > 1 and fs.toks.text[last - 1] in ('->', '.')
    if len(idx) > 1 and not member:
        return None
    t = fs.tables.get(fs.toks.text[last])
    if t is None or (t.scope == 'member') != member:
        return None
    return t


def table_token(p):
    """Position of the last token (the name) of the table expression at p."""
    fs = state(p)
    start, end = _span(p)
    return fs.toks.pos[fs.toks.span(start, end)[-1]]


def statement_end(fs, i):
    """Index of the last token of the statement starting at token i."""
    toks = fs.toks.text
    j = i
    if toks[j] in ('for', 'while', 'if', 'switch') or toks[j + 1] == '(':
        # a loop, condition or iterator macro: its header, then its body
        while toks[j] != '(':
            j += 1
        return statement_end(fs, matching_close(toks, j) + 1)
    if toks[j] == '{':
        return matching_close(toks, j)
    depth = 0
    while True:
        if toks[j] in ('(', '[', '{'):
            depth += 1
        elif toks[j] in (')', ']', '}'):
            depth -= 1
        elif toks[j] == ';' and depth == 0:
            return j
        j += 1


def stmt_span(p):
    """(start, end) positions of the statement beginning at position p."""
    fs = state(p)
    i = fs.toks.at_pos(_pos(p))
    j = statement_end(fs, i)
    end = fs.toks.pos[j]
    return (fs.toks.pos[i], (end[0], end[1] + 1))


def function_range(fs, pos):
    """Token index range [open brace, close brace] of the function around pos."""
    target = fs.toks.first_at_or_after(pos)
    blocks = fs.toks.blocks()
    lo, hi = 0, len(blocks)
    while lo < hi:                   # the last block opening at or before target
        mid = (lo + hi) >> 1
        if blocks[mid][0] <= target:
            lo = mid + 1
        else:
            hi = mid
    if lo and blocks[lo - 1][0] <= target <= blocks[lo - 1][1]:
        return blocks[lo - 1]
    return None


def function_header(fs, rng):
    """Tokens from the end of the previous declaration to the brace of the function."""
    toks = fs.toks
    j = rng[0]
    while j > 0 and toks.text[j - 1] not in (';', '}') and not toks.text[j - 1].startswith(_HASH_SIGN):
        j -= 1
    return toks.text[j:rng[0]], j


def is_parameter(fs, name, rng):
    """Is name a parameter of the function whose body is the token range rng?"""
    lo = fs.toks.pos[rng[0]]
    return any(pos < lo for pos, t, init in fs.decls.get(name, ())
               if pos >= fs.toks.pos[function_header(fs, rng)[1]])


def declaration_scope(fs, var, pos, rng):
    """Token range [open, close] of the block whose declaration of var is the one seen
    at position pos, inside the function rng; rng itself when var is declared at the
    top of the function, is a parameter, or its declaration is not found.

    Two blocks of one function may each declare a bucket pointer of the same name
    for different tables; each is a variable of its own.
    """
    toks = fs.toks
    at = toks.first_at_or_after(pos)
    best = rng
    for dpos, _type, _init in fs.decls.get(var, ()):
        d = toks.at_pos(dpos)
        if d is None or not rng[0] < d <= at:
            continue
        block = _enclosing_block(toks, d, rng[0])
        if block is not None and block[0] <= at <= block[1] and block[0] > best[0]:
            best = block
    return best


def _enclosing_block(toks, i, lo):
    """(open, close) of the innermost braces around token i, not before token lo;
    the braces of preprocessor lines do not count."""
    depth, j = 0, i - 1
    while j >= lo:
        if directive_start(toks, j) is None:
            if toks.text[j] == '}':
                depth += 1
            elif toks.text[j] == '{':
                if depth == 0:
                    break
                depth -= 1
        j -= 1
    if j < lo:
        return None
    depth = 0
    for k in range(j, len(toks.text)):
        if toks.text[k] in ('{', '}') and directive_start(toks, k) is None:
            depth += 1 if toks.text[k] == '{' else -1
            if depth == 0:
                return j, k
    return None


def occurrences(fs, name, lo=0, hi=None):
    """Token indices of identifier name that are not struct member names."""
    toks = fs.toks
    hi = len(toks.text) - 1 if hi is None else hi
    out = []
    found = token_indices(fs, name)
    for i in found[bisect.bisect_left(found, lo):bisect.bisect_right(found, hi)]:
        if toks.kind[i] == 'id' \
                and not (i > 0 and toks.text[i - 1] in ('->', '.')) and i not in fs.member_args \
                and not on_include_line(toks, i):
            out.append(i)
    return out


def call_nodes(fs, d):
    """The calls of function d, in order, and the token index of its first use that is
    not a call (None: only called); or None when a call is not understood."""
    toks = fs.toks
    found = []
    for i in occurrences(fs, d.name):
        if i == d.name_index:
            continue
        if i + 1 >= len(toks.text) or toks.text[i + 1] != '(':
            return found, i
        try:
            node = parse_tokens(toks, i, matching_close(toks.text, i + 1) + 1)
        except (Unknown, IndexError):
            return None
        if node[0] != 'call' or len(node[2]) != len(d.params):
            return None
        found.append(node)
    return found, None


# Functions of list.h and rculist.h -> the arguments of theirs that are a struct list_head,
# hlist_head or hlist_node pointer. There, &E->T cannot be a table T: that is a pointer to an
# array of struct hlist_head, which the kernel refuses by -Werror=incompatible-pointer-types,
# and no such place picks a bucket. So an entry's node or list member named like a member
# table (by_hash beside a by_hash[] of buckets) is told apart by where it stands and by the
# type of E that the rule reads from tokens: other_struct_list_use() asks both, since each
# alone was fooled (reviews: a declaration in a sibling block; the table itself there,
# which a compiler without that -Werror takes for bucket 0).
_BOTH = (0, 1)
LIST_API_PARAMETERS = dict(
    {name: (0,) for name in (
        'hlist_del', 'hlist_del_init', 'hlist_del_rcu', 'hlist_del_init_rcu', '__hlist_del',
        'hlist_unhashed', 'hlist_unhashed_lockless', 'INIT_HLIST_NODE', 'hlist_fake',
        'hlist_add_fake', 'hlist_empty', 'INIT_LIST_HEAD', 'INIT_LIST_HEAD_RCU', 'list_del',
        'list_del_init', 'list_del_init_careful', 'list_del_rcu', 'list_empty',
        'list_empty_careful', 'list_rotate_left', 'list_is_singular', 'list_count_nodes')},
    **{name: _BOTH for name in (
        'hlist_add_head', 'hlist_add_head_rcu', 'hlist_add_tail_rcu', 'hlist_add_before',
        'hlist_add_behind', 'hlist_add_before_rcu', 'hlist_add_behind_rcu', 'hlist_replace_rcu',
        'hlist_is_singular_node', 'hlist_move_list', 'hlists_swap_heads_rcu', 'list_add',
        'list_add_tail', 'list_add_rcu', 'list_add_tail_rcu', 'list_replace', 'list_replace_init',
        'list_replace_rcu', 'list_swap', 'list_move', 'list_move_tail', 'list_is_first',
        'list_is_last', 'list_is_head', 'list_rotate_to_front', 'list_splice', 'list_splice_tail',
        'list_splice_init', 'list_splice_tail_init', 'list_splice_rcu', 'list_splice_init_rcu',
        'list_splice_tail_init_rcu')},
    list_cut_position=(0, 1, 2), list_cut_before=(0, 1, 2), list_bulk_move_tail=(0, 1, 2),
    # iterators and accessors -> their head argument: they read head->next or head->prev
    list_for_each=(1,), list_for_each_prev=(1,), list_for_each_safe=(2,),
    list_for_each_prev_safe=(2,), list_for_each_entry=(1,), list_for_each_entry_reverse=(1,),
    list_for_each_entry_safe=(2,), list_for_each_entry_safe_reverse=(2,),
    list_for_each_entry_rcu=(1,), list_first_entry=(0,), list_last_entry=(0,),
    list_first_entry_or_null=(0,))
# iterators whose last argument names the member of the entries: they read its .next
ENTRY_ITERATORS = frozenset((
    'hlist_for_each_entry', 'hlist_for_each_entry_safe', 'hlist_for_each_entry_rcu',
    'hlist_for_each_entry_rcu_bh', 'hlist_for_each_entry_rcu_notrace', 'hlist_for_each_entry_srcu',
    'hlist_for_each_entry_continue', 'hlist_for_each_entry_continue_rcu',
    'hlist_for_each_entry_continue_rcu_bh', 'hlist_for_each_entry_from',
    'hlist_for_each_entry_from_rcu', 'list_for_each_entry', 'list_for_each_entry_reverse',
    'list_for_each_entry_safe', 'list_for_each_entry_safe_reverse', 'list_for_each_entry_rcu',
    'list_for_each_entry_continue', 'list_for_each_entry_from'))


def _open_of_argument(text, k):
    """Index of the ( of the call whose argument token k is in, or None."""
    j = enclosing_bracket(text, k, statement=True)
    return j if j and text[j] == '(' and re.match(r'\w+$', text[j - 1]) else None


def _redefined(fs, name):
    """Does the file, or a header the wrapper read, make name a macro, a function or a
    variable of its own (a function pointer that shadows the one of list.h)?"""
    return _defined_as_macro(fs.toks, name) or name in fs.macros or name in fs.functions or \
        any(is_declarator(fs.toks, k) or _may_declare(fs.toks.text, k)
            for k in token_indices(fs, name))


def _list_callee(fs, j):
    """Is the call whose ( is token j one of list.h itself: a plain name (not ops->f(...)),
    not _redefined()?"""
    text = fs.toks.text
    return j >= 1 and (j < 2 or text[j - 2] not in ('.', '->')) and not _redefined(fs, text[j - 1])


def _list_api_argument(fs, lo, hi):
    """Are tokens lo..hi-1 a whole argument at a list or hlist pointer parameter of a
    function or iterator of list.h?"""
    text = fs.toks.text
    if lo < 1 or text[lo - 1] not in ('(', ','):
        return False
    j = _open_of_argument(text, lo)
    if j is None or text[j - 1] not in LIST_API_PARAMETERS or not _list_callee(fs, j):
        return False
    spans = argument_spans(text, j)
    return any(spans[n] == (lo, hi) for n in LIST_API_PARAMETERS[text[j - 1]] if n < len(spans))


def _base_start(fs, i):
    """First token of E in E->name or E.name at token i, where E is a chain of names,
    fields and subscripts (None for anything else)."""
    text = fs.toks.text
    start = i - 2
    while True:
        while start > 0 and text[start] == ']':
            start = matching_open(text, start) - 1
        if start < 1 or fs.toks.kind[start] != 'id':
            return None
        if text[start - 1] not in ('->', '.'):
            return start
        start -= 2


def list_api_use(fs, i):
    """Is the name at token i used where no table can stand, so that it picks no bucket
    whatever struct it is a member of (see LIST_API_PARAMETERS)? That is: the member
    argument of an entry iterator; &E->name as a list or hlist pointer argument of list.h;
    or &E->name stored in a variable of the function that only such arguments read."""
    toks, text = fs.toks, fs.toks.text
    if i < 2 or i + 1 >= len(text) or directive_start(toks, i) is not None:
        return False                 # (in a macro body the callee may be a parameter)
    if text[i - 1] == ',' and text[i + 1] == ')':
        j = _open_of_argument(text, i)
        return j is not None and text[j - 1] in ENTRY_ITERATORS and _list_callee(fs, j)
    if text[i - 1] not in ('->', '.') or text[i + 1] not in (',', ')', ';'):
        return False
    start = _base_start(fs, i)
    if start is None or text[start - 1] != '&':
        return False
    if text[i + 1] != ';':
        return _list_api_argument(fs, start - 1, i + 1)
    # headp = &vg->vni_list; and then only list_for_each_prev(hpos, headp)
    return start >= 4 and text[start - 2] == '=' and toks.kind[start - 3] == 'id' and \
        text[start - 4] in (';', '{', '}') and _list_only_variable(fs, start - 3)


def other_struct_list_use(fs, i, struct):
    """Is the name at token i a list_api_use() of a member of a struct other than struct, by
    the declarations the rule reads (a bare member argument of an iterator names none)?
    Both must hold: where a use of the table itself stands so, it builds only with a
    warning outside the kernel (-Wincompatible-pointer-types), and picks bucket 0."""
    if not list_api_use(fs, i):
        return False
    if fs.toks.text[i - 1] not in ('->', '.'):
        return True
    base = base_struct(fs, i, strict=True)
    return struct is not None and base is not None and base != struct


def _list_only_variable(fs, v):
    """Is the variable named at token v a local of its function declared at the top of its
    body before any other use, named by no macro, and read only as a whole list.h pointer
    argument, its other uses being declarations or stores of &E->f? What it holds then
    picks no bucket whatever its type (a void * is no head of an iterator either)."""
    toks, text = fs.toks, fs.toks.text
    name = text[v]
    rng = function_range(fs, toks.pos[v])
    if rng is None or _defined_as_macro(toks, name) or name in fs.macros:
        return False
    # a macro may read it where its name is not written: one of the file, or of a header
    # (which only the facts of the wrapper tell)
    facts = _FACTS.get('files', {}).get(fs.path)
    if facts is None or name in facts.get('names_in_header_macros', ()) or \
            any(directive_start(toks, k) is not None for k in token_indices(fs, name)):
        return False
    found = occurrences(fs, name, rng[0], rng[1])
    if not found or not is_declarator(toks, found[0]) or \
            _enclosing_block(toks, found[0], rng[0]) != rng:
        return False
    for k in found[1:]:
        if directive_start(toks, k) is not None:
            return False
        if is_declarator(toks, k) or _list_api_argument(fs, k, k + 1):
            continue
        if text[k + 1] == '=' and text[k - 1] in (';', '{', '}') and text[k + 2] == '&':
            m = statement_end(fs, k)
            if text[m] == ';' and text[m - 2] in ('->', '.') and \
                    _base_start(fs, m - 1) == k + 3:
                continue             # headp = &other->list;
        return False
    return True


def table_occurrences(fs, t):
    """Token indices naming table t: the identifier, or the member after -> and .

    For a member the name alone counts too (offsetof(struct S, name) is a use),
    except where a function declares a variable or parameter of that name.
    """
    if t.scope != 'member':
        return occurrences(fs, t.name)
    toks = fs.toks
    out = []
    for i in token_indices(fs, t.name):
        tok = t.name
        if toks.kind[i] != 'id' or on_include_line(toks, i):
            continue
        if toks.pos[i] != t.pos and (i == 0 or toks.text[i - 1] not in ('->', '.')):
            rng = function_range(fs, toks.pos[i])
            if rng is not None and declared_type(fs, tok, rng) is not None:
                continue         # a variable of the function, of that name
            if is_declarator(toks, i):
                continue         # int peers, a parameter or variable of that name
        if toks.pos[i] != t.pos and other_struct_list_use(fs, i, t.struct):
            continue             # hlist_del(&f->name): a node of that name, not the table
        out.append(i)
    return out


def _defined_as_macro(toks, name):
    """Does a #define of the token list define name (once per list: a set of them)?"""
    names = getattr(toks, 'defined_names', None)
    if names is None:
        text = toks.text
        names = toks.defined_names = {text[k] for k in range(2, len(text))
                                      if text[k - 1] == 'define' and text[k - 2] == _HASH_SIGN}
    return name in names


def token_indices(fs, name):
    """Token indices of name in the file, in order (an index built once per file: a
    search of every token for each name took a fifth of the rule's Python)."""
    index = getattr(fs, 'token_index', None)
    if index is None:
        index = fs.token_index = {}
        for k, tok in enumerate(fs.toks.text):
            index.setdefault(tok, []).append(k)
    return index.get(name, ())


def tok_indices(fs, span):
    return set(fs.toks.span(span[0], span[1]))


def declared_type(fs, var, rng):
    """Declared type text of a local or parameter var inside function rng."""
    lo_pos = fs.toks.pos[function_header(fs, rng)[1]]
    hi_pos = fs.toks.pos[rng[1]]
    for pos, type_text, has_init in fs.decls.get(var, ()):
        if lo_pos <= pos <= hi_pos:
            return type_text
    return None


def key_type(fs, var, rng):
    """The type of local or parameter var in function rng, for its width: None where the
    function declares var twice with different types (sibling blocks, shadowing), as
    which declaration a use sees is not looked up here."""
    lo_pos = fs.toks.pos[function_header(fs, rng)[1]]
    hi_pos = fs.toks.pos[rng[1]]
    types = {' '.join(type_text.split()) for pos, type_text, has_init in fs.decls.get(var, ())
             if lo_pos <= pos <= hi_pos}
    return types.pop() if len(types) == 1 else None


def variable_type(fs, var, rng):
    """Declared type of var: a local or parameter of function rng, else a file-scope variable."""
    got = declared_type(fs, var, rng) if rng is not None else None
    if got is not None:
        return got
    for pos, type_text, has_init in fs.decls.get(var, ()):
        if function_range(fs, pos) is None:
            return type_text
    return None


def is_declarator(toks, i):
    """Does token i name what a declaration declares (int x, struct s *x)?"""
    if i == 0 or i + 1 >= len(toks.text) or toks.text[i + 1] not in (',', ')', ';', '=', '['):
        return False
    prev = toks.text[i - 1]
    return prev == '*' or (toks.kind[i - 1] == 'id' and
                           prev not in ('return', 'case', 'sizeof', 'goto', 'else', 'do'))


def in_spans(pos, spans):
    return any(s is not None and s[0] <= pos < s[1] for s in spans)


def base_struct(fs, i, strict=False):
    """The struct whose member the name at token i is (E->name, E.name), by the declared
    type of E: a variable, or X->f with f a struct pointer field of X's struct; None
    when unknown. strict: also None when -> and . do not agree with the type."""
    toks = fs.toks
    base = i - 2
    rng = function_range(fs, toks.pos[i])
    if strict and directive_start(toks, i) is not None:
        return None                  # in a macro body: its names are the parameters of the macro
    simple = toks.kind[base] == 'id' and toks.text[base - 1] not in ('->', '.')
    if strict and not _one_declaration(fs, toks.text[base if simple else base - 2], rng):
        return None                  # which declaration a use sees depends on its block
    type_text = variable_type(fs, toks.text[base], rng) if simple else None
    if not simple and toks.text[base - 1] == '->' and toks.kind[base] == 'id' and \
            toks.kind[base - 2] == 'id' and toks.text[base - 3] not in ('->', '.'):
        # X->f->T: the struct that field f of the struct of X points to
        outer = re.findall(r'\w+', variable_type(fs, toks.text[base - 2], rng) or '')
        if 'struct' in outer and '*' in (variable_type(fs, toks.text[base - 2], rng) or ''):
            pointed = fs.struct_pointers.get(outer[outer.index('struct') + 1], {})
            if toks.text[base] in pointed:
                type_text = 'struct %s *' % pointed[toks.text[base]]
    words = re.findall(r'\w+', type_text or '')
    # struct S *e, struct S e, const struct S *e: one struct, named right after the keyword
    if words.count('struct') != 1 or words.index('struct') + 1 >= len(words):
        return None
    if strict and not _plain_struct_type(fs, type_text, words[words.index('struct') + 1]):
        return None
    if strict and simple and not _declared_once_here(fs, toks.text[base], rng, base):
        return None
    if strict and (toks.text[i - 1] == '->' and '*' not in type_text or
                   toks.text[i - 1] == '.' and '*' in type_text):
        return None              # not what C would allow: spatch saw something else
    return words[words.index('struct') + 1]


_PLAIN_STRUCT_RE = re.compile(r'(?:(?:const|volatile|static|extern|register)\s+)*struct\s+\w+'
                              r'[\s*]*(?:const\s*)?')


def _plain_struct_type(fs, type_text, tag):
    """Is type_text just [const] struct TAG [*], with a tag no macro of the file renames
    (not __typeof__(...), not #define alias tag)?"""
    return bool(_PLAIN_STRUCT_RE.fullmatch(' '.join(type_text.split()))) and \
        tag not in fs.macros and not _defined_as_macro(fs.toks, tag)


def _declared_once_here(fs, var, rng, use):
    """Do the tokens agree that var is declared once where its use at token use in
    function rng may see it (no declaration spatch does not report: in a for loop, a
    statement expression, a K&R parameter list, or made by a macro it is given to before
    the use, in a block around it)?"""
    toks = fs.toks
    text = toks.text
    lo, hi = (function_header(fs, rng)[1] if rng is not None else 0), (rng[1] if rng else 0)
    count = 0
    for k in token_indices(fs, var):
        if toks.kind[k] != 'id':
            continue
        if not (lo <= k <= hi or _brace_depth(fs, toks.pos[k]) == 0):
            continue                 # in another function, or a parameter of one
        if is_declarator(toks, k) and not _dereferenced(text, k) or _may_declare(text, k):
            count += 1
        elif k >= 2 and text[k - 1] in ('(', ',') and text[k + 1] in (',', ')') and \
                lo <= k < use:
            callee = _callee_of_argument(text, k)
            if callee is not None and callee not in fs.functions and \
                    not read_only_macro(toks, callee) and use < _block_end(text, k, hi):
                return False         # with_reg(p, r); p->T: a macro (of a header, too) may declare p
    return count == 1


def _block_end(text, k, hi):
    """The index of the } that closes the innermost block around token k (hi if none)."""
    depth = 0
    for j in range(k, hi + 1):
        if text[j] == '{':
            depth += 1
        elif text[j] == '}':
            if depth == 0:
                return j
            depth -= 1
    return hi


def _dereferenced(text, k):
    """Is the * before token k a dereference (sizeof(*p), (*p)), not a declarator's?
    (After a comma it may be either: for (struct reg *p = r, *o = p; ...) declares.)"""
    j = k - 1
    while j >= 0 and text[j] == '*':
        j -= 1
    return j < k - 1 and (j < 0 or text[j] in ('(', '=', 'sizeof', 'return', '!', '&&', '||'))


def _may_declare(text, k):
    """Could token k be declared where is_declarator() does not see it: after a ) (a
    __typeof__(r) o, an attribute), or in parentheses after a * (struct reg *(o) = r)?
    Counted as declarations, they only make a variable less certain."""
    nxt = text[k + 1] if k + 1 < len(text) else ''
    if text[k - 1] == ')' and nxt in (',', ';', '=', '['):
        return True
    return text[k - 1] == '(' and nxt == ')' and k >= 2 and text[k - 2] == '*'


def _callee_of_argument(text, k):
    j = enclosing_bracket(text, k, statement=True)
    return text[j - 1] if j and text[j] == '(' else None


def _one_declaration(fs, var, rng):
    """Is var declared exactly once where a use in function rng may see it (its locals
    and parameters, in any block, and the file scope)? Then its declared type is its type."""
    if rng is None:
        return False
    lo, hi = fs.toks.pos[function_header(fs, rng)[1]], fs.toks.pos[rng[1]]
    seen = [pos for pos, _, _ in fs.decls.get(var, ())
            if lo <= pos <= hi or _brace_depth(fs, pos) == 0]
    return len(seen) == 1


def _brace_depth(fs, pos):
    """How many braces and parentheses enclose the token at pos (0: a file-scope
    declaration, not a parameter; whatever spatch parsed)."""
    if getattr(fs, 'depths', None) is None:
        depth, fs.depths = 0, []
        for tok in fs.toks.text:
            depth -= tok in ('}', ')')
            fs.depths.append(depth)
            depth += tok in ('{', '(')
    i = fs.toks.at_pos(pos)
    return None if i is None else fs.depths[i]


# calls that only read their arguments (the kernel's printk has no %n): a key they
# print or compare is the same after them
ONLY_READING_CALLS = {
    'printk', 'pr_emerg', 'pr_alert', 'pr_crit', 'pr_err', 'pr_warn', 'pr_notice', 'pr_info',
    'pr_cont', 'pr_debug', 'pr_devel', 'dev_emerg', 'dev_alert', 'dev_crit', 'dev_err',
    'dev_warn', 'dev_notice', 'dev_info', 'dev_dbg', 'netdev_emerg', 'netdev_alert',
    'netdev_crit', 'netdev_err', 'netdev_warn', 'netdev_notice', 'netdev_info', 'netdev_dbg',
    'memcmp', 'strcmp', 'strncmp', 'strcasecmp', 'strncasecmp', 'strlen', 'strnlen',
    'crypto_memneq',
}


# the operators that store to what they are written beside
ASSIGNING = {'=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>=', '++', '--'}


def read_only_macro(toks, name):
    """Is name a function-like macro that the file defines once as one call of a
    function that only reads its arguments (TFC_SESS_DBG(lport, fmt, args...) as
    pr_debug(...)), with nothing else called, assigned or pasted into a name? A call of
    it then writes nothing."""
    cache = toks.__dict__.setdefault('_read_only_macros', {})
    if name not in cache:
        cache[name] = _read_only_macro(toks, name)
    return cache[name]


def _read_only_macro(toks, name):
    text = toks.text
    starts = [i for i in range(len(text) - 3)
              if text[i] == _HASH_SIGN and toks.bol[i] and text[i + 1] == 'define' and
              text[i + 2] == name and text[i + 3] == '(' and toks.offset[i + 3] == toks.end(i + 2)]
    if len(starts) != 1 or _conditional_depth(toks, starts[0]) or \
            not _only_called(toks, name, starts[0] + 2):
        return False                 # redefined, undefined, a function too, or under an #if
    i = starts[0]
    end = toks.line_end(i)
    try:
        close = matching_close(text, i + 3)
    except IndexError:
        return False
    params = {t for t in text[i + 4:close] if t.isidentifier()} | {'__VA_ARGS__'}
    body = list(range(close + 1, end))
    while len(body) > 2 and text[body[0]] == '(' and matching_close(text, body[0]) == body[-1]:
        body = body[1:-1]
    if len(body) < 3 or not trusted_reader(toks, text[body[0]]) or text[body[0]] in params or \
            text[body[1]] != '(' or matching_close(text, body[1]) != body[-1]:
        return False
    for k in body[2:-1]:
        if text[k] in ASSIGNING or text[k] in ('{', ';'):
            return False
        if text[k] == _HASH_SIGN and text[k + 1] == _HASH_SIGN and text[k - 1] != ',':
            return False             # a pasted name may be a call of anything (not , ## args)
        # an argument must be a whole value: not (s)->f or (s)->id op 4 (a format after a
        # string is one: "host%u: " fmt)
        if text[k] in params and not (
                text[k - 1] == _HASH_SIGN or
                text[k - 1] in ('(', ',') and text[k + 1] in (')', ',', '->', '.', '[') or
                text[k - 1][:1] == '"' and text[k + 1] in (')', ',')):
            return False
        if toks.kind[k] == 'id' and text[k] not in params and text[k + 1] != '(' and \
                _defined_as_macro(toks, text[k]):
            return False             # an object-like macro of the file may call anything
        if text[k] == '(' and (text[k - 1] == ')' or toks.kind[k - 1] == 'id' and (
                text[k - 1] in params or not trusted_reader(toks, text[k - 1]))):
            return False
    return True


def trusted_reader(toks, name):
    """Is name one of ONLY_READING_CALLS that the file neither defines (as a macro or a
    function) nor undefines? (Once per name and file: key_is_stable() asks at each call.)"""
    if name not in ONLY_READING_CALLS:
        return False
    cache = toks.__dict__.setdefault('_trusted_readers', {})
    if name not in cache:
        text = toks.text
        cache[name] = not _defined_as_macro(toks, name) and \
            not any(text[k - 1] == 'undef' or text[k + 1] == '(' and _defines_function(text, k)
                    for k in range(1, len(text) - 1) if text[k] == name)
    return cache[name]


def _defines_function(text, k):
    """Is the name at token k followed by a parameter list and a body?"""
    try:
        close = matching_close(text, k + 1)
    except IndexError:
        return False
    return close + 1 < len(text) and text[close + 1] == '{'


def _only_called(toks, name, defined_at):
    """Is every occurrence of name but the one at token defined_at a call at the start of a
    statement (not #undef, not another #define, not a function of that name)?"""
    text = toks.text
    for k in range(1, len(text) - 1):
        if text[k] == name and k != defined_at and not (
                text[k + 1] == '(' and text[k - 1] in (';', '{', '}', ')', 'else', ':')):
            return False
    return True


def _conditional_depth(toks, at):
    """How many #if blocks hold token at."""
    depth = 0
    for k in range(at):
        if toks.text[k] == _HASH_SIGN and toks.bol[k] and k + 1 < len(toks.text):
            word = toks.text[k + 1]
            depth += word in ('if', 'ifdef', 'ifndef')
            depth -= word == 'endif' and depth > 0
    return depth
