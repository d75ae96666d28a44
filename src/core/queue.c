/*
 * queue.c - forming matches from a matchmaking queue (queue.h).
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "matchmaking.h"
#include "queue.h"

/* Tickets examined on each side of a pivot, at most (besides the skipped). */
#define SIDE_TICKETS(players)	(2 * (players))
/* Unmatched tickets stepped over on each side while looking for those. */
#define SIDE_STEPS(players)		(64 * (players) + 1000)
/*
 * Starting points tried per pivot, at most: each costs O(players), so big
 * matches (say 50 v 50) try every stride-th start instead of every one.
 */
#define MAX_STARTS				64

/* One acceptable candidate match around a pivot. */
typedef struct Candidate
{
	double		score;
	double		spread;
	int			first;			/* index into the candidate list */
} Candidate;

/* A ticket's rating beside its index, for sorting. */
typedef struct RatedTicket
{
	double		rating;
	int			ticket;
} RatedTicket;

/*
 * What a partial match needs to score itself: every term's score depends
 * only on the smallest and largest value over its tickets (and the skill
 * term on the smallest beta), so adding a ticket can only lower a term.
 */
typedef struct Window
{
	int			players;
	double		beta;			/* smallest window beta */
	double	   *lo;				/* 1 + n_terms: skill (rating) first */
	double	   *hi;
	double	   *trial_lo;		/* the same with the ticket being tried */
	double	   *trial_hi;
	double	   *terms;			/* 1 + n_terms term scores */
	double		score;
	double		spread;
} Window;

typedef struct Pool
{
	const sk_queue *q;
	int			players;		/* per match: n_teams * team_size */
	int			side;			/* candidate list capacity: 2 * SIDE_TICKETS + 1 */
	/* Unmatched tickets in rating order, as a doubly linked list. */
	int		   *order;			/* position -> ticket */
	int		   *pos;			/* ticket -> position */
	int		   *prev;			/* by position; -1 at the ends */
	int		   *next;
	unsigned char *matched;
	int		   *left;			/* scratch: candidates below the pivot */
	int		   *cand;
	int		   *members;
	Candidate  *found;
	RatedTicket *sorted;
	Window		window;
	double	   *strength;		/* per player of a match, for balancing */
	int		   *party;
	int		   *team;
	int		   *ticket_team;	/* per ticket of a match */
	void	   *balance_work;
	sk_status	error;			/* the first core error met while scoring */
} Pool;

/* Hands out aligned pieces of the workspace; sizes it when base is NULL. */
typedef struct Carver
{
	char	   *base;
	size_t		used;
} Carver;

static void *
carve(Carver *c, size_t bytes)
{
	size_t		at = (c->used + 15) & ~(size_t) 15;

	c->used = at + bytes;
	return c->base ? c->base + at : NULL;
}

static void
layout(Pool *pool, const sk_queue *q, void *work)
{
	Carver		c = {work, 0};
	int			n = q->n,
				k = 1 + q->n_terms;

	pool->q = q;
	pool->players = q->n_teams * q->team_size;
	pool->side = 2 * SIDE_TICKETS(pool->players) + 1;
	pool->order = carve(&c, sizeof(int) * n);
	pool->pos = carve(&c, sizeof(int) * n);
	pool->prev = carve(&c, sizeof(int) * n);
	pool->next = carve(&c, sizeof(int) * n);
	pool->matched = carve(&c, n);
	pool->sorted = carve(&c, sizeof(RatedTicket) * n);
	pool->left = carve(&c, sizeof(int) * pool->side);
	pool->cand = carve(&c, sizeof(int) * pool->side);
	pool->members = carve(&c, sizeof(int) * pool->side);
	pool->ticket_team = carve(&c, sizeof(int) * pool->side);
	pool->found = carve(&c, sizeof(Candidate) * pool->side);
	pool->window.lo = carve(&c, sizeof(double) * k);
	pool->window.hi = carve(&c, sizeof(double) * k);
	pool->window.trial_lo = carve(&c, sizeof(double) * k);
	pool->window.trial_hi = carve(&c, sizeof(double) * k);
	pool->window.terms = carve(&c, sizeof(double) * k);
	pool->strength = carve(&c, sizeof(double) * pool->players);
	pool->party = carve(&c, sizeof(int) * pool->players);
	pool->team = carve(&c, sizeof(int) * pool->players);
	pool->balance_work = carve(&c, sk_mm_balance_workspace_size(pool->players, q->n_teams));
	pool->error = SK_OK;
	if (work == NULL)
		pool->balance_work = (void *) (uintptr_t) c.used;	/* the size, for the caller */
}

