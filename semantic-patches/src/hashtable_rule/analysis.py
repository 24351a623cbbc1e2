"""The decision on one table: is every occurrence of its name understood and safe?"""

import re

from .cexpr import (Unknown, bits_expression, evaluate_all, is_power_of_2, minus_one, parse_text,
                    power_of_two_by_construction, same_constant,
                    parse_tokens, render, strip_parens)
from .files import (ASSIGNING, _defined_as_macro, read_only_macro, trusted_reader, _FACTS, _SHARED, SHARED_NAMES, Site, _enclosing_block, base_struct, declaration_scope,
                    declared_type, is_parameter,
                    function_header, function_range, in_spans, is_declarator, occurrences,
                    statement_end, other_struct_list_use, table_occurrences, tok_indices, token_indices, variable_type)
from .tokens import (_HASH_SIGN, Tokens, argument_spans, code_indices, directive_start, include_lines,
                     matching_close, matching_open)
from .helpers import bucket_parts, calls_in, calls_in_definition, function_at, outside_names, pure_by_name
from .allocated import analyse_allocated
from .params import find_bucket_params
from .positional import (Positional, bucket_variable_reads, enclosing_call, index_of,
                         inserts_into, names_table_field, read_only_use, stored_in_cursor)
from .sites import (Reduction, bucket_call, foreign_field_note, holds_bucket_number, index_reduction, key_names,
                    names_table, reduction_of_text, parse_error, parse_span, table_of, type_of, undefined_names)
from .widths import is_32_bits, width_class


# what a walk by bucket pointer may do with its cursor: read the bucket
_BUCKET_READERS = {'hlist_empty', 'hlist_for_each_entry', 'hlist_for_each_entry_rcu',
                   'hlist_for_each_entry_safe', 'hlist_for_each_entry_rcu_notrace',
                   'hlist_for_each', 'hlist_for_each_safe'}
# calls that change a bucket or a chain
_BUCKET_WRITERS = {'INIT_HLIST_HEAD', 'hlist_del', 'hlist_del_init', 'hlist_del_rcu',
                   'hlist_del_init_rcu', 'hlist_add_head', 'hlist_add_head_rcu',
                   'hlist_move_list', 'hlist_replace_rcu'}


def _leaves_early(fs, span):
    """Do the tokens of span hold a break, a return or a goto, or a macro of the file
    that may (#define STOP break)?"""
    toks = fs.toks
    return any(toks.text[i] in ('break', 'return', 'goto') or
               toks.kind[i] == 'id' and toks.text[i + 1] != '(' and
               _defined_as_macro(toks, toks.text[i]) and macro_acts(fs, toks.text[i])
               for i in span)


_CHANGES_AND_STOPS = ('a walk over the buckets changes some and stops early: which it changes '
                      'depends on where hash_min() puts the entries')


def _changes_and_stops(fs, span):
    """Does a walk of these tokens change a bucket or a chain and leave early (empty the
    first bucket that is not, delete the first entry met)?"""
    return _leaves_early(fs, span) and any(fs.toks.text[i] in _BUCKET_WRITERS for i in span)


def pointer_walk_misuse(fs, walk, body):
    """Why the cursor of for (p = T; p < &T[N]; p++) S may not stay, or None: it must be
    a local of the function that S only gives whole to an iterator or hlist_empty() and
    that nothing else in the function uses but its declaration and other such walks (an
    entry added to the bucket it points to would not be where hash_min() says), and S
    must not stop early.
    """
    toks = fs.toks
    cursor = walk['cursor']
    rng = function_range(fs, walk['pos'])
    if rng is None or declared_type(fs, cursor, rng) is None or is_parameter(fs, cursor, rng):
        return 'the cursor "%s" of a walk by bucket pointer is not a local of its function' % cursor
    inside = set(tok_indices(fs, walk['span']))
    body = set(body)
    if _leaves_early(fs, body):
        # which buckets it reads would depend on where hash_min() puts the entries
        return 'a walk by bucket pointer may stop before the last bucket (a break, ' \
            'a return or a goto)'
    # another such walk by the same cursor, before or after this one, starts it over at
    # the buckets of another table (and is checked as a walk of that table, if one)
    others = set()
    for name, span in fs.pointer_walks:
        other = set(tok_indices(fs, span))
        if name == cursor and not other & inside:
            others |= other
    for i in occurrences(fs, cursor, rng[0], rng[1]):
        if i in body:
            call = enclosing_call(toks.text, i)
            if call is None or call[0] not in _BUCKET_READERS or \
                    toks.text[i - 1] not in ('(', ',') or toks.text[i + 1] not in (',', ')'):
                return 'a walk by bucket pointer does more with its cursor "%s" than read ' \
                    'each bucket (line %d)' % (cursor, toks.pos[i][0])
        elif i not in inside and i not in others and not is_declarator(toks, i):
            return 'the cursor "%s" of a walk by bucket pointer is used outside it (line %d)' \
                % (cursor, toks.pos[i][0])
    return None


def loop_covers_table(fs, t, loop):
    """Does the bound of a for loop visit exactly the buckets of the table?"""
    hi = loop['hi']
    if undefined_names(fs, [t.size_text, hi]):
        return False
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
    if loop['inclusive']:
        if same_constant(fs.macros, t.size_text, minus_one(fs.macros, hi)):
            return True
    elif same_constant(fs.macros, t.size_text, hi):
        return True
    pairs = evaluate_all(fs.macros, [t.size_text, hi])
    return all(m == (n - 1 if loop['inclusive'] else n) for n, m in pairs)


# iterator -> {number of arguments: the argument that is the bucket}; before 3.9
# a struct hlist_node cursor came second (hlist_for_each_entry(tpos, pos, head, m))
_WALKERS = {'hlist_for_each_entry': {3: 1, 4: 2}, 'hlist_for_each_entry_rcu': {3: 1, 4: None},
            'hlist_for_each_entry_safe': {4: 2, 5: 3}, 'hlist_for_each_entry_rcu_notrace': {3: 1}}


# hash_64() and hash_long() pick the same bucket on 64-bit, and different ones on 32-bit
# (a latent bug of code that mixes them); hash_min() then hashes every site alike
AGREEING_FORMS = {'hash64', 'hashlong'}


def forms_agree(forms):
    """May sites that reduce their keys in these ways (helpers.HASHERS) be converted together?"""
    return len(forms) <= 1 or set(forms) == AGREEING_FORMS


def file_era(fs):
    """'old' when the file's hlist iterators take a node cursor (before 3.9), 'new' when
    they do not, 'mixed' when it has both, None without iterators."""
    new = fs.new_iters | {pos for pos, kind, _ in fs.ops
                          if kind.startswith('hlist_for_each') and pos not in fs.old_iters}
    if fs.old_iters and new:
        return 'mixed'
    return 'old' if fs.old_iters else 'new' if new else None


def walker_bucket(fs, name, nargs):
    """Which argument of the iterator name with nargs arguments is its bucket (or None)."""
    want = _WALKERS[name].get(nargs, -1)
    if want is None:                 # rcu: (pos, head, m, cond) since 3.9, else (tpos, pos, head, m)
        want = 2 if file_era(fs) == 'old' else 1
    return want if want >= 0 else None


def macro_walks(fs, helpers):
    """Macros whose body walks every bucket of a table: for (i = 0; i < N; i++) iterator.

    They stay as they are (a DEFINE_HASHTABLE table is an array of the same
    buckets; SmPL 1.1.1 cannot rewrite a macro whose body is a statement),
    so the table in them is understood.
    """
    toks = fs.toks
    text = toks.text
    for name, d in helpers.defs.items():
        if d.kind != 'macro' or not d.local:
            continue
        lo, hi = d.body
        if hi - lo < 12 or text[lo] != 'for' or text[lo + 1] != '(':
            continue
        close = matching_close(text, lo + 1)
        header = text[lo + 2:close]
        semis = [k for k, x in enumerate(header) if x == ';']
        if len(semis) != 2 or close + 2 >= hi or text[close + 1] not in _WALKERS:
            continue
        cursor = header[0]
        init, cond, step = header[:semis[0]], header[semis[0] + 1:semis[1]], \
            header[semis[1] + 1:]
        if init != [cursor, '=', '0'] or cond[:2] != [cursor, '<'] or \
                step not in ([cursor, '++'], ['++', cursor], [cursor, '+=', '1']):
            continue
        it = close + 1
        if text[it + 1] != '(' or matching_close(text, it + 1) != hi - 1:
            continue
        args = argument_spans(text, it + 1)
        want = walker_bucket(fs, text[it], len(args))
        if want is None:
            continue
        try:
            bucket = parse_tokens(toks, args[want][0], args[want][1])
        except Unknown:
            continue
        parts = bucket_parts(bucket)
        if parts is None or strip_parens(parts[1])[:2] != ('id', cursor):
            continue
        t = table_of(fs, parts[0])
        if t is None:
            continue
        loop = dict(hi=' '.join(cond[2:]), inclusive=False, hi_span=None)
        try:
            covers = loop_covers_table(fs, t, loop)
        except Unknown:
            covers = False
        if covers:
            t.uses.add(toks.pos[strip_parens(parts[0])[-1][1] - 1])
            t.macro_walks.append(dict(pos=toks.pos[d.start], name=name))


# words before a parenthesis that do not call code that could change a key
_NOT_CALLS = {'if', 'while', 'for', 'switch', 'return', 'sizeof', 'hlist_add_head',
              'hlist_add_head_rcu', 'hlist_for_each_entry', 'hlist_for_each_entry_safe',
              'hlist_for_each_entry_rcu', 'hlist_for_each_entry_rcu_notrace'}


# allocators: they are given a size and flags, and write only the memory they return
_ALLOCATORS = {'kmalloc', 'kzalloc', 'kcalloc', 'kmalloc_array', 'kvmalloc', 'kvzalloc',
               'kvcalloc', 'kmem_cache_alloc', 'kmem_cache_zalloc', 'vmalloc', 'vzalloc'}
# calls that write no memory a key reads: locks and RCU read sections (other threads
# may write between them, as they may between any two statements)
_NO_WRITE_CALLS = {
    'rcu_read_lock', 'rcu_read_unlock', 'rcu_read_lock_bh', 'rcu_read_unlock_bh',
    'rcu_read_lock_sched', 'rcu_read_unlock_sched', 'preempt_disable', 'preempt_enable',
    'local_bh_disable', 'local_bh_enable', 'local_irq_disable', 'local_irq_enable',
    'spin_lock', 'spin_unlock', 'spin_lock_bh', 'spin_unlock_bh', 'spin_lock_irq',
    'spin_unlock_irq', 'spin_lock_irqsave', 'spin_unlock_irqrestore', 'raw_spin_lock',
    'raw_spin_unlock', 'raw_spin_lock_irqsave', 'raw_spin_unlock_irqrestore', 'read_lock',
    'read_unlock', 'write_lock', 'write_unlock', 'read_lock_bh', 'read_unlock_bh',
    'write_lock_bh', 'write_unlock_bh', 'mutex_lock', 'mutex_unlock', 'down_read', 'up_read',
    'down_write', 'up_write', 'lockdep_assert_held',
} | _ALLOCATORS
# initialisers and counters: they write the one lock, list or counter their only or
# first argument points to (never kfree(), kref_put() or a counter decrement: a key
# read after them may be read from freed memory)
_ONE_FIELD_CALLS = {
    'spin_lock_init', 'raw_spin_lock_init', 'mutex_init', 'rwlock_init', 'init_rwsem',
    'INIT_LIST_HEAD', 'INIT_HLIST_HEAD', 'INIT_HLIST_NODE', 'init_waitqueue_head',
    'init_completion', 'kref_init', 'refcount_set', 'atomic_set', 'atomic_long_set',
    'refcount_inc', 'refcount_inc_not_zero', 'atomic_inc', 'atomic_inc_not_zero',
    'atomic_long_inc', 'kref_get', 'kref_get_unless_zero',
}
# stores of their second argument into the first, an lvalue: WRITE_ONCE(p->f, v) is p->f = v
_STORE_CALLS = {'WRITE_ONCE', 'rcu_assign_pointer', 'smp_store_release'}


