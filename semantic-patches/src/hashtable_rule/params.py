"""Bucket parameters: a function handed a bucket of a table instead of its key.

uid_hash_find(uid, uidhashentry(uid)) walks the bucket it is given. When every
call hands it a bucket of one table, made the same way, the callee can hash
the key itself: where the other arguments carry every part of the key, the
bucket parameter goes (uid_hash_find(uid)); where one part is missing, the
bucket parameter becomes that part (uid_hash_insert(new, uid)).

A bucket number is handed on the same way: __find_con(nodeid, r) with
r = nodeid_hash(nodeid) walks &connection_hash[r]; the callee can hash
nodeid itself, and r goes. A function that every caller hands the counter of
a walk over the buckets is no such function: its accesses are positional.
"""

from .cexpr import Unknown, parse_tokens, render, strip_parens
from .files import call_nodes, declared_type, function_range, is_parameter, key_type, occurrences
from .helpers import bucket_parts, is_integer_type
from .positional import Positional
from .sites import (TABLE_BASE, bucket_call, index_reduction, parse_span, reduction_of_text,
                    substitute, table_of)
from .tokens import Tokens
from .widths import width_class

_CHANGES = {'=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>=', '++', '--'}


class Call:
    """A call of a function with a bucket parameter, and the bucket it passes."""

    def __init__(self, node, arg, red, table_text, pointer=None):
        self.node, self.arg, self.red = node, arg, red
        self.table_text, self.pointer = table_text, pointer


class BucketParam:
    """Parameter index of function func that only ever holds a bucket of table."""

    def __init__(self, func, index, table):
        self.func, self.index, self.table = func, index, table
        self.name = func.params[index][0]
        self.calls = []
        self.mode = None             # 'drop' or 'replace'
        self.key = None              # Reduction of the key in the callee
        self.table_text = None       # the table, in the callee
        self.new_param = None        # (type, name) of the parameter that replaces it
        self.part_text = None        # replace: what each call passes instead of the bucket
        self.index_param = False     # a bucket number (int r, &T[r]) rather than a pointer
        self.ops = []                # positions of the hlist operations on it in the callee


def squash(text):
    return ''.join(text.split())


def find_bucket_params(fs, helpers, pointers, bucket_pointers):
    """The bucket parameters (and bucket number parameters) of the static functions."""
    toks = fs.toks
    indices = _op_indices(fs)
    idents = {}                      # token index of a lone identifier bucket -> op position
    for pos, kind, span in fs.ops:
        idx = toks.span(span[0], span[1])
        if len(idx) == 1 and toks.kind[idx[0]] == 'id':
            idents[idx[0]] = pos
    out = []
    for name in sorted(fs.functions):
        d = helpers.get(name)
        if d is None or d.kind != 'function' or not d.local:
            continue
        for j, (pname, ptype) in enumerate(d.params):
            if 'hlist_head' not in (ptype or '') or ptype.count('*') != 1:
                continue
            uses = occurrences(fs, pname, d.body[0], d.body[1])
            if not uses or any(i not in idents for i in uses):
                continue
            bp = _calls(fs, d, j, helpers, pointers, bucket_pointers, [idents[i] for i in uses])
            if bp is not None:
                out.append(bp)
        for j, (pname, ptype) in enumerate(d.params):
            if not is_integer_type(ptype or ''):
                continue
            uses = occurrences(fs, pname, d.body[0], d.body[1])
            if not uses or any(i not in indices for i in uses):
                continue
            tables = {indices[i][1] for i in uses}
            if len(tables) != 1:
                continue
            t = tables.pop()
            bp = _index_calls(fs, d, j, t, helpers, [indices[i][0] for i in uses])
            if bp is not None:
                for i in uses:
                    t.uses.add(indices[i][2])
                out.append(bp)
    return out


