"""From a bucket expression to the key of the hash_add() or hash_for_each_possible() it becomes.

A bucket is named at an hlist operation (hlist_add_head(n, B),
hlist_for_each_entry(pos, B, m)) as &T[index] or T + index, as a bucket
pointer variable assigned such a bucket, as a call of a bucket helper, or as a
bucket parameter of the function. An index is a reduced key (k & MASK,
k % SIZE, hash_32(k, BITS)), an index variable assigned one, or a call of an
index helper. Each resolution gives a Reduction: the key text, its width, the
form of the reduction, and the helpers it went through.
"""

import itertools
import re
from .cexpr import (Unknown, bits_expression, cast_text, evaluate_all, free_names, is_primary, minus_one,
                    parse_tokens, render, same_constant, strip_outer_parens, strip_parens)
from .files import _FACTS, declared_type, function_range, is_declarator, key_type, token_indices, variable_type
from .helpers import (_NARROW_WORDS, HASHERS, PURE_CALLS, RETURN_WIDTHS, calls_in, function_at, header_definitions,
                      is_integer_type, key_local, is_pure_body, macro_definitions, meaning, parameter_misuse, pure_by_name,
                      split_reduction)
from .tokens import _HASH_SIGN, Tokens, stepped_at
from .widths import _canonical, is_32_bits, shape_class, sign_of, value_type, wide_literal, width_class


# placeholders of key and table templates: the key itself, the arguments of an
# index helper, of a bucket helper, and the base of a member table
KEY_PART, INDEX_ARG, BUCKET_ARG, TABLE_BASE = '_k0', '_i%d', '_b%d', '_t0'


class Reduction:
    """How an index reduces its key: form, key text, and where the key comes from.

    toks and key (a parse node in toks) are the key's own expression: in the
    file for a key written at the site, in a text of its own for a key made
    from a helper. kept: token indices of the file that stay in the key.
    """

    def __init__(self, form, toks, key, key_text=None, width=None):
        self.form, self.toks, self.key = form, toks, key
        self.key_text = key_text if key_text is not None else render(toks, key)
        self.width = width
        self.kept = set()
        self.helpers = []            # (Definition, 'drop' or 'keep')
        self.key_type = None         # the C type of the key, where a kept helper returns it
        self.exact = False           # hash_min() of the key is this very index (a helper)
        # the key as a template over placeholders, and the text the caller gives each
        # placeholder: a callee given the same values can rebuild the key
        self.template, self.parts = KEY_PART, {KEY_PART: self.key_text}

    def picks_hash_min_bucket(self):
        """Is this index the bucket hash_min() picks for the key? So for hash_32() of a
        key of 4 bytes or less (to the bits of the table: other bits are refused), written
        at the site or through a helper that is exactly that."""
        return self.exact or (self.form == 'hash32' and self.width == 'small')

    def with_parts(self, parts):
        """The key text so far is over placeholders: make it the text of parts."""
        parts = {k: strip_outer_parens(v) for k, v in parts.items()}
        self.template, self.parts = strip_outer_parens(self.key_text), parts
        self.key_text = substitute(self.template, parts) if parts else self.key_text
        self.key_text = strip_outer_parens(self.key_text)
        self.toks = Tokens(self.key_text)
        self.key = parse_tokens(self.toks, 0, len(self.toks.text))
        return self

    def rebuilt(self, names):
        """The key over other names for the placeholders (a callee's parameters)."""
        return substitute(self.template, names)


def reduction_of_text(form, text, width=None):
    """A Reduction whose key is made up (from a helper), not written at the site."""
    toks = Tokens(text)
    return Reduction(form, toks, parse_tokens(toks, 0, len(toks.text)), text, width)


class Helpers:
    """The helpers a file can call: its own functions and macros, and those of its headers."""

    def __init__(self, fs):
        self.fs = fs
        self.defs = dict(header_definitions(
            _FACTS.get('files', {}).get(fs.path, {}).get('helpers', {})))
        macros = macro_definitions(fs.toks)
        self.defs.update(macros)
        bodies = _defined_functions(fs.toks)
        for name, pos in fs.functions.items():
            d = function_at(fs.toks, fs.toks.at_pos(pos))
            if d is not None:
                d = _with_constant_alternatives(fs.toks, d, bodies.get(name, ()))
                # two bodies (#ifdef DEBUG ... #else), or a macro of its name: the
                # rule reads one, the build may take the other
                d.ambiguous = d.ambiguous or len(bodies.get(name, ())) > 1 or name in macros
                self.defs[name] = d
        self.const_names = dict(fs.macros)     # name -> values: one may read a variable

    def get(self, name):
        return self.defs.get(name)

    def meaning(self, d):
        return meaning(d, self.defs, self.const_names)

    def is_pure(self, name, depth=0):
        """Does a call of name only compute a value (no side effect, no state read)?

        Known pure kernel functions, macros named in capitals the rule cannot
        see, and the file's own straight-line helpers and macros that assign only
        their locals and call only pure functions.
        """
        d = self.defs.get(name)
        if d is None or pure_by_name(name, d):
            # a macro in capitals whose body the rule cannot see is trusted; one it
            # sees is read like any other (#define NEXT(c) ((c)->v[(c)->pos++])), and
            # one the file defines in a form it does not read (variadic) is not
            return name in PURE_CALLS or (name.isupper() and not re.search(
                r'^[ \t]*%s[ \t]*define[ \t]+%s\(' % (_HASH_SIGN, re.escape(name)),
                self.fs.toks.source, re.M))
        if depth > 4:
            return False
        return is_pure_body(d, lambda c: c != name and self.is_pure(c, depth + 1))


def names_in_text(text):
    """The names an expression written out uses: variables, called functions, types
    (a caller's own mix or typedef hkey_t would take their place), not fields or tags."""
    toks = Tokens(text)
    return {tok for i, tok in enumerate(toks.text)
            if toks.kind[i] == 'id' and (i == 0 or toks.text[i - 1] not in ('->', '.', 'struct',
                                                                          'union', 'enum')) and
            tok not in _C_WORDS}


