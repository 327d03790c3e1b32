import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Invite, Invites, QuestionnaireTemplate } from "@tawreed/core/invites"
import { Api } from "../Api.ts"
import { receive } from "../files/FilesHandlers.ts"
import { HandlerKit } from "../HandlerKit.ts"

/** The handlers of the buyer's side of vendor onboarding. */
export const InvitesHandlers = HttpApiBuilder.group(Api, "invites", (handlers) =>
  Effect.gen(function* () {
    const { asActor, once } = yield* HandlerKit
    const invites = yield* Invites
    return (
      handlers
        .handle("questionnaires", () => asActor((a) => invites.questionnaires(a)))
        .handle("createQuestionnaire", ({ payload }) =>
          once(payload, QuestionnaireTemplate, (a, { origin }) => invites.createQuestionnaire(a, payload, origin))
        )
        .handle("rules", () => asActor((a) => invites.rules(a)))
        .handle("saveRules", ({ payload }) => asActor((a, { origin }) => invites.saveRules(a, payload, origin)))
        .handle("questionnaire", ({ params }) => asActor((a) => invites.questionnaire(a, params.id)))
        .handle("updateQuestionnaire", ({ params, payload }) =>
          asActor((a, { origin }) => invites.updateQuestionnaire(a, params.id, payload, origin))
        )
        .handle("list", ({ query }) =>
          asActor((a) =>
            invites.list(a, {
              page: query.page,
              limit: query.limit,
              statuses: query.status === undefined ? undefined : query.status.split(","),
              search: query.search
            })
          )
        )
        .handle("invite", ({ payload }) =>
          once(payload, Invite, (a, { origin, baseUrl }) => invites.invite(a, payload, baseUrl, origin))
        )
        .handle("get", ({ params }) => asActor((a) => invites.get(a, params.id)))
        .handle("timeline", ({ params }) => asActor((a) => invites.timeline(a, params.id)))
        .handle("remind", ({ params }) =>
          asActor((a, { origin, baseUrl }) => invites.remind(a, params.id, baseUrl, origin))
        )
        .handle("withdrawReview", ({ params, query }) =>
          asActor((a, { origin, baseUrl }) => invites.withdrawReview(a, params.id, query.remark ?? "", baseUrl, origin))
        )
        .handle("cancel", ({ params }) => asActor((a, { origin }) => invites.cancel(a, params.id, origin)))
        .handle("publicLink", ({ params }) =>
          asActor((a, { origin, baseUrl, locale }) => invites.publicLink(a, params.id, baseUrl, locale, origin))
        )
        .handle("review", ({ params, payload }) =>
          asActor((a, { origin, baseUrl }) => invites.review(a, params.id, payload, baseUrl, origin))
        )
        // Signed in, unlike the rest of invites-open: the session is what names the organisation linked.
        .handle("link", ({ params }) => asActor((a, { origin }) => invites.link(params.token, a, origin)))
    )
  })
)

/** The handlers of the vendor's side, by the link's token. */
export const InvitesOpenHandlers = HttpApiBuilder.group(Api, "invitesOpen", (handlers) =>
  Effect.gen(function* () {
    const { asVisitor } = yield* HandlerKit
    const invites = yield* Invites
    return handlers
      .handle("open", ({ params }) => asVisitor(({ origin }) => invites.open(params.token, origin)))
      .handle("register", ({ params, payload }) =>
        asVisitor(({ origin }) => invites.register(params.token, payload, origin))
      )
      .handle("publicLinkView", ({ params }) => asVisitor(({ origin }) => invites.publicLinkView(params.token, origin)))
      .handle("apply", ({ params, payload }) =>
        asVisitor(({ origin, baseUrl }) => invites.apply(params.token, payload, baseUrl, origin))
      )
      .handle("questionnaire", ({ params }) =>
        asVisitor(({ origin }) => invites.openQuestionnaire(params.token, origin))
      )
      .handle("answer", ({ params, payload }) =>
        asVisitor(({ origin, baseUrl }) => invites.answer(params.token, payload, baseUrl, origin))
      )
      .handle("upload", ({ params, payload }) =>
        asVisitor(({ origin }) =>
          Effect.gen(function* () {
            const received = yield* receive(payload)
            return yield* invites.upload(
              params.token,
              { kind: params.type, entity: "vendor_invite", name: received.name, bytes: received.bytes },
              origin
            )
          })
        )
      )
  })
)
