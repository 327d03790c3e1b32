import { assert, layer } from "@effect/vitest"
import { Effect, Exit, Layer, Option } from "effect"
import { approvalsLayer } from "../approvals/ApprovalsService.ts"
import { ListCounts } from "../documents/ListCounts.ts"
import { DocumentReaders } from "../files/DocumentReaders.ts"
import { Files } from "../files/Files.ts"
import { Actor } from "../identity/Actor.ts"
import { CommonPasswords } from "../identity/CommonPasswords.ts"
import { PasswordHasher } from "../identity/PasswordHasher.ts"
import { SessionTokens } from "../identity/SessionTokens.ts"
import { UserRepository } from "../identity/UserRepository.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { OrgSettings } from "../organisations/OrgSettings.ts"
import { OrgSettingsRepository } from "../organisations/OrgSettingsRepository.ts"
import { EventBus } from "../shared/EventBus.ts"
import { Transactions } from "../shared/Transactions.ts"
import { layerMemoryAdministration } from "../testing/memory/MemoryAdministration.ts"
import { layerMemoryApprovals } from "../testing/memory/MemoryApprovals.ts"
import {
  layerMemoryFileRepository,
  layerMemoryFileStore,
  layerMemoryUploadGrants,
  layerSignatureInspector
} from "../testing/memory/MemoryFiles.ts"
import { MemoryIdentityStore } from "../testing/memory/MemoryIdentity.ts"
import { layerMemoryInvites } from "../testing/memory/MemoryInvites.ts"
import { requestsWorldActor } from "../testing/memory/MemoryRequestsWorld.ts"
import { MemoryNotificationRepository } from "../testing/memory/MemoryNotificationRepository.ts"
import { layerMemoryVendors } from "../testing/memory/MemoryVendors.ts"
import { layerMemoryWorkspaces } from "../testing/memory/MemoryWorkspaces.ts"
import { VendorRepository } from "../vendors/VendorRepository.ts"
import { InviteRegistrationInput, NewInviteInput, OpenAnswersInput } from "./Invite.ts"
import { Invites } from "./Invites.ts"
import { NewQuestionnaireInput } from "./Questionnaire.ts"

let issued = 0
/** Tokens whose digest is the hash issued with them, as the real issuer's are. */
const Tokens = Layer.succeed(SessionTokens, {
  issue: Effect.sync(() => {
    const token = `invitation-link-token-${++issued}-of-the-test`
    return { token, hash: `digest:${token}` }
  }),
  digest: (token) => Effect.succeed(`digest:${token}`),
  newId: Effect.sync(() => crypto.randomUUID()),
  newCode: Effect.sync(() => "123456"),
  challenge: (verifier) => Effect.succeed(verifier)
})

const PlainHasher = Layer.succeed(PasswordHasher, {
  hash: (password) => Effect.succeed(`plain:${password}`),
  verify: (hash, password) => Effect.succeed(hash === `plain:${password}`)
})

/** The onboarding use cases over the memory stores, with the real approval engine (no workflow: approved at once). */
const world = Invites.layer.pipe(
  Layer.provideMerge(Layer.mergeAll(Files.layer, ListCounts.layer)),
  Layer.provideMerge(approvalsLayer),
  Layer.provideMerge(
    Layer.mergeAll(
      EventBus.layerInProcess,
      layerMemoryInvites,
      layerMemoryVendors,
      layerMemoryWorkspaces,
      layerMemoryApprovals,
      MemoryNotificationRepository,
      Transactions.layerPassThrough,
      layerMemoryFileRepository,
      layerMemoryFileStore,
      layerSignatureInspector,
      layerMemoryUploadGrants,
      DocumentReaders.layer,
      Tokens,
      PlainHasher,
      CommonPasswords.layerTest()
    )
  ),
  Layer.provideMerge(layerMemoryAdministration)
)

/**
 * A user of a new organisation (or of the given actor's), holding the given roles, whose name the linking form
 * prefills from (Sami Al-Qahtani).
 */
const actorWith = (roles: ReadonlyArray<string>, colleagueOf?: Actor) =>
  Effect.map(requestsWorldActor(roles, colleagueOf), (actor) => new Actor({ ...actor, displayName: "Sami Al-Qahtani" }))

/** Makes an organisation a vendor organisation of this name, as the platform provisions one. */
const asVendorOrganisation = (orgId: OrgId, name: string, orgRegNo: string) =>
  Effect.gen(function* () {
    const settings = yield* OrgSettingsRepository
    const current = Option.getOrThrow(yield* settings.find(orgId))
    yield* settings.save(
      new OrgSettings({ ...current, orgType: "vendor", orgName: name, profile: { orgRegNo } }),
      current.version
    )
  })

/** The link's token of the newest invitation mailed to an address. */
const mailedToken = (to: string) =>
  Effect.map(Effect.service(MemoryIdentityStore), (store) => {
    const text = store.mail.filter((m) => m.to === to).at(-1)?.text ?? ""
    return /\/invites-open\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? "none"
  })

