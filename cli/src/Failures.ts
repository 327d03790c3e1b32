import { Cause, Option } from "effect"
import { ApiFailure, ApiUnreachable } from "@tawreed/adapters/http-client/TawreedClient"
import type { InvalidField, InvalidInput, InvalidPage, InvalidPageSize, Locale } from "@tawreed/core/shared"
import type { SessionRequired, UserNotFound } from "@tawreed/core/identity"
import type { BudgetNotFound } from "@tawreed/core/budgets"
import type { RequestNotFound } from "@tawreed/core/requests"
import type { ContractNotFound } from "@tawreed/core/contracts"
import type { OrderNotFound } from "@tawreed/core/orders"
import type { VendorChangeNotFound, VendorNotFound } from "@tawreed/core/vendors"
import type { InvalidQuantity } from "@tawreed/core/carts"
import type { InvalidDate } from "@tawreed/core/dates"
import type { PasswordRejected } from "@tawreed/core/identity"
import type { InvalidAmount, UnknownCurrency } from "@tawreed/core/money"
import { describeError, unexpectedEntry } from "@tawreed/core/shared"
import { CredentialsUnavailable } from "./Credentials.ts"
import { ImportIncomplete } from "./ImportIncomplete.ts"
import { countText, text } from "./Messages.ts"

/** The exit codes of the CLI, for scripts to branch on. */
export const ExitCode = {
  ok: 0,
  /** The API or a business rule refused; the user is not signed in. */
  refused: 1,
  /** The command line itself was wrong: unknown command or option, a value that fails local validation. */
  usage: 2,
  /** No answer from the API, or the API says it is unavailable. */
  unavailable: 3
} as const
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode]

/** Everything a command may fail with: local validation, a missing session, the API, the credentials file. */
export type CliError =
  | InvalidInput
  | InvalidField
  | InvalidPage
  | InvalidPageSize
  | SessionRequired
  | ApiFailure
  | ApiUnreachable
  | BudgetNotFound
  | RequestNotFound
  | OrderNotFound
  | VendorNotFound
  | VendorChangeNotFound
  | ContractNotFound
  | CredentialsUnavailable
  | CheckError
  | UserNotFound
  | ImportIncomplete

/** What the local `check` commands refuse with: the core's rule errors. */
export type CheckError = PasswordRejected | InvalidQuantity | InvalidAmount | UnknownCurrency | InvalidDate

/** What the funnel prints for a failure and how the process ends. */
export interface Report {
  readonly exitCode: ExitCode
  readonly code: string | undefined
  readonly message: string
}

/** Turns a failed command into its report: the catalogue message in the chosen language and the exit code. */
export const report = (cause: Cause.Cause<CliError>, locale: Locale): Report => {
  const failure = Option.getOrUndefined(Cause.findErrorOption(cause))
  if (failure === undefined) {
    return { exitCode: ExitCode.refused, code: unexpectedEntry.code, message: unexpectedEntry[locale] }
  }
  if (failure instanceof ApiUnreachable) {
    const described = describeError(failure, locale)
    return { exitCode: ExitCode.unavailable, code: described.code, message: described.message }
  }
  if (failure instanceof ApiFailure) {
    // The API already answered in the language of the request's Language header.
    const unavailable = failure.status === 0 || failure.status >= 500
    return {
      exitCode: unavailable ? ExitCode.unavailable : ExitCode.refused,
      code: failure.code,
      message: failure.message
    }
  }
  if (failure instanceof CredentialsUnavailable) {
    return {
      exitCode: ExitCode.refused,
      code: undefined,
      message: text("credentialsUnavailable", locale, { path: failure.path, detail: failure.detail })
    }
  }
  if (failure instanceof ImportIncomplete) {
    return {
      exitCode: ExitCode.refused,
      code: undefined,
      message: countText("importIncomplete", locale, failure.refused, { file: failure.file })
    }
  }
  const described = describeError(failure, locale)
  return {
    exitCode: described.kind === "Invalid" ? ExitCode.usage : ExitCode.refused,
    code: described.code,
    message: described.message
  }
}
