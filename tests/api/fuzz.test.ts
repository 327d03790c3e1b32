import { request as httpRequest } from "node:http"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoBudget, demoOrganisations, demoUsers, demoWorkspaces } from "@tawreed/adapters/storage/DemoData"
import { catalogue } from "@tawreed/core/shared"
import { accounts, engines, signIn, start, type TestServer } from "../support/TestServer.ts"

/**
 * Bad input for every operation of the OpenAPI document the server serves, so that a route added later is fuzzed
 * without editing this suite. Every answer must be below 500, and every error must carry the catalogue's body,
 * entirely in Arabic when the request asks for Arabic.
 */

/** Cases per operation; with the fixed ones this keeps each engine to a few thousand requests. */
const runsPerOperation = 8
const seed = 20_261_123

type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }

interface JsonSchema {
  readonly $ref?: string
  readonly type?: string | ReadonlyArray<string>
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly items?: JsonSchema
  readonly enum?: ReadonlyArray<Json>
  readonly anyOf?: ReadonlyArray<JsonSchema>
  readonly oneOf?: ReadonlyArray<JsonSchema>
  readonly allOf?: ReadonlyArray<JsonSchema>
  readonly maxItems?: number
}

interface Parameter {
  readonly name: string
  readonly in: "path" | "query" | "header" | "cookie"
  readonly schema?: JsonSchema
}

interface Operation {
  readonly method: string
  readonly path: string
  readonly parameters: ReadonlyArray<Parameter>
  readonly body: JsonSchema | undefined
}

interface OpenApiDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, any>>>>
  readonly components: { readonly schemas: Readonly<Record<string, JsonSchema>> }
}

/** One request as sent on the wire. */
interface Case {
  readonly method: string
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string | Buffer
  readonly signedIn: boolean
  readonly language: "en" | "ar"
}

const operationsOf = (document: OpenApiDocument): ReadonlyArray<Operation> =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: (operation.parameters ?? []) as ReadonlyArray<Parameter>,
      body: operation.requestBody?.content?.["application/json"]?.schema as JsonSchema | undefined
    }))
  )

/** Records of the demo data, so that some cases get past the lookups to the deeper code. */
const knownIds = [
  demoOrganisations.buyer.id,
  ...demoUsers.filter((user) => user.email !== accounts.admin).map((user) => user.id),
  ...demoWorkspaces.map((workspace) => workspace.id),
  demoBudget.id
]

/** A UTF-16 code unit with no partner: valid in a JavaScript string and in JSON, not in UTF-8. */
const loneSurrogate = fc.constantFrom("\uD800", "\uDBFF", "\uDC00", "\uDFFF")

/** Strings that are wrong in content though right in type. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`),
  fc.tuple(fc.string({ maxLength: 8 }), loneSurrogate, fc.string({ maxLength: 8 })).map(([a, s, b]) => a + s + b),
  fc.string({ unit: "binary", maxLength: 24 }),
  fc.string({ unit: "binary-ascii", maxLength: 24 }),
  fc.constantFrom("", " ", "null", "undefined", "-1", "0", "1e400", "NaN", "' OR 1=1 --", "%00", "../../etc"),
  fc.constantFrom("9".repeat(40), "1".repeat(17) + "." + "9".repeat(20), "-99999999999999999999.5", "1e21", "0x10"),
  fc.constantFrom("2026-02-30", "0000-00-00", "99999-01-01", "2026-13-01T25:61:00Z"),
  fc.integer({ min: 1, max: 12_000 }).map((n) => "x".repeat(n))
)

/** A plausible value for a field, so that the other fields' faults reach the use case. */
const plausibleString = (name: string): fc.Arbitrary<string> => {
  if (/id$/i.test(name)) return fc.oneof(fc.constantFrom(...knownIds), fc.uuid())
  if (/date/i.test(name)) return fc.constantFrom("2026-03-01", "2026-11-30", "2027-01-01")
  if (/email/i.test(name)) return fc.emailAddress()
  if (/limit|delta|amount|value|price/i.test(name))
    return fc.oneof(
      fc.constantFrom("0", "1.5", "100.000001", "999999999999999.999999"),
      fc.bigInt({ min: 0n, max: 10n ** 40n }).map((n) => n.toString()),
      fc
        .tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.nat({ max: 10 ** 9 }))
        .map(([whole, fraction]) => `${whole}.${fraction}`)
    )
  return fc.string({ minLength: 1, maxLength: 12 })
}

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, 1e308, -1e308, 2 ** 53 + 1, 0.1, 1e-7, Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer()
)

const anyJson: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>

