import { formatDocumentNumber, type NumberedKind } from "../../shared/DocumentNumber.ts"

const counters = new WeakMap<object, Map<string, number>>()

/**
 * The next number of a kind in an organisation, kept beside a memory store (the storage adapters take it from
 * their counter table in the insert's transaction).
 */
export const nextDocumentNumber = (store: object, orgId: string, kind: NumberedKind): string => {
  let byKey = counters.get(store)
  if (byKey === undefined) {
    byKey = new Map()
    counters.set(store, byKey)
  }
  const key = `${orgId}/${kind}`
  const next = (byKey.get(key) ?? 0) + 1
  byKey.set(key, next)
  return formatDocumentNumber(kind, next)
}
