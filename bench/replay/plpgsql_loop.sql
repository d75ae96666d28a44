-- plpgsql_loop.sql - what users write today without the extension: a
-- PL/pgSQL loop over 1v1 matches that applies openskill's Plackett-Luce
-- (defaults: beta 25/6, kappa 1e-4, tau 25/300) and upserts a ratings table.
CREATE TABLE plpgsql_ratings (player_id bigint PRIMARY KEY, mu float8 NOT NULL, sigma float8 NOT NULL);

CREATE FUNCTION plpgsql_pl_replay(max_match bigint) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  m record;
  beta2 constant float8 := (25.0 / 6) ^ 2;
  tau2 constant float8 := (25.0 / 300) ^ 2;
  kappa constant float8 := 0.0001;
  w_mu float8; w_s2 float8; l_mu float8; l_s2 float8;
  c float8; p_w float8; p_l float8; n bigint := 0;
BEGIN
  FOR m IN
    SELECT w.player_id AS winner, l.player_id AS loser
    FROM results_1v1_head w JOIN results_1v1_head l ON l.match_id = w.match_id AND l.rank = 2
    WHERE w.rank = 1 AND w.match_id <= max_match
    ORDER BY w.played_at, w.match_id
  LOOP
    SELECT mu, sigma ^ 2 INTO w_mu, w_s2 FROM plpgsql_ratings WHERE player_id = m.winner;
    IF NOT FOUND THEN w_mu := 25; w_s2 := (25.0 / 3) ^ 2; END IF;
    SELECT mu, sigma ^ 2 INTO l_mu, l_s2 FROM plpgsql_ratings WHERE player_id = m.loser;
    IF NOT FOUND THEN l_mu := 25; l_s2 := (25.0 / 3) ^ 2; END IF;
    w_s2 := w_s2 + tau2;
    l_s2 := l_s2 + tau2;
    c := sqrt(w_s2 + l_s2 + 2 * beta2);
    p_w := exp(w_mu / c) / (exp(w_mu / c) + exp(l_mu / c));
    p_l := 1 - p_w;
    INSERT INTO plpgsql_ratings VALUES
      (m.winner, w_mu + w_s2 / c * (1 - p_w),
       sqrt(w_s2) * sqrt(greatest(1 - sqrt(w_s2) / c * w_s2 / c ^ 2 * p_w * (1 - p_w), kappa))),
      (m.loser, l_mu - l_s2 / c * p_l,
       sqrt(l_s2) * sqrt(greatest(1 - sqrt(l_s2) / c * l_s2 / c ^ 2 * p_l * (1 - p_l), kappa)))
    ON CONFLICT (player_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma;
    n := n + 1;
  END LOOP;
  RETURN n;
END $$;
