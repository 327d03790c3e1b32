import { describe, expect, it } from "vitest"
import * as fc from "fast-check"
import { Option } from "effect"
import { Vendor, VendorDocument, VendorHold, VendorHoldScope, VendorName, type VendorStatus } from "./Vendor.ts"
import {
  holdApplies,
  vendorBusinessKinds,
  type VendorDocumentKindOfBusiness,
  vendorHoldRefusal,
  vendorStandingRefusal,
  vendorTradeRefusal
} from "./VendorHolds.ts"

const kinds = vendorBusinessKinds

const vendorWith = (
  hold: VendorHold | null,
  status: VendorStatus = "VENDOR_ACTIVE",
  documents: ReadonlyArray<VendorDocument> = []
) =>
  new Vendor({
    id: "0b6d3c1e-8f4a-4c2b-9a7e-1d2c3b4a5f60",
    number: "VEN-000001",
    connected: false,
    name: new VendorName({ en: "Sahara Supplies", ar: "توريدات الصحراء" }),
    country: "SA",
    crNumber: "1010123456",
    vatNumber: "300000000000003",
    addresses: [],
    contacts: [],
    bankAccounts: [],
    categories: [],
    paymentTermsDays: 30,
    currency: "SAR",
    status,
    documents,
    hold,
    remarks: "",
    createdBy: "u",
    version: 1,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z"
  })

const holdOf = (scope: VendorHoldScope, releaseDate: string | null = null) =>
  new VendorHold({ scope, reason: "", releaseDate, heldBy: "u", heldAt: "2026-01-01T00:00:00.000Z" })

const refusal = (vendor: Vendor, kind: VendorDocumentKindOfBusiness, today = "2026-03-01") =>
  Option.match(vendorHoldRefusal(vendor, kind, today), { onNone: () => null, onSome: (e) => e._tag })

const trade = (vendor: Vendor, kind: VendorDocumentKindOfBusiness, today = "2026-03-01") =>
  Option.match(vendorTradeRefusal(vendor, kind, today), { onNone: () => null, onSome: (e) => e._tag })

/** Days from 2025 to 2027, as `YYYY-MM-DD`. */
const day = fc
  .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10))

describe("vendorHoldRefusal", () => {
  it("stops exactly the documents each hold scope names", () => {
    expect(kinds.map((k) => refusal(vendorWith(holdOf("ALL")), k))).toEqual([
      "VendorOnHold",
      "VendorOnHold",
      "VendorOnHold",
      "VendorOnHold"
    ])
    expect(kinds.map((k) => refusal(vendorWith(holdOf("INVOICES")), k))).toEqual([
      null,
      null,
      "VendorInvoicesOnHold",
      null
    ])
    expect(kinds.map((k) => refusal(vendorWith(holdOf("PAYMENTS")), k))).toEqual([
      null,
      null,
      null,
      "VendorPaymentsOnHold"
    ])
    expect(kinds.map((k) => refusal(vendorWith(null), k))).toEqual([null, null, null, null])
  })

  it("holds through its release date and stops nothing after it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VendorHoldScope.literals),
        day,
        day,
        fc.constantFrom(...kinds),
        (scope, release, today, kind) => {
          const vendor = vendorWith(holdOf(scope, release))
          const found = refusal(vendor, kind, today)
          if (today > release) expect(found).toBeNull()
          else expect(found !== null).toBe(refusal(vendorWith(holdOf(scope)), kind, today) !== null)
          expect(holdApplies(vendor, today)).toBe(today <= release)
        }
      )
    )
  })

  it("never stops a kind its scope does not name, whatever the day", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VendorHoldScope.literals),
        fc.option(day, { nil: null }),
        day,
        (scope, release, today) => {
          const vendor = vendorWith(holdOf(scope, release))
          for (const kind of kinds) {
            const named =
              scope === "ALL" ||
              (scope === "INVOICES" && kind === "bill") ||
              (scope === "PAYMENTS" && kind === "payment")
            if (!named) expect(refusal(vendor, kind, today)).toBeNull()
          }
        }
      )
    )
  })

  it("keeps an inactive or expired vendor from new RFQs and orders, but lets its bills and payments through", () => {
    const inactive = vendorWith(null, "VENDOR_INACTIVE")
    expect(kinds.map((k) => trade(inactive, k))).toEqual(["VendorInactive", "VendorInactive", null, null])
    expect(kinds.map((k) => refusal(inactive, k))).toEqual([null, null, null, null])
    const lapsed = vendorWith(null, "VENDOR_ACTIVE", [
      new VendorDocument({ kind: "CR", number: "1010123456", expiresOn: "2026-02-28", fileId: null })
    ])
    expect(kinds.map((k) => trade(lapsed, k, "2026-03-01"))).toEqual(["VendorExpired", "VendorExpired", null, null])
    expect(kinds.map((k) => trade(lapsed, k, "2026-02-28"))).toEqual([null, null, null, null])
    const otherLapsed = vendorWith(null, "VENDOR_ACTIVE", [
      new VendorDocument({ kind: "OTHER", number: "", expiresOn: "2020-01-01", fileId: null })
    ])
    expect(trade(otherLapsed, "order")).toBeNull()
  })

  it("names the vendor in both languages", () => {
    const found = Option.getOrThrow(vendorHoldRefusal(vendorWith(holdOf("PAYMENTS")), "payment", "2026-03-01"))
    expect(found).toMatchObject({ nameEn: "Sahara Supplies", nameAr: "توريدات الصحراء" })
  })
})

