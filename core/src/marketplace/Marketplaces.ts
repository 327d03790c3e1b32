import { Clock, Context, Duration, Effect, Layer, Option, Stream } from "effect"
import { InsufficientPrivileges, type KycNotVerified, type ModuleNotEnabled } from "../access/AccessErrors.ts"
import { decideMarketplaceRoute } from "../access/MarketplaceGuard.ts"
import { requirePrivileges } from "../access/PrivilegeCheck.ts"
import {
  type Catalog,
  Category,
  CategoryPage,
  Product,
  type ProductFilters,
  ProductPage,
  QuickSearchHit,
  QuickSearchResults
} from "../catalog/Catalog.ts"
import { CatalogNotFound } from "../catalog/CatalogErrors.ts"
import { CatalogRepository, type ProductQuery } from "../catalog/CatalogRepository.ts"
import { catalogPrivileges, catalogsModule, productListKind } from "../catalog/Catalogs.ts"
import { ListCounts } from "../documents/ListCounts.ts"
import { moduleCommands } from "../documents/ModuleCommands.ts"
import { productSearchOf } from "../catalog/SearchRank.ts"
import type { Actor } from "../identity/Actor.ts"
import { isEmail } from "../identity/LoginRules.ts"
import { SessionTokens } from "../identity/SessionTokens.ts"
import { OutgoingMail } from "../mail/Mail.ts"
import { Mailer } from "../mail/Mailer.ts"
import { OrgSettingsRepository } from "../organisations/OrgSettingsRepository.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { FileNotFound, type FileStorageUnavailable } from "../files/FileErrors.ts"
import { FileStore } from "../files/FileStore.ts"
import type { StoredFile } from "../files/StoredFile.ts"
import { quickSearchMinLength } from "../search/QuickSearch.ts"
import { SearchTooShort } from "../search/SearchErrors.ts"
import { actorEvent, AuditLog, type RequestOrigin } from "../shared/AuditLog.ts"
import { InvalidField, type InvalidPage, type InvalidPageSize, type TransactionConflict } from "../shared/Errors.ts"
import { DocumentsChanged, EventBus } from "../shared/EventBus.ts"
import type { Locale } from "../shared/Locale.ts"
import { pageRequest } from "../shared/Paging.ts"
import { Throttle } from "../shared/Throttle.ts"
import { Transactions } from "../shared/Transactions.ts"
import {
  CatalogInvitation,
  catalogInvitationDays,
  GuestCatalog,
  GuestCatalogList,
  GuestCategory,
  GuestCategoryTree,
  GuestProduct,
  GuestProductDetails,
  GuestProductPage,
  type GuestProductsInput,
  guestPageSize,
  guestPageSizes,
  type GuestTreeInput,
  KycStatus,
  type NewCatalogInvitationInput,
  PendingCatalogs,
  publicMediaOf,
  TechSpecOption,
  TechSpecOptions
} from "./Marketplace.ts"
import {
  CatalogInvitationExpired,
  CatalogInvitationInvalid,
  CatalogInvitationThrottled,
  CatalogInvitationToSelf,
  CatalogInvitationUsed,
  CatalogInvitationWrongOrganisation,
  GuestPageSizeInvalid,
  GuestTreeInvalid,
  OrganisationCodeUnknown,
  PublicCatalogNotFound,
  PublicCatalogsNotFound
} from "./MarketplaceErrors.ts"
import { MarketplaceRepository, type StoredCatalogInvitation } from "./MarketplaceRepository.ts"

/**
 * Who runs the platform, as the deployment configures it: the support address the KYC warning names, and the
 * emails of the platform's operators, who alone mark an organisation's KYC verified.
 */
export class MarketplaceConfig extends Context.Service<
  MarketplaceConfig,
  { readonly supportEmail: string; readonly operators: ReadonlyArray<string> }
>()("@tawreed/core/marketplace/MarketplaceConfig") {
  static readonly fromEnv = (env: Record<string, string | undefined>) =>
    Layer.succeed(MarketplaceConfig, {
      supportEmail: env["SUPPORT_EMAIL"]?.trim() || "support@tawreed.sa",
      operators: (env["TAWREED_PLATFORM_OPERATORS"] ?? "")
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter((e) => e !== "")
    })
}

