"""Positional accesses: buckets visited by number, without a key.

A converted table is the same array of buckets, so code that visits bucket 0,
bucket i of a loop, or a bucket number kept between calls (a seq_file cursor)
stays valid as it is, as long as no bucket number it uses was computed from a
key and it inserts nothing (hash_add() would put an entry elsewhere). Such
code is left open-coded; only the shapes that mean exactly hash_for_each(),
hash_init() or hash_empty() are rewritten (analysis.py).
"""

from .cexpr import Unknown, free_names, parse_tokens, strip_parens
from .files import (call_nodes, declared_type, function_header, function_range, is_declarator,
                    is_parameter, occurrences, token_indices)
from .helpers import bucket_parts, function_at
from .sites import table_of
from .tokens import _HASH_SIGN, directive_start, matching_close, matching_open, stepped_at

# calls that read a bucket given to them, or clear it, but never insert into it
READ_ONLY_CALLS = {
    'hlist_empty', 'hlist_first_rcu', 'INIT_HLIST_HEAD', 'hlist_for_each_entry',
    'hlist_for_each_entry_rcu', 'hlist_for_each_entry_safe', 'hlist_for_each_entry_rcu_notrace',
    'hlist_for_each', 'hlist_for_each_safe', 'hlist_entry_safe', 'hlist_entry',
    'rcu_dereference', 'rcu_dereference_raw', 'rcu_dereference_protected',
    'rcu_dereference_bh', 'READ_ONCE', 'WARN_ON', 'WARN_ON_ONCE', 'BUG_ON',
}
_ADDS = ('hlist_add_head', 'hlist_add_head_rcu')
_STEPS = {'++', '--'}


