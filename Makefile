# hashtable-convert — build, test, demo and install targets.
#
#   make check          all fast tests (header, rules, their Python); installs what is missing
#   make rule           assemble semantic-patches/*.cocci from semantic-patches/src/
#   make demo           run the tool on testdata/sample-tree: a diff and the summary
#   make check-kernel   the whole tool on Debian's Linux 6.1 (about 18 min; installs it)
#   make bench          wrapper vs make coccicheck vs grep on that tree
#   make install-kernel KDIR=...   put the rule where make coccicheck finds it

PYTHON ?= /usr/bin/python3
CC ?= gcc
export PYTHON

.PHONY: all deps deps-kernel rule check check-header check-header-pre39 check-rules check-tool \
	check-kernel bench install-kernel demo clean

all: check

deps:
	@tool/install-deps

deps-kernel:
	@tool/install-deps kernel

# the shipped rule is one self-contained file (make coccicheck needs that); its
# Python is edited as modules in semantic-patches/src/ and pasted in here
rule:
	@$(PYTHON) semantic-patches/amalgamate.py

check: deps check-header check-header-pre39 check-rules check-tool
	@echo "make check: all tests passed"

check-header: deps
	@$(MAKE) --no-print-directory -C tests/header

check-header-pre39: deps
	@$(MAKE) --no-print-directory -C tests/header-pre39

check-rules: deps
	@$(PYTHON) semantic-patches/amalgamate.py --check
	@$(PYTHON) tests/run_cases.py

check-tool: deps
	@cd tests && $(PYTHON) -m unittest test_amalgamation test_cocci_python test_modes test_failsafe test_declare test_tool_units test_tool_cli

demo: deps
	@echo "== tool/hashtable-convert testdata/sample-tree --check header"
	@echo "   (a diff on stdout, the summary on stderr; nothing is written)"
	@tool/hashtable-convert testdata/sample-tree --check header; \
		status=$$?; echo "== exit status $$status (1: a check failed, so that file is not in the diff)"; \
		test $$status -le 1
	@echo "== spatch -D report: the rule alone, on one file of the cases"
	@spatch --very-quiet -D report --sp-file semantic-patches/hashtable.cocci testdata/cases/bucket_locks.c

# The real kernel (Debian's linux-source-6.1, unpacked and configured once
# under $(KERNEL_CACHE)); see tests/kernel/ and docs/kernel-6.1.md.
KERNEL_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/hashtable-convert

check-kernel: deps-kernel
	@$(PYTHON) tests/kernel/check_kernel.py --cache $(KERNEL_CACHE)
	@$(MAKE) --no-print-directory -C tests/header kernel KDIR=$(KERNEL_CACHE)/linux-6.1

bench: deps-kernel
	@$(PYTHON) tests/kernel/bench.py --cache $(KERNEL_CACHE)

# make install-kernel KDIR=/path/to/linux: a plain make coccicheck there runs the rule
install-kernel:
	@test -n "$(KDIR)" || { echo "usage: make install-kernel KDIR=/path/to/linux" >&2; exit 2; }
	@test -d "$(KDIR)/scripts/coccinelle" || \
		{ echo "$(KDIR) is not a kernel tree (no scripts/coccinelle/)" >&2; exit 2; }
	@install -D -m 644 semantic-patches/hashtable.cocci $(KDIR)/scripts/coccinelle/api/hashtable.cocci
	@echo "installed $(KDIR)/scripts/coccinelle/api/hashtable.cocci:"
	@echo "  make coccicheck MODE=report M=<dir>   in $(KDIR) now runs it with the kernel's other rules"

clean:
	@$(MAKE) --no-print-directory -C tests/header clean
	rm -rf build
