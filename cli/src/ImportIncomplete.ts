import { Schema } from "effect"

/** An import left rows out (each already reported with its line); the command ends as refused. */
export class ImportIncomplete extends Schema.TaggedError<ImportIncomplete>()("ImportIncomplete", {
  file: Schema.String,
  refused: Schema.Number
}) {}
