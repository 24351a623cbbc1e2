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


def spatch(mode, paths, *extra, jobs=1):
    """One spatch over all paths, each file on its own (as the tool and make coccicheck
    run it): spatch starts in seconds and matches a case in a fraction of one."""
    with tempfile.NamedTemporaryFile('w', suffix='.groups') as groups:
        groups.write(''.join(p + '\n\n' for p in paths))
        groups.flush()
        cmd = ['spatch', '--very-quiet', '--python', sys.executable, '-D', mode, '--sp-file', COCCI,
               '--timeout', '300',
               '--file-groups', groups.name] + list(extra)
        if jobs > 1:
            cmd += ['-j', str(jobs)]
        return subprocess.run(cmd, capture_output=True, text=True)


def convert_all(srcs, workdir, jobs):
    """name -> the file spatch makes of each source (copied into workdir/), as make
    coccicheck runs the rule and as the tool does (-D gated: each family of patch rules
    behind its gate); both must be the same. A failure of spatch is the text of an error."""
    texts = {}
    for gated in (False, True):
        where = os.path.join(workdir, 'gated' if gated else 'plain')
        os.makedirs(where, exist_ok=True)
        dsts = []
        for name, src in srcs.items():
            dsts.append(os.path.join(where, name + '.c'))
            shutil.copyfile(src, dsts[-1])
        extra = ['--in-place'] + (['-D', 'gated'] if gated else [])
        out = spatch('patch', dsts, *extra, jobs=jobs)
        if out.returncode:
            if len(srcs) > 1:    # which one: each on its own
                return {n: convert_all({n: s}, os.path.join(workdir, n), 1)[n]
                        for n, s in srcs.items()}
            (name,) = srcs
            return {name: RuntimeError('spatch %sfailed on %s:\n%s'
                                       % ('-D gated ' if gated else '', srcs[name], out.stderr))}
        for name, dst in zip(srcs, dsts):
            with open(dst) as f:
                text = f.read()
            if not gated:
                texts[name] = text
            elif text != texts[name]:
                texts[name] = RuntimeError('spatch -D gated made another file of %s than '
                                           'without it' % srcs[name])
    return texts


def build_and_run(src, exe, era_flags=()):
    cc = subprocess.run(['gcc'] + list(era_flags) + CFLAGS + [src, '-o', exe],
                        capture_output=True, text=True)
    if cc.returncode:
        return None, cc.stderr
    run = subprocess.run([exe], capture_output=True, text=True, timeout=60)
    return (run.returncode, run.stdout), run.stderr


@dataclasses.dataclass
class Batch:
    """What spatch made of every case: the result, a second run over it, the report."""
    converted: dict
    again: dict
    report: dict


def run_spatch(names, jobs):
    srcs = {n: os.path.join(CASES, n + '.c') for n in names}
    tmp = tempfile.mkdtemp(prefix='run-cases-')
    try:
        converted = convert_all(srcs, os.path.join(tmp, 'first'), jobs)
        firsts = {}
        for n, text in converted.items():
            if isinstance(text, str):
                firsts[n] = os.path.join(tmp, 'results', n + '.c')
                os.makedirs(os.path.dirname(firsts[n]), exist_ok=True)
                with open(firsts[n], 'w') as f:
                    f.write(text)
        again = convert_all(firsts, os.path.join(tmp, 'second'), jobs) if firsts else {}
        # in report mode the verdicts are printed: one process, so no line is cut by another
        out = spatch('report', list(srcs.values())).stdout
    finally:
        shutil.rmtree(tmp)
    report = {n: '\n'.join(l for l in out.splitlines() if l.startswith(src + ':'))
              for n, src in srcs.items()}
    return Batch(converted, again, report)


def check_case(name, bless, batch):
    failures = []
    src = os.path.join(CASES, name + '.c')
    res = os.path.join(CASES, name + '.res')
    with open(src) as f:
        original = f.read()
    expects = EXPECT.findall(original)
    if not expects:
        return Result(name, ['no "// expect:" line'])
    converted = batch.converted[name]
    if isinstance(converted, Exception):
        return Result(name, [str(converted)])
    with tempfile.TemporaryDirectory() as tmp:
        first = os.path.join(tmp, name + '.c')
        with open(first, 'w') as f:
            f.write(converted)
        if bless:
            with open(res, 'w') as f:
                f.write(converted)
        if not os.path.exists(res):
            failures.append('no %s.res (review the output, then run with --bless)' % name)
        else:
            with open(res) as f:
                if f.read() != converted:
                    diff = subprocess.run(['diff', '-u', res, first],
                                          capture_output=True, text=True).stdout
                    failures.append('output differs from %s.res:\n%s' % (name, diff))
        again = batch.again[name]
        if isinstance(again, Exception):
            failures.append('the second run: %s' % again)
        elif again != converted:
            failures.append('a second run changes the output')

        report = batch.report[name]
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
        after, err2 = build_and_run(first, os.path.join(tmp, 'after'), era)
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
                        help='spatch and gcc jobs at once (default: one per core)')
    parser.add_argument('cases', nargs='*', help='case names (default: all)')
    args = parser.parse_args()
    names = args.cases or sorted(f[:-2] for f in os.listdir(CASES) if f.endswith('.c'))
    failed = 0
    print('spatch over %d case(s)...' % len(names), flush=True)
    batch = run_spatch(names, args.jobs)
    # then each case is gcc runs: one thread per core keeps them all busy
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = pool.map(lambda n: check_case(n, args.bless, batch), names)
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
