// How long `POST /api/auth/forgot-password/{email}` takes for an email that has an account and for one that has
// none, on the embedded engine, each email asked once (a second ask is throttled for both alike). An answer that
// is slower for known emails tells anyone which emails have accounts. It prints figures; it asserts nothing.
//
//   node tests/bench/forgotPassword.ts      (BENCH_SAMPLES=200 for more samples, BENCH_GAP_MS=0 for no pause)
import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { demoOrganisations } from "@tawreed/adapters/storage/DemoData"
import { inTenant } from "@tawreed/adapters/storage/Tenancy"
import { database, serve } from "../support/TestServer.ts"

const samples = Number(process.env["BENCH_SAMPLES"] ?? 100)
// A pause between asks, so that work one answer left running does not slow the next ask down.
const gapMs = Number(process.env["BENCH_GAP_MS"] ?? 100)
const orgId = demoOrganisations.buyer.id

const { config, drop } = await database("pglite")
const { app, server, url } = await serve(config)
const known = Array.from({ length: samples }, (_, i) => `known-${i}@timing.tawreed.test`)
await app.runtime.runPromise(
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.forEach(known, (email) =>
      inTenant(orgId)(
        sql`INSERT INTO users (id, org_id, email, first_name, last_name, password_hash, roles)
            VALUES (${randomUUID()}, ${orgId}, ${email}, 'Timing', 'Sample', 'x', '{org_basic_user}'::text[])`
      )
    )
  ).pipe(Effect.orDie)
)

const ask = async (email: string) => {
  const started = performance.now()
  const response = await fetch(`${url}/api/auth/forgot-password/${encodeURIComponent(email)}`, { method: "POST" })
  await response.arrayBuffer()
  const elapsed = performance.now() - started
  await new Promise((resolve) => setTimeout(resolve, gapMs))
  return elapsed
}

// Warm up both paths, then alternate known and unknown so that drift affects both alike.
for (let i = 0; i < 5; i++) await ask(`warm-${i}@nobody.tawreed.test`)
const timings = { known: [] as Array<number>, unknown: [] as Array<number> }
for (let i = 0; i < samples; i++) {
  timings.known.push(await ask(known[i]!))
  timings.unknown.push(await ask(`unknown-${i}@nobody.tawreed.test`))
}

const quantile = (values: Array<number>, q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}
const figures = (values: Array<number>) =>
  `median ${quantile(values, 0.5).toFixed(2)} ms, p90 ${quantile(values, 0.9).toFixed(2)} ms, ` +
  `mean ${(values.reduce((a, b) => a + b, 0) / values.length).toFixed(2)} ms`
console.log(`forgot-password, ${samples} emails each, ${gapMs} ms apart, embedded engine, mail to the outbox`)
console.log(`  with an account:    ${figures(timings.known)}`)
console.log(`  without an account: ${figures(timings.unknown)}`)

server.closeAllConnections()
await new Promise((resolve) => server.close(resolve))
await app.dispose()
await drop()
