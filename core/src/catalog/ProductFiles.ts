import { Context, Effect, Layer, Option } from "effect"
import { hasAnyPrivilege } from "../access/Privilege.ts"
import { type DocumentReader, DocumentReaders } from "../files/DocumentReaders.ts"
import { Files, type FilesShape } from "../files/Files.ts"
import { FileRepository } from "../files/FileRepository.ts"
import { fileIdOfUrl } from "../files/FileRules.ts"
import { DocumentRef, type FileId, type FileView } from "../files/StoredFile.ts"
import type { Actor } from "../identity/Actor.ts"
import type { RequestOrigin } from "../shared/AuditLog.ts"
import { Transactions } from "../shared/Transactions.ts"
import type { NewProductInput, Product, ProductUpdateInput } from "./Catalog.ts"
import { Catalogs, type CatalogsShape, productPrivileges } from "./Catalogs.ts"

/** The kind of document a product is to the files module: its pictures and attachments hang on it. */
export const productAttachmentKind = "product"

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A file the product names, by its download URL (`/api/media_upload/{id}`) or its id; none for an outside link. */
export const productFileId = (ref: string): string | undefined =>
  uuidLike.test(ref.trim()) ? ref.trim().toLowerCase() : fileIdOfUrl(ref)

/** The files a product's pictures and attachments name, each once. */
export const productFileIds = (product: {
  readonly mediaList: ReadonlyArray<{ readonly src: string }>
  readonly attachments: ReadonlyArray<string>
}): ReadonlyArray<string> => [
  ...new Set(
    [...product.mediaList.map((m) => m.src), ...product.attachments].flatMap((ref) => {
      const id = productFileId(ref)
      return id === undefined ? [] : [id]
    })
  )
]

/**
 * How products guard their files (core/src/files/DocumentReaders.ts): a picture or attachment of a product is
 * served to whoever reads the product (`Catalogs.getProduct`: prd_r_o, the catalogs module on), and taken off by
 * whoever may change it (prd_u_o too).
 */
export const productReader: Effect.Effect<DocumentReader, never, Catalogs> = Effect.gen(function* () {
  const catalogs = yield* Catalogs
  const readable = (actor: Actor, id: string) =>
    Effect.map(Effect.option(catalogs.getProduct(actor, id)), Option.isSome)
  return {
    mayRead: readable,
    mayChange: (actor, id) =>
      hasAnyPrivilege(actor.privileges, productPrivileges.update) ? readable(actor, id) : Effect.succeed(false)
  }
})

/** Registers the products' reader with the files module as the app starts. */
export const productAttachmentsRegistration = DocumentReaders.registration(productAttachmentKind, productReader)

type AttachFailure = Effect.Error<ReturnType<FilesShape["setAttachments"]>>
type Created = ReturnType<CatalogsShape["createProduct"]>
type Updated = ReturnType<CatalogsShape["updateProduct"]>

/**
 * A product saved with its files (SPEC.md §3 Product mediaList and attachments): the pictures and documents the
 * form uploaded for the product are attached to it in the transaction that saves it, and those it no longer names
 * are taken off, so a picture is served by the product it belongs to and swept when it leaves it.
 */
export interface ProductFilesShape {
  readonly create: (
    actor: Actor,
    input: NewProductInput,
    origin?: RequestOrigin
  ) => Effect.Effect<Product, Effect.Error<Created> | AttachFailure>
  readonly update: (
    actor: Actor,
    input: ProductUpdateInput,
    origin?: RequestOrigin
  ) => Effect.Effect<Product, Effect.Error<Updated> | AttachFailure>
  /** The files a product holds, for the page that shows it (after its own read of the product). */
  readonly files: (actor: Actor, product: Product) => Effect.Effect<ReadonlyArray<FileView>>
}

/** Use cases: products saved together with their pictures and attachments. */
export class ProductFiles extends Context.Service<ProductFiles, ProductFilesShape>()(
  "@tawreed/core/catalog/ProductFiles"
) {
  static readonly layer = Layer.effect(
    ProductFiles,
    Effect.gen(function* () {
      const catalogs = yield* Catalogs
      const files = yield* Files
      const transactions = yield* Transactions
      const stored = yield* FileRepository
      const refOf = (product: Product) => new DocumentRef({ kind: productAttachmentKind, id: product.id })
      /**
       * The files the product takes: those it names but for files another product holds (a copy names its
       * original's pictures, which the original keeps serving), so a copy saves with the pictures it was made with.
       */
      const ownFiles = Effect.fnUntraced(function* (actor: Actor, product: Product) {
        const ids: Array<FileId> = []
        for (const id of productFileIds(product)) {
          const found = yield* stored.find(actor.orgId, id)
          const document = found._tag === "Some" ? found.value.document : null
          if (document !== null && !(document.kind === productAttachmentKind && document.id === product.id)) continue
          ids.push(id as FileId)
        }
        return ids
      })
      const attach = (actor: Actor, product: Product) =>
        Effect.flatMap(ownFiles(actor, product), (ids) =>
          Effect.as(files.setAttachments(actor, refOf(product), ids), product)
        )
      return ProductFiles.of({
        create: (actor, input, origin) =>
          transactions.inOrg(
            actor.orgId,
            Effect.flatMap(catalogs.createProduct(actor, input, origin), (made) => attach(actor, made))
          ),
        update: (actor, input, origin) =>
          transactions.inOrg(
            actor.orgId,
            Effect.flatMap(catalogs.updateProduct(actor, input, origin), (saved) => attach(actor, saved))
          ),
        files: (actor, product) => files.attachments(actor, refOf(product))
      })
    })
  )
}
