/*
 * queue_sql.c - skill.form_matches: propose matches from the tickets a
 * matchmaker has claimed from its queue table.
 *
 * The tickets come as parallel arrays (array_agg over the claimed rows):
 * an id of any type, a party rating, a party size, and the ticket's
 * current window beta (skill.window_beta of its wait).  Matches are
 * formed greedily, tickets in array order being served first (pass them
 * oldest first):
 *
 *	1. The pivot (the first unmatched ticket) looks for partners among the
 *	   unmatched tickets whose rating is within the pivot's beta of its own
 *	   and within their own beta of the pivot's.
 *	2. Every match is scored like the IMS data points: the skill term
 *	   sk_mm_skill_score(party ratings, beta) with beta the smallest window
 *	   beta of its tickets (so every ticket's own window is respected: with
 *	   the default floor 0.5 the ratings lie within every ticket's beta of
 *	   each other), plus the optional further terms; sk_mm_match_score
 *	   accepts it only if every term reaches its floor, and its score is the
 *	   weighted mean of the terms.
 *	3. Over the candidates in rating order, each start at or below the pivot
 *	   gives one candidate match: from there, every ticket that still fits
 *	   (party sizes up to exactly n_teams * team_size players) and keeps
 *	   every term at or above its floor is taken, in rating order.  (A term
 *	   only depends on its smallest and largest value, so adding a ticket
 *	   never raises it: a ticket refused early would be refused later too.)
 *	   Starts whose match does not fill up or leaves out the pivot are
 *	   dropped.
 *	4. The candidate with the best score (then the smallest rating spread)
 *	   whose parties can be packed into the teams is balanced with
 *	   sk_mm_balance_teams (each ticket a party; a team's strength is the
 *	   sum of its tickets' strengths, by default rating x party size; teams
 *	   numbered from the one holding the lowest-rated ticket) and emitted; its tickets leave the pool.  A pivot without an
 *	   acceptable match stays unmatched (it may still join a later pivot's
 *	   match).
 *
 * Further terms: terms is a 2-D float8[] with one row per ticket and one
 * column per term.  A term with a spread s (term_spreads) scores like the
 * skill term, max(0, 1 - (max - min)/(2 s)) over the match's tickets; a
 * term whose spread is NULL takes the values as per-ticket scores and the
 * match gets its worst ticket's (the smallest value).
 */
#include "sql/skill.h"

#include <float.h>
#include <math.h>

#include "catalog/pg_type.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/lsyscache.h"

#include "core/matchmaking.h"

PG_FUNCTION_INFO_V1(form_matches);

/* Arguments of skill.form_matches, in order. */
enum
{
	ARG_TICKET_IDS,
	ARG_RATINGS,
	ARG_PARTY_SIZES,
	ARG_BETAS,
	ARG_N_TEAMS,
	ARG_TEAM_SIZE,
	ARG_SKILL_WEIGHT,
	ARG_SKILL_FLOOR,
	ARG_TERMS,
	ARG_TERM_SPREADS,
	ARG_TERM_WEIGHTS,
	ARG_TERM_FLOORS,
	ARG_STRENGTHS,
	N_ARGS
};

/* Tickets examined on each side of a pivot, at most (besides the skipped). */
#define SIDE_TICKETS(players)	(2 * (players))
/* Unmatched tickets stepped over on each side while looking for those. */
#define SIDE_STEPS(players)		(64 * (players) + 1000)
/*
 * Starting points tried per pivot, at most: each costs O(players), so big
 * matches (say 50 v 50) try every stride-th start instead of every one.
 */
#define MAX_STARTS				64

typedef struct Pool
{
	int			n;				/* tickets */
	const double *rating;
	const double *strength;		/* per ticket, for balancing; NULL: rating x size */
	const int32 *size;
	const double *beta;
	int			n_terms;
	const double *term;			/* n x n_terms, row-major */
	const double *spread;		/* n_terms; NaN = a per-ticket score term */
	const double *weight;		/* 1 + n_terms: skill first */
	const double *floors;		/* 1 + n_terms; -DBL_MAX = no floor */
	int			n_teams;
	int			team_size;
	int			players;		/* per match: n_teams * team_size */
	/* Unmatched tickets in rating order, as a doubly linked list. */
	int		   *order;			/* position -> ticket */
	int		   *pos;			/* ticket -> position */
	int		   *prev;			/* by position; -1 at the ends */
	int		   *next;
	bool	   *matched;
	int		   *left;			/* scratch: candidates below the pivot */
} Pool;

