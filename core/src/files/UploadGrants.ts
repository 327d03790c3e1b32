import { Context, type Effect, type Option } from "effect"
import type { UserId } from "../identity/User.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import type { AttachmentOwnerKind, FileKind } from "./FileRules.ts"

/** What a signed upload URL allows: one file, of a kind, for a kind of document, by one user. */
export interface UploadGrant {
  readonly orgId: OrgId
  readonly userId: UserId
  readonly kind: FileKind
  readonly entity: AttachmentOwnerKind
  readonly name: string
}

/**
 * The grants behind signed upload URLs (SPEC.md §7 `POST media_upload/initial-singedurl`, then a PUT to the URL).
 * A grant is named by a secret token that only its URL carries; it is kept hashed, used once, and lapses.
 */
export interface UploadGrantsShape {
  /** Keeps a grant until `expiresAt`; answers the token its URL carries. */
  readonly issue: (grant: UploadGrant, expiresAt: Date) => Effect.Effect<string>
  /** Takes the grant a token names, once: none when there is none, it lapsed, or it was taken already. */
  readonly take: (token: string) => Effect.Effect<Option.Option<UploadGrant>>
}

/** Port: grants for signed upload URLs. */
export class UploadGrants extends Context.Service<UploadGrants, UploadGrantsShape>()(
  "@tawreed/core/files/UploadGrants"
) {}
