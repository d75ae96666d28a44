-- o!TR per-match rating (skill.otr_rate_match): the documented sample match,
-- the rules for absent players and uncounted games, and every input rule.
-- The reference values are tests/vectors/otr.jsonl's (see conformance_otr).
\set VERBOSITY terse

-- The o!TR documentation's sample match: 6 players, 6 games of 4.  Reference
-- (otr-processor's test, published to 5 decimals): 1328.79956 / 271.51653,
-- 1358.65964 / 177.52478, 1250.49164 / 148.84820, 1200.46325 / 168.82928,
-- 1076.73905 / 272.96965, 1206.55769 / 322.98816.
SELECT n AS player, round(mu::numeric, 5) AS mu, round(sigma::numeric, 5) AS sigma
FROM unnest(skill.otr_rate_match(
  ARRAY[skill.rating(1300, 280), skill.rating(1350, 180), skill.rating(1250, 150),
        skill.rating(1200, 170), skill.rating(1100, 280), skill.rating(1250, 340)],
  ARRAY[[900000, 750000, 800000, NULL, NULL, 850000],
        [800000, 850000, NULL, 900000, NULL, 750000],
        [850000, 900000, 800000, NULL, 750000, NULL],
        [NULL, 900000, NULL, 750000, 850000, 800000],
        [900000, 800000, 850000, NULL, 750000, NULL],
        [800000, 900000, NULL, 850000, NULL, 750000]]::float8[])) WITH ORDINALITY AS x(mu, sigma, n);

-- A player who plays no game comes back unchanged; a game with a single
-- score does not count (the second game here changes nothing).
SELECT skill.otr_rate_match(ARRAY[skill.rating(1000, 400), skill.rating(1000, 400), skill.rating(1234, 321)],
                            ARRAY[[612345, 598001, NULL]]::float8[]) =
       skill.otr_rate_match(ARRAY[skill.rating(1000, 400), skill.rating(1000, 400), skill.rating(1234, 321)],
                            ARRAY[[612345, 598001, NULL], [NULL, 500000, NULL]]::float8[]) AS single_score_game_ignored;
SELECT (skill.otr_rate_match(ARRAY[skill.rating(1000, 400), skill.rating(1000, 400), skill.rating(1234, 321)],
                             ARRAY[[612345, 598001, NULL]]::float8[]))[3] AS absent_player;
-- The floor: two new players at 110 (sigma 400) in one game; the loser's
-- 110 - 44.72 = 65.28 is raised to rating_floor 100.  The cap: a sigma
-- above volatility_cap 400 comes down to it.
SELECT (x.r).mu AS floored_mu, round((y.r).sigma::numeric, 6) AS capped_sigma
FROM (SELECT (skill.otr_rate_match(ARRAY[skill.rating(110, 400), skill.rating(110, 400)], ARRAY[[1, 2]]::float8[]))[1] AS r) x,
     (SELECT (skill.otr_rate_match(ARRAY[skill.rating(1000, 900), skill.rating(1000, 400)], ARRAY[[1, 2]]::float8[]))[1] AS r) y;
-- No games: everyone unchanged.
SELECT skill.otr_rate_match(ARRAY[skill.rating(1000, 400)], '{}');

-- Bad input.
SELECT skill.otr_rate_match(ARRAY[skill.rating(1000, 400), skill.rating(1000, 400)], ARRAY[1, 2]::float8[]);
SELECT skill.otr_rate_match(ARRAY[skill.rating(1000, 400), skill.rating(1000, 400)], ARRAY[[1, 2, 3]]::float8[]);
SELECT skill.otr_rate_match(ARRAY[skill.rating(1000, 400), skill.rating(1000, 400)], ARRAY[[1, 'NaN']]::float8[]);
SELECT skill.otr_rate_match(ARRAY[skill.rating(1000, 400), skill.rating(1000, 400)], ARRAY[[1, 2], [NULL, NULL]]::float8[]);
SELECT skill.otr_rate_match(ARRAY['(1000,0)'::skill.rating, skill.rating(1000, 400)], ARRAY[[1, 2]]::float8[]);
SELECT skill.otr_rate_match(ARRAY[NULL, skill.rating(1000, 400)], ARRAY[[1, 2]]::float8[]);
SELECT skill.otr_rate_match(ARRAY[skill.rating(1000, 400), skill.rating(1000, 400)], ARRAY[[1, 2]]::float8[], '{"betta": 5}');
SELECT skill.otr_rate_match(ARRAY[skill.rating(1000, 400), skill.rating(1000, 400)], ARRAY[[1, 2]]::float8[], '{"beta": 0}');
SELECT skill.otr_rate_match(NULL, ARRAY[[1, 2]]::float8[]);

-- Initial rating from rank (osu: m 9.99, s 1.77), by hand:
-- rank 1000: z = (ln 1000 - 9.99) / 1.77 = -1.7414, 1200 + 200 * 1.7414 = 1548.2762396630355;
-- rank 1,000,000: z = 2.1613, 1200 - 250 * 2.1613 = 659.6736500050462;
-- rank 1: z = -5.64, 2328.8 clamped to 2000; rank 10^8: 9.2 clamped to 500;
-- taiko (7.28, 1.6) rank 5000: 1006.6885638412128; NULL rank: 1000.
SELECT round(skill.otr_initial_rating(1000)::numeric, 10) AS r1000, round(skill.otr_initial_rating(1000000)::numeric, 10) AS r1e6,
       skill.otr_initial_rating(1) AS top, skill.otr_initial_rating(100000000) AS bottom,
       round(skill.otr_initial_rating(5000, 'taiko')::numeric, 10) AS taiko, skill.otr_initial_rating(NULL) AS unranked,
       skill.otr_initial_rating(1000, 9.99, 1.77) = skill.otr_initial_rating(1000) AS same_constants;

-- Weekly decay (Wednesdays 12:00 UTC).  Active: last match Monday
-- 2024-01-01, state on 2024-01-20: three steps (Jan 3, 10, 17), volatility
-- 200 -> sqrt(200^2 + 3 * 500) = 203.71548787463362, mu unchanged (< 184 days).
SELECT round(mu::numeric, 10) AS mu, round(sigma::numeric, 10) AS sigma
FROM skill.otr_decay(skill.rating(1500, 200), '2024-01-01 00:00+00', '2024-01-20 00:00+00');
-- The 184-day boundary: last match Wednesday 2024-01-03 12:00 exactly (that
-- step is not in (last_match, at]); steps 7, 14, ..., 182, 189 days later:
-- only the one at 189 days (2024-07-10 12:00, included exactly) decays: -3.
-- 27 volatility steps from 200: 231.3006701244076.
SELECT round(mu::numeric, 10) AS mu, round(sigma::numeric, 10) AS sigma
FROM skill.otr_decay(skill.rating(1500, 200), '2024-01-03 12:00+00', '2024-07-10 12:00+00');
SELECT (skill.otr_decay(skill.rating(1500, 200), '2024-01-03 12:00+00', '2024-07-10 11:59:59+00')).mu AS one_second_before;
-- The floor from the peak: max(1000, (1000 + 1400) / 2) = 1200: 1203 stops
-- at 1200; 1100 (already below) stays: decay never raises a rating.
SELECT (skill.otr_decay(skill.rating(1203, 200), '2023-01-04 12:00+00', '2024-06-01 00:00+00', 1400)).mu AS floored,
       (skill.otr_decay(skill.rating(1100, 200), '2023-01-04 12:00+00', '2024-06-01 00:00+00', 1400)).mu AS below_floor;
-- The volatility cap: one step from 399.9 would give sqrt(399.9^2 + 500) =
-- 400.52, capped to 400; 450 (above the cap) is not lowered.
SELECT (skill.otr_decay(skill.rating(1500, 399.9), '2024-01-01 00:00+00', '2024-01-04 00:00+00')).sigma AS capped,
       (skill.otr_decay(skill.rating(1500, 450), '2024-01-01 00:00+00', '2024-01-04 00:00+00')).sigma AS kept;
-- Not before 2019: last match 2018-06-01, state on 2019-01-10: only the
-- steps of 2019-01-02 and 2019-01-09, both past 184 days: mu - 6.
SELECT (skill.otr_decay(skill.rating(1500, 200), '2018-06-01 00:00+00', '2019-01-10 00:00+00')).mu AS from_2019;
-- The same instant in any session TimeZone gives the same state.
SET TimeZone = 'America/New_York';
SELECT (skill.otr_decay(skill.rating(1500, 200), '2024-01-03 12:00+00', '2024-07-10 12:00+00')).mu AS new_york;
RESET TimeZone;
-- Options: a 30-day decay threshold and 5 points a step: of the steps 7 ..
-- 42 days after the match, those at 35 and 42 days decay: 1490.
SELECT (skill.otr_decay(skill.rating(1500, 200), '2024-01-03 12:00+00', '2024-02-14 12:00+00', NULL,
                        '{"decay_days": 30, "decay_rate": 5}')).mu AS custom;

SELECT skill.otr_initial_rating(0);
SELECT skill.otr_initial_rating(5, 'soccer');
SELECT skill.otr_initial_rating(5, 9.99, 0);
SELECT skill.otr_decay(skill.rating(1500, 200), '2024-02-01 00:00+00', '2024-01-01 00:00+00');
SELECT skill.otr_decay(skill.rating(1500, 200), '2024-01-01 00:00+00', '2024-02-01 00:00+00', NULL, '{"weekday": 7}');
SELECT skill.otr_decay(skill.rating(1500, 200), '2024-01-01 00:00+00', '2024-02-01 00:00+00', NULL, '{"not_before": 2019}');
SELECT skill.otr_decay(skill.rating(1500, 200), '2024-01-01 00:00+00', 'infinity');