# functions that use a pointer's value only, never what it points to
_VALUE_ONLY_CALLS = {'hash_ptr', 'hash32_ptr', 'hash_long', 'hash_32', 'hash_64', 'hash_min'}
# calls that read nothing but the value or the field their argument names
_READS_WHAT_IT_IS_GIVEN = _VALUE_ONLY_CALLS | {
    'get_unaligned', 'le16_to_cpu', 'le32_to_cpu', 'le64_to_cpu', 'be16_to_cpu',
    'be32_to_cpu', 'be64_to_cpu', 'ntohs', 'ntohl', 'htons', 'htonl',
}


def _unary_ops(node, out=None):
    """The unary operators of an expression tree."""
    out = set() if out is None else out
    if node[0] == 'un':
        out.add(node[1])
    for part in node[1:]:
        if isinstance(part, tuple):
            _unary_ops(part, out)
        elif isinstance(part, list):
            for a in part:
                if isinstance(a, tuple):
                    _unary_ops(a, out)
    return out


def reads_through(toks, lo, hi, name, helpers, depth=0):
    """Do the tokens lo..hi-1 read memory through the pointer name: dereference it, or
    hand it to a function that may (a helper of the file is looked into)?"""
    text = toks.text
    for i in range(lo, hi):
        if text[i] != name or toks.kind[i] != 'id' or (i > lo and text[i - 1] in ('->', '.')):
            continue
        if i + 1 < hi and text[i + 1] in ('->', '['):
            return True
        if i > lo and text[i - 1] == '*' and (i - 1 == lo or (toks.kind[i - 2] != 'id' and
                                                             text[i - 2] not in (')', ']'))):
            return True
        # every call it is an argument of, from the innermost out
        k, level = i - 1, 0
        while k >= lo:
            if text[k] in (')', ']'):
                level += 1
            elif text[k] in ('(', '[') and level:
                level -= 1
            elif text[k] in ('(', '['):
                fname = text[k - 1] if k > lo and toks.kind[k - 1] == 'id' else None
                if text[k] == '[' or fname in _VALUE_ONLY_CALLS or fname is None or \
                        fname in ('if', 'while', 'switch', 'return', 'sizeof'):
                    k -= 1
                    continue
                d = helpers.get(fname) if helpers is not None and depth < 4 else None
                args = argument_spans(text, k)
                arg = next(n for n, (a, b) in enumerate(args) if a <= i < b)
                a, b = args[arg]
                alone = [x for x in range(a, b) if text[x] not in ('(', ')')]
                if d is None or d.kind not in ('macro', 'function') or arg >= len(d.params) \
                        or alone != [i]:
                    return True
                if reads_through(d.toks, d.body[0], d.body[1], d.params[arg][0], helpers,
                                 depth + 1):
                    return True
            k -= 1
    return False


def writes_other_field(text, i, fields, address=True):
    """Is the first argument of the call whose ( is text[i] the address of a field, &p->f
    or &p->a.f, that is none of the key's fields? An initialiser given it writes only f.
    address=False: the field itself, p->f, as WRITE_ONCE() takes it."""
    spans = argument_spans(text, i)
    path = text[spans[0][0]:spans[0][1]] if spans else []
    if address:
        if not path or path[0] != '&':
            return False
        path = path[1:]
    if len(path) < 3 or len(path) % 2 == 0 or not path[0].isidentifier():
        return False
    steps = path[1:]
    return all(op in ('->', '.') and name.isidentifier() and name not in fields
               for op, name in zip(steps[::2], steps[1::2]))


def fields_written_by(d, helpers=None, depth=0):
    """The fields a function of the file writes, when its body is only calls that write
    one field of what a parameter points to (refcount_inc(&t->ref_count), WRITE_ONCE(t->f,
    v)), calls that write nothing (locks, pure functions, such functions of the file that
    write nothing) and a return of what they compute; else None."""
    if d is None or d.kind != 'function' or d.ambiguous or depth > 3:
        return None
    text, kind = d.toks.text, d.toks.kind
    lo, hi = d.body              # from the token after { to the }
    params = set(d.param_names())

    def writes_nothing(j, end):
        """Do tokens j..end-1 assign nothing and call only what writes nothing?"""
        for k in range(j, end):
            if text[k] in ('=', '++', '--', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=',
                           '<<=', '>>='):
                return False
            if text[k] == '(' and text[k - 1] == ')':
                return False         # (*fp)(x), or a cast of a parenthesis: taken for a call
            if kind[k] != 'id' or text[k + 1] != '(' or text[k] == 'sizeof':
                continue
            own = helpers.get(text[k]) if helpers is not None else None
            if pure_by_name(text[k], own):
                continue
            if not (own is not None and own.local) and text[k] in _NO_WRITE_CALLS and \
                    text[k] not in _ALLOCATORS:
                continue             # a lock (the file's own function of the name is read)
            if fields_written_by(own, helpers, depth + 1) != set():
                return False
        return True

    written = set()
    i = lo
    while i < hi:
        if text[i] == ';':
            i += 1
            continue
        if text[i] == 'return':
            end = i + 1
            while end < hi and text[end] != ';':
                end = matching_close(text, end) + 1 if text[end] in ('(', '[', '{') else end + 1
            if end >= hi or not writes_nothing(i + 1, end):
                return None
            i = end + 1
            continue
        if kind[i] != 'id' or text[i + 1] != '(':
            return None
        close = matching_close(text, i + 1)
        if close + 1 >= hi or text[close + 1] != ';' or not writes_nothing(i + 2, close):
            return None
        name = text[i]
        if name in _ONE_FIELD_CALLS or name in _STORE_CALLS:
            spans = argument_spans(text, i + 1)
            first = text[spans[0][0]:spans[0][1]] if spans else []
            if name in _ONE_FIELD_CALLS and first[:1] != ['&']:
                return None
            path = first[1:] if name in _ONE_FIELD_CALLS else first
            if len(path) < 3 or path[0] not in params or path[1] != '->' or \
                    not writes_other_field(text, i + 1, set(), name in _ONE_FIELD_CALLS):
                return None
            written.update(path[2::2])
        elif not writes_nothing(i, close + 1):
            return None
        i = close + 2
    return written


def stored_fields(d):
    """The fields that function d (of fields_written_by()) stores whole with WRITE_ONCE()
    and the like: each must hold a scalar or a pointer (_whole_value_field())."""
    text = d.toks.text
    out = set()
    for i in range(d.body[0], d.body[1]):
        if text[i] in _STORE_CALLS and text[i + 1] == '(':
            spans = argument_spans(text, i + 1)
            if spans:
                out.add(text[spans[0][1] - 1])
    return out


def _through_loops(fs, start, end, rng=None):
    """end, or the end of the outermost loop that begins after token start and holds
    token end in its body: what the loop does after the use comes before it again. A
    label after start that a goto after end (in rng, the function) jumps back to makes
    such a loop too."""
    text, kind = fs.toks.text, fs.toks.kind
    last = end
    for h in range(start + 1, end):
        if text[h] in ('for', 'while', 'do') or (kind[h] == 'id' and 'for_each' in text[h]
                                                  and text[h + 1] == '('):
            if text[h] != 'do' and matching_close(text, h + 1) >= end:
                continue         # end is in its header: evaluated once, before the body
            last = max(last, statement_end(fs, h))
    labels = {text[h] for h in range(start + 1, end + 1)
              if kind[h] == 'id' and h + 1 < len(text) and text[h + 1] == ':' and
              text[h - 1] in (';', '{', '}') and text[h] != 'default'}
    if labels:
        stop = len(text) - 1 if rng is None else min(rng[1], len(text) - 1)
        for g in range(end, stop):
            if text[g] == 'goto' and text[g + 1] in labels:
                last = max(last, g + 2)
    return last


def in_union(text, field):
    """Is field named in the body of a union of the file, with a name or without, and
    whatever follows it (union { u32 gen; atomic_t gen_atomic; } __packed;)? A write to
    one member is a write to the others."""
    for i, tok in enumerate(text):
        if tok != 'union' or i + 1 >= len(text):
            continue
        j = i + 2 if text[i + 1] != '{' and i + 2 < len(text) else i + 1
        if text[j] == '{' and field in text[j + 1:matching_close(text, j)]:
            return True
    return False


def _aliased_fields(fs, fields):
    """fields, with the macros that spell one of them and what such a field spells
    (#define sk_num __sk_common.skc_num: a write of p->sk_num writes skc_num)."""
    out = set(fields)
    for _ in range(3):
        for name, values in fs.macros.items():
            words = set(re.findall(r'[A-Za-z_]\w*', ' '.join(values)))
            if name in out:
                out |= words
            elif words & out:
                out.add(name)
    return out


def _whole_value_field(fs, field):
    """Is field known to hold a scalar or a pointer, never a struct whose fields a key
    may read through a pointer into it (WRITE_ONCE(w->key, k) writes w->key.id)?"""
    types = fs.field_types.get(field, ())
    if any('*' not in t and re.search(r'\b(struct|union)\b', t) for t in types):
        return False             # a struct of that name somewhere embeds one
    return bool(types) or any(field in fields for fields in fs.struct_pointers.values())


def _punned_arguments(fs, i, rng):
    """Does the call whose ( is token i give a cast or a void * (a callee may then write
    a field of another struct that lies over the key)?"""
    toks = fs.toks
    args = range(i + 1, matching_close(toks.text, i))
    return any(toks.text[k] in ('struct', 'union', 'void') or
               (toks.kind[k] == 'id' and rng is not None and
                'void' in (declared_type(fs, toks.text[k], rng) or '').split())
               for k in args)


def _field_of_new_object(fs, k, start, names):
    """Is token k the field f of a write b->f = ... where b is a local given memory of
    its own by an allocator after token start, in the same block, and not handed to
    anything since? (i = kzalloc(...); i->irq = up->port.irq: the entry being made,
    never the object the key reads.)"""
    toks = fs.toks
    text = toks.text
    if text[k - 1] != '->' or toks.kind[k - 2] != 'id' or text[k - 3] in ('->', '.') or \
            text[k - 2] in names:
        return False
    base = text[k - 2]
    at = _assignment_just_before(toks, k - 2, {a[0] for a in fs.assigns.get(base, ())})
    if at is None:
        return False
    a = toks.at_pos(at)
    if a <= start or text[a + 1] != '=' or text[a + 2] not in _ALLOCATORS or text[a + 3] != '(':
        return False
    for j in range(a + 1, k - 2):
        if text[j] != base or toks.kind[j] != 'id' or text[j - 1] in ('->', '.'):
            continue
        tested = text[j + 1] in ('==', '!=') or text[j - 1] in ('!', '==', '!=') or \
            (text[j - 1] == '(' and text[j + 1] == ')' and text[j - 2] in ('if', 'while'))
        if text[j + 1] not in ('->', '.') and not tested:
            return False             # stored, or handed to a call or macro, which may keep it
    return True


def _address_only(fs, helpers, name):
    """Is name a helper that returns container_of(P, struct S, m) of its parameter P and
    does nothing else: MSDOS_I(inode)? It computes an address and writes nothing. Its
    one definition must be the only directive of the file that names it (no #undef,
    no #ifdef twin); not any helper named in capitals, as a key may call: WRITE_ONCE()
    is one."""
    d = helpers.get(name)
    if d is None or d.ambiguous:
        return False
    if fs.directive_names is None:        # counted once per file
        fs.directive_names = {}
        for i, tok in enumerate(fs.toks.text):
            if fs.toks.kind[i] == 'id' and directive_start(fs.toks, i) is not None:
                fs.directive_names[tok] = fs.directive_names.get(tok, 0) + 1
    if fs.directive_names.get(name, 0) != (1 if d.kind == 'macro' and d.local else 0):
        return False
    body = d.toks.text[d.body[0]:d.body[1]]
    if d.kind != 'macro':
        if len(body) < 3 or body[0] != 'return' or body[-1] != ';':
            return False
        body = body[1:-1]
    while len(body) > 2 and body[0] == '(' and matching_close(body, 0) == len(body) - 1:
        body = body[1:-1]
    if len(body) < 4 or body[:2] != ['container_of', '('] or matching_close(body, 1) != len(body) - 1:
        return False
    args = body[2:-1]
    params = set(d.param_names())
    # P or (P), then struct S, then a member: m or m.n
    for first in ([args[0]], args[:3]):
        rest = args[len(first):]
        plain = first[0] in params if len(first) == 1 else \
            first[0] == '(' and first[1] in params and first[2] == ')'
        if plain and len(rest) >= 5 and rest[0] == ',' and rest[1] in ('struct', 'union') and \
                rest[2].isidentifier() and rest[3] == ',' and \
                all(tok.isidentifier() if k % 2 == 0 else tok == '.' for k, tok in enumerate(rest[4:])) \
                and len(rest[4:]) % 2 == 1:
            return True
    return False


