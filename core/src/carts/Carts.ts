import { BigDecimal, Clock, Context, Effect, Layer, Option } from "effect"
import type { InsufficientPrivileges, ModuleNotEnabled } from "../access/AccessErrors.ts"
import { type CartSettings, canAddToOrderCart, canAddToRfqCart, showPublicCartButton } from "../access/CartAccess.ts"
import { isModuleEnabled, moduleFeature } from "../access/ModuleAccess.ts"
import type { Product } from "../catalog/Catalog.ts"
import { ProductNotFound } from "../catalog/CatalogErrors.ts"
import { productUnitOf } from "../catalog/CatalogRules.ts"
import { CatalogRepository } from "../catalog/CatalogRepository.ts"
import { catalogsModule, productPrivileges } from "../catalog/Catalogs.ts"
import { readerProductOf } from "../catalog/ProductFileRefs.ts"
import { moduleCommands } from "../documents/ModuleCommands.ts"
import type { Actor } from "../identity/Actor.ts"
import { OrgSettingsRepository } from "../organisations/OrgSettingsRepository.ts"
import type { TransactionConflict } from "../shared/Errors.ts"
import {
  type AddToCartInput,
  CartLine,
  CartProduct,
  CartSummary,
  CartView,
  cartLineLimit,
  cartQuantityLimit,
  type CartQuantityInput,
  DraftOrdersView,
  DraftOrderView,
  type SelectDraftInput
} from "./Cart.ts"
import {
  CartFull,
  CartItemNotFound,
  CartNotOffered,
  DraftOrderNotFound,
  InvalidQuantity,
  ProductNotForCart,
  PublicCartNotAllowed
} from "./CartErrors.ts"
import { CartRepository, type CartOwner, type StoredCartLine } from "./CartRepository.ts"
import { draftOrderTotal, selectDraftOrder, splitPublicCart } from "./DraftOrder.ts"
import { type CartKind, canUsePublicOrderCart, type CartItem } from "./PublicCart.ts"
import { type CartType, cartLineMinimum, isQuantityText } from "./Quantity.ts"

type Guarded<A, E = never> = Effect.Effect<A, E | InsufficientPrivileges | ModuleNotEnabled | TransactionConflict>

/** What refuses a cart change. */
export type CartChangeError = CartNotOffered | PublicCartNotAllowed