/** The organisation guests read as: none, so that only public catalogs and public products are seen. */
export const guestOrgId = "00000000-0000-0000-0000-000000000000" as OrgId

/** How long a guest answer is kept at most; a catalog change drops every kept answer at once. */
export const guestCacheSeconds = 60
const guestCacheKept = 500

/** Bad catalog invitation links an address may try in an hour. */
export const catalogLinkTriesPerHour = 20

/** The link an invited organisation opens: `{baseUrl}/{locale}/catalogs/accept/{token}`. */
export const catalogInvitationLink = (baseUrl: string, locale: Locale, token: string): string =>
  `${baseUrl.replace(/\/$/, "")}/${locale}/catalogs/accept/${token}`

type Guard = KycNotVerified | InsufficientPrivileges
type Paged<A, E = never> = Effect.Effect<A, E | Guard | InvalidPage | InvalidPageSize>

export interface MarketplaceSearch {
  readonly vendorCode?: string | undefined
  readonly onlyActive?: boolean | undefined
  readonly filters?: ProductFilters | undefined
  readonly page?: number | undefined
  readonly limit?: number | undefined
}

type LinkError = CatalogInvitationInvalid | CatalogInvitationThrottled

export interface MarketplacesShape {
  // The guest catalogue: no sign-in, public catalogs and public products only.
  readonly guestCatalogs: (orgCode: string | undefined) => Effect.Effect<GuestCatalogList, PublicCatalogsNotFound>
  readonly guestCategoryTree: (
    input: GuestTreeInput
  ) => Effect.Effect<GuestCategoryTree, PublicCatalogNotFound | GuestTreeInvalid>
  readonly guestProducts: (
    input: GuestProductsInput
  ) => Effect.Effect<GuestProductPage, PublicCatalogNotFound | GuestTreeInvalid | GuestPageSizeInvalid | InvalidPage>
  /**
   * `GET marketplaceV2/guest/pictures/{fileId}`: a public product's picture and its bytes, for anyone; not found
   * for every other file, so that a private file's existence is never told.
   */
  readonly guestPicture: (
    fileId: string
  ) => Effect.Effect<
    { readonly file: StoredFile; readonly content: Stream.Stream<Uint8Array, FileStorageUnavailable> },
    FileNotFound | FileStorageUnavailable
  >

  /** The marketplace guard of SPEC.md §6 for a signed-in actor: KYC verified unless the route skips it. */
  readonly admit: (actor: Actor, routeSkipsKyc?: boolean) => Effect.Effect<void, KycNotVerified>
  /** Whether the actor's organisation is held back by the guard (for the site's marketplace links). */
  readonly standing: (actor: Actor) => Effect.Effect<KycStatus>
  /** `GET marketplace/categories`: the root categories of the public catalogs (of one supplier with vendorCode). */
  readonly categories: (
    actor: Actor,
    params: { readonly page?: number | undefined; readonly limit?: number | undefined; readonly vendorCode?: string }
  ) => Paged<CategoryPage, OrganisationCodeUnknown>
  /** `POST marketplace/categoriesTree`: the sub-categories of a public category, or the roots without one. */
  readonly categoriesTree: (
    actor: Actor,
    params: { readonly categoryId?: string | undefined }
  ) => Effect.Effect<CategoryPage, Guard | PublicCatalogNotFound>
  /** `GET marketplace/autocomplete/{term}`: the best public products for a term. */
  readonly autocomplete: (
    actor: Actor,
    term: string,
    vendorCode?: string
  ) => Effect.Effect<QuickSearchResults, Guard | SearchTooShort | OrganisationCodeUnknown>
  /** `POST marketplace/techSpecOptions`: the spec names and values of the matching public products. */
  readonly techSpecOptions: (
    actor: Actor,
    search: MarketplaceSearch
  ) => Effect.Effect<TechSpecOptions, Guard | OrganisationCodeUnknown>
  /** `POST vendors/products`: a page of the suppliers' public products. */
  readonly products: (actor: Actor, search: MarketplaceSearch) => Paged<ProductPage, OrganisationCodeUnknown>

