/*
 * unit.h - a very small test harness for the plain-C rating core.
 *
 * Each tests/unit/test_*.c file is its own program: it calls the checks
 * below from main() and ends with UNIT_DONE(), which prints the suite's
 * "N passed, N failed" line and returns non-zero on any failure.  The
 * suite runner (tests/unit/Makefile) builds and runs every such file.
 */
#ifndef SKILL_TESTS_UNIT_H
#define SKILL_TESTS_UNIT_H

#include <math.h>
#include <stdio.h>

static int	unit_passed;
static int	unit_failed;

/* A plain truth check. */
#define CHECK(cond) \
	do { \
		if (cond) \
			unit_passed++; \
		else \
		{ \
			unit_failed++; \
			fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); \
		} \
	} while (0)

/* |got - want| <= tol, and got is a number (NaN never passes). */
#define CHECK_CLOSE(got, want, tol) \
	do { \
		double		unit_g_ = (got); \
		double		unit_w_ = (want); \
		if (!isnan(unit_g_) && fabs(unit_g_ - unit_w_) <= (tol)) \
			unit_passed++; \
		else \
		{ \
			unit_failed++; \
			fprintf(stderr, "FAIL %s:%d: %s = %.17g, want %.17g (tol %g)\n", \
					__FILE__, __LINE__, #got, unit_g_, unit_w_, (double) (tol)); \
		} \
	} while (0)

/* Print the suite's summary line; use as the last statement of main(). */
#define UNIT_DONE(suite) \
	do { \
		printf("%s: %d passed, %d failed\n", (suite), unit_passed, unit_failed); \
		return unit_failed == 0 ? 0 : 1; \
	} while (0)

#endif
