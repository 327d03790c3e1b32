import { Schema } from "effect"

/** A guest page size other than 10, 20 or 30 (SPEC.md §9). */
export class GuestPageSizeInvalid extends Schema.TaggedError<GuestPageSizeInvalid>()("GuestPageSizeInvalid", {}) {}

/** A chosen category that is not under the one before it, or not in the catalog. */
export class GuestTreeInvalid extends Schema.TaggedError<GuestTreeInvalid>()("GuestTreeInvalid", {}) {}

/** No organisation by that code shows a public catalog. */
export class PublicCatalogsNotFound extends Schema.TaggedError<PublicCatalogsNotFound>()("PublicCatalogsNotFound", {
  orgCode: Schema.String
}) {}

/** No public catalog of that id. */
export class PublicCatalogNotFound extends Schema.TaggedError<PublicCatalogNotFound>()("PublicCatalogNotFound", {
  id: Schema.String
}) {}

/** No organisation with that code to invite, or to verify. */
export class OrganisationCodeUnknown extends Schema.TaggedError<OrganisationCodeUnknown>()("OrganisationCodeUnknown", {
  code: Schema.String
}) {}

/** A catalog invitation link that names no invitation (mistyped, or replaced). */
export class CatalogInvitationInvalid extends Schema.TaggedError<CatalogInvitationInvalid>()(
  "CatalogInvitationInvalid",
  {}
) {}

/** A catalog invitation already accepted or withdrawn: a link works once. */
export class CatalogInvitationUsed extends Schema.TaggedError<CatalogInvitationUsed>()("CatalogInvitationUsed", {}) {}

/** A catalog invitation whose link lapsed. */
export class CatalogInvitationExpired extends Schema.TaggedError<CatalogInvitationExpired>()(
  "CatalogInvitationExpired",
  { date: Schema.String }
) {}

/** A catalog invitation opened by a user of another organisation than the one invited. */
export class CatalogInvitationWrongOrganisation extends Schema.TaggedError<CatalogInvitationWrongOrganisation>()(
  "CatalogInvitationWrongOrganisation",
  {}
) {}

/** Too many bad catalog invitation links from one address within the hour. */
export class CatalogInvitationThrottled extends Schema.TaggedError<CatalogInvitationThrottled>()(
  "CatalogInvitationThrottled",
  { minutes: Schema.Number }
) {}

/** An organisation invited to its own catalog. */
export class CatalogInvitationToSelf extends Schema.TaggedError<CatalogInvitationToSelf>()(
  "CatalogInvitationToSelf",
  {}
) {}
