import type { CatalogueEntry, ErrorKind } from "../shared/ErrorCatalogue.ts"

/** A catalogue entry of the requests module, with the tag of the error that answers with it. */
export interface RequestCatalogueEntry extends CatalogueEntry {
  readonly tag: string
}

const entry = (
  tag: string,
  code: string,
  name: string,
  kind: ErrorKind,
  en: string,
  ar: string
): RequestCatalogueEntry => ({ tag, code, name, kind, en, ar })

/**
 * The requests module's error codes (E2100–E2139 input, E4100–E4119 not found, E5100–E5109 conflicts, E6100–E6139
 * rules), each with its message in English and Arabic. The shared catalogue spreads them in.
 */
export const requestCatalogue: ReadonlyArray<RequestCatalogueEntry> = [
  entry(
    "RequestCursorInvalid",
    "E2100",
    "REQUEST_CURSOR_INVALID",
    "Invalid",
    "This position in the list is no longer valid. Please start again from the first page.",
    "لم يعد هذا الموضع في القائمة صالحًا. يرجى البدء من الصفحة الأولى."
  ),
  entry("RequestNotFound", "E4100", "REQUEST_NOT_FOUND", "NotFound", "Request not found.", "الطلب غير موجود."),
  entry(
    "RequestActionNotAllowed",
    "E6100",
    "REQUEST_ACTION_NOT_ALLOWED",
    "Rule",
    "A request that is {status} cannot be changed this way ({action}).",
    "لا يمكن تنفيذ هذا الإجراء ({action}) على طلب حالته {status}."
  ),
  entry(
    "RequestTypeNotAllowed",
    "E6101",
    "REQUEST_TYPE_NOT_ALLOWED",
    "Rule",
    "Your organisation does not raise {typeEn} requests.",
    "لا تتيح منظمتك رفع طلبات {typeAr}."
  ),
  entry(
    "RequestBudgetRequired",
    "E6102",
    "REQUEST_BUDGET_REQUIRED",
    "Rule",
    "This workspace has a budget in force: please choose the budget line this request is charged to.",
    "لمساحة العمل هذه ميزانية سارية: يرجى اختيار بند الميزانية الذي يُحتسب عليه هذا الطلب."
  ),
  entry(
    "RequestBudgetNotInForce",
    "E6103",
    "REQUEST_BUDGET_NOT_IN_FORCE",
    "Rule",
    "The budget chosen is not in force in this request's workspace. Please choose a line of its current budget.",
    "الميزانية المختارة ليست سارية في مساحة العمل الخاصة بهذا الطلب. يرجى اختيار بند من ميزانيتها الحالية."
  ),
  entry(
    "RequestWorkspaceNotActive",
    "E6104",
    "REQUEST_WORKSPACE_NOT_ACTIVE",
    "Rule",
    "Requests can be raised only in an active workspace.",
    "لا يمكن رفع الطلبات إلا في مساحة عمل نشطة."
  )
]
