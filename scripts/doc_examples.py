#!/usr/bin/env python3
"""scripts/doc_examples.py - run every SQL example of README.md and docs/*.md.

    python3 scripts/doc_examples.py [FILE.md ...]     (default: README.md docs/*.md)

Each file's ```sql blocks run in file order in a fresh database with the
extension (one database per file, so an example may use the tables of an
earlier one on the same page), through psql, as a reader would paste them.
An example passes when no statement raises an error it does not show and
every output it shows is what psql prints.  The conventions (documented in
docs/operations.md, "Development"):

  <!-- not run: REASON -->   right before a ```sql block: the block is skipped
                             (it needs outside data, a server setting, ...).
  SELECT ...;  -- → VALUE    the statement's result as `psql -A -t` prints it
                             (columns joined by |, one row per line); more rows
                             or a long value continue on comment lines that
                             start with "--" and two or more spaces; a remark
                             may follow the value after " -- ".
  -- ERROR:  MESSAGE         the statement fails with this message (DETAIL:
                             and HINT: lines may follow, compared too).
  a ``` block right after    the whole block's output as psql prints it by
  a ```sql block             default (aligned, with headers and row counts).

A query (SELECT, VALUES, TABLE, or WITH without INSERT, UPDATE or DELETE)
that shows none of these fails: every example query shows what it returns.

Comparisons ignore white space.  A number matches the result rounded to the
digits shown (1601.27 matches 1601.2682...); a number followed by "..." matches
its truncation; one shown to 15 or more significant digits must be
exactly what psql prints; "..." elsewhere matches anything.  Needs a running server with
the extension installed (PGHOST etc.); the psql beside $PG_CONFIG is used.
Run without arguments it also checks that every link between the pages leads
to an existing file and heading.  Ends with "N passed, N failed".
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

NOT_RUN = re.compile(r'^<!--\s*not run:\s*(.+?)\s*-->\s*$')
RESULT = '→'


def psql_path():
    pg_config = os.environ.get('PG_CONFIG')
    if pg_config:
        cand = os.path.join(os.path.dirname(pg_config), 'psql')
        if os.path.exists(cand):
            return cand
    return 'psql'


# ---------------------------------------------------------------- markdown

class Example:
    def __init__(self, path, line, sql):
        self.path, self.line, self.sql = path, line, sql
        self.not_run = None          # the reason, when marked not run
        self.output = None           # the ``` block shown after it, if any


def examples(path):
    """The ```sql blocks of a markdown file, with their markers."""
    lines = open(path, encoding='utf-8').read().split('\n')
    found = []
    i = 0
    pending_not_run = None
    last_sql = None           # the example a following ``` block would belong to
    while i < len(lines):
        line = lines[i]
        m = NOT_RUN.match(line.strip())
        if m:
            pending_not_run = m.group(1)
            i += 1
            continue
        fence = re.match(r'^(\s*)```(\w*)\s*$', line)
        if fence:
            lang = fence.group(2)
            j = i + 1
            while j < len(lines) and not re.match(r'^\s*```\s*$', lines[j]):
                j += 1
            body = '\n'.join(lines[i + 1:j])
            if lang == 'sql':
                ex = Example(path, i + 1, body)
                ex.not_run = pending_not_run
                found.append(ex)
                last_sql = ex
            elif lang in ('', 'text') and last_sql is not None:
                last_sql.output = body
                last_sql = None
            else:
                last_sql = None
            pending_not_run = None
            i = j + 1
            continue
        if line.strip():
            pending_not_run = None
            last_sql = None
        i += 1
    return found


# ---------------------------------------------------------------- SQL

class Statement:
    def __init__(self, text, line):
        self.text, self.line = text, line
        self.result = None           # expected -A -t output ("→" comments)
        self.error = None            # expected error lines


