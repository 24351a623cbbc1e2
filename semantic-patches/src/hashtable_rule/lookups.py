"""Is a walk of the bucket of a key a lookup of that key?

Converted, hlist_for_each_entry(p, &T[k & MASK], m) becomes
hash_for_each_possible(T, p, m, k): it visits the bucket hash_min() picks for k,
and meets there the entries of k (hash_add() put them there too) and of other
keys than before. Only a body that skips the entries of other keys does the same
before and after: a lookup. So the body is read path by path (_Body), with the
places (places(): k, req->id) that the tests passed so far prove the entry to
hold, and every effect (a store, a call that may write, return, break, goto, a
loop, a macro that expands to one) must come after a test of the whole key
(if (p->key != k) continue;) or stand under one (if (p->key == k) return p;).
A sum of the bucket, a count of its chain, a trace printed for every entry, or a
test of something else (a range, an alias, another field, a part of the key) is
no lookup, and its table is refused with the statement that acts first.

A test of the key compares something of the entry (the cursor, or a local of the
body computed from it at its top) with the places of the key: ==, !=, x < k ||
x > k, a flag given such a test once, or a comparison function given both. The
file's own comparison functions are read inline where they return one expression;
the others by their kernel names (memcmp() and *cmp* are 0 when equal, *equal*,
*_eq, *match* true). The key's places go through the locals it is computed from
(hash = jhash(name, ...): a test of name) and through the fields the file's key
helpers read (addr_hash(a): a->v4, a->fam). An entry that the function adds to the
same bucket after a search stands for the key, compared whole (match(p, new)).
A test compares an entry's field the adds key the entries by: one the add reads (e->key),
one its function stores its key in (e->id = id), or one each caller of a static adding
function gives (_added_key_paths()); an add keyed by a value that no field of its entry
holds proves no entry to be of the key, and the adds and the walk compute the key alike.
The body must also leave the key, the entries' keys and the chain alone, and the
walk must not go on after it (hlist_for_each_entry_continue()).
"""

from .cexpr import _TYPE_WORDS, TYPEDEFS, Unknown, free_names, parse_tokens, strip_parens
from .files import (declared_type, function_header, function_range, is_parameter, occurrences,
                    statement_end, token_indices, variable_type)
from .helpers import _ASSIGN_OPS
from .positional import Positional, enclosing_call
from .sites import key_names
from .tokens import Tokens, argument_spans, directive_start, matching_close, matching_open


# kernel comparison functions named *cmp that are true when equal
_TRUE_WHEN_EQUAL = {'nf_inet_addr_cmp', 'nf_ct_tuple_equal'}
# the kinds of the nodes of cexpr's parse trees
_NODE_KINDS = {'id', 'num', 'str', 'sizeof', 'paren', 'cast', 'un', 'bin', '?', 'call', 'index',
               'field'}
# calls that only hand on the truth of their (first) argument
_TRANSPARENT = {'likely', 'unlikely', 'READ_ONCE', 'data_race'}
# and those that warn when it is true: an effect for the entries of the key alone, if so
_WARNINGS = {'WARN_ON', 'WARN_ON_ONCE', 'WARN', 'WARN_ONCE'}
# words of a kernel function name that say it changes something (atomic_inc_not_zero(),
# refcount_dec_and_test(), spin_trylock(), skb_get())
_WRITING_WORDS = {'inc', 'dec', 'add', 'sub', 'set', 'clear', 'get', 'put', 'hold', 'lock',
                  'unlock', 'trylock', 'del', 'delete', 'remove', 'free', 'alloc', 'push', 'pop',
                  'xchg', 'cmpxchg', 'write', 'update', 'store', 'mark', 'take', 'grab',
                  'release', 'init', 'reset', 'insert', 'link', 'unlink', 'bump', 'acquire',
                  'schedule', 'wake', 'kick', 'start', 'stop', 'send', 'queue', 'print',
                  'printk', 'printf', 'log', 'warn', 'dump', 'copy', 'move', 'swap', 'toggle'}
# parts of the names of the C library's functions that write through a pointer
_COPIES = ('cpy', 'memset', 'memmove', 'printf', 'strcat', 'strlcat', 'scanf')
# the words of a declaration before its name
_DECLARATION_WORDS = _TYPE_WORDS | {'struct', 'union', 'enum', 'register', 'static', 'float',
                                    'double', 'u_int', 'uint', 'ulong', 'ushort'}
# calls that read an entry without changing anything
_READS = {'container_of', 'container_of_const', 'hlist_entry', 'hlist_entry_safe',
          'list_entry', 'rcu_dereference', 'rcu_dereference_raw', 'rcu_dereference_check',
          'rcu_dereference_protected', 'rcu_dereference_bh', 'rcu_access_pointer',
          'hlist_unhashed', 'hlist_empty', 'atomic_read', 'refcount_read', 'test_bit',
          'read_pnet', 'get_unaligned', 'get_unaligned_le16', 'get_unaligned_le32',
          'get_unaligned_le64', 'get_unaligned_be16', 'get_unaligned_be32', 'get_unaligned_be64',
          'smp_load_acquire', 'ktime_get', 'ktime_get_seconds', 'ktime_get_ns',
          'ktime_get_real_seconds', 'ktime_get_boottime_seconds', 'jiffies_to_msecs'}


# integer types narrower than an int: a key cast to one keeps fewer bits than it has
_NARROW_TYPES = {'u8', 'u16', 's8', 's16', '__u8', '__u16', '__s8', '__s16', 'uint8_t', 'uint16_t',
                 'u_int8_t', 'u_int16_t',
                 'int8_t', 'int16_t', 'char', 'short', 'unsigned char', 'signed char',
                 'unsigned short', 'short int', 'unsigned short int', '__be16', '__le16'}
# comparison functions whose third argument is how many bytes they compare
_SIZED_COMPARES = {'memcmp', 'bcmp', 'strncmp', 'strncasecmp', 'crypto_memneq', '__builtin_memcmp'}
# sized comparisons of strings: a constant shorter than the buffer compares a prefix
_STRING_COMPARES = {'strncmp', 'strncasecmp'}
# what a pointer to a string points to: sizeof() of it is one byte, not the string
_BYTE_TYPES = {'char', 'unsigned char', 'signed char', 'u8', 's8', '__u8', 'uint8_t', 'int8_t',
               'void'}
# operators that lose bits of what they are given: a side of a test with one of them
# compares a part of a key (or of an entry's key) where the other side does not
_LOSSY_OPS = {'&', '%', '>>', '/', '|'}


class NotALookup(Exception):
    """Why a walk's body is no lookup (a phrase: "it calls printf() first")."""


def lookup_failure(fs, t, s, helpers):
    """Why the walk at site s of table t is no lookup of its key, or None when it is one
    (or is no walk, or walks the very bucket hash_min() picks, so that it meets the same
    entries)."""
    if not s.kind.startswith('hlist_for_each'):
        return None
    reds = _reductions(fs, t, s)
    if reds and all(red.picks_hash_min_bucket() for red in reds):
        return None
    keys, deep = set(), set()
    for red in reds:
        keys |= places(red.key, deep) if red.key is not None else set()
    cast_key = any(_casts(red.key) for red in reds if red.key is not None)
    # a key that loses bits itself (eaddr >> 12, or a helper kept for such a fold) may be
    # tested through a mask of the entry ((e->addr & ~0xfff) == page)
    lossy_key = any(_loses_bits(red.key) or any(how == 'keep' for _d, how in red.helpers)
                    for red in reds if red.key is not None)
    for red in reds:
        # jhash(k, sizeof *k, 0) reads all of what k points to: k->a is a part of it
        deep -= _whole_reads(red.key, red.toks.text) if red.key is not None else set()
        for place, read in _helper_reads(red.key, helpers).items() if red.key is not None else ():
            keys.discard(place)
            deep.discard(place)
            keys |= read             # addr_hash(a) reads a->v4 and a->fam: both
    text = fs.toks.text
    at = fs.toks.at_pos(s.op_pos)
    rng = function_range(fs, s.op_pos)
    if at is None or rng is None or at + 1 >= len(text) or text[at + 1] != '(':
        return 'its body is not found'
    cursors = _cursors(fs, at)
    not_keys = _index_variables(fs, t, s) | cursors
    keys = {k for k in keys if k[0] not in not_keys}
    if not keys:
        return 'its key is not known'
    walk_casts = set()
    for red in reds:
        walk_casts |= _narrowing_casts(red.key, red.toks.text) if red.key is not None else set()
    walk_shapes = {_key_shape(fs, red, rng) for red in reds if red.key is not None}
    try:
        # the field paths of the entries that their adds key them by (e->key, or e->id
        # where e->id = id), which a test must compare; None where an add keys by a
        # value seen in no field of its entry (_added_key_paths()), so that no test of a
        # field proves an entry to be of the key; empty where this file adds none
        entry_fields, entry_paths = set(), set()
        each_add = []        # the paths of each add: a test must compare a field of every one
        for other in t.sites:
            if other.kind.startswith('hlist_add'):
                for red in _reductions(fs, t, other):
                    if red.key is None:
                        continue
                    casts = _narrowing_casts(red.key, red.toks.text)
                    if casts != walk_casts:
                        return ('its key is cast to %s, where entries are added by a key %s: the '
                                'two agree under the mask only'
                                % (' and '.join(sorted(walk_casts)) if walk_casts else 'no narrower type',
                                   'cast to ' + ' and '.join(sorted(casts)) if casts else 'not cast'))
                    shape = _key_shape(fs, red, function_range(fs, other.op_pos))
                    if walk_shapes and shape == (None, '*') and (None, '*') not in walk_shapes:
                        return ('its key is %s, where entries are added by %s: the two agree '
                                'under the mask only' % (_shape_text(walk_shapes), _shape_text({shape})))
                    if walk_shapes == {(None, '*')} and \
                            _operates_on_entry(red.key, _added_base(fs, other)):
                        return ('its key is %s, where entries are added by a computation of '
                                'their fields ("%s"): the two agree under the mask only'
                                % (_shape_text(walk_shapes), red.key_text))
                    found = _added_key_paths(fs, t, other, red, helpers)
                    if found is None:
                        entry_paths = None
                        break
                    paths, fields = found
                    entry_paths |= paths or {_ADDRESS}     # a constant key: no field
                    each_add.append(frozenset(paths or {_ADDRESS}))
                    entry_fields |= set(key_names(red)[1]) | fields
                if entry_paths is None:
                    break
        if entry_paths:
            t.added_key_paths = entry_paths - {_ADDRESS}
        key_calls = {c for red in reds if red.key is not None for c in _called(red.key, helpers)}
        body = _Body(fs, at, rng, keys, deep, _added_entries(fs, t, s, rng) - cursors, cursors,
                     helpers, entry_fields,
                     compared_fields=entry_paths, each_add=each_add,
                     cast_key=cast_key, lossy_key=lossy_key, key_calls=key_calls)
        body.check()
        crossed = _crossed_pairs(fs, t, reds, body.pairs)
        if crossed:
            return crossed
    except NotALookup as e:
        return str(e)
    except (Unknown, IndexError, RecursionError) as e:
        return 'its body is not understood (%s)' % (e or type(e).__name__)
    return None


def chain_failure(fs, t, helpers):
    """Why the chains of table t are used otherwise than bucket by bucket, or None: an
    entry put beside another (hlist_add_behind(&n->node, &e->node) puts n in e's bucket,
    whatever n's key), a walk that goes on from an entry that a lookup returned
    (hlist_for_each_entry_continue(e, node)), a read of the next entry of a chain
    (e->node.next). The open-coded table keeps an entry and its neighbours in the
    masked bucket; hash_add() spreads the keys otherwise."""
    members = _node_members(fs, t)
    written = _key_write(fs, t, getattr(t, 'added_key_paths', set()), helpers)
    if written or not members:
        return written
    # functions that walk the table bucket by bucket by their number (the next step of a seq_file:
    # from an entry to the next, then to the next bucket) visit every entry, in another
    # order only, as hash_for_each() does
    by_number = [function_range(fs, s.op_pos) for s in t.positional] + \
        [function_range(fs, w['pos']) for w in t.walks] + _numbered_functions(fs, t)
    text = fs.toks.text
    beside = _beside_adders(fs)
    for j in range(1, len(text) - 3):
        word = text[j]
        if word not in beside and \
                any(rng is not None and rng[0] <= j <= rng[1] for rng in by_number):
            continue                 # (an entry put beside another is so anywhere)
        if word in beside and text[j + 1] == '(':
            spans = argument_spans(text, j + 1)
            if any(_node_member(fs.toks, lo, hi) in members for lo, hi in spans):
                return ('an entry is put beside another with %s(), in the bucket of that entry '
                        'whatever its own key' % word)
        elif word.startswith(_WALKS_ON) and text[j + 1] == '(':
            spans = argument_spans(text, j + 1)
            last = spans[-1]
            if len(spans) in (2, 3) and last[1] == last[0] + 1 and text[last[0]] in members:
                return ('a walk goes on from an entry with %s(), through the entries of '
                        'other keys in its bucket' % word)
        elif word in members and text[j - 1] in ('.', '->') and text[j + 1] == '.' and \
                text[j + 2] in ('next', 'pprev'):
            return 'the chain is read beside an entry (%s)' % fs.toks.source_of(j - 2, j + 3)
    return None


def _beside_adders(fs):
    """_BESIDE_ADDS and the functions of the file that call one of them, directly or
    through another such function (put_after(n, prev) { hlist_add_behind(n, prev); })."""
    found = getattr(fs, 'beside_adders', None)
    if found is not None:
        return found
    text = fs.toks.text
    found = set(_BESIDE_ADDS)
    for _ in range(4):
        more = set()
        for j in range(len(text) - 1):
            if text[j] in found and text[j + 1] == '(':
                rng = function_range(fs, fs.toks.pos[j])
                if rng is None:
                    continue
                header = function_header(fs, rng)[0]
                name = next((header[k - 1] for k in range(1, len(header))
                             if header[k] == '(' and header[k - 1].isidentifier()), None)
                if name is not None and name not in found:
                    more.add(name)
        if not more:
            break
        found |= more
    fs.beside_adders = found
    return found


def _node_members(fs, t):
    """The node members of the entries of t (node of &e->node in its adds and walks)."""
    members = set()
    for s in t.sites:
        at = fs.toks.at_pos(s.op_pos)
        if at is None or fs.toks.text[at + 1:at + 2] != ['(']:
            continue
        if s.kind.startswith('hlist_for_each'):
            members.add(_member(fs, at))
        elif s.kind.startswith('hlist_add'):
            members.add(_node_member(fs.toks, *argument_spans(fs.toks.text, at + 1)[0]))
    members.discard(None)
    return members