/** A value nested far deeper than any payload. */
const deepNesting = fc.integer({ min: 50, max: 800 }).map((depth) => {
  let value: Json = "x"
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value }
  return value
})

const resolve = (document: OpenApiDocument, schema: JsonSchema): JsonSchema => {
  let current = schema
  for (let hops = 0; current.$ref !== undefined && hops < 20; hops++) {
    current = document.components.schemas[current.$ref.replace("#/components/schemas/", "")] ?? {}
  }
  return current
}

/** A value shaped like the schema, each leaf plausible, hostile or of another type. */
const valueFor = (document: OpenApiDocument, schema: JsonSchema, name: string, depth: number): fc.Arbitrary<Json> => {
  const resolved = resolve(document, schema)
  const alternatives = resolved.anyOf ?? resolved.oneOf ?? resolved.allOf
  if (alternatives !== undefined && alternatives.length > 0 && depth < 6)
    return fc.oneof(...alternatives.map((alternative) => valueFor(document, alternative, name, depth + 1)))
  const wrongType = fc.oneof(anyJson, hostileNumber, hostileString, deepNesting)
  const type = Array.isArray(resolved.type) ? resolved.type[0] : resolved.type
  const plausible: fc.Arbitrary<Json> = (() => {
    if (resolved.enum !== undefined && resolved.enum.length > 0) return fc.constantFrom(...resolved.enum)
    if (depth > 6) return fc.constant(null)
    switch (type) {
      case "object": {
        const properties = Object.entries(resolved.properties ?? {})
        const record: Record<string, fc.Arbitrary<Json>> = {}
        for (const [key, property] of properties) record[key] = valueFor(document, property, key, depth + 1)
        return fc
          .tuple(
            fc.record(record, { requiredKeys: properties.map(([key]) => key) }),
            fc.option(fc.dictionary(fc.string({ maxLength: 10 }), anyJson, { maxKeys: 3 }), { freq: 2 })
          )
          .map(([fields, extra]) => ({ ...extra, ...fields }) as Json)
      }
      case "array": {
        const item = valueFor(document, resolved.items ?? {}, name, depth + 1)
        return fc.oneof(
          { weight: 4, arbitrary: fc.array(item, { maxLength: 3 }) },
          // Far more items than any payload needs, each the same so that building them stays cheap.
          {
            weight: 1,
            arbitrary: fc.tuple(item, fc.integer({ min: 1_001, max: 2_500 })).map(([x, n]) => Array(n).fill(x))
          }
        )
      }
      case "string":
        return plausibleString(name)
      case "integer":
      case "number":
        return fc.oneof(fc.integer({ min: 0, max: 100 }), hostileNumber)
      case "boolean":
        return fc.boolean()
      default:
        return anyJson
    }
  })()
  const hostileLeaf =
    type === "string" ? hostileString : type === "number" || type === "integer" ? hostileNumber : wrongType
  return fc.oneof(
    { weight: 6, arbitrary: plausible },
    { weight: 3, arbitrary: hostileLeaf },
    { weight: 1, arbitrary: wrongType }
  )
}

/**
 * Percent-encodes a path or query value byte by byte, writing a lone surrogate as the three bytes UTF-8 would
 * give it, which no decoder accepts.
 */
const encodeValue = (value: string): string => {
  let out = ""
  for (const char of value) {
    const unit = char.charCodeAt(0)
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("")
    } else out += encodeURIComponent(char)
  }
  return out
}

const parameterValue = (parameter: Parameter): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: hostileString },
    { weight: 2, arbitrary: plausibleString(parameter.name) },
    { weight: 1, arbitrary: fc.constantFrom("1", "987654321", "-5", "0.5", "99999999999999999999999") }
  )

const oddMethods = ["TRACE", "PATCH", "PROPFIND", "LINK", "CONNECTX", "OPTIONS", "HEAD", "SEARCH"]

/** Bodies that are not the JSON the route expects, with the content type they claim. */
const rawBody: fc.Arbitrary<{ readonly body: string | Buffer; readonly contentType: string }> = fc.oneof(
  fc.constantFrom(
    { body: "{", contentType: "application/json" },
    { body: '{"a":', contentType: "application/json" },
    { body: "not json", contentType: "application/json" },
    {
      body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      contentType: "application/json"
    },
    { body: '{"a":"\\u0000"}', contentType: "application/json" },
    { body: '{"a":"\\ud800"}', contentType: "application/json" },
    { body: "<a/>", contentType: "application/xml" },
    { body: "a=1&b=2", contentType: "application/x-www-form-urlencoded" },
    {
      body: "--x\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--x--",
      contentType: "multipart/form-data; boundary=x"
    },
    { body: "hello", contentType: "text/plain" },
    { body: "{}", contentType: "application/octet-stream" },
    { body: "{}", contentType: "" }
  ),
  fc.integer({ min: 1_050_000, max: 1_500_000 }).map((size) => ({
    body: `{"a":"${"x".repeat(size)}"}`,
    contentType: "application/json"
  })),
  fc.integer({ min: 5_000, max: 50_000 }).map((depth) => ({
    body: "[".repeat(depth) + "]".repeat(depth),
    contentType: "application/json"
  }))
)

