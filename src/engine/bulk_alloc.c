/*
 * bulk_alloc.c - large allocations whose pages are mapped in one system call.
 *
 * A replay's big arrays (the player table, the sorted player list, the
 * result array) are fresh memory: glibc maps allocations of this size anew
 * and returns them to the kernel when freed, so every run touches them page
 * by page, one page fault each.  On virtual machines a fault is costly (11 us
 * measured on the benchmark VM, against about 0.6 us per page when mapped in
 * bulk), and faults were a third of a 100,000-match replay's time.
 * MADV_POPULATE_WRITE (Linux 5.14) maps a whole range at once; elsewhere,
 * when the kernel refuses, or in the portable build (SKILL_PORTABLE or
 * SKILL_PORTABLE_BULK_POPULATE, see src/sql/pg_internals.c), the pages are
 * faulted in on first use.
 */
#include "engine/bulk_alloc.h"

#include <sys/mman.h>
#include <unistd.h>

#include "miscadmin.h"
#include "utils/memutils.h"

#if defined(__linux__) && !defined(MADV_POPULATE_WRITE)
#define MADV_POPULATE_WRITE 23
#endif

/* Below this, the memory most likely comes from an already mapped block. */
#define BULK_MIN_BYTES ((Size) 256 * 1024)

static void
populate_pages(void *pointer, Size size)
{
#if defined(MADV_POPULATE_WRITE) && !defined(SKILL_PORTABLE) && !defined(SKILL_PORTABLE_BULK_POPULATE)
	static uintptr_t page = 0;	/* 4 kB on x86-64, up to 64 kB on arm64 */
	uintptr_t	start;
	uintptr_t	end;

	if (page == 0)
		page = (uintptr_t) sysconf(_SC_PAGESIZE);
	start = ((uintptr_t) pointer + page - 1) & ~(page - 1);
	end = ((uintptr_t) pointer + size) & ~(page - 1);

	/* Advice only: on failure the pages are simply faulted in on use. */
	if (end > start)
		(void) madvise((void *) start, end - start, MADV_POPULATE_WRITE);
#endif
}

/*
 * Mapped and zeroed this much at a time: a replay of millions of players
 * grows its table by hundreds of MB at once, and a cancel waits for one
 * chunk at most.  Mapping and zeroing 16 MB took 30-50 ms of CPU on the
 * benchmark VM (bench/cancel), 2 MB takes a few.
 */
#define BULK_CHUNK_BYTES ((Size) 2 * 1024 * 1024)

/* MemoryContextAllocExtended(mcxt, size, MCXT_ALLOC_HUGE | flags), mapped. */
void *
bulk_alloc(MemoryContext mcxt, Size size, int flags)
{
	char	   *pointer = MemoryContextAllocExtended(mcxt, size,
													  MCXT_ALLOC_HUGE | (flags & ~MCXT_ALLOC_ZERO));
	Size		done;

	for (done = 0; done < size; done += BULK_CHUNK_BYTES)
	{
		Size		n = Min(BULK_CHUNK_BYTES, size - done);

		CHECK_FOR_INTERRUPTS();
		if (size >= BULK_MIN_BYTES)
			populate_pages(pointer + done, n);
		if (flags & MCXT_ALLOC_ZERO)
			memset(pointer + done, 0, n);
	}
	return pointer;
}
