/*
 * periods.h - rating periods for the Glicko families: a period's games are
 * recorded as its matches arrive and rated together when it closes, each
 * against the opponents' ratings at the period's start.
 */
#ifndef SKILL_FAMILIES_PERIODS_H
#define SKILL_FAMILIES_PERIODS_H

#include "engine/replay.h"

/*
 * One game per (player, opponent).  The opponent's rating is taken when the
 * game is recorded: ratings change only when a period closes (and periods
 * sat out were applied when the opponent was looked up for this match), so
 * it is the rating at the period's start.
 */
typedef struct PeriodGame
{
	int64		player;			/* an id: hash entries may move before the period ends */
	double		opp_rating;
	double		opp_rd;
	double		score;
} PeriodGame;

typedef struct PeriodGames
{
	PeriodGame *games;
	PeriodGame *sort_scratch;	/* as long as games */
	int64		n_games;
	int64		max_games;
	double	   *opp_rating;		/* one player's games, gathered */
	double	   *opp_rd;
	double	   *scores;
	int64		max_run;
} PeriodGames;

/*
 * Rates one player's games of the period; writes the player's new rating
 * fields into out.  Raises on bad input.
 */
typedef void (*PeriodRatePlayer) (ReplayState *state, const ReplayPlayer *player, int n,
								  const double *opp_rating, const double *opp_rd,
								  const double *scores, double *out);

/*
 * An opponent's RD as the period's update sees it: Glicko-1 grows every RD
 * to its value at the period's onset; NULL keeps it (Glicko-2, whose
 * opponents enter with the RD they have).
 */
typedef double (*PeriodOnsetRd) (const ReplayState *state, double rd);

/* Records every pair of players on different teams, scored by team rank. */
extern void periods_record_match(ReplayState *state, PeriodGames *period,
								 const ReplayMatch *match, PeriodOnsetRd onset);

/* Team chances before a match: Glickman's win probability, pairwise. */
extern void periods_predict_win(ReplayState *state, ReplayMatch *match, double *team_prob);

/* Rates every player of the closing period, then writes all results back. */
extern void periods_close(ReplayState *state, PeriodGames *period, PeriodRatePlayer rate);

#endif
