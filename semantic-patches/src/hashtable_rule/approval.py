"""The decision on a file: approve the positions the patch rules may rewrite.

Only approved positions are rewritten; what the conversion leaves unused
(size and mask macros, local variables) is approved for removal here too.
"""

from .analysis import (check_helpers, collect_sites, decide_table, drop_absent_members, file_era,
                       is_emptiness_test, shared_macros, used_by_an_include)
from .cexpr import Unknown, is_primary, render, tidy_key
from .allocated import FREES
from .files import _FACTS, Site, statement_end
from .helpers import split_reduction
from .lookups import NOT_A_LOOKUP, chain_failure, lookup_failure
from .tokens import include_lines, matching_close, outermost_last
from .sites import Helpers, restart_unknown_numbers
from .files import function_header, function_range, occurrences, tok_indices
from .tokens import Tokens


def approve(fs, pos, kind, extra=None):
    fs.approved[pos] = (kind, extra)


def _assigned_key(fs, pos):
    """The key an approved assignment at pos writes (a declaration with its initialiser)."""
    got = fs.approved.get(pos)
    return got[1] if got is not None and got[0] == 'assign' else None


def approve_span(fs, lo, hi, kind, extra=None):
    """Approve the expression of tokens lo..hi-1 (its first and last token must match)."""
    fs.approved[fs.toks.pos[lo]] = (kind, extra, fs.toks.pos[hi - 1])


def approve_reduction_drop(fs, d, m):
    """A kept index helper loses its reduction: return v & MASK; -> return v;

    Returns the token indices that go.
    """
    how, what = m.drop
    if how == 'stmt':
        approve(fs, fs.toks.pos[what[0]], 'drop_statement')
        return set(range(what[0], what[1]))
    key = what
    mix = split_reduction(key)[1]
    lo, hi = key[-1]
    text = render(fs.toks, mix)
    if d.kind == 'macro':
        # the whole body is the expression spatch sees there; it keeps its parentheses
        lo, hi = d.body
        if not is_primary(text):
            text = '(' + text + ')'
    approve_span(fs, lo, hi, 'replace', text)
    return set(range(lo, hi)) - set(range(mix[-1][0], mix[-1][1]))


def approve_allocation(fs, t):
    """The allocation goes (its table is zero at boot) or becomes hash_init(), and so do
    its failure branch and its frees. Returns the token indices that go."""
    toks = fs.toks
    a = t.allocation
    i = toks.at_pos(a.assign)
    gone = set(range(i, statement_end(fs, i) + 1))
    clears = any(function_range(fs, loop['pos']) == function_range(fs, a.assign)
                 for loop in t.inits if not loop.get('scan'))
    # at boot a static table is zero; elsewhere the allocation cleared it: hash_init(),
    # unless the loop that clears it after the allocation becomes hash_init() itself
    approve(fs, a.assign, 'drop_alloc' if a.in_init or clears else 'alloc_init', t.name)
    for pos in a.drop_ifs:
        j = toks.at_pos(pos)
        approve(fs, pos, 'drop_if')
        gone |= set(range(j, statement_end(fs, j) + 1))
    for pos in a.drop_statements:
        j = toks.at_pos(pos)
        approve(fs, pos, 'drop_free' if toks.text[j] in FREES else 'drop_null')
        gone |= set(range(j, statement_end(fs, j) + 1))
    return gone


def approve_bucket_param(fs, param):
    """The bucket parameter goes (or becomes the key), and so does what each call passes.

    Returns the token indices that go.
    """
    toks = fs.toks
    d = param.func
    close = matching_close(toks.text, d.name_index + 1)
    at = next(i for i in range(d.name_index + 2, close)
              if toks.text[i] == param.name and toks.kind[i] == 'id')
    gone = set()
    if param.mode == 'drop':
        approve(fs, toks.pos[at], 'drop_param')
    else:
        approve(fs, toks.pos[at], 'replace_param', param.new_param)
    for c in param.calls:
        lo, hi = c.arg[-1]
        gone |= set(range(lo, hi))
        if param.mode == 'drop':
            approve(fs, toks.pos[lo], 'drop_arg')
        else:
            approve_span(fs, lo, hi, 'replace', c.red.parts[param.missing[0]])
    return gone


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


