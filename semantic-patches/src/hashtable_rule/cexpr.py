"""A small C expression parser and evaluator over token texts.

Enough to evaluate size and mask macros (every configuration of an #if or a
CONFIG_ symbol) and to split an index expression into key and reduction.
"""

import re

from .tokens import Tokens


_BINARY = {'*': 10, '/': 10, '%': 10, '+': 9, '-': 9, '<<': 8, '>>': 8,
           '<': 7, '<=': 7, '>': 7, '>=': 7, '==': 6, '!=': 6, '&': 5,
           '^': 4, '|': 3, '&&': 2, '||': 1}


_TYPE_WORDS = {'unsigned', 'signed', 'int', 'long', 'short', 'char', 'const', 'volatile',
               'u8', 'u16', 'u32', 'u64', 's8', 's16', 's32', 's64', 'size_t',
               '__u8', '__u16', '__u32', '__u64', '__s32', '__s64', 'uintptr_t', 'struct',
               'union', 'enum', 'void', '*', 'bool', '_Bool', '__force', '__user', '__iomem',
               '__be16', '__be32', '__be64', '__le16', '__le32', '__le64'}


# typedef names of the file being decided (files.FileState fills it): casts to them
TYPEDEFS = set()


class Macros(dict):
    """Object-like macros: name -> [value text per definition]. alternatives: the names
    whose definitions are all in headers, one of which is in force for the whole file,
    as in the branches of an ifdef of CONFIG_LOCKDEP_SMALL; not a redefinition between
    two of its uses, as one in the file itself may be."""

    def __init__(self, values=()):
        super().__init__(values)
        self.alternatives = set()


class Unknown(Exception):
    pass


class Choice(Exception):
    def __init__(self, key, count):
        Exception.__init__(self, key)
        self.key, self.count = key, count


class Parser:
    """Parses texts[lo:hi] into nested tuples; every node ends with its span."""

    def __init__(self, texts, lo=0, hi=None):
        self.t = texts
        self.i = lo
        self.hi = len(texts) if hi is None else hi

    def peek(self, k=0):
        j = self.i + k
        return self.t[j] if j < self.hi else None

    def take(self, want=None):
        tok = self.peek()
        if tok is None or (want is not None and tok != want):
            raise Unknown('expected %s' % want)
        self.i += 1
        return tok

    def parse(self):
        node = self.expr(0)
        if self.i != self.hi:
            raise Unknown('trailing tokens')
        return node

    def expr(self, min_prec):
        start = self.i
        left = self.unary()
        while True:
            op = self.peek()
            if op == '?' and min_prec == 0:
                self.take()
                a = self.expr(0)
                self.take(':')
                b = self.expr(0)
                left = ('?', left, a, b, (start, self.i))
                continue
            prec = _BINARY.get(op)
            if prec is None or prec < min_prec:
                return left
            self.take()
            right = self.expr(prec + 1)
            left = ('bin', op, left, right, (start, self.i))

    def is_cast(self, operand=True):
        """Is a parenthesised type next (followed by an operand, unless not operand:
        sizeof(struct list_head) may end the text)?"""
        if self.peek() != '(':
            return False
        j = self.i + 1
        seen = False
        while j < self.hi and self.t[j] != ')':
            word = self.t[j]
            if word not in _TYPE_WORDS and not re.match(r'\w+_t$', word) and \
                    word not in TYPEDEFS and self.t[j - 1] not in ('struct', 'union', 'enum'):
                return False
            seen = True
            j += 1
        return seen and (j + 1 < self.hi or not operand and j < self.hi)

    def _close(self, j):
        depth = 0
        while j < self.hi:
            if self.t[j] == '(':
                depth += 1
            elif self.t[j] == ')':
                depth -= 1
                if depth == 0:
                    return j
            j += 1
        raise Unknown('unbalanced parentheses')

    def unary(self):
        start = self.i
        tok = self.peek()
        if tok in ('-', '+', '~', '!', '&', '*'):
            self.take()
            return ('un', tok, self.unary(), (start, self.i))
        if tok == 'sizeof':
            self.take()
            if self.is_cast(operand=False) or (self.peek() == '(' and self.peek(2) == ')'):
                self.i = self._close(self.i) + 1     # sizeof(type): no expression in it
            else:
                self.unary()
            return ('sizeof', self.t[start + 1], (start, self.i))
        if self.is_cast():
            while self.take() != ')':
                pass
            return ('cast', self.unary(), (start, self.i))
        return self.postfix()

    def postfix(self):
        start = self.i
        tok = self.take()
        if tok == '(':
            node = self.expr(0)
            self.take(')')
            node = ('paren', node, (start, self.i))
        elif re.match(r'[0-9]', tok):
            node = ('num', tok, (start, self.i))
        elif re.match(r'[A-Za-z_]', tok):
            node = ('id', tok, (start, self.i))
        elif tok[0] in '"\x27':
            node = ('str', tok, (start, self.i))
        else:
            raise Unknown('unexpected ' + tok)
        while True:
            tok = self.peek()
            if tok == '(':
                self.take()
                args = []
                while self.peek() != ')':
                    args.append(self.expr(0))
                    if self.peek() == ',':
                        self.take()
                self.take(')')
                node = ('call', node, args, (start, self.i))
            elif tok == '[':
                self.take()
                sub = self.expr(0)
                self.take(']')
                node = ('index', node, sub, (start, self.i))
            elif tok in ('->', '.'):
                self.take()
                field = self.take()
                node = ('field', node, field, (start, self.i))
            elif tok in ('++', '--'):
                raise Unknown('side effect')
            else:
                return node


