import { Context, type Effect, Option, Schema } from "effect"
import { fromBase64Url, toBase64Url } from "../shared/Base64Url.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import type { VersionConflict } from "../shared/Errors.ts"
import type { VendorAlreadyConnected } from "./VendorErrors.ts"
import type {
  Vendor,
  VendorExpiringDocument,
  VendorHistoryEntry,
  VendorKeyCount,
  VendorName,
  VendorStanding,
  VendorStatus
} from "./Vendor.ts"

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

/**
 * A vendor's place in the list's order: its name key (`vendorNameKey`) and its id. The list compares keys by code
 * point (SQL: `COLLATE "C"`), then ids.
 */
export interface VendorCursor {
  readonly key: string
  readonly id: string
}

/** The key the list orders a vendor by: its English name lower-cased, the Arabic one when it has none. */
export const vendorNameKey = (name: VendorName): string => (name.en || name.ar).toLowerCase()

/** The cursor of a vendor's place in the list. */
export const vendorCursorOf = (vendor: Vendor): VendorCursor => ({ key: vendorNameKey(vendor.name), id: vendor.id })

const decodeCursorJson = Schema.decodeUnknownOption(
  Schema.fromJsonString(Schema.Struct({ k: Schema.String, i: Schema.String }))
)
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A cursor as the API hands it out: opaque, URL-safe text. */
export const encodeVendorCursor = (cursor: VendorCursor): string =>
  toBase64Url(JSON.stringify({ k: cursor.key, i: cursor.id }))

/** A cursor read back from the API, or none when the text is not one the list handed out. */
export const decodeVendorCursor = (text: string): Option.Option<VendorCursor> =>
  Option.flatMap(fromBase64Url(text.trim()), decodeCursorJson).pipe(
    Option.filter((c) => uuidPattern.test(c.i) && c.k.length <= 600),
    Option.map((c) => ({ key: c.k, id: c.i }))
  )

/**
 * The list's query: filters and the rows to take, in name order (name key, then id): `limit` rows from `offset`,
 * or, with a cursor, the `limit` rows just after (`after`) or just before (`before`) the place it names (offset is
 * then not used). Rows come back in the list's order either way.
 */
export interface VendorQuery extends VendorFilter {
  readonly offset: number
  readonly limit: number
  readonly after?: VendorCursor | undefined
  readonly before?: VendorCursor | undefined
}

/**
 * The summary of the vendor report on the filter's day: vendors per status, those with a hold in force per scope
 * (a hold applies through its release date), per category and per currency, how many required or other documents
 * lapse within `soon` (the day after today through that day) and how many have lapsed, and those documents, the
 * soonest first (at most `documentLimit`).
 */
export interface VendorReportSummary {
  readonly statuses: ReadonlyArray<{ readonly status: VendorStatus; readonly count: number }>
  readonly holds: ReadonlyArray<VendorKeyCount>
  readonly categories: ReadonlyArray<VendorKeyCount>
  readonly currencies: ReadonlyArray<VendorKeyCount>
  readonly expiringCount: number
  readonly lapsedCount: number
  readonly documents: ReadonlyArray<VendorExpiringDocument>
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
   * connection); false when there is no such vendor. A buyer connects an organisation once: VendorAlreadyConnected
   * when another of its vendors is connected to it, decided by the store itself (SQL: a unique index), so two
   * approvals at once cannot both connect it.
   */
  readonly connect: (orgId: OrgId, id: string, vendorOrgId: string) => Effect.Effect<boolean, VendorAlreadyConnected>
  /** The organisation's vendor connected to a vendor organisation, if any. */
  readonly findConnected: (orgId: OrgId, vendorOrgId: string) => Effect.Effect<Option.Option<Vendor>>
  /** The vendors of a page, in name order. */
  readonly list: (orgId: OrgId, query: VendorQuery) => Effect.Effect<ReadonlyArray<Vendor>>
  readonly counts: (orgId: OrgId, filter: VendorFilter) => Effect.Effect<VendorCounts>
  /**
   * The vendor report's summary in one statement over the organisation's vendors (SQL: one pass per measure,
   * `UNION ALL`), read on `today` with documents lapsing through `soon` (both `YYYY-MM-DD`).
   */
  readonly report: (
    orgId: OrgId,
    today: string,
    soon: string,
    documentLimit: number
  ) => Effect.Effect<VendorReportSummary>
  /**
   * What happened to the vendor, newest first, from the audit log's vendor events of the organisation (at most
   * `limit`), each with its actor's name.
   */
  readonly history: (orgId: OrgId, vendorId: string, limit: number) => Effect.Effect<ReadonlyArray<VendorHistoryEntry>>
  /** The vendors list's columns the user saved, none when they keep the default. */
  readonly columnsOf: (orgId: OrgId, userId: string) => Effect.Effect<ReadonlyArray<string>>
  readonly saveColumns: (orgId: OrgId, userId: string, columns: ReadonlyArray<string>) => Effect.Effect<void>
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
