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
  VendorStatus,
  VendorExpiringDocument,
  VendorHistoryEntry,
  VendorHistoryEvent,
  VendorHoldScope,
  VendorKeyCount,
  vendorNameKey,
  type VendorReportSummary,
  VendorAlreadyConnected
} from "@tawreed/core/vendors"
import { violates } from "../organisations/SqlOrganisationRepository.ts"
import { textArray } from "../SqlArrays.ts"
import { documentRows, isUuid, json, tenantScope } from "../SqlKit.ts"

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
const nameKey = (record: VendorRecord) => vendorNameKey(record.name)

const isOneOf = <A extends string>(literals: ReadonlyArray<A>, value: string | null | undefined): value is A =>
  value !== null && value !== undefined && (literals as ReadonlyArray<string>).includes(value)

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

    const rows = documentRows(sql, {
      table: "vendors",
      entity: "vendor",
      kind: "vendor",
      fields: recordFields,
      findIn
    })

    const insert = Effect.fn("SqlVendors.insert")(function* (orgId: OrgId, record: VendorRecord) {
      return yield* tenant(orgId)(rows.insert(orgId, record))
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
      return yield* tenant(orgId)(rows.update(orgId, id, record, expectedVersion))
    })

    // The unique index `vendors_vendor_org_key` (0036) decides, so two approvals at once cannot both connect one
    // organisation; the savepoint keeps the caller's transaction usable after the refusal.
    const connect = Effect.fn("SqlVendors.connect")(function* (orgId: OrgId, id: string, vendorOrgId: string) {
      if (!isUuid(id) || !isUuid(vendorOrgId)) return false
      const rows = yield* tenant(orgId)(
        sql
          .withTransaction(
            sql`UPDATE vendors SET vendor_org_id = ${vendorOrgId} WHERE org_id = ${orgId} AND id = ${id} RETURNING id`
          )
          .pipe(
            Effect.catchIf(violates("vendors_vendor_org_key"), () =>
              Effect.fail(new VendorAlreadyConnected({ vendorOrgId }))
            )
          )
      )
      return rows.length > 0
    })

    const findConnected = Effect.fn("SqlVendors.findConnected")(function* (orgId: OrgId, vendorOrgId: string) {
      if (!isUuid(vendorOrgId)) return Option.none<Vendor>()
      const rows = yield* tenant(orgId)(
        sql<VendorRow>`SELECT ${cols} FROM vendors v WHERE v.org_id = ${orgId} AND v.vendor_org_id = ${vendorOrgId}`
      )
      return Option.map(Option.fromNullishOr(rows[0]), toVendor)
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
      // Keyset paging compares (name_key, id) with the cursor's place, in the index's order; going back reads the
      // rows before it in reverse and turns them round.
      const keyset = (cursor: { readonly key: string; readonly id: string }, op: "<" | ">") =>
        sql`(v.name_key, v.id) ${sql.literal(op)} (${cursor.key} COLLATE "C", ${isUuid(cursor.id) ? cursor.id : "00000000-0000-0000-0000-000000000000"}::uuid)`
      const statement =
        query.after !== undefined
          ? sql<VendorRow>`
            SELECT ${cols} FROM vendors v WHERE ${where(orgId, query, false)} AND ${keyset(query.after, ">")}
            ORDER BY v.name_key, v.id LIMIT ${query.limit}`
          : query.before !== undefined
            ? sql<VendorRow>`
            SELECT * FROM (
              SELECT ${cols}, v.name_key FROM vendors v WHERE ${where(orgId, query, false)} AND ${keyset(query.before, "<")}
              ORDER BY v.name_key DESC, v.id DESC LIMIT ${query.limit}) page
            ORDER BY page.name_key, page.id`
            : sql<VendorRow>`
            SELECT ${cols} FROM vendors v WHERE ${where(orgId, query, false)}
            ORDER BY v.name_key, v.id LIMIT ${query.limit} OFFSET ${query.offset}`
      return yield* tenant(orgId)(Effect.map(statement, (rows) => rows.map(toVendor)))
    })

    /**
     * The report's summary in one statement: a row per count (status, hold scope in force, category, currency,
     * documents lapsing soon and lapsed) and a row per document lapsing through `soon`, each part one pass over
     * the organisation's vendors by its index.
     */
    const report = Effect.fn("SqlVendors.report")(function* (
      orgId: OrgId,
      today: string,
      soon: string,
      documentLimit: number
    ) {
      interface ReportRow {
        readonly part: string
        readonly key: string | null
        readonly n: number | string
        readonly vendor_id: string | null
        readonly number: string | null
        readonly name_en: string | null
        readonly name_ar: string | null
        readonly document_number: string | null
        readonly expires_on: string | null
      }
      const rows = yield* tenant(orgId)(
        sql<ReportRow>`
          WITH v AS (
            SELECT v.id, v.number, v.name_en, v.name_ar, v.currency, v.categories, v.documents,
                   ${statusOn(today)} AS status,
                   CASE WHEN v.hold IS NOT NULL
                         AND (v.hold ->> 'releaseDate' IS NULL OR (v.hold ->> 'releaseDate')::date >= ${today}::date)
                        THEN v.hold ->> 'scope' END AS held
            FROM vendors v WHERE v.org_id = ${orgId}
          ),
          d AS (
            SELECT v.id, v.number, v.name_en, v.name_ar, doc ->> 'kind' AS kind, doc ->> 'number' AS document_number,
                   (doc ->> 'expiresOn')::date AS expires_on
            FROM v CROSS JOIN LATERAL jsonb_array_elements(v.documents) doc
            WHERE doc ->> 'expiresOn' IS NOT NULL AND (doc ->> 'expiresOn')::date <= ${soon}::date
          )
          SELECT 'status' AS part, status AS key, count(*) AS n, NULL AS vendor_id, NULL AS number, NULL AS name_en,
                 NULL AS name_ar, NULL AS document_number, NULL AS expires_on
            FROM v GROUP BY status
          UNION ALL SELECT 'hold', held, count(*), NULL, NULL, NULL, NULL, NULL, NULL
            FROM v WHERE held IS NOT NULL GROUP BY held
          UNION ALL SELECT 'currency', currency, count(*), NULL, NULL, NULL, NULL, NULL, NULL FROM v GROUP BY currency
          UNION ALL SELECT 'category', c, count(*), NULL, NULL, NULL, NULL, NULL, NULL
            FROM v CROSS JOIN LATERAL unnest(v.categories) c GROUP BY c
          UNION ALL SELECT 'lapsed', NULL, count(*) FILTER (WHERE expires_on < ${today}::date), NULL, NULL, NULL,
                 NULL, NULL, NULL FROM d
          UNION ALL SELECT 'expiring', NULL, count(*) FILTER (WHERE expires_on >= ${today}::date), NULL, NULL, NULL,
                 NULL, NULL, NULL FROM d
          UNION ALL (SELECT 'document', kind, 0, id::text, number, name_en, name_ar, document_number,
                 to_char(expires_on, 'YYYY-MM-DD') FROM d ORDER BY expires_on, number, kind LIMIT ${documentLimit})`
      )
      const counted = (part: string) =>
        rows
          .filter((r) => r.part === part && r.key !== null)
          .map((r) => new VendorKeyCount({ key: r.key!, count: Number(r.n) }))
          .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      const total = (part: string) => Number(rows.find((r) => r.part === part)?.n ?? 0)
      const summary: VendorReportSummary = {
        statuses: VendorStatus.literals.map((status) => ({
          status,
          count: Number(rows.find((r) => r.part === "status" && r.key === status)?.n ?? 0)
        })),
        holds: counted("hold").filter((c) => isOneOf(VendorHoldScope.literals, c.key)),
        categories: counted("category"),
        currencies: counted("currency"),
        expiringCount: total("expiring"),
        lapsedCount: total("lapsed"),
        documents: rows
          .filter((r) => r.part === "document")
          .flatMap((r) =>
            r.key === "CR" || r.key === "VAT_CERTIFICATE" || r.key === "OTHER"
              ? [
                  new VendorExpiringDocument({
                    vendorId: r.vendor_id!,
                    number: r.number!,
                    name: new VendorName({ en: r.name_en ?? "", ar: r.name_ar ?? "" }),
                    kind: r.key,
                    documentNumber: r.document_number ?? "",
                    expiresOn: r.expires_on!,
                    lapsed: r.expires_on! < today
                  })
                ]
              : []
          )
          .sort((a, b) =>
            a.expiresOn < b.expiresOn ? -1 : a.expiresOn > b.expiresOn ? 1 : a.number < b.number ? -1 : 1
          )
      }
      return summary
    })

    const history = Effect.fn("SqlVendors.history")(function* (orgId: OrgId, vendorId: string, limit: number) {
      if (!isUuid(vendorId)) return []
      interface HistoryRow {
        readonly event: string
        readonly at: Date | string
        readonly detail: unknown
        readonly first_name: string | null
        readonly last_name: string | null
        readonly email: string | null
      }
      const rows = yield* tenant(orgId)(
        sql<HistoryRow>`
          SELECT a.event, a.at, a.detail, u.first_name, u.last_name, u.email
          FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id AND u.org_id = a.org_id
          WHERE a.org_id = ${orgId} AND a.event LIKE 'vendor.%' AND (a.detail ->> 'vendorId') = ${vendorId}
          ORDER BY a.id DESC LIMIT ${limit}`
      )
      return rows.flatMap((row) => {
        if (!isOneOf(VendorHistoryEvent.literals, row.event)) return []
        const detail = (json(row.detail) ?? {}) as Readonly<Record<string, unknown>>
        const textOf = (key: string) => {
          const value = detail[key]
          return typeof value === "string" && value !== "" ? value : null
        }
        const scope = textOf("scope")
        return [
          new VendorHistoryEntry({
            event: row.event,
            at: iso(row.at),
            by: `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() || (row.email ?? ""),
            from: textOf("from"),
            to: textOf("to"),
            scope: isOneOf(VendorHoldScope.literals, scope) ? scope : null,
            releaseDate: textOf("releaseDate")
          })
        ]
      })
    })

    const columnsOf = Effect.fn("SqlVendors.columnsOf")(function* (orgId: OrgId, userId: string) {
      if (!isUuid(userId)) return []
      const rows = yield* tenant(orgId)(
        sql<{ columns: ReadonlyArray<string> }>`
          SELECT columns FROM vendor_list_columns WHERE org_id = ${orgId} AND user_id = ${userId}`
      )
      return [...(rows[0]?.columns ?? [])]
    })

    const saveColumns = Effect.fn("SqlVendors.saveColumns")(function* (
      orgId: OrgId,
      userId: string,
      saved: ReadonlyArray<string>
    ) {
      if (!isUuid(userId)) return
      yield* tenant(orgId)(
        sql`INSERT INTO vendor_list_columns (org_id, user_id, columns)
            VALUES (${orgId}, ${userId}, ${textArray(saved)}::text[])
            ON CONFLICT (org_id, user_id) DO UPDATE SET columns = excluded.columns`
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

    return VendorRepository.of({
      insert,
      find,
      update,
      connect,
      findConnected,
      list,
      counts,
      report,
      history,
      columnsOf,
      saveColumns,
      findByRegistration
    })
  })
)
