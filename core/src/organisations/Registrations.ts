import { Context, Duration, Effect, Layer, Option } from "effect"
import { TooManyAttempts } from "../identity/AccountSecurityErrors.ts"
import { CommonPasswords } from "../identity/CommonPasswords.ts"
import type { PasswordRejected } from "../identity/CredentialErrors.ts"
import { Invitations } from "../identity/Invitations.ts"
import { isEmail } from "../identity/LoginRules.ts"
import { PasswordHasher } from "../identity/PasswordHasher.ts"
import { checkPassword } from "../identity/PasswordRules.ts"
import { SessionTokens } from "../identity/SessionTokens.ts"
import { normaliseEmail, User, type UserId } from "../identity/User.ts"
import { UserRepository } from "../identity/UserRepository.ts"
import { OutgoingMail } from "../mail/Mail.ts"
import { Mailer } from "../mail/Mailer.ts"
import { AuditEvent, AuditLog, RequestOrigin } from "../shared/AuditLog.ts"
import type { Locale, Translated } from "../shared/Locale.ts"
import { Throttle } from "../shared/Throttle.ts"
import { Organisation, type OrgId } from "./Organisation.ts"
import { RegistrationIncomplete } from "./OrganisationErrors.ts"
import { OrganisationRepository } from "./OrganisationRepository.ts"
import {
  type MarketplaceRegistration,
  type OpenRegistration,
  organisationCode,
  type PrimaryContact,
  Registered
} from "./Registration.ts"

/** Registrations from one address in an hour before it must wait. */
const registrationsPerHour = 10

export const registrationMessages = {
  invited: {
    en: "Your organisation is registered. We sent an email to set your password.",
    ar: "تم تسجيل منظمتك. أرسلنا إليك بريدًا إلكترونيًا لتعيين كلمة المرور."
  },
  ready: {
    en: "Your organisation is registered. You can sign in now.",
    ar: "تم تسجيل منظمتك. يمكنك تسجيل الدخول الآن."
  }
} as const satisfies Record<string, Translated>

export type RegistrationError = RegistrationIncomplete | TooManyAttempts

/**
 * The mail to an account's owner when someone registers a new organisation with that account's email: the
 * registrant is answered as if it had worked (so the answer tells nothing about which emails have accounts), and
 * the owner, who alone reads this mailbox, learns how to get in.
 */
export const emailTakenMail = (user: User, locale: Locale, baseUrl: string): OutgoingMail =>
  new OutgoingMail({
    orgId: user.orgId,
    to: user.email,
    subject: emailTakenSubject[locale],
    text: emailTakenText[locale](`${baseUrl}/${locale}/auth/login`, `${baseUrl}/${locale}/auth/forgot-password`)
  })

const emailTakenSubject: Readonly<Record<Locale, string>> = {
  en: "Someone tried to register with your email",
  ar: "حاول أحدهم التسجيل باستخدام بريدك الإلكتروني"
}

const emailTakenText: Readonly<Record<Locale, (login: string, forgot: string) => string>> = {
  en: (login, forgot) =>
    `A new organisation was registered on Tawreed with this email, which already has an account, so nothing was ` +
    `created. If it was you, sign in at ${login}, or set a new password at ${forgot}. If it was not you, ignore ` +
    `this mail.`,
  ar: (login, forgot) =>
    `طُلب تسجيل منظمة جديدة في توريد بهذا البريد الإلكتروني، وله حساب مسبقًا، فلم يُنشأ شيء. إن كنت أنت، ` +
    `فسجّل الدخول من ${login}، أو عيّن كلمة مرور جديدة من ${forgot}. وإن لم تكن أنت، فتجاهل هذا البريد.`
}

/** Organisations registering themselves: the organisation, its first super user, and the way in. */
export interface RegistrationsShape {
  /** `orgs_open`: the primary contact gets an invitation to set a password. */
  readonly open: (
    registration: OpenRegistration,
    locale: Locale,
    baseUrl: string,
    origin?: RequestOrigin
  ) => Effect.Effect<Registered, RegistrationError>
  /** `orgMarketplace`: a supplier with its password chosen now. */
  readonly marketplace: (
    registration: MarketplaceRegistration,
    locale: Locale,
    baseUrl: string,
    origin?: RequestOrigin
  ) => Effect.Effect<Registered, RegistrationError | PasswordRejected>
}

