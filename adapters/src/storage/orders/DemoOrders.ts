import { Effect } from "effect"
import { privilegesWithCustomRoles } from "@tawreed/core/access"
import { ApprovalCriteria, Approvals, Workflow, WorkflowLevel } from "@tawreed/core/approvals"
import { Actor, type UserId } from "@tawreed/core/identity"
import { Notifications, Recipient } from "@tawreed/core/notifications"
import {
  type Order,
  OrderApproval,
  OrderCommandInput,
  OrderFromRequestInput,
  Orders,
  RequestLinePick
} from "@tawreed/core/orders"
import type { OrgId } from "@tawreed/core/organisations"
import type { Request } from "@tawreed/core/requests"
import type { DemoPerson, DemoPlace } from "../requests/DemoRequests.ts"

/** The demo's orders, by the approved request each orders from. */
export const demoOrders = {
  /** Ordered in full from Sahara Supplies, approved by Sara and sent: the vendor's user sees it and may answer. */
  sent: {
    request: "Printer paper for the head office",
    title: "Printer paper for the head office",
    deliveryDate: "2026-12-15",
    shipmentTerm: "Delivered to the head office store",
    remarks: "Please deliver to the loading bay before noon."
  },
  /** Half the toner ordered from Sahara Supplies, still a draft. */
  draft: {
    request: "Toner cartridges for the second floor printers",
    title: "Toner cartridges, first half",
    quantity: "3"
  }
} as const

/** The head office's order workflow: one level, passed by Sara (the approver). */
export const demoOrderWorkflow = (workspaceId: string, approverId: string) =>
  new Workflow({
    id: "0b0e0000-0000-4000-8005-000000000002",
    workspaceId,
    kind: "order",
    levels: [
      new WorkflowLevel({
        level: 1,
        name: "Head office order approval",
        approvers: [{ type: "USER", userId: approverId }],
        mode: "ONE",
        criteria: new ApprovalCriteria({})
      })
    ],
    version: 0
  })

const actorOf = (orgId: string, person: DemoPerson, customRoles: DemoPlace["customRoles"]) =>
  new Actor({
    sessionId: "demo-data",
    userId: person.id as UserId,
    orgId: orgId as OrgId,
    email: person.email,
    displayName: `${person.firstName} ${person.lastName}`,
    roles: [...person.roles],
    privileges: privilegesWithCustomRoles(person.roles, customRoles)
  })

/**
 * Raises the demo orders through the orders use cases, each step as the person who takes it, so that their numbers,
 * budget moves, approval timelines and notifications are the product's own: the orderer (Amal, who runs purchasing
 * for the organisation) orders the approved printer paper request from Sahara Supplies and submits it (its amount
 * put on the office supplies line as requested), Sara approves it (the amount moves to committed and the request's
 * requested share is released by it) and the orderer sends it to the vendor; she also drafts an order for half the
 * toner. The notices of the sent order are marked read. Answers the sent order and the draft.
 */
export const loadOrders = (
  place: DemoPlace,
  people: { readonly admin: DemoPerson; readonly orderer: DemoPerson; readonly approver: DemoPerson },
  requests: ReadonlyArray<Request>,
  vendorId: string
) =>
  Effect.gen(function* () {
    const orders = yield* Orders
    const approvals = yield* Approvals
    const notifications = yield* Notifications
    const admin = actorOf(place.orgId, people.admin, place.customRoles)
    const buyer = actorOf(place.orgId, people.orderer, place.customRoles)
    const approver = actorOf(place.orgId, people.approver, place.customRoles)
    const requestTitled = (title: string) => {
      const found = requests.find((r) => r.title === title)
      return found === undefined ? Effect.die(`no demo request "${title}"`) : Effect.succeed(found)
    }

    yield* approvals.saveWorkflow(admin, demoOrderWorkflow(place.workspaceId, people.approver.id), 0)

    const paper = yield* requestTitled(demoOrders.sent.request)
    const drafted = yield* orders.createFromRequest(
      buyer,
      paper.id,
      new OrderFromRequestInput({
        vendorId,
        title: demoOrders.sent.title,
        priority: "Medium",
        locationId: paper.locationId,
        deliveryDate: demoOrders.sent.deliveryDate,
        shipmentTerm: demoOrders.sent.shipmentTerm,
        remarks: demoOrders.sent.remarks
      })
    )
    const submitted = yield* orders.submit(buyer, drafted.id, new OrderCommandInput({}))
    const approved = yield* orders.approve(approver, submitted.id, new OrderApproval({}))
    const sent = yield* orders.submitToVendor(buyer, approved.id, new OrderCommandInput({}))

    const toner = yield* requestTitled(demoOrders.draft.request)
    const draft = yield* orders.createFromRequest(
      buyer,
      toner.id,
      new OrderFromRequestInput({
        vendorId,
        title: demoOrders.draft.title,
        locationId: toner.locationId,
        lines: toner.items.map(
          (item) => new RequestLinePick({ requestItemId: item.id, quantity: demoOrders.draft.quantity })
        )
      })
    )

    // Sara opened the order to approve it, and the orderer opened it to send it: both have read its notices.
    for (const person of [people.approver, people.orderer]) {
      const reader = new Recipient({ orgId: place.orgId as OrgId, userId: person.id as UserId })
      const page = yield* notifications.list(reader, 0, 500)
      for (const n of page.notifications) {
        if (n.documentId === sent.number) yield* notifications.markRead(reader, n.id).pipe(Effect.orDie)
      }
    }
    const made: { readonly sent: Order; readonly draft: Order } = { sent, draft }
    return made
  })
