/*
 * skill.h - shared declarations of the PostgreSQL layer (fmgr glue).
 *
 * The glue reads arguments, checks them with messages that name the SQL
 * argument, calls the plain-C core in src/core/, and builds results.  No
 * rating math lives here.
 */
#ifndef SKILL_H
#define SKILL_H

#include "engine/pg_compat.h"

#include "access/htup.h"
#include "access/tupdesc.h"
#include "fmgr.h"
#include "datatype/timestamp.h"
#include "utils/array.h"

#include "core/status.h"
#include "engine/bulk_alloc.h"

/*
 * What we need to read and build values of one composite type (skill.rating
 * or skill.glicko): looked up once per call site and kept in fn_extra.
 */
typedef struct CompositeType
{
	Oid			typid;
	TupleDesc	desc;			/* lives in fn_mcxt */
	int			float8_natts;	/* its field count when every field is a float8, else -1 */
	int16		typlen;
	bool		typbyval;
	char		typalign;
} CompositeType;

/* Per-call-site cache (fn_extra): the composite types a function reads or builds. */
typedef struct CallCache
{
	CompositeType rating;
	CompositeType glicko;
	CompositeType details;		/* skill.match_details (the replay aggregates) */
} CallCache;

/*
 * The SQL entry points of one prediction's two questions, the chance of a
 * win and that of a draw, both answered by impl(fcinfo, want_draw).
 */
#define WIN_AND_DRAW_ENTRY_POINTS(win, draw, impl) \
	Datum win(PG_FUNCTION_ARGS) { return impl(fcinfo, false); } \
	Datum draw(PG_FUNCTION_ARGS) { return impl(fcinfo, true); }

/* checks.c: argument rules, each raising an ERROR that names the argument. */
extern void check_finite(const char *arg, double value);
extern void check_positive(const char *arg, double value);
extern void check_nonnegative(const char *arg, double value);
extern double float8_arg(FunctionCallInfo fcinfo, int n, const char *arg,
						 void (*check) (const char *arg, double value));
#define finite_arg(fcinfo, n, arg) float8_arg(fcinfo, n, arg, check_finite)
#define positive_arg(fcinfo, n, arg) float8_arg(fcinfo, n, arg, check_positive)
#define nonnegative_arg(fcinfo, n, arg) float8_arg(fcinfo, n, arg, check_nonnegative)
extern double check_result_finite(double value);
extern void check_result_spread(const char *field, double spread, bool zero_allowed);
extern void check_score(const char *arg, double value);
extern void check_same_length(const char *arg_a, int len_a, const char *arg_b, int len_b);
extern void check_scores(const char *arg, const double *scores, int count);

/*
 * Whether argument argno (-1: a form without it) was passed and is not
 * NULL.  An argument added to a function in a minor version is read only
 * where the call has it: until ALTER EXTENSION UPDATE, the catalog still
 * declares the older signature and passes fewer arguments.
 */
static inline bool
arg_given(FunctionCallInfo fcinfo, int argno)
{
	return argno >= 0 && argno < PG_NARGS() && !PG_ARGISNULL(argno);
}

/* Bit of argument n in the optional set of required_arg_null. */
#define OPTIONAL_ARG(n) ((uint32) 1 << (n))
extern bool required_arg_null(FunctionCallInfo fcinfo, uint32 optional);
extern bool required_arg_null_srf(FunctionCallInfo fcinfo, uint32 optional);
extern void check_not_null_arg(FunctionCallInfo fcinfo, int argno, const char *arg);
extern void report_core_status(sk_status status, const char *what);
extern int	check_link(const char *arg, text *value);

/*
 * A type of the extension's own schema, by the schema of the function
 * called (never found through search_path) (family_sql.c).
 */
extern Oid	extension_type(FunctionCallInfo fcinfo, const char *name);

/*
 * matchmaking_sql.c: an interval as seconds (days of 86400 s); months are
 * refused, naming arg.
 */
extern double interval_seconds(const Interval *span, const char *arg);
/* The party rating's weights (>= 0, not both 0) and ordinal deviations (>= 0). */
extern void check_party_weights(const char *max_arg, double max_w, const char *med_arg,
								double med_w, const char *deviations_arg, double deviations);

/* arrays.c: float8[] arguments. */
extern const double *float8_array_values(ArrayType *array, const char *arg, int *count);
extern int	paired_float8_args(FunctionCallInfo fcinfo, int a, const char *arg_a,
							   const double **values_a, int b, const char *arg_b,
							   const double **values_b);
extern ArrayType *float8_array_build(const double *values, int count);
extern int	array_length_1d(ArrayType *array, const char *arg);
extern void array_element_name(char *buf, size_t size, const char *arg, ArrayType *array,
							   int i, bool isnull);


/* composite.c: skill.rating and skill.glicko values (and pg_internals.h). */
extern CallCache *call_cache(FunctionCallInfo fcinfo);
extern void composite_init(CompositeType *type, Oid typid, MemoryContext mcxt);
extern void composite_init_result(FunctionCallInfo fcinfo, CompositeType *type);
extern void composite_init_arg(FunctionCallInfo fcinfo, int argno, CompositeType *type);
extern void composite_read(CompositeType *type, HeapTupleHeader tuple,
						   int natts, double *values, bool *nulls);
extern Datum composite_build(CompositeType *type, int natts, const double *values,
							 const bool *nulls);
/* Raises the error for a composite type altered since CREATE EXTENSION. */
pg_noreturn extern void composite_altered(Oid typid);

/* A rating or glicko value read from SQL, checked: finite, spread > 0. */
typedef struct GlickoValue
{
	double		rating;
	double		rd;
	double		vol;
	bool		vol_null;
} GlickoValue;

extern void rating_read(CompositeType *type, HeapTupleHeader tuple, const char *arg,
						double *mu, double *sigma);
extern Datum rating_build(CompositeType *type, double mu, double sigma);
/* A 1-D skill.rating[] with no NULL elements into mu/sigma (palloc'd). */
extern int	rating_list_read(CompositeType *type, ArrayType *array, const char *arg,
							 double **mu_out, double **sigma_out);
/* The same, NULL elements taking fallback[0], fallback[1] unless fallback is NULL. */
extern int	rating_list_read_or(CompositeType *type, ArrayType *array, const char *arg,
								const double *fallback, double **mu_out, double **sigma_out);
extern void glicko_read(CompositeType *type, HeapTupleHeader tuple, const char *arg,
						bool opponent, GlickoValue *out);
extern Datum glicko_build(CompositeType *type, const GlickoValue *value);
extern GlickoValue *glicko_array_read(CompositeType *type, ArrayType *array,
									  const char *arg, int *count);

#endif