def _addressed(fs, rng):
    """The names function rng takes the address of (&k, not &p->lock: a field p points
    to, not p), once per function."""
    if rng not in fs.addressed:
        text = fs.toks.text
        fs.addressed[rng] = {text[j + 1] for j in range(rng[0], rng[1])
                             if text[j] == '&' and text[j - 1] not in ('->', '.') and
                             text[j + 2] != '->'}
    return fs.addressed[rng]


def _operand_start(text, j, stops):
    """Index of the first token of the operand that ends at token j: back to an unmatched
    ( or [, or to one of stops outside brackets."""
    depth = 0
    while j >= 0:
        if text[j] in (')', ']'):
            depth += 1
        elif text[j] in ('(', '['):
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and text[j] in stops:
            break
        j -= 1
    return j + 1


def _writes_through_pointer(text, i):
    """Does the assignment operator at token i write anything but a plain name: *p = v,
    p->f = v, p[k] = v, (*p)++? (Taken so when not sure: it only refuses.)"""
    if text[i] in ('++', '--'):
        before, after = text[i - 1], text[i + 1] if i + 1 < len(text) else ''
        if before.isidentifier() and text[i - 2] not in ('->', '.', ')', ']'):
            return False             # x++
        if after.isidentifier() and (i + 2 >= len(text) or text[i + 2] not in ('->', '.', '[')) \
                and not before.isidentifier():
            return False             # ++x
        return True
    k = _operand_start(text, i - 1, (';', '{', '}', ',', '?', ':'))
    for m in range(i - 2, k - 1, -1):
        if text[m] == ')' and text[m + 1].isidentifier():
            k = m + 1            # if (force) scope = -1: the operand is what follows )
            break
    lhs = text[k:i]
    words = ('return', 'case', 'else', 'do', 'sizeof')
    typed = k > 0 and text[k - 1].isidentifier() and text[k - 1] not in words
    if lhs and lhs[-1].isidentifier() and all(tok.isidentifier() or tok == '*' for tok in lhs) and \
            not set(lhs) & set(words) and (typed or len(lhs) >= 2 and lhs[0].isidentifier()):
        return False             # struct fib_info *prev_fi = NULL: a declaration
    return not (len(lhs) == 1 and lhs[0].isidentifier())


def _called_through_parens(text, i):
    """Is the ( at token i the call of (f)(x), (*fp)(x) or (*ops->fn)(x)? (Not a cast
    of a parenthesized value, (u32)(x), which an id alone in its parentheses also is:
    taken for a call, it only refuses.)"""
    try:
        inner = text[matching_open(text, i - 1) + 1:i - 1]
    except IndexError:
        return False
    return bool(inner) and all(tok.isidentifier() or tok in ('*', '&', '->', '.') for tok in inner) \
        and not any(tok in ('struct', 'union', 'enum', 'const', 'unsigned', 'signed', 'int',
                            'long', 'short', 'char', 'void') for tok in inner)


# what a macro value may do to a key: a call (not sizeof) or a store
_MACRO_ACTION_RE = re.compile(r'\b(?!sizeof\b)[A-Za-z_]\w*\s*\(|(?<![=!<>])=(?!=)|<<=|>>=|'
                              r'\+\+|--|\b(?:break|return|goto|continue)\b')


def macro_acts(fs, name, depth=0):
    """May the object-like macro name of the file call, store, or leave a loop when it is
    expanded, through the macros of the file it names too? (Unknown values may.)"""
    values = fs.macros.get(name)
    if values is None or depth > 4:
        return True
    return any(_MACRO_ACTION_RE.search(v) or any(
        w != name and _defined_as_macro(fs.toks, w) and macro_acts(fs, w, depth + 1)
        for w in re.findall(r'[A-Za-z_]\w*', v)) for v in values)


def key_is_stable(fs, red, rng, start, end, helpers=None):
    """Is the value of the key the same at token start and at token end?"""
    toks = fs.toks
    names, fields, calls = key_names(red)
    fields = _aliased_fields(fs, fields)
    impure = [c for c in calls_in(red.key) if helpers is None or not helpers.is_pure(c)]
    if impure or (calls and helpers is None):
        return False, 'key "%s" calls a function; moving it would evaluate it again' % red.key_text
    read_by_calls = _read_by_calls(calls_in(red.key), helpers) if calls else set()
    if read_by_calls is None:
        return False, 'key "%s" calls a function whose reads cannot be followed (through a ' \
            'pointer it is not given, or in one of two definitions)' % red.key_text
    names = names | read_by_calls    # a global the call reads (static u32 salt)
    # a local whose address the function takes (kp = &k) may change through it: by a
    # call, or by a write through a pointer (*kp = 8) in between
    escaped = rng is not None and bool(names & _addressed(fs, rng))
    locals_only = not escaped and all(declared_type(fs, n, rng) for n in names)
    # a pure call on pointers reads memory that a call in between may change
    reads_memory = calls and any(
        set(declared_type(fs, n, rng) or '*') & {'*', '['} and
        reads_through(red.toks, red.key[-1][0], red.key[-1][1], n, helpers) for n in names)
    # a macro or helper in the key may read a field its text does not name (the
    # counter a call in between bumps); these read only what they are given
    reads_named_fields = not calls or (
        calls_in(red.key) <= _READS_WHAT_IT_IS_GIVEN and '*' not in _unary_ops(red.key))
    assign_ops = ASSIGNING
    end = _through_loops(fs, start, end, rng)
    for i in range(start, end):
        tok = toks.text[i]
        if (escaped or reads_memory) and tok in assign_ops and _writes_through_pointer(toks.text, i):
            # a call of the key that reads through a pointer (net_of(ns): ns->tables[ns->cur])
            # reads what a write through another pointer to it changes (alias->cur = 1)
            return False, 'key "%s" may change through a pointer before the bucket is used' \
                % red.key_text
        nxt = toks.text[i + 1] if i + 1 < len(toks.text) else ''
        prv = toks.text[i - 1]
        member = prv in ('->', '.')
        if calls and tok in names and not member and nxt in ('->', '.', '[') and \
                _written_through(toks.text, i, end, assign_ops):
            # ent_name(e) in the key reads e->name: e->name = final writes it
            return False, 'key "%s" changes before the bucket is used' % red.key_text
        if (tok in names and not member) or (tok in fields and member):
            # &c->node takes the address of a field, not of c: only a key field counts
            address = prv == '&' and not member and not (
                nxt in ('->', '.') and i + 2 < len(toks.text) and toks.text[i + 2] not in fields)
            after = i + 1             # ptrs[k] = ...: an element of a key name is written
            while after < end and toks.text[after] == '[':
                after = matching_close(toks.text, after) + 1
            if after > i + 1 and after < len(toks.text) and toks.text[after] in assign_ops:
                return False, 'key "%s" changes before the bucket is used' % red.key_text
            if (nxt in assign_ops or prv in ('++', '--') or address) and \
                    not (member and nxt in assign_ops and _field_of_new_object(fs, i, start, names)):
                return False, 'key "%s" changes before the bucket is used' % red.key_text
        if tok == '(' and toks.text[i - 1] in _NO_WRITE_CALLS and not any(
                x in names or x in fields for x in toks.text[i:matching_close(toks.text, i)]):
            continue
        if toks.kind[i] == 'id' and toks.text[i + 1] != '(' and _defined_as_macro(toks, tok) and \
                (macro_acts(fs, tok) or toks.text[i + 1] in assign_ops or
                 toks.text[i - 1] in ('++', '--') or
                 toks.text[i - 1] == '&' and toks.text[i - 2] in ('(', ',', '=', ';', '{')):
            # #define BUMPED bump(s): a call, or a store, where no call is written; or
            # #define KEYF s->f stored to (KEYF += 3)
            return False, 'a macro may change key "%s" before the bucket is used' % red.key_text
        if tok == '(' and trusted_reader(toks, toks.text[i - 1]) and \
                toks.text[i - 1] not in fs.functions:
            continue                 # what it is given is checked token by token
        if tok == '(' and toks.kind[i - 1] == 'id' and toks.text[i - 2] not in ('->', '.') and \
                read_only_macro(toks, toks.text[i - 1]):
            continue                 # the same: a printk of the file's own
        if tok == '(' and toks.text[i - 1] in _ONE_FIELD_CALLS | _STORE_CALLS and \
                reads_named_fields:
            one_field = toks.text[i - 1] in _ONE_FIELD_CALLS
            if writes_other_field(toks.text, i, fields, one_field):
                field = toks.text[argument_spans(toks.text, i)[0][1] - 1]     # the field written
                if not in_union(toks.text, field) and (one_field or _whole_value_field(fs, field)):
                    continue
        if tok == '(' and helpers is not None and toks.kind[i - 1] == 'id' and reads_named_fields \
                and toks.text[i - 2] not in ('->', '.') and \
                not variable_type(fs, toks.text[i - 1], rng) and not _punned_arguments(fs, i, rng):
            d = helpers.get(toks.text[i - 1])
            written = fields_written_by(d, helpers)
            if written is not None and not written & fields and \
                    not any(in_union(toks.text, f) or in_union(d.toks.text, f) for f in written) and \
                    all(_whole_value_field(fs, f) for f in stored_fields(d)):
                continue             # l2tp_tunnel_inc_refcount(): refcount_inc(&t->ref_count)
        if tok == '(' and helpers is not None and toks.kind[i - 1] == 'id' and \
                toks.text[i - 2] not in ('->', '.') and \
                not variable_type(fs, toks.text[i - 1], rng) and \
                _address_only(fs, helpers, toks.text[i - 1]):
            continue                 # what it is given is checked token by token
        if tok == '(' and toks.text[i - 1] == ')' and (fields or not locals_only or reads_memory) \
                and _called_through_parens(toks.text, i):
            return False, 'a call may change key "%s" before the bucket is used' % red.key_text
        if tok == '(' and toks.kind[i - 1] == 'id' and (fields or not locals_only or reads_memory) \
                and toks.text[i - 1] not in _NOT_CALLS:
            return False, 'a call may change key "%s" before the bucket is used' % red.key_text
    return True, None


def _read_by_calls(called, helpers, depth=0):
    """The outside names (globals) the pure calls of a key read through their bodies, or
    None where a body reads memory through a global pointer (a kernel function the rule
    knows reads only its arguments; an unseen macro in capitals is trusted, as is_pure()
    trusts it)."""
    out = set()
    for name in called:
        d = helpers.get(name) if helpers is not None else None
        if d is None or name in _READS_WHAT_IT_IS_GIVEN:
            continue
        if depth > 4:
            return None
        read = outside_names(d)
        if read is None:
            return None
        inner = _read_by_calls(calls_in_definition(d), helpers, depth + 1)
        if inner is None:
            return None
        read = _through_macros(read, helpers.const_names)
        # a name in capitals that the file declares no variable of is a constant
        # (CONFIG_BASE_SMALL); static u32 SEED is a variable
        out |= {n for n in read if not n.isupper() or n in helpers.fs.decls} | inner
    return out


def _through_macros(names, macros, depth=0):
    """names, each object-like macro among them replaced by the names its values read
    (#define SALT cur_salt reads cur_salt; #define BITS 4 reads nothing)."""
    out = set()
    for name in names:
        if name in macros and depth < 8:
            for value in macros[name]:
                out |= _through_macros(set(re.findall(r'[A-Za-z_]\w*', value)) - {name},
                                       macros, depth + 1)
        else:
            out.add(name)
    return out


def _written_through(text, i, end, assign_ops):
    """Is the lvalue that starts with the name at token i (p->a.b[k]) assigned?"""
    j = i + 1
    while j < end:
        if text[j] in ('->', '.') and j + 1 < end:
            j += 2
        elif text[j] == '[':
            j = matching_close(text, j) + 1
        else:
            break
    return j < len(text) and text[j] in assign_ops


