import { Effect } from "effect"
import type { Budget } from "@tawreed/core/budgets"
import { commandAllowed, type Request, type Requests } from "@tawreed/core/requests"
import type { Workspace } from "@tawreed/core/workspaces"
import { cartItemRows } from "./cartRequest.ts"
import { goTo, runPage, type PageAstro, type PageRun } from "./page.ts"
import {
  emptyItemRow,
  expenseUpdateFromValues,
  expenseValuesFromForm,
  expenseValuesOf,
  infoUpdateFromValues,
  infoValuesFromForm,
  infoValuesOf,
  itemIntentOf,
  itemsUpdateFromValues,
  itemsValuesFromForm,
  itemsValuesOf,
  newExpenseFromValues,
  newRequestFromItems,
  type ExpenseFormValues,
  type InfoFormValues,
  type ItemsFormValues
} from "./requestForms.ts"
import type { AttachmentFile } from "../components/attachments/attachments.ts"
import {
  createRouteOf,
  creatableKindOf,
  creationRefusal,
  editPathOf,
  infoPathOf,
  raisingWorkspaces,
  requestFiles,
  reviewPathOf,
  successPathOf,
  toastOf,
  withRequests,
  type CreatableKind
} from "./requestPages.ts"

/**
 * The steps of raising a request (SPEC.md §2 create routes): each page's read and its form's write, so that the
 * pages of the kinds that share a step stay a few lines each. Every step posts to itself and goes on to the next
 * with the outcome's toast (post, redirect, get); a step opened with `?id=` works on that draft.
 */

/** The page's draft, from `?id=`: none for a new request. */
const draftId = (astro: PageAstro) => astro.url.searchParams.get("id")?.trim() ?? ""

/** The request of a step, and whether it may still be changed there (a draft, or one returned for its edit). */
const editable = (request: Request) => commandAllowed("update", request.status)

/** What a step page renders beside the page run. */
interface StepPage<V> {
  readonly run: PageRun<StepData>
  readonly kind: CreatableKind
  readonly values: V
  /** Why the page refuses the step (its kind not raised here, the request no longer a draft), if it does. */
  readonly closed: string | undefined
}

/** What the steps read. */
export interface StepData {
  readonly request: Request | undefined
  readonly workspaces: ReadonlyArray<Workspace>
  readonly budgets: ReadonlyArray<Budget>
  /** The request's files, for the steps that show them. */
  readonly files: ReadonlyArray<AttachmentFile>
}

/** The currency a step's lines are priced in: the request's, else the chosen workspace's, else the first one's. */
export const stepCurrency = (data: StepData | undefined, workspaceId: string): string => {
  const workspaces = data?.workspaces ?? []
  const chosen = workspaces.find((w) => w.id === (data?.request?.workspaceId ?? workspaceId))
  return data?.request?.currency ?? chosen?.currency ?? workspaces[0]?.currency ?? "SAR"
}

/** The budgets in force a request may be charged to: of its workspace, or of every workspace on a new form. */
const budgetsFor = (actor: Parameters<typeof raisingWorkspaces>[0], workspaceId?: string) =>
  withRequests((r) => r.activeBudgets(actor, workspaceId)).pipe(Effect.orElseSucceed((): ReadonlyArray<Budget> => []))

/** Refuses a kind the CREATE menu does not offer the actor, as 403 with the reason (see `creationRefusal`). */
const closeRefused = (astro: PageAstro, refused: boolean) => {
  if (refused) astro.response.status = 403
}

/**
 * The items step of a product request, an RFP or an RFC (`/requests/create/product-request`, `proposal-request`,
 * `contract-request`): its workspace, title and manual items. A new draft is created (`POST request`, keyed by the
 * form's idempotency key) and the details step follows; with `?id=` the draft's items are saved instead.
 */
