import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { Duplex } from "node:stream"
import { Readable } from "node:stream"
import { markClient, proxyTrustFromEnv, resolveClient, type ProxyTrust } from "./EdgePolicy.ts"
import { describeError, parseLocale } from "@tawreed/core/shared"

/** The catalogue's error body as JSON text, for answers written before the API sees the request. */
const errorJson = (tag: string, language: string | undefined) => {
  const { code, message } = describeError({ _tag: tag }, parseLocale(language))
  return JSON.stringify({ error: { code, message } })
}

/** Methods a web Request cannot carry (the Fetch standard forbids them), so the API never sees them. */
const forbiddenMethods = new Set(["CONNECT", "TRACE", "TRACK"])

/** Answers a request the listener refuses itself with the catalogue's body. */
const refuse = (req: IncomingMessage, res: ServerResponse, status: number, tag: string) => {
  const language = req.headers["language"]
  const body = errorJson(tag, Array.isArray(language) ? language[0] : language)
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    connection: "close"
  })
  res.end(body)
}

/**
 * What Node's own HTTP parser refuses before any handler runs (headers past its limit, a malformed request line):
 * answered with the catalogue's body rather than Node's plain text. The `Language` header is read from the raw
 * bytes, as the request was never parsed.
 */
export const answerClientError = (error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => {
  // A response already begun on this connection (one refused before its body was read) is left to finish alone.
  const answering = (socket as Duplex & { _httpMessage?: unknown })._httpMessage !== undefined
  if (!socket.writable || answering) return socket.destroy()
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW"
  const raw = error.rawPacket?.toString("latin1") ?? ""
  const language = /\r\nlanguage:\s*(\w+)/i.exec(raw)?.[1]
  const body = errorJson(tooLarge ? "HeadersTooLarge" : "MalformedBody", language)
  const status = tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request"
  socket.end(
    `HTTP/1.1 ${status}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `connection: close\r\n\r\n${body}`
  )
}

/**
 * Refuses a method no route answers and Node would hand on (TRACE, TRACK) with 405 and the catalogue's body;
 * answers whether it did, so a server built on another handler (the site's) puts it in front of that handler.
 */
export const refuseForbiddenMethod = (req: IncomingMessage, res: ServerResponse): boolean => {
  if (!forbiddenMethods.has(req.method ?? "")) return false
  refuse(req, res, 405, "MethodNotAllowed")
  return true
}

/** Turns a Node request into a web Request, aborted when the client goes away. */
export const toWebRequest = (
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  trust: ProxyTrust = proxyTrustFromEnv()
): Request => {
  const controller = new AbortController()
  res.on("close", () => controller.abort())
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v))
    else if (value !== undefined) headers.set(key, value)
  }
  // The client's address and scheme, from the socket or a trusted proxy: headers of those names a client sent are
  // replaced.
  const encrypted = "encrypted" in req.socket && req.socket.encrypted === true
  markClient(headers, resolveClient({ address: req.socket.remoteAddress ?? "", https: encrypted }, headers, trust))
  const hasBody = req.method !== "GET" && req.method !== "HEAD"
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method ?? "GET",
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {})
  } as RequestInit)
}

/** Writes a web Response to a Node response, streaming its body. */
export const writeWebResponse = async (response: Response, res: ServerResponse) => {
  const headers: Record<string, string | Array<string>> = {}
  response.headers.forEach((value, key) => {
    if (key === "set-cookie") return
    headers[key] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers["set-cookie"] = cookies
  res.writeHead(response.status, headers)
  if (response.body === null) return res.end()
  const reader = response.body.getReader()
  res.on("close", () => void reader.cancel().catch(() => undefined))
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    res.write(value)
  }
  res.end()
}

/** Serves a web handler on a Node HTTP server on 127.0.0.1 (port 0 picks a free one). */
export const listen = (
  handler: (request: Request) => Promise<Response>,
  port = 0,
  trust: ProxyTrust = proxyTrustFromEnv()
): Promise<{ server: Server; url: string }> =>
  new Promise((resolve) => {
    const server = createServer((req, res) => {
      const origin = `http://${req.headers.host ?? "127.0.0.1"}`
      if (refuseForbiddenMethod(req, res)) return
      let request: Request
      try {
        request = toWebRequest(req, res, origin, trust)
      } catch {
        return refuse(req, res, 400, "MalformedBody")
      }
      handler(request)
        .then((response) => writeWebResponse(response, res))
        .catch(() => {
          if (!res.headersSent) res.writeHead(500)
          res.end()
        })
    })
    server.on("clientError", answerClientError)
    server.listen(port, "127.0.0.1", () => {
      const address = server.address()
      const actual = typeof address === "object" && address ? address.port : port
      resolve({ server, url: `http://127.0.0.1:${actual}` })
    })
  })