def _op_indices(fs):
    """Token index of a lone identifier index in an op's bucket (&T[i], T + i) ->
    (op position, table, position of the table's name)."""
    toks = fs.toks
    out = {}
    for pos, kind, span in fs.ops:
        idx = toks.span(span[0], span[1])
        if not idx:
            continue
        try:
            node = parse_tokens(toks, idx[0], idx[-1] + 1)
        except (Unknown, IndexError):
            continue
        parts = bucket_parts(node)
        if parts is None:
            continue
        index, table = strip_parens(parts[1]), strip_parens(parts[0])
        t = table_of(fs, parts[0])
        # a table of the file by its name: a member's base would be the callee's to name
        if t is None or index[0] != 'id' or table[0] != 'id' or t.scope == 'member':
            continue
        out[index[-1][0]] = (pos, t, toks.pos[table[-1][0]])
    return out


def _index_calls(fs, d, j, t, helpers, ops):
    """The bucket number parameter j of d: every call passes a bucket number of t made
    from a key, inline or through an index variable the caller also indexes t with."""
    toks = fs.toks
    got = call_nodes(fs, d)
    if got is None:
        return None
    found, other = got
    if other is not None:
        t.refuse('%s() gets bucket numbers of %s and is not only called (line %d)'
                 % (d.name, t.name, toks.pos[other][0]))
        return None
    if not found:
        return None
    # every call passes a bucket number picked without a key (the counter of a walk
    # over the buckets): no key to hand on, positional.py keeps the accesses as they are
    positions = Positional(fs)
    if all(positions.value(node[2][j], function_range(fs, toks.pos[node[-1][0]]), stored=True)
           for node in found):
        return None
    indices = _op_indices(fs)
    calls = []
    for node in found:
        where = toks.pos[node[-1][0]]
        rng = function_range(fs, where)
        arg = strip_parens(node[2][j])
        red = None
        if arg[0] == 'id' and rng is not None:
            var = arg[1]
            mine = [k for k in occurrences(fs, var, rng[0], rng[1]) if k in indices]
            sets = [a for a in fs.assigns.get(var, ()) if rng[0] <= toks.at_pos(a[0]) < rng[1]]
            if declared_type(fs, var, rng) is None or is_parameter(fs, var, rng):
                t.refuse('%s() gets a bucket number "%s" that its caller was given'
                         % (d.name, var), where)
                return None
            if len(sets) != 1 or not mine or toks.at_pos(sets[0][0]) > arg[-1][0]:
                t.refuse('%s() gets bucket number "%s", which is not one reduced key that '
                         'its caller also indexes %s with' % (d.name, var, t.name), where)
                return None
            rhs = parse_span(fs, sets[0][1])
            red = None if rhs is None else index_reduction(fs, t, rhs, sets[0][0], rng, helpers)
        else:
            red = index_reduction(fs, t, arg, where, rng, helpers)
        if red is None:
            t.refuse('%s() gets a bucket number that is not a reduced key' % d.name, where)
            return None
        red.table_template, red.table_parts = t.name, {}
        calls.append(Call(node, node[2][j], red, t.name))
    bp = BucketParam(d, j, t)
    bp.calls, bp.ops = calls, ops
    bp.index_param = True
    plan(fs, bp, helpers)
    if bp.mode is None:
        return bp                    # refused, with the reason
    width = width_class(d.params[j][1])
    if bp.mode == 'replace' and bp.new_param is not None and \
            width_class(bp.new_param[0]) != width and width_class(bp.new_param[0]) == 'long':
        t.refuse('%s() would get the key of %s in a narrower parameter' % (d.name, t.name))
    return bp




