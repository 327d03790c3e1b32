import { BigDecimal, Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { describeError } from "@tawreed/core/shared"
import { formatMoney, isPricingProblem, priceOrder } from "@tawreed/core/orders/OrderPricing"
import { amendInputOf, fromRequestInputOf, lineRowsOf, newOrderInputOf, planRowsOf } from "./orderForms.ts"

const form = (entries: Array<[string, string]>) => {
  const data = new FormData()
  for (const [k, v] of entries) data.append(k, v)
  return data
}

const direct = (extra: Array<[string, string]> = []) =>
  form([
    ["workspaceId", "ws-1"],
    ["vendorId", "ven-1"],
    ["title", " Toner for Riyadh "],
    ["priority", "High"],
    ["taxMode", "EXCLUSIVE"],
    ["shippingFee", "1,000"],
    ["shippingFeeTaxRate", "15"],
    ["lineCount", "3"],
    ["line-0-nameEn", "Toner"],
    ["line-0-nameAr", "حبر"],
    ["line-0-quantity", "١٠"],
    ["line-0-unitPrice", "12.50"],
    ["line-0-discountType", "PERCENT"],
    ["line-0-discountValue", "10"],
    ["line-0-taxRate", "15"],
    ["line-1-nameEn", ""],
    ["line-1-quantity", "1"],
    ["line-2-nameEn", "Paper"],
    ["line-2-quantity", "2"],
    ["line-2-unitPrice", "30"],
    ["line-2-taxRate", "15"],
    ["adjustmentCount", "2"],
    ["adjustment-0-label", "Rounding"],
    ["adjustment-0-amount", "-0.25"],
    ["adjustment-1-label", "blank"],
    ["adjustment-1-amount", ""],
    ["planCount", "3"],
    ["plan-0-label", "Advance"],
    ["plan-0-percent", "30"],
    ["plan-0-days", "0"],
    ["plan-0-basis", "ORDER"],
    ["plan-1-label", "On delivery"],
    ["plan-1-percent", "70"],
    ["plan-1-days", "30"],
    ["plan-1-basis", "DELIVERY"],
    ["plan-2-percent", ""],
    ...extra
  ])

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runSync(Effect.result(effect))

describe("the order form", () => {
  it("reads the typed lines, leaving out a row with nothing in it, with Arabic digits and separators made plain", () => {
    const rows = lineRowsOf(direct())
    expect(rows.map((r) => r.nameEn)).toEqual(["Toner", "Paper"])
    const decoded = run(newOrderInputOf(direct()))
    expect(Result.isSuccess(decoded)).toBe(true)
    if (!Result.isSuccess(decoded)) return
    const input = decoded.success
    expect(input.title).toBe("Toner for Riyadh")
    expect(input.priority).toBe("High")
    expect(input.shippingFee).toBe("1000")
    expect(input.lines.map((l) => [l.quantity, l.unitPrice, l.discount?.type ?? null])).toEqual([
      ["10", "12.50", "PERCENT"],
      ["2", "30", null]
    ])
    expect(input.adjustments).toEqual([{ label: "Rounding", amount: "-0.25" }])
    expect(input.paymentTerms?.map((p) => [p.percent, p.days, p.basis])).toEqual([
      ["30", 0, "ORDER"],
      ["70", 30, "DELIVERY"]
    ])
  })

  it("starts a new order at priority Low and leaves a blank instalment out", () => {
    expect(planRowsOf(direct())).toHaveLength(2)
    const plain = form([
      ["workspaceId", "ws-1"],
      ["vendorId", "ven-1"],
      ["title", "Chairs"],
      ["lineCount", "1"],
      ["line-0-nameEn", "Chair"],
      ["line-0-quantity", "4"]
    ])
    const decodedPlain = run(newOrderInputOf(plain))
    expect(Result.isSuccess(decodedPlain) && decodedPlain.success.priority).toBe("Low")
  })

  it("names a price that is no number by its field, in the catalogue's words", () => {
    const broken = form([
      ["workspaceId", "ws-1"],
      ["vendorId", "ven-1"],
      ["lineCount", "1"],
      ["line-0-nameEn", "Chair"],
      ["line-0-quantity", "4"],
      ["line-0-unitPrice", "a lot"]
    ])
    const refused = run(newOrderInputOf(broken))
    expect(Result.isFailure(refused)).toBe(true)
    if (Result.isFailure(refused)) expect(describeError(refused.failure, "en").kind).toBe("Invalid")
  })

  it("orders only the request's lines, by their ids, at what was typed", () => {
    const data = form([
      ["vendorId", "ven-1"],
      ["title", "From REQ-000001"],
      ["lineCount", "2"],
      ["line-0-requestItemId", "item-a"],
      ["line-0-nameEn", "Laptop"],
      ["line-0-quantity", "2"],
      ["line-0-unitPrice", "4500"],
      ["line-1-nameEn", "Typed, not on the request"],
      ["line-1-quantity", "1"]
    ])
    const decoded = run(fromRequestInputOf(data))
    expect(Result.isSuccess(decoded) && decoded.success.lines?.map((l) => [l.requestItemId, l.quantity])).toEqual([
      ["item-a", "2"]
    ])
  })

  it("amends a stored line by its quantity and price alone, and adds a new line whole", () => {
    const data = form([
      ["version", "3"],
      ["remark", "More toner"],
      ["lineCount", "2"],
      ["line-0-id", "line-1"],
      ["line-0-nameEn", "Toner"],
      ["line-0-quantity", "12"],
      ["line-0-unitPrice", "12.50"],
      ["line-0-discountType", "PERCENT"],
      ["line-0-discountValue", "50"],
      ["line-1-nameEn", "Drum"],
      ["line-1-quantity", "1"],
      ["line-1-unitPrice", "200"]
    ])
    const decoded = run(amendInputOf(data))
    expect(Result.isSuccess(decoded)).toBe(true)
    if (!Result.isSuccess(decoded)) return
    expect(decoded.success.version).toBe(3)
    expect(decoded.success.lines[0]).toEqual({ id: "line-1", quantity: "12", unitPrice: "12.50" })
    expect(decoded.success.lines[1]?.name).toEqual({ en: "Drum", ar: "" })
  })

  it("shows the totals the server stores: the island prices with the core's own function", () => {
    const priced = priceOrder({
      currency: "SAR",
      taxMode: "EXCLUSIVE",
      lines: [
        {
          quantity: BigDecimal.fromStringUnsafe("10"),
          unitPrice: BigDecimal.fromStringUnsafe("12.5"),
          discount: { type: "PERCENT", value: BigDecimal.fromStringUnsafe("10") },
          taxRate: BigDecimal.fromStringUnsafe("15")
        }
      ],
      shippingFee: BigDecimal.fromStringUnsafe("0"),
      shippingFeeTaxRate: BigDecimal.fromStringUnsafe("0"),
      adjustments: []
    })
    expect(isPricingProblem(priced)).toBe(false)
    if (!isPricingProblem(priced)) expect(formatMoney(priced.total, "SAR")).toBe("129.38")
  })
})
