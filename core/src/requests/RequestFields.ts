import type { Translated } from "../shared/Locale.ts"

/** The names of a request's fields, as forms and errors show them. */
export const requestFieldLabels = {
  title: { en: "Title", ar: "العنوان" },
  requestType: { en: "Request type", ar: "نوع الطلب" },
  items: { en: "Items", ar: "الأصناف" },
  expenseItems: { en: "Expense items", ar: "بنود المصروفات" },
  quantity: { en: "Quantity", ar: "الكمية" },
  unit: { en: "Unit", ar: "الوحدة" },
  basePrice: { en: "Unit price", ar: "سعر الوحدة" },
  taxes: { en: "Taxes", ar: "الضرائب" },
  locationId: { en: "Location", ar: "الموقع" },
  expectedDate: { en: "Due date", ar: "تاريخ الاستحقاق" },
  enquiryLastDate: { en: "Last date for enquiries", ar: "آخر موعد للاستفسارات" },
  expiryDate: { en: "Response deadline", ar: "الموعد النهائي للردود" },
  acceptToRespondLastDate: { en: "Last date to accept to respond", ar: "آخر موعد لقبول الرد" },
  invoiceDate: { en: "Invoice date", ar: "تاريخ الفاتورة" },
  paymentDueDate: { en: "Payment due date", ar: "تاريخ استحقاق الدفع" },
  vendor: { en: "Vendor", ar: "المورد" },
  invoiceAttachments: { en: "Invoice attachments", ar: "مرفقات الفاتورة" },
  budget: { en: "Budget line", ar: "بند الميزانية" },
  watchers: { en: "Watchers", ar: "المتابعون" },
  nextLevelAssignees: { en: "Next level's approvers", ar: "معتمدو المستوى التالي" },
  sort: { en: "Sort", ar: "الترتيب" },
  search: { en: "Search", ar: "البحث" }
} as const satisfies Readonly<Record<string, Translated>>

/** What can be wrong with a request's fields, in words. */
export const requestFieldProblems = {
  nameInOneLanguage: {
    en: "give the name in English or in Arabic",
    ar: "أدخل الاسم بالإنجليزية أو بالعربية"
  },
  notInWorkspace: {
    en: "it does not belong to this request's workspace",
    ar: "لا ينتمي إلى مساحة العمل الخاصة بهذا الطلب"
  },
  notRequestCurrency: {
    en: "prices must be in the request's currency",
    ar: "يجب أن تكون الأسعار بعملة الطلب"
  },
  taxesExceedPrice: {
    en: "the taxes included in the price come to more than the price",
    ar: "الضرائب المشمولة في السعر تزيد على السعر نفسه"
  },
  rateAbove100: { en: "a rate is at most 100 percent", ar: "لا تزيد النسبة على 100 بالمئة" },
  datesOutOfOrder: {
    en: "the dates must follow one another: accepting to respond, enquiries, responses, then the due date",
    ar: "يجب أن تتتابع التواريخ: قبول الرد، ثم الاستفسارات، ثم الردود، ثم تاريخ الاستحقاق"
  },
  mustBeFuture: { en: "the date must be in the future", ar: "يجب أن يكون التاريخ في المستقبل" },
  notAfterToday: { en: "the date must not be after today", ar: "يجب ألا يكون التاريخ بعد اليوم" },
  beforeInvoiceDate: {
    en: "payment cannot fall due before the invoice date",
    ar: "لا يمكن أن يستحق الدفع قبل تاريخ الفاتورة"
  },
  notForThisType: {
    en: "this request type does not take it",
    ar: "نوع الطلب هذا لا يقبله"
  }
} as const satisfies Readonly<Record<string, Translated>>
