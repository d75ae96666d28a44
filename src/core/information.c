/*
 * information.c - the covariance of estimates from the Hessian
 * (information.h).
 *
 * The Hessian is first scaled to unit diagonal, so that what counts as
 * singular does not depend on units; its eigenvectors then show which
 * combinations of parameters the data cannot tell apart.  Leaving one
 * parameter of such a combination out, as earlier versions did, is right
 * only when the combination is exactly singular: when it is merely
 * ill-determined, the others' errors are then those with it held fixed,
 * several times too small.  The pseudo-inverse never holds anything fixed.
 */
#include <math.h>
#include <string.h>

#include "information.h"

#include "eigen.h"

#define N_MAX SK_INFORMATION_MAX
#define MATERIAL 1e-4			/* a squared share of a unit eigenvector */

/* The root of i's set (union-find over the parameters). */
static int
root(int *parent, int i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

/* Marks the parameters with a material part in eigenvector k as state, joined in one set. */
static void
mark_direction(int m, const double (*vec)[N_MAX], int k, const int *in, sk_identified st,
			   sk_identified *state, int *parent)
{
	int			first = -1,
				i;

	for (i = 0; i < m; i++)
		if (vec[i][k] * vec[i][k] > MATERIAL)
		{
			if (state[in[i]] != SK_NOT_MINIMUM)
				state[in[i]] = st;
			if (first < 0)
				first = in[i];
			else
				parent[root(parent, in[i])] = root(parent, first);
		}
}

/*
 * The parameters with positive curvature (in[0..m-1], their square roots
 * in scale) and the eigen-decomposition of their Hessian scaled to unit
 * diagonal; returns the largest eigenvalue.
 */
static double
scaled_eigen(int n, const double *H, int *in, int *m, double *scale, double *val,
			 double (*vec)[N_MAX])
{
	double		C[N_MAX][N_MAX],
				largest = 0;
	int			i,
				j;

	*m = 0;
	for (i = 0; i < n; i++)
		if (H[i * n + i] > 0)
		{
			scale[i] = sqrt(H[i * n + i]);
			in[(*m)++] = i;
		}
	for (i = 0; i < *m; i++)
		for (j = 0; j < *m; j++)
			C[i][j] = H[in[i] * n + in[j]] / (scale[in[i]] * scale[in[j]]);
	sk_symmetric_eigen(*m, N_MAX, &C[0][0], val, &vec[0][0]);
	for (i = 0; i < *m; i++)
		largest = fmax(largest, val[i]);
	return largest;
}

int
sk_weak_parameters(int n, const double *H, double share, int *weak)
{
	double		scale[N_MAX],
				vec[N_MAX][N_MAX],
				val[N_MAX],
				largest;
	int			in[N_MAX],
				m,
				count = 0,
				i,
				k;

	if (n < 0 || n > N_MAX)
		return 0;
	for (i = 0; i < n; i++)
		weak[i] = 0;
	largest = scaled_eigen(n, H, in, &m, scale, val, vec);
	for (k = 0; k < m; k++)
		if (!(val[k] > share * largest))
			for (i = 0; i < m; i++)
				if (vec[i][k] * vec[i][k] > MATERIAL && !weak[in[i]])
				{
					weak[in[i]] = 1;
					count++;
				}
	return count;
}

sk_status
sk_covariance(int n, const double *H, double *cov, sk_identified *state, int *group)
{
	double		scale[N_MAX],
				vec[N_MAX][N_MAX],
				val[N_MAX],
				largest;
	int			kept[N_MAX];
	int			in[N_MAX],
				parent[N_MAX],
				m,
				i,
				j,
				k;

	if (n < 0 || n > N_MAX)
		return SK_ERR_SIZE;
	for (i = 0; i < n * n; i++)
		if (!isfinite(H[i]))
			return SK_ERR_NOT_FINITE;
	for (i = 0; i < n * n; i++)
		cov[i] = NAN;
	for (i = 0; i < n; i++)
	{
		parent[i] = i;
		group[i] = -1;
		state[i] = H[i * n + i] > 0 ? SK_IDENTIFIED : SK_FLAT;
	}
	largest = scaled_eigen(n, H, in, &m, scale, val, vec);
	for (k = 0; k < m; k++)
	{
		kept[k] = val[k] > SK_SINGULAR_SHARE * largest;
		if (val[k] < -SK_SINGULAR_SHARE * largest)
			mark_direction(m, (const double (*)[N_MAX]) vec, k, in, SK_NOT_MINIMUM, state, parent);
		else if (!kept[k])
			mark_direction(m, (const double (*)[N_MAX]) vec, k, in, SK_CONFOUNDED, state, parent);
	}
	for (i = 0; i < n; i++)
		if (state[i] == SK_CONFOUNDED || state[i] == SK_NOT_MINIMUM)
		{
			/* The smallest index of the set: its root may be any member. */
			for (j = 0; j < n && group[i] < 0; j++)
				if ((state[j] == SK_CONFOUNDED || state[j] == SK_NOT_MINIMUM) &&
					root(parent, j) == root(parent, i))
					group[i] = j;
		}
	/* The pseudo-inverse over the kept directions, for the identified parameters. */
	for (i = 0; i < m; i++)
		for (j = 0; j < m; j++)
		{
			double		sum = 0;

			if (state[in[i]] != SK_IDENTIFIED || state[in[j]] != SK_IDENTIFIED)
				continue;
			for (k = 0; k < m; k++)
				if (kept[k])
					sum += vec[i][k] * vec[j][k] / val[k];
			cov[in[i] * n + in[j]] = sum / (scale[in[i]] * scale[in[j]]);
		}
	return SK_OK;
}
