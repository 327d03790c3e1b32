import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/**
 * The files module's errors (E2060–E2069 input, E4060–E4069 not found, E6200–E6219 rules; a store that cannot be
 * reached answers the shared E9002), its audit events and the fields its refusals name.
 */
export const fileCatalogue = {
  errors: [
    entry("E4060", "FILE_NOT_FOUND", "NotFound", "File not found.", "الملف غير موجود."),
    entry(
      "E2060",
      "FILE_TOO_LARGE",
      "Invalid",
      "The file is too large: files of at most {megabytes} MB are accepted.",
      "الملف كبير جدًا: تُقبل الملفات التي لا يتجاوز حجمها {megabytes} ميغابايت."
    ),
    entry(
      "E2061",
      "FILE_TYPE_NOT_ALLOWED",
      "Invalid",
      "This file's content is not accepted here: only {acceptedEn} are accepted, whatever the file's name says.",
      "محتوى هذا الملف غير مقبول هنا: تُقبل {acceptedAr} فقط، أيًّا كان اسم الملف."
    ),
    entry(
      "E6200",
      "PENDING_UPLOADS_EXCEEDED",
      "Rule",
      "You have {max} uploaded files not yet attached to a document. Save or remove some before uploading more.",
      "لديك {max} ملفًا مرفوعًا لم يُرفق بأي مستند بعد. احفظ بعضها أو احذفه قبل رفع المزيد."
    ),
    entry(
      "E6201",
      "FILE_NOT_ATTACHABLE",
      "Rule",
      "The file '{name}' cannot be attached to this document.",
      "لا يمكن إرفاق الملف '{name}' بهذا المستند."
    ),
    entry(
      "E6202",
      "FILE_NOT_REMOVABLE",
      "Rule",
      "The file '{name}' belongs to a document you cannot change now.",
      "الملف '{name}' تابع لمستند لا يمكنك تعديله الآن."
    ),
    entry(
      "E4061",
      "UPLOAD_LINK_INVALID",
      "NotFound",
      "This upload link is not valid: it has expired or was used already. Please upload the file again.",
      "رابط الرفع هذا غير صالح: انتهت صلاحيته أو استُخدم من قبل. يرجى رفع الملف مرة أخرى."
    )
  ],
  codes: {
    FileNotFound: "E4060",
    FileTooLarge: "E2060",
    FileTypeNotAllowed: "E2061",
    PendingUploadsExceeded: "E6200",
    FileNotAttachable: "E6201",
    FileNotRemovable: "E6202",
    FileStorageUnavailable: "E9002",
    UploadGrantInvalid: "E4061"
  },
  auditEvents: ["file.uploaded", "file.removed"],
  fields: {
    type: { en: "File type", ar: "نوع الملف" },
    entity: { en: "Document type", ar: "نوع المستند" },
    file: { en: "File", ar: "الملف" },
    fileURL: { en: "File address", ar: "عنوان الملف" },
    attachments: { en: "Attachments", ar: "المرفقات" }
  }
} as const satisfies ModuleCatalogue