def parse_text(text):
    toks = Tokens(text).text
    return toks, Parser(toks).parse()


def strip_parens(node):
    while node[0] == 'paren':
        node = node[1]
    return node


def node_text(toks, node):
    lo, hi = node[-1]
    return ' '.join(toks[lo:hi])


def _int_literal(tok):
    m = re.match(r'(0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*$', tok)
    if not m:
        raise Unknown(tok)
    s = m.group(1)
    if s.lower().startswith('0x'):
        return int(s, 16)
    if len(s) > 1 and s.startswith('0'):
        return int(s, 8)
    return int(s)


# expressions whose operators bind looser than those around a macro name they replace
_LOOSE = ('bin', '?')


class Evaluator:
    """Integer value of a constant expression under one configuration.

    Macros with several definitions (#if branches) and configuration symbols
    used as conditions are choices; evaluate_all() tries every combination.
    """

    def __init__(self, macros, env):
        self.macros, self.env, self.depth = macros, env, 0

    def choose(self, key, count):
        if key not in self.env:
            raise Choice(key, count)
        return self.env[key]

    def ident(self, name, cond, top=False):
        defs = self.macros.get(name)
        if defs:
            which = self.choose(('macro', name), len(defs)) if len(defs) > 1 else 0
            self.depth += 1
            if self.depth > 40:
                raise Unknown('recursive macro ' + name)
            try:
                toks, node = parse_text(defs[which])
                if not top and node[0] in _LOOSE:
                    # #define N 1 << B: N - 1 is 1 << (B - 1) to the compiler
                    raise Unknown('%s is not parenthesised' % name)
                return self.value(node, cond, top)
            finally:
                self.depth -= 1
        if cond:
            return self.choose(('config', name), 2)
        raise Unknown(name)

    def value(self, node, cond=False, top=False):
        """top: node is a whole expression (a macro there may expand to any operators)."""
        kind = node[0]
        if kind == 'num':
            return _int_literal(node[1])
        if kind == 'id':
            return self.ident(node[1], cond, top)
        if kind == 'paren':
            return self.value(node[1], cond, True)
        if kind == 'cast':
            return self.value(node[1], cond)
        if kind in ('sizeof', 'str'):
            raise Unknown(kind)
        if kind == 'un' and node[1] in ('&', '*'):
            raise Unknown('address')
        if kind == 'un':
            v = self.value(node[2], node[1] == '!')
            return {'-': -v, '+': v, '~': ~v, '!': int(not v)}[node[1]]
        if kind == '?':
            return self.value(node[2]) if self.value(node[1], True) else self.value(node[3])
        if kind == 'call' and node[1][0] == 'id':
            name, args = node[1][1], node[2]
            if name in ('IS_ENABLED', 'IS_BUILTIN', 'IS_MODULE', 'defined') and len(args) == 1 \
                    and args[0][0] == 'id':
                return self.choose(('config', args[0][1]), 2)
            if name == 'BIT' and len(args) == 1:
                return 1 << self.value(args[0])
            raise Unknown('call ' + name)
        if kind == 'bin':
            op = node[1]
            logical = op in ('&&', '||')
            a = self.value(node[2], logical)
            if op == '&&' and not a:
                return 0
            if op == '||' and a:
                return 1
            b = self.value(node[3], logical)
            if op in ('/', '%'):
                if b == 0:
                    raise Unknown('division by zero')
                q = divmod(abs(a), abs(b))[0]  # C truncates toward zero
                q = q if (a < 0) == (b < 0) else -q
                return q if op == '/' else a - q * b
            if op in ('<<', '>>') and not 0 <= b < 64:
                raise Unknown('shift')
            return {'*': a * b, '+': a + b, '-': a - b, '<<': a << b, '>>': a >> b,
                    '<': int(a < b), '<=': int(a <= b), '>': int(a > b), '>=': int(a >= b),
                    '==': int(a == b), '!=': int(a != b), '&': a & b, '^': a ^ b,
                    '|': a | b, '&&': int(bool(b)), '||': int(bool(b))}[op]
        raise Unknown(kind)


