import { Context, type Effect, type Option } from "effect"
import type { OrgId } from "../organisations/Organisation.ts"
import type { VersionConflict } from "../shared/Errors.ts"
import type { Catalog, Category, LocalText, Product } from "./Catalog.ts"

/** A catalog as stored, without its identity and bookkeeping. */
export type CatalogRecord = Omit<Catalog, "id" | "owned" | "version" | "createdAt" | "updatedAt">

/** A new category: its catalog, names, image, parent and the parent's path (empty for a root). */
export interface CategoryRecord {
  readonly catalogId: string
  readonly name: LocalText
  readonly image: string | null
  readonly parentId: string | null
  readonly parentPath: ReadonlyArray<string>
}

/** A product as stored, without its identity and bookkeeping. */
export type ProductRecord = Omit<Product, "id" | "owned" | "version" | "createdAt" | "updatedAt">

/**
 * Which catalogs a list takes: the organisation's own, the public ones of every organisation, or the other
 * organisations' catalogs it is a member of (it accepted an invitation to them), which it reads and never writes.
 */
export type CatalogScope = "own" | "public" | "member"

/**
 * A product search as the repository runs it: the query's folded words (`searchWords`), the text as typed for the
 * English stemmer, and the SKU it would be when it is one.
 */
export interface ProductSearch {
  readonly words: ReadonlyArray<string>
  readonly text: string
  readonly sku: string
}

/** What a product list narrows by; an absent filter does not narrow. */
export interface ProductFilter {
  /** Products in any of these catalogs. */
  readonly catalogIds?: ReadonlyArray<string> | undefined
  /** Products in any of these categories (a category and its sub-categories, as the use case resolves them). */
  readonly categoryIds?: ReadonlyArray<string> | undefined
  /** Bounds of the unit price with taxes. */
  readonly priceMin?: number | undefined
  readonly priceMax?: number | undefined
  readonly brands?: ReadonlyArray<string> | undefined
  /** Sellers (`soldBy`). */
  readonly suppliers?: ReadonlyArray<string> | undefined
  /** Unless true, only products that are available. */
  readonly includeOutOfStock?: boolean | undefined
  readonly search?: ProductSearch | undefined
}

/**
 * The order of a product list: by name (English, then Arabic, then id); by price or brand either way (then
 * name); or, for a search, by rank: an exact SKU hit first, then products holding every word of the query, then
 * English stem hits, then trigram similarity (broken Arabic plurals), each tier by similarity then name.
 */
export type ProductSort = "name" | "priceAsc" | "priceDesc" | "brandAsc" | "brandDesc" | "rank"

export interface ProductQuery extends ProductFilter {
  readonly sort: ProductSort
  readonly offset: number
  readonly limit: number
  /** How many products the filter matches, when the caller has counted them: a storage may choose its plan by it. */
  readonly matching?: number | undefined
  /**
   * A mark of the same filter and order (`markList`) at or before `offset`, still current: a storage may start
   * reading the list from it rather than from its start. The page is the same with or without it.
   */
  readonly from?: ProductListMark | undefined
}

/**
 * A place in a products list: the product at `position` (counted from 1) in the list's order, by its sort keys as
 * the storage compares them. Marks every thousand products let a page deep in a long list be read from the mark
 * before it, as a page near its start is, instead of reading every product before it.
 */
export interface ProductListMark {
  readonly position: number
  readonly keys: ReadonlyArray<string>
}

/** How many of the matching products carry each brand and each seller. */
export interface ProductFacets {
  readonly brands: ReadonlyArray<{ readonly value: string; readonly count: number }>
  readonly suppliers: ReadonlyArray<{ readonly value: string; readonly count: number }>
}

/**
 * Where catalogs, categories and products are kept. Every call is made for one organisation: it reads its own
 * rows and, where a call says so, the public catalogs of every organisation with their categories and public
 * products, and the catalogs it is a member of with their categories and products; it writes only its own.
 * Deleted products are never found, listed or counted.
 */
export interface CatalogRepositoryShape {
  readonly insertCatalog: (orgId: OrgId, record: CatalogRecord) => Effect.Effect<Catalog>
  /** One of the organisation's catalogs, or a public or member catalog of another organisation (`owned` false). */
  readonly findCatalog: (orgId: OrgId, id: string) => Effect.Effect<Option.Option<Catalog>>
  readonly updateCatalog: (
    orgId: OrgId,
    id: string,
    record: CatalogRecord,
    expectedVersion: number
  ) => Effect.Effect<Option.Option<Catalog>, VersionConflict>
  /** A page of catalogs by name, and how many there are in the scope. */
  readonly listCatalogs: (
    orgId: OrgId,
    scope: CatalogScope,
    offset: number,
    limit: number
  ) => Effect.Effect<{ readonly catalogs: ReadonlyArray<Catalog>; readonly totalCount: number }>

