// SPDX-License-Identifier: GPL-2.0-only
/// Use the generic hashtable.h API for open-coded fixed-size hash tables.
///
/// A file-local array of struct hlist_head whose every keyed access masks or
/// reduces a key (T[k & (N - 1)], T[k % N], T + (k & MASK), T[hash_32(k, B)],
/// T[hash_long(k, B)], T[hash_ptr(p, B)], directly, through a local index
/// variable or through a local bucket pointer) becomes DEFINE_HASHTABLE, and
/// its accesses hash_add/hash_for_each_possible/hash_del/hash_for_each/hash_init.
/// The key of every generated access is the unreduced value the old code
/// hashed at that site. A table is converted only when every occurrence of its
/// name is understood; otherwise it is left as it is and report mode says why
/// (size not a power of two, a bucket index that is stored or used for a
/// parallel array, a helper that returns an already reduced index, keys of
/// different widths, a table that is not static, ...).
///
/// Init loops of static tables are dropped in __init functions and become
/// hash_init() elsewhere (the function may run again to clear the table).
/// A full walk whose body breaks stays open-coded: hash_for_each() would end
/// the whole walk, not just the bucket.
///
// Confidence: High
// Copyright: (C) 2026 hashtable-convert authors.
// Comments: report mode prints one line per candidate table with its verdict.
//  tool/hashtable-convert runs this file with -D crossfile and two environment
//  variables (tables that span files, verdicts as JSON); alone it needs neither.
// Options: --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report
// set by tool/hashtable-convert for tables shared between files
virtual crossfile

@initialize:python@
@@
# Coccinelle 1.1.1 reads this block with its own lexer: a double slash ends the
# line, a hash sign inside quotes or a preprocessor word in a comment breaks
# it, quotes must balance on every line (comments too), and a comment line
# must not start with the name of the tool.
import difflib
import hashlib
import json
import os
import re

# ---------------------------------------------------------------- tokens
# Occurrences of the name of a table are counted on the own tokens of the file, so that
# a use spatch does not parse (in a macro body, an #if branch) still counts:
# an occurrence no rule understood makes the table ineligible.

_HASH_SIGN = chr(35)  # spelled out: spatch cuts python lines at a hash sign in quotes

_TOKEN_RE = re.compile(r"""
    (?P<nl>\n) | (?P<ws>[ \t\r\f\v]+ | \\\n)
  | (?P<comment>/{2}[^\n]* | /\*.*?\*/)
  | (?P<str>\x22(?:\\.|[^\x22\\\n])*\x22 | \x27(?:\\.|[^\x27\\\n])*\x27)
  | (?P<num>\.?[0-9][A-Za-z0-9_.]*)
  | (?P<id>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op>->|<<=|>>=|\.\.\.|<<|>>|<=|>=|==|!=|&&|\|\||\+\+|--|[-+*/%&|^]=|\S)
""", re.S | re.X)


class Tokens:
    """The tokens of one file: kinds, texts, (line, column) and a position index."""

    def __init__(self, text):
        self.kind, self.text, self.pos, self.offset = [], [], [], []
        self.source = text
        line, line_start = 1, 0
        for m in _TOKEN_RE.finditer(text):
            kind = m.lastgroup
            if kind in ('nl', 'ws', 'comment'):
                chunk = m.group()
                newlines = chunk.count('\n')
                if newlines:
                    line += newlines
                    line_start = m.start() + chunk.rindex('\n') + 1
                continue
            self.kind.append(kind)
            self.text.append(m.group())
            self.pos.append((line, m.start() - line_start))
            self.offset.append(m.start())
        self.index = {p: i for i, p in enumerate(self.pos)}

    def at(self, line, col):
        return self.index.get((line, col))

    def span(self, start, end):
        """Token indices from position start up to position end (exclusive)."""
        first = self.first_at_or_after(start)
        out = []
        i = first
        while i < len(self.pos) and self.pos[i] < end:
            out.append(i)
            i += 1
        return out

    def first_at_or_after(self, p):
        lo, hi = 0, len(self.pos)
        while lo < hi:
            mid = (lo + hi) >> 1
            if self.pos[mid] < p:
                lo = mid + 1
            else:
                hi = mid
        return lo


def _pos(p):
    return (int(p[0].line), int(p[0].column))


def _span(p):
    return ((int(p[0].line), int(p[0].column)),
            (int(p[0].line_end), int(p[0].column_end)))


# ---------------------------------------------------------------- expressions
# A small C expression parser over token texts: enough to evaluate size and
# mask macros and to split an index expression into key and reduction.

_BINARY = {'*': 10, '/': 10, '%': 10, '+': 9, '-': 9, '<<': 8, '>>': 8,
           '<': 7, '<=': 7, '>': 7, '>=': 7, '==': 6, '!=': 6, '&': 5,
           '^': 4, '|': 3, '&&': 2, '||': 1}
_TYPE_WORDS = {'unsigned', 'signed', 'int', 'long', 'short', 'char', 'const',
               'u8', 'u16', 'u32', 'u64', 's8', 's16', 's32', 's64', 'size_t',
               '__u32', '__u64', 'uintptr_t', 'struct', 'void', '*', 'bool'}


class Unknown(Exception):
    pass


class Choice(Exception):
    def __init__(self, key, count):
        Exception.__init__(self, key)
        self.key, self.count = key, count


class Parser:
    """Parses texts[lo:hi] into nested tuples; every node ends with its span."""

    def __init__(self, texts, lo=0, hi=None):
        self.t = texts
        self.i = lo
        self.hi = len(texts) if hi is None else hi

    def peek(self, k=0):
        j = self.i + k
        return self.t[j] if j < self.hi else None

    def take(self, want=None):
        tok = self.peek()
        if tok is None or (want is not None and tok != want):
            raise Unknown('expected %s' % want)
        self.i += 1
        return tok

    def parse(self):
        node = self.expr(0)
        if self.i != self.hi:
            raise Unknown('trailing tokens')
        return node

    def expr(self, min_prec):
        start = self.i
        left = self.unary()
        while True:
            op = self.peek()
            if op == '?' and min_prec == 0:
                self.take()
                a = self.expr(0)
                self.take(':')
                b = self.expr(0)
                left = ('?', left, a, b, (start, self.i))
                continue
            prec = _BINARY.get(op)
            if prec is None or prec < min_prec:
                return left
            self.take()
            right = self.expr(prec + 1)
            left = ('bin', op, left, right, (start, self.i))

    def is_cast(self):
        if self.peek() != '(':
            return False
        j = self.i + 1
        seen = False
        while j < self.hi and self.t[j] != ')':
            if self.t[j] not in _TYPE_WORDS and not (seen and re.match(r'\w+_t$', self.t[j])):
                if not (self.t[j - 1] == 'struct'):
                    return False
            seen = True
            j += 1
        return seen and j + 1 < self.hi

    def unary(self):
        start = self.i
        tok = self.peek()
        if tok in ('-', '+', '~', '!'):
            self.take()
            return ('un', tok, self.unary(), (start, self.i))
        if tok == 'sizeof':
            raise Unknown('sizeof')
        if self.is_cast():
            while self.take() != ')':
                pass
            return ('cast', self.unary(), (start, self.i))
        return self.postfix()

    def postfix(self):
        start = self.i
        tok = self.take()
        if tok == '(':
            node = self.expr(0)
            self.take(')')
            node = ('paren', node, (start, self.i))
        elif re.match(r'[0-9]', tok):
            node = ('num', tok, (start, self.i))
        elif re.match(r'[A-Za-z_]', tok):
            node = ('id', tok, (start, self.i))
        else:
            raise Unknown('unexpected ' + tok)
        while True:
            tok = self.peek()
            if tok == '(':
                self.take()
                args = []
                while self.peek() != ')':
                    args.append(self.expr(0))
                    if self.peek() == ',':
                        self.take()
                self.take(')')
                node = ('call', node, args, (start, self.i))
            elif tok == '[':
                self.take()
                sub = self.expr(0)
                self.take(']')
                node = ('index', node, sub, (start, self.i))
            elif tok in ('->', '.'):
                self.take()
                field = self.take()
                node = ('field', node, field, (start, self.i))
            elif tok in ('++', '--'):
                raise Unknown('side effect')
            else:
                return node


def parse_text(text):
    toks = Tokens(text).text
    return toks, Parser(toks).parse()


def strip_parens(node):
    while node[0] == 'paren':
        node = node[1]
    return node


def node_text(toks, node):
    lo, hi = node[-1]
    return ' '.join(toks[lo:hi])


def _int_literal(tok):
    m = re.match(r'(0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*$', tok)
    if not m:
        raise Unknown(tok)
    s = m.group(1)
    if s.lower().startswith('0x'):
        return int(s, 16)
    if len(s) > 1 and s.startswith('0'):
        return int(s, 8)
    return int(s)


class Evaluator:
    """Integer value of a constant expression under one configuration.

    Macros with several definitions (#if branches) and configuration symbols
    used as conditions are choices; evaluate_all() tries every combination.
    """

    def __init__(self, macros, env):
        self.macros, self.env, self.depth = macros, env, 0

    def choose(self, key, count):
        if key not in self.env:
            raise Choice(key, count)
        return self.env[key]

    def ident(self, name, cond):
        defs = self.macros.get(name)
        if defs:
            which = self.choose(('macro', name), len(defs)) if len(defs) > 1 else 0
            self.depth += 1
            if self.depth > 40:
                raise Unknown('recursive macro ' + name)
            try:
                toks, node = parse_text(defs[which])
                return self.value(node, cond)
            finally:
                self.depth -= 1
        if cond:
            return self.choose(('config', name), 2)
        raise Unknown(name)

    def value(self, node, cond=False):
        kind = node[0]
        if kind == 'num':
            return _int_literal(node[1])
        if kind == 'id':
            return self.ident(node[1], cond)
        if kind in ('paren', 'cast'):
            return self.value(node[1], cond)
        if kind == 'un':
            v = self.value(node[2], node[1] == '!')
            return {'-': -v, '+': v, '~': ~v, '!': int(not v)}[node[1]]
        if kind == '?':
            return self.value(node[2]) if self.value(node[1], True) else self.value(node[3])
        if kind == 'call' and node[1][0] == 'id':
            name, args = node[1][1], node[2]
            if name in ('IS_ENABLED', 'IS_BUILTIN', 'IS_MODULE', 'defined') and len(args) == 1 \
                    and args[0][0] == 'id':
                return self.choose(('config', args[0][1]), 2)
            if name == 'BIT' and len(args) == 1:
                return 1 << self.value(args[0])
            raise Unknown('call ' + name)
        if kind == 'bin':
            op = node[1]
            logical = op in ('&&', '||')
            a = self.value(node[2], logical)
            if op == '&&' and not a:
                return 0
            if op == '||' and a:
                return 1
            b = self.value(node[3], logical)
            if op in ('/', '%'):
                if b == 0:
                    raise Unknown('division by zero')
                q = divmod(abs(a), abs(b))[0]  # C truncates toward zero
                q = q if (a < 0) == (b < 0) else -q
                return q if op == '/' else a - q * b
            if op in ('<<', '>>') and not 0 <= b < 64:
                raise Unknown('shift')
            return {'*': a * b, '+': a + b, '-': a - b, '<<': a << b, '>>': a >> b,
                    '<': int(a < b), '<=': int(a <= b), '>': int(a > b), '>=': int(a >= b),
                    '==': int(a == b), '!=': int(a != b), '&': a & b, '^': a ^ b,
                    '|': a | b, '&&': int(bool(b)), '||': int(bool(b))}[op]
        raise Unknown(kind)


