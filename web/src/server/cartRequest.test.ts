import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { CartLine, CartProduct } from "@tawreed/core/carts"
import { LocalText } from "@tawreed/core/catalog"
import { itemRowOfCartLine } from "./cartRequest.ts"

const product = {
  id: "0f8fad5b-d9cb-469f-a165-70867728950e",
  sku: "PRD-000001",
  name: new LocalText({ en: "Sticky notes", ar: "أوراق لاصقة" }),
  brand: "Post-it",
  soldBy: "Al Noor",
  image: null,
  public: true,
  allowRFQ: true,
  allowDirectOrder: true,
  minQtyRFQ: 5,
  minQtyDirectOrder: 1,
  price: 6.9,
  basePrice: 6,
  taxPercent: 15,
  currency: "SAR",
  catalogId: null,
  categoryId: null
}

const lineOf = (cartProduct: CartProduct) =>
  new CartLine({
    product: cartProduct,
    quantity: "5",
    minimum: "5",
    vendorKey: "al-noor",
    vendorName: "Al Noor",
    addedAt: "2026-11-24T08:00:00.000Z"
  })

describe("a cart line on the request's items step", () => {
  it("brings the product's names, quantity, unit, price before taxes and VAT", () => {
    const row = itemRowOfCartLine(lineOf(new CartProduct({ ...product, unit: "pack" })))
    expect(row).toMatchObject({
      nameEn: "Sticky notes",
      nameAr: "أوراق لاصقة",
      quantity: "5",
      unit: "pack",
      price: "6",
      taxMode: "EXCLUSIVE",
      taxRate: "15"
    })
  })

  it("leaves the unit empty for a line the cart kept before units were recorded", () => {
    const kept = Schema.decodeUnknownSync(CartProduct)(product)
    expect(kept.unit).toBe("")
    expect(itemRowOfCartLine(lineOf(kept)).unit).toBe("")
  })
})