def plain_field(fs, t):
    """Is member table t declared as just struct hlist_head T[N]; (no const, attribute
    or second declarator: DECLARE_HASHTABLE() would drop them), the only such field of
    its name in the file? declare_hashtable.cocci rewrites only such fields."""
    text = fs.toks.text
    i = fs.toks.at_pos(t.pos)
    if i is None or i < 3 or text[i - 2:i] != ['struct', 'hlist_head'] or \
            text[i - 3] not in ('{', ';') or text[i + 1] != '[':
        return False
    close = matching_close(text, i + 1)
    return text[close + 1] == ';' and sum(
        1 for j in range(1, len(text) - 1)
        if text[j] == t.name and text[j - 1] == 'hlist_head' and text[j + 1] == '[') == 1


def in_init_function(fs, pos):
    rng = function_range(fs, pos)
    return rng is not None and '__init' in function_header(fs, rng)[0]


def index_renames(fs):
    """(var, function range) -> new name, for the index variables of converted tables
    that may take the name of the key (analysis.rename_index_variable): one a function."""
    wanted = {}
    for t in fs.tables.values():
        if not t.reasons:
            for (var, rng), (pos, name) in getattr(t, 'renamed', {}).items():
                wanted.setdefault(rng, {})[var] = name
    return {(var, rng): name for rng, names in wanted.items() if len(names) == 1
            for var, name in names.items()}


def renamed(renames, key, fs, pos):
    """The key text of a use at pos, with the name its index variable takes."""
    return renames.get((key, function_range(fs, pos)), key)


