import { Schema } from "effect"

/** A quantity that is not a number with at most two decimals, or is below the line's minimum (SPEC.md §5). */
export class InvalidQuantity extends Schema.TaggedError<InvalidQuantity>()("InvalidQuantity", {
  value: Schema.String,
  minimum: Schema.String
}) {}

/** The public order cart is for buyers whose every cart item is public (SPEC.md §4 Carts). */
export class PublicCartNotAllowed extends Schema.TaggedError<PublicCartNotAllowed>()("PublicCartNotAllowed", {}) {}

/** The cart is not offered to the organisation (SPEC.md §6 cart visibility rules). */
export class CartNotOffered extends Schema.TaggedError<CartNotOffered>()("CartNotOffered", {
  cart: Schema.String
}) {}

/** The product does not allow the way of buying the cart serves (allowRFQ, allowDirectOrder). */
export class ProductNotForCart extends Schema.TaggedError<ProductNotForCart>()("ProductNotForCart", {
  product: Schema.String
}) {}

/** The cart already holds the most products it may. */
export class CartFull extends Schema.TaggedError<CartFull>()("CartFull", {
  limit: Schema.String
}) {}

/** The product is not in the cart. */
export class CartItemNotFound extends Schema.TaggedError<CartItemNotFound>()("CartItemNotFound", {
  productId: Schema.String
}) {}

/** No draft order of the public cart goes to that supplier. */
export class DraftOrderNotFound extends Schema.TaggedError<DraftOrderNotFound>()("DraftOrderNotFound", {
  vendor: Schema.String
}) {}