# keywords and type words that no declaration of a caller can hide
_C_WORDS = {'sizeof', 'struct', 'union', 'enum', 'const', 'volatile', 'unsigned', 'signed',
            'int', 'long', 'short', 'char', 'void', 'float', 'double', '_Bool', 'typeof',
            '__typeof__', '__force', 'register', 'static', 'inline'}


def _declares_in(fs, name, rng):
    """Does the function of range rng declare name anywhere (for (u32 salt = 0; ...))?"""
    toks = fs.toks
    return any(toks.text[i] == name and is_declarator(toks, i)
               for i in range(rng[0], min(rng[1] + 1, len(toks.text))))


def _with_constant_alternatives(toks, d, names):
    """d, or the definition of its name that matters, with the others as its alternatives
    where every other body of the name (at name tokens names) only returns an integer
    constant: static u8 v6_hash(const void *a) { return 0; } under #else. Such a body
    gives every key one bucket, which hash_min() of that constant keeps one bucket too;
    the helper is read in its one other body, which alone changes."""
    if len(names) < 2:
        return d
    defs = [function_at(toks, i) for i in names]
    if any(x is None for x in defs):
        return d
    constant, rest = [], []
    for x in defs:
        (constant if _returns_constant(toks, x) else rest).append(x)
    if len(rest) != 1 or not constant:
        return d
    chosen = rest[0]
    chosen.alternatives = [(x.start, x.end) for x in constant]
    return chosen


def _returns_constant(toks, d):
    """Is the body of function d only return N; (an integer literal)?"""
    lo, hi = d.body
    body = toks.text[lo:hi]
    return len(body) == 3 and body[0] == 'return' and body[2] == ';' and \
        toks.kind[lo + 1] == 'num' and re.fullmatch(r'[0-9]+[uUlL]*', body[1]) is not None


def _defined_functions(toks):
    """name -> the name tokens of the top-level bodies the tokens give a function of that name."""
    text, out = toks.text, {}
    for lo, _ in toks.blocks():
        j = lo - 1
        while j > 0 and text[j] not in (')', ';', '}'):
            j -= 1                   # attributes, or a K&R declaration list
        if j <= 0 or text[j] != ')':
            continue
        depth = 0
        while j >= 0:
            depth += {')': 1, '(': -1}.get(text[j], 0)
            if depth == 0:
                break
            j -= 1
        if j > 0 and toks.kind[j - 1] == 'id':
            out.setdefault(text[j - 1], []).append(j - 1)
    return out


def parse_span(fs, span):
    """The expression between two positions of the file, parsed; None if not an expression."""
    idx = fs.toks.span(span[0], span[1])
    if not idx:
        return None
    try:
        return parse_tokens(fs.toks, idx[0], idx[-1] + 1)
    except (Unknown, IndexError):
        return None


def parse_error(fs, span):
    """Why the expression between two positions does not parse."""
    idx = fs.toks.span(span[0], span[1])
    try:
        parse_tokens(fs.toks, idx[0], idx[-1] + 1)
    except (Unknown, IndexError) as e:
        return str(e) or 'not an expression'
    return 'not an expression'


def node_tokens(node):
    lo, hi = node[-1]
    return set(range(lo, hi))


def names_table(node, t):
    """Is the parsed expression node the table t itself?"""
    node = strip_parens(node)
    if t.scope == 'member':
        return node[0] == 'field' and node[2] == t.name
    return node[0] == 'id' and node[1] == t.name


def table_of(fs, node):
    """The candidate table a table expression names, or None."""
    node = strip_parens(node)
    for t in fs.tables.values():
        if names_table(node, t):
            return t
    return None


def type_of(fs, node, rng):
    """The C type of an expression of the file, when spatch or a declaration tells it."""
    lo, hi = node[-1]
    if any(fs.toks.kind[i] == 'num' and wide_literal(fs.toks.text[i]) for i in range(lo, hi)):
        return None                  # spatch types 0x100000000 as an int
    got = fs.types.get((fs.toks.pos[lo], fs.toks.pos[hi - 1]))
    if got:
        return got
    inner = strip_parens(node)
    if inner[0] == 'id' and rng is not None:
        return key_type(fs, inner[1], rng)
    if inner[0] == 'field' and len(fs.field_types.get(inner[2], ())) == 1:
        return next(iter(fs.field_types[inner[2]]))
    if inner[0] == 'cast':
        clo = inner[-1][0]
        return fs.toks.source_of(clo + 1, inner[1][-1][0] - 1)
    return None


def width_of(fs, node, rng):
    """Width class of a key of the file: its C type's, else its shape's. An arithmetic
    operation with an operand of 8 bytes has 8 (k32 + off, off a long: spatch may give
    it the type of its first operand)."""
    inner = strip_parens(node)
    operands = ()
    if inner[0] == 'bin' and inner[1] in ('<<', '>>'):
        operands = inner[2:3]           # a shift has the type of its left operand
    elif inner[0] == 'bin' and inner[1] in _ARITHMETIC or inner[0] == '?':
        operands = inner[2:4]           # (the two values of a ?:)
    if any(width_of(fs, o, rng) == 'long' for o in operands):
        return 'long'
    type_text = type_of(fs, node, rng)
    if type_text:
        return width_class(type_text)
    return shape_class(fs.toks.text, node, fs.field_types)


_ARITHMETIC = ('+', '-', '*', '/', '%', '&', '|', '^', '<<', '>>')


def member_of_struct(fs, t, table_text, rng):
    """Is table_text (E->T, E.T) a member of the struct of member table t, by E's type?"""
    toks = Tokens(table_text)
    try:
        node = strip_parens(parse_tokens(toks, 0, len(toks.text)))
    except Unknown:
        return False
    base = strip_parens(node[1]) if node[0] == 'field' else None
    if base is None or base[0] != 'id':
        return False
    words = (variable_type(fs, base[1], rng) or '').replace('*', ' ').split()
    return bool(t.struct) and 'struct' in words and t.struct in words


