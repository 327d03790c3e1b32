// The site's production server: Astro's standalone handler (pages, the API under /api/, built assets), behind the
// edge's own answers to what never reaches it — a method no route takes (TRACE) and what Node's HTTP parser refuses
// (headers past its limit, a malformed request line) — each with the catalogue's JSON body instead of Node's plain
// text or an unhandled error. `npm start`, the browser journeys and the benchmarks all run this file.
import { createServer } from "node:http"
import { answerClientError, refuseForbiddenMethod } from "@tawreed/adapters/http/NodeListener"
import { counting, countingFromEnv, describeCount } from "@tawreed/adapters/storage/StatementCount"

process.env.ASTRO_NODE_AUTOSTART = "disabled"
const { handler } = await import("./dist/server/entry.mjs")

const port = Number(process.env.PORT ?? 4321)
const host = process.env.HOST ?? "localhost"
// With TAWREED_SQL_COUNT=on, each request's line on stderr says what it asked of the database (StatementCount.ts).
const countSql = countingFromEnv()
const withTexts = process.env.TAWREED_SQL_COUNT === "texts"
const server = createServer((req, res) => {
  if (refuseForbiddenMethod(req, res)) return
  if (!countSql) return handler(req, res)
  const { count } = counting(() => handler(req, res), withTexts)
  res.once("finish", () => {
    const texts = (count.texts ?? []).map((text) => `\n[sql]   ${text.replace(/\s+/g, " ").slice(0, 160)}`).join("")
    process.stderr.write(`[sql] ${req.method} ${req.url} ${res.statusCode}: ${describeCount(count)}${texts}\n`)
  })
})
server.on("clientError", answerClientError)
server.listen(port, host, () => {
  process.stderr.write(`[tawreed] serving http://${host}:${port}\n`)
})
