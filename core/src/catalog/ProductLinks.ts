import type { Locale } from "../shared/Locale.ts"

/** A name in both languages, as products and categories carry it. */
export interface LocalisedName {
  readonly en?: string | undefined
  readonly ar?: string | undefined
}

/** A name in the current language, then Arabic, then English (SPEC.md §2 product row). */
export const nameFor = (name: LocalisedName | undefined, locale: Locale): string => {
  for (const candidate of [name?.[locale], name?.ar, name?.en]) {
    const text = candidate?.trim()
    if (text) return text
  }
  return ""
}

/** What product links need to know of a product. */
export interface LinkedProduct {
  readonly id: string
  readonly sku?: string | undefined
  readonly catalogs?: ReadonlyArray<string> | undefined
  readonly categories?: ReadonlyArray<string> | undefined
}

const key = (product: LinkedProduct, marketplace: boolean): string =>
  encodeURIComponent(marketplace && product.sku ? product.sku : product.id)

/** Opening a product from a list: by SKU in marketplace mode, else by id (SPEC.md §2 Product routes). */
export const productPath = (product: LinkedProduct, locale: Locale, marketplace: boolean): string =>
  `/${locale}/products/${key(product, marketplace)}`

/**
 * A product inside a catalog: `/catalogs/{catalogId}/{categoryId}/products/{sku or id}`; without a catalog or a
 * category, the all-products search path by id.
 */
export const catalogProductPath = (
  product: LinkedProduct,
  catalogId: string | undefined,
  categoryId: string | undefined,
  marketplace: boolean
): string =>
  catalogId && categoryId
    ? `/catalogs/${encodeURIComponent(catalogId)}/${encodeURIComponent(categoryId)}/products/${key(product, marketplace)}`
    : `/catalogs-admin/catalogs/all-products/search/products/${encodeURIComponent(product.id)}`

/**
 * GO TO PRODUCT DETAILS: a marketplace organisation that is not the admin goes to `products/{sku}`; everyone else to
 * the catalog path by id, taking the product's first catalog and category when none is chosen.
 */
export const productDetailsPath = (
  product: LinkedProduct,
  options: {
    readonly marketplace: boolean
    readonly adminOrg: boolean
    readonly catalogId?: string | undefined
    readonly categoryId?: string | undefined
  }
): string =>
  options.marketplace && !options.adminOrg
    ? `products/${key(product, true)}`
    : catalogProductPath(
        product,
        options.catalogId ?? product.catalogs?.[0],
        options.categoryId ?? product.categories?.[0],
        false
      )

/** The link of a catalog invitation; its token is what the accepting page captures. */
export const catalogInvitationPath = (token: string): string => `catalogs/accept/${encodeURIComponent(token)}`

/** The query of the product list: first page, 15 items, with the current catalog and category carried over. */
export const productListQuery = (options: {
  readonly searchString: string
  readonly catalogId?: string | undefined
  readonly categoryId?: string | undefined
}): Readonly<Record<string, string>> => ({
  searchString: options.searchString,
  page: "1",
  items: "15",
  ...(options.catalogId ? { catalogId: options.catalogId } : {}),
  ...(options.categoryId ? { categoryId: options.categoryId } : {})
})
