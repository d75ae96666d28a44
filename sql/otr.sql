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
