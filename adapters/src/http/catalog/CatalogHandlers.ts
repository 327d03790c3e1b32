import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Catalog, Catalogs, Product, ProductFiles } from "@tawreed/core/catalog"
import { Api } from "../Api.ts"
import { downloadResponse } from "../files/FilesHandlers.ts"
import { HandlerKit } from "../HandlerKit.ts"
import { CategoryList } from "./CatalogApi.ts"

/** The handlers of catalogs, categories, products and the product search. */
export const CatalogHandlers = HttpApiBuilder.group(Api, "catalog", (handlers) =>
  Effect.gen(function* () {
    const { asActor, once } = yield* HandlerKit
    const catalogs = yield* Catalogs
    // Products are saved with their files, as the pages save them: the uploads a product names are attached to it
    // in the same transaction, and those it stops naming are taken off (ProductFiles.ts).
    const productFiles = yield* ProductFiles
    return handlers
      .handle("nextSku", () => asActor((a) => catalogs.nextSku(a)))
      .handle("quickSearch", ({ query }) => asActor((a) => catalogs.quickSearch(a, query)))
      .handle("searchByName", ({ params, query }) =>
        asActor((a) => catalogs.listProducts(a, { ...query, name: params.name }))
      )
      .handle("searchByOrg", ({ query, payload }) =>
        asActor((a) => catalogs.listProducts(a, { ...query, filters: payload ?? undefined }))
      )
      .handle("query", ({ query, payload }) =>
        asActor((a) => catalogs.listProducts(a, { ...query, filters: payload ?? undefined }))
      )
      .handle("initFiltersByCategory", ({ query }) => asActor((a) => catalogs.facets(a, query)))
      .handle("copyProduct", ({ params }) =>
        once(params, Product, (a, { origin }) => catalogs.copyProduct(a, params.id, origin))
      )
      .handle("listProducts", ({ query }) => asActor((a) => catalogs.listProducts(a, query)))
      .handle("createProduct", ({ payload }) =>
        once(payload, Product, (a, { origin }) => productFiles.create(a, payload, origin))
      )
      .handle("updateProduct", ({ payload }) => asActor((a, { origin }) => productFiles.update(a, payload, origin)))
      .handle("getProduct", ({ params }) => asActor((a) => catalogs.getProduct(a, params.id)))
      .handle("productFile", ({ params, query }) =>
        asActor((a) =>
          Effect.map(productFiles.open(a, params.id, params.fileId), (opened) =>
            downloadResponse(opened, query.download !== undefined)
          )
        )
      )
      .handle("deleteProduct", ({ params }) => asActor((a, { origin }) => catalogs.deleteProduct(a, params.id, origin)))
      .handle("publicCatalogs", ({ query }) =>
        asActor((a) => catalogs.listCatalogs(a, { ...query, catalogView: "public" }))
      )
      .handle("catalogCategories", ({ params, query }) =>
        asActor((a) => catalogs.listCategories(a, { ...query, catalogId: params.catalogId }))
      )
      .handle("importCategories", ({ params, payload }) =>
        once({ params, payload }, CategoryList, (a, { origin }) =>
          catalogs.importCategories(a, params.catalogId, payload, origin)
        )
      )
      .handle("listCatalogs", ({ query }) => asActor((a) => catalogs.listCatalogs(a, query)))
      .handle("createCatalog", ({ payload }) =>
        once(payload, Catalog, (a, { origin }) => catalogs.createCatalog(a, payload, origin))
      )
      .handle("updateCatalog", ({ payload }) => asActor((a, { origin }) => catalogs.updateCatalog(a, payload, origin)))
      .handle("getCatalog", ({ params }) => asActor((a) => catalogs.getCatalog(a, params.id)))
      .handle("categoryTree", ({ query }) => asActor((a) => catalogs.categoryTree(a, query.catalogId)))
      .handle("rootCategories", ({ query }) => asActor((a) => catalogs.subCategories(a, query)))
      .handle("allSubCategories", ({ params, query }) =>
        asActor((a) => catalogs.subCategories(a, { ...query, path: params.path }))
      )
      .handle("subCategories", ({ params, query }) =>
        asActor((a) => catalogs.subCategories(a, { ...query, path: params.path }))
      )
      .handle("listCategories", ({ query }) => asActor((a) => catalogs.listCategories(a, query)))
      .handle("createCategories", ({ payload }) =>
        once(payload, CategoryList, (a, { origin }) => catalogs.createCategories(a, payload, origin))
      )
      .handle("updateCategory", ({ payload }) =>
        asActor((a, { origin }) => catalogs.updateCategory(a, payload, origin))
      )
      .handle("getCategory", ({ params }) => asActor((a) => catalogs.getCategory(a, params.id)))
      .handle("deleteCategory", ({ params }) =>
        asActor((a, { origin }) => catalogs.deleteCategory(a, params.path, params.id, origin))
      )
  })
)
