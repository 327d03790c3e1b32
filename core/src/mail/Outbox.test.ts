import { assert, describe, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import type { OrgId } from "../organisations/Organisation.ts"
import { PageRequest } from "../shared/Paging.ts"
import { Outbox, OutboxMail, OutboxPage, readOutbox, readOutboxAttachment } from "./Outbox.ts"

const orgA = "org-a" as OrgId
const orgB = "org-b" as OrgId
const mailOf = (orgId: OrgId) =>
  new OutboxMail({
    id: 1,
    to: `someone@${orgId}.test`,
    subject: "Code",
    text: "123456",
    createdAt: new Date(0),
    attachments: []
  })

/** An outbox holding one message for each organisation, with one file. */
const outbox = Outbox.of({
  list: (orgId) => Effect.succeed(new OutboxPage({ mails: [mailOf(orgId)], count: 1 })),
  attachment: (orgId, mailId, index) =>
    Effect.succeed(
      mailId === 1 && index === 0
        ? Option.some({ filename: `${orgId}.pdf`, contentType: "application/pdf", content: new Uint8Array([1]) })
        : Option.none()
    )
})
const run = <A, E>(effect: Effect.Effect<A, E, Outbox>) =>
  Effect.runPromise(Effect.result(Effect.provideService(effect, Outbox, outbox)))
const firstPage = new PageRequest({ page: 0, limit: 25 })

describe("reading the outbox", () => {
  it("gives whoever creates or updates users their own organisation's mail and files", async () => {
    for (const privileges of [["usr_c_o"], ["usr_u_o"]]) {
      const page = await run(readOutbox({ orgId: orgA, privileges }, firstPage))
      assert.strictEqual(page._tag === "Success" && page.success.mails[0]?.to, "someone@org-a.test")
      const file = await run(readOutboxAttachment({ orgId: orgB, privileges }, 1, 0))
      assert.strictEqual(file._tag === "Success" && Option.getOrUndefined(file.success)?.filename, "org-b.pdf")
    }
  })

  it("refuses anyone else with E3002, for the page and the file alike", async () => {
    const reader = { orgId: orgA, privileges: ["usr_r_o", "req_c_o"] }
    for (const read of [await run(readOutbox(reader, firstPage)), await run(readOutboxAttachment(reader, 1, 0))]) {
      assert.strictEqual(read._tag === "Failure" && read.failure._tag, "InsufficientPrivileges")
    }
  })
})
