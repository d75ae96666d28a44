/*
 * draw_args.h - the draw options of the per-match *_predict_win and
 * *_predict_draw functions: draw_model text, draw_margin float8 and
 * draw_nu float8 as consecutive named arguments (TrueSkill's with
 * draw_probability between draw_model and draw_margin).
 */
#ifndef SKILL_SQL_DRAW_ARGS_H
#define SKILL_SQL_DRAW_ARGS_H

#include "core/draws.h"

typedef struct DrawArgs
{
	sk_draw_model model;
	bool		native;			/* TrueSkill's own margin (model threshold) */
	double		param;			/* draw_margin or draw_nu; native: set by the caller */
} DrawArgs;

/* The optional-argument bits (OPTIONAL_ARG) of draw_margin and draw_nu. */
#define DRAW_ARGS_OPTIONAL(margin_argno) \
	(OPTIONAL_ARG(margin_argno) | OPTIONAL_ARG((margin_argno) + 1))

/*
 * Reads and checks draw_model at model_argno and draw_margin, draw_nu at
 * margin_argno and the next (NULL: not given).  'native' is accepted only
 * when allow_native; 'none' is refused when want_draw (a *_predict_draw
 * function), where it could only answer 0.  The caller has returned NULL
 * for a NULL draw_model.
 */
extern void draw_args_read(FunctionCallInfo fcinfo, int model_argno, int margin_argno,
						   bool allow_native, bool want_draw, DrawArgs *out);

/* The chances of a win, a draw and a loss at z (normal: a probit z). */
extern void draw_args_probs(const DrawArgs *args, bool normal, double z, double *win,
							double *draw, double *loss);

#endif
