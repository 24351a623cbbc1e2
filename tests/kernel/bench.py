#!/usr/bin/env python3
"""make bench: the wrapper's whole-tree run against make coccicheck and grep.

On the configured Linux 6.1 tree of kernel_tree.py (nothing is written to it):
 (a) tool/hashtable-convert TREE --check none -j 2          (the wrapper)
 (b) make coccicheck MODE=patch COCCI=semantic-patches/hashtable.cocci J=2
                                  (what a kernel developer would run instead)
 (c) grep -rl hlist_head TREE                                (the floor)
each run --runs times, in turn; the medians and the ratio a/b are printed as a
Markdown table and stored under the cache directory, with the stages of the
wrapper's median run (its --json report: where the time goes).
"""

import argparse
import json
import os
import statistics
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


def commands(tree, jobs, report):
    return [
        ('(a) wrapper', 'tool/hashtable-convert TREE --check none -j %d' % jobs,
         [sys.executable, TOOL, tree, '--check', 'none', '-j', str(jobs), '--quiet',
          '--json', report]),
        ('(b) make coccicheck', 'make -C TREE coccicheck MODE=patch '
         'COCCI=semantic-patches/hashtable.cocci J=%d' % jobs,
         ['make', '-s', '-C', tree, 'coccicheck', 'MODE=patch', 'COCCI=' + COCCI, 'J=%d' % jobs]),
        ('(c) grep', 'grep -rl hlist_head TREE', ['grep', '-rl', 'hlist_head', tree]),
    ]


def timed(cmd):
    start = time.monotonic()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - start


def read_stages(report):
    """The wall time of each stage of a wrapper run, from its --json report ({} if none)."""
    try:
        with open(report) as f:
            return json.load(f).get('stages', {})
    except (OSError, ValueError):
        return {}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cache', default=kernel_tree.DEFAULT_CACHE)
    ap.add_argument('--runs', type=int, default=3)
    ap.add_argument('-j', '--jobs', type=int, default=2)
    args = ap.parse_args()
    tree = kernel_tree.configured_tree(args.cache)
    report = os.path.join(args.cache, 'results', 'bench-report.json')
    os.makedirs(os.path.dirname(report), exist_ok=True)
    runs = {name: [] for name, _, _ in commands(tree, args.jobs, report)}
    stages = []                       # of each wrapper run
    subprocess.run(['grep', '-rlq', 'hlist_head', tree])        # warm the page cache
    for n in range(args.runs):
        for name, _, cmd in commands(tree, args.jobs, report):
            say('run %d/%d: %s' % (n + 1, args.runs, name))
            runs[name].append(timed(cmd))
            if name == '(a) wrapper':
                stages.append(read_stages(report))
    median = {name: statistics.median(times) for name, times in runs.items()}
    lines = ['Linux 6.1 whole tree, %d cores, %d runs each, %s' % (os.cpu_count(), args.runs,
                                                                  time.strftime('%Y-%m-%d')),
             '', '| run | command | median | runs |', '|---|---|---|---|']
    for name, shown, _ in commands(tree, args.jobs, report):
        lines.append('| %s | `%s` | %.1f s | %s |' % (name, shown, median[name],
                                                    ', '.join('%.1f' % t for t in runs[name])))
    ratio = median['(a) wrapper'] / median['(b) make coccicheck']
    lines += ['', 'a/b = %.2f' % ratio]
    times = runs['(a) wrapper']
    at = min(range(len(times)), key=lambda k: abs(times[k] - median['(a) wrapper']))
    if stages[at]:
        lines += ['', 'stages of the median wrapper run (wall time; the two spatch batches '
                  'and the analysis overlap):', '']
        lines += ['- %s: %.1f s' % (stage, secs) for stage, secs in sorted(
            stages[at].items(), key=lambda kv: -kv[1])]
    text = '\n'.join(lines) + '\n'
    out = os.path.join(args.cache, 'results', 'bench-%s.md' % time.strftime('%Y%m%d-%H%M%S'))
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, 'w') as f:
        f.write(text)
    print(text)
    print('make bench: results in %s' % out)
    return 0


if __name__ == '__main__':
    sys.exit(main())
