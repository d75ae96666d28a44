/*
 * predict_fit.c - the prediction-only parameters by maximum likelihood
 * (predict_fit.h).
 */
#include "engine/predict_fit.h"

#include <math.h>

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

/* Grows the record's arrays to capacity records. */
static void
grow_record(PredictRecord *record, int64 capacity)
{
	record->z = grow(record->mcxt, record->z, capacity);
	record->z_context = grow(record->mcxt, record->z_context, capacity);
	record->length = grow(record->mcxt, record->length, capacity);
	record->outcome = grow(record->mcxt, record->outcome, capacity);
	record->capacity = capacity;
}

static int64
next_capacity(const PredictRecord *record)
{
	return Max(1024, record->capacity * 2);
}

/* Appends a record; there is room for it. */
static void
append(PredictRecord *record, double z, double z_context, double length, double outcome)
{
	int64		i = record->n;

	record->z[i] = z;
	record->z_context[i] = z_context;
	record->length[i] = length;
	record->outcome[i] = outcome;
	record->n++;
}

void
predict_record_add(PredictRecord *record, const ReplayResult *result, double outcome)
{
	if (record->n == record->capacity)
		grow_record(record, next_capacity(record));
	append(record, result->z, result->z_context, result->length, outcome);
}

void
predict_window_init(PredictWindow *window, MemoryContext mcxt)
{
	predict_record_init(&window->record, mcxt);
	window->played_at = NULL;
	window->start = 0;
}

/* Moves the records in the window to the front of the arrays. */
static void
compact(PredictWindow *window)
{
	PredictRecord *r = &window->record;
	int64		live = r->n - window->start;
	double	   *arrays[] = {r->z, r->z_context, r->length, r->outcome};
	int			k;

	for (k = 0; k < lengthof(arrays); k++)
		memmove(arrays[k], arrays[k] + window->start, sizeof(double) * live);
	memmove(window->played_at, window->played_at + window->start, sizeof(TimestampTz) * live);
	r->n = live;
	window->start = 0;
}

void
predict_window_add(PredictWindow *window, TimestampTz played_at, double z, double z_context,
				   double length, double outcome)
{
	PredictRecord *r = &window->record;

	/* Reclaiming only when half or more is dropped keeps the moves O(1) a record. */
	if (r->n == r->capacity && window->start >= r->capacity / 2 && window->start > 0)
		compact(window);
	if (r->n == r->capacity)
	{
		int64		capacity = next_capacity(r);
		Size		bytes = sizeof(TimestampTz) * (Size) capacity;

		window->played_at = window->played_at
			? repalloc_huge(window->played_at, bytes)
			: MemoryContextAllocHuge(r->mcxt, bytes);
		grow_record(r, capacity);
	}
	window->played_at[r->n] = played_at;
	append(r, z, z_context, length, outcome);
}

void
predict_window_drop(PredictWindow *window, TimestampTz from)
{
	while (window->start < window->record.n && window->played_at[window->start] < from)
		window->start++;
}

double
predict_window_fit(const PredictWindow *window, bool normal, PredictParams *params,
				   int max_passes)
{
	const PredictRecord *r = &window->record;
	int64		s = window->start;
	PredictRecord in_window = *r;

	if (r->n == s)
		return NAN;				/* nothing to fit (and the arrays may be NULL) */
	in_window.n = in_window.capacity = r->n - s;
	in_window.z += s;
	in_window.z_context += s;
	in_window.length += s;
	in_window.outcome += s;
	return predict_fit(&in_window, normal, params, max_passes);
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
