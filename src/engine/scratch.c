/*
 * scratch.c - per-match arrays grown to the largest match (scratch.h).
 */
#include "engine/scratch.h"

void
scratch_grow(MemoryContext mcxt, const ScratchArray *arrays, int count, int *capacity, int n)
{
	int			i;

	if (n <= *capacity)
		return;
	n = Max(n, *capacity * 2);
	for (i = 0; i < count; i++)
	{
		if (*capacity > 0)
			pfree(*arrays[i].array);
		*arrays[i].array = MemoryContextAlloc(mcxt, arrays[i].element * (n + arrays[i].extra));
	}
	*capacity = n;
}

void *
scratch_buffer(MemoryContext mcxt, void **buffer, Size *size, Size bytes)
{
	if (bytes > *size)
	{
		if (*buffer)
			pfree(*buffer);
		*size = Max(bytes, *size * 2);
		*buffer = MemoryContextAlloc(mcxt, *size);
	}
	return *buffer;
}
