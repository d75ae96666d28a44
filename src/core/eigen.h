/*
 * eigen.h - eigenvalues and eigenvectors of a small symmetric matrix
 * (the fitter's Hessians: which combinations of parameters the data
 * cannot tell apart).
 */
#ifndef SKILL_CORE_EIGEN_H
#define SKILL_CORE_EIGEN_H

/*
 * The eigenvalues of the n x n row-major symmetric matrix a (row length
 * stride) into values, and the unit eigenvectors into the columns of
 * vectors (n x n, row length stride): a = V diag(values) V^T.  a is
 * overwritten.  Cyclic Jacobi rotations, accurate to rounding for n of
 * the tens.
 */
void		sk_symmetric_eigen(int n, int stride, double *a, double *values, double *vectors);

#endif
