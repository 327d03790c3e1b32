import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { CatalogInvitation, Marketplaces } from "@tawreed/core/marketplace"
import { Api } from "../Api.ts"
import { downloadPolicy } from "../files/FilesHandlers.ts"
import { HandlerKit } from "../HandlerKit.ts"

/**
 * How long a browser or shared cache keeps a public picture: a day. A picture's bytes never change under its id (a
 * new picture is a new file), and one taken off a product is no longer served once the day is out.
 */
export const publicPictureSeconds = 24 * 60 * 60

/** The guest catalogue: public reads, no sign-in. */
export const GuestHandlers = HttpApiBuilder.group(Api, "guest", (handlers) =>
  Effect.gen(function* () {
    const { asVisitor } = yield* HandlerKit
    const marketplaces = yield* Marketplaces
    return handlers
      .handle("catalogs", ({ params }) => asVisitor(() => marketplaces.guestCatalogs(params.orgCode)))
      .handle("categoryTree", ({ payload }) => asVisitor(() => marketplaces.guestCategoryTree(payload)))
      .handle("products", ({ payload }) => asVisitor(() => marketplaces.guestProducts(payload)))
      .handle("picture", ({ params, request }) =>
        asVisitor(() =>
          Effect.map(marketplaces.guestPicture(params.fileId), ({ file, content }) => {
            const headers = {
              "content-security-policy": downloadPolicy,
              "cache-control": `public, max-age=${publicPictureSeconds}`,
              etag: `"${file.sha256}"`
            }
            const known = (request.headers["if-none-match"] ?? "").split(",").map((tag) => tag.trim())
            return known.includes(headers.etag) || known.includes(`W/${headers.etag}`)
              ? HttpServerResponse.empty({ status: 304, headers })
              : HttpServerResponse.stream(content, {
                  contentType: file.mime,
                  contentLength: file.size,
                  headers: { ...headers, "content-disposition": "inline", "x-content-type-options": "nosniff" }
                })
          })
        )
      )
  })
)

/** Marketplace mode, behind the marketplace guard. */
export const MarketplaceHandlers = HttpApiBuilder.group(Api, "marketplace", (handlers) =>
  Effect.gen(function* () {
    const { asActor } = yield* HandlerKit
    const marketplaces = yield* Marketplaces
    return handlers
      .handle("categories", ({ query }) =>
        asActor((a) =>
          marketplaces.categories(a, {
            page: query.page,
            limit: query.limit,
            ...(query.vendorCode === undefined ? {} : { vendorCode: query.vendorCode })
          })
        )
      )
      .handle("categoriesTree", ({ query }) =>
        asActor((a) => marketplaces.categoriesTree(a, { categoryId: query.categoryId }))
      )
      .handle("autocomplete", ({ params, query }) =>
        asActor((a) => marketplaces.autocomplete(a, params.term, query.vendorCode))
      )
      .handle("techSpecOptions", ({ query, payload }) =>
        asActor((a) => marketplaces.techSpecOptions(a, { vendorCode: query.vendorCode, filters: payload ?? undefined }))
      )
      .handle("products", ({ query, payload }) =>
        asActor((a) =>
          marketplaces.products(a, {
            vendorCode: query.vendorCode,
            onlyActive: query.onlyActive === "true",
            filters: payload ?? undefined,
            page: query.page,
            limit: query.limit
          })
        )
      )
      .handle("standing", () => asActor((a) => marketplaces.standing(a)))
      .handle("setKyc", ({ params, payload }) =>
        asActor((a, { origin }) => marketplaces.setKyc(a, params.orgCode, payload.verified, origin))
      )
  })
)

/** Catalog invitations: sent, listed, resolved and accepted. */
export const CatalogInvitesHandlers = HttpApiBuilder.group(Api, "catalogInvites", (handlers) =>
  Effect.gen(function* () {
    const { asActor, once } = yield* HandlerKit
    const marketplaces = yield* Marketplaces
    return handlers
      .handle("pending", ({ query }) => asActor((a) => marketplaces.pending(a, query)))
      .handle("resolveToken", ({ params }) =>
        asActor((a, { origin }) => marketplaces.resolveToken(a, params.token, origin))
      )
      .handle("accept", ({ params }) =>
        asActor((a, { origin }) => marketplaces.accept(a, params.catalogId, params.token, origin))
      )
      .handle("invite", ({ payload }) =>
        once(payload, CatalogInvitation, (a, { origin, locale, baseUrl }) =>
          marketplaces.invite(a, payload, { origin, locale, baseUrl })
        )
      )
  })
)
