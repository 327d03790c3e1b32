import { filePath, fileIdOfUrl } from "../files/FileRules.ts"
import { Product, ProductMedia } from "./Catalog.ts"

const uuid = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
const uuidLike = new RegExp(`^${uuid}$`)
const productFileRoute = new RegExp(`^/api/products/(${uuid})/files/(${uuid})$`)

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
 * `GET /api/products/{productId}/files/{fileId}`: where a reader of another organisation's product loads a picture
 * or attachment the product names. The download route (`/api/media_upload/{id}`) answers only the organisation
 * that keeps the file, and a product's files are kept by the organisation that keeps the product.
 */
export const productFilePath = (productId: string, fileId: string): string =>
  `/api/products/${productId}/files/${fileId}`

/**
 * The file a product's picture or attachment names as its reader got it: by the product's own file route (for this
 * product only), or as `productFileId` reads it; none for an outside link.
 */
export const readerFileId = (productId: string, ref: string): string | undefined => {
  const routed = productFileRoute.exec(ref.trim())
  if (routed !== null)
    return routed[1]!.toLowerCase() === productId.toLowerCase() ? routed[2]!.toLowerCase() : undefined
  return productFileId(ref)
}

/** Where a page links a product's attachment as its reader got it: a bare file id by the download route. */
export const productFileHref = (ref: string): string => (uuidLike.test(ref.trim()) ? filePath(ref.trim()) : ref)

const routedOf = (productId: string, ref: string): string => {
  const id = productFileId(ref)
  return id === undefined ? ref : productFilePath(productId, id)
}

/**
 * A product as its reader may load its files, the one place every read of products goes through (one product, a
 * list, a search): the organisation's own products as stored, so that its forms save what they read; another
 * organisation's product (public, or in a catalog shared with the reader) with each picture and attachment it keeps
 * by the product's file route, which serves it only to whoever may read the product. Links elsewhere stay as they are.
 */
export const readerProductOf = (product: Product): Product =>
  product.owned
    ? product
    : new Product({
        ...product,
        mediaList: product.mediaList.map((m) => {
          const src = routedOf(product.id, m.src)
          return src === m.src ? m : new ProductMedia({ src })
        }),
        attachments: product.attachments.map((a) => routedOf(product.id, a))
      })
