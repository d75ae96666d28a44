-- Upgrades: every released version, installed from its frozen script
-- (versions/skill--VERSION.sql) and brought up by ALTER EXTENSION skill
-- UPDATE, must equal a fresh install of the newest version: (a) data in
-- tables using the extension's types survives, (b) the extension's members
-- (pg_depend deptype 'e') match, each with its definition (signature,
-- defaults, result, volatility, strictness, parallel safety, C symbol or
-- aggregate support functions; a type's attributes), comment and
-- privileges, and (c) a few calls give the same results.  A difference in
-- (b) is listed object by object: what the upgrade script lacks, what it
-- leaves behind, and which aspect of a shared object differs.
\set VERBOSITY terse
SELECT current_database() AS test_database \gset
CREATE DATABASE regress_skill_upgrade;
\c regress_skill_upgrade
\set VERBOSITY terse
CREATE SCHEMA upgrade_check;
-- One row per member and aspect, by name (OIDs differ between installs).
CREATE VIEW upgrade_check.members AS
WITH m AS (
  SELECT d.classid, d.objid, d.objsubid,
         pg_describe_object(d.classid, d.objid, d.objsubid) AS object
  FROM pg_depend d
  JOIN pg_extension e ON d.refclassid = 'pg_extension'::regclass AND d.refobjid = e.oid
  WHERE e.extname = 'skill' AND d.deptype = 'e'
)
SELECT m.object, a.aspect, a.value
FROM m
CROSS JOIN LATERAL (
  -- The definition: everything CREATE would set, by kind of object.
  SELECT 'definition' AS aspect,
    CASE m.classid
    WHEN 'pg_proc'::regclass THEN (
      SELECT CASE WHEN p.prokind = 'a' THEN
          format('aggregate(%s) returns %s parallel %s: %s',
            pg_get_function_arguments(p.oid), pg_get_function_result(p.oid), p.proparallel,
            (SELECT row(g.aggkind, g.aggnumdirectargs, g.aggtransfn::regprocedure, g.aggfinalfn::regprocedure,
                        g.aggcombinefn::regprocedure, g.aggserialfn::regprocedure, g.aggdeserialfn::regprocedure,
                        g.aggmtransfn::regprocedure, g.aggminvtransfn::regprocedure, g.aggmfinalfn::regprocedure,
                        g.aggfinalextra, g.aggmfinalextra, g.aggfinalmodify, g.aggmfinalmodify,
                        g.aggsortop::regoperator, g.aggtranstype::regtype, g.aggtransspace,
                        g.aggmtranstype::regtype, g.aggmtransspace, g.agginitval, g.aggminitval)::text
             FROM pg_aggregate g WHERE g.aggfnoid = p.oid))
        ELSE pg_get_functiondef(p.oid) END
      FROM pg_proc p WHERE p.oid = m.objid)
    WHEN 'pg_type'::regclass THEN (
      SELECT format('type kind %s: %s', t.typtype, CASE t.typtype
        WHEN 'c' THEN (SELECT string_agg(format('%I %s', at.attname, format_type(at.atttypid, at.atttypmod))
                                         || coalesce(' -- ' || col_description(t.typrelid, at.attnum), ''),
                                         ', ' ORDER BY at.attnum)
                       FROM pg_attribute at WHERE at.attrelid = t.typrelid AND at.attnum > 0 AND NOT at.attisdropped)
        WHEN 'd' THEN format_type(t.typbasetype, t.typtypmod) || CASE WHEN t.typnotnull THEN ' not null' ELSE '' END
                      || coalesce(' default ' || t.typdefault, '')
                      || coalesce((SELECT ' ' || string_agg(format('%I %s', c.conname, pg_get_constraintdef(c.oid)), ' ' ORDER BY c.conname)
                                   FROM pg_constraint c WHERE c.contypid = t.oid), '')
        WHEN 'e' THEN (SELECT string_agg(quote_literal(en.enumlabel), ', ' ORDER BY en.enumsortorder)
                       FROM pg_enum en WHERE en.enumtypid = t.oid)
        ELSE t.typinput::regproc::text || ' ' || t.typoutput::regproc::text END)
      FROM pg_type t WHERE t.oid = m.objid)
    WHEN 'pg_namespace'::regclass THEN (
      SELECT 'schema' FROM pg_namespace n WHERE n.oid = m.objid)
    WHEN 'pg_operator'::regclass THEN (
      SELECT format('%s %s %s %s %s', o.oprcode::regproc, o.oprcom::regoperator, o.oprnegate::regoperator,
                    o.oprrest, o.oprjoin)
      FROM pg_operator o WHERE o.oid = m.objid)
    WHEN 'pg_cast'::regclass THEN (
      SELECT format('%s %s %s', c.castfunc::regprocedure, c.castcontext, c.castmethod)
      FROM pg_cast c WHERE c.oid = m.objid)
    WHEN 'pg_class'::regclass THEN (
      SELECT format('relation kind %s: %s', c.relkind,
        (SELECT string_agg(format('%I %s', at.attname, format_type(at.atttypid, at.atttypmod)), ', ' ORDER BY at.attnum)
         FROM pg_attribute at WHERE at.attrelid = c.oid AND at.attnum > 0 AND NOT at.attisdropped))
      FROM pg_class c WHERE c.oid = m.objid)
    ELSE 'no detail for ' || m.classid::regclass::text END AS value
  UNION ALL
  SELECT 'comment', coalesce((SELECT ds.description FROM pg_description ds
                              WHERE ds.classoid = m.classid AND ds.objoid = m.objid AND ds.objsubid = m.objsubid), '(none)')
  UNION ALL
  -- Privileges (the schema's USAGE for PUBLIC, any revoked EXECUTE).
  SELECT 'privileges', CASE m.classid
    WHEN 'pg_proc'::regclass THEN (SELECT coalesce(p.proacl::text, 'default') FROM pg_proc p WHERE p.oid = m.objid)
    WHEN 'pg_type'::regclass THEN (SELECT coalesce(t.typacl::text, 'default') FROM pg_type t WHERE t.oid = m.objid)
    WHEN 'pg_namespace'::regclass THEN (SELECT coalesce(n.nspacl::text, 'default') FROM pg_namespace n WHERE n.oid = m.objid)
    ELSE 'default' END
) a;

-- Calls whose results must agree, on data of the old version's tables too.
SELECT $calls$
  SELECT 'rating default' AS call, skill.rating()::text AS result
  UNION ALL SELECT 'glicko default', skill.glicko()::text
  UNION ALL SELECT 'elo_update', skill.elo_update(1500, 1400, 1)::text
  UNION ALL SELECT 'glicko_update', skill.glicko_update(skill.glicko(1500, 200),
      ARRAY[skill.glicko(1400, 30), skill.glicko(1550, 100)], ARRAY[1.0, 0.0])::text
  UNION ALL SELECT 'pl_rate', skill.pl_rate(ARRAY[skill.rating(), skill.rating(30, 5)])::text
  UNION ALL SELECT 'pl_predict_win', skill.pl_predict_win(ARRAY[skill.rating(), skill.rating(30, 5)])::text
  UNION ALL SELECT 'trueskill_rate', skill.trueskill_rate(ARRAY[skill.rating(), skill.rating(30, 5)])::text
  UNION ALL SELECT 'pl_replay', (SELECT skill.pl_replay(m, t, p, team, rnk ORDER BY m, p)::text
      FROM (VALUES (1, '2024-01-01'::timestamptz, 10, 1, 1.0), (1, '2024-01-01', 11, 2, 2.0),
                   (2, '2024-01-02', 11, 1, 1.0), (2, '2024-01-02', 12, 2, 2.0)) v(m, t, p, team, rnk))
$calls$ AS calls \gset

-- The newest version, fresh.
CREATE EXTENSION skill;
SELECT extversion FROM pg_extension WHERE extname = 'skill';
CREATE TABLE upgrade_check.fresh AS SELECT * FROM upgrade_check.members;
CREATE TABLE upgrade_check.fresh_calls AS :calls;
-- Schema skill is not a member (the extension creates it but DROP
-- EXTENSION leaves it), so its privileges are compared on their own.
CREATE TABLE upgrade_check.fresh_schema_acl AS
SELECT nspacl::text AS acl FROM pg_namespace WHERE nspname = 'skill';
SELECT acl FROM upgrade_check.fresh_schema_acl;
-- (Not an empty list: 0.1.0 alone had 117 members.)
SELECT count(DISTINCT object) > 117 AS fresh_has_more_than_0_1_0 FROM upgrade_check.fresh;
-- What differs from the fresh install: no row when an upgrade is complete.
CREATE VIEW upgrade_check.differences AS
SELECT coalesce(f.object, u.object) AS object,
       CASE WHEN u.object IS NULL THEN 'missing after the upgrade (add it to the upgrade script)'
            WHEN f.object IS NULL THEN 'left by the upgrade (drop it in the upgrade script)'
            ELSE u.aspect || ' differs' END AS difference
FROM upgrade_check.fresh f
FULL JOIN upgrade_check.members u ON u.object = f.object AND u.aspect = f.aspect
WHERE f.value IS DISTINCT FROM u.value
GROUP BY 1, 2
UNION ALL
SELECT 'schema skill', 'privileges differ: ' || coalesce(n.nspacl::text, 'NULL')
FROM pg_namespace n
WHERE n.nspname = 'skill' AND n.nspacl::text IS DISTINCT FROM (SELECT acl FROM upgrade_check.fresh_schema_acl)
ORDER BY 1, 2;
DROP EXTENSION skill;
-- Each older version installs into a database without schema skill, as
-- on its own first install.
DROP SCHEMA skill;

-- 0.1.0 with tables that use its types, then the upgrade.
CREATE EXTENSION skill VERSION '0.1.0';
CREATE TABLE players (id int PRIMARY KEY, r skill.rating DEFAULT skill.rating(), g skill.glicko,
                      past skill.rating[], elo float8 DEFAULT skill.elo_expected(1500, 1400) * 2000);
-- Objects that call a routine without a rating type survive: the upgrade
-- replaces such routines in place (CREATE OR REPLACE).
CREATE VIEW favourites AS SELECT id, skill.elo_expected(elo, 1500) AS p FROM players;
CREATE INDEX players_elo ON players (skill.elo_expected(elo, 1500));
-- Objects that call a routine taking or returning skill.rating or
-- skill.glicko (whose types become checked domains) stop the update, which
-- names them; they are dropped before it and created again after it
-- (docs/operations.md, "Upgrades").
CREATE VIEW leaderboard AS SELECT id, skill.ordinal(r) AS ordinal FROM players;
CREATE INDEX players_ordinal ON players (skill.ordinal(r));
INSERT INTO players VALUES
  (1, skill.rating(), skill.glicko(), ARRAY[skill.rating(20, 7), skill.rating(22, 6.5)]),
  (2, skill.rating(31.5, 2.25), skill.glicko(1712.5, 61.75, 0.059), NULL),
  (3, '(-4.5,0.125)', '(1200,350,0.06)', '{}');
CREATE TABLE upgrade_check.players_before AS SELECT id, r::text, g::text, past::text, elo FROM players;
ALTER EXTENSION skill UPDATE;
SELECT extversion FROM pg_extension WHERE extname = 'skill';
DROP VIEW leaderboard;
DROP INDEX players_ordinal;
ALTER TABLE players ALTER COLUMN r DROP DEFAULT;
ALTER EXTENSION skill UPDATE;
-- The columns keep the 0.1.0 composite; this checks their rows and makes
-- them the checked types.  Then the objects are created again.
ALTER TABLE players ALTER COLUMN r TYPE skill.rating, ALTER COLUMN g TYPE skill.glicko,
                    ALTER COLUMN past TYPE skill.rating[];
ALTER TABLE players ALTER COLUMN r SET DEFAULT skill.rating();
CREATE VIEW leaderboard AS SELECT id, skill.ordinal(r) AS ordinal FROM players;
CREATE INDEX players_ordinal ON players (skill.ordinal(r));
SELECT extversion FROM pg_extension WHERE extname = 'skill';

-- (a) The rows are unchanged and still typed.
SELECT id, r, g, past FROM players ORDER BY id;
SELECT count(*) AS changed_rows FROM (
  (SELECT id, r::text, g::text, past::text, elo FROM players EXCEPT ALL SELECT * FROM upgrade_check.players_before)
  UNION ALL
  (SELECT * FROM upgrade_check.players_before EXCEPT ALL SELECT id, r::text, g::text, past::text, elo FROM players)) d;
SELECT id, (r).mu, (g).rd, skill.ordinal(r) FROM players ORDER BY id;
SELECT * FROM leaderboard ORDER BY ordinal DESC;
-- (To 12 decimals: C libraries differ in the last bit of pow.)
SELECT id, round(p::numeric, 12) AS p FROM favourites ORDER BY id;
INSERT INTO players (id) VALUES (4);
-- the columns are checked now
INSERT INTO players (id, r) VALUES (5, '(25,-1)');
SELECT r FROM players WHERE id = 4;

-- (b) The objects and the schema's privileges (0.1.0 granted none; the
-- update grants USAGE to PUBLIC as a fresh install does): no row when the
-- upgrade is complete.
SELECT (SELECT count(DISTINCT object) FROM upgrade_check.members)
     = (SELECT count(DISTINCT object) FROM upgrade_check.fresh) AS same_member_count;
SELECT * FROM upgrade_check.differences;

-- (c) The same results as the fresh install, and on the old rows.
SELECT call FROM (:calls) c EXCEPT SELECT call FROM ((:calls) INTERSECT SELECT * FROM upgrade_check.fresh_calls) s;
SELECT count(*) AS agreeing_calls FROM ((:calls) INTERSECT SELECT * FROM upgrade_check.fresh_calls) s;
SELECT skill.pl_rate(array_agg(r ORDER BY id))
       = skill.pl_rate(ARRAY[skill.rating(), skill.rating(31.5, 2.25), skill.rating(-4.5, 0.125)]) AS old_rows_rate_alike
FROM players WHERE id <= 3;

-- 1.0.0, updated: the same objects and privileges as a fresh install.
DROP TABLE players CASCADE;
DROP EXTENSION skill;
DROP SCHEMA skill;
CREATE EXTENSION skill VERSION '1.0.0';
ALTER EXTENSION skill UPDATE;
SELECT extversion FROM pg_extension WHERE extname = 'skill';
SELECT * FROM upgrade_check.differences;
SELECT count(*) AS agreeing_calls FROM ((:calls) INTERSECT SELECT * FROM upgrade_check.fresh_calls) s;

-- An administrator's REVOKE USAGE ON SCHEMA skill FROM PUBLIC survives the
-- update (from 1.0.0, and from 0.1.0 once the schema has an ACL).
DROP EXTENSION skill;
DROP SCHEMA skill;
CREATE EXTENSION skill VERSION '1.0.0';
REVOKE USAGE ON SCHEMA skill FROM PUBLIC;
ALTER EXTENSION skill UPDATE;
SELECT count(*) AS public_grants FROM pg_namespace n, aclexplode(n.nspacl) a
WHERE n.nspname = 'skill' AND a.grantee = 0;
DROP EXTENSION skill;
DROP SCHEMA skill;
CREATE EXTENSION skill VERSION '0.1.0';
GRANT USAGE ON SCHEMA skill TO current_user;
REVOKE USAGE ON SCHEMA skill FROM PUBLIC;
ALTER EXTENSION skill UPDATE;
SELECT extversion, (SELECT count(*) FROM pg_namespace n, aclexplode(n.nspacl) a
                    WHERE n.nspname = 'skill' AND a.grantee = 0) AS public_grants
FROM pg_extension WHERE extname = 'skill';

\c :test_database
DROP DATABASE regress_skill_upgrade;
