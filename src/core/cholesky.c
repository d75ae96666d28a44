/*
 * cholesky.c - Cholesky factor and solves (cholesky.h).
 */
#include <math.h>

#include "cholesky.h"

int
sk_cholesky(int n, int stride, double *a)
{
	int			i,
				j,
				k;

	for (i = 0; i < n; i++)
		for (j = 0; j <= i; j++)
		{
			double		sum = a[i * stride + j];

			for (k = 0; k < j; k++)
				sum -= a[i * stride + k] * a[j * stride + k];
			if (i == j)
			{
				if (!(sum > 0))
					return 0;
				a[i * stride + i] = sqrt(sum);
			}
			else
				a[i * stride + j] = sum / a[j * stride + j];
		}
	return 1;
}

void
sk_cholesky_solve(int n, int stride, const double *L, double *b)
{
	int			i,
				k;

	for (i = 0; i < n; i++)
	{
		double		sum = b[i];

		for (k = 0; k < i; k++)
			sum -= L[i * stride + k] * b[k];
		b[i] = sum / L[i * stride + i];
	}
	for (i = n - 1; i >= 0; i--)
	{
		double		sum = b[i];

		for (k = i + 1; k < n; k++)
			sum -= L[k * stride + i] * b[k];
		b[i] = sum / L[i * stride + i];
	}
}