def _typed_in_helper(fs, d, table, t, args, rng):
    """Is the table expression of bucket helper d (P->T, P a parameter) a member of the
    struct of t, by the declared type of P and that of what the caller passes for it
    (the call l2tp_session_id_hash_2(l2tp_pernet(net), id), whose first argument spatch
    types)? A void * argument would not do: the key moves to the caller, as arg->T."""
    node = strip_parens(table)
    base = strip_parens(node[1]) if node[0] == 'field' else None
    if base is None or base[0] != 'id' or base[1] not in d.param_names():
        return False
    k = d.param_names().index(base[1])
    arrow = d.toks.text[node[-1][1] - 2] == '->'
    return k < len(args) and _names_struct(d.params[k][1], t.struct, arrow) and \
        _names_struct(type_of(fs, args[k], rng), t.struct, arrow)


def _names_struct(type_text, struct, pointer):
    """Is type_text struct S (pointer: struct S *), S the struct given?"""
    words = (type_text or '').replace('*', ' * ').split()
    words = [w for w in words if w not in ('const', 'volatile')]
    return bool(struct) and words[:2] == ['struct', struct] and words[2:] == (['*'] if pointer else [])


def width_of_text(fs, text, rng):
    """Width class of a key written out (from a helper) for a site in function rng."""
    toks = Tokens(text)
    try:
        node = parse_tokens(toks, 0, len(toks.text))
    except Unknown:
        return 'expression ' + text
    inner = strip_parens(node)
    if inner[0] == 'id' and rng is not None and key_type(fs, inner[1], rng):
        return width_class(key_type(fs, inner[1], rng))
    if inner[0] == 'field' and len(fs.field_types.get(inner[2], ())) == 1:
        return width_class(next(iter(fs.field_types[inner[2]])))
    return shape_class(toks.text, node, fs.field_types)


def sizes_of_table(t, text):
    """text with ARRAY_SIZE(T) and HASH_SIZE(T) (also of E->T, E.T) written as T's size."""
    return re.sub(r'\b(?:ARRAY_SIZE|HASH_SIZE)\s*\(\s*(?:[A-Za-z_]\w*\s*(?:->|\.)\s*)*%s\s*\)'
                  % re.escape(t.name), lambda m: '(%s)' % t.size_text, text)


def undefined_names(fs, texts):
    """Macros the texts need (through other macros) that the file #undefs: the table and
    a use far from it may see different values, which no evaluation here can tell."""
    if fs.undefs is None:
        text = fs.toks.text
        fs.undefs = {text[i + 2] for i in range(len(text) - 2)
                     if text[i] == _HASH_SIGN and text[i + 1] == 'undef'}
    undefs = fs.undefs
    if not undefs:
        return set()
    seen, todo = set(), [w for text in texts for w in re.findall(r'[A-Za-z_]\w*', text)]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for value in fs.macros.get(name, ()):
            todo.extend(re.findall(r'[A-Za-z_]\w*', value))
    return seen & undefs


def check_operand(fs, t, form, operand_text, where, what):
    """Does the mask, modulus or bits of a reduction fit the table size?"""
    operand_text = sizes_of_table(t, operand_text)
    undefined = undefined_names(fs, [t.size_text, operand_text])
    if undefined:
        t.refuse('"%s": the file #undefs %s, which the bucket count needs'
                 % (what, ', '.join(sorted(undefined))), where)
        return False
    # the same constant by name: no value is needed (sizes from CONFIG_ symbols)
    if form == 'and' and same_constant(fs.macros, t.size_text, minus_one(fs.macros, operand_text)):
        return True
    if form == 'mod' and same_constant(fs.macros, t.size_text, operand_text):
        return True
    if form.startswith('hash'):
        try:
            bits = t.bits or bits_expression(fs.macros, t.size_text)
        except Unknown:
            bits = None
        if same_constant(fs.macros, bits, operand_text):
            return True
    try:
        if form in ('and', 'mod'):
            pairs = evaluate_all(fs.macros, [t.size_text, operand_text])
            expect = (lambda n: n - 1) if form == 'and' else (lambda n: n)
            if all(m == expect(n) for n, m in pairs):
                return True
            t.refuse('"%s" does not reduce to the %s buckets of the table' % (what, t.size_text),
                     where)
            return False
        pairs = evaluate_all(fs.macros, [t.size_text, operand_text])
        if all(n == 1 << b for n, b in pairs):
            return True
        t.refuse('"%s" hashes to a different number of buckets' % what, where)
    except Unknown as e:
        t.refuse('"%s": cannot evaluate (%s)' % (what, e), where)
    return False


def has_side_effects(node, helpers):
    """Does evaluating node call anything that is not known to be pure, or name an
    object-like macro of the file whose value does (#define NEXT (v[pos++]))?"""
    if any(not helpers.is_pure(c) for c in calls_in(node)):
        return True
    macros = helpers.fs.macros
    for name in free_names(node) & set(macros):
        for value in macros[name]:
            try:
                vtoks = Tokens(value)
                if has_side_effects(parse_tokens(vtoks, 0, len(vtoks.text)), helpers):
                    return True
            except (Unknown, IndexError, RecursionError):
                return True
    return False


