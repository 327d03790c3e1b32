import { Schema } from "effect"

/** No such invitation in the actor's organisation. */
export class InviteNotFound extends Schema.TaggedError<InviteNotFound>()("InviteNotFound", {
  id: Schema.String
}) {}

/** An invitation link whose token names no invitation (mistyped, replaced by a reminder, or cancelled). */
export class InviteLinkInvalid extends Schema.TaggedError<InviteLinkInvalid>()("InviteLinkInvalid", {}) {}

/** An invitation link that lapsed before the vendor submitted. */
export class InviteLinkExpired extends Schema.TaggedError<InviteLinkExpired>()("InviteLinkExpired", {}) {}

/** An invitation link already used: the vendor submitted, and the buyer is reviewing or has decided. */
export class InviteLinkUsed extends Schema.TaggedError<InviteLinkUsed>()("InviteLinkUsed", {}) {}

/** Something asked of an invitation its status does not allow (a reminder of an approved one, …). */
export class InviteStatusRefused extends Schema.TaggedError<InviteStatusRefused>()("InviteStatusRefused", {
  status: Schema.String
}) {}

/** No such questionnaire template in the actor's organisation. */
export class QuestionnaireNotFound extends Schema.TaggedError<QuestionnaireNotFound>()("QuestionnaireNotFound", {
  id: Schema.String
}) {}

/** The organisation has no questionnaire to invite with: one must be made in the vendors' settings first. */
export class QuestionnaireMissing extends Schema.TaggedError<QuestionnaireMissing>()("QuestionnaireMissing", {}) {}

/** A required question left unanswered at submission. */
export class QuestionnaireAnswerRequired extends Schema.TaggedError<QuestionnaireAnswerRequired>()(
  "QuestionnaireAnswerRequired",
  { questionEn: Schema.String, questionAr: Schema.String }
) {}

/** An answer that does not fit its question (an option it does not offer, a point off the scale, …). */
export class QuestionnaireAnswerInvalid extends Schema.TaggedError<QuestionnaireAnswerInvalid>()(
  "QuestionnaireAnswerInvalid",
  { questionEn: Schema.String, questionAr: Schema.String, problem: Schema.String }
) {}

/** A submission before the vendor registered its organisation. */
export class InviteNotRegistered extends Schema.TaggedError<InviteNotRegistered>()("InviteNotRegistered", {}) {}

/** The email the vendor's first user would sign in with already has an account on the platform. */
export class InviteEmailTaken extends Schema.TaggedError<InviteEmailTaken>()("InviteEmailTaken", {
  email: Schema.String
}) {}

/**
 * A registration asked to link an organisation that is not a vendor organisation (the signed-in user's is a buyer,
 * a client, …): only vendor organisations are connected to buyers.
 */
export class InviteLinkNotVendor extends Schema.TaggedError<InviteLinkNotVendor>()("InviteLinkNotVendor", {
  organisation: Schema.String
}) {}

/** The signed-in user may not link their organisation: that takes one who manages its settings (`ost_u_o`). */
export class InviteLinkNotAdmin extends Schema.TaggedError<InviteLinkNotAdmin>()("InviteLinkNotAdmin", {
  organisation: Schema.String
}) {}

/** The buyer already has a vendor connected to the organisation a registration links: it is connected once. */
export class InviteOrgConnected extends Schema.TaggedError<InviteOrgConnected>()("InviteOrgConnected", {
  organisation: Schema.String,
  buyer: Schema.String
}) {}

/** Too many tries of invitation links from one address: it waits before trying again. */
export class InviteLinkThrottled extends Schema.TaggedError<InviteLinkThrottled>()("InviteLinkThrottled", {
  minutes: Schema.Number
}) {}

/** An onboarding form post whose files together pass what the site reads at once; fewer files a save go through. */
export class InviteFormTooLarge extends Schema.TaggedError<InviteFormTooLarge>()("InviteFormTooLarge", {
  megabytes: Schema.Number,
  files: Schema.Number
}) {}
