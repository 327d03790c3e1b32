import { Context, type Effect, type Option } from "effect"
import type { LocalText } from "../catalog/Catalog.ts"
import type { StoredFile } from "../files/StoredFile.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import type { CatalogInvitation } from "./Marketplace.ts"

/** An organisation as the marketplace names it: id, code, name and its KYC standing. */
export interface MarketplaceOrganisation {
  readonly id: OrgId
  readonly code: string
  readonly name: string
  readonly kycVerified: boolean
  readonly verifiedAt: string | null
}

/** A catalog invitation as stored, with the organisations it joins and the hash of its link's token. */
export interface StoredCatalogInvitation {
  readonly invitation: CatalogInvitation
  readonly fromOrgId: OrgId
  readonly toOrgId: OrgId
  readonly tokenHash: string | null
}

export interface NewCatalogInvitationRecord {
  readonly catalogId: string
  readonly catalogName: LocalText
  readonly fromOrgName: string
  readonly toOrgId: OrgId
  readonly toOrgName: string
  readonly email: string
  readonly tokenHash: string
  readonly expiresAt: string
  readonly createdBy: string
}

/**
 * Where the marketplace keeps what is its own: each organisation's KYC standing, the organisations behind public
 * catalogs (looked up by code without a sign-in), the pictures of public products, and catalog invitations, read by the organisation that sent them
 * and the one invited, and found across organisations by the hash of their link's token.
 */
export interface MarketplaceRepositoryShape {
  /** The organisation of that code, whoever asks (its id, name and KYC standing only). */
  readonly organisationByCode: (code: string) => Effect.Effect<Option.Option<MarketplaceOrganisation>>
  /** The organisation's own standing. */
  readonly organisation: (orgId: OrgId) => Effect.Effect<Option.Option<MarketplaceOrganisation>>
  /** Records the organisation's KYC as verified (or not), at this time. */
  readonly setKyc: (orgId: OrgId, verified: boolean, at: string) => Effect.Effect<void>
  /** The ids of the organisation's public catalogs by name, or of every organisation's with no code. */
  readonly publicCatalogIds: (orgId: OrgId | null) => Effect.Effect<ReadonlyArray<string>>
  /**
   * The stored file of that id, whichever organisation keeps it, only when it is a picture (an image) that a live
   * public product in a public catalog of that organisation shows among its pictures; none for any other file.
   */
  readonly publicPicture: (fileId: string) => Effect.Effect<Option.Option<StoredFile>>
  readonly insertInvitation: (orgId: OrgId, record: NewCatalogInvitationRecord) => Effect.Effect<CatalogInvitation>
  /** The invitation a token's hash names, whichever organisation sent it or is invited. */
  readonly findInvitationByHash: (tokenHash: string) => Effect.Effect<Option.Option<StoredCatalogInvitation>>
  /** Marks an invitation accepted by the invited organisation, its link spent; false when it was no longer pending. */
  readonly acceptInvitation: (id: string, toOrgId: OrgId, by: string, at: string) => Effect.Effect<boolean>
  /** The invitations waiting for the organisation (pending, not lapsed at `now`), newest first. */
  readonly pending: (
    toOrgId: OrgId,
    now: string,
    offset: number,
    limit: number
  ) => Effect.Effect<{ readonly invitations: ReadonlyArray<CatalogInvitation>; readonly totalCount: number }>
}

/** Port: the marketplace's own records. */
export class MarketplaceRepository extends Context.Service<MarketplaceRepository, MarketplaceRepositoryShape>()(
  "@tawreed/core/marketplace/MarketplaceRepository"
) {}
