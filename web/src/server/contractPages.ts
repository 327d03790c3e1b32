import { BigDecimal, Effect, Option } from "effect"
import { Catalogs } from "@tawreed/core/catalog"
import { contractAttachmentKind, Contracts } from "@tawreed/core/contracts"
import { DocumentRef, Files, viewOf } from "@tawreed/core/files"
import type { Actor } from "@tawreed/core/identity"
import type { Locale } from "@tawreed/core/shared"
import { Vendors } from "@tawreed/core/vendors"
import { Workspaces } from "@tawreed/core/workspaces"
import type { AttachmentFile } from "../components/attachments/attachments.ts"
import type { FoundProduct } from "./contractForms.ts"

/** Runs a step with the contracts use cases. */
export const withContracts = <A, E, R>(f: (contracts: Contracts["Service"]) => Effect.Effect<A, E, R>) =>
  Effect.flatMap(Effect.service(Contracts), f)

/** A name kept in both languages, in the page's language (the other when it has none). */
export const nameIn = (name: { readonly en: string; readonly ar: string }, locale: Locale): string =>
  locale === "ar" ? name.ar || name.en : name.en || name.ar

/** One choice of a select: what it sends and what it shows. */
export interface Choice {
  readonly id: string
  readonly name: string
}

/**
 * The organisation's vendors a contract can name, by name, in the page's language; none for whoever may not read
 * the vendor master (the use case then refuses the save with its own message).
 */
export const vendorChoices = (actor: Actor, locale: Locale) =>
  Effect.flatMap(Effect.service(Vendors), (vendors) => vendors.list(actor, { page: 0, limit: 500 })).pipe(
    Effect.map((page): ReadonlyArray<Choice> =>
      page.vendors
        .map((v) => ({ id: v.id, name: nameIn(v.name, locale) }))
        .sort((a, b) => a.name.localeCompare(b.name, locale))
    ),
    Effect.orElseSucceed((): ReadonlyArray<Choice> => [])
  )

/** The active workspaces a contract can belong to, by name. */
export const workspaceChoices = (actor: Actor) =>
  Effect.flatMap(Effect.service(Workspaces), (workspaces) => workspaces.available(actor)).pipe(
    Effect.map((found): ReadonlyArray<Choice> => found.map((w) => ({ id: w.id, name: w.name }))),
    Effect.orElseSucceed((): ReadonlyArray<Choice> => [])
  )

/** The files a contract holds, as the chips show them (after the page has read the contract itself). */
export const contractFiles = (actor: Actor, contractId: string) =>
  Effect.flatMap(Effect.service(Files), (files) =>
    files.attachments(actor, new DocumentRef({ kind: contractAttachmentKind, id: contractId }))
  ).pipe(
    Effect.map((views): ReadonlyArray<AttachmentFile> =>
      views.map((v) => ({
        id: v.id,
        fileURL: v.fileURL,
        name: v.name,
        mime: v.mime,
        size: v.size,
        attached: v.attached
      }))
    )
  )

/**
 * The files a form posted back carries (`ids`, in order), as the chips show them again after a post that changed the
 * form: those the contract already holds as it holds them, and uploads not yet saved with it read one by one (each
 * is the actor's own pending upload). An id the actor may not open is left out.
 */
export const postedFiles = (actor: Actor, ids: ReadonlyArray<string>, held: ReadonlyArray<AttachmentFile>) =>
  Effect.flatMap(Effect.service(Files), (files) =>
    Effect.forEach(
      ids.slice(0, 50),
      (id) => {
        const kept = held.find((f) => f.id === id)
        return kept !== undefined
          ? Effect.succeed(Option.some(kept))
          : files.open(actor, id).pipe(
              Effect.map(({ file }) => {
                const v = viewOf(file)
                return Option.some<AttachmentFile>({
                  id: v.id,
                  fileURL: v.fileURL,
                  name: v.name,
                  mime: v.mime,
                  size: v.size,
                  attached: v.attached
                })
              }),
              Effect.orElseSucceed(() => Option.none<AttachmentFile>())
            )
      },
      { concurrency: 1 }
    )
  ).pipe(Effect.map((found) => found.flatMap((f) => (Option.isSome(f) ? [f.value] : []))))

/** The most products one search of the contract form lists. */
export const productHits = 10

/**
 * The organisation's products matching a search (name, SKU, brand), for the contract form's product picker; none
 * for an empty search or for whoever may not read the catalogue.
 */
export const productsMatching = (actor: Actor, search: string) =>
  search.trim() === ""
    ? Effect.succeed<ReadonlyArray<FoundProduct>>([])
    : Effect.flatMap(Effect.service(Catalogs), (catalogs) =>
        catalogs.listProducts(actor, { name: search.trim(), page: 0, limit: productHits })
      ).pipe(
        Effect.map((page): ReadonlyArray<FoundProduct> =>
          page.products.map((p) => ({ id: p.id, sku: p.sku, en: p.name.en, ar: p.name.ar }))
        ),
        Effect.orElseSucceed((): ReadonlyArray<FoundProduct> => [])
      )

/**
 * How much of a contract's ceiling orders consumed, as a share from 0 to 1 for the meter; undefined without a
 * ceiling.
 */
export const consumedShare = (ceiling: string | null, consumed: string): number | undefined => {
  if (ceiling === null) return undefined
  const whole = Option.getOrUndefined(BigDecimal.fromString(ceiling))
  const used = Option.getOrUndefined(BigDecimal.fromString(consumed))
  if (whole === undefined || used === undefined || !BigDecimal.isPositive(whole)) return undefined
  const share = BigDecimal.toNumberUnsafe(used) / BigDecimal.toNumberUnsafe(whole)
  return Math.min(1, Math.max(0, share))
}
