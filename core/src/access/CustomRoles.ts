import { Context, Effect, Layer, Schema } from "effect"
import { cappedArray, maxItems } from "../shared/Limits.ts"
import type { Actor } from "../identity/Actor.ts"
import { AuditEvent, AuditLog, RequestOrigin } from "../shared/AuditLog.ts"
import { InvalidField, type InvalidPage, type InvalidPageSize } from "../shared/Errors.ts"
import { type PageParams, sliceOf, wholeListPage } from "../shared/Paging.ts"
import { InvalidPrivilegeCode, type InsufficientPrivileges, RoleNotFound, SystemRoleReadOnly } from "./AccessErrors.ts"
import { privilegesOfRole } from "./DefaultRoles.ts"
import { adminPrivileges, requirePrivileges } from "./PrivilegeCheck.ts"
import { isSuperUser } from "./Roles.ts"
import { invalidPrivileges, isSystemRoleCode, OrgRole, RoleCode, RoleName, systemRoles } from "./OrgRole.ts"
import { RoleRepository } from "./RoleRepository.ts"

/** `POST roles`: a role the organisation composes from privileges. */
export class CustomRoleInput extends Schema.Class<CustomRoleInput>("CustomRoleInput")({
  code: RoleCode,
  name: RoleName,
  privileges: cappedArray(Schema.String, maxItems.privileges)
}) {}

const noOrigin = new RequestOrigin({ address: null })

/** The organisation's roles: SPEC.md §6's with their defaults, and those its admins compose. */
export interface CustomRolesShape {
  /**
   * Every role a user of the actor's organisation may hold, SPEC.md §6's first and then its own by code, a page at
   * a time (`wholeListPageSize` when no limit is asked); needs usr_r_o.
   */
  readonly list: (
    actor: Actor,
    page?: PageParams
  ) => Effect.Effect<ReadonlyArray<OrgRole>, InsufficientPrivileges | InvalidPage | InvalidPageSize>
  /** Creates or replaces a custom role; needs usr_u_o, and only privileges the actor holds. */
  readonly save: (
    actor: Actor,
    input: CustomRoleInput,
    origin?: RequestOrigin
  ) => Effect.Effect<OrgRole, InsufficientPrivileges | SystemRoleReadOnly | InvalidPrivilegeCode | InvalidField>
  /** Removes a custom role; needs usr_u_o. */
  readonly remove: (
    actor: Actor,
    code: string,
    origin?: RequestOrigin
  ) => Effect.Effect<void, InsufficientPrivileges | SystemRoleReadOnly | RoleNotFound>
}

/** Use cases: roles. */
export class CustomRoles extends Context.Service<CustomRoles, CustomRolesShape>()("@tawreed/core/access/CustomRoles") {
  static readonly layer = Layer.effect(
    CustomRoles,
    Effect.gen(function* () {
      const repository = yield* RoleRepository
      const audit = yield* AuditLog
      const record = (actor: Actor, event: "role.saved" | "role.deleted", origin: RequestOrigin, code: string) =>
        audit.record(
          new AuditEvent({
            orgId: actor.orgId,
            actorId: actor.userId,
            event,
            address: origin.address,
            detail: { code }
          })
        )

      const list = Effect.fn("CustomRoles.list")(function* (actor: Actor, params?: PageParams) {
        yield* requirePrivileges(actor, adminPrivileges.rolesRead)
        const page = yield* wholeListPage(params)
        // The fixed roles lead the list; the stored ones fill the rest of the page from where they begin.
        const fixed = sliceOf(systemRoles, page)
        const room = page.limit - fixed.length
        const own =
          room === 0
            ? []
            : yield* repository.list(actor.orgId, {
                offset: Math.max(0, page.offset - systemRoles.length),
                limit: room
              })
        return [...fixed, ...own]
      })

      const save = Effect.fn("CustomRoles.save")(function* (
        actor: Actor,
        input: CustomRoleInput,
        origin: RequestOrigin = noOrigin
      ) {
        yield* requirePrivileges(actor, adminPrivileges.rolesWrite)
        if (isSystemRoleCode(input.code)) return yield* new SystemRoleReadOnly({ code: input.code })
        const [invalid] = invalidPrivileges(input.privileges)
        if (invalid !== undefined) return yield* new InvalidPrivilegeCode({ code: invalid })
        const name = { en: input.name.en.trim(), ar: input.name.ar.trim() }
        if (name.en === "" || name.ar === "") {
          return yield* new InvalidField({ field: "name", problem: "bothLanguages" })
        }
        // A role named Super User or Super Admin makes its holders super users (SPEC.md §6), whatever it lists.
        const privileges = isSuperUser([{ roleName: name.en }, { roleName: name.ar }])
          ? privilegesOfRole("org_super_user")
          : input.privileges.map((p) => p.trim())
        // Nobody hands out more than they hold.
        yield* Effect.forEach(privileges, (p: string) => requirePrivileges(actor, [p]), { discard: true })
        const role = new OrgRole({ code: input.code, name, privileges: [...new Set(privileges)].sort(), system: false })
        yield* repository.save(actor.orgId, role)
        yield* record(actor, "role.saved", origin, role.code)
        return role
      })

      const remove = Effect.fn("CustomRoles.remove")(function* (
        actor: Actor,
        code: string,
        origin: RequestOrigin = noOrigin
      ) {
        yield* requirePrivileges(actor, adminPrivileges.rolesWrite)
        if (isSystemRoleCode(code)) return yield* new SystemRoleReadOnly({ code })
        if (!(yield* repository.remove(actor.orgId, code))) return yield* new RoleNotFound({ code })
        yield* record(actor, "role.deleted", origin, code)
      })

      return CustomRoles.of({ list, save, remove })
    })
  )
}
