import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { type OrgId, OrgTheme, Theme, ThemeRepository, ThemeUrlTaken } from "@tawreed/core/organisations"
import { violates } from "./SqlOrganisationRepository.ts"
import { beforeTenant, inTenant, isSqlError } from "../Tenancy.ts"

const decodeTheme = Schema.decodeUnknownOption(Theme)
const encodeTheme = Schema.encodeSync(Theme)

interface Row {
  readonly org_code: string
  readonly theme: unknown
}

const toOrgTheme = (row: Row | undefined): Option.Option<OrgTheme> =>
  row === undefined
    ? Option.none()
    : Option.map(
        decodeTheme(typeof row.theme === "string" ? JSON.parse(row.theme) : row.theme),
        (theme) => new OrgTheme({ orgCode: row.org_code, theme })
      )

/** Themes in PostgreSQL; the sign-in page's lookups name exactly one organisation code or address. */
export const SqlThemeRepository = Layer.effect(
  ThemeRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const provide = Effect.provideService(SqlClient.SqlClient, sql)

    const findByOrgCode = Effect.fn("SqlThemeRepository.findByOrgCode")(function* (orgCode: string) {
      const rows = yield* beforeTenant(
        "app.theme_org_code",
        orgCode
      )(sql<Row>`SELECT org_code, theme FROM themes WHERE org_code = ${orgCode}`.pipe(Effect.orDie)).pipe(provide)
      return toOrgTheme(rows[0])
    })

    const findByUrl = Effect.fn("SqlThemeRepository.findByUrl")(function* (url: string) {
      const rows = yield* beforeTenant(
        "app.theme_url",
        url
      )(sql<Row>`SELECT org_code, theme FROM themes WHERE url = ${url}`.pipe(Effect.orDie)).pipe(provide)
      return toOrgTheme(rows[0])
    })

    const save = Effect.fn("SqlThemeRepository.save")(function* (orgId: OrgId, theme: Theme) {
      yield* inTenant(orgId)(
        sql
          .withTransaction(
            sql`INSERT INTO themes (org_id, org_code, url, theme)
            SELECT id, code, ${theme.url}, ${JSON.stringify(encodeTheme(theme))}::jsonb FROM organisations
            WHERE id = ${orgId}
            ON CONFLICT (org_id) DO UPDATE
              SET url = excluded.url, theme = excluded.theme, org_code = excluded.org_code, updated_at = now()`
          )
          .pipe(
            Effect.catchIf(violates("themes_url_key"), () => Effect.fail(new ThemeUrlTaken({ url: theme.url ?? "" })))
          )
      ).pipe(provide, Effect.catchIf(isSqlError, Effect.die))
    })

    const remove = Effect.fn("SqlThemeRepository.remove")(function* (orgId: OrgId) {
      const rows = yield* inTenant(orgId)(
        sql`DELETE FROM themes WHERE org_id = ${orgId} RETURNING org_id`.pipe(Effect.orDie)
      ).pipe(provide)
      return rows.length > 0
    })

    return ThemeRepository.of({ findByOrgCode, findByUrl, save, remove })
  })
)
