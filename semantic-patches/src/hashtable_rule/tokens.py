"""The tokens of a C file, with positions, and mapping positions between versions.

Occurrences of the name of a table are counted on the file's own tokens, so that
a use spatch does not parse (in a macro body, an #if branch) still counts: an
occurrence no rule understood makes the table ineligible.
"""

import difflib
import re


_HASH_SIGN = chr(35)  # spelled out: spatch cuts python lines at a hash sign in quotes


_TOKEN_RE = re.compile(r"""
    (?P<nl>\n) | (?P<ws>[ \t\r\f\v]+ | \\\n)
  | (?P<comment>/{2}[^\n]* | /\*.*?\*/)
  | (?P<str>\x22(?:\\.|[^\x22\\\n])*\x22 | \x27(?:\\.|[^\x27\\\n])*\x27)
  | (?P<num>\.?[0-9][A-Za-z0-9_.]*)
  | (?P<id>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op>->|<<=|>>=|\.\.\.|<<|>>|<=|>=|==|!=|&&|\|\||\+\+|--|[-+*/%&|^]=|\S)
""", re.S | re.X)


class Tokens:
    """The tokens of one file: kinds, texts, (line, column) and a position index."""

    def __init__(self, text):
        self.kind, self.text, self.pos, self.offset = [], [], [], []
        self.bol = []                # does the token begin a logical line?
        self.include_lines = None    # include_lines(), once asked
        self.source = text
        line, line_start, fresh = 1, 0, True
        for m in _TOKEN_RE.finditer(text):
            kind = m.lastgroup
            if kind in ('nl', 'ws', 'comment'):
                chunk = m.group()
                newlines = chunk.count('\n')
                if newlines:
                    line += newlines
                    line_start = m.start() + chunk.rindex('\n') + 1
                fresh = fresh or kind == 'nl'
                continue
            self.kind.append(kind)
            self.text.append(m.group())
            self.pos.append((line, m.start() - line_start))
            self.offset.append(m.start())
            self.bol.append(fresh)
            fresh = False
            # a string continued with a backslash: spatch counts its lines (not those
            # of a character constant continued so, whose columns run on instead)
            if kind == 'str' and m.group()[0] == '"' and '\n' in m.group():
                line += m.group().count('\n')
                line_start = m.start() + m.group().rindex('\n') + 1
        self.index = {p: i for i, p in enumerate(self.pos)}
        self._blocks = None

    def end(self, i):
        """Offset just after token i."""
        return self.offset[i] + len(self.text[i])

    def source_of(self, lo, hi):
        """The source text of tokens lo..hi-1, on one line (comments and line breaks are spaces)."""
        if hi <= lo:
            return ''
        out = [self.text[lo]]
        for i in range(lo + 1, hi):
            if self.offset[i] > self.end(i - 1):
                out.append(' ')
            out.append(self.text[i])
        return ''.join(out)

    def line_end(self, i):
        """Index just after the last token of the logical line of token i (a directive)."""
        j = i + 1
        while j < len(self.text) and not self.bol[j]:
            j += 1
        return j

    def blocks(self):
        """(open, close) token indices of every top-level brace pair, in order.

        The braces of a preprocessor line count only within that line: a macro
        such as #define for_each_x(p) { ... that opens a block its user closes
        must not shift every function after it.
        """
        if self._blocks is None:
            self._blocks, depth, start = [], 0, None
            n = len(self.text)
            i = 0
            while i < n:
                if self.bol[i] and self.text[i] == _HASH_SIGN:
                    end = self.line_end(i)
                    if depth == 0:
                        self._blocks.extend(_balanced_pairs(self.text, i, end))
                    i = end
                    continue
                tok = self.text[i]
                if tok == '{':
                    if depth == 0:
                        start = i
                    depth += 1
                elif tok == '}' and depth:
                    depth -= 1
                    if depth == 0:
                        self._blocks.append((start, i))
                i += 1
        return self._blocks

    def at(self, line, col):
        return self.index.get((line, col))

    def at_pos(self, pos):
        """The index of the token at position (line, column), or None."""
        return self.index.get(pos)

    def span(self, start, end):
        """Token indices from position start up to position end (exclusive)."""
        first = self.first_at_or_after(start)
        out = []
        i = first
        while i < len(self.pos) and self.pos[i] < end:
            out.append(i)
            i += 1
        return out

    def first_at_or_after(self, p):
        lo, hi = 0, len(self.pos)
        while lo < hi:
            mid = (lo + hi) >> 1
            if self.pos[mid] < p:
                lo = mid + 1
            else:
                hi = mid
        return lo


