import { assert, layer } from "@effect/vitest"
import { Effect, Exit, type Layer, Option } from "effect"
import { InviteQuestionnaire } from "../../invites/Invite.ts"
import { type InviteRecord, InviteRepository, type TemplateRecord } from "../../invites/InviteRepository.ts"
import { Bilingual, Question, QuestionnaireSection } from "../../invites/Questionnaire.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { Fixtures } from "../Fixtures.ts"

const words = (en: string) => new Bilingual({ en, ar: "" })

const sections = [
  new QuestionnaireSection({
    id: "s1",
    title: words("Company"),
    reviewerIds: [],
    questions: [
      new Question({
        id: "s1q1",
        type: "SHORT_ANSWER",
        label: words("Trade name"),
        required: true,
        options: [],
        scale: null
      })
    ]
  })
]

const template = (name: string, isDefault: boolean): TemplateRecord => ({ name, sections, isDefault })

/** An invitation's record as a use case would store it, with the given fields over plain defaults. */
export const inviteRecordFor = (createdBy: string, extra: Partial<InviteRecord> = {}): InviteRecord => ({
  status: "INVITED",
  vendorName: "Tabuk Logistics",
  email: "sales@tabuk.example",
  locale: "en",
  questionnaire: new InviteQuestionnaire({ templateId: "t", name: "Onboarding", sections }),
  answers: [],
  registration: null,
  vendorMessage: "",
  fromPublicLink: false,
  vendorId: null,
  expiresAt: "2030-01-01T00:00:00.000Z",
  submittedAt: null,
  createdBy,
  ...extra
})

const hash = (n: number) => n.toString(16).padStart(64, "0")

