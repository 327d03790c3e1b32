import { entry, type ModuleCatalogue } from "./CatalogueEntry.ts"

/**
 * What belongs to no one module: the errors of refused input at the edge, paging, conflicts, idempotency keys and
 * the unexpected; refused access in the audit log; the fields and problems every document shares.
 */
export const sharedCatalogue = {
  errors: [
    // The detail is English text from the checks; the Arabic message leaves it out rather than mix languages.
    entry("E2001", "INVALID_INPUT", "Invalid", "The request is not valid: {detail}", "الطلب غير صالح."),
    entry(
      "E2002",
      "MALFORMED_BODY",
      "Invalid",
      "The request body could not be read. Please send valid JSON.",
      "تعذّرت قراءة محتوى الطلب. يرجى إرسال \u2068JSON\u2069 صالح."
    ),
    // The field reads by its name in the reader's language, or by its path where the product gives it none; the
    // filler isolates it, so a path reads left to right inside Arabic.
    entry("E2006", "INVALID_FIELD", "Invalid", "Please check {field}: {problem}.", "يرجى مراجعة {field}: {problem}."),
    entry(
      "E2040",
      "INVALID_ROW",
      "Invalid",
      "Please check row {row}, {field}: {problem}.",
      "يرجى مراجعة الصف {row}، {field}: {problem}."
    ),
    entry(
      "E2007",
      "UNSUPPORTED_TEXT",
      "Invalid",
      "The request contains a character that cannot be stored (a NUL character or an unpaired surrogate).",
      "يحتوي الطلب على حرف لا يمكن حفظه."
    ),
    entry(
      "E2008",
      "VALUE_NOT_STORABLE",
      "Invalid",
      "A value in the request is out of range or not in the expected form.",
      "إحدى القيم في الطلب خارج النطاق المسموح أو بصيغة غير صحيحة."
    ),
    entry(
      "E2009",
      "BODY_TOO_LARGE",
      "Invalid",
      "The request body is larger than {megabytes} MB.",
      "محتوى الطلب أكبر من الحد المسموح ({megabytes} ميغابايت)."
    ),
    entry(
      "E2012",
      "UNSUPPORTED_MEDIA_TYPE",
      "Invalid",
      "Please send the request body as JSON (Content-Type: application/json).",
      "يرجى إرسال محتوى الطلب بصيغة \u2068JSON\u2069."
    ),
    entry(
      "E2013",
      "METHOD_NOT_ALLOWED",
      "Invalid",
      "This request method is not allowed.",
      "طريقة الطلب هذه غير مسموح بها."
    ),
    entry("E2014", "HEADERS_TOO_LARGE", "Invalid", "The request headers are too large.", "ترويسات الطلب كبيرة جدًا."),
    entry(
      "E2003",
      "INVALID_PAGE_SIZE",
      "Invalid",
      "Page size must be one of {allowed}.",
      "يجب أن يكون حجم الصفحة أحد القيم: {allowed}."
    ),
    entry(
      "E2004",
      "INVALID_PAGE",
      "Invalid",
      "The page number must be a whole number from 0.",
      "يجب أن يكون رقم الصفحة عددًا صحيحًا يبدأ من 0."
    ),
    entry(
      "E3004",
      "CROSS_SITE_REQUEST",
      "Forbidden",
      "This request did not come from the Tawreed site and was refused.",
      "رُفض هذا الطلب لأنه لم يصدر من موقع توريد."
    ),
    entry(
      "E4001",
      "NOT_FOUND",
      "NotFound",
      "The page or resource you asked for does not exist.",
      "الصفحة أو المورد المطلوب غير موجود."
    ),
    entry(
      "E5001",
      "VERSION_CONFLICT",
      "Conflict",
      "This record was changed by someone else. Please reload it and try again.",
      "عدّل شخص آخر هذا السجل. يرجى إعادة تحميله والمحاولة مرة أخرى."
    ),
    entry(
      "E5003",
      "CONCURRENT_CHANGE",
      "Conflict",
      "Others are changing this at the same moment, so nothing was saved. Please try again.",
      "يعدّل آخرون هذا في اللحظة نفسها، لذا لم يُحفظ شيء. يرجى المحاولة مرة أخرى."
    ),
    entry(
      "E6001",
      "TRANSITION_NOT_ALLOWED",
      "Rule",
      "This {entity} cannot move from {from} to {to}.",
      "لا يمكن نقل {entity} من الحالة {from} إلى الحالة {to}."
    ),
    entry(
      "E5011",
      "IDEMPOTENCY_KEY_IN_PROGRESS",
      "Conflict",
      "A request with this Idempotency-Key is still being processed. Please try again in a moment.",
      "ما زال طلب بمفتاح \u2068Idempotency-Key\u2069 نفسه قيد المعالجة. يرجى المحاولة بعد قليل."
    ),
    entry(
      "E6062",
      "IDEMPOTENCY_KEY_REUSED",
      "Rule",
      "This Idempotency-Key was already used for a different request.",
      "سبق استخدام مفتاح \u2068Idempotency-Key\u2069 هذا لطلب مختلف."
    ),
    entry(
      "E9001",
      "UNEXPECTED",
      "Unavailable",
      "An unexpected error occurred. Please try again later.",
      "حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى لاحقًا."
    ),
    entry(
      "E9002",
      "PROCESSING_FAILED",
      "Unavailable",
      "Error Occurred Processing request. Please try again.",
      "حدث خطأ أثناء معالجة الطلب. يرجى المحاولة مرة أخرى."
    ),
    entry(
      "E9004",
      "API_UNREACHABLE",
      "Unavailable",
      "Cannot reach the Tawreed API at {url} ({detail}). Check the address and that the server is running.",
      "تعذّر الوصول إلى واجهة توريد على {url} ({detail}). تحقّق من العنوان ومن أن الخادم يعمل."
    )
  ],
  codes: {
    TransitionNotAllowed: "E6001",
    InvalidInput: "E2001",
    InvalidPageSize: "E2003",
    InvalidPage: "E2004",
    VersionConflict: "E5001",
    TransactionConflict: "E5003",
    CrossSiteRequest: "E3004",
    MalformedBody: "E2002",
    InvalidField: "E2006",
    InvalidRow: "E2040",
    UnsupportedText: "E2007",
    ValueNotStorable: "E2008",
    BodyTooLarge: "E2009",
    UnsupportedMediaType: "E2012",
    MethodNotAllowed: "E2013",
    HeadersTooLarge: "E2014",
    RouteNotFound: "E4001",
    Unexpected: "E9001",
    Unavailable: "E9002",
    ApiUnreachable: "E9004",
    IdempotencyKeyInProgress: "E5011",
    IdempotencyKeyReused: "E6062"
  },
  auditEvents: ["access.refused"],
  fields: {
    name: { en: "Name", ar: "الاسم" },
    nameEn: { en: "English name", ar: "الاسم بالإنجليزية" },
    nameAr: { en: "Arabic name", ar: "الاسم بالعربية" },
    code: { en: "Code", ar: "الرمز" },
    description: { en: "Description", ar: "الوصف" },
    classification: { en: "Classification", ar: "التصنيف" },
    startDate: { en: "Start date", ar: "تاريخ البداية" },
    endDate: { en: "End date", ar: "تاريخ النهاية" },
    currency: { en: "Currency", ar: "العملة" },
    workspaceId: { en: "Workspace", ar: "مساحة العمل" },
    action: { en: "Action", ar: "الإجراء" },
    value: { en: "Value", ar: "القيمة" },
    remark: { en: "Remark", ar: "الملاحظة" },
    status: { en: "Status", ar: "الحالة" },
    requesterId: { en: "Requester", ar: "مقدّم الطلب" },
    columns: { en: "Columns", ar: "الأعمدة" },
    filter: { en: "Filter", ar: "عامل التصفية" },
    module: { en: "Module", ar: "الوحدة" },
    pageSize: { en: "Page size", ar: "حجم الصفحة" },
    page: { en: "Page", ar: "الصفحة" }
  },
  problems: {
    required: { en: "this field is required", ar: "هذا الحقل مطلوب" },
    format: { en: "the value is not in the expected form", ar: "القيمة ليست بالصيغة المطلوبة" },
    duplicate: { en: "the same value appears twice", ar: "القيمة نفسها مكررة" },
    endBeforeStart: {
      en: "the end date must not be before the start date",
      ar: "يجب ألا يسبق تاريخ النهاية تاريخ البداية"
    },
    outOfRange: { en: "the value is outside the allowed range", ar: "القيمة خارج النطاق المسموح" },
    notOneOf: { en: "the value is not one of the choices offered", ar: "القيمة ليست من الخيارات المتاحة" },
    notActiveUser: {
      en: "this person is not an active user of the organisation",
      ar: "هذا الشخص ليس مستخدمًا نشطًا في المنظمة"
    },
    atLeastOne: { en: "add at least one", ar: "أضف عنصرًا واحدًا على الأقل" },
    tooMany: { en: "there are more entries than allowed", ar: "عدد العناصر أكثر من المسموح" },
    tooLong: { en: "the value is longer than allowed", ar: "القيمة أطول من المسموح" },
    bothLanguages: { en: "give both an English and an Arabic text", ar: "أدخل نصًا بالإنجليزية وآخر بالعربية" },
    mustBePositive: { en: "the amount must be more than 0", ar: "يجب أن يكون المبلغ أكبر من صفر" }
  }
} as const satisfies ModuleCatalogue
