import { Schema } from "effect"

/** A currency the rate table does not know. */
export class UnknownCurrency extends Schema.TaggedError<UnknownCurrency>()("UnknownCurrency", {
  currency: Schema.String
}) {}

/** A text that is not a decimal amount. */
export class InvalidAmount extends Schema.TaggedError<InvalidAmount>()("InvalidAmount", {
  value: Schema.String
}) {}
