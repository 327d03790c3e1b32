import { Schema } from "effect"

/**
 * The precision of every stored amount: the storage's `numeric(21, 6)` columns hold 15 digits before the point and
 * 6 after. The wire schemas below take no more, so that an amount the API accepts is one the database can keep.
 */
export const storedDecimal = { precision: 21, scale: 6 } as const

const wholeDigits = storedDecimal.precision - storedDecimal.scale

/** An amount as typed: a decimal from 0 that fits `storedDecimal`. */
export const Amount = Schema.String.check(
  Schema.isPattern(new RegExp(`^\\d{1,${wholeDigits}}(\\.\\d{1,${storedDecimal.scale}})?$`))
)

/** A change of an amount, up or down, that fits `storedDecimal`. */
export const SignedAmount = Schema.String.check(
  Schema.isPattern(new RegExp(`^-?\\d{1,${wholeDigits}}(\\.\\d{1,${storedDecimal.scale}})?$`))
)
