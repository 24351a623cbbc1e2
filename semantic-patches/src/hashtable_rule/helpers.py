"""Helpers: functions and function-like macros whose result picks a bucket.

An index helper returns a reduced key: return k & MASK, k % SIZE,
hash_32(k, BITS), or a few statements that fold a local and reduce it last.
A bucket helper returns a bucket: &T[index] or T + index. What a helper
computes (its Meaning) gives each call site the key hash_add() and
hash_for_each_possible() need:

- a pure fold of one parameter that is one-to-one (xorshifts, adds,
  multiplies by odd constants) is what hash_min() does better: the key is
  that parameter's argument, and the helper can go;
- a fold that keys which differ share (eaddr >> 12, id & 0xff) stays: a
  lookup may count on them sharing a bucket;
- any other mix (a secret, a per-namespace value, the bytes a pointer points
  to) stays in the key: an index helper is kept without its reduction, a
  bucket helper's mix is written at its call sites.
"""

import re

from .cexpr import _TYPE_WORDS, Unknown, cast_text, free_names, parse_tokens, render, strip_parens
from .tokens import Tokens, code_indices, enclosing_bracket, matching_close
from .widths import UNSIGNED_WORDS, _canonical, value_type, width_class

HASHERS = {'hash_32': 'hash32', 'hash_long': 'hashlong', 'hash_64': 'hash64',
           'hash_ptr': 'hashptr'}

# calls a kept mix may make: functions of their arguments only, without side effects
PURE_CALLS = {
    'jhash', 'jhash2', 'jhash_1word', 'jhash_2words', 'jhash_3words', 'hash_32', 'hash_64',
    'hash_long', 'hash_ptr', 'hash_min', 'hash32_ptr', 'full_name_hash', 'net_hash_mix',
    'siphash', 'siphash_1u32', 'siphash_2u32', 'siphash_1u64', 'siphash_2u64', 'hsiphash',
    'hsiphash_1u32', 'hsiphash_2u32', 'ipv6_addr_hash', 'ipv6_addr_jhash', '__ipv6_addr_jhash',
    'inet_ehashfn',
    'strlen', 'ilog2', 'order_base_2', 'roundup_pow_of_two', 'rounddown_pow_of_two', 'min', 'max',
    'min_t', 'max_t', 'ntohl', 'ntohs', 'htonl', 'htons', 'be16_to_cpu', 'be32_to_cpu',
    'be64_to_cpu', 'le16_to_cpu', 'le32_to_cpu', 'le64_to_cpu', 'cpu_to_be16', 'cpu_to_be32',
    'cpu_to_be64', 'cpu_to_le16', 'cpu_to_le32', 'cpu_to_le64', '__kuid_val', '__kgid_val',
    'dev_net', 'read_pnet', 'sock_net', 'net_generic', 'get_unaligned', 'get_unaligned_le32',
    'get_unaligned_be32', 'get_unaligned_le64', 'get_unaligned_be64', 'sizeof_field',
    'offsetof', 'ARRAY_SIZE', 'BIT', 'BIT_ULL', 'GENMASK', 'rol32', 'ror32', 'rol64', 'ror64',
    'is_power_of_2', 'container_of', 'container_of_const', 'list_entry', 'hlist_entry',
}


def pure_by_name(name, d):
    """Is a call of name pure by its name alone: a known pure kernel function that the
    file does not define as a function of its own (d: the definition the rule sees)? A
    function of the file so named is read, as it may write; a macro so named is a shim
    of it (get_unaligned() by memcpy()) and trusted."""
    return name in PURE_CALLS and not (d is not None and d.local and d.kind == 'function')
# widths of what pure calls return, where that is a fixed type
RETURN_WIDTHS = {'jhash': 'small', 'jhash2': 'small', 'jhash_1word': 'small', 'jhash_2words': 'small',
                 'jhash_3words': 'small', 'hash_32': 'small', 'full_name_hash': 'small',
                 'net_hash_mix': 'small', 'ipv6_addr_hash': 'small', 'hash_64': 'small',
                 'hash_long': 'small', 'hash_ptr': 'small', 'siphash': 'long', 'hsiphash': 'small',
                 'siphash_1u32': 'long', 'siphash_2u32': 'long', 'siphash_1u64': 'long'}
_CONST_CALLS = {'ilog2', 'order_base_2', 'BIT', 'BIT_ULL', 'ARRAY_SIZE', 'sizeof_field',
                'offsetof', 'roundup_pow_of_two', 'rounddown_pow_of_two'}
_FOLD_OPS = {'>>', '<<', '^', '+', '-', '*', '|', '&', '%', '/'}
_ASSIGN_OPS = {'=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>='}
_INTEGER_WORDS = {'unsigned', 'signed', 'int', 'long', 'short', 'char', 'const', 'u8', 'u16',
                  'u32', 'u64', 's8', 's16', 's32', 's64', '__u8', '__u16', '__u32', '__u64',
                  'size_t', 'uintptr_t', '__force', 'volatile', 'bool', 'u_int8_t', 'u_int16_t',
                  'u_int32_t', 'uint8_t', 'uint16_t', 'uint32_t', 'uint64_t'}


# integer types narrower than the 32 bits hash_32() reads
_NARROW_WORDS = {'char', 'short', 'bool', '_Bool', 'u8', 'u16', 's8', 's16', '__u8', '__u16',
                 'uint8_t', 'uint16_t', 'int8_t', 'int16_t', 'u_int8_t', 'u_int16_t'}


_UNSET = object()


class Definition:
    """A function or function-like macro: where it is, its parameters, its body tokens."""

    def __init__(self, name, kind, toks, params, body, pos=None, local=True):
        self.name, self.kind, self.toks = name, kind, toks
        self.params = params         # [(name, type text or None)]
        self.body = body             # token range: the macro body, or inside the braces
        self.pos = pos               # position of the definition in this file
        self.local = local           # defined in this file (it can be changed)
        self.static = kind == 'macro'
        self.ret_type = None
        self.ambiguous = False       # defined more than once (#if branches)
        # (start, end) token indices of other definitions that only return a constant
        # (#else stubs): only an index helper that stays may have them
        self.alternatives = []
        self._meaning = None
        self._misuse = _UNSET        # parameter_misuse(), once
        self.start = self.end = self.name_index = None   # token indices in toks

    def param_names(self):
        return [p[0] for p in self.params]


