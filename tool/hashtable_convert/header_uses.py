"""What a header does with a table that spans files (part of stage 2).

The rule never edits a header's code, so a header that names a table beyond
its declaration must leave that code valid, and equal in meaning, after the
table is converted. Three kinds of occurrence do:

- the declaration itself (declare_hashtable.cocci may rewrite it);
- a field of another struct that has the same name (struct il_cmd { u32 rs_table[4]; });
- an index in a static inline function of the header that picks exactly the bucket
  hash_min() picks: E->T[hash_32(K, B)] with K a parameter of a 32-bit type (or a cast
  of one to such a type), or E->T[hash_long(K, B)] with K a long, where 1 << B is the
  bucket count (vxlan's vni_head()). The rule converts a call of it into hash_min() of
  the argument, cast to the parameter's type where wider: the same bucket. Its callers
  that stay (other files) then agree with hash_add() and hash_for_each_possible(), as
  long as every converted access went through such a helper: decide.py checks that
  (an access the rule converts another way may move to another bucket);
- "return &E->T[index];" in a static inline function that returns the bucket (struct
  hlist_head *) and picks it some other way: by a mask, or by a key that is not one of
  its parameters (vxlan's vs_head(): E is a local). It stays, and so does every call
  of it (the rule leaves them alone): DECLARE_HASHTABLE() keeps the type and the size
  of the array, so the function still picks the same bucket. Only accesses that pick no
  bucket by key may then convert (hash_init(), hash_for_each(), hash_empty()): a
  hash_add() would put an entry where this function does not look. decide.py checks
  that.

Anything else (a mask, a macro that walks the buckets, the table passed whole) is
"other": the table stays refused, with the place named.
"""

import bisect
import functools
import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Set

from .sources import _AGGREGATE_RE, _brace_contexts, _enclosing

DECLARATION = 'declaration'
OTHER_STRUCT = 'field of another struct'
SAME_BUCKET = 'hash_min() bucket'
OWN_BUCKET = 'bucket picked its own way'
OTHER = 'other'

# the types whose values hash_32() and hash_long() take whole: a key of exactly such a
# parameter is converted the same way by the call and by hash_min() at a converted site
# (a narrower parameter would cut what the site passes: u8, bool)
_EXACT_32 = {'u32', '__u32', 's32', '__s32', '__be32', '__le32', 'int', 'signed', 'unsigned',
             'signed int', 'unsigned int', 'uint32_t', 'int32_t'}
_LONG = {'long', 'unsigned long', 'long int', 'unsigned long int', 'signed long'}
_HASH_TYPES = {'hash_32': _EXACT_32, 'hash_long': _LONG}
# what may hold the bucket number whole (not a u8 that would cut it)
_WHOLE_INDEX = _EXACT_32 | _LONG | {'u64', '__u64', 's64', '__s64', 'size_t', 'long long',
                                    'unsigned long long'}

_INCLUDE_LINE_RE = re.compile(r'[ \t]*#[ \t]*include\b')
_FIELD_NAME_RE = re.compile(r'[\w\]\)*}]\s*$')      # after a type: struct { ... } rs_table[4];
_FUNCTION_RE = re.compile(r'\bstatic\s+(?:(?:inline|__always_inline)\s+)?[^;{}()#]*?\b(\w+)\s*'
                          r'\(([^()]*)\)\s*$')


@dataclass
class HeaderUse:
    kind: str
    line: int
    why: str = ''       # of OTHER: what is wrong there; of OWN_BUCKET: how it differs
    helper: str = ''    # of SAME_BUCKET and OWN_BUCKET: the function


