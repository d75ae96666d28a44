/*
 * predict_fit.c - the prediction-only parameters by maximum likelihood
 * (predict_fit.h).
 */
#include "engine/predict_fit.h"

#include "miscadmin.h"

#include "core/adjust.h"

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

double
predict_fit(const PredictRecord *record, bool normal, PredictParams *params, int max_passes)
{
	sk_adjust_data d = adjust_data(record, normal);
	int			searched[PREDICT_PARAMS];
	double		loss;
	int			k;

	for (k = 0; k < PREDICT_PARAMS; k++)
		searched[k] = params->searched[k];
	if (record->n == 0)
		return predict_loss(record, normal, params);
	CHECK_FOR_INTERRUPTS();
	if (sk_adjust_fit(&d, searched, params->low, params->high, max_passes, params->value,
					  &loss) != SK_OK)
		return predict_loss(record, normal, params);
	return loss;
}
