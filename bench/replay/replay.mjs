// replay.mjs - replays a history CSV (from gen.mjs) with openskill.js 5.0.1
// Plackett-Luce and its defaults, keeping ratings in a Map, the way a
// Node backend would.  Prints "matches seconds" on stdout and writes the
// final ratings as CSV (player_id,mu,sigma) to the file given.
//   node replay.mjs history.csv ratings-out.csv
import { readFileSync, writeFileSync } from 'node:fs';
import { rating, rate } from 'openskill';

const [input, output] = process.argv.slice(2);
const lines = readFileSync(input, 'utf8').split('\n');

// Parse first, so the timing covers rating only (as the SQL side's scan
// floor is measured separately).
const rows = [];
for (const line of lines) {
  if (!line) continue;
  const [m, , p, t, r] = line.split(',');
  rows.push([Number(m), Number(p), Number(t), Number(r)]);
}

const ratings = new Map();
const started = process.hrtime.bigint();
let matches = 0;
for (let i = 0; i < rows.length;) {
  const matchId = rows[i][0];
  const byTeam = new Map();
  for (; i < rows.length && rows[i][0] === matchId; i++) {
    const [, p, t, r] = rows[i];
    if (!byTeam.has(t)) byTeam.set(t, { rank: r, players: [] });
    byTeam.get(t).players.push(p);
  }
  const teamIds = [...byTeam.keys()].sort((a, b) => a - b);
  const teams = teamIds.map((t) => byTeam.get(t).players.map((p) => ratings.get(p) ?? rating()));
  const ranks = teamIds.map((t) => byTeam.get(t).rank);
  const rated = rate(teams, { rank: ranks });
  teamIds.forEach((t, k) => byTeam.get(t).players.forEach((p, j) => ratings.set(p, rated[k][j])));
  matches++;
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;

const csv = [];
for (const [p, r] of ratings) csv.push(`${p},${r.mu},${r.sigma}`);
writeFileSync(output, csv.join('\n') + '\n');
console.log(`${matches} ${seconds}`);
