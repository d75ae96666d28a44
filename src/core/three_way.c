/*
 * three_way.c - scores of three-way predictions (three_way.h).
 */
#include <math.h>
#include <string.h>

#include "three_way.h"

#include "draws.h"

void
sk_three_way_init(sk_three_way_state *s)
{
	memset(s, 0, sizeof(*s));
}

/* false for NaN too */
static int
is_probability(double p)
{
	return p >= 0.0 && p <= 1.0;
}

sk_three_way_fault
sk_three_way_check(double p_win, double p_draw, double outcome)
{
	if (!is_probability(p_win))
		return SK_THREE_WAY_BAD_P_WIN;
	if (!is_probability(p_draw))
		return SK_THREE_WAY_BAD_P_DRAW;
	if (!(outcome == 1.0 || outcome == 0.5 || outcome == 0.0))
		return SK_THREE_WAY_BAD_OUTCOME;
	if (p_win + p_draw > 1.0 + SK_THREE_WAY_SUM_SLACK)
		return SK_THREE_WAY_SUM_ABOVE_ONE;
	return SK_THREE_WAY_OK;
}

sk_status
sk_three_way_add(sk_three_way_state *s, double p_win, double p_draw, double outcome)
{
	double		o_win = outcome == 1.0,
				o_draw = outcome == 0.5,
				p_loss,
				dw,
				dd,
				dl;

	if (sk_three_way_check(p_win, p_draw, outcome) != SK_THREE_WAY_OK)
		return isfinite(p_win) && isfinite(p_draw) && isfinite(outcome) ?
			SK_ERR_RANGE : SK_ERR_NOT_FINITE;
	/* within the slack p_win + p_draw may pass 1 by a rounding: no negative loss chance */
	p_loss = fmax(0.0, 1.0 - p_win - p_draw);
	dw = p_win - o_win;
	dd = p_draw - o_draw;
	dl = p_loss - (1.0 - o_win - o_draw);
	s->n++;
	s->draws += outcome == 0.5;
	s->log_loss += sk_three_way_log_loss(p_win, p_draw, outcome);
	s->rps += (dw * dw + (dw + dd) * (dw + dd)) / 2.0;
	s->brier += dw * dw + dd * dd + dl * dl;
	s->p_draw += p_draw;
	return SK_OK;
}

void
sk_three_way_merge(sk_three_way_state *a, const sk_three_way_state *b)
{
	a->n += b->n;
	a->draws += b->draws;
	a->log_loss += b->log_loss;
	a->rps += b->rps;
	a->brier += b->brier;
	a->p_draw += b->p_draw;
}

void
sk_three_way_result_of(const sk_three_way_state *s, sk_three_way_result *out)
{
	double		n = (double) s->n;

	out->n = s->n;
	if (s->n == 0)
	{
		out->log_loss = out->rps = out->brier = NAN;
		out->draw_rate = out->predicted_draw_rate = NAN;
		return;
	}
	out->log_loss = s->log_loss / n;
	out->rps = s->rps / n;
	out->brier = s->brier / n;
	out->draw_rate = (double) s->draws / n;
	out->predicted_draw_rate = s->p_draw / n;
}
