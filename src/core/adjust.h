/*
 * adjust.h - the prediction's adjustments for match details, on a two-team
 * match's win probability p from a rating family:
 *
 *	 z = link^-1(p)                  (logit, or probit for normal links)
 *	 z = (1 - lambda) z + lambda z_c (z_c: the same from context ratings)
 *	 z = z * length^gamma            (best-of length)
 *	 p = link(a z)                   (a: predict_scale)
 *
 * and fitting a (and lambda, gamma) by maximum likelihood on recorded
 * pre-match quantities, so that parameters touching only the prediction
 * need no replay.  For a walk-forward refit of a on the matches so far,
 * the (z, outcome) pairs are kept in fixed bins: memory does not grow
 * with the matches.
 */
#ifndef SKILL_CORE_ADJUST_H
#define SKILL_CORE_ADJUST_H

#include "status.h"

/* link^-1(p): logit(p) or Phi^-1(p), p clamped to [1e-15, 1 - 1e-15]. */
double		sk_adjust_unlink(int normal, double p);

/* link(z): 1 / (1 + e^-z) or Phi(z). */
double		sk_adjust_link(int normal, double z);

/* The mixed, length-scaled z before predict_scale (lambda in [0, 1]). */
double		sk_adjust_z(double z, double z_context, double lambda, double length, double gamma);

/* Pre-match quantities of n two-team matches: the fit's data. */
typedef struct sk_adjust_data
{
	int			normal;			/* link */
	long		n;
	const double *z;			/* n: from the overall ratings */
	const double *z_context;	/* n: from the context ratings (NaN: none, use z) */
	const double *length;		/* n: the match's length (1 when none) */
	const double *outcome;		/* n: 1, 0.5 or 0 for the first team */
} sk_adjust_data;

/*
 * Mean log-loss of link(a sk_adjust_z(...)) over the data (NaN for n = 0).
 */
double		sk_adjust_log_loss(const sk_adjust_data *d, double a, double lambda, double gamma);

/*
 * Fits the parameters theta = (a, lambda, gamma) marked in searched, each
 * within [lo, hi], by maximum likelihood over the data: Newton steps with
 * the Fisher information (iteratively reweighted least squares), halved
 * while the log-loss does not fall.  theta holds the start (the others
 * stay fixed) and receives the fit; *loss its mean log-loss.  Converges in
 * a few passes over the data from a near start.
 */
sk_status	sk_adjust_fit(const sk_adjust_data *d, const int *searched, const double *lo,
						  const double *hi, int max_passes, double *theta, double *loss);

/* A walk-forward refit of a: (z, outcome) pairs in fixed bins of z. */
#define SK_ADJUST_BINS 4001
#define SK_ADJUST_Z_MAX 10.0

typedef struct sk_adjust_bins
{
	double		n[SK_ADJUST_BINS];
	double		sum_z[SK_ADJUST_BINS];
	double		sum_o[SK_ADJUST_BINS];
	double		total;
} sk_adjust_bins;

void		sk_adjust_bins_init(sk_adjust_bins *b);
void		sk_adjust_bins_add(sk_adjust_bins *b, double z, double outcome);

/*
 * The a in [lo, hi] of least log-loss over the binned pairs (each bin at
 * its mean z); *a unchanged when the bins are empty.
 */
sk_status	sk_adjust_bins_fit(const sk_adjust_bins *b, int normal, double lo, double hi,
							   double *a);

#endif
