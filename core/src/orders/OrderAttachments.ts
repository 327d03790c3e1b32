import { Effect } from "effect"
import { DocumentReaders, type DocumentReader } from "../files/DocumentReaders.ts"
import type { Actor } from "../identity/Actor.ts"
import { WorkspaceRepository } from "../workspaces/Workspace.ts"
import { privilegesInWorkspace } from "../workspaces/Workspaces.ts"
import { Orders } from "./Orders.ts"
import { isOrderEditable } from "./OrderStatus.ts"

/** The kind of document an order is to the files module. */
export const orderAttachmentKind = "order"

/**
 * How orders guard their attachments (core/src/files/DocumentReaders.ts): a file on an order is downloaded by whoever
 * reads the order — its buyers as `Orders.get` allows (privileges, its creator, watchers, approvers) and the vendor it
 * was sent to (`Orders.getForVendor`, as Coupa's supplier portal shows a PO's attachments) — and taken off by whoever
 * may edit it now: its status is still editable and the actor created it or holds `ord_u_o`, or `ord_u_w` in the
 * order's workspace.
 */
export const orderReader: Effect.Effect<DocumentReader, never, Orders | WorkspaceRepository> = Effect.gen(function* () {
  const orders = yield* Orders
  const workspaces = yield* WorkspaceRepository
  const readable = (actor: Actor, id: string) => Effect.option(orders.get(actor, id))
  return {
    mayRead: (actor, id) =>
      Effect.gen(function* () {
        if ((yield* readable(actor, id))._tag === "Some") return true
        return (yield* Effect.option(orders.getForVendor(actor, id)))._tag === "Some"
      }),
    mayChange: (actor, id) =>
      Effect.gen(function* () {
        const found = yield* readable(actor, id)
        if (found._tag === "None" || !isOrderEditable(found.value.status)) return false
        const order = found.value
        if (order.createdBy === actor.userId || actor.privileges.includes("ord_u_o")) return true
        const memberships = yield* workspaces.membershipsOf(actor.orgId, actor.userId)
        const membership = memberships.find((m) => m.workspaceId === order.workspaceId)
        return membership !== undefined && privilegesInWorkspace(actor.privileges, membership.role).includes("ord_u_w")
      })
  }
})

/** Registers the orders' reader with the files module as the app starts. */
export const orderAttachmentsRegistration = DocumentReaders.registration(orderAttachmentKind, orderReader)