  /** The platform operator marks an organisation's KYC verified (or takes it back). */
  readonly setKyc: (
    actor: Actor,
    orgCode: string,
    verified: boolean,
    origin: RequestOrigin
  ) => Effect.Effect<KycStatus, InsufficientPrivileges | OrganisationCodeUnknown | TransactionConflict>

  // Catalog invitations.
  readonly invite: (
    actor: Actor,
    input: NewCatalogInvitationInput,
    at: { readonly baseUrl: string; readonly locale: Locale; readonly origin: RequestOrigin }
  ) => Effect.Effect<
    CatalogInvitation,
    | InsufficientPrivileges
    | ModuleNotEnabled
    | CatalogNotFound
    | OrganisationCodeUnknown
    | CatalogInvitationToSelf
    | InvalidField
    | TransactionConflict
  >
  readonly pending: (
    actor: Actor,
    params: { readonly page?: number | undefined; readonly limit?: number | undefined }
  ) => Paged<PendingCatalogs>
  readonly resolveToken: (
    actor: Actor,
    token: string,
    origin: RequestOrigin
  ) => Effect.Effect<
    CatalogInvitation,
    | LinkError
    | InsufficientPrivileges
    | CatalogInvitationUsed
    | CatalogInvitationExpired
    | CatalogInvitationWrongOrganisation
  >
  readonly accept: (
    actor: Actor,
    catalogId: string,
    token: string,
    origin: RequestOrigin
  ) => Effect.Effect<
    CatalogInvitation,
    | LinkError
    | InsufficientPrivileges
    | CatalogInvitationUsed
    | CatalogInvitationExpired
    | CatalogInvitationWrongOrganisation
    | TransactionConflict
  >
}

const clean = (text: string | undefined | null) => (text ?? "").trim()

const guestCategoryOf = (c: Category) => new GuestCategory({ id: c.id, name: c.name, image: c.image })

const guestProductOf = (p: Product) =>
  new GuestProduct({
    id: p.id,
    name: p.name,
    mediaList: publicMediaOf(p.mediaList),
    details: new GuestProductDetails({
      sku: p.sku,
      minQtyRFQ: p.minQtyRFQ,
      minQtyDirectOrder: p.minQtyDirectOrder,
      isAvailable: p.isAvailable
    })
  })

/**
 * Use cases of the marketplace (SPEC.md §2 guest page and marketplace mode, §6 marketplace guard, §7 Guest and the
 * marketplace paths, catalog invitations): reads of the public catalogs for guests and marketplace users, the KYC
 * standing of organisations, and invitations that share a catalog with another organisation by a mailed link.
 */
