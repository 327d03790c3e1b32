import { Effect } from "effect"
import { ApiFailure } from "@tawreed/adapters/http-client/TawreedClient"
import { describeError, type Locale } from "@tawreed/core/shared"
import type { CsvRecord } from "./Csv.ts"
import { ImportIncomplete } from "./ImportIncomplete.ts"
import { countText, type CountedKey, sentence, text } from "./Messages.ts"
import { emit, Output } from "./Output.ts"

/**
 * What the imports of a table file (`users import`, `vendors import`, `catalog import`) share: reading the first
 * line's column names, reporting each refused row as it comes, and the closing summary. Each command keeps its own
 * columns, its row's checks and how it sends the rows.
 */

/** A row the import did not create: its line in the file, and the code and message it was refused with. */
export interface Refusal {
  readonly line: number
  readonly code: string
  readonly message: string
}

/**
 * The command's column for each name on the file's first line, matched without regard to case, spaces, dashes or
 * underscores (`First name`, `first_name` and `firstName` are one column); unknown names are left out.
 */
export const columnsOf = <C>(
  header: CsvRecord | undefined,
  columns: Readonly<Record<string, C>>
): ReadonlyArray<C | undefined> =>
  (header?.fields ?? []).map(
    (name) =>
      columns[
        name
          .trim()
          .toLowerCase()
          .replace(/[\s_-]/g, "")
      ]
  )

/** Whether the API refused the row itself (so the import goes on), rather than the session or the server failing. */
export const refusesRow = (error: { readonly _tag: string }): error is ApiFailure =>
  error instanceof ApiFailure && error.status < 500 && error.status !== 401 && error.status !== 403

/**
 * The refused rows of one import: `refuse` reports a row on stderr at once, in the chosen language (the API's
 * refusals come worded already; local ones from the catalogue), and `finish` prints the summary — `created` counted
 * with its command's words and the refusals — then fails with `ImportIncomplete` when any row was refused.
 */
export const importReport = (file: string, locale: Locale) =>
  Effect.gen(function* () {
    const output = yield* Output
    const refused: Array<Refusal> = []
    const refuse = (line: number, error: unknown) =>
      Effect.gen(function* () {
        const { code, message } =
          error instanceof ApiFailure ? { code: error.code, message: error.message } : describeError(error, locale)
        refused.push({ line, code, message })
        yield* output.stderr(`${text("importRowRefused", locale, { line, message })}\n`)
      })
    const finish = (createdKey: CountedKey, created: number) =>
      Effect.gen(function* () {
        refused.sort((a, b) => a.line - b.line)
        yield* emit(
          () => [
            sentence(
              [countText(createdKey, locale, created), countText("importRefused", locale, refused.length)],
              locale
            )
          ],
          () => ({ created, refused })
        )
        if (refused.length > 0) return yield* new ImportIncomplete({ file, refused: refused.length })
      })
    return { refuse, finish } as const
  })
