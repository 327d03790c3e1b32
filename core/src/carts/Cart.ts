import { Effect, Schema } from "effect"
import { LocalText } from "../catalog/Catalog.ts"
import { cartKinds } from "./PublicCart.ts"

/** A cart's kind in a path or a payload: `rfq`, `order` or `public` (SPEC.md §2 Cart sidebars). */
export const CartKindSchema = Schema.Literals(cartKinds)

/** The most products one cart holds. */
export const cartLineLimit = 200

/** The largest quantity a cart line takes (the column holds 12 digits before the point). */
export const cartQuantityLimit = 999_999_999_999

/**
 * What a cart keeps of a product when it is added (SPEC.md §3 Cart item: sku, names, brand, media, catalogs,
 * categories, public flag, minimums, price): the cart draws its lines and hands them to a request without reading
 * the catalog again.
 */
export class CartProduct extends Schema.Class<CartProduct>("CartProduct")({
  id: Schema.String,
  sku: Schema.String,
  name: LocalText,
  brand: Schema.String,
  soldBy: Schema.String,
  image: Schema.NullOr(Schema.String),
  public: Schema.Boolean,
  allowRFQ: Schema.Boolean,
  allowDirectOrder: Schema.Boolean,
  minQtyRFQ: Schema.Number,
  minQtyDirectOrder: Schema.Number,
  /** The unit price with taxes and its currency; the price before taxes and the taxes' percent. */
  price: Schema.Number,
  basePrice: Schema.Number,
  taxPercent: Schema.Number,
  currency: Schema.String,
  catalogId: Schema.NullOr(Schema.String),
  categoryId: Schema.NullOr(Schema.String),
  /** The unit the product is requested in (`productUnitOf`); lines kept before it was recorded read as none. */
  unit: Schema.String.pipe(Schema.withDecodingDefaultKey(Effect.succeed("")))
}) {}

/** One line of a cart: the product, its quantity (2 decimals, as text) and the least quantity the line takes. */
export class CartLine extends Schema.Class<CartLine>("CartLine")({
  product: CartProduct,
  quantity: Schema.String,
  minimum: Schema.String,
  /** The supplier the line is ordered from in the public cart: the seller's key and name. */
  vendorKey: Schema.String,
  vendorName: Schema.String,
  addedAt: Schema.String
}) {}

/** `GET carts/{kind}` and every cart change: the cart's lines in the order they were added. */
export class CartView extends Schema.Class<CartView>("CartView")({
  kind: CartKindSchema,
  lines: Schema.Array(CartLine),
  count: Schema.Int
}) {}

/** `GET carts`: which carts the user is offered and how many products each holds. */
export class CartSummary extends Schema.Class<CartSummary>("CartSummary")({
  offered: Schema.Struct({ rfq: Schema.Boolean, order: Schema.Boolean, public: Schema.Boolean }),
  counts: Schema.Struct({ rfq: Schema.Int, order: Schema.Int, public: Schema.Int })
}) {}

/** A draft order of the public cart: one supplier's lines and their total (SPEC.md §3 Draft order). */
export class DraftOrderView extends Schema.Class<DraftOrderView>("DraftOrderView")({
  vendorKey: Schema.String,
  vendorName: Schema.String,
  lines: Schema.Array(CartLine),
  orderPriority: Schema.Literals(["Low", "Medium", "High"]),
  total: Schema.String,
  currency: Schema.String
}) {}

/** `GET carts/public/drafts`: one draft order per supplier, and the selected one (the first by default). */
export class DraftOrdersView extends Schema.Class<DraftOrdersView>("DraftOrdersView")({
  drafts: Schema.Array(DraftOrderView),
  selected: Schema.NullOr(Schema.String)
}) {}

const QuantityText = Schema.String.check(Schema.isMaxLength(40))

/** `POST carts/{kind}/items`: a product and, optionally, its quantity (else the line's minimum). */
export class AddToCartInput extends Schema.Class<AddToCartInput>("AddToCartInput")({
  productId: Schema.String.check(Schema.isMaxLength(100)),
  quantity: Schema.optionalKey(QuantityText)
}) {}

/** `PUT carts/{kind}/items/{productId}`: the line's new quantity. */
export class CartQuantityInput extends Schema.Class<CartQuantityInput>("CartQuantityInput")({
  quantity: QuantityText
}) {}

/** `PUT carts/public/drafts/selected`: the supplier whose draft order the user looks at. */
export class SelectDraftInput extends Schema.Class<SelectDraftInput>("SelectDraftInput")({
  vendorKey: Schema.String.check(Schema.isMaxLength(300))
}) {}
