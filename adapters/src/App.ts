import { Layer, ManagedRuntime } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { CustomRoles } from "@tawreed/core/access"
import { Invitations, PasswordResets, Profiles, Sessions, SingleSignOn, Users } from "@tawreed/core/identity"
import { Notifications } from "@tawreed/core/notifications"
import { OrganisationSettings, Registrations, Themes } from "@tawreed/core/organisations"
import { EventBus } from "@tawreed/core/shared"
import { Argon2PasswordHasher } from "./crypto/Argon2PasswordHasher.ts"
import { CryptoSessionTokens } from "./crypto/CryptoSessionTokens.ts"
import { PgEventBus } from "./events/PgEventBus.ts"
import { routes, SecurityHeaders } from "./http/ApiServer.ts"
import * as Database from "./storage/Database.ts"
import { SqlSessionRepository, SqlUserRepository } from "./storage/identity/SqlIdentityRepositories.ts"
import { SqlNotificationRepository } from "./storage/notifications/SqlNotificationRepository.ts"
import { OutboxReader, SqlOutbox } from "./storage/notifications/SqlOutbox.ts"
import { SmtpMailer } from "./mail/SmtpMailer.ts"
import { ZxcvbnCommonPasswords } from "./identity/ZxcvbnCommonPasswords.ts"
import { SqlAccountSecurity } from "./storage/identity/SqlAccountSecurity.ts"
import { SqlAuditLog } from "./storage/SqlAuditLog.ts"
import { SqlSsoStore } from "./storage/identity/SqlSsoStore.ts"
import { OidcProviders, type SsoConfig, ssoConfigFromEnv } from "./identity/OidcProviders.ts"
import { SqlOrganisationRepository } from "./storage/organisations/SqlOrganisationRepository.ts"
import { SqlThrottle } from "./storage/identity/SqlThrottle.ts"
import { SqlOrgSettingsRepository } from "./storage/organisations/SqlOrgSettingsRepository.ts"
import { SqlRoleRepository } from "./storage/organisations/SqlRoleRepository.ts"
import { SqlThemeRepository } from "./storage/organisations/SqlThemeRepository.ts"
import { SqlUserDirectory } from "./storage/identity/SqlUserDirectory.ts"
import { SqlIdempotencyKeys } from "./storage/SqlIdempotencyKeys.ts"
import { SqlTransactions } from "./storage/SqlTransactions.ts"
import { SqlWorkspaces } from "./storage/workspaces/SqlWorkspaces.ts"
import { pageReads } from "./storage/PageReads.ts"
import { Workspaces } from "@tawreed/core/workspaces"
import { approvalsLayer } from "@tawreed/core/approvals"
import { ListCounts } from "@tawreed/core/documents"
import { SqlApprovals } from "./storage/approvals/SqlApprovals.ts"
import { Budgets, BudgetLedger } from "@tawreed/core/budgets"
import { SqlBudgets } from "./storage/budgets/SqlBudgets.ts"
import { DocumentReaders, Files } from "@tawreed/core/files"
import { SqlFileRepository } from "./storage/files/SqlFileRepository.ts"
import { SqlUploadGrants } from "./storage/files/SqlUploadGrants.ts"
import { FileTypeInspector } from "./files/FileTypeInspector.ts"
import { JobWorker } from "./jobs/JobWorker.ts"
import { SqlJobs } from "./storage/jobs/SqlJobs.ts"
import { type FileStoreConfig, filesConfigFromEnv, fileStoreLayer } from "./files/FileStoreConfig.ts"
import { requestAttachmentsRegistration, Requests } from "@tawreed/core/requests"
import { SqlRequests } from "./storage/requests/SqlRequests.ts"
import { SqlOrders } from "./storage/orders/SqlOrders.ts"
import { vendorAttachmentsRegistration, Vendors } from "@tawreed/core/vendors"
import { inviteAttachmentsRegistration, Invites } from "@tawreed/core/invites"
import { Catalogs, ProductExports, ProductFiles, productAttachmentsRegistration } from "@tawreed/core/catalog"
import { Carts } from "@tawreed/core/carts"
import { orderAttachmentsRegistration, OrderPrints, Orders } from "@tawreed/core/orders"
import { PdfOrderPrinter } from "./print/PdfOrderPrinter.ts"
import { SqlInvites } from "./storage/invites/SqlInvites.ts"
import { SqlVendors } from "./storage/vendors/SqlVendors.ts"
import { SqlVendorChanges } from "./storage/vendors/SqlVendorChanges.ts"
import { SqlCarts } from "./storage/carts/SqlCarts.ts"
import { SqlCatalog } from "./storage/catalog/SqlCatalog.ts"
import { XlsxSpreadsheets } from "./catalog/XlsxSpreadsheets.ts"
import { MarketplaceConfig, Marketplaces } from "@tawreed/core/marketplace"
import { SqlMarketplace } from "./storage/marketplace/SqlMarketplace.ts"
import { contractAttachmentsRegistration, Contracts } from "@tawreed/core/contracts"
import { SqlContracts } from "./storage/contracts/SqlContracts.ts"
import { cachedAccess } from "./storage/AccessCache.ts"

