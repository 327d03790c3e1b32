import { randomUUID } from "node:crypto"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { LocalText } from "@tawreed/core/catalog"
import {
  CatalogInvitation,
  type CatalogInvitationStatus,
  guestOrgId,
  type MarketplaceOrganisation,
  MarketplaceRepository,
  type StoredCatalogInvitation
} from "@tawreed/core/marketplace"
import type { OrgId } from "@tawreed/core/organisations"
import type { StoredFile } from "@tawreed/core/files"
import { fileColumns, fileOf, type FileRow } from "../files/SqlFileRepository.ts"
import { isUuid, pageWithTotal, tenantScope } from "../SqlKit.ts"
import { beforeTenant, isSqlError } from "../Tenancy.ts"

interface OrgRow {
  readonly id: string
  readonly code: string
  readonly name: string
  readonly verified: boolean | null
  readonly verified_at: Date | string | null
}

interface InvitationRow {
  readonly id: string
  readonly org_id: string
  readonly to_org_id: string
  readonly catalog_id: string
  readonly catalog_name_en: string
  readonly catalog_name_ar: string
  readonly from_org_name: string
  readonly to_org_name: string
  readonly email: string
  readonly status: string
  readonly token_hash: string | null
  readonly expires_at: Date | string
  readonly created_at: Date | string
  readonly accepted_at: Date | string | null
}

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString()

const orgOf = (row: OrgRow): MarketplaceOrganisation => ({
  id: row.id as OrgId,
  code: row.code,
  name: row.name,
  kycVerified: row.verified === true,
  verifiedAt: row.verified === true && row.verified_at !== null ? iso(row.verified_at) : null
})

const invitationOf = (row: InvitationRow): CatalogInvitation =>
  new CatalogInvitation({
    id: row.id,
    catalogId: row.catalog_id,
    catalogName: new LocalText({ en: row.catalog_name_en, ar: row.catalog_name_ar }),
    fromOrgName: row.from_org_name,
    toOrgName: row.to_org_name,
    email: row.email,
    status: row.status as CatalogInvitationStatus,
    expiresAt: iso(row.expires_at),
    createdAt: iso(row.created_at),
    acceptedAt: row.accepted_at === null ? null : iso(row.accepted_at)
  })

const invitationColumns = `i.id, i.org_id, i.to_org_id, i.catalog_id, i.catalog_name_en, i.catalog_name_ar,
  i.from_org_name, i.to_org_name, i.email, i.status, i.token_hash, i.expires_at, i.created_at, i.accepted_at`

/**
 * The marketplace's records in PostgreSQL: organisations and their KYC read by code through the code lookup policy,
 * the organisation's own standing in its tenancy, public catalogs through their public policy, a public product's
 * picture through the `public_picture` policy that its id opens for one read (migration 0030), and catalog
 * invitations in the sender's or the invited organisation's tenancy, or by their token's hash.
 */
