import { Context, Effect, Layer, Option } from "effect"
import type { InsufficientPrivileges, ModuleNotEnabled } from "../access/AccessErrors.ts"
import { ListCounts } from "../documents/ListCounts.ts"
import { moduleCommands, noOrigin } from "../documents/ModuleCommands.ts"
import type { Actor } from "../identity/Actor.ts"
import { currencyDecimals } from "../money/CurrencyDecimals.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { quickSearchMinLength } from "../search/QuickSearch.ts"
import { SearchTooShort } from "../search/SearchErrors.ts"
import type { RequestOrigin } from "../shared/AuditLog.ts"
import {
  InvalidField,
  InvalidPage,
  InvalidPageSize,
  type TransactionConflict,
  VersionConflict
} from "../shared/Errors.ts"
import { pageRequest } from "../shared/Paging.ts"
import {
  type Catalog,
  type CatalogKind,
  CatalogPage,
  catalogLimits,
  type CatalogUpdateInput,
  type Category,
  CategoryFacets,
  type CategoryNode,
  CategoryPage,
  CategoryTree,
  type CategoryUpdateInput,
  FacetCount,
  type ImportedCategory,
  LocalText,
  type NewCatalogInput,
  type NewCategoryInput,
  type NewProductInput,
  NextSku,
  type Product,
  type ProductFieldsInput,
  type ProductFilters,
  ProductMedia,
  ProductPage,
  type ProductUpdateInput,
  QuickSearchHit,
  QuickSearchResults,
  TechSpec,
  VendorPrice
} from "./Catalog.ts"
import {
  CatalogNotFound,
  CatalogReadOnly,
  CatalogVendorRequired,
  CategoryMoveIntoItself,
  CategoryNotEmpty,
  CategoryNotFound,
  CategoryOutsideCatalog,
  CategoryTooDeep,
  MinimumQuantityInvalid,
  ProductNotFound,
  ProductPriceInvalid,
  SkuInvalid,
  SkuTaken
} from "./CatalogErrors.ts"
import {
  copyName,
  hasAtMostDecimals,
  isValidMinimum,
  isValidSku,
  nextSku,
  pathIds,
  priceOf,
  saudiVat,
  wouldLoop
} from "./CatalogRules.ts"
import {
  CatalogRepository,
  type ProductFilter,
  type ProductQuery,
  type ProductRecord,
  type ProductSort
} from "./CatalogRepository.ts"
import { readerProductOf } from "./ProductFileRefs.ts"
import { productSearchOf } from "./SearchRank.ts"

/** The organisation module catalogs, categories and products belong to (SPEC.md §3 module names). */
export const catalogsModule = "catalogs"

/** The kind whose list counts product writes make stale. */
export const productListKind = "product"

/** SPEC.md §6: catalogs and their categories (`cat_*`) and products (`prd_*`), organisation-wide. */
export const catalogPrivileges = {
  read: ["cat_r_o"],
  create: ["cat_c_o"],
  update: ["cat_u_o"],
  delete: ["cat_d_o"]
} as const
export const productPrivileges = {
  read: ["prd_r_o"],
  create: ["prd_c_o"],
  update: ["prd_u_o"],
  delete: ["prd_d_o"]
} as const

/** The page size pickers ask for to read every catalog or category at once (SPEC.md §9: 9999). */
export const wholeListLimit = 9999

/** SPEC.md §9: catalog and product lists answer 25 a page unless asked. */
export const catalogPageSize = 25

/** How far apart the marks of a long products list are (`CatalogRepository.markList`). */
export const listMarkEvery = 1000

/** Quick search answers this many products (SPEC.md §9: default items per page). */
export const quickSearchHits = 15

/** The longest search text taken. */
export const searchTextLimit = 200

type Guarded<A, E = never> = Effect.Effect<A, E | InsufficientPrivileges | ModuleNotEnabled | TransactionConflict>
type Paged<A, E = never> = Guarded<A, E | InvalidPage | InvalidPageSize>

/** What refuses a product's fields. */
export type ProductFieldError =
  | InvalidField
  | SkuInvalid
  | SkuTaken
  | ProductPriceInvalid
  | MinimumQuantityInvalid
  | CatalogNotFound
  | CategoryNotFound
  | CatalogReadOnly
  | CategoryOutsideCatalog

/** The list parameters of the product routes, as a client sends them. */
export interface ProductListParams {
  readonly page?: number | undefined
  readonly limit?: number | undefined
  readonly catalogId?: string | undefined
  readonly categoryIdOrPath?: string | undefined
  /** Searches the catalog of these names too (`catalogsGroup`: comma-separated ids). */
  readonly catalogsGroup?: string | undefined
  readonly name?: string | undefined
  readonly filters?: ProductFilters | undefined
  /**
   * A server page's own stretch of the list, by offset and size (at most `productWindowMost`), in place of `page`
   * and `limit`: the product search page lists 15 a page (SPEC.md §2), a size the API's pages do not offer. The
   * API's contract has no such field, so only the site's pages set it.
   */
  readonly window?: { readonly offset: number; readonly limit: number } | undefined
}

/** The most products a page's own `window` of a list reads. */
export const productWindowMost = 100

