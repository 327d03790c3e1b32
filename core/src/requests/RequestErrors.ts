import { Schema } from "effect"

/** No such request in the actor's organisation, or none the actor may see. */
export class RequestNotFound extends Schema.TaggedError<RequestNotFound>()("RequestNotFound", {
  id: Schema.String
}) {}

/**
 * The request's status does not offer the action (its command table, RequestCommands.ts): a submitted request is
 * not edited in place, a closed one never reopens.
 */
export class RequestActionNotAllowed extends Schema.TaggedError<RequestActionNotAllowed>()("RequestActionNotAllowed", {
  action: Schema.String,
  status: Schema.String
}) {}

/**
 * The organisation does not raise requests of this kind: expense requests need `generalConfig.expensesAllowed` (a
 * plan limit), reimbursements also `adminConfig.reimbursementAllowed`, proposals `adminConfig.enableRfp`, contracts
 * the requests module's `allowRequestForContract` feature. The kind's name comes in both languages.
 */
export class RequestTypeNotAllowed extends Schema.TaggedError<RequestTypeNotAllowed>()("RequestTypeNotAllowed", {
  requestType: Schema.String,
  typeEn: Schema.String,
  typeAr: Schema.String
}) {}

/** The workspace has a budget in force and the request names none of its lines, so it cannot be charged. */
export class RequestBudgetRequired extends Schema.TaggedError<RequestBudgetRequired>()("RequestBudgetRequired", {}) {}

/** The budget the request names is not a budget in force today in the request's workspace. */
export class RequestBudgetNotInForce extends Schema.TaggedError<RequestBudgetNotInForce>()("RequestBudgetNotInForce", {
  budgetId: Schema.String
}) {}

/** Requests are raised only in an active workspace. */
export class RequestWorkspaceNotActive extends Schema.TaggedError<RequestWorkspaceNotActive>()(
  "RequestWorkspaceNotActive",
  { workspaceId: Schema.String, status: Schema.String }
) {}

/** A keyset cursor that this list did not hand out, or one for another sort than the one asked. */
export class RequestCursorInvalid extends Schema.TaggedError<RequestCursorInvalid>()("RequestCursorInvalid", {}) {}
