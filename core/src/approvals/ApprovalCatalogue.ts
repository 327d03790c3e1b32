import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** The approval engine and its workflows: the module's errors in the shared catalogue. */
export const approvalCatalogue = {
  errors: [
    entry("E4020", "APPROVAL_NOT_FOUND", "NotFound", "Approval not found.", "الاعتماد غير موجود."),
    entry(
      "E6070",
      "APPROVAL_NOT_PENDING",
      "Rule",
      "This document is not waiting for approval.",
      "هذا المستند لا ينتظر الاعتماد."
    ),
    entry(
      "E3010",
      "NOT_AN_APPROVER",
      "Forbidden",
      "You are not an approver of level {level} of this document.",
      "لست من معتمدي المستوى {level} لهذا المستند."
    ),
    entry(
      "E6071",
      "ALREADY_APPROVED_LEVEL",
      "Rule",
      "You have already approved level {level} of this document; another approver must approve this level.",
      "لقد اعتمدت المستوى {level} من هذا المستند؛ يجب أن يعتمد هذا المستوى معتمد آخر."
    ),
    entry(
      "E3011",
      "SUPER_APPROVER_REQUIRED",
      "Forbidden",
      "Only a super approver can do this.",
      "لا يمكن القيام بذلك إلا لمعتمد أعلى."
    ),
    entry(
      "E2020",
      "INVALID_WORKFLOW",
      "Invalid",
      "The workflow is not valid: {detail}.",
      "سير الاعتماد غير صالح: {detail}."
    ),
    entry("E4029", "WORKFLOW_NOT_FOUND", "NotFound", "Workflow not found.", "سير الاعتماد غير موجود."),
    entry(
      "E2022",
      "LEVEL_WITHOUT_APPROVER",
      "Invalid",
      "Level {level} ({name}) of the workflow has no active approver other than the requester.",
      "لا يوجد في المستوى {level} ({name}) من مسار الاعتماد معتمد نشط غير مقدّم الطلب."
    )
  ],
  codes: {
    ApprovalNotFound: "E4020",
    ApprovalNotPending: "E6070",
    NotAnApprover: "E3010",
    AlreadyApprovedLevel: "E6071",
    SuperApproverRequired: "E3011",
    InvalidWorkflow: "E2020",
    LevelWithoutApprover: "E2022",
    WorkflowNotFound: "E4029"
  },
  auditEvents: ["approval.status_changed", "workflow.saved"],
  fields: {
    levels: { en: "Approval levels", ar: "مستويات الاعتماد" }
  }
} as const satisfies ModuleCatalogue
