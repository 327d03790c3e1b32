import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import {
  Catalog,
  CatalogPage,
  CatalogUpdateInput,
  Category,
  CategoryFacets,
  CategoryPage,
  CategoryTree,
  CategoryUpdateInput,
  catalogLimits,
  ImportedCategories,
  NewCatalogInput,
  NewCategoriesInput,
  NewProductInput,
  NextSku,
  Product,
  ProductFilters,
  ProductPage,
  ProductUpdateInput,
  QuickSearchResults
} from "@tawreed/core/catalog"
import { Uuid } from "@tawreed/core/shared"
import {
  changing,
  guarded,
  idParams,
  keyedHeaders,
  limitParam,
  optionalText,
  pageParam,
  reading
} from "../ApiContract.ts"

/** A record id in the path, checked before any query uses it. */
const Id = Uuid

/** A category path in the route: its ids from the root, joined by commas. */
const CategoryPath = Schema.String.check(Schema.isMaxLength(catalogLimits.categoryDepth * 40))

const Text = optionalText(2000)
const Page = pageParam
const ProductLimit = limitParam("10, 25 (the default), 50, 100 or 500")
const WholeLimit = limitParam("10, 25 (the default), 50, 100, 500, or 9999 for all")

/** The body of the product searches: the filters of SPEC.md §7, or nothing. */
const Filters = [ProductFilters, Schema.Null]

/** The categories a create or an import made, in the order given (parents before their children). */
export const CategoryList = Schema.Array(Category)

/**
 * SPEC.md §7 "Products and search" and "Catalogs and categories", the paths a buyer and a catalog admin use.
 * Creates take an Idempotency-Key. Declared without its middleware: Api.ts adds it behind Authentication. Fixed
 * paths come before the ones that end in an id. `POST catalogs` and `PUT catalogs` are not named by the spec
 * (it leaves the catalogs-admin calls out); they follow its `PUT products` pattern.
 */
export class CatalogGroup extends HttpApiGroup.make("catalog")
  .add(HttpApiEndpoint.get("nextSku", "/products/sku/incremental", { success: NextSku, error: guarded }))
  .add(
    HttpApiEndpoint.get("quickSearch", "/products/quickSearchByOrg", {
      query: { name: Schema.String.check(Schema.isMaxLength(200)), catalogId: Text, categoryId: Text },
      success: QuickSearchResults,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.get("searchByName", "/products/search/:name", {
      params: { name: Schema.String.check(Schema.isMaxLength(200)) },
      query: { page: Page, limit: ProductLimit },
      success: ProductPage,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.post("searchByOrg", "/products/searchByOrg", {
      query: { page: Page, limit: ProductLimit, name: Text, catalogsGroup: Text, catalogId: Text },
      payload: Filters,
      success: ProductPage,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.post("query", "/products/query", {
      query: { page: Page, limit: ProductLimit, catalogId: Text, categoryIdOrPath: Text },
      payload: Filters,
      success: ProductPage,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.post("initFiltersByCategory", "/products/initFiltersByCategory", {
      query: { categoryId: Text, catalogId: Text },
      success: CategoryFacets,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.post("copyProduct", "/products/copy/:id", {
      headers: keyedHeaders,
      params: idParams,
      success: Product,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("listProducts", "/products", {
      query: { page: Page, limit: ProductLimit },
      success: ProductPage,
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.post("createProduct", "/products", {
      headers: keyedHeaders,
      payload: NewProductInput,
      success: Product,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("updateProduct", "/products", {
      payload: ProductUpdateInput,
      success: Product,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("getProduct", "/products/:id", {
      params: idParams,
      query: { categoryId: Text, catalogId: Text },
      success: Product,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.get("productFile", "/products/:id/files/:fileId", {
      params: { id: Id, fileId: Id },
      query: { download: Schema.optional(Schema.String) },
      success: HttpApiSchema.StreamUint8Array(),
      error: reading
    }).annotate(
      OpenApi.Description,
      "A picture or attachment of a product the caller may read, whichever organisation keeps it (the `src` and " +
        "attachment links another organisation's product comes with): only a file the product names and holds. " +
        "Any other file, and every file of a product the caller may not read, is not found. Images and PDF files " +
        "open in the browser unless `download` is given."
    )
  )
  .add(
    HttpApiEndpoint.delete("deleteProduct", "/products/:id", {
      params: idParams,
      success: HttpApiSchema.NoContent,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("publicCatalogs", "/catalogs/public-catalogs", {
      query: { page: Page, limit: WholeLimit },
      success: CatalogPage,
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.get("catalogCategories", "/catalogs/categories/:catalogId", {
      params: { catalogId: Id },
      query: { page: Page, limit: WholeLimit, catalogType: Text },
      success: CategoryPage,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.post("importCategories", "/catalogs/import-categories/:catalogId", {
      headers: keyedHeaders,
      params: { catalogId: Id },
      payload: ImportedCategories,
      success: CategoryList,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("listCatalogs", "/catalogs", {
      query: { page: Page, limit: WholeLimit, admin: Text, catalogView: Text },
      success: CatalogPage,
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.post("createCatalog", "/catalogs", {
      headers: keyedHeaders,
      payload: NewCatalogInput,
      success: Catalog,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("updateCatalog", "/catalogs", {
      payload: CatalogUpdateInput,
      success: Catalog,
      error: changing
    })
  )
  .add(HttpApiEndpoint.get("getCatalog", "/catalogs/:id", { params: idParams, success: Catalog, error: reading }))
  .add(
    HttpApiEndpoint.get("categoryTree", "/categories/all", {
      query: { catalogId: Text },
      success: CategoryTree,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.get("rootCategories", "/categories/all/sub-categories", {
      query: { page: Page, limit: WholeLimit, catalogId: Text },
      success: CategoryPage,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.get("allSubCategories", "/categories/all/sub-categories/:path", {
      params: { path: CategoryPath },
      query: { page: Page, limit: WholeLimit },
      success: CategoryPage,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.get("subCategories", "/categories/sub-categories/:path", {
      params: { path: CategoryPath },
      query: { page: Page, limit: WholeLimit },
      success: CategoryPage,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.get("listCategories", "/categories", {
      query: { page: Page, limit: WholeLimit, catalogId: Text },
      success: CategoryPage,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.post("createCategories", "/categories", {
      headers: keyedHeaders,
      payload: NewCategoriesInput,
      success: CategoryList,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("updateCategory", "/categories", {
      payload: CategoryUpdateInput,
      success: Category,
      error: changing
    })
  )
  .add(HttpApiEndpoint.get("getCategory", "/categories/:id", { params: idParams, success: Category, error: reading }))
  .add(
    HttpApiEndpoint.delete("deleteCategory", "/categories/:path/:id", {
      params: { path: CategoryPath, id: Id },
      success: HttpApiSchema.NoContent,
      error: changing
    })
  ) {}