def collect_sites(fs, helpers):
    """Give every table its sites: the hlist operations on one of its buckets."""
    toks = fs.toks
    for t in fs.tables.values():
        if t.scope == 'pointer':
            analyse_allocated(fs, t)     # its size first: sites are checked against it
    pointers = {}                    # (var, assignment position) -> bucket pointer
    fs.bucket_params = find_bucket_params(fs, helpers, pointers, bucket_pointers)
    macro_walks(fs, helpers)
    param_ops = {}
    for bp in fs.bucket_params:
        bp.table.bucket_params.append(bp)
        for pos in getattr(bp, 'ops', ()):
            param_ops[pos] = bp
    for pos, kind, span in fs.ops:
        if pos in param_ops:
            bp = param_ops[pos]
            site = Site(kind, pos, 'param', bp.table_text or bp.table.name,
                        idx=parse_span(fs, span))
            site.red = bp.key
            if bp.key is None:
                bp.table.refuse('cannot tell the key of the bucket %s() gets' % bp.func.name, pos)
            bp.table.sites.append(site)
            continue
        node = parse_span(fs, span)
        if node is None:
            why = parse_error(fs, span)
            for i in fs.toks.span(span[0], span[1]):
                t = fs.tables.get(toks.text[i])
                if t is not None and (t.scope == 'member') == (toks.text[i - 1] in ('->', '.')):
                    t.refuse('bucket "%s" is not understood (%s)'
                             % (toks.source_of(_range(fs, span)[0], _range(fs, span)[1]), why), pos)
            continue
        inner = strip_parens(node)
        rng = function_range(fs, pos)
        parts = bucket_parts(inner)
        if parts is not None:
            table, index = parts
            t = table_of(fs, table)
            if t is None:
                continue
            t.uses.add(toks.pos[strip_parens(table)[-1][1] - 1])
            index = strip_parens(index)
            how = 'var' if index[0] == 'id' else 'direct'
            t.sites.append(Site(kind, pos, how, render(toks, table), idx=index,
                                var=index[1] if how == 'var' else None))
            continue
        if inner[0] == 'id' and rng is not None:
            for t, bp in bucket_pointers(fs, inner[1], rng, helpers, pointers, pos):
                t.sites.append(Site(kind, pos, 'bptr', bp['table_text'], idx=inner, var=inner[1]))
            continue
        got = bucket_call(fs, inner, pos, rng, helpers)
        if got is not None:
            t, table_text, red = got
            site = Site(kind, pos, 'helper', table_text, idx=inner)
            site.red = red
            t.sites.append(site)


def _range(fs, span):
    idx = fs.toks.span(span[0], span[1])
    return (idx[0], idx[-1] + 1) if idx else (0, 0)


def bucket_pointers(fs, var, rng, helpers, pointers, used_at):
    """The table buckets assigned in function rng to the variable var seen at position
    used_at: [(table, bucket pointer)]."""
    toks = fs.toks
    hi = toks.pos[rng[1]]
    head_lo = toks.pos[function_header(fs, rng)[1]]
    scope = declaration_scope(fs, var, used_at, rng)
    out = []
    for pos, rhs_span in fs.assigns.get(var, ()):
        if not head_lo <= pos <= hi or declaration_scope(fs, var, pos, rng) != scope:
            continue
        key = (var, pos)
        if key not in pointers:
            pointers[key] = None
            node = parse_span(fs, rhs_span)
            node = strip_parens(node) if node is not None else None
            parts = bucket_parts(node) if node is not None else None
            bp = dict(pos=pos, var=var, idx=None, red=None, scope=scope,
                      span=(pos, toks.pos[_declarator_end(toks.text, toks.at_pos(pos),
                                                          statement_end(fs, toks.at_pos(pos)))]),
                      rhs_span=rhs_span)
            step = _bucket_step(fs, var, pos) if parts is None and node is not None \
                and table_of(fs, node) is not None else None
            if step is not None:
                # head = T; head += index;: one bucket pointer, head = T + index
                t = table_of(fs, node)
                t.uses.add(toks.pos[node[-1][1] - 1])
                bp.update(idx=step['idx'], table_text=render(toks, node), step_pos=step['pos'],
                          step_tokens=step['tokens'], span=(pos, step['end']))
                t.bucket_ptrs.append(bp)
                pointers[key] = (t, bp)
            elif parts is not None and table_of(fs, parts[0]) is not None:
                t = table_of(fs, parts[0])
                t.uses.add(toks.pos[strip_parens(parts[0])[-1][1] - 1])
                bp.update(idx=strip_parens(parts[1]), table_text=render(toks, parts[0]))
                t.bucket_ptrs.append(bp)
                pointers[key] = (t, bp)
            elif node is not None and node[0] == 'call':
                got = bucket_call(fs, node, pos, rng, helpers)
                if got is not None:
                    t, table_text, red = got
                    bp.update(red=red, table_text=table_text, helper=True)
                    if red is None:
                        bp['refused'] = True
                    t.bucket_ptrs.append(bp)
                    pointers[key] = (t, bp)
        if pointers[key] is not None:
            out.append(pointers[key])
    return out


def _table_base(table_text):
    """E of a member table written E->T or E.T, or None (a table of its own name)."""
    try:
        toks, node = parse_text(table_text)
    except (Unknown, IndexError):
        return None
    node = strip_parens(node)
    if node[0] != 'field':
        return None
    lo, hi = node[1][-1]
    return ' '.join(toks[lo:hi]).replace(' -> ', '->').replace(' . ', '.')


def _local_at(fs, var, pos, rng):
    """Is var, assigned at position pos, a local (not static) or a parameter of function
    rng, declared in a block around pos? (A local of the same name in another block, or
    none, leaves a variable of file scope there.)"""
    toks = fs.toks
    at = toks.at_pos(pos)
    lo = function_header(fs, rng)[1]
    for dpos, _type, _init in fs.decls.get(var, ()):
        d = toks.at_pos(dpos)
        if d is None or not lo <= d <= at:
            continue
        j = d
        while j > lo and toks.text[j - 1] not in (';', '{', '}', '(', ','):
            j -= 1
        if 'static' in toks.text[j:d]:
            return False
        if d < rng[0]:
            return True              # a parameter
        block = _enclosing_block(toks, d, rng[0])
        if block is not None and block[0] <= at <= block[1]:
            return True
    return False


def _declarator_end(text, at, end):
    """The last token of the declarator or assignment at token at, in the statement that
    ends at token end: before the next declarator of struct hlist_head *a = T, *b = U;
    (what the others are given is not the bucket pointer's, and stays)."""
    depth = 0
    for j in range(at, end):
        if text[j] in ('(', '[', '{'):
            depth += 1
        elif text[j] in (')', ']', '}'):
            depth -= 1
        elif text[j] == ',' and depth == 0:
            return j - 1
    return end


def _bucket_step(fs, var, pos):
    """The step of head = T; head += index; (fat's d_head), when the statement after
    the assignment at pos (a statement of its own, or a declaration) adds an index to
    var and nothing else: {'idx': the index, 'pos': that of var in the step, 'end':
    that of its ;, 'tokens': those of the index}; else None."""
    toks = fs.toks
    text = toks.text
    at = toks.at_pos(pos)
    if at is None or not (text[at - 1] in (';', '{', '}') or is_declarator(toks, at)):
        return None                  # if (x) head = T; head += i;: the step runs alone
    try:
        end = statement_end(fs, at)
        if end + 3 >= len(text) or text[end] != ';' or text[end + 1] != var or \
                text[end + 2] != '+=' or _declarator_end(text, at, end) != end:
            return None              # (not after a declaration of other variables too)
        step_end = statement_end(fs, end + 1)
        if text[step_end] != ';' or step_end <= end + 3:
            return None
        idx = parse_tokens(toks, end + 3, step_end)
    except (Unknown, IndexError):
        return None
    if idx[-1] != (end + 3, step_end):
        return None
    return dict(idx=strip_parens(idx), pos=toks.pos[end + 1], end=toks.pos[step_end],
                tokens=set(range(end + 3, step_end)))


def check_helpers(fs, helpers):
    """Which helpers the tables still converting go through, and can each go or change?

    A helper can go (or lose its reduction) when every occurrence of its name
    is a call the conversion rewrites, or lies in another helper that goes.
    One that changes must be used by the conversion only; a bucket helper
    left in place would index a table whose buckets hash_min() now picks.
    Returns name -> (Definition, 'drop' or 'keep', can it go or change).
    """
    while True:
        refused = sum(bool(t.reasons) for t in fs.tables.values())
        out = _check_helpers(fs, helpers)
        if sum(bool(t.reasons) for t in fs.tables.values()) == refused:
            return out


def _check_helpers(fs, helpers):
    toks = fs.toks
    used = {}
    consumed = set()
    for t in fs.tables.values():
        if t.reasons:
            continue
        for s in t.sites:
            if s.idx is not None:
                consumed |= set(range(s.idx[-1][0], s.idx[-1][1]))
        for pos, red, a in getattr(t, 'var_assigns', ()):
            consumed |= tok_indices(fs, a[1])
        for bp in t.bucket_ptrs:
            consumed |= tok_indices(fs, bp['rhs_span']) | bp.get('step_tokens', set())
        for param in t.bucket_params:
            for c in param.calls:
                consumed |= set(range(c.arg[-1][0], c.arg[-1][1]))
        for red in table_reductions(t):
            for d, mode in red.helpers:
                entry = used.setdefault(d.name, [d, mode, set()])
                entry[2].add(t)
    can_go = set()
    changed = True
    while changed:
        changed = False
        for name, (d, mode, tables) in used.items():
            if name in can_go or not d.local:
                continue
            if all(i in consumed for i in occurrences(fs, name)
                   if i != d.name_index and not in_alternative(d, i)):
                can_go.add(name)
                consumed |= set(range(d.start, d.end + 1))
                changed = True
    out = {}
    for name, (d, mode, tables) in used.items():
        out[name] = (d, mode, name in can_go)
        if name in can_go:
            continue
        others = [i for i in occurrences(fs, name) if i not in consumed and
                  not (d.local and d.start <= i <= d.end) and not in_alternative(d, i)]
        if not others:
            continue
        if mode == 'keep' or helpers.meaning(d).kind == 'bucket':
            for t in tables:
                t.refuse('%s %s() is also used for something else, which its change would '
                         'break' % ('index helper' if mode == 'keep' else 'bucket helper', name),
                         toks.pos[others[0]])
            continue
        # the helper stays as it is: its other uses must not pair a bucket number with
        # something else (per-bucket locks or counters would no longer match the buckets)
        paired = [i for i in others if not mixes_only(fs, i)]
        if paired:
            for t in tables:
                if buckets_unchanged(t):
                    continue         # hash_min() picks the very buckets the helper does
                t.refuse('the result of %s() is also used elsewhere, as the buckets of %s no '
                         'longer are (a per-bucket lock or counter would not match)'
                         % (name, t.name), toks.pos[paired[0]])
    return out


def in_alternative(d, i):
    """Is token i in another body of d, one that only returns a constant?"""
    return any(lo <= i <= hi for lo, hi in d.alternatives)


def table_reductions(t):
    """The Reductions of every keyed access of table t."""
    return [s.red for s in t.sites if s.red is not None] + \
        [c.red for param in t.bucket_params for c in param.calls if c.red is not None] + \
        [red for pos, red, a in getattr(t, 'var_assigns', ())] + \
        [bp['red'] for bp in t.bucket_ptrs if bp.get('red') is not None]


def buckets_unchanged(t):
    """Does hash_min() put every key of t in the bucket it is in today? So when every
    access hashes a key of 4 bytes or less with hash_32() to the bits of the table
    (other bits are refused), itself or through a helper: hash_min() is hash_32() for
    such keys."""
    reds = table_reductions(t)
    return bool(reds) and all(r.picks_hash_min_bucket() for r in reds)


