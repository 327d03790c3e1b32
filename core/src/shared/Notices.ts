import { interpolate, type Locale, type Translated } from "./Locale.ts"

/** The success code the spec names (SPEC.md §8: security code verified, S1001). */
export const securityCodeVerifiedCode = "S1001"

/** What a success code says: SECURITY_CODE_VERIFIED (S1001) its own sentence, every other code 'Success'. */
export const successMessage = (code: string, locale: Locale): string =>
  code === "SECURITY_CODE_VERIFIED" || code === securityCodeVerifiedCode
    ? notices.securityCodeVerified[locale]
    : notices.success[locale]

/** The success notices of SPEC.md §8 and the product's other short notices, with `{name}` placeholders. */
export const notices = {
  success: { en: "Success", ar: "تمت العملية بنجاح" },
  securityCodeVerified: { en: "Security Code has been verified.", ar: "تم التحقق من رمز الأمان." },
  userStatusChanged: { en: "User status changed successfully", ar: "تم تغيير حالة المستخدم بنجاح" },
  userCreated: { en: "User Created Successfully", ar: "تم إنشاء المستخدم بنجاح" },
  usersCreated: { en: "Users Created Successfully", ar: "تم إنشاء المستخدمين بنجاح" },
  userUpdated: { en: "User Updated Successfully", ar: "تم تحديث المستخدم بنجاح" },
  tableStateSaved: { en: "Saved Table State Successfully", ar: "تم حفظ إعدادات الجدول بنجاح" },
  userDeleted: { en: "User Deleted Successfully", ar: "تم حذف المستخدم بنجاح" },
  resetPasswordEmailSent: {
    en: "Reset password email sent successfully.",
    ar: "تم إرسال رسالة إعادة تعيين كلمة المرور بنجاح."
  },
  profileUpdated: { en: "Updated User Profile Successfully", ar: "تم تحديث الملف الشخصي بنجاح" },
  passwordSet: { en: "Successfully Set Password.", ar: "تم تعيين كلمة المرور بنجاح." },
  signedIn: { en: "Signed in Successfully", ar: "تم تسجيل الدخول بنجاح" },
  securityCodeSent: { en: "A security code has been sent to {email}", ar: "تم إرسال رمز أمان إلى {email}" },
  passwordReset: { en: "Your password has been reset", ar: "تمت إعادة تعيين كلمة المرور الخاصة بك" },
  categoriesImported: { en: "Categories imported successfully", ar: "تم استيراد الفئات بنجاح" },
  categoriesImportFailed: {
    en: "Error Occurred while importing Categories",
    ar: "حدث خطأ أثناء استيراد الفئات"
  },
  categoryAdded: { en: "Category added successfully", ar: "تمت إضافة الفئة بنجاح" },
  categoryUpdated: { en: "Category updated successfully", ar: "تم تحديث الفئة بنجاح" },
  skuCopied: {
    en: "Item SKU '{sku}' has successfully copied to your clipboard.",
    ar: "تم نسخ رمز المنتج '{sku}' إلى الحافظة بنجاح."
  },
  connected: { en: "Connected", ar: "تم الاتصال" },
  connectionRestored: { en: "Connection to the server has been restored", ar: "تمت استعادة الاتصال بالخادم" },
  processingFailed: {
    en: "Error Occurred Processing request. Please try again.",
    ar: "حدث خطأ أثناء معالجة الطلب. يرجى المحاولة مرة أخرى."
  },
  unexpected: {
    en: "An unexpected error occurred. Please try again later.",
    ar: "حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى لاحقًا."
  },
  setPasswordFailed: {
    en: "Error occured while resetting password. Please contact admin.",
    ar: "حدث خطأ أثناء إعادة تعيين كلمة المرور. يرجى التواصل مع المسؤول."
  },
  moduleAccessDenied: { en: "You do not have access to this module", ar: "ليست لديك صلاحية الوصول إلى هذه الوحدة" },
  insufficientPrivileges: {
    en: "You do not have sufficient privileges to access this section",
    ar: "ليست لديك الصلاحيات الكافية للوصول إلى هذا القسم"
  },
  browserOnly: {
    en: "To perform this action, please access the platform from the browser.",
    ar: "لتنفيذ هذا الإجراء، يرجى الدخول إلى المنصة من المتصفح."
  },
  uploadInProgress: { en: "Please wait for the upload to finish", ar: "يرجى الانتظار حتى يكتمل الرفع" },
  loading: { en: "Loading", ar: "جارٍ التحميل" }
} as const satisfies Readonly<Record<string, Translated>>
export type NoticeKey = keyof typeof notices

/** A notice in a language with its placeholders filled. */
export const noticeText = (key: NoticeKey, locale: Locale, params: Readonly<Record<string, string | number>> = {}) =>
  interpolate(notices[key][locale], params)