def classify(code: str, name: str, declaration_lines: Set[int], structs: Set[str],
             bits: Set[str], macros: Dict[str, List[str]]) -> List[HeaderUse]:
    """Every occurrence of name in code (comments and strings blanked), classified.

    structs: the structs the table is a member of (empty for a global table).
    bits: the texts that equal the table's bits (see bits_texts); macros: object macros
    that a helper's bits may name.
    """
    contexts = _brace_contexts(code)
    out = []
    for m in re.finditer(r'\b%s\b' % re.escape(name), code):
        line = code.count('\n', 0, m.start()) + 1
        if _INCLUDE_LINE_RE.match(code, code.rfind('\n', 0, m.start()) + 1):
            continue                 # #include <linux/hash.h>: a file name
        if line in declaration_lines:
            out.append(HeaderUse(DECLARATION, line))
        elif structs and (_field_of_other_struct(code, contexts, m, structs) or
                          _variable_of_that_name(code, m) or
                          _member_of_other_struct(code, contexts, m, structs, macros)):
            out.append(HeaderUse(OTHER_STRUCT, line))
        else:
            why, helper = _same_bucket_index(code, contexts, m, bits, macros, bool(structs))
            if why is None:
                out.append(HeaderUse(SAME_BUCKET, line, helper=helper))
            elif helper:
                out.append(HeaderUse(OWN_BUCKET, line, why, helper))
            else:
                out.append(HeaderUse(OTHER, line, why))
    return out


# lowercase kernel macros that take a member name as an argument
MEMBER_MACROS = ('offsetof', 'offsetofend', 'container_of', 'container_of_const', 'sizeof_field',
                 'typeof_member', 'struct_size', 'flex_array_size', 'list_entry',
                 'hlist_entry', 'hlist_entry_safe')


def _variable_of_that_name(code: str, m) -> bool:
    """Is the occurrence at m a variable, parameter or function of the member's name,
    not the member: not after -> or ., not on a preprocessor line (a macro may paste it
    after ->), and either outside every call or a parameter declared in a prototype (any
    other argument may be given to a macro that makes it a member)?"""
    start = code.rfind('\n', 0, m.start()) + 1
    if _macro_parameter(code, m):
        return True
    if re.match(r'\s*#', code[start:]):
        return False
    if re.search(r'(?:->|\.)\s*$', code[max(0, m.start() - 400):m.start()]):
        return False
    if re.search(r'\\\s*$', code[max(0, code.rfind('\n', 0, max(start - 1, 0)) + 1):start]):
        return False                 # a continued #define line
    callee = _callee_of_argument(code, m.start())
    if callee is None or _function_not_macro(code, callee) or _takes_values(code, callee):
        return True
    # struct ftrace_hash *hash, int hash: a declarator, after a type
    return re.search(r'(?:\*|\b(?!return\b|sizeof\b|case\b)[A-Za-z_]\w*)\s*$',
                     code[max(0, m.start() - 200):m.start()]) is not None and \
        re.match(r'\s*[,)\[]', code[m.end():]) is not None and \
        re.search(r'[(,]\s*(?:const\s+|volatile\s+)*(?:(?:struct|union|enum)\s+)?\w+[\s*]*'
                  r'(?:const\s*)?$', code[max(0, m.start() - 200):m.start()]) is not None


def _macro_parameter(code: str, m) -> bool:
    """Is the occurrence at m in a function-like #define that has a parameter of that
    name? The preprocessor puts the argument there, whatever the name is elsewhere."""
    start = m.start()
    while True:                        # back to the first line of a continued #define
        start = code.rfind('\n', 0, start) + 1
        if start == 0 or not code[:start - 1].rstrip(' \t').endswith('\\'):
            break
        start -= 1
    define = re.match(r'[ \t]*#[ \t]*define[ \t]+\w+\(([^()]*)\)', code[start:])
    return define is not None and start + define.start(1) <= m.start() and \
        m.group() in re.findall(r'\w+', define.group(1))


# kernel functions and macros whose arguments are values, never a member's name
VALUE_CALLS = frozenset(('hash_32', 'hash_64', 'hash_long', 'hash_ptr', 'hash_min', 'likely',
                         'unlikely', 'min', 'max', 'READ_ONCE', 'WARN_ON', 'WARN_ON_ONCE',
                         'BUG_ON', 'IS_ERR', 'IS_ERR_OR_NULL', 'PTR_ERR'))


