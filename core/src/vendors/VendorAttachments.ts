import { Effect, Option } from "effect"
import { hasAnyPrivilege } from "../access/Privilege.ts"
import { DocumentReaders, type DocumentReader } from "../files/DocumentReaders.ts"
import { vendorPrivileges, Vendors } from "./Vendors.ts"

/** The kind of document a vendor is to the files module: its documents' files (CR, VAT certificate) hang on it. */
export const vendorAttachmentKind = "vendor"

/**
 * How vendors guard their documents' files (core/src/files/DocumentReaders.ts): a file on a vendor is downloaded
 * by whoever reads the vendor (`Vendors.get`: ven_r_o, the vendors module on), and taken off by whoever may
 * change it (ven_u_o too).
 */
export const vendorReader: Effect.Effect<DocumentReader, never, Vendors> = Effect.gen(function* () {
  const vendors = yield* Vendors
  const readable = (actor: Parameters<DocumentReader["mayRead"]>[0], id: string) =>
    Effect.map(Effect.option(vendors.get(actor, id)), Option.isSome)
  return {
    mayRead: readable,
    mayChange: (actor, id) =>
      hasAnyPrivilege(actor.privileges, vendorPrivileges.update) ? readable(actor, id) : Effect.succeed(false)
  }
})

/** Registers the vendors' reader with the files module as the app starts. */
export const vendorAttachmentsRegistration = DocumentReaders.registration(vendorAttachmentKind, vendorReader)
