import { DateTime, Effect } from "effect"
import type { Actor } from "../identity/Actor.ts"
import { VendorRepository } from "../vendors/VendorRepository.ts"
import type { VendorName } from "../vendors/Vendor.ts"
import { WorkspaceRepository } from "../workspaces/Workspace.ts"
import { privilegesInWorkspace } from "../workspaces/Workspaces.ts"

/** A vendor an order may go to, as the order form's vendor choice names it. */
export interface OrderVendorChoice {
  readonly id: string
  readonly number: string
  readonly name: VendorName
}

/** The most vendors the choice lists (the vendor master's page limit). */
export const orderVendorChoiceLimit = 500

/**
 * The vendors an order creator may address an order to: the organisation's vendors that read active today and are on
 * no hold, by name and number only. Whoever may create an order (`ord_c_o`, or `ord_c_w` in one of their workspaces)
 * reads them without `ven_r_o`, as Odoo's purchase users pick a vendor without the contacts app's rights: the
 * choice shows names, never the vendor master's bank, documents or contacts. Others get none.
 */
export const orderVendorChoices = (
  actor: Actor
): Effect.Effect<ReadonlyArray<OrderVendorChoice>, never, VendorRepository | WorkspaceRepository> =>
  Effect.gen(function* () {
    const workspaces = yield* WorkspaceRepository
    const creates =
      actor.privileges.includes("ord_c_o") ||
      (yield* workspaces.membershipsOf(actor.orgId, actor.userId)).some((m) =>
        privilegesInWorkspace(actor.privileges, m.role).includes("ord_c_w")
      )
    if (!creates) return []
    const today = DateTime.formatIsoDateUtc(yield* DateTime.now)
    const vendors = yield* (yield* VendorRepository).list(actor.orgId, {
      statuses: ["VENDOR_ACTIVE"],
      today,
      offset: 0,
      limit: orderVendorChoiceLimit
    })
    return vendors
      .filter((vendor) => vendor.hold === null)
      .map((vendor) => ({ id: vendor.id, number: vendor.number, name: vendor.name }))
  })
