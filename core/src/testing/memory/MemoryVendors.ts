import { Clock, Effect, Layer, Option } from "effect"
import type { OrgId } from "../../organisations/Organisation.ts"
import { VersionConflict } from "../../shared/Errors.ts"
import { statusOn, Vendor, VendorStatus } from "../../vendors/Vendor.ts"
import type { VendorFilter, VendorRecord } from "../../vendors/VendorRepository.ts"
import { VendorRepository } from "../../vendors/VendorRepository.ts"
import { nextDocumentNumber } from "./MemoryDocumentNumbers.ts"
import { MemoryIdentityStore } from "./MemoryIdentity.ts"

const stores = new WeakMap<object, Map<string, { readonly orgId: string; readonly vendor: Vendor }>>()
const storeOf = (identity: object) => {
  let found = stores.get(identity)
  if (found === undefined) {
    found = new Map()
    stores.set(identity, found)
  }
  return found
}

/** Compares texts by code point, as SQL's `COLLATE "C"` does. */
const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** The list's order: the lower-cased English name (the Arabic one when there is none), then id. */
const nameKey = (v: Vendor) => (v.name.en || v.name.ar).toLowerCase()
const order = (a: Vendor, b: Vendor) => byCodePoint(nameKey(a), nameKey(b)) || byCodePoint(a.id, b.id)

const matches = (vendor: Vendor, filter: VendorFilter, ignoreStatuses: boolean): boolean => {
  const standing = vendor.status === "VENDOR_INACTIVE" ? "VENDOR_INACTIVE" : "VENDOR_ACTIVE"
  const status = statusOn(standing, vendor.documents, filter.today)
  if (!ignoreStatuses && filter.statuses !== undefined && !filter.statuses.includes(status)) return false
  if (filter.category !== undefined && !vendor.categories.includes(filter.category)) return false
  if (filter.search !== undefined) {
    const needle = filter.search.toLowerCase()
    const texts = [vendor.number, vendor.name.en, vendor.name.ar, vendor.crNumber ?? "", vendor.vatNumber ?? ""]
    if (!texts.some((t) => t.toLowerCase().includes(needle))) return false
  }
  return true
}

/** The buyer's vendors in memory, one store per identity store (give it `layerMemory` or `layerMemoryAdministration`). */
export const layerMemoryVendors = Layer.effect(
  VendorRepository,
  Effect.map(Effect.service(MemoryIdentityStore), (identity) => {
    const store = storeOf(identity)
    const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())
    const inOrg = (orgId: OrgId) => [...store.values()].filter((row) => row.orgId === orgId).map((row) => row.vendor)
    const current = (orgId: OrgId, id: string) => {
      const row = store.get(id)
      return row !== undefined && row.orgId === orgId ? row.vendor : undefined
    }
    const build = (
      record: VendorRecord,
      identityOf: Pick<Vendor, "id" | "number" | "version" | "createdAt" | "updatedAt" | "connected">
    ) => new Vendor({ ...record, ...identityOf })
    return VendorRepository.of({
      insert: (orgId, record) =>
        Effect.gen(function* () {
          const at = yield* now
          const vendor = build(record, {
            id: crypto.randomUUID(),
            number: nextDocumentNumber(store, orgId, "vendor"),
            version: 1,
            createdAt: at,
            updatedAt: at,
            connected: false
          })
          store.set(vendor.id, { orgId, vendor })
          return vendor
        }),
      find: (orgId, id) => Effect.sync(() => Option.fromNullishOr(current(orgId, id))),
      update: (orgId, id, record, expectedVersion) =>
        Effect.gen(function* () {
          const before = current(orgId, id)
          if (before === undefined) return Option.none()
          if (before.version !== expectedVersion) return yield* new VersionConflict({ entity: "vendor", id })
          const vendor = build(record, {
            id,
            number: before.number,
            version: before.version + 1,
            createdAt: before.createdAt,
            updatedAt: yield* now,
            connected: before.connected
          })
          store.set(id, { orgId, vendor })
          return Option.some(vendor)
        }),
      connect: (orgId, id) =>
        Effect.sync(() => {
          const before = current(orgId, id)
          if (before === undefined) return false
          store.set(id, { orgId, vendor: new Vendor({ ...before, connected: true }) })
          return true
        }),
      list: (orgId, query) =>
        Effect.sync(() =>
          inOrg(orgId)
            .filter((v) => matches(v, query, false))
            .sort(order)
            .slice(query.offset, query.offset + query.limit)
        ),
      counts: (orgId, filter) =>
        Effect.sync(() => {
          const kept = inOrg(orgId).filter((v) => matches(v, filter, true))
          return {
            statuses: VendorStatus.literals.map((status) => ({
              status,
              count: kept.filter(
                (v) =>
                  statusOn(
                    v.status === "VENDOR_INACTIVE" ? "VENDOR_INACTIVE" : "VENDOR_ACTIVE",
                    v.documents,
                    filter.today
                  ) === status
              ).length
            }))
          }
        }),
      findByRegistration: (orgId, field, value, exceptId) =>
        Effect.sync(() => Option.fromNullishOr(inOrg(orgId).find((v) => v[field] === value && v.id !== exceptId)))
    })
  })
)
