/*
 * teams.c - reading team_ratings arrays into the core's team layout.
 */
#include "sql/teams.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "miscadmin.h"

#include "sql/pg_internals.h"

void
too_few_teams(const char *arg, int n_teams)
{
	ereport(ERROR,
			(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
			 errmsg("%s must hold at least 2 teams", arg),
			 errdetail("It holds %d.", n_teams)));
}

/* A valid rating (finite mu, finite sigma > 0), read without naming it. */
static inline bool
rating_valid(CompositeType *rating_type, HeapTupleHeader tuple, double *mu,
			 double *sigma)
{
	double		values[2];
	bool		nulls[2];

	composite_read(rating_type, tuple, 2, values, nulls);
	if (nulls[0] || nulls[1] || !isfinite(values[0]) || !isfinite(values[1]) ||
		!(values[1] > 0.0))
		return false;
	*mu = values[0];
	*sigma = values[1];
	return true;
}

/*
 * The name of team t's p-th slot in errors, as the user indexes the array:
 * arg[t][p] for a 2-D array, arg[t] for a 1-D one (lbs: its lower bounds).
 */
void
team_slot_name(char *name, size_t size, const char *arg, int ndim, const int *lbs,
			   int t, int p)
{
	if (ndim == 2)
		snprintf(name, size, "%s[%d][%d]", arg, lbs[0] + t, lbs[1] + p);
	else
		snprintf(name, size, "%s[%d]", arg, lbs[0] + t);
}

void
team_without_players(const char *arg, int t)
{
	ereport(ERROR,
			(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
			 errmsg("team %d of %s has no players", t + 1, arg),
			 errdetail("NULL elements only pad shorter teams; every team needs a rating.")));
}

void
team_shape_read(ArrayType *array, const char *arg, TeamShape *shape)
{
	shape->ndim = ARR_NDIM(array);
	if (shape->ndim > 2)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("%s must have one or two dimensions", arg),
				 errdetail("Use one row per team (a 2-D array) or one player per team (a 1-D array).")));
	shape->dims[0] = shape->ndim == 0 ? 0 : ARR_DIMS(array)[0];
	shape->lbs[0] = shape->ndim == 0 ? 1 : ARR_LBOUND(array)[0];
	shape->dims[1] = shape->ndim == 2 ? ARR_DIMS(array)[1] : 1;
	shape->lbs[1] = shape->ndim == 2 ? ARR_LBOUND(array)[1] : 1;
}

int
team_players_read(const TeamShape *shape, const char *arg, const Datum *elems,
				  const bool *nulls, int *team_start, TeamPlayerReader read, void *ctx)
{
	char		name[NAMEDATALEN + 32];
	int			i = 0,
				t;

	for (t = 0; t < shape->dims[0]; t++)
	{
		int			p;

		team_start[t] = i;
		for (p = 0; p < shape->dims[1]; p++)
		{
			int			slot = t * shape->dims[1] + p;

			if ((slot & 0xFFFF) == 0)
				CHECK_FOR_INTERRUPTS();
			if (nulls[slot])
				continue;
			team_slot_name(name, sizeof(name), arg, shape->ndim, shape->lbs, t, p);
			read(ctx, elems[slot], name, i++);
		}
		if (i == team_start[t])
			team_without_players(arg, t);
	}
	team_start[shape->dims[0]] = i;
	return i;
}

