/*
 * eigen.c - eigenvalues and eigenvectors by cyclic Jacobi rotations
 * (eigen.h): each rotation zeroes one off-diagonal entry, and sweeps over
 * all of them until what is left off the diagonal is rounding.  Slow for
 * large n, but small and accurate for the few parameters of a fit, even
 * when eigenvalues are far apart in size (the near-singular Hessians it is
 * for).
 */
#include <math.h>

#include "eigen.h"

#define MAX_SWEEPS 100

#define A(i, j) a[(i) * stride + (j)]
#define V(i, j) vectors[(i) * stride + (j)]

static double
off_diagonal(int n, int stride, const double *a)
{
	double		sum = 0;
	int			i,
				j;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			sum += A(i, j) * A(i, j);
	return sum;
}

/* The rotation in the (p, q) plane that zeroes A(p, q), applied to a and V. */
static void
rotate(int n, int stride, double *a, double *vectors, int p, int q)
{
	double		theta = (A(q, q) - A(p, p)) / (2 * A(p, q)),
				t = (theta >= 0 ? 1 : -1) / (fabs(theta) + sqrt(theta * theta + 1)),
				c = 1 / sqrt(t * t + 1),
				s = t * c;
	int			k;

	for (k = 0; k < n; k++)
	{
		double		akp = A(k, p),
					akq = A(k, q);

		A(k, p) = c * akp - s * akq;
		A(k, q) = s * akp + c * akq;
	}
	for (k = 0; k < n; k++)
	{
		double		apk = A(p, k),
					aqk = A(q, k);

		A(p, k) = c * apk - s * aqk;
		A(q, k) = s * apk + c * aqk;
	}
	A(p, q) = A(q, p) = 0;
	for (k = 0; k < n; k++)
	{
		double		vkp = V(k, p),
					vkq = V(k, q);

		V(k, p) = c * vkp - s * vkq;
		V(k, q) = s * vkp + c * vkq;
	}
}

void
sk_symmetric_eigen(int n, int stride, double *a, double *values, double *vectors)
{
	double		norm = 0;
	int			sweep,
				i,
				j;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
		{
			V(i, j) = i == j ? 1 : 0;
			norm += A(i, j) * A(i, j);
		}
	for (sweep = 0; sweep < MAX_SWEEPS && off_diagonal(n, stride, a) > 1e-30 * norm; sweep++)
		for (i = 0; i < n; i++)
			for (j = i + 1; j < n; j++)
				if (A(i, j) != 0)
					rotate(n, stride, a, vectors, i, j);
	for (i = 0; i < n; i++)
		values[i] = A(i, i);
}
