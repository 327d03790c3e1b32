import { Context, Effect, Layer, Option } from "effect"
import { requirePrivileges, adminPrivileges } from "../access/PrivilegeCheck.ts"
import type { InsufficientPrivileges } from "../access/AccessErrors.ts"
import type { Actor } from "../identity/Actor.ts"
import { convertibleCurrencies } from "../money/Money.ts"
import { UnknownCurrency } from "../money/MoneyErrors.ts"
import { AuditEvent, AuditLog, RequestOrigin } from "../shared/AuditLog.ts"
import { InvalidField, type VersionConflict } from "../shared/Errors.ts"
import { type ModuleNotInPlan, OrganisationNotFound, type PlanLimitLocked } from "./OrganisationErrors.ts"
import { OrgSettings, type OrgSettingsUpdate } from "./OrgSettings.ts"
import { OrgSettingsRepository } from "./OrgSettingsRepository.ts"
import { checkPlan, mergeModules, moduleSwitches } from "./Plan.ts"

/** Reading and changing the signed-in user's organisation settings (SPEC.md §3, §7 `org_settings`). */
export interface OrganisationSettingsShape {
  /** The settings of the actor's organisation; any other id is not found. */
  readonly get: (actor: Actor, id: string) => Effect.Effect<OrgSettings, OrganisationNotFound>
  /**
   * Applies the update-organisation payload; needs ost_c_o or ost_u_o. Within the plan only (see Plan.ts); every
   * module switched on or off is audited.
   */
  readonly update: (
    actor: Actor,
    update: OrgSettingsUpdate,
    origin?: RequestOrigin
  ) => Effect.Effect<
    OrgSettings,
    | InsufficientPrivileges
    | OrganisationNotFound
    | VersionConflict
    | UnknownCurrency
    | InvalidField
    | ModuleNotInPlan
    | PlanLimitLocked
  >
}

/** Use cases: organisation settings. */
export class OrganisationSettings extends Context.Service<OrganisationSettings, OrganisationSettingsShape>()(
  "@tawreed/core/organisations/OrganisationSettings"
) {
  static readonly layer = Layer.effect(
    OrganisationSettings,
    Effect.gen(function* () {
      const repository = yield* OrgSettingsRepository
      const audit = yield* AuditLog

      const current = Effect.fn("OrganisationSettings.current")(function* (actor: Actor) {
        const found = yield* repository.find(actor.orgId)
        if (Option.isNone(found)) return yield* new OrganisationNotFound({ id: actor.orgId })
        return found.value
      })

      const get = Effect.fn("OrganisationSettings.get")(function* (actor: Actor, id: string) {
        if (id !== actor.orgId) return yield* new OrganisationNotFound({ id })
        return yield* current(actor)
      })

      const update = Effect.fn("OrganisationSettings.update")(function* (
        actor: Actor,
        change: OrgSettingsUpdate,
        origin: RequestOrigin = new RequestOrigin({ address: null })
      ) {
        yield* requirePrivileges(actor, adminPrivileges.settingsWrite)
        const settings = yield* current(actor)
        const currency = change.currency?.trim().toUpperCase()
        if (currency !== undefined && !convertibleCurrencies.includes(currency)) {
          return yield* new UnknownCurrency({ currency })
        }
        const name = change.name?.trim()
        if (name === "") return yield* new InvalidField({ field: "name", problem: "required" })
        if (name !== undefined && name.length > 200)
          return yield* new InvalidField({ field: "name", problem: "tooLong" })
        const codes = (change.modules ?? []).map((m) => m.code)
        if (new Set(codes).size !== codes.length) {
          return yield* new InvalidField({ field: "modules", problem: "duplicate" })
        }
        yield* checkPlan(settings, change).pipe(
          Effect.tapError((refusal) =>
            audit.record(
              new AuditEvent({
                orgId: actor.orgId,
                actorId: actor.userId,
                event: "access.refused",
                address: origin.address,
                detail: {
                  reason: refusal._tag,
                  ...("module" in refusal ? { module: refusal.module } : { limit: refusal.limit })
                }
              })
            )
          )
        )
        const {
          version,
          name: _name,
          logo,
          currency: _currency,
          modules,
          adminConfig,
          generalConfig,
          ...profile
        } = change
        const next = new OrgSettings({
          ...settings,
          orgName: name ?? settings.orgName,
          orgLogo: logo === undefined ? settings.orgLogo : logo,
          currency: currency ?? settings.currency,
          modules: mergeModules(settings.modules, modules),
          orgConfig: {
            adminConfig: { ...settings.orgConfig.adminConfig, ...adminConfig },
            generalConfig: { ...settings.orgConfig.generalConfig, ...generalConfig }
          },
          profile: { ...settings.profile, ...profile }
        })
        const saved = yield* repository.save(next, version ?? settings.version)
        const switched = moduleSwitches(settings.modules, saved.modules)
        if (switched.on.length + switched.off.length > 0) {
          yield* audit.record(
            new AuditEvent({
              orgId: actor.orgId,
              actorId: actor.userId,
              event: "settings.modules_changed",
              address: origin.address,
              detail: { version: String(saved.version), on: switched.on.join(","), off: switched.off.join(",") }
            })
          )
        }
        yield* audit.record(
          new AuditEvent({
            orgId: actor.orgId,
            actorId: actor.userId,
            event: "settings.updated",
            address: origin.address,
            detail: { version: String(saved.version), fields: Object.keys(change).join(",") }
          })
        )
        return saved
      })

      return OrganisationSettings.of({ get, update })
    })
  )
}
