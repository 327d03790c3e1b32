import { Clock, Effect, Layer, Option } from "effect"
import { Catalog, Category, Product } from "../../catalog/Catalog.ts"
import {
  CatalogRepository,
  type CatalogRecord,
  type ProductFilter,
  type ProductQuery,
  type ProductRecord
} from "../../catalog/CatalogRepository.ts"
import {
  pathOf,
  productEnglishText,
  productNameKey,
  productSearchText,
  skuKey,
  skuNumber
} from "../../catalog/CatalogRules.ts"
import { bestSimilarity, closeSimilarity, searchTier } from "../../catalog/SearchRank.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { VersionConflict } from "../../shared/Errors.ts"
import { MemoryIdentityStore } from "./MemoryIdentity.ts"
import { memoryMemberCatalogs } from "./MemoryMarketplace.ts"

interface Store {
  readonly catalogs: Map<string, { readonly orgId: string; catalog: Catalog }>
  readonly categories: Map<string, { readonly orgId: string; category: Category }>
  readonly products: Map<string, { readonly orgId: string; product: Product; deleted: boolean }>
}

const stores = new WeakMap<object, Store>()
const storeOf = (identity: object): Store => {
  let found = stores.get(identity)
  if (found === undefined) {
    found = { catalogs: new Map(), categories: new Map(), products: new Map() }
    stores.set(identity, found)
  }
  return found
}

/** Compares texts by code point, as SQL's `COLLATE "C"` does. */
const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

const byName = (a: Product, b: Product) =>
  byCodePoint(productNameKey(a.name), productNameKey(b.name)) || byCodePoint(a.id, b.id)

