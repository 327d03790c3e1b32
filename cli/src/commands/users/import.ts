import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import type { Command } from "commander"
import { Effect, Result } from "effect"
import { type TawreedClientShape } from "@tawreed/adapters/http-client/TawreedClient"
import { checkNewUser, NewUserInput } from "@tawreed/core/identity"
import { InvalidField, InvalidInput } from "@tawreed/core/shared"
import { parseCsv } from "../../Csv.ts"
import { countText, text } from "../../Messages.ts"
import { Output } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { columnsOf, importReport, refusesRow } from "../../TableImport.ts"

/** How many users go in one bulk create. */
const chunkSize = 100

/** The columns a file may have, by their normalised header, and the field each fills. */
const columns: Readonly<Record<string, keyof Row>> = {
  email: "email",
  firstname: "firstName",
  lastname: "lastName",
  roles: "roles",
  phone: "phone",
  position: "position"
}
interface Row {
  email: string
  firstName: string
  lastName: string
  roles: string
  phone: string
  position: string
}

/**
 * `tawreed users import <csv>`: adds the users of a CSV file (columns email, firstName, lastName, roles, phone,
 * position; roles separated by `;`). Each bad row is reported with its line and the catalogue's message; the good
 * ones are created.
 */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("import")
    .argument("<csv>", "the CSV file, its first line naming the columns")
    .description("add the users of a CSV file; each gets an email to set their password")
    .action((file: string, _options: unknown, command: Command) => run(command, importUsers(file)))

const importUsers = (file: string) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const output = yield* Output
    const content = yield* Effect.try({
      try: () => readFileSync(file, "utf8"),
      catch: (error) =>
        new InvalidInput({ detail: text("importUnreadable", locale, { file, detail: (error as Error).message }) })
    })
    const [header, ...records] = parseCsv(content)
    const fields = columnsOf(header, columns)
    if (!["email", "firstName", "roles"].every((f) => fields.includes(f as keyof Row))) {
      return yield* new InvalidInput({ detail: text("importHeader", locale) })
    }
    const client = yield* signedInClient
    const known = new Set((yield* client.roles.list()).map((r) => r.code))

    const { refuse, finish } = yield* importReport(file, locale)

    // The core's rules, the roles the organisation has and the file's own duplicates, before any user is sent.
    const good: Array<{ readonly line: number; readonly input: NewUserInput }> = []
    const emails = new Set<string>()
    for (const record of records) {
      const row: Row = { email: "", firstName: "", lastName: "", roles: "", phone: "", position: "" }
      fields.forEach((field, i) => {
        if (field !== undefined) row[field] = record.fields[i]?.trim() ?? ""
      })
      const checked = yield* Effect.result(
        checkNewUser(
          new NewUserInput({
            email: row.email,
            firstName: row.firstName,
            lastName: row.lastName,
            roles: row.roles.split(/[;|]/),
            ...(row.phone === "" ? {} : { phone: row.phone }),
            ...(row.position === "" ? {} : { position: row.position })
          })
        )
      )
      if (Result.isFailure(checked)) {
        yield* refuse(record.line, checked.failure)
        continue
      }
      const input = checked.success
      const unknown = input.roles.find((code) => !known.has(code))
      if (unknown !== undefined) {
        yield* refuse(record.line, { _tag: "UnknownRole", code: unknown })
        continue
      }
      if (emails.has(input.email)) {
        yield* refuse(record.line, new InvalidField({ field: "email", problem: "duplicate" }))
        continue
      }
      emails.add(input.email)
      good.push({ line: record.line, input })
    }

    let created = 0
    for (let start = 0; start < good.length; start += chunkSize) {
      const chunk = good.slice(start, start + chunkSize)
      created += yield* send(client, chunk, refuse)
      yield* output.progress(countText("importProgress", locale, good.length, { done: created }))
    }
    // The progress line goes once the work is done; the summary follows on stdout.
    if (good.length > 0) yield* output.progress("")
    yield* finish("importCreated", created)
  })

/**
 * The Idempotency-Key of a batch: its rows' digest, so that running an interrupted import again does not create
 * the same users twice.
 */
const keyOf = (inputs: ReadonlyArray<NewUserInput>) =>
  `users-import-${createHash("sha256").update(JSON.stringify(inputs)).digest("hex")}`

/**
 * Sends a chunk in one bulk create; when the API refuses it (an email taken elsewhere, say), sends its rows one
 * by one so that each refusal names its line. Answers how many users were created.
 */
const send = (
  client: TawreedClientShape,
  chunk: ReadonlyArray<{ readonly line: number; readonly input: NewUserInput }>,
  refuse: (line: number, error: unknown) => Effect.Effect<void>
) =>
  client.users
    .bulkCreate(
      chunk.map((row) => row.input),
      keyOf(chunk.map((row) => row.input))
    )
    .pipe(
      Effect.map((answer) => answer.users.length),
      Effect.catchIf(
        (error) => refusesRow(error),
        () =>
          Effect.gen(function* () {
            let count = 0
            for (const row of chunk) {
              const one = yield* Effect.result(client.users.create(row.input, keyOf([row.input])))
              if (Result.isSuccess(one)) count++
              else if (refusesRow(one.failure)) yield* refuse(row.line, one.failure)
              else return yield* Effect.fail(one.failure)
            }
            return count
          })
      )
    )
