import { Context, type Effect, type Option } from "effect"
import type { OrgId } from "../organisations/Organisation.ts"
import type { VersionConflict } from "../shared/Errors.ts"
import type { Vendor, VendorStanding, VendorStatus } from "./Vendor.ts"

/**
 * Everything a vendor is stored with but its identity and bookkeeping (id, number, version, timestamps); its
 * `status` is the standing the buyer chose, active or inactive.
 */
export type VendorRecord = Omit<
  Vendor,
  "id" | "number" | "version" | "createdAt" | "updatedAt" | "status" | "connected"
> & {
  readonly status: VendorStanding
}

/** What the list narrows by; an absent filter does not narrow. */
export interface VendorFilter {
  /** Statuses as they read on `today` (expired: active with a required document lapsed before it). */
  readonly statuses?: ReadonlyArray<VendorStatus> | undefined
  /**
   * Matched, ignoring case, as a part of the number, the English or Arabic name, the CR number or the VAT number
   * (SQL: `LIKE` on lower-cased keys with `%`, `_` and `\` taken literally).
   */
  readonly search?: string | undefined
  /** Only vendors supplying this category. */
  readonly category?: string | undefined
  /** The day statuses are read on, `YYYY-MM-DD`. */
  readonly today: string
}

/** The list's query: filters and the rows to take, in name order (English name, then id). */
export interface VendorQuery extends VendorFilter {
  readonly offset: number
  readonly limit: number
}

/** How many vendors the filters match per status (ignoring the status filter), every status listed. */
export interface VendorCounts {
  readonly statuses: ReadonlyArray<{ readonly status: VendorStatus; readonly count: number }>
}

/**
 * Where the buyer's vendors are kept. Every call is scoped to one organisation; a vendor of another is never
 * found, listed, changed or counted. Vendors come back with the standing stored as `status` (the use cases read
 * it as of today).
 */
export interface VendorRepositoryShape {
  /** Stores a new vendor, numbering it (`VEN-000001`, per organisation, in the insert's transaction), version 1. */
  readonly insert: (orgId: OrgId, record: VendorRecord) => Effect.Effect<Vendor>
  readonly find: (orgId: OrgId, id: string) => Effect.Effect<Option.Option<Vendor>>
  /**
   * Replaces a vendor's record when its stored version is `expectedVersion`, moving the version on by one; none
   * when there is no such vendor, VersionConflict when it moved since it was read.
   */
  readonly update: (
    orgId: OrgId,
    id: string,
    record: VendorRecord,
    expectedVersion: number
  ) => Effect.Effect<Option.Option<Vendor>, VersionConflict>
  /**
   * Links the vendor to the vendor organisation on the platform that it is (an accepted invitation, the demo's
   * connection); false when there is no such vendor.
   */
  readonly connect: (orgId: OrgId, id: string, vendorOrgId: string) => Effect.Effect<boolean>
  /** The vendors of a page, in name order. */
  readonly list: (orgId: OrgId, query: VendorQuery) => Effect.Effect<ReadonlyArray<Vendor>>
  readonly counts: (orgId: OrgId, filter: VendorFilter) => Effect.Effect<VendorCounts>
  /**
   * Another vendor (not `exceptId`) with this CR or VAT number, compacted as stored. Asked in the transaction that
   * then writes the vendor, it keeps a concurrent writer of the same number waiting until that transaction ends.
   */
  readonly findByRegistration: (
    orgId: OrgId,
    field: "crNumber" | "vatNumber",
    value: string,
    exceptId: string | null
  ) => Effect.Effect<Option.Option<Vendor>>
}

/** Port: where the buyer's vendors are kept. */
export class VendorRepository extends Context.Service<VendorRepository, VendorRepositoryShape>()(
  "@tawreed/core/vendors/VendorRepository"
) {}
