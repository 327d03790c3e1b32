import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** Budgets, their changes and the budget ledger: the module's errors in the shared catalogue. */
export const budgetCatalogue = {
  errors: [
    entry("E4023", "BUDGET_NOT_FOUND", "NotFound", "Budget not found.", "الميزانية غير موجودة."),
    entry(
      "E4024",
      "BUDGET_LINE_NOT_FOUND",
      "NotFound",
      "Budget line '{line}' not found.",
      "بند الميزانية '{line}' غير موجود."
    ),
    entry(
      "E6073",
      "BUDGET_EXCEEDED",
      "Rule",
      "This exceeds the budget for {line}: the limit is {limit} {currency} and it would be exceeded by {excess} {currency}.",
      "هذا يتجاوز ميزانية {line}: الحد {limit} {currency} وسيتم تجاوزه بمقدار {excess} {currency}."
    ),
    entry(
      "E2021",
      "BUDGET_PERIOD_INVALID",
      "Invalid",
      "The budget period is not valid: {problem}.",
      "فترة الميزانية غير صالحة: {problem}."
    ),
    entry("E4025", "BUDGET_CHANGE_NOT_FOUND", "NotFound", "Budget change not found.", "تعديل الميزانية غير موجود."),
    entry(
      "E6074",
      "BUDGET_ACTION_NOT_ALLOWED",
      "Rule",
      "A budget that is {status} cannot be changed this way ({action}).",
      "لا يمكن تنفيذ هذا الإجراء ({action}) على ميزانية حالتها {status}."
    ),
    entry(
      "E6075",
      "WORKSPACE_BUDGET_NOT_ALLOWED",
      "Rule",
      "Your organisation's plan does not include workspace budgets.",
      "خطة منظمتك لا تشمل ميزانيات مساحات العمل."
    )
  ],
  codes: {
    BudgetNotFound: "E4023",
    BudgetLineNotFound: "E4024",
    BudgetExceeded: "E6073",
    BudgetPeriodInvalid: "E2021",
    BudgetChangeNotFound: "E4025",
    BudgetActionNotAllowed: "E6074",
    WorkspaceBudgetNotAllowed: "E6075"
  },
  auditEvents: [
    "budget.created",
    "budget.updated",
    "budget.status_changed",
    "budget.change_requested",
    "budget.change_decided"
  ],
  fields: {
    policy: { en: "When exceeded", ar: "عند التجاوز" },
    lines: { en: "Lines", ar: "البنود" },
    key: { en: "Expense account or category", ar: "حساب المصروف أو الفئة" },
    label: { en: "Label", ar: "التسمية" },
    limit: { en: "Limit", ar: "الحد" },
    delta: { en: "Change", ar: "التغيير" },
    amount: { en: "Amount", ar: "المبلغ" },
    to: { en: "Destination", ar: "الوجهة" }
  },
  problems: {
    notCalendarDays: {
      en: "the start and end must be calendar days",
      ar: "يجب أن يكون تاريخا البداية والنهاية أيامًا تقويمية"
    },
    overlapsAnother: {
      en: "another budget of this workspace covers some of these days",
      ar: "ميزانية أخرى لمساحة العمل هذه تغطي بعض هذه الأيام"
    },
    mustNotBeZero: { en: "the change must not be 0", ar: "يجب ألا يكون التغيير صفرًا" },
    periodNeedsUpdate: {
      en: "only a budget update changes its name or period",
      ar: "لا يتغير اسم الميزانية أو فترتها إلا بتحديث الميزانية"
    },
    notExistingLine: {
      en: "an internal adjustment moves limit only between the budget's existing lines",
      ar: "التعديل الداخلي ينقل الحد بين بنود الميزانية القائمة فقط"
    },
    mustIncrease: {
      en: "a request for budget limit asks for more, not less",
      ar: "طلب زيادة حد الميزانية يطلب مبلغًا أكبر لا أقل"
    },
    unbalanced: {
      en: "an internal adjustment takes from some lines exactly what it gives to others",
      ar: "التعديل الداخلي يأخذ من بعض البنود قدر ما يعطي لغيرها تمامًا"
    },
    holdsDocuments: {
      en: "a line that holds documents stays in the budget",
      ar: "البند الذي تحتسب عليه مستندات يبقى في الميزانية"
    },
    // The number is maxItems.budgetLines (Limits.ts); a test holds the two together.
    tooManyLines: { en: "a budget holds at most 500 lines", ar: "تتسع الميزانية لـ 500 بند كحد أقصى" },
    cannotLowerNewLine: {
      en: "a line that does not exist yet cannot have its limit lowered",
      ar: "لا يمكن خفض حد بند غير موجود بعد"
    },
    samePlace: { en: "a move goes from one place to another", ar: "النقل يكون من موضع إلى موضع آخر" },
    moreThanHeld: {
      en: "the document holds less than this on the line",
      ar: "ما يحتسبه المستند على هذا البند أقل من هذا المبلغ"
    }
  }
} as const satisfies ModuleCatalogue