def evaluate_all(macros, texts, limit=64):
    """Values of texts, evaluated together, for every configuration."""
    nodes = [parse_text(t)[1] for t in texts]
    results, todo = [], [{}]
    while todo:
        if len(results) + len(todo) > limit:
            raise Unknown('too many configurations')
        env = todo.pop()
        try:
            ev = Evaluator(macros, env)
            results.append(tuple(ev.value(n) for n in nodes))
        except Choice as c:
            todo.extend(_extend(env, c.key, v) for v in range(c.count))
    return results


def _extend(env, key, value):
    new = dict(env)
    new[key] = value
    return new


def is_power_of_2(v):
    return v > 0 and v & (v - 1) == 0


def bits_expression(macros, size_text, depth=0):
    """Text of B such that the size is 1 << B, preferring an existing macro."""
    toks, node = parse_text(size_text)
    node = strip_parens(node)
    if node[0] == 'bin' and node[1] == '<<':
        try:
            if all(v == (1,) for v in evaluate_all(macros, [node_text(toks, node[2])])):
                return node_text(toks, strip_parens(node[3]))
        except Unknown:
            pass
    if node[0] == 'call' and node[1][0] == 'id' and node[1][1] == 'BIT' and len(node[2]) == 1:
        return node_text(toks, strip_parens(node[2][0]))
    if node[0] == 'id' and len(macros.get(node[1], ())) == 1 and depth < 20:
        inner = bits_expression(macros, macros[node[1]][0], depth + 1)
        if inner is not None:
            return inner
    if depth:
        return None
    values = {v[0] for v in evaluate_all(macros, [size_text])}
    if len(values) == 1:
        v = values.pop()
        if is_power_of_2(v):
            return str(v.bit_length() - 1)
    return None


# ---------------------------------------------------------------- key widths
_SMALL_TYPES = {'char', 'short', 'int', 'unsigned', 'signed', 'bool', '_Bool',
                'u8', 'u16', 'u32', 's8', 's16', 's32', '__u8', '__u16', '__u32',
                '__s8', '__s16', '__s32', 'uint8_t', 'uint16_t', 'uint32_t',
                'int8_t', 'int16_t', 'int32_t', 'kuid_t', 'kgid_t', 'uid_t', 'gid_t',
                'pid_t', 'dev_t', '__le32', '__be32', '__le16', '__be16'}
_LONG_TYPES = {'long', 'u64', 's64', '__u64', '__s64', 'size_t', 'ssize_t',
               'uintptr_t', 'intptr_t', 'uint64_t', 'int64_t', 'loff_t',
               'pgoff_t', 'sector_t', 'ptrdiff_t', '__le64', '__be64'}


def width_class(type_text):
    """'small' (hashed with hash_32), 'long' (hash_long), or the type itself."""
    words = [w for w in re.findall(r'[A-Za-z_]\w*|\*', type_text)
             if w not in ('const', 'volatile', 'static', 'register')]
    if '*' in words:
        return 'pointer'
    if 'long' in words or any(w in _LONG_TYPES for w in words):
        return 'long'
    if words and all(w in _SMALL_TYPES for w in words):
        return 'small'
    if words and words[0] == 'enum':
        return 'small'
    return 'type ' + ' '.join(words)


def note_field(p, name, type_text):
    state(p).field_types.setdefault(name, set()).add(type_text)


def shape_class(toks, node, field_types):
    """Width class of a key whose type spatch did not know, from its shape."""
    node = strip_parens(node)
    if node[0] == 'cast':
        lo, hi = node[-1]
        return width_class(' '.join(toks[lo + 1:node[1][-1][0] - 1]))
    if node[0] == 'call' and node[1][0] == 'id':
        return 'result of ' + node[1][1] + '()'
    if node[0] == 'field':
        types = field_types.get(node[2], set())
        if len(types) == 1:
            return width_class(next(iter(types)))
        return 'field ' + node[2]
    return 'expression ' + node_text(toks, node)


# ---------------------------------------------------------------- state

class Site:
    """One keyed access: its bucket expression and what reduces the key."""

    def __init__(self, kind, op_pos, idx_text, idx_span):
        self.kind, self.op_pos = kind, op_pos
        self.idx_text, self.idx_span = idx_text, idx_span
        self.form = self.key_text = None


class Table:
    def __init__(self, name, path, pos, size_text, size_span, scope):
        self.name, self.path, self.pos = name, path, pos
        self.size_text, self.size_span, self.scope = size_text, size_span, scope
        self.read_mostly = False
        self.uses = set()            # positions of name tokens understood
        self.sites = []              # keyed accesses (Site)
        self.inits, self.walks = [], []
        self.bucket_ptrs = []        # dicts, see note_bucket_pointer
        self.reasons = []
        self.verdict = None
        self.bits = None
        self.injected = False        # declared in another file (see _SHARED)
        self.struct = None           # the struct a member table belongs to
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
        self.macros = {}             # name -> [value text per definition]
        self.macro_pos = {}          # name -> [position of the name]
        self.macro_bodies = {}       # name -> span of the (first) value
        self.tables = {}
        self.assigns = {}            # var -> [(pos, rhs text, rhs span, stmt span)]
        self.decls = {}              # var -> [(pos, type text, has init)]
        self.bptr_uses = {}          # var -> [(var pos, op pos, kind)]
        self.includes = []           # positions of #include lines
        self.has_hashtable_include = False
        self.decided = False
        self.approved = {}           # position -> (kind, extra)
        self.field_types = {}        # struct field name -> declared types
        self.position_maps = {}      # rewritten copy -> {its position: original position}
        self.deletes = []            # (member, position) of hlist_del*()
        self.members = {}            # hlist op position -> node member name
        self.recorded = False
        names = _FACTS.get('files', {}).get(path, {}).get('tables', list(_SHARED))
        for name in names:
            info = _SHARED[name]
            t = Table(name, path, None, info['size'], None,
                      'member' if info['scope'] == 'member' else 'extern')
            t.injected = True
            t.struct = info.get('struct')
            self.tables[name] = t


# ---------------------------------------------------------------- the wrapper
# tool/hashtable-convert runs this file with two environment variables.
# HASHTABLE_CONVERT_FACTS names a JSON file of what the wrapper found in other
# files: {"tables": {name: {"scope": "member" or "global", "size": text,
# "macros": {name: [values]}, "fields": {name: [types]}}},
# "files": {path: {"macros": {name: [values]}, "tables": [names it uses]}}}.
# The tables span files: the wrapper has found every file that names them and
# converts all of those files or none, so here a shared table is treated as
# if it were file-local. The macros of a file come from the headers it
# includes; every value a macro is given counts, as for an #if in the file.
# HASHTABLE_CONVERT_RESULTS names a directory: the verdicts of each file are
# written there as JSON, one file per source file.

def _load_facts():
    path = os.environ.get('HASHTABLE_CONVERT_FACTS')
    if not path:
        return {}
    with open(path) as f:
        return json.load(f)


_FACTS = _load_facts()
_SHARED = _FACTS.get('tables', {})


def is_shared(name):
    return name in _SHARED


def shared_macros(fs):
    """Macro values and field types from headers, where the file has none."""
    found = [info.get('macros', {}) for info in _SHARED.values()]
    found.append(_FACTS.get('files', {}).get(fs.path, {}).get('macros', {}))
    for macros in found:
        for name, values in macros.items():
            if name not in fs.macros:
                fs.macros[name] = list(values)
    for info in _SHARED.values():
        for name, types in info.get('fields', {}).items():
            fs.field_types.setdefault(name, set()).update(types)


def table_record(fs, t):
    """What the wrapper needs to know of table t: a JSON-ready dict."""
    sites = getattr(t, 'sites', [])
    walks_open = [dict(line=w['pos'][0], why=w.get('why')) for w in t.walks
                  if not w.get('convert')]
    keys = {s.key_text for s in sites if s.key_text}
    keys |= {bp.get('key') or bp['idx'] for bp in t.bucket_ptrs}
    for pos, form, a in getattr(t, 'var_assigns', []):
        red = reduction(fs, t, a[1], pos)
        keys.add(red.key_text if red is not None else a[1])
    return dict(
        name=t.name, file=fs.path, line=t.pos[0] if t.pos else None,
        scope=t.scope, shared=t.injected or (t.scope == 'global' and t.name in _SHARED),
        size=t.size_text, bits=t.bits, read_mostly=t.read_mostly,
        verdict=t.verdict, reasons=list(t.reasons),
        key_widths=sorted(t.widths), forms=sorted(t.forms), keys=sorted(keys),
        accesses=dict(
            keyed=len(sites), bucket_pointers=len(t.bucket_ptrs),
            index_assignments=len(getattr(t, 'var_assigns', [])),
            inits=len([l for l in t.inits if not l.get('scan')]),
            emptiness_tests=len([l for l in t.inits if l.get('scan')]),
            walks=len(t.walks) - len(walks_open)),
        walks_open=walks_open)


def record(p):
    """Decide the file of p and, for the wrapper, write its verdicts once."""
    fs = state(p)
    decide(fs)
    out = os.environ.get('HASHTABLE_CONVERT_RESULTS')
    if not out or fs.recorded:
        return
    fs.recorded = True
    tables = [table_record(fs, t) for t in fs.tables.values()
              if not (t.injected and t.verdict == 'skipped' and not table_occurrences(fs, t))]
    name = hashlib.md5(fs.path.encode()).hexdigest() + '.json'
    tmp = os.path.join(out, name + '.tmp')
    with open(tmp, 'w') as f:
        json.dump(dict(file=fs.path, tables=tables), f)
    os.replace(tmp, os.path.join(out, name))


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


def translate(p):
    """Position p in the original file, or None where that token is new."""
    fs = state(p)
    path = p[0].file
    pos = _pos(p)
    if path == fs.path:
        return pos
    mapping = fs.position_maps.get(path)
    if mapping is None:
        with open(path, errors='replace') as f:
            mapping = align(fs.toks, Tokens(f.read()))
        fs.position_maps = {path: mapping}
    return mapping.get(pos)


def align(old, new):
    """Map the positions of the tokens of new to those of the same tokens in old.

    Lines are matched first (cheap, and most lines are unchanged); the tokens
    of changed line ranges are then matched one by one, so that a line that
    was only re-indented, or changed elsewhere, still maps.
    """
    def lines_of(toks):
        rows = {}
        for i, (line, col) in enumerate(toks.pos):
            rows.setdefault(line, []).append(i)
        last = toks.pos[-1][0] if toks.pos else 0
        return [tuple(toks.text[i] for i in rows.get(n, ())) for n in range(1, last + 1)], rows

    old_lines, old_rows = lines_of(old)
    new_lines, new_rows = lines_of(new)
    mapping = {}
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == 'equal':
            for k in range(i2 - i1):
                for a, b in zip(old_rows.get(i1 + k + 1, ()), new_rows.get(j1 + k + 1, ())):
                    mapping[new.pos[b]] = old.pos[a]
        elif tag == 'replace':
            olds = [i for n in range(i1 + 1, i2 + 1) for i in old_rows.get(n, ())]
            news = [i for n in range(j1 + 1, j2 + 1) for i in new_rows.get(n, ())]
            sub = difflib.SequenceMatcher(None, [old.text[i] for i in olds],
                                          [new.text[i] for i in news], autojunk=False)
            for a, b, size in sub.get_matching_blocks():
                for k in range(size):
                    mapping[new.pos[news[b + k]]] = old.pos[olds[a + k]]
    return mapping


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


