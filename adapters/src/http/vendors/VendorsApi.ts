import { Effect, Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { cappedArray, InvalidField, maxItems } from "@tawreed/core/shared"
import {
  NewVendorInput,
  Vendor,
  VendorColumns,
  VendorColumnsInput,
  VendorHistory,
  VendorReport,
  VendorHoldInput,
  type VendorListParams,
  VendorPage,
  VendorReleaseInput,
  VendorStatusInput,
  VendorUpdateInput
} from "@tawreed/core/vendors"
import { changing, guarded, idParams, keyedHeaders, reading } from "../ApiContract.ts"

const Flag = Schema.optional(Schema.Literals(["true", "false"]))

/**
 * The query of `GET vendors` (SPEC.md §7 `vendors?onlyActive=true&{filters}&detailList=true` and
 * `vendors?limit=9999`): the page (from 0) and its size (10, 25, 50, 100, 500, or 9999 for every vendor at once),
 * and the filters, each also accepted inside `filter` as JSON (the query's own parameters win).
 */
export const vendorListQuery = {
  page: Schema.optional(Schema.NumberFromString.annotate({ description: "The page, counting from 0." })),
  limit: Schema.optional(
    Schema.NumberFromString.annotate({ description: "The page size: 10, 25, 50, 100, 500, or 9999 for all." })
  ),
  status: Schema.optional(
    Schema.String.annotate({ description: "VENDOR_ACTIVE, VENDOR_INACTIVE, VENDOR_EXPIRED; several comma-separated." })
  ),
  onlyActive: Flag,
  detailList: Flag.annotate({
    description:
      "Asks for each vendor whole (addresses, contacts, bank accounts, documents, hold): the list always answers them so."
  }),
  search: Schema.optional(Schema.String),
  category: Schema.optional(Schema.String),
  after: Schema.optional(
    Schema.String.annotate({ description: "A page's nextCursor: the page after it (page is then not used)." })
  ),
  before: Schema.optional(Schema.String.annotate({ description: "A page's previousCursor: the page before it." })),
  filter: Schema.optional(
    Schema.String.annotate({
      description: "The filters as JSON: `status` (a string or a list), `search`, `category`, `onlyActive`."
    })
  )
}

/** The list query as the API decodes it. */
export interface VendorListQuery {
  readonly page?: number | undefined
  readonly limit?: number | undefined
  readonly status?: string | undefined
  readonly onlyActive?: "true" | "false" | undefined
  readonly detailList?: "true" | "false" | undefined
  readonly search?: string | undefined
  readonly category?: string | undefined
  readonly after?: string | undefined
  readonly before?: string | undefined
  readonly filter?: string | undefined
}

/** The query of `GET vendors/reports/vendor`: the page of its table (from 0) and its size. */
export const vendorReportQuery = {
  page: Schema.optional(Schema.NumberFromString.annotate({ description: "The table's page, counting from 0." })),
  limit: Schema.optional(
    Schema.NumberFromString.annotate({ description: "The table's page size: 10, 25, 50, 100, 500." })
  )
}

const VendorListFilter = Schema.Struct({
  status: Schema.optionalKey(Schema.Union([Schema.String, cappedArray(Schema.String, maxItems.shortList)])),
  search: Schema.optionalKey(Schema.String),
  category: Schema.optionalKey(Schema.String),
  onlyActive: Schema.optionalKey(Schema.Boolean)
})
const decodeFilter = Schema.decodeUnknownEffect(Schema.fromJsonString(VendorListFilter))

/** The use case's list parameters from the query; a `filter` that is not the JSON above is the field's bad format. */
export const vendorListParams = (query: VendorListQuery): Effect.Effect<VendorListParams, InvalidField> =>
  Effect.gen(function* () {
    const filter =
      query.filter === undefined || query.filter.trim() === ""
        ? {}
        : yield* decodeFilter(query.filter).pipe(
            Effect.mapError(() => new InvalidField({ field: "filter", problem: "format" }))
          )
    const statuses =
      query.status !== undefined
        ? query.status.split(",")
        : typeof filter.status === "string"
          ? filter.status.split(",")
          : filter.status
    return {
      page: query.page,
      limit: query.limit,
      statuses,
      onlyActive: query.onlyActive === undefined ? filter.onlyActive : query.onlyActive === "true",
      search: query.search ?? filter.search,
      category: query.category ?? filter.category,
      after: query.after,
      before: query.before
    }
  })

/**
 * SPEC.md §7, the paths of the buyer's vendor master. The create takes an Idempotency-Key. Declared without its
 * middleware: Api.ts adds it behind Authentication. Fixed paths come before `/vendors/:id`.
 */
export class VendorsGroup extends HttpApiGroup.make("vendors")
  .add(
    HttpApiEndpoint.get("list", "/vendors", {
      query: vendorListQuery,
      success: VendorPage,
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.post("create", "/vendors", {
      headers: keyedHeaders,
      payload: NewVendorInput,
      success: Vendor,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("update", "/vendors", {
      payload: VendorUpdateInput,
      success: Vendor,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("saveColumns", "/vendors/save-columns", {
      payload: VendorColumnsInput,
      success: VendorColumns,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("report", "/vendors/reports/vendor", {
      query: vendorReportQuery,
      success: VendorReport,
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.get("history", "/vendors/history/:id", {
      params: idParams,
      success: VendorHistory,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.put("setStatus", "/vendors/status/:id", {
      params: idParams,
      payload: VendorStatusInput,
      success: Vendor,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("hold", "/vendors/hold/:id", {
      params: idParams,
      payload: VendorHoldInput,
      success: Vendor,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("release", "/vendors/release/:id", {
      params: idParams,
      // The body may be left out: the version is optional.
      payload: [VendorReleaseInput, Schema.Null],
      success: Vendor,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("get", "/vendors/:id", {
      params: idParams,
      success: Vendor,
      error: reading
    })
  ) {}
