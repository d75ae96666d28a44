// bench.mjs - ts-trueskill 5.1.0 side of bench/trueskill/run.sh: rates
// seeded random matches of each shape with the default environment (ranks
// in list order) and prints "<shape> <matches/second>", the best of a few
// passes after a warm-up pass over the first 20,000 matches.
//
//   node bench.mjs [matches] [passes]   (defaults 100000, 3)
//
// Shapes: 1v1, and 4team = 4 teams of 2 players (what the SQL side rates).
import { Rating, TrueSkill } from 'ts-trueskill';

const matches = Number(process.argv[2] ?? 100000);
const passes = Number(process.argv[3] ?? 3);

let state = 42;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const player = () => new Rating(20 + 10 * random(), 1 + 7 * random());
const env = new TrueSkill();

for (const [shape, teams, size] of [['1v1', 2, 1], ['4team', 4, 2]]) {
  const games = [];
  for (let k = 0; k < matches; k += 1)
    games.push(Array.from({ length: teams }, () => Array.from({ length: size }, player)));
  let sink = 0;
  let best = Infinity;
  for (let pass = 0; pass <= passes; pass += 1) {
    const batch = pass === 0 ? games.slice(0, 20000) : games; // pass 0 warms up the JIT
    const start = process.hrtime.bigint();
    for (const g of batch) sink += env.rate(g)[0][0].mu;
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    if (pass > 0) best = Math.min(best, seconds);
  }
  if (!Number.isFinite(sink)) throw new Error('non-finite result');
  console.log(`${shape} ${(matches / best).toFixed(0)}`);
}
