#!/usr/bin/env node
// Mutation testing of core with Stryker: it changes core's code one small mutation at a time (a condition turned
// over, a literal changed, a branch dropped) and runs core's tests against each, then prints, per module of
// core/src, how many of the mutants the tests killed. A surviving mutant is a change no test notices.
//
//   npm run mutation                       every module (long: hours on a small machine)
//   npm run mutation -- budgets shared     only these modules of core/src
//
// Not part of `npm test`: a run takes minutes per module.
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { availableParallelism, tmpdir } from "node:os"
import { join, relative, resolve, sep } from "node:path"

const root = new URL("..", import.meta.url).pathname
const core = join(root, "core")
const source = join(core, "src")
// The test doubles and property laws are the tests' own code, not the product's.
const notMutated = new Set(["testing"])
const known = readdirSync(source, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !notMutated.has(entry.name))
  .map((entry) => entry.name)
  .sort()

const asked = process.argv.slice(2)
const unknown = asked.filter((name) => !known.includes(name))
if (unknown.length > 0) {
  console.error(`No module ${unknown.join(", ")} in core/src. Modules: ${known.join(", ")}`)
  process.exit(2)
}
const modules = asked.length > 0 ? asked : known

const work = mkdtempSync(join(tmpdir(), "tawreed-mutation-"))
const report = join(work, "mutation.json")
const config = join(work, "stryker.config.json")
writeFileSync(
  config,
  JSON.stringify(
    {
      testRunner: "vitest",
      vitest: { configFile: "vitest.config.ts" },
      plugins: ["@stryker-mutator/vitest-runner"],
      mutate: modules.flatMap((m) => [`src/${m}/**/*.ts`, `!src/${m}/**/*.test.ts`]),
      coverageAnalysis: "perTest",
      reporters: ["json", "clear-text", "progress"],
      jsonReporter: { fileName: report },
      // Inside core, where the sandbox finds tsconfig.base.json at the same relative path as core does.
      tempDirName: ".stryker-tmp",
      cleanTempDir: "always",
      // The machine is shared: leave a core free.
      concurrency: Math.max(1, availableParallelism() - 1),
      timeoutMS: 30_000
    },
    null,
    2
  )
)

process.stdout.write(`mutating core/src: ${modules.join(", ")}\n`)
const run = spawnSync("pnpm", ["exec", "stryker", "run", config], { cwd: core, stdio: "inherit" })
if (!existsSync(report)) {
  rmSync(work, { recursive: true, force: true })
  process.exit(run.status ?? 1)
}

// Stryker's score: detected (killed or timed out) over every mutant that ran or had no test (survived, no
// coverage); mutants that failed to compile or were ignored count neither way.
const detected = new Set(["Killed", "Timeout"])
const undetected = new Set(["Survived", "NoCoverage"])
const tally = new Map(modules.map((m) => [m, { detected: 0, undetected: 0 }]))
const { files } = JSON.parse(readFileSync(report, "utf8"))
for (const [file, result] of Object.entries(files)) {
  const module = relative(source, resolve(core, file)).split(sep)[0]
  const counts = tally.get(module)
  if (counts === undefined) continue
  for (const mutant of result.mutants) {
    if (detected.has(mutant.status)) counts.detected++
    else if (undetected.has(mutant.status)) counts.undetected++
  }
}
rmSync(work, { recursive: true, force: true })

const score = ({ detected, undetected }) =>
  detected + undetected === 0 ? "no mutants" : `${((100 * detected) / (detected + undetected)).toFixed(1)}%`
process.stdout.write("\nmutation score per module of core/src (killed / killed + survived + untested)\n")
let all = { detected: 0, undetected: 0 }
for (const [module, counts] of tally) {
  all = { detected: all.detected + counts.detected, undetected: all.undetected + counts.undetected }
  process.stdout.write(
    `${module.padEnd(16)} ${score(counts).padStart(10)}   ${counts.detected} killed, ${counts.undetected} survived or untested\n`
  )
}
process.stdout.write(
  `${"all".padEnd(16)} ${score(all).padStart(10)}   ${all.detected} killed, ${all.undetected} survived or untested\n`
)
process.exit(run.status ?? 1)