def _calls(fs, d, j, helpers, pointers, bucket_pointers, ops):
    toks = fs.toks
    got = call_nodes(fs, d)
    if got is None:
        return None
    found, other = got
    if other is not None:
        return _refuse_all(fs, d, j, found, 'is not only called (line %d)' % toks.pos[other][0])
    if not found:
        return None
    calls, table = [], None
    for node in found:
        where = toks.pos[node[-1][0]]
        rng = function_range(fs, where)
        arg = strip_parens(node[2][j])
        got = resolve_bucket(fs, arg, where, rng, helpers, pointers, bucket_pointers)
        if got is None:
            continue
        t, table_text, red, pointer = got
        if table is not None and t is not table:
            t.refuse('%s() gets buckets of more than one table' % d.name, where)
            table.refuse('%s() gets buckets of more than one table' % d.name, where)
            return None
        table = t
        calls.append(Call(node, node[2][j], red, table_text, pointer))
    if table is None:
        return None
    bp = BucketParam(d, j, table)
    bp.calls, bp.ops = calls, ops
    if len(calls) != len(found):
        table.refuse('%s() also gets a bucket that is not one of %s' % (d.name, table.name))
        return bp
    if any(c.red is None for c in calls):
        return bp                    # refused already, with the reason of that call
    plan(fs, bp, helpers)
    return bp


def _refuse_all(fs, d, j, found, why):
    for node in found:
        arg = strip_parens(node[2][j])
        parts = bucket_parts(arg)
        if parts is not None and table_of(fs, parts[0]) is not None:
            table_of(fs, parts[0]).refuse('the bucket parameter of %s(), which %s' % (d.name, why))
    return None


def resolve_bucket(fs, node, where, rng, helpers, pointers, bucket_pointers):
    """(table, table text, Reduction or None, bucket pointer or None) of a bucket expression."""
    toks = fs.toks
    parts = bucket_parts(node)
    if parts is not None:
        t = table_of(fs, parts[0])
        if t is None:
            return None
        t.uses.add(toks.pos[strip_parens(parts[0])[-1][1] - 1])
        index = strip_parens(parts[1])
        if index[0] == 'id' and declared_type(fs, index[1], rng) is not None:
            t.refuse('a bucket picked by index variable "%s" is passed to a function'
                     % index[1], where)
            return t, render(toks, parts[0]), None, None
        red = index_reduction(fs, t, index, where, rng, helpers)
        table_node = strip_parens(parts[0])
        if red is not None and t.scope == 'member' and table_node[0] == 'field':
            base = render(toks, table_node[1])
            red.table_template = '%s%s%s' % (TABLE_BASE, toks.text[table_node[-1][1] - 2],
                                             t.name)
            red.table_parts = {TABLE_BASE: base}
        elif red is not None:
            red.table_template, red.table_parts = render(toks, parts[0]), {}
        return t, render(toks, parts[0]), red, None
    if node[0] == 'id' and rng is not None:
        got = bucket_pointers(fs, node[1], rng, helpers, pointers, where)
        if not got:
            return None
        t, bp = got[0]
        if bp.get('red') is None and bp.get('idx') is not None:
            bp['red'] = index_reduction(fs, t, bp['idx'], bp['pos'], rng, helpers)
            if bp['red'] is not None and 'table_template' not in bp['red'].__dict__:
                bp['red'].table_template, bp['red'].table_parts = bp['table_text'], {}
        return t, bp['table_text'], bp.get('red'), bp
    if node[0] == 'call':
        got = bucket_call(fs, node, where, rng, helpers)
        if got is not None:
            t, table_text, red = got
            return t, table_text, red, None
    return None