void
team_match_read(CompositeType *rating_type, ArrayType *array, const char *arg,
				TeamMatch *match)
{
	Datum	   *elems;
	bool	   *nulls;
	int			n_slots;
	int			width;
	int			t,
				i;
	char		name[NAMEDATALEN + 32];
	TeamShape	shape;

	team_shape_read(array, arg, &shape);
	match->ndim = shape.ndim;
	memcpy(match->dims, shape.dims, sizeof(shape.dims));
	memcpy(match->lbs, shape.lbs, sizeof(shape.lbs));
	match->n_teams = match->dims[0];
	width = match->dims[1];
	if (match->n_teams < 2)
		too_few_teams(arg, match->n_teams);

	deconstruct_array(array, rating_type->typid, rating_type->typlen,
					  rating_type->typbyval, rating_type->typalign,
					  &elems, &nulls, &n_slots);
	match->n_slots = n_slots;
	match->slot_is_null = nulls;
	match->team_start = palloc(sizeof(int) * (match->n_teams + 1));
	match->mu = palloc(sizeof(double) * n_slots);
	match->sigma = palloc(sizeof(double) * n_slots);

	i = 0;
	for (t = 0; t < match->n_teams; t++)
	{
		int			p;

		match->team_start[t] = i;
		for (p = 0; p < width; p++)
		{
			int			slot = t * width + p;
			HeapTupleHeader tuple;

			if ((slot & 0xFFFF) == 0)
				CHECK_FOR_INTERRUPTS();
			if (nulls[slot])
				continue;
			tuple = DatumGetHeapTupleHeader(elems[slot]);
			/* The element's name is only needed for an error message. */
			if (!rating_valid(rating_type, tuple, &match->mu[i], &match->sigma[i]))
			{
				team_slot_name(name, sizeof(name), arg, match->ndim, match->lbs, t, p);
				rating_read(rating_type, tuple, name, &match->mu[i], &match->sigma[i]);
			}
			i++;
		}
		if (i == match->team_start[t])
			team_without_players(arg, t);
	}
	match->team_start[match->n_teams] = i;
	match->n_players = i;
}

ArrayType *
team_match_build(CompositeType *rating_type, const TeamMatch *match,
				 const double *mu, const double *sigma)
{
	ArrayType  *in_place = rating_array_in_place(rating_type, match, mu, sigma);
	Datum	   *datums;
	int			slot,
				i = 0;

	if (in_place != NULL)
		return in_place;

	datums = palloc(sizeof(Datum) * match->n_slots);
	for (slot = 0; slot < match->n_slots; slot++)
	{
		if ((slot & 0xFFFF) == 0)
			CHECK_FOR_INTERRUPTS();
		if (match->slot_is_null[slot])
		{
			datums[slot] = (Datum) 0;
			continue;
		}
		datums[slot] = rating_build(rating_type, mu[i], sigma[i]);
		i++;
	}
	return construct_md_array(datums, match->slot_is_null, match->ndim,
							  (int *) match->dims, (int *) match->lbs,
							  rating_type->typid, rating_type->typlen,
							  rating_type->typbyval, rating_type->typalign);
}

const double *
team_values_read(ArrayType *array, const char *arg, const TeamMatch *match)
{
	int			n;
	const double *values = float8_array_values(array, arg, &n);

	if (n != match->n_teams)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("%s must have one element per team", arg),
				 errdetail("There are %d teams and %d %s.", match->n_teams, n, arg)));
	return values;
}

double *
team_weights_read(ArrayType *array, const char *arg, const TeamMatch *match)
{
	Datum	   *elems;
	bool	   *nulls;
	int			n,
				slot,
				i = 0;
	double	   *weights = palloc(sizeof(double) * Max(match->n_players, 1));
	bool		same_shape = ARR_NDIM(array) == match->ndim &&
		ARR_DIMS(array)[0] == match->dims[0] &&
		(match->ndim == 1 || ARR_DIMS(array)[1] == match->dims[1]);

	if (!same_shape)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("%s must have the same shape as team_ratings", arg),
				 errdetail("Give one weight per player, in the same rows and columns as the ratings.")));

	deconstruct_array(array, FLOAT8OID, sizeof(float8), FLOAT8PASSBYVAL,
					  TYPALIGN_DOUBLE, &elems, &nulls, &n);
	for (slot = 0; slot < n; slot++)
	{
		char		name[NAMEDATALEN + 32];

		if ((slot & 0xFFFF) == 0)
			CHECK_FOR_INTERRUPTS();
		if (match->slot_is_null[slot])
			continue;
		team_slot_name(name, sizeof(name), arg, match->ndim, match->lbs,
					   match->ndim == 2 ? slot / match->dims[1] : slot,
					   match->ndim == 2 ? slot % match->dims[1] : 0);
		if (nulls[slot])
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("%s must not be NULL", name),
					 errdetail("Only positions that pad a shorter team may be NULL.")));
		weights[i] = DatumGetFloat8(elems[slot]);
		check_finite(name, weights[i]);
		i++;
	}
	return weights;
}