/** The behaviour every InviteRepository must show (PGlite, PostgreSQL). */
export const suite = (name: string, storage: Layer.Layer<InviteRepository | Fixtures, unknown>) =>
  layer(storage, { timeout: 120_000 })(`InviteRepository contract: ${name}`, (it) => {
    const newOrg = Effect.gen(function* () {
      const admin = yield* (yield* Fixtures).newUser({ roles: ["org_super_user"] })
      return { orgId: admin.orgId as OrgId, adminId: admin.id as string }
    })

    it.effect("keeps one default questionnaire per organisation, changes one at its version, for it alone", () =>
      Effect.gen(function* () {
        const repository = yield* InviteRepository
        const org = yield* newOrg
        const other = yield* newOrg
        const first = yield* repository.insertTemplate(org.orgId, template("Onboarding", true))
        const second = yield* repository.insertTemplate(org.orgId, template("Contractors", true))
        const listed = yield* repository.templates(org.orgId)
        assert.deepStrictEqual(
          listed.map((t) => [t.name, t.isDefault]),
          [
            ["Onboarding", false],
            ["Contractors", true]
          ]
        )
        assert.deepStrictEqual(listed[0]?.sections, sections)
        assert.deepStrictEqual(yield* repository.templates(other.orgId), [])
        assert.isTrue(Option.isNone(yield* repository.findTemplate(other.orgId, first.id)))
        const changed = yield* repository.updateTemplate(org.orgId, first.id, template("Suppliers", true), 1)
        assert.strictEqual(Option.getOrThrow(changed).version, 2)
        assert.isFalse(Option.getOrThrow(yield* repository.findTemplate(org.orgId, second.id)).isDefault)
        const stale = yield* Effect.exit(repository.updateTemplate(org.orgId, first.id, template("Late", false), 1))
        assert.isTrue(Exit.isFailure(stale))
        assert.isTrue(Option.isNone(yield* repository.updateTemplate(other.orgId, first.id, template("X", false), 2)))
      })
    )

    it.effect("keeps the onboarding rules at their version, fourteen days until saved", () =>
      Effect.gen(function* () {
        const repository = yield* InviteRepository
        const org = yield* newOrg
        assert.deepStrictEqual({ ...(yield* repository.rules(org.orgId)) }, { expiryDays: 14, version: 0 })
        const saved = yield* repository.saveRules(org.orgId, 30, 0)
        assert.deepStrictEqual({ ...saved }, { expiryDays: 30, version: 1 })
        assert.isTrue(Exit.isFailure(yield* Effect.exit(repository.saveRules(org.orgId, 7, 0))))
        assert.deepStrictEqual({ ...(yield* repository.saveRules(org.orgId, 7, 1)) }, { expiryDays: 7, version: 2 })
      })
    )

    it.effect(
      "numbers invitations, finds one by its token's hash across organisations, and forgets a spent token",
      () =>
        Effect.gen(function* () {
          const repository = yield* InviteRepository
          const org = yield* newOrg
          const other = yield* newOrg
          const seed = Date.now()
          const first = yield* repository.insert(org.orgId, inviteRecordFor(org.adminId), { tokenHash: hash(seed) })
          const second = yield* repository.insert(
            org.orgId,
            inviteRecordFor(org.adminId, { vendorName: "Jouf Dates", email: "hello@jouf.example" }),
            { tokenHash: hash(seed + 1), passwordHash: "argon2-hash" }
          )
          assert.match(first.number, /^VIN-\d{6}$/)
          assert.notStrictEqual(first.number, second.number)
          const stored = Option.getOrThrow(yield* repository.find(org.orgId, second.id))
          assert.strictEqual(stored.tokenHash, hash(seed + 1))
          assert.strictEqual(stored.passwordHash, "argon2-hash")
          assert.deepStrictEqual(stored.invite.questionnaire, inviteRecordFor(org.adminId).questionnaire)
          assert.deepStrictEqual(Option.getOrThrow(yield* repository.findByToken(hash(seed))), {
            orgId: org.orgId,
            id: first.id
          })
          assert.isTrue(Option.isNone(yield* repository.find(other.orgId, first.id)))
          const spent = yield* repository.update(
            org.orgId,
            first.id,
            inviteRecordFor(org.adminId, { status: "UNDER_REVIEW" }),
            { tokenHash: null },
            first.version
          )
          assert.strictEqual(Option.getOrThrow(spent).status, "UNDER_REVIEW")
          assert.isTrue(Option.isNone(yield* repository.findByToken(hash(seed))))
          assert.isTrue(Option.isNone(yield* repository.findByToken("not-a-hash")))
          // The password hash stays when a write leaves it out.
          yield* repository.update(org.orgId, second.id, inviteRecordFor(org.adminId), {}, second.version)
          assert.strictEqual(
            Option.getOrThrow(yield* repository.find(org.orgId, second.id)).passwordHash,
            "argon2-hash"
          )
          const stale = yield* Effect.exit(
            repository.update(org.orgId, first.id, inviteRecordFor(org.adminId), {}, first.version)
          )
          assert.isTrue(Exit.isFailure(stale))
        })
    )

    it.effect("lists newest first, reads a lapsed link as expired, and searches names and emails", () =>
      Effect.gen(function* () {
        const repository = yield* InviteRepository
        const org = yield* newOrg
        const lapsed = yield* repository.insert(
          org.orgId,
          inviteRecordFor(org.adminId, { vendorName: "Old Vendor", expiresAt: "2020-01-01T00:00:00.000Z" }),
          {}
        )
        const fresh = yield* repository.insert(
          org.orgId,
          inviteRecordFor(org.adminId, { vendorName: "New Vendor" }),
          {}
        )
        const now = new Date("2026-06-01T00:00:00.000Z")
        const all = yield* repository.list(org.orgId, { now, offset: 0, limit: 10 })
        assert.deepStrictEqual(
          all.map((i) => i.id),
          [fresh.id, lapsed.id]
        )
        const expired = yield* repository.list(org.orgId, { now, statuses: ["EXPIRED"], offset: 0, limit: 10 })
        assert.deepStrictEqual(
          expired.map((i) => i.id),
          [lapsed.id]
        )
        const counts = yield* repository.counts(org.orgId, { now })
        assert.strictEqual(counts.find((c) => c.status === "EXPIRED")?.count, 1)
        assert.strictEqual(counts.find((c) => c.status === "INVITED")?.count, 1)
        const searched = yield* repository.list(org.orgId, { now, search: "NEW v", offset: 0, limit: 10 })
        assert.deepStrictEqual(
          searched.map((i) => i.id),
          [fresh.id]
        )
        const byEmail = yield* repository.list(org.orgId, { now, search: "tabuk.example", offset: 0, limit: 10 })
        assert.strictEqual(byEmail.length, 2)
      })
    )
  })
