import { Context, Effect, Layer } from "effect"
import { ApprovalRepository } from "@tawreed/core/approvals"
import { CatalogRepository } from "@tawreed/core/catalog"
import { OrderRepository } from "@tawreed/core/orders"
import { RequestRepository } from "@tawreed/core/requests"
import { WorkspaceRepository } from "@tawreed/core/workspaces"
import { workspaceReads } from "./AccessCache.ts"

/**
 * What a page has read of documents while it loads, so that it reads each once.
 *
 * A document's page asks several use cases about the same document (the request, its approval, its workspace and
 * that workspace's members; a catalog, for its categories, products and facets), and each use case reads the
 * document again to check that the reader may see it: the request page read its request three times and its
 * workspace twice, the catalog page its catalog five times. A page's reads run in one transaction that writes
 * nothing (`runPage`'s load), so inside it a document read once is the same the second time. Under `readingOnce`,
 * the named reads of the ports below (requests, orders, approvals, workspaces, catalogs) give back what the same
 * read with the same arguments gave before; any other method of the port, a change, forgets everything kept.
 * Outside it (every write, every API route) the ports read as they always do.
 */
export const PageReads = Context.Reference<Map<string, { readonly value: unknown }> | undefined>(
  "@tawreed/adapters/storage/PageReads",
  { defaultValue: () => undefined }
)

/** Runs a page's reads with a memo of their own: each named read once (`PageReads`). */
export const readingOnce = <A, E, R>(reads: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.suspend(() => Effect.provideService(reads, PageReads, new Map()))

/**
 * A port whose named reads give back, under `readingOnce`, what they gave before with the same arguments; every
 * other method forgets what was kept. Any method added to the port later forgets until it is named a read.
 */
export const readOnce = <S extends object>(port: string, service: S, reads: ReadonlyArray<string>): S => {
  const wrapped: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(service)) {
    if (typeof value !== "function") {
      wrapped[name] = value
      continue
    }
    const call = value as (...args: Array<unknown>) => Effect.Effect<unknown, unknown, unknown>
    wrapped[name] = reads.includes(name)
      ? (...args: Array<unknown>) =>
          Effect.flatMap(Effect.service(PageReads), (memo) => {
            if (memo === undefined) return call(...args)
            const key = `${port}.${name}${JSON.stringify(args)}`
            const kept = memo.get(key)
            if (kept !== undefined) return Effect.succeed(kept.value)
            return Effect.tap(call(...args), (value) => Effect.sync(() => memo.set(key, { value })))
          })
      : (...args: Array<unknown>) =>
          Effect.flatMap(Effect.service(PageReads), (memo) => {
            memo?.clear()
            return call(...args)
          })
  }
  return wrapped as S
}

/** A port, put over itself with its named reads kept for a page's load (`readOnce`). */
const readingOnceLayer = <I, S extends object>(
  port: Context.Service<I, S>,
  name: string,
  reads: ReadonlyArray<string>
): Layer.Layer<I, never, I> =>
  Layer.effect(
    port,
    Effect.map(Effect.service(port), (inner) => readOnce(name, inner, reads))
  )

const requests = readingOnceLayer(RequestRepository, "requests", ["find", "list", "counts", "latest", "columnsOf"])

const orders = readingOnceLayer(OrderRepository, "orders", [
  "find",
  "list",
  "counts",
  "orderedOf",
  "listForVendor",
  "countsForVendor",
  "findForVendor",
  "columnsOf"
])

const approvals = readingOnceLayer(ApprovalRepository, "approvals", ["find", "timeline", "pendingFor"])

const workspaces = readingOnceLayer(WorkspaceRepository, "workspaces", workspaceReads)

const catalogs = readingOnceLayer(CatalogRepository, "catalogs", [
  "findCatalog",
  "listCatalogs",
  "findCategory",
  "categoryUsage",
  "listCategories",
  "subtreeIds",
  "highestSkuNumber",
  "findProduct",
  "productOwner",
  "findBySku",
  "listProducts",
  "countProducts",
  "markList",
  "facets"
])

/** The document ports over the page's memo: put over the repositories, it gives the same ports back. */
export const pageReads = Layer.mergeAll(requests, orders, approvals, workspaces, catalogs)
