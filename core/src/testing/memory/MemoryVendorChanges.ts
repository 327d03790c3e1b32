import { Clock, Effect, Layer, Option } from "effect"
import { VersionConflict } from "../../shared/Errors.ts"
import { VendorChange } from "../../vendors/VendorChange.ts"
import { VendorChangeRepository } from "../../vendors/VendorChangeRepository.ts"
import { MemoryIdentityStore } from "./MemoryIdentity.ts"

const stores = new WeakMap<object, Map<string, { readonly orgId: string; readonly change: VendorChange }>>()
const storeOf = (identity: object) => {
  let found = stores.get(identity)
  if (found === undefined) {
    found = new Map()
    stores.set(identity, found)
  }
  return found
}

const ruleStores = new WeakMap<object, Map<string, boolean>>()
const rulesOf = (identity: object) => {
  let found = ruleStores.get(identity)
  if (found === undefined) {
    found = new Map()
    ruleStores.set(identity, found)
  }
  return found
}

/** Proposed changes to vendors' key details in memory, one store per identity store. */
export const layerMemoryVendorChanges = Layer.effect(
  VendorChangeRepository,
  Effect.map(Effect.service(MemoryIdentityStore), (identity) => {
    const store = storeOf(identity)
    const rules = rulesOf(identity)
    const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())
    const inOrg = (orgId: string) => [...store.values()].filter((r) => r.orgId === orgId).map((r) => r.change)
    const nameOf = (userId: string) => {
      const user = identity.users.get(userId)?.user
      return user === undefined ? "" : `${user.firstName} ${user.lastName}`.trim() || user.email
    }
    return VendorChangeRepository.of({
      insert: (orgId, proposed) =>
        Effect.gen(function* () {
          if (inOrg(orgId).some((c) => c.vendorId === proposed.vendorId && c.status === "PENDING")) {
            return yield* new VersionConflict({ entity: "vendor_change", id: proposed.vendorId })
          }
          const change = new VendorChange({
            ...proposed,
            id: crypto.randomUUID(),
            status: "PENDING",
            requestedByName: nameOf(proposed.requestedBy),
            remark: "",
            version: 1,
            createdAt: yield* now,
            decidedAt: null
          })
          store.set(change.id, { orgId, change })
          return change
        }),
      find: (orgId, id) => Effect.sync(() => Option.fromNullishOr(inOrg(orgId).find((c) => c.id === id))),
      pendingOf: (orgId, vendorId) =>
        Effect.sync(() =>
          Option.fromNullishOr(inOrg(orgId).find((c) => c.vendorId === vendorId && c.status === "PENDING"))
        ),
      recentOf: (orgId, vendorId, limit) =>
        Effect.sync(() =>
          inOrg(orgId)
            .filter((c) => c.vendorId === vendorId && c.status !== "PENDING")
            .reverse()
            .slice(0, limit)
        ),
      decide: (orgId, id, status, remark, expectedVersion) =>
        Effect.gen(function* () {
          const row = store.get(id)
          if (row === undefined || row.orgId !== orgId) return Option.none()
          if (row.change.version !== expectedVersion) return yield* new VersionConflict({ entity: "vendor_change", id })
          const change = new VendorChange({
            ...row.change,
            status,
            remark,
            version: row.change.version + 1,
            decidedAt: yield* now
          })
          store.set(id, { orgId, change })
          return Option.some(change)
        }),
      reviewsAllKeyFields: (orgId) => Effect.sync(() => rules.get(orgId) ?? true),
      setReviewsAllKeyFields: (orgId, on) => Effect.sync(() => void rules.set(orgId, on))
    })
  })
)