  /** Stores a category under its parent, its path the parent's with its own id. */
  readonly insertCategory: (orgId: OrgId, record: CategoryRecord) => Effect.Effect<Category>
  /** A category of the organisation's catalogs or of a public catalog. */
  readonly findCategory: (orgId: OrgId, id: string) => Effect.Effect<Option.Option<Category>>
  /** Renames a category or changes its image at the version read. */
  readonly updateCategory: (
    orgId: OrgId,
    id: string,
    fields: { readonly name: LocalText; readonly image: string | null },
    expectedVersion: number
  ) => Effect.Effect<Option.Option<Category>, VersionConflict>
  /**
   * Moves a category under another parent (null: to the root) at the version read: its path and every
   * descendant's take the new parent's path in place of the old one.
   */
  readonly moveCategory: (
    orgId: OrgId,
    id: string,
    parentId: string | null,
    parentPath: ReadonlyArray<string>,
    expectedVersion: number
  ) => Effect.Effect<Option.Option<Category>, VersionConflict>
  /** How many sub-categories and live products a category has. */
  readonly categoryUsage: (
    orgId: OrgId,
    id: string
  ) => Effect.Effect<{ readonly children: number; readonly products: number }>
  /** Deletes a category of the organisation; false when there is none. */
  readonly deleteCategory: (orgId: OrgId, id: string) => Effect.Effect<boolean>
  /**
   * The categories of a catalog (or of every catalog the organisation reads in the scope, without one) in path
   * order: under a parent when one is named (its direct children), else all of them.
   */
  readonly listCategories: (
    orgId: OrgId,
    query: {
      readonly catalogId?: string | undefined
      readonly parentId?: string | null | undefined
      readonly offset: number
      readonly limit: number
    }
  ) => Effect.Effect<{ readonly categories: ReadonlyArray<Category>; readonly totalCount: number }>
  /** The ids of a category and all its descendants. */
  readonly subtreeIds: (orgId: OrgId, id: string) => Effect.Effect<ReadonlyArray<string>>

  /**
   * The highest number among the organisation's SKUs of the form `PRD-<digits>`, 0 when none. Asked in the
   * transaction that then writes, it makes a concurrent taker of the next SKU wait until that transaction ends.
   */
  readonly highestSkuNumber: (orgId: OrgId) => Effect.Effect<number>
  readonly insertProduct: (orgId: OrgId, record: ProductRecord) => Effect.Effect<Product>
  /** A live product of the organisation, or a public one of another, or one of a catalog it is a member of. */
  readonly findProduct: (orgId: OrgId, id: string) => Effect.Effect<Option.Option<Product>>
  /**
   * The organisation that keeps a product the organisation may read (its own, a public one of another, or one of a
   * catalog it is a member of), for
   * reading the product's files where they are kept; none when it may not read it.
   */
  readonly productOwner: (orgId: OrgId, id: string) => Effect.Effect<Option.Option<OrgId>>
  /**
   * Another live product of the organisation (not `exceptId`) with this SKU, ignoring case. Asked in the
   * transaction that then writes, it makes a concurrent writer of the same SKU wait until that transaction ends.
   */
  readonly findBySku: (orgId: OrgId, sku: string, exceptId: string | null) => Effect.Effect<Option.Option<Product>>
  readonly updateProduct: (
    orgId: OrgId,
    id: string,
    record: ProductRecord,
    expectedVersion: number
  ) => Effect.Effect<Option.Option<Product>, VersionConflict>
  /** Marks a product deleted (its SKU becomes free); false when there is no live product of that id. */
  readonly deleteProduct: (orgId: OrgId, id: string) => Effect.Effect<boolean>
  /**
   * A page of the organisation's products (and other organisations' public ones and member catalogs' ones when the
   * filter names catalogs).
   */
  readonly listProducts: (orgId: OrgId, query: ProductQuery) => Effect.Effect<ReadonlyArray<Product>>
  readonly countProducts: (orgId: OrgId, filter: ProductFilter) => Effect.Effect<number>
  /**
   * Every `every`th product of a list without a search, in its order (positions `every`, 2 × `every`, …): marks a
   * later `listProducts` of the same filter and order may start from while no product has changed.
   */
  readonly markList: (
    orgId: OrgId,
    list: ProductFilter & { readonly sort: ProductSort },
    every: number
  ) => Effect.Effect<ReadonlyArray<ProductListMark>>
  /** The brands and sellers of the matching products, most products first, at most 100 of each. */
  readonly facets: (orgId: OrgId, filter: ProductFilter) => Effect.Effect<ProductFacets>
}

/** Port: where catalogs, categories and products are kept. */
export class CatalogRepository extends Context.Service<CatalogRepository, CatalogRepositoryShape>()(
  "@tawreed/core/catalog/CatalogRepository"
) {}