/** A toast pair: what a request action says when it works and when it fails. */
export interface Toast {
  readonly success?: Translated
  readonly failure: Translated
}

/** The request toasts of SPEC.md §8, spelled as the spec spells them. */
export const requestToasts = {
  copy: {
    success: { en: "Request Copied Successfully", ar: "تم نسخ الطلب بنجاح" },
    failure: { en: "Failed to copy request", ar: "تعذّر نسخ الطلب" }
  },
  create: {
    success: { en: "Request Created Successfully", ar: "تم إنشاء الطلب بنجاح" },
    failure: { en: "Unable to create a request", ar: "تعذّر إنشاء الطلب" }
  },
  update: {
    success: { en: "Request Updated Successfully", ar: "تم تحديث الطلب بنجاح" },
    failure: { en: "Unable to update a request", ar: "تعذّر تحديث الطلب" }
  },
  returnToDraft: {
    success: { en: "Request Returned to Draft Successfully", ar: "تمت إعادة الطلب إلى المسودة بنجاح" },
    failure: { en: "Unable to return request to draft", ar: "تعذّرت إعادة الطلب إلى المسودة" }
  },
  archive: {
    success: { en: "Request Archived Successfully", ar: "تمت أرشفة الطلب بنجاح" },
    failure: { en: "Unable to archive a request", ar: "تعذّرت أرشفة الطلب" }
  },
  fillInventory: {
    success: { en: "Inventory updated Successfully", ar: "تم تحديث المخزون بنجاح" },
    failure: { en: "Unable to update Inventory", ar: "تعذّر تحديث المخزون" }
  },
  close: {
    success: { en: "Request closed Successfully", ar: "تم إغلاق الطلب بنجاح" },
    failure: { en: "Unable to close request", ar: "تعذّر إغلاق الطلب" }
  },
  approve: {
    success: { en: "Request approved Successfully", ar: "تم اعتماد الطلب بنجاح" },
    failure: { en: "Unable to approve request", ar: "تعذّر اعتماد الطلب" }
  },
  reject: {
    success: { en: "Request Rejected Successfully", ar: "تم رفض الطلب بنجاح" },
    failure: { en: "Unable to Reject request", ar: "تعذّر رفض الطلب" }
  },
  return: {
    success: { en: "Request Returned Successfully", ar: "تمت إعادة الطلب بنجاح" },
    failure: { en: "Unable to Return request", ar: "تعذّرت إعادة الطلب" }
  },
  submit: {
    success: { en: "Request Submitted Successfully", ar: "تم إرسال الطلب بنجاح" },
    failure: { en: "Unable to submit a request", ar: "تعذّر إرسال الطلب" }
  },
  createRfp: {
    success: { en: "RFP Created Successfully", ar: "تم إنشاء طلب العروض بنجاح" },
    failure: { en: "Unable to create your request", ar: "تعذّر إنشاء طلبك" }
  },
  updateRfp: {
    failure: { en: "Unable to update your request", ar: "تعذّر تحديث طلبك" }
  },
  scoreResponse: {
    success: { en: "Response Scored Successfully", ar: "تم تقييم الرد بنجاح" },
    failure: { en: "Unable to score Response", ar: "تعذّر تقييم الرد" }
  },
  updateResponseStatus: {
    success: { en: "Response Status Updated Sucessfully", ar: "تم تحديث حالة الرد بنجاح" },
    failure: { en: "Unable to Update Response Status", ar: "تعذّر تحديث حالة الرد" }
  },
  submitToCommercial: {
    success: {
      en: "Technical response has been submitted for commercial evaluation successfully",
      ar: "تم إرسال الرد الفني للتقييم التجاري بنجاح"
    },
    failure: { en: "Unable to Submit to Commerical", ar: "تعذّر الإرسال للتقييم التجاري" }
  },
  submitRfp: {
    success: { en: "RFP Submitted Successfully", ar: "تم إرسال طلب العروض بنجاح" },
    failure: { en: "Unable to submit your request", ar: "تعذّر إرسال طلبك" }
  },
  save: {
    success: { en: "Request Saved Successfully", ar: "تم حفظ الطلب بنجاح" },
    failure: { en: "Failed to save request", ar: "تعذّر حفظ الطلب" }
  }
} as const satisfies Readonly<Record<string, Toast>>
export type RequestToastKey = keyof typeof requestToasts

/** The toast a request action shows, in a language; an action without a success toast shows none when it works. */
export const requestToast = (
  key: RequestToastKey,
  outcome: "success" | "failure",
  locale: Locale
): string | undefined => {
  const toast: Toast = requestToasts[key]
  return toast[outcome]?.[locale]
}

/** How long a toast stays (SPEC.md §8, §9). */
export const toastDurationMs = 5000
