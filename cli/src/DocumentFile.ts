import { readFileSync } from "node:fs"
import { Effect, Schema } from "effect"
import { InvalidInput } from "@tawreed/core/shared"
import { type MessageKey, text } from "./Messages.ts"
import { Settings } from "./Settings.ts"

/** The options of a command that takes its document from `--file <document.json>`. */
const FileOptions = Schema.Struct({ file: Schema.String })

/**
 * The document a `--file <document.json>` option names, decoded by its schema: a file that cannot be read is refused
 * with "importUnreadable", one that is not JSON or not that document with `invalid` (the document's own message,
 * `requestFileInvalid`, `vendorFileInvalid`, …), in the user's language. `prepare` turns the parsed JSON into what the
 * schema reads (defaults a file may leave out).
 */
export const documentFromFile = <S extends Schema.Top>(
  options: unknown,
  schema: S,
  invalid: MessageKey,
  prepare: (parsed: unknown) => unknown = (parsed) => parsed
) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const { file } = yield* Schema.decodeUnknownEffect(FileOptions)(options).pipe(Effect.orDie)
    const content = yield* Effect.try({
      try: () => readFileSync(file, "utf8"),
      catch: (error) =>
        new InvalidInput({ detail: text("importUnreadable", locale, { file, detail: (error as Error).message }) })
    })
    const notTheDocument = (detail: string) => new InvalidInput({ detail: text(invalid, locale, { file, detail }) })
    const parsed = yield* Effect.try({
      try: () => JSON.parse(content) as unknown,
      catch: (error) => notTheDocument((error as Error).message)
    })
    return yield* Schema.decodeUnknownEffect(schema)(prepare(parsed)).pipe(
      Effect.mapError((error) => notTheDocument(error.message))
    )
  })
