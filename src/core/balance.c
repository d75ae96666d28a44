/*
 * balance.c - split players into teams of equal size, parties kept
 * together, with the smallest gap between the strongest and weakest team.
 *
 * Parties are the units of work: a solo player is a party of one.  All
 * strengths are shifted so the weakest is 0; with equal head counts this
 * changes every team total by the same amount, so gaps are unchanged, and
 * nonnegative values make the search bounds simple.
 *
 * Small inputs get an exact branch and bound, started from the heuristic
 * answer so it only has to look for strictly better splits.  Larger ones
 * get the heuristic alone: a feasible greedy start, then swaps of equal-
 * sized units between teams.  A swap only moves two team totals strictly
 * inside their old interval, so neither the largest total grows nor the
 * smallest shrinks: the gap never gets worse than the start's.
 */
#include <math.h>
#include <stdlib.h>

#include "matchmaking.h"

/* Work budget of the party packing search (about team checks). */
#define PACK_BUDGET		20000000L

/* Two-for-two swaps are tried while 4 * (pairs x pairs) stays below this. */
#define PAIR_SWAP_LIMIT 4.0e6

/* One party (or solo player) being placed. */
typedef struct bal_unit
{
	double		sum;			/* total shifted strength */
	int			size;			/* head count */
	int			first;			/* its players: member[first .. first+size-1] */
	int			team;			/* current team, -1 if unplaced */
} bal_unit;

/* Sort key that groups players by party. */
typedef struct bal_key
{
	int			solo;
	int			party;
	int			player;
} bal_key;

typedef struct bal_ctx
{
	int			n;				/* players */
	int			k;				/* teams */
	int			cap;			/* players per team */
	int			n_units;
	int			n_big;			/* units of two or more, sorted first */
	double		total;			/* sum of all shifted strengths */
	bal_unit   *unit;
	double	   *team_sum;
	int		   *team_count;
	int		   *member;
	bal_key    *key;
	int		   *scratch;		/* n ints: best split, or swap candidates */
	double		best_gap;
} bal_ctx;

static size_t
align8(size_t n)
{
	return (n + 7) & ~(size_t) 7;
}

/* Carve the workspace; returns its size, and fills c when work is given. */
static size_t
bal_layout(int n, int k, bal_ctx *c, char *work)
{
	size_t		off = 0;

	if (c)
		c->unit = (bal_unit *) (work + off);
	off += align8((size_t) n * sizeof(bal_unit));
	if (c)
		c->team_sum = (double *) (work + off);
	off += align8((size_t) k * sizeof(double));
	if (c)
		c->key = (bal_key *) (work + off);
	off += align8((size_t) n * sizeof(bal_key));
	if (c)
		c->team_count = (int *) (work + off);
	off += align8((size_t) k * sizeof(int));
	if (c)
		c->member = (int *) (work + off);
	off += align8((size_t) n * sizeof(int));
	if (c)
		c->scratch = (int *) (work + off);
	off += align8((size_t) n * sizeof(int));
	return off;
}

size_t
sk_mm_balance_workspace_size(int n_players, int n_teams)
{
	if (n_players < 1 || n_teams < 1 || n_players > SK_MM_BALANCE_MAX_PLAYERS ||
		n_teams > n_players)
		return 0;
	return bal_layout(n_players, n_teams, NULL, NULL);
}

static int
cmp_key(const void *a, const void *b)
{
	const bal_key *x = (const bal_key *) a;
	const bal_key *y = (const bal_key *) b;

	if (x->solo != y->solo)
		return x->solo - y->solo;
	if (x->party != y->party)
		return (x->party > y->party) - (x->party < y->party);
	return (x->player > y->player) - (x->player < y->player);
}

/* Big units first, then stronger first; party order breaks ties. */
static int
cmp_unit(const void *a, const void *b)
{
	const bal_unit *x = (const bal_unit *) a;
	const bal_unit *y = (const bal_unit *) b;

	if (x->size != y->size)
		return y->size - x->size;
	if (x->sum != y->sum)
		return (x->sum < y->sum) - (x->sum > y->sum);
	return x->first - y->first;
}

static void
bal_assign(bal_ctx *c, int u, int t)
{
	c->unit[u].team = t;
	c->team_sum[t] += c->unit[u].sum;
	c->team_count[t] += c->unit[u].size;
}

static void
bal_reset(bal_ctx *c)
{
	int			i;

	for (i = 0; i < c->k; i++)
	{
		c->team_sum[i] = 0.0;
		c->team_count[i] = 0;
	}
	for (i = 0; i < c->n_units; i++)
		c->unit[i].team = -1;
}

