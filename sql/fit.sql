-- skill.fit: parameters by maximum likelihood, replayed from memory.
-- Synthetic data generated from known parameters must give them back.
\set VERBOSITY terse
SET client_min_messages = warning;

-- An Elo world with K = 24 (scale 400): 100 players start at 1500; each of
-- 20,000 matches pairs two random players, the first wins with probability
-- E = 1/(1 + 10^((r_b - r_a)/400)) from the current ratings, and both
-- ratings move by K = 24.  Those E are the data's true probabilities, so the
-- log-loss of elo_replay's predictions is smallest near k = 24.
SELECT setseed(0.42);
CREATE TABLE synth (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
DO $$
DECLARE
  r float8[] := array_fill(1500::float8, ARRAY[100]);
  a int; b int; e float8; s float8;
BEGIN
  FOR m IN 1..20000 LOOP
    a := 1 + floor(random() * 100)::int;
    b := 1 + floor(random() * 99)::int;
    IF b >= a THEN b := b + 1; END IF;
    e := 1 / (1 + 10 ^ ((r[b] - r[a]) / 400));
    s := CASE WHEN random() < e THEN 1 ELSE 0 END;
    INSERT INTO synth VALUES (m, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour', a, 1, 2 - s),
                             (m, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour', b, 2, 1 + s);
    r[a] := r[a] + 24 * (s - e);
    r[b] := r[b] + 24 * ((1 - s) - (1 - e));
  END LOOP;
END $$;

SELECT (f->'parameters'->>'k')::float8 BETWEEN 20 AND 28 AS k_recovered,
       (f->'train'->>'n')::int AS scored, (f->'evaluations')::int <= 61 AS few_evaluations,
       f->'held_out' IS NULL AS no_held_out
FROM skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}') f;

-- The fitted k scores better than the usual default 32 on the same data:
-- the log-loss of elo_history's predictions at both.
WITH fitted AS (SELECT (skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}')
                        ->'parameters'->>'k')::float8 AS k),
scored AS (
  SELECT 'fitted' AS which, avg(-(CASE WHEN rank = 1 THEN ln(predicted_win) ELSE ln(1 - predicted_win) END)) AS log_loss
  FROM fitted, skill.elo_history('SELECT * FROM synth ORDER BY played_at, match_id', jsonb_build_object('k', fitted.k))
  WHERE team = 1
  UNION ALL
  SELECT 'k = 32', avg(-(CASE WHEN rank = 1 THEN ln(predicted_win) ELSE ln(1 - predicted_win) END))
  FROM skill.elo_history('SELECT * FROM synth ORDER BY played_at, match_id', '{"k": 32}')
  WHERE team = 1)
SELECT (SELECT log_loss FROM scored WHERE which = 'fitted') < (SELECT log_loss FROM scored WHERE which = 'k = 32') AS fitted_better;

-- A held-out period: fit on the first 15,000 matches, score the rest.
SELECT (f->'train'->>'n')::int AS train_n, (f->'held_out'->>'n')::int AS held_out_n,
       (f->'held_out'->>'log_loss')::float8 BETWEEN 0.3 AND 0.75 AS held_out_scored
FROM skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}',
               jsonb_build_object('train_until', (SELECT played_at FROM synth WHERE match_id = 15001 LIMIT 1))) f;
-- score_from and experienced leave out the early matches and new players.
SELECT (f->'train'->>'n')::int AS scored
FROM skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}',
               '{"score_from": "2021-01-01 00:00+00", "max_evaluations": 5}') f;
SELECT (f->'train'->>'n')::int < 20000 AS fewer
FROM skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}',
               '{"experienced": 50, "max_evaluations": 5}') f;
-- Fixed options pass through: scale 800 with k searched.
SELECT f->'parameters' ? 'k' AS has_k, (f->'evaluations')::int AS evaluations
FROM skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}',
               '{"options": {"scale": 800}, "max_evaluations": 7}') f;

