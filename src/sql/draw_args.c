/*
 * draw_args.c - the draw options of the per-match prediction functions
 * (draw_args.h).  A draw_margin or draw_nu that the draw model does not
 * use is an error rather than ignored, so a misspelt model cannot quietly
 * give the two-outcome chance.
 */
#include "sql/skill.h"

#include "utils/builtins.h"

#include "sql/draw_args.h"

static const char *
model_name(const DrawArgs *args)
{
	if (args->native)
		return "native";
	switch (args->model)
	{
		case SK_DRAW_THRESHOLD:
			return "threshold";
		case SK_DRAW_DAVIDSON:
			return "davidson";
		case SK_DRAW_NONE:
			break;
	}
	return "none";
}

static void
read_model(text *value, bool allow_native, DrawArgs *out)
{
	char	   *s = text_to_cstring(value);

	out->native = false;
	if (strcmp(s, "none") == 0)
		out->model = SK_DRAW_NONE;
	else if (strcmp(s, "threshold") == 0)
		out->model = SK_DRAW_THRESHOLD;
	else if (strcmp(s, "davidson") == 0)
		out->model = SK_DRAW_DAVIDSON;
	else if (strcmp(s, "native") == 0 && allow_native)
	{
		out->model = SK_DRAW_THRESHOLD;
		out->native = true;
	}
	else if (strcmp(s, "native") == 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("draw_model 'native' is TrueSkill's own draw margin"),
				 errdetail("Elo and the Glicko families have none: use 'threshold' with draw_margin or 'davidson' with draw_nu.")));
	else
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("draw_model must be one of: none, threshold, davidson%s",
						allow_native ? ", native" : ""),
				 errdetail("\"%s\" is none of them.", s)));
}

/* One of draw_margin, draw_nu: needed by exactly one model, refused by the others. */
static void
read_param(FunctionCallInfo fcinfo, int argno, const char *arg, sk_draw_model needed_by,
		   DrawArgs *out)
{
	bool		needed = out->model == needed_by && !out->native;

	if (PG_ARGISNULL(argno))
	{
		if (needed)
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("%s must be given with draw_model '%s'", arg, model_name(out)),
					 errdetail("There is no default: it is the draw rate of your data, fitted or chosen.")));
		return;
	}
	if (!needed)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s is not used by draw_model '%s'", arg, model_name(out)),
				 errdetail("draw_margin belongs to draw_model 'threshold', draw_nu to 'davidson': set the model that uses it.")));
	out->param = PG_GETARG_FLOAT8(argno);
	check_nonnegative(arg, out->param);
}

void
draw_args_read(FunctionCallInfo fcinfo, int model_argno, int margin_argno, bool allow_native,
			   bool want_draw, DrawArgs *out)
{
	read_model(PG_GETARG_TEXT_PP(model_argno), allow_native, out);
	if (want_draw && out->model == SK_DRAW_NONE)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("draw_model 'none' has no chance of a draw to predict"),
				 errhint("Use draw_model 'threshold' with draw_margin or 'davidson' with draw_nu%s.",
						 allow_native ? ", or 'native'" : "")));
	out->param = 0.0;
	read_param(fcinfo, margin_argno, "draw_margin", SK_DRAW_THRESHOLD, out);
	read_param(fcinfo, margin_argno + 1, "draw_nu", SK_DRAW_DAVIDSON, out);
}

void
draw_args_probs(const DrawArgs *args, bool normal, double z, double *win, double *draw,
				double *loss)
{
	report_core_status(sk_draw_probs(normal, args->model, z, args->param, win, draw, loss),
					   "draw_model");
}
