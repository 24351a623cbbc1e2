"""Allocated tables: static struct hlist_head *T, allocated once with a constant count.

The hand conversion of mm/huge_memory.c (seed 006) shows the way:
T = kzalloc(HEADS * sizeof(struct hlist_head), GFP_KERNEL) at init becomes
static DEFINE_HASHTABLE(T, BITS), and the allocation, its failure branch and
the free go. That is safe when the pointer is assigned exactly once, from a
zeroing allocation (or one an init loop clears) of a compile-time power of
two of buckets, is freed only (anywhere: freed, the old table was unusable),
and is never tested against NULL elsewhere (a readiness flag would change
meaning). Tables above 64 KiB stay allocated: a static one would grow the
kernel image's BSS.
"""

from .cexpr import Unknown, evaluate_all, parse_tokens, render, strip_parens
from .files import function_header, function_range, occurrences, statement_end
from .tokens import matching_open

# allocator -> (how it gives the size: 'bytes' or 'count', does it zero the memory)
ALLOCATORS = {
    'kzalloc': ('bytes', True), 'vzalloc': ('bytes', True), 'kvzalloc': ('bytes', True),
    'kcalloc': ('count', True), 'kvcalloc': ('count', True),
    'kmalloc_array': ('count', False), 'kvmalloc_array': ('count', False),
    'kmalloc': ('bytes', False), 'vmalloc': ('bytes', False), 'kvmalloc': ('bytes', False),
}
FREES = ('kfree', 'kvfree', 'vfree')
MAX_BYTES = 64 * 1024
BUCKET_BYTES = 8                     # sizeof(struct hlist_head) on 64-bit


def _is_bucket_size(toks, node, name):
    """Is node sizeof(struct hlist_head), sizeof(*T) or sizeof(T[0])?"""
    node = strip_parens(node)
    if node[0] != 'sizeof':
        return False
    words = [w for w in toks.text[node[-1][0] + 1:node[-1][1]] if w not in ('(', ')')]
    return words in (['struct', 'hlist_head'], ['*', name], [name, '[', '0', ']'])


def _count(toks, how, args, name):
    """The bucket count node of the arguments of an allocator, or None."""
    if how == 'count':
        if len(args) >= 2 and _is_bucket_size(toks, args[1], name):
            return args[0]
        if len(args) >= 2 and _is_bucket_size(toks, args[0], name):
            return args[1]
        return None
    if not args:
        return None
    size = strip_parens(args[0])
    if size[0] == 'bin' and size[1] == '*':
        if _is_bucket_size(toks, size[3], name):
            return size[2]
        if _is_bucket_size(toks, size[2], name):
            return size[3]
    return None


# allocators whose tables are sized at boot, from the memory size or a boot parameter
BOOT_SIZED = {'alloc_large_system_hash()': ', sized at boot from the memory size',
              'nf_ct_alloc_hashtable()': ', sized at run time'}


class Allocation:
    """How an allocated table is set up and torn down, to be removed."""

    def __init__(self):
        self.assign = None           # position of T in T = alloc(...)
        self.assign_span = None
        self.in_init = False         # in an __init function: the table is zero at boot
        self.zeroes = True
        self.drop_ifs = []           # positions of if statements that go
        self.drop_statements = []    # positions of T = NULL; and free(T); that go


