#!/usr/bin/env python3
"""scripts/gen_upgrade.py - writes an upgrade script from a template and the
new version's install script.

    python3 scripts/gen_upgrade.py TEMPLATE OLD_SCRIPT NEW_SCRIPT OUT
    python3 scripts/gen_upgrade.py --check TEMPLATE OLD_SCRIPT NEW_SCRIPT OUT

The template is the upgrade's hand-written part with one marker line,
'-- @@ install statements @@', where every statement of NEW_SCRIPT goes that
the old version does not already have: the install-only preamble (the
\\echo guard, the safe-install check, the schema grant) and CREATE TYPE of a
type the old script created too are left out; everything else (routines,
new types and domains, comments) is copied as it stands.  So the routines of
the new version are created exactly as a fresh install creates them, and
the template only has to say what happens to what the old version had
(rename, drop, alter).  --check fails when OUT differs from what would be
written (run by scripts/test.sh), so an upgrade script cannot drift from
the install script before its version is released.  Once a version is
released its upgrade script is frozen: the next upgrade gets a template of
its own.
"""
import re
import sys

MARKER = '-- @@ install statements @@'


def statements(text):
    """Splits an SQL script into statements (with their leading comments),
    honouring dollar quotes; a statement ends at a line ending in ';'."""
    out, cur, tag = [], [], None
    for line in text.splitlines(keepends=True):
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


TYPE_RE = re.compile(r'CREATE TYPE (skill\.\w+)')


def created_types(text):
    return {m.group(1) for s in statements(text) for m in [TYPE_RE.match(body(s))] if m}


def install_only(stmt):
    b = body(stmt)
    return (b.startswith('\\echo') or b.startswith('DO $safe_install$')
            or b.startswith('GRANT USAGE ON SCHEMA skill'))


def generate(template, old, new):
    if template.count(MARKER) != 1:
        sys.exit('gen_upgrade: the template needs exactly one line ' + MARKER)
    old_types = created_types(old)
    kept = []
    for s in statements(new):
        m = TYPE_RE.match(body(s))
        if install_only(s) or (m and m.group(1) in old_types):
            continue
        kept.append(s)
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
            sys.exit('gen_upgrade: %s is out of date: run scripts/gen_upgrade.py %s'
                     % (argv[3], ' '.join(argv)))
        return
    with open(argv[3], 'w') as f:
        f.write(text)


if __name__ == '__main__':
    main(sys.argv[1:])
