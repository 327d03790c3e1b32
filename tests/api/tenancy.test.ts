import { inspect } from "node:util"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoOrganisations } from "@tawreed/adapters/storage/DemoData"
import { inTenant } from "@tawreed/adapters/storage/Tenancy"
import { engines, start, type TestServer } from "../support/TestServer.ts"

for (const engine of engines()) {
  describe(`row-level security on ${engine}`, () => {
    let server: TestServer
    const run = <A>(work: Effect.Effect<A, unknown, SqlClient.SqlClient>) =>
      server.app.runtime.runPromise(Effect.orDie(work))
    const query = <A extends object>(text: string) =>
      run(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          return yield* sql.unsafe<A>(text)
        })
      )

    beforeAll(async () => {
      server = await start(engine)
    })
    afterAll(() => server?.close())

    it("enables and forces a policy on every table that carries org_id, and on organisations", async () => {
      const tables = await query<{ table_name: string }>(
        `SELECT DISTINCT table_name FROM information_schema.columns
         WHERE table_schema = 'public' AND column_name = 'org_id' ORDER BY table_name`
      )
      const names = [...tables.map((t) => t.table_name), "organisations"]
      expect(names).toEqual(expect.arrayContaining(["notifications", "sessions", "users", "organisations"]))
      for (const name of names) {
        const [row] = await query<{ rls: boolean; forced: boolean; policies: number | string }>(
          `SELECT c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
                  (SELECT count(*) FROM pg_policies p WHERE p.tablename = c.relname AND p.policyname = 'tenant_isolation') AS policies
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relname = '${name}'`
        )
        expect({ name, rls: row?.rls, forced: row?.forced, policies: Number(row?.policies) }).toEqual({
          name,
          rls: true,
          forced: true,
          policies: 1
        })
      }
    })

    it("runs as a role that is neither a superuser nor allowed to bypass row-level security", async () => {
      const [role] = await query<{ rolsuper: boolean; rolbypassrls: boolean }>(
        `SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = 'tawreed_app'`
      )
      expect(role).toEqual({ rolsuper: false, rolbypassrls: false })
      const [who] = await run(
        inTenant(demoOrganisations.buyer.id)(
          Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            return yield* sql<{ current_user: string }>`SELECT current_user`
          })
        )
      )
      expect(who?.current_user).toBe("tawreed_app")
    })

    it("shows a tenant only its own rows even when a query forgets to filter", async () => {
      const countIn = (orgId: string, table: string) =>
        run(
          inTenant(orgId)(
            Effect.gen(function* () {
              const sql = yield* SqlClient.SqlClient
              const [row] = yield* sql.unsafe<{ count: string | number }>(`SELECT count(*) AS count FROM ${table}`)
              return Number(row?.count)
            })
          )
        )
      // The buyer's dozen and the approver's eleven, of the demo's requests, the admin's vendor invitation, and the
      // demo order's approval (the approver asked, the orderer told), and the admin's alert of the demo contract's
      // coming end.
      expect(await countIn(demoOrganisations.buyer.id, "notifications")).toBe(27)
      expect(await countIn(demoOrganisations.buyer.id, "requests")).toBe(14)
      expect(await countIn(demoOrganisations.vendor.id, "requests")).toBe(0)
      expect(await countIn(demoOrganisations.vendor.id, "notifications")).toBe(0)
      expect(await countIn(demoOrganisations.vendor.id, "users")).toBe(1)
      expect(await countIn(demoOrganisations.buyer.id, "users")).toBe(4)
      expect(await countIn(demoOrganisations.vendor.id, "organisations")).toBe(1)
      expect(await countIn("00000000-0000-4000-8000-00000000ffff", "users")).toBe(0)
      // The vendor reads the one order sent to it, with its line, and never the draft, the buyer's watchers or its
      // saved columns; an organisation no order was sent to reads none.
      expect(await countIn(demoOrganisations.buyer.id, "orders")).toBe(2)
      expect(await countIn(demoOrganisations.vendor.id, "orders")).toBe(1)
      expect(await countIn(demoOrganisations.vendor.id, "order_lines")).toBe(1)
      expect(await countIn(demoOrganisations.vendor.id, "order_payment_schedule")).toBe(
        await countIn(
          demoOrganisations.buyer.id,
          "order_payment_schedule WHERE order_id IN (SELECT id FROM orders WHERE sent_at IS NOT NULL)"
        )
      )
      expect(await countIn(demoOrganisations.vendor.id, "order_watchers")).toBe(0)
      expect(await countIn(demoOrganisations.vendor.id, "order_list_columns")).toBe(0)
      expect(await countIn("00000000-0000-4000-8000-00000000ffff", "orders")).toBe(0)
    })

    it("lets a vendor read the order sent to it and change nothing of it", async () => {
      const changed = await run(
        inTenant(demoOrganisations.vendor.id)(
          Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            return yield* sql<{ id: string }>`UPDATE orders SET status = 'ORDER_ACCEPTED_BY_VENDOR' RETURNING id`
          })
        )
      )
      expect(changed).toEqual([])
      const removed = await run(
        inTenant(demoOrganisations.vendor.id)(
          Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            return yield* sql<{ id: string }>`DELETE FROM order_lines RETURNING id`
          })
        )
      )
      expect(removed).toEqual([])
    })

    it("refuses to write a row into another organisation", async () => {
      const attempt = run(
        inTenant(demoOrganisations.vendor.id)(
          Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            yield* sql`UPDATE notifications SET status = 'READ' WHERE org_id = ${demoOrganisations.buyer.id}`
            const [user] = yield* sql.unsafe<{ id: string }>(
              `SELECT id FROM users WHERE org_id = '${demoOrganisations.buyer.id}' LIMIT 1`
            )
            return user
          })
        )
      )
      expect(await attempt).toBeUndefined()
      const refusal = await server.app.runtime.runPromise(
        inTenant(demoOrganisations.vendor.id)(
          Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            yield* sql`INSERT INTO organisations (id, code, name, org_type)
                       VALUES ('00000000-0000-4000-8000-0000000000aa', 'INTRUDER', 'Intruder', 'buyer')`
          })
        ).pipe(
          Effect.exit,
          Effect.map((exit) => inspect(exit, { depth: 12 }))
        )
      )
      expect(refusal).toMatch(/row-level security/i)
    })
  })
}