# ---------------------------------------------------------------- recording

def note_macro(p, name, value, pvalue):
    fs = state(p)
    fs.macro_bodies.setdefault(name, _span(pvalue))
    fs.macros.setdefault(name, []).append(value)
    fs.macro_pos.setdefault(name, []).append(_pos(p))


def note_table(p, name, size, psize):
    fs = state(p)
    pos = _pos(p)
    toks = fs.toks
    i = toks.at(*pos)
    # storage class and attributes, read off the tokens of the declaration
    j = i
    while j > 0 and toks.text[j - 1] not in (';', '}', '{') and toks.kind[j - 1] != 'str' \
            and not toks.text[j - 1].startswith(_HASH_SIGN):
        j -= 1
    head = toks.text[j:i]
    known = fs.tables.get(name)
    if 'extern' in head:
        if known is not None and known.injected and known.scope == 'extern':
            known.uses.add(pos)          # the declaration of a shared table stays
        return
    if (known is not None and not known.injected) or function_range(fs, pos) is not None:
        return
    if known is not None and not ('static' not in head and known.scope == 'extern'):
        # a file-scope table named like a table of other files: uses cannot be told apart
        known.refuse('a table of this file is also called "%s"' % name, pos)
        return
    scope = 'static' if 'static' in head else 'global'
    t = Table(name, fs.path, pos, size, _span(psize), scope)
    k = i
    while k < len(toks.text) and toks.text[k] != ';':
        if toks.text[k] == '__read_mostly':
            t.read_mostly = True
        if toks.text[k] == '=':
            t.refuse('has an initializer', pos)
        k += 1
    if 'const' in head:
        t.refuse('is const', pos)
    t.uses.add(pos)
    fs.tables[name] = t


def note_member_table(p, name, size, struct):
    """A table inside a struct: its uses are E->name and E.name in this file."""
    fs = state(p)
    other = fs.tables.get(name)
    if other is not None:
        # two tables of one name: their uses cannot be told apart
        other.refuse('another table in this file is also called "%s"' % name)
        return
    t = Table(name, fs.path, _pos(p), size, None, 'member')
    t.struct = struct
    t.uses.add(_pos(p))
    if not fs.path.endswith('.c'):
        t.refuse('struct declared in a header: other files may index it')
    fs.tables[name] = t


def note_pointer_table(p, name):
    """static struct hlist_head *T: an allocated table, listed with its reason."""
    fs = state(p)
    if name in fs.tables or function_range(fs, _pos(p)) is not None:
        return
    t = Table(name, fs.path, _pos(p), '?', None, 'pointer')
    t.refuse('allocated table (a pointer): making it a DEFINE_HASHTABLE would change '
             'how it is allocated, which is left to a person')
    fs.tables[name] = t


def note_include(p, is_hashtable):
    fs = state(p)
    fs.includes.append(_pos(p))
    if is_hashtable:
        fs.has_hashtable_include = True


def note_init(name, q, pf, hi, ph, cursor, inclusive):
    t = table_for(q, name)
    if t is None:
        return
    t.uses.add(table_token(q))
    t.inits.append(dict(pos=_pos(pf), span=stmt_span(pf), hi=hi, hi_span=_span(ph),
                        cursor=cursor, inclusive=inclusive))


def note_init_while(name, q, pa, pf, hi, ph, cursor):
    """i = 0; while (i < N) { INIT_HLIST_HEAD(&T[i]); i++; }"""
    t = table_for(q, name)
    if t is None:
        return
    t.uses.add(table_token(q))
    t.inits.append(dict(pos=_pos(pf), span=(_pos(pa), stmt_span(pf)[1]), hi=hi,
                        hi_span=_span(ph), cursor=cursor, inclusive=False))


def note_walk(name, q, pf, hi, ph, cursor, pi, inclusive):
    t = table_for(q, name)
    if t is None:
        return
    fs = state(q)
    t.uses.add(table_token(q))
    # the header of the iterator ends at its closing parenthesis
    j = matching_close(fs.toks.text, fs.toks.at(*_pos(pi)) + 1)
    t.walks.append(dict(pos=_pos(pf), span=stmt_span(pf), header_end=fs.toks.pos[j],
                        hi=hi, hi_span=_span(ph), cursor=cursor, inclusive=inclusive,
                        iterator=fs.toks.text[fs.toks.at(*_pos(pi))]))


def note_scan(name, q, pf, hi, ph, cursor, inclusive):
    """&T[i] read inside a for loop over every bucket (hlist_empty and the like)."""
    t = table_for(q, name)
    if t is None:
        return
    t.uses.add(table_token(q))
    t.inits.append(dict(pos=_pos(pf), span=stmt_span(pf), hi=hi, hi_span=_span(ph),
                        cursor=cursor, inclusive=inclusive, scan=True))


def note_keyed(name, q, pc, idx, pidx):
    t = table_for(q, name)
    if t is None:
        return
    fs = state(q)
    kind = fs.toks.text[fs.toks.at(*_pos(pc))]
    t.uses.add(table_token(q))
    t.sites.append(Site(kind, _pos(pc), idx, _span(pidx)))


def note_assign(var, p, rhs, prhs):
    fs = state(p)
    fs.assigns.setdefault(var, []).append((_pos(p), rhs, _span(prhs)))


def note_decl(var, p, type_text, has_init):
    fs = state(p)
    fs.decls.setdefault(var, []).append((_pos(p), type_text, has_init))


def note_bucket_pointer(name, q, ph, head, idx, pidx):
    t = table_for(q, name)
    if t is None:
        return
    t.uses.add(table_token(q))
    fs = state(q)
    start, end = _span(q)
    table_text = fs.toks.source[fs.toks.offset[fs.toks.first_at_or_after(start)]:
                                fs.toks.offset[fs.toks.span(start, end)[-1]] +
                                len(fs.toks.text[fs.toks.span(start, end)[-1]])]
    t.bucket_ptrs.append(dict(pos=_pos(ph), var=head, idx=idx, idx_span=_span(pidx),
                              span=stmt_span(ph), table_text=table_text))


def note_bucket_pointer_use(head, pv, pc):
    fs = state(pv)
    kind = fs.toks.text[fs.toks.at(*_pos(pc))]
    fs.bptr_uses.setdefault(head, []).append((_pos(pv), _pos(pc), kind))


def note_delete(member, pc):
    fs = state(pc)
    fs.deletes.append((member, _pos(pc)))


def note_member(pc, member):
    """The hlist_node member named by the hlist operation at pc."""
    state(pc).members[_pos(pc)] = member


# ---------------------------------------------------------------- deciding

_HASHERS = {'hash_32': 'hash32', 'hash_long': 'hashlong', 'hash_64': 'hash64',
            'hash_ptr': 'hashptr'}


def function_range(fs, pos):
    """Token index range [open brace, close brace] of the function around pos."""
    toks = fs.toks
    target = toks.first_at_or_after(pos)
    depth, start = 0, None
    for i, tok in enumerate(toks.text):
        if tok == '{':
            if depth == 0:
                start = i
            depth += 1
        elif tok == '}':
            depth -= 1
            if depth == 0 and start is not None and start <= target <= i:
                return start, i
    return None


def function_header(fs, rng):
    """Tokens from the end of the previous declaration to the brace of the function."""
    toks = fs.toks
    j = rng[0]
    while j > 0 and toks.text[j - 1] not in (';', '}') and not toks.text[j - 1].startswith(_HASH_SIGN):
        j -= 1
    return toks.text[j:rng[0]], j


def occurrences(fs, name, lo=0, hi=None):
    """Token indices of identifier name that are not struct member names."""
    toks = fs.toks
    hi = len(toks.text) - 1 if hi is None else hi
    out = []
    for i in range(lo, hi + 1):
        if toks.text[i] == name and toks.kind[i] == 'id' \
                and not (i > 0 and toks.text[i - 1] in ('->', '.')):
            out.append(i)
    return out


def table_occurrences(fs, t):
    """Token indices naming table t: the identifier, or the member after -> and .

    For a member the name alone counts too (offsetof(struct S, name) is a use),
    except where a function declares a variable or parameter of that name.
    """
    if t.scope != 'member':
        return occurrences(fs, t.name)
    toks = fs.toks
    out = []
    for i, tok in enumerate(toks.text):
        if tok != t.name or toks.kind[i] != 'id':
            continue
        if toks.pos[i] != t.pos and (i == 0 or toks.text[i - 1] not in ('->', '.')):
            rng = function_range(fs, toks.pos[i])
            if rng is not None and declared_type(fs, tok, rng) is not None:
                continue         # the function's own variable of that name
        out.append(i)
    return out


def tok_indices(fs, span):
    return set(fs.toks.span(span[0], span[1]))


class Reduction:
    """How an index expression reduces its key: form, key text, key node."""

    def __init__(self, form, toks, key):
        self.form, self.toks, self.key = form, toks, key
        self.key_text = node_text(toks, key)


def reduction(fs, t, idx_text, where):
    """Split idx_text into key and reduction, checked against the table size."""
    try:
        toks, node = parse_text(idx_text)
    except Unknown:
        t.refuse('index "%s" is not understood' % idx_text, where)
        return None
    node = strip_parens(node)
    try:
        if node[0] == 'bin' and node[1] in ('&', '%'):
            operand = node_text(toks, node[3])
            pairs = evaluate_all(fs.macros, [t.size_text, operand])
            expect = (lambda n: n - 1) if node[1] == '&' else (lambda n: n)
            if all(m == expect(n) for n, m in pairs):
                return Reduction('and' if node[1] == '&' else 'mod', toks, strip_parens(node[2]))
            t.refuse("\"%s\" does not reduce to the %s buckets of the table"
                     % (idx_text, t.size_text), where)
            return None
        if node[0] == 'call' and node[1][0] == 'id' and node[1][1] in _HASHERS \
                and len(node[2]) == 2:
            bits = node_text(toks, node[2][1])
            pairs = evaluate_all(fs.macros, [t.size_text, bits])
            if all(n == 1 << b for n, b in pairs):
                return Reduction(_HASHERS[node[1][1]], toks, strip_parens(node[2][0]))
            t.refuse('"%s" hashes to a different number of buckets' % idx_text, where)
            return None
    except Unknown as e:
        t.refuse('"%s": cannot evaluate (%s)' % (idx_text, e), where)
        return None
    if node[0] == 'call':
        t.refuse('index "%s" comes from a helper, not a visible key reduction' % idx_text, where)
    else:
        t.refuse('index "%s" is not a masked or hashed key' % idx_text, where)
    return None


def names_table(node, t):
    """Is the parsed expression node the table t itself?"""
    if t.scope == 'member':
        return node[0] == 'field' and node[2] == t.name
    return node[0] == 'id' and node[1] == t.name


