import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** What the audit log records of vendors, each in the transaction of the change it tells of. */
export const vendorAuditEvents = [
  "vendor.created",
  "vendor.updated",
  "vendor.status_changed",
  "vendor.held",
  "vendor.released"
] as const
export type VendorAuditEvent = (typeof vendorAuditEvents)[number]

/**
 * The vendors module's errors (E7001–E7049: input, not found, conflicts and the hold rules later modules call),
 * each with its message in English and Arabic, its audit events and the fields its refusals name.
 * `shared/ModuleCatalogues.ts` lists it.
 */
export const vendorCatalogue = {
  errors: [
    entry(
      "E7001",
      "VENDOR_CR_NUMBER_INVALID",
      "Invalid",
      "The commercial registration (CR) number {crNumber} is not valid: a Saudi CR number has 10 digits.",
      "رقم السجل التجاري {crNumber} غير صالح: يتكون رقم السجل التجاري السعودي من 10 أرقام."
    ),
    entry(
      "E7002",
      "VENDOR_VAT_NUMBER_INVALID",
      "Invalid",
      "The VAT number {vatNumber} is not valid: a Saudi VAT number has 15 digits and starts and ends with 3.",
      "الرقم الضريبي {vatNumber} غير صالح: يتكون الرقم الضريبي السعودي من 15 رقمًا ويبدأ بالرقم 3 وينتهي به."
    ),
    entry(
      "E7003",
      "VENDOR_IBAN_INVALID",
      "Invalid",
      "The IBAN {iban} is not valid: please check it against the vendor's bank letter (a Saudi IBAN has 24 characters and starts with SA).",
      "رقم الآيبان {iban} غير صالح: يرجى مطابقته مع خطاب البنك الخاص بالمورد (يتكون الآيبان السعودي من 24 خانة ويبدأ بـ \u2068SA\u2069)."
    ),
    entry(
      "E7036",
      "VENDOR_CURSOR_INVALID",
      "Invalid",
      "This position in the vendors list is no longer valid. Please start again from the first page.",
      "لم يعد هذا الموضع في قائمة الموردين صالحًا. يرجى البدء من الصفحة الأولى."
    ),
    entry("E7010", "VENDOR_NOT_FOUND", "NotFound", "Vendor not found.", "المورد غير موجود."),
    entry(
      "E7020",
      "VENDOR_CR_NUMBER_TAKEN",
      "Conflict",
      "The vendor {nameEn} already has the CR number {crNumber}.",
      "المورد {nameAr} مسجل مسبقًا برقم السجل التجاري {crNumber}."
    ),
    entry(
      "E7021",
      "VENDOR_VAT_NUMBER_TAKEN",
      "Conflict",
      "The vendor {nameEn} already has the VAT number {vatNumber}.",
      "المورد {nameAr} مسجل مسبقًا بالرقم الضريبي {vatNumber}."
    ),
    entry(
      "E7022",
      "VENDOR_ALREADY_CONNECTED",
      "Conflict",
      "Another of your vendors is already connected to this organisation on Tawreed: an organisation is connected once.",
      "أحد مورديك مرتبط مسبقًا بهذه المنظمة في توريد: ترتبط المنظمة مرة واحدة فقط."
    ),
    entry("E7030", "VENDOR_NOT_ON_HOLD", "Rule", "The vendor {nameEn} is not on hold.", "المورد {nameAr} ليس موقوفًا."),
    entry(
      "E7031",
      "VENDOR_ON_HOLD",
      "Rule",
      "The vendor {nameEn} is on hold for all business: nothing can be sent to it, ordered from it or paid to it until the hold is released.",
      "المورد {nameAr} موقوف عن جميع التعاملات: لا يمكن إرسال طلبات إليه أو الشراء منه أو الدفع له حتى يُرفع الإيقاف."
    ),
    entry(
      "E7032",
      "VENDOR_INVOICES_ON_HOLD",
      "Rule",
      "The invoices of vendor {nameEn} are on hold: no bill can be recorded for it until the hold is released.",
      "فواتير المورد {nameAr} موقوفة: لا يمكن تسجيل أي فاتورة له حتى يُرفع الإيقاف."
    ),
    entry(
      "E7033",
      "VENDOR_PAYMENTS_ON_HOLD",
      "Rule",
      "Payments to vendor {nameEn} are on hold: no payment can be made to it until the hold is released.",
      "المدفوعات للمورد {nameAr} موقوفة: لا يمكن الدفع له حتى يُرفع الإيقاف."
    ),
    entry(
      "E7034",
      "VENDOR_INACTIVE",
      "Rule",
      "The vendor {nameEn} is inactive: activate it before sending it an RFQ or an order.",
      "المورد {nameAr} غير نشط: يرجى تفعيله قبل إرسال طلب عرض سعر أو أمر شراء إليه."
    ),
    entry(
      "E7035",
      "VENDOR_EXPIRED",
      "Rule",
      "The commercial registration or VAT certificate of vendor {nameEn} has expired: record the renewed document before sending it an RFQ or an order.",
      "انتهت صلاحية السجل التجاري أو شهادة ضريبة القيمة المضافة للمورد {nameAr}: يرجى تسجيل الوثيقة المجددة قبل إرسال طلب عرض سعر أو أمر شراء إليه."
    )
  ],
  codes: {
    VendorCrNumberInvalid: "E7001",
    VendorVatNumberInvalid: "E7002",
    VendorIbanInvalid: "E7003",
    VendorNotFound: "E7010",
    VendorCrNumberTaken: "E7020",
    VendorVatNumberTaken: "E7021",
    VendorAlreadyConnected: "E7022",
    VendorNotOnHold: "E7030",
    VendorOnHold: "E7031",
    VendorInvoicesOnHold: "E7032",
    VendorPaymentsOnHold: "E7033",
    VendorInactive: "E7034",
    VendorExpired: "E7035",
    VendorCursorInvalid: "E7036"
  },
  auditEvents: vendorAuditEvents,
  fields: {
    crNumber: { en: "CR number", ar: "رقم السجل التجاري" },
    vatNumber: { en: "VAT number", ar: "الرقم الضريبي" },
    iban: { en: "IBAN", ar: "رقم الآيبان" },
    swift: { en: "SWIFT code", ar: "رمز السويفت" },
    country: { en: "Country", ar: "الدولة" },
    addresses: { en: "Addresses", ar: "العناوين" },
    contacts: { en: "Contacts", ar: "جهات الاتصال" },
    bankAccounts: { en: "Bank accounts", ar: "الحسابات البنكية" },
    categories: { en: "Categories supplied", ar: "الفئات المورّدة" },
    paymentTermsDays: { en: "Payment terms (days)", ar: "شروط الدفع (بالأيام)" },
    documents: { en: "Documents", ar: "الوثائق" },
    expiresOn: { en: "Expiry date", ar: "تاريخ الانتهاء" },
    releaseDate: { en: "Release date", ar: "تاريخ رفع الإيقاف" },
    remarks: { en: "Remarks", ar: "الملاحظات" }
  },
  problems: {
    notADay: { en: "the date is not a day of the calendar", ar: "التاريخ ليس يومًا صحيحًا في التقويم" }
  }
} as const satisfies ModuleCatalogue