def index_reduction(fs, t, node, where, rng, helpers):
    """The key of an index expression of the file (a parse node in fs.toks), or None (refused)."""
    node = strip_parens(node)
    red = split_reduction(node)
    what = render(fs.toks, node)
    if red is not None:
        form, key, operand = red
        if not check_operand(fs, t, form, render(fs.toks, operand), where, what):
            return None
        r = Reduction(form, fs.toks, key)
        r.kept = node_tokens(key)
        r.width = 'long' if form == 'hashptr' else width_of(fs, key, rng)
        if form == 'hashptr':
            r.template = '(unsigned long)' + KEY_PART
            r.parts = {KEY_PART: r.key_text}
            r.key_text = substitute(r.template, r.parts)
        return r
    if node[0] == 'call' and node[1][0] == 'id' and helpers.get(node[1][1]) is not None:
        d = helpers.get(node[1][1])
        args = node[2]
        env = [render(fs.toks, a) for a in args]
        for a in args:
            if has_side_effects(a, helpers):
                t.refuse('"%s" is called with an argument that may have side effects' % what,
                         where)
                return None
        types = [type_of(fs, a, rng) for a in args]
        names = [INDEX_ARG % k for k in range(len(args))]
        r = helper_reduction(fs, t, d, names, types, where, helpers, what,
                             arg_texts=dict(zip(names, env)))
        if r is not None:
            r.with_parts(dict(zip(names, env)))
        if r is not None and r.width is None:
            r.width = width_of_text(fs, r.key_text, rng)
        if r is not None:
            for a in args:
                if render(fs.toks, a) in r.key_text:
                    r.kept |= node_tokens(a)
            if r.helpers and r.helpers[0][1] == 'keep':
                r.kept |= node_tokens(node)
        return r
    if node[0] == '?':
        return conditional_reduction(fs, t, node, where, rng, helpers)
    if node[0] == 'call':
        t.refuse('index "%s" comes from a helper, not a visible key reduction' % what, where)
    else:
        t.refuse('index "%s" is not a masked or hashed key%s' % (what, foreign_field_note(fs, node)),
                 where)
    return None


def conditional_reduction(fs, t, node, where, rng, helpers):
    """The key of an index c ? A : B whose branches are reduced keys of one form (one
    helper, or one form at the site): c ? key of A : key of B, as two sites of that form
    would have; or None (refused).

    Branches that reduce in different ways are refused, as two sites are: their
    unreduced keys may differ where their buckets agree (ipvlan's is_v6 ?
    ipvlan_get_v6_hash(a) : ipvlan_get_v4_hash(a); an entry added through one branch and
    looked up through the other, a review's, would be lost), and the bucket number is no
    key (SPEC 4: hash_min() of a reduced value crowds the buckets).
    """
    what = render(fs.toks, node)
    cond, first, second = node[1], node[2], node[3]
    if has_side_effects(cond, helpers):
        t.refuse('the condition of index "%s" may have side effects' % what, where)
        return None
    reds = []
    for branch in (first, second):
        r = index_reduction(fs, t, branch, where, rng, helpers)
        if r is None:
            return None
        reds.append(r)
    if reds[0].form != reds[1].form:
        t.refuse('the two branches of index "%s" reduce in different ways: %s, %s'
                 % (what, reds[0].form, reds[1].form), where)
        return None
    widths = {r.width for r in reds}
    if len(widths) != 1 or None in widths:
        t.refuse('the two branches of index "%s" give keys of different or unknown widths (%s)'
                 % (what, ', '.join(str(r.width) for r in reds)), where)
        return None

    def operand(text):
        return text if is_primary(text) else '(%s)' % text
    key_text = '%s ? %s : %s' % (operand(render(fs.toks, cond)), operand(reds[0].key_text),
                                 operand(reds[1].key_text))
    r = reduction_of_text(reds[0].form, key_text, reds[0].width)
    types = {x.key_type for x in reds}
    r.key_type = types.pop() if len(types) == 1 else None
    r.helpers = reds[0].helpers + reds[1].helpers
    # the ? and : of the file stay, with the keys of both branches and the condition
    r.kept = reds[0].kept | reds[1].kept | node_tokens(cond) | {first[-1][0] - 1, second[-1][0] - 1}
    return r


def foreign_field_note(fs, node):
    """For a bucket number kept in X->f, f a field of a struct of another file (a
    cursor of a header struct: ping's state->bucket), why it cannot count as a
    position ('' otherwise): Positional.field() follows the fields of this file only."""
    node = strip_parens(node)
    if node[0] != 'field' or node[2] in fs.local_fields:
        return ''
    text = fs.toks.text
    # a cursor is counted along (st->bucket++); a stored hash (sk->sk_hash) is a key
    if not any(i >= 3 and text[i - 1] in ('->', '.') and stepped_at(text, i)
               for i in token_indices(fs, node[2])):
        return ''
    return ': a field of a struct of another file, which other files may set to anything'


def helper_reduction(fs, t, d, actuals, types, where, helpers, what, depth=0, arg_texts=None):
    """The key of a call of index helper d with arguments actuals (texts).

    types: the C types of the arguments where known (None otherwise).
    arg_texts: what the placeholders in actuals stand for at the call, to evaluate
    a mask or size that the caller passes (dm_hash_block(b, DM_HASH_MASK)).
    """
    if depth > 8:
        t.refuse('helpers nested too deeply at "%s"' % what, where)
        return None
    m = helpers.meaning(d)
    name = d.name
    if m.why:
        t.refuse('index helper %s(): %s' % (name, m.why), where)
        return None
    if d.alternatives and (m.nested is not None or m.fold_param is not None or m.kind != 'index'):
        # only a helper that stays, losing its reduction, keeps its other bodies valid
        t.refuse('index helper %s(): it is defined more than once' % name, where)
        return None
    if m.kind != 'index':
        t.refuse('"%s" is a bucket, not an index' % what, where)
        return None
    if len(actuals) != len(d.params):
        t.refuse('%s() is called with %d arguments for %d parameters'
                 % (name, len(actuals), len(d.params)), where)
        return None
    env = dict(zip(d.param_names(), actuals))
    if m.nested is not None or m.fold_param is not None:     # written out at the call
        misuse = parameter_misuse(d, helpers.defs)
        if misuse:
            t.refuse('index helper %s(): %s' % (name, misuse), where)
            return None
    if m.nested is not None:
        inner_name, inner_args = m.nested
        inner = helpers.get(inner_name)
        texts, inner_types = _inner_arguments(d, m, inner_args, env, types)
        if texts is None:
            t.refuse('index helper %s() passes %s a local it assigns more than once'
                     % (name, inner_name), where)
            return None
        r = helper_reduction(fs, t, inner, texts, inner_types, where, helpers, what,
                             depth + 1, arg_texts)
        if r is not None:
            r.helpers.append((d, 'drop'))
            r.exact = r.exact and holds_bucket_number(d.ret_type if d.kind == 'function' else None)
        return r
    form, operand = m.reducer
    if not check_operand(fs, t, form, operand_at_call(d, operand, env, arg_texts), where, what):
        return None
    if m.fold_param is not None:
        r = fold_key(d, m, env, types, form)
        r.helpers.append((d, 'drop'))
        return r
    # a mix of more than its key: the helper stays, without its reduction
    if not d.local:
        # a helper of a header stays as it is: its mix is written out at the call, as
        # a bucket helper of a header has it (vnet_hashfn() of sunvnet: mac[4] ^ mac[5])
        return _mix_at_call(fs, t, d, m, env, types, arg_texts, where, helpers)
    if not d.static:
        t.refuse('index helper %s() mixes more than its key and is not static (other files '
                 'may call it), so it cannot lose its reduction' % name, where)
        return None
    if _calls_impure(t, d, m, where, helpers):
        return None
    if d.kind == 'function' and not is_integer_type(d.ret_type or ''):
        t.refuse('index helper %s() returns "%s"' % (name, d.ret_type), where)
        return None
    if m.reducer is not None and m.reducer[0] == 'hash32' and (
            width_class(d.ret_type or '') != 'small' if d.kind == 'function' else
            any(ty is not None and width_class(ty) == 'long' for ty in types)):
        # kept without its hash_32(), it would no longer cut a wider key to 32 bits
        t.refuse('index helper %s() hashes with hash_32() what may be wider than 32 bits, '
                 'and %s' % (name, 'returns %s' % d.ret_type if d.kind == 'function' else
                             'is a macro'), where)
        return None
    text = '%s(%s)' % (name, ', '.join(actuals))
    ret_type = m.widen or d.ret_type
    width = _width_from(width_class(ret_type) if d.kind == 'function' else
                        'result of %s()' % name, converted_arguments(d, types))
    r = reduction_of_text('helper ' + name, text, width)
    if d.kind == 'function':
        r.key_type = ret_type
    r.helpers.append((d, 'keep'))
    return r


