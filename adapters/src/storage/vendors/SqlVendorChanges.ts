import { randomUUID } from "node:crypto"
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { defaultInviteExpiryDays } from "@tawreed/core/invites"
import type { OrgId } from "@tawreed/core/organisations"
import { VersionConflict } from "@tawreed/core/shared"
import {
  VendorChange,
  VendorChangeRepository,
  type VendorChangeStatus,
  VendorKeyDetails,
  type VendorKeyField
} from "@tawreed/core/vendors"
import { textArray } from "../SqlArrays.ts"
import { isUuid, json, tenantScope, thenFind, updateAtVersion } from "../SqlKit.ts"

const decodeDetails = Schema.decodeUnknownSync(VendorKeyDetails)
const encodeDetails = (details: VendorKeyDetails) => JSON.stringify(Schema.encodeSync(VendorKeyDetails)(details))

interface ChangeRow {
  readonly id: string
  readonly vendor_id: string
  readonly status: VendorChangeStatus
  readonly fields: ReadonlyArray<string>
  readonly before: unknown
  readonly after: unknown
  readonly vendor_version: number
  readonly requested_by: string
  readonly first_name: string | null
  readonly last_name: string | null
  readonly email: string | null
  readonly remark: string
  readonly version: number
  readonly created_at: Date | string
  readonly decided_at: Date | string | null
}

const iso = (at: Date | string): string => new Date(at).toISOString()

const toChange = (row: ChangeRow): VendorChange =>
  new VendorChange({
    id: row.id,
    vendorId: row.vendor_id,
    status: row.status,
    fields: [...row.fields] as Array<VendorKeyField>,
    before: decodeDetails(json(row.before)),
    after: decodeDetails(json(row.after)),
    vendorVersion: Number(row.vendor_version),
    requestedBy: row.requested_by,
    requestedByName: `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() || (row.email ?? ""),
    remark: row.remark,
    version: Number(row.version),
    createdAt: iso(row.created_at),
    decidedAt: row.decided_at === null ? null : iso(row.decided_at)
  })

/**
 * Proposed changes to vendors' key details in PostgreSQL, inside the organisation. The partial unique index keeps
 * one PENDING change per vendor: a second concurrent insert meets it and fails as a VersionConflict.
 */
export const SqlVendorChanges = Layer.effect(
  VendorChangeRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const tenant = tenantScope(sql)
    const select = sql`
      SELECT c.id, c.vendor_id, c.status, c.fields, c.before, c.after, c.vendor_version, c.requested_by,
             u.first_name, u.last_name, u.email, c.remark, c.version, c.created_at, c.decided_at
      FROM vendor_changes c LEFT JOIN users u ON u.id = c.requested_by AND u.org_id = c.org_id`

    const findIn = (orgId: OrgId, id: string) =>
      Effect.gen(function* () {
        if (!isUuid(id)) return Option.none<VendorChange>()
        const rows = yield* sql<ChangeRow>`${select} WHERE c.org_id = ${orgId} AND c.id = ${id}`
        return Option.map(Option.fromNullishOr(rows[0]), toChange)
      })

    return VendorChangeRepository.of({
      insert: (orgId, change) =>
        tenant(orgId)(
          Effect.gen(function* () {
            const id = randomUUID()
            const rows = yield* sql<{ id: string }>`
              INSERT INTO vendor_changes
                (id, org_id, vendor_id, status, fields, before, after, vendor_version, requested_by)
              VALUES (${id}, ${orgId}, ${change.vendorId}, 'PENDING', ${textArray(change.fields)}::text[],
                ${encodeDetails(change.before)}::jsonb, ${encodeDetails(change.after)}::jsonb,
                ${change.vendorVersion}, ${change.requestedBy})
              ON CONFLICT (org_id, vendor_id) WHERE status = 'PENDING' DO NOTHING
              RETURNING id`
            if (rows[0] === undefined) {
              return yield* new VersionConflict({ entity: "vendor_change", id: change.vendorId })
            }
            return Option.getOrThrow(yield* findIn(orgId, id))
          })
        ),
      find: (orgId, id) => tenant(orgId)(findIn(orgId, id)),
      pendingOf: (orgId, vendorId) =>
        tenant(orgId)(
          Effect.gen(function* () {
            if (!isUuid(vendorId)) return Option.none<VendorChange>()
            const rows = yield* sql<ChangeRow>`
              ${select} WHERE c.org_id = ${orgId} AND c.vendor_id = ${vendorId} AND c.status = 'PENDING'`
            return Option.map(Option.fromNullishOr(rows[0]), toChange)
          })
        ),
      recentOf: (orgId, vendorId, limit) =>
        tenant(orgId)(
          Effect.gen(function* () {
            if (!isUuid(vendorId)) return []
            const rows = yield* sql<ChangeRow>`
              ${select} WHERE c.org_id = ${orgId} AND c.vendor_id = ${vendorId} AND c.status <> 'PENDING'
              ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit}`
            return rows.map(toChange)
          })
        ),
      decide: (orgId, id, status, remark, expectedVersion) =>
        tenant(orgId)(
          updateAtVersion(
            { table: "vendor_changes", entity: "vendor_change", orgId, id, version: expectedVersion },
            sql`status = ${status}, remark = ${remark}, decided_at = date_trunc('milliseconds', now())`
          ).pipe(thenFind(findIn(orgId, id)))
        ),
      reviewsAllKeyFields: (orgId) =>
        tenant(orgId)(
          Effect.map(
            sql<{ review_vendor_changes: boolean }>`
              SELECT review_vendor_changes FROM onboarding_rules WHERE org_id = ${orgId}`,
            (rows) => rows[0]?.review_vendor_changes ?? true
          )
        ),
      setReviewsAllKeyFields: (orgId, on) =>
        tenant(orgId)(
          Effect.asVoid(
            sql`
              INSERT INTO onboarding_rules (org_id, expiry_days, review_vendor_changes)
              VALUES (${orgId}, ${defaultInviteExpiryDays}, ${on})
              ON CONFLICT (org_id) DO UPDATE SET review_vendor_changes = EXCLUDED.review_vendor_changes`
          )
        )
    })
  })
)
