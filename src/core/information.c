/*
 * information.c - the covariance of estimates from the Hessian
 * (information.h).
 *
 * The Hessian is first scaled to unit diagonal, so that the test for a
 * confounded parameter does not depend on units; parameters join a
 * Cholesky factor one at a time, and one whose Schur complement (the share
 * of its curvature the others do not explain) is too small stays out.
 */
#include <math.h>
#include <string.h>

#include "information.h"

#include "cholesky.h"

#define N_MAX 16
#define LEFT_MIN 1e-9

sk_status
sk_covariance(int n, const double *H, double *cov, sk_identified *state)
{
	double		scale[N_MAX],
				L[N_MAX][N_MAX],
				inv[N_MAX][N_MAX];
	int			in[N_MAX],
				m = 0,
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
		double		left;

		state[i] = SK_FLAT;
		if (!(H[i * n + i] > 0))
			continue;
		scale[i] = sqrt(H[i * n + i]);
		/* Row m of the factor, against the parameters already in. */
		for (j = 0; j < m; j++)
		{
			double		sum = H[i * n + in[j]] / (scale[i] * scale[in[j]]);

			for (k = 0; k < j; k++)
				sum -= L[m][k] * L[j][k];
			L[m][j] = sum / L[j][j];
		}
		left = 1;
		for (k = 0; k < m; k++)
			left -= L[m][k] * L[m][k];
		if (!(left > LEFT_MIN))
		{
			state[i] = SK_CONFOUNDED;
			continue;
		}
		L[m][m] = sqrt(left);
		in[m++] = i;
		state[i] = SK_IDENTIFIED;
	}
	/* The inverse, column by column of the identity. */
	for (j = 0; j < m; j++)
	{
		double		z[N_MAX];

		for (i = 0; i < m; i++)
			z[i] = i == j ? 1 : 0;
		sk_cholesky_solve(m, N_MAX, &L[0][0], z);
		for (i = 0; i < m; i++)
			inv[i][j] = z[i];
	}
	for (i = 0; i < m; i++)
		for (j = 0; j < m; j++)
			cov[in[i] * n + in[j]] = inv[i][j] / (scale[in[i]] * scale[in[j]]);
	return SK_OK;
}
