// Kept free of effect so that the site's islands can schedule timers without shipping the schema library.

/** The longest delay a browser timer accepts: 2147483647 ms, about 24.8 days (SPEC.md §4, §9). */
export const timerMaxMs = 2_147_483_647

/**
 * How long until the site signs a session out (SPEC.md §4): the time left, capped at the longest timer; none for a
 * session already expired, which signs out at once.
 */
export const autoLogoutDelay = (expiresAt: number, now: number): number =>
  Math.max(0, Math.min(expiresAt - now, timerMaxMs))
