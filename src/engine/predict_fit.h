/*
 * predict_fit.h - fitting the parameters that touch only the prediction
 * (predict_scale, context_weight, length_exponent, and under a three-way
 * score the draw model's draw_margin or draw_nu and draw_rate_slope) by
 * maximum likelihood on the recorded pre-match quantities of a replay
 * (core/adjust.h, core/draw_fit.h), so that skill.fit does not replay the
 * history again for them.  The draw keys shape only the chances of a win,
 * a draw and a loss: the updates rate a draw as 0.5 whatever they are.
 */
#ifndef SKILL_ENGINE_PREDICT_FIT_H
#define SKILL_ENGINE_PREDICT_FIT_H

#include "engine/replay.h"

/* The prediction-only parameters, in this order. */
enum
{
	PREDICT_SCALE, PREDICT_CONTEXT_WEIGHT, PREDICT_LENGTH_EXPONENT,
	PREDICT_DRAW_MARGIN, PREDICT_DRAW_NU, PREDICT_DRAW_RATE_SLOPE, PREDICT_PARAMS
};

/* Each one's row among the details' options (DETAIL_*), in that order. */
extern const int predict_param_detail[PREDICT_PARAMS];

/* Parameter k's index in family's option table, and so its name. */
static inline int
predict_param_index(const ReplayFamily *family, int k)
{
	return family->details_at + predict_param_detail[k];
}

static inline const char *
predict_param_name(const ReplayFamily *family, int k)
{
	return family->options.specs[predict_param_index(family, k)].name;
}

/* The two-team matches a replay scored: their ReplayResult parts and outcomes. */
typedef struct PredictRecord
{
	MemoryContext mcxt;
	int64		n;
	int64		capacity;
	double	   *z;
	double	   *z_context;
	double	   *length;
	double	   *outcome;
	/* With draw_inputs: the draw model's inputs besides z (ReplayResult). */
	bool		draw_inputs;
	double	   *level;
	double	   *native;
} PredictRecord;

typedef struct PredictParams
{
	double		value[PREDICT_PARAMS];	/* fixed, or the start and then the best */
	bool		searched[PREDICT_PARAMS];
	double		low[PREDICT_PARAMS];
	double		high[PREDICT_PARAMS];
} PredictParams;

extern void predict_record_init(PredictRecord *record, MemoryContext mcxt);
extern void predict_record_add(PredictRecord *record, const ReplayResult *result, double outcome);

/* Mean log-loss of the record's predictions with the parameters' values. */
extern double predict_loss(const PredictRecord *record, bool normal, const PredictParams *params);

/*
 * Fits the searched parameters on the record (core: sk_adjust_fit, from
 * params' values, at most max_passes passes over it); returns the best
 * mean log-loss.
 */
extern double predict_fit(const PredictRecord *record, bool normal, PredictParams *params,
						  int max_passes);

/*
 * How a record's predictions are scored by a draw model's chances
 * (core/draw_fit.h): three-way, or the binary score of the expected
 * score win + draw/2.
 */
typedef struct PredictDrawn
{
	bool		normal;			/* link */
	ReplayDrawModel model;
	bool		three_way;
} PredictDrawn;

/*
 * The score of the record's predictions under the draw model (the record
 * has draw_inputs): one match's log-loss, the mean, and the fit of the
 * searched parameters (at most max_evaluations passes over the record)
 * returning the best mean.
 */
extern double predict_drawn_one(const PredictRecord *record, const PredictDrawn *how,
								const PredictParams *params, int64 i);
extern double predict_drawn_loss(const PredictRecord *record, const PredictDrawn *how,
								 const PredictParams *params);
extern double predict_drawn_fit(const PredictRecord *record, const PredictDrawn *how,
								PredictParams *params, int max_evaluations);

/*
 * A three-way fit's start for a searched draw_margin or draw_nu left at 0,
 * where no match is predicted drawn and the clamped log-loss of a draw is
 * flat: the value with which an even pair draws as often as the record's
 * matches do (within its bounds).  Others are left as they are.
 */
extern void predict_start_draw_param(const PredictRecord *record, const PredictDrawn *how,
									 PredictParams *params);

/*
 * The records of a sliding window of time, for a walk-forward refit on the
 * matches of the last interval only: each with its time, added in time
 * order; predict_window_drop drops those before a time.  Memory grows with
 * the matches of the widest window, not with the history (at most twice
 * that, since dropped records are reclaimed when the arrays are full).
 * With record.draw_inputs set before the first add, the records keep the
 * draw model's inputs too (level, native; else they are not read).
 */
typedef struct PredictWindow
{
	PredictRecord record;		/* records start .. record.n - 1 are in it */
	TimestampTz *played_at;		/* record.capacity */
	int64		start;
} PredictWindow;

extern void predict_window_init(PredictWindow *window, MemoryContext mcxt);
extern void predict_window_add(PredictWindow *window, TimestampTz played_at, double z,
							   double z_context, double length, double outcome, double level,
							   double native);

/* Drops the records played before from. */
extern void predict_window_drop(PredictWindow *window, TimestampTz from);

/*
 * predict_fit, or predict_drawn_fit from predict_start_draw_param's start,
 * over the records in the window; NaN and params unchanged when none.
 */
extern double predict_window_fit(const PredictWindow *window, bool normal,
								 PredictParams *params, int max_passes);
extern double predict_window_drawn_fit(const PredictWindow *window, const PredictDrawn *how,
									   PredictParams *params, int max_evaluations);

#endif
