/*
 * musigma.h - the IMS matchmaker queue's "musigma" data point
 * (dataPoints[] of a queue configuration), read from jsonb so a queue's
 * settings can be copied across as they are.
 */
#ifndef SKILL_SQL_MUSIGMA_H
#define SKILL_SQL_MUSIGMA_H

#include "engine/pg_compat.h"

#include "utils/jsonb.h"

typedef struct MusigmaConfig
{
	double		mu;				/* default mu of a player without one */
	double		sigma;			/* default sigma, > 0 */
	double		beta;			/* fixed skill window, > 0; unused if widening */
	bool		widening;		/* maxBeta/buckets/bucketDuration given */
	double		max_beta;
	int			buckets;
	double		bucket_seconds;
	double		max_mu_weight;
	double		med_mu_weight;
	double		ordinal_deviations;
	double		floor;			/* the data point's floor (skill_floor) */
	double		weight;			/* the data point's weight (skill_weight), > 0 */
} MusigmaConfig;

/*
 * Reads either a whole data point ({"extension": "musigma", "config":
 * {"musigma": {...}}, "floor": .., "weight": ..}) or the musigma object
 * alone; absent keys take the IMS docs' recommended values.  Errors name
 * the JSON path under arg.
 */
extern void musigma_read(Jsonb *data_point, const char *arg, MusigmaConfig *out);

/* The skill window of a ticket that has waited this long (seconds). */
extern double musigma_beta(const MusigmaConfig *config, double waited_seconds);

#endif
