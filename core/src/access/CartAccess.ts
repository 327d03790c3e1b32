/** What the organisation allows for buying from carts (SPEC.md §6). */
export interface CartSettings {
  /** The RFQ module is enabled. */
  readonly rfqEnabled: boolean
  /** `orders.enableDirectOrder`. */
  readonly directOrderEnabled: boolean
  /** `adminConfig.canSourceFromPublicCatalog`. */
  readonly canSourceFromPublicCatalog: boolean
  /** `requests.showPrices`. */
  readonly showPrices?: boolean | undefined
}

/** The header's cart buttons show only if RFQ or direct ordering is enabled. */
export const showCartButtons = (s: CartSettings): boolean => s.rfqEnabled || s.directOrderEnabled

/** The public cart also needs sourcing from the public catalog. */
export const showPublicCartButton = (s: CartSettings): boolean => showCartButtons(s) && s.canSourceFromPublicCatalog

/** Order-cart actions need direct order enabled and a product that allows direct ordering. */
export const canAddToOrderCart = (
  s: CartSettings,
  product: { readonly allowDirectOrder?: boolean | undefined }
): boolean => s.directOrderEnabled && product.allowDirectOrder === true

/** RFQ actions need RFQ enabled and a product that allows RFQs. */
export const canAddToRfqCart = (s: CartSettings, product: { readonly allowRFQ?: boolean | undefined }): boolean =>
  s.rfqEnabled && product.allowRFQ === true

/**
 * A price shows only for a non-manual item that has one, and only when public-catalog sourcing is allowed or the
 * requests module shows prices (SPEC.md §5).
 */
export const isPriceVisible = (
  s: CartSettings,
  item: { readonly manualProduct?: boolean | undefined; readonly price?: unknown }
): boolean =>
  item.manualProduct !== true &&
  item.price !== undefined &&
  item.price !== null &&
  (s.canSourceFromPublicCatalog || s.showPrices === true)
