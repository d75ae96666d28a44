/*
 * rating_sql.c - constructors of skill.rating and skill.glicko, the checks
 * of those two domains, and ordinal.
 */
#include "sql/skill.h"

#include "funcapi.h"

PG_FUNCTION_INFO_V1(rating);
PG_FUNCTION_INFO_V1(glicko);
PG_FUNCTION_INFO_V1(ordinal);
PG_FUNCTION_INFO_V1(rating_check);
PG_FUNCTION_INFO_V1(glicko_check);

/*
 * skill.rating_check(skill.rating_value): the CHECK of the domain
 * skill.rating.  It raises the same error a function would for the bad
 * field (a clearer message than "violates check constraint"), so it
 * returns true or does not return.  A NULL value never gets here (STRICT).
 */
Datum
rating_check(PG_FUNCTION_ARGS)
{
	CallCache  *cache = call_cache(fcinfo);
	double		mu,
				sigma;

	composite_init_arg(fcinfo, 0, &cache->rating);
	rating_read(&cache->rating, PG_GETARG_HEAPTUPLEHEADER(0), "skill.rating", &mu, &sigma);
	PG_RETURN_BOOL(true);
}

/*
 * skill.glicko_check(skill.glicko_value): the CHECK of the domain
 * skill.glicko.  rd may be 0 (an opponent whose rating is known exactly);
 * the functions that update a player's own rating require rd > 0.
 */
Datum
glicko_check(PG_FUNCTION_ARGS)
{
	CallCache  *cache = call_cache(fcinfo);
	GlickoValue value;

	composite_init_arg(fcinfo, 0, &cache->glicko);
	glicko_read(&cache->glicko, PG_GETARG_HEAPTUPLEHEADER(0), "skill.glicko", true, &value);
	PG_RETURN_BOOL(true);
}

/* skill.rating(mu, sigma): a checked Gaussian belief. */
Datum
rating(PG_FUNCTION_ARGS)
{
	double		mu = finite_arg(fcinfo, 0, "mu");
	double		sigma = positive_arg(fcinfo, 1, "sigma");
	CallCache  *cache = call_cache(fcinfo);

	composite_init_result(fcinfo, &cache->rating);
	PG_RETURN_DATUM(rating_build(&cache->rating, mu, sigma));
}

/*
 * skill.glicko(rating, rd, vol): a checked Glicko-1/2 rating.  Not STRICT:
 * a NULL vol builds a glicko with a NULL vol, as the type allows (Glicko-1
 * and team Glicko ignore vol); a NULL rating or rd gives NULL.
 */
Datum
glicko(PG_FUNCTION_ARGS)
{
	GlickoValue value;
	CallCache  *cache;

	if (required_arg_null(fcinfo, OPTIONAL_ARG(2)))
		PG_RETURN_NULL();
	cache = call_cache(fcinfo);
	value.rating = PG_GETARG_FLOAT8(0);
	value.rd = PG_GETARG_FLOAT8(1);
	value.vol_null = PG_ARGISNULL(2);
	value.vol = value.vol_null ? 0.0 : PG_GETARG_FLOAT8(2);
	check_finite("rating", value.rating);
	check_positive("rd", value.rd);
	if (!value.vol_null)
		check_positive("vol", value.vol);
	composite_init_result(fcinfo, &cache->glicko);
	PG_RETURN_DATUM(glicko_build(&cache->glicko, &value));
}

/*
 * skill.ordinal(r, z, alpha, target) = alpha*((mu - z*sigma) + target/alpha),
 * openskill's conservative display rating; with the defaults, mu - 3 sigma.
 */
Datum
ordinal(PG_FUNCTION_ARGS)
{
	double		z = finite_arg(fcinfo, 1, "z");
	double		alpha = positive_arg(fcinfo, 2, "alpha");
	double		target = finite_arg(fcinfo, 3, "target");
	double		mu,
				sigma;
	CallCache  *cache = call_cache(fcinfo);

	composite_init_arg(fcinfo, 0, &cache->rating);
	rating_read(&cache->rating, PG_GETARG_HEAPTUPLEHEADER(0), "r", &mu, &sigma);
	PG_RETURN_FLOAT8(check_result_finite(alpha * ((mu - z * sigma) + target / alpha)));
}
