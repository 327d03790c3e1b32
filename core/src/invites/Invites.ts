import { Clock, Context, Duration, Effect, Layer, Option } from "effect"
import { InsufficientPrivileges, type ModuleNotEnabled } from "../access/AccessErrors.ts"
import { Approvals } from "../approvals/Approvals.ts"
import { ApproverDirectory } from "../approvals/ApprovalPorts.ts"
import { ApprovalSubject, type TimelineEntry } from "../approvals/Workflow.ts"
import { type ApprovalFailure, documentApproval } from "../documents/DocumentApproval.ts"
import { ListCounts } from "../documents/ListCounts.ts"
import { moduleCommands, noOrigin } from "../documents/ModuleCommands.ts"
import { Files, type UploadInput } from "../files/Files.ts"
import type {
  FileStorageUnavailable,
  FileTooLarge,
  FileTypeNotAllowed,
  PendingUploadsExceeded
} from "../files/FileErrors.ts"
import type { FileId, FileView } from "../files/StoredFile.ts"
import { DocumentRef } from "../files/StoredFile.ts"
import { Actor } from "../identity/Actor.ts"
import { isEmail } from "../identity/LoginRules.ts"
import { CommonPasswords } from "../identity/CommonPasswords.ts"
import type { PasswordRejected } from "../identity/CredentialErrors.ts"
import { PasswordHasher } from "../identity/PasswordHasher.ts"
import { checkPassword } from "../identity/PasswordRules.ts"
import { SessionTokens } from "../identity/SessionTokens.ts"
import { normaliseEmail, User, type UserId } from "../identity/User.ts"
import { UserRepository } from "../identity/UserRepository.ts"
import { OutgoingMail } from "../mail/Mail.ts"
import { Mailer } from "../mail/Mailer.ts"
import { NewNotification } from "../notifications/Notification.ts"
import { NotificationRepository } from "../notifications/NotificationRepository.ts"
import { Recipient } from "../notifications/Recipient.ts"
import { Organisation, type OrgId } from "../organisations/Organisation.ts"
import { OrganisationRepository } from "../organisations/OrganisationRepository.ts"
import { OrgSettingsRepository } from "../organisations/OrgSettingsRepository.ts"
import { organisationCode } from "../organisations/Registration.ts"
import { AuditEvent, AuditLog, type RequestOrigin } from "../shared/AuditLog.ts"
import {
  InvalidField,
  type InvalidPage,
  type InvalidPageSize,
  type TransactionConflict,
  VersionConflict
} from "../shared/Errors.ts"
import type { Locale, Translated } from "../shared/Locale.ts"
import { interpolate } from "../shared/Text.ts"
import { pageRequest } from "../shared/Paging.ts"
import { Throttle } from "../shared/Throttle.ts"
import { Transactions } from "../shared/Transactions.ts"
import { VendorAddress, VendorBankAccount, VendorContact, VendorName } from "../vendors/Vendor.ts"
import {
  VendorCrNumberInvalid,
  VendorCrNumberTaken,
  VendorIbanInvalid,
  VendorVatNumberInvalid,
  VendorVatNumberTaken
} from "../vendors/VendorErrors.ts"
import {
  compactIdentifier,
  isForeignRegistration,
  isSaudiCrNumber,
  isSaudiVatNumber,
  isValidIban
} from "../vendors/VendorIdentifiers.ts"
import { VendorRepository } from "../vendors/VendorRepository.ts"
import { vendorListKind, vendorPrivileges, vendorsModule } from "../vendors/Vendors.ts"
import {
  Invite,
  InviteBuyer,
  type InviteListParams,
  InvitePage,
  InviteQuestionnaire,
  InviteRegistration,
  type InviteRegistrationInput,
  type InviteReviewInput,
  InviteStatusCount,
  type NewInviteInput,
  OnboardingRules,
  type OnboardingRulesInput,
  type OpenAnswersInput,
  OpenInvite,
  OpenQuestionnaire,
  PublicApplication,
  type PublicApplicationInput,
  PublicInviteLink,
  PublicLinkView
} from "./Invite.ts"
import {
  InviteEmailTaken,
  InviteLinkExpired,
  InviteLinkInvalid,
  InviteLinkNotAdmin,
  InviteLinkNotVendor,
  InviteOrgConnected,
  InviteLinkThrottled,
  InviteLinkUsed,
  InviteNotFound,
  InviteNotRegistered,
  InviteStatusRefused,
  QuestionnaireAnswerInvalid,
  QuestionnaireAnswerRequired,
  QuestionnaireMissing,
  QuestionnaireNotFound
} from "./InviteErrors.ts"
import { inviteKind } from "./InviteKind.ts"
import { type InviteFilter, type InviteRecord, InviteRepository, type StoredInvite } from "./InviteRepository.ts"
import {
  inviteApprovalStatuses,
  type InviteStatus,
  inviteStatusAt,
  inviteStatusMachine,
  vendorHeldStatuses,
  InviteStatus as InviteStatusSchema
} from "./InviteStatus.ts"
import {
  type NewQuestionnaireInput,
  QuestionnaireList,
  type QuestionnaireTemplate,
  type QuestionnaireUpdateInput
} from "./Questionnaire.ts"
import {
  checkAnswers,
  checkTemplate,
  isAnswersProblem,
  isTemplateProblem,
  uploadedFileIds
} from "./QuestionnaireRules.ts"

/** The kind of document upload answers are attached to (the files module's owner kind). */
export const inviteAttachmentKind = "vendor_invite"

/** The kind whose list counts invitation writes make stale. */
export const inviteListKind = "invite"

/** Days an invitation's link stays valid while the organisation has not set its own (Coupa's default is 14). */
export const defaultInviteExpiryDays = 14

/** The fewest and most days an organisation may set. */
export const inviteExpiryDaysRange = { min: 1, max: 90 } as const

/** Failed link lookups from one address in an hour before it must wait. */
const linkTriesPerHour = 30

const searchLimit = 200

type Guarded<A, E = never> = Effect.Effect<A, E | InsufficientPrivileges | ModuleNotEnabled | TransactionConflict>
type LinkError =
  | InviteLinkInvalid
  | InviteLinkExpired
  | InviteLinkUsed
  | InviteLinkThrottled
  | TransactionConflict
  | VersionConflict
  | InviteNotFound

/** What refuses a registration. */
export type RegistrationError =
  | InvalidField
  | VendorCrNumberInvalid
  | VendorVatNumberInvalid
  | VendorIbanInvalid
  | InviteEmailTaken
  | PasswordRejected

/** What refuses linking an organisation already on Tawreed to an invitation. */
export type OrganisationLinkError = InviteLinkNotVendor | InviteLinkNotAdmin | InviteOrgConnected

/**
 * The privilege that lets a vendor's user link its organisation to a buyer's invitation: managing the
 * organisation's settings (`ost_u_o`, the super user's; the organisation manager only reads them). Connecting the
 * organisation to a buyer speaks for the whole organisation, as its settings do.
 */
export const organisationLinkPrivilege = "ost_u_o"

/** What refuses answers. */
export type AnswersError = QuestionnaireAnswerRequired | QuestionnaireAnswerInvalid | InvalidField

