import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { FileView } from "@tawreed/core/files"
import {
  Invite,
  InvitePage,
  InviteRegistrationInput,
  InviteReviewInput,
  NewInviteInput,
  NewQuestionnaireInput,
  OnboardingRules,
  OnboardingRulesInput,
  OpenAnswersInput,
  OpenInvite,
  OpenQuestionnaire,
  PublicApplication,
  PublicApplicationInput,
  PublicInviteLink,
  PublicLinkView,
  QuestionnaireList,
  QuestionnaireTemplate,
  QuestionnaireUpdateInput
} from "@tawreed/core/invites"
import { TimelineEntry } from "@tawreed/core/approvals"
import { changing, guarded, idParams, keyedHeaders, reading } from "../ApiContract.ts"
import { errors } from "../ApiErrors.ts"
import { UploadForm } from "../files/FilesApi.ts"

/** The query of `GET invites`: the page (from 0), its size, statuses (comma-separated) and a search. */
export const inviteListQuery = {
  page: Schema.optional(Schema.NumberFromString.annotate({ description: "The page, counting from 0." })),
  limit: Schema.optional(Schema.NumberFromString.annotate({ description: "The page size: 10, 25, 50, 100 or 500." })),
  status: Schema.optional(
    Schema.String.annotate({
      description:
        "INVITED, OPENED, UNDER_REVIEW, RETURNED, APPROVED, REJECTED, EXPIRED, CANCELLED; several comma-separated."
    })
  ),
  search: Schema.optional(Schema.String)
}

const Token = { token: Schema.String.check(Schema.isMaxLength(200)) }

/**
 * SPEC.md §7, the buyer's side of vendor onboarding: questionnaires, onboarding rules and invitations. The invite
 * takes an Idempotency-Key. Declared without its middleware: Api.ts adds it behind Authentication.
 */
export class InvitesGroup extends HttpApiGroup.make("invites")
  .add(HttpApiEndpoint.get("questionnaires", "/questionnaires", { success: QuestionnaireList, error: guarded }))
  .add(
    HttpApiEndpoint.post("createQuestionnaire", "/questionnaires", {
      headers: keyedHeaders,
      payload: NewQuestionnaireInput,
      success: QuestionnaireTemplate,
      error: changing
    })
  )
  .add(HttpApiEndpoint.get("rules", "/questionnaires/rules", { success: OnboardingRules, error: guarded }))
  .add(
    HttpApiEndpoint.put("saveRules", "/questionnaires/rules", {
      payload: OnboardingRulesInput,
      success: OnboardingRules,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("questionnaire", "/questionnaires/:id", {
      params: idParams,
      success: QuestionnaireTemplate,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.put("updateQuestionnaire", "/questionnaires/:id", {
      params: idParams,
      payload: QuestionnaireUpdateInput,
      success: QuestionnaireTemplate,
      error: changing
    })
  )
  .add(HttpApiEndpoint.get("list", "/invites", { query: inviteListQuery, success: InvitePage, error: guarded }))
  .add(
    HttpApiEndpoint.post("invite", "/invites", {
      headers: keyedHeaders,
      payload: NewInviteInput,
      success: Invite,
      error: changing
    })
  )
  .add(HttpApiEndpoint.get("get", "/invites/id/:id", { params: idParams, success: Invite, error: reading }))
  .add(
    HttpApiEndpoint.get("timeline", "/invites/timeline/:id", {
      params: idParams,
      success: Schema.Array(TimelineEntry),
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.get("remind", "/invites/send-reminder/:id", {
      params: idParams,
      success: Invite,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("withdrawReview", "/invites/withdraw-review-request/:id", {
      params: idParams,
      query: { remark: Schema.optional(Schema.String.check(Schema.isMaxLength(2000))) },
      success: Invite,
      error: changing
    }).annotate(
      OpenApi.Description,
      "Withdraws the review request of an invitation under review: its approvals close and the vendor gets a new link to correct and submit again."
    )
  )
  .add(HttpApiEndpoint.put("cancel", "/invites/cancel/:id", { params: idParams, success: Invite, error: changing }))
  .add(
    HttpApiEndpoint.get("publicLink", "/invites/public-invite-link/:id", {
      params: idParams,
      success: PublicInviteLink,
      error: reading
    }).annotate(
      OpenApi.Description,
      "A new public link for the questionnaire `id`, which anyone may apply by; the questionnaire's earlier link dies."
    )
  )
  .add(
    HttpApiEndpoint.put("review", "/invites/status/:id", {
      params: idParams,
      payload: InviteReviewInput,
      success: Invite,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("link", "/invites-open/token/:token/link", {
      params: Token,
      success: OpenInvite,
      error: [...changing, errors.TooManyRequests]
    }).annotate(
      OpenApi.Description,
      "The vendor's side, signed in: the invitation (by its link's token) links the caller's vendor organisation, already on Tawreed, instead of registering a new one. Needs a session of a vendor organisation by a user who manages its settings (ost_u_o); refused when the buyer already has a vendor connected to it. On approval the buyer's vendor is connected to that organisation and no organisation or user is made."
    )
  ) {}

/** What the vendor's side answers besides its success: a bad or spent link, a refused answer, too many tries. */
const openErrors = [
  errors.BadRequest,
  errors.NotFound,
  errors.Conflict,
  errors.Unprocessable,
  errors.TooManyRequests,
  errors.Unavailable
] as const

/**
 * SPEC.md §7 `invites-open` and `questionnaires-open`: the vendor's side of an invitation, with no account. The
 * token in the path is the only credential, so this group sits outside Authentication; bad tokens are counted per
 * address and refused for an hour past a limit.
 */
export class InvitesOpenGroup extends HttpApiGroup.make("invitesOpen")
  .add(
    HttpApiEndpoint.get("open", "/invites-open/token/:token", { params: Token, success: OpenInvite, error: openErrors })
  )
  .add(
    HttpApiEndpoint.put("register", "/invites-open/token/:token", {
      params: Token,
      payload: InviteRegistrationInput,
      success: OpenInvite,
      error: openErrors
    })
  )
  .add(
    HttpApiEndpoint.get("publicLinkView", "/invites-open/apply/:token", {
      params: Token,
      success: PublicLinkView,
      error: openErrors
    })
  )
  .add(
    HttpApiEndpoint.post("apply", "/invites-open/apply/:token", {
      params: Token,
      payload: PublicApplicationInput,
      success: PublicApplication,
      error: openErrors
    })
  )
  .add(
    HttpApiEndpoint.get("questionnaire", "/questionnaires-open/token/:token", {
      params: Token,
      success: OpenQuestionnaire,
      error: openErrors
    })
  )
  .add(
    HttpApiEndpoint.put("answer", "/questionnaires-open/token/:token", {
      params: Token,
      payload: OpenAnswersInput,
      success: OpenQuestionnaire,
      error: openErrors
    })
  )
  .add(
    HttpApiEndpoint.post("upload", "/questionnaires-open/token/:token/upload/:type", {
      params: { ...Token, type: Schema.String },
      payload: UploadForm,
      success: FileView,
      error: openErrors
    }).annotate(
      OpenApi.Description,
      "One file in the form field `file` for an upload question, kept for this invitation alone until its answers name it."
    )
  ) {}
