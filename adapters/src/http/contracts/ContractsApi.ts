import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import {
  AgreedPrices,
  Contract,
  ContractCommandInput,
  ContractPage,
  ContractUpdateInput,
  NewContractInput
} from "@tawreed/core/contracts"
import { DocumentReview } from "@tawreed/core/documents"
import { Uuid } from "@tawreed/core/shared"
import { changing, guarded, keyedHeaders, reading } from "../ApiContract.ts"

/** A record id in the path, checked before any query uses it. */
const Id = Uuid

/** One value, or several separated by commas. */
const ListText = Schema.optional(Schema.String.annotate({ description: "One value, or several separated by commas." }))

/** The query of `GET contracts`: the page (from 0), its size, and the filters. */
export const contractListQuery = {
  page: Schema.optional(Schema.NumberFromString.annotate({ description: "The page, counting from 0." })),
  limit: Schema.optional(Schema.NumberFromString.annotate({ description: "The page size: 10, 25, 50, 100 or 500." })),
  status: ListText,
  vendorId: Schema.optional(Schema.String.check(Schema.isMaxLength(100))),
  search: Schema.optional(Schema.String.check(Schema.isMaxLength(200)))
}

/**
 * Contracts (SPEC.md §2 `orders/contracts`; SPEC.md §7 names no path for them): `GET`/`POST contracts`,
 * `GET contracts/agreed-prices` (the agreed prices of a vendor's products on a day, as order lines default them),
 * `GET`/`PUT contracts/{id}`, and their moves `POST contracts/submit/{id}` (keyed), `POST contracts/review/{id}`,
 * `PUT contracts/terminate/{id}` and `PUT contracts/close/{id}`. Declared without its middleware: Api.ts adds it
 * behind Authentication. Fixed paths come before `/contracts/:id`.
 */
export class ContractsGroup extends HttpApiGroup.make("contracts")
  .add(HttpApiEndpoint.get("list", "/contracts", { query: contractListQuery, success: ContractPage, error: guarded }))
  .add(
    HttpApiEndpoint.get("agreedPrices", "/contracts/agreed-prices", {
      query: {
        vendorId: Schema.String.check(Schema.isMaxLength(100)),
        productIds: Schema.String.annotate({ description: "The products' ids, separated by commas." }).check(
          Schema.isMaxLength(20_000)
        ),
        date: Schema.optional(Schema.String.annotate({ description: "The day, YYYY-MM-DD; today when absent." }))
      },
      success: AgreedPrices,
      error: reading
    }).annotate(
      OpenApi.Description,
      "For each product that has one, the agreed price of the vendor's active contract valid on the day, with the contract's number."
    )
  )
  .add(
    HttpApiEndpoint.post("create", "/contracts", {
      headers: keyedHeaders,
      payload: NewContractInput,
      success: Contract,
      error: changing
    })
  )
  .add(HttpApiEndpoint.get("get", "/contracts/:id", { params: { id: Id }, success: Contract, error: reading }))
  .add(
    HttpApiEndpoint.put("update", "/contracts/:id", {
      params: { id: Id },
      payload: ContractUpdateInput,
      success: Contract,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("submit", "/contracts/submit/:id", {
      headers: keyedHeaders,
      params: { id: Id },
      payload: ContractCommandInput,
      success: Contract,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("review", "/contracts/review/:id", {
      params: { id: Id },
      payload: DocumentReview,
      success: Contract,
      error: changing
    }).annotate(OpenApi.Description, "An approver's decision: approve, skip, reject or return to its owner.")
  )
  .add(
    HttpApiEndpoint.put("terminate", "/contracts/terminate/:id", {
      params: { id: Id },
      payload: ContractCommandInput,
      success: Contract,
      error: changing
    }).annotate(OpenApi.Description, "Ends an active contract early; the remark (the reason) is required.")
  )
  .add(
    HttpApiEndpoint.put("close", "/contracts/close/:id", {
      params: { id: Id },
      payload: ContractCommandInput,
      success: Contract,
      error: changing
    }).annotate(OpenApi.Description, "Closes an active contract as fulfilled: nothing more is ordered against it.")
  ) {}