size_t
sk_queue_workspace_size(const sk_queue *q)
{
	Pool		pool;

	if (q == NULL || q->n < 0 || q->n_terms < 0 || q->n_teams < 2 || q->team_size < 1 ||
		q->team_size > SK_MM_BALANCE_MAX_PLAYERS / q->n_teams)
		return 0;
	layout(&pool, q, NULL);
	return (size_t) (uintptr_t) pool.balance_work;
}

static sk_status
check_queue(const sk_queue *q)
{
	double		sum = 0.0;
	int			i;

	if (q->n < 0 || q->n_terms < 0 || q->n_teams < 2 || q->team_size < 1 ||
		q->team_size > SK_MM_BALANCE_MAX_PLAYERS / q->n_teams)
		return SK_ERR_SIZE;
	for (i = 0; i < q->n; i++)
	{
		if (!isfinite(q->rating[i]) || !isfinite(q->beta[i]) ||
			(q->strength && !isfinite(q->strength[i])))
			return SK_ERR_NOT_FINITE;
		if (q->beta[i] <= 0.0 || q->size[i] < 1 || q->size[i] > q->team_size)
			return SK_ERR_RANGE;
	}
	for (i = 0; i < q->n * q->n_terms; i++)
		if (!isfinite(q->term[i]))
			return SK_ERR_NOT_FINITE;
	for (i = 0; i <= q->n_terms; i++)
	{
		if (!isfinite(q->weight[i]) || isnan(q->floors[i]))
			return SK_ERR_NOT_FINITE;
		if (q->weight[i] < 0.0)
			return SK_ERR_RANGE;
		sum += q->weight[i];
	}
	if (!isfinite(q->party_bonus) || q->party_bonus < 0.0)
		return SK_ERR_RANGE;
	return sum > 0.0 && isfinite(sum) ? SK_OK : SK_ERR_RANGE;
}

static int
cmp_rated(const void *a, const void *b)
{
	const RatedTicket *x = a;
	const RatedTicket *y = b;

	if (x->rating != y->rating)
		return x->rating < y->rating ? -1 : 1;
	return (x->ticket > y->ticket) - (x->ticket < y->ticket);
}

static int
cmp_candidate(const void *a, const void *b)
{
	const Candidate *x = a;
	const Candidate *y = b;

	if (x->score != y->score)
		return x->score > y->score ? -1 : 1;
	if (x->spread != y->spread)
		return x->spread < y->spread ? -1 : 1;
	return x->first - y->first;
}

/* Rating order and the linked list of unmatched tickets. */
static void
pool_init(Pool *pool)
{
	const sk_queue *q = pool->q;
	int			i;

	for (i = 0; i < q->n; i++)
	{
		pool->sorted[i].rating = q->rating[i];
		pool->sorted[i].ticket = i;
	}
	qsort(pool->sorted, q->n, sizeof(RatedTicket), cmp_rated);
	memset(pool->matched, 0, q->n);
	for (i = 0; i < q->n; i++)
	{
		pool->order[i] = pool->sorted[i].ticket;
		pool->pos[pool->order[i]] = i;
		pool->prev[i] = i - 1;
		pool->next[i] = i + 1 < q->n ? i + 1 : -1;
	}
}

/* Can ticket c join a match around pivot p: each within the other's beta? */
static inline int
compatible(const sk_queue *q, int p, int c)
{
	double		d = fabs(q->rating[c] - q->rating[p]);

	return d <= q->beta[p] && d <= q->beta[c];
}

/*
 * Candidates around pivot p in rating order into pool->cand; returns how
 * many and sets *pivot_at to the pivot's index there.
 */
