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

/** An update named a version of a document that has moved since it was read. */
export class VersionConflict extends Schema.TaggedError<VersionConflict>()("VersionConflict", {
  entity: Schema.String,
  id: Schema.String
}) {}

/** A field of the request that does not decode; `field` is its path, `detail` the decoder's English text. */
export class InvalidField extends Schema.TaggedError<InvalidField>()("InvalidField", {
  field: Schema.String,
  detail: Schema.String
}) {}