def macro_definitions(toks, local=True):
    """The function-like macros of a token list: name -> Definition."""
    defs = {}
    text = toks.text
    for i in range(len(text) - 3):
        if not (text[i] == '#' and toks.bol[i] and text[i + 1] == 'define'
                and toks.kind[i + 2] == 'id' and text[i + 3] == '('
                and toks.offset[i + 3] == toks.end(i + 2)):
            continue
        end = toks.line_end(i)
        try:
            close = matching_close(text, i + 3)
        except IndexError:
            continue
        if close >= end:
            continue
        names = text[i + 4:close]
        params = [(n, None) for n in names[::2]]
        if any(sep != ',' for sep in names[1::2]) or any(toks.kind[i + 4 + 2 * k] != 'id'
                                                         for k in range(len(params))):
            continue                 # variadic or odd: not a helper
        d = Definition(text[i + 2], 'macro', toks, params, (close + 1, end), toks.pos[i], local)
        d.start, d.end, d.name_index = i, end - 1, i + 2
        if d.name in defs:
            defs[d.name].ambiguous = True
        else:
            defs[d.name] = d
    return defs


def function_at(toks, i, local=True):
    """The function whose definition names itself at token i, or None."""
    text = toks.text
    if i is None or i + 1 >= len(text) or text[i + 1] != '(':
        return None
    try:
        close = matching_close(text, i + 1)
    except IndexError:
        return None
    j = close + 1
    while j < len(text) and text[j] not in ('{', ';'):
        j += 1                       # attributes: __releases(x) and the like
    if j >= len(text) or text[j] != '{':
        return None
    params = []
    if close > i + 2 and text[i + 2:close] != ['void']:
        start = i + 2
        for k in range(i + 2, close + 1):
            if text[k] == '(':
                return None          # a function pointer parameter: not a helper
            if text[k] == ',' or k == close:
                names = [x for x in range(start, k) if toks.kind[x] == 'id']
                if not names:
                    return None
                last = names[-1]
                type_text = toks.source_of(start, last)
                if '[' in text[last:k]:
                    type_text += ' *'    # an array parameter is a pointer
                params.append((text[last], type_text))
                start = k + 1
    head = i
    while head > 0 and text[head - 1] not in (';', '}', '{'):
        first = head - 1
        while first > 0 and not toks.bol[first]:
            first -= 1
        if text[first] == '#':
            break                    # a preprocessor line ends the declaration before
        head -= 1
    d = Definition(text[i], 'function', toks, params, (j + 1, matching_close(text, j)),
                   toks.pos[i], local)
    d.start, d.end, d.name_index = head, d.body[1], i
    words = text[head:i]
    d.static = 'static' in words
    d.ret_type = ' '.join(w for w in words if w not in ('static', 'inline', '__always_inline',
                                                        'noinline', '__init', 'notrace'))
    return d


def header_definitions(texts):
    """Helpers defined in headers (the wrapper gives their text): name -> Definition."""
    out = {}
    for name, text in texts.items():
        toks = Tokens(text)
        macros = macro_definitions(toks, local=False)
        if name in macros:
            out[name] = macros[name]
            continue
        for i, tok in enumerate(toks.text):
            if tok == name and toks.kind[i] == 'id':
                d = function_at(toks, i, local=False)
                if d is not None:
                    out[name] = d
                    break
    return out


class Meaning:
    """What a helper computes, read off its body."""

    def __init__(self):
        self.kind = 'index'          # or 'bucket'
        self.table = None            # bucket helper: node of its table expression
        self.index = None            # bucket helper: node of the index expression
        self.reducer = None          # (form, node of the mask/size/bits operand)
        self.mix = None              # node of the unreduced value, when one expression
        self.fold_param = None       # the one parameter the unreduced value folds
        self.fold_type = None        # the type that parameter is cast to first, if any
        self.calls = set()           # what the unreduced value calls
        self.locals = {}             # local -> its value as text over the parameters
        self.typed_locals = {}       # the same, converted to the type of the local if needed
        self.local_types = {}        # local -> declared type
        self.index_local = None      # the local the index is, in a bucket helper
        self.nested = None           # (helper name, [arg nodes]) the index comes from
        self.drop = None             # ('expr', node) or ('stmt', (lo, hi)): the reduction
        self.why = None              # not understood: why
        self.widen = None            # kept without its hash, it returns this type (u64)
        self.one_to_one = False      # the value hashed is one-to-one in the key
        self.lossy = None            # the value hashed, where keys that differ may share it


def is_fold(node, params, const_names):
    """Is node a pure fold: integer arithmetic on parameters and constants only?"""
    kind = node[0]
    if kind == 'id':
        return node[1] in params or node[1] in const_names or node[1].isupper()
    if kind in ('num', 'sizeof'):
        return True
    if kind == 'paren':
        return is_fold(node[1], params, const_names)
    if kind == 'cast':
        return is_fold(node[1], params, const_names)
    if kind == 'un':
        return node[1] in ('-', '~', '+') and is_fold(node[2], params, const_names)
    if kind == 'bin':
        return node[1] in _FOLD_OPS and is_fold(node[2], params, const_names) \
            and is_fold(node[3], params, const_names)
    if kind == 'call' and node[1][0] == 'id' and node[1][1] in _CONST_CALLS:
        return all(not (free_names(a) & set(params)) for a in node[2])
    return False


