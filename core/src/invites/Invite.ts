import { Schema } from "effect"
import { reviewFields } from "../documents/DocumentReview.ts"
import { Locale } from "../shared/Locale.ts"
import { Answer, AnswersInput, QuestionnaireSection } from "./Questionnaire.ts"
import { InviteStatus } from "./InviteStatus.ts"

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max))

/** The questionnaire an invitation asks, as its template read when it was sent (later edits do not move it). */
export class InviteQuestionnaire extends Schema.Class<InviteQuestionnaire>("InviteQuestionnaire")({
  templateId: Schema.String,
  name: Schema.String,
  sections: Schema.Array(QuestionnaireSection)
}) {}

/**
 * The vendor organisation as the vendor registers it from the link: legal names, registration, address, the
 * contact who becomes its first user, and the bank account it is paid into (checked as the vendor master checks
 * them). The first user's password is kept apart, hashed, and never answered.
 *
 * A vendor whose organisation is already on Tawreed links it instead (`linkedOrgId`, with the organisation's name
 * as it read when linked): approval then makes no organisation and no user, and connects the buyer's new vendor to
 * that organisation. Only the link's own use case sets these two; the registration form never does.
 */
export class InviteRegistration extends Schema.Class<InviteRegistration>("InviteRegistration")({
  nameEn: Schema.String,
  nameAr: Schema.String,
  country: Schema.String,
  crNumber: Schema.String,
  vatNumber: Schema.String,
  addressLine: Schema.String,
  city: Schema.String,
  postalCode: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  phone: Schema.String,
  bankName: Schema.String,
  iban: Schema.String,
  /** The vendor organisation already on Tawreed that this registration links; none when it registers a new one. */
  linkedOrgId: Schema.optionalKey(Schema.NullOr(Schema.String)),
  linkedOrgName: Schema.optionalKey(Schema.NullOr(Schema.String))
}) {}

/**
 * An invitation of a vendor to join the buyer organisation (SPEC.md §7 invites), as the buyer reads it. Its link's
 * token is never kept or answered: only its hash is stored.
 */
export class Invite extends Schema.Class<Invite>("Invite")({
  id: Schema.String,
  /** For people: `VIN-000012`. */
  number: Schema.String,
  status: InviteStatus,
  vendorName: Schema.String,
  email: Schema.String,
  /** The language of the mails the vendor gets. */
  locale: Locale,
  questionnaire: InviteQuestionnaire,
  answers: Schema.Array(Answer),
  registration: Schema.NullOr(InviteRegistration),
  /** What the reviewers last told the vendor when returning it; the reviewers' own remarks stay internal. */
  vendorMessage: Schema.String,
  /** Whether it was opened from the template's public link rather than mailed by the buyer. */
  fromPublicLink: Schema.Boolean,
  /** The vendor (connection) its approval made, once approved. */
  vendorId: Schema.NullOr(Schema.String),
  /** When its link lapses. */
  expiresAt: Schema.String,
  submittedAt: Schema.NullOr(Schema.String),
  createdBy: Schema.String,
  version: Schema.Int,
  createdAt: Schema.String,
  updatedAt: Schema.String
}) {}

/** One line of the list's status counts. */
export class InviteStatusCount extends Schema.Class<InviteStatusCount>("InviteStatusCount")({
  status: InviteStatus,
  count: Schema.Int
}) {}

/** `GET invites`: a page of invitations (newest first), how many match, and the count per status. */
export class InvitePage extends Schema.Class<InvitePage>("InvitePage")({
  invites: Schema.Array(Invite),
  totalCount: Schema.Int,
  statusList: Schema.Array(InviteStatusCount)
}) {}

/** `POST invites`: who is invited, to which questionnaire (the default without one), in which language. */
export class NewInviteInput extends Schema.Class<NewInviteInput>("NewInviteInput")({
  vendorName: Text(300),
  email: Text(254),
  templateId: Schema.optionalKey(Schema.NullOr(Text(100))),
  locale: Schema.optionalKey(Locale)
}) {}

/** The decision of `PUT invites/status/{id}`: the review action, the internal remark and the message to the vendor. */
export class InviteDecision extends Schema.Class<InviteDecision>("InviteDecision")({
  ...reviewFields(["approve", "return", "reject"]),
  /** Mailed to the vendor and shown on its page when returned or rejected; the remark stays internal. */
  vendorMessage: Schema.optionalKey(Text(2000)),
  version: Schema.optionalKey(Schema.Int)
}) {}

/** `PUT invites/status/{id}` (SPEC.md §7 `{payload, isSuperApproval}`). */
export class InviteReviewInput extends Schema.Class<InviteReviewInput>("InviteReviewInput")({
  payload: InviteDecision,
  isSuperApproval: Schema.optionalKey(Schema.Boolean)
}) {}

