import { Effect, Option } from "effect"
import { Approvals, ApprovalCriteria, Workflow, WorkflowLevel } from "@tawreed/core/approvals"
import { SessionTokens } from "@tawreed/core/identity"
import {
  Answer,
  InviteRegistrationInput,
  InviteRepository,
  Invites,
  NewInviteInput,
  NewQuestionnaireInput,
  OpenAnswersInput
} from "@tawreed/core/invites"
import type { OrgId } from "@tawreed/core/organisations"
import { type DemoPerson, demoActorOf } from "../requests/DemoRequests.ts"

const both = (en: string, ar: string) => ({ en, ar })

/**
 * The demo buyer's onboarding questionnaire, its default: one question of every type of SPEC.md §3, in two
 * sections.
 */
export const demoQuestionnaire = new NewQuestionnaireInput({
  name: "Vendor onboarding",
  isDefault: true,
  sections: [
    {
      title: both("Company profile", "ملف الشركة"),
      questions: [
        { type: "SHORT_ANSWER", label: both("Trade name", "الاسم التجاري"), required: true },
        {
          type: "DETAILED_ANSWER",
          label: both("Describe the goods and services you supply", "صف السلع والخدمات التي تقدمها"),
          required: true
        },
        {
          type: "DROPDOWN",
          label: both("Company size", "حجم الشركة"),
          required: true,
          options: [
            { label: both("1 to 10 employees", "من 1 إلى 10 موظفين") },
            { label: both("11 to 100 employees", "من 11 إلى 100 موظف") },
            { label: both("More than 100 employees", "أكثر من 100 موظف") }
          ]
        },
        {
          type: "CHECKBOXES",
          label: both("Regions you deliver to", "المناطق التي توصل إليها"),
          options: [
            { label: both("Riyadh", "الرياض") },
            { label: both("Makkah", "مكة المكرمة") },
            { label: both("Eastern Province", "المنطقة الشرقية") }
          ]
        }
      ]
    },
    {
      title: both("Quality and compliance", "الجودة والامتثال"),
      questions: [
        {
          type: "MULTIPLE_CHOICE",
          label: both("Do you hold an ISO 9001 certificate?", "هل لديك شهادة ISO 9001؟"),
          required: true,
          options: [{ label: both("Yes", "نعم") }, { label: both("No", "لا") }]
        },
        {
          type: "LINEAR",
          label: both("How would you rate your on-time delivery?", "كيف تقيّم التزامك بمواعيد التسليم؟"),
          scale: { min: 1, max: 5, minLabel: both("Poor", "ضعيف"), maxLabel: both("Excellent", "ممتاز") }
        },
        { type: "UPLOAD", label: both("A copy of your commercial registration", "نسخة من السجل التجاري") }
      ]
    }
  ]
})

/** The vendor the demo invited, which registered and submitted: its invitation waits for the admin's review. */
export const demoInvitedVendor = {
  vendorName: "Najd Packaging",
  email: "sales@najd-packaging.example",
  registration: {
    nameEn: "Najd Packaging Co.",
    nameAr: "شركة نجد للتغليف",
    country: "SA",
    crNumber: "1010987654",
    vatNumber: "310987654300003",
    addressLine: "King Fahd Road",
    city: "Riyadh",
    postalCode: "12211",
    firstName: "Fahad",
    lastName: "Al-Dosari",
    phone: "+966 11 455 2000",
    bankName: "Saudi National Bank",
    iban: "SA0380000000608010167519",
    password: "Najd@Packaging2026"
  }
} as const

/**
 * Loads the demo buyer's onboarding: its invitation workflow (one level, any super user), its default
 * questionnaire, one invitation the vendor registered and submitted through its link, which notifies the admin
 * of a real invitation to review, and one mailed and not yet opened.
 */
export const loadInvites = (orgId: OrgId, admin: DemoPerson, baseUrl: string) =>
  Effect.gen(function* () {
    const invites = yield* Invites
    const approvals = yield* Approvals
    const stored = yield* InviteRepository
    const tokens = yield* SessionTokens
    const actor = demoActorOf(orgId, admin)
    yield* approvals.saveWorkflow(
      actor,
      new Workflow({
        id: "0b0e0000-0000-4000-8005-000000000021",
        workspaceId: null,
        kind: "invite",
        levels: [
          new WorkflowLevel({
            level: 1,
            name: "Vendor onboarding review",
            approvers: [{ type: "ROLE", roleCode: "org_super_user" }],
            mode: "ONE",
            criteria: new ApprovalCriteria({})
          })
        ],
        version: 0
      }),
      0
    )
    const template = yield* invites.createQuestionnaire(actor, demoQuestionnaire)
    const invite = yield* invites.invite(
      actor,
      new NewInviteInput({ vendorName: demoInvitedVendor.vendorName, email: demoInvitedVendor.email, locale: "en" }),
      baseUrl
    )
    // The demo plays the vendor: it takes a link of its own in place of the one mailed, as a reminder would.
    const link = yield* tokens.issue
    const row = Option.getOrThrow(yield* stored.find(orgId, invite.id))
    yield* stored.update(orgId, invite.id, { ...row.invite }, { tokenHash: link.hash }, row.invite.version)
    yield* invites.open(link.token)
    yield* invites.register(link.token, new InviteRegistrationInput({ ...demoInvitedVendor.registration }))
    const [profile, quality] = template.sections
    const answers = [
      new Answer({ questionId: profile!.questions[0]!.id, values: ["Najd Packaging"] }),
      new Answer({
        questionId: profile!.questions[1]!.id,
        values: ["Corrugated cartons, pallets and stretch film for warehouses in the central region."]
      }),
      new Answer({ questionId: profile!.questions[2]!.id, values: [profile!.questions[2]!.options[1]!.id] }),
      new Answer({
        questionId: profile!.questions[3]!.id,
        values: [profile!.questions[3]!.options[0]!.id, profile!.questions[3]!.options[2]!.id]
      }),
      new Answer({ questionId: quality!.questions[0]!.id, values: [quality!.questions[0]!.options[0]!.id] }),
      new Answer({ questionId: quality!.questions[1]!.id, values: ["4"] })
    ]
    yield* invites.answer(link.token, new OpenAnswersInput({ answers, submit: true }), baseUrl)
    // And one mailed this morning, not yet opened: its link waits in the outbox.
    yield* invites.invite(
      actor,
      new NewInviteInput({ vendorName: "Hail Cold Chain", email: "info@hail-coldchain.example", locale: "ar" }),
      baseUrl
    )
  })
