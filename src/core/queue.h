/*
 * queue.h - forming matches from a matchmaking queue (skill.form_matches).
 *
 * Tickets (a solo player or a party) have a rating, a party size, a window
 * beta (how far apart in rating a match may be, from skill.window_beta of
 * the ticket's wait) and optional further terms.  Matches are formed
 * greedily, tickets in input order being served first:
 *
 *	1. The pivot (the first unmatched ticket) looks for partners among the
 *	   unmatched tickets whose rating is within the pivot's beta of its own
 *	   and within their own beta of the pivot's.
 *	2. Every match is scored like the IMS data points: the skill term
 *	   sk_mm_skill_score(party ratings, beta) with beta the smallest window
 *	   beta of its tickets, plus the further terms; sk_mm_match_score
 *	   accepts it only if every term reaches its floor, and its score is the
 *	   weighted mean of the terms.
 *	3. Over the candidates in rating order, each start at or below the pivot
 *	   gives one candidate match: from there, every ticket that still fits
 *	   (party sizes up to exactly n_teams * team_size players) and keeps
 *	   every term at or above its floor is taken, in rating order (a term
 *	   depends only on its smallest and largest value, so adding a ticket
 *	   never raises it).  Starts whose match does not fill up or leaves out
 *	   the pivot are dropped.
 *	4. The candidate with the best score (then the smallest rating spread)
 *	   whose parties pack into the teams is balanced with
 *	   sk_mm_balance_teams (a team's strength is the sum of its tickets'
 *	   strengths, by default rating x party size) and handed to the caller;
 *	   its tickets leave the pool.  A pivot without an acceptable match
 *	   stays unmatched (it may still join a later pivot's match).
 *
 * A term with a spread s scores like the skill term, max(0, 1 - (max -
 * min)/(2 s)) over the match's tickets; a term whose spread is NaN takes
 * the values as per-ticket scores and the match gets its worst ticket's.
 */
#ifndef SKILL_CORE_QUEUE_H
#define SKILL_CORE_QUEUE_H

#include <stddef.h>

#include "status.h"

typedef struct sk_queue
{
	int			n;				/* tickets */
	const double *rating;		/* n */
	const double *strength;		/* n, for balancing; NULL: rating x size */
	const int *size;			/* n, each 1 .. team_size */
	const double *beta;			/* n, each > 0 */
	int			n_terms;
	const double *term;			/* n x n_terms, row-major */
	const double *spread;		/* n_terms; NaN: a per-ticket score term */
	const double *weight;		/* 1 + n_terms, skill first; >= 0, not all 0 */
	const double *floors;		/* 1 + n_terms; -DBL_MAX: no floor */
	int			n_teams;		/* >= 2 */
	int			team_size;		/* >= 1; n_teams * team_size <= SK_MM_BALANCE_MAX_PLAYERS */
	double		party_bonus;	/* >= 0: a party of k adds party_bonus (k - 1) to its team */
} sk_queue;

/*
 * A formed match: its tickets (indexes into the queue), the team (0 ..
 * n_teams - 1) of each, and the match's score.
 */
typedef void (*sk_queue_emit) (void *ctx, int n_tickets, const int *tickets,
							   const int *team, double score);

size_t		sk_queue_workspace_size(const sk_queue *q);

/*
 * Forms the matches, calling emit for each in order.  Errors:
 * SK_ERR_SIZE, SK_ERR_RANGE, SK_ERR_NOT_FINITE for bad input (checked
 * first, before any match is emitted).
 */
sk_status	sk_queue_form_matches(const sk_queue *q, void *work, sk_queue_emit emit, void *ctx);

#endif