export class Marketplaces extends Context.Service<Marketplaces, MarketplacesShape>()(
  "@tawreed/core/marketplace/Marketplaces"
) {
  static readonly layer = Layer.effect(
    Marketplaces,
    Effect.gen(function* () {
      const stored = yield* MarketplaceRepository
      const catalogsStore = yield* CatalogRepository
      const settingsStore = yield* OrgSettingsRepository
      const config = yield* MarketplaceConfig
      const tokens = yield* SessionTokens
      const throttle = yield* Throttle
      const mailer = yield* Mailer
      const fileStore = yield* FileStore
      const transactions = yield* Transactions
      const auditLog = yield* AuditLog
      const bus = yield* EventBus
      const { guard } = yield* moduleCommands
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      // -- The guest cache: answers kept for a minute, all dropped when a catalog or product changes anywhere: at
      // once in this process (the product kind's generation moves as the change commits, before its caller is
      // answered), and in others when their event arrives.
      const listCounts = yield* ListCounts
      const kept = new Map<string, { readonly at: number; readonly generation: number; readonly value: unknown }>()
      const events = yield* bus.subscribe
      yield* Effect.forkScoped(
        Stream.runForEach(events, (event) =>
          event instanceof DocumentsChanged && event.kind === "product" ? Effect.sync(() => kept.clear()) : Effect.void
        )
      )
      const cached = <A, E>(key: string, work: Effect.Effect<A, E>): Effect.Effect<A, E> =>
        Effect.flatMap(Clock.currentTimeMillis, (ms) => {
          const generation = listCounts.generationOfKind("product")
          const found = kept.get(key)
          if (found !== undefined && found.generation === generation && ms - found.at < guestCacheSeconds * 1000) {
            return Effect.succeed(found.value as A)
          }
          return Effect.tap(work, (value) =>
            Effect.sync(() => {
              kept.delete(key)
              if (listCounts.generationOfKind("product") !== generation) return
              kept.set(key, { at: ms, generation, value })
              if (kept.size > guestCacheKept) kept.delete(kept.keys().next().value!)
            })
          )
        })

      const publicCatalog = Effect.fn("Marketplaces.publicCatalog")(function* (id: string) {
        const found = yield* catalogsStore.findCatalog(guestOrgId, clean(id))
        if (Option.isNone(found) || found.value.kind !== "PUBLIC") return yield* new PublicCatalogNotFound({ id })
        return found.value
      })

      /** The chosen categories, each the child of the one before, the first a root of the catalog. */
      const treeOf = Effect.fn("Marketplaces.treeOf")(function* (
        catalog: Catalog,
        selected: ReadonlyArray<string> | undefined
      ) {
        const chosen: Array<Category> = []
        for (const id of selected ?? []) {
          const category = yield* catalogsStore.findCategory(guestOrgId, id)
          const parent = chosen.at(-1)?.id ?? null
          if (
            Option.isNone(category) ||
            category.value.catalogId !== catalog.id ||
            category.value.parentId !== parent
          ) {
            return yield* new GuestTreeInvalid()
          }
          chosen.push(category.value)
        }
        return chosen
      })

      const guestCatalogs: MarketplacesShape["guestCatalogs"] = (orgCode) =>
        cached(
          `catalogs\u0000${clean(orgCode)}`,
          Effect.gen(function* () {
            let orgId: OrgId | null = null
            let orgName = ""
            if (clean(orgCode) !== "") {
              const org = yield* stored.organisationByCode(clean(orgCode))
              if (Option.isNone(org)) return yield* new PublicCatalogsNotFound({ orgCode: clean(orgCode) })
              orgId = org.value.id
              orgName = org.value.name
            }
            const ids = yield* stored.publicCatalogIds(orgId)
            if (ids.length === 0) return yield* new PublicCatalogsNotFound({ orgCode: clean(orgCode) })
            const catalogs: Array<GuestCatalog> = []
            for (const id of ids) {
              const found = yield* catalogsStore.findCatalog(guestOrgId, id)
              if (Option.isSome(found)) {
                const c = found.value
                catalogs.push(new GuestCatalog({ id: c.id, name: c.name, description: c.description, image: c.image }))
              }
            }
            return new GuestCatalogList({ orgName, catalogs })
          })
        )

      const guestCategoryTree: MarketplacesShape["guestCategoryTree"] = (input) =>
        cached(
          `tree\u0000${input.catalogId}\u0000${(input.selectedTree ?? []).join(",")}`,
          Effect.gen(function* () {
            const catalog = yield* publicCatalog(input.catalogId)
            const chosen = yield* treeOf(catalog, input.selectedTree)
            const under = yield* catalogsStore.listCategories(guestOrgId, {
              catalogId: catalog.id,
              parentId: chosen.at(-1)?.id ?? null,
              offset: 0,
              limit: 9999
            })
            return new GuestCategoryTree({
              catalogId: catalog.id,
              selectedTree: chosen.map(guestCategoryOf),
              categories: under.categories.map(guestCategoryOf)
            })
          })
        )

      const guestProducts: MarketplacesShape["guestProducts"] = (input) =>
        Effect.gen(function* () {
          const page = input.page ?? 0
          const limit = input.limit ?? guestPageSize
          if (!(guestPageSizes as ReadonlyArray<number>).includes(limit)) return yield* new GuestPageSizeInvalid()
          const checked = yield* pageRequest(page, 10).pipe(Effect.catchTag("InvalidPageSize", Effect.die))
          return yield* cached(
            `products\u0000${input.catalogId}\u0000${(input.selectedTree ?? []).join(",")}\u0000${checked.page}\u0000${limit}`,
            Effect.gen(function* () {
              const catalog = yield* publicCatalog(input.catalogId)
              const chosen = yield* treeOf(catalog, input.selectedTree)
              const last = chosen.at(-1)
              const categoryIds = last === undefined ? undefined : yield* catalogsStore.subtreeIds(guestOrgId, last.id)
              const filter = { catalogIds: [catalog.id], categoryIds, includeOutOfStock: true }
              const products = yield* catalogsStore.listProducts(guestOrgId, {
                ...filter,
                sort: "name",
                offset: checked.page * limit,
                limit
              })
              const totalCount = yield* catalogsStore.countProducts(guestOrgId, filter)
              return new GuestProductPage({ products: products.map(guestProductOf), totalCount })
            })
          )
        })

      const guestPicture: MarketplacesShape["guestPicture"] = Effect.fn("Marketplaces.guestPicture")(
        function* (fileId) {
          const found = yield* stored.publicPicture(clean(fileId))
          if (Option.isNone(found)) return yield* new FileNotFound({ id: clean(fileId) })
          const content = yield* fileStore.read(found.value.storageKey)
          if (Option.isNone(content)) return yield* new FileNotFound({ id: clean(fileId) })
          return { file: found.value, content: content.value }
        }
      )

      // -- Marketplace mode -----------------------------------------------------------------------------------

      const standing: MarketplacesShape["standing"] = Effect.fn("Marketplaces.standing")(function* (actor) {
        const org = yield* stored.organisation(actor.orgId)
        return new KycStatus({
          orgCode: Option.isSome(org) ? org.value.code : "",
          orgName: Option.isSome(org) ? org.value.name : "",
          kycVerified: Option.isSome(org) && org.value.kycVerified,
          verifiedAt: Option.isSome(org) ? org.value.verifiedAt : null
        })
      })

      /**
       * The guard holds an organisation in marketplace mode (`adminConfig.marketplaceEnabled`) to a verified KYC;
       * an organisation outside it reads public catalogs as its admin configuration allows elsewhere.
       */
      const admit: MarketplacesShape["admit"] = Effect.fn("Marketplaces.admit")(function* (
        actor,
        routeSkipsKyc = false
      ) {
        const settings = yield* settingsStore.find(actor.orgId)
        const marketplace = Option.isSome(settings) && settings.value.orgConfig.adminConfig.marketplaceEnabled
        if (!marketplace) return
        const status = yield* standing(actor)
        const decision = decideMarketplaceRoute({
          loggedIn: true,
          kycVerified: status.kycVerified,
          routeSkipsKyc,
          supportEmail: config.supportEmail
        })
        if (decision._tag === "KycRequired") return yield* decision.error
      })

      const vendorOrg = Effect.fn("Marketplaces.vendorOrg")(function* (vendorCode: string | undefined) {
        if (clean(vendorCode) === "") return null
        const org = yield* stored.organisationByCode(clean(vendorCode))
        if (Option.isNone(org)) return yield* new OrganisationCodeUnknown({ code: clean(vendorCode) })
        return org.value.id
      })

      const categories: MarketplacesShape["categories"] = Effect.fn("Marketplaces.categories")(
        function* (actor, params) {
          yield* admit(actor, true)
          const page = yield* pageRequest(params.page, params.limit === 9999 ? undefined : params.limit, 25)
          const whole = params.limit === 9999
          const ids = yield* stored.publicCatalogIds(yield* vendorOrg(params.vendorCode))
          const roots: Array<Category> = []
          for (const id of ids) {
            const found = yield* catalogsStore.listCategories(actor.orgId, {
              catalogId: id,
              parentId: null,
              offset: 0,
              limit: 9999
            })
            roots.push(...found.categories)
          }
          const offset = whole ? 0 : page.page * page.limit
          const slice = whole ? roots : roots.slice(offset, offset + page.limit)
          return new CategoryPage({ categories: slice, totalCount: roots.length })
        }
      )

      const categoriesTree: MarketplacesShape["categoriesTree"] = Effect.fn("Marketplaces.categoriesTree")(
        function* (actor, params) {
          yield* admit(actor, true)
          const categoryId = clean(params.categoryId)
          if (categoryId === "") {
            const ids = yield* stored.publicCatalogIds(null)
            const roots: Array<Category> = []
            for (const id of ids) {
              const found = yield* catalogsStore.listCategories(guestOrgId, {
                catalogId: id,
                parentId: null,
                offset: 0,
                limit: 9999
              })
              roots.push(...found.categories)
            }
            return new CategoryPage({ categories: roots, totalCount: roots.length })
          }
          const category = yield* catalogsStore.findCategory(guestOrgId, categoryId)
          if (Option.isNone(category)) return yield* new PublicCatalogNotFound({ id: categoryId })
          const under = yield* catalogsStore.listCategories(guestOrgId, {
            catalogId: category.value.catalogId,
            parentId: category.value.id,
            offset: 0,
            limit: 9999
          })
          return new CategoryPage(under)
        }
      )

      /** The product query over the public catalogs (of one supplier with a vendor code). */
      const queryOf = Effect.fn("Marketplaces.queryOf")(function* (search: MarketplaceSearch, term?: string) {
        const ids = yield* stored.publicCatalogIds(yield* vendorOrg(search.vendorCode ?? undefined))
        const f = search.filters
        const categoryId = clean(f?.categoryId ?? f?.categoryIdOrPath?.split(",").at(-1))
        const categoryIds = categoryId === "" ? undefined : yield* catalogsStore.subtreeIds(guestOrgId, categoryId)
        const name = clean(term ?? f?.name)
        return {
          catalogIds: ids.length === 0 ? ["00000000-0000-0000-0000-000000000000"] : ids,
          categoryIds,
          priceMin: f?.priceMin ?? undefined,
          priceMax: f?.priceMax ?? undefined,
          brands: f?.brands && f.brands.length > 0 ? f.brands : undefined,
          suppliers: f?.suppliers && f.suppliers.length > 0 ? f.suppliers : undefined,
          includeOutOfStock: search.onlyActive === true ? false : (f?.includeOutOfStock ?? true),
          search: name === "" ? undefined : productSearchOf(name)
        }
      })

      const autocomplete: MarketplacesShape["autocomplete"] = Effect.fn("Marketplaces.autocomplete")(
        function* (actor, term, vendorCode) {
          yield* admit(actor, true)
          if (clean(term).toLowerCase().length < quickSearchMinLength) return yield* new SearchTooShort()
          const filter = yield* queryOf({ vendorCode }, term)
          const found = yield* catalogsStore.listProducts(guestOrgId, { ...filter, sort: "rank", offset: 0, limit: 15 })
          return new QuickSearchResults({
            products: found.map(
              (p) =>
                new QuickSearchHit({
                  id: p.id,
                  sku: p.sku,
                  name: p.name,
                  catalogs: p.catalogs,
                  categories: p.categories
                })
            )
          })
        }
      )

      const techSpecOptions: MarketplacesShape["techSpecOptions"] = Effect.fn("Marketplaces.techSpecOptions")(
        function* (actor, search) {
          yield* admit(actor)
          const filter = yield* queryOf(search)
          const found = yield* catalogsStore.listProducts(guestOrgId, {
            ...filter,
            sort: "name",
            offset: 0,
            limit: 500
          })
          const byName = new Map<string, { uom: string; values: Set<string> }>()
          for (const p of found) {
            for (const spec of p.techSpecs) {
              const entry = byName.get(spec.name) ?? { uom: spec.uom, values: new Set<string>() }
              entry.values.add(spec.value)
              byName.set(spec.name, entry)
            }
          }
          return new TechSpecOptions({
            options: [...byName.entries()]
              .sort(([a], [b]) => a.localeCompare(b))
              .map(
                ([name, { uom, values }]) => new TechSpecOption({ name, uom, values: [...values].sort().slice(0, 100) })
              )
              .slice(0, 100)
          })
        }
      )

      const products: MarketplacesShape["products"] = Effect.fn("Marketplaces.products")(function* (actor, search) {
        yield* admit(actor)
        const page = yield* pageRequest(search.page, search.limit, 25)
        const filter = yield* queryOf(search)
        const sort: ProductQuery["sort"] =
          search.filters?.sortByPrice === "asc"
            ? "priceAsc"
            : search.filters?.sortByPrice === "desc"
              ? "priceDesc"
              : filter.search !== undefined
                ? "rank"
                : "name"
        const found = yield* catalogsStore.listProducts(guestOrgId, {
          ...filter,
          sort,
          offset: page.page * page.limit,
          limit: page.limit
        })
        const totalCount = yield* catalogsStore.countProducts(guestOrgId, filter)
        // Another organisation's files answer only it at their download route: pictures go by the public one.
        const products = found.map((p) => new Product({ ...p, mediaList: publicMediaOf(p.mediaList) }))
        return new ProductPage({ products, totalCount })
      })

      const setKyc: MarketplacesShape["setKyc"] = Effect.fn("Marketplaces.setKyc")(
        function* (actor, orgCode, verified, origin) {
          if (!config.operators.includes(actor.email.toLowerCase())) {
            return yield* new InsufficientPrivileges({ required: ["platform_operator"] })
          }
          const org = yield* stored.organisationByCode(clean(orgCode))
          if (Option.isNone(org)) return yield* new OrganisationCodeUnknown({ code: clean(orgCode) })
          const at = (yield* now).toISOString()
          return yield* transactions.inOrg(
            org.value.id,
            Effect.gen(function* () {
              yield* stored.setKyc(org.value.id, verified, at)
              yield* auditLog.record(
                actorEvent(
                  { orgId: org.value.id, userId: actor.userId },
                  verified ? "organisation.kycVerified" : "organisation.kycRevoked",
                  origin,
                  { orgCode: org.value.code, by: actor.email }
                )
              )
              return new KycStatus({
                orgCode: org.value.code,
                orgName: org.value.name,
                kycVerified: verified,
                verifiedAt: verified ? at : null
              })
            })
          )
        }
      )

      // -- Catalog invitations --------------------------------------------------------------------------------

      const invite: MarketplacesShape["invite"] = Effect.fn("Marketplaces.invite")(function* (actor, input, at) {
        yield* guard(actor, { module: catalogsModule, privileges: catalogPrivileges.update })
        const email = clean(input.email).toLowerCase()
        if (!isEmail(email)) return yield* new InvalidField({ field: "email", problem: "invalid" })
        const catalog = yield* catalogsStore.findCatalog(actor.orgId, clean(input.catalogId))
        if (Option.isNone(catalog) || !catalog.value.owned) {
          return yield* new CatalogNotFound({ id: clean(input.catalogId) })
        }
        const to = yield* stored.organisationByCode(clean(input.orgCode))
        if (Option.isNone(to)) return yield* new OrganisationCodeUnknown({ code: clean(input.orgCode) })
        if (to.value.id === actor.orgId) return yield* new CatalogInvitationToSelf()
        const from = yield* stored.organisation(actor.orgId)
        const issued = yield* tokens.issue
        const sentAt = yield* now
        const expiresAt = new Date(sentAt.getTime() + catalogInvitationDays * 24 * 60 * 60 * 1000).toISOString()
        return yield* transactions.inOrg(
          actor.orgId,
          Effect.gen(function* () {
            const made = yield* stored.insertInvitation(actor.orgId, {
              catalogId: catalog.value.id,
              catalogName: catalog.value.name,
              fromOrgName: Option.isSome(from) ? from.value.name : "",
              toOrgId: to.value.id,
              toOrgName: to.value.name,
              email,
              tokenHash: issued.hash,
              expiresAt,
              createdBy: actor.userId
            })
            const link = catalogInvitationLink(at.baseUrl, at.locale, issued.token)
            const catalogName = at.locale === "ar" ? made.catalogName.ar || made.catalogName.en : made.catalogName.en
            const text =
              at.locale === "ar"
                ? `دعتكم ${made.fromOrgName} إلى كتالوجها «${catalogName}» على منصة توريد.\n\nافتحوا الرابط لقبول الدعوة (صالح حتى ${expiresAt.slice(0, 10)}):\n${link}\n`
                : `${made.fromOrgName} invited ${made.toOrgName} to its catalog "${catalogName}" on Tawreed.\n\nOpen the link to accept (valid until ${expiresAt.slice(0, 10)}):\n${link}\n`
            yield* mailer
              .send(
                new OutgoingMail({
                  orgId: actor.orgId,
                  to: email,
                  subject:
                    at.locale === "ar"
                      ? `دعوة إلى الكتالوج «${catalogName}»`
                      : `Invitation to the catalog "${catalogName}"`,
                  text
                })
              )
              .pipe(Effect.orDie)
            yield* auditLog.record(
              actorEvent(actor, "catalogInvitation.sent", at.origin, {
                invitationId: made.id,
                catalogId: made.catalogId,
                toOrg: to.value.code
              })
            )
            return made
          })
        )
      })

      const pending: MarketplacesShape["pending"] = Effect.fn("Marketplaces.pending")(function* (actor, params) {
        yield* requirePrivileges(actor, catalogPrivileges.read)
        const page = yield* pageRequest(params.page, params.limit, 25)
        const found = yield* stored.pending(actor.orgId, (yield* now).toISOString(), page.page * page.limit, page.limit)
        return new PendingCatalogs({ pendingCatalogs: found.invitations, totalCount: found.totalCount })
      })

      const linkTries = (origin: RequestOrigin) => `catalog-links:${origin.address ?? "unknown"}`

      /** A link that names nothing, counted against its address: invalid, and throttled past the hour's tries. */
      const badLink = (origin: RequestOrigin): Effect.Effect<never, LinkError> =>
        Effect.flatMap(throttle.hit(linkTries(origin), Duration.hours(1)), (tries) =>
          tries > catalogLinkTriesPerHour
            ? Effect.fail<LinkError>(new CatalogInvitationThrottled({ minutes: 60 }))
            : Effect.fail<LinkError>(new CatalogInvitationInvalid())
        )

      /** The invitation a token names, checked: pending, not lapsed, and for the actor's organisation. */
      const byToken = Effect.fn("Marketplaces.byToken")(function* (actor: Actor, token: string, origin: RequestOrigin) {
        const hash = /^[A-Za-z0-9_-]{20,200}$/.test(token) ? yield* tokens.digest(token) : ""
        const found: Option.Option<StoredCatalogInvitation> =
          hash === "" ? Option.none() : yield* stored.findInvitationByHash(hash)
        if (Option.isNone(found)) return yield* badLink(origin)
        const row = found.value
        if (row.toOrgId !== actor.orgId) return yield* new CatalogInvitationWrongOrganisation()
        if (row.invitation.status !== "PENDING") return yield* new CatalogInvitationUsed()
        if (new Date(row.invitation.expiresAt).getTime() <= (yield* now).getTime()) {
          return yield* new CatalogInvitationExpired({ date: row.invitation.expiresAt.slice(0, 10) })
        }
        return row
      })

      const resolveToken: MarketplacesShape["resolveToken"] = Effect.fn("Marketplaces.resolveToken")(
        function* (actor, token, origin) {
          yield* requirePrivileges(actor, catalogPrivileges.read)
          return (yield* byToken(actor, token, origin)).invitation
        }
      )

      const accept: MarketplacesShape["accept"] = Effect.fn("Marketplaces.accept")(
        function* (actor, catalogId, token, origin) {
          yield* requirePrivileges(actor, catalogPrivileges.create)
          return yield* transactions.inOrg(
            actor.orgId,
            Effect.gen(function* () {
              const row = yield* byToken(actor, token, origin)
              if (row.invitation.catalogId !== clean(catalogId)) return yield* new CatalogInvitationInvalid()
              const at = (yield* now).toISOString()
              const accepted = yield* stored.acceptInvitation(row.invitation.id, actor.orgId, actor.userId, at)
              if (!accepted) return yield* new CatalogInvitationUsed()
              // The member now reads the catalog's products: its product lists are counted again.
              yield* listCounts.changed(actor.orgId, productListKind)
              yield* auditLog.record(
                actorEvent(actor, "catalogInvitation.accepted", origin, {
                  invitationId: row.invitation.id,
                  catalogId: row.invitation.catalogId
                })
              )
              return new CatalogInvitation({
                ...row.invitation,
                status: "ACCEPTED",
                acceptedAt: at
              })
            })
          )
        }
      )

      return Marketplaces.of({
        guestCatalogs,
        guestCategoryTree,
        guestProducts,
        guestPicture,
        admit,
        standing,
        categories,
        categoriesTree,
        autocomplete,
        techSpecOptions,
        products,
        setKyc,
        invite,
        pending,
        resolveToken,
        accept
      })
    })
  )
}
