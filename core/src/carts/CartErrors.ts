import { Schema } from "effect"

/** A quantity that is not a number with at most two decimals, or is below the line's minimum (SPEC.md §5). */
export class InvalidQuantity extends Schema.TaggedError<InvalidQuantity>()("InvalidQuantity", {
  value: Schema.String,
  minimum: Schema.String
}) {}

/** The public order cart is for buyers whose every cart item is public (SPEC.md §4 Carts). */
export class PublicCartNotAllowed extends Schema.TaggedError<PublicCartNotAllowed>()("PublicCartNotAllowed", {}) {}
