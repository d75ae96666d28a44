// Differential test: skill.trueskill_* (through psql) against ts-trueskill
// 5.1.0 on seeded random 1v1, 2v2 and 4-team matches.
//
// Every case is compared twice:
//  1. With ts-trueskill as shipped.  It evaluates the normal cdf with the
//     Numerical Recipes erfc approximation (fractional error < 1.2e-7), while
//     skill, like trueskill 0.4.5's scipy backend that the vectors follow,
//     uses exact normal functions.  That gap is up to 6e-6 on the reference
//     vectors (tests/vectors/README.md); on random matches with partial play,
//     narrow draw margins and 4 teams (where the graph is iterated) it is
//     larger: its effect on ts-trueskill's own results, measured per match as
//     |ts-trueskill - ts-trueskill with exact normal functions| and printed
//     below, reached 3.4e-5 over 24,000 matches (8 seeds x 3,000).  Hence
//     TOL_STOCK = 5e-5, still well below a modelling difference (another
//     message schedule moves results by ~1e-4, a wrong draw margin by ~1e-2).
//  2. With ts-trueskill given exact normal functions (its TrueSkill
//     constructor takes the Gaussian it uses for cdf/pdf/ppf).  Then only
//     rounding separates the two implementations: they agree to ~1e-11,
//     except in draws with a narrow margin (draw_probability ~0.02), where
//     the iteration amplifies the rounding of the truncated-Gaussian moments
//     to at most 4e-9 (same 24,000 matches).  ts-trueskill also allows 11
//     rounds ("index <= 10") where trueskill 0.4.5 and skill allow 10; in
//     the matches that reach that limit the extra round moved results by at
//     most 6e-9.  Hence TOL_EXACT = 1e-7.
// A case passes when every number (new mu and sigma of each player, quality,
// win probability for two teams, expose of each input rating) agrees in both.
//
// Environment: PGDATABASE etc. for psql; SEED, CASES (per kind) optional.
// The last line printed is "ts-trueskill: N passed, N failed".

import { spawnSync } from 'node:child_process';
import { Gaussian } from 'ts-gaussian';
import { Rating, TrueSkill } from 'ts-trueskill';

const SEED = Number(process.env.SEED ?? 20240607);
const CASES = Number(process.env.CASES ?? 300);
const TOL_STOCK = 5e-5;
const TOL_EXACT = 1e-7;

