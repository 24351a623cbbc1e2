#!/usr/bin/env python3
"""Run the conversion cases in testdata/cases/ through semantic-patches/hashtable.cocci.

For each case NAME.c (a complete kernel-style userspace program):
  - `spatch -D patch` must turn it into exactly NAME.res (the Coccinelle convention);
  - a second run over the result must change nothing (idempotence);
  - `spatch -D report` must give each table the verdict its `// expect:` line states,
    and a refusal the text of its `// reason: TABLE TEXT` line (a negative case must
    fail for the reason it is about, not for another);
  - a case whose tables are all skipped must come out unchanged;
  - the input and the result, built against include/ with ASan+UBSan, must
    print the same output and exit with the same status. A case with the line
    `// build: pre-3.9` is built against include/pre-3.9/ first (that era's
    hashtable.h, list.h and rculist.h, with the node cursor in the iterators);
    a line `// config: CONFIG_X=V` defines CONFIG_X for the compiler only, as the
    kernel's autoconf.h does (or PAGE_SIZE, as an architecture's header does),
    while the rule must do without its value.

Usage: run_cases.py [--bless] [-j N] [CASE...]   (--bless writes NAME.res after review)
"""
import argparse
import concurrent.futures
import dataclasses
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COCCI = os.path.join(ROOT, 'semantic-patches', 'hashtable.cocci')
CASES = os.path.join(ROOT, 'testdata', 'cases')
CFLAGS = ['-std=gnu11', '-g', '-O1', '-Wall', '-Wextra', '-Wno-unused-function',
          '-fsanitize=address,undefined', '-fno-sanitize-recover=all',
          '-I', os.path.join(ROOT, 'include')]
PRE39 = ['-I', os.path.join(ROOT, 'include', 'pre-3.9')]
BUILD_PRE39 = re.compile(r'^// build: pre-3\.9$', re.M)
# a configuration symbol the compiler knows and the rule does not (as a CONFIG_
# value from the kernel's autoconf.h): // config: CONFIG_FOO_BITS=6
CONFIG = re.compile(r'^// config: (\w+=\w+)$', re.M)
REASON = re.compile(r'^// reason: (\S+) (.+)$', re.M)
EXPECT = re.compile(r'^// expect: (\S+) (converted|skipped)(?::\s*(.*))?$', re.M)


@dataclasses.dataclass
class Result:
    name: str
    failures: list


def spatch(mode, path, *extra):
    cmd = ['spatch', '--very-quiet', '-D', mode, '--sp-file', COCCI, path] + list(extra)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


def convert(src, workdir):
    """The file spatch makes of src, in workdir: as make coccicheck runs the rule, and as
    the tool does (-D gated: each family of patch rules behind its gate); both the same."""
    texts = []
    for extra in ([], ['-D', 'gated']):
        where = os.path.join(workdir, 'gated') if extra else workdir
        os.makedirs(where, exist_ok=True)
        dst = os.path.join(where, os.path.basename(src))
        shutil.copyfile(src, dst)
        out = spatch('patch', dst, '--in-place', *extra)
        if out.returncode:
            raise RuntimeError('spatch %sfailed on %s:\n%s' % (' '.join(extra) + ' ' if extra else '',
                                                              src, out.stderr))
        with open(dst) as f:
            texts.append(f.read())
    if texts[0] != texts[1]:
        raise RuntimeError('spatch -D gated made another file of %s than without it' % src)
    return texts[0]


def build_and_run(src, exe, era_flags=()):
    cc = subprocess.run(['gcc'] + list(era_flags) + CFLAGS + [src, '-o', exe],
                        capture_output=True, text=True)
    if cc.returncode:
        return None, cc.stderr
    run = subprocess.run([exe], capture_output=True, text=True, timeout=60)
    return (run.returncode, run.stdout), run.stderr


def check_case(name, bless):
    failures = []
    src = os.path.join(CASES, name + '.c')
    res = os.path.join(CASES, name + '.res')
    with open(src) as f:
        original = f.read()
    expects = EXPECT.findall(original)
    if not expects:
        return Result(name, ['no "// expect:" line'])
    with tempfile.TemporaryDirectory() as tmp:
        first = os.path.join(tmp, 'first')
        second = os.path.join(tmp, 'second')
        os.mkdir(first)
        os.mkdir(second)
        try:
            converted = convert(src, first)
        except RuntimeError as e:
            return Result(name, [str(e)])
        if bless:
            with open(res, 'w') as f:
                f.write(converted)
        if not os.path.exists(res):
            failures.append('no %s.res (review the output, then run with --bless)' % name)
        else:
            with open(res) as f:
                if f.read() != converted:
                    diff = subprocess.run(['diff', '-u', res, os.path.join(first, name + '.c')],
                                          capture_output=True, text=True).stdout
                    failures.append('output differs from %s.res:\n%s' % (name, diff))
        again = convert(os.path.join(first, name + '.c'), second)
        if again != converted:
            failures.append('a second run changes the output')

        report = spatch('report', src).stdout
        for table, verdict, reason in expects:
            line = next((l for l in report.splitlines() if ': %s[' % table in l), None)
            if line is None:
                failures.append('report mode does not list table %s' % table)
            elif ('%s: converted' if verdict == 'converted' else '%s: skipped') % '' not in \
                    line.split(']', 1)[1][:12]:
                failures.append('table %s: expected %s, report says: %s' % (table, verdict, line))
        reasons = REASON.findall(original)
        for table, reason in reasons:
            line = next((l for l in report.splitlines() if ': %s[' % table in l), '')
            if reason not in line:
                failures.append('table %s: expected the reason "%s", report says: %s'
                                % (table, reason, line))
        explained = {t for t, _ in reasons}
        for table, verdict, _ in expects:
            if verdict == 'skipped' and table not in explained:
                failures.append('table %s is skipped but has no "// reason:" line' % table)
        if all(v == 'skipped' for _, v, _ in expects) and converted != original:
            failures.append('a case whose tables are all skipped was changed')

        era = (PRE39 if BUILD_PRE39.search(original) else []) + \
            ['-D' + c for c in CONFIG.findall(original)]
        before, err1 = build_and_run(src, os.path.join(tmp, 'before'), era)
        after, err2 = build_and_run(os.path.join(first, name + '.c'), os.path.join(tmp, 'after'),
                                    era)
        if before is None:
            failures.append('input does not build:\n' + err1)
        elif after is None:
            failures.append('converted program does not build:\n' + err2)
        elif before != after:
            failures.append('outputs differ: before %r, after %r\n%s%s' % (before, after, err1, err2))
        elif before[0] != 0:
            failures.append('program failed (status %d):\n%s' % (before[0], err1))
    return Result(name, failures)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--bless', action='store_true', help='write NAME.res from the current output')
    parser.add_argument('-j', '--jobs', type=int, default=os.cpu_count() or 1,
                        help='cases run at once (default: one per core)')
    parser.add_argument('cases', nargs='*', help='case names (default: all)')
    args = parser.parse_args()
    names = args.cases or sorted(f[:-2] for f in os.listdir(CASES) if f.endswith('.c'))
    failed = 0
    # each case is spatch and gcc runs: one thread per core keeps them all busy
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = pool.map(lambda n: check_case(n, args.bless), names)
        for name, result in zip(names, results):
            status = 'ok' if not result.failures else 'FAIL'
            print('%-24s %s' % (name, status), flush=True)
            for f in result.failures:
                print('    ' + f.replace('\n', '\n    '))
            failed += bool(result.failures)
    print('rules: %d passed, %d failed' % (len(names) - failed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