const caseFor = (document: OpenApiDocument, operation: Operation): fc.Arbitrary<Case> => {
  const pathParameters = operation.parameters.filter((p) => p.in === "path")
  const queryParameters = operation.parameters.filter((p) => p.in === "query")
  const pathValues = fc.record(Object.fromEntries(pathParameters.map((p) => [p.name, parameterValue(p)])))
  const queryValues = fc.record(Object.fromEntries(queryParameters.map((p) => [p.name, parameterValue(p)])), {
    requiredKeys: []
  })
  const jsonBody: fc.Arbitrary<{ body?: string | Buffer; contentType: string }> =
    operation.body === undefined
      ? fc.oneof(
          fc.constant({ contentType: "application/json" }),
          anyJson.map((v) => ({ body: JSON.stringify(v), contentType: "application/json" }))
        )
      : valueFor(document, operation.body, "body", 0).map((value) => ({
          body: JSON.stringify(value),
          contentType: "application/json"
        }))
  const body = fc.oneof({ weight: 5, arbitrary: jsonBody }, { weight: 1, arbitrary: rawBody })
  const method = fc.oneof(
    { weight: 9, arbitrary: fc.constant(operation.method) },
    { weight: 1, arbitrary: fc.constantFrom(...oddMethods) }
  )
  return fc
    .record({
      method,
      pathValues,
      queryValues,
      body,
      signedIn: fc.boolean(),
      language: fc.constantFrom("en" as const, "ar" as const),
      extraHeaders: fc.oneof(
        { weight: 15, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.constantFrom<Record<string, string>>(
            { "idempotency-key": "k\u00ff\u00fe" },
            { "idempotency-key": "x".repeat(500) },
            { "content-type": "application/json; charset=latin1" },
            { "x-big": "x".repeat(40_000) },
            { cookie: "tawreed_session=%FF%00" },
            { authorization: "Bearer \u00ff" }
          )
        }
      )
    })
    .map(({ method, pathValues, queryValues, body, signedIn, language, extraHeaders }) => {
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeValue(pathValues[name] ?? ""))
      const query = Object.entries(queryValues)
        .map(([key, value]) => `${encodeURIComponent(key)}=${encodeValue(value ?? "")}`)
        .join("&")
      const carriesBody = method !== "GET" && method !== "HEAD" && body.body !== undefined
      return {
        method,
        path: query === "" ? path : `${path}?${query}`,
        headers: {
          ...(carriesBody && body.contentType !== "" ? { "content-type": body.contentType } : {}),
          language,
          ...extraHeaders
        },
        ...(carriesBody ? { body: body.body } : {}),
        signedIn,
        language
      }
    })
}

interface Answer {
  readonly status: number
  readonly text: string
}

/** Sends a request as is: node:http, because fetch refuses TRACE and rewrites odd bodies and headers. */
const send = (baseUrl: string, wire: Case, token: string | undefined): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const url = new URL(baseUrl)
    const headers: Record<string, string> = { ...wire.headers }
    if (token !== undefined && wire.signedIn) headers["authorization"] = `Bearer ${token}`
    if (wire.body !== undefined) headers["content-length"] = String(Buffer.byteLength(wire.body))
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: wire.method, path: wire.path, headers },
      (res) => {
        // An event stream answers for as long as the client listens: its status and headers are the answer.
        if (String(res.headers["content-type"] ?? "").startsWith("text/event-stream")) {
          res.destroy()
          return resolve({ status: res.statusCode ?? 0, text: "" })
        }
        const chunks: Array<Buffer> = []
        res.on("data", (chunk: Buffer) => chunks.push(chunk))
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }))
        res.on("error", reject)
      }
    )
    req.setTimeout(30_000, () => req.destroy(Object.assign(new Error("no answer"), { code: "ETIMEDOUT" })))
    req.on("error", (error: NodeJS.ErrnoException) => {
      // The server may close the connection once it has answered a body it will not read to its end.
      if (error.code === "ECONNRESET" || error.code === "EPIPE") resolve({ status: -1, text: "" })
      else if (error.code === "ETIMEDOUT") resolve({ status: 0, text: "" })
      else resolve({ status: 0, text: `${error.code ?? ""} ${error.message}` })
    })
    if (wire.body !== undefined) req.write(wire.body)
    req.end()
  })