def _numbered_functions(fs, t):
    """The functions that index table t by a bucket number picked without a key
    (T[iter->bucket].first)."""
    text, out = fs.toks.text, []
    positions = Positional(fs)
    for j in occurrences(fs, t.name):
        if text[j + 1:j + 2] != ['['] or text[j - 1] in ('->', '.'):
            continue
        rng = function_range(fs, fs.toks.pos[j])
        try:
            index = parse_tokens(fs.toks, j + 2, matching_close(text, j + 1))
        except (Unknown, IndexError):
            continue
        if rng is not None and positions.value(index, rng):
            out.append(rng)
    return out


def _node_member(toks, lo, hi):
    """The member of &e->node or &items[i].node in tokens lo..hi-1 (an argument), or None."""
    text = toks.text
    if hi - lo >= 4 and text[lo] == '&' and text[hi - 2] in ('->', '.') and \
            toks.kind[hi - 1] == 'id':
        return text[hi - 1]
    return None


# hlist calls that put a node beside another, in its chain (and their pre-3.9 names)
_BESIDE_ADDS = {'hlist_add_before', 'hlist_add_behind', 'hlist_add_after', 'hlist_add_before_rcu',
                'hlist_add_behind_rcu', 'hlist_add_after_rcu'}
# iterators that start from an entry rather than from a bucket
_WALKS_ON = ('hlist_for_each_entry_continue', 'hlist_for_each_entry_from')


def _key_write(fs, t, paths, helpers):
    """Why a field that the entries of t are added by may change while they are in the
    table, or None. A write of it (e->key = v, e->key += 16, ++e->key, &e->key given to
    a call that may write) counts but before an add of the function (a store the add
    then reads, or a re-add after hlist_del()), or in a function of no site of the
    table that fills an entry of its own (e = kzalloc(...); e->key = key). The open-coded
    table keeps such an entry where it was, and finds it while the changed key still
    has its masked bucket; hash_min() picks another."""
    names = {p[-1] for p in paths if p}
    if not names:
        return None
    memo = getattr(t, 'key_write_memo', None)
    if memo is not None and memo[0] == names:
        return memo[1]
    why = None
    text = fs.toks.text
    sites = [(fs.toks.at_pos(s.op_pos), s) for s in t.sites]
    # an entry given its key, then added to this or another table of the file
    structs = _entry_structs(fs, t)
    members = _node_members(fs, t)
    adders = _adding_functions(fs, [fs.toks.at_pos(s.op_pos) for other in fs.tables.values()
                                    for s in other.sites if s.kind.startswith('hlist_add')])
    for name in sorted(names):
        for j in token_indices(fs, name):
            if text[j - 1] not in ('->', '.') or not _written_at(fs, j, helpers):
                continue
            rng = function_range(fs, fs.toks.pos[j])
            if (rng is None or not rng[0] <= j <= rng[1]) and \
                    directive_start(fs.toks, j) is not None:
                why = ('the field "%s" that its entries are added by is written by a macro of '
                       'the file (line %d): where it runs is not followed'
                       % (name, fs.toks.pos[j][0]))
                break
            if rng is None or not rng[0] <= j <= rng[1] or _other_struct(fs, j, rng, structs):
                continue
            inside = [(at, s) for at, s in sites if at is not None and rng[0] <= at <= rng[1]]
            if _added_later(fs, j, rng, adders, members):
                continue             # stored, then added (or added again)
            if _filled_here(fs, rng, j) and not any(
                    text[k].startswith('hlist_add') or text[k] in adders and text[k + 1] == '('
                    for k in range(rng[0], j)):
                continue             # a new object, filled before any add
            if not inside and _set_before_adds(fs, j, rng, adders, members):
                continue
            lo = _place_start(fs, j, rng[0])
            why = ('the field "%s" that its entries are added by is written while they may be '
                   'in the table (%s, line %d): they stay in the bucket of the old key, which '
                   'the mask may keep and hash_min() does not'
                   % (name, fs.toks.source_of(lo, j + 1), fs.toks.pos[j][0]))
            break
        if why:
            break
    t.key_write_memo = (names, why)
    return why


def _written_at(fs, j, helpers):
    """Is the field named at token j (X->key) written there: assigned, stepped, copied
    into, or its address given to a call that may write or kept (u32 *p = &e->key)?"""
    text = fs.toks.text
    if text[j - 1] == '.' and text[j - 2] in ('{', ','):
        return False                 # { .key = 1 }: an initializer
    k = j + 1
    while k < len(text) and (text[k] == '[' or text[k] == '.'):
        k = matching_close(text, k) + 1 if text[k] == '[' else k + 2
    if k < len(text) and text[k] == '->':
        return False                 # what the field points to, not the field
    if k < len(text) and (text[k] in _ASSIGN_OPS or text[k] in ('++', '--')):
        return True
    lo = _place_start(fs, j, 0)
    if text[lo - 1] in ('++', '--'):
        return True
    if text[lo - 1] in ('(', ','):
        call = enclosing_call(text, lo)
        if call is not None and call[0] in ('WRITE_ONCE', 'swap', 'xchg', 'cmpxchg') and \
                (call[1] == 0 or call[0] == 'swap'):
            return True              # WRITE_ONCE(e->key, v)
    if text[lo - 1] != '&':
        return False
    call = enclosing_call(text, lo - 1)
    if call is None:
        return True                  # kept in a pointer, or written through a cast
    return _may_write_argument(call, helpers)


def _adding_functions(fs, adds):
    """The names of the functions that add (those of the add tokens adds, and those that
    call them, three calls deep)."""
    text = fs.toks.text
    ranges = {function_range(fs, fs.toks.pos[at]) for at in adds if at is not None} - {None}
    names = set()
    for _ in range(3):
        new = {_function_name(function_header(fs, rng)[0]) for rng in ranges} - names - {None}
        if not new:
            break
        names |= new
        ranges = set()
        for name in new:
            for i in token_indices(fs, name):
                if text[i + 1:i + 2] == ['('] and text[i - 1] not in ('->', '.'):
                    rng = function_range(fs, fs.toks.pos[i])
                    if rng is not None and rng[0] < i < rng[1]:
                        ranges.add(rng)
    return names


def _added_later(fs, j, rng, adders, members):
    """Is the object whose field is written at token j (e of e->key, items[i] of
    items[i].key) added after it in the function rng, on every path from it: by its node
    of the table (hlist_add_head(&e->node, ...)), or given to a function that adds
    (port_add(&ports[i])), or linked to another object (x->own = &owners[i])?"""
    text = fs.toks.text
    lo = _place_start(fs, j, rng[0])
    return _object_added_after(fs, rng, j, text[lo:j - 1], adders, members)


def _object_added_after(fs, rng, j, base, adders, members, also=()):
    """_added_later() of the object whose tokens are base (or the variable also, given
    it: n = item_set(e, key)), after token j. An element of the same array counts
    (items[t][i] filled, items[0][i] added)."""
    text = fs.toks.text
    if not base:
        return False
    # the object, or what it is a part of (handlers[i][0]: handlers[i]; p.port: p)
    bases = [base] + [base[:k] for k in range(1, len(base)) if base[k] in ('[', '.', '->')] + \
        [[v] for v in also]
    # an element picked by a variable (items[t][i], in a loop that fills them all), not a
    # constant (items[1]: another element added is another object)
    indexes = base[1:next((k for k, w in enumerate(base) if w in ('->', '.')), len(base))]
    array = base[0] if indexes[:1] == ['['] and any(
        w[:1].isalpha() or w[:1] == '_' for w in indexes) else None
    block = _block_open(text, j, rng[0])
    # (a path that leaves between, as a check for a duplicate does before an add of a
    # new entry, is not followed: an entry rekeyed and left in place that way is not seen)
    for i in range(j + 1, rng[1]):
        if text[i] != '=' and text[i] != base[0] and text[i] not in also:
            continue
        if text[i] == '=':
            if text[i + 1:i + 2] == ['&'] and text[i + 2:i + 2 + len(base)] == base and \
                    text[i - 2] in ('->', '.') and _on_every_path(text, block, j, i, rng[0], also):
                return True          # linked to another object (items[i].own = &owners[i])
            continue
        if text[i - 1] not in ('(', ',', '&'):
            continue
        matched = next((b for b in bases if text[i:i + len(b)] == b and
                        text[i + len(b)] in (',', ')', '->', '.')), None)
        if matched is None and array is not None and text[i] == array and text[i + 1] == '[':
            end = i + 1                  # another element of the array: items[0][i]
            while text[end] == '[':
                end = matching_close(text, end) + 1
            matched = text[i:end]
        if matched is None or not _on_every_path(text, block, j, i, rng[0], also):
            continue
        call = enclosing_call(text, i - 1 if text[i - 1] == '&' else i)
        if call is None:
            continue
        if call[0] in adders:
            return True
        if call[0].startswith(('hlist_add', 'hlist_replace', 'hlist_del')) and \
                text[i + len(matched)] in ('->', '.') and text[i + len(matched) + 1] in members:
            return True              # added (again), or taken out of the table
    # taken out of the table before (hlist_del_rcu(&c->node); WRITE_ONCE(c->key, NULL))
    for i in range(rng[0], j):
        if text[i].startswith('hlist_del') and text[i + 1] == '(' and \
                text[i + 2:i + 3 + len(base)] == ['&'] + base and \
                text[i + 3 + len(base)] in ('->', '.') and text[i + 4 + len(base)] in members and \
                _on_every_path(text, block, i, i, rng[0]):
            return True
    return False


def _on_every_path(text, block, j, i, lo, guards=()):
    """Does token i, after token j, run whenever j does: no statement or block around i
    that does not also hold j is under a test (if (rehash) add; else { add }), though
    it may be in a loop (for (...) add(&items[i]))? (block: the { around j.)"""
    k = i
    while True:
        start = k
        while start > lo and text[start - 1] not in (';', '{', '}', ')', 'else'):
            start -= 1
        if _under_test(text, start, guards):
            return False
        outer = _block_open(text, start - 1, lo) if start - 1 > lo else lo
        if outer <= lo or outer <= block and matching_close(text, outer) >= j:
            return True              # the function, or a block that holds j too
        if _under_test(text, outer, guards):
            return False
        # the statement that owns the block: for (...) {, or a plain {
        k = matching_open(text, outer - 1) - 1 if text[outer - 1] == ')' else outer - 1


def _under_test(text, start, guards=()):
    """Is the statement or block that begins at token start the branch of an if, an else
    or a switch (not a loop's body, nor if (n) where n is one of guards: the object,
    tested against NULL)?"""
    before = text[start - 1]
    if before == 'else':
        return True
    if before != ')':
        return False
    opening = matching_open(text, start - 1)
    if text[opening - 1] == 'if' and text[opening + 1:start - 1] in ([g] for g in guards):
        return False
    return text[opening - 1] in ('if', 'switch')


def _function_name(header):
    """The name a function header (its tokens up to the body) defines, or None."""
    depth = 0
    for k in range(len(header) - 1, -1, -1):
        if header[k] == ')':
            depth += 1
        elif header[k] == '(':
            depth -= 1
            if depth == 0:
                return header[k - 1] if k > 0 and (header[k - 1][:1].isalpha() or
                                                   header[k - 1][:1] == '_') else None
    return None


def _writes_through(d, param, helpers, depth=0):
    """May the function d write what its pointer parameter param points to (*p = v,
    p->a = v, p[i]++), or hand it on to a call that may, or keep it elsewhere?"""
    toks = d.toks.text
    lo, hi = d.body
    for j in range(lo, hi):
        if toks[j] != param or toks[j - 1] in ('->', '.'):
            continue
        k = j + 1
        while k < hi and (toks[k] == '[' or toks[k] in ('.', '->')):
            k = matching_close(toks, k) + 1 if toks[k] == '[' else k + 2
        if toks[k] in _ASSIGN_OPS or toks[k] in ('++', '--') or toks[j - 1] in ('++', '--'):
            return True
        if toks[j - 1] == '=' or toks[k] == ';' and toks[j - 1] == 'return':
            return True              # kept, or returned, elsewhere
        call = enclosing_call(toks, j)
        if call is not None and k == j + 1 and toks[k] in (',', ')') and toks[j - 1] in ('(', ','):
            if _may_write_argument(call, helpers, depth):
                return True          # handed on whole
    return False


def _may_write_argument(call, helpers, depth=0):
    """May the call (name, argument number) write what its argument points to?"""
    name, arg = call
    if name in _COPY_INTO:
        return arg == 0
    d = helpers.get(name)
    if d is not None and d.local and d.kind == 'function':
        params = d.param_names()
        return depth > 3 or arg >= len(params) or _writes_through(d, params[arg], helpers, depth + 1)
    if name in _READ_ONLY_ADDRESS or name.startswith(('nla_put', 'copy_to_')):
        return False                 # it copies from the address
    words = set(name.lower().split('_'))
    return bool(words & _WRITING_ADDRESS or any(w.startswith(_WRITING_ADDRESS_PREFIXES)
                                                 for w in words) or
                any(c in name for c in ('cpy', 'memset', 'memmove', 'strcat', 'scanf')))


def _set_before_adds(fs, j, rng, adders, members):
    """Is the object written at token j a parameter of the function rng, a setter whose
    every call in the file comes before an add in its caller (item_init(e, key);
    hlist_add_head(&e->node, ...), or e = item_set(e, key); then an add)?"""
    text = fs.toks.text
    lo = _place_start(fs, j, rng[0])
    if not is_parameter(fs, text[lo], rng):
        return False
    header, start = function_header(fs, rng)
    names = _parameter_names(header)
    param = names.index(text[lo]) if text[lo] in names else -1
    returns = [k for k in range(rng[0], rng[1]) if text[k] == 'return']
    returns_param = bool(returns) and all(text[k + 1:k + 3] in ([text[lo], ';'], ['NULL', ';'])
                                          for k in returns)
    name = _function_name(header)
    calls = [i for i in token_indices(fs, name) if not start <= i <= rng[1] and
             text[i - 1] not in ('->', '.')] if name else []
    if not calls:
        return False
    for i in calls:
        if text[i + 1] != '(':
            return False             # its address is taken: any caller may set any entry
        caller = function_range(fs, fs.toks.pos[i])
        if caller is None or not caller[0] < i < caller[1]:
            return False
        if _fresh_argument(fs, i, param, caller):
            continue                 # it sets an object its caller has just made
        spans = argument_spans(text, i + 1)
        if not 0 <= param < len(spans):
            return False
        lo, hi = spans[param]
        lo += text[lo] == '&'
        # n = item_set(e, key): n is e where the setter returns it
        given = [text[i - 2]] if text[i - 1] == '=' and fs.toks.kind[i - 2] == 'id' and \
            returns_param else []
        if not _object_added_after(fs, caller, matching_close(text, i + 1), text[lo:hi],
                                   adders, members, given):
            return False             # set, then another object added (or none)
    return True