def evaluate_all(macros, texts, limit=64):
    """Values of texts, evaluated together, for every configuration."""
    nodes = [parse_text(t)[1] for t in texts]
    results, todo = [], [{}]
    while todo:
        if len(results) + len(todo) > limit:
            raise Unknown('too many configurations')
        env = todo.pop()
        try:
            ev = Evaluator(macros, env)
            results.append(tuple(ev.value(n, top=True) for n in nodes))
        except Choice as c:
            todo.extend(_extend(env, c.key, v) for v in range(c.count))
    return results


def _extend(env, key, value):
    new = dict(env)
    new[key] = value
    return new


def is_power_of_2(v):
    return v > 0 and v & (v - 1) == 0


def bits_expression(macros, size_text, depth=0, evaluate=True):
    """Text of B such that the size is 1 << B, preferring an existing macro.

    With evaluate=False, only B as written (1 << B, BIT(B)), never a value.
    """
    toks, node = parse_text(size_text)
    node = strip_parens(node)
    if node[0] == 'bin' and node[1] == '<<':
        try:
            if all(v == (1,) for v in evaluate_all(macros, [node_text(toks, node[2])])):
                return node_text(toks, strip_parens(node[3]))
        except Unknown:
            pass
    if node[0] == 'call' and node[1][0] == 'id' and node[1][1] == 'BIT' and len(node[2]) == 1:
        return node_text(toks, strip_parens(node[2][0]))
    if node[0] == 'id' and len(macros.get(node[1], ())) == 1 and depth < 20:
        inner = bits_expression(macros, macros[node[1]][0], depth + 1)
        if inner is not None:
            return inner
    if node[0] == 'id' and len(macros.get(node[1], ())) > 1 and depth < 20 and \
            node[1] in getattr(macros, 'alternatives', ()) and \
            all(_power_of_two_alternative(macros, node[1], value, depth)
                for value in macros[node[1]]):
        # 8192 in one if branch, 1 << CONFIG_X in the other: the bits of whichever is in force
        return 'ilog2(%s)' % node[1]
    if depth or not evaluate:
        return None
    values = {v[0] for v in evaluate_all(macros, [size_text])}
    if len(values) == 1:
        v = values.pop()
        if is_power_of_2(v):
            return str(v.bit_length() - 1)
    return None


# what is a power of two on every architecture Linux runs on, though its value is not
# known here: a page, and structs of one or two pointers
_POWER_OF_TWO_NAMES = {'PAGE_SIZE'}
_POWER_OF_TWO_STRUCTS = {'list_head', 'hlist_head', 'hlist_node'}


def power_of_two_by_construction(macros, text, depth=0):
    """Is text a power of two whatever the configuration, though it has no value here:
    1 << B, BIT(B), PAGE_SIZE, sizeof(struct list_head), and their products and
    quotients (PAGE_SIZE / sizeof(struct list_head): sunrpc's DFR_HASHSIZE)?"""
    if depth > 20:
        return False
    try:
        toks, node = parse_text(text)
        if bits_expression(macros, text, evaluate=False) is not None:
            return True
    except (Unknown, IndexError):
        return False
    node = strip_parens(node)
    kind = node[0]
    if kind == 'id':
        defs = macros.get(node[1], ())
        if not defs:
            return node[1] in _POWER_OF_TWO_NAMES
        return len(defs) == 1 and power_of_two_by_construction(macros, defs[0], depth + 1)
    if kind == 'num':
        value = _int_literal(node[1])
        return value is not None and is_power_of_2(value)
    if kind == 'sizeof':
        inner = toks[node[-1][0]:node[-1][1]]
        return len(inner) == 5 and inner[1:3] == ['(', 'struct'] and inner[4] == ')' and \
            inner[3] in _POWER_OF_TWO_STRUCTS
    if kind == 'bin' and node[1] in ('*', '/'):
        # a quotient of powers of two is one, or 0 (an array of none: the code was wrong)
        return all(power_of_two_by_construction(macros, node_text(toks, side), depth + 1)
                   for side in (node[2], node[3]))
    return False


