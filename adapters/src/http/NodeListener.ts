import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import { Readable } from "node:stream"
import { markClient, proxyTrustFromEnv, resolveClient, type ProxyTrust } from "./EdgePolicy.ts"

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
      handler(toWebRequest(req, res, origin, trust))
        .then((response) => writeWebResponse(response, res))
        .catch(() => {
          if (!res.headersSent) res.writeHead(500)
          res.end()
        })
    })
    server.listen(port, "127.0.0.1", () => {
      const address = server.address()
      const actual = typeof address === "object" && address ? address.port : port
      resolve({ server, url: `http://127.0.0.1:${actual}` })
    })
  })