/** Vendor onboarding: questionnaires, invitations, the vendor's side by its link, and the buyer's review. */
export interface InvitesShape {
  /** `GET questionnaires`: the organisation's onboarding questionnaires, the default first. */
  readonly questionnaires: (actor: Actor) => Guarded<QuestionnaireList>
  readonly questionnaire: (actor: Actor, id: string) => Guarded<QuestionnaireTemplate, QuestionnaireNotFound>
  readonly createQuestionnaire: (
    actor: Actor,
    input: NewQuestionnaireInput,
    origin?: RequestOrigin
  ) => Guarded<QuestionnaireTemplate, InvalidField>
  readonly updateQuestionnaire: (
    actor: Actor,
    id: string,
    input: QuestionnaireUpdateInput,
    origin?: RequestOrigin
  ) => Guarded<QuestionnaireTemplate, InvalidField | QuestionnaireNotFound | VersionConflict>
  readonly rules: (actor: Actor) => Guarded<OnboardingRules>
  readonly saveRules: (
    actor: Actor,
    input: OnboardingRulesInput,
    origin?: RequestOrigin
  ) => Guarded<OnboardingRules, InvalidField | VersionConflict>
  /** `POST invites`: invites a vendor by email; the link is mailed in the language chosen. */
  readonly invite: (
    actor: Actor,
    input: NewInviteInput,
    baseUrl: string,
    origin?: RequestOrigin
  ) => Guarded<Invite, InvalidField | QuestionnaireNotFound | QuestionnaireMissing>
  /** `GET invites`: the invitations, newest first, with their status counts. */
  readonly list: (
    actor: Actor,
    params: InviteListParams
  ) => Guarded<InvitePage, InvalidField | InvalidPage | InvalidPageSize>
  /** `GET invites/id/{id}`. */
  readonly get: (actor: Actor, id: string) => Guarded<Invite, InviteNotFound>
  /** `GET invites/send-reminder/{id}`: mails a new link; the old one is dead. */
  readonly remind: (
    actor: Actor,
    id: string,
    baseUrl: string,
    origin?: RequestOrigin
  ) => Guarded<Invite, InviteNotFound | InviteStatusRefused | VersionConflict>
  /** Cancels an invitation the vendor still holds; its link is dead. */
  readonly cancel: (
    actor: Actor,
    id: string,
    origin?: RequestOrigin
  ) => Guarded<Invite, InviteNotFound | InviteStatusRefused | VersionConflict>
  /** `PUT invites/status/{id}`: approve, return for correction or reject, through the approval engine. */
  readonly review: (
    actor: Actor,
    id: string,
    input: InviteReviewInput,
    baseUrl: string,
    origin?: RequestOrigin
  ) => Guarded<
    Invite,
    | InviteNotFound
    | InviteStatusRefused
    | ApprovalFailure
    | InviteEmailTaken
    | InviteNotRegistered
    | VendorCrNumberTaken
    | VendorVatNumberTaken
    | InviteOrgConnected
  >
  /**
   * `GET invites/withdraw-review-request/{id}`: the buyer takes back the review request of an invitation under
   * review (the invitation's owner, or a vendor administrator): its pending approvals close with a WITHDRAW on the
   * timeline and leave every reviewer's board, and the invitation goes back to OPENED with a new link mailed to
   * the vendor, who can correct and submit again (a new round of review from the first level).
   */
  readonly withdrawReview: (
    actor: Actor,
    id: string,
    remark: string,
    baseUrl: string,
    origin?: RequestOrigin
  ) => Guarded<Invite, InviteNotFound | InviteStatusRefused | ApprovalFailure>
  /** The invitation's approval timeline (internal: never shown to the vendor). */
  readonly timeline: (actor: Actor, id: string) => Guarded<ReadonlyArray<TimelineEntry>, InviteNotFound>
  /**
   * `GET invites/public-invite-link/{id}`: a new public link for a questionnaire, which anyone may apply by (each
   * application an invitation of its own, mailed to the applicant); an earlier link of the questionnaire dies.
   */
  readonly publicLink: (
    actor: Actor,
    templateId: string,
    baseUrl: string,
    locale: Locale,
    origin?: RequestOrigin
  ) => Guarded<PublicInviteLink, QuestionnaireNotFound>
  /** Whose public link a token is, for its page. */
  readonly publicLinkView: (token: string, origin?: RequestOrigin) => Effect.Effect<PublicLinkView, LinkError>
  /** `POST invites-open/apply/{token}`: an application by a public link; the invitation's link is mailed. */
  readonly apply: (
    token: string,
    input: PublicApplicationInput,
    baseUrl: string,
    origin?: RequestOrigin
  ) => Effect.Effect<PublicApplication, LinkError | InvalidField>
  /** `GET invites-open/token/{token}`: the invitation as the vendor reads it; the first open marks it OPENED. */
  readonly open: (token: string, origin?: RequestOrigin) => Effect.Effect<OpenInvite, LinkError>
  /**
   * `PUT invites-open/token/{token}/link`: the registration links the signed-in user's vendor organisation, already
   * on Tawreed, instead of registering a new one (Coupa's "already on the portal? sign in to link"). The user signs
   * in through the product's own sign-in (so MFA and single sign-on apply as for any session) and comes back to the
   * invitation with that session: the link is the invitation's token plus the session, never a password typed into
   * the invitation's page. Refused when the session's organisation is not a vendor organisation, when the user may
   * not manage its settings (`organisationLinkPrivilege`), or when the buyer already has a vendor connected to it.
   * The registration takes the organisation's names and its valid CR and VAT numbers where it has them; the vendor
   * still answers the questionnaire and submits.
   */
  readonly link: (
    token: string,
    actor: Actor,
    origin?: RequestOrigin
  ) => Effect.Effect<OpenInvite, LinkError | OrganisationLinkError>
  /** `PUT invites-open/token/{token}`: registers (or corrects) the vendor organisation and its first user. */
  readonly register: (
    token: string,
    input: InviteRegistrationInput,
    origin?: RequestOrigin
  ) => Effect.Effect<OpenInvite, LinkError | RegistrationError>
  /** `GET questionnaires-open/token/{token}`. */
  readonly openQuestionnaire: (token: string, origin?: RequestOrigin) => Effect.Effect<OpenQuestionnaire, LinkError>
  /** `PUT questionnaires-open/token/{token}`: saves the answers as a draft, or submits them for review. */
  readonly answer: (
    token: string,
    input: OpenAnswersInput,
    baseUrl: string,
    origin?: RequestOrigin
  ) => Effect.Effect<
    OpenQuestionnaire,
    | LinkError
    | AnswersError
    | InviteNotRegistered
    | ApprovalFailure
    | VendorCrNumberTaken
    | VendorVatNumberTaken
    | InviteEmailTaken
    | InviteOrgConnected
  >
  /** An upload for an upload question, kept for the invitation alone until its answers take it. */
  readonly upload: (
    token: string,
    input: UploadInput,
    origin?: RequestOrigin
  ) => Effect.Effect<
    FileView,
    LinkError | InvalidField | FileTooLarge | FileTypeNotAllowed | PendingUploadsExceeded | FileStorageUnavailable
  >
}

const phonePattern = /^\+?[0-9][0-9 ()-]{3,28}$/

/** The vendor's side acts as the invitation itself: an actor of the buyer organisation with no privilege. */
const vendorActor = (orgId: OrgId, invite: Invite): Actor =>
  new Actor({
    sessionId: "",
    userId: invite.id as UserId,
    orgId,
    email: invite.email,
    displayName: invite.registration?.nameEn || invite.registration?.nameAr || invite.vendorName,
    roles: [],
    privileges: []
  })

const recordOf = (invite: Invite): InviteRecord => ({
  status: invite.status,
  vendorName: invite.vendorName,
  email: invite.email,
  locale: invite.locale,
  questionnaire: invite.questionnaire,
  answers: invite.answers,
  registration: invite.registration,
  vendorMessage: invite.vendorMessage,
  fromPublicLink: invite.fromPublicLink,
  vendorId: invite.vendorId,
  expiresAt: invite.expiresAt,
  submittedAt: invite.submittedAt,
  createdBy: invite.createdBy
})

/** The link a vendor opens: `{baseUrl}/{locale}/invites-open/{token}`. */
export const inviteLink = (baseUrl: string, locale: Locale, token: string): string =>
  `${baseUrl.replace(/\/$/, "")}/${locale}/invites-open/${token}`

