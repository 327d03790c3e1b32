import { SchemaIssue, type Schema } from "effect"
import { InvalidField } from "./Errors.ts"
import type { Locale, Translated } from "./Locale.ts"
import { type CataloguedProblem, moduleCatalogues } from "./ModuleCatalogues.ts"

/** The names of the fields forms and commands ask for, as a reader knows them: each module's, and the shared ones. */
export const fieldLabels: Readonly<Record<string, Translated>> = Object.assign(
  {},
  ...moduleCatalogues.map((c) => ("fields" in c ? c.fields : {}))
)

const anyField: Translated = { en: "A field", ar: "أحد الحقول" }

/** A problem a field can have, as refusals name it. */
export type FieldProblem = CataloguedProblem

/** What can be wrong with a field, in words: each module's problems, and the shared ones. */
export const fieldProblems: Readonly<Record<FieldProblem, Translated>> = Object.assign(
  {},
  ...moduleCatalogues.map((c) => ("problems" in c ? c.problems : {}))
)

/**
 * A field's name in a language. A field the product does not name reads by its path (`lines[2].limit`), which is
 * what the API's callers wrote; none at all reads "A field".
 */
export const fieldLabel = (field: string, locale: Locale): string =>
  Object.hasOwn(fieldLabels, field) ? fieldLabels[field]![locale] : field === "" ? anyField[locale] : field

/** A problem in words; an unknown problem reads as a value not in the expected form. */
export const problemText = (problem: string, locale: Locale): string =>
  (Object.hasOwn(fieldProblems, problem) ? fieldProblems[problem as FieldProblem] : fieldProblems.format)[locale]

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

/**
 * The field a schema refused and why, so that a form shows the catalogue's words rather than the schema's: the
 * first refused field by its top-level name (`lines[2].limit` reads as its own `limit`), missing or malformed.
 */
export const invalidFieldOf = (error: Schema.SchemaError): InvalidField => {
  const first = formatter(error.issue).issues[0]
  const path = (first?.path ?? []).map((p) => (typeof p === "object" && p !== null && "key" in p ? p.key : p))
  const named = [...path].reverse().find((p): p is string => typeof p === "string")
  const missing = first?.message === "Missing key"
  return new InvalidField({ field: named ?? "", problem: missing ? "required" : "format" })
}