def _defines_macro(code: str, name: str) -> bool:
    """Does code #define name?"""
    return re.search(r'^[ \t]*#[ \t]*define[ \t]+%s\b' % re.escape(name), code, re.M) is not None


def _takes_values(code: str, name: str) -> bool:
    """Is name one of VALUE_CALLS that code does not define otherwise?"""
    return name in VALUE_CALLS and not _defines_macro(code, name)


@functools.lru_cache(maxsize=4096)
def _function_not_macro(code: str, name: str) -> bool:
    """Is name a function that code defines or declares at file scope, with parameters
    that are declarations, and no macro of code? Its arguments are then expressions,
    where a name not after -> or . is never a member."""
    if _defines_macro(code, name):
        return False
    depth_at = _brace_depths(code)
    for m in re.finditer(r'\b%s\s*\(([^;{}()]*)\)(\s*\{|[\s\w]*;)' % re.escape(name), code):
        # what comes before it in its declaration: a type (static inline void\nname(...))
        line = _after_directives(code[max(code.rfind(c, 0, m.start()) for c in ';{}') + 1:
                                      m.start()])
        if depth_at(m.start()) == 0 and re.search(r'[\w*]\s*$', line) and \
                _declares_parameters(m.group(1)):
            return True              # void __skb_get_hash_net(const struct net *net, ...);
    return False


def _declares_parameters(text: str) -> bool:
    """Are the comma-separated parts of text parameter declarations (a type and a
    name, void, ...), not the arguments of a macro (PORT_BUCKET_FN(pkt_bucket, hash))?"""
    parts = [p.strip() for p in text.split(',')]
    return all(p in ('void', '...') or re.search(r'\w[\s*]+\w', p) for p in parts)


@functools.lru_cache(maxsize=64)
def _brace_depths(code: str):
    """offset -> how many braces enclose it."""
    opens = [m.start() for m in re.finditer(r'\{', code)]
    closes = [m.start() for m in re.finditer(r'\}', code)]

    def depth(at: int) -> int:
        return bisect.bisect_left(opens, at) - bisect.bisect_left(closes, at)
    return depth


# a declarator of a struct (or a pointer to one): struct sk_buff *skb, const struct x y
_STRUCT_DECLARATOR_RE = r'\bstruct\s+(\w+)\s*(?:\*\s*(?:const\s*)?)*\b(%s)\s*[,;=)\[]'


def _member_of_other_struct(code, contexts, m, structs, macros) -> bool:
    """Is the occurrence at m "v->name" or "v.name" in a function whose every
    declaration of v in scope there gives it a struct that is none of structs, that the
    header defines under a tag no macro renames (skb->hash in a function of struct
    sk_buff *skb)? It is then that struct's field, whatever holds the table. Any other
    occurrence of v that may declare it (a macro of a statement, (v), a typeof) says no."""
    base = re.search(r'(?<![\w.>)\]])\s*([A-Za-z_]\w*)\s*(?:->|\.)\s*$',
                     code[max(0, m.start() - 200):m.start()])
    body = _enclosing(contexts, m.start(), outermost=True)
    if base is None or body is None:
        return False
    head = re.split(r'[;}]', _after_directives(body[2]))[-1]   # its name and parameters
    if '(' not in head or '=' in head:
        return False
    var = base.group(1)
    start = body[0] - len(head)
    text = code[start:body[1]]               # (head is the text just before the brace)
    declared = {}                            # offset in code of each declarator -> tag
    for d in re.finditer(_STRUCT_DECLARATOR_RE % re.escape(var), text):
        declared[start + d.start(2)] = d.group(1)
    if not declared:
        return False
    for d_at, tag in declared.items():
        block = _enclosing(contexts, d_at)
        if d_at > body[0] and block is not None and not block[0] < m.start() < block[1]:
            return False             # declared in a block that ends before the use
        if tag in structs or tag in macros or _defines_macro(code, tag) or \
                not re.search(r'\bstruct\s+%s\s*\{' % tag, code):
            return False
    for v in re.finditer(r'\b%s\b' % re.escape(var), text):
        if start + v.start() not in declared and not _plain_use(code, text, v):
            return False
    # a macro called as a statement before the use may declare v (THE_PORT(pt);)
    for c in re.finditer(r'[;{}]\s*([A-Za-z_]\w*)\s*\(', code[body[0]:m.start()]):
        if c.group(1) not in _NOT_A_DECLARING_CALL and c.group(1) not in VALUE_CALLS and \
                not _function_not_macro(code, c.group(1)):
            return False
    return True


