import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import {
  AdminConfig,
  defaultAdminConfig,
  defaultGeneralConfig,
  defaultModules,
  GeneralConfig,
  ModuleConfig,
  type OrgId,
  OrgProfile,
  OrgSettings,
  OrgSettingsRepository,
  type OrgType
} from "@tawreed/core/organisations"
import { json, returnedAtVersion } from "../SqlKit.ts"
import { inTenant, isSqlError } from "../Tenancy.ts"

interface Row {
  readonly id: string
  readonly code: string
  readonly name: string
  readonly org_type: OrgType
  readonly logo: string | null
  readonly currency: string
  readonly modules: unknown
  readonly admin_config: unknown
  readonly general_config: unknown
  readonly profile: unknown
  readonly version: number
}

const decodeModules = Schema.decodeUnknownOption(Schema.Array(ModuleConfig))
const decodeAdmin = Schema.decodeUnknownOption(AdminConfig)
const decodeGeneral = Schema.decodeUnknownOption(GeneralConfig)
const decodeProfile = Schema.decodeUnknownOption(OrgProfile)
const encodeModules = Schema.encodeSync(Schema.Array(ModuleConfig))

/** Stored configuration is merged over the defaults, so a key added later has its default until saved. */
const toSettings = (row: Row): OrgSettings =>
  new OrgSettings({
    id: row.id as OrgId,
    orgCode: row.code,
    orgName: row.name,
    orgType: row.org_type,
    orgLogo: row.logo,
    currency: row.currency,
    modules:
      row.modules === null
        ? defaultModules(row.org_type)
        : Option.getOrElse(decodeModules(json(row.modules)), () => defaultModules(row.org_type)),
    orgConfig: {
      adminConfig: Option.getOrElse(
        decodeAdmin({ ...defaultAdminConfig, ...(json(row.admin_config) as object) }),
        () => defaultAdminConfig
      ),
      generalConfig: Option.getOrElse(
        decodeGeneral({ ...defaultGeneralConfig, ...(json(row.general_config) as object) }),
        () => defaultGeneralConfig
      )
    },
    profile: Option.getOrElse(decodeProfile(json(row.profile)), () => ({})),
    version: Number(row.version)
  })

/** Organisation settings in PostgreSQL: columns of the organisation's own row. */
export const SqlOrgSettingsRepository = Layer.effect(
  OrgSettingsRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(
      "id, code, name, org_type, logo, currency, modules, admin_config, general_config, profile, version"
    )
    const find = Effect.fn("SqlOrgSettingsRepository.find")(function* (orgId: OrgId) {
      const rows = yield* inTenant(orgId)(
        sql<Row>`SELECT ${columns} FROM organisations WHERE id = ${orgId}`.pipe(Effect.orDie)
      ).pipe(Effect.provideService(SqlClient.SqlClient, sql))
      return Option.map(Option.fromNullishOr(rows[0]), toSettings)
    })

    const save = Effect.fn("SqlOrgSettingsRepository.save")(function* (settings: OrgSettings, expectedVersion: number) {
      return yield* inTenant(settings.id)(
        Effect.gen(function* () {
          const rows = yield* sql<Row>`
            UPDATE organisations
            SET name = ${settings.orgName}, logo = ${settings.orgLogo}, currency = ${settings.currency},
                modules = ${JSON.stringify(encodeModules(settings.modules))}::jsonb,
                admin_config = ${JSON.stringify(settings.orgConfig.adminConfig)}::jsonb,
                general_config = ${JSON.stringify(settings.orgConfig.generalConfig)}::jsonb,
                profile = ${JSON.stringify(settings.profile)}::jsonb,
                version = version + 1
            WHERE id = ${settings.id} AND version = ${expectedVersion}
            RETURNING ${columns}`
          return toSettings(yield* returnedAtVersion("organisation", settings.id)(rows))
        })
      ).pipe(Effect.provideService(SqlClient.SqlClient, sql), Effect.catchIf(isSqlError, Effect.die))
    })

    return OrgSettingsRepository.of({ find, save })
  })
)
