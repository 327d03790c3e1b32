import { Context, type Effect, type Option } from "effect"
import type { OrgId } from "../organisations/Organisation.ts"
import type { VersionConflict } from "../shared/Errors.ts"
import type { VendorChange, VendorChangeStatus, VendorKeyDetails, VendorKeyField } from "./VendorChange.ts"

/** A change as proposed, before storage gives it its id, version and times. */
export interface NewVendorChange {
  readonly vendorId: string
  readonly fields: ReadonlyArray<VendorKeyField>
  readonly before: VendorKeyDetails
  readonly after: VendorKeyDetails
  readonly vendorVersion: number
  readonly requestedBy: string
}

/**
 * Where proposed changes to vendors' key details are kept, per vendor connection. Every call is scoped to one
 * organisation. A vendor has at most one PENDING change: SQL keeps that with a partial unique index, so a second
 * concurrent proposal fails (`VendorChangePending` from the use case, which asks `pendingOf` first in the
 * transaction that locks the vendor row).
 */
export interface VendorChangeRepositoryShape {
  /** Stores a PENDING change at version 1; fails with the vendor's pending change taken by a concurrent writer. */
  readonly insert: (orgId: OrgId, change: NewVendorChange) => Effect.Effect<VendorChange, VersionConflict>
  readonly find: (orgId: OrgId, id: string) => Effect.Effect<Option.Option<VendorChange>>
  /** The vendor's PENDING change, if it has one. */
  readonly pendingOf: (orgId: OrgId, vendorId: string) => Effect.Effect<Option.Option<VendorChange>>
  /** The vendor's decided changes, newest first (at most `limit`). */
  readonly recentOf: (orgId: OrgId, vendorId: string, limit: number) => Effect.Effect<ReadonlyArray<VendorChange>>
  /** Moves a change to a decided status with its remark when its version is `expectedVersion`. */
  readonly decide: (
    orgId: OrgId,
    id: string,
    status: VendorChangeStatus,
    remark: string,
    expectedVersion: number
  ) => Effect.Effect<Option.Option<VendorChange>, VersionConflict>
  /**
   * The onboarding rule "Review changes to vendor details": whether legal names, CR and VAT numbers and addresses
   * are reviewed too (bank accounts always are). On for an organisation that never changed it.
   */
  readonly reviewsAllKeyFields: (orgId: OrgId) => Effect.Effect<boolean>
  /** Sets the rule for the organisation (its other onboarding rules keep their values). */
  readonly setReviewsAllKeyFields: (orgId: OrgId, on: boolean) => Effect.Effect<void>
}

/** Port: proposed changes to vendors' key details. */
export class VendorChangeRepository extends Context.Service<VendorChangeRepository, VendorChangeRepositoryShape>()(
  "@tawreed/core/vendors/VendorChangeRepository"
) {}
