import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** What the audit log records of catalogs, categories and products, in the transaction of each change. */
export const catalogAuditEvents = [
  "catalog.created",
  "catalog.updated",
  "category.created",
  "category.updated",
  "category.moved",
  "category.deleted",
  "categories.imported",
  "product.created",
  "product.updated",
  "product.copied",
  "product.deleted",
  "products.imported"
] as const
export type CatalogAuditEvent = (typeof catalogAuditEvents)[number]

/**
 * The catalog module's errors (E2300–E2339 input, E4300–E4319 not found, E5300–E5309 conflicts, E6300–E6339
 * rules), in English and Arabic, with its audit events and the fields its refusals name. `shared/ModuleCatalogues.ts`
 * lists it.
 */
export const catalogCatalogue = {
  errors: [
    entry(
      "E2300",
      "SKU_INVALID",
      "Invalid",
      "The SKU {sku} is not valid: use letters, digits, dashes, dots, slashes or underscores, without spaces.",
      "رمز المنتج {sku} غير صالح: استخدم الحروف والأرقام والشرطات والنقاط والشرطات المائلة دون مسافات."
    ),
    entry(
      "E2301",
      "PRODUCT_PRICE_INVALID",
      "Invalid",
      "Please check {field}: it must be a number from 0, with no more decimals than the currency has.",
      "يرجى مراجعة {field}: يجب أن يكون رقمًا لا يقل عن صفر، دون منازل عشرية أكثر مما تسمح به العملة."
    ),
    entry(
      "E2302",
      "MINIMUM_QUANTITY_INVALID",
      "Invalid",
      "Please check {field}: the minimum quantity is at least 0.01, with no more than 2 decimals.",
      "يرجى مراجعة {field}: الحد الأدنى للكمية \u20680.01\u2069 على الأقل، بما لا يزيد على منزلتين عشريتين."
    ),
    entry("E4300", "CATALOG_NOT_FOUND", "NotFound", "Catalog not found.", "الكتالوج غير موجود."),
    entry("E4301", "CATEGORY_NOT_FOUND", "NotFound", "Category not found.", "الفئة غير موجودة."),
    entry("E4302", "PRODUCT_NOT_FOUND", "NotFound", "Product not found.", "المنتج غير موجود."),
    entry(
      "E5300",
      "SKU_TAKEN",
      "Conflict",
      "Another product already has the SKU {sku}.",
      "يوجد منتج آخر يحمل رمز المنتج {sku}."
    ),
    entry(
      "E6300",
      "CATEGORY_MOVE_INTO_ITSELF",
      "Rule",
      "The category {nameEn} cannot move under itself or one of its own sub-categories.",
      "لا يمكن نقل الفئة {nameAr} إلى داخلها أو إلى إحدى فئاتها الفرعية."
    ),
    entry(
      "E6301",
      "CATEGORY_NOT_EMPTY",
      "Rule",
      "The category {nameEn} still has sub-categories or products: move or delete them first.",
      "لا تزال الفئة {nameAr} تحتوي على فئات فرعية أو منتجات: انقلها أو احذفها أولًا."
    ),
    entry(
      "E6302",
      "CATEGORY_TOO_DEEP",
      "Rule",
      "Categories can be nested at most {depth} levels deep.",
      "لا يمكن أن يتجاوز تداخل الفئات {depth} مستويات."
    ),
    entry(
      "E6303",
      "CATEGORY_OUTSIDE_CATALOG",
      "Rule",
      "The category {nameEn} belongs to another catalog.",
      "الفئة {nameAr} تابعة لكتالوج آخر."
    ),
    entry(
      "E6304",
      "CATALOG_READ_ONLY",
      "Rule",
      "The catalog {nameEn} belongs to another organisation and cannot be changed.",
      "الكتالوج {nameAr} تابع لمنظمة أخرى ولا يمكن تعديله."
    ),
    entry(
      "E6305",
      "CATALOG_VENDOR_REQUIRED",
      "Rule",
      "A shared catalog names the vendor it is shared with; your own and public catalogs name none.",
      "يجب تحديد المورد الذي يُشارك معه الكتالوج المشترك، ولا يُحدد مورد للكتالوجات الخاصة أو العامة."
    )
  ],
  codes: {
    SkuInvalid: "E2300",
    ProductPriceInvalid: "E2301",
    MinimumQuantityInvalid: "E2302",
    CatalogNotFound: "E4300",
    CategoryNotFound: "E4301",
    ProductNotFound: "E4302",
    SkuTaken: "E5300",
    CategoryMoveIntoItself: "E6300",
    CategoryNotEmpty: "E6301",
    CategoryTooDeep: "E6302",
    CategoryOutsideCatalog: "E6303",
    CatalogReadOnly: "E6304",
    CatalogVendorRequired: "E6305"
  },
  auditEvents: catalogAuditEvents,
  fields: {
    sku: { en: "SKU", ar: "رمز المنتج" },
    valueForQuantity: { en: "Price per quantity", ar: "السعر لكل كمية" },
    minQtyRFQ: { en: "Minimum quantity for RFQ", ar: "الحد الأدنى للكمية لطلب عرض السعر" },
    minQtyDirectOrder: { en: "Minimum quantity for direct order", ar: "الحد الأدنى للكمية للطلب المباشر" },
    brand: { en: "Brand", ar: "العلامة التجارية" },
    model: { en: "Model", ar: "الطراز" },
    originCountry: { en: "Country of origin", ar: "بلد المنشأ" },
    soldBy: { en: "Sold by", ar: "البائع" },
    techSpecs: { en: "Technical specifications", ar: "المواصفات الفنية" },
    catalogId: { en: "Catalog", ar: "الكتالوج" },
    catalogs: { en: "Catalogs", ar: "الكتالوجات" },
    parentId: { en: "Parent category", ar: "الفئة الرئيسية" },
    priceMin: { en: "Lowest price", ar: "أدنى سعر" },
    priceMax: { en: "Highest price", ar: "أعلى سعر" },
    vendorId: { en: "Vendor", ar: "المورد" }
  }
} as const satisfies ModuleCatalogue