def _fresh_argument(fs, i, param, caller):
    """Is argument number param of the call at token i a local that its caller has just
    allocated (othercon = kzalloc(...); con_init(othercon, id))?"""
    spans = argument_spans(fs.toks.text, i + 1)
    if not 0 <= param < len(spans):
        return False
    lo, hi = spans[param]
    return hi == lo + 1 and fs.toks.kind[lo] == 'id' and _fresh(fs, fs.toks.text[lo], caller, i)


def _place_start(fs, j, floor):
    """The first token of the place whose field is named at token j (items of
    items[i].key, e of e->key), not before token floor nor on a directive line."""
    text = fs.toks.text
    lo = j - 1
    while lo > floor and (fs.toks.kind[lo - 1] == 'id' and text[lo - 1] not in _PLACE_STOPS
                          or text[lo - 1] in ('->', '.', ']')) and \
            directive_start(fs.toks, lo - 1) is None:
        lo = matching_open(text, lo - 1) if text[lo - 1] == ']' else lo - 1
    return lo


_PLACE_STOPS = {'return', 'if', 'else', 'do', 'case', 'goto', 'sizeof'}


def _filled_here(fs, rng, j):
    """Does the write at token j fill an entry that the function rng makes itself: its
    base a local given an allocation, or a struct local?"""
    lo = _place_start(fs, j, rng[0])
    if fs.toks.kind[lo] != 'id':
        return False
    if _fresh(fs, fs.toks.text[lo], rng, j):
        return True
    decl = declared_type(fs, fs.toks.text[lo], rng)
    return decl is not None and '*' not in decl and decl.startswith(('struct', 'union'))


def _fresh(fs, name, rng, before):
    """Is the local name of function rng given a new object before token before
    (name = kzalloc(...), (struct s *)kmalloc(...), item_new(...))?"""
    text = fs.toks.text
    for i in occurrences(fs, name, rng[0], before):
        if text[i + 1] != '=' or text[i - 1] in ('->', '.'):
            continue
        k = i + 2
        while k < before and text[k] != ';' and not (fs.toks.kind[k] == 'id' and text[k + 1] == '('):
            k += 1
        call = text[k] if k < before and text[k] != ';' else ''
        if 'alloc' in call or call.endswith(('_new', '_create', 'dup')):
            return True
    return False


def _entry_structs(fs, t):
    """The struct types of the cursors of the walks of t (struct item of
    hlist_for_each_entry(it, ...) where struct item *it), or None where one is not
    known."""
    out = set()
    for s in t.sites:
        if not s.kind.startswith('hlist_for_each'):
            continue
        at = fs.toks.at_pos(s.op_pos)
        rng = function_range(fs, s.op_pos)
        if at is None or rng is None or fs.toks.text[at + 1] != '(':
            return None
        lo, hi = argument_spans(fs.toks.text, at + 1)[0]
        tag = _struct_tag(variable_type(fs, fs.toks.text[lo], rng)) if hi == lo + 1 else None
        if tag is None:
            return None
        out.add(tag)
    return out or None


def _struct_tag(type_text):
    """The tag of a struct type text (const struct item * : item), or None."""
    words = (type_text or '').replace('*', ' ').split()
    for k, w in enumerate(words[:-1]):
        if w in ('struct', 'union'):
            return words[k + 1]
    return None


def _other_struct(fs, j, rng, structs):
    """Is the place whose field is written at token j a variable of another struct type
    than the entries of the table (port->irq, where struct uart_port *port)?"""
    if not structs:
        return False
    lo = _place_start(fs, j, rng[0])
    text = fs.toks.text
    k = lo + 1
    while text[k] == '[':
        k = matching_close(text, k) + 1       # an element of an array: items[i].key
    if fs.toks.kind[lo] != 'id' or text[k] not in ('->', '.') or \
            '->' in text[k + 1:j] or '[' in text[k + 1:j]:
        return False                 # a->b->key: what b points to is not read here
    # p->port.irq is a part of what p points to: an entry only where p is one, or holds
    # one (a struct that embeds the entry is taken to be rare)
    tag = _struct_tag(variable_type(fs, text[lo], rng))
    return tag is not None and tag not in structs


# calls given the address of a field that only read it
_READ_ONLY_ADDRESS = {'READ_ONCE', 'ntohl', 'ntohs', 'be32_to_cpup', 'le32_to_cpup', 'get_unaligned'}
# words of the names of kernel calls that may write what an address they are given points
# to (other calls given &e->key read it: nla_put(), jhash(), printk())
_WRITING_ADDRESS = {'write', 'store', 'update', 'change', 'convert', 'assign', 'swap', 'xchg',
                    'cmpxchg', 'fill', 'parse', 'random', 'read', 'init', 'reset', 'copy', 'move',
                    'add', 'sub', 'clear', 'toggle', 'bump', 'get'}
_WRITING_ADDRESS_PREFIXES = ('kstrto', 'scan', 'set', 'inc', 'dec')
# calls that copy into their first argument
_COPY_INTO = {'memcpy', 'memmove', 'memset', 'strcpy', 'strncpy', 'strscpy', 'strlcpy',
              'ether_addr_copy', 'copy_from_user', 'get_random_bytes', 'WRITE_ONCE'}


def _crossed_pairs(fs, t, reds, pairs):
    """Why the walk's key, its variables read as the fields its test compares them with
    (x * 3 + y where e->b == x && e->a == y: e->b * 3 + e->a), is another computation
    than an add's key over its entry's fields (e->a * 3 + e->b), or None. Only where
    each variable of the walk's key is compared with one field, and an add keys by
    fields of its entry alone."""
    walk_keys = set()
    for red in reds:
        if red.key is None:
            continue
        names = free_names(red.key)
        if not names or any(len(pairs.get(n, ())) != 1 for n in names):
            return None
        try:
            walk_keys.add(_render(red.key, lambda n: ENTRY + ''.join(
                '.' + f for f in next(iter(pairs[n[1]]))) if n[0] == 'id' and n[1] in pairs
                else None))
        except Unknown:
            return None
    if not walk_keys:
        return None
    for other in t.sites:
        if not other.kind.startswith('hlist_add'):
            continue
        base = _added_base(fs, other)
        if base is None:
            continue
        for red in _reductions(fs, t, other):
            if red.key is None:
                continue
            try:
                added = _render(red.key, lambda n: _entry_text(n, base))
            except Unknown:
                continue
            if free_names(red.key) - free_names(base) or ENTRY not in added:
                continue             # a key not of the entry alone (stored, a parameter)
            if added not in walk_keys:
                shown = [k.replace(ENTRY + '.', 'entry->') for k in (sorted(walk_keys)[0], added)]
                return ('its key, read as the fields its test compares, is "%s", where '
                        'entries are added by "%s"' % tuple(shown))
    return None


# stands for the entry in _render()'s texts
ENTRY = '@entry'


def _entry_text(node, base):
    """_render()'s text of a place of the entry base (e->a.b: @entry.a.b), or None."""
    path = _path_of(node, base)
    return None if path is None else ENTRY + ''.join('.' + f for f in path)


def _render(node, subst):
    """A canonical text of an expression (parentheses and casts aside, -> and . alike),
    subst(node) standing for a part where it gives a text."""
    got = subst(node)
    if got is not None:
        return got
    kind = node[0]
    if kind in ('paren', 'cast'):
        return _render(node[1], subst)
    if kind in ('id', 'num'):
        return node[1]
    if kind == 'field':
        return _render(node[1], subst) + '.' + node[2]
    if kind == 'bin':
        return '(%s %s %s)' % (_render(node[2], subst), node[1], _render(node[3], subst))
    if kind == 'un':
        return node[1] + _render(node[2], subst)
    if kind == 'call':
        return '%s(%s)' % (_render(node[1], subst), ', '.join(_render(a, subst) for a in node[2]))
    if kind == 'index':
        return '%s[%s]' % (_render(node[1], subst), _render(node[2], subst))
    raise Unknown('no text for ' + kind)


# the path that stands for the address of an entry, which no test of a field compares
_ADDRESS = ('&',)

# calls that hash the value they are given (a pointer: the object it points to does
# not count), where other calls of a key may read what a pointer points to
_VALUE_HASHES = {'hash_32', 'hash_64', 'hash_long', 'hash_ptr', 'hash_min', 'jhash_1word',
                 'jhash_2words', 'jhash_3words', 'hash32_ptr'}


def _whole_reads(node, text):
    """The places that a call of node given more than the place reads a range of:
    jhash(k, sizeof(*k), 0), jhash2((u32 *)k, 2, 0), hash_bytes(&key, len). What the
    range covers is not known, so a test of a field of the place is no test of it; a
    call given the place alone (hash_address(a), get_unaligned(p)) reads what its kind
    reads, which a field of it may be."""
    out = set()
    for n in _calls_in(node):
        if len(n[2]) < 2 or n[1][0] == 'id' and n[1][1] in _VALUE_HASHES:
            continue
        for a in n[2]:
            a = strip_parens(a)
            while a[0] == 'cast':
                a = strip_parens(a[1])
            if a[0] == 'un' and a[1] == '&':
                a = strip_parens(a[2])
            if a[0] in ('id', 'field'):
                out |= places(a)
    return out


def _calls_in(node):
    """The call nodes of node, itself included."""
    if node[0] == 'call':
        yield node
    for c in _children(node):
        yield from _calls_in(c)


def places(node, inside=None):
    """What an expression reads, as (variable, fields): p->hdr.id is ('p', ('hdr', 'id')),
    k is ('k', ()); called names are none, the arguments of a call are. inside: a set
    that gets the places read inside the arguments of a call that may read what they
    point to (hash_address(a), jhash(&key, ...)), not hash_ptr(p)."""
    out = set()

    def walk(n, within):
        if n[0] == 'id':
            out.add((n[1], ()))
            if within and inside is not None:
                inside.add((n[1], ()))
        elif n[0] == 'field':
            fields, base = [], n
            while base[0] == 'field':
                fields.append(base[2])
                base = base[1]
            if base[0] == 'id':
                out.add((base[1], tuple(reversed(fields))))
                if within and inside is not None:
                    inside.add((base[1], tuple(reversed(fields))))
            else:
                walk(base, within)
        elif n[0] == 'call':
            if n[1][0] != 'id':
                walk(n[1], within)
            deep = within or n[1][0] != 'id' or n[1][1] not in _VALUE_HASHES
            for a in n[2]:
                walk(a, deep)
        elif n[0] not in ('num', 'str', 'sizeof'):
            for part in n[1:-1]:
                if isinstance(part, tuple):
                    walk(part, within)
    walk(node, False)
    return out


def _children(node):
    """The operands of an expression node (the arguments of a call, its callee where that
    is no name)."""
    if node[0] == 'call':
        if node[1][0] != 'id':
            yield node[1]
        yield from node[2]
    elif node[0] not in ('id', 'num', 'str', 'sizeof'):
        for part in node[1:-1]:
            if isinstance(part, tuple) and part and isinstance(part[0], str):
                yield part


def _inlinable(d):
    """The expression the function or macro d returns, where its body is one expression
    of its parameters (return a->k == b; or #define EQ(a, b) (...)), locals given their
    value once before it read in their place (u32 a = e->alias; return a == k;), a chain
    of if (c) return v; before the last return read as one expression (_chained()), or
    None (other statements, a parameter narrower than an int, which cuts its argument)."""
    if d.kind == 'macro':
        try:
            return parse_tokens(d.toks, d.body[0], d.body[1])
        except Unknown:
            return None
    if any(_is_narrow(ptype) for _name, ptype in d.params):
        return None
    toks = d.toks.text
    lo, hi = d.body
    start = lo + 1 if toks[lo] == '{' else lo
    end = hi - 1 if hi > lo and toks[hi - 1] == '}' else hi
    values = {}
    while True:
        semi = _statement_end(toks, start, end)
        if semi is None or toks[start] in ('if', 'return'):
            break
        # a local given its value once: u32 a = e->alias; (read in its place)
        eqs = [j for j in range(start, semi) if toks[j] in _ASSIGN_OPS]
        if len(eqs) != 1 or toks[eqs[0]] != '=' or eqs[0] - start < 2 or \
                d.toks.kind[eqs[0] - 1] != 'id' or toks[eqs[0] - 1] in values or \
                any(d.toks.kind[j] != 'id' and toks[j] != '*' for j in range(start, eqs[0])):
            return None
        local_type = ' '.join(w for w in toks[start:eqs[0] - 1] if w not in ('const', 'volatile'))
        if '*' not in local_type and local_type not in _WIDE_TYPES:
            return None              # u8 a = e->key: the local keeps a part of it
        try:
            values[toks[eqs[0] - 1]] = _substitute(parse_tokens(d.toks, eqs[0] + 1, semi), values)
        except Unknown:
            return None
        start = semi + 1
    try:
        node = _chained(d.toks, start, end)
    except (Unknown, IndexError):
        return None
    if node is None:
        return None
    return _substitute(node, values) if values else node


def _statement_end(toks, lo, hi):
    """The ; that ends the statement at lo (outside parentheses), or None."""
    depth = 0
    for j in range(lo, hi):
        if toks[j] in ('(', '[', '{'):
            depth += 1
        elif toks[j] in (')', ']', '}'):
            depth -= 1
        elif toks[j] == ';' and depth == 0:
            return j
    return None


def _return_at(toks, lo, hi):
    """(the node of return X; at lo, or of { return X; }, the index after it), or None."""
    braced = toks[lo] == '{'
    j = lo + 1 if braced else lo
    if j >= hi or toks[j] != 'return':
        return None
    semi = _statement_end(toks, j, hi)
    if semi is None or semi == j + 1:
        return None
    after = semi + 1
    if braced:
        if after >= hi or toks[after] != '}':
            return None
        after += 1
    return j + 1, semi, after


def _chained(dtoks, lo, hi):
    """The statements lo..hi-1, if (c) return v; [else return w;] ... return x;, as one
    expression: c ? v : (...), where a return of a constant becomes && or || (if (a != b)
    return false; return true; is !(a != b) && 1, read as !(a != b)); None for any other
    statement."""
    toks = dtoks.text
    if lo >= hi:
        return None
    if toks[lo] == 'return':
        ret = _return_at(toks, lo, hi)
        if ret is None or ret[2] != hi:
            return None
        return parse_tokens(dtoks, ret[0], ret[1])
    if toks[lo] != 'if' or lo + 1 >= hi or toks[lo + 1] != '(':
        return None
    close = matching_close(toks, lo + 1)
    if close is None or close + 1 >= hi:
        return None
    cond = ('paren', parse_tokens(dtoks, lo + 2, close), (lo + 1, close + 1))
    ret = _return_at(toks, close + 1, hi)
    if ret is None:
        return None
    then = parse_tokens(dtoks, ret[0], ret[1])
    after = ret[2]
    if after < hi and toks[after] == 'else':
        rest = _chained(dtoks, after + 1, hi)
    else:
        rest = _chained(dtoks, after, hi)
    if rest is None:
        return None
    span = (lo, hi)
    truth, rest_truth = _truth(then), _truth(rest)
    if truth is False:
        inverse = ('un', '!', cond, cond[-1])
        return inverse if rest_truth is True else ('bin', '&&', inverse, rest, span)
    if truth is True:
        return cond if rest_truth is False else ('bin', '||', cond, rest, span)
    return ('?', cond, then, rest, span)