/* One acceptable candidate match around a pivot. */
typedef struct Candidate
{
	double		score;
	double		spread;
	int			first;			/* index into the candidate list */
} Candidate;

/* A float8[] argument of exactly n finite elements (NULL elements allowed if nulls_ok). */
static double *
float8_list_read(ArrayType *array, const char *arg, int n, bool nulls_ok, bool *isnull)
{
	Datum	   *elems;
	bool	   *nulls;
	double	   *values = palloc(sizeof(double) * Max(n, 1));
	int			count = array_length_1d(array, arg),
				i;
	char		name[NAMEDATALEN + 16];

	if (count != n)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("%s must have one element per term", arg),
				 errdetail("There are %d terms and %d elements.", n, count)));
	if (n == 0)
		return values;
	deconstruct_array(array, FLOAT8OID, sizeof(float8), FLOAT8PASSBYVAL,
					  TYPALIGN_DOUBLE, &elems, &nulls, &count);
	for (i = 0; i < n; i++)
	{
		snprintf(name, sizeof(name), "%s[%d]", arg, ARR_LBOUND(array)[0] + i);
		isnull[i] = nulls[i];
		if (nulls[i])
		{
			if (!nulls_ok)
				ereport(ERROR,
						(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
						 errmsg("%s must not be NULL", name)));
			values[i] = 0.0;
			continue;
		}
		values[i] = DatumGetFloat8(elems[i]);
		check_finite(name, values[i]);
	}
	return values;
}

static int
cmp_by_rating(const void *a, const void *b, void *arg)
{
	const double *rating = (const double *) arg;
	int			x = *(const int *) a;
	int			y = *(const int *) b;

	if (rating[x] != rating[y])
		return rating[x] < rating[y] ? -1 : 1;
	return (x > y) - (x < y);
}

static int
cmp_candidate(const void *a, const void *b)
{
	const Candidate *x = (const Candidate *) a;
	const Candidate *y = (const Candidate *) b;

	if (x->score != y->score)
		return x->score > y->score ? -1 : 1;
	if (x->spread != y->spread)
		return x->spread < y->spread ? -1 : 1;
	return x->first - y->first;
}

/* Can ticket c join a match around pivot p: each within the other's beta? */
static inline bool
compatible(const Pool *pool, int p, int c)
{
	double		d = fabs(pool->rating[c] - pool->rating[p]);

	return d <= pool->beta[p] && d <= pool->beta[c];
}

/*
 * Candidates around pivot p in rating order; returns how many and sets
 * *pivot_at to the pivot's index in cand.
 */
static int
collect_candidates(const Pool *pool, int p, int *cand, int *pivot_at)
{
	int		   *left = pool->left;
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

		if (pool->rating[p] - pool->rating[c] > pool->beta[p])
			break;
		if (compatible(pool, p, c))
			left[n_left++] = c;
	}
	for (i = n_left - 1; i >= 0; i--)
		cand[n++] = left[i];
	*pivot_at = n;
	cand[n++] = p;
	for (at = pool->next[pool->pos[p]], steps = SIDE_STEPS(pool->players);
		 at >= 0 && n - *pivot_at - 1 < limit && steps > 0; at = pool->next[at], steps--)
	{
		int			c = pool->order[at];

		if (pool->rating[c] - pool->rating[p] > pool->beta[p])
			break;
		if (compatible(pool, p, c))
			cand[n++] = c;
	}
	return n;
}

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