def _balanced_pairs(text, lo, hi):
    """Top-level brace pairs of tokens lo..hi-1, or none if they do not balance."""
    pairs, depth, start = [], 0, None
    for i in range(lo, hi):
        if text[i] == '{':
            if depth == 0:
                start = i
            depth += 1
        elif text[i] == '}':
            if depth == 0:
                return []
            depth -= 1
            if depth == 0:
                pairs.append((start, i))
    return pairs if depth == 0 else []


def _pos(p):
    return (int(p[0].line), int(p[0].column))


def _span(p):
    return ((int(p[0].line), int(p[0].column)),
            (int(p[0].line_end), int(p[0].column_end)))


# ---------------------------------------------------------------- expressions
# A small C expression parser over token texts: enough to evaluate size and
# mask macros and to split an index expression into key and reduction.


def matching_close(toks, j):
    """Index of the bracket that closes the one at toks[j]."""
    pair = {'(': ')', '{': '}', '[': ']'}[toks[j]]
    opening, depth = toks[j], 0
    while True:
        if toks[j] == opening:
            depth += 1
        elif toks[j] == pair:
            depth -= 1
            if depth == 0:
                return j
        j += 1


def matching_open(toks, j):
    """Index of the bracket that opens the one that closes at toks[j]."""
    pair = {')': '(', '}': '{', ']': '['}[toks[j]]
    closing, depth = toks[j], 0
    while j >= 0:
        if toks[j] == closing:
            depth += 1
        elif toks[j] == pair:
            depth -= 1
            if depth == 0:
                return j
        j -= 1
    raise IndexError('no opening bracket')


def enclosing_bracket(text, i, lo=0, statement=False):
    """Index of the ( or [ that holds token i, scanning back to token lo; None when there
    is none, or (statement) when the statement of token i begins first."""
    depth = 0
    for j in range(i - 1, lo - 1, -1):
        if text[j] in (')', ']'):
            depth += 1
        elif text[j] in ('(', '['):
            if depth == 0:
                return j
            depth -= 1
        elif statement and depth == 0 and text[j] in (';', '{', '}'):
            return None
    return None


def stepped_at(text, i):
    """Is the variable or field named at token i stepped there (i++, ++i, i += n,
    ++p->f: the ++ three tokens back, before a one-token base)?"""
    return text[i + 1] in ('++', '--', '+=', '-=') or text[i - 1] in ('++', '--') or \
        i >= 3 and text[i - 3] in ('++', '--')


def directive_start(toks, i):
    """Index of the # that begins the preprocessor line token i is on (the body of a
    #define, say), or None. Lines continued with a backslash are one line here."""
    j = i
    while j > 0 and not toks.bol[j]:
        j -= 1
    return j if toks.text[j] == _HASH_SIGN else None


def outermost_last(toks, positions):
    """Of positions (of directive lines), the last of those at the smallest depth of
    #if nesting: an include added after one inside #ifdef CONFIG_X would be missing
    where X is off."""
    depth, depths = 0, {}
    for i, t in enumerate(toks.text):
        if t != _HASH_SIGN or not toks.bol[i] or i + 1 >= len(toks.text):
            continue
        word = toks.text[i + 1]
        depths[toks.pos[i][0]] = depth
        if word in ('if', 'ifdef', 'ifndef'):
            depth += 1
        elif word == 'endif':
            depth = max(0, depth - 1)
    least = min(depths.get(p[0], 0) for p in positions)
    return max(p for p in positions if depths.get(p[0], 0) == least)


# directives that include no file; any other may (#include, #import, #include_next, and
# a keyword a backslash splits: #inc\ lude)
_NOT_INCLUDES = {'define', 'undef', 'if', 'ifdef', 'ifndef', 'elif', 'else', 'endif', 'error',
                 'warning', 'pragma', 'line', 'ident', 'sccs', 'assert', 'unassert', 'elifdef',
                 'elifndef'}


