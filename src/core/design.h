/*
 * design.h - start points spread over a box, for searches that look
 * beyond the basin of their first start.
 *
 * The points are a Halton sequence: coordinate i of point j is the
 * radical inverse of j in the i-th prime base.  Its first points already
 * cover the box evenly in every coordinate and every pair of low ones, it
 * needs no random numbers (a fit gives the same answer twice), and no
 * point of index >= 1 lies on a face of the box.
 */
#ifndef SKILL_CORE_DESIGN_H
#define SKILL_CORE_DESIGN_H

/* The design has this many coordinates at most (one prime base each). */
#define SK_DESIGN_MAX_DIMENSIONS 16

/*
 * Point index (>= 1) of the design in n <= SK_DESIGN_MAX_DIMENSIONS
 * coordinates, each in (0, 1), into u.
 */
void		sk_design_point(unsigned index, int n, double *u);

#endif
