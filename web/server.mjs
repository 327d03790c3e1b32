// The site's production server: Astro's standalone handler (pages, the API under /api/, built assets), behind the
// edge's own answers to what never reaches it — a method no route takes (TRACE) and what Node's HTTP parser refuses
// (headers past its limit, a malformed request line) — each with the catalogue's JSON body instead of Node's plain
// text or an unhandled error. It also sends the built scripts and stylesheets compressed (Astro's handler sends them
// as they are). `npm start`, the browser journeys and the benchmarks all run this file.
import { readdir, readFile } from "node:fs/promises"
import { createServer } from "node:http"
import { promisify } from "node:util"
import { brotliCompress, gzip } from "node:zlib"
import { answerClientError, refuseForbiddenMethod } from "@tawreed/adapters/http/NodeListener"
import { counting, countingFromEnv, describeCount } from "@tawreed/adapters/storage/StatementCount"

process.env.ASTRO_NODE_AUTOSTART = "disabled"
const { handler } = await import("./dist/server/entry.mjs")

const port = Number(process.env.PORT ?? 4321)
const host = process.env.HOST ?? "localhost"
/** The built assets' folder; their names carry a hash of their content, so each is compressed once and kept. */
const assets = new URL("./dist/client/_astro/", import.meta.url)
const contentTypes = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" }
const encoders = { br: promisify(brotliCompress), gzip: (body) => promisify(gzip)(body, { level: 9 }) }
/** Each asset's compressed forms, by `encoding name`: a promise, so that requests during the work wait for it. */
const compressed = new Map()
const compress = (encoding, name) => {
  const key = `${encoding} ${name}`
  if (!compressed.has(key)) {
    compressed.set(
      key,
      readFile(new URL(name, assets)).then(
        (body) => encoders[encoding](body),
        () => undefined
      )
    )
  }
  return compressed.get(key)
}
// Compressed as the server starts, off the main thread, so that no visitor waits for it.
for (const name of await readdir(assets).catch(() => [])) {
  if (/\.(?:js|css)$/.test(name)) for (const encoding of ["br", "gzip"]) void compress(encoding, name)
}

/** The compressed form a request for a built script or stylesheet may have: Brotli or gzip, as the browser takes. */
const compressedAsset = (req) => {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined
  const match = /^\/_astro\/([\w.-]+?(\.js|\.css))(?:\?.*)?$/.exec(req.url ?? "")
  const accepted = String(req.headers["accept-encoding"] ?? "")
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : undefined
  return match && encoding ? { name: match[1], extension: match[2], encoding } : undefined
}

/** Sends that form; answers false when there is no such file (Astro's handler then answers). */
const sendCompressed = async (req, res, { name, extension, encoding }) => {
  const body = await compress(encoding, name)
  if (body === undefined) return false
  res.writeHead(200, {
    "content-type": contentTypes[extension],
    "content-encoding": encoding,
    "content-length": body.length,
    "cache-control": "public, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
    vary: "accept-encoding"
  })
  res.end(req.method === "HEAD" ? undefined : body)
  return true
}

// With TAWREED_SQL_COUNT=on, each request's line on stderr says what it asked of the database (StatementCount.ts);
// `texts` adds each statement's text.
const countSql = countingFromEnv()
const withTexts = process.env.TAWREED_SQL_COUNT === "texts"
const counted = (req, res) => {
  if (!countSql) return handler(req, res)
  const { count } = counting(() => handler(req, res), withTexts)
  res.once("finish", () => {
    const texts = (count.texts ?? []).map((text) => `\n[sql]   ${text.replace(/\s+/g, " ").slice(0, 160)}`).join("")
    process.stderr.write(`[sql] ${req.method} ${req.url} ${res.statusCode}: ${describeCount(count)}${texts}\n`)
  })
}

const server = createServer((req, res) => {
  if (refuseForbiddenMethod(req, res)) return
  const asset = compressedAsset(req)
  if (!asset) return counted(req, res)
  sendCompressed(req, res, asset).then(
    (sent) => sent || handler(req, res),
    () => handler(req, res)
  )
})
server.on("clientError", answerClientError)
server.listen(port, host, () => {
  process.stderr.write(`[tawreed] serving http://${host}:${port}\n`)
})
