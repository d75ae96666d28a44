#!/usr/bin/env python3
"""scripts/gen_upgrade.py - writes an upgrade script from a template and the
new version's install script.

    python3 scripts/gen_upgrade.py TEMPLATE OLD_SCRIPT NEW_SCRIPT OUT
    python3 scripts/gen_upgrade.py --check TEMPLATE OLD_SCRIPT NEW_SCRIPT OUT

The template is the upgrade's hand-written part with one marker line,
'-- @@ install statements @@', where every statement of NEW_SCRIPT goes that
the old version does not already have: the install-only preamble (the
\\echo guard, the safe-install check, the schema grant) and CREATE TYPE or DOMAIN of a
type the old script created too are left out; everything else (routines,
new types and domains, comments) is copied, routines as CREATE OR REPLACE.  So the routines of
the new version are created exactly as a fresh install creates them, and
the template only has to say what happens to what the old version had
(rename, drop, alter, move to another schema).  The schema skill_internal
(the aggregates' support functions) is created by the install script and,
for an upgrade, by the template before the old support functions move
into it, so its CREATE SCHEMA and COMMENT are left out as well.  --check
fails when OUT differs from what would be written (run by scripts/test.sh), so an upgrade script cannot drift from
the install script before its version is released.  Once a version is
released its upgrade script is frozen: the next upgrade gets a template of
its own.
"""
import re
import sys

MARKER = '-- @@ install statements @@'


def statements(text):
    """Splits an SQL script into statements (with their leading comments),
    honouring dollar quotes; a statement ends at a line ending in ';', a psql
    meta-command (\\echo) at its line's end."""
    out, cur, tag = [], [], None
    for line in text.splitlines(keepends=True):
        if tag is None and line.startswith('\\'):
            out.append(''.join(cur) + line)     # a psql meta-command: one line
            cur = []
            continue
        cur.append(line)
        for m in re.finditer(r'\$[A-Za-z_]*\$', line):
            if tag is None:
                tag = m.group(0)
            elif m.group(0) == tag:
                tag = None
        if tag is None and line.rstrip().endswith(';'):
            out.append(''.join(cur))
            cur = []
    if ''.join(cur).strip():
        out.append(''.join(cur))
    return out


def body(stmt):
    """The statement without its leading comment and blank lines."""
    lines = stmt.splitlines(keepends=True)
    while lines and (not lines[0].strip() or lines[0].lstrip().startswith('--')):
        lines.pop(0)
    return ''.join(lines)


TYPE_RE = re.compile(r'CREATE (?:TYPE|DOMAIN) (skill\.\w+)')


def created_types(text):
    return {m.group(1) for s in statements(text) for m in [TYPE_RE.match(body(s))] if m}


def install_only(stmt):
    b = body(stmt)
    return (b.startswith('\\echo') or b.startswith('DO $safe_install$')
            or b.startswith('GRANT USAGE ON SCHEMA skill ')
            or b.startswith('CREATE SCHEMA skill_internal;')
            or b.startswith('COMMENT ON SCHEMA skill_internal '))


# Routines are replaced in place where they exist, so objects of the user's
# that call them (views, defaults, indexes) survive; the template drops
# first what cannot be replaced (a changed argument type or result).
REPLACE_RE = re.compile(r'^CREATE (FUNCTION|AGGREGATE|PROCEDURE) (skill|skill_internal)\.', re.M)
RENAME_RE = re.compile(r'^ALTER TYPE (skill)\.(\w+) RENAME TO (\w+);', re.M)


def generate(template, old, new):
    if template.count(MARKER) != 1:
        sys.exit('gen_upgrade: the template needs exactly one line ' + MARKER)
    # The old version's types, under the names the template gives them.
    old_types = created_types(old)
    for schema, name, new_name in RENAME_RE.findall(template.split(MARKER)[0]):
        old_types.discard('%s.%s' % (schema, name))
        old_types.add('%s.%s' % (schema, new_name))
    kept = []
    for s in statements(new):
        m = TYPE_RE.match(body(s))
        if install_only(s) or (m and m.group(1) in old_types):
            continue
        kept.append(REPLACE_RE.sub(r'CREATE OR REPLACE \1 \2.', s, count=1))
    return template.replace(MARKER, ''.join(kept).strip('\n'))


def main(argv):
    check = argv[:1] == ['--check']
    if check:
        argv = argv[1:]
    if len(argv) != 4:
        sys.exit(__doc__)
    template, old, new = (open(p).read() for p in argv[:3])
    text = generate(template, old, new)
    if check:
        try:
            current = open(argv[3]).read()
        except FileNotFoundError:
            current = None
        if current != text:
            sys.exit('gen_upgrade: %s is out of date: run make upgrade-script '
                     '(scripts/gen_upgrade.py %s)' % (argv[3], ' '.join(argv)))
        return
    with open(argv[3], 'w') as f:
        f.write(text)


if __name__ == '__main__':
    main(sys.argv[1:])
