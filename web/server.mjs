// The site's production server: Astro's handler (pages and the API under /api/) and the built files, behind the
// edge's own answers to what never reaches it — a method no route takes (TRACE) and what Node's HTTP parser refuses
// (headers past its limit, a malformed request line) — each with the catalogue's JSON body instead of Node's plain
// text or an unhandled error. It sends the built scripts and stylesheets compressed, and every built file from
// memory: the files are known when the server starts, so a page's request goes straight to Astro without looking for
// a file of its name on disk first. Pages and JSON answers are compressed as they are sent, with the `compression`
// middleware (Brotli at quality 4 or gzip, as the browser takes; below 1 KB, and the event streams, as they are): a
// catalog's page of 170 KB of HTML reaches a phone as about 15 KB. `npm start`, the browser journeys and the
// benchmarks all run this file.
import { readdir, readFile } from "node:fs/promises"
import { createServer } from "node:http"
import { extname, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { brotliCompress, gzip } from "node:zlib"
import compression from "compression"
import { answerClientError, refuseForbiddenMethod } from "@tawreed/adapters/http/NodeListener"
import { counting, countingFromEnv, describeCount } from "@tawreed/adapters/storage/StatementCount"

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

/** Every built file (dist/client) by its path on the site, read once. */
const client = new URL("./dist/client/", import.meta.url)
const fileTypes = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json"
}
const files = new Map()
for (const entry of await readdir(client, { recursive: true, withFileTypes: true }).catch(() => [])) {
  if (!entry.isFile()) continue
  const file = `${entry.parentPath}/${entry.name}`
  const path = `/${relative(fileURLToPath(client), file).split("\\").join("/")}`
  files.set(path, {
    body: await readFile(file),
    type: fileTypes[extname(entry.name)] ?? "application/octet-stream",
    // Built assets carry a hash of their content in their names; the others (the icon) are checked each time.
    cacheControl: path.startsWith("/_astro/") ? "public, max-age=31536000, immutable" : "public, max-age=0"
  })
}

/** Sends a built file when the request asks for one; answers whether it did. */
const sendFile = (req, res) => {
  if (req.method !== "GET" && req.method !== "HEAD") return false
  const url = req.url ?? "/"
  const query = url.indexOf("?")
  let path = query < 0 ? url : url.slice(0, query)
  try {
    path = decodeURI(path)
  } catch {
    return false
  }
  const file = files.get(path)
  if (file === undefined) return false
  res.writeHead(200, {
    "content-type": file.type,
    "content-length": file.body.length,
    "cache-control": file.cacheControl,
    "x-content-type-options": "nosniff"
  })
  res.end(req.method === "HEAD" ? undefined : file.body)
  return true
}

/** HTML and JSON answers only: an event stream must reach the browser as each event is written. */
const compressible = (_req, res) =>
  /^(?:text\/html|application\/(?:[\w.+-]+\+)?json)\b/.test(String(res.getHeader("content-type") ?? ""))
const compressing = compression({ filter: compressible })

/** Astro's handler, for pages and the API; a request line that is not a valid URI is refused first, as Astro does. */
const astro = (req, res) => {
  try {
    decodeURI(req.url ?? "/")
  } catch {
    res.writeHead(400)
    res.end("Bad request.")
    return
  }
  if (sendFile(req, res)) return
  compressing(req, res, () => handler(req, res))
}

// With TAWREED_SQL_COUNT=on, each request's line on stderr says what it asked of the database (StatementCount.ts);
// `texts` adds each statement's text.
const countSql = countingFromEnv()
const withTexts = process.env.TAWREED_SQL_COUNT === "texts"
const counted = (req, res) => {
  if (!countSql) return astro(req, res)
  const { count } = counting(() => astro(req, res), withTexts)
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
    (sent) => sent || astro(req, res),
    () => astro(req, res)
  )
})
server.on("clientError", answerClientError)
server.listen(port, host, () => {
  process.stderr.write(`[tawreed] serving http://${host}:${port}\n`)
})
