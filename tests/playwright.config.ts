import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, statSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { defineConfig, devices } from "@playwright/test"

/**
 * The browser journeys run against the built site, one server per language, each on a free port with a fresh
 * embedded database (so the demo data loads and neither journey sees what the other changed).
 */
const root = join(import.meta.dirname, "..")
const web = join(root, "web")
const path = `${join(root, "node_modules", ".bin")}:${process.env["PATH"] ?? ""}`
const locales = ["en", "ar"] as const

const newestChange = (entry: string): number => {
  if (!existsSync(entry)) return 0
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(entry)
    .filter((name) => name !== "node_modules" && !name.startsWith("."))
    .reduce((newest, name) => Math.max(newest, newestChange(join(entry, name))), stat.mtimeMs)
}

/** Builds the site when the build is missing or older than any source it bundles. */
const buildIfNeeded = () => {
  const entry = join(web, "dist", "server", "entry.mjs")
  const sources = ["web/src", "web/astro.config.mjs", "web/package.json", "core/src", "adapters/src"]
  const built = existsSync(entry) ? statSync(entry).mtimeMs : 0
  if (built > Math.max(...sources.map((source) => newestChange(join(root, source))))) return
  const astro = join(web, "node_modules", ".bin", "astro")
  const result = spawnSync(astro, ["build"], { cwd: web, stdio: "inherit", env: { ...process.env, PATH: path } })
  if (result.status !== 0)
    throw new Error(`the site did not build: ${result.error?.message ?? `exit ${result.status}`}`)
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0))
    })
  })

// The runner loads this file, then every worker loads it again: the runner's choices reach them through the env.
if (process.env["TAWREED_E2E_PORTS"] === undefined) {
  buildIfNeeded()
  process.env["TAWREED_E2E_PORTS"] = JSON.stringify(await Promise.all(locales.map(freePort)))
  process.env["TAWREED_E2E_DATA_DIRS"] = JSON.stringify(locales.map(() => mkdtempSync(join(tmpdir(), "tawreed-e2e-"))))
}
const ports = JSON.parse(process.env["TAWREED_E2E_PORTS"]) as Array<number>
const dataDirs = JSON.parse(process.env["TAWREED_E2E_DATA_DIRS"] ?? "[]") as Array<string>
const urlOf = (index: number) => `http://127.0.0.1:${ports[index]}`

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./artifacts/e2e",
  globalTeardown: "./e2e/support/teardown.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: locales.length,
  retries: 0,
  forbidOnly: Boolean(process.env["CI"]),
  reporter: "list",
  use: {
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run"
      ]
    }
  },
  // One worker per language, each with its own server: journeys that change the organisation (its theme, its
  // workflows) never run beside another journey on the same server, while the two languages run side by side.
  projects: locales.map((locale, index) => ({
    name: locale,
    workers: 1,
    use: { ...devices["Desktop Chrome"], baseURL: urlOf(index) }
  })),
  webServer: locales.map((locale, index) => ({
    name: `site-${locale}`,
    command: "node ./server.mjs",
    cwd: web,
    url: `${urlOf(index)}/api/health`,
    env: {
      PATH: path,
      HOST: "127.0.0.1",
      PORT: String(ports[index]),
      DATA_DIR: dataDirs[index] ?? "",
      DATABASE_URL: "",
      DEMO_DATA: "on"
    },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 }
  }))
})
