import { Context, Duration, Effect, Layer, Schema } from "effect"
import { FetchHttpClient, HttpClient, HttpClientError, HttpClientRequest } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import type { OrgRole } from "@tawreed/core/access"
import type { Workflow } from "@tawreed/core/approvals"
import type {
  CodeSent,
  Iam,
  LoginResponse,
  ManagedUser,
  NewUserInput,
  Platform,
  UserPage,
  UserStatusChange
} from "@tawreed/core/identity"
import type {
  Budget,
  BudgetChange,
  BudgetChangeHistory,
  BudgetChangeInput,
  BudgetChangeReview,
  BudgetSummary,
  BudgetUpdateInput,
  NewBudgetInput
} from "@tawreed/core/budgets"
import type { Notification, NotificationPage } from "@tawreed/core/notifications"
import type { Contract, ContractListParams, ContractPage, NewContractInput } from "@tawreed/core/contracts"
import type {
  NewRequestInput,
  Request,
  RequestApproval,
  RequestClose,
  RequestCommandInput,
  RequestListName,
  RequestPage,
  RequestReview,
  RequestUpdateInput,
  RequestWatchersInput
} from "@tawreed/core/requests"
import type { TimelineEntry } from "@tawreed/core/approvals"
import type {
  NewOrderInput,
  Order,
  OrderAmendInput,
  OrderApproval,
  OrderCancelInput,
  OrderCommandInput,
  OrderFromCartInput,
  OrderFromRequestInput,
  OrderPage,
  OrderReview,
  OrderUpdateInput,
  VendorAnswerInput
} from "@tawreed/core/orders"
import { defaultLocale, messageFor, type Locale, type PageParams } from "@tawreed/core/shared"
import type {
  NewWorkspaceInput,
  Workspace,
  WorkspaceCount,
  WorkspacePage,
  WorkspaceReview,
  WorkspaceUpdateInput
} from "@tawreed/core/workspaces"
import { Api, type HealthReport, LoginPayload } from "../http/Api.ts"
import { MfaRequestPayload, MfaVerifyPayload } from "../http/identity/AccountApi.ts"
import { WorkflowSave } from "../http/approvals/ApprovalsApi.ts"
import {
  RequestColumns,
  type RequestListQuery,
  RequestTarget,
  type WatcherCandidate
} from "../http/requests/RequestsApi.ts"
import type { VendorListQuery } from "../http/vendors/VendorsApi.ts"
import { OrderColumns, type OrderListQuery } from "../http/orders/OrdersApi.ts"
import type { NewProductInput, Product, ProductFilters, ProductPage } from "@tawreed/core/catalog"
import { AddToCartInput, CartQuantityInput, type CartKind, type CartSummary, type CartView } from "@tawreed/core/carts"
import {
  type CatalogInvitation,
  type GuestCatalogList,
  type GuestCategoryTree,
  type GuestProductPage,
  GuestProductsInput,
  GuestTreeInput,
  KycInput,
  type KycStatus,
  NewCatalogInvitationInput,
  type PendingCatalogs
} from "@tawreed/core/marketplace"
import {
  type NewVendorInput,
  type Vendor,
  type VendorColumns,
  VendorColumnsInput,
  type VendorChange,
  type VendorChangeList,
  type VendorChangeReviewInput,
  type VendorChangeWithdrawInput,
  type VendorHistory,
  type VendorHoldInput,
  type VendorReport,
  type VendorPage,
  type VendorStatusInput,
  type VendorUpdateInput
} from "@tawreed/core/vendors"
import type { Invite, InvitePage, InviteReviewInput, NewInviteInput, QuestionnaireList } from "@tawreed/core/invites"
import { ErrorBody } from "../http/ApiErrors.ts"
import { BulkCreatePayload, type UserNotice, type UsersNotice } from "../http/identity/UsersApi.ts"
import { WorkspaceSubmitPayload, WorkspaceUpdatePayload } from "../http/workspaces/WorkspacesApi.ts"

/** The API answered with a failure: its status and the catalogue code and message of its `{ error }` body. */
export class ApiFailure extends Schema.TaggedError<ApiFailure>()("ApiFailure", {
  status: Schema.Number,
  code: Schema.String,
  message: Schema.String
}) {}

/** No answer came back: the address is wrong, the server is down, the network failed or the wait ran out. */
export class ApiUnreachable extends Schema.TaggedError<ApiUnreachable>()("ApiUnreachable", {
  url: Schema.String,
  detail: Schema.String
}) {}

export type TawreedClientError = ApiFailure | ApiUnreachable

export interface TawreedClientOptions {
  /** Where the site serves the API, without the `/api` prefix, e.g. `http://localhost:4321`. */
  readonly baseUrl: string
  /** The access token of a session, sent as `Authorization: Bearer`. */
  readonly token?: string | undefined
  /** The language of the API's messages (the `Language` header). */
  readonly language?: Locale | undefined
  /** The fetch to send requests with; the global one when absent. */
  readonly fetch?: typeof globalThis.fetch | undefined
  /** How long one call may take before it counts as unreachable. */
  readonly timeout?: Duration.Input | undefined
}

export interface LoginInput {
  readonly email: string
  readonly password: string
  readonly platform?: Platform
}

