/*
 * teams.h - team_ratings arguments: a 2-D skill.rating[] with one team per
 * row (shorter teams padded with NULL), or a 1-D array of one player per
 * team.  Read into the core's flat layout (team t holds players
 * team_start[t] .. team_start[t+1]-1) and written back in the same shape.
 */
#ifndef SKILL_TEAMS_H
#define SKILL_TEAMS_H

#include "sql/skill.h"

/*
 * A team array's shape: ndim 0 (empty), 1 (one player per team) or 2 (one
 * team per row); dims and lbs as the user indexes it, dims[1] = lbs[1] = 1
 * for a 1-D array.
 */
typedef struct TeamShape
{
	int			ndim;
	int			dims[2];
	int			lbs[2];
} TeamShape;

/* Reads the shape; more than two dimensions is an error naming arg. */
extern void team_shape_read(ArrayType *array, const char *arg, TeamShape *shape);

/* Errors naming arg: fewer than 2 teams; team t (0-based) of only NULLs. */
extern void too_few_teams(const char *arg, int n_teams);
extern void team_without_players(const char *arg, int t);

/*
 * Walks a team array's players in array order, NULL elements being the
 * padding of shorter teams: read(ctx, elem, name, i) for each one, i its
 * index among the players and name how errors call it; team_start gets
 * each team's first index, then the count, which it returns.  A team of
 * only NULLs is an error.
 */
typedef void (*TeamPlayerReader) (void *ctx, Datum elem, const char *name, int i);
extern int	team_players_read(const TeamShape *shape, const char *arg, const Datum *elems,
							  const bool *nulls, int *team_start, TeamPlayerReader read,
							  void *ctx);

typedef struct TeamMatch
{
	int			n_teams;
	int			n_players;
	int		   *team_start;		/* n_teams + 1 offsets */
	double	   *mu;				/* n_players, in row-major array order */
	double	   *sigma;
	/* The shape of the argument, to give results the same one. */
	int			ndim;
	int			dims[2];
	int			lbs[2];
	int			n_slots;		/* dims[0] * dims[1] (or dims[0]) */
	bool	   *slot_is_null;	/* n_slots: padding positions */
} TeamMatch;

/* Reads and checks team_ratings (>= 2 teams, no empty team, valid ratings). */
extern void team_slot_name(char *name, size_t size, const char *arg, int ndim,
						   const int *lbs, int t, int p);
extern void team_match_read(CompositeType *rating_type, ArrayType *array,
							const char *arg, TeamMatch *match);

/* New ratings (flat, player order) as a skill.rating[] of the input's shape. */
extern ArrayType *team_match_build(CompositeType *rating_type, const TeamMatch *match,
								   const double *mu, const double *sigma);

/* A per-team float8[] (ranks, scores): 1-D, one finite value per team. */
extern const double *team_values_read(ArrayType *array, const char *arg,
									  const TeamMatch *match);

/*
 * A per-player float8[] (weights) of the same shape as team_ratings; values
 * at padding positions are ignored and may be NULL.  Returns n_players
 * finite values in player order.
 */
extern double *team_weights_read(ArrayType *array, const char *arg,
								 const TeamMatch *match);

/*
 * The fields a core match struct (sk_os_match, sk_ts_match) takes from a
 * TeamMatch, for a designated initializer: {TEAM_MATCH_FIELDS(match), ...}.
 */
#define TEAM_MATCH_FIELDS(tm) \
	.n_teams = (tm).n_teams, .team_start = (tm).team_start, .mu = (tm).mu, .sigma = (tm).sigma

#endif
