"""The decision on one table: is every occurrence of its name understood and safe?"""

import re

from .cexpr import (Unknown, bits_expression, evaluate_all, is_power_of_2, node_text,
                    parse_text, strip_parens)
from .files import (_FACTS, _SHARED, declared_type, function_range, in_spans, occurrences,
                    table_occurrences, tok_indices)
from .tokens import _HASH_SIGN, matching_close
from .widths import shape_class, width_class


_HASHERS = {'hash_32': 'hash32', 'hash_long': 'hashlong', 'hash_64': 'hash64',
            'hash_ptr': 'hashptr'}


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
        except Unknown:
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