/** Catalogs, categories and products, and the product search (SPEC.md §3, §7), checked against §6's privileges. */
export interface CatalogsShape {
  /**
   * The organisation's own catalogs; with `catalogView` "shared" the other organisations' catalogs it is a member
   * of (it accepted an invitation to them, SPEC.md §7; read only, `owned` false), and with "public" the
   * marketplace's public catalogs (`GET catalogs/public-catalogs`). SPEC.md §7 names the parameter and not its
   * values; any other value is the default, the own catalogs.
   */
  readonly listCatalogs: (
    actor: Actor,
    params: {
      readonly page?: number | undefined
      readonly limit?: number | undefined
      readonly catalogView?: string | undefined
    }
  ) => Paged<CatalogPage>
  readonly getCatalog: (actor: Actor, id: string) => Guarded<Catalog, CatalogNotFound>
  readonly createCatalog: (
    actor: Actor,
    input: NewCatalogInput,
    origin?: RequestOrigin
  ) => Guarded<Catalog, InvalidField | CatalogVendorRequired>
  readonly updateCatalog: (
    actor: Actor,
    input: CatalogUpdateInput,
    origin?: RequestOrigin
  ) => Guarded<Catalog, InvalidField | CatalogVendorRequired | CatalogNotFound | CatalogReadOnly | VersionConflict>

  readonly listCategories: (
    actor: Actor,
    params: {
      readonly page?: number | undefined
      readonly limit?: number | undefined
      readonly catalogId?: string | undefined
    }
  ) => Paged<CategoryPage, CatalogNotFound>
  readonly getCategory: (actor: Actor, id: string) => Guarded<Category, CategoryNotFound>
  /** The direct sub-categories of the category at `path` (the root categories without one). */
  readonly subCategories: (
    actor: Actor,
    params: {
      readonly path?: string | undefined
      readonly catalogId?: string | undefined
      readonly page?: number | undefined
      readonly limit?: number | undefined
    }
  ) => Paged<CategoryPage, CategoryNotFound | CatalogNotFound>
  /** Every category of a catalog (or of the organisation's catalogs) as a tree. */
  readonly categoryTree: (actor: Actor, catalogId?: string) => Guarded<CategoryTree, CatalogNotFound>
  readonly createCategories: (
    actor: Actor,
    inputs: ReadonlyArray<NewCategoryInput>,
    origin?: RequestOrigin
  ) => Guarded<
    ReadonlyArray<Category>,
    InvalidField | CatalogNotFound | CatalogReadOnly | CategoryNotFound | CategoryOutsideCatalog | CategoryTooDeep
  >
  readonly updateCategory: (
    actor: Actor,
    input: CategoryUpdateInput,
    origin?: RequestOrigin
  ) => Guarded<
    Category,
    | InvalidField
    | CategoryNotFound
    | CatalogNotFound
    | CatalogReadOnly
    | CategoryOutsideCatalog
    | CategoryMoveIntoItself
    | CategoryTooDeep
    | VersionConflict
  >
  readonly deleteCategory: (
    actor: Actor,
    path: string,
    id: string,
    origin?: RequestOrigin
  ) => Guarded<void, CategoryNotFound | CatalogNotFound | CategoryNotEmpty | CatalogReadOnly>
  /** `POST catalogs/import-categories/{catalogId}`: a tree of categories added under the catalog's root. */
  readonly importCategories: (
    actor: Actor,
    catalogId: string,
    nodes: ReadonlyArray<ImportedCategory>,
    origin?: RequestOrigin
  ) => Guarded<ReadonlyArray<Category>, InvalidField | CatalogNotFound | CatalogReadOnly | CategoryTooDeep>

  readonly nextSku: (actor: Actor) => Guarded<NextSku>
  readonly getProduct: (actor: Actor, id: string) => Guarded<Product, ProductNotFound>
  readonly createProduct: (
    actor: Actor,
    input: NewProductInput,
    origin?: RequestOrigin
  ) => Guarded<Product, ProductFieldError>
  readonly updateProduct: (
    actor: Actor,
    input: ProductUpdateInput,
    origin?: RequestOrigin
  ) => Guarded<Product, ProductFieldError | ProductNotFound | VersionConflict>
  /** `POST products/copy/{id}`: a new product with the original's fields, the next SKU and "(copy)" names. */
  readonly copyProduct: (actor: Actor, id: string, origin?: RequestOrigin) => Guarded<Product, ProductNotFound>
  /** `DELETE products/{id}`: the product is kept, marked deleted; it is no longer found and its SKU is free. */
  readonly deleteProduct: (actor: Actor, id: string, origin?: RequestOrigin) => Guarded<void, ProductNotFound>
  /** `GET products`, `GET products/search/{name}`, `POST products/searchByOrg`, `POST products/query`. */
  readonly listProducts: (
    actor: Actor,
    params: ProductListParams
  ) => Paged<ProductPage, InvalidField | CatalogNotFound | CategoryNotFound>
  /** `GET products/quickSearchByOrg`: the best hits for at least 3 characters. */
  readonly quickSearch: (
    actor: Actor,
    params: {
      readonly name: string
      readonly catalogId?: string | undefined
      readonly categoryId?: string | undefined
    }
  ) => Guarded<QuickSearchResults, SearchTooShort | InvalidField | CatalogNotFound | CategoryNotFound>
  /** `POST products/initFiltersByCategory`: the brands and suppliers of a category's products. */
  readonly facets: (
    actor: Actor,
    params: { readonly categoryId?: string | undefined; readonly catalogId?: string | undefined }
  ) => Guarded<CategoryFacets, CategoryNotFound | CatalogNotFound>
}

