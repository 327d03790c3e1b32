import { assert, layer } from "@effect/vitest"
import { Duration, Effect, type Layer, Option } from "effect"
import { accountPolicy, lockDuration } from "../../identity/AccountPolicy.ts"
import { AccountSecurity, Invitation, SecurityCode } from "../../identity/AccountSecurity.ts"
import { UserRepository } from "../../identity/UserRepository.ts"
import { EmailTaken, Organisation, OrganisationRepository } from "../../organisations/index.ts"
import { Throttle } from "../../shared/Throttle.ts"
import { Fixtures, fixtureUser } from "../Fixtures.ts"

const code = (user: { orgId: string; userId: string }, purpose: "mfa" | "reset", hash: string) =>
  new SecurityCode({
    id: crypto.randomUUID(),
    orgId: user.orgId as SecurityCode["orgId"],
    userId: user.userId as SecurityCode["userId"],
    purpose,
    platform: "mobile",
    codeHash: hash,
    attempts: 0,
    sends: 1,
    verifiedAt: null,
    sentAt: new Date(),
    expiresAt: new Date(Date.now() + 600_000)
  })

/** The behaviour every AccountSecurity, Throttle and OrganisationRepository adapter must show. */
export const suite = (
  name: string,
  storage: Layer.Layer<AccountSecurity | Throttle | OrganisationRepository | UserRepository | Fixtures, unknown>
) =>
  layer(storage, { timeout: 120_000 })(`account security contract: ${name}`, (it) => {
    it.effect("claims sign-in attempts until the fifth locks, and clears both on a sign-in or a new password", () =>
      Effect.gen(function* () {
        const security = yield* AccountSecurity
        const users = yield* UserRepository
        const user = yield* (yield* Fixtures).newUser()
        const at = new Date()
        assert.isTrue(yield* security.claimSignInAttempt(user.orgId, user.id, at))
        assert.isTrue(yield* security.claimSignInAttempt(user.orgId, user.id, at))
        const counted = Option.getOrThrow(yield* users.findCredentials(user.email.toLowerCase()))
        assert.deepStrictEqual([counted.failedLogins, counted.lockedUntil], [2, null])
        yield* security.recordSignIn(user.orgId, user.id)
        const cleared = Option.getOrThrow(yield* users.findCredentials(user.email.toLowerCase()))
        assert.deepStrictEqual([cleared.failedLogins, cleared.lockedUntil], [0, null])
        // Claims arriving together: exactly the threshold get through, and the last of them locks the account.
        const claims = yield* Effect.all(
          Array.from({ length: 12 }, () => security.claimSignInAttempt(user.orgId, user.id, at)),
          { concurrency: "unbounded" }
        )
        assert.strictEqual(claims.filter(Boolean).length, accountPolicy.lockoutThreshold)
        const locked = Option.getOrThrow(yield* users.findCredentials(user.email.toLowerCase()))
        assert.strictEqual(locked.failedLogins, accountPolicy.lockoutThreshold)
        assert.strictEqual(
          locked.lockedUntil?.getTime(),
          at.getTime() + Duration.toMillis(lockDuration(accountPolicy.lockoutThreshold))
        )
        // Once the lock has passed, one more try is claimed and locks it again for longer.
        const later = new Date(locked.lockedUntil!.getTime() + 1)
        assert.isTrue(yield* security.claimSignInAttempt(user.orgId, user.id, later))
        assert.isFalse(yield* security.claimSignInAttempt(user.orgId, user.id, later))
        const now = new Date()
        yield* security.setPassword(user.orgId, user.id, "new-hash", now)
        const reset = Option.getOrThrow(yield* users.findCredentials(user.email.toLowerCase()))
        assert.deepStrictEqual([reset.passwordHash, reset.failedLogins, reset.lockedUntil], ["new-hash", 0, null])
        assert.strictEqual(reset.passwordChangedAt.getTime(), now.getTime())
      })
    )

    it.effect("claims a code's tries up to its limit, however many arrive at once", () =>
      Effect.gen(function* () {
        const security = yield* AccountSecurity
        const recipient = yield* (yield* Fixtures).newRecipient
        const mfa = code(recipient, "mfa", "h-claims")
        yield* security.saveCode(mfa)
        const tries = yield* Effect.all(
          Array.from({ length: 12 }, () => security.claimCodeAttempt(recipient.orgId, mfa.id, 5)),
          { concurrency: "unbounded" }
        )
        assert.deepStrictEqual(
          tries
            .filter(Option.isSome)
            .map((t) => t.value)
            .sort((a, b) => a - b),
          [1, 2, 3, 4, 5]
        )
        const open = Option.getOrThrow(yield* security.openCode(recipient.orgId, recipient.userId, "mfa"))
        assert.strictEqual(open.attempts, 5)
        // A send arriving together with others: one claims it, under a new hash with its tries starting over.
        const at = new Date(open.sentAt!.getTime() + 60_001)
        const send = (n: number) =>
          security.claimCodeSend(recipient.orgId, mfa.id, {
            codeHash: `h-sent-${n}`,
            at,
            sentBefore: new Date(at.getTime() - 60_000),
            maxSends: 5,
            expiresAt: new Date(at.getTime() + 600_000)
          })
        const sends = yield* Effect.all(
          Array.from({ length: 8 }, (_, n) => send(n)),
          { concurrency: "unbounded" }
        )
        assert.strictEqual(sends.filter(Boolean).length, 1)
        const resent = Option.getOrThrow(yield* security.openCode(recipient.orgId, recipient.userId, "mfa"))
        assert.deepStrictEqual([resent.attempts, resent.sends, resent.sentAt?.getTime()], [0, 2, at.getTime()])
        assert.isTrue(Option.isSome(yield* security.claimCodeAttempt(recipient.orgId, mfa.id, 5)))
        yield* security.markCodeVerified(recipient.orgId, mfa.id, new Date())
        assert.isTrue(yield* security.closeCode(recipient.orgId, mfa.id))
        assert.isFalse(yield* security.closeCode(recipient.orgId, mfa.id))
        assert.isTrue(Option.isNone(yield* security.claimCodeAttempt(recipient.orgId, mfa.id, 10)))
      })
    )

    it.effect("keeps one open code per user and purpose, updates it, and closes it for good", () =>
      Effect.gen(function* () {
        const security = yield* AccountSecurity
        const recipient = yield* (yield* Fixtures).newRecipient
        const first = code(recipient, "reset", "h1")
        yield* security.saveCode(first)
        yield* security.saveCode(code(recipient, "mfa", "h-mfa"))
        const second = code(recipient, "reset", "h2")
        yield* security.saveCode(second)
        const open = Option.getOrThrow(yield* security.openCode(recipient.orgId, recipient.userId, "reset"))
        assert.deepStrictEqual([open.id, open.codeHash, open.platform], [second.id, "h2", "mobile"])
        yield* security.claimCodeAttempt(recipient.orgId, open.id, 5)
        yield* security.markCodeVerified(recipient.orgId, open.id, new Date())
        const updated = Option.getOrThrow(yield* security.openCode(recipient.orgId, recipient.userId, "reset"))
        assert.strictEqual(updated.attempts, 1)
        assert.isNotNull(updated.verifiedAt)
        yield* security.closeCode(recipient.orgId, open.id)
        assert.isTrue(Option.isNone(yield* security.openCode(recipient.orgId, recipient.userId, "reset")))
        assert.isTrue(Option.isSome(yield* security.openCode(recipient.orgId, recipient.userId, "mfa")))
        const stranger = yield* (yield* Fixtures).newRecipient
        assert.isTrue(Option.isNone(yield* security.openCode(stranger.orgId, recipient.userId, "mfa")))
      })
    )

    it.effect("finds an invitation by its token's hash and uses it once", () =>
      Effect.gen(function* () {
        const security = yield* AccountSecurity
        const user = yield* (yield* Fixtures).newUser()
        const invitation = new Invitation({
          id: crypto.randomUUID(),
          orgId: user.orgId,
          userId: user.id,
          expiresAt: new Date(Date.now() + 86_400_000),
          usedAt: null
        })
        const hash = `invitation-${crypto.randomUUID()}`
        yield* security.createInvitation(invitation, hash)
        const found = Option.getOrThrow(yield* security.findInvitation(hash))
        assert.deepStrictEqual(
          [found.invitation.id, found.email, found.orgName],
          [invitation.id, user.email, "Fixture"]
        )
        assert.isTrue(Option.isNone(yield* security.findInvitation("no-such-hash")))
        assert.isTrue(yield* security.useInvitation(user.orgId, invitation.id, new Date()))
        assert.isFalse(yield* security.useInvitation(user.orgId, invitation.id, new Date()))
        assert.isNotNull(Option.getOrThrow(yield* security.findInvitation(hash)).invitation.usedAt)
      })
    )

    it.effect("counts throttle hits per key within the window", () =>
      Effect.gen(function* () {
        const throttle = yield* Throttle
        const key = `contract-${crypto.randomUUID()}`
        assert.strictEqual(yield* throttle.count(key, Duration.minutes(15)), 0)
        assert.strictEqual(yield* throttle.hit(key, Duration.minutes(15)), 1)
        assert.strictEqual(yield* throttle.hit(key, Duration.minutes(15)), 2)
        assert.strictEqual(yield* throttle.count(key, Duration.minutes(15)), 2)
        assert.strictEqual(yield* throttle.count(`${key}-other`, Duration.minutes(15)), 0)
        // Hits arriving together each answer their own count.
        const counts = yield* Effect.all(
          Array.from({ length: 8 }, () => throttle.hit(key, Duration.minutes(15))),
          { concurrency: "unbounded" }
        )
        assert.deepStrictEqual(
          [...counts].sort((a, b) => a - b),
          [3, 4, 5, 6, 7, 8, 9, 10]
        )
      })
    )

    it.effect("takes from a throttle's limit atomically and gives back what did not count", () =>
      Effect.gen(function* () {
        const throttle = yield* Throttle
        const key = `contract-take-${crypto.randomUUID()}`
        const window = Duration.minutes(15)
        const taken = yield* Effect.all(
          Array.from({ length: 12 }, () => throttle.take(key, window, 5)),
          { concurrency: "unbounded" }
        )
        assert.strictEqual(taken.filter(Boolean).length, 5)
        assert.strictEqual(yield* throttle.count(key, window), 5)
        yield* throttle.release(key)
        assert.strictEqual(yield* throttle.count(key, window), 4)
        assert.isTrue(yield* throttle.take(key, window, 5))
        assert.isFalse(yield* throttle.take(key, window, 5))
      })
    )

    it.effect("registers an organisation with its first user, refusing an email that has an account", () =>
      Effect.gen(function* () {
        const organisations = yield* OrganisationRepository
        const users = yield* UserRepository
        const orgId = crypto.randomUUID()
        const email = `first-${orgId}@contract.tawreed.test`
        const user = fixtureUser({ email, roles: ["org_super_user"] }, orgId, crypto.randomUUID())
        const organisation = new Organisation({
          id: orgId as Organisation["id"],
          code: `C${orgId.slice(0, 8).toUpperCase()}`,
          name: "Contract Co",
          orgType: "buyer",
          currency: "SAR",
          active: true
        })
        const saved = yield* organisations.register(organisation, user, "hash")
        assert.strictEqual(saved.id, organisation.id)
        const credentials = Option.getOrThrow(yield* users.findCredentials(email))
        assert.deepStrictEqual([credentials.user.orgId, credentials.orgActive], [organisation.id, true])
        const other = crypto.randomUUID()
        const refused = yield* Effect.flip(
          organisations.register(
            new Organisation({ ...organisation, id: other as Organisation["id"], code: `D${other.slice(0, 8)}` }),
            fixtureUser({ email }, other, crypto.randomUUID()),
            "hash"
          )
        )
        assert.instanceOf(refused, EmailTaken)
      })
    )
  })