def injective(node, names, toks, keeps=lambda type_text: False, values=None, variables=(),
              types=None, macros=None):
    """'const' when node reads none of names, 'one-to-one' when it is a one-to-one
    function of the one name it reads (x + 3, x ^ (x >> 16), x * 0x9e3779b1, in the
    modular arithmetic of C unsigned types), else None.

    A helper that hashes such a fold of its key may lose the fold with its hash:
    keys that shared a bucket still do. Not x >> 12, x / 8, x & M, x | 1, x * 4 or
    x + (x >> 7): there keys that differ shared a bucket, and a lookup that compares
    (p->addr & ~0xfff) == page finds its entries only in that bucket. keeps: whether
    a cast to a type keeps every bit of the key; values: constants by name (a const
    local of the helper); variables: every parameter and local, of which a name not in
    names is no constant; types: their types; macros: object-like macros by name, their
    values (a macro that reads a variable is no constant either).
    """
    again = dict(keeps=keeps, values=values, variables=variables, types=types, macros=macros)
    node = strip_parens(node)
    kind = node[0]
    if kind == 'id':
        if node[1] in names:
            return 'one-to-one'
        if node[1] in (values or {}):
            return 'const'
        if node[1] in variables or any(
                set(re.findall(r'[A-Za-z_]\w*', v)) & set(variables)
                for v in (macros or {}).get(node[1], ())):
            return None
        return 'const'
    if kind in ('num', 'sizeof'):
        return 'const'
    if kind == 'cast':
        inner = injective(node[1], names, toks, **again)
        if inner == 'one-to-one' and not keeps(cast_type(toks, node)):
            return None
        return inner
    if kind == 'un' and node[1] in ('-', '~', '+'):
        return injective(node[2], names, toks, **again)
    if kind == 'call':
        return 'const' if not free_names(node) & (set(names) | set(variables)) else None
    if kind != 'bin':
        return None
    op, a, b = node[1], node[2], node[3]
    if op == '^':
        # a xorshift, E ^ (E >> c): E comes back from it bit by bit (E unsigned: the
        # >> of a negative number copies its sign bit, and -1 ^ (-1 >> 3) is 0)
        for x, y in ((a, b), (b, a)):
            y = strip_parens(y)
            if y[0] == 'bin' and y[1] in ('>>', '<<') and _shift_count(y[3], macros or {}) and \
                    _shape(y[2]) == _shape(x) and (y[1] == '<<' or _unsigned(x, toks, types or {})):
                return injective(x, names, toks, **again)
    sides = (injective(a, names, toks, **again), injective(b, names, toks, **again))
    if None in sides:
        return None
    if sides == ('const', 'const'):
        return 'const'
    if op in ('+', '-', '^') and 'const' in sides:
        return 'one-to-one'
    if op == '*' and 'const' in sides:
        return 'one-to-one' if _odd_literal(b if sides[1] == 'const' else a, values or {}) else None
    return None


def cast_type(toks, node):
    """The type text of a cast node: (u32)x -> u32."""
    return toks.source_of(node[-1][0] + 1, node[1][-1][0] - 1)


def _shape(node):
    """node without its positions and parentheses, to compare two expressions."""
    node = strip_parens(node)
    return tuple(_shape(x) if isinstance(x, tuple) else
                 [_shape(a) for a in x] if isinstance(x, list) else x for x in node[:-1])


def _note_one_to_one(one_to_one, var, value, keeps, var_type, is_one_to_one):
    """var = value: var is one-to-one in a parameter if value is (is_one_to_one(value), in
    the parameters and the locals that are), and var's type keeps every bit of it."""
    if keeps(var_type) and is_one_to_one(value):
        one_to_one.add(var)
    else:
        one_to_one.discard(var)


def _wider_than_32_bits(d, m):
    """Does d compute its hash_32() value with a type, cast or number wider than 32
    bits (or of a type not known to be narrower)? Only the parameters its key reads
    count (not the struct a bucket helper finds its table in)."""
    read = free_names(m.mix) if m.mix is not None else set(d.param_names())
    typed = [t for name, t in d.params if t and name in read] + list(m.local_types.values())
    if any(width_class(t) != 'small' for t in typed):
        return True
    toks = d.toks
    for i in range(d.body[0], d.body[1]):
        if toks.kind[i] == 'num' and re.search(r'[lL][lL]|^0[xX][0-9a-fA-F]{9,}', toks.text[i]):
            return True
        if toks.text[i] in ('long', 'u64', 's64', '__u64', '__s64', 'uint64_t', 'int64_t',
                            'size_t', 'uintptr_t', 'sector_t', 'loff_t'):
            return True
    return False


def _keeps_key(d):
    """Whether a value of a type keeps every bit of d's keys: not a type narrower than
    32 bits, and 64 bits wide where a parameter is."""
    # a type not known to be narrow (cookie_t) may be 64 bits wide
    wide = any(t and width_class(t) != 'small' for _, t in d.params)

    def keeps(type_text):
        if not type_text or set(type_text.split()) & _NARROW_WORDS or not is_integer_type(type_text):
            return False
        return not wide or width_class(type_text) == 'long'
    return keeps


def _numbers(local_values, local_types):
    """The integer locals whose value is a number (const unsigned BIG_PRIME = 4294967291UL)."""
    return {k: v for k, v in local_values.items()
            if re.fullmatch(r'\(?\s*(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\s*\)?', v) and
            is_integer_type(local_types.get(k) or '')}


def _unsigned(node, toks, types):
    """Is node a variable of an unsigned type, or a cast to one?"""
    node = strip_parens(node)
    if node[0] == 'id':
        type_text = types.get(node[1]) or ''
    elif node[0] == 'cast':
        type_text = cast_type(toks, node)
    else:
        return False
    words = set(type_text.split())
    return bool(words & UNSIGNED_WORDS) and '*' not in type_text


def _shift_count(node, macros):
    """Is node a number of bits above 0: a literal, or a macro whose every value is one
    (SVC_BITS)?"""
    node = strip_parens(node)
    if node[0] == 'num':
        return bool(_literal(node))
    values = macros.get(node[1], ()) if node[0] == 'id' else ()
    return bool(values) and all(re.fullmatch(r'\(?\s*[1-9][0-9]*[uUlL]*\s*\)?', v) for v in values)


def _literal(node):
    try:
        return int(node[1].rstrip('uUlL'), 0)
    except ValueError:
        return None


def _odd_literal(node, values):
    node = strip_parens(node)
    if node[0] == 'id' and re.fullmatch(r'\(?\s*(\w+)\s*\)?', values.get(node[1], '')):
        node = ('num', values[node[1]].strip('() '), node[-1])
    value = _literal(node) if node[0] == 'num' else None
    return value is not None and value % 2 == 1


def calls_in(node, out=None):
    out = set() if out is None else out
    if node[0] == 'call':
        out.add(node[1][1] if node[1][0] == 'id' else '(indirect)')
    for part in node[1:-1]:
        if isinstance(part, tuple):
            calls_in(part, out)
        elif isinstance(part, list):
            for a in part:
                calls_in(a, out)
    return out


def split_reduction(node):
    """(form, key node, operand node) of k & M, k % N, hash_32(k, B); else None."""
    node = strip_parens(node)
    if node[0] == 'bin' and node[1] in ('&', '%'):
        return ('and' if node[1] == '&' else 'mod'), strip_parens(node[2]), node[3]
    if node[0] == 'call' and node[1][0] == 'id' and node[1][1] in HASHERS and len(node[2]) == 2:
        return HASHERS[node[1][1]], strip_parens(node[2][0]), node[2][1]
    return None


