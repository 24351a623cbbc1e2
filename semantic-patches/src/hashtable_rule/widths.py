"""Key widths: hash_min() hashes keys of 4 bytes or less with hash_32, others with hash_long.

Two sites of one table must give keys of one width class, or the same key
would land in different buckets.
"""

import re

from .cexpr import node_text, strip_parens


_SMALL_TYPES = {'char', 'short', 'int', 'unsigned', 'signed', 'bool', '_Bool',
                'u8', 'u16', 'u32', 's8', 's16', 's32', '__u8', '__u16', '__u32',
                '__s8', '__s16', '__s32', 'uint8_t', 'uint16_t', 'uint32_t',
                'int8_t', 'int16_t', 'int32_t', 'uid_t', 'gid_t', 'u_int8_t', 'u_int16_t',
                'u_int32_t', 'u_char', 'u_short', 'u_int', 'pid_t', 'dev_t', '__le32', '__be32',
                '__le16', '__be16', 'umode_t', 'nlink_t', 'projid_t', 'ino32_t'}


_LONG_TYPES = {'long', 'u64', 's64', '__u64', '__s64', 'size_t', 'ssize_t', 'u_int64_t',
               'uintptr_t', 'intptr_t', 'uint64_t', 'int64_t', 'loff_t',
               'pgoff_t', 'sector_t', 'ptrdiff_t', '__le64', '__be64'}


_32_BITS = {'int', 'unsigned', 'unsigned int', 'signed int', 'u32', 's32', '__u32', '__s32',
            'uint32_t', 'int32_t', '__be32', '__le32'}


# the unsigned integer types by name (a word of the type)
UNSIGNED_WORDS = {'unsigned', 'u8', 'u16', 'u32', 'u64', '__u8', '__u16', '__u32', '__u64',
                   'uint8_t', 'uint16_t', 'uint32_t', 'uint64_t', 'size_t', 'uintptr_t',
                   'u_int8_t', 'u_int16_t', 'u_int32_t', 'u_int64_t', 'u_int', 'u_char',
                   'u_short', 'ulong', 'uint'}


# words of a declaration that are no part of the type of its value
_NOT_TYPE_WORDS = {'const', 'volatile', 'register', 'static', 'auto', '__force'}


_CANONICAL = {
    ('u', 8): {'u8', '__u8', 'uint8_t', 'u_int8_t', 'u_char', 'unsigned char'},
    ('s', 8): {'s8', '__s8', 'int8_t', 'signed char'},
    ('u', 16): {'u16', '__u16', 'uint16_t', 'u_int16_t', 'u_short', 'unsigned short',
                'unsigned short int', 'short unsigned int'},
    ('s', 16): {'s16', '__s16', 'int16_t', 'short', 'short int', 'signed short', 'signed short int'},
    ('u', 32): {'u32', '__u32', 'uint32_t', 'u_int32_t', 'u_int', 'unsigned', 'unsigned int'},
    ('s', 32): {'s32', '__s32', 'int32_t', 'int', 'signed', 'signed int'},
}


def value_type(type_text):
    """The type of the values a variable of type_text holds: without const, volatile or
    a storage class ('' for none)."""
    return ' '.join(w for w in (type_text or '').split() if w not in _NOT_TYPE_WORDS)


# more unsigned types than UNSIGNED_WORDS names: sparse's byte orders, wider or other
# <stdint.h> and BSD names
_MORE_UNSIGNED_RE = re.compile(r'(?:__)?(?:u\d+|be\d+|le\d+)|u_\w+|uint\w*_t|ushort')
_SIGNED_RE = re.compile(r'(?:__)?s\d+|int\d+_t|ssize_t|intptr_t|loff_t|long|int|short|signed')


def sign_of(type_text):
    """'unsigned' or 'signed' for an integer type, 'char' for plain char (its sign is the
    compiler's), None if not known."""
    words = [w for w in value_type(type_text or '').split() if w != '__force']
    if not words or '*' in words:
        return None
    if words == ['char']:
        return 'char'
    if set(words) & UNSIGNED_WORDS or any(_MORE_UNSIGNED_RE.fullmatch(w) for w in words):
        return 'unsigned'
    if len(words) == 1 and _SIGNED_RE.fullmatch(words[0]) or \
            words[0] == 'signed' or set(words) <= {'long', 'int', 'short', 'char', 'signed'}:
        return 'signed'
    return None


def _canonical(type_text):
    """(sign, bits) of an integer type narrower than 64 bits, else its text (char, whose
    sign is the compiler's, is only itself)."""
    text = value_type(type_text)
    for key, names in _CANONICAL.items():
        if text in names:
            return key
    return text or None


def is_32_bits(type_text):
    """Is type_text (without const or volatile) an integer type of exactly 32 bits?"""
    words = [w for w in (type_text or '').split() if w not in ('const', 'volatile', 'register',
                                                              '__force')]
    return ' '.join(words) in _32_BITS


def width_class(type_text):
    """'small' (hashed with hash_32), 'long' (hash_long), or the type itself."""
    # __force is for sparse only: (__force u32)vni is a u32 to the compiler
    words = [w for w in re.findall(r'[A-Za-z_]\w*|\*', type_text)
             if w not in ('const', 'volatile', 'static', 'register', '__force')]
    if '*' in words:
        return 'pointer'
    if 'long' in words or any(w in _LONG_TYPES for w in words):
        return 'long'
    if words and all(w in _SMALL_TYPES for w in words):
        return 'small'
    # an enum is an int unless a value needs more (GCC then gives it 8 bytes): not known here
    return 'type ' + ' '.join(words)


def wide_literal(text):
    """Is text an integer constant whose type has more than 32 bits (no int or unsigned
    int holds its value: 0x100000000, 4294967296, 2147483648)?"""
    digits = text.lower().rstrip('ul')
    try:
        value = int(digits, 0) if not re.fullmatch(r'0[0-7]+', digits) else int(digits, 8)
    except ValueError:
        return False
    decimal = not digits.startswith('0') or digits == '0'
    unsigned = 'u' in text.lower()
    return value > (0xffffffff if unsigned or not decimal else 0x7fffffff)


def shape_class(toks, node, field_types):
    """Width class of a key whose type spatch did not know, from its shape."""
    node = strip_parens(node)
    if node[0] == 'cast':
        lo, hi = node[-1]
        return width_class(' '.join(toks[lo + 1:node[1][-1][0] - 1]))
    if node[0] == 'num':
        # an integer constant is an int, a long with an L suffix or a value that needs one
        return 'long' if 'l' in node[1].lower().lstrip('0x') or wide_literal(node[1]) else 'small'
    if node[0] == 'call' and node[1][0] == 'id':
        return 'result of ' + node[1][1] + '()'
    if node[0] == 'field':
        types = field_types.get(node[2], set())
        if len(types) == 1:
            return width_class(next(iter(types)))
        return 'field ' + node[2]
    return 'expression ' + node_text(toks, node)