export const runItemsStep = async (
  astro: PageAstro,
  kind: "product" | "proposal" | "contract"
): Promise<Response | StepPage<ItemsFormValues>> => {
  const { locale, t, settings, actor } = astro.locals
  const id = draftId(astro)
  const refusal = actor === undefined ? undefined : creationRefusal(actor, settings, kind)
  const run = await runPage<StepData>(astro, {
    form: (data, { actor, origin }) => {
      if (refusal !== undefined || itemIntentOf(data).type !== "save") return undefined
      const values = itemsValuesFromForm(data)
      if (id === "") {
        return withRequests((r) =>
          Effect.flatMap(newRequestFromItems(kind, values), (input) => r.create(actor, input, origin))
        ).pipe(Effect.map((made) => goTo(`/${locale}${infoPathOf(made)}`, toastOf("create", "success", locale))))
      }
      return withRequests((r) =>
        Effect.flatMap(itemsUpdateFromValues(id, Number(data.get("version") ?? "0"), values), (input) =>
          r.update(actor, input, origin)
        )
      ).pipe(Effect.map((saved) => goTo(`/${locale}${infoPathOf(saved)}`)))
    },
    load: ({ actor }) =>
      refusal !== undefined
        ? Effect.fail(refusal)
        : Effect.gen(function* () {
            const request = id === "" ? undefined : yield* withRequests((r) => r.get(actor, id))
            return { request, workspaces: yield* raisingWorkspaces(actor), budgets: [], files: [] }
          })
  })
  if (run instanceof Response) return run
  closeRefused(astro, refusal !== undefined)
  const request = run.data?.request
  if (request !== undefined && creatableKindOf(request.requestType) !== kind) {
    return astro.redirect(`/${locale}${editPathOf(request)}`)
  }
  const posted = run.posted
  // Opened from a cart (rfqCart=true): a new request starts with the cart's lines.
  const fromCart =
    posted === undefined && request === undefined && kind === "product" ? await cartItemRows(astro) : undefined
  const values: ItemsFormValues =
    posted !== undefined
      ? itemsValuesFromForm(posted)
      : request !== undefined
        ? itemsValuesOf(request)
        : { workspaceId: run.data?.workspaces[0]?.id ?? "", title: "", items: fromCart ?? [emptyItemRow] }
  const closed = request !== undefined && !editable(request) ? t("requests:create.notEditable") : undefined
  return { run, kind, values, closed }
}

/**
 * The details step of a product-like request (`/requests/create/product-request/request-info?id=`): its due dates,
 * delivery location, classification, budget line (of a budget in force in its workspace) and remarks. Save keeps the
 * draft and shows it; Review goes on to review and submit.
 */
export const runInfoStep = async (astro: PageAstro): Promise<Response | StepPage<InfoFormValues>> => {
  const { locale, t } = astro.locals
  const id = draftId(astro)
  const run = await runPage<StepData>(astro, {
    form: (data, { actor, origin }) => {
      const values = infoValuesFromForm(data)
      const then = String(data.get("then") ?? "")
      return withRequests((r) =>
        Effect.gen(function* () {
          const request = yield* r.get(actor, id)
          const input = yield* infoUpdateFromValues(request, Number(data.get("version") ?? "0"), values)
          const saved = yield* r.update(actor, input, origin)
          return then === "review"
            ? goTo(`/${locale}${reviewPathOf(saved)}`)
            : goTo(`/${locale}/requests/${saved.id}`, toastOf("save", "success", locale))
        })
      )
    },
    load: ({ actor }) =>
      Effect.gen(function* () {
        const request = yield* withRequests((r) => r.get(actor, id))
        const workspaces = yield* raisingWorkspaces(actor)
        return {
          request,
          workspaces,
          budgets: yield* budgetsFor(actor, request.workspaceId),
          files: yield* requestFiles(actor, request.id)
        }
      })
  })
  if (run instanceof Response) return run
  const request = run.data?.request
  if (request === undefined) return { run, kind: "product", values: emptyInfo, closed: undefined }
  if (creatableKindOf(request.requestType) !== "product" && !["proposal", "contract"].includes(request.requestType)) {
    return astro.redirect(`/${locale}${editPathOf(request)}`)
  }
  const values = run.posted !== undefined ? infoValuesFromForm(run.posted) : infoValuesOf(request)
  const closed = editable(request) ? undefined : t("requests:create.notEditable")
  return { run, kind: creatableKindOf(request.requestType), values, closed }
}

const emptyInfo: InfoFormValues = {
  expectedDate: "",
  expiryDate: "",
  enquiryLastDate: "",
  locationId: "",
  classification: "",
  budget: "",
  remarks: "",
  attachments: undefined
}

/**
 * The expense form (`/requests/create/new-expense-request`, `reimbursement-request`): workspace, title, vendor,
 * invoice and payment dates, priority, expense lines, budget line and remarks on one page, then review. With
 * `?id=` it edits that draft.
 */