def passed_to_same_buckets(fs, t, i, helpers):
    """Is the table named at token i passed whole to a static function of the file that
    picks its buckets only as hash_min() would (P[E], &P[E] with E = hash_32() of a key
    of 4 bytes or less, to the bits of the table), while every access of t elsewhere does
    too, or by number (P[i] of a loop), only to read or clear them? The function then
    stays as it is: it finds entries where hash_add() puts them, or visits every bucket."""
    toks = fs.toks
    text = toks.text
    lo = table_expression_start(toks, t, i)
    if lo is None or text[lo - 1] not in ('(', ',') or text[i + 1] not in (',', ')'):
        return False
    call = enclosing_call(text, lo)
    d = helpers.get(call[0]) if call is not None else None
    if d is None or d.kind != 'function' or not d.local or not d.static or d.ambiguous \
            or d.toks is not toks or call[1] >= len(d.params):
        return False
    param, param_type = d.params[call[1]]
    if not param_type or param_type.split() != ['struct', 'hlist_head', '*']:
        return False
    body = function_range(fs, toks.pos[d.body[0]])
    if body is None:
        return False
    reasons = list(t.reasons)        # what the callee does is no reason of t: the use is
    positions = Positional(fs)
    try:
        for j in occurrences(fs, param, body[0], body[1]):
            if text[j + 1] != '[' or is_declarator(toks, j):
                return False         # P itself read, changed, or passed on
            close = matching_close(text, j + 1)
            try:
                index = parse_tokens(toks, j + 2, close)
            except Unknown:
                return False
            # a bucket by number, only read or cleared (init_hash(T, ARRAY_SIZE(T)) of
            # arch/powerpc/kvm/book3s_mmu_hpte.c): the same bucket of the same array after
            lo = j - 1 if text[j - 1] == '&' else j
            if positions.value(index, body) and read_only_use(fs, lo, close + 1, body):
                continue
            if not buckets_unchanged(t):
                return False
            red = index_reduction(fs, t, index, toks.pos[j], body, helpers)
            if red is None or not red.picks_hash_min_bucket():
                return False
        return True
    finally:
        t.reasons[:] = reasons


# <linux/hashtable.h> calls that take the table as their first argument: code that uses
# them on a struct hlist_head array needs only its declaration converted. Those of
# BUCKET_API depend on the bucket hash_min() picks for a key: hash_add() and its lookups,
# and the walks that give their loop the bucket number
BUCKET_API = frozenset(('hash_add', 'hash_add_rcu', 'hash_for_each_possible',
                        'hash_for_each_possible_rcu', 'hash_for_each_possible_rcu_notrace',
                        'hash_for_each_possible_safe', 'hash_for_each', 'hash_for_each_rcu',
                        'hash_for_each_safe'))
WHOLE_TABLE_API = frozenset(('hash_init', 'hash_empty', 'HASH_SIZE', 'HASH_BITS'))


# what converted code names (hashtable.h and the hash.h functions hash_min() calls)
HASH_FUNCTIONS = frozenset(('hash_32', 'hash_64', 'hash_long', 'hash_ptr'))
API_NAMES = BUCKET_API | WHOLE_TABLE_API | HASH_FUNCTIONS | {
    'DEFINE_HASHTABLE', 'DEFINE_READ_MOSTLY_HASHTABLE', 'DECLARE_HASHTABLE', 'hash_min',
    'hash_hashed', 'hash_del', 'hash_del_rcu', '__hash_init', '__hash_empty'}


def bit_fields(fs):
    """Names declared as bit-fields (u32 key : 20;) in the file: a name after a type
    word (not b ? p->x : 3; nor b ? x : 3;, whose tokens look alike)."""
    if not hasattr(fs, 'bit_field_names'):
        text, kind = fs.toks.text, fs.toks.kind
        fs.bit_field_names = {text[j] for j in range(1, len(text) - 3)
                              if kind[j] == 'id' and text[j + 1] == ':' and
                              kind[j - 1] == 'id' and text[j - 1] not in ('return', 'case') and
                              kind[j + 2] in ('num', 'id') and text[j + 3] in (';', ',')}
    return fs.bit_field_names


def own_api_definitions(fs):
    """(name(), position) of the first name of API_NAMES that the file #defines, #undefs
    or defines as a function, or None: converted code that calls it would get the file's."""
    if not hasattr(fs, 'own_api'):
        text, fs.own_api = fs.toks.text, None
        for j in range(2, len(text)):
            if text[j] in API_NAMES and (text[j - 1] in ('define', 'undef') and
                                         text[j - 2] == _HASH_SIGN or text[j] in fs.functions):
                fs.own_api = ('%s()' % text[j], fs.toks.pos[j])
                break
    return fs.own_api


def hashtable_api_call(fs, t, i):
    """The name of the <linux/hashtable.h> macro whose first argument is the table named
    at token i (T, E->T or E.T), or None."""
    toks = fs.toks
    text = toks.text
    lo = table_expression_start(toks, t, i)
    if lo is None or text[lo - 1] != '(' or i + 1 >= len(text) or text[i + 1] not in (',', ')'):
        return None
    call = enclosing_call(text, lo)
    if call is None or call[1] != 0 or call[0] not in BUCKET_API | WHOLE_TABLE_API:
        return None
    # (decide_table() refused the table already where the file or its headers define
    # the name: a variable of that name is left)
    return None if fs.decls.get(call[0]) else call[0]


def table_expression_start(toks, t, i):
    """The first token of the table expression whose name is token i: i itself, or for a
    member the start of E->T / E.T (E a chain of names); None where E is something else."""
    text = toks.text
    if t.scope != 'member':
        return i
    if text[i - 1] not in ('->', '.'):
        return None
    lo = i - 2
    while lo >= 2 and text[lo - 1] in ('->', '.') and toks.kind[lo - 2] == 'id':
        lo -= 2
    if toks.kind[lo] != 'id' or text[lo - 1] in ('->', '.', '*', '&'):
        return None
    return lo


def mixes_only(fs, i):
    """Is the call of a helper at token i only mixed into another value (x ^= h(k))?"""
    text = fs.toks.text
    if i + 1 >= len(text) or text[i + 1] != '(':
        return False
    close = matching_close(text, i + 1)
    before = text[i - 1] if i else ''
    after = text[close + 1] if close + 1 < len(text) else ''
    return before in ('^=', '|=', '^', '|') or after in ('^', '|')


def included_after(fs, t):
    """Why a file that fs includes after the declaration of its table t may index it, or
    None. The rule reads one file: a header or fragment included after the table is
    declared can pick its buckets in code the rule never sees, which would keep the old
    buckets. The wrapper reads those files and says (its facts); without it (make
    coccicheck), any #include after the declaration refuses."""
    facts = _FACTS.get('files', {}).get(fs.path)
    after = [pos for pos in include_lines(fs.toks) if pos > t.pos]
    if facts is not None and 'included_after' in facts:
        if facts['included_after'].get(t.name):
            return facts['included_after'][t.name]
        if t.scope != 'global' and t.name in facts.get('names_in_header_macros', ()):
            # (a global is declared in its header: the wrapper reads the code of that header)
            return ('a macro of a header the file includes names it (or the header declares a '
                    'table of that name): expanded here, it would index the table the old way')
        unread = [pos for pos in after if str(pos[0]) not in facts.get('names_used_after', {})]
        if unread:
            # a spelling the scan of the wrapper did not take for an include (a comment before
            # the hash sign, %:, a keyword split by a backslash)
            return ('line %d may include a file after its declaration, which the wrapper did '
                    'not read: code there may index the table' % unread[0][0])
        return None
    if after:
        return ('line %d includes a file after its declaration, which the rule alone cannot '
                'read: code there may index the table (tool/hashtable-convert reads it)'
                % after[0][0])
    return None


def used_by_an_include(fs, name, defined_at, includes):
    """May code the rule does not read use name, defined at defined_at: a file included
    after it, or a macro of a header? The wrapper's facts say which of the file's names
    the includes after its first table name again, and which its headers' macros name;
    without them (make coccicheck), or for an include before that table, any may."""
    facts = _FACTS.get('files', {}).get(fs.path, {})
    if name in facts.get('names_in_header_macros', ()):
        return True                  # a macro of a header uses it wherever it is expanded
    used_after = facts.get('names_used_after')
    for pos in includes:
        if pos < defined_at:
            continue
        names = used_after.get(str(pos[0])) if used_after is not None else None
        if names is None or name in names:
            return True
    return False


