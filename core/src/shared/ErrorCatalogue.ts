import type { CatalogueEntry, ErrorKind } from "./CatalogueEntry.ts"
import { actionWords, entityWords, fieldLabel, problemText, reasonWords, statusWords, wordFor } from "./Fields.ts"
import { interpolate, type Locale } from "./Locale.ts"
import { moduleCatalogues } from "./ModuleCatalogues.ts"

export type { CatalogueEntry, ErrorKind, ModuleCatalogue } from "./CatalogueEntry.ts"
export { moduleCatalogues } from "./ModuleCatalogues.ts"
export { sharedCatalogue } from "./SharedCatalogue.ts"

/**
 * Every error code the product answers with. The authentication codes E1001–E1031 keep SPEC.md §8's numbers;
 * the families after them are the product's own:
 * E2xxx invalid input, E3xxx access, E4xxx not found, E5xxx conflicts, E6xxx business rules, E9xxx unavailable.
 */
export const catalogue: ReadonlyArray<CatalogueEntry> = moduleCatalogues.flatMap((m) => m.errors)

const byCode = new Map(catalogue.map((e) => [e.code, e] as const))

/** The entry for the unknown-code case of SPEC.md §8. */
export const unexpectedEntry: CatalogueEntry = byCode.get("E9001")!

/** Which catalogue code each tagged error answers with, from every module's catalogue. */
export const errorCodes: Readonly<Record<string, string>> = Object.assign({}, ...moduleCatalogues.map((m) => m.codes))

/** The catalogue entry of a code; unknown codes give the unexpected-error entry. */
export const entryFor = (code: string): CatalogueEntry => byCode.get(code) ?? unexpectedEntry

/** The catalogue entry a tagged error answers with. */
export const entryForTag = (tag: string): CatalogueEntry => entryFor(errorCodes[tag] ?? unexpectedEntry.code)

/** A code's message in a language, with `{name}` placeholders filled from `params`. */
export const messageFor = (
  code: string,
  locale: Locale,
  params: Readonly<Record<string, string | number>> = {}
): string => interpolate(entryFor(code)[locale], params)

/** The code and message to show for any failure value: tagged errors by their tag, anything else as unexpected. */
export const describeError = (
  error: unknown,
  locale: Locale
): { readonly code: string; readonly message: string; readonly kind: ErrorKind } => {
  const tag =
    typeof error === "object" && error !== null && "_tag" in error && typeof error._tag === "string" ? error._tag : ""
  const found = entryForTag(tag)
  const params: Record<string, string | number> = {}
  if (typeof error === "object" && error !== null) {
    for (const [key, value] of Object.entries(error)) {
      if (typeof value === "string" || typeof value === "number") params[key] = value
    }
  }
  // A field's name and its problem are codes on the error; the reader gets them in words of their language.
  if (typeof params["field"] === "string") params["field"] = fieldLabel(params["field"], locale)
  if (typeof params["problem"] === "string") params["problem"] = problemText(params["problem"], locale)
  // So are the statuses, actions and documents a refusal names: PENDING_APPROVAL reads "بانتظار الاعتماد" in Arabic.
  for (const key of ["status", "from", "to"]) {
    if (typeof params[key] === "string") params[key] = wordFor(statusWords, params[key], locale)
  }
  if (typeof params["action"] === "string") params["action"] = wordFor(actionWords, params["action"], locale)
  if (typeof params["entity"] === "string") params["entity"] = wordFor(entityWords, params["entity"], locale)
  if (typeof params["reason"] === "string") params["reason"] = wordFor(reasonWords, params["reason"], locale)
  return { code: found.code, kind: found.kind, message: interpolate(found[locale], params) }
}
