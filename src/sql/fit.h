/*
 * fit.h - what the parts of skill.fit share: its settings, the searched
 * parameters, and one replay's scores.
 *
 *   fit_sql.c          the SQL function: arguments, checks, the result
 *   fit_objective.c    one evaluation: a replay from memory, scored
 *   fit_search.c       the search, from one start or several
 *   fit_information.c  standard errors from the Hessian at the optimum
 *   fit_ttt.c          the whole-history system ttt: its search and evaluations
 */
#ifndef SKILL_SQL_FIT_H
#define SKILL_SQL_FIT_H

#include "engine/compact.h"
#include "engine/predict_fit.h"
#include "core/quasi_newton.h"

#include "lib/stringinfo.h"
#include "portability/instr_time.h"

#define FIT_MAX_PARAMS 16
#define FIT_MAX_STARTS 64

/* Log-loss of one set of predictions, summed. */
typedef struct LogLoss
{
	double		sum;
	int64		n;
} LogLoss;

typedef struct FitSettings
{
	Jsonb	   *family_options;	/* fixed options of the family (may be NULL) */
	bool		has_train_until;
	TimestampTz train_until;
	bool		has_held_out_until; /* the held-out matches end before it */
	TimestampTz held_out_until;
	bool		has_score_from;
	TimestampTz score_from;
	int			experienced;	/* score only players with this many earlier matches */
	int			max_evaluations;	/* replays of the search; 0: the default */
	int			starts;			/* searches: the options' point, then a design's */
	double		max_seconds;	/* of the search; 0: no limit */
	int			progress_level; /* elevel of each evaluation's report */
	bool		coordinate;		/* the coordinate search of versions before 1.0 */
	bool		three_way;		/* objective three_way: the chance of a win, a draw or a loss */
} FitSettings;

/* Per-match held-out losses of one evaluation, for the paired comparison. */
typedef struct HeldOutLosses
{
	MemoryContext mcxt;
	double	   *loss;
	int64		n;
	int64		capacity;
} HeldOutLosses;

struct FitTtt;

typedef struct FitContext
{
	const ReplayFamily *family; /* NULL for ttt */
	const char *system;			/* the result's name of it */
	struct FitTtt *ttt;			/* ttt's history and options; NULL for a family */
	CompactRows *rows;
	FitSettings settings;
	/* The parameters searched by replays. */
	int			n_params;
	int			index[FIT_MAX_PARAMS];	/* option indexes */
	const char *names[FIT_MAX_PARAMS];
	double		lo[FIT_MAX_PARAMS];
	double		hi[FIT_MAX_PARAMS];
	/* Prediction-only parameters, fitted on each replay's record. */
	bool		has_predict;
	bool		normal_link;
	ReplayDrawModel draw_model; /* the system's option draw_model */
	/*
	 * The records are scored by the draw model's chances (objective
	 * three_way, or a draw model in force), else by the family's one
	 * chance (core/adjust.h, bit for bit as without draw models).
	 */
	bool		drawn;
	PredictDrawn drawn_how;
	PredictParams predict_start;
	PredictParams predict;		/* the best of the last evaluation */
	bool		predict_warm;	/* predict holds an earlier fit to start from */
	PredictRecord train_record;
	PredictRecord held_out_record;
	/* The last evaluation. */
	MemoryContext eval_cxt;
	LogLoss		train;
	LogLoss		held_out;
	int64		draws;			/* scored matches drawn */
	bool		has_last;
	double		last_x[FIT_MAX_PARAMS];
	double		last_loss;
	/*
	 * Score the held-out matches, and keep their per-match losses: for the
	 * start and the final replay only, not the search's or the Hessian's.
	 */
	bool		score_held_out;
	HeldOutLosses held_out_losses;
	/* Counts and the clock. */
	int			evaluations;	/* replays of the search */
	int			refused;		/* of those, points the system refused */
	int			current_start;	/* 1 for the options' point, then the design's */
	instr_time	start;
} FitContext;

/* Where one start's search ended, or an optimum of several. */
typedef struct FitOptimum
{
	double		loss;			/* mean train log-loss */
	double		x[FIT_MAX_PARAMS];
	PredictParams predict;
	bool		converged;
	sk_qn_reason reason;
	int			starts;			/* that ended in it */
	int			start;			/* an end's start (1: the options' point) */
	uint64		which;			/* bit j - 1: start j ended in it */
} FitOptimum;

/* The search's outcome. */
typedef struct FitSearch
{
	sk_qn_result result;		/* the best start's, with the counts of all */
	int			starts;			/* asked */
	int			run;			/* begun (the budget or time may end them early) */
	int			refused;		/* design points the system refused */
	int			evaluations;
	int			gradient_evaluations;
	int			iterations;
	int			n_ends;
	FitOptimum	ends[FIT_MAX_STARTS];
	int			n_optima;		/* the ends grouped, best first */
	FitOptimum	optima[FIT_MAX_STARTS];
} FitSearch;