/** A vendor's standing and documents, drawn: active, inactive, or active with a CR lapsing on some day. */
const standing = fc.record({
  status: fc.constantFrom<VendorStatus>("VENDOR_ACTIVE", "VENDOR_INACTIVE"),
  crExpires: fc.option(day, { nil: null })
})

/** A hold, drawn: none (never held or released), or a scope with or without a release date. */
const anyHold = fc.option(
  fc.record({ scope: fc.constantFrom(...VendorHoldScope.literals), release: fc.option(day, { nil: null }) }),
  { nil: null }
)

describe("vendorTradeRefusal", () => {
  it("answers the hold's refusal when the hold stops the kind, else the standing's, for every vendor and day", () => {
    fc.assert(
      fc.property(standing, anyHold, day, fc.constantFrom(...kinds), (s, h, today, kind) => {
        const documents =
          s.crExpires === null
            ? []
            : [new VendorDocument({ kind: "CR", number: "1010123456", expiresOn: s.crExpires, fileId: null })]
        const vendor = vendorWith(h === null ? null : holdOf(h.scope, h.release), s.status, documents)
        const held = vendorHoldRefusal(vendor, kind, today)
        const stood = vendorStandingRefusal(vendor, kind, today)
        const found = trade(vendor, kind, today)
        if (Option.isSome(held)) expect(found).toBe(held.value._tag)
        else expect(found).toBe(Option.isSome(stood) ? stood.value._tag : null)

        const inForce = h !== null && (h.release === null || today <= h.release)
        // A hold on invoices never blocks an order or an RFQ, nor a hold on payments: only the standing can.
        if (h !== null && h.scope !== "ALL" && (kind === "order" || kind === "rfq")) {
          expect(found).toBe(Option.isSome(stood) ? stood.value._tag : null)
        }
        // A hold on all business in force blocks everything, whatever the standing.
        if (inForce && h.scope === "ALL") expect(found).toBe("VendorOnHold")
        // Released (no hold) or past its release date: the hold blocks nothing.
        if (!inForce) expect(Option.isNone(held)).toBe(true)
        // The standing never stops a bill or a payment.
        if (kind === "bill" || kind === "payment") expect(Option.isNone(stood)).toBe(true)
        // An inactive vendor, not held for all, is refused every RFQ and order.
        if (s.status === "VENDOR_INACTIVE" && !(inForce && h.scope === "ALL") && (kind === "rfq" || kind === "order")) {
          expect(found).toBe("VendorInactive")
        }
      })
    )
  })

  it("counts the release date as the hold's last day", () => {
    const vendor = vendorWith(holdOf("ALL", "2026-03-01"))
    expect(trade(vendor, "order", "2026-03-01")).toBe("VendorOnHold")
    expect(trade(vendor, "order", "2026-03-02")).toBeNull()
    const invoices = vendorWith(holdOf("INVOICES", "2026-03-01"), "VENDOR_INACTIVE")
    expect(kinds.map((k) => trade(invoices, k, "2026-03-01"))).toEqual([
      "VendorInactive",
      "VendorInactive",
      "VendorInvoicesOnHold",
      null
    ])
    expect(kinds.map((k) => trade(invoices, k, "2026-03-02"))).toEqual(["VendorInactive", "VendorInactive", null, null])
  })
})
