import { Clock, Effect, Layer, Option } from "effect"
import type { OrgId } from "../../organisations/Organisation.ts"
import { VersionConflict } from "../../shared/Errors.ts"
import {
  statusOn,
  Vendor,
  VendorExpiringDocument,
  VendorHistoryEntry,
  VendorHistoryEvent,
  VendorHoldScope,
  VendorKeyCount,
  VendorStatus
} from "../../vendors/Vendor.ts"
import { VendorAlreadyConnected } from "../../vendors/VendorErrors.ts"
import { holdApplies } from "../../vendors/VendorHolds.ts"
import type { VendorCursor, VendorFilter, VendorRecord } from "../../vendors/VendorRepository.ts"
import { vendorNameKey, VendorRepository } from "../../vendors/VendorRepository.ts"
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

/** The vendor organisation each connected vendor is, by vendor id, per identity store (SQL: `vendors.vendor_org_id`). */
const vendorOrgs = new WeakMap<object, Map<string, string>>()
/** The vendor organisations of connected vendors, by vendor id, for the memory adapters that address them. */
export const memoryVendorOrgs = (identity: object): Map<string, string> => {
  let found = vendorOrgs.get(identity)
  if (found === undefined) {
    found = new Map()
    vendorOrgs.set(identity, found)
  }
  return found
}

const savedColumns = new WeakMap<object, Map<string, ReadonlyArray<string>>>()
const columnsOf = (identity: object) => {
  let found = savedColumns.get(identity)
  if (found === undefined) {
    found = new Map()
    savedColumns.set(identity, found)
  }
  return found
}

/** Compares texts by code point, as SQL's `COLLATE "C"` does. */
const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** The list's order: the lower-cased English name (the Arabic one when there is none), then id. */
const nameKey = (v: Vendor) => vendorNameKey(v.name)
const order = (a: Vendor, b: Vendor) => byCodePoint(nameKey(a), nameKey(b)) || byCodePoint(a.id, b.id)
/** Where a vendor lies against a cursor's place: below 0 before it, above 0 after it. */
const against = (v: Vendor, c: VendorCursor) => byCodePoint(nameKey(v), c.key) || byCodePoint(v.id, c.id)

/** Counts by key, in key order. */
const countBy = (keys: ReadonlyArray<string>): ReadonlyArray<VendorKeyCount> => {
  const counted = new Map<string, number>()
  for (const key of keys) counted.set(key, (counted.get(key) ?? 0) + 1)
  return [...counted.keys()].sort(byCodePoint).map((key) => new VendorKeyCount({ key, count: counted.get(key)! }))
}

const standingOf = (v: Vendor) => (v.status === "VENDOR_INACTIVE" ? "VENDOR_INACTIVE" : "VENDOR_ACTIVE")

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
    const columns = columnsOf(identity)
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
      connect: (orgId, id, vendorOrgId) =>
        Effect.gen(function* () {
          const before = current(orgId, id)
          if (before === undefined) return false
          const orgs = memoryVendorOrgs(identity)
          const taken = inOrg(orgId).some((v) => v.id !== id && orgs.get(v.id) === vendorOrgId)
          if (taken) return yield* new VendorAlreadyConnected({ vendorOrgId })
          orgs.set(id, vendorOrgId)
          store.set(id, { orgId, vendor: new Vendor({ ...before, connected: true }) })
          return true
        }),
      findConnected: (orgId, vendorOrgId) =>
        Effect.sync(() => {
          const orgs = memoryVendorOrgs(identity)
          return Option.fromNullishOr(inOrg(orgId).find((v) => orgs.get(v.id) === vendorOrgId))
        }),
      list: (orgId, query) =>
        Effect.sync(() => {
          const kept = inOrg(orgId)
            .filter((v) => matches(v, query, false))
            .sort(order)
          if (query.after !== undefined) {
            const after = query.after
            return kept.filter((v) => against(v, after) > 0).slice(0, query.limit)
          }
          if (query.before !== undefined) {
            const before = query.before
            const earlier = kept.filter((v) => against(v, before) < 0)
            return earlier.slice(Math.max(0, earlier.length - query.limit))
          }
          return kept.slice(query.offset, query.offset + query.limit)
        }),
      report: (orgId, today, soon, documentLimit) =>
        Effect.sync(() => {
          const vendors = inOrg(orgId)
          const statuses = vendors.map((v) => statusOn(standingOf(v), v.documents, today))
          const documents = vendors
            .flatMap((v) =>
              v.documents
                .filter((d) => d.expiresOn !== null && d.expiresOn <= soon)
                .map(
                  (d) =>
                    new VendorExpiringDocument({
                      vendorId: v.id,
                      number: v.number,
                      name: v.name,
                      kind: d.kind,
                      documentNumber: d.number,
                      expiresOn: d.expiresOn!,
                      lapsed: d.expiresOn! < today
                    })
                )
            )
            .sort((a, b) => byCodePoint(a.expiresOn, b.expiresOn) || byCodePoint(a.number, b.number))
          return {
            statuses: VendorStatus.literals.map((status) => ({
              status,
              count: statuses.filter((s) => s === status).length
            })),
            holds: countBy(vendors.filter((v) => holdApplies(v, today)).map((v) => v.hold!.scope)),
            categories: countBy(vendors.flatMap((v) => v.categories)),
            currencies: countBy(vendors.map((v) => v.currency)),
            expiringCount: documents.filter((d) => !d.lapsed).length,
            lapsedCount: documents.filter((d) => d.lapsed).length,
            documents: documents.slice(0, documentLimit)
          }
        }),
      history: (orgId, vendorId, limit) =>
        Effect.gen(function* () {
          const at = yield* now
          return identity.audit
            .filter(
              (e) =>
                e.orgId === orgId &&
                e.detail.vendorId === vendorId &&
                (VendorHistoryEvent.literals as ReadonlyArray<string>).includes(e.event)
            )
            .reverse()
            .slice(0, limit)
            .map((e) => {
              const user = e.actorId === null ? undefined : identity.users.get(e.actorId)?.user
              const scope = e.detail.scope
              return new VendorHistoryEntry({
                event: e.event as VendorHistoryEvent,
                // The memory log keeps no times: its entries read as of now.
                at,
                by: user === undefined ? "" : `${user.firstName} ${user.lastName}`.trim() || user.email,
                from: e.detail.from ?? null,
                to: e.detail.to ?? null,
                scope:
                  scope !== undefined && (VendorHoldScope.literals as ReadonlyArray<string>).includes(scope)
                    ? (scope as VendorHoldScope)
                    : null,
                releaseDate:
                  e.detail.releaseDate === undefined || e.detail.releaseDate === "" ? null : e.detail.releaseDate
              })
            })
        }),
      columnsOf: (orgId, userId) => Effect.sync(() => columns.get(`${orgId}:${userId}`) ?? []),
      saveColumns: (orgId, userId, saved) => Effect.sync(() => void columns.set(`${orgId}:${userId}`, [...saved])),
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
