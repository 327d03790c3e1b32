import { Schema } from "effect"
import { OrgType } from "./Organisation.ts"

/** The primary contact of a self-registered organisation: its first super user. */
export class PrimaryContact extends Schema.Class<PrimaryContact>("PrimaryContact")({
  email: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  phone: Schema.optionalKey(Schema.String)
}) {}

/**
 * An organisation registering itself (SPEC.md §7 `POST orgs_open`): its name, kind and currency, and the primary
 * contact who becomes its first super user and sets a password from an emailed invitation.
 */
export class OpenRegistration extends Schema.Class<OpenRegistration>("OpenRegistration")({
  name: Schema.String,
  nameAr: Schema.optionalKey(Schema.String),
  orgType: Schema.optionalKey(OrgType),
  currency: Schema.optionalKey(Schema.String),
  primaryContact: PrimaryContact
}) {}

/**
 * A marketplace supplier registering itself (SPEC.md §3, §7 `POST orgMarketplace`): the same, with the primary
 * contact's password chosen on the spot, so the supplier can sign in at once.
 */
export class MarketplaceRegistration extends Schema.Class<MarketplaceRegistration>("MarketplaceRegistration")({
  name: Schema.String,
  nameAr: Schema.optionalKey(Schema.String),
  currency: Schema.optionalKey(Schema.String),
  primaryContact: PrimaryContact,
  password: Schema.String
}) {}

/** What a registration answers: the new organisation and what happens next, in the request's language. */
export class Registered extends Schema.Class<Registered>("Registered")({
  orgId: Schema.String,
  code: Schema.String,
  message: Schema.String
}) {}

/**
 * The organisation's code: its name in upper-case Latin letters and digits, at most 12, with a number after it
 * when taken (the repository adds it). Names in Arabic script alone give ORG.
 */
export const organisationCode = (name: string): string => {
  const latin = name
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]/g, "")
    .toUpperCase()
    .slice(0, 12)
  return latin.length >= 2 ? latin : "ORG"
}