/** Catalogs, categories and products in memory, one store per identity store, with the SQL one's search ranking. */
export const layerMemoryCatalog = Layer.effect(
  CatalogRepository,
  Effect.map(Effect.service(MemoryIdentityStore), (identity) => {
    const store = storeOf(identity)
    const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())

    /** Whether the organisation is a member of another's catalog (the `member_read` policies, migration 0037). */
    const member = (orgId: OrgId, catalogId: string) => memoryMemberCatalogs(identity, orgId).has(catalogId)
    const catalogFor = (orgId: OrgId, id: string): Catalog | undefined => {
      const row = store.catalogs.get(id)
      if (row === undefined) return undefined
      if (row.orgId === orgId) return new Catalog({ ...row.catalog, owned: true })
      return row.catalog.kind === "PUBLIC" || member(orgId, id)
        ? new Catalog({ ...row.catalog, owned: false })
        : undefined
    }
    const readableCategory = (orgId: OrgId, row: { readonly orgId: string; readonly category: Category }) =>
      row.orgId === orgId ||
      store.catalogs.get(row.category.catalogId)?.catalog.kind === "PUBLIC" ||
      member(orgId, row.category.catalogId)
    const readableProduct = (orgId: OrgId, row: { orgId: string; product: Product; deleted: boolean }) =>
      !row.deleted && (row.orgId === orgId || row.product.public || row.product.catalogs.some((c) => member(orgId, c)))
    /** A product as the organisation reads it: kept as its own organisation's, not owned by any other. */
    const readAs = (orgId: OrgId, row: { orgId: string; product: Product }) =>
      row.orgId === orgId ? row.product : new Product({ ...row.product, owned: false })

    const matching = (orgId: OrgId, filter: ProductFilter) => {
      const hits = candidates(orgId, filter)
      // Similar words only when nothing matches exactly (SearchRank.ts).
      const exact = hits.filter((hit) => hit.tier! < 3)
      return exact.length > 0 ? exact : hits
    }
    const candidates = (orgId: OrgId, filter: ProductFilter) =>
      [...store.products.values()]
        .filter((row) => readableProduct(orgId, row))
        .filter((row) => row.orgId === orgId || filter.catalogIds !== undefined)
        .map((row) => readAs(orgId, row))
        .filter((p) => filter.catalogIds === undefined || p.catalogs.some((c) => filter.catalogIds!.includes(c)))
        .filter((p) => filter.categoryIds === undefined || p.categories.some((c) => filter.categoryIds!.includes(c)))
        .filter((p) => filter.priceMin === undefined || p.price.value >= filter.priceMin)
        .filter((p) => filter.priceMax === undefined || p.price.value <= filter.priceMax)
        .filter((p) => filter.brands === undefined || filter.brands.includes(p.brand))
        .filter((p) => filter.suppliers === undefined || filter.suppliers.includes(p.soldBy))
        .filter((p) => filter.includeOutOfStock === true || p.isAvailable)
        .map((p) => ({
          product: p,
          tier:
            filter.search === undefined
              ? 0
              : searchTier(filter.search, {
                  sku: p.sku,
                  searchText: productSearchText(p),
                  englishText: productEnglishText(p)
                })
        }))
        .filter((hit) => hit.tier !== undefined)

    /** The matches of a filter in a list's order. */
    const ordered = (orgId: OrgId, query: ProductFilter & { readonly sort: ProductQuery["sort"] }) => {
      const hits = matching(orgId, query)
      const words = query.search?.words ?? []
      // Tier 3 (`SearchRank.ts`): how many of the query's words meet no close word, fewer first.
      const farness = (p: Product) => {
        const text = productSearchText(p)
        return words.filter((w) => bestSimilarity(w, text) < closeSimilarity).length
      }
      const brandKey = (p: Product) => p.brand.toLowerCase()
      return hits.sort((a, b) => {
        switch (query.sort) {
          case "priceAsc":
            return a.product.price.value - b.product.price.value || byName(a.product, b.product)
          case "priceDesc":
            return b.product.price.value - a.product.price.value || byName(a.product, b.product)
          case "brandAsc":
            return byCodePoint(brandKey(a.product), brandKey(b.product)) || byName(a.product, b.product)
          case "brandDesc":
            return byCodePoint(brandKey(b.product), brandKey(a.product)) || byName(a.product, b.product)
          case "rank":
            return (
              a.tier! - b.tier! ||
              (a.tier === 3 ? farness(a.product) - farness(b.product) : 0) ||
              byName(a.product, b.product)
            )
          case "name":
            return byName(a.product, b.product)
        }
      })
    }

    return CatalogRepository.of({
      insertCatalog: (orgId, record) =>
        Effect.gen(function* () {
          const at = yield* now
          const catalog = new Catalog({
            ...record,
            id: crypto.randomUUID(),
            owned: true,
            version: 1,
            createdAt: at,
            updatedAt: at
          })
          store.catalogs.set(catalog.id, { orgId, catalog })
          return catalog
        }),
      findCatalog: (orgId, id) => Effect.sync(() => Option.fromNullishOr(catalogFor(orgId, id))),
      updateCatalog: (orgId, id, record: CatalogRecord, expectedVersion) =>
        Effect.gen(function* () {
          const row = store.catalogs.get(id)
          if (row === undefined || row.orgId !== orgId) return Option.none()
          if (row.catalog.version !== expectedVersion) return yield* new VersionConflict({ entity: "catalog", id })
          row.catalog = new Catalog({
            ...row.catalog,
            ...record,
            version: row.catalog.version + 1,
            updatedAt: yield* now
          })
          return Option.some(row.catalog)
        }),
      listCatalogs: (orgId, scope, offset, limit) =>
        Effect.sync(() => {
          const all = [...store.catalogs.values()]
            .filter((row) =>
              scope === "own"
                ? row.orgId === orgId
                : scope === "public"
                  ? row.catalog.kind === "PUBLIC"
                  : row.orgId !== orgId && member(orgId, row.catalog.id)
            )
            .map((row) => new Catalog({ ...row.catalog, owned: row.orgId === orgId }))
            .sort(
              (a, b) =>
                byCodePoint((a.name.en || a.name.ar).toLowerCase(), (b.name.en || b.name.ar).toLowerCase()) ||
                byCodePoint(a.id, b.id)
            )
          return { catalogs: all.slice(offset, offset + limit), totalCount: all.length }
        }),

      insertCategory: (orgId, record) =>
        Effect.gen(function* () {
          const at = yield* now
          const id = crypto.randomUUID()
          const pathArray = [...record.parentPath, id]
          const category = new Category({
            id,
            catalogId: record.catalogId,
            name: record.name,
            image: record.image,
            parentId: record.parentId,
            pathArray,
            path: pathOf(pathArray),
            version: 1,
            createdAt: at,
            updatedAt: at
          })
          store.categories.set(id, { orgId, category })
          return category
        }),
      findCategory: (orgId, id) =>
        Effect.sync(() => {
          const row = store.categories.get(id)
          return row !== undefined && readableCategory(orgId, row) ? Option.some(row.category) : Option.none()
        }),
      updateCategory: (orgId, id, fields, expectedVersion) =>
        Effect.gen(function* () {
          const row = store.categories.get(id)
          if (row === undefined || row.orgId !== orgId) return Option.none()
          if (row.category.version !== expectedVersion) return yield* new VersionConflict({ entity: "category", id })
          row.category = new Category({
            ...row.category,
            ...fields,
            version: row.category.version + 1,
            updatedAt: yield* now
          })
          return Option.some(row.category)
        }),
      moveCategory: (orgId, id, parentId, parentPath, expectedVersion) =>
        Effect.gen(function* () {
          const row = store.categories.get(id)
          if (row === undefined || row.orgId !== orgId) return Option.none()
          if (row.category.version !== expectedVersion) return yield* new VersionConflict({ entity: "category", id })
          const at = yield* now
          for (const other of store.categories.values()) {
            if (other.orgId !== orgId) continue
            const index = other.category.pathArray.indexOf(id)
            if (index < 0) continue
            const pathArray = [...parentPath, ...other.category.pathArray.slice(index)]
            const moved = other.category.id === id
            other.category = new Category({
              ...other.category,
              parentId: moved ? parentId : other.category.parentId,
              pathArray,
              path: pathOf(pathArray),
              version: moved ? other.category.version + 1 : other.category.version,
              updatedAt: moved ? at : other.category.updatedAt
            })
          }
          return Option.some(row.category)
        }),
      categoryUsage: (orgId, id) =>
        Effect.sync(() => ({
          children: [...store.categories.values()].filter((r) => r.orgId === orgId && r.category.parentId === id)
            .length,
          products: [...store.products.values()].filter(
            (r) => r.orgId === orgId && !r.deleted && r.product.categories.includes(id)
          ).length
        })),
      deleteCategory: (orgId, id) =>
        Effect.sync(() => {
          const row = store.categories.get(id)
          if (row === undefined || row.orgId !== orgId) return false
          store.categories.delete(id)
          return true
        }),
      listCategories: (orgId, query) =>
        Effect.sync(() => {
          const all = [...store.categories.values()]
            .filter((row) => (query.catalogId === undefined ? row.orgId === orgId : readableCategory(orgId, row)))
            .map((row) => row.category)
            .filter((c) => query.catalogId === undefined || c.catalogId === query.catalogId)
            .filter((c) => query.parentId === undefined || c.parentId === query.parentId)
            .sort((a, b) => byCodePoint(a.path, b.path))
          return { categories: all.slice(query.offset, query.offset + query.limit), totalCount: all.length }
        }),
      subtreeIds: (orgId, id) =>
        Effect.sync(() =>
          [...store.categories.values()]
            .filter((row) => readableCategory(orgId, row) && row.category.pathArray.includes(id))
            .map((row) => row.category.id)
        ),

      highestSkuNumber: (orgId) =>
        Effect.sync(() =>
          Math.max(
            0,
            ...[...store.products.values()]
              .filter((r) => r.orgId === orgId && !r.deleted)
              .map((r) => skuNumber(r.product.sku) ?? 0)
          )
        ),
      insertProduct: (orgId, record: ProductRecord) =>
        Effect.gen(function* () {
          const at = yield* now
          const product = new Product({
            ...record,
            owned: true,
            id: crypto.randomUUID(),
            version: 1,
            createdAt: at,
            updatedAt: at
          })
          store.products.set(product.id, { orgId, product, deleted: false })
          return product
        }),
      findProduct: (orgId, id) =>
        Effect.sync(() => {
          const row = store.products.get(id)
          return row !== undefined && readableProduct(orgId, row) ? Option.some(readAs(orgId, row)) : Option.none()
        }),
      productOwner: (orgId, id) =>
        Effect.sync(() => {
          const row = store.products.get(id)
          return row !== undefined && readableProduct(orgId, row) ? Option.some(row.orgId as OrgId) : Option.none()
        }),
      findBySku: (orgId, sku, exceptId) =>
        Effect.sync(() =>
          Option.fromNullishOr(
            [...store.products.values()].find(
              (r) =>
                r.orgId === orgId && !r.deleted && r.product.id !== exceptId && skuKey(r.product.sku) === skuKey(sku)
            )?.product
          )
        ),
      updateProduct: (orgId, id, record, expectedVersion) =>
        Effect.gen(function* () {
          const row = store.products.get(id)
          if (row === undefined || row.orgId !== orgId || row.deleted) return Option.none()
          if (row.product.version !== expectedVersion) return yield* new VersionConflict({ entity: "product", id })
          row.product = new Product({
            ...row.product,
            ...record,
            version: row.product.version + 1,
            updatedAt: yield* now
          })
          return Option.some(row.product)
        }),
      deleteProduct: (orgId, id) =>
        Effect.sync(() => {
          const row = store.products.get(id)
          if (row === undefined || row.orgId !== orgId || row.deleted) return false
          row.deleted = true
          return true
        }),
      listProducts: (orgId, query: ProductQuery) =>
        Effect.sync(() =>
          ordered(orgId, query)
            .slice(query.offset, query.offset + query.limit)
            .map((hit) => hit.product)
        ),
      // Marks by product id: this store reads a page by its offset and needs no mark to start from.
      markList: (orgId, list, every) =>
        Effect.sync(() =>
          ordered(orgId, list).flatMap((hit, index) =>
            (index + 1) % every === 0 ? [{ position: index + 1, keys: [hit.product.id] }] : []
          )
        ),
      countProducts: (orgId, filter) => Effect.sync(() => matching(orgId, filter).length),
      facets: (orgId, filter) =>
        Effect.sync(() => {
          const products = matching(orgId, filter).map((hit) => hit.product)
          const count = (values: ReadonlyArray<string>) => {
            const counts = new Map<string, number>()
            for (const v of values) if (v !== "") counts.set(v, (counts.get(v) ?? 0) + 1)
            return [...counts.entries()]
              .map(([value, n]) => ({ value, count: n }))
              .sort((a, b) => b.count - a.count || byCodePoint(a.value, b.value))
              .slice(0, 100)
          }
          return { brands: count(products.map((p) => p.brand)), suppliers: count(products.map((p) => p.soldBy)) }
        })
    })
  })
)