def include_lines(toks):
    """The positions of every line of toks that may include a file (under any #if), at
    its hash sign (or the digraph %: that spells it). Read once per token list."""
    if toks.include_lines is not None:
        return toks.include_lines
    out = toks.include_lines = []
    for i, tok in enumerate(toks.text):
        if not toks.bol[i] or i + 1 >= len(toks.text):
            continue
        j = i + 1 if tok == _HASH_SIGN else i + 2 if tok == '%' and toks.text[i + 1] == ':' else None
        # (the keyword may follow on the next line, after a backslash)
        if j is not None and j < len(toks.text) and toks.text[j] not in _NOT_INCLUDES and \
                toks.pos[j][0] - toks.pos[i][0] <= 1:
            out.append(toks.pos[i])
    return out


def on_include_line(toks, i):
    """Is token i part of the file name of an include line (hash in linux/hash.h)?"""
    j = directive_start(toks, i)
    return j is not None and j + 1 < len(toks.text) and toks.text[j + 1] == 'include'


def argument_spans(toks, j):
    """(first, end) token indices of each argument of the call whose ( is toks[j]."""
    close = matching_close(toks, j)
    spans, start, depth = [], j + 1, 0
    for k in range(j + 1, close + 1):
        if toks[k] in ('(', '['):
            depth += 1
        elif toks[k] in (')', ']'):
            depth -= 1
        if k == close or (toks[k] == ',' and depth == 0):
            spans.append((start, k))
            start = k + 1
    return spans


def code_indices(toks, lo, hi, directive=False):
    """Indices of tokens lo..hi-1 that are not on a preprocessor line (directive: whether
    token lo continues one)."""
    out = []
    for i in range(lo, hi):
        if toks.bol[i]:
            directive = toks.text[i].startswith(_HASH_SIGN)
        if not directive:
            out.append(i)
    return out


def _lines(toks):
    """(texts of the tokens of each line 1..last, line -> indices of its tokens), read
    once per Tokens: align() compares the file with each copy spatch makes of it."""
    got = toks.__dict__.get('_line_view')
    if got is None:
        rows = {}
        for i, (line, _) in enumerate(toks.pos):
            row = rows.get(line)
            if row is None:
                rows[line] = [i]
            else:
                row.append(i)
        text = toks.text
        last = toks.pos[-1][0] if toks.pos else 0
        lines = [tuple([text[i] for i in rows[n]]) if n in rows else () for n in range(1, last + 1)]
        got = toks._line_view = (lines, rows)
    return got


def _unique_anchors(a, b):
    """Pairs (i, j) of lines that occur once in a and once in b, equal, in an order
    both agree on (the longest increasing run of j): patience diff's anchors."""
    count_a, count_b, at_a, at_b = {}, {}, {}, {}
    for i, line in enumerate(a):
        count_a[line] = count_a.get(line, 0) + 1
        at_a[line] = i
    for j, line in enumerate(b):
        count_b[line] = count_b.get(line, 0) + 1
        at_b[line] = j
    pairs = sorted((at_a[line], j) for line, j in at_b.items()
                   if line and count_b[line] == 1 and count_a.get(line) == 1)
    # longest increasing subsequence of j, by patience sorting
    tails, links = [], {}
    for k, (_, j) in enumerate(pairs):
        lo, hi = 0, len(tails)
        while lo < hi:
            mid = (lo + hi) >> 1
            if pairs[tails[mid]][1] < j:
                lo = mid + 1
            else:
                hi = mid
        links[k] = tails[lo - 1] if lo else None
        if lo == len(tails):
            tails.append(k)
        else:
            tails[lo] = k
    out, k = [], tails[-1] if tails else None
    while k is not None:
        out.append(pairs[k])
        k = links[k]
    return out[::-1]