/** Latin words the Arabic catalogue itself uses (brand and product names), besides codes. */
const latinInArabic = new Set(catalogue.flatMap((entry) => entry.ar.match(/[A-Za-z][A-Za-z0-9_.-]*/g) ?? []))

/** What is wrong with an answer, if anything. */
const faultOf = (wire: Case, answer: Answer): string | undefined => {
  if (answer.status >= 500) return `answered ${answer.status}`
  if (answer.status === 0) return `no answer ${answer.text}`
  if (answer.status < 400 || wire.method === "HEAD" || answer.status === -1) return undefined
  let body: any
  try {
    body = JSON.parse(answer.text)
  } catch {
    return `answered ${answer.status} without a JSON body`
  }
  const error = body?.error
  if (typeof error?.code !== "string" || typeof error?.message !== "string")
    return `answered ${answer.status} without the catalogue's body`
  if (wire.language === "ar") {
    // A field path may be shown between Unicode isolates (U+2068 … U+2069): it is a name, not a sentence.
    const prose = (error.message as string).replace(/\u2068[^\u2069]*\u2069/g, "")
    const latin = prose.match(/[A-Za-z][A-Za-z0-9_.-]*/g) ?? []
    const foreign = latin.filter((word) => !latinInArabic.has(word) && word !== error.code)
    if (foreign.length > 0) return `answered in Arabic with Latin words: ${foreign.slice(0, 5).join(" ")}`
  }
  return undefined
}

const show = (wire: Case, answer: Answer, fault: string) =>
  `${wire.method} ${wire.path.slice(0, 160)} [${wire.signedIn ? "signed in" : "signed out"}, ${wire.language}] ` +
  `body ${typeof wire.body === "string" ? JSON.stringify(wire.body.slice(0, 160)) : String(wire.body?.length ?? "none")}: ` +
  `${fault}: ${answer.text.slice(0, 200)}`

describe.each(engines())("fuzzing the API on %s", (engine) => {
  let server: TestServer
  let document: OpenApiDocument
  let token: string

  beforeAll(async () => {
    server = await start(engine)
    token = await signIn(server.url, accounts.admin)
    const response = await fetch(`${server.url}/api/openapi.json`)
    document = (await response.json()) as OpenApiDocument
  })
  afterAll(() => server?.close())

  it(
    "answers every operation's bad input below 500 with the catalogue's body in the request's language",
    { timeout: 600_000 },
    async () => {
      const operations = operationsOf(document)
      expect(operations.length).toBeGreaterThan(50)
      const faults: Array<string> = []
      const faultKinds = new Map<string, number>()
      let requests = 0
      let serverErrors = 0
      const check = async (wire: Case) => {
        const answer = await send(server.url, wire, token)
        requests++
        if (answer.status >= 500) serverErrors++
        const fault = faultOf(wire, answer)
        if (fault !== undefined) {
          faults.push(show(wire, answer, fault))
          const kind = fault.replace(/:.*/, "")
          faultKinds.set(kind, (faultKinds.get(kind) ?? 0) + 1)
        }
        // A case may end the admin's session (logout) or change what it holds: sign in again for the next ones.
        if (wire.signedIn && !("authorization" in wire.headers) && answer.status === 401)
          token = await signIn(server.url, accounts.admin).catch(() => token)
      }
      for (const [index, operation] of operations.entries()) {
        const cases = fc.sample(caseFor(document, operation), { numRuns: runsPerOperation, seed: seed + index })
        for (const wire of cases) await check(wire)
      }
      // Methods and paths no operation declares, and a header past the server's limit.
      for (const method of oddMethods) {
        for (const signedIn of [true, false]) {
          for (const language of ["en", "ar"] as const) {
            await check({ method, path: "/api/budgets", headers: { language }, signedIn, language })
            await check({ method, path: "/api/no-such-route", headers: { language }, signedIn, language })
          }
        }
      }
      for (const language of ["en", "ar"] as const) {
        await check({
          method: "GET",
          path: "/api/auth/iam",
          headers: { language, "x-big": "x".repeat(70_000) },
          signedIn: true,
          language
        })
      }
      console.log(
        `fuzz on ${engine}: ${requests} requests, ${serverErrors} answered 5xx, ${faults.length} faults`,
        Object.fromEntries(faultKinds)
      )
      expect(faults.slice(0, 40)).toEqual([])
    }
  )
})