def bucket_parts(node):
    """(table node, index node) of &X[I] or X + I, else None."""
    node = strip_parens(node)
    if node[0] == 'un' and node[1] == '&':
        inner = strip_parens(node[2])
        if inner[0] == 'index':
            return inner[1], inner[2]
    if node[0] == 'bin' and node[1] == '+':
        return node[2], node[3]
    return None


def meaning(d, helpers, const_names):
    """What definition d computes (cached); helpers: name -> Definition for nesting."""
    if d._meaning is None:
        try:
            d._meaning = _meaning(d, helpers, const_names)
            if d._meaning.why is None:
                d._meaning.why = _narrowed(d, d._meaning)
        except (Unknown, IndexError) as e:
            m = Meaning()
            m.why = 'its body is not understood (%s)' % e
            d._meaning = m
    return d._meaning


# kernel macros that take a member name as an argument (as in the tool's header_uses.py)
_MEMBER_MACROS = {'offsetof', 'offsetofend', 'container_of', 'container_of_const', 'sizeof_field',
                  'typeof_member', 'struct_size', 'flex_array_size', 'list_entry', 'hlist_entry',
                  'hlist_entry_safe', 'list_first_entry', 'list_entry_rcu', 'FIELD_SIZEOF'}
# operators whose operand is not a value: its type, its size, its address
_TYPE_OPERATORS = {'sizeof', 'typeof', '__typeof__', '__typeof', '_Alignof', '__alignof__',
                   'alignof'}


def parameter_misuse(d, helpers):
    """_parameter_misuse(d, helpers), worked out once per helper."""
    if d._misuse is _UNSET:
        d._misuse = _parameter_misuse(d, helpers)
    return d._misuse


def _parameter_misuse(d, helpers):
    """Why what a call gives function d cannot stand for a parameter in its body, written
    out at the call (a helper that goes), or None; helpers: name -> Definition.

    The rule writes the body over each call's arguments, cast to the parameter's type;
    that is the same value, not the same object: &k of a u64 k given a u32 is no lvalue,
    sizeof(addr) of an array parameter is a pointer's size, and a parameter given whole
    to a macro that may take it as a member name (container_of(node, struct item, node),
    offsetof(struct s, k), #define FIELD(p, f) ((p)->f)) would name another member.
    (A macro helper is written over its arguments as the preprocessor does.)"""
    if d.kind != 'function':
        return None
    toks, params = d.toks, set(d.param_names())
    text, (lo, hi) = toks.text, d.body
    for i in range(lo, hi):
        if text[i] not in params or toks.kind[i] != 'id' or \
                text[i - 1] in ('->', '.', 'struct', 'union', 'enum'):
            continue                 # a field, or a tag: sizeof(struct work) of a work
        nxt = text[i + 1] if i + 1 < hi else ''
        if text[i - 1] == '&' and nxt not in ('->', '.', '[') and \
                toks.kind[i - 2] not in ('id', 'num') and text[i - 2] not in (')', ']'):
            return 'it takes the address of its parameter "%s"' % text[i]
        opens, j = [], enclosing_bracket(text, i, lo)
        while j is not None:
            opens.append(j)
            j = enclosing_bracket(text, j, lo)
        if text[i - 1] in _TYPE_OPERATORS or any(text[j] == '(' and text[j - 1] in _TYPE_OPERATORS
                                                 for j in opens):
            return 'it takes the type or size of its parameter "%s"' % text[i]
        if opens and text[i - 1] in ('(', ',') and nxt in (')', ',') and text[opens[0]] == '(' and \
                toks.kind[opens[0] - 1] == 'id' and _may_take_member(text[opens[0] - 1], helpers):
            return 'it gives its parameter "%s" to %s(), which may take it as a member name' % (
                text[i], text[opens[0] - 1])
    return None


def _may_take_member(callee, helpers):
    """May a call of callee take an argument as a member name? A kernel macro that does,
    or a macro of the file or its headers that writes a parameter after -> or . or
    gives one to such a macro."""
    if callee in _MEMBER_MACROS:
        return True
    d = helpers.get(callee) if helpers is not None else None
    if d is None or d.kind != 'macro':
        return False
    text, (lo, hi) = d.toks.text, d.body
    names = set(d.param_names())
    if _MEMBER_MACROS & set(text[lo:hi]):
        return True
    return any(text[k] in names and text[k - 1] in ('->', '.') for k in range(lo, hi))


def key_local(m):
    """The local of a helper that holds its key before the reduction, or None: the key
    passed through a local (return &T[hash_long(l, B)]; idx = hash_long(l, B)), or the
    local that is reduced in place (idx = l; idx = hash_long(idx, B)). Not a local that
    only receives the bucket number (int idx = hash_long(l, B)): its type is no key's."""
    mix = strip_parens(m.mix) if m.mix is not None else None
    if mix is None:
        return m.index_local
    return mix[1] if mix[0] == 'id' and mix[1] in m.local_types else None


def _narrowed(d, m):
    """Why a helper that returns a hash of a wide key cannot return the key itself, or None.

    u32 f(u64 v) { return hash_64(v, B); } without its hash would cut the key to
    32 bits: still consistent, but most of the key would no longer count.
    """
    if d.kind != 'function' or m.reducer is None or not m.reducer[0].startswith('hash') \
            or m.fold_param is not None or m.reducer[0] == 'hash32':
        return None                  # (hash_32() cut a wider key to 32 bits already)
    # a bucket helper goes whole: a local that only holds its bucket number goes with it
    # (int idx = hash_long(l, B); return &T[idx]: the key is l)
    narrow_local = m.index_local if m.kind != 'bucket' else key_local(m)
    local_type = m.local_types.get(narrow_local) if narrow_local else None
    if local_type and is_integer_type(local_type) and (
            m.reducer[0] != 'hash32' and width_class(local_type) != 'long' or
            set(local_type.split()) & _NARROW_WORDS):
        # u32 h = hash_64(mix, B); without its hash, h would keep part of the mix
        return 'it keeps a %s() in %s "%s": without the hash it would cut the key' % (
            {'hash64': 'hash_64', 'hashlong': 'hash_long', 'hashptr': 'hash_ptr'}.get(
                m.reducer[0], m.reducer[0]), local_type, narrow_local)
    key = strip_parens(m.mix) if m.mix is not None else None
    types = dict(d.params)
    types.update(m.local_types)
    if key is not None and key[0] == 'id':
        key_type = types.get(key[1])
    elif key is not None and key[0] == 'cast':
        key_type = cast_type(d.toks, key)
    elif key is not None:
        # a ^ b: as wide as its widest operand, when every operand is a typed integer
        operands = [types.get(n) for n in free_names(key)]
        if operands and all(o and is_integer_type(o) for o in operands) and not calls_in(key) \
                and not _has_cast_or_literal(key):
            wide = [o for o in operands if width_class(o) == 'long']
            key_type = wide[0] if wide else operands[0]
        else:
            key_type = None
    else:
        key_type = None
    ret = width_class(d.ret_type or '')
    if key_type is None and ret == 'small' and m.reducer[0] != 'hash32':
        return 'it returns %s of a %s() whose key has no type here: it could cut the key' % (
            d.ret_type, {'hash64': 'hash_64', 'hashlong': 'hash_long',
                         'hashptr': 'hash_ptr'}.get(m.reducer[0], m.reducer[0]))
    if key_type and ret == 'small' and width_class(key_type) == 'long' and d.local \
            and is_integer_type(key_type):
        # kept without its hash, it returns the key: it takes the type of the key
        m.widen = ' '.join(w for w in key_type.split() if w not in ('const', 'volatile'))
        return None
    if key_type and ret == 'small' and width_class(key_type) in ('long', 'pointer'):
        return 'it returns %s: without its %s() it would cut the key (%s) to 32 bits' % (
            d.ret_type, {'hash32': 'hash_32', 'hash64': 'hash_64', 'hashlong': 'hash_long',
                         'hashptr': 'hash_ptr'}.get(m.reducer[0], m.reducer[0]), key_type)
    return None