const failureTag = <A, E>(exit: Exit.Exit<A, E>) =>
  Exit.isFailure(exit) ? (JSON.stringify(exit.cause).match(/"_tag":"(Invite\w+)"/)?.[1] ?? "other") : "success"

layer(world)("Invites: linking a vendor organisation already on Tawreed", (it) => {
  const buyerWithInvitations = Effect.gen(function* () {
    const buyer = yield* actorWith(["org_super_user"])
    const invites = yield* Invites
    yield* invites.createQuestionnaire(
      buyer,
      new NewQuestionnaireInput({
        name: "Onboarding",
        isDefault: true,
        sections: [
          {
            title: { en: "About you", ar: "عنك" },
            questions: [{ type: "SHORT_ANSWER", label: { en: "Trade name", ar: "الاسم التجاري" } }]
          }
        ]
      })
    )
    const invite = (email: string) =>
      Effect.gen(function* () {
        const made = yield* invites.invite(
          buyer,
          new NewInviteInput({ vendorName: "Jeddah Tools", email }),
          "https://tawreed.test"
        )
        return { invite: made, token: yield* mailedToken(email) }
      })
    return { buyer, invite }
  })

  it.effect("links the organisation of a vendor admin's session; approval connects it and makes no user", () =>
    Effect.gen(function* () {
      const invites = yield* Invites
      const { buyer, invite } = yield* buyerWithInvitations
      const vendorAdmin = yield* actorWith(["org_super_user"])
      yield* asVendorOrganisation(vendorAdmin.orgId, "Jeddah Tools Co.", "4030123456")
      const vendorClerk = yield* actorWith(["org_basic_user"], vendorAdmin)
      const { invite: made, token } = yield* invite("sales@jeddah-tools.example")

      // A buyer's session, and a vendor user who does not manage the organisation's settings, are refused.
      assert.strictEqual(failureTag(yield* Effect.exit(invites.link(token, buyer))), "InviteLinkNotVendor")
      assert.strictEqual(failureTag(yield* Effect.exit(invites.link(token, vendorClerk))), "InviteLinkNotAdmin")
      assert.strictEqual(
        failureTag(yield* Effect.exit(invites.link("not-a-link-of-any-invitation", vendorAdmin))),
        "InviteLinkInvalid"
      )

      const linked = yield* invites.link(token, vendorAdmin)
      assert.deepInclude(linked.registration, {
        nameEn: "Jeddah Tools Co.",
        crNumber: "4030123456",
        firstName: "Sami",
        lastName: "Al-Qahtani",
        linkedOrgId: vendorAdmin.orgId,
        linkedOrgName: "Jeddah Tools Co."
      })
      // Corrected without a password: the linked organisation has its users already.
      const corrected = yield* invites.register(token, new InviteRegistrationInput({ city: "Jeddah" }))
      assert.strictEqual(corrected.registration?.linkedOrgId, vendorAdmin.orgId)

      // No workflow: the submission is approved at once.
      yield* invites.answer(token, new OpenAnswersInput({ answers: [], submit: true }), "https://tawreed.test")
      const approved = yield* invites.get(buyer, made.id)
      assert.strictEqual(approved.status, "APPROVED")
      const vendor = Option.getOrThrow(yield* (yield* VendorRepository).findConnected(buyer.orgId, vendorAdmin.orgId))
      assert.strictEqual(vendor.id, approved.vendorId)
      assert.deepInclude(vendor, { connected: true, crNumber: "4030123456", status: "VENDOR_ACTIVE" })
      assert.isTrue(Option.isNone(yield* (yield* UserRepository).findCredentials("sales@jeddah-tools.example")))
      const store = yield* MemoryIdentityStore
      const mail = store.mail.filter((m) => m.to === "sales@jeddah-tools.example").at(-1)
      assert.include(mail?.text.replace(/[\u2068\u2069]/g, ""), "your organisation Jeddah Tools Co. is now connected")

      // The buyer has the organisation now: another invitation cannot link it.
      const { token: again } = yield* invite("accounts@jeddah-tools.example")
      assert.strictEqual(failureTag(yield* Effect.exit(invites.link(again, vendorAdmin))), "InviteOrgConnected")
    })
  )

  it.effect("refuses at approval a second invitation linking an organisation the first connected", () =>
    Effect.gen(function* () {
      const invites = yield* Invites
      const { buyer, invite } = yield* buyerWithInvitations
      const vendorAdmin = yield* actorWith(["org_super_user"])
      yield* asVendorOrganisation(vendorAdmin.orgId, "Taif Roses", "")
      const first = yield* invite("one@taif-roses.example")
      const second = yield* invite("two@taif-roses.example")
      yield* invites.link(first.token, vendorAdmin)
      yield* invites.link(second.token, vendorAdmin)
      const submit = (token: string) =>
        invites.answer(token, new OpenAnswersInput({ answers: [], submit: true }), "https://tawreed.test")
      yield* submit(first.token)
      assert.strictEqual(failureTag(yield* Effect.exit(submit(second.token))), "InviteOrgConnected")
      assert.notStrictEqual((yield* invites.get(buyer, second.invite.id)).status, "APPROVED")
    })
  )
})