/** How the app sends mail: SMTP when a server is named, else the embedded outbox its admins read. */
export interface MailConfig {
  readonly smtpUrl?: string | undefined
  readonly from?: string | undefined
}

/** Reads the mail configuration from `SMTP_URL` and `MAIL_FROM`. */
export const mailConfigFromEnv = (env: Record<string, string | undefined> = process.env): MailConfig => ({
  smtpUrl: env["SMTP_URL"] || undefined,
  from: env["MAIL_FROM"] || undefined
})

/**
 * Where the app keeps files when nothing says: as the environment says (see `filesConfigFromEnv`), except that a
 * database held in memory gets a scratch folder that goes with it, unless `S3_BUCKET` or `FILES_DIR` is set.
 */
export const defaultFilesConfig = (
  config: Database.DatabaseConfig,
  env: Record<string, string | undefined> = process.env
): FileStoreConfig =>
  config.engine === "pglite" && config.dataDir === undefined && !env["S3_BUCKET"] && !env["FILES_DIR"]
    ? { _tag: "Scratch" }
    : filesConfigFromEnv(env)

/** Everything the site, the API and the scripts run on: the use cases over real storage, crypto and events. */
export const layer = (
  config: Database.DatabaseConfig,
  mail: MailConfig = mailConfigFromEnv(),
  sso: SsoConfig = ssoConfigFromEnv(),
  files: FileStoreConfig = defaultFilesConfig(config)
) => {
  const database = Database.layer(config)
  // One process owns the embedded engine, so its events stay in-process; a server shares them by NOTIFY.
  const events = config.engine === "pglite" ? EventBus.layerInProcess : PgEventBus
  const ports = Layer.mergeAll(
    SqlNotificationRepository,
    SqlUserRepository,
    SqlSessionRepository,
    events,
    Argon2PasswordHasher,
    CryptoSessionTokens,
    SqlAccountSecurity,
    SqlThrottle,
    SqlAuditLog,
    SqlOrganisationRepository,
    SqlSsoStore,
    OidcProviders(sso),
    ZxcvbnCommonPasswords,
    SqlUserDirectory,
    SqlRoleRepository,
    SqlOrgSettingsRepository,
    SqlThemeRepository,
    // Its unit is the organisation's transaction, with its retries and after-commit steps.
    SqlIdempotencyKeys.pipe(Layer.provide(SqlTransactions)),
    SqlWorkspaces,
    SqlTransactions,
    SqlApprovals,
    SqlBudgets,
    SqlFileRepository,
    SqlUploadGrants,
    fileStoreLayer(files),
    FileTypeInspector,
    DocumentReaders.layer,
    SqlRequests,
    SqlOrders,
    SqlVendors,
    SqlVendorChanges,
    SqlInvites,
    SqlCatalog,
    SqlJobs,
    XlsxSpreadsheets,
    SqlMarketplace,
    MarketplaceConfig.fromEnv(process.env),
    SqlCarts,
    SqlContracts,
    PdfOrderPrinter
  )
  // Sessions, settings, themes and memberships are read through a short-lived cache that every change drops.
  // A page's reads read each document once (PageReads.ts).
  const cachedPorts = pageReads.pipe(Layer.provideMerge(cachedAccess.pipe(Layer.provideMerge(ports))))
  // The outbox is also read on a deployment with SMTP, so that mail kept before the switch stays readable.
  const mailer = mail.smtpUrl ? Layer.merge(SmtpMailer(mail.smtpUrl, mail.from), OutboxReader) : SqlOutbox
  const useCases = Layer.mergeAll(
    Notifications.layer,
    Sessions.layer,
    PasswordResets.layer,
    Invitations.layer,
    CustomRoles.layer,
    OrganisationSettings.layer,
    Themes.layer
  )
  // Contracts serve their pages and the API, their files, and the daily expiry job.
  const contracts = Contracts.layer.pipe(
    Layer.provide(Layer.mergeAll(ListCounts.layer, Files.layer)),
    Layer.provide(approvalsLayer)
  )
  const dependent = Layer.mergeAll(
    Registrations.layer,
    SingleSignOn.layer,
    Profiles.layer,
    Users.layer,
    // A request's files are read and taken off as the request allows (RequestAttachments.ts), an order's as the order
    // allows (OrderAttachments.ts). Orders are beside requests: the same workspaces, budget ledger, approval engine and
    // list counts. An order prints (its PDF) and mails its vendor through the same.
    Layer.mergeAll(requestAttachmentsRegistration, orderAttachmentsRegistration, OrderPrints.layer).pipe(
      Layer.provideMerge(
        Layer.merge(Requests.layer, Orders.layer).pipe(
          Layer.provideMerge(
            Layer.mergeAll(Workspaces.layer, Budgets.layer, BudgetLedger.layer, Files.layer, ListCounts.layer)
          ),
          Layer.provideMerge(approvalsLayer)
        )
      )
    ),
    // Background jobs and the hourly file sweep, taken by one app process each (core/src/jobs/JobQueue.ts).
    JobWorker.pipe(Layer.provideMerge(Layer.merge(Files.layer, contracts))),
    // A contract's files are read and taken off as the contract allows (ContractAttachments.ts).
    contractAttachmentsRegistration.pipe(Layer.provideMerge(contracts)),
    // A vendor's document files are read and taken off as the vendor allows (VendorAttachments.ts).
    vendorAttachmentsRegistration.pipe(
      Layer.provideMerge(
        Vendors.layer.pipe(Layer.provide(Layer.merge(ListCounts.layer, Files.layer)), Layer.provide(approvalsLayer))
      )
    ),
    inviteAttachmentsRegistration.pipe(
      Layer.provideMerge(
        Invites.layer.pipe(Layer.provide(Layer.mergeAll(Files.layer, ListCounts.layer)), Layer.provide(approvalsLayer))
      )
    ),
    // A product's pictures and attachments are served and taken off as the product allows (ProductFiles.ts).
    productAttachmentsRegistration.pipe(
      Layer.provideMerge(
        Layer.mergeAll(ProductFiles.layer, ProductExports.layer).pipe(
          Layer.provideMerge(Catalogs.layer.pipe(Layer.provide(ListCounts.layer))),
          Layer.provideMerge(Files.layer)
        )
      )
    ),
    Marketplaces.layer.pipe(Layer.provide(ListCounts.layer)),
    Carts.layer
  ).pipe(Layer.provide(useCases))
  return Layer.merge(dependent, useCases).pipe(
    Layer.provideMerge(Layer.merge(cachedPorts, mailer)),
    Layer.provideMerge(database)
  )
}

export type AppLayer = ReturnType<typeof layer>
export type AppServices = Layer.Success<AppLayer>

/**
 * The running application: a runtime for in-process use cases (the site's pages) and the API's web handler,
 * sharing one set of services, so one database pool serves both.
 */
export const start = (
  config: Database.DatabaseConfig,
  mail: MailConfig = mailConfigFromEnv(),
  sso: SsoConfig = ssoConfigFromEnv(),
  files: FileStoreConfig = defaultFilesConfig(config)
) => {
  const memoMap = Layer.makeMemoMapUnsafe()
  const app = layer(config, mail, sso, files)
  const runtime = ManagedRuntime.make(app, { memoMap })
  const api = HttpRouter.toWebHandler(routes.pipe(Layer.provide(app), Layer.provide(HttpServer.layerServices)), {
    memoMap,
    disableLogger: true,
    middleware: SecurityHeaders,
    // A category path in the route (`categories/{path}/{id}`) is up to ten ids joined by commas.
    routerConfig: { maxParamLength: 400 }
  })
  return {
    runtime,
    handleApi: (request: Request) => api.handler(request),
    dispose: async () => {
      await api.dispose()
      await runtime.dispose()
    }
  }
}

export type App = ReturnType<typeof start>
