// On its own so that the header's bell, on every page, carries this line and not the notification labels.

/** The unread badge text: the count, capped at '99+' from 100 (SPEC.md §2). */
export const unreadBadge = (count: number): string => (count >= 100 ? "99+" : String(Math.max(0, Math.trunc(count))))