/* The team with the smallest total that has room for size; -1 if none. */
static int
bal_lightest_with_room(const bal_ctx *c, int size)
{
	int			best = -1;
	int			t;

	for (t = 0; t < c->k; t++)
		if (c->team_count[t] + size <= c->cap &&
			(best < 0 || c->team_sum[t] < c->team_sum[best]))
			best = t;
	return best;
}

static int
gcd(int a, int b)
{
	while (b)
	{
		int			r = a % b;

		a = b;
		b = r;
	}
	return a;
}

/*
 * Pack the big units (parties of two or more) with room left for the
 * solos, by depth-first search over teams in index order.  Whether the
 * rest can be packed depends only on the multiset of team head counts, so
 * of the teams with equal counts only the first is tried.
 */
static sk_status
bal_pack_parties(bal_ctx *c)
{
	long		budget = PACK_BUDGET;
	int			u = 0,
				t0 = 0,
				g = 0,
				n_solo,
				i;

	/* Quick refusals: every team's party head count is a multiple of g. */
	for (i = 0; i < c->n_big; i++)
		g = gcd(c->unit[i].size, g);
	n_solo = c->n_units - c->n_big;
	if (g > 1 && (long) n_solo < (long) c->k * (c->cap % g))
		return SK_ERR_SIZE;

	bal_reset(c);
	for (;;)
	{
		int			found = -1,
					t;

		if (u == c->n_big)
			return SK_OK;
		for (t = t0; t < c->k && found < 0; t++)
		{
			int			t2;

			if (c->team_count[t] + c->unit[u].size > c->cap)
				continue;
			for (t2 = 0; t2 < t; t2++)
				if (c->team_count[t2] == c->team_count[t])
					break;
			if (t2 == t)
				found = t;
		}
		budget -= c->k;
		if (budget < 0)
			return SK_ERR_NO_CONVERGENCE;
		if ((budget & 1023) < c->k)
			sk_check_interrupts();
		if (found >= 0)
		{
			bal_assign(c, u, found);
			u++;
			t0 = 0;
		}
		else
		{
			if (u == 0)
				return SK_ERR_SIZE;
			u--;
			t = c->unit[u].team;
			c->team_count[t] -= c->unit[u].size;
			c->unit[u].team = -1;
			t0 = t + 1;
		}
	}
}

/* Team totals from scratch, so that incremental rounding does not pile up. */
static void
bal_recompute_sums(bal_ctx *c)
{
	int			i;

	for (i = 0; i < c->k; i++)
	{
		c->team_sum[i] = 0.0;
		c->team_count[i] = 0;
	}
	for (i = 0; i < c->n_units; i++)
		if (c->unit[i].team >= 0)
		{
			c->team_sum[c->unit[i].team] += c->unit[i].sum;
			c->team_count[c->unit[i].team] += c->unit[i].size;
		}
}

static double
bal_gap(const bal_ctx *c)
{
	double		lo = c->team_sum[0],
				hi = c->team_sum[0];
	int			t;

	for (t = 1; t < c->k; t++)
	{
		lo = fmin(lo, c->team_sum[t]);
		hi = fmax(hi, c->team_sum[t]);
	}
	return hi - lo;
}

/*
 * The best swap of equal-sized units, u from a heavier team and v from a
 * lighter one, among the candidates (a NULL list means every unit): the
 * one that brings the two totals closest while keeping both strictly
 * inside their old interval (0 < d < D).  Returns the improvement
 * d (D - d) of the sum of squared totals, 0 if no swap helps.
 */
static double
bal_best_swap(const bal_ctx *c, const int *from, int n_from, const int *to,
			  int n_to, double eps, int *u_out)
{
	double		best = 0.0;
	int			i,
				j;

	for (i = 0; i < n_from; i++)
	{
		const bal_unit *a = &c->unit[from ? from[i] : i];

		for (j = 0; j < n_to; j++)
		{
			const bal_unit *b = &c->unit[to ? to[j] : j];
			double		D,
						d,
						gain;

			if (a->size != b->size || a->team == b->team)
				continue;
			D = c->team_sum[a->team] - c->team_sum[b->team];
			d = a->sum - b->sum;
			if (d <= eps || d >= D - eps)
				continue;
			gain = d * (D - d);
			if (gain > best)
			{
				best = gain;
				u_out[0] = from ? from[i] : i;
				u_out[1] = to ? to[j] : j;
			}
		}
	}
	return best;
}

