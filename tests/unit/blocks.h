/*
 * blocks.h - an allocator for the cores that take one (sk_ttt_alloc): each
 * block zeroed and remembered, all freed by free_blocks() at the end of a
 * test, so that valgrind sees no leak.  For test files that use both.
 */
#ifndef SKILL_TESTS_BLOCKS_H
#define SKILL_TESTS_BLOCKS_H

#include <stdlib.h>

#define MAX_BLOCKS 256

static void *blocks[MAX_BLOCKS];
static int	n_blocks;

static void *
test_alloc(void *context, size_t bytes)
{
	(void) context;
	if (n_blocks == MAX_BLOCKS)
		return NULL;
	return blocks[n_blocks++] = calloc(1, bytes);
}

static void
free_blocks(void)
{
	while (n_blocks > 0)
		free(blocks[--n_blocks]);
}

#endif
