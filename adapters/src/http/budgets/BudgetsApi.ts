import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import {
  Budget,
  BudgetChange,
  BudgetChangeHistory,
  BudgetChangeInput,
  BudgetChangeReview,
  BudgetSummary,
  BudgetUpdateInput,
  NewBudgetInput
} from "@tawreed/core/budgets"
import { changing, guarded, idParams, keyedHeaders } from "../ApiContract.ts"
import { errors } from "../ApiErrors.ts"
import { Uuid } from "@tawreed/core/shared"
import { pageQuery } from "../PageQuery.ts"

/** A record id in the path, checked before any query uses it. */
const Id = Uuid

/**
 * Budgets (SPEC.md §7 `GET budgets/summary/{id}`, `GET request/budgets/active`, and the budgets module's own
 * calls). Declared without its middleware: Api.ts adds it behind Authentication. Fixed paths come before
 * `/budgets/:id` so that none is taken for an id.
 */
export class BudgetsGroup extends HttpApiGroup.make("budgets")
  .add(
    HttpApiEndpoint.get("list", "/budgets", {
      query: { workspaceId: Schema.optional(Schema.String), status: Schema.optional(Schema.String), ...pageQuery },
      success: Schema.Array(Budget),
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.post("create", "/budgets", {
      headers: keyedHeaders,
      payload: NewBudgetInput,
      success: Budget,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("update", "/budgets", {
      payload: BudgetUpdateInput,
      success: Budget,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("activate", "/budgets/activate/:id", {
      params: idParams,
      success: Budget,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("deactivate", "/budgets/deactivate/:id", {
      params: idParams,
      success: Budget,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("summary", "/budgets/summary/:id", {
      params: idParams,
      success: BudgetSummary,
      error: [...guarded, errors.NotFound]
    })
  )
  .add(
    HttpApiEndpoint.put("reviewChange", "/budgets/changes/review/:changeId", {
      params: { changeId: Id },
      payload: BudgetChangeReview,
      success: BudgetChange,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("changes", "/budgets/:id/changes", {
      params: idParams,
      query: pageQuery,
      success: Schema.Array(BudgetChangeHistory),
      error: [...guarded, errors.NotFound]
    })
  )
  .add(
    HttpApiEndpoint.post("requestChange", "/budgets/:id/changes", {
      headers: keyedHeaders,
      params: idParams,
      payload: BudgetChangeInput,
      success: BudgetChange,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("get", "/budgets/:id", {
      params: idParams,
      success: Budget,
      error: [...guarded, errors.NotFound]
    })
  )
  .add(
    HttpApiEndpoint.get("active", "/request/budgets/active", {
      query: { workspaceId: Schema.optional(Schema.String), ...pageQuery },
      success: Schema.Array(Budget),
      error: guarded
    })
  ) {}
