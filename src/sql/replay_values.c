/*
 * replay_values.c - a replay family's ratings as SQL values (replay_values.h).
 */
#include "sql/replay_values.h"

void
replay_value_read(const ReplayFamily *family, CompositeType *type, Datum d,
				  const char *arg, double *r)
{
	GlickoValue g;

	switch (family->kind)
	{
		case VALUE_ELO:
			r[0] = DatumGetFloat8(d);
			check_finite(arg, r[0]);
			return;
		case VALUE_RATING:
			rating_read(type, DatumGetHeapTupleHeader(d), arg, &r[0], &r[1]);
			return;
		case VALUE_GLICKO:
			glicko_read(type, DatumGetHeapTupleHeader(d), arg, false, &g);
			if (family->n_fields == 3 && g.vol_null)
				ereport(ERROR,
						(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
						 errmsg("%s.vol must not be NULL", arg)));
			r[0] = g.rating;
			r[1] = g.rd;
			if (family->n_fields == 3)
				r[2] = g.vol;
			return;
	}
}

void
replay_value_check(const ReplayFamily *family, const double *r)
{
	int			i;

	for (i = 0; i < family->n_fields; i++)
		check_result_finite(r[i]);
}

Datum
replay_value_datum(const ReplayFamily *family, TupleDesc desc, const double *r,
				   HeapTupleHeader *slot, MemoryContext mcxt)
{
	Datum		fields[REPLAY_MAX_FIELDS];
	bool		nulls[REPLAY_MAX_FIELDS] = {false};
	int			i;

	replay_value_check(family, r);
	if (family->kind == VALUE_ELO)
		return Float8GetDatum(r[0]);
	for (i = 0; i < desc->natts; i++)
	{
		nulls[i] = i >= family->n_fields;
		fields[i] = nulls[i] ? (Datum) 0 : Float8GetDatum(r[i]);
	}
	return composite_reuse(desc, fields, nulls, slot, mcxt);
}

/* The element type of a final function's result and its nested rating type. */
typedef struct PlayersArrayType
{
	CompositeType result;
	CompositeType rating;		/* unused when the rating is a float8 */
} PlayersArrayType;

typedef struct PlayersArrayFill
{
	PlayersFill fill;
	PlayersFillFn fill_fn;
} PlayersArrayFill;

static void
fill_element(void *arg, uint32 i, Datum *values)
{
	PlayersArrayFill *f = arg;

	f->fill_fn(&f->fill, i, values);
}

ArrayType *
players_array(FunctionCallInfo fcinfo, bool composite_rating, void **players, uint32 n,
			  PlayersFillFn fill, const void *replay, const char *caller)
{
	PlayersArrayType *types = fcinfo->flinfo->fn_extra;
	PlayersArrayFill f = {{0}};

	if (types == NULL)
	{
		types = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(PlayersArrayType));
		composite_init_result(fcinfo, &types->result);
		if (composite_rating)
			composite_init(&types->rating, TupleDescAttr(types->result.desc, 1)->atttypid,
						   fcinfo->flinfo->fn_mcxt);
		fcinfo->flinfo->fn_extra = types;
	}
	f.fill.players = players;
	f.fill.replay = replay;
	f.fill.rating = types->rating.desc;
	f.fill_fn = fill;
	return composite_array_build(&types->result, n, fill_element, &f, caller);
}
