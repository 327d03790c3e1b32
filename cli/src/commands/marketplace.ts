import type { Command } from "commander"
import { Effect } from "effect"
import { text } from "../Messages.ts"
import { emit } from "../Output.ts"
import type { Runner } from "../Runner.ts"
import { signedInClient } from "../Session.ts"
import { Settings } from "../Settings.ts"

/**
 * `tawreed marketplace …`: an organisation's KYC standing, its verification by the platform's operators (listed in
 * the server's TAWREED_PLATFORM_OPERATORS), and catalog invitations sent, waiting and accepted.
 */
export const register = (parent: Command, run: Runner) => {
  const marketplace = parent.command("marketplace").description("the marketplace: KYC and catalog invitations")
  marketplace
    .command("standing")
    .description("show whether your organisation's KYC is verified")
    .action((_options: unknown, command: Command) => run(command, standing))
  marketplace
    .command("kyc")
    .description("mark an organisation's KYC verified (platform operators only)")
    .argument("<orgCode>", "the organisation's code")
    .option("--revoke", "mark it not verified instead")
    .action((orgCode: string, options: { revoke?: boolean }, command: Command) =>
      run(command, kyc(orgCode, options.revoke !== true))
    )
  marketplace
    .command("invite")
    .description("share one of your catalogs with another organisation by a mailed link")
    .argument("<catalogId>", "the catalog's id")
    .argument("<orgCode>", "the invited organisation's code")
    .argument("<email>", "whom to mail the link")
    .action((catalogId: string, orgCode: string, email: string, _options: unknown, command: Command) =>
      run(command, invite(catalogId, orgCode, email))
    )
  marketplace
    .command("pending")
    .description("list the catalog invitations waiting for your organisation")
    .action((_options: unknown, command: Command) => run(command, pending))
  marketplace
    .command("accept")
    .description("accept a catalog invitation by its link's token")
    .argument("<catalogId>", "the catalog's id")
    .argument("<token>", "the token at the end of the mailed link")
    .action((catalogId: string, token: string, _options: unknown, command: Command) =>
      run(command, accept(catalogId, token))
    )
  return marketplace
}

const standing = Effect.gen(function* () {
  const { locale } = yield* Settings
  const client = yield* signedInClient
  const status = yield* client.marketplace.standing()
  yield* emit(
    () => [text(status.kycVerified ? "kycVerified" : "kycNotVerified", locale, { org: status.orgName })],
    () => status
  )
})

const kyc = (orgCode: string, verified: boolean) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const client = yield* signedInClient
    const status = yield* client.marketplace.setKyc(orgCode, verified)
    yield* emit(
      () => [text(status.kycVerified ? "kycVerified" : "kycNotVerified", locale, { org: status.orgName })],
      () => status
    )
  })

const invite = (catalogId: string, orgCode: string, email: string) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const client = yield* signedInClient
    const sent = yield* client.marketplace.invite(catalogId, orgCode, email)
    yield* emit(
      () => [text("catalogInvitationSent", locale, { org: sent.toOrgName, email: sent.email })],
      () => sent
    )
  })

const pending = Effect.gen(function* () {
  const { locale } = yield* Settings
  const client = yield* signedInClient
  const page = yield* client.marketplace.pending({ page: 0, limit: 100 })
  yield* emit(
    () =>
      page.pendingCatalogs.length === 0
        ? [text("noCatalogInvitations", locale)]
        : page.pendingCatalogs.map(
            (p) =>
              `${locale === "ar" ? p.catalogName.ar || p.catalogName.en : p.catalogName.en}  ${p.fromOrgName}  ${p.expiresAt.slice(0, 10)}`
          ),
    () => page
  )
})

const accept = (catalogId: string, token: string) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const client = yield* signedInClient
    const accepted = yield* client.marketplace.accept(catalogId, token)
    const name = locale === "ar" ? accepted.catalogName.ar || accepted.catalogName.en : accepted.catalogName.en
    yield* emit(
      () => [text("catalogInvitationAccepted", locale, { catalog: name })],
      () => accepted
    )
  })