def _truth(node):
    """True or False for a constant return value (1, true, 0, false, NULL), else None."""
    node = strip_parens(node)
    if node[0] == 'num':
        try:
            return int(node[1].rstrip('uUlL'), 0) != 0
        except ValueError:
            return None
    if node[0] == 'id' and node[1] in ('true', 'false', 'NULL'):
        return node[1] == 'true'
    return None


def _is_narrow(type_text):
    """Is a declared type (None for none) an integer type narrower than an int?"""
    return type_text is not None and ' '.join(type_text.split()) in _NARROW_TYPES


def _returns_narrow(d):
    """Does the function d return a type narrower than an int (static u8 low(u32 x))?"""
    if d.kind != 'function':
        return False
    toks = d.toks.text
    j = d.body[0]
    while j > 0 and not (toks[j] == d.name and toks[j + 1] == '('):
        j -= 1
    k = j
    while k > 0 and toks[k - 1] not in (';', '}', '{', ')') and not toks[k - 1].startswith('#'):
        k -= 1
    words = [t for t in toks[k:j] if t not in ('static', 'inline', '__always_inline', 'const',
                                               'extern', '__maybe_unused')]
    return ' '.join(words) in _NARROW_TYPES


def _substitute(node, values):
    """node with the names of values replaced by their nodes."""
    if node[0] == 'id':
        return values.get(node[1], node)
    return tuple(_substitute(p, values) if isinstance(p, tuple) and p and isinstance(p[0], str)
                 and p[0] in _NODE_KINDS else
                 [_substitute(a, values) for a in p] if isinstance(p, list) else p for p in node)


def _is_function_pointer(fs, name):
    """Is name a pointer of the file that a call goes through ((*match)(...) declared, or
    given a value: match = low_eq)?"""
    text = fs.toks.text
    for j in token_indices(fs, name):
        if not 2 <= j < len(text) - 1:
            continue
        if text[j - 2:j] == ['(', '*'] and text[j + 1] == ')' or \
                text[j + 1] == '=' and text[j - 1] in (';', '{', '}'):
            return True
    return False


def _named_at_file_scope(fs, name):
    """Does the file name name outside its functions (#define item_eq low_eq, or
    DEFINE_EQ(item_eq, u8) that makes it), so that it is no function of the kernel?"""
    for j in token_indices(fs, name):
        rng = function_range(fs, fs.toks.pos[j])
        if rng is None or not rng[0] <= j <= rng[1]:
            return True
    return False


def _named_true_when_equal(name):
    """Does a kernel name say its function is true when equal (*equal*, *_eq, *match*)?"""
    return 'equal' in name or 'eq' in name.lower().split('_') or 'match' in name


def _called(node, helpers, depth=0):
    """The functions node calls, and those the file's functions among them call."""
    out = set()
    if node[0] == 'call' and node[1][0] == 'id':
        name = node[1][1]
        out.add(name)
        d = helpers.get(name)
        if d is not None and d.local and depth < 2:
            toks = d.toks.text
            for j in range(d.body[0], d.body[1]):
                if toks[j + 1:j + 2] == ['('] and d.toks.kind[j] == 'id':
                    out.add(toks[j])
    for child in _children(node):
        out |= _called(child, helpers, depth + 1)
    return out


def _helper_reads(node, helpers):
    """place -> the places a function of the file reads through it, for each argument of
    a call in node that is a place (v or v->f) and that the function only reads fields of
    (addr_hash(a) with a->v4 and a->fam): {('a', ()): {('a', ('v4',)), ('a', ('fam',))}}."""
    out = {}

    def walk(n):
        if n[0] == 'call' and n[1][0] == 'id':
            d = helpers.get(n[1][1])
            if d is not None and d.local and d.kind == 'function' and \
                    len(d.param_names()) == len(n[2]):
                for param, arg in zip(d.param_names(), n[2]):
                    arg = strip_parens(arg)
                    arg = strip_parens(arg[2]) if arg[0] == 'un' and arg[1] == '&' else arg
                    got = places(arg) if arg[0] in ('id', 'field') else set()
                    paths = _paths_read(d, param)
                    if len(got) == 1 and paths:
                        (name, fields), = got
                        out[(name, fields)] = {(name, fields + p) for p in paths}
        for child in _children(n):
            walk(child)
    walk(node)
    return out


def _paths_read(d, param):
    """The field paths through which the body of d reads param (a->v4, a->addr.fam), or
    None where it reads param otherwise too (whole, or handed on)."""
    toks = d.toks.text
    lo, hi = d.body
    paths = set()
    for j in range(lo, hi):
        if toks[j] != param or toks[j - 1] in ('->', '.'):
            continue
        fields, k = [], j + 1
        while toks[k] in ('->', '.'):
            fields.append(toks[k + 1])
            k += 2
        if not fields:
            return None
        paths.add(tuple(fields))
    return paths or None


def _outside_calls(node, through=()):
    """The places node reads other than through a call (req_parent(r) is not r), but for
    calls that hand on their argument (READ_ONCE()) and those of through (the key goes
    through them: mix_of(e->key) == mix_of(key) where the key is mix_of(key) & MASK)."""
    out = set()

    def walk(n):
        if n[0] == 'call':
            if n[1][0] == 'id' and (n[1][1] in _TRANSPARENT or n[1][1] in through):
                for a in n[2]:
                    walk(a)
            return
        if n[0] in ('paren', 'cast', 'un', 'bin', '?'):
            for part in n[1:-1]:
                if isinstance(part, tuple):
                    walk(part)
            return
        out.update(places(n))
    walk(node)
    return out


def _casts(node):
    """Does the expression node hold a cast?"""
    return node[0] == 'cast' or any(_casts(c) for c in _children(node))


def _narrowing_casts(node, text):
    """The narrow integer types node casts to ((u8)id & 15: {'u8'}); text: the tokens its
    spans index."""
    out = set()

    def walk(n):
        if n[0] == 'cast':
            out.add(_cast_type(n, text))
        for child in _children(n):
            walk(child)
    walk(node)
    return out & _NARROW_TYPES


def _cast_type(node, text):
    """The type a cast node casts to, spaced ((unsigned short)x: 'unsigned short')."""
    return ' '.join(text[node[-1][0] + 1:node[1][-1][0] - 1])


def _field_paths(node, base):
    """The field paths node reads of the entry base, a parse node (items[i].k.id of
    items[i]: k.id; e->k of e), or None where it reads a field of something else
    (up->port.irq of i, items[j].k of items[i])."""
    path = _path_of(node, base)
    if path is not None:
        return {path} if path else set()
    if node[0] in ('field', 'index'):
        return None
    out = set()
    for c in _children(node):
        got = _field_paths(c, base)
        if got is None:
            return None
        out |= got
    return out


def _path_of(node, base):
    """The fields node names of base (e->a.b of e: ('a', 'b'); e itself: ()), or None."""
    path = []
    while True:
        while node[0] == 'paren':
            node = node[1]
        if _same_node(node, base):
            return tuple(reversed(path))
        if node[0] == 'field':
            path.append(node[2])
            node = node[1]
        elif node[0] == 'un' and node[1] == '*':
            node = node[2]               # a field of what e points to: e->k
        else:
            return None


def _same_node(a, b):
    """Are parse nodes a and b the same expression (spans and parentheses aside)?"""
    while a[0] == 'paren':
        a = a[1]
    while b[0] == 'paren':
        b = b[1]
    if a[0] != b[0] or len(a) != len(b):
        return False
    for x, y in zip(a[1:-1], b[1:-1]):
        if isinstance(x, tuple) and x and isinstance(x[0], str) and x[0] in _NODE_KINDS:
            if not (isinstance(y, tuple) and y and _same_node(x, y)):
                return False
        elif isinstance(x, list):
            if not isinstance(y, list) or len(x) != len(y) or \
                    not all(_same_node(u, v) for u, v in zip(x, y)):
                return False
        elif x != y:
            return False
    return True


def _entry_node(toks, lo, hi):
    """The entry a node argument tokens lo..hi-1 names (&e->node: e; &items[i].node:
    items[i]; &p->e.node: p->e), or None."""
    if toks.text[lo] != '&':
        return None
    try:
        node = strip_parens(parse_tokens(toks, lo + 1, hi))
    except Unknown:
        return None
    return node[1] if node[0] == 'field' else None


def _added_base(fs, site):
    """The entry whose node add site adds (&e->node, &items[i].node: e, items[i]), as a
    parse node."""
    text = fs.toks.text
    at = fs.toks.at_pos(site.op_pos)
    if at is None or text[at + 1] != '(':
        return None
    return _entry_node(fs.toks, *argument_spans(text, at + 1)[0])


def _array_lengths(fs, field):
    """The lengths the file declares arrays named field with (u8 addr[ETH_ALEN]: ETH_ALEN)."""
    text = fs.toks.text
    out = set()
    for i in token_indices(fs, field):
        if text[i + 1] == '[' and text[i + 3] == ']' and text[i + 4] in (';', ',') and \
                fs.toks.kind[i - 1] == 'id':
            out.add(text[i + 2])
    return out


def _added_key_paths(fs, t, site, red, helpers):
    """(the field paths of the entry that add site adds (&e->node: e) that the key red
    of the add is computed from, the names of their first fields), or None where a place
    of the key is seen in no field of the entry: a field of it (e->id), a value the
    function stores in one (e->id = id; i->irq = up->port.irq), gives a function of the
    file that stores it (e = item_new(id)), or a local computed from such places (port =
    dest->port); a parameter, so in each call of the function in the file (e->id = id;
    insert(e, id)). A parameter stored nowhere (add(e, id) called from another file) is
    None, and so is a place stored into another object (shadow->id = id)."""
    base = _added_base(fs, site)
    rng = function_range(fs, site.op_pos)
    if base is None or rng is None or red.key is None:
        return None
    paths = set()
    bp = next((bp for bp in getattr(t, 'bucket_params', ()) if site.op_pos in bp.ops), None) \
        if site.how == 'param' else None
    if bp is not None:
        # slot_put(s, idx) adds s to the bucket its callers pick: their keys count, with
        # the entry each gives (slot_put(s, id % N) after s->id = id)
        names = bp.func.param_names()
        if base[0] != 'id' or base[1] not in names or not bp.calls:
            return None
        for call in bp.calls:
            arg = strip_parens(call.node[2][names.index(base[1])])
            entry = arg[2] if arg[0] == 'un' and arg[1] == '&' else arg
            where = function_range(fs, fs.toks.pos[call.node[-1][0]])
            if call.red is None or call.red.key is None or where is None or \
                    not _is_place_node(entry) or \
                    not _resolve_key(fs, call.red.key, call.red.toks.text, where, entry,
                                     call.node[-1][0], helpers, paths, 1):
                return None
    elif not _resolve_key(fs, red.key, red.toks.text, rng, base, fs.toks.at_pos(site.op_pos),
                          helpers, paths, 0):
        return None
    return paths, {p[0] for p in paths if p}


def _resolve_key(fs, node, text, rng, base, until, helpers, paths, depth, through=False):
    """Add to paths the field paths of base that the places of node (tokens text) come
    from in the function rng, where it is used at token until; False where one does not
    come from base (see _added_key_paths()). through: node is read by a call that may
    read what it points to (jhash(&e->k, ...), hash_address(a)), not by its value
    (hash_ptr(a))."""
    if node[0] in ('num', 'str', 'sizeof'):
        return True
    if _same_node(node, base) or node[0] == 'un' and node[1] == '&' and _same_node(node[2], base):
        # the entry itself: any field of it where a call reads it (item_hash(&items[i])),
        # none (the entry compared as a pointer) where its address is hashed
        paths.add(() if through else _ADDRESS)
        return True
    if node[0] == 'call':
        deep = through or node[1][0] != 'id' or node[1][1] not in _VALUE_HASHES
        return all(_resolve_key(fs, a, text, rng, base, until, helpers, paths, depth, deep)
                   for a in node[2])
    if not _is_place_node(node):
        return all(_resolve_key(fs, c, text, rng, base, until, helpers, paths, depth, through)
                   for c in _children(node))
    own = _field_paths(node, base)
    if own:
        paths.update(own)
        return True
    root = node
    while root[0] != 'id':
        root = root[1] if root[0] != 'un' else root[2]
    # a place the function gives one value at most, so the value stored is that of the key
    values = _values(fs, rng, root[1])
    value = ' '.join(text[node[-1][0]:node[-1][1]])
    stores = _entry_stores(fs, rng, base, until)
    # h->addr = *a stores what a points to: a key read through a (hash_address(a))
    stored = set() if values is None or len(values) > 1 else \
        stores.get(value) or through and stores.get('* ' + value) or \
        _callee_stores(fs, rng, value, base, helpers, until)
    if stored and len(stored) > 1:
        # e->key = id; e->alias = id: those no other statement assigns
        stored = {p for p in stored if _assigned_once(fs, p[-1])}
    if stored:
        paths.update(stored)
        return True
    if depth > 3:
        return False
    if node[0] != 'id':
        # in_dev->dev with in_dev = ifa->ifa_dev: ifa->ifa_dev->dev
        own = _field_paths(_substitute(node, {root[1]: values[0]}), base) \
            if values and len(values) == 1 and _is_place_node(values[0]) and \
            not is_parameter(fs, root[1], rng) else None
        if own:
            paths.update(own)
        return bool(own)
    name = node[1]
    if not _is_variable(fs, name, rng):
        return True                  # a constant, or a seed: the same for every entry
    if is_parameter(fs, name, rng):
        return _resolve_parameter(fs, rng, name, base, helpers, paths, depth, through)
    found = set()
    if not values or not all(_resolve_key(fs, v, fs.toks.text, rng, base, until, helpers,
                                          found, depth + 1, through) for v in values):
        return False
    # old = e->key; e->key = nk; then an add by old: the field no longer holds it
    given = min(v[-1][0] for v in values)
    if any(given < w[0] < until and any(w[1][:len(f)] == f or f[:len(w[1])] == w[1] for f in found)
           for w in _field_writes(fs.toks, rng, lambda n: _path_of(n, base))):
        return False
    paths.update(found)
    return True


