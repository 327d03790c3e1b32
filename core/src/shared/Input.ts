import { Schema } from "effect"

/**
 * A record's id on the wire: the dashed hexadecimal form of a UUID, which is how every table keys its rows. Checked
 * at the edge so that a malformed id is the caller's mistake (400), not a failed query.
 */
export const Uuid = Schema.String.check(Schema.isGUID())

/**
 * Whether a string can be stored as text: PostgreSQL refuses the NUL character, and a UTF-16 code unit without its
 * partner has no UTF-8 form.
 */
export const isStorableText = (text: string): boolean => !text.includes("\u0000") && text.isWellFormed()

/** Whether any string of a decoded JSON value (keys included) cannot be stored; see `isStorableText`. */
export const hasUnstorableText = (value: unknown): boolean => {
  const pending: Array<unknown> = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === "string") {
      if (!isStorableText(next)) return true
    } else if (Array.isArray(next)) {
      pending.push(...next)
    } else if (typeof next === "object" && next !== null) {
      for (const [key, item] of Object.entries(next)) {
        if (!isStorableText(key)) return true
        pending.push(item)
      }
    }
  }
  return false
}