/*
 * The same for two units of the heavier team against two of the lighter
 * one with the same head count: u[0], u[1] against u[2], u[3].
 */
static double
bal_best_pair_swap(const bal_ctx *c, const int *from, int n_from,
				   const int *to, int n_to, double eps, int *u)
{
	double		best = 0.0;
	double		D;
	int			a1,
				a2,
				b1,
				b2;

	if (n_from < 2 || n_to < 2)
		return 0.0;
	D = c->team_sum[c->unit[from[0]].team] - c->team_sum[c->unit[to[0]].team];
	for (a1 = 0; a1 < n_from; a1++)
		for (a2 = a1 + 1; a2 < n_from; a2++)
		{
			const bal_unit *x1 = &c->unit[from[a1]],
					   *x2 = &c->unit[from[a2]];

			for (b1 = 0; b1 < n_to; b1++)
				for (b2 = b1 + 1; b2 < n_to; b2++)
				{
					const bal_unit *y1 = &c->unit[to[b1]],
							   *y2 = &c->unit[to[b2]];
					double		d,
								gain;

					if (x1->size + x2->size != y1->size + y2->size)
						continue;
					d = (x1->sum + x2->sum) - (y1->sum + y2->sum);
					if (d <= eps || d >= D - eps)
						continue;
					gain = d * (D - d);
					if (gain > best)
					{
						best = gain;
						u[0] = from[a1];
						u[1] = from[a2];
						u[2] = to[b1];
						u[3] = to[b2];
					}
				}
		}
	return best;
}

/* Move units u[0..n_move) to the other team, u[n_move..2 n_move) back. */
static void
bal_exchange(bal_ctx *c, const int *u, int n_move)
{
	int			ta = c->unit[u[0]].team,
				tb = c->unit[u[n_move]].team;
	double		d = 0.0;
	int			i;

	for (i = 0; i < n_move; i++)
	{
		d += c->unit[u[i]].sum - c->unit[u[n_move + i]].sum;
		c->unit[u[i]].team = tb;
		c->unit[u[n_move + i]].team = ta;
	}
	c->team_sum[ta] -= d;
	c->team_sum[tb] += d;
}

/*
 * Swap equal-sized units between teams while it helps.  In order of
 * preference: one unit of the heaviest team against one of the lightest,
 * which shrinks the gap directly; two against two (while the teams are
 * small enough to try every pair); failing both, one unit of the heaviest
 * team against any lighter team's, or of the lightest against any heavier
 * team's, which pulls that extreme in and may open up the first kinds
 * again.  Each step costs O(n * team size).  Every swap lowers the sum of
 * squared totals, so this ends; a move cap bounds the time anyway.
 */
static void
bal_improve(bal_ctx *c)
{
	double		eps = 1e-12 * (c->total + 1.0);
	long		moves = 20L * c->n + 100;
	int		   *list = c->scratch;
	int			i;

	while (moves-- > 0)
	{
		int			hi = 0,
					lo = 0,
					n_hi = 0,
					n_lo = 0,
					u[4],
					t;

		sk_check_interrupts();
		for (t = 1; t < c->k; t++)
		{
			if (c->team_sum[t] > c->team_sum[hi])
				hi = t;
			if (c->team_sum[t] < c->team_sum[lo])
				lo = t;
		}
		if (c->team_sum[hi] - c->team_sum[lo] <= eps)
			break;

		/* Units of the heaviest team, then of the lightest, in list. */
		for (i = 0; i < c->n_units; i++)
			if (c->unit[i].team == hi)
				list[n_hi++] = i;
		for (i = 0; i < c->n_units; i++)
			if (c->unit[i].team == lo)
				list[n_hi + n_lo++] = i;

		if (bal_best_swap(c, list, n_hi, list + n_hi, n_lo, eps, u) > 0.0)
			bal_exchange(c, u, 1);
		else if ((double) n_hi * n_hi * n_lo * n_lo <= PAIR_SWAP_LIMIT &&
				 bal_best_pair_swap(c, list, n_hi, list + n_hi, n_lo, eps, u) > 0.0)
			bal_exchange(c, u, 2);
		else
		{
			int			u2[2];
			double		g_hi = bal_best_swap(c, list, n_hi, NULL, c->n_units, eps, u),
						g_lo = bal_best_swap(c, NULL, c->n_units, list + n_hi, n_lo, eps, u2);

			if (g_hi <= 0.0 && g_lo <= 0.0)
				break;
			bal_exchange(c, g_hi >= g_lo ? u : u2, 1);
		}
	}
	bal_recompute_sums(c);
}

