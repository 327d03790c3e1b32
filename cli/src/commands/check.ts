import type { Command } from "commander"
import { ZxcvbnCommonPasswords } from "@tawreed/adapters/identity/ZxcvbnCommonPasswords"
import { BigDecimal, Effect } from "effect"
import {
  cartLineMinimum,
  InvalidQuantity,
  normaliseQuantity,
  quantityMinimum,
  validateQuantity
} from "@tawreed/core/carts"
import { datePattern, formatDate, parseDate } from "@tawreed/core/dates"
import { PasswordRejected, passwordFailures, passwordRuleMessages, type PasswordRule } from "@tawreed/core/identity"
import { convert, currencyDecimals, formatAmount, parseAmount } from "@tawreed/core/money"
import type { Locale, Translated } from "@tawreed/core/shared"
import { emit } from "../Output.ts"
import type { Runner } from "../Runner.ts"
import { Settings } from "../Settings.ts"

/** The check commands' own words; refusals come from the core's catalogue through the error funnel. */
const words = {
  passwordOk: { en: "The password meets every rule.", ar: "كلمة المرور تستوفي جميع الشروط." }
} as const satisfies Readonly<Record<string, Translated>>

/** The common-password list the checks consult: the same published list the server uses. */
export const commonPasswords = ZxcvbnCommonPasswords

/** `tawreed check …`: the product's rules run locally, with no server, in the language of `--lang`. */
export const register = (parent: Command, run: Runner) => {
  const check = parent.command("check").description("run Tawreed's business rules locally, without a server")
  check
    .command("password")
    .description("check a password against the password rules; exits 1 listing every rule it breaks")
    .argument("<password>", "the password to check")
    .action((password: string, _options: unknown, command: Command) => run(command, checkPassword(password)))
  check
    .command("quantity")
    .description("show what a typed quantity becomes; exits 1 when it is not acceptable as typed")
    .argument("<value>", "the quantity as typed")
    .option("--minimum <minimum>", "the item's minimum quantity (default 0.01)")
    .option("--cart <cart>", "judge it as an rfq or order cart line (minimum 1 unless --minimum says)")
    .action((value: string, options: { minimum?: string; cart?: string }, command: Command) =>
      run(command, checkQuantity(value, options))
    )
  check
    .command("convert")
    .description("convert an amount with the embedded euro rate table of 2024-01-28")
    .argument("<amount>", "the amount, such as 1250.50")
    .argument("<from>", "the currency it is in, such as USD")
    .argument("<to>", "the currency to convert to, such as SAR")
    .action((amount: string, from: string, to: string, _options: unknown, command: Command) =>
      run(command, checkConvert(amount, from, to))
    )
  check
    .command("date-format")
    .description("show an organisation date format (american, european, iso), or a date in it")
    .argument("<setting>", "the organisation's dateFormat setting")
    .argument("[date]", "a date to format, YYYY-MM-DD or ISO date-time")
    .action((setting: string, date: string | undefined, _options: unknown, command: Command) =>
      run(command, checkDateFormat(setting, date))
    )
  return check
}

const messagesOf = (failures: ReadonlyArray<PasswordRule>, locale: Locale) =>
  failures.map((rule) => ({ rule, message: passwordRuleMessages[rule][locale] }))

const checkPassword = (password: string) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const failures = yield* passwordFailures(password).pipe(Effect.provide(commonPasswords))
    const listed = messagesOf(failures, locale)
    yield* emit(
      () => (listed.length === 0 ? [words.passwordOk[locale]] : listed.map((f) => f.message)),
      () => ({ ok: listed.length === 0, failures: listed })
    )
    if (failures.length > 0) return yield* new PasswordRejected({ failures })
  })

const checkQuantity = (value: string, options: { readonly minimum?: string; readonly cart?: string }) =>
  Effect.gen(function* () {
    const given = options.minimum === undefined ? undefined : yield* parseAmount(options.minimum)
    const cart = options.cart === "rfq" || options.cart === "order" ? options.cart : undefined
    const itemMinimum = given ?? (cart === undefined ? undefined : cartLineMinimum({}, cart))
    const minimum = quantityMinimum(itemMinimum)
    const quantity = normaliseQuantity(value, itemMinimum)
    const accepted = yield* validateQuantity(value, minimum).pipe(
      Effect.as(true),
      Effect.catchTag("InvalidQuantity", () => Effect.succeed(false))
    )
    yield* emit(
      () => [BigDecimal.format(quantity)],
      () => ({ ok: accepted, quantity: BigDecimal.format(quantity), minimum: BigDecimal.format(minimum) })
    )
    if (!accepted) return yield* new InvalidQuantity({ value, minimum: BigDecimal.format(minimum) })
  })

const checkConvert = (amount: string, from: string, to: string) =>
  Effect.gen(function* () {
    const value = yield* parseAmount(amount)
    const target = to.trim().toUpperCase()
    const decimals = currencyDecimals(target)
    const converted = yield* convert(value, from, target, decimals)
    const text = formatAmount(converted, decimals)
    yield* emit(
      () => [`${text} ${target}`],
      () => ({ amount: text, currency: target, from: from.trim().toUpperCase(), rateDate: "2024-01-28" })
    )
  })

const checkDateFormat = (setting: string, date: string | undefined) =>
  Effect.gen(function* () {
    const pattern = datePattern(setting)
    const formatted = date === undefined ? undefined : formatDate(yield* parseDate(date), setting)
    yield* emit(
      () => [formatted ?? pattern],
      () => ({ setting, pattern, ...(formatted === undefined ? {} : { formatted }) })
    )
  })