static void
window_init(Window *w, int n_terms)
{
	w->lo = palloc(sizeof(double) * (1 + n_terms));
	w->hi = palloc(sizeof(double) * (1 + n_terms));
	w->trial_lo = palloc(sizeof(double) * (1 + n_terms));
	w->trial_hi = palloc(sizeof(double) * (1 + n_terms));
	w->terms = palloc(sizeof(double) * (1 + n_terms));
}

/*
 * Would the window with ticket c added clear every floor?  If so, adds it
 * and updates the score.  The terms come from the core's scoring
 * functions, fed the two extreme values (all the spread depends on).
 */
static bool
window_try_add(const Pool *pool, Window *w, int c)
{
	double		pair[2];
	double		beta;
	int			accepted,
				t;

	if (w->players == 0)
	{
		beta = pool->beta[c];
		w->trial_lo[0] = w->trial_hi[0] = pool->rating[c];
		for (t = 0; t < pool->n_terms; t++)
			w->trial_lo[1 + t] = w->trial_hi[1 + t] =
				pool->term[(size_t) c * pool->n_terms + t];
	}
	else
	{
		beta = fmin(w->beta, pool->beta[c]);
		w->trial_lo[0] = fmin(w->lo[0], pool->rating[c]);
		w->trial_hi[0] = fmax(w->hi[0], pool->rating[c]);
		for (t = 0; t < pool->n_terms; t++)
		{
			double		v = pool->term[(size_t) c * pool->n_terms + t];

			w->trial_lo[1 + t] = fmin(w->lo[1 + t], v);
			w->trial_hi[1 + t] = fmax(w->hi[1 + t], v);
		}
	}

	pair[0] = w->trial_lo[0];
	pair[1] = w->trial_hi[0];
	report_core_status(sk_mm_skill_score(2, pair, beta, &w->terms[0]), "form_matches");
	for (t = 0; t < pool->n_terms; t++)
	{
		if (isnan(pool->spread[t]))
			w->terms[1 + t] = w->trial_lo[1 + t];	/* the worst ticket's score */
		else
		{
			pair[0] = w->trial_lo[1 + t];
			pair[1] = w->trial_hi[1 + t];
			report_core_status(sk_mm_skill_score(2, pair, pool->spread[t], &w->terms[1 + t]),
							   "form_matches");
		}
	}
	report_core_status(sk_mm_match_score(1 + pool->n_terms, w->terms, pool->weight,
										 pool->floors, &w->score, &accepted),
					   "form_matches");
	if (!accepted)
		return false;

	w->beta = beta;
	for (t = 0; t <= pool->n_terms; t++)
	{
		w->lo[t] = w->trial_lo[t];
		w->hi[t] = w->trial_hi[t];
	}
	w->spread = w->hi[0] - w->lo[0];
	w->players += pool->size[c];
	return true;
}

/*
 * The window starting at cand[first]: in rating order, every ticket that
 * still fits and keeps every term at or above its floor, until the match
 * is full.  Returns the number of tickets taken into members (the score in
 * w), or 0 if the match does not fill up or leaves the pivot out.
 */
static int
take_window(const Pool *pool, const int *cand, int n_cand, int first, int pivot_at,
			int *members, Window *w)
{
	int			taken = 0,
				j;
	bool		has_pivot = false;

	w->players = 0;
	for (j = first; j < n_cand && w->players < pool->players; j++)
	{
		int			c = cand[j];

		if (w->players + pool->size[c] > pool->players || !window_try_add(pool, w, c))
		{
			if (j == pivot_at)
				return 0;
			continue;
		}
		members[taken++] = c;
		if (j == pivot_at)
			has_pivot = true;
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
	pool->matched[ticket] = true;
}

static void
check_count(const char *arg, int count, int n)
{
	check_same_length("ticket_ids", n, arg, count);
}

/* The per-ticket terms: a 2-D array n x n_terms (a 1-D array is one term). */
static const double *
terms_read(ArrayType *array, int n, int *n_terms)
{
	int			ndim = ARR_NDIM(array);
	int			rows,
				cols,
				i;
	const double *values;

	if (ndim > 2)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("terms must have one or two dimensions"),
				 errdetail("Give one row per ticket and one column per term.")));
	rows = ndim == 0 ? 0 : ARR_DIMS(array)[0];
	cols = ndim == 2 ? ARR_DIMS(array)[1] : (ndim == 1 ? 1 : 0);
	if (rows != n)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("terms must have one row per ticket"),
				 errdetail("There are %d tickets and %d rows.", n, rows)));
	if (array_contains_nulls(array))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("terms must not contain NULL elements")));
	values = (const double *) ARR_DATA_PTR(array);
	for (i = 0; i < rows * cols; i++)
		if (!isfinite(values[i]))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("terms must hold finite numbers"),
					 errdetail("Ticket %d, term %d is %g.", i / cols + 1, i % cols + 1, values[i])));
	*n_terms = cols;
	return values;
}

