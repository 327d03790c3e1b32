/**
 * The app as its own process, for suites that kill it: the API on a free port of 127.0.0.1, on the database the
 * environment names (`DATABASE_URL`, else PGlite under `DATA_DIR`), with the demo data loaded on first start. It
 * prints one line, `listening <url>`, once it serves.
 */
import * as App from "@tawreed/adapters/App"
import { listen } from "@tawreed/adapters/http/NodeListener"
import { configFromEnv } from "@tawreed/adapters/storage/Database"
import * as DemoData from "@tawreed/adapters/storage/DemoData"

const app = App.start(configFromEnv(), {}, {})
await app.runtime.runPromise(DemoData.load)
const { server, url } = await listen(app.handleApi)
process.stdout.write(`listening ${url}\n`)

process.once("SIGTERM", () => {
  server.closeAllConnections()
  server.close()
  void app.dispose().finally(() => process.exit(0))
})