class Positional:
    """Which values are bucket numbers that come from no key."""

    def __init__(self, fs):
        self.fs = fs
        self.memo = {}

    def value(self, node, rng, seen=None, stored=False, direct=True):
        """Is the value of node (in fs.toks) a bucket number picked without a key?

        A constant picks a bucket, but a constant stored in a cursor may as well
        be a key (.type = 0x0800): stored, only 0 counts, and what steps from it.
        direct: node is the index itself; a parameter counts only there (one that
        is masked, key & MASK, is a key whatever its callers pass).
        """
        seen = set() if seen is None else seen
        node = strip_parens(node)
        kind = node[0]
        if kind == 'num':
            if direct and not stored:
                return False         # T[0] alone: which entries it has depends on the hash
            return not stored or node[1] in ('0', '0U', '0u', '0UL', '0ul')
        if kind == 'un' and node[1] == '-' and strip_parens(node[2])[:2] == ('num', '1'):
            return stored            # -1: before the first bucket
        if kind == 'cast':
            return self.value(node[1], rng, seen, stored, direct)
        if kind == 'un' and node[1] == '*':
            inner = strip_parens(node[2])
            inner = strip_parens(inner[1]) if inner[0] == 'cast' else inner
            return inner[0] == 'id' and seq_position(self.fs, inner[1], rng)
        if kind == 'id':
            name = node[1]
            if name in self.fs.macros or name.isupper():
                return not stored and not direct     # a constant bucket: T[LAST] alone is not
            return self.variable(name, rng, seen, direct)
        if kind == 'field':
            # a field that indexes the table itself must move along (a cursor)
            return self.field(node[2], seen) and (not direct or not self.fixed(
                [i for i in token_indices(self.fs, node[2])
                 if i >= 2 and self.fs.toks.text[i - 1] in ('->', '.')]))
        if kind == 'bin' and node[1] in ('%', '&') and direct and \
                strip_parens(node[2])[0] == 'field':
            return False             # T[r->id & MASK]: a field masked as a key is a key
        if kind == 'bin' and node[1] in ('+', '-', '%', '&'):
            return self.value(node[2], rng, seen, stored, False) and \
                self.value(node[3], rng, seen, False, False)
        return False

    def variable(self, name, rng, seen, direct=False):
        """A local whose every assignment is a positional value or a step (or, direct,
        a parameter whose every caller passes one)."""
        if rng is None:
            return False
        key = ('var', name, rng, direct)
        if key in seen:
            return True              # a loop: as good as the rest of its assignments
        if key in self.memo:
            return self.memo[key]
        root = not seen              # below the root, True may rest on an assumption above
        seen.add(key)
        ok = declared_type(self.fs, name, rng) is not None and (
            not self.is_parameter(name, rng) or direct and self.parameter(name, rng, seen))
        if ok and direct and not self.is_parameter(name, rng) and \
                self.fixed(occurrences(self.fs, name, function_header(self.fs, rng)[1], rng[1])):
            ok = False               # b = 0; T[b]: one bucket, not a walk over them
        if ok:
            lo = function_header(self.fs, rng)[1]
            for i in occurrences(self.fs, name, lo, rng[1]):
                if not self._assignment_ok(i, rng, seen):
                    ok = False
                    break
        if root or not ok:
            self.memo[key] = ok
        return ok

    def field(self, name, seen):
        """A struct field (by name, in the whole file) only ever given positional values."""
        key = ('field', name)
        if key in seen:
            return True
        if key in self.memo:
            return self.memo[key]
        root = not seen
        seen.add(key)
        toks = self.fs.toks
        # a field of a struct of this file, given its values here (other files could
        # give a field of a header struct a key); never assigned, it holds anything
        # (one struct of the file has it: every use of the name is of that field)
        ok = name in self.fs.local_fields and self.fs.field_declarations.get(name) == 1 and any(
            toks.text[i] == name and i and toks.text[i - 1] in ('->', '.') and
            (toks.text[i + 1] in _STEPS or toks.text[i + 1] in ('=', '+=', '-=') or
             toks.text[i - 3] in _STEPS)
            for i in range(1, len(toks.text) - 1))
        for i, tok in enumerate(toks.text if ok else ()):
            if tok == name and toks.kind[i] == 'id' and i and toks.text[i - 1] in ('->', '.'):
                rng = function_range(self.fs, toks.pos[i])
                if rng is None or not self._assignment_ok(i, rng, seen, member=True):
                    ok = False
                    break
        if root or not ok:
            self.memo[key] = ok
        return ok

    def is_parameter(self, name, rng):
        return is_parameter(self.fs, name, rng)

    def fixed(self, places):
        """Does the variable or field named at token indices places only ever hold
        constants (b = 0; never b++, b = i, b = *pos)? Then it picks one bucket."""
        text = self.fs.toks.text
        for i in places:
            if stepped_at(text, i):
                return False
            if text[i + 1] == '=':
                end = _expression_end(text, i + 2)
                try:
                    rhs = strip_parens(parse_tokens(self.fs.toks, i + 2, end))
                except (Unknown, IndexError):
                    return False
                if not (rhs[0] == 'num' or rhs[0] == 'id' and
                        (rhs[1] in self.fs.macros or rhs[1].isupper())):
                    return False
        return True

    def parameter(self, name, rng, seen):
        """A parameter of a static function that every call gives a positional value
        (macvlan_fill_info_macaddr(skb, vlan, i) in a loop over the buckets)."""
        toks = self.fs.toks
        close = rng[0] - 1
        while close > 0 and toks.text[close] != ')':
            close -= 1               # back over attributes to the parameter list
        try:
            d = function_at(toks, matching_open(toks.text, close) - 1)
        except IndexError:
            return False
        if d is None or not d.static or d.body[0] != rng[0] + 1 or name not in d.param_names():
            return False
        k = d.param_names().index(name)
        got = call_nodes(self.fs, d)
        # not only called (its address is taken: any caller may pass anything), or
        # maybe called where no search can see (walk_##what(n))
        if got is None or got[1] is not None or not got[0] or pastes_part_of(toks, d.name):
            return False
        for node in got[0]:
            i = node[-1][0]
            if directive_start(toks, i) is not None:
                return False         # a macro: what it is given is not known here
            caller = function_range(self.fs, toks.pos[i])
            arg = strip_parens(node[2][k])
            others = set()
            for j, a in enumerate(node[2]):
                if j != k:
                    free_names(a, others)
            if arg[0] == 'bin' and arg[1] in ('%', '&') or free_names(arg) & others:
                # find(i, i & MASK), find(i, i): a counter reduced like a key, or given as a
                # key too, which picks the bucket of that key (a review found such lookups
                # left in the old bucket while hash_add() moved their entries)
                return False
            # what a caller passes is the index itself: a counter of its walk, not a constant
            if caller is None or not self.value(node[2][k], caller, seen, stored=False):
                return False
        return True

    def _assignment_ok(self, i, rng, seen, member=False):
        """Is the occurrence at token i a read, a step, or an assignment of a positional value?"""
        text = self.fs.toks.text
        start = i
        if member:                   # the start of X->f: back over the base
            start = i - 2
            while start > 0 and text[start - 1] in ('->', '.'):
                start -= 2
            if start > 0 and text[start - 1] == '&':
                return False         # its address is taken: anything may set it
        nxt = text[i + 1] if i + 1 < len(text) else ''
        prv = text[start - 1] if start else ''
        if not member and prv == '&':
            return False
        if nxt in _STEPS or prv in _STEPS:
            return True
        if nxt in ('+=', '-='):
            end = _expression_end(text, i + 2)
            return end == i + 3 and self.fs.toks.kind[i + 2] == 'num'
        if nxt == '=':
            end = _expression_end(text, i + 2)
            try:
                rhs = parse_tokens(self.fs.toks, i + 2, end)
            except (Unknown, IndexError):
                return False
            return self.value(rhs, rng, seen, stored=True)
        if nxt.endswith('=') and nxt not in ('==', '!=', '<=', '>='):
            return False             # *=, &= and the like
        return True


