import { Effect } from "effect"
import {
  CartQuantityInput,
  AddToCartInput,
  Carts,
  cartSettingsOf,
  type CartKind,
  cartKinds,
  offeredCarts
} from "@tawreed/core/carts"
import { Catalogs, CategoryNotFound, ProductFilters, type Product } from "@tawreed/core/catalog"
import type { Actor } from "@tawreed/core/identity"
import type { OrgSettings } from "@tawreed/core/organisations"
import { cartToast } from "./cartPages.ts"
import { type Done, goTo, type PageAstro, runPage } from "./page.ts"

/** The page sizes the product search offers; 15 by default (SPEC.md §2 Product routes, §9). */
export const searchPageSizes = [10, 15, 25, 50] as const
export const defaultSearchItems = 15

/** The product search as its URL holds it (SPEC.md §2: searchString, page from 1, items, catalogId, categoryId). */
export interface SearchQuery {
  readonly searchString: string
  /** The page, counting from 1. */
  readonly page: number
  readonly items: number
  readonly catalogId: string
  readonly categoryId: string
  readonly priceMin: number | undefined
  readonly priceMax: number | undefined
  readonly sort: "" | "priceAsc" | "priceDesc" | "brandAsc" | "brandDesc"
  readonly brands: ReadonlyArray<string>
  readonly suppliers: ReadonlyArray<string>
  readonly includeOutOfStock: boolean
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const amount = (text: string | null): number | undefined => {
  if (text === null || text.trim() === "") return undefined
  const n = Number(text)
  return Number.isFinite(n) && n >= 0 && n <= 1e12 ? n : undefined
}
const sorts = ["priceAsc", "priceDesc", "brandAsc", "brandDesc"] as const

/** Reads the search from the URL; anything out of range falls back to its default. */
export const searchQueryOf = (
  params: URLSearchParams,
  fixed: { catalogId?: string; categoryId?: string } = {}
): SearchQuery => {
  const items = Number(params.get("items") ?? defaultSearchItems)
  const page = Number(params.get("page") ?? "1")
  const sort = params.get("sort") ?? ""
  const id = (value: string | null | undefined) =>
    value !== null && value !== undefined && uuid.test(value) ? value : ""
  return {
    searchString: (params.get("searchString") ?? "").trim().slice(0, 200),
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    items: (searchPageSizes as ReadonlyArray<number>).includes(items) ? items : defaultSearchItems,
    catalogId: id(fixed.catalogId ?? params.get("catalogId")),
    categoryId: id(fixed.categoryId ?? params.get("categoryId")),
    priceMin: amount(params.get("priceMin")),
    priceMax: amount(params.get("priceMax")),
    sort: (sorts as ReadonlyArray<string>).includes(sort) ? (sort as SearchQuery["sort"]) : "",
    brands: params
      .getAll("brand")
      .map((b) => b.slice(0, 200))
      .slice(0, 100),
    suppliers: params
      .getAll("supplier")
      .map((s) => s.slice(0, 200))
      .slice(0, 100),
    includeOutOfStock: params.get("includeOutOfStock") === "on"
  }
}

const filtersOf = (q: SearchQuery) =>
  new ProductFilters({
    ...(q.priceMin === undefined ? {} : { priceMin: q.priceMin }),
    ...(q.priceMax === undefined ? {} : { priceMax: q.priceMax }),
    ...(q.sort === "priceAsc" ? { sortByPrice: "asc" as const } : {}),
    ...(q.sort === "priceDesc" ? { sortByPrice: "desc" as const } : {}),
    ...(q.sort === "brandAsc" ? { sortByBrand: "asc" as const } : {}),
    ...(q.sort === "brandDesc" ? { sortByBrand: "desc" as const } : {}),
    ...(q.brands.length > 0 ? { brands: [...q.brands] } : {}),
    ...(q.suppliers.length > 0 ? { suppliers: [...q.suppliers] } : {}),
    includeOutOfStock: q.includeOutOfStock
  })

/**
 * One page of the search: SPEC.md's 15 a page, or the size chosen, read as the page's own window of the list (the
 * API pages by 10, 25, 50, …).
 */
export const searchProducts = (actor: Actor, q: SearchQuery) =>
  Effect.flatMap(Effect.service(Catalogs), (catalogs) =>
    catalogs.listProducts(actor, {
      ...(q.catalogId === "" ? {} : { catalogId: q.catalogId }),
      ...(q.categoryId === "" ? {} : { categoryIdOrPath: q.categoryId }),
      ...(q.searchString === "" ? {} : { name: q.searchString }),
      filters: filtersOf(q),
      window: { offset: (q.page - 1) * q.items, limit: q.items }
    })
  )

/** Which carts the header and the rows offer, and which products each cart holds. */
export const cartStateOf = (actor: Actor, settings: OrgSettings | undefined) =>
  Effect.gen(function* () {
    const carts = yield* Carts
    const summary = yield* carts.summary(actor)
    const held: Record<CartKind, ReadonlyArray<string>> = { rfq: [], order: [], public: [] }
    for (const kind of cartKinds) {
      if (summary.offered[kind] && summary.counts[kind] > 0) {
        held[kind] = (yield* carts.view(actor, kind)).lines.map((l) => l.product.id)
      }
    }
    const cartSettings = settings === undefined ? undefined : cartSettingsOf(settings)
    return {
      summary,
      held,
      directOrderEnabled: cartSettings?.directOrderEnabled ?? false,
      rfqEnabled: cartSettings?.rfqEnabled ?? false,
      offered:
        settings === undefined ? summary.offered : offeredCarts(cartSettingsOf(settings), settings.orgType === "buyer")
    }
  })
export type CartState = Effect.Success<ReturnType<typeof cartStateOf>>

/** Which carts a product may go in (SPEC.md §6: allowRFQ, allowDirectOrder, public). */
export const cartsForProduct = (state: CartState, product: Pick<Product, "allowRFQ" | "allowDirectOrder" | "public">) =>
  cartKinds.filter((kind) =>
    kind === "rfq"
      ? state.offered.rfq && product.allowRFQ
      : kind === "order"
        ? state.offered.order && product.allowDirectOrder
        : state.offered.public && product.public
  )

/**
 * The cart forms of the product rows, cards and the cart page, for a browser without JavaScript: put a product in a
 * cart, change a line's quantity, take one out, empty a cart. Each goes back to the page it was posted from.
 */
export const cartForm = (
  data: FormData,
  actor: Actor,
  back: string,
  toast: (kind: CartKind, intent: string) => string
): Effect.Effect<Done, unknown, Carts> | undefined => {
  const intent = String(data.get("intent") ?? "")
  const kind = String(data.get("cart") ?? "") as CartKind
  if (!(cartKinds as ReadonlyArray<string>).includes(kind)) return undefined
  const productId = String(data.get("productId") ?? "")
  const quantity = String(data.get("quantity") ?? "")
  return Effect.flatMap(Effect.service(Carts), (carts): Effect.Effect<unknown, unknown> => {
    switch (intent) {
      case "cart-add":
        return carts.add(actor, kind, new AddToCartInput({ productId, ...(quantity === "" ? {} : { quantity }) }))
      case "cart-quantity":
        return carts.setQuantity(actor, kind, productId, new CartQuantityInput({ quantity }))
      case "cart-remove":
        return carts.remove(actor, kind, productId)
      case "cart-clear":
        return carts.clear(actor, kind)
      default:
        return Effect.void
    }
  }).pipe(Effect.as(goTo(back, toast(kind, intent))))
}

/**
 * What a catalog browse page reads (SPEC.md §2 catalogs): the catalog, the chips one level below it (or below the
 * category the path names, which must belong to that catalog), every category of the catalog for the breadcrumb and
 * the pickers, the page of products, the facets and the carts.
 */
export const catalogBrowseOf = (
  actor: Actor,
  settings: OrgSettings | undefined,
  query: SearchQuery,
  at: { readonly catalogId: string; readonly categoryId?: string }
) =>
  Effect.gen(function* () {
    const catalogs = yield* Catalogs
    const catalog = yield* catalogs.getCatalog(actor, at.catalogId)
    const category = at.categoryId === undefined ? undefined : yield* catalogs.getCategory(actor, at.categoryId)
    if (category !== undefined && category.catalogId !== catalog.id) {
      return yield* new CategoryNotFound({ id: category.id })
    }
    const children = yield* catalogs.subCategories(actor, { path: category?.path, catalogId: catalog.id, limit: 9999 })
    const all = yield* catalogs.listCategories(actor, { catalogId: catalog.id, limit: 9999 })
    const page = yield* searchProducts(actor, query)
    const categoryId = category?.id ?? query.categoryId
    const facets = yield* catalogs.facets(actor, {
      catalogId: catalog.id,
      ...(categoryId === "" ? {} : { categoryId })
    })
    const carts = yield* cartStateOf(actor, settings)
    return { catalog, category, children: children.categories, categories: all.categories, page, facets, carts }
  })
export type CatalogBrowseData = Effect.Success<ReturnType<typeof catalogBrowseOf>>

/** Runs a catalog browse page: the search its URL holds, its reads, and the cart forms of its product rows. */
export const runCatalogBrowse = async (
  astro: PageAstro,
  at: { readonly catalogId: string; readonly categoryId?: string }
) => {
  const { t, settings } = astro.locals
  const query = searchQueryOf(astro.url.searchParams, at)
  const run = await runPage(astro, {
    form: (data, { actor }) => cartForm(data, actor, `${astro.url.pathname}${astro.url.search}`, cartToast(t)),
    load: ({ actor }) => catalogBrowseOf(actor, settings, query, at)
  })
  return run instanceof Response ? run : { ...run, query }
}
