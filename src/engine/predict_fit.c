/*
 * predict_fit.c - the prediction-only parameters by maximum likelihood
 * (predict_fit.h).
 */
#include "engine/predict_fit.h"

#include <math.h>

#include "miscadmin.h"

#include "core/adjust.h"
#include "core/draw_fit.h"

const int	predict_param_detail[PREDICT_PARAMS] = {
	[PREDICT_SCALE] = DETAIL_PREDICT_SCALE,
	[PREDICT_CONTEXT_WEIGHT] = DETAIL_CONTEXT_WEIGHT,
	[PREDICT_LENGTH_EXPONENT] = DETAIL_LENGTH_EXPONENT,
	[PREDICT_DRAW_MARGIN] = DETAIL_DRAW_MARGIN,
	[PREDICT_DRAW_NU] = DETAIL_DRAW_NU,
	[PREDICT_DRAW_RATE_SLOPE] = DETAIL_DRAW_RATE_SLOPE,
};

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
	if (record->draw_inputs)
	{
		record->level = grow(record->mcxt, record->level, capacity);
		record->native = grow(record->mcxt, record->native, capacity);
	}
	record->capacity = capacity;
}

static int64
next_capacity(const PredictRecord *record)
{
	return Max(1024, record->capacity * 2);
}

/* Appends a record (level and native kept with draw_inputs), growing the arrays. */
static void
append(PredictRecord *record, double z, double z_context, double length, double outcome,
	   double level, double native)
{
	int64		i = record->n;

	if (i == record->capacity)
		grow_record(record, next_capacity(record));
	record->z[i] = z;
	record->z_context[i] = z_context;
	record->length[i] = length;
	record->outcome[i] = outcome;
	if (record->draw_inputs)
	{
		record->level[i] = level;
		record->native[i] = native;
	}
	record->n++;
}

void
predict_record_add(PredictRecord *record, const ReplayResult *result, double outcome)
{
	append(record, result->z, result->z_context, result->length, outcome, result->draw_level,
		   result->draw_native);
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
	double	   *arrays[] = {r->z, r->z_context, r->length, r->outcome, r->level, r->native};
	int			n_arrays = r->draw_inputs ? 6 : 4;
	int			k;

	for (k = 0; k < n_arrays; k++)
		memmove(arrays[k], arrays[k] + window->start, sizeof(double) * live);
	memmove(window->played_at, window->played_at + window->start, sizeof(TimestampTz) * live);
	r->n = live;
	window->start = 0;
}

void
predict_window_add(PredictWindow *window, TimestampTz played_at, double z, double z_context,
				   double length, double outcome, double level, double native)
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
	}
	window->played_at[r->n] = played_at;
	append(r, z, z_context, length, outcome, level, native);
}

void
predict_window_drop(PredictWindow *window, TimestampTz from)
{
	while (window->start < window->record.n && window->played_at[window->start] < from)
		window->start++;
}

/* The records in the window, as a record of their own (no copy); false when none. */
static bool
window_records(const PredictWindow *window, PredictRecord *in_window)
{
	const PredictRecord *r = &window->record;
	int64		s = window->start;

	if (r->n == s)
		return false;			/* nothing to fit (and the arrays may be NULL) */
	*in_window = *r;
	in_window->n = in_window->capacity = r->n - s;
	in_window->z += s;
	in_window->z_context += s;
	in_window->length += s;
	in_window->outcome += s;
	if (r->draw_inputs)
	{
		in_window->level += s;
		in_window->native += s;
	}
	return true;
}

double
predict_window_fit(const PredictWindow *window, bool normal, PredictParams *params,
				   int max_passes)
{
	PredictRecord in_window;

	if (!window_records(window, &in_window))
		return NAN;
	return predict_fit(&in_window, normal, params, max_passes);
}