def _resolve_parameter(fs, rng, name, base, helpers, paths, depth, through):
    """_resolve_key() of parameter name of the function rng, whose parameter base is the
    entry: in each call of the function, the argument given for name resolved against
    that given for base, in the caller. Not for a function other files may call, nor
    one that changes either parameter."""
    header, _start = function_header(fs, rng)
    if 'static' not in header or '(' not in header:
        return False
    func = header[header.index('(') - 1]
    params = _parameter_names(header)
    if base[0] != 'id' or name not in params or base[1] not in params or \
            _values(fs, rng, name) != [] or _values(fs, rng, base[1]) != []:
        return False
    if _is_narrow(declared_type(fs, name, rng)):
        return False                 # put(e, u8 key) given e->key: a part of the field
    text = fs.toks.text
    calls = []
    for i in token_indices(fs, func):
        where = function_range(fs, fs.toks.pos[i])
        if text[i + 1] != '(' or where == rng or directive_start(fs.toks, i) is not None:
            return False             # its address taken, recursion, a macro that calls it
        if where is not None:
            calls.append(i)          # not its header or a prototype
    if not calls:
        return False
    for i in calls:
        spans = argument_spans(text, i + 1)
        if len(spans) != len(params):
            return False
        try:
            # insert(&items[i], items[i].k): the entry is items[i]
            lo, hi = spans[params.index(base[1])]
            entry = parse_tokens(fs.toks, lo + (text[lo] == '&'), hi)
            arg = parse_tokens(fs.toks, *spans[params.index(name)])
        except Unknown:
            return False
        if not _is_place_node(entry) or not _resolve_key(
                fs, arg, text, function_range(fs, fs.toks.pos[i]), entry, i, helpers, paths,
                depth + 1, through):
            return False
    return True


def _parameter_names(header):
    """The names of the parameters in the tokens of a function header (int f(int a,
    struct s *b): a, b)."""
    lo = header.index('(')
    names, depth, last = [], 0, None
    for tok in header[lo + 1:]:
        if tok in ('(', '['):
            depth += 1
        elif tok in (')', ']'):
            depth -= 1
            if depth < 0:
                break
        elif depth == 0 and tok == ',':
            names.append(last)
            last = None
            continue
        if depth == 0 and tok.isidentifier():
            last = tok
    if last is not None and last != 'void':
        names.append(last)
    return names


def _is_place_node(node):
    """Is node a variable, or a field or an element of one (p->a.b, items[i].k)?"""
    while node[0] in ('field', 'index', 'paren') or node[0] == 'un' and node[1] == '*':
        node = node[1] if node[0] != 'un' else node[2]
    return node[0] == 'id'


def _entry_stores(fs, rng, base, until):
    """The values the function rng stores in fields of the entry base, a parse node
    (e->id = id;), as their text -> the field paths: stores that hold where the key is
    used, at token until (_holding_store())."""
    out = {}
    for j, path, lo, hi in _field_writes(fs.toks, rng, lambda node: _path_of(node, base)):
        value_type = declared_type(fs, fs.toks.text[lo], rng) if hi == lo + 1 else None
        if _cuts(fs.toks, path, value_type):
            continue                 # it->low = key, where u8 low: a part of the key
        if _holding_store(fs.toks, rng, j, path, lo, hi, until, base):
            out.setdefault(' '.join(fs.toks.text[lo:hi]), set()).add(path)
    return out


def _field_writes(toks, rng, path_of):
    """The writes in the token range rng of the fields path_of() names: (token index of
    the operator, the path, the value's token range, or (0, 0) for a write other than
    X->a = v: X->a += v, X->a++, ++X->a)."""
    text = toks.text
    out = []
    for j in range(rng[0] + 1, rng[1]):
        op = text[j]
        if op not in _ASSIGN_OPS and op not in ('++', '--'):
            continue
        if op in ('++', '--') and (toks.kind[j + 1] == 'id' or text[j + 1] == '('):
            k = j + 1                # ++X->a: the place after
            while toks.kind[k] == 'id' or text[k] in ('->', '.', '(', ')', '*'):
                k += 1
            lo, hi = j + 1, k
        else:
            i = j - 1
            # back over X->a and items[i].k, not over the ) of if (it) it->key = v
            while (toks.kind[i] == 'id' and text[i] not in ('if', 'else', 'return', 'do') or
                   text[i] in ('->', '.', ']') or text[i] == ')' and text[i + 1] in ('->', '.')) \
                    and directive_start(toks, i) is None:
                i = matching_open(text, i) - 1 if text[i] in (']', ')') else i - 1
            lo, hi = i + 1, j
        try:
            path = path_of(parse_tokens(toks, lo, hi)) if lo < hi else None
        except Unknown:
            path = None
        if not path:
            continue
        if op == '=' and (text[lo - 1] in (';', '{', '}', ')', 'else') or
                          directive_start(toks, lo - 1) is not None):
            out.append((j, path, j + 1, _value_end(text, j + 1, rng[1])))
        else:
            out.append((j, path, 0, 0))
    return out


def _holding_store(toks, rng, j, path, lo, hi, until, base, guard=None):
    """Does the store X->path = v at token j (its value tokens lo..hi-1) still hold at
    token until? It comes before, in a block around until and not as the branch of a
    test (if (set) e->key = id;), no other write of the function changes that field,
    and none between changes v or the entry (e = e->twin), nor a call, where v is no
    plain variable (a field, a global a call may change)."""
    text = toks.text
    if not lo or not j < until:
        return False
    start = lo
    while start > rng[0] and text[start - 1] not in (';', '{', '}', ')', 'else') and \
            directive_start(toks, start - 1) is None:
        start -= 1
    if text[start - 1] in (')', 'else') and not (
            guard is not None and text[start - 4:start] == ['if', '(', guard, ')']):
        return False                 # if (set) e->key = id; not if (it) it->key = id;
    k = _block_open(text, j, rng[0])
    if not k < until < matching_close(text, k):
        return False                 # if (set) { e->key = id; } then the add
    # no other write of the field from the store to the end of the block of until (a
    # write before the store, or on another path, leaves it)
    block_end = matching_close(text, _block_open(text, until, rng[0]))
    if any(j < w[0] <= block_end and w[0] != j and not _leaves_before(toks, rng, w[0], until)
           for w in _field_writes(toks, rng, lambda node: path if
                                  _path_of(node, base) == path else None)):
        return False                 # e->key = id; ... e->key ^= 16;
    value_names = {text[i] for i in range(lo, hi) if toks.kind[i] == 'id'}
    value = text[lo:hi]
    if hi > lo + 1 and any(j < w[0] < until and not _leaves_before(toks, rng, w[0], until)
                           for w in _field_writes(toks, rng, lambda node: ('v',) if text[
                               node[-1][0]:node[-1][1]] == value else None)):
        return False                 # e->key = req->id; req->id = req->other;
    for i in range(hi, until):
        if toks.kind[i] != 'id':
            continue
        if text[i] in value_names | free_names(base) and text[i - 1] not in ('->', '.') and (
                text[i + 1] in _ASSIGN_OPS or text[i + 1] in ('++', '--') or
                text[i - 1] in ('++', '--') or text[i - 1] == '&' and (
                    text[i + 1] not in ('->', '.') or text[i + 2] == path[0])) and \
                not _leaves_before(toks, rng, i, until):
            return False             # id = e->alias; e = e->twin; set_key(&e->key) between
        if text[i + 1] == '(' and text[i] not in _CALL_FREE_WORDS and \
                not (hi == lo + 1 and _plain_local(toks, rng, text[lo])):
            return False             # next_id() may change what v reads
    return True


def _leaves_before(toks, rng, i, until):
    """Is token i in a block that closes before token until and whose last statement
    leaves the function (if (err) { n = NULL; goto out; }), so that no path goes
    from i to until?"""
    text = toks.text
    k = _block_open(text, i, rng[0])
    close = matching_close(text, k)
    if k == rng[0] or close >= until:
        return False
    start = close - 1
    if text[start] != ';':
        return False
    while text[start - 1] not in (';', '{', '}') and start > k:
        start -= 1
    if text[start] == 'goto':        # to a label after until, not goto again;
        return any(text[m] == text[start + 1] and text[m + 1] == ':' and
                   text[m - 1] in (';', '{', '}') for m in range(until, rng[1]))
    return text[start] == 'return'


def _block_open(text, i, lo):
    """The { of the innermost block around token i (lo, that of the function, at most)."""
    k, depth = i, 0
    while k > lo and not (text[k] == '{' and depth == 0):
        depth += text[k] == '}' and 1 or text[k] == '{' and -1 or 0
        k -= 1
    return k


# words that a ( follows and that call nothing
_CALL_FREE_WORDS = {'if', 'while', 'for', 'switch', 'return', 'sizeof', 'typeof', '__typeof__',
                    'likely', 'unlikely', 'INIT_HLIST_NODE', 'INIT_LIST_HEAD'}


def _tail_path(node):
    """The fields of a place (e->a.b: ('a', 'b')) after its variable, or None."""
    path = []
    while node[0] == 'field':
        path.append(node[2])
        node = node[1]
        while node[0] in ('index', 'paren') or node[0] == 'un' and node[1] == '*':
            node = node[1] if node[0] != 'un' else node[2]
    return tuple(reversed(path)) if path and node[0] == 'id' else None


def _plain_local(toks, rng, name):
    """Is name declared in the function rng (a local or parameter) and never given to a
    call by its address (&id)?"""
    text = toks.text
    j = rng[0]
    while j > 0 and text[j - 1] not in (';', '}') and not text[j - 1].startswith('#'):
        j -= 1
    declared = any(text[i] == name and text[i + 1] in (',', ')', ';', '=', '[') and
                   (text[i - 1].isidentifier() and text[i - 1] not in ('return', 'case') or
                    text[i - 1] == '*')
                   for i in range(j, rng[1]))
    return declared and not any(text[i] == name and text[i - 1] == '&' for i in range(j, rng[1]))


def _callee_stores(fs, rng, value, base, helpers, until):
    """The field paths of the entry base that functions of the file given value as an
    argument in the function rng store it in: e = item_new(id), item_init(e, id)."""
    text = fs.toks.text
    out = set()
    want = value.split()
    for i in range(rng[0], rng[1]):
        if text[i:i + len(want)] != want or text[i - 1] not in (',', '(') or \
                text[i + len(want)] not in (',', ')'):
            continue
        call = enclosing_call(text, i)
        d = helpers.get(call[0]) if call is not None else None
        if d is None or not d.local or d.kind != 'function' or call[1] >= len(d.param_names()):
            continue
        at = i
        while not (text[at] == call[0] and text[at + 1] == '('):
            at -= 1
        spans = argument_spans(text, at + 1)
        if at > until:
            continue                 # stored after the key is used
        for path, target in _stores_of(d, d.param_names()[call[1]]):
            if target == 'return':
                # base = item_new(id);
                j = at - 2
                while fs.toks.kind[j] == 'id' or text[j] in ('->', '.'):
                    j -= 1
                ok = text[at - 1] == '=' and _is_assigned(fs, j + 1, at - 1, base)
            else:
                lo, hi = spans[target] if target < len(spans) else (0, 0)
                ok = lo < hi and _is_assigned(fs, lo + (text[lo] == '&'), hi, base)
            if ok:
                out.add(path)
    return out


def _is_assigned(fs, lo, hi, base):
    """Are tokens lo..hi-1 the entry base?"""
    try:
        return lo < hi and _same_node(parse_tokens(fs.toks, lo, hi), base)
    except Unknown:
        return False


def _value_end(text, lo, hi):
    """The end of the value of an assignment or a declarator that starts at token lo:
    the ; or , after it, or the ) that closes around it (before hi)."""
    depth, j = 0, lo
    while j < hi and not (depth == 0 and text[j] in (';', ',')):
        depth += text[j] in ('(', '[') and 1 or text[j] in (')', ']') and -1 or 0
        if depth < 0:
            break
        j += 1
    return j


def _values(fs, rng, name):
    """The values the function rng gives variable name (port = dest->port; port = 0), as
    parse nodes, or None where it changes otherwise (+=, ++, its address taken)."""
    text = fs.toks.text
    out = []
    for i in occurrences(fs, name, rng[0], rng[1]):
        if text[i - 1] in ('->', '.'):
            continue
        if text[i - 1] in ('++', '--') or text[i + 1] in ('++', '--') or \
                text[i - 1] == '&' and text[i + 1] != '->':
            return None              # &in_dev->list leaves in_dev as it is
        if text[i + 1] not in _ASSIGN_OPS:
            continue
        if text[i + 1] != '=':
            return None
        try:
            out.append(parse_tokens(fs.toks, i + 2, _value_end(text, i + 2, rng[1])))
        except Unknown:
            return None
    return out


def _is_variable(fs, name, rng):
    """A local or parameter of the function rng, or a variable of the file that functions
    change. A seed, filled through its address or given its value once by an __init
    function (hash_seed = get_random_u32()), is the same for every entry; one assigned
    anywhere else may change between two entries (cur_ns = ns[i] in a loop)."""
    if declared_type(fs, name, rng) is not None:
        return True
    text = fs.toks.text
    assigned = []
    for i in occurrences(fs, name):
        where = function_range(fs, fs.toks.pos[i])
        if text[i - 1] in ('->', '.') or where is None:
            continue
        if text[i + 1] in ('++', '--') or text[i - 1] in ('++', '--') or \
                text[i + 1] in _ASSIGN_OPS and text[i + 1] != '=':
            return True
        if text[i + 1] == '=':
            assigned.append(where)
    return len(assigned) > 1 or any(
        '__init' not in function_header(fs, where)[0] for where in assigned)


def _cuts(toks, path, value_type):
    """Does a store of a value of type value_type (None: not known) in the field path
    lose bits of it: a field the tokens declare with a type not known to be as wide as
    an int (u8 low;, bool, a typedef of the file) and not the value's own type, or as a
    bit-field? A field they do not declare is taken to hold it."""
    field_type = _field_type(toks, path[-1]) if path else None
    if field_type is None or field_type in _WIDE_TYPES or field_type.endswith('*'):
        return False
    if value_type is None or field_type == 'bit-field':
        return True
    value_type = ' '.join(value_type.split())
    if value_type == field_type:
        return False
    return value_type not in _NARROW_TYPES or field_type not in _NARROW_TYPES or \
        _bits_of(value_type) > _bits_of(field_type)


def _bits_of(narrow_type):
    """8 or 16: the width of a type of _NARROW_TYPES."""
    return 16 if '16' in narrow_type or 'short' in narrow_type else 8


# integer types at least as wide as an int
_WIDE_TYPES = {'int', 'unsigned', 'unsigned int', 'signed int', 'long', 'unsigned long',
               'long int', 'unsigned long int', 'long long', 'unsigned long long', 'u32', 'u64',
               's32', 's64', '__u32', '__u64', '__s32', '__s64', 'uint32_t', 'uint64_t',
               'int32_t', 'int64_t', 'size_t', 'ssize_t', 'uintptr_t', 'unsigned long long int',
               '__be32', '__le32', '__be64', '__le64', 'dma_addr_t', 'phys_addr_t', 'loff_t',
               'pgoff_t', 'sector_t', 'kuid_t', 'kgid_t', 'pid_t', 'uid_t', 'gid_t', 'ino_t'}


