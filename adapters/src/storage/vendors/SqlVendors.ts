import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { Fragment } from "effect/sql/Statement"
import type { OrgId } from "@tawreed/core/organisations"
import {
  documentsValidUntil,
  Vendor,
  VendorAddress,
  VendorBankAccount,
  VendorContact,
  type VendorCounts,
  VendorDocument,
  type VendorFilter,
  VendorHold,
  VendorName,
  type VendorQuery,
  type VendorRecord,
  VendorRepository,
  type VendorStanding,
  VendorStatus
} from "@tawreed/core/vendors"
import { textArray } from "../SqlArrays.ts"
import { insertNumbered, isUuid, json, tenantScope, thenFind, updateAtVersion } from "../SqlKit.ts"

interface VendorRow {
  readonly id: string
  readonly number: string
  readonly connected: boolean
  readonly name_en: string
  readonly name_ar: string
  readonly country: string
  readonly cr_number: string | null
  readonly vat_number: string | null
  readonly addresses: unknown
  readonly contacts: unknown
  readonly bank_accounts: unknown
  readonly categories: ReadonlyArray<string>
  readonly payment_terms_days: number
  readonly currency: string
  readonly status: VendorStanding
  readonly documents: unknown
  readonly hold: unknown
  readonly remarks: string
  readonly created_by: string
  readonly version: number
  readonly created_at: Date | string
  readonly updated_at: Date | string
}

const vendorColumns = `v.id, v.number, v.vendor_org_id IS NOT NULL AS connected, v.name_en, v.name_ar, v.country, v.cr_number, v.vat_number,
  v.addresses, v.contacts, v.bank_accounts, v.categories, v.payment_terms_days, v.currency, v.status, v.documents,
  v.hold, v.remarks, v.created_by, v.version, v.created_at, v.updated_at`

const codec = <S extends Schema.Codec<unknown, unknown>>(schema: S) => ({
  decode: Schema.decodeUnknownSync(schema as never) as (u: unknown) => S["Type"],
  encode: (value: S["Type"]) => JSON.stringify(Schema.encodeSync(schema as never)(value as never))
})
const addresses = codec(Schema.Array(VendorAddress))
const contacts = codec(Schema.Array(VendorContact))
const bankAccounts = codec(Schema.Array(VendorBankAccount))
const documents = codec(Schema.Array(VendorDocument))
const hold = codec(VendorHold)

const iso = (at: Date | string): string => new Date(at).toISOString()

/** The list's order key: the lower-cased English name, the Arabic one when there is none. */
const nameKey = (record: VendorRecord) => (record.name.en || record.name.ar).toLowerCase()

/** The texts the list's search looks in, lower-cased as the port compares them. */
const searchKeys = (number: string, record: VendorRecord): ReadonlyArray<string> =>
  [number, record.name.en, record.name.ar, record.crNumber ?? "", record.vatNumber ?? ""]
    .filter((text) => text !== "")
    .map((text) => text.toLowerCase())

