/*
 * status.h - result codes returned by the rating core.
 *
 * The core never throws or prints: every entry point that can reject its
 * input returns one of these codes, and the PostgreSQL layer turns each into
 * an ERROR with the right SQLSTATE.  The glue checks argument rules itself
 * first (so its messages can name the SQL argument); these codes are the
 * core's own safety net and what the standalone unit tests assert on.
 */
#ifndef SKILL_CORE_STATUS_H
#define SKILL_CORE_STATUS_H

typedef enum sk_status
{
	SK_OK = 0,
	SK_ERR_NOT_FINITE,			/* NaN or +-Infinity among the inputs */
	SK_ERR_RANGE,				/* a parameter outside its documented range */
	SK_ERR_SIZE,				/* too few teams/players, mismatched lengths */
	SK_ERR_NO_MEMORY,			/* allocation failed (standalone use only) */
	SK_ERR_NO_CONVERGENCE,		/* an iteration hit its safety limit */
	SK_ERR_OVERFLOW				/* finite input so extreme that a result is not */
} sk_status;

/* A short English description of a status, for tests and can't-happen errors. */
const char *sk_status_message(sk_status status);

/*
 * Long loops in the core call sk_check_interrupts() now and then.  The host
 * may set sk_interrupt_hook (PostgreSQL: to CHECK_FOR_INTERRUPTS, which
 * leaves the loop by longjmp; the core holds no resources across it, since
 * all its memory is the caller's).  NULL (standalone use) does nothing.
 */
extern void (*sk_interrupt_hook) (void);

static inline void
sk_check_interrupts(void)
{
	if (sk_interrupt_hook)
		sk_interrupt_hook();
}

/*
 * For a loop whose iterations are cheap but whose count grows with the
 * input: a check every 4096 iterations (i counts them, and may wrap), so the
 * cost stays a bit test.
 */
static inline void
sk_check_interrupts_every(unsigned long i)
{
	if ((i & 4095) == 0)
		sk_check_interrupts();
}

#endif
