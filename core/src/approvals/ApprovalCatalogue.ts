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
    // Like E2006, by field and problem codes on the error, with the level they concern.
    entry(
      "E2020",
      "INVALID_WORKFLOW",
      "Invalid",
      "Please check level {level} of the workflow, {field}: {problem}.",
      "يرجى مراجعة المستوى {level} من مسار الاعتماد، {field}: {problem}."
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
    levels: { en: "Approval levels", ar: "مستويات الاعتماد" },
    approvers: { en: "Approvers", ar: "المعتمدون" },
    userId: { en: "User", ar: "المستخدم" },
    roleCode: { en: "Role", ar: "الدور" },
    minValue: { en: "From value", ar: "من قيمة" },
    maxValue: { en: "Below value", ar: "أقل من قيمة" }
  },
  problems: {
    notInOrder: {
      en: "the levels must be numbered 1, 2, 3 and so on, in order",
      ar: "يجب ترقيم المستويات 1 ثم 2 ثم 3 وهكذا بالترتيب"
    },
    notAnAmount: { en: "the value is not an amount of 0 or more", ar: "القيمة ليست مبلغًا يساوي صفرًا أو أكثر" },
    notAboveMinimum: {
      en: "the upper value must be above the lower value",
      ar: "يجب أن تكون القيمة العليا أكبر من القيمة الدنيا"
    }
  }
} as const satisfies ModuleCatalogue
