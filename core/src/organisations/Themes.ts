import { Context, Effect, Layer, Option } from "effect"
import { requirePrivileges, adminPrivileges } from "../access/PrivilegeCheck.ts"
import type { InsufficientPrivileges } from "../access/AccessErrors.ts"
import type { Actor } from "../identity/Actor.ts"
import { AuditEvent, AuditLog, RequestOrigin } from "../shared/AuditLog.ts"
import { type ThemeUrlTaken, ThemeNotFound } from "./OrganisationErrors.ts"
import { defaultTheme, OrgTheme, Theme } from "./Theme.ts"
import { ThemeRepository } from "./ThemeRepository.ts"

/** Organisation themes (SPEC.md §3 Theme, §7 Themes). */
export interface ThemesShape {
  /** The theme of an organisation by its code, or the default theme when it has none of its own. */
  readonly byOrgCode: (orgCode: string) => Effect.Effect<OrgTheme>
  /** The theme served at an address; ThemeNotFound when no organisation claims it. */
  readonly byUrl: (url: string) => Effect.Effect<OrgTheme, ThemeNotFound>
  /** Sets the actor's organisation theme; needs ost_c_o or ost_u_o. */
  readonly save: (
    actor: Actor,
    theme: Theme,
    origin?: RequestOrigin
  ) => Effect.Effect<Theme, InsufficientPrivileges | ThemeUrlTaken>
  /** Goes back to the default theme; needs ost_c_o or ost_u_o. */
  readonly remove: (actor: Actor, origin?: RequestOrigin) => Effect.Effect<void, InsufficientPrivileges | ThemeNotFound>
}

const noOrigin = new RequestOrigin({ address: null })

/** An address as themes are found by: its host, lower case, without scheme, port or path. */
export const themeHost = (url: string): string => {
  const text = url.trim().toLowerCase()
  const withoutScheme = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
  return withoutScheme.split(/[/?#]/)[0]!.replace(/:\d+$/, "")
}

/** Use cases: themes. */
export class Themes extends Context.Service<Themes, ThemesShape>()("@tawreed/core/organisations/Themes") {
  static readonly layer = Layer.effect(
    Themes,
    Effect.gen(function* () {
      const repository = yield* ThemeRepository
      const audit = yield* AuditLog
      const record = (actor: Actor, event: "theme.saved" | "theme.deleted", origin: RequestOrigin) =>
        audit.record(
          new AuditEvent({ orgId: actor.orgId, actorId: actor.userId, event, address: origin.address, detail: {} })
        )
      const byOrgCode = Effect.fn("Themes.byOrgCode")(function* (orgCode: string) {
        const found = yield* repository.findByOrgCode(orgCode.trim())
        return Option.getOrElse(found, () => new OrgTheme({ orgCode: null, theme: defaultTheme }))
      })
      const byUrl = Effect.fn("Themes.byUrl")(function* (url: string) {
        const host = themeHost(url)
        const found = host === "" ? Option.none() : yield* repository.findByUrl(host)
        if (Option.isNone(found)) return yield* new ThemeNotFound({ key: url })
        return found.value
      })
      const save = Effect.fn("Themes.save")(function* (actor: Actor, theme: Theme, origin: RequestOrigin = noOrigin) {
        yield* requirePrivileges(actor, adminPrivileges.settingsWrite)
        const saved = new Theme({ ...theme, url: theme.url === null ? null : themeHost(theme.url) || null })
        yield* repository.save(actor.orgId, saved)
        yield* record(actor, "theme.saved", origin)
        return saved
      })
      const remove = Effect.fn("Themes.remove")(function* (actor: Actor, origin: RequestOrigin = noOrigin) {
        yield* requirePrivileges(actor, adminPrivileges.settingsWrite)
        if (!(yield* repository.remove(actor.orgId))) return yield* new ThemeNotFound({ key: actor.orgId })
        yield* record(actor, "theme.deleted", origin)
      })
      return Themes.of({ byOrgCode, byUrl, save, remove })
    })
  )
}