def decide(fs):
    if fs.decided:
        return
    fs.decided = True
    restart_unknown_numbers()
    shared_macros(fs)
    drop_absent_members(fs)
    helpers = Helpers(fs)
    collect_sites(fs, helpers)
    removed = set()          # token indices the conversion deletes
    dead_var_candidates = []  # (var, function range)
    macro_candidates = set()
    keep = set()             # macros the converted code still names
    members = set()
    converted_any = False
    mixed = file_era(fs) == 'mixed'
    for t in fs.tables.values():
        if mixed:
            # which hashtable.h (3.7's or 3.9's) the file builds against is unclear
            t.refuse('the file uses both the pre-3.9 hlist iterators (with a struct hlist_node '
                     'cursor) and the 3.9 ones')
            continue
        try:
            decide_table(fs, t, helpers)
        except Unknown as e:
            t.refuse('cannot analyse: %s' % e)
    used_helpers = check_helpers(fs, helpers)
    for t in fs.tables.values():
        # asked last, once nothing else refuses the table: a walk that is no lookup is
        # the rarer shape, and the other reasons say more
        for s in t.sites if not t.reasons else ():
            why = lookup_failure(fs, t, s, helpers)
            if why:
                t.refuse(NOT_A_LOOKUP % (s.key_text or s.var or s.table_text, why), s.op_pos)
                break
        why = chain_failure(fs, t, helpers) if not t.reasons else None
        if why:
            t.refuse(why)
    # again, now that those checks have refused what they refuse: a helper of a table they
    # refused stays (its calls do), though it looked removable while that table converted
    used_helpers = check_helpers(fs, helpers)
    renames = index_renames(fs)
    for t in fs.tables.values():
        t.verdict = 'skipped' if t.reasons else 'converted'
        if t.reasons:
            continue
        converted_any = True
        static = t.scope in ('static', 'global', 'pointer')   # defined, zeroed, in this file
        if static:
            kind = {'static': 'decl', 'global': 'decl_global', 'pointer': 'decl_pointer'}[t.scope]
            approve(fs, t.pos, kind + ('_read_mostly' if t.read_mostly else ''), t.bits)
            if t.size_span is not None:
                removed |= tok_indices(fs, t.size_span)
            macro_candidates |= {x for x in Tokens(t.size_text).text if x in fs.macros}
        # a member of a struct of this file that declare_hashtable.cocci will declare with
        # its bits: the size in its field goes, as the size of a static table does
        declared = t.scope == 'member' and not t.injected and t.bits is not None and \
            t.size_span is not None and _FACTS.get('declare_fields', False) and \
            plain_field(fs, t)
        t.declared = declared
        if declared:
            removed |= tok_indices(fs, t.size_span)
            macro_candidates |= {x for x in Tokens(t.size_text).text if x in fs.macros}
        if t.scope == 'pointer':
            removed |= approve_allocation(fs, t)
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
            if s.how == 'var':
                key = s.var
            elif s.how == 'bptr':
                continue             # with its bucket pointer, below
            else:
                key = s.red.key_text
                span_idx = set(range(s.idx[-1][0], s.idx[-1][1])) if s.idx is not None else set()
                removed |= span_idx - s.red.kept
                macro_candidates |= {fs.toks.text[i] for i in span_idx if fs.toks.text[i] in fs.macros}
            approve(fs, s.op_pos, 'op', (s.table_text, tidy_key(renamed(renames, key, fs, s.op_pos))))
        for pos, red, a in t.var_assigns:
            rhs = tok_indices(fs, a[1])
            new_name = renames.get((fs.toks.text[fs.toks.at_pos(pos)], function_range(fs, pos)))
            if new_name:
                fs.new_names[pos] = new_name
            elif ''.join(red.key_text.split()) == ''.join(fs.toks.text[i] for i in sorted(rhs)):
                continue             # a kept helper: the assignment stays as it is
            approve(fs, pos, 'assign', red.key_text)
            removed |= rhs - red.kept
            macro_candidates |= {fs.toks.text[i] for i in rhs if fs.toks.text[i] in fs.macros}
        # a declaration that also assigns the index (u8 idx = hash_32(k, B);) is one
        # approval: the retype carries the key its initialiser becomes
        for (var, rng), (decl_pos, key_type) in t.retyped.items():
            approve(fs, decl_pos, 'retype', (key_type, renames.get((var, rng)),
                                             _assigned_key(fs, decl_pos)))
        for (var, rng), (decl_pos, name) in t.renamed.items():
            if (var, rng) in renames and (var, rng) not in t.retyped:
                approve(fs, decl_pos, 'retype', (None, name, _assigned_key(fs, decl_pos)))
        for bp in t.bucket_ptrs:
            red = bp['red']
            approve(fs, bp['pos'], 'bptr')
            if bp.get('step_pos'):
                approve(fs, bp['step_pos'], 'bptr_step')     # head += index; goes too
            bp['key'] = renamed(renames, red.key_text, fs, bp['pos'])
            span_idx = tok_indices(fs, (bp['span'][0], (bp['span'][1][0], bp['span'][1][1] + 1)))
            removed |= span_idx
            macro_candidates |= {fs.toks.text[i] for i in span_idx if fs.toks.text[i] in fs.macros}
            for s in bp['uses']:
                if isinstance(s, Site):
                    approve(fs, s.op_pos, 'op', (bp['table_text'], tidy_key(bp['key'])))
                    removed.add(s.idx[-1][0])
            dead_var_candidates.append((bp['var'], bp.get('scope') or function_range(fs, bp['pos'])))
        for param in t.bucket_params:
            removed |= approve_bucket_param(fs, param)
            macro_candidates |= {fs.toks.text[i] for c in param.calls
                                 for i in range(c.arg[-1][0], c.arg[-1][1])
                                 if fs.toks.text[i] in fs.macros}
        members.update(fs.members.get(s.op_pos) for s in t.sites)
        if static or declared:
            keep |= set(Tokens(t.bits).text)     # the generated DEFINE_HASHTABLE uses them
    if not converted_any:
        return
    for name, (d, mode, removable) in sorted(used_helpers.items()):
        if not removable:
            continue
        if mode == 'keep':
            body = approve_reduction_drop(fs, d, helpers.meaning(d))
            if helpers.meaning(d).widen:
                approve(fs, d.pos, 'retype', helpers.meaning(d).widen)
        else:
            body = set(range(d.start, d.end + 1))
        removed |= body
        macro_candidates |= {fs.toks.text[i] for i in body if fs.toks.text[i] in fs.macros}
        if mode == 'keep':
            pass
        elif d.kind == 'function':
            approve(fs, d.pos, 'drop_function')
        else:
            approve(fs, fs.toks.pos[d.body[0]], 'drop_macro')
    # deleting a node of a converted table; hlist_del() poisons where
    # hash_del() unhashes, which only a test of hlist_unhashed() could tell
    inspects = any(x in fs.toks.text for x in ('hlist_unhashed', 'hlist_fake', 'hash_hashed'))
    for member, pos in fs.deletes:
        kind = fs.toks.text[fs.toks.at_pos(pos)]
        if member in members and ('init' in kind or not inspects):
            approve(fs, pos, 'del')
    # the hashtable.h include, after the last <linux/...> one, where the file uses it
    if not fs.has_hashtable_include and fs.includes and fs.approved:
        approve(fs, outermost_last(fs.toks, fs.includes), 'include')
    # size and mask macros that nothing uses any more; not one defined before an #include,
    # whose file may use it in code the rule does not read (an inline function of a header
    # that stays)
    dead = set()
    includes = include_lines(fs.toks)
    changed = True
    while changed:
        changed = False
        for name in sorted(macro_candidates - dead - keep):
            if len(fs.macro_pos.get(name, ())) != 1 or \
                    used_by_an_include(fs, name, fs.macro_pos[name][0], includes):
                continue
            # a macro definition is positioned at its hash sign: find the name
            def_i = fs.toks.at_pos(fs.macro_pos[name][0])
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
    # a size macro that is going away becomes the bits macro, in its place (one for
    # all the tables of that size macro)
    bits_macros = {}                 # size macro -> the bits macro it becomes
    for t in fs.tables.values():
        if t.verdict != 'converted' or not (t.scope in ('static', 'global', 'pointer') or
                                            t.declared) \
                or not t.bits.isdigit() \
                or t.size_text not in dead:
            continue
        name = bits_macro_name(t.size_text)
        if bits_macros.get(t.size_text) == name and fs.macros[name] == [t.bits]:
            pass                     # made for another table of this size macro
        elif name in fs.toks.text or name in fs.macros or fs.macro_pos[t.size_text][0] > t.pos:
            continue                 # (a macro after the table cannot name its bits)
        else:
            fs.macros[name] = [t.bits]      # taken: another size macro needs another name
            bits_macros[t.size_text] = name
            approve(fs, fs.macro_pos[t.size_text][0], 'bits_macro', (name, t.bits, t.size_text))
        if t.scope == 'member':
            t.bits = name                    # what DECLARE_HASHTABLE() will say
        else:
            approve(fs, t.pos, fs.approved[t.pos][0], name)
    # local variables that only the removed code used
    for var, rng in dead_var_candidates:
        if rng is None:
            continue
        decls = [d for d in fs.decls.get(var, ())
                 if fs.toks.pos[rng[0]] <= d[0] <= fs.toks.pos[rng[1]] and not d[2]]
        if len(decls) != 1:
            continue
        decl_i = fs.toks.at_pos(decls[0][0])
        if all(i == decl_i or i in removed for i in occurrences(fs, var, rng[0], rng[1])):
            approve(fs, decls[0][0], 'dead_var')
