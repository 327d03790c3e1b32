import { randomUUID } from "node:crypto"
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { Fragment } from "effect/sql/Statement"
import {
  Answer,
  defaultInviteExpiryDays,
  Invite,
  type InviteFilter,
  InviteQuestionnaire,
  type InviteQuery,
  type InviteRecord,
  InviteRegistration,
  InviteRepository,
  type InviteSecrets,
  InviteStatus,
  OnboardingRules,
  QuestionnaireSection,
  QuestionnaireTemplate,
  type StoredInvite,
  type TemplateRecord
} from "@tawreed/core/invites"
import type { OrgId } from "@tawreed/core/organisations"
import { VersionConflict } from "@tawreed/core/shared"
import { textArray } from "../SqlArrays.ts"
import { insertNumbered, isUuid, json, tenantScope, thenFind, updateAtVersion } from "../SqlKit.ts"
import { beforeTenant, enterTenant } from "../Tenancy.ts"

const codec = <S extends Schema.Codec<unknown, unknown>>(schema: S) => ({
  decode: Schema.decodeUnknownSync(schema as never) as (u: unknown) => S["Type"],
  encode: (value: S["Type"]) => JSON.stringify(Schema.encodeSync(schema as never)(value as never))
})
const sectionsCodec = codec(Schema.Array(QuestionnaireSection))
const questionnaireCodec = codec(InviteQuestionnaire)
const answersCodec = codec(Schema.Array(Answer))
const registrationCodec = codec(InviteRegistration)

const iso = (at: Date | string): string => new Date(at).toISOString()

interface TemplateRow {
  readonly id: string
  readonly name: string
  readonly sections: unknown
  readonly is_default: boolean
  readonly version: number
  readonly created_at: Date | string
  readonly updated_at: Date | string
}

const toTemplate = (row: TemplateRow) =>
  new QuestionnaireTemplate({
    id: row.id,
    name: row.name,
    sections: sectionsCodec.decode(json(row.sections)),
    isDefault: row.is_default,
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at)
  })

interface InviteRow {
  readonly id: string
  readonly number: string
  readonly status: InviteStatus
  readonly vendor_name: string
  readonly email: string
  readonly locale: "en" | "ar"
  readonly questionnaire: unknown
  readonly answers: unknown
  readonly registration: unknown
  readonly vendor_message: string
  readonly from_public_link: boolean
  readonly vendor_id: string | null
  readonly expires_at: Date | string
  readonly submitted_at: Date | string | null
  readonly token_hash: string | null
  readonly password_hash: string | null
  readonly created_by: string
  readonly version: number
  readonly created_at: Date | string
  readonly updated_at: Date | string
}

const inviteColumns = `i.id, i.number, i.status, i.vendor_name, i.email, i.locale, i.questionnaire, i.answers,
  i.registration, i.vendor_message, i.from_public_link, i.vendor_id, i.expires_at, i.submitted_at, i.token_hash,
  i.password_hash, i.created_by, i.version, i.created_at, i.updated_at`

const toInvite = (row: InviteRow) =>
  new Invite({
    id: row.id,
    number: row.number,
    status: row.status,
    vendorName: row.vendor_name,
    email: row.email,
    locale: row.locale,
    questionnaire: questionnaireCodec.decode(json(row.questionnaire)),
    answers: answersCodec.decode(json(row.answers)),
    registration: row.registration === null ? null : registrationCodec.decode(json(row.registration)),
    vendorMessage: row.vendor_message,
    fromPublicLink: row.from_public_link,
    vendorId: row.vendor_id,
    expiresAt: iso(row.expires_at),
    submittedAt: row.submitted_at === null ? null : iso(row.submitted_at),
    createdBy: row.created_by,
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at)
  })

const toStored = (row: InviteRow): StoredInvite => ({
  invite: toInvite(row),
  tokenHash: row.token_hash,
  passwordHash: row.password_hash
})

