import type { Translated } from "./Locale.ts"

/**
 * What sort of failure an error is. Adapters turn a kind into a transport detail (an HTTP status, an exit code);
 * the core never speaks of those.
 */
export type ErrorKind =
  "Invalid" | "Unauthenticated" | "Forbidden" | "NotFound" | "Conflict" | "Rule" | "Throttled" | "Unavailable"

/** One entry of the catalogue: a stable code, its symbolic name, its kind and its message in every language. */
export interface CatalogueEntry extends Translated {
  readonly code: string
  readonly name: string
  readonly kind: ErrorKind
}

/** A catalogue entry: code, symbolic name, kind, English and Arabic. */
export const entry = (code: string, name: string, kind: ErrorKind, en: string, ar: string): CatalogueEntry => ({
  code,
  name,
  kind,
  en,
  ar
})

/**
 * What a module registers in the shared catalogues, from its own `<Module>Catalogue.ts`: its errors with their
 * codes and messages, the audit events its use cases write, and the fields and problems its refusals name. The
 * shared catalogue (`ErrorCatalogue.ts`), the audit log's event names and the field words assemble them.
 */
export interface ModuleCatalogue {
  readonly errors: ReadonlyArray<CatalogueEntry>
  /** Which catalogue code each of the module's tagged errors answers with. */
  readonly codes: Readonly<Record<string, string>>
  readonly auditEvents?: ReadonlyArray<string>
  /** The names of the fields its forms and commands ask for, as a reader knows them. */
  readonly fields?: Readonly<Record<string, Translated>>
  /** What can be wrong with a field, in words. */
  readonly problems?: Readonly<Record<string, Translated>>
  /** Why a rule refused (`{reason}` in its messages), in words. */
  readonly reasons?: Readonly<Record<string, Translated>>
}