def _meaning(d, helpers, const_names):
    m = Meaning()
    toks = d.toks
    params = d.param_names()
    lo, hi = d.body
    if d.ambiguous and not d.alternatives:
        m.why = 'it is defined more than once'
        return m
    if d.kind == 'macro':
        result = parse_tokens(toks, lo, hi)
        statements = []
    else:
        statements = _statements(toks, lo, hi)
        if statements is None:
            return _structured_meaning(d, m, params)
        if not statements or statements[-1][0] != 'return':
            m.why = 'it does not end in a return'
            return m
        result = statements[-1][1]
    parts = bucket_parts(result)
    index = result
    if parts is not None:
        m.kind = 'bucket'
        m.table, index = parts
        m.index = index
    # the locals of a function: their value over the parameters, folds or not
    fold_locals, deps = set(), {}
    one_to_one = set()               # locals that are one-to-one in the one parameter they read
    keeps = _keeps_key(d)

    def is_one_to_one(node, keeps_type=keeps):
        return injective(node, set(params) | one_to_one, toks, keeps_type,
                         _numbers(m.locals, m.local_types), set(params) | set(m.local_types),
                         dict(d.params, **m.local_types),
                         const_names if isinstance(const_names, dict) else None) == 'one-to-one'
    reduced_by = {}                  # local -> (form, operand, statement range or rhs node)
    assigned = set()                 # locals given a value, by their declaration or after
    for n, st in enumerate(statements[:-1]):
        kind = st[0]
        if kind == 'decl':
            _, var, type_text, rhs, rng = st
            m.local_types[var] = type_text
            if rhs is None:
                deps[var] = set()
                continue
            value = rhs
            if split_reduction(rhs) is not None:
                # u32 h = hash_32(k, B); reduced where it is declared
                form, value, operand = split_reduction(rhs)
                reduced_by[var] = (form, operand, ('expr', rhs))
            deps[var] = _deps(value, deps)
            m.calls |= calls_in(value)
            if is_fold(value, params + sorted(fold_locals), const_names):
                fold_locals.add(var)
            _note_one_to_one(one_to_one, var, value, keeps, type_text, is_one_to_one)
            if var not in reduced_by:
                m.locals[var] = render(toks, rhs, dict(m.locals))
                _note_typed(m, d, var, rhs)
            assigned.add(var)
        elif kind == 'assign':
            _, var, op, rhs, rng = st
            if var not in m.local_types:
                m.why = 'it assigns "%s", which is not its own local' % var
                return m
            if var in reduced_by:
                m.why = 'it changes "%s" after reducing it' % var
                return m
            red = None
            if op in ('&=', '%='):
                red = ('and' if op == '&=' else 'mod', rhs, ('stmt', rng))
            elif op == '=' and split_reduction(rhs) is not None:
                form, key, operand = split_reduction(rhs)
                red = (form, operand, ('stmt', rng) if key[:2] == ('id', var) else ('expr', rhs))
                new_deps = _deps(key, deps)
                if key[0] != 'id' or key[1] != var:
                    deps[var] = new_deps
                    m.calls |= calls_in(key)
                    if not is_fold(key, params + sorted(fold_locals), const_names):
                        fold_locals.discard(var)
                    else:
                        fold_locals.add(var)
                    _note_one_to_one(one_to_one, var, key, keeps, m.local_types[var], is_one_to_one)
            if red is not None:
                reduced_by[var] = red
                continue
            deps[var] = deps.get(var, set()) | _deps(rhs, deps) if op != '=' else _deps(rhs, deps)
            m.calls |= calls_in(rhs)
            folds = is_fold(rhs, params + sorted(fold_locals), const_names) and \
                (op == '=' or op[:-1] in _FOLD_OPS)
            if op != '=':
                folds = folds and var in fold_locals
            if folds:
                fold_locals.add(var)
            else:
                fold_locals.discard(var)
            whole = rhs if op == '=' else ('bin', op[:-1], ('id', var, rng), rhs, rng)
            if op != '=' and var not in one_to_one:
                one_to_one.discard(var)
            else:
                _note_one_to_one(one_to_one, var, whole, keeps, m.local_types[var], is_one_to_one)
            if op == '=' and var not in assigned:
                m.locals[var] = render(toks, rhs, dict(m.locals))   # u32 h; ... h = v;
                _note_typed(m, d, var, rhs)
            else:
                m.locals.pop(var, None)  # several assignments: no single expression
                m.typed_locals.pop(var, None)
            assigned.add(var)
        else:
            m.why = 'it returns early'
            return m
    index = strip_parens(index)
    # where the reduction is: the returned index itself, or the local it names
    red = split_reduction(index)
    if red is not None:
        form, key, operand = red
        m.reducer = (form, operand)
        m.drop = ('expr', index)
        m.mix = key
        if key[0] == 'id' and key[1] in m.local_types:
            m.index_local = key[1]   # the key passed through a local: its type matters
        m.calls |= calls_in(key)
        value_deps = _deps(key, deps)
        folds = is_fold(key, params + sorted(fold_locals), const_names)
        m.one_to_one = is_one_to_one(key)
    elif index[0] == 'id' and index[1] in reduced_by:
        var = index[1]
        form, operand, drop = reduced_by[var]
        m.reducer = (form, operand)
        m.drop = drop
        m.index_local = var
        value_deps = deps.get(var, set())
        folds = var in fold_locals
        m.one_to_one = var in one_to_one
        if drop[0] == 'expr':
            m.mix = split_reduction(drop[1])[1]
            if m.mix[0] == 'id' and m.mix[1] == var:
                m.mix = None
    elif index[0] == 'call' and index[1][0] == 'id' and index[1][1] in helpers \
            and index[1][1] != d.name:
        m.nested = (index[1][1], index[2])
        return m
    elif index[0] == 'id' and index[1] in params and m.kind == 'bucket':
        m.nested = ('', [index])     # the index is a parameter: the caller gives it
        return m
    else:
        m.why = 'its result is not a reduced key'
        return m
    formals = value_deps & set(params)
    if not value_deps - set(params) - {'(const)'} and len(formals) == 1 and folds:
        m.fold_param = formals.pop()
        inner = strip_parens(m.mix) if m.mix is not None else None
        if inner is not None and inner[0] == 'cast' and strip_parens(inner[1])[0] == 'id':
            lo = inner[-1][0]
            m.fold_type = toks.source_of(lo + 1, inner[1][-1][0] - 1)
        elif inner is not None and not any(m.fold_param in deps.get(v, ())
                                           for v in m.local_types):
            # ((unsigned int) b) * PRIME: the fold reads the parameter through one cast
            # (and no local reads it whole)
            casts = _casts_of(toks, inner, m.fold_param)
            if casts is not None and len(set(casts)) == 1:
                m.fold_type = casts[0]
        if m.mix is not None and not m.one_to_one:
            # the key keeps the one cast of its parameter: (unsigned int)b * PRIME
            kept = ' '.join((m.fold_type or '').split())
            m.one_to_one = is_one_to_one(
                m.mix, lambda t: keeps(t) or ' '.join(t.split()) == kept)
        if m.one_to_one and m.reducer[0] == 'hash32' and _wider_than_32_bits(d, m):
            # hash_32() cuts a value of 64 bits to 32 first: the key keeps that cut,
            # (u32)i_pos, where the fold moves no high bit down into the low 32
            if m.mix is not None and not m.local_types and not any(
                    toks.text[i] in ('>>', '>>=', '/', '/=', '%', '%=')
                    for i in range(d.body[0], d.body[1])):
                m.fold_type = 'u32'
            else:
                m.one_to_one = False
        if not m.one_to_one:
            # keys that differ may share its bucket (eaddr >> 12): it stays, unreduced
            m.fold_param = m.fold_type = None
            m.lossy = render(toks, m.mix) if m.mix is not None else m.index_local
    elif not formals:
        m.why = 'its hash does not depend on its parameters'
    return m


