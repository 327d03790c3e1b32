import { Schema } from "effect"

/** Input that does not fit its schema; `detail` names the field and what was wrong. */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()("InvalidInput", {
  detail: Schema.String
}) {}

/** A page size outside the allowed list. */
export class InvalidPageSize extends Schema.TaggedError<InvalidPageSize>()("InvalidPageSize", {
  allowed: Schema.String
}) {}

/** A page number that is not a whole number from 0. */
export class InvalidPage extends Schema.TaggedError<InvalidPage>()("InvalidPage", {}) {}

/**
 * Work that kept meeting others' concurrent writes of the same rows (the database reported a deadlock or a
 * serialization failure each time it was tried): nothing of it was written, and asking again may succeed.
 */
export class TransactionConflict extends Schema.TaggedError<TransactionConflict>()("TransactionConflict", {}) {}

/** An update named a version of a document that has moved since it was read. */
export class VersionConflict extends Schema.TaggedError<VersionConflict>()("VersionConflict", {
  entity: Schema.String,
  id: Schema.String
}) {}

/** A field that is missing or not in its expected form; `problem` is one of the catalogue's field problems. */
export class InvalidField extends Schema.TaggedError<InvalidField>()("InvalidField", {
  field: Schema.String,
  problem: Schema.String
}) {}

/**
 * One row of a list sent at once (a bulk create, an import) with a field missing or not in its expected form: the
 * row's number from 1, and the field and problem as `InvalidField` gives them.
 */
export class InvalidRow extends Schema.TaggedError<InvalidRow>()("InvalidRow", {
  row: Schema.Number,
  field: Schema.String,
  problem: Schema.String
}) {}