def seq_position(fs, name, rng):
    """Is name the v of a seq_file show() whose start() and next() return only their
    position (or NULL) and only count it up? *(loff_t *)v is then the number of the
    record to show: a bucket reached by counting (kprobes' kprobe_table)."""
    toks = fs.toks
    if rng is None:
        return False
    show = _function_of(toks, rng)
    if show is None or show.param_names()[1:2] != [name]:
        return False
    text = toks.text
    for j in range(show.body[0], show.body[1]):
        if text[j] == name and toks.kind[j] == 'id' and (
                text[j + 1] in _STEPS or text[j - 1] in _STEPS or text[j - 1] == '&' or
                text[j + 1].endswith('=') and text[j + 1] not in ('==', '!=', '<=', '>=')):
            return False             # show() points v elsewhere
    every = seq_operations(toks, show.name)
    return bool(every) and all(
        k in ops and ops[k] in fs.functions and
        _counts_position(toks, function_at(toks, toks.at_pos(fs.functions[ops[k]])))
        for ops in every for k in ('start', 'next'))


def _function_of(toks, rng):
    close = rng[0] - 1
    while close > 0 and toks.text[close] != ')':
        close -= 1                   # back over attributes to the parameter list
    try:
        return function_at(toks, matching_open(toks.text, close) - 1)
    except IndexError:
        return None


def seq_operations(toks, show):
    """The .field = function pairs of each struct seq_operations initializer whose .show
    is show; None when show is named so elsewhere than in one."""
    text = toks.text
    out = []
    for i in range(len(text) - 3):
        if text[i:i + 4] != ['.', 'show', '=', show]:
            continue
        depth, j = 0, i
        while j > 0 and not (text[j] == '{' and depth == 0):
            depth += {'}': 1, '{': -1}.get(text[j], 0) if j != i else 0
            j -= 1
        k = j
        while k > 0 and text[k - 1] not in (';', '}', '{'):
            k -= 1
        if 'seq_operations' not in text[k:j]:
            return None
        close = matching_close(text, j)
        out.append({text[m + 1]: text[m + 3] for m in range(j + 1, close - 3)
                    if text[m] == '.' and text[m + 2] == '=' and toks.kind[m + 3] == 'id'
                    and text[m - 1] in ('{', ',')})
    return out


_POSITION_RETURN = {'(', ')', '*', '<', '<=', '>', '>=', '?', ':', 'NULL'}


