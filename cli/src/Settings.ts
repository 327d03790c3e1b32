import { Context, Effect, Result, Schema, SchemaTransformation } from "effect"
import { InvalidInput, Locale } from "@tawreed/core/shared"
import { text } from "./Messages.ts"

/** Where the CLI finds the API when neither `--api-url` nor `TAWREED_API_URL` says. */
export const defaultApiUrl = "http://localhost:4321"

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:"
  } catch {
    return false
  }
}

/** An API address: http or https, kept without a trailing slash so that one server has one key. */
export const ApiUrl = Schema.String.check(Schema.makeFilter(isHttpUrl)).pipe(
  Schema.decodeTo(
    Schema.String,
    SchemaTransformation.transform({ decode: (value: string) => value.replace(/\/+$/, ""), encode: (value) => value })
  )
)

/** The global options as commander hands them over, before they are decoded. */
export interface RawGlobals {
  readonly apiUrl?: unknown
  readonly lang?: unknown
  readonly json?: unknown
}

/** The options every command shares, decoded. */
export interface SettingsShape {
  readonly apiUrl: string
  readonly locale: Locale
  readonly json: boolean
  readonly fetch: typeof globalThis.fetch | undefined
}

/** The decoded global options of the running command. */
export class Settings extends Context.Service<Settings, SettingsShape>()("@tawreed/cli/Settings") {}

/**
 * Decodes `--api-url` (else `TAWREED_API_URL`, else the default), `--lang` and `--json`. A bad language is reported
 * in English; a bad address in the language asked for.
 */
export const decodeSettings = (
  raw: RawGlobals,
  env: Readonly<Record<string, string | undefined>>,
  fetch: typeof globalThis.fetch | undefined
): Result.Result<SettingsShape, InvalidInput> => {
  const lang = raw.lang ?? "en"
  const locale = Schema.decodeUnknownResult(Locale)(lang)
  if (Result.isFailure(locale)) {
    return Result.fail(new InvalidInput({ detail: text("invalidLang", "en", { value: String(lang) }) }))
  }
  const address = raw.apiUrl ?? env["TAWREED_API_URL"] ?? defaultApiUrl
  const apiUrl = Schema.decodeUnknownResult(ApiUrl)(address)
  if (Result.isFailure(apiUrl)) {
    return Result.fail(new InvalidInput({ detail: text("invalidApiUrl", locale.success, { value: String(address) }) }))
  }
  return Result.succeed({ apiUrl: apiUrl.success, locale: locale.success, json: raw.json === true, fetch })
}

/** The settings, for commands that only read them. */
export const settings = Effect.service(Settings)