def split_sql(sql):
    """Statements (and psql meta-commands) of a block, each with the
    comments that follow it up to the next statement."""
    stmts = []
    cur = []
    i, n = 0, len(sql)
    line = 1
    start_line = None
    trailing = []      # comments after the last finished statement

    def finish():
        nonlocal cur, start_line
        text = ''.join(cur).strip()
        if text:
            stmts.append(Statement(text, start_line))
        cur = []
        start_line = None

    def attach(comment):
        if stmts and not ''.join(cur).strip():
            trailing.append((len(stmts) - 1, comment))

    while i < n:
        c = sql[i]
        if c == '\n':
            line += 1
            cur.append(c)
            i += 1
            continue
        if sql.startswith('--', i):
            j = sql.find('\n', i)
            j = n if j < 0 else j
            attach(sql[i:j])
            if ''.join(cur).strip():
                cur.append(sql[i:j])
            i = j
            continue
        if sql.startswith('/*', i):
            depth, j = 1, i + 2
            while j < n and depth:
                if sql.startswith('/*', j):
                    depth, j = depth + 1, j + 2
                elif sql.startswith('*/', j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            if ''.join(cur).strip():
                cur.append(sql[i:j])
            line += sql.count('\n', i, j)
            i = j
            continue
        if c == '\\' and not ''.join(cur).strip():
            j = sql.find('\n', i)
            j = n if j < 0 else j
            start_line = line
            cur.append(sql[i:j])
            finish()
            stmts[-1].meta = True
            i = j
            continue
        if start_line is None and not c.isspace():
            start_line = line
        if c in ("'", '"'):
            j = i + 1
            while j < n:
                if sql[j] == c:
                    if j + 1 < n and sql[j + 1] == c:
                        j += 2
                        continue
                    break
                if c == "'" and sql[j] == '\\' and i > 0 and sql[i - 1] in 'eE':
                    j += 2
                    continue
                j += 1
            cur.append(sql[i:j + 1])
            line += sql.count('\n', i, j + 1)
            i = j + 1
            continue
        if c == '$':
            m = re.match(r'\$([A-Za-z_][A-Za-z0-9_]*)?\$', sql[i:])
            if m and not (i > 0 and (sql[i - 1].isalnum() or sql[i - 1] == '_')):
                tag = m.group(0)
                j = sql.find(tag, i + len(tag))
                j = n if j < 0 else j + len(tag)
                cur.append(sql[i:j])
                line += sql.count('\n', i, j)
                i = j
                continue
        cur.append(c)
        i += 1
        if c == ';':
            finish()
    finish()
    for s in stmts:
        if not getattr(s, 'meta', False) and not s.text.rstrip().endswith(';'):
            s.text += ';'

    # Attach the "→" and "ERROR:" comments to the statement before them.
    groups = {}
    for k, comment in trailing:
        groups.setdefault(k, []).append(comment)
    for k, comments in groups.items():
        mode = None
        for c in comments:
            body = c[2:]
            if body.lstrip().startswith(RESULT):
                # "-- → VALUE -- remark": the remark is not compared.
                stmts[k].result = [body.lstrip()[len(RESULT):].split(' -- ')[0]]
                mode = 'result'
            elif re.match(r'\s*ERROR:', body):
                stmts[k].error = [body.strip()]
                mode = 'error'
            elif mode == 'error' and re.match(r'\s*(DETAIL|HINT):', body):
                stmts[k].error.append(body.strip())
            elif mode == 'result' and body.startswith('  '):
                stmts[k].result.append(body.split(' -- ')[0])
            else:
                mode = None
    return stmts


# ---------------------------------------------------------------- comparing

NUM = r'-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?'
TOKEN = re.compile(r'(%s)|(\.\.\.)|(\S)' % NUM)


def tokens(text):
    out = []
    for m in TOKEN.finditer(text):
        if m.group(1):
            out.append(('n', m.group(1)))
        elif m.group(2):
            out.append(('...', None))
        else:
            out.append(('c', m.group(3)))
    return out


def number_matches(expected, actual, truncated):
    # A number shown to 15 or more significant digits is a float8 as psql
    # prints it: it must be that exact text.
    if not truncated and len(re.sub(r'^[-0.]*|[eE].*$|\.', '', expected)) >= 15:
        return expected == actual
    m = re.match(r'-?\d+(?:\.(\d+))?(?:[eE]([-+]?\d+))?$', expected)
    decimals = len(m.group(1) or '')
    exponent = int(m.group(2) or 0)
    unit = 10.0 ** (exponent - decimals)
    e, a = float(expected), float(actual)
    slack = 1e-12 * max(abs(e), abs(a))
    return abs(a - e) <= (unit if truncated else unit / 2) + slack


def matches(expected, actual):
    exp, act = tokens(expected), tokens(actual)
    memo = {}

    def go(i, j):
        key = (i, j)
        if key in memo:
            return memo[key]
        if i == len(exp):
            r = j == len(act)
        elif exp[i][0] == '...':
            r = any(go(i + 1, k) for k in range(j, len(act) + 1))
        elif j == len(act):
            r = False
        elif exp[i][0] == 'n':
            truncated = i + 1 < len(exp) and exp[i + 1][0] == '...'
            r = (act[j][0] == 'n' and number_matches(exp[i][1], act[j][1], truncated)
                 and go(i + 2 if truncated else i + 1, j + 1))
        else:
            r = exp[i] == act[j] and go(i + 1, j + 1)
        memo[key] = r
        return r

    sys.setrecursionlimit(100000)
    return go(0, 0)


# ---------------------------------------------------------------- running

MESSAGE = re.compile(r'^(?:psql:[^:]*:\d+: )?(ERROR|WARNING|NOTICE|INFO|DETAIL|HINT|CONTEXT|LINE \d+|QUERY):')


QUERY = re.compile(r'^(SELECT|VALUES|TABLE|WITH)\b', re.I)
WRITES = re.compile(r'\b(INSERT|UPDATE|DELETE)\b', re.I)


def shows_nothing(st, ex):
    """A query whose example shows no result, error or block output."""
    if getattr(st, 'meta', False) or st.result is not None or st.error is not None:
        return False
    if ex.output is not None:
        return False
    text = st.text.strip()
    if not QUERY.match(text):
        return False
    return not (text[:4].upper() == 'WITH' and WRITES.search(text))


def drop_rules(text):
    """Without the lines of dashes under aligned headers (their width varies)."""
    return '\n'.join(l for l in text.split('\n') if not re.match(r'^\s*-[-+\s]*$', l))


def strip_prefix(line):
    return re.sub(r'^psql:[^:]*:\d+: ', '', line)


def run_file(path, psql, failures):
    exs = examples(path)
    runnable = [e for e in exs if e.not_run is None]
    skipped = len(exs) - len(runnable)
    if not runnable:
        return 0, 0, skipped
    db = 'skill_doc_' + re.sub(r'\W', '_', os.path.splitext(os.path.basename(path))[0].lower())
    admin = [psql, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', 'postgres', '-c', 'SET client_min_messages = warning']
    subprocess.run(admin + ['-c', 'DROP DATABASE IF EXISTS %s' % db, '-c', 'CREATE DATABASE %s' % db],
                   check=True, stdout=subprocess.DEVNULL)
    # The page's own CREATE EXTENSION (the set-up step) does it, or the test.
    if not any(re.search(r'^\s*CREATE EXTENSION skill\b', e.sql, re.M | re.I) for e in runnable):
        subprocess.run([psql, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', db, '-c', 'CREATE EXTENSION skill'],
                       check=True, stdout=subprocess.DEVNULL)
    script = ['\\set ON_ERROR_STOP 0', '\\pset pager off']
    plan = []
    aligned = ['\\pset format aligned', '\\pset tuples_only off']
    unaligned = ['\\pset format unaligned', '\\pset tuples_only on']
    for b, ex in enumerate(runnable):
        ex.statements = split_sql(ex.sql)
        for s, st in enumerate(ex.statements):
            # "→" results are compared as psql -A -t prints them; a block's
            # shown output as psql prints by default.
            script += unaligned if st.result is not None or ex.output is None else aligned
            script.append('\\echo @@@doc %d %d' % (b, s))
            script.append(st.text)
            plan.append((b, s))
        script.append('\\echo @@@doc %d end' % b)
    proc = subprocess.run([psql, '-X', '-q', '-d', db, '-f', '-'], input='\n'.join(script) + '\n',
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900)
    outputs = {}
    key = None
    for line in proc.stdout.split('\n'):
        m = re.match(r'^@@@doc (\d+) (\d+|end)$', line)
        if m:
            key = (int(m.group(1)), m.group(2))
            outputs[key] = []
        elif key is not None:
            outputs[key].append(strip_prefix(line))
    passed = failed = 0
    for b, ex in enumerate(runnable):
        where = '%s:%d' % (os.path.relpath(ex.path, ROOT), ex.line)
        problems = []
        block_out = []
        for s, st in enumerate(ex.statements):
            out = outputs.get((b, str(s)))
            if out is None:
                problems.append('statement %d never ran (psql stopped?)' % (s + 1))
                break
            while out and out[-1] == '':
                out = out[:-1]
            errors = [l for l in out if l.startswith('ERROR:')]
            messages = [l for l in out if MESSAGE.match(l)]
            rows = [l for l in out if not MESSAGE.match(l) and not re.match(r'^\s*\^\s*$', l)]
            if st.error is not None:
                for want in st.error:
                    kind = want.split(':', 1)[0]
                    got = [l for l in messages if l.startswith(kind + ':')]
                    if not any(matches(want, g) for g in got):
                        problems.append('line %d: expected %s\n      got: %s'
                                        % (ex.line + st.line, want, ' | '.join(messages) or '(no error)'))
            elif errors:
                problems.append('line %d: %s\n      %s' % (ex.line + st.line, ' | '.join(messages),
                                                          st.text.split('\n')[0][:100]))
            if shows_nothing(st, ex):
                problems.append('line %d: the query shows no output; add "-- → " and what psql -A -t prints'
                                % (ex.line + st.line))
            if st.result is not None:
                want = '\n'.join(st.result)
                if not matches(want, '\n'.join(rows)):
                    problems.append('line %d: expected → %s\n      got:     %s'
                                    % (ex.line + st.line, want.strip(), '\n               '.join(rows)))
            if ex.output is not None and st.result is None:
                block_out += [l for l in out if not MESSAGE.match(l) or l.startswith(('NOTICE:', 'WARNING:'))]
        if ex.output is not None and not problems:
            shown = ex.output
            if 'NOTICE:' not in shown and 'WARNING:' not in shown:
                block_out = [l for l in block_out if not l.startswith(('NOTICE:', 'WARNING:'))]
            if not matches(drop_rules(shown), drop_rules('\n'.join(block_out))):
                problems.append('the output shown differs; psql prints:\n' + '\n'.join(block_out))
        if problems:
            failed += 1
            failures.append('FAIL %s\n  %s' % (where, '\n  '.join(problems)))
        else:
            passed += 1
    return passed, failed, skipped


def anchor(title):
    """GitHub's anchor of a heading."""
    t = re.sub(r'`', '', title.strip().lower())
    t = re.sub(r'[^\w\- ]', '', t)
    return t.replace(' ', '-')


def broken_links(files):
    """Links between the pages (file and #anchor) that lead nowhere."""
    anchors = {}
    for f in files:
        found, seen, fence = set(), {}, False
        for line in open(os.path.join(ROOT, f), encoding='utf-8'):
            if line.lstrip().startswith('```'):
                fence = not fence
            m = None if fence else re.match(r'^#+\s+(.*)', line)
            if m:
                a = anchor(m.group(1))
                n = seen.get(a, 0)
                seen[a] = n + 1
                found.add(a if n == 0 else '%s-%d' % (a, n))
        anchors[os.path.normpath(f)] = found
    bad = []
    for f in files:
        for m in re.finditer(r'\]\(([^)\s]+)\)', open(os.path.join(ROOT, f), encoding='utf-8').read()):
            target = m.group(1)
            if re.match(r'^[a-z]+:', target):
                continue
            path, _, frag = target.partition('#')
            dest = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else os.path.normpath(f)
            if not os.path.exists(os.path.join(ROOT, dest)):
                bad.append('%s: %s (no such file)' % (f, target))
            elif frag and dest in anchors and frag not in anchors[dest]:
                bad.append('%s: %s (no such heading)' % (f, target))
    return bad


def main():
    files = sys.argv[1:] or (['README.md'] + sorted(
        os.path.join('docs', f) for f in os.listdir(os.path.join(ROOT, 'docs')) if f.endswith('.md')))
    psql = psql_path()
    total_passed = total_failed = total_skipped = 0
    failures = []
    for f in files:
        path = os.path.join(ROOT, f)
        p, fl, sk = run_file(path, psql, failures)
        print('%s: %d passed, %d failed, %d not run' % (f, p, fl, sk))
        total_passed += p
        total_failed += fl
        total_skipped += sk
    # One more check: the links between the pages lead somewhere.
    if not sys.argv[1:]:
        bad = broken_links(files)
        print('links between the pages: %s' % ('ok' if not bad else '%d broken' % len(bad)))
        failures += ['FAIL broken link %s' % b for b in bad]
        total_passed += not bad
        total_failed += bool(bad)
    for msg in failures:
        print(msg)
    print('doc examples: %d not run (marked "not run" with a reason)' % total_skipped)
    print('doc examples: %d passed, %d failed' % (total_passed, total_failed))
    return 1 if total_failed else 0


if __name__ == '__main__':
    sys.exit(main())