// mulberry32: a small seeded PRNG, so every run draws the same matches.
function mulberry32(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(SEED);
const uniform = (lo, hi) => lo + (hi - lo) * rand();
const pick = (xs) => xs[Math.floor(rand() * xs.length)];

// erfc to about 1e-15 relative: a power series for erf below 2 (all terms
// positive: erf(z) = 2/sqrt(pi) e^-z^2 sum 2^n z^(2n+1)/(1*3*...*(2n+1))),
// Lentz's continued fraction for erfc above.
function erfcExact(x) {
  const z = Math.abs(x);
  let r;
  if (z < 2) {
    let term = z;
    let sum = z;
    for (let n = 1; n < 200 && term > 1e-17 * sum; n++) {
      term *= (2 * z * z) / (2 * n + 1);
      sum += term;
    }
    r = 1 - (2 / Math.sqrt(Math.PI)) * Math.exp(-z * z) * sum;
  } else {
    // erfc(z) = e^-z^2/sqrt(pi) * 1/(z + (1/2)/(z + 1/(z + (3/2)/(z + ...))))
    const tiny = 1e-300;
    let f = z;
    let C = z;
    let D = 0;
    for (let n = 1; n < 500; n++) {
      const a = n / 2;
      D = z + a * D;
      D = D === 0 ? tiny : 1 / D;
      C = z + a / C;
      if (C === 0) C = tiny;
      const delta = C * D;
      f *= delta;
      if (Math.abs(delta - 1) < 1e-16) break;
    }
    r = Math.exp(-z * z) / Math.sqrt(Math.PI) / f;
  }
  return x >= 0 ? r : 2 - r;
}

// The standard normal with an exact cdf and a Newton-refined ppf.
class ExactGaussian extends Gaussian {
  cdf(x) {
    return 0.5 * erfcExact(-(x - this.mean) / (this.standardDeviation * Math.SQRT2));
  }

  ppf(p) {
    let x = super.ppf(p);
    for (let i = 0; i < 8; i++) {
      const step = (this.cdf(x) - p) / this.pdf(x);
      x -= step;
      if (Math.abs(step) < 1e-16 * Math.max(1, Math.abs(x))) break;
    }
    return x;
  }
}

// Self-check of the exact normal functions against Python's math.erfc and
// statistics.NormalDist().inv_cdf.
for (const [x, want] of [
  [0, 0.5],
  [-1, 0.15865525393145707],
  [-3, 0.0013498980316300957],
  [-8, 6.220960574271819e-16],
  [1.5, 0.9331927987311419],
]) {
  const got = new ExactGaussian(0, 1).cdf(x);
  if (!(Math.abs(got - want) <= 1e-14 * want)) {
    console.error(`exact cdf(${x}) = ${got}, want ${want}`);
    console.log('ts-trueskill: 0 passed, 1 failed');
    process.exit(1);
  }
}
if (!(Math.abs(new ExactGaussian(0, 1).ppf(0.55) - 0.12566134685507413) <= 1e-15)) {
  console.error('exact ppf(0.55) is off');
  console.log('ts-trueskill: 0 passed, 1 failed');
  process.exit(1);
}

// Random matches.
function randomRating() {
  return { mu: uniform(5, 45), sigma: uniform(0.8, 25 / 3) };
}

function randomEnv(i) {
  // every third case leaves the defaults
  if (i % 3 === 0)
    return { mu: 25, sigma: 25 / 3, beta: 25 / 6, tau: 25 / 300, draw_probability: 0.1, min_delta: 1e-4 };
  return {
    mu: 25,
    sigma: 25 / 3,
    beta: uniform(2, 8),
    tau: pick([0, uniform(0, 0.3)]),
    draw_probability: uniform(0.01, 0.4),
    min_delta: 1e-4,
  };
}

function randomCase(kind, i) {
  let teams;
  let ranks;
  let weights = null;
  if (kind === '1v1' || kind === '2v2') {
    const size = kind === '1v1' ? 1 : 2;
    teams = [0, 1].map(() => Array.from({ length: size }, randomRating));
    ranks = pick([[0, 1], [1, 0], [0, 1], [1, 0], [0, 0]]);
    if (kind === '2v2' && rand() < 0.3)
      weights = teams.map((t) => t.map(() => pick([1, 1, 0, uniform(0, 1)])));
  } else {
    teams = [0, 1, 2, 3].map(() => Array.from({ length: 1 + Math.floor(rand() * 3) }, randomRating));
    ranks = teams.map(() => Math.floor(rand() * 4));
    if (rand() < 0.2) weights = teams.map((t) => t.map(() => pick([1, uniform(0, 1)])));
  }
  // at most one team may sit out entirely (quality cannot compare two)
  if (weights) {
    let idle = 0;
    for (const w of weights) if (w.every((x) => x === 0) && ++idle > 1) w[0] = 1;
  }
  // every fifth case gives no ranks: list order
  if (i % 5 === 4) ranks = null;
  return { id: `${kind}-${i}`, kind, env: randomEnv(i), teams, ranks, weights };
}

// TrueSkill that counts the rounds of its message schedule.  ts-trueskill
// allows 11 rounds ("index <= 10") where trueskill 0.4.5, and so skill,
// allows 10; the count tells which matches reach that limit.
class CountingTrueSkill extends TrueSkill {
  truncUps = 0;
  nDiffs = 0;

  _buildTruncLayer(...args) {
    const layer = super._buildTruncLayer(...args);
    this.nDiffs = layer.length;
    for (const f of layer) {
      const up = f.up.bind(f);
      f.up = (...a) => {
        this.truncUps++;
        return up(...a);
      };
    }
    return layer;
  }

  get rounds() {
    return this.nDiffs === 1 ? this.truncUps : this.truncUps / (2 * (this.nDiffs - 1));
  }
}

function reference(c, gaussian) {
  const e = c.env;
  const env = new CountingTrueSkill(e.mu, e.sigma, e.beta, e.tau, e.draw_probability, gaussian);
  const groups = c.teams.map((t) => t.map((r) => new Rating(r.mu, r.sigma)));
  const rated = env.rate(groups, c.ranks, c.weights, e.min_delta);
  return {
    rounds: env.rounds,
    rate: rated.map((t) => t.map((r) => ({ mu: r.mu, sigma: r.sigma }))),
    quality: env.quality(groups, c.weights ?? undefined),
    win: groups.length === 2 ? env.winProbability(groups[0], groups[1]) : null,
    expose: groups.flat().map((r) => env.expose(r)),
  };
}

const cases = [];
for (const kind of ['1v1', '2v2', '4team'])
  for (let i = 0; i < CASES; i++) cases.push(randomCase(kind, i));

// Our side: one psql run over all cases.  Teams become a 2-D skill.rating[]
// padded with NULL; results come back as JSON (float8 prints round-trip exact).
const sql = String.raw`
\set ON_ERROR_STOP on
CREATE FUNCTION pg_temp.width(teams jsonb) RETURNS int LANGUAGE sql IMMUTABLE
AS $$ SELECT max(jsonb_array_length(team))::int FROM jsonb_array_elements(teams) AS x(team) $$;
CREATE FUNCTION pg_temp.teams(teams jsonb) RETURNS skill.rating[] LANGUAGE sql IMMUTABLE
AS $$
  SELECT array_agg((SELECT array_agg(CASE WHEN t.team->s.i IS NULL THEN NULL
                                          ELSE ROW((t.team->s.i->>'mu')::float8,
                                                   (t.team->s.i->>'sigma')::float8)::skill.rating
                                     END ORDER BY s.i)
                    FROM generate_series(0, pg_temp.width(teams) - 1) AS s(i))
                   ORDER BY t.n)
  FROM jsonb_array_elements(teams) WITH ORDINALITY AS t(team, n)
$$;
CREATE FUNCTION pg_temp.weights(weights jsonb) RETURNS float8[] LANGUAGE sql IMMUTABLE
AS $$
  SELECT array_agg((SELECT array_agg((t.team->>s.i)::float8 ORDER BY s.i)
                    FROM generate_series(0, pg_temp.width(weights) - 1) AS s(i))
                   ORDER BY t.n)
  FROM jsonb_array_elements(weights) WITH ORDINALITY AS t(team, n)
$$;
CREATE FUNCTION pg_temp.floats(a jsonb) RETURNS float8[] LANGUAGE sql IMMUTABLE
AS $$ SELECT array_agg(x::float8 ORDER BY n) FROM jsonb_array_elements_text(a) WITH ORDINALITY AS y(x, n) $$;
SELECT json_build_object(
  'id', c->>'id',
  'rate', skill.trueskill_rate(pg_temp.teams(c->'teams'),
                               ranks => pg_temp.floats(nullif(c->'ranks', 'null')),
                               weights => pg_temp.weights(nullif(c->'weights', 'null')),
                               mu => (c->'env'->>'mu')::float8,
                               sigma => (c->'env'->>'sigma')::float8,
                               beta => (c->'env'->>'beta')::float8,
                               tau => (c->'env'->>'tau')::float8,
                               draw_probability => (c->'env'->>'draw_probability')::float8,
                               min_delta => (c->'env'->>'min_delta')::float8),
  'quality', skill.trueskill_quality(pg_temp.teams(c->'teams'), pg_temp.weights(nullif(c->'weights', 'null')),
                                     beta => (c->'env'->>'beta')::float8),
  'win', CASE WHEN jsonb_array_length(c->'teams') = 2
              THEN skill.trueskill_win_probability(pg_temp.teams(c->'teams'),
                                                   beta => (c->'env'->>'beta')::float8) END,
  'expose', (SELECT json_agg(skill.trueskill_expose(ROW((r->>'mu')::float8, (r->>'sigma')::float8)::skill.rating,
                                                    mu => (c->'env'->>'mu')::float8,
                                                    sigma => (c->'env'->>'sigma')::float8) ORDER BY t.n, p.n)
             FROM jsonb_array_elements(c->'teams') WITH ORDINALITY AS t(team, n),
                  jsonb_array_elements(t.team) WITH ORDINALITY AS p(r, n)))
FROM jsonb_array_elements($cases$${JSON.stringify(cases)}$cases$::jsonb) WITH ORDINALITY AS x(c, n)
ORDER BY x.n;
`;

const psql = spawnSync('psql', ['-X', '-q', '-A', '-t', '-f', '-'], {
  input: sql,
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
});
if (psql.status !== 0) {
  process.stderr.write(psql.stderr);
  console.log('ts-trueskill: 0 passed, 1 failed');
  process.exit(1);
}
const ours = new Map(
  psql.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l))
    .map((r) => [r.id, r]),
);