def _counts_position(toks, d):
    """Does seq_file callback d return only its loff_t *pos (or NULL, or one of them
    after comparing *pos with a constant), and change *pos only by counting it up?"""
    if d is None:
        return False
    pos = [p for p, type_text in d.params if type_text and 'loff_t' in type_text]
    if len(pos) != 1:
        return False
    pos = pos[0]
    text = toks.text
    lo, hi = d.body
    returned = set()                 # token indices of the returned expressions
    for j in range(lo, hi):
        if text[j] == 'return':
            end = j + 1
            while text[end] != ';':
                end += 1
            returned.update(range(j + 1, end))
            for k in range(j + 1, end):
                if text[k] not in _POSITION_RETURN and text[k] != pos and \
                        not (toks.kind[k] == 'id' and text[k].isupper()) and toks.kind[k] != 'num':
                    return False
    for j in range(lo, hi):
        if text[j] != pos or toks.kind[j] != 'id':
            continue
        if text[j - 1] == '*':       # *pos: read, compared, or counted up
            after = j + 2 if text[j + 1] == ')' and text[j - 2] == '(' else j + 1
            before = j - 3 if text[j - 2] == '(' else j - 2
            if text[after].endswith('=') and text[after] not in ('==', '<=', '>=', '!=') or \
                    text[after] == '--' or text[before] == '--':
                return False
        elif j not in returned:
            return False             # pos itself goes elsewhere than back to the caller
    return True


def stored_in_cursor(fs, positions, i):
    """Is token i the value of X->f = i; with f a field that only ever holds bucket
    numbers picked without a key (Positional.field)? A walk that keeps its place
    in an iterator (iter->bucket = idx) to resume there on the next call."""
    text = fs.toks.text
    if i < 4 or text[i - 1] != '=' or text[i + 1] != ';' or text[i - 3] not in ('->', '.'):
        return False
    start = i - 4
    while start >= 2 and text[start - 1] in ('->', '.'):
        start -= 2
    if text[start - 1] not in (';', '{', '}'):
        return False
    return positions.field(text[i - 2], set())


def _field_starts(text, i):
    """The first token of X->f (or X.f) whose field name is token i."""
    start = i - 2
    while start >= 2 and text[start - 1] in ('->', '.'):
        start -= 2
    return start


def table_field(fs, name):
    """Does the field name (of a struct of this file) only ever hold a table, or NULL,
    and is it only compared with one? iter->table = T; ... if (iter->table == T)
    says which table a walk is in; no bucket is reached through it."""
    if name not in fs.local_fields:
        return False
    text = fs.toks.text
    tables = set(fs.tables) | {'NULL'}
    found = False
    for i in range(2, len(text) - 2):
        if text[i] != name or text[i - 1] not in ('->', '.') or fs.toks.kind[i] != 'id':
            continue
        found = True
        start = _field_starts(text, i)
        nxt, prv = text[i + 1], text[start - 1]
        if nxt == '=' and prv in (';', '{', '}') and text[i + 2] in tables and text[i + 3] == ';':
            continue
        if nxt in ('==', '!=') and text[i + 2] in tables and text[i + 3] in (')', '&&', '||'):
            continue
        if prv in ('==', '!=') and text[start - 2] in tables and text[i + 1] in (')', '&&', '||'):
            continue
        return False
    return found


def names_table_field(fs, i):
    """Is the table name at token i stored in, or compared with, a table_field()?"""
    text = fs.toks.text
    if i >= 4 and text[i - 1] == '=' and text[i + 1] == ';' and text[i - 3] in ('->', '.'):
        return table_field(fs, text[i - 2])
    if i >= 3 and text[i - 1] in ('==', '!=') and text[i - 3] in ('->', '.'):
        return table_field(fs, text[i - 2])
    if i + 3 < len(text) and text[i + 1] in ('==', '!=') and text[i + 3] in ('->', '.'):
        j = i + 4
        while j + 1 < len(text) and text[j + 1] in ('->', '.'):
            j += 2
        return table_field(fs, text[j])
    return False


def pastes_part_of(toks, name):
    """Could the file paste (##) name together? Any paste of a macro parameter
    (#define PASTE(a, b) a##b) can, so any ## at all counts."""
    text = toks.text
    return any(text[i] == _HASH_SIGN and text[i + 1] == _HASH_SIGN for i in range(len(text) - 1))