def plan(fs, bp, helpers):
    """How the callee gets its key: from other arguments (drop) or a new one (replace)."""
    toks = fs.toks
    t, d, j = bp.table, bp.func, bp.index
    first = bp.calls[0].red
    templates = {(c.red.template, getattr(c.red, 'table_template', c.table_text))
                 for c in bp.calls}
    if len(templates) != 1:
        t.refuse('%s() gets buckets of %s made in different ways' % (d.name, t.name))
        return
    names = d.param_names()
    mapping, missing = {}, []
    parts = dict(first.parts)
    parts.update(getattr(first, 'table_parts', {}))
    for ph in sorted(parts):
        where = None
        for c in bp.calls:
            text = c.red.parts.get(ph, getattr(c.red, 'table_parts', {}).get(ph))
            args = {k for k, a in enumerate(c.node[2])
                    if k != j and squash(render(toks, a)) == squash(text or '')}
            where = args if where is None else where & args
        if where:
            mapping[ph] = names[min(where)]
        else:
            missing.append(ph)
    # the names the callee uses for the key must keep their value up to each walk
    body = range(d.body[0], d.body[1])
    for ph, name in mapping.items():
        for i in body:
            if toks.text[i] == name and toks.kind[i] == 'id' and (
                    toks.text[i + 1] in _CHANGES or toks.text[i - 1] in ('++', '--', '&')):
                t.refuse('%s() changes "%s", which its key needs' % (d.name, name),
                         toks.pos[i])
                return
    table_template = getattr(first, 'table_template', None)
    if table_template is None:
        t.refuse('cannot tell the table of the bucket %s() gets' % d.name)
        return
    if not missing:
        bp.mode = 'drop'
    elif len(missing) == 1 and missing[0] in first.parts and any(
            kind.startswith('hlist_for_each') for pos, kind, _ in fs.ops if pos in bp.ops):
        # it cannot compare keys: what it finds is what shares the bucket, which changes
        t.refuse('%s() walks a bucket of %s without its key (what shares a bucket changes)'
                 % (d.name, t.name))
        return
    elif len(missing) == 1 and missing[0] in first.parts:
        ph = missing[0]
        new = _new_param(fs, bp, ph, names)
        if new is None:
            return
        bp.mode, bp.new_param = 'replace', new
        mapping[ph] = new[1]
    else:
        t.refuse('%s() gets a bucket of %s whose key it cannot compute from its arguments'
                 % (d.name, t.name))
        return
    key_text = first.rebuilt(mapping)
    bp.key = reduction_of_text(first.form, key_text, first.width)
    bp.key.helpers = list(first.helpers)
    bp.table_text = substitute(table_template, mapping)
    bp.missing = missing


def _new_param(fs, bp, ph, names):
    """(type, name) of the parameter that carries the key part ph, or None (refused)."""
    t, d = bp.table, bp.func
    types = set()
    unknown = False
    for c in bp.calls:
        text = c.red.parts[ph]
        where = fs.toks.pos[c.node[-1][0]]
        rng = function_range(fs, where)
        type_text = _type_of_text(fs, text, rng)
        if type_text is None:
            unknown = True
        else:
            types.add(' '.join(type_text.replace('*', ' * ').split()))
    if len(types) != 1:
        t.refuse('%s() would need the key of %s as a parameter, but its type is %s'
                 % (d.name, t.name, 'not known' if not types else 'not one type'))
        return None
    type_text = types.pop()
    if unknown and (is_integer_type(type_text) or width_class(type_text) in ('pointer', 'long')):
        # a value of another type would be converted silently, and hashed otherwise
        t.refuse('%s() would need the key of %s as a parameter of type %s, but some calls pass '
                 'a value of unknown type' % (d.name, t.name, type_text))
        return None
    name = 'key'
    text0 = bp.calls[0].red.parts[ph]
    helpers_used = bp.calls[0].red.helpers
    if all(c.red.parts[ph] == text0 for c in bp.calls) and text0.isidentifier():
        name = text0
    elif helpers_used and ph[1] in 'ib' and int(ph[2:]) < len(helpers_used[-1][0].params):
        name = helpers_used[-1][0].param_names()[int(ph[2:])]     # the helper names it
    if name in names or any(fs.toks.text[i] == name for i in range(bp.func.body[0],
                                                                   bp.func.body[1])):
        name = 'key'
        if name in names:
            t.refuse('%s() already has a parameter called "key"' % d.name)
            return None
    return type_text, name


def _type_of_text(fs, text, rng):
    """The type of an expression written in the file, from its declaration."""
    toks = Tokens(text)
    try:
        node = strip_parens(parse_tokens(toks, 0, len(toks.text)))
    except Unknown:
        return None
    if node[0] == 'id' and rng is not None:
        return key_type(fs, node[1], rng)
    if node[0] == 'field' and len(fs.field_types.get(node[2], ())) == 1:
        return next(iter(fs.field_types[node[2]]))
    return None
