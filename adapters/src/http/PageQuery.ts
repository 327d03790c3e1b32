import { Schema } from "effect"
import { pageSizes, wholeListPageSize } from "@tawreed/core/shared"

/**
 * The `page` and `limit` query of the lists that answered whole before they were paged. Both are plain numbers
 * here: which values a list takes is the use case's to check (`wholeListPage`), so that a refusal carries the
 * catalogue's code and message (E2004, E2003) rather than a schema's.
 */
export const pageQuery = {
  page: Schema.optional(
    Schema.NumberFromString.annotate({ description: "The page, counting from 0 (the first page when absent)." })
  ),
  limit: Schema.optional(
    Schema.NumberFromString.annotate({
      description:
        `The page size: one of ${pageSizes.join(", ")}; ${wholeListPageSize} when absent, so that a client ` +
        "that asks for no page receives the list whole up to that size."
    })
  )
}