# type words a cast cannot name
_UNCASTABLE = {'__auto_type', 'typeof', '__typeof__', '__typeof'}


def _note_typed(m, d, var, rhs):
    """m.typed_locals[var]: the value of local var, over the parameters, as the local
    holds it (u8 v = k is (u8)k; int v = k of a u32 k is (int)k), if one expression
    gives it: not where it reads a local that none gives, or where no cast can name
    its type (__auto_type)."""
    m.typed_locals.pop(var, None)
    if free_names(rhs) & (set(m.local_types) - set(m.typed_locals)):
        return
    type_text = value_type(m.local_types.get(var))
    if not type_text or set(type_text.split()) & _UNCASTABLE:
        return
    text = render(d.toks, rhs, dict(m.typed_locals))
    aggregate = type_text.split()[0] in ('struct', 'union') and '*' not in type_text
    if not aggregate and not _keeps_type(d.toks, rhs, _canonical(type_text),
                                         dict(d.params, **m.local_types)):
        text = cast_text(type_text, text)
    m.typed_locals[var] = text


def _keeps_type(toks, node, canon, types):
    """Is an expression already of the integer type canon (_canonical()), so that a
    local of that type holds it unchanged? Only names and casts of that type, small
    literals (for 32-bit types and wider), hashes returning a u32 (for a u32), and
    arithmetic of such (not for 8 and 16 bits, which C widens to int)."""
    kind = node[0]
    wide = canon in (('u', 32), ('s', 32)) or (isinstance(canon, str) and
                                               width_class(canon) == 'long' and
                                               is_integer_type(canon))
    if kind == 'paren':
        return _keeps_type(toks, node[1], canon, types)
    if kind == 'id':
        return node[1] in types and _canonical(types[node[1]]) == canon
    if kind == 'cast':
        return _canonical(cast_type(toks, node)) == canon
    if kind == 'num':
        if not re.fullmatch(r'[0-9]+|0[xX][0-9a-fA-F]+', node[1]):
            return False             # 1U, 1UL: of another type than int
        return wide and int(node[1], 0) <= 0x7fffffff
    if kind == 'call':
        return canon == ('u', 32) and node[1][0] == 'id' and \
            RETURN_WIDTHS.get(node[1][1]) == 'small'
    if kind == 'bin' and wide and node[1] in ('+', '-', '*', '^', '|', '&', '/', '%'):
        return _keeps_type(toks, node[2], canon, types) and \
            _keeps_type(toks, node[3], canon, types)
    if kind == 'bin' and wide and node[1] in ('<<', '>>'):
        return _keeps_type(toks, node[2], canon, types)
    return False


def _has_cast_or_literal(node):
    """Does an expression hold a cast or a number, which may widen it ((u64)hi << 32)?"""
    if node[0] in ('cast', 'num'):
        return True
    return any(isinstance(part, tuple) and _has_cast_or_literal(part) or
               isinstance(part, list) and any(_has_cast_or_literal(a) for a in part)
               for part in node[1:-1])


def _casts_of(toks, node, name):
    """The cast types through which node reads variable name (None: it reads it plainly)."""
    out = []

    def walk(n, under_cast):
        if n[0] == 'id':
            if n[1] == name:
                if under_cast is None:
                    return False
                out.append(under_cast)
            return True
        if n[0] == 'paren':
            return walk(n[1], under_cast)
        if n[0] == 'cast':
            inner = strip_parens(n[1])
            if inner[0] == 'id':
                return walk(inner, cast_type(toks, n))
            return walk(n[1], None)
        for part in n[1:-1]:
            if isinstance(part, tuple) and not walk(part, None):
                return False
            if isinstance(part, list) and not all(walk(a, None) for a in part):
                return False
        return True

    return out if walk(node, None) and out else None


