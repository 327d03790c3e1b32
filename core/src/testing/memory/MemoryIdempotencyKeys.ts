import { Effect, Layer } from "effect"
import { type IdempotencyClaim, IdempotencyKeys } from "../../shared/IdempotencyKeys.ts"

/** Idempotency keys in memory, for one test's lifetime. */
export const MemoryIdempotencyKeys = Layer.sync(IdempotencyKeys, () => {
  const keys = new Map<string, { fingerprint: string; response: unknown; done: boolean }>()
  const id = (orgId: string, key: string) => `${orgId} ${key}`
  return IdempotencyKeys.of({
    claim: (orgId, key, fingerprint) =>
      Effect.sync((): IdempotencyClaim => {
        const found = keys.get(id(orgId, key))
        if (found === undefined) {
          keys.set(id(orgId, key), { fingerprint, response: undefined, done: false })
          return { _tag: "Claimed" }
        }
        if (found.fingerprint !== fingerprint) return { _tag: "Reused" }
        return found.done ? { _tag: "Replay", response: found.response } : { _tag: "InProgress" }
      }),
    complete: (orgId, key, response) =>
      Effect.sync(() => {
        const found = keys.get(id(orgId, key))
        if (found !== undefined) keys.set(id(orgId, key), { ...found, response, done: true })
      }),
    release: (orgId, key) => Effect.sync(() => void keys.delete(id(orgId, key)))
  })
})