def loop_covers_table(fs, t, loop):
    """Does the bound of a for loop visit exactly the buckets of the table?"""
    hi = loop['hi']
    toks, node = parse_text(hi)
    node = strip_parens(node)
    if node[0] == 'call' and node[1][0] == 'id' and node[1][1] in ('ARRAY_SIZE', 'HASH_SIZE') \
            and len(node[2]) == 1 and names_table(strip_parens(node[2][0]), t):
        if loop['inclusive']:
            return False
        if loop['hi_span']:
            for i in tok_indices(fs, loop['hi_span']):
                if fs.toks.text[i] == t.name:
                    t.uses.add(fs.toks.pos[i])
        return True
    pairs = evaluate_all(fs.macros, [t.size_text, hi])
    return all(m == (n - 1 if loop['inclusive'] else n) for n, m in pairs)


def declared_type(fs, var, rng):
    """Declared type text of a local or parameter var inside function rng."""
    lo_pos = fs.toks.pos[function_header(fs, rng)[1]]
    hi_pos = fs.toks.pos[rng[1]]
    for pos, type_text, has_init in fs.decls.get(var, ()):
        if lo_pos <= pos <= hi_pos:
            return type_text
    return None


def key_width(fs, t, red, rng):
    if red.form == 'hashptr':
        return 'long'
    key = red.key
    if key[0] == 'id' and rng is not None:
        type_text = declared_type(fs, key[1], rng)
        if type_text:
            return width_class(type_text)
    return shape_class(red.toks, key, fs.field_types)


def key_is_stable(fs, red, rng, start, end):
    """Is the value of the key the same at token start and at token end?"""
    toks = fs.toks
    names, fields, calls = set(), set(), False

    def walk(n):
        nonlocal calls
        if n[0] == 'id':
            names.add(n[1])
        elif n[0] == 'field':
            fields.add(n[2])
            walk(n[1])
        elif n[0] == 'call':
            calls = True
        elif n[0] == 'un' and n[1] == '*':
            calls = True
        else:
            for c in n[1:-1]:
                if isinstance(c, tuple):
                    walk(c)
                elif isinstance(c, list):
                    for a in c:
                        walk(a)
    walk(red.key)
    if calls:
        return False, 'key "%s" calls a function; moving it would evaluate it again' % red.key_text
    locals_only = all(declared_type(fs, n, rng) for n in names)
    assign_ops = {'=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>=', '++', '--'}
    for i in range(start, end):
        tok = toks.text[i]
        nxt = toks.text[i + 1] if i + 1 < len(toks.text) else ''
        prv = toks.text[i - 1]
        member = prv in ('->', '.')
        if (tok in names and not member) or (tok in fields and member):
            if nxt in assign_ops or prv in ('++', '--') or (prv == '&' and not member):
                return False, 'key "%s" changes before the bucket is used' % red.key_text
        if tok == '(' and toks.kind[i - 1] == 'id' and (fields or not locals_only) \
                and toks.text[i - 1] not in ('if', 'while', 'for', 'switch', 'return', 'sizeof'):
            return False, 'a call may change key "%s" before the bucket is used' % red.key_text
    return True, None


def in_spans(pos, spans):
    return any(s is not None and s[0] <= pos < s[1] for s in spans)


def decide_table(fs, t):
    toks = fs.toks
    if t.scope == 'global' and t.name not in _SHARED:
        t.refuse('not static: other files may index it')
    if t.reasons:
        return
    if t.injected and not table_occurrences(fs, t):
        t.refuse('not used in this file')
        return
    try:
        sizes = [v[0] for v in evaluate_all(fs.macros, [t.size_text])]
    except Unknown as e:
        t.refuse('bucket count "%s" is not a constant here (%s)' % (t.size_text, e))
        sizes = []
    if sizes and not all(is_power_of_2(n) for n in sizes):
        t.refuse('bucket count "%s" = %s is not a power of two'
                 % (t.size_text, '/'.join(str(n) for n in sorted(set(sizes)))))
    if t.reasons:
        return
    t.bits = bits_expression(fs.macros, t.size_text)
    if t.bits is None and t.scope in ('static', 'global'):   # the others keep their declaration
        t.refuse('bucket count "%s" depends on the configuration and has no bits expression'
                 % t.size_text)
        return

    ok_spans = []            # token spans whose uses of loop cursors are understood
    for loop in t.inits:
        try:
            covers = loop_covers_table(fs, t, loop)
        except Unknown as e:
            covers = False
        if not covers:
            t.refuse('loop bound "%s" does not cover exactly the buckets' % loop['hi'], loop['pos'])
        ok_spans.append(loop['span'])
    for walk in t.walks:
        try:
            covers = loop_covers_table(fs, t, walk)
        except Unknown:
            covers = False
        if not covers:
            t.refuse('loop bound "%s" does not cover exactly the buckets' % walk['hi'], walk['pos'])
        ok_spans.append(walk['span'])
        body = tok_indices(fs, (walk['header_end'], walk['span'][1]))
        assigns_cursor = any(toks.text[i] == walk['cursor'] and
                             (toks.text[i + 1] in ('=', '++', '--', '+=', '-=') or
                              toks.text[i - 1] in ('++', '--', '&'))
                             for i in body)
        walk['convert'] = not assigns_cursor and not any(toks.text[i] == 'break' for i in body)
        walk['why'] = None if walk['convert'] else 'body breaks or changes the cursor'

    # &T[i] inside a walk over every bucket is positional, not keyed
    loops = t.inits + t.walks
    t.sites = [s for s in t.sites
               if not any(l['span'][0] <= s.op_pos < l['span'][1] and
                          s.idx_text.strip() == l['cursor'] for l in loops)]
    widths, forms = {}, set()
    for site in t.sites:
        rng = function_range(fs, site.op_pos)
        try:
            tks, node = parse_text(site.idx_text)
        except Unknown:
            node = None
        if node is not None and node[0] == 'id':
            site.var = node[1]
            site.form = 'var'
            continue
        site.var = None
        red = reduction(fs, t, site.idx_text, site.op_pos)
        if red is None:
            continue
        site.form, site.key_text = red.form, red.key_text
        forms.add(red.form)
        widths.setdefault(key_width(fs, t, red, rng), []).append(site.op_pos)
        site.red = red

    # index variables: every occurrence must be understood
    t.var_assigns = []
    for var in sorted({s.var for s in t.sites if s.form == 'var'}):
        for rng in sorted({function_range(fs, s.op_pos) for s in t.sites if s.var == var}):
            type_text = declared_type(fs, var, rng)
            if type_text is None:
                t.refuse('index variable "%s" is not a local of the function' % var)
                continue
            uses = {s.op_pos for s in t.sites if s.var == var}
            key_positions = set()
            for s in t.sites:
                if s.var == var:
                    key_positions.add(s.idx_span[0])
            decl_positions = {d[0] for d in fs.decls.get(var, ()) if not d[2]}
            assigns = {a[0]: a for a in fs.assigns.get(var, ())}
            for i in occurrences(fs, var, rng[0], rng[1]):
                pos = toks.pos[i]
                if pos in key_positions or pos in decl_positions or in_spans(pos, ok_spans) \
                        or pos < toks.pos[rng[0]]:
                    continue
                if pos in assigns:
                    red = reduction(fs, t, assigns[pos][1], pos)
                    if red is not None and key_width(fs, t, red, rng) == 'long' \
                            and width_class(type_text) != 'long':
                        # the variable would keep only part of the key
                        t.refuse('index variable "%s" (%s) is narrower than its key "%s"'
                                 % (var, type_text, red.key_text), pos)
                    elif red is not None:
                        forms.add(red.form)
                        t.var_assigns.append((pos, red.form, assigns[pos]))
                        widths.setdefault(width_class(type_text), []).append(pos)
                    continue
                t.refuse('index variable "%s" is used for something else' % var, pos)

    # bucket pointers: one assignment, then used only as the bucket of hlist ops
    for bp in t.bucket_ptrs:
        var = bp['var']
        rng = function_range(fs, bp['pos'])
        red = reduction(fs, t, bp['idx'], bp['pos'])
        if red is None or rng is None:
            continue
        bp['red'] = red
        forms.add(red.form)
        widths.setdefault(key_width(fs, t, red, rng), []).append(bp['pos'])
        decl_positions = {d[0] for d in fs.decls.get(var, ()) if not d[2]}
        use_ops = {u[0]: u for u in fs.bptr_uses.get(var, ())}
        bp['uses'] = []
        last = bp['pos']
        for i in occurrences(fs, var, rng[0], rng[1]):
            pos = toks.pos[i]
            if pos == bp['pos'] or pos in decl_positions or pos < toks.pos[rng[0]]:
                continue
            if pos in use_ops and pos > bp['pos']:
                bp['uses'].append(use_ops[pos])
                last = max(last, pos)
                continue
            t.refuse('bucket pointer "%s" is used for something else' % var, pos)
        stable, why = key_is_stable(fs, red, rng, toks.at(*bp['pos']), toks.first_at_or_after(last))
        if not stable:
            t.refuse(why, bp['pos'])

    t.widths, t.forms = widths, forms
    if len(widths) > 1:
        t.refuse('keys differ in width: %s' % ', '.join(
            '%s (line %d)' % (w, p[0][0]) for w, p in sorted(widths.items())))
    if len(forms) > 1:
        t.refuse('the index is computed in different ways: %s' % ', '.join(sorted(forms)))

    for i in table_occurrences(fs, t):
        if toks.pos[i] not in t.uses:
            line = toks.pos[i][0]
            t.refuse('use not understood: "%s"' % ' '.join(
                toks.text[j] for j in range(max(0, i - 3), min(len(toks.text), i + 4))
                if toks.pos[j][0] == line), toks.pos[i])
    if t.scope == 'member':
        check_member_bases(fs, t)
    n = len(toks.text)
    for i in range(n - 1):
        # a name pasted together by the preprocessor is not a token of the file
        if toks.text[i] == _HASH_SIGN and toks.text[i + 1] == _HASH_SIGN:
            parts = [toks.text[j] for j in (i - 1, i + 2) if 0 <= j < n and toks.kind[j] == 'id']
            if any(len(x) > 1 and (t.name.startswith(x) or t.name.endswith(x)) for x in parts):
                t.refuse('the file pastes tokens that may spell the name', toks.pos[i])


def check_member_bases(fs, t):
    """Every E->T and E.T must be on a variable of the struct of T.

    Member tables are found by name; another struct with a member of that name
    (declared in a header, say) would otherwise be taken for this one.
    """
    toks = fs.toks
    for i in table_occurrences(fs, t):
        if toks.pos[i] == t.pos or toks.text[i - 1] not in ('->', '.'):
            continue
        base = i - 2
        rng = function_range(fs, toks.pos[i])
        simple = toks.kind[base] == 'id' and toks.text[base - 1] not in ('->', '.')
        type_text = declared_type(fs, toks.text[base], rng) if simple and rng else None
        words = re.findall(r'\w+', type_text or '')
        if not t.struct or 'struct' not in words or t.struct not in words:
            t.refuse('cannot tell that "%s%s%s" is a member of struct %s'
                     % (toks.text[base], toks.text[i - 1], t.name, t.struct or '?'), toks.pos[i])