def _structured_meaning(d, m, params):
    """A helper with branches or loops: understood when it computes into its own locals
    and returns a reduced value once, as its last statement (nlm_hash_address(),
    file_hash()). Such a mix is kept, less its reduction; it is never a fold."""
    toks = d.toks
    body = structured_body(toks, d.body[0], d.body[1], params)
    if _returns_a_bucket(d):
        # a bucket helper goes, and its key is written at its call sites: a key that
        # takes statements has no such expression
        m.kind = 'bucket'
        m.table = bucket_parts(_last_return(d))[0]
        m.why = 'it computes its key over statements (%s), which no expression at its ' \
            'call sites can repeat' % (body if isinstance(body, str) else 'branches or loops')
        return m
    if isinstance(body, str):
        m.why = 'its body is more than straight-line code (%s)' % body
        return m
    m.local_types, result, m.calls = body
    red = split_reduction(strip_parens(result))
    if red is None:
        m.why = 'its result is not a reduced key'
        return m
    form, key, operand = red
    m.reducer = (form, operand)
    m.drop = ('expr', strip_parens(result))
    m.mix = key
    if key[0] == 'id' and key[1] in m.local_types:
        m.index_local = key[1]
    if not set(params) & {toks.text[i] for i in range(d.body[0], d.body[1])}:
        m.why = 'its hash does not depend on its parameters'
    return m


def _last_return(d):
    """The node its last statement returns (return X; at the end of its body), or None."""
    toks, (lo, hi) = d.toks, d.body
    text = toks.text
    if hi - lo < 3 or text[hi - 1] != ';':
        return None
    start = hi - 2
    depth = 0
    while start > lo and not (depth == 0 and text[start] in (';', '{', '}')):
        depth += {')': 1, ']': 1, '(': -1, '[': -1}.get(text[start], 0)
        start -= 1
    if text[start + 1] != 'return':
        return None
    try:
        return parse_tokens(toks, start + 2, hi - 1)
    except (Unknown, IndexError):
        return None


def _returns_a_bucket(d):
    node = _last_return(d)
    return node is not None and bucket_parts(node) is not None


# words before a parenthesis that are no call
_NO_CALL_WORDS = {'if', 'for', 'while', 'switch', 'sizeof', 'return', 'typeof', '__typeof__',
              'alignof', '_Alignof', 'defined'}
# a token before a plain variable that is assigned: the start of a statement or condition
_STATEMENT_START = {';', '{', '}', ')', ':', 'else', 'do'}


def _leading_declarations(toks, lo, hi):
    """The declarations that open a body: ({name: type}, index of the first other token)."""
    text = toks.text
    names, start, depth = {}, lo, 0
    for i in range(lo, hi):
        if text[i] in ('(', '['):
            depth += 1
        elif text[i] in (')', ']'):
            depth -= 1
        elif text[i] in ('{', '}', '#') or text[i] in _NO_CALL_WORDS:
            break
        elif text[i] == ';' and depth == 0:
            # a declaration: type words, then declarators (name or name = value) by commas
            pieces, piece, pdepth = [], [], 0
            for k in range(start, i):
                if text[k] in ('(', '['):
                    pdepth += 1
                elif text[k] in (')', ']'):
                    pdepth -= 1
                if text[k] == ',' and pdepth == 0:
                    pieces.append(piece)
                    piece = []
                else:
                    piece.append(k)
            pieces.append(piece)
            first = pieces[0]
            eq = next((j for j, k in enumerate(first) if text[k] == '='), len(first))
            if eq < 2 or toks.kind[first[eq - 1]] != 'id' or \
                    any(toks.kind[k] != 'id' and text[k] != '*' for k in first[:eq - 1]):
                break
            type_text = toks.source_of(first[0], first[eq - 1])
            names[text[first[eq - 1]]] = type_text
            for piece in pieces[1:]:
                if not piece or toks.kind[piece[0]] != 'id' or \
                        (len(piece) > 1 and text[piece[1]] != '='):
                    return names, start
                names[text[piece[0]]] = type_text
            start = i + 1
    return names, start


def structured_body(toks, lo, hi, params):
    """A body of branches and loops over its own locals that returns once, last.

    -> (locals {name: type}, the returned node, names it calls), or why not (a str).
    Assignments may name only locals and parameters (copies); the calls are
    returned for the caller to judge; no goto, no other return.
    """
    text = toks.text
    returns = [i for i in range(lo, hi) if text[i] == 'return']
    if len(returns) != 1:
        return 'it returns in %d places' % len(returns)
    r = returns[0]
    if text[hi - 1] != ';' or any(text[i] == ';' for i in range(r, hi - 1)):
        return 'it does not end in its return'
    locals_, first = _leading_declarations(toks, lo, r)
    mine = set(locals_) | set(params)
    calls = set()
    # the code, without preprocessor lines (both sides of an #ifdef count)
    code = code_indices(toks, lo, r) + [r]
    for j, i in enumerate(code[:-1]):
        tok = text[i]
        prev = text[code[j - 1]] if j else ';'
        prev2 = text[code[j - 2]] if j > 1 else ';'
        nxt, nxt2 = text[code[j + 1]], text[code[j + 2]] if j + 2 < len(code) else ';'
        if tok in ('goto', 'asm', '__asm__', 'return', 'static'):
            return 'it has %s' % tok
        if toks.kind[i] == 'id' and nxt == '(' and tok not in _NO_CALL_WORDS:
            calls.add(tok)
        if i < first:
            continue
        if tok in _ASSIGN_OPS:
            if j == 0 or toks.kind[code[j - 1]] != 'id' or prev2 in ('->', '.', '*', '&'):
                return 'it assigns something other than a variable'
            if prev2 not in _STATEMENT_START | {'(', ','}:
                if j < 2 or toks.kind[code[j - 2]] != 'id':
                    return 'it assigns something other than a variable'
                mine.add(prev)   # a declaration in a block: { u32 x = ...; }, for (int i = 0; ...)
            elif prev not in mine:
                return 'it assigns "%s", which is not its own local' % prev
        elif tok in ('++', '--'):
            before = j > 0 and toks.kind[code[j - 1]] == 'id' and prev2 not in ('->', '.')
            after = toks.kind[code[j + 1]] == 'id' and nxt2 not in ('->', '.', '[')
            name = prev if before else nxt if after else None
            if name is None or name not in mine:
                return 'it changes "%s", which is not its own local' % (name or prev)
    return locals_, parse_tokens(toks, r + 1, hi - 1), calls


