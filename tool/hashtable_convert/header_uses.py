"""What a header does with a table that spans files (part of stage 2).

The rule never edits a header's code, so a header that names a table beyond
its declaration must leave that code valid, and equal in meaning, after the
table is converted. Three kinds of occurrence do:

- the declaration itself (declare_hashtable.cocci may rewrite it);
- a field of another struct that has the same name (struct il_cmd { u32 rs_table[4]; });
- an index in a static inline function of the header that picks exactly the bucket
  hash_min() picks: E->T[hash_32(K, B)] with K no wider than 32 bits, or
  E->T[hash_long(K, B)] with K a long, where 1 << B is the bucket count (vxlan's
  vni_head()). hash_add() and hash_for_each_possible() then agree with every caller
  of the helper, converted or not.

Anything else (a mask, a macro that walks the buckets, the table passed whole) is
"other": the table stays refused, with the place named.
"""

import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Set

from .sources import _AGGREGATE_RE, _brace_contexts, _enclosing

DECLARATION = 'declaration'
OTHER_STRUCT = 'field of another struct'
SAME_BUCKET = 'hash_min() bucket'
OTHER = 'other'

# types no wider than 32 bits on every architecture
_NARROW_TYPES = {
    'u8', 'u16', 'u32', '__u8', '__u16', '__u32', 's8', 's16', 's32', '__s8', '__s16', '__s32',
    '__be16', '__be32', '__le16', '__le32', 'char', 'short', 'int', 'unsigned', 'signed', 'bool',
    'unsigned char', 'signed char', 'unsigned short', 'short int', 'unsigned short int',
    'unsigned int', 'signed int', 'uint8_t', 'uint16_t', 'uint32_t', 'int8_t', 'int16_t',
    'int32_t'}
_LONG_TYPES = {'long', 'unsigned long', 'long int', 'unsigned long int', 'signed long'}
# calls whose result has a narrow type
_NARROW_CALLS = {'ntohs', 'ntohl', 'htons', 'htonl', 'be16_to_cpu', 'be32_to_cpu', 'le16_to_cpu',
                 'le32_to_cpu', 'cpu_to_be16', 'cpu_to_be32', 'cpu_to_le16', 'cpu_to_le32'}
_HASH_BY_WIDTH = {'hash_32': _NARROW_TYPES, 'hash_long': _LONG_TYPES}

_FIELD_NAME_RE = re.compile(r'[\w\]\)*}]\s*$')      # after a type: struct { ... } rs_table[4];
_FUNCTION_RE = re.compile(r'\bstatic\s+(?:(?:inline|__always_inline)\s+)?[^;{}()#]*?\b(\w+)\s*'
                          r'\(([^()]*)\)\s*$')
_CAST_RE = re.compile(r'^\(\s*(?:__force\s+)?((?:const\s+)?[\w ]+?)\s*\)\s*(.+)$', re.S)


@dataclass
class HeaderUse:
    kind: str
    line: int
    why: str = ''       # of OTHER: what is wrong there
    helper: str = ''    # of SAME_BUCKET: the function


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
        if line in declaration_lines:
            out.append(HeaderUse(DECLARATION, line))
        elif structs and _field_of_other_struct(code, contexts, m, structs):
            out.append(HeaderUse(OTHER_STRUCT, line))
        else:
            why, helper = _same_bucket_index(code, contexts, m, bits, macros, bool(structs))
            out.append(HeaderUse(SAME_BUCKET, line, helper=helper) if why is None
                       else HeaderUse(OTHER, line, why))
    return out


def _field_of_other_struct(code, contexts, m, structs) -> bool:
    inside = _enclosing(contexts, m.start())
    agg = _AGGREGATE_RE.search(inside[2]) if inside is not None else None
    after = code[m.end():m.end() + 40].lstrip()
    return bool(agg is not None and agg.group(2) and agg.group(2) not in structs and
                _FIELD_NAME_RE.search(code[max(inside[0], m.start() - 80):m.start()]) and
                after[:1] in (';', '[', ',', ':'))


def _outermost(contexts, offset):
    best = None
    for start, end, before in contexts:
        if start < offset < end and (best is None or start < best[0]):
            best = (start, end, before)
    return best


def _same_bucket_index(code, contexts, m, bits, macros, member):
    """(None, helper) if the occurrence at m indexes the bucket hash_min() picks in
    function helper, else (why not, '')."""
    why = _why_not_same_bucket(code, contexts, m, bits, macros, member)
    function = _FUNCTION_RE.search(_outermost(contexts, m.start())[2]) if why is None else None
    return why, function.group(1) + '()' if function else ''


def _why_not_same_bucket(code, contexts, m, bits, macros, member) -> Optional[str]:
    body = _outermost(contexts, m.start())
    function = _FUNCTION_RE.search(body[2]) if body is not None else None
    if function is None:
        return 'not inside a static inline function'
    helper = function.group(1) + '()'
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
    key_type = _type_of(_strip_parens(args[0]), params)
    if key_type not in _HASH_BY_WIDTH[call.group(1)]:
        return '%s: hash_min() would hash key "%s" (%s) with another function than %s()' % (
            helper, ' '.join(args[0].split()), key_type or 'type unknown', call.group(1))
    return None


def _only_value(body: str, var: str) -> Optional[str]:
    """What var is initialised with in body, if that is its only assignment."""
    inits = re.findall(r'\b\w+\s+%s\s*=\s*([^;]+);' % re.escape(var), body)
    stores = re.findall(r'\b%s\s*(?:[-+*/%%&|^]|<<|>>)?=(?!=)|\+\+\s*%s\b|\b%s\s*(?:\+\+|--)|&\s*%s\b'
                        % ((re.escape(var),) * 4), body)
    if len(inits) != 1 or len(stores) != 1:
        return None
    return _strip_parens(inits[0])


def _type_of(key: str, params: Dict[str, str]) -> str:
    """The type of key where it shows: a cast, a byte-order call, a parameter."""
    if key.startswith('('):
        inner = _balanced(key, 0, '(', ')')
        rest = key[len(inner or '') + 2:].strip()
        if inner is not None and rest and re.fullmatch(r'(?:__force\s+)?(?:const\s+)?\w+(?:\s+\w+)*',
                                                       inner.strip()):
            return re.sub(r'^(?:__force\s+)?(?:const\s+)?', '', ' '.join(inner.split()))
        return ''
    call = re.fullmatch(r'(\w+)\s*\(', key[:key.find('(') + 1]) if '(' in key else None
    if call and call.group(1) in _NARROW_CALLS and \
            _balanced(key, key.index('('), '(', ')') == key[key.index('(') + 1:-1]:
        return 'u32'
    return params.get(key, '')


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
