import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Ref, Schema } from "effect"
import { InsufficientPrivileges } from "@tawreed/core/access"
import type { OrgId } from "@tawreed/core/organisations"
import { type AuditEvent, AuditLog, InvalidField } from "@tawreed/core/shared"
import { MemoryIdempotencyKeys } from "@tawreed/core/testing"
import { auditRefusal, once } from "./Edge.ts"

const actor = { orgId: "0b0b0b0b-0000-4000-8000-000000000001" as OrgId, userId: "u-1" as never }
const request = { method: "POST", path: "/api/workspaces?page=2", address: "203.0.113.7" }

const auditLog = (events: Array<AuditEvent>) =>
  Layer.succeed(AuditLog, AuditLog.of({ record: (event) => Effect.sync(() => void events.push(event)) }))

describe("auditRefusal", () => {
  it.effect("writes a refused access with who, from where, for what path and why; bad input writes nothing", () =>
    Effect.gen(function* () {
      const events: Array<AuditEvent> = []
      const refused = new InsufficientPrivileges({ required: ["wkp_c_o"] })
      yield* auditRefusal(actor, { failure: refused }, request).pipe(Effect.provide(auditLog(events)))
      yield* auditRefusal(actor, { failure: new InvalidField({ field: "name", problem: "required" }) }, request).pipe(
        Effect.provide(auditLog(events))
      )
      yield* auditRefusal(undefined, "SessionRequired", request).pipe(Effect.provide(auditLog(events)))
      assert.deepStrictEqual(
        events.map((e) => [e.orgId, e.actorId, e.event, e.address, e.detail]),
        [
          [
            actor.orgId,
            "u-1",
            "access.refused",
            "203.0.113.7",
            { method: "POST", path: "/api/workspaces", reason: "InsufficientPrivileges" }
          ],
          [
            null,
            null,
            "access.refused",
            "203.0.113.7",
            { method: "POST", path: "/api/workspaces", reason: "SessionRequired" }
          ]
        ]
      )
    })
  )
})

describe("once", () => {
  const write = (key: string | undefined, route: string, payload: unknown) => ({
    key,
    route,
    payload,
    answer: Schema.Struct({ made: Schema.Number })
  })

  it.effect("runs a keyed write once for the same route and payload, and refuses the key for another", () =>
    Effect.gen(function* () {
      const made = yield* Ref.make(0)
      const work = Ref.updateAndGet(made, (n) => n + 1).pipe(Effect.map((n) => ({ made: n })))
      const first = yield* once(actor, write("k-1", "POST /workspaces", { name: "A" }), work)
      const retry = yield* once(actor, write("k-1", "POST /workspaces", { name: "A" }), work)
      assert.deepStrictEqual([first, retry, yield* Ref.get(made)], [{ made: 1 }, { made: 1 }, 1])
      const otherPayload = yield* once(actor, write("k-1", "POST /workspaces", { name: "B" }), work).pipe(Effect.flip)
      const otherRoute = yield* once(actor, write("k-1", "POST /budgets", { name: "A" }), work).pipe(Effect.flip)
      assert.deepStrictEqual([otherPayload._tag, otherRoute._tag], ["IdempotencyKeyReused", "IdempotencyKeyReused"])
      // Without a key, every call is a write of its own.
      yield* once(actor, write(undefined, "POST /workspaces", { name: "A" }), work)
      assert.strictEqual(yield* Ref.get(made), 2)
    }).pipe(Effect.provide(MemoryIdempotencyKeys))
  )
})
