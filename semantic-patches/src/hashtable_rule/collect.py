"""What the SmPL collection rules found, noted in the state of the file (note_*).

Nothing here decides: every occurrence is only recorded with its position.
"""

from .files import Table, function_range, state, stmt_span, table_for, table_token
from .tokens import _HASH_SIGN, _pos, _span, code_indices, matching_close


def note_field(p, name, type_text):
    fs = state(p)
    fs.field_types.setdefault(name, set()).add(type_text)
    fs.local_fields.add(name)
    fs.field_declarations[name] = fs.field_declarations.get(name, 0) + 1


def note_macro(p, name, value, pvalue, constant=False):
    """A #define of an object-like macro, or (constant) an enum constant: a value, which
    unlike a macro body never regroups with the operators around its name."""
    fs = state(p)
    fs.macro_bodies.setdefault(name, _span(pvalue))
    fs.macros.setdefault(name, []).append('(%s)' % value if constant else value)
    fs.macro_pos.setdefault(name, []).append(_pos(p))


def note_table(p, name, size, psize):
    fs = state(p)
    pos = _pos(p)
    toks = fs.toks
    i = toks.at_pos(pos)
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
    if known is not None:
        # the definition of a shared table: what the wrapper found in its headers holds
        t.own_bucket_helpers = known.own_bucket_helpers
    k = i
    after_size = False
    while k < len(toks.text) and toks.text[k] != ';':
        if toks.text[k] == '__read_mostly':
            t.read_mostly = True
        elif toks.text[k] == '=':
            t.refuse('has an initializer', pos)
        elif toks.text[k] == '[' and not after_size:
            k = matching_close(toks.text, k)
            after_size = True
        elif after_size and toks.kind[k] == 'id':
            # ____cacheline_aligned, __aligned(N), __section(...): DEFINE_HASHTABLE has no place
            t.refuse('declared with %s, which DEFINE_HASHTABLE() cannot carry' % toks.text[k], pos)
            break
        k += 1
    # the words of the declaration itself, not of a define line before it
    words = [toks.text[k] for k in code_indices(toks, j, i, j > 0 and
                                                toks.text[j - 1].startswith(_HASH_SIGN))
             if toks.kind[k] == 'id']
    extra = [w for w in words if w not in ('static', 'struct', 'hlist_head', 'const',
                                           '__read_mostly')]
    if extra:
        t.refuse('declared with %s, which DEFINE_HASHTABLE() cannot carry' % extra[0], pos)
    if '__read_mostly' in head:
        t.read_mostly = True
    if 'const' in head:
        t.refuse('is const', pos)
    t.uses.add(pos)
    fs.tables[name] = t


def note_member_table(p, name, size, struct, psize=None):
    """A table inside a struct: its uses are E->name and E.name in this file."""
    fs = state(p)
    other = fs.tables.get(name)
    if other is not None:
        # two tables of one name: their uses cannot be told apart
        other.refuse('another table in this file is also called "%s"' % name)
        return
    t = Table(name, fs.path, _pos(p), size, _span(psize) if psize else None, 'member')
    t.struct = struct
    t.uses.add(_pos(p))
    if not fs.path.endswith('.c'):
        t.refuse('struct declared in a header: other files may index it')
    fs.tables[name] = t


def note_pointer_table(p, name):
    """static struct hlist_head *T: an allocated table (allocated.py decides it)."""
    fs = state(p)
    if name in fs.tables or function_range(fs, _pos(p)) is not None:
        return
    t = Table(name, fs.path, _pos(p), '?', None, 'pointer')
    toks = fs.toks
    k = toks.at_pos(_pos(p))
    while k is not None and k < len(toks.text) and toks.text[k] != ';':
        if toks.text[k] == '__read_mostly':
            t.read_mostly = True
        k += 1
    t.uses.add(_pos(p))
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
    j = matching_close(fs.toks.text, fs.toks.at_pos(_pos(pi)) + 1)
    t.walks.append(dict(pos=_pos(pf), span=stmt_span(pf), header_end=fs.toks.pos[j],
                        hi=hi, hi_span=_span(ph), cursor=cursor, inclusive=inclusive,
                        iterator=fs.toks.text[fs.toks.at_pos(_pos(pi))]))


