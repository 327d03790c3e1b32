import { Clock, Effect, Layer, Option } from "effect"
import { Invite, OnboardingRules } from "../../invites/Invite.ts"
import {
  type InviteFilter,
  type InviteRecord,
  InviteRepository,
  type StoredInvite
} from "../../invites/InviteRepository.ts"
import { defaultInviteExpiryDays } from "../../invites/Invites.ts"
import { inviteStatusAt } from "../../invites/InviteStatus.ts"
import { QuestionnaireTemplate } from "../../invites/Questionnaire.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { VersionConflict } from "../../shared/Errors.ts"
import { nextDocumentNumber } from "./MemoryDocumentNumbers.ts"

interface Row {
  readonly orgId: OrgId
  readonly invite: Invite
  readonly tokenHash: string | null
  readonly passwordHash: string | null
}

/**
 * Questionnaires, onboarding rules and invitations in memory, for tests of the onboarding use cases: each call
 * scoped to its organisation as the SQL repository's, a link's token hash found across organisations.
 */
export const layerMemoryInvites = Layer.sync(InviteRepository, () => {
  const invites = new Map<string, Row>()
  const templates = new Map<string, { readonly orgId: OrgId; template: QuestionnaireTemplate; link: string | null }>()
  const rules = new Map<OrgId, OnboardingRules>()
  const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())
  const matches = (invite: Invite, filter: InviteFilter) => {
    const search = (filter.search ?? "").toLowerCase()
    return (
      (search === "" || `${invite.vendorName} ${invite.email}`.toLowerCase().includes(search)) &&
      (filter.statuses === undefined ||
        filter.statuses.includes(inviteStatusAt(invite.status, new Date(invite.expiresAt), filter.now)))
    )
  }
  const inOrg = (orgId: OrgId) => [...invites.values()].filter((row) => row.orgId === orgId)
  const ownTemplates = (orgId: OrgId) => [...templates.values()].filter((t) => t.orgId === orgId).map((t) => t.template)

  return InviteRepository.of({
    templates: (orgId) =>
      Effect.sync(() => ownTemplates(orgId).sort((a, b) => Number(b.isDefault) - Number(a.isDefault))),
    findTemplate: (orgId, id) => Effect.sync(() => Option.fromNullishOr(ownTemplates(orgId).find((t) => t.id === id))),
    insertTemplate: (orgId, record) =>
      Effect.gen(function* () {
        const at = yield* now
        if (record.isDefault) {
          for (const kept of templates.values()) {
            if (kept.orgId === orgId) kept.template = new QuestionnaireTemplate({ ...kept.template, isDefault: false })
          }
        }
        const template = new QuestionnaireTemplate({
          id: crypto.randomUUID(),
          ...record,
          version: 1,
          createdAt: at,
          updatedAt: at
        })
        templates.set(template.id, { orgId, template, link: null })
        return template
      }),
    updateTemplate: (orgId, id, record, expectedVersion) =>
      Effect.gen(function* () {
        const kept = templates.get(id)
        if (kept === undefined || kept.orgId !== orgId) return Option.none()
        if (kept.template.version !== expectedVersion)
          return yield* new VersionConflict({ entity: "questionnaire", id })
        kept.template = new QuestionnaireTemplate({
          ...kept.template,
          ...record,
          version: expectedVersion + 1,
          updatedAt: yield* now
        })
        return Option.some(kept.template)
      }),
    setPublicLink: (orgId, templateId, tokenHash) =>
      Effect.sync(() => {
        const kept = templates.get(templateId)
        if (kept === undefined || kept.orgId !== orgId) return false
        kept.link = tokenHash
        return true
      }),
    findByPublicLink: (tokenHash) =>
      Effect.sync(() =>
        Option.map(Option.fromNullishOr([...templates.values()].find((t) => t.link === tokenHash)), (t) => ({
          orgId: t.orgId,
          templateId: t.template.id
        }))
      ),
    rules: (orgId) =>
      Effect.sync(() => rules.get(orgId) ?? new OnboardingRules({ expiryDays: defaultInviteExpiryDays, version: 0 })),
    saveRules: (orgId, expiryDays, expectedVersion) =>
      Effect.gen(function* () {
        const version = rules.get(orgId)?.version ?? 0
        if (version !== expectedVersion) return yield* new VersionConflict({ entity: "onboarding rules", id: orgId })
        const saved = new OnboardingRules({ expiryDays, version: version + 1 })
        rules.set(orgId, saved)
        return saved
      }),
    insert: (orgId, record: InviteRecord, secrets) =>
      Effect.gen(function* () {
        const at = yield* now
        const invite = new Invite({
          ...record,
          id: crypto.randomUUID(),
          number: nextDocumentNumber(invites, orgId, "vendor_invite"),
          version: 1,
          createdAt: at,
          updatedAt: at
        })
        invites.set(invite.id, {
          orgId,
          invite,
          tokenHash: secrets.tokenHash ?? null,
          passwordHash: secrets.passwordHash ?? null
        })
        return invite
      }),
    find: (orgId, id) =>
      Effect.sync(() => {
        const row = invites.get(id)
        if (row === undefined || row.orgId !== orgId) return Option.none<StoredInvite>()
        return Option.some({ invite: row.invite, tokenHash: row.tokenHash, passwordHash: row.passwordHash })
      }),
    update: (orgId, id, record, secrets, expectedVersion) =>
      Effect.gen(function* () {
        const row = invites.get(id)
        if (row === undefined || row.orgId !== orgId) return Option.none()
        if (row.invite.version !== expectedVersion) return yield* new VersionConflict({ entity: "invite", id })
        const invite = new Invite({
          ...row.invite,
          ...record,
          version: expectedVersion + 1,
          updatedAt: yield* now
        })
        invites.set(id, {
          orgId,
          invite,
          tokenHash: secrets.tokenHash === undefined ? row.tokenHash : secrets.tokenHash,
          passwordHash: secrets.passwordHash === undefined ? row.passwordHash : secrets.passwordHash
        })
        return Option.some(invite)
      }),
    findByToken: (tokenHash) =>
      Effect.sync(() =>
        Option.map(Option.fromNullishOr([...invites.values()].find((row) => row.tokenHash === tokenHash)), (row) => ({
          orgId: row.orgId,
          id: row.invite.id
        }))
      ),
    list: (orgId, query) =>
      Effect.sync(() =>
        inOrg(orgId)
          .map((row) => row.invite)
          .filter((invite) => matches(invite, query))
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
          .slice(query.offset, query.offset + query.limit)
      ),
    counts: (orgId, filter) =>
      Effect.sync(() => {
        const counted = new Map<Invite["status"], number>()
        for (const { invite } of inOrg(orgId)) {
          if (!matches(invite, { ...filter, statuses: undefined })) continue
          const status = inviteStatusAt(invite.status, new Date(invite.expiresAt), filter.now)
          counted.set(status, (counted.get(status) ?? 0) + 1)
        }
        return [...counted].map(([status, count]) => ({ status, count }))
      })
  })
})
