import type { AstroGlobal } from "astro"
import { Effect, Result, Schema } from "effect"
import type { AppServices } from "@tawreed/adapters/App"
import { readingOnce } from "@tawreed/adapters/storage/PageReads"
import { idempotencyKeyField, once, statusOfKind } from "@tawreed/adapters/http/Edge"
import type { Actor } from "@tawreed/core/identity"
import { Notifications, Recipient } from "@tawreed/core/notifications"
import { describeError, inOrg, type Locale, RequestOrigin } from "@tawreed/core/shared"
import type { Translate } from "../i18n/index.ts"
import { auditRefused, refusedRequest } from "./edge.ts"
import { notFound } from "./responses.ts"
import { leaveToast, type PageToast, takeToast } from "./toast.ts"

/** What a page's reads and writes run for: the signed-in actor, where the request came from, the page's language. */
export interface PageScope {
  readonly actor: Actor
  readonly origin: RequestOrigin
  readonly locale: Locale
  readonly t: Translate
}

/**
 * Where a form's successful post leads (post, redirect, get), and the success toast the page there shows once. It is
 * also what a keyed post stores with its key, so a post sent again goes where the first went.
 */
export const Done = Schema.Struct({ to: Schema.String, toast: Schema.optionalKey(Schema.String) })
export type Done = typeof Done.Type

/** A post's outcome: go to `to`, with `toast` shown there. */
export const goTo = (to: string, toast?: string): Done => (toast === undefined ? { to } : { to, toast })

/** A page: what it reads, and what a post of its form does. */
export interface PageSpec<A> {
  /**
   * What the page shows. A record that does not exist shows page-not-found; any other failure answers the status of
   * its kind, with its message as `refused`.
   */
  readonly load?: (page: PageScope) => Effect.Effect<A, unknown, AppServices>
  /**
   * The write a post asks for, or undefined when the post only changes the form (a row added, a level moved) and the
   * page shows it again as posted. A failure answers the status of its kind, with its message as `failure`.
   */
  readonly form?: (data: FormData, page: PageScope) => Effect.Effect<Done, unknown, AppServices> | undefined
}

/** A page run through `runPage`, to render. */
export interface PageRun<A> {
  readonly actor: Actor
  /** What `load` read; undefined when it failed (or the page reads nothing). */
  readonly data: A | undefined
  /** Why `load` failed, in the catalogue's words. */
  readonly refused: string | undefined
  /** Why the post's write failed, in the catalogue's words. */
  readonly failure: string | undefined
  /** The form as posted, to show again after a refusal or a change of the form itself. */
  readonly posted: FormData | undefined
  /** The toast the previous post left, taken once. */
  readonly toast: PageToast | undefined
}

/** What of Astro a page run uses. */
export type PageAstro = Pick<
  AstroGlobal,
  "locals" | "request" | "url" | "cookies" | "response" | "redirect" | "rewrite"
>

/**
 * Runs a signed-in page's reads in one transaction of the actor's organisation together with the shell's unread
 * count (the bell), which it leaves in `locals.unread` for the shell (layouts/Shell.astro), so that the page takes
 * one transaction rather than two.
 */
export const withUnreadCount = <A, E>(
  locals: Pick<App.Locals, "actor" | "unread">,
  reads: Effect.Effect<A, E, AppServices>
) => {
  const { actor } = locals
  if (actor === undefined) throw new Error("A page's reads run only for a signed-in user")
  return inOrg(
    actor.orgId,
    Effect.flatMap(reads, (read) =>
      Effect.map(unreadCountOf(actor), (count) => {
        locals.unread = count
        return read
      })
    )
  )
}

/** The actor's unread notifications, for the bell. */
export const unreadCountOf = (actor: Actor) =>
  Effect.flatMap(Effect.service(Notifications), (notifications) =>
    notifications.countUnread(new Recipient({ orgId: actor.orgId, userId: actor.userId }))
  )

/** The form as the fingerprint of a keyed post names it: every field but the key itself. */
const postedPayload = (data: FormData) =>
  [...data.entries()]
    .filter(([name]) => name !== idempotencyKeyField)
    .map(([name, value]) => [name, typeof value === "string" ? value : value.name])

/**
 * Runs a page's frontmatter the way the API runs a route (ARCHITECTURE.md, the edge): for the signed-in actor, a post
 * runs the form's write, once per the form's idempotency key (`FormKey.astro`) when it carries one, then goes where
 * the write says with its toast (post, redirect, get); otherwise the page reads its data. A refused access, in the
 * write or the read, is audited as the API audits it, and every failure answers the status of its kind with the
 * catalogue's message. Answers a Response to return (a redirect, page-not-found) or what the page renders.
 */
export const runPage = async <A = undefined>(astro: PageAstro, spec: PageSpec<A>): Promise<PageRun<A> | Response> => {
  const { actor, runtime, locale, t, client } = astro.locals
  if (actor === undefined) throw new Error(`${astro.url.pathname} renders only for a signed-in user`)
  const scope: PageScope = { actor, origin: new RequestOrigin({ address: client.address || null }), locale, t }
  /** Audits a refused access, and answers the failure's message with the status of its kind. */
  const failed = async (error: unknown) => {
    await auditRefused(runtime, actor, { failure: error }, refusedRequest(astro.request, astro.url, client))
    const described = describeError(error, locale)
    astro.response.status = statusOfKind[described.kind]
    return described
  }

  let failure: string | undefined
  let posted: FormData | undefined
  if (astro.request.method === "POST" && spec.form !== undefined) {
    posted = await astro.request.formData()
    const write = spec.form(posted, scope)
    if (write !== undefined) {
      const key = posted.get(idempotencyKeyField)
      const keyed = once(
        actor,
        {
          key: typeof key === "string" ? key : undefined,
          route: `POST ${astro.url.pathname}`,
          payload: postedPayload(posted),
          answer: Done
        },
        write
      )
      const outcome = await runtime.runPromise(Effect.result(keyed))
      if (outcome._tag === "Success") {
        const { to, toast } = outcome.success
        if (toast !== undefined) leaveToast(astro.cookies, client, { kind: "success", message: toast })
        return astro.redirect(to, 303)
      }
      failure = (await failed(outcome.failure)).message
    }
  }

  let data: A | undefined
  let refused: string | undefined
  if (spec.load !== undefined) {
    // A page's reads are one transaction of the organisation: one BEGIN and one tenant setting, however many
    // repository calls they make, the shell's unread count among them; it commits what a refused read audited.
    // Each document they read is read once, however many use cases ask about it (PageReads.ts).
    const loaded = await runtime.runPromise(
      withUnreadCount(astro.locals, readingOnce(Effect.result(spec.load(scope)))).pipe(
        Effect.catch((conflict) => Effect.succeed(Result.fail(conflict)))
      )
    )
    if (loaded._tag === "Success") data = loaded.success
    else {
      const described = await failed(loaded.failure)
      if (described.kind === "NotFound") return notFound(astro)
      refused = described.message
    }
  }
  return { actor, data, refused, failure, posted, toast: takeToast(astro.cookies) }
}
