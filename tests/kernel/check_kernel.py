#!/usr/bin/env python3
"""make check-kernel: the whole tool on Debian's Linux 6.1, proved with the kernel's own build.

On a clean copy of the configured tree (see kernel_tree.py):
 1. tool/hashtable-convert TREE --check kbuild --in-place --json --format-patch
 2. every touched object (and up to 20 objects that include each touched header
    and that allmodconfig builds) is
    rebuilt here, independently of the tool, from the original and from the
    converted source: no build failure, no new warning
 3. a second run of the tool (same check) must print an empty diff
 4. make coccicheck COCCI=semantic-patches/hashtable.cocci in the four modes,
    on M=net/9p and M=net/rds, each giving its kind of output
 5. scripts/checkpatch.pl finds nothing new in the converted files, compared
    with the originals
The results table is printed and stored under the cache directory.
"""

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import kernel_tree  # noqa: E402
from kernel_tree import say  # noqa: E402

TOOL = os.path.join(ROOT, 'tool', 'hashtable-convert')
COCCI = os.path.join(ROOT, 'semantic-patches', 'hashtable.cocci')
COCCICHECK_DIRS = ('net/9p', 'net/rds')
_DIAG = re.compile(r'^([^\s:]+):\d+(?::\d+)?: (warning|error|fatal error): (.*)$', re.M)
_CHECKPATCH = re.compile(r'^[^:]+:\d+: (ERROR|WARNING|CHECK):(\w+): (.*)$', re.M)


class Failure(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Failure(message)


def read(path):
    with open(path, encoding='utf-8', errors='surrogateescape', newline='') as f:
        return f.read()


def write(path, text):
    with open(path, 'w', encoding='utf-8', errors='surrogateescape', newline='') as f:
        f.write(text)


def build(tree, objs, jobs):
    """make objs from scratch, all in one make (-k: a failure stops no other);
    (diagnostics without line numbers, the objects built, the output)."""
    if not objs:
        return collections.Counter(), set(), ''   # (make without a target builds everything)
    for obj in objs:
        path = os.path.join(tree, obj)
        if os.path.exists(path):
            os.unlink(path)
    # (--output-sync: no line of one compiler cut by another's; not make -s from above)
    env = {k: v for k, v in os.environ.items() if k not in ('MAKEFLAGS', 'MFLAGS', 'MAKELEVEL')}
    proc = subprocess.run(['make', '-k', '-j%d' % jobs, '--output-sync=target', '--no-silent']
                          + list(objs), cwd=tree, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, universal_newlines=True, errors='replace')
    diags = collections.Counter((m.group(1), m.group(2), m.group(3).strip())
                                for m in _DIAG.finditer(proc.stdout))
    return diags, {obj for obj in objs if os.path.exists(os.path.join(tree, obj))}, proc.stdout


MAX_INCLUDERS = 20
_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"]+)[>"]', re.M)


def includers(tree, header):
    """The .c files of the tree that #include header itself (by its path, from the file's
    folder for "..." or from an include/ folder for <...>)."""
    out = subprocess.run(['grep', '-rlF', '--include=*.c', os.path.basename(header), '.'],
                         cwd=tree, stdout=subprocess.PIPE, universal_newlines=True).stdout
    found = []
    for f in sorted(os.path.normpath(x) for x in out.split()):
        for m in _INCLUDE.finditer(read(os.path.join(tree, f))):
            near = os.path.normpath(os.path.join(os.path.dirname(f), m.group(2)))
            far = re.sub(r'^(arch/[^/]+/)?include/', '', header)
            if m.group(1) == '"' and near == header or m.group(2) == far != header:
                found.append(f)
                break
    return found