def approve(fs, pos, kind, extra=None):
    fs.approved[pos] = (kind, extra)


def is_emptiness_test(fs, t, loop):
    """Is the scan exactly "for (...) if (!hlist_empty(&T[i])) return false; return true;"?

    Then it means hash_empty(T); any other body (a count, a break, more
    statements) stays as it is. 0 and 1 may stand for false and true.
    """
    toks = fs.toks.text
    span = sorted(tok_indices(fs, loop['span']))
    first, last = span[0], span[-1]
    body = toks[matching_close(toks, first + 1) + 1:last + 1]
    head = ['if', '(', '!', 'hlist_empty', '(', '&']
    tail = ['[', loop['cursor'], ']', ')', ')', 'return']
    if len(body) < len(head) + 1 + len(tail) + 2 or body[:len(head)] != head \
            or body[-2 - len(tail):-2] != tail or body[-1] != ';':
        return False
    table = body[len(head):-2 - len(tail)]
    after = toks[last + 1:last + 4]
    try:
        names_it = names_table(strip_parens(parse_text(' '.join(table))[1]), t)
    except Unknown:
        return False
    return names_it and (body[-2], after[1]) in (('false', 'true'), ('0', '1')) \
        and after[0] == 'return' and after[2] == ';'


_SIZE_SUFFIXES = ('_TABLE_SIZE', '_HASH_SIZE', '_HASHSIZE', '_SIZE', '_SZ', 'SIZE', 'SZ',
                  '_HEADS', '_BUCKETS', '_ENTRIES')


def bits_macro_name(size_macro):
    """The name of a bits macro for size_macro: FOO_HASH_SIZE -> FOO_HASH_BITS."""
    for suffix in _SIZE_SUFFIXES:
        if size_macro.endswith(suffix) and len(size_macro) > len(suffix):
            stem = size_macro[:-len(suffix)].rstrip('_')
            if suffix in ('_HASH_SIZE', '_HASHSIZE'):
                stem += '_HASH'
            return stem + '_BITS'
    return size_macro + '_BITS'


def in_init_function(fs, pos):
    rng = function_range(fs, pos)
    return rng is not None and '__init' in function_header(fs, rng)[0]


def decide(fs):
    if fs.decided:
        return
    fs.decided = True
    shared_macros(fs)
    removed = set()          # token indices the conversion deletes
    dead_var_candidates = []  # (var, function range)
    macro_candidates = set()
    keep = set()             # macros the converted code still names
    members = set()
    converted_any = False
    for t in fs.tables.values():
        try:
            decide_table(fs, t)
        except Unknown as e:
            t.refuse('cannot analyse: %s' % e)
        t.verdict = 'skipped' if t.reasons else 'converted'
        if t.reasons:
            continue
        converted_any = True
        static = t.scope in ('static', 'global')       # defined, zeroed, in this file
        if static:
            kind = 'decl' if t.scope == 'static' else 'decl_global'
            approve(fs, t.pos, kind + ('_read_mostly' if t.read_mostly else ''), t.bits)
            removed |= tok_indices(fs, t.size_span)
            macro_candidates |= {x for x in Tokens(t.size_text).text if x in fs.macros}
        for loop in t.inits:
            if loop.get('scan'):
                if is_emptiness_test(fs, t, loop):
                    approve(fs, loop['pos'], 'empty')
                    removed |= tok_indices(fs, loop['span'])
                    macro_candidates |= {x for x in Tokens(loop['hi']).text if x in fs.macros}
                    dead_var_candidates.append((loop['cursor'], function_range(fs, loop['pos'])))
                continue
            # only a statically initialised table may skip its init loop
            drop = static and in_init_function(fs, loop['pos'])
            approve(fs, loop['pos'], 'init_drop' if drop else 'init')
            removed |= tok_indices(fs, loop['span'])
            macro_candidates |= {x for x in Tokens(loop['hi']).text if x in fs.macros}
            dead_var_candidates.append((loop['cursor'], function_range(fs, loop['pos'])))
        for walk in t.walks:
            if walk['convert']:
                approve(fs, walk['pos'], 'walk')
                removed |= set(fs.toks.span(walk['span'][0], walk['header_end']))
                macro_candidates |= {x for x in Tokens(walk['hi']).text if x in fs.macros}
        for s in t.sites:
            if s.form == 'var':
                approve(fs, s.op_pos, 'key_var')
                continue
            approve(fs, s.op_pos, 'keyed_ptr' if s.form == 'hashptr' else 'keyed')
            idx = tok_indices(fs, s.idx_span)
            lo, hi = s.red.key[-1]
            base = fs.toks.first_at_or_after(s.idx_span[0])
            removed |= idx - set(range(base + lo, base + hi))
            macro_candidates |= {x for x in s.red.toks if x in fs.macros}
        for pos, form, a in t.var_assigns:
            approve(fs, pos, 'idx_ptr' if form == 'hashptr' else 'idx')
            rhs = tok_indices(fs, a[2])
            red = reduction(fs, t, a[1], pos)
            base = fs.toks.first_at_or_after(a[2][0])
            lo, hi = red.key[-1]
            removed |= rhs - set(range(base + lo, base + hi))
            macro_candidates |= {x for x in red.toks if x in fs.macros}
        for bp in t.bucket_ptrs:
            red = bp['red']
            approve(fs, bp['pos'], 'bptr')
            bp['key'] = source_text(fs, red, bp['idx_span'])
            if red.form == 'hashptr':
                bp['key'] = '(unsigned long)' + bp['key']
            removed |= tok_indices(fs, bp['span'])
            macro_candidates |= {x for x in red.toks if x in fs.macros}
            for var_pos, op_pos, kind in bp['uses']:
                approve(fs, op_pos, 'bptr_use', (bp['table_text'], bp['key']))
                removed.add(fs.toks.at(*var_pos))
            dead_var_candidates.append((bp['var'], function_range(fs, bp['pos'])))
        ops = [s.op_pos for s in t.sites] + [u[1] for bp in t.bucket_ptrs for u in bp['uses']]
        members.update(fs.members.get(op) for op in ops)
        if static:
            keep |= set(Tokens(t.bits).text)     # the generated DEFINE_HASHTABLE uses them
    if not converted_any:
        return
    # deleting a node of a converted table; hlist_del() poisons where
    # hash_del() unhashes, which only a test of hlist_unhashed() could tell
    inspects = any(x in fs.toks.text for x in ('hlist_unhashed', 'hlist_fake', 'hash_hashed'))
    for member, pos in fs.deletes:
        kind = fs.toks.text[fs.toks.at(*pos)]
        if member in members and ('init' in kind or not inspects):
            approve(fs, pos, 'del')
    # the hashtable.h include, after the last <linux/...> one
    if not fs.has_hashtable_include and fs.includes:
        approve(fs, max(fs.includes), 'include')
    # size and mask macros that nothing uses any more
    dead = set()
    changed = True
    while changed:
        changed = False
        for name in sorted(macro_candidates - dead - keep):
            if len(fs.macro_pos.get(name, ())) != 1:
                continue
            # a macro definition is positioned at its hash sign: find the name
            def_i = fs.toks.at(*fs.macro_pos[name][0])
            while def_i is not None and fs.toks.text[def_i] != name:
                def_i += 1
            ok = True
            for i in occurrences(fs, name):
                if i == def_i or i in removed:
                    continue
                ok = False
                break
            if ok:
                dead.add(name)
                changed = True
                body = fs.macro_bodies.get(name)
                if body:
                    removed |= tok_indices(fs, body)
                    macro_candidates |= {x for x in Tokens(fs.macros[name][0]).text if x in fs.macros}
                removed.add(def_i)
    for name in dead:
        approve(fs, fs.macro_pos[name][0], 'dead_macro')
    # a size macro that is going away becomes the bits macro, in its place
    for t in fs.tables.values():
        if t.verdict != 'converted' or t.scope not in ('static', 'global') \
                or not t.bits.isdigit() \
                or t.size_text not in dead:
            continue
        name = bits_macro_name(t.size_text)
        if name in fs.toks.text or name in fs.macros:
            continue
        fs.macros[name] = [t.bits]          # taken: a second table needs another name
        approve(fs, fs.macro_pos[t.size_text][0], 'bits_macro', (name, t.bits, t.size_text))
        approve(fs, t.pos, fs.approved[t.pos][0], name)
    # local variables that only the removed code used
    for var, rng in dead_var_candidates:
        if rng is None:
            continue
        decls = [d for d in fs.decls.get(var, ())
                 if fs.toks.pos[rng[0]] <= d[0] <= fs.toks.pos[rng[1]] and not d[2]]
        if len(decls) != 1:
            continue
        decl_i = fs.toks.at(*decls[0][0])
        if all(i == decl_i or i in removed for i in occurrences(fs, var, rng[0], rng[1])):
            approve(fs, decls[0][0], 'dead_var')


def approved(p, kind, extra=None):
    fs = state(p)
    decide(fs)
    got = fs.approved.get(translate(p))
    if got is None or got[0] != kind:
        return False
    return extra is None or got[1] == extra


def _squash(text):
    return ''.join(str(text).split())


def still_pending(p):
    """Is p a site the patch approved but left as it was?"""
    fs = state(p)
    decide(fs)
    pos = translate(p)
    got = fs.approved.get(pos) if pos is not None else None
    return got is not None and got[0] != 'include'


def still_pending_assignment(p, rhs):
    """An approved assignment whose right-hand side is still the reduced one."""
    if not still_pending(p):
        return False
    fs = state(p)
    kind = fs.approved[translate(p)][0]
    if kind not in ('idx', 'idx_ptr'):
        return True
    pos = translate(p)
    recorded = [a[1] for v in fs.assigns.values() for a in v if a[0] == pos]
    return any(_squash(r) == _squash(rhs) for r in recorded)


def fail_incomplete(p):
    """Abandon the file: converting part of a table would change its meaning."""
    fs = state(p)
    pos = translate(p)
    raise RuntimeError('%s:%d: %s approved but not rewritten; the file is left unchanged'
                       % (fs.path, pos[0], fs.approved[pos][0]))


def context_site(p):
    """A keyed access that the patch would rewrite."""
    return any(approved(p, kind) for kind in ('keyed', 'keyed_ptr', 'key_var', 'bptr_use'))


def approved_extra(p):
    """What the approval of p carries: the bits of a table, the table and key of a use."""
    return state(p).approved[translate(p)][1]


def source_text(fs, red, span):
    """The original text of the key of reduction red, parsed from span."""
    base = fs.toks.first_at_or_after(span[0])
    lo, hi = red.key[-1]
    first, last = base + lo, base + hi - 1
    return fs.toks.source[fs.toks.offset[first]:fs.toks.offset[last] + len(fs.toks.text[last])]


def verdict_line(t):
    what = '%s[%s]' % (t.name, t.size_text)
    if t.verdict == 'converted' and t.scope == 'member':
        return '%s: converted (struct member: its accesses use hashtable.h)' % what
    if t.verdict == 'converted' and t.scope == 'extern':
        return '%s: converted (declared in another file: its accesses use hashtable.h)' % what
    if t.verdict == 'converted':
        return '%s: converted to DEFINE_HASHTABLE(%s, %s)%s' % (
            what, t.name, t.bits, ' (read mostly)' if t.read_mostly else '')
    return '%s: skipped: %s' % (what, '; '.join(t.reasons))


