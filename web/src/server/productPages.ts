import { Effect } from "effect"
import {
  Catalogs,
  type Catalog,
  type Category,
  type Product,
  isValidSku,
  ProductFiles,
  ProductNotFound,
  wholeListLimit
} from "@tawreed/core/catalog"
import type { Actor } from "@tawreed/core/identity"
import { Vendors } from "@tawreed/core/vendors"

/** The organisation's own catalogs and their categories: what a product may be placed in. */
export const catalogChoicesOf = (actor: Actor) =>
  Effect.gen(function* () {
    const catalogs = yield* Catalogs
    const listed = yield* catalogs.listCatalogs(actor, { limit: wholeListLimit })
    const own: ReadonlyArray<Catalog> = listed.catalogs.filter((c) => c.owned)
    const ids = new Set(own.map((c) => c.id))
    const { categories } = yield* catalogs.listCategories(actor, { limit: wholeListLimit })
    return { catalogs: own, categories: categories.filter((c) => ids.has(c.catalogId)) as ReadonlyArray<Category> }
  })

/** The vendors a price may name, by name; none to whoever may not read vendors. */
export const vendorChoicesOf = (actor: Actor) =>
  Effect.flatMap(Effect.service(Vendors), (vendors) => vendors.list(actor, { page: 0, limit: 500 })).pipe(
    Effect.map((page) => page.vendors.map((v) => ({ id: v.id, name: v.name }))),
    Effect.orElseSucceed(() => [] as ReadonlyArray<{ readonly id: string; readonly name: { en: string; ar: string } }>)
  )

/**
 * A product as its page shows it, by id or, in marketplace mode, by SKU: the product, its files, and the names of
 * its catalogs and categories that the reader may see.
 */
export const productPageOf = (actor: Actor, idOrSku: string) =>
  Effect.gen(function* () {
    const catalogs = yield* Catalogs
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrSku)
    let product: Product
    if (uuid) product = yield* catalogs.getProduct(actor, idOrSku)
    else {
      if (!isValidSku(idOrSku)) return yield* new ProductNotFound({ id: idOrSku.slice(0, 100) })
      const found = yield* catalogs.listProducts(actor, { name: idOrSku.slice(0, 100), limit: 10 })
      const bySku = found.products.find((p) => p.sku.toLowerCase() === idOrSku.toLowerCase())
      if (bySku === undefined) return yield* new ProductNotFound({ id: idOrSku.slice(0, 100) })
      product = bySku
    }
    const files = yield* (yield* ProductFiles).files(actor, product)
    const places: Array<{ readonly id: string; readonly name: { en: string; ar: string } }> = []
    for (const id of product.catalogs) {
      const found = yield* Effect.option(catalogs.getCatalog(actor, id))
      if (found._tag === "Some") places.push({ id, name: found.value.name })
    }
    const categories: Array<Category> = []
    for (const id of product.categories) {
      const found = yield* Effect.option(catalogs.getCategory(actor, id))
      if (found._tag === "Some") categories.push(found.value)
    }
    return { product, files, catalogs: places, categories }
  })

export type ProductPage = Effect.Success<ReturnType<typeof productPageOf>>
