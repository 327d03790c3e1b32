import { Effect, Layer, Option } from "effect"
import { CatalogRepository } from "../../catalog/CatalogRepository.ts"
import { FileRepository } from "../../files/FileRepository.ts"
import type { StoredFile } from "../../files/StoredFile.ts"
import { CatalogInvitation, storedPictureId } from "../../marketplace/Marketplace.ts"
import {
  type MarketplaceOrganisation,
  MarketplaceRepository,
  type StoredCatalogInvitation
} from "../../marketplace/MarketplaceRepository.ts"
import { guestOrgId } from "../../marketplace/Marketplaces.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { MemoryIdentityStore } from "./MemoryIdentity.ts"

/** The code a memory organisation goes by: its id's first block, upper case. */
export const memoryOrgCode = (orgId: string): string => `ORG${orgId.replace(/-/g, "").slice(0, 8).toUpperCase()}`

interface Store {
  readonly kyc: Map<string, { verified: boolean; at: string }>
  readonly invitations: Map<string, StoredCatalogInvitation>
  readonly members: Set<string>
}

const stores = new WeakMap<object, Store>()
const storeOf = (identity: object): Store => {
  let found = stores.get(identity)
  if (found === undefined) {
    found = { kyc: new Map(), invitations: new Map(), members: new Set() }
    stores.set(identity, found)
  }
  return found
}

/**
 * The catalogs an organisation is a member of (it accepted an invitation to them), as the memory marketplace keeps
 * them: what the memory catalog reads as `catalog_members`.
 */
export const memoryMemberCatalogs = (identity: object, orgId: string): ReadonlySet<string> =>
  new Set(
    [...storeOf(identity).members].flatMap((key) => {
      const [member = "", catalogId = ""] = key.split(" ")
      return member === orgId ? [catalogId] : []
    })
  )

/** The marketplace's records in memory, beside the memory organisations and catalogs. */
export const layerMemoryMarketplace = Layer.effect(
  MarketplaceRepository,
  Effect.gen(function* () {
    const identity = yield* MemoryIdentityStore
    const catalogs = yield* CatalogRepository
    const files = yield* FileRepository
    const store = storeOf(identity)

    /** The rules of the `public_picture` policy (migration 0030), read through the organisation's own stores. */
    const publicPicture = (fileId: string) =>
      Effect.gen(function* () {
        for (const orgId of identity.orgs.keys()) {
          const found = yield* files.find(orgId as OrgId, fileId)
          if (Option.isNone(found)) continue
          const file: StoredFile = found.value
          if (
            file.kind !== "IMAGE" ||
            !file.mime.startsWith("image/") ||
            file.entity !== "product" ||
            file.document?.kind !== "product" ||
            file.removedAt !== null
          ) {
            return Option.none<StoredFile>()
          }
          const shown = yield* catalogs.listProducts(orgId as OrgId, {
            sort: "name",
            offset: 0,
            limit: 100_000,
            includeOutOfStock: true
          })
          for (const product of shown) {
            if (!product.public || !product.mediaList.some((m) => storedPictureId(m.src) === file.id)) continue
            for (const catalogId of product.catalogs) {
              const catalog = yield* catalogs.findCatalog(orgId as OrgId, catalogId)
              if (Option.isSome(catalog) && catalog.value.owned && catalog.value.kind === "PUBLIC") {
                return Option.some(file)
              }
            }
          }
          return Option.none<StoredFile>()
        }
        return Option.none<StoredFile>()
      })

    const orgOf = (id: string): MarketplaceOrganisation | undefined => {
      const row = identity.orgs.get(id)
      if (row === undefined) return undefined
      const kyc = store.kyc.get(id)
      return {
        id: id as OrgId,
        code: memoryOrgCode(id),
        name: row.name,
        kycVerified: kyc?.verified === true,
        verifiedAt: kyc?.verified === true ? kyc.at : null
      }
    }

    return MarketplaceRepository.of({
      organisationByCode: (code) =>
        Effect.sync(() =>
          Option.fromNullishOr([...identity.orgs.keys()].map(orgOf).find((o) => o !== undefined && o.code === code))
        ),
      organisation: (orgId) => Effect.sync(() => Option.fromNullishOr(orgOf(orgId))),
      setKyc: (orgId, verified, at) => Effect.sync(() => void store.kyc.set(orgId, { verified, at })),
      publicCatalogIds: (orgId) =>
        Effect.gen(function* () {
          const all = yield* catalogs.listCatalogs(guestOrgId, "public", 0, 500)
          if (orgId === null) return all.catalogs.map((c) => c.id)
          const ids: Array<string> = []
          for (const c of all.catalogs) {
            const mine = yield* catalogs.findCatalog(orgId, c.id)
            if (Option.isSome(mine) && mine.value.owned) ids.push(c.id)
          }
          return ids
        }),
      publicPicture,
      insertInvitation: (orgId, record) =>
        Effect.sync(() => {
          const invitation = new CatalogInvitation({
            id: crypto.randomUUID(),
            catalogId: record.catalogId,
            catalogName: record.catalogName,
            fromOrgName: record.fromOrgName,
            toOrgName: record.toOrgName,
            email: record.email,
            status: "PENDING",
            expiresAt: record.expiresAt,
            createdAt: new Date().toISOString(),
            acceptedAt: null
          })
          store.invitations.set(invitation.id, {
            invitation,
            fromOrgId: orgId,
            toOrgId: record.toOrgId,
            tokenHash: record.tokenHash
          })
          return invitation
        }),
      findInvitationByHash: (tokenHash) =>
        Effect.sync(() =>
          Option.fromNullishOr([...store.invitations.values()].find((row) => row.tokenHash === tokenHash))
        ),
      acceptInvitation: (id, toOrgId, _by, at) =>
        Effect.sync(() => {
          const row = store.invitations.get(id)
          if (row === undefined || row.toOrgId !== toOrgId || row.invitation.status !== "PENDING") return false
          store.invitations.set(id, {
            ...row,
            tokenHash: null,
            invitation: new CatalogInvitation({ ...row.invitation, status: "ACCEPTED", acceptedAt: at })
          })
          store.members.add(`${toOrgId} ${row.invitation.catalogId}`)
          return true
        }),
      pending: (toOrgId, now, offset, limit) =>
        Effect.sync(() => {
          const waiting = [...store.invitations.values()]
            .filter((r) => r.toOrgId === toOrgId && r.invitation.status === "PENDING" && r.invitation.expiresAt > now)
            .map((r) => r.invitation)
            .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? -1 : 1))
          return { invitations: waiting.slice(offset, offset + limit), totalCount: waiting.length }
        })
    })
  })
)