/** The text the list's search looks in: the vendor's name (and its registered names) and email, lower-cased. */
const searchKey = (record: InviteRecord) =>
  [record.vendorName, record.email, record.registration?.nameEn ?? "", record.registration?.nameAr ?? ""]
    .join(" ")
    .toLowerCase()

/** A LIKE pattern that finds the text anywhere, its `%`, `_` and `\` taken literally. */
const containing = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`

/**
 * Questionnaires, onboarding rules and vendor invitations in PostgreSQL, each call inside the organisation; the
 * lookup of a link's token alone reads across organisations, through the policy its hash opens.
 */
export const SqlInvites = Layer.effect(
  InviteRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const tenant = tenantScope(sql)
    const cols = sql.literal(inviteColumns)

    const templateIn = (orgId: OrgId, id: string) =>
      Effect.gen(function* () {
        if (!isUuid(id)) return Option.none<QuestionnaireTemplate>()
        const rows = yield* sql<TemplateRow>`
          SELECT id, name, sections, is_default, version, created_at, updated_at FROM questionnaire_templates
          WHERE org_id = ${orgId} AND id = ${id}`
        return Option.map(Option.fromNullishOr(rows[0]), toTemplate)
      })

    const clearDefault = (orgId: OrgId, exceptId: string) =>
      sql`UPDATE questionnaire_templates SET is_default = false
          WHERE org_id = ${orgId} AND is_default AND id <> ${exceptId}`

    const templates = (orgId: OrgId) =>
      tenant(orgId)(
        Effect.map(
          sql<TemplateRow>`
            SELECT id, name, sections, is_default, version, created_at, updated_at FROM questionnaire_templates
            WHERE org_id = ${orgId} ORDER BY created_at, id LIMIT 500`,
          (rows) => rows.map(toTemplate)
        )
      )

    const insertTemplate = (orgId: OrgId, record: TemplateRecord) =>
      tenant(orgId)(
        Effect.gen(function* () {
          const id = randomUUID()
          if (record.isDefault) yield* clearDefault(orgId, id)
          yield* sql`
            INSERT INTO questionnaire_templates (id, org_id, name, sections, is_default)
            VALUES (${id}, ${orgId}, ${record.name}, ${sectionsCodec.encode(record.sections)}::jsonb, ${record.isDefault})`
          return Option.getOrThrow(yield* templateIn(orgId, id))
        })
      )

    const updateTemplate = (orgId: OrgId, id: string, record: TemplateRecord, expectedVersion: number) =>
      tenant(orgId)(
        Effect.gen(function* () {
          if (record.isDefault && isUuid(id)) yield* clearDefault(orgId, id)
          return yield* updateAtVersion(
            { table: "questionnaire_templates", entity: "questionnaire", orgId, id, version: expectedVersion },
            sql`name = ${record.name}, sections = ${sectionsCodec.encode(record.sections)}::jsonb,
                is_default = ${record.isDefault}, updated_at = date_trunc('milliseconds', now())`
          ).pipe(thenFind(templateIn(orgId, id)))
        })
      )

    const findTemplate = (orgId: OrgId, id: string) => tenant(orgId)(templateIn(orgId, id))

    const setPublicLink = (orgId: OrgId, templateId: string, tokenHash: string) =>
      isUuid(templateId)
        ? tenant(orgId)(
            Effect.map(
              sql`UPDATE questionnaire_templates SET public_token_hash = ${tokenHash}
                  WHERE org_id = ${orgId} AND id = ${templateId} RETURNING id`,
              (rows) => rows.length > 0
            )
          )
        : Effect.succeed(false)

    /**
     * The row a link's token hash names, found before the tenant is known (the policy lets the hash through), and
     * its organisation entered; none for a hash of the wrong shape.
     */
    const byTokenHash = (
      tokenHash: string,
      find: Effect.Effect<ReadonlyArray<{ id: string; org_id: string }>, unknown>
    ) =>
      /^[0-9a-f]{64}$/.test(tokenHash)
        ? beforeTenant(
            "app.invite_token_hash",
            tokenHash
          )(
            Effect.gen(function* () {
              const [row] = yield* find
              if (row === undefined) return Option.none<{ orgId: OrgId; id: string }>()
              yield* enterTenant(row.org_id)
              return Option.some({ orgId: row.org_id as OrgId, id: row.id })
            })
          ).pipe(Effect.provideService(SqlClient.SqlClient, sql), Effect.orDie)
        : Effect.succeed(Option.none<{ orgId: OrgId; id: string }>())

    const findByPublicLink = (tokenHash: string) =>
      byTokenHash(
        tokenHash,
        sql<{ id: string; org_id: string }>`
          SELECT id, org_id FROM questionnaire_templates WHERE public_token_hash = ${tokenHash}`
      ).pipe(Effect.map(Option.map(({ orgId, id }) => ({ orgId, templateId: id }))))

    const rules = (orgId: OrgId) =>
      tenant(orgId)(
        Effect.map(
          sql<{ expiry_days: number; version: number }>`
            SELECT expiry_days, version FROM onboarding_rules WHERE org_id = ${orgId}`,
          ([row]) =>
            new OnboardingRules({
              expiryDays: row === undefined ? defaultInviteExpiryDays : Number(row.expiry_days),
              version: row === undefined ? 0 : Number(row.version)
            })
        )
      )

    const saveRules = (orgId: OrgId, expiryDays: number, expectedVersion: number) =>
      tenant(orgId)(
        Effect.gen(function* () {
          const rows =
            expectedVersion === 0
              ? yield* sql<{ expiry_days: number; version: number }>`
                  INSERT INTO onboarding_rules (org_id, expiry_days) VALUES (${orgId}, ${expiryDays})
                  ON CONFLICT (org_id) DO NOTHING RETURNING expiry_days, version`
              : yield* sql<{ expiry_days: number; version: number }>`
                  UPDATE onboarding_rules SET expiry_days = ${expiryDays}, version = version + 1
                  WHERE org_id = ${orgId} AND version = ${expectedVersion} RETURNING expiry_days, version`
          const [row] = rows
          if (row === undefined) return yield* new VersionConflict({ entity: "onboarding rules", id: orgId })
          return new OnboardingRules({ expiryDays: Number(row.expiry_days), version: Number(row.version) })
        })
      )

    const inviteIn = (orgId: OrgId, id: string) =>
      Effect.gen(function* () {
        if (!isUuid(id)) return Option.none<StoredInvite>()
        const rows =
          yield* sql<InviteRow>`SELECT ${cols} FROM vendor_invites i WHERE i.org_id = ${orgId} AND i.id = ${id}`
        return Option.map(Option.fromNullishOr(rows[0]), toStored)
      })

    const fields = (record: InviteRecord): ReadonlyArray<readonly [string, unknown, string]> => [
      ["status", record.status, "text"],
      ["vendor_name", record.vendorName, "text"],
      ["email", record.email, "text"],
      ["locale", record.locale, "text"],
      ["questionnaire", questionnaireCodec.encode(record.questionnaire), "jsonb"],
      ["answers", answersCodec.encode(record.answers), "jsonb"],
      ["registration", record.registration === null ? null : registrationCodec.encode(record.registration), "jsonb"],
      ["vendor_message", record.vendorMessage, "text"],
      ["from_public_link", record.fromPublicLink, "boolean"],
      ["vendor_id", record.vendorId, "uuid"],
      ["expires_at", record.expiresAt, "timestamptz"],
      ["submitted_at", record.submittedAt, "timestamptz"],
      ["search_key", searchKey(record), "text"],
      ["created_by", record.createdBy, "uuid"]
    ]

    const secretFields = (secrets: InviteSecrets): ReadonlyArray<readonly [string, unknown, string]> => [
      ...(secrets.tokenHash === undefined ? [] : [["token_hash", secrets.tokenHash, "text"] as const]),
      ...(secrets.passwordHash === undefined ? [] : [["password_hash", secrets.passwordHash, "text"] as const])
    ]

    const cast = (value: unknown, type: string) => sql`${value}::${sql.literal(type)}`

    const insert = (orgId: OrgId, record: InviteRecord, secrets: InviteSecrets) =>
      tenant(orgId)(
        Effect.gen(function* () {
          const all = [...fields(record), ...secretFields(secrets)]
          const id = yield* insertNumbered(
            orgId,
            "vendor_invite",
            ({ id, number }) => sql`
              INSERT INTO vendor_invites (id, org_id, number, ${sql.csv(all.map(([column]) => sql.literal(column)))})
              VALUES (${id}, ${orgId}, ${number}, ${sql.csv(all.map(([, value, type]) => cast(value, type)))})`
          )
          return Option.getOrThrow(yield* inviteIn(orgId, id)).invite
        })
      )

    const find = (orgId: OrgId, id: string) => tenant(orgId)(inviteIn(orgId, id))

    const update = (orgId: OrgId, id: string, record: InviteRecord, secrets: InviteSecrets, expectedVersion: number) =>
      tenant(orgId)(
        Effect.gen(function* () {
          const set = sql.csv(
            [...fields(record), ...secretFields(secrets)].map(
              ([column, value, type]) => sql`${sql.literal(column)} = ${cast(value, type)}`
            )
          )
          const saved = yield* updateAtVersion(
            { table: "vendor_invites", entity: "invite", orgId, id, version: expectedVersion },
            sql`${set}, updated_at = date_trunc('milliseconds', now())`
          ).pipe(thenFind(inviteIn(orgId, id)))
          return Option.map(saved, (s) => s.invite)
        })
      )

    const findByToken = (tokenHash: string) =>
      byTokenHash(
        tokenHash,
        sql<{ id: string; org_id: string }>`SELECT id, org_id FROM vendor_invites WHERE token_hash = ${tokenHash}`
      )

    /** The status a row reads at the filter's moment, in SQL (`inviteStatusAt`). */
    const statusAt = (now: Date) => sql`CASE
      WHEN i.status IN ('INVITED', 'OPENED', 'RETURNED') AND i.expires_at <= ${now.toISOString()}::timestamptz
      THEN 'EXPIRED' ELSE i.status END`

    const where = (orgId: OrgId, filter: InviteFilter, ignoreStatuses: boolean): Fragment => {
      const clauses: Array<Fragment> = [sql`i.org_id = ${orgId}`]
      if (!ignoreStatuses && filter.statuses !== undefined) {
        clauses.push(sql`(${statusAt(filter.now)}) = ANY(${textArray(filter.statuses)}::text[])`)
      }
      if (filter.search !== undefined) clauses.push(sql`i.search_key LIKE ${containing(filter.search)}`)
      return sql.and(clauses)
    }

    const list = (orgId: OrgId, query: InviteQuery) =>
      tenant(orgId)(
        Effect.map(
          sql<InviteRow>`
            SELECT ${cols} FROM vendor_invites i WHERE ${where(orgId, query, false)}
            ORDER BY i.created_at DESC, i.id DESC LIMIT ${query.limit} OFFSET ${query.offset}`,
          (rows) => rows.map(toInvite)
        )
      )

    const counts = (orgId: OrgId, filter: InviteFilter) =>
      tenant(orgId)(
        Effect.map(
          sql<{ status: string; n: number | string }>`
            SELECT ${statusAt(filter.now)} AS status, count(*) AS n FROM vendor_invites i
            WHERE ${where(orgId, filter, true)} GROUP BY 1`,
          (rows) =>
            InviteStatus.literals.map((status) => ({
              status,
              count: Number(rows.find((r) => r.status === status)?.n ?? 0)
            }))
        )
      )

    return InviteRepository.of({
      templates,
      findTemplate,
      insertTemplate,
      setPublicLink,
      findByPublicLink,
      updateTemplate,
      rules,
      saveRules,
      insert,
      find,
      update,
      findByToken,
      list,
      counts
    })
  })
)
