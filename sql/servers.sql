-- Game-server placement: skill.place_matches puts formed matches on
-- server instances.  Every expected placement is derived by hand in the
-- comment above its query from the rules: a server needs room (load <
-- capacity) and a worst-player latency within max_latency and within
-- latency_slack of the best such server; of those the least loaded
-- (load/capacity) wins, then the lower latency, then the earlier server.
\set VERBOSITY terse

---------------------------------------------------------------------------
-- Measured latencies: one row per player, one column per server
---------------------------------------------------------------------------

-- Servers a, b, c (capacity 2, loads 1, 0, 0).  Match 1: players at
-- {20, 50, 80} and {40, 30, 90} ms, worst 40, 50, 90.  Match 2: {10, 10, 10}
-- and {15, 12, NULL}, worst 15, 12, unreachable.
-- Slack 0: match 1 -> a (40, the lowest; a is now full at 2/2);
-- match 2 -> b (12).
SELECT * FROM skill.place_matches(ARRAY['a', 'b', 'c'], ARRAY[2, 2, 2], ARRAY[1, 0, 0],
                                  ARRAY[1, 1, 2, 2],
                                  ARRAY[[20, 50, 80], [40, 30, 90], [10, 10, 10], [15, 12, NULL]]::float8[]);
-- Slack 15: match 1 may take a (40, load 1/2) or b (50, 0/2): b, less
-- loaded.  Match 2: best 12 (b), a at 15 is within 15; a and b both at 1/2,
-- so the lower latency: b (12).
SELECT * FROM skill.place_matches(ARRAY['a', 'b', 'c'], ARRAY[2, 2, 2], ARRAY[1, 0, 0],
                                  ARRAY[1, 1, 2, 2],
                                  ARRAY[[20, 50, 80], [40, 30, 90], [10, 10, 10], [15, 12, NULL]]::float8[],
                                  latency_slack => 15);
-- max_latency 30: no server is within 30 for match 1 (worst 40, 50, 90): NULL.
SELECT * FROM skill.place_matches(ARRAY['a', 'b', 'c'], ARRAY[2, 2, 2], ARRAY[1, 0, 0],
                                  ARRAY[1, 1, 2, 2],
                                  ARRAY[[20, 50, 80], [40, 30, 90], [10, 10, 10], [15, 12, NULL]]::float8[],
                                  max_latency => 30);
-- Capacity first: capacities 1, loads 1, 1, 0: only c has room; match 1
-- takes it (90 ms); match 2 cannot reach c and a, b are full: NULL.
SELECT * FROM skill.place_matches(ARRAY['a', 'b', 'c'], ARRAY[1, 1, 1], ARRAY[1, 1, 0],
                                  ARRAY[1, 1, 2, 2],
                                  ARRAY[[20, 50, 80], [40, 30, 90], [10, 10, 10], [15, 12, NULL]]::float8[]);
-- Spreading: six matches (numbers 7, 3, 9, 4, 8, 5; placed in ascending
-- order 3, 4, 5, 7, 8, 9), one player each, 25 ms to each of three servers
-- of 4: round robin 10, 20, 30, 10, 20, 30.
SELECT * FROM skill.place_matches(ARRAY[10, 20, 30]::bigint[], ARRAY[4, 4, 4], ARRAY[0, 0, 0],
                                  ARRAY[7, 3, 9, 4, 8, 5],
                                  array_fill(25::float8, ARRAY[6, 3]));
-- Load is a fraction of capacity: 4 of 10 (0.4) is less loaded than 1 of 2 (0.5).
SELECT server_id FROM skill.place_matches(ARRAY['big', 'small'], ARRAY[10, 2], ARRAY[4, 1],
                                          ARRAY[1], ARRAY[[5, 5]]::float8[]);
-- No servers free (array_agg over no locked rows is NULL): every match unplaced.
SELECT * FROM skill.place_matches(NULL::text[], NULL, NULL, ARRAY[1, 1, 2], NULL);
-- No players: no rows.
SELECT count(*) FROM skill.place_matches(ARRAY['a'], ARRAY[1], ARRAY[0], NULL, NULL);
SELECT count(*) FROM skill.place_matches(ARRAY['a'], ARRAY[1], ARRAY[0], '{}', NULL);