/** The three carts of each user (SPEC.md §2 Cart sidebars, §4 Carts), kept on the server. */
export interface CartsShape {
  /** Which carts the organisation offers the user, and how many products each holds (the header's counts). */
  readonly summary: (actor: Actor) => Guarded<CartSummary>
  /** A cart's lines; a cart the organisation does not offer reads empty. */
  readonly view: (actor: Actor, kind: CartKind) => Guarded<CartView>
  /**
   * Puts a product in a cart: the RFQ cart takes products that allow RFQs, the order cart those that allow direct
   * orders, the public cart public products; a quantity below the line's minimum is raised to it.
   */
  readonly add: (
    actor: Actor,
    kind: CartKind,
    input: AddToCartInput
  ) => Guarded<CartView, CartChangeError | ProductNotFound | ProductNotForCart | InvalidQuantity | CartFull>
  /** Sets a line's quantity; below the line's minimum it is raised to it (SPEC.md §5 cart quantity). */
  readonly setQuantity: (
    actor: Actor,
    kind: CartKind,
    productId: string,
    input: CartQuantityInput
  ) => Guarded<CartView, CartItemNotFound | InvalidQuantity>
  readonly remove: (actor: Actor, kind: CartKind, productId: string) => Guarded<CartView, CartItemNotFound>
  /** Remove All. */
  readonly clear: (actor: Actor, kind: CartKind) => Guarded<CartView>
  /** The public cart as draft orders, one per supplier, the selected one first picked (SPEC.md §4). */
  readonly drafts: (actor: Actor) => Guarded<DraftOrdersView>
  readonly selectDraft: (actor: Actor, input: SelectDraftInput) => Guarded<DraftOrdersView, DraftOrderNotFound>
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The minimums a line of a cart keeps: the RFQ cart the RFQ minimum, the two order carts the direct-order one. */
export const cartTypeOf = (kind: CartKind): CartType => (kind === "rfq" ? "rfq" : "order")

const decimal = (n: number): BigDecimal.BigDecimal =>
  Option.getOrElse(BigDecimal.fromString(String(n)), () => BigDecimal.fromBigInt(0n))

/** A line's least quantity as text with two decimals at most. */
export const lineMinimum = (product: CartProduct, kind: CartKind): BigDecimal.BigDecimal =>
  cartLineMinimum(
    { details: { minQtyRFQ: decimal(product.minQtyRFQ), minQtyDirectOrder: decimal(product.minQtyDirectOrder) } },
    cartTypeOf(kind)
  )

/** The text a quantity is kept and shown as: at most two decimals, no trailing zeros. */
export const quantityText = (n: BigDecimal.BigDecimal): string =>
  BigDecimal.format(BigDecimal.normalize(BigDecimal.round(n, { scale: 2, mode: "half-from-zero" })))

/**
 * A quantity as a client sent it, held at or above the line's minimum: text that is not a number with at most two
 * decimals, or is above the largest quantity, is refused.
 */
export const cartQuantity = (
  text: string | undefined,
  minimum: BigDecimal.BigDecimal
): Effect.Effect<BigDecimal.BigDecimal, InvalidQuantity> => {
  if (text === undefined || text.trim() === "") return Effect.succeed(minimum)
  const parsed = isQuantityText(text) ? BigDecimal.fromString(text.trim()) : Option.none()
  if (
    Option.isNone(parsed) ||
    BigDecimal.isGreaterThan(parsed.value, BigDecimal.fromBigInt(BigInt(cartQuantityLimit)))
  ) {
    return Effect.fail(new InvalidQuantity({ value: text, minimum: quantityText(minimum) }))
  }
  return Effect.succeed(BigDecimal.max(parsed.value, minimum))
}

/** What a cart keeps of a product. */
export const cartProductOf = (product: Product): CartProduct =>
  new CartProduct({
    id: product.id,
    sku: product.sku,
    name: product.name,
    brand: product.brand,
    soldBy: product.soldBy,
    image: product.mediaList[0]?.src ?? null,
    public: product.public,
    allowRFQ: product.allowRFQ,
    allowDirectOrder: product.allowDirectOrder,
    minQtyRFQ: product.minQtyRFQ,
    minQtyDirectOrder: product.minQtyDirectOrder,
    price: product.price.value,
    basePrice: product.price.basePrice,
    taxPercent: product.price.percent,
    currency: product.price.currency,
    catalogId: product.catalogs[0] ?? null,
    categoryId: product.categories[0] ?? null,
    unit: productUnitOf(product)
  })

/** The supplier a product is ordered from in the public cart: its first vendor, else its seller. */
export const vendorOf = (product: Product): { readonly key: string; readonly name: string } => {
  const seller = product.soldBy.trim()
  const key = product.vendors[0]?.vendorId ?? seller
  return { key, name: seller === "" ? key : seller }
}

/** The cart settings of SPEC.md §6 from the organisation's modules and admin configuration. */
export const cartSettingsOf = (settings: {
  readonly modules: ReadonlyArray<{
    readonly code: string
    readonly config?: { readonly enabled?: boolean }
    readonly features?: Readonly<Record<string, boolean | undefined>>
  }>
  readonly orgConfig: { readonly adminConfig: { readonly canSourceFromPublicCatalog: boolean } }
}): CartSettings => ({
  rfqEnabled: isModuleEnabled(settings.modules, "rfqs"),
  directOrderEnabled:
    isModuleEnabled(settings.modules, "orders") && moduleFeature(settings.modules, "orders", "enableDirectOrder"),
  canSourceFromPublicCatalog: settings.orgConfig.adminConfig.canSourceFromPublicCatalog
})

/** Which carts the settings offer a user of an organisation of that kind (SPEC.md §6). */
export const offeredCarts = (s: CartSettings, isBuyer: boolean): Readonly<Record<CartKind, boolean>> => ({
  rfq: s.rfqEnabled,
  order: s.directOrderEnabled,
  public: isBuyer && showPublicCartButton(s)
})

const lineOf = (kind: CartKind, stored: StoredCartLine): CartLine =>
  new CartLine({
    product: stored.product,
    quantity: stored.quantity,
    minimum: quantityText(lineMinimum(stored.product, kind)),
    vendorKey: stored.vendorKey,
    vendorName: stored.vendorName,
    addedAt: stored.addedAt
  })

type DraftItem = CartItem & { readonly line: CartLine }

/** Use cases: each user's carts. */
export class Carts extends Context.Service<Carts, CartsShape>()("@tawreed/core/carts/Carts") {
  static readonly layer = Layer.effect(
    Carts,
    Effect.gen(function* () {
      const stored = yield* CartRepository
      const catalog = yield* CatalogRepository
      const orgSettings = yield* OrgSettingsRepository
      const { command } = yield* moduleCommands
      const scope = { module: catalogsModule, privileges: productPrivileges.read }
      const ownerOf = (actor: Actor): CartOwner => ({ orgId: actor.orgId, userId: actor.userId })

      const offers = Effect.fnUntraced(function* (actor: Actor) {
        const found = yield* orgSettings.find(actor.orgId)
        if (Option.isNone(found)) {
          return {
            settings: { rfqEnabled: false, directOrderEnabled: false, canSourceFromPublicCatalog: false },
            offered: { rfq: false, order: false, public: false }
          }
        }
        const settings = cartSettingsOf(found.value)
        return { settings, offered: offeredCarts(settings, found.value.orgType === "buyer") }
      })

      const offered = Effect.fnUntraced(function* (actor: Actor, kind: CartKind) {
        const { settings, offered } = yield* offers(actor)
        if (!offered[kind]) return yield* new CartNotOffered({ cart: kind })
        return settings
      })

      const viewOf = Effect.fnUntraced(function* (actor: Actor, kind: CartKind) {
        const lines = (yield* stored.lines(ownerOf(actor), kind)).map((l) => lineOf(kind, l))
        return new CartView({ kind, lines, count: lines.length })
      })

      const summary: CartsShape["summary"] = (actor) =>
        command(
          actor,
          scope,
          Effect.gen(function* () {
            const { offered } = yield* offers(actor)
            const counts = yield* stored.counts(ownerOf(actor))
            return new CartSummary({
              offered,
              counts: {
                rfq: offered.rfq ? counts.rfq : 0,
                order: offered.order ? counts.order : 0,
                public: offered.public ? counts.public : 0
              }
            })
          })
        ).pipe(Effect.withSpan("Carts.summary"))

      const view: CartsShape["view"] = (actor, kind) =>
        command(
          actor,
          scope,
          Effect.gen(function* () {
            const { offered } = yield* offers(actor)
            return offered[kind] ? yield* viewOf(actor, kind) : new CartView({ kind, lines: [], count: 0 })
          })
        ).pipe(Effect.withSpan("Carts.view"))

      const add: CartsShape["add"] = (actor, kind, input) =>
        command(
          actor,
          scope,
          Effect.gen(function* () {
            const settings = yield* offered(actor, kind)
            const id = input.productId.trim()
            const found = uuidPattern.test(id) ? yield* catalog.findProduct(actor.orgId, id) : Option.none()
            if (Option.isNone(found)) return yield* new ProductNotFound({ id })
            // As the reader loads it: another organisation's picture by the product's file route (ProductFileRefs.ts).
            const product = readerProductOf(found.value)
            const named = product.name.en || product.name.ar
            if (kind === "rfq" && !canAddToRfqCart(settings, product)) {
              return yield* new ProductNotForCart({ product: named })
            }
            if (kind === "order" && !canAddToOrderCart(settings, product)) {
              return yield* new ProductNotForCart({ product: named })
            }
            if (kind === "public" && !canUsePublicOrderCart(true, [{ product, quantity: BigDecimal.fromBigInt(1n) }])) {
              return yield* new PublicCartNotAllowed()
            }
            const item = cartProductOf(product)
            const quantity = yield* cartQuantity(input.quantity, lineMinimum(item, kind))
            const vendor = vendorOf(product)
            const now = new Date(yield* Clock.currentTimeMillis).toISOString()
            const put = yield* stored.put(
              ownerOf(actor),
              kind,
              {
                product: item,
                quantity: quantityText(quantity),
                vendorKey: vendor.key,
                vendorName: vendor.name,
                addedAt: now
              },
              cartLineLimit
            )
            if (!put) return yield* new CartFull({ limit: String(cartLineLimit) })
            return yield* viewOf(actor, kind)
          })
        ).pipe(Effect.withSpan("Carts.add"))

      const lineFound = Effect.fnUntraced(function* (actor: Actor, kind: CartKind, productId: string) {
        const lines = yield* stored.lines(ownerOf(actor), kind)
        const line = lines.find((l) => l.product.id === productId)
        if (line === undefined) return yield* new CartItemNotFound({ productId })
        return line
      })

      const setQuantity: CartsShape["setQuantity"] = (actor, kind, productId, input) =>
        command(
          actor,
          scope,
          Effect.gen(function* () {
            const line = yield* lineFound(actor, kind, productId)
            const quantity = yield* cartQuantity(input.quantity, lineMinimum(line.product, kind))
            const set = yield* stored.setQuantity(ownerOf(actor), kind, productId, quantityText(quantity))
            if (!set) return yield* new CartItemNotFound({ productId })
            return yield* viewOf(actor, kind)
          })
        ).pipe(Effect.withSpan("Carts.setQuantity"))

      const remove: CartsShape["remove"] = (actor, kind, productId) =>
        command(
          actor,
          scope,
          Effect.gen(function* () {
            const removed = yield* stored.remove(ownerOf(actor), kind, productId)
            if (!removed) return yield* new CartItemNotFound({ productId })
            return yield* viewOf(actor, kind)
          })
        ).pipe(Effect.withSpan("Carts.remove"))

      const clear: CartsShape["clear"] = (actor, kind) =>
        command(
          actor,
          scope,
          Effect.gen(function* () {
            yield* stored.clear(ownerOf(actor), kind)
            return yield* viewOf(actor, kind)
          })
        ).pipe(Effect.withSpan("Carts.clear"))

      const draftsOf = Effect.fnUntraced(function* (actor: Actor) {
        const lines = (yield* stored.lines(ownerOf(actor), "public")).map((l) => lineOf("public", l))
        const cart: Record<string, Array<DraftItem>> = {}
        const names = new Map<string, string>()
        for (const line of lines) {
          names.set(line.vendorKey, line.vendorName)
          const items = cart[line.vendorKey] ?? []
          items.push({
            product: { id: line.product.id, public: line.product.public },
            quantity: BigDecimal.fromStringUnsafe(line.quantity),
            price: decimal(line.product.price),
            line
          })
          cart[line.vendorKey] = items
        }
        const split = splitPublicCart(cart, (key) => ({ connectionId: key, name: names.get(key) ?? key }))
        const chosen = yield* stored.selectedDraft(ownerOf(actor))
        const state = Option.isSome(chosen) ? selectDraftOrder(split, chosen.value) : split
        return new DraftOrdersView({
          drafts: state.drafts.map(
            (d) =>
              new DraftOrderView({
                vendorKey: d.vendor.connectionId,
                vendorName: d.vendor.name,
                lines: d.items.map((i) => i.line),
                orderPriority: d.orderPriority,
                total: quantityText(draftOrderTotal(d)),
                currency: d.items[0]?.line.product.currency ?? ""
              })
          ),
          selected: state.selected ?? null
        })
      })

      const drafts: CartsShape["drafts"] = (actor) =>
        command(
          actor,
          scope,
          Effect.gen(function* () {
            const { offered } = yield* offers(actor)
            return offered.public ? yield* draftsOf(actor) : new DraftOrdersView({ drafts: [], selected: null })
          })
        ).pipe(Effect.withSpan("Carts.drafts"))

      const selectDraft: CartsShape["selectDraft"] = (actor, input) =>
        command(
          actor,
          scope,
          Effect.gen(function* () {
            const { offered } = yield* offers(actor)
            const before = offered.public ? yield* draftsOf(actor) : new DraftOrdersView({ drafts: [], selected: null })
            if (!before.drafts.some((d) => d.vendorKey === input.vendorKey)) {
              return yield* new DraftOrderNotFound({ vendor: input.vendorKey })
            }
            yield* stored.selectDraft(ownerOf(actor), input.vendorKey)
            return yield* draftsOf(actor)
          })
        ).pipe(Effect.withSpan("Carts.selectDraft"))

      return { summary, view, add, setQuantity, remove, clear, drafts, selectDraft }
    })
  )
}
