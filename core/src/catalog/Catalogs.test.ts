import { assert, layer } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import { ListCounts } from "../documents/ListCounts.ts"
import { EventBus } from "../shared/EventBus.ts"
import { describeError } from "../shared/ErrorCatalogue.ts"
import { Transactions } from "../shared/Transactions.ts"
import { layerMemoryAdministration } from "../testing/memory/MemoryAdministration.ts"
import { layerMemoryCatalog } from "../testing/memory/MemoryCatalog.ts"
import { requestsWorldActor } from "../testing/memory/MemoryRequestsWorld.ts"
import { CategoryUpdateInput, NewCatalogInput, NewProductInput, ProductFilters, ProductUpdateInput } from "./Catalog.ts"
import { Catalogs, listMarkEvery } from "./Catalogs.ts"
import { CatalogRepository, type ProductListMark } from "./CatalogRepository.ts"
import { LocalText } from "./Catalog.ts"
import { productRecordFor } from "../testing/contracts/CatalogRepositoryContract.ts"

const world = Catalogs.layer.pipe(
  Layer.provideMerge(ListCounts.layer),
  Layer.provideMerge(Layer.mergeAll(EventBus.layerInProcess, layerMemoryCatalog, Transactions.layerPassThrough)),
  Layer.provideMerge(layerMemoryAdministration)
)

const failure = <A, E>(exit: Exit.Exit<A, E>) => {
  if (Exit.isSuccess(exit)) return { tag: "success", en: "", ar: "" }
  const error = (exit.cause.reasons[0] as { error?: unknown } | undefined)?.error
  const tag = (error as { _tag?: string } | undefined)?._tag ?? "defect"
  return { tag, en: describeError(error, "en").message, ar: describeError(error, "ar").message }
}