def decide_table(fs, t, helpers):
    toks = fs.toks
    if t.scope == 'global' and t.name not in SHARED_NAMES:
        t.refuse('not static: other files may index it')
    own = own_api_definitions(fs)
    if own:
        t.refuse('the file defines %s of <linux/hashtable.h> itself: the converted code would '
                 'use it' % own[0], own[1])
    else:
        # (the tool gives the rule the definitions of these names in the headers of the file,
        # other than <linux/hashtable.h>)
        again = [n for n in sorted(API_NAMES - HASH_FUNCTIONS) if helpers.get(n) is not None]
        if again:
            t.refuse('a header of the file defines %s() of <linux/hashtable.h> again: the '
                     'converted code would use it' % again[0], t.pos)
    if not t.injected and t.pos is not None:
        why = included_after(fs, t)
        if why:
            t.refuse(why)
        # the wrapper found the same struct with this table in a header (shared.py)
        why = _FACTS.get('files', {}).get(fs.path, {}).get('refused_locals', {}).get(t.name)
        if why:
            t.refuse(why)
    if t.reasons:
        return
    if t.scope == 'member' and t.struct:
        # a use of the table read as a member of another struct would keep its old bucket; the
        # declarations that tell them apart are read from tokens, which scopes and macros
        # fooled in reviews
        others = [b for b in member_bases(fs, t.name) if b not in ('?', t.struct)]
        if others:
            t.refuse('the file names %s as a member of struct %s too, and declarations read '
                     'from tokens cannot prove which struct each use means' % (t.name, others[0]),
                     t.pos)
            return
    if t.injected and not table_occurrences(fs, t) and not t.sites and not t.bucket_ptrs:
        t.refuse('not used in this file')   # (a call of a helper of its header is a use)
        return
    constructed = False      # a power of two with no value here: its bits are ilog2() of it
    try:
        sizes = [v[0] for v in evaluate_all(fs.macros, [t.size_text])]
    except Unknown as e:
        # 1 << B, BIT(B): a power of two, whatever B is (a CONFIG_ value)
        if bits_expression(fs.macros, t.size_text, evaluate=False) is None:
            constructed = power_of_two_by_construction(fs.macros, t.size_text)
            if not constructed:
                t.refuse('bucket count "%s" is not a constant here (%s)' % (t.size_text, e))
        sizes = []
    if sizes and not all(is_power_of_2(n) for n in sizes):
        t.refuse('bucket count "%s" = %s is not a power of two'
                 % (t.size_text, '/'.join(str(n) for n in sorted(set(sizes)))))
    if t.reasons:
        return
    t.bits = 'ilog2(%s)' % t.size_text if constructed else bits_expression(fs.macros, t.size_text)
    if t.bits is not None and t.pos is not None and any(
            fs.macro_pos.get(w) and min(fs.macro_pos[w]) > t.pos
            for w in re.findall(r'[A-Za-z_]\w*', t.bits)):
        # a macro defined after the table cannot name its bits there: its value can
        try:
            values = {v[0] for v in evaluate_all(fs.macros, [t.size_text])}
        except Unknown:
            values = set()
        t.bits = str(values.pop().bit_length() - 1) if len(values) == 1 else None
    if t.bits is None and t.scope in ('static', 'global', 'pointer'):   # members keep theirs
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
        if loop.get('scan') and _changes_and_stops(fs, tok_indices(fs, loop['span'])):
            t.refuse(_CHANGES_AND_STOPS, loop['pos'])
    for walk in t.walks:
        try:
            covers = loop_covers_table(fs, t, walk)
        except Unknown:
            covers = False
        if not covers:
            t.refuse('loop bound "%s" does not cover exactly the buckets' % walk['hi'], walk['pos'])
        ok_spans.append(walk['span'])
        body = tok_indices(fs, (walk['header_end'], walk['span'][1]))
        if walk.get('pointer'):
            walk['convert'], walk['why'] = False, 'a walk by bucket pointer stays as it is'
            why = pointer_walk_misuse(fs, walk, body)
            if why:
                t.refuse(why, walk['pos'])
            continue
        assigns_cursor = any(toks.text[i] == walk['cursor'] and
                             (toks.text[i + 1] in ('=', '++', '--', '+=', '-=') or
                              toks.text[i - 1] in ('++', '--', '&'))
                             for i in body)
        if _changes_and_stops(fs, body):
            t.refuse(_CHANGES_AND_STOPS, walk['pos'])
        walk['convert'] = not assigns_cursor and not any(toks.text[i] == 'break' for i in body)
        walk['why'] = None if walk['convert'] else 'body breaks or changes the cursor'
        for i in body:
            if toks.text[i] == walk['cursor'] and toks.kind[i] == 'id' and \
                    not reads_bucket_only(toks.text, i, i, (t.name,)) and \
                    not stored_in_cursor(fs, Positional(fs), i):
                t.refuse('a walk over the buckets reads its bucket number "%s": hash_min() '
                         'puts entries in other buckets' % walk['cursor'], toks.pos[i])
                break

    # a bucket picked by number, without a key (a loop counter, a cursor), stays as
    # it is: the converted table is the same array of buckets
    positions = Positional(fs)
    keyed = []
    for s in t.sites:
        rng = function_range(fs, s.op_pos)
        if s.how in ('var', 'direct') and positions.value(s.idx, rng):
            if inserts_into(fs, s.kind):
                t.refuse('%s() into bucket "%s", picked without a key: hash_add() would put '
                         'it elsewhere' % (s.kind, render(toks, s.idx)), s.op_pos)
            number = strip_parens(s.idx)
            while number[0] == 'bin' and number[1] in ('&', '%', '+', '-'):
                number = strip_parens(number[2])     # id & MASK: what id is read as
            read = number_read(fs, t, number, rng, at=s.idx[-1][0])
            if read is not None:
                t.refuse('bucket number "%s" is read as a number (%s): hash_min() puts entries '
                         'in other buckets' % (render(toks, s.idx), read[1]), read[0])
            t.positional.append(s)
        else:
            keyed.append(s)
    t.sites = keyed
    for loop in t.inits:
        if loop.get('scan') and loop.get('cursor'):
            rng = function_range(fs, loop['pos'])
            read = number_read(fs, t, ('id', loop['cursor'], None), rng,
                               at=fs.toks.at_pos(loop['pos']) + 1)
            if read is not None:
                t.refuse('bucket number "%s" is read as a number (%s): hash_min() puts entries '
                         'in other buckets' % (loop['cursor'], read[1]), read[0])
    for bp in list(t.bucket_ptrs):
        rng = function_range(fs, bp['pos'])
        if bp['red'] is None and bp['idx'] is not None and positions.value(bp['idx'], rng):
            t.bucket_ptrs.remove(bp)
            scope = bp.get('scope') or rng
            for s in [s for s in t.sites if s.how == 'bptr' and s.var == bp['var'] and
                      scope[0] <= fs.toks.at_pos(s.op_pos) <= scope[1]]:
                t.sites.remove(s)
                if inserts_into(fs, s.kind):
                    t.refuse('%s() into a bucket picked without a key: hash_add() would put '
                             'it elsewhere' % s.kind, s.op_pos)
                t.positional.append(s)
            if not bucket_variable_reads(fs, bp['var'], rng):
                t.refuse('bucket pointer "%s" is used for something else' % bp['var'], bp['pos'])
    widths, forms = {}, set()
    for site in t.sites:
        rng = function_range(fs, site.op_pos)
        if site.how == 'direct':
            site.red = index_reduction(fs, t, site.idx, site.op_pos, rng, helpers)
        if site.how in ('direct', 'helper', 'param') and site.red is not None:
            red = site.red
            site.form, site.key_text = red.form, red.key_text
            forms.add(red.form)
            widths.setdefault(red.width, []).append(site.op_pos)

    for param in t.bucket_params:
        for c in param.calls:
            if c.red is not None:
                forms.add(c.red.form)
                widths.setdefault(c.red.width, []).append(toks.pos[c.node[-1][0]])

    # index variables: every occurrence must be understood
    t.var_assigns = []
    t.retyped = {}           # (var, function range) -> (declaration position, type of its key)
    t.renamed = {}           # (var, function range) -> (declaration position, its new name)
    # a bucket pointer to &T[idx] with an index variable: the variable becomes the key
    var_uses = [(s.var, s.op_pos, s.idx) for s in t.sites if s.how == 'var']
    for bp in t.bucket_ptrs:
        if bp['red'] is None and bp['idx'] is not None and bp['idx'][0] == 'id':
            var_uses.append((bp['idx'][1], bp['pos'], bp['idx']))
            bp['red'] = Reduction('var', toks, bp['idx'])
            bp['red'].table_template, bp['red'].table_parts = bp['table_text'], {}
    # an index variable handed to a function that hashes the key itself: that
    # argument goes, or becomes the key (params.py)
    param_args = {toks.pos[i] for p in t.bucket_params if p.index_param and p.mode
                  for c in p.calls for i in range(c.arg[-1][0], c.arg[-1][1])}
    for var in sorted({v for v, pos, idx in var_uses}):
        for rng in sorted({function_range(fs, pos) for v, pos, idx in var_uses if v == var}):
            type_text = declared_type(fs, var, rng)
            if type_text is None:
                t.refuse('index variable "%s" is not a local of the function' % var)
                continue
            # one type per function is all the width checks below know of
            types = {_plain_type(d[1]) for d in fs.decls.get(var, ())
                     if toks.pos[rng[0]] <= d[0] <= toks.pos[rng[1]]}
            if len(types) > 1:
                t.refuse('index variable "%s" is declared with %d types in the function (%s)'
                         % (var, len(types), ', '.join(sorted(types))), toks.pos[rng[0]])
                continue
            if positions.is_parameter(var, rng):
                # the caller picked the bucket: from a key, unseen here
                t.refuse('bucket number "%s" is a parameter: its callers compute it'
                         % var, toks.pos[rng[0]])
                continue
            key_positions = {toks.pos[idx[-1][0]] for v, pos, idx in var_uses if v == var}
            decl_positions = {d[0] for d in fs.decls.get(var, ()) if not d[2]}
            assigns = {a[0]: a for a in fs.assigns.get(var, ())}
            others, why = other_tables_of_variable(fs, t, var, rng, key_positions, set(assigns))
            if why is not None:
                t.refuse(why[0], why[1])
                continue
            reds = []
            for i in occurrences(fs, var, rng[0], rng[1]):
                pos = toks.pos[i]
                if pos in key_positions or pos in decl_positions or in_spans(pos, ok_spans) \
                        or pos < toks.pos[rng[0]] or pos in param_args or pos in others:
                    continue
                if pos in assigns:
                    node = parse_span(fs, assigns[pos][1])
                    red = None if node is None else \
                        index_reduction(fs, t, node, pos, rng, helpers)
                    if node is None:
                        t.refuse('index variable "%s" is assigned something not understood'
                                 % var, pos)
                    elif red is not None and red.width == 'long' \
                            and width_class(type_text) != 'long' \
                            and not widen_index_variable(fs, t, var, rng, red, pos,
                                                         key_positions | set(assigns)):
                        # the variable would keep only part of the key
                        t.refuse('index variable "%s" (%s) is narrower than its key "%s"'
                                 % (var, type_text, red.key_text), pos)
                    elif red is not None and _cuts_key(fs, red, type_text, rng) \
                            and not widen_index_variable(fs, t, var, rng, red, pos,
                                                         key_positions | set(assigns), narrow=True):
                        # u8 idx = key & MASK; after the conversion idx = key keeps 8 bits
                        # of it, and a site that hashes the key itself picks another bucket
                        t.refuse('index variable "%s" (%s) is narrower than 32 bits: it would '
                                 'cut its key "%s"' % (var, type_text, red.key_text), pos)
                    elif red is not None:
                        type_text = t.retyped.get((var, rng), (None, type_text))[1]
                        forms.add(red.form)
                        t.var_assigns.append((pos, red, assigns[pos]))
                        reds.append(red)
                        widths.setdefault(width_class(type_text), []).append(pos)
                    continue
                t.refuse('index variable "%s" is used for something else' % var, pos)
            rename_index_variable(fs, t, var, rng, key_positions | set(assigns), reds)

    # bucket pointers: one assignment, then used only as the bucket of hlist ops
    for bp in t.bucket_ptrs:
        var = bp['var']
        rng = function_range(fs, bp['pos'])
        if rng is not None and not _local_at(fs, var, bp['pos'], rng):
            t.refuse('bucket pointer "%s" is not a variable of its function (or a static '
                     'one): another call may read it' % var, bp['pos'])
            continue
        red = bp['red']
        if red is None and bp['idx'] is not None:
            red = bp['red'] = index_reduction(fs, t, bp['idx'], bp['pos'], rng, helpers)
        if red is None or rng is None:
            continue
        if red.form != 'var':        # an index variable: its assignments tell
            forms.add(red.form)
            widths.setdefault(red.width, []).append(bp['pos'])
        decl_positions = {d[0] for d in fs.decls.get(var, ()) if not d[2]}
        scope = bp.get('scope') or rng
        use_ops = {toks.pos[s.idx[-1][0]]: s for s in t.sites
                   if s.how == 'bptr' and s.var == var and scope[0] <= s.idx[-1][0] <= scope[1]}
        for param in t.bucket_params:
            for c in param.calls:
                if c.pointer is bp:
                    use_ops[toks.pos[strip_parens(c.arg)[-1][0]]] = c
        bp['uses'] = []
        last = bp['pos']
        for i in occurrences(fs, var, scope[0], scope[1]):
            pos = toks.pos[i]
            if pos in (bp['pos'], bp.get('step_pos')) or pos in decl_positions or \
                    pos < toks.pos[scope[0]]:
                continue
            if pos in use_ops and pos > bp['pos']:
                bp['uses'].append(use_ops[pos])
                last = max(last, pos)
                continue
            t.refuse('bucket pointer "%s" is used for something else' % var, pos)
        stable, why = key_is_stable(fs, red, rng, toks.at_pos(bp['span'][1]),
                                    toks.first_at_or_after(last), helpers)
        if not stable:
            t.refuse(why, bp['pos'])
        base = _table_base(bp.get('table_text', ''))
        if base is not None:
            # E->T: the use names the table anew (hash_add(E->T, ...)), so E must not change
            stable, why = key_is_stable(fs, reduction_of_text('base', base), rng,
                                        toks.at_pos(bp['span'][1]), toks.first_at_or_after(last),
                                        helpers)
            if not stable:
                t.refuse('table "%s" of bucket pointer "%s": %s' % (bp['table_text'], var, why.replace(
                    'key "%s"' % base, '"%s"' % base)), bp['pos'])
    for s in t.sites:
        if s.how == 'bptr' and not any(s in bp.get('uses', ()) for bp in t.bucket_ptrs):
            t.refuse('bucket pointer "%s" does not come from one assignment' % s.var, s.op_pos)

    t.widths, t.forms = widths, forms
    if len(widths) > 1:
        t.refuse('keys differ in width: %s' % ', '.join(
            '%s (line %d)' % (w, p[0][0]) for w, p in sorted(widths.items())))
    if not forms_agree(forms):
        t.refuse('the index is computed in different ways: %s' % ', '.join(sorted(forms)))

    api_buckets = []         # hash_add(T, ...) and the like: the code uses hashtable.h already
    for i in table_occurrences(fs, t):
        if toks.pos[i] not in t.uses and positional_use(fs, t, i, positions):
            t.uses.add(toks.pos[i])
        if toks.pos[i] not in t.uses and passed_to_same_buckets(fs, t, i, helpers):
            t.uses.add(toks.pos[i])
        if toks.pos[i] not in t.uses:
            api = hashtable_api_call(fs, t, i)
            if api is not None:
                t.uses.add(toks.pos[i])
                if api in BUCKET_API:
                    api_buckets.append((api, toks.pos[i]))
        if toks.pos[i] not in t.uses:
            line = toks.pos[i][0]
            t.refuse('use not understood: "%s"%s' % (' '.join(
                toks.text[j] for j in range(max(0, i - 3), min(len(toks.text), i + 4))
                if toks.pos[j][0] == line), why_not_understood(fs, t, i, helpers)), toks.pos[i])
    for red in table_reductions(t):
        # hash_add(T, n, p->f) takes sizeof(p->f), which C refuses for a bit-field
        key = strip_parens(red.key) if red.key is not None else None
        if key is not None and key[0] == 'field' and key[2] in bit_fields(fs):
            t.refuse('key "%s" is a bit-field: hash_min() takes its sizeof, which C refuses '
                     'there' % red.key_text)
            break
    # a helper the conversion drops or changes, which a file included after it may call
    includes = include_lines(toks)
    changed = {d for red in table_reductions(t) for d, _ in red.helpers} | set(t.bucket_helpers)
    for d in sorted(changed, key=lambda d: d.name):
        if d.local and d.pos is not None and used_by_an_include(fs, d.name, d.pos, includes):
            t.refuse('%s() may be used by code the rule does not read (a file included after '
                     'it, a macro of a header): the conversion changes it, and that code would '
                     'pick buckets the old way' % d.name, d.pos)
    if api_buckets:
        # the tool compares forms between the files of a shared table: a file that picks
        # buckets by hash_add() does not agree with one that masks its keys
        t.forms = set(forms) | {'api'}
    if api_buckets and table_reductions(t) and not buckets_unchanged(t):
        # hash_add() puts an entry where hash_min() says, and hash_for_each() tells its
        # bucket number: an open-coded access that picks buckets otherwise would, converted,
        # move its entries to the buckets of hash_min(), which these calls see otherwise
        t.refuse('%s() works with the buckets hash_min() picks, and another access of the '
                 'table picks them otherwise' % api_buckets[0][0], api_buckets[0][1])
    if t.scope == 'member':
        check_member_bases(fs, t)
    n = len(toks.text)
    for i in range(n - 1):
        # a name pasted together by the preprocessor is not a token of the file
        if toks.text[i] == _HASH_SIGN and toks.text[i + 1] == _HASH_SIGN:
            parts = [toks.text[j] for j in (i - 1, i + 2) if 0 <= j < n and toks.kind[j] == 'id']
            if any(len(x) > 1 and (t.name.startswith(x) or t.name.endswith(x)) for x in parts):
                t.refuse('the file pastes tokens that may spell the name', toks.pos[i])