def matching_close(toks, j):
    """Index of the bracket that closes the one at toks[j]."""
    pair = {'(': ')', '{': '}', '[': ']'}[toks[j]]
    opening, depth = toks[j], 0
    while True:
        if toks[j] == opening:
            depth += 1
        elif toks[j] == pair:
            depth -= 1
            if depth == 0:
                return j
        j += 1


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
    i = fs.toks.at(*_pos(p))
    j = statement_end(fs, i)
    end = fs.toks.pos[j]
    return (fs.toks.pos[i], (end[0], end[1] + 1))

// ---------------------------------------------------------------------------
// Collection: what the file defines and how each candidate table is used.
// Nothing here changes code; the decision is taken in Python afterwards.

@table@
identifier T;
expression N;
position p, pn;
@@

struct hlist_head T@p[N@pn];

@script:python@
t << table.T;
n << table.N;
p << table.p;
pn << table.pn;
@@
note_table(p, t, n, pn)

@member_table@
identifier S, T;
expression N;
position p;
@@

struct S { ... struct hlist_head T@p[N]; ... };

@script:python@
t << member_table.T;
n << member_table.N;
p << member_table.p;
s << member_table.S;
@@
note_member_table(p, t, n, s)

@pointer_table@
identifier T;
position p;
@@

static struct hlist_head *T@p;

@script:python@
t << pointer_table.T;
p << pointer_table.p;
@@
note_pointer_table(p, t)

@macro_def depends on table || member_table || crossfile@
identifier D;
expression V;
position p, pv;
@@

#define D@p V@pv

@script:python@
d << macro_def.D;
v << macro_def.V;
p << macro_def.p;
pv << macro_def.pv;
@@
note_macro(p, d, v, pv)

@enum_const depends on table || member_table || crossfile@
identifier D;
expression V;
position p, pv;
@@

enum { ..., D@p = V@pv, ... };

@script:python@
d << enum_const.D;
v << enum_const.V;
p << enum_const.p;
pv << enum_const.pv;
@@
note_macro(p, d, v, pv)

@named_enum_const depends on table || member_table || crossfile@
identifier E, D;
expression V;
position p, pv;
@@

enum E { ..., D@p = V@pv, ... };

@script:python@
d << named_enum_const.D;
v << named_enum_const.V;
p << named_enum_const.p;
pv << named_enum_const.pv;
@@
note_macro(p, d, v, pv)

@linux_include depends on table || member_table || crossfile@
position p;
@@

#include <linux/...>@p

@script:python@
p << linux_include.p;
@@
note_include(p, False)

@hashtable_include depends on table || member_table || crossfile@
position p;
@@

#include <linux/hashtable.h>@p

@script:python@
p << hashtable_include.p;
@@
note_include(p, True)

@struct_field depends on table || member_table || crossfile@
identifier S, f;
type T1;
position p;
@@

struct S { ... T1 f@p; ... };

@script:python@
f << struct_field.f;
t << struct_field.T1;
p << struct_field.p;
@@
note_field(p, f, t)

@local_decl depends on table || member_table || crossfile@
type T1;
identifier x;
position p;
@@

T1 x@p;

@script:python@
x << local_decl.x;
t << local_decl.T1;
p << local_decl.p;
@@
note_decl(x, p, t, False)

@local_decl_init depends on table || member_table || crossfile@
type T1;
identifier x;
expression E;
position p;
@@

T1 x@p = E;

@script:python@
x << local_decl_init.x;
t << local_decl_init.T1;
p << local_decl_init.p;
@@
note_decl(x, p, t, True)

@param_decl depends on table || member_table || crossfile@
type T1;
identifier f, x;
position p;
@@

f(..., T1 x@p, ...) { ... }

@script:python@
x << param_decl.x;
t << param_decl.T1;
p << param_decl.p;
@@
note_decl(x, p, t, True)

@init_loop depends on table || member_table || crossfile@
identifier i;
expression hi;
position pf, q, ph;
expression T;
@@

for@pf (i = 0; i < hi@ph; \(i++\|++i\|i += 1\))
\(
  INIT_HLIST_HEAD(&T@q[i]);
\|
  INIT_HLIST_HEAD(T@q + i);
\|
  { INIT_HLIST_HEAD(&T@q[i]); }
\|
  { INIT_HLIST_HEAD(T@q + i); }
\)

@script:python@
t << init_loop.T;
i << init_loop.i;
hi << init_loop.hi;
pf << init_loop.pf;
q << init_loop.q;
ph << init_loop.ph;
@@
note_init(t, q, pf, hi, ph, i, False)

@init_loop_le depends on table || member_table || crossfile@
identifier i;
expression hi;
position pf, q, ph;
expression T;
@@

for@pf (i = 0; i <= hi@ph; \(i++\|++i\|i += 1\))
\(
  INIT_HLIST_HEAD(&T@q[i]);
\|
  INIT_HLIST_HEAD(T@q + i);
\|
  { INIT_HLIST_HEAD(&T@q[i]); }
\|
  { INIT_HLIST_HEAD(T@q + i); }
\)

@script:python@
t << init_loop_le.T;
i << init_loop_le.i;
hi << init_loop_le.hi;
pf << init_loop_le.pf;
q << init_loop_le.q;
ph << init_loop_le.ph;
@@
note_init(t, q, pf, hi, ph, i, True)

@init_while depends on table || member_table || crossfile@
identifier i;
expression hi;
expression T;
position pa, pf, q, ph;
@@

i@pa = 0;
while@pf (i < hi@ph) {
  \( INIT_HLIST_HEAD(&T@q[i]); \| INIT_HLIST_HEAD(T@q + i); \)
  \( i++; \| ++i; \| i += 1; \)
}

@script:python@
t << init_while.T;
i << init_while.i;
hi << init_while.hi;
pa << init_while.pa;
pf << init_while.pf;
q << init_while.q;
ph << init_while.ph;
@@
note_init_while(t, q, pa, pf, hi, ph, i)

@full_walk depends on table || member_table || crossfile@
identifier i, m;
expression hi, pos, tmp;
statement S;
position pf, q, ph, pi;
iterator name hlist_for_each_entry, hlist_for_each_entry_safe, hlist_for_each_entry_rcu;
expression T;
@@

for@pf (i = 0; i < hi@ph; \(i++\|++i\|i += 1\))
\(
  hlist_for_each_entry@pi(pos, &T@q[i], m) S
\|
  hlist_for_each_entry_safe@pi(pos, tmp, &T@q[i], m) S
\|
  hlist_for_each_entry_rcu@pi(pos, &T@q[i], m) S
\|
  { hlist_for_each_entry@pi(pos, &T@q[i], m) S }
\|
  { hlist_for_each_entry_safe@pi(pos, tmp, &T@q[i], m) S }
\|
  { hlist_for_each_entry_rcu@pi(pos, &T@q[i], m) S }
\)

@script:python@
t << full_walk.T;
i << full_walk.i;
hi << full_walk.hi;
pf << full_walk.pf;
q << full_walk.q;
ph << full_walk.ph;
pi << full_walk.pi;
@@
note_walk(t, q, pf, hi, ph, i, pi, False)

@scan_loop depends on table || member_table || crossfile@
identifier i;
expression hi;
position pf, q, ph;
expression T;
@@

for@pf (i = 0; i < hi@ph; \(i++\|++i\|i += 1\)) {
  <+... hlist_empty(&T@q[i]) ...+>
}

@script:python@
t << scan_loop.T;
i << scan_loop.i;
hi << scan_loop.hi;
pf << scan_loop.pf;
q << scan_loop.q;
ph << scan_loop.ph;
@@
note_scan(t, q, pf, hi, ph, i, False)

@keyed depends on table || member_table || crossfile@
expression E, n;
position q, pc, pe;
iterator name hlist_for_each_entry, hlist_for_each_entry_safe, hlist_for_each_entry_rcu,
  hlist_for_each_entry_rcu_notrace;
expression T;
@@

(
hlist_add_head@pc(n, \(&T@q[E@pe]\|T@q + E@pe\))
|
hlist_add_head_rcu@pc(n, \(&T@q[E@pe]\|T@q + E@pe\))
)

@keyed_iter depends on table || member_table || crossfile@
identifier m;
expression E, pos, tmp, c;
statement S;
position q, pc, pe;
iterator name hlist_for_each_entry, hlist_for_each_entry_safe, hlist_for_each_entry_rcu,
  hlist_for_each_entry_rcu_notrace;
expression T;
@@

(
hlist_for_each_entry@pc(pos, \(&T@q[E@pe]\|T@q + E@pe\), m) S
|
hlist_for_each_entry_safe@pc(pos, tmp, \(&T@q[E@pe]\|T@q + E@pe\), m) S
|
hlist_for_each_entry_rcu@pc(pos, \(&T@q[E@pe]\|T@q + E@pe\), m) S
|
hlist_for_each_entry_rcu@pc(pos, \(&T@q[E@pe]\|T@q + E@pe\), m, c) S
|
hlist_for_each_entry_rcu_notrace@pc(pos, \(&T@q[E@pe]\|T@q + E@pe\), m) S
)

@script:python@
t << keyed.T;
e << keyed.E;
q << keyed.q;
pc << keyed.pc;
pe << keyed.pe;
@@
note_keyed(t, q, pc, e, pe)

@script:python@
t << keyed_iter.T;
e << keyed_iter.E;
q << keyed_iter.q;
pc << keyed_iter.pc;
pe << keyed_iter.pe;
@@
note_keyed(t, q, pc, e, pe)

@index_assign depends on table || member_table || crossfile@
identifier i;
expression E;
position p, pe;
@@

i@p = E@pe

@script:python@
i << index_assign.i;
e << index_assign.E;
p << index_assign.p;
pe << index_assign.pe;
@@
note_assign(i, p, e, pe)

@bucket_ptr depends on table || member_table || crossfile@
identifier head;
expression E;
position q, ph, pe;
expression T;
@@

(
head@ph = \(&T@q[E@pe]\|T@q + E@pe\);
|
struct hlist_head *head@ph = \(&T@q[E@pe]\|T@q + E@pe\);
)

@script:python@
t << bucket_ptr.T;
head << bucket_ptr.head;
e << bucket_ptr.E;
q << bucket_ptr.q;
ph << bucket_ptr.ph;
pe << bucket_ptr.pe;
@@
note_bucket_pointer(t, q, ph, head, e, pe)

@bucket_ptr_use depends on table || member_table || crossfile@
identifier head;
expression n;
position pv, pc;
@@

(
hlist_add_head@pc(n, head@pv)
|
hlist_add_head_rcu@pc(n, head@pv)
)

@bucket_ptr_use_iter depends on table || member_table || crossfile@
identifier head, m;
expression pos, tmp, c;
statement S;
position pv, pc;
@@

(
hlist_for_each_entry@pc(pos, head@pv, m) S
|
hlist_for_each_entry_safe@pc(pos, tmp, head@pv, m) S
|
hlist_for_each_entry_rcu@pc(pos, head@pv, m) S
|
hlist_for_each_entry_rcu@pc(pos, head@pv, m, c) S
|
hlist_for_each_entry_rcu_notrace@pc(pos, head@pv, m) S
)

