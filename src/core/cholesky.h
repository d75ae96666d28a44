/*
 * cholesky.h - the Cholesky factor of a small symmetric positive definite
 * matrix, and solves with it (the fitter's BFGS steps and covariances).
 */
#ifndef SKILL_CORE_CHOLESKY_H
#define SKILL_CORE_CHOLESKY_H

/*
 * Replaces the lower triangle of the n x n row-major matrix a (row length
 * stride) by L with L L^T = a.  Returns 0 when a is not positive definite.
 */
int			sk_cholesky(int n, int stride, double *a);

/* Solves L L^T x = b in place (b becomes x), L from sk_cholesky. */
void		sk_cholesky_solve(int n, int stride, const double *L, double *b);

#endif
