import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"
import { requestAuditEvents } from "./RequestEvents.ts"
import { requestFieldLabels, requestFieldProblems } from "./RequestFields.ts"

/**
 * The requests module's errors (E2100–E2139 input, E4100–E4119 not found, E5100–E5109 conflicts, E6100–E6139
 * rules), each with its message in English and Arabic, its audit events, and the fields and problems its refusals
 * name. `shared/ModuleCatalogues.ts` lists it.
 */
export const requestCatalogue = {
  errors: [
    entry(
      "E2100",
      "REQUEST_CURSOR_INVALID",
      "Invalid",
      "This position in the list is no longer valid. Please start again from the first page.",
      "لم يعد هذا الموضع في القائمة صالحًا. يرجى البدء من الصفحة الأولى."
    ),
    entry("E4100", "REQUEST_NOT_FOUND", "NotFound", "Request not found.", "الطلب غير موجود."),
    entry(
      "E6100",
      "REQUEST_ACTION_NOT_ALLOWED",
      "Rule",
      "A request that is {status} cannot be changed this way ({action}).",
      "لا يمكن تنفيذ هذا الإجراء ({action}) على طلب حالته {status}."
    ),
    entry(
      "E6101",
      "REQUEST_TYPE_NOT_ALLOWED",
      "Rule",
      "Your organisation does not raise {typeEn} requests.",
      "لا تتيح منظمتك رفع طلبات {typeAr}."
    ),
    entry(
      "E6102",
      "REQUEST_BUDGET_REQUIRED",
      "Rule",
      "This workspace has a budget in force: please choose the budget line this request is charged to.",
      "لمساحة العمل هذه ميزانية سارية: يرجى اختيار بند الميزانية الذي يُحتسب عليه هذا الطلب."
    ),
    entry(
      "E6103",
      "REQUEST_BUDGET_NOT_IN_FORCE",
      "Rule",
      "The budget chosen is not in force in this request's workspace. Please choose a line of its current budget.",
      "الميزانية المختارة ليست سارية في مساحة العمل الخاصة بهذا الطلب. يرجى اختيار بند من ميزانيتها الحالية."
    ),
    entry(
      "E6104",
      "REQUEST_WORKSPACE_NOT_ACTIVE",
      "Rule",
      "Requests can be raised only in an active workspace.",
      "لا يمكن رفع الطلبات إلا في مساحة عمل نشطة."
    )
  ],
  codes: {
    RequestCursorInvalid: "E2100",
    RequestNotFound: "E4100",
    RequestActionNotAllowed: "E6100",
    RequestTypeNotAllowed: "E6101",
    RequestBudgetRequired: "E6102",
    RequestBudgetNotInForce: "E6103",
    RequestWorkspaceNotActive: "E6104"
  },
  auditEvents: requestAuditEvents,
  fields: requestFieldLabels,
  problems: requestFieldProblems
} as const satisfies ModuleCatalogue
