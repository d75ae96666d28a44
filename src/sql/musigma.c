/*
 * musigma.c - reading the IMS "musigma" data point (musigma.h).
 */
#include "sql/musigma.h"

#include <limits.h>

#include "sql/jsonb_args.h"
#include "sql/skill.h"

#include "core/matchmaking.h"

/* The IMS docs' recommended values ("Tuning", "Musigma Data Point"). */
#define IMS_DEFAULT_MU		30.0
#define IMS_DEFAULT_SIGMA	10.0
#define IMS_DEFAULT_BETA	5.0
#define IMS_DEFAULT_FLOOR	0.5
#define IMS_DEFAULT_WEIGHT	1.0

/*
 * The keys the IMS docs give a data point, its config and its musigma
 * object; a misspelt key ("maxMuWieght") is an error, not a default.
 */
static const char *const entry_keys[] = {"config", "extension", "floor", "name", "weight"};
static const char *const config_keys[] = {"musigma"};
static const char *const musigma_keys[] = {
	"path", "mu", "sigma", "beta", "maxMuWeight", "medMuWeight", "ordinalDeviations",
	"maxBeta", "buckets", "bucketDuration",
	/* the musigma object alone: the entry's floor and weight beside it */
	"floor", "weight"
};

static const char *
string_of(JsonbValue *v)
{
	return v->type == jbvString ? pnstrdup(v->val.string.val, v->val.string.len) : NULL;
}

/* The musigma object of a data point, or the object itself; *path names it. */
static JsonbContainer *
musigma_object(Jsonb *data_point, const char *arg, const char **path)
{
	JsonbContainer *root = &data_point->root;
	JsonbValue *config = container_get(root, "config");
	JsonbValue *extension = container_get(root, "extension");
	JsonbValue *musigma;
	JsonbContainer *config_object;
	JsonbContainer *object;

	*path = arg;
	if (config == NULL)
	{
		check_known_object_keys(root, musigma_keys, lengthof(musigma_keys), arg);
		return root;
	}
	check_known_object_keys(root, entry_keys, lengthof(entry_keys), arg);
	if (extension != NULL)
	{
		const char *name = string_of(extension);

		if (name == NULL || strcmp(name, "musigma") != 0)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("%s.extension must be \"musigma\"", arg),
					 errdetail("Only the skill data point (extension \"musigma\") is read here.")));
	}
	config_object = jsonb_object_value(config, psprintf("%s.config", arg));
	musigma = container_get(config_object, "musigma");
	*path = psprintf("%s.config.musigma", arg);
	if (musigma == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s is missing", *path)));
	check_known_object_keys(config_object, config_keys, lengthof(config_keys),
							psprintf("%s.config", arg));
	object = jsonb_object_value(musigma, *path);
	/* floor and weight belong to the entry, beside config */
	check_known_object_keys(object, musigma_keys, lengthof(musigma_keys) - 2, *path);
	return object;
}

void
musigma_read(Jsonb *data_point, const char *arg, MusigmaConfig *out)
{
	JsonbContainer *m;
	JsonbValue *max_beta;
	const char *path;

	check_object(data_point, arg);
	m = musigma_object(data_point, arg, &path);
	out->mu = jsonb_number_or(m, path, "mu", IMS_DEFAULT_MU);
	out->sigma = jsonb_number_or(m, path, "sigma", IMS_DEFAULT_SIGMA);
	check_positive(psprintf("%s.sigma", path), out->sigma);
	out->max_mu_weight = jsonb_number_or(m, path, "maxMuWeight", SK_MM_DEFAULT_MAX_MU_WEIGHT);
	out->med_mu_weight = jsonb_number_or(m, path, "medMuWeight", SK_MM_DEFAULT_MED_MU_WEIGHT);
	out->ordinal_deviations = jsonb_number_or(m, path, "ordinalDeviations",
											  SK_MM_DEFAULT_ORDINAL_DEVIATIONS);
	check_party_weights(psprintf("%s.maxMuWeight", path), out->max_mu_weight,
						psprintf("%s.medMuWeight", path), out->med_mu_weight,
						psprintf("%s.ordinalDeviations", path), out->ordinal_deviations);

	/* A fixed window (beta), or one widening with the wait (IMS "Buckets"). */
	max_beta = container_get(m, "maxBeta");
	out->widening = max_beta != NULL;
	out->beta = jsonb_number_or(m, path, "beta", IMS_DEFAULT_BETA);
	check_positive(psprintf("%s.beta", path), out->beta);
	if (out->widening)
	{
		JsonbValue *buckets = container_get(m, "buckets");
		JsonbValue *duration = container_get(m, "bucketDuration");

		if (container_get(m, "beta") != NULL)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("%s must not have both beta and maxBeta", path),
					 errdetail("Give beta for a fixed skill window, or maxBeta, buckets and bucketDuration for one that widens with the wait.")));
		if (buckets == NULL || duration == NULL)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("%s has maxBeta but not both buckets and bucketDuration", path)));
		out->max_beta = jsonb_number(max_beta, psprintf("%s.maxBeta", path));
		check_positive(psprintf("%s.maxBeta", path), out->max_beta);
		out->buckets = jsonb_whole(buckets, psprintf("%s.buckets", path), 1, INT_MAX);
		out->bucket_seconds = jsonb_number(duration, psprintf("%s.bucketDuration", path));
		check_positive(psprintf("%s.bucketDuration", path), out->bucket_seconds);
	}

	/* floor and weight belong to the data point, beside config. */
	out->floor = jsonb_number_or(&data_point->root, arg, "floor", IMS_DEFAULT_FLOOR);
	out->weight = jsonb_number_or(&data_point->root, arg, "weight", IMS_DEFAULT_WEIGHT);
	check_positive(psprintf("%s.weight", arg), out->weight);
}

double
musigma_beta(const MusigmaConfig *config, double waited_seconds)
{
	double		beta;

	if (!config->widening)
		return config->beta;
	report_core_status(sk_mm_window_beta(waited_seconds, config->max_beta, config->buckets,
										 config->bucket_seconds, &beta, NULL),
					   "window_beta");
	return beta;
}
