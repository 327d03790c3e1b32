import { Effect, Schema } from "effect"
import { cappedArray, InvalidField, maxItems } from "@tawreed/core/shared"

/**
 * What the document lists' queries share (SPEC.md §7 list query parameters: `page`, `limit`, `filter` as JSON,
 * `sort`): each filter is a query parameter of its own, one value or several separated by commas, and may also be
 * given inside `filter`; the query's own parameter wins. Contract only: no server code.
 */

/** A query filter: one value, or several separated by commas. */
export const ListText = Schema.optional(
  Schema.String.annotate({ description: "One value, or several separated by commas." })
)

/** A filter inside the `filter` JSON: one value (commas allowed) or a list of them. */
export const FilterValues = Schema.optionalKey(
  Schema.Union([Schema.String, cappedArray(Schema.String, maxItems.shortList)])
)

/** The values of a comma-separated query parameter. */
export const listOf = (text: string | undefined): ReadonlyArray<string> | undefined =>
  text === undefined ? undefined : text.split(",")

/** The values of a filter given inside `filter`: a comma-separated string or a list. */
export const valuesOf = (given: string | ReadonlyArray<string> | undefined): ReadonlyArray<string> | undefined =>
  given === undefined ? undefined : typeof given === "string" ? listOf(given) : given

/**
 * Reads a list's `filter` parameter as the JSON `schema` describes; absent or blank is no filter. A `filter` that is
 * not that JSON is refused as the field's bad format (the catalogue's E2xxx), never a server error.
 */
export const filterOf = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S) => {
  const decode = Schema.decodeUnknownEffect(Schema.fromJsonString(schema))
  return (text: string | undefined): Effect.Effect<Partial<S["Type"]>, InvalidField> =>
    text === undefined || text.trim() === ""
      ? Effect.succeed({})
      : decode(text).pipe(Effect.mapError(() => new InvalidField({ field: "filter", problem: "format" })))
}
