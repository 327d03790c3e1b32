#!/usr/bin/env node
// The dependency rule: core imports only `effect` (and, in its tests, the test tools); adapters may import core;
// web and cli may import core and adapters; nothing imports web or cli. Fails with every offending import.
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"

const root = new URL("..", import.meta.url).pathname
const sourceFile = /\.(ts|tsx|mts|mjs|js|astro)$/
const importPattern =
  /(?:import|export)\s[^'"`]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g

const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    if (name === "node_modules" || name === "dist" || name.startsWith(".")) return []
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : sourceFile.test(name) ? [path] : []
  })

const importsOf = (file) => [...readFileSync(file, "utf8").matchAll(importPattern)].map((m) => m[1] ?? m[2] ?? m[3])

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.includes("/testing/")
const coreTestTools = new Set(["vitest", "@effect/vitest", "fast-check", "effect/testing"])

const rules = [
  {
    folder: "core/src",
    allowed: (spec, file) =>
      spec.startsWith(".") ||
      spec === "effect" ||
      (/^effect\/[A-Z]/.test(spec) && !/^effect\/(unstable|sql|http|http-api|cli|platform)/.test(spec)) ||
      (isTest(file) && coreTestTools.has(spec)),
    why: "core imports only effect"
  },
  {
    folder: "adapters/src",
    allowed: (spec) => !/^@tawreed\/(web|cli)\b/.test(spec),
    why: "nothing imports web or cli"
  },
  { folder: "cli/src", allowed: (spec) => !/^@tawreed\/web\b/.test(spec), why: "nothing imports web" },
  { folder: "web/src", allowed: (spec) => !/^@tawreed\/cli\b/.test(spec), why: "nothing imports cli" },
  { folder: "tests", allowed: (spec) => !/^@tawreed\/(web|cli)\/src/.test(spec), why: "tests use public entry points" },
  {
    folder: "web/src",
    allowed: (spec) => !spec.startsWith("@tawreed/adapters/http/") || /^@tawreed\/adapters\/http\/Edge\w*$/.test(spec),
    why: "the site shares the API's edge (http/Edge*), never its server's internals"
  }
]

const problems = []
for (const rule of rules) {
  let files = []
  try {
    files = walk(join(root, rule.folder))
  } catch {
    continue
  }
  for (const file of files) {
    for (const spec of importsOf(file)) {
      if (!rule.allowed(spec, file)) problems.push(`${relative(root, file)} imports "${spec}" (${rule.why})`)
    }
  }
}
/**
 * The API's contract is every module of adapters/src/http (and its module folders) that its client reaches (Api.ts, the groups, their failures
 * and shared declarations, the edge they name). None of them may import server code: the platform's server and
 * client (`effect/http`, but for its multipart schemas), Node's own modules, storage or another adapter, so that the client imports the contract
 * alone (the rule of effect's HttpApi: the contract apart from the server that implements it).
 */
const httpDir = join(root, "adapters/src/http")
/** Server code for a contract file: the platform's server, Node, or a relative import that leaves adapters/src/http. */
const isServerCode = (spec, file) =>
  spec === "effect/http" ||
  spec.startsWith("node:") ||
  (spec.startsWith(".") && !resolve(dirname(file), spec).startsWith(`${httpDir}/`))
const reached = new Set()
const reach = (file) => {
  if (reached.has(file)) return
  reached.add(file)
  for (const spec of importsOf(file)) if (spec.startsWith(".")) reach(resolve(dirname(file), spec))
}
for (const file of walk(join(root, "adapters/src/http-client"))) if (!isTest(file)) reach(file)
// The multipart schemas a contract declares its uploads with are shared by client and server alike.
const onlyMultipart = (file) => /import \{ Multipart \} from "effect\/http"/.test(readFileSync(file, "utf8"))
for (const file of [...reached].filter((f) => f.startsWith(`${httpDir}/`))) {
  for (const spec of importsOf(file)) {
    if (isServerCode(spec, file) && !(spec === "effect/http" && onlyMultipart(file)))
      problems.push(`${relative(root, file)} imports "${spec}" (the API's contract imports no server code)`)
  }
}
for (const name of ["core"]) {
  const manifest = JSON.parse(readFileSync(join(root, name, "package.json"), "utf8"))
  const extra = Object.keys(manifest.dependencies ?? {}).filter((dep) => dep !== "effect")
  if (extra.length > 0)
    problems.push(`${name}/package.json depends on ${extra.join(", ")} (core depends on effect alone)`)
}
if (problems.length > 0) {
  console.error(`Dependency rule broken:\n${problems.map((p) => `  - ${p}`).join("\n")}`)
  process.exit(1)
}
console.log("dependency rule: core → effect only; nothing imports web or cli; the API contract imports no server code")