-- What the result says of the search: converged by its tolerance, nothing
-- on a bound, k's standard error from the observed information.  k = 24
-- lies within two standard errors of the estimate.
SELECT (f->>'converged')::bool AS converged, f->>'stop_reason' AS stop_reason, f->'at_bound' AS at_bound,
       abs((f->'parameters'->>'k')::float8 - 24) < 2 * (f->'standard_errors'->>'k')::float8 AS k_within_2_se,
       (f->'standard_errors'->>'k')::float8 BETWEEN 0.3 AND 3 AS se_plausible,
       (f->'correlation'->'k'->>'k')::float8 AS self_correlation,
       (f->>'gradient_replays')::int < (f->>'evaluations')::int AS gradients_counted,
       (f->>'hessian_replays')::int AS hessian_replays, (f->>'refused')::int AS refused
FROM skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}') f;

-- The held-out score against the start's (k = 32), match by match: the
-- paired difference and its standard error equal those computed in SQL
-- from elo_history's predictions at both k.
WITH f AS (SELECT skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}',
                            '{"train_until": "2021-06-01 00:00+00"}') AS f),
losses AS (
  SELECT a.match_id,
         -(CASE WHEN a.rank = 1 THEN ln(a.predicted_win) ELSE ln(1 - a.predicted_win) END) AS start_loss,
         -(CASE WHEN b.rank = 1 THEN ln(b.predicted_win) ELSE ln(1 - b.predicted_win) END) AS fitted_loss
  FROM f, skill.elo_history('SELECT * FROM synth ORDER BY played_at, match_id', '{"k": 32}') a
  JOIN skill.elo_history('SELECT * FROM synth ORDER BY played_at, match_id',
                         jsonb_build_object('k', (SELECT (f->'parameters'->>'k')::float8 FROM f))) b
    USING (match_id, player_id)
  WHERE a.team = 1 AND a.played_at >= '2021-06-01 00:00+00'),
d AS (SELECT avg(start_loss) AS start_loss, avg(fitted_loss - start_loss) AS diff,
             stddev_samp(fitted_loss - start_loss) / sqrt(count(*)) AS se FROM losses)
SELECT abs((f->'held_out'->>'start_log_loss')::float8 - d.start_loss) < 1e-12 AS start_same,
       abs((f->'held_out'->>'log_loss_diff')::float8 - d.diff) < 1e-12 AS diff_same,
       abs((f->'held_out'->>'log_loss_diff_se')::float8 - d.se) < 1e-12 AS se_same,
       (f->'held_out'->>'log_loss_diff')::float8 < 0 AS fitted_better
FROM f, d;

