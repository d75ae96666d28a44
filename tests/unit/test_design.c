/*
 * test_design.c - the Halton start points (design.c) against their
 * definition worked by hand, and their spread.
 */
#include "unit.h"

#include "design.h"

int
main(void)
{
	double		u[SK_DESIGN_MAX_DIMENSIONS];
	int			j,
				i;

	/* 1 = 1 (base 2) -> 0.1 = 1/2; base 3: 1/3. */
	sk_design_point(1, 2, u);
	CHECK_CLOSE(u[0], 0.5, 0);
	CHECK_CLOSE(u[1], 1.0 / 3, 1e-16);
	/* 6 = 110 (base 2) -> 0.011 = 3/8; 6 = 20 (base 3) -> 0.02 = 2/9; base 5: 11 -> 0.11 = 6/25. */
	sk_design_point(6, 3, u);
	CHECK_CLOSE(u[0], 3.0 / 8, 0);
	CHECK_CLOSE(u[1], 2.0 / 9, 1e-16);
	CHECK_CLOSE(u[2], 6.0 / 25, 1e-16);
	/* The 16th coordinate, base 53: 54 = 11 -> 1/53 + 1/53^2. */
	sk_design_point(54, 16, u);
	CHECK_CLOSE(u[15], 1.0 / 53 + 1.0 / (53.0 * 53), 1e-16);

	/* Inside the open box, and the first 7 points of base 2 fill its eighths once each. */
	{
		int			eighths[8] = {0};
		int			inside = 1;

		for (j = 1; j <= 7; j++)
		{
			sk_design_point((unsigned) j, SK_DESIGN_MAX_DIMENSIONS, u);
			for (i = 0; i < SK_DESIGN_MAX_DIMENSIONS; i++)
				inside &= u[i] > 0 && u[i] < 1;
			eighths[(int) (u[0] * 8)]++;
		}
		CHECK(inside);
		CHECK(eighths[0] == 0);
		for (i = 1; i < 8; i++)
			CHECK(eighths[i] == 1);
	}
	UNIT_DONE("design");
}