def index_positions(fs, t, var, rng):
    """Positions where var is the bucket number of table t, in the function rng."""
    toks = fs.toks
    nodes = [s.idx for s in t.sites if s.how == 'var' and s.var == var]
    nodes += [bp['idx'] for bp in t.bucket_ptrs
              if bp['idx'] is not None and bp['idx'][0] == 'id' and bp['idx'][1] == var]
    return {toks.pos[n[-1][0]] for n in nodes if rng[0] <= n[-1][0] <= rng[1]}


def other_tables_of_variable(fs, t, var, rng, mine, assigns):
    """Where index variable var also picks buckets of other tables in the function
    rng (hash = svc_key(...); hlist_add_head(.., &T[hash]) in one branch, hash =
    fwm_key(...); .. &U[hash] in the other): the positions that belong to them,
    their uses and the assignments that reach only those, or a refusal (text,
    position) when an assignment is not known to reach one table only."""
    toks = fs.toks
    mine = {p for p in mine if toks.pos[rng[0]] <= p <= toks.pos[rng[1]]}
    theirs = set()
    for other in fs.tables.values():
        if other is not t:
            theirs |= index_positions(fs, other, var, rng)
    if not theirs:
        return set(), None
    reach = {}
    for pos in sorted(mine | theirs):
        a = _assignment_just_before(toks, toks.at_pos(pos), assigns)
        if a is None:
            return set(), ('index variable "%s" picks buckets of other tables too, and no '
                           'assignment just before this use tells which value it holds'
                           % var, pos)
        reach.setdefault(a, set()).add(pos in mine)
    for a, whose in sorted(reach.items()):
        if len(whose) > 1:
            return set(), ('index variable "%s" holds one value for this table and another'
                           % var, a)
    return theirs | {a for a, whose in reach.items() if whose == {False}}, None


def _assignment_just_before(toks, i, assigns):
    """The position of the assignment of the variable at token i that always gives it
    its value there: a statement of the same block, before it, with no other
    assignment, label or case between; None when there is no such statement."""
    text = toks.text
    block, use_start = _statement_start(toks, i)
    if block is None:
        return None
    head = text[use_start]
    if head in ('if', 'switch') or (toks.kind[use_start] == 'id' and text[use_start + 1] == '('
                                   and head not in ('for', 'while')):
        # a condition or an iterator header is evaluated first, and once; its body is
        # not (a loop condition is evaluated again after the body, which may assign)
        close = matching_close(text, use_start + 1)
        if not use_start + 1 < i < close:
            return None
    elif head in ('for', 'while', 'do', 'else', 'case', 'default'):
        return None
    for k in range(i - 1, block, -1):
        if toks.pos[k] in assigns:
            owner, start = _statement_start(toks, k)
            if owner != block or any(toks.kind[x] != 'id' and text[x] != '*' or
                                     text[x] in _STATEMENT_WORDS
                                     for x in code_indices(toks, start, k)):
                return None          # assigned in a branch or a loop of its own
            # only #if lines between the assignment and the use: the use is in the
            # assignment's group or one inside it, and runs only after it; an #else
            # or #endif between them is where another configuration's value reaches it
            if not _opens_groups_only(toks, k, i):
                return None
            return toks.pos[k] if _no_label_between(text, k, i) else None
    return None


_OPENING_DIRECTIVES = ('if', 'ifdef', 'ifndef', 'define', 'undef')


def _opens_groups_only(toks, lo, hi):
    """Do the preprocessor lines among tokens lo..hi-1 only open #if groups (or define
    macros), so that code after them runs with whatever ran before them?"""
    return all(toks.text[x + 1] in _OPENING_DIRECTIVES for x in range(lo, hi - 1)
               if toks.bol[x] and toks.text[x] == _HASH_SIGN)


# words that make a statement more than a declaration or an expression
_STATEMENT_WORDS = {'if', 'else', 'do', 'while', 'for', 'switch', 'case', 'default', 'return',
                    'goto', 'break', 'continue'}


def _no_label_between(text, lo, hi):
    """No label or case between tokens lo and hi, where a jump may land: every : is
    the second half of a ?: there."""
    pending = 0
    for k in range(lo, hi):
        if text[k] in ('case', 'default'):
            return False
        if text[k] == '?':
            pending += 1
        elif text[k] == ':':
            if not pending:
                return False
            pending -= 1
    return True


def _statement_start(toks, i):
    """(index of the { of the block, index of the first token of the statement of that
    block) around token i; (None, None) outside any block."""
    text = toks.text
    depth, k = 0, i - 1
    while k >= 0:
        if text[k] in (')', ']', '}'):
            if text[k] == '}' and depth == 0:
                return _block_of(toks, k), k + 1
            depth += 1
        elif text[k] in ('(', '[', '{'):
            if depth == 0 and text[k] == '{':
                return k, k + 1
            depth = max(0, depth - 1)        # out of a bracket around token i
        elif text[k] == ';' and depth == 0:
            return _block_of(toks, k), k + 1
        k -= 1
    return None, None


def _block_of(toks, k):
    """Index of the { of the block that token k (a ; or the } of an inner block) ends
    a statement of."""
    depth = 1 if toks.text[k] == '}' else 0
    for j in range(k - 1, -1, -1):
        if toks.text[j] in ('}', ')', ']'):
            depth += 1
        elif toks.text[j] in ('{', '(', '['):
            if depth == 0:
                return j if toks.text[j] == '{' else None
            depth -= 1
    return None


def widen_index_variable(fs, t, var, rng, red, pos, allowed, narrow=False):
    """An index variable narrower than its key takes the key's type (u32 idx = hash_64(v, B)
    holds v from now on, so u32 idx becomes u64 idx; narrow: u8 idx = hash_32(v, B) with a
    u32 v becomes u32 idx). Only a local declared on its own, and a key whose type is
    written: a variable, a field, a cast or a kept helper. Returns whether it is retyped."""
    key_type = _plain_type(_key_type(fs, red, rng))
    if key_type is None or width_class(key_type) not in (('small', 'long') if narrow else ('long',)):
        return False
    decls = [d for d in fs.decls.get(var, ())
             if fs.toks.pos[rng[0]] <= d[0] <= fs.toks.pos[rng[1]]]
    if len(decls) != 1 or not declares_only(fs, decls[0][0]):
        return False
    # only as the index of this table: a loop cursor or anything else that reads it
    # would see a wider value (~idx, printf("%u", idx))
    if any(fs.toks.pos[i] not in allowed and fs.toks.pos[i] != decls[0][0]
           for i in occurrences(fs, var, rng[0], rng[1])):
        return False
    known = t.retyped.get((var, rng))
    if known is not None and known[1] != key_type:
        t.refuse('index variable "%s" is given keys of types %s and %s'
                 % (var, known[1], key_type), pos)
        return True
    t.retyped[(var, rng)] = (decls[0][0], key_type)
    return True


# what an index variable is called when its name says bucket, and what it holds then
_INDEX_NAME = re.compile(r'idx|index|bucket|bkt|slot', re.I)
KEY_NAME = 'hash'


def rename_index_variable(fs, t, var, rng, rewritten, reds):
    """An index variable that now holds a key is named for it, as the seed 9p conversion
    did (int bucket became u32 hash): when its name says bucket or index, it is declared
    alone and without a value, and every other occurrence is rewritten anyway (an
    assignment of the key, a bucket use). Not when the function or a macro of the file
    already has a token hash (a member name aside): the new local would capture it.
    A 32-bit variable given 32-bit keys of one other type takes that type too."""
    if not _INDEX_NAME.search(var) or rng is None:
        return
    decls = [d for d in fs.decls.get(var, ())
             if fs.toks.pos[rng[0]] <= d[0] <= fs.toks.pos[rng[1]]]
    if len(decls) != 1 or decls[0][2] or not declares_only(fs, decls[0][0]):
        return
    if any(fs.toks.pos[i] not in rewritten and fs.toks.pos[i] != decls[0][0]
           for i in occurrences(fs, var, rng[0], rng[1])):
        return
    start = function_header(fs, rng)[1]
    toks = fs.toks.text
    if any(toks[i] == KEY_NAME and toks[i - 1] not in ('->', '.') for i in range(start, rng[1] + 1)):
        return
    if any(KEY_NAME in body or var in body
           for values in fs.macros.values() for body in (Tokens(v).text for v in values)):
        return
    t.renamed[(var, rng)] = (decls[0][0], KEY_NAME)
    key_types = {_plain_type(_key_type(fs, red, rng)) for red in reds}
    if len(key_types) == 1 and (var, rng) not in t.retyped:
        key_type = key_types.pop()
        var_type = _plain_type(decls[0][1])
        if key_type and key_type != var_type and is_32_bits(key_type) and is_32_bits(var_type):
            t.retyped[(var, rng)] = (decls[0][0], key_type)


def _cuts_key(fs, red, var_type, rng):
    """Is var_type narrower than 32 bits and not the very type of the key?"""
    if holds_bucket_number(var_type):
        return False
    key_type = _key_type(fs, red, rng)
    return key_type is None or _plain_type(key_type) != _plain_type(var_type)


def _key_type(fs, red, rng):
    """The C type of the key of a reduction: a kept helper returns it, or spatch or a
    declaration of the file tells it; None when unknown."""
    if red.key_type is not None:
        return red.key_type
    return type_of(fs, strip_parens(red.key), rng) if red.toks is fs.toks else None


def _plain_type(type_text):
    if type_text is None:
        return None
    return ' '.join(w for w in type_text.split() if w not in ('const', 'volatile', 'static',
                                                                'register'))


def declares_only(fs, pos):
    """Does the declaration of the name at pos declare nothing else (no int a, b;)?"""
    toks = fs.toks
    i = toks.at_pos(pos)
    j = i
    while j > 0 and toks.text[j - 1] not in (';', '{', '}'):
        j -= 1
    end = statement_end(fs, i)
    depth = 0
    for k in range(j, end):
        if toks.text[k] in ('(', '[', '{'):
            depth += 1
        elif toks.text[k] in (')', ']', '}'):
            depth -= 1
        elif toks.text[k] == ',' and depth == 0:
            return False
    return True


_KEYLESS_API = {'hash_for_each', 'hash_for_each_safe', 'hash_for_each_rcu', 'hash_empty',
                'hash_init'}


def _bucket_parameter(fs, t, text, i, depth):
    """Is token i an argument of a function of this file whose parameter there only
    names buckets of t (and is read as nothing else)?"""
    call = enclosing_call(text, i)
    if call is None or call[0] not in fs.functions or depth > 4:
        return False
    j = fs.toks.at_pos(fs.functions[call[0]])
    d = function_at(fs.toks, j) if j is not None else None
    if d is None or call[1] >= len(d.params):
        return False
    name = d.params[call[1]][0]
    rng = function_range(fs, fs.toks.pos[d.body[0]])
    body = occurrences(fs, name, d.body[0], d.body[1])
    if not any(text[k - 2] == t.name and text[k - 1] == '[' for k in body):
        return False
    return number_read(fs, t, ('id', name, None), rng, depth + 1) is None