/*
 * Reads and checks the scoring arguments into pool->weight/floors/spread
 * (skill first; pool->n_terms is known).
 */
static void
scoring_read(FunctionCallInfo fcinfo, Pool *pool)
{
	double	   *weight,
			   *floors,
			   *spread;
	double		sum;
	bool	   *isnull;
	int			k = pool->n_terms,
				t;

	weight = palloc(sizeof(double) * (k + 1));
	floors = palloc(sizeof(double) * (k + 1));
	spread = palloc(sizeof(double) * Max(k, 1));
	isnull = palloc(sizeof(bool) * Max(k, 1));
	weight[0] = PG_GETARG_FLOAT8(ARG_SKILL_WEIGHT);
	floors[0] = PG_GETARG_FLOAT8(ARG_SKILL_FLOOR);
	check_nonnegative("skill_weight", weight[0]);
	check_finite("skill_floor", floors[0]);
	for (t = 0; t < k; t++)
	{
		weight[1 + t] = 1.0;
		floors[1 + t] = -DBL_MAX;
		spread[t] = NAN;
	}
	if (k > 0 && !PG_ARGISNULL(ARG_TERM_SPREADS))
	{
		double	   *v = float8_list_read(PG_GETARG_ARRAYTYPE_P(ARG_TERM_SPREADS),
										 "term_spreads", k, true, isnull);

		for (t = 0; t < k; t++)
			if (!isnull[t])
			{
				char		name[32];

				snprintf(name, sizeof(name), "term_spreads[%d]", t + 1);
				check_positive(name, v[t]);
				spread[t] = v[t];
			}
	}
	if (k > 0 && !PG_ARGISNULL(ARG_TERM_WEIGHTS))
	{
		double	   *v = float8_list_read(PG_GETARG_ARRAYTYPE_P(ARG_TERM_WEIGHTS),
										 "term_weights", k, false, isnull);

		for (t = 0; t < k; t++)
		{
			char		name[32];

			snprintf(name, sizeof(name), "term_weights[%d]", t + 1);
			check_nonnegative(name, v[t]);
			weight[1 + t] = v[t];
		}
	}
	if (k > 0 && !PG_ARGISNULL(ARG_TERM_FLOORS))
	{
		double	   *v = float8_list_read(PG_GETARG_ARRAYTYPE_P(ARG_TERM_FLOORS),
										 "term_floors", k, true, isnull);

		for (t = 0; t < k; t++)
			if (!isnull[t])
				floors[1 + t] = v[t];
	}
	sum = 0.0;
	for (t = 0; t <= k; t++)
		sum += weight[t];
	if (!(sum > 0.0) || !isfinite(sum))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("skill_weight and term_weights must not all be zero")));
	pool->weight = weight;
	pool->floors = floors;
	pool->spread = spread;
}

/*
 * form_matches(ticket_ids anyarray, ratings float8[], party_sizes int[],
 *				betas float8[], n_teams int, team_size int,
 *				skill_weight float8, skill_floor float8, terms float8[],
 *				term_spreads float8[], term_weights float8[], term_floors float8[],
 *				strengths float8[])
 * RETURNS TABLE (match int, team int, ticket_id anyelement, score float8)
 *
 * Not STRICT (the term arguments may be NULL); a NULL in a required
 * argument gives no rows, as a STRICT function would, so array_agg over
 * no claimed tickets (NULL) simply forms no match.
 */
