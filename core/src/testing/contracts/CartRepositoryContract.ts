import { assert, layer } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { CartProduct } from "../../carts/Cart.ts"
import { CartRepository, type CartOwner, type StoredCartLine } from "../../carts/CartRepository.ts"
import { LocalText } from "../../catalog/Catalog.ts"
import type { UserId } from "../../identity/User.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { Fixtures } from "../Fixtures.ts"

let counter = 0
const productId = () => {
  counter += 1
  return `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`
}

/** A cart line as the use case would store it. */
export const cartLineFor = (extra: Partial<StoredCartLine> & { readonly id?: string } = {}): StoredCartLine => ({
  product: new CartProduct({
    id: extra.id ?? productId(),
    sku: "SKU-1",
    name: new LocalText({ en: "A4 paper", ar: "ورق A4" }),
    brand: "",
    soldBy: "Al Noor",
    image: null,
    public: true,
    allowRFQ: true,
    allowDirectOrder: true,
    minQtyRFQ: 5,
    minQtyDirectOrder: 1,
    price: 11.5,
    basePrice: 10,
    taxPercent: 15,
    currency: "SAR",
    catalogId: null,
    categoryId: null,
    unit: "pack"
  }),
  quantity: "5",
  vendorKey: "al-noor",
  vendorName: "Al Noor",
  addedAt: new Date().toISOString(),
  ...extra
})

/** The behaviour every CartRepository must show (memory, PGlite, PostgreSQL). */
export const suite = (engine: string, storage: Layer.Layer<CartRepository | Fixtures, unknown>) =>
  layer(storage, { timeout: 120_000 })(`CartRepository contract: ${engine}`, (it) => {
    const newOwner = Effect.gen(function* () {
      const user = yield* (yield* Fixtures).newUser({ roles: ["org_super_user"] })
      return { orgId: user.orgId as OrgId, userId: user.id as UserId } satisfies CartOwner
    })

    it.effect("keeps each user's three carts apart, lines in the order first added, a product once", () =>
      Effect.gen(function* () {
        const carts = yield* CartRepository
        const owner = yield* newOwner
        const colleague = { ...owner, userId: (yield* newOwner).userId }
        const first = cartLineFor()
        const second = cartLineFor({ quantity: "2.25" })
        assert.isTrue(yield* carts.put(owner, "rfq", first, 10))
        assert.isTrue(yield* carts.put(owner, "rfq", second, 10))
        assert.isTrue(yield* carts.put(owner, "rfq", { ...first, quantity: "7.5" }, 10))
        assert.isTrue(yield* carts.put(owner, "order", first, 10))
        const lines = yield* carts.lines(owner, "rfq")
        assert.deepStrictEqual(
          lines.map((l) => [l.product.id, l.quantity]),
          [
            [first.product.id, "7.5"],
            [second.product.id, "2.25"]
          ]
        )
        assert.strictEqual(lines[0]?.product.name.ar, "ورق A4")
        assert.strictEqual(lines[0]?.vendorName, "Al Noor")
        assert.deepStrictEqual(yield* carts.counts(owner), { rfq: 2, order: 1, public: 0 })
        assert.deepStrictEqual(yield* carts.counts(colleague), { rfq: 0, order: 0, public: 0 })
        assert.strictEqual((yield* carts.lines(colleague, "rfq")).length, 0)
      })
    )

    it.effect("takes a new product only while the cart has room, and changes, removes and clears lines", () =>
      Effect.gen(function* () {
        const carts = yield* CartRepository
        const owner = yield* newOwner
        const a = cartLineFor()
        const b = cartLineFor()
        assert.isTrue(yield* carts.put(owner, "public", a, 1))
        assert.isFalse(yield* carts.put(owner, "public", b, 1))
        assert.isTrue(yield* carts.put(owner, "public", { ...a, quantity: "9" }, 1))
        assert.isTrue(yield* carts.setQuantity(owner, "public", a.product.id, "12.34"))
        assert.isFalse(yield* carts.setQuantity(owner, "public", b.product.id, "1"))
        assert.strictEqual((yield* carts.lines(owner, "public"))[0]?.quantity, "12.34")
        assert.isFalse(yield* carts.remove(owner, "rfq", a.product.id))
        assert.isTrue(yield* carts.remove(owner, "public", a.product.id))
        assert.isFalse(yield* carts.remove(owner, "public", a.product.id))
        yield* carts.put(owner, "rfq", a, 5)
        yield* carts.put(owner, "rfq", b, 5)
        assert.strictEqual(yield* carts.clear(owner, "rfq"), 2)
        assert.deepStrictEqual(yield* carts.counts(owner), { rfq: 0, order: 0, public: 0 })
      })
    )

    it.effect("remembers the selected draft order per user", () =>
      Effect.gen(function* () {
        const carts = yield* CartRepository
        const owner = yield* newOwner
        assert.isTrue(Option.isNone(yield* carts.selectedDraft(owner)))
        yield* carts.selectDraft(owner, "al-noor")
        yield* carts.selectDraft(owner, "al-amal")
        assert.deepStrictEqual(yield* carts.selectedDraft(owner), Option.some("al-amal"))
      })
    )
  })
