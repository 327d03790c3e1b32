import { Schema } from "effect"

/** An organisation's id: every tenant row carries it as `org_id`. */
export const OrgId = Schema.String.pipe(Schema.brand("OrgId"))
export type OrgId = typeof OrgId.Type

/** The kinds of organisation of SPEC.md §1. */
export const OrgType = Schema.Literals(["buyer", "vendor", "client", "reseller"])
export type OrgType = typeof OrgType.Type

/** A tenant: a buyer, vendor, client or reseller organisation. */
export class Organisation extends Schema.Class<Organisation>("Organisation")({
  id: OrgId,
  code: Schema.String,
  name: Schema.String,
  orgType: OrgType,
  currency: Schema.String,
  active: Schema.Boolean
}) {}
