import { Context, type Effect, type Option } from "effect"
import type { User } from "../identity/User.ts"
import type { EmailTaken } from "./OrganisationErrors.ts"
import type { Organisation, OrgId } from "./Organisation.ts"

/** Organisations, created with their first user. */
export interface OrganisationRepositoryShape {
  /**
   * Creates an organisation and its first user in one transaction; the organisation's code gets a number after
   * it when taken. Fails with EmailTaken when the email has an account anywhere.
   */
  readonly register: (
    organisation: Organisation,
    firstUser: User,
    passwordHash: string
  ) => Effect.Effect<Organisation, EmailTaken>
  /** An organisation, read inside itself. */
  readonly findById: (id: OrgId) => Effect.Effect<Option.Option<Organisation>>
}

/** Port: where organisations are kept. */
export class OrganisationRepository extends Context.Service<OrganisationRepository, OrganisationRepositoryShape>()(
  "@tawreed/core/organisations/OrganisationRepository"
) {}