def _anchored_opcodes(a, b):
    """difflib opcodes of a against b, with the lines unique to both held in place.

    spatch hands a rule a copy of one changed function; difflib alone would match its
    lines with the longest run of equal lines anywhere in the file, and a function
    that ends like another one (} return NULL; }) drew the lines before it, its
    declarations, into that other function."""
    out = []
    prev_i = prev_j = 0
    for i, j in _unique_anchors(a, b) + [(len(a), len(b))]:
        if i > prev_i or j > prev_j:
            sub = difflib.SequenceMatcher(None, a[prev_i:i], b[prev_j:j], autojunk=False)
            out.extend((tag, i1 + prev_i, i2 + prev_i, j1 + prev_j, j2 + prev_j)
                       for tag, i1, i2, j1, j2 in sub.get_opcodes())
        if i < len(a):
            out.append(('equal', i, i + 1, j, j + 1))
        prev_i, prev_j = i + 1, j + 1
    return out


def _definitions(toks):
    """[(name, index of its first token, index of its closing brace)] of the function
    definitions at file scope, name ( ... ) { ... }, read past preprocessor lines (a
    macro may open a brace it does not close); None where braces do not balance."""
    idx = code_indices(toks, 0, len(toks.text))
    text = [toks.text[k] for k in idx]
    ident = [toks.kind[k] == 'id' for k in idx]
    out = []
    depth, start, i = 0, 0, 0
    try:
        while i < len(text):
            tok = text[i]
            if tok in (';', '}') and depth == 0:
                start = i + 1
            if tok == '(' and depth == 0 and i > 0 and ident[i - 1]:
                close = matching_close(text, i)
                j = close + 1
                while j < len(text) and ident[j]:
                    j += 1           # attributes after the parameters: __init, __acquires(x)
                    if j < len(text) and text[j] == '(':
                        j = matching_close(text, j) + 1
                if j < len(text) and text[j] == '{':
                    end = matching_close(text, j)
                    out.append((text[i - 1], idx[start], idx[end]))
                    i, start = end + 1, end + 1
                    continue
                i = close + 1
                continue
            if tok in ('{', '('):
                depth += 1
            elif tok in ('}', ')'):
                depth -= 1
            i += 1
    except IndexError:
        return None
    return out


def function_window(old, new):
    """The lines of old that a copy new of one changed function may come from: those of
    the one definition of that name, or (0, 0) when old has none or several (nothing
    maps, and the rule leaves the file as it is); None when new is not one function."""
    defs = _definitions(new)
    if defs is None or len(defs) != 1:
        return None
    # the definitions of the file itself, read once: spatch hands over a copy for each changed
    # function (30 copies of a file of 14,000 lines: 3.4 of its 5.8 s of Python)
    olds = old.__dict__.get('_definitions_view', False)
    if olds is False:
        olds = old._definitions_view = _definitions(old)
    if olds is None:
        return None
    matches = [d for d in olds if d[0] == defs[0][0]]
    if len(matches) != 1:
        return (0, 0)
    _, first, last = matches[0]
    return (old.pos[first][0], old.pos[last][0])


def align(old, new, window=None):
    """Map the positions of the tokens of new to those of the same tokens in old.

    Lines are matched first (cheap, and most lines are unchanged); the tokens
    of changed line ranges are then matched one by one, so that a line that
    was only re-indented, or changed elsewhere, still maps. window: the first and
    last line of old that new may map to (function_window()).
    """
    old_lines, old_rows = _lines(old)
    new_lines, new_rows = _lines(new)
    mapping = {}
    lo, hi = (1, len(old_lines)) if window is None else window
    if hi < lo:
        return mapping
    ops = _anchored_opcodes(old_lines[lo - 1:hi], new_lines)
    for tag, i1, i2, j1, j2 in ((tag, i1 + lo - 1, i2 + lo - 1, j1, j2) for tag, i1, i2, j1, j2 in ops):
        if tag == 'equal':
            for k in range(i2 - i1):
                for a, b in zip(old_rows.get(i1 + k + 1, ()), new_rows.get(j1 + k + 1, ())):
                    mapping[new.pos[b]] = old.pos[a]
        elif tag == 'replace':
            olds = [i for n in range(i1 + 1, i2 + 1) for i in old_rows.get(n, ())]
            news = [i for n in range(j1 + 1, j2 + 1) for i in new_rows.get(n, ())]
            sub = difflib.SequenceMatcher(None, [old.text[i] for i in olds],
                                          [new.text[i] for i in news], autojunk=False)
            for a, b, size in sub.get_matching_blocks():
                for k in range(size):
                    mapping[new.pos[news[b + k]]] = old.pos[olds[a + k]]
    return mapping
