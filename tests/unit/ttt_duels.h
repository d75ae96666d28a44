/*
 * ttt_duels.h - histories of one-on-one matches for the tests of the
 * TrueSkill Through Time core: each event two teams of one player, the
 * winner ranked 1; events in the order given, a batch for each run of
 * equal times; every prior N(0, 6^2).  The caller owns the arrays, sized
 * as marked (n players, e events).
 */
#ifndef SKILL_TESTS_TTT_DUELS_H
#define SKILL_TESTS_TTT_DUELS_H

#include <string.h>

#include "ttt.h"

/* A match: winner beats loser at time. */
typedef struct duel
{
	double		time;
	int			winner;
	int			loser;
} duel;

typedef struct duel_arrays
{
	double	   *prior_mu;		/* n */
	double	   *prior_sigma;	/* n */
	double	   *time;			/* e (one per batch) */
	int		   *batch_event;	/* e + 1 */
	int		   *event_team;		/* e + 1 */
	double	   *rank;			/* 2 e */
	int		   *team_item;		/* 2 e + 1 */
	int		   *player;			/* 2 e */
} duel_arrays;

/* The history of events[order[0]], events[order[1]], ... (order NULL: 0, 1, ...). */
static void
duel_history_fill(sk_ttt_history *h, const duel_arrays *a, int n_players,
				  const duel *events, const int *order, int n_events)
{
	int			e,
				nb = 0;

	for (e = 0; e < n_players; e++)
	{
		a->prior_mu[e] = 0.0;
		a->prior_sigma[e] = 6.0;
	}
	a->team_item[0] = 0;
	for (e = 0; e < n_events; e++)
	{
		const duel *m = &events[order ? order[e] : e];

		if (e == 0 || m->time != a->time[nb - 1])
		{
			a->time[nb] = m->time;
			a->batch_event[nb++] = e;
		}
		a->event_team[e] = 2 * e;
		a->rank[2 * e] = 1;
		a->rank[2 * e + 1] = 2;
		a->player[2 * e] = m->winner;
		a->player[2 * e + 1] = m->loser;
		a->team_item[2 * e + 1] = 2 * e + 1;
		a->team_item[2 * e + 2] = 2 * e + 2;
	}
	a->batch_event[nb] = n_events;
	a->event_team[n_events] = 2 * n_events;
	memset(h, 0, sizeof(*h));
	h->n_players = n_players;
	h->prior_mu = a->prior_mu;
	h->prior_sigma = a->prior_sigma;
	h->n_batches = nb;
	h->batch_time = a->time;
	h->batch_event = a->batch_event;
	h->event_team = a->event_team;
	h->team_rank = a->rank;
	h->team_item = a->team_item;
	h->item_player = a->player;
	h->item_weight = NULL;
}

#endif