export interface TawreedClientShape {
  readonly baseUrl: string
  readonly health: () => Effect.Effect<HealthReport, TawreedClientError>
  /** Signs in; the answer carries the access token to send from then on. */
  readonly login: (input: LoginInput) => Effect.Effect<LoginResponse, TawreedClientError>
  /** Ends the session of the client's token. */
  readonly logout: () => Effect.Effect<void, TawreedClientError>
  /** The signed-in user's profile and privileges (`GET auth/iam`). */
  readonly iam: () => Effect.Effect<Iam, TawreedClientError>
  /** The MFA step of a sign-in: have the code mailed, then exchange it for the session's tokens. */
  readonly mfa: {
    readonly requestCode: (email: string) => Effect.Effect<CodeSent, TawreedClientError>
    readonly verify: (email: string, code: string) => Effect.Effect<LoginResponse, TawreedClientError>
  }
  /** Users management (SPEC.md §7 Users); each needs the privileges of SPEC.md §6. */
  readonly users: {
    readonly list: (query?: {
      readonly page?: number | undefined
      readonly limit?: number | undefined
      readonly search?: string | undefined
      readonly filter?: string | undefined
    }) => Effect.Effect<UserPage, TawreedClientError>
    readonly get: (id: string) => Effect.Effect<ManagedUser, TawreedClientError>
    /** Creates a user; with an idempotency key, a retry answers what the first call made. */
    readonly create: (user: NewUserInput, idempotencyKey?: string) => Effect.Effect<UserNotice, TawreedClientError>
    readonly bulkCreate: (
      users: ReadonlyArray<NewUserInput>,
      idempotencyKey?: string
    ) => Effect.Effect<UsersNotice, TawreedClientError>
    readonly setStatus: (id: string, change: UserStatusChange) => Effect.Effect<UserNotice, TawreedClientError>
    readonly resetPassword: (id: string) => Effect.Effect<{ readonly message: string }, TawreedClientError>
  }
  /**
   * The organisation's roles: SPEC.md §6's and its own. This list and the other lists below that take a page
   * answer their first 500 rows when no page is asked (`wholeListPageSize`).
   */
  readonly roles: {
    readonly list: (paging?: PageParams) => Effect.Effect<ReadonlyArray<OrgRole>, TawreedClientError>
  }
  /** Workspaces (SPEC.md §7 Workspaces and related); each needs the privileges of SPEC.md §6. */
  readonly workspaces: {
    readonly list: (query?: {
      readonly page?: number | undefined
      readonly limit?: number | undefined
      readonly search?: string | undefined
      /** One status or several, comma-separated. */
      readonly status?: string | undefined
      readonly classification?: string | undefined
    }) => Effect.Effect<WorkspacePage, TawreedClientError>
    readonly get: (id: string) => Effect.Effect<Workspace, TawreedClientError>
    /** Creates a draft; with an idempotency key, a retry answers what the first call made. */
    readonly create: (
      workspace: NewWorkspaceInput,
      idempotencyKey?: string
    ) => Effect.Effect<Workspace, TawreedClientError>
    readonly update: (change: WorkspaceUpdateInput) => Effect.Effect<Workspace, TawreedClientError>
    /** Submits for approval; with an idempotency key, a retry answers what the first call made. */
    readonly submit: (
      id: string,
      version?: number,
      idempotencyKey?: string
    ) => Effect.Effect<Workspace, TawreedClientError>
    readonly review: (id: string, review: WorkspaceReview) => Effect.Effect<Workspace, TawreedClientError>
    readonly activate: (id: string) => Effect.Effect<Workspace, TawreedClientError>
    readonly deactivate: (id: string) => Effect.Effect<Workspace, TawreedClientError>
    readonly setDefault: (id: string) => Effect.Effect<Workspace, TawreedClientError>
    readonly copy: (id: string) => Effect.Effect<Workspace, TawreedClientError>
    readonly delete: (id: string) => Effect.Effect<void, TawreedClientError>
    readonly count: (getAll?: boolean) => Effect.Effect<WorkspaceCount, TawreedClientError>
  }
  /** Budgets and their approvable changes; each needs the budgets privileges (`bdg_*`) of SPEC.md §6. */
  readonly budgets: {
    readonly list: (
      query?: {
        readonly workspaceId?: string | undefined
        /** One status or several, comma-separated. */
        readonly status?: string | undefined
      } & PageParams
    ) => Effect.Effect<ReadonlyArray<Budget>, TawreedClientError>
    readonly get: (id: string) => Effect.Effect<Budget, TawreedClientError>
    /** `GET budgets/summary/{id}`: each line's limit, requested, committed, actual and available. */
    readonly summary: (id: string) => Effect.Effect<BudgetSummary, TawreedClientError>
    /** Creates a budget; with an idempotency key, a retry answers what the first call made. */
    readonly create: (budget: NewBudgetInput, idempotencyKey?: string) => Effect.Effect<Budget, TawreedClientError>
    readonly update: (change: BudgetUpdateInput) => Effect.Effect<Budget, TawreedClientError>
    readonly activate: (id: string) => Effect.Effect<Budget, TawreedClientError>
    readonly deactivate: (id: string) => Effect.Effect<Budget, TawreedClientError>
    /** Asks for a change of the budget, which its approvers decide. */
    readonly requestChange: (
      id: string,
      change: BudgetChangeInput,
      idempotencyKey?: string
    ) => Effect.Effect<BudgetChange, TawreedClientError>
    readonly changes: (
      id: string,
      paging?: PageParams
    ) => Effect.Effect<ReadonlyArray<BudgetChangeHistory>, TawreedClientError>
    readonly reviewChange: (
      changeId: string,
      review: BudgetChangeReview
    ) => Effect.Effect<BudgetChange, TawreedClientError>
    /** `GET request/budgets/active`: the active budgets a request may name. */
    readonly active: (
      workspaceId?: string,
      paging?: PageParams
    ) => Effect.Effect<ReadonlyArray<Budget>, TawreedClientError>
  }
  /**
   * Requests and expense requests (SPEC.md §7 Requests); each needs the requests privileges (`req_*`) of SPEC.md §6,
   * or, for a decision, to be the request's approver.
   */
  readonly requests: {
    /** `GET request`: a page of requests (not expense requests), with the counts of each filter. */
    readonly list: (query?: RequestListQuery) => Effect.Effect<RequestPage, TawreedClientError>
    /** `GET request/expense`: the same over expense and reimbursement requests. */
    readonly listExpense: (query?: RequestListQuery) => Effect.Effect<RequestPage, TawreedClientError>
    readonly get: (id: string) => Effect.Effect<Request, TawreedClientError>
    /** The request's approval timeline, oldest first. */
    readonly timeline: (id: string) => Effect.Effect<ReadonlyArray<TimelineEntry>, TawreedClientError>
    /** `GET request/get-latest-request`: the signed-in user's most recent request, or null. */
    readonly latest: () => Effect.Effect<Request | null, TawreedClientError>
    /** Creates a draft; with an idempotency key, a retry answers what the first call made. */
    readonly create: (request: NewRequestInput, idempotencyKey?: string) => Effect.Effect<Request, TawreedClientError>
    /** Edits a draft (or opens a returned request for editing) at the version read. */
    readonly update: (change: RequestUpdateInput) => Effect.Effect<Request, TawreedClientError>
    /** A new draft like the request; with an idempotency key, a retry answers what the first call made. */
    readonly copy: (id: string, idempotencyKey?: string) => Effect.Effect<Request, TawreedClientError>
    /** Submits for approval, holding its value on its budget line; keyed like `create`. */
    readonly submit: (
      id: string,
      command?: RequestCommandInput,
      idempotencyKey?: string
    ) => Effect.Effect<Request, TawreedClientError>
    readonly approve: (id: string, approval: RequestApproval) => Effect.Effect<Request, TawreedClientError>
    readonly skip: (id: string, review: RequestReview) => Effect.Effect<Request, TawreedClientError>
    readonly reject: (id: string, review: RequestReview) => Effect.Effect<Request, TawreedClientError>
    /** Back to its requester (`POST request/return/{id}`). */
    readonly return: (id: string, review: RequestReview) => Effect.Effect<Request, TawreedClientError>
    readonly returnToDraft: (id: string, command?: RequestCommandInput) => Effect.Effect<Request, TawreedClientError>
    readonly archive: (id: string, command?: RequestCommandInput) => Effect.Effect<Request, TawreedClientError>
    readonly close: (id: string, close: RequestClose) => Effect.Effect<Request, TawreedClientError>
    readonly delete: (id: string) => Effect.Effect<void, TawreedClientError>
    /** Who handles the request's sourcing. */
    readonly assign: (id: string, userId: string) => Effect.Effect<Request, TawreedClientError>
    /** The users of the request's workspace who may follow it. */
    readonly watcherCandidates: (id: string) => Effect.Effect<ReadonlyArray<WatcherCandidate>, TawreedClientError>
    readonly updateWatchers: (id: string, watchers: RequestWatchersInput) => Effect.Effect<Request, TawreedClientError>
    /** The columns the signed-in user keeps for a list; answers the columns kept. */
    readonly saveColumns: (
      list: RequestListName,
      columns: ReadonlyArray<string>
    ) => Effect.Effect<ReadonlyArray<string>, TawreedClientError>
    /** Notifies the waiting level's approvers again. */
    readonly remind: (id: string) => Effect.Effect<void, TawreedClientError>
  }
  /**
   * Purchase orders, the buyer's side; each needs the orders privileges (`ord_*`) of SPEC.md §6, or, for a decision,
   * to be the order's approver. Creates and submits take an idempotency key: a retry answers what the first call made.
   */
  readonly orders: {
    /** `GET order`: a page of orders, with the count of each status. */
    readonly list: (query?: OrderListQuery) => Effect.Effect<OrderPage, TawreedClientError>
    readonly get: (id: string) => Effect.Effect<Order, TawreedClientError>
    /** The order's approval timeline, oldest first (its other events are on the order). */
    readonly timeline: (id: string) => Effect.Effect<ReadonlyArray<TimelineEntry>, TawreedClientError>
    /** A direct order (the organisation's `orders.enableDirectOrder`), drafted. */
    readonly create: (order: NewOrderInput, idempotencyKey?: string) => Effect.Effect<Order, TawreedClientError>
    /** An order for an approved request's lines, drafted. */
    readonly createFromRequest: (
      requestId: string,
      order: OrderFromRequestInput,
      idempotencyKey?: string
    ) => Effect.Effect<Order, TawreedClientError>
    /** The order cart's draft order for a vendor, drafted. */
    readonly createFromCart: (
      vendorId: string,
      order: OrderFromCartInput,
      idempotencyKey?: string
    ) => Effect.Effect<Order, TawreedClientError>
    /** Edits a draft or returned order at the version read. */
    readonly update: (change: OrderUpdateInput) => Effect.Effect<Order, TawreedClientError>
    /** Puts its amount on its budget line and starts its approval. */
    readonly submit: (
      id: string,
      command?: OrderCommandInput,
      idempotencyKey?: string
    ) => Effect.Effect<Order, TawreedClientError>
    readonly approve: (id: string, approval: OrderApproval) => Effect.Effect<Order, TawreedClientError>
    readonly reject: (id: string, review: OrderReview) => Effect.Effect<Order, TawreedClientError>
    /** Back to the buyer to edit (`POST order/return/{id}`). */
    readonly return: (id: string, review: OrderReview) => Effect.Effect<Order, TawreedClientError>
    readonly submitToVendor: (id: string, command?: OrderCommandInput) => Effect.Effect<Order, TawreedClientError>
    readonly cancel: (id: string, cancel: OrderCancelInput) => Effect.Effect<Order, TawreedClientError>
    readonly close: (id: string, command?: OrderCommandInput) => Effect.Effect<Order, TawreedClientError>
    readonly reopen: (id: string, command?: OrderCommandInput) => Effect.Effect<Order, TawreedClientError>
    /** New quantities or prices of an order already out, and new lines. */
    readonly amend: (id: string, amendment: OrderAmendInput) => Effect.Effect<Order, TawreedClientError>
    /** The orders list's columns the signed-in user keeps; answers the columns kept. */
    readonly saveColumns: (columns: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<string>, TawreedClientError>
    /** Notifies the waiting level's approvers again. */
    readonly remind: (id: string) => Effect.Effect<void, TawreedClientError>
  }
  /** The seller's order module: the orders the signed-in user's organisation received, and its answer to each. */
  readonly orderVendor: {
    readonly list: (query?: OrderListQuery) => Effect.Effect<OrderPage, TawreedClientError>
    readonly get: (id: string) => Effect.Effect<Order, TawreedClientError>
    readonly accept: (id: string, answer?: VendorAnswerInput) => Effect.Effect<Order, TawreedClientError>
    readonly reject: (id: string, answer: VendorAnswerInput) => Effect.Effect<Order, TawreedClientError>
  }
  /** Approval workflows: a workspace's, or the organisation's own (new workspaces and budget changes). */
  /** The buyer's vendor master (SPEC.md §7 `GET vendors`); it needs the `ven_*` privileges of SPEC.md §6. */
  readonly vendors: {
    /** `GET vendors`: a page of vendors in name order, with the count of each status. */
    readonly list: (query?: VendorListQuery) => Effect.Effect<VendorPage, TawreedClientError>
    readonly get: (id: string) => Effect.Effect<Vendor, TawreedClientError>
    /** Records a vendor; with an idempotency key, a retry answers what the first call made. */
    readonly create: (vendor: NewVendorInput, idempotencyKey?: string) => Effect.Effect<Vendor, TawreedClientError>
    readonly update: (change: VendorUpdateInput) => Effect.Effect<Vendor, TawreedClientError>
    readonly setStatus: (id: string, status: VendorStatusInput) => Effect.Effect<Vendor, TawreedClientError>
    readonly hold: (id: string, hold: VendorHoldInput) => Effect.Effect<Vendor, TawreedClientError>
    readonly release: (id: string) => Effect.Effect<Vendor, TawreedClientError>
    /** `GET vendors/reports/vendor`: the vendor report, with a page of its table. */
    readonly report: (paging?: PageParams) => Effect.Effect<VendorReport, TawreedClientError>
    /** `GET vendors/history/{id}`: what happened to the vendor, newest first. */
    readonly history: (id: string) => Effect.Effect<VendorHistory, TawreedClientError>
    /** `PUT vendors/save-columns`: the vendors list's columns the user keeps. */
    readonly saveColumns: (columns: ReadonlyArray<string>) => Effect.Effect<VendorColumns, TawreedClientError>
    /** `GET vendors/changes/{id}`: the vendor's change of key details waiting for review, and its latest decided. */
    readonly changes: (vendorId: string) => Effect.Effect<VendorChangeList, TawreedClientError>
    /** `PUT vendors/changes/status/{id}`: approves (applying it) or rejects a pending change. */
    readonly reviewChange: (
      changeId: string,
      review: VendorChangeReviewInput
    ) => Effect.Effect<VendorChange, TawreedClientError>
    /** `PUT vendors/changes/withdraw/{id}`: takes a pending change back. */
    readonly withdrawChange: (
      changeId: string,
      input: VendorChangeWithdrawInput
    ) => Effect.Effect<VendorChange, TawreedClientError>
  }
  /** Products and their search (SPEC.md §7 "Products and search"); `prd_*` privileges of SPEC.md §6. */
  readonly catalog: {
    /** `POST products`; with an idempotency key, a retry answers what the first call made. */
    readonly createProduct: (
      product: NewProductInput,
      idempotencyKey?: string
    ) => Effect.Effect<Product, TawreedClientError>
    /** `POST products/searchByOrg`: the organisation's products ranked for a text, a page of them. */
    readonly search: (
      name: string,
      paging?: PageParams,
      filters?: ProductFilters
    ) => Effect.Effect<ProductPage, TawreedClientError>
  }
  /**
   * The marketplace (SPEC.md §7 Guest and catalog invitations): the guest catalogue, which needs no sign-in; an
   * organisation's KYC standing, which the platform's operators set; catalog invitations.
   */
  readonly marketplace: {
    /** `GET marketplaceV2/guest/catalogs/{orgCode}`. */
    readonly guestCatalogs: (orgCode: string) => Effect.Effect<GuestCatalogList, TawreedClientError>
    /** `POST marketplaceV2/guest/category-tree`: the chosen categories named, and those under the last. */
    readonly guestCategoryTree: (
      catalogId: string,
      selectedTree?: ReadonlyArray<string>
    ) => Effect.Effect<GuestCategoryTree, TawreedClientError>
    /** `POST marketplaceV2/guest/products`: a page (from 0) of 10, 20 or 30 public products. */
    readonly guestProducts: (
      catalogId: string,
      selectedTree?: ReadonlyArray<string>,
      paging?: PageParams
    ) => Effect.Effect<GuestProductPage, TawreedClientError>
    /** `GET marketplace/kyc`: the signed-in user's organisation's KYC standing. */
    readonly standing: () => Effect.Effect<KycStatus, TawreedClientError>
    /** `PUT marketplace/kyc/{orgCode}`: a platform operator marks an organisation's KYC verified, or not. */
    readonly setKyc: (orgCode: string, verified: boolean) => Effect.Effect<KycStatus, TawreedClientError>
    /** `POST catalogs/invitations`: shares a catalog with an organisation by a mailed link. */
    readonly invite: (
      catalogId: string,
      orgCode: string,
      email: string,
      idempotencyKey?: string
    ) => Effect.Effect<CatalogInvitation, TawreedClientError>
    /** `GET catalogs/pending`: the catalog invitations waiting for the organisation. */
    readonly pending: (paging?: PageParams) => Effect.Effect<PendingCatalogs, TawreedClientError>
    /** `GET catalogs/resolve_token/{token}`. */
    readonly resolveToken: (token: string) => Effect.Effect<CatalogInvitation, TawreedClientError>
    /** `POST catalogs/accept/{catalogId}/{token}`. */
    readonly accept: (catalogId: string, token: string) => Effect.Effect<CatalogInvitation, TawreedClientError>
  }
  /** Each user's carts (`carts/...`: SPEC.md §2 Cart sidebars, §4 Carts). */
  readonly carts: {
    /** `GET carts`: which carts are offered and how many products each holds. */
    readonly summary: () => Effect.Effect<CartSummary, TawreedClientError>
    readonly view: (kind: CartKind) => Effect.Effect<CartView, TawreedClientError>
    /** `POST carts/{kind}/items`: a product at a quantity (at least the line's minimum). */
    readonly add: (kind: CartKind, productId: string, quantity?: string) => Effect.Effect<CartView, TawreedClientError>
    readonly setQuantity: (
      kind: CartKind,
      productId: string,
      quantity: string
    ) => Effect.Effect<CartView, TawreedClientError>
    readonly remove: (kind: CartKind, productId: string) => Effect.Effect<CartView, TawreedClientError>
    readonly clear: (kind: CartKind) => Effect.Effect<CartView, TawreedClientError>
  }
  /** Contracts (`contracts/...`): framework agreements with vendors. */
  readonly contracts: {
    /** `GET contracts`: one page, its total and counts per status. */
    readonly list: (params?: ContractListParams) => Effect.Effect<ContractPage, TawreedClientError>
    readonly get: (id: string) => Effect.Effect<Contract, TawreedClientError>
    /** Creates a draft; with an idempotency key, a retry answers what the first call made. */
    readonly create: (input: NewContractInput, idempotencyKey?: string) => Effect.Effect<Contract, TawreedClientError>
  }
  readonly workflows: {
    /** `GET workflows`: the workspace's workflows; without a workspace, the organisation's own. */
    readonly list: (
      workspaceId?: string,
      paging?: PageParams
    ) => Effect.Effect<ReadonlyArray<Workflow>, TawreedClientError>
    readonly get: (id: string) => Effect.Effect<Workflow, TawreedClientError>
    /** `PUT workflows`: writes a workflow at the version read (0 for a new one). */
    readonly save: (workflow: Workflow, version: number) => Effect.Effect<Workflow, TawreedClientError>
  }
  /** Vendor onboarding (SPEC.md §7 invites, questionnaires), under the `ven_*` privileges. */
  readonly invites: {
    readonly questionnaires: () => Effect.Effect<QuestionnaireList, TawreedClientError>
    readonly list: (query?: {
      readonly status?: string | undefined
      readonly search?: string | undefined
      readonly page?: number | undefined
      readonly limit?: number | undefined
    }) => Effect.Effect<InvitePage, TawreedClientError>
    readonly get: (id: string) => Effect.Effect<Invite, TawreedClientError>
    /** `POST invites`; with an idempotency key, a retry answers what the first call made. */
    readonly invite: (input: NewInviteInput, idempotencyKey?: string) => Effect.Effect<Invite, TawreedClientError>
    /** `PUT invites/status/{id}`. */
    readonly review: (id: string, input: InviteReviewInput) => Effect.Effect<Invite, TawreedClientError>
    /** `GET invites/withdraw-review-request/{id}`: takes back the review request of an invitation under review. */
    readonly withdrawReview: (id: string, remark?: string) => Effect.Effect<Invite, TawreedClientError>
  }
  readonly notifications: {
    readonly list: (paging?: {
      readonly page?: number | undefined
      readonly limit?: number | undefined
    }) => Effect.Effect<NotificationPage, TawreedClientError>
    readonly countUnread: () => Effect.Effect<number, TawreedClientError>
    readonly get: (id: number) => Effect.Effect<Notification, TawreedClientError>
    readonly read: (id: number) => Effect.Effect<void, TawreedClientError>
    readonly readAll: () => Effect.Effect<void, TawreedClientError>
    readonly delete: (id: number) => Effect.Effect<void, TawreedClientError>
    readonly deleteAll: () => Effect.Effect<void, TawreedClientError>
  }
}

const FailureBody = Schema.Struct({ error: ErrorBody })
const decodeFailureBody = Schema.decodeUnknownEffect(FailureBody)

/** The status given to an answer that is not Tawreed's: the server behind the address is not the API. */
const badGateway = 502

/**
 * Turns whatever a call failed with into one of the two client errors. Every non-2xx answer reaches here as a
 * status error (the client filters statuses before the declared error schemas see them), so its body is read
 * once, here, whatever the status.
 */
const toClientError = (error: unknown, baseUrl: string, language: Locale): Effect.Effect<never, TawreedClientError> => {
  const unexpected = (status: number) =>
    new ApiFailure({ status, code: "E9001", message: messageFor("E9001", language) })
  if (error instanceof HttpClientError.HttpClientError) {
    const reason = error.reason
    switch (reason._tag) {
      case "TransportError":
      case "InvalidUrlError":
        return Effect.fail(new ApiUnreachable({ url: baseUrl, detail: describeCause(reason.cause, error.message) }))
      case "EncodeError":
        return Effect.fail(unexpected(0))
      case "StatusCodeError":
      case "DecodeError":
      case "EmptyBodyError": {
        const response = reason.response
        return response.json.pipe(
          Effect.flatMap(decodeFailureBody),
          Effect.matchEffect({
            onFailure: () => Effect.fail(unexpected(response.status)),
            onSuccess: ({ error: body }) =>
              Effect.fail(new ApiFailure({ status: response.status, code: body.code, message: body.message }))
          })
        )
      }
    }
  }
  return Effect.fail(unexpected(badGateway))
}

/** The innermost reason a request never got an answer (undici nests the socket error as `cause`). */
const describeCause = (cause: unknown, fallback: string): string => {
  let current = cause
  let text = fallback
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = "code" in current && typeof current.code === "string" ? `${current.code}: ` : ""
    text = `${code}${current.message}`
    current = current.cause
  }
  return text
}