_NOT_A_DECLARING_CALL = ('if', 'for', 'while', 'switch', 'return', 'sizeof', 'do')


def _plain_use(code: str, text: str, v) -> bool:
    """Is the occurrence v (a match in text, a function of code) of a variable a use that
    declares nothing: v->f, v.f, an argument of a function, a value compared, returned,
    tested or assigned, or an assignment to it?"""
    before = text[:v.start()].rstrip()
    after = text[v.end():].lstrip()
    if after.startswith(('->', '.')):
        return re.search(r'(?:[(,;{}=!&|?:<>+\-]|\breturn)$', before) is not None and \
            not re.search(r'[*)]\s*\($', before)
    if after[:1] in (',', ')') and before.endswith((',', '(')):
        callee = _callee_of_argument(text, v.start())      # (None after if or while)
        if callee is None and before.endswith(('if (', 'while (')):
            return True
        return callee is not None and (callee in VALUE_CALLS or _function_not_macro(code, callee))
    if re.match(r'(?:;|\)|&&|\|\||\?|:|==|!=)', after):
        return re.search(r'(?:[=!&|?:]|\breturn|\b(?:if|while)\s*\()$', before) is not None
    if re.match(r'=(?!=)', after):
        return before.endswith((';', '{', '}', ','))
    return False


def _after_directives(text: str) -> str:
    """The lines at the end of text that no preprocessor directive holds."""
    lines = text.split('\n')
    i = len(lines)
    while i > 0 and not lines[i - 1].lstrip().startswith('#') and \
            not (i > 1 and lines[i - 2].rstrip().endswith('\\')):
        i -= 1
    return '\n'.join(lines[i:])


def _callee_of_argument(code: str, at: int) -> Optional[str]:
    """The callee whose argument list holds offset at, or None (a declarator or an
    expression outside any call; a prototype's parameter counts as its function's)."""
    depth = 0
    for j in range(at - 1, max(-1, at - 2000), -1):
        c = code[j]
        if c in ')]':
            depth += 1
        elif c in '([':
            if depth == 0:
                if c == '[':
                    return None
                word = re.search(r'(\w+)\s*$', code[max(0, j - 64):j])
                return word.group(1) if word and word.group(1) not in (
                    'if', 'for', 'while', 'switch', 'return', 'sizeof') else None
            depth -= 1
        elif c in ';{}' and depth == 0:
            return None
    return None


def _field_of_other_struct(code, contexts, m, structs) -> bool:
    inside = _enclosing(contexts, m.start())
    agg = _AGGREGATE_RE.search(inside[2]) if inside is not None else None
    after = code[m.end():m.end() + 40].lstrip()
    return bool(agg is not None and agg.group(2) and agg.group(2) not in structs and
                _FIELD_NAME_RE.search(code[max(inside[0], m.start() - 80):m.start()]) and
                after[:1] in (';', '[', ',', ':'))


def _same_bucket_index(code, contexts, m, bits, macros, member):
    """(None, helper) if the occurrence at m indexes the bucket hash_min() picks in
    function helper; (why not, helper) if it is the bucket that helper returns, picked
    another way; else (why not, '')."""
    body = _enclosing(contexts, m.start(), outermost=True)
    function = _FUNCTION_RE.search(body[2]) if body is not None else None
    if function is None:
        return 'not inside a static inline function', ''
    helper = function.group(1) + '()'
    why = _why_not_same_bucket(code, body, function, m, bits, macros, member)
    if why is None:
        return None, helper
    return why, helper if _returns_the_bucket(code, body, function, m, member) else ''


