"""Debian's linux-source-6.1, unpacked and configured once in a cache directory.

The tarball comes from the linux-source-6.1 package (tool/install-deps kernel
installs it). The tree is configured with allmodconfig and prepared, so that
any single object builds in about a second; runs work on a copy of it.
"""

import glob
import os
import shutil
import subprocess
import sys
import time

TARBALL_GLOB = '/usr/src/linux-source-6.1*.tar.xz'
STAMP = '.hashtable-convert-configured'
DEFAULT_CACHE = os.path.join(os.environ.get('XDG_CACHE_HOME') or
                             os.path.join(os.path.expanduser('~'), '.cache'), 'hashtable-convert')


def say(msg):
    print('[%s] %s' % (time.strftime('%H:%M:%S'), msg), file=sys.stderr, flush=True)


def configured_tree(cache):
    """The pristine configured tree, made if missing. Never modify it: copy it."""
    tree = os.path.join(cache, 'linux-6.1')
    if os.path.exists(os.path.join(tree, STAMP)):
        return tree
    tarballs = sorted(glob.glob(TARBALL_GLOB))
    if not tarballs:
        sys.exit('no %s: run tool/install-deps kernel as root (apt-get install linux-source-6.1)'
                 % TARBALL_GLOB)
    if os.path.exists(tree):
        shutil.rmtree(tree)
    os.makedirs(cache, exist_ok=True)
    unpack = os.path.join(cache, 'unpack')
    if os.path.exists(unpack):
        shutil.rmtree(unpack)
    os.makedirs(unpack)
    say('unpacking %s' % tarballs[-1])
    subprocess.run(['tar', '-xf', tarballs[-1], '-C', unpack], check=True)
    (top,) = os.listdir(unpack)
    os.rename(os.path.join(unpack, top), tree)
    os.rmdir(unpack)
    say('configuring: make allmodconfig && make prepare')
    jobs = str(os.cpu_count() or 1)
    for target in ('allmodconfig', 'prepare'):
        subprocess.run(['make', '-s', '-j' + jobs, target], cwd=tree, check=True,
                       stdout=subprocess.DEVNULL)
    with open(os.path.join(tree, STAMP), 'w') as f:
        f.write('allmodconfig + prepare\n')
    return tree


def fresh_copy(tree, dest):
    """A copy of the configured tree at dest, replacing whatever was there."""
    if os.path.exists(dest):
        shutil.rmtree(dest)
    say('copying the configured tree to %s' % dest)
    subprocess.run(['cp', '-a', tree, dest], check=True)
    return dest
