/*
 * three_way.h - scores of three-way predictions (win, draw, loss) of
 * two-team matches, accumulated in one pass in constant memory and
 * mergeable, so a parallel aggregate's partial states combine exactly.
 *
 * Each row is the chances p_win and p_draw (p_loss = 1 - p_win - p_draw)
 * and the outcome o: 1 (won), 0.5 (drew) or 0 (lost), as the indicators
 * (o_win, o_draw, o_loss).  Per row:
 *
 *	log-loss: -ln of the chance of what happened, clamped to [1e-15, 1]
 *	  (sk_three_way_log_loss of draws.h);
 *	ranked probability score: ((p_win - o_win)^2
 *	  + (p_win + p_draw - o_win - o_draw)^2) / 2, the outcomes ordered
 *	  win, draw, loss (Epstein 1969, as football forecasts are judged);
 *	Brier: (p_win - o_win)^2 + (p_draw - o_draw)^2 + (p_loss - o_loss)^2,
 *	  the sum over the three classes (0 perfect, 2 worst).
 *
 * The result is their means, with the observed draw rate (the share of
 * outcomes 0.5) and the predicted one (the mean p_draw).
 */
#ifndef SKILL_CORE_THREE_WAY_H
#define SKILL_CORE_THREE_WAY_H

#include <stdint.h>

#include "status.h"

/* How far p_win + p_draw may exceed 1 (rounding of chances that sum to 1). */
#define SK_THREE_WAY_SUM_SLACK	1e-9

typedef struct sk_three_way_state
{
	int64_t		n;
	int64_t		draws;			/* outcomes 0.5 */
	double		log_loss;		/* sums */
	double		rps;
	double		brier;
	double		p_draw;
} sk_three_way_state;

typedef struct sk_three_way_result
{
	int64_t		n;
	double		log_loss;		/* means; NaN when n = 0 */
	double		rps;
	double		brier;
	double		draw_rate;
	double		predicted_draw_rate;
} sk_three_way_result;

/* What is wrong with a row (SK_THREE_WAY_OK when nothing). */
typedef enum sk_three_way_fault
{
	SK_THREE_WAY_OK = 0,
	SK_THREE_WAY_BAD_P_WIN,		/* NaN, infinite or outside [0, 1] */
	SK_THREE_WAY_BAD_P_DRAW,
	SK_THREE_WAY_BAD_OUTCOME,	/* not 1, 0.5 or 0 */
	SK_THREE_WAY_SUM_ABOVE_ONE	/* p_win + p_draw > 1 + SK_THREE_WAY_SUM_SLACK */
} sk_three_way_fault;

void		sk_three_way_init(sk_three_way_state *s);

/* The first fault of a row, checked in argument order. */
sk_three_way_fault sk_three_way_check(double p_win, double p_draw, double outcome);

/*
 * Adds one row.  SK_ERR_NOT_FINITE or SK_ERR_RANGE for a row with a fault
 * (sk_three_way_check says which); the state is unchanged then.
 */
sk_status	sk_three_way_add(sk_three_way_state *s, double p_win, double p_draw,
							 double outcome);

/* Adds b into a. */
void		sk_three_way_merge(sk_three_way_state *a, const sk_three_way_state *b);

void		sk_three_way_result_of(const sk_three_way_state *s, sk_three_way_result *out);

#endif
