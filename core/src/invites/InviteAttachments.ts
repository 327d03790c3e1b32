import { Effect, Option } from "effect"
import { DocumentReaders, type DocumentReader } from "../files/DocumentReaders.ts"
import { vendorPrivileges } from "../vendors/Vendors.ts"
import { InviteRepository } from "./InviteRepository.ts"
import { vendorHeldStatuses } from "./InviteStatus.ts"
import { inviteAttachmentKind } from "./Invites.ts"

/**
 * How invitations guard the files their upload answers name (core/src/files/DocumentReaders.ts): downloaded by the
 * buyer's vendor readers (`ven_r_o`) and by the invitation itself (the vendor, by its link), and taken off only by
 * the vendor while it still holds the invitation.
 */
export const inviteReader: Effect.Effect<DocumentReader, never, InviteRepository> = Effect.gen(function* () {
  const stored = yield* InviteRepository
  return {
    mayRead: (actor, id) =>
      Effect.map(
        stored.find(actor.orgId, id),
        (found) =>
          Option.isSome(found) &&
          (actor.userId === id || vendorPrivileges.read.some((p) => actor.privileges.includes(p)))
      ),
    mayChange: (actor, id) =>
      Effect.map(
        stored.find(actor.orgId, id),
        (found) => Option.isSome(found) && actor.userId === id && vendorHeldStatuses.includes(found.value.invite.status)
      )
  }
})

/** Registers the invitations' reader with the files module as the app starts. */
export const inviteAttachmentsRegistration = DocumentReaders.registration(inviteAttachmentKind, inviteReader)
