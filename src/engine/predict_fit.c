/*
 * predict_fit.c - the prediction-only parameters by maximum likelihood
 * (predict_fit.h).
 */
#include "engine/predict_fit.h"

#include "miscadmin.h"

#include "core/adjust.h"
#include "core/optimize.h"

const char *const predict_param_names[] = {"predict_scale", "context_weight", "length_exponent", NULL};

void
predict_record_init(PredictRecord *record, MemoryContext mcxt)
{
	memset(record, 0, sizeof(*record));
	record->mcxt = mcxt;
}

static double *
grow(MemoryContext mcxt, double *array, int64 capacity)
{
	Size		bytes = sizeof(double) * (Size) capacity;

	return array ? repalloc_huge(array, bytes) : MemoryContextAllocHuge(mcxt, bytes);
}

void
predict_record_add(PredictRecord *record, const ReplayResult *result, double outcome)
{
	int64		i = record->n;

	if (i == record->capacity)
	{
		int64		cap = Max(1024, record->capacity * 2);

		record->z = grow(record->mcxt, record->z, cap);
		record->z_context = grow(record->mcxt, record->z_context, cap);
		record->length = grow(record->mcxt, record->length, cap);
		record->outcome = grow(record->mcxt, record->outcome, cap);
		record->capacity = cap;
	}
	record->z[i] = result->z;
	record->z_context[i] = result->z_context;
	record->length[i] = result->length;
	record->outcome[i] = outcome;
	record->n++;
}

static sk_adjust_data
adjust_data(const PredictRecord *record, bool normal)
{
	sk_adjust_data d = {.normal = normal, .n = (long) record->n, .z = record->z,
	.z_context = record->z_context, .length = record->length, .outcome = record->outcome};

	return d;
}

double
predict_loss(const PredictRecord *record, bool normal, const PredictParams *params)
{
	sk_adjust_data d = adjust_data(record, normal);

	return sk_adjust_log_loss(&d, params->value[PREDICT_SCALE],
							  params->value[PREDICT_CONTEXT_WEIGHT],
							  params->value[PREDICT_LENGTH_EXPONENT]);
}

/* What the inner search's objective needs. */
typedef struct InnerSearch
{
	sk_adjust_data data;
	const PredictParams *params;
	int			index[PREDICT_PARAMS];	/* the searched parameters, in x order */
	int			n;
} InnerSearch;

static double
inner_objective(void *arg, const double *x)
{
	InnerSearch *s = arg;
	double		v[PREDICT_PARAMS];
	int			k;

	CHECK_FOR_INTERRUPTS();
	memcpy(v, s->params->value, sizeof(v));
	for (k = 0; k < s->n; k++)
		v[s->index[k]] = x[k];
	return sk_adjust_log_loss(&s->data, v[PREDICT_SCALE], v[PREDICT_CONTEXT_WEIGHT],
							  v[PREDICT_LENGTH_EXPONENT]);
}

double
predict_fit(const PredictRecord *record, bool normal, PredictParams *params, int max_evaluations)
{
	InnerSearch s = {.data = adjust_data(record, normal), .params = params};
	double		x[PREDICT_PARAMS],
				lo[PREDICT_PARAMS],
				hi[PREDICT_PARAMS];
	double		best;
	int			evaluations,
				k;
	sk_minimize_options o;

	for (k = 0; k < PREDICT_PARAMS; k++)
		if (params->searched[k])
		{
			x[s.n] = params->value[k];
			lo[s.n] = params->low[k];
			hi[s.n] = params->high[k];
			s.index[s.n++] = k;
		}
	if (s.n == 0 || record->n == 0)
		return predict_loss(record, normal, params);
	sk_minimize_default_options(&o);
	o.max_evaluations = max_evaluations;
	(void) sk_minimize(s.n, x, lo, hi, inner_objective, &s, &o, &best, &evaluations);
	for (k = 0; k < s.n; k++)
		params->value[s.index[k]] = x[k];
	return best;
}