def _calls_impure(t, d, m, where, helpers):
    """Does index helper d call a function that may have side effects? (refused if so)"""
    impure = sorted(c for c in m.calls if not helpers.is_pure(c))
    if impure:
        t.refuse('index helper %s() calls %s(), which may have side effects'
                 % (d.name, impure[0]), where)
    return bool(impure)


def _pointee(type_text):
    """What a pointer or array type points to, without qualifiers (u8 for u8 *, const u8 *
    and u8 [ETH_ALEN]); None for another type or a pointer to a pointer."""
    text = ' '.join(value_type(type_text).split())
    m = re.fullmatch(r'([\w ]+?)\s*(?:\*|\[[^\]]*\])', text)
    return m.group(1).strip() if m else None


def _mix_at_call(fs, t, d, m, env, types, arg_texts, where, helpers):
    """The key of a call of index helper d of a header, whose mix is more than its key:
    that mix written out over the arguments of the call (env: parameter -> placeholder;
    arg_texts: placeholder -> text), the helper staying as it is; or None (refused)."""
    name = d.name
    why = parameter_misuse(d, helpers.defs) or \
        ('it is defined more than once' if d.alternatives or d.ambiguous else None)
    if why:
        t.refuse('index helper %s(): %s' % (name, why), where)
        return None
    unresolved = sorted(free_names(m.mix) & (set(m.local_types) - set(m.typed_locals))) \
        if m.mix is not None else ['its result']
    if unresolved:
        t.refuse('index helper %s() computes its key in "%s" over several statements, which '
                 'no one expression at its call can repeat' % (name, unresolved[0]), where)
        return None
    if _calls_impure(t, d, m, where, helpers):
        return None
    texts = [(arg_texts or {}).get(a, a) for a in (env[p] for p in d.param_names())]
    called = [x for x in texts if re.search(r'[A-Za-z_]\w*\s*\(', x)]
    if called:
        # written out, an argument is evaluated where the mix reads its parameter: once
        # each, or twice (a macro of a header that counts its calls, as a review had it)
        t.refuse('index helper %s() of a header is given "%s", whose calls its mix, written '
                 'out, would make where it reads the parameter' % (name, called[0]), where)
        return None
    # every integer parameter cast to its type: spatch may type c + 1 of a u8 c as a u8,
    # and a bit-field promotes to int (a review's)
    converted = converted_parameters(d, env, [None] * len(d.params), texts)
    for k, (param, param_type) in enumerate(d.params):
        words = value_type(param_type).split()
        if '[' in param_type or '(' in param_type:
            t.refuse('index helper %s() takes an array or a function as "%s"' % (name, param),
                     where)
            return None
        arg_type = types[k] if k < len(types) else None
        if arg_type is None and k < len(texts):
            # p->raddr: the one type the headers give fields of that name (u8 raddr[6])
            field = re.fullmatch(r'.*(?:->|\.)\s*(\w+)', texts[k].strip())
            found = fs.field_types.get(field.group(1), ()) if field else ()
            arg_type = next(iter(found)) if len(found) == 1 else None
        if '*' in words and param in env and (
                arg_type is None or _pointee(arg_type) is None or
                _canonical(_pointee(arg_type)) != _canonical(_pointee(param_type))):
            # the call converted the pointer: mac[4] of a u8 *mac given a char * reads a u8
            converted[param] = '(%s)%s' % (' '.join(param_type.split()), env[param])
    full_env = local_values(m, converted)
    full_env.update(converted)
    text = render(d.toks, m.mix, full_env)
    local_type = m.local_types.get(key_local(m))
    typed = strip_parens(m.mix)[0] == 'id' and strip_parens(m.mix)[1] in m.typed_locals
    if local_type and not typed and returns_width(text) != width_class(local_type):
        text = cast_text(local_type, text)       # the local converted it to its type
    rng = function_range(fs, where)
    for other in sorted(names_in_text(text) - set(env.values())):
        if re.search(r'^[ \t]*%s[ \t]*define[ \t]+%s\b' % (_HASH_SIGN, re.escape(other)),
                     fs.toks.source, re.M) or undefined_names(fs, [other]):
            # the file makes SALT a value of its own, where the helper read that of its
            # header (a review's)
            t.refuse('index helper %s() reads "%s", which the file defines or undefines '
                     'itself' % (name, other), where)
            return None
        if rng is None or declared_type(fs, other, rng) is not None or \
                _declares_in(fs, other, rng):
            # return (h ^ salt) & M of a global salt; a caller with a salt of its own
            t.refuse('index helper %s() reads "%s", which the caller declares as well'
                     % (name, other), where)
            return None
    try:
        r = reduction_of_text('helper ' + name, text, None)
    except Unknown:
        t.refuse('index helper %s(): its key "%s" is not understood' % (name, text), where)
        return None
    r.width = _width_from(width_class(local_type) if local_type else
                          shape_class(r.toks.text, r.key, fs.field_types),
                          converted_arguments(d, types))
    r.helpers.append((d, 'drop'))
    return r