/** A LIKE pattern that finds the text anywhere, its `%`, `_` and `\` taken literally. */
const containing = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`

const toVendor = (row: VendorRow): Vendor =>
  new Vendor({
    id: row.id,
    number: row.number,
    connected: row.connected,
    name: new VendorName({ en: row.name_en, ar: row.name_ar }),
    country: row.country,
    crNumber: row.cr_number,
    vatNumber: row.vat_number,
    addresses: addresses.decode(json(row.addresses)),
    contacts: contacts.decode(json(row.contacts)),
    bankAccounts: bankAccounts.decode(json(row.bank_accounts)),
    categories: [...row.categories],
    paymentTermsDays: Number(row.payment_terms_days),
    currency: row.currency,
    status: row.status,
    documents: documents.decode(json(row.documents)),
    hold: row.hold === null ? null : hold.decode(json(row.hold)),
    remarks: row.remarks,
    createdBy: row.created_by,
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at)
  })

/**
 * The buyer's vendors in PostgreSQL, each call inside the organisation, joining the caller's transaction as a
 * savepoint when there is one. A vendor reads "expired" on a day when it is active and the earliest expiry of its
 * required documents is before that day, which the list and its counts compare in SQL.
 */
export const SqlVendors = Layer.effect(
  VendorRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const cols = sql.literal(vendorColumns)
    const tenant = tenantScope(sql)

    const findIn = (orgId: OrgId, id: string) =>
      Effect.gen(function* () {
        if (!isUuid(id)) return Option.none<Vendor>()
        const rows = yield* sql<VendorRow>`SELECT ${cols} FROM vendors v WHERE v.org_id = ${orgId} AND v.id = ${id}`
        return Option.map(Option.fromNullishOr(rows[0]), toVendor)
      })

    const recordFields = (record: VendorRecord, number: string): ReadonlyArray<readonly [string, unknown, string]> => [
      ["name_en", record.name.en, "text"],
      ["name_ar", record.name.ar, "text"],
      ["name_key", nameKey(record), "text"],
      ["country", record.country, "text"],
      ["cr_number", record.crNumber, "text"],
      ["vat_number", record.vatNumber, "text"],
      ["addresses", addresses.encode(record.addresses), "jsonb"],
      ["contacts", contacts.encode(record.contacts), "jsonb"],
      ["bank_accounts", bankAccounts.encode(record.bankAccounts), "jsonb"],
      ["categories", textArray(record.categories), "text[]"],
      ["payment_terms_days", record.paymentTermsDays, "integer"],
      ["currency", record.currency, "text"],
      ["status", record.status, "text"],
      ["documents", documents.encode(record.documents), "jsonb"],
      ["documents_valid_until", documentsValidUntil(record.documents), "date"],
      ["hold", record.hold === null ? null : hold.encode(record.hold), "jsonb"],
      ["remarks", record.remarks, "text"],
      ["search_keys", textArray(searchKeys(number, record)), "text[]"],
      ["created_by", record.createdBy, "uuid"]
    ]

    const cast = (value: unknown, type: string) => sql`${value}::${sql.literal(type)}`

    const insert = Effect.fn("SqlVendors.insert")(function* (orgId: OrgId, record: VendorRecord) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const id = yield* insertNumbered(orgId, "vendor", ({ id, number }) => {
            const fields = recordFields(record, number)
            return sql`
              INSERT INTO vendors (id, org_id, number, ${sql.csv(fields.map(([column]) => sql.literal(column)))})
              VALUES (${id}, ${orgId}, ${number}, ${sql.csv(fields.map(([, value, type]) => cast(value, type)))})`
          })
          return Option.getOrThrow(yield* findIn(orgId, id))
        })
      )
    })

    const find = Effect.fn("SqlVendors.find")(function* (orgId: OrgId, id: string) {
      return yield* tenant(orgId)(findIn(orgId, id))
    })

    const update = Effect.fn("SqlVendors.update")(function* (
      orgId: OrgId,
      id: string,
      record: VendorRecord,
      expectedVersion: number
    ) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const [found] = isUuid(id)
            ? yield* sql<{ number: string }>`SELECT number FROM vendors WHERE org_id = ${orgId} AND id = ${id}`
            : []
          if (found === undefined) return Option.none<Vendor>()
          const set = sql.csv(
            recordFields(record, found.number).map(
              ([column, value, type]) => sql`${sql.literal(column)} = ${cast(value, type)}`
            )
          )
          return yield* updateAtVersion(
            { table: "vendors", entity: "vendor", orgId, id, version: expectedVersion },
            sql`${set}, updated_at = date_trunc('milliseconds', now())`
          ).pipe(thenFind(findIn(orgId, id)))
        })
      )
    })

    const connect = Effect.fn("SqlVendors.connect")(function* (orgId: OrgId, id: string, vendorOrgId: string) {
      if (!isUuid(id) || !isUuid(vendorOrgId)) return false
      const rows = yield* tenant(orgId)(
        sql`UPDATE vendors SET vendor_org_id = ${vendorOrgId} WHERE org_id = ${orgId} AND id = ${id} RETURNING id`
      )
      return rows.length > 0
    })

    /** The status a row reads on the filter's day, in SQL. */
    const statusOn = (today: string) => sql`CASE
      WHEN v.status = 'VENDOR_INACTIVE' THEN 'VENDOR_INACTIVE'
      WHEN v.documents_valid_until < ${today}::date THEN 'VENDOR_EXPIRED'
      ELSE 'VENDOR_ACTIVE' END`

    const where = (orgId: OrgId, filter: VendorFilter, ignoreStatuses: boolean): Fragment => {
      const clauses: Array<Fragment> = [sql`v.org_id = ${orgId}`]
      if (!ignoreStatuses && filter.statuses !== undefined) {
        clauses.push(sql`(${statusOn(filter.today)}) = ANY(${textArray(filter.statuses)}::text[])`)
      }
      if (filter.category !== undefined) {
        clauses.push(sql`${filter.category} = ANY(v.categories)`)
      }
      if (filter.search !== undefined) {
        clauses.push(sql`EXISTS (SELECT 1 FROM unnest(v.search_keys) k WHERE k LIKE ${containing(filter.search)})`)
      }
      return sql.and(clauses)
    }

    const list = Effect.fn("SqlVendors.list")(function* (orgId: OrgId, query: VendorQuery) {
      return yield* tenant(orgId)(
        Effect.map(
          sql<VendorRow>`
            SELECT ${cols} FROM vendors v WHERE ${where(orgId, query, false)}
            ORDER BY v.name_key, v.id LIMIT ${query.limit} OFFSET ${query.offset}`,
          (rows) => rows.map(toVendor)
        )
      )
    })

    const counts = Effect.fn("SqlVendors.counts")(function* (orgId: OrgId, filter: VendorFilter) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const rows = yield* sql<{ status: string; n: number | string }>`
            SELECT ${statusOn(filter.today)} AS status, count(*) AS n FROM vendors v
            WHERE ${where(orgId, filter, true)} GROUP BY 1`
          const counted: VendorCounts = {
            statuses: VendorStatus.literals.map((status) => ({
              status,
              count: Number(rows.find((r) => r.status === status)?.n ?? 0)
            }))
          }
          return counted
        })
      )
    })

    const findByRegistration = Effect.fn("SqlVendors.findByRegistration")(function* (
      orgId: OrgId,
      field: "crNumber" | "vatNumber",
      value: string,
      exceptId: string | null
    ) {
      const column = sql.literal(field === "crNumber" ? "v.cr_number" : "v.vat_number")
      const except = exceptId !== null && isUuid(exceptId) ? exceptId : null
      return yield* tenant(orgId)(
        Effect.andThen(
          // Held until the caller's transaction ends: a second writer of the same number waits here, then finds
          // the first's vendor, so two vendors never share a CR or VAT number however their writes interleave.
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${`vendors:${orgId}:${field}:${value}`}, 0))`,
          Effect.map(
            sql<VendorRow>`
            SELECT ${cols} FROM vendors v
            WHERE v.org_id = ${orgId} AND ${column} = ${value}
              AND (${except}::uuid IS NULL OR v.id <> ${except}::uuid)
            ORDER BY v.created_at LIMIT 1`,
            (rows) => Option.map(Option.fromNullishOr(rows[0]), toVendor)
          )
        )
      )
    })

    return VendorRepository.of({ insert, find, update, connect, list, counts, findByRegistration })
  })
)