Datum
form_matches(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	ArrayType  *ids_array;
	Datum	   *ids;
	bool	   *id_nulls;
	Oid			id_type;
	int16		id_len;
	bool		id_byval;
	char		id_align;
	Pool		pool;
	int			n,
				count,
				i,
				p,
				match_no = 0;
	int		   *cand,
			   *members,
			   *party,
			   *team;
	double	   *strength;
	Window		window;
	Candidate  *found;
	void	   *balance_work;

#ifdef MAT_SRF_USE_EXPECTED_DESC
	InitMaterializedSRF(fcinfo, 0);
#else
	SetSingleFuncCall(fcinfo, 0);
#endif

	/* Scalar settings first, so that bad ones fail even with no tickets. */
	memset(&pool, 0, sizeof(pool));
	if (!PG_ARGISNULL(ARG_N_TEAMS))
	{
		pool.n_teams = PG_GETARG_INT32(ARG_N_TEAMS);
		if (pool.n_teams < 2)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("n_teams must be at least 2")));
	}
	if (!PG_ARGISNULL(ARG_TEAM_SIZE))
	{
		pool.team_size = PG_GETARG_INT32(ARG_TEAM_SIZE);
		if (pool.team_size < 1)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("team_size must be at least 1")));
	}
	if (!PG_ARGISNULL(ARG_N_TEAMS) && !PG_ARGISNULL(ARG_TEAM_SIZE) &&
		(int64) pool.n_teams * pool.team_size > SK_MM_BALANCE_MAX_PLAYERS)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("a match must hold at most %d players", SK_MM_BALANCE_MAX_PLAYERS),
				 errdetail("n_teams * team_size is %lld.",
						   (long long) pool.n_teams * pool.team_size)));
	for (i = 0; i <= ARG_SKILL_FLOOR; i++)
		if (PG_ARGISNULL(i))
			PG_RETURN_NULL();
	pool.players = pool.n_teams * pool.team_size;

	/* The tickets. */
	ids_array = PG_GETARG_ARRAYTYPE_P(ARG_TICKET_IDS);
	n = array_length_1d(ids_array, "ticket_ids");
	id_type = ARR_ELEMTYPE(ids_array);
	get_typlenbyvalalign(id_type, &id_len, &id_byval, &id_align);
	pool.n = n;
	pool.rating = float8_array_values(PG_GETARG_ARRAYTYPE_P(ARG_RATINGS), "ratings", &count);
	check_count("ratings", count, n);
	pool.strength = NULL;
	if (!PG_ARGISNULL(ARG_STRENGTHS))
	{
		pool.strength = float8_array_values(PG_GETARG_ARRAYTYPE_P(ARG_STRENGTHS), "strengths",
											&count);
		check_count("strengths", count, n);
	}
	pool.beta = float8_array_values(PG_GETARG_ARRAYTYPE_P(ARG_BETAS), "betas", &count);
	check_count("betas", count, n);
	{
		ArrayType  *sizes = PG_GETARG_ARRAYTYPE_P(ARG_PARTY_SIZES);

		count = array_length_1d(sizes, "party_sizes");
		check_count("party_sizes", count, n);
		if (array_contains_nulls(sizes))
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("party_sizes must not contain NULL elements")));
		pool.size = (const int32 *) ARR_DATA_PTR(sizes);
	}
	pool.n_terms = 0;
	pool.term = NULL;
	if (!PG_ARGISNULL(ARG_TERMS))
		pool.term = terms_read(PG_GETARG_ARRAYTYPE_P(ARG_TERMS), n, &pool.n_terms);
	scoring_read(fcinfo, &pool);
	if (n == 0)
		PG_RETURN_NULL();

	deconstruct_array(ids_array, id_type, id_len, id_byval, id_align, &ids, &id_nulls, &count);
	for (i = 0; i < n; i++)
	{
		char		name[32];

		if (id_nulls[i])
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("ticket_ids must not contain NULL elements")));
		snprintf(name, sizeof(name), "betas[%d]", i + 1);
		check_positive(name, pool.beta[i]);
		if (pool.size[i] < 1)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("party_sizes[%d] must be at least 1", i + 1)));
		if (pool.size[i] > pool.team_size)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("party_sizes[%d] must not exceed team_size", i + 1),
					 errdetail("A party of %d does not fit in a team of %d; parties play together.",
							   pool.size[i], pool.team_size)));
	}

	/* Rating order and the linked list of unmatched tickets. */
	pool.order = palloc(sizeof(int) * n);
	pool.pos = palloc(sizeof(int) * n);
	pool.prev = palloc(sizeof(int) * n);
	pool.next = palloc(sizeof(int) * n);
	pool.matched = palloc0(sizeof(bool) * n);
	for (i = 0; i < n; i++)
		pool.order[i] = i;
	qsort_arg(pool.order, n, sizeof(int), cmp_by_rating, (void *) pool.rating);
	for (i = 0; i < n; i++)
	{
		pool.pos[pool.order[i]] = i;
		pool.prev[i] = i - 1;
		pool.next[i] = i + 1 < n ? i + 1 : -1;
	}

	count = 2 * SIDE_TICKETS(pool.players) + 1;
	pool.left = palloc(sizeof(int) * count);
	cand = palloc(sizeof(int) * count);
	members = palloc(sizeof(int) * count);
	found = palloc(sizeof(Candidate) * count);
	window_init(&window, pool.n_terms);
	strength = palloc(sizeof(double) * pool.players);
	party = palloc(sizeof(int) * pool.players);
	team = palloc(sizeof(int) * pool.players);
	balance_work = palloc(sk_mm_balance_workspace_size(pool.players, pool.n_teams));

	for (p = 0; p < n; p++)
	{
		int			n_cand,
					pivot_at,
					stride,
					n_found = 0,
					f,
					s;

		CHECK_FOR_INTERRUPTS();
		if (pool.matched[p])
			continue;
		n_cand = collect_candidates(&pool, p, cand, &pivot_at);

		stride = (pivot_at + MAX_STARTS) / MAX_STARTS;
		for (s = pivot_at % stride; s <= pivot_at; s += stride)
		{
			if (take_window(&pool, cand, n_cand, s, pivot_at, members, &window) > 0)
			{
				found[n_found].score = window.score;
				found[n_found].spread = window.spread;
				found[n_found].first = s;
				n_found++;
			}
		}
		if (n_found == 0)
			continue;
		qsort(found, n_found, sizeof(Candidate), cmp_candidate);

		for (f = 0; f < n_found; f++)
		{
			int			taken = take_window(&pool, cand, n_cand, found[f].first, pivot_at,
											members, &window);
			int			k = 0,
						m;
			double		gap;
			sk_status	st;

			for (m = 0; m < taken; m++)
				for (i = 0; i < pool.size[members[m]]; i++, k++)
				{
					strength[k] = pool.strength
						? pool.strength[members[m]] / pool.size[members[m]]
						: pool.rating[members[m]];
					party[k] = m;
				}
			st = sk_mm_balance_teams(pool.players, strength, party, pool.n_teams,
									 pool.team_size, team, &gap, balance_work);
			if (st == SK_ERR_SIZE || st == SK_ERR_NO_CONVERGENCE)
				continue;		/* parties do not pack into the teams */
			report_core_status(st, "form_matches");

			/* Emit the match: one row per ticket, team by team. */
			match_no++;
			for (i = 0; i < pool.n_teams; i++)
			{
				k = 0;
				for (m = 0; m < taken; m++)
				{
					if (team[k] == i)
					{
						Datum		values[4];
						bool		nulls[4] = {false, false, false, false};

						values[0] = Int32GetDatum(match_no);
						values[1] = Int32GetDatum(i + 1);
						values[2] = ids[members[m]];
						values[3] = Float8GetDatum(found[f].score);
						tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc,
											 values, nulls);
					}
					k += pool.size[members[m]];
				}
			}
			for (m = 0; m < taken; m++)
				remove_ticket(&pool, members[m]);
			break;
		}
	}
	PG_RETURN_NULL();
}