# the return type of a bucket helper: struct hlist_head *name(
_BUCKET_RETURN_RE = re.compile(r'\bstruct\s+hlist_head\s*\*\s*$')


def _returns_the_bucket(code, body, function, m, member) -> bool:
    """Is the occurrence at m in "return &E->T[index];" (&T[index] for a global) of a
    function that returns struct hlist_head * and is defined once? Then the function
    picks a bucket and leaves the rest to its callers."""
    if _defined_more_than_once(code, function.group(1)):
        return False
    if not _BUCKET_RETURN_RE.search(body[2][:function.start(1)]):
        return False
    before = code[body[0] + 1:m.start()]
    statement = before[max(before.rfind(';'), before.rfind('{'), before.rfind('}')) + 1:]
    # return &E->T[, return (&(E->T[: E a name (a local or a parameter)
    base = r'[A-Za-z_]\w*\s*(?:->|\.)\s*' if member else ''
    if not re.fullmatch(r'\s*return\s*(?:\(\s*)?&\s*(?:\(\s*)?' + base, statement):
        return False
    if code[m.end():].lstrip()[:1] != '[':
        return False
    open_at = code.index('[', m.end())
    index = _balanced(code, open_at, '[', ']')
    if index is None:
        return False
    closing = r'\s*\)' * statement.count('(')
    return re.match(closing + r'\s*;', code[open_at + len(index) + 2:]) is not None


def _defined_more_than_once(code: str, name: str) -> bool:
    """Two bodies of function name (under #if): the rule reads one, the build may take
    the other."""
    return len(re.findall(r'\b%s\s*\([^;{}()]*\)\s*\{' % re.escape(name), code)) > 1


def _why_not_same_bucket(code, body, function, m, bits, macros, member) -> Optional[str]:
    helper = function.group(1) + '()'
    if _defined_more_than_once(code, function.group(1)):
        return '%s is defined more than once' % helper
    dereferenced = re.search(r'(?:->|\.)\s*$', code[max(body[0], m.start() - 4):m.start()])
    if bool(dereferenced) != member or code[m.end():].lstrip()[:1] != '[':
        return '%s uses it other than as %s%s[index]' % (helper, 'E->' if member else '', m.group())
    open_at = code.index('[', m.end())
    index = _balanced(code, open_at, '[', ']')
    if index is None:
        return '%s: an index not understood' % helper
    params = _parameters(function.group(2))
    text = _strip_parens(index)
    if re.fullmatch(r'[A-Za-z_]\w*', text):
        text = _only_value(code[body[0] + 1:body[1]], text)
        if text is None:
            return '%s picks the bucket by a variable not set once from a hash' % helper
    call = re.fullmatch(r'(hash_32|hash_long)\s*\((.*)\)', text, re.S)
    if call is None:
        return '%s picks a bucket by "%s", not the hash_min() of a key' % (helper, ' '.join(index.split()))
    args = _split_args(call.group(2))
    if len(args) != 2 or not ({_strip_parens(args[1])} | _values(args[1], macros)) & bits:
        return '%s hashes to a number of bits other than the table\'s' % helper
    why = _key_taken_whole(_strip_parens(args[0]), params, call.group(1))
    if why:
        return '%s: %s' % (helper, why)
    return None