@script:python@
head << bucket_ptr_use.head;
pv << bucket_ptr_use.pv;
pc << bucket_ptr_use.pc;
@@
note_bucket_pointer_use(head, pv, pc)

@script:python@
head << bucket_ptr_use_iter.head;
pv << bucket_ptr_use_iter.pv;
pc << bucket_ptr_use_iter.pc;
@@
note_bucket_pointer_use(head, pv, pc)

@node_member depends on table || member_table || crossfile@
identifier m;
expression X, B;
position pc;
@@

(
hlist_add_head@pc(&X->m, B)
|
hlist_add_head_rcu@pc(&X->m, B)
)

@node_member_iter depends on table || member_table || crossfile@
identifier m;
expression B, pos, tmp, c;
statement S;
position pc;
@@

(
hlist_for_each_entry@pc(pos, B, m) S
|
hlist_for_each_entry_safe@pc(pos, tmp, B, m) S
|
hlist_for_each_entry_rcu@pc(pos, B, m) S
|
hlist_for_each_entry_rcu@pc(pos, B, m, c) S
|
hlist_for_each_entry_rcu_notrace@pc(pos, B, m) S
)

@script:python@
m << node_member.m;
pc << node_member.pc;
@@
note_member(pc, m)

@script:python@
m << node_member_iter.m;
pc << node_member_iter.pc;
@@
note_member(pc, m)

@node_delete depends on table || member_table || crossfile@
identifier m;
expression X;
position pc;
@@

\(hlist_del@pc(&X->m)\|hlist_del_init@pc(&X->m)\|hlist_del_rcu@pc(&X->m)\|hlist_del_init_rcu@pc(&X->m)\)

@script:python@
m << node_delete.m;
pc << node_delete.pc;
@@
note_delete(m, pc)

// ---------------------------------------------------------------------------
// The verdicts of the file, for tool/hashtable-convert (a no-op otherwise)

@crossfile_use depends on crossfile@
expression E;
identifier T : script:python() { is_shared(T) };
position p;
@@

\(E->T@p\|E.T@p\|T@p\)

@script:python@
p << table.p;
@@
record(p)

@script:python@
p << member_table.p;
@@
record(p)

@script:python@
p << pointer_table.p;
@@
record(p)

@script:python@
p << crossfile_use.p;
@@
record(p)

// ---------------------------------------------------------------------------
// report and org: one line per candidate table with its verdict

@script:python depends on report@
t << table.T;
p << table.p;
@@
fs = state(p)
decide(fs)
coccilib.report.print_report(p[0], verdict_line(fs.tables[t]) if t in fs.tables else
                             t + ': not a candidate')

@script:python depends on report@
t << member_table.T;
p << member_table.p;
@@
fs = state(p)
decide(fs)
coccilib.report.print_report(p[0], verdict_line(fs.tables[t]))

@script:python depends on report@
t << pointer_table.T;
p << pointer_table.p;
@@
fs = state(p)
if t in fs.tables and fs.tables[t].scope == 'pointer':
    coccilib.report.print_report(p[0], verdict_line(fs.tables[t]))

@script:python depends on org@
t << table.T;
p << table.p;
@@
fs = state(p)
decide(fs)
if t in fs.tables:
    coccilib.org.print_todo(p[0], verdict_line(fs.tables[t]))

// ---------------------------------------------------------------------------
// context: the declaration and keyed accesses of every convertible table

@depends on context && (table || member_table || crossfile)@
identifier T;
expression N;
position p : script:python() { approved(p, "decl") or approved(p, "decl_read_mostly") or
                                approved(p, "decl_global") or approved(p, "decl_global_read_mostly") };
@@

* struct hlist_head T@p[N];

@depends on context && (table || member_table || crossfile)@
expression n, B;
position pc : script:python() { context_site(pc) };
@@

* \(hlist_add_head@pc\|hlist_add_head_rcu@pc\)(n, B)

@depends on context && (table || member_table || crossfile)@
expression B, pos, tmp;
identifier m;
statement S;
position pc : script:python() { context_site(pc) };
iterator name hlist_for_each_entry, hlist_for_each_entry_safe, hlist_for_each_entry_rcu;
@@

(
* hlist_for_each_entry@pc(pos, B, m)
  S
|
* hlist_for_each_entry_safe@pc(pos, tmp, B, m)
  S
|
* hlist_for_each_entry_rcu@pc(pos, B, ...)
  S
)

// ---------------------------------------------------------------------------
// patch: rewrite the tables that were found safe, and only those

@define_patch depends on patch && (table || member_table || crossfile)@
identifier T;
expression N;
position p : script:python() { approved(p, "decl") };
fresh identifier B = script:python(p) { approved_extra(p) };
declarer name DEFINE_HASHTABLE;
@@

- static struct hlist_head T@p[N];
+ static DEFINE_HASHTABLE(T, B);

@define_read_mostly_patch depends on patch && (table || member_table || crossfile)@
identifier T;
expression N;
position p : script:python() { approved(p, "decl_read_mostly") };
fresh identifier B = script:python(p) { approved_extra(p) };
declarer name DEFINE_READ_MOSTLY_HASHTABLE;
@@

- static struct hlist_head T@p[N];
+ static DEFINE_READ_MOSTLY_HASHTABLE(T, B);

@define_global_patch depends on patch && (table || member_table || crossfile)@
identifier T;
expression N;
position p : script:python() { approved(p, "decl_global") };
fresh identifier B = script:python(p) { approved_extra(p) };
declarer name DEFINE_HASHTABLE;
@@

- struct hlist_head T@p[N];
+ DEFINE_HASHTABLE(T, B);

@define_global_read_mostly_patch depends on patch && (table || member_table || crossfile)@
identifier T;
expression N;
position p : script:python() { approved(p, "decl_global_read_mostly") };
fresh identifier B = script:python(p) { approved_extra(p) };
declarer name DEFINE_READ_MOSTLY_HASHTABLE;
@@

- struct hlist_head T@p[N];
+ DEFINE_READ_MOSTLY_HASHTABLE(T, B);

@include_patch depends on patch && (table || member_table || crossfile)@
position p : script:python() { approved(p, "include") };
@@

#include <linux/...>@p
+ #include <linux/hashtable.h>

@init_patch depends on patch && (table || member_table || crossfile)@
identifier i;
expression hi;
position pf : script:python() { approved(pf, "init") };
expression T;
@@

(
- for@pf (i = 0; i < hi; \(i++\|++i\|i += 1\))
- \( INIT_HLIST_HEAD(&T[i]); \| INIT_HLIST_HEAD(T + i); \)
+ hash_init(T);
|
- for@pf (i = 0; i < hi; \(i++\|++i\|i += 1\)) {
- \( INIT_HLIST_HEAD(&T[i]); \| INIT_HLIST_HEAD(T + i); \)
- }
+ hash_init(T);
|
- for@pf (i = 0; i <= hi; \(i++\|++i\|i += 1\))
- \( INIT_HLIST_HEAD(&T[i]); \| INIT_HLIST_HEAD(T + i); \)
+ hash_init(T);
|
- for@pf (i = 0; i <= hi; \(i++\|++i\|i += 1\)) {
- \( INIT_HLIST_HEAD(&T[i]); \| INIT_HLIST_HEAD(T + i); \)
- }
+ hash_init(T);
)

@init_while_patch depends on patch && (table || member_table || crossfile)@
identifier i;
expression T, hi;
position pf : script:python() { approved(pf, "init") };
@@

- i = 0;
- while@pf (i < hi) {
-   \( INIT_HLIST_HEAD(&T[i]); \| INIT_HLIST_HEAD(T + i); \)
-   \( i++; \| ++i; \| i += 1; \)
- }
+ hash_init(T);

@init_while_drop_patch depends on patch && (table || member_table || crossfile)@
identifier i;
expression hi;
statement S;
position pf : script:python() { approved(pf, "init_drop") };
@@

- i = 0;
- while@pf (i < hi) S

@init_drop_patch depends on patch && (table || member_table || crossfile)@
expression E1, E2, E3;
statement S;
position pf : script:python() { approved(pf, "init_drop") };
@@

- for@pf (E1; E2; E3) S

@empty_patch depends on patch && (table || member_table || crossfile)@
identifier i;
expression T, hi;
position pf : script:python() { approved(pf, "empty") };
@@

(
- for@pf (i = 0; i < hi; \(i++\|++i\|i += 1\))
-	if (!hlist_empty(&T[i]))
-		return false;
- return true;
+ return hash_empty(T);
|
- for@pf (i = 0; i < hi; \(i++\|++i\|i += 1\))
-	if (!hlist_empty(&T[i]))
-		return 0;
- return 1;
+ return hash_empty(T);
)

@walk_patch depends on patch && (table || member_table || crossfile)@
identifier i, m;
expression hi, pos, tmp;
statement S;
position pf : script:python() { approved(pf, "walk") };
iterator name hash_for_each, hash_for_each_safe, hash_for_each_rcu;
expression T;
@@

(
- for@pf (i = 0; i < hi; \(i++\|++i\|i += 1\))
- hlist_for_each_entry(pos, &T[i], m)
+ hash_for_each(T, i, pos, m)
  S
|
- for@pf (i = 0; i < hi; \(i++\|++i\|i += 1\))
- hlist_for_each_entry_safe(pos, tmp, &T[i], m)
+ hash_for_each_safe(T, i, tmp, pos, m)
  S
|
- for@pf (i = 0; i < hi; \(i++\|++i\|i += 1\))
- hlist_for_each_entry_rcu(pos, &T[i], m)
+ hash_for_each_rcu(T, i, pos, m)
  S
|
- for@pf (i = 0; i < hi; \(i++\|++i\|i += 1\)) {
- hlist_for_each_entry(pos, &T[i], m)
+ hash_for_each(T, i, pos, m)
  S
- }
|
- for@pf (i = 0; i < hi; \(i++\|++i\|i += 1\)) {
- hlist_for_each_entry_safe(pos, tmp, &T[i], m)
+ hash_for_each_safe(T, i, tmp, pos, m)
  S
- }
|
- for@pf (i = 0; i < hi; \(i++\|++i\|i += 1\)) {
- hlist_for_each_entry_rcu(pos, &T[i], m)
+ hash_for_each_rcu(T, i, pos, m)
  S
- }
)

@keyed_patch depends on patch && (table || member_table || crossfile) disable bitand_comm, plus_comm@
expression K, M, n;
position pc : script:python() { approved(pc, "keyed") };
iterator name hash_for_each_possible, hash_for_each_possible_safe, hash_for_each_possible_rcu,
  hash_for_each_possible_rcu_notrace;
expression T;
@@

(
- hlist_add_head@pc(n, \(&T[\(K & M\|K % M\|hash_32(K, M)\|hash_long(K, M)\|hash_64(K, M)\)]\|T + (\(K & M\|K % M\))\))
+ hash_add(T, n, K)
|
- hlist_add_head_rcu@pc(n, \(&T[\(K & M\|K % M\|hash_32(K, M)\|hash_long(K, M)\|hash_64(K, M)\)]\|T + (\(K & M\|K % M\))\))
+ hash_add_rcu(T, n, K)
)