/*
 * The search from x (the options' point), and from the design's points
 * with the option starts; x receives the best point found.
 */
extern void fit_search(FitContext *fc, double *x, FitSearch *s);

/* The result's stop_reason. */
extern const char *fit_stop_reason(const FitSearch *s);

/* The result's "starts" object, with more than one start. */
extern void fit_append_starts(StringInfo buf, const FitContext *fc, const FitSearch *s);

/*
 * The parameters at x with the prediction-only values p as JSON members,
 * or only the names of those on a bound.
 */
extern void fit_append_parameters(StringInfo buf, const FitContext *fc, const double *x,
								  const PredictParams *p, bool on_bound_only);

extern double fit_seconds_since(instr_time start);

/* One scored match's loss on the objective of fit (its settings' three_way). */
extern double fit_match_loss(const FitContext *fc, const ReplayResult *r, double outcome);

/*
 * Whether a two-team match played at played_at, whose players have at
 * least min_before earlier matches, is scored, and whether held out.
 */
extern bool fit_scores_match(const FitContext *fc, TimestampTz played_at, int min_before,
							 bool *held_out);

/* One scored match's loss added to the train or held-out score. */
extern void fit_add_loss(FitContext *fc, bool held_out, double loss);

/* Scores a replay's two-team matches into fc (the ReplayState's emit callback). */
extern void fit_emit(ReplayState *state, const ReplayResult *r);

/*
 * Mean train log-loss at x, the prediction-only parameters fitted on the
 * replay's record; NaN where the system refuses x (only when guarded: else
 * its error is raised).  A repeat of the last x costs nothing.
 */
extern double fit_evaluate(FitContext *fc, const double *x, bool guarded);

/* Replays x again (not counted) for its scores and records, after the search. */
extern void fit_rescore(FitContext *fc, const double *x);

/*
 * The train log-likelihood's negative (summed log-loss) at x and each of
 * the m prediction points p[k] (values of the PREDICT_* parameters, in order):
 * out[k].  One replay, never counted as a search evaluation.  False when
 * the system refuses x.
 */
extern bool fit_losses_at(FitContext *fc, const double *x, int m,
						  const double (*p)[PREDICT_PARAMS], double *out);

/* The same at m more prediction points, on the last replay's record: no replay. */
extern void fit_record_losses(FitContext *fc, int m, const double (*p)[PREDICT_PARAMS],
							  double *out);

extern double mean_loss(const LogLoss *l);

/*
 * The last replay's per-match held-out losses (under the prediction
 * values p where prediction-only parameters are fitted) into out.
 */
extern void fit_held_out_losses(FitContext *fc, const PredictParams *p, HeldOutLosses *out);

/*
 * Reports an evaluation at the progress level: its train loss, x and the
 * prediction-only values fitted with it.
 */
extern void fit_report_evaluation(const FitContext *fc, const double *x, double loss);

/* v as a JSON number, or null where it is not finite. */
extern void fit_append_number(StringInfo buf, double v);

/* Whether v lies on (within 1e-6 of the interval from) a bound of [lo, hi]. */
extern bool fit_on_bound(double v, double lo, double hi);

/*
 * Standard errors at the optimum x (prediction-only values in fc->predict)
 * from the observed information, into the result being built; *replays
 * receives the replays it took.
 */
extern void fit_information(FitContext *fc, const double *x, StringInfo buf, int *replays);

/*
 * fit_sql.c: reads search, {"name": [low, high], ...}, into fc's
 * parameters key by key: index names the key's option (an error for one
 * that cannot be searched), accept checks its bounds and says whether it is
 * a parameter of the search (false: the caller keeps it otherwise, as
 * fit's prediction-only keys).  No parameter at all (and no prediction
 * key) is an error whose hint shows example.
 */
typedef struct FitSearchKeys
{
	int			(*index) (const FitContext *fc, const char *name, void *arg);
	bool		(*accept) (FitContext *fc, int index, const char *name, double lo, double hi,
						   void *arg);
	void	   *arg;
	const char *example;
} FitSearchKeys;

extern void fit_read_search(FitContext *fc, Jsonb *search, const FitSearchKeys *keys);

/*
 * fit_ttt.c: ttt's search (sigma, beta, gamma, p_draw), its start in x
 * and its rows, read once; then each evaluation at x, scored into fc.
 */
extern void fit_ttt_setup(FunctionCallInfo fcinfo, FitContext *fc, text *rows, Jsonb *search,
						  double *x);
extern void fit_ttt_evaluate(FitContext *fc, const double *x);

#endif
