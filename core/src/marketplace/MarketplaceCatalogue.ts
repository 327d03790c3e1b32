import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** What the audit log records of the marketplace: catalog invitations and KYC verification. */
export const marketplaceAuditEvents = [
  "catalogInvitation.sent",
  "catalogInvitation.accepted",
  "organisation.kycVerified",
  "organisation.kycRevoked"
] as const
export type MarketplaceAuditEvent = (typeof marketplaceAuditEvents)[number]

/**
 * The marketplace's errors (E2370–E2389 input, E4340–E4349 not found, E5320–E5329 conflicts, E6350–E6369 rules):
 * the guest catalogue, catalog invitations and the KYC verification, in English and Arabic.
 */
export const marketplaceCatalogue = {
  errors: [
    entry(
      "E2370",
      "GUEST_PAGE_SIZE_INVALID",
      "Invalid",
      "Please choose 10, 20 or 30 products a page.",
      "يرجى اختيار \u206810\u2069 أو \u206820\u2069 أو \u206830\u2069 منتجًا في الصفحة."
    ),
    entry(
      "E2371",
      "GUEST_TREE_INVALID",
      "Invalid",
      "These categories do not follow each other in this catalog.",
      "هذه الفئات لا يتبع بعضها بعضًا في هذا الكتالوج."
    ),
    entry(
      "E4340",
      "PUBLIC_CATALOGS_NOT_FOUND",
      "NotFound",
      "No public catalogs were found for this organisation.",
      "لم يُعثر على كتالوجات عامة لهذه المنظمة."
    ),
    entry("E4341", "PUBLIC_CATALOG_NOT_FOUND", "NotFound", "Catalog not found.", "الكتالوج غير موجود."),
    entry(
      "E4342",
      "ORGANISATION_CODE_UNKNOWN",
      "NotFound",
      "No organisation has the code {code}.",
      "لا توجد منظمة بالرمز {code}."
    ),
    entry(
      "E4343",
      "CATALOG_INVITATION_INVALID",
      "NotFound",
      "This catalog invitation link is not valid. Please check the link or ask for a new invitation.",
      "رابط دعوة الكتالوج هذا غير صالح. يرجى التحقق من الرابط أو طلب دعوة جديدة."
    ),
    entry(
      "E5320",
      "CATALOG_INVITATION_USED",
      "Conflict",
      "This catalog invitation was already used.",
      "تم استخدام دعوة الكتالوج هذه من قبل."
    ),
    entry(
      "E6350",
      "CATALOG_INVITATION_EXPIRED",
      "Rule",
      "This catalog invitation expired on {date}. Please ask for a new one.",
      "انتهت صلاحية دعوة الكتالوج هذه في {date}. يرجى طلب دعوة جديدة."
    ),
    entry(
      "E6351",
      "CATALOG_INVITATION_WRONG_ORGANISATION",
      "Forbidden",
      "This catalog invitation is for another organisation.",
      "دعوة الكتالوج هذه موجهة إلى منظمة أخرى."
    ),
    entry(
      "E6352",
      "CATALOG_INVITATION_THROTTLED",
      "Throttled",
      "Too many catalog invitation links were tried from your address. Please try again in {minutes} minutes.",
      "تمت تجربة عدد كبير من روابط دعوات الكتالوج من عنوانك. يرجى المحاولة مرة أخرى بعد {minutes} دقيقة."
    ),
    entry(
      "E6353",
      "CATALOG_INVITATION_TO_SELF",
      "Rule",
      "Your organisation already has this catalog: invite another organisation.",
      "هذا الكتالوج لدى منظمتك بالفعل: ادعُ منظمة أخرى."
    )
  ],
  codes: {
    GuestPageSizeInvalid: "E2370",
    GuestTreeInvalid: "E2371",
    PublicCatalogsNotFound: "E4340",
    PublicCatalogNotFound: "E4341",
    OrganisationCodeUnknown: "E4342",
    CatalogInvitationInvalid: "E4343",
    CatalogInvitationUsed: "E5320",
    CatalogInvitationExpired: "E6350",
    CatalogInvitationWrongOrganisation: "E6351",
    CatalogInvitationThrottled: "E6352",
    CatalogInvitationToSelf: "E6353"
  },
  auditEvents: marketplaceAuditEvents,
  fields: {
    orgCode: { en: "Organisation code", ar: "رمز المنظمة" }
  }
} as const satisfies ModuleCatalogue
