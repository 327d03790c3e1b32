import { describe, expect, it } from "vitest"
import { describeError } from "../shared/ErrorCatalogue.ts"
import { OrderNotCancellable, OrderVendorNotUsable } from "./OrderErrors.ts"

/** A message without the isolates around the values it names. */
const text = (error: unknown, locale: "en" | "ar") =>
  describeError(error, locale).message.replace(/[\u2066-\u2069]/g, "")

describe("order refusals", () => {
  it("name why a vendor cannot take orders in words of each language, never as a code", () => {
    const onHold = new OrderVendorNotUsable({ vendor: "Acme", reason: "onHold" })
    expect(text(onHold, "en")).toBe("Acme cannot take orders now: it is on hold.")
    expect(text(onHold, "ar")).toBe("لا يمكن إصدار أوامر شراء إلى Acme حاليًا، فهو موقوف مؤقتًا.")
    for (const reason of ["inactive", "expired", "onHold"] as const) {
      const refused = new OrderVendorNotUsable({ vendor: "Acme", reason })
      expect(text(refused, "en")).not.toContain("(")
      expect(text(refused, "ar").replace("Acme", "")).not.toMatch(/[A-Za-z]/)
    }
  })

  it("name what was done to a line that keeps an order from being cancelled", () => {
    const billed = new OrderNotCancellable({ reason: "billed", line: "Paper" })
    expect(text(billed, "en")).toContain("Paper has been billed")
    expect(text(billed, "ar")).toContain("فقد تم فوترة Paper")
  })
})
