import type { APIRoute } from "astro"
import { Effect, Option } from "effect"
import { contentDisposition } from "@tawreed/core/files"
import { readOutboxAttachment } from "@tawreed/core/mail"
import { messageFor } from "@tawreed/core/shared"
import { notFound } from "../../../../../server/responses.ts"

/**
 * One file the outbox kept with a message (`/{locale}/settings/outbox/{mail}/{file}`), saved rather than shown, to
 * whoever may read the outbox: the same use case as the outbox page (`readOutboxAttachment`), and only from the
 * reader's own organisation's outbox (a message or file it does not hold is page-not-found).
 */
export const GET: APIRoute = async (context) => {
  const { actor, runtime, locale } = context.locals
  const refused = () =>
    new Response(messageFor("E3002", locale), {
      status: 403,
      headers: { "content-type": "text/plain; charset=utf-8" }
    })
  if (actor === undefined) return refused()
  const mail = Number(context.params["mail"])
  const index = Number(context.params["file"])
  const read = await runtime.runPromise(Effect.result(readOutboxAttachment(actor, mail, index)))
  if (read._tag === "Failure") return refused()
  const file = read.success
  if (Option.isNone(file)) return notFound(context)
  return new Response(Buffer.from(file.value.content), {
    headers: {
      "content-type": file.value.contentType,
      "content-disposition": contentDisposition(file.value.filename),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff"
    }
  })
}