def _power_of_two_alternative(macros, name, value, depth):
    """Is value, one definition of name, a power of two: 1 << B, BIT(B), or a constant
    whose value is one (given the other macros, name being that definition)?"""
    only = Macros(macros)
    only.alternatives = set(getattr(macros, 'alternatives', ())) - {name}
    only[name] = [value]
    try:
        if bits_expression(only, value, depth + 1, evaluate=False) is not None:
            return True
        values = {v[0] for v in evaluate_all(only, [value])}
    except (Unknown, IndexError):
        return False
    return len(values) == 1 and is_power_of_2(values.pop())


def spellings(macros, text, depth=20):
    """text and the texts it names through macros of one definition, spaces dropped.

    Two constants with a spelling in common are equal whatever their values:
    CHAINHASH_BITS needs no value to be the bits of 1UL << CHAINHASH_BITS.
    A macro of several definitions (#if branches, or a redefinition) is not followed.
    """
    out = []
    for _ in range(depth):
        try:
            toks, node = parse_text(text)
        except (Unknown, IndexError):
            break
        node = strip_parens(node)
        out.append(''.join(toks[node[-1][0]:node[-1][1]]))
        if node[0] != 'id' or len(macros.get(node[1], ())) != 1:
            break
        text = macros[node[1]][0]
    return out


def _trusted_names(macros, texts):
    """May texts be compared by spelling? Each macro they name has one definition
    (a redefinition or #undef between two uses would change its value) and a body
    that stays one operand wherever it is pasted (no #define N 1 << B)."""
    alternatives = getattr(macros, 'alternatives', ())
    for text in texts:
        for name in re.findall(r'[A-Za-z_]\w*', text):
            defs = macros.get(name, ())
            if len(defs) > 1 and name not in alternatives:
                return False
            for value in defs:
                try:
                    if parse_text(value)[1][0] in _LOOSE:
                        return False
                except (Unknown, IndexError):
                    return False
    return True


def same_constant(macros, a, b):
    """Are texts a and b provably one constant, by spelling (see spellings())?"""
    if a is None or b is None:
        return False
    sa, sb = spellings(macros, a), spellings(macros, b)
    for i, text in enumerate(sa):
        if text in sb:
            return _trusted_names(macros, sa[:i + 1] + sb[:sb.index(text) + 1])
    return False


def minus_one(macros, text):
    """N of a text that spells N - 1 (directly or through macros), else None."""
    spelled_all = spellings(macros, text)
    for n, spelled in enumerate(spelled_all):
        toks, node = parse_text(spelled)
        node = strip_parens(node)
        if node[0] == 'bin' and node[1] == '-' and node[3][0] == 'num' \
                and _int_literal(node[3][1]) == 1:
            if not _trusted_names(macros, spelled_all[:n + 1]):
                return None
            return node_text(toks, node[2])
    return None


def parse_tokens(toks, lo, hi):
    """The expression of tokens lo..hi-1 of a Tokens object (spans index toks.text)."""
    return Parser(toks.text, lo, hi).parse()


def free_names(node, out=None):
    """Identifiers an expression reads as variables (not fields, not called names)."""
    out = set() if out is None else out
    kind = node[0]
    if kind == 'id':
        out.add(node[1])
    elif kind == 'field':
        free_names(node[1], out)
    elif kind == 'call':
        if node[1][0] != 'id':
            free_names(node[1], out)
        for a in node[2]:
            free_names(a, out)
    elif kind in ('num', 'str', 'sizeof'):
        pass
    else:
        for part in node[1:-1]:
            if isinstance(part, tuple):
                free_names(part, out)
    return out


_PRIMARY = ('id', 'num', 'str', 'call', 'index', 'field', 'paren', 'sizeof')


def is_primary(text):
    """Does text need no parentheses where it replaces an operand?"""
    try:
        return parse_text(text)[1][0] in _PRIMARY
    except Unknown:
        return False


