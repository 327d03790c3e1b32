import { Schema } from "effect"

/** No such contract in the actor's organisation (or one the actor may not read). */
export class ContractNotFound extends Schema.TaggedError<ContractNotFound>()("ContractNotFound", {
  id: Schema.String
}) {}

/** The vendor a contract names is not in the organisation's vendor master. */
export class ContractVendorNotFound extends Schema.TaggedError<ContractVendorNotFound>()("ContractVendorNotFound", {
  vendorId: Schema.String
}) {}

/** An agreed price names a product the organisation's catalogue does not hold; `line` counts from 1. */
export class ContractProductNotFound extends Schema.TaggedError<ContractProductNotFound>()("ContractProductNotFound", {
  line: Schema.Int
}) {}

/** An amount taken from or given back to a ceiling must be more than zero. */
export class ContractAmountInvalid extends Schema.TaggedError<ContractAmountInvalid>()("ContractAmountInvalid", {
  amount: Schema.String
}) {}

/** The contract's status does not allow the action (editing an active contract, closing a draft). */
export class ContractActionNotAllowed extends Schema.TaggedError<ContractActionNotAllowed>()(
  "ContractActionNotAllowed",
  { action: Schema.String, status: Schema.String }
) {}

/** An order would take more than what is left of the contract's ceiling. */
export class ContractCeilingExceeded extends Schema.TaggedError<ContractCeilingExceeded>()("ContractCeilingExceeded", {
  number: Schema.String,
  amount: Schema.String,
  remaining: Schema.String,
  currency: Schema.String
}) {}

/** Orders are placed against an active contract only, on a day within its validity. */
export class ContractNotInForce extends Schema.TaggedError<ContractNotInForce>()("ContractNotInForce", {
  number: Schema.String,
  status: Schema.String
}) {}

/** More would be given back to the ceiling than orders consumed of it. */
export class ContractReleaseExceeded extends Schema.TaggedError<ContractReleaseExceeded>()("ContractReleaseExceeded", {
  number: Schema.String,
  amount: Schema.String,
  consumed: Schema.String,
  currency: Schema.String
}) {}

/** A contract whose end date has passed cannot be submitted or approved into force. */
export class ContractEnded extends Schema.TaggedError<ContractEnded>()("ContractEnded", {
  number: Schema.String,
  endDate: Schema.String
}) {}
