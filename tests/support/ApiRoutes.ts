import { Option, Schema } from "effect"
import { HttpApi } from "effect/http-api"
import { Api, Authentication } from "@tawreed/adapters/http/Api"

/** One route of the HTTP API, as Api.ts declares it. */
export interface ApiRoute {
  /** `group.endpoint`, e.g. `users.get`. */
  readonly key: string
  readonly method: string
  /** With the `/api` prefix and `:name` placeholders. */
  readonly path: string
  /** The names of the path's placeholders, in order. */
  readonly params: ReadonlyArray<string>
  /** Behind the Authentication middleware: a session is needed. */
  readonly signedIn: boolean
  /** Whether the route decodes a body. */
  readonly hasPayload: boolean
  /** Whether a value decodes as the route's path parameters. */
  readonly acceptsParams: (values: Readonly<Record<string, string>>) => boolean
}

/** Every route of the API, walked from its declaration, so that a route added later is walked too. */
export const apiRoutes: ReadonlyArray<ApiRoute> = (() => {
  const routes: Array<ApiRoute> = []
  HttpApi.reflect(Api, {
    onGroup: () => undefined,
    onEndpoint: ({ group, endpoint, middleware }) => {
      const schema = endpoint.params
      const decode = schema === undefined ? undefined : Schema.decodeUnknownOption(schema as Schema.Codec<unknown>)
      routes.push({
        key: `${group.identifier}.${endpoint.identifier}`,
        method: endpoint.method,
        path: endpoint.path,
        params: [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]!),
        signedIn: middleware.has(Authentication as never),
        hasPayload: endpoint.payload.size > 0,
        acceptsParams: (values) => decode === undefined || Option.isSome(decode(values))
      })
    }
  })
  return routes
})()

/** The route's path with its placeholders filled (each value URL-encoded). */
export const fillPath = (route: ApiRoute, values: Readonly<Record<string, string>>): string =>
  route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`${route.key}: no value for :${name}`)
    return encodeURIComponent(value)
  })

/** A path value that names no record: a fresh UUID, or a large number where the route takes numbers. */
export const unknownParams = (route: ApiRoute): Readonly<Record<string, string>> => {
  for (const candidate of [crypto.randomUUID(), "987654321"]) {
    const values = Object.fromEntries(route.params.map((p) => [p, candidate]))
    if (route.acceptsParams(values)) return values
  }
  throw new Error(`${route.key}: declare the path values to call it with`)
}

/** A JSON call to the API with an optional bearer token; the body parsed when there is one. */
export const callApi = async (
  baseUrl: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Readonly<Record<string, string>> = {}
): Promise<{ readonly status: number; readonly body: any; readonly text: string }> => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...headers
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  const text = await response.text()
  let parsed: unknown = undefined
  try {
    parsed = text === "" ? undefined : JSON.parse(text)
  } catch {
    parsed = text
  }
  return { status: response.status, body: parsed as any, text }
}

/**
 * Makes one user the one approver of a workspace's orders (a single level, every order), replacing the order
 * workflow the workspace had, through the API as an admin would.
 */
export const oneOrderApprover = async (
  baseUrl: string,
  adminToken: string,
  workspaceId: string,
  approverId: string
): Promise<number> => {
  const workflows = await callApi(baseUrl, "GET", `/api/workflows?workspaceId=${workspaceId}`, adminToken)
  const existing = (workflows.body.workflows ?? workflows.body).find?.((w: { kind: string }) => w.kind === "order")
  const saved = await callApi(baseUrl, "PUT", "/api/workflows", adminToken, {
    workflow: {
      id: existing?.id ?? crypto.randomUUID(),
      workspaceId,
      kind: "order",
      levels: [
        { level: 1, name: "Purchasing", approvers: [{ type: "USER", userId: approverId }], mode: "ONE", criteria: {} }
      ],
      version: existing?.version ?? 0
    },
    version: existing?.version ?? 0
  })
  return saved.status
}