// The link ends its line and stays bare: mail programs find links by their characters.
const mails = {
  invited: {
    subject: { en: "{buyer} invites you to register as a vendor", ar: "{buyer} يدعوك للتسجيل موردًا" },
    text: {
      en: "{buyer} invites {vendor} to register as a vendor on Tawreed. Register your organisation and answer the questionnaire by {date} at:\n{link}",
      ar: "يدعو {buyer} المورد {vendor} إلى التسجيل موردًا في توريد. سجّل منظمتك وأجب عن الاستبيان قبل {date} من هذا الرابط:\n{link}"
    }
  },
  reminder: {
    subject: {
      en: "Reminder: {buyer} invites you to register as a vendor",
      ar: "تذكير: {buyer} يدعوك للتسجيل موردًا"
    },
    text: {
      en: "A reminder from {buyer}: register {vendor} as a vendor by {date} at the link below. Earlier links no longer work.\n{link}",
      ar: "تذكير من {buyer}: سجّل {vendor} موردًا قبل {date} من الرابط أدناه. الروابط السابقة لم تعد تعمل.\n{link}"
    }
  },
  returned: {
    subject: { en: "{buyer} returned your registration for correction", ar: "أعاد {buyer} تسجيلك للتصحيح" },
    text: {
      en: "{buyer} returned the registration of {vendor} for correction: {message}\nCorrect it and submit it again by {date} at:\n{link}",
      ar: "أعاد {buyer} تسجيل {vendor} للتصحيح: {message}\nصحّحه وأرسله مرة أخرى قبل {date} من هذا الرابط:\n{link}"
    }
  },
  withdrawn: {
    subject: {
      en: "{buyer} reopened your registration for changes",
      ar: "أعاد {buyer} فتح تسجيلك للتعديل"
    },
    text: {
      en: "{buyer} withdrew the review of {vendor}'s registration, so you can change it. {message}\nSubmit it again by {date} at:\n{link}",
      ar: "سحب {buyer} طلب مراجعة تسجيل {vendor} لتتمكن من تعديله. {message}\nأرسله مرة أخرى قبل {date} من هذا الرابط:\n{link}"
    }
  },
  approved: {
    subject: { en: "{buyer} approved your registration", ar: "اعتمد {buyer} تسجيلك" },
    text: {
      en: "{buyer} approved {vendor} as a vendor. Sign in with the email and password you registered at:\n{link}",
      ar: "اعتمد {buyer} المورد {vendor}. سجّل الدخول بالبريد الإلكتروني وكلمة المرور اللذين سجلتهما من هذا الرابط:\n{link}"
    }
  },
  approvedLinked: {
    subject: { en: "{buyer} approved your registration", ar: "اعتمد {buyer} تسجيلك" },
    text: {
      en: "{buyer} approved {vendor} as a vendor: your organisation {organisation} is now connected to {buyer}. Sign in to Tawreed as usual at:\n{link}",
      ar: "اعتمد {buyer} المورد {vendor}: أصبحت منظمتك {organisation} مرتبطة بالمشتري {buyer}. سجّل الدخول إلى توريد كالمعتاد من هذا الرابط:\n{link}"
    }
  },
  rejected: {
    subject: { en: "{buyer} declined your registration", ar: "اعتذر {buyer} عن قبول تسجيلك" },
    text: {
      en: "{buyer} declined the registration of {vendor}. {message}",
      ar: "اعتذر {buyer} عن قبول تسجيل {vendor}. {message}"
    }
  }
} as const satisfies Record<string, { readonly subject: Translated; readonly text: Translated }>

