// SPDX-License-Identifier: GPL-2.0-only
/// Write DECLARE_HASHTABLE() for struct members that hashtable.cocci converted.
///
/// After hashtable.cocci has rewritten every access of a member table to the
/// hashtable.h API, its field may say so too:
///	struct hlist_head T[1 << B];   ->   DECLARE_HASHTABLE(T, B);
/// The same array, so the struct keeps its layout. SmPL in spatch 1.1.1 cannot
/// write a macro as a struct field; an OCaml script builds the field with
/// spatch's own C parser instead. A file is only changed if it includes
/// <linux/hashtable.h> or some <linux/...> header after which the tool can add
/// it (a header with neither relies on its includers: left alone).
///
// Confidence: High
// Copyright: (C) 2026 hashtable-convert authors.
// Comments: run by tool/hashtable-convert, which names the fields and their bits
//  in HASHTABLE_CONVERT_FIELDS (a JSON file: {path: {member: bits}}); alone it
//  changes nothing. The tool then adds #include <linux/hashtable.h> where a
//  written file lacks it: SmPL cannot pick the include to follow, as spatch
//  hands a position constraint only some of a file's includes. Needs an OCaml
//  compiler (Debian: ocaml-nox). A field named twice in one file (members of
//  two structs) is left alone. With HASHTABLE_CONVERT_FIELDS_WAIT=SECONDS the
//  rule waits up to that long for that file to appear, while the process of
//  HASHTABLE_CONVERT_FIELDS_WRITER=PID lives: the tool starts spatch before it
//  knows the fields, as compiling the OCaml script takes a second, and writes
//  the files to change before the fields.
// Options: --no-includes

virtual patch

@initialize:python@
@@
import json
import os

_PATH = os.environ.get('HASHTABLE_CONVERT_FIELDS')
_WAIT = os.environ.get('HASHTABLE_CONVERT_FIELDS_WAIT')
if _PATH and _WAIT:
    import time
    _UNTIL = time.monotonic() + float(_WAIT)
    _WRITER = int(os.environ.get('HASHTABLE_CONVERT_FIELDS_WRITER') or 0)

    def _writer_lives():
        try:
            os.kill(_WRITER, 0)
        except ProcessLookupError:
            return False     # killed: no fields will come
        except OSError:
            pass
        return True

    while not os.path.exists(_PATH) and time.monotonic() < _UNTIL and \
            (not _WRITER or _writer_lives()):
        time.sleep(0.01)
    if not os.path.exists(_PATH):
        _PATH = None     # never given: nothing is changed
WANTED = {}
if _PATH:
    with open(_PATH) as f:
        WANTED = {os.path.normpath(k): v for k, v in json.load(f).items()}
SEEN = {}        # (file, member) -> how many fields of that name the file has
INCLUDES = set()     # files with an include of <linux/...>
HAS_HASHTABLE = set()


def wanted_bits(path, member):
    return WANTED.get(os.path.normpath(path), {}).get(member)

@linux_include depends on patch@
position p;
@@

#include <linux/...>@p

@script:python@
p << linux_include.p;
@@
INCLUDES.add(os.path.normpath(p[0].file))

@hashtable_include depends on patch@
position p;
@@

#include <linux/hashtable.h>@p

@script:python@
p << hashtable_include.p;
@@
HAS_HASHTABLE.add(os.path.normpath(p[0].file))

// A member table: in a struct, a struct with variables, a typedef, or one
// anonymous struct deep.
@field_table depends on patch@
identifier S, T, V;
type X;
expression E;
position p;
@@

(
struct S { ... struct hlist_head T@p[E]; ... };
|
struct S { ... struct hlist_head T@p[E]; ... } V;
|
typedef struct { ... struct hlist_head T@p[E]; ... } X;
|
struct S { ... struct { ... struct hlist_head T@p[E]; ... } V; ... };
)

@script:python@
t << field_table.T;
p << field_table.p;
@@
key = (os.path.normpath(p[0].file), t)
SEEN[key] = SEEN.get(key, 0) + 1

@script:python bits@
t << field_table.T;
p << field_table.p;
b;
@@
path = os.path.normpath(p[0].file)
value = wanted_bits(path, t)
# a header without <linux/...> includes relies on its includers: no include to add
if value is None or SEEN[(path, t)] != 1 or \
        (path not in HAS_HASHTABLE and path not in INCLUDES):
    cocci.include_match(False)
else:
    coccinelle.b = value

@script:ocaml built@
t << field_table.T;
b << bits.b;
f;
@@

let src = Printf.sprintf "struct x { DECLARE_HASHTABLE(%s, %s); }" t b in
match Parse_c.type_of_string src with
  (_, (Ast_c.StructUnion (_, _, [fld]), _)) ->
    let fld = match Lib_parsing_c.al_field fld with
        Ast_c.MacroDeclField ((name, args), ii) ->
          (* the printer writes "," with no space after it *)
          Ast_c.MacroDeclField ((name, List.map (fun (a, cs) ->
            (a, List.map (fun c -> Ast_c.rewrap_str ", " c) cs)) args), ii)
      | other -> other in
    f := Ast_c.MetaFieldVal fld
| _ -> failwith ("cannot build a field from " ^ src)

@depends on patch@
identifier field_table.T;
expression field_table.E;
position field_table.p;
field built.f;
identifier S, V;
type X;
@@

(
struct S { ...
- struct hlist_head T@p[E];
+ f
  ... };
|
struct S { ...
- struct hlist_head T@p[E];
+ f
  ... } V;
|
typedef struct { ...
- struct hlist_head T@p[E];
+ f
  ... } X;
|
struct S { ... struct { ...
- struct hlist_head T@p[E];
+ f
  ... } V; ... };
)
