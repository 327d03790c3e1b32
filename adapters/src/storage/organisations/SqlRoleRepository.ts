import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { OrgRole, RoleRepository } from "@tawreed/core/access"
import type { OrgId } from "@tawreed/core/organisations"
import type { Slice } from "@tawreed/core/shared"
import { textArray } from "../SqlArrays.ts"
import { inTenant } from "../Tenancy.ts"

interface Row {
  readonly code: string
  readonly name_en: string
  readonly name_ar: string
  readonly privileges: ReadonlyArray<string>
  readonly system: boolean
}

/** The roles organisations compose, in PostgreSQL. */
export const SqlRoleRepository = Layer.effect(
  RoleRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const run = <A>(orgId: OrgId, work: Effect.Effect<A, unknown, SqlClient.SqlClient>) =>
      inTenant(orgId)(Effect.orDie(work)).pipe(Effect.provideService(SqlClient.SqlClient, sql))

    const list = Effect.fn("SqlRoleRepository.list")(function* (orgId: OrgId, slice?: Slice) {
      // A role's code is its key within the organisation, so pages never overlap; LIMIT NULL takes every row.
      const rows = yield* run(
        orgId,
        sql<Row>`SELECT code, name_en, name_ar, privileges, system FROM roles WHERE org_id = ${orgId}
                 ORDER BY code COLLATE "C" LIMIT ${slice?.limit ?? null} OFFSET ${slice?.offset ?? 0}`
      )
      return rows.map(
        (r) =>
          new OrgRole({
            code: r.code,
            name: { en: r.name_en, ar: r.name_ar },
            privileges: [...r.privileges],
            system: r.system
          })
      )
    })

    const save = Effect.fn("SqlRoleRepository.save")(function* (orgId: OrgId, role: OrgRole) {
      yield* run(
        orgId,
        sql`INSERT INTO roles (org_id, code, name_en, name_ar, privileges, system)
            VALUES (${orgId}, ${role.code}, ${role.name.en}, ${role.name.ar}, ${textArray(role.privileges)}::text[],
                    ${role.system})
            ON CONFLICT (org_id, code) DO UPDATE
              SET name_en = excluded.name_en, name_ar = excluded.name_ar, privileges = excluded.privileges,
                  system = excluded.system, updated_at = now()`
      )
    })

    const remove = Effect.fn("SqlRoleRepository.remove")(function* (orgId: OrgId, code: string) {
      const rows = yield* run(orgId, sql`DELETE FROM roles WHERE org_id = ${orgId} AND code = ${code} RETURNING code`)
      return rows.length > 0
    })

    return RoleRepository.of({ list, save, remove })
  })
)