/** Use cases: self-registration. */
export class Registrations extends Context.Service<Registrations, RegistrationsShape>()(
  "@tawreed/core/organisations/Registrations"
) {
  static readonly layer = Layer.effect(
    Registrations,
    Effect.gen(function* () {
      const organisations = yield* OrganisationRepository
      const users = yield* UserRepository
      const mailer = yield* Mailer
      const invitations = yield* Invitations
      const tokens = yield* SessionTokens
      const hasher = yield* PasswordHasher
      const throttle = yield* Throttle
      const audit = yield* AuditLog
      const commonPasswords = yield* CommonPasswords

      const checkContact = Effect.fn("Registrations.checkContact")(function* (name: string, contact: PrimaryContact) {
        if (name.trim() === "") return yield* new RegistrationIncomplete({ field: "name" })
        if (!isEmail(contact.email.trim())) return yield* new RegistrationIncomplete({ field: "primaryContact.email" })
        if (contact.firstName.trim() === "")
          return yield* new RegistrationIncomplete({ field: "primaryContact.firstName" })
        if (contact.lastName.trim() === "")
          return yield* new RegistrationIncomplete({ field: "primaryContact.lastName" })
      })

      const limit = Effect.fn("Registrations.limit")(function* (origin: RequestOrigin) {
        const count = yield* throttle.hit(`registrations:${origin.address ?? "unknown"}`, Duration.hours(1))
        if (count > registrationsPerHour) return yield* new TooManyAttempts({ minutes: 60 })
      })

      /**
       * An email that already has an account, in any organisation: the registrant gets the answer a registration
       * gets (with a code nobody holds), the owner a mail saying how to get in, and the audit log the attempt.
       * Answering "taken" would let anyone test which emails have accounts; the owner alone can act on it.
       */
      const emailTaken = Effect.fn("Registrations.emailTaken")(function* (
        name: string,
        contact: PrimaryContact,
        locale: Locale,
        baseUrl: string,
        origin: RequestOrigin
      ) {
        const owner = yield* users.findCredentials(normaliseEmail(contact.email))
        if (Option.isSome(owner)) {
          const user = owner.value.user
          yield* mailer.send(emailTakenMail(user, locale, baseUrl)).pipe(Effect.orDie)
          yield* audit.record(
            new AuditEvent({
              orgId: user.orgId,
              actorId: null,
              event: "registration.email_taken",
              address: origin.address,
              detail: { userId: user.id }
            })
          )
        }
        return { orgId: (yield* tokens.newId) as OrgId, code: organisationCode(name) }
      })

      const create = Effect.fn("Registrations.create")(function* (
        fields: { name: string; nameAr?: string; orgType: Organisation["orgType"]; currency?: string },
        contact: PrimaryContact,
        passwordHash: string,
        origin: RequestOrigin
      ) {
        const orgId = (yield* tokens.newId) as OrgId
        const userId = (yield* tokens.newId) as UserId
        const organisation = yield* organisations.register(
          new Organisation({
            id: orgId,
            code: organisationCode(fields.name),
            name: fields.name.trim(),
            orgType: fields.orgType,
            currency: (fields.currency ?? "SAR").trim().toUpperCase(),
            active: true
          }),
          new User({
            id: userId,
            orgId,
            email: normaliseEmail(contact.email),
            firstName: contact.firstName.trim(),
            lastName: contact.lastName.trim(),
            status: "ACTIVE",
            roles: ["org_super_user"]
          }),
          passwordHash
        )
        yield* audit.record(
          new AuditEvent({
            orgId,
            actorId: null,
            event: "organisation.registered",
            address: origin.address,
            detail: { orgType: fields.orgType }
          })
        )
        return { organisation, userId }
      })

      const open = Effect.fn("Registrations.open")(function* (
        registration: OpenRegistration,
        locale: Locale,
        baseUrl: string,
        origin: RequestOrigin = new RequestOrigin({ address: null })
      ) {
        yield* checkContact(registration.name, registration.primaryContact)
        yield* limit(origin)
        // No password yet: the hash of a random secret nobody knows, until the invitation sets one.
        const unusable = yield* hasher.hash((yield* tokens.issue).token)
        const registered = yield* create(
          {
            name: registration.name,
            orgType: registration.orgType ?? "buyer",
            ...(registration.currency ? { currency: registration.currency } : {})
          },
          registration.primaryContact,
          unusable,
          origin
        ).pipe(
          Effect.tap(({ organisation, userId }) => invitations.invite(organisation.id, userId, locale, baseUrl)),
          Effect.map(({ organisation }) => ({ orgId: organisation.id, code: organisation.code })),
          Effect.catchTag("EmailTaken", () =>
            emailTaken(registration.name, registration.primaryContact, locale, baseUrl, origin)
          )
        )
        return new Registered({ ...registered, message: registrationMessages.invited[locale] })
      })

      const marketplace = Effect.fn("Registrations.marketplace")(function* (
        registration: MarketplaceRegistration,
        locale: Locale,
        baseUrl: string,
        origin: RequestOrigin = new RequestOrigin({ address: null })
      ) {
        yield* checkContact(registration.name, registration.primaryContact)
        const password = yield* checkPassword(registration.password).pipe(
          Effect.provideService(CommonPasswords, commonPasswords)
        )
        yield* limit(origin)
        const registered = yield* create(
          {
            name: registration.name,
            orgType: "vendor",
            ...(registration.currency ? { currency: registration.currency } : {})
          },
          registration.primaryContact,
          yield* hasher.hash(password),
          origin
        ).pipe(
          Effect.map(({ organisation }) => ({ orgId: organisation.id, code: organisation.code })),
          Effect.catchTag("EmailTaken", () =>
            emailTaken(registration.name, registration.primaryContact, locale, baseUrl, origin)
          )
        )
        return new Registered({ ...registered, message: registrationMessages.ready[locale] })
      })

      return Registrations.of({ open, marketplace })
    })
  )
}
