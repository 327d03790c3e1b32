import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { CatalogInvitation, Marketplaces } from "@tawreed/core/marketplace"
import { Api } from "../Api.ts"
import { HandlerKit } from "../HandlerKit.ts"

/** The guest catalogue: public reads, no sign-in. */
export const GuestHandlers = HttpApiBuilder.group(Api, "guest", (handlers) =>
  Effect.gen(function* () {
    const { asVisitor } = yield* HandlerKit
    const marketplaces = yield* Marketplaces
    return handlers
      .handle("catalogs", ({ params }) => asVisitor(() => marketplaces.guestCatalogs(params.orgCode)))
      .handle("categoryTree", ({ payload }) => asVisitor(() => marketplaces.guestCategoryTree(payload)))
      .handle("products", ({ payload }) => asVisitor(() => marketplaces.guestProducts(payload)))
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