/* Greedy start and swap improvement; leaves the split in unit[].team. */
static sk_status
bal_heuristic(bal_ctx *c)
{
	int			u;

	/* Parties, largest then strongest first, onto the lightest team with room. */
	bal_reset(c);
	for (u = 0; u < c->n_big; u++)
	{
		int			t = bal_lightest_with_room(c, c->unit[u].size);

		if (t < 0)
			break;
		bal_assign(c, u, t);
	}
	/* The greedy ran into a dead end: find any packing that fits. */
	if (u < c->n_big)
	{
		sk_status	st = bal_pack_parties(c);

		if (st != SK_OK)
			return st;
		bal_recompute_sums(c);
	}
	/* Solos fill the remaining room exactly, strongest first. */
	for (u = c->n_big; u < c->n_units; u++)
		bal_assign(c, u, bal_lightest_with_room(c, 1));

	bal_improve(c);
	return SK_OK;
}

/*
 * Branch and bound over units.  The final gap is at least
 *		max(heaviest total so far, mean) - min(mean, lightest reachable total)
 * where a full team's total is final and any other can at most gain all
 * that is left.  Teams with the same head count and total are
 * interchangeable, so only the first of them is tried.
 */
static void
bal_search(bal_ctx *c, int u, double left)
{
	double		mean = c->total / c->k;
	double		hi,
				reach;
	int			t;

	if (c->best_gap <= 0.0)
		return;
	if (u == c->n_units)
	{
		double		gap = bal_gap(c);

		if (gap < c->best_gap)
		{
			c->best_gap = gap;
			for (t = 0; t < c->n_units; t++)
				c->scratch[t] = c->unit[t].team;
		}
		return;
	}

	hi = mean;
	reach = mean;
	for (t = 0; t < c->k; t++)
	{
		hi = fmax(hi, c->team_sum[t]);
		reach = fmin(reach, c->team_count[t] == c->cap ? c->team_sum[t]
					 : c->team_sum[t] + left);
	}
	if (hi - reach >= c->best_gap)
		return;

	for (t = 0; t < c->k; t++)
	{
		double		old_sum = c->team_sum[t];
		int			t2;

		if (c->team_count[t] + c->unit[u].size > c->cap)
			continue;
		for (t2 = 0; t2 < t; t2++)
			if (c->team_count[t2] == c->team_count[t] &&
				c->team_sum[t2] == old_sum)
				break;
		if (t2 < t)
			continue;

		c->unit[u].team = t;
		c->team_sum[t] = old_sum + c->unit[u].sum;
		c->team_count[t] += c->unit[u].size;
		bal_search(c, u + 1, left - c->unit[u].sum);
		c->team_count[t] -= c->unit[u].size;
		c->team_sum[t] = old_sum;
	}
	c->unit[u].team = -1;
}

/*
 * Groups the players into units (equal party ids >= 0, or alone), with
 * strengths shifted by smin; biggest units first.  SK_ERR_SIZE: a party
 * larger than a team.
 */
static sk_status
bal_units(bal_ctx *c, const double *strength, const int *party, double smin)
{
	int			i;

	for (i = 0; i < c->n; i++)
	{
		c->key[i].solo = !(party && party[i] >= 0);
		c->key[i].party = c->key[i].solo ? i : party[i];
		c->key[i].player = i;
	}
	qsort(c->key, c->n, sizeof(bal_key), cmp_key);
	c->n_units = 0;
	for (i = 0; i < c->n; i++)
	{
		bal_unit   *un;

		c->member[i] = c->key[i].player;
		if (i == 0 || c->key[i].solo || c->key[i - 1].solo ||
			c->key[i].party != c->key[i - 1].party)
		{
			un = &c->unit[c->n_units++];
			un->sum = 0.0;
			un->size = 0;
			un->first = i;
			un->team = -1;
		}
		else
			un = &c->unit[c->n_units - 1];
		un->sum += strength[c->key[i].player] - smin;
		un->size++;
		if (un->size > c->cap)
			return SK_ERR_SIZE;
	}
	qsort(c->unit, c->n_units, sizeof(bal_unit), cmp_unit);
	for (c->n_big = 0; c->n_big < c->n_units && c->unit[c->n_big].size > 1; c->n_big++)
		;
	return SK_OK;
}

/* The exact branch and bound, started from the heuristic's answer. */
static void
bal_exact(bal_ctx *c)
{
	int			u,
				i;

	c->best_gap = bal_gap(c);
	for (u = 0; u < c->n_units; u++)
		c->scratch[u] = c->unit[u].team;
	for (i = 0; i < c->k; i++)
	{
		c->team_sum[i] = 0.0;
		c->team_count[i] = 0;
	}
	bal_search(c, 0, c->total);
	for (u = 0; u < c->n_units; u++)
		c->unit[u].team = c->scratch[u];
}

