import { describe, expect, it } from "vitest"
import * as fc from "fast-check"
import { labelOf, NotificationType, unreadBadge } from "./Notification.ts"
import { canTransition, NotificationStatus, transitions } from "./NotificationStatus.ts"

const types = NotificationType.literals

describe("notification labels", () => {
  it("reads '{Module} #{id}' for the spec's modules, in both languages", () => {
    const cases: Array<[string, string, string]> = [
      ["requests", "Request #12", "طلب #12"],
      ["rfqs", "Offer #12", "عرض #12"],
      ["orders", "Order #12", "أمر شراء #12"],
      ["bills", "Bill #12", "فاتورة #12"],
      ["payments", "Payment #12", "دفعة #12"],
      ["workspaces", "Workspace #12", "مساحة عمل #12"],
      ["vendors", "Vendor #12", "مورّد #12"],
      // Budget changes (and notices about a budget) are filed under budgets, not under their workspace.
      ["budgets", "Budget #12", "ميزانية #12"]
    ]
    for (const [module, en, ar] of cases) {
      const n = { module, type: "OFFER_WAITING_FOR_APPROVAL" as const, documentId: "12" }
      expect(labelOf(n, "en")).toBe(en)
      expect(labelOf(n, "ar")).toBe(ar)
    }
  })

  it("reads Request for a rfq_waiting_for_approval notification in the rfqs module", () => {
    expect(labelOf({ module: "rfqs", type: "RFQ_WAITING_FOR_APPROVAL", documentId: "7" }, "en")).toBe("Request #7")
    expect(labelOf({ module: "rfqs", type: "RFQ_WAITING_FOR_APPROVAL", documentId: "7" }, "ar")).toBe("طلب #7")
  })

  it("always ends with ' #' and the document id, whatever the module, type and id", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ minLength: 1 }), fc.constantFrom("constructor", "__proto__", "toString", "rfqs")),
        fc.constantFrom(...types),
        fc.string({ minLength: 1 }),
        fc.constantFrom("en" as const, "ar" as const),
        (module, type, documentId, locale) => {
          const label = labelOf({ module, type, documentId }, locale)
          return label.endsWith(` #${documentId}`) && label.length > documentId.length + 2
        }
      )
    )
  })
})

describe("the unread badge", () => {
  it("shows the count up to 99 and '99+' from 100", () => {
    expect(unreadBadge(0)).toBe("0")
    expect(unreadBadge(7)).toBe("7")
    expect(unreadBadge(99)).toBe("99")
    expect(unreadBadge(100)).toBe("99+")
    fc.assert(
      fc.property(fc.nat(1_000_000), (n) => (n >= 100 ? unreadBadge(n) === "99+" : unreadBadge(n) === String(n)))
    )
  })
})

describe("the notification status machine", () => {
  it("lets UNREAD become READ and nothing else", () => {
    expect(canTransition("UNREAD", "READ")).toBe(true)
    expect(canTransition("READ", "UNREAD")).toBe(false)
    expect(canTransition("UNREAD", "UNREAD")).toBe(false)
    expect(canTransition("READ", "READ")).toBe(false)
  })

  it("reaches every status from UNREAD, and READ is terminal", () => {
    const seen = new Set<string>(["UNREAD"])
    const queue: Array<NotificationStatus> = ["UNREAD"]
    while (queue.length > 0)
      for (const next of transitions[queue.shift()!]) if (!seen.has(next) && seen.add(next)) queue.push(next)
    expect([...seen].sort()).toEqual([...NotificationStatus.literals].sort())
    expect(transitions.READ).toEqual([])
  })
})
