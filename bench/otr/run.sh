#!/usr/bin/env bash
# bench/otr/run.sh - o!TR over a match history: skill.otr_replay
# on 1,000,000 synthetic player-games (8-player lobbies, 7-game matches,
# 20,000 players, 2019-2024, seeded), against the peer a user would write
# without it: a PL/pgSQL loop composing skill.otr_decay and
# skill.otr_rate_match match by match (timed on the first PEER_MATCHES
# matches, reported per player-game); then the weekly recompute of
# scripts/otr_weekly.sql over the same data.  Fastest of RUNS (default 5).
source "$(dirname "$0")/../../scripts/lib.sh"

RUNS=${RUNS:-5}
ROWS=${ROWS:-1000000}
PEER_MATCHES=${PEER_MATCHES:-1000}
MATCHES=$((ROWS / 56))

ensure_packages
build_and_install
start_bench_cluster
psql -X -q -v ON_ERROR_STOP=1 -d postgres <<SQL >/dev/null
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS skill;
\i $REPO_ROOT/scripts/otr_weekly.sql
SELECT setseed(0.42);
-- Match m: 8 distinct players, 7 games each; two hours apart on average.
INSERT INTO otr_scores
SELECT m, timestamptz '2019-01-01 00:00+00' + m * interval '2 hours', g, p, floor(random() * 1000000)
FROM generate_series(1, $MATCHES) m
CROSS JOIN LATERAL (SELECT 1 + ((m * 7919 + k * 2503 + floor(random() * 20)::int) % 20000) AS p
                    FROM generate_series(1, 8) k) l
CROSS JOIN generate_series(1, 7) g
ON CONFLICT DO NOTHING;
INSERT INTO otr_players SELECT p, 1 + (p * 37) % 200000, 'osu' FROM generate_series(1, 20000) p;
VACUUM ANALYZE otr_scores;

-- The peer: otr_decay and otr_rate_match composed match by match.
CREATE TABLE peer_state (player_id bigint PRIMARY KEY, rating skill.rating, peak float8,
                         last_played timestamptz);
CREATE FUNCTION peer_replay(last_match bigint) RETURNS bigint LANGUAGE plpgsql AS \$\$
DECLARE
  m record;
  ids bigint[];
  before skill.rating[];
  after skill.rating[];
  scores float8[];
  n bigint := 0;
BEGIN
  TRUNCATE peer_state;
  FOR m IN SELECT match_id, played_at FROM otr_scores WHERE match_id <= last_match
           GROUP BY 1, 2 ORDER BY 2, 1 LOOP
    SELECT array_agg(DISTINCT player_id ORDER BY player_id) INTO ids FROM otr_scores WHERE match_id = m.match_id;
    INSERT INTO peer_state SELECT p, skill.rating(1000, 400), 1000, NULL FROM unnest(ids) p ON CONFLICT DO NOTHING;
    UPDATE peer_state SET rating = skill.otr_decay(rating, last_played, m.played_at, peak)
    WHERE player_id = ANY (ids) AND last_played IS NOT NULL;
    SELECT array_agg(rating ORDER BY player_id) INTO before FROM peer_state WHERE player_id = ANY (ids);
    SELECT array_agg(row ORDER BY game_id) INTO scores FROM (
      SELECT game_id, array_agg(score ORDER BY player_id) AS row FROM otr_scores
      WHERE match_id = m.match_id GROUP BY game_id) g;
    after := skill.otr_rate_match(before, scores);
    UPDATE peer_state s SET rating = after[a.k], peak = greatest(peak, (after[a.k]).mu),
                            last_played = m.played_at
    FROM unnest(ids) WITH ORDINALITY a(p, k) WHERE s.player_id = a.p;
    n := n + cardinality(ids) * cardinality(scores);
  END LOOP;
  RETURN n;
END \$\$;
SQL

rows=$(psql -X -q -At -d postgres -c "SELECT count(*) FROM otr_scores")
peer_rows=$(psql -X -q -At -d postgres -c "SELECT count(*) FROM otr_scores WHERE match_id <= $PEER_MATCHES")
measure() { local ms; ms=$(query_ms "$1" "$2") && [ -n "$ms" ] || { echo "bench query failed: $2" >&2; exit 1; }; echo "$ms"; }
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b < a) ? b : a }'; }
replay_ms= peer_ms= weekly_ms= scan_ms=
# Ordered by a subquery over the index (an ORDER BY inside the aggregate
# would sort the million rows first; the engine checks the order either way).
REPLAY="SELECT count(*) FROM unnest((SELECT skill.otr_replay(match_id, played_at, game_id, player_id, score) FROM (SELECT * FROM otr_scores ORDER BY played_at, match_id, game_id) s))"
SCAN="SELECT count(*) FROM (SELECT * FROM otr_scores ORDER BY played_at, match_id, game_id) s"
for _ in $(seq "$RUNS"); do
	ms=$(measure "" "$SCAN") || exit 1
	scan_ms=$(min "$scan_ms" "$ms")
	ms=$(measure "" "$REPLAY") || exit 1
	replay_ms=$(min "$replay_ms" "$ms")
	ms=$(measure "" "SELECT peer_replay($PEER_MATCHES)") || exit 1
	peer_ms=$(min "$peer_ms" "$ms")
	ms=$(measure "SET client_min_messages = warning;" "CALL otr_recompute('2025-01-07 12:00+00')") || exit 1
	weekly_ms=$(min "$weekly_ms" "$ms")
done
awk -v r="$rows" -v pr="$peer_rows" -v s="$scan_ms" -v a="$replay_ms" -v b="$peer_ms" -v w="$weekly_ms" 'BEGIN {
	printf "| query | player-games | time | player-games/s |\n|---|---|---|---|\n"
	printf "| reading the rows in order (the floor) | %d | %.3f s | %.0f |\n", r, s / 1000, r / (s / 1000)
	printf "| `skill.otr_replay` | %d | %.3f s | %.0f |\n", r, a / 1000, r / (a / 1000)
	printf "| PL/pgSQL loop over `otr_decay` + `otr_rate_match` (peer) | %d | %.3f s | %.0f |\n", pr, b / 1000, pr / (b / 1000)
	printf "| weekly recompute (`CALL otr_recompute`, scripts/otr_weekly.sql) | %d | %.3f s | %.0f |\n", r, w / 1000, r / (w / 1000)
	printf "\notr_replay / peer speed per player-game: %.1fx\n", (r / a) / (pr / b) }'