static int
collect_candidates(const Pool *pool, int p, int *pivot_at)
{
	const sk_queue *q = pool->q;
	int			n_left = 0,
				n = 0,
				limit = SIDE_TICKETS(pool->players),
				steps,
				at,
				i;

	for (at = pool->prev[pool->pos[p]], steps = SIDE_STEPS(pool->players);
		 at >= 0 && n_left < limit && steps > 0; at = pool->prev[at], steps--)
	{
		int			c = pool->order[at];

		if (q->rating[p] - q->rating[c] > q->beta[p])
			break;
		if (compatible(q, p, c))
			pool->left[n_left++] = c;
	}
	for (i = n_left - 1; i >= 0; i--)
		pool->cand[n++] = pool->left[i];
	*pivot_at = n;
	pool->cand[n++] = p;
	for (at = pool->next[pool->pos[p]], steps = SIDE_STEPS(pool->players);
		 at >= 0 && n - *pivot_at - 1 < limit && steps > 0; at = pool->next[at], steps--)
	{
		int			c = pool->order[at];

		if (q->rating[c] - q->rating[p] > q->beta[p])
			break;
		if (compatible(q, p, c))
			pool->cand[n++] = c;
	}
	return n;
}

/* The window's extremes with ticket c added, into trial_lo/trial_hi; its beta. */
static double
window_trial(const sk_queue *q, Window *w, int c)
{
	int			t;

	if (w->players == 0)
	{
		w->trial_lo[0] = w->trial_hi[0] = q->rating[c];
		for (t = 0; t < q->n_terms; t++)
			w->trial_lo[1 + t] = w->trial_hi[1 + t] = q->term[(size_t) c * q->n_terms + t];
		return q->beta[c];
	}
	w->trial_lo[0] = fmin(w->lo[0], q->rating[c]);
	w->trial_hi[0] = fmax(w->hi[0], q->rating[c]);
	for (t = 0; t < q->n_terms; t++)
	{
		double		v = q->term[(size_t) c * q->n_terms + t];

		w->trial_lo[1 + t] = fmin(w->lo[1 + t], v);
		w->trial_hi[1 + t] = fmax(w->hi[1 + t], v);
	}
	return fmin(w->beta, q->beta[c]);
}

/*
 * Would the window with ticket c added clear every floor?  If so, adds it
 * and updates the score.  The terms come from the scoring functions, fed
 * the two extreme values (all the spread depends on).
 */
static int
window_try_add(Pool *pool, Window *w, int c)
{
	const sk_queue *q = pool->q;
	double		pair[2];
	double		beta = window_trial(q, w, c);
	int			accepted,
				t;
	sk_status	st;

	pair[0] = w->trial_lo[0];
	pair[1] = w->trial_hi[0];
	st = sk_mm_skill_score(2, pair, beta, &w->terms[0]);
	for (t = 0; st == SK_OK && t < q->n_terms; t++)
	{
		pair[0] = w->trial_lo[1 + t];
		pair[1] = w->trial_hi[1 + t];
		if (isnan(q->spread[t]))
			w->terms[1 + t] = w->trial_lo[1 + t];	/* the worst ticket's score */
		else
			st = sk_mm_skill_score(2, pair, q->spread[t], &w->terms[1 + t]);
	}
	if (st == SK_OK)
		st = sk_mm_match_score(1 + q->n_terms, w->terms, q->weight, q->floors,
							   &w->score, &accepted);
	if (st != SK_OK)
	{
		pool->error = st;
		return 0;
	}
	if (!accepted)
		return 0;
	w->beta = beta;
	memcpy(w->lo, w->trial_lo, sizeof(double) * (1 + q->n_terms));
	memcpy(w->hi, w->trial_hi, sizeof(double) * (1 + q->n_terms));
	w->spread = w->hi[0] - w->lo[0];
	w->players += q->size[c];
	return 1;
}

/*
 * The window starting at cand[first]: in rating order, every ticket that
 * still fits and keeps every term at or above its floor, until the match
 * is full.  Returns the number of tickets taken into members (the score in
 * the window), or 0 if the match does not fill up or leaves the pivot out.
 */