def _field_type(toks, field):
    """The type text the tokens declare a member field with (u8 key; u8 flags, key;
    u8 key __maybe_unused;), 'bit-field' (unsigned int key : 4;), or None."""
    memo = toks.__dict__.setdefault('field_types', {})
    if field not in memo:
        memo[field] = _find_field_type(toks, field)
    return memo[field]


def _find_field_type(toks, field):
    text = toks.text
    for i in range(1, len(text) - 1):
        if text[i] != field or text[i - 1] in ('->', '.'):
            continue
        k = i + 1
        while toks.kind[k] == 'id' and text[k].startswith('__'):
            k += 1                   # __maybe_unused, __aligned
        if text[k] not in (';', ',', ':') or _in_parentheses(text, i):
            continue
        if text[k] == ':':
            return 'bit-field'
        start = i
        while text[start - 1] == '*':
            start -= 1
        while text[start - 1] == ',':            # u8 flags, key;
            start -= 2
            while text[start - 1] == '*':
                start -= 1
        j = start
        while j > 0 and toks.kind[j - 1] == 'id' and text[j - 1] not in ('struct', 'union', 'enum'):
            j -= 1
        if text[j - 1] in ('struct', 'union', 'enum'):
            return None
        if j == start or text[j - 1] not in (';', '{', '}'):
            continue
        words = [w for w in text[j:start] if w not in ('const', 'volatile')]
        if words[:1] == ['signed'] and len(words) > 1:
            words = words[1:]
        kind = ' '.join(words)
        if text[i - 1] == '*' or start < i and '*' in text[start:i]:
            return kind + ' *'
        return {'char unsigned': 'unsigned char', 'short signed': 'short'}.get(kind, kind)
    return None


def _in_parentheses(text, i):
    """Is token i inside parentheses that no brace encloses within them?"""
    depth = 0
    for k in range(i - 1, -1, -1):
        if text[k] in (')', ']'):
            depth += 1
        elif text[k] in ('(', '['):
            if depth == 0:
                return True
            depth -= 1
        elif text[k] in ('{', '}', ';'):
            return False
    return False


def _stores_of(d, param):
    """The field paths the function d stores its parameter param in (it->id = id;), each
    with the object stored to: the index of a parameter, or 'return' for the object it
    returns; not another object (shadow->id = id), and only stores that hold where it
    returns (_holding_store()), of an object it returns at every return (or NULL)."""
    toks = d.toks
    text = toks.text
    params = d.param_names()
    rng = (d.body[0] - 1, d.body[1])
    if text[rng[0]] != '{':
        return set()
    returns = [i for i in range(d.body[0], d.body[1]) if text[i] == 'return']
    returned = {text[i + 1] for i in returns if text[i + 2] == ';'} - {'NULL'}
    if len(returned) > 1 or any(text[i + 2] != ';' for i in returns):
        returned = set()             # return a; ... return b;
    end = returns[-1] if returns else rng[1]
    out = set()
    types = dict(d.params)
    for j, path, lo, hi in _field_writes(toks, rng, _tail_path):
        if text[lo:hi] != [param] or _cuts(toks, path, types.get(param)):
            continue
        target = j - 1
        while text[target - 1] in ('->', '.'):
            target -= 2
        obj = text[target]
        kinds = ([params.index(obj)] if obj in params else []) + \
            (['return'] if obj in returned else [])
        if kinds and _holding_store(toks, rng, j, path, lo, hi, end, ('id', obj, (j, j)),
                                    guard=obj) and \
                param not in {text[i] for i in range(d.body[0], d.body[1])
                              if text[i + 1] in _ASSIGN_OPS and text[i - 1] not in ('->', '.')}:
            out |= {(path, kind) for kind in kinds}
    return out


def _assigned_once(fs, field):
    """Does the file assign the field of that name (x->f = v, x.f = v) once?"""
    text = fs.toks.text
    return sum(1 for i in token_indices(fs, field)
               if text[i - 1] in ('->', '.') and (text[i + 1] in _ASSIGN_OPS or
                                                 text[i + 1] in ('++', '--'))) == 1


def _key_shape(fs, red, rng):
    """What a key computes, with its places left out ((u8)* & 255 for (u8)id & 255; a
    local given one value is that value, its narrow declared type a cast): two keys of
    one shape over equal places are equal."""
    node = red.key
    text = red.toks.text
    narrow = None
    if node[0] == 'id' and rng is not None and red.toks is fs.toks:
        value = _single_value(fs, rng, node[1])
        declared = declared_type(fs, node[1], rng)
        if value is not None:
            if _is_narrow(declared):
                narrow = ' '.join(declared.split())     # u8 k8 = key;
            node = value
    return (narrow, _key_form(node, text))


def _single_value(fs, rng, name):
    """The value of a local that its function gives it once (h = key & 0xff), or None."""
    text = fs.toks.text
    found = None
    for i in occurrences(fs, name, rng[0], rng[1]):
        if text[i - 1] in ('->', '.') or text[i + 1] not in _ASSIGN_OPS:
            continue
        if found is not None or text[i + 1] != '=':
            return None
        j = statement_end(fs, i)
        depth, k = 0, i + 2
        while k < j and not (depth == 0 and text[k] == ','):
            depth += text[k] in ('(', '[') and 1 or text[k] in (')', ']') and -1 or 0
            k += 1
        try:
            found = parse_tokens(fs.toks, i + 2, k)
        except Unknown:
            return None
    return found


def _key_form(node, text):
    kind = node[0]
    if kind in ('id', 'field', 'index'):
        return '*'
    if kind == 'paren':
        return _key_form(node[1], text)
    if kind == 'un' and node[1] in ('&', '*'):
        return _key_form(node[2], text)
    if kind == 'num':
        return node[1]
    if kind == 'cast':
        ty = _cast_type(node, text)
        inner = _key_form(node[1], text)
        return '(%s)%s' % (ty, inner) if ty in _NARROW_TYPES else inner
    if kind == 'call':
        name = node[1][1] if node[1][0] == 'id' else '?'
        if name in _TRANSPARENT and len(node[2]) == 1:
            return _key_form(node[2][0], text)
        return '%s(%s)' % (name, ', '.join(_key_form(a, text) for a in node[2]))
    if kind == 'bin':
        return '(%s %s %s)' % (_key_form(node[2], text), node[1], _key_form(node[3], text))
    if kind == 'un':
        return node[1] + _key_form(node[2], text)
    if kind == 'sizeof':
        return 'sizeof'
    if kind == '?':
        forms = {_key_form(node[2], text), _key_form(node[3], text)}
        return forms.pop() if len(forms) == 1 else '?'
    return kind


def _operates_on_entry(node, base):
    """Is node an operation (e->key >> 4, e->a ^ e->b, e->key + 1) on fields of the entry
    base, rather than one of its fields or a value it is given?"""
    node = strip_parens(node)
    while node[0] == 'cast':
        node = strip_parens(node[1])
    if node[0] == '?':               # e->tag ? other : e->k picks a key, computes none
        return any(_operates_on_entry(branch, base) for branch in node[2:4])
    return base is not None and (node[0] == 'bin' or node[0] == 'un' and node[1] not in
                                 ('&', '*')) and bool(_field_paths(node, base))


def _shape_text(shapes):
    return ' or '.join('"%s"' % (('(%s)' % n if n else '') + sh) for n, sh in sorted(
        shapes, key=lambda x: (x[0] or '', x[1])))


def _loses_bits(node):
    """Does node apply an operator that loses bits (key >> 12, key & MASK)?"""
    return node[0] == 'bin' and node[1] in _LOSSY_OPS or any(_loses_bits(c) for c in _children(node))


def _reductions(fs, t, s):
    """The reductions that pick the bucket of site s: its own, that of the bucket pointer
    it walks, and those assigned to the index variables they name in its function."""
    reds = [s.red] if s.red is not None else []
    if s.how == 'bptr':
        reds += [bp['red'] for bp in t.bucket_ptrs
                 if s in bp.get('uses', ()) and bp.get('red') is not None]
    names = {s.var} if s.var else set()
    for red in reds:
        names |= {p[0] for p in places(red.key)} if red.key is not None else set()
    rng = function_range(fs, s.op_pos)
    for pos, red, _assign in getattr(t, 'var_assigns', ()):
        if fs.toks.text[fs.toks.at_pos(pos)] in names and function_range(fs, pos) == rng:
            reds.append(red)
    return [red for red in reds if red.form != 'var']


def _sources(fs, rng, name):
    """The places that the values of variable name are computed from in the function rng
    (u32 hash = jhash(name, len, 0): equal names give equal hashes), or None where it
    gets a value otherwise too (its address passed on, a field of it set, a value not
    understood)."""
    text = fs.toks.text
    out = set()
    assigned = 0
    for i in occurrences(fs, name, rng[0], rng[1]):
        if text[i - 1] in ('->', '.'):
            continue
        if text[i - 1] == '&' or text[i + 1] in ('.', '->', '[', '++', '--') or \
                text[i - 1] in ('++', '--'):
            return None
        if text[i + 1] not in _ASSIGN_OPS:
            continue
        assigned += 1
        if assigned > 1:
            return None              # h = hash(name); if (dir) h += 8: not name alone
        try:
            out |= places(parse_tokens(fs.toks, i + 2, _value_end(text, i + 2, rng[1])))
        except Unknown:
            return None
    return {p for p in out if p[0] != name}


def _cursors(fs, at):
    """The first two arguments of the iterator at token at that are one name: its cursors
    (and a bucket pointer, which no test compares), not its member, which may share a
    name with a local (u32 hash; ...; hash_entry)."""
    text = fs.toks.text
    return {text[lo] for lo, hi in argument_spans(text, at + 1)[:2]
            if hi == lo + 1 and fs.toks.kind[lo] == 'id'}


def _member(fs, at):
    """The member argument of the iterator at token at (the node in the entry)."""
    text = fs.toks.text
    spans = argument_spans(text, at + 1)
    names = [text[lo] for lo, hi in spans[2:] if hi == lo + 1 and fs.toks.kind[lo] == 'id']
    return names[-1] if len(spans) in (3, 4) and names else (names[0] if names else None)


def _added_entries(fs, t, s, rng):
    """Names of the entries that the function of walk s adds to the very bucket it walks
    (the same bucket pointer, or the same key)."""
    out = set()
    text = fs.toks.text
    for other in t.sites:
        if not other.kind.startswith('hlist_add') or function_range(fs, other.op_pos) != rng:
            continue
        same = other.var == s.var if s.how == other.how == 'bptr' else \
            other.key_text is not None and other.key_text == s.key_text
        at = fs.toks.at_pos(other.op_pos)
        if same and at is not None and text[at + 1] == '(':
            lo, hi = argument_spans(text, at + 1)[0]
            out |= {text[k] for k in range(lo, hi)
                    if fs.toks.kind[k] == 'id' and text[k - 1] not in ('->', '.')}
    return out


def _index_variables(fs, t, s):
    """The index variables of the function of site s: they hold a bucket number, not a key."""
    rng = function_range(fs, s.op_pos)
    return {fs.toks.text[fs.toks.at_pos(pos)] for pos, _red, _assign in getattr(t, 'var_assigns', ())
            if function_range(fs, pos) == rng}


NOT_A_LOOKUP = ('the walk of the bucket of "%s" is no lookup (%s): hash_for_each_possible() '
                'would visit the entries of other keys than before')


# what is known of an entry where no entry goes on (after continue, return)
_NOWHERE = ('*', ())
_ALL = frozenset({_NOWHERE})


def _meet(a, b):
    """What is known after two paths meet."""
    return b if _NOWHERE in a else a if _NOWHERE in b else a & b


