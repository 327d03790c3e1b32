import { Effect, Option } from "effect"
import { hasAnyPrivilege } from "../access/Privilege.ts"
import { DocumentReaders, type DocumentReader } from "../files/DocumentReaders.ts"
import { contractActionAllowed } from "./ContractStatus.ts"
import { contractPrivileges, Contracts } from "./Contracts.ts"

/** The kind of document a contract is to the files module: its signed agreement and annexes hang on it. */
export const contractAttachmentKind = "contract"

/**
 * How contracts guard their files (core/src/files/DocumentReaders.ts): a file on a contract is downloaded by whoever
 * reads the contract (`Contracts.get`: ven_r_o, or one of its approvers), and taken off by a holder of ven_u_o
 * while the contract is a draft.
 */
export const contractReader: Effect.Effect<DocumentReader, never, Contracts> = Effect.gen(function* () {
  const contracts = yield* Contracts
  return {
    mayRead: (actor, id) => Effect.map(Effect.option(contracts.get(actor, id)), Option.isSome),
    mayChange: (actor, id) =>
      hasAnyPrivilege(actor.privileges, contractPrivileges.update)
        ? Effect.map(
            Effect.option(contracts.get(actor, id)),
            (found) => Option.isSome(found) && contractActionAllowed("update", found.value.status)
          )
        : Effect.succeed(false)
  }
})

/** Registers the contracts' reader with the files module as the app starts. */
export const contractAttachmentsRegistration = DocumentReaders.registration(contractAttachmentKind, contractReader)