export const SqlMarketplace = Layer.effect(
  MarketplaceRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const tenant = tenantScope(sql)
    const provide = Effect.provideService(SqlClient.SqlClient, sql)
    const cols = sql.literal(invitationColumns)

    const organisationByCode = Effect.fn("SqlMarketplace.organisationByCode")(function* (code: string) {
      if (code === "" || code.length > 100) return Option.none<MarketplaceOrganisation>()
      const rows = yield* beforeTenant(
        "app.theme_org_code",
        code
      )(
        sql<OrgRow>`SELECT o.id, o.code, o.name, k.verified, k.verified_at
                    FROM organisations o LEFT JOIN organisation_kyc k ON k.org_id = o.id
                    WHERE o.code = ${code}`
      ).pipe(provide, Effect.catchIf(isSqlError, Effect.die))
      return rows[0] === undefined ? Option.none<MarketplaceOrganisation>() : Option.some(orgOf(rows[0]))
    })

    const organisation = Effect.fn("SqlMarketplace.organisation")(function* (orgId: OrgId) {
      const rows = yield* tenant(orgId)(
        sql<OrgRow>`SELECT o.id, o.code, o.name, k.verified, k.verified_at
                    FROM organisations o LEFT JOIN organisation_kyc k ON k.org_id = o.id
                    WHERE o.id = ${orgId}`
      )
      return rows[0] === undefined ? Option.none<MarketplaceOrganisation>() : Option.some(orgOf(rows[0]))
    })

    const setKyc = Effect.fn("SqlMarketplace.setKyc")(function* (orgId: OrgId, verified: boolean, at: string) {
      yield* tenant(orgId)(
        sql`INSERT INTO organisation_kyc (org_id, verified, verified_at, updated_at)
            VALUES (${orgId}, ${verified}, ${verified ? at : null}, ${at})
            ON CONFLICT (org_id) DO UPDATE
              SET verified = EXCLUDED.verified, verified_at = EXCLUDED.verified_at, updated_at = EXCLUDED.updated_at`
      )
    })

    const publicCatalogIds = Effect.fn("SqlMarketplace.publicCatalogIds")(function* (orgId: OrgId | null) {
      const rows = yield* tenant(guestOrgId)(
        orgId === null
          ? sql<{ id: string }>`SELECT c.id FROM catalogs c WHERE c.kind = 'PUBLIC' ORDER BY c.name_key, c.id LIMIT 500`
          : sql<{ id: string }>`SELECT c.id FROM catalogs c WHERE c.kind = 'PUBLIC' AND c.org_id = ${orgId}
                                ORDER BY c.name_key, c.id LIMIT 500`
      )
      return rows.map((r) => r.id)
    })

    const fileCols = sql.literal(fileColumns)
    /** Read as a guest (no organisation of its own), the policy opened for this one file only. */
    const publicPicture = Effect.fn("SqlMarketplace.publicPicture")(function* (fileId: string) {
      if (!isUuid(fileId)) return Option.none<StoredFile>()
      const id = fileId.toLowerCase()
      const rows = yield* tenant(guestOrgId)(
        beforeTenant("app.public_picture_id", id)(sql<FileRow>`SELECT ${fileCols} FROM stored_files WHERE id = ${id}`)
      )
      return rows[0] === undefined ? Option.none<StoredFile>() : Option.some(fileOf(rows[0]))
    })

    const insertInvitation = Effect.fn("SqlMarketplace.insertInvitation")(function* (
      orgId: OrgId,
      record: Parameters<MarketplaceRepository["Service"]["insertInvitation"]>[1]
    ) {
      const id = randomUUID()
      const rows = yield* tenant(orgId)(
        sql<InvitationRow>`
          INSERT INTO catalog_invitations (id, org_id, to_org_id, catalog_id, catalog_name_en, catalog_name_ar,
            from_org_name, to_org_name, email, status, token_hash, expires_at, created_by)
          VALUES (${id}, ${orgId}, ${record.toOrgId}, ${record.catalogId}, ${record.catalogName.en},
            ${record.catalogName.ar}, ${record.fromOrgName}, ${record.toOrgName}, ${record.email}, 'PENDING',
            ${record.tokenHash}, ${record.expiresAt}, ${record.createdBy})
          RETURNING id, org_id, to_org_id, catalog_id, catalog_name_en, catalog_name_ar, from_org_name, to_org_name,
            email, status, token_hash, expires_at, created_at, accepted_at`
      )
      return invitationOf(rows[0]!)
    })

    const findInvitationByHash = Effect.fn("SqlMarketplace.findInvitationByHash")(function* (tokenHash: string) {
      if (!/^[0-9a-f]{64}$/.test(tokenHash)) return Option.none<StoredCatalogInvitation>()
      const rows = yield* beforeTenant(
        "app.invite_token_hash",
        tokenHash
      )(sql<InvitationRow>`SELECT ${cols} FROM catalog_invitations i WHERE i.token_hash = ${tokenHash}`).pipe(
        provide,
        Effect.catchIf(isSqlError, Effect.die)
      )
      const row = rows[0]
      if (row === undefined) return Option.none<StoredCatalogInvitation>()
      return Option.some<StoredCatalogInvitation>({
        invitation: invitationOf(row),
        fromOrgId: row.org_id as OrgId,
        toOrgId: row.to_org_id as OrgId,
        tokenHash: row.token_hash
      })
    })

    const acceptInvitation = Effect.fn("SqlMarketplace.acceptInvitation")(function* (
      id: string,
      toOrgId: OrgId,
      by: string,
      at: string
    ) {
      if (!isUuid(id)) return false
      return yield* tenant(toOrgId)(
        Effect.gen(function* () {
          const rows = yield* sql<{ id: string; catalog_id: string }>`
            UPDATE catalog_invitations
               SET status = 'ACCEPTED', token_hash = NULL, accepted_at = ${at}, accepted_by = ${by}
             WHERE id = ${id} AND to_org_id = ${toOrgId} AND status = 'PENDING'
             RETURNING id, catalog_id`
          const row = rows[0]
          if (row === undefined) return false
          yield* sql`INSERT INTO catalog_members (catalog_id, org_id, invitation_id, accepted_at)
                     VALUES (${row.catalog_id}, ${toOrgId}, ${id}, ${at})
                     ON CONFLICT (org_id, catalog_id) DO UPDATE
                       SET invitation_id = EXCLUDED.invitation_id, accepted_at = EXCLUDED.accepted_at`
          return true
        })
      )
    })

    const pending = Effect.fn("SqlMarketplace.pending")(function* (
      toOrgId: OrgId,
      now: string,
      offset: number,
      limit: number
    ) {
      return yield* tenant(toOrgId)(
        Effect.gen(function* () {
          const waiting = sql`i.to_org_id = ${toOrgId} AND i.status = 'PENDING' AND i.expires_at > ${now}`
          const { rows, totalCount } = yield* pageWithTotal(
            sql<InvitationRow & { total: number | string }>`
              SELECT ${cols}, count(*) OVER () AS total FROM catalog_invitations i WHERE ${waiting}
              ORDER BY i.created_at DESC, i.id LIMIT ${limit} OFFSET ${offset}`,
            offset,
            () => sql<{ n: number | string }>`SELECT count(*) AS n FROM catalog_invitations i WHERE ${waiting}`
          )
          return { invitations: rows.map(invitationOf), totalCount }
        })
      )
    })

    return MarketplaceRepository.of({
      organisationByCode,
      organisation,
      setKyc,
      publicCatalogIds,
      publicPicture,
      insertInvitation,
      findInvitationByHash,
      acceptInvitation,
      pending
    })
  })
)