const clean = (text: string | undefined | null): string => (text ?? "").trim()

/** A name in at least one language. */
const localName = Effect.fnUntraced(function* (en: string, ar: string, field = "name") {
  if (en === "" && ar === "") return yield* new InvalidField({ field, problem: "required" })
  return new LocalText({ en, ar })
})

const blankProduct: Omit<ProductRecord, "createdBy"> = {
  sku: "",
  name: new LocalText({ en: "", ar: "" }),
  description: new LocalText({ en: "", ar: "" }),
  brand: "",
  model: "",
  originCountry: "",
  soldBy: "",
  price: priceOf(0, [saudiVat], "SAR", 1),
  minQtyRFQ: 1,
  minQtyDirectOrder: 1,
  isAvailable: true,
  allowDirectOrder: true,
  allowRFQ: true,
  public: false,
  techSpecs: [],
  mediaList: [],
  attachments: [],
  catalogs: [],
  categories: [],
  vendors: []
}

const isAmount = (value: number, currency: string): boolean =>
  Number.isFinite(value) && value >= 0 && value <= 1e12 && hasAtMostDecimals(value, currencyDecimals(currency) + 2)

/** Use cases: catalogs, categories, products and their search. */
export class Catalogs extends Context.Service<Catalogs, CatalogsShape>()("@tawreed/core/catalog/Catalogs") {
  static readonly layer = Layer.effect(
    Catalogs,
    Effect.gen(function* () {
      const lists = yield* ListCounts
      const stored = yield* CatalogRepository
      const { commandOf, guard, audit } = yield* moduleCommands
      const changed = (orgId: OrgId) => lists.changed(orgId, productListKind)
      const scope = (privileges: ReadonlyArray<string>) => ({ module: catalogsModule, privileges })

      const paging = (page: number | undefined, limit: number | undefined) =>
        limit === wholeListLimit ? Effect.succeed({ offset: 0, limit: wholeListLimit }) : pageRequest(page, limit, 25)

      const catalogFound = Effect.fn("Catalogs.catalogFound")(function* (orgId: OrgId, id: string) {
        const catalog = yield* stored.findCatalog(orgId, id)
        if (Option.isNone(catalog)) return yield* new CatalogNotFound({ id })
        return catalog.value
      })
      const ownCatalog = Effect.fn("Catalogs.ownCatalog")(function* (orgId: OrgId, id: string) {
        const catalog = yield* catalogFound(orgId, id)
        if (!catalog.owned) {
          return yield* new CatalogReadOnly({
            nameEn: catalog.name.en || catalog.name.ar,
            nameAr: catalog.name.ar || catalog.name.en
          })
        }
        return catalog
      })
      const categoryFound = Effect.fn("Catalogs.categoryFound")(function* (orgId: OrgId, id: string) {
        const category = yield* stored.findCategory(orgId, id)
        if (Option.isNone(category)) return yield* new CategoryNotFound({ id })
        return category.value
      })
      const productFound = Effect.fn("Catalogs.productFound")(function* (orgId: OrgId, id: string) {
        const product = yield* stored.findProduct(orgId, id)
        if (Option.isNone(product)) return yield* new ProductNotFound({ id })
        return product.value
      })

      // -- Catalogs --------------------------------------------------------------------------------------------

      const checkCatalog = Effect.fnUntraced(function* (
        input: NewCatalogInput | CatalogUpdateInput,
        before: Catalog | undefined
      ) {
        const name = yield* localName(clean(input.nameEn ?? before?.name.en), clean(input.nameAr ?? before?.name.ar))
        const kind: CatalogKind = input.kind ?? before?.kind ?? "OWN"
        const vendorId = input.vendorId === undefined ? (before?.vendorId ?? null) : clean(input.vendorId) || null
        if ((kind === "SHARED") !== (vendorId !== null)) return yield* new CatalogVendorRequired()
        return {
          name,
          description: clean(input.description ?? before?.description),
          kind,
          vendorId,
          image: input.image === undefined ? (before?.image ?? null) : clean(input.image) || null
        }
      })

      const listCatalogs: CatalogsShape["listCatalogs"] = Effect.fn("Catalogs.listCatalogs")(function* (actor, params) {
        yield* guard(actor, scope(catalogPrivileges.read))
        const page = yield* paging(params.page, params.limit)
        const whose = params.catalogView === "shared" ? "member" : params.catalogView === "public" ? "public" : "own"
        return new CatalogPage(yield* stored.listCatalogs(actor.orgId, whose, page.offset, page.limit))
      })

      const getCatalog: CatalogsShape["getCatalog"] = Effect.fn("Catalogs.getCatalog")(function* (actor, id) {
        yield* guard(actor, scope(catalogPrivileges.read))
        return yield* catalogFound(actor.orgId, id)
      })

      const createCatalog = commandOf(
        "Catalogs.createCatalog",
        scope(catalogPrivileges.create),
        function* (actor: Actor, input: NewCatalogInput, origin: RequestOrigin = noOrigin) {
          const fields = yield* checkCatalog(input, undefined)
          const made = yield* stored.insertCatalog(actor.orgId, fields)
          yield* audit(actor, "catalog.created", origin, { catalogId: made.id, kind: made.kind })
          return made
        }
      )

      const updateCatalog = commandOf(
        "Catalogs.updateCatalog",
        scope(catalogPrivileges.update),
        function* (actor: Actor, input: CatalogUpdateInput, origin: RequestOrigin = noOrigin) {
          const before = yield* ownCatalog(actor.orgId, input.id)
          if (before.version !== input.version) return yield* new VersionConflict({ entity: "catalog", id: before.id })
          const fields = yield* checkCatalog(input, before)
          const saved = yield* stored.updateCatalog(actor.orgId, before.id, fields, input.version)
          if (Option.isNone(saved)) return yield* new CatalogNotFound({ id: input.id })
          yield* changed(actor.orgId)
          yield* audit(actor, "catalog.updated", origin, { catalogId: before.id })
          return saved.value
        }
      )

      // -- Categories ------------------------------------------------------------------------------------------

      const listCategories: CatalogsShape["listCategories"] = Effect.fn("Catalogs.listCategories")(
        function* (actor, params) {
          yield* guard(actor, scope(catalogPrivileges.read))
          const page = yield* paging(params.page, params.limit)
          const catalogId = clean(params.catalogId)
          if (catalogId !== "") yield* catalogFound(actor.orgId, catalogId)
          return new CategoryPage(
            yield* stored.listCategories(actor.orgId, {
              catalogId: catalogId === "" ? undefined : catalogId,
              offset: page.offset,
              limit: page.limit
            })
          )
        }
      )

      const getCategory: CatalogsShape["getCategory"] = Effect.fn("Catalogs.getCategory")(function* (actor, id) {
        yield* guard(actor, scope(catalogPrivileges.read))
        return yield* categoryFound(actor.orgId, id)
      })

      /** The category a path names: its last id, when the category's path is that path. */
      const categoryAtPath = Effect.fn("Catalogs.categoryAtPath")(function* (orgId: OrgId, path: string) {
        const ids = pathIds(path)
        const last = ids[ids.length - 1]
        if (last === undefined) return yield* new CategoryNotFound({ id: path })
        const category = yield* categoryFound(orgId, last)
        if (ids.length > 1 && ids.join(",") !== category.path) return yield* new CategoryNotFound({ id: path })
        return category
      })

      const subCategories: CatalogsShape["subCategories"] = Effect.fn("Catalogs.subCategories")(
        function* (actor, params) {
          yield* guard(actor, scope(catalogPrivileges.read))
          const page = yield* paging(params.page, params.limit)
          const path = clean(params.path)
          const parent = path === "" ? null : yield* categoryAtPath(actor.orgId, path)
          const catalogId = parent?.catalogId ?? (clean(params.catalogId) || undefined)
          if (catalogId !== undefined && parent === null) yield* catalogFound(actor.orgId, catalogId)
          return new CategoryPage(
            yield* stored.listCategories(actor.orgId, {
              catalogId,
              parentId: parent?.id ?? null,
              offset: page.offset,
              limit: page.limit
            })
          )
        }
      )

      const categoryTree: CatalogsShape["categoryTree"] = Effect.fn("Catalogs.categoryTree")(
        function* (actor, catalogId) {
          yield* guard(actor, scope(catalogPrivileges.read))
          const id = clean(catalogId)
          if (id !== "") yield* catalogFound(actor.orgId, id)
          const { categories } = yield* stored.listCategories(actor.orgId, {
            catalogId: id === "" ? undefined : id,
            offset: 0,
            limit: wholeListLimit
          })
          const childrenOf = new Map<string | null, Array<Category>>()
          for (const c of categories) {
            const siblings = childrenOf.get(c.parentId) ?? []
            siblings.push(c)
            childrenOf.set(c.parentId, siblings)
          }
          const known = new Set(categories.map((c) => c.id))
          const node = (category: Category): CategoryNode => ({
            category,
            children: (childrenOf.get(category.id) ?? []).map(node)
          })
          return new CategoryTree({
            roots: categories.filter((c) => c.parentId === null || !known.has(c.parentId)).map(node)
          })
        }
      )

      /** Adds one category under a parent of the same catalog (or at its root), within the depth allowed. */
      const addCategory = Effect.fnUntraced(function* (
        orgId: OrgId,
        catalogId: string,
        name: LocalText,
        image: string | null,
        parent: Category | null
      ) {
        if (parent !== null && parent.catalogId !== catalogId) {
          return yield* new CategoryOutsideCatalog({
            nameEn: parent.name.en || parent.name.ar,
            nameAr: parent.name.ar || parent.name.en
          })
        }
        const parentPath = parent?.pathArray ?? []
        if (parentPath.length + 1 > catalogLimits.categoryDepth) {
          return yield* new CategoryTooDeep({ depth: catalogLimits.categoryDepth })
        }
        return yield* stored.insertCategory(orgId, {
          catalogId,
          name,
          image,
          parentId: parent?.id ?? null,
          parentPath
        })
      })

      const createCategories = commandOf(
        "Catalogs.createCategories",
        scope(catalogPrivileges.create),
        function* (actor: Actor, inputs: ReadonlyArray<NewCategoryInput>, origin: RequestOrigin = noOrigin) {
          if (inputs.length === 0) return yield* new InvalidField({ field: "categories", problem: "atLeastOne" })
          const made: Array<Category> = []
          for (const input of inputs) {
            const catalog = yield* ownCatalog(actor.orgId, clean(input.catalogId))
            const name = yield* localName(clean(input.nameEn), clean(input.nameAr))
            const parentId = clean(input.parentId)
            const parent = parentId === "" ? null : yield* categoryFound(actor.orgId, parentId)
            const category = yield* addCategory(actor.orgId, catalog.id, name, clean(input.image) || null, parent)
            yield* audit(actor, "category.created", origin, { categoryId: category.id, catalogId: catalog.id })
            made.push(category)
          }
          return made
        }
      )

      const updateCategory = commandOf(
        "Catalogs.updateCategory",
        scope(catalogPrivileges.update),
        function* (actor: Actor, input: CategoryUpdateInput, origin: RequestOrigin = noOrigin) {
          const before = yield* categoryFound(actor.orgId, input.id)
          yield* ownCatalog(actor.orgId, before.catalogId)
          if (before.version !== input.version) {
            return yield* new VersionConflict({ entity: "category", id: before.id })
          }
          const name = yield* localName(clean(input.nameEn ?? before.name.en), clean(input.nameAr ?? before.name.ar))
          const image = input.image === undefined ? before.image : clean(input.image) || null
          let current = before
          if (name.en !== before.name.en || name.ar !== before.name.ar || image !== before.image) {
            const saved = yield* stored.updateCategory(actor.orgId, before.id, { name, image }, current.version)
            if (Option.isNone(saved)) return yield* new CategoryNotFound({ id: before.id })
            current = saved.value
            yield* audit(actor, "category.updated", origin, { categoryId: before.id })
          }
          if (input.parentId !== undefined) {
            const parentId = clean(input.parentId) || null
            if (parentId !== before.parentId) {
              const parent = parentId === null ? null : yield* categoryFound(actor.orgId, parentId)
              if (parent !== null && parent.catalogId !== before.catalogId) {
                return yield* new CategoryOutsideCatalog({
                  nameEn: parent.name.en || parent.name.ar,
                  nameAr: parent.name.ar || parent.name.en
                })
              }
              const parentPath = parent?.pathArray ?? []
              if (parent !== null && wouldLoop(before.id, parentPath)) {
                return yield* new CategoryMoveIntoItself({
                  nameEn: before.name.en || before.name.ar,
                  nameAr: before.name.ar || before.name.en
                })
              }
              const { categories } = yield* stored.listCategories(actor.orgId, {
                catalogId: before.catalogId,
                offset: 0,
                limit: wholeListLimit
              })
              const below = categories
                .filter((c) => c.pathArray.includes(before.id))
                .map((c) => c.pathArray.length - before.pathArray.length)
              const depth = parentPath.length + 1 + Math.max(0, ...below)
              if (depth > catalogLimits.categoryDepth) {
                return yield* new CategoryTooDeep({ depth: catalogLimits.categoryDepth })
              }
              const moved = yield* stored.moveCategory(actor.orgId, before.id, parentId, parentPath, current.version)
              if (Option.isNone(moved)) return yield* new CategoryNotFound({ id: before.id })
              current = moved.value
              yield* changed(actor.orgId)
              yield* audit(actor, "category.moved", origin, { categoryId: before.id, parentId: parentId ?? "" })
            }
          }
          return current
        }
      )

      const deleteCategory = commandOf(
        "Catalogs.deleteCategory",
        scope(catalogPrivileges.delete),
        function* (actor: Actor, path: string, id: string, origin: RequestOrigin = noOrigin) {
          const category = yield* categoryFound(actor.orgId, id)
          const ids = pathIds(path)
          if (ids.length > 0 && ids[ids.length - 1] !== category.id && ids.join(",") !== category.path) {
            return yield* new CategoryNotFound({ id })
          }
          yield* ownCatalog(actor.orgId, category.catalogId)
          const usage = yield* stored.categoryUsage(actor.orgId, category.id)
          if (usage.children > 0 || usage.products > 0) {
            return yield* new CategoryNotEmpty({
              nameEn: category.name.en || category.name.ar,
              nameAr: category.name.ar || category.name.en
            })
          }
          if (!(yield* stored.deleteCategory(actor.orgId, category.id))) return yield* new CategoryNotFound({ id })
          yield* audit(actor, "category.deleted", origin, { categoryId: category.id })
        }
      )

      const importCategories = commandOf(
        "Catalogs.importCategories",
        scope(catalogPrivileges.create),
        function* (
          actor: Actor,
          catalogId: string,
          nodes: ReadonlyArray<ImportedCategory>,
          origin: RequestOrigin = noOrigin
        ) {
          const catalog = yield* ownCatalog(actor.orgId, catalogId)
          const made: Array<Category> = []
          const walk = (
            list: ReadonlyArray<ImportedCategory>,
            parent: Category | null
          ): Effect.Effect<void, InvalidField | CategoryTooDeep | CategoryOutsideCatalog> =>
            Effect.forEach(
              list,
              (node) =>
                Effect.gen(function* () {
                  if (made.length >= catalogLimits.categoriesPerCall) {
                    return yield* new InvalidField({ field: "categories", problem: "tooMany" })
                  }
                  const name = yield* localName(clean(node.nameEn), clean(node.nameAr))
                  const category = yield* addCategory(actor.orgId, catalog.id, name, clean(node.image) || null, parent)
                  made.push(category)
                  yield* walk(node.children ?? [], category)
                }),
              { discard: true }
            )
          yield* walk(nodes, null).pipe(
            Effect.catchTag("CategoryOutsideCatalog", () => Effect.die("an imported tree stays in its catalog"))
          )
          yield* audit(actor, "categories.imported", origin, { catalogId: catalog.id, count: String(made.length) })
          return made
        }
      )

      // -- Products --------------------------------------------------------------------------------------------

      const checkProduct = Effect.fnUntraced(function* (
        orgId: OrgId,
        input: ProductFieldsInput,
        before: Omit<ProductRecord, "createdBy">,
        exceptId: string | null
      ) {
        const name = yield* localName(clean(input.nameEn ?? before.name.en), clean(input.nameAr ?? before.name.ar))
        let sku = clean(input.sku ?? before.sku)
        if (sku === "") sku = nextSku(yield* stored.highestSkuNumber(orgId))
        if (!isValidSku(sku)) return yield* new SkuInvalid({ sku: sku.slice(0, 100) })
        const taken = yield* stored.findBySku(orgId, sku, exceptId)
        if (Option.isSome(taken)) return yield* new SkuTaken({ sku })

        const currency = clean(input.currency ?? before.price.currency).toUpperCase()
        if (!/^[A-Z]{3}$/.test(currency)) return yield* new InvalidField({ field: "currency", problem: "format" })
        const basePrice = input.basePrice ?? before.price.basePrice
        if (!isAmount(basePrice, currency)) return yield* new ProductPriceInvalid({ field: "basePrice" })
        const taxes = (input.taxes ?? before.price.taxes).map((t) => ({ name: t.name.trim(), percent: t.percent }))
        if (taxes.some((t) => !Number.isFinite(t.percent) || t.percent < 0 || t.percent > 100)) {
          return yield* new ProductPriceInvalid({ field: "taxes" })
        }
        const valueForQuantity = input.valueForQuantity ?? before.price.valueForQuantity
        if (!isValidMinimum(valueForQuantity)) return yield* new ProductPriceInvalid({ field: "valueForQuantity" })
        const minQtyRFQ = input.minQtyRFQ ?? before.minQtyRFQ
        if (!isValidMinimum(minQtyRFQ)) return yield* new MinimumQuantityInvalid({ field: "minQtyRFQ" })
        const minQtyDirectOrder = input.minQtyDirectOrder ?? before.minQtyDirectOrder
        if (!isValidMinimum(minQtyDirectOrder)) {
          return yield* new MinimumQuantityInvalid({ field: "minQtyDirectOrder" })
        }

        const catalogs = [...new Set((input.catalogs ?? before.catalogs).map(clean).filter((c) => c !== ""))]
        for (const id of input.catalogs === undefined ? [] : catalogs) yield* ownCatalog(orgId, id)
        const categories = [...new Set((input.categories ?? before.categories).map(clean).filter((c) => c !== ""))]
        for (const id of input.categories === undefined && input.catalogs === undefined ? [] : categories) {
          const category = yield* categoryFound(orgId, id)
          if (!catalogs.includes(category.catalogId)) {
            return yield* new CategoryOutsideCatalog({
              nameEn: category.name.en || category.name.ar,
              nameAr: category.name.ar || category.name.en
            })
          }
        }
        const vendors: Array<VendorPrice> = []
        for (const v of input.vendors ?? before.vendors) {
          const vendorCurrency = clean(v.currency ?? currency).toUpperCase() || currency
          if (!/^[A-Z]{3}$/.test(vendorCurrency))
            return yield* new InvalidField({ field: "currency", problem: "format" })
          if (!isAmount(v.value, vendorCurrency)) return yield* new ProductPriceInvalid({ field: "vendors" })
          const vendorId = clean(v.vendorId)
          if (vendorId === "") return yield* new InvalidField({ field: "vendorId", problem: "required" })
          vendors.push(new VendorPrice({ vendorId, value: v.value, currency: vendorCurrency }))
        }
        const techSpecs = (input.techSpecs ?? before.techSpecs).map(
          (t) => new TechSpec({ name: t.name.trim(), value: t.value.trim(), uom: clean(t.uom) })
        )
        if (techSpecs.some((t) => t.name === ""))
          return yield* new InvalidField({ field: "techSpecs", problem: "required" })
        return {
          sku,
          name,
          description: new LocalText({
            en: clean(input.descriptionEn ?? before.description.en),
            ar: clean(input.descriptionAr ?? before.description.ar)
          }),
          brand: clean(input.brand ?? before.brand),
          model: clean(input.model ?? before.model),
          originCountry: clean(input.originCountry ?? before.originCountry),
          soldBy: clean(input.soldBy ?? before.soldBy),
          price: priceOf(basePrice, taxes, currency, valueForQuantity),
          minQtyRFQ,
          minQtyDirectOrder,
          isAvailable: input.isAvailable ?? before.isAvailable,
          allowDirectOrder: input.allowDirectOrder ?? before.allowDirectOrder,
          allowRFQ: input.allowRFQ ?? before.allowRFQ,
          public: input.public ?? before.public,
          techSpecs,
          mediaList: (input.mediaList ?? before.mediaList)
            .map((m) => m.src.trim())
            .filter((src) => src !== "")
            .map((src) => new ProductMedia({ src })),
          attachments: [...new Set((input.attachments ?? before.attachments).map(clean).filter((a) => a !== ""))],
          catalogs,
          categories,
          vendors
        }
      })

      const nextSkuOf: CatalogsShape["nextSku"] = Effect.fn("Catalogs.nextSku")(function* (actor) {
        yield* guard(actor, scope(productPrivileges.read))
        return new NextSku({ sku: nextSku(yield* stored.highestSkuNumber(actor.orgId)) })
      })

      const getProduct: CatalogsShape["getProduct"] = Effect.fn("Catalogs.getProduct")(function* (actor, id) {
        yield* guard(actor, scope(productPrivileges.read))
        return readerProductOf(yield* productFound(actor.orgId, id))
      })

      const createProduct = commandOf(
        "Catalogs.createProduct",
        scope(productPrivileges.create),
        function* (actor: Actor, input: NewProductInput, origin: RequestOrigin = noOrigin) {
          const fields = yield* checkProduct(actor.orgId, input, blankProduct, null)
          const made = yield* stored.insertProduct(actor.orgId, { ...fields, createdBy: actor.userId })
          yield* changed(actor.orgId)
          yield* audit(actor, "product.created", origin, { productId: made.id, sku: made.sku })
          return made
        }
      )

      const updateProduct = commandOf(
        "Catalogs.updateProduct",
        scope(productPrivileges.update),
        function* (actor: Actor, input: ProductUpdateInput, origin: RequestOrigin = noOrigin) {
          const before = yield* productFound(actor.orgId, input.id)
          if (before.version !== input.version) return yield* new VersionConflict({ entity: "product", id: before.id })
          const fields = yield* checkProduct(actor.orgId, input, before, before.id)
          const saved = yield* stored.updateProduct(
            actor.orgId,
            before.id,
            { ...fields, createdBy: before.createdBy },
            input.version
          )
          if (Option.isNone(saved)) return yield* new ProductNotFound({ id: input.id })
          yield* changed(actor.orgId)
          yield* audit(actor, "product.updated", origin, { productId: before.id, sku: fields.sku })
          return saved.value
        }
      )

      const copyProduct = commandOf(
        "Catalogs.copyProduct",
        scope(productPrivileges.create),
        function* (actor: Actor, id: string, origin: RequestOrigin = noOrigin) {
          const original = yield* productFound(actor.orgId, id)
          const made = yield* stored.insertProduct(actor.orgId, {
            ...original,
            sku: nextSku(yield* stored.highestSkuNumber(actor.orgId)),
            name: copyName(original.name),
            // A copy is a draft of the organisation's own: not public until someone publishes it.
            public: false,
            createdBy: actor.userId
          })
          yield* changed(actor.orgId)
          yield* audit(actor, "product.copied", origin, { productId: made.id, fromId: original.id, sku: made.sku })
          return made
        }
      )

      const deleteProduct = commandOf(
        "Catalogs.deleteProduct",
        scope(productPrivileges.delete),
        function* (actor: Actor, id: string, origin: RequestOrigin = noOrigin) {
          const product = yield* productFound(actor.orgId, id)
          if (!(yield* stored.deleteProduct(actor.orgId, product.id))) return yield* new ProductNotFound({ id })
          yield* changed(actor.orgId)
          yield* audit(actor, "product.deleted", origin, { productId: product.id, sku: product.sku })
        }
      )

      /** The filter of a product list from what the client sent. */
      const filterOf = Effect.fnUntraced(function* (actor: Actor, params: ProductListParams) {
        const f = params.filters
        const catalogIds = [
          ...new Set(
            [clean(params.catalogId), ...clean(params.catalogsGroup).split(",").map(clean)].filter((c) => c !== "")
          )
        ]
        for (const id of catalogIds) yield* catalogFound(actor.orgId, id)
        const categoryRef = clean(params.categoryIdOrPath) || clean(f?.categoryIdOrPath) || clean(f?.categoryPath)
        const categoryId = clean(f?.categoryId)
        let categoryIds: ReadonlyArray<string> | undefined
        if (categoryRef !== "" || categoryId !== "") {
          const category =
            categoryRef !== ""
              ? yield* categoryAtPath(actor.orgId, categoryRef)
              : yield* categoryFound(actor.orgId, categoryId)
          categoryIds = yield* stored.subtreeIds(actor.orgId, category.id)
        }
        const priceMin = f?.priceMin ?? undefined
        const priceMax = f?.priceMax ?? undefined
        for (const [field, bound] of [
          ["priceMin", priceMin],
          ["priceMax", priceMax]
        ] as const) {
          if (bound !== undefined && (!Number.isFinite(bound) || bound < 0)) {
            return yield* new InvalidField({ field, problem: "outOfRange" })
          }
        }
        if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax) {
          return yield* new InvalidField({ field: "priceMax", problem: "outOfRange" })
        }
        const text = clean(params.name) || clean(f?.name)
        if (text.length > searchTextLimit) return yield* new InvalidField({ field: "name", problem: "tooLong" })
        const search = text === "" ? undefined : productSearchOf(text)
        const brands = (f?.brands ?? []).map(clean).filter((b) => b !== "")
        const suppliers = (f?.suppliers ?? []).map(clean).filter((s) => s !== "")
        const filter: ProductFilter = {
          catalogIds: catalogIds.length > 0 ? catalogIds : undefined,
          categoryIds,
          priceMin,
          priceMax,
          brands: brands.length > 0 ? brands : undefined,
          suppliers: suppliers.length > 0 ? suppliers : undefined,
          includeOutOfStock: f?.includeOutOfStock ?? true,
          search
        }
        const sort: ProductSort =
          f?.sortByPrice === "asc"
            ? "priceAsc"
            : f?.sortByPrice === "desc"
              ? "priceDesc"
              : f?.sortByBrand === "asc"
                ? "brandAsc"
                : f?.sortByBrand === "desc"
                  ? "brandDesc"
                  : search !== undefined
                    ? "rank"
                    : "name"
        return { filter, sort }
      })

      /**
       * The mark a deep page of a long list starts from (`CatalogRepository.markList`): every `listMarkEvery`th
       * product of the list's filter and order, kept with the list's counts until a product of the organisation
       * changes, so that a page a hundred thousand products in reads about as much as the first page. A search
       * (ranked, gathered through its own indexes) and a page before the first mark take none.
       */
      /**
       * What else a kept count or mark of a products list depends on: a list naming catalogs reads other
       * organisations' products too (public ones, and those of catalogs the organisation is a member of), which
       * change without the reader's generation moving, so it is kept under the product kind's generation across
       * every organisation.
       */
      const reachOf = (filter: ProductFilter) =>
        filter.catalogIds === undefined ? undefined : lists.generationOfKind(productListKind)

      const markBefore = (orgId: OrgId, query: ProductQuery) =>
        Effect.gen(function* () {
          if (query.search !== undefined || query.offset < listMarkEvery || (query.matching ?? 0) <= listMarkEvery) {
            return undefined
          }
          const { offset: _offset, limit: _limit, matching: _matching, from: _from, ...list } = query
          const marks = yield* lists.counted(
            orgId,
            productListKind,
            JSON.stringify({ marks: listMarkEvery, reach: reachOf(list), ...list }),
            stored.markList(orgId, list, listMarkEvery)
          )
          return marks.findLast((mark) => mark.position <= query.offset)
        })

      const listProducts: CatalogsShape["listProducts"] = Effect.fn("Catalogs.listProducts")(function* (actor, params) {
        yield* guard(actor, scope(productPrivileges.read))
        const window = params.window
        const page =
          window === undefined
            ? yield* pageRequest(params.page, params.limit, catalogPageSize)
            : !Number.isSafeInteger(window.offset) || window.offset < 0
              ? yield* new InvalidPage()
              : !Number.isSafeInteger(window.limit) || window.limit < 1 || window.limit > productWindowMost
                ? yield* new InvalidPageSize({ allowed: `1-${productWindowMost}` })
                : window
        const { filter, sort } = yield* filterOf(actor, params)
        const totalCount = yield* lists.counted(
          actor.orgId,
          productListKind,
          JSON.stringify({ reach: reachOf(filter), ...filter }),
          stored.countProducts(actor.orgId, filter)
        )
        const query: ProductQuery = { ...filter, sort, offset: page.offset, limit: page.limit, matching: totalCount }
        if (totalCount === 0) return new ProductPage({ products: [], totalCount })
        const from = yield* markBefore(actor.orgId, query)
        const products = yield* stored.listProducts(actor.orgId, from === undefined ? query : { ...query, from })
        return new ProductPage({ products: products.map(readerProductOf), totalCount })
      })

      const quickSearch: CatalogsShape["quickSearch"] = Effect.fn("Catalogs.quickSearch")(function* (actor, params) {
        yield* guard(actor, scope(productPrivileges.read))
        const text = params.name.trim()
        if (text.toLowerCase().length < quickSearchMinLength) return yield* new SearchTooShort()
        const { filter } = yield* filterOf(actor, {
          name: text,
          catalogId: params.catalogId,
          categoryIdOrPath: params.categoryId
        })
        const products = yield* stored.listProducts(actor.orgId, {
          ...filter,
          sort: "rank",
          offset: 0,
          limit: quickSearchHits
        })
        return new QuickSearchResults({
          products: products.map(
            (p) =>
              new QuickSearchHit({ id: p.id, sku: p.sku, name: p.name, catalogs: p.catalogs, categories: p.categories })
          )
        })
      })

      const facets: CatalogsShape["facets"] = Effect.fn("Catalogs.facets")(function* (actor, params) {
        yield* guard(actor, scope(productPrivileges.read))
        const { filter } = yield* filterOf(actor, {
          catalogId: params.catalogId,
          categoryIdOrPath: params.categoryId
        }).pipe(Effect.catchTag("InvalidField", (e) => Effect.die(e)))
        const found = yield* stored.facets(actor.orgId, filter)
        return new CategoryFacets({
          brands: found.brands.map((b) => new FacetCount(b)),
          suppliers: found.suppliers.map((s) => new FacetCount(s))
        })
      })

      return Catalogs.of({
        listCatalogs,
        getCatalog,
        createCatalog,
        updateCatalog,
        listCategories,
        getCategory,
        subCategories,
        categoryTree,
        createCategories,
        updateCategory,
        deleteCategory,
        importCategories,
        nextSku: nextSkuOf,
        getProduct,
        createProduct,
        updateProduct,
        copyProduct,
        deleteProduct,
        listProducts,
        quickSearch,
        facets
      })
    })
  )
}
