import { Context, type Effect, type Option } from "effect"
import type { OrgId } from "../organisations/Organisation.ts"
import type { VersionConflict } from "../shared/Errors.ts"
import type { Invite, OnboardingRules } from "./Invite.ts"
import type { InviteStatus } from "./InviteStatus.ts"
import type { QuestionnaireSection, QuestionnaireTemplate } from "./Questionnaire.ts"

/** A template's fields as stored. */
export interface TemplateRecord {
  readonly name: string
  readonly sections: ReadonlyArray<QuestionnaireSection>
  readonly isDefault: boolean
}

/** Everything an invitation is stored with but its identity and bookkeeping. */
export type InviteRecord = Omit<Invite, "id" | "number" | "version" | "createdAt" | "updatedAt">

/**
 * An invitation with what is kept of it but never answered: the hash of its link's token (none once used or
 * cancelled) and the hash of the password its vendor chose for its first user.
 */
export interface StoredInvite {
  readonly invite: Invite
  readonly tokenHash: string | null
  readonly passwordHash: string | null
}

/** The secrets an invitation's write sets; `undefined` keeps what is stored. */
export interface InviteSecrets {
  readonly tokenHash?: string | null
  readonly passwordHash?: string | null
}

/** What the list narrows by. */
export interface InviteFilter {
  /** Statuses as they read at `now` (`inviteStatusAt`: one the vendor holds reads EXPIRED once lapsed). */
  readonly statuses?: ReadonlyArray<InviteStatus> | undefined
  /** A part of the vendor's name or email, ignoring case. */
  readonly search?: string | undefined
  readonly now: Date
}

/** The list's query: newest first, then id. */
export interface InviteQuery extends InviteFilter {
  readonly offset: number
  readonly limit: number
}

/**
 * Where the buyer organisation's questionnaires, onboarding rules and vendor invitations are kept; every call is
 * scoped to one organisation, except the lookup of a link's token, which finds the organisation it belongs to.
 */
export interface InviteRepositoryShape {
  readonly templates: (orgId: OrgId) => Effect.Effect<ReadonlyArray<QuestionnaireTemplate>>
  readonly findTemplate: (orgId: OrgId, id: string) => Effect.Effect<Option.Option<QuestionnaireTemplate>>
  /** Stores a template; when it is the default, the organisation's other templates stop being it. */
  readonly insertTemplate: (orgId: OrgId, record: TemplateRecord) => Effect.Effect<QuestionnaireTemplate>
  readonly updateTemplate: (
    orgId: OrgId,
    id: string,
    record: TemplateRecord,
    expectedVersion: number
  ) => Effect.Effect<Option.Option<QuestionnaireTemplate>, VersionConflict>
  /** Gives a template a new public link's hash (the old link dies); false when there is no such template. */
  readonly setPublicLink: (orgId: OrgId, templateId: string, tokenHash: string) => Effect.Effect<boolean>
  /** The organisation and template a public link's hash names, across organisations. */
  readonly findByPublicLink: (
    tokenHash: string
  ) => Effect.Effect<Option.Option<{ readonly orgId: OrgId; readonly templateId: string }>>
  /** The rules, version 0 with the defaults while none were saved. */
  readonly rules: (orgId: OrgId) => Effect.Effect<OnboardingRules>
  readonly saveRules: (
    orgId: OrgId,
    expiryDays: number,
    expectedVersion: number
  ) => Effect.Effect<OnboardingRules, VersionConflict>
  /** Stores a new invitation, numbered (`VIN-000001`), version 1. */
  readonly insert: (orgId: OrgId, record: InviteRecord, secrets: InviteSecrets) => Effect.Effect<Invite>
  readonly find: (orgId: OrgId, id: string) => Effect.Effect<Option.Option<StoredInvite>>
  /** Replaces an invitation at its version, moving it on by one. */
  readonly update: (
    orgId: OrgId,
    id: string,
    record: InviteRecord,
    secrets: InviteSecrets,
    expectedVersion: number
  ) => Effect.Effect<Option.Option<Invite>, VersionConflict>
  /** The organisation and invitation a link's token hash names, across organisations. */
  readonly findByToken: (
    tokenHash: string
  ) => Effect.Effect<Option.Option<{ readonly orgId: OrgId; readonly id: string }>>
  readonly list: (orgId: OrgId, query: InviteQuery) => Effect.Effect<ReadonlyArray<Invite>>
  /** How many invitations per status (as read at the filter's `now`) the filter keeps, ignoring its statuses. */
  readonly counts: (
    orgId: OrgId,
    filter: InviteFilter
  ) => Effect.Effect<ReadonlyArray<{ readonly status: InviteStatus; readonly count: number }>>
}

/** Port: where questionnaires and invitations are kept. */
export class InviteRepository extends Context.Service<InviteRepository, InviteRepositoryShape>()(
  "@tawreed/core/invites/InviteRepository"
) {}
