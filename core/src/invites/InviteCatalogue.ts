import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** What the audit log records of vendor invitations and their questionnaires. */
export const inviteAuditEvents = [
  "questionnaire.created",
  "questionnaire.updated",
  "questionnaire.public_link",
  "onboarding_rules.updated",
  "invite.sent",
  "invite.applied",
  "invite.reminded",
  "invite.cancelled",
  "invite.opened",
  "invite.registered",
  "invite.linked",
  "invite.answered",
  "invite.submitted",
  "invite.withdrawn",
  "invite.reviewed",
  "invite.approved"
] as const
export type InviteAuditEvent = (typeof inviteAuditEvents)[number]

/**
 * The errors of vendor invitations and onboarding questionnaires (E7050–E7089), each in English and Arabic, with
 * their audit events and the fields their refusals name. `shared/ModuleCatalogues.ts` lists it.
 */
export const inviteCatalogue = {
  errors: [
    entry("E7050", "INVITE_NOT_FOUND", "NotFound", "Invitation not found.", "الدعوة غير موجودة."),
    entry(
      "E7051",
      "INVITE_LINK_INVALID",
      "NotFound",
      "This invitation link is not valid. It may have been replaced by a newer mail or cancelled: please use the latest link you received, or ask the buyer for a new one.",
      "رابط الدعوة هذا غير صالح. ربما استُبدل برسالة أحدث أو أُلغي: يرجى استخدام أحدث رابط وصلك، أو طلب رابط جديد من المشتري."
    ),
    entry(
      "E7052",
      "INVITE_LINK_EXPIRED",
      "Rule",
      "This invitation link has expired. Please ask the buyer to send you a reminder with a new link.",
      "انتهت صلاحية رابط الدعوة هذا. يرجى أن تطلب من المشتري إرسال تذكير برابط جديد."
    ),
    entry(
      "E7053",
      "INVITE_LINK_USED",
      "Rule",
      "This invitation has been submitted already and is with the buyer. You will get an email when it is decided.",
      "تم إرسال هذه الدعوة مسبقًا وهي لدى المشتري. ستصلك رسالة بريد إلكتروني عند البت فيها."
    ),
    entry(
      "E7054",
      "INVITE_STATUS_REFUSED",
      "Rule",
      "This cannot be done with the invitation in its current status.",
      "لا يمكن تنفيذ هذا الإجراء والدعوة في حالتها الحالية."
    ),
    entry("E7060", "QUESTIONNAIRE_NOT_FOUND", "NotFound", "Questionnaire not found.", "الاستبيان غير موجود."),
    entry(
      "E7061",
      "QUESTIONNAIRE_MISSING",
      "Rule",
      "There is no onboarding questionnaire yet: create one in the vendors' settings before inviting vendors.",
      "لا يوجد استبيان تسجيل بعد: يرجى إنشاء استبيان في إعدادات الموردين قبل دعوة الموردين."
    ),
    entry(
      "E7062",
      "QUESTIONNAIRE_ANSWER_REQUIRED",
      "Invalid",
      "The question {questionEn} needs an answer.",
      "السؤال {questionAr} يحتاج إلى إجابة."
    ),
    entry(
      "E7063",
      "QUESTIONNAIRE_ANSWER_INVALID",
      "Invalid",
      "The answer to {questionEn} is not valid.",
      "الإجابة عن السؤال {questionAr} غير صالحة."
    ),
    entry(
      "E7070",
      "INVITE_NOT_REGISTERED",
      "Rule",
      "Register your organisation before submitting the questionnaire.",
      "يرجى تسجيل منظمتك قبل إرسال الاستبيان."
    ),
    entry(
      "E7071",
      "INVITE_EMAIL_TAKEN",
      "Conflict",
      "The email {email} already has an account on Tawreed: the vendor's first user needs an email of its own.",
      "البريد الإلكتروني {email} له حساب مسبقًا في توريد: يحتاج أول مستخدم للمورد إلى بريد إلكتروني خاص به."
    ),
    entry(
      "E7072",
      "INVITE_LINK_NOT_VENDOR",
      "Rule",
      "Only a vendor organisation can be linked to an invitation, and {organisation} is not one. Sign in with a user of your vendor organisation.",
      "لا يُربط بالدعوة إلا منظمة موردة، و{organisation} ليست كذلك. يرجى تسجيل الدخول بمستخدم من منظمتك الموردة."
    ),
    entry(
      "E7073",
      "INVITE_LINK_NOT_ADMIN",
      "Forbidden",
      "Linking {organisation} to an invitation takes a user who manages the organisation's settings. Ask one of them to sign in and link it.",
      "ربط {organisation} بالدعوة يحتاج إلى مستخدم يدير إعدادات المنظمة. اطلب من أحدهم تسجيل الدخول وربطها."
    ),
    entry(
      "E7074",
      "INVITE_ORG_CONNECTED",
      "Conflict",
      "{organisation} is already connected to {buyer} as a vendor.",
      "المنظمة {organisation} مرتبطة مسبقًا بالمشتري {buyer} بصفتها موردًا."
    ),
    entry(
      "E7080",
      "INVITE_LINK_THROTTLED",
      "Throttled",
      "Too many invitation links were tried from your address. Please try again in {minutes} minutes.",
      "تمت تجربة عدد كبير من روابط الدعوات من عنوانك. يرجى المحاولة مرة أخرى بعد {minutes} دقيقة."
    ),
    entry(
      "E7090",
      "INVITE_FORM_TOO_LARGE",
      "Invalid",
      "The files sent together are larger than {megabytes} MB. Save up to {files} files at a time, each at most 10 MB.",
      "حجم الملفات المرسلة معًا أكبر من {megabytes} ميغابايت. احفظ حتى {files} ملفات في كل مرة، لا يتجاوز كل منها 10 ميغابايت."
    )
  ],
  codes: {
    InviteNotFound: "E7050",
    InviteLinkInvalid: "E7051",
    InviteLinkExpired: "E7052",
    InviteLinkUsed: "E7053",
    InviteStatusRefused: "E7054",
    QuestionnaireNotFound: "E7060",
    QuestionnaireMissing: "E7061",
    QuestionnaireAnswerRequired: "E7062",
    QuestionnaireAnswerInvalid: "E7063",
    InviteNotRegistered: "E7070",
    InviteEmailTaken: "E7071",
    InviteLinkNotVendor: "E7072",
    InviteLinkNotAdmin: "E7073",
    InviteOrgConnected: "E7074",
    InviteLinkThrottled: "E7080",
    InviteFormTooLarge: "E7090"
  },
  auditEvents: inviteAuditEvents,
  fields: {
    vendorName: { en: "Vendor name", ar: "اسم المورد" },
    templateId: { en: "Questionnaire", ar: "الاستبيان" },
    sections: { en: "Sections", ar: "الأقسام" },
    sectionTitle: { en: "Section title", ar: "عنوان القسم" },
    questions: { en: "Questions", ar: "الأسئلة" },
    questionLabel: { en: "Question", ar: "السؤال" },
    options: { en: "Options", ar: "الخيارات" },
    scale: { en: "Scale", ar: "المقياس" },
    reviewerIds: { en: "Section reviewers", ar: "مراجعو القسم" },
    expiryDays: { en: "Days before an invitation expires", ar: "عدد أيام صلاحية الدعوة" },
    answers: { en: "Answers", ar: "الإجابات" }
  }
} as const satisfies ModuleCatalogue
