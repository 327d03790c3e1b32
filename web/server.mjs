// The site's production server: Astro's standalone handler (pages, the API under /api/, built assets), behind the
// edge's own answers to what never reaches it — a method no route takes (TRACE) and what Node's HTTP parser refuses
// (headers past its limit, a malformed request line) — each with the catalogue's JSON body instead of Node's plain
// text or an unhandled error. `npm start`, the browser journeys and the benchmarks all run this file.
import { createServer } from "node:http"
import { answerClientError, refuseForbiddenMethod } from "@tawreed/adapters/http/NodeListener"

process.env.ASTRO_NODE_AUTOSTART = "disabled"
const { handler } = await import("./dist/server/entry.mjs")

const port = Number(process.env.PORT ?? 4321)
const host = process.env.HOST ?? "localhost"
const server = createServer((req, res) => {
  if (refuseForbiddenMethod(req, res)) return
  handler(req, res)
})
server.on("clientError", answerClientError)
server.listen(port, host, () => {
  process.stderr.write(`[tawreed] serving http://${host}:${port}\n`)
})