def holds_bucket_number(type_text):
    """Does a value of type_text (a return type, a local; None: a macro's, untyped) keep
    every bit of a bucket number? Not a type narrower than 32 bits."""
    return not set((type_text or '').split()) & _NARROW_WORDS


def _is_parameter(node, name, fold_type):
    """Is node the parameter name, or name cast to fold_type (the type the helper folds
    it in: return hash_32((__force u32)vni, B))?"""
    if node[0] == 'cast' and fold_type is not None:
        node = strip_parens(node[1])
    return node[0] == 'id' and node[1] == name


_UNKNOWN_ARGUMENTS = itertools.count(1)


def restart_unknown_numbers():
    """Number the untyped arguments of each file from 1 (decide() calls it first), so
    that a refusal reads the same whatever other files spatch read before."""
    global _UNKNOWN_ARGUMENTS
    _UNKNOWN_ARGUMENTS = itertools.count(1)


def converted_arguments(d, types, names=None):
    """' from (PARAM: SIGN, ...)' for the integer parameters of d (of names, else all)
    given an argument whose sign differs from the parameter's, or is not known ('?N',
    another at each call); '' if there is none. Part of a key's width: a u8 0xf0 and a
    char -16 given to an int are 240 and -16, which the helper's mask put in one bucket
    and hash_min() does not (a review's), so the keys of two calls must agree in it. A
    parameter of 8 bits or a bool makes one value of what compares equal."""
    out = []
    for k, (param, param_type) in enumerate(d.params):
        words = value_type(param_type or '').split()
        if (names is not None and param not in names) or not words or '*' in words or \
                words[0] in ('struct', 'union', 'enum') or '[' in param_type or '(' in param_type:
            continue
        if _canonical(param_type) in (('u', 8), ('s', 8), 'char') or words[-1] in ('bool', '_Bool'):
            continue
        arg_type = types[k] if k < len(types) else None
        given = sign_of(arg_type)
        if given is not None and given == sign_of(param_type):
            continue
        out.append('%s: %s' % (param, given or '?%d' % next(_UNKNOWN_ARGUMENTS)))
    return ' from (%s)' % ', '.join(out) if out else ''


def _width_from(width, converted):
    """width with converted_arguments() (None stays None where there are none)."""
    if not converted:
        return width
    return (width or '?') + converted


def fold_key(d, m, env, types, form):
    """The key of a helper that only folds one parameter: that parameter's argument."""
    arg = env[m.fold_param]
    index = d.param_names().index(m.fold_param)
    arg_type = types[index] if index < len(types) else None
    param_type = d.params[index][1]
    if param_type and width_class(param_type) == 'pointer' or form == 'hashptr':
        text = cast_text('unsigned long', arg)
        return reduction_of_text('helper ' + d.name, text, 'long')
    words = value_type(param_type or '').split()
    if m.fold_type and words and '*' not in words and words[0] not in ('struct', 'union') and \
            (arg_type is None or _canonical(arg_type) != _canonical(param_type)):
        # the call converts the argument to the parameter before the helper casts it: a u16
        # vni given a u32 is cut to 16 bits first: (__force u32)(u16)v, as a review found
        arg = cast_text(value_type(param_type), arg)
        arg_type = value_type(param_type)
    to = m.fold_type or param_type
    if not to and form == 'hash32':
        to = 'u32'                   # hash_32() of a macro: its parameter cuts a wider key
    if to:
        # the argument was converted to the type of the parameter: keep that conversion
        width = width_class(to)
        # a parameter narrower than 32 bits converts what it is given (an s8 -1 to 255),
        # as hash_min() of a wider key would not
        narrow = bool(set(to.split()) & _NARROW_WORDS) and _canonical(arg_type) != _canonical(to)
        # (a __force cast of the helper stays, so that sparse sees what it saw)
        cast = arg_type is None or width_class(arg_type) != width or narrow or '__force' in to.split()
        if cast:
            arg = cast_text(to, arg)
        r = reduction_of_text('helper ' + d.name, arg,
                              _width_from(width, converted_arguments(d, types, {m.fold_param})))
        mix = strip_parens(m.mix) if m.mix is not None else None
        # return hash_32(v, BITS) for a u32 v given a 32-bit value (or cast to it), in a
        # type that holds the bucket number: what hash_min() computes of the key. A
        # narrower parameter or argument would have cut the key first.
        r.exact = form == 'hash32' and is_32_bits(to) and (cast or is_32_bits(arg_type)) \
            and mix is not None and _is_parameter(mix, m.fold_param, m.fold_type) \
            and holds_bucket_number(d.ret_type if d.kind == 'function' else None)
        return r
    return reduction_of_text('helper ' + d.name, arg, width_class(arg_type) if arg_type else None)


