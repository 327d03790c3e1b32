import * as App from "@tawreed/adapters/App"
import { configFromEnv, type DatabaseConfig } from "@tawreed/adapters/storage/Database"
import * as DemoData from "@tawreed/adapters/storage/DemoData"

/**
 * Whether to load the demo data: always on the embedded engine (unless `DEMO_DATA=off`), and on a PostgreSQL
 * server only when asked with `DEMO_DATA=load`, so a real database never gains demo accounts by accident.
 */
export const wantsDemoData = (config: DatabaseConfig, env: Record<string, string | undefined> = process.env) =>
  config.engine === "pglite" ? env["DEMO_DATA"] !== "off" : env["DEMO_DATA"] === "load"

interface Running {
  readonly app: App.App
  readonly ready: Promise<App.App>
}

const key = Symbol.for("@tawreed/web/server/app")
const registry = globalThis as typeof globalThis & { [key]?: Running }

const boot = (): Running => {
  const config = configFromEnv()
  const app = App.start(config)
  const ready = (async () => {
    if (wantsDemoData(config)) {
      await app.runtime.runPromise(DemoData.load)
      console.info(
        `[tawreed] demo data ready on the ${config.engine === "pglite" ? "embedded" : "PostgreSQL"} database`
      )
    }
    return app
  })()
  // Close the database cleanly (PGlite writes its files on close) before the process ends.
  const stop = (signal: NodeJS.Signals) => {
    void app
      .dispose()
      .catch(() => undefined)
      .finally(() => process.kill(process.pid, signal))
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
  return { app, ready }
}

/** The one app of this process: started on first use, with the demo data loaded when wanted. */
export const app = (): Promise<App.App> => {
  registry[key] ??= boot()
  return registry[key].ready
}
