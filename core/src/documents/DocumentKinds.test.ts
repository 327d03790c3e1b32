import { assert, describe, it } from "@effect/vitest"
import { DocumentKind } from "../approvals/Workflow.ts"
import { NotificationType } from "../notifications/Notification.ts"
import { documentNumberPrefixes } from "../shared/DocumentNumber.ts"
import { readingWorkspaceOf } from "./DocumentKindDescriptor.ts"
import { documentKinds, documentPath } from "./DocumentKinds.ts"

describe("the document kinds", () => {
  it("describe every kind the approval engine runs, each under its own name", () => {
    assert.deepStrictEqual(Object.keys(documentKinds).sort(), [...DocumentKind.literals].sort())
    for (const [kind, descriptor] of Object.entries(documentKinds)) assert.strictEqual(descriptor.kind, kind)
  })

  it("tell the engine each kind's module, notification, privileges and page", () => {
    const told = Object.values(documentKinds).map((d) => [
      d.kind,
      d.module,
      d.notificationType,
      d.privilegeModule,
      documentPath(d.kind, "d1")
    ])
    assert.deepStrictEqual(told, [
      ["request", "requests", "REQUEST_WAITING_FOR_APPROVAL", "req", "/requests/d1"],
      ["rfq", "rfqs", "RFQ_WAITING_FOR_APPROVAL", "rfq", "/rfqs/d1"],
      ["pre_rfq_approval", "rfqs", "RFQ_WAITING_FOR_APPROVAL", "rfq", "/rfqs/d1"],
      ["order", "orders", "ORDER_WAITING_FOR_APPROVAL", "ord", "/orders/d1"],
      ["bill", "bills", "BILL_WAITING_FOR_APPROVAL", "bil", "/bills/d1"],
      ["workspace", "workspaces", "WORKSPACE_WAITING_FOR_APPROVAL", "wkp", "/workspaces/d1/details"],
      ["budget", "budgets", "BUDGET_WAITING_FOR_APPROVAL", "bdg", "/budgets/changes/d1"],
      ["invite", "vendors", "INVITE_WAITING_FOR_REVIEW", "ven", "/vendors/invited/d1"],
      ["vendor_change", "vendors", "VENDOR_WAITING_FOR_REVIEW", "ven", "/vendors/changes/d1"],
      ["contract", "contracts", "CONTRACT_WAITING_FOR_APPROVAL", "ven", "/orders/contracts/d1"]
    ])
    for (const d of Object.values(documentKinds)) {
      assert.isTrue(NotificationType.literals.includes(d.notificationType), d.kind)
      assert.deepStrictEqual(d.privileges.read, [`${d.privilegeModule}_r_o`, `${d.privilegeModule}_r_w`])
      assert.isTrue(d.numbered === undefined || Object.hasOwn(documentNumberPrefixes, d.numbered), d.kind)
      assert.include(d.noun.en, "{title}")
      assert.include(d.noun.ar, "{title}")
    }
  })

  it("let a workspace's own readers follow its approval, and a document's those of its workspace", () => {
    const place = { documentId: "w1", workspaceId: null }
    assert.strictEqual(readingWorkspaceOf(documentKinds.workspace, place), "w1")
    assert.strictEqual(readingWorkspaceOf(documentKinds.budget, { documentId: "c1", workspaceId: "w2" }), "w2")
    assert.strictEqual(readingWorkspaceOf(documentKinds.request, place), null)
  })
})