/** A client for Tawreed's API, derived from its `HttpApi` declaration and sent through fetch. */
export const make = (options: TawreedClientOptions): Effect.Effect<TawreedClientShape> =>
  Effect.gen(function* () {
    const baseUrl = options.baseUrl.replace(/\/+$/, "")
    const language = options.language ?? defaultLocale
    const timeout = Duration.fromInputUnsafe(options.timeout ?? Duration.seconds(30))
    const token = options.token
    const api = yield* HttpApiClient.make(Api, {
      transformClient: (client) =>
        client.pipe(
          HttpClient.mapRequest((request) => {
            const prepared = request.pipe(
              HttpClientRequest.prependUrl(baseUrl),
              HttpClientRequest.setHeader("language", language),
              HttpClientRequest.acceptJson
            )
            return token === undefined ? prepared : HttpClientRequest.bearerToken(prepared, token)
          }),
          HttpClient.filterStatusOk
        )
    }).pipe(Effect.provide(FetchHttpClient.layer))

    const call = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, TawreedClientError> =>
      effect.pipe(
        Effect.catch((error) => toClientError(error, baseUrl, language)),
        Effect.timeoutOrElse({
          duration: timeout,
          orElse: () =>
            Effect.fail(new ApiUnreachable({ url: baseUrl, detail: `no answer in ${Duration.format(timeout)}` }))
        })
      )

    return {
      baseUrl,
      health: () => call(api.system.health({})),
      login: (input) => call(api.auth.login({ payload: new LoginPayload(input) })),
      logout: () => call(api.auth.logout({})),
      iam: () => call(api.auth.iam({})),
      mfa: {
        requestCode: (email) => call(api.account.requestMfaCode({ payload: new MfaRequestPayload({ email }) })),
        verify: (email, token) => call(api.account.verifyMfa({ payload: new MfaVerifyPayload({ email, token }) }))
      },
      users: {
        list: (query) =>
          call(
            api.users.list({
              query: { page: query?.page, limit: query?.limit, search: query?.search, filter: query?.filter }
            })
          ),
        get: (id) => call(api.users.get({ params: { id } })),
        create: (user, idempotencyKey) =>
          call(api.users.create({ headers: { "idempotency-key": idempotencyKey }, payload: user })),
        bulkCreate: (users, idempotencyKey) =>
          call(
            api.users.bulkCreate({
              headers: { "idempotency-key": idempotencyKey },
              payload: new BulkCreatePayload({ users })
            })
          ),
        setStatus: (id, change) => call(api.users.setStatus({ params: { id }, payload: change })),
        resetPassword: (id) => call(api.users.resetPassword({ params: { id } }))
      },
      roles: {
        list: (paging) =>
          call(
            Effect.map(
              api.roles.list({ query: { page: paging?.page, limit: paging?.limit } }),
              (answer) => answer.roles
            )
          )
      },
      workspaces: {
        list: (query) =>
          call(
            api.workspaces.list({
              query: {
                page: query?.page,
                limit: query?.limit,
                search: query?.search,
                status: query?.status,
                classification: query?.classification
              }
            })
          ),
        get: (id) => call(api.workspaces.get({ params: { id } })),
        create: (workspace, idempotencyKey) =>
          call(api.workspaces.create({ headers: { "idempotency-key": idempotencyKey }, payload: workspace })),
        update: (change) => call(api.workspaces.update({ payload: new WorkspaceUpdatePayload({ payload: change }) })),
        submit: (id, version, idempotencyKey) =>
          call(
            api.workspaces.submit({
              headers: { "idempotency-key": idempotencyKey },
              payload: new WorkspaceSubmitPayload(version === undefined ? { id } : { id, version })
            })
          ),
        review: (id, review) => call(api.workspaces.review({ params: { id }, payload: review })),
        activate: (id) => call(api.workspaces.activate({ params: { id } })),
        deactivate: (id) => call(api.workspaces.deactivate({ params: { id } })),
        setDefault: (id) => call(api.workspaces.setDefault({ params: { id } })),
        copy: (id) => call(api.workspaces.copy({ params: { id } })),
        delete: (id) => call(api.workspaces.delete({ params: { id } })),
        count: (getAll) =>
          call(api.workspaces.count({ query: { getAll: getAll === undefined ? undefined : String(getAll) } }))
      },
      budgets: {
        list: (query) =>
          call(
            api.budgets.list({
              query: { workspaceId: query?.workspaceId, status: query?.status, page: query?.page, limit: query?.limit }
            })
          ),
        get: (id) => call(api.budgets.get({ params: { id } })),
        summary: (id) => call(api.budgets.summary({ params: { id } })),
        create: (budget, idempotencyKey) =>
          call(api.budgets.create({ headers: { "idempotency-key": idempotencyKey }, payload: budget })),
        update: (change) => call(api.budgets.update({ payload: change })),
        activate: (id) => call(api.budgets.activate({ params: { id } })),
        deactivate: (id) => call(api.budgets.deactivate({ params: { id } })),
        requestChange: (id, change, idempotencyKey) =>
          call(
            api.budgets.requestChange({
              params: { id },
              headers: { "idempotency-key": idempotencyKey },
              payload: change
            })
          ),
        changes: (id, paging) =>
          call(api.budgets.changes({ params: { id }, query: { page: paging?.page, limit: paging?.limit } })),
        reviewChange: (changeId, review) => call(api.budgets.reviewChange({ params: { changeId }, payload: review })),
        active: (workspaceId, paging) =>
          call(api.budgets.active({ query: { workspaceId, page: paging?.page, limit: paging?.limit } }))
      },
      requests: {
        list: (query) => call(api.requests.list({ query: query ?? {} })),
        listExpense: (query) => call(api.requests.listExpense({ query: query ?? {} })),
        get: (id) => call(api.requests.get({ params: { id } })),
        timeline: (id) => call(api.requests.timeline({ params: { id } })),
        latest: () => call(api.requests.latest({})),
        create: (request, idempotencyKey) =>
          call(api.requests.create({ headers: { "idempotency-key": idempotencyKey }, payload: request })),
        update: (change) => call(api.requests.update({ payload: change })),
        copy: (id, idempotencyKey) =>
          call(api.requests.copy({ params: { id }, headers: { "idempotency-key": idempotencyKey } })),
        submit: (id, command, idempotencyKey) =>
          call(
            api.requests.submit({
              headers: { "idempotency-key": idempotencyKey },
              payload: new RequestTarget({ ...command, id })
            })
          ),
        approve: (id, approval) => call(api.requests.approve({ params: { id }, payload: approval })),
        skip: (id, review) => call(api.requests.skip({ params: { id }, payload: review })),
        reject: (id, review) => call(api.requests.reject({ params: { id }, payload: review })),
        return: (id, review) => call(api.requests.return({ params: { id }, payload: review })),
        returnToDraft: (id, command) => call(api.requests.returnToDraft({ params: { id }, payload: command ?? null })),
        archive: (id, command) => call(api.requests.archive({ payload: new RequestTarget({ ...command, id }) })),
        close: (id, close) => call(api.requests.close({ params: { id }, payload: close })),
        delete: (id) => call(api.requests.delete({ params: { id } })),
        assign: (id, userId) => call(api.requests.assign({ params: { requestId: id, userId } })),
        watcherCandidates: (id) => call(api.requests.watcherCandidates({ params: { id } })),
        updateWatchers: (id, watchers) => call(api.requests.updateWatchers({ params: { id }, payload: watchers })),
        saveColumns: (list, columns) =>
          call(
            Effect.map(
              api.requests.saveColumns({ params: { list }, payload: new RequestColumns({ columns }) }),
              (answer) => answer.columns
            )
          ),
        remind: (id) => call(Effect.asVoid(api.requests.remind({ params: { id } })))
      },
      orders: {
        list: (query) => call(api.orders.list({ query: query ?? {} })),
        get: (id) => call(api.orders.get({ params: { id } })),
        timeline: (id) => call(api.orders.timeline({ params: { id } })),
        create: (order, idempotencyKey) =>
          call(api.orders.create({ headers: { "idempotency-key": idempotencyKey }, payload: order })),
        createFromRequest: (requestId, order, idempotencyKey) =>
          call(
            api.orders.createFromRequest({
              params: { requestId },
              headers: { "idempotency-key": idempotencyKey },
              payload: order
            })
          ),
        createFromCart: (vendorId, order, idempotencyKey) =>
          call(
            api.orders.createFromCart({
              params: { vendorId },
              headers: { "idempotency-key": idempotencyKey },
              payload: order
            })
          ),
        update: (change) => call(api.orders.update({ payload: change })),
        submit: (id, command, idempotencyKey) =>
          call(
            api.orders.submit({
              params: { id },
              headers: { "idempotency-key": idempotencyKey },
              payload: command ?? null
            })
          ),
        approve: (id, approval) => call(api.orders.approve({ params: { id }, payload: approval })),
        reject: (id, review) => call(api.orders.reject({ params: { id }, payload: review })),
        return: (id, review) => call(api.orders.return({ params: { id }, payload: review })),
        submitToVendor: (id, command) => call(api.orders.submitToVendor({ params: { id }, payload: command ?? null })),
        cancel: (id, cancel) => call(api.orders.cancel({ params: { id }, payload: cancel })),
        close: (id, command) => call(api.orders.close({ params: { id }, payload: command ?? null })),
        reopen: (id, command) => call(api.orders.reopen({ params: { id }, payload: command ?? null })),
        amend: (id, amendment) => call(api.orders.amend({ params: { id }, payload: amendment })),
        saveColumns: (columns) =>
          call(
            Effect.map(api.orders.saveColumns({ payload: new OrderColumns({ columns }) }), (answer) => answer.columns)
          ),
        remind: (id) => call(Effect.asVoid(api.orders.remind({ params: { id } })))
      },
      orderVendor: {
        list: (query) => call(api.orderVendor.list({ query: query ?? {} })),
        get: (id) => call(api.orderVendor.get({ params: { id } })),
        accept: (id, answer) => call(api.orderVendor.accept({ params: { id }, payload: answer ?? null })),
        reject: (id, answer) => call(api.orderVendor.reject({ params: { id }, payload: answer }))
      },
      vendors: {
        list: (query) => call(api.vendors.list({ query: query ?? {} })),
        get: (id) => call(api.vendors.get({ params: { id } })),
        create: (vendor, idempotencyKey) =>
          call(api.vendors.create({ headers: { "idempotency-key": idempotencyKey }, payload: vendor })),
        update: (change) => call(api.vendors.update({ payload: change })),
        setStatus: (id, status) => call(api.vendors.setStatus({ params: { id }, payload: status })),
        hold: (id, hold) => call(api.vendors.hold({ params: { id }, payload: hold })),
        release: (id) => call(api.vendors.release({ params: { id }, payload: null })),
        report: (paging) => call(api.vendors.report({ query: paging ?? {} })),
        history: (id) => call(api.vendors.history({ params: { id } })),
        saveColumns: (columns) => call(api.vendors.saveColumns({ payload: new VendorColumnsInput({ columns }) })),
        changes: (vendorId) => call(api.vendorChanges.changes({ params: { id: vendorId } })),
        reviewChange: (changeId, review) =>
          call(api.vendorChanges.reviewChange({ params: { id: changeId }, payload: review })),
        withdrawChange: (changeId, input) =>
          call(api.vendorChanges.withdrawChange({ params: { id: changeId }, payload: input }))
      },
      catalog: {
        createProduct: (product, idempotencyKey) =>
          call(api.catalog.createProduct({ headers: { "idempotency-key": idempotencyKey }, payload: product })),
        search: (name, paging, filters) =>
          call(
            api.catalog.searchByOrg({
              query: {
                name,
                page: paging?.page,
                limit: paging?.limit,
                catalogsGroup: undefined,
                catalogId: undefined
              },
              payload: filters ?? null
            })
          )
      },
      marketplace: {
        guestCatalogs: (orgCode) => call(api.guest.catalogs({ params: { orgCode } })),
        guestCategoryTree: (catalogId, selectedTree) =>
          call(
            api.guest.categoryTree({
              payload: new GuestTreeInput({ catalogId, ...(selectedTree ? { selectedTree: [...selectedTree] } : {}) })
            })
          ),
        guestProducts: (catalogId, selectedTree, paging) =>
          call(
            api.guest.products({
              payload: new GuestProductsInput({
                catalogId,
                ...(selectedTree ? { selectedTree: [...selectedTree] } : {}),
                ...(paging?.page === undefined ? {} : { page: paging.page }),
                ...(paging?.limit === undefined ? {} : { limit: paging.limit })
              })
            })
          ),
        standing: () => call(api.marketplace.standing({})),
        setKyc: (orgCode, verified) =>
          call(api.marketplace.setKyc({ params: { orgCode }, payload: new KycInput({ verified }) })),
        invite: (catalogId, orgCode, email, idempotencyKey) =>
          call(
            api.catalogInvites.invite({
              headers: { "idempotency-key": idempotencyKey },
              payload: new NewCatalogInvitationInput({ catalogId, orgCode, email })
            })
          ),
        pending: (paging) => call(api.catalogInvites.pending({ query: paging ?? {} })),
        resolveToken: (token) => call(api.catalogInvites.resolveToken({ params: { token } })),
        accept: (catalogId, token) => call(api.catalogInvites.accept({ params: { catalogId, token } }))
      },
      carts: {
        summary: () => call(api.carts.summary({})),
        view: (kind) => call(api.carts.view({ params: { kind } })),
        add: (kind, productId, quantity) =>
          call(
            api.carts.add({
              params: { kind },
              payload: new AddToCartInput(quantity === undefined ? { productId } : { productId, quantity })
            })
          ),
        setQuantity: (kind, productId, quantity) =>
          call(api.carts.setQuantity({ params: { kind, productId }, payload: new CartQuantityInput({ quantity }) })),
        remove: (kind, productId) => call(api.carts.remove({ params: { kind, productId } })),
        clear: (kind) => call(api.carts.clear({ params: { kind } }))
      },
      contracts: {
        list: (params) =>
          call(
            api.contracts.list({
              query: {
                page: params?.page,
                limit: params?.limit,
                status: params?.statuses?.join(","),
                vendorId: params?.vendorId,
                search: params?.search
              }
            })
          ),
        get: (id) => call(api.contracts.get({ params: { id } })),
        create: (input, idempotencyKey) =>
          call(api.contracts.create({ headers: { "idempotency-key": idempotencyKey }, payload: input }))
      },
      workflows: {
        list: (workspaceId, paging) =>
          call(api.approvals.workflows({ query: { workspaceId, page: paging?.page, limit: paging?.limit } })),
        get: (id) => call(api.approvals.workflow({ params: { id } })),
        save: (workflow, version) =>
          call(api.approvals.saveWorkflow({ payload: new WorkflowSave({ workflow, version }) }))
      },
      invites: {
        questionnaires: () => call(api.invites.questionnaires({})),
        list: (query) => call(api.invites.list({ query: query ?? {} })),
        get: (id) => call(api.invites.get({ params: { id } })),
        invite: (input, idempotencyKey) =>
          call(api.invites.invite({ headers: { "idempotency-key": idempotencyKey }, payload: input })),
        review: (id, input) => call(api.invites.review({ params: { id }, payload: input })),
        withdrawReview: (id, remark) =>
          call(api.invites.withdrawReview({ params: { id }, query: remark === undefined ? {} : { remark } }))
      },
      notifications: {
        list: (paging) => call(api.notifications.list({ query: { page: paging?.page, limit: paging?.limit } })),
        countUnread: () => call(api.notifications.countUnRead({})),
        get: (id) => call(api.notifications.get({ params: { id } })),
        read: (id) => call(api.notifications.read({ params: { id } })),
        readAll: () => call(api.notifications.readAll({})),
        delete: (id) => call(api.notifications.delete({ params: { id } })),
        deleteAll: () => call(api.notifications.deleteAll({}))
      }
    } satisfies TawreedClientShape
  }).pipe(
    options.fetch === undefined ? (effect) => effect : Effect.provideService(FetchHttpClient.Fetch, options.fetch)
  )

/** Port for callers that take the client from their context (the CLI's commands, API tests). */
export class TawreedClient extends Context.Service<TawreedClient, TawreedClientShape>()(
  "@tawreed/adapters/http-client/TawreedClient"
) {
  static readonly layer = (options: TawreedClientOptions) => Layer.effect(TawreedClient, make(options))
}
