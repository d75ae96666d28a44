/*
 * radix_sort.h - a stable sort of records by a signed 64-bit key, as a
 * template: define the macros below, then include this file.
 *
 *	RS_SORT			name of the function to define
 *	RS_ELEMENT		record type
 *	RS_KEY(elem)	the record's int64 key
 *
 * The includer includes miscadmin.h (the passes check for interrupts).
 *
 * void RS_SORT(RS_ELEMENT *items, size_t n, RS_ELEMENT *scratch) sorts
 * items by key, keeping the input order among equal keys; scratch holds n
 * records.  It is a least-significant-digit radix sort over 11-bit digits
 * that skips every digit all keys share, so ids below 4 million take two
 * passes over the records; fewer than RS_SMALL records are insertion-sorted.
 * Both uses (players by id, a Glicko-2 period's games by player) sort up
 * to millions of records, where a comparison sort costs several times as
 * much, and the games must stay in arrival order.
 */
#define RS_DIGIT_BITS 11
#define RS_DIGITS ((64 + RS_DIGIT_BITS - 1) / RS_DIGIT_BITS)
#define RS_BUCKETS (1 << RS_DIGIT_BITS)
#define RS_SMALL 64

/* Keys as unsigned with the sign bit flipped, so negative ids come first. */
#define RS_DIGIT(elem, d) \
	((size_t) ((((uint64) RS_KEY(elem)) ^ (UINT64CONST(1) << 63)) >> ((d) * RS_DIGIT_BITS)) & \
	 (RS_BUCKETS - 1))

static void
RS_SORT(RS_ELEMENT *items, size_t n, RS_ELEMENT *scratch)
{
	size_t	   *count;
	RS_ELEMENT *from = items,
			   *to = scratch;
	size_t		i;
	int			d;

	/*
	 * A few records (a short Glicko-2 period, a small replay): a stable
	 * insertion sort, rather than clearing 96 kB of digit counts each time.
	 */
	if (n < RS_SMALL)
	{
		for (i = 1; i < n; i++)
		{
			RS_ELEMENT	x = items[i];
			size_t		j = i;

			for (; j > 0 && RS_KEY(&items[j - 1]) > RS_KEY(&x); j--)
				items[j] = items[j - 1];
			items[j] = x;
		}
		return;
	}

	count = palloc0(sizeof(size_t) * RS_DIGITS * RS_BUCKETS);
	for (i = 0; i < n; i++)
	{
		if ((i & 0xFFFF) == 0)
			CHECK_FOR_INTERRUPTS();
		for (d = 0; d < RS_DIGITS; d++)
			count[d * RS_BUCKETS + RS_DIGIT(&items[i], d)]++;
	}

	for (d = 0; d < RS_DIGITS; d++)
	{
		size_t	   *c = &count[d * RS_BUCKETS];
		size_t		sum = 0;
		RS_ELEMENT *swap;
		int			b;

		if (c[RS_DIGIT(&from[0], d)] == n)
			continue;			/* every key has this digit: nothing moves */
		for (b = 0; b < RS_BUCKETS; b++)
		{
			size_t		here = c[b];

			c[b] = sum;
			sum += here;
		}
		for (i = 0; i < n; i++)
		{
			if ((i & 0xFFFF) == 0)
				CHECK_FOR_INTERRUPTS();
			to[c[RS_DIGIT(&from[i], d)]++] = from[i];
		}
		swap = from;
		from = to;
		to = swap;
	}
	if (from != items)
		memcpy(items, from, sizeof(RS_ELEMENT) * n);
	pfree(count);
}

#undef RS_DIGIT
#undef RS_BUCKETS
#undef RS_SMALL
#undef RS_DIGITS
#undef RS_DIGIT_BITS
#undef RS_SORT
#undef RS_ELEMENT
#undef RS_KEY
