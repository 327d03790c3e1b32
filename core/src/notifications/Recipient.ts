import { Schema } from "effect"
import { UserId } from "../identity/User.ts"
import { OrgId } from "../organisations/Organisation.ts"

/** Who a notification is for: a user within their organisation. */
export class Recipient extends Schema.Class<Recipient>("Recipient")({
  orgId: OrgId,
  userId: UserId
}) {}