/** The onboarding rules of the buyer organisation (vendors/settings). */
export class OnboardingRules extends Schema.Class<OnboardingRules>("OnboardingRules")({
  /** Days an invitation's link stays valid. */
  expiryDays: Schema.Int,
  version: Schema.Int
}) {}

/** `PUT questionnaires/rules`. */
export class OnboardingRulesInput extends Schema.Class<OnboardingRulesInput>("OnboardingRulesInput")({
  expiryDays: Schema.Int,
  version: Schema.Int
}) {}

/** A link the buyer shares: `GET invites/public-invite-link/{id}` for a template. */
export class PublicInviteLink extends Schema.Class<PublicInviteLink>("PublicInviteLink")({
  url: Schema.String
}) {}

// ---------------------------------------------------------------------------------------------------------------
// The vendor's side, by the link's token, with no account.

/** What the vendor sees of the buyer organisation. */
export class InviteBuyer extends Schema.Class<InviteBuyer>("InviteBuyer")({
  name: Schema.String,
  /** The address of the organisation's logo from its settings, shown above the vendor's pages; none when unset. */
  logo: Schema.optionalKey(Schema.NullOr(Schema.String))
}) {}

/**
 * `POST invites-open/apply/{token}`: a vendor applying through a questionnaire's public link, with its name, the
 * email its invitation's link is mailed to, and the language of that mail.
 */
export class PublicApplicationInput extends Schema.Class<PublicApplicationInput>("PublicApplicationInput")({
  vendorName: Text(300),
  email: Text(254),
  locale: Schema.optionalKey(Locale)
}) {}

/** What an application answers, whatever the email: the link is in the mail. */
export class PublicApplication extends Schema.Class<PublicApplication>("PublicApplication")({
  buyer: InviteBuyer
}) {}

/** `GET invites-open/apply/{token}`: whose public link it is and which questionnaire it leads to. */
export class PublicLinkView extends Schema.Class<PublicLinkView>("PublicLinkView")({
  buyer: InviteBuyer,
  questionnaire: Schema.String
}) {}

/**
 * `GET invites-open/token/{token}`: the invitation as the vendor reads it: never the buyer's reviewers, remarks
 * or timeline, only the message they sent back.
 */
export class OpenInvite extends Schema.Class<OpenInvite>("OpenInvite")({
  status: InviteStatus,
  vendorName: Schema.String,
  email: Schema.String,
  locale: Locale,
  buyer: InviteBuyer,
  registration: Schema.NullOr(InviteRegistration),
  vendorMessage: Schema.String,
  expiresAt: Schema.String
}) {}

/** `GET questionnaires-open/token/{token}`: the questionnaire and the answers saved so far. */
export class OpenQuestionnaire extends Schema.Class<OpenQuestionnaire>("OpenQuestionnaire")({
  questionnaire: InviteQuestionnaire,
  answers: Schema.Array(Answer)
}) {}

const registrationFields = {
  nameEn: Schema.optionalKey(Text(300)),
  nameAr: Schema.optionalKey(Text(300)),
  country: Schema.optionalKey(Text(2)),
  crNumber: Schema.optionalKey(Text(40)),
  vatNumber: Schema.optionalKey(Text(40)),
  addressLine: Schema.optionalKey(Text(300)),
  city: Schema.optionalKey(Text(100)),
  postalCode: Schema.optionalKey(Text(20)),
  firstName: Schema.optionalKey(Text(100)),
  lastName: Schema.optionalKey(Text(100)),
  phone: Schema.optionalKey(Text(30)),
  bankName: Schema.optionalKey(Text(200)),
  iban: Schema.optionalKey(Text(60))
}

/**
 * `PUT invites-open/token/{token}`: registers the vendor organisation and its first user (the password, needed
 * the first time, may be left out when changing a registration already made).
 */
export class InviteRegistrationInput extends Schema.Class<InviteRegistrationInput>("InviteRegistrationInput")({
  ...registrationFields,
  password: Schema.optionalKey(Text(200))
}) {}

/** `PUT questionnaires-open/token/{token}`: answers saved as a draft, or submitted for review. */
export class OpenAnswersInput extends Schema.Class<OpenAnswersInput>("OpenAnswersInput")({
  answers: AnswersInput,
  submit: Schema.optionalKey(Schema.Boolean)
}) {}

/** The list of `GET invites`: statuses, a search in the name or email, paged. */
export interface InviteListParams {
  readonly page?: number | undefined
  readonly limit?: number | undefined
  readonly statuses?: ReadonlyArray<string> | undefined
  readonly search?: string | undefined
}