def objects_for(tree, touched):
    """Objects to rebuild: each touched .c file's (they must build), and those of .c files
    that include a touched header (up to MAX_INCLUDERS each, evenly spread; those that
    allmodconfig does not build are left out)."""
    objs = {f[:-2] + '.o' for f in touched if f.endswith('.c')}
    optional = set()
    for header in (f for f in touched if f.endswith('.h')):
        users = [f for f in includers(tree, header) if f[:-2] + '.o' not in objs]
        step = max(1, len(users) // MAX_INCLUDERS)
        optional.update(f[:-2] + '.o' for f in users[::step][:MAX_INCLUDERS])
    return sorted(objs), sorted(optional - objs)


def step_convert(work, results, jobs):
    report = os.path.join(results, 'report.json')
    series = os.path.join(results, 'patches')
    start = time.monotonic()
    # its progress goes on to our stderr as it comes, and is kept to look for a crash
    stderr = []
    with subprocess.Popen([sys.executable, TOOL, work, '--check', 'kbuild', '--in-place',
                           '--json', report, '--format-patch', series, '-j', str(jobs)],
                          stderr=subprocess.PIPE, universal_newlines=True) as proc:
        for line in proc.stderr:
            sys.stderr.write(line)
            stderr.append(line)
    seconds = time.monotonic() - start
    expect('Traceback' not in ''.join(stderr), 'the tool crashed')
    expect(proc.returncode in (0, 1, 2), 'exit status %d' % proc.returncode)
    with open(report) as f:
        data = json.load(f)
    for p in data['problems']:
        expect('crashed' not in p['message'] and 'cannot run' not in p['message'],
               'spatch failed on %s: %s' % (p['path'], p['message']))
    return data, seconds, series


def step_rebuild(pristine, work, data, jobs):
    """Rebuild every touched object before and after, here, not trusting the tool's check:
    one make with the original sources, one with the converted ones."""
    touched = [f['path'] for f in data['files'] if f['written']]
    objs, optional = objects_for(work, touched)
    converted = {f: read(os.path.join(work, f)) for f in touched}
    originals = {f: read(os.path.join(pristine, f)) for f in touched}

    def lay(texts):
        for f, text in texts.items():
            write(os.path.join(work, f), text)

    say('rebuild %d objects (%d of touched .c files, %d that include a touched header) '
        'from the original sources' % (len(objs) + len(optional), len(objs), len(optional)))
    lay(originals)
    before, built_before, bout = build(work, objs + optional, jobs)
    lay(converted)
    missing = [o for o in objs if o not in built_before]
    expect(not missing, '%s do not build from the original sources, yet the tool wrote them:\n%s'
           % (', '.join(missing), bout[-2000:]))
    # an includer of a touched header that allmodconfig does not build is left out
    wanted = objs + [o for o in optional if o in built_before]
    say('rebuild the %d objects that built, from the converted sources' % len(wanted))
    after, built_after, aout = build(work, wanted, jobs)
    broken = [o for o in wanted if o not in built_after]
    expect(not broken, '%s do not build after the conversion:\n%s' % (', '.join(broken), aout[-2000:]))
    if len(wanted) < len(objs) + len(optional):
        # what the left-out objects printed must not hide a new warning: once more without them
        lay(originals)
        before, _, _ = build(work, wanted, jobs)
        lay(converted)
    new = after - before
    expect(not new, 'new warnings: %s' % sorted(new))
    return wanted, sum(before.values()), sum(after.values())


def step_second_run(work, jobs):
    # with the same check: a file whose check failed is left out again
    proc = subprocess.run([sys.executable, TOOL, work, '--check', 'kbuild', '--quiet', '-j', str(jobs)],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    expect(proc.stdout == '', 'the second run changes more:\n' + proc.stdout[:3000])
    expect('Traceback' not in proc.stderr, 'the second run crashed:\n' + proc.stderr)


def coccicheck(tree, mode, subdir):
    proc = subprocess.run(['make', 'coccicheck', 'COCCI=' + COCCI, 'MODE=' + mode, 'M=' + subdir,
                           'J=2'], cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, errors='replace')
    expect(proc.returncode == 0, 'make coccicheck MODE=%s M=%s failed:\n%s'
           % (mode, subdir, proc.stdout[-2000:]))
    return proc.stdout


def step_coccicheck(pristine, work, results):
    """Each mode gives its kind of output on each directory.

    net/9p has a table that converts: report says so, patch and context show
    it, org lists it. net/rds has only tables the rule refuses: report and
    org give each with its reasons, and patch and context, which show what
    would change, show nothing. Last, make install-kernel puts the rule where a plain
    make coccicheck (all of scripts/coccinelle/) runs it.
    """
    shape = {
        'report': re.compile(r'^\S+\.c:\d+:\d+-\d+: \w+\[[^\]]+\]: (?:converted|skipped).*$', re.M),
        'patch': re.compile(r'^\+static DEFINE_HASHTABLE\(\w+, \w+\);$', re.M),
        'context': re.compile(r'^-\s*static struct hlist_head \w+\[.*$', re.M),
        'org': re.compile(r'^\* TODO \[\[view:\S+\.c::face=.*$', re.M),
    }
    expected = {('net/9p', mode): 'some' for mode in shape}
    expected.update({('net/rds', 'report'): 'skipped', ('net/rds', 'patch'): 'none',
                     ('net/rds', 'context'): 'none', ('net/rds', 'org'): 'skipped'})
    rows = []
    for (subdir, mode), want in expected.items():
        start = time.monotonic()
        out = coccicheck(pristine, mode, subdir)
        write(os.path.join(results, 'coccicheck-%s-%s.txt' % (subdir.replace('/', '_'), mode)), out)
        hits = shape[mode].findall(out)
        if want == 'none':
            expect(not hits and not re.search(r'^[-+]{3} ', out, re.M),
                   'make coccicheck MODE=%s M=%s: output where none was expected:\n%s'
                   % (mode, subdir, out[-2000:]))
        else:
            expect(hits, 'make coccicheck MODE=%s M=%s: no %s output:\n%s'
                   % (mode, subdir, mode, out[-2000:]))
        if want == 'skipped':
            expect(all(': skipped: ' in h for h in hits),  # the patterns match whole lines
                   'M=%s: a table reported converted: %s' % (subdir, hits))
        rows.append((subdir, mode, len(hits), time.monotonic() - start))
    # make install-kernel, then the kernel's own make coccicheck finds the rule
    subprocess.run(['make', '-s', '-C', ROOT, 'install-kernel', 'KDIR=' + work], check=True,
                   stdout=subprocess.DEVNULL)
    start = time.monotonic()
    proc = subprocess.run(['make', 'coccicheck', 'MODE=report', 'M=net/rds', 'J=2'], cwd=work,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, errors='replace')
    write(os.path.join(results, 'coccicheck-installed-net_rds-report.txt'), proc.stdout)
    ours = shape['report'].findall(proc.stdout)
    alone = shape['report'].findall(read(os.path.join(results, 'coccicheck-net_rds-report.txt')))
    expect(proc.returncode == 0 and ours and sorted(ours) == sorted(alone),
           'after make install-kernel, make coccicheck MODE=report M=net/rds does not give the '
           "rule's verdicts:\n" + proc.stdout[-2000:])
    rows.append(('net/rds', 'report, installed, all rules', len(ours), time.monotonic() - start))
    return rows


def checkpatch(tree, path):
    proc = subprocess.run(['perl', 'scripts/checkpatch.pl', '--no-tree', '--terse', '--no-summary',
                           '--show-types', '--strict', '-f', path], cwd=tree,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, errors='replace')
    return collections.Counter((m.group(1), m.group(2), m.group(3).strip())
                               for m in _CHECKPATCH.finditer(proc.stdout))


def step_checkpatch(pristine, work, data, series):
    rows = []
    for f in (x['path'] for x in data['files'] if x['written'] and x['path'].endswith('.c')):
        before, after = checkpatch(pristine, f), checkpatch(work, f)
        new = after - before
        expect(not new, 'checkpatch finds new problems in %s: %s' % (f, sorted(new)))
        rows.append((f, sum(before.values()), sum(after.values())))
    patches = sorted(os.listdir(series)) if os.path.isdir(series) else []
    for p in patches:
        proc = subprocess.run(['perl', 'scripts/checkpatch.pl', '--no-tree', '--no-signoff', '--terse',
                               os.path.join(series, p)], cwd=pristine, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, universal_newlines=True, errors='replace')
        rows.append(('patch ' + p, '-', proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else 'ok'))
    return rows


def table(data, seconds, rebuilt, cocci, checks, total):
    c = data['counts']
    lines = ['hashtable-convert on Linux 6.1 (allmodconfig), %s' % time.strftime('%Y-%m-%d %H:%M'),
             '',
             '| what | count |', '|---|---|',
             '| candidate tables | %d |' % c['tables'],
             '| converted | %d |' % c['converted'],
             '| skipped | %d |' % c['skipped'],
             '| files changed | %d |' % c['files_changed'],
             '| checks failed (file not written) | %d |' % c['checks_failed'],
             '| objects rebuilt before and after | %d |' % len(rebuilt[0]),
             '| their warnings before -> after | %d -> %d |' % rebuilt[1:],
             '| problems (time-outs, parse errors) | %d |' % len(data['problems']),
             '| wrapper wall time, --check kbuild | %.0f s |' % seconds,
             '| make check-kernel wall time | %.0f s |' % total,
             '', 'Converted:', '']
    for t in data['tables']:
        if t['verdict'] == 'converted':
            lines.append('- %s:%s %s (%s)' % (t['file'], t['line'], t['name'], ', '.join(t['files'])))
    lines += ['', 'Skipped, by first reason:', '', '| tables | reason |', '|---|---|']
    for reason, n in sorted(c['skipped_by_reason'].items(), key=lambda x: (-x[1], x[0])):
        lines.append('| %d | %s |' % (n, reason.replace('|', '\\|')))
    lines += ['', 'Objects rebuilt before and after:', '']
    lines += ['- %s' % obj for obj in rebuilt[0]]
    lines += ['', 'make coccicheck (matching lines, seconds):', '']
    lines += ['- M=%s MODE=%s: %d lines, %.1f s' % r for r in cocci]
    lines += ['', 'checkpatch --strict (problems before -> after; patches: last line):', '']
    lines += ['- %s: %s -> %s' % r for r in checks]
    if data['problems']:
        lines += ['', 'Problems:', '']
        lines += ['- %s: %s' % (p['path'], p['message']) for p in data['problems']]
    return '\n'.join(lines) + '\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cache', default=kernel_tree.DEFAULT_CACHE)
    ap.add_argument('-j', '--jobs', type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    start = time.monotonic()
    pristine = kernel_tree.configured_tree(args.cache)
    work = kernel_tree.fresh_copy(pristine, os.path.join(args.cache, 'work'))
    results = os.path.join(args.cache, 'results', time.strftime('%Y%m%d-%H%M%S'))
    os.makedirs(results)
    try:
        say('1/5 hashtable-convert --check kbuild --in-place over the whole tree')
        data, seconds, series = step_convert(work, results, args.jobs)
        say('2/5 rebuilding every touched object before and after')
        rebuilt = step_rebuild(pristine, work, data, args.jobs)
        say('3/5 a second run must change nothing')
        step_second_run(work, args.jobs)
        say('4/5 make coccicheck in four modes')
        cocci = step_coccicheck(pristine, work, results)
        say('5/5 checkpatch')
        checks = step_checkpatch(pristine, work, data, series)
    except Failure as e:
        print('make check-kernel: FAILED: %s' % e, file=sys.stderr)
        print('(the tree is kept in %s, the results in %s)' % (work, results), file=sys.stderr)
        return 1
    text = table(data, seconds, rebuilt, cocci, checks, time.monotonic() - start)
    write(os.path.join(results, 'results.md'), text)
    latest = os.path.join(args.cache, 'results', 'latest')
    if os.path.islink(latest) or os.path.exists(latest):
        os.unlink(latest)
    os.symlink(os.path.basename(results), latest)
    print(text)
    print('make check-kernel: passed; results in %s' % results)
    shutil.rmtree(work)
    return 0


if __name__ == '__main__':
    sys.exit(main())
