# skill - PostgreSQL extension for skill ratings and matchmaking (PGXS build).
#
#   make && make install        build and install into the server PG_CONFIG names
#   make SKILL_ASSERT=1          the same with the extension's Assert()s checked
#   make installcheck           run the pg_regress suite against a running server
#   make unittest               build and run the plain-C core's unit tests
#   bash scripts/test.sh        everything, on a throwaway cluster (see README)

EXTENSION = skill
EXTVERSION = 1.1.0

MODULE_big = skill
# Layers, each including only the ones below it (scripts/check_layers.sh):
#   src/core      plain C math, no PostgreSQL headers
#   src/engine    the replay engine, independent of where rows come from
#   src/families  one file per rating family: options and callbacks
#   src/sql       fmgr glue and the SQL declarations
LAYERS = core engine families sql
OBJS = $(patsubst %.c,%.o,$(sort $(foreach l,$(LAYERS),$(wildcard src/$(l)/*.c))))

# The install script is assembled from src/sql/*.sql in file-name order, so
# each family keeps its SQL next to its concern.
EXTENSION_SCRIPT = $(EXTENSION)--$(EXTVERSION).sql
# The per-match update recipe (docs/per-match.md) is installed beside the
# extension's scripts, under the extension's name, for \i from any psql.
RECIPE = $(EXTENSION)_record_match.sql
DATA_built = $(EXTENSION_SCRIPT) $(RECIPE)
# Released versions: each one's install script frozen as it shipped, and the
# upgrade scripts from each to the next (docs/operations.md, "Upgrades"; sql/upgrade.sql
# keeps every released version upgradable to this one).
DATA = $(sort $(wildcard versions/$(EXTENSION)--*.sql))
# The replay aggregates and history functions are generated from the family
# list (scripts/gen_family_sql.awk), so adding a family is one line there.
FAMILY_LIST = src/families/families.def
GENERATED_SQL = src/sql/70_replay.sql src/sql/71_history.sql
SQL_PARTS = $(sort $(wildcard src/sql/*.sql) $(GENERATED_SQL))

REGRESS = $(sort $(notdir $(basename $(wildcard sql/*.sql))))
REGRESS_OPTS = --load-extension=$(EXTENSION)
# Concurrency tests (two or more sessions) for pg_isolation_regress.
ISOLATION = $(sort $(notdir $(basename $(wildcard specs/*.spec))))
ISOLATION_OPTS = --load-extension=$(EXTENSION)

EXTRA_CLEAN = $(DATA_built) $(GENERATED_SQL) $(EXTENSION)-*.zip $(FLAVOR_STAMP)

PG_CONFIG ?= pg_config
PG_CPPFLAGS = -Isrc -DSKILL_VERSION='"$(EXTVERSION)"'
# make SKILL_PORTABLE=1 (and make SKILL_PORTABLE=1 install): PostgreSQL's
# tuple and array layouts and its error context stack reached only
# through its documented APIs (src/sql/pg_internals.c), the same results.
# SKILL_PORTABLE="ROW_TEMPLATE ..." takes the named operations' portable
# paths alone (the SKILL_PORTABLE_* of src/sql/pg_internals.h).
ifeq ($(SKILL_PORTABLE),1)
PG_CPPFLAGS += -DSKILL_PORTABLE
else ifneq ($(SKILL_PORTABLE),)
PG_CPPFLAGS += $(foreach op,$(SKILL_PORTABLE),-DSKILL_PORTABLE_$(op))
endif
# make SKILL_ASSERT=1 (and make SKILL_ASSERT=1 install): the extension's
# Assert()s checked, as in a server built with --enable-cassert, against
# any server: only the extension is compiled with USE_ASSERT_CHECKING, and
# a failed Assert() calls ExceptionalCondition, which every server exports
# (scripts/test.sh runs pg_regress once on this build).
ifeq ($(SKILL_ASSERT),1)
PG_CPPFLAGS += -DUSE_ASSERT_CHECKING
endif
# The objects are rebuilt when the build switches between flavors (or the
# version changes): the stamp's content (and time) changes only then.
FLAVOR_STAMP = .build-flavor
FLAVOR = SKILL_PORTABLE=$(SKILL_PORTABLE) SKILL_ASSERT=$(SKILL_ASSERT) EXTVERSION=$(EXTVERSION)
$(shell echo '$(FLAVOR)' | cmp -s - $(FLAVOR_STAMP) 2>/dev/null || \
	echo '$(FLAVOR)' > $(FLAVOR_STAMP))
# Keep fast-math and friends out: they change the last bits of results.
# -fno-math-errno only lets sqrt be one instruction (no errno to set on a
# negative argument, which the cores never pass); values are unchanged.
override PG_CFLAGS += -std=gnu99 -fno-fast-math -fno-math-errno
# Linked against libm itself, the module binds log, exp and pow to their
# current glibc versions; left to the server's libm it got the oldest ones,
# which add a wrapper call (SVID error handling) to every call.  -Bsymbolic:
# calls between the module's own files go straight to the function instead
# of through the PLT.  Neither changes a value.
SHLIB_LINK += -lm -Wl,-Bsymbolic

PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# Supported majors: 15 to 18 (docs/operations.md, "Supported majors");
# src/engine/pg_compat.h keeps what differs between them.
ifeq ($(shell test "$(MAJORVERSION)" -lt 15 2>/dev/null && echo old),old)
$(error skill supports PostgreSQL 15, 16, 17 and 18; $(PG_CONFIG) is PostgreSQL $(MAJORVERSION))
endif

# PGXS does not track headers: rebuild everything when any header changes.
$(OBJS): $(foreach l,$(LAYERS),$(wildcard src/$(l)/*.h)) $(FAMILY_LIST) $(FLAVOR_STAMP)

$(EXTENSION_SCRIPT): $(SQL_PARTS)
	cat $(SQL_PARTS) > $@

$(RECIPE): scripts/record_match.sql
	cp $< $@

src/sql/70_replay.sql: $(FAMILY_LIST) scripts/gen_family_sql.awk
	awk -v part=replay -f scripts/gen_family_sql.awk $(FAMILY_LIST) > $@

src/sql/71_history.sql: $(FAMILY_LIST) scripts/gen_family_sql.awk
	awk -v part=history -f scripts/gen_family_sql.awk $(FAMILY_LIST) > $@

# The upgrade script from the last release to this version is generated
# from its template (UPGRADE_SCRIPT.in: what happens to what the release
# had) and the install script until this version ships, then frozen
# (scripts/gen_upgrade.py).  make upgrade-script writes it; scripts/test.sh
# runs make check-upgrade-script.
UPGRADE_FROM = 1.0.0
UPGRADE_SCRIPT = versions/$(EXTENSION)--$(UPGRADE_FROM)--$(EXTVERSION).sql
UPGRADE_ARGS = $(UPGRADE_SCRIPT).in versions/$(EXTENSION)--$(UPGRADE_FROM).sql \
	$(EXTENSION_SCRIPT) $(UPGRADE_SCRIPT)
.PHONY: upgrade-script check-upgrade-script print-upgrade-script print-version
upgrade-script: $(EXTENSION_SCRIPT)
	python3 scripts/gen_upgrade.py $(UPGRADE_ARGS)
check-upgrade-script: $(EXTENSION_SCRIPT)
	@python3 scripts/gen_upgrade.py --check $(UPGRADE_ARGS) || \
		{ echo "run make upgrade-script"; exit 1; }
print-upgrade-script:
	@echo $(UPGRADE_SCRIPT)
print-version:
	@echo $(EXTVERSION)

# Every source file includes only headers of its own layer or those below.
.PHONY: check-layers
check-layers:
	@bash scripts/check_layers.sh
all: check-layers

# The core compiles as plain C99 with no PostgreSQL headers on the include
# path (scripts/check_layers.sh also rejects any non-C-library include).
.PHONY: core-standalone
core-standalone:
	@for f in $(wildcard src/core/*.c); do \
		$(CC) -std=c99 -pedantic -Wall -Wextra -Werror -fsyntax-only $$f || exit 1; \
	done; echo "core-standalone: ok"

# A family's struct cannot contradict its families.def line (FAMILY_IDENTITY,
# src/families/family.h): tests/families/listed.c compiles, and each
# mismatch_*.c fails with the error its "expect:" line names.
FAMILY_CHECK_CC = $(CC) $(CPPFLAGS) $(CFLAGS) $(WERROR_CFLAGS) -fsyntax-only
.PHONY: check-families
check-families:
	@$(FAMILY_CHECK_CC) tests/families/listed.c || { echo "check-families: listed.c does not compile"; exit 1; }
	@for f in tests/families/mismatch_*.c; do \
		want=$$(sed -n 's/^ \* expect: //p' $$f); \
		if out=$$($(FAMILY_CHECK_CC) $$f 2>&1); then echo "check-families: $$f compiles"; exit 1; fi; \
		echo "$$out" | grep -qe "$$want" || { echo "check-families: $$f fails without $$want:"; echo "$$out"; exit 1; }; \
	done; echo "check-families: ok"

.PHONY: unittest
unittest:
	$(MAKE) -C tests/unit

# What CI builds with: every warning an error.  -Wextra's sign-compare,
# unused-parameter and missing-field-initializers fire inside PostgreSQL's
# own headers, so those three stay off.
WERROR_CFLAGS = -Wall -Wextra -Wno-sign-compare -Wno-unused-parameter \
	-Wno-missing-field-initializers -Werror

.PHONY: print-werror-cflags
print-werror-cflags:
	@echo $(WERROR_CFLAGS)

# The PGXN release: every committed file under skill-VERSION/ in one zip.
DIST = $(EXTENSION)-$(EXTVERSION).zip
.PHONY: dist
dist:
	git archive --format=zip --prefix=$(EXTENSION)-$(EXTVERSION)/ -o $(DIST) HEAD
	@echo "wrote $(DIST)"