-- The standard error agrees with the spread of estimates over histories:
-- eight Elo worlds (K = 24, 4,000 matches each, 40 players), each fitted;
-- the standard deviation of the eight estimates against the mean standard
-- error (their ratio has a sampling spread of about 0.25 with eight).
CREATE TABLE worlds (world int, match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
SELECT setseed(0.17);
DO $$
DECLARE
  r float8[]; a int; b int; e float8; s float8;
BEGIN
  FOR w IN 1..8 LOOP
    r := array_fill(1500::float8, ARRAY[40]);
    FOR m IN 1..4000 LOOP
      a := 1 + floor(random() * 40)::int;
      b := 1 + floor(random() * 39)::int;
      IF b >= a THEN b := b + 1; END IF;
      e := 1 / (1 + 10 ^ ((r[b] - r[a]) / 400));
      s := CASE WHEN random() < e THEN 1 ELSE 0 END;
      INSERT INTO worlds VALUES (w, m, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour', a, 1, 2 - s),
                                (w, m, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour', b, 2, 1 + s);
      r[a] := r[a] + 24 * (s - e);
      r[b] := r[b] + 24 * ((1 - s) - (1 - e));
    END LOOP;
  END LOOP;
END $$;
WITH fits AS (
  SELECT w, skill.fit('elo', format('SELECT match_id, played_at, player_id, team, rank FROM worlds WHERE world = %s ORDER BY played_at, match_id', w),
                      '{"k": [4, 80]}') AS f
  FROM generate_series(1, 8) w),
est AS (SELECT (f->'parameters'->>'k')::float8 AS k, (f->'standard_errors'->>'k')::float8 AS se,
               (f->>'converged')::bool AS converged FROM fits)
SELECT bool_and(converged) AS all_converged,
       stddev_samp(k) / avg(se) BETWEEN 0.5 AND 1.6 AS se_matches_spread,
       abs(avg(k) - 24) < 3 * avg(se) / sqrt(8) AS mean_near_24
FROM est;

-- An Elo K schedule k_a / (n + k_b)^k_c: a world generated with k_a 200,
-- k_b 5, k_c 0.4 (n: the player's earlier matches), fitted from the
-- default start.  Each estimate within 2.5 of its standard errors of the
-- truth; the three are strongly correlated.
CREATE TABLE schedule (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8);
SELECT setseed(0.29);
DO $$
DECLARE
  r float8[] := array_fill(1500::float8, ARRAY[200]);
  n int[] := array_fill(0, ARRAY[200]);
  a int; b int; e float8; s float8;
BEGIN
  FOR m IN 1..30000 LOOP
    -- Players join over time: the newest 10 are twice as likely to play.
    a := 1 + floor(random() * least(200, 20 + m / 150))::int;
    b := 1 + floor(random() * (least(200, 20 + m / 150) - 1))::int;
    IF b >= a THEN b := b + 1; END IF;
    e := 1 / (1 + 10 ^ ((r[b] - r[a]) / 400));
    s := CASE WHEN random() < e THEN 1 ELSE 0 END;
    INSERT INTO schedule VALUES (m, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour', a, 1, 2 - s),
                                (m, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour', b, 2, 1 + s);
    r[a] := r[a] + 200 / (n[a] + 5) ^ 0.4 * (s - e);
    r[b] := r[b] + 200 / (n[b] + 5) ^ 0.4 * ((1 - s) - (1 - e));
    n[a] := n[a] + 1;
    n[b] := n[b] + 1;
  END LOOP;
END $$;
WITH f AS (SELECT skill.fit('elo', 'SELECT * FROM schedule ORDER BY played_at, match_id',
                            '{"k_a": [50, 500], "k_b": [0.5, 30], "k_c": [0, 1]}') AS f),
p AS (SELECT key, (f->'parameters'->>key)::float8 AS value, (f->'standard_errors'->>key)::float8 AS se,
             (jsonb_build_object('k_a', 200, 'k_b', 5, 'k_c', 0.4)->>key)::float8 AS truth
      FROM f, jsonb_object_keys(f->'parameters') key)
SELECT key, abs(value - truth) < 2.5 * se AS within, se > 0 AS has_se
FROM p ORDER BY key;
SELECT (f->>'converged')::bool AS converged, f->'at_bound' AS at_bound,
       (f->'correlation'->'k_a'->>'k_c')::float8 > 0.5 AS k_a_k_c_correlated,
       (f->>'evaluations')::int <= 400 AS within_default_budget
FROM skill.fit('elo', 'SELECT * FROM schedule ORDER BY played_at, match_id',
               '{"k_a": [50, 500], "k_b": [0.5, 30], "k_c": [0, 1]}') f;

-- Home advantage, searched by replays (it moves the updates too), with
-- predict_scale fitted on the records: a world where team 1 plays at home
-- with 60 rating points.
CREATE TABLE home (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8, home bool);
SELECT setseed(0.61);
DO $$
DECLARE
  r float8[] := array_fill(1500::float8, ARRAY[60]);
  a int; b int; e float8; s float8;
BEGIN
  FOR m IN 1..20000 LOOP
    a := 1 + floor(random() * 60)::int;
    b := 1 + floor(random() * 59)::int;
    IF b >= a THEN b := b + 1; END IF;
    e := 1 / (1 + 10 ^ ((r[b] - r[a] - 60) / 400));
    s := CASE WHEN random() < e THEN 1 ELSE 0 END;
    INSERT INTO home VALUES (m, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour', a, 1, 2 - s, true),
                            (m, timestamptz '2020-01-01 00:00+00' + m * interval '1 hour', b, 2, 1 + s, false);
    r[a] := r[a] + 20 * (s - e);
    r[b] := r[b] + 20 * ((1 - s) - (1 - e));
  END LOOP;
END $$;
WITH f AS (SELECT skill.fit('elo', 'SELECT * FROM home ORDER BY played_at, match_id',
                            '{"k": [4, 80], "home_advantage": [-200, 200], "predict_scale": [0.25, 4]}') AS f),
p AS (SELECT key, (f->'parameters'->>key)::float8 AS value, (f->'standard_errors'->>key)::float8 AS se,
             (jsonb_build_object('k', 20, 'home_advantage', 60, 'predict_scale', 1)->>key)::float8 AS truth
      FROM f, jsonb_object_keys(f->'parameters') key)
SELECT key, abs(value - truth) < 2.5 * se AS within, se > 0 AS has_se
FROM p ORDER BY key;

-- A Glicko-1 world: c = 0 (no growth per period), a new player's RD 250,
-- RD growth 8 per idle day (sqrt of the days), capped at 350, team 1 at
-- home with 50 rating points, in updates and predictions as skill does.
-- Each outcome is drawn from the model's own pre-match chance
-- (Glickman's formulas with both RDs), so these are the true parameters.
CREATE TABLE gworld (match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
                     home bool, p float8);
SELECT setseed(0.73);
DO $$
DECLARE
  q CONSTANT float8 := ln(10) / 400;
  n CONSTANT int := 150;
  r float8[] := array_fill(1500::float8, ARRAY[n]);
  rd float8[] := array_fill(250::float8, ARRAY[n]);
  last float8[] := array_fill(NULL::float8, ARRAY[n]);
  a int; b int; t float8; s float8; p float8; ga float8; gb float8; ea float8; eb float8;
  da float8; db float8; ra float8; rb float8; rda float8; rdb float8;
BEGIN
  FOR m IN 1..30000 LOOP
    a := 1 + floor(random() * n)::int;
    b := 1 + floor(random() * (n - 1))::int;
    IF b >= a THEN b := b + 1; END IF;
    t := m * 52.0 / 1440;			-- days: a match every 52 minutes (in seconds: no DST)
    IF last[a] IS NOT NULL THEN rd[a] := greatest(rd[a], least(350, sqrt(rd[a]^2 + (t - last[a]) * 64))); END IF;
    IF last[b] IS NOT NULL THEN rd[b] := greatest(rd[b], least(350, sqrt(rd[b]^2 + (t - last[b]) * 64))); END IF;
    ra := r[a] + 50; rb := r[b]; rda := rd[a]; rdb := rd[b];
    p := 1 / (1 + 10 ^ (-(1 / sqrt(1 + 3 * q^2 * (rda^2 + rdb^2) / pi()^2)) * (ra - rb) / 400));
    s := CASE WHEN random() < p THEN 1 ELSE 0 END;
    INSERT INTO gworld VALUES
      (m, timestamptz '2020-01-01 00:00+00' + t * 86400 * interval '1 second', a, 1, 2 - s, true, p),
      (m, timestamptz '2020-01-01 00:00+00' + t * 86400 * interval '1 second', b, 2, 1 + s, false, 1 - p);
    gb := 1 / sqrt(1 + 3 * q^2 * rdb^2 / pi()^2);
    ga := 1 / sqrt(1 + 3 * q^2 * rda^2 / pi()^2);
    ea := 1 / (1 + 10 ^ (-gb * (ra - rb) / 400));
    eb := 1 / (1 + 10 ^ (-ga * (rb - ra) / 400));
    da := 1 / rda^2 + q^2 * gb^2 * ea * (1 - ea);
    db := 1 / rdb^2 + q^2 * ga^2 * eb * (1 - eb);
    r[a] := r[a] + q / da * gb * (s - ea);
    r[b] := r[b] + q / db * ga * ((1 - s) - eb);
    rd[a] := sqrt(1 / da);
    rd[b] := sqrt(1 / db);
    last[a] := t;
    last[b] := t;
  END LOOP;
END $$;
-- The generator agrees with glicko_history at the true parameters.
SELECT max(abs(h.predicted_win - g.p)) < 1e-12 AS generator_is_glicko
FROM skill.glicko_history('SELECT match_id, played_at, player_id, team, rank, home FROM gworld ORDER BY played_at, match_id',
                          '{"c": 0, "rd": 250, "rd_per_day": 8, "home_advantage": 50}') h
JOIN gworld g USING (match_id, player_id);
-- fit recovers each within 2.5 of its standard errors (predict_scale 1).
WITH f AS (SELECT skill.fit('glicko', 'SELECT match_id, played_at, player_id, team, rank, home FROM gworld ORDER BY played_at, match_id',
                            '{"rd": [50, 349], "rd_per_day": [0, 30], "home_advantage": [-200, 200], "predict_scale": [0.25, 4]}',
                            '{"options": {"c": 0}}') AS f),
p AS (SELECT key, (f->'parameters'->>key)::float8 AS value, (f->'standard_errors'->>key)::float8 AS se,
             (jsonb_build_object('rd', 250, 'rd_per_day', 8, 'home_advantage', 50, 'predict_scale', 1)->>key)::float8 AS truth,
             (f->>'converged')::bool AS converged
      FROM f, jsonb_object_keys(f->'parameters') key)
SELECT key, converged, abs(value - truth) < 2.5 * se AS within, se > 0 AS has_se
FROM p ORDER BY key;

-- The same world rated by game shares: each match is 12 games, each won
-- by team 1 with the pre-match chance p, and the result drawn with p too;
-- team 1 scores games + 1, team 2 13 - games (so no share is 0 or 1).
-- Updates use s = w r + (1 - w) sigmoid(k logit(share)) with w 0.3, k 1.5
-- (skill.share_outcome); the fit scores win/loss, a true likelihood.
-- Three worlds (seeds), each fitted: every estimate within 3.5 of its
-- standard errors of the truth, and within 2 on average over the worlds.
CREATE TABLE gshare (world int, match_id bigint, played_at timestamptz, player_id bigint, team int, rank float8,
                     home bool, score float8, p float8);
CREATE FUNCTION share_world(w int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  q CONSTANT float8 := ln(10) / 400;
  n CONSTANT int := 150;
  r float8[] := array_fill(1500::float8, ARRAY[n]);
  rd float8[] := array_fill(250::float8, ARRAY[n]);
  last float8[] := array_fill(NULL::float8, ARRAY[n]);
  a int; b int; t float8; s float8; p float8; ga float8; gb float8; ea float8; eb float8;
  da float8; db float8; ra float8; rb float8; rda float8; rdb float8; games int; sa float8;
BEGIN
  FOR m IN 1..30000 LOOP
    a := 1 + floor(random() * n)::int;
    b := 1 + floor(random() * (n - 1))::int;
    IF b >= a THEN b := b + 1; END IF;
    t := m * 52.0 / 1440;
    IF last[a] IS NOT NULL THEN rd[a] := greatest(rd[a], least(350, sqrt(rd[a]^2 + (t - last[a]) * 64))); END IF;
    IF last[b] IS NOT NULL THEN rd[b] := greatest(rd[b], least(350, sqrt(rd[b]^2 + (t - last[b]) * 64))); END IF;
    ra := r[a] + 50; rb := r[b]; rda := rd[a]; rdb := rd[b];
    p := 1 / (1 + 10 ^ (-(1 / sqrt(1 + 3 * q^2 * (rda^2 + rdb^2) / pi()^2)) * (ra - rb) / 400));
    s := CASE WHEN random() < p THEN 1 ELSE 0 END;
    games := 0;
    FOR g IN 1..12 LOOP
      IF random() < p THEN games := games + 1; END IF;
    END LOOP;
    sa := 0.3 * s + 0.7 / (1 + exp(-1.5 * ln((games + 1)::float8 / (13 - games))));
    INSERT INTO gshare VALUES
      (w, m, timestamptz '2020-01-01 00:00+00' + t * 86400 * interval '1 second', a, 1, 2 - s, true, games + 1, p),
      (w, m, timestamptz '2020-01-01 00:00+00' + t * 86400 * interval '1 second', b, 2, 1 + s, false, 13 - games, 1 - p);
    gb := 1 / sqrt(1 + 3 * q^2 * rdb^2 / pi()^2);
    ga := 1 / sqrt(1 + 3 * q^2 * rda^2 / pi()^2);
    ea := 1 / (1 + 10 ^ (-gb * (ra - rb) / 400));
    eb := 1 / (1 + 10 ^ (-ga * (rb - ra) / 400));
    da := 1 / rda^2 + q^2 * gb^2 * ea * (1 - ea);
    db := 1 / rdb^2 + q^2 * ga^2 * eb * (1 - eb);
    r[a] := r[a] + q / da * gb * (sa - ea);
    r[b] := r[b] + q / db * ga * ((1 - sa) - eb);
    rd[a] := sqrt(1 / da);
    rd[b] := sqrt(1 / db);
    last[a] := t;
    last[b] := t;
  END LOOP;
END $$;
SELECT setseed(0.37), share_world(1);
SELECT setseed(0.11), share_world(2);
SELECT setseed(0.52), share_world(3);
SELECT max(abs(h.predicted_win - g.p)) < 1e-12 AS generator_is_glicko
FROM skill.glicko_history('SELECT match_id, played_at, player_id, team, rank, home, score FROM gshare WHERE world = 1 ORDER BY played_at, match_id',
                          '{"c": 0, "rd": 250, "rd_per_day": 8, "home_advantage": 50, "outcome": "share", "outcome_w": 0.3, "outcome_k": 1.5}') h
JOIN gshare g ON g.world = 1 AND g.match_id = h.match_id AND g.player_id = h.player_id;
WITH f AS (SELECT w, skill.fit('glicko', format('SELECT match_id, played_at, player_id, team, rank, home, score FROM gshare WHERE world = %s ORDER BY played_at, match_id', w),
                               '{"outcome_w": [0, 1], "outcome_k": [0.25, 4], "rd_per_day": [0, 30], "home_advantage": [-200, 200]}',
                               '{"options": {"c": 0, "rd": 250, "outcome": "share"}}') AS f
           FROM generate_series(1, 3) w),
z AS (SELECT key, (f->>'converged')::bool AS converged,
             abs((f->'parameters'->>key)::float8
                 - (jsonb_build_object('outcome_w', 0.3, 'outcome_k', 1.5, 'rd_per_day', 8, 'home_advantage', 50)->>key)::float8)
             / (f->'standard_errors'->>key)::float8 AS z
      FROM f, jsonb_object_keys(f->'parameters') key)
SELECT key, bool_and(converged) AS converged, max(z) < 3.5 AS each_within, avg(z) < 2 AS mean_within
FROM z GROUP BY key ORDER BY key;

-- The degenerate cases.  A true value beyond a bound: k ends on it, said
-- in at_bound, with a null standard error and the reason.
SELECT f->'parameters'->>'k' AS k, f->'at_bound' AS at_bound, f->'standard_errors' AS standard_errors,
       f->'standard_error_notes'->>'k' AS note, (f->>'converged')::bool AS converged
FROM skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 16]}') f;
-- A budget too small, and a time limit: the best point so far, not converged.
SELECT (f->>'converged')::bool AS converged, f->>'stop_reason' AS stop_reason, (f->>'evaluations')::int AS evaluations
FROM skill.fit('elo', 'SELECT * FROM schedule ORDER BY played_at, match_id',
               '{"k_a": [50, 500], "k_b": [0.5, 30], "k_c": [0, 1]}', '{"max_evaluations": 5}') f;
SELECT (f->>'converged')::bool AS converged, f->>'stop_reason' AS stop_reason
FROM skill.fit('elo', 'SELECT * FROM schedule ORDER BY played_at, match_id',
               '{"k_a": [50, 500], "k_b": [0.5, 30], "k_c": [0, 1]}', '{"max_seconds": 0.001}') f;
-- Points the system refuses inside the bounds (k_b 0 with k_c > 0, which
-- elo refuses) are failed evaluations, not an error: the search goes on.
SELECT (f->>'refused')::int > 0 AS some_refused, f->'parameters' ? 'k_c' AS fitted
FROM skill.fit('elo', 'SELECT * FROM schedule ORDER BY played_at, match_id',
               '{"k_c": [0, 1]}', '{"options": {"k_a": 200, "k_b": 0}, "max_evaluations": 20}') f;
-- The start itself refused: the system's own error.
SELECT skill.fit('elo', 'SELECT * FROM schedule ORDER BY played_at, match_id',
                 '{"k_c": [0.5, 1]}', '{"options": {"k_a": 200, "k_b": 0}}');
-- A parameter the options make dead, before any replay.
SELECT skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"outcome_scale": [1, 10]}');
SELECT skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}', '{"options": {"k_a": 100}}');
SELECT skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80], "k_a": [10, 100]}');
SELECT skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k_c": [0, 1]}');
SELECT skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"context_weight": [0, 1]}');
SELECT skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"context_k": [1, 50]}');
SELECT skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"length_exponent": [0, 2]}');
SELECT skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"home_advantage": [0, 100]}');
-- Nothing to fit on.
SELECT skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}', '{"train_until": "2019-01-01 00:00+00"}');
SELECT skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}', '{"experienced": 100000}');
SELECT skill.fit('elo', 'SELECT * FROM synth WHERE false', '{"k": [4, 80]}');
-- Progress: each evaluation a NOTICE when asked (two here), DEBUG1 otherwise.
SET client_min_messages = notice;
SELECT (f->>'evaluations')::int AS evaluations
FROM skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}',
               '{"max_evaluations": 2, "progress": true}') f;