layer(world, { timeout: 60_000 })("Catalogs", (it) => {
  it.effect("creates a catalog, a category tree and products with incremental SKUs, VAT and copies", () =>
    Effect.gen(function* () {
      const catalogs = yield* Catalogs
      const admin = yield* requestsWorldActor(["org_super_user"])
      const catalog = yield* catalogs.createCatalog(admin, new NewCatalogInput({ nameEn: "Office", nameAr: "المكتب" }))
      const [paper] = yield* catalogs.createCategories(admin, [{ catalogId: catalog.id, nameEn: "Paper" }])
      const [a4] = yield* catalogs.createCategories(admin, [
        { catalogId: catalog.id, nameEn: "A4", nameAr: "ورق A4", parentId: paper!.id }
      ])
      assert.deepStrictEqual(a4!.pathArray, [paper!.id, a4!.id])
      assert.strictEqual((yield* catalogs.nextSku(admin)).sku, "PRD-000001")
      const made = yield* catalogs.createProduct(
        admin,
        new NewProductInput({
          nameEn: "Copy paper A4",
          nameAr: "ورق تصوير",
          basePrice: 20,
          catalogs: [catalog.id],
          categories: [a4!.id],
          minQtyRFQ: 5
        })
      )
      assert.strictEqual(made.sku, "PRD-000001")
      assert.deepStrictEqual([made.price.value, made.price.currency, made.price.percent], [23, "SAR", 15])
      const copy = yield* catalogs.copyProduct(admin, made.id)
      assert.deepStrictEqual(
        [copy.sku, copy.name.en, copy.name.ar],
        ["PRD-000002", "Copy paper A4 (copy)", "ورق تصوير (نسخة)"]
      )
      const inPaper = yield* catalogs.listProducts(admin, { categoryIdOrPath: paper!.path })
      assert.strictEqual(inPaper.totalCount, 2)
      const byPath = yield* catalogs.listProducts(admin, { categoryIdOrPath: a4!.path, name: "ورق" })
      assert.strictEqual(byPath.products[0]!.id, made.id)
      const tree = yield* catalogs.categoryTree(admin, catalog.id)
      assert.strictEqual(tree.roots[0]!.children[0]!.category.id, a4!.id)
      const facets = yield* catalogs.facets(admin, { categoryId: paper!.id })
      assert.deepStrictEqual(facets.brands, [])
    })
  )

  it.effect("refuses a taken SKU, a bad minimum, a category of another catalog and a stale version", () =>
    Effect.gen(function* () {
      const catalogs = yield* Catalogs
      const admin = yield* requestsWorldActor(["org_super_user"])
      const one = yield* catalogs.createCatalog(admin, new NewCatalogInput({ nameEn: "One" }))
      const two = yield* catalogs.createCatalog(admin, new NewCatalogInput({ nameEn: "Two" }))
      const [inTwo] = yield* catalogs.createCategories(admin, [{ catalogId: two.id, nameEn: "Tools" }])
      const made = yield* catalogs.createProduct(admin, new NewProductInput({ sku: "HX-1", nameEn: "Hammer" }))
      const taken = failure(
        yield* Effect.exit(catalogs.createProduct(admin, new NewProductInput({ sku: "hx-1", nameEn: "X" })))
      )
      assert.deepStrictEqual(taken, {
        tag: "SkuTaken",
        en: "Another product already has the SKU \u2068hx-1\u2069.",
        ar: "يوجد منتج آخر يحمل رمز المنتج \u2068hx-1\u2069."
      })
      const minimum = yield* Effect.exit(
        catalogs.createProduct(admin, new NewProductInput({ nameEn: "X", minQtyDirectOrder: 0.001 }))
      )
      assert.strictEqual(failure(minimum).tag, "MinimumQuantityInvalid")
      const outside = yield* Effect.exit(
        catalogs.createProduct(admin, new NewProductInput({ nameEn: "X", catalogs: [one.id], categories: [inTwo!.id] }))
      )
      assert.strictEqual(failure(outside).tag, "CategoryOutsideCatalog")
      const noName = yield* Effect.exit(catalogs.createProduct(admin, new NewProductInput({})))
      assert.strictEqual(failure(noName).tag, "InvalidField")
      yield* catalogs.updateProduct(admin, new ProductUpdateInput({ id: made.id, version: 1, brand: "Stanley" }))
      const stale = yield* Effect.exit(
        catalogs.updateProduct(admin, new ProductUpdateInput({ id: made.id, version: 1, brand: "Bosch" }))
      )
      assert.strictEqual(failure(stale).tag, "VersionConflict")
      yield* catalogs.deleteProduct(admin, made.id)
      assert.strictEqual(failure(yield* Effect.exit(catalogs.getProduct(admin, made.id))).tag, "ProductNotFound")
      const reused = yield* catalogs.createProduct(admin, new NewProductInput({ sku: "HX-1", nameEn: "Hammer" }))
      assert.strictEqual(reused.sku, "HX-1")
    })
  )

  it.effect("moves a category with its sub-tree, never under itself, and deletes only an empty one", () =>
    Effect.gen(function* () {
      const catalogs = yield* Catalogs
      const admin = yield* requestsWorldActor(["org_super_user"])
      const catalog = yield* catalogs.createCatalog(admin, new NewCatalogInput({ nameEn: "MRO" }))
      const made = yield* catalogs.importCategories(admin, catalog.id, [
        { nameEn: "Tools", children: [{ nameEn: "Hand tools", children: [{ nameEn: "Hammers" }] }] },
        { nameEn: "Safety", nameAr: "السلامة" }
      ])
      const [tools, hand, hammers, safety] = made
      assert.deepStrictEqual(hammers!.pathArray, [tools!.id, hand!.id, hammers!.id])
      const loop = yield* Effect.exit(
        catalogs.updateCategory(admin, new CategoryUpdateInput({ id: tools!.id, version: 1, parentId: hammers!.id }))
      )
      assert.strictEqual(
        failure(loop).en,
        "The category \u2068Tools\u2069 cannot move under itself or one of its own sub-categories."
      )
      const moved = yield* catalogs.updateCategory(
        admin,
        new CategoryUpdateInput({ id: hand!.id, version: 1, parentId: safety!.id })
      )
      assert.deepStrictEqual(moved.pathArray, [safety!.id, hand!.id])
      const leaf = yield* catalogs.getCategory(admin, hammers!.id)
      assert.deepStrictEqual(leaf.pathArray, [safety!.id, hand!.id, hammers!.id])
      const subs = yield* catalogs.subCategories(admin, { path: safety!.path })
      assert.deepStrictEqual(
        subs.categories.map((c) => c.id),
        [hand!.id]
      )
      const notEmpty = yield* Effect.exit(catalogs.deleteCategory(admin, moved.path, hand!.id))
      assert.strictEqual(
        failure(notEmpty).ar,
        "لا تزال الفئة \u2068Hand tools\u2069 تحتوي على فئات فرعية أو منتجات: انقلها أو احذفها أولًا."
      )
      yield* catalogs.deleteCategory(admin, leaf.path, hammers!.id)
      yield* catalogs.deleteCategory(admin, moved.path, hand!.id)
      assert.strictEqual((yield* catalogs.listCategories(admin, { catalogId: catalog.id })).totalCount, 2)
    })
  )

  it.effect("lets a basic user read and search but not write, and keeps a private catalog to its organisation", () =>
    Effect.gen(function* () {
      const catalogs = yield* Catalogs
      const admin = yield* requestsWorldActor(["org_super_user"])
      const buyer = yield* requestsWorldActor(["org_basic_user"], admin)
      const outsider = yield* requestsWorldActor(["org_super_user"])
      const own = yield* catalogs.createCatalog(admin, new NewCatalogInput({ nameEn: "Private" }))
      const market = yield* catalogs.createCatalog(admin, new NewCatalogInput({ nameEn: "Market", kind: "PUBLIC" }))
      yield* catalogs.createProduct(
        admin,
        new NewProductInput({ nameEn: "Office chair", nameAr: "كرسي مكتب", catalogs: [own.id] })
      )
      yield* catalogs.createProduct(
        admin,
        new NewProductInput({ nameEn: "Desk", nameAr: "مكتب", catalogs: [market.id], public: true })
      )
      const found = yield* catalogs.listProducts(buyer, { name: "كراسي" })
      assert.deepStrictEqual(
        found.products.map((p) => p.name.en),
        ["Office chair"]
      )
      const quick = yield* catalogs.quickSearch(buyer, { name: "أكراسي" })
      assert.isAtMost(quick.products.length, 15)
      assert.strictEqual(failure(yield* Effect.exit(catalogs.quickSearch(buyer, { name: "كر" }))).tag, "SearchTooShort")
      const refused = yield* Effect.exit(catalogs.createProduct(buyer, new NewProductInput({ nameEn: "X" })))
      assert.strictEqual(failure(refused).tag, "InsufficientPrivileges")
      assert.strictEqual(failure(yield* Effect.exit(catalogs.getCatalog(outsider, own.id))).tag, "CatalogNotFound")
      assert.isFalse((yield* catalogs.getCatalog(outsider, market.id)).owned)
      const publicOnes = yield* catalogs.listProducts(outsider, { catalogId: market.id })
      assert.deepStrictEqual(
        publicOnes.products.map((p) => p.name.en),
        ["Desk"]
      )
      assert.strictEqual((yield* catalogs.listProducts(outsider, {})).totalCount, 0)
      const sorted = yield* catalogs.listProducts(admin, { filters: new ProductFilters({ sortByPrice: "desc" }) })
      assert.strictEqual(sorted.totalCount, 2)
      const readOnly = yield* Effect.exit(
        catalogs.createCategories(outsider, [{ catalogId: market.id, nameEn: "Mine now" }])
      )
      assert.strictEqual(failure(readOnly).tag, "CatalogReadOnly")
    })
  )
})