def _expression_end(text, j):
    """Index just after the expression starting at j (up to ; , or a closing bracket)."""
    depth = 0
    while j < len(text):
        tok = text[j]
        if tok in ('(', '[', '{'):
            depth += 1
        elif tok in (')', ']', '}'):
            if depth == 0:
                return j
            depth -= 1
        elif tok in (';', ',') and depth == 0:
            return j
        j += 1
    return j


def enclosing_call(text, lo):
    """(callee name, argument number) of the call whose argument starts at token lo, or None."""
    depth, j, arg = 0, lo - 1, 0
    while j >= 0:
        tok = text[j]
        if tok in (')', ']'):
            depth += 1
        elif tok in ('(', '['):
            if depth == 0:
                if tok == '(' and j > 0 and text[j - 1][:1].isalpha() or \
                        tok == '(' and j > 0 and text[j - 1][:1] == '_':
                    return text[j - 1], arg
                return None
            depth -= 1
        elif tok == ',' and depth == 0:
            arg += 1
        elif tok in (';', '{', '}') and depth == 0:
            return None
        j -= 1
    return None


def read_only_use(fs, lo, hi, rng, depth=0):
    """Is the bucket expression of tokens lo..hi-1 only read where it stands?

    It is an argument of a call that reads buckets (an iterator, hlist_empty()),
    read through ->first or .first, or put in a local that is only used so.
    """
    text = fs.toks.text
    if depth > 4:
        return False
    nxt = text[hi] if hi < len(text) else ''
    prv = text[lo - 1] if lo else ''
    if nxt in ('->', '.') and hi + 2 < len(text) and text[hi + 1] == 'first' and \
            text[hi + 2] not in ('=',):
        return True
    call = enclosing_call(text, lo)
    if call is not None and prv in ('(', ',') and nxt in (',', ')'):
        return call[0] in READ_ONLY_CALLS
    if prv == '=' and lo >= 2 and fs.toks.kind[lo - 2] == 'id' and nxt in (';', ','):
        return bucket_variable_reads(fs, text[lo - 2], rng, depth)
    return False


def bucket_variable_reads(fs, var, rng, depth=0):
    """Is local var a bucket pointer only ever given positional buckets, and only read?"""
    if rng is None or declared_type(fs, var, rng) is None:
        return False
    text = fs.toks.text
    pos = Positional(fs)
    stepped = first = False
    for i in occurrences(fs, var, function_header(fs, rng)[1], rng[1]):
        nxt = text[i + 1] if i + 1 < len(text) else ''
        prv = text[i - 1] if i else ''
        if nxt in _STEPS or prv in _STEPS:
            stepped = True           # head++: the next bucket
            continue
        if nxt == '=':
            end = _expression_end(text, i + 2)
            if not positional_bucket(fs, pos, i + 2, end, rng):
                return False
            first = first or _whole_table(fs, i + 2, end)
            continue
        if is_declarator(fs.toks, i):
            continue
        if prv == '&' or not read_only_use(fs, i, i + 1, rng, depth + 1):
            return False
    # head = T; and no head++: bucket 0 alone, whose entries depend on the hash
    return stepped or not first


def _whole_table(fs, lo, hi):
    try:
        node = strip_parens(parse_tokens(fs.toks, lo, hi))
    except (Unknown, IndexError):
        return True
    return table_of(fs, node) is not None


def positional_bucket(fs, pos, lo, hi, rng):
    """Is tokens lo..hi-1 a bucket of a table picked without a key (&T[i], T, T + i, NULL)?"""
    try:
        node = strip_parens(parse_tokens(fs.toks, lo, hi))
    except (Unknown, IndexError):
        return False
    if node[:2] == ('id', 'NULL'):
        return True
    parts = bucket_parts(node)
    if parts is not None:
        return table_of(fs, parts[0]) is not None and pos.value(parts[1], rng)
    return table_of(fs, node) is not None      # the table itself: its first bucket


def inserts_into(fs, op_kind):
    return op_kind in _ADDS


def index_of(text, i):
    """For the table name at token i, the token range of [index] after it, or None."""
    if i + 1 < len(text) and text[i + 1] == '[':
        close = matching_close(text, i + 1)
        return i + 2, close
    return None
