import { Schema } from "effect"

/** A quick search of two characters or fewer, after trimming (SPEC.md §5). */
export class SearchTooShort extends Schema.TaggedError<SearchTooShort>()("SearchTooShort", {}) {}