class _Body:
    """The body of the walk whose iterator is token at, read as a lookup of keys.

    It is read path by path, with the set of places (places()) that the tests passed so
    far prove the entry to hold (or _ALL where no entry goes on): an effect is allowed
    once that covers the key. keys: the places of the key (required); deep: those of
    them read inside a call that may read what they point to, which a test of a field of
    theirs tests (hash_address(a): a->family, a->v4); added: entries the function adds
    to the same bucket (each stands for the key).
    """

    def __init__(self, fs, at, rng, keys, deep, added, cursors, helpers, entry_fields,
                 compared_fields, cast_key, lossy_key, key_calls, each_add=()):
        self.fs, self.text, self.rng, self.helpers = fs, fs.toks.text, rng, helpers
        self.cursors, self.entry_fields = set(cursors), set(entry_fields)
        self.member = _member(fs, at)
        first = argument_spans(fs.toks.text, at + 1)[0]
        self.entry = fs.toks.text[first[0]] if first[1] == first[0] + 1 else None
        self.nesting = 0             # how deep in the branches of tests the reading is
        self.cast_key = cast_key     # whether the key casts (then a test may too)
        self.lossy_key = lossy_key   # whether it loses bits (then a test may mask one side)
        self.compared_fields = compared_fields  # the fields of an entry a test may compare
        self.each_add = each_add                # those of each add (e->a at one, e->b at another)
        self.pairs = {}                         # a variable of the key -> the fields tested equal to it
        self.key_calls = key_calls   # the functions the key goes through
        self.required, self.deep, self.added = set(keys), set(deep), set(added)
        self.sources = {}            # variable -> the places its values come from, or None
        todo = [k[0] for k in keys]
        while todo and len(self.sources) < 32:
            name = todo.pop()
            if name in self.sources:
                continue
            found = _sources(fs, rng, name) if self.is_variable(name) else None
            self.sources[name] = found
            todo.extend(p[0] for p in found or ())
        self.keys = set(self.sources) | self.added     # names a test of the key names
        close = matching_close(self.text, at + 1)
        self.derived = set(cursors)  # names of the entry: its cursors, and locals from them
        self.aliases = set(cursors)  # those that are the entry itself (e = it)
        self.derived_fields = {}     # a local from the entry -> the field paths it reads
        self.impure = set()          # locals from the entry computed otherwise than read
        self.lo, self.hi = close + 1, statement_end(fs, at)
        self.flags = {}              # name -> the key test assigned to it

    def is_variable(self, name):
        return _is_variable(self.fs, name, self.rng)

    def check(self):
        """Raise NotALookup unless every effect of the body is after or under a key test,
        and the body changes neither the key nor the key of an entry."""
        for name in sorted(self.keys | self.cursors):
            for i in occurrences(self.fs, name, self.lo, self.hi):
                fields, written = self.written(i)
                if not written:
                    continue
                if name in self.cursors and fields and fields[0] in self.entry_fields:
                    raise NotALookup('it changes the key of an entry (%s)'
                                     % self.quote(i, i + 2 * len(fields) + 1))
                if name in self.keys and any(
                        k == name and (f[:len(fields)] == fields or fields[:len(f)] == f)
                        for k, f in self.required.union(*(v for v in self.sources.values() if v))):
                    raise NotALookup('it changes "%s"' % self.quote(i, i + 2 * len(fields) + 1))
        text = self.text
        # the nodes of the chain: the member, and a cursor that is no entry (the node of
        # hlist_for_each_entry_safe()); it->next is a field of the entry of that name
        nodes = {self.member} | self.cursors - {self.entry}
        for j in range(self.lo, self.hi):
            if text[j] in ('hlist_next_rcu', 'hlist_pprev_rcu') or \
                    text[j] in ('next', 'pprev') and text[j - 1] in ('.', '->') and \
                    (text[j - 2] in nodes or text[j - 2] in self.node_locals()):
                raise NotALookup('it reads the chain (%s)' % self.quote(j - 2, j + 1))
        for j in range(self.hi + 1, self.rng[1]):
            if text[j].startswith(('hlist_for_each_entry_continue', 'hlist_for_each_entry_from')) \
                    and text[j + 1] == '(' and text[j + 2] in self.cursors:
                raise NotALookup('the walk goes on after it (%s())' % text[j])
        self.block(self.lo, self.hi, frozenset())

    def node_locals(self):
        """Locals of the body given the address of an entry's node (n = &it->node)."""
        text, out = self.text, set()
        for j in range(self.lo, self.hi):
            if text[j] == self.member and text[j - 1] in ('->', '.') and \
                    text[j - 3] == '&' and text[j - 4] == '=':
                out.add(text[j - 5])
        return out

    def written(self, i):
        """(the fields of the place named at token i: p->a.b, whether it is written there:
        assigned, stepped, or its address given to a call that may write)."""
        text = self.text
        if text[i - 1] in ('->', '.'):
            return (), False
        fields, j = [], i + 1
        while text[j] in ('->', '.', '['):
            if text[j] == '[':
                j = matching_close(text, j) + 1
                continue
            fields.append(text[j + 1])
            j += 2
        k = i - 1
        while text[j] == ')' and text[k] in ('(', '*'):
            j, k = j + 1, k - 1      # (*key) += 16, (key)++
            while text[k] == '*':
                k -= 1
        if text[j] in _ASSIGN_OPS or text[j] in ('++', '--') or text[k] in ('++', '--'):
            return tuple(fields), True
        start = i - 1 if text[i - 1] == '&' else i
        call = enclosing_call(text, start)
        if call is not None and (text[i - 1] == '&' or call[1] == 0 and call[0].isupper()):
            # &key given to a call, or the first argument of a macro (WRITE_ONCE(x, v))
            return tuple(fields), not self.reads_only(call[0])
        return tuple(fields), False

    def covers(self, known):
        """Does known prove that the entry holds the key?"""
        if _NOWHERE in known or any(k[0] in self.added and not k[1] for k in known):
            return True
        ok, tested = self._cover(self.required, known, 0)
        return ok and tested

    def _cover(self, places, known, depth):
        """(whether every place of a variable is tested, as itself or a place it is part
        of, or computed from tested places, whether any is): a global or a constant (a
        seed) is the same for every entry."""
        tested = False
        for name, fields in sorted(places):
            deep = (name, fields) in self.deep
            if any(k == name and (fields[:len(f)] == f or deep and f[:len(fields)] == fields)
                   for k, f in known):
                tested = True        # p->id, or p itself (the same object), or a field
                continue             # of what a helper reads through p
            if not self.is_variable(name):
                continue
            srcs = self.sources.get(name)
            if fields and srcs is not None:
                # handle = resource->handle: handle.resource is resource->handle.resource
                srcs = {(w, g + fields) for w, g in srcs} if len(srcs) == 1 else None
            ok, some = self._cover(srcs, known, depth + 1) if srcs and depth < 4 else (False, False)
            if not (ok and some):
                return False, False
            tested = True
        return True, tested

    def untested(self, known):
        """The places of the key that known leaves untested, for a reason."""
        names = sorted(name + ''.join('->' + f for f in fields) for name, fields in self.required
                       if not self._cover({(name, fields)}, known, 0)[1])
        return ', '.join('"%s"' % n for n in names) or 'the key'

    def effect(self, known, what):
        if not self.covers(known):
            raise NotALookup('%s comes before a test of %s' % (what, self.untested(known)))

    def block(self, lo, hi, known):
        """Read the statement lo..hi (one, or a block) on the paths that reach it with
        known: what is known where it ends (_ALL where none goes on)."""
        text = self.text
        if text[lo] != '{':
            return self.statement(lo, self.statement_end(lo), known)
        k = lo + 1
        while k < hi:
            end = self.statement_end(k)
            known = self.statement(k, end, known)
            k = end + 1
        return known

    def statement_end(self, k):
        """The last token of the statement at token k, an else branch included."""
        text = self.text
        if text[k] == 'if':
            end = self.statement_end(matching_close(text, k + 1) + 1)
            return self.statement_end(end + 2) if text[end + 1] == 'else' else end
        if text[k] == '{':
            return matching_close(text, k)
        return statement_end(self.fs, k)

    def ends_body(self, label):
        """Is label the last thing of the body (next: ; })?"""
        text = self.text
        for j in range(self.lo, self.hi):
            if text[j] == label and text[j + 1] == ':' and text[j - 1] in (';', '{', '}'):
                return all(t in (';', '}') for t in text[j + 2:self.hi + 1])
        return False

    def statement(self, k, end, known):
        text = self.text
        if text[k] == ';':
            return known
        if text[k] == '{':
            return self.block(k, end, known)
        if text[k] == 'if':
            return self.condition(k, end, known)
        if text[k] == 'continue':
            return _ALL              # the entry is skipped: nothing done
        if text[k] == 'goto' and self.ends_body(text[k + 1]):
            return _ALL              # goto next; with next: at the end: a continue
        if text[k] in ('return', 'break', 'goto'):
            self.effect(known, '"%s"' % text[k])
            return _ALL
        if text[k] in ('for', 'while', 'do', 'switch') or text[k + 1] == ':':
            self.effect(known, '"%s"' % text[k])
            return known
        if not self.covers(known):
            self.plain(k, end, known)
        return known

    def condition(self, k, end, known):
        """if (C) S [else S2]: each branch is read with what C proves there."""
        text = self.text
        close = matching_close(text, k + 1)
        cond = parse_tokens(self.fs.toks, k + 2, close)
        self.effect_free(cond, 'the test', known)
        then_end = self.statement_end(close + 1)
        when_true, when_false = known | self.proves(cond, True), known | self.proves(cond, False)
        self.nesting += 1
        after_then = self.block(close + 1, then_end, when_true)
        after_else = self.block(then_end + 2, end, when_false) if then_end < end else when_false
        self.nesting -= 1
        return _meet(after_then, after_else)

    def plain(self, k, end, known):
        """An expression statement or a declaration where the key is not yet tested: only
        a local of the body (or one read nowhere else) may be given a value, by an
        expression without effects; n += <a test of the key> adds nothing for the
        entries of other keys."""
        text = self.text
        what = '"%s"' % self.quote(k, end + 1)
        parts, depth, start = [], 0, k
        for j in range(k, end + 1):
            if text[j] in ('(', '[', '{'):
                depth += 1
            elif text[j] in (')', ']', '}'):
                depth -= 1
            elif depth == 0 and text[j] in (',', ';'):
                parts.append((start, j))
                start = j + 1
        declared = self.declaration_start(k)
        if declared is None and len(parts) > 1:
            self.effect(known, what)     # a comma expression
        for n, (lo, hi) in enumerate(parts):
            self.part(lo if n else (declared if declared is not None else k), hi,
                      declared is not None, known, what)

    def declaration_start(self, k):
        """The token after the type of a declaration at token k (unsigned int *a = ...,
        struct x y), or None for another statement."""
        text, kind = self.text, self.fs.toks.kind
        j = k
        while text[j] in _DECLARATION_WORDS or text[j] in TYPEDEFS or text[j].endswith('_t') \
                or j > k and text[j - 1] in ('struct', 'union', 'enum'):
            j += 1
        if j == k or kind[j] != 'id' and text[j] != '*':
            return None
        while text[j] == '*':
            j += 1
        if kind[j] == 'id' and kind[j - 1] == 'id' and text[j - 1] not in ('struct', 'union',
                                                                           'enum'):
            return j                 # u32 k: the type ends before the name
        return j if text[j - 1] == '*' else None

    def part(self, lo, hi, declared, known, what):
        """One declarator (a = v, *p) of a declaration, or the expression statement lo..hi-1."""
        text = self.text
        depth, eq = 0, None
        for j in range(lo, hi):
            if text[j] in ('(', '[', '{'):
                depth += 1
            elif text[j] in (')', ']', '}'):
                depth -= 1
            elif depth == 0 and text[j] in _ASSIGN_OPS and eq is None:
                eq = j
        if eq is None:
            if declared and self.declarator_only(lo, hi):
                return               # struct entry *e; char buf[16];
            self.effect(known, what)
            return
        var = text[eq - 1]
        lhs = [t for t in text[lo:eq] if t != '*'] if declared else text[lo:eq]
        value = parse_tokens(self.fs.toks, eq + 1, hi)
        if not declared and text[eq] in ('+=', '-=', '|=', '^=') and \
                not any(t in ('(', '++', '--') for t in lhs) and \
                self.covers(known | self.zero_unless(value)):
            self.effect_free(value, '"%s"' % var, known)
            return                   # n += e->key == key: adds nothing for another key
        if text[eq] != '=' or len(lhs) != 1 or self.fs.toks.kind[eq - 1] != 'id' or \
                not declared and not self.private(var) or var in free_names(value) or \
                any(self.text[i] == var for i in range(self.lo, lo)):
            self.effect(known, what)     # a store, a sum, a value kept from another entry
        self.effect_free(value, '"%s"' % var, known, tests=value[0] == 'call')
        # a value given once, on every path (not under a test: a flag set on some paths
        # keeps what another entry gave it)
        once = self.assignments(var) == 1 and not self.nesting
        if once and free_names(value) & self.derived:
            self.derived.add(var)
            bare = strip_parens(value)
            while bare[0] == 'cast':
                bare = strip_parens(bare[1])
            if bare[0] == 'id' and bare[1] in self.aliases:
                self.aliases.add(var)    # e = it, e = (struct item *)it
            elif not self.is_place(value) or _is_narrow(declared_type(self.fs, var, self.rng)):
                self.impure.add(var)     # low = it->key & 0xff; u8 low = it->key
            self.derived_fields[var] = {f for n, f in places(value) if n in self.aliases and f}.union(
                *(self.derived_fields.get(n, set()) for n in free_names(value)))
        if once and (self.proves(value, True) or self.proves(value, False)):
            self.flags[var] = value

    def is_place(self, node):
        """Is node a place read as it is (k, it->a.b, *k, &it->key), not a part or a
        function of one ((k & 0xff), (u8)k, low8(k), it->ids[1], a local so computed)?"""
        node = strip_parens(node)
        while node[0] == 'call' and node[1][0] == 'id' and node[1][1] in _TRANSPARENT and \
                len(node[2]) == 1 or node[0] == 'cast' and self.cast_key:
            node = strip_parens(node[2][0] if node[0] == 'call' else node[1])
        if node[0] == 'un' and node[1] in ('*', '&'):
            return self.is_place(node[2])
        if node[0] == 'call' and node[1][0] == 'id':
            d = self.helpers.get(node[1][1])
            if d is not None and (_returns_narrow(d) or any(_is_narrow(t) for _n, t in d.params)):
                return False         # to_u8(u8 x), u8 to_u8(x): a type cuts what it is given
            inlined = self.inline(node[1][1], node[2])
            return inlined is not None and self.is_place(inlined)   # port_ns(p): p->ns
        while node[0] == 'field':
            node = node[1]
        return node[0] == 'id' and node[1] not in self.impure

    def declarator_only(self, lo, hi):
        """Are tokens lo..hi-1 a name with stars before it and array sizes after it that do
        nothing (*e, buf[16]): a declaration without a value?"""
        text, kind = self.text, self.fs.toks.kind
        j = lo
        while j < hi and text[j] == '*':
            j += 1
        if j >= hi or kind[j] != 'id':
            return False
        k = j + 1
        while k < hi and text[k] == '[':
            k = matching_close(text, k) + 1
        return k == hi and not any(t in ('(', '++', '--') or t in _ASSIGN_OPS for t in text[j:hi])

    def assignments(self, var):
        """How many times the body gives var a value."""
        return sum(1 for i in occurrences(self.fs, var, self.lo, self.hi)
                   if self.text[i - 1] not in ('->', '.') and self.text[i + 1] in _ASSIGN_OPS)

    def private(self, var):
        """Is var a local of the function (not static), declared outside the body, read
        only in it (found = key_eq(p, k))?"""
        pos = self.fs.toks.pos
        head = self.rng[0]
        while head > 0 and self.text[head - 1] not in (';', '}'):
            head -= 1
        decls = {d[0] for d in self.fs.decls.get(var, ())
                 if 'static' not in d[1].split() and pos[head] <= d[0] <= pos[self.rng[1]]}
        for i in occurrences(self.fs, var, head, self.rng[1]):
            if not self.lo <= i <= self.hi and pos[i] not in decls:
                return False
        return bool(decls)

    # -- the conditions

    def effect_free(self, node, what, known, tests=True):
        """Raise NotALookup if node may have an effect before it has tested the key
        (tests: whether a call given the entry and the key is read as a comparison, as
        in a condition or a flag, found = key_eq(p, k))."""
        if self.covers(known):
            return
        kind = node[0]
        if kind == 'bin' and node[1] in ('&&', '||'):
            self.effect_free(node[2], what, known, tests)
            self.effect_free(node[3], what, known | self.proves(node[2], node[1] == '&&'), tests)
            return
        if kind == 'call':
            name = node[1][1] if node[1][0] == 'id' else None
            if tests and self.key_call(node) and self.reads_only(name):
                return               # a comparison: equal or not
            if name in _WARNINGS and node[2] and \
                    not self.covers(known | self.proves(node[2][0], True)):
                raise NotALookup('%s may warn before a test of %s' % (what, self.untested(known)))
            if not self.reads_only(name):
                raise NotALookup('%s calls %s() before a test of %s'
                                 % (what, name or 'a function pointer', self.untested(known)))
            for a in node[2]:
                self.effect_free(a, what, known, tests)
            return
        if kind == 'id' and self.macro_writes(node[1]):
            raise NotALookup('%s uses %s, which changes something, before a test of %s'
                             % (what, node[1], self.untested(known)))
        for part in node[1:-1]:
            if isinstance(part, tuple):
                self.effect_free(part, what, known, tests)

    def macro_writes(self, name):
        """Is name an object-like macro of the file whose body may change something
        (#define NEXT_TICKET (ticket++))?"""
        for value in self.fs.macros.get(name, ()):
            words = Tokens(value).text
            if any(w in _ASSIGN_OPS or w in ('++', '--') for w in words) or any(
                    words[j + 1] == '(' and not self.reads_only(w)
                    for j, w in enumerate(words[:-1]) if w[:1].isalpha() or w[:1] == '_'):
                return True
        return False

    def polarity(self, name, depth=0):
        """'true' for a comparison function that is true when its arguments are equal,
        'zero' for one that is 0 then (memcmp()), None if not known: the file's own
        function or macro by its body (return a != b;), else by the kernel's names (*cmp*
        and *compare* are 0 when equal but for nf_inet_addr_cmp(); *equal*, *_eq and
        *match* are true)."""
        d = self.helpers.get(name) if depth < 3 else None
        if d is not None and d.local:
            got = self._body_polarity(d, depth)
            if got is not None:
                return got
            if d.kind == 'function':
                return None          # its body is read, not its name (it may compare
                                     # another field, or a part of one)
        if d is None and (_is_function_pointer(self.fs, name) or _named_at_file_scope(self.fs, name)):
            return None              # what it points to, or what a macro makes it, is not known
        if 'case' in name or 'icmp' in name:
            return None              # strcasecmp(): equal but for case, where hashes differ
        if name in _TRUE_WHEN_EQUAL or _named_true_when_equal(name):
            return 'true'
        if 'cmp' in name or 'compare' in name or name.endswith('neq'):
            return 'zero'
        return None

    def inline(self, name, args, depth=0):
        """What a call of the file's function name returns, over the arguments args,
        where its body is one return of an expression; None otherwise."""
        d = self.helpers.get(name)
        if d is None or not d.local or depth > 3 or getattr(d, 'ambiguous', False):
            return None
        node = _inlinable(d)
        params = d.param_names() if hasattr(d, 'param_names') else []
        if node is None or len(params) != len(args):
            return None
        return _substitute(node, dict(zip(params, args)))

    def _body_polarity(self, d, depth):
        """The polarity of what definition d returns, where it is one expression of its
        parameters."""
        node = _inlinable(d)
        return self._expression_polarity(node, depth) if node is not None else None

    def _expression_polarity(self, node, depth):
        kind = node[0]
        if kind in ('paren', 'cast'):
            return self._expression_polarity(node[1], depth)
        if kind == 'un' and node[1] == '!':
            inner = self._expression_polarity(node[2], depth)
            return {'true': 'zero', 'zero': 'true'}.get(inner)
        if kind == 'call' and node[1][0] == 'id':
            return self.polarity(node[1][1], depth + 1)
        if kind == 'bin' and node[1] in ('==', '!='):
            for x, y in ((node[2], node[3]), (node[3], node[2])):
                if y[0] == 'num' and y[1] == '0':
                    inner = self._expression_polarity(x, depth)
                    return inner if node[1] == '!=' else {'true': 'zero', 'zero': 'true'}.get(inner)
            return 'true' if node[1] == '==' else 'zero'
        if kind == 'bin' and node[1] == '&&':
            sides = {self._expression_polarity(node[2], depth),
                     self._expression_polarity(node[3], depth)}
            return 'true' if sides == {'true'} else None
        if kind == 'bin' and node[1] == '||':
            sides = {self._expression_polarity(node[2], depth),
                     self._expression_polarity(node[3], depth)}
            return 'zero' if sides == {'zero'} else None
        return None

    def reads_only(self, name, depth=0):
        """May a call of name stand in a test or give a local its value? The file's own
        functions and macros are read (they may write); the kernel's, unseen, by their
        convention: a predicate or a getter (fib6_info_nh_dev(), net_eq()) changes
        nothing."""
        if name is None:
            return False             # a function pointer
        if name in _TRANSPARENT or name in _READS or name in _WARNINGS:
            return True
        d = self.helpers.get(name)
        if d is not None and d.local:
            return self.helpers.is_pure(name) or self.writes_nothing(d, depth)
        words = name.lower().split('_')
        return not (set(words) & _WRITING_WORDS or any(
            w.endswith(('get', 'grab', 'hold', 'put')) or w.startswith(('try', 'inc', 'dec'))
            for w in words) or any(c in name for c in _COPIES))

    def writes_nothing(self, d, depth):
        """Does the file's function or macro d store nothing but its own locals and call
        only what reads_only() allows (traces_identical(): &&s and a memcmp())?"""
        if depth > 3 or getattr(d, 'ambiguous', False):
            return False
        toks = d.toks.text
        lo, hi = d.body
        locals_ = set(d.param_names()) | {
            toks[j] for j in range(lo + 1, hi)
            if d.toks.kind[j] == 'id' and (toks[j - 1] in _DECLARATION_WORDS or
                                           toks[j - 1] in TYPEDEFS or toks[j - 1].endswith('_t') or
                                           toks[j - 1] == '*' and d.toks.kind[j - 2] == 'id' or
                                           d.toks.kind[j - 1] == 'id' and toks[j + 1] in ('=', ';', ','))}
        for j in range(lo, hi):
            if toks[j] in ('++', '--') or toks[j] in _ASSIGN_OPS and (
                    toks[j - 1] in (']', ')') or toks[j - 2] in ('->', '.') or
                    toks[j - 2] == '*' and toks[j - 3] in (';', '{', '}', ')') or
                    toks[j - 1] not in locals_):
                return False         # a store through a pointer, a field, an array, or
                                     # to a variable of the file (ncmp += 1)
            if j + 1 < hi and toks[j + 1] == '(' and (toks[j][:1].isalpha() or toks[j][:1] == '_') \
                    and toks[j] not in ('if', 'while', 'for', 'switch', 'return', 'sizeof') \
                    and toks[j] != d.name and not self.reads_only(toks[j], depth + 1):
                return False
        return True

    def proves(self, node, truth):
        """The places of the key that node being truth (True or False) proves the entry
        holds."""
        kind = node[0]
        if kind == 'paren' or kind == 'cast':
            return self.proves(node[1], truth)
        if kind == 'un' and node[1] == '!':
            return self.proves(node[2], not truth)
        if kind == 'id':
            flag = self.flags.get(node[1])
            return self.proves(flag, truth) if flag is not None else set()
        if kind == 'call':
            name = node[1][1] if node[1][0] == 'id' else ''
            if name in _TRANSPARENT | _WARNINGS and node[2]:
                return self.proves(node[2][0], truth)
            inlined = self.inline(name, node[2])
            if inlined is not None:
                return self.proves(inlined, truth)   # same_owner(it, k): it->owner == k
            polarity = self.polarity(name)
            if polarity is None:
                return set()         # a test of what? (a range: item_contains(it, addr))
            return self.key_call(node) if truth != (polarity == 'zero') else set()
        if kind != 'bin':
            return set()
        op, a, b = node[1], node[2], node[3]
        if op in ('&&', '||'):
            if (op == '&&') == truth:          # both hold
                both = self.proves(a, truth) | self.proves(b, truth)
                return both or (self.outside(a, b) if op == '||' else set())
            return self.proves(a, truth) & self.proves(b, truth)     # one of them holds
        if op in ('==', '!='):
            for x, y in ((a, b), (b, a)):
                if y[0] in ('num', 'id') and y[1] in ('0', 'NULL'):
                    return self.proves(x, truth != (op == '=='))
            return self.compares(a, b) if truth == (op == '==') else set()
        return set()

    def zero_unless(self, node):
        """The places of the key that node being other than 0 proves (a test of the key,
        or a product of one)."""
        kind = node[0]
        if kind in ('paren', 'cast'):
            return self.zero_unless(node[1])
        if kind == 'bin' and node[1] in ('*', '&'):
            return self.zero_unless(node[2]) | self.zero_unless(node[3])
        return self.proves(node, True)

    def outside(self, a, b):
        """x < k || x > k (or the same with k first) false: x == k."""
        if not a[0] == b[0] == 'bin' or {a[1], b[1]} - {'<', '>'}:
            return set()
        other = (b[2], b[3]) if a[1] != b[1] else (b[3], b[2])
        if self.source(a[2]) != self.source(other[0]) or self.source(a[3]) != self.source(other[1]):
            return set()
        return self.compares(a[2], a[3])

    def quote(self, lo, hi):
        """The source of tokens lo..hi-1, cut short."""
        out = self.fs.toks.source_of(lo, hi)
        return out if len(out) <= 60 else out[:57] + '...'

    def source(self, node):
        lo, hi = node[-1]
        return ' '.join(self.text[lo:hi])

    def expanded(self, node, depth=0):
        """node with the calls of the file's getters replaced by what they return
        (item_key(e), where it returns e->alias: e->alias)."""
        if depth > 3:
            return node
        if node[0] == 'call' and node[1][0] == 'id':
            inlined = self.inline(node[1][1], node[2])
            if inlined is not None:
                return self.expanded(inlined, depth + 1)
        return tuple(self.expanded(p, depth + 1) if isinstance(p, tuple) and p and
                     isinstance(p[0], str) and p[0] in _NODE_KINDS else
                     [self.expanded(a, depth + 1) for a in p] if isinstance(p, list) else p
                     for p in node)

    def compares(self, a, b):
        """The places of the key compared when a is of the entry and b of the key (or the
        reverse)."""
        for x, y in ((a, b), (b, a)):
            xn, yn = free_names(x), free_names(y)
            if xn & self.derived and yn & self.keys and not yn & self.derived:
                if _casts(y) and not self.cast_key:
                    return set()     # it->id == (u16)id: a part of the key
                if not (self.is_place(x) and self.is_place(y)) and not self.lossy_key:
                    return set()     # (it->word & ID_MASK) == id: a part of the entry's key
                paths = set()
                for n, f in places(self.expanded(x)):
                    if n in self.aliases:
                        paths.add(f)
                    elif n in self.derived_fields and self.derived_fields[n]:
                        paths |= {g + f for g in self.derived_fields[n]}
                    elif n in self.derived:
                        return set()     # p = it + 0: what p is of the entry is not known
                paths.discard(())
                if paths and self.compared_fields is None:
                    return set()     # the adds key by a parameter stored where it is not seen
                if paths and self.compared_fields and not all(
                        all(any(q[:len(p)] == p or p[:len(q)] == q for q in added)
                            for added in self.each_add or [self.compared_fields])
                        for p in paths):
                    return set()     # it->alias == key: not what the entry was added by
                # f(e->key) == f(key) compares what f sees of both, as e->key * 4 ==
                # key * 4 does; a call of the key side alone (req_parent(r)) is no test
                entry_calls = {c for c in _called(x, self.helpers) if c not in _TRANSPARENT}
                got = _outside_calls(y, self.key_calls | entry_calls)
                bare = strip_parens(y)
                if bare[0] == 'id' and len(paths) == 1 and got:
                    self.pairs.setdefault(bare[1], set()).update(paths)   # e->b == x: x is b
                return got
        return set()

    def key_call(self, node):
        """The places of the key that a call compares: those of its arguments, where
        another is of the entry (ip_vs_addr_equal(af, &e->addr, addr))."""
        args = node[2]
        names = [free_names(a) for a in args]
        if sum(1 for n in names if n & self.derived) != 1:
            return set()             # none, or prefix_equal(it->key, addr, it->plen)
        name = node[1][1] if node[1][0] == 'id' else ''
        if name in _SIZED_COMPARES and len(args) > 2 and not self.whole_size(name, args, names):
            return set()             # memcmp(&it->key, &key, sizeof(u8)): a part of it
        return {p for a, n in zip(args, names) if n & self.keys and not n & self.derived
                for p in places(a)}

    def whole_size(self, name, args, names):
        """Is the size a sized comparison (memcmp()) is given that of what it compares:
        sizeof() of the object whose address it compares (&key: sizeof(key)), of the
        entry's array it compares (sizeof(e->addr)), or of the declared type of the key
        (u32 key, const mac_t *mac); or a length of the key (len, n * sizeof(e[0]), as
        jhash(name, len) reads it)? A constant is not read (4 of a 16-byte name)."""
        size = strip_parens(args[2])
        if self.key_length(size):
            return True
        if size[0] == 'num' or size[0] == 'id' and size[1].isupper():
            # a constant: bytes of arrays (u8 addr[ETH_ALEN], a 6-byte address in an
            # 8-byte array), not of a scalar whose address is given (&it->key, &key), nor
            # a prefix of a string
            if name in _STRING_COMPARES:
                return False
            for arg in args[:2]:
                arg = strip_parens(arg)
                if arg[0] == 'un' and arg[1] == '&':
                    inner = strip_parens(arg[2])
                    if inner[0] == 'id' or inner[0] == 'field' and \
                            not _array_lengths(self.fs, inner[2]):
                        return False
            return True
        if size[0] == 'bin' and size[1] == '*':
            sides = [strip_parens(size[2]), strip_parens(size[3])]
            return any(self.key_length(a) and b[0] == 'sizeof' for a, b in (sides, sides[::-1]))
        inside = self.sizeof_operand(size)
        if inside is None:
            return False
        for arg, n in zip(args[:2], names[:2]):
            text = self.node_source(arg)
            if text is None:
                return False
            if text.startswith('& ') and inside == text[2:]:
                return True          # &key, sizeof(key)
            bare = strip_parens(arg)
            if inside == text and bare[0] == 'field' and _array_lengths(self.fs, bare[2]):
                return True          # e->addr, sizeof(e->addr) or sizeof(a->addr)
            if n & self.keys and not n & self.derived and self.is_place(arg) and len(n) == 1:
                declared = declared_type(self.fs, sorted(n)[0], self.rng)
                if declared is None:
                    continue
                words = [w for w in declared.replace('*', ' * ').split()
                         if w not in ('const', 'volatile')]
                if text.startswith('& ') and ' '.join(words) == inside:
                    return True      # &key, sizeof(u32)
                pointee = ' '.join(words[:-1])
                if not text.startswith('& ') and words[-1:] == ['*'] and \
                        inside in (pointee, '* ' + text) and pointee not in _BYTE_TYPES:
                    return True      # const mac_t *mac, sizeof(mac_t) or sizeof(*mac)
        return False

    def key_length(self, node):
        """Is node a place of the key that no entry gives (len)?"""
        used = free_names(node)
        return self.is_place(node) and bool(used) and used <= self.keys and \
            not used & self.derived

    def node_source(self, node):
        """The tokens of node in the walk's function, spaced, or None (a node of a
        definition read inline)."""
        lo, hi = node[-1]
        if not self.rng[0] <= lo < hi <= self.rng[1]:
            return None
        return ' '.join(self.text[lo:hi])

    def sizeof_operand(self, node):
        """The tokens sizeof() is given, spaced and without its parentheses, or None."""
        if node[0] != 'sizeof':
            return None
        text = self.node_source(node)
        if text is None or not text.startswith('sizeof ( ') or not text.endswith(' )'):
            return None
        return text[len('sizeof ( '):-2]
