// openskill.mjs - seeded random matches rated by openskill.js 5.0.1, written
// as JSON Lines for run.sh to feed through the extension's SQL functions.
//
// Only what openskill.js and openskill.py 6.2.0 (our reference) compute the
// same way (tests/vectors/README.md): rate with Plackett-Luce, Bradley-Terry
// full and Thurstone-Mosteller full (ties included; no margin, no weights,
// integer ranks), predict_win and predict_rank for two teams, predict_draw
// for one player against one.
//
//   node openskill.mjs [matches] [seed]  (defaults 3000, 20240611)
import { rate, predictWin, predictDraw, predictRank } from 'openskill'
import { plackettLuce, bradleyTerryFull, thurstoneMostellerFull } from 'openskill/models'

const matches = Number(process.argv[2] ?? 3000)
const seed = Number(process.argv[3] ?? 20240611)

// mulberry32: a small, fixed PRNG, so every run draws the same matches.
let state = seed >>> 0
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0
  let t = state
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const uniform = (lo, hi) => lo + (hi - lo) * random()
const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1))
const chance = (p) => random() < p

const models = [
  ['pl', plackettLuce],
  ['bt_full', bradleyTerryFull],
  ['tm_full', thurstoneMostellerFull],
]

/*
 * Thurstone-Mosteller evaluates Phi = 0.5 (1 + erf(z/sqrt 2)) deep in the
 * lower tail, where that form keeps only a few digits: there the result
 * depends on the last bits of each library's erf (stdlib's here, libm's in
 * C), not on the model.  Like the reference vectors, such matches are drawn
 * again: those where some pair's Phi argument (sign*x - t for a win or loss,
 * t - |x| and -t - |x| for a tie, as in the v/w/vt/wt of both libraries)
 * is below -5, i.e. Phi < 3e-7.  The team ratings are summed as both
 * libraries do (tau first, then balance).
 */
const teamSums = (teams, p) =>
  teams.map((team) => {
    const players = team.map(({ mu, sigma }) => ({ mu, sigma: Math.sqrt(sigma * sigma + p.tau * p.tau) }))
    const ordinals = players.map(({ mu, sigma }) => mu - 3 * sigma)
    const maxOrdinal = Math.max(...ordinals)
    return players.reduce(
      ([mu, sigSq], pl, j) => {
        const f = p.balance ? 1 + (maxOrdinal - ordinals[j]) / (maxOrdinal + p.kappa) : 1
        return [mu + pl.mu * f, sigSq + (pl.sigma * f) ** 2]
      },
      [0, 0],
    )
  })
const tailSensitive = (teams, order, p) => {
  const sums = teamSums(teams, p)
  for (let i = 0; i < sums.length; i += 1)
    for (let q = 0; q < sums.length; q += 1) {
      if (q === i) continue
      const c = Math.sqrt(sums[i][1] + sums[q][1] + 2 * p.beta * p.beta)
      const x = (sums[i][0] - sums[q][0]) / c
      const t = p.epsilon / c
      const z = order[q] === order[i] ? -Math.abs(x) - t : (order[q] > order[i] ? 1 : -1) * x - t
      if (!(z >= -5)) return true
    }
  return false
}

let redrawn = 0
for (let k = 0; k < matches; k += 1) {
  const [name, model] = models[k % models.length]
  // Mostly small matches, some free-for-alls of up to 8 teams.
  const nTeams = chance(0.4) ? 2 : int(2, 8)
  const teams = []
  for (let t = 0; t < nTeams; t += 1) {
    const size = chance(0.3) ? 1 : int(1, 5)
    const team = []
    for (let p = 0; p < size; p += 1)
      team.push({ mu: uniform(-10, 60), sigma: chance(0.1) ? uniform(0.01, 0.5) : uniform(0.5, 12) })
    teams.push(team)
  }

  // Outcome: integer ranks with ties, scores, or the list order.
  const outcome = random()
  const ranks = outcome < 0.6 ? teams.map(() => int(1, nTeams)) : null
  const scores = outcome >= 0.6 && outcome < 0.85 ? teams.map(() => int(0, 30)) : null

  const params = {
    beta: chance(0.5) ? 25 / 6 : uniform(0.5, 10),
    kappa: chance(0.5) ? 0.0001 : uniform(1e-6, 0.2),
    tau: [25 / 300, 0, uniform(0, 2)][int(0, 2)],
    limit_sigma: chance(0.3),
    balance: chance(0.2),
    epsilon: chance(0.5) ? 0.1 : uniform(0, 2),
  }
  const options = {
    model,
    beta: params.beta,
    kappa: params.kappa,
    tau: params.tau,
    limitSigma: params.limit_sigma,
    balance: params.balance,
    epsilon: params.epsilon,
  }
  if (ranks) options.rank = ranks
  if (scores) options.score = scores
  const order = ranks ?? (scores ? scores.map((x) => -x) : teams.map((_, i) => i))
  if (name === 'tm_full' && tailSensitive(teams, order, params)) {
    redrawn += 1
    k -= 1
    continue
  }

  const js = { rate: rate(teams, options) }
  const predictOptions = { beta: params.beta, kappa: params.kappa, balance: params.balance }
  if (nTeams === 2) {
    js.win = predictWin(teams, predictOptions)
    js.rank = predictRank(teams, predictOptions)
    if (teams[0].length === 1 && teams[1].length === 1) js.draw = predictDraw(teams, predictOptions)
  }
  process.stdout.write(JSON.stringify({ id: k + 1, model: name, teams, ranks, scores, params, js }) + '\n')
}
process.stderr.write(`openskill.mjs: ${matches} matches, ${redrawn} tail-sensitive Thurstone-Mosteller draws replaced\n`)
