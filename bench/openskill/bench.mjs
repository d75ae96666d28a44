// bench.mjs - openskill.js 5.0.1 side of bench/openskill/run.sh: rates
// 100,000 seeded random matches (default model Plackett-Luce, default
// options, list order) of each shape and prints "<shape> <matches/second>",
// the best of a few passes after a warm-up pass.
//
//   node bench.mjs [matches] [passes]   (defaults 100000, 3)
import { rate } from 'openskill'

const matches = Number(process.argv[2] ?? 100000)
const passes = Number(process.argv[3] ?? 3)

let state = 42
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0
  let t = state
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const player = () => ({ mu: 20 + 10 * random(), sigma: 1 + 7 * random() })

for (const [shape, size] of [['1v1', 1], ['5v5', 5]]) {
  const games = []
  for (let k = 0; k < matches; k += 1)
    games.push([Array.from({ length: size }, player), Array.from({ length: size }, player)])
  let sink = 0
  let best = Infinity
  for (let pass = 0; pass <= passes; pass += 1) {
    const start = process.hrtime.bigint()
    for (const teams of games) sink += rate(teams)[0][0].mu
    const seconds = Number(process.hrtime.bigint() - start) / 1e9
    if (pass > 0) best = Math.min(best, seconds) // pass 0 warms up the JIT
  }
  if (!Number.isFinite(sink)) throw new Error('non-finite result')
  console.log(`${shape} ${(matches / best).toFixed(0)}`)
}