SELECT (f->>'evaluations')::int AS evaluations
FROM skill.fit('elo', 'SELECT * FROM synth ORDER BY played_at, match_id', '{"k": [4, 80]}',
               '{"max_evaluations": 2}') f;
SET client_min_messages = warning;

-- Bad input.
SELECT skill.fit('nope', 'SELECT * FROM synth', '{"k": [4, 80]}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"kk": [4, 80]}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [80, 4]}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [4, "Infinity"]}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [-4, 80]}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": 4}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [4]}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [4, 80]}', '{"train_untl": "2020-01-01"}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [4, 80]}', '{"train_until": 5}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [4, 80]}', '{"max_evaluations": 0}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [4, 80]}', '{"max_seconds": 0}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [4, 80]}', '{"max_seconds": -1}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [4, 80]}', '{"max_seconds": "1 minute"}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [4, 80]}', '{"progress": "yes"}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [4, 80]}', '{"options": {"refit_every": "1 year"}}');
SELECT skill.fit('elo', 'SELECT * FROM synth', '{"k": [4, 80]}', '{"options": {"refit_window": "1 year"}}');
SELECT skill.fit('elo', 'SELECT match_id, played_at, player_id, team::bigint, rank FROM synth', '{"k": [4, 80]}');
SELECT skill.fit('elo', 'DELETE FROM synth RETURNING *', '{"k": [4, 80]}');
SELECT skill.fit('elo', NULL, '{"k": [4, 80]}');
SELECT skill.fit('elo', 'SELECT 1; SELECT 2', '{"k": [4, 80]}');
SELECT skill.fit('elo', 'WITH d AS (DELETE FROM synth RETURNING *) SELECT * FROM d', '{"k": [4, 80]}');
SELECT * FROM skill.elo_history('INSERT INTO synth VALUES (1, now(), 1, 1, 1) RETURNING *');
SELECT count(*) AS rows_kept FROM synth;