def note_pointer_walk(name, q, q2, pf, hi, ph, cursor, pc):
    """for (p = T; p < &T[N]; p++) S: a walk by bucket pointer. It stays as it is (the
    converted table is the same array), if S reads each bucket only (analysis.py)."""
    fs = state(q)
    fs.pointer_walks.append((cursor, stmt_span(pf)))
    t = table_for(q, name)
    if t is None:
        return
    t.uses.add(table_token(q))
    t.uses.add(table_token(q2))
    # the header of the loop ends at the parenthesis that closes it
    j = matching_close(fs.toks.text, fs.toks.at_pos(_pos(pf)) + 1)
    t.walks.append(dict(pos=_pos(pf), span=stmt_span(pf), header_end=fs.toks.pos[j],
                        hi=hi, hi_span=_span(ph), cursor=cursor, inclusive=False,
                        iterator=None, pointer=_pos(pc)))


def note_scan(name, q, pf, hi, ph, cursor, inclusive):
    """&T[i] read inside a for loop over every bucket (hlist_empty and the like)."""
    t = table_for(q, name)
    if t is None:
        return
    t.uses.add(table_token(q))
    t.inits.append(dict(pos=_pos(pf), span=stmt_span(pf), hi=hi, hi_span=_span(ph),
                        cursor=cursor, inclusive=inclusive, scan=True))


def note_op(pc, pb):
    """An hlist operation on a bucket: hlist_add_head(n, B), hlist_for_each_entry(pos, B, m)."""
    fs = state(pc)
    kind = fs.toks.text[fs.toks.at_pos(_pos(pc))]
    fs.ops.append((_pos(pc), kind, _span(pb)))
    if kind.startswith('hlist_for_each'):
        # the member argument after the bucket names a field, not a variable
        i = fs.toks.first_at_or_after(_span(pb)[1])
        if i + 1 < len(fs.toks.text) and fs.toks.text[i] == ',':
            fs.member_args.add(i + 1)


def note_era(pc, old):
    """An hlist iterator of the pre-3.9 form (with a struct hlist_node cursor) or of 3.9's."""
    (state(pc).old_iters if old else state(pc).new_iters).add(_pos(pc))


def note_function(p, name):
    """A function definition (its name's position), for helpers and bucket parameters."""
    state(p).functions.setdefault(name, _pos(p))


def note_type(p, type_text):
    """The C type spatch infers for the expression at p."""
    start, end = _span(p)
    fs = state(p)
    idx = fs.toks.span(start, end)
    if idx:
        fs.types.setdefault((fs.toks.pos[idx[0]], fs.toks.pos[idx[-1]]), type_text)


def note_assign(var, p, prhs):
    """var = E (SmPL matches the initial value of a declaration this way too). E is read
    from the file's tokens by its span: spatch would print every assignment of the file
    for a text that no one reads."""
    fs = state(p)
    known = fs.assigns.setdefault(var, [])
    if not any(a[0] == _pos(p) for a in known):
        known.append((_pos(p), _span(prhs)))


def note_decl(var, p, type_text, has_init):
    fs = state(p)
    fs.decls.setdefault(var, []).append((_pos(p), type_text, has_init))


def note_init_value(var, p, prhs):
    """T var = E; (a declaration with an initial value)."""
    fs = state(p)
    known = fs.assigns.setdefault(var, [])
    if not any(a[0] == _pos(p) for a in known):
        known.append((_pos(p), _span(prhs)))


def note_delete(member, pc):
    fs = state(pc)
    fs.deletes.append((member, _pos(pc)))


def note_member(pc, member):
    """The hlist_node member named by the hlist operation at pc."""
    state(pc).members[_pos(pc)] = member
