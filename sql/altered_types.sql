-- The extension's composite types altered after CREATE EXTENSION: a value
-- whose fields are not those the C code reads and writes is refused with
-- an error, never read or written past its end (each change rolled back).
\set VERBOSITY default

-- Reading: more fields than skill.rating's two float8s.
BEGIN;
ALTER TYPE skill.rating_value ADD ATTRIBUTE a float8, ADD ATTRIBUTE b float8,
  ADD ATTRIBUTE c float8, ADD ATTRIBUTE d float8;
SELECT skill.rating_check(ROW(25, 8, 1, 2, 3, 4)::skill.rating_value);
ROLLBACK;

-- Reading: a field of another type.
BEGIN;
ALTER TYPE skill.glicko_value ALTER ATTRIBUTE vol TYPE numeric;
SELECT skill.glicko_check(ROW(1500, 200, 0.06)::skill.glicko_value);
ROLLBACK;

-- Building: a rating result with a field dropped.
BEGIN;
ALTER TYPE skill.rating_value DROP ATTRIBUTE sigma;
SELECT skill.rating(25, 8);
ROLLBACK;

-- Building: a replay result row with more fields than the array builder fills.
BEGIN;
ALTER TYPE skill.replayed_elo ADD ATTRIBUTE a int, ADD ATTRIBUTE b int, ADD ATTRIBUTE c int,
  ADD ATTRIBUTE d int, ADD ATTRIBUTE e int, ADD ATTRIBUTE f int;
SELECT skill.elo_replay(1, '2025-01-01', p, p, p) FROM generate_series(1, 2) p;
ROLLBACK;

-- Unaltered, the same calls work.
SELECT skill.rating_check(ROW(25, 8)::skill.rating_value),
       skill.glicko_check(ROW(1500, 200, 0.06)::skill.glicko_value),
       cardinality(skill.elo_replay(1, '2025-01-01', p, p, p)) AS replayed
FROM generate_series(1, 2) p;