/** The catalog store as the use cases call it: which mark each page was read from, and how often marks were read. */
const calls = { from: [] as Array<ProductListMark | undefined>, marksRead: 0 }
const spiedCatalog = Layer.effect(
  CatalogRepository,
  Effect.map(Effect.service(CatalogRepository), (store) =>
    CatalogRepository.of({
      ...store,
      listProducts: (orgId, query) => {
        calls.from.push(query.from)
        return store.listProducts(orgId, query)
      },
      markList: (orgId, list, every) =>
        Effect.suspend(() => {
          calls.marksRead++
          return store.markList(orgId, list, every)
        })
    })
  )
).pipe(Layer.provide(layerMemoryCatalog))

const spiedWorld = Catalogs.layer.pipe(
  Layer.provideMerge(ListCounts.layer),
  Layer.provideMerge(Layer.mergeAll(EventBus.layerInProcess, spiedCatalog, Transactions.layerPassThrough)),
  Layer.provideMerge(layerMemoryAdministration)
)

layer(spiedWorld, { timeout: 60_000 })("Catalogs: pages of a long list", (it) => {
  it.effect("reads a deep page from the mark before it, keeps the marks until a product changes", () =>
    Effect.gen(function* () {
      const catalogs = yield* Catalogs
      const store = yield* CatalogRepository
      const admin = yield* requestsWorldActor(["org_super_user"])
      const total = listMarkEvery * 2 + 100
      for (let i = 0; i < total; i++) {
        yield* store.insertProduct(
          admin.orgId,
          productRecordFor(admin.userId, {
            sku: `D-${i}`,
            name: new LocalText({ en: `Item ${String(i).padStart(5, "0")}`, ar: "" })
          })
        )
      }
      const skus = (page: { readonly products: ReadonlyArray<{ readonly sku: string }> }) =>
        page.products.map((p) => p.sku)
      // The first pages need no mark, and no marks are read for them.
      assert.deepStrictEqual(skus(yield* catalogs.listProducts(admin, { page: 0, limit: 25 })).slice(0, 2), [
        "D-0",
        "D-1"
      ])
      assert.strictEqual(calls.from.at(-1), undefined)
      assert.strictEqual(calls.marksRead, 0)
      // Page 50 (products 1,251 to 1,275) starts from the mark at 1,000; page 90 from the one at 2,000.
      const deep = yield* catalogs.listProducts(admin, { page: 50, limit: 25 })
      assert.deepStrictEqual(skus(deep).slice(0, 1), ["D-1250"])
      assert.strictEqual(calls.from.at(-1)?.position, listMarkEvery)
      yield* catalogs.listProducts(admin, { page: 81, limit: 25 })
      assert.strictEqual(calls.from.at(-1)?.position, listMarkEvery * 2)
      assert.strictEqual(calls.marksRead, 1)
      // A search takes no mark.
      yield* catalogs.listProducts(admin, { page: 50, limit: 25, name: "Item" })
      assert.strictEqual(calls.from.at(-1), undefined)
      // A change of a product reads the marks again.
      yield* catalogs.createProduct(admin, new NewProductInput({ nameEn: "Item 00000 bis", nameAr: "", basePrice: 1 }))
      const after = yield* catalogs.listProducts(admin, { page: 50, limit: 25 })
      assert.deepStrictEqual(skus(after).slice(0, 1), ["D-1249"])
      assert.strictEqual(calls.marksRead, 2)
      // A page's own window (the search page's 15) reads that stretch, from the mark before it too.
      const window = yield* catalogs.listProducts(admin, { window: { offset: 1_500, limit: 15 } })
      assert.deepStrictEqual([window.products.length, skus(window)[0], window.totalCount], [15, "D-1499", total + 1])
      assert.strictEqual(calls.from.at(-1)?.position, listMarkEvery)
      for (const [bad, tag] of [
        [{ offset: -1, limit: 15 }, "InvalidPage"],
        [{ offset: 0, limit: 0 }, "InvalidPageSize"],
        [{ offset: 0, limit: 101 }, "InvalidPageSize"]
      ] as const) {
        const refused = yield* Effect.flip(catalogs.listProducts(admin, { window: bad }))
        assert.strictEqual(refused._tag, tag)
      }
    })
  )
})