def bucket_call(fs, node, where, rng, helpers, tables_only=None):
    """(table, table text, Reduction or None) of a call of a bucket helper; None if not one.

    The Reduction is None when the table is recognised but its key is refused
    (the reason is on the table).
    """
    node = strip_parens(node)
    if node[0] != 'call' or node[1][0] != 'id':
        return None
    d = helpers.get(node[1][1])
    if d is None:
        return None
    m = helpers.meaning(d)
    if m.kind != 'bucket' or m.table is None:
        return None
    args = node[2]
    if len(args) != len(d.params):
        return None
    actuals = [render(fs.toks, a) for a in args]
    names = [BUCKET_ARG % k for k in range(len(args))]
    parts = dict(zip(names, actuals))
    env = dict(zip(d.param_names(), names))
    table_template = render(d.toks, m.table, env)
    table_text = substitute(table_template, parts)
    try:
        ttoks = Tokens(table_text)
        t = table_of(fs, parse_tokens(ttoks, 0, len(ttoks.text)))
    except Unknown:
        return None
    if t is None or (tables_only is not None and t not in tables_only):
        return None
    if d.name in t.own_bucket_helpers:
        # it stays in its header and so do its calls (the wrapper lets no access of the table
        # pick a bucket by key)
        return None
    through = sorted(free_names(m.table) & set(m.local_types))
    if through:
        # struct ns *n = ns_of(w); return &n->tbl[...]: n->tbl at a call would name the
        # n of the caller, or none
        t.refuse('bucket helper %s(): its table "%s" is reached through its local "%s"'
                 % (d.name, render(d.toks, m.table), through[0]), where)
        return t, table_text, None
    for name in sorted(names_in_text(table_template) - set(names)):
        if rng is not None and (declared_type(fs, name, rng) is not None or _declares_in(fs, name, rng)):
            # return &cur->tbl[...] of a global cur; a caller with a cur of its own
            t.refuse('bucket helper %s(): its table "%s" reads "%s", which the caller declares '
                     'as well' % (d.name, render(d.toks, m.table), name), where)
            return t, table_text, None
    if d.local:
        # the table in the body of the helper: understood, the helper goes too
        t.uses.add(fs.toks.pos[strip_parens(m.table)[-1][1] - 1])
        if d not in t.bucket_helpers:
            t.bucket_helpers.append(d)
    if t.scope == 'member' and not (member_of_struct(fs, t, table_text, rng) or
                                    _typed_in_helper(fs, d, m.table, t, args, rng)):
        t.refuse('cannot tell that "%s" is a member of struct %s' % (table_text, t.struct or '?'),
                 where)
        return t, table_text, None
    what = render(fs.toks, node)
    why = m.why or ('it is defined more than once' if d.alternatives else None) or \
        parameter_misuse(d, helpers.defs)
    if why:
        t.refuse('bucket helper %s(): %s' % (d.name, why), where)
        return t, table_text, None
    for a in args:
        if has_side_effects(a, helpers):
            t.refuse('"%s" is called with an argument that may have side effects' % what, where)
            return t, table_text, None
    types = [type_of(fs, a, rng) for a in args]
    converted = converted_parameters(d, env, types, [render(fs.toks, a) for a in args])
    full_env = local_values(m, converted)
    full_env.update(converted)
    r = None
    if m.nested is not None:
        inner_name, inner_args = m.nested
        if inner_name == '':
            # the index is a parameter: the index expression of the caller
            k = d.param_names().index(inner_args[0][1])
            r = index_reduction(fs, t, args[k], where, rng, helpers)
        else:
            inner = helpers.get(inner_name)
            texts, inner_types = _inner_arguments(d, m, inner_args, env, types)
            if texts is None:
                t.refuse('bucket helper %s() passes %s a local it assigns more than once'
                         % (d.name, inner_name), where)
                return t, table_text, None
            r = helper_reduction(fs, t, inner, texts, inner_types, where, helpers, what)
    else:
        form, operand = m.reducer
        if check_operand(fs, t, form, render(d.toks, operand, full_env), where, what):
            unresolved = sorted(free_names(m.mix) & (set(m.local_types) - set(m.typed_locals))) \
                if m.mix is not None else []
            if m.fold_param is not None:
                r = fold_key(d, m, env, types, form)
            elif unresolved:
                # l = a | b << 2; l ^= c: the key would name a local of the helper there
                t.refuse('bucket helper %s() computes its key in "%s" over several statements, '
                         'which no one expression gives the key' % (d.name, unresolved[0]), where)
            elif m.mix is not None and all(helpers.is_pure(c) for c in m.calls):
                text = render(d.toks, m.mix, full_env)
                local_type = m.local_types.get(key_local(m))
                typed = strip_parens(m.mix)[0] == 'id' and strip_parens(m.mix)[1] in m.typed_locals
                if local_type and not typed and returns_width(text) != width_class(local_type):
                    # the local converted the value to its type: keep that conversion
                    text = cast_text(local_type, text)
                try:
                    r = reduction_of_text('helper ' + d.name, text, None)
                except Unknown:
                    t.refuse('bucket helper %s(): its key "%s" is not understood' % (d.name, text),
                             where)
                    return t, table_text, None
                r.width = _width_from(width_class(local_type) if local_type else
                                      shape_class(r.toks.text, r.key, fs.field_types),
                                      converted_arguments(d, types))
            elif m.lossy is not None:
                t.refuse('bucket helper %s() folds its key over several statements into a '
                         'value that keys which differ may share, which no one expression '
                         'gives the key' % d.name, where)
            else:
                t.refuse('bucket helper %s() hashes more than a fold of one key over several '
                         'statements' % d.name, where)
    if r is None:
        return t, table_text, None
    if m.index_local and not holds_bucket_number(m.local_types.get(m.index_local)):
        r.exact = False              # u8 idx = h(v); return &T[idx]: idx cuts the number
    if not (m.nested is not None and m.nested[0] == ''):
        r.with_parts(parts)          # else the index of the caller gave key and parts
        for name in sorted(names_in_text(r.template) - set(r.parts)):
            if rng is not None and (declared_type(fs, name, rng) is not None or
                                    _declares_in(fs, name, rng)):
                # static u32 salt read by the helper; a caller with a salt of its own
                t.refuse('bucket helper %s() reads "%s", which the caller declares as well'
                         % (d.name, name), where)
                return t, table_text, None
    if r.width is None:
        r.width = width_of_text(fs, r.key_text, rng)
    r.table_template, r.table_parts = table_template, parts
    r.helpers.append((d, 'drop'))
    if r.form == 'hashptr' or r.form in HASHERS.values() or r.form in ('and', 'mod'):
        r.form = 'helper ' + d.name
    for a in args:
        if render(fs.toks, a) in r.key_text:
            r.kept |= node_tokens(a)
    return t, table_text, r


