import { assert, layer } from "@effect/vitest"
import { Effect, Exit, Layer, Option } from "effect"
import { moduleConfig } from "../organisations/OrgSettings.ts"
import { OrgSettingsRepository } from "../organisations/OrgSettingsRepository.ts"
import { NewProductInput } from "../catalog/Catalog.ts"
import { Catalogs } from "../catalog/Catalogs.ts"
import { productFilePath } from "../catalog/ProductFileRefs.ts"
import type { Actor } from "../identity/Actor.ts"
import { ListCounts } from "../documents/ListCounts.ts"
import { EventBus } from "../shared/EventBus.ts"
import { describeError } from "../shared/ErrorCatalogue.ts"
import { Transactions } from "../shared/Transactions.ts"
import { layerMemoryAdministration } from "../testing/memory/MemoryAdministration.ts"
import { layerMemoryCarts } from "../testing/memory/MemoryCarts.ts"
import { layerMemoryCatalog } from "../testing/memory/MemoryCatalog.ts"
import { requestsWorldActor } from "../testing/memory/MemoryRequestsWorld.ts"
import { AddToCartInput, CartQuantityInput, SelectDraftInput } from "./Cart.ts"
import { Carts } from "./Carts.ts"

const world = Layer.mergeAll(Carts.layer, Catalogs.layer).pipe(
  Layer.provideMerge(ListCounts.layer),
  Layer.provideMerge(
    Layer.mergeAll(EventBus.layerInProcess, layerMemoryCatalog, layerMemoryCarts, Transactions.layerPassThrough)
  ),
  Layer.provideMerge(layerMemoryAdministration)
)

const refusal = <A, E>(exit: Exit.Exit<A, E>) => {
  if (Exit.isSuccess(exit)) return { tag: "success", en: "" }
  const error = (exit.cause.reasons[0] as { error?: unknown } | undefined)?.error
  return {
    tag: (error as { _tag?: string } | undefined)?._tag ?? "defect",
    en: describeError(error, "en").message
  }
}

/** Turns on direct ordering and public-catalog sourcing for the actor's organisation. */
const openEveryCart = (actor: Actor) =>
  Effect.gen(function* () {
    const repository = yield* OrgSettingsRepository
    const settings = Option.getOrThrow(yield* repository.find(actor.orgId))
    yield* repository.save(
      {
        ...settings,
        modules: [
          ...settings.modules.filter((m) => m.code !== "orders"),
          moduleConfig("orders", true, { enableDirectOrder: true })
        ],
        orgConfig: {
          ...settings.orgConfig,
          adminConfig: { ...settings.orgConfig.adminConfig, canSourceFromPublicCatalog: true }
        }
      } as typeof settings,
      settings.version
    )
  })