/*
 * Each player's team, numbered in order of the teams' first players, and
 * the gap, summed in player order from shifted strengths (which give the
 * same gap with equal head counts, and cannot overflow).
 */
static double
bal_output(bal_ctx *c, const double *strength, double smin, double party_bonus, int *team_out)
{
	double		lo,
				hi;
	int			u,
				i;

	for (u = 0; u < c->n_units; u++)
		for (i = 0; i < c->unit[u].size; i++)
			team_out[c->member[c->unit[u].first + i]] = c->unit[u].team;
	for (i = 0; i < c->k; i++)
		c->team_count[i] = -1;
	u = 0;
	for (i = 0; i < c->n; i++)
		if (c->team_count[team_out[i]] < 0)
			c->team_count[team_out[i]] = u++;
	for (i = 0; i < c->n; i++)
		team_out[i] = c->team_count[team_out[i]];

	for (i = 0; i < c->k; i++)
		c->team_sum[i] = 0.0;
	for (i = 0; i < c->n; i++)
		c->team_sum[team_out[i]] += strength[i] - smin;
	for (u = 0; u < c->n_units; u++)
		c->team_sum[team_out[c->member[c->unit[u].first]]] += party_bonus * (c->unit[u].size - 1);
	lo = hi = c->team_sum[0];
	for (i = 1; i < c->k; i++)
	{
		lo = fmin(lo, c->team_sum[i]);
		hi = fmax(hi, c->team_sum[i]);
	}
	return hi - lo;
}

sk_status
sk_mm_balance_teams(int n_players, const double *strength, const int *party,
					int n_teams, int team_size, int *team_out,
					double *gap_out, void *work)
{
	return sk_mm_balance_teams_bonus(n_players, strength, party, n_teams, team_size, 0.0,
									 team_out, gap_out, work);
}

/* A party of k players adds bonus (k - 1) to its unit's (and team's) strength. */
static void
bal_add_party_bonus(bal_ctx *c, double bonus)
{
	int			u;

	for (u = 0; u < c->n_units; u++)
	{
		c->unit[u].sum += bonus * (c->unit[u].size - 1);
		c->total += bonus * (c->unit[u].size - 1);
	}
}

sk_status
sk_mm_balance_teams_bonus(int n_players, const double *strength, const int *party,
						  int n_teams, int team_size, double party_bonus, int *team_out,
						  double *gap_out, void *work)
{
	bal_ctx		c;
	double		smin;
	sk_status	st;
	int			i;

	if (n_teams < 2 || n_players < n_teams ||
		n_players > SK_MM_BALANCE_MAX_PLAYERS || n_players % n_teams != 0 ||
		(team_size != 0 && team_size != n_players / n_teams))
		return SK_ERR_SIZE;
	for (i = 0; i < n_players; i++)
		if (!isfinite(strength[i]))
			return SK_ERR_NOT_FINITE;

	bal_layout(n_players, n_teams, &c, (char *) work);
	c.n = n_players;
	c.k = n_teams;
	c.cap = n_players / n_teams;

	smin = strength[0];
	for (i = 1; i < n_players; i++)
		smin = fmin(smin, strength[i]);
	c.total = 0.0;
	for (i = 0; i < n_players; i++)
		c.total += strength[i] - smin;
	if (!isfinite(c.total))
		return SK_ERR_OVERFLOW;

	if (!isfinite(party_bonus))
		return SK_ERR_NOT_FINITE;
	if (party_bonus < 0.0)
		return SK_ERR_RANGE;
	st = bal_units(&c, strength, party, smin);
	if (st == SK_OK && party_bonus > 0.0)
	{
		/* units are ordered by size, then strength: order them again */
		bal_add_party_bonus(&c, party_bonus);
		/* a bonus near 1e308 overflows the sums just as strengths would */
		if (!isfinite(c.total))
			return SK_ERR_OVERFLOW;
		qsort(c.unit, c.n_units, sizeof(bal_unit), cmp_unit);
	}
	if (st == SK_OK)
		st = bal_heuristic(&c);
	if (st != SK_OK)
		return st;
	if (n_players <= SK_MM_BALANCE_EXACT_MAX)
		bal_exact(&c);
	*gap_out = bal_output(&c, strength, smin, party_bonus, team_out);
	return SK_OK;
}
