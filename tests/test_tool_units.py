"""Unit tests of the modules of tool/hashtable_convert (no spatch here: the
rule itself is covered by test_cocci_python.py, test_failsafe.py and
test_modes.py).

Run: cd tests && python3 -m unittest test_tool_units
"""
import collections
import io
import os
import re
import stat
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'tool'))

from hashtable_convert import after, cli, header_uses, includes, sources, shared, decide, report, patches, write, check, model, transform, layout  # noqa: E402

Declaration = sources.Declaration


def put(root, rel, text, binary=False):
    """Write text to root/rel, creating its directories; returns the full path."""
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb' if binary else 'w') as f:
        f.write(text)
    return path


def get(root, rel):
    with open(os.path.join(root, rel)) as f:
        return f.read()


def record(name, file, verdict='converted', reasons=(), shared_=False, size='16', bits='4',
           widths=('u32',), forms=('and',), keys=('k',), accesses=None, walks_open=(),
           line=3, scope=None, read_mostly=False, expects_change=True):
    """A record shaped like table_record() in semantic-patches/hashtable.cocci."""
    scope = scope or ('extern' if shared_ else 'static')    # a shared global, seen from a user
    return dict(name=name, file=file, line=line, scope=scope, shared=shared_, size=size,
                bits=bits, read_mostly=read_mostly, verdict=verdict, reasons=list(reasons),
                key_widths=list(widths), forms=list(forms), keys=list(keys),
                expects_change=expects_change,
                accesses=dict(accesses if accesses is not None else
                              dict(keyed=2, bucket_pointers=0, index_assignments=0, inits=1,
                                   emptiness_tests=0, walks=0)),
                walks_open=[dict(w) for w in walks_open])


# --------------------------------------------------------------------------- sources

SCAN_TEXT = '''\
/* static struct hlist_head in_comment[8]; */
static struct hlist_head st[16];
struct hlist_head gl[1 << 4];
extern struct hlist_head ex[GL_SIZE];
static struct hlist_head __read_mostly rm[32];
static struct hlist_head *ptr;
const char *s = "static struct hlist_head in_string[4];";
// struct hlist_head in_line_comment[4];
struct foo {
\tint x;
\tstruct hlist_head member[FOO_SIZE];
\tstruct hlist_head *member_ptr;
};
int f(void)
{
\tstruct hlist_head local[4];
\tstatic struct hlist_head static_local[4];
\tstruct hlist_head *local_ptr;
\treturn 0;
}
#define SZ 8
struct hlist_head after_define[SZ];
static int unrelated;
struct hlist_head after_static_int[SZ];
struct hlist_head *global_ptr;
'''


class SourcesTest(unittest.TestCase):
    def scan(self, text=SCAN_TEXT):
        return {d.name: d for d in sources.scan_declarations('dir/x.c', text)}

    def test_file_scope_arrays_kinds_sizes_and_lines(self):
        found = self.scan()
        self.assertEqual(found['st'], Declaration('st', 'dir/x.c', 2, 'static', '16'))
        self.assertEqual(found['gl'], Declaration('gl', 'dir/x.c', 3, 'global', '1 << 4'))
        self.assertEqual(found['ex'], Declaration('ex', 'dir/x.c', 4, 'extern', 'GL_SIZE'))
        self.assertEqual(found['rm'], Declaration('rm', 'dir/x.c', 5, 'static', '32'))

    def test_storage_words_stop_at_previous_statement_and_preprocessor_line(self):
        found = self.scan()
        self.assertEqual((found['after_define'].kind, found['after_define'].line), ('global', 22))
        self.assertEqual((found['after_static_int'].kind, found['after_static_int'].line),
                         ('global', 24))

    def test_member_records_its_struct(self):
        found = self.scan()
        self.assertEqual(found['member'],
                         Declaration('member', 'dir/x.c', 11, 'member', 'FOO_SIZE', 'foo'))

    def test_array_of_pointers_to_lists_is_no_table(self):
        found = sources.scan_declarations('a.c', 'static struct hlist_head *all_lists[] = {\n'
                                                 '\t&a, &b, NULL,\n};\n')
        self.assertEqual(found, [])

    def test_static_pointer_is_kind_pointer_others_are_not_recorded(self):
        found = self.scan()
        self.assertEqual(found['ptr'], Declaration('ptr', 'dir/x.c', 6, 'pointer'))
        for name in ('member_ptr', 'global_ptr', 'local_ptr'):
            self.assertNotIn(name, found)

    def test_locals_comments_and_strings_are_ignored(self):
        found = self.scan()
        for name in ('local', 'static_local', 'in_comment', 'in_string', 'in_line_comment'):
            self.assertNotIn(name, found)
        self.assertEqual(sorted(found), sorted(['st', 'gl', 'ex', 'rm', 'ptr', 'member',
                                                'after_define', 'after_static_int']))

    def test_text_without_hlist_head_gives_nothing(self):
        self.assertEqual(sources.scan_declarations('x.c', 'static int a[16];\n'), [])

    # Regression (was a bug): sources.scan_declarations takes the attribute of
    # "static struct hlist_head *tbl __read_mostly;" (fs/dcache.c style) for the
    # name: it records a pointer called '__read_mostly' and not 'tbl'.
    def test_pointer_with_trailing_read_mostly_is_named_right(self):
        found = self.scan('static struct hlist_head *tbl __read_mostly;\n')
        self.assertEqual(sorted(found), ['tbl'])

    def test_blank_comments_and_strings_keeps_lines_and_length(self):
        text = 'a /* x\ny */ b "s;t" c // d\n\'q\' e\n'
        blanked = sources.blank_comments_and_strings(text)
        self.assertEqual(len(blanked), len(text))
        self.assertEqual(blanked.count('\n'), text.count('\n'))
        self.assertEqual(blanked.split(), ['a', 'b', 'c', 'e'])

    def test_find_tree_root_finds_kernel_top_from_subdirectory(self):
        with tempfile.TemporaryDirectory() as tmp:
            top = os.path.join(tmp, 'linux')
            for d in ('include/linux', 'scripts', 'net/foo'):
                os.makedirs(os.path.join(top, d))
            for f in ('Kbuild', 'Makefile'):
                put(top, f, '')
            put(top, 'net/foo/a.c', '')
            self.assertTrue(sources.is_kernel_tree(top))
            self.assertEqual(sources.find_tree_root([os.path.join(top, 'net/foo')]),
                             os.path.abspath(top))
            self.assertEqual(sources.find_tree_root([os.path.join(top, 'net/foo/a.c')]),
                             os.path.abspath(top))

    def test_find_tree_root_otherwise_common_directory(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'd/x/a.c', '')
            os.makedirs(os.path.join(tmp, 'd/y/z'))
            put(tmp, 'd/Makefile', '')       # Makefile alone is no kernel tree
            self.assertFalse(sources.is_kernel_tree(os.path.join(tmp, 'd')))
            got = sources.find_tree_root([os.path.join(tmp, 'd/x/a.c'), os.path.join(tmp, 'd/y/z')])
            self.assertEqual(got, os.path.abspath(os.path.join(tmp, 'd')))

    def test_find_whole_tree_stops_at_a_git_work_tree(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'repo/.git/HEAD', '')
            put(tmp, 'repo/a/b/x.c', '')
            self.assertEqual(sources.find_whole_tree([os.path.join(tmp, 'repo/a/b')]),
                             (os.path.join(os.path.abspath(tmp), 'repo'), True))
            put(tmp, 'loose/x.c', '')
            self.assertEqual(sources.find_whole_tree([os.path.join(tmp, 'loose/x.c')]),
                             (os.path.join(os.path.abspath(tmp), 'loose'), False))

    def test_include_dirs_are_the_include_folders_up_to_the_root(self):
        with tempfile.TemporaryDirectory() as tmp:
            for d in ('include', 'lib/include', 'lib/sub'):
                os.makedirs(os.path.join(tmp, d))
            self.assertEqual(sources.include_dirs(tmp, 'lib/sub/x.c'), ['lib/include', 'include'])
            self.assertEqual(sources.include_dirs(tmp, 'x.c'), ['include'])

    def test_list_c_files(self):
        with tempfile.TemporaryDirectory() as tmp:
            root = os.path.join(tmp, 'root')
            put(root, 'src/b.c', '')
            put(root, 'src/a.h', '')
            put(root, 'src/sub/c.c', '')
            put(root, 'src/notes.txt', '')
            put(root, 'src/.git/objects.c', '')
            put(root, 'src/.hidden/d.c', '')
            put(root, 'README', '')
            put(root, 'top.c', '')
            put(tmp, 'elsewhere.c', '')
            missing = os.path.join(root, 'missing')
            files, problems = sources.list_c_files(
                [os.path.join(root, 'src'), os.path.join(root, 'top.c'), missing,
                 os.path.join(root, 'README'), os.path.join(tmp, 'elsewhere.c')], root)
            self.assertEqual(files, ['src/.hidden/d.c', 'src/a.h', 'src/b.c', 'src/sub/c.c', 'top.c'])
            # with a text to look for, grep or ripgrep lists the files that have it
            put(root, 'src/.hidden/d.c', 'struct hlist_head x;\n')
            put(root, 'src/b.c', 'struct hlist_head y;\n')
            put(root, 'src/.git/objects.c', 'struct hlist_head z;\n')
            put(root, 'src/e.txt', 'struct hlist_head z;\n')
            found, _ = sources.list_c_files([os.path.join(root, 'src')], root, containing='hlist_head')
            self.assertEqual(found, ['src/.hidden/d.c', 'src/b.c'])
            self.assertEqual(problems, [
                (missing, 'no such file or directory'),
                (os.path.join(root, 'README'), 'not a C source file (.c or .h); skipped'),
                ('../elsewhere.c', 'outside the tree root %s; skipped' % root),
            ])

    def test_files_naming_finds_code_occurrences_only(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'a.c', 'int x(void) { return tbl[0]; }\n')
            put(tmp, 'b.c', '/* tbl */ int other;\n')
            put(tmp, 'inc/c.h', 'extern int tbl[];\n')
            put(tmp, 'd.c', 'const char *s = "tbl";\n')
            put(tmp, 'e.c', 'int tbl2, xtbl;\n')
            put(tmp, 'sub/f.c', 'void g(void) { h(tbl, other); }\n')
            put(tmp, 'g.txt', 'tbl other\n')
            put(tmp, '.git/h.c', 'int tbl;\n')
            put(tmp, '.tmp/i.c', 'int tbl;\n')        # a hidden directory is searched, as by grep
            got = sources.files_naming(tmp, ['tbl', 'other', 'absent'])
            self.assertEqual(got, {'tbl': ['.tmp/i.c', 'a.c', 'inc/c.h', 'sub/f.c'],
                                   'other': ['b.c', 'sub/f.c'], 'absent': []})
            self.assertEqual(sources.files_naming(tmp, []), {})

    def test_hashtable_include_goes_after_the_outermost_last_linux_include(self):
        # one after an include inside #ifdef CONFIG_X would be missing where X is off
        text = ('#ifndef G_H\n#define G_H\n#include <linux/types.h>\n#include <linux/list.h>\n'
                '#include <net/sock.h>\n#ifdef CONFIG_X\n#include <linux/kernel.h>\n#endif\n'
                '/* #include <linux/hashtable.h> */\nint x;\n#endif\n')
        self.assertEqual(sources.with_hashtable_include(text), text.replace(
            '<linux/list.h>\n', '<linux/list.h>\n#include <linux/hashtable.h>\n'))
        self.assertEqual(sources.with_hashtable_include('#include <linux/a.h>'),
                         '#include <linux/a.h>\n#include <linux/hashtable.h>')

    def test_no_hashtable_include_where_it_is_or_where_no_linux_include_is(self):
        has = '#include <linux/a.h>\n#ifdef X\n#include <linux/hashtable.h>\n#endif\n'
        self.assertEqual(sources.with_hashtable_include(has), has)
        local = '#include "core.h"\n#include <net/sock.h>\nint x;\n'
        self.assertEqual(sources.with_hashtable_include(local), local)

    def test_a_conversion_needs_the_include(self):
        before = 'static struct hlist_head t[16]; /* not hash_add() */\n'
        self.assertTrue(sources.needs_hashtable_include(before, 'static DEFINE_HASHTABLE(t, 4);\n'))
        self.assertFalse(sources.needs_hashtable_include(before, before.replace('16', '32')))
        self.assertFalse(sources.needs_hashtable_include(
            'void f(void) { hash_add(t, n, k); hash_add(t, m, k); }',
            'void f(void) { hash_add(t, m, k); hash_add(t, n, k); }'))


# --------------------------------------------------------------------------- shared

HEADER = '''\
#define T_SIZE 16
#define T_MASK (T_SIZE - 1)
extern struct hlist_head tbl[T_SIZE];
struct item {
\tunsigned int port;
\tstruct hlist_node node;
};
'''
A_C = '''\
#include <demo/t.h>
struct hlist_head tbl[T_SIZE];
void add(struct item *i)
{
\thlist_add_head(&i->node, &tbl[i->port & T_MASK]);
}
'''
B_C = '''\
#include <demo/t.h>
#include "local.h"
int look(unsigned int p)
{
\treturn hlist_empty(&tbl[p & T_MASK]);
}
'''


class DefinedNamesTest(unittest.TestCase):
    def test_a_define_of_the_name_in_any_c_file(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'lib/m.h', '#define region 1\n  #  define reg other\n')
            put(tmp, 'lib/x.c', '#define tab(x) x\n/* #define other */\n')
            self.assertEqual(sources.defined_names(tmp, ['reg', 'tab', 'regi', 'other', '?x']),
                             {'reg': 'lib/m.h', 'tab': 'lib/x.c'})
            self.assertEqual(sources.defined_names(tmp, []), {})