def cast_text(type_text, text):
    """text converted to type_text: (u8)k, (u8)(a + b)."""
    return '(%s)%s' % (type_text, text if is_primary(text) else '(' + text + ')')


def render(toks, node, env=None):
    """The source text of node, its variables in env replaced by their texts.

    A replacement is parenthesized unless it is a primary expression; the
    parentheses of a macro body around a parameter go when its replacement
    is primary. Line breaks and comments become single spaces.
    """
    lo, hi = node[-1]
    env = env or {}
    text = toks.text
    pieces = []                      # [space before?, text]
    i = lo
    while i < hi:
        tok = text[i]
        gap = i > lo and toks.offset[i] > toks.end(i - 1)
        member = i > lo and text[i - 1] in ('->', '.')
        called = i + 1 < hi and text[i + 1] == '('
        if toks.kind[i] != 'id' or tok not in env or member or called:
            pieces.append([gap, tok])
            i += 1
            continue
        sub = env[tok]
        grouped = (i - 1 >= lo and i + 1 < hi and text[i - 1] == '(' and text[i + 1] == ')' and
                   not (i - 2 >= lo and (toks.kind[i - 2] == 'id' or text[i - 2] in (')', ']'))))
        if grouped and is_primary(sub):
            gap = pieces.pop()[0]    # the opening parenthesis goes, and the closing one
            pieces.append([gap, sub])
            i += 2
            continue
        # a whole argument of a call needs no parentheses either
        argument = i - 1 >= lo and i + 1 < hi and text[i - 1] in ('(', ',') and \
            text[i + 1] in (',', ')')
        pieces.append([gap, sub if grouped or argument or is_primary(sub) else '(' + sub + ')'])
        i += 1
    return ''.join((' ' if gap and n else '') + t for n, (gap, t) in enumerate(pieces))


_DOUBLE_CAST_RE = re.compile(r'\(([A-Za-z_][\w ]*\**)\)\(\(\1\)([^()]*)\)')
_ADDRESS_ARROW_RE = re.compile(r'\(&([A-Za-z_]\w*(?:(?:->|\.)[A-Za-z_]\w*)*)\)->')
# get_unaligned((T *)p) is of type T already
_UNALIGNED_CAST_RE = re.compile(r'\(([A-Za-z_][\w ]*?)\)(get_unaligned\(\(\1 ?\*\))')


# a cast and a space after it, as a helper may spell it: (unsigned long) net
_SPACED_CAST_RE = re.compile(r'\(((?:(?:const|volatile|unsigned|signed|struct|union|enum)\s+)*'
                             r'[A-Za-z_]\w*(?:\s+(?:long|int|char|short))*(?:\s*\*)*)\)\s+'
                             r'(?=[A-Za-z_(])')


_STRING_RE = re.compile(r'(\x22(?:\\.|[^\x22\\])*\x22|\x27(?:\\.|[^\x27\\])*\x27)')


def tidy_key(text):
    """A generated key as a person would write it: (T)((T)x) -> (T)x, (&a->b)->c -> a->b.c,
    (T)get_unaligned((T *)p) -> get_unaligned((T *)p), (T) x -> (T)x (checkpatch.pl)."""
    while True:
        tidy = _ADDRESS_ARROW_RE.sub(r'\1.', _DOUBLE_CAST_RE.sub(r'(\1)\2', text))
        tidy = _UNALIGNED_CAST_RE.sub(r'\2', tidy)
        # not inside a string: jhash("(int) x", ...) hashes those very bytes
        tidy = ''.join(piece if piece[:1] in ('"', "'") else _SPACED_CAST_RE.sub(
            lambda m: '(%s)' % m.group(1) if _is_type_text(m.group(1)) else m.group(), piece)
                       for piece in _STRING_RE.split(tidy))
        if tidy == text:
            return text
        text = tidy


def _is_type_text(text):
    """Does the text between two parentheses name a type (a cast), not a variable?"""
    words = text.replace('*', ' * ').split()
    return '*' in words or any(w in _TYPE_WORDS or w.endswith('_t') for w in words)


def strip_outer_parens(text):
    """(x) -> x, for a key standing alone."""
    try:
        toks = Tokens(text)
        node = parse_tokens(toks, 0, len(toks.text))
    except Unknown:
        return text
    while node[0] == 'paren':
        node = node[1]
    return render(toks, node)