double
predict_window_drawn_fit(const PredictWindow *window, const PredictDrawn *how,
						 PredictParams *params, int max_evaluations)
{
	PredictRecord in_window;

	if (!window_records(window, &in_window))
		return NAN;
	predict_start_draw_param(&in_window, how, params);
	return predict_drawn_fit(&in_window, how, params, max_evaluations);
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

/* Between the passes of a three-way fit: a cancel takes effect there. */
static int
poll_interrupts(void *ctx)
{
	CHECK_FOR_INTERRUPTS();
	return 0;
}

/* The record as the core's data, and params as its theta, searched, lo and hi. */
static sk_draw_fit_data
draw_fit_data(const PredictRecord *record, const PredictDrawn *how)
{
	sk_draw_fit_data d = {.normal = how->normal, .model = replay_core_draw_model(how->model),
		.n = (long) record->n, .z = record->z, .z_context = record->z_context,
		.length = record->length, .outcome = record->outcome, .level = record->level,
		.margin = how->model == DRAW_MODEL_NATIVE ? record->native : NULL,
	.expected = !how->three_way};

	Assert(record->draw_inputs || record->n == 0);
	return d;
}

/* Where each parameter of the core's theta is in params (the draw model's own key). */
static void
theta_index(ReplayDrawModel model, int *index)
{
	index[SK_DRAW_FIT_SCALE] = PREDICT_SCALE;
	index[SK_DRAW_FIT_WEIGHT] = PREDICT_CONTEXT_WEIGHT;
	index[SK_DRAW_FIT_EXPONENT] = PREDICT_LENGTH_EXPONENT;
	index[SK_DRAW_FIT_PARAM] = model == DRAW_MODEL_DAVIDSON ? PREDICT_DRAW_NU : PREDICT_DRAW_MARGIN;
	index[SK_DRAW_FIT_SLOPE] = PREDICT_DRAW_RATE_SLOPE;
}

static void
theta_of(const PredictParams *params, ReplayDrawModel model, double *theta)
{
	int			index[SK_DRAW_FIT_THETA];
	int			k;

	theta_index(model, index);
	for (k = 0; k < SK_DRAW_FIT_THETA; k++)
		theta[k] = params->value[index[k]];
}

double
predict_drawn_one(const PredictRecord *record, const PredictDrawn *how,
				  const PredictParams *params, int64 i)
{
	sk_draw_fit_data d = draw_fit_data(record, how);
	double		theta[SK_DRAW_FIT_THETA];

	theta_of(params, how->model, theta);
	return sk_draw_fit_one(&d, theta, (long) i);
}

double
predict_drawn_loss(const PredictRecord *record, const PredictDrawn *how,
				   const PredictParams *params)
{
	sk_draw_fit_data d = draw_fit_data(record, how);
	double		theta[SK_DRAW_FIT_THETA];

	theta_of(params, how->model, theta);
	return sk_draw_fit_loss(&d, theta);
}

double
predict_drawn_fit(const PredictRecord *record, const PredictDrawn *how, PredictParams *params,
				  int max_evaluations)
{
	sk_draw_fit_data d = draw_fit_data(record, how);
	double		theta[SK_DRAW_FIT_THETA],
				lo[SK_DRAW_FIT_THETA],
				hi[SK_DRAW_FIT_THETA],
				loss;
	int			index[SK_DRAW_FIT_THETA],
				searched[SK_DRAW_FIT_THETA];
	int			k;

	theta_index(how->model, index);
	for (k = 0; k < SK_DRAW_FIT_THETA; k++)
	{
		theta[k] = params->value[index[k]];
		searched[k] = params->searched[index[k]];
		lo[k] = params->low[index[k]];
		hi[k] = params->high[index[k]];
	}
	if (sk_draw_fit(&d, searched, lo, hi, max_evaluations, poll_interrupts, NULL, theta,
					&loss) != SK_OK)
		return sk_draw_fit_loss(&d, theta);
	for (k = 0; k < SK_DRAW_FIT_THETA; k++)
		params->value[index[k]] = theta[k];
	return loss;
}

void
predict_start_draw_param(const PredictRecord *record, const PredictDrawn *how,
						 PredictParams *params)
{
	int			k = how->model == DRAW_MODEL_DAVIDSON ? PREDICT_DRAW_NU : PREDICT_DRAW_MARGIN;
	int64		draws = 0,
				i;

	if (!params->searched[k] || params->value[k] != 0 || record->n == 0)
		return;
	for (i = 0; i < record->n; i++)
		draws += record->outcome[i] == 0.5;
	params->value[k] = Min(Max(sk_draw_even_param(how->normal, replay_core_draw_model(how->model),
												  (double) draws / record->n),
							   params->low[k]), params->high[k]);
}