def converted_parameters(d, env, types, arg_texts):
    """env (parameter -> its text at a call), each integer parameter cast to its type
    where the argument's type is not known to be that type: the call converted it
    (bucket(u8 k) given a u32, bucket(u64 k) given a u32 here and a u64 there)."""
    out = dict(env)
    for k, (name, param_type) in enumerate(d.params):
        param_type = value_type(param_type)
        words = param_type.split()
        if name not in env or not words or '*' in words or words[0] in ('struct', 'union'):
            continue                 # a pointer or an aggregate: passed as it is
        arg_type = types[k] if k < len(types) else None
        text = arg_texts[k] if k < len(arg_texts) else ''
        if re.fullmatch(r'[0-9]+|0[xX][0-9a-fA-F]+|[0-9]+[uUlL]+|0[xX][0-9a-fA-F]+[uUlL]+', text):
            # a constant's type is its spelling's, whatever spatch says
            small = re.fullmatch(r'[0-9]+|0[xX][0-9a-fA-F]+', text) and int(text, 0) <= 0x7fffffff
            if small and _canonical(param_type) == ('s', 32):
                continue             # an int given to an int
            if small and _canonical(param_type) == ('u', 32):
                out[name] = text + 'U'   # 7 given to a u32: 7U, as unsigned
                continue
            arg_type = None
        if arg_type is None or _canonical(arg_type) != _canonical(param_type):
            out[name] = '(%s)%s' % (param_type, env[name])
    return out


def local_values(m, env):
    """The value of each local of a helper that one expression gives, converted to the
    local's type where that may change it (m.typed_locals), over the arguments of a
    call (env: parameter -> text there)."""
    return {name: substitute(value, env) for name, value in m.typed_locals.items()}


def _inner_arguments(d, m, inner_args, env, types):
    """(texts, types) of the arguments helper d passes the helper it calls, written over
    the arguments of d's call (env: parameter -> text there; types: theirs), or (None,
    None) where one reads a local that no single expression gives.

    A local stands for its value, converted to its type where that may cut it
    (u16 k = v: the key is (u16)v); a value whose type is not known has none."""
    values = local_values(m, env)
    texts, out_types = [], []
    for a in inner_args:
        if free_names(a) & (set(m.local_types) - set(m.typed_locals)):
            return None, None
        text = render(d.toks, a, dict(values, **env))
        a = strip_parens(a)
        arg_type = None
        if a[0] == 'id' and a[1] in m.local_types:
            # its value as the local holds it: of the type of the local
            arg_type = value_type(m.local_types[a[1]])
        elif a[0] == 'id' and a[1] in env:
            k = d.param_names().index(a[1])
            arg_type = types[k] if k < len(types) else None
            param_type = d.params[k][1]
            if param_type and set(param_type.split()) & _NARROW_WORDS and \
                    _canonical(arg_type) != _canonical(param_type):
                # key_bucket(u16 v) given a u32: the parameter cut it
                arg_type = ' '.join(w for w in param_type.split() if w != 'const')
                text = cast_text(arg_type, text)
        texts.append(text)
        out_types.append(arg_type)
    return texts, out_types


def returns_width(text):
    """Width of text when it is a call of a pure function whose result has a fixed type."""
    toks = Tokens(text)
    try:
        node = strip_parens(parse_tokens(toks, 0, len(toks.text)))
    except Unknown:
        return None
    if node[0] == 'call' and node[1][0] == 'id':
        return RETURN_WIDTHS.get(node[1][1])
    return None


# parameter types that hold any mask or size a caller passes unchanged
_WIDE_INT_WORDS = {'unsigned', 'signed', 'int', 'long', 'const', 'u32', 'u64', '__u32', '__u64',
                   'uint32_t', 'uint64_t', 'size_t'}


def operand_at_call(d, operand, env, arg_texts):
    """The mask, size or bits of helper d as the call spells them (a placeholder _iN
    stands for argument N): a macro pastes a primary argument as it is; a function
    converts it to the type of its parameter, which must hold it (no u8 mask)."""
    text = render(d.toks, operand, env)
    if not arg_texts or not set(Tokens(text).text) & set(arg_texts):
        return text
    if d.kind == 'macro':
        # pasted, an argument with operators would regroup the body (m = 0 | MASK
        # in (k * P) & m): only a primary argument keeps the reduction as it reads
        if not all(is_primary(v) for v in arg_texts.values()):
            return text
        return ' '.join(arg_texts.get(x, x) for x in Tokens(text).text)
    types = dict(d.params)
    for name in free_names(operand) & set(types):
        if not set((types[name] or '?').split()) <= _WIDE_INT_WORDS:
            return text              # left unevaluated: refused
    try:
        return substitute(text, {k: '(%s)' % v for k, v in arg_texts.items()})
    except Unknown:
        return text


def substitute(text, env):
    """text (an expression) with its variables in env replaced."""
    toks = Tokens(text)
    return render(toks, parse_tokens(toks, 0, len(toks.text)), env)


def key_names(red):
    """Names, fields and whether calls are read by the key of red."""
    names, fields = set(), set()
    calls = [False]

    def walk(n):
        if n[0] == 'id':
            names.add(n[1])
        elif n[0] == 'field':
            fields.add(n[2])
            walk(n[1])
        elif n[0] == 'call':
            calls[0] = True
            if n[1][0] != 'id':
                walk(n[1])
            for a in n[2]:
                walk(a)
        elif n[0] == 'un' and n[1] == '*':
            calls[0] = True
            walk(n[2])
        elif n[0] in ('num', 'str', 'sizeof'):
            pass
        else:
            for c in n[1:-1]:
                if isinstance(c, tuple):
                    walk(c)
                elif isinstance(c, list):
                    for a in c:
                        walk(a)
    walk(red.key)
    return names, fields, calls[0]