class SharedTest(unittest.TestCase):
    def test_api_names_are_those_the_rule_refuses_a_header_to_define(self):
        # the tool hands the rule these definitions from headers; the rule refuses a table
        # where a header defines one of API_NAMES - HASH_FUNCTIONS (analysis.decide_table)
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import cocci_python
        analysis = cocci_python.module('analysis')
        self.assertEqual(shared.API_NAMES, analysis.API_NAMES - analysis.HASH_FUNCTIONS)

    def test_header_helpers_are_those_that_reduce_and_container_of_wrappers(self):
        text = ('static inline u32 slot(u32 k)\n{\n\treturn hash_32(k, 4);\n}\n'
                'static inline struct big *BIG_I(struct small *s)\n{\n'
                '\treturn container_of(s, struct big, small);\n}\n'
                'static inline struct big *big_touch(struct small *s)\n{\n'
                '\ts->n++;\n\treturn container_of(s, struct big, small);\n}\n'
                'static inline int plain(int a)\n{\n\treturn a + 1;\n}\n')
        found = shared.reducing_definitions(text)
        self.assertEqual(sorted(found), ['BIG_I', 'slot'])
        self.assertIn('container_of(s, struct big, small)', found['BIG_I'])
        # two definitions (#ifdef DEBUG, #else): one of them may write
        twice = ('#ifdef DEBUG\nstatic inline struct big *BIG_I(struct small *s)\n{\n\ts->n++;\n'
                 '\treturn container_of(s, struct big, small);\n}\n#else\n'
                 'static inline struct big *BIG_I(struct small *s)\n{\n'
                 '\treturn container_of(s, struct big, small);\n}\n#endif\n')
        self.assertEqual(shared.reducing_definitions(twice), {})
        # or a macro of that name in the other branch, or a function defined elsewhere
        for other in ('#define BIG_I(s) big_checked(s)\n', '#define BIG_I big_checked\n',
                      'struct big *BIG_I(struct small *s);\n'):
            text = ('#ifdef DEBUG\n%s#else\nstatic inline struct big *BIG_I(struct small *s)\n{\n'
                    '\treturn container_of(s, struct big, small);\n}\n#endif\n' % other)
            self.assertEqual(shared.reducing_definitions(text), {}, other)
        # its uses are not definitions
        used = text.split('#ifdef')[0] + ('static inline struct big *BIG_I(struct small *s)\n{\n'
                                          '\treturn container_of(s, struct big, small);\n}\n'
                                          'static inline int big_n(struct small *s)\n{\n'
                                          '\treturn BIG_I(s)->n;\n}\n')
        self.assertEqual(sorted(shared.reducing_definitions(used)), ['BIG_I'])

    def test_header_field_readers_are_helpers(self):
        # a call of one may be copied into a key like the field path it returns
        text = ('static inline const char *port_name(struct port *p)\n{\n'
                '\treturn p->dev->name;\n}\n'
                'static inline int port_bump(struct port *p)\n{\n\treturn p->n++;\n}\n'
                'static inline int port_load(struct port *p)\n{\n'
                '\treturn READ_ONCE(p->n);\n}\n'
                'static inline int port_set(struct port *p)\n{\n\treturn p->n = 1;\n}\n'
                'static inline int port_id(struct port *p)\n{\n\treturn p->id;\n}\n'
                '#define port_id(p) next_id(p)\n')
        self.assertEqual(sorted(shared.reducing_definitions(text)), ['port_name'])

    def test_a_container_of_wrapper_two_headers_define_is_no_helper(self):
        wrapper = ('static inline struct big *BIG_I(struct small *s)\n{\n'
                   '\treturn container_of(s, struct big, %s);\n}\n')
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'include/a.h', wrapper % 'small')
            put(tmp, 'include/b.h', wrapper % 'other')
            put(tmp, 'drv/one.c', '#include "../include/a.h"\nint f(struct small *s) { return BIG_I(s)->n; }\n')
            put(tmp, 'drv/two.c', '#include "../include/a.h"\n#include "../include/b.h"\n'
                                  'int f(struct small *s) { return BIG_I(s)->n; }\n')
            self.assertIn('BIG_I', shared.header_helpers(tmp, 'drv/one.c')[0])
            self.assertNotIn('BIG_I', shared.header_helpers(tmp, 'drv/two.c')[0])

    def test_object_macros(self):
        text = ('#define A 16\n'
                '#define B (A * 2) /* twice */\n'
                '#define C \\\n\t(1 << 4)\n'
                '#define F(x) ((x) + 1)\n'
                '// #define D 3\n'
                '/* #define E 4 */\n'
                '#\tdefine\tA\t32\n')
        self.assertEqual(shared.object_macros(text),
                         {'A': ['16', '32'], 'B': ['(A * 2)'], 'C': ['(1 << 4)']})

    def test_struct_fields(self):
        text = ('struct item {\n\tunsigned int port;\n\tu16 id : 4;\n'
                '\tstruct hlist_node node;\n\tchar *name;\n\tint arr[4];\n'
                '\tunsigned int port;\n};\n'
                'struct other { u32 port; /* long comment; with a semicolon */ };\n')
        self.assertEqual(shared.struct_fields(text),
                         {'port': ['unsigned int', 'u32'], 'id': ['u16'],
                          'node': ['struct hlist_node']})

    def test_struct_pointer_fields(self):
        text = ('struct dev {\n\tstruct port\t*port;\n\tconst struct ops *ops;\n'
                '\tstruct port **ports;\n\tu32 id;\n};\n'
                'struct nested { struct { int a; } in; struct port *p; };\n')
        self.assertEqual(shared.struct_pointer_fields(text),
                         {'dev': {'port': 'port', 'ops': 'ops'}})

    def test_header_struct_pointers_for_the_structs_a_file_names(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'include/linux/dev.h', 'struct dev { struct port *port; };\n'
                'struct unused { struct port *port; };\n')
            put(tmp, 'include/linux/clash.h', 'struct dev { struct other *port; };\n')
            put(tmp, 'drv/a.c', '#include <linux/dev.h>\nstatic int f(struct dev *d);\n')
            self.assertEqual(shared.header_struct_pointers(tmp, 'drv/a.c'),
                             {'dev': {'port': 'port'}})
            # two headers that define one struct otherwise: neither is trusted
            put(tmp, 'drv/b.c', '#include <linux/dev.h>\n#include <linux/clash.h>\n'
                'static int f(struct dev *d);\n')
            self.assertEqual(shared.header_struct_pointers(tmp, 'drv/b.c'), {})

    def test_header_macros_follow_includes_and_keep_every_value(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'drv/a.h', '#include "b.h"\n#define T_SIZE (1 << T_BITS)\n#define OTHER 3\n')
            put(tmp, 'drv/b.h', '#ifdef CONFIG_SMALL\n#define T_BITS 4\n#else\n#define T_BITS 8\n#endif\n')
            put(tmp, 'drv/t.c', '#include "a.h"\n#define OWN 2\nstatic struct hlist_head t[T_SIZE];\n')
            self.assertEqual(shared.header_macros(tmp, 'drv/t.c', 'T_SIZE'),
                             {'T_SIZE': ['(1 << T_BITS)'], 'T_BITS': ['4', '8']})
            # what the file defines itself is left to the rule
            self.assertEqual(shared.header_macros(tmp, 'drv/t.c', 'OWN * 2'), {})
            # a macro no included header defines stays unknown
            self.assertEqual(shared.header_macros(tmp, 'drv/t.c', 'NOWHERE'), {})
            # through the file's own macros: OWN_SIZE needs T_BITS of a header
            put(tmp, 'drv/u.c', '#include "a.h"\n#define OWN_SIZE BIT(T_BITS)\n')
            self.assertEqual(shared.header_macros(tmp, 'drv/u.c', 'OWN_SIZE'),
                             {'T_BITS': ['4', '8']})

    def test_header_macros_through_kbuild_include_folders(self):
        with tempfile.TemporaryDirectory() as tmp:
            # core/Makefile: subdir-ccflags-y += -I$(src), so lib/t.c finds "lib/sizes.h"
            put(tmp, 'drv/core/Makefile', 'obj-m += core.o\ncore-y := lib/t.o\n'
                'subdir-ccflags-y += -I$(src)\n')
            put(tmp, 'drv/core/lib/sizes.h', '#define T_SIZE (BIT(BITS_PER_BYTE))\n')
            put(tmp, 'drv/core/lib/t.c', '#include "lib/sizes.h"\n'
                'struct s { struct hlist_head t[T_SIZE]; };\n')
            self.assertEqual(shared.header_macros(tmp, 'drv/core/lib/t.c', 'T_SIZE'),
                             {'T_SIZE': ['(BIT(BITS_PER_BYTE))']})

    def test_kbuild_dirs(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'drv/Makefile', 'subdir-ccflags-y := -I $(srctree)/drv/common \\\n'
                '\t-I$(FULL_PATH)/inc\n')
            put(tmp, 'drv/common/x.h', '')
            put(tmp, 'drv/a/Makefile', 'obj-m += a.o\na-y := main.o sub/part.o\n'
                'ccflags-y += -I$(src)/inc -I$(srctree)/drv/missing\n')
            put(tmp, 'drv/a/inc/y.h', '')
            put(tmp, 'drv/a/main.c', '')
            put(tmp, 'drv/a/sub/part.c', '')
            put(tmp, 'drv/a/sub/other.c', '')
            # nearest makefile first; a folder that does not exist, or a variable
            # other than $(src), $(obj) and $(srctree), gives nothing
            self.assertEqual(sources.kbuild_dirs(tmp, 'drv/a/main.c'), ['drv/a/inc', 'drv/common'])
            # a/Makefile builds sub/part.o, so its ccflags apply there, not to sub/other.c
            self.assertEqual(sources.kbuild_dirs(tmp, 'drv/a/sub/part.c'), ['drv/a/inc', 'drv/common'])
            self.assertEqual(sources.kbuild_dirs(tmp, 'drv/a/sub/other.c'), ['drv/common'])
            self.assertEqual(sources.include_dirs(tmp, 'drv/a/main.c'), ['drv/a/inc', 'drv/common'])

    def test_a_header_includes_the_arch_headers_of_the_file_that_includes_it(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'include/linux/kvm_host.h', '#include <asm/kvm_host.h>\n')
            put(tmp, 'arch/ppc/include/asm/kvm_host.h', '#define NUM_BITS 13\n'
                '#define NUM (1 << NUM_BITS)\n')
            put(tmp, 'arch/ppc/include/asm/book3s.h', '#include <linux/kvm_host.h>\n'
                'struct vcpu { struct hlist_head t[NUM]; };\n')
            put(tmp, 'arch/ppc/kvm/mmu.c', '#include <asm/book3s.h>\n')
            self.assertEqual(shared.header_macros(tmp, 'arch/ppc/kvm/mmu.c', 'NUM'),
                             {'NUM': ['(1 << NUM_BITS)'], 'NUM_BITS': ['13']})
            self.assertEqual(shared.header_macros(tmp, 'arch/ppc/include/asm/book3s.h', 'NUM'),
                             {'NUM': ['(1 << NUM_BITS)'], 'NUM_BITS': ['13']})
            # a file outside the arch does not see that arch's headers
            put(tmp, 'drv/x.c', '#include <linux/kvm_host.h>\n')
            self.assertEqual(shared.header_macros(tmp, 'drv/x.c', 'NUM'), {})

    def test_files_naming_skips_include_lines(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'a.c', '#include <linux/hash.h>\nint x;\n')
            put(tmp, 'b.c', '#include <linux/hash.h>\nint y(struct s *p) { return !!p->hash[0].first; }\n')
            self.assertEqual(sources.files_naming(tmp, ['hash'], 4), {'hash': ['b.c']})

    def test_included_headers(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'include/linux/list.h', '')
            put(tmp, 'include/only_in_include.h', '')
            put(tmp, 'drv/local.h', '')
            text = ('#include <linux/list.h>\n'
                    '#include "local.h"\n'
                    '#include "only_in_include.h"\n'
                    '#include <local.h>\n'          # angle form: include/ only
                    '#include <missing.h>\n'
                    '# include "../drv/local.h"\n')
            self.assertEqual(shared.included_headers(tmp, 'drv/x.c', text),
                             ['include/linux/list.h', 'drv/local.h',
                              'include/only_in_include.h', 'drv/local.h'])

    def make_tree(self, tmp, a_c=A_C, header=HEADER):
        put(tmp, 'include/demo/t.h', header)
        put(tmp, 'a.c', a_c)
        put(tmp, 'b.c', B_C)
        put(tmp, 'local.h', 'struct local { u16 port; };\n')
        put(tmp, 'c.c', 'static struct hlist_head ctab[8];\n')
        put(tmp, 'include/demo/hs.h', 'static struct hlist_head hs[4];\n')

    def run_plan(self, tmp, selected=None):
        files = ['a.c', 'b.c', 'c.c', 'include/demo/hs.h', 'include/demo/t.h', 'local.h']
        decls = []
        for f in files:
            decls.extend(sources.scan_declarations(f, get(tmp, f)))
        return shared.plan(tmp, files if selected is None else selected, decls)

    def test_plan_global_table_shared_by_two_files(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.make_tree(tmp)
            p = self.run_plan(tmp)
            self.assertEqual(sorted(p.shared), ['tbl'])
            t = p.shared['tbl']
            self.assertEqual(t.reasons, [])
            self.assertEqual(t.files, ['a.c', 'b.c'])
            self.assertEqual(t.scope, 'global')
            self.assertEqual(t.size, 'T_SIZE')
            self.assertEqual(t.macros, {'T_SIZE': ['16'], 'T_MASK': ['(T_SIZE - 1)']})
            self.assertEqual(t.fields, {'port': ['unsigned int', 'u16'],
                                        'node': ['struct hlist_node']})
            self.assertEqual(p.shared_files, ['a.c', 'b.c'])
            self.assertEqual(t.fact()['size'], 'T_SIZE')

    def test_members_of_two_structs_refused_where_a_file_sees_both(self):
        def table(struct, files):
            t = shared.SharedTable('mt', 'member', [Declaration('mt', 'include/%s.h' % struct, 2,
                                                                'member', '16', struct)],
                                   files=files, key='mt@' + struct)
            return t
        a, b = table('a', ['a.c', 'both.c']), table('b', ['b.c', 'both.c'])
        c = shared.SharedTable('mt', 'global', [Declaration('mt', 'g.c', 1, 'global', '8')],
                               files=['both.c'])
        p = shared.Plan([], {'mt@a': a, 'mt@b': b, 'mt': c}, [], [])
        shared._refuse_files_of_two_structs(p)
        self.assertEqual(a.reasons, [shared.SAME_NAME % ('both.c', 'b', 'mt')])
        self.assertEqual(b.reasons, [shared.SAME_NAME % ('both.c', 'a', 'mt')])
        self.assertEqual(c.reasons, [])
        b.files = ['b.c']
        a.reasons, b.reasons = [], []
        shared._refuse_files_of_two_structs(p)
        self.assertEqual((a.reasons, b.reasons), ([], []))

    def test_rerun_files_are_local_files_of_shared_tables_without_a_table_so_named(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'include/t.h', 'extern struct hlist_head gt[16];\n'
                'struct s { struct hlist_head mt[16]; };\n')
            put(tmp, 'a.c', 'struct hlist_head gt[16];\nstatic struct hlist_head lt[8];\n'
                'void f(void) { INIT_HLIST_HEAD(&gt[0]); }\n')
            # its own member mt: uses of the header's mt are told apart by struct there
            put(tmp, 'b.c', 'struct own { struct hlist_head mt[4]; };\n'
                'void g(struct s *x) { INIT_HLIST_HEAD(&x->mt[0]); }\n')
            put(tmp, 'c.c', 'static struct hlist_head ct[8];\n')
            files = ['a.c', 'b.c', 'c.c', 'include/t.h']
            decls = []
            for f in files:
                decls.extend(sources.scan_declarations(f, get(tmp, f)))
            p = shared.split(tmp, decls)
            self.assertEqual(p.local_files, ['a.c', 'b.c', 'c.c'])
            for name, t in p.shared.items():
                t.files = ['a.c', 'include/t.h'] if name == 'gt' else ['b.c', 'include/t.h']
            self.assertEqual(p.rerun_files(p.shared, decls), {'a.c'})
            self.assertEqual(p.rerun_files({}, decls), set())
            # before the analysis: by the files that name each table (a name in more
            # files than a table converts with is narrowed later, by struct: no guess)
            many = ['x%d.c' % i for i in range(shared.MAX_FILES_PER_TABLE)]
            self.assertEqual(p.likely_shared_files({'gt': ['a.c', 'c.c', 'include/t.h'],
                                                    'mt': ['b.c', 'include/t.h']}, decls),
                             {'a.c', 'c.c'})
            self.assertEqual(p.likely_shared_files({'gt': ['a.c', 'c.c'] + many}, decls), set())
            self.assertEqual(p.likely_shared_files({}, decls), set())

    def test_facts_give_the_header_macros_of_a_local_size_once_asked(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'include/sz.h', '#define TBL_BITS 5\n#define TBL_SIZE (1 << TBL_BITS)\n')
            put(tmp, 'a.c', '#include <sz.h>\nstatic struct hlist_head tbl[TBL_SIZE];\n')
            p = shared.split(tmp, sources.scan_declarations('a.c', get(tmp, 'a.c')))
            self.assertEqual(p.local_files, ['a.c'])
            macros = p.facts({}, ['a.c'])['files']['a.c']['macros']
            self.assertEqual((macros.get('TBL_SIZE'), macros.get('TBL_BITS')),
                             (['(1 << TBL_BITS)'], ['5']))
            # asked again (a local file that names a shared table too): the same
            self.assertEqual(p.facts({}, ['a.c'])['files']['a.c']['macros'], macros)

    def test_plan_static_tables(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.make_tree(tmp)
            p = self.run_plan(tmp)
            self.assertEqual(p.local_files, ['c.c'])
            self.assertEqual(p.header_static,
                             [Declaration('hs', 'include/demo/hs.h', 1, 'static', '4')])

    def test_plan_refuses_exported_table(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.make_tree(tmp, a_c=A_C + 'EXPORT_SYMBOL_GPL(tbl);\n')
            t = self.run_plan(tmp).shared['tbl']
            self.assertEqual(t.reasons, ['exported with EXPORT_SYMBOL in a.c: modules outside '
                                         'the tree may index it'])
            self.assertEqual(self.run_plan(tmp).shared_files, [])

    def test_plan_refuses_table_named_in_another_header(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.make_tree(tmp)
            put(tmp, 'include/demo/other.h', '#define FIRST_BUCKET (&tbl[0])\n')
            t = self.run_plan(tmp).shared['tbl']
            self.assertEqual(t.reasons,
                             ['named in header include/demo/other.h, which is not converted '
                              '(line 1: not inside a static inline function)'])

    def test_plan_refuses_table_named_in_assembly(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.make_tree(tmp)
            put(tmp, 'arch/entry.S', '\t# a comment, isn\'t it\n\tleaq tbl(%rip), %rax\n')
            t = self.run_plan(tmp).shared['tbl']
            self.assertEqual(t.reasons,
                             ['named in assembly file arch/entry.S, which is not converted'])

    def test_plan_refuses_table_a_file_may_paste_together(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.make_tree(tmp)
            put(tmp, 'u.c', '#define TABLE(prefix) prefix ## bl\n'
                            'int f(int k) { return hlist_empty(&TABLE(t)[k & 15]); }\n')
            t = self.run_plan(tmp).shared['tbl']
            self.assertEqual(t.reasons, ['u.c may spell the name with ## (token pasting), '
                                         'where no search can find it'])
            # a paste of a piece without the rest of the name in the file is harmless
            put(tmp, 'u.c', '#define TABLE(prefix) prefix ## bl\n')
            self.assertEqual(self.run_plan(tmp).shared['tbl'].reasons, [])

    def test_members_of_two_structs_named_alike_are_two_tables(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'include/a.h', 'struct sa { struct hlist_head mt[8]; };\n')
            put(tmp, 'include/b.h', 'struct sb { spinlock_t l[4]; struct hlist_head mt[4]; };\n')
            put(tmp, 'a.c', '#include <a.h>\nvoid f(struct sa *x) { hlist_empty(&x->mt[1]); }\n')
            put(tmp, 'b.c', '#include <b.h>\nstruct sb *y;\nint g(void) { return !!y->mt[1].first; }\n')
            decls = [d for f in ('include/a.h', 'include/b.h')
                     for d in sources.scan_declarations(f, get(tmp, f))]
            p = shared.plan(tmp, ['a.c', 'b.c', 'include/a.h', 'include/b.h'], decls)
            self.assertEqual(sorted(p.shared), ['mt@sa', 'mt@sb'])
            self.assertEqual([t.reasons for t in p.shared.values()], [[], []])
            # each file is given the one whose struct it names
            self.assertEqual(p.tables_of(p.shared, 'a.c'), ['mt@sa'])
            self.assertEqual(p.tables_of(p.shared, 'b.c'), ['mt@sb'])
            facts = p.facts(p.shared, ['a.c'])
            self.assertEqual(facts['tables']['mt@sb']['name'], 'mt')
            self.assertEqual(facts['tables']['mt@sb']['struct'], 'sb')

    def test_header_with_a_field_of_that_name_in_another_struct_does_not_block(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'include/a.h', 'struct sa { struct hlist_head mt[8]; };\n')
            put(tmp, 'include/o.h', 'struct other {\n\tunsigned int *mt;\n};\n')
            put(tmp, 'a.c', '#include <a.h>\nvoid f(struct sa *x) { hlist_empty(&x->mt[1]); }\n')
            put(tmp, 'o.c', '#include <o.h>\nint g(struct other *o) { return o->mt[0]; }\n')
            decls = sources.scan_declarations('include/a.h', get(tmp, 'include/a.h'))
            files = ['a.c', 'o.c', 'include/a.h', 'include/o.h']
            t = shared.plan(tmp, files, decls).shared['mt']
            self.assertEqual(t.reasons, [])
            # o.c does not include a.h: its mt is another struct's
            self.assertEqual(t.files, ['a.c'])
            # a macro there may be a use of it where a file has both headers
            put(tmp, 'include/o.h', 'struct other {\n\tunsigned int *mt;\n};\n'
                                    '#define MT_OF(o) ((o)->mt)\n')
            t = shared.plan(tmp, files, decls).shared['mt']
            self.assertEqual(t.reasons, [])
            put(tmp, 'x.c', '#include <a.h>\n#include <o.h>\nint h(struct sa *s);\n')
            includes.forget(tmp)
            t = shared.plan(tmp, files, decls).shared['mt']
            self.assertEqual(t.reasons, ['named in header include/o.h, which is not converted '
                                         '(line 4: not inside a static inline function)'])

    def test_unit_that_cannot_include_the_header_has_no_use_of_the_member(self):
        # vxlan's sock_list (drivers/net/vxlan/vxlan_private.h) beside geneve.c, whose
        # struct geneve_net has a list_head of that name and which cannot include it
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'include/a.h', 'struct sa { struct hlist_head mt[8]; };\n')
            put(tmp, 'a.c', '#include <a.h>\nvoid f(struct sa *x) { hlist_empty(&x->mt[1]); }\n')
            put(tmp, 'g.c', 'struct gn { struct list_head mt; };\n'
                            'void g(struct gn *n) { INIT_LIST_HEAD(&n->mt); }\n')
            decls = sources.scan_declarations('include/a.h', get(tmp, 'include/a.h'))
            files = ['a.c', 'g.c', 'include/a.h']
            includes.forget(tmp)
            self.assertEqual(shared.plan(tmp, files, decls).shared['mt'].files, ['a.c'])
            # a unit another file includes may be part of one that includes a.h
            put(tmp, 'w.c', '#include <a.h>\n#include "g.c"\n')
            includes.forget(tmp)
            self.assertEqual(shared.plan(tmp, files + ['w.c'], decls).shared['mt'].files,
                             ['a.c', 'g.c'])

    def test_file_with_its_own_variable_of_the_name_has_no_use_of_the_member(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'include/a.h', 'struct sa { struct hlist_head mt[8]; };\n')
            put(tmp, 'a.c', '#include <a.h>\nvoid f(struct sa *x) { hlist_empty(&x->mt[1]); }\n')
            put(tmp, 'v.c', 'static struct hlist_head *mt;\nint g(int k) { return !!mt[k].first; }\n')
            decls = sources.scan_declarations('include/a.h', get(tmp, 'include/a.h'))
            files = ['a.c', 'v.c', 'include/a.h']
            t = shared.plan(tmp, files, decls).shared['mt']
            self.assertEqual((t.files, t.reasons), (['a.c'], []))
            # offsetof(struct sa, mt) names the member: w.c is a file of the table
            put(tmp, 'w.c', '#include <a.h>\nstatic int mt[4];\n'
                            'size_t h(void) { return offsetof(struct sa, mt) + mt[0]; }\n')
            includes.forget(tmp)
            t = shared.plan(tmp, files + ['w.c'], decls).shared['mt']
            self.assertEqual(t.files, ['a.c', 'w.c'])
            # ARRAY_SIZE() takes an expression: its own array, as speakup's rs_table beside
            # the ipvs member; a macro of the file might make it a member, though
            put(tmp, 'u.c', '#include <a.h>\nstatic const int mt[] = { 1, 2 };\nint n = ARRAY_SIZE(mt);\n')
            includes.forget(tmp)
            t = shared.plan(tmp, files + ['u.c'], decls).shared['mt']
            self.assertEqual(t.files, ['a.c', 'w.c'])
            put(tmp, 'u.c', '#include <a.h>\nstatic const int mt[] = { 1, 2 };\nint n = MEMBER_OF(mt);\n')
            shared._OWN.clear()
            includes.forget(tmp)
            t = shared.plan(tmp, files + ['u.c'], decls).shared['mt']
            self.assertEqual(t.files, ['a.c', 'u.c', 'w.c'])

    def test_paste_that_cannot_spell_the_name_is_harmless(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'a.c', 'int node;\n#define H(p, b) ((p)->htable##b)\n')
            # htable## starts its token: it cannot end node_htable
            self.assertEqual(sources.pasted_names(tmp, ['node_htable']), {})
            # nor can node##b, beside an i and a hashtable, spell inode_hashtable
            # (lib/842/842_compress.c and the fat and exfat tables of Linux 6.1)
            put(tmp, 'a.c', 'int i;\n#include <linux/hashtable.h>\n#define N(p, b) ((p)->node##b)\n')
            self.assertEqual(sources.pasted_names(tmp, ['inode_hashtable']), {})
            # with a paste before it too, it can
            put(tmp, 'a.c', 'int i, hashtable;\n#define N(a, b) a##node##b\n')
            self.assertEqual(sources.pasted_names(tmp, ['inode_hashtable']), {'inode_hashtable': 'a.c'})
            put(tmp, 'a.c', '#define H(p, b) ((p)->b##htable)\nint x = H(q, node_);\n')
            self.assertEqual(sources.pasted_names(tmp, ['node_htable']), {'node_htable': 'a.c'})
            # a token pasted after a literal piece starts with it (powerpc's EVENT_VAR() beside
            # a comment that says "by" and ionic's by_id): the parameter _id is no literal
            put(tmp, 'a.c', '/* by */\n#define EV(_id, _s) \\\n\tattr_##_id##_s\n')
            self.assertEqual(sources.pasted_names(tmp, ['by_id']), {})
            for spelling in ('#define EV(x) by ## \\\n\t_id\n', '#define EV(x) x##_id\n',
                             '#define EV(x) by /* c */ ## _id\n', '#define EV(a, s...) by##s\n',
                             '#define EV(x) by ## (x)\n'):
                put(tmp, 'a.c', '/* by, id */\n' + spelling)
                self.assertEqual(sources.pasted_names(tmp, ['by_id']), {'by_id': 'a.c'}, spelling)
            put(tmp, 'a.c', 'int by;\n#define EV(f, ...) f(by, ## __VA_ARGS__) + _id##_x\n')
            self.assertEqual(sources.pasted_names(tmp, ['by_id']), {})

    def test_paste_in_a_unit_that_cannot_see_the_struct_is_harmless(self):
        # ionic's by_id beside amdgpu's mm ## block ## id ## _ ## reg_name: a .c file that
        # cannot include the struct's header pastes no use of its member
        paste = 'int by;\n#define EV(x) x ## _id\n'
        reason = '%s may spell the name with ## (token pasting), where no search can find it'
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'include/a.h', 'struct sa { struct hlist_head by_id[8]; };\n')
            put(tmp, 'a.c', '#include <a.h>\nvoid f(struct sa *x) { hlist_empty(&x->by_id[1]); }\n')
            decls = sources.scan_declarations('include/a.h', get(tmp, 'include/a.h'))
            files = ['a.c', 'include/a.h']
            for extra, reasons in (({'z.c': paste}, []),
                                   ({'z.c': '#include <a.h>\n' + paste}, [reason % 'z.c']),
                                   ({'z.c': paste, 'z.h': paste}, [reason % 'z.h'])):
                for rel, text in extra.items():
                    put(tmp, rel, text)
                includes.forget(tmp)
                with self.subTest(extra):
                    self.assertEqual(shared.plan(tmp, files, decls).shared['by_id'].reasons,
                                     reasons)

    def test_one_walk_finds_what_three_searches_find(self):
        # shared.analyse() reads the lines of one search_lines() where files_naming(),
        # defined_names() and pasted_names() each searched the tree
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'a.c', 'int by, _id;\n#define EV(x) by ## _id\nint f(void) { return get_tab(1) + get_tabx(2); }\n')
            put(tmp, 'b.h', '  #  define reg other\n#define regx 1\n/* get_tab */\nx##get_tab##y;\n')
            put(tmp, 'c/d.inc', 'get_tab,get_tab(3); #define reg\n# define  tab  other2\nhash##_tab\n')
            put(tmp, 'e.S', 'call get_tab\n#define reg_alt reg\n')
            put(tmp, 'f.txt', 'get_tab ## reg\n#define reg x\n')
            words, tags, pasted = ['get_tab', 'get_tabx', 'absent'], ['reg', 'tab', 'regx'], \
                ['by_id', 'get_tab', 'hash_tab', 'tab']
            lines = sources.search_lines(tmp, [sources.word_lines(words), sources.define_lines(tags),
                                               sources.PASTE_LINES])
            self.assertEqual(sources.files_naming(tmp, words, 4, lines), sources.files_naming(tmp, words, 4))
            self.assertEqual(sources.defined_names(tmp, tags, lines), sources.defined_names(tmp, tags))
            self.assertEqual(sources.pasted_names(tmp, pasted, lines), sources.pasted_names(tmp, pasted))
            self.assertEqual(sources.defined_names(tmp, tags, lines), {'reg': 'b.h', 'regx': 'b.h',
                                                                       'tab': 'c/d.inc'})
            self.assertEqual(sorted(sources.files_naming(tmp, words, 4, lines)['get_tab']),
                             ['a.c', 'b.h', 'c/d.inc', 'e.S'])
            self.assertEqual(sources.search_lines(tmp, []), {})

    def test_plan_refuses_declaring_header_naming_it_elsewhere(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.make_tree(tmp, header=HEADER + '#define FIRST (&tbl[0])\n')
            t = self.run_plan(tmp).shared['tbl']
            self.assertEqual(t.reasons,
                             ['named in header include/demo/t.h, which is not converted '
                              '(line 8: not inside a static inline function)'])

    def test_plan_refuses_file_outside_the_paths(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.make_tree(tmp)
            t = self.run_plan(tmp, selected=['a.c', 'include/demo/t.h']).shared['tbl']
            self.assertEqual(t.reasons, ['also named in b.c, outside the paths of this run'])
            self.assertEqual(t.files, ['a.c', 'b.c'])

    def test_plan_refuses_different_sizes_and_double_definition(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.make_tree(tmp)
            put(tmp, 'b.c', B_C + 'struct hlist_head tbl[32];\n')
            t = self.run_plan(tmp).shared['tbl']
            self.assertEqual(t.reasons, ['defined 2 times in the tree',
                                         'declared with different sizes: 32, T_SIZE'])

    def test_plan_refuses_too_many_files(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.make_tree(tmp)
            for n in range(shared.MAX_FILES_PER_TABLE):
                put(tmp, 'more/m%02d.c' % n, 'int f%d(void) { return !!tbl[0].first; }\n' % n)
            t = self.run_plan(tmp).shared['tbl']
            self.assertEqual(t.reasons, ['named in %d files (more than %d to convert together)'
                                         % (shared.MAX_FILES_PER_TABLE + 2,
                                            shared.MAX_FILES_PER_TABLE)])

    # Regression (was a bug): shared._analyse refuses "extern struct hlist_head tbl[];" (an extern
    # of incomplete type, the usual C idiom) against the definition tbl[16]
    # as "declared with different sizes: , 16", an empty size in the reason.
    def test_plan_accepts_extern_without_size(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.make_tree(tmp, header=HEADER.replace('tbl[T_SIZE]', 'tbl[]'))
            t = self.run_plan(tmp).shared['tbl']
            self.assertEqual(t.reasons, [])

    # Regression (was a bug): a declaration split over lines ("extern struct hlist_head\n\ttbl[16];")
    # is recorded at the line of "struct", so shared._named_beyond_declaration
    # sees the name on the next line as a use and refuses the table as
    # "named in header ..., which is not converted".
    def test_plan_accepts_declaration_split_over_lines(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.make_tree(tmp, header=HEADER.replace('extern struct hlist_head tbl',
                                                      'extern struct hlist_head\n\ttbl'))
            t = self.run_plan(tmp).shared['tbl']
            self.assertEqual(t.reasons, [])


# --------------------------------------------------------------------------- includes

class IncludesTest(unittest.TestCase):
    def test_reaches_member_tells_a_member_from_a_variable_with_or_without_comments(self):
        reaches = includes._reaches_member
        self.assertEqual(reaches('x = p->tab[0];', 'tab'), 'code')
        self.assertEqual(reaches('x = p-> /* c */ tab[0];', 'tab'), 'code')
        self.assertEqual(reaches('x = p. // c\n  tab[0];', 'tab'), 'code')
        self.assertEqual(reaches('f(a,\n tab);', 'tab'), 'code')
        self.assertEqual(reaches('#define T(p) ((p)->tab)', 'tab'), 'macro')
        self.assertEqual(reaches('#define F tab', 'tab'), 'macro')
        self.assertIsNone(reaches('u32 tab; tab = 1; /* tab */', 'tab'))
        self.assertIsNone(reaches('int tab = 0; // p->\nx = tab;', 'tab'))

    """Which files can see a struct: the include graph, and the names of its type."""

    def test_typed_names_of_a_header(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'lib/g.h', 'extern struct reg *the_reg;\n#define CUR_REG (the_reg)\n'
                                'typedef struct reg reg_t;\nDECLARE_PER_CPU(struct reg, pcpu_reg);\n'
                                'struct reg *lookup(int id);\nint count(struct reg *param);\n')
            self.assertEqual(includes.typed_names(tmp, 'reg', ['lib/g.h']),
                             {'the_reg', 'CUR_REG', 'reg_t', 'pcpu_reg', 'lookup'})

    def tree(self, tmp):
        put(tmp, 'include/linux/s.h', 'struct s {\n\tstruct hlist_head queue[16];\n};\n'
                                      'struct other { int queue; };\n')
        put(tmp, 'include/linux/wrap.h', '#include <linux/s.h>\n')
        put(tmp, 'drv/user.c', '#include <linux/wrap.h>\nint f(struct s *p) { return !!p->queue[1].first; }\n')
        put(tmp, 'drv/plain.c', '#include <linux/other.h>\nint g(struct q *p) { return p->queue; }\n')
        put(tmp, 'include/linux/other.h', 'struct q { int queue; };\n')
        # kbuild's own -I: "s.h" is found nowhere an ordinary lookup would look
        put(tmp, 'net/kb.c', '#include "s.h"\nint h(void);\n')
        # a computed include, as trace/define_trace.h does it
        put(tmp, 'include/gen.h', '#include GEN_FILE\n')
        put(tmp, 'drv/gen_user.c', '#define GEN_FILE <linux/s.h>\n#include <gen.h>\n')
        put(tmp, 'drv/gen_other.c', '#define GEN_FILE <linux/other.h>\n#include <gen.h>\n')
        includes.forget(tmp)

    def test_seeing_follows_includes_through_headers_and_macros(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.tree(tmp)
            graph = includes.include_graph(tmp)
            self.assertEqual(sorted(graph.seeing(['include/linux/s.h'])),
                             ['drv/gen_user.c', 'drv/user.c', 'include/linux/s.h',
                              'include/linux/wrap.h', 'net/kb.c'])
            # past the limit of wanted files: too many to tell
            self.assertIsNone(graph.seeing(['include/linux/s.h'], {'drv/user.c', 'net/kb.c'}, 1))
            self.assertEqual(len(graph.seeing(['include/linux/s.h'], {'drv/user.c', 'net/kb.c'}, 2)), 5)
            included = graph.included(['drv/user.c'])
            self.assertEqual(included, ({'drv/user.c', 'include/linux/wrap.h'},
                                        ['linux/wrap.h', 'linux/s.h']))
            self.assertTrue(graph.among('include/linux/s.h', included))
            self.assertFalse(graph.among('include/linux/other.h', included))
            # what cannot be found as the compiler would may be any file of its name
            included = graph.included(['net/kb.c', 'drv/gen_other.c'])
            # (a computed include is what its macro is defined to in the unit: gen_other.c's
            # GEN_FILE; anywhere in the tree only where the unit defines it nowhere)
            self.assertEqual(sorted(included[1]), ['gen.h', 'linux/other.h', 's.h'])
            put(tmp, 'drv/gen_none.c', '#include <gen.h>\n')
            includes.forget(tmp)
            self.assertEqual(sorted(includes.include_graph(tmp).included(['drv/gen_none.c'])[1]),
                             ['gen.h', 'linux/other.h', 'linux/s.h'])
            self.assertTrue(graph.among('include/linux/s.h', included))

    def test_word_places_are_where_the_word_pattern_matches(self):
        for text, word in (('hash hashtable _hash hash_ hash', 'hash'), ('xhash\u00e9hash hash\u00e9', 'hash'),
                           ('aaa aa aaaa aa', 'aa'), ('p->q;q', 'q'), ('', 'q'), ('q', 'q'),
                           ('\u00e9q q\u0661 q1 (q)', 'q')):
            self.assertEqual(list(includes.word_places(text, word)),
                             [m.start() for m in re.finditer(r'\b%s\b' % word, text)], text)

    def test_seeing_until_all_stops_once_every_wanted_file_is_seen(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.tree(tmp)
            graph = includes.include_graph(tmp)
            whole = graph.seeing(['include/linux/s.h'])
            part = graph.seeing(['include/linux/s.h'], {'include/linux/wrap.h'}, until_all=True)
            self.assertIn('include/linux/wrap.h', part)
            self.assertLess(part, whole)
            # a wanted file that never comes: the whole set, or None past the limit
            self.assertEqual(graph.seeing(['include/linux/s.h'], {'drv/user.c', 'drv/plain.c'},
                                          until_all=True), whole)
            self.assertIsNone(graph.seeing(['include/linux/s.h'], {'drv/user.c', 'net/kb.c'}, 1,
                                           until_all=True))
            # units_seeing() keeps a unit of its own only where it cannot see the header
            self.assertEqual(includes.units_seeing(tmp, ['drv/user.c', 'drv/plain.c'],
                                                   ['include/linux/s.h'], 32), ['drv/user.c'])
            self.assertEqual(includes.units_seeing(tmp, ['drv/user.c', 'net/kb.c'],
                                                   ['include/linux/s.h'], 32),
                             ['drv/user.c', 'net/kb.c'])

    def test_seeing_past_the_limit_from_its_start(self):
        # (a review: a unit with an include no one can follow counts from the start)
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'h.h', 'struct s { int m; };\n')
            put(tmp, 'u.c', '#include MACRO\n')
            put(tmp, 'v.c', '#include "h.h"\n')
            put(tmp, 'w.c', 'int m;\n')
            includes.forget(tmp)
            graph = includes.include_graph(tmp)
            for until_all in (False, True):
                self.assertIsNone(graph.seeing(['h.h'], {'u.c', 'w.c'}, 0, until_all=until_all))
            self.assertEqual(includes.units_seeing(tmp, ['u.c', 'w.c'], ['h.h'], 0), ['u.c', 'w.c'])
            self.assertEqual(includes.units_seeing(tmp, ['u.c', 'w.c'], ['h.h'], 5), ['u.c'])

    def test_a_search_that_failed_is_made_again_through_a_pipe(self):
        with tempfile.TemporaryDirectory() as tmp:
            partial = tempfile.TemporaryFile()
            partial.write(b'a.c:#include <x')
            failed = includes._Search(subprocess.Popen(['sh', '-c', 'exit 2']), partial,
                                      ['printf', 'a.c:#include <x.h>\\n'], tmp)
            self.assertEqual(includes._output(failed), 'a.c:#include <x.h>\n')
            self.assertTrue(partial.closed)
            done = includes._Search(subprocess.Popen(['true']), tempfile.TemporaryFile(),
                                    ['false'], tmp)
            done.output.write(b'b.c:#include "y.h"\n')
            self.assertEqual(includes._output(done), 'b.c:#include "y.h"\n')

    def test_forget_drops_the_include_folders_found(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'drv/a.c', '')
            self.assertEqual(sources.include_dirs(tmp, 'drv/a.c'), [])
            put(tmp, 'drv/include/x.h', '')
            includes.forget(tmp)
            self.assertEqual(sources.include_dirs(tmp, 'drv/a.c'), ['drv/include'])

    def test_an_include_line_that_does_not_show_its_target_may_include_anything(self):
        with tempfile.TemporaryDirectory() as tmp:
            odd = {'a.c': '/* c */ #include "x.h"\n', 'b.c': '# /* c */ include "x.h"\n',
                   'c.c': '#include /* c */ "x.h"\n', 'd.c': '#include \\\n\t"x.h"\n',
                   'e.c': '#include\n', 'f.c': '#include_next // c\n<x.h>\n',
                   'g.c': '#include \t\n"x.h"\n', 'h.c': '#include \\\f\n"x.h"\n'}
            for name, text in odd.items():
                put(tmp, 'drv/' + name, text)
            put(tmp, 'drv/plain.c', '#include "x.h" /* c */\n#include <y.h> // c\n')
            includes.forget(tmp)
            graph = includes.include_graph(tmp)
            self.assertEqual(sorted(graph.unknown_computed()), sorted('drv/' + n for n in odd))

    def test_typed_names_are_what_a_header_needs_to_reach_the_struct(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'include/t.h',
                'struct s;\n'
                'typedef struct s s_t;\n'
                'struct owner { struct s *owned; const struct s *const_owned; };\n'
                'struct s *get_s(int id);\n'
                'extern struct s the_s;\n'
                'int put_s(struct s *param, int other);\n'      # a parameter is no name of a header
                'struct alias_user { s_t *via_typedef; };\n'
                '#define S_OF(x) ((struct s *)(x))\n'
                'typedef struct s2 { int a; } s2_t;\n')
            names = includes.typed_names(tmp, 's', ['include/t.h'])
            self.assertEqual(sorted(names), ['S_OF', 'const_owned', 'get_s', 'owned', 's_t',
                                             'the_s', 'via_typedef'])
            self.assertEqual(includes.typed_names(tmp, 's2', ['include/t.h']), {'s2_t'})
            # the globals of a unit, not the locals of its functions
            put(tmp, 'u.c', 'static struct s *current_s;\n'
                            'int f(void) { struct s *local = 0; return !!local; }\n')
            self.assertEqual(includes.typed_names(tmp, 's', [], ['u.c']), {'current_s'})

    def test_files_seeing_the_struct(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.tree(tmp)
            put(tmp, 'include/linux/walk.h', 'static inline int w(struct q *p) { return p->queue; }\n')
            put(tmp, 'include/linux/getter.h', 'struct s *get_s(void);\n')
            put(tmp, 'include/linux/uses_getter.h',
                'static inline int u(void) { return !!get_s()->queue[0].first; }\n')
            put(tmp, 'arch/entry.S', 'queue: .long 0\n')
            # not units: drv/whole.c has part.c (kept: its includer's locals may be of the
            # struct), drv/apart.c has other.c (dropped: no file that includes it sees s.h)
            put(tmp, 'drv/part.c', 'int x(void) { return !!cur->queue[0].first; }\n')
            put(tmp, 'drv/whole.c', '#include <linux/s.h>\nstatic struct s *cur;\n#include "part.c"\n')
            put(tmp, 'drv/other.c', 'int y(void) { return q->queue; }\n')
            put(tmp, 'drv/apart.c', '#include <linux/other.h>\nstatic struct q *q;\n#include "other.c"\n')
            files = ['arch/entry.S', 'drv/gen_user.c', 'drv/other.c', 'drv/part.c', 'drv/plain.c', 'drv/user.c',
                     'include/linux/other.h', 'include/linux/s.h',
                     'include/linux/uses_getter.h', 'include/linux/walk.h', 'net/kb.c']
            includes.forget(tmp)
            self.assertEqual(includes.files_seeing_struct(tmp, 's', 'queue', ['include/linux/s.h'],
                                                          files, 32),
                             ['drv/gen_user.c', 'drv/part.c', 'drv/user.c',
                              'include/linux/s.h', 'net/kb.c', 'include/linux/uses_getter.h'])
            # and so does units_seeing(); a fragment of a fragment is followed up
            put(tmp, 'drv/inner.c', 'int z(void) { return cur->queue[1].first != 0; }\n')
            put(tmp, 'drv/part.c', '#include "inner.c"\n')
            put(tmp, 'drv/deep.c', 'int v(void) { return q->queue; }\n')
            put(tmp, 'drv/other.c', '#include "deep.c"\n')
            includes.forget(tmp)
            self.assertEqual(includes.units_seeing(tmp, ['drv/deep.c', 'drv/inner.c', 'drv/other.c',
                                                         'drv/part.c', 'drv/plain.c'],
                                                   ['include/linux/s.h'], 32),
                             ['drv/inner.c', 'drv/part.c'])
            # a fragment included by a macro's name (#define SRC "x.c" / #include SRC)
            put(tmp, 'drv/by_name.c', 'int w(void) { return cur->queue[1].first != 0; }\n')
            put(tmp, 'drv/named.c', '#include <linux/s.h>\n#define SRC "by_name.c"\n#include SRC\n')
            includes.forget(tmp)
            self.assertEqual(includes.units_seeing(tmp, ['drv/by_name.c', 'drv/deep.c'],
                                                   ['include/linux/s.h'], 32), ['drv/by_name.c'])
            # more .c files than the limit include it: None, the caller keeps them all
            self.assertIsNone(includes.files_seeing_struct(tmp, 's', 'queue', ['include/linux/s.h'],
                                                           files, 2))

    # Found by a review: each of these files reaches struct s's member, and was dropped
    # by a first version of the narrowing (the table would convert while it masks)
    REACHING = {
        'include_next': {'wrap/d.h': '#include_next <d.h>\n',
                         'drv/y.c': '#include "../wrap/d.h"\nint y(struct s *p) { return !!p->T[3].first; }\n'},
        'unknown computed include': {'drv/y.c': '#define HDR(x) <x.h>\n#include HDR(d)\n'
                                                'int y(struct s *p) { return !!p->T[3].first; }\n'},
        'crlf define': {'drv/sel.h': '#define D_HDR <d.h>\r\n', 'drv/gen.h': '#include D_HDR\n',
                        'drv/y.c': '#include "sel.h"\n#include "gen.h"\nint y(struct s *p) { return !!p->T[3].first; }\n'},
        'makefile -include': {'drv/Makefile': 'ccflags-y += -include $(srctree)/include/d.h\n',
                              'drv/y.c': 'int y(struct s *p) { return !!p->T[3].first; }\n'},
        'generic-y': {'include/asm-generic/d.h': '#include <d.h>\n',
                      'drv/y.c': '#include <asm/d.h>\nint y(struct s *p) { return !!p->T[3].first; }\n'},
        '.x includer': {'drv/hdrs.x': '#include <d.h>\n',
                        'drv/y.c': '#include "hdrs.x"\nint y(struct s *p) { return !!p->T[3].first; }\n'},
        'header include in a body': {
            'drv/h.h': 'return !!p->T[3].first;\n',
            'drv/y.c': '#include <d.h>\nint y(struct s *p)\n{\n#include "h.h"\n}\n'},
        'fragment': {'drv/body.inc': 'return !!p->T[3].first;\n',
                     'drv/y.c': '#include <d.h>\nint y(struct s *p)\n{\n#include "body.inc"\n}\n'},
        'typedef in another header': {
            'include/td.h': '#include <d.h>\ntypedef struct s s_t;\n',
            'include/g.h': 'extern s_t *gs;\n',
            'include/h.h': 'static inline int h(void) { return !!gs->T[3].first; }\n',
            'drv/y.c': '#include <td.h>\n#include <g.h>\n#include <h.h>\n'},
        'function pointer field': {
            'include/ops.h': 'struct s;\nstruct ops { struct s *(*get)(void); };\n',
            'include/h.h': 'static inline int h(struct ops *o) { return !!o->get()->T[3].first; }\n',
            'drv/y.c': '#include <d.h>\n#include <ops.h>\n#include <h.h>\n'},
        'second declarator': {
            'drv/h.h': 'static inline int h(void) { return !!b->T[3].first; }\n',
            'drv/y.c': '#include <d.h>\nstatic struct s *a, *b;\n#include "h.h"\n'},
        'typeof': {
            'drv/h.h': 'static inline int h(void) { return !!gs->T[3].first; }\n',
            'drv/y.c': '#include <d.h>\nstatic typeof(struct s) *gs;\n#include "h.h"\n'},
        'comment after ->': {
            'include/h.h': 'struct s *get_s(void);\n'
                           'static inline int h(void) { return !!get_s()->/* b */T[3].first; }\n',
            'drv/y.c': '#include <d.h>\n#include <h.h>\n'},
    }

    def test_every_way_to_reach_the_member_keeps_the_file(self):
        for shape, tree in self.REACHING.items():
            with self.subTest(shape), tempfile.TemporaryDirectory() as tmp:
                put(tmp, 'include/d.h', 'struct s {\n\tstruct hlist_head T[16];\n};\n')
                put(tmp, 'include/o.h', 'struct q { int T; };\n')
                put(tmp, 'drv/x.c', '#include <d.h>\nint x(struct s *p) { return !!p->T[1].first; }\n')
                for rel, text in tree.items():
                    put(tmp, rel, text)
                includes.forget(tmp)
                files = sorted(sources.files_naming(tmp, ['T'])['T'])
                kept = includes.files_seeing_struct(tmp, 's', 'T', ['include/d.h'], files, 32)
                users = [f for f in files if f != 'include/o.h' and f != 'include/d.h']
                self.assertTrue(kept is None or set(users) <= set(kept), (users, kept))

    def test_a_macro_reaches_the_member_only_as_a_member(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'include/d.h', 'struct s {\n\tstruct hlist_head T[16];\n};\n')
            put(tmp, 'include/o.h', 'struct q { int T; };\n')
            put(tmp, 'include/field.h', '#define DECLARE_T u32 T; u32 len\n')      # a field
            put(tmp, 'include/access.h', '#define BUCKET(p, k) (&(p)->T[(k) & 15])\n')
            put(tmp, 'include/alias.h', '#define MEMBER T\n')                    # p->MEMBER
            put(tmp, 'drv/x.c', '#include <d.h>\n#include <field.h>\n#include <access.h>\n'
                                '#include <alias.h>\nint x(struct s *p) { return !!p->T[1].first; }\n')
            includes.forget(tmp)
            files = sorted(sources.files_naming(tmp, ['T'])['T'])
            kept = includes.files_seeing_struct(tmp, 's', 'T', ['include/d.h'], files, 32)
            self.assertEqual(sorted(kept), ['drv/x.c', 'include/access.h', 'include/alias.h',
                                            'include/d.h'])

    def test_a_common_member_name_is_narrowed_to_the_files_of_its_struct(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'include/s.h', 'struct s { struct hlist_head queue[16]; };\n')
            put(tmp, 'include/q.h', 'struct q { int queue; };\n'
                                    'static inline int qlen(struct q *q) { return q->queue; }\n')
            put(tmp, 'user.c', '#include <s.h>\nint f(struct s *p) { return !!p->queue[1].first; }\n')
            for n in range(shared.MAX_FILES_PER_TABLE + 8):
                put(tmp, 'other/o%02d.c' % n, '#include <q.h>\nint g%d(struct q *p) { return p->queue; }\n' % n)
            decls = sources.scan_declarations('include/s.h', get(tmp, 'include/s.h'))
            t = shared.plan(tmp, ['user.c', 'include/s.h'], decls).shared['queue']
            self.assertEqual((t.reasons, t.files), ([], ['user.c']))
            # files that do include its header count
            for n in range(shared.MAX_FILES_PER_TABLE):
                put(tmp, 'more/m%02d.c' % n, '#include <s.h>\nint h%d(struct s *p) { return !!p->queue[0].first; }\n' % n)
            includes.forget(tmp)
            t = shared.plan(tmp, ['user.c', 'include/s.h'], decls).shared['queue']
            self.assertEqual(len(t.reasons), 1)
            self.assertTrue(t.reasons[0].startswith('named in '), t.reasons)


class TypedWordsTest(unittest.TestCase):
    """includes._Typed finds what the pattern TYPED = \\bstruct\\s+S\\b|\\b(?:NAME|...)\\b
    finds, followed by each part the declaration reader puts after it."""

    TEXTS = [
        'struct s *a; struct s_t b; s_t *c, *d; struct sx *e; typedef struct s s_t;',
        'struct foo *x; foo y; struct  s\n*(*fn)(void); int s_tail; s_t2 z; xstruct s *n;',
        'DECLARE_PER_CPU(struct s, cpu_s); DEF( s_t *, many); f(s_t, g, h); (  s_t ,k)',
        'struct struct_s; struct s; struct s s; s_t s_t; xs_t y; s_tx y; 9s_t w; s_t',
        '#define S_TYPE struct s\n#define P_TYPE s_t *\n#define NOT (s_t) x\n',
        'const struct s *const p, *q = 0; volatile s_t __rcu *r; struct s (*tab)[4];',
        'struct\ts\t*p;  (struct s*,n) struct s\u00e9lan *u; s_t\u00e9 v; \u00e9 s_t w;',
        'typedef struct s s; s *sp; struct s s2; (struct s, s3) (s, s4)',
    ]
    NAME_SETS = [set(), {'s_t'}, {'s_t', 'foo', 'struct'}, {'s_t', 'y', 'cpu_s', 'x'}, {'s', 's_t'}]

    @staticmethod
    def reference(names):
        words = '|'.join(sorted(re.escape(n) for n in names))
        return r'(?:\bstruct\s+s\b%s)' % (r'|\b(?:%s)\b' % words if words else '')

    def test_places_and_what_follows_agree_with_the_pattern(self):
        rests = [includes._DECLARATOR_RE, includes._MACRO_ARGUMENT_RE, includes._TYPE_ONLY_RE]
        for text in self.TEXTS:
            for names in self.NAME_SETS:
                typed = includes._Typed('s', set(names))
                ref = self.reference(names)
                self.assertEqual(typed.search(text), bool(re.search(ref, text)), (text, names))
                for rest in rests:
                    want = [(m.start(), m.end()) for m in re.finditer(ref + rest.pattern, text)]
                    got = [(at, m.end()) for at, m in typed.finditer(text, rest)]
                    self.assertEqual(got, want, (text, names, rest.pattern))
                    # the macro argument reader: ( before the place, as \(\s*TYPED
                    want = [m.group(1) for m in re.finditer(r'\(\s*' + ref + rest.pattern, text)
                            if m.lastindex]
                    if rest is includes._MACRO_ARGUMENT_RE:
                        found = set()
                        includes._declared_in('s', text, typed, found, set())
                        self.assertTrue(set(want) <= found, (text, names, want, found))
                for at in range(len(text)):
                    want = [m.end() for m in [re.compile(ref).match(text, at)] if m]
                    self.assertEqual(typed.ends(text, at)[:1], want, (text, names, at))


# --------------------------------------------------------------------------- decide

class DecideTest(unittest.TestCase):
    def test_local_converted_but_spatch_changed_nothing(self):
        recs = {'a.c': [record('t', 'a.c')]}
        out = decide.local_tables(recs, ['a.c'], [], {}, [])
        self.assertEqual(len(out), 1)
        self.assertEqual((out[0].name, out[0].verdict, out[0].reasons, out[0].files),
                         ('t', 'skipped', ['the rule approved it but spatch changed nothing'], []))

    def test_local_converted_and_changed(self):
        recs = {'a.c': [record('t', 'a.c'), record('s', 'a.c', shared_=True)]}
        out = decide.local_tables(recs, ['a.c'], [], {'a.c': 'new'}, [])
        self.assertEqual([(t.name, t.verdict, t.files, t.bits) for t in out],
                         [('t', 'converted', ['a.c'], '4')])

    def test_local_declaration_without_record(self):
        decls = [Declaration('t', 'a.c', 7, 'static', '16'),
                 Declaration('m', 'a.c', 9, 'member', '', 'foo'),
                 Declaration('g', 'a.c', 11, 'global', '8')]    # shared: not local
        out = decide.local_tables({}, ['a.c'], decls, {}, [])
        self.assertEqual([(t.name, t.line, t.scope, t.size, t.verdict, t.reasons) for t in out],
                         [('t', 7, 'static', '16', 'skipped', [decide.NO_VERDICT % 'a.c']),
                          ('m', 9, 'member', '?', 'skipped',
                           ['a flexible array member: its number of buckets is not fixed'])])
        self.assertIn('spatch reported no verdict', out[0].reasons[0])

    def test_local_problem_message_is_the_reason(self):
        decls = [Declaration('t', 'a.c', 7, 'static', '16')]
        problems = [model.Problem('a.c', 'spatch failed: parse error')]
        out = decide.local_tables({}, ['a.c'], decls, {}, problems)
        self.assertEqual(out[0].reasons, ['spatch failed: parse error'])
        out = decide.local_tables({'a.c': [record('t', 'a.c')]}, ['a.c'], decls, {}, problems)
        self.assertEqual((out[0].verdict, out[0].reasons),
                         ('skipped', ['spatch failed: parse error']))

    def shared_table(self, files=('a.c', 'b.c'), reasons=()):
        decls = [Declaration('tbl', 'include/t.h', 3, 'extern', '16'),
                 Declaration('tbl', 'a.c', 2, 'global', '16')]
        return shared.SharedTable('tbl', 'global', decls, files=list(files), reasons=list(reasons))

    def test_index_helper_named_elsewhere_keeps_the_table(self):
        # a helper of a header whose calls the conversion writes out (sunvnet's
        # vnet_hashfn()) may pick a lock or a counter by the bucket number in a file that
        # is not one of the table's; an index of another table there is harmless (tipc's
        # tipc_hashfn() of monitor.c's peers beside node_htable)
        st = self.shared_table(files=('a.c',))
        header = 'static inline unsigned int hf(u32 k)\n{\n\treturn k & 15;\n}\n'
        uses = {'other_tab[hf(k)]': '',
                'unsigned int h = hf(k);\nhlist_empty(&other_tab[h]);': '',
                'spin_lock(&locks[hf(k)]);': 'b.c',
                'unsigned int h = hf(k);\nspin_lock(&locks[h]);': 'b.c',
                'tbl[hf(k)]': 'b.c'}
        for use, blocks in uses.items():
            with self.subTest(use), tempfile.TemporaryDirectory() as tmp:
                put(tmp, 'include/h.h', header)
                put(tmp, 'a.c', '#include <h.h>\nint f(u32 k) { return !!tbl[hf(k)].first; }\n')
                put(tmp, 'b.c', '#include <h.h>\nvoid g(u32 k)\n{\n%s\n}\n' % use)
                why = decide._helpers_named_elsewhere(tmp, st, {'helper hf', 'and'},
                                                      {'tbl', 'other_tab'})
                self.assertEqual(why and why.split(' is named in ')[1].split(' ')[0], blocks)
                # a helper that a file of the table defines static has no other caller
                put(tmp, 'a.c', 'static unsigned int hf(u32 k) { return k & 15; }\n')
                self.assertEqual(decide._helpers_named_elsewhere(tmp, st, {'helper hf'},
                                                                 {'tbl'}), '')


    def test_helper_naming_searches_once_and_what_it_lacks_is_searched_again(self):
        st = self.shared_table(files=('a.c',))
        recs = {'a.c': [record('tbl', 'a.c', shared_=True, forms=('helper hf', 'helper own'))]}
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'include/h.h', 'static inline unsigned int hf(u32 k) { return k & 15; }\n')
            put(tmp, 'a.c', '#include <h.h>\nstatic unsigned int own(u32 k) { return k & 15; }\n'
                'int f(u32 k) { return !!tbl[hf(k)].first + !!tbl[own(k)].first; }\n')
            put(tmp, 'b.c', '#include <h.h>\nvoid g(u32 k) { spin_lock(&locks[hf(k)]); }\n')
            known = {}
            naming = decide.helper_naming(tmp, recs, {'tbl': st}, known)
            # own() is static in a file of the table: no other file can call it
            self.assertEqual(naming, {'hf': ['a.c', 'b.c', 'include/h.h']})
            self.assertIs(naming, known)
            # a later round searches nothing it knows (a stale entry shows it was not)
            known['hf'] = ['include/h.h']
            self.assertEqual(decide.helper_naming(tmp, recs, {'tbl': st}, known)['hf'],
                             ['include/h.h'])
            # a naming without the helper is no proof that nothing else names it
            why = decide._helpers_named_elsewhere(tmp, st, {'helper hf'}, {'tbl'}, {})
            self.assertIn('hf() picks its buckets and is named in b.c', why)
    def test_shared_ignores_a_local_table_of_the_same_name(self):
        st = self.shared_table(files=('a.c',))
        recs = {'a.c': [record('tbl', 'a.c', scope='static')]}      # not the shared one
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'a.c', 'static struct hlist_head tbl[16];\n')
            t = decide.shared_table(tmp, st, recs, {'a.c': 'A'}, [])
        self.assertEqual(t.verdict, 'skipped')
        self.assertIn('a.c: spatch reported no verdict', t.reasons[0])

    def test_shared_all_converted(self):
        st = self.shared_table()
        recs = {'a.c': [record('tbl', 'a.c', shared_=True, bits='4', read_mostly=True,
                               keys=('p->port',),
                               accesses=dict(keyed=2, bucket_pointers=1, index_assignments=0,
                                             inits=1, emptiness_tests=0, walks=1))],
                'b.c': [record('tbl', 'b.c', shared_=True, bits='X', keys=('port',),
                               accesses=dict(keyed=3, bucket_pointers=0, index_assignments=1,
                                             inits=0, emptiness_tests=2, walks=0))]}
        with tempfile.TemporaryDirectory() as tmp:
            t = decide.shared_table(tmp, st, recs, {'a.c': 'A', 'b.c': 'B'}, [])
        self.assertEqual(t.verdict, 'converted')
        self.assertEqual(t.reasons, [])
        self.assertEqual((t.file, t.line, t.scope, t.size, t.shared), ('a.c', 2, 'global', '16', True))
        self.assertEqual(t.files, ['a.c', 'b.c'])
        self.assertEqual((t.bits, t.read_mostly), ('4', True))      # from the defining file
        self.assertEqual((t.key_widths, t.forms, t.keys), (['u32'], ['and'], ['p->port', 'port']))
        self.assertEqual(t.accesses, dict(keyed=5, bucket_pointers=1, index_assignments=1,
                                          inits=1, emptiness_tests=2, walks=1))

    def test_shared_with_a_kept_header_helper_only_through_it(self):
        # link_head() stays in its header and picks hash_min()'s bucket: every converted
        # access must have picked its bucket through it; a masked one would move away
        st = self.shared_table()
        st.kept_helpers = ['link_head() (t.h:9)']
        for forms, verdict in ((('helper link_head',), 'converted'),
                               (('helper link_head', 'and'), 'skipped'),
                               (('hash32',), 'skipped')):
            recs = {'a.c': [record('tbl', 'a.c', shared_=True, forms=forms)],
                    'b.c': [record('tbl', 'b.c', shared_=True, forms=('helper link_head',))]}
            with self.subTest(forms=forms), tempfile.TemporaryDirectory() as tmp:
                t = decide.shared_table(tmp, st, recs, {'a.c': 'A', 'b.c': 'B'}, [])
                self.assertEqual(t.verdict, verdict, t.reasons)
                self.assertEqual(t.kept_helpers, ['link_head() (t.h:9)'])
        self.assertIn('link_head() (t.h:9) stays as it is in its header, but an access picks '
                      'its bucket by hash_32() of the key: converted, it could move away from the bucket '
                      'that function picks', t.reasons)

    def test_shared_widths_differ(self):
        st = self.shared_table()
        recs = {'a.c': [record('tbl', 'a.c', shared_=True, widths=('u32',))],
                'b.c': [record('tbl', 'b.c', shared_=True, widths=('u16',))]}
        with tempfile.TemporaryDirectory() as tmp:
            t = decide.shared_table(tmp, st, recs, {'a.c': 'A', 'b.c': 'B'}, [])
        self.assertEqual(t.verdict, 'skipped')
        self.assertEqual(t.reasons, ['keys differ in width between files: u16, u32'])
        self.assertEqual(t.files, [])

    def test_shared_file_that_only_reads_buckets_by_number_needs_no_change(self):
        st = self.shared_table()
        recs = {'a.c': [record('tbl', 'a.c', shared_=True)],
                'b.c': [record('tbl', 'b.c', shared_=True, widths=(), forms=(),
                               expects_change=False)]}
        with tempfile.TemporaryDirectory() as tmp:
            t = decide.shared_table(tmp, st, recs, {'a.c': 'A'}, [])
            self.assertEqual((t.verdict, t.files), ('converted', ['a.c']))
            recs['b.c'][0]['expects_change'] = True      # spatch failed to change it
            t = decide.shared_table(tmp, st, recs, {'a.c': 'A'}, [])
            self.assertEqual(t.verdict, 'skipped')

    def test_shared_one_file_skipped(self):
        st = self.shared_table()
        recs = {'a.c': [record('tbl', 'a.c', shared_=True)],
                'b.c': [record('tbl', 'b.c', shared_=True, verdict='skipped',
                               reasons=['index "i" is not a masked or hashed key (line 5)',
                                        'not used in this file'])]}
        with tempfile.TemporaryDirectory() as tmp:
            t = decide.shared_table(tmp, st, recs, {'a.c': 'A'}, [])
        self.assertEqual(t.verdict, 'skipped')
        self.assertEqual(t.reasons, ['b.c: index "i" is not a masked or hashed key (line 5); '
                                     'not used in this file'])

    def test_shared_plan_reasons_and_problems(self):
        with tempfile.TemporaryDirectory() as tmp:
            t = decide.shared_table(tmp, self.shared_table(reasons=['exported']), {}, {}, [])
            self.assertEqual((t.verdict, t.reasons), ('skipped', ['exported']))
            recs = {'a.c': [record('tbl', 'a.c', shared_=True)], 'b.c': [record('tbl', 'b.c', shared_=True)]}
            t = decide.shared_table(tmp, self.shared_table(), recs, {'a.c': 'A'},
                                    [model.Problem('b.c', 'spatch timed out')])
            self.assertEqual(t.reasons, ['b.c: spatch timed out'])

    def test_shared_file_without_record_that_uses_the_table(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'b.c', 'int f(void) { return !!tbl[0].first; }\n')
            recs = {'a.c': [record('tbl', 'a.c', shared_=True)]}
            t = decide.shared_table(tmp, self.shared_table(), recs, {'a.c': 'A'}, [])
            self.assertEqual(t.reasons, ['b.c: ' + decide.NO_VERDICT % 'b.c'])
            # any occurrence in code may be a use (offsetof(struct s, tbl) is one)
            put(tmp, 'b.c', 'int f(struct s *p) { return p->tbl; }\n')
            t = decide.shared_table(tmp, self.shared_table(), recs, {'a.c': 'A'}, [])
            self.assertEqual(t.verdict, 'skipped')
            # only a comment names it: not a use
            put(tmp, 'b.c', '/* tbl */\nint f(void) { return 0; }\n')
            t = decide.shared_table(tmp, self.shared_table(), recs, {'a.c': 'A'}, [])
            self.assertEqual((t.verdict, t.files), ('converted', ['a.c']))

    # Regression (was a bug): decide.shared_table labels every open-coded walk with the last file
    # of st.files (the stale loop variable f), not the file whose record has it.
    def test_shared_walks_open_name_their_file(self):
        recs = {'a.c': [record('tbl', 'a.c', shared_=True, walks_open=[dict(line=10, why='it breaks early')])],
                'b.c': [record('tbl', 'b.c', shared_=True)]}
        with tempfile.TemporaryDirectory() as tmp:
            t = decide.shared_table(tmp, self.shared_table(), recs, {'a.c': 'A', 'b.c': 'B'}, [])
        self.assertEqual(t.walks_open, [dict(line=10, why='it breaks early', file='a.c')])

    def test_header_static_tables(self):
        out = decide.header_static_tables([Declaration('hs', 'x.h', 4, 'static', '8')])
        self.assertEqual([(t.name, t.file, t.line, t.verdict) for t in out],
                         [('hs', 'x.h', 4, 'skipped')])
        self.assertTrue(out[0].reasons[0].startswith('static table in a header'))


# --------------------------------------------------------------------------- report

def apply_patch(test, files, diff):
    """files: rel -> text (None: absent) in a fresh dir; applies diff with patch -p1."""
    with tempfile.TemporaryDirectory() as tmp:
        for rel, text in files.items():
            if text is not None:
                put(tmp, rel, text.encode(), binary=True)
        proc = subprocess.run(['/usr/bin/patch', '-p1', '--batch', '--fuzz=0', '-s'], cwd=tmp,
                              input=diff.encode(), stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT)
        test.assertEqual(proc.returncode, 0, proc.stdout.decode(errors='replace'))
        out = {}
        for rel in files:
            with open(os.path.join(tmp, rel), 'rb') as f:
                out[rel] = f.read().decode()
        return out


def table(name, file, verdict='converted', reasons=(), **kw):
    kw.setdefault('size', '16')
    kw.setdefault('line', 3)
    kw.setdefault('scope', 'static')
    t = model.Table(name=name, file=file, verdict=verdict, reasons=list(reasons), **kw)
    if verdict == 'converted' and not t.files:
        t.files = [file]
    return t

HELPER_H = """\
#define VNI_BITS 10
#define VNI_SIZE (1 << VNI_BITS)
struct sock_t {
	struct hlist_head vni_list[VNI_SIZE];
};
static inline struct hlist_head *vni_head(struct sock_t *s, __be32 vni)
{
	return &s->vni_list[hash_32((__force u32)vni, VNI_BITS)];
}
"""


class IncludedAfterTest(unittest.TestCase):
    """What the includes after a file's first table bring: tables they may index, and
    which of the file's macros they name."""

    MAIN = ('#define A_SIZE 16\n#define B_MASK 3\n'
            'static struct hlist_head t[A_SIZE];\n'      # line 3
            '#include "h.h"\n'                            # line 4
            'static struct hlist_head u[4];\n'            # line 5
            '#include <stdio.h>\n'                        # line 6: the system's
            '#include "quiet.h"\n')                       # line 7

    def test_tables_and_macros_named_behind_the_includes(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'd/main.c', self.MAIN)
            put(tmp, 'd/h.h', '#include "deep.h"\n/* u, A_SIZE */\n')
            put(tmp, 'd/deep.h', 'static inline int f(int k) { return k & B_MASK; }\n'
                                 '#define T_OF(k) (&t[(k) & 15])\n')
            put(tmp, 'd/quiet.h', 'int quiet(void);\n')
            got = after.included_after(tmp, 'd/main.c', [('t', 3), ('u', 5)])
            # u is declared after line 4, and comments name nothing
            self.assertEqual(got.reasons, {'t': 'line 4 includes d/h.h after its declaration, '
                                                'and d/deep.h names it: the rule reads d/main.c '
                                                'alone, and code there would keep the old buckets'})
            # the names of main.c that what each line brings in names too
            self.assertEqual(got.names, {4: ['B_MASK', 'define', 'include', 'static', 't'], 6: [],
                                         7: []})
            self.assertEqual(after.included_after(tmp, 'd/main.c', []), after.IncludedAfter())

    def test_names_in_the_macros_of_headers(self):
        text = ('#define A(x) ((x) + B + gt[0].first)\n#define M(p) ((p)->gt + offsetof(S, gt2))\n'
                '#define L \\\n\tC\nstatic struct hlist_head ht[4];\n'
                'struct s { struct hlist_head member_table[4]; };\n/* #define D E */\n')
        self.assertEqual(shared.names_in_macros(text), {'B', 'gt', 'first', 'C', 'ht'} - {'first'})
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'd/m.h', text)
            put(tmp, 'd/a.c', '#include "m.h"\nstatic struct hlist_head gt[4];\nint B, C, ht2;\n')
            self.assertEqual(shared.names_in_header_macros(tmp, 'd/a.c'), ['B', 'C', 'gt'])

    def test_what_cannot_be_read_may_use_anything(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'd/main.c', self.MAIN)
            put(tmp, 'd/h.h', '#include "gone.h"\n')
            for i in range(after._CAP + 2):
                put(tmp, 'd/q%d.h' % i, '#include "q%d.h"\n' % (i + 1))
            put(tmp, 'd/quiet.h', '#include "q0.h"\n')
            got = after.included_after(tmp, 'd/main.c', [('t', 3), ('u', 5)])
            self.assertEqual(got.names, {4: None, 6: [], 7: None})
            self.assertIn('d/h.h includes "gone.h", which is nowhere in the tree', got.reasons['t'])
            self.assertIn('more than %d files are behind it' % after._CAP, got.reasons['u'])
            # an include whose file a macro names: anything
            put(tmp, 'd/main.c', self.MAIN.replace('#include "h.h"', '#include HEADER_OF(x)'))
            put(tmp, 'd/quiet.h', '#include DEEP\n')
            got = after.included_after(tmp, 'd/main.c', [('t', 3), ('u', 5)])
            self.assertEqual(got.names, {4: None, 6: [], 7: None})
            self.assertEqual(got.reasons['t'], 'line 4 includes a file it computes after its '
                                               'declaration: it may index the table')
            self.assertIn('d/quiet.h includes a file it computes', got.reasons['u'])


class HeaderUsesTest(unittest.TestCase):
    """Which occurrences of a table in a header stay valid and equal after it converts."""

    def kinds(self, text, name='vni_list', lines=(4,), structs=('sock_t',)):
        code = sources.blank_comments_and_strings(text)
        macros = shared.object_macros(code)
        bits = header_uses.bits_texts(code.split('[')[1].split(']')[0] if lines else 'VNI_SIZE',
                                      macros)
        return [(u.kind, u.why) for u in header_uses.classify(code, name, set(lines), set(structs),
                                                             bits, macros)]

    def helper(self, body, params='struct sock_t *s, __be32 vni'):
        text = HELPER_H.split('static inline')[0]
        return text + 'static inline struct hlist_head *h(%s)\n{\n%s\n}\n' % (params, body)

    def test_bits_texts_follow_shifts_bit_and_macros(self):
        macros = {'SZ': ['(1UL << B)'], 'B': ['(A + 1)'], 'E': ['BIT(C)'], 'C': ['4']}
        self.assertEqual(header_uses.bits_texts('SZ', macros), {'B', 'A + 1'})
        self.assertEqual(header_uses.bits_texts('E', macros), {'C', '4'})
        self.assertEqual(header_uses.bits_texts('256', macros), set())

    def test_hash_32_of_a_32_bit_parameter_with_the_tables_bits_is_the_hash_min_bucket(self):
        self.assertEqual(self.kinds(HELPER_H), [('declaration', ''), ('hash_min() bucket', '')])
        # through a u32 variable set once, a literal for the bits
        self.assertEqual(self.kinds(self.helper(
            '\tu32 b = hash_32(port, 10);\n\treturn &s->vni_list[b];',
            'struct sock_t *s, unsigned int port'))[1], ('hash_min() bucket', ''))
        # hash_long() of a long: hash_min() uses hash_long() where a long has 8 bytes
        self.assertEqual(self.kinds(self.helper('return &s->vni_list[hash_long(k, VNI_BITS)];',
                                                'struct sock_t *s, unsigned long k'))[1][0],
                         'hash_min() bucket')

    def test_a_variable_of_the_members_name_is_not_the_member(self):
        code = ('struct ops { int (*find)(struct ops *hash, int k); };\n'
                'int lookup(struct other_hash *hash, unsigned long ip);\n'
                'static inline bool empty(struct other_hash *hash)\n'
                '{\n\treturn !hash || !hash->count || check(hash);\n}\n'
                '#define HASH_OF(p) ((p)->hash)\n'
                'static inline size_t off(void) { return offsetof(struct t, hash); }\n'
                'static inline int m(struct t *x) { return FIELD(x, hash); }\n'
                'static inline int n(struct t *x) { return x->hash[0].first != 0; }\n')
        uses = header_uses.classify(code, 'hash', set(), {'t'}, set(), {})
        # check(hash) may be a macro that makes it a member: only a prototype's parameter
        # and code outside every call are variables for sure
        self.assertEqual([u.line for u in uses if u.kind == header_uses.OTHER], [5, 7, 8, 9, 10])

    def test_a_member_of_another_struct_by_its_declared_type(self):
        # skb->hash beside struct t's table hash: every declaration of skb makes it another
        # struct; a function of the header, a value macro or a macro's own parameter given
        # a variable of that name: a variable, not the member
        code = ('#include <linux/hash.h>\n'
                'struct sk_buff { u32 hash; struct sk_buff *next; };\n'
                'static inline void clear(struct sk_buff *skb) { skb->hash = 0; }\n'
                'static inline void set(struct sk_buff *skb, u32 hash) { skb->hash = hash; }\n'
                'static inline void set2(struct sk_buff *skb, u32 hash) { set(skb, hash); }\n'
                'static inline void copy(struct sk_buff *to, const struct sk_buff *from)\n'
                '{\n\tto->hash = from->hash;\n}\n'
                'static inline u32 end(unsigned long hash) { return hash_long(hash, 32); }\n'
                '#define create(hash, len) ((u64)(len) << 32 | (u32)(hash))\n'
                '#define walk(q, hash) \\\n\tfor (hash = (q)->first; hash; hash = hash->next)\n'
                'static inline void odd(int (*cb)(void *), struct sk_buff *skb)\n'
                '{\n\tskb->hash = 1;\n}\n'
                'void __get_hash(const struct net *net, struct sk_buff *skb);\n'
                'static inline u32 get(struct sk_buff *skb, u32 hash)\n'
                '{\n\t__get_hash(NULL, skb);\n\tclear(skb);\n\treturn skb->hash + __get_hash(hash);\n}\n')
        self.assertEqual([u.kind for u in header_uses.classify(code, 'hash', set(), {'t'}, set(), {})],
                         [header_uses.OTHER_STRUCT] * 22)
        # still the table, or not known to be another struct's
        kept = ('struct sk_buff { u32 hash; struct sk_buff *next; };\n'
                'static inline int a(struct t *x) { return x->hash[0].first != 0; }\n'
                'static inline int b(struct sk_buff *skb, struct t *skb2) { return !!skb2->hash; }\n'
                'static inline int c(void *p) { struct sk_buff *s = p; { struct t *s = p; '
                'return !!s->hash; } }\n'
                'static inline int d(sk_buff_t *skb) { return skb->hash; }\n'
                'static inline int e(struct sk_buff *skb) { return skb->next->hash; }\n'
                'static inline int f(struct sk_buff *skb, u32 hash) { return M(skb, hash); }\n'
                'static inline int hash_long(int v, int b) { return v; }\n'
                'static inline int g(u32 hash) { return MAX(hash, 1); }\n'
                '#define MAX(a, b) ((a)->b)\n'
                '#define P(x) ((x)->hash)\n'
                # a macro given skb may declare another skb; a tag may be a macro's
                'static inline int h(struct sk_buff *skb) { WITH_T(skb); return skb->hash; }\n'
                'static inline int i(struct renamed *skb) { return skb->hash; }\n'
                '#define renamed t\n'
                'static inline int j(struct other *skb) { return skb->hash; }\n'
                'struct other { int hash; };\n'
                # (from a review) a declarator in parentheses, a typeof, a macro that
                # declares what it is not given, a declaration in a block that has ended,
                # a tag of no struct here, a macro loop taken for a definition, a macro
                # at file scope taken for a prototype
                'static inline int k(struct sk_buff *v, void *p) { { struct t *(v) = p; '
                'return v->hash[0].first != 0; } }\n'
                'static inline int l(struct sk_buff *v, void *p) { { __typeof__(cur) v = p; '
                'return v->hash != 0; } }\n'
                'static inline int n2(struct sk_buff *v, void *p) { THE_T(p); return v->hash != 0; }\n'
                'static inline int o(void) { { struct sk_buff *cur; cur = 0; } return cur->hash != 0; }\n'
                'static inline int q(struct pkt *v) { return v->hash != 0; }\n'
                'static inline int r(struct t *v, int id) { walk_bucket(s, v, hash, id) { } return 0; }\n'
                'static inline BUCKET_FN(pick, hash);\n')
        uses = header_uses.classify(kept, 'hash', set(), {'t'}, set(), {'other': ['t']})
        self.assertEqual([u.line for u in uses if u.kind == header_uses.OTHER],
                         [2, 3, 4, 5, 6, 7, 9, 11, 12, 13, 15, 17, 18, 19, 20, 21, 22, 23])

    def test_a_bucket_picked_otherwise_is_the_helpers_own(self):
        # returned whole, the bucket stays the one the function picks: it and its calls stay
        # (decide.py then lets no access pick a bucket by key)
        params = 'struct sock_t *s, u64 k, u32 vni, u8 small, bool b'
        cases = {
            # a mask is not hash_min()
            'return &s->vni_list[vni & (VNI_SIZE - 1)];': 'not the hash_min() of a key',
            # other bits
            'return &s->vni_list[hash_32(vni, 8)];': 'number of bits other than',
            # a 64-bit key: hash_min() would use hash_long()
            'return &s->vni_list[hash_32(k, VNI_BITS)];': 'not taken whole by hash_32()',
            # a fold of a 64-bit key behind a cast: the rule may hash the argument alone
            'return &s->vni_list[hash_32((u32)k ^ (u32)(k >> 32), VNI_BITS)];':
                'is not one of its parameters',
            'return &s->vni_list[hash_32((u32)(k >> 12), VNI_BITS)];': 'is not one of its parameters',
            # the cast covers the first operand only: the sum is 64 bits wide
            'return &s->vni_list[hash_32((u32)vni ^ k, VNI_BITS)];': 'is not one of its parameters',
            # a parameter narrower than what callers pass: it cuts their argument
            'return &s->vni_list[hash_32(small, VNI_BITS)];': '(u8) is not taken whole',
            'return &s->vni_list[hash_32(b, VNI_BITS)];': '(bool) is not taken whole',
            'return &s->vni_list[hash_32((u16)vni, VNI_BITS)];': 'is not taken whole',
            # the variable is changed after the hash, or cannot hold the bucket number
            'u32 h = hash_32(vni, VNI_BITS);\n\th++;\n\treturn &s->vni_list[h];': 'not set once',
            'u32 h = hash_32(vni, VNI_BITS);\n\t--h;\n\treturn &s->vni_list[h];': 'not set once',
            'u8 h = hash_32(vni, VNI_BITS);\n\treturn &s->vni_list[h];': 'not set once',
            # reached through a local, by a key the function computes (vxlan's vs_head())
            'struct sock_t *t = s;\n\treturn &t->vni_list[hash_32(ntohs(vni), VNI_BITS)];':
                'is not one of its parameters',
            'return (&s->vni_list[vni & 3]);': 'not the hash_min() of a key',
        }
        for body, why in cases.items():
            with self.subTest(body=body):
                kind, text = self.kinds(self.helper(body, params))[1]
                self.assertEqual(kind, 'bucket picked its own way')
                self.assertIn(why, text)

    def test_what_is_not_a_bucket_a_helper_returns_keeps_the_table(self):
        params = 'struct sock_t *s, u32 vni'
        helper = 'static inline %s h(%s)\n{\n\t%s\n}\n'
        cases = {
            # the table itself handed out
            ('struct hlist_head *', 'return s->vni_list;'): 'other than as E->vni_list[index]',
            # not returned: its callers do not pick the bucket
            ('void', 'hlist_add_head(n, &s->vni_list[vni & 3]);'): 'not the hash_min() of a key',
            ('bool', 'return hlist_empty(&s->vni_list[vni & 3]);'): 'not the hash_min() of a key',
            # not a bucket that is returned
            ('void *', 'return &s->vni_list[vni & 3];'): 'not the hash_min() of a key',
            ('struct hlist_node *', 'return s->vni_list[vni & 3].first;'): 'not the hash_min()',
            ('struct hlist_head *', 'return &s->vni_list[vni & 3] + 1;'): 'not the hash_min()',
            ('struct hlist_head *', 'return vni ? &s->vni_list[vni & 3] : NULL;'): 'not the',
        }
        for (ret, body), why in cases.items():
            with self.subTest(body=body):
                text = HELPER_H.split('static inline')[0] + helper % (ret, params, body)
                kind, text = self.kinds(text)[1]
                self.assertEqual(kind, 'other')
                self.assertIn(why, text)
        # defined twice (under #if): the rule would read one, the build may take the other
        twice = self.helper('return &s->vni_list[vni & 3];') + '#ifdef CONFIG_X\n' + \
            self.helper('return &s->vni_list[vni & 7];').split('};\n', 1)[1] + '#endif\n'
        self.assertEqual([k for k, _ in self.kinds(twice)], ['declaration', 'other', 'other'])

    def test_a_helper_defined_twice_under_if_keeps_the_table(self):
        # the rule reads the first body; a configuration may build the other
        text = HELPER_H + '#ifdef CONFIG_X\n' + HELPER_H.split('#define VNI_SIZE')[1].split(
            '};\n')[1] + '#endif\n'
        self.assertEqual([u for u in self.kinds(text) if u[0] == 'other'][0],
                         ('other', 'vni_head() is defined more than once'))

    def test_macros_and_other_structs_fields(self):
        text = HELPER_H + 'struct peer { int vni_list[3]; };\n#define FIRST(s) (&(s)->vni_list[0])\n'
        self.assertEqual([k for k, _ in self.kinds(text)],
                         ['declaration', 'hash_min() bucket', 'field of another struct', 'other'])

    def test_global_table_is_indexed_without_a_member_access(self):
        text = ('#define B 4\nextern struct hlist_head g[1 << B];\n'
                'static inline struct hlist_head *gh(u32 k) { return &g[hash_32(k, B)]; }\n')
        self.assertEqual(self.kinds(text, 'g', (2,), ()), [('declaration', ''),
                                                          ('hash_min() bucket', '')])

    def test_plan_takes_a_header_whose_helper_picks_the_hash_min_bucket(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'include/s.h', HELPER_H)
            put(tmp, 'a.c', '#include <s.h>\nvoid f(struct sock_t *s) { hlist_empty(&s->vni_list[1]); }\n')
            decls = sources.scan_declarations('include/s.h', get(tmp, 'include/s.h'))
            t = shared.plan(tmp, ['a.c', 'include/s.h'], decls).shared['vni_list']
            self.assertEqual(t.reasons, [])
            put(tmp, 'include/s.h', HELPER_H.replace('hash_32((__force u32)vni, VNI_BITS)',
                                                     'vni & 1023'))
            t = shared.plan(tmp, ['a.c', 'include/s.h'], decls).shared['vni_list']
            self.assertEqual((t.reasons, t.kept_helpers, t.own_bucket_helpers),
                             ([], [], ['vni_head() (include/s.h:8)']))
            put(tmp, 'include/s.h', HELPER_H.replace('return &s->vni_list[hash_32((__force u32)vni, '
                                                     'VNI_BITS)];', 'return s->vni_list;'))
            t = shared.plan(tmp, ['a.c', 'include/s.h'], decls).shared['vni_list']
            self.assertEqual(t.reasons, ['named in header include/s.h, which is not converted '
                                         '(line 8: vni_head() uses it other than as '
                                         'E->vni_list[index])'])


class ReportTest(unittest.TestCase):
    def test_unified_diff_applies(self):
        old = ''.join('line %d\n' % i for i in range(1, 21))
        new = old.replace('line 3\n', 'line three\n').replace('line 17\n', '')
        diff = report.unified_diff('dir/a.c', old, new)
        self.assertTrue(diff.startswith('diff --git a/dir/a.c b/dir/a.c\n--- a/dir/a.c\n'
                                        '+++ b/dir/a.c\n@@ -1,6 +1,6 @@\n'))
        self.assertEqual(apply_patch(self, {'dir/a.c': old}, diff), {'dir/a.c': new})

    def test_unified_diff_without_trailing_newline(self):
        cases = [('a\nb\nc', 'a\nB\nc'),       # both without: marker in context
                 ('a\nb', 'a\nb\nc\n'),        # newline added
                 ('a\nb\n', 'a\nb\nc'),        # newline removed
                 ('x\ny', 'x\nz')]
        for old, new in cases:
            diff = report.unified_diff('a.c', old, new)
            self.assertIn('\\ No newline at end of file\n', diff)
            self.assertEqual(apply_patch(self, {'a.c': old}, diff), {'a.c': new}, (old, new))

    def test_unified_diff_added_file(self):
        diff = report.unified_diff('include/linux/hashtable.h', None, '#pragma once\nint x;\n')
        self.assertTrue(diff.startswith('diff --git a/include/linux/hashtable.h '
                                        'b/include/linux/hashtable.h\nnew file mode 100644\n'
                                        '--- /dev/null\n+++ b/include/linux/hashtable.h\n'))
        self.assertEqual(apply_patch(self, {'include/linux/hashtable.h': None}, diff),
                         {'include/linux/hashtable.h': '#pragma once\nint x;\n'})

    def test_unified_diff_unchanged_is_empty(self):
        self.assertEqual(report.unified_diff('a.c', 'a\nb\n', 'a\nb\n'), '')
        self.assertEqual(report.unified_diff('a.c', 'a\nb', 'a\nb'), '')

    # Regression (was a bug): report.unified_diff splits lines with str.splitlines(), which also
    # breaks at form feeds (^L, found in C sources), \x1c-\x1e, \x85 and
    # \u2028: the hunk then counts lines patch does not see and does not apply.
    def test_unified_diff_with_form_feed_applies(self):
        old, new = 'a\n\x0c\nb\n', 'a\n\x0c\nc\n'
        diff = report.unified_diff('a.c', old, new)
        self.assertEqual(apply_patch(self, {'a.c': old}, diff), {'a.c': new})

    def test_diff_of_sorts_by_path(self):
        changes = [model.FileChange('b.c', 'x\n', 'y\n'), model.FileChange('a.c', 'x\n', 'z\n'),
                   model.FileChange('c.c', 'same\n', 'same\n')]
        diff = report.diff_of(changes)
        self.assertEqual([l for l in diff.splitlines() if l.startswith('diff --git')],
                         ['diff --git a/a.c b/a.c', 'diff --git a/b.c b/b.c'])
        self.assertEqual(apply_patch(self, {'a.c': 'x\n', 'b.c': 'x\n'}, diff),
                         {'a.c': 'z\n', 'b.c': 'y\n'})

    def test_reason_category_collapses_alike_reasons(self):
        a = report.reason_category('net/a.c: index "i" is not a masked or hashed key (line 40)')
        b = report.reason_category('index "hash(k)" is not a masked or hashed key (line 7); '
                                   'not used in this file')
        self.assertEqual(a, 'index "..." is not a masked or hashed key')
        self.assertEqual(a, b)
        c = report.reason_category('bucket count "FOO_SIZE" = 12 is not a power of two')
        d = report.reason_category('bucket count "BAR" = 100 is not a power of two')
        self.assertEqual(c, 'bucket count "..." = N is not a power of two')
        self.assertEqual(c, d)
        self.assertEqual(report.reason_category('also named in x/y.c, outside the paths of this run'),
                         'also named in FILE, outside the paths of this run')
        self.assertNotEqual(a, c)
        self.assertEqual(report.reason_category('"n & M": cannot evaluate (M is unknown) (line 12)'),
                         '"...": cannot evaluate')

    def summary(self):
        tables = [
            table('t1', 'a.c', bits='4'),
            table('t2', 'a.c', scope='global', shared=True, files=['a.c', 'b.c']),
            table('t3', 'c.c', 'skipped', ['bucket count "X" = 12 is not a power of two']),
            table('t4', 'd.c', 'skipped', ['d.c: bucket count "Y" = 24 is not a power of two']),
            table('t5', 'd.c', 'skipped', ['not used in this file']),
        ]
        ok = model.Check('header', True, 'a.c')
        bad = model.Check('header', False, 'b.c', 'new warning: b.c: warning: x', ['b.c: warning: x'])
        changes = [model.FileChange('a.c', 'o', 'n', ['t1', 't2'], ok, written=True),
                   model.FileChange('b.c', 'o', 'n', ['t2'], bad),
                   model.FileChange('include/linux/hashtable.h', None, 'h')]
        problems = [model.Problem('e.c', 'spatch failed')]
        return report.Summary(tables, changes, problems, 'header', 2.34)

    def test_summary_text(self):
        self.assertEqual(self.summary().text(), '\n'.join([
            'hashtable-convert: 5 candidate tables in 3 files (2.3 s)',
            '  converted: 2 table(s); 2 file(s) changed, 1 written',
            '    a.c:3: t1 (static)',
            '    a.c:3: t2 (a.c, b.c)',
            '  skipped: 3 table(s)',
            '       2  bucket count "..." = N is not a power of two',
            '       1  not used in this file',
            '  checks (header): 1 passed, 1 failed',
            '    b.c: not written: new warning: b.c: warning: x',
            '  problems: 1',
            '    e.c: spatch failed',
        ]) + '\n')

    def test_summary_json(self):
        j = self.summary().json()
        self.assertEqual(j['counts'], dict(
            tables=5, converted=2, skipped=3, declared=0, files_changed=2, checks_failed=1,
            skipped_by_reason={'bucket count "..." = N is not a power of two': 2,
                               'not used in this file': 1}))
        self.assertEqual([(f['path'], f['added'], f['written']) for f in j['files']],
                         [('a.c', False, True), ('b.c', False, False),
                          ('include/linux/hashtable.h', True, False)])
        self.assertEqual(j['files'][1]['check']['new_warnings'], ['b.c: warning: x'])
        self.assertEqual(j['problems'], [dict(path='e.c', message='spatch failed')])
        self.assertEqual((j['check'], j['seconds']), ('header', 2.3))
        self.assertEqual([t['name'] for t in j['tables']], ['t1', 't2', 't3', 't4', 't5'])
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, 'out.json')
            report.write_json(path, self.summary())
            import json
            with open(path) as f:
                self.assertEqual(json.load(f)['counts']['converted'], 2)

    def test_summary_text_without_checks(self):
        s = report.Summary([], [model.FileChange('a.c', 'o', 'n')], [], 'none', 0.0)
        self.assertIn('  checks: none (use --check to compile the result; ', s.text())
        self.assertIn('  converted: 0 table(s); 1 file(s) changed\n', s.text())

    def test_progress(self):
        stream = io.StringIO()
        p = report.Progress(stream, enabled=True)
        p('step 1')
        p('step 2')
        p.done()
        p.done()             # nothing shown since: writes nothing
        self.assertEqual(stream.getvalue(), '\r\033[Kstep 1\r\033[Kstep 2\r\033[K')
        quiet = io.StringIO()
        q = report.Progress(quiet)          # a StringIO is no terminal
        q('x')
        q.done()
        self.assertEqual(quiet.getvalue(), '')

    def test_progress_shows_elapsed_time_of_a_long_step(self):
        stream = io.StringIO()
        p = report.Progress(stream, enabled=True)
        p('spatch: 3 file(s)')
        time.sleep(3.2)
        p.done()
        # painted about once a second (on a busy machine, the last paint may say 2 s)
        self.assertRegex(stream.getvalue(), r'spatch: 3 file\(s\) \([23] s\)')


# --------------------------------------------------------------------------- patches

def git(cwd, *args, env=None):
    proc = subprocess.run(['git'] + list(args), cwd=cwd, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, universal_newlines=True, env=env)
    if proc.returncode != 0:
        raise AssertionError('git %s: %s' % (' '.join(args), proc.stdout))
    return proc.stdout


OLD_A = 'static struct hlist_head t1[16];\nstatic struct hlist_head t2[16];\nint a;\n'
NEW_A = 'static DEFINE_HASHTABLE(t1, 4);\nstatic DEFINE_HASHTABLE(t2, 4);\nint a;\n'
OLD_B = 'static struct hlist_head t3[32];\nint b;'
NEW_B = 'static DEFINE_HASHTABLE(t3, 5);\nint b;'


class PatchesTest(unittest.TestCase):
    def test_subsystem(self):
        for path, expected in (('net/9p/error.c', '9p'), ('kernel/bpf/trampoline.c', 'bpf'),
                               ('drivers/vhost/vdpa.c', 'vhost'), ('fs/lockd/svc.c', 'lockd'),
                               ('tools/perf/util/srccode.c', 'perf/util'),
                               ('drivers/net/ethernet/intel/e1000/e1000_main.c', 'e1000'),
                               ('kernel/fork.c', 'kernel'), ('lib/rhashtable.c', 'lib'),
                               ('a.c', 'a')):
            self.assertEqual(patches.subsystem(path), expected, path)

    # Regression (was a bug): patches.subsystem drops 'net' before looking at the generic
    # directory, so net/core/dev.c gets the prefix 'core' (kernel: "net:").
    def test_subsystem_of_generic_directory_keeps_its_parent(self):
        self.assertIn(patches.subsystem('net/core/dev.c'), ('net', 'net/core'))

    def tables(self):
        common = dict(bits='4', forms=['and'], keys=['k'], key_widths=['u32'],
                      accesses=dict(keyed=2, inits=1))
        return [table('t1', 'drivers/foo/a.c', **common),
                table('t2', 'drivers/foo/a.c', walks_open=[dict(line=9, why='it breaks early')],
                      **common),
                table('t3', 'drivers/foo/b.c', **dict(common, bits='5', size='32')),
                table('t4', 'drivers/foo/c.c', 'skipped', ['not used in this file'])]

    def changes(self):
        return [model.FileChange('drivers/foo/a.c', OLD_A, NEW_A, ['t1', 't2']),
                model.FileChange('drivers/foo/b.c', OLD_B, NEW_B, ['t3'])]

    def test_describe(self):
        t = self.tables()[1]
        text = patches.describe(t)
        self.assertTrue(text.startswith('Convert t2, an array of 16 (2^4) struct hlist_head, to '
                                        'DEFINE_HASHTABLE(t2, 4).\nConverted: 2 keyed access(es) '
                                        'become hash_add()/hash_for_each_possible*(); 1 init '
                                        'loop(s) dropped or turned into hash_init().\n'), text)
        self.assertIn('by masking the key (k & (N - 1)), with the key k (u32) at every site', text)
        self.assertNotIn('bucket pointer(s) folded', text)     # counts of zero are left out
        self.assertIn('- the walk at line 9 stays open-coded: it breaks early.', text)

    def test_describe_member_says_whether_its_field_changed(self):
        t = table('m', 'a.c', bits='4', forms=['and'], keys=['k'], key_widths=['u32'],
                  accesses=dict(keyed=2), scope='member')
        self.assertIn('The declaration stays', patches.describe(t))
        t.declared = True
        text = patches.describe(t)
        self.assertTrue(text.startswith('Convert m, a struct member of 16 (2^4) buckets, to '
                                        'DECLARE_HASHTABLE(m, 4).'), text)
        self.assertNotIn('The declaration stays', text)

    def test_describe_mixed_hash_64_and_hash_long(self):
        t = table('t', 'a.c', bits='4', forms=['hash64', 'hashlong'], keys=['ino'],
                  key_widths=['long'], accesses=dict(keyed=2))
        text = patches.describe(t)
        self.assertIn('some sites hashed with hash_64() and others with hash_long()', text)
        self.assertIn('a fix on 32-bit, no change on 64-bit', text)
        self.assertNotIn('hash_64() and others', patches.describe(self.tables()[0]))

    def test_series_groups_tables_of_one_file_header_first(self):
        header = model.FileChange('include/linux/hashtable.h', None, '#pragma once\n')
        out = patches.series('/nonexistent', self.tables(), self.changes(), 'header', header)
        self.assertEqual([s for s, _, _ in out],
                         ['hashtable: add the generic hashtable.h API',
                          'foo: use hashtable.h for t1, t2',
                          'foo: use hashtable.h for t3'])
        self.assertTrue(out[0][2].startswith('diff --git a/include/linux/hashtable.h'))
        self.assertEqual(out[1][2], report.unified_diff('drivers/foo/a.c', OLD_A, NEW_A))
        self.assertIn('t1, an array of 16', out[1][1])
        self.assertIn('t2, an array of 16', out[1][1])
        self.assertNotIn('t3', out[1][1])
        self.assertTrue(' '.join(out[1][1].split()).endswith(
            'the result was checked with --check header.'), out[1][1])
        self.assertTrue(all(len(l) <= 72 for _, body, _ in out for l in body.splitlines()))

    def test_series_shared_table_joins_files(self):
        tables = self.tables()[:3]
        tables.append(table('tbl', 'drivers/foo/b.c', scope='global', shared=True, bits='4',
                            files=['drivers/foo/b.c', 'drivers/foo/a.c']))
        out = patches.series('/nonexistent', tables, self.changes(), 'none', None)
        self.assertEqual([s for s, _, _ in out], ['foo: use hashtable.h for t1, t2, t3, tbl'])
        self.assertEqual(out[0][2], report.unified_diff('drivers/foo/a.c', OLD_A, NEW_A) +
                         report.unified_diff('drivers/foo/b.c', OLD_B, NEW_B))

    def test_write_series_applies_with_git_am(self):
        with tempfile.TemporaryDirectory() as tmp:
            repo = os.path.join(tmp, 'repo')
            env = dict(os.environ, GIT_COMMITTER_NAME='Tester', GIT_COMMITTER_EMAIL='t@example.org',
                       GIT_AUTHOR_NAME='Tester', GIT_AUTHOR_EMAIL='t@example.org',
                       HOME=tmp, GIT_CONFIG_NOSYSTEM='1')
            os.makedirs(repo)
            git(repo, 'init', '-q', env=env)
            git(repo, 'config', 'user.name', 'Patch Author', env=env)
            git(repo, 'config', 'user.email', 'author@example.org', env=env)
            put(repo, 'drivers/foo/a.c', OLD_A)
            put(repo, 'drivers/foo/b.c', OLD_B)
            git(repo, 'add', '.', env=env)
            git(repo, 'commit', '-q', '-m', 'old', env=env)
            header = model.FileChange('include/linux/hashtable.h', None, '#pragma once\n')
            names = patches.write_series(os.path.join(tmp, 'out'), repo, self.tables(),
                                         self.changes(), 'header', header)
            self.assertEqual([os.path.basename(n) for n in names],
                             ['0001-hashtable-add-the-generic-hashtable.h-API.patch',
                              '0002-foo-use-hashtable.h-for-t1-t2.patch',
                              '0003-foo-use-hashtable.h-for-t3.patch'])
            git(repo, 'am', '-q', *names, env=env)
            self.assertEqual(get(repo, 'drivers/foo/a.c'), NEW_A)
            self.assertEqual(get(repo, 'drivers/foo/b.c'), NEW_B)
            self.assertEqual(get(repo, 'include/linux/hashtable.h'), '#pragma once\n')
            log = git(repo, 'log', '--format=%an <%ae>|%s', env=env).splitlines()
            self.assertEqual(log, ['Patch Author <author@example.org>|foo: use hashtable.h for t3',
                                   'Patch Author <author@example.org>|foo: use hashtable.h for t1, t2',
                                   'Patch Author <author@example.org>|hashtable: add the generic '
                                   'hashtable.h API',
                                   'Tester <t@example.org>|old'])
            self.assertEqual(git(repo, 'status', '--porcelain', env=env), '')


# --------------------------------------------------------------------------- write

def listing(d):
    return sorted(os.listdir(d))


class WriteTest(unittest.TestCase):
    def test_write_atomic_keeps_mode(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = put(tmp, 'x.sh', 'old\n')
            os.chmod(path, 0o751)
            write.write_atomic(path, 'new\n')
            self.assertEqual(get(tmp, 'x.sh'), 'new\n')
            self.assertEqual(stat.S_IMODE(os.stat(path).st_mode), 0o751)
            self.assertEqual(listing(tmp), ['x.sh'])
            write.write_atomic(os.path.join(tmp, 'new.c'), 'n')
            self.assertEqual(stat.S_IMODE(os.stat(os.path.join(tmp, 'new.c')).st_mode), 0o644)
            self.assertEqual(listing(tmp), ['new.c', 'x.sh'])

    def test_write_atomic_refuses_read_only_file(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = put(tmp, 'ro.c', 'old\n')
            os.chmod(path, 0o444)
            with self.assertRaises(PermissionError) as cm:     # also when run as root
                write.write_atomic(path, 'new\n')
            self.assertEqual(cm.exception.filename, path)
            self.assertEqual(get(tmp, 'ro.c'), 'old\n')
            self.assertEqual(stat.S_IMODE(os.stat(path).st_mode), 0o444)
            self.assertEqual(listing(tmp), ['ro.c'])

    def test_write_atomic_failure_leaves_no_temp_file(self):
        with tempfile.TemporaryDirectory() as tmp:
            os.makedirs(os.path.join(tmp, 'dir.c'))
            with self.assertRaises(OSError):
                write.write_atomic(os.path.join(tmp, 'dir.c'), 'x')
            self.assertEqual(listing(tmp), ['dir.c'])

    def tree(self, tmp):
        put(tmp, 'a.c', 'old a\n')
        put(tmp, 'sub/b.c', 'old b\n')
        return {'a.c': 'new a\n', 'sub/b.c': 'new b\n', 'include/linux/hashtable.h': 'added\n'}

    def test_swap_restores_and_removes_added(self):
        with tempfile.TemporaryDirectory() as tmp:
            texts = self.tree(tmp)
            with write.Swap(tmp, texts):
                for rel, text in texts.items():
                    self.assertEqual(get(tmp, rel), text)
            self.assertEqual(get(tmp, 'a.c'), 'old a\n')
            self.assertEqual(get(tmp, 'sub/b.c'), 'old b\n')
            self.assertFalse(os.path.exists(os.path.join(tmp, 'include/linux/hashtable.h')))
            self.assertEqual(listing(os.path.join(tmp, 'sub')), ['b.c'])

    def test_swap_restores_when_body_raises(self):
        with tempfile.TemporaryDirectory() as tmp:
            texts = self.tree(tmp)
            with self.assertRaises(KeyboardInterrupt):
                with write.Swap(tmp, texts):
                    raise KeyboardInterrupt
            self.assertEqual(get(tmp, 'a.c'), 'old a\n')
            self.assertEqual(get(tmp, 'sub/b.c'), 'old b\n')
            self.assertFalse(os.path.exists(os.path.join(tmp, 'include/linux/hashtable.h')))

    def test_swap_keep(self):
        with tempfile.TemporaryDirectory() as tmp:
            texts = self.tree(tmp)
            with write.Swap(tmp, texts) as swap:
                swap.keep('a.c')
                swap.keep('include/linux/hashtable.h')
            self.assertEqual(get(tmp, 'a.c'), 'new a\n')
            self.assertEqual(get(tmp, 'sub/b.c'), 'old b\n')
            self.assertEqual(get(tmp, 'include/linux/hashtable.h'), 'added\n')

    def test_swap_failing_to_enter_restores_what_it_changed(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'a.c', 'old a\n')
            os.makedirs(os.path.join(tmp, 'z.c'))      # a directory where a file must go
            with self.assertRaises(OSError):
                with write.Swap(tmp, {'a.c': 'new a\n', 'z.c': 'new z\n'}):
                    self.fail('body run although the swap failed')
            self.assertEqual(get(tmp, 'a.c'), 'old a\n')
            self.assertEqual(listing(tmp), ['a.c', 'z.c'])

    # Regression (was a bug): write.Swap reads the original with sources.read_text (universal
    # newlines) and writes it back with '\n': a CRLF file is not restored
    # byte for byte (b'a\r\nb\r\n' comes back as b'a\nb\n').
    def test_swap_restores_crlf_file_exactly(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = put(tmp, 'a.c', b'a\r\nb\r\n', binary=True)
            with write.Swap(tmp, {'a.c': 'new\n'}):
                pass
            with open(path, 'rb') as f:
                self.assertEqual(f.read(), b'a\r\nb\r\n')


# --------------------------------------------------------------------------- check

class CheckTest(unittest.TestCase):
    def test_diagnostics_ignore_line_and_column(self):
        out = ('a.c: In function \'f\':\n'
               'a.c:10:5: warning: unused variable \'x\' [-Wunused-variable]\n'
               'a.c:20: warning: unused variable \'x\' [-Wunused-variable]\n'
               '/tmp/s/b.c:3:1: error: expected \';\'\n'
               'In file included from c.c:1:\n'
               'note: this is not counted\n')
        self.assertEqual(check.diagnostics(out), collections.Counter({
            ('a.c', 'warning', "unused variable 'x' [-Wunused-variable]"): 2,
            ('/tmp/s/b.c', 'error', "expected ';'"): 1}))
        self.assertEqual(set(check.diagnostics(out, strip='/tmp/s/')),
                         {('a.c', 'warning', "unused variable 'x' [-Wunused-variable]"),
                          ('b.c', 'error', "expected ';'")})
        self.assertEqual(check.diagnostics('a.c:1:1: warning: w\n'),
                         check.diagnostics('a.c:99:7: warning: w\n'))

    def test_compare_failing_before(self):
        c = check._compare('header', 'a.c', 'a.c:1:1: error: boom\n', False, '', True)
        self.assertFalse(c.passed)
        self.assertIn('before', c.message)
        self.assertTrue(c.message.endswith('a.c:1:1: error: boom'), c.message)

    def test_compare_failing_after(self):
        c = check._compare('kbuild', 'a.o', '', True, 'a.c:2:1: error: boom\n', False)
        self.assertEqual((c.mode, c.passed, c.target), ('kbuild', False, 'a.o'))
        self.assertEqual(c.message, 'build fails after the change: a.c:2:1: error: boom')

    def test_compare_new_warning(self):
        before = 'a.c:3:1: warning: old one\n'
        after = 'a.c:5:1: warning: old one\na.c:9:2: warning: unused variable \'y\'\n'
        c = check._compare('header', 'a.c', before, True, after, True)
        self.assertFalse(c.passed)
        self.assertEqual(c.new_warnings, ["a.c: warning: unused variable 'y'"])
        self.assertEqual(c.message, "new warning: a.c: warning: unused variable 'y'")

    def test_compare_same_warning_twice_after_is_new(self):
        c = check._compare('header', 'a.c', 'a.c:3:1: warning: w\n', True,
                           'a.c:3:1: warning: w\na.c:8:1: warning: w\n', True)
        self.assertEqual((c.passed, c.new_warnings), (False, ['a.c: warning: w']))

    def test_compare_moved_warnings_pass(self):
        c = check._compare('header', 'a.c', 'a.c:3:1: warning: w\nb.h:1:2: warning: v\n', True,
                           'a.c:30:9: warning: w\nb.h:1:2: warning: v\n', True)
        self.assertEqual((c.passed, c.message, c.new_warnings), (True, '', []))

    def test_check_header_compiles_before_and_after(self):
        with tempfile.TemporaryDirectory() as tmp:
            before = '#include "local.h"\nint f(void)\n{\n\treturn LOCAL;\n}\n'
            put(tmp, 'drv/local.h', '#define LOCAL 1\n')
            put(tmp, 'drv/x.c', before)
            put(tmp, 'drv/y.c', before)
            put(tmp, 'drv/bad.c', 'int f(void) { return undeclared; }\n')
            changes = {
                'drv/x.c': before.replace('{\n', '{\n\tint unused;\n'),
                'drv/y.c': '\n\n' + before,
                'drv/bad.c': 'int f(void) { return 0; }\n',
                'drv/local.h': '#define LOCAL 2\n',        # not compiled on its own
            }
            seen = []
            out = check.check_header(tmp, changes, progress=seen.append)
            self.assertEqual(sorted(out), ['drv/bad.c', 'drv/x.c', 'drv/y.c'])
            x = out['drv/x.c']
            self.assertEqual((x.mode, x.passed, x.target), ('header', False, 'drv/x.c'))
            self.assertEqual(len(x.new_warnings), 1)
            self.assertTrue(x.new_warnings[0].startswith('drv/x.c: warning: unused variable'),
                            x.new_warnings)
            self.assertIn('-Wunused-variable', x.new_warnings[0])
            self.assertEqual((out['drv/y.c'].passed, out['drv/y.c'].message), (True, ''))
            self.assertFalse(out['drv/bad.c'].passed)
            self.assertIn('before', out['drv/bad.c'].message)
            self.assertEqual(len(seen), 3)
            self.assertEqual(get(tmp, 'drv/x.c'), before)        # the tree is untouched

    def test_pick_mode(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.assertEqual(check.pick_mode('auto', tmp), 'header')
            self.assertEqual(check.pick_mode('none', tmp), 'none')
            for d in ('include/linux', 'include/generated', 'scripts'):
                os.makedirs(os.path.join(tmp, d))
            for f in ('Kbuild', 'Makefile'):
                put(tmp, f, '')
            self.assertEqual(check.pick_mode('auto', tmp), 'none')       # a kernel tree, not configured
            put(tmp, '.config', '')
            put(tmp, 'include/generated/autoconf.h', '')
            self.assertEqual(check.pick_mode('auto', tmp), 'kbuild')

    def test_split_by_target(self):
        out = ('  DESCEND objtool\n'
               "make[2]: *** No rule to make target 'drv/none.o'.\n"
               '  CC [M]  net/a.o\n'
               "net/a.c:3:1: warning: unused variable 'x'\n"
               '  CC      arch/p/b.o\n'
               'arch/p/b.c:1:10: fatal error: x.h: No such file or directory\n'
               "make[1]: *** [scripts/Makefile.build:255: arch/p/b.o] Error 1\n"
               "<stdin>:1:2: warning: not the object's\n"
               '  CC [M]  net/c.o\n'
               '  CHECK   net/c.c\n'
               'net/c.c:9:1: warning: sparse\n')
        blocks = check.split_by_target(out)
        self.assertEqual(sorted(blocks, key=str), [None, 'arch/p/b.o', 'net/a.o', 'net/c.c',
                                                   'net/c.o', 'objtool'])
        self.assertEqual(blocks['net/a.o'], "  CC [M]  net/a.o\nnet/a.c:3:1: warning: unused variable 'x'\n")
        self.assertEqual(list(check.diagnostics(blocks['arch/p/b.o'])),
                         [('arch/p/b.c', 'fatal error', 'x.h: No such file or directory')])
        self.assertEqual(blocks['net/c.o'], '  CC [M]  net/c.o\n')
        self.assertEqual(blocks[None], "make[2]: *** No rule to make target 'drv/none.o'.\n"
                         "make[1]: *** [scripts/Makefile.build:255: arch/p/b.o] Error 1\n"
                         "<stdin>:1:2: warning: not the object's\n")

    def test_kbuild_checker_with_make_itself(self):
        # GNU make, a sub-make per object as kbuild's, quiet under make -s as kbuild is;
        # a "sparse" line gives a warning in a block of its own (CHECK a.c)
        makefile = textwrap.dedent("""\
            ifneq ($(findstring s,$(filter-out --%,$(MAKEFLAGS))),)
            quiet := silent_
            endif
            export quiet
            Makefile: ;
            %.o: FORCE
            \t@$(MAKE) --no-print-directory -f sub.mk $@
            FORCE:
            .PHONY: FORCE
            """)
        sub = textwrap.dedent("""\
            %.o: %.c
            \t@$(if $(quiet),:,echo '  CC      $@')
            \t@gcc -Wall -c $< -o $@
            \t@$(if $(quiet),:,echo '  CHECK   $<')
            \t@if grep -q sparse $<; then echo '$<:1:1: warning: sparse says so'; fi
            """)
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'Makefile', makefile)
            put(tmp, 'sub.mk', sub)
            for name in 'abc':
                put(tmp, name + '.c', 'int %s(void) { return 1; }\n' % name)
            checker = check.KbuildChecker(tmp, jobs=2)
            saved = os.environ.get('MAKEFLAGS')
            os.environ['MAKEFLAGS'] = 's'        # as under make -s check-kernel
            try:
                out = checker.check({'a.c': 'int a(void) { return 2; } /* sparse */\n',
                                     'b.c': '\nint b(void) { return 1; }\n'}, {})
                again = checker.check({'b.c': 'int b(void) { return 3; }\n',
                                       'c.c': 'int c(void) { return 3; }\n'}, {})
            finally:
                if saved is None:
                    del os.environ['MAKEFLAGS']
                else:
                    os.environ['MAKEFLAGS'] = saved
            self.assertEqual(out['a.c'].message, 'new warning: a.c: warning: sparse says so')
            self.assertEqual((out['b.c'].passed, out['b.c'].message), (True, ''))
            self.assertEqual([(r.passed, r.message) for r in again.values()], [(True, '')] * 2)

    # a make that builds each .o from its .c the way kbuild prints it: a
    # "warn" line in the source gives a warning, "bad" an error
    FAKE_MAKE = textwrap.dedent("""\
            #!%s
            import os, sys
            if sys.argv[1:] == ['--version']:
                print('GNU Make %s')
                sys.exit(0)
            with open('calls', 'a') as f:
                f.write(' '.join(sys.argv[1:]) + '\\n')
            for obj in [a for a in sys.argv[1:] if a.endswith('.o')]:
                src = obj[:-2] + '.c'
                if not os.path.exists(src):
                    print("make[2]: *** No rule to make target '%%s'." %% obj)
                    continue
                print('  CC [M]  ' + obj)
                text = open(src).read()
                for n, line in enumerate(text.splitlines(), 1):
                    if 'warn' in line:
                        print('%%s:%%d:1: warning: %%s' %% (src, n, line.strip()))
                if 'bad' in text:
                    print('%%s:1:1: error: bad' %% src)
                else:
                    open(obj, 'w').close()
            """)

    def fake_make(self, tmp, version):
        """The path of FAKE_MAKE in tmp, saying it is GNU Make version."""
        put(tmp, 'make', self.FAKE_MAKE % (sys.executable, version))
        os.chmod(os.path.join(tmp, 'make'), 0o755)
        return os.path.join(tmp, 'make')

    def test_kbuild_checker_builds_all_objects_in_one_make(self):
        with tempfile.TemporaryDirectory() as tmp:
            make = self.fake_make(tmp, '4.3')
            put(tmp, 'a.c', 'warn old\n')
            put(tmp, 'b.c', 'int b;\n')
            put(tmp, 'c.c', 'bad\n')
            seen = []
            checker = check.KbuildChecker(tmp, make=make, jobs=2, progress=seen.append)
            out = checker.check({'a.c': '\nwarn old\n', 'b.c': 'warn new\n', 'c.c': 'int c;\n',
                                 'gone.c': 'int d;\n'}, {})
            self.assertEqual((out['a.c'].passed, out['a.c'].message), (True, ''))
            self.assertEqual(out['b.c'].message, 'new warning: b.c: warning: warn new')
            self.assertTrue(out['c.c'].message.startswith('does not build before'), out['c.c'].message)
            self.assertIn("No rule to make target 'gone.o'", out['gone.c'].message)
            # a header alone has no object: no make (one without targets builds everything)
            self.assertEqual(checker.check({'a.h': '#define A 1\n'}, {}), {})
            calls = get(tmp, 'calls').splitlines()
            self.assertEqual(len(calls), 2)            # before, after: one make each
            self.assertTrue(all(c.startswith('-k -j2 --output-sync=target --no-silent V=0 ')
                            for c in calls), calls)
            self.assertEqual(get(tmp, 'b.c'), 'int b;\n')          # the tree is as it was
            self.assertIn('check (kbuild): after 3/4 c.o', seen)

    def test_kbuild_checker_with_an_old_make_builds_each_object_alone(self):
        # make 3.81 has no --output-sync: one make per object, as before it
        with tempfile.TemporaryDirectory() as tmp:
            make = self.fake_make(tmp, '3.81')
            put(tmp, 'a.c', 'int a;\n')
            put(tmp, 'b.c', 'int b;\n')
            checker = check.KbuildChecker(tmp, make=make, jobs=2)
            out = checker.check({'a.c': 'warn a\n', 'b.c': '\nint b;\n'}, {})
            self.assertEqual(out['a.c'].message, 'new warning: a.c: warning: warn a')
            self.assertTrue(out['b.c'].passed)
            self.assertEqual(sorted(get(tmp, 'calls').splitlines()),
                             ['-j1 a.o', '-j1 a.o', '-j1 b.o', '-j1 b.o'])

    def test_object_of(self):
        self.assertEqual(check.object_of('net/9p/error.c'), 'net/9p/error.o')
        self.assertIsNone(check.object_of('include/x.h'))


# --------------------------------------------------------------------------- model

class TransformTest(unittest.TestCase):
    def test_rule_for_names_tests_shared_names_by_a_regular_expression(self):
        with open(transform.RULE) as f:
            rule = f.read()
        text = transform.rule_for_names(rule, ['b_tab', 'a_tab', 'b_tab'])
        self.assertNotIn(transform.SHARED_NAME_TEST, text)
        self.assertEqual(text.count('identifier T =~ "^(a_tab|b_tab)$";'), 1)
        self.assertEqual(len(text), len(rule) - len(transform.SHARED_NAME_TEST) +
                         len('identifier T =~ "^(a_tab|b_tab)$";'))
        # no names, a name that is no identifier, or a rule without the test: as it is
        self.assertIsNone(transform.rule_for_names(rule, []))
        self.assertIsNone(transform.rule_for_names(rule, ['a|b']))
        self.assertIsNone(transform.rule_for_names('@r@\n@@\n', ['a']))
        self.assertIsNone(transform.rule_for_names(rule, ['a_tab\n']))
        # a spatch whose regular expressions are OCaml's Str, or that does not say
        self.assertIsNone(transform.rule_for_names(rule, ['a_tab'], 'Str'))
        self.assertIsNone(transform.rule_for_names(rule, ['a_tab'], None))

    def test_regex_syntax_is_read_from_spatch_version(self):
        with tempfile.TemporaryDirectory() as tmp:
            fake = put(tmp, 'spatch', '#!/bin/sh\necho "spatch version 1.1.1"\n'
                       'echo "Syntax of regular expressions: Str"\n')
            os.chmod(fake, 0o755)
            self.assertEqual(transform.regex_syntax(fake), 'Str')
            self.assertIsNone(transform.regex_syntax(os.path.join(tmp, 'missing')))


    # a spatch that logs its run, then dies as Ctrl-C in the terminal would have it
    INTERRUPTED_SPATCH = ('#!/usr/bin/python3\nimport os, signal, sys\n'
                          'open(os.environ["RUN_LOG"], "a").write("run\\n")\n'
                          'signal.signal(signal.SIGINT, signal.SIG_DFL)\n'
                          'os.kill(os.getpid(), signal.SIGINT)\n')

    def test_an_interrupted_spatch_ends_the_batch(self):
        with tempfile.TemporaryDirectory() as tmp:
            fake = put(tmp, 'spatch', self.INTERRUPTED_SPATCH)
            os.chmod(fake, 0o755)
            put(tmp, 'tree/a.c', 'int a;\n')
            put(tmp, 'tree/b.c', 'int b;\n')
            log = os.path.join(tmp, 'log')
            os.environ['RUN_LOG'] = log
            try:
                # not the file-by-file retry of a batch spatch died on
                with self.assertRaises(KeyboardInterrupt):
                    transform.convert(os.path.join(tmp, 'tree'), ['a.c', 'b.c'],
                                      transform.Spatch(program=fake))
            finally:
                del os.environ['RUN_LOG']
            self.assertEqual(get(tmp, 'log'), 'run\n')

    def test_no_spatch_starts_after_stop_all(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'tree/a.c', 'int a;\n')
            fake = put(tmp, 'spatch', '#!/bin/sh\necho run >> "%s"\n' % os.path.join(tmp, 'log'))
            os.chmod(fake, 0o755)
            transform.stop_all()
            try:
                with self.assertRaises(KeyboardInterrupt):
                    transform.convert(os.path.join(tmp, 'tree'), ['a.c'], transform.Spatch(program=fake))
            finally:
                transform.allow_runs()
            self.assertFalse(os.path.exists(os.path.join(tmp, 'log')))
            transform.convert(os.path.join(tmp, 'tree'), ['a.c'], transform.Spatch(program=fake))
            self.assertEqual(get(tmp, 'log'), 'run\n')


class CliTest(unittest.TestCase):
    def test_a_cancelled_run_starts_no_local_batch(self):
        with tempfile.TemporaryDirectory() as tmp:
            put(tmp, 'a.c', 'int a;\n')
            fake = put(tmp, 'spatch', '#!/bin/sh\necho run >> "%s"\n' % os.path.join(tmp, 'log'))
            os.chmod(fake, 0o755)
            plan = shared.Plan(local_files=['a.c'], shared={}, header_static=[], pointers=[])
            run = cli.Run(root=tmp, files=['a.c'], inside=lambda f: True, whole_tree=False)
            converter = cli.Converter(run, plan, [], transform.Spatch(program=fake), None,
                                      lambda s: None)
            thread = converter.start_local()
            converter.cancel()          # Ctrl-C during the name search ...
            converter.hold_back(set())  # ... whose finally: lets the local batch go
            thread.join()
            self.assertFalse(os.path.exists(os.path.join(tmp, 'log')))

    def test_local_batch_yields_the_cores_to_the_analysis_of_shared_tables(self):
        plan = shared.Plan(local_files=['a.c'], shared={}, header_static=[], pointers=[])
        self.assertEqual(cli.local_spatch(transform.Spatch(jobs=2), plan), transform.Spatch(jobs=2))
        plan.shared['t'] = shared.SharedTable('t', 'global', [])
        self.assertEqual(cli.local_spatch(transform.Spatch(jobs=2, timeout=9), plan),
                         transform.Spatch(jobs=2, timeout=9, niceness=cli.LOCAL_NICENESS))
        self.assertGreater(cli.LOCAL_NICENESS, 0)

    def test_shared_batch_is_as_niced_as_a_local_batch_that_still_runs(self):
        plan = shared.Plan(local_files=['a.c'], shared={}, header_static=[], pointers=[])
        plan.shared['t'] = shared.SharedTable('t', 'global', [])
        conv = cli.Converter(cli.Run('/nonexistent', []), plan, [], transform.Spatch(jobs=2), None,
                             lambda msg: None)
        release = threading.Event()
        running = threading.Thread(target=release.wait)
        running.start()
        try:
            self.assertEqual(conv._shared_spatch(running).niceness, cli.LOCAL_NICENESS)
        finally:
            release.set()
            running.join()
        self.assertEqual(conv._shared_spatch(running), transform.Spatch(jobs=2))   # it ended
        self.assertEqual(conv._shared_spatch(None), transform.Spatch(jobs=2))

    def test_a_niced_spatch_runs_under_nice(self):
        cmd = transform.Spatch(jobs=2, niceness=10).command('groups', False)
        self.assertEqual(cmd[:3], ['nice', '-n', '10'])
        self.assertEqual(cmd[3:], transform.Spatch(jobs=2).command('groups', False))

    def test_the_declare_pass_runs_spatch_without_the_gates(self):
        gated = transform.Spatch(jobs=2).command('groups', False, 'r.cocci')
        plain = transform.Spatch(jobs=2).command('groups', False, 'r.cocci', gated=False)
        at = gated.index('gated')
        self.assertEqual(gated[at - 1:at + 1], ['-D', 'gated'])
        self.assertEqual(gated[:at - 1] + gated[at + 1:], plain)     # the same, less the gates
        self.assertIn('--no-show-diff', plain)
        self.assertEqual(plain[plain.index('--sp-file') + 1], 'r.cocci')


class LayoutTest(unittest.TestCase):
    def test_a_new_long_line_breaks_after_an_operator_under_its_bracket(self):
        old = 'x;\n'
        new = ('\t\t\t\thash_add(devhash, &nh->node,\n'
               '\t\t\t\t\t net_hash_mix(dev_net(nexthop_nh->fib_nh_dev)) ^ nexthop_nh->fib_nh_dev->ifindex);\n'
               '\thash_add(some_table, &object->node, net_hash_mix(dev_net(device_of_something_long)) ^ dev->ifindex);\n')
        self.assertEqual(layout.wrap_long_lines(old, new).splitlines(), [
            '\t\t\t\thash_add(devhash, &nh->node,',
            '\t\t\t\t\t net_hash_mix(dev_net(nexthop_nh->fib_nh_dev)) ^',
            '\t\t\t\t\t nexthop_nh->fib_nh_dev->ifindex);',
            '\thash_add(some_table, &object->node, net_hash_mix(dev_net(device_of_something_long)) ^',
            '\t\t dev->ifindex);'])

    def test_lines_of_the_original_and_unbreakable_ones_stay(self):
        long_old = '\tx = f(' + 'a' * 120 + ');'
        unbreakable = '\ty = "' + 'b' * 120 + ', c";'
        in_comment = '\tz = 1; /* ' + 'c, ' * 40 + '*/'
        # a #define, and a line that continues one: a break would end the macro
        define = '#define ADD(e) hash_add(tab, &(e)->a_long_named_hlist_node, (e)->a_rather_long_key_field_name ^ 12345)'
        continued = ['#define ADD2(e) do { \\',
                     '\thash_add(tab, &(e)->a_long_named_hlist_node_member, (e)->a_rather_long_key_field_name ^ 12); \\',
                     '} while (0)']
        new = '\n'.join([long_old, unbreakable, in_comment, define] + continued) + '\n'
        self.assertEqual(layout.wrap_long_lines(long_old + '\n', new), new)


    def test_a_comment_of_a_body_that_moved_left_moves_with_it(self):
        old = ('\tfor (i = 0; i < N; i++) {\n'
               '\t\thlist_for_each_entry(s, &tab[i], node) {\n'
               '\t\t\t/* Only the first\n'
               '\t\t\t * kind */\n'
               '\t\t\tif (s->kind)\n'
               '\t\t\t\tcontinue;\n'
               '\t\t\tn++;\n'
               '\t\t\t/* counted */\n'
               '\t\t}\n'
               '\t}\n')
        new = ('\thash_for_each(tab, i, s, node) {\n'
               '\t\t\t/* Only the first\n'
               '\t\t\t * kind */\n'
               '\t\tif (s->kind)\n'
               '\t\t\tcontinue;\n'
               '\t\tn++;\n'
               '\t\t\t/* counted */\n'
               '\t}\n')
        self.assertEqual(layout.reindent_moved_comments(old, new), new.replace(
            '\t\t\t/* Only the first\n\t\t\t * kind */', '\t\t/* Only the first\n\t\t * kind */'))

    def test_line_opcodes_cover_both_texts_and_keep_the_common_head_and_tail(self):
        a = ['#include <a.h>\n'] + ['\tx%d = %d;\n' % (i % 7, i) for i in range(300)] + ['}\n'] * 3
        b = list(a)
        b.insert(1, '#include <linux/hashtable.h>\n')
        b[150] = '\thash_add(t, &n, k);\n'
        del b[200]
        for old, new in ((a, b), (a, a), ([], b), (a, []), (a[:5], a[:5] + ['}\n'])):
            ops = layout.line_opcodes(old, new)
            rebuilt = []
            at_a = at_b = 0
            for tag, i1, i2, j1, j2 in ops:
                self.assertEqual((i1, j1), (at_a, at_b))
                if tag == 'equal':
                    self.assertEqual(old[i1:i2], new[j1:j2])
                rebuilt += new[j1:j2]
                at_a, at_b = i2, j2
            self.assertEqual((at_a, at_b, rebuilt), (len(old), len(new), new))
        ops = layout.line_opcodes(a, b)
        self.assertEqual(ops[0], ('equal', 0, 1, 0, 1))
        self.assertEqual(ops[-1][0], 'equal')
        self.assertEqual(ops[-1][2:], (len(a), ops[-1][3], len(b)))

    def test_comments_where_the_code_did_not_move_stay(self):
        old = '\tx = f(&tab[h]);\n\t/* then */\n\ty = g(&tab[h]);\n'
        new = '\tx = f(hash_min(k));\n\t/* then */\n\ty = g(hash_min(k));\n'
        self.assertEqual(layout.reindent_moved_comments(old, new), new)

    def test_a_new_line_indented_by_spaces_after_tabs_gets_tabs(self):
        old = '\t\t  keep(a,\n\t\t             b);\n'
        new = ('\t\thash_add_rcu(dev_table, &vport->hash_node,\n'
               '\t\t             jhash(name, len,\n'
               '\t\t\t\t   seed));\n'
               '\t\t  keep(a,\n\t\t             b);\n')
        self.assertEqual(layout.tabs_for_spaces(old, new), new.replace(
            '\t\t             jhash', '\t\t\t     jhash', 1))


class ModelTest(unittest.TestCase):
    def test_from_record_and_skip(self):
        rec = record('t', 'a.c', walks_open=[dict(line=4, why='w')])
        t = model.Table.from_record(rec, 'dir/a.c')
        self.assertEqual((t.name, t.file, t.line, t.verdict, t.files, t.bits),
                         ('t', 'dir/a.c', 3, 'converted', ['dir/a.c'], '4'))
        self.assertEqual(t.walks_open, [dict(line=4, why='w')])
        t.skip('r')
        t.skip('r')
        self.assertEqual((t.verdict, t.reasons), ('skipped', ['r']))
        s = model.Table.from_record(record('s', 'b.c', verdict='skipped', reasons=['x']), 'b.c')
        self.assertEqual((s.verdict, s.files, s.reasons), ('skipped', [], ['x']))


if __name__ == '__main__':
    unittest.main()