def _key_taken_whole(key: str, params: Dict[str, str], hash_fn: str) -> Optional[str]:
    """None if key is a parameter (or a cast of one) of a type hash_fn takes whole: the
    rule then hashes the argument of each converted call (cast to that type where it is
    wider) with hash_min(), which is hash_fn of the same value. Anything else (an
    expression the rule may fold away, a narrower parameter that cuts the argument) is
    refused."""
    types = _HASH_TYPES[hash_fn]
    cast = re.fullmatch(r'\(\s*(?:__force\s+)?((?:\w+\s+)*\w+)\s*\)\s*(\w+)', key)
    name = cast.group(2) if cast else key
    if not re.fullmatch(r'[A-Za-z_]\w*', name) or name not in params:
        return 'its key "%s" is not one of its parameters' % ' '.join(key.split())
    param_type = params[name]
    cast_type = ' '.join(cast.group(1).split()) if cast else param_type
    if param_type not in types or cast_type not in types:
        return 'its key "%s" (%s) is not taken whole by %s(), as hash_min() would take it' % (
            ' '.join(key.split()), param_type, hash_fn)
    return None


def _only_value(body: str, var: str) -> Optional[str]:
    """What var is initialised with in body, if that is its only assignment and its type
    holds the bucket number whole."""
    inits = re.findall(r'(?:^|[;{}])\s*((?:const\s+)?(?:\w+\s+)*?\w+)\s+%s\s*=\s*([^;]+);'
                       % re.escape(var), body)
    stores = re.findall(r'\b%s\s*(?:[-+*/%%&|^]|<<|>>)?=(?!=)|(?:\+\+|--)\s*%s\b|'
                        r'\b%s\s*(?:\+\+|--)|&\s*%s\b|\(\s*%s\s*\)'
                        % ((re.escape(var),) * 5), body)
    if len(inits) != 1 or len(stores) != 1:
        return None
    var_type = re.sub(r'^const\s+', '', ' '.join(inits[0][0].split()))
    return _strip_parens(inits[0][1]) if var_type in _WHOLE_INDEX else None


def _parameters(text: str) -> Dict[str, str]:
    out = {}
    for p in _split_args(text):
        words = re.findall(r'\w+|\*', p)
        if len(words) >= 2 and '*' not in words:
            words = [w for w in words if w not in ('const', 'volatile')]
            out[words[-1]] = ' '.join(words[:-1])
    return out


def _balanced(text: str, open_at: int, opening: str, closing: str) -> Optional[str]:
    """The text between text[open_at] == opening and its closing bracket."""
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] in '([':
            depth += 1
        elif text[i] in ')]':
            depth -= 1
            if depth == 0:
                return text[open_at + 1:i] if text[i] == closing else None
    return None


def _strip_parens(text: str) -> str:
    text = text.strip()
    while text.startswith('(') and _balanced(text, 0, '(', ')') == text[1:-1]:
        text = text[1:-1].strip()
    return text


def _split_args(text: str) -> List[str]:
    out, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in '([':
            depth += 1
        elif c in ')]':
            depth -= 1
        elif c == ',' and depth == 0:
            out.append(text[start:i])
            start = i + 1
    if text.strip():
        out.append(text[start:])
    return [a.strip() for a in out]


def _values(text: str, macros: Dict[str, List[str]]) -> Set[str]:
    """What an object macro of one value stands for, followed a few times."""
    out, text = set(), _strip_parens(text)
    for _ in range(6):
        if len(macros.get(text, [])) != 1:
            break
        text = _strip_parens(macros[text][0])
        out.add(text)
    return out


def bits_texts(size: str, macros: Dict[str, List[str]]) -> Set[str]:
    """The texts that are the bits of a table of size buckets: B of 1 << B or BIT(B),
    through object macros with one value, and those macros' names and values."""
    sizes, bits = [size], set()
    for _ in range(6):
        more = []
        for s in sizes:
            s = _strip_parens(s)
            shift = re.fullmatch(r'1(?:U|UL|ULL|L|LL)?\s*<<\s*(.+)', s, re.S | re.I) or \
                re.fullmatch(r'BIT(?:_ULL)?\s*\((.+)\)', s, re.S)
            if shift:
                bits.add(_strip_parens(shift.group(1)))
            elif len(macros.get(s, [])) == 1:
                more.append(macros[s][0])
        sizes = more
    return bits | {v for b in bits for v in _values(b, macros)}
