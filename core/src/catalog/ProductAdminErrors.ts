import { Schema } from "effect"

/** An export asked in a format other than xlsx or CSV. */
export class ExportFormatInvalid extends Schema.TaggedError<ExportFormatInvalid>()("ExportFormatInvalid", {
  format: Schema.String
}) {}

/** A download larger than a browser should wait for; the emailed export takes any size. */
export class ExportTooLarge extends Schema.TaggedError<ExportTooLarge>()("ExportTooLarge", {
  max: Schema.Number
}) {}