/** Use cases: vendor onboarding. */
export class Invites extends Context.Service<Invites, InvitesShape>()("@tawreed/core/invites/Invites") {
  static readonly layer = Layer.effect(
    Invites,
    Effect.gen(function* () {
      const stored = yield* InviteRepository
      const vendors = yield* VendorRepository
      const lists = yield* ListCounts
      const tokens = yield* SessionTokens
      const mailer = yield* Mailer
      const throttle = yield* Throttle
      const transactions = yield* Transactions
      const files = yield* Files
      const hasher = yield* PasswordHasher
      const commonPasswords = yield* CommonPasswords
      const users = yield* UserRepository
      const organisations = yield* OrganisationRepository
      const notifications = yield* NotificationRepository
      const directory = yield* ApproverDirectory
      const auditLog = yield* AuditLog
      const approvals = yield* Approvals
      const orgSettings = yield* OrgSettingsRepository
      const { commandOf, guard, audit } = yield* moduleCommands
      const approval = documentApproval(approvals, {
        statuses: inviteApprovalStatuses,
        machine: inviteStatusMachine
      })
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const reading = { module: vendorsModule, privileges: vendorPrivileges.read }
      const creating = { module: vendorsModule, privileges: vendorPrivileges.create }
      const updating = { module: vendorsModule, privileges: vendorPrivileges.update }

      /** The invitation as it reads now (EXPIRED once a link the vendor holds has lapsed). */
      const asNow = (invite: Invite, at: Date): Invite =>
        new Invite({ ...invite, status: inviteStatusAt(invite.status, new Date(invite.expiresAt), at) })

      const found = Effect.fn("Invites.found")(function* (orgId: OrgId, id: string) {
        const invite = yield* stored.find(orgId, id)
        if (Option.isNone(invite)) return yield* new InviteNotFound({ id })
        return invite.value
      })

      const template = Effect.fn("Invites.template")(function* (orgId: OrgId, id: string) {
        const t = yield* stored.findTemplate(orgId, id)
        if (Option.isNone(t)) return yield* new QuestionnaireNotFound({ id })
        return t.value
      })

      const changed = (orgId: OrgId) => lists.changed(orgId, inviteListKind)

      /** Writes an invitation at the version read, marking the lists stale. */
      const save = Effect.fn("Invites.save")(function* (
        orgId: OrgId,
        invite: Invite,
        record: InviteRecord,
        secrets: { readonly tokenHash?: string | null; readonly passwordHash?: string | null } = {}
      ) {
        const saved = yield* stored.update(orgId, invite.id, record, secrets, invite.version)
        if (Option.isNone(saved)) return yield* new InviteNotFound({ id: invite.id })
        yield* changed(orgId)
        return saved.value
      })

      const buyerName = Effect.fn("Invites.buyerName")(function* (orgId: OrgId) {
        const org = yield* organisations.findById(orgId)
        return Option.isSome(org) ? org.value.name : ""
      })

      /** Who invites, as the vendor's pages show it: the organisation's name and the logo of its settings. */
      const buyerOf = Effect.fn("Invites.buyerOf")(function* (orgId: OrgId) {
        const name = yield* buyerName(orgId)
        const settings = yield* orgSettings.find(orgId)
        const logo = Option.isSome(settings) ? (settings.value.orgLogo ?? null) : null
        return new InviteBuyer({ name, logo: logo !== null && logo.trim() !== "" ? logo : null })
      })

      const mail = Effect.fn("Invites.mail")(function* (
        orgId: OrgId,
        invite: Invite,
        which: keyof typeof mails,
        values: { readonly link?: string; readonly until?: string; readonly message?: string }
      ) {
        const buyer = yield* buyerName(orgId)
        const fill = (text: Translated) =>
          interpolate(text[invite.locale], {
            buyer,
            vendor: invite.registration?.nameEn || invite.registration?.nameAr || invite.vendorName,
            date: values.until?.slice(0, 10) ?? "",
            message: values.message ?? "",
            organisation: invite.registration?.linkedOrgName ?? ""
          }).replace("{link}", values.link ?? "")
        yield* mailer
          .send(
            new OutgoingMail({
              orgId,
              to: invite.email,
              subject: fill(mails[which].subject),
              text: fill(mails[which].text)
            })
          )
          .pipe(Effect.orDie)
      })

      const expiryDays = Effect.fn("Invites.expiryDays")(function* (orgId: OrgId) {
        const rules = yield* stored.rules(orgId)
        return rules.expiryDays
      })

      /** A new link for the invitation: its token (mailed), the hash kept, and when it lapses. */
      const newLink = Effect.fn("Invites.newLink")(function* (orgId: OrgId) {
        const issued = yield* tokens.issue
        const days = yield* expiryDays(orgId)
        const at = yield* now
        return { ...issued, days, expiresAt: new Date(at.getTime() + days * 24 * 60 * 60 * 1000).toISOString() }
      })

      // -------------------------------------------------------------------------------------------------------
      // Questionnaires and rules.

      const questionnaires = Effect.fn("Invites.questionnaires")(function* (actor: Actor) {
        yield* guard(actor, reading)
        const all = yield* stored.templates(actor.orgId)
        return new QuestionnaireList({
          questionnaires: [...all].sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
        })
      })

      const questionnaire = Effect.fn("Invites.questionnaire")(function* (actor: Actor, id: string) {
        yield* guard(actor, reading)
        return yield* template(actor.orgId, id)
      })

      const checked = Effect.fn("Invites.checked")(function* (input: NewQuestionnaireInput) {
        const result = checkTemplate(input)
        if (isTemplateProblem(result)) return yield* new InvalidField(result)
        return result
      })

      const createQuestionnaire = commandOf(
        "Invites.createQuestionnaire",
        updating,
        function* (actor: Actor, input: NewQuestionnaireInput, origin: RequestOrigin = noOrigin) {
          const fields = yield* checked(input)
          const first = (yield* stored.templates(actor.orgId)).length === 0
          const made = yield* stored.insertTemplate(actor.orgId, {
            ...fields,
            isDefault: input.isDefault === true || first
          })
          yield* audit(actor, "questionnaire.created", origin, { questionnaireId: made.id })
          return made
        }
      )

      const updateQuestionnaire = commandOf(
        "Invites.updateQuestionnaire",
        updating,
        function* (actor: Actor, id: string, input: QuestionnaireUpdateInput, origin: RequestOrigin = noOrigin) {
          const before = yield* template(actor.orgId, id)
          if (before.version !== input.version) return yield* new VersionConflict({ entity: "questionnaire", id })
          const fields = yield* checked(input)
          const saved = yield* stored.updateTemplate(
            actor.orgId,
            id,
            { ...fields, isDefault: before.isDefault || input.isDefault === true },
            input.version
          )
          if (Option.isNone(saved)) return yield* new QuestionnaireNotFound({ id })
          yield* audit(actor, "questionnaire.updated", origin, { questionnaireId: id })
          return saved.value
        }
      )

      const rules = Effect.fn("Invites.rules")(function* (actor: Actor) {
        yield* guard(actor, reading)
        return yield* stored.rules(actor.orgId)
      })

      const saveRules = commandOf(
        "Invites.saveRules",
        updating,
        function* (actor: Actor, input: OnboardingRulesInput, origin: RequestOrigin = noOrigin) {
          if (input.expiryDays < inviteExpiryDaysRange.min || input.expiryDays > inviteExpiryDaysRange.max) {
            return yield* new InvalidField({ field: "expiryDays", problem: "outOfRange" })
          }
          const saved = yield* stored.saveRules(actor.orgId, input.expiryDays, input.version)
          yield* audit(actor, "onboarding_rules.updated", origin, { expiryDays: String(saved.expiryDays) })
          return saved
        }
      )

      // -------------------------------------------------------------------------------------------------------
      // Invitations, the buyer's side.

      /** Stores a new invitation for a vendor to the questionnaire as it reads now, and mails its link. */
      const send = Effect.fn("Invites.send")(function* (
        orgId: OrgId,
        chosen: QuestionnaireTemplate,
        who: { readonly vendorName: string; readonly email: string; readonly locale: Locale },
        createdBy: string,
        fromPublicLink: boolean,
        baseUrl: string
      ) {
        const link = yield* newLink(orgId)
        const made = yield* stored.insert(
          orgId,
          {
            status: "INVITED",
            vendorName: who.vendorName,
            email: who.email,
            locale: who.locale,
            questionnaire: new InviteQuestionnaire({
              templateId: chosen.id,
              name: chosen.name,
              sections: chosen.sections
            }),
            answers: [],
            registration: null,
            vendorMessage: "",
            fromPublicLink,
            vendorId: null,
            expiresAt: link.expiresAt,
            submittedAt: null,
            createdBy
          },
          { tokenHash: link.hash }
        )
        yield* changed(orgId)
        yield* mail(orgId, made, "invited", {
          link: inviteLink(baseUrl, who.locale, link.token),
          until: link.expiresAt
        })
        return made
      })

      const invite = commandOf(
        "Invites.invite",
        creating,
        function* (actor: Actor, input: NewInviteInput, baseUrl: string, origin: RequestOrigin = noOrigin) {
          const vendorName = input.vendorName.trim()
          if (vendorName === "") return yield* new InvalidField({ field: "vendorName", problem: "required" })
          const email = normaliseEmail(input.email)
          if (!isEmail(email)) return yield* new InvalidField({ field: "email", problem: "notEmail" })
          const templateId = input.templateId?.trim() ?? ""
          let chosen: QuestionnaireTemplate
          if (templateId !== "") chosen = yield* template(actor.orgId, templateId)
          else {
            const all = yield* stored.templates(actor.orgId)
            const fallback = all.find((t) => t.isDefault) ?? all[0]
            if (fallback === undefined) return yield* new QuestionnaireMissing()
            chosen = fallback
          }
          const made = yield* send(
            actor.orgId,
            chosen,
            { vendorName, email, locale: input.locale ?? "en" },
            actor.userId,
            false,
            baseUrl
          )
          yield* audit(actor, "invite.sent", origin, { inviteId: made.id, number: made.number })
          return made
        }
      )

      const list = Effect.fn("Invites.list")(function* (actor: Actor, params: InviteListParams) {
        yield* guard(actor, reading)
        const paging = yield* pageRequest(params.page, params.limit)
        const statuses = [...new Set(params.statuses ?? [])].filter((s) => s.trim() !== "")
        if (statuses.some((s) => !(InviteStatusSchema.literals as ReadonlyArray<string>).includes(s))) {
          return yield* new InvalidField({ field: "status", problem: "notOneOf" })
        }
        const search = params.search?.trim() ?? ""
        if (search.length > searchLimit) return yield* new InvalidField({ field: "search", problem: "tooLong" })
        const at = yield* now
        const filter: InviteFilter = {
          statuses: statuses.length > 0 ? (statuses as ReadonlyArray<InviteStatus>) : undefined,
          search: search === "" ? undefined : search,
          now: at
        }
        const page = yield* stored.list(actor.orgId, { ...filter, offset: paging.offset, limit: paging.limit })
        // Counts read the statuses as of now, so they are not kept between requests as other lists' are.
        const counts = yield* stored.counts(actor.orgId, filter)
        const totalCount = counts
          .filter((c) => filter.statuses === undefined || filter.statuses.includes(c.status))
          .reduce((sum, c) => sum + c.count, 0)
        return new InvitePage({
          invites: page.map((i) => asNow(i, at)),
          totalCount,
          statusList: counts.map((c) => new InviteStatusCount(c))
        })
      })

      const get = Effect.fn("Invites.get")(function* (actor: Actor, id: string) {
        yield* guard(actor, reading)
        const { invite } = yield* found(actor.orgId, id)
        return asNow(invite, yield* now)
      })

      const refuse = (status: InviteStatus) => new InviteStatusRefused({ status })

      const remind = commandOf(
        "Invites.remind",
        creating,
        function* (actor: Actor, id: string, baseUrl: string, origin: RequestOrigin = noOrigin) {
          const { invite } = yield* found(actor.orgId, id)
          const at = yield* now
          const reads = inviteStatusAt(invite.status, new Date(invite.expiresAt), at)
          if (!vendorHeldStatuses.includes(reads) && reads !== "EXPIRED") return yield* refuse(reads)
          const link = yield* newLink(actor.orgId)
          const status: InviteStatus = reads === "EXPIRED" && invite.status === "INVITED" ? "INVITED" : invite.status
          const saved = yield* save(
            actor.orgId,
            invite,
            { ...recordOf(invite), status, expiresAt: link.expiresAt },
            { tokenHash: link.hash }
          )
          yield* mail(actor.orgId, saved, "reminder", {
            link: inviteLink(baseUrl, saved.locale, link.token),
            until: link.expiresAt
          })
          yield* audit(actor, "invite.reminded", origin, { inviteId: saved.id, number: saved.number })
          return asNow(saved, at)
        }
      )

      const cancel = commandOf(
        "Invites.cancel",
        creating,
        function* (actor: Actor, id: string, origin: RequestOrigin = noOrigin) {
          const { invite } = yield* found(actor.orgId, id)
          const at = yield* now
          const reads = inviteStatusAt(invite.status, new Date(invite.expiresAt), at)
          if (!inviteStatusMachine.canTransition(reads, "CANCELLED")) return yield* refuse(reads)
          const saved = yield* save(
            actor.orgId,
            invite,
            { ...recordOf(invite), status: "CANCELLED" },
            { tokenHash: null }
          )
          yield* audit(actor, "invite.cancelled", origin, { inviteId: saved.id, number: saved.number })
          return saved
        }
      )

      const subjectOf = (invite: Invite) =>
        new ApprovalSubject({
          kind: "invite",
          documentId: invite.id,
          documentNumber: invite.number,
          workspaceId: null,
          title: invite.registration?.nameEn || invite.registration?.nameAr || invite.vendorName,
          // The vendor applies: the invitation itself stands for it, so the buyer who invited may review.
          requesterId: invite.id,
          createdBy: invite.id,
          value: "0",
          categories: []
        })

      /**
       * What approval makes: the vendor organisation with its first user (who signs in with the password chosen
       * at registration), and the buyer's vendor, active and connected to it. A registration that links an
       * organisation already on Tawreed makes no organisation and no user: the buyer's vendor is connected to the
       * linked one. Refused, with nothing made, when the email has an account, when the CR or VAT number is another
       * vendor's, or when the buyer already has a vendor connected to the linked organisation (the store's unique
       * connection decides, so two approvals at once cannot both connect it).
       */
      const onboard = Effect.fn("Invites.onboard")(function* (orgId: OrgId, row: StoredInvite, actorId: string) {
        const { invite, passwordHash } = row
        const registration = invite.registration
        const linkedOrgId = registration?.linkedOrgId ?? null
        if (registration === null || (passwordHash === null && linkedOrgId === null)) {
          return yield* new InviteNotRegistered()
        }
        const alreadyConnected = Effect.gen(function* () {
          return new InviteOrgConnected({
            organisation: registration.linkedOrgName ?? "",
            buyer: yield* buyerName(orgId)
          })
        })
        if (linkedOrgId !== null && Option.isSome(yield* vendors.findConnected(orgId, linkedOrgId))) {
          return yield* Effect.flatMap(alreadyConnected, Effect.fail)
        }
        const crNumber = registration.crNumber === "" ? null : registration.crNumber
        const vatNumber = registration.vatNumber === "" ? null : registration.vatNumber
        const name = { en: registration.nameEn, ar: registration.nameAr }
        const takenBy = (other: { readonly name: VendorName }) => ({
          nameEn: other.name.en || other.name.ar,
          nameAr: other.name.ar || other.name.en
        })
        if (crNumber !== null) {
          const other = yield* vendors.findByRegistration(orgId, "crNumber", crNumber, null)
          if (Option.isSome(other)) return yield* new VendorCrNumberTaken({ crNumber, ...takenBy(other.value) })
        }
        if (vatNumber !== null) {
          const other = yield* vendors.findByRegistration(orgId, "vatNumber", vatNumber, null)
          if (Option.isSome(other)) return yield* new VendorVatNumberTaken({ vatNumber, ...takenBy(other.value) })
        }
        const vendorOrgId = linkedOrgId !== null ? (linkedOrgId as OrgId) : ((yield* tokens.newId) as OrgId)
        if (linkedOrgId === null && passwordHash !== null) {
          yield* organisations
            .register(
              new Organisation({
                id: vendorOrgId,
                code: organisationCode(name.en || invite.vendorName),
                name: name.en || name.ar,
                orgType: "vendor",
                currency: "SAR",
                active: true
              }),
              new User({
                id: (yield* tokens.newId) as UserId,
                orgId: vendorOrgId,
                email: invite.email,
                firstName: registration.firstName,
                lastName: registration.lastName,
                status: "ACTIVE",
                roles: ["org_super_user"]
              }),
              passwordHash
            )
            .pipe(Effect.catchTag("EmailTaken", () => Effect.fail(new InviteEmailTaken({ email: invite.email }))))
        }
        const vendor = yield* vendors.insert(orgId, {
          name: new VendorName(name),
          country: registration.country,
          crNumber,
          vatNumber,
          addresses: [
            new VendorAddress({
              label: "",
              line1: registration.addressLine,
              line2: "",
              city: registration.city,
              region: "",
              postalCode: registration.postalCode,
              country: registration.country
            })
          ],
          contacts: [
            new VendorContact({
              name: `${registration.firstName} ${registration.lastName}`.trim(),
              email: invite.email,
              phone: registration.phone,
              primary: true
            })
          ],
          bankAccounts:
            registration.iban === ""
              ? []
              : [
                  new VendorBankAccount({
                    bankName: registration.bankName,
                    accountName: name.en || name.ar,
                    iban: registration.iban,
                    swift: ""
                  })
                ],
          categories: [],
          paymentTermsDays: 30,
          currency: "SAR",
          status: "VENDOR_ACTIVE",
          documents: [],
          hold: null,
          remarks: "",
          createdBy: actorId
        })
        yield* vendors
          .connect(orgId, vendor.id, vendorOrgId)
          .pipe(Effect.catchTag("VendorAlreadyConnected", () => Effect.flatMap(alreadyConnected, Effect.fail)))
        yield* lists.changed(orgId, vendorListKind)
        return vendor.id
      })

      /** Moves the invitation to where a submission or a decision put it, and tells the vendor. */
      const settle = Effect.fn("Invites.settle")(function* (
        orgId: OrgId,
        row: StoredInvite,
        status: InviteStatus,
        actorId: string,
        baseUrl: string,
        vendorMessage: string
      ) {
        const { invite } = row
        if (status === "APPROVED") {
          const vendorId = yield* onboard(orgId, row, actorId)
          const saved = yield* save(orgId, invite, { ...recordOf(invite), status, vendorId, vendorMessage: "" })
          const linked = (saved.registration?.linkedOrgId ?? null) !== null
          yield* mail(orgId, saved, linked ? "approvedLinked" : "approved", {
            link: `${baseUrl.replace(/\/$/, "")}/${saved.locale}/auth/login`
          })
          return saved
        }
        if (status === "RETURNED") {
          const link = yield* newLink(orgId)
          const saved = yield* save(
            orgId,
            invite,
            { ...recordOf(invite), status, vendorMessage, expiresAt: link.expiresAt },
            { tokenHash: link.hash }
          )
          yield* mail(orgId, saved, "returned", {
            link: inviteLink(baseUrl, saved.locale, link.token),
            until: link.expiresAt,
            message: vendorMessage
          })
          return saved
        }
        if (status === "REJECTED") {
          const saved = yield* save(orgId, invite, { ...recordOf(invite), status, vendorMessage }, { tokenHash: null })
          yield* mail(orgId, saved, "rejected", { message: vendorMessage })
          return saved
        }
        return yield* save(orgId, invite, { ...recordOf(invite), status })
      })

      // The engine says who may decide: no module privilege is asked beyond the module being on.
      const review = commandOf(
        "Invites.review",
        { module: vendorsModule },
        function* (
          actor: Actor,
          id: string,
          input: InviteReviewInput,
          baseUrl: string,
          origin: RequestOrigin = noOrigin
        ) {
          const row = yield* found(actor.orgId, id)
          const { invite } = row
          const decision = input.payload
          if (decision.version !== undefined && decision.version !== invite.version) {
            return yield* new VersionConflict({ entity: "invite", id })
          }
          if (invite.status !== "UNDER_REVIEW") return yield* refuse(invite.status)
          const reviewed = yield* approval.review(actor, subjectOf(invite), {
            action: decision.action,
            remark: decision.remark,
            isSuperApproval: input.isSuperApproval ?? decision.isSuperApproval ?? false
          })
          yield* audit(actor, "invite.reviewed", origin, {
            inviteId: invite.id,
            number: invite.number,
            action: decision.action
          })
          if (reviewed.pending) return invite
          const saved = yield* settle(
            actor.orgId,
            row,
            reviewed.status,
            actor.userId,
            baseUrl,
            (decision.vendorMessage ?? "").trim()
          )
          if (saved.status === "APPROVED") {
            yield* audit(actor, "invite.approved", origin, {
              inviteId: saved.id,
              number: saved.number,
              vendorId: saved.vendorId ?? ""
            })
          }
          return saved
        }
      )

      const withdrawReview = commandOf(
        "Invites.withdrawReview",
        creating,
        function* (actor: Actor, id: string, remark: string, baseUrl: string, origin: RequestOrigin = noOrigin) {
          const { invite } = yield* found(actor.orgId, id)
          // Whoever asked for the review takes it back: the invitation's owner, or a vendor administrator.
          if (invite.createdBy !== actor.userId && !actor.privileges.includes("ven_u_o")) {
            return yield* new InsufficientPrivileges({ required: [...vendorPrivileges.update] })
          }
          if (!inviteStatusMachine.canTransition(invite.status, "OPENED") || invite.status !== "UNDER_REVIEW") {
            return yield* refuse(invite.status)
          }
          const note = remark.trim()
          yield* approvals.withdraw(actor, "invite", invite.id, note)
          const url = inviteKind.path(invite.id)
          const reviewers = [...new Set(invite.questionnaire.sections.flatMap((s) => s.reviewerIds))]
          yield* Effect.forEach(
            reviewers,
            (userId) =>
              notifications.markDocumentRead(
                new Recipient({ orgId: actor.orgId, userId: userId as UserId }),
                "QUESTIONNAIRE_SECTION_ASSIGNED",
                url
              ),
            { discard: true }
          )
          const link = yield* newLink(actor.orgId)
          const saved = yield* save(
            actor.orgId,
            invite,
            { ...recordOf(invite), status: "OPENED", vendorMessage: note, expiresAt: link.expiresAt },
            { tokenHash: link.hash }
          )
          yield* mail(actor.orgId, saved, "withdrawn", {
            link: inviteLink(baseUrl, saved.locale, link.token),
            until: link.expiresAt,
            message: note
          })
          yield* audit(actor, "invite.withdrawn", origin, { inviteId: saved.id, number: saved.number })
          return saved
        }
      )

      const timeline = Effect.fn("Invites.timeline")(function* (actor: Actor, id: string) {
        yield* guard(actor, reading)
        yield* found(actor.orgId, id)
        return yield* approvals.timeline(actor, "invite", id)
      })

      // -------------------------------------------------------------------------------------------------------
      // The vendor's side, by the link's token.

      const linkTries = (origin: RequestOrigin) => `invite-links:${origin.address ?? "unknown"}`

      /**
       * A link that names nothing, counted against the address it came from: refused as invalid, and past the tries
       * of an hour as throttled. A link that names an invitation is never throttled (its 256 random bits are not
       * guessed), so a vendor behind a busy address still gets in.
       */
      const badLink = (origin: RequestOrigin): Effect.Effect<never, InviteLinkThrottled | InviteLinkInvalid> =>
        Effect.flatMap(throttle.hit(linkTries(origin), Duration.hours(1)), (tries) =>
          tries > linkTriesPerHour
            ? Effect.fail<InviteLinkThrottled | InviteLinkInvalid>(new InviteLinkThrottled({ minutes: 60 }))
            : Effect.fail<InviteLinkThrottled | InviteLinkInvalid>(new InviteLinkInvalid())
        )

      /**
       * The invitation a token names, inside its organisation's transaction: refused when the address tried too
       * many bad links, when no invitation has this token, once used (submitted), or lapsed.
       */
      const byToken = <A, E, R>(
        token: string,
        origin: RequestOrigin,
        work: (orgId: OrgId, row: StoredInvite) => Effect.Effect<A, E, R>
      ) =>
        Effect.gen(function* () {
          const hash = /^[A-Za-z0-9_-]{20,200}$/.test(token) ? yield* tokens.digest(token) : ""
          const named = hash === "" ? Option.none() : yield* stored.findByToken(hash)
          if (Option.isNone(named)) return yield* badLink(origin)
          const { orgId, id } = named.value
          return yield* transactions.inOrg(
            orgId,
            Effect.gen(function* () {
              const row = yield* stored.find(orgId, id)
              if (Option.isNone(row) || row.value.tokenHash !== hash) return yield* new InviteLinkInvalid()
              const { invite } = row.value
              if (!vendorHeldStatuses.includes(invite.status)) return yield* new InviteLinkUsed()
              if (new Date(invite.expiresAt).getTime() <= (yield* now).getTime()) return yield* new InviteLinkExpired()
              return yield* work(orgId, row.value)
            })
          )
        })

      const openView = Effect.fn("Invites.openView")(function* (orgId: OrgId, invite: Invite) {
        return new OpenInvite({
          status: invite.status,
          vendorName: invite.vendorName,
          email: invite.email,
          locale: invite.locale,
          buyer: yield* buyerOf(orgId),
          registration: invite.registration,
          vendorMessage: invite.vendorMessage,
          expiresAt: invite.expiresAt
        })
      })

      const record = (
        orgId: OrgId,
        invite: Invite,
        event: "invite.opened" | "invite.registered" | "invite.answered" | "invite.submitted",
        origin: RequestOrigin
      ) =>
        auditLog.record(
          new AuditEvent({
            orgId,
            actorId: null,
            event,
            address: origin.address,
            detail: { inviteId: invite.id, number: invite.number }
          })
        )

      const open = (token: string, origin: RequestOrigin = noOrigin) =>
        byToken(token, origin, (orgId, row) =>
          Effect.gen(function* () {
            let invite = row.invite
            if (invite.status === "INVITED") {
              invite = yield* save(orgId, invite, { ...recordOf(invite), status: "OPENED" })
              yield* record(orgId, invite, "invite.opened", origin)
            }
            return yield* openView(orgId, invite)
          })
        )

      const checkRegistration = Effect.fn("Invites.checkRegistration")(function* (
        input: InviteRegistrationInput,
        before: InviteRegistration | null
      ) {
        const text = (given: string | undefined, kept: string | undefined) => (given ?? kept ?? "").trim()
        const nameEn = text(input.nameEn, before?.nameEn)
        const nameAr = text(input.nameAr, before?.nameAr)
        if (nameEn === "" && nameAr === "") {
          return yield* new InvalidField({ field: "nameEn", problem: "nameInOneLanguage" })
        }
        const country = text(input.country, before?.country).toUpperCase() || "SA"
        if (!/^[A-Z]{2}$/.test(country)) return yield* new InvalidField({ field: "country", problem: "format" })
        const saudi = country === "SA"
        const crNumber = compactIdentifier(text(input.crNumber, before?.crNumber))
        if (crNumber !== "" && !(saudi ? isSaudiCrNumber(crNumber) : isForeignRegistration(crNumber))) {
          return yield* new VendorCrNumberInvalid({ crNumber })
        }
        const vatNumber = compactIdentifier(text(input.vatNumber, before?.vatNumber))
        if (vatNumber !== "" && !(saudi ? isSaudiVatNumber(vatNumber) : isForeignRegistration(vatNumber))) {
          return yield* new VendorVatNumberInvalid({ vatNumber })
        }
        const firstName = text(input.firstName, before?.firstName)
        if (firstName === "") return yield* new InvalidField({ field: "firstName", problem: "required" })
        const lastName = text(input.lastName, before?.lastName)
        if (lastName === "") return yield* new InvalidField({ field: "lastName", problem: "required" })
        const phone = text(input.phone, before?.phone)
        if (phone !== "" && !phonePattern.test(phone))
          return yield* new InvalidField({ field: "phone", problem: "format" })
        const givenIban = text(input.iban, before?.iban)
        const iban = compactIdentifier(givenIban)
        if (iban !== "" && !isValidIban(iban)) return yield* new VendorIbanInvalid({ iban: givenIban.slice(0, 40) })
        return new InviteRegistration({
          nameEn,
          nameAr,
          country,
          crNumber,
          vatNumber,
          addressLine: text(input.addressLine, before?.addressLine),
          city: text(input.city, before?.city),
          postalCode: text(input.postalCode, before?.postalCode),
          firstName,
          lastName,
          phone,
          bankName: text(input.bankName, before?.bankName),
          iban,
          linkedOrgId: before?.linkedOrgId ?? null,
          linkedOrgName: before?.linkedOrgName ?? null
        })
      })

      const register = (token: string, input: InviteRegistrationInput, origin: RequestOrigin = noOrigin) =>
        byToken(token, origin, (orgId, row) =>
          Effect.gen(function* () {
            const registration = yield* checkRegistration(input, row.invite.registration)
            // A linked organisation has its users already: no first user, so no password and no email check.
            const linked = (registration.linkedOrgId ?? null) !== null
            const password = linked ? "" : (input.password ?? "")
            if (password === "" && row.passwordHash === null && !linked) {
              return yield* new InvalidField({ field: "password", problem: "required" })
            }
            let passwordHash: string | undefined
            if (password !== "") {
              const accepted = yield* checkPassword(password).pipe(
                Effect.provideService(CommonPasswords, commonPasswords)
              )
              passwordHash = yield* hasher.hash(accepted)
            }
            if (!linked && Option.isSome(yield* users.findCredentials(row.invite.email))) {
              return yield* new InviteEmailTaken({ email: row.invite.email })
            }
            const status: InviteStatus = row.invite.status === "INVITED" ? "OPENED" : row.invite.status
            const saved = yield* save(
              orgId,
              row.invite,
              { ...recordOf(row.invite), status, registration },
              passwordHash === undefined ? {} : { passwordHash }
            )
            yield* record(orgId, saved, "invite.registered", origin)
            return yield* openView(orgId, saved)
          })
        )

      /** The organisation's value where it is valid for the registration, else what the registration had. */
      const identifierOr = (given: string | undefined, valid: (value: string) => boolean, kept: string) => {
        const value = compactIdentifier(given ?? "")
        return value !== "" && valid(value) ? value : kept
      }

      /** An address of the organisation's profile, read where it is a line or has the usual parts. */
      const addressOf = (address: unknown) => {
        if (typeof address === "string") return { addressLine: address.trim(), city: "", postalCode: "" }
        if (typeof address !== "object" || address === null) return { addressLine: "", city: "", postalCode: "" }
        const part = (...names: ReadonlyArray<string>) => {
          for (const name of names) {
            const value = (address as Record<string, unknown>)[name]
            if (typeof value === "string" && value.trim() !== "") return value.trim()
          }
          return ""
        }
        return {
          addressLine: part("addressLine", "line1", "street", "address"),
          city: part("city"),
          postalCode: part("postalCode", "zipCode", "zip")
        }
      }

      const link = (token: string, actor: Actor, origin: RequestOrigin = noOrigin) =>
        Effect.gen(function* () {
          // The session's organisation is read in its own transaction: row-level security shows each its own.
          const own = yield* transactions.inOrg(actor.orgId, orgSettings.find(actor.orgId))
          return yield* byToken(token, origin, (orgId, row) =>
            Effect.gen(function* () {
              const organisation = Option.isSome(own) ? own.value.orgName : ""
              if (Option.isNone(own) || own.value.orgType !== "vendor") {
                return yield* new InviteLinkNotVendor({ organisation })
              }
              if (!actor.privileges.includes(organisationLinkPrivilege)) {
                return yield* new InviteLinkNotAdmin({ organisation })
              }
              if (Option.isSome(yield* vendors.findConnected(orgId, actor.orgId))) {
                return yield* new InviteOrgConnected({ organisation, buyer: yield* buyerName(orgId) })
              }
              const { profile } = own.value
              const before = row.invite.registration
              const country = before?.country || "SA"
              const saudi = country === "SA"
              const address = addressOf(profile.orgAddress)
              const [first = "", ...rest] = actor.displayName.trim().split(/\s+/)
              const registration = new InviteRegistration({
                nameEn: organisation || before?.nameEn || "",
                nameAr: profile.orgDisplayNameTranslation?.["ar"]?.trim() || before?.nameAr || "",
                country,
                crNumber: identifierOr(
                  profile.orgRegNo,
                  saudi ? isSaudiCrNumber : isForeignRegistration,
                  before?.crNumber ?? ""
                ),
                vatNumber: identifierOr(
                  profile.taxCertificationNo,
                  saudi ? isSaudiVatNumber : isForeignRegistration,
                  before?.vatNumber ?? ""
                ),
                addressLine: address.addressLine || before?.addressLine || "",
                city: address.city || before?.city || "",
                postalCode: address.postalCode || before?.postalCode || "",
                firstName: before?.firstName || first,
                lastName: before?.lastName || rest.join(" "),
                phone: before?.phone ?? "",
                bankName: before?.bankName ?? "",
                iban: before?.iban ?? "",
                linkedOrgId: actor.orgId,
                linkedOrgName: organisation
              })
              const status: InviteStatus = row.invite.status === "INVITED" ? "OPENED" : row.invite.status
              // The password a new organisation's first user would have had goes: a linked one has its users.
              const saved = yield* save(
                orgId,
                row.invite,
                { ...recordOf(row.invite), status, registration },
                { passwordHash: null }
              )
              yield* auditLog.record(
                new AuditEvent({
                  orgId,
                  actorId: null,
                  event: "invite.linked",
                  address: origin.address,
                  detail: { inviteId: saved.id, number: saved.number, linkedOrgId: actor.orgId, linkedBy: actor.userId }
                })
              )
              return yield* openView(orgId, saved)
            })
          )
        })

      const openQuestionnaire = (token: string, origin: RequestOrigin = noOrigin) =>
        byToken(token, origin, (_orgId, row) =>
          Effect.succeed(
            new OpenQuestionnaire({ questionnaire: row.invite.questionnaire, answers: row.invite.answers })
          )
        )

      /** Tells each section's reviewers that a submitted questionnaire has a section for them. */
      const assignSections = Effect.fn("Invites.assignSections")(function* (orgId: OrgId, invite: Invite) {
        const wanted = [...new Set(invite.questionnaire.sections.flatMap((s) => s.reviewerIds))]
        if (wanted.length === 0) return
        const active = new Set(yield* directory.activeUsers(orgId, wanted))
        for (const section of invite.questionnaire.sections) {
          for (const userId of section.reviewerIds.filter((id) => active.has(id))) {
            const title = (locale: Locale) =>
              interpolate(sectionAssigned[locale], {
                section: section.title[locale] || section.title.en || section.title.ar,
                vendor: invite.registration?.nameEn || invite.vendorName
              })
            yield* notifications.insert(
              new Recipient({ orgId, userId: userId as UserId }),
              new NewNotification({
                module: vendorsModule,
                type: "QUESTIONNAIRE_SECTION_ASSIGNED",
                documentId: invite.number,
                title: { en: title("en"), ar: title("ar") },
                notificationBody: invite.vendorName,
                url: inviteKind.path(invite.id)
              })
            )
          }
        }
      })

      const answer = (token: string, input: OpenAnswersInput, baseUrl: string, origin: RequestOrigin = noOrigin) =>
        byToken(token, origin, (orgId, row) =>
          Effect.gen(function* () {
            const { invite } = row
            const final = input.submit === true
            const checkedAnswers = checkAnswers(invite.questionnaire.sections, input.answers, final)
            if (isAnswersProblem(checkedAnswers)) {
              const question = {
                questionEn: checkedAnswers.question.label.en || checkedAnswers.question.label.ar,
                questionAr: checkedAnswers.question.label.ar || checkedAnswers.question.label.en
              }
              if (checkedAnswers.problem === "unknownQuestion") {
                return yield* new InvalidField({ field: "answers", problem: "notOneOf" })
              }
              return checkedAnswers.problem === "required"
                ? yield* new QuestionnaireAnswerRequired(question)
                : yield* new QuestionnaireAnswerInvalid({ ...question, problem: checkedAnswers.problem })
            }
            const actor = vendorActor(orgId, invite)
            yield* files
              .setAttachments(
                actor,
                new DocumentRef({ kind: inviteAttachmentKind, id: invite.id }),
                uploadedFileIds(invite.questionnaire.sections, checkedAnswers.answers) as ReadonlyArray<FileId>
              )
              .pipe(
                Effect.catchTags({
                  FileNotFound: () => Effect.fail(new InvalidField({ field: "answers", problem: "notAFile" })),
                  FileNotAttachable: () => Effect.fail(new InvalidField({ field: "answers", problem: "notAFile" }))
                })
              )
            const answered = { ...recordOf(invite), answers: checkedAnswers.answers }
            if (!final) {
              const saved = yield* save(orgId, invite, {
                ...answered,
                status: invite.status === "INVITED" ? "OPENED" : invite.status
              })
              yield* record(orgId, saved, "invite.answered", origin)
              return new OpenQuestionnaire({ questionnaire: saved.questionnaire, answers: saved.answers })
            }
            if (
              invite.registration === null ||
              (row.passwordHash === null && (invite.registration.linkedOrgId ?? null) === null)
            ) {
              return yield* new InviteNotRegistered()
            }
            // Saved first at OPENED (or RETURNED), so the engine's subject reads the answers submitted.
            const draft = yield* save(orgId, invite, {
              ...answered,
              status: invite.status === "INVITED" ? "OPENED" : invite.status
            })
            const submitted = yield* approval.submit(actor, subjectOf(draft), draft.status)
            const at = new Date(yield* Clock.currentTimeMillis).toISOString()
            // The link is spent: the vendor's next link comes with a return for correction.
            const pending = yield* save(
              orgId,
              draft,
              { ...recordOf(draft), status: "UNDER_REVIEW", submittedAt: at, vendorMessage: "" },
              { tokenHash: null }
            )
            yield* record(orgId, pending, "invite.submitted", origin)
            yield* assignSections(orgId, pending)
            const outcome = submitted.status
            const final_ =
              outcome === "UNDER_REVIEW"
                ? pending
                : yield* settle(orgId, { ...row, invite: pending }, outcome, invite.id, baseUrl, "")
            return new OpenQuestionnaire({ questionnaire: final_.questionnaire, answers: final_.answers })
          })
        )

      const upload = (token: string, input: UploadInput, origin: RequestOrigin = noOrigin) =>
        byToken(token, origin, (orgId, row) =>
          files.upload(vendorActor(orgId, row.invite), { ...input, entity: inviteAttachmentKind }, origin)
        )

      const publicLink = commandOf(
        "Invites.publicLink",
        creating,
        function* (
          actor: Actor,
          templateId: string,
          baseUrl: string,
          locale: Locale,
          origin: RequestOrigin = noOrigin
        ) {
          const chosen = yield* template(actor.orgId, templateId)
          const issued = yield* tokens.issue
          yield* stored.setPublicLink(actor.orgId, chosen.id, issued.hash)
          yield* audit(actor, "questionnaire.public_link", origin, { questionnaireId: chosen.id })
          return new PublicInviteLink({
            url: `${baseUrl.replace(/\/$/, "")}/${locale}/invites-open/apply/${issued.token}`
          })
        }
      )

      /** The questionnaire a public link names, in its organisation's transaction, or the refusal a bad link gets. */
      const byPublicLink = <A, E, R>(
        token: string,
        origin: RequestOrigin,
        work: (orgId: OrgId, chosen: QuestionnaireTemplate) => Effect.Effect<A, E, R>
      ) =>
        Effect.gen(function* () {
          const hash = /^[A-Za-z0-9_-]{20,200}$/.test(token) ? yield* tokens.digest(token) : ""
          const named = hash === "" ? Option.none() : yield* stored.findByPublicLink(hash)
          if (Option.isNone(named)) return yield* badLink(origin)
          const { orgId, templateId } = named.value
          return yield* transactions.inOrg(
            orgId,
            Effect.gen(function* () {
              const chosen = yield* stored.findTemplate(orgId, templateId)
              if (Option.isNone(chosen)) return yield* new InviteLinkInvalid()
              return yield* work(orgId, chosen.value)
            })
          )
        })

      const publicLinkView = (token: string, origin: RequestOrigin = noOrigin) =>
        byPublicLink(token, origin, (orgId, chosen) =>
          Effect.map(buyerOf(orgId), (buyer) => new PublicLinkView({ buyer, questionnaire: chosen.name }))
        )

      const apply = (token: string, input: PublicApplicationInput, baseUrl: string, origin: RequestOrigin = noOrigin) =>
        byPublicLink(token, origin, (orgId, chosen) =>
          Effect.gen(function* () {
            const vendorName = input.vendorName.trim()
            if (vendorName === "") return yield* new InvalidField({ field: "vendorName", problem: "required" })
            const email = normaliseEmail(input.email)
            if (!isEmail(email)) return yield* new InvalidField({ field: "email", problem: "notEmail" })
            // Each application is counted against the address, as a bad link is: a public link mails at most the
            // hour's tries from one address.
            if ((yield* throttle.hit(linkTries(origin), Duration.hours(1))) > linkTriesPerHour) {
              return yield* new InviteLinkThrottled({ minutes: 60 })
            }
            const made = yield* send(
              orgId,
              chosen,
              { vendorName, email, locale: input.locale ?? "en" },
              chosen.id,
              true,
              baseUrl
            )
            yield* auditLog.record(
              new AuditEvent({
                orgId,
                actorId: null,
                event: "invite.applied",
                address: origin.address,
                detail: { inviteId: made.id, number: made.number }
              })
            )
            return new PublicApplication({ buyer: yield* buyerOf(orgId) })
          })
        )

      return Invites.of({
        questionnaires,
        questionnaire,
        createQuestionnaire,
        updateQuestionnaire,
        rules,
        saveRules,
        invite,
        list,
        get,
        remind,
        cancel,
        review,
        withdrawReview,
        timeline,
        publicLink,
        publicLinkView,
        apply,
        open,
        link,
        register,
        openQuestionnaire,
        answer,
        upload
      })
    })
  )
}

const sectionAssigned: Translated = {
  en: "Section {section} of vendor {vendor} is waiting for your review",
  ar: "القسم {section} من المورد {vendor} بانتظار مراجعتك"
}