// Flatten a result into a list of numbers, in one fixed order.  Padding of
// the 2-D result (JSON null) is skipped, so team shapes must line up.
function numbers(r) {
  const out = [];
  for (const team of r.rate) for (const p of team) if (p !== null) out.push(p.mu, p.sigma);
  out.push(r.quality);
  if (r.win !== null && r.win !== undefined) out.push(r.win);
  out.push(...r.expose);
  return out;
}

function maxDiff(a, b) {
  if (a.length !== b.length) return Infinity;
  let m = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    if (!(d <= m)) m = Number.isNaN(d) ? Infinity : d;
  }
  return m;
}

let passed = 0;
let failed = 0;
let maxStock = 0;
let maxExact = 0;
const perKind = {};
for (const c of cases) {
  const mine = ours.get(c.id);
  const refStock = reference(c, new Gaussian(0, 1));
  const refExact = reference(c, new ExactGaussian(0, 1));
  const stock = numbers(refStock);
  const exact = numbers(refExact);
  const got = mine ? numbers(mine) : [];
  const dStock = maxDiff(got, stock);
  const dExact = maxDiff(got, exact);
  const k = (perKind[c.kind] ??= { n: 0, stock: 0, exact: 0, approx: 0, limit: 0, limitExact: 0 });
  k.n++;
  k.stock = Math.max(k.stock, dStock);
  k.approx = Math.max(k.approx, maxDiff(stock, exact));
  maxStock = Math.max(maxStock, dStock);
  // a match that has not converged after 10 rounds gets an 11th in ts-trueskill
  const hitLimit = refExact.rounds > 10;
  if (hitLimit) {
    k.limit++;
    k.limitExact = Math.max(k.limitExact, dExact);
  } else {
    k.exact = Math.max(k.exact, dExact);
    maxExact = Math.max(maxExact, dExact);
  }
  if (dStock <= TOL_STOCK && dExact <= TOL_EXACT) {
    passed++;
  } else {
    failed++;
    console.log(`FAIL ${c.id}: max abs diff ${dStock} (stock), ${dExact} (exact normal), ${refExact.rounds} rounds`);
    console.log(`  case ${JSON.stringify(c)}`);
  }
}

const fmt = (x) => x.toExponential(2);
console.log(`seed ${SEED}, ${CASES} matches per kind.  Max abs diff of skill against ts-trueskill (tolerance ${TOL_STOCK}),`);
console.log(`against ts-trueskill with exact normal functions (tolerance ${TOL_EXACT}; separately for the matches where`);
console.log('ts-trueskill ran an 11th round), and the effect of ts-trueskill\'s erfc approximation on its own results:');
for (const [kind, k] of Object.entries(perKind))
  console.log(`  ${kind}: ${k.n} matches, ${fmt(k.stock)}, exact ${fmt(k.exact)}` +
    `${k.limit ? ` (${k.limit} at the round limit: ${fmt(k.limitExact)})` : ''}, approximation ${fmt(k.approx)}`);
console.log(`max abs diff ${fmt(maxStock)} vs ts-trueskill, ${fmt(maxExact)} vs ts-trueskill with exact normal functions`);
console.log(`ts-trueskill: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