-- Errors.
SELECT * FROM skill.place_matches(ARRAY['a', 'a'], ARRAY[1, 1], ARRAY[0, 0], ARRAY[1], ARRAY[[1, 1]]::float8[]);
SELECT * FROM skill.place_matches(ARRAY['a', NULL], ARRAY[1, 1], ARRAY[0, 0], ARRAY[1], ARRAY[[1, 1]]::float8[]);
SELECT * FROM skill.place_matches(ARRAY['{}'::json, '[]'::json], ARRAY[1, 1], ARRAY[0, 0], ARRAY[1], ARRAY[[1, 1]]::float8[]);
SELECT * FROM skill.place_matches(ARRAY['a', 'b'], ARRAY[1], ARRAY[0, 0], ARRAY[1], ARRAY[[1, 1]]::float8[]);
SELECT * FROM skill.place_matches(ARRAY['a', 'b'], NULL, ARRAY[0, 0], ARRAY[1], ARRAY[[1, 1]]::float8[]);
SELECT * FROM skill.place_matches(ARRAY['a', 'b'], ARRAY[1, -1], ARRAY[0, 0], ARRAY[1], ARRAY[[1, 1]]::float8[]);
SELECT * FROM skill.place_matches(ARRAY['a', 'b'], ARRAY[1, 1], ARRAY[0, NULL], ARRAY[1], ARRAY[[1, 1]]::float8[]);
SELECT * FROM skill.place_matches(ARRAY['a', 'b'], ARRAY[1, 1], ARRAY[-3, 0], ARRAY[1], ARRAY[[1, 1]]::float8[]);
-- A load above its capacity contradicts the servers table (a full server,
-- or one being drained, has load = capacity): refused, not read as full.
\set VERBOSITY default
SELECT * FROM skill.place_matches(ARRAY['a', 'b'], ARRAY[2, 2], ARRAY[3, 5], ARRAY[1], ARRAY[[20, 50]]::float8[]);
\set VERBOSITY terse
SELECT * FROM skill.place_matches(ARRAY['a', 'b'], ARRAY[2, 0], ARRAY[2, 1], ARRAY[1], ARRAY[[20, 50]]::float8[]);
SELECT * FROM skill.place_matches(ARRAY['a', 'b'], ARRAY[1, 1], ARRAY[0, 0], ARRAY[1, NULL], ARRAY[[1, 1], [1, 1]]::float8[]);
SELECT * FROM skill.place_matches(ARRAY['a', 'b'], ARRAY[1, 1], ARRAY[0, 0], ARRAY[1], NULL);
SELECT * FROM skill.place_matches(ARRAY['a', 'b'], ARRAY[1, 1], ARRAY[0, 0], ARRAY[1], ARRAY[1, 1]::float8[]);
SELECT * FROM skill.place_matches(ARRAY['a', 'b'], ARRAY[1, 1], ARRAY[0, 0], ARRAY[1, 1], ARRAY[[1, 1]]::float8[]);
SELECT * FROM skill.place_matches(ARRAY['a', 'b'], ARRAY[1, 1], ARRAY[0, 0], ARRAY[1], ARRAY[[1, -1]]::float8[]);
SELECT * FROM skill.place_matches(ARRAY['a', 'b'], ARRAY[1, 1], ARRAY[0, 0], ARRAY[1], ARRAY[[1, 'NaN']]::float8[]);
SELECT * FROM skill.place_matches(ARRAY['a', 'b'], ARRAY[1, 1], ARRAY[0, 0], ARRAY[1], ARRAY[[1, 'Infinity']]::float8[]);
-- At most 64 Mi cells of matches times servers: 8200 of each is 67,240,000.
SELECT * FROM skill.place_matches((SELECT array_agg(i) FROM generate_series(1, 8200) i),
                                  array_fill(1, ARRAY[8200]), array_fill(0, ARRAY[8200]),
                                  (SELECT array_agg(i) FROM generate_series(1, 8200) i), NULL);
SELECT * FROM skill.place_matches(ARRAY['a'], ARRAY[1], ARRAY[0], ARRAY[1], ARRAY[[1]]::float8[], max_latency => -1);
SELECT * FROM skill.place_matches(ARRAY['a'], ARRAY[1], ARRAY[0], ARRAY[1], ARRAY[[1]]::float8[], max_latency => 'NaN');
-- latency_slack is not optional: NULL gives no rows (docs/errors.md, "NULL rule").
SELECT * FROM skill.place_matches(ARRAY['a'], ARRAY[1], ARRAY[0], ARRAY[1], ARRAY[[1]]::float8[], latency_slack => NULL);
SELECT * FROM skill.place_matches(ARRAY['a'], ARRAY[1], ARRAY[0], ARRAY[1], ARRAY[[1]]::float8[], latency_slack => -5);
SELECT * FROM skill.place_matches(ARRAY['a'], ARRAY[1], ARRAY[0], ARRAY[1], ARRAY[[1]]::float8[], latency_slack => 'Infinity');

