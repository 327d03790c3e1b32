#!/usr/bin/env node
// Everything `npm test` runs, in order: the dependency rule, the typecheck, the linter, the formatter, every
// package's unit and contract tests, the API suites and the browser journeys. Each step runs even when an earlier
// one failed, so one run reports everything; the last line sums the tests of every suite.
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const root = new URL("..", import.meta.url).pathname
const reports = mkdtempSync(join(tmpdir(), "tawreed-test-reports-"))
const results = []
let passedTests = 0
let failedTests = 0
let skippedTests = 0
/**
 * The storage and API suites run each case on PGlite and, when TEST_DATABASE_URL names a server, again on
 * PostgreSQL; without it the PostgreSQL twins are never declared, so a green run says nothing about them. They are
 * counted here from the PGlite cases (their suites name the engine) so that the summary says what did not run.
 */
const postgresConfigured = Boolean(process.env["TEST_DATABASE_URL"])
let postgresTwinsNotRun = 0
const namesPglite = (test) =>
  [...(test.ancestorTitles ?? []), test.fullName ?? "", test.title ?? ""].some((t) => /\bpglite\b/.test(t))

const step = (name, command, args, options = {}) => {
  process.stdout.write(`\n━━ ${name}\n`)
  const started = Date.now()
  const run = spawnSync(command, args, {
    cwd: options.cwd ?? root,
    stdio: "inherit",
    env: { ...process.env, ...options.env }
  })
  const ok = run.status === 0
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) })
  return ok
}

/** Adds the counts of a vitest JSON report (or a Playwright one) to the totals. */
const count = (file) => {
  if (!existsSync(file)) return
  const report = JSON.parse(readFileSync(file, "utf8"))
  if (typeof report.numPassedTests === "number") {
    passedTests += report.numPassedTests
    failedTests += report.numFailedTests
    skippedTests += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
    if (!postgresConfigured) {
      for (const file of report.testResults ?? []) {
        postgresTwinsNotRun += (file.assertionResults ?? []).filter(namesPglite).length
      }
    }
  } else if (report.stats) {
    passedTests += report.stats.expected ?? 0
    failedTests += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0)
    skippedTests += report.stats.skipped ?? 0
  }
}

const vitest = (name, cwd, extra = []) => {
  const out = join(reports, `${name.replaceAll(/\W+/g, "-")}.json`)
  step(
    name,
    "pnpm",
    ["exec", "vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, ...extra],
    { cwd }
  )
  count(out)
}

const ensureChromium = () => {
  if (existsSync("/usr/bin/chromium")) return true
  if (process.getuid?.() !== 0) {
    console.error("Browser tests need Debian's Chromium at /usr/bin/chromium: apt-get install -y chromium")
    return false
  }
  process.stdout.write("\n━━ installing Debian's chromium for the browser tests\n")
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" })
  spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
  })
  return existsSync("/usr/bin/chromium")
}

step("dependency rule", "node", ["scripts/check-dependencies.mjs"])
step("typecheck", "pnpm", ["-r", "--workspace-concurrency=1", "run", "typecheck"])
step("lint", "pnpm", ["run", "lint"])
step("format", "pnpm", ["run", "format:check"])
for (const pkg of ["core", "adapters", "cli", "web"]) {
  if (existsSync(join(root, pkg, "vitest.config.ts"))) vitest(`${pkg} tests`, join(root, pkg))
}
vitest("API and storage suites", join(root, "tests"), ["--config", "vitest.config.ts"])
if (ensureChromium()) {
  const out = join(reports, "e2e.json")
  step("browser journeys", "pnpm", ["exec", "playwright", "test", "--reporter=list,json"], {
    cwd: join(root, "tests"),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out }
  })
  count(out)
} else {
  results.push({ name: "browser journeys", ok: false, seconds: "0.0" })
}

rmSync(reports, { recursive: true, force: true })
process.stdout.write("\n━━ summary\n")
for (const r of results) process.stdout.write(`${r.ok ? "ok  " : "FAIL"}  ${r.name} (${r.seconds} s)\n`)
const failedSteps = results.filter((r) => !r.ok).length
process.stdout.write(`\ntests: ${passedTests} passed, ${failedTests} failed\n`)
const postgres = postgresConfigured ? "configured" : "not configured"
process.stdout.write(
  `${passedTests} passed, ${failedTests} failed, ${skippedTests + postgresTwinsNotRun} skipped (PostgreSQL: ${postgres})\n`
)
if (!postgresConfigured) {
  process.stdout.write(
    `${postgresTwinsNotRun} storage and API cases did not run on PostgreSQL: set TEST_DATABASE_URL to run them\n`
  )
}
process.exit(failedSteps > 0 || failedTests > 0 ? 1 : 0)