@keyed_patch_iter depends on patch && (table || member_table || crossfile) disable bitand_comm, plus_comm@
identifier m;
expression K, M, pos, tmp, c;
statement S;
position pc : script:python() { approved(pc, "keyed") };
iterator name hash_for_each_possible, hash_for_each_possible_safe, hash_for_each_possible_rcu,
  hash_for_each_possible_rcu_notrace;
expression T;
@@

(
- hlist_for_each_entry@pc(pos, \(&T[\(K & M\|K % M\|hash_32(K, M)\|hash_long(K, M)\|hash_64(K, M)\)]\|T + (\(K & M\|K % M\))\), m)
+ hash_for_each_possible(T, pos, m, K)
  S
|
- hlist_for_each_entry_safe@pc(pos, tmp, \(&T[\(K & M\|K % M\|hash_32(K, M)\|hash_long(K, M)\|hash_64(K, M)\)]\|T + (\(K & M\|K % M\))\), m)
+ hash_for_each_possible_safe(T, pos, tmp, m, K)
  S
|
- hlist_for_each_entry_rcu@pc(pos, \(&T[\(K & M\|K % M\|hash_32(K, M)\|hash_long(K, M)\|hash_64(K, M)\)]\|T + (\(K & M\|K % M\))\), m)
+ hash_for_each_possible_rcu(T, pos, m, K)
  S
|
- hlist_for_each_entry_rcu@pc(pos, \(&T[\(K & M\|K % M\|hash_32(K, M)\|hash_long(K, M)\|hash_64(K, M)\)]\|T + (\(K & M\|K % M\))\), m, c)
+ hash_for_each_possible_rcu(T, pos, m, K, c)
  S
|
- hlist_for_each_entry_rcu_notrace@pc(pos, \(&T[\(K & M\|K % M\|hash_32(K, M)\|hash_long(K, M)\|hash_64(K, M)\)]\|T + (\(K & M\|K % M\))\), m)
+ hash_for_each_possible_rcu_notrace(T, pos, m, K)
  S
)

@keyed_ptr_patch depends on patch && (table || member_table || crossfile)@
expression P, B, n;
position pc : script:python() { approved(pc, "keyed_ptr") };
expression T;
@@

(
- hlist_add_head@pc(n, &T[hash_ptr(P, B)])
+ hash_add(T, n, (unsigned long)P)
|
- hlist_add_head_rcu@pc(n, &T[hash_ptr(P, B)])
+ hash_add_rcu(T, n, (unsigned long)P)
)

@keyed_ptr_patch_iter depends on patch && (table || member_table || crossfile)@
identifier m;
expression P, B, pos, tmp, c;
statement S;
position pc : script:python() { approved(pc, "keyed_ptr") };
expression T;
@@

(
- hlist_for_each_entry@pc(pos, &T[hash_ptr(P, B)], m)
+ hash_for_each_possible(T, pos, m, (unsigned long)P)
  S
|
- hlist_for_each_entry_safe@pc(pos, tmp, &T[hash_ptr(P, B)], m)
+ hash_for_each_possible_safe(T, pos, tmp, m, (unsigned long)P)
  S
|
- hlist_for_each_entry_rcu@pc(pos, &T[hash_ptr(P, B)], m)
+ hash_for_each_possible_rcu(T, pos, m, (unsigned long)P)
  S
|
- hlist_for_each_entry_rcu@pc(pos, &T[hash_ptr(P, B)], m, c)
+ hash_for_each_possible_rcu(T, pos, m, (unsigned long)P, c)
  S
)

@index_patch depends on patch && (table || member_table || crossfile) disable bitand_comm@
identifier i;
expression K, M;
position p : script:python() { approved(p, "idx") };
@@

(
- i@p = K & M
+ i = K
|
- i@p = K % M
+ i = K
|
- i@p = \(hash_32\|hash_long\|hash_64\)(K, M)
+ i = K
)

@index_ptr_patch depends on patch && (table || member_table || crossfile)@
identifier i;
expression P, B;
position p : script:python() { approved(p, "idx_ptr") };
@@

- i@p = hash_ptr(P, B)
+ i = (unsigned long)P

@index_key_patch depends on patch && (table || member_table || crossfile)@
identifier i;
expression n;
position pc : script:python() { approved(pc, "key_var") };
expression T;
@@

(
- hlist_add_head@pc(n, \(&T[i]\|T + i\))
+ hash_add(T, n, i)
|
- hlist_add_head_rcu@pc(n, \(&T[i]\|T + i\))
+ hash_add_rcu(T, n, i)
)

@index_key_patch_iter depends on patch && (table || member_table || crossfile)@
identifier i, m;
expression pos, tmp, c;
statement S;
position pc : script:python() { approved(pc, "key_var") };
expression T;
@@

(
- hlist_for_each_entry@pc(pos, \(&T[i]\|T + i\), m)
+ hash_for_each_possible(T, pos, m, i)
  S
|
- hlist_for_each_entry_safe@pc(pos, tmp, \(&T[i]\|T + i\), m)
+ hash_for_each_possible_safe(T, pos, tmp, m, i)
  S
|
- hlist_for_each_entry_rcu@pc(pos, \(&T[i]\|T + i\), m)
+ hash_for_each_possible_rcu(T, pos, m, i)
  S
|
- hlist_for_each_entry_rcu@pc(pos, \(&T[i]\|T + i\), m, c)
+ hash_for_each_possible_rcu(T, pos, m, i, c)
  S
|
- hlist_for_each_entry_rcu_notrace@pc(pos, \(&T[i]\|T + i\), m)
+ hash_for_each_possible_rcu_notrace(T, pos, m, i)
  S
)

@bucket_ptr_use_patch depends on patch && (table || member_table || crossfile)@
identifier head;
expression n;
position pc : script:python() { approved(pc, "bptr_use") };
fresh identifier tname = script:python(pc) { approved_extra(pc)[0] };
fresh identifier key = script:python(pc) { approved_extra(pc)[1] };
@@

(
- hlist_add_head@pc(n, head)
+ hash_add(tname, n, key)
|
- hlist_add_head_rcu@pc(n, head)
+ hash_add_rcu(tname, n, key)
)

@bucket_ptr_use_iter_patch depends on patch && (table || member_table || crossfile)@
identifier head, m;
expression pos, tmp, c;
statement S;
position pc : script:python() { approved(pc, "bptr_use") };
fresh identifier tname = script:python(pc) { approved_extra(pc)[0] };
fresh identifier key = script:python(pc) { approved_extra(pc)[1] };
@@

(
- hlist_for_each_entry@pc(pos, head, m)
+ hash_for_each_possible(tname, pos, m, key)
  S
|
- hlist_for_each_entry_safe@pc(pos, tmp, head, m)
+ hash_for_each_possible_safe(tname, pos, tmp, m, key)
  S
|
- hlist_for_each_entry_rcu@pc(pos, head, m)
+ hash_for_each_possible_rcu(tname, pos, m, key)
  S
|
- hlist_for_each_entry_rcu@pc(pos, head, m, c)
+ hash_for_each_possible_rcu(tname, pos, m, key, c)
  S
|
- hlist_for_each_entry_rcu_notrace@pc(pos, head, m)
+ hash_for_each_possible_rcu_notrace(tname, pos, m, key)
  S
)

@bucket_ptr_remove depends on patch && (table || member_table || crossfile)@
identifier head;
expression E;
position ph : script:python() { approved(ph, "bptr") };
@@

- head@ph = E;

@bucket_ptr_decl_remove depends on patch && (table || member_table || crossfile)@
identifier head;
expression E;
position ph : script:python() { approved(ph, "bptr") };
@@

- struct hlist_head *head@ph = E;

@delete_patch depends on patch && (table || member_table || crossfile)@
expression X;
position pc : script:python() { approved(pc, "del") };
@@

(
- hlist_del@pc(X)
+ hash_del(X)
|
- hlist_del_init@pc(X)
+ hash_del(X)
|
- hlist_del_rcu@pc(X)
+ hash_del_rcu(X)
|
- hlist_del_init_rcu@pc(X)
+ hash_del_rcu(X)
)

@bits_macro_patch depends on patch && (table || member_table || crossfile)@
identifier D;
expression V;
position p : script:python() { approved(p, "bits_macro") };
fresh identifier N = script:python(p) { approved_extra(p)[0] };
fresh identifier B = script:python(p) { approved_extra(p)[1] };
@@

- #define D@p V
+ #define N B

@dead_macro_patch depends on patch && (table || member_table || crossfile)@
identifier D;
expression V;
position p : script:python() { approved(p, "dead_macro") };
@@

- #define D@p V

@dead_var_patch depends on patch && (table || member_table || crossfile)@
type T1;
identifier x;
position p : script:python() { approved(p, "dead_var") };
@@

- T1 x@p;

// ---------------------------------------------------------------------------
// Fail-safe: a site that was approved but is still there means some rule did
// not rewrite it. Half a conversion changes behaviour (keys hashed on insert,
// masked on lookup), so the whole file is abandoned instead.

@leftover_call depends on patch && (table || member_table || crossfile)@
identifier f;
position p : script:python() { still_pending(p) };
@@

f@p(...)

@script:python depends on patch@
p << leftover_call.p;
@@
fail_incomplete(p)

@leftover_iterator depends on patch && (table || member_table || crossfile)@
statement S;
position p : script:python() { still_pending(p) };
iterator name hlist_for_each_entry, hlist_for_each_entry_safe, hlist_for_each_entry_rcu,
  hlist_for_each_entry_rcu_notrace;
@@

(
hlist_for_each_entry@p(...) S
|
hlist_for_each_entry_safe@p(...) S
|
hlist_for_each_entry_rcu@p(...) S
|
hlist_for_each_entry_rcu_notrace@p(...) S
)

@script:python depends on patch@
p << leftover_iterator.p;
@@
fail_incomplete(p)

@leftover_assignment depends on patch && (table || member_table || crossfile)@
identifier x;
expression E;
position p : script:python(E) { still_pending_assignment(p, E) };
@@

x@p = E

@script:python depends on patch@
p << leftover_assignment.p;
@@
fail_incomplete(p)

@leftover_loop depends on patch && (table || member_table || crossfile)@
expression E1, E2, E3;
statement S;
position p : script:python() { still_pending(p) };
@@

for@p (E1; E2; E3) S

@script:python depends on patch@
p << leftover_loop.p;
@@
fail_incomplete(p)

@leftover_while depends on patch && (table || member_table || crossfile)@
expression E;
statement S;
position p : script:python() { still_pending(p) };
@@

while@p (E) S

@script:python depends on patch && (table || member_table || crossfile)@
p << leftover_while.p;
@@
fail_incomplete(p)

@leftover_define depends on patch && (table || member_table || crossfile)@
identifier D;
expression V;
position p : script:python(D) { approved(p, "bits_macro") and approved_extra(p)[2] == D };
@@

#define D@p V

@script:python depends on patch && (table || member_table || crossfile)@
p << leftover_define.p;
@@
fail_incomplete(p)

@leftover_declaration depends on patch && (table || member_table || crossfile)@
identifier T;
expression N;
position p : script:python() { still_pending(p) };
@@

struct hlist_head T@p[N];

@script:python depends on patch@
p << leftover_declaration.p;
@@
fail_incomplete(p)