---------------------------------------------------------------------------
-- By region: 0 in the player's region, cross_region_latency elsewhere
---------------------------------------------------------------------------

-- Servers eu-1 (eu, capacity 1), eu-2 (eu, 2), us-1 (us, 1), all empty.
-- Matches 1, 2 all eu; 3 one eu and one us; 4, 5 all us.
-- Other regions not allowed (NULL): 1 -> eu-1 (eu-1 and eu-2 both 0 ms and
-- empty: the first); 2 -> eu-2 (eu-1 full); 3 -> NULL (no server is in
-- both regions); 4 -> us-1; 5 -> NULL (us-1 full).
SELECT * FROM skill.place_matches(ARRAY['eu-1', 'eu-2', 'us-1'], ARRAY[1, 2, 1], ARRAY[0, 0, 0],
                                  ARRAY['eu', 'eu', 'us'],
                                  ARRAY[1, 1, 2, 2, 3, 3, 4, 4, 5, 5],
                                  ARRAY['eu', 'eu', 'eu', 'eu', 'eu', 'us', 'us', 'us', 'us', 'us']);
-- cross_region_latency 100: 1 -> eu-1, 2 -> eu-2 as before; 3 is 100 from
-- every server: eu-2 (1/2) or us-1 (0/1), us-1 less loaded; 4: us-1 is
-- full, eu-2 at 100 is the best with room -> eu-2; 5: all full -> NULL.
SELECT * FROM skill.place_matches(ARRAY['eu-1', 'eu-2', 'us-1'], ARRAY[1, 2, 1], ARRAY[0, 0, 0],
                                  ARRAY['eu', 'eu', 'us'],
                                  ARRAY[1, 1, 2, 2, 3, 3, 4, 4, 5, 5],
                                  ARRAY['eu', 'eu', 'eu', 'eu', 'eu', 'us', 'us', 'us', 'us', 'us'],
                                  cross_region_latency => 100);
-- ... and with max_latency 50 the cross-region placements are refused:
-- 1 eu-1, 2 eu-2, 3 NULL, 4 us-1, 5 NULL.
SELECT * FROM skill.place_matches(ARRAY['eu-1', 'eu-2', 'us-1'], ARRAY[1, 2, 1], ARRAY[0, 0, 0],
                                  ARRAY['eu', 'eu', 'us'],
                                  ARRAY[1, 1, 2, 2, 3, 3, 4, 4, 5, 5],
                                  ARRAY['eu', 'eu', 'eu', 'eu', 'eu', 'us', 'us', 'us', 'us', 'us'],
                                  cross_region_latency => 100, max_latency => 50);
-- No servers: unplaced.
SELECT * FROM skill.place_matches(NULL::text[], NULL, NULL, NULL, ARRAY[1], ARRAY['eu']);
-- Errors.
SELECT * FROM skill.place_matches(ARRAY['a'], ARRAY[1], ARRAY[0], ARRAY['eu', 'us'], ARRAY[1], ARRAY['eu']);
SELECT * FROM skill.place_matches(ARRAY['a'], ARRAY[1], ARRAY[0], ARRAY[NULL]::text[], ARRAY[1], ARRAY['eu']);
SELECT * FROM skill.place_matches(ARRAY['a'], ARRAY[1], ARRAY[0], ARRAY['eu'], ARRAY[1, 1], ARRAY['eu']);
SELECT * FROM skill.place_matches(ARRAY['a'], ARRAY[1], ARRAY[0], ARRAY['eu'], ARRAY[1], NULL);
SELECT * FROM skill.place_matches(ARRAY['a'], ARRAY[1], ARRAY[0], ARRAY['eu'], ARRAY[1], ARRAY['eu'],
                                  cross_region_latency => -1);
SELECT * FROM skill.place_matches(ARRAY['a'], ARRAY[1], ARRAY[0], ARRAY['eu'], ARRAY[1], ARRAY['eu'],
                                  cross_region_latency => 'Infinity');