static int
take_window(Pool *pool, int n_cand, int first, int pivot_at)
{
	Window	   *w = &pool->window;
	int			taken = 0,
				has_pivot = 0,
				j;

	w->players = 0;
	for (j = first; j < n_cand && w->players < pool->players; j++)
	{
		int			c = pool->cand[j];

		if (w->players + pool->q->size[c] > pool->players || !window_try_add(pool, w, c))
		{
			if (j == pivot_at)
				return 0;
			continue;
		}
		pool->members[taken++] = c;
		if (j == pivot_at)
			has_pivot = 1;
	}
	return w->players == pool->players && has_pivot ? taken : 0;
}

static void
remove_ticket(Pool *pool, int ticket)
{
	int			at = pool->pos[ticket];

	if (pool->prev[at] >= 0)
		pool->next[pool->prev[at]] = pool->next[at];
	if (pool->next[at] >= 0)
		pool->prev[pool->next[at]] = pool->prev[at];
	pool->matched[ticket] = 1;
}

/* Every acceptable start around the pivot, best first; returns how many. */
static int
score_starts(Pool *pool, int n_cand, int pivot_at)
{
	int			stride = (pivot_at + MAX_STARTS) / MAX_STARTS;
	int			n_found = 0,
				s;

	for (s = pivot_at % stride; s <= pivot_at; s += stride)
		if (take_window(pool, n_cand, s, pivot_at) > 0)
		{
			pool->found[n_found].score = pool->window.score;
			pool->found[n_found].spread = pool->window.spread;
			pool->found[n_found].first = s;
			n_found++;
		}
	qsort(pool->found, n_found, sizeof(Candidate), cmp_candidate);
	return n_found;
}

/*
 * Balances the taken tickets into teams (per ticket into ticket_team).
 * Returns SK_OK, SK_ERR_SIZE / SK_ERR_NO_CONVERGENCE when the parties do
 * not pack into the teams, or another error.
 */
static sk_status
balance(Pool *pool, int taken)
{
	const sk_queue *q = pool->q;
	double		gap;
	int			k = 0,
				m,
				i;
	sk_status	st;

	for (m = 0; m < taken; m++)
	{
		int			c = pool->members[m];

		for (i = 0; i < q->size[c]; i++, k++)
		{
			pool->strength[k] = q->strength ? q->strength[c] / q->size[c] : q->rating[c];
			pool->party[k] = m;
		}
	}
	st = sk_mm_balance_teams_bonus(pool->players, pool->strength, pool->party, q->n_teams,
								   q->team_size, q->party_bonus, pool->team, &gap,
								   pool->balance_work);
	for (m = 0, k = 0; st == SK_OK && m < taken; k += q->size[pool->members[m]], m++)
		pool->ticket_team[m] = pool->team[k];
	return st;
}

/* The best balanced match around pivot p, emitted; its tickets leave. */
static sk_status
match_pivot(Pool *pool, int p, sk_queue_emit emit, void *ctx)
{
	int			pivot_at,
				n_cand = collect_candidates(pool, p, &pivot_at),
				n_found = score_starts(pool, n_cand, pivot_at),
				f,
				m;

	for (f = 0; f < n_found && pool->error == SK_OK; f++)
	{
		int			taken = take_window(pool, n_cand, pool->found[f].first, pivot_at);
		sk_status	st = balance(pool, taken);

		if (st == SK_ERR_SIZE || st == SK_ERR_NO_CONVERGENCE)
			continue;			/* parties do not pack into the teams */
		if (st != SK_OK)
			return st;
		emit(ctx, taken, pool->members, pool->ticket_team, pool->found[f].score);
		for (m = 0; m < taken; m++)
			remove_ticket(pool, pool->members[m]);
		break;
	}
	return pool->error;
}

sk_status
sk_queue_form_matches(const sk_queue *q, void *work, sk_queue_emit emit, void *ctx)
{
	Pool		pool;
	sk_status	st;
	int			p;

	if (q == NULL || emit == NULL || (work == NULL && q->n > 0))
		return SK_ERR_SIZE;
	st = check_queue(q);
	if (st != SK_OK || q->n == 0)
		return st;
	layout(&pool, q, work);
	pool_init(&pool);
	for (p = 0; p < q->n; p++)
	{
		sk_check_interrupts();
		if (pool.matched[p])
			continue;
		st = match_pivot(&pool, p, emit, ctx);
		if (st != SK_OK)
			return st;
	}
	return SK_OK;
}