layer(world, { timeout: 60_000 })("Carts", (it) => {
  const product = (admin: Actor, fields: ConstructorParameters<typeof NewProductInput>[0]) =>
    Effect.flatMap(Catalogs, (c) => c.createProduct(admin, new NewProductInput({ basePrice: 10, ...fields })))

  it.effect("keeps another organisation's picture by the product's file route, its own by the download route", () =>
    Effect.gen(function* () {
      const carts = yield* Carts
      const seller = yield* requestsWorldActor(["org_super_user"])
      const buyer = yield* requestsWorldActor(["org_super_user"])
      const picture = "7d1f0c3e-2b4a-4e5f-8a9b-0c1d2e3f4a5b"
      const theirs = yield* product(seller, {
        nameEn: "Toner",
        public: true,
        mediaList: [{ src: `/api/media_upload/${picture}` }]
      })
      const ours = yield* product(buyer, { nameEn: "Stapler", mediaList: [{ src: `/api/media_upload/${picture}` }] })
      yield* carts.add(buyer, "rfq", new AddToCartInput({ productId: theirs.id }))
      const added = yield* carts.add(buyer, "rfq", new AddToCartInput({ productId: ours.id }))
      assert.deepStrictEqual(
        added.lines.map((l) => l.product.image),
        [productFilePath(theirs.id, picture), `/api/media_upload/${picture}`]
      )
    })
  )

  it.effect("keeps an RFQ line at the product's RFQ minimum and counts it in the header", () =>
    Effect.gen(function* () {
      const carts = yield* Carts
      const buyer = yield* requestsWorldActor(["org_super_user"])
      const paper = yield* product(buyer, {
        nameEn: "Copy paper",
        nameAr: "ورق تصوير",
        minQtyRFQ: 5,
        techSpecs: [{ name: "Unit", value: "1", uom: "ream" }]
      })
      const added = yield* carts.add(buyer, "rfq", new AddToCartInput({ productId: paper.id, quantity: "2" }))
      // The line keeps the product's unit, for the request the cart turns into.
      assert.deepStrictEqual(
        added.lines.map((l) => [l.quantity, l.minimum, l.product.unit]),
        [["5", "5", "ream"]]
      )
      const raised = yield* carts.setQuantity(buyer, "rfq", paper.id, new CartQuantityInput({ quantity: "7.25" }))
      assert.strictEqual(raised.lines[0]?.quantity, "7.25")
      const snapped = yield* carts.setQuantity(buyer, "rfq", paper.id, new CartQuantityInput({ quantity: "1" }))
      assert.strictEqual(snapped.lines[0]?.quantity, "5")
      const bad = yield* Effect.exit(
        carts.setQuantity(buyer, "rfq", paper.id, new CartQuantityInput({ quantity: "1.234" }))
      )
      assert.strictEqual(refusal(bad).tag, "InvalidQuantity")
      const summary = yield* carts.summary(buyer)
      assert.deepStrictEqual(summary.counts, { rfq: 1, order: 0, public: 0 })
      assert.deepStrictEqual(summary.offered, { rfq: true, order: false, public: false })
      const colleague = yield* requestsWorldActor(["org_super_user"], buyer)
      assert.strictEqual((yield* carts.summary(colleague)).counts.rfq, 0)
    })
  )

  it.effect("follows the cart visibility rules of the organisation and the product", () =>
    Effect.gen(function* () {
      const carts = yield* Carts
      const buyer = yield* requestsWorldActor(["org_super_user"])
      const noRfq = yield* product(buyer, { nameEn: "Toner", allowRFQ: false })
      const privateOne = yield* product(buyer, { nameEn: "Desk", public: false })
      const closed = yield* Effect.exit(carts.add(buyer, "order", new AddToCartInput({ productId: noRfq.id })))
      assert.strictEqual((yield* carts.view(buyer, "order")).count, 0)
      assert.strictEqual(refusal(closed).tag, "CartNotOffered")
      const refused = yield* Effect.exit(carts.add(buyer, "rfq", new AddToCartInput({ productId: noRfq.id })))
      assert.deepStrictEqual(refusal(refused), {
        tag: "ProductNotForCart",
        en: "\u2068Toner\u2069 cannot go in this cart: its supplier does not take it this way."
      })
      yield* openEveryCart(buyer)
      const noOrder = yield* product(buyer, { nameEn: "Chair", allowDirectOrder: false })
      assert.strictEqual(
        refusal(yield* Effect.exit(carts.add(buyer, "order", new AddToCartInput({ productId: noOrder.id })))).tag,
        "ProductNotForCart"
      )
      assert.strictEqual(
        refusal(yield* Effect.exit(carts.add(buyer, "public", new AddToCartInput({ productId: privateOne.id })))).tag,
        "PublicCartNotAllowed"
      )
      assert.strictEqual(
        refusal(yield* Effect.exit(carts.add(buyer, "rfq", new AddToCartInput({ productId: "not-an-id" })))).tag,
        "ProductNotFound"
      )
      const order = yield* carts.add(buyer, "order", new AddToCartInput({ productId: noRfq.id, quantity: "0.5" }))
      assert.strictEqual(order.lines[0]?.quantity, "1")
      assert.strictEqual(
        refusal(yield* Effect.exit(carts.remove(buyer, "order", privateOne.id))).tag,
        "CartItemNotFound"
      )
      assert.strictEqual((yield* carts.clear(buyer, "order")).count, 0)
    })
  )

  it.effect(
    "splits the public cart into one draft order per supplier, first selected, a draft gone with its last item",
    () =>
      Effect.gen(function* () {
        const carts = yield* Carts
        const buyer = yield* requestsWorldActor(["org_super_user"])
        yield* openEveryCart(buyer)
        const a = yield* product(buyer, { nameEn: "Pens", public: true, soldBy: "Al Noor", basePrice: 10 })
        const b = yield* product(buyer, { nameEn: "Ink", public: true, soldBy: "Al Amal" })
        const c = yield* product(buyer, { nameEn: "Pads", public: true, soldBy: "Al Noor" })
        for (const p of [a, b, c])
          yield* carts.add(buyer, "public", new AddToCartInput({ productId: p.id, quantity: "2" }))
        const drafts = yield* carts.drafts(buyer)
        assert.deepStrictEqual(
          drafts.drafts.map((d) => [d.vendorName, d.lines.length, d.orderPriority]),
          [
            ["Al Noor", 2, "Low"],
            ["Al Amal", 1, "Low"]
          ]
        )
        assert.strictEqual(drafts.selected, "Al Noor")
        assert.strictEqual(drafts.drafts[0]?.total, "46")
        const chosen = yield* carts.selectDraft(buyer, new SelectDraftInput({ vendorKey: "Al Amal" }))
        assert.strictEqual(chosen.selected, "Al Amal")
        yield* carts.remove(buyer, "public", b.id)
        const after = yield* carts.drafts(buyer)
        assert.deepStrictEqual(
          after.drafts.map((d) => d.vendorName),
          ["Al Noor"]
        )
        assert.strictEqual(after.selected, "Al Noor")
        assert.strictEqual(
          refusal(yield* Effect.exit(carts.selectDraft(buyer, new SelectDraftInput({ vendorKey: "Al Amal" })))).tag,
          "DraftOrderNotFound"
        )
      })
  )
})