def _deps(node, deps):
    """Parameters and outside names a value depends on (locals resolved through deps)."""
    out = set()
    for name in free_names(node):
        if name in deps:
            out |= deps[name]
        elif name.isupper():
            out.add('(const)')
        else:
            out.add(name)
    return out


def _statements(toks, lo, hi):
    """Straight-line statements of a function body, or None.

    ('decl', var, type, rhs node or None, range), ('assign', var, op, rhs node,
    range), ('return', node, range).
    """
    text = toks.text
    out = []
    start = lo
    depth = 0
    for i in range(lo, hi):
        tok = text[i]
        if tok in ('{', '}', 'if', 'for', 'while', 'switch', 'goto', 'do', '#', 'case'):
            return None
        if tok in ('(', '['):
            depth += 1
        elif tok in (')', ']'):
            depth -= 1
        elif tok == ';' and depth == 0:
            st = _statement(toks, start, i)
            if st is None:
                return None
            out.append(st + ((start, i + 1),))
            start = i + 1
    if start != hi:
        return None
    return out


def _statement(toks, lo, hi):
    text = toks.text
    if lo >= hi:
        return None
    if text[lo] == 'return':
        return ('return', parse_tokens(toks, lo + 1, hi))
    depth = 0
    for k in range(lo, hi):
        if text[k] in ('(', '['):
            depth += 1
        elif text[k] in (')', ']'):
            depth -= 1
        elif depth == 0 and text[k] in _ASSIGN_OPS:
            rhs = parse_tokens(toks, k + 1, hi)
            if k == lo + 1 and toks.kind[lo] == 'id':
                return ('assign', text[lo], text[k], rhs)
            if text[k] == '=' and toks.kind[k - 1] == 'id' and k - 1 > lo and \
                    _declarator_words(toks, lo, k - 1):
                return ('decl', text[k - 1], toks.source_of(lo, k - 1), rhs)
            return None              # *p = v, a[i] = v: not one of its locals
    if hi - lo >= 2 and toks.kind[hi - 1] == 'id' and _declarator_words(toks, lo, hi - 1):
        return ('decl', text[hi - 1], toks.source_of(lo, hi - 1), None)
    return None


def _declarator_words(toks, lo, hi):
    """Are tokens lo..hi-1 the type of a declaration: a word first, then words and
    stars (not ++m, not *p)?"""
    return toks.kind[lo] == 'id' and all(toks.kind[x] == 'id' or toks.text[x] == '*'
                                         for x in range(lo, hi))


def is_pure_body(d, pure_call):
    """Does definition d only compute from its parameters, calling pure_call(name) functions?"""
    if d.ambiguous:
        return False                 # which body the build takes is not known
    try:
        if d.kind == 'macro':
            nodes = [parse_tokens(d.toks, d.body[0], d.body[1])]
        else:
            statements = _statements(d.toks, d.body[0], d.body[1])
            if statements is None:
                body = structured_body(d.toks, d.body[0], d.body[1], d.param_names())
                return not isinstance(body, str) and all(pure_call(c) for c in body[2])
            local = set()
            nodes = []
            for st in statements:
                if st[0] == 'decl':
                    local.add(st[1])
                    if st[3] is not None:
                        nodes.append(st[3])
                elif st[0] == 'assign':
                    if st[1] not in local:
                        return False
                    nodes.append(st[3])
                else:
                    nodes.append(st[1])
    except (Unknown, IndexError):
        return False
    return all(pure_call(c) for n in nodes for c in calls_in(n))


_BODY_KEYWORDS = {'if', 'else', 'for', 'while', 'do', 'switch', 'case', 'default', 'return',
                    'break', 'continue', 'goto', 'sizeof', 'typeof', '__typeof__', 'struct',
                    'union', 'enum', 'static', 'register', 'auto', 'inline', 'extern'}


def outside_names(d):
    """Names definition d reads that are none of its parameters or locals (a global
    it reads: static u32 salt), read off its tokens: not fields, callees, type words
    before a declarator, or labels. Locals count only when declared in the body's own
    block (an inner one may hide a global of the name); words in capitals count too
    (a global may be named so). None where it reads memory through a name that is no
    parameter (*gp, gp->x, gp[i]: gp may point anywhere) or is ambiguous."""
    if d.ambiguous:
        return None
    toks, (lo, hi) = d.toks, d.body
    text, kind = toks.text, toks.kind
    out, local = set(), set()
    params = set(d.param_names())
    depth = 0
    top = 1 if lo < hi and text[lo] == '{' else 0     # the depth of the own block of the body

    def word(j):                     # a name or type word at j (no keyword)
        return lo <= j < hi and kind[j] == 'id' and text[j] not in _BODY_KEYWORDS

    for i in range(lo, hi):
        depth += {'{': 1, '}': -1}.get(text[i], 0)
        if not word(i):
            continue
        prev = text[i - 1] if i > lo else ''
        nxt = text[i + 1] if i + 1 < hi else ''
        if prev in ('->', '.', 'goto') or nxt == '(' or \
                nxt == ':' and prev in (';', '{', '}'):
            continue                 # a field, a callee, a label
        if word(i + 1):
            continue                 # a type word: u64 value
        if word(i - 1) and nxt in ('=', ';', ',', '[', ')'):
            if depth <= top and text[i - 1] not in ('return', 'sizeof'):
                local.add(text[i])   # a declarator of the body: u64 value
            continue
        name = text[i]
        if name not in params and name not in local and \
                (nxt in ('->', '[') or prev == '*' and i - 1 > lo and
                 (text[i - 2] in ('(', ',', '=', 'return', '{', ';', '*') or
                  kind[i - 2] != 'id' and text[i - 2] not in (')', ']'))):
            return None              # memory read through a pointer that is no parameter
        out.add(name)
    return out - local - params - (_TYPE_WORDS - {'*'})


def calls_in_definition(d):
    """What a definition calls: the names before a parenthesis in its body."""
    toks, (lo, hi) = d.toks, d.body
    return {toks.text[i] for i in range(lo, hi - 1)
            if toks.kind[i] == 'id' and toks.text[i + 1] == '(' and
            toks.text[i] not in _BODY_KEYWORDS and (i == lo or toks.text[i - 1] not in ('->', '.'))}


def is_integer_type(type_text):
    words = type_text.replace('*', ' * ').split()
    return bool(words) and '*' not in words and all(w in _INTEGER_WORDS for w in words)