def _counting_loop(fs, var, at, rng):
    """(first, last) token of the innermost for/while around token at whose header
    names var, or None."""
    text = fs.toks.text
    for k in range(at, rng[0], -1):
        if text[k] in ('for', 'while') and text[k + 1] == '(':
            close = matching_close(text, k + 1)
            end = statement_end(fs, k)
            if end >= at and var in text[k + 2:close]:
                return k, end
    return None


def number_read(fs, t, node, rng, depth=0, at=None):
    """(position, text) of a use of a positional bucket number (a local or a cursor field)
    other than naming a bucket of t, a step, an assignment to it, or a comparison with a
    constant bound; None when there is none."""
    toks = fs.toks
    text = toks.text
    if node[0] == 'id' and rng is not None:
        where = occurrences(fs, node[1], function_header(fs, rng)[1], rng[1])
        loop = _counting_loop(fs, node[1], at, rng) if at is not None else None
        if loop is not None:         # a loop counter: what it counts in this loop
            where = [i for i in where if loop[0] <= i <= loop[1]]
    elif node[0] == 'field':
        where = [i for i in range(1, len(text) - 1)
                 if text[i] == node[2] and text[i - 1] in ('->', '.')]
    else:
        return None
    decls = {d[0] for d in fs.decls.get(node[1], ())} if node[0] == 'id' else set()
    for i in where:
        if toks.pos[i] in decls:
            continue
        start = i
        while start >= 2 and text[start - 1] in ('->', '.'):
            start -= 2
        if reads_bucket_only(text, start, i, fs.tables):
            continue                 # T[i], T + i (of T or of another table), it->bucket++
        prev, nxt = text[start - 1], text[i + 1]
        if nxt in ('=', '+=', '-=') and prev in (';', '{', '}', '(', ','):
            continue                 # assigned: what it is given is checked elsewhere
        if node[0] == 'id' and _wrapped_step(fs, t, text, i):
            continue                 # j = (j + 1) & MASK: the next bucket, from the last
        if node[0] == 'id' and stored_in_cursor(fs, Positional(fs), i):
            continue                 # iter->bucket = idx: where the next call resumes
        if node[0] == 'id' and prev in ('(', ',') and nxt in (')', ',') and \
                _bucket_parameter(fs, t, text, i, depth):
            continue                 # fill_bucket(vlan, i): a bucket of t there too
        if nxt in ('<', '<=', '!=', '>=', '>', '==') or prev in ('<', '<=', '!=', '>=', '>', '=='):
            other = _other_operand(text, i if nxt in ('<', '<=', '!=', '>=', '>', '==') else start)
            if other is not None and all(toks.kind[k] != 'id' or text[k] in fs.macros or
                                         text[k].isupper() or text[k] in ('ARRAY_SIZE', 'HASH_SIZE',
                                                                          t.name)
                                         for k in other):
                continue             # a loop bound
        return toks.pos[i], ' '.join(text[max(start - 2, 0):i + 3])
    return None


def _wrapped_step(fs, t, text, i):
    """Is token i the j of j = (j + 1) & MASK or j = (j + 1) % SIZE, MASK and SIZE those of t?

    A bucket number stays one: the buckets are visited in turn, from one left off."""
    if i < 3 or text[i - 3] != text[i] or text[i - 2] != '=' or text[i - 1] != '(' \
            or text[i + 1:i + 5] not in (['+', '1', ')', '&'], ['+', '1', ')', '%']):
        return False
    end = i + 5
    while end < len(text) and text[end] not in (';', ',', ')'):
        end += 1
    if end == i + 5 or text[end] != ';':
        return False
    operand = ' '.join(text[i + 5:end])
    size = minus_one(fs.macros, operand) if text[i + 4] == '&' else operand
    return same_constant(fs.macros, size, t.size_text)


def _other_operand(text, i):
    """Token indices of the operand on the other side of the comparison next to token i."""
    if text[i + 1] in ('<', '<=', '!=', '>=', '>', '=='):
        j, depth, out = i + 2, 0, []
        while j < len(text):
            if text[j] in ('(', '['):
                depth += 1
            elif text[j] in (')', ']'):
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and text[j] in (';', ',', '&&', '||', '?'):
                break
            out.append(j)
            j += 1
        return out
    return list(range(i - 2, _operand_start(text, i - 2, (';', ',', '&&', '||', '?', '=')) - 1, -1))


def reads_bucket_only(text, start, i, tables):
    """Is the bucket number at tokens start..i (i, or it->bucket) used to name a bucket of
    one of tables (T[i], T + i) or stepped, rather than read as a number (hist[i]++,
    sum + i, e->slot = i)?"""
    prev, nxt = text[start - 1], text[i + 1]
    if nxt in ('++', '--') or prev in ('++', '--'):
        return True
    return start >= 2 and text[start - 2] in tables and (prev == '[' and nxt == ']' or prev == '+')


def cursor_only_walks(fs, spans, rng):
    """Is the bucket cursor of hash_for_each*(T, bkt, ...) read nowhere else in the function?
    A walk that reads it sees the bucket of each entry, which hash_min() changes."""
    toks = fs.toks
    if len(spans) < 2 or spans[1][1] - spans[1][0] != 1 or rng is None:
        return False
    cursor = toks.text[spans[1][0]]
    decls = {d[0] for d in fs.decls.get(cursor, ())
             if toks.pos[rng[0]] <= d[0] <= toks.pos[rng[1]]}
    if not decls:
        return False                 # a global or a parameter: read elsewhere too
    for k in occurrences(fs, cursor, rng[0], rng[1]):
        if toks.pos[k] in decls:
            continue
        call = enclosing_call(toks.text, k)
        if call is None or call[0] not in _KEYLESS_API or call[1] != 1 or toks.text[k + 1] != ',':
            return False
    return True


def positional_use(fs, t, i, positions):
    """Is the occurrence of t at token i a bucket read by number, or the size of t?"""
    toks = fs.toks
    text = toks.text
    rng = function_range(fs, toks.pos[i])
    start = i
    if t.scope != 'member' and names_table_field(fs, i):
        return True                  # iter->table = T, iter->table == T: which table, no bucket
    if t.scope == 'member':
        if not i or text[i - 1] not in ('->', '.'):
            return False
        start = i - 2
        while start > 0 and text[start - 1] in ('->', '.'):
            start -= 2
        if text[start] == ')':
            return False             # (x)->t: a base we cannot follow back
    # ARRAY_SIZE(t), HASH_SIZE(t), sizeof(t): how many buckets, not which
    call = enclosing_call(text, start)
    if call is not None and call[0] in ('ARRAY_SIZE', 'HASH_SIZE', 'sizeof') and \
            text[i + 1] == ')':
        return True
    if start and text[start - 1] == 'sizeof':
        return True
    # hashtable.h already: a full walk, an emptiness test or an init of every bucket
    # means the same whichever bucket hash_min() picks for a key
    if call is not None and call[0] in _KEYLESS_API and call[1] == 0 and \
            text[i + 1] in (',', ')') and start and text[start - 1] == '(':
        return call[0] in ('hash_empty', 'hash_init') or \
            cursor_only_walks(fs, argument_spans(text, start - 1), rng)
    index = index_of(text, i)
    if index is not None:
        try:
            node = parse_tokens(toks, index[0], index[1])
        except (Unknown, IndexError):
            return False
        if not positions.value(node, rng):
            return False
        lo = start - 1 if start and text[start - 1] == '&' else start
        return read_only_use(fs, lo, index[1] + 1, rng)
    # the table itself: its first bucket, in a pointer walk (read alone, bucket 0 has the
    # entries the hash puts there: hlist_empty(T) means another thing once converted)
    return start >= 2 and text[start - 1] == '=' and toks.kind[start - 2] == 'id' and \
        bucket_variable_reads(fs, text[start - 2], rng)


def why_not_understood(fs, t, i, helpers):
    """What a reviewer needs of a use not understood, where it is one of two shapes
    (ping's table): ': ...', or ''."""
    toks = fs.toks
    text = toks.text
    for d in helpers.defs.values():
        m = helpers.meaning(d) if d.local and d.start is not None and d.start <= i <= d.end \
            else None
        if m is not None and m.kind == 'bucket' and m.table is not None and \
                t.name in re.findall(r'\w+', render(d.toks, m.table)):
            # the table in the body of a bucket helper: understood through its calls
            if m.why:
                return ': in bucket helper %s(): %s' % (d.name, m.why)
            return ': not every use of the buckets %s() returns is an hlist operation ' \
                'that the API replaces' % d.name
    index = index_of(text, i)
    if index is None:
        return ''
    try:
        node = parse_tokens(toks, index[0], index[1])
    except (Unknown, IndexError):
        return ''
    note = foreign_field_note(fs, node)
    return note and ': its bucket number "%s" is%s' % (render(toks, node), note.replace(':', '', 1))


def check_member_bases(fs, t):
    """Every E->T and E.T must be on a variable of the struct of T.

    Member tables are found by name; another struct with a member of that name
    (declared in a header, say) would otherwise be taken for this one.
    """
    toks = fs.toks
    unchanged = {w['pos'] for w in t.macro_walks}
    helper_bodies = [(d.start, d.end) for d in getattr(t, 'bucket_helpers', ())]
    for i in table_occurrences(fs, t):
        if toks.pos[i] == t.pos or toks.text[i - 1] not in ('->', '.'):
            continue
        if any(lo <= i <= hi for lo, hi in helper_bodies):
            continue                 # checked where the helper is called
        d_start = directive_start(toks, i)
        if d_start is not None and toks.pos[d_start] in unchanged:
            continue                 # a walk that stays as it is: any struct will do
        if not t.struct or base_struct(fs, i) != t.struct:
            t.refuse('cannot tell that "%s%s%s" is a member of struct %s'
                     % (toks.text[i - 2], toks.text[i - 1], t.name, t.struct or '?'), toks.pos[i])


def drop_absent_members(fs):
    """A member table from another file (injected) that this file names only as the
    member of other structs (il->rs_table of struct il_cmd, not of struct ip_vs_dest):
    the file does not use it. Such a table leaves the file's tables, so that nothing
    here is taken for it; record() reports it as absent."""
    for name, t in sorted(fs.tables.items()):
        if not t.injected or t.scope != 'member' or not t.struct:
            continue
        others = member_bases(fs, name)
        if not others and any(other_struct_list_use(fs, i, t.struct)
                              for i in token_indices(fs, name)) and not table_occurrences(fs, t):
            # named only where no table can stand (list_del(&v->name)): no use of it here
            del fs.tables[name]
            fs.unused[name] = t.key
            continue
        if not others or '?' in others or t.struct in others:
            continue                 # a bare name (offsetof(S, name)) may be t
        del fs.tables[name]
        fs.absent[name] = (t.key, others)


def member_bases(fs, name):
    """The structs whose member name the file names (? where the type is unknown, or
    the name stands alone), but for the declaration of a table of the file: the wrapper
    tells by them which of several member tables of that name a file uses."""
    toks = fs.toks
    table = fs.tables.get(name)
    declared_at = table.pos if table is not None else None
    struct = table.struct if table is not None else None
    out = set()
    for i in token_indices(fs, name):
        if toks.kind[i] == 'id' and toks.pos[i] != declared_at and \
                not other_struct_list_use(fs, i, struct):
            member = i >= 2 and toks.text[i - 1] in ('->', '.')
            out.add((base_struct(fs, i, strict=True) if member else None) or '?')
    return sorted(out)


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
        names_it = names_table(parse_text(' '.join(table))[1], t)
    except Unknown:
        return False
    return names_it and (body[-2], after[1]) in (('false', 'true'), ('0', '1')) \
        and after[0] == 'return' and after[2] == ';'


def shared_macros(fs):
    """Macro values and field types from headers, where the file has none: those of
    the shared tables the file names (the headers of the others may not be its own)."""
    keys = _FACTS.get('files', {}).get(fs.path, {}).get('tables', list(_SHARED))
    infos = [_SHARED[k] for k in keys if k in _SHARED]
    found = [info.get('macros', {}) for info in infos]
    found.append(_FACTS.get('files', {}).get(fs.path, {}).get('macros', {}))
    for macros in found:
        for name, values in macros.items():
            if name not in fs.macros:
                fs.macros[name] = list(values)
                if len(values) > 1:
                    fs.macros.alternatives.add(name)    # #if branches of headers
    for info in infos:
        for name, types in info.get('fields', {}).items():
            fs.field_types.setdefault(name, set()).update(types)
            fs.local_fields.discard(name)    # a header struct has one too