def analyse_allocated(fs, t):
    """Decide whether allocated table t can be static; set its size. Refuse with a reason."""
    toks = fs.toks
    text = toks.text
    a = Allocation()
    t.allocation = a
    assigns = fs.assigns.get(t.name, [])
    allocs = []
    for pos, span in assigns:
        if function_range(fs, pos) is None:
            continue                 # its declaration
        i = toks.at_pos(pos)
        rhs = _rhs(fs, i)
        if rhs is not None and rhs[:2] == ('id', 'NULL'):
            if text[statement_end(fs, i)] == ';' and starts_statement(toks, i):
                a.drop_statements.append(pos)
                continue
            t.refuse('"%s" is set to NULL inside an expression' % t.name, pos)
            return
        allocs.append((pos, i, rhs))
    if not allocs:
        t.refuse('never given an allocation in this file: a helper or a pointer to it sets '
                 'it, maybe at run time')
        return
    if len(allocs) > 1:
        t.refuse('allocated table assigned %d times (lines %s): it may be reallocated or '
                 'swapped at run time' % (len(allocs), ', '.join(str(a[0][0]) for a in allocs)))
        return
    pos, i, rhs = allocs[0]
    a.assign = pos
    if rhs is None or rhs[0] != 'call' or rhs[1][0] != 'id' or rhs[1][1] not in ALLOCATORS:
        call = rhs
        while call is not None and call[0] in ('cast', 'paren'):
            call = call[1]           # (struct hlist_head *)__get_free_pages(...)
        if call is not None and call[0] == 'id':
            t.refuse('set to "%s" (line %d), not to an allocation of its own: it points to '
                     'buckets it is given' % (call[1], pos[0]))
            return
        what = '%s()' % call[1][1] if call is not None and call[0] == 'call' and \
            call[1][0] == 'id' else 'something that is not an allocation'
        t.refuse('allocated by %s (line %d)%s: only a zeroing k[vz]alloc/kcalloc/'
                 'kmalloc_array of a constant count can become a static table'
                 % (what, pos[0], BOOT_SIZED.get(what, '')))
        return
    how, zeroes = ALLOCATORS[rhs[1][1]]
    count = _count(toks, how, rhs[2], t.name)
    if count is None:
        t.refuse('allocated with a size that is not a count of struct hlist_head (line %d)'
                 % pos[0])
        return
    if not starts_statement(toks, i) or text[statement_end(fs, i)] != ';':
        t.refuse('allocated inside an expression (line %d)' % pos[0])
        return
    count_text = render(toks, count)
    try:
        sizes = [v[0] for v in evaluate_all(fs.macros, [count_text])]
    except Unknown as e:
        t.refuse('bucket count "%s" is not a constant here (%s): the table may be sized at '
                 'run time' % (count_text, e))
        return
    if sizes and max(sizes) * BUCKET_BYTES > MAX_BYTES:
        t.refuse('a static table of %d KiB would grow the BSS of the kernel image'
                 % (max(sizes) * BUCKET_BYTES >> 10))
        return
    rng = function_range(fs, pos)
    a.in_init = '__init' in function_header(fs, rng)[0]
    a.zeroes = zeroes
    if not zeroes and not any(function_range(fs, loop['pos']) == rng
                              for loop in t.inits if not loop.get('scan')):
        t.refuse('allocated without zeroing, and no loop in that function clears it')
        return
    t.size_text = count_text
    # every other occurrence: a free, a NULL test right after the allocation, or a use
    for j in occurrences(fs, t.name):
        p = toks.pos[j]
        if p == t.pos or p == pos or p in a.drop_statements:
            continue
        free = _free_call(text, j)
        if free is not None:
            stmt = _enclosing_if(fs, free)
            if stmt is not None:
                a.drop_ifs.append(toks.pos[stmt])
            elif starts_statement(toks, free):
                a.drop_statements.append(toks.pos[free])
            else:
                t.refuse('freed inside an expression (line %d)' % p[0])
                return
            t.uses.add(p)
            continue
        test = _null_test(fs, j)
        if test is not None:
            if_at, line_end = test
            # the failure branch of the allocation: the if right after it
            after = statement_end(fs, i) + 1
            if if_at == after and function_range(fs, p) == rng:
                a.drop_ifs.append(toks.pos[if_at])
                t.uses.add(p)
                continue
            t.refuse('tested against NULL (line %d): a static table never is, so the test '
                     'would change meaning' % p[0])
            return
    t.uses.add(pos)
    for p in a.drop_statements:
        t.uses.add(p)


def starts_statement(toks, i):
    """Does a statement start at token i (after ; { } or a preprocessor line)?"""
    if i == 0 or toks.text[i - 1] in (';', '{', '}'):
        return True
    if not toks.bol[i]:
        return False
    j = i - 1
    while j > 0 and not toks.bol[j]:
        j -= 1
    return toks.text[j] == '#'


def _rhs(fs, i):
    """The parsed right-hand side of T = E at token i (T), or None."""
    text = fs.toks.text
    if i + 1 >= len(text) or text[i + 1] != '=':
        return None
    end = statement_end(fs, i)
    try:
        return strip_parens(parse_tokens(fs.toks, i + 2, end))
    except (Unknown, IndexError):
        return None


def _free_call(text, j):
    """The index of free in "free ( T ) ;" around the table name at j, or None."""
    if j >= 2 and text[j - 1] == '(' and text[j - 2] in FREES and \
            j + 2 < len(text) and text[j + 1] == ')' and text[j + 2] == ';':
        return j - 2
    return None


def _enclosing_if(fs, i):
    """The if whose whole body is the statement starting at token i: "if (E) free(T);"."""
    text = fs.toks.text
    if i < 2 or text[i - 1] != ')':
        return None
    try:
        j = matching_open(text, i - 1)
    except IndexError:
        return None
    if j > 0 and text[j - 1] == 'if' and (j < 2 or text[j - 2] != 'else'):
        return j - 1
    return None


def _null_test(fs, j):
    """(index of the if, end) when the table name at j is the whole test of an if: !T, T == NULL."""
    text = fs.toks.text
    k = j - 1
    if text[k] == '!':
        k -= 1
        end = j + 1
    elif j + 2 < len(text) and text[j + 1] in ('==', '!=') and text[j + 2] == 'NULL':
        end = j + 3
    elif text[k] == '(' and text[j + 1] in (')', '&&', '||'):
        end = j + 1              # if (T): the plainest test of all
    else:
        return None
    if text[k] == '(' and k > 0 and text[k - 1] == 'unlikely' and text[end] == ')':
        k -= 2
        end += 1
    if text[k] == '(' and k > 0 and text[k - 1] == 'if' and end < len(text) and \
            text[end] == ')':
        return k - 1, end
    return None
