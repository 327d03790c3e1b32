import type { Server } from "node:http"
import * as App from "@tawreed/adapters/App"
import { listen } from "@tawreed/adapters/http/NodeListener"
import type { SsoConfig } from "@tawreed/adapters/identity/OidcProviders"
import type { DatabaseConfig } from "@tawreed/adapters/storage/Database"
import type { FileStoreConfig } from "@tawreed/adapters/files/FileStoreConfig"
import * as DemoData from "@tawreed/adapters/storage/DemoData"
import * as TestDatabase from "@tawreed/adapters/testing/TestDatabase"
import { Effect, Option } from "effect"
import { moduleConfig, type OrgId, OrgSettings, OrgSettingsRepository } from "@tawreed/core/organisations"

export type Engine = "pglite" | "postgresql"

export { engines } from "@tawreed/adapters/testing/TestDatabase"

export interface TestServer {
  readonly url: string
  readonly app: App.App
  readonly config: DatabaseConfig
  readonly close: () => Promise<void>
}

/** A database for one suite: a copy of the migrated PGlite snapshot, or a new database on the server. */
export const database = async (engine: Engine): Promise<{ config: DatabaseConfig; drop: () => Promise<void> }> => {
  if (engine === "pglite") {
    const snapshot = TestDatabase.snapshot()
    return { config: snapshot ? { engine, snapshot } : { engine }, drop: async () => undefined }
  }
  const created = await TestDatabase.createDatabase(process.env["TEST_DATABASE_URL"]!)
  return { config: { engine, url: created.url, maxConnections: 8 }, drop: created.drop }
}

/**
 * Starts the app with the demo data on a real HTTP listener on 127.0.0.1; its files go to a scratch folder that
 * goes with it, unless another store is named.
 */
export const serve = async (
  config: DatabaseConfig,
  loadDemo = true,
  sso: SsoConfig = {},
  files: FileStoreConfig = { _tag: "Scratch" }
): Promise<Omit<TestServer, "close"> & { server: Server }> => {
  const app = App.start(config, {}, sso, files)
  if (loadDemo) await app.runtime.runPromise(DemoData.load)
  const { server, url } = await listen(app.handleApi)
  return { app, server, url, config }
}

/** A fresh database, the app on it with the demo data, and a way to take it all down. */
export const start = async (engine: Engine, sso: SsoConfig = {}, files?: FileStoreConfig): Promise<TestServer> => {
  const { config, drop } = await database(engine)
  const { app, server, url } = await serve(config, true, sso, files)
  return {
    url,
    app,
    config,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await app.dispose()
      await drop()
    }
  }
}

/** The demo accounts the suites sign in as. */
export const accounts = {
  buyer: "buyer@buyer.tawreed.test",
  approver: "approver@buyer.tawreed.test",
  admin: "admin@buyer.tawreed.test",
  vendor: "vendor@vendor.tawreed.test",
  password: DemoData.demoPassword
} as const

/** Signs in over the API and answers the bearer token. */
export const signIn = async (url: string, email: string, password: string = accounts.password): Promise<string> => {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, platform: "web" })
  })
  if (response.status !== 200) throw new Error(`sign-in as ${email} answered ${response.status}`)
  const body = (await response.json()) as { accessToken: string }
  return body.accessToken
}

/**
 * What the platform sets for an organisation when it provisions it: the modules its plan holds and the plan's
 * limits (SPEC.md §3), which the organisation's own `org_settings` cannot change.
 */
export const provision = (
  app: App.App,
  orgId: string,
  plan: {
    readonly modules?: ReadonlyArray<string>
    readonly adminConfig?: Partial<OrgSettings["orgConfig"]["adminConfig"]>
    readonly generalConfig?: Partial<OrgSettings["orgConfig"]["generalConfig"]>
  }
): Promise<OrgSettings> =>
  app.runtime.runPromise(
    Effect.gen(function* () {
      const repository = yield* OrgSettingsRepository
      const current = Option.getOrThrow(yield* repository.find(orgId as OrgId))
      const held = new Set(current.modules.map((m) => m.code))
      return yield* repository.save(
        new OrgSettings({
          ...current,
          modules: [
            ...current.modules,
            ...(plan.modules ?? []).filter((code) => !held.has(code)).map((code) => moduleConfig(code, true))
          ],
          orgConfig: {
            ...current.orgConfig,
            adminConfig: { ...current.orgConfig.adminConfig, ...plan.adminConfig },
            generalConfig: { ...current.orgConfig.generalConfig, ...plan.generalConfig }
          }
        }),
        current.version
      )
    }).pipe(Effect.orDie)
  )