export const runExpenseStep = async (
  astro: PageAstro,
  kind: "expense" | "reimbursement"
): Promise<Response | StepPage<ExpenseFormValues>> => {
  const { locale, t, settings, actor } = astro.locals
  const id = draftId(astro)
  const refusal = actor === undefined ? undefined : creationRefusal(actor, settings, kind)
  const run = await runPage<StepData>(astro, {
    form: (data, { actor, origin }) => {
      if (refusal !== undefined || itemIntentOf(data).type !== "save") return undefined
      const values = expenseValuesFromForm(data)
      const write: Effect.Effect<Request, unknown, Requests> =
        id === ""
          ? withRequests((r) =>
              Effect.flatMap(newExpenseFromValues(kind, values), (input) => r.create(actor, input, origin))
            )
          : withRequests((r) =>
              Effect.flatMap(expenseUpdateFromValues(id, Number(data.get("version") ?? "0"), values), (input) =>
                r.update(actor, input, origin)
              )
            )
      return write.pipe(
        Effect.map((saved) =>
          goTo(`/${locale}${reviewPathOf(saved)}`, id === "" ? toastOf("create", "success", locale) : undefined)
        )
      )
    },
    load: ({ actor }) =>
      refusal !== undefined
        ? Effect.fail(refusal)
        : Effect.gen(function* () {
            const request = id === "" ? undefined : yield* withRequests((r) => r.get(actor, id))
            const workspaces = yield* raisingWorkspaces(actor)
            return {
              request,
              workspaces,
              budgets: yield* budgetsFor(actor, request?.workspaceId),
              files: request === undefined ? [] : yield* requestFiles(actor, request.id)
            }
          })
  })
  if (run instanceof Response) return run
  closeRefused(astro, refusal !== undefined)
  const request = run.data?.request
  if (request !== undefined && request.requestType !== kind) return astro.redirect(`/${locale}${editPathOf(request)}`)
  const values: ExpenseFormValues =
    run.posted !== undefined
      ? expenseValuesFromForm(run.posted)
      : request !== undefined
        ? expenseValuesOf(request)
        : {
            workspaceId: run.data?.workspaces[0]?.id ?? "",
            title: "",
            vendorName: "",
            invoiceDate: "",
            paymentDueDate: "",
            priority: "LOW",
            budget: "",
            remarks: "",
            items: [emptyItemRow],
            attachments: undefined,
            invoiceAttachments: undefined
          }
  const closed = request !== undefined && !editable(request) ? t("requests:create.notEditable") : undefined
  return { run, kind, values, closed }
}

/**
 * Review and submit (`/requests/create/product-request/review-submit?id=`, `new-expense-request/review?id=`): the
 * draft as it will go, and its submission (`POST request/submit`, keyed by the form's idempotency key), which lands
 * on request-success. A request already sent is not reviewed again: whoever comes back here (the browser's back
 * button from request-success) goes to the action board (SPEC.md §2 browser back handling).
 */
export const runReviewStep = async (
  astro: PageAstro,
  expense: boolean
): Promise<Response | { readonly run: PageRun<StepData & { readonly budget: Budget | undefined }> }> => {
  const { locale } = astro.locals
  const id = draftId(astro)
  const run = await runPage(astro, {
    form: (data, { actor, origin }) =>
      withRequests((r) => r.submit(actor, id, { version: Number(data.get("version") ?? "0") }, origin)).pipe(
        Effect.map((submitted) => goTo(`/${locale}${successPathOf(submitted)}`, toastOf("submit", "success", locale)))
      ),
    load: ({ actor }) =>
      Effect.gen(function* () {
        const request = yield* withRequests((r) => r.get(actor, id))
        const budgets = yield* budgetsFor(actor, request.workspaceId)
        const budget = budgets.find((b) => b.id === request.budget?.budgetId)
        const files = yield* requestFiles(actor, request.id)
        return { request, workspaces: yield* raisingWorkspaces(actor), budgets, budget, files }
      })
  })
  if (run instanceof Response) return run
  const request = run.data?.request
  if (request !== undefined) {
    if (!editable(request) && run.posted === undefined) return astro.redirect(`/${locale}/actionboard`)
    const expected = expense
      ? "/requests/create/new-expense-request/review"
      : "/requests/create/product-request/review-submit"
    if (!reviewPathOf(request).startsWith(expected)) return astro.redirect(`/${locale}${reviewPathOf(request)}`)
  }
  return { run }
}

/** The create page of a kind, after the locale (for links back to a step). */
export const itemsPathOf = (kind: CreatableKind, id: string): string => `${createRouteOf[kind]}?id=${id}`
