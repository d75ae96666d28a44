// gen.mjs - writes a seeded synthetic match history as CSV:
//   node gen.mjs <kind 1v1|5v5> <matches> <players> <seed> > file.csv
// Columns: match_id,played_at,player_id,team,rank (one row per player per
// match), ordered by played_at, match_id.  Each player has a hidden skill;
// the team with the higher sum of skill plus noise wins.
const [kind, matchesArg, playersArg, seedArg] = process.argv.slice(2);
const matches = Number(matchesArg);
const players = Number(playersArg);
const teamSize = kind === '5v5' ? 5 : 1;

// mulberry32: small, fast, and the same sequence on every machine.
let state = Number(seedArg) >>> 0;
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
function gaussian() {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

const skill = new Float64Array(players + 1);
for (let p = 1; p <= players; p++) skill[p] = 25 + 8 * gaussian();

const start = Date.UTC(2026, 0, 1) / 1000;
const out = [];
const chosen = new Set();
for (let m = 1; m <= matches; m++) {
  chosen.clear();
  const teams = [[], []];
  for (let t = 0; t < 2; t++) {
    while (teams[t].length < teamSize) {
      const p = 1 + Math.floor(random() * players);
      if (!chosen.has(p)) { chosen.add(p); teams[t].push(p); }
    }
  }
  const perf = teams.map((team) => team.reduce((s, p) => s + skill[p] + 4 * gaussian(), 0));
  const winner = perf[0] >= perf[1] ? 0 : 1;
  const playedAt = new Date((start + m * 30) * 1000).toISOString();
  for (let t = 0; t < 2; t++) {
    const rank = t === winner ? 1 : 2;
    for (const p of teams[t]) out.push(`${m},${playedAt},${p},${t + 1},${rank}`);
  }
  if (out.length >= 100000) { process.stdout.write(out.join('\n') + '\n'); out.length = 0; }
}
if (out.length) process.stdout.write(out.join('\n') + '\n');
